#!/usr/bin/env bash
# The S3 file-store tests run against moto's server (PyPI `moto[server]`), a local fake S3
# that speaks the real protocol. Prints the path of its `moto_server` command, installed once
# into a cached virtualenv; start it with `moto_server -H 127.0.0.1 -p PORT`.
set -euo pipefail
exec "$(dirname "$0")/ensure-python-tool.sh" "moto[server]==5.2.5" "${FIELDTAG_MOTO_VENV:-$HOME/.cache/fieldtag-moto}" \
  moto_server '"$venv/bin/python" -c "import moto.server"'
