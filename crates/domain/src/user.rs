//! The user record (spec §3) as sign-up creates it. Passwords never live here.

use serde_json::{Value, json};

use crate::permissions::WILDCARD;
use crate::time::format_stamp;

/// The terms version a user must have accepted (spec §9).
pub const TERMS_VERSION: &str = "1.0.1";
/// Invitation statuses (spec §4).
pub const INVITATION_PENDING: i64 = 0;
pub const INVITATION_ACCEPTED: i64 = 1;

/// The first user of a new organisation: holds every permission, and has
/// accepted their invitation by choosing a password at sign-up.
pub fn new_owner_record(
    id: &str,
    org_id: &str,
    name: &str,
    email: &str,
    accepted_terms_version: Option<&str>,
    now: jiff::Timestamp,
) -> Value {
    json!({
        "id": id,
        "orgId": org_id,
        "name": name,
        "email": email,
        "image": null,
        "permissions": [WILDCARD],
        "invitationStatus": INVITATION_ACCEPTED,
        "acceptedTermsVersion": accepted_terms_version,
        "lastUpdated": format_stamp(now),
        "deleted": false,
    })
}

/// The record after its user has set a password from an invite or reset link.
pub fn accepted_invitation(user: &Value, now: jiff::Timestamp) -> Value {
    let mut accepted = user.clone();
    accepted["invitationStatus"] = json!(INVITATION_ACCEPTED);
    accepted["lastUpdated"] = json!(format_stamp(now));
    accepted
}
