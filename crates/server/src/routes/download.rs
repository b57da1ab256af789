//! `Content-Disposition` for the files the API hands over as downloads (reports, exports).

use axum::http::HeaderValue;
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};

use crate::error::{ApiError, ApiResult};

/// Characters kept as they are in `filename*` (RFC 5987 attr-char).
const ATTR_CHAR: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'!')
    .remove(b'#')
    .remove(b'$')
    .remove(b'&')
    .remove(b'+')
    .remove(b'-')
    .remove(b'.')
    .remove(b'^')
    .remove(b'_')
    .remove(b'`')
    .remove(b'|')
    .remove(b'~');

/// `attachment` with the name as plain ASCII (quotes, backslashes and anything else replaced
/// by `_`) and, whole, as `filename*` for clients that read it.
pub(crate) fn attachment(file_name: &str) -> ApiResult<HeaderValue> {
    let ascii: String =
        file_name.chars().map(|c| if (c.is_ascii_graphic() && c != '"' && c != '\\') || c == ' ' { c } else { '_' }).collect();
    let value = format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{}", utf8_percent_encode(file_name, ATTR_CHAR));
    HeaderValue::from_str(&value).map_err(ApiError::internal)
}

#[cfg(test)]
mod tests {
    use super::attachment;

    #[test]
    fn a_name_cannot_break_out_of_its_quotes() {
        let header = attachment("Inspection Report - \"Main\" \\ Café - 2026-11-30.pdf").unwrap();
        assert_eq!(
            header.to_str().unwrap(),
            "attachment; filename=\"Inspection Report - _Main_ _ Caf_ - 2026-11-30.pdf\"; \
             filename*=UTF-8''Inspection%20Report%20-%20%22Main%22%20%5C%20Caf%C3%A9%20-%202026-11-30.pdf"
        );
        let dash = attachment("Acme \"Fire\" – Export.json").unwrap();
        assert_eq!(
            dash.to_str().unwrap(),
            "attachment; filename=\"Acme _Fire_ _ Export.json\"; filename*=UTF-8''Acme%20%22Fire%22%20%E2%80%93%20Export.json"
        );
    }
}
