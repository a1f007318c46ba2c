#!/usr/bin/env bash
# Runs a command and prints its wall time and the machine's busy CPU seconds meanwhile (all
# processes, from /proc/stat: a browser's processes are not all children the shell can count).
# Used for the browser tests' CPU in docs/performance.md ("The suite"); run it on a quiet machine.
# Usage: bash bench/busy-cpu.sh COMMAND [ARGUMENTS]   (the command's output goes to stderr)
set -uo pipefail
read -r _ u n s _ _ q sq _ < /proc/stat
b0=$((u + n + s + q + sq)); s0=$s; t0=$(date +%s.%N)
"$@" 1>&2
status=$?
read -r _ u n s _ _ q sq _ < /proc/stat
b1=$((u + n + s + q + sq)); t1=$(date +%s.%N)
hz=$(getconf CLK_TCK)
echo "wall $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s, busy CPU $(( (b1 - b0) / hz )) s (system $(( (s - s0) / hz )) s)"
exit $status
