//! Questionnaire report (one site, or every site), `startDate`..`endDate` (default this
//! month): every checklist answered in the period, one row per answer, grouped by the
//! history record that holds them; `serviceTypeId` keeps one service's checklists.

use fieldtag_domain::records::equipment::Equipment;
use fieldtag_domain::records::stored::AsText;

use super::data::Dataset;
use super::error::ReportResult;
use super::params::Request;
use super::report::{Column, Labelled, Report, ReportName, Row, SITE};

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

pub fn build(dataset: &Dataset, request: &Request) -> ReportResult<Report> {
    let location_id = request.location_id.as_deref();
    let report_zone = dataset.report_zone(location_id);
    let now = jiff::Timestamp::now().as_millisecond();
    let (start, end) = request.month_range(&report_zone, now)?;
    let only_service = request.id("serviceTypeId");
    let mut report = Report::new(ReportName::Questionnaire, dataset, location_id, end.to_string());
    report.columns = COLUMNS.to_vec();
    if location_id.is_some() {
        report.hide_site_from_pdf();
    }
    report.empty_text = "No checklists were answered in this period.";
    let mut checklists = Vec::new();
    for record in &dataset.history {
        let Some(answers) = record.questionnaire_answers.as_ref().filter(|answers| !answers.is_empty()) else { continue };
        let site_id = record.location_id.as_text();
        let zone = dataset.zone(site_id);
        let Some(at) = zone.parse(record.date.as_text()) else { continue };
        if at < zone.start_of_day(start) || at > zone.end_of_day(end) {
            continue;
        }
        let service_id = record.service_type_id();
        if only_service.as_deref().is_some_and(|only| only != service_id) {
            continue;
        }
        checklists.push((at, record, answers, zone));
    }
    checklists.sort_by_key(|(at, record, _, _)| (*at, record.id.clone()));
    let mut answer_count = 0;
    for (at, record, answers, zone) in &checklists {
        let item = dataset.item(record.equipment_id.as_text());
        let field = |read: fn(&Equipment) -> &str| item.map(|item| read(item).to_string()).unwrap_or_default();
        let group = [
            zone.format_date(*at),
            dataset.site_name(record.location_id.as_text()).to_string(),
            field(|item| item.name.as_text()),
            field(|item| item.barcode.as_text()),
            dataset.service_type_name(record.service_type_id()).to_string(),
            dataset.user_name(record.user_id.as_text()).to_string(),
        ];
        for (index, answer) in answers.iter().enumerate() {
            answer_count += 1;
            let mut cells = group.to_vec();
            // A question without options is answered in words; with options, words are a comment.
            let (choice, words) = (answer.multiple_choice_answer.as_text(), answer.text_answer.as_text());
            let (answer_text, comment) = if choice.is_empty() { (words, "") } else { (choice, words) };
            cells.extend([answer.question.as_text().to_string(), answer_text.to_string(), comment.to_string(), record.id.clone()]);
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
