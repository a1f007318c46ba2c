#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the server tests (Debian's `postgresql` package):
# a fresh data directory, trust authentication on 127.0.0.1, durability off (tests only).
# Prints the URL to reach it. Usage: scripts/pg-cluster.sh start|stop [dir] [port]
set -euo pipefail
action="${1:-start}"
dir="${2:-${TMPDIR:-/tmp}/crm-pg}"
port="${3:-55432}"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -x "$bin/initdb" ] || { echo "PostgreSQL is not installed" >&2; exit 1; }
as_pg=()
if [ "$(id -u)" -eq 0 ]; then as_pg=(runuser -u postgres --); fi

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
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400 -c shared_buffers=128MB" \
  start >/dev/null
echo "postgres://postgres@127.0.0.1:$port/postgres"
