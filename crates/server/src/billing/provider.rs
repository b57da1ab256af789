//! The small interface the server needs from a card payment provider.

use std::future::Future;
use std::pin::Pin;

/// What a provider call may return.
pub type ProviderResult<T> = Result<T, ProviderError>;
pub type ProviderFuture<'a, T> = Pin<Box<dyn Future<Output = ProviderResult<T>> + Send + 'a>>;

/// The provider refused or could not be reached.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ProviderError(pub String);

/// A hosted checkout to send the browser to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckoutSession {
    pub id: String,
    pub url: String,
}

/// What a checkout is for.
#[derive(Debug, Clone)]
pub struct CheckoutRequest {
    pub org_id: String,
    /// The provider's customer, made beforehand so that every checkout of one organisation
    /// and its portal share it.
    pub customer_id: String,
    pub price_id: String,
    /// When the free trial ends (Unix seconds), if the subscription should start in it.
    pub trial_end: Option<i64>,
    pub success_url: String,
    pub cancel_url: String,
}

/// The provider's customer for an organisation.
#[derive(Debug, Clone)]
pub struct CustomerRequest {
    pub org_id: String,
    pub name: String,
    pub email: String,
}

pub trait PaymentProvider: Send + Sync {
    /// Makes the customer every checkout and portal session of the organisation uses.
    fn create_customer<'a>(&'a self, request: &'a CustomerRequest) -> ProviderFuture<'a, String>;
    /// Starts a hosted checkout for a subscription.
    fn create_checkout_session<'a>(&'a self, request: &'a CheckoutRequest) -> ProviderFuture<'a, CheckoutSession>;
    /// A link to the provider's customer portal (cards, invoices, cancelling), back to `return_url`.
    fn create_portal_session<'a>(&'a self, customer_id: &'a str, return_url: &'a str) -> ProviderFuture<'a, String>;
}
