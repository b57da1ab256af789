//! The `Stripe-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "{t}.{body}">`
//! (several v1 entries while a secret is being rolled). A signature older or newer than
//! the tolerance is refused, so a captured request cannot be replayed later.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Why a webhook was not believed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("No Stripe-Signature header")]
    Missing,
    #[error("The Stripe-Signature header is malformed")]
    Malformed,
    #[error("The webhook signature is outside the tolerance")]
    TooOld,
    #[error("The webhook signature does not match")]
    Mismatch,
}

/// The hex signature of `body` sent at `timestamp`.
pub fn sign(secret: &str, timestamp: i64, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

/// Checks the header against the body at `now` (Unix seconds).
pub fn verify(header: Option<&str>, body: &[u8], secret: &str, now: i64, tolerance: i64) -> Result<(), SignatureError> {
    let header = header.ok_or(SignatureError::Missing)?;
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => timestamp = Some(value.parse::<i64>().map_err(|_| SignatureError::Malformed)?),
            Some(("v1", value)) => signatures.push(hex::decode(value).map_err(|_| SignatureError::Malformed)?),
            Some(_) => {}
            None => return Err(SignatureError::Malformed),
        }
    }
    let timestamp = timestamp.ok_or(SignatureError::Malformed)?;
    if signatures.is_empty() {
        return Err(SignatureError::Malformed);
    }
    if (now - timestamp).abs() > tolerance {
        return Err(SignatureError::TooOld);
    }
    let matches = signatures.iter().any(|signature| {
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key length");
        mac.update(timestamp.to_string().as_bytes());
        mac.update(b".");
        mac.update(body);
        // Constant-time comparison.
        mac.verify_slice(signature).is_ok()
    });
    if matches { Ok(()) } else { Err(SignatureError::Mismatch) }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test";

    #[test]
    fn a_fresh_signature_of_the_same_body_passes() {
        let body = br#"{"id":"evt_1"}"#;
        let header = format!("t=1000,v1={}", sign(SECRET, 1000, body));
        assert_eq!(verify(Some(&header), body, SECRET, 1100, 300), Ok(()));
    }

    #[test]
    fn any_of_several_v1_signatures_may_match() {
        let body = b"{}";
        let header = format!("t=1000,v1={},v1={}", sign("whsec_old", 1000, body), sign(SECRET, 1000, body));
        assert_eq!(verify(Some(&header), body, SECRET, 1000, 300), Ok(()));
    }

    #[test]
    fn refusals() {
        let body = b"{}";
        let good = sign(SECRET, 1000, body);
        assert_eq!(verify(None, body, SECRET, 1000, 300), Err(SignatureError::Missing));
        assert_eq!(verify(Some("garbage"), body, SECRET, 1000, 300), Err(SignatureError::Malformed));
        assert_eq!(verify(Some("t=1000"), body, SECRET, 1000, 300), Err(SignatureError::Malformed));
        assert_eq!(verify(Some(&format!("t=1000,v1={good}")), body, SECRET, 1301, 300), Err(SignatureError::TooOld));
        assert_eq!(verify(Some(&format!("t=1000,v1={good}")), b"{ }", SECRET, 1000, 300), Err(SignatureError::Mismatch));
        assert_eq!(verify(Some(&format!("t=1001,v1={good}")), body, SECRET, 1000, 300), Err(SignatureError::Mismatch));
    }
}
