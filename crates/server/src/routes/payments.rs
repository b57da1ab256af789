//! Payments through the card payment provider's hosted pages (spec §7): a checkout session
//! to subscribe (or reactivate), a customer portal session to manage cards and cancel, and
//! the provider's webhook that tells the server what became of the subscription.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use fieldtag_domain::permissions::Permission;
use fieldtag_store::EventOutcome;
use serde::Serialize;
use serde_json::Value;

use crate::auth::OrgSession;
use crate::billing::events::{decide, parse_event};
use crate::billing::provider::{CheckoutRequest, CustomerRequest};
use crate::billing::{Payments, signature};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::Json;
use crate::state::AppState;

/// Stripe will not start a trial that ends sooner than this (seconds).
const MIN_TRIAL_SECONDS: i64 = 48 * 60 * 60;

#[derive(Serialize, utoipa::ToSchema)]
pub struct CheckoutSessionAnswer {
    session: CheckoutSessionBody,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct CheckoutSessionBody {
    /// The provider's checkout session id.
    id: String,
    /// The hosted checkout page to send the browser to.
    url: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct PortalSessionAnswer {
    data: PortalSessionData,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct PortalSessionData {
    session: PortalSessionBody,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct PortalSessionBody {
    /// The provider's customer portal page.
    url: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct WebhookAnswer {
    received: bool,
    /// applied, ignored or duplicate.
    outcome: &'static str,
}

fn manual_billing() -> ApiError {
    ApiError::manual_billing()
}

fn provider_failed(error: impl Into<anyhow::Error>) -> ApiError {
    let error = error.into();
    tracing::error!(%error, "payment provider call failed");
    ApiError::payment_provider_error()
}

/// The provider's settings, when this organisation is billed through it.
async fn payments_for<'a>(state: &'a AppState, org_id: &str) -> ApiResult<(&'a Payments, Value)> {
    let payments = state.billing.payments().ok_or_else(manual_billing)?;
    let organization = state.store.organization(org_id).await?.ok_or_else(|| ApiError::not_found("Organization not found"))?;
    if organization["manualBilling"].as_bool() != Some(false) {
        return Err(manual_billing());
    }
    Ok((payments, organization))
}

/// Starts the provider's hosted checkout for the organisation's plan: to subscribe during
/// or after the free trial, or to reactivate a canceled subscription (SETTINGS_WRITE).
#[utoipa::path(post, path = "/api/organizations/{orgId}/payments/session", tag = "payments", security(("bearer" = [])),
    params(("orgId" = String, Path, description = "The caller's organisation")),
    responses((status = 200, body = CheckoutSessionAnswer), (status = 403, body = ErrorBody),
        (status = 409, description = "Billing is handled manually", body = ErrorBody), (status = 502, body = ErrorBody)))]
pub async fn create_checkout_session(
    State(state): State<AppState>,
    OrgSession(session): OrgSession,
) -> ApiResult<Json<CheckoutSessionAnswer>> {
    session.require(Permission::SettingsWrite)?;
    let org_id = session.org_id.as_str();
    let (payments, organization) = payments_for(&state, org_id).await?;
    let subscription = state.store.subscription(org_id).await?.unwrap_or_default();
    let customer_id = match subscription.customer_id {
        Some(customer_id) => customer_id,
        None => {
            let request = CustomerRequest {
                org_id: org_id.to_string(),
                name: organization["name"].as_str().unwrap_or_default().to_string(),
                email: organization["email"].as_str().unwrap_or_default().to_string(),
            };
            let customer_id = payments.provider.create_customer(&request).await.map_err(provider_failed)?;
            state.store.set_customer(org_id, &customer_id).await?;
            customer_id
        }
    };
    // The card is taken now and charged when the free trial ends, if enough of it is left.
    let now = jiff::Timestamp::now().as_second();
    let trial_end = organization["trialEndsAt"]
        .as_str()
        .and_then(|end| end.parse::<jiff::Timestamp>().ok())
        .map(|end| end.as_second())
        .filter(|end| subscription.status.is_none() && end - now >= MIN_TRIAL_SECONDS);
    let plan = organization["plan"].as_str().unwrap_or("Basic");
    let request = CheckoutRequest {
        org_id: org_id.to_string(),
        customer_id,
        price_id: payments.prices.for_plan(plan).to_string(),
        trial_end,
        success_url: format!("{}/welcome?checkout={{CHECKOUT_SESSION_ID}}", state.public_url),
        cancel_url: format!("{}/sites", state.public_url),
    };
    let checkout = payments.provider.create_checkout_session(&request).await.map_err(provider_failed)?;
    tracing::info!(org_id, checkout = checkout.id, "checkout session started");
    Ok(Json(CheckoutSessionAnswer { session: CheckoutSessionBody { id: checkout.id, url: checkout.url } }))
}

/// A link to the provider's customer portal: cards, invoices, cancelling (SETTINGS_WRITE).
#[utoipa::path(post, path = "/api/organizations/{orgId}/payments/customer-portal-session", tag = "payments", security(("bearer" = [])),
    params(("orgId" = String, Path, description = "The caller's organisation")),
    responses((status = 200, body = PortalSessionAnswer), (status = 403, body = ErrorBody),
        (status = 409, description = "Billing is handled manually, or not set up yet", body = ErrorBody), (status = 502, body = ErrorBody)))]
pub async fn create_portal_session(State(state): State<AppState>, OrgSession(session): OrgSession) -> ApiResult<Json<PortalSessionAnswer>> {
    session.require(Permission::SettingsWrite)?;
    let org_id = session.org_id.as_str();
    let (payments, _) = payments_for(&state, org_id).await?;
    let customer_id = state.store.subscription(org_id).await?.and_then(|s| s.customer_id).ok_or_else(ApiError::billing_not_set_up)?;
    let return_url = format!("{}/settings", state.public_url);
    let url = payments.provider.create_portal_session(&customer_id, &return_url).await.map_err(provider_failed)?;
    Ok(Json(PortalSessionAnswer { data: PortalSessionData { session: PortalSessionBody { url } } }))
}

/// The provider's webhook: signed with the endpoint's secret, each event taken once, in
/// any order. See docs/billing.md for the events handled.
#[utoipa::path(post, path = "/api/payments/webhook", tag = "payments",
    request_body(content = Object, description = "A Stripe event, signed in the Stripe-Signature header"),
    responses((status = 200, body = WebhookAnswer), (status = 400, description = "Bad or missing signature, or not an event", body = ErrorBody),
        (status = 404, description = "Billing is switched off", body = ErrorBody)))]
pub async fn webhook(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> ApiResult<Json<WebhookAnswer>> {
    let payments = state.billing.payments().ok_or_else(|| ApiError::not_found("Billing is switched off on this server"))?;
    let header = headers.get("stripe-signature").and_then(|v| v.to_str().ok());
    let now = jiff::Timestamp::now();
    signature::verify(header, &body, &payments.webhook_secret, now.as_second(), payments.webhook_tolerance_seconds)
        .map_err(|error| ApiError::invalid_webhook_signature(error.to_string()))?;
    let json: Value = serde_json::from_slice(&body).map_err(|_| ApiError::bad_request("The webhook body is not JSON"))?;
    let ignored = Json(WebhookAnswer { received: true, outcome: "ignored" });
    let Some(event) = parse_event(&json).map_err(ApiError::bad_request)? else {
        return Ok(ignored);
    };
    let Some(org_id) = organization_of_event(&state, event.org_id.as_deref(), event.customer_id.as_deref()).await? else {
        tracing::warn!(event = event.id, kind = event.event_type, "webhook event for no known organization");
        return Ok(ignored);
    };
    let record = fieldtag_store::WebhookEvent { id: &event.id, event_type: &event.event_type, created: event.created, org_id: &org_id };
    let outcome = state
        .store
        .apply_webhook_event(&record, |current, organization| decide(&event, current, organization, &payments.prices, now))
        .await?;
    let outcome = match outcome {
        EventOutcome::Applied => "applied",
        EventOutcome::Ignored => "ignored",
        EventOutcome::Duplicate => "duplicate",
    };
    tracing::info!(org_id, event = event.id, kind = event.event_type, outcome, "webhook event");
    Ok(Json(WebhookAnswer { received: true, outcome }))
}

/// The organisation an event is about: the one it names, else the one with its customer.
async fn organization_of_event(state: &AppState, named: Option<&str>, customer_id: Option<&str>) -> ApiResult<Option<String>> {
    if let Some(org_id) = named
        && state.store.organization(org_id).await?.is_some()
    {
        return Ok(Some(org_id.to_string()));
    }
    match customer_id {
        Some(customer_id) => Ok(state.store.organization_of_customer(customer_id).await?),
        None => Ok(None),
    }
}
