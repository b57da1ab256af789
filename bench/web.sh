#!/usr/bin/env bash
# Web app benchmark (issue 5): initial JS gzipped, time to a usable shell offline, and the
# ingest of a 100,000-record download into IndexedDB, in Debian's Chromium against the
# release server. Usage: bench/web.sh [RECORDS]
set -euo pipefail
cd "$(dirname "$0")/.."
make --no-print-directory build >/dev/null
browser=$(scripts/ensure-chromium.sh)
FIELDTAG_BENCH_RECORDS="${1:-100000}" FIELDTAG_BIN="${CARGO_TARGET_DIR:-$HOME/.cache/fieldtag-target}/release/fieldtag" \
  FIELDTAG_WEB_DIR=web/dist FIELDTAG_CHROMIUM="$browser" node bench/web/bench.mjs
