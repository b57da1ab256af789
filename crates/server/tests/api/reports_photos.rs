//! Field evidence in the reports: photo thumbnails in the deficiency and inspection reports
//! ('Photo not yet uploaded' for a photo the store does not have yet), and the visit report of
//! a site and day with the customer's signature.

use jiff::Zoned;
use reqwest::{Method, StatusCode, header};
use serde_json::{Value, json};

use crate::common::{Account, TestApp, expect, expect_error, png};
use crate::reports::{assert_contains, get, pdf, pdf_text, upload};

crate::on_both_engines!(
    reports_print_photo_thumbnails,
    the_visit_report_has_the_days_work_and_signature,
    visit_reports_are_refused_clearly,
);

const STAMP: &str = "2026-01-01T00:00:00Z";
const TORONTO: &str = "America/Toronto";

fn id() -> String {
    fieldtag_store::new_id()
}

fn today() -> String {
    Zoned::now().in_tz(TORONTO).unwrap().date().to_string()
}

/// An instant of today in Toronto, at `hour`:00 (or now, when that is still to come).
fn today_at(hour: i8) -> String {
    let now = Zoned::now().in_tz(TORONTO).unwrap();
    let at = now.date().at(hour, 0, 0, 0).in_tz(TORONTO).unwrap();
    if at > now { now.timestamp().to_string() } else { at.timestamp().to_string() }
}

/// A photo as a device takes it: 1,600 × 1,200 JPEG, its colour `shade` (a PDF holds identical
/// images once).
fn photo_jpeg(shade: u8) -> Vec<u8> {
    let image = image::RgbImage::from_fn(1600, 1200, |x, y| image::Rgb([(x / 7) as u8, (y / 5) as u8, shade]));
    let mut bytes = std::io::Cursor::new(Vec::new());
    image.write_to(&mut bytes, image::ImageFormat::Jpeg).unwrap();
    bytes.into_inner()
}

fn device_name(folder: &str, extension: &str) -> String {
    format!("{folder}/{}.{extension}", id())
}

/// Stores `bytes` under the name the device chose, through a signed write link.
async fn store_file(app: &TestApp, account: &Account, file_name: &str, bytes: Vec<u8>) {
    let (folder, content_type) = if file_name.starts_with("signatures/") { ("signatures", "image/png") } else { ("photos", "image/jpeg") };
    let body = json!({"action": "write", "folderName": folder, "contentType": content_type, "fileName": file_name});
    let path = format!("/api/organizations/{}/signed-urls", account.org_id);
    let link = expect(app.authed(Method::POST, &path, &account.token).json(&body).send().await.unwrap(), StatusCode::OK).await;
    let url = format!("{}{}", app.base, link["url"].as_str().unwrap());
    let put = app.http.put(url).header(header::CONTENT_TYPE, content_type).body(bytes).send().await.unwrap();
    assert!(put.status().is_success(), "{file_name}: {}", put.status());
}

struct Site {
    owner: Account,
    site: String,
    deficiency: String,
    history: String,
    stored_photo: String,
    missing_photo: String,
}

/// A site with one item, today a performed inspection with a checklist answer's photo and a
/// deficiency with two photos: one stored, one the device has not uploaded.
async fn seed(app: &TestApp, email: &str) -> Site {
    let owner = app.sign_up(email).await;
    let org = owner.org_id.clone();
    let (site, kind, model, annual, item, deficiency, history) = (id(), id(), id(), id(), id(), id(), id());
    let (stored_photo, missing_photo, answer_photo) =
        (device_name("photos", "jpg"), device_name("photos", "jpg"), device_name("photos", "jpg"));
    store_file(app, &owner, &stored_photo, photo_jpeg(40)).await;
    store_file(app, &owner, &answer_photo, photo_jpeg(120)).await;
    upload(
        app,
        &owner,
        json!({
            "locations": [{"id": site, "orgId": org, "name": "Maple Arena", "status": "active", "timeZone": TORONTO, "lastUpdated": STAMP}],
            "equipmentTypes": [{"id": kind, "orgId": org, "name": "Extinguisher", "lastUpdated": STAMP}],
            "models": [{"id": model, "orgId": org, "name": "B500", "equipmentTypeId": kind, "lastUpdated": STAMP}],
            "serviceTypes": [{"id": annual, "orgId": org, "name": "Annual Inspection", "equipmentTypeId": kind, "dueWhen": "any", "frequencyType": 7,
                              "frequency": 1, "inspection": true, "conditions": [], "lastUpdated": STAMP}],
            "equipment": [{"id": item, "orgId": org, "locationId": site, "name": "Boiler Room", "barcode": "FT-7", "modelId": model, "lastUpdated": STAMP}],
            "history": [{"id": history, "orgId": org, "locationId": site, "happenedAtLocationId": site, "equipmentId": item, "type": 2,
                         "date": today_at(9), "description": "Annual Inspection performed", "userId": owner.user_id,
                         "relevantId": format!("{item}-{annual}"),
                         "questionnaireAnswers": [{"question": "Valve condition", "textAnswer": "Corroded", "questionId": id(), "photos": [answer_photo]}],
                         "lastUpdated": STAMP}],
            "deficiencies": [{"id": deficiency, "orgId": org, "locationId": site, "happenedAtLocationId": site, "equipmentId": item,
                              "serviceTypeId": annual, "description": "Corroded valve", "dateOpened": today_at(9), "dateClosed": "",
                              "photos": [stored_photo, missing_photo], "lastUpdated": STAMP}],
        }),
    )
    .await;
    Site { owner, site, deficiency, history, stored_photo, missing_photo }
}

fn image_objects(pdf: &[u8]) -> usize {
    pdf.windows(14).filter(|w| w == b"/Subtype /Image" || w.starts_with(b"/Subtype/Image")).count()
}

async fn pdf_bytes(app: &TestApp, account: &Account, name: &str, query: &[(&str, &str)]) -> Vec<u8> {
    let response = get(app, account, name, query).await;
    assert_eq!(response.status(), StatusCode::OK, "{name}");
    response.bytes().await.unwrap().to_vec()
}

async fn reports_print_photo_thumbnails(app: &TestApp) {
    let seed = seed(app, "photos@northfire.ca").await;
    let owner = &seed.owner;
    let day = today();
    let site = seed.site.as_str();
    let bytes = pdf_bytes(app, owner, "deficiencyReport", &[("locationId", site), ("startDate", &day), ("endDate", &day)]).await;
    assert_eq!(image_objects(&bytes), 1, "the stored photo is one thumbnail");
    assert!(bytes.len() < 200 * 1024, "a thumbnail, not the photo: {} bytes", bytes.len());
    let text = pdf_text(&bytes);
    assert_contains(&text, &["Corroded valve", "Photo not yet uploaded"]);

    // The inspection report: the deficiency's photos under it, the checklist's under the history line.
    let bytes = pdf_bytes(app, owner, "inspectionReport", &[("locationId", site)]).await;
    assert_eq!(image_objects(&bytes), 2, "the deficiency's photo and the checklist answer's");
    assert_contains(&pdf_text(&bytes), &["Corroded valve", "Photo not yet uploaded", "Annual Inspection performed"]);

    // Once the device uploads the missing one, it prints too.
    store_file(app, owner, &seed.missing_photo, photo_jpeg(200)).await;
    let bytes = pdf_bytes(app, owner, "deficiencyReport", &[("locationId", site), ("startDate", &day), ("endDate", &day)]).await;
    assert_eq!(image_objects(&bytes), 2);
    assert!(!pdf_text(&bytes).contains("Photo not yet uploaded"));
}

/// A visit record of today at the seeded site, signed by `signer`.
fn visit(seed: &Site, signer: &str, signature: &str) -> Value {
    json!({"id": id(), "orgId": seed.owner.org_id, "locationId": seed.site, "date": today(), "userId": seed.owner.user_id,
           "historyIds": [seed.history], "deficiencyIds": [seed.deficiency], "signerName": signer, "signature": signature,
           "signedAt": Zoned::now().in_tz(TORONTO).unwrap().timestamp().to_string(), "lastUpdated": STAMP})
}

async fn the_visit_report_has_the_days_work_and_signature(app: &TestApp) {
    let seed = seed(app, "visits@northfire.ca").await;
    let owner = &seed.owner;
    let signature = device_name("signatures", "png");
    store_file(app, owner, &signature, png().to_vec()).await;
    upload(app, owner, json!({"visits": [visit(&seed, "Dana Customer", &signature)]})).await;

    let day = today();
    let query = [("locationId", seed.site.as_str()), ("date", day.as_str())];
    let (text, file) = pdf(app, owner, "visitReport", &query).await;
    assert_eq!(file, format!("Visit Report - Maple Arena - {day}.pdf"));
    assert_contains(
        &text,
        &["Visit Report", "Maple Arena", "Dana Customer", "Annual Inspection performed", "Corroded valve", "Customer Signature"],
    );
    assert_contains(&text, &["Photo not yet uploaded"]);
    let bytes = pdf_bytes(app, owner, "visitReport", &query).await;
    assert_eq!(image_objects(&bytes), 3, "the deficiency's stored photo, the checklist's, and the signature");

    // The same day as CSV: one row of work, one deficiency, the photo names.
    let response = get(app, owner, "visitReport", &[("locationId", seed.site.as_str()), ("date", day.as_str()), ("output", "csv")]).await;
    let body = expect_text(response).await;
    assert!(body.starts_with("Time,Record,Location,Barcode,Type,Service,Description,Technician,Status,Photos"), "{body}");
    assert!(body.contains(",Work,Boiler Room,FT-7,") && body.contains(",Deficiency,Boiler Room,FT-7,"), "{body}");
    assert!(body.contains(&seed.stored_photo), "{body}");

    // A day without anything: the report says so, with no signature.
    let (text, _) = pdf(app, owner, "visitReport", &[("locationId", seed.site.as_str()), ("date", "2020-01-01")]).await;
    assert_contains(&text, &["Nothing was recorded at this site on this day."]);
    assert!(!text.contains("Dana Customer"));
}

async fn expect_text(response: reqwest::Response) -> String {
    assert_eq!(response.status(), StatusCode::OK);
    response.text().await.unwrap()
}

async fn visit_reports_are_refused_clearly(app: &TestApp) {
    let seed = seed(app, "visit-refusals@northfire.ca").await;
    let site = seed.site.as_str();
    let stranger = app.sign_up("stranger@elsewhere.ca").await;
    let response = get(app, &stranger, "visitReport", &[("locationId", site)]).await;
    expect_error(response, StatusCode::NOT_FOUND, "SiteNotFound", &format!("Site {site} was not found in your organization")).await;
    let response = get(app, &stranger, "visitReport", &[("locationId", site), ("orgId", seed.owner.org_id.as_str())]).await;
    expect_error(response, StatusCode::FORBIDDEN, "Forbidden", "You do not have access to this organization").await;
    let clerk = app.add_user(&seed.owner, "clerk@northfire.ca", &["LOCATION_READ", "SERVICE_READ"]).await;
    let response = get(app, &clerk, "visitReport", &[("locationId", site)]).await;
    expect_error(response, StatusCode::FORBIDDEN, "Forbidden", "You need the REPORT_READ permission").await;
    let owner = &seed.owner;
    let response = get(app, owner, "visitReport", &[]).await;
    expect_error(response, StatusCode::BAD_REQUEST, "BadRequest", "locationId is required: visitReport is made for one site").await;
    let response = get(app, owner, "visitReport", &[("locationId", site), ("date", "26/11/2026")]).await;
    expect_error(response, StatusCode::BAD_REQUEST, "BadRequest", "date '26/11/2026' is not a date: use YYYY-MM-DD").await;
    let response = get(app, owner, "visitReport", &[("locationId", site), ("startDate", "2026-11-01")]).await;
    expect_error(
        response,
        StatusCode::BAD_REQUEST,
        "BadRequest",
        "Unknown parameter 'startDate' for visitReport: it accepts locationId, orgId, output, layout, date",
    )
    .await;
}
