#!/usr/bin/env python3
"""Times `journal check` on Markdown bodies that make cmark-gfm 0.29.0.gfm.6 super-linear.

Usage: python3 benchmarks/pathological.py [--journal .build/release/journal] [--size 262044]
                                          [--only NAME[,NAME...]] [--timeout 120] [--keep DIR]

Each case is one diary body. "over" cases are the slow inputs (MarkdownBounds should report
them, and `check` should be quick because it does not parse them); "inside" cases are the worst
inputs just inside MarkdownBounds' limits (they must not be reported, and must parse quickly).
For each case the script writes a journal holding just that day (journal.yaml with `title: T`,
content/diary/2026-01-0N.md), runs `journal check --source DIR`, and prints the wall time,
the exit status and whether the output names the day's file. Standard library only.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FRONT = "---\ntracks: [{title: a, artist: b}]\n---\n"


def rep(unit, size, head="", tail=""):
    """`unit` repeated to fill `size` bytes between `head` and `tail`."""
    count = max(1, (size - len(head.encode()) - len(tail.encode())) // len(unit.encode()))
    return head + unit * count + tail


def table(columns, rows, row="a\n"):
    return "|a" * columns + "|\n" + "|-" * columns + "|\n" + row * rows


# name -> (kind, body generator taking a size in bytes). Times at 256 KB in the comments were
# measured with the cmark-gfm library and the options Markdown.swift uses.
CASES = {
    # From the brief.
    "table-2000x2000": ("over", lambda s: table(2000, 2000)),                          # 12 KB, 10 s via journal
    "www-underscore": ("over", lambda s: rep("www._", s)),                              # 128 KB: 19 s
    "quote-emphasis": ("over", lambda s: ">" * (s // 2) + rep("a*", s // 2)),           # 128 KB: 17 s
    # Nesting: every later line and delimiter walks every open container.
    "list-depth-blank-lines": ("over", lambda s: "- " * (s // 4) + "x\n" + "\n" * (s // 2)),
    "list-depth-lines": ("over", lambda s: "- " * (s // 4) + "x\n" + rep("  x\n", s // 2)),
    "list-depth-emphasis": ("over", lambda s: "- " * (s // 4) + rep("a*", s // 2)),
    "quote-depth-lazy-lines": ("over", lambda s: ">" * (s // 4) + "x\n" + rep("x\n", s // 2)),
    "quote-list-blank-lines": ("over", lambda s: "> " + "- " * (s // 4) + "x\n" + ">\n" * (s // 4)),
    "footnote-depth-blank-lines": ("over", lambda s: "[^a]\n\n" + "[^a]: " * (s // 12) + "x\n" + "\n" * (s // 2)),
    # Tables.
    "table-wide-header": ("over", lambda s: "|a" * (s // 6) + "|\n" + "|-" * (s // 6) + "|\n"),
    "table-wide-row": ("over", lambda s: "a|b\n-|-\n" + "|" * (s - 9) + "\n"),
    "table-padded-rows": ("over", lambda s: table(32, (s - 128) // 2)),
    "table-failed-delimiters": ("over", lambda s: rep("|a|b|\n|-|\n", s)),
    # Inline HTML openers without closers: each scans to the paragraph's end.
    "html-instruction": ("over", lambda s: rep("a <?", s)),
    "html-declaration": ("over", lambda s: rep("a <!A ", s)),
    "html-cdata": ("over", lambda s: rep("a <![CDATA[", s)),
    # Links walk back over unclosed image openers.
    "image-openers-links": ("over", lambda s: rep("![[]()", s)),
    "image-openers-then-links": ("over", lambda s: rep("![", s // 2) + rep("[a](b)", s // 2)),
    # Autolink extension.
    "email-at-signs": ("over", lambda s: rep("a" * 50 + "@", s)),
    "address-close-parens": ("over", lambda s: "www.a.b" + ")" * (s - 8)),
    # Link reference definitions copied into every use.
    "reference-copies": ("over", lambda s: "[a]: /" + "x" * (s // 2) + "\n\n" + rep("[a]", s // 2)),

    "table-4000x4000": ("over", lambda s: table(4000, 4000)),                          # 24 KB, 65 s via journal

    # Just inside the limits, at the full size.
    "inside-depth-32-emphasis": ("inside", lambda s: ">" * 32 + rep("a*", s - 33)),
    "inside-depth-32-blank-lines": ("inside", lambda s: "- " * 32 + "x\n" + "\n" * (s - 70)),
    "inside-depth-32-quote-list": ("inside", lambda s: "> " + "- " * 31 + "x\n" + rep(">\n", s - 70)),
    "inside-depth-32-footnotes": ("inside", lambda s: "[^a]\n\n" + "[^a]: " * 32 + "x\n" + "\n" * (s - 210)),
    "inside-table-128-columns": ("inside", lambda s: table(128, 50_000 // 128 - 2, "|a" * 128 + "|\n")),
    "inside-table-wide-rows": ("inside", lambda s: "a|b\n-|-\n" + rep("|" * 127 + "\n", s - 8)),
    "inside-table-cells": ("inside", lambda s: table(1, 49_990) + "\n" + rep("x ", s - 100_000)),
    "inside-failed-delimiters": ("inside", lambda s: rep("|" * 127 + "\n", 15_000) + "|-|\n\n" + rep("a ", s - 15_010)),
    "inside-html-openers": ("inside", lambda s: "a <?" * 64 + " <!A" * 64 + " <![CDATA[" * 64 + rep(" a", s - 1200)),
    "inside-image-links": ("inside", lambda s: "![" * 1000 + "[]()" * 999 + "\n\n" + rep("a ", s - 6000)),
    "inside-email-at-signs": ("inside", lambda s: rep(("a" * 4000 + "@") * 32 + " ", s)),
    "inside-www-underscore": ("inside", lambda s: rep(("_www." + "a" * 4000) * 8 + " ", s)),
    "inside-address-parens": ("inside", lambda s: rep("www.a.b/" + "x" * 4000 + ")" * 32 + " ", s)),
    "inside-reference-copies": ("inside", lambda s: "[a]: /" + "x" * 4000 + "\n\n" + "[a]" * 990),
}


def alias_bomb(levels):
    """A front matter whose nested alias list is used as a mapping key: ten times more per level."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for level in range(1, levels + 1):
        lines.append(f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 10) + "]")
    lines.append(f"? *a{levels}\n: boom")
    return "---\n" + "\n".join(lines) + "\ntracks: [{title: a, artist: b}]\n---\n"


def sparse_file(path, size):
    """A file of `size` bytes that takes no disk: reading it whole would take seconds and `size` of memory."""
    with open(path, "wb") as f:
        f.write(b"---\n")
        f.truncate(size)


# Inputs that are not a Markdown body: name -> function(journal folder, day file path).
SETUPS = {
    "yaml-alias-key-7-levels": lambda source, day: open(day, "w").write(alias_bomb(7)),
    "yaml-alias-key-9-levels": lambda source, day: open(day, "w").write(alias_bomb(9)),
    "file-3gb-sparse": lambda source, day: sparse_file(day, 3 << 30),
    "template-includes-itself-twice": lambda source, day: (
        open(day, "w").write(FRONT),
        os.makedirs(os.path.join(source, "templates", "partials")),
        open(os.path.join(source, "templates", "partials", "footer.mustache"), "w").write("{{> partials/footer}}{{> partials/footer}}\n")),
}


def run_case(journal, name, body, index, timeout, keep):
    source = tempfile.mkdtemp(prefix="pathological-", dir=keep)
    try:
        with open(os.path.join(source, "journal.yaml"), "w") as f:
            f.write("title: T\n")
        diary = os.path.join(source, "content", "diary")
        os.makedirs(diary)
        day = "2026-01-0%d.md" % (index % 9 + 1)
        if name in SETUPS:
            SETUPS[name](source, os.path.join(diary, day))
        else:
            with open(os.path.join(diary, day), "w") as f:
                f.write(FRONT + body)
        start = time.perf_counter()
        try:
            result = subprocess.run([journal, "check", "--source", source],
                                    capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return time.perf_counter() - start, None, False, ""
        elapsed = time.perf_counter() - start
        output = result.stdout + result.stderr
        reported = day in output or "templates/" in output
        first = next((line for line in output.splitlines() if day in line or "templates/" in line), "")
        return elapsed, result.returncode, reported, first
    finally:
        if keep is None:
            shutil.rmtree(source, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--journal", default=os.path.join(ROOT, ".build", "release", "journal"))
    parser.add_argument("--size", type=int, default=262144 - 100,
                        help="body size in bytes (default: just under the 256 KB file limit)")
    parser.add_argument("--only", default="", help="comma-separated case names")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--keep", default=None, help="write the journals under DIR and keep them")
    args = parser.parse_args()
    if not os.access(args.journal, os.X_OK):
        sys.exit(f"no journal binary at {args.journal} (swift build -c release, or pass --journal)")
    names = [n for n in args.only.split(",") if n] or list(CASES) + list(SETUPS)
    unknown = [n for n in names if n not in CASES and n not in SETUPS]
    if unknown:
        sys.exit("unknown case(s): " + ", ".join(unknown) + "\nknown: " + ", ".join(list(CASES) + list(SETUPS)))
    print(f"{'case':32} {'kind':6} {'body':>8} {'seconds':>8} {'exit':>4}  reported")
    for index, name in enumerate(names):
        kind, make = CASES.get(name, ("over", lambda size: ""))
        body = make(args.size)
        elapsed, code, reported, first = run_case(args.journal, name, body, index, args.timeout, args.keep)
        status = "timeout" if code is None else str(code)
        note = ("yes: " + first.strip()[:100]) if reported else "no"
        print(f"{name:32} {kind:6} {len(body.encode()):>8} {elapsed:>8.2f} {status:>4}  {note}", flush=True)


if __name__ == "__main__":
    main()
