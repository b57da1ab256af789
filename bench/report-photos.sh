#!/usr/bin/env bash
# Report photos benchmark: the deficiency report PDF with 200 photos (goal < 5 s, server peak
# memory < 200 MB), beside the same report without photos, against the release build on SQLite.
# Usage: bench/report-photos.sh [PHOTOS]
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/env.sh
cargo build --release --quiet -p fieldtag-server -p fieldtag-bench --bin fieldtag --bin report_photos
"$CARGO_TARGET_DIR/release/report_photos" "${1:-200}"
