#!/usr/bin/env bash
# PostgreSQL clusters of Debian's `postgresql` package, run as the `postgres` user when run as root.
#
# scripts/pg-cluster.sh start|stop [dir] [port]: a throwaway cluster for the server tests: a fresh
#   data directory, trust authentication on 127.0.0.1, durability off (tests only). `start` prints
#   the URL to reach it; `stop` removes it.
# scripts/pg-cluster.sh up|down [dir] [port]: a lasting cluster (`npm run start:cluster`): its data
#   directory is kept between runs (initdb on the first, with data checksums), normal durability,
#   TCP on 127.0.0.1 with passwords (scram-sha-256), and without a password only through the socket
#   inside the data directory (only its owner reaches it). `up` leaves a running cluster as it is;
#   `down` stops it with -m fast (PG_STOP_MODE=immediate to force) and keeps the data.
# scripts/pg-cluster.sh psql dir port [psql arguments]: psql as the superuser through that socket.
# scripts/pg-cluster.sh restart|halt dir: what a maintenance window does to a running cluster of
#   either kind (the outage tests): `restart` is pg_ctl's fast restart (it also starts a halted
#   one, with its options), `halt` a fast stop that keeps the data.
# scripts/pg-cluster.sh standby dir port primary_port: a throwaway standby of the throwaway cluster
#   on primary_port (the failover test): a base backup streamed from it, replicating as
#   application_name `standby` (what the primary's synchronous_standby_names names), started with
#   the same test settings. `stop` removes it.
# scripts/pg-cluster.sh crash|promote dir: what a failover does: `crash` stops a cluster as a dead
#   host would (-m immediate, the data kept, no shutdown checkpoint), `promote` makes a standby the
#   primary and waits until it takes writes.
set -euo pipefail
action="${1:-start}"
dir="${2:-${TMPDIR:-/tmp}/crm-pg}"
port="${3:-55432}"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -x "$bin/initdb" ] || { echo "PostgreSQL is not installed" >&2; exit 1; }
as_pg=()
if [ "$(id -u)" -eq 0 ]; then as_pg=(runuser -u postgres --); fi

if [ "$action" = "up" ]; then
  if [ ! -f "$dir/PG_VERSION" ]; then
    mkdir -p "$dir"
    chmod 700 "$dir"
    if [ "$(id -u)" -eq 0 ]; then
      chown postgres "$dir"
      runuser -u postgres -- test -x "$dir" || { echo "the postgres user cannot reach $dir: every folder above it must be open to others (chmod o+x)" >&2; exit 1; }
    fi
    "${as_pg[@]}" "$bin/initdb" -D "$dir" -U postgres --auth-local=trust --auth-host=scram-sha-256 --data-checksums -E UTF8 --locale=C.UTF-8 >/dev/null
  fi
  if ! "${as_pg[@]}" "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
    # Logs: startup.log until the collector runs, then log/postgresql-<weekday>.log (a week kept).
    "${as_pg[@]}" "$bin/pg_ctl" -D "$dir" -l "$dir/startup.log" -w -t 120 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c logging_collector=on -c log_filename=postgresql-%a.log -c log_truncate_on_rotation=on" \
      start >/dev/null || { tail -n 20 "$dir/startup.log" >&2; exit 1; }
  fi
  exit 0
fi

if [ "$action" = "down" ]; then
  if "${as_pg[@]}" "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
    "${as_pg[@]}" "$bin/pg_ctl" -D "$dir" -m "${PG_STOP_MODE:-fast}" -w stop >/dev/null
  fi
  exit 0
fi

if [ "$action" = "restart" ]; then
  exec "${as_pg[@]}" "$bin/pg_ctl" -D "$dir" -m fast -w restart >/dev/null
fi

if [ "$action" = "halt" ]; then
  exec "${as_pg[@]}" "$bin/pg_ctl" -D "$dir" -m fast -w stop >/dev/null
fi

if [ "$action" = "crash" ]; then
  exec "${as_pg[@]}" "$bin/pg_ctl" -D "$dir" -m immediate -w stop >/dev/null
fi

if [ "$action" = "promote" ]; then
  exec "${as_pg[@]}" "$bin/pg_ctl" -D "$dir" -w -t 30 promote >/dev/null
fi

# The throwaway clusters' settings: durability off (tests only), room for every test's connections.
test_options="-c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400 -c shared_buffers=128MB"

if [ "$action" = "standby" ]; then
  primary="${4:?the port of the primary}"
  "${as_pg[@]}" "$bin/pg_ctl" -D "$dir" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
  mkdir -p "$dir"
  chmod 700 "$dir"
  if [ "$(id -u)" -eq 0 ]; then chown postgres "$dir"; fi
  # -R writes primary_conninfo and standby.signal; -X stream copies the WAL written meanwhile.
  # The primary keeps its socket in its data folder: the backup skips it, and says so (not shown).
  "${as_pg[@]}" "$bin/pg_basebackup" -D "$dir" -d "host=127.0.0.1 port=$primary user=postgres application_name=standby" -R -X stream -c fast \
    2> >(grep -v 'skipping special file' >&2) >/dev/null
  "${as_pg[@]}" "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w \
    -o "-p $port -k $dir $test_options" \
    start >/dev/null || { tail -n 20 "$dir/server.log" >&2; exit 1; }
  echo "postgres://postgres@127.0.0.1:$port/postgres"
  exit 0
fi

if [ "$action" = "psql" ]; then
  exec "${as_pg[@]}" "$bin/psql" -h "$dir" -p "$port" -U postgres -X "${@:4}"
fi

if [ "$action" = "stop" ]; then
  "${as_pg[@]}" "$bin/pg_ctl" -D "$dir" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
  exit 0
fi

"${as_pg[@]}" "$bin/pg_ctl" -D "$dir" -m immediate stop >/dev/null 2>&1 || true
rm -rf "$dir"
mkdir -p "$dir"
if [ "$(id -u)" -eq 0 ]; then chown postgres "$dir"; fi
"${as_pg[@]}" "$bin/initdb" -D "$dir" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
"${as_pg[@]}" "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w \
  -o "-p $port -k $dir $test_options" \
  start >/dev/null || { tail -n 20 "$dir/server.log" >&2; exit 1; }
echo "postgres://postgres@127.0.0.1:$port/postgres"
