#!/usr/bin/env bash
# Makes sure a local PostgreSQL is running with the test role and a fresh test
# database, installing and starting it when missing. Prints the URL to use.
# Loud and non-zero on failure: PostgreSQL tests must never be skipped silently.
set -euo pipefail

ROLE=fieldtag
PASSWORD=fieldtag
DATABASE=fieldtag_test
URL="postgres://$ROLE:$PASSWORD@127.0.0.1:5432/$DATABASE"

fail() {
  echo "" >&2
  echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!" >&2
  echo "!! PostgreSQL for the tests is not available: $*" >&2
  echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!" >&2
  exit 1
}

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v pg_lsclusters >/dev/null 2>&1; then
  echo "installing PostgreSQL..." >&2
  as_root apt-get update -qq >&2 || true
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq postgresql >&2 || fail "apt-get install postgresql failed"
fi

cluster=$(pg_lsclusters --no-header | awk 'NR==1 {print $1" "$2" "$4}')
[ -n "$cluster" ] || fail "no PostgreSQL cluster exists (pg_createcluster)"
read -r version name status <<<"$cluster"
if [ "$status" != online ]; then
  as_root pg_ctlcluster "$version" "$name" start >&2 || fail "pg_ctlcluster $version $name start failed"
fi

psql_admin() { as_root runuser -u postgres -- env PGOPTIONS='--client-min-messages=warning' psql -v ON_ERROR_STOP=1 -qtA "$@"; }
for _ in $(seq 1 30); do psql_admin -c 'SELECT 1' >/dev/null 2>&1 && break; sleep 1; done
psql_admin -c 'SELECT 1' >/dev/null || fail "the server does not answer"

if [ "$(psql_admin -c "SELECT 1 FROM pg_roles WHERE rolname = '$ROLE'")" != 1 ]; then
  psql_admin -c "CREATE ROLE $ROLE LOGIN PASSWORD '$PASSWORD' CREATEDB" >/dev/null || fail "cannot create role $ROLE"
fi
# A fresh database each run: every test makes its own schema inside it.
psql_admin -c "DROP DATABASE IF EXISTS $DATABASE WITH (FORCE)" >/dev/null || fail "cannot drop $DATABASE"
psql_admin -c "CREATE DATABASE $DATABASE OWNER $ROLE" >/dev/null || fail "cannot create $DATABASE"
PGPASSWORD=$PASSWORD psql -h 127.0.0.1 -U $ROLE -d $DATABASE -qtA -c 'SELECT 1' >/dev/null || fail "cannot log in as $ROLE over TCP"

echo "$URL"
