-- First-party analytics (spec §9, docs/analytics.md): one row per event a device reported,
-- a category and a fixed action name, with the organisation and user the server took from the
-- session. The id is the device's, so a batch sent twice is kept once. No foreign key to
-- organizations: an organisation deleted (a demo's, after a day) leaves rows that retention
-- removes with the rest, 13 months after they arrived (retention.rs).
CREATE TABLE analytics_events (
    org_id TEXT NOT NULL,
    id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    category TEXT NOT NULL,
    action TEXT NOT NULL,
    -- ms since the Unix epoch: when the device says it happened (never after it arrived), and
    -- when it arrived.
    occurred_at BIGINT NOT NULL,
    received_at BIGINT NOT NULL,
    PRIMARY KEY (org_id, id)
);
CREATE INDEX analytics_events_counts ON analytics_events (org_id, occurred_at);
CREATE INDEX analytics_events_received_at ON analytics_events (received_at);
