-- Per-organisation counters that hand out site and account numbers.
CREATE TABLE counters (
    org_id TEXT NOT NULL REFERENCES organizations (id),
    name TEXT NOT NULL,
    value BIGINT NOT NULL,
    PRIMARY KEY (org_id, name)
);
