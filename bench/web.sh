#!/usr/bin/env bash
# Web app benchmarks in Debian's Chromium against the release server:
#  - bench/web/bench.mjs: initial JS gzipped, time to a usable shell offline, and the
#    ingest of a RECORDS-record download into IndexedDB;
#  - bench/web/equipment.mjs: a site's equipment list of ITEMS items — first render,
#    search keystroke, badge counts after a service;
#  - bench/web/reconnect.mjs: from the network coming back to 50 queued changes on
#    the server, with and without the browser's online event.
# Usage: bench/web.sh [RECORDS] [ITEMS]
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/env.sh
make --no-print-directory build >/dev/null
browser=$(scripts/ensure-chromium.sh)
export FIELDTAG_BIN="$CARGO_TARGET_DIR/release/fieldtag" FIELDTAG_WEB_DIR=web/dist FIELDTAG_CHROMIUM="$browser"
FIELDTAG_BENCH_RECORDS="${1:-100000}" node bench/web/bench.mjs
FIELDTAG_BENCH_ITEMS="${2:-5000}" node bench/web/equipment.mjs
node bench/web/reconnect.mjs
