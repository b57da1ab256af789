//! One uploaded record made ready for the store: the uploader may write its kind, it has its
//! kind's shape, and it is kept under a stamp the server trusts.

use fieldtag_domain::actions;
use fieldtag_domain::lww::stamp_on_receipt;
use fieldtag_domain::organization::apply_organization_patch;
use fieldtag_domain::records::{CheckedRecord, check_record};
use fieldtag_domain::sync_kind::SyncKind;
use fieldtag_store::IncomingRecord;
use serde_json::{Value, json};

use super::rules::Uploader;

/// Order of application inside a batch: sites before what stands on them.
pub fn apply_order(kind: SyncKind) -> u8 {
    match kind {
        SyncKind::Organization => 0,
        SyncKind::Locations => 1,
        _ => 2,
    }
}

/// Checks one record against the uploader's permissions and its kind's shape, and the stamp it is
/// kept under (`lww::stamp_on_receipt`): answers the record, and the new stamp if it changed.
pub fn prepare(
    uploader: &Uploader,
    kind: SyncKind,
    record: &Value,
    current_org: Option<&Value>,
    received: jiff::Timestamp,
) -> Result<(IncomingRecord, Option<String>), String> {
    // Whether some action lets the uploader write this kind at all; the store decides the rest
    // against the stored copy (CallerRules::may_write).
    let permission = kind.write_permission().ok_or_else(|| format!("{} cannot be uploaded", kind.key()))?;
    if !actions::may_write_some(uploader.permissions, kind) {
        return Err(format!("You need the {} permission", permission.constant()));
    }
    // The version a record came down with is the server's bookkeeping, not data.
    let mut record = record.clone();
    if let Some(map) = record.as_object_mut() {
        map.remove("version");
    }
    let mut checked = check_record(kind, uploader.org_id, &record).map_err(|e| e.to_string())?;
    let restamped = stamp_on_receipt(&checked.last_updated, received);
    if let Some(stamp) = &restamped {
        checked.last_updated = stamp.clone();
        checked.data["lastUpdated"] = json!(stamp);
    }
    let data = if kind == SyncKind::Organization {
        // The organisation goes through the same rules as PATCH /organizations.
        let current = current_org.ok_or("organization: not found")?;
        let changes = checked.data.as_object().cloned().unwrap_or_default();
        let mut updated =
            apply_organization_patch(current, &changes, jiff::Timestamp::now()).map_err(|e| format!("{}: {}", e.field, e.message))?;
        updated["lastUpdated"] = json!(checked.last_updated);
        updated
    } else {
        checked.data
    };
    Ok((IncomingRecord::new(kind, CheckedRecord { data, ..checked }), restamped))
}
