//! Where the web app's files come from: the copy built into the binary, or a folder
//! named at run time. Both answer the same question the same way.

use std::borrow::Cow;
use std::io::ErrorKind;
use std::path::{Component, Path};
use std::sync::Arc;

use axum::body::Bytes;
use rust_embed::RustEmbed;
use sha2::{Digest, Sha256};

/// `web/dist` as it was when this binary was built (empty when the web app was not built).
#[derive(RustEmbed)]
#[folder = "../../web/dist"]
struct EmbeddedDist;

/// The source of the web app's files.
#[derive(Clone, Debug)]
pub enum WebAssets {
    /// The copy built into the binary.
    Embedded,
    /// A folder read at each request (`FIELDTAG_WEB_DIR`): development and tests.
    Folder(Arc<Path>),
}

/// One file of the web app.
pub struct Asset {
    pub bytes: Bytes,
    /// A strong validator of the content, for `ETag`.
    pub sha256: [u8; 32],
}

impl WebAssets {
    /// The folder when one is given (it must exist), else the embedded copy.
    pub fn new(folder: Option<&Path>) -> anyhow::Result<WebAssets> {
        match folder {
            Some(folder) if folder.is_dir() => Ok(WebAssets::Folder(folder.into())),
            Some(folder) => {
                anyhow::bail!("FIELDTAG_WEB_DIR {} is not a folder (it should hold the built web app, web/dist)", folder.display())
            }
            None => Ok(WebAssets::Embedded),
        }
    }

    /// Says where the files come from, for the start-up log.
    pub fn describe(&self) -> String {
        match self {
            WebAssets::Embedded => "built into the binary".into(),
            WebAssets::Folder(folder) => folder.display().to_string(),
        }
    }

    /// Whether there is a web app at all: its `index.html`.
    pub async fn is_built(&self) -> bool {
        matches!(self.get("index.html").await, Ok(Some(_)))
    }

    /// The file at `relative` (a path from [`relative_path`]), if there is one.
    pub async fn get(&self, relative: &str) -> std::io::Result<Option<Asset>> {
        match self {
            WebAssets::Embedded => Ok(EmbeddedDist::get(relative).map(|file| {
                let bytes = match file.data {
                    Cow::Borrowed(bytes) => Bytes::from_static(bytes),
                    Cow::Owned(bytes) => Bytes::from(bytes),
                };
                Asset { bytes, sha256: file.metadata.sha256_hash() }
            })),
            WebAssets::Folder(folder) => match tokio::fs::read(folder.join(relative)).await {
                Ok(bytes) => Ok(Some(Asset { sha256: Sha256::digest(&bytes).into(), bytes: Bytes::from(bytes) })),
                Err(error) if matches!(error.kind(), ErrorKind::NotFound | ErrorKind::IsADirectory | ErrorKind::NotADirectory) => Ok(None),
                Err(error) => Err(error),
            },
        }
    }
}

/// The file path a request path names, relative to the web app's root, or `None` when it
/// does not name one safely: `..`, `.`, backslashes and NUL never reach the file system,
/// encoded or not, so nothing outside the folder can be read.
pub fn relative_path(uri_path: &str) -> Option<String> {
    let decoded = percent_encoding::percent_decode_str(uri_path).decode_utf8().ok()?;
    let mut segments = Vec::new();
    for segment in decoded.split('/').filter(|segment| !segment.is_empty()) {
        if segment.contains(['\\', '\0']) {
            return None;
        }
        let mut components = Path::new(segment).components();
        match (components.next(), components.next()) {
            (Some(Component::Normal(_)), None) => segments.push(segment),
            _ => return None,
        }
    }
    Some(segments.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_paths_map_to_files_inside_the_root() {
        assert_eq!(relative_path("/").as_deref(), Some(""));
        assert_eq!(relative_path("/assets/app-abc123.js").as_deref(), Some("assets/app-abc123.js"));
        assert_eq!(relative_path("//sites/abc/").as_deref(), Some("sites/abc"));
        assert_eq!(relative_path("/my%20file.txt").as_deref(), Some("my file.txt"));
    }

    #[test]
    fn paths_that_climb_out_are_refused() {
        for path in [
            "/../etc/passwd",
            "/assets/../../etc/passwd",
            "/%2e%2e/etc/passwd",
            "/assets/..%2f..%2fsecret",
            "/a/./b",
            "/a\\..\\b",
            "/a%00b",
            "/%ff",
        ] {
            assert_eq!(relative_path(path), None, "{path}");
        }
    }
}
