//! The organisation record (spec §3): what sign-up creates and what an
//! administrator may change through `PATCH /organizations/{orgId}`.

use serde_json::{Map, Value, json};

use crate::email::normalize_email;
use crate::time::format_stamp;

/// Plans a company can sign up for (spec §1, §9).
pub const PLANS: [&str; 2] = ["Basic", "Enterprise"];
/// Optional features an organisation can enable (spec §1).
pub const FEATURES: [&str; 5] = ["SERVICE_MONTHS", "BILLING", "WHITE_LABEL", "LOCATION_OVERRIDES", "SITE_TYPES"];
/// Choices for how precisely a last-performed date is shown and entered.
pub const GRANULARITIES: [&str; 5] = ["year", "month", "day", "hour", "minute"];
/// Months of free trial from sign-up.
pub const TRIAL_MONTHS: i8 = 3;

const TEXT_FIELDS: [&str; 13] = [
    "name",
    "email",
    "phone",
    "country",
    "province",
    "city",
    "postalCode",
    "address",
    "backgroundColor",
    "logo",
    "letterHead",
    "landscapeLetterHead",
    "lastDateMinimumGranularity",
];
const TIME_FIELDS: [&str; 2] = ["workDayStartTime", "workDayEndTime"];
const DIMENSION_FIELDS: [&str; 4] = ["letterHeadHeight", "letterHeadWidth", "landscapeLetterHeadHeight", "landscapeLetterHeadWidth"];
/// `analyticsDisabled`: the organisation's off switch for analytics (docs/analytics.md); absent is off.
const FLAG_FIELDS: [&str; 5] = ["allowMarketingEmails", "showBilling", "showSiteSelector", "hasSetUpBilling", "analyticsDisabled"];
/// Set by the server (sign-up, billing); a client may echo them back unchanged.
const SERVER_FIELDS: [&str; 9] = ["id", "orgId", "active", "manualBilling", "plan", "trialEndsAt", "subscriptionStatus", "deleted", "demo"];
/// Bookkeeping a client may send that the server replaces.
const IGNORED_FIELDS: [&str; 2] = ["lastUpdated", "hasBeenChangedLocally"];
const MAX_TEXT_CHARS: usize = 1000;

/// The new organisation record that sign-up stores.
pub struct NewOrganization<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub email: &'a str,
    pub plan: &'a str,
    pub allow_marketing_emails: bool,
    /// True where no payment provider is configured: the install bills by hand.
    pub manual_billing: bool,
    /// A throw-away demo organisation (POST /api/demo): deleted with its records after a day.
    pub demo: bool,
    pub now: jiff::Timestamp,
}

impl NewOrganization<'_> {
    pub fn to_record(&self) -> Value {
        let trial_ends = self
            .now
            .to_zoned(jiff::tz::TimeZone::UTC)
            .checked_add(jiff::Span::new().months(TRIAL_MONTHS))
            .map(|zoned| zoned.timestamp())
            .unwrap_or(self.now);
        json!({
            "id": self.id,
            "orgId": self.id,
            "name": self.name,
            "email": self.email,
            "phone": null, "country": null, "province": null, "city": null, "postalCode": null, "address": null,
            "backgroundColor": null, "logo": null, "letterHead": null, "landscapeLetterHead": null,
            "letterHeadHeight": null, "letterHeadWidth": null,
            "landscapeLetterHeadHeight": null, "landscapeLetterHeadWidth": null,
            "allowMarketingEmails": self.allow_marketing_emails,
            "showBilling": false,
            "showSiteSelector": false,
            "manualBilling": self.manual_billing,
            "hasSetUpBilling": false,
            "active": true,
            "plan": self.plan,
            "trialEndsAt": format_stamp(trial_ends),
            "lastDateMinimumGranularity": "day",
            "workDayStartTime": null,
            "workDayEndTime": null,
            "enabledFeatures": [],
            "demo": self.demo,
            "lastUpdated": format_stamp(self.now),
            "deleted": false,
        })
    }
}

/// Why a change to the organisation was refused: the field and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct OrganizationFieldError {
    pub field: String,
    pub message: String,
}

fn field_error(field: &str, message: impl Into<String>) -> OrganizationFieldError {
    OrganizationFieldError { field: field.to_string(), message: message.into() }
}

/// Applies an administrator's changes to the stored organisation record.
pub fn apply_organization_patch(
    current: &Value,
    patch: &Map<String, Value>,
    now: jiff::Timestamp,
) -> Result<Value, OrganizationFieldError> {
    let mut updated = current.as_object().cloned().unwrap_or_default();
    for (field, value) in patch {
        let field = field.as_str();
        if IGNORED_FIELDS.contains(&field) {
            continue;
        }
        if SERVER_FIELDS.contains(&field) {
            if current.get(field) != Some(value) {
                return Err(field_error(field, format!("{field} cannot be changed")));
            }
            continue;
        }
        let checked = if TEXT_FIELDS.contains(&field) {
            check_text(field, value)?
        } else if TIME_FIELDS.contains(&field) {
            check_time(field, value)?
        } else if DIMENSION_FIELDS.contains(&field) {
            check_dimension(field, value)?
        } else if FLAG_FIELDS.contains(&field) {
            value.as_bool().map(Value::Bool).ok_or_else(|| field_error(field, format!("{field} must be true or false")))?
        } else if field == "enabledFeatures" {
            check_features(value)?
        } else {
            return Err(field_error(field, format!("Unknown field {field}")));
        };
        updated.insert(field.to_string(), checked);
    }
    check_required(&updated)?;
    updated.insert("lastUpdated".into(), Value::String(format_stamp(now)));
    Ok(Value::Object(updated))
}

fn check_text(field: &str, value: &Value) -> Result<Value, OrganizationFieldError> {
    match value {
        Value::Null => Ok(Value::Null),
        Value::String(text) if text.chars().count() > MAX_TEXT_CHARS => {
            Err(field_error(field, format!("{field} must be at most {MAX_TEXT_CHARS} characters")))
        }
        Value::String(text) if field == "email" => {
            normalize_email(text).map(Value::String).ok_or_else(|| field_error(field, "Email is not valid"))
        }
        Value::String(text) if field == "lastDateMinimumGranularity" && !GRANULARITIES.contains(&text.as_str()) => {
            Err(field_error(field, format!("lastDateMinimumGranularity must be one of {}", GRANULARITIES.join(", "))))
        }
        Value::String(text) => Ok(Value::String(text.trim().to_string())),
        _ => Err(field_error(field, format!("{field} must be text"))),
    }
}

/// Work-day times are `HH:MM`, 24-hour.
fn check_time(field: &str, value: &Value) -> Result<Value, OrganizationFieldError> {
    match value {
        Value::Null => Ok(Value::Null),
        Value::String(text) => {
            let valid = text.len() == 5
                && text.as_bytes()[2] == b':'
                && text[..2].parse::<u8>().is_ok_and(|h| h < 24)
                && text[3..].parse::<u8>().is_ok_and(|m| m < 60);
            if valid { Ok(value.clone()) } else { Err(field_error(field, format!("{field} must be a time like 06:00"))) }
        }
        _ => Err(field_error(field, format!("{field} must be a time like 06:00"))),
    }
}

fn check_dimension(field: &str, value: &Value) -> Result<Value, OrganizationFieldError> {
    match value {
        Value::Null => Ok(Value::Null),
        Value::Number(n) if n.as_f64().is_some_and(|v| v > 0.0 && v <= 100_000.0) => Ok(value.clone()),
        _ => Err(field_error(field, format!("{field} must be a positive number"))),
    }
}

fn check_features(value: &Value) -> Result<Value, OrganizationFieldError> {
    let field = "enabledFeatures";
    let items = value.as_array().ok_or_else(|| field_error(field, "enabledFeatures must be a list"))?;
    let mut features: Vec<Value> = Vec::new();
    for item in items {
        match item.as_str() {
            Some(feature) if FEATURES.contains(&feature) => {
                if !features.contains(item) {
                    features.push(item.clone());
                }
            }
            _ => return Err(field_error(field, format!("enabledFeatures may hold only {}", FEATURES.join(", ")))),
        }
    }
    Ok(Value::Array(features))
}

/// Company Name and Email are required (spec §5).
fn check_required(record: &Map<String, Value>) -> Result<(), OrganizationFieldError> {
    for (field, label) in [("name", "Company Name"), ("email", "Email")] {
        let present = record.get(field).and_then(Value::as_str).is_some_and(|text| !text.trim().is_empty());
        if !present {
            return Err(field_error(field, format!("{label} is required")));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> jiff::Timestamp {
        "2026-11-22T10:00:00Z".parse().unwrap()
    }

    fn org() -> Value {
        NewOrganization {
            id: "a".repeat(32).as_str(),
            name: "Acme Fire",
            email: "ops@acme.ca",
            plan: "Basic",
            allow_marketing_emails: false,
            manual_billing: true,
            demo: false,
            now: now(),
        }
        .to_record()
    }

    fn patch(value: Value) -> Map<String, Value> {
        value.as_object().unwrap().clone()
    }

    #[test]
    fn the_demo_mark_is_the_servers_to_set() {
        assert_eq!(org()["demo"], false);
        let refused = apply_organization_patch(&org(), &patch(json!({"demo": true})), now()).unwrap_err();
        assert_eq!(refused.field, "demo");
        assert!(apply_organization_patch(&org(), &patch(json!({"demo": false})), now()).is_ok(), "echoed back unchanged");
    }

    #[test]
    fn new_organisation_starts_a_three_month_trial() {
        let record = org();
        assert_eq!(record["trialEndsAt"], "2027-02-22T10:00:00.000Z");
        assert_eq!(record["active"], true);
        assert_eq!(record["enabledFeatures"], json!([]));
    }

    #[test]
    fn accepts_editable_fields_and_stamps_last_updated() {
        let later: jiff::Timestamp = "2026-11-23T00:00:00Z".parse().unwrap();
        let updated = apply_organization_patch(
            &org(),
            &patch(json!({"name": " Acme Fire & Safety ", "workDayStartTime": "07:30", "enabledFeatures": ["BILLING", "BILLING"], "letterHeadWidth": 1700, "showBilling": true})),
            later,
        )
        .unwrap();
        assert_eq!(updated["name"], "Acme Fire & Safety");
        assert_eq!(updated["workDayStartTime"], "07:30");
        assert_eq!(updated["enabledFeatures"], json!(["BILLING"]));
        assert_eq!(updated["lastUpdated"], "2026-11-23T00:00:00.000Z");
    }

    #[test]
    fn refuses_bad_values_naming_the_field() {
        let cases = [
            (json!({"email": "nope"}), "email", "Email is not valid"),
            (json!({"name": ""}), "name", "Company Name is required"),
            (json!({"active": false}), "active", "active cannot be changed"),
            (json!({"plan": "Gold"}), "plan", "plan cannot be changed"),
            (json!({"workDayEndTime": "25:00"}), "workDayEndTime", "workDayEndTime must be a time like 06:00"),
            (
                json!({"enabledFeatures": ["TELEPORT"]}),
                "enabledFeatures",
                "enabledFeatures may hold only SERVICE_MONTHS, BILLING, WHITE_LABEL, LOCATION_OVERRIDES, SITE_TYPES",
            ),
            (json!({"showBilling": "yes"}), "showBilling", "showBilling must be true or false"),
            (json!({"letterHeadHeight": -4}), "letterHeadHeight", "letterHeadHeight must be a positive number"),
            (json!({"colour": "red"}), "colour", "Unknown field colour"),
        ];
        for (body, field, message) in cases {
            let error = apply_organization_patch(&org(), &patch(body.clone()), now()).unwrap_err();
            assert_eq!((error.field.as_str(), error.message.as_str()), (field, message), "{body}");
        }
    }

    #[test]
    fn server_fields_may_be_echoed_unchanged() {
        let record = org();
        let echoed = patch(json!({"id": record["id"], "active": true, "plan": "Basic", "lastUpdated": "1999-01-01T00:00:00Z"}));
        assert!(apply_organization_patch(&record, &echoed, now()).is_ok());
    }
}
