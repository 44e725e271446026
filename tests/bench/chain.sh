#!/usr/bin/env bash
# Chain-verification benchmark (not part of CI). In one run, on one generated
# book of answer-like lines: native `sealbook verify` (core's streaming ChainVerifier), the
# spec's Appendix B step 4 Python script (the reference), and the wasm build's `verify_book`
# in headless Chromium; native on one thread (`--threads 1`) and on every core (the default);
# `openssl speed -evp sha256` for the SHA-256 bound; then the native verifier's peak RSS on
# 50k / 200k / 400k lines.
#
#   bash tests/bench/chain.sh [lines] [shape]  (default 200000 lines, shape flat; `council` writes
#                                              answer lines shaped as the spec's, Appendix C;
#                                              `respelled` the flat lines not in seal form; every
#                                              shape is listed in tests/bench/gen_book.rs)
#   bash tests/bench/chain.sh sweep [MB]       every line shape, canonical and re-spelled, each in
#                                              a book of about MB megabytes (default 48), one
#                                              book at a time (deleted after): native on one
#                                              thread and on every core against the Appendix B
#                                              step 4 script, and native CPU against the SHA-256
#                                              bound on the bytes hashed; the worst row last
#   SEALBOOK_BENCH_BASE=BIN     sweep: also time BIN (another build) on one thread, in the same run
#   SEALBOOK_BENCH_SHAPES="a b" the sweep's shapes (default: every shape, then each re-spelled)
#   SEALBOOK_BENCH_RUNS=3       best-of runs for native and wasm
#   SEALBOOK_BENCH_PY_RUNS=2    best-of runs for Python
#   SEALBOOK_BIN                native binary to time as it is (default: build target/release/sealbook)
#   SEALBOOK_BENCH_WASM=0       skip the wasm run (no bundle build, no Chromium)
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
wasm=${SEALBOOK_BENCH_WASM:-1}
[ "$lines" = sweep ] && wasm=0
[ "$wasm" = 0 ] || [ -f www/pkg/verify_worker.js ] || cargo run --release -q -p sealbook-bundle
[ -x /usr/bin/time ] || { echo "need /usr/bin/time (apt-get install time)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
book="$work/council-book.jsonl"

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

# The SHA-256 bound: one core's `openssl speed -evp sha256` rate on 16 KiB blocks.
sha_rate() {
    openssl speed -evp sha256 -bytes 16384 -seconds 3 2>/dev/null | awk '/^sha256|^SHA256|^SHA2-256/ { v = $NF } END { sub(/k$/, "", v); printf "%.0f", v * 1000 }'
}

if [ "$lines" = sweep ]; then
    mb=${2:-48}
    sha_bps=$(sha_rate)
    echo "Sweep: books of about $mb MB, machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $("$py" --version 2>&1)"
    echo "SHA-256 bound: openssl speed -evp sha256 (16 KiB blocks, one core) $(awk -v r="$sha_bps" 'BEGIN { printf "%.0f MB/s", r / 1e6 }'); load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo
    base=${SEALBOOK_BENCH_BASE:-}
    echo "| shape | B/line | lines | MB | Python CPU (s) | Python wall (s) | native 1 thread CPU (s) | CPU vs Python | native every core wall (s) | wall vs Python | SHA-256 bound (s) | native CPU / bound |${base:+ base 1 thread CPU (s) | base CPU vs Python |}"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|${base:+---|---|}"
    rows=""
    shapes=${SEALBOOK_BENCH_SHAPES:-flat council short long strings deep unicode escapes
        flat+respelled council+respelled short+respelled long+respelled strings+respelled
        deep+respelled unicode+respelled escapes+respelled}
    for shape in $shapes; do
        target/release/gen-book 1000 "$book" 20261020 "$shape" >/dev/null
        n=$(awk -v m="$mb" -v b="$(stat -c %s "$book")" 'BEGIN { printf "%d", m * 1e6 / (b / 1000) }')
        hashed=$(target/release/gen-book "$n" "$book" 20261020 "$shape" | awk '/^sha256 input bytes:/ { print $4 }')
        bytes=$(stat -c %s "$book")
        "$bin" verify "$book" | grep -x "chain ok: $n lines" >/dev/null
        (cd "$work" && "$py" -I "$root/tests/py/appendix_b_step4.py") | grep -x "chain ok: $n lines" >/dev/null
        read -r n1_s n1_cpu <<<"$(best_of "$runs" "$bin" verify --threads 1 "$book")"
        read -r nn_s nn_cpu <<<"$(best_of "$runs" "$bin" verify "$book")"
        read -r py_s py_cpu <<<"$(best_of "$py_runs" sh -c 'cd "$1" && exec "$2" -I "$3"' sh "$work" "$py" "$root/tests/py/appendix_b_step4.py")"
        base_cols=""
        if [ -n "$base" ]; then
            read -r _ b1_cpu <<<"$(best_of "$runs" "$base" verify --threads 1 "$book")"
            base_cols=$(awk -v c="$b1_cpu" -v pc="$py_cpu" 'BEGIN { printf " %.2f | %.1fx |", c, pc / c }')
        fi
        row=$(awk -v s="$shape" -v n="$n" -v b="$bytes" -v h="$hashed" -v r="$sha_bps" -v pc="$py_cpu" -v pw="$py_s" -v c1="$n1_cpu" -v wn="$nn_s" \
            'BEGIN { bound = h / r; printf "| %s | %.0f | %d | %.1f | %.2f | %.2f | %.2f | %.1fx | %.2f | %.1fx | %.3f | %.2fx |", s, b / n, n, b / 1e6, pc, pw, c1, pc / c1, wn, pw / wn, bound, c1 / bound }')
        echo "$row$base_cols"
        rows+="$row"$'\n'
        rm -f "$book"
    done
    echo
    echo "Load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "Worst CPU ratio:   $(printf '%s' "$rows" | awk -F'|' '{ v = $9 + 0; if (w == "" || v < w) { w = v; s = $2 } } END { printf "%.1fx (%s)", w, s }')"
    echo "Worst wall ratio:  $(printf '%s' "$rows" | awk -F'|' '{ v = $11 + 0; if (w == "" || v < w) { w = v; s = $2 } } END { printf "%.1fx (%s)", w, s }')"
    echo "Worst CPU / bound: $(printf '%s' "$rows" | awk -F'|' '{ v = $13 + 0; if (w == "" || v > w) { w = v; s = $2 } } END { printf "%.2fx (%s)", w, s }')"
    exit 0
fi

target/release/gen-book "$lines" "$book" 20261020 "$shape" >/dev/null
bytes=$(stat -c %s "$book")

# Each verifier must accept the book before it is timed.
"$bin" verify "$book" | grep -x "chain ok: $lines lines" >/dev/null
(cd "$work" && "$py" -I "$root/tests/py/appendix_b_step4.py") | grep -x "chain ok: $lines lines" >/dev/null

load=$(cut -d' ' -f1-3 /proc/loadavg)
read -r native1_s native1_cpu <<<"$(best_of "$runs" "$bin" verify --threads 1 "$book")"
read -r native_s native_cpu <<<"$(best_of "$runs" "$bin" verify "$book")"
read -r python_s python_cpu <<<"$(best_of "$py_runs" sh -c 'cd "$1" && exec "$2" -I "$3"' sh "$work" "$py" "$root/tests/py/appendix_b_step4.py")"
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
if [ "$wasm" != 0 ]; then
    wasm_json=$(node tests/bench/wasm_bench.mjs "$book" www/pkg "$runs")
    echo "$wasm_json" | grep -q "\"ok\":true,\"lines\":$lines," || { echo "wasm run failed: $wasm_json" >&2; exit 1; }
    read -r wasm_s wasm_cpu <<<"$(echo "$wasm_json" | node -e 'const r = JSON.parse(require("fs").readFileSync(0, "utf8")); console.log((Math.min(...r.ms) / 1000).toFixed(3), r.cpu_s.toFixed(2))')"
fi
# The SHA-256 bound: one core's `openssl speed -evp sha256` rate on 16 KiB blocks, against
# the bytes that must be hashed: the whole book once (its and the prefixes' SHA-256), plus
# each line's seal and link inputs, at most the line twice (so 3x the book, an upper bound).
sha_bps=$(sha_rate)

# Peak RSS of the native verifier against book length.
rss_rows=""
for n in 50000 200000 400000; do
    b="$work/book-$n.jsonl"
    if [ "$n" = "$lines" ]; then b=$book; else target/release/gen-book "$n" "$b" 20261020 "$shape" >/dev/null; fi
    kb=$(/usr/bin/time -f %M "$bin" verify "$b" 2>&1 >/dev/null | tail -1)
    kb1=$(/usr/bin/time -f %M "$bin" verify --threads 1 "$b" 2>&1 >/dev/null | tail -1)
    rss_rows+="| $n | $(awk -v b="$(stat -c %s "$b")" 'BEGIN { printf "%.0f", b / 1048576 }') | $(awk -v k="$kb1" 'BEGIN { printf "%.1f", k / 1024 }') | $(awk -v k="$kb" 'BEGIN { printf "%.1f", k / 1024 }') |"$'\n'
    [ "$b" = "$book" ] || rm -f "$b"
done

rate() { awk -v s="$1" -v l="$lines" -v b="$bytes" 'BEGIN { printf "%.0f lines/s, %.1f MB/s", l / s, b / s / 1e6 }'; }
ratio() { awk -v p="$1" -v s="$2" 'BEGIN { printf "%.1fx", p / s }'; }
cat <<REPORT
Book: $lines lines, $bytes bytes ($(awk -v b="$bytes" -v l="$lines" 'BEGIN { printf "%.0f", b / l }') B/line), machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')

Load average before the timed runs: $load; after the native and Python runs: $load_after

| verifier | best wall (s) | wall throughput | wall vs Python | best CPU (s) | CPU vs Python |
|---|---|---|---|---|---|
| Appendix B step 4 script, $("$py" --version 2>&1) (best of $py_runs) | $python_s | $(rate "$python_s") | 1.0x | $python_cpu | 1.0x |
| native \`sealbook verify --threads 1\` (best of $runs) | $native1_s | $(rate "$native1_s") | $(ratio "$python_s" "$native1_s") | $native1_cpu | $(ratio "$python_cpu" "$native1_cpu") |
| native \`sealbook verify\`, every core ($(nproc) threads, best of $runs) | $native_s | $(rate "$native_s") | $(ratio "$python_s" "$native_s") | $native_cpu | $(ratio "$python_cpu" "$native_cpu") |
$([ "$wasm" = 0 ] || echo "| wasm \`verify_book\` in headless $(/usr/bin/chromium --version 2>/dev/null | head -1 | cut -d' ' -f1-2) (best of $runs) | $wasm_s | $(rate "$wasm_s") | $(ratio "$python_s" "$wasm_s") | $wasm_cpu (mean) | $(ratio "$python_cpu" "$wasm_cpu") |")

SHA-256 bound: \`openssl speed -evp sha256\` (16 KiB blocks, one core) $(awk -v r="$sha_bps" 'BEGIN { printf "%.0f MB/s", r / 1e6 }'); hashing 3x the book
(an upper bound on the bytes hashed) takes $(awk -v r="$sha_bps" -v b="$bytes" 'BEGIN { printf "%.3f", 3 * b / r }') s of one core. Native CPU time per core-second of that
bound: one thread $(awk -v r="$sha_bps" -v b="$bytes" -v c="$native1_cpu" 'BEGIN { printf "%.2fx", c / (3 * b / r) }'), every core $(awk -v r="$sha_bps" -v b="$bytes" -v c="$native_cpu" 'BEGIN { printf "%.2fx", c / (3 * b / r) }') (CPU time summed over the threads).

Native peak memory (max RSS, /usr/bin/time):

| lines | book MB | max RSS MB, 1 thread | max RSS MB, every core |
|---|---|---|---|
${rss_rows}
REPORT
