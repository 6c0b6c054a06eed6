#!/usr/bin/env python3
"""Kill test for `journal import`: an import stopped at any moment writes all its days and its listening log, or none.

  python3 .ci/gates/import_kill_test.py [--journal .build/debug/journal] [--days 1000]
                                        [--kills 12] [--seed 1] [--timeout 120] [--budget 90] [--keep]

Makes a journal with `journal init` (timezone UTC) holding three days of its own inside the
export's dates, and a Spotify extended streaming history with one play a day for DAYS days.
Imports it once into a copy to get the reference BEFORE + IMPORT (and the time it takes, T).
Then K times, on a fresh copy of the journal: starts the import and stops it, alternately with
SIGKILL and SIGINT, either at a moment spread over [0, 1.1 T] or up to 20 ms after its first day
appears in place (the window where days are being linked in, which a spread moment rarely hits).

  - SIGINT: the import exits 130 saying nothing was imported and the content is BEFORE, or it
    had decided already and the content is BEFORE + IMPORT (exit 0, or 130 once finished).
  - SIGKILL: when the content is neither, `journal check` must refuse (exit 1) naming
    `journal import --resume`; then `journal import --resume` must exit 0.

Either way the content folder must then be byte for byte BEFORE or BEFORE + IMPORT (hidden files
left out, as the build reads it), with no staging folder left, and the journal's own three days
untouched. Prints a line per kill, the counts and `N passed, M failed`; exits 1 on a failure.
Standard library only.
"""
import argparse
import datetime
import hashlib
import itertools
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time

# The build kill test's scaffolding (this script's own folder is on the path).
from kill_test import run_gate

STAGING_PREFIX = ".journal-import-"
OWN_DAYS = {
    "content/diary/1970/03/1970-03-01.md": "---\ntitle: Mine\ntracks:\n  - {title: My song, artist: Me}\n---\nMy own words.\n",
    "content/diary/1971/07/1971-07-15.md": "---\ntracks:\n  - {title: Another, artist: Me}\n---\n",
    "content/diary/1972/01/1972-01-02.md": "---\ntracks:\n  - {title: Third, artist: Me}\n---\nKept.\n",
}


def export(path, days):
    """A Spotify extended streaming history: one play a day, at noon UTC, from 1970-01-02."""
    start = datetime.datetime(1970, 1, 2, 12, 0, tzinfo=datetime.timezone.utc)
    rows = []
    for i in range(days):
        ended = start + datetime.timedelta(days=i)
        rows.append({"ts": ended.strftime("%Y-%m-%dT%H:%M:%SZ"), "ms_played": 200000 + i % 1000,
                     "master_metadata_track_name": f"Song {i % 997}",
                     "master_metadata_album_artist_name": f"Artist {i % 89}",
                     "master_metadata_album_album_name": f"Album {i % 211}",
                     "spotify_track_uri": f"spotify:track:{i:022d}", "reason_end": "trackdone",
                     "skipped": False, "incognito_mode": False})
    with open(path, "w") as f:
        json.dump(rows, f)


def content(journal):
    """What the build reads of content/ and of the listening log: relative path -> sha256, hidden
    names left out. The log's month files and the days are written all or nothing together."""
    found = {}
    for folder, folders, files in itertools.chain(os.walk(os.path.join(journal, "content")), os.walk(os.path.join(journal, "listening"))):
        folders[:] = [name for name in folders if not name.startswith(".")]
        for name in files:
            if name.startswith("."):
                continue
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                found[os.path.relpath(path, journal)] = hashlib.sha256(f.read()).hexdigest()
    return found


def leftovers(journal):
    """Every staging folder (or anything named like one) under content/ and listening/."""
    found = []
    for folder, folders, files in itertools.chain(os.walk(os.path.join(journal, "content")), os.walk(os.path.join(journal, "listening"))):
        found += [os.path.relpath(os.path.join(folder, n), journal) for n in folders + files if n.startswith(STAGING_PREFIX)]
    return found


FIRST_DAY = "content/diary/1970/01/1970-01-02.md"


def state(now, before, after):
    if now == before:
        return "none"
    if now == after:
        return "all"
    logged = "log written" if all(now.get(p) == after[p] for p in after if p.startswith("listening/")) else "log not written"
    days = [p for p in set(now) - set(before) if p.startswith("content/")]
    return f"HALF ({len(days)} of {len([p for p in set(after) - set(before) if p.startswith('content/')])} days, {logged})"


def run(command, timeout):
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    return done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--journal", default=".build/debug/journal")
    parser.add_argument("--days", type=int, default=1000)
    parser.add_argument("--kills", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--budget", type=float, default=90, help="seconds for the whole run: kills that would not fit are skipped, and said so")
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    binary = os.path.abspath(args.journal)
    if not os.access(binary, os.X_OK):
        sys.exit(f"import_kill_test: no journal binary at {binary} (swift build, or pass --journal)")
    run_gate("journal-import-kill-", args, lambda temp, results, deadline: kills(args, binary, temp, results, deadline))


def kills(args, binary, temp, results, deadline):
    rng = random.Random(args.seed)
    history = os.path.join(temp, "Streaming_History_Audio_1970.json")
    export(history, args.days)
    model = os.path.join(temp, "model")
    status, _, errors = run([binary, "init", model], args.timeout)
    if not results.check(status == 0, f"journal init: exit {status}: {errors}"):
        return
    config = os.path.join(model, "journal.yaml")
    with open(config) as f:
        text = f.read()
    with open(config, "w") as f:
        f.write("\n".join("timezone: UTC" if line.startswith("timezone:") else line for line in text.split("\n")))
    for relative, text in OWN_DAYS.items():
        os.makedirs(os.path.dirname(os.path.join(model, relative)), exist_ok=True)
        with open(os.path.join(model, relative), "w") as f:
            f.write(text)
    before = content(model)

    reference = os.path.join(temp, "reference")
    shutil.copytree(model, reference)
    clock = time.monotonic()
    status, out, errors = run([binary, "import", "--source", reference, history], args.timeout)
    span = time.monotonic() - clock
    after = content(reference)
    written = len([p for p in set(after) - set(before) if p.startswith("content/")])
    if not results.check(status == 0 and written == args.days - len(OWN_DAYS), f"the whole import: exit {status}, {written} days: {errors[:300]}"):
        return
    results.check(all(after[p] == before[p] for p in OWN_DAYS), "the whole import changed one of the journal's own days")
    results.check(not leftovers(reference), f"the whole import left {leftovers(reference)}")
    print(f"import of {args.days} plays into a journal of {len(OWN_DAYS)} days: {written} days in T = {span:.2f} s")

    counts = {}
    plan = []
    for number in range(args.kills):
        sig = signal.SIGKILL if number % 2 == 0 else signal.SIGINT
        # Every other pair waits for the first day in place: the moments days are being put in place.
        after_commit = (number // 2) % 2 == 1
        moment = rng.uniform(0, 0.02) if after_commit else rng.uniform(0, 1.1 * span)
        plan.append((sig, after_commit, moment))
    for number, (sig, after_commit, moment) in enumerate(plan, 1):
        if time.monotonic() + 2.5 * span > deadline:
            counts["skipped"] = counts.get("skipped", 0) + len(plan) - number + 1
            print(f"kills {number} to {len(plan)} skipped: over the budget")
            break
        journal = os.path.join(temp, f"kill-{number}")
        shutil.copytree(model, journal)
        process = subprocess.Popen([binary, "import", "--source", journal, history], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        clock = time.monotonic()
        if after_commit:
            while process.poll() is None and not os.path.exists(os.path.join(journal, FIRST_DAY)) and time.monotonic() - clock < args.timeout:
                time.sleep(0.0005)
            clock = time.monotonic()
        while process.poll() is None and time.monotonic() - clock < moment:
            time.sleep(0.0005)
        if process.poll() is None:
            process.send_signal(sig)
        out, errors = process.communicate(timeout=args.timeout)
        errors = errors.decode("utf-8", "replace")
        status = process.returncode
        name = "SIGKILL" if sig == signal.SIGKILL else "SIGINT"
        when = f"{moment * 1000:.1f} ms after the first day was in place" if after_commit else f"at {moment:.3f} s"
        seen = state(content(journal), before, after)
        line = f"kill {number}: {name} {when}: exit {status}, content {seen}"
        if sig == signal.SIGINT:
            if status == 0:
                results.check(seen == "all", f"{line}: exit 0 but not the whole import")
            elif status == -signal.SIGINT:
                # Before the import set its handler (at start-up): the default action, nothing written.
                results.check(seen == "none", f"{line}: ended by SIGINT's default action with days written")
            elif status == 130:
                results.check(seen in ("none", "all"), f"{line}: half an import after Ctrl-C")
                results.check(("nothing was imported" in errors) == (seen == "none"), f"{line}: stderr does not say what happened: {errors[-300:]}")
            else:
                results.check(False, f"{line}: exit {status} (expected 130, or 0 when it finished): {errors[-300:]}")
            results.check(not leftovers(journal), f"{line}: left {leftovers(journal)}")
        else:
            check_status, _, check_errors = run([binary, "check", "--source", journal], args.timeout)
            if seen.startswith("HALF"):
                results.check(check_status == 1 and "journal import --resume" in check_errors,
                              f"{line}: journal check on half an import: exit {check_status}: {check_errors[-300:]}")
            resume_status, resume_out, resume_errors = run([binary, "import", "--resume", "--source", journal], args.timeout)
            results.check(resume_status == 0, f"{line}: journal import --resume: exit {resume_status}: {resume_errors[-300:]}")
            recovered = state(content(journal), before, after)
            line += f"; after --resume: {recovered}" + (" (" + resume_out.strip().split(":")[0] + ")" if resume_out.strip() else "")
            results.check(recovered in ("none", "all"), f"{line}")
            results.check(not leftovers(journal), f"{line}: left {leftovers(journal)}")
            seen = recovered
        now = content(journal)
        results.check(all(now.get(p) == before[p] for p in OWN_DAYS), f"{line}: one of the journal's own days changed")
        print(line, flush=True)
        key = f"{name} {'placing' if after_commit else 'spread'}: {seen}"
        counts[key] = counts.get(key, 0) + 1
        shutil.rmtree(journal, ignore_errors=True)
    print("outcomes: " + "; ".join(f"{k} {n}" for k, n in sorted(counts.items())))


if __name__ == "__main__":
    main()
