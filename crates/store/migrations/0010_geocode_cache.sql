-- Answers of the geocoder (GET /api/geocode): one per address as asked (trimmed, spaces
-- collapsed, lower case), shared by every organisation, as the answer is the provider's and
-- nobody's data. Pruned 30 days after it was asked (retention.rs), so moved places come right.
CREATE TABLE geocode_cache (
    query TEXT PRIMARY KEY,
    -- The place found, or both NULL: the provider knows no such address (kept too, so it is
    -- not asked again).
    lat DOUBLE PRECISION,
    lon DOUBLE PRECISION,
    -- ms since the Unix epoch.
    created_at BIGINT NOT NULL
);
CREATE INDEX geocode_cache_created_at ON geocode_cache (created_at);

-- When the next request to the geocoder may leave, shared by every instance on this database,
-- so the provider sees at most one request a second from the whole server. One row.
CREATE TABLE geocode_pace (
    id BIGINT PRIMARY KEY CHECK (id = 1),
    -- ms since the Unix epoch.
    next_at BIGINT NOT NULL
);
INSERT INTO geocode_pace (id, next_at) VALUES (1, 0);
