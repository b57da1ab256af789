//! Questionnaire report (one site, or every site), `startDate`..`endDate` (default this
//! month): every checklist answered in the period, one row per answer, grouped by the
//! history record that holds them; `serviceTypeId` keeps one service's checklists.

use super::data::Dataset;
use super::params::Request;
use super::raw::text;
use super::{Column, Labelled, Report, ReportName, Row};
use crate::error::ApiResult;

pub(super) const COLUMNS: [Column; 10] = [
    Column::grouped("Date", 0.75),
    Column::grouped(SITE, 1.1),
    Column::grouped("Location", 1.2),
    Column::grouped("Barcode", 0.8),
    Column::grouped("Service", 1.0),
    Column::grouped("Technician", 0.9),
    Column::both("Question", 1.8),
    Column::both("Answer", 0.9),
    Column::both("Comment", 1.2),
    Column::csv_only("History Id"),
];
const SITE: &str = "Site";

/// The service a checklist belongs to: its history record's `relevantId` is the performed
/// service's id, `{equipmentId}-{serviceTypeId}`.
fn service_type_id(record: &serde_json::Value) -> &str {
    let relevant = text(record, "relevantId");
    relevant.rsplit_once('-').map_or(relevant, |(_, service)| service)
}

pub fn build(typed: &Dataset, request: &Request) -> ApiResult<Report> {
    let dataset = &typed.raw;
    let location_id = request.location_id.as_deref();
    let report_zone = dataset.report_zone(location_id);
    let now = jiff::Timestamp::now().as_millisecond();
    let (start, end) = request.month_range(&report_zone, now)?;
    let only_service = request.id("serviceTypeId");
    let mut report = Report::new(ReportName::Questionnaire, typed, location_id, end.to_string());
    report.columns = COLUMNS.to_vec();
    if location_id.is_some() {
        report.hide_from_pdf(SITE);
    }
    report.empty_text = "No checklists were answered in this period.";
    let items: std::collections::HashMap<&str, &serde_json::Value> =
        dataset.equipment.iter().map(|item| (text(item, "id"), item)).collect();
    let mut checklists = Vec::new();
    for record in &dataset.history {
        let Some(answers) = record.get("questionnaireAnswers").and_then(|a| a.as_array()).filter(|a| !a.is_empty()) else { continue };
        let site_id = text(record, "locationId");
        let zone = dataset.zone(site_id);
        let Some(at) = zone.parse(text(record, "date")) else { continue };
        if at < zone.start_of_day(start) || at > zone.end_of_day(end) {
            continue;
        }
        let service_id = service_type_id(record);
        if only_service.as_deref().is_some_and(|only| only != service_id) {
            continue;
        }
        checklists.push((at, record, answers, zone));
    }
    checklists.sort_by_key(|(at, record, _, _)| (*at, text(record, "id").to_string()));
    let mut answer_count = 0;
    for (at, record, answers, zone) in &checklists {
        let item = items.get(text(record, "equipmentId")).copied();
        let field = |key: &str| item.map(|item| text(item, key).to_string()).unwrap_or_default();
        let group = [
            zone.format_date(*at),
            dataset.site_name(text(record, "locationId")).to_string(),
            field("name"),
            field("barcode"),
            dataset.service_type_name(service_type_id(record)).to_string(),
            dataset.user_name(text(record, "userId")).to_string(),
        ];
        for (index, answer) in answers.iter().enumerate() {
            answer_count += 1;
            let mut cells = group.to_vec();
            // A question without options is answered in words; with options, words are a comment.
            let (choice, words) = (text(answer, "multipleChoiceAnswer"), text(answer, "textAnswer"));
            let (answer_text, comment) = if choice.is_empty() { (words, "") } else { (choice, words) };
            cells.extend([
                text(answer, "question").to_string(),
                answer_text.to_string(),
                comment.to_string(),
                text(record, "id").to_string(),
            ]);
            report.rows.push(Row { cells, group_start: index == 0, ..Row::default() });
        }
    }
    report.parameters = vec![Labelled::new("From", start), Labelled::new("To", end)];
    if let Some(service) = &only_service {
        report.parameters.push(Labelled::new("Service", dataset.service_type_name(service)));
    }
    report.totals = vec![Labelled::new("Checklists", checklists.len()), Labelled::new("Answers", answer_count)];
    Ok(report)
}
