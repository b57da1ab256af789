#!/usr/bin/env bash
# The report tests read PDFs with poppler's pdftotext (and pdftoppm renders a page to look
# at); installs Debian's poppler-utils when missing.
set -euo pipefail
if ! command -v pdftotext >/dev/null 2>&1 || ! command -v pdftoppm >/dev/null 2>&1; then
  echo "installing Debian's poppler-utils for the report tests" >&2
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  if ! DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends poppler-utils >&2; then
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends poppler-utils >&2
  fi
fi
command -v pdftotext >/dev/null 2>&1 || { echo "pdftotext is still missing" >&2; exit 1; }
