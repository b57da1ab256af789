//! Global alerts (spec §1, §3): banners an operator adds with `fieldtag alerts`. They come
//! down with every sync but a client may never upload one.

use serde::{Deserialize, Serialize};

use super::RecordError;
use super::fields::{HexId, Name, Text};

/// One banner as it comes down.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GlobalAlert {
    pub id: HexId,
    /// How the banner looks (e.g. info, warning).
    #[serde(rename = "type")]
    pub kind: Option<Text>,
    pub message: Name,
}

/// The answer to a client that uploads an alert.
pub fn refusal() -> RecordError {
    RecordError::new("globalAlerts", "are download only: an operator adds them with `fieldtag alerts`")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::records::check_record;
    use crate::sync_kind::SyncKind;

    #[test]
    fn alerts_cannot_be_uploaded() {
        let id = "0000000000000000000000000000000a";
        let alert = json!({"id": id, "orgId": id, "type": "info", "message": "Maintenance tonight", "lastUpdated": "2026-11-22T10:00:00Z"});
        let error = check_record(SyncKind::GlobalAlerts, id, &alert).unwrap_err();
        assert_eq!(error.field, "globalAlerts");
        assert!(error.message.contains("download only"), "{error}");
        let read: GlobalAlert = serde_json::from_value(alert).unwrap();
        assert_eq!(read.message, Name("Maintenance tonight".into()));
    }
}
