//! The file store the servers share: moto's fake S3 when `make test` names it in
//! FIELDTAG_TEST_MOTO (each server then has its own data dir, so nothing reaches the
//! other through local disk), else one folder on this machine that every server uses.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const BUCKET: &str = "fieldtag-scale-out";

/// A `moto_server` on a free port with an empty bucket, stopped when dropped.
pub struct FakeS3 {
    child: Child,
    endpoint: String,
}

impl Drop for FakeS3 {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub enum FileStore {
    SharedFolder,
    S3(FakeS3),
}

impl FileStore {
    /// S3 when FIELDTAG_TEST_MOTO is set, else the shared folder.
    pub async fn from_env() -> FileStore {
        match std::env::var_os("FIELDTAG_TEST_MOTO") {
            Some(moto) => FileStore::S3(FakeS3::start(&moto.to_string_lossy()).await),
            None => FileStore::SharedFolder,
        }
    }

    pub fn describe(&self) -> &'static str {
        match self {
            FileStore::SharedFolder => "shared folder",
            FileStore::S3(_) => "S3 (moto)",
        }
    }

    /// What a server needs in its environment to use this store.
    pub fn server_env(&self) -> Vec<(&'static str, String)> {
        match self {
            FileStore::SharedFolder => Vec::new(),
            FileStore::S3(s3) => vec![
                ("FIELDTAG_S3_BUCKET", BUCKET.to_string()),
                ("FIELDTAG_S3_ENDPOINT", s3.endpoint.clone()),
                ("FIELDTAG_S3_REGION", "eu-west-1".into()),
                ("FIELDTAG_S3_ACCESS_KEY_ID", "fieldtag-test-key".into()),
                ("FIELDTAG_S3_SECRET_ACCESS_KEY", "fieldtag-test-secret".into()),
            ],
        }
    }

    /// Whether each server may keep its own data dir (nothing of the files on local disk).
    pub fn needs_shared_data_dir(&self) -> bool {
        matches!(self, FileStore::SharedFolder)
    }
}

impl FakeS3 {
    async fn start(moto: &str) -> FakeS3 {
        let http = reqwest::Client::new();
        let port = TcpListener::bind("127.0.0.1:0").expect("free port").local_addr().expect("local addr").port();
        let child = Command::new(moto)
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|error| panic!("cannot start FIELDTAG_TEST_MOTO={moto}: {error}"));
        let mut fake = FakeS3 { child, endpoint: format!("http://127.0.0.1:{port}") };
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(60) {
            if let Some(status) = fake.child.try_wait().expect("moto status") {
                panic!("moto_server exited with {status} on port {port}");
            }
            if http.get(format!("{}/moto-api/", fake.endpoint)).send().await.is_ok() {
                // moto takes unsigned requests: the bucket is made as any S3 client would.
                let made = http.put(format!("{}/{BUCKET}", fake.endpoint)).send().await.expect("create bucket");
                assert!(made.status().is_success(), "create bucket answered {}", made.status());
                return fake;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let _ = fake.child.kill();
        panic!("moto_server ({moto}) did not answer within 60 s");
    }
}
