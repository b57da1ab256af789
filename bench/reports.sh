#!/usr/bin/env bash
# Report benchmark: the inspection report of a site with 1,000 items as PDF
# (goal < 3 s) and CSV (goal < 300 ms), against the release build on SQLite.
# Usage: bench/reports.sh [ITEMS]
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/env.sh
cargo build --release --quiet -p fieldtag-server -p fieldtag-bench --bin fieldtag --bin reports
"$CARGO_TARGET_DIR/release/reports" "${1:-1000}"
