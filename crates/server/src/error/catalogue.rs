//! Every error code the API answers with, each made by one named constructor, so the list can
//! be read in one place. The codes of the spec's error catalogue (§8) come first. The general
//! codes (BadRequest, Forbidden, NotFound) take the case's own message (`mod.rs`).

use axum::http::StatusCode;

use super::ApiError;

/// The error catalogue of spec §8.
impl ApiError {
    /// The access token's session has ended (logout, a new password): the app gets a new token
    /// and tries once more.
    pub fn access_token_blacklisted() -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, "AccessTokenBlackListed", "The access token has been revoked")
    }

    /// The refresh token was spent, revoked or never issued: the app clears the session.
    pub fn refresh_token_deleted_or_fake() -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, "RefreshTokenDeletedOrFake", "Refresh token deleted or fake")
    }

    /// A login request the server cannot read.
    pub fn login_failed() -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, "LoginFailed", "Login Failed")
    }

    /// Sign-up with an email another account already uses.
    pub fn sign_up_failed() -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "SignUpFailed", "Sign-Up Failed. Ensure the email is not already is use.")
    }
}

/// Who is calling, signing in and joining.
impl ApiError {
    pub fn not_signed_in() -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, "Unauthorized", "Sign in first: no access token was sent")
    }

    pub fn user_no_longer_exists() -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, "Unauthorized", "This user no longer exists")
    }

    pub fn metrics_token_needed() -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, "Unauthorized", "Send the metrics token: Authorization: Bearer <FIELDTAG_METRICS_TOKEN>")
    }

    pub fn invalid_access_token() -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, "InvalidAccessToken", "The access token is not valid or has expired")
    }

    pub fn credentials_not_valid() -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, "CredentialsNotValid", "Credentials are not valid")
    }

    pub fn no_refresh_token() -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, "NoRefreshToken", "No refresh token on file")
    }

    pub fn too_many_login_attempts() -> ApiError {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "TooManyLoginAttempts",
            "Too many failed login attempts. Please wait 15 minutes and try again.",
        )
    }

    /// The user's permissions do not let them sign in to the app asking; `message` says what would.
    pub fn login_not_allowed(message: &str) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, "LoginNotAllowed", message)
    }

    /// The password was set, but the user may not sign in to the app asking; `message` says where they may.
    pub fn password_set_login_not_allowed(message: &str) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, "PasswordSetLoginNotAllowed", message)
    }

    pub fn invalid_link_token() -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, "InvalidLinkToken", "This link is invalid or has expired. Ask for a new one.")
    }

    pub fn already_joined() -> ApiError {
        ApiError::new(
            StatusCode::CONFLICT,
            "AlreadyJoined",
            "This user has already joined. They can choose a new password with 'Forgot Password' on the login screen.",
        )
    }

    pub fn email_in_use() -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "EmailInUse", "Another account already uses this email")
    }

    pub fn terms_not_accepted() -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "TermsNotAccepted", "You must agree to the terms and conditions")
    }
}

/// Requests the API cannot take as sent.
impl ApiError {
    pub fn method_not_allowed(method: &str, path: &str) -> ApiError {
        ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "MethodNotAllowed", format!("{method} is not allowed on {path}"))
    }

    pub fn payload_too_large() -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "PayloadTooLarge", "The body is too large")
    }

    pub fn not_json() -> ApiError {
        ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "UnsupportedMediaType",
            "Send the body as JSON with the header Content-Type: application/json",
        )
    }

    /// A request axum refused before a handler saw it, with axum's status and words.
    pub fn rejected(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError::new(status, "BadRequest", message)
    }

    /// A value the domain's rules refuse.
    pub fn validation_failed(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "ValidationFailed", message)
    }

    /// A sync cursor of the server as it was before it was restored from a backup.
    pub fn server_epoch_changed() -> ApiError {
        ApiError::new(
            StatusCode::CONFLICT,
            "ServerEpochChanged",
            "The server was restored from a backup since this cursor was given: download everything again from cursor 0",
        )
    }

    /// A CSV import whose organisation changed under each of its checks.
    pub fn organization_kept_changing() -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "Conflict", "The organisation kept changing while the file was checked; try again")
    }

    pub fn import_unavailable() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "ImportUnavailable",
            "This server has no safety scan app configured (FIELDTAG_SAFETY_SCAN_URL)",
        )
    }

    pub fn geocoding_off() -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "GeocodingOff", "This server has no geocoder configured (FIELDTAG_GEOCODER_URL)")
    }

    /// Every PDF slot is taken and the queue is full (`FIELDTAG_REPORT_JOBS`, `FIELDTAG_REPORT_QUEUE`).
    pub fn reports_busy(message: String) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "ReportsBusy", message)
    }

    pub fn geocoder_busy() -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "GeocoderBusy", "Too many addresses are waiting for the geocoder; try again shortly")
    }

    /// The geocoder could not be reached or gave no usable answer (logged with the cause).
    pub fn geocoder_failed(source: anyhow::Error) -> ApiError {
        ApiError {
            source: Some(source),
            ..ApiError::new(StatusCode::BAD_GATEWAY, "GeocoderFailed", "The geocoder did not answer; the map is not available now")
        }
    }

    pub fn log_too_large() -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "LogTooLarge", "A log may be at most 16 KiB")
    }

    pub fn too_many_logs() -> ApiError {
        ApiError::new(StatusCode::TOO_MANY_REQUESTS, "TooManyLogs", "Too many logs from this address: try again in an hour")
    }

    pub fn too_many_sync_streams(limit: usize) -> ApiError {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "TooManyStreams",
            format!("At most {limit} live sync streams may be open per user: close another tab or device"),
        )
    }

    pub fn live_sync_full() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "LiveSyncFull",
            "This server holds as many live sync streams as it may: sync every minute instead",
        )
    }

    pub fn too_many_demos() -> ApiError {
        ApiError::new(StatusCode::TOO_MANY_REQUESTS, "TooManyDemos", "Too many demo organisations were opened: try again in an hour")
    }

    /// A throw-away demo organisation keeps no files (nothing deletes them with it).
    pub fn demo_stores_no_files() -> ApiError {
        ApiError::forbidden("A demo organisation cannot store files")
    }
}

/// Files and their signed links.
impl ApiError {
    pub fn invalid_file_link() -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, "InvalidSignature", "This file link is not valid: ask for a new one")
    }

    pub fn file_link_expired() -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, "SignedUrlExpired", "This file link has expired: ask for a new one")
    }

    pub fn file_too_large(limit_mib: usize) -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "FileTooLarge", format!("The file is larger than the limit of {limit_mib} MiB"))
    }

    /// The bytes are not of the image type the link was made for; `message` says which.
    pub fn wrong_file_type(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, "WrongFileType", message)
    }

    pub fn unreadable_image(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, "UnreadableImage", message)
    }

    pub fn file_exists() -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "FileExists", "This file has already been uploaded: ask for a new upload link")
    }
}

/// Subscriptions and payments.
impl ApiError {
    /// A write of an organisation whose subscription is inactive.
    pub fn subscription_inactive() -> ApiError {
        ApiError::new(
            StatusCode::PAYMENT_REQUIRED,
            "SubscriptionInactive",
            "Your subscription has been canceled. Reactivate it to make changes; your data can still be viewed and exported.",
        )
    }

    pub fn manual_billing() -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "ManualBilling", "Billing for this organization is handled manually.")
    }

    pub fn billing_not_set_up() -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "BillingNotSetUp", "Billing has not been set up yet. Start your subscription first.")
    }

    pub fn payment_provider_error() -> ApiError {
        ApiError::new(StatusCode::BAD_GATEWAY, "PaymentProviderError", "The payment provider could not be reached. Please try again later.")
    }

    /// A webhook call whose signature does not hold; `message` says why.
    pub fn invalid_webhook_signature(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "InvalidSignature", message)
    }
}

/// Reports.
impl ApiError {
    /// The name in `/api/reports/{name}` is none of the reports; the message lists them.
    pub fn unknown_report(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "UnknownReport", message)
    }

    /// A report's `locationId` is no site of the caller's organisation.
    pub fn site_not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "SiteNotFound", message)
    }
}

/// Faults of the server itself (see [`ApiError::internal`]).
impl ApiError {
    /// A write that found the disk full: the database rolled back, the file store kept no part.
    pub(super) fn disk_full() -> ApiError {
        ApiError::new(StatusCode::INSUFFICIENT_STORAGE, "DiskFull", DISK_FULL_MESSAGE)
    }

    /// The database dropped or refused the connection (restarting, say).
    pub(super) fn database_unavailable() -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "DatabaseUnavailable", DATABASE_UNAVAILABLE_MESSAGE)
    }

    pub(super) fn server_error() -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "ServerError", "Server error")
    }
}

pub const DISK_FULL_MESSAGE: &str = "The server's disk is full; nothing was saved. Try again once space has been freed.";
pub const DATABASE_UNAVAILABLE_MESSAGE: &str = "The database is unavailable right now; try again in a moment.";
