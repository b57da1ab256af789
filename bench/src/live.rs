//! Live sync streams (docs/sync.md "Live sync") as the benchmarks open and read them.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use futures_util::StreamExt;
use serde_json::Value;

/// A stream's body, read as it comes.
pub type Body = std::pin::Pin<Box<dyn futures_util::Stream<Item = reqwest::Result<bytes::Bytes>> + Send>>;

/// A `version` event's number, when this block of the stream is one.
pub fn version_of(block: &str) -> Option<i64> {
    let mut lines = block.lines();
    if lines.next()? != "event: version" {
        return None;
    }
    let data: Value = serde_json::from_str(lines.next()?.strip_prefix("data: ")?).ok()?;
    data["version"].as_i64()
}

/// Adds a chunk to what was read so far and takes out the versions of the blocks it completes.
pub fn versions_in(buffer: &mut String, chunk: &[u8]) -> Vec<i64> {
    buffer.push_str(std::str::from_utf8(chunk).expect("a stream is UTF-8"));
    let mut versions = Vec::new();
    while let Some(end) = buffer.find("\n\n") {
        let block: String = buffer.drain(..end + 2).collect();
        versions.extend(version_of(block.trim_end()));
    }
    versions
}

/// Opens an organisation's stream and returns its body once the first event (a version) has come.
pub async fn open(http: &reqwest::Client, base: &str, org_id: &str, token: &str) -> Body {
    let response = http.get(format!("{base}/api/organizations/{org_id}/sync/events")).bearer_auth(token).send().await.unwrap();
    assert_eq!(response.status(), 200, "stream opens");
    let mut body: Body = Box::pin(response.bytes_stream());
    let first = body.next().await.expect("a first event").unwrap();
    assert!(version_of(std::str::from_utf8(&first).unwrap().trim_end()).is_some(), "the first event is a version");
    body
}

/// Reads a stream to its end as a device would, counting its version events; abort the task to
/// close it.
pub fn hold(mut body: Body, events: Arc<AtomicU64>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut buffer = String::new();
        while let Some(Ok(chunk)) = body.next().await {
            events.fetch_add(versions_in(&mut buffer, &chunk).len() as u64, Ordering::Relaxed);
        }
    })
}
