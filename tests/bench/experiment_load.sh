#!/usr/bin/env bash
# The reader experiment's bounded load test and kill test (BENCHMARKS.md, "Reader experiment").
# Needs the release binaries: cargo build --release -p sealbook-server -p sealbook-tests
#   --bin sealbook --bin experiment-load. Usage: bash tests/bench/experiment_load.sh [READERS]
# PostgreSQL runs when its binaries are in /usr/lib/postgresql/*/bin (as user postgres when root).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
READERS=${1:-10000}
BIN=target/release/sealbook
LOAD=target/release/experiment-load
T=$(mktemp -d)
export SEALBOOK_EXPERIMENT_RATE_PER_MINUTE=100000000 SEALBOOK_EXPERIMENT_READERS_PER_DAY=100000000
SERVER=""
stop() { [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null; wait "$SERVER" 2>/dev/null || true; SERVER=""; }
serve() { # DIR -> sets SERVER and ADDR
  mkdir -p "$1"
  "$BIN" serve --addr 127.0.0.1:0 --experiment --serve-unlisted --data "$1" --at 2026-12-03T12:00:00Z >"$T/out" 2>"$T/err" &
  SERVER=$!
  for _ in $(seq 100); do grep -q serving "$T/out" 2>/dev/null && break; sleep 0.1; done
  ADDR=$(sed -n 's|^serving http://\(.*\)/$|\1|p' "$T/out")
}
load() { "$LOAD" --addr "$ADDR" --session 2026-12-03 --readers "$READERS" --threads 32 "$@"; }

echo "sqlite:"; serve "$T/sqlite"; load; stop

PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort | tail -1 || true)
if [ -n "$PGBIN" ] && [ -x "$PGBIN/initdb" ]; then
  RUN=(); [ "$(id -u)" = 0 ] && { chown postgres "$T"; RUN=(runuser -u postgres --); }
  PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  "${RUN[@]}" "$PGBIN/initdb" -D "$T/pg" -A trust -U sb >/dev/null
  "${RUN[@]}" "$PGBIN/pg_ctl" -D "$T/pg" -o "-p $PORT -k $T -c listen_addresses=127.0.0.1" -w -l "$T/pg.log" start >/dev/null
  echo "postgresql:"
  SEALBOOK_EXPERIMENT_DATABASE_URL="postgres://sb@127.0.0.1:$PORT/postgres" serve "$T/pgleague"
  load; stop
  "${RUN[@]}" "$PGBIN/pg_ctl" -D "$T/pg" -m fast -w stop >/dev/null
fi

echo "kill test (sqlite, SIGKILL after 3 s):"
serve "$T/kill"
load --acks "$T/acks" >"$T/kill.json" &
L=$!
sleep 3; kill -9 "$SERVER"; wait "$SERVER" 2>/dev/null || true; SERVER=""
wait "$L" || true
"$BIN" experiment export "$T/kill" --csv | tail -n +2 | awk -F, '{print $1" "$4}' | sort >"$T/stored"
sort "$T/acks" >"$T/acked"
LOST=$(comm -23 "$T/acked" "$T/stored" | wc -l)
echo "{\"acknowledged\": $(wc -l <"$T/acked"), \"stored\": $(wc -l <"$T/stored"), \"acknowledged_not_stored\": $LOST}"
rm -rf "$T"
[ "$LOST" = 0 ]
