#!/usr/bin/env bash
# Live sync benchmark (docs/sync.md "Live sync", figures in docs/live-sync.md): 2,000 idle streams on
# one release `fieldtag serve` (extra memory, idle CPU over 30 s), then the notice fan-out: 500
# streams over 50 organisations, 25 writes/s, latency from a write's answer to its event on
# every stream of its organisation, on SQLite, PostgreSQL, and PostgreSQL with two instances.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/env.sh
cargo build --release --quiet -p fieldtag-server -p fieldtag-bench --bin fieldtag --bin events
# Two thousand streams hold two thousand sockets in this process and in the server.
ulimit -n "$(ulimit -Hn)"
# An already set URL is used as it is: the script drops and recreates the shared test database.
FIELDTAG_BENCH_POSTGRES_URL="${FIELDTAG_BENCH_POSTGRES_URL:-$(scripts/test-postgres.sh)}" "$CARGO_TARGET_DIR/release/events" "$@"
