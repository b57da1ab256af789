//! The organisation export (every kind, streamed, nothing secret, nothing of another
//! organisation) and the billing export (counts per SKU for a period).

use fieldtag_domain::sync_kind::SyncKind;
use reqwest::{Method, StatusCode, header};
use serde_json::{Value, json};

use crate::common::{Account, TestApp, expect, expect_error, jpeg, png};

crate::on_both_engines!(
    export_holds_every_kind_and_nothing_else,
    export_streams_a_large_organisation,
    billing_export_counts_per_sku,
    billing_export_refuses_bad_periods_and_strangers,
    an_inactive_organisation_still_exports,
    export_lists_the_organisations_files
);

fn id() -> String {
    fieldtag_store::new_id()
}

const STAMP: &str = "2026-01-05T10:00:00Z";

/// A valid record of `kind` standing on `site`.
fn sample(kind: SyncKind, owner: &Account, site: &str) -> Value {
    let (item, service, other) = (id(), id(), id());
    let mut fields = match kind {
        SyncKind::Locations => json!({"id": id(), "name": "Depot", "status": "active", "timeZone": "America/Toronto"}),
        SyncKind::Customers => json!({"id": id(), "name": "Harbourfront", "accountNumber": "1001"}),
        SyncKind::Equipment => json!({"id": id(), "name": "Lobby", "locationId": site, "barcode": "100001"}),
        SyncKind::PerformedServices => {
            json!({"id": format!("{item}-{service}"), "equipmentId": item, "serviceTypeId": service, "locationId": site, "lastDate": STAMP})
        }
        SyncKind::ServiceTypes => {
            json!({"id": id(), "name": "Annual", "equipmentTypeId": other, "dueWhen": "any", "frequencyType": 7, "frequency": 1, "sku": "SVC-A"})
        }
        SyncKind::Questions => json!({"id": id(), "question": "Is the pin in place?", "serviceTypeId": service, "options": []}),
        SyncKind::History => json!({"id": id(), "equipmentId": item, "locationId": site, "date": STAMP, "description": "Note", "type": 7}),
        SyncKind::LocationOverrides => {
            json!({"id": format!("{site}-{service}"), "locationId": site, "serviceTypeId": service, "overrideFrequency": 3})
        }
        SyncKind::ServiceMonths => {
            let mut months = json!({"id": id(), "serviceMonthCategoryId": other, "locationId": site});
            for month in
                ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
            {
                months[month] = json!(true);
            }
            months
        }
        SyncKind::Deficiencies => {
            json!({"id": id(), "equipmentId": item, "locationId": site, "description": "Pin missing", "dateOpened": STAMP})
        }
        SyncKind::FloorPlans => json!({"id": id(), "name": "Ground floor", "locationId": site}),
        SyncKind::Schedule => {
            json!({"id": id(), "locationId": site, "userId": owner.user_id, "date": "2026-11-23", "startTime": "09:00", "endTime": "17:00"})
        }
        SyncKind::Visits => {
            json!({"id": id(), "locationId": site, "date": "2026-11-23", "userId": owner.user_id, "historyIds": [], "deficiencyIds": [],
                   "signerName": "Dana Ruiz", "signature": format!("signatures/{}.png", id()), "signedAt": "2026-11-23T16:30:00-05:00"})
        }
        SyncKind::Users => {
            json!({"id": id(), "name": "New Tech", "email": format!("{}@acme.ca", &id()[..8]), "permissions": [], "invitationStatus": 0})
        }
        SyncKind::Organization | SyncKind::GlobalAlerts => unreachable!("not a list of the export"),
        _ => json!({"id": id(), "name": format!("A {}", kind.key())}),
    };
    fields["orgId"] = json!(owner.org_id);
    fields["lastUpdated"] = json!(STAMP);
    fields
}

/// The kinds listed in the export.
fn listed_kinds() -> Vec<SyncKind> {
    SyncKind::ALL.into_iter().filter(|kind| !matches!(kind, SyncKind::Organization | SyncKind::GlobalAlerts)).collect()
}

async fn upload(app: &TestApp, account: &Account, body: Value) {
    let path = format!("/api/organizations/{}/sync", account.org_id);
    let answer = expect(app.authed(Method::PATCH, &path, &account.token).json(&body).send().await.unwrap(), StatusCode::OK).await;
    for (key, list) in answer.as_object().unwrap().iter().filter(|(key, _)| *key != "serverTime") {
        for item in list.as_array().unwrap() {
            assert_eq!(item["status"], "accepted", "{key}: {item}");
        }
    }
}

async fn get(app: &TestApp, account: &Account, path: &str) -> reqwest::Response {
    app.authed(Method::GET, &format!("/api/organizations/{}{path}", account.org_id), &account.token).send().await.unwrap()
}

/// One record of every kind for `owner`, plus a deleted site; answers the ids uploaded per kind
/// and the deleted site's id.
async fn one_of_each(app: &TestApp, owner: &Account) -> (Vec<(SyncKind, String)>, String) {
    let site = sample(SyncKind::Locations, owner, "");
    let site_id = site["id"].as_str().unwrap().to_string();
    upload(app, owner, json!({"locations": [site]})).await;
    let mut ids = vec![(SyncKind::Locations, site_id.clone())];
    let mut body = serde_json::Map::new();
    for kind in listed_kinds().into_iter().filter(|kind| *kind != SyncKind::Locations) {
        let record = sample(kind, owner, &site_id);
        ids.push((kind, record["id"].as_str().unwrap().to_string()));
        body.insert(kind.key().to_string(), json!([record]));
    }
    upload(app, owner, Value::Object(body)).await;
    let mut gone = sample(SyncKind::Locations, owner, "");
    upload(app, owner, json!({"locations": [gone.clone()]})).await;
    gone["deleted"] = json!(true);
    gone["lastUpdated"] = json!("2026-01-06T10:00:00Z");
    upload(app, owner, json!({"locations": [gone.clone()]})).await;
    (ids, gone["id"].as_str().unwrap().to_string())
}

async fn export_holds_every_kind_and_nothing_else(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let rival = app.sign_up("owner@rival.ca").await;
    let (ids, deleted_site) = one_of_each(app, &owner).await;
    let (rival_ids, _) = one_of_each(app, &rival).await;

    let response = get(app, &owner, "/export").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "application/json");
    let disposition = response.headers()[header::CONTENT_DISPOSITION].to_str().unwrap().to_string();
    assert!(disposition.starts_with("attachment; filename=\"Org of owner@acme.ca - Export - "), "{disposition}");
    assert!(disposition.contains(".json\""), "{disposition}");
    let text = response.text().await.unwrap();
    let export: Value = serde_json::from_str(&text).expect("one JSON document");

    assert_eq!(export["organization"]["id"], owner.org_id.as_str());
    assert!(export["exportedAt"].as_str().is_some_and(|at| at.parse::<jiff::Timestamp>().is_ok()), "{}", export["exportedAt"]);
    let mut keys: Vec<&str> = export.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort();
    let mut expected: Vec<&str> = listed_kinds().iter().map(|kind| kind.key()).chain(["exportedAt", "organization", "files"]).collect();
    expected.sort();
    assert_eq!(keys, expected, "every kind the sync feed has, and nothing else");
    for (kind, record_id) in &ids {
        let list = export[kind.key()].as_array().unwrap();
        assert!(list.iter().any(|record| record["id"] == record_id.as_str()), "{} holds {record_id}: {list:?}", kind.key());
    }
    let users = export["users"].as_array().unwrap();
    assert!(users.iter().any(|user| user["id"] == owner.user_id.as_str()), "the owner is there");
    assert!(!export["locations"].as_array().unwrap().iter().any(|site| site["id"] == deleted_site.as_str()), "no tombstones");
    assert!(!text.contains("\"deleted\":true"), "no tombstones at all");

    for secret in [owner.password.as_str(), owner.token.as_str(), owner.refresh_token.as_str(), "$argon2", "password"] {
        assert!(!text.contains(secret), "the export holds {secret}");
    }
    for (kind, rival_id) in &rival_ids {
        assert!(!text.contains(rival_id.as_str()), "another organisation's {} is in the export", kind.key());
    }
    assert!(!text.contains(rival.org_id.as_str()));
}

/// 2,000 items are two full pages, so the last page of equipment is empty; 2,500 history
/// records end on a half page. The body is chunked, not sent with a length.
async fn export_streams_a_large_organisation(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let org = owner.org_id.clone();
    let site = sample(SyncKind::Locations, &owner, "");
    let site_id = site["id"].as_str().unwrap().to_string();
    upload(app, &owner, json!({"locations": [site]})).await;
    let items: Vec<String> = (0..2_000).map(|_| id()).collect();
    for chunk in items.chunks(1_000) {
        let equipment: Vec<Value> = chunk
            .iter()
            .enumerate()
            .map(|(n, item)| json!({"id": item, "orgId": org, "locationId": site_id, "name": format!("Item {n}"), "lastUpdated": STAMP}))
            .collect();
        upload(app, &owner, json!({"equipment": equipment})).await;
    }
    for chunk in (0..2_500).collect::<Vec<_>>().chunks(1_250) {
        let history: Vec<Value> = chunk
            .iter()
            .map(|n| json!({"id": id(), "orgId": org, "locationId": site_id, "equipmentId": items[n % items.len()], "date": STAMP, "description": "Checked", "type": 7, "lastUpdated": STAMP}))
            .collect();
        upload(app, &owner, json!({"history": history})).await;
    }

    let mut response = get(app, &owner, "/export").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers().get(header::CONTENT_LENGTH).is_none(), "streamed: {:?}", response.headers());
    let mut body = Vec::new();
    let mut chunks = 0;
    while let Some(chunk) = response.chunk().await.unwrap() {
        chunks += 1;
        body.extend_from_slice(&chunk);
    }
    assert!(chunks > 1, "the body came in {chunks} chunk(s)");
    let export: Value = serde_json::from_slice(&body).expect("one JSON document");
    let mut exported: Vec<&str> = export["equipment"].as_array().unwrap().iter().map(|item| item["id"].as_str().unwrap()).collect();
    exported.sort();
    let mut expected: Vec<&str> = items.iter().map(String::as_str).collect();
    expected.sort();
    assert_eq!(exported, expected, "every item once");
    let history = export["history"].as_array().unwrap();
    assert_eq!(history.len(), 2_500);
    let mut history_ids: Vec<&str> = history.iter().map(|record| record["id"].as_str().unwrap()).collect();
    history_ids.dedup();
    assert_eq!(history_ids.len(), 2_500, "in id order, each once");
}

fn move_record(org: &str, item: &str, kind: i64, from: &str, to: &str) -> Value {
    json!({"id": id(), "orgId": org, "locationId": to, "happenedAtLocationId": from, "equipmentId": item, "date": STAMP,
           "description": "Moved", "type": kind, "lastUpdated": STAMP,
           "changes": {"before": {"locationId": from}, "after": {"locationId": to}}})
}

fn service_record(org: &str, site: &str, item: &str, service_type: &str, kind: i64, date: &str) -> Value {
    json!({"id": id(), "orgId": org, "locationId": site, "happenedAtLocationId": site, "equipmentId": item, "date": date,
           "description": "Service performed", "type": kind, "relevantId": format!("{item}-{service_type}"), "lastUpdated": date})
}

/// The month `months` away from today's (UTC), as its first day.
fn month_start(months: i32) -> jiff::civil::Date {
    let today = jiff::Timestamp::now().to_zoned(jiff::tz::TimeZone::UTC).date().first_of_month();
    today.checked_add(jiff::Span::new().months(months)).unwrap()
}

/// Two sites; models with SKUs EXT-B500 and EXT-C200; service types with SKUs SVC-ANNUAL and
/// SVC-HYDRO and one without; moves and services synced as the app writes them.
async fn billing_export_counts_per_sku(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let org = owner.org_id.clone();
    let (from, to, kind_id, b500, c200, annual, hydro, plain) = (id(), id(), id(), id(), id(), id(), id(), id());
    let (a, b, c) = (id(), id(), id());
    let site = |id: &str, name: &str| json!({"id": id, "orgId": org, "name": name, "status": "active", "timeZone": "America/Toronto", "lastUpdated": STAMP});
    let service_type = |id: &str, name: &str, sku: Option<&str>| {
        let mut record = json!({"id": id, "orgId": org, "name": name, "equipmentTypeId": kind_id, "dueWhen": "any", "frequencyType": 7, "frequency": 1, "conditions": [], "lastUpdated": STAMP});
        if let Some(sku) = sku {
            record["sku"] = json!(sku);
        }
        record
    };
    let item = |id: &str, model: &str, barcode: &str| json!({"id": id, "orgId": org, "locationId": from, "name": "Lobby", "modelId": model, "barcode": barcode, "lastUpdated": STAMP});
    upload(
        app,
        &owner,
        json!({
            "locations": [site(&from, "Warehouse"), site(&to, "Arena")],
            "equipmentTypes": [{"id": kind_id, "orgId": org, "name": "Extinguisher", "lastUpdated": STAMP}],
            "models": [
                {"id": b500, "orgId": org, "name": "B500", "equipmentTypeId": kind_id, "sku": "EXT-B500", "lastUpdated": STAMP},
                {"id": c200, "orgId": org, "name": "C200", "equipmentTypeId": kind_id, "sku": "EXT-C200", "lastUpdated": STAMP},
            ],
            "serviceTypes": [service_type(&annual, "Annual", Some("SVC-ANNUAL")), service_type(&hydro, "Hydro test", Some("SVC-HYDRO")), service_type(&plain, "Visual", None)],
            "equipment": [item(&a, &b500, "FT-1"), item(&b, &b500, "FT-2"), item(&c, &c200, "FT-3")],
        }),
    )
    .await;

    let this_month = month_start(0);
    let last_month = month_start(-1);
    let at = |day: jiff::civil::Date, hour: i8| day.at(hour, 0, 0, 0).to_zoned(jiff::tz::TimeZone::UTC).unwrap().timestamp().to_string();
    upload(
        app,
        &owner,
        json!({"history": [
            move_record(&org, &a, 6, &from, &to),
            move_record(&org, &c, 6, &from, &to),
            move_record(&org, &b, 9, &from, &to),
            move_record(&org, &c, 10, &to, &from),
            service_record(&org, &from, &a, &annual, 2, &at(this_month, 9)),
            service_record(&org, &from, &b, &annual, 2, &at(this_month, 10)),
            service_record(&org, &from, &c, &annual, 2, &at(last_month, 23)),
            service_record(&org, &from, &a, &hydro, 3, &at(this_month, 11)),
            service_record(&org, &from, &a, &plain, 2, &at(this_month, 12)),
            // Not a performed service: a could-not-service record.
            service_record(&org, &from, &b, &annual, 4, &at(this_month, 13)),
        ]}),
    )
    .await;
    // A deleted service record does not count.
    let mut removed = service_record(&org, &from, &b, &hydro, 2, &at(this_month, 14));
    upload(app, &owner, json!({"history": [removed.clone()]})).await;
    removed["deleted"] = json!(true);
    removed["lastUpdated"] = json!(at(this_month, 15));
    upload(app, &owner, json!({"history": [removed]})).await;

    // The default period is this month: the moves (billed as they were recorded, now) and this month's services.
    let response = get(app, &owner, "/export/billing").await;
    let disposition = response.headers()[header::CONTENT_DISPOSITION].to_str().unwrap().to_string();
    let end = this_month.last_of_month();
    assert_eq!(
        disposition,
        format!(
            "attachment; filename=\"Billing Data - {this_month} - {end}.json\"; filename*=UTF-8''Billing%20Data%20-%20{this_month}%20-%20{end}.json"
        )
    );
    let billing = expect(response, StatusCode::OK).await;
    assert_eq!(billing["startDate"], this_month.to_string());
    assert_eq!(billing["endDate"], end.to_string());
    assert_eq!(billing["organizationId"], org.as_str());
    assert_eq!(
        billing["items"],
        json!([
            {"sku": "EXT-B500", "transfers": 1, "swaps": 1, "replacements": 0, "services": 0},
            {"sku": "EXT-C200", "transfers": 1, "swaps": 0, "replacements": 1, "services": 0},
            {"sku": "SVC-ANNUAL", "transfers": 0, "swaps": 0, "replacements": 0, "services": 2},
            {"sku": "SVC-HYDRO", "transfers": 0, "swaps": 0, "replacements": 0, "services": 1},
            {"sku": null, "transfers": 0, "swaps": 0, "replacements": 0, "services": 1},
        ]),
        "{billing}"
    );
    assert_eq!(billing["totals"], json!({"transfers": 2, "swaps": 1, "replacements": 1, "services": 4}));

    // Last month, to its last day included: one service at 23:00 UTC on its first day, no moves.
    let last_end = last_month.last_of_month();
    let path = format!("/export/billing?startDate={last_month}&endDate={last_end}");
    let billing = expect(get(app, &owner, &path).await, StatusCode::OK).await;
    assert_eq!(billing["items"], json!([{"sku": "SVC-ANNUAL", "transfers": 0, "swaps": 0, "replacements": 0, "services": 1}]), "{billing}");
    // A period with nothing in it.
    let billing = expect(get(app, &owner, "/export/billing?startDate=2020-01-01&endDate=2020-01-31").await, StatusCode::OK).await;
    assert_eq!(billing["items"], json!([]));
    assert_eq!(billing["totals"], json!({"transfers": 0, "swaps": 0, "replacements": 0, "services": 0}));
    // One day: endDate is included.
    let day = this_month.to_string();
    let billing = expect(get(app, &owner, &format!("/export/billing?startDate={day}&endDate={day}")).await, StatusCode::OK).await;
    assert_eq!(billing["totals"]["services"], 4, "{billing}");
}

async fn billing_export_refuses_bad_periods_and_strangers(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let cases = [
        ("startDate=2026-13-01", "startDate must be a date written YYYY-MM-DD, e.g. 2026-11-01 (got '2026-13-01')"),
        ("endDate=2026-2-01", "endDate must be a date written YYYY-MM-DD, e.g. 2026-11-01 (got '2026-2-01')"),
        ("startDate=01%2F02%2F2026", "startDate must be a date written YYYY-MM-DD, e.g. 2026-11-01 (got '01/02/2026')"),
        ("startDate=2026-03-02&endDate=2026-03-01", "startDate (2026-03-02) must not be after endDate (2026-03-01)"),
    ];
    for (query, message) in cases {
        expect_error(get(app, &owner, &format!("/export/billing?{query}")).await, StatusCode::BAD_REQUEST, "BadRequest", message).await;
    }
    let unknown = get(app, &owner, "/export/billing?from=2026-01-01").await;
    let body = expect(unknown, StatusCode::BAD_REQUEST).await;
    assert!(body["message"].as_str().unwrap().contains("from"), "{body}");

    let rival = app.sign_up("owner@rival.ca").await;
    for path in ["/export", "/export/billing"] {
        let response = app.authed(Method::GET, &format!("/api/organizations/{}{path}", owner.org_id), &rival.token).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{path}");
        let response = app.request(Method::GET, &format!("/api/organizations/{}{path}", owner.org_id)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{path}");
    }

    let technician = app.add_user(&owner, "tech@acme.ca", &["WEB_LOGIN", "EQUIPMENT_READ", "HISTORY_READ"]).await;
    for path in ["/export", "/export/billing"] {
        expect_error(get(app, &technician, path).await, StatusCode::FORBIDDEN, "Forbidden", "You need the SETTINGS_READ permission").await;
    }
    // Settings alone reads the billing counts; the whole export also needs every read permission.
    let office = app.add_user(&owner, "office@acme.ca", &["SETTINGS_READ", "EQUIPMENT_READ"]).await;
    expect(get(app, &office, "/export/billing").await, StatusCode::OK).await;
    let refused = expect(get(app, &office, "/export").await, StatusCode::FORBIDDEN).await;
    assert!(refused["message"].as_str().unwrap().starts_with("You need the "), "{refused}");
    let reader = app
        .add_user(
            &owner,
            "reader@acme.ca",
            &["settings.read", "equipment.read", "service.read", "location.read", "history.read", "deficiency.read", "schedule.read"],
        )
        .await;
    expect(get(app, &reader, "/export").await, StatusCode::OK).await;
}

async fn an_inactive_organisation_still_exports(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let site = sample(SyncKind::Locations, &owner, "");
    upload(app, &owner, json!({"locations": [site.clone()]})).await;
    app.store
        .update_organization(&owner.org_id, |organization| {
            let mut inactive = organization.clone();
            inactive["active"] = json!(false);
            Some(inactive)
        })
        .await
        .unwrap();
    let path = format!("/api/organizations/{}/sync", owner.org_id);
    let refused = app.authed(Method::PATCH, &path, &owner.token).json(&json!({"locations": [site.clone()]})).send().await.unwrap();
    assert_eq!(refused.status(), StatusCode::PAYMENT_REQUIRED, "writes are refused");

    let export = expect(get(app, &owner, "/export").await, StatusCode::OK).await;
    assert_eq!(export["organization"]["active"], false);
    assert_eq!(export["locations"][0]["id"], site["id"]);
    expect(get(app, &owner, "/export/billing").await, StatusCode::OK).await;
}

/// Uploads `bytes` into `folder` (under a device's name for photos and signatures) and answers
/// the stored file's name.
async fn upload_file(app: &TestApp, account: &Account, folder: &str, content_type: &str, bytes: &[u8]) -> String {
    let mut body = json!({"action": "write", "folderName": folder, "contentType": content_type});
    if folder == "photos" {
        body["fileName"] = json!(format!("photos/{}.jpg", id()));
    }
    let path = format!("/api/organizations/{}/signed-urls", account.org_id);
    let link = expect(app.authed(Method::POST, &path, &account.token).json(&body).send().await.unwrap(), StatusCode::OK).await;
    let url = format!("{}{}", app.base, link["url"].as_str().unwrap());
    expect(app.http.put(url).body(bytes.to_vec()).send().await.unwrap(), StatusCode::OK).await;
    link["fileName"].as_str().unwrap().to_string()
}

async fn export_lists_the_organisations_files(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let rival = app.sign_up("owner@rival.ca").await;
    let export = expect(get(app, &owner, "/export").await, StatusCode::OK).await;
    assert_eq!(export["files"], json!([]), "always present");

    let mut expected = Vec::new();
    for _ in 0..3 {
        expected.push(json!({"fileName": upload_file(app, &owner, "photos", "image/jpeg", jpeg()).await, "bytes": jpeg().len()}));
    }
    expected.push(json!({"fileName": upload_file(app, &owner, "logos", "image/png", png()).await, "bytes": png().len()}));
    expected.push(json!({"fileName": upload_file(app, &owner, "floor-plans", "image/jpeg", jpeg()).await, "bytes": jpeg().len()}));
    let theirs = upload_file(app, &rival, "photos", "image/jpeg", jpeg()).await;

    let export = expect(get(app, &owner, "/export").await, StatusCode::OK).await;
    let mut listed = export["files"].as_array().unwrap().clone();
    let by_name = |file: &Value| file["fileName"].as_str().unwrap().to_string();
    listed.sort_by_key(by_name);
    expected.sort_by_key(by_name);
    assert_eq!(listed, expected, "every file of every folder, with its size, and nothing else");
    assert!(!export.to_string().contains(&theirs), "another organisation's file is not listed");
}
