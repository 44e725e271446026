#!/usr/bin/env bash
# Bounded libFuzzer runs of sealbook-core's fuzz targets (every [[bin]] of tests/fuzz/Cargo.toml),
# each starting from the seed corpus committed under tests/fuzz/seeds/<target>/ (for ots, tsp,
# rekor, prices and crowd_feed, also the matching files of ../shared/vectors, copied into the
# uncommitted corpus at run time).
# Exits non-zero if a target crashes (the input is left in tests/fuzz/artifacts/<target>/).
#
#   SEALBOOK_FUZZ_SECONDS   time per target (default 45)
#   SEALBOOK_FUZZ_TARGETS   targets to run (default: every [[bin]] of tests/fuzz/Cargo.toml)
#   SEALBOOK_FUZZ_SANITIZER address|none (default none: core has no unsafe code, and
#                           without ASan libFuzzer runs several times more inputs)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cargo_fuzz_version=0.13.2
seconds=${SEALBOOK_FUZZ_SECONDS:-45}
# Every target declared in Cargo.toml: adding one there adds it here.
all_targets=$(sed -n 's/^name = "\([a-z_]*\)"$/\1/p' "$here/Cargo.toml" | tr '\n' ' ')
targets=${SEALBOOK_FUZZ_TARGETS:-$all_targets}
sanitizer=${SEALBOOK_FUZZ_SANITIZER:-none}

if ! cargo fuzz --version 2>/dev/null | grep -q " $cargo_fuzz_version\$"; then
    echo "fuzz: installing cargo-fuzz $cargo_fuzz_version"
    # --locked can fail when a locked dependency is missing from the registry (TOOLCHAIN.md).
    cargo install cargo-fuzz --version "=$cargo_fuzz_version" --locked ||
        cargo install cargo-fuzz --version "=$cargo_fuzz_version"
fi

# cargo-fuzz passes -Z flags (sanitizer coverage); the machine has only a stable rustc, which
# accepts them when told it is bootstrapping itself. Scoped to this script's cargo calls.
export RUSTC_BOOTSTRAP=1

cd "$root"
for target in $targets; do
    corpus="$here/corpus/$target"
    mkdir -p "$corpus"
    # Real files as extra seeds; the vectors stay outside the repository.
    vectors="$root/../shared/vectors"
    case "$target" in
        ots) dirs=("$vectors/ots" "$vectors/ots-calendar"); names=(-name '*.ots' -o -name '*.timestamp' -o -name '*.header.hex') ;;
        tsp) dirs=("$vectors/tsa"); names=(-name '*.tsr' -o -name '*.tst' -o -name '*.p7s' -o -name '*.tsq' -o -name '*.der' -o -name '*.pem') ;;
        rekor) dirs=("$vectors/rekor"); names=(-name '*.json') ;;
        prices) dirs=("$vectors/yahoo"); names=(-name '*.json') ;;
        crowd_feed) dirs=("$vectors/polymarket" "$vectors/kalshi"); names=(-name '*.json') ;;
        answer) dirs=("$vectors/llm-apis"); names=(-name '*.json' -o -name '*.yaml' -o -name '*.txt') ;;
        wire) dirs=("$vectors/llm-apis/gemini"); names=(-name '*.json' -o -name '*.txt') ;;
        *) dirs=() ;;
    esac
    if [ ${#dirs[@]} -gt 0 ] && [ -d "$vectors" ]; then
        find "${dirs[@]}" -type f \( "${names[@]}" \) -size -64k |
            while read -r f; do install -m 644 "$f" "$corpus/vector-$(sha256sum "$f" | cut -c1-16)"; done
    fi
    echo "fuzz: $target for ${seconds}s"
    cargo fuzz run --fuzz-dir tests/fuzz -s "$sanitizer" "$target" "$corpus" "$here/seeds/$target" -- \
        -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 -timeout=10 -print_final_stats=1
done
echo "fuzz: no crash in $targets (${seconds}s each)"
