//! Services (spec §3): service types with their conditions, checklist questions with their
//! options, performed services and service month categories. Common fields are checked by
//! [`super::check_record`]; conditions and options are checked here, nested.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::fields::{
    Amount, ConditionType, Count, DueWhen, FieldData, Flag, FrequencyType, HexId, MaybeDate, MeteredMethod, Name, REQUIRED, Reference,
    Text, TextOrFlag, Whole,
};
use super::{Context, Kind, RecordError, check_composite_id};

/// A service type. Required: name, equipmentTypeId and dueWhen (spec §5).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServiceType {
    pub name: Name,
    pub equipment_type_id: HexId,
    pub due_when: DueWhen,
    pub frequency_type: Option<FrequencyType>,
    pub frequency: Option<Count>,
    pub unscheduled: Option<Flag>,
    pub inspection: Option<Flag>,
    pub update_on_scan: Option<Flag>,
    pub has_frequency_override: Option<Flag>,
    pub sku: Option<Text>,
    pub conditions: Option<Vec<Condition>>,
    /// Site type id to true where the service does not apply.
    pub disabled_site_types: Option<BTreeMap<String, Flag>>,
    pub advanced_service_to_change_type_id: Option<Reference>,
    /// None 0 or 1, avoid the same date 2, keep a distance 3 (spec §9).
    pub advanced_action: Option<Whole<0, 3>>,
    pub advanced_amount: Option<Count>,
}

/// When a service is due: after a time, or by a meter reading.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Condition {
    pub id: HexId,
    #[serde(rename = "type")]
    pub kind: ConditionType,
    pub time_frequency: Option<Count>,
    pub time_frequency_type: Option<FrequencyType>,
    /// The custom equipment field holding the reading.
    pub metered_field_id: Option<Reference>,
    pub metered_method: Option<MeteredMethod>,
    pub metered_amount: Option<Amount>,
    pub deleted: Option<Flag>,
    pub service_type_id: Option<Reference>,
    pub org_id: Option<Text>,
}

fn error(field: String, message: &str) -> RecordError {
    RecordError::new(field, message)
}

/// A nested record's `orgId` and parent id, when given, must match.
fn check_parent(at: &str, org_id: Option<&Text>, parent: (&str, Option<&Reference>), context: &Context) -> Result<(), RecordError> {
    if org_id.is_some_and(|org| org.0 != context.org_id) {
        return Err(error(format!("{at}.orgId"), "does not match your organization"));
    }
    let (name, id) = parent;
    match id {
        Some(id) if !id.0.is_empty() && id.0 != context.id => Err(error(format!("{at}.{name}"), "must be the id of this record")),
        _ => Ok(()),
    }
}

impl Kind for ServiceType {
    /// Spec §5: a time condition needs its frequency type and frequency, a metered one its
    /// field, method and amount; at most one time condition; an advanced action needs the
    /// other service, and keeping a distance needs the amount.
    fn rules(&self, context: &Context) -> Result<(), RecordError> {
        let mut time_conditions = 0;
        for (index, condition) in self.conditions.iter().flatten().enumerate() {
            let at = format!("conditions[{index}]");
            check_parent(&at, condition.org_id.as_ref(), ("serviceTypeId", condition.service_type_id.as_ref()), context)?;
            if condition.deleted.is_some_and(|deleted| deleted.0) {
                continue;
            }
            let missing = if condition.kind.0 == "time" {
                time_conditions += 1;
                if time_conditions > 1 {
                    return Err(error(format!("{at}.type"), "only one time condition is allowed per service type"));
                }
                [("timeFrequencyType", condition.time_frequency_type.is_none()), ("timeFrequency", condition.time_frequency.is_none())]
                    .into_iter()
                    .find(|(_, missing)| *missing)
            } else {
                [
                    ("meteredFieldId", condition.metered_field_id.as_ref().is_none_or(|id| id.0.is_empty())),
                    ("meteredMethod", condition.metered_method.is_none()),
                    ("meteredAmount", condition.metered_amount.is_none()),
                ]
                .into_iter()
                .find(|(_, missing)| *missing)
            };
            if let Some((field, _)) = missing {
                return Err(error(format!("{at}.{field}"), &format!("is required for a {} condition", condition.kind.0)));
            }
        }
        let action = self.advanced_action.map_or(0, |action| action.0);
        if action >= 2 && self.advanced_service_to_change_type_id.as_ref().is_none_or(|id| id.0.is_empty()) {
            return Err(error("advancedServiceToChangeTypeId".into(), "is required for an advanced action"));
        }
        if action == 3 && self.advanced_amount.is_none() {
            return Err(error("advancedAmount".into(), "is required when the action keeps a distance"));
        }
        Ok(())
    }
}

/// A checklist question (spec §5: its text is required).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Question {
    pub question: Name,
    pub service_type_id: Option<Reference>,
    pub allow_comments: Option<Flag>,
    /// The equipment field a text answer sets.
    pub field_to_set: Option<Text>,
    pub options: Option<Vec<QuestionOption>>,
}

/// One answer a question offers (spec §5: its description is required).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuestionOption {
    pub id: HexId,
    pub description: Option<Text>,
    pub deficiency_to_add: Option<TextOrFlag>,
    pub question_id: Option<Reference>,
    pub org_id: Option<Text>,
    pub deleted: Option<Flag>,
}

impl Kind for Question {
    fn rules(&self, context: &Context) -> Result<(), RecordError> {
        for (index, option) in self.options.iter().flatten().enumerate() {
            let at = format!("options[{index}]");
            check_parent(&at, option.org_id.as_ref(), ("questionId", option.question_id.as_ref()), context)?;
            let live = !option.deleted.is_some_and(|deleted| deleted.0);
            if live && option.description.as_ref().is_none_or(|text| text.0.trim().is_empty()) {
                return Err(error(format!("{at}.description"), REQUIRED));
            }
        }
        Ok(())
    }
}

/// When a service type was last performed on an item. Its id is `equipmentId-serviceTypeId`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PerformedService {
    pub equipment_id: HexId,
    pub service_type_id: HexId,
    pub location_id: HexId,
    pub last_date: Option<MaybeDate>,
    /// Spelled as synced.
    pub overided_next_date: Option<MaybeDate>,
    /// Markers of what moved the next date; their shape is the client's.
    pub affected_by: Option<Value>,
    /// The item's field values when the service was performed.
    pub equipment_field_data: Option<FieldData>,
}

impl Kind for PerformedService {
    fn rules(&self, context: &Context) -> Result<(), RecordError> {
        check_composite_id(context, [("equipmentId", &self.equipment_id.0), ("serviceTypeId", &self.service_type_id.0)])
    }
}

/// A service month category (spec §5: its name is required).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServiceMonthCategory {
    pub name: Name,
}

impl Kind for ServiceMonthCategory {}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::records::check_record;
    use crate::sync_kind::SyncKind;

    const ORG: &str = "0000000000000000000000000000000a";
    const TYPE: &str = "1111111111111111111111111111111b";
    const SERVICE: &str = "3333333333333333333333333333333d";
    const CONDITION: &str = "4444444444444444444444444444444e";
    const FIELD: &str = "5555555555555555555555555555555f";

    fn service(extra: Value) -> Value {
        let mut record = json!({"id": SERVICE, "orgId": ORG, "lastUpdated": "2026-11-22T10:00:00Z", "name": "Annual", "equipmentTypeId": TYPE, "dueWhen": "any"});
        record.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        record
    }

    fn error(kind: SyncKind, record: Value) -> String {
        check_record(kind, ORG, &record).unwrap_err().to_string()
    }

    fn time(extra: Value) -> Value {
        let mut condition =
            json!({"id": CONDITION, "type": "time", "timeFrequencyType": 7, "timeFrequency": 1, "serviceTypeId": SERVICE, "orgId": ORG});
        condition.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        condition
    }

    #[test]
    fn conditions_are_checked_with_their_path() {
        assert!(check_record(SyncKind::ServiceTypes, ORG, &service(json!({"conditions": [time(json!({}))]}))).is_ok());
        let missing = service(json!({"conditions": [time(json!({"timeFrequencyType": null}))]}));
        assert_eq!(error(SyncKind::ServiceTypes, missing), "conditions[0].timeFrequencyType: is required for a time condition");
        let bad = service(json!({"conditions": [time(json!({})), time(json!({"timeFrequencyType": 9}))]}));
        assert_eq!(error(SyncKind::ServiceTypes, bad), "conditions[1].timeFrequencyType: must be a whole number from 2 to 7");
        let two = service(json!({"conditions": [time(json!({})), time(json!({}))]}));
        assert_eq!(error(SyncKind::ServiceTypes, two), "conditions[1].type: only one time condition is allowed per service type");
        let deleted = service(json!({"conditions": [time(json!({"deleted": true})), time(json!({}))]}));
        assert!(check_record(SyncKind::ServiceTypes, ORG, &deleted).is_ok());
        let metered = json!({"id": CONDITION, "type": "metered", "meteredFieldId": FIELD, "meteredMethod": "every"});
        assert_eq!(
            error(SyncKind::ServiceTypes, service(json!({"conditions": [metered]}))),
            "conditions[0].meteredAmount: is required for a metered condition"
        );
        let foreign = service(json!({"conditions": [time(json!({"orgId": TYPE}))]}));
        assert_eq!(error(SyncKind::ServiceTypes, foreign), "conditions[0].orgId: does not match your organization");
        assert_eq!(error(SyncKind::ServiceTypes, service(json!({"conditions": {}}))), "conditions: must be a list");
        assert_eq!(error(SyncKind::ServiceTypes, service(json!({"conditions": ["x"]}))), "conditions[0]: must be an object");
    }

    #[test]
    fn service_type_fields() {
        assert_eq!(error(SyncKind::ServiceTypes, service(json!({"dueWhen": "some"}))), "dueWhen: must be one of all, any");
        assert_eq!(
            error(SyncKind::ServiceTypes, service(json!({"frequencyType": 8}))),
            "frequencyType: must be a whole number from 2 to 7"
        );
        assert_eq!(
            error(SyncKind::ServiceTypes, service(json!({"disabledSiteTypes": {"x": 1}}))),
            "disabledSiteTypes.x: must be true or false"
        );
        let keep_away = service(json!({"advancedAction": 3, "advancedServiceToChangeTypeId": TYPE}));
        assert_eq!(error(SyncKind::ServiceTypes, keep_away), "advancedAmount: is required when the action keeps a distance");
        let nested = service(json!({"conditions": [time(json!({"note": "kept"}))]}));
        let data = check_record(SyncKind::ServiceTypes, ORG, &nested).unwrap().data;
        assert_eq!(data["conditions"][0]["note"], "kept");
    }

    #[test]
    fn question_options_need_descriptions() {
        let question = |option: Value| json!({"id": SERVICE, "orgId": ORG, "lastUpdated": "2026-11-22T10:00:00Z", "question": "Pin in place?", "options": [option]});
        assert!(
            check_record(SyncKind::Questions, ORG, &question(json!({"id": CONDITION, "description": "Yes", "questionId": SERVICE})))
                .is_ok()
        );
        assert_eq!(
            error(SyncKind::Questions, question(json!({"id": CONDITION, "description": " "}))),
            "options[0].description: is required"
        );
        let moved = question(json!({"id": CONDITION, "description": "No", "questionId": TYPE}));
        assert_eq!(error(SyncKind::Questions, moved), "options[0].questionId: must be the id of this record");
    }

    #[test]
    fn a_performed_service_id_joins_its_equipment_and_service_type() {
        let record = json!({"id": format!("{TYPE}-{SERVICE}"), "orgId": ORG, "lastUpdated": "2026-11-22T10:00:00Z",
                            "equipmentId": TYPE, "serviceTypeId": SERVICE, "locationId": FIELD, "lastDate": "2026-11-01"});
        assert_eq!(check_record(SyncKind::PerformedServices, ORG, &record).unwrap().location_id.as_deref(), Some(FIELD));
        let mut other = record.clone();
        other["serviceTypeId"] = json!(CONDITION);
        assert!(error(SyncKind::PerformedServices, other).starts_with("id: must be equipmentId-serviceTypeId of this record"));
    }
}
