//! Dates as spreadsheets write them, read into the forms the due engine reads: `2024-03-10`,
//! `2024-03-10T09:30:00` (wall-clock time at the site) or an instant with an offset.
//! Day and month written as numbers in either order are read only when the order is certain.

use jiff::civil::{Date, DateTime};

/// Reads a date; the error says why in words for the person who wrote it.
pub fn read_date(text: &str) -> Result<String, String> {
    let text = text.trim();
    // jiff reads a date out of a longer text too, so a date with a time goes by the longer forms.
    if text.len() == 10
        && let Ok(date) = text.parse::<Date>()
    {
        return Ok(date.to_string());
    }
    if let Ok(instant) = text.parse::<jiff::Timestamp>() {
        return Ok(instant.to_string());
    }
    // `2024-03-10 09:30` and `2024-03-10T09:30:00`: a time at the site.
    if let Ok(time) = text.replacen(' ', "T", 1).parse::<DateTime>() {
        return Ok(time.strftime("%Y-%m-%dT%H:%M:%S").to_string());
    }
    if let Some(date) = numeric_date(text)? {
        return Ok(date.to_string());
    }
    if let Some(date) = named_month(text) {
        return Ok(date.to_string());
    }
    Err(format!("'{text}' is not a date; write it like 2024-03-10"))
}

/// `2024/03/10`, `10/03/2024`, `3.10.2024`…: numbers split by `/`, `-` or `.`.
fn numeric_date(text: &str) -> Result<Option<Date>, String> {
    let parts: Vec<&str> = text.split(['/', '-', '.']).collect();
    if parts.len() != 3 || parts.iter().any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) || p.len() > 4) {
        return Ok(None);
    }
    let number = |part: &str| part.parse::<i16>().unwrap_or(0);
    let (year, first, second) = if parts[0].len() == 4 {
        // Year first is always year, month, day.
        (number(parts[0]), number(parts[1]), number(parts[2]))
    } else if parts[2].len() == 4 {
        let (a, b) = (number(parts[0]), number(parts[1]));
        let (month, day) = match (a > 12, b > 12) {
            (true, false) => (b, a),
            (false, true) => (a, b),
            (false, false) if a == b => (a, b),
            (false, false) => {
                return Err(format!("'{text}' could be day/month or month/day; write it like 2024-03-10"));
            }
            (true, true) => return Err(format!("'{text}' is not a date; write it like 2024-03-10")),
        };
        (number(parts[2]), month, day)
    } else {
        return Err(format!("'{text}' has no four-digit year; write it like 2024-03-10"));
    };
    Date::new(year, first as i8, second as i8)
        .map(Some)
        .map_err(|_| format!("'{text}' is not a day of the calendar; write it like 2024-03-10"))
}

/// `10 Mar 2024`, `10-March-2024`, `Mar 10, 2024`, `March 10 2024`.
fn named_month(text: &str) -> Option<Date> {
    let words = text.replace([',', '-'], " ");
    let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
    ["%d %b %Y", "%d %B %Y", "%b %d %Y", "%B %d %Y"].iter().find_map(|format| Date::strptime(format, &words).ok())
}

#[cfg(test)]
mod tests {
    use super::read_date;

    #[test]
    fn reads_the_forms_spreadsheets_write() {
        for (text, date) in [
            ("2024-03-10", "2024-03-10"),
            (" 2024/03/10 ", "2024-03-10"),
            ("2024.3.9", "2024-03-09"),
            ("25/03/2024", "2024-03-25"),
            ("03/25/2024", "2024-03-25"),
            ("4/4/2024", "2024-04-04"),
            ("25.3.2024", "2024-03-25"),
            ("10 Mar 2024", "2024-03-10"),
            ("10-Mar-2024", "2024-03-10"),
            ("March 10, 2024", "2024-03-10"),
            ("Mar 10 2024", "2024-03-10"),
            ("2024-03-10 09:30", "2024-03-10T09:30:00"),
            ("2024-03-10T09:30:15", "2024-03-10T09:30:15"),
            ("2024-03-10T14:00:00Z", "2024-03-10T14:00:00Z"),
        ] {
            assert_eq!(read_date(text).as_deref(), Ok(date), "{text}");
        }
    }

    #[test]
    fn refuses_what_it_cannot_be_sure_of() {
        assert_eq!(read_date("03/04/2024").unwrap_err(), "'03/04/2024' could be day/month or month/day; write it like 2024-03-10");
        assert_eq!(read_date("10/03/24").unwrap_err(), "'10/03/24' has no four-digit year; write it like 2024-03-10");
        assert_eq!(read_date("2024-02-30").unwrap_err(), "'2024-02-30' is not a day of the calendar; write it like 2024-03-10");
        assert_eq!(read_date("last spring").unwrap_err(), "'last spring' is not a date; write it like 2024-03-10");
        assert!(read_date("45361").is_err());
        assert!(read_date("").is_err());
    }
}
