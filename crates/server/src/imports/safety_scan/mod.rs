//! The import from the third-party safety scan app (spec §3 Import request): fetch every page
//! the request asks for, map it onto our sync records, then write them, the tombstones of
//! `clearAllData` and the job's completion in one transaction (docs/import.md).

pub mod client;
mod mapping;

use fieldtag_domain::sync_kind::SyncKind;
use fieldtag_store::{ImportJob, ImportWrite, ImportWritten, IncomingRecord, Store, StoreError};

use client::{MAX_PAGES, Page, SafetyScanClient};
use mapping::{Existing, Mapper};

/// The `source` of these jobs in the `imports` table.
pub const SOURCE: &str = "safetyScan";

/// Records one import may hold in memory before writing them.
pub const MAX_RECORDS: usize = 200_000;

/// What `clearAllData` deletes: the organisation's sites and everything kept per site. The
/// catalogue (types, models, service types, fields, questions) and the users stay.
pub const CLEARED_KINDS: [SyncKind; 11] = [
    SyncKind::Locations,
    SyncKind::Customers,
    SyncKind::Equipment,
    SyncKind::PerformedServices,
    SyncKind::History,
    SyncKind::Deficiencies,
    SyncKind::Schedule,
    SyncKind::LocationOverrides,
    SyncKind::ServiceMonths,
    SyncKind::FloorPlans,
    SyncKind::Visits,
];

/// Why an import from the app ended without writing anything. The message is what the
/// import record's `error` shows.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("This server has no safety scan app configured (FIELDTAG_SAFETY_SCAN_URL)")]
    NotConfigured,
    #[error("The safety scan app refused the import key: check the key in the safety scan app and start the import again")]
    KeyRefused,
    #[error("Could not reach the safety scan app at {url}: {detail}")]
    Unreachable { url: String, detail: String },
    #[error("The safety scan app failed (HTTP {status}) while sending {what}; nothing was imported")]
    AppFailed { status: u16, what: String },
    #[error("The safety scan app sent {what} in a form we cannot read ({detail}); nothing was imported")]
    BadAnswer { what: String, detail: String },
    #[error("The safety scan app holds more than {MAX_RECORDS} records, more than one import can take")]
    TooLarge,
    #[error(
        "The import was interrupted {0} times before it could finish (the server running it stopped); nothing was written. Start it again."
    )]
    Interrupted(i64),
    /// Another worker took the job up after this one's lease ran out: this one stops quietly.
    #[error("the job's lease was lost")]
    LeaseLost,
    #[error("The import could not be saved (a database error); nothing was written")]
    Store(#[from] StoreError),
}

/// Pages fetched of pages known, recorded on the job as it goes.
struct Progress<'a> {
    store: &'a Store,
    job_id: &'a str,
    worker: &'a str,
    done: i64,
    total: i64,
}

impl Progress<'_> {
    /// Lists about to be read, each counted as one page until its first page tells how many.
    fn plan(&mut self, lists: i64) {
        self.total += lists;
    }

    async fn page_read(&mut self, page: i64, page_count: i64) -> Result<(), ImportError> {
        if page == 1 {
            self.total += page_count.max(1) - 1;
        }
        self.done += 1;
        if self.store.record_import_progress(self.job_id, self.worker, self.done, self.total).await? {
            Ok(())
        } else {
            Err(ImportError::LeaseLost)
        }
    }
}

/// Reads every page of one list.
async fn read_all<T, F, Fut>(progress: &mut Progress<'_>, mut fetch: F) -> Result<Vec<T>, ImportError>
where
    F: FnMut(i64) -> Fut,
    Fut: Future<Output = Result<Page<T>, ImportError>>,
{
    let mut items = Vec::new();
    let mut page = 1;
    loop {
        let answer = fetch(page).await?;
        progress.page_read(page, answer.page_count).await?;
        items.extend(answer.items);
        if items.len() > MAX_RECORDS {
            return Err(ImportError::TooLarge);
        }
        if page >= answer.page_count || page >= MAX_PAGES {
            return Ok(items);
        }
        page += 1;
    }
}

/// Runs one leased job to its end: the records and the job's completion written together.
pub async fn run(store: &Store, base_url: Option<&str>, worker: &str, job: &ImportJob) -> Result<Finished, ImportError> {
    let base_url = base_url.ok_or(ImportError::NotConfigured)?;
    let key = job.import_key.as_deref().unwrap_or_default();
    let client = SafetyScanClient::new(base_url, key)?;
    let mut progress = Progress { store, job_id: &job.id, worker, done: 0, total: 0 };
    progress.plan(1 + i64::from(job.import_users));

    let existing = Existing::read(store, &job.org_id, !job.clear_all_data).await?;
    let mut mapper = Mapper::new(&job.org_id, &job.context_id, existing, job.import_date.as_deref());
    if is_billing(job) {
        let customers = read_all(&mut progress, |page| client.customers(page)).await?;
        for customer in &customers {
            mapper.customer(customer);
        }
        return write(store, worker, job, mapper).await;
    }

    let sites = read_all(&mut progress, |page| client.sites(page)).await?;
    let wanted: Vec<_> = sites.into_iter().filter(|site| job.import_all_sites || site.active).collect();
    let mut accepted = Vec::new();
    for site in &wanted {
        if let Some(location_id) = mapper.site(site) {
            accepted.push((site, location_id));
        }
    }
    progress.plan(2 * accepted.len() as i64);
    for (site, location_id) in &accepted {
        let equipment = read_all(&mut progress, |page| client.equipment(&site.id, page)).await?;
        mapper.equipment(location_id, &equipment);
        let history = read_all(&mut progress, |page| client.history(&site.id, job.import_date.as_deref(), page)).await?;
        mapper.history(location_id, &history);
        if mapper.len() > MAX_RECORDS {
            return Err(ImportError::TooLarge);
        }
    }
    if job.import_users {
        let users = read_all(&mut progress, |page| client.users(page)).await?;
        mapper.users(&users);
    }
    write(store, worker, job, mapper).await
}

/// Whether the job is a billing import (spec §3 billing import request): only the app's
/// billing accounts are read, as customers.
fn is_billing(job: &ImportJob) -> bool {
    serde_json::from_str::<serde_json::Value>(&job.request).is_ok_and(|request| request["billing"] == serde_json::json!(true))
}

/// Writes what was mapped, the tombstones of `clearAllData` and the job's completion together.
async fn write(store: &Store, worker: &str, job: &ImportJob, mapper: Mapper<'_>) -> Result<Finished, ImportError> {
    let (records, rows_rejected): (Vec<IncomingRecord>, i64) = mapper.finish();
    let clear_kinds: Vec<&str> = if job.clear_all_data { CLEARED_KINDS.iter().map(|kind| kind.key()).collect() } else { Vec::new() };
    let write = ImportWrite { clear_kinds: &clear_kinds, records: &records, rows_rejected };
    let written =
        store.complete_import(&job.id, worker, &job.org_id, &write, &mapping::ImportRules).await?.ok_or(ImportError::LeaseLost)?;
    let invitees = records
        .iter()
        .filter(|record| record.kind == SyncKind::Users && written.written_ids.contains(&record.id))
        .map(|record| Invitee {
            user_id: record.id.clone(),
            email: record.data["email"].as_str().unwrap_or_default().to_string(),
            name: record.data["name"].as_str().unwrap_or_default().to_string(),
        })
        .collect();
    Ok(Finished { written, invitees })
}

/// What a finished import wrote, and the users it added, who get an invite.
pub struct Finished {
    pub written: ImportWritten,
    pub invitees: Vec<Invitee>,
}

pub struct Invitee {
    pub user_id: String,
    pub email: String,
    pub name: String,
}
