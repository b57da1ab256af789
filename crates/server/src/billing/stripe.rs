//! Stripe's HTTP API: form-encoded requests with the secret key as bearer token.

use std::time::Duration;

use serde::Deserialize;

use super::provider::{CheckoutRequest, CheckoutSession, CustomerRequest, PaymentProvider, ProviderError, ProviderFuture, ProviderResult};

pub struct StripeApi {
    http: reqwest::Client,
    base: String,
    secret_key: String,
}

#[derive(Deserialize)]
struct Created {
    id: String,
    #[serde(default)]
    url: Option<String>,
}

#[derive(Deserialize)]
struct StripeErrorBody {
    error: StripeErrorDetail,
}

#[derive(Deserialize)]
struct StripeErrorDetail {
    #[serde(default)]
    message: Option<String>,
}

impl StripeApi {
    pub fn new(base: &str, secret_key: &str) -> anyhow::Result<StripeApi> {
        let http = reqwest::Client::builder().timeout(Duration::from_secs(30)).build()?;
        Ok(StripeApi { http, base: base.trim_end_matches('/').to_string(), secret_key: secret_key.to_string() })
    }

    async fn post(&self, path: &str, form: &[(&str, String)], idempotency_key: Option<&str>) -> ProviderResult<Created> {
        let mut request = self.http.post(format!("{}{path}", self.base)).bearer_auth(&self.secret_key).form(form);
        if let Some(key) = idempotency_key {
            request = request.header("Idempotency-Key", key);
        }
        let response = request.send().await.map_err(|e| ProviderError(format!("POST {path}: {e}")))?;
        let status = response.status();
        let text = response.text().await.map_err(|e| ProviderError(format!("POST {path}: {e}")))?;
        if !status.is_success() {
            let message = serde_json::from_str::<StripeErrorBody>(&text).ok().and_then(|b| b.error.message).unwrap_or(text);
            return Err(ProviderError(format!("POST {path}: {status}: {message}")));
        }
        serde_json::from_str(&text).map_err(|e| ProviderError(format!("POST {path}: unexpected answer: {e}")))
    }
}

impl PaymentProvider for StripeApi {
    fn create_customer<'a>(&'a self, request: &'a CustomerRequest) -> ProviderFuture<'a, String> {
        Box::pin(async move {
            let form = [("name", request.name.clone()), ("email", request.email.clone()), ("metadata[orgId]", request.org_id.clone())];
            // One customer per organisation even when two admins press at once.
            let key = format!("fieldtag-customer-{}", request.org_id);
            Ok(self.post("/v1/customers", &form, Some(&key)).await?.id)
        })
    }

    fn create_checkout_session<'a>(&'a self, request: &'a CheckoutRequest) -> ProviderFuture<'a, CheckoutSession> {
        Box::pin(async move {
            let mut form = vec![
                ("mode", "subscription".to_string()),
                ("customer", request.customer_id.clone()),
                ("line_items[0][price]", request.price_id.clone()),
                ("line_items[0][quantity]", "1".to_string()),
                ("success_url", request.success_url.clone()),
                ("cancel_url", request.cancel_url.clone()),
                ("client_reference_id", request.org_id.clone()),
                ("metadata[orgId]", request.org_id.clone()),
                ("subscription_data[metadata][orgId]", request.org_id.clone()),
            ];
            if let Some(trial_end) = request.trial_end {
                form.push(("subscription_data[trial_end]", trial_end.to_string()));
            }
            let created = self.post("/v1/checkout/sessions", &form, None).await?;
            let url = created.url.ok_or_else(|| ProviderError("checkout session without a url".into()))?;
            Ok(CheckoutSession { id: created.id, url })
        })
    }

    fn create_portal_session<'a>(&'a self, customer_id: &'a str, return_url: &'a str) -> ProviderFuture<'a, String> {
        Box::pin(async move {
            let form = [("customer", customer_id.to_string()), ("return_url", return_url.to_string())];
            let created = self.post("/v1/billing_portal/sessions", &form, None).await?;
            created.url.ok_or_else(|| ProviderError("portal session without a url".into()))
        })
    }
}
