//! What happens to equipment (spec §3): history records (with their checklist answers and
//! field changes) and deficiencies. Common fields are checked by [`super::check_record`].

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::fields::{Date, HexId, MAX_PHOTOS, MaybeDate, Name, PhotoName, Reference, Text};
use super::{Context, Kind, RecordError};
use crate::history_type::HistoryType;

/// A history record. Required: date, description (spec §5), equipmentId and type.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HistoryRecord {
    pub date: Date,
    pub description: Name,
    pub equipment_id: HexId,
    #[serde(rename = "type")]
    pub kind: HistoryType,
    pub location_id: HexId,
    pub happened_at_location_id: Option<Reference>,
    pub user_id: Option<Reference>,
    /// The record the event is about (a service type, a deficiency, another item).
    pub relevant_id: Option<Text>,
    pub changes: Option<Changes>,
    pub questionnaire_answers: Option<Vec<QuestionnaireAnswer>>,
    /// Photos of the event, named by the device (at most ten).
    pub photos: Option<Vec<PhotoName>>,
}

impl HistoryRecord {
    /// The service a performed service's record (and its checklist) is about.
    pub fn service_type_id(&self) -> &str {
        service_type_of(self.relevant_id.as_ref().map(|id| id.0.as_str()).unwrap_or_default())
    }
}

/// The service type a performed service's history record names in its `relevantId`: the
/// performed service's id, `{equipmentId}-{serviceTypeId}`, or the service type's own.
pub fn service_type_of(relevant_id: &str) -> &str {
    relevant_id.rsplit_once('-').map_or(relevant_id, |(_, service_type)| service_type)
}

/// A data change: the values before and after.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Changes {
    pub before: Option<Value>,
    pub after: Option<Value>,
}

/// One checklist answer kept with the history record of the service.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuestionnaireAnswer {
    pub question: Option<Text>,
    pub multiple_choice_answer: Option<Text>,
    pub text_answer: Option<Text>,
    pub question_id: Option<Reference>,
    pub history_record_id: Option<Reference>,
    /// Photos taken with the answer (at most ten).
    pub photos: Option<Vec<PhotoName>>,
}

/// A record's (or an answer's) photos, at `at`: at most ten.
pub(crate) fn check_photos(at: &str, photos: Option<&Vec<PhotoName>>) -> Result<(), RecordError> {
    match photos {
        Some(photos) if photos.len() > MAX_PHOTOS => {
            Err(RecordError::new(format!("{at}[{MAX_PHOTOS}]"), format!("at most {MAX_PHOTOS} photos per record")))
        }
        _ => Ok(()),
    }
}

impl Kind for HistoryRecord {
    fn rules(&self, context: &Context) -> Result<(), RecordError> {
        for (index, answer) in self.questionnaire_answers.iter().flatten().enumerate() {
            if answer.history_record_id.as_ref().is_some_and(|id| !id.0.is_empty() && id.0 != context.id) {
                return Err(RecordError::new(format!("questionnaireAnswers[{index}].historyRecordId"), "must be the id of this record"));
            }
            check_photos(&format!("questionnaireAnswers[{index}].photos"), answer.photos.as_ref())?;
        }
        check_photos("photos", self.photos.as_ref())
    }
}

/// A deficiency, open while dateClosed is empty. Required: description, dateOpened
/// (spec §5) and equipmentId.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Deficiency {
    pub description: Name,
    pub date_opened: Date,
    pub equipment_id: HexId,
    pub location_id: HexId,
    pub date_closed: Option<MaybeDate>,
    pub service_type_id: Option<Reference>,
    pub happened_at_location_id: Option<Reference>,
    /// Photos of the fault, named by the device (at most ten).
    pub photos: Option<Vec<PhotoName>>,
}

impl Kind for Deficiency {
    fn rules(&self, _context: &Context) -> Result<(), RecordError> {
        check_photos("photos", self.photos.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::records::check_record;
    use crate::sync_kind::SyncKind;

    const ORG: &str = "0000000000000000000000000000000a";
    const SITE: &str = "1111111111111111111111111111111b";
    const ITEM: &str = "2222222222222222222222222222222c";
    const ID: &str = "3333333333333333333333333333333d";

    fn history(extra: Value) -> Value {
        let mut record = json!({"id": ID, "orgId": ORG, "lastUpdated": "2026-11-22T10:00:00Z", "locationId": SITE, "equipmentId": ITEM,
                                "date": "2026-11-22T09:00:00-05:00", "description": "Annual service", "type": 2});
        record.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        record
    }

    fn error(kind: SyncKind, record: Value) -> String {
        check_record(kind, ORG, &record).unwrap_err().to_string()
    }

    #[test]
    fn history_types_are_those_of_the_spec() {
        for kind in 2..=12 {
            assert!(check_record(SyncKind::History, ORG, &history(json!({"type": kind}))).is_ok(), "{kind}");
        }
        assert_eq!(error(SyncKind::History, history(json!({"type": 1}))), "type: must be a whole number from 2 to 12");
        assert_eq!(error(SyncKind::History, history(json!({"type": "custom"}))), "type: must be a whole number from 2 to 12");
    }

    #[test]
    fn answers_and_changes_are_typed() {
        let answers = json!({"questionnaireAnswers": [{"question": "Pin?", "multipleChoiceAnswer": "Yes", "questionId": ITEM, "historyRecordId": ID}],
                             "changes": {"before": {"name": "A"}, "after": {"name": "B"}}});
        assert!(check_record(SyncKind::History, ORG, &history(answers)).is_ok());
        let elsewhere = json!({"questionnaireAnswers": [{"textAnswer": "ok", "historyRecordId": ITEM}]});
        assert_eq!(error(SyncKind::History, history(elsewhere)), "questionnaireAnswers[0].historyRecordId: must be the id of this record");
        assert_eq!(
            error(SyncKind::History, history(json!({"questionnaireAnswers": [{"textAnswer": 5}]}))),
            "questionnaireAnswers[0].textAnswer: must be text"
        );
        assert_eq!(error(SyncKind::History, history(json!({"changes": "renamed"}))), "changes: must be an object");
    }

    #[test]
    fn a_deficiency_is_open_while_date_closed_is_empty() {
        let deficiency = json!({"id": ID, "orgId": ORG, "lastUpdated": "2026-11-22T10:00:00Z", "locationId": SITE, "equipmentId": ITEM,
                                "description": "Gauge in the red", "dateOpened": "2026-11-20", "dateClosed": ""});
        assert!(check_record(SyncKind::Deficiencies, ORG, &deficiency).is_ok());
        let mut closed = deficiency.clone();
        closed["dateClosed"] = json!("soon");
        assert!(error(SyncKind::Deficiencies, closed).starts_with("dateClosed: must be a date"));
    }
}
