//! Where the slices of a report's rows are joined (`render_pdf`): which pages of a slice to
//! keep and which rows to typeset again, read from the `<fieldtag-row>` markers `report.typ`
//! places where each row begins and ends; and the kept pages made lighter.

use typst::foundations::{Label, Selector};
use typst::introspection::{Introspector, MetadataElem};
use typst::layout::{Frame, FrameItem};
use typst::utils::PicoStr;
use typst_layout::PagedDocument;

/// The pages of a slice (rows `start..end`) to keep, and the first row to typeset again in the
/// next: the rows that reach the slice's last page begin the next slice, and the pages from
/// the first of them on are dropped (a row reaching back onto an earlier page takes that page
/// too). When that would leave no row (a row longer than the slice's pages), all are kept.
pub(crate) fn unfinished(document: &PagedDocument, start: usize, end: usize) -> (usize, usize) {
    let pages = document.pages().len();
    let introspector = document.introspector();
    let Some(label) = Label::new(PicoStr::intern(ROW_MARKER)) else { return (pages, end) };
    // The first and last page of each row of the slice, by its markers.
    let mut spans: Vec<Option<(usize, usize)>> = vec![None; end - start];
    for marker in introspector.query(&Selector::Label(label)).iter() {
        let row = marker.to_packed::<MetadataElem>().and_then(|m| m.value.clone().cast::<i64>().ok());
        let page = marker.location().and_then(|location| introspector.page(location));
        let (Some(row), Some(page)) = (row.and_then(|row| usize::try_from(row).ok()), page) else { continue };
        if let Some(span) = row.checked_sub(start).and_then(|i| spans.get_mut(i)) {
            let page = page.get();
            *span = Some(span.map_or((page, page), |(first, last)| (first.min(page), last.max(page))));
        }
    }
    let Some(spans) = spans.into_iter().collect::<Option<Vec<_>>>() else { return (pages, end) };
    let mut cut = pages;
    loop {
        let Some(first) = spans.iter().position(|&(_, last)| last >= cut) else { return (pages, end) };
        let begins_on = spans[first].0;
        if begins_on == cut {
            // Nothing to leave (the rows begin on the first page, or only the heading's pages
            // come before them): the slice's pages stand as they are.
            return if cut <= 1 || first == 0 { (pages, end) } else { (cut - 1, start + first) };
        }
        cut = begins_on;
    }
}

/// Drops the frame's tags: each holds an element the slice laid out (every table cell's), for
/// Typst to find it by, which the slice's document needed and the joined pages do not (an
/// untagged PDF links nothing); kept, they made each kept page about 2.5 times heavier.
pub(crate) fn untag(frame: &mut Frame) {
    frame.retain(|item| match item {
        FrameItem::Tag(_) => false,
        FrameItem::Group(group) => {
            untag(&mut group.frame);
            true
        }
        _ => true,
    });
}

/// The label of the markers where every row begins and ends (report.typ).
const ROW_MARKER: &str = "fieldtag-row";
