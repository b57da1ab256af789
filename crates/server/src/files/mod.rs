//! Uploaded images (logos, letterheads, profile pictures, floor plans): where they
//! are kept and the signed links that move them. See docs/files.md.
//!
//! Uploads always come through this server (`PUT /api/files/...`), so the size and
//! image checks hold whatever the store. Reads are served by this server from local
//! disk, or handed straight to the S3-compatible store as presigned URLs.

pub mod decode;
pub mod names;
pub mod signing;
pub mod sweep;

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use bytes::Bytes;
use clap::Args;
use futures_util::stream::{BoxStream, StreamExt, TryStreamExt};
use object_store::aws::{AmazonS3, AmazonS3Builder};
use object_store::local::LocalFileSystem;
use object_store::signer::Signer;
use object_store::{Attribute, Attributes, ObjectStore, PutMode, PutOptions};
use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};

use self::names::StoredName;
use self::signing::{Access, LinkSigner};

/// How long a signed link works (15 minutes), unless FIELDTAG_SIGNED_URL_SECONDS says otherwise.
pub const SIGNED_URL_SECONDS: i64 = 15 * 60;
/// The largest file an upload may carry: 10 MiB.
pub const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;
/// Where the server serves signed links; uploads under it check their own size limit.
pub const FILES_PATH: &str = "/api/files/";
/// File names never change content, so a copy may be kept for good.
pub const CACHE_CONTROL: &str = "private, max-age=31536000, immutable";

/// Days a photo or signature no record names is kept before the sweep deletes it (sweep.rs).
pub const EVIDENCE_GRACE_DAYS: u32 = 30;

/// Where files are kept: local disk under the data directory unless an S3 bucket is named.
#[derive(Debug, Clone, Args)]
pub struct FilesConfig {
    /// Seconds a signed file link (upload or read) works.
    #[arg(long, env = "FIELDTAG_SIGNED_URL_SECONDS", default_value_t = SIGNED_URL_SECONDS, value_parser = clap::value_parser!(i64).range(1..=604_800))]
    pub signed_url_seconds: i64,

    /// Keep files in this S3 (or S3-compatible) bucket instead of `DATA_DIR/files`.
    #[arg(long, env = "FIELDTAG_S3_BUCKET")]
    pub s3_bucket: Option<String>,

    /// The S3-compatible service, e.g. `http://127.0.0.1:9000` for MinIO. Default: AWS.
    #[arg(long, env = "FIELDTAG_S3_ENDPOINT")]
    pub s3_endpoint: Option<String>,

    /// The bucket's region. Default: `AWS_REGION`, else us-east-1.
    #[arg(long, env = "FIELDTAG_S3_REGION")]
    pub s3_region: Option<String>,

    /// Access key. Default: the usual AWS variables and instance credentials.
    #[arg(long, env = "FIELDTAG_S3_ACCESS_KEY_ID", hide_env_values = true)]
    pub s3_access_key_id: Option<String>,

    /// Secret key, with FIELDTAG_S3_ACCESS_KEY_ID.
    #[arg(long, env = "FIELDTAG_S3_SECRET_ACCESS_KEY", hide_env_values = true)]
    pub s3_secret_access_key: Option<String>,

    /// Days a photo or signature that no live record names is kept before it is deleted
    /// (its record may still wait in a phone's outbox).
    #[arg(long, env = "FIELDTAG_EVIDENCE_GRACE_DAYS", default_value_t = EVIDENCE_GRACE_DAYS, value_parser = clap::value_parser!(u32).range(1..=3650))]
    pub evidence_grace_days: u32,
}

impl Default for FilesConfig {
    fn default() -> Self {
        FilesConfig {
            signed_url_seconds: SIGNED_URL_SECONDS,
            s3_bucket: None,
            s3_endpoint: None,
            s3_region: None,
            s3_access_key_id: None,
            s3_secret_access_key: None,
            evidence_grace_days: EVIDENCE_GRACE_DAYS,
        }
    }
}

impl FilesConfig {
    /// The S3 store these settings name, or None for local disk.
    fn s3(&self) -> anyhow::Result<Option<AmazonS3>> {
        let Some(bucket) = &self.s3_bucket else { return Ok(None) };
        let mut builder = AmazonS3Builder::from_env().with_bucket_name(bucket);
        if let Some(endpoint) = &self.s3_endpoint {
            builder = builder.with_endpoint(endpoint).with_allow_http(endpoint.starts_with("http://"));
        }
        if let Some(region) = &self.s3_region {
            builder = builder.with_region(region);
        }
        match (&self.s3_access_key_id, &self.s3_secret_access_key) {
            (Some(id), Some(secret)) => builder = builder.with_access_key_id(id).with_secret_access_key(secret),
            (None, None) => {}
            _ => anyhow::bail!("set both FIELDTAG_S3_ACCESS_KEY_ID and FIELDTAG_S3_SECRET_ACCESS_KEY, or neither"),
        }
        builder.build().map(Some).context("FIELDTAG_S3_* does not describe a usable S3 bucket")
    }
}

/// `scheme://host[:port]` of a URL.
fn origin_of(url: &str) -> String {
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    let end = url[after_scheme..].find('/').map_or(url.len(), |i| after_scheme + i);
    url[..end].to_string()
}

/// How read links are made.
enum Reads {
    /// Served by this server at `{public_url}/api/files/...`.
    ThisServer,
    /// Presigned by the S3 store itself.
    Presigned(Arc<AmazonS3>),
}

/// A file the organisation holds: its `{folder}/{name}` and its size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredFile {
    pub file_name: String,
    pub bytes: u64,
}

/// A store wrote nothing because a file of that name exists.
#[derive(Debug)]
pub struct AlreadyExists;

/// The file store and its links.
pub struct Files {
    objects: Arc<dyn ObjectStore>,
    reads: Reads,
    links: LinkSigner,
    ttl_seconds: i64,
    /// Whether the store keeps content types itself (S3) or they follow from the extension (disk).
    keeps_attributes: bool,
    /// The origin presigned read links point at (the page's Content-Security-Policy allows it).
    read_origin: Option<String>,
    /// How old an evidence file no record names must be before the sweep deletes it.
    evidence_grace: jiff::SignedDuration,
}

impl Files {
    /// The store `config` names; local disk is `data_dir/files`. `secret` signs links.
    pub fn open(config: &FilesConfig, data_dir: &std::path::Path, secret: &str) -> anyhow::Result<Files> {
        let links = LinkSigner::new(secret);
        let ttl_seconds = config.signed_url_seconds;
        let evidence_grace = jiff::SignedDuration::from_hours(24 * i64::from(config.evidence_grace_days));
        if let Some(s3) = config.s3()? {
            let s3 = Arc::new(s3);
            // Without an endpoint object_store speaks to AWS, at s3.REGION.amazonaws.com.
            let read_origin = Some(config.s3_endpoint.as_deref().map_or("https://*.amazonaws.com".to_string(), origin_of));
            return Ok(Files {
                objects: s3.clone(),
                reads: Reads::Presigned(s3),
                links,
                ttl_seconds,
                keeps_attributes: true,
                read_origin,
                evidence_grace,
            });
        }
        let root = data_dir.join("files");
        std::fs::create_dir_all(&root).with_context(|| format!("cannot create the files directory {}", root.display()))?;
        let disk = LocalFileSystem::new_with_prefix(&root).with_context(|| format!("cannot use {} for files", root.display()))?;
        Ok(Files {
            objects: Arc::new(disk),
            reads: Reads::ThisServer,
            links,
            ttl_seconds,
            keeps_attributes: false,
            read_origin: None,
            evidence_grace,
        })
    }

    /// A store in memory (tests of the HTTP layer's neighbours, and of S3 read links).
    #[cfg(test)]
    fn in_memory(reads: Reads) -> Files {
        let objects = Arc::new(object_store::memory::InMemory::new());
        Files {
            objects,
            reads,
            links: LinkSigner::new("test secret"),
            ttl_seconds: SIGNED_URL_SECONDS,
            keeps_attributes: false,
            read_origin: None,
            evidence_grace: jiff::SignedDuration::from_hours(24 * i64::from(EVIDENCE_GRACE_DAYS)),
        }
    }

    pub fn describe(&self) -> &'static str {
        match self.reads {
            Reads::ThisServer => "local disk",
            Reads::Presigned(_) => "S3",
        }
    }

    /// Where read links lead when not to this server: the S3 service's origin.
    pub fn read_origin(&self) -> Option<&str> {
        self.read_origin.as_deref()
    }

    pub fn links(&self) -> &LinkSigner {
        &self.links
    }

    fn expires(&self) -> i64 {
        jiff::Timestamp::now().as_second() + self.ttl_seconds
    }

    /// A link to `PUT` the file to this server.
    pub fn write_url(&self, org_id: &str, file: &StoredName) -> String {
        self.server_url(Access::Write, org_id, file)
    }

    /// A link to `GET` the file: from this server, or from the S3 store.
    pub async fn read_url(&self, org_id: &str, file: &StoredName) -> anyhow::Result<String> {
        match &self.reads {
            Reads::ThisServer => Ok(self.server_url(Access::Read, org_id, file)),
            Reads::Presigned(s3) => {
                let ttl = Duration::from_secs(self.ttl_seconds.max(1).unsigned_abs());
                let url = s3.signed_url(axum::http::Method::GET, &file.object_path(org_id), ttl).await?;
                Ok(url.to_string())
            }
        }
    }

    /// A path on this server, which clients resolve against the API's address: the server
    /// cannot know for sure which address a client reaches it by (proxies, a dev server).
    fn server_url(&self, access: Access, org_id: &str, file: &StoredName) -> String {
        let expires = self.expires();
        let signature = self.links.sign(access, org_id, file, expires);
        let org = utf8_percent_encode(org_id, NON_ALPHANUMERIC);
        format!("{FILES_PATH}{org}/{}?expires={expires}&signature={signature}", file.file_name())
    }

    /// Stores a checked upload, never replacing a file already there.
    pub async fn put(&self, org_id: &str, file: &StoredName, body: Bytes) -> anyhow::Result<Result<(), AlreadyExists>> {
        let mut attributes = Attributes::new();
        if self.keeps_attributes {
            attributes.insert(Attribute::ContentType, file.image_type.content_type().into());
            attributes.insert(Attribute::CacheControl, CACHE_CONTROL.into());
        }
        let options = PutOptions { mode: PutMode::Create, attributes, ..Default::default() };
        match self.objects.put_opts(&file.object_path(org_id), body.into(), options).await {
            Ok(_) => Ok(Ok(())),
            Err(object_store::Error::AlreadyExists { .. }) => Ok(Err(AlreadyExists)),
            Err(error) => Err(error.into()),
        }
    }

    /// Every file of the organisation, in every folder, in the store's order, listed as it is
    /// read (a page at a time from S3). Anything an upload could not have stored is left out.
    pub fn organisation_files(&self, org_id: &str) -> BoxStream<'static, anyhow::Result<StoredFile>> {
        let organisation = object_store::path::Path::from_iter([org_id]);
        let listing = self.objects.list(Some(&organisation));
        listing
            .map_err(anyhow::Error::from)
            .try_filter_map(move |meta| {
                let parts: Vec<_> = meta.location.prefix_match(&organisation).map(Iterator::collect).unwrap_or_default();
                let file = match parts.as_slice() {
                    [folder, name] => StoredName::parse(folder.as_ref(), name.as_ref()).ok(),
                    _ => None,
                };
                std::future::ready(Ok(file.map(|file| StoredFile { file_name: file.file_name(), bytes: meta.size })))
            })
            .boxed()
    }

    /// The file's bytes, or None when there is no such file.
    pub async fn get(&self, org_id: &str, file: &StoredName) -> anyhow::Result<Option<Bytes>> {
        match self.objects.get(&file.object_path(org_id)).await {
            Ok(found) => Ok(Some(found.bytes().await?)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(error) => Err(error.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::names::{Folder, ImageType};
    use super::*;

    fn s3_config() -> FilesConfig {
        FilesConfig {
            s3_bucket: Some("fieldtag-files".into()),
            s3_endpoint: Some("http://127.0.0.1:9000".into()),
            s3_region: Some("eu-west-1".into()),
            s3_access_key_id: Some("AKIDEXAMPLE".into()),
            s3_secret_access_key: Some("secret".into()),
            ..FilesConfig::default()
        }
    }

    #[test]
    fn s3_needs_both_keys_or_neither() {
        let half = FilesConfig { s3_secret_access_key: None, ..s3_config() };
        assert!(half.s3().unwrap_err().to_string().contains("FIELDTAG_S3_ACCESS_KEY_ID"));
        assert!(FilesConfig::default().s3().unwrap().is_none(), "no bucket, local disk");
    }

    #[tokio::test]
    async fn s3_read_links_are_presigned_for_the_object_under_its_organisation() {
        let s3 = Arc::new(s3_config().s3().unwrap().expect("a bucket is configured"));
        let files = Files::in_memory(Reads::Presigned(s3));
        let file = StoredName::new(Folder::Logos, ImageType::Png);
        let url = files.read_url("org1", &file).await.unwrap();
        let expected_start = format!("http://127.0.0.1:9000/fieldtag-files/org1/logos/{}?", file.name);
        assert!(url.starts_with(&expected_start), "{url}");
        for part in [
            "X-Amz-Algorithm=AWS4-HMAC-SHA256",
            "X-Amz-Credential=AKIDEXAMPLE%2F",
            "%2Feu-west-1%2Fs3%2Faws4_request",
            "X-Amz-Expires=900",
            "X-Amz-Signature=",
        ] {
            assert!(url.contains(part), "{part} in {url}");
        }
        assert!(files.write_url("org1", &file).starts_with("/api/files/org1/logos/"), "uploads come here");
    }

    #[tokio::test]
    async fn a_file_is_written_once() {
        let files = Files::in_memory(Reads::ThisServer);
        let file = StoredName::new(Folder::FloorPlans, ImageType::Jpeg);
        assert!(files.get("org1", &file).await.unwrap().is_none());
        files.put("org1", &file, Bytes::from_static(b"first")).await.unwrap().unwrap();
        assert!(files.put("org1", &file, Bytes::from_static(b"second")).await.unwrap().is_err());
        assert_eq!(files.get("org1", &file).await.unwrap().unwrap(), Bytes::from_static(b"first"));
        assert!(files.get("org2", &file).await.unwrap().is_none(), "each organisation has its own files");
    }
}
