#!/usr/bin/env python3
"""How long `journal serve` takes to answer with the whole site: from starting the program to
its `Built … pages` line (the first build done, every page served). Runs it RUNS times and
prints each time and the median. The journal's cache is left as it is: build it first for the
warm-cache figure.

    python3 benchmarks/serve_start.py --binary .build/release/journal --source JOURNAL [--runs 3]
"""
import argparse
import statistics
import subprocess
import sys
import time


def once(binary, source):
    start = time.monotonic()
    process = subprocess.Popen([binary, "serve", "--source", source, "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        for line in process.stdout:
            if line.startswith("Built ") or line.startswith("Rebuilt "):
                return time.monotonic() - start, line.strip()
        return None, "serve ended before building"
    finally:
        process.terminate()
        process.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--source", required=True)
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    times = []
    for _ in range(arguments.runs):
        seconds, line = once(arguments.binary, arguments.source)
        if seconds is None:
            print(line, file=sys.stderr)
            return 1
        times.append(seconds)
        print(f"{seconds:.2f} s  {line}")
    print(f"median {statistics.median(times):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
