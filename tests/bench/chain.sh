#!/usr/bin/env bash
# Chain-verification benchmark (not part of CI). In one run, on one generated
# book of answer-like lines: native `sealbook verify` (core's streaming ChainVerifier), the
# spec's Appendix B step 4 Python script (the reference), and the wasm build's `verify_book`
# in headless Chromium; then the native verifier's peak RSS on 50k / 200k / 400k lines.
#
#   bash tests/bench/chain.sh [lines] [shape]  (default 200000 lines, shape flat; `council` writes
#                                              answer lines shaped as the spec's, Appendix C)
#   SEALBOOK_BENCH_RUNS=3       best-of runs for native and wasm
#   SEALBOOK_BENCH_PY_RUNS=2    best-of runs for Python
#   SEALBOOK_BIN                native binary to time as it is (default: build target/release/sealbook)
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
lines=${1:-200000}
shape=${2:-flat}
runs=${SEALBOOK_BENCH_RUNS:-3}
py_runs=${SEALBOOK_BENCH_PY_RUNS:-2}
py=${SEALBOOK_PYTHON:-$root/.venv/bin/python}
[ -x "$py" ] || py=python3
if [ -n "${SEALBOOK_BIN:-}" ]; then
    bin=$SEALBOOK_BIN
    cargo build --release -q -p sealbook-tests --bin gen-book
else
    bin=$root/target/release/sealbook
    cargo build --release -q -p sealbook-server -p sealbook-tests --bin sealbook --bin gen-book
fi
[ -f www/pkg/sealbook_web.js ] || cargo run --release -q -p sealbook-bundle
[ -x /usr/bin/time ] || { echo "need /usr/bin/time (apt-get install time)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
book="$work/council-book.jsonl"
target/release/gen-book "$lines" "$book" 20261020 "$shape"
bytes=$(stat -c %s "$book")

# best_of N CMD...: runs CMD N times; prints the fastest wall time and the smallest CPU time
# (user + sys) in seconds. CPU time is what to compare when other jobs share the cores.
best_of() {
    local n=$1 wall="" cpu="" w c
    shift
    for _ in $(seq "$n"); do
        /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" >/dev/null
        read -r w c <<<"$(awk '{ printf "%s %.2f", $1, $2 + $3 }' "$work/time")"
        wall=$(awk -v a="$wall" -v b="$w" 'BEGIN { print (a == "" || b < a) ? b : a }')
        cpu=$(awk -v a="$cpu" -v b="$c" 'BEGIN { print (a == "" || b < a) ? b : a }')
    done
    echo "$wall $cpu"
}

# Each verifier must accept the book before it is timed.
"$bin" verify "$book" | grep -qx "chain ok: $lines lines"
(cd "$work" && "$py" -I "$root/tests/py/appendix_b_step4.py") | grep -qx "chain ok: $lines lines"

load=$(cut -d' ' -f1-3 /proc/loadavg)
read -r native_s native_cpu <<<"$(best_of "$runs" "$bin" verify "$book")"
read -r python_s python_cpu <<<"$(best_of "$py_runs" sh -c 'cd "$1" && exec "$2" -I "$3"' sh "$work" "$py" "$root/tests/py/appendix_b_step4.py")"
wasm_json=$(node tests/bench/wasm_bench.mjs "$book" www/pkg "$runs")
echo "$wasm_json" | grep -q "\"ok\":true,\"lines\":$lines," || { echo "wasm run failed: $wasm_json" >&2; exit 1; }
read -r wasm_s wasm_cpu <<<"$(echo "$wasm_json" | node -e 'const r = JSON.parse(require("fs").readFileSync(0, "utf8")); console.log((Math.min(...r.ms) / 1000).toFixed(3), r.cpu_s.toFixed(2))')"

# Peak RSS of the native verifier against book length.
rss_rows=""
for n in 50000 200000 400000; do
    b="$work/book-$n.jsonl"
    if [ "$n" = "$lines" ]; then b=$book; else target/release/gen-book "$n" "$b" 20261020 "$shape"; fi
    kb=$(/usr/bin/time -f %M "$bin" verify "$b" 2>&1 >/dev/null | tail -1)
    rss_rows+="| $n | $(awk -v b="$(stat -c %s "$b")" 'BEGIN { printf "%.0f", b / 1048576 }') | $(awk -v k="$kb" 'BEGIN { printf "%.1f", k / 1024 }') |"$'\n'
    [ "$b" = "$book" ] || rm -f "$b"
done

rate() { awk -v s="$1" -v l="$lines" -v b="$bytes" 'BEGIN { printf "%.0f lines/s, %.1f MB/s", l / s, b / s / 1e6 }'; }
ratio() { awk -v p="$1" -v s="$2" 'BEGIN { printf "%.1fx", p / s }'; }
cat <<REPORT
Book: $lines lines, $bytes bytes ($(awk -v b="$bytes" -v l="$lines" 'BEGIN { printf "%.0f", b / l }') B/line), machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')

Load average before the timed runs: $load

| verifier | best wall (s) | wall throughput | wall vs Python | best CPU (s) | CPU vs Python |
|---|---|---|---|---|---|
| Appendix B step 4 script, $("$py" --version 2>&1) (best of $py_runs) | $python_s | $(rate "$python_s") | 1.0x | $python_cpu | 1.0x |
| native \`sealbook verify\` (best of $runs) | $native_s | $(rate "$native_s") | $(ratio "$python_s" "$native_s") | $native_cpu | $(ratio "$python_cpu" "$native_cpu") |
| wasm \`verify_book\` in headless $(/usr/bin/chromium --version 2>/dev/null | head -1 | cut -d' ' -f1-2) (best of $runs) | $wasm_s | $(rate "$wasm_s") | $(ratio "$python_s" "$wasm_s") | $wasm_cpu (mean) | $(ratio "$python_cpu" "$wasm_cpu") |

Native peak memory (max RSS, /usr/bin/time):

| lines | book MB | max RSS MB |
|---|---|---|
${rss_rows}
REPORT
