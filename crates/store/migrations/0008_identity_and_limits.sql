-- A user's identity belongs to one organisation. `credentials` holds one row per user id ever
-- claimed by an organisation (through sign-up, a synced user record or an invite), so another
-- organisation can never claim that id. The email is the login name while the user exists:
-- NULL once the user is deleted, so the address is free again.
CREATE TABLE user_identities (
    user_id TEXT PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES organizations (id),
    email_key TEXT UNIQUE,
    password_hash TEXT
);
INSERT INTO user_identities (user_id, org_id, email_key, password_hash)
    SELECT user_id, org_id, email_key, password_hash FROM credentials;
-- Users synced before identities were claimed: the first organisation to hold the id keeps it.
INSERT INTO user_identities (user_id, org_id)
    SELECT id, MIN(org_id) FROM records
    WHERE kind = 'users' AND id NOT IN (SELECT user_id FROM credentials)
    GROUP BY id;
DROP TABLE credentials;
CREATE INDEX user_identities_by_org ON user_identities (org_id);

-- Invite and reset tokens name the organisation of their user, checked when they are used.
ALTER TABLE user_tokens ADD COLUMN org_id TEXT;
UPDATE user_tokens SET org_id = (SELECT org_id FROM user_identities WHERE user_identities.user_id = user_tokens.user_id);
CREATE INDEX user_tokens_by_user ON user_tokens (user_id, purpose);

-- A session is a user's in one organisation; an access token is good only while the session
-- it names is live and is its user's.
ALTER TABLE token_families ADD COLUMN org_id TEXT;
UPDATE token_families SET org_id = (SELECT org_id FROM user_identities WHERE user_identities.user_id = token_families.user_id);

-- Rate limits (logins, resets, client logs): one row per attempt taken, counted per key in
-- a sliding window. An attempt is taken while holding the key's row in rate_limit_keys, so
-- parallel requests are counted one after another on both engines.
CREATE TABLE rate_limit_keys (
    limit_key TEXT PRIMARY KEY,
    touched_at BIGINT NOT NULL
);
CREATE TABLE rate_limit_hits (
    id TEXT PRIMARY KEY,
    limit_key TEXT NOT NULL,
    at BIGINT NOT NULL
);
INSERT INTO rate_limit_hits (id, limit_key, at) SELECT id, limit_key, at FROM login_failures;
DROP TABLE login_failures;
CREATE INDEX rate_limit_hits_by_key ON rate_limit_hits (limit_key, at);
CREATE INDEX rate_limit_hits_by_time ON rate_limit_hits (at);

-- Billing events are an organisation's: two organisations may use the same record id.
CREATE TABLE billing_events_new (
    org_id TEXT NOT NULL REFERENCES organizations (id),
    id TEXT NOT NULL,
    event TEXT NOT NULL,
    sku TEXT,
    equipment_id TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (org_id, id)
);
INSERT INTO billing_events_new (org_id, id, event, sku, equipment_id, at)
    SELECT org_id, id, event, sku, equipment_id, at FROM billing_events;
DROP TABLE billing_events;
ALTER TABLE billing_events_new RENAME TO billing_events;
CREATE INDEX billing_events_by_org ON billing_events (org_id, at);

-- Retention: what the maintenance task deletes by age.
CREATE INDEX client_logs_by_time ON client_logs (created_at);
CREATE INDEX outbox_by_time ON outbox (created_at);
CREATE INDEX webhook_events_by_time ON webhook_events (received_at);
CREATE INDEX token_families_by_revoked ON token_families (revoked_at);
CREATE INDEX refresh_tokens_by_expiry ON refresh_tokens (expires_at);
