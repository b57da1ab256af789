-- Imports (spec §3 Import record), run as jobs from this table so any server instance can run
-- them: a worker leases a queued job, and a lease that runs out (the instance died) lets
-- another take it up again. The records an import writes are committed in one transaction.
CREATE TABLE imports (
    id TEXT PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES organizations (id),
    -- 'safetyScan' (the third-party app) or 'csv'.
    source TEXT NOT NULL,
    -- The import request as received (JSON), less secrets it does not need to keep.
    request TEXT NOT NULL,
    -- The import key, kept only until the job ends.
    import_key TEXT,
    context_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    import_all_sites BIGINT NOT NULL DEFAULT 0,
    clear_all_data BIGINT NOT NULL DEFAULT 0,
    import_users BIGINT NOT NULL DEFAULT 0,
    import_date TEXT,
    -- RFC 3339 times, as the API answers them.
    date_started TEXT NOT NULL,
    date_completed TEXT,
    error TEXT,
    -- Progress for the /imports bar: steps done of steps known.
    progress_done BIGINT NOT NULL DEFAULT 0,
    progress_total BIGINT NOT NULL DEFAULT 0,
    records_written BIGINT NOT NULL DEFAULT 0,
    rows_rejected BIGINT NOT NULL DEFAULT 0,
    -- The job's lease: which worker holds it and until when (ms since the Unix epoch).
    attempts BIGINT NOT NULL DEFAULT 0,
    leased_by TEXT,
    lease_until BIGINT
);
CREATE INDEX imports_by_org ON imports (org_id, date_started);
CREATE INDEX imports_waiting ON imports (date_completed, lease_until);
