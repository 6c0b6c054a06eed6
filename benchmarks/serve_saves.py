#!/usr/bin/env python3
"""A writer saving while typing, against `journal serve`: SAVES saves of different days, GAP
seconds apart (an editor's save: a new file renamed over the day's file). For each save, the time
until the day's page, fetched over HTTP, shows the edit; then, from the last save, the time until
SAMPLE pages of the served site (HTML, feeds, search files, charts: everything but share cards,
which serve takes from `build`) are byte for byte what a clean `journal build` with serve's address
writes. Runs against a copy of a synthetic journal (never the original).

    python3 benchmarks/serve_saves.py --journal /tmp/j10 [--binary PATH] [--saves 10] [--gap 2]

Without --binary it builds release into .build-serve and uses that."""
import argparse, os, random, re, shutil, statistics, subprocess, sys, tempfile, threading, time
from urllib.parse import quote

from serve_reload import release_binary, response


def get(port, path):
    """The body of a 200 answer to GET `path`; empty for any other answer or none."""
    try:
        data = response(port, path)
    except OSError:
        return b""
    head, _, body = data.partition(b"\r\n\r\n")
    return body if head.startswith(b"HTTP/1.1 200") else b""


def served(port, relative):
    """The served bytes of a site file, as the browser gets them (HTML carries serve's reload
    script, which a build's page has not: it is cut out before comparing)."""
    path = "/" + quote(relative)
    if path.endswith("/index.html"):
        path = path[: -len("index.html")]
    body = get(port, path)
    return re.sub(rb"<script data-journal-serve>\n.*?</script>\n", b"", body, flags=re.S) if relative.endswith(".html") else body


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--journal", required=True)
    parser.add_argument("--binary")
    parser.add_argument("--saves", type=int, default=10)
    parser.add_argument("--gap", type=float, default=2.0)
    parser.add_argument("--sample", type=int, default=400)
    args = parser.parse_args()
    binary = release_binary(args.binary)

    work = tempfile.mkdtemp(prefix="serve-saves-")
    journal = os.path.join(work, "journal")
    shutil.copytree(args.journal, journal, symlinks=True)
    days = sorted(os.path.join(d, f) for d, _, fs in os.walk(os.path.join(journal, "content", "diary")) for f in fs if f.endswith(".md"))
    chosen = [days[len(days) * (index + 1) // (args.saves + 1)] for index in range(args.saves)]
    edits = []
    for index, day in enumerate(chosen):
        text = open(day, encoding="utf-8").read()
        marker = f"Saved while typing {index}"
        text = re.sub(r"^title: .*$", f"title: {marker}", text, count=1, flags=re.M) if re.search(r"^title: ", text, re.M) \
            else text.replace("---\n", f"---\ntitle: {marker}\n", 1)
        edits.append((day, marker, text))
    # What the site will be once every save is in: the same edits, in a copy built beforehand.
    edited = os.path.join(work, "edited")
    shutil.copytree(journal, edited, symlinks=True)
    for day, _, text in edits:
        with open(os.path.join(edited, os.path.relpath(day, journal)), "w", encoding="utf-8") as f:
            f.write(text)

    server = subprocess.Popen([binary, "serve", "--source", journal, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = []
    try:
        port = None
        while True:
            line = server.stdout.readline()
            if not line:
                sys.exit("journal serve ended")
            if m := re.search(r"http://127\.0\.0\.1:(\d+)/", line):
                port = int(m.group(1))
            if line.startswith("Built ") or line.startswith("Rebuilt"):
                break
        threading.Thread(target=lambda: [lines.append(l) for l in server.stdout], daemon=True).start()

        latencies = [None] * len(chosen)

        def watch(index, day_path, marker, start):
            while time.monotonic() - start < 60:
                if marker in get(port, day_path):
                    latencies[index] = time.monotonic() - start
                    return
                time.sleep(0.05)

        clean = os.path.join(work, "clean")
        subprocess.run([binary, "build", "--quiet", "--source", edited, "--output", clean, "--base-url", f"http://127.0.0.1:{port}/"], check=True)
        files = sorted(os.path.relpath(os.path.join(d, f), clean) for d, _, fs in os.walk(clean) for f in fs
                       if not f.endswith(".jpg") and not f.startswith(".journal"))
        random.seed(1)
        sample = random.sample(files, min(args.sample, len(files)))
        expected = {relative: open(os.path.join(clean, relative), "rb").read() for relative in sample}

        watchers = []
        for index, (day, marker, text) in enumerate(edits):
            temporary = os.path.join(os.path.dirname(day), f".save-{index}.tmp")
            with open(temporary, "w", encoding="utf-8") as f:
                f.write(text)
            start = time.monotonic()
            os.rename(temporary, day)
            date = os.path.basename(day)[:-3]
            watcher = threading.Thread(target=watch, args=(index, "/" + date.replace("-", "/") + "/", marker.encode(), start))
            watcher.start()
            watchers.append(watcher)
            if index < len(chosen) - 1:
                time.sleep(args.gap)
        last = time.monotonic()
        differing = sample
        while differing and time.monotonic() - last < 120:
            differing = [relative for relative in differing if served(port, relative) != expected[relative]]
            if differing:
                time.sleep(0.1)
        settled = time.monotonic() - last
        for watcher in watchers:
            watcher.join()

        shown = [latency for latency in latencies if latency is not None]
        for index, latency in enumerate(latencies):
            print(f"save {index + 1}: the page shows it after {latency * 1000:.0f} ms" if latency is not None else f"save {index + 1}: not shown within 60 s")
        if shown:
            print(f"edit to page: median {statistics.median(shown) * 1000:.0f} ms, worst {max(shown) * 1000:.0f} ms over {len(shown)} saves ({len(days)} days)")
        print(f"the {len(sample)} sampled files equal a clean build {settled:.2f} s after the last save"
              + (f" ({len(differing)} still differ: {differing[:5]})" if differing else ""))
        print(f"serve said: {len([l for l in lines if l.startswith('Rebuilt')])} rebuilds")
    finally:
        server.send_signal(2)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
