#!/usr/bin/env bash
# THE test command: installs what is missing, builds the release binary and the wasm bundle,
# then runs every test suite. A failed build stops the run; a failed suite is reported and the
# other suites still run; any failure makes the exit status non-zero.
# Usage: bash tests/run-all.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
export SEALBOOK_BIN="${SEALBOOK_BIN:-${CARGO_TARGET_DIR:-$root/target}/release/sealbook}"
case "$SEALBOOK_BIN" in /*) ;; *) SEALBOOK_BIN="$root/$SEALBOOK_BIN" ;; esac

start=$SECONDS
t0=$SECONDS
current=
section() {
  if [ -n "$current" ]; then printf '==== %s: done in %ds\n' "$current" $((SECONDS - t0)); fi
  current=$1
  t0=$SECONDS
  printf '\n==== %s ====\n' "$1"
}

failures=()
# Runs one test suite; a failure is recorded, not fatal.
suite() {
  local name=$1
  shift
  section "$name"
  if ! "$@"; then
    printf '==== %s: FAILED\n' "$name"
    failures+=("$name")
  fi
}

passed=0 failed=0 ignored=0
cargo_log=$(mktemp)
trap 'rm -f "$cargo_log"' EXIT
cargo_tests() {
  # sealbook-bundle is a build tool without tests; leaving it out saves a debug build of wasm-bindgen.
  cargo test --workspace --exclude sealbook-bundle --no-fail-fast 2>&1 | tee "$cargo_log"
  local rc=${PIPESTATUS[0]}
  # Totals over every test binary and doc-test run ("test result: ok. N passed; M failed; K ignored").
  read -r passed failed ignored < <(awk '/^test result:/ {
    for (i = 2; i <= NF; i++) { if ($i == "passed;") p += $(i-1); if ($i == "failed;") f += $(i-1); if ($i == "ignored;") s += $(i-1) }
  } END { print p + 0, f + 0, s + 0 }' "$cargo_log")
  [ "$rc" -eq 0 ] || return "$rc"
  if [ "$passed" -eq 0 ]; then
    echo "run-all: cargo test ran no test" >&2
    return 1
  fi
}

# Formatting: the workspace and the fuzz crate (outside the workspace) are rustfmt-formatted.
fmt_check() {
  cargo fmt --all --check && cargo fmt --manifest-path tests/fuzz/Cargo.toml --all --check
}

section "setup (tests/setup.sh)"
bash tests/setup.sh

suite "cargo fmt --check" fmt_check
# Lints, with core/clippy.toml's disallowed transcendental functions (native/wasm equality).
suite "cargo clippy -D warnings" cargo clippy --workspace --all-targets -- -D warnings

section "build: release sealbook"
cargo build --release -p sealbook-server
# The browser tests' fixture league writer.
cargo build --release -p sealbook-tests --bin demo-fixture

section "build: wasm bundle (www/pkg)"
cargo run --release -p sealbook-bundle

suite "cargo test --workspace" cargo_tests
if [ -f tests/e2e/run.sh ]; then
  suite "browser end-to-end (tests/e2e/run.sh)" bash tests/e2e/run.sh
fi

section "summary"
if [ ${#failures[@]} -gt 0 ]; then
  printf 'FAILED suite: %s\n' "${failures[@]}"
  printf 'run-all failed after %ds\n' $((SECONDS - start))
  printf 'cargo: %d passed, %d failed, %d skipped\n' "$passed" "$failed" "$ignored"
  exit 1
fi
printf 'all test suites passed in %ds\n' $((SECONDS - start))
printf 'cargo: %d passed, %d failed, %d skipped\n' "$passed" "$failed" "$ignored"
