#!/usr/bin/env bash
# The S3 file-store tests run against moto's server (PyPI `moto[server]`), a local fake S3
# that speaks the real protocol. Installs it once into a cached virtualenv (Debian's
# python3-venv first when `python3 -m venv` cannot make one) and prints the path of its
# `moto_server` command; start it with `moto_server -H 127.0.0.1 -p PORT`.
# Reuses the virtualenv when it holds this version: then no pip runs.
set -euo pipefail
requirement="moto[server]==5.2.5"
venv="${FIELDTAG_MOTO_VENV:-$HOME/.cache/fieldtag-moto}"
server="$venv/bin/moto_server"
ready="$venv/.fieldtag-ready"

if [ -x "$server" ] && [ "$(cat "$ready" 2>/dev/null)" = "$requirement" ]; then
  echo "$server"
  exit 0
fi

mkdir -p "$(dirname "$venv")"
# One install at a time; a second caller waits and then finds it ready.
exec 9>"$venv.lock"
flock 9
if [ -x "$server" ] && [ "$(cat "$ready" 2>/dev/null)" = "$requirement" ]; then
  echo "$server"
  exit 0
fi

echo "installing $requirement into $venv for the S3 tests" >&2
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
  || ! "$venv/bin/python" -c 'import moto.server' >&2; then
  rm -rf "$venv"
  echo "could not install $requirement into $venv" >&2
  exit 1
fi
[ -x "$server" ] || { echo "moto_server is still missing at $server" >&2; exit 1; }
echo "$requirement" >"$ready"
echo "$server"
