//! The CSV import: sites, equipment and service history mapped column by
//! column, a dry run that lists every rejected row and writes nothing, a real run whose
//! records come down through sync, and the completed import record in /api/imports.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::common::{Account, TestApp, expect, expect_error};

crate::on_both_engines!(
    a_good_file_of_each_kind_arrives_through_sync,
    bad_rows_are_listed_by_the_dry_run_and_skipped_by_the_real_run,
    history_rows_are_matched_and_their_dates_read,
    mapping_mistakes_and_unknown_fields_are_refused,
    quoted_fields_keep_their_commas_and_newlines,
    permissions_and_other_organisations
);

const STAMP: &str = "2026-01-05T10:00:00Z";

async fn import(app: &TestApp, account: &Account, kind: &str, csv: &str, mapping: Value, dry_run: bool) -> reqwest::Response {
    let path = format!("/api/organizations/{}/imports/csv", account.org_id);
    let body = json!({"kind": kind, "csv": csv, "mapping": mapping, "dryRun": dry_run});
    app.authed(Method::POST, &path, &account.token).json(&body).send().await.unwrap()
}

/// Everything the account's sync feed holds, keyed by sync key.
async fn synced(app: &TestApp, account: &Account) -> Value {
    let path = format!("/api/organizations/{}/sync?cursor=0&limit=20000", account.org_id);
    expect(app.authed(Method::GET, &path, &account.token).send().await.unwrap(), StatusCode::OK).await
}

fn named<'a>(feed: &'a Value, key: &str, field: &str, value: &str) -> &'a Value {
    feed[key].as_array().unwrap().iter().find(|record| record[field] == value).unwrap_or_else(|| panic!("{key} with {field} {value}"))
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

const SITES: &str = "Site name,Number,Zone,Town,TZ\nDepot,101,3,Toronto,America/Toronto\nHarbourfront,,,Halifax,America/Halifax\n";

fn site_mapping() -> Value {
    json!({"name": "Site name", "siteNumber": "Number", "zone": "Zone", "city": "Town", "timeZone": "TZ"})
}

fn equipment_mapping() -> Value {
    json!({"site": "Site", "name": "Where", "barcode": "Tag", "equipmentType": "Type", "model": "Model",
           "serialNumber": "Serial", "manufactureDate": "Made"})
}

async fn a_good_file_of_each_kind_arrives_through_sync(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;

    let dry = expect(import(app, &owner, "sites", SITES, site_mapping(), true).await, StatusCode::OK).await;
    assert_eq!(dry["data"], json!({"rows": 2, "accepted": 2, "rejected": []}));
    assert!(synced(app, &owner).await["locations"].as_array().unwrap().is_empty(), "a dry run writes nothing");

    let done = expect(import(app, &owner, "sites", SITES, site_mapping(), false).await, StatusCode::CREATED).await;
    assert_eq!((done["data"]["rows"].clone(), done["data"]["accepted"].clone()), (json!(2), json!(2)));
    let record = &done["data"]["import"];
    assert_eq!(record["source"], "csv");
    assert_eq!(record["orgId"], owner.org_id.as_str());
    assert_eq!(record["recordsWritten"], 2);
    assert_eq!(record["rowsRejected"], 0);
    assert_eq!(record["progress"], json!({"done": 2, "total": 2}));
    assert_eq!(record["error"], Value::Null);
    assert!(record["dateCompleted"].as_str().is_some_and(|at| at.parse::<jiff::Timestamp>().is_ok()), "{record}");
    let feed = synced(app, &owner).await;
    let depot = named(&feed, "locations", "name", "Depot");
    assert_eq!((depot["customerNumber"].clone(), depot["zone"].clone(), depot["city"].clone()), (json!("101"), json!(3), json!("Toronto")));
    assert_eq!((depot["status"].clone(), depot["timeZone"].clone()), (json!("active"), json!("America/Toronto")));
    assert!(depot["version"].as_i64().unwrap() > 0);
    let harbour = named(&feed, "locations", "name", "Harbourfront");

    // An existing model of a type; a new model of a new type, shared by two rows.
    let (type_id, model_id) = (fieldtag_store::new_id(), fieldtag_store::new_id());
    upload(
        app,
        &owner,
        json!({"equipmentTypes": [{"id": type_id, "orgId": owner.org_id, "lastUpdated": STAMP, "name": "Extinguisher"}],
               "models": [{"id": model_id, "orgId": owner.org_id, "lastUpdated": STAMP, "name": "B500", "equipmentTypeId": type_id}]}),
    )
    .await;
    let items = "Site,Where,Tag,Type,Model,Serial,Made\n\
                 101,Lobby,A1,extinguisher,b500,S-1,2020-04-01\n\
                 Harbourfront,Kitchen,A2,Hood,K-9,,15/06/2019\n\
                 harbourfront,Hall,A3,Hood,K-9,,\n\
                 Depot,Store room,,,,,\n";
    let done = expect(import(app, &owner, "equipment", items, equipment_mapping(), false).await, StatusCode::CREATED).await;
    assert_eq!(done["data"]["rejected"], json!([]));
    assert_eq!(done["data"]["accepted"], 4);
    assert_eq!(done["data"]["import"]["recordsWritten"], 6, "four items, one type and one model");
    let feed = synced(app, &owner).await;
    let lobby = named(&feed, "equipment", "barcode", "A1");
    assert_eq!((lobby["locationId"].clone(), lobby["modelId"].clone()), (depot["id"].clone(), json!(model_id)));
    assert_eq!((lobby["serialNumber"].clone(), lobby["manufactureDate"].clone()), (json!("S-1"), json!("2020-04-01")));
    let kitchen = named(&feed, "equipment", "barcode", "A2");
    assert_eq!(kitchen["locationId"], harbour["id"]);
    assert_eq!(kitchen["manufactureDate"], "2019-06-15");
    let hood = named(&feed, "equipmentTypes", "name", "Hood");
    let k9 = named(&feed, "models", "name", "K-9");
    assert_eq!(k9["equipmentTypeId"], hood["id"]);
    assert_eq!(kitchen["modelId"], k9["id"]);
    assert_eq!(named(&feed, "equipment", "barcode", "A3")["modelId"], k9["id"]);
    assert_eq!(feed["models"].as_array().unwrap().len(), 2, "K-9 is created once");
    assert!(named(&feed, "equipment", "name", "Store room").get("modelId").is_none());

    // The import records, newest first, as the imports list shows them.
    let path = format!("/api/imports?orgId={}", owner.org_id);
    let list = expect(app.authed(Method::GET, &path, &owner.token).send().await.unwrap(), StatusCode::OK).await;
    let csv_imports: Vec<&Value> = list["data"].as_array().unwrap().iter().filter(|import| import["source"] == "csv").collect();
    assert_eq!(csv_imports.len(), 2, "{list}");
    assert_eq!(csv_imports[0]["id"], done["data"]["import"]["id"]);
    assert_eq!(csv_imports[0]["recordsWritten"], 6);
    assert_eq!(csv_imports[1]["id"], record["id"]);
}

async fn bad_rows_are_listed_by_the_dry_run_and_skipped_by_the_real_run(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    expect(import(app, &owner, "sites", SITES, site_mapping(), false).await, StatusCode::CREATED).await;
    expect(
        import(
            app,
            &owner,
            "equipment",
            "Site,Where,Tag\n101,Lobby,A1\n",
            json!({"site": "Site", "name": "Where", "barcode": "Tag"}),
            false,
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    let type_id = fieldtag_store::new_id();
    upload(
        app,
        &owner,
        json!({"equipmentTypes": [{"id": type_id, "orgId": owner.org_id, "lastUpdated": STAMP, "name": "Extinguisher"}],
               "models": [{"id": fieldtag_store::new_id(), "orgId": owner.org_id, "lastUpdated": STAMP, "name": "B500", "equipmentTypeId": type_id}]}),
    )
    .await;
    let before = synced(app, &owner).await;

    let items = "Site,Where,Tag,Type,Model,Serial,Made\n\
                 101,Good one,B1,,,,\n\
                 Nowhere,Lobby,B2,,,,\n\
                 101,Hall,A1,,,,\n\
                 101,Hall,B1,,,,\n\
                 101,,B5,,,,\n\
                 101,Office,B6,Extinguisher,,,\n\
                 101,Office,B7,Hose,B500,,\n\
                 101,Office,B8,,,,03/04/2020\n\
                 101,Office,B9,,,,someday\n\
                 101,Office,B10,,,,,extra\n\
                 Depot,Good two,B11,,,,2021-02-03\n";
    let dry = expect(import(app, &owner, "equipment", items, equipment_mapping(), true).await, StatusCode::OK).await;
    let expected = json!([
        {"row": 3, "reason": "Column 'Site': no site has the number or name 'Nowhere'; import the sites first"},
        {"row": 4, "reason": "Column 'Tag': barcode 'A1' is already used by another item"},
        {"row": 5, "reason": "Column 'Tag': barcode 'B1' is already used by the item on line 2"},
        {"row": 6, "reason": "Column 'Where': is empty, and it is required"},
        {"row": 7, "reason": "Column 'Type': an item's type comes from its model: give the model too"},
        {"row": 8, "reason": "Column 'Type': model 'B500' is of the type 'Extinguisher', not 'Hose'"},
        {"row": 9, "reason": "Column 'Made': '03/04/2020' could be day/month or month/day; write it like 2024-03-10"},
        {"row": 10, "reason": "Column 'Made': 'someday' is not a date; write it like 2024-03-10"},
        {"row": 11, "reason": "The row has 8 cells but the header line names 7 columns"},
    ]);
    assert_eq!(dry["data"], json!({"rows": 11, "accepted": 2, "rejected": expected}));
    let after_dry = synced(app, &owner).await;
    assert_eq!(after_dry["cursor"], before["cursor"], "a dry run writes nothing");
    assert_eq!(after_dry["equipment"], before["equipment"]);

    let done = expect(import(app, &owner, "equipment", items, equipment_mapping(), false).await, StatusCode::CREATED).await;
    assert_eq!(done["data"]["rejected"], expected, "the real run rejects the same rows");
    assert_eq!((done["data"]["accepted"].clone(), done["data"]["import"]["rowsRejected"].clone()), (json!(2), json!(9)));
    assert_eq!(done["data"]["import"]["recordsWritten"], 2);
    let feed = synced(app, &owner).await;
    let barcodes: Vec<&str> = feed["equipment"].as_array().unwrap().iter().map(|item| item["barcode"].as_str().unwrap()).collect();
    assert_eq!(barcodes.len(), 3, "{barcodes:?}");
    assert!(barcodes.contains(&"B1") && barcodes.contains(&"B11"), "{barcodes:?}");
    assert_eq!(feed["models"].as_array().unwrap().len(), 1, "no model of a rejected row");
    assert_eq!(feed["equipmentTypes"].as_array().unwrap().len(), 1, "no type of a rejected row");

    // A site number or name already taken.
    let sites = "Site name,Number,TZ\nDepot Two,101,America/Toronto\nHarbourfront,,America/Halifax\nNew,,Mars/Base\nNew,,America/Toronto\n";
    let mapping = json!({"name": "Site name", "siteNumber": "Number", "timeZone": "TZ"});
    let dry = expect(import(app, &owner, "sites", sites, mapping, true).await, StatusCode::OK).await;
    assert_eq!(
        dry["data"]["rejected"],
        json!([
            {"row": 2, "reason": "Column 'Number': site number '101' is already used by the site 'Depot'"},
            {"row": 3, "reason": "Column 'Site name': a site named 'Harbourfront' already exists; give this one a site number to import it beside it"},
            {"row": 4, "reason": "Column 'TZ': must be a known time zone, like America/Toronto"},
        ])
    );
    assert_eq!(dry["data"]["accepted"], 1);
}

async fn history_rows_are_matched_and_their_dates_read(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let tech = app.add_user(&owner, "tech@acme.ca", &["WEB_LOGIN"]).await;
    expect(import(app, &owner, "sites", SITES, site_mapping(), false).await, StatusCode::CREATED).await;
    let items = "Site,Where,Tag,Type,Model,Serial,Made\n101,Lobby,A1,Extinguisher,B500,,\n101,Hall,A2,,,,\n";
    expect(import(app, &owner, "equipment", items, equipment_mapping(), false).await, StatusCode::CREATED).await;
    let feed = synced(app, &owner).await;
    let type_id = named(&feed, "equipmentTypes", "name", "Extinguisher")["id"].as_str().unwrap().to_string();
    let (lobby, hall) = (named(&feed, "equipment", "barcode", "A1").clone(), named(&feed, "equipment", "barcode", "A2").clone());
    let annual = fieldtag_store::new_id();
    let service = json!({"id": annual, "orgId": owner.org_id, "lastUpdated": STAMP, "name": "Annual inspection",
                         "equipmentTypeId": type_id, "dueWhen": "any", "frequencyType": 7, "frequency": 1});
    upload(app, &owner, json!({"serviceTypes": [service]})).await;

    let history = "Tag,When,Service,Outcome,Comments,By\n\
                   A1,2024-03-10,annual inspection,Pass,,Invited\n\
                   A1,\"March 12, 2025\",Annual inspection,Pass,Gauge low,Bob Smith\n\
                   A2,10/31/2024,,,Repainted,tech@acme.ca\n\
                   A9,2024-03-10,,Pass,,\n\
                   A1,yesterday,Annual inspection,,,\n\
                   A1,2024-03-10,Monthly,,,\n\
                   A2,2024-03-10,,,,\n";
    let mapping =
        json!({"barcode": "Tag", "date": "When", "serviceType": "Service", "result": "Outcome", "notes": "Comments", "technician": "By"});
    let done = expect(import(app, &owner, "history", history, mapping, false).await, StatusCode::CREATED).await;
    assert_eq!(
        done["data"]["rejected"],
        json!([
            {"row": 5, "reason": "Column 'Tag': no item has the barcode 'A9'"},
            {"row": 6, "reason": "Column 'When': 'yesterday' is not a date; write it like 2024-03-10"},
            {"row": 7, "reason": "Column 'Service': no service type is named 'Monthly'; add it in Settings first"},
            {"row": 8, "reason": "The row has no service type, result or notes to describe it"},
        ])
    );
    assert_eq!(done["data"]["accepted"], 3);
    assert_eq!(done["data"]["import"]["recordsWritten"], 4, "three history records and one performed service");

    let feed = synced(app, &owner).await;
    let first = named(&feed, "history", "date", "2024-03-10");
    assert_eq!(first["description"], "Annual inspection – Pass");
    assert_eq!((first["type"].clone(), first["relevantId"].clone()), (json!(2), json!(annual)));
    assert_eq!((first["equipmentId"].clone(), first["locationId"].clone()), (lobby["id"].clone(), lobby["locationId"].clone()));
    assert_eq!(first["userId"], tech.user_id.as_str(), "matched by the user's name");
    let second = named(&feed, "history", "date", "2025-03-12");
    assert_eq!(second["description"], "Annual inspection – Pass – Gauge low – technician: Bob Smith");
    assert!(second.get("userId").is_none());
    let third = named(&feed, "history", "date", "2024-10-31");
    assert_eq!((third["type"].clone(), third["description"].clone()), (json!(7), json!("Repainted")));
    assert_eq!((third["equipmentId"].clone(), third["userId"].clone()), (hall["id"].clone(), json!(tech.user_id)));
    let performed = feed["performedServices"].as_array().unwrap();
    assert_eq!(performed.len(), 1);
    assert_eq!(performed[0]["id"], format!("{}-{annual}", lobby["id"].as_str().unwrap()));
    assert_eq!(performed[0]["lastDate"], "2025-03-12", "the latest imported date");

    // An older service date leaves the performed service's later date alone.
    let older = "Tag,When,Service\nA1,2023-01-01,Annual inspection\n";
    let done = expect(
        import(app, &owner, "history", older, json!({"barcode": "Tag", "date": "When", "serviceType": "Service"}), false).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(done["data"]["import"]["recordsWritten"], 1);
    let feed = synced(app, &owner).await;
    assert_eq!(feed["performedServices"][0]["lastDate"], "2025-03-12");
}

async fn mapping_mistakes_and_unknown_fields_are_refused(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let path = format!("/api/organizations/{}/imports/csv", owner.org_id);
    let send = |body: Value| app.authed(Method::POST, &path, &owner.token).json(&body).send();

    let body = expect(
        send(json!({"kind": "sites", "csv": SITES, "mapping": site_mapping(), "dryRun": true, "foo": 1})).await.unwrap(),
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(body["message"].as_str().unwrap().contains("unknown field `foo`"), "{body}");
    let body =
        expect(send(json!({"kind": "trucks", "csv": SITES, "mapping": {}, "dryRun": true})).await.unwrap(), StatusCode::BAD_REQUEST).await;
    assert!(body["message"].as_str().unwrap().contains("unknown variant `trucks`"), "{body}");
    let body =
        expect(send(json!({"kind": "sites", "csv": SITES, "mapping": site_mapping()})).await.unwrap(), StatusCode::BAD_REQUEST).await;
    assert!(body["message"].as_str().unwrap().contains("missing field `dryRun`"), "{body}");

    let refused = [
        (json!({"name": "Site name", "timeZone": "TZ", "colour": "Zone"}), "Unknown field 'colour' in the mapping of a sites import"),
        (json!({"name": "Site name"}), "The field 'timeZone' (Time zone (e.g. America/Toronto)) is required: map it to a column"),
        (json!({"name": "Site name", "timeZone": "Zone name"}), "Column 'Zone name' (mapped to timeZone) is not in the file's header line"),
    ];
    for (mapping, message) in refused {
        expect_error(import(app, &owner, "sites", SITES, mapping, true).await, StatusCode::BAD_REQUEST, "BadRequest", message).await;
    }
    expect_error(
        import(app, &owner, "sites", "", site_mapping(), true).await,
        StatusCode::BAD_REQUEST,
        "BadRequest",
        "The file is empty: its first line must name the columns",
    )
    .await;
    expect_error(
        import(app, &owner, "sites", "Name,Name,TZ\nA,B,UTC\n", json!({"name": "Name", "timeZone": "TZ"}), true).await,
        StatusCode::BAD_REQUEST,
        "BadRequest",
        "Column 'Name' (mapped to name) appears twice in the header line",
    )
    .await;
    expect_error(
        import(app, &owner, "equipment", SITES, json!({"name": "Site name"}), true).await,
        StatusCode::BAD_REQUEST,
        "BadRequest",
        "The field 'site' (Site (its number or name)) is required: map it to a column",
    )
    .await;
    let path = format!("/api/imports?orgId={}", owner.org_id);
    let list = expect(app.authed(Method::GET, &path, &owner.token).send().await.unwrap(), StatusCode::OK).await;
    assert_eq!(list["data"], json!([]), "refused requests record no import");
}

async fn quoted_fields_keep_their_commas_and_newlines(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let sites = "\u{feff}Name,TZ,Address,Note\n\
                 \"Smith, Jones & Co\",America/Toronto,\"12 King St, Unit 4\",\"Ring twice\nthen wait\"\n\
                 \"Quote \"\"Q\"\" Ltd\",America/Toronto,,\n\
                 ,America/Toronto,,\n";
    let mapping = json!({"name": "Name", "timeZone": "TZ", "address": "Address", "note": "Note"});
    let done = expect(import(app, &owner, "sites", sites, mapping, false).await, StatusCode::CREATED).await;
    // The blank name is on line 5: the note's newline makes the first row two lines long.
    assert_eq!(done["data"]["rejected"], json!([{"row": 5, "reason": "Column 'Name': is empty, and it is required"}]));
    let feed = synced(app, &owner).await;
    let smith = named(&feed, "locations", "name", "Smith, Jones & Co");
    assert_eq!((smith["address"].clone(), smith["note"].clone()), (json!("12 King St, Unit 4"), json!("Ring twice\nthen wait")));
    named(&feed, "locations", "name", "Quote \"Q\" Ltd");
}

async fn permissions_and_other_organisations(app: &TestApp) {
    let owner = app.sign_up("owner@acme.ca").await;
    let rival = app.sign_up("owner@rival.ca").await;
    let reader = app.add_user(&owner, "reader@acme.ca", &["WEB_LOGIN", "SETTINGS_READ", "LOCATION_WRITE", "EQUIPMENT_WRITE"]).await;
    let stranger = app.add_user(&owner, "tech@acme.ca", &["WEB_LOGIN"]).await;
    let fields_path = format!("/api/organizations/{}/imports/csv/fields", owner.org_id);

    let fields = expect(app.authed(Method::GET, &fields_path, &reader.token).send().await.unwrap(), StatusCode::OK).await;
    let names = |kind: &str| -> Vec<String> {
        fields["data"][kind].as_array().unwrap().iter().map(|field| field["name"].as_str().unwrap().to_string()).collect()
    };
    assert_eq!(names("history"), ["barcode", "date", "serviceType", "result", "notes", "technician"]);
    assert!(names("sites").contains(&"siteNumber".to_string()));
    assert_eq!(fields["data"]["equipment"][0], json!({"name": "site", "label": "Site (its number or name)", "required": true}));
    expect_error(
        app.authed(Method::GET, &fields_path, &stranger.token).send().await.unwrap(),
        StatusCode::FORBIDDEN,
        "Forbidden",
        "You need the SETTINGS_READ permission",
    )
    .await;
    expect_error(
        app.authed(Method::GET, &fields_path, &rival.token).send().await.unwrap(),
        StatusCode::FORBIDDEN,
        "Forbidden",
        "You do not have access to this organization",
    )
    .await;

    expect_error(
        import(app, &reader, "sites", SITES, site_mapping(), true).await,
        StatusCode::FORBIDDEN,
        "Forbidden",
        "You need the SETTINGS_WRITE permission",
    )
    .await;
    // The rival's token on the owner's organisation.
    let path = format!("/api/organizations/{}/imports/csv", owner.org_id);
    let body = json!({"kind": "sites", "csv": SITES, "mapping": site_mapping(), "dryRun": false});
    expect_error(
        app.authed(Method::POST, &path, &rival.token).json(&body).send().await.unwrap(),
        StatusCode::FORBIDDEN,
        "Forbidden",
        "You do not have access to this organization",
    )
    .await;
    assert!(synced(app, &owner).await["locations"].as_array().unwrap().is_empty());

    // The rival's own import stays in the rival's organisation, and its equipment cannot
    // name the owner's sites.
    expect(import(app, &owner, "sites", SITES, site_mapping(), false).await, StatusCode::CREATED).await;
    let dry = expect(
        import(app, &rival, "equipment", "Site,Where\n101,Lobby\n", json!({"site": "Site", "name": "Where"}), true).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(dry["data"]["rejected"][0]["reason"], "Column 'Site': no site has the number or name '101'; import the sites first");
    expect(import(app, &rival, "sites", SITES, site_mapping(), false).await, StatusCode::CREATED).await;
    assert_eq!(synced(app, &owner).await["locations"].as_array().unwrap().len(), 2);
    assert_eq!(synced(app, &rival).await["locations"].as_array().unwrap().len(), 2);
}
