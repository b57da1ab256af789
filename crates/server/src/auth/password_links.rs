//! Links that let a user choose a password: an invite link (to join) and a reset link. Each
//! carries a single-use token, stored hashed, that names its user and runs out.

use fieldtag_store::{Store, StoreError, UserTokenPurpose, now_millis};

use crate::auth::tokens::{hash_opaque_token, new_opaque_token};

/// How long an invite link lasts, whether made on the users screen or by an import.
pub const INVITE_VALID_DAYS: i64 = 7;
/// How long a password reset link lasts.
pub const RESET_VALID_MINUTES: i64 = 60;

/// A new link for `user_id` to set their password and join.
pub async fn invite_link(store: &Store, public_url: &str, org_id: &str, user_id: &str) -> Result<String, StoreError> {
    let valid_millis = INVITE_VALID_DAYS * 24 * 60 * 60 * 1000;
    new_link(store, public_url, "accept-invite", UserTokenPurpose::Invite, valid_millis, org_id, user_id).await
}

/// Why someone is invited, which the invite mail says before the link.
pub enum Invitation<'a> {
    /// An administrator of `organization` added them on the users screen.
    Added { organization: &'a str },
    /// An import brought them from the safety scan app.
    Imported,
}

/// The subject and body of the mail that carries an invite link.
pub fn invite_mail(name: &str, invitation: Invitation, link: &str) -> (&'static str, String) {
    let why = match invitation {
        Invitation::Added { organization } => format!("You were added as a member of {organization} on Fieldtag."),
        Invitation::Imported => {
            "Your organisation moved its records from the safety scan app to Fieldtag, and you were added as a member.".to_string()
        }
    };
    let body = format!("Hello {name},\n\n{why}\nChoose your password to join (the link works for {INVITE_VALID_DAYS} days):\n\n{link}\n");
    ("You are invited to Fieldtag", body)
}

/// A new link for `user_id` to choose a new password.
pub async fn reset_link(store: &Store, public_url: &str, org_id: &str, user_id: &str) -> Result<String, StoreError> {
    let valid_millis = RESET_VALID_MINUTES * 60 * 1000;
    new_link(store, public_url, "change-password", UserTokenPurpose::PasswordReset, valid_millis, org_id, user_id).await
}

async fn new_link(
    store: &Store,
    public_url: &str,
    page: &str,
    purpose: UserTokenPurpose,
    valid_millis: i64,
    org_id: &str,
    user_id: &str,
) -> Result<String, StoreError> {
    let token = new_opaque_token();
    store.create_user_token(org_id, user_id, &hash_opaque_token(&token), purpose, now_millis() + valid_millis).await?;
    Ok(format!("{public_url}/{page}?userId={user_id}&token={token}"))
}
