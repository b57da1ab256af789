#!/usr/bin/env bash
# Sync benchmark on SQLite and PostgreSQL: full paged download against the
# database's own JSON export, incremental sync, 1,000-record upload, server peak RSS.
# Usage: bench/sync.sh [SCALE] (1 = 2,000 sites, 100,000 equipment, 400,000 history,
# 300,000 performed services).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/env.sh
scale="${1:-1}"
cargo build --release --quiet -p fieldtag-server -p fieldtag-bench --bin fieldtag --bin sync
bin="$CARGO_TARGET_DIR/release/sync"
"$bin" sqlite "$scale"
FIELDTAG_BENCH_POSTGRES_URL=$(scripts/test-postgres.sh) "$bin" postgres "$scale"
