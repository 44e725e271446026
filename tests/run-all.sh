#!/usr/bin/env bash
# THE test command: installs what is missing, builds the release binary and the wasm bundle,
# then runs every test suite. Any failure fails the run. Usage: bash tests/run-all.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
export SEALBOOK_BIN="${SEALBOOK_BIN:-${CARGO_TARGET_DIR:-$root/target}/release/sealbook}"
case "$SEALBOOK_BIN" in /*) ;; *) SEALBOOK_BIN="$root/$SEALBOOK_BIN" ;; esac

start=$SECONDS
t0=$SECONDS
section() {
  if [ -n "${current:-}" ]; then printf '==== %s: done in %ds\n' "$current" $((SECONDS - t0)); fi
  current=$1
  t0=$SECONDS
  printf '\n==== %s ====\n' "$1"
}

section "setup (tests/setup.sh)"
bash tests/setup.sh

section "build: release sealbook"
cargo build --release -p sealbook-server

section "build: wasm bundle (www/pkg)"
cargo run --release -p sealbook-bundle

section "cargo test --workspace"
# sealbook-bundle is a build tool without tests; leaving it out saves a debug build of wasm-bindgen.
cargo test --workspace --exclude sealbook-bundle

if [ -f tests/e2e/run.sh ]; then
  section "browser end-to-end (tests/e2e/run.sh)"
  bash tests/e2e/run.sh
fi

if [ -f tests/fuzz/run.sh ]; then
  section "fuzz (tests/fuzz/run.sh)"
  bash tests/fuzz/run.sh
fi

section "summary"
printf 'all test suites passed in %ds\n' $((SECONDS - start))
