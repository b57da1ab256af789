-- The server epoch: one random id for this database's history of versions. A restore from a
-- backup (or `fieldtag new-epoch` after pg_restore) gives the database a new one, so a client
-- whose sync cursor counts versions of another history knows to download everything again.
-- The row is created at first start (random ids are not portable SQL); one row at most.
CREATE TABLE server_epoch (
    id BIGINT PRIMARY KEY CHECK (id = 1),
    epoch TEXT NOT NULL,
    -- ms since the Unix epoch.
    created_at BIGINT NOT NULL
);
