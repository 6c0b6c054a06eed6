#!/usr/bin/env python3
"""Kill test for `journal build`: a build killed at any moment leaves the old site or the new one.

  python3 .ci/gates/kill_test.py [--journal .build/debug/journal] [--days 730] [--kills 30]
                                 [--seed 1] [--timeout 120] [--budget 300] [--keep]
                                 [--no-shape-change] [--make-journal PATH]

Makes a synthetic journal A (benchmarks/make_journal.py's, plus a page and a few static files)
and a journal B with real changes: six diary entries edited (title and a track), one deleted, two
added, the page edited, a page added (which changes the menu on every page), a static file
changed, and an output file that becomes a folder and a folder that becomes a file (static/notes,
static/links).
Builds A and B into fresh folders as references, times the rebuild of B over A (T), then K
times: builds A into OUT, starts the build of B into OUT, `kill -9`s it at a moment spread over
[0, 1.5 T], checks that OUT is wholly the old or the new site, and that a following build of B
succeeds, gives the new site and leaves no staging folder beside OUT. Then five rounds of two
builds (A and B) into one OUT at once: OUT must be wholly one site, a build that loses must exit
1 with a message, and a third build of B must give the new site.

The marker file `.journal-output` changes on every build and is left out of every comparison.
Prints a line per kill and per round, a summary, and `N passed, M failed`; exits 1 on a failure.
Standard library only.
"""
import argparse
import datetime
import hashlib
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAKE_JOURNAL = os.path.join(ROOT, "benchmarks", "make_journal.py")
MARKER = ".journal-output"
# A file beside OUT at most this big is taken for a lock file or similar, not a leftover.
SMALL_SIBLING = 64 * 1024
CONCURRENT_ROUNDS = 5


# ---------------------------------------------------------------------------------------------
# Results


class Results:
    """Counts checks and prints each failure as it happens."""

    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what):
        """Records one check; prints `FAIL: what` when it failed. Returns ok."""
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f"    FAIL: {what}", flush=True)
        return bool(ok)


# ---------------------------------------------------------------------------------------------
# Trees


def snapshot(folder):
    """What a site folder holds: (files, folders), files as relative path -> sha256 (symlinks and
    other non-files as a description), folders as a set of relative paths. The marker file is
    left out. None when the folder does not exist."""
    if not os.path.isdir(folder):
        return None
    files = {}
    folders = set()
    for root, dirnames, filenames in os.walk(folder):
        relative_root = os.path.relpath(root, folder)
        for name in dirnames + filenames:
            path = os.path.join(root, name)
            relative = name if relative_root == "." else os.path.join(relative_root, name)
            if relative == MARKER:
                continue
            if os.path.islink(path):
                files[relative] = "symlink to " + os.readlink(path)
            elif os.path.isdir(path):
                folders.add(relative)
            elif os.path.isfile(path):
                files[relative] = sha256_of(path)
            else:
                files[relative] = "not a regular file"
    return files, folders


def sha256_of(path):
    """The sha256 of a file's bytes, in hex."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def differences(tree, reference):
    """Relative paths where `tree` and `reference` differ (a file missing, extra or with other
    bytes; a folder missing or extra), sorted. A missing tree (None) differs everywhere."""
    files, folders = tree if tree is not None else ({}, set())
    ref_files, ref_folders = reference
    differ = {p for p in files.keys() | ref_files.keys() if files.get(p) != ref_files.get(p)}
    differ |= folders ^ ref_folders
    return sorted(differ)


def describe_state(tree, ref_old, ref_new, names):
    """Which of two sites `tree` is: ('old' | 'new' | 'mixed' | 'missing', a text for the
    report), `names` being what the text calls the two sites."""
    if tree is None:
        return "missing", "OUTPUT MISSING: the output folder does not exist"
    to_old = differences(tree, ref_old)
    to_new = differences(tree, ref_new)
    if not to_old:
        return "old", names[0]
    if not to_new:
        return "new", names[1]
    in_new = set(to_new)
    both = [p for p in to_old if p in in_new]
    example = ", ".join((both or to_new)[:3])
    return "mixed", (f"MIXED: {len(to_old)} paths differ from the {names[0]}, {len(to_new)} from the "
                     f"{names[1]}, {len(both)} from both (e.g. {example})")


# ---------------------------------------------------------------------------------------------
# Beside the output


def siblings(output):
    """Entries beside `output` in its parent folder, as (name, is_folder, size), sorted."""
    parent = os.path.dirname(output)
    found = []
    for name in sorted(os.listdir(parent)):
        path = os.path.join(parent, name)
        if path == output:
            continue
        is_folder = os.path.isdir(path) and not os.path.islink(path)
        found.append((name, is_folder, 0 if is_folder else os.lstat(path).st_size))
    return found


def leftovers(output):
    """Siblings of `output` a build must not leave behind: any folder (a staging folder) but the
    previous site kept for the next build (`.NAME.spare`), and any file bigger than a lock file
    would be. The parent folder holds nothing else of ours."""
    spare = "." + os.path.basename(output) + ".spare"
    return [name for name, is_folder, size in siblings(output) if (is_folder and name != spare) or size > SMALL_SIBLING]


def describe_siblings(output):
    """The siblings of `output` as text, e.g. `.site.lock (0 B)`, or `none`."""
    entries = siblings(output)
    if not entries:
        return "none"
    return ", ".join(f"{name}/" if is_folder else f"{name} ({size} B)" for name, is_folder, size in entries)


def remove_siblings(output):
    """Removes everything beside `output`, so one round's leftovers do not count again."""
    parent = os.path.dirname(output)
    for name, is_folder, _ in siblings(output):
        path = os.path.join(parent, name)
        if is_folder:
            shutil.rmtree(path)
        else:
            os.unlink(path)


def wipe_output(output):
    """Removes `output` and everything beside it."""
    remove_siblings(output)
    if os.path.isdir(output):
        shutil.rmtree(output)


# ---------------------------------------------------------------------------------------------
# Builds


class Setup:
    """The binary, the journals (by name: A, B, C), the reference trees of A and B, and the
    output folder every build of the test writes to."""

    def __init__(self, journal, sources, output, timeout):
        self.journal = journal
        self.sources = sources
        self.output = output
        self.timeout = timeout
        self.refs = {}

    def command(self, name, output=None):
        """The command line of one quiet build of journal `name` into `output` (default OUT)."""
        return [self.journal, "build", "--source", self.sources[name], "--output", output or self.output, "--quiet"]

    def build(self, name, output=None):
        """Builds journal `name` into `output` (default OUT) and waits. Returns (exit status, or
        None on timeout; stderr; seconds)."""
        start = time.monotonic()
        try:
            done = subprocess.run(self.command(name, output), stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, timeout=self.timeout)
            return done.returncode, done.stderr.decode("utf-8", "replace").strip(), time.monotonic() - start
        except subprocess.TimeoutExpired as expired:
            stderr = (expired.stderr or b"").decode("utf-8", "replace").strip()
            return None, stderr + f" (timed out after {self.timeout:.0f} s)", time.monotonic() - start

    def state(self, names=("old site", "new site")):
        """What OUT holds now, against sites A and B: see `describe_state`."""
        return describe_state(snapshot(self.output), self.refs["A"], self.refs["B"], names)


def short(stderr):
    """stderr of a build, on one line and not too long, for a FAIL line."""
    return " | ".join(line for line in stderr.splitlines() if line.strip())[:400]


def build_and_compare(results, what, setup, name):
    """Builds journal `name` into OUT; one check that it exits 0 and gives site `name`. On a
    failure, says what OUT holds now. Returns whether it passed."""
    status, stderr, _ = setup.build(name)
    if status != 0:
        _, now = setup.state(("site A", "site B"))
        return results.check(False, f"{what}: exit status {status}, the output is now {now}; stderr: {short(stderr)}")
    differ = differences(snapshot(setup.output), setup.refs[name])
    return results.check(not differ, f"{what}: exit 0, but {len(differ)} paths differ from site {name} "
                         f"(e.g. {', '.join(differ[:3])})")


def kill_build_at(setup, name, moment):
    """Starts a build of journal `name` into OUT and sends it SIGKILL `moment` seconds after the
    start. Returns (True if the kill ended it, False if it had finished; its exit status)."""
    start = time.monotonic()
    process = subprocess.Popen(setup.command(name), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    delay = start + moment - time.monotonic()
    if delay > 0:
        time.sleep(delay)
    if process.poll() is None:
        try:
            os.kill(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    try:
        status = process.wait(timeout=setup.timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        status = process.wait()
    # A build that exited on its own between poll() and kill() still reports its own status.
    return status == -signal.SIGKILL, status


# ---------------------------------------------------------------------------------------------
# Journals


def read(path):
    """A text file's content."""
    with open(path, encoding="utf-8") as f:
        return f.read()


def write(path, text):
    """Writes a text file, making its folder."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def diary_files(journal):
    """Every diary entry of a journal, as {date text: path}, in date order."""
    found = {}
    for root, _, names in os.walk(os.path.join(journal, "content", "diary")):
        for name in names:
            if re.fullmatch(r"\d{4}-\d{2}-\d{2}\.md", name):
                found[name[:-3]] = os.path.join(root, name)
    return dict(sorted(found.items()))


def diary_path(journal, date):
    """Where the entry for `date` (YYYY-MM-DD) goes, as make_journal.py lays it out."""
    return os.path.join(journal, "content", "diary", date[:4], date[5:7], date + ".md")


def all_dates_between(first, last):
    """Every date from `first` to `last` (YYYY-MM-DD), both included."""
    day = datetime.date.fromisoformat(first)
    end = datetime.date.fromisoformat(last)
    found = []
    while day <= end:
        found.append(day.isoformat())
        day += datetime.timedelta(days=1)
    return found


def next_day(date):
    """The day after `date` (YYYY-MM-DD)."""
    return (datetime.date.fromisoformat(date) + datetime.timedelta(days=1)).isoformat()


def make_journal_a(make_journal, folder, days, seed):
    """Writes journal A: make_journal.py's journal plus what it does not make (a page and static
    files, so that B can change them), including static/notes (a file) and static/links/ (a
    folder) whose kinds B swaps."""
    subprocess.run([sys.executable, make_journal, folder, "--days", str(days), "--seed", str(seed)],
                   check=True, stdout=subprocess.DEVNULL)
    write(os.path.join(folder, "content", "pages", "about.md"),
          "---\ntitle: \"About\"\n---\nA synthetic journal for the kill test.\n")
    write(os.path.join(folder, "static", "files", "readme.txt"), "Static file, version A.\n")
    write(os.path.join(folder, "static", "notes"), "notes is a file in A and a folder in B.\n")
    write(os.path.join(folder, "static", "links", "a.txt"), "links is a folder in A and a file in B.\n")


def make_journal_b(folder_a, folder_b, rng, shape_change):
    """Writes journal B, a copy of A with real changes; returns the changes, as text."""
    shutil.copytree(folder_a, folder_b)
    changes = []
    entries = diary_files(folder_b)
    dates = list(entries)
    picked = rng.sample(dates[1:-1], 7)
    edited, deleted = picked[:6], picked[6]

    for date in edited:
        path = entries[date]
        text = read(path)
        text = re.sub(r'^title: "(.*)"$', r'title: "Edited: \1"', text, count=1, flags=re.M)
        text = re.sub(r'^  - title: "(.*)"$', r'  - title: "\1 (edited)"', text, count=1, flags=re.M)
        write(path, text)
    changes.append(f"6 entries edited (title and first track's title): {', '.join(sorted(edited))}")

    os.unlink(entries[deleted])
    changes.append(f"{deleted} deleted")

    # One new entry on a day A did not log, one on the day after A's last entry: copies of other
    # entries with the date and title changed.
    gaps = [d for d in all_dates_between(dates[0], dates[-1]) if d not in entries]
    new_dates = [rng.choice(gaps), next_day(dates[-1])]
    for new_date, model_date in zip(new_dates, rng.sample(dates, 2)):
        text = read(entries[model_date])
        text = re.sub(r"^date: .*$", f"date: {new_date}", text, count=1, flags=re.M)
        text = re.sub(r"^title: .*$", f'title: "Added {new_date}"', text, count=1, flags=re.M)
        write(diary_path(folder_b, new_date), text)
    changes.append(f"{new_dates[0]} and {new_dates[1]} added")

    write(os.path.join(folder_b, "content", "pages", "about.md"),
          "---\ntitle: \"About this journal\"\n---\nA synthetic journal for the kill test, *edited* in B.\n")
    write(os.path.join(folder_b, "content", "pages", "colophon.md"),
          "---\ntitle: \"Colophon\"\n---\nA page only B has.\n")
    write(os.path.join(folder_b, "static", "files", "readme.txt"), "Static file, version B, longer.\n")
    changes.append("page about edited, page colophon added, static files/readme.txt changed")

    if shape_change:
        os.unlink(os.path.join(folder_b, "static", "notes"))
        write(os.path.join(folder_b, "static", "notes", "index.txt"), "notes is a folder in B.\n")
        shutil.rmtree(os.path.join(folder_b, "static", "links"))
        write(os.path.join(folder_b, "static", "links"), "links is a file in B.\n")
        changes.append("file /notes becomes folder /notes/, folder /links/ becomes file /links")
    return changes


def make_journal_c(folder_a, folder_c):
    """Writes journal C, where odd concurrent rounds start: A with a page of its own, which
    changes the menu on every page, so builds of A and of B over it both rewrite nearly every
    file (and neither is up to date)."""
    shutil.copytree(folder_a, folder_c)
    write(os.path.join(folder_c, "content", "pages", "imprint.md"),
          "---\ntitle: \"Imprint\"\n---\nOnly C has this page.\n")


# ---------------------------------------------------------------------------------------------
# Kills


def kill_moments(kills, span, rng):
    """`kills` moments spread over [0, span]: the middle of each of `kills` equal slices, moved
    by up to a quarter slice (seeded)."""
    return [span * (i + 0.5 + rng.uniform(-0.25, 0.25)) / kills for i in range(kills)]


def spread_order(count):
    """0 .. count-1 in an order whose every beginning covers the whole range evenly (0, 1/2, 1/4,
    3/4, 1/8 ... of the way: each index's bits reversed), so that kills skipped for time are
    spread over the span instead of all being the late ones."""
    bits = max(1, (count - 1).bit_length())

    def reversed_bits(i):
        return int(format(i, f"0{bits}b")[::-1], 2)

    return sorted(range(count), key=reversed_bits)


def count(counts, key):
    """Adds one to counts[key]."""
    counts[key] = counts.get(key, 0) + 1


def kill_round(results, number, moment, setup, counts):
    """One kill: A into OUT, B into OUT killed at `moment`, what OUT and its parent hold, then a
    build of B that must give site B and leave nothing beside OUT."""
    if not build_and_compare(results, f"kill {number}: build of A before the kill", setup, "A"):
        print(f"    (kill {number}: starting again from no output folder)")
        wipe_output(setup.output)
        status, stderr, _ = setup.build("A")
        if status != 0:
            print(f"kill {number:2d}: not done, A does not build into an empty folder: {short(stderr)}")
            return

    killed, status = kill_build_at(setup, "B", moment)
    state, text = setup.state()
    beside = describe_siblings(setup.output)
    if killed:
        print(f"kill {number:2d} at {moment:.3f} s: {text}; beside the output: {beside}", flush=True)
        count(counts, state)
        results.check(state in ("old", "new"), f"kill {number}: the output is not wholly the old or the new site")
    else:
        print(f"kill {number:2d} at {moment:.3f} s: finished before kill (exit status {status}, output: {text}); "
              f"beside the output: {beside}", flush=True)
        count(counts, "finished")
        results.check(status == 0 and state == "new",
                      f"kill {number}: the build ended on its own, but not with exit 0 and the new site")
    if leftovers(setup.output):
        count(counts, "staging after kill")

    if not build_and_compare(results, f"kill {number}: build of B after the kill", setup, "B"):
        count(counts, "next build failed")
    left = leftovers(setup.output)
    if not results.check(not left, f"kill {number}: left beside the output after the next build: {', '.join(left)}"):
        count(counts, "leftovers")
        remove_siblings(setup.output)


def run_kills(results, args, setup, span, rng, deadline):
    """All kills, in `spread_order`; stops early (and says so) when the next kill and the
    concurrent rounds would not fit before `deadline`. Returns the counts of outcomes."""
    counts = {}
    moments = kill_moments(args.kills, span, rng)
    order = spread_order(len(moments))
    start = time.monotonic()
    for done, index in enumerate(order, 1):
        kill_round(results, index + 1, moments[index], setup, counts)
        per_kill = (time.monotonic() - start) / done
        # A concurrent round (a build of C, two builds at once, a third build) costs about two
        # kill rounds.
        if done < len(order) and time.monotonic() + per_kill * (1 + 2 * CONCURRENT_ROUNDS) > deadline:
            skipped = sorted(i + 1 for i in order[done:])
            counts["skipped"] = len(skipped)
            print(f"kills {', '.join(map(str, skipped))}: skipped, they would not fit in --budget {args.budget:.0f} s")
            break
    return counts


# ---------------------------------------------------------------------------------------------
# Builds at once


def concurrent_round(results, number, setup):
    """Two builds (A and B) into one OUT at once. Each must exit 0, or 1 with a message on stderr
    (it lost the lock); OUT must then be wholly the site of a build that exited 0; a third build
    of B must give site B and leave nothing beside OUT. Odd rounds start from site C (neither
    build is up to date, both rewrite nearly every file), even rounds from no output folder.
    Returns what OUT held: 'old' (site A), 'new' (site B), 'mixed', 'missing' or 'not done'."""
    wipe_output(setup.output)
    if number % 2 == 1:
        status, stderr, _ = setup.build("C")
        if not results.check(status == 0, f"together {number}: build of C: exit status {status}: {short(stderr)}"):
            return "not done"
        start_state = "from site C"
    else:
        start_state = "from no output"
    order = ["B", "A"] if number in (2, 3) else ["A", "B"]

    start = time.monotonic()
    processes = [(name, subprocess.Popen(setup.command(name), stdout=subprocess.PIPE, stderr=subprocess.PIPE))
                 for name in order]
    outcomes = []
    for name, process in processes:
        try:
            _, stderr = process.communicate(timeout=max(1.0, setup.timeout - (time.monotonic() - start)))
        except subprocess.TimeoutExpired:
            process.kill()
            _, stderr = process.communicate()
        outcomes.append((name, process.returncode, stderr.decode("utf-8", "replace").strip()))
    seconds = time.monotonic() - start

    state, text = setup.state(("site A", "site B"))
    statuses = ", ".join(f"{name} exit {status}" for name, status, _ in outcomes)
    print(f"together {number} ({start_state}, {order[0]} started first, {seconds:.2f} s): {statuses}; "
          f"output: {text}", flush=True)
    for name, _, stderr in outcomes:
        if stderr:
            print(f"    {name} stderr: " + stderr[:500].replace("\n", "\n      "))

    clean = all(status == 0 or (status == 1 and stderr) for _, status, stderr in outcomes)
    results.check(clean, f"together {number}: each build must exit 0, or 1 with a message on stderr ({statuses})")
    succeeded = [name for name, status, _ in outcomes if status == 0]
    if len(succeeded) == 1:
        name = succeeded[0]
        results.check(state == ("old" if name == "A" else "new"),
                      f"together {number}: only {name} succeeded, but the output is not site {name} ({text})")
    else:
        results.check(succeeded and state in ("old", "new"),
                      f"together {number}: neither build succeeded" if not succeeded
                      else f"together {number}: the output is not wholly one site ({text})")

    build_and_compare(results, f"together {number}: a third build, of B", setup, "B")
    left = leftovers(setup.output)
    if not results.check(not left, f"together {number}: left beside the output: {', '.join(left)}"):
        remove_siblings(setup.output)
    return state


# ---------------------------------------------------------------------------------------------
# Main


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--journal", default=".build/debug/journal", help="the journal binary")
    parser.add_argument("--days", type=int, default=730, help="days of the synthetic journal")
    parser.add_argument("--kills", type=int, default=30, help="number of kills")
    parser.add_argument("--seed", type=int, default=1, help="seed of the journal, its changes and the kill moments")
    parser.add_argument("--timeout", type=float, default=120, help="seconds any one build may take")
    parser.add_argument("--budget", type=float, default=300,
                        help="seconds for the whole run: kills that would not fit are skipped, and said so")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder, for a look")
    parser.add_argument("--no-shape-change", action="store_true",
                        help="leave out the output file that becomes a folder and the folder that becomes a file")
    parser.add_argument("--make-journal", default=MAKE_JOURNAL, help="the synthetic journal generator")
    args = parser.parse_args()

    journal = os.path.abspath(args.journal)
    if not os.access(journal, os.X_OK):
        sys.exit(f"kill_test: no journal binary at {journal} (swift build, or pass --journal)")
    if not os.path.isfile(args.make_journal):
        sys.exit(f"kill_test: no {args.make_journal} (pass --make-journal)")
    run_gate("journal-kill-test-", args, lambda temp, results, deadline: run(args, journal, temp, results, deadline))


def run_gate(prefix, args, body):
    """Runs `body(temp, results, deadline)` in a temporary folder (kept with --keep), within
    `args.budget` seconds, then prints the time and the counts and exits 1 on any failure.
    The import kill test runs the same way."""
    started = time.monotonic()
    temp = tempfile.mkdtemp(prefix=prefix)
    results = Results()
    try:
        body(temp, results, started + args.budget)
    finally:
        if args.keep:
            print(f"kept {temp}")
        else:
            shutil.rmtree(temp, ignore_errors=True)
    print(f"took {time.monotonic() - started:.1f} s")
    print(f"{results.passed} passed, {results.failed} failed")
    sys.exit(1 if results.failed else 0)


def run(args, journal, temp, results, deadline):
    """Everything between making the temporary folder and removing it."""
    rng = random.Random(args.seed)
    sources = {name: os.path.join(temp, "journal-" + name.lower()) for name in "ABC"}
    make_journal_a(args.make_journal, sources["A"], args.days, args.seed)
    changes = make_journal_b(sources["A"], sources["B"], rng, not args.no_shape_change)
    make_journal_c(sources["A"], sources["C"])
    print(f"journal A: {len(diary_files(sources['A']))} entries over {args.days} days; journal B: " + "; ".join(changes))
    if args.no_shape_change:
        print("(--no-shape-change: no output file becomes a folder or back)")

    output = os.path.join(temp, "out", "site")
    os.makedirs(os.path.dirname(output))
    setup = Setup(journal, sources, output, args.timeout)

    for name in "AB":
        folder = os.path.join(temp, "ref-" + name, "site")
        os.makedirs(os.path.dirname(folder))
        status, stderr, seconds = setup.build(name, folder)
        if not results.check(status == 0, f"reference build of {name}: exit status {status}: {short(stderr)}"):
            return
        setup.refs[name] = snapshot(folder)
        files, folders = setup.refs[name]
        print(f"reference {name}: {len(files)} files, {len(folders)} folders, built in {seconds:.2f} s")
    if not results.check(differences(setup.refs["A"], setup.refs["B"]), "sites A and B are the same"):
        return

    # T: the rebuild of B over A, the build the kills interrupt; the slower of two, and the kills
    # spread over 1.5 T, so that some land after the swap into place (a build in the kill loop
    # also removes what the previous kill left, and takes longer than T).
    times = []
    for attempt in (1, 2):
        build_and_compare(results, f"build {attempt} of A into the output", setup, "A")
        status, stderr, seconds = setup.build("B")
        times.append(seconds)
        state, text = setup.state(("site A", "site B"))
        results.check(status == 0 and state == "new", f"rebuild {attempt} of B over A: exit status {status}, "
                      f"output: {text}" + (f"; stderr: {short(stderr)}" if stderr else ""))
        if status != 0 or state != "new":
            wipe_output(output)
    span = 1.5 * max(times)
    print(f"rebuild of B over A: T = {max(times):.3f} s (of {times[0]:.3f} and {times[1]:.3f} s); "
          f"beside the output: {describe_siblings(output)}")

    counts = run_kills(results, args, setup, span, rng, deadline)

    together = {}
    for number in range(1, CONCURRENT_ROUNDS + 1):
        count(together, concurrent_round(results, number, setup))

    print(f"kills: {args.kills} over [0, {span:.3f} s]: {counts.get('old', 0)} old site, "
          f"{counts.get('new', 0)} new site, {counts.get('finished', 0)} finished before kill, "
          f"{counts.get('mixed', 0)} mixed, {counts.get('missing', 0)} output missing"
          + (f", {counts['skipped']} skipped for time" if counts.get("skipped") else ""))
    print(f"after the kills: a staging folder (or other leftover) beside the output {counts.get('staging after kill', 0)} "
          f"times; the next build failed or gave another site {counts.get('next build failed', 0)} times "
          f"and left a leftover {counts.get('leftovers', 0)} times")
    names = {"old": "site A", "new": "site B", "mixed": "mixed", "missing": "output missing", "not done": "not done"}
    print(f"builds at once, {CONCURRENT_ROUNDS} rounds: output " + ", ".join(f"{names[k]} {n}" for k, n in sorted(together.items())))


if __name__ == "__main__":
    main()
