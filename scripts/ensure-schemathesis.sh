#!/usr/bin/env bash
# The API fuzz test (crates/server/tests/api/schemathesis.rs) runs schemathesis (PyPI) against
# the server's /api/openapi.json. Installs it once into a cached virtualenv (Debian's
# python3-venv first when `python3 -m venv` cannot make one) and prints the path of its
# `schemathesis` command. Reuses the virtualenv when it holds this version: then no pip runs.
set -euo pipefail
requirement="schemathesis==4.32.5"
venv="${FIELDTAG_SCHEMATHESIS_VENV:-$HOME/.cache/fieldtag-schemathesis}"
command="$venv/bin/schemathesis"
ready="$venv/.fieldtag-ready"

if [ -x "$command" ] && [ "$(cat "$ready" 2>/dev/null)" = "$requirement" ]; then
  echo "$command"
  exit 0
fi

mkdir -p "$(dirname "$venv")"
# One install at a time; a second caller waits and then finds it ready.
exec 9>"$venv.lock"
flock 9
if [ -x "$command" ] && [ "$(cat "$ready" 2>/dev/null)" = "$requirement" ]; then
  echo "$command"
  exit 0
fi

echo "installing $requirement into $venv for the API fuzz test" >&2
rm -rf "$venv"
if ! python3 -m venv "$venv" >&2; then
  rm -rf "$venv"
  echo "python3 -m venv failed: installing Debian's python3-venv" >&2
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  if ! DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends python3-venv >&2; then
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends python3-venv >&2
  fi
  python3 -m venv "$venv" >&2
fi
if ! "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$requirement" >&2 \
  || ! "$command" --version >&2; then
  rm -rf "$venv"
  echo "could not install $requirement into $venv" >&2
  exit 1
fi
echo "$requirement" >"$ready"
echo "$command"
