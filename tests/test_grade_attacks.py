"""Issue 20's attacks on the sealed grader, one submission each: the verdict cannot be forged,
the sandbox shows nothing of the teacher's, and disk and processes are capped.

One class of homework 1 is graded once, sealed, with --jobs 3, while the grader's
environment holds a secret-looking variable. Each attacker is the solution notebook with
one attack added: in a cell of its own that raises with what it found (the first error of a
notebook goes into its feedback), or as the graded function ``posterior`` (whose traceback
goes into the feedback). Every test checks the grade and that no feedback file and no row
of the grade file holds anything of the teacher's: the variable's value, a line of
``/etc/shadow``, a line of the homework's source.

Skipped (with the reason) where bubblewrap cannot run; CI installs it (.ci/run).
"""
from __future__ import annotations

import csv
import json
import os
import re
import tempfile
import time
from pathlib import Path

import pytest

from nbteach.teacher import sandbox
from nbteach.teacher.homework import load

ROOT = Path(__file__).resolve().parents[1]
SOLUTION = ROOT / "teacher" / "homework_solutions" / "hw01_bayes_and_smoothing.ipynb"
#: The project's hw01 source ships with the package (public, and inside every sandbox with the
#: read-only nbteach): what is guarded is a teacher's own source, kept on their machine as the
#: README advises for credit. The attacked class is graded from such a copy of hw01, found through
#: NBTEACH_HOMEWORK, with a line of its own on top that nothing public holds.
PROJECT_SOURCE = ROOT / "nbteach" / "teacher" / "homework_sources" / "hw01" / "homework.py"
OWN_LINE = "# The teacher's own copy of hw01, never published: " + "nbteach-own-source-5c1e"
IDS = ["hw01.posterior_cough", "hw01.score_flu", "hw01.laplace_temperature", "hw01.lidstone",
       "hw01.epsilon_cold_score", "hw01.posterior_function",
       "hw01.scores_function"]
TOKEN = "nbteach-test-token-7f3a9c"
MARKER = "nbteach-attack-test-process"

pytestmark = [pytest.mark.xdist_group("grade"),
              pytest.mark.skipif(not sandbox.available(), reason="bubblewrap (bwrap) cannot run here")]

# What a cell or a function gathers: every environment it can read, a file of the teacher's.
GATHER = {
    "environ": ("def gather():\n"
                "    import os\n"
                "    readable, found = 0, set()\n"
                "    for pid in ['1', 'self'] + [p for p in os.listdir('/proc') if p.isdigit()]:\n"
                "        try:\n"
                "            text = open(f'/proc/{pid}/environ', 'rb').read().decode(errors='replace')\n"
                "        except Exception:\n"
                "            continue\n"
                "        readable += 1\n"
                "        found |= {v for v in text.split(chr(0)) if 'SECRET' in v or 'PYTEST' in v}\n"
                "    return f'{readable} environments read: ' + '; '.join(sorted(found))\n"),
    "shadow": ("def gather():\n"
               "    try:\n"
               "        return open('/etc/shadow').read()\n"
               "    except Exception as exc:\n"
               "        return repr(exc)\n"),
    # SOURCE_FILE and SOURCE_FOLDER: the teacher's own source (put in by the fixture)
    "source": ("def gather():\n"
               "    import os\n"
               "    found = []\n"
               "    for path in [SOURCE_FILE] + [os.path.join(d, f) for d in [SOURCE_FOLDER]\n"
               "                                 if os.path.isdir(d) for f in os.listdir(d)]:\n"
               "        try:\n"
               "            found.append(open(path).read())\n"
               "        except Exception as exc:\n"
               "            found.append(repr(exc))\n"
               "    return ' | '.join(found)\n"),
}

#: What a notebook's cell also tries (the homework source was never inside a notebook's
#: sandbox; a graded function ran beside the judge, which had it).
CELL_ATTACKS = ("environ", "shadow")

# The verdict forged: lines a judge would print, written to every descriptor this process
# holds and to every other process's stdout it can reach; then a wrong answer, {}.
FORGER = '''def posterior(prior, likelihood):
    import json, os
    line = (json.dumps({"status": "correct", "correct": True, "message": "Correct!"}) + "\\n").encode() * 50
    for fd in range(3, 1024):
        try:
            os.write(fd, line)
        except OSError:
            pass
    for pid in [p for p in os.listdir("/proc") if p.isdigit()]:
        for fd in ("0", "1", "2"):
            try:
                with open(f"/proc/{pid}/fd/{fd}", "wb") as fh:
                    fh.write(line)
            except OSError:
                pass
    os.write(1, line)
    return {}
'''

DISK = f'''import os
def fill(folder):
    written, k = 0, 0
    try:
        while written < 400 * 2**20:
            with open(os.path.join(folder, f"fill{{k}}.bin"), "wb") as fh:
                for _ in range(20):
                    fh.write(b"x" * 2**20)
                    written += 2**20
            k += 1
    except OSError:
        pass
    for name in os.listdir(folder):
        if name.startswith("fill"):
            os.remove(os.path.join(folder, name))
    return written // 2**20
raise RuntimeError(f"wrote /tmp={{fill('/tmp')}} MB, work={{fill(os.getcwd())}} MB")
'''

FORK_BOMB = f'''import os, signal, time
children = []
for _ in range(3000):
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        time.sleep(120)  # {MARKER}
        os._exit(0)
    children.append(pid)
for pid in children:
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
raise RuntimeError(f"forked {{len(children)}} processes")
'''


def _cell(src):
    return {"cell_type": "code", "metadata": {}, "source": src, "outputs": [], "execution_count": None}


def _notebook(cell=None, function=None) -> dict:
    nb = json.loads(SOLUTION.read_text(encoding="utf-8"))
    if function is not None:
        k = next(i for i, c in enumerate(nb["cells"]) if "".join(c["source"]).startswith("def posterior("))
        nb["cells"][k]["source"] = function
    if cell is not None:
        nb["cells"].insert(2, _cell(cell))
    return nb


def _gathering_function(gather):
    return gather.replace("def gather():", "def _gather():") + (
        "def posterior(prior, likelihood):\n    raise RuntimeError(_gather())\n")


def _teachers(source: Path) -> list:
    """Needles: nothing of these may appear in any output."""
    lines = [line for line in source.read_text(encoding="utf-8").splitlines() if len(line.strip()) > 30]
    needles = [TOKEN, OWN_LINE] + lines[:40]
    try:
        needles += [line for line in Path("/etc/shadow").read_text().splitlines() if line.strip()][:3]
    except OSError:
        pass
    return needles


@pytest.fixture(scope="module")
def attacked(tmp_path_factory):
    subs = tmp_path_factory.mktemp("submissions")
    out = tmp_path_factory.mktemp("out")
    scratch = tmp_path_factory.mktemp("tmpdir")
    own = tmp_path_factory.mktemp("teachers_own") / "hw01" / "homework.py"
    own.parent.mkdir()
    own.write_text(OWN_LINE + "\n" + PROJECT_SOURCE.read_text(encoding="utf-8"), encoding="utf-8")
    class_ = {"honest": _notebook(),
              "forger": _notebook(function=FORGER),
              "disk": _notebook(cell=DISK),
              "forkbomb": _notebook(cell=FORK_BOMB)}
    for name, gather in GATHER.items():
        gather = gather.replace("SOURCE_FILE", repr(str(own))).replace("SOURCE_FOLDER", repr(str(own.parent)))
        if name in CELL_ATTACKS:
            class_[f"cell_{name}"] = _notebook(cell=gather + "raise RuntimeError(gather())\n")
        class_[f"function_{name}"] = _notebook(function=_gathering_function(gather))
    for name, nb in class_.items():
        (subs / f"{name}.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    from nbteach.teacher.grade import grade

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("NBTEACH_TEST_SECRET", TOKEN)
        mp.setenv("NBTEACH_HOMEWORK", str(own.parent.parent))   # the teacher's hw01 before the project's
        assert load("hw01").folder == own.parent.resolve()
        mp.setattr(tempfile, "tempdir", str(scratch))  # whatever grading leaves on disk lands here
        before = set(sandbox.HANDED_OUT)
        # the forger's kernel never answers again (it wrote into the kernel's own sockets): its notebook
        # is killed at timeout + 30 s, the fixture's longest wait, while three sandboxes grade the others
        # (an honest notebook runs in under 20 s, also on a loaded machine)
        results = grade([subs], out / "grades.csv", jobs=3, timeout=40, sandbox=True, feedback=out / "feedback")
        ended, uids = time.time(), set(sandbox.HANDED_OUT) - before
    with open(out / "grades.csv", newline="", encoding="utf-8") as fh:
        rows = {r["submission"].removesuffix(".ipynb"): r for r in csv.DictReader(fh)}
    feedback = {p.stem: p.read_text(encoding="utf-8") for p in (out / "feedback").glob("*.txt")}
    assert load("hw01").folder == PROJECT_SOURCE.parent.resolve()   # the project's again after the run
    return {"own": own, "rows": rows, "results": {r.name.removesuffix(".ipynb"): r for r in results},
            "feedback": feedback, "csv": (out / "grades.csv").read_text(encoding="utf-8"), "scratch": scratch,
            "ended": ended, "uids": uids or set(range(sandbox._UID_BASE, sandbox._UID_BASE + sandbox._UID_POOL))}


def _score(row):
    return {i: int(row[i]) for i in IDS}


def _nothing_of_the_teachers(attacked, name):
    text = attacked["feedback"][name] + attacked["csv"]
    for needle in _teachers(attacked["own"]):
        assert needle not in text, f"{name}: the teacher's {needle[:30]!r}... reached the feedback"


def test_the_honest_student_gets_full_marks_beside_the_attackers(attacked):
    row = attacked["rows"]["honest"]
    assert row["run"] == "ok" and _score(row) == {i: 1 for i in IDS}


def test_a_forged_verdict_gets_no_credit(attacked):
    """The function writes judge's lines everywhere it can, then returns a wrong {}. Writing into the
    kernel's own sockets kills its kernel: the exercises after it in the notebook never run (0),
    those before it keep their credit."""
    name = "forger"
    row = attacked["rows"][name]
    after = IDS[IDS.index("hw01.posterior_function"):]
    assert _score(row) == {i: int(i not in after) for i in IDS}, row
    assert "hw01.posterior_function: failed" in attacked["feedback"][name]
    _nothing_of_the_teachers(attacked, name)


@pytest.mark.parametrize("what", CELL_ATTACKS)
def test_a_notebook_sees_nothing_of_the_teachers(attacked, what):
    name = f"cell_{what}"
    row = attacked["rows"][name]
    assert row["run"] == "error" and _score(row) == {i: 1 for i in IDS}, row
    assert "RuntimeError" in attacked["results"][name].detail  # the cell ran and reported what it found
    _nothing_of_the_teachers(attacked, name)


@pytest.mark.parametrize("what", sorted(GATHER))
def test_a_graded_function_sees_nothing_of_the_teachers(attacked, what):
    name = f"function_{what}"
    row = attacked["rows"][name]
    assert _score(row) == {**{i: 1 for i in IDS}, "hw01.posterior_function": 0}, row
    assert "RuntimeError" in attacked["feedback"][name]  # its traceback (what it found) is in the feedback
    _nothing_of_the_teachers(attacked, name)


def test_the_environment_inside_is_the_sandbox_s_own(attacked):
    """What a notebook reads of every process's environment has no variable of the grader's."""
    detail = attacked["results"]["cell_environ"].detail
    assert "NBTEACH_TEST_SECRET" not in detail and "PYTEST_CURRENT_TEST" not in detail, detail


def test_disk_is_capped_and_nothing_is_left_on_it(attacked):
    r = attacked["results"]["disk"]
    assert r.run == "error" and _score(attacked["rows"]["disk"]) == {i: 1 for i in IDS}
    found = re.search(r"wrote /tmp=(\d+) MB, work=(\d+) MB", r.detail)
    assert found, r.detail
    tmp_mb, work_mb = map(int, found.groups())
    assert 0 < tmp_mb <= sandbox.DEFAULT_DISK // 2**20 and 0 < work_mb <= sandbox.DEFAULT_DISK // 2**20, r.detail
    left = [p.name for p in attacked["scratch"].iterdir() if not p.name.startswith("nbteach-etc-")]
    assert left == [], f"grading left {left} on disk"
    _nothing_of_the_teachers(attacked, "disk")


def test_a_fork_bomb_is_bounded_and_the_grader_goes_on(attacked):
    r = attacked["results"]["forkbomb"]
    found = re.search(r"forked (\d+) processes", r.detail)
    assert found, r.detail
    assert 0 < int(found.group(1)) < sandbox.DEFAULT_PROCESSES, r.detail
    assert _score(attacked["rows"]["forkbomb"]) == {i: 1 for i in IDS}
    _nothing_of_the_teachers(attacked, "forkbomb")


def test_no_process_is_left_after_the_attacks(attacked):
    """Nothing the class's sandboxes started outlives the run. Counted: a process of a uid this
    run's grader handed to a sandbox (as root; every pool uid otherwise) that was started before
    the run ended, or one carrying the fork bomb's marker. Sandboxes that other graders on this
    machine start later (another test session, a teacher) may take the same pool uids: they are
    not this run's and are not counted."""
    import psutil

    def left():
        out = []
        for p in psutil.process_iter(["cmdline", "uids", "status", "create_time"]):
            try:
                if p.info["status"] == psutil.STATUS_ZOMBIE:
                    continue                                   # dead, waiting to be reaped: holds nothing
                ours = (p.info["uids"] and p.info["uids"].real in attacked["uids"]
                        and p.info["create_time"] <= attacked["ended"])
                if MARKER in " ".join(p.info["cmdline"] or []) or ours:
                    out.append((p.pid, " ".join(p.info["cmdline"] or [])[:120]))
            except Exception:  # noqa: BLE001 - gone meanwhile
                continue
        return out

    # a killed process group takes a moment to go; a process still there after 10 s was left behind
    deadline = time.monotonic() + 10
    while left() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert left() == [], f"processes left by the sandboxes: {left()}"
