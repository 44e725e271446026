#!/usr/bin/env bash
# OpenTimestamps benchmark (BENCHMARKS.md, "OpenTimestamps proofs"): parse + list every attestation
# for a 255-operation chain and a wide fork tree (150,000 Bitcoin attestations and 50,000
# appends on one message), sealbook-core (release build) vs python-opentimestamps
# (DetachedTimestampFile.deserialize + all_attestations) on the same bytes, in the same run.
# Best of N runs each; prints a Markdown table with the ratios.
#
#   SEALBOOK_PYTHON   the interpreter with python-opentimestamps (default .venv/bin/python)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
py=${SEALBOOK_PYTHON:-.venv/bin/python}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

cargo run --release -q -p sealbook-tests --bin ots_bench -- "$dir" > "$dir/rust.jsonl"
"$py" -I tests/py/ots_bench.py 200 "$dir/chain255.ots" > "$dir/python.jsonl"
"$py" -I tests/py/ots_bench.py 3 "$dir/wide_fork.ots" >> "$dir/python.jsonl"

"$py" -I - "$dir/rust.jsonl" "$dir/python.jsonl" <<'PY'
import json, sys
rust = [json.loads(l) for l in open(sys.argv[1])]
python = {json.loads(l)["path"]: json.loads(l) for l in open(sys.argv[2])}
print("| proof | bytes | attestations | sealbook-core | python-opentimestamps | ratio |")
print("|---|---:|---:|---:|---:|---:|")
for r in rust:
    p = python[r["path"]]
    assert p["attestations"] == r["attestations"], (r, p)
    print("| %s | %d | %d | %.3f ms | %.3f ms | %.0fx |" % (
        r["name"], r["bytes"], r["attestations"], r["best_seconds"] * 1e3, p["best_seconds"] * 1e3,
        p["best_seconds"] / r["best_seconds"]))
PY
