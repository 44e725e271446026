#!/usr/bin/env bash
# Headless Chromium end-to-end tests of the verifier page (node's test runner + playwright-core).
# Needs, built beforehand: the release `sealbook` binary ($SEALBOOK_BIN, default
# target/release/sealbook), the fixture writer ($DEMO_FIXTURE_BIN, default target/release/demo-fixture) and the wasm bundle in www/pkg (cargo run --release -p sealbook-bundle).
# Installs its npm packages (npm ci) if missing; builds nothing else.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
# Cargo's target directory, as cargo itself chooses it ($CARGO_TARGET_DIR, else target/).
target="${CARGO_TARGET_DIR:-$repo/target}"
case "$target" in /*) ;; *) target="$repo/$target" ;; esac
SEALBOOK_BIN="${SEALBOOK_BIN:-$target/release/sealbook}"
case "$SEALBOOK_BIN" in /*) ;; *) SEALBOOK_BIN="$PWD/$SEALBOOK_BIN" ;; esac # the tests run in tests/e2e
export SEALBOOK_BIN
DEMO_FIXTURE_BIN="${DEMO_FIXTURE_BIN:-$target/release/demo-fixture}"
case "$DEMO_FIXTURE_BIN" in /*) ;; *) DEMO_FIXTURE_BIN="$PWD/$DEMO_FIXTURE_BIN" ;; esac
export DEMO_FIXTURE_BIN
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"

fail() { echo "tests/e2e: $*" >&2; exit 1; }
[ -x "$SEALBOOK_BIN" ] || fail "no sealbook binary at $SEALBOOK_BIN; build it: cargo build --release -p sealbook-server (or set SEALBOOK_BIN)"
[ -x "$DEMO_FIXTURE_BIN" ] || fail "no fixture writer at $DEMO_FIXTURE_BIN; build it: cargo build --release -p sealbook-tests --bin demo-fixture (or set DEMO_FIXTURE_BIN)"
# Each wasm's stable entry module and the content-hashed wasm it leads to.
for b in verify verify_chain verify_worker scores accounts experiment; do
  [ -f "$repo/www/pkg/$b.js" ] && compgen -G "$repo/www/pkg/${b}_bg-*.wasm" >/dev/null ||
    fail "the bundle in www/pkg is missing or stale (no $b.js); build it: cargo run --release -p sealbook-bundle"
done
[ -x "$CHROMIUM" ] || fail "no Chromium at $CHROMIUM; install it: apt-get install -y chromium chromium-driver"
command -v node >/dev/null || fail "node is not installed"
command -v python3 >/dev/null || [ -n "${PYTHON:-}" ] || fail "python3 is not installed (the fixtures are written by CPython)"

cd "$here"
if [ ! -d node_modules/playwright-core ]; then
  npm ci --no-audit --no-fund
fi
exec node --test --test-concurrency=1 verifier.test.mjs ots.test.mjs signed_time.test.mjs scores.test.mjs accounts.test.mjs league.test.mjs answers.test.mjs league_drop.test.mjs headers.test.mjs experiment.test.mjs proof_page.test.mjs i18n.test.mjs verdict.test.mjs timeline.test.mjs report.test.mjs
