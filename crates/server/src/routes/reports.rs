//! `GET /api/reports/{name}`: the eight reports of spec §7 and the visit report as a PDF or
//! CSV download (REPORT_READ). The site named by `locationId` must be the caller's organisation's.
//! Parameters, defaults and columns: docs/reports.md.

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use fieldtag_domain::permissions::Permission;
use fieldtag_reports::{ImageKind, Images, ReportError, ReportName, ReportQuery, StoredFile};

use crate::auth::Session;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Path, Query};
use crate::files::Files;
use crate::files::decode::decodes;
use crate::files::names::{Folder, StoredName};
use crate::routes::download::attachment;
use crate::state::AppState;

/// A report as a file (REPORT_READ). `output=pdf|csv` (default pdf), `layout=portrait|landscape`
/// (default portrait), `locationId` (required by inspectionReport, equipmentReport and
/// selectiveEquipmentReport; the others cover every site without it), and the report's own
/// parameters (docs/reports.md). An unknown parameter or a bad value is a 400 naming it.
#[utoipa::path(get, path = "/api/reports/{name}", tag = "reports", security(("bearer" = [])),
    params(
        ("name" = String, Path, description = "inspectionReport, equipmentReport, deficiencyReport, locationReport, selectiveEquipmentReport, equipmentDueConsolidatedReport, timeAtLocation, questionnaireReport or visitReport"),
        ("locationId" = Option<String>, Query, description = "The site; absent for a company-wide report where the report allows it"),
        ("date" = Option<String>, Query, description = "visitReport: the day, YYYY-MM-DD in the site's zone, default today"),
        ("output" = Option<String>, Query, description = "pdf (default) or csv"),
        ("layout" = Option<String>, Query, description = "portrait (default) or landscape; PDF only"),
        ("reportDate" = Option<String>, Query, description = "inspectionReport: YYYY-MM-DD, default the end of this month"),
        ("monthsOfHistory" = Option<i64>, Query, description = "inspectionReport: default 12, counted back to the start of a month"),
        ("hideAddedHistory" = Option<bool>, Query, description = "inspectionReport: default true"),
        ("serviceOrInspection" = Option<String>, Query, description = "equipmentReport: all, serviceOrInspection (default), service or inspection"),
        ("startDate" = Option<String>, Query, description = "deficiencyReport, timeAtLocation, questionnaireReport: YYYY-MM-DD, default the start of this month"),
        ("endDate" = Option<String>, Query, description = "deficiencyReport, timeAtLocation, questionnaireReport: default the end of this month; equipmentDueConsolidatedReport: default the end of this year"),
        ("equipmentIds" = Option<String>, Query, description = "selectiveEquipmentReport: comma-separated ids"),
        ("equipmentTypeIds" = Option<String>, Query, description = "selectiveEquipmentReport: comma-separated ids"),
        ("modelIds" = Option<String>, Query, description = "selectiveEquipmentReport: comma-separated ids"),
        ("serviceTypeIds" = Option<String>, Query, description = "selectiveEquipmentReport: comma-separated ids"),
        ("serviceTypeId" = Option<String>, Query, description = "questionnaireReport: only this service's checklists"),
    ),
    responses(
        (status = 200, description = "The report file, with Content-Disposition '{report name} - {site} - {date}.{pdf|csv}'", content_type = "application/pdf"),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 503, description = "ReportsBusy: as many PDFs as the server makes at once are being made and as many wait; Retry-After", body = ErrorBody)))]
pub async fn report(
    State(state): State<AppState>,
    session: Session,
    Path(name): Path<String>,
    Query(query): Query<ReportQuery>,
) -> ApiResult<Response> {
    session.require(Permission::ReportRead)?;
    let name = ReportName::parse(&name)?;
    let images = OrganizationImages { files: &state.files, org_id: &session.org_id };
    let file = fieldtag_reports::make(&state.store, &images, &state.pdf_jobs, &session.org_id, name, &query).await?;
    // Making it freed many small pieces (a PDF some tens of MB) that the allocator would keep.
    tokio::task::spawn_blocking(crate::allocator::release_free);
    let disposition = attachment(&file.file_name)?;
    Ok(([(header::CONTENT_TYPE, HeaderValue::from_static(file.content_type)), (header::CONTENT_DISPOSITION, disposition)], file.bytes)
        .into_response())
}

/// A report's letterhead or logo, from the organisation's files.
struct OrganizationImages<'a> {
    files: &'a Files,
    org_id: &'a str,
}

impl Images for OrganizationImages<'_> {
    /// A stored image by the name an organisation keeps (`{folder}/{name}` or the bare name).
    async fn image(&self, kind: ImageKind, name: &str) -> Option<Vec<u8>> {
        let folder = match kind {
            ImageKind::Letterhead => Folder::LetterHeads,
            ImageKind::Logo => Folder::Logos,
        };
        let org_id = self.org_id;
        let stored = StoredName::parse_file_name(name).or_else(|_| StoredName::parse(folder.as_str(), name)).ok()?;
        match self.files.get(org_id, &stored).await {
            // Typst fails the whole document on an image it cannot decode: such a file is left out.
            Ok(Some(bytes)) if decodes(stored.image_type, bytes.clone()).await => Some(bytes.to_vec()),
            Ok(Some(_)) => {
                tracing::warn!(org_id, file = name, "report image does not decode; printing without it");
                None
            }
            Ok(None) => {
                tracing::warn!(org_id, file = name, "report image not found; printing without it");
                None
            }
            Err(error) => {
                tracing::warn!(org_id, file = name, %error, "report image unreadable; printing without it");
                None
            }
        }
    }

    /// A record's photo or signature (`photos/…`, `signatures/…` only); the report decodes it.
    async fn file(&self, file_name: &str) -> StoredFile {
        let org_id = self.org_id;
        let stored = match StoredName::parse_file_name(file_name) {
            Ok(stored) if Folder::EVIDENCE.contains(&stored.folder) => stored,
            _ => return StoredFile::Unreadable,
        };
        match self.files.get(org_id, &stored).await {
            Ok(Some(bytes)) => StoredFile::Found(bytes.to_vec()),
            Ok(None) => StoredFile::Missing,
            Err(error) => {
                tracing::warn!(org_id, file = file_name, %error, "report photo unreadable; printing without it");
                StoredFile::Unreadable
            }
        }
    }
}

/// Each reason a report could not be made, as its answer.
impl From<ReportError> for ApiError {
    fn from(error: ReportError) -> ApiError {
        let message = error.to_string();
        match error {
            ReportError::UnknownReport { .. } => ApiError::unknown_report(message),
            ReportError::BadParameter(message) => ApiError::bad_request(message),
            ReportError::OtherOrganization => ApiError::forbidden(message),
            ReportError::SiteNotFound(_) => ApiError::site_not_found(message),
            ReportError::Busy => ApiError::reports_busy(message),
            ReportError::Store(error) => error.into(),
            ReportError::Render(error) => ApiError::internal(error),
        }
    }
}
