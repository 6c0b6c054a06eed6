#!/usr/bin/env python3
"""Benchmark `journal build` against Hugo on the same synthetic journals.

Usage: python3 benchmarks/bench.py [--sizes 365,3653,18262] [--runs 5] [--work DIR] [--no-hugo]
                                   [--binary PATH]

Builds journal in release mode (or measures --binary), generates each journal with
benchmarks/make_journal.py (and its Hugo site), then for each size runs `journal build` and
`hugo` alternately, several times each, and prints medians, the journal/Hugo ratio, peak memory
(from /usr/bin/time -v), the per-stage breakdown of `journal build --verbose`, a no-change
rebuild and a rebuild after one entry changed. The first journal build of each size starts
without `.journal-cache/`, so it draws every share card; its time is printed apart, and the later
runs take the cards from the cache.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAKE_JOURNAL = os.path.join(ROOT, "benchmarks", "make_journal.py")
JOURNAL = os.path.join(ROOT, ".build", "release", "journal")


def settle():
    """Flushes what earlier runs left in the page cache, so their write-back does not land in
    the next timed run (whichever tool that is)."""
    subprocess.run(["sync"], check=True)


def run_timed(command, env=None):
    """Runs a command under /usr/bin/time -v; returns (wall seconds, peak RSS MB, stdout).
    The CPU seconds (user + system) of the last run are kept in `run_timed.cpu`."""
    settle()
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-v"] + command, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{result.stdout}\n{result.stderr}")
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr)
    cpu = [float(m) for m in re.findall(r"(?:User|System) time \(seconds\): ([\d.]+)", result.stderr)]
    run_timed.cpu = sum(cpu)
    return wall, (int(peak.group(1)) / 1024 if peak else float("nan")), result.stdout


def stages(output):
    """Per-stage seconds from `journal build --verbose`."""
    return {m.group(1): float(m.group(2)) for m in re.finditer(r"^\s+(\w+)\s+([\d.]+) s$", output, re.M)}


def tree_size(folder):
    """Files and bytes under a folder."""
    sizes = [os.path.getsize(os.path.join(b, n)) for b, _, fs in os.walk(folder) for n in fs]
    return len(sizes), sum(sizes)


def mtimes(folder):
    found = {}
    for base, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(base, name)
            found[os.path.relpath(path, folder)] = os.stat(path).st_mtime_ns
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="365,3653,18262")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--work", default="/tmp/journal-bench")
    parser.add_argument("--no-hugo", action="store_true")
    parser.add_argument("--binary", help="the journal binary to measure (default: build release)")
    args = parser.parse_args()
    journal = os.path.abspath(args.binary) if args.binary else JOURNAL

    print("== machine")
    print(f"  cores: {os.cpu_count()}, {subprocess.run(['uname', '-srm'], capture_output=True, text=True).stdout.strip()}")
    if not args.binary:
        subprocess.run(["swift", "build", "-c", "release", "--product", "journal"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    use_hugo = not args.no_hugo and shutil.which("hugo") is not None
    if not args.no_hugo and not use_hugo:
        print("  hugo not found (apt-get install -y hugo); measuring journal alone")
    if use_hugo:
        print("  " + subprocess.run(["hugo", "version"], capture_output=True, text=True).stdout.strip())

    os.makedirs(args.work, exist_ok=True)
    results = []
    for days in [int(s) for s in args.sizes.split(",")]:
        source = os.path.join(args.work, f"j{days}")
        if not os.path.exists(os.path.join(source, "journal.yaml")):
            subprocess.run([sys.executable, MAKE_JOURNAL, source, "--days", str(days), "--hugo"], check=True,
                           stdout=subprocess.DEVNULL)
        stale = [os.path.join(args.work, name) for name in os.listdir(args.work)
                 if name.startswith((f"out-j{days}-", f"out-h{days}-"))]
        if stale:
            for folder in stale:
                shutil.rmtree(folder, ignore_errors=True)
            settle()
            time.sleep(31)
        # The first run draws every share card (no .journal-cache/ yet); the later ones take the
        # cards from the cache, as every build after a user's first does. Both are reported.
        shutil.rmtree(os.path.join(source, ".journal-cache"), ignore_errors=True)
        journal_times, journal_peaks, hugo_times, hugo_peaks = [], [], [], []
        journal_cpu, hugo_cpu = [], []
        breakdown = []
        outputs = []
        for run in range(args.runs):
            # Full builds, each into a folder that does not exist yet, so every run writes
            # everything. Nothing is deleted between runs: on ext4 without a journal (as here),
            # inodes freed in the last 30 s are skipped one by one when new files are made,
            # which made a build after `rm -rf` of the previous output several times slower,
            # for Hugo as for journal.
            out_j = os.path.join(args.work, f"out-j{days}-{run}")
            outputs.append(out_j)
            wall, peak, out = run_timed([journal, "build", "--source", source, "--output", out_j, "--verbose"])
            journal_times.append(wall)
            journal_cpu.append(run_timed.cpu)
            journal_peaks.append(peak)
            breakdown.append(stages(out))
            if use_hugo:
                out_h = os.path.join(args.work, f"out-h{days}-{run}")
                outputs.append(out_h)
                # --buildFuture: the 50-year journal runs to 2065, and Hugo leaves out entries dated
                # after today unless told otherwise; journal builds every entry.
                wall, peak, _ = run_timed(["hugo", "--quiet", "--buildFuture", "-s", os.path.join(source, "hugo-site"), "-d", out_h])
                hugo_times.append(wall)
                hugo_cpu.append(run_timed.cpu)
                hugo_peaks.append(peak)

        # A no-change rebuild over the last full build.
        before = mtimes(out_j)
        rebuild = [run_timed([journal, "build", "--source", source, "--output", out_j, "--quiet"])[0] for _ in range(args.runs)]
        touched = sum(1 for path, mtime in mtimes(out_j).items() if before.get(path) != mtime)

        # One entry changed: append a line to the newest diary file, rebuild, restore it.
        newest = max((os.path.join(b, n) for b, _, fs in os.walk(os.path.join(source, "content", "diary")) for n in fs))
        with open(newest, encoding="utf-8") as f:
            original = f.read()
        try:
            with open(newest, "a", encoding="utf-8") as f:
                f.write("\nOne more line for the benchmark.\n")
            before = mtimes(out_j)
            one_change = run_timed([journal, "build", "--source", source, "--output", out_j, "--quiet"])[0]
            rewritten = sum(1 for path, mtime in mtimes(out_j).items() if before.get(path) != mtime)
        finally:
            with open(newest, "w", encoding="utf-8") as f:
                f.write(original)
        run_timed([journal, "build", "--source", source, "--output", out_j, "--quiet"])
        files = sum(len(fs) for _, _, fs in os.walk(out_j))
        size_j = tree_size(out_j)
        size_h = tree_size(out_h) if use_hugo else None

        # Clean up, and let the freed inodes age (see above) before the next size.
        for folder in outputs:
            shutil.rmtree(folder, ignore_errors=True)
        settle()
        time.sleep(31)

        median_j = statistics.median(journal_times)
        row = {
            "days": days,
            "journal": median_j,
            "journal_peak": max(journal_peaks),
            "hugo": statistics.median(hugo_times) if hugo_times else None,
            "hugo_peak": max(hugo_peaks) if hugo_peaks else None,
            "stages": {k: statistics.median(b.get(k, 0) for b in breakdown) for k in breakdown[0]},
            "rebuild": statistics.median(rebuild),
            "rebuild_touched": touched,
            "one_change": one_change,
            "one_change_rewritten": rewritten,
            "files": files,
        }
        results.append(row)
        print(f"\n== {days} days ({row['files']} output files)")
        print(f"  journal first build, no card cache {journal_times[0]:.3f} s")
        print(f"  journal build   median {median_j:.3f} s  (runs: {', '.join(f'{t:.2f}' for t in journal_times)})  "
              f"CPU {statistics.median(journal_cpu):.2f} s  peak {row['journal_peak']:.0f} MB")
        if row["hugo"] is not None:
            print(f"  hugo            median {row['hugo']:.3f} s  (runs: {', '.join(f'{t:.2f}' for t in hugo_times)})  "
                  f"CPU {statistics.median(hugo_cpu):.2f} s  peak {row['hugo_peak']:.0f} MB")
            print(f"  ratio journal/hugo: {median_j / row['hugo']:.2f}")
        print("  stages (median): " + ", ".join(f"{k} {v:.3f} s" for k, v in row["stages"].items()))
        print(f"  output: journal {size_j[0]} files, {size_j[1] / 1e6:.1f} MB"
              + (f"; hugo {size_h[0]} files, {size_h[1] / 1e6:.1f} MB" if size_h else ""))
        print(f"  no-change rebuild median {row['rebuild']:.3f} s ({row['rebuild'] / median_j:.2f} x full), files whose mtime changed: {touched}")
        print(f"  one entry changed: {one_change:.3f} s, files rewritten: {rewritten}")

    if len(results) >= 2:
        by_days = {r["days"]: r for r in results}
        if 3653 in by_days and 18262 in by_days:
            print(f"\n50-year / 10-year time: {by_days[18262]['journal'] / by_days[3653]['journal']:.2f} (linear is 5.0)")


if __name__ == "__main__":
    main()
