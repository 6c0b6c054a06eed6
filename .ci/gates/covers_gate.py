#!/usr/bin/env python3
"""Covers of real sizes: what a phone downloads to show them, and that a rebuild makes none again.

Usage: covers_gate.py [--journal .build/debug/journal] [--days 120] [--covers 12]

Makes a journal with benchmarks/make_journal.py --covers (JPEG covers of 600, 1200 and
3000 px, as people save them), builds it, serves the site on 127.0.0.1 and opens the newest month,
the home page and the newest year in review in headless Chromium as a 390 px phone at 3x:
  - the images fetched before the first scroll weigh at most 500 KB, and at most 1.5 MB once the
    whole page has been scrolled through; none is broken;
  - every cover <img> names a resized square (/covers/…), with width and height, and no page
    names an original (/artwork/…);
then builds again after an edit and checks that no cached cover was made again (the packs in
.journal-cache/covers keep their modification times).

Prints PASS/FAIL lines and "N passed, M failed"; exit 1 on any failure.
Needs: Pillow (for make_journal.py --covers), selenium, chromium and chromium-driver.
"""

from __future__ import annotations

import argparse
import functools
import glob
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

from PIL import Image
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MAKER = os.path.join(ROOT, "benchmarks", "make_journal.py")
FIRST_SCREEN = 500 * 1024
WHOLE_PAGE = 1536 * 1024

results: list[tuple[bool, str]] = []


def check(ok: bool, what: str) -> None:
    results.append((ok, what))
    print(("PASS " if ok else "FAIL ") + what, flush=True)


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args) -> None:  # noqa: A002
        pass


def serve(site: str) -> tuple[ThreadingHTTPServer, str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=site))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def phone() -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    binary = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if os.path.exists(binary):
        options.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=390,844", "--lang=en-US"):
        options.add_argument(arg)
    path = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
    driver = webdriver.Chrome(service=Service(path) if os.path.exists(path) else Service(), options=options)
    driver.set_page_load_timeout(30)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True})
    return driver


IMAGES = """return performance.getEntriesByType('resource')
  .filter(e => e.initiatorType === 'img' || /\\.(jpe?g|png|webp|avif|gif|svg)(\\?|$)/.test(e.name))
  .map(e => [e.name, e.encodedBodySize]);"""


def settle(driver: webdriver.Chrome) -> None:
    """Waits until every image that has started loading has loaded (at most 10 s)."""
    for _ in range(100):
        if driver.execute_script("return [...document.images].every(i => i.complete)"):
            return
        time.sleep(0.1)


def weigh(driver: webdriver.Chrome, url: str, name: str) -> None:
    driver.get(url)
    settle(driver)
    time.sleep(0.5)
    first = driver.execute_script(IMAGES)
    height = driver.execute_script("return document.body.scrollHeight")
    for y in range(0, height, 400):
        driver.execute_script(f"window.scrollTo(0, {y})")
        time.sleep(0.05)
    settle(driver)
    time.sleep(0.5)
    whole = driver.execute_script(IMAGES)
    first_bytes = sum(size for _, size in first)
    whole_bytes = sum(size for _, size in whole)
    print(f"  {name}: {len(first)} images, {first_bytes / 1024:.1f} KB before the first scroll; {len(whole)} images, {whole_bytes / 1024:.1f} KB in all")
    check(first_bytes <= FIRST_SCREEN, f"{name}: {first_bytes / 1024:.1f} KB of images before the first scroll (at most {FIRST_SCREEN // 1024})")
    check(whole_bytes <= WHOLE_PAGE, f"{name}: {whole_bytes / 1024:.1f} KB of images for the whole page (at most {WHOLE_PAGE // 1024})")
    broken = driver.execute_script("return [...document.images].filter(i => i.complete && i.naturalWidth === 0).map(i => i.src)")
    check(not broken, f"{name}: no broken image {broken[:3]}")
    covers = driver.execute_script("""return [...document.images].filter(i => /\\/covers\\//.test(i.currentSrc || i.src))
      .map(i => [i.currentSrc, i.getAttribute('width'), i.getAttribute('height')])""")
    check(bool(covers) and all(w and h for _, w, h in covers), f"{name}: {len(covers)} covers shown from resized squares, each with width and height")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--journal", default=os.path.join(ROOT, ".build", "debug", "journal"))
    parser.add_argument("--days", type=int, default=120)
    parser.add_argument("--covers", type=int, default=12)
    args = parser.parse_args()
    journal = os.path.abspath(args.journal)
    with tempfile.TemporaryDirectory() as work:
        source, site = os.path.join(work, "journal"), os.path.join(work, "site")
        subprocess.run([sys.executable, MAKER, source, "--days", str(args.days), "--covers", str(args.covers)], check=True, stdout=subprocess.DEVNULL)
        sides = sorted({Image.open(p).size for p in glob.glob(os.path.join(source, "static", "artwork", "*.jpg"))})
        check(sides == [(600, 600), (1200, 1200), (3000, 3000)] or args.covers < 3,
              f"the covers are squares of 600, 1200 and 3000 px ({', '.join(f'{w}x{h}' for w, h in sides)})")
        started = time.monotonic()
        subprocess.run([journal, "build", "--quiet", "--source", source, "--output", site], check=True)
        print(f"  first build: {time.monotonic() - started:.1f} s")

        originals = [p for p in glob.glob(os.path.join(site, "**", "*.html"), recursive=True)
                     if re.search(r'(src|srcset|content)="[^"]*/artwork/cover-', open(p, encoding="utf-8").read())]
        check(not originals, f"no page names an original cover ({len(originals)} do: {originals[:2]})")

        months = sorted(glob.glob(os.path.join(site, "[0-9][0-9][0-9][0-9]", "[0-9][0-9]", "index.html")))
        reviews = sorted(glob.glob(os.path.join(site, "[0-9][0-9][0-9][0-9]", "review", "index.html")))
        server, base = serve(site)
        driver = phone()
        try:
            weigh(driver, base + "/" + os.path.relpath(os.path.dirname(months[-1]), site) + "/", "the newest month")
            weigh(driver, base + "/", "the home page")
            if reviews:
                weigh(driver, base + "/" + os.path.relpath(os.path.dirname(reviews[-1]), site) + "/", "the newest year in review")
        finally:
            driver.quit()
            server.shutdown()

        packs = {p: os.stat(p).st_mtime_ns for p in glob.glob(os.path.join(source, ".journal-cache", "covers", "*.pack"))}
        check(len(packs) > 0, f"{len(packs)} covers kept in .journal-cache/covers")
        day = sorted(glob.glob(os.path.join(source, "content", "diary", "**", "*.md"), recursive=True))[-1]
        with open(day, "a", encoding="utf-8") as file:
            file.write("\nOne more line.\n")
        started = time.monotonic()
        subprocess.run([journal, "build", "--quiet", "--source", source, "--output", site], check=True)
        print(f"  second build: {time.monotonic() - started:.1f} s")
        after = {p: os.stat(p).st_mtime_ns for p in glob.glob(os.path.join(source, ".journal-cache", "covers", "*.pack"))}
        check(after == packs, "a second build resized no cover")

    failed = sum(1 for ok, _ in results if not ok)
    print(f"{len(results) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
