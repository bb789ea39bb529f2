#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the tests and prints its URL on the last line.
# Installs Debian's postgresql when it is missing and we run as root. Usage:
#   export TEST_DATABASE_URL=$(bash scripts/postgres-test-server.sh | tail -n 1)
set -euo pipefail
PORT="${PGTEST_PORT:-55432}"

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
PGBIN="$(find_bin || true)"
if [ -z "$PGBIN" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "PostgreSQL is not installed: run 'apt-get install postgresql' (or set TEST_DATABASE_URL)" >&2
    exit 1
  fi
  echo "installing PostgreSQL (apt-get)..." >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  PGBIN="$(find_bin)"
fi

PGDATA="${PGTEST_DATA:-$(mktemp -d /tmp/pgtest.XXXXXX)}"
mkdir -p "$PGDATA"
RUN_AS=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres "$PGDATA"
  RUN_AS=(runuser -u postgres --)
fi
"${RUN_AS[@]}" "$PGBIN/initdb" -D "$PGDATA" -A trust -U postgres >/dev/null
"${RUN_AS[@]}" "$PGBIN/pg_ctl" -D "$PGDATA" -l "$PGDATA/server.log" -w start \
  -o "-p $PORT -k $PGDATA -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" >&2
echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on port $PORT, data in $PGDATA" >&2
echo "postgres://postgres@127.0.0.1:$PORT/postgres"
