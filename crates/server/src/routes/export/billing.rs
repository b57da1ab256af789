//! Billing counts per SKU for a period: the moves the server billed when it recorded them, and
//! the services performed, counted from the synced history.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use fieldtag_domain::history_type::HistoryType;
use fieldtag_domain::permissions::Permission;
use fieldtag_domain::records::activity::service_type_of;
use fieldtag_domain::records::services::ServiceType;
use fieldtag_domain::records::stored::{AsText, Stored};
use fieldtag_domain::sync_kind::SyncKind;
use fieldtag_store::{Store, now_stamp};
use jiff::civil::Date;
use jiff::tz::TimeZone;
use serde::{Deserialize, Serialize};

use super::{EXPORT_PAGE, today};
use crate::auth::OrgSession;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::Query;
use crate::routes::download::attachment;
use crate::state::AppState;

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct BillingQuery {
    /// First day, YYYY-MM-DD; default the first day of endDate's month, or of this month.
    start_date: Option<String>,
    /// Last day (included), YYYY-MM-DD; default the last day of startDate's month, or of this month.
    end_date: Option<String>,
}

/// Billable counts of one SKU.
#[derive(Serialize, Default, Clone, Copy, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BillingCounts {
    pub transfers: i64,
    pub swaps: i64,
    pub replacements: i64,
    pub services: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BillingItem {
    /// The model's SKU (moves) or the service type's (services); null when it has none.
    pub sku: Option<String>,
    #[serde(flatten)]
    pub counts: BillingCounts,
}

/// The billing export of a period.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BillingExport {
    pub organization_id: String,
    pub start_date: String,
    pub end_date: String,
    pub generated_at: String,
    /// One line per SKU, by SKU; the line without a SKU last.
    pub items: Vec<BillingItem>,
    pub totals: BillingCounts,
}

fn parse_day(name: &str, text: &str) -> ApiResult<Date> {
    let shaped = text.len() == 10 && text.char_indices().all(|(i, c)| if i == 4 || i == 7 { c == '-' } else { c.is_ascii_digit() });
    let refuse = || ApiError::bad_request(format!("{name} must be a date written YYYY-MM-DD, e.g. 2026-11-01 (got '{text}')"));
    if !shaped {
        return Err(refuse());
    }
    text.parse::<Date>().map_err(|_| refuse())
}

/// The period asked for: both days given, one (the other from its month) or none (this month).
fn period(query: &BillingQuery, today: Date) -> ApiResult<(Date, Date)> {
    let start = query.start_date.as_deref().map(|text| parse_day("startDate", text)).transpose()?;
    let end = query.end_date.as_deref().map(|text| parse_day("endDate", text)).transpose()?;
    let (start, end) = match (start, end) {
        (Some(start), Some(end)) => (start, end),
        (Some(start), None) => (start, start.last_of_month()),
        (None, Some(end)) => (end.first_of_month(), end),
        (None, None) => (today.first_of_month(), today.last_of_month()),
    };
    if start > end {
        return Err(ApiError::bad_request(format!("startDate ({start}) must not be after endDate ({end})")));
    }
    Ok((start, end))
}

/// Unix milliseconds of a day's first instant, in UTC.
fn day_start_ms(day: Date) -> ApiResult<i64> {
    Ok(day.to_zoned(TimeZone::UTC).map_err(ApiError::internal)?.timestamp().as_millisecond())
}

/// The fields of a history record the service count reads: only these are read, for a whole
/// organisation's history passes through here.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct HistoryLine<'a> {
    #[serde(rename = "type")]
    kind: Option<HistoryType>,
    #[serde(borrow)]
    date: Option<Cow<'a, str>>,
    #[serde(borrow)]
    relevant_id: Option<Cow<'a, str>>,
}

/// Every page of a kind, deleted records too when asked, handed to `each` one by one.
async fn each_record(
    store: &Store,
    org_id: &str,
    kind: SyncKind,
    with_deleted: bool,
    mut each: impl FnMut(&str) -> ApiResult<()>,
) -> ApiResult<()> {
    let mut after = String::new();
    loop {
        let page = store.records_page(org_id, kind.key(), &after, EXPORT_PAGE, with_deleted).await?;
        for record in &page {
            each(&record.data)?;
        }
        match page.last() {
            Some(last) if page.len() as i64 == EXPORT_PAGE => after = last.id.clone(),
            _ => return Ok(()),
        }
    }
}

/// Performed services dated in the period, per service type SKU: the server records no
/// billing event for a service, so they are counted from the synced history (a performed or
/// unscheduled service record; its `relevantId` is the performed service's
/// `equipmentId-serviceTypeId`, or the service type's id).
async fn services_per_sku(store: &Store, org_id: &str, from_ms: i64, until_ms: i64) -> ApiResult<HashMap<Option<String>, i64>> {
    // Deleted service types too: a service done before its type was deleted is still billed.
    let mut skus: HashMap<String, Option<String>> = HashMap::new();
    each_record(store, org_id, SyncKind::ServiceTypes, true, |data| {
        match serde_json::from_str::<Stored<ServiceType>>(data) {
            Ok(service_type) => {
                let sku = Some(service_type.sku.as_text().trim()).filter(|sku| !sku.is_empty()).map(str::to_string);
                skus.insert(service_type.id, sku);
            }
            // It passed the same check on its way in; its services are counted without a SKU.
            Err(error) => tracing::warn!(org_id, %error, "a stored service type does not read"),
        }
        Ok(())
    })
    .await?;
    let mut counts: HashMap<Option<String>, i64> = HashMap::new();
    each_record(store, org_id, SyncKind::History, false, |data| {
        let line: HistoryLine = serde_json::from_str(data).map_err(ApiError::internal)?;
        if !line.kind.is_some_and(HistoryType::is_performed_service) {
            return Ok(());
        }
        let Some(at) = line.date.as_deref().and_then(|date| date.parse::<jiff::Timestamp>().ok()) else {
            return Ok(());
        };
        if !(from_ms..until_ms).contains(&at.as_millisecond()) {
            return Ok(());
        }
        let service_type_id = service_type_of(line.relevant_id.as_deref().unwrap_or_default());
        let sku = skus.get(service_type_id).cloned().flatten();
        *counts.entry(sku).or_default() += 1;
        Ok(())
    })
    .await?;
    Ok(counts)
}

/// Billing counts for a period (SETTINGS_READ), per SKU: transfers, swaps and replacements as
/// the server billed them when it recorded them, and services performed in the period. Days
/// are UTC days; `endDate` is included. A JSON download named
/// 'Billing Data - {startDate} - {endDate}.json'.
#[utoipa::path(get, path = "/api/organizations/{orgId}/export/billing", tag = "export", security(("bearer" = [])),
    params(("orgId" = String, Path, description = "The caller's organisation"), BillingQuery),
    responses(
        (status = 200, body = BillingExport, description = "The counts, as a download"),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn export_billing(
    State(state): State<AppState>,
    OrgSession(session): OrgSession,
    Query(query): Query<BillingQuery>,
) -> ApiResult<Response> {
    session.require(Permission::SettingsRead)?;
    let (start, end) = period(&query, today())?;
    let from_ms = day_start_ms(start)?;
    let until_ms = day_start_ms(end.tomorrow().map_err(ApiError::internal)?)?;

    let mut per_sku: BTreeMap<Option<String>, BillingCounts> = BTreeMap::new();
    for event in state.store.billing_event_counts(&session.org_id, from_ms, until_ms).await? {
        let counts = per_sku.entry(event.sku).or_default();
        match event.event.as_str() {
            "transfer" => counts.transfers += event.count,
            "swap" => counts.swaps += event.count,
            "replace" => counts.replacements += event.count,
            other => tracing::warn!(event = other, "a billing event of an unknown name is not exported"),
        }
    }
    for (sku, count) in services_per_sku(&state.store, &session.org_id, from_ms, until_ms).await? {
        per_sku.entry(sku).or_default().services += count;
    }

    let mut totals = BillingCounts::default();
    let mut items: Vec<BillingItem> = Vec::with_capacity(per_sku.len());
    for (sku, counts) in per_sku {
        totals.transfers += counts.transfers;
        totals.swaps += counts.swaps;
        totals.replacements += counts.replacements;
        totals.services += counts.services;
        items.push(BillingItem { sku, counts });
    }
    // BTreeMap puts None first; the line without a SKU reads best last.
    let without_sku_first = items.first().is_some_and(|item| item.sku.is_none());
    items.rotate_left(usize::from(without_sku_first));

    let generated_at = now_stamp();
    let export = BillingExport {
        organization_id: session.org_id.clone(),
        start_date: start.to_string(),
        end_date: end.to_string(),
        generated_at,
        items,
        totals,
    };
    let body = serde_json::to_vec_pretty(&export).map_err(ApiError::internal)?;
    let file_name = format!("Billing Data - {start} - {end}.json");
    Ok((
        [(header::CONTENT_TYPE, HeaderValue::from_static("application/json")), (header::CONTENT_DISPOSITION, attachment(&file_name)?)],
        body,
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(start: Option<&str>, end: Option<&str>) -> BillingQuery {
        BillingQuery { start_date: start.map(str::to_string), end_date: end.map(str::to_string) }
    }

    fn day(text: &str) -> Date {
        text.parse().unwrap()
    }

    #[test]
    fn the_period_defaults_to_a_whole_month() {
        let today = day("2026-02-14");
        assert_eq!(period(&query(None, None), today).unwrap(), (day("2026-02-01"), day("2026-02-28")));
        assert_eq!(period(&query(Some("2026-03-05"), None), today).unwrap(), (day("2026-03-05"), day("2026-03-31")));
        assert_eq!(period(&query(None, Some("2026-04-10")), today).unwrap(), (day("2026-04-01"), day("2026-04-10")));
        assert_eq!(period(&query(Some("2026-01-01"), Some("2026-01-01")), today).unwrap(), (day("2026-01-01"), day("2026-01-01")));
    }

    #[test]
    fn bad_periods_are_refused() {
        let today = day("2026-02-14");
        for (start, end) in
            [(Some("2026-1-01"), None), (None, Some("2026-02-30")), (Some("01/02/2026"), None), (Some("2026-01-01T00:00"), None)]
        {
            assert!(period(&query(start, end), today).is_err(), "{start:?} {end:?}");
        }
        assert!(period(&query(Some("2026-03-02"), Some("2026-03-01")), today).is_err());
    }
}
