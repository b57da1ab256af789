//! A report as PDF, typeset by Typst as a library: `report.typ` is compiled against a world
//! of four virtual files (the template, the report as JSON, the letterhead, the logo) and
//! the fonts bundled with Typst, so nothing is read from disk or the network.

use std::sync::LazyLock;

use anyhow::anyhow;
use fieldtag_domain::records::people::Organization;
use fieldtag_domain::records::stored::AsText;
use serde::Serialize;
use typst::diag::{FileError, FileResult};
use typst::foundations::{Bytes, Datetime};
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World};
use typst_layout::PagedDocument;

use super::params::Layout;
use super::report::{Detail, Labelled, Report};

const TEMPLATE: &str = include_str!("report.typ");
/// The product's green (spec §9), for organisations without a colour of their own.
const DEFAULT_ACCENT: &str = "#2e7d32";

struct Fonts {
    book: LazyHash<FontBook>,
    fonts: Vec<Font>,
}

static FONTS: LazyLock<Fonts> = LazyLock::new(|| {
    let fonts: Vec<Font> = typst_assets::fonts().flat_map(|data| Font::iter(Bytes::new(data))).collect();
    Fonts { book: LazyHash::new(FontBook::from_fonts(&fonts)), fonts }
});
static LIBRARY: LazyLock<LazyHash<Library>> = LazyLock::new(|| LazyHash::new(Library::default()));

/// File ids are interned for the life of the process, so the same four are used by every report.
fn file_id(path: &str) -> FileId {
    RootedPath::new(VirtualRoot::Project, VirtualPath::new(path).expect("a valid virtual path")).intern()
}
static MAIN: LazyLock<FileId> = LazyLock::new(|| file_id("/main.typ"));
static DATA: LazyLock<FileId> = LazyLock::new(|| file_id("/data.json"));
static LETTERHEAD: LazyLock<FileId> = LazyLock::new(|| file_id("/letterhead.png"));
static LOGO: LazyLock<FileId> = LazyLock::new(|| file_id("/logo.png"));

/// The organisation's look on the page.
pub struct Branding {
    name: String,
    lines: Vec<String>,
    accent: String,
    letterhead: Option<Vec<u8>>,
    logo: Option<Vec<u8>>,
}

impl Branding {
    /// The organisation's name, address, colour, and images: the letterhead of the layout when
    /// WHITE_LABEL is on, else the logo. An image that cannot be had is left out, never a failed
    /// report.
    pub async fn load(images: &impl Images, organization: Option<&Organization>, layout: Layout) -> Branding {
        let field =
            |read: fn(&Organization) -> &str| organization.map(|organization| read(organization).trim().to_string()).unwrap_or_default();
        let town = [field(|o| o.city.as_text()), field(|o| o.province.as_text()), field(|o| o.postal_code.as_text())]
            .into_iter()
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join(", ");
        let contact = [field(|o| o.phone.as_text()), field(|o| o.email.as_text())]
            .into_iter()
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join(" · ");
        let lines = [field(|o| o.address.as_text()), town, contact].into_iter().filter(|line| !line.is_empty()).collect();
        let color = field(|o| o.background_color.as_text());
        let accent = if color.len() == 7 && color.starts_with('#') && color[1..].chars().all(|c| c.is_ascii_hexdigit()) {
            color
        } else {
            DEFAULT_ACCENT.to_string()
        };
        let white_label = organization
            .and_then(|organization| organization.enabled_features.as_ref())
            .is_some_and(|features| features.iter().any(|feature| feature.as_text() == "WHITE_LABEL"));
        let letterhead_name = match layout {
            Layout::Portrait => field(|o| o.letter_head.as_text()),
            Layout::Landscape => field(|o| o.landscape_letter_head.as_text()),
        };
        let letterhead = if white_label { image(images, ImageKind::Letterhead, &letterhead_name).await } else { None };
        let logo = if letterhead.is_none() { image(images, ImageKind::Logo, &field(|o| o.logo.as_text())).await } else { None };
        Branding { name: field(|o| o.name.as_text()), lines, accent, letterhead, logo }
    }
}

/// The two images a PDF may carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    Letterhead,
    Logo,
}

/// Where the organisation's images are kept.
pub trait Images {
    /// The image the organisation keeps under `name` (a file name it stored), when it can be
    /// read and decodes; None otherwise (the report is printed without it).
    fn image(&self, kind: ImageKind, name: &str) -> impl Future<Output = Option<Vec<u8>>> + Send;
}

/// An image the organisation names; none when the name is empty.
async fn image(images: &impl Images, kind: ImageKind, name: &str) -> Option<Vec<u8>> {
    if name.is_empty() { None } else { images.image(kind, name).await }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PageData<'a> {
    title: &'static str,
    scope: &'a str,
    scope_lines: &'a [String],
    parameters: &'a [Labelled],
    totals: &'a [Labelled],
    columns: Vec<PageColumn>,
    rows: Vec<PageRow<'a>>,
    empty_text: &'static str,
    signature: bool,
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
    details: &'a [Detail],
}

#[derive(Serialize)]
struct PageOrg<'a> {
    name: &'a str,
    lines: &'a [String],
}

/// The report as the template reads it: only the PDF's columns, grouped cells on a group's
/// first row only.
fn page_data<'a>(report: &'a Report, branding: &'a Branding, layout: Layout) -> PageData<'a> {
    let shown: Vec<usize> = (0..report.columns.len()).filter(|&i| report.columns[i].in_pdf).collect();
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
            details: &row.details,
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
        landscape: layout == Layout::Landscape,
        generated: &report.generated,
        accent: &branding.accent,
        letterhead: branding.letterhead.is_some(),
        logo: branding.logo.is_some(),
        org: PageOrg { name: &branding.name, lines: &branding.lines },
    }
}

struct ReportWorld {
    main: Source,
    data: Bytes,
    letterhead: Option<Bytes>,
    logo: Option<Bytes>,
}

impl World for ReportWorld {
    fn library(&self) -> &LazyHash<Library> {
        &LIBRARY
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &FONTS.book
    }

    fn main(&self) -> FileId {
        *MAIN
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        if id == *MAIN { Ok(self.main.clone()) } else { Err(not_found(id)) }
    }

    fn file(&self, id: FileId) -> FileResult<Bytes> {
        let found = if id == *DATA {
            Some(&self.data)
        } else if id == *LETTERHEAD {
            self.letterhead.as_ref()
        } else if id == *LOGO {
            self.logo.as_ref()
        } else {
            None
        };
        found.cloned().ok_or_else(|| not_found(id))
    }

    fn font(&self, index: usize) -> Option<Font> {
        FONTS.fonts.get(index).cloned()
    }

    fn today(&self, _offset: Option<typst::foundations::Duration>) -> Option<Datetime> {
        None
    }
}

fn not_found(id: FileId) -> FileError {
    FileError::NotFound(id.get().vpath().get_without_slash().into())
}

/// Typesets the report. Runs for a while on large sites: call it off the async threads.
pub fn render(report: &Report, branding: &Branding, layout: Layout) -> anyhow::Result<Vec<u8>> {
    let data = serde_json::to_vec(&page_data(report, branding, layout))?;
    let world = ReportWorld {
        main: Source::new(*MAIN, TEMPLATE.to_string()),
        data: Bytes::new(data),
        letterhead: branding.letterhead.clone().map(Bytes::new),
        logo: branding.logo.clone().map(Bytes::new),
    };
    let compiled = typst::compile::<PagedDocument>(&world).output;
    // Typst memoises every layout it does. Kept, a report's layouts stayed until the next report
    // and added to its peak, of no use to it (another site, other data): none is kept. A report
    // typeset meanwhile on another thread loses its own so far and works them out again.
    typst::comemo::evict(0);
    let document = compiled
        .map_err(|errors| anyhow!("typesetting failed: {}", errors.iter().map(|e| e.message.as_str()).collect::<Vec<_>>().join("; ")))?;
    // Untagged: the structure tree (an element per table cell) was 93% of the file, 14 times the
    // text and drawing; the text stays selectable and searchable (docs/reports.md).
    let options = typst_pdf::PdfOptions { tagged: false, ..typst_pdf::PdfOptions::default() };
    typst_pdf::pdf(&document, &options)
        .map_err(|errors| anyhow!("PDF export failed: {}", errors.iter().map(|e| e.message.as_str()).collect::<Vec<_>>().join("; ")))
}
