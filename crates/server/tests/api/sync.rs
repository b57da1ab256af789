//! The sync protocol over HTTP: download after a cursor, upload under
//! last-writer-wins, tombstones, permissions and organisation boundaries.

use std::io::Read;

use reqwest::{Method, StatusCode, header};
use serde_json::{Value, json};

use crate::common::{Account, TestApp, expect};

crate::on_both_engines!(
    uploaded_records_reach_another_client,
    last_writer_wins_and_resending_changes_nothing,
    a_delete_stays_deleted_against_an_older_edit,
    records_are_checked_and_rejected_with_the_reason,
    writing_a_kind_needs_its_permission,
    downloads_hold_only_kinds_the_caller_may_read,
    the_feed_pages_by_cursor_and_never_skips,
    users_sync_without_passwords,
    sync_refuses_malformed_batches,
    a_download_goes_gzipped_to_a_client_that_accepts_it,
    a_lists_answer_holds_the_pages_records_grouped_by_list,
    a_lists_answer_shows_each_caller_only_what_it_may_read,
);

fn id() -> String {
    fieldtag_store::new_id()
}

fn site(org: &str, id: &str, name: &str, last_updated: &str) -> Value {
    json!({"id": id, "orgId": org, "name": name, "status": "active", "timeZone": "America/Toronto", "lastUpdated": last_updated, "deleted": false, "hasBeenChangedLocally": true})
}

fn equipment(org: &str, id: &str, location_id: &str, name: &str, last_updated: &str) -> Value {
    json!({"id": id, "orgId": org, "locationId": location_id, "name": name, "barcode": "FT-0001", "manufactureDate": "2024-03-01T00:00:00Z", "lastUpdated": last_updated, "deleted": false})
}

async fn upload(app: &TestApp, account: &Account, body: Value) -> Value {
    let path = format!("/api/organizations/{}/sync", account.org_id);
    expect(app.authed(Method::PATCH, &path, &account.token).json(&body).send().await.unwrap(), StatusCode::OK).await
}

async fn download(app: &TestApp, account: &Account, query: &str) -> Value {
    let path = format!("/api/organizations/{}/sync{query}", account.org_id);
    expect(app.authed(Method::GET, &path, &account.token).send().await.unwrap(), StatusCode::OK).await
}

/// Everything after `cursor`, following pages.
async fn download_all(app: &TestApp, account: &Account, mut cursor: i64) -> (Value, i64) {
    let mut all = json!({});
    loop {
        let page = download(app, account, &format!("?cursor={cursor}&limit=2")).await;
        for (key, list) in page.as_object().unwrap() {
            if let Some(list) = list.as_array().filter(|_| key != "globalAlerts") {
                let entry = all.as_object_mut().unwrap().entry(key.clone()).or_insert(json!([]));
                entry.as_array_mut().unwrap().extend(list.iter().cloned());
            }
        }
        let next = page["cursor"].as_i64().unwrap();
        assert!(next >= cursor, "cursors only move forward");
        cursor = next;
        if !page["hasMore"].as_bool().unwrap() {
            return (all, cursor);
        }
    }
}

async fn uploaded_records_reach_another_client(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let tech = app.add_user(&owner, "tech@acme.ca", &["*.*"]).await;
    let (start, _) = download_all(app, &tech, 0).await;
    let start_cursor = download(app, &tech, "").await["cursor"].as_i64().unwrap();
    assert!(start["locations"].as_array().unwrap().is_empty());

    let (site_id, item_id) = (id(), id());
    let answer = upload(
        app,
        &owner,
        json!({"equipment": [equipment(&owner.org_id, &item_id, &site_id, "Lobby", "2026-11-22T10:00:00Z")], "locations": [site(&owner.org_id, &site_id, "Head Office", "2026-11-22T09:00:00Z")]}),
    )
    .await;
    assert_eq!(answer["locations"][0]["status"], "accepted", "{answer}");
    assert_eq!(answer["equipment"][0]["status"], "accepted", "sites apply first, whatever the order sent: {answer}");
    assert!(answer["equipment"][0]["version"].as_i64().unwrap() > answer["locations"][0]["version"].as_i64().unwrap());

    let (changes, _) = download_all(app, &tech, start_cursor).await;
    let sites = changes["locations"].as_array().unwrap();
    assert_eq!(sites.len(), 1);
    assert_eq!(sites[0]["name"], "Head Office");
    assert!(sites[0].get("hasBeenChangedLocally").is_none(), "the local flag is dropped");
    assert!(sites[0]["version"].as_i64().is_some());
    assert_eq!(changes["equipment"][0]["id"], item_id.as_str());
}

async fn last_writer_wins_and_resending_changes_nothing(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let site_id = id();
    let first = upload(app, &owner, json!({"locations": [site(&owner.org_id, &site_id, "Noon", "2026-11-22T12:00:00Z")]})).await;
    let version = first["locations"][0]["version"].as_i64().unwrap();

    let again = upload(app, &owner, json!({"locations": [site(&owner.org_id, &site_id, "Noon", "2026-11-22T12:00:00Z")]})).await;
    assert_eq!(again["locations"][0], json!({"status": "accepted", "id": site_id, "version": version}), "a re-sent record changes nothing");

    let older = upload(app, &owner, json!({"locations": [site(&owner.org_id, &site_id, "Morning", "2026-11-22T08:00:00Z")]})).await;
    assert_eq!(older["locations"][0]["status"], "stale");
    assert_eq!(older["locations"][0]["record"]["name"], "Noon", "the server's newer copy comes back");

    let newer = upload(app, &owner, json!({"locations": [site(&owner.org_id, &site_id, "Evening", "2026-11-22T18:00:00+00:00")]})).await;
    assert_eq!(newer["locations"][0]["status"], "accepted");
    let stored = app.store.record(&owner.org_id, "locations", &site_id).await.unwrap().unwrap();
    assert_eq!(stored.data["name"], "Evening");

    // Equal stamps, different content: the same winner whichever arrives first.
    let a = site(&owner.org_id, &site_id, "Tie A", "2026-11-22T20:00:00Z");
    let b = site(&owner.org_id, &site_id, "Tie B", "2026-11-22T20:00:00Z");
    upload(app, &owner, json!({"locations": [a.clone()]})).await;
    upload(app, &owner, json!({"locations": [b.clone()]})).await;
    upload(app, &owner, json!({"locations": [a]})).await;
    let stored = app.store.record(&owner.org_id, "locations", &site_id).await.unwrap().unwrap();
    assert_eq!(stored.data["name"], "Tie B");
}

async fn a_delete_stays_deleted_against_an_older_edit(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let site_id = id();
    upload(app, &owner, json!({"locations": [site(&owner.org_id, &site_id, "Depot", "2026-11-22T10:00:00Z")]})).await;
    let mut tombstone = site(&owner.org_id, &site_id, "Depot", "2026-11-22T11:00:00Z");
    tombstone["deleted"] = json!(true);
    assert_eq!(upload(app, &owner, json!({"locations": [tombstone]})).await["locations"][0]["status"], "accepted");
    for stamp in ["2026-11-22T10:30:00Z", "2026-11-23T10:30:00Z"] {
        let edit = upload(app, &owner, json!({"locations": [site(&owner.org_id, &site_id, "Back again", stamp)]})).await;
        assert_eq!(edit["locations"][0]["status"], "stale", "{edit}");
        assert_eq!(edit["locations"][0]["record"]["deleted"], true);
    }
    assert!(app.store.record(&owner.org_id, "locations", &site_id).await.unwrap().unwrap().deleted);
}

async fn records_are_checked_and_rejected_with_the_reason(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let rival = app.sign_up("owner@rival.ca").await;
    let (ours, theirs) = (id(), id());
    upload(app, &owner, json!({"locations": [site(&owner.org_id, &ours, "Ours", "2026-11-22T10:00:00Z")]})).await;
    upload(app, &rival, json!({"locations": [site(&rival.org_id, &theirs, "Theirs", "2026-11-22T10:00:00Z")]})).await;

    let mut no_name = site(&owner.org_id, &id(), "x", "2026-11-22T10:00:00Z");
    no_name.as_object_mut().unwrap().remove("name");
    let answer = upload(
        app,
        &owner,
        json!({
            "locations": [no_name, site(&rival.org_id, &id(), "Wrong org", "2026-11-22T10:00:00Z"), site(&owner.org_id, "short-id", "Bad id", "2026-11-22T10:00:00Z")],
            "equipment": [equipment(&owner.org_id, &id(), &theirs, "On their site", "2026-11-22T10:00:00Z"), equipment(&owner.org_id, &id(), &ours, "Fine", "2026-11-22T10:00:00Z")],
        }),
    )
    .await;
    let reasons: Vec<&str> = answer["locations"].as_array().unwrap().iter().map(|a| a["reason"].as_str().unwrap_or("")).collect();
    assert!(reasons[0].starts_with("name"), "{answer}");
    assert!(reasons[1].starts_with("orgId"), "{answer}");
    assert!(reasons[2].starts_with("id"), "{answer}");
    assert_eq!(answer["equipment"][0]["status"], "rejected");
    assert!(answer["equipment"][0]["reason"].as_str().unwrap().starts_with("locationId"), "{answer}");
    assert_eq!(answer["equipment"][1]["status"], "accepted", "one bad record does not sink the batch");
    assert!(app.store.record(&rival.org_id, "equipment", answer["equipment"][0]["id"].as_str().unwrap()).await.unwrap().is_none());
}

async fn writing_a_kind_needs_its_permission(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let site_id = id();
    upload(app, &owner, json!({"locations": [site(&owner.org_id, &site_id, "Depot", "2026-11-22T10:00:00Z")]})).await;
    let viewer = app.add_user(&owner, "viewer@acme.ca", &["EQUIPMENT_READ", "LOCATION_READ"]).await;
    let answer = upload(
        app,
        &viewer,
        json!({"equipment": [equipment(&owner.org_id, &id(), &site_id, "Sneaky", "2026-11-22T10:00:00Z")], "globalAlerts": [{"id": id(), "type": "info", "message": "hi"}]}),
    )
    .await;
    assert_eq!(
        answer["equipment"][0],
        json!({"status": "rejected", "id": answer["equipment"][0]["id"], "reason": "You need the EQUIPMENT_WRITE permission"})
    );
    assert_eq!(answer["globalAlerts"][0]["reason"], "globalAlerts cannot be uploaded");
}

async fn downloads_hold_only_kinds_the_caller_may_read(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let site_id = id();
    let history = json!({"id": id(), "orgId": owner.org_id, "locationId": site_id, "equipmentId": id(), "date": "2026-11-22T10:00:00Z", "description": "Annual service", "type": 7, "lastUpdated": "2026-11-22T10:00:00Z"});
    let answer =
        upload(app, &owner, json!({"locations": [site(&owner.org_id, &site_id, "Depot", "2026-11-22T10:00:00Z")], "history": [history]}))
            .await;
    assert_eq!(answer["history"][0]["status"], "accepted", "{answer}");
    let tech = app.add_user(&owner, "tech@acme.ca", &["LOCATION_READ", "EQUIPMENT_READ"]).await;
    let page = download(app, &tech, "").await;
    assert!(page.get("history").is_none(), "history needs HISTORY_READ");
    assert!(page.get("schedule").is_none());
    assert_eq!(page["locations"].as_array().unwrap().len(), 1);
    let full = download(app, &owner, "").await;
    assert_eq!(full["history"].as_array().unwrap().len(), 1);
}

async fn the_feed_pages_by_cursor_and_never_skips(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let sites: Vec<Value> = (0..7).map(|n| site(&owner.org_id, &id(), &format!("Site {n}"), "2026-11-22T10:00:00Z")).collect();
    upload(app, &owner, json!({"locations": sites})).await;
    let before = jiff::Timestamp::now();
    let (all, cursor) = download_all(app, &owner, 0).await;
    assert_eq!(all["locations"].as_array().unwrap().len(), 7);
    let versions: Vec<i64> = all["locations"].as_array().unwrap().iter().map(|r| r["version"].as_i64().unwrap()).collect();
    assert!(versions.windows(2).all(|w| w[0] < w[1]), "versions ascend: {versions:?}");

    let nothing = download(app, &owner, &format!("?cursor={cursor}")).await;
    assert!(nothing["locations"].as_array().unwrap().is_empty());
    assert_eq!(nothing["cursor"].as_i64().unwrap(), cursor);
    assert_eq!(nothing["hasMore"], false);
    assert!(nothing["serverTime"].as_str().unwrap().parse::<jiff::Timestamp>().is_ok());

    let late = site(&owner.org_id, &id(), "Late", "2026-01-01T00:00:00Z");
    upload(app, &owner, json!({"locations": [late]})).await;
    let since = download(app, &owner, &format!("?updatedSince={}", before)).await;
    let names: Vec<&str> = since["locations"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Late"], "updatedSince means received by the server at or after");
}

async fn users_sync_without_passwords(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let new_user = id();
    let user = json!({"id": new_user, "orgId": owner.org_id, "name": "New Tech", "email": "newtech@acme.ca", "permissions": ["*.*"], "invitationStatus": 0, "lastUpdated": "2026-11-22T10:00:00Z"});
    let mut with_password = user.clone();
    with_password["password"] = json!("let me in please");
    let answer = upload(app, &owner, json!({"users": [with_password]})).await;
    assert_eq!(answer["users"][0]["status"], "rejected");
    assert!(answer["users"][0]["reason"].as_str().unwrap().starts_with("password"), "{answer}");
    assert_eq!(upload(app, &owner, json!({"users": [user]})).await["users"][0]["status"], "accepted");

    let taken = json!({"id": id(), "orgId": owner.org_id, "name": "Copy", "email": "OWNER@acme.ca", "permissions": [], "invitationStatus": 0, "lastUpdated": "2026-11-22T10:00:00Z"});
    let answer = upload(app, &owner, json!({"users": [taken]})).await;
    assert_eq!(answer["users"][0]["reason"], "email: another account already uses this email");

    let page = download(app, &owner, "").await;
    let text = page["users"].to_string();
    assert!(!text.contains("password") && !text.contains("argon2"), "{text}");
    assert_eq!(page["users"].as_array().unwrap().len(), 2);
    // The synced user can now be invited, and log in.
    let link = app.invite_link(&owner, &new_user).await;
    expect(app.set_password(&new_user, &crate::common::link_token(&link), "a fine password").await, StatusCode::OK).await;
    expect(app.login("newtech@acme.ca", "a fine password").await, StatusCode::OK).await;
}

async fn sync_refuses_malformed_batches(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let path = format!("/api/organizations/{}/sync", owner.org_id);
    for (body, message) in
        [(json!({"gadgets": []}), "Unknown sync key: gadgets"), (json!({"locations": {"id": "x"}}), "locations must be a list of records")]
    {
        let response = app.authed(Method::PATCH, &path, &owner.token).json(&body).send().await.unwrap();
        assert_eq!(expect(response, StatusCode::BAD_REQUEST).await["message"], message);
    }
    for query in ["?cursor=-1", "?limit=0", "?limit=abc", "?updatedSince=yesterday", "?colour=red", "?format=xml", "?format="] {
        let response = app.authed(Method::GET, &format!("{path}{query}"), &owner.token).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{query}");
    }
}

async fn a_download_goes_gzipped_to_a_client_that_accepts_it(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let site_id = id();
    let sites: Vec<Value> = (0..50).map(|n| site(&owner.org_id, &id(), &format!("Site {n}"), "2026-11-20T10:00:00Z")).collect();
    let items: Vec<Value> =
        (0..200).map(|n| equipment(&owner.org_id, &id(), &site_id, &format!("Extinguisher {n}"), "2026-11-20T10:00:00Z")).collect();
    upload(app, &owner, json!({"locations": [site(&owner.org_id, &site_id, "Main", "2026-11-20T10:00:00Z")]})).await;
    upload(app, &owner, json!({"locations": sites, "equipment": items})).await;
    let path = format!("/api/organizations/{}/sync?cursor=0", owner.org_id);

    let zipped = app.authed(Method::GET, &path, &owner.token).header(header::ACCEPT_ENCODING, "gzip").send().await.unwrap();
    assert_eq!(zipped.status(), StatusCode::OK);
    assert_eq!(zipped.headers()[header::CONTENT_ENCODING], "gzip");
    assert!(zipped.headers()[header::VARY].to_str().unwrap().to_lowercase().contains("accept-encoding"));
    let packed = zipped.bytes().await.unwrap();
    let mut text = String::new();
    flate2::read::GzDecoder::new(&packed[..]).read_to_string(&mut text).unwrap();
    assert!(packed.len() * 4 < text.len(), "{} bytes for {} of JSON", packed.len(), text.len());
    let unpacked: Value = serde_json::from_str(&text).unwrap();

    let plain = app.authed(Method::GET, &path, &owner.token).send().await.unwrap();
    assert!(plain.headers().get(header::CONTENT_ENCODING).is_none(), "no encoding the client did not ask for");
    let plain: Value = plain.json().await.unwrap();
    for key in ["locations", "equipment", "cursor", "hasMore", "serverEpoch"] {
        assert_eq!(unpacked[key], plain[key], "{key}");
    }
    assert_eq!(unpacked["equipment"].as_array().unwrap().len(), 200);
}

/// A `format=lists` page read back: its head (the object answer's fields but the records) and
/// its groups, each a header and its records.
async fn download_lists(app: &TestApp, account: &Account, query: &str) -> (Value, Vec<(Value, Vec<Value>)>) {
    let path = format!("/api/organizations/{}/sync{query}", account.org_id);
    let response = app.authed(Method::GET, &path, &account.token).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "application/x-ndjson");
    let text = response.text().await.unwrap();
    assert!(text.ends_with('\n'), "every line ends");
    let mut lines = text.lines().map(|line| serde_json::from_str::<Value>(line).unwrap_or_else(|e| panic!("{e}: {line}")));
    let head = lines.next().expect("a head line");
    let rest: Vec<Value> = lines.collect();
    assert_eq!(rest.len() % 2, 0, "a header and a list per group");
    let groups: Vec<(Value, Vec<Value>)> =
        rest.chunks(2).map(|pair| (pair[0].clone(), pair[1].as_array().expect("records as an array").clone())).collect();
    assert_eq!(head["recordCount"], groups.iter().map(|(_, records)| records.len()).sum::<usize>(), "the head counts the records");
    (head, groups)
}

async fn a_lists_answer_holds_the_pages_records_grouped_by_list(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let (north, south) = (id(), id());
    let at = "2026-11-20T10:00:00Z";
    upload(app, &owner, json!({"locations": [site(&owner.org_id, &north, "North", at), site(&owner.org_id, &south, "South", at)]})).await;
    let mut items: Vec<Value> =
        (0..5).map(|n| equipment(&owner.org_id, &id(), if n % 2 == 0 { &north } else { &south }, &format!("Item {n}"), at)).collect();
    // A line break in a field must stay inside its line's JSON string.
    items[0]["name"] = json!("Two\nlines");
    upload(app, &owner, json!({"equipment": items})).await;

    for limit in [3, 20_000] {
        let (mut cursor, mut pages) = (0, 0);
        loop {
            let plain = download(app, &owner, &format!("?cursor={cursor}&limit={limit}")).await;
            let (head, groups) = download_lists(app, &owner, &format!("?cursor={cursor}&limit={limit}&format=lists")).await;
            for field in ["cursor", "hasMore", "serverEpoch", "globalAlerts"] {
                assert_eq!(head[field], plain[field], "{field}");
            }
            assert!(head.get("equipment").is_none() && head.get("locations").is_none(), "the records are in the groups: {head}");
            let mut seen: std::collections::BTreeMap<String, Vec<Value>> = Default::default();
            for (header, records) in &groups {
                let kind = header["kind"].as_str().unwrap();
                let ids: Vec<&Value> = records.iter().map(|r| &r["id"]).collect();
                assert_eq!(header["ids"].as_array().unwrap().iter().collect::<Vec<_>>(), ids, "the header names its records");
                let site = header["locationId"].as_str().unwrap();
                for record in records {
                    let expected = if kind == "equipment" { record["locationId"].as_str().unwrap() } else { "" };
                    assert_eq!(site, expected, "{kind} grouped by its site: {record}");
                }
                let versions: Vec<i64> = records.iter().map(|r| r["version"].as_i64().unwrap()).collect();
                assert!(versions.windows(2).all(|w| w[0] < w[1]), "oldest first: {versions:?}");
                seen.entry(kind.to_string()).or_default().extend(records.iter().cloned());
            }
            for (kind, list) in plain.as_object().unwrap().iter().filter(|(_, v)| v.is_array()) {
                if kind == "globalAlerts" {
                    continue;
                }
                let mut grouped = seen.remove(kind).unwrap_or_default();
                grouped.sort_by_key(|r| r["version"].as_i64());
                assert_eq!(&grouped, list.as_array().unwrap(), "{kind}: the same records as the object answer");
            }
            assert!(seen.is_empty(), "no kind the object answer lacks: {seen:?}");
            pages += 1;
            cursor = plain["cursor"].as_i64().unwrap();
            if plain["hasMore"] == false {
                break;
            }
        }
        assert_eq!(pages, if limit == 3 { 3 } else { 1 }, "limit {limit}");
    }
    // Only what the server received since a time: none after now, all since long ago.
    for (since, some) in [("2000-01-01T00:00:00Z", true), ("2999-01-01T00:00:00Z", false)] {
        let query = format!("?updatedSince={since}");
        let plain = download(app, &owner, &query).await;
        let (head, _) = download_lists(app, &owner, &format!("{query}&format=lists")).await;
        assert_eq!((&head["cursor"], &head["hasMore"]), (&plain["cursor"], &plain["hasMore"]), "since {since}");
        let in_plain = plain
            .as_object()
            .unwrap()
            .iter()
            .filter(|(k, v)| *k != "globalAlerts" && v.is_array())
            .map(|(_, v)| v.as_array().unwrap().len())
            .sum::<usize>();
        assert_eq!(head["recordCount"], in_plain, "since {since}");
        assert_eq!(in_plain >= 7, some, "since {since}: {in_plain} records");
    }
    let (_, groups) = download_lists(app, &owner, "?format=lists").await;
    let names: Vec<&Value> = groups.iter().flat_map(|(_, records)| records.iter().map(|r| &r["name"])).collect();
    assert!(names.contains(&&json!("Two\nlines")), "{names:?}");
    let sites: Vec<(&str, &str)> = groups.iter().map(|(h, _)| (h["kind"].as_str().unwrap(), h["locationId"].as_str().unwrap())).collect();
    assert_eq!(sites.iter().filter(|(kind, _)| *kind == "equipment").count(), 2, "a group per site: {sites:?}");
}

async fn a_lists_answer_shows_each_caller_only_what_it_may_read(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let site_id = id();
    let at = "2026-11-20T10:00:00Z";
    let history = json!({"id": id(), "orgId": owner.org_id, "locationId": site_id, "equipmentId": id(), "date": at, "description": "Annual service", "type": 7, "lastUpdated": at});
    upload(app, &owner, json!({"locations": [site(&owner.org_id, &site_id, "Depot", at)], "history": [history]})).await;
    let tech = app.add_user(&owner, "tech@acme.ca", &["WEB_LOGIN", "LOCATION_READ", "EQUIPMENT_READ"]).await;

    let (_, groups) = download_lists(app, &tech, "?format=lists").await;
    let kinds: Vec<&str> = groups.iter().map(|(h, _)| h["kind"].as_str().unwrap()).collect();
    assert!(kinds.contains(&"locations") && !kinds.contains(&"history"), "history needs HISTORY_READ: {kinds:?}");
    let users: Vec<&Value> = groups.iter().filter(|(h, _)| h["kind"] == "users").flat_map(|(_, r)| r).collect();
    assert_eq!(users.len(), 2);
    for user in users {
        let own = user["id"] == tech.user_id.as_str();
        assert_eq!(user.get("email").is_some(), own, "another user's email needs SETTINGS_READ: {user}");
    }

    // Page by page, users among other kinds on a page: each lists page holds what the object
    // page holds, another user's record trimmed in both.
    upload(app, &owner, json!({"locations": [site(&owner.org_id, &id(), "Yard", at)]})).await;
    app.add_user(&owner, "second@acme.ca", &["WEB_LOGIN"]).await;
    upload(app, &owner, json!({"locations": [site(&owner.org_id, &id(), "Annex", at)]})).await;
    for limit in [1, 2, 3] {
        let (mut cursor, mut users_seen) = (0, 0);
        loop {
            let plain = download(app, &tech, &format!("?cursor={cursor}&limit={limit}")).await;
            let (head, groups) = download_lists(app, &tech, &format!("?cursor={cursor}&limit={limit}&format=lists")).await;
            assert_eq!((&head["cursor"], &head["hasMore"]), (&plain["cursor"], &plain["hasMore"]), "limit {limit}, cursor {cursor}");
            for kind in ["users", "locations"] {
                let listed: Vec<&Value> = groups.iter().filter(|(h, _)| h["kind"] == kind).flat_map(|(_, r)| r).collect();
                let plain_list: Vec<&Value> = plain[kind].as_array().map(|l| l.iter().collect()).unwrap_or_default();
                assert_eq!(listed, plain_list, "{kind}, limit {limit}, cursor {cursor}");
            }
            users_seen += plain["users"].as_array().map_or(0, Vec::len);
            cursor = plain["cursor"].as_i64().unwrap();
            if plain["hasMore"] == false {
                break;
            }
        }
        assert_eq!(users_seen, 3, "limit {limit}");
    }
    // Only what came since a moment, page by page: the page's own users, as the object answer has them.
    let since = download(app, &tech, "").await["serverTime"].as_str().unwrap().to_string();
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    app.add_user(&owner, "third@acme.ca", &["WEB_LOGIN"]).await;
    upload(app, &owner, json!({"locations": [site(&owner.org_id, &id(), "Shed", at)]})).await;
    app.add_user(&owner, "fourth@acme.ca", &["WEB_LOGIN"]).await;
    let (mut cursor, mut users_seen) = (0, 0);
    loop {
        let query = format!("?cursor={cursor}&limit=1&updatedSince={since}");
        let plain = download(app, &tech, &query).await;
        let (head, groups) = download_lists(app, &tech, &format!("{query}&format=lists")).await;
        assert_eq!((&head["cursor"], &head["hasMore"]), (&plain["cursor"], &plain["hasMore"]), "since {since}, cursor {cursor}");
        let listed: Vec<&Value> = groups.iter().filter(|(h, _)| h["kind"] == "users").flat_map(|(_, r)| r).collect();
        let plain_users: Vec<&Value> = plain["users"].as_array().map(|l| l.iter().collect()).unwrap_or_default();
        assert_eq!(listed, plain_users, "since {since}, cursor {cursor}");
        users_seen += listed.len();
        cursor = plain["cursor"].as_i64().unwrap();
        if plain["hasMore"] == false {
            break;
        }
    }
    assert_eq!(users_seen, 2, "the two users added since");

    let stranger = app.sign_up("stranger@rival.ca").await;
    upload(app, &stranger, json!({"locations": [site(&stranger.org_id, &id(), "Rival Depot", at)]})).await;
    let path = format!("/api/organizations/{}/sync?format=lists", stranger.org_id);
    let response = app.authed(Method::GET, &path, &owner.token).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN, "another organisation's id");
    let (_, mine) = download_lists(app, &owner, "?format=lists").await;
    assert!(!serde_json::to_string(&mine).unwrap().contains("Rival Depot"));
}
