#!/usr/bin/env bash
# Build benchmark: how long `make build` takes again when nothing changed, after one web file
# changed and after one Rust file changed, beside the old way (web app always rebuilt, so the
# server always re-linked) measured in the same run. Also says what each step rebuilt.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/env.sh
bin="$CARGO_TARGET_DIR/release/fieldtag"

make --no-print-directory build >/dev/null 2>&1 # a starting point where everything is built

seconds() { local start=$SECONDS; "$@" >/dev/null 2>&1; echo $((SECONDS - start)); }
stamp() { stat -c %Y "$1" 2>/dev/null || echo 0; }
measure() {
  local label=$1
  shift
  local web_before bin_before took
  web_before=$(stamp web/dist/index.html)
  bin_before=$(stamp "$bin")
  sleep 1 # file times have one-second resolution here
  took=$(seconds "$@")
  local web="kept" server="kept"
  [ "$(stamp web/dist/index.html)" != "$web_before" ] && web="rebuilt"
  [ "$(stamp "$bin")" != "$bin_before" ] && server="re-linked"
  printf '%-38s %5d s   web app %-8s server %s\n' "$label" "$took" "$web" "$server"
  echo "$took" >"/tmp/fieldtag-build-$label"
}

touch_web() { touch web/src/main.tsx && make --no-print-directory build; }
touch_rust() { touch crates/server/src/app.rs && make --no-print-directory build; }
old_way() { (cd web && npm run build) && cargo build --release -p fieldtag-server; }

measure "old way (always rebuild web)" old_way
measure "make build, nothing changed" make --no-print-directory build
measure "make build, one web file changed" touch_web
measure "make build, one Rust file changed" touch_rust
old=$(cat "/tmp/fieldtag-build-old way (always rebuild web)")
now=$(cat "/tmp/fieldtag-build-make build, nothing changed")
echo "nothing changed: ${now} s against ${old} s the old way (goal: serving within 10 s)"
