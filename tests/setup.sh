#!/usr/bin/env bash
# Installs what building and testing sealbook needs; safe to run again (each step is skipped
# when already done). On a fresh Debian machine run it as root: it apt-installs what is missing.
#   - Debian: chromium + chromium-driver (browser tests), node/npm, openssl, ca-certificates
#     (the system trust store a test verifies against), python3-venv
#   - the Rust wasm32-unknown-unknown standard library (the verifier page's bundle)
#   - the rustfmt and clippy components (run-all checks formatting and lints)
#   - .venv with the Python peers of tests/py/requirements.txt
#   - tests/e2e/node_modules from its package-lock.json (npm ci)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
log() { printf 'setup: %s\n' "$*"; }

# 1. Debian packages: one `apt-get update`, one install, only when something is missing.
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/chromedriver ] || need+=(chromium-driver)
command -v node >/dev/null || need+=(nodejs)
command -v npm >/dev/null || need+=(npm)
command -v openssl >/dev/null || need+=(openssl)
[ -s /etc/ssl/certs/ca-certificates.crt ] || need+=(ca-certificates)
python3 -c 'import venv, ensurepip' 2>/dev/null || need+=(python3-venv)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    log "apt-get install ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${need[@]}" >/dev/null
  else
    log "WARNING: missing ${need[*]}; install them as root (apt-get install ${need[*]}) or the tests that need them fail"
  fi
else
  log "system packages present (chromium, chromedriver, node, npm, openssl, python3 venv)"
fi

# 2. The wasm32 standard library for the page's bundle.
if [ -d "$(rustc --print sysroot)/lib/rustlib/wasm32-unknown-unknown" ]; then
  log "rust target wasm32-unknown-unknown present"
else
  log "rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# 2b. rustfmt and clippy, which run-all.sh runs before the tests.
for component in rustfmt clippy; do
  tool=$component
  [ "$component" = rustfmt ] && tool=fmt
  if cargo "$tool" --version >/dev/null 2>&1; then
    log "rust component $component present"
  else
    log "rustup component add $component"
    rustup component add "$component"
  fi
done

# 3. The Python peers, reinstalled only when tests/py/requirements.txt changes.
req=tests/py/requirements.txt
want=$(sha256sum "$req" | cut -d' ' -f1)
[ -x .venv/bin/python ] || { log "python3 -m venv .venv"; python3 -m venv .venv; }
if [ "$(cat .venv/.requirements.sha256 2>/dev/null)" != "$want" ]; then
  log "pip install -r $req into .venv"
  .venv/bin/python -m pip install --no-input --disable-pip-version-check -q -r "$req"
  echo "$want" > .venv/.requirements.sha256
else
  log ".venv matches $req"
fi

# 4. The browser tests' node packages, reinstalled only when the lock file changes.
lock=tests/e2e/package-lock.json
if [ -f "$lock" ]; then
  want=$(sha256sum "$lock" | cut -d' ' -f1)
  if [ "$(cat tests/e2e/node_modules/.sealbook-lock.sha256 2>/dev/null)" != "$want" ]; then
    log "npm ci in tests/e2e"
    (cd tests/e2e && npm ci --no-audit --no-fund --loglevel=error)
    echo "$want" > tests/e2e/node_modules/.sealbook-lock.sha256
  else
    log "tests/e2e/node_modules matches $lock"
  fi
fi
log "done"
