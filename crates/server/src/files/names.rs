//! What a stored file is called: its folder, a server-made name, its image type.
//! Every name from outside is checked here, so none can leave its folder.

use crate::error::ApiError;

/// The folders of spec §7, and the field evidence's photos and signatures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Folder {
    LetterHeads,
    Logos,
    ProfilePictures,
    FloorPlans,
    Photos,
    Signatures,
}

impl Folder {
    pub const ALL: [Folder; 6] =
        [Folder::LetterHeads, Folder::Logos, Folder::ProfilePictures, Folder::FloorPlans, Folder::Photos, Folder::Signatures];
    /// The folders of field evidence: named by the device, swept when no record names a file.
    pub const EVIDENCE: [Folder; 2] = [Folder::Photos, Folder::Signatures];

    pub fn as_str(self) -> &'static str {
        match self {
            Folder::LetterHeads => "letter-heads",
            Folder::Logos => "logos",
            Folder::ProfilePictures => "profile-pictures",
            Folder::FloorPlans => "floor-plans",
            Folder::Photos => "photos",
            Folder::Signatures => "signatures",
        }
    }

    pub fn parse(name: &str) -> Result<Folder, ApiError> {
        Folder::ALL.into_iter().find(|folder| folder.as_str() == name).ok_or_else(|| {
            let known: Vec<&str> = Folder::ALL.iter().map(|folder| folder.as_str()).collect();
            ApiError::bad_request(format!("Unknown folder '{name}': use one of {}", known.join(", ")))
        })
    }

    /// The one image type an evidence folder holds: photos are JPEG (the device re-encodes
    /// them), signatures PNG (drawn lines). The other folders take either.
    pub fn only_type(self) -> Option<ImageType> {
        match self {
            Folder::Photos => Some(ImageType::Jpeg),
            Folder::Signatures => Some(ImageType::Png),
            Folder::LetterHeads | Folder::Logos | Folder::ProfilePictures | Folder::FloorPlans => None,
        }
    }

    /// The type `content_type` names, if this folder takes it.
    pub fn image_type(self, content_type: &str) -> Result<ImageType, ApiError> {
        let image_type = ImageType::from_content_type(content_type)?;
        match self.only_type() {
            Some(only) if only != image_type => Err(ApiError::bad_request(format!(
                "contentType '{content_type}' is not allowed in {}: use {}",
                self.as_str(),
                only.content_type()
            ))),
            _ => Ok(image_type),
        }
    }
}

/// The two image types uploads may have (spec §5: png is image/png, anything else image/jpeg).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageType {
    Png,
    Jpeg,
}

impl ImageType {
    /// The type named by a `contentType` (parameters such as `; charset` are ignored).
    pub fn from_content_type(content_type: &str) -> Result<ImageType, ApiError> {
        let essence = content_type.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
        match essence.as_str() {
            "image/png" => Ok(ImageType::Png),
            "image/jpeg" | "image/jpg" => Ok(ImageType::Jpeg),
            _ => Err(ApiError::bad_request(format!("contentType '{content_type}' is not allowed: use image/png or image/jpeg"))),
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            ImageType::Png => "image/png",
            ImageType::Jpeg => "image/jpeg",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            ImageType::Png => "png",
            ImageType::Jpeg => "jpg",
        }
    }

    /// The type's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            ImageType::Png => "PNG",
            ImageType::Jpeg => "JPEG",
        }
    }

    /// Whether `bytes` start the way a file of this type must.
    pub fn matches(self, bytes: &[u8]) -> bool {
        match self {
            ImageType::Png => bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
            ImageType::Jpeg => bytes.starts_with(&[0xFF, 0xD8, 0xFF]),
        }
    }
}

/// A file inside an organisation: `{folder}/{id}.{png|jpg}`, the `fileName` clients store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredName {
    pub folder: Folder,
    /// `{id}.{extension}`: letters, digits, `-` and `_`, one dot, a known extension.
    pub name: String,
    pub image_type: ImageType,
}

impl StoredName {
    /// A new random name for an upload.
    pub fn new(folder: Folder, image_type: ImageType) -> StoredName {
        StoredName { folder, name: format!("{}.{}", fieldtag_store::new_id(), image_type.extension()), image_type }
    }

    /// Checks a folder and a bare name from a URL path or a request body.
    pub fn parse(folder: &str, name: &str) -> Result<StoredName, ApiError> {
        let folder = Folder::parse(folder)?;
        let refuse = |why: &str| ApiError::bad_request(format!("File name '{name}' is not allowed: {why}"));
        if name.contains(['/', '\\']) || name.contains("..") {
            return Err(refuse("it may not contain slashes or '..'"));
        }
        let (stem, extension) = name.rsplit_once('.').ok_or_else(|| refuse("it has no extension"))?;
        let image_type = match extension {
            "png" => ImageType::Png,
            "jpg" => ImageType::Jpeg,
            _ => return Err(refuse("use a name the server handed out (ending .png or .jpg)")),
        };
        if let Some(only) = folder.only_type().filter(|only| *only != image_type) {
            return Err(refuse(&format!("{} holds only .{} files", folder.as_str(), only.extension())));
        }
        let stem_ok = !stem.is_empty() && stem.len() <= 64 && stem.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !stem_ok {
            return Err(refuse("use a name the server handed out (letters, digits, '-' and '_')"));
        }
        Ok(StoredName { folder, name: name.to_string(), image_type })
    }

    /// Checks a `fileName` as handed out by a write: `{folder}/{name}`.
    pub fn parse_file_name(file_name: &str) -> Result<StoredName, ApiError> {
        let (folder, name) = file_name.split_once('/').ok_or_else(|| {
            ApiError::bad_request(format!(
                "File name '{file_name}' is not allowed: use the fileName a write answered, '{{folder}}/{{name}}'"
            ))
        })?;
        StoredName::parse(folder, name)
    }

    /// Checks the name a device gave a photo or signature offline, the moment it was taken:
    /// exactly `{folder}/{32 lowercase hex}.{extension}`, as the server's own names are.
    pub fn named_by_device(folder: Folder, image_type: ImageType, file_name: &str) -> Result<StoredName, ApiError> {
        let refuse = |why: String| ApiError::bad_request(format!("File name '{file_name}' is not allowed: {why}"));
        if folder.only_type().is_none() {
            return Err(refuse("only photos and signatures are named by the device; leave fileName out".into()));
        }
        let extension = image_type.extension();
        let name = file_name.strip_prefix(folder.as_str()).and_then(|rest| rest.strip_prefix('/'));
        let stem = name.and_then(|name| name.strip_suffix(extension)).and_then(|stem| stem.strip_suffix('.'));
        match (name, stem) {
            (Some(name), Some(stem)) if stem.len() == 32 && stem.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) => {
                Ok(StoredName { folder, name: name.to_string(), image_type })
            }
            _ => Err(refuse(format!("use '{}/' then 32 lowercase hex digits and '.{extension}'", folder.as_str()))),
        }
    }

    /// `{folder}/{name}`.
    pub fn file_name(&self) -> String {
        format!("{}/{}", self.folder.as_str(), self.name)
    }

    /// Where the file lives in the store: under its organisation.
    pub fn object_path(&self, org_id: &str) -> object_store::path::Path {
        object_store::path::Path::from_iter([org_id, self.folder.as_str(), self.name.as_str()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handed_out_names_parse_back() {
        for image_type in [ImageType::Png, ImageType::Jpeg] {
            let made = StoredName::new(Folder::FloorPlans, image_type);
            assert_eq!(StoredName::parse_file_name(&made.file_name()).unwrap(), made);
        }
    }

    #[test]
    fn names_cannot_leave_their_folder() {
        for bad in ["../x.png", "..png", "a/b.png", "a\\b.png", "/etc/passwd", "x.gif", "x", ".png", "x y.png", "x.png.exe"] {
            assert!(StoredName::parse("logos", bad).is_err(), "{bad}");
        }
        for bad in ["logos", "secrets/x.png", "../logos/x.png", "/logos/x.png", "logos/../x.png", "logos/a/b.png"] {
            assert!(StoredName::parse_file_name(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn devices_name_evidence_as_the_server_would() {
        let hex = "0123456789abcdef0123456789abcdef";
        let photo = StoredName::named_by_device(Folder::Photos, ImageType::Jpeg, &format!("photos/{hex}.jpg")).unwrap();
        assert_eq!(photo, StoredName::parse_file_name(&format!("photos/{hex}.jpg")).unwrap());
        let made = StoredName::new(Folder::Signatures, ImageType::Png);
        assert_eq!(StoredName::named_by_device(Folder::Signatures, ImageType::Png, &made.file_name()).unwrap(), made);
        for bad in [
            format!("photos/{}.jpg", hex.to_uppercase()),
            format!("photos/{hex}.png"),
            format!("photos/{hex}.jpg.jpg"),
            format!("photos/{hex}jpg"),
            format!("photos//{hex}.jpg"),
            format!("photos/../{hex}.jpg"),
            format!("photos/{}.jpg", &hex[1..]),
            format!("photosx/{hex}.jpg"),
            format!("signatures/{hex}.jpg"),
        ] {
            assert!(StoredName::named_by_device(Folder::Photos, ImageType::Jpeg, &bad).is_err(), "{bad}");
        }
        assert!(StoredName::named_by_device(Folder::Logos, ImageType::Png, &format!("logos/{hex}.png")).is_err());
    }

    #[test]
    fn evidence_folders_hold_one_type() {
        assert_eq!(Folder::Photos.image_type("image/jpeg").unwrap(), ImageType::Jpeg);
        assert!(Folder::Photos.image_type("image/png").is_err());
        assert!(Folder::Signatures.image_type("image/jpeg").is_err());
        assert_eq!(Folder::Logos.image_type("image/png").unwrap(), ImageType::Png);
        assert!(StoredName::parse("photos", "x.png").is_err() && StoredName::parse("signatures", "x.jpg").is_err());
    }

    #[test]
    fn content_types_map_to_the_two_image_types() {
        assert_eq!(ImageType::from_content_type("image/png").unwrap(), ImageType::Png);
        assert_eq!(ImageType::from_content_type("IMAGE/JPEG; q=1").unwrap(), ImageType::Jpeg);
        assert!(ImageType::from_content_type("image/gif").is_err());
        assert!(ImageType::Png.matches(b"\x89PNG\r\n\x1a\nrest") && !ImageType::Png.matches(&[0xFF, 0xD8, 0xFF]));
        assert!(ImageType::Jpeg.matches(&[0xFF, 0xD8, 0xFF, 0xE0]) && !ImageType::Jpeg.matches(b"GIF89a"));
    }
}
