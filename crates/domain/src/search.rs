//! The search box (spec §5): the query is split by spaces and every word must appear, ignoring
//! case, in some searched field. An empty query matches everything. The TypeScript twin is
//! `web/src/domain/search.ts`; both pass `testdata/search`.

/// Whether `query` matches a record whose searched fields are `fields` (absent fields are `None`).
pub fn matches<S: AsRef<str>>(query: &str, fields: &[Option<S>]) -> bool {
    let fields: Vec<String> = fields.iter().flatten().map(|f| f.as_ref().to_lowercase()).collect();
    query.split(char::is_whitespace).filter(|word| !word.is_empty()).all(|word| {
        let word = word.to_lowercase();
        fields.iter().any(|field| field.contains(&word))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_must_match_some_field() {
        let fields = [Some("Main Street Arena"), None, Some("K2P 1L4")];
        assert!(matches("arena k2p", &fields));
        assert!(matches("  ", &fields));
        assert!(!matches("arena toronto", &fields));
    }
}
