#!/usr/bin/env bash
# Load test: 500 simulated technicians, each syncing every 30 s and uploading a
# service every minute, against one release `fieldtag serve` on loopback, on SQLite and then on
# PostgreSQL (a database of its own, dropped after). Prints requests, throughput, p50/p95/p99/max per request kind and
# errors. Goal on SQLite: 0 errors, p99 < 100 ms. FIELDTAG_LOAD_SECONDS (default 180 per engine),
# FIELDTAG_LOAD_TECHNICIANS (500) and FIELDTAG_LOAD_ORGS (10) change the run; FIELDTAG_LOAD_STREAMS=1
# runs the same crew again with every technician holding its live sync stream open.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/env.sh
cargo build --release --quiet -p fieldtag-server -p fieldtag-bench --bin fieldtag --bin load
bin="$CARGO_TARGET_DIR/release/load"
"$bin" sqlite
# An already set URL is used as it is: the script drops and recreates the shared test database.
FIELDTAG_BENCH_POSTGRES_URL="${FIELDTAG_BENCH_POSTGRES_URL:-$(scripts/test-postgres.sh)}" "$bin" postgres
