//! Subscriptions and payments (spec §1, §7, §9): plans, the free trial, the card payment
//! provider's hosted checkout and customer portal, its webhooks, and the rule that an
//! inactive organisation may read but not write. See docs/billing.md.

pub mod events;
pub mod guard;
pub mod provider;
pub mod signature;
pub mod stripe;

use std::sync::Arc;

use clap::Args;

use self::provider::PaymentProvider;
use self::stripe::StripeApi;

/// Where Stripe's API is, unless FIELDTAG_STRIPE_API_BASE says otherwise.
pub const STRIPE_API_BASE: &str = "https://api.stripe.com";
/// How old a signed webhook may be, in seconds (Stripe's own libraries use 300).
pub const WEBHOOK_TOLERANCE_SECONDS: i64 = 300;

/// The card payment provider (Stripe). Without a secret key billing is off: every
/// organisation is billed by hand (`manualBilling`), as self-hosted installs are.
#[derive(Debug, Clone, Args)]
pub struct BillingConfig {
    /// Stripe secret API key (`sk_...`). Without it, billing is switched off.
    #[arg(long, env = "FIELDTAG_STRIPE_SECRET_KEY", hide_env_values = true)]
    pub stripe_secret_key: Option<String>,

    /// Signing secret of the Stripe webhook endpoint (`whsec_...`); required with the key.
    #[arg(long, env = "FIELDTAG_STRIPE_WEBHOOK_SECRET", hide_env_values = true)]
    pub stripe_webhook_secret: Option<String>,

    /// Base URL of Stripe's API (a test double's address in tests).
    #[arg(long, env = "FIELDTAG_STRIPE_API_BASE")]
    pub stripe_api_base: Option<String>,

    /// Stripe price id of the Basic plan; required with the key.
    #[arg(long, env = "FIELDTAG_STRIPE_PRICE_BASIC")]
    pub stripe_price_basic: Option<String>,

    /// Stripe price id of the Enterprise plan; required with the key.
    #[arg(long, env = "FIELDTAG_STRIPE_PRICE_ENTERPRISE")]
    pub stripe_price_enterprise: Option<String>,

    /// Stripe price id of the discounted EMS plan (non-profit or publicly funded emergency
    /// services), granted by moving a subscription to it in Stripe's dashboard.
    #[arg(long, env = "FIELDTAG_STRIPE_PRICE_EMS")]
    pub stripe_price_ems: Option<String>,

    /// Seconds a signed webhook stays acceptable.
    #[arg(long, env = "FIELDTAG_STRIPE_WEBHOOK_TOLERANCE_SECONDS", default_value_t = WEBHOOK_TOLERANCE_SECONDS, value_parser = clap::value_parser!(i64).range(1..=86_400))]
    pub stripe_webhook_tolerance_seconds: i64,
}

/// Billing off, with the flags' defaults (a derived default would make the tolerance 0 s,
/// refusing a webhook signed in the previous second).
impl Default for BillingConfig {
    fn default() -> Self {
        BillingConfig {
            stripe_secret_key: None,
            stripe_webhook_secret: None,
            stripe_api_base: None,
            stripe_price_basic: None,
            stripe_price_enterprise: None,
            stripe_price_ems: None,
            stripe_webhook_tolerance_seconds: WEBHOOK_TOLERANCE_SECONDS,
        }
    }
}

/// The plans and the provider's price for each.
#[derive(Debug, Clone)]
pub struct Prices {
    pub basic: String,
    pub enterprise: String,
    pub ems: Option<String>,
}

impl Prices {
    /// The price a checkout for this plan uses.
    pub fn for_plan(&self, plan: &str) -> &str {
        match plan {
            "Enterprise" => &self.enterprise,
            "EMS" => self.ems.as_deref().unwrap_or(&self.basic),
            _ => &self.basic,
        }
    }

    /// The plan a price belongs to, if it is one of ours.
    pub fn plan_of(&self, price: &str) -> Option<&'static str> {
        if price == self.basic {
            Some("Basic")
        } else if price == self.enterprise {
            Some("Enterprise")
        } else if self.ems.as_deref() == Some(price) {
            Some("EMS")
        } else {
            None
        }
    }
}

/// Billing switched on: the provider, the webhook secret and the prices.
pub struct Payments {
    pub provider: Arc<dyn PaymentProvider>,
    pub webhook_secret: String,
    pub webhook_tolerance_seconds: i64,
    pub prices: Prices,
}

/// Billing as configured: on with a provider, or off (manual billing).
#[derive(Clone, Default)]
pub struct Billing {
    payments: Option<Arc<Payments>>,
}

impl Billing {
    /// Billing from the configuration; a key without its companions is a start-up error.
    pub fn from_config(config: &BillingConfig) -> anyhow::Result<Billing> {
        let Some(secret_key) = config.stripe_secret_key.clone().filter(|key| !key.trim().is_empty()) else {
            return Ok(Billing::default());
        };
        let required = |value: &Option<String>, name: &str| {
            value
                .clone()
                .filter(|v| !v.trim().is_empty())
                .ok_or_else(|| anyhow::anyhow!("{name} must be set when FIELDTAG_STRIPE_SECRET_KEY is"))
        };
        let webhook_secret = required(&config.stripe_webhook_secret, "FIELDTAG_STRIPE_WEBHOOK_SECRET")?;
        let prices = Prices {
            basic: required(&config.stripe_price_basic, "FIELDTAG_STRIPE_PRICE_BASIC")?,
            enterprise: required(&config.stripe_price_enterprise, "FIELDTAG_STRIPE_PRICE_ENTERPRISE")?,
            ems: config.stripe_price_ems.clone().filter(|v| !v.trim().is_empty()),
        };
        let base = config.stripe_api_base.clone().unwrap_or_else(|| STRIPE_API_BASE.to_string());
        let provider = StripeApi::new(&base, &secret_key)?;
        Ok(Billing::with_provider(Arc::new(provider), webhook_secret, config.stripe_webhook_tolerance_seconds, prices))
    }

    pub fn with_provider(provider: Arc<dyn PaymentProvider>, webhook_secret: String, tolerance: i64, prices: Prices) -> Billing {
        Billing { payments: Some(Arc::new(Payments { provider, webhook_secret, webhook_tolerance_seconds: tolerance, prices })) }
    }

    /// The provider and its settings, when billing is on.
    pub fn payments(&self) -> Option<&Payments> {
        self.payments.as_deref()
    }

    /// False when no provider is configured: new organisations are billed by hand.
    pub fn enabled(&self) -> bool {
        self.payments.is_some()
    }

    pub fn describe(&self) -> &'static str {
        if self.enabled() { "stripe" } else { "off (manual billing)" }
    }
}
