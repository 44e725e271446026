#!/usr/bin/env bash
# Keep-alive latency of `sealbook serve --demo` on 127.0.0.1 (tests/bench/keepalive.py):
# N GETs of the demo book over one connection, then N on a new connection each.
# usage: bash tests/bench/keepalive.sh [SEALBOOK_BIN] [N]   (default target/release/sealbook, 500)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bin="${1:-$repo/target/release/sealbook}"
n="${2:-500}"
data="$(mktemp -d)"
out="$data.out"
: > "$out"
"$bin" serve --demo --data "$data/league" --addr 127.0.0.1:0 > "$out" &
pid=$!
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$data" "$out"' EXIT
for _ in $(seq 100); do grep -q '^serving' "$out" && break; sleep 0.1; done
addr="$(sed -n 's|^serving http://\(.*\)/$|\1|p' "$out")"
python3 "$repo/tests/bench/keepalive.py" "$addr" /data/council-book.jsonl "$n"
