#!/usr/bin/env python3
"""axe-core on every page type of a built site, light and dark: 0 violations.

Usage: axe_gate.py SITE_DIR

Serves SITE_DIR on 127.0.0.1 (an ephemeral port, under BASE_PATH from the environment, default
"/"; the server and the browser are browser_test.py's) and, in headless
Chromium at 1280 px and at 390 px, in the light and the dark colour scheme, runs axe-core 4.x
(the copy bundled by the PyPI package axe-playwright-python, read as a file: Playwright itself is
not needed) on: home, the newest day, its week, month and year, the year's review, the archive,
a track, an artist, the artists index, a genre, a tag, a playlist, search with results, and the
404 page (404.html, as a host serves it for a missing address). Each page is picked from the site itself (the newest day's links), so any journal
works. Every violation is printed with its rule, impact, the page, the scheme and the first
nodes; exit 1 if there is any, or if a page type could not be found.

Needs: pip install selenium; pip install --no-deps axe-playwright-python;
apt-get install chromium chromium-driver.
Environment: CHROMIUM (default /usr/bin/chromium), CHROMEDRIVER (default /usr/bin/chromedriver),
SEARCH_QUERY (default: the most played artist in the site's search index). Bounded: every wait
has a timeout.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import sys
from urllib.parse import quote

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser_test as bt  # noqa: E402


def axe_source() -> str:
    """axe.min.js as axe-playwright-python ships it, found without importing the package."""
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("axe_gate: pip install --no-deps axe-playwright-python (it bundles axe-core 4.x)")
    path = os.path.join(list(spec.submodule_search_locations)[0], "axe.min.js")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    version = re.search(r"axe v(\d+\.\d+\.\d+)", text[:200])
    if not version or not version.group(1).startswith("4."):
        sys.exit(f"axe_gate: {path} is not axe-core 4.x")
    print(f"axe-core {version.group(1)}")
    return text


def links(site: str, relative: str, base: str) -> list[str]:
    """Site paths (without the base) that the page at `relative` links to, in order."""
    with open(os.path.join(site, relative), encoding="utf-8") as f:
        html = f.read()
    found = []
    for href in re.findall(r'href="([^"#?]+)"', html):
        if href.startswith(base) and not href.startswith("//"):
            path = href[len(base):]
            if path not in found:
                found.append(path)
    return found


def pages(site: str, base: str, query: str) -> dict[str, str]:
    """Each page type's path, from the site's own links."""
    chosen: dict[str, str] = {"home": "", "archive": "archive/", "artists": "artists/", "404": "404.html"}
    home = links(site, "index.html", base)
    day = max((p for p in home if re.fullmatch(r"\d{4}/\d{2}/\d{2}/", p)), default=None)
    if day:
        chosen["day"] = day
        day_links = links(site, day + "index.html", base)
        patterns = {
            "week": r"weeks/[^/]+/", "month": r"\d{4}/\d{2}/", "year": r"\d{4}/", "track": r"artists/[^/]+/tracks/[^/]+/",
            "artist": r"artists/[^/]+/", "genre": r"genres/[^/]+/", "tag": r"tags/[^/]+/",
        }
        for name, pattern in patterns.items():
            match = next((p for p in day_links if re.fullmatch(pattern, p)), None)
            if match:
                chosen[name] = match
        if "track" not in chosen and "artist" in chosen:
            # A track played once has no page: look for one on the artist's page.
            chosen_track = next((p for p in links(site, chosen["artist"] + "index.html", base) if re.fullmatch(patterns["track"], p)), None)
            if chosen_track:
                chosen["track"] = chosen_track
        if "year" in chosen and os.path.exists(os.path.join(site, chosen["year"], "review", "index.html")):
            chosen["review"] = chosen["year"] + "review/"
    playlist = next((p for p in links(site, "playlists/index.html", base) if re.fullmatch(r"playlists/[^/]+/", p)), None) \
        if os.path.exists(os.path.join(site, "playlists", "index.html")) else None
    if playlist:
        chosen["playlist"] = playlist
    for name, index, pattern in [("tag", "tags/index.html", r"tags/[^/]+/"), ("genre", "genres/index.html", r"genres/[^/]+/"),
                                 ("artist", "artists/index.html", r"artists/[^/]+/")]:
        if name not in chosen and os.path.exists(os.path.join(site, index)):
            found = next((p for p in links(site, index, base) if re.fullmatch(pattern, p)), None)
            if found:
                chosen[name] = found
    chosen["search"] = "search/?q=" + quote(query)
    return chosen


def most_played_artist(site: str) -> str | None:
    """The most played artist's name in the site's search index: a query any journal answers."""
    try:
        with open(os.path.join(site, "search-index.json"), encoding="utf-8") as f:
            index = json.load(f)
        artist = index["kinds"].index("artist")
        rows = [row for row in index["items"] if row[0] == artist]
        return max(rows, key=lambda row: row[3])[1] if rows else None
    except (OSError, ValueError, KeyError, IndexError, TypeError):
        return None


REQUIRED = ["home", "day", "week", "month", "year", "review", "archive", "track", "artist", "artists",
            "genre", "tag", "playlist", "search", "404"]


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    site = os.path.abspath(sys.argv[1])
    base = bt.BASE_PATH
    query = os.environ.get("SEARCH_QUERY") or most_played_artist(site) or "Hype Boy"
    axe = axe_source()
    server, root = bt.serve(site)
    chosen = pages(site, base, query)
    missing = [name for name in REQUIRED if name not in chosen]
    driver = bt.make_driver()
    driver.set_script_timeout(60)
    violations = 0
    runs = 0
    try:
        for width in (1280, 390):
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})
            for scheme in ("light", "dark"):
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                for name in REQUIRED:
                    if name not in chosen:
                        continue
                    url = root + chosen[name]
                    driver.get(url)
                    if name == "search":
                        # Results are drawn by the page's script: wait for them before checking,
                        # and fail if none come (an empty page is not "search with results").
                        shown = driver.execute_async_script("""
                            const done = arguments[arguments.length - 1], start = Date.now();
                            (function wait() {
                              const found = document.querySelector('.search-results li');
                              if (found || Date.now() - start > 10000) done(!!found);
                              else setTimeout(wait, 100);
                            })();""")
                        if not shown:
                            violations += 1
                            print(f"FAIL search for {query!r} showed no results at {width} px, {scheme}: axe would check an empty page")
                            continue
                    driver.execute_script(axe)
                    result = driver.execute_async_script("""
                        const done = arguments[arguments.length - 1];
                        axe.run(document, {resultTypes: ['violations']}).then(r => done(JSON.stringify(r.violations)), e => done(JSON.stringify([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}])));""")
                    runs += 1
                    for violation in json.loads(result):
                        violations += 1
                        targets = [" ".join(map(str, node.get("target", []))) for node in violation.get("nodes", [])[:4]]
                        print(f"FAIL {violation['id']} ({violation.get('impact')}) on {name} /{chosen[name]} at {width} px, {scheme}: "
                              f"{violation.get('help')}; {len(violation.get('nodes', []))} nodes: {'; '.join(targets)}")
    finally:
        bt.shut_down(driver)
        server.shutdown()
    for name in missing:
        print(f"FAIL no {name} page found in {site}")
    print(f"axe-core: {runs} runs over {len(chosen)} page types, {violations} violations")
    return 1 if violations or missing else 0


if __name__ == "__main__":
    sys.exit(main())
