//! The load test's organisations and technicians: seeded through the store, then signed in.

use std::collections::BTreeMap;
use std::sync::Arc;

use fieldtag_bench::{STAMP, argon2_hash, insert};
use fieldtag_domain::email::email_key;
use fieldtag_store::{Store, new_id, now_millis};
use futures_util::StreamExt;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use sqlx::Connection;
use tokio::time::Instant as TokioInstant;

use super::recorder::Recorder;
use super::technician::Technician;
use super::{EQUIPMENT_PER_SITE, SITES_PER_ORG, TECHNICIAN_PERMISSIONS};

/// A database of its own on FIELDTAG_BENCH_POSTGRES_URL's server, rather than a schema in the
/// shared test database: `scripts/test-postgres.sh` drops and recreates that one whenever a test
/// run starts, which would pull the tables from under a three-minute run.
pub(super) async fn own_postgres_database() -> String {
    let url = std::env::var("FIELDTAG_BENCH_POSTGRES_URL").expect("FIELDTAG_BENCH_POSTGRES_URL");
    let name = format!("fieldtag_load_{}", &new_id()[..12]);
    let mut conn = sqlx::PgConnection::connect(&url).await.expect("connect to PostgreSQL");
    sqlx::query(&format!("CREATE DATABASE {name}")).execute(&mut conn).await.expect("create a database (the role needs CREATEDB)");
    let (server, _) = url.rsplit_once('/').expect("a URL ending in /DATABASE");
    format!("{server}/{name}")
}

pub(super) async fn drop_postgres_database(url: &str) {
    let name = url.rsplit_once('/').map(|(_, name)| name.to_string()).unwrap_or_default();
    let shared = std::env::var("FIELDTAG_BENCH_POSTGRES_URL").expect("FIELDTAG_BENCH_POSTGRES_URL");
    if let Ok(mut conn) = sqlx::PgConnection::connect(&shared).await {
        let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut conn).await;
    }
}

/// One organisation's generated data.
pub(super) struct SeededOrg {
    pub(super) id: String,
    pub(super) service_type: String,
    pub(super) model: String,
    /// (equipment id, site id)
    pub(super) equipment: Vec<(String, String)>,
}

/// A technician as seeded: who they are and the refresh token of their session.
pub(super) struct SeededTechnician {
    pub(super) org: Arc<SeededOrg>,
    /// The site they work at (an index into the organisation's sites).
    pub(super) site: usize,
    pub(super) user_id: String,
    pub(super) refresh_token: String,
}

/// Organisations with sites, equipment, a service type and their technicians, written through
/// the store. Technicians get a session (refresh token) in the store, not a password: a login
/// is an argon2 hash check by design, and 500 of them would only measure that.
pub(super) async fn seed(store: &Store, orgs: usize, technicians: usize) -> Vec<SeededTechnician> {
    let owner_hash = argon2_hash(fieldtag_bench::PASSWORD);
    let mut seeded = Vec::with_capacity(technicians);
    for o in 0..orgs {
        let (org_id, owner_id) = (new_id(), new_id());
        let email = format!("owner-{}@fieldtag.local", &org_id[..8]);
        let organization = json!({"id": org_id, "orgId": org_id, "name": format!("Load Fire {o}"), "email": email, "active": true, "lastUpdated": STAMP, "deleted": false});
        let owner = json!({"id": owner_id, "orgId": org_id, "name": "Owner", "email": email, "permissions": ["*.*"], "invitationStatus": 1, "lastUpdated": STAMP, "deleted": false});
        store.create_organization_with_owner(&organization, &owner, &email_key(&email), &owner_hash).await.expect("create an organisation");

        let (equipment_type, service_type, model) = (new_id(), new_id(), new_id());
        let record = |data: Value| (data["id"].as_str().unwrap().to_string(), data);
        insert(
            store,
            &org_id,
            "equipmentTypes",
            &[record(json!({"id": equipment_type, "orgId": org_id, "name": "Extinguisher", "lastUpdated": STAMP, "deleted": false}))],
        )
        .await;
        insert(store, &org_id, "serviceTypes", &[record(json!({"id": service_type, "orgId": org_id, "name": "Monthly inspection", "equipmentTypeId": equipment_type, "dueWhen": "all", "frequencyType": 6, "frequency": 1, "lastUpdated": STAMP, "deleted": false}))]).await;
        insert(store, &org_id, "models", &[record(json!({"id": model, "orgId": org_id, "name": "ABC-10", "equipmentTypeId": equipment_type, "lastUpdated": STAMP, "deleted": false}))]).await;
        let sites: Vec<(String, Value)> = (0..SITES_PER_ORG)
            .map(|n| record(json!({"id": new_id(), "orgId": org_id, "name": format!("Site {n}"), "status": "active", "timeZone": "America/Toronto", "address": format!("{n} Main St"), "city": "Toronto", "lastUpdated": STAMP, "deleted": false})))
            .collect();
        insert(store, &org_id, "locations", &sites).await;
        let equipment: Vec<(String, Value)> = (0..SITES_PER_ORG * EQUIPMENT_PER_SITE)
            .map(|n| {
                let site = &sites[n % SITES_PER_ORG].0;
                record(json!({"id": new_id(), "orgId": org_id, "locationId": site, "name": format!("Extinguisher {n}"), "barcode": format!("{o:02}{n:06}"), "serialNumber": format!("SN-{n}"), "modelId": model, "manufactureDate": "2020-05-01T00:00:00.000Z", "fieldData": {}, "lastUpdated": STAMP, "deleted": false}))
            })
            .collect();
        insert(store, &org_id, "equipment", &equipment).await;

        let org = Arc::new(SeededOrg {
            id: org_id.clone(),
            service_type,
            model,
            equipment: equipment.iter().map(|(id, data)| (id.clone(), data["locationId"].as_str().unwrap().to_string())).collect(),
        });
        // Technicians are dealt to organisations in turn, so every one gets its share.
        let here: Vec<usize> = (0..technicians).filter(|t| t % orgs == o).collect();
        let users: Vec<(String, Value)> = here
            .iter()
            .map(|t| record(json!({"id": new_id(), "orgId": org_id, "name": format!("Technician {t}"), "email": format!("tech-{t}-{}@fieldtag.local", &org_id[..8]), "permissions": TECHNICIAN_PERMISSIONS, "invitationStatus": 1, "lastUpdated": STAMP, "deleted": false})))
            .collect();
        insert(store, &org_id, "users", &users).await;
        for (n, (user_id, user)) in users.into_iter().enumerate() {
            let claimed = store.claim_user(&org_id, &user_id, Some(&email_key(user["email"].as_str().unwrap()))).await;
            claimed.expect("the database answers").expect("a login name");
            let refresh_token = new_id() + &new_id();
            let expires = now_millis() + 24 * 60 * 60 * 1000;
            store.start_session(&org_id, &user_id, &hex::encode(Sha256::digest(&refresh_token)), expires).await.expect("a session");
            seeded.push(SeededTechnician { org: org.clone(), site: n % SITES_PER_ORG, user_id, refresh_token });
        }
    }
    seeded
}

/// Every technician exchanges their refresh token for an access token (as the app does at
/// start), then takes their organisation's cursor after one full download per organisation:
/// the run measures the steady state, not first installs.
pub(super) async fn sign_in(http: &reqwest::Client, base: &str, seeded: Vec<SeededTechnician>) -> Vec<Technician> {
    let mut crew: Vec<Technician> = futures_util::stream::iter(seeded)
        .map(|seed| async move {
            let mut technician = Technician {
                org: seed.org,
                site: seed.site,
                user_id: seed.user_id,
                refresh_token: seed.refresh_token,
                access_token: String::new(),
                expires: TokioInstant::now(),
                cursor: 0,
                pending: Vec::new(),
                serviced: 0,
            };
            technician.refresh(http, base).await.expect("a refresh token becomes an access token");
            technician
        })
        .buffer_unordered(4)
        .collect()
        .await;
    crew.sort_by(|a, b| a.org.id.cmp(&b.org.id));
    let mut cursors: BTreeMap<String, i64> = BTreeMap::new();
    for technician in &mut crew {
        if !cursors.contains_key(&technician.org.id) {
            let recorder = Recorder::default();
            technician.download(http, base, &recorder).await;
            assert_eq!(recorder.errors.lock().unwrap().count, 0, "the first download failed: {:?}", recorder.errors.lock().unwrap().first);
            cursors.insert(technician.org.id.clone(), technician.cursor);
        }
        technician.cursor = cursors[&technician.org.id];
    }
    // Interleave organisations, so start times spread each one's technicians over the period.
    crew.sort_by_key(|t| t.user_id.clone());
    crew
}
