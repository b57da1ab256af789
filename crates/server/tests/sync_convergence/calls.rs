//! Plain API calls for the scale-out and fault tests, outside the simulated clients:
//! sign up, log in and out, signed file links, uploads and reads, sync batches.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

/// A real PNG: uploads are decoded.
pub const PNG: &[u8] = include_bytes!("../api/fixtures/letterhead.png");
pub const PASSWORD: &str = "scale-out password 1";

/// A signed-up owner.
pub struct Owner {
    pub org_id: String,
    pub email: String,
    pub token: String,
}

pub fn http() -> reqwest::Client {
    reqwest::Client::builder().timeout(Duration::from_secs(60)).build().expect("HTTP client")
}

/// The answer's status and JSON body (Null when the body is empty or not JSON).
pub async fn answer(response: reqwest::Response) -> (StatusCode, Value) {
    let status = response.status();
    let text = response.text().await.unwrap_or_default();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// Panics unless `response` has `status`; answers the body.
pub async fn expect(response: reqwest::Response, status: StatusCode, what: &str) -> Value {
    let (got, body) = answer(response).await;
    assert_eq!(got, status, "{what}: {body}");
    body
}

pub async fn sign_up(http: &reqwest::Client, base: &str, email: &str) -> Owner {
    let body = json!({"name": "Owner", "email": email, "password": PASSWORD, "organizationName": "Scale-out Fire & Safety", "plan": "Basic", "acceptedTermsVersion": "1.0.1"});
    let answer = expect(http.post(format!("{base}/api/users")).json(&body).send().await.expect("sign up"), StatusCode::OK, "sign up").await;
    Owner {
        org_id: answer["user"]["orgId"].as_str().expect("orgId").to_string(),
        email: email.to_string(),
        token: answer["token"].as_str().expect("token").to_string(),
    }
}

pub async fn login(http: &reqwest::Client, base: &str, email: &str, password: &str) -> reqwest::Response {
    http.post(format!("{base}/api/token")).basic_auth(email, Some(password)).send().await.expect("login request")
}

pub fn authed(http: &reqwest::Client, base: &str, method: Method, path: &str, token: &str) -> reqwest::RequestBuilder {
    http.request(method, format!("{base}{path}")).bearer_auth(token)
}

/// Links to this server are paths, resolved against its address; S3 read links are absolute.
pub fn resolve(base: &str, url: &Value) -> String {
    let url = url.as_str().expect("url");
    if url.starts_with('/') { format!("{base}{url}") } else { url.to_string() }
}

/// `(url, fileName)` of a link to upload a PNG logo, asked of the server at `base`.
pub async fn write_link(http: &reqwest::Client, base: &str, owner: &Owner) -> (String, String) {
    let body = json!({"action": "write", "folderName": "logos", "contentType": "image/png"});
    let path = format!("/api/organizations/{}/signed-urls", owner.org_id);
    let answer = expect(
        authed(http, base, Method::POST, &path, &owner.token).json(&body).send().await.expect("write link"),
        StatusCode::OK,
        "write link",
    )
    .await;
    (resolve(base, &answer["url"]), answer["fileName"].as_str().expect("fileName").to_string())
}

pub async fn read_link(http: &reqwest::Client, base: &str, owner: &Owner, file_name: &str) -> String {
    let path = format!("/api/organizations/{}/signed-urls", owner.org_id);
    let body = json!({"action": "read", "fileName": file_name});
    let answer = expect(
        authed(http, base, Method::POST, &path, &owner.token).json(&body).send().await.expect("read link"),
        StatusCode::OK,
        "read link",
    )
    .await;
    resolve(base, &answer["url"])
}

/// A sync upload of `body` to the server at `base`.
pub async fn upload(http: &reqwest::Client, base: &str, owner: &Owner, body: &Value) -> Result<reqwest::Response, reqwest::Error> {
    let path = format!("/api/organizations/{}/sync", owner.org_id);
    authed(http, base, Method::PATCH, &path, &owner.token).json(body).send().await
}

/// Every record of `key` on the server, read from cursor 0, by id.
pub async fn download_all(http: &reqwest::Client, base: &str, owner: &Owner, key: &str) -> std::collections::BTreeMap<String, Value> {
    let (mut found, mut cursor) = (std::collections::BTreeMap::new(), 0);
    loop {
        let path = format!("/api/organizations/{}/sync?cursor={cursor}&limit=5000", owner.org_id);
        let response = authed(http, base, Method::GET, &path, &owner.token).send().await.expect("download");
        let page = expect(response, StatusCode::OK, "download").await;
        for record in page[key].as_array().into_iter().flatten() {
            found.insert(record["id"].as_str().expect("id").to_string(), record.clone());
        }
        cursor = page["cursor"].as_i64().expect("cursor");
        if page["hasMore"] != true {
            return found;
        }
    }
}
