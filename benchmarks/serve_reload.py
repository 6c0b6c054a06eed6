#!/usr/bin/env python3
"""Save-to-reload latency of `journal serve`: the time from an editor's save (write a new file,
rename it over the day's file) to the event that reloads the edited day's open page (`update`,
once the first pass has put it in place), and to `reload` (the whole site rebuilt), medians of 10
edits. Each time the day's page is fetched right after `update` and must show the edit. Runs
against a copy of a synthetic journal (never the original).

    python3 benchmarks/serve_reload.py [--journal /tmp/journal-bench/j3653] [--binary PATH] [--edits 10]

Without --binary it builds release into .build-serve and uses that."""
import argparse, os, re, shutil, socket, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def response(port, path):
    """The whole HTTP response to GET `path`, head and body, as bytes."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    return data


def get(port, path):
    return response(port, path).decode("utf-8", "replace")


def release_binary(binary):
    """`binary`, or journal built in release into .build-serve when none is given."""
    if binary:
        return binary
    subprocess.run(["swift", "build", "-c", "release", "--scratch-path", ".build-serve", "--product", "journal"], cwd=ROOT, check=True)
    return os.path.join(ROOT, ".build-serve", "release", "journal")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--journal", default="/tmp/journal-bench/j3653")
    parser.add_argument("--binary")
    parser.add_argument("--edits", type=int, default=10)
    args = parser.parse_args()
    binary = release_binary(args.binary)

    work = tempfile.mkdtemp(prefix="serve-bench-")
    journal = os.path.join(work, "journal")
    shutil.copytree(args.journal, journal, symlinks=True)
    days = sorted(os.path.join(d, f) for d, _, fs in os.walk(os.path.join(journal, "content", "diary")) for f in fs if f.endswith(".md"))
    day = days[len(days) // 2]
    original = open(day, encoding="utf-8").read()

    server = subprocess.Popen([binary, "serve", "--source", journal, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        port = None
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            line = server.stdout.readline()
            if not line:
                sys.exit("journal serve ended")
            print(line.rstrip())
            if m := re.search(r"http://127\.0\.0\.1:(\d+)/", line):
                port = int(m.group(1))
            if line.startswith("Built ") or line.startswith("Rebuilt"):
                break
        page = get(port, "/")
        token = re.search(r'encodeURIComponent\("([0-9a-z.]+)"\)', page).group(1)
        events = socket.create_connection(("127.0.0.1", port), timeout=60)
        events.sendall(f"GET /__journal/events?since={token} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        received = b""
        latencies = []
        date = os.path.basename(day)[:-3]
        day_path = "/" + date.replace("-", "/") + "/"
        to_update, to_reload = [], []
        for edit in range(args.edits):
            text = re.sub(r"^title: .*$", f"title: Bench edit {edit}", original, count=1, flags=re.M)
            if text == original:
                text = original.replace("---\n", f"---\ntitle: Bench edit {edit}\n", 1)
            temporary = os.path.join(os.path.dirname(day), f".bench-{edit}.tmp")
            with open(temporary, "w", encoding="utf-8") as f:
                f.write(text)
            start = time.monotonic()
            os.rename(temporary, day)
            updated = None
            while received.count(b"event: reload") <= edit:
                if updated is None and received.count(b"event: update") > edit:
                    updated = time.monotonic() - start
                    if f"Bench edit {edit}" not in get(port, day_path):
                        sys.exit(f"edit {edit + 1}: {day_path} did not show the edit after 'update'")
                chunk = events.recv(65536)
                if not chunk:
                    sys.exit("event stream closed")
                received += chunk
            reloaded = time.monotonic() - start
            if updated is None and received.count(b"event: update") > edit:
                updated = reloaded
            to_update.append(updated if updated is not None else reloaded)
            to_reload.append(reloaded)
            print(f"edit {edit + 1}: page reloads after {to_update[-1] * 1000:.0f} ms, whole site after {reloaded * 1000:.0f} ms")
            time.sleep(0.5)
        print(f"median save-to-reload of the edited page: {statistics.median(to_update) * 1000:.0f} ms; "
              f"of the whole site: {statistics.median(to_reload) * 1000:.0f} ms, over {len(to_update)} edits ({len(days)} days)")
    finally:
        server.send_signal(2)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
