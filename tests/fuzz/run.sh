#!/usr/bin/env bash
# The fuzz targets of sealbook-core (every [[bin]] of tests/fuzz/Cargo.toml), in one of two modes.
#
#   replay (the default; what the test command and CI run): every target executes, once each,
#     the committed seeds (tests/fuzz/seeds/<target>/), every crash ever found
#     (tests/fuzz/regressions/<target>/) and, for ots, tsp, rekor, rekor_bundle, prices, daily,
#     crowd_feed, answer and wire, the matching files of ../shared/vectors. No random input: the same tree gives the
#     same answer on every run, so a submission is never failed by a find that its change did not
#     cause. Takes seconds once the targets are built.
#   explore: time-bounded libFuzzer runs that mutate those inputs (SEALBOOK_FUZZ_SECONDS each).
#     Run it before a change lands on the targets the change touches (tests/fuzz/explore.sh picks
#     them), and on a longer schedule over all of them. A crash is copied into
#     tests/fuzz/regressions/<target>/ to be committed, with a unit test that fails without the fix.
#
#   SEALBOOK_FUZZ_MODE      replay|explore (default replay)
#   SEALBOOK_FUZZ_SECONDS   explore: time per target (default 45)
#   SEALBOOK_FUZZ_TARGETS   targets to run (default: every [[bin]] of tests/fuzz/Cargo.toml)
#   SEALBOOK_FUZZ_SANITIZER address|none (default none: core has no unsafe code, and
#                           without ASan libFuzzer runs several times more inputs)
# Exits non-zero if a target crashes (explore also leaves the input in tests/fuzz/artifacts/).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cargo_fuzz_version=0.13.2
mode=${SEALBOOK_FUZZ_MODE:-replay}
seconds=${SEALBOOK_FUZZ_SECONDS:-45}
# Every target declared in Cargo.toml: adding one there adds it here.
all_targets=$(sed -n 's/^name = "\([a-z_]*\)"$/\1/p' "$here/Cargo.toml" | tr '\n' ' ')
targets=${SEALBOOK_FUZZ_TARGETS:-$all_targets}
sanitizer=${SEALBOOK_FUZZ_SANITIZER:-none}
case "$mode" in
    replay | explore) ;;
    *) echo "fuzz: SEALBOOK_FUZZ_MODE is replay or explore, not $mode" >&2; exit 2 ;;
esac

if ! cargo fuzz --version 2>/dev/null | grep -q " $cargo_fuzz_version\$"; then
    echo "fuzz: installing cargo-fuzz $cargo_fuzz_version"
    # --locked can fail when a locked dependency is missing from the registry (TOOLCHAIN.md).
    cargo install cargo-fuzz --version "=$cargo_fuzz_version" --locked ||
        cargo install cargo-fuzz --version "=$cargo_fuzz_version"
fi

# cargo-fuzz passes -Z flags (sanitizer coverage); the machine has only a stable rustc, which
# accepts them when told it is bootstrapping itself. Scoped to this script's cargo calls.
export RUSTC_BOOTSTRAP=1

# The real files of ../shared/vectors that seed `target`, copied into the uncommitted corpus
# (the vectors stay outside the repository).
vector_seeds() {
    local target=$1 corpus=$2 vectors="$root/../shared/vectors" dirs names
    case "$target" in
        ots) dirs=("$vectors/ots" "$vectors/ots-calendar"); names=(-name '*.ots' -o -name '*.timestamp' -o -name '*.header.hex') ;;
        tsp) dirs=("$vectors/tsa"); names=(-name '*.tsr' -o -name '*.tst' -o -name '*.p7s' -o -name '*.tsq' -o -name '*.der' -o -name '*.pem') ;;
        rekor) dirs=("$vectors/rekor"); names=(-name '*.json') ;;
        rekor_bundle) dirs=("$vectors/sigstore-bundles"); names=(-name '*.json') ;;
        prices) dirs=("$vectors/yahoo"); names=(-name '*.json') ;;
        daily) dirs=("$vectors/prices-history/daily"); names=(-name '*.csv') ;;
        crowd_feed) dirs=("$vectors/polymarket" "$vectors/kalshi"); names=(-name '*.json') ;;
        answer) dirs=("$vectors/llm-apis"); names=(-name '*.json' -o -name '*.yaml' -o -name '*.txt') ;;
        wire) dirs=("$vectors/llm-apis/gemini"); names=(-name '*.json' -o -name '*.txt') ;;
        *) return 0 ;;
    esac
    [ -d "$vectors" ] || return 0
    find "${dirs[@]}" -type f \( "${names[@]}" \) -size -64k |
        while read -r f; do install -m 644 "$f" "$corpus/vector-$(sha256sum "$f" | cut -c1-16)"; done
}

cd "$root"
# Replay: one build of every target first (the replay's cost is almost all build); explore
# builds each target as it runs it.
if [ "$mode" = replay ]; then
    cargo fuzz build --fuzz-dir tests/fuzz -s "$sanitizer"
fi
found=0
for target in $targets; do
    corpus="$here/corpus/$target"
    mkdir -p "$corpus"
    vector_seeds "$target" "$corpus"
    inputs=("$corpus" "$here/seeds/$target")
    [ -d "$here/regressions/$target" ] && inputs+=("$here/regressions/$target")
    if [ "$mode" = replay ]; then
        echo "fuzz: $target, replaying $(find "${inputs[@]}" -type f | wc -l) inputs"
        # -runs=0: execute every input of the corpus once, mutate nothing.
        cargo fuzz run --fuzz-dir tests/fuzz -s "$sanitizer" "$target" "${inputs[@]}" -- \
            -runs=0 -max_len=65536 -rss_limit_mb=2048 -timeout=10
        continue
    fi
    echo "fuzz: $target for ${seconds}s"
    if ! cargo fuzz run --fuzz-dir tests/fuzz -s "$sanitizer" "$target" "${inputs[@]}" -- \
        -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 -timeout=10 -print_final_stats=1; then
        mkdir -p "$here/regressions/$target"
        for crash in "$here/artifacts/$target"/*; do
            [ -f "$crash" ] || continue
            cp "$crash" "$here/regressions/$target/$(basename "$crash")"
            echo "fuzz: $target crashed on $crash; kept as tests/fuzz/regressions/$target/$(basename "$crash") (commit it with a unit test that fails without the fix)" >&2
        done
        found=1
    fi
done
if [ "$found" -ne 0 ]; then
    exit 1
fi
if [ "$mode" = replay ]; then
    echo "fuzz: every seed, regression and vector input ran without a crash in $targets"
else
    echo "fuzz: no crash in $targets (${seconds}s each)"
fi
