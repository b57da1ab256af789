//! Reports: an organisation seeded through sync, each report fetched as CSV (parsed) and as
//! PDF (its text read by pdftotext), and every refusal.

use std::collections::HashMap;

use jiff::civil::Date;
use jiff::{ToSpan, Zoned};
use reqwest::{Method, StatusCode, header};
use serde_json::{Value, json};

use crate::common::{Account, TestApp, expect, expect_error};

crate::on_both_engines!(
    inspection_report_lists_services_results_and_totals,
    equipment_and_selective_reports_pick_their_items,
    deficiency_location_and_due_reports_count_what_they_list,
    time_and_questionnaire_reports_read_history,
    pdfs_carry_the_letterhead_or_the_name,
    reports_are_refused_clearly,
    csv_cells_a_spreadsheet_would_run_are_neutralised,
    an_image_that_does_not_decode_leaves_reports_working,
    an_items_last_detail_line_clears_the_divider_below_it,
    the_equipment_report_says_why_an_item_is_due_as_the_list_does,
);

const STAMP: &str = "2026-01-01T00:00:00Z";
const TORONTO: &str = "America/Toronto";
const LETTERHEAD: &[u8] = include_bytes!("fixtures/letterhead.png");

fn id() -> String {
    fieldtag_store::new_id()
}

/// Today in Toronto, where the seeded site is.
fn today() -> Date {
    Zoned::now().in_tz(TORONTO).unwrap().date()
}

fn days_ago(days: i64) -> Date {
    today().checked_sub(days.days()).unwrap()
}

/// An instant `days` ago at `time` in Toronto, as a client stores it.
fn at(days: i64, time: &str) -> String {
    let zoned = days_ago(days).at(time[..2].parse().unwrap(), time[3..].parse().unwrap(), 0, 0).in_tz(TORONTO).unwrap();
    zoned.timestamp().to_string()
}

/// The seeded organisation.
struct Seed {
    owner: Account,
    maple: String,
    harbour: String,
    items: HashMap<&'static str, String>,
    annual: String,
}

pub(crate) async fn upload(app: &TestApp, account: &Account, body: Value) {
    let path = format!("/api/organizations/{}/sync", account.org_id);
    let answer = expect(app.authed(Method::PATCH, &path, &account.token).json(&body).send().await.unwrap(), StatusCode::OK).await;
    for (key, list) in answer.as_object().unwrap().iter().filter(|(key, _)| *key != "serverTime") {
        for item in list.as_array().unwrap() {
            assert_eq!(item["status"], "accepted", "{key}: {item}");
        }
    }
}

/// Two sites; at Maple Arena three extinguishers (Lobby overdue and not serviced this week,
/// Kitchen serviced with a checklist and an open deficiency, Boiler Room new with a closed
/// deficiency); at Harbour Office one overdue item with an open deficiency.
async fn seed(app: &TestApp, email: &str) -> Seed {
    let owner = app.sign_up(email).await;
    let org = owner.org_id.clone();
    let (maple, harbour, kind, model, annual, hydro) = (id(), id(), id(), id(), id(), id());
    let (lobby, kitchen, boiler, reception) = (id(), id(), id(), id());
    let site = |id: &str, name: &str, zone: &str, number: Value| {
        json!({"id": id, "orgId": org, "name": name, "status": "active", "timeZone": zone, "customerNumber": number,
               "address": "100 Main St", "city": "Toronto", "province": "ON", "postalCode": "M5V 1A1", "contact": "Pat Lee", "phone": "416-555-0199", "lastUpdated": STAMP})
    };
    let item = |id: &str, site: &str, name: &str, barcode: &str, made: String| {
        json!({"id": id, "orgId": org, "locationId": site, "name": name, "barcode": barcode, "serialNumber": format!("SN-{barcode}"),
               "modelId": model, "manufactureDate": made, "lastUpdated": STAMP})
    };
    let performed = |item: &str, site: &str, service: &str, last: String| {
        json!({"id": format!("{item}-{service}"), "orgId": org, "locationId": site, "equipmentId": item, "serviceTypeId": service,
               "lastDate": last, "lastUpdated": STAMP})
    };
    let history = |item: &str, site: &str, kind: i64, date: String, description: &str, user: Option<&str>, relevant: Option<String>| {
        json!({"id": id(), "orgId": org, "locationId": site, "happenedAtLocationId": site, "equipmentId": item, "type": kind, "date": date,
               "description": description, "userId": user, "relevantId": relevant, "lastUpdated": STAMP})
    };
    let mut checklist = history(
        &kitchen,
        &maple,
        2,
        at(20, "10:00"),
        "Annual Inspection performed",
        Some(&owner.user_id),
        Some(format!("{kitchen}-{annual}")),
    );
    checklist["questionnaireAnswers"] = json!([
        {"question": "Pressure gauge in the green?", "multipleChoiceAnswer": "Yes", "textAnswer": "", "questionId": id()},
        {"question": "Mounting", "textAnswer": "Bracket loose", "questionId": id()},
    ]);
    let deficiency = |item: &str, site: &str, description: &str, opened: String, closed: String| {
        json!({"id": id(), "orgId": org, "locationId": site, "happenedAtLocationId": site, "equipmentId": item, "serviceTypeId": annual,
               "description": description, "dateOpened": opened, "dateClosed": closed, "lastUpdated": STAMP})
    };
    upload(
        app,
        &owner,
        json!({
            "locations": [site(&maple, "Maple Arena", TORONTO, json!("S-100")), site(&harbour, "Harbour Office", "America/Vancouver", json!(2001))],
            "equipmentTypes": [{"id": kind, "orgId": org, "name": "Extinguisher", "lastUpdated": STAMP}],
            "models": [{"id": model, "orgId": org, "name": "B500", "equipmentTypeId": kind, "lastUpdated": STAMP}],
            "serviceTypes": [
                {"id": annual, "orgId": org, "name": "Annual Inspection", "equipmentTypeId": kind, "dueWhen": "any", "frequencyType": 7, "frequency": 1, "inspection": true, "conditions": [], "lastUpdated": STAMP},
                {"id": hydro, "orgId": org, "name": "Hydrostatic Test", "equipmentTypeId": kind, "dueWhen": "any", "frequencyType": 7, "frequency": 12, "conditions": [], "lastUpdated": STAMP},
            ],
            "equipment": [
                item(&lobby, &maple, "Lobby", "FT-001", "2020-01-01".into()),
                item(&kitchen, &maple, "Kitchen", "FT-002", "2021-03-01".into()),
                item(&boiler, &maple, "Boiler Room", "FT-003", days_ago(30).to_string()),
                item(&reception, &harbour, "Reception", "FT-101", "2019-05-01".into()),
            ],
            "performedServices": [
                performed(&lobby, &maple, &annual, at(400, "09:00")),
                performed(&lobby, &maple, &hydro, at(730, "09:00")),
                performed(&kitchen, &maple, &annual, at(20, "10:00")),
                performed(&kitchen, &maple, &hydro, at(365, "09:00")),
                performed(&reception, &harbour, &annual, at(730, "09:00")),
            ],
            "history": [
                history(&lobby, &maple, 2, at(400, "09:00"), "Annual Inspection performed", Some(&owner.user_id), Some(format!("{lobby}-{annual}"))),
                history(&lobby, &maple, 4, at(3, "14:00"), "Could not access", Some(&owner.user_id), None),
                history(&lobby, &maple, 5, at(10, "08:00"), "Equipment added", None, None),
                checklist,
                history(&kitchen, &maple, 7, at(20, "11:30"), "Bracket tightened", Some(&owner.user_id), None),
            ],
            "deficiencies": [
                deficiency(&kitchen, &maple, "Pin missing", at(5, "10:00"), String::new()),
                deficiency(&boiler, &maple, "Hose cracked", at(40, "10:00"), at(10, "10:00")),
                deficiency(&reception, &harbour, "Sign missing", at(5, "10:00"), String::new()),
            ],
            "schedule": [{"id": id(), "orgId": org, "locationId": maple, "userId": owner.user_id, "date": days_ago(20).to_string(), "startTime": "09:00", "endTime": "17:00", "lastUpdated": STAMP}],
        }),
    )
    .await;
    let items = HashMap::from([("Lobby", lobby), ("Kitchen", kitchen), ("Boiler Room", boiler), ("Reception", reception)]);
    Seed { owner, maple, harbour, items, annual }
}

pub(crate) async fn get(app: &TestApp, account: &Account, name: &str, query: &[(&str, &str)]) -> reqwest::Response {
    app.authed(Method::GET, &format!("/api/reports/{name}"), &account.token).query(query).send().await.unwrap()
}

/// The CSV as rows of columns by header name, and the file name it was sent under.
async fn csv(app: &TestApp, account: &Account, name: &str, query: &[(&str, &str)]) -> (Vec<HashMap<String, String>>, String) {
    let mut query = query.to_vec();
    query.push(("output", "csv"));
    let response = get(app, account, name, &query).await;
    assert_eq!(response.status(), StatusCode::OK, "{name}: {}", response.text().await.unwrap());
    assert_eq!(response.headers()[header::CONTENT_TYPE], "text/csv; charset=utf-8");
    let file = file_name(&response);
    let body = response.text().await.unwrap();
    let mut reader = csv::Reader::from_reader(body.as_bytes());
    let headers: Vec<String> = reader.headers().unwrap().iter().map(str::to_string).collect();
    let rows = reader.records().map(|r| headers.iter().cloned().zip(r.unwrap().iter().map(str::to_string)).collect()).collect();
    (rows, file)
}

fn file_name(response: &reqwest::Response) -> String {
    let disposition = response.headers()[header::CONTENT_DISPOSITION].to_str().unwrap().to_string();
    let start = disposition.find("filename=\"").expect("a file name") + 10;
    disposition[start..start + disposition[start..].find('"').unwrap()].to_string()
}

/// The PDF's text (pdftotext, layout kept) and its file name.
pub(crate) async fn pdf(app: &TestApp, account: &Account, name: &str, query: &[(&str, &str)]) -> (String, String) {
    let response = get(app, account, name, query).await;
    assert_eq!(response.status(), StatusCode::OK, "{name}: {}", response.text().await.unwrap());
    assert_eq!(response.headers()[header::CONTENT_TYPE], "application/pdf");
    let file = file_name(&response);
    let bytes = response.bytes().await.unwrap();
    assert!(bytes.starts_with(b"%PDF-"), "{name} is a PDF");
    (pdf_text(&bytes), file)
}

pub(crate) fn pdf_text(bytes: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.pdf");
    std::fs::write(&path, bytes).unwrap();
    if let Ok(keep) = std::env::var("FIELDTAG_KEEP_REPORT_PDF") {
        std::fs::write(keep, bytes).unwrap();
    }
    let output = std::process::Command::new("pdftotext")
        .arg("-layout")
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext runs (scripts/ensure-poppler.sh installs poppler-utils)");
    assert!(output.status.success(), "pdftotext: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

fn column<'a>(rows: &'a [HashMap<String, String>], name: &str) -> Vec<&'a str> {
    rows.iter().map(|row| row[name].as_str()).collect()
}

pub(crate) fn assert_contains(text: &str, expected: &[&str]) {
    for part in expected {
        assert!(text.contains(part), "'{part}' is missing from:\n{text}");
    }
}

async fn inspection_report_lists_services_results_and_totals(app: &TestApp) {
    let seed = seed(app, "inspector@northfire.ca").await;
    let today = today().to_string();
    let query = [("locationId", seed.maple.as_str()), ("reportDate", today.as_str())];
    let (rows, file) = csv(app, &seed.owner, "inspectionReport", &query).await;
    assert_eq!(file, format!("Inspection Report - Maple Arena - {today}.csv"));
    assert_eq!(
        column(&rows, "Location"),
        ["Boiler Room", "Boiler Room", "Kitchen", "Kitchen", "Lobby", "Lobby"],
        "by name, a row per service"
    );
    assert_eq!(column(&rows, "Service"), ["Annual Inspection", "Hydrostatic Test"].repeat(3));
    let lobby = &rows[4];
    assert_eq!(lobby["Barcode"], "FT-001");
    assert_eq!(lobby["Serial Number"], "SN-FT-001");
    assert_eq!(lobby["Model"], "B500");
    assert_eq!(lobby["Type"], "Extinguisher");
    assert_eq!(lobby["Last Date"], days_ago(400).to_string());
    assert_eq!(lobby["Next Date"], days_ago(400).checked_add(1.year()).unwrap().to_string(), "the due engine's date");
    assert_eq!(lobby["Status"], "Overdue");
    assert_eq!(lobby["Result"], "Not serviced: Could not access");
    assert_eq!(rows[5]["Next Date"], days_ago(730).checked_add(12.years()).unwrap().to_string());
    assert_eq!(rows[5]["Status"], "OK");
    let kitchen = &rows[2];
    assert_eq!(kitchen["Result"], "Deficient: Pin missing");
    assert_eq!(kitchen["Technician"], "Owner");
    assert_eq!(kitchen["Open Deficiencies"], "Pin missing");
    assert_eq!(rows[0]["Next Date"], days_ago(30).checked_add(1.year()).unwrap().to_string(), "from the manufacture date");

    let (text, file) = pdf(app, &seed.owner, "inspectionReport", &query).await;
    assert_eq!(file, format!("Inspection Report - Maple Arena - {today}.pdf"));
    assert_contains(&text, &["Inspection Report", "Maple Arena", "Site number S-100", "Lobby", "FT-001", "B500", "Extinguisher"]);
    assert_contains(&text, &["Annual", &days_ago(400).to_string(), "Overdue", "Not serviced:", "Could not", "Pin missing"]);
    assert_contains(&text, &["Bracket tightened", "Page 1 of", "Technician (print)"]);
    assert!(!text.contains("Equipment added"), "added records are hidden by default");
    let totals = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_contains(&totals, &["3 6 1 0 1 1 1", "EQUIPMENT SERVICES PERFORMED IN DUE OVERDUE OPEN DEFICIENCIES COULD NOT"]);

    let shown = [("locationId", seed.maple.as_str()), ("reportDate", today.as_str()), ("hideAddedHistory", "false")];
    let (text, _) = pdf(app, &seed.owner, "inspectionReport", &shown).await;
    assert_contains(&text, &["Equipment added"]);
    let landscape = [("locationId", seed.maple.as_str()), ("layout", "landscape")];
    let (text, file) = pdf(app, &seed.owner, "inspectionReport", &landscape).await;
    let end_of_month = today.parse::<Date>().unwrap().last_of_month().to_string();
    assert_eq!(file, format!("Inspection Report - Maple Arena - {end_of_month}.pdf"), "the report date defaults to the end of the month");
    let from = today.parse::<Date>().unwrap().checked_sub(12.months()).unwrap().first_of_month().to_string();
    assert_contains(&text, &[&format!("{from} to {end_of_month} (12 months)")]);
}

async fn equipment_and_selective_reports_pick_their_items(app: &TestApp) {
    let seed = seed(app, "equipment@northfire.ca").await;
    let site = seed.maple.as_str();
    let (rows, file) = csv(app, &seed.owner, "equipmentReport", &[("locationId", site)]).await;
    assert_eq!(file, format!("Equipment Report - Maple Arena - {}.csv", today()));
    assert_eq!(column(&rows, "Location"), ["Kitchen", "Lobby"], "due for service or inspection by default");
    assert_eq!(rows[1]["Due"], "Inspection");
    assert_eq!(rows[1]["Next Inspection"], days_ago(400).checked_add(1.year()).unwrap().to_string());
    assert_eq!(rows[0]["Open Deficiencies"], "1");
    let (all, _) = csv(app, &seed.owner, "equipmentReport", &[("locationId", site), ("serviceOrInspection", "all")]).await;
    assert_eq!(column(&all, "Location"), ["Boiler Room", "Kitchen", "Lobby"]);
    let (text, _) = pdf(app, &seed.owner, "equipmentReport", &[("locationId", site), ("serviceOrInspection", "inspection")]).await;
    assert_contains(&text, &["Equipment Report", "Inspection due", "Lobby", "Kitchen"]);
    assert!(!text.contains("Boiler Room"), "{text}");

    let picked = format!("{},{}", seed.items["Lobby"], seed.items["Kitchen"]);
    let (rows, _) = csv(app, &seed.owner, "selectiveEquipmentReport", &[("locationId", site), ("equipmentIds", &picked)]).await;
    assert_eq!(column(&rows, "Location"), ["Kitchen", "Kitchen", "Lobby", "Lobby"]);
    let only_annual = [("locationId", site), ("equipmentIds", picked.as_str()), ("serviceTypeIds", seed.annual.as_str())];
    let (rows, _) = csv(app, &seed.owner, "selectiveEquipmentReport", &only_annual).await;
    assert_eq!(column(&rows, "Status"), ["OK", "Overdue"]);
    let (text, file) = pdf(app, &seed.owner, "selectiveEquipmentReport", &only_annual).await;
    assert_eq!(file, format!("Selective Equipment Report - Maple Arena - {}.pdf", today()));
    assert_contains(&text, &["Kitchen", "Lobby", "Open deficiency: Pin missing"]);
}

async fn deficiency_location_and_due_reports_count_what_they_list(app: &TestApp) {
    let seed = seed(app, "deficiency@northfire.ca").await;
    let (start, end) = (days_ago(60).to_string(), today().to_string());
    let range = [("startDate", start.as_str()), ("endDate", end.as_str())];
    let mut at_maple = range.to_vec();
    at_maple.push(("locationId", seed.maple.as_str()));
    let (rows, file) = csv(app, &seed.owner, "deficiencyReport", &at_maple).await;
    assert_eq!(file, format!("Deficiency Report - Maple Arena - {end}.csv"));
    assert_eq!(column(&rows, "Description"), ["Hose cracked", "Pin missing"], "oldest first");
    assert_eq!(column(&rows, "Status"), ["Closed", "Open"]);
    assert_eq!(rows[0]["Closed"], days_ago(10).to_string());
    assert_eq!(rows[0]["Days Open"], "30");
    let (rows, file) = csv(app, &seed.owner, "deficiencyReport", &range).await;
    assert_eq!(file, format!("Deficiency Report - All Sites - {end}.csv"), "company-wide without locationId");
    assert_eq!(rows.len(), 3);
    let (text, _) = pdf(app, &seed.owner, "deficiencyReport", &range).await;
    assert_contains(&text, &["Deficiency Report", "All Sites", "Sign missing", "Harbour Office", "Hose cracked"]);
    assert_contains(
        &text.split_whitespace().collect::<Vec<_>>().join(" "),
        &["3 3 1 2", "DEFICIENCIES OPENED IN PERIOD CLOSED IN PERIOD STILL OPEN"],
    );

    let (rows, _) = csv(app, &seed.owner, "locationReport", &[]).await;
    assert_eq!(column(&rows, "Site"), ["Harbour Office", "Maple Arena"]);
    assert_eq!(column(&rows, "Site Number"), ["2001", "S-100"]);
    assert_eq!(column(&rows, "Equipment"), ["1", "3"]);
    assert_eq!(column(&rows, "Open Deficiencies"), ["1", "1"]);
    assert_eq!(rows[1]["Last Service"], days_ago(20).to_string());
    let (text, _) = pdf(app, &seed.owner, "locationReport", &[("locationId", seed.harbour.as_str())]).await;
    // Harbour's site number was handed out by the counter as a number.
    assert_contains(&text, &["Location Report", "Harbour Office", "2001"]);
    assert!(!text.contains("Maple Arena"));

    let two_years = today().checked_add(2.years()).unwrap().to_string();
    let due_query = [("locationId", seed.maple.as_str()), ("endDate", two_years.as_str())];
    let (rows, _) = csv(app, &seed.owner, "equipmentDueConsolidatedReport", &due_query).await;
    assert_eq!(rows[0]["Due Month"], "Overdue");
    assert_eq!(rows.iter().map(|r| r["Quantity"].parse::<usize>().unwrap()).sum::<usize>(), 3, "three annual inspections by then");
    let (rows, file) = csv(app, &seed.owner, "equipmentDueConsolidatedReport", &[("locationId", seed.maple.as_str())]).await;
    let end_of_year = format!("{}-12-31", today().year());
    assert_eq!(file, format!("Equipment Due Consolidated Report - Maple Arena - {end_of_year}.csv"));
    assert_eq!(rows.len(), 1, "by the end of the year only the overdue one: {rows:?}");
    let (text, _) = pdf(app, &seed.owner, "equipmentDueConsolidatedReport", &[]).await;
    assert_contains(&text, &["Equipment Due Consolidated Report", "All Sites", "Overdue", "Harbour Office", "Maple Arena"]);
}

async fn time_and_questionnaire_reports_read_history(app: &TestApp) {
    let seed = seed(app, "time@northfire.ca").await;
    let (start, end) = (days_ago(60).to_string(), today().to_string());
    let query = [("locationId", seed.maple.as_str()), ("startDate", start.as_str()), ("endDate", end.as_str())];
    let (rows, file) = csv(app, &seed.owner, "timeAtLocation", &query).await;
    assert_eq!(file, format!("Time at Location Report - Maple Arena - {end}.csv"));
    assert_eq!(column(&rows, "Date"), [days_ago(20).to_string(), days_ago(3).to_string()]);
    assert_eq!(rows[0]["First Record"], "10:00");
    assert_eq!(rows[0]["Last Record"], "11:30");
    assert_eq!(rows[0]["Time on Site"], "1:30");
    assert_eq!(rows[0]["Records"], "2");
    assert_eq!(rows[0]["Scheduled"], "09:00–17:00");
    assert_eq!(rows[1]["Time on Site"], "0:00");
    let (text, _) = pdf(app, &seed.owner, "timeAtLocation", &query).await;
    assert_contains(&text, &["Time at Location Report", "Owner", "1:30", "09:00–17:00"]);

    let (rows, file) = csv(app, &seed.owner, "questionnaireReport", &query).await;
    assert_eq!(file, format!("Questionnaire Report - Maple Arena - {end}.csv"));
    assert_eq!(column(&rows, "Question"), ["Pressure gauge in the green?", "Mounting"]);
    assert_eq!(column(&rows, "Answer"), ["Yes", "Bracket loose"]);
    assert_eq!(rows[0]["Service"], "Annual Inspection");
    assert_eq!(rows[0]["Location"], "Kitchen");
    assert_eq!(rows[0]["Date"], days_ago(20).to_string());
    let (text, _) = pdf(app, &seed.owner, "questionnaireReport", &query).await;
    assert_contains(&text, &["Questionnaire Report", "Pressure gauge in the green?", "Bracket loose"]);
    let other = [("locationId", seed.maple.as_str()), ("serviceTypeId", seed.items["Lobby"].as_str())];
    let (rows, _) = csv(app, &seed.owner, "questionnaireReport", &other).await;
    assert!(rows.is_empty(), "another service's checklists only");
}

async fn pdfs_carry_the_letterhead_or_the_name(app: &TestApp) {
    let seed = seed(app, "brand@northfire.ca").await;
    let owner = &seed.owner;
    let query = [("locationId", seed.maple.as_str())];
    let (text, _) = pdf(app, owner, "equipmentReport", &query).await;
    assert_contains(&text, &["Org of brand@northfire.ca"]);

    let signed = json!({"action": "write", "folderName": "letter-heads", "contentType": "image/png"});
    let path = format!("/api/organizations/{}/signed-urls", owner.org_id);
    let link = expect(app.authed(Method::POST, &path, &owner.token).json(&signed).send().await.unwrap(), StatusCode::OK).await;
    let url = format!("{}{}", app.base, link["url"].as_str().unwrap());
    let put = app.http.put(url).header(header::CONTENT_TYPE, "image/png").body(LETTERHEAD).send().await.unwrap();
    assert!(put.status().is_success(), "{}", put.status());
    let patch = json!({"data": {"letterHead": link["fileName"], "letterHeadWidth": 1200, "letterHeadHeight": 150, "enabledFeatures": ["WHITE_LABEL"]}});
    let org_path = format!("/api/organizations/{}", owner.org_id);
    expect(app.authed(Method::PATCH, &org_path, &owner.token).json(&patch).send().await.unwrap(), StatusCode::OK).await;

    let response = get(app, owner, "equipmentReport", &query).await;
    let bytes = response.bytes().await.unwrap();
    assert!(bytes.windows(6).any(|w| w == b"/Image"), "the letterhead is an image in the PDF");
    assert!(!pdf_text(&bytes).contains("Org of brand@northfire.ca"), "the letterhead replaces the printed name");
    let (text, _) = pdf(app, owner, "equipmentReport", &[("locationId", seed.maple.as_str()), ("layout", "landscape")]).await;
    assert_contains(&text, &["Org of brand@northfire.ca"]);
}

/// A report's query parameters.
type Query<'a> = Vec<(&'a str, &'a str)>;

async fn reports_are_refused_clearly(app: &TestApp) {
    let seed = seed(app, "refusals@northfire.ca").await;
    let site = seed.maple.as_str();
    let clerk = app.add_user(&seed.owner, "clerk@northfire.ca", &["LOCATION_READ", "EQUIPMENT_READ"]).await;
    expect_error(
        get(app, &clerk, "inspectionReport", &[("locationId", site)]).await,
        StatusCode::FORBIDDEN,
        "Forbidden",
        "You need the REPORT_READ permission",
    )
    .await;
    let response = app.request(Method::GET, "/api/reports/inspectionReport").query(&[("locationId", site)]).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);

    let stranger = app.sign_up("stranger@elsewhere.ca").await;
    let response = get(app, &stranger, "inspectionReport", &[("locationId", site)]).await;
    expect_error(response, StatusCode::NOT_FOUND, "SiteNotFound", &format!("Site {site} was not found in your organization")).await;
    let response = get(app, &stranger, "locationReport", &[("orgId", seed.owner.org_id.as_str())]).await;
    expect_error(response, StatusCode::FORBIDDEN, "Forbidden", "You do not have access to this organization").await;
    let (rows, _) = csv(app, &stranger, "deficiencyReport", &[]).await;
    assert!(rows.is_empty(), "a company-wide report covers the caller's organisation only");

    let owner = &seed.owner;
    let cases: [(&str, Query, &str); 9] = [
        ("inspectionReport", vec![], "locationId is required: inspectionReport is made for one site"),
        (
            "inspectionReport",
            vec![("locationId", site), ("reportDate", "30/11/2026")],
            "reportDate '30/11/2026' is not a date: use YYYY-MM-DD",
        ),
        (
            "inspectionReport",
            vec![("locationId", site), ("monthsOfHistory", "-1")],
            "monthsOfHistory '-1' must be a whole number from 0 to 600",
        ),
        ("inspectionReport", vec![("locationId", site), ("output", "xlsx")], "output 'xlsx' is not known: use pdf or csv"),
        (
            "inspectionReport",
            vec![("locationId", site), ("layout", "sideways")],
            "layout 'sideways' is not known: use portrait or landscape",
        ),
        ("inspectionReport", vec![("locationId", site), ("hideAddedHistory", "maybe")], "hideAddedHistory 'maybe' must be true or false"),
        (
            "deficiencyReport",
            vec![("startDate", "2026-05-01"), ("endDate", "2026-04-01")],
            "endDate 2026-04-01 is before startDate 2026-05-01",
        ),
        (
            "equipmentReport",
            vec![("locationId", site), ("serviceOrInspection", "some")],
            "serviceOrInspection 'some' is not known: use one of all, serviceOrInspection, service, inspection",
        ),
        (
            "locationReport",
            vec![("colour", "red")],
            "Unknown parameter 'colour' for locationReport: it accepts locationId, orgId, output, layout",
        ),
    ];
    for (name, query, message) in cases {
        expect_error(get(app, owner, name, &query).await, StatusCode::BAD_REQUEST, "BadRequest", message).await;
    }
    let response = get(app, owner, "salesReport", &[]).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert_eq!(expect(response, StatusCode::NOT_FOUND).await["code"], "UnknownReport");
}

/// OWASP's rule for CSV injection: a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage
/// return is written with a leading `'`, unless it is a number.
async fn csv_cells_a_spreadsheet_would_run_are_neutralised(app: &TestApp) {
    let seed = seed(app, "csv@northfire.ca").await;
    let owner = &seed.owner;
    let org = owner.org_id.clone();
    let names = ["=HYPERLINK(\"http://evil.example\",\"Open\")", "+SUM(A1:A9)", "-2+3", "@cmd", "\tTabbed", "\rReturned", "-5", "+1.5"];
    let items: Vec<Value> = names
        .iter()
        .enumerate()
        .map(|(n, name)| {
            json!({"id": id(), "orgId": org, "locationId": seed.maple, "name": name, "barcode": format!("INJ-{n}"), "lastUpdated": STAMP})
        })
        .collect();
    upload(app, owner, json!({"equipment": items})).await;
    let (rows, _) = csv(app, owner, "equipmentReport", &[("locationId", seed.maple.as_str()), ("serviceOrInspection", "all")]).await;
    let cells: Vec<&str> = column(&rows, "Location");
    for (sent, written) in [
        ("=HYPERLINK(\"http://evil.example\",\"Open\")", "'=HYPERLINK(\"http://evil.example\",\"Open\")"),
        ("+SUM(A1:A9)", "'+SUM(A1:A9)"),
        ("-2+3", "'-2+3"),
        ("@cmd", "'@cmd"),
        ("\tTabbed", "'\tTabbed"),
        ("\rReturned", "'\rReturned"),
        ("-5", "-5"),
        ("+1.5", "+1.5"),
    ] {
        assert!(cells.contains(&written), "{sent:?} should be written {written:?}: {cells:?}");
    }
    for row in &rows {
        for cell in row.values() {
            let risky = cell.starts_with(['=', '+', '-', '@', '\t', '\r']) && cell.parse::<f64>().is_err();
            assert!(!risky, "a cell a spreadsheet would run: {cell:?}");
        }
    }
}

/// A logo whose bytes do not decode (stored before uploads were decoded) is left out of the PDF.
async fn an_image_that_does_not_decode_leaves_reports_working(app: &TestApp) {
    let seed = seed(app, "broken@northfire.ca").await;
    let owner = &seed.owner;
    let broken = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR and then garbage where the image should be";
    let name = "0123456789abcdef0123456789abcdef.png";
    for folder in ["logos", "letter-heads"] {
        let dir = app.data_dir().join("files").join(&owner.org_id).join(folder);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(name), broken).unwrap();
    }
    let patch = json!({"data": {"logo": format!("logos/{name}"), "letterHead": format!("letter-heads/{name}"), "letterHeadWidth": 1200,
                                "letterHeadHeight": 150, "enabledFeatures": ["WHITE_LABEL"]}});
    let org_path = format!("/api/organizations/{}", owner.org_id);
    expect(app.authed(Method::PATCH, &org_path, &owner.token).json(&patch).send().await.unwrap(), StatusCode::OK).await;
    for layout in ["portrait", "landscape"] {
        let (text, _) = pdf(app, owner, "equipmentReport", &[("locationId", seed.maple.as_str()), ("layout", layout)]).await;
        assert_contains(&text, &["Org of broken@northfire.ca"]);
    }
    let (text, _) = pdf(app, owner, "inspectionReport", &[("locationId", seed.maple.as_str())]).await;
    assert_contains(&text, &["Lobby"]);
}

/// The first page of a PDF as grey pixels (pdftoppm at 150 dpi): width, height, rows.
fn first_page_pixels(bytes: &[u8]) -> (usize, usize, Vec<u8>) {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("report.pdf");
    std::fs::write(&pdf, bytes).unwrap();
    let out = dir.path().join("page");
    let status = std::process::Command::new("pdftoppm")
        .args(["-r", "150", "-gray", "-f", "1", "-l", "1", "-singlefile"])
        .arg(&pdf)
        .arg(&out)
        .status()
        .expect("pdftoppm runs (scripts/ensure-poppler.sh installs poppler-utils)");
    assert!(status.success());
    let image = std::fs::read(dir.path().join("page.pgm")).unwrap();
    // P5 header: magic, width height, maximum, one whitespace byte, then the pixels.
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while image[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !image[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&image[start..at]).to_string());
    }
    let (width, height): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    (width, height, image[at + 1..].to_vec())
}

/// The dividers between items are full-width rules; the text of the item above ends at least
/// 2 pt (4 pixels at 150 dpi) above each, so no line of it is struck through.
async fn an_items_last_detail_line_clears_the_divider_below_it(app: &TestApp) {
    let seed = seed(app, "dividers@northfire.ca").await;
    let query = [("locationId", seed.maple.as_str()), ("hideAddedHistory", "false")];
    let response = get(app, &seed.owner, "inspectionReport", &query).await;
    let (width, height, pixels) = first_page_pixels(&response.bytes().await.unwrap());
    let row = |y: usize| &pixels[y * width..(y + 1) * width];
    let is_rule = |y: usize| row(y).iter().filter(|&&v| v < 235).count() > width * 8 / 10;
    // The thin rules under a text row (not the header's thick accent line).
    let dividers: Vec<usize> = (5..height).filter(|&y| is_rule(y) && !is_rule(y - 1) && !is_rule(y + 1)).collect();
    assert!(dividers.len() >= 2, "the items are divided: {dividers:?}");
    for y in dividers {
        for above in 1..=4 {
            let dark = row(y - above).iter().filter(|&&v| v < 170).count();
            assert_eq!(dark, 0, "text {above} px above the divider at y={y}");
        }
    }
}

/// The same rule as the equipment list's tabs: an open deficiency makes an item due (§9), and
/// a could-not-service event today takes it off the due lists (§4); the report says which.
async fn the_equipment_report_says_why_an_item_is_due_as_the_list_does(app: &TestApp) {
    let seed = seed(app, "why@northfire.ca").await;
    let site = seed.maple.as_str();
    let owner = &seed.owner;
    // Lobby is overdue; a could-not-service event this morning takes it off the due lists.
    let now = fieldtag_domain::time::format_stamp(jiff::Timestamp::now());
    let skipped = json!({"id": id(), "orgId": owner.org_id, "locationId": site, "happenedAtLocationId": site, "equipmentId": seed.items["Lobby"],
                         "type": 4, "date": now, "description": "Could not access", "lastUpdated": now});
    upload(app, owner, json!({"history": [skipped]})).await;

    let (due, _) = csv(app, owner, "equipmentReport", &[("locationId", site)]).await;
    assert_eq!(column(&due, "Location"), ["Kitchen"], "the due lists hold neither the skipped item nor the item with nothing due");
    // Kitchen's services are done; its open deficiency makes it due.
    assert_eq!(due[0]["Due"], "Inspection, Service (open deficiency)");

    let (all, _) = csv(app, owner, "equipmentReport", &[("locationId", site), ("serviceOrInspection", "all")]).await;
    let by_name = |name: &str| all.iter().find(|row| row["Location"] == name).unwrap_or_else(|| panic!("{name} is listed"));
    assert_eq!(by_name("Lobby")["Due"], "Could not service today");
    assert_eq!(by_name("Boiler Room")["Due"], "");

    let (sites, _) = csv(app, owner, "locationReport", &[]).await;
    let maple = sites.iter().find(|row| row.values().any(|v| v == "Maple Arena")).expect("Maple Arena is listed");
    assert_eq!(maple["Inspection Due"], "1", "{maple:?}");
}

/// PDFs are made a few at a time; the rest wait in a bounded queue or are turned away clearly.
mod pdf_jobs {
    use fieldtag_server::config::Config;
    use reqwest::{Method, StatusCode, header};

    use super::seed;
    use crate::common::{TestApp, expect_error};

    crate::on_both_engines!(configure = two_pdfs_at_once; pdfs_are_made_two_at_a_time_and_the_rest_wait_or_are_turned_away);

    fn two_pdfs_at_once(config: &mut Config) {
        config.report_jobs = Some(2);
        config.report_queue = 3;
    }

    const BUSY: &str = "The server is making as many PDF reports as it can at once; try again in a few seconds";

    async fn pdfs_are_made_two_at_a_time_and_the_rest_wait_or_are_turned_away(app: &TestApp) {
        let seed = seed(app, "jobs@northfire.ca").await;
        let path = format!("/api/reports/inspectionReport?locationId={}", seed.maple);
        let send = || tokio::spawn(app.authed(Method::GET, &path, &seed.owner.token).send());
        let jobs = app.state().pdf_jobs.clone();

        // Many at once: each answer is the PDF or the clear refusal, never more than two made together.
        let burst: Vec<_> = (0..12).map(|_| send()).collect();
        for answer in burst {
            let response = answer.await.unwrap().unwrap();
            match response.status() {
                StatusCode::OK => assert!(response.bytes().await.unwrap().starts_with(b"%PDF-")),
                StatusCode::SERVICE_UNAVAILABLE => {
                    assert_eq!(response.headers()[header::RETRY_AFTER], "5");
                    expect_error(response, StatusCode::SERVICE_UNAVAILABLE, "ReportsBusy", BUSY).await;
                }
                status => panic!("a PDF is made or refused as busy, not {status}"),
            }
        }
        assert!((1..=2).contains(&jobs.peak()), "made at once: {}", jobs.peak());

        // Both slots taken: three wait their turn, the next is turned away, and the three are
        // made once the slots free.
        let held = [jobs.admit().await.unwrap(), jobs.admit().await.unwrap()];
        let queued: Vec<_> = (0..3).map(|_| send()).collect();
        while jobs.waiting() < 3 {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        let refused = send().await.unwrap().unwrap();
        assert_eq!(refused.headers()[header::RETRY_AFTER], "5");
        expect_error(refused, StatusCode::SERVICE_UNAVAILABLE, "ReportsBusy", BUSY).await;
        let csv = app.authed(Method::GET, &format!("{path}&output=csv"), &seed.owner.token).send().await.unwrap();
        assert_eq!(csv.status(), StatusCode::OK, "a CSV does not wait for the PDFs");
        drop(held);
        for answer in queued {
            let response = answer.await.unwrap().unwrap();
            assert_eq!(response.status(), StatusCode::OK);
            assert!(response.bytes().await.unwrap().starts_with(b"%PDF-"));
        }
        assert!(jobs.peak() <= 2, "made at once: {}", jobs.peak());
    }
}
