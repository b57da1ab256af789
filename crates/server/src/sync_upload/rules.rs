//! The checks the store makes inside the upload transaction (`UploadRules`): by each record's
//! kind, and by what the uploader may write.

use fieldtag_domain::actions;
use fieldtag_domain::billing::{BillableEvent, billable_move};
use fieldtag_domain::email::email_key;
use fieldtag_domain::sync_kind::SyncKind;
use fieldtag_store::{IncomingRecord, StoredRecord, UploadRules};

/// The store's in-transaction checks, decided by each record's kind.
pub struct KindRules;

impl UploadRules for KindRules {
    fn required_location<'a>(&self, record: &'a IncomingRecord) -> Option<&'a str> {
        if record.kind.location_scoped() { record.location_id.as_deref() } else { None }
    }

    fn login_email_key(&self, record: &IncomingRecord) -> Option<Option<String>> {
        (record.kind == SyncKind::Users).then(|| record.data["email"].as_str().filter(|_| !record.deleted).map(email_key))
    }

    fn billable_move(&self, record: &IncomingRecord) -> Option<(BillableEvent, String)> {
        if record.kind != SyncKind::History || record.deleted {
            return None;
        }
        let event = billable_move(&record.data)?;
        Some((event, record.data["equipmentId"].as_str()?.to_string()))
    }
}

/// Who uploads: their organisation, who they are and the permissions they hold.
#[derive(Debug, Clone, Copy)]
pub struct Uploader<'a> {
    pub org_id: &'a str,
    pub user_id: &'a str,
    pub permissions: &'a [String],
}

/// The upload rules of one uploader: the kind's rules, and what the uploader may write by the
/// one permission table (domain `actions`), decided against the stored copy. Owned: the store
/// may apply the upload in another task, beside others (group commit).
pub struct CallerRules {
    user_id: String,
    permissions: Vec<String>,
}

impl CallerRules {
    pub fn of(uploader: Uploader<'_>) -> CallerRules {
        CallerRules { user_id: uploader.user_id.to_string(), permissions: uploader.permissions.to_vec() }
    }
}

impl UploadRules for CallerRules {
    fn required_location<'a>(&self, record: &'a IncomingRecord) -> Option<&'a str> {
        KindRules.required_location(record)
    }

    fn login_email_key(&self, record: &IncomingRecord) -> Option<Option<String>> {
        KindRules.login_email_key(record)
    }

    fn may_write(&self, record: &IncomingRecord, stored: Option<&StoredRecord>) -> Result<(), String> {
        actions::may_write(&self.permissions, &self.user_id, record.kind, &record.data, stored.map(|s| &s.data))
    }

    fn billable_move(&self, record: &IncomingRecord) -> Option<(BillableEvent, String)> {
        KindRules.billable_move(record)
    }
}
