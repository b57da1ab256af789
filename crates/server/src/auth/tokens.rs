//! Access tokens (signed JWTs, short-lived) and opaque tokens (refresh, invite,
//! reset: random, handed out once, stored only as their SHA-256).

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// What an access token says.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AccessClaims {
    /// The user.
    pub sub: String,
    /// Their organisation.
    pub org: String,
    /// The session (token family) it belongs to.
    pub fam: String,
    /// The token's own id, for the blacklist.
    pub jti: String,
    pub iat: i64,
    pub exp: i64,
}

/// Signs and checks access tokens.
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    pub access_ttl_seconds: i64,
}

/// A freshly signed access token.
pub struct IssuedAccess {
    pub token: String,
    pub expires_at_seconds: i64,
}

impl TokenKeys {
    pub fn new(secret: &str, access_ttl_seconds: i64) -> TokenKeys {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        TokenKeys {
            encoding: EncodingKey::from_secret(secret.as_bytes()),
            decoding: DecodingKey::from_secret(secret.as_bytes()),
            validation,
            access_ttl_seconds,
        }
    }

    pub fn issue(&self, user_id: &str, org_id: &str, family_id: &str) -> anyhow::Result<IssuedAccess> {
        let now = jiff::Timestamp::now().as_second();
        let claims = AccessClaims {
            sub: user_id.into(),
            org: org_id.into(),
            fam: family_id.into(),
            jti: fieldtag_store::new_id(),
            iat: now,
            exp: now + self.access_ttl_seconds,
        };
        let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?;
        Ok(IssuedAccess { token, expires_at_seconds: claims.exp })
    }

    /// The claims of a genuine, unexpired token.
    pub fn verify(&self, token: &str) -> Option<AccessClaims> {
        jsonwebtoken::decode::<AccessClaims>(token, &self.decoding, &self.validation).ok().map(|data| data.claims)
    }
}

/// A new random opaque token (256 bits, URL-safe).
pub fn new_opaque_token() -> String {
    URL_SAFE_NO_PAD.encode(rand::random::<[u8; 32]>())
}

/// How an opaque token is stored and looked up.
pub fn hash_opaque_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// A secret for signing, for when none is configured.
pub fn new_signing_secret() -> String {
    URL_SAFE_NO_PAD.encode(rand::random::<[u8; 48]>())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issued_tokens_verify_and_others_do_not() {
        let keys = TokenKeys::new("secret-one", 60);
        let issued = keys.issue("u1", "o1", "f1").unwrap();
        let claims = keys.verify(&issued.token).expect("own token verifies");
        assert_eq!((claims.sub.as_str(), claims.org.as_str(), claims.fam.as_str()), ("u1", "o1", "f1"));
        assert!(TokenKeys::new("secret-two", 60).verify(&issued.token).is_none());
        assert!(keys.verify("not.a.token").is_none());
    }

    #[test]
    fn expired_tokens_do_not_verify() {
        let keys = TokenKeys::new("secret", -1);
        let issued = keys.issue("u1", "o1", "f1").unwrap();
        assert!(keys.verify(&issued.token).is_none());
    }

    #[test]
    fn opaque_tokens_are_random_and_hash_stably() {
        let (a, b) = (new_opaque_token(), new_opaque_token());
        assert_ne!(a, b);
        assert_eq!(hash_opaque_token(&a), hash_opaque_token(&a));
        assert_ne!(hash_opaque_token(&a), hash_opaque_token(&b));
    }
}
