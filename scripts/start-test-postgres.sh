#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server for the real-server test suite and prints the line
#   TEST_DATABASE_URL=postgres://...
# Usage: eval "$(bash scripts/start-test-postgres.sh)"; stop it with
#   bash scripts/start-test-postgres.sh stop
# Needs Debian's postgresql package; as root it runs the server as the postgres user.
set -euo pipefail
PORT="${TEST_PG_PORT:-54329}"
PGDATA="${TEST_PG_DIR:-/tmp/boligtilgaengelighed-test-pg}"
PGBIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -n "$PGBIN" ] || { echo "echo 'PostgreSQL is not installed (apt-get install postgresql)' >&2"; exit 1; }

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if [ "${1:-}" = stop ]; then
  [ -d "$PGDATA" ] && as_owner "$PGBIN/pg_ctl" -D "$PGDATA" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PGDATA"
  exit 0
fi

if ! as_owner "$PGBIN/pg_ctl" -D "$PGDATA" status >/dev/null 2>&1; then
  rm -rf "$PGDATA"
  mkdir -p "$PGDATA"
  [ "$(id -u)" = 0 ] && chown postgres:postgres "$PGDATA"
  as_owner "$PGBIN/initdb" -D "$PGDATA" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >/dev/null
  # Durability does not matter for a test server; speed does.
  as_owner "$PGBIN/pg_ctl" -D "$PGDATA" -l "$PGDATA/server.log" -w \
    -o "-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null
fi
echo "TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
