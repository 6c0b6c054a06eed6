#!/usr/bin/env python3
"""`journal serve` in headless Chromium, as a writer uses it: open a day page, save the day's file
with a new title and see it appear without a manual reload; break the file and see the overlay
with its path:line:column over the page; fix it and see the overlay go; a client sending a header
without an end is refused at once while the page keeps loading; Ctrl-C leaves nothing behind.

Usage: serve_test.py [--journal .build/debug/journal] [--screenshots DIR]

Serves a copy of this repository's sample journal (journal.yaml, content/, static/) on a free port.
Prints PASS/FAIL lines and a final "N passed, M failed"; exit 1 on any failure. Every wait is
bounded (20 s), and the whole run is under 2 minutes.
Needs: pip install selenium; apt-get install chromium chromium-driver.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
except ImportError:  # pragma: no cover
    print("FAIL setup: selenium is not installed (pip install selenium)")
    print("0 passed, 1 failed")
    sys.exit(1)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WAIT = 20
results = {"passed": 0, "failed": 0}


def report(ok: bool, name: str, detail: str = "") -> bool:
    results["passed" if ok else "failed"] += 1
    print(("PASS " if ok else "FAIL ") + name + (f": {detail}" if detail and not ok else ""), flush=True)
    return ok


def wait_for(condition, seconds: float = WAIT):
    deadline = time.monotonic() + seconds
    last = None
    while time.monotonic() < deadline:
        try:
            last = condition()
            if last:
                return last
        except Exception as error:  # the page may be reloading
            last = error
        time.sleep(0.1)
    return None


def save(path: str, text: str) -> None:
    """Saves as editors do: a new file, renamed over the old one."""
    temporary = os.path.join(os.path.dirname(path), ".serve-test.tmp")
    with open(temporary, "w", encoding="utf-8") as f:
        f.write(text)
    os.rename(temporary, path)


def make_driver(width: int, height: int) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    binary = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if os.path.exists(binary):
        options.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", f"--window-size={width},{height}"):
        options.add_argument(arg)
    driver_path = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
    service = Service(driver_path) if os.path.exists(driver_path) else Service()
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(30)
    return driver


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--journal", default=os.path.join(ROOT, ".build", "debug", "journal"))
    parser.add_argument("--screenshots")
    args = parser.parse_args()
    threading.Timer(110, lambda: (print("FAIL the run took over 110 s"), print(f"{results['passed']} passed, {results['failed'] + 1} failed"), os._exit(1))).start()

    work = tempfile.mkdtemp(prefix="journal-serve-test-")
    journal = os.path.join(work, "journal")
    os.makedirs(journal)
    shutil.copy(os.path.join(ROOT, "journal.yaml"), journal)
    shutil.copytree(os.path.join(ROOT, "content"), os.path.join(journal, "content"))
    if os.path.isdir(os.path.join(ROOT, "static")):
        shutil.copytree(os.path.join(ROOT, "static"), os.path.join(journal, "static"))
    days = sorted(os.path.join(d, f) for d, _, fs in os.walk(os.path.join(journal, "content", "diary")) for f in fs if f.endswith(".md"))
    day = days[-1]
    date = os.path.basename(day)[:-3]
    original = open(day, encoding="utf-8").read()
    relative = os.path.relpath(day, journal)

    # Its own temporary folder, to see that a stop leaves nothing in it.
    temporary = os.path.join(work, "tmp")
    os.makedirs(temporary)
    server = subprocess.Popen([args.journal, "serve", "--source", journal, "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              env=dict(os.environ, TMPDIR=temporary))
    lines: list[str] = []
    threading.Thread(target=lambda: [lines.append(line.rstrip()) for line in server.stdout], daemon=True).start()
    driver = None
    try:
        url = wait_for(lambda: next((m.group(0) for line in lines if (m := re.search(r"http://127\.0\.0\.1:\d+/", line))), None))
        built = wait_for(lambda: any(line.startswith("Built ") for line in lines), 60)
        if not report(bool(url and built), "serve starts and builds the sample journal", "\n".join(lines[-5:])):
            return 1
        page = url + date.replace("-", "/") + "/"
        driver = make_driver(1280, 900)
        driver.get(page)
        heading = lambda: driver.execute_script("var h = document.querySelector('h1'); return h ? h.textContent : '';")
        report(bool(wait_for(lambda: driver.execute_script("return !!document.querySelector('script[data-journal-serve]')"))),
               "the day page carries the reload script")

        # 1. An edit appears by itself.
        edited = re.sub(r"^title: .*$", "title: Edited while open", original, count=1, flags=re.M)
        if edited == original:
            edited = original.replace("---\n", "---\ntitle: Edited while open\n", 1)
        driver.execute_script("window.__notReloaded = true;")
        save(day, edited)
        report(bool(wait_for(lambda: "Edited while open" in heading())), "an edit shows without a manual reload", heading())
        report(not driver.execute_script("return window.__notReloaded === true"), "the page reloaded by itself")

        # 2. A broken file shows its place over the last good page.
        save(day, "---\ntitle: Broken\ntracks: [unclosed\n---\n")
        overlay_text = "return (function(){var h=document.querySelector('journal-serve-errors');return h&&h.shadowRoot?h.shadowRoot.textContent:'';})()"
        text = wait_for(lambda: driver.execute_script(overlay_text))
        where = re.search(re.escape(relative) + r":(\d+):(\d+):", text or "")
        report(bool(where), "a broken file shows an overlay with its path:line:column", text or "no overlay")
        report("Edited while open" in heading(), "the last good page stays under the overlay", heading())
        if args.screenshots and where:
            os.makedirs(args.screenshots, exist_ok=True)
            driver.save_screenshot(os.path.join(args.screenshots, "overlay-desktop.png"))
            phone = make_driver(390, 844)
            phone.get(page)
            wait_for(lambda: phone.execute_script(overlay_text))
            phone.save_screenshot(os.path.join(args.screenshots, "overlay-phone.png"))
            phone.quit()

        # 3. Fixing it takes the overlay away and shows the fix.
        save(day, edited.replace("Edited while open", "Fixed and saved"))
        report(bool(wait_for(lambda: "Fixed and saved" in heading() and not driver.execute_script(overlay_text))),
               "fixing the file removes the overlay and shows the fix", heading())

        # 4. A client sending a header without an end is refused at once; the page still loads.
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        started = time.monotonic()
        answer = b""
        with socket.create_connection(("127.0.0.1", port), timeout=10) as hostile:
            try:
                hostile.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: " + b"a" * 256 * 1024)
            except OSError:
                pass  # refused before all of it was sent
            try:
                while chunk := hostile.recv(65536):
                    answer += chunk
            except OSError:
                pass
        report(answer.startswith(b"HTTP/1.1 431 ") and time.monotonic() - started < 10,
               "a 256 KiB header line is answered 431 at once", repr(answer[:80]))
        driver.get(page)
        report(bool(wait_for(lambda: "Fixed and saved" in heading())), "the page still loads after it", heading())
    finally:
        if driver:
            driver.quit()
        server.send_signal(signal.SIGINT)
        try:
            status = server.wait(timeout=15)
            report(status == 0, "Ctrl-C stops serve cleanly", f"exit status {status}")
            left = os.listdir(temporary)
            report(not left, "Ctrl-C leaves nothing in the temporary folder", ", ".join(left))
        except subprocess.TimeoutExpired:
            server.kill()
            report(False, "Ctrl-C stops serve cleanly", "still running after 15 s")
        shutil.rmtree(work, ignore_errors=True)
    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    os._exit(code)
