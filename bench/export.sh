#!/usr/bin/env bash
# Export benchmark on SQLite and PostgreSQL: GET /organizations/{orgId}/export of the
# sync benchmark's 100,000-equipment organisation; records/s and the server's peak RSS
# (goal < 200 MB). Usage: bench/export.sh [SCALE] (1 = 2,000 sites, 100,000 equipment,
# 400,000 history, 300,000 performed services).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/env.sh
scale="${1:-1}"
cargo build --release --quiet -p fieldtag-server -p fieldtag-bench --bin fieldtag --bin export
bin="$CARGO_TARGET_DIR/release/export"
"$bin" sqlite "$scale"
FIELDTAG_BENCH_POSTGRES_URL=$(scripts/test-postgres.sh) "$bin" postgres "$scale"
