#!/usr/bin/env bash
# Season benchmark (not part of CI). In one run, on one deterministically
# generated full season (126 sessions x 11 seats x 12 markets x 4 horizons = 66,528 rows,
# tests/py/season.py gen, seed 7): native `sealbook score --json` (release; the whole stats
# document: every seat/consensus figure with its interval - session-cluster bootstraps of
# 10,000 resamples, Newey-West, clustered logit fits - the grid, N_eff rows and the primary
# endpoint) against the equivalent numpy script (tests/py/season.py peer: Brier per seat and
# horizon, N_eff rows, and the primary endpoint - moving blocks of 5, 10,000 resamples,
# default_rng(20261102) - only). The two must agree on the primary endpoint before timing.
# Then the primary-endpoint bootstrap alone on both sides (tests/bench/endpoint_bench.rs).
#
#   bash tests/bench/season.sh
#   SEALBOOK_BENCH_RUNS=3     best-of runs for each side
#   SEALBOOK_BIN              native binary (default target/release/sealbook)
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
runs=${SEALBOOK_BENCH_RUNS:-3}
py=${SEALBOOK_PYTHON:-$root/.venv/bin/python}
[ -x "$py" ] || py=python3
bin=${SEALBOOK_BIN:-$root/target/release/sealbook}

cargo build --release -q -p sealbook-server -p sealbook-tests --bin sealbook --bin endpoint-bench
[ -x /usr/bin/time ] || { echo "need /usr/bin/time (apt-get install time)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$py" -I tests/py/season.py gen "$work" >/dev/null
csv="$work/council-forecasts.csv"
clim="$work/council-clim-window.json"
rows=$(($(wc -l <"$csv") - 1))

# best_of N CMD...: the fastest wall time and the smallest CPU time (user + sys), seconds.
best_of() {
    local n=$1 wall="" cpu="" w c
    shift
    for _ in $(seq "$n"); do
        /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" >"$work/out"
        read -r w c <<<"$(awk '{ printf "%s %.2f", $1, $2 + $3 }' "$work/time")"
        wall=$(awk -v a="$wall" -v b="$w" 'BEGIN { print (a == "" || b < a) ? b : a }')
        cpu=$(awk -v a="$cpu" -v b="$c" 'BEGIN { print (a == "" || b < a) ? b : a }')
    done
    echo "$wall $cpu"
}

load=$(cut -d' ' -f1-3 /proc/loadavg)
read -r native_s native_cpu <<<"$(best_of "$runs" "$bin" score --forecasts "$csv" --clim "$clim" --json)"
cp "$work/out" "$work/native.json"
read -r neff_s neff_cpu <<<"$(best_of "$runs" "$bin" neff --forecasts "$csv" --json)"
read -r python_s python_cpu <<<"$(best_of "$runs" "$py" -I tests/py/season.py peer "$csv" "$clim")"
cp "$work/out" "$work/peer.json"

# Both sides must read the season the same way before their times mean anything.
summary=$("$py" -I - "$work/native.json" "$work/peer.json" <<'PY'
import json, sys
o, p = (json.load(open(f)) for f in sys.argv[1:3])
a, b = o["primary_endpoint"], p["primary_endpoint"]
assert a["sessions"] == b["sessions"] == 116 and a["verdict"] == b["verdict"], (a, b)
for k in ("ci95", "ci90"):
    assert all(abs(x - y) <= 1e-12 for x, y in zip(a[k], b[k])), (k, a[k], b[k])
assert abs(a["estimate"] - b["estimate"]) <= 1e-12
assert len(o["n_eff"]) == len(p["n_eff"]) == 126 * 4
assert all(o["seats"][s][h]["brier"] == e["brier"] for s, hs in p["seats"].items() for h, e in hs.items())
s = p["seconds"]
print(f'{a["estimate"]:.5f} [{a["ci95"][0]:.5f}, {a["ci95"][1]:.5f}] {a["verdict"]}|{s["read"]:.2f}|{s["figures"]:.2f}|{s["primary_bootstrap"]:.3f}|{s["primary_bootstrap_cpu"]:.3f}')
PY
)
IFS='|' read -r endpoint py_read py_figures py_boot py_boot_cpu <<<"$summary"
native_boot=$(target/release/endpoint-bench "$work/native.json" 5)

ratio() { awk -v p="$1" -v s="$2" 'BEGIN { printf "%.1fx", p / s }'; }
cat <<REPORT
Season: $rows rows ($(stat -c %s "$csv") bytes), machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')
Primary endpoint (both sides agree): $endpoint over 116 sessions (11-126)

Load average before the timed runs: $load

| run (best of $runs) | wall (s) | CPU (s) | wall vs numpy | CPU vs numpy |
|---|---|---|---|---|
| numpy script, $("$py" --version 2>&1), numpy $("$py" -c 'import numpy; print(numpy.__version__)'): Brier table, N_eff rows, primary endpoint | $python_s | $python_cpu | 1.0x | 1.0x |
| native \`sealbook score --json\`: the whole stats document | $native_s | $native_cpu | $(ratio "$python_s" "$native_s") | $(ratio "$python_cpu" "$native_cpu") |
| native \`sealbook neff --json\`: the N_eff rows | $neff_s | $neff_cpu | - | - |

The primary-endpoint bootstrap alone (116 session gains, 10,000 moving-block resamples): numpy ${py_boot} s wall,
${py_boot_cpu} s CPU (the script's own clocks, last run) vs native ${native_boot} s (tests/bench/endpoint_bench.rs, best of 5, same
gains, interval checked against the document): $(ratio "$py_boot_cpu" "$native_boot") on numpy's CPU time.
Inside the numpy script: read CSV ${py_read} s, Brier + N_eff + gains ${py_figures} s.
REPORT
