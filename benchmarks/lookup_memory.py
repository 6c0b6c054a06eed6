#!/usr/bin/env python3
"""Peak memory of `journal enrich` and `journal add` when every service answers 1 GiB.

Usage: python3 benchmarks/lookup_memory.py [--journal .build/release/journal] [--size 1073741824]
                                           [--announce] [--limit-mb 100] [--keep DIR]

Starts an HTTP server on 127.0.0.1 (threads of this process) that answers every GET with 200
and a body of `--size` bytes generated on the fly, sent in 1 MiB pieces without a
Content-Length (the worst case: the client cannot refuse before reading; `--announce` sends the
length instead), as JSON for the services' API paths and as `image/jpeg` for `*.jpg`. Then writes
a small journal whose songs lack everything a lookup finds and whose days show covers from that
server, and runs, with every `JOURNAL_*_URL` pointing at the server, under `/usr/bin/time -v`:

- `journal enrich --source DIR` (searches each song, then downloads each day's remote cover);
- `journal add --source DIR --pick 1 "Someone Else Another Song"` (a song the journal does not
  have, so it is searched for).

Prints, for each run, the peak resident memory, the wall time, the exit status, the bytes the
server sent, and the last lines of the output; exits 1 when a peak is at or over `--limit-mb`.
Standard library only.
"""
import argparse
import http.server
import os
import re
import shutil
import socketserver
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PIECE = 1 << 20
SERVICES = ["ITUNES", "MUSICBRAINZ", "COVERART", "DEEZER", "ODESLI"]


class Counter:
    def __init__(self):
        self.lock = threading.Lock()
        self.sent = 0
        self.requests = []

    def add(self, count):
        with self.lock:
            self.sent += count


def make_handler(size, announce, counter):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.0"  # the body ends when the connection closes

        def log_message(self, *args):
            pass

        def do_GET(self):
            counter.requests.append(self.path)
            image = self.path.split("?")[0].endswith(".jpg")
            self.send_response(200)
            self.send_header("Content-Type", "image/jpeg" if image else "application/json")
            if announce:
                self.send_header("Content-Length", str(size))
            self.send_header("Connection", "close")
            self.end_headers()
            # A JPEG's or a JSON object's first bytes, then filler, so the start looks right.
            first = b"\xff\xd8\xff\xe0" if image else b'{"results": ['
            piece = first + b" " * (PIECE - len(first))
            filler = b" " * PIECE
            left = size
            try:
                while left > 0:
                    chunk = (piece if left == size else filler)[: min(PIECE, left)]
                    self.wfile.write(chunk)
                    counter.add(len(chunk))
                    left -= len(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass

    return Handler


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def write_journal(folder, base, days):
    os.makedirs(os.path.join(folder, "content", "diary", "2026", "01"), exist_ok=True)
    with open(os.path.join(folder, "journal.yaml"), "w") as out:
        out.write("title: Lookup memory\ntimezone: UTC\n")
    for day in range(1, days + 1):
        name = f"2026-01-{day:02d}"
        with open(os.path.join(folder, "content", "diary", "2026", "01", name + ".md"), "w") as out:
            out.write(
                "---\ntracks:\n"
                f"  - title: Song {day}\n    artist: Artist {day}\n"
                f"    artwork: {base}/cover/{day}.jpg\n"
                "---\nA day.\n"
            )


def measure(label, command, env, counter, limit_mb):
    before = counter.sent
    start = time.monotonic()
    done = subprocess.run(["/usr/bin/time", "-v"] + command, env=env, capture_output=True, text=True, timeout=900)
    wall = time.monotonic() - start
    match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    peak_mb = int(match.group(1)) / 1024 if match else float("nan")
    sent_mb = (counter.sent - before) / (1 << 20)
    # /usr/bin/time's own lines come last; the tool's output before them.
    said = [line for line in (done.stdout + done.stderr).splitlines() if not line.startswith("\t")]
    print(f"{label}: peak {peak_mb:.1f} MB, {wall:.1f} s, exit {done.returncode}, server sent {sent_mb:.0f} MiB")
    for line in said[-8:]:
        print("    " + line[:200])
    return peak_mb < limit_mb


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--journal", default=os.path.join(ROOT, ".build", "release", "journal"))
    parser.add_argument("--size", type=int, default=1 << 30, help="bytes in every answer (default 1 GiB)")
    parser.add_argument("--days", type=int, default=3, help="days (songs and covers) in the journal")
    parser.add_argument("--announce", action="store_true", help="send Content-Length")
    parser.add_argument("--limit-mb", type=float, default=100)
    parser.add_argument("--keep", help="write the journal here and keep it")
    args = parser.parse_args()
    if not os.path.exists(args.journal):
        sys.exit(f"{args.journal} does not exist: build it with swift build -c release, or give --journal")

    counter = Counter()
    server = Server(("127.0.0.1", 0), make_handler(args.size, args.announce, counter))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    folder = args.keep or tempfile.mkdtemp(prefix="lookup-memory-")
    try:
        write_journal(folder, base, args.days)
        env = dict(os.environ)
        for service in SERVICES:
            env[f"JOURNAL_{service}_URL"] = base
        print(f"{args.size} bytes an answer ({'announced' if args.announce else 'no Content-Length'}), {base}, {folder}")
        ok = measure("enrich", [args.journal, "enrich", "--source", folder], env, counter, args.limit_mb)
        ok = measure("add", [args.journal, "add", "--source", folder, "--pick", "1", "Someone Else Another Song"], env, counter, args.limit_mb) and ok
        print(f"requests the server saw: {len(counter.requests)}")
    finally:
        server.shutdown()
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
