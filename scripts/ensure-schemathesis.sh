#!/usr/bin/env bash
# The API fuzz test (crates/server/tests/api/schemathesis.rs) runs schemathesis (PyPI) against
# the server's /api/openapi.json. Prints the path of its `schemathesis` command, installed once
# into a cached virtualenv.
set -euo pipefail
exec "$(dirname "$0")/ensure-python-tool.sh" "schemathesis==4.32.5" \
  "${FIELDTAG_SCHEMATHESIS_VENV:-$HOME/.cache/fieldtag-schemathesis}" schemathesis '"$venv/bin/schemathesis" --version'
