-- Banners shown to every user of every organisation (spec §1), set by an operator.
CREATE TABLE global_alerts (
    id TEXT PRIMARY KEY,
    alert_type TEXT NOT NULL,
    message TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
