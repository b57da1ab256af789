//! A report as PDF, typeset by Typst as a library: `report.typ` is compiled against a world
//! of virtual files (the templates, the report as JSON, the letterhead, the logo, the photos) and
//! the fonts bundled with Typst, so nothing is read from disk or the network.

use std::sync::LazyLock;

use anyhow::anyhow;
use fieldtag_domain::records::people::Organization;
use fieldtag_domain::records::stored::AsText;
use typst::diag::{FileError, FileResult};
use typst::ecow::EcoVec;
use typst::foundations::{Bytes, Datetime};
use typst::layout::Point;
use typst::model::Document;
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World};
use typst_layout::{Page, PagedDocument};

use super::page_data::{Placed, page_data};
use super::params::Layout;
use super::photos::Evidence;
use super::report::Report;
use super::slices::{unfinished, untag};

const TEMPLATE: &str = include_str!("report.typ");
/// The header and page numbers laid over a report's pages once all are typeset.
const OVERLAY_TEMPLATE: &str = include_str!("overlay.typ");
/// The page both templates lay out on, imported by each.
const PAGE_TEMPLATE: &str = include_str!("page.typ");
/// Rows typeset as one document at most. Typst holds a document's whole layout, and all it
/// memoised on the way, until it is done: a site of 1,000 items in one document peaked at
/// 340 MB. A slice of this many rows holds some tens of MB, and its pages, kept once laid out,
/// little (docs/reports.md "Memory").
const SLICE_ROWS: usize = 150;
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
static PAGE: LazyLock<FileId> = LazyLock::new(|| file_id("/page.typ"));
static PAGE_SOURCE: LazyLock<Source> = LazyLock::new(|| Source::new(*PAGE, PAGE_TEMPLATE.to_string()));
static DATA: LazyLock<FileId> = LazyLock::new(|| file_id("/data.json"));
static LETTERHEAD: LazyLock<FileId> = LazyLock::new(|| file_id("/letterhead.png"));
static LOGO: LazyLock<FileId> = LazyLock::new(|| file_id("/logo.png"));

/// The organisation's look on the page.
pub struct Branding {
    pub(crate) name: String,
    pub(crate) lines: Vec<String>,
    pub(crate) accent: String,
    pub(crate) letterhead: Option<Vec<u8>>,
    pub(crate) logo: Option<Vec<u8>>,
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
pub trait Images: Sync {
    /// The image the organisation keeps under `name` (a file name it stored), when it can be
    /// read and decodes; None otherwise (the report is printed without it).
    fn image(&self, kind: ImageKind, name: &str) -> impl Future<Output = Option<Vec<u8>>> + Send;

    /// A photo or signature a record names (`photos/{hex}.jpg`, `signatures/{hex}.png`), as
    /// stored; the report decodes it and makes its thumbnail.
    fn file(&self, file_name: &str) -> impl Future<Output = StoredFile> + Send;
}

/// A record's photo or signature in the organisation's files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoredFile {
    Found(Vec<u8>),
    /// Not stored (yet): the device that took it has not uploaded it.
    Missing,
    /// The store could not be read: the image is left out.
    Unreadable,
}

/// An image the organisation names; none when the name is empty.
async fn image(images: &impl Images, kind: ImageKind, name: &str) -> Option<Vec<u8>> {
    if name.is_empty() { None } else { images.image(kind, name).await }
}

struct ReportWorld {
    main: Source,
    data: Bytes,
    letterhead: Option<Bytes>,
    logo: Option<Bytes>,
    evidence: Vec<(FileId, Bytes)>,
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
        if id == *MAIN {
            Ok(self.main.clone())
        } else if id == *PAGE {
            Ok(PAGE_SOURCE.clone())
        } else {
            Err(not_found(id))
        }
    }

    fn file(&self, id: FileId) -> FileResult<Bytes> {
        let found = if id == *DATA {
            Some(&self.data)
        } else if id == *LETTERHEAD {
            self.letterhead.as_ref()
        } else if id == *LOGO {
            self.logo.as_ref()
        } else {
            self.evidence.iter().find(|(path, _)| *path == id).map(|(_, bytes)| bytes)
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
///
/// The rows are typeset a slice at a time, each slice its own document, and their pages
/// joined: a slice's last page, and the rows that reach it, are left for the next slice, which
/// begins them on a fresh page as the one document would have. The header and the page
/// numbers, known only at the end, are then laid over every page.
pub fn render(report: &Report, branding: &Branding, layout: Layout, evidence: &Evidence) -> anyhow::Result<Vec<u8>> {
    let mut placed = Placed::default();
    let page = page_data(report, branding, layout, evidence, &mut placed);
    let evidence = placed.images.into_iter().map(|(path, bytes)| (file_id(&path), bytes)).collect();
    let mut world = ReportWorld {
        main: Source::new(*MAIN, TEMPLATE.to_string()),
        data: Bytes::new(Vec::new()),
        letterhead: branding.letterhead.clone().map(Bytes::new),
        logo: branding.logo.clone().map(Bytes::new),
        evidence,
    };
    let mut pages: EcoVec<Page> = EcoVec::new();
    let mut info = None;
    let mut start = 0;
    loop {
        let end = (start + SLICE_ROWS).min(page.row_count());
        let last = end == page.row_count();
        world.data = Bytes::new(serde_json::to_vec(&page.slice(start, end))?);
        let document = typeset(&world)?;
        let (kept, next) = if last { (document.pages().len(), end) } else { unfinished(&document, start, end) };
        info.get_or_insert_with(|| document.info().clone());
        pages.extend(document.pages()[..kept].iter().cloned().map(|mut page| {
            untag(&mut page.frame);
            page
        }));
        if last {
            break;
        }
        start = next;
    }

    world.main = Source::new(*MAIN, OVERLAY_TEMPLATE.to_string());
    world.data = Bytes::new(serde_json::to_vec(&page.overlay(pages.len()))?);
    let overlays = typeset(&world)?;
    for (page, overlay) in pages.make_mut().iter_mut().zip(overlays.pages()) {
        page.frame.push_frame(Point::zero(), overlay.frame.clone());
    }
    let document = PagedDocument::new(pages, info.unwrap_or_default());
    // Untagged: the structure tree (an element per table cell) was 93% of the file, 14 times the
    // text and drawing; the text stays selectable and searchable (docs/reports.md).
    let options = typst_pdf::PdfOptions { tagged: false, ..typst_pdf::PdfOptions::default() };
    typst_pdf::pdf(&document, &options)
        .map_err(|errors| anyhow!("PDF export failed: {}", errors.iter().map(|e| e.message.as_str()).collect::<Vec<_>>().join("; ")))
}

/// One document of the world's main file and data.
fn typeset(world: &ReportWorld) -> anyhow::Result<PagedDocument> {
    let compiled = typst::compile::<PagedDocument>(world).output;
    // Typst memoises every layout it does. Kept, a slice's layouts stayed until the next slice
    // and added to its peak, of no use to it (other rows): none is kept. A report typeset
    // meanwhile on another thread loses its own so far and works them out again.
    typst::comemo::evict(0);
    compiled.map_err(|errors| anyhow!("typesetting failed: {}", errors.iter().map(|e| e.message.as_str()).collect::<Vec<_>>().join("; ")))
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::sync::Arc;

    use super::*;
    use crate::page_data::NOT_UPLOADED;
    use crate::photos::Printed;
    use crate::report::{Column, Detail, Labelled, ReportName, Row, Signed};

    const PHOTO: &str = "photos/0123456789abcdef0123456789abcdef.jpg";
    const MISSING: &str = "photos/ffffffffffffffffffffffffffffffff.jpg";
    const SIGNATURE: &str = "signatures/0123456789abcdef0123456789abcdef.png";

    fn encoded(format: image::ImageFormat, width: u32, height: u32) -> Vec<u8> {
        let mut out = std::io::Cursor::new(Vec::new());
        image::RgbImage::from_pixel(width, height, image::Rgb([200, 40, 40])).write_to(&mut out, format).unwrap();
        out.into_inner()
    }

    fn report() -> Report {
        Report {
            name: ReportName::Visit,
            scope: "Maple Arena".into(),
            scope_lines: Vec::new(),
            file_date: "2026-11-26".into(),
            generated: "2026-11-26 10:00".into(),
            parameters: Vec::new(),
            totals: Vec::new(),
            columns: vec![Column::both("Description", 1.0)],
            rows: vec![Row {
                cells: vec!["Corroded valve".into()],
                group_start: true,
                photos: vec![PHOTO.into(), MISSING.into()],
                details: vec![Detail { label: "Deficiency".into(), text: "Gauge".into(), photos: vec![PHOTO.into()], ..Detail::default() }],
                ..Row::default()
            }],
            empty_text: "",
            signature: false,
            signatures: vec![Signed {
                signer_name: "Dana Customer".into(),
                lines: vec!["Signed 2026-11-26 16:00".into()],
                image: SIGNATURE.into(),
            }],
        }
    }

    fn branding() -> Branding {
        Branding { name: "Northfire".into(), lines: Vec::new(), accent: DEFAULT_ACCENT.into(), letterhead: None, logo: None }
    }

    fn image_objects(pdf: &[u8]) -> usize {
        pdf.windows(14).filter(|w| w == b"/Subtype /Image" || w.starts_with(b"/Subtype/Image")).count()
    }

    #[test]
    fn photos_and_signatures_are_images_in_the_pdf_and_missing_ones_words() {
        let thumbnail = crate::photos::thumbnail(&encoded(image::ImageFormat::Jpeg, 800, 600), image::ImageFormat::Jpeg).unwrap();
        let signature = encoded(image::ImageFormat::Png, 300, 100);
        let evidence = Evidence {
            printed: HashMap::from([
                (PHOTO.to_string(), Printed::Image(Arc::new(thumbnail))),
                (MISSING.to_string(), Printed::NotUploaded),
                (SIGNATURE.to_string(), Printed::Image(Arc::new(signature))),
            ]),
        };
        let mut placed = Placed::default();
        let report = report();
        let branding = branding();
        let page = page_data(&report, &branding, Layout::Portrait, &evidence, &mut placed);
        let data = serde_json::to_value(page.slice(0, page.row_count())).unwrap();
        // The photo printed twice is one image; the missing one is words.
        assert_eq!(placed.images.len(), 2);
        assert_eq!(data["rows"][0]["photos"][1]["text"], NOT_UPLOADED);
        assert_eq!(data["rows"][0]["photos"][0]["path"], data["rows"][0]["details"][0]["photos"][0]["path"]);
        assert_eq!(data["signatures"][0]["signerName"], "Dana Customer");
        let pdf = render(&report, &branding, Layout::Portrait, &evidence).unwrap();
        if let Ok(keep) = std::env::var("FIELDTAG_KEEP_REPORT_PDF") {
            std::fs::write(keep, &pdf).unwrap();
        }
        assert!(pdf.starts_with(b"%PDF-"));
        assert!(image_objects(&pdf) >= 2, "the thumbnail and the signature are images");
    }

    /// The PDF's text, page by page (pdftotext; `make test` installs it).
    fn pages_of(pdf: &[u8]) -> Vec<String> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("report.pdf");
        std::fs::write(&path, pdf).unwrap();
        let output = std::process::Command::new("pdftotext").arg(&path).arg("-").output().expect("pdftotext runs");
        assert!(output.status.success(), "pdftotext: {}", String::from_utf8_lossy(&output.stderr));
        let text = String::from_utf8(output.stdout).unwrap();
        text.split('\u{c}').filter(|page| !page.trim().is_empty()).map(str::to_string).collect()
    }

    #[test]
    fn a_report_of_several_slices_reads_as_one_document() {
        let count = SLICE_ROWS * 2 + 37;
        let rows = (0..count)
            .map(|i| Row {
                cells: vec![format!("Item {i:04}"), format!("Room {}", i / 10)],
                group_start: i % 10 == 0,
                details: if i % 4 == 0 {
                    vec![Detail { label: "History".into(), text: format!("Note {i:04}"), ..Detail::default() }]
                } else {
                    Vec::new()
                },
                ..Row::default()
            })
            .collect();
        let report = Report {
            name: ReportName::Inspection,
            columns: vec![Column::both("Description", 2.0), Column::both("Location", 1.0)],
            rows,
            signature: true,
            signatures: Vec::new(),
            totals: vec![Labelled { label: "Items".into(), value: count.to_string() }],
            ..report()
        };
        let pdf = render(&report, &branding(), Layout::Portrait, &Evidence { printed: HashMap::new() }).unwrap();
        if let Ok(keep) = std::env::var("FIELDTAG_KEEP_REPORT_PDF") {
            std::fs::write(keep, &pdf).unwrap();
        }
        let pages = pages_of(&pdf);
        let total = pages.len();
        assert!(total >= 6, "{total} pages");
        let text = pages.concat();
        for (index, page) in pages.iter().enumerate() {
            assert!(page.contains(&format!("Page {} of {total}", index + 1)), "page {}: {page}", index + 1);
        }
        // Every row and note once, in order.
        let mut after = 0;
        for i in 0..count {
            let item = format!("Item {i:04}");
            assert_eq!(text.matches(&item).count(), 1, "{item}");
            let at = text.find(&item).unwrap();
            assert!(at > after, "{item} out of order");
            after = at;
            if i % 4 == 0 {
                assert_eq!(text.matches(&format!("Note {i:04}")).count(), 1, "note of {item}");
            }
        }
        // The header from page 2 on; the heading once, on the first page; the signature lines
        // once, on the last.
        let header = "Inspection Report — Maple Arena";
        let headed: Vec<bool> = pages.iter().map(|page| page.contains(header)).collect();
        assert_eq!(headed, (0..total).map(|index| index > 0).collect::<Vec<_>>(), "{}", pages[1]);
        assert_eq!(text.matches("ITEMS").count(), 1);
        assert!(pages[0].contains("ITEMS"));
        assert_eq!(text.matches("Technician (print)").count(), 1);
        assert!(pages[total - 1].contains("Technician (print)"));
        // No page is left short where one slice ends and the next begins.
        let items: Vec<usize> = pages.iter().map(|page| page.matches("Item ").count()).collect();
        let full = items[1..total - 1].iter().max().copied().unwrap();
        for (index, &on_page) in items.iter().enumerate().take(total - 1).skip(1) {
            assert!(on_page * 10 >= full * 9, "page {} holds {on_page} items, a full page {full}: {items:?}", index + 1);
        }
    }

    #[test]
    fn a_row_split_between_pages_where_slices_meet_keeps_all_its_lines() {
        // A first cell of many lines beside a short last one: Typst splits such a row between
        // pages, and where a slice ends on one, its last lines must not be lost.
        let words = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu";
        let count = SLICE_ROWS * 2 + 10;
        let rows = (0..count)
            .map(|i| Row { cells: vec![format!("start{i:04} {words} {words} end{i:04}"), "Lobby".into()], ..Row::default() })
            .collect();
        let report = Report {
            columns: vec![Column::both("Description", 1.0), Column::both("Location", 3.0)],
            rows,
            signatures: Vec::new(),
            ..report()
        };
        let pdf = render(&report, &branding(), Layout::Portrait, &Evidence { printed: HashMap::new() }).unwrap();
        let text = pages_of(&pdf).concat();
        for i in 0..count {
            for mark in [format!("start{i:04}"), format!("end{i:04}")] {
                assert_eq!(text.matches(&mark).count(), 1, "{mark}");
            }
        }
    }

    #[test]
    fn a_heading_that_fills_the_first_page_is_printed_once() {
        // A letterhead as tall as the page pushes the first row onto page 2.
        let tall = encoded(image::ImageFormat::Png, 60, 80);
        let branding = Branding { letterhead: Some(tall), ..branding() };
        let rows = (0..SLICE_ROWS + 5).map(|i| Row { cells: vec![format!("Item {i:04}")], ..Row::default() }).collect();
        let report = Report { rows, signatures: Vec::new(), ..report() };
        let pdf = render(&report, &branding, Layout::Portrait, &Evidence { printed: HashMap::new() }).unwrap();
        assert_eq!(image_objects(&pdf), 1, "the letterhead once");
        let pages = pages_of(&pdf);
        assert!(!pages[0].contains("Item 0000"), "the letterhead fills page 1");
        let text = pages.concat();
        for i in 0..SLICE_ROWS + 5 {
            assert_eq!(text.matches(&format!("Item {i:04}")).count(), 1, "Item {i:04}");
        }
    }

    #[test]
    fn without_the_images_the_pdf_still_prints() {
        let evidence = Evidence { printed: HashMap::from([(SIGNATURE.to_string(), Printed::NotUploaded)]) };
        let pdf = render(&report(), &branding(), Layout::Landscape, &evidence).unwrap();
        assert_eq!(image_objects(&pdf), 0);
    }
}
