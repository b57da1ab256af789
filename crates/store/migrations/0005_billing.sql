-- Each organisation's subscription at the card payment provider, as its webhooks told us.
CREATE TABLE subscriptions (
    org_id TEXT PRIMARY KEY REFERENCES organizations (id),
    customer_id TEXT,
    subscription_id TEXT,
    status TEXT,
    -- The provider's `created` (Unix seconds) of the newest event applied: older ones are not.
    event_created BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX subscriptions_by_customer ON subscriptions (customer_id);

-- Every webhook event taken, by the provider's event id: a replay is answered, not applied.
CREATE TABLE webhook_events (
    id TEXT PRIMARY KEY,
    event_type TEXT NOT NULL,
    org_id TEXT,
    created BIGINT NOT NULL,
    received_at BIGINT NOT NULL
);
