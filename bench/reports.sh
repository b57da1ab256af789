#!/usr/bin/env bash
# Report benchmark (issue 8): the inspection report of a site with 1,000 items as PDF
# (goal < 3 s) and CSV (goal < 300 ms), against the release build on SQLite.
# Usage: bench/reports.sh [ITEMS]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet -p fieldtag-server -p fieldtag-bench --bin fieldtag --bin reports
"${CARGO_TARGET_DIR:-target}/release/reports" "${1:-1000}"
