//! Links to `/api/files/...` that work without a session: an HMAC-SHA256 over the
//! method, the organisation, the file and the expiry, keyed by a server secret.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::names::StoredName;

/// Which of the two things a link allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// `PUT` the file's body.
    Write,
    /// `GET` the file.
    Read,
}

impl Access {
    fn method(self) -> &'static str {
        match self {
            Access::Write => "PUT",
            Access::Read => "GET",
        }
    }
}

/// Why a link was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum LinkError {
    BadSignature,
    Expired,
}

pub struct LinkSigner {
    key: Vec<u8>,
}

impl LinkSigner {
    pub fn new(secret: &str) -> LinkSigner {
        LinkSigner { key: secret.as_bytes().to_vec() }
    }

    fn mac(&self, access: Access, org_id: &str, file: &StoredName, expires: i64) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes keys of any length");
        // Newline-separated: no part can contain one (ids and names are checked), so no two
        // different links sign the same message.
        mac.update(format!("{}\n{org_id}\n{}\n{expires}", access.method(), file.file_name()).as_bytes());
        mac
    }

    /// The `signature` parameter of a link.
    pub fn sign(&self, access: Access, org_id: &str, file: &StoredName, expires: i64) -> String {
        hex::encode(self.mac(access, org_id, file, expires).finalize().into_bytes())
    }

    /// Checks a link's signature (in constant time), then its expiry against `now` (Unix seconds).
    pub fn verify(
        &self,
        access: Access,
        org_id: &str,
        file: &StoredName,
        expires: i64,
        signature: &str,
        now: i64,
    ) -> Result<(), LinkError> {
        let given = hex::decode(signature).map_err(|_| LinkError::BadSignature)?;
        self.mac(access, org_id, file, expires).verify_slice(&given).map_err(|_| LinkError::BadSignature)?;
        if now > expires { Err(LinkError::Expired) } else { Ok(()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::names::{Folder, ImageType};

    #[test]
    fn a_link_verifies_only_for_what_it_was_signed_for() {
        let signer = LinkSigner::new("secret");
        let file = StoredName::new(Folder::Logos, ImageType::Png);
        let signature = signer.sign(Access::Write, "org1", &file, 1000);
        assert_eq!(signer.verify(Access::Write, "org1", &file, 1000, &signature, 1000), Ok(()));
        assert_eq!(signer.verify(Access::Write, "org1", &file, 1000, &signature, 1001), Err(LinkError::Expired));
        assert_eq!(signer.verify(Access::Read, "org1", &file, 1000, &signature, 0), Err(LinkError::BadSignature));
        assert_eq!(signer.verify(Access::Write, "org2", &file, 1000, &signature, 0), Err(LinkError::BadSignature));
        assert_eq!(signer.verify(Access::Write, "org1", &file, 2000, &signature, 0), Err(LinkError::BadSignature));
        let other = StoredName::new(Folder::Logos, ImageType::Png);
        assert_eq!(signer.verify(Access::Write, "org1", &other, 1000, &signature, 0), Err(LinkError::BadSignature));
        assert_eq!(LinkSigner::new("other").verify(Access::Write, "org1", &file, 1000, &signature, 0), Err(LinkError::BadSignature));
        assert_eq!(signer.verify(Access::Write, "org1", &file, 1000, "not hex", 0), Err(LinkError::BadSignature));
    }
}
