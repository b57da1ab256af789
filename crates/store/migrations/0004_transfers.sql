-- Where a record's site is looked up when equipment moves.
CREATE INDEX records_by_location ON records (org_id, kind, location_id);

-- Equipment moved between sites (spec §3 Transfer), as the server recorded them.
CREATE TABLE transfers (
    id TEXT PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES organizations (id),
    equipment_id TEXT NOT NULL,
    from_location_id TEXT NOT NULL,
    to_location_id TEXT NOT NULL,
    date_server_time TEXT NOT NULL,
    user_id TEXT NOT NULL
);

-- Billable events (swap, replace, transfer), counted per SKU for the billing export.
CREATE TABLE billing_events (
    id TEXT PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES organizations (id),
    event TEXT NOT NULL,
    sku TEXT,
    equipment_id TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX billing_events_by_org ON billing_events (org_id, at);
