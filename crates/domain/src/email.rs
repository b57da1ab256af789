//! Email addresses as the spec (§5) checks them: trimmed, then a standard pattern.

/// Trims an address and checks it has the shape `local@domain.tld`.
/// Returns the trimmed address, or `None` when it is not valid.
pub fn normalize_email(raw: &str) -> Option<String> {
    let email = raw.trim();
    let (local, domain) = email.split_once('@')?;
    let valid_local = !local.is_empty()
        && local.len() <= 64
        && local.chars().all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+/=?^_`{|}~.-".contains(c))
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..");
    let labels: Vec<&str> = domain.split('.').collect();
    let valid_domain = labels.len() >= 2
        && domain.len() <= 253
        && labels.iter().all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                && !label.starts_with('-')
                && !label.ends_with('-')
        })
        && labels.last().is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()));
    (valid_local && valid_domain).then(|| email.to_string())
}

/// The key an address is unique under: case does not make a second account.
pub fn email_key(email: &str) -> String {
    email.trim().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_and_trims_ordinary_addresses() {
        assert_eq!(normalize_email("  ann.lee+site@fire-co.ca ").as_deref(), Some("ann.lee+site@fire-co.ca"));
        assert_eq!(normalize_email("A@B.io").as_deref(), Some("A@B.io"));
    }

    #[test]
    fn rejects_malformed_addresses() {
        for bad in [
            "",
            "ann",
            "ann@",
            "@fire.ca",
            "ann@fire",
            "ann@@fire.ca",
            "ann@fire..ca",
            "a b@fire.ca",
            "ann@-fire.ca",
            ".ann@fire.ca",
            "ann@fire.c",
        ] {
            assert_eq!(normalize_email(bad), None, "{bad:?} should be rejected");
        }
    }

    #[test]
    fn keys_ignore_case_and_spaces() {
        assert_eq!(email_key(" Ann@Fire.CA"), "ann@fire.ca");
    }
}
