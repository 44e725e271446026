#!/usr/bin/env bash
# Exploratory fuzzing before a change lands: the time-bounded libFuzzer runs of tests/fuzz/run.sh
# (explore mode) on the targets whose code the change touches.
#
#   bash tests/fuzz/explore.sh            every target
#   bash tests/fuzz/explore.sh REV        the targets touched since REV (e.g. origin's main)
#
# A target is touched when its property (tests/fuzz-checks/src/<target>.rs) changed, or a
# changed file of core/src is a module it names (`sealbook_core::a::b` names core/src/a/b.rs,
# core/src/a/b/*, and core/src/a.rs): a reading of its imports, not of every call, so a wide
# change (book/canon, text.rs) is worth a run over every target. SEALBOOK_FUZZ_SECONDS sets the time per target (default 45).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root"
all=$(sed -n 's/^name = "\([a-z_]*\)"$/\1/p' "$here/Cargo.toml")
if [ $# -eq 0 ]; then
    picked=$all
else
    changed=$(git diff --name-only "$1" -- core/src tests/fuzz-checks/src)
    picked=
    for target in $all; do
        src="$here/../fuzz-checks/src/$target.rs"
        uses=$(grep -o 'sealbook_core::[a-z_]*\(::[a-z_]*\)\?' "$src" | sed 's/^sealbook_core:://' | sort -u)
        hit=
        for file in $changed; do
            [ "$file" = "tests/fuzz-checks/src/$target.rs" ] && hit=1
            case "$file" in core/src/*.rs) ;; *) continue ;; esac
            module=${file#core/src/}
            module=${module%.rs}
            module=${module%/mod}
            module=${module//\//::}
            for use in $uses; do
                # The file is the named module, inside it, or the parent module it is declared in.
                case "$module" in "$use" | "$use"::* | "${use%%::*}") hit=1 ;; esac
            done
        done
        [ -n "$hit" ] && picked="$picked $target"
    done
fi
if [ -z "${picked// /}" ]; then
    echo "fuzz: no target touched since $1"
    exit 0
fi
echo "fuzz: exploring$(printf ' %s' $picked)"
SEALBOOK_FUZZ_MODE=explore SEALBOOK_FUZZ_TARGETS="$(echo $picked)" exec bash "$here/run.sh"
