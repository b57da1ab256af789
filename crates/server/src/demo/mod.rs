//! A living demo organisation — a login, customers, sites, equipment, services, history, an
//! open deficiency and visits — for `fieldtag seed-demo` and for POST /api/demo. Every record
//! goes through the same checks as a sync upload.

mod records;

use std::sync::Arc;

use fieldtag_domain::email::email_key;
use fieldtag_domain::organization::NewOrganization;
use fieldtag_domain::records::check_record;
use fieldtag_domain::user::{TERMS_VERSION, new_owner_record};
use fieldtag_store::{IncomingRecord, Store, StoreError, SyncOutcome, new_id};
use jiff::Timestamp;
use serde_json::Value;

use crate::sync_upload::KindRules;

pub use records::demo_records;

/// The demo's name, as its users see it.
pub const DEMO_ORGANIZATION_NAME: &str = "Northwind Fire & Safety";

/// Who owns the demo, and whether it is a throw-away one (deleted with its records after a day).
pub struct DemoOwner<'a> {
    pub name: &'a str,
    /// Already normalised.
    pub email: &'a str,
    pub password_hash: &'a str,
    pub throw_away: bool,
}

/// The organisation seeded, and its owner's record.
pub struct SeededDemo {
    pub org_id: String,
    pub owner: Value,
}

#[derive(Debug, thiserror::Error)]
pub enum SeedError {
    #[error("{0} already has an account")]
    EmailInUse(String),
    #[error("demo {kind} record is invalid: {message}")]
    Invalid { kind: &'static str, message: String },
    #[error("demo {kind} {id} was not stored: {outcome}")]
    NotStored { kind: &'static str, id: String, outcome: String },
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Creates the demo organisation, its owner and its records.
pub async fn seed_demo(store: &Store, owner: &DemoOwner<'_>, now: Timestamp) -> Result<SeededDemo, SeedError> {
    let (org_id, user_id) = (new_id(), new_id());
    let organization = NewOrganization {
        id: &org_id,
        name: DEMO_ORGANIZATION_NAME,
        email: owner.email,
        plan: "Enterprise",
        allow_marketing_emails: false,
        // Never a payment provider's customer: checkout refuses an organisation billed by hand.
        manual_billing: true,
        demo: owner.throw_away,
        now,
    }
    .to_record();
    let owner_record = new_owner_record(&user_id, &org_id, owner.name, owner.email, Some(TERMS_VERSION), now);
    match store.create_organization_with_owner(&organization, &owner_record, &email_key(owner.email), owner.password_hash).await {
        Err(StoreError::Conflict) => return Err(SeedError::EmailInUse(owner.email.to_string())),
        other => other?,
    }
    let mut batch = Vec::new();
    for (kind, record) in demo_records(&org_id, &user_id, now) {
        let checked = check_record(kind, &org_id, &record).map_err(|e| SeedError::Invalid { kind: kind.key(), message: e.to_string() })?;
        batch.push(IncomingRecord::new(kind, checked));
    }
    let outcomes = store.apply_sync_batch(&org_id, batch.clone(), Arc::new(KindRules)).await?;
    if let Some((record, outcome)) = batch.iter().zip(&outcomes).find(|(_, o)| !matches!(o, SyncOutcome::Accepted { .. })) {
        return Err(SeedError::NotStored { kind: record.kind.key(), id: record.id.clone(), outcome: format!("{outcome:?}") });
    }
    Ok(SeededDemo { org_id, owner: owner_record })
}

/// Whether an organisation is a throw-away demo: it sends no mail and stores no files.
pub async fn is_throw_away(store: &Store, org_id: &str) -> Result<bool, StoreError> {
    Ok(store.organization(org_id).await?.is_some_and(|organization| organization["demo"] == Value::Bool(true)))
}
