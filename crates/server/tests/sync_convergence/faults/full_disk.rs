//! A full disk: the server's data dir (SQLite and the file store) on a small tmpfs that
//! the test fills. Writes answer 507 DiskFull and store nothing, reads still work, what
//! was stored before is intact, and once space is freed the same writes succeed.
//!
//! Mounting needs root (or password-less sudo); where neither is allowed the test says
//! SKIPPED and why, as the S3 tests do without moto.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use fieldtag_server::error::DISK_FULL_MESSAGE;
use reqwest::StatusCode;
use serde_json::{Value, json};

use super::{assert_all_accepted, ids, new_sites, now_ms, seeded};
use crate::calls::{PNG, answer, download_all, expect, http, read_link, sign_up, upload, write_link};
use crate::records::canonical;
use crate::server::{Database, Engine, ServerProcess};

/// Room for the database, its WAL and a few files; small enough to fill in a moment.
const DISK_SIZE: &str = "24m";

/// A tmpfs mounted at a path, unmounted when dropped.
struct SmallDisk {
    path: PathBuf,
}

impl SmallDisk {
    /// Mounts as root, else through `sudo -n`; the refusal's words when neither may.
    fn mount(path: &Path) -> Result<SmallDisk, String> {
        std::fs::create_dir_all(path).expect("mount point");
        let args = ["mount", "-t", "tmpfs", "-o", &format!("size={DISK_SIZE}"), "tmpfs", &path.display().to_string()].map(String::from);
        let output =
            if is_root() { Command::new(&args[0]).args(&args[1..]).output() } else { Command::new("sudo").arg("-n").args(&args).output() };
        match output {
            Ok(output) if output.status.success() => Ok(SmallDisk { path: path.to_path_buf() }),
            Ok(output) => Err(String::from_utf8_lossy(&output.stderr).trim().to_string()),
            Err(error) => Err(error.to_string()),
        }
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let path = self.path.display().to_string();
        let _ = if is_root() {
            Command::new("umount").args(["-l", &path]).status()
        } else {
            Command::new("sudo").args(["-n", "umount", "-l", &path]).status()
        };
    }
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|output| output.stdout.trim_ascii() == b"0")
}

/// Writes a file until the disk refuses; answers its path.
fn fill(dir: &Path) -> PathBuf {
    let path = dir.join("filler");
    let mut file = std::fs::File::create(&path).expect("filler");
    let chunk = vec![0u8; 64 * 1024];
    while file.write_all(&chunk).and_then(|()| file.flush()).is_ok() {}
    // The last partial chunk may leave a few bytes: take them too.
    while file.write_all(&[0]).is_ok() {}
    path
}

async fn assert_disk_full(response: reqwest::Response, what: &str) {
    let (status, body) = answer(response).await;
    assert_eq!(status, StatusCode::INSUFFICIENT_STORAGE, "{what}: {body}");
    assert_eq!(body["code"], "DiskFull", "{what}: {body}");
    assert_eq!(body["message"], DISK_FULL_MESSAGE, "{what}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_refuses_writes_clearly_and_keeps_what_was_stored() {
    let database = Database::create(Engine::Sqlite).await;
    let data_dir = database.data_dir("server0");
    let _disk = match SmallDisk::mount(&data_dir) {
        Ok(disk) => disk,
        Err(refusal) => {
            let _ = writeln!(std::io::stderr(), "SKIPPED faults::full_disk: cannot mount a tmpfs ({refusal}); run as root or with sudo");
            return;
        }
    };
    let mut server = ServerProcess::start(&database, "server0").await;
    let http = http();
    let owner = sign_up(&http, &server.base, "owner@disk.fieldtag.test").await;
    let mut rng = seeded(0xd15c);

    let stored_before = new_sites(&mut rng, &owner.org_id, 200, now_ms());
    let acknowledged =
        expect(upload(&http, &server.base, &owner, &json!({"locations": stored_before})).await.unwrap(), StatusCode::OK, "batch").await;
    assert_all_accepted(&acknowledged, "locations", 200, "before the disk fills");
    let (url, kept_file) = write_link(&http, &server.base, &owner).await;
    expect(http.put(&url).body(PNG).send().await.unwrap(), StatusCode::OK, "upload before the disk fills").await;
    let before = download_all(&http, &server.base, &owner, "locations").await;

    let filler = fill(&data_dir);

    // Writes: a batch larger than any free space SQLite's WAL may still hold, and an image.
    let mut big_batch = new_sites(&mut rng, &owner.org_id, 2_000, now_ms());
    for site in &mut big_batch {
        site["note"] = Value::String("a long note that makes the batch outgrow the WAL ".repeat(40));
    }
    let batch = json!({"locations": big_batch});
    assert_disk_full(upload(&http, &server.base, &owner, &batch).await.unwrap(), "sync upload on a full disk").await;
    let mut image = PNG.to_vec();
    image.resize(4 << 20, 1);
    let (image_url, image_name) = write_link(&http, &server.base, &owner).await;
    assert_disk_full(http.put(&image_url).body(image.clone()).send().await.unwrap(), "file upload on a full disk").await;

    // Reads still work and show exactly what was stored before.
    let during = download_all(&http, &server.base, &owner, "locations").await;
    assert_eq!(during.keys().collect::<Vec<_>>(), before.keys().collect::<Vec<_>>(), "nothing of the refused batch is stored");
    let read = read_link(&http, &server.base, &owner, &kept_file).await;
    assert_eq!(http.get(&read).send().await.unwrap().bytes().await.unwrap().as_ref(), PNG);
    let read = read_link(&http, &server.base, &owner, &image_name).await;
    assert_eq!(http.get(&read).send().await.unwrap().status(), StatusCode::NOT_FOUND, "no part of the refused image");
    assert!(server.exited().is_none(), "the server runs on");

    // Space freed: the same requests succeed, and what was there is unchanged.
    std::fs::remove_file(filler).expect("free the space");
    let retried = expect(upload(&http, &server.base, &owner, &batch).await.unwrap(), StatusCode::OK, "batch once space is free").await;
    assert_all_accepted(&retried, "locations", 2_000, "once space is free");
    expect(http.put(&image_url).body(image.clone()).send().await.unwrap(), StatusCode::OK, "upload once space is free").await;
    let read = read_link(&http, &server.base, &owner, &image_name).await;
    assert_eq!(http.get(&read).send().await.unwrap().bytes().await.unwrap().as_ref(), image.as_slice());
    let after = download_all(&http, &server.base, &owner, "locations").await;
    for id in ids(&stored_before) {
        assert_eq!(canonical(&after[&id]), canonical(&before[&id]), "site {id} is as it was");
    }
    assert_eq!(after.len(), 2_200);
    server.kill();
}
