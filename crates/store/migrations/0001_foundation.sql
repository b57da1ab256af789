-- One schema for SQLite and PostgreSQL: TEXT, BIGINT and nothing engine-specific.
-- Times the server keeps for itself are Unix milliseconds (BIGINT).

-- Each organisation carries the counter that orders its sync feed: bumped inside
-- every write transaction, so versions are handed out in commit order.
CREATE TABLE organizations (
    id TEXT PRIMARY KEY,
    version BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);

-- Every synced record (spec §3 sync kinds), the record itself as JSON.
CREATE TABLE records (
    org_id TEXT NOT NULL REFERENCES organizations (id),
    kind TEXT NOT NULL,
    id TEXT NOT NULL,
    location_id TEXT,
    last_updated TEXT NOT NULL,
    deleted BIGINT NOT NULL DEFAULT 0,
    version BIGINT NOT NULL,
    received_at BIGINT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (org_id, kind, id)
);
CREATE INDEX records_by_version ON records (org_id, version);

-- Login names and password hashes, kept apart from the user records that sync.
CREATE TABLE credentials (
    user_id TEXT PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES organizations (id),
    email_key TEXT NOT NULL UNIQUE,
    password_hash TEXT
);

-- A login starts a family; every refresh rotates the token inside it. Reusing an
-- old token revokes the family, and with it every access token it issued.
CREATE TABLE token_families (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    revoked_at BIGINT
);
CREATE INDEX token_families_by_user ON token_families (user_id);

CREATE TABLE refresh_tokens (
    token_hash TEXT PRIMARY KEY,
    family_id TEXT NOT NULL REFERENCES token_families (id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);

-- Access tokens refused before they expire (logout).
CREATE TABLE token_blacklist (
    token_id TEXT PRIMARY KEY,
    expires_at BIGINT NOT NULL
);

-- Single-use invite and password-reset tokens.
CREATE TABLE user_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    purpose TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);

-- Failed logins, counted per email and per address for rate limiting.
CREATE TABLE login_failures (
    id TEXT PRIMARY KEY,
    limit_key TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX login_failures_by_key ON login_failures (limit_key, at);

CREATE TABLE client_logs (
    id TEXT PRIMARY KEY,
    org_id TEXT,
    user_id TEXT,
    level TEXT NOT NULL,
    message TEXT NOT NULL,
    context TEXT,
    created_at BIGINT NOT NULL
);

-- Mail the server would send: kept here when no SMTP server is configured, and
-- as a record of what went out when one is.
CREATE TABLE outbox (
    id TEXT PRIMARY KEY,
    to_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    sent_at BIGINT
);

-- Secrets every server instance must share (token signing key).
CREATE TABLE server_secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
