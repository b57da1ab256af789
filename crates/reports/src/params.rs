//! A report's query: the parameters every report takes (locationId, output, layout, orgId)
//! and each report's own, read strictly: an unknown name or a bad value is a 400 naming it.

use std::collections::BTreeMap;

use jiff::civil::Date;

use super::error::{ReportError, ReportResult};
use super::report::ReportName;
use super::times::{self, Zone};

/// The query string as sent.
pub type ReportQuery = BTreeMap<String, String>;

/// `output=pdf|csv`, default pdf.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    Pdf,
    Csv,
}

impl Output {
    pub fn extension(self) -> &'static str {
        match self {
            Output::Pdf => "pdf",
            Output::Csv => "csv",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Output::Pdf => "application/pdf",
            Output::Csv => "text/csv; charset=utf-8",
        }
    }
}

/// `layout=portrait|landscape`, default portrait; the CSV has none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    Portrait,
    Landscape,
}

const COMMON: [&str; 4] = ["locationId", "orgId", "output", "layout"];

/// Each report's own parameters.
fn own_parameters(name: ReportName) -> &'static [&'static str] {
    match name {
        ReportName::Inspection => &["reportDate", "monthsOfHistory", "hideAddedHistory"],
        ReportName::Equipment => &["serviceOrInspection"],
        ReportName::Deficiency => &["startDate", "endDate"],
        ReportName::Location => &[],
        ReportName::SelectiveEquipment => &["equipmentIds", "equipmentTypeIds", "modelIds", "serviceTypeIds"],
        ReportName::EquipmentDueConsolidated => &["endDate"],
        ReportName::TimeAtLocation => &["startDate", "endDate"],
        ReportName::Questionnaire => &["startDate", "endDate", "serviceTypeId"],
        ReportName::Visit => &["date"],
    }
}

/// A checked request.
#[derive(Debug, Clone)]
pub struct Request {
    pub location_id: Option<String>,
    pub org_id: Option<String>,
    pub output: Output,
    pub layout: Layout,
    query: ReportQuery,
}

impl Request {
    pub fn read(name: ReportName, query: &ReportQuery) -> ReportResult<Request> {
        let own = own_parameters(name);
        let unknown: Vec<&str> = query.keys().map(String::as_str).filter(|key| !COMMON.contains(key) && !own.contains(key)).collect();
        if !unknown.is_empty() {
            let accepted: Vec<&str> = COMMON.iter().chain(own).copied().collect();
            return Err(ReportError::BadParameter(format!(
                "Unknown parameter {} for {}: it accepts {}",
                unknown.iter().map(|u| format!("'{u}'")).collect::<Vec<_>>().join(", "),
                name.path_name(),
                accepted.join(", ")
            )));
        }
        let output = match query.get("output").map(String::as_str) {
            None | Some("pdf") => Output::Pdf,
            Some("csv") => Output::Csv,
            Some(other) => return Err(ReportError::BadParameter(format!("output '{other}' is not known: use pdf or csv"))),
        };
        let layout = match query.get("layout").map(String::as_str) {
            None | Some("portrait") => Layout::Portrait,
            Some("landscape") => Layout::Landscape,
            Some(other) => return Err(ReportError::BadParameter(format!("layout '{other}' is not known: use portrait or landscape"))),
        };
        let location_id = query.get("locationId").filter(|id| !id.is_empty()).cloned();
        if location_id.is_none() && !name.company_wide() {
            return Err(ReportError::BadParameter(format!("locationId is required: {} is made for one site", name.path_name())));
        }
        Ok(Request { location_id, org_id: query.get("orgId").cloned(), output, layout, query: query.clone() })
    }

    fn get(&self, key: &str) -> Option<&str> {
        self.query.get(key).map(String::as_str).filter(|value| !value.is_empty())
    }

    /// A date parameter: `YYYY-MM-DD`, or a date and time with an offset (its date in `zone`).
    pub fn date(&self, key: &str, zone: &Zone) -> ReportResult<Option<Date>> {
        let Some(text) = self.get(key) else { return Ok(None) };
        if let Ok(date) = text.parse::<Date>() {
            return Ok(Some(date));
        }
        match text.parse::<jiff::Timestamp>() {
            Ok(instant) => Ok(Some(zone.date_of(instant.as_millisecond()))),
            Err(_) => Err(ReportError::BadParameter(format!("{key} '{text}' is not a date: use YYYY-MM-DD"))),
        }
    }

    /// A date range, `startDate` to `endDate` inclusive, each defaulting to `default`'s.
    pub fn range(&self, zone: &Zone, default: (Date, Date)) -> ReportResult<(Date, Date)> {
        let start = self.date("startDate", zone)?.unwrap_or(default.0);
        let end = self.date("endDate", zone)?.unwrap_or(default.1);
        if end < start {
            return Err(ReportError::BadParameter(format!("endDate {end} is before startDate {start}")));
        }
        Ok((start, end))
    }

    /// `startDate` to `endDate` with §9's "month range" default: the month of `now` in `zone`.
    pub fn month_range(&self, zone: &Zone, now: i64) -> ReportResult<(Date, Date)> {
        let today = zone.date_of(now);
        self.range(zone, (times::start_of_month(today), times::end_of_month(today)))
    }

    /// A whole number in `min..=max`.
    pub fn whole(&self, key: &str, min: i64, max: i64) -> ReportResult<Option<i64>> {
        let Some(text) = self.get(key) else { return Ok(None) };
        match text.parse::<i64>() {
            Ok(n) if (min..=max).contains(&n) => Ok(Some(n)),
            _ => Err(ReportError::BadParameter(format!("{key} '{text}' must be a whole number from {min} to {max}"))),
        }
    }

    /// `true` or `false`.
    pub fn flag(&self, key: &str) -> ReportResult<Option<bool>> {
        match self.get(key) {
            None => Ok(None),
            Some("true") => Ok(Some(true)),
            Some("false") => Ok(Some(false)),
            Some(other) => Err(ReportError::BadParameter(format!("{key} '{other}' must be true or false"))),
        }
    }

    /// One of `choices`.
    pub fn choice(&self, key: &str, choices: &[&'static str]) -> ReportResult<Option<&'static str>> {
        let Some(text) = self.get(key) else { return Ok(None) };
        choices
            .iter()
            .find(|choice| **choice == text)
            .map(|choice| Some(*choice))
            .ok_or_else(|| ReportError::BadParameter(format!("{key} '{text}' is not known: use one of {}", choices.join(", "))))
    }

    /// A comma-separated list of ids; empty when absent.
    pub fn ids(&self, key: &str) -> Vec<String> {
        self.get(key)
            .map(|text| text.split(',').map(str::trim).filter(|id| !id.is_empty()).map(str::to_string).collect())
            .unwrap_or_default()
    }

    /// A single id, if given.
    pub fn id(&self, key: &str) -> Option<String> {
        self.get(key).map(str::to_string)
    }
}
