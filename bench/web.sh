#!/usr/bin/env bash
# Web app benchmarks in Debian's Chromium against the release server:
#  - bench/web/bench.mjs: initial JS gzipped, time to a usable shell offline, and the
#    ingest of a RECORDS-record download into IndexedDB;
#  - bench/web/equipment.mjs: a site's equipment list of ITEMS items — first render,
#    search keystroke, badge counts after a service;
#  - bench/web/reconnect.mjs: from the network coming back to 50 queued changes on
#    the server, with and without the browser's online event;
#  - bench/web/download.mjs: the first download of RECORDS records, login to 'Up to date',
#    beside PouchDB 9 and the per-record IndexedDB limit (../shared/anchors/pouchdb-sync) in the
#    same session, with their ratios; a search keystroke's latency meanwhile, beside the same
#    keys on the quiet page after it;
#  - bench/web/live.mjs: live sync, from Save on one device to the change painted on another,
#    median and p95 over 50 changes, beside the periodic download in the same run (and across
#    two instances on one PostgreSQL, the test database of scripts/test-postgres.sh);
#  - bench/web/photos.mjs: a 12-megapixel JPEG from picking to kept with its thumbnail, the
#    equipment search keystroke meanwhile, and 100 photos queued offline against the record
#    outbox on reconnect.
# Usage: bench/web.sh [RECORDS] [ITEMS]     everything
#        bench/web.sh download [RECORDS]    only the first download beside PouchDB
#        bench/web.sh photos [ITEMS]        only the photos
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/env.sh
make --no-print-directory build >/dev/null
browser=$(scripts/ensure-chromium.sh)
export FIELDTAG_BIN="$CARGO_TARGET_DIR/release/fieldtag" FIELDTAG_WEB_DIR=web/dist FIELDTAG_CHROMIUM="$browser"
if [ "${1:-}" = download ]; then
  FIELDTAG_BENCH_RECORDS="${2:-100000}" node bench/web/download.mjs
  exit
fi
if [ "${1:-}" = photos ]; then
  FIELDTAG_BENCH_ITEMS="${2:-5000}" node bench/web/photos.mjs
  exit
fi
FIELDTAG_BENCH_RECORDS="${1:-100000}" node bench/web/bench.mjs
FIELDTAG_BENCH_ITEMS="${2:-5000}" node bench/web/equipment.mjs
node bench/web/reconnect.mjs
FIELDTAG_BENCH_RECORDS="${1:-100000}" node bench/web/download.mjs
FIELDTAG_BENCH_POSTGRES_URL="$(scripts/test-postgres.sh)" node bench/web/live.mjs
FIELDTAG_BENCH_ITEMS="${2:-5000}" node bench/web/photos.mjs
