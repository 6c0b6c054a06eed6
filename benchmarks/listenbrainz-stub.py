#!/usr/bin/env python3
"""A stand-in for ListenBrainz's listen API, for measuring `journal sync` (never for tests, which
use Tests/LookupStub). It answers GET /1/user/NAME/listens and /1/user/NAME/listen-count as the
service does (listenbrainz-server's timescale_listenstore.fetch_listens: with min_ts the `count`
oldest listens after it, newest first; with max_ts or neither the newest before it), from a
deterministic year of listens, and keeps a rate limit the way the service announces it:
X-RateLimit-Limit, -Remaining, -Reset-In on every answer and a 429 when a window is spent.

    python3 benchmarks/listenbrainz-stub.py --port 8099 --listens 20000 --limit 30 --window 10
    JOURNAL_LISTENBRAINZ_URL=http://127.0.0.1:8099 journal sync
"""

import argparse
import json
import random
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

ARTISTS = ["IU", "NewJeans", "aespa", "BTS", "Younha", "Lee Hi", "AKMU", "Zion.T", "Heize", "DAY6"]


def make_listens(count, start):
    rng = random.Random(37)
    listens = []
    moment = start
    for index in range(count):
        # Mostly a song's length apart; now and then several in one second (a batch submission).
        moment += 0 if rng.random() < 0.02 else rng.randint(120, 2400)
        artist = rng.choice(ARTISTS)
        title = f"Song {rng.randint(1, 400)}"
        listens.append({
            "inserted_at": moment + 30,
            "listened_at": moment,
            "recording_msid": f"{index:08d}-0000-4000-8000-000000000000",
            "user_name": "bench",
            "track_metadata": {
                "artist_name": artist,
                "track_name": title,
                "release_name": f"{artist} album",
                "additional_info": {"submission_client": "bench", "duration_ms": 200000},
            },
        })
    return listens


class Limiter:
    def __init__(self, limit, window):
        self.limit, self.window = limit, window
        self.lock = threading.Lock()
        self.start, self.used = time.monotonic(), 0

    def take(self):
        with self.lock:
            now = time.monotonic()
            if now - self.start >= self.window:
                self.start, self.used = now, 0
            reset = max(0, int(self.window - (now - self.start) + 0.999))
            if self.used >= self.limit:
                return False, 0, reset
            self.used += 1
            return True, self.limit - self.used, reset


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8099)
    parser.add_argument("--listens", type=int, default=20000)
    parser.add_argument("--start", type=int, default=1735689600, help="Unix seconds of the first listen (2025-01-01)")
    parser.add_argument("--limit", type=int, default=30, help="requests a window")
    parser.add_argument("--window", type=float, default=10, help="seconds")
    options = parser.parse_args()
    listens = make_listens(options.listens, options.start)
    limiter = Limiter(options.limit, options.window)
    stats = {"requests": 0, "refused": 0}

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def send(self, status, body, remaining, reset):
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("X-RateLimit-Limit", str(options.limit))
            self.send_header("X-RateLimit-Remaining", str(remaining))
            self.send_header("X-RateLimit-Reset-In", str(reset))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            stats["requests"] += 1
            allowed, remaining, reset = limiter.take()
            if not allowed:
                stats["refused"] += 1
                return self.send(429, {"code": 429, "error": "Too many requests"}, 0, reset)
            url = urlparse(self.path)
            query = {k: v[0] for k, v in parse_qs(url.query).items()}
            if url.path.endswith("/listen-count"):
                return self.send(200, {"payload": {"count": len(listens)}}, remaining, reset)
            if not url.path.endswith("/listens"):
                return self.send(404, {"code": 404, "error": "not found"}, remaining, reset)
            count = min(int(query.get("count", 25)), 1000)
            if "min_ts" in query:
                after = int(query["min_ts"])
                page = [item for item in listens if item["listened_at"] > after][:count]
                page.reverse()
            else:
                before = int(query.get("max_ts", 1 << 62))
                page = [item for item in listens if item["listened_at"] < before][-count:]
                page.reverse()
            payload = {"count": len(page), "listens": page, "user_id": "bench",
                       "latest_listen_ts": listens[-1]["listened_at"], "oldest_listen_ts": listens[0]["listened_at"]}
            self.send(200, {"payload": payload}, remaining, reset)

        def do_POST(self):
            self.send(405, {}, 0, 0)

    server = ThreadingHTTPServer(("127.0.0.1", options.port), Handler)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        print(json.dumps(stats))


if __name__ == "__main__":
    main()
