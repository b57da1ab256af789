//! Users and the organisation (spec §3). Common fields are checked by
//! [`super::check_record`], which also requires the organisation's id to be the caller's.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::fields::{Email, Feature, Flag, Granularity, Name, Num, Text, TimeOfDay, Whole};
use super::{Kind, RecordError};

/// Fields that would carry a secret; passwords are set only through invite and reset links.
pub const SECRET_FIELDS: [&str; 2] = ["password", "passwordHash"];

/// A user. Required: name and email (spec §5).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub name: Name,
    pub email: Email,
    /// A file name in `profile-pictures`.
    pub image: Option<Text>,
    /// Permission strings; `*.*` grants all.
    pub permissions: Option<Vec<Text>>,
    /// Pending 0, accepted 1 (spec §4).
    pub invitation_status: Option<Whole<0, 1>>,
    pub accepted_terms_version: Option<Text>,
}

impl Kind for User {
    /// A record carrying a password is refused; an empty one (a client's blank form field) is dropped.
    fn screen(record: &Map<String, Value>) -> Result<(), RecordError> {
        for field in SECRET_FIELDS {
            match record.get(field) {
                None | Some(Value::Null) => {}
                Some(Value::String(text)) if text.is_empty() => {}
                Some(_) => return Err(RecordError::new(field, "passwords cannot be set through sync")),
            }
        }
        Ok(())
    }

    fn tidy(data: &mut Map<String, Value>) {
        for field in SECRET_FIELDS {
            data.remove(field);
        }
    }
}

/// The organisation. Required: name (Company Name) and email (spec §5). Which fields a
/// member may change is decided by [`crate::organization::apply_organization_patch`].
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Organization {
    pub name: Name,
    pub email: Email,
    pub phone: Option<Text>,
    pub country: Option<Text>,
    pub province: Option<Text>,
    pub city: Option<Text>,
    pub postal_code: Option<Text>,
    pub address: Option<Text>,
    pub background_color: Option<Text>,
    pub logo: Option<Text>,
    pub letter_head: Option<Text>,
    pub landscape_letter_head: Option<Text>,
    pub letter_head_height: Option<Num>,
    pub letter_head_width: Option<Num>,
    pub landscape_letter_head_height: Option<Num>,
    pub landscape_letter_head_width: Option<Num>,
    pub allow_marketing_emails: Option<Flag>,
    pub show_billing: Option<Flag>,
    pub show_site_selector: Option<Flag>,
    pub manual_billing: Option<Flag>,
    pub has_set_up_billing: Option<Flag>,
    pub active: Option<Flag>,
    pub last_date_minimum_granularity: Option<Granularity>,
    pub work_day_start_time: Option<TimeOfDay>,
    pub work_day_end_time: Option<TimeOfDay>,
    pub enabled_features: Option<Vec<Feature>>,
    pub plan: Option<Text>,
    pub trial_ends_at: Option<Text>,
    /// The payment provider's word for the subscription (`active`, `past_due`, `canceled`, ...),
    /// kept by the server from the provider's events; unset before the first subscription.
    pub subscription_status: Option<Text>,
}

impl Kind for Organization {
    fn screen(record: &Map<String, Value>) -> Result<(), RecordError> {
        if record.get("deleted") == Some(&Value::Bool(true)) {
            return Err(RecordError::new("deleted", "the organization cannot be deleted"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::records::check_record;
    use crate::sync_kind::SyncKind;

    const ORG: &str = "0000000000000000000000000000000a";
    const USER: &str = "1111111111111111111111111111111b";

    fn user(extra: Value) -> Value {
        let mut record = json!({"id": USER, "orgId": ORG, "lastUpdated": "2026-11-22T10:00:00Z", "name": "Ann", "email": " ann@fire.ca ",
                                "permissions": ["*.*"], "invitationStatus": 0});
        record.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        record
    }

    fn error(kind: SyncKind, record: Value) -> String {
        check_record(kind, ORG, &record).unwrap_err().to_string()
    }

    #[test]
    fn users_never_carry_passwords() {
        assert_eq!(error(SyncKind::Users, user(json!({"password": "hunter22"}))), "password: passwords cannot be set through sync");
        assert_eq!(
            error(SyncKind::Users, user(json!({"passwordHash": "$argon2id$..."}))),
            "passwordHash: passwords cannot be set through sync"
        );
        let blank = check_record(SyncKind::Users, ORG, &user(json!({"password": "", "passwordHash": null}))).unwrap().data;
        assert!(blank.get("password").is_none() && blank.get("passwordHash").is_none(), "{blank}");
        assert_eq!(blank["email"], "ann@fire.ca", "emails are stored trimmed");
    }

    #[test]
    fn user_fields_are_typed() {
        assert_eq!(error(SyncKind::Users, user(json!({"email": "ann"}))), "email: is not a valid email address");
        assert_eq!(error(SyncKind::Users, user(json!({"permissions": "*.*"}))), "permissions: must be a list");
        assert_eq!(error(SyncKind::Users, user(json!({"permissions": ["*.*", 3]}))), "permissions[1]: must be text");
        assert_eq!(error(SyncKind::Users, user(json!({"invitationStatus": 2}))), "invitationStatus: must be a whole number from 0 to 1");
    }

    #[test]
    fn the_organization_is_the_callers_own() {
        let org = json!({"id": ORG, "orgId": ORG, "lastUpdated": "2026-11-22T10:00:00Z", "name": "Acme", "email": "ops@acme.ca", "enabledFeatures": ["BILLING"]});
        assert!(check_record(SyncKind::Organization, ORG, &org).is_ok());
        let mut other = org.clone();
        other["id"] = json!(USER);
        assert_eq!(error(SyncKind::Organization, other), "id: does not match your organization");
        let mut gone = org.clone();
        gone["deleted"] = json!(true);
        assert_eq!(error(SyncKind::Organization, gone), "deleted: the organization cannot be deleted");
        let mut feature = org.clone();
        feature["enabledFeatures"] = json!(["TELEPORT"]);
        assert!(error(SyncKind::Organization, feature).starts_with("enabledFeatures[0]: must be one of SERVICE_MONTHS"));
    }
}
