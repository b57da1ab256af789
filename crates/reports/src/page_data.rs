//! A report as the PDF's templates read it (`report.typ`, `overlay.typ`): only the PDF's
//! columns, grouped cells on a group's first row only, each photo and signature as the virtual
//! path of its image or the words printed instead, the rows written out a slice at a time.

use serde::Serialize;
use typst::foundations::Bytes;

use super::params::Layout;
use super::photos::{Evidence, Printed};
use super::render_pdf::Branding;
use super::report::{Detail, Labelled, Report};

/// The virtual path of a report's `index`th image (a photo thumbnail or a signature). Paths are
/// by position, not by file name, so the ids interned for the process are bounded by the
/// largest report's images, not by every photo ever printed.
fn evidence_path(index: usize, name: &str) -> String {
    let extension = if name.ends_with(".png") { "png" } else { "jpg" };
    format!("/evidence/{index}.{extension}")
}

/// One slice of a report as the template reads it: the report's data with only some of its
/// rows, and where the slice stands in the report.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SliceData<'s, 'a> {
    #[serde(flatten)]
    report: &'s PageData<'a>,
    rows: &'s [PageRow<'a>],
    /// The index in the report of the slice's first row (its marker's value).
    first_row: usize,
    /// The slice prints the report's heading.
    first: bool,
    /// The slice prints the signatures.
    last: bool,
}

/// What the overlay reads: the report's number of pages and what its header says.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct OverlayData<'a> {
    pages: usize,
    landscape: bool,
    org: &'a str,
    title: &'a str,
    scope: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PageData<'a> {
    title: &'static str,
    scope: &'a str,
    scope_lines: &'a [String],
    parameters: &'a [Labelled],
    totals: &'a [Labelled],
    columns: Vec<PageColumn>,
    /// Written out a slice at a time ([`SliceData`]).
    #[serde(skip)]
    rows: Vec<PageRow<'a>>,
    empty_text: &'static str,
    signature: bool,
    signatures: Vec<PageSignature<'a>>,
    landscape: bool,
    generated: &'a str,
    accent: &'a str,
    letterhead: bool,
    logo: bool,
    org: PageOrg<'a>,
}

#[derive(Serialize)]
struct PageColumn {
    title: &'static str,
    width: f32,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PageRow<'a> {
    cells: Vec<&'a str>,
    group_start: bool,
    alerts: Vec<usize>,
    details: Vec<PageDetail<'a>>,
    photos: Vec<PagePhoto>,
}

#[derive(Serialize)]
struct PageDetail<'a> {
    label: &'a str,
    text: &'a str,
    alert: bool,
    photos: Vec<PagePhoto>,
}

/// A photo as printed: its thumbnail's virtual path, or the words saying why there is none.
#[derive(Serialize)]
struct PagePhoto {
    path: Option<String>,
    text: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PageSignature<'a> {
    signer_name: &'a str,
    lines: &'a [String],
    image: Option<String>,
    text: &'static str,
}

/// The images a PDF carries besides the letterhead and logo, in the order they are first
/// printed, each under [`evidence_path`].
#[derive(Default)]
pub(crate) struct Placed {
    paths: std::collections::HashMap<String, String>,
    pub(crate) images: Vec<(String, Bytes)>,
}

impl Placed {
    /// Where `name`'s image is printed, or the words printed instead; None when it is left out.
    fn photo(&mut self, evidence: &Evidence, name: &str, missing_text: &'static str) -> Option<PagePhoto> {
        match evidence.get(name) {
            Printed::Image(bytes) => {
                let path = self.paths.entry(name.to_string()).or_insert_with(|| {
                    let path = evidence_path(self.images.len(), name);
                    self.images.push((path.clone(), Bytes::new(bytes.as_ref().clone())));
                    path
                });
                Some(PagePhoto { path: Some(path.clone()), text: "" })
            }
            Printed::NotUploaded => Some(PagePhoto { path: None, text: missing_text }),
            Printed::OverLimit => Some(PagePhoto { path: None, text: "Photo not printed (too many photos for one report)" }),
            Printed::LeftOut => None,
        }
    }

    fn photos(&mut self, evidence: &Evidence, names: &[String]) -> Vec<PagePhoto> {
        names.iter().filter_map(|name| self.photo(evidence, name, NOT_UPLOADED)).collect()
    }
}

/// What a photo the store does not have (yet) prints as.
pub const NOT_UPLOADED: &str = "Photo not yet uploaded";

#[derive(Serialize)]
struct PageOrg<'a> {
    name: &'a str,
    lines: &'a [String],
}

impl<'a> PageData<'a> {
    pub(crate) fn row_count(&self) -> usize {
        self.rows.len()
    }

    /// The slice of rows `start..end` as the report's template reads it.
    pub(crate) fn slice(&self, start: usize, end: usize) -> SliceData<'_, 'a> {
        SliceData { report: self, rows: &self.rows[start..end], first_row: start, first: start == 0, last: end == self.rows.len() }
    }

    /// What the overlay reads for a report of `pages` pages.
    pub(crate) fn overlay(&self, pages: usize) -> OverlayData<'_> {
        OverlayData { pages, landscape: self.landscape, org: self.org.name, title: self.title, scope: self.scope }
    }
}

/// The report as the template reads it: only the PDF's columns, grouped cells on a group's
/// first row only.
pub(crate) fn page_data<'a>(
    report: &'a Report,
    branding: &'a Branding,
    layout: Layout,
    evidence: &Evidence,
    placed: &mut Placed,
) -> PageData<'a> {
    let shown: Vec<usize> = (0..report.columns.len()).filter(|&i| report.columns[i].in_pdf).collect();
    let page_detail = |detail: &'a Detail, placed: &mut Placed| PageDetail {
        label: &detail.label,
        text: &detail.text,
        alert: detail.alert,
        photos: placed.photos(evidence, &detail.photos),
    };
    let rows = report
        .rows
        .iter()
        .map(|row| PageRow {
            cells: shown
                .iter()
                .map(|&i| {
                    if report.columns[i].grouped && !row.group_start {
                        ""
                    } else {
                        row.cells.get(i).map(String::as_str).unwrap_or_default()
                    }
                })
                .collect(),
            group_start: row.group_start,
            alerts: row.alerts.iter().filter_map(|title| shown.iter().position(|&i| report.columns[i].title == *title)).collect(),
            details: row.details.iter().map(|detail| page_detail(detail, placed)).collect(),
            photos: placed.photos(evidence, &row.photos),
        })
        .collect();
    let signatures = report
        .signatures
        .iter()
        .map(|signed| {
            let printed = placed.photo(evidence, &signed.image, "Signature not yet uploaded");
            let (image, text) = match printed {
                Some(PagePhoto { path, text }) => (path, text),
                None => (None, ""),
            };
            PageSignature { signer_name: &signed.signer_name, lines: &signed.lines, image, text }
        })
        .collect();
    PageData {
        title: report.name.title(),
        scope: &report.scope,
        scope_lines: &report.scope_lines,
        parameters: &report.parameters,
        totals: &report.totals,
        columns: shown.iter().map(|&i| PageColumn { title: report.columns[i].title, width: report.columns[i].width }).collect(),
        rows,
        empty_text: report.empty_text,
        signature: report.signature,
        signatures,
        landscape: layout == Layout::Landscape,
        generated: &report.generated,
        accent: &branding.accent,
        letterhead: branding.letterhead.is_some(),
        logo: branding.logo.is_some(),
        org: PageOrg { name: &branding.name, lines: &branding.lines },
    }
}
