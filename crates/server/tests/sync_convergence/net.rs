//! HTTP between the simulated clients and the servers. A request ends in an
//! answer, a transport failure (the server is down or was killed mid-request),
//! or an HTTP error status; the caller decides what each means.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

/// How a request ended.
#[derive(Debug)]
pub enum Reply {
    Answer(Value),
    /// No HTTP answer: connection refused or cut (the server was killed), or a timeout.
    Down(String),
    Status(StatusCode, String),
}

/// The servers' addresses (one, or several on one database) and one HTTP client.
pub struct Cluster {
    pub servers: Vec<String>,
    http: reqwest::Client,
}

impl Cluster {
    pub fn new(servers: Vec<String>) -> Cluster {
        // The timeout only guards against a hung server; a slow answer is still an answer.
        let http = reqwest::Client::builder().timeout(Duration::from_secs(60)).build().expect("HTTP client");
        Cluster { servers, http }
    }

    async fn send(&self, request: reqwest::RequestBuilder) -> Reply {
        let response = match request.send().await {
            Ok(response) => response,
            Err(error) => return Reply::Down(error.to_string()),
        };
        let status = response.status();
        let text = match response.text().await {
            Ok(text) => text,
            // Headers came, the body did not: killed while answering.
            Err(error) => return Reply::Down(error.to_string()),
        };
        if !status.is_success() {
            return Reply::Status(status, text);
        }
        match serde_json::from_str(&text) {
            Ok(value) => Reply::Answer(value),
            Err(_) => Reply::Status(status, format!("not JSON: {text}")),
        }
    }

    pub async fn upload(&self, server: usize, org_id: &str, token: &str, body: &Value) -> Reply {
        let url = format!("{}/api/organizations/{org_id}/sync", self.servers[server]);
        self.send(self.http.request(Method::PATCH, url).bearer_auth(token).json(body)).await
    }

    pub async fn download(&self, server: usize, org_id: &str, token: &str, cursor: i64, limit: usize) -> Reply {
        let url = format!("{}/api/organizations/{org_id}/sync?cursor={cursor}&limit={limit}", self.servers[server]);
        self.send(self.http.get(url).bearer_auth(token)).await
    }

    pub async fn login(&self, server: usize, email: &str, password: &str) -> Reply {
        let url = format!("{}/api/token", self.servers[server]);
        self.send(self.http.post(url).basic_auth(email, Some(password))).await
    }

    /// Signs up an organisation; answers (orgId, owner token).
    pub async fn sign_up(&self, email: &str, password: &str) -> (String, String) {
        let url = format!("{}/api/users", self.servers[0]);
        let body = json!({"name": "Owner", "email": email, "password": password, "organizationName": "Simulated Fire & Safety", "plan": "Basic", "acceptedTermsVersion": "1.0.1"});
        let answer = self.expect(self.http.post(url).json(&body), "sign up").await;
        (answer["user"]["orgId"].as_str().expect("orgId").to_string(), answer["token"].as_str().expect("token").to_string())
    }

    /// Adds a user with every permission the way the product does (a synced user
    /// record, an invite link, a password set through it) and answers their token.
    pub async fn add_user(&self, org_id: &str, owner_token: &str, user_id: &str, email: &str, password: &str) -> String {
        let base = &self.servers[0];
        let record = json!({"id": user_id, "orgId": org_id, "name": email, "email": email, "permissions": ["*.*"], "invitationStatus": 0, "lastUpdated": "2026-01-01T00:00:00Z", "deleted": false});
        let url = format!("{base}/api/organizations/{org_id}/sync");
        let answer = self.expect(self.http.patch(url).bearer_auth(owner_token).json(&json!({"users": [record]})), "add user").await;
        assert_eq!(answer["users"][0]["status"], "accepted", "{answer}");
        let url = format!("{base}/api/users/{user_id}/invite-link");
        let link = self.expect(self.http.post(url).bearer_auth(owner_token), "invite link").await;
        let link = link["data"]["inviteLink"].as_str().expect("inviteLink").to_string();
        let token = link.split_once("token=").expect("link has a token").1.split('&').next().unwrap_or_default();
        let url = format!("{base}/api/users/{user_id}");
        let answer = self.expect(self.http.patch(url).bearer_auth(token).json(&json!({"password": password})), "set password").await;
        answer["token"].as_str().expect("token").to_string()
    }

    async fn expect(&self, request: reqwest::RequestBuilder, what: &str) -> Value {
        match self.send(request).await {
            Reply::Answer(value) => value,
            other => panic!("{what} failed: {other:?}"),
        }
    }
}
