#!/usr/bin/env bash
# CSV import benchmark on SQLite and PostgreSQL: 10,000 equipment rows through
# POST /organizations/{orgId}/imports/csv, dry run and real run timed (goal < 10 s each).
# Usage: bench/import.sh [ROWS]
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/env.sh
rows="${1:-10000}"
cargo build --release --quiet -p fieldtag-server -p fieldtag-bench --bin fieldtag --bin import
bin="$CARGO_TARGET_DIR/release/import"
"$bin" sqlite "$rows"
FIELDTAG_BENCH_POSTGRES_URL=$(scripts/test-postgres.sh) "$bin" postgres "$rows"
