#!/usr/bin/env bash
# The fuzz gate (Fuzz/README.md, "In CI"): builds the libFuzzer targets, replays every saved input
# of Fuzz/crashes/ (each a bug found once: none may crash again), then fuzzes what the music
# services answer (LookupFuzz) for FUZZ_GATE_SECONDS from its seeds. Any crash, hang, leak or
# broken invariant fails the gate, and the input is printed (hex) so it can be saved from the log.
#
# Nothing is written in the work tree but the git-ignored build folder (Fuzz/.build-fuzz): the
# corpus the run grows and what it finds go to a temporary folder, removed at the end; the
# machine's Fuzz/corpus/ is neither read nor written.
#
# Environment: FUZZ_GATE_SECONDS (default 90), FUZZ_GATE_TARGETS (whose crashes are replayed;
# default every target), and fuzz.sh's own (FUZZ_SANITIZE, FUZZ_CMARK, FUZZ_BUILD_DIR, FUZZ_NICE: 15).
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${FUZZ_GATE_SECONDS:-90}
targets=(${FUZZ_GATE_TARGETS:-ServeFuzz FrontMatterFuzz MarkdownFuzz TemplateFuzz ImportFuzz LookupFuzz})
# cmark-gfm as the system has it: fetching and compiling its source would double the build, and
# LookupFuzz never reaches it. AddressSanitizer stays on.
export FUZZ_CMARK=${FUZZ_CMARK:-system}
export FUZZ_SANITIZE=${FUZZ_SANITIZE:-fuzzer,address}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
started=$SECONDS

echo "-- building ${targets[*]} (fuzzer,address; cmark-gfm: $FUZZ_CMARK)"
Fuzz/fuzz.sh build "${targets[@]}"
echo "built in $((SECONDS - started)) s"

show_input() { # FILE
    echo "input ($(wc -c <"$1") bytes, hex):"
    head -c 4096 "$1" | od -An -tx1 -v | tr -d ' \n' | fold -w 128
    echo
}

failed=0
echo "-- replaying Fuzz/crashes/ (saved crashes, hangs and reproducers)"
for target in "${targets[@]}"; do
    inputs=()
    for file in Fuzz/crashes/"$target"/*; do
        # Reports kept beside a reproducer (*.txt) are not inputs.
        [ -f "$file" ] && [ "${file%.txt}" = "$file" ] && inputs+=("$file")
    done
    [ "${#inputs[@]}" -gt 0 ] || continue
    for file in "${inputs[@]}"; do
        # A hang must stay found on a busy machine without a slow input failing CI: 30 s each.
        # (A crash would be written to the current folder: to the temporary one instead.)
        if ! Fuzz/fuzz.sh repro "$target" -timeout=30 -artifact_prefix="$work/" "$file" >"$work/replay.log" 2>&1; then
            echo "FAIL $target crashes again on $file:"
            tail -n 60 "$work/replay.log"
            failed=1
        fi
    done
    echo "$target: ${#inputs[@]} saved inputs replayed"
done

echo "-- fuzzing LookupFuzz for ${seconds} s from Fuzz/seeds/LookupFuzz"
mkdir -p "$work/corpus" "$work/crashes"
if FUZZ_CORPUS_ROOT="$work/corpus" FUZZ_CRASHES_ROOT="$work/crashes" \
    Fuzz/fuzz.sh LookupFuzz "$seconds" >"$work/fuzz.log" 2>&1; then
    grep -E '^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss_mb)' "$work/fuzz.log" || true
    echo "LookupFuzz: no finding"
else
    echo "FAIL LookupFuzz found a problem:"
    tail -n 80 "$work/fuzz.log"
    for file in "$work"/crashes/LookupFuzz/*; do
        [ -f "$file" ] || continue
        echo "saved as $(basename "$file"); to keep it: put these bytes in Fuzz/crashes/LookupFuzz/ and fix the bug"
        show_input "$file"
    done
    failed=1
fi

echo "fuzz gate: $((SECONDS - started)) s"
exit "$failed"
