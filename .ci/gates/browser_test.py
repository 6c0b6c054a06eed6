#!/usr/bin/env python3
"""Drive the built site in headless Chromium: pages load cleanly, the player queues, search finds.

Usage: browser_test.py SITE_DIR

Serves SITE_DIR on 127.0.0.1 (an ephemeral port, under BASE_PATH, default "/": the base path
the site was built for) and runs:
  1. pages: /, the newest day page, a month page, /playlists/, the first playlist,
     /search/ load with document.readyState "complete" and no SEVERE console entry
     (a favicon 404 is ignored);
  2. player: on the first playlist page with a .player, Play all starts track 0, an
     "ended" event moves to the next playable track, Next moves once more;
  3. search: SEARCH_QUERY (default "Hype Boy"), the same lowercase without spaces,
     and SEARCH_QUERY_KO (default "밤편지") each show a result containing
     SEARCH_EXPECT (default "Hype Boy") / SEARCH_EXPECT_KO (default: the Korean query);
  4. phone: at 390 px wide, the header is one row; on the newest year page the heatmap
     needs no horizontal scroll, its labels are drawn at 11 px or more, no chart label
     leaves its chart, and a few Tab presses from the top reach what follows the heatmap.
  5. search ranking and coverage, on the sample journal's words (each overridable):
     the most-played artist (read from search-index.json) is the first result for its name
     and for its first two letters; a diary word (SEARCH_DIARY, default "grammar") and a
     Korean one (SEARCH_DIARY_KO, default "호떡") find a day, the word marked in its
     snippet and the snippet dated; a word found only in text (SEARCH_TEXT_ORDER, default "kilometre") lists its
     days first, newest first, then playlists and pages by name; "cafe" finds the tag and a
     day whose text says "café"; "november 2026" and
     "2026-11" find the month first; a query with more than a page of results
     (SEARCH_MANY, default "e") shows "show more", which reveals the next results, moves
     the focus to the first of them and keeps the count; ?q= in the address runs a search.

Prints PASS/FAIL lines and a final "N passed, M failed"; exit 1 on any failure.
Needs: pip install selenium; apt-get install chromium chromium-driver.
Environment: CHROMIUM (default /usr/bin/chromium), CHROMEDRIVER (default /usr/bin/chromedriver).
The whole run is bounded (under 3 minutes) and every wait has a timeout.
"""

from __future__ import annotations

import functools
import os
import re
import signal
import sys
import threading
import time
import traceback
import unicodedata
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import quote, urljoin, urlsplit

try:
    from selenium import webdriver
    from selenium.common.exceptions import (ElementClickInterceptedException,
                                            ElementNotInteractableException, TimeoutException,
                                            WebDriverException)
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:  # pragma: no cover
    print("FAIL setup: selenium is not installed (pip install selenium)")
    print("0 passed, 1 failed")
    sys.exit(1)

TOTAL_BUDGET = 160  # seconds for the tests; quitting the browser may take 10 more (< 3 min)
WAIT = 10  # seconds for any single condition
DAY_RE = re.compile(r"/\d{4}/\d{2}/\d{2}/$")
MONTH_RE = re.compile(r"/\d{4}/\d{2}/$")
YEAR_RE = re.compile(r"/\d{4}/$")
PHONE_WIDTH = 390
MAX_TABS_TO_PASS_HEATMAP = 15
PLAYLIST_RE = re.compile(r"/playlists/[^/?#]+/$")

results = {"passed": 0, "failed": 0, "done": False}
output_lock = threading.Lock()  # the watchdog thread reports too


def report(ok: bool, name: str, detail: str = "") -> bool:
    with output_lock:
        if not results["done"]:
            results["passed" if ok else "failed"] += 1
            print(f"{'PASS' if ok else 'FAIL'} {name}{': ' + detail if detail else ''}", flush=True)
    return ok


def summary() -> None:
    with output_lock:
        if not results["done"]:
            results["done"] = True
            print(f"{results['passed']} passed, {results['failed']} failed", flush=True)


BASE_PATH = os.environ.get("BASE_PATH", "/").rstrip("/") + "/"


class QuietHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".json": "application/json",
                      ".svg": "image/svg+xml", ".ogg": "audio/ogg", ".xml": "application/xml"}

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - keep the console quiet
        pass

    def translate_path(self, path: str) -> str:
        # The site lives under BASE_PATH; anything outside it is not found.
        if not path.startswith(BASE_PATH):
            return os.path.join(self.directory, ".missing", "x")
        return super().translate_path("/" + path[len(BASE_PATH):])


def serve(site: str) -> tuple[ThreadingHTTPServer, str]:
    handler = functools.partial(QuietHandler, directory=site)
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{BASE_PATH}"


def make_driver() -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    binary = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if os.path.exists(binary):
        options.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--autoplay-policy=no-user-gesture-required", "--mute-audio",
                "--window-size=1280,900", "--lang=en-US"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver_path = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
    service = Service(driver_path) if os.path.exists(driver_path) else Service()
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(WAIT)
    return driver


def descendants(pid: int) -> list[int]:
    """Process ids below pid (Linux /proc), deepest last."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    ppid = int(handle.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def shut_down(driver) -> None:
    """Quit the browser; if chromedriver does not answer in time, kill it and its browser."""
    process = getattr(driver.service, "process", None)
    quitter = threading.Thread(target=driver.quit, daemon=True)
    quitter.start()
    quitter.join(10)
    if quitter.is_alive() and process is not None and os.path.isdir("/proc"):
        for pid in [process.pid] + descendants(process.pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


def wait_for(driver, condition, timeout: float = WAIT):
    """WebDriverWait that returns the truthy value, or None on timeout."""
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.1).until(
            lambda d: condition(d) or False)
    except TimeoutException:
        return None


def click(driver, selector: str):
    """A real click; a script click only if something (a sticky header) covers the element."""
    element = driver.find_element(By.CSS_SELECTOR, selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    try:
        element.click()
    except (ElementClickInterceptedException, ElementNotInteractableException):
        driver.execute_script("arguments[0].click()", element)
    return element


def severe_entries(driver) -> list[str]:
    try:
        entries = driver.get_log("browser")
    except WebDriverException:
        return []
    return [e.get("message", "") for e in entries
            if e.get("level") == "SEVERE" and "favicon" not in e.get("message", "")]


def open_page(driver, url: str) -> bool:
    driver.get(url)
    return bool(wait_for(driver, lambda d: d.execute_script("return document.readyState") == "complete"))


def links(driver) -> list[str]:
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('a[href]'),"  # SVG links too: resolve the attribute
        " a => new URL(a.getAttribute('href'), document.baseURI).href)") or []


def first_matching(hrefs: list[str], pattern: re.Pattern, origin: str) -> str | None:
    for href in hrefs:
        if href.startswith(origin) and pattern.search(urlsplit(href).path):
            return href
    return None


def check_page(driver, name: str, url: str | None) -> bool:
    if not url:
        return report(False, f"page {name}", "no such link found")
    severe_entries(driver)  # drop whatever an earlier page left behind
    try:
        complete = open_page(driver, url)
    except WebDriverException as error:
        return report(False, f"page {name}", f"{url}: {error.msg}")
    time.sleep(0.3)  # let deferred scripts and their first tasks run
    problems = severe_entries(driver)
    if not complete:
        problems.insert(0, "document.readyState never became complete")
    return report(not problems, f"page {name}", url if not problems else f"{url}: " + " | ".join(problems))


PLAYER_STATE_JS = """
const bar = document.querySelector('.player');
if (!bar) return null;
const list = bar.nextElementSibling;
const tracks = Array.from(list.querySelectorAll('[data-track]')).filter(li => li.querySelector('audio'));
return {state: bar.getAttribute('data-player-state'), index: bar.getAttribute('data-player-index'),
        playable: tracks.length, current: tracks.findIndex(li => li.classList.contains('is-current')),
        currentCount: list.querySelectorAll('.is-current').length};
"""


def player_state(driver) -> dict | None:
    return driver.execute_script(PLAYER_STATE_JS)


def check_player(driver, playlist_urls: list[str]) -> None:
    name = "player"
    page = None
    for url in playlist_urls:
        open_page(driver, url)
        info = player_state(driver)
        if info and info["playable"] >= 2:
            page = url
            break
    if not page:
        report(False, name, "no playlist page with a .player and at least 2 playable tracks")
        return
    severe_entries(driver)
    click(driver, ".player .player-toggle")
    info = wait_for(driver, lambda d: (s := player_state(d)) and s["state"] == "playing" and s["index"] == "0" and s)
    if not report(bool(info), f"{name} play all", f"{page} state={player_state(driver)}"):
        return
    driver.execute_script(
        "document.querySelector('[data-track].is-current audio').dispatchEvent(new Event('ended'))")
    info = wait_for(driver, lambda d: (s := player_state(d)) and s["index"] == "1" and s["current"] == 1
                    and s["currentCount"] == 1 and s["state"] == "playing" and s)
    report(bool(info), f"{name} advances on ended", f"state={player_state(driver)}")
    if info and info["playable"] >= 3:
        before = int(info["index"])
        click(driver, ".player .player-next")
        want = str(before + 1)
        info = wait_for(driver, lambda d: (s := player_state(d)) and s["index"] == want
                        and s["current"] == before + 1 and s)
        report(bool(info), f"{name} next", f"expected index {want}, state={player_state(driver)}")
    time.sleep(0.3)
    driver.execute_script("document.querySelectorAll('audio').forEach(a => a.pause())")
    problems = severe_entries(driver)
    report(not problems, f"{name} console", " | ".join(problems) or "no errors while playing")


SEARCH_STATE_JS = """
const input = document.querySelector('form[data-search] input');
return {value: input ? input.value : null,
        q: new URLSearchParams(location.search).get('q'),
        results: Array.from(document.querySelectorAll('.search-result a'), a => a.textContent),
        status: (document.querySelector('.search-status') || {}).textContent || ''};
"""


def check_search(driver, origin: str) -> None:
    query = os.environ.get("SEARCH_QUERY", "Hype Boy")
    expect = os.environ.get("SEARCH_EXPECT", "Hype Boy")
    query_ko = os.environ.get("SEARCH_QUERY_KO", "밤편지")
    expect_ko = os.environ.get("SEARCH_EXPECT_KO", query_ko)
    cases = [(query, expect), (query.lower().replace(" ", ""), expect), (query_ko, expect_ko)]
    try:
        open_page(driver, urljoin(origin, "search/"))
        field = wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "form[data-search] input"))
    except WebDriverException as error:
        report(False, "search", error.msg)
        return
    if not field:
        report(False, "search", "no form[data-search] input on /search/")
        return
    field = field[0]
    for typed, expected in cases:
        name = f"search {typed!r}"
        # Clear through script + input event so no earlier results can satisfy the wait.
        driver.execute_script(
            "arguments[0].value = ''; arguments[0].dispatchEvent(new Event('input', {bubbles: true}));", field)
        wait_for(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, ".search-result"), 3)
        click(driver, "form[data-search] input")
        field.send_keys(typed)
        state = wait_for(driver, lambda d: (s := d.execute_script(SEARCH_STATE_JS))
                         and s["value"] == typed and s["q"] == typed
                         and any(expected in r for r in s["results"]) and s)
        if state:
            report(True, name, f"found {expected!r}")
        else:
            report(False, name, f"no result containing {expected!r}: {driver.execute_script(SEARCH_STATE_JS)}")
    # Enter must not reload the page but open the first result.
    field.send_keys(Keys.ENTER)
    moved = wait_for(driver, lambda d: "/search/" not in urlsplit(d.current_url).path, 5)
    report(bool(moved), "search enter opens the first result", driver.current_url)


HEADER_JS = """
const header = document.querySelector('.site-header');
const tops = Array.from(document.querySelectorAll('.site-nav a, .site-header .brand'),
                        a => Math.round(a.getBoundingClientRect().top));
return {height: header ? header.getBoundingClientRect().height : null, tops: tops,
        pageScroll: document.documentElement.scrollWidth - window.innerWidth};
"""

HEATMAP_JS = """
const frame = document.querySelector('.heatmap-frame');
const svg = frame && frame.querySelector('svg.heatmap');
if (!svg) return null;
const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
const sizes = Array.from(svg.querySelectorAll('text'), t => parseFloat(getComputedStyle(t).fontSize) * scale);
return {scrollWidth: frame.scrollWidth, clientWidth: frame.clientWidth, minFont: Math.min(...sizes),
        labels: sizes.length};
"""

# Every drawn label of every chart on the page, in its chart's own units, with the real font.
CLIPPED_LABELS_JS = """
const clipped = [];
for (const svg of document.querySelectorAll('svg.chart, svg.heatmap')) {
  const box = svg.viewBox.baseVal;
  for (const text of svg.querySelectorAll('text')) {
    if (getComputedStyle(text).display === 'none') continue;
    const b = text.getBBox();
    if (b.x < box.x - 0.5 || b.x + b.width > box.x + box.width + 0.5) clipped.push(text.textContent);
  }
}
return clipped;
"""

# The year in review at a phone's width: nothing wider than the screen, chart labels readable,
# and labels of one chart that do not overlap.
REVIEW_JS = """
const sizes = [], overlaps = [];
for (const svg of document.querySelectorAll('svg.chart')) {
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const boxes = [];
  for (const text of svg.querySelectorAll('text.chart-label')) {
    if (getComputedStyle(text).display === 'none') continue;
    sizes.push(parseFloat(getComputedStyle(text).fontSize) * scale);
    const b = text.getBoundingClientRect();
    for (const o of boxes) {
      if (b.left < o.right - 0.5 && o.left < b.right - 0.5 && b.top < o.bottom - 0.5 && o.top < b.bottom - 0.5) overlaps.push(text.textContent);
    }
    boxes.push(b);
  }
}
return {pageScroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        charts: document.querySelectorAll('svg.chart').length, minFont: sizes.length ? Math.min(...sizes) : 0,
        labels: sizes.length, overlaps: overlaps};
"""

TAB_JS = """
const frame = document.querySelector('.heatmap-frame');
const active = document.activeElement;
if (!frame || !active || active === document.body) return 'none';
if (frame.contains(active)) return 'inside';
return frame.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING ? 'after' : 'before';
"""


def check_phone(driver, origin: str) -> None:
    """The site at a phone's width: header, year heatmap, chart labels, tab stops."""
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": PHONE_WIDTH, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    except WebDriverException as error:
        report(False, "phone", f"cannot emulate a {PHONE_WIDTH} px screen: {error.msg}")
        return
    try:
        open_page(driver, origin)
        header = driver.execute_script(HEADER_JS)
        one_row = header["height"] is not None and (header["height"] < 70 or len(set(header["tops"])) == 1)
        report(one_row and header["pageScroll"] <= 0, f"phone header is one row at {PHONE_WIDTH} px",
               f"height {header['height']:.0f} px, item tops {header['tops']}, page overflow {header['pageScroll']} px")
        # The year pages are linked from the archive, one click from home.
        open_page(driver, urljoin(origin, "archive/"))
        years = sorted({h for h in links(driver) if h.startswith(origin) and YEAR_RE.search(urlsplit(h).path)})
        if not years:
            report(False, "phone year page", "no link to a year page on /archive/")
            return
        open_page(driver, years[-1])
        heatmap = driver.execute_script(HEATMAP_JS)
        if not heatmap:
            report(False, "phone heatmap", f"{years[-1]}: no svg.heatmap inside .heatmap-frame")
            return
        report(heatmap["scrollWidth"] <= heatmap["clientWidth"], "phone heatmap needs no horizontal scroll",
               f"scrollWidth {heatmap['scrollWidth']} / clientWidth {heatmap['clientWidth']}")
        report(heatmap["minFont"] >= 10.95, "phone heatmap labels >= 11 px",
               f"smallest of {heatmap['labels']} labels: {heatmap['minFont']:.2f} px")
        clipped = driver.execute_script(CLIPPED_LABELS_JS)
        report(not clipped, "phone chart labels inside their charts", ", ".join(clipped) or years[-1])
        reviews = [h for h in links(driver) if h.startswith(origin) and urlsplit(h).path.endswith(urlsplit(years[-1]).path + "review/")]
        if reviews:
            open_page(driver, reviews[0])
            review = driver.execute_script(REVIEW_JS)
            report(review["pageScroll"] <= 0 and review["charts"] >= 2, f"phone year in review fits {PHONE_WIDTH} px",
                   f"{reviews[0]}: page overflow {review['pageScroll']} px, {review['charts']} charts")
            report(review["minFont"] >= 10.95 and not review["overlaps"], "phone year in review chart labels >= 11 px, none overlapping",
                   f"smallest of {review['labels']} labels: {review['minFont']:.2f} px; overlapping: {', '.join(review['overlaps']) or 'none'}")
            open_page(driver, years[-1])
        else:
            report(False, "phone year in review", f"{years[-1]}: no link to its review")
        # Tab from the top of the page until focus passes the heatmap.
        driver.execute_script("window.scrollTo(0, 0); document.activeElement && document.activeElement.blur()")
        where, presses = "none", 0
        actions = ActionChains(driver)
        while presses < MAX_TABS_TO_PASS_HEATMAP * 3 and where != "after":
            actions.send_keys(Keys.TAB).perform()
            presses += 1
            where = driver.execute_script(TAB_JS)
        report(where == "after" and presses <= MAX_TABS_TO_PASS_HEATMAP, "keyboard passes the heatmap",
               f"{presses} Tab presses to reach what follows it (at most {MAX_TABS_TO_PASS_HEATMAP})")
    finally:
        try:
            driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        except WebDriverException:
            pass

RESULTS_JS = """
const form = document.querySelector('form[data-search]');
const status = (document.querySelector('.search-status') || {}).textContent || '';
const more = document.querySelector('.search-more');
return {value: document.querySelector('form[data-search] input').value,
        q: new URLSearchParams(location.search).get('q'),
        status: status,
        busy: status.indexOf(form.getAttribute('data-label-searching')) >= 0
              || status === form.getAttribute('data-label-loading'),
        more: !!(more && !more.hidden && more.querySelector('button')),
        focused: Array.from(document.querySelectorAll('.search-result a')).indexOf(document.activeElement),
        results: Array.from(document.querySelectorAll('.search-result a'), a => ({
          kind: (a.querySelector('.search-type') || {}).textContent || '',
          title: (a.querySelector('.search-title') || {}).textContent || '',
          marks: Array.from(a.querySelectorAll('mark'), m => m.textContent),
          date: (a.querySelector('.search-date') || {}).textContent || '',
          href: a.getAttribute('href')}))};
"""


def search_for(driver, typed: str) -> dict | None:
    """Types `typed` into the search field; the results once every index file has answered."""
    field = driver.find_element(By.CSS_SELECTOR, "form[data-search] input")
    driver.execute_script(
        "arguments[0].value = ''; arguments[0].dispatchEvent(new Event('input', {bubbles: true}));", field)
    wait_for(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, ".search-result"), 3)
    field.send_keys(typed)
    return wait_for(driver, lambda d: (s := d.execute_script(RESULTS_JS)) and s["value"] == typed
                    and s["q"] == typed and s["status"] and not s["busy"] and s)


def fold(text: str) -> str:
    """A name as search.js compares it: lowercase, NFKD without combining marks."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))


def most_played_artist(driver, origin: str) -> str | None:
    index = driver.execute_script(
        "return fetch(document.querySelector('form[data-search]').getAttribute('data-index'))"
        ".then(r => r.json()).then(d => d.items.filter(i => d.kinds[i[0]] === 'artist')"
        ".sort((a, b) => b[3] - a[3])[0][1]).catch(() => null)")
    return index


def check_search_ranking(driver, origin: str) -> None:
    label = lambda s, n=3: [f"{r['kind']}:{r['title']}" for r in s["results"][:n]] if s else None  # noqa: E731
    try:
        open_page(driver, urljoin(origin, "search/"))
    except WebDriverException as error:
        report(False, "search ranking", error.msg)
        return
    artist = most_played_artist(driver, origin)
    if not artist:
        report(False, "search ranking", "no artist in search-index.json")
        return
    for typed in (artist, artist[:2]):
        state = search_for(driver, typed)
        first = state["results"][0] if state and state["results"] else {}
        report(first.get("title") == artist and "/artists/" in first.get("href", ""),
               f"search {typed!r} ranks the most-played artist first", f"{artist!r}; got {label(state)}")

    for typed, day in ((os.environ.get("SEARCH_DIARY", "grammar"), "Study day"),
                       (os.environ.get("SEARCH_DIARY_KO", "호떡"), "First snow")):
        state = search_for(driver, typed)
        hit = next((r for r in state["results"] if r["title"] == day), None) if state else None
        report(bool(hit) and DAY_RE.search(hit["href"]) is not None and typed.lower() in [m.lower() for m in hit["marks"]],
               f"search diary word {typed!r} finds its day", f"expected {day!r} with {typed!r} marked; got {hit or label(state, 5)}")
        # A titled day's snippet says which day it is: its date comes first.
        report(bool(hit) and re.search(r"\d", hit.get("date", "")) is not None,
               f"the diary hit for {typed!r} is dated", f"got {hit}")

    # Found only in their text, days come first, newest first, then playlists and pages by
    # name: a day's number of tracks says nothing about its words.
    typed = os.environ.get("SEARCH_TEXT_ORDER", "kilometre")
    state = search_for(driver, typed)
    found = [r for r in state["results"] if r["marks"]] if state else []
    is_day = [DAY_RE.search(r["href"]) is not None for r in found]
    days = [urlsplit(r["href"]).path for r in found if DAY_RE.search(r["href"])]
    rest = [fold(r["title"]) for r in found if not DAY_RE.search(r["href"])]
    report(len(days) >= 2 and len(rest) >= 1 and is_day == sorted(is_day, reverse=True)
           and days == sorted(days, reverse=True) and len(set(days)) == len(days) and rest == sorted(rest),
           f"search text word {typed!r} lists days newest first, then playlists and pages by name",
           f"got {[(r['title'], urlsplit(r['href']).path) for r in found]}")

    state = search_for(driver, "cafe")
    results = state["results"] if state else []
    tag = next((r for r in results if r["title"] == "cafe" and "/tags/cafe/" in r["href"]), None)
    report(bool(tag), "search 'cafe' finds the tag", f"got {label(state, 5)}")
    accented = [r for r in results if DAY_RE.search(r["href"]) and "café" in r["marks"]]
    report(bool(accented), "search 'cafe' finds a day that says 'café'", f"got {[(r['title'], r['marks']) for r in results]}")

    for typed in ("november 2026", "2026-11"):
        state = search_for(driver, typed)
        first = state["results"][0] if state and state["results"] else {}
        report(first.get("title") == "November 2026" and MONTH_RE.search(first.get("href", "")) is not None,
               f"search {typed!r} finds the month first", f"got {label(state)}")

    many = os.environ.get("SEARCH_MANY", "e")
    state = search_for(driver, many)
    count = len(state["results"]) if state else 0
    total = int(re.sub(r"\D", "", state["status"]) or 0) if state else 0
    if not report(bool(state) and state["more"] and total > count > 0,
                  f"search {many!r} shows a page and 'show more'", f"{count} shown, status {state and state['status']!r}"):
        return
    button = driver.find_element(By.CSS_SELECTOR, ".search-more button")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.send_keys(Keys.ENTER)  # the keyboard, as a keyboard user would
    after = wait_for(driver, lambda d: (s := d.execute_script(RESULTS_JS)) and len(s["results"]) > count and s)
    report(bool(after) and len(after["results"]) == min(total, 2 * count) and after["focused"] == count
           and int(re.sub(r"\D", "", after["status"]) or 0) == total,
           "search 'show more' reveals the next results",
           f"{count} -> {after and len(after['results'])} of {total}, focus on result {after and after['focused']}")

    open_page(driver, urljoin(origin, "search/?q=" + quote("november 2026")))
    state = wait_for(driver, lambda d: (s := d.execute_script(RESULTS_JS)) and s["results"] and not s["busy"] and s)
    report(bool(state) and state["value"] == "november 2026" and state["results"][0]["title"] == "November 2026",
           "search ?q= in the address runs the search", f"got {label(state)}")


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    site = argv[1]
    if not os.path.isfile(os.path.join(site, "index.html")):
        print(f"error: {site}/index.html not found", file=sys.stderr)
        return 2

    driver = None

    def watchdog() -> None:
        report(False, "time limit", f"the browser test did not finish within {TOTAL_BUDGET} s")
        summary()
        try:
            if driver is not None:
                shut_down(driver)
        finally:
            os._exit(1)  # the main thread may be stuck inside a WebDriver call

    timer = threading.Timer(TOTAL_BUDGET, watchdog)
    timer.daemon = True
    timer.start()
    server, origin = serve(site)
    try:
        driver = make_driver()
    except WebDriverException as error:
        report(False, "setup", f"cannot start Chromium: {error.msg}")
        summary()
        return 1
    try:
        home = origin
        check_page(driver, "/", home)
        home_links = links(driver)
        days = sorted({h for h in home_links if h.startswith(origin) and DAY_RE.search(urlsplit(h).path)})
        check_page(driver, "newest day", days[-1] if days else None)  # /YYYY/MM/DD/ sorts by date
        check_page(driver, "month", first_matching(home_links, MONTH_RE, origin))
        check_page(driver, "/playlists/", urljoin(origin, "playlists/"))
        playlists = []
        for href in links(driver):
            if href.startswith(origin) and PLAYLIST_RE.search(urlsplit(href).path) and href not in playlists:
                playlists.append(href)
        check_page(driver, "first playlist", playlists[0] if playlists else None)
        check_page(driver, "/search/", urljoin(origin, "search/"))
        check_player(driver, playlists)
        check_search(driver, origin)
        check_phone(driver, origin)
        check_search_ranking(driver, origin)
    except Exception as error:  # a crash is a failure, not a traceback without a summary
        traceback.print_exc()
        report(False, "unexpected error", f"{type(error).__name__}: {error}")
    finally:
        timer.cancel()
        shut_down(driver)
        server.shutdown()
    summary()
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
