//! The safety scan app's HTTP API as we define it (docs/import.md): paged JSON lists of sites,
//! each site's equipment and service history, and users, read with the import key as a bearer
//! token.

use std::time::Duration;

use reqwest::StatusCode;
use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::ImportError;

/// How long one request to the app may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
/// Pages one list may have: a guard against an app that never says it is done.
pub const MAX_PAGES: i64 = 10_000;

/// One page of a list.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    pub items: Vec<T>,
    pub page: i64,
    /// Pages in the whole list (0 for an empty list).
    pub page_count: i64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AppSite {
    pub id: String,
    pub name: Option<String>,
    pub active: bool,
    pub time_zone: Option<String>,
    pub site_number: Option<String>,
    pub contact_name: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub address: Option<String>,
    pub city: Option<String>,
    pub province: Option<String>,
    pub country: Option<String>,
    pub postal_code: Option<String>,
    pub notes: Option<String>,
}

/// A billing account of the app (the billing import): our customer.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AppCustomer {
    pub id: String,
    pub name: Option<String>,
    pub account_number: Option<String>,
    pub contact_name: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub address: Option<String>,
    pub city: Option<String>,
    pub province: Option<String>,
    pub country: Option<String>,
    pub postal_code: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AppEquipment {
    pub id: String,
    /// Where the item is (our equipment's name, shown as Location).
    pub location: Option<String>,
    /// The equipment type's name, e.g. `Fire extinguisher`.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// The model's name, e.g. `B500`.
    pub model: Option<String>,
    pub barcode: Option<String>,
    pub serial_number: Option<String>,
    pub manufacture_date: Option<String>,
    pub notes: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AppHistory {
    pub id: String,
    pub equipment_id: String,
    /// RFC 3339 time or YYYY-MM-DD.
    pub date: String,
    /// `inspection`, `service`, `repair` or `note`.
    pub kind: String,
    /// `pass` or `fail`, for inspections.
    pub result: Option<String>,
    pub description: Option<String>,
    pub technician_email: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AppUser {
    pub id: String,
    pub name: Option<String>,
    pub email: Option<String>,
    pub active: bool,
}

/// A client for one import: the app's base URL and the import key.
pub struct SafetyScanClient {
    http: reqwest::Client,
    base_url: String,
    key: String,
}

impl SafetyScanClient {
    pub fn new(base_url: &str, key: &str) -> Result<SafetyScanClient, ImportError> {
        let http = reqwest::Client::builder()
            .timeout(REQUEST_TIMEOUT)
            .build()
            .map_err(|e| ImportError::Unreachable { url: base_url.to_string(), detail: e.to_string() })?;
        Ok(SafetyScanClient { http, base_url: base_url.trim_end_matches('/').to_string(), key: key.to_string() })
    }

    pub async fn sites(&self, page: i64) -> Result<Page<AppSite>, ImportError> {
        self.page("/v1/sites", page, &[], "the list of sites").await
    }

    pub async fn equipment(&self, site_id: &str, page: i64) -> Result<Page<AppEquipment>, ImportError> {
        self.page(&format!("/v1/sites/{}/equipment", path_part(site_id)), page, &[], "a site's equipment").await
    }

    pub async fn history(&self, site_id: &str, since: Option<&str>, page: i64) -> Result<Page<AppHistory>, ImportError> {
        let since: Vec<(&str, &str)> = since.map(|date| ("since", date)).into_iter().collect();
        self.page(&format!("/v1/sites/{}/history", path_part(site_id)), page, &since, "a site's service history").await
    }

    pub async fn users(&self, page: i64) -> Result<Page<AppUser>, ImportError> {
        self.page("/v1/users", page, &[], "the list of users").await
    }

    pub async fn customers(&self, page: i64) -> Result<Page<AppCustomer>, ImportError> {
        self.page("/v1/customers", page, &[], "the list of customers").await
    }

    async fn page<T: DeserializeOwned>(&self, path: &str, page: i64, query: &[(&str, &str)], what: &str) -> Result<Page<T>, ImportError> {
        let url = format!("{}{path}", self.base_url);
        let page_text = page.to_string();
        let response = self
            .http
            .get(&url)
            .bearer_auth(&self.key)
            .header(reqwest::header::ACCEPT, "application/json")
            .query(&[("page", page_text.as_str())])
            .query(query)
            .send()
            .await
            .map_err(|e| ImportError::Unreachable { url: self.base_url.clone(), detail: root_cause(&e) })?;
        match response.status() {
            StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN => return Err(ImportError::KeyRefused),
            status if !status.is_success() => return Err(ImportError::AppFailed { status: status.as_u16(), what: what.to_string() }),
            _ => {}
        }
        let body = response.bytes().await.map_err(|e| ImportError::Unreachable { url: self.base_url.clone(), detail: root_cause(&e) })?;
        let answer: Page<T> =
            serde_json::from_slice(&body).map_err(|e| ImportError::BadAnswer { what: what.to_string(), detail: e.to_string() })?;
        if answer.page != page || !(0..=MAX_PAGES).contains(&answer.page_count) {
            return Err(ImportError::BadAnswer {
                what: what.to_string(),
                detail: format!("asked for page {page}, got page {} of {}", answer.page, answer.page_count),
            });
        }
        Ok(answer)
    }
}

/// An id of the app as one segment of a URL path.
fn path_part(id: &str) -> String {
    percent_encoding::utf8_percent_encode(id, percent_encoding::NON_ALPHANUMERIC).to_string()
}

/// The innermost cause (e.g. "Connection refused"), which says more than reqwest's outer words.
fn root_cause(error: &dyn std::error::Error) -> String {
    let mut cause = error;
    while let Some(next) = cause.source() {
        cause = next;
    }
    if cause.to_string() == error.to_string() { error.to_string() } else { format!("{error} ({cause})") }
}
