#!/usr/bin/env bash
# Continuous backups of the platform's PostgreSQL with pgBackRest (README: Backups and restore), run
# as root on the database host, once; running it again is harmless. It writes the pgBackRest
# configuration, turns on WAL archiving (wal_level replica, archive_mode on, archive_command
# pushing each segment to the repository; PostgreSQL is restarted when that needs it), creates the
# stanza, checks that archiving works and takes the first full backup. The schedule afterwards is
# deploy/pgbackrest/pgbackrest.cron. Settings (environment, Debian's defaults):
#   PGDATA (/var/lib/postgresql/15/main)  PGPORT (5432)  PGSOCKET (/var/run/postgresql)
#   PGBACKREST_CONFIG (/etc/pgbackrest/pgbackrest.conf)  BACKUP_REPO (/var/lib/pgbackrest)
#   BACKUP_LOG (/var/log/pgbackrest)  BACKUP_LOCK (/tmp/pgbackrest)
#   PG_RESTART_COMMAND (systemctl restart postgresql)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
export PGDATA="${PGDATA:-/var/lib/postgresql/15/main}"
export PGPORT="${PGPORT:-5432}"
export PGSOCKET="${PGSOCKET:-/var/run/postgresql}"
export BACKUP_REPO="${BACKUP_REPO:-/var/lib/pgbackrest}"
export BACKUP_LOG="${BACKUP_LOG:-/var/log/pgbackrest}"
export BACKUP_LOCK="${BACKUP_LOCK:-/tmp/pgbackrest}"
config="${PGBACKREST_CONFIG:-/etc/pgbackrest/pgbackrest.conf}"
restart="${PG_RESTART_COMMAND:-systemctl restart postgresql}"
stanza=platform

command -v pgbackrest >/dev/null || { echo "pgBackRest is missing: apt-get install -y pgbackrest" >&2; exit 1; }
as_postgres() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
sql() { as_postgres psql -X -q -tA -v ON_ERROR_STOP=1 -h "$PGSOCKET" -p "$PGPORT" -U postgres -d postgres -c "$1"; }

mkdir -p "$(dirname "$config")" "$BACKUP_REPO" "$BACKUP_LOG"
envsubst '${BACKUP_REPO} ${BACKUP_LOG} ${BACKUP_LOCK} ${PGDATA} ${PGPORT} ${PGSOCKET}' \
  <"$here/pgbackrest.conf.template" >"$config"
chmod 640 "$config"
chmod 750 "$BACKUP_REPO"
if [ "$(id -u)" -eq 0 ]; then
  chgrp postgres "$config"
  chown postgres:postgres "$BACKUP_REPO" "$BACKUP_LOG"
fi

# archive_timeout bounds what an idle database can lose: a segment is archived at least once a minute.
sql "ALTER SYSTEM SET wal_level = 'replica'" >/dev/null
sql "ALTER SYSTEM SET archive_mode = 'on'" >/dev/null
sql "ALTER SYSTEM SET archive_command = 'pgbackrest --config=$config --stanza=$stanza archive-push %p'" >/dev/null
sql "ALTER SYSTEM SET archive_timeout = '60s'" >/dev/null
sql "SELECT pg_reload_conf()" >/dev/null
if [ "$(sql 'SHOW archive_mode')" != on ] || [ "$(sql 'SHOW wal_level')" = minimal ]; then
  echo "archive_mode and wal_level take a restart: $restart"
  bash -c "$restart"
fi

pgbackrest_() { as_postgres pgbackrest --config="$config" --stanza="$stanza" "$@"; }
pgbackrest_ stanza-create
pgbackrest_ check
pgbackrest_ --type=full backup
pgbackrest_ info
