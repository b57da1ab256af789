#!/usr/bin/env bash
# Browser tests drive Debian's Chromium with playwright-core; installs it when missing.
# Prints the browser's path. Never downloads a browser of Playwright's own.
set -euo pipefail
browser="${FIELDTAG_CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$browser" ]; then
  echo "installing Debian's chromium for the browser tests" >&2
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  if ! $sudo apt-get install -y --no-install-recommends chromium >&2; then
    $sudo apt-get update >&2
    $sudo apt-get install -y --no-install-recommends chromium >&2
  fi
fi
[ -x "$browser" ] || { echo "chromium is still missing at $browser" >&2; exit 1; }
echo "$browser"
