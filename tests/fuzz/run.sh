#!/usr/bin/env bash
# The fuzz targets of sealbook-core (every [[bin]] of tests/fuzz/Cargo.toml, each the libFuzzer
# entry of a property in tests/fuzz-checks), in one of two modes.
#
#   replay (the default): every target's property runs, once each, on the committed seeds
#     (tests/fuzz/seeds/<target>/), every crash ever found (tests/fuzz/regressions/<target>/)
#     and the files of ../shared/vectors that tests/fuzz/vector_seeds.txt names for it. This is
#     `cargo test -p sealbook-fuzz-checks` (tests/fuzz-checks/tests/replay.rs), which the test
#     command runs with the workspace: no random input, no cargo-fuzz, no sanitizer build; the
#     same tree gives the same answer on every run, so a submission is never failed by a find
#     that its change did not cause.
#   explore: time-bounded libFuzzer runs that mutate those inputs (SEALBOOK_FUZZ_SECONDS each).
#     Run it before a change lands on the targets the change touches (tests/fuzz/explore.sh picks
#     them), and on a longer schedule over all of them. A crash is copied into
#     tests/fuzz/regressions/<target>/ to be committed, with a unit test that fails without the fix.
#
#   SEALBOOK_FUZZ_MODE      replay|explore (default replay)
#   SEALBOOK_FUZZ_SECONDS   explore: time per target (default 45)
#   SEALBOOK_FUZZ_TARGETS   explore: targets to run (default: every [[bin]] of tests/fuzz/Cargo.toml)
#   SEALBOOK_FUZZ_SANITIZER explore: address|none (default none: core has no unsafe code, and
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
    replay) cd "$root" && exec cargo test -p sealbook-fuzz-checks ;;
    explore) ;;
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

# The real files of ../shared/vectors that seed `target` (tests/fuzz/vector_seeds.txt), copied
# into the uncommitted corpus (the vectors stay outside the repository).
vector_seeds() {
    local target=$1 corpus=$2 vectors="$root/../shared/vectors" t folder suffixes s f
    [ -d "$vectors" ] || return 0
    while read -r t folder suffixes; do
        case "$t" in '' | '#'*) continue ;; esac
        [ "$t" = "$target" ] || continue
        local names=()
        IFS=, read -ra s <<<"$suffixes"
        for f in "${s[@]}"; do names+=(${names:+-o} -name "*$f"); done
        find "$vectors/$folder" -type f \( "${names[@]}" \) -size -65536c |
            while read -r f; do install -m 644 "$f" "$corpus/vector-$(sha256sum "$f" | cut -c1-16)"; done
    done <"$here/vector_seeds.txt"
}

cd "$root"
found=0
for target in $targets; do
    corpus="$here/corpus/$target"
    mkdir -p "$corpus"
    vector_seeds "$target" "$corpus"
    inputs=("$corpus" "$here/seeds/$target")
    [ -d "$here/regressions/$target" ] && inputs+=("$here/regressions/$target")
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
echo "fuzz: no crash in $targets (${seconds}s each)"
