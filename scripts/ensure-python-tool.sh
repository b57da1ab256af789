#!/usr/bin/env bash
# Installs a test tool from PyPI once into a cached virtualenv (Debian's python3-venv first when
# `python3 -m venv` cannot make one) and prints the path of its command. Reuses the virtualenv
# when it holds this requirement: then no pip runs. Used by ensure-fake-s3.sh and
# ensure-schemathesis.sh.
# Usage: ensure-python-tool.sh REQUIREMENT VENV COMMAND CHECK...   (CHECK: a command that must
# succeed in the new virtualenv, run with `$venv` set, e.g. `"$venv/bin/python" -c 'import x'`)
set -euo pipefail
requirement="$1"
venv="$2"
command="$venv/bin/$3"
shift 3
check="$*"
ready="$venv/.fieldtag-ready"

installed() { [ -x "$command" ] && [ "$(cat "$ready" 2>/dev/null)" = "$requirement" ]; }

if installed; then
  echo "$command"
  exit 0
fi

mkdir -p "$(dirname "$venv")"
# One install at a time; a second caller waits and then finds it ready.
exec 9>"$venv.lock"
flock 9
if installed; then
  echo "$command"
  exit 0
fi

echo "installing $requirement into $venv" >&2
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
  || ! (export venv; bash -c "$check") >&2; then
  rm -rf "$venv"
  echo "could not install $requirement into $venv" >&2
  exit 1
fi
[ -x "$command" ] || { echo "$command is still missing" >&2; exit 1; }
echo "$requirement" >"$ready"
echo "$command"
