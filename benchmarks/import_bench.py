#!/usr/bin/env python3
"""`journal import` on a heavy listener's ten years of Spotify: about 500,000 streams in 30 files of
the extended streaming history (the fields the real files have), generated deterministically.
Prints the wall time and peak memory of the import (median of --runs), and of a second run that
finds every day present.

    python3 benchmarks/import_bench.py [--plays 500000] [--files 30] [--runs 3] [--binary PATH]

Without --binary it builds release and uses .build/release/journal."""
import argparse, json, os, random, re, shutil, statistics, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def history(plays, files, folder):
    rng = random.Random(20261124)
    artists = [f"Artist {i}" for i in range(3000)]
    tracks = [(rng.choice(artists), f"Track {i}", f"Album {i // 10}", f"{i:022d}") for i in range(40000)]
    start = 1_483_228_800  # 2017-01-01
    step = (10 * 365 * 86_400) // plays
    per_file = (plays + files - 1) // files
    t = start
    for f in range(files):
        rows = []
        for _ in range(min(per_file, plays - f * per_file)):
            artist, title, album, uri = tracks[int(rng.paretovariate(1.2)) % len(tracks)]
            ms = rng.randint(5_000, 300_000)
            t += rng.randint(step // 2, step * 3 // 2)
            rows.append({
                "ts": __import__("time").strftime("%Y-%m-%dT%H:%M:%SZ", __import__("time").gmtime(t)),
                "platform": "android", "ms_played": ms, "conn_country": "KR", "ip_addr": "x.x.x.x",
                "master_metadata_track_name": title, "master_metadata_album_artist_name": artist,
                "master_metadata_album_album_name": album, "spotify_track_uri": f"spotify:track:{uri}",
                "episode_name": None, "episode_show_name": None, "spotify_episode_uri": None,
                "audiobook_title": None, "audiobook_uri": None, "audiobook_chapter_uri": None, "audiobook_chapter_title": None,
                "reason_start": "trackdone", "reason_end": rng.choice(["trackdone"] * 4 + ["fwdbtn"]),
                "shuffle": False, "skipped": ms < 30_000 and rng.random() < 0.5, "offline": False,
                "offline_timestamp": t, "incognito_mode": rng.random() < 0.01,
            })
        with open(os.path.join(folder, f"Streaming_History_Audio_{f:02d}.json"), "w") as out:
            json.dump(rows, out, indent=1)


def timed(command, cwd):
    result = subprocess.run(["/usr/bin/time", "-v"] + command, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}")
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", result.stderr)
    seconds = (int(wall.group(1) or 0) * 3600 + int(wall.group(2)) * 60 + float(wall.group(3))) if wall else float("nan")
    peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1)) / 1024
    return seconds, peak, result.stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--plays", type=int, default=500_000)
    parser.add_argument("--files", type=int, default=30)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--binary")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary) if args.binary else None
    if not binary:
        subprocess.run(["swift", "build", "-c", "release", "--product", "journal"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        binary = os.path.join(ROOT, ".build", "release", "journal")
    work = tempfile.mkdtemp(prefix="import-bench-")
    try:
        exports = os.path.join(work, "exports")
        os.makedirs(exports)
        history(args.plays, args.files, exports)
        size = sum(os.path.getsize(os.path.join(exports, f)) for f in os.listdir(exports))
        files = sorted(os.path.join(exports, f) for f in os.listdir(exports))
        print(f"{args.plays} plays in {len(files)} files, {size / 1e6:.0f} MB")
        firsts, peaks, again = [], [], []
        for run in range(args.runs):
            journal = os.path.join(work, f"j{run}")
            subprocess.run([binary, "init", journal], check=True, stdout=subprocess.DEVNULL)
            with open(os.path.join(journal, "journal.yaml")) as f:
                settings = re.sub(r"^timezone: .*$", "timezone: Asia/Seoul", f.read(), flags=re.M)
            with open(os.path.join(journal, "journal.yaml"), "w") as f:
                f.write(settings)
            seconds, peak, out = timed([binary, "import"] + files, journal)
            firsts.append(seconds)
            peaks.append(peak)
            print(f"  run {run + 1}: {seconds:.2f} s, peak {peak:.0f} MB; " + next(line for line in out.splitlines() if "days written" in line))
            seconds, peak2, out = timed([binary, "import"] + files, journal)
            again.append(seconds)
        print(f"import median {statistics.median(firsts):.2f} s, peak {max(peaks):.0f} MB; a second import (every day present) {statistics.median(again):.2f} s")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
