#!/usr/bin/env bash
# journal import over the real export files in ../shared/samples/import (when they are there):
# every file imports, the journal then builds with --strict, and a second import writes nothing.
set -euo pipefail
cd "$(dirname "$0")/../.."
journal=${1:-$PWD/.build/debug/journal}
samples=$PWD/../shared/samples/import
if [ ! -d "$samples" ]; then
    echo "skipped: no $samples (the shared samples are not beside this clone)"
    exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$journal" init "$work/j" >/dev/null
cd "$work/j"
files=("$samples"/*.json "$samples"/*.jsonl "$samples"/*.zip "$samples"/*.log)
"$journal" import --since 2000-01-01 "${files[@]}" | tee "$work/first.txt"
grep -q " days written, 0 already in the journal" "$work/first.txt" || { echo "FAIL: the first import wrote no days"; exit 1; }
"$journal" build --strict --quiet
days=$(find content/diary -name '*.md' | wc -l)
pages=$(find public -path '*/[0-9][0-9][0-9][0-9]/[0-9][0-9]/[0-9][0-9]/index.html' | wc -l)
[ "$days" -eq "$pages" ] || { echo "FAIL: $days day files but $pages day pages"; exit 1; }
"$journal" import "${files[@]}" | tee "$work/second.txt"
grep -q "^0 days written," "$work/second.txt" || { echo "FAIL: a second import wrote days"; exit 1; }
echo "ok: $days days from $(( ${#files[@]} )) sample files, built, and a second import wrote nothing"
