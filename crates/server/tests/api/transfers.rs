//! Transfers move equipment and what belongs to it, and nothing else.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{Account, TestApp, expect, expect_error};

crate::on_both_engines!(
    transfer_moves_equipment_with_its_records,
    transfers_are_refused_clearly,
    moves_synced_from_the_app_are_billed_once,
    a_model_with_an_empty_sku_bills_as_one_without
);

fn id() -> String {
    fieldtag_store::new_id()
}

const STAMP: &str = "2026-11-20T10:00:00Z";

fn site(org: &str, id: &str, name: &str) -> Value {
    json!({"id": id, "orgId": org, "name": name, "status": "active", "timeZone": "America/Toronto", "lastUpdated": STAMP})
}

async fn upload(app: &TestApp, account: &Account, body: Value) -> Value {
    let path = format!("/api/organizations/{}/sync", account.org_id);
    let answer = expect(app.authed(Method::PATCH, &path, &account.token).json(&body).send().await.unwrap(), StatusCode::OK).await;
    for (key, list) in answer.as_object().unwrap().iter().filter(|(key, _)| *key != "serverTime") {
        for item in list.as_array().unwrap() {
            assert_eq!(item["status"], "accepted", "{key}: {item}");
        }
    }
    answer
}

async fn transfer(app: &TestApp, account: &Account, from: &str, body: Value) -> reqwest::Response {
    let path = format!("/api/organizations/{}/locations/{from}/equipment/transfers", account.org_id);
    app.authed(Method::POST, &path, &account.token).json(&body).send().await.unwrap()
}

/// Two sites, a model with a SKU, and an item at the first site with its history,
/// performed service and deficiency, plus a neighbour that must not move.
async fn stock(app: &TestApp, owner: &Account) -> (String, String, String, String) {
    let org = owner.org_id.as_str();
    let (from, to, type_id, model_id, service_id, item, neighbour) = (id(), id(), id(), id(), id(), id(), id());
    upload(
        app,
        owner,
        json!({
            "locations": [site(org, &from, "Warehouse"), site(org, &to, "Arena")],
            "equipmentTypes": [{"id": type_id, "orgId": org, "name": "Extinguisher", "lastUpdated": STAMP}],
            "models": [{"id": model_id, "orgId": org, "name": "B500", "equipmentTypeId": type_id, "sku": "EXT-B500", "lastUpdated": STAMP}],
            "serviceTypes": [{"id": service_id, "orgId": org, "name": "Annual", "equipmentTypeId": type_id, "dueWhen": "any", "frequencyType": 7, "frequency": 1, "conditions": [], "lastUpdated": STAMP}],
            "equipment": [
                {"id": item, "orgId": org, "locationId": from, "name": "Lobby", "modelId": model_id, "barcode": "FT-1", "lastUpdated": STAMP},
                {"id": neighbour, "orgId": org, "locationId": from, "name": "Kitchen", "modelId": model_id, "barcode": "FT-2", "lastUpdated": STAMP},
            ],
            "history": [
                {"id": id(), "orgId": org, "locationId": from, "happenedAtLocationId": from, "equipmentId": item, "date": STAMP, "description": "Added", "type": 5, "lastUpdated": STAMP},
                {"id": id(), "orgId": org, "locationId": from, "happenedAtLocationId": from, "equipmentId": neighbour, "date": STAMP, "description": "Added", "type": 5, "lastUpdated": STAMP},
            ],
            "performedServices": [{"id": format!("{item}-{service_id}"), "orgId": org, "locationId": from, "equipmentId": item, "serviceTypeId": service_id, "lastDate": STAMP, "lastUpdated": STAMP}],
            "deficiencies": [{"id": id(), "orgId": org, "locationId": from, "happenedAtLocationId": from, "equipmentId": item, "serviceTypeId": service_id, "description": "Pin missing", "dateOpened": STAMP, "lastUpdated": STAMP}],
        }),
    )
    .await;
    (from, to, item, neighbour)
}

async fn transfer_moves_equipment_with_its_records(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let (from, to, item, neighbour) = stock(app, &owner).await;
    let cursor = expect(
        app.authed(Method::GET, &format!("/api/organizations/{}/sync", owner.org_id), &owner.token).send().await.unwrap(),
        StatusCode::OK,
    )
    .await["cursor"]
        .as_i64()
        .unwrap();

    let response = transfer(
        app,
        &owner,
        &from,
        json!({"data": {"equipmentId": item, "toLocationId": to, "fromLocationId": from, "orgId": owner.org_id}}),
    )
    .await;
    let answer = expect(response, StatusCode::CREATED).await;
    assert_eq!(answer["movedRecords"], 4, "the item, its history, performed service and deficiency: {answer}");

    let path = format!("/api/organizations/{}/sync?cursor={cursor}", owner.org_id);
    let changes = expect(app.authed(Method::GET, &path, &owner.token).send().await.unwrap(), StatusCode::OK).await;
    for key in ["equipment", "history", "performedServices", "deficiencies"] {
        let list = changes[key].as_array().unwrap();
        assert_eq!(list.len(), 1, "{key}: {changes}");
        assert_eq!(list[0]["locationId"], to.as_str(), "{key} moved");
        assert_eq!(list[0]["lastUpdated"], answer["dateServerTime"]);
    }
    assert_eq!(changes["history"][0]["happenedAtLocationId"], from.as_str(), "where it happened stays true");
    let stays = app.store.record(&owner.org_id, "equipment", &neighbour).await.unwrap().unwrap();
    assert_eq!(stays.location_id.as_deref(), Some(from.as_str()));
    assert_eq!(app.store.billing_counts(&owner.org_id, "transfer").await.unwrap(), vec![(Some("EXT-B500".to_string()), 1)]);
}

/// A model whose SKU was cleared ("") counts with the things that have none, as the sync's moves
/// do, not on a line of its own.
async fn a_model_with_an_empty_sku_bills_as_one_without(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let org = owner.org_id.as_str();
    let (from, to, type_id, model_id, item) = (id(), id(), id(), id(), id());
    upload(
        app,
        &owner,
        json!({
            "locations": [site(org, &from, "Warehouse"), site(org, &to, "Arena")],
            "equipmentTypes": [{"id": type_id, "orgId": org, "name": "Extinguisher", "lastUpdated": STAMP}],
            "models": [{"id": model_id, "orgId": org, "name": "B500", "equipmentTypeId": type_id, "sku": "", "lastUpdated": STAMP}],
            "equipment": [{"id": item, "orgId": org, "locationId": from, "name": "Lobby", "modelId": model_id, "barcode": "FT-1", "lastUpdated": STAMP}],
        }),
    )
    .await;
    let body = json!({"data": {"equipmentId": item, "toLocationId": to, "fromLocationId": from, "orgId": org}});
    expect(transfer(app, &owner, &from, body).await, StatusCode::CREATED).await;
    assert_eq!(app.store.billing_counts(org, "transfer").await.unwrap(), vec![(None, 1)]);
}

async fn transfers_are_refused_clearly(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let (from, to, item, _) = stock(app, &owner).await;
    let rival = app.sign_up("owner@rival.ca").await;
    let rival_site = id();
    upload(app, &rival, json!({"locations": [site(&rival.org_id, &rival_site, "Theirs")]})).await;

    let cases = [
        (from.clone(), json!({"data": {"equipmentId": id(), "toLocationId": to}}), StatusCode::NOT_FOUND, "Equipment not found"),
        (
            to.clone(),
            json!({"data": {"equipmentId": item, "toLocationId": from}}),
            StatusCode::BAD_REQUEST,
            "The equipment is not at that site",
        ),
        (
            from.clone(),
            json!({"data": {"equipmentId": item, "toLocationId": rival_site}}),
            StatusCode::NOT_FOUND,
            "The target site was not found",
        ),
        (
            from.clone(),
            json!({"data": {"equipmentId": item, "toLocationId": from}}),
            StatusCode::BAD_REQUEST,
            "The equipment is already at that site",
        ),
        (
            from.clone(),
            json!({"data": {"equipmentId": item, "toLocationId": to, "orgId": rival.org_id}}),
            StatusCode::BAD_REQUEST,
            "orgId does not match your organization",
        ),
    ];
    for (source, body, status, message) in cases {
        let code = if status == StatusCode::NOT_FOUND { "NotFound" } else { "BadRequest" };
        expect_error(transfer(app, &owner, &source, body).await, status, code, message).await;
    }
    let viewer = app.add_user(&owner, "viewer@acme.ca", &["EQUIPMENT_READ"]).await;
    let response = transfer(app, &viewer, &from, json!({"data": {"equipmentId": item, "toLocationId": to}})).await;
    expect_error(response, StatusCode::FORBIDDEN, "Forbidden", "You need the EQUIPMENT_WRITE permission").await;
    let unmoved = app.store.record(&owner.org_id, "equipment", &item).await.unwrap().unwrap();
    assert_eq!(unmoved.location_id.as_deref(), Some(from.as_str()), "nothing moved");
    assert!(app.store.billing_counts(&owner.org_id, "transfer").await.unwrap().is_empty());
}

fn move_record(org: &str, item: &str, kind: i64, from: &str, to: &str) -> Value {
    json!({"id": id(), "orgId": org, "locationId": to, "happenedAtLocationId": from, "equipmentId": item, "date": STAMP,
           "description": "Moved", "type": kind, "lastUpdated": STAMP,
           "changes": {"before": {"locationId": from}, "after": {"locationId": to}}})
}

/// The app moves equipment locally (§7) and syncs the move with its history record, which the
/// server bills: a data change that moves the item is a transfer, a swap and a replacement
/// count under their names, each once however often the record is sent.
async fn moves_synced_from_the_app_are_billed_once(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let org = owner.org_id.clone();
    let (from, to, item, neighbour) = stock(app, &owner).await;
    let moved = |location: &str, name: &str, equipment: &str| json!({"id": equipment, "orgId": org, "locationId": location, "name": name, "lastUpdated": "2026-11-21T10:00:00Z"});
    let transfer = move_record(&org, &item, 6, &from, &to);
    let mut moved_item = moved(&to, "Lobby", &item);
    moved_item["modelId"] = app.store.record(&org, "equipment", &item).await.unwrap().unwrap().data["modelId"].clone();
    upload(app, &owner, json!({"equipment": [moved_item], "history": [transfer.clone()]})).await;
    upload(app, &owner, json!({"history": [transfer]})).await;
    assert_eq!(
        app.store.billing_counts(&org, "transfer").await.unwrap(),
        vec![(Some("EXT-B500".to_string()), 1)],
        "sent twice, billed once"
    );

    let swap = move_record(&org, &neighbour, 9, &from, &to);
    let replaced = move_record(&org, &item, 10, &to, &from);
    let retired = json!({"id": id(), "orgId": org, "locationId": from, "equipmentId": neighbour, "date": STAMP, "description": "Replaced", "type": 10, "lastUpdated": STAMP});
    let performed = move_record(&org, &item, 2, &from, &to);
    upload(app, &owner, json!({"history": [swap, replaced, retired, performed]})).await;
    assert_eq!(app.store.billing_counts(&org, "swap").await.unwrap(), vec![(Some("EXT-B500".to_string()), 1)]);
    assert_eq!(
        app.store.billing_counts(&org, "replace").await.unwrap(),
        vec![(Some("EXT-B500".to_string()), 1)],
        "the retired item did not move"
    );
    assert_eq!(
        app.store.billing_counts(&org, "transfer").await.unwrap(),
        vec![(Some("EXT-B500".to_string()), 1)],
        "a performed service is not a move"
    );
}
