#!/usr/bin/env bash
# Bounded pages (issue 14): no HTML page of a 10-year journal is over 100 KB. Generates the
# journal with ../shared/bench/make-journal.py, builds it, prints the five largest pages and
# fails listing every page over the bound. Usage: bounded_pages.sh [JOURNAL_BINARY]
set -euo pipefail
cd "$(dirname "$0")/../.."
journal=${1:-.build/debug/journal}
maker=../shared/bench/make-journal.py
limit=102400

if [ ! -f "$maker" ]; then
  echo "skipped: $maker is not beside the clone"
  exit 0
fi
[ -x "$journal" ] || swift build --product journal

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$maker" "$work/journal" --days 3653 >/dev/null
"$journal" build --quiet --source "$work/journal" --output "$work/site"

pages=$(find "$work/site" -name '*.html' | wc -l)
echo "largest of $pages pages:"
find "$work/site" -name '*.html' -printf '%s %P\n' | sort -rn | awk 'NR <= 5 { printf "  %7d B  /%s\n", $1, $2 }'
over=$(find "$work/site" -name '*.html' -size +"$limit"c -printf '%s %P\n' | sort -rn)
if [ -n "$over" ]; then
  echo "FAIL: $(echo "$over" | wc -l) pages over $limit bytes:"
  echo "$over" | awk '{ printf "  %7d B  /%s\n", $1, $2 }'
  exit 1
fi
echo "ok: no page over $limit bytes"
