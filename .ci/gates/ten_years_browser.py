#!/usr/bin/env python3
"""The 10-year journal's site in headless Chromium: usable after ten years.

Usage: ten_years_browser.py SITE_DIR JOURNAL_DIR [YEAR-MONTH]

  1. From the home page, a day of YEAR-MONTH (default 2018-03) is reached in at most 4 clicks,
     by clicking real links: the menu's archive, the month in its year, a day in its calendar.
  2. Search ranks the most-played artist first for its name.
  3. A word of the diary's text finds a day whose page says it: the journal's rarest body word
     (read from JOURNAL_DIR's day files) is searched, a day result has it marked, and that
     day's page contains the word.
  4. Search starts small: searching the diary's commonest word (on a fresh page) fetches at most
     FIRST_SEARCH_KIB gzipped of JSON, and the days it shows are exactly the newest days whose
     text has the word at a word's start, newest first, as if every text file had been read.

Reuses browser_test.py's server, driver and search helpers. Prints PASS/FAIL lines and
"N passed, M failed"; exit 1 on any failure. Bounded: under 3 minutes.
"""
import gzip
import json
import os
import re
import sys
import threading
import traceback
from collections import Counter
from pathlib import Path
from urllib.parse import urljoin, urlsplit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser_test as bt  # noqa: E402
from selenium.common.exceptions import WebDriverException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

MAX_CLICKS = 4
FIRST_SEARCH_KIB = 150


def body_words(path: Path) -> set[str]:
    """The words (6+ letters) of a content file's Markdown body, as a reader sees them: not link
    targets, addresses or HTML tags."""
    parts = path.read_text(encoding="utf-8", errors="replace").split("\n---\n", 1)
    body = re.sub(r"\]\([^)]*\)|https?://\S+|<[^>]*>", " ", parts[1] if len(parts) == 2 else "")
    return {word.lower() for word in re.findall(r"[A-Za-z]{6,}", body)}


def rarest_body_word(journal: Path) -> str | None:
    """A word of the diary's text that playlists and pages use least, then days least, ties by
    the word: deterministic, and one whose first results are days."""
    days: Counter[str] = Counter()
    others: Counter[str] = Counter()
    for path in sorted(journal.glob("content/diary/**/*.md")):
        days.update(body_words(path))
    for path in sorted(journal.glob("content/playlists/**/*.md")) + sorted(journal.glob("content/pages/**/*.md")):
        others.update(body_words(path))
    if not days:
        return None
    return min(days, key=lambda word: (others[word], days[word], word))


def commonest_body_word(journal: Path) -> str | None:
    """The word of the diary's text in the most days, ties by the word."""
    days: Counter[str] = Counter()
    for path in sorted(journal.glob("content/diary/**/*.md")):
        days.update(body_words(path))
    return min(days, key=lambda word: (-days[word], word)) if days else None


def check_search_starts_small(driver, origin: str, site: str, word: str | None) -> None:
    if not word:
        bt.report(False, "search starts small", "no diary text in the journal")
        return
    bt.open_page(driver, urljoin(origin, "search/"))
    state = bt.search_for(driver, word)
    fetched = driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.endsWith('.json'))")
    paths = [os.path.join(site, urlsplit(url).path[len(bt.BASE_PATH):]) for url in fetched]
    size = sum(len(gzip.compress(Path(path).read_bytes(), 9)) for path in paths if os.path.isfile(path))
    bt.report(bool(state) and size <= FIRST_SEARCH_KIB * 1024 and all(os.path.isfile(path) for path in paths),
              f"searching {word!r} first fetches at most {FIRST_SEARCH_KIB} KiB gzipped",
              f"{len(paths)} files, {size / 1024:.0f} KiB gzipped")
    # What every text file says: the days whose text has the word at a word's start, newest first
    # (days whose names have it come before them, found by a name: they are left out of both).
    index = json.loads(Path(site, "search-index.json").read_text(encoding="utf-8"))
    named = {"/" + row[2] for row in index["items"] if index["kinds"][row[0]] == "day"
             and any(word in bt.fold(name) for name in [row[1]] + (row[5] if len(row) > 5 else []))}
    having = []
    for name in index["text"]:
        for path, text in json.loads(Path(site, name).read_text(encoding="utf-8"))["text"]:
            if bt.DAY_RE.search("/" + path) and "/" + path not in named and re.search(r"(^|[^a-z0-9])" + re.escape(word), bt.fold(text)):
                having.append("/" + path)
    shown = [path for r in (state or {}).get("results", []) if bt.DAY_RE.search(r["href"])
             and (path := urlsplit(r["href"]).path[len(bt.BASE_PATH) - 1:]) not in named]
    expected = sorted(having, reverse=True)[:len(shown)]
    bt.report(len(shown) >= 10 and shown == expected and bool(state) and state["more"],
              f"searching {word!r} shows the newest days that say it, as with every file read",
              f"shown {shown[:3]}…{shown[-2:]}; expected {expected[:3]}…{expected[-2:]}")


def click_link(driver, predicate) -> str | None:
    """Clicks the first visible link whose href passes `predicate`; the new page's URL."""
    for element in driver.find_elements(By.CSS_SELECTOR, "a[href]"):
        href = element.get_attribute("href") or ""
        if predicate(href) and element.is_displayed():
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
            before = driver.current_url
            element.click()
            bt.wait_for(driver, lambda d: d.current_url != before and d.execute_script("return document.readyState") == "complete")
            return driver.current_url
    return None


def check_clicks_to_a_day(driver, origin: str, year: int, month: int) -> None:
    bt.open_page(driver, origin)
    month_path = f"/{year:04d}/{month:02d}/"
    steps = [
        ("the archive", lambda h: urlsplit(h).path.endswith("/archive/")),
        (f"{year}-{month:02d} in the archive", lambda h: urlsplit(h).path.endswith(month_path)),
        ("a day in its calendar", lambda h: bt.DAY_RE.search(urlsplit(h).path) is not None and month_path in urlsplit(h).path),
    ]
    clicks, trail = 0, []
    for name, predicate in steps:
        url = click_link(driver, predicate)
        if url is None:
            bt.report(False, f"reach a day of {year}-{month:02d} from home", f"no link to {name} on {driver.current_url}")
            return
        clicks += 1
        trail.append(urlsplit(url).path)
    path = urlsplit(driver.current_url).path
    bt.report(bt.DAY_RE.search(path) is not None and month_path in path and clicks <= MAX_CLICKS,
              f"reach a day of {year}-{month:02d} from home in at most {MAX_CLICKS} clicks", f"{clicks} clicks: {' -> '.join(trail)}")


def check_search(driver, origin: str, word: str | None) -> None:
    bt.open_page(driver, urljoin(origin, "search/"))
    artist = bt.most_played_artist(driver, origin)
    state = bt.search_for(driver, artist) if artist else None
    first = state["results"][0] if state and state["results"] else {}
    bt.report(bool(artist) and first.get("title") == artist and "/artists/" in first.get("href", ""),
              "search ranks the most-played artist first for its name",
              f"{artist!r}; got {[(r['kind'], r['title']) for r in (state or {}).get('results', [])[:3]]}")
    if not word:
        bt.report(False, "search finds a diary word's day", "no diary text in the journal")
        return
    state = bt.search_for(driver, word)
    hit = next((r for r in (state or {}).get("results", [])
                if bt.DAY_RE.search(r["href"]) and word in [m.lower() for m in r["marks"]]), None)
    if not bt.report(bool(hit), f"search diary word {word!r} finds a day with it marked",
                     f"got {[(r['kind'], r['title']) for r in (state or {}).get('results', [])[:5]]}"):
        return
    bt.open_page(driver, urljoin(origin, hit["href"]))
    text = driver.execute_script("return document.querySelector('main').innerText").lower()
    bt.report(word in text, f"the day found for {word!r} says it", driver.current_url)


def main(argv: list[str]) -> int:
    if len(argv) not in (3, 4):
        print(__doc__)
        return 2
    site, journal = argv[1], Path(argv[2])
    year, month = (int(part) for part in (argv[3] if len(argv) == 4 else "2018-03").split("-"))
    word = rarest_body_word(journal)

    def watchdog():
        print("FAIL: the whole run took longer than its budget", flush=True)
        os._exit(1)

    timer = threading.Timer(bt.TOTAL_BUDGET, watchdog)
    timer.daemon = True
    timer.start()
    server, origin = bt.serve(site)
    driver = None
    try:
        driver = bt.make_driver()
        check_clicks_to_a_day(driver, origin, year, month)
        check_search(driver, origin, word)
        check_search_starts_small(driver, origin, site, commonest_body_word(journal))
    except WebDriverException as error:
        bt.report(False, "browser", error.msg or str(error))
    except Exception as error:  # a crash is a failure, not a traceback without a summary
        traceback.print_exc()
        bt.report(False, "unexpected error", f"{type(error).__name__}: {error}")
    finally:
        timer.cancel()
        if driver is not None:
            bt.shut_down(driver)
        server.shutdown()
    bt.summary()
    return 1 if bt.results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
