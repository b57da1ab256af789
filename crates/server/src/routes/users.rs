//! Sign-up, password resets, invite links and setting a password from a link.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, header::AUTHORIZATION};
use fieldtag_domain::email::{email_key, normalize_email};
use fieldtag_domain::organization::{NewOrganization, PLANS};
use fieldtag_domain::permissions::{Permission, grants};
use fieldtag_domain::user::{TERMS_VERSION, accepted_invitation, new_owner_record};
use fieldtag_store::{ClaimRefusal, Limit, SetPasswordRefusal, StoreError, UserTokenPurpose, new_id, now_millis};
use serde::{Deserialize, Serialize};

use crate::auth::Session;
use crate::auth::client_app::{ClientApp, permissions_of};
use crate::auth::password_links::{self, RESET_VALID_MINUTES, invite_link, invite_mail, reset_link};
use crate::auth::passwords::{check_new_password, hash_password};
use crate::auth::sign_in::{LoginAnswer, start_session};
use crate::auth::tokens::hash_opaque_token;
use crate::demo::is_throw_away;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::files::names::{Folder, StoredName};
use crate::state::AppState;

/// Reset mails one address may receive per hour, so the form cannot be used to flood a mailbox.
pub const RESETS_PER_HOUR: i64 = 5;
/// Reset requests one client may make per hour, whatever the emails: no flooding many mailboxes.
pub const RESET_REQUESTS_PER_CLIENT_HOUR: i64 = 30;
const HOUR_MILLIS: i64 = 60 * 60 * 1000;
const MAX_NAME_CHARS: usize = 200;
const RESET_SENT: &str = "If this email matched an account, a link was sent to reset your password.";

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SignUpRequest {
    name: Option<String>,
    email: Option<String>,
    password: Option<String>,
    organization_name: Option<String>,
    /// Basic or Enterprise.
    plan: Option<String>,
    allow_marketing_emails: Option<bool>,
    /// The terms version the user agreed to on the form: required, the current one ('1.0.1').
    accepted_terms_version: Option<String>,
}

/// A required text field: present and not blank once trimmed.
fn required(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// Creates an organisation and its first user, who holds every permission, and logs them in.
#[utoipa::path(post, path = "/api/users", tag = "auth", request_body = SignUpRequest,
    responses(
        (status = 200, body = LoginAnswer),
        (status = 400, description = "'Please fill out all fields', 'Email is not valid', 'You must agree to the terms and conditions', ...", body = ErrorBody),
        (status = 409, description = "'Sign-Up Failed. Ensure the email is not already is use.'", body = ErrorBody),
    ))]
pub async fn sign_up(State(state): State<AppState>, Json(request): Json<SignUpRequest>) -> ApiResult<Json<LoginAnswer>> {
    let fields = (
        required(&request.name),
        required(&request.email),
        required(&request.password),
        required(&request.organization_name),
        required(&request.plan),
    );
    let (Some(name), Some(email), Some(password), Some(organization_name), Some(plan)) = fields else {
        return Err(ApiError::bad_request("Please fill out all fields"));
    };
    // The form requires agreement to the terms (spec §5); so does the server.
    if required(&request.accepted_terms_version) != Some(TERMS_VERSION) {
        return Err(ApiError::terms_not_accepted());
    }
    let email = normalize_email(email).ok_or_else(|| ApiError::bad_request("Email is not valid"))?;
    if !PLANS.contains(&plan) {
        return Err(ApiError::bad_request(format!("Plan must be one of {}", PLANS.join(", "))));
    }
    if name.chars().count() > MAX_NAME_CHARS || organization_name.chars().count() > MAX_NAME_CHARS {
        return Err(ApiError::bad_request(format!("Names must be at most {MAX_NAME_CHARS} characters")));
    }
    check_new_password(password)?;
    let password_hash = hash_password(password.to_string()).await?;

    let now = jiff::Timestamp::now();
    let (org_id, user_id) = (new_id(), new_id());
    let organization = NewOrganization {
        id: &org_id,
        name: organization_name,
        email: &email,
        plan,
        allow_marketing_emails: request.allow_marketing_emails.unwrap_or(false),
        manual_billing: !state.billing.enabled(),
        demo: false,
        now,
    }
    .to_record();
    let user = new_owner_record(&user_id, &org_id, name, &email, Some(TERMS_VERSION), now);
    match state.store.create_organization_with_owner(&organization, &user, &email_key(&email), &password_hash).await {
        Err(StoreError::Conflict) => {
            return Err(ApiError::sign_up_failed());
        }
        other => other?,
    }
    tracing::info!(org_id, user_id, "organization signed up");
    start_session(&state, &org_id, user, ClientApp::Web).await.map(Json)
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct ResetPasswordRequest {
    email: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct MessageAnswer {
    message: String,
}

/// Sends a password-reset link when the email has an account. Answers the same either way.
#[utoipa::path(post, path = "/api/users/reset-password", tag = "auth", request_body = ResetPasswordRequest,
    responses((status = 200, body = MessageAnswer), (status = 400, description = "'Enter your email address'", body = ErrorBody)))]
pub async fn reset_password(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Json(request): Json<ResetPasswordRequest>,
) -> ApiResult<Json<MessageAnswer>> {
    let email = required(&request.email).ok_or_else(|| ApiError::bad_request("Enter your email address"))?;
    let key = email_key(email);
    let client = state.client_address.of(peer.ip(), &headers);
    // Mail goes out in the background so the answer's timing says nothing about the account.
    tokio::spawn(async move {
        if let Err(error) = send_reset_link(&state, &key, client).await {
            tracing::error!(code = error.code, message = %error.message, "password reset mail failed");
        }
    });
    Ok(Json(MessageAnswer { message: RESET_SENT.into() }))
}

async fn send_reset_link(state: &AppState, key: &str, client: std::net::IpAddr) -> ApiResult<()> {
    let Some(identity) = state.store.identity_by_email(key).await? else {
        return Ok(());
    };
    let Some(user) = state.store.user(&identity.org_id, &identity.user_id).await? else {
        return Ok(());
    };
    // A throw-away demo sends no mail: its user records may name anyone.
    if is_throw_away(&state.store, &identity.org_id).await? {
        return Ok(());
    }
    // Taken before the mail is made, so parallel requests cannot send more than the limit.
    let since_millis = now_millis() - HOUR_MILLIS;
    let (email_limit, client_limit) = (format!("reset:{key}"), format!("reset-addr:{client}"));
    let limits = [
        Limit { key: &email_limit, max: RESETS_PER_HOUR, since_millis },
        Limit { key: &client_limit, max: RESET_REQUESTS_PER_CLIENT_HOUR, since_millis },
    ];
    if state.store.take_attempt(&limits).await?.is_none() {
        tracing::warn!(user_id = identity.user_id, "password reset refused: too many this hour");
        return Ok(());
    }
    let link = reset_link(&state.store, &state.public_url, &identity.org_id, &identity.user_id).await?;
    let email = user["email"].as_str().unwrap_or(key);
    let body = format!(
        "Hello {},\n\nSomeone asked to reset your Fieldtag password. To choose a new one, open this link within {RESET_VALID_MINUTES} minutes:\n\n{link}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.\n",
        user["name"].as_str().unwrap_or("there")
    );
    state.mailer.send(email, "Reset your Fieldtag password", &body).await;
    Ok(())
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteLink {
    invite_link: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct InviteLinkAnswer {
    data: InviteLink,
}

/// A link the user opens to set their password and join (SETTINGS_WRITE), answered and mailed
/// to the user. Only for a user who has not joined yet; a new link revokes the earlier ones.
#[utoipa::path(post, path = "/api/users/{id}/invite-link", tag = "auth", security(("bearer" = [])),
    params(("id" = String, Path, description = "A user of the caller's organisation")),
    responses((status = 200, body = InviteLinkAnswer), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "AlreadyJoined, or EmailInUse", body = ErrorBody)))]
pub async fn create_invite_link(
    State(state): State<AppState>,
    session: Session,
    Path(user_id): Path<String>,
) -> ApiResult<Json<InviteLinkAnswer>> {
    session.require(Permission::SettingsWrite)?;
    let not_found = || ApiError::not_found("User not found");
    let user = state.store.user(&session.org_id, &user_id).await?.ok_or_else(not_found)?;
    let email = user["email"]
        .as_str()
        .and_then(normalize_email)
        .ok_or_else(|| ApiError::bad_request("The user needs a valid email before they can be invited"))?;
    match state.store.claim_user(&session.org_id, &user_id, Some(&email_key(&email))).await? {
        Ok(()) => {}
        // A record of this organisation naming another organisation's user leads nowhere.
        Err(ClaimRefusal::IdOfAnotherOrganization) => return Err(not_found()),
        Err(ClaimRefusal::EmailInUse) => {
            return Err(ApiError::email_in_use());
        }
    }
    let identity = state.store.identity(&session.org_id, &user_id).await?.ok_or_else(not_found)?;
    if identity.has_joined() {
        return Err(ApiError::already_joined());
    }
    let invite_link = invite_link(&state.store, &state.public_url, &session.org_id, &user_id).await?;
    let organization = state.store.organization(&session.org_id).await?;
    let organization_name = organization.as_ref().and_then(|o| o["name"].as_str()).unwrap_or("your organisation").to_string();
    let name = user["name"].as_str().unwrap_or("there").to_string();
    let (subject, body) = invite_mail(&name, password_links::Invitation::Added { organization: &organization_name }, &invite_link);
    // Mailed as well as shown (but never from a throw-away demo, whose user records may name
    // anyone); the answer does not wait for the mail server.
    if !is_throw_away(&state.store, &session.org_id).await? {
        let mailer = state.mailer.clone();
        tokio::spawn(async move { mailer.send(&email, subject, &body).await });
    }
    Ok(Json(InviteLinkAnswer { data: InviteLink { invite_link } }))
}

/// The token of an invite or reset link, sent as the bearer.
fn link_token(headers: &HeaderMap) -> ApiResult<String> {
    headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, token)| token.trim().to_string())
        .ok_or_else(ApiError::invalid_link_token)
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Invitation {
    organization_name: String,
    /// A signed link to read the organisation's logo, when it has one.
    logo_url: Option<String>,
    /// The user may sign in to the phone app only (MOBILE_LOGIN without WEB_LOGIN): the page
    /// tells them to install the app on their phone.
    phone_only: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct InvitationAnswer {
    data: Invitation,
}

/// What the invited user's first screen shows before they have a session: the name and logo
/// of the organisation that invited them, and whether they sign in on the phone app only. The live invite token (as the bearer) is the only
/// credential, and it tells nothing else; a reset token is refused like a spent one.
#[utoipa::path(get, path = "/api/users/{userId}/invitation", tag = "auth", security(("bearer" = [])),
    params(("userId" = String, Path, description = "The user the invite link was made for")),
    responses((status = 200, body = InvitationAnswer),
        (status = 401, description = "InvalidLinkToken: not a live invite token of this user", body = ErrorBody)))]
pub async fn invitation(
    State(state): State<AppState>,
    Path(user_id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<InvitationAnswer>> {
    let token_hash = hash_opaque_token(&link_token(&headers)?);
    let link = state
        .store
        .live_user_token(&token_hash)
        .await?
        .filter(|link| link.user_id == user_id && link.purpose == UserTokenPurpose::Invite)
        .ok_or_else(ApiError::invalid_link_token)?;
    let organization = state.store.organization(&link.org_id).await?.ok_or_else(ApiError::invalid_link_token)?;
    let logo = organization["logo"].as_str().filter(|name| !name.is_empty());
    let logo = logo.and_then(|name| StoredName::parse_file_name(name).or_else(|_| StoredName::parse(Folder::Logos.as_str(), name)).ok());
    let logo_url = match logo {
        Some(file) => Some(state.files.read_url(&link.org_id, &file).await.map_err(ApiError::internal)?),
        None => None,
    };
    let organization_name = organization["name"].as_str().unwrap_or_default().to_string();
    let permissions = state.store.user(&link.org_id, &user_id).await?.map(|user| permissions_of(&user)).unwrap_or_default();
    let phone_only = grants(&permissions, Permission::MobileLogin) && !grants(&permissions, Permission::WebLogin);
    Ok(Json(InvitationAnswer { data: Invitation { organization_name, logo_url, phone_only } }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetPasswordRequest {
    password: Option<String>,
}

/// Sets a password with the token of an invite or reset link (as the bearer),
/// accepts the invitation and logs the user in. Earlier sessions end.
#[utoipa::path(patch, path = "/api/users/{userId}", tag = "auth", security(("bearer" = [])),
    params(("userId" = String, Path, description = "The user the link was made for")),
    request_body = SetPasswordRequest,
    responses((status = 200, body = LoginAnswer), (status = 400, body = ErrorBody), (status = 401, description = "The link is invalid, spent or expired", body = ErrorBody),
        (status = 403, description = "PasswordSetLoginNotAllowed: the password is set, but the user may not sign in to this app", body = ErrorBody),
        (status = 409, description = "AlreadyJoined: an invite link for a user who has joined since", body = ErrorBody)))]
pub async fn set_password(
    State(state): State<AppState>,
    Path(user_id): Path<String>,
    headers: HeaderMap,
    Json(request): Json<SetPasswordRequest>,
) -> ApiResult<Json<LoginAnswer>> {
    let token = link_token(&headers)?;
    let app = ClientApp::of(&headers)?;
    let password = required(&request.password).ok_or_else(|| ApiError::bad_request("Please fill out all fields"))?;
    check_new_password(password)?;
    let token_hash = hash_opaque_token(&token);
    // The token names its user and organisation; the path must name the same user.
    let link =
        state.store.live_user_token(&token_hash).await?.filter(|link| link.user_id == user_id).ok_or_else(ApiError::invalid_link_token)?;
    let user = state.store.user(&link.org_id, &user_id).await?.ok_or_else(ApiError::invalid_link_token)?;
    let password_hash = hash_password(password.to_string()).await?;
    let accepted = accepted_invitation(&user, jiff::Timestamp::now());
    match state.store.set_password_with_token(&link, &token_hash, &password_hash, &accepted).await? {
        Ok(()) => {}
        Err(SetPasswordRefusal::InvalidToken) => return Err(ApiError::invalid_link_token()),
        Err(SetPasswordRefusal::AlreadyJoined) => return Err(ApiError::already_joined()),
    }
    // The password is kept either way; only the session depends on the app.
    let permissions = permissions_of(&accepted);
    if app.check_may_sign_in(&permissions).is_err() {
        let other = if app == ClientApp::Web { ClientApp::Mobile } else { ClientApp::Web };
        let message = match other.check_may_sign_in(&permissions) {
            Ok(()) if other == ClientApp::Mobile => {
                "Your password is set. Your account may sign in only to the phone app: install Fieldtag on your phone and sign in there."
            }
            Ok(()) => "Your password is set. Your account may sign in only to the web app: open Fieldtag in a browser and sign in there.",
            Err(_) => {
                "Your password is set, but your account may not sign in yet. Ask an administrator for the Web Login or Mobile Login permission."
            }
        };
        return Err(ApiError::password_set_login_not_allowed(message));
    }
    start_session(&state, &link.org_id, accepted, app).await.map(Json)
}
