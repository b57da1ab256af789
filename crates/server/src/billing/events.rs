//! What the provider's webhook events mean for an organisation. Pure: the event, the
//! subscription as last known and the organisation record in; the new ones out.
//!
//! - Each event is applied once (the store keeps event ids).
//! - Out of order: an event created before the newest one applied changes nothing, and an
//!   event about a subscription other than the organisation's current one changes nothing
//!   unless it starts a new subscription (a checkout, a subscription created).
//! - An invoice never brings a canceled subscription back; only a new checkout does.

use fieldtag_domain::records::people::Organization;
use fieldtag_domain::records::stored::AsText;
use fieldtag_store::{EventChange, Subscription};
use serde_json::{Value, json};

use super::Prices;

/// The event types that change a subscription; any other is acknowledged and ignored.
pub const HANDLED_EVENTS: [&str; 8] = [
    "checkout.session.completed",
    "customer.subscription.created",
    "customer.subscription.updated",
    "customer.subscription.deleted",
    "customer.subscription.paused",
    "customer.subscription.resumed",
    "invoice.paid",
    "invoice.payment_failed",
];

/// A webhook event, read from the provider's JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderEvent {
    pub id: String,
    pub event_type: String,
    /// Unix seconds when the provider created the event.
    pub created: i64,
    /// The organisation the event names in its metadata or reference, if any.
    pub org_id: Option<String>,
    pub customer_id: Option<String>,
    pub subscription_id: Option<String>,
    /// The subscription's status as the event tells it.
    pub status: Option<String>,
    pub price_id: Option<String>,
    /// A completed checkout: billing is set up.
    pub sets_up_billing: bool,
    /// The event starts a subscription (which replaces any earlier one).
    pub starts_subscription: bool,
    /// An invoice event: it never revives a canceled subscription.
    pub from_invoice: bool,
}

/// An id field that may come as a string or as an expanded object.
fn id_of(value: &Value) -> Option<String> {
    match value {
        Value::String(id) if !id.is_empty() => Some(id.clone()),
        Value::Object(object) => object.get("id").and_then(Value::as_str).map(str::to_string),
        _ => None,
    }
}

fn text(value: &Value) -> Option<String> {
    value.as_str().filter(|v| !v.is_empty()).map(str::to_string)
}

/// Reads an event; `None` when it is not one of the handled types or lacks its parts.
pub fn parse_event(body: &Value) -> Result<Option<ProviderEvent>, String> {
    let id = text(&body["id"]).ok_or("the event has no id")?;
    let event_type = text(&body["type"]).ok_or("the event has no type")?;
    let created = body["created"].as_i64().ok_or("the event has no created time")?;
    if !HANDLED_EVENTS.contains(&event_type.as_str()) {
        return Ok(None);
    }
    let object = &body["data"]["object"];
    if !object.is_object() {
        return Err("the event has no data.object".into());
    }
    let mut event = ProviderEvent {
        id,
        event_type: event_type.clone(),
        created,
        org_id: text(&object["metadata"]["orgId"]),
        customer_id: id_of(&object["customer"]),
        subscription_id: None,
        status: None,
        price_id: None,
        sets_up_billing: false,
        starts_subscription: false,
        from_invoice: false,
    };
    match event_type.as_str() {
        "checkout.session.completed" => {
            if object["mode"].as_str() != Some("subscription") {
                return Ok(None);
            }
            event.org_id = event.org_id.or_else(|| text(&object["client_reference_id"]));
            event.subscription_id = id_of(&object["subscription"]);
            event.sets_up_billing = true;
            event.starts_subscription = true;
        }
        "invoice.paid" | "invoice.payment_failed" => {
            event.subscription_id =
                id_of(&object["subscription"]).or_else(|| id_of(&object["parent"]["subscription_details"]["subscription"]));
            event.org_id = event.org_id.or_else(|| text(&object["subscription_details"]["metadata"]["orgId"]));
            event.status = Some(if event_type == "invoice.paid" { "active" } else { "past_due" }.to_string());
            event.from_invoice = true;
        }
        _ => {
            event.subscription_id = id_of(&object["id"]);
            event.status = text(&object["status"]);
            event.price_id = text(&object["items"]["data"][0]["price"]["id"]).or_else(|| text(&object["plan"]["id"]));
            event.starts_subscription = event_type == "customer.subscription.created";
        }
    }
    Ok(Some(event))
}

/// Whether an organisation with a subscription in this status may write.
pub fn active_for(status: &str) -> Option<bool> {
    match status {
        "active" | "trialing" | "past_due" => Some(true),
        "canceled" | "unpaid" | "incomplete_expired" | "paused" => Some(false),
        _ => None,
    }
}

/// The change an event makes, or `None` when it changes nothing.
pub fn decide(
    event: &ProviderEvent,
    current: Option<&Subscription>,
    organization: &Value,
    prices: &Prices,
    now: jiff::Timestamp,
) -> Option<EventChange> {
    let current = current.cloned().unwrap_or_default();
    if event.created < current.event_created {
        return None;
    }
    let other_subscription = matches!((&current.subscription_id, &event.subscription_id), (Some(known), Some(named)) if known != named);
    if other_subscription && !event.starts_subscription {
        return None;
    }
    if event.from_invoice && current.status.as_deref() == Some("canceled") && !other_subscription {
        return None;
    }
    let inherited = if other_subscription { None } else { current.status.clone() };
    let status = event.status.clone().or(inherited).or_else(|| event.sets_up_billing.then(|| "active".to_string()));
    let subscription = Subscription {
        customer_id: event.customer_id.clone().or(current.customer_id),
        subscription_id: event.subscription_id.clone().or(current.subscription_id),
        status: status.clone(),
        event_created: event.created.max(current.event_created),
    };
    let mut updated = organization.as_object().cloned().unwrap_or_default();
    if let Some(status) = &status {
        updated.insert("subscriptionStatus".into(), json!(status));
        if let Some(active) = active_for(status) {
            updated.insert("active".into(), json!(active));
        }
    }
    if event.sets_up_billing {
        updated.insert("hasSetUpBilling".into(), json!(true));
    }
    if let Some(plan) = event.price_id.as_deref().and_then(|price| prices.plan_of(price)) {
        updated.insert("plan".into(), json!(plan));
    }
    let mut organization_after = Value::Object(updated);
    if &organization_after != organization {
        organization_after["lastUpdated"] = json!(now.to_string());
    }
    Some(EventChange { subscription, organization: organization_after })
}

/// Whether the free trial has run out with no subscription to follow it: such an
/// organisation becomes inactive (spec §4: the canceled notice with Reactivate).
pub fn trial_has_lapsed(organization: &Organization, now: jiff::Timestamp) -> bool {
    let billed_by_provider = organization.manual_billing.is_some_and(|manual| !manual.0);
    let still_active = organization.active.is_none_or(|active| active.0);
    let never_subscribed = organization.subscription_status.is_none();
    let ended = organization.trial_ends_at.as_text().parse::<jiff::Timestamp>().is_ok_and(|end| end <= now);
    billed_by_provider && still_active && never_subscribed && ended
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;

    fn prices() -> Prices {
        Prices { basic: "price_basic".into(), enterprise: "price_ent".into(), ems: Some("price_ems".into()) }
    }

    fn org() -> Value {
        json!({"id": "o", "name": "Acme", "email": "ops@acme.ca", "active": true, "hasSetUpBilling": false, "manualBilling": false, "plan": "Basic", "lastUpdated": "2026-01-01T00:00:00Z"})
    }

    fn subscription_event(id: &str, kind: &str, created: i64, sub: &str, status: &str, price: &str) -> ProviderEvent {
        parse_event(&json!({"id": id, "type": kind, "created": created, "data": {"object": {
            "id": sub, "object": "subscription", "customer": "cus_1", "status": status,
            "metadata": {"orgId": "o"}, "items": {"data": [{"price": {"id": price}}]}}}}))
        .unwrap()
        .unwrap()
    }

    fn now() -> jiff::Timestamp {
        "2026-02-01T00:00:00Z".parse().unwrap()
    }

    #[test]
    fn checkout_sets_up_billing_and_activates() {
        let event = parse_event(&json!({"id": "evt_1", "type": "checkout.session.completed", "created": 10, "data": {"object": {
            "id": "cs_1", "mode": "subscription", "customer": "cus_1", "subscription": "sub_1", "client_reference_id": "o"}}}))
        .unwrap()
        .unwrap();
        assert_eq!(event.org_id.as_deref(), Some("o"));
        let change = decide(&event, None, &org(), &prices(), now()).unwrap();
        assert_eq!(change.subscription.subscription_id.as_deref(), Some("sub_1"));
        assert_eq!(change.organization["hasSetUpBilling"], true);
        assert_eq!(change.organization["subscriptionStatus"], "active");
        assert_eq!(change.organization["active"], true);
    }

    #[test]
    fn an_older_event_changes_nothing() {
        let deleted = subscription_event("evt_2", "customer.subscription.deleted", 20, "sub_1", "canceled", "price_basic");
        let change = decide(&deleted, None, &org(), &prices(), now()).unwrap();
        assert_eq!(change.organization["active"], false);
        let updated = subscription_event("evt_1", "customer.subscription.updated", 15, "sub_1", "active", "price_basic");
        assert!(decide(&updated, Some(&change.subscription), &change.organization, &prices(), now()).is_none());
    }

    #[test]
    fn the_ems_price_sets_the_ems_plan() {
        let updated = subscription_event("evt_1", "customer.subscription.updated", 15, "sub_1", "active", "price_ems");
        assert_eq!(decide(&updated, None, &org(), &prices(), now()).unwrap().organization["plan"], "EMS");
    }

    #[test]
    fn an_invoice_does_not_revive_a_canceled_subscription() {
        let current = Subscription {
            customer_id: Some("cus_1".into()),
            subscription_id: Some("sub_1".into()),
            status: Some("canceled".into()),
            event_created: 20,
        };
        let paid = parse_event(&json!({"id": "evt_3", "type": "invoice.paid", "created": 30, "data": {"object": {"customer": "cus_1", "subscription": "sub_1"}}}))
            .unwrap()
            .unwrap();
        assert!(decide(&paid, Some(&current), &org(), &prices(), now()).is_none());
    }

    #[test]
    fn a_lapsed_trial_without_a_subscription() {
        let lapsed = |organization: &Value| trial_has_lapsed(&Organization::deserialize(organization).unwrap(), now());
        let mut organization = org();
        organization["trialEndsAt"] = json!("2026-01-15T00:00:00Z");
        assert!(lapsed(&organization));
        organization["subscriptionStatus"] = json!("trialing");
        assert!(!lapsed(&organization));
        organization["subscriptionStatus"] = Value::Null;
        organization["manualBilling"] = json!(true);
        assert!(!lapsed(&organization));
    }
}
