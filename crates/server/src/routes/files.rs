//! `POST /api/organizations/{orgId}/signed-urls` hands out links to upload or read an
//! image; `PUT` and `GET /api/files/{orgId}/{folder}/{name}` are those links.
//! Rules, limits and layout: docs/files.md.

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use fieldtag_domain::permissions::Permission;
use serde::{Deserialize, Serialize};

use crate::auth::{OrgSession, Session};
use crate::body_limit::{declared_length, discard, read_limited};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Json, Path, Query};
use crate::files::names::{Folder, StoredName};
use crate::files::signing::{Access, LinkError};
use crate::files::{CACHE_CONTROL, MAX_FILE_BYTES};
use crate::state::AppState;

/// What a signed link is asked for.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(tag = "action", rename_all = "lowercase")]
pub enum SignedUrlRequest {
    /// A link to upload a new image into a folder; the server names the file, unless the
    /// device named a photo or signature itself.
    #[serde(rename_all = "camelCase")]
    Write {
        /// letter-heads, logos, profile-pictures, floor-plans, photos or signatures.
        folder_name: String,
        /// image/png or image/jpeg; photos take only image/jpeg, signatures only image/png.
        content_type: String,
        /// photos and signatures only: the name the device gave the file when it was taken,
        /// `photos/{32 lowercase hex}.jpg` or `signatures/{32 lowercase hex}.png`.
        file_name: Option<String>,
    },
    /// A link to read an uploaded image.
    #[serde(rename_all = "camelCase")]
    Read {
        /// The `fileName` a write answered: `{folder}/{name}`. With `folderName`, the bare name will do.
        file_name: String,
        folder_name: Option<String>,
    },
}

/// A signed link and the file it is for.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedUrl {
    /// Send it without an Authorization header. A path on this server (`/api/files/...`, to
    /// resolve against the API's address) or, for reads from an S3 store, an absolute URL.
    /// Write links take a `PUT` of the image's bytes, read links a `GET`. Both expire
    /// (15 minutes unless configured).
    url: String,
    /// `{folder}/{name}`: what records store, and what a read asks for.
    file_name: String,
}

/// An upload that was stored.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Uploaded {
    file_name: String,
}

/// An image's bytes, as the body of an upload.
#[derive(utoipa::ToSchema)]
#[schema(value_type = String, format = Binary)]
pub struct ImageBytes(pub Vec<u8>);

/// The query of a signed link.
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LinkQuery {
    /// Unix seconds after which the link no longer works.
    expires: Option<i64>,
    /// Hex HMAC-SHA256 of the link, made by the server.
    signature: Option<String>,
}

/// Who may upload into a folder (docs/files.md).
fn check_may_write(session: &Session, folder: Folder) -> ApiResult<()> {
    match folder {
        Folder::LetterHeads | Folder::Logos => session.require(Permission::SettingsWrite),
        Folder::FloorPlans => session.require(Permission::LocationWrite),
        // A picture is inert until a user record names it, and user records are guarded by sync.
        Folder::ProfilePictures => Ok(()),
        // Photos go on deficiencies, history records and checklist answers alike.
        Folder::Photos => {
            let writers = [Permission::DeficiencyWrite, Permission::HistoryWrite, Permission::ServiceWrite];
            if writers.into_iter().any(|permission| session.can(permission)) {
                Ok(())
            } else {
                Err(ApiError::forbidden("You need the DEFICIENCY_WRITE, HISTORY_WRITE or SERVICE_WRITE permission"))
            }
        }
        Folder::Signatures => session.require(Permission::ServiceWrite),
    }
}

/// A link to upload an image or to read one. Uploading into letter-heads and logos needs
/// SETTINGS_WRITE, into floor-plans LOCATION_WRITE, into profile-pictures any user of the
/// organisation, into photos DEFICIENCY_WRITE, HISTORY_WRITE or SERVICE_WRITE, into
/// signatures SERVICE_WRITE; reading needs any user of the organisation.
#[utoipa::path(post, path = "/api/organizations/{orgId}/signed-urls", tag = "files", security(("bearer" = [])),
    params(("orgId" = String, Path, description = "The caller's organisation")),
    request_body(content = SignedUrlRequest, examples(
        ("write" = (value = json!({"action": "write", "folderName": "logos", "contentType": "image/png"}))),
        ("write a photo named by the device" = (value = json!({"action": "write", "folderName": "photos", "contentType": "image/jpeg",
            "fileName": "photos/0f3c9a1e5b7d4c2a8e6f1b3d5a7c9e0f.jpg"}))),
        ("read" = (value = json!({"action": "read", "fileName": "logos/0f3c9a1e5b7d4c2a8e6f1b3d5a7c9e0f.png"}))))),
    responses((status = 200, body = SignedUrl), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn create_signed_url(
    State(state): State<AppState>,
    OrgSession(session): OrgSession,
    Json(request): Json<SignedUrlRequest>,
) -> ApiResult<Json<SignedUrl>> {
    let org_id = session.org_id.as_str();
    let url = match request {
        SignedUrlRequest::Write { folder_name, content_type, file_name } => {
            let folder = Folder::parse(&folder_name)?;
            let image_type = folder.image_type(&content_type)?;
            let file = match file_name {
                Some(file_name) => StoredName::named_by_device(folder, image_type, &file_name)?,
                None => StoredName::new(folder, image_type),
            };
            check_may_write(&session, folder)?;
            if crate::demo::is_throw_away(&state.store, org_id).await? {
                return Err(ApiError::demo_stores_no_files());
            }
            SignedUrl { url: state.files.write_url(org_id, &file), file_name: file.file_name() }
        }
        SignedUrlRequest::Read { file_name, folder_name } => {
            let file = match folder_name {
                Some(folder) => {
                    // The fileName a write answered, or its bare name.
                    let bare = file_name.strip_prefix(&format!("{folder}/")).unwrap_or(&file_name);
                    StoredName::parse(&folder, bare)?
                }
                None => StoredName::parse_file_name(&file_name)?,
            };
            let url = state.files.read_url(org_id, &file).await.map_err(ApiError::internal)?;
            SignedUrl { url, file_name: file.file_name() }
        }
    };
    Ok(Json(url))
}

/// Checks a link's file name and signature.
fn check_link(state: &AppState, access: Access, org_id: &str, folder: &str, name: &str, link: &LinkQuery) -> ApiResult<StoredName> {
    // A link without its signature is refused before its name is looked at: an address made
    // up for another organisation learns nothing.
    let (Some(expires), Some(signature)) = (link.expires, link.signature.as_deref()) else { return Err(ApiError::invalid_file_link()) };
    let file = StoredName::parse(folder, name)?;
    match state.files.links().verify(access, org_id, &file, expires, signature, jiff::Timestamp::now().as_second()) {
        Ok(()) => Ok(file),
        Err(LinkError::BadSignature) => Err(ApiError::invalid_file_link()),
        Err(LinkError::Expired) => Err(ApiError::file_link_expired()),
    }
}

fn too_large() -> ApiError {
    ApiError::file_too_large(MAX_FILE_BYTES / (1024 * 1024))
}

/// Uploads an image through a write link: the bytes must be a PNG or JPEG image of the
/// link's type, at most 10 MiB. A refused upload stores nothing; a stored file is never replaced.
#[utoipa::path(put, path = "/api/files/{orgId}/{folder}/{name}", tag = "files",
    params(("orgId" = String, Path, description = "The organisation"),
        ("folder" = String, Path, description = "letter-heads, logos, profile-pictures, floor-plans, photos or signatures"),
        ("name" = String, Path, description = "The name the write link was made for"),
        LinkQuery),
    request_body(description = "The image's bytes, of the link's type", content((ImageBytes = "image/png"), (ImageBytes = "image/jpeg"))),
    responses((status = 200, body = Uploaded), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody), (status = 413, body = ErrorBody), (status = 415, body = ErrorBody)))]
pub async fn upload(
    State(state): State<AppState>,
    Path((org_id, folder, name)): Path<(String, String, String)>,
    Query(link): Query<LinkQuery>,
    headers: HeaderMap,
    body: Body,
) -> ApiResult<Json<Uploaded>> {
    let declared = declared_length(&headers);
    let file = match check_link(&state, Access::Write, &org_id, &folder, &name, &link) {
        Ok(file) => file,
        Err(error) => {
            discard(body, declared.unwrap_or(0)).await;
            return Err(error);
        }
    };
    let bytes = read_limited(&headers, body, MAX_FILE_BYTES, too_large).await?;
    let image_type = file.image_type;
    let kind = image_type.name();
    if !image_type.matches(&bytes) {
        return Err(ApiError::wrong_file_type(format!("The file is not a {kind} image: this link takes {}", image_type.content_type())));
    }
    if !crate::files::decode::decodes(image_type, bytes.clone()).await {
        return Err(ApiError::unreadable_image(format!("The file is not a readable {kind} image: it could not be decoded")));
    }
    match state.files.put(&org_id, &file, bytes).await.map_err(ApiError::internal)? {
        Ok(()) => Ok(Json(Uploaded { file_name: file.file_name() })),
        Err(_) => Err(ApiError::file_exists()),
    }
}

/// Reads an image through a read link, with its content type and a long cache lifetime
/// (a file name never changes content).
#[utoipa::path(get, path = "/api/files/{orgId}/{folder}/{name}", tag = "files",
    params(("orgId" = String, Path, description = "The organisation"),
        ("folder" = String, Path, description = "letter-heads, logos, profile-pictures, floor-plans, photos or signatures"),
        ("name" = String, Path, description = "The file's name"),
        LinkQuery),
    responses((status = 200, description = "The image", content_type = "image/*"), (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn download(
    State(state): State<AppState>,
    Path((org_id, folder, name)): Path<(String, String, String)>,
    Query(link): Query<LinkQuery>,
) -> ApiResult<Response> {
    let file = check_link(&state, Access::Read, &org_id, &folder, &name, &link)?;
    let bytes = state.files.get(&org_id, &file).await.map_err(ApiError::internal)?.ok_or_else(|| ApiError::not_found("File not found"))?;
    let headers = [
        (header::CONTENT_TYPE, HeaderValue::from_static(file.image_type.content_type())),
        (header::CACHE_CONTROL, HeaderValue::from_static(CACHE_CONTROL)),
    ];
    Ok((headers, bytes).into_response())
}
