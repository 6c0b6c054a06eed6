#!/usr/bin/env bash
# journal import over the real export files in Tests/Fixtures/import (other projects' test data,
# see the README there): every file imports, the journal then builds with --strict, and a second
# import writes nothing.
set -euo pipefail
cd "$(dirname "$0")/../.."
journal=${1:-$PWD/.build/debug/journal}
samples=$PWD/Tests/Fixtures/import
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
# The same exports saved as UTF-16LE with a byte-order mark (Excel's "Unicode Text") and as UTF-8
# with one write the same days, byte for byte (a zip is copied as it is).
for form in utf16 bom; do
    mkdir -p "$work/$form"
    converted=()
    for f in "${files[@]}"; do
        out="$work/$form/$(basename "$f")"
        case "$form:$f" in
            *.zip) cp "$f" "$out" ;;
            utf16:*) { printf '\xff\xfe'; iconv -f UTF-8 -t UTF-16LE "$f"; } >"$out" ;;
            bom:*) { printf '\xef\xbb\xbf'; cat "$f"; } >"$out" ;;
        esac
        converted+=("$out")
    done
    "$journal" init "$work/$form/j" >/dev/null
    (cd "$work/$form/j" && "$journal" import --since 2000-01-01 "${converted[@]}" >"$work/$form.txt")
    grep -q "read as UTF-16LE" "$work/$form.txt" || [ "$form" = bom ] || { echo "FAIL: the $form import did not say it read UTF-16LE"; exit 1; }
    diff -r content/diary "$work/$form/j/content/diary" >/dev/null || { echo "FAIL: the $form exports wrote other days"; exit 1; }
done
echo "ok: $days days from $(( ${#files[@]} )) sample files, built, and a second import wrote nothing; the same files as UTF-16 and with a BOM write the same days"
