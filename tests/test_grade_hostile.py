"""Issue 32's third class of hostile students: no byte a student controls runs or is decoded in
the grader's process, a blank notebook never scores, the student cannot write how the run
ended, and one odd notebook does not stop the class.

One class of homework 1 is released (a roster, a secret) and graded once, sealed, as the teacher
types it: ``python -m nbteach.grade ... --format canvas``, in a process of its own that carries
an audit hook (``sys.addaudithook``). The hook records every ``compile``, ``exec`` and unpickling
in the grader whose text or code holds the attackers' marker: the old reader of sympy answers
parsed a record's text (``ast.parse``, a ``compile`` event) and handed strings to ``sympify``
(``eval``), so on that code this fails. The students:

* alice: the worked solution (7/7);
* bob: blank, and a last cell that appends a record per exercise whose sympy answer is code
  that writes a file outside the sandbox and prints six "correct" verdicts on file descriptor 1;
* carol: blank, and the graded function writes a forged reply (outputs that are code, verdicts
  on every descriptor) and exits;
* erin: blank, and a record of a 6 Mbit / 6 Mbit Fraction per exercise;
* frank: a cell writes a read-only ``status.json`` beside the record saying "refused" with terminal
  escape sequences, then raises with escapes in its message;
* dave: hw02's notebook, released to him with the same secret, among hw01's.

Skipped (with the reason) where bubblewrap cannot run; CI installs it (.ci/run).
"""
from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from nbteach.teacher import sandbox
from nbteach.teacher.assign import assign
from nbteach.teacher.homework import load

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = "hw01_bayes_and_smoothing.ipynb"
IDS = load("hw01").exercise_ids
SECRET = "a secret the hostile class never sees"
MARK = "NBTEACH_PWN_MARK_3a7f"
VERDICT = json.dumps({"status": "correct", "correct": True, "message": "Correct!"})

pytestmark = [pytest.mark.xdist_group("grade"),
              pytest.mark.skipif(not sandbox.available(), reason="bubblewrap (bwrap) cannot run here")]

#: Run in the grader's process: the grader, with an audit hook that notes the marker wherever code is made.
GRADER = f"""
import json, sys
found = []
def hook(event, args):
    if event in ("compile", "exec", "pickle.find_class", "marshal.loads"):
        text = repr(args[0]) if event != "exec" else repr(getattr(args[0], "co_consts", ""))
        if {MARK!r} in text or event == "pickle.find_class":
            found.append([event, text[:200]])
sys.addaudithook(hook)
from nbteach.teacher.grade import main
code = main(sys.argv[2:])
open(sys.argv[1], "w").write(json.dumps(found))
sys.exit(code)
"""


def _payload(mark_file: Path) -> str:
    """What the attackers want evaluated, as an expression: a file written outside the sandbox, the
    grader's verdict replaced by one that always passes, six verdicts printed on fd 1."""
    code = (f"import json, os, pathlib\n"
            f"try:\n    pathlib.Path({str(mark_file)!r}).write_text({MARK!r})\nexcept Exception:\n    pass\n"
            f"try:\n    import nbteach.teacher.judge as j\n    j.verdict = lambda reply: (True, 'Correct!')\n"
            f"except Exception:\n    pass\n"
            f"os.write(1, {(VERDICT + chr(10)).encode()!r} * 6)\n")
    return f"__import__('builtins').exec({code!r})"


def _cell(src):
    return {"cell_type": "code", "metadata": {}, "source": src, "outputs": [], "execution_count": None}


def _append_records(nb: dict, answers: str) -> dict:
    """A last cell that appends a record line per exercise, with ``answers`` (Python text of a dict)."""
    nb["cells"].append(_cell(
        "import json, os\n"
        f"answers = {answers}\n"
        "with open(os.environ.get('NBTEACH_RECORD', os.devnull), 'a') as fh:\n"
        f"    for i in {IDS!r}:\n"
        "        fh.write(json.dumps({'id': i, 'lang': 'en', 'answer': answers}) + '\\n')\n"))
    return nb


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    base = tmp_path_factory.mktemp("hostile")
    mark = base / "outside" / "pwned.txt"
    mark.parent.mkdir()
    (base / "roster.csv").write_text("id,name\nalice,A\nbob,B\ncarol,C\ndave,D\nerin,E\nfrank,F\n", encoding="utf-8")
    (base / "secret.txt").write_text(SECRET + "\n", encoding="utf-8")
    assign("hw01", base / "release", base / "roster.csv", base / "secret.txt")
    assign("hw01", base / "key", base / "roster.csv", base / "secret.txt", solutions=True)
    assign("hw02", base / "release2", base / "roster.csv", base / "secret.txt")
    subs = base / "submissions"
    for sid in ("alice", "bob", "carol", "dave", "erin", "frank"):
        (subs / sid).mkdir(parents=True)

    def released(sid):
        return json.loads((base / "release" / sid / NOTEBOOK).read_text(encoding="utf-8"))

    (subs / "alice" / NOTEBOOK).write_text((base / "key" / "alice" / NOTEBOOK).read_text(encoding="utf-8"))
    code = _payload(mark)
    bob = _append_records(released("bob"), repr({"t": "sympy", "v": f"sin({code!r})"}))
    (subs / "bob" / NOTEBOOK).write_text(json.dumps(bob))
    carol = released("carol")
    forged = {"outcomes": [{"output": {"t": "sympy", "v": f"sin({code!r})"}, "error": None,
                            "timed_out": False, "mutated": []}] * 50}
    for cell in carol["cells"]:
        if "".join(cell["source"]).startswith("def posterior"):
            cell["source"] = ("def posterior(prior, likelihood):\n"
                              "    import os\n"
                              f"    line = {(json.dumps(forged) + chr(10) + VERDICT + chr(10)).encode()!r}\n"
                              "    for fd in range(1, 1024):\n"
                              "        try:\n"
                              "            os.write(fd, line)\n"
                              "        except OSError:\n"
                              "            pass\n"
                              "    os._exit(0)\n")
    (subs / "carol" / NOTEBOOK).write_text(json.dumps(carol))
    big = "0x" + "f" * 1_500_000   # 6 Mbit
    erin = _append_records(released("erin"), repr({"t": "frac", "n": big, "d": "0x" + "7" * 1_500_000}))
    (subs / "erin" / NOTEBOOK).write_text(json.dumps(erin))
    frank = released("frank")
    frank["cells"].insert(3, _cell(
        "import json, os\n"
        "status = os.path.join(os.path.dirname(os.environ.get('NBTEACH_RECORD', '/tmp/x')), 'status.json')\n"
        "open(status, 'w').write(json.dumps({'status': 'refused\\x1b[2J\\x1b]0;pwned\\x07', 'detail': '\\x1b[31m'}))\n"
        "os.chmod(status, 0o444)\n"
        "raise RuntimeError('boom \\x1b[2J\\x1b]0;title\\x07 \\u202e')\n"))
    (subs / "frank" / NOTEBOOK).write_text(json.dumps(frank))
    hw02 = load("hw02").notebook
    (subs / "dave" / hw02).write_text((base / "release2" / "dave" / hw02).read_text(encoding="utf-8"))
    out = base / "out"
    found = base / "audit.json"
    proc = subprocess.run([sys.executable, "-c", GRADER, str(found), str(subs), "--assignment", "hw01",
                           "--roster", str(base / "roster.csv"), "--secret-file", str(base / "secret.txt"),
                           "--out", str(out / "canvas.csv"), "--format", "canvas", "--jobs", "3",
                           "--timeout", "60"], capture_output=True, cwd=base, timeout=900)
    with open(out / "canvas.full.csv", newline="", encoding="utf-8") as fh:
        rows = {r["student"]: r for r in csv.DictReader(fh)}
    return {"proc": proc, "rows": rows, "mark": mark, "audit": json.loads(found.read_text()),
            "out": out, "canvas": (out / "canvas.csv").read_text(encoding="utf-8"),
            "feedback": {p.stem: p.read_text(encoding="utf-8") for p in (out / "feedback").glob("*.txt")}}


def _total(hostile, sid) -> int:
    return int(hostile["rows"][sid]["total"])


def test_the_class_is_graded_and_the_honest_student_gets_full_marks(hostile):
    assert hostile["proc"].returncode == 0, hostile["proc"].stderr.decode(errors="replace")[-2000:]
    assert _total(hostile, "alice") == 7 and hostile["rows"]["alice"]["run"] == "ok"


def test_no_code_of_a_student_ran_or_was_compiled_in_the_grader(hostile):
    assert hostile["audit"] == []
    assert not hostile["mark"].exists()


def test_answers_that_are_code_score_nothing(hostile):
    assert _total(hostile, "bob") == 0
    assert hostile["rows"]["bob"]["run"] == "ok"


def test_a_function_that_forges_its_reply_and_the_verdict_scores_nothing(hostile):
    assert _total(hostile, "carol") == 0
    assert hostile["rows"]["carol"]["hw01.posterior_function"] == "0"


def test_a_fraction_of_millions_of_bits_is_too_large_not_a_stall(hostile):
    assert _total(hostile, "erin") == 0
    assert hostile["feedback"]["erin"].count("too large") == len(IDS)


def test_the_student_cannot_write_how_the_run_ended_nor_reach_the_terminal(hostile):
    row = hostile["rows"]["frank"]
    assert row["run"].startswith("error"), row["run"]
    assert "refused" not in row["run"]
    assert "frank" in hostile["canvas"]                       # the row stays in the gradebook
    everything = (hostile["proc"].stderr.decode("utf-8", errors="replace") + hostile["canvas"]
                  + "".join(hostile["feedback"].values())
                  + (hostile["out"] / "canvas.full.csv").read_text(encoding="utf-8")
                  + (hostile["out"] / "canvas.mistakes.jsonl").read_text(encoding="utf-8"))
    assert not any(c in everything for c in ("\x1b", "\x07", "\u202e", "\r"))
    assert "boom" in hostile["feedback"]["frank"]


def test_one_notebook_of_another_assignment_is_that_students_row_not_the_class_stop(hostile):
    row = hostile["rows"]["dave"]
    assert row["run"].startswith("other assignment") and row["total"] == "0"
    assert "released as hw02" in hostile["proc"].stderr.decode()
    assert "dave" not in hostile["canvas"]                   # no grade of 0 sent to the gradebook


def test_the_mistakes_file_names_statuses_and_never_an_answer(hostile):
    lines = [json.loads(line) for line in (hostile["out"] / "canvas.mistakes.jsonl").read_text().splitlines()]
    assert {(r["student"], r["exercise"]) for r in lines} >= {("alice", i) for i in IDS}
    assert all(set(r) == {"student", "exercise", "status", "mistake", "lang"} for r in lines)
    assert not any(MARK in json.dumps(r) or "0xffff" in json.dumps(r) for r in lines)


# ---------------------------------------------------------------- limits of one sandbox
@pytest.mark.skipif(not sandbox.cgroups_available(), reason="no cgroup can be made here (grading as root needs one)")
def test_the_memory_limit_holds_for_the_whole_sandbox_not_each_process(tmp_path):
    """Three children of 600 MB each under a 1 GiB limit: the sandbox never holds more than the
    limit, so once each child has died or holds its memory, at most one holds it alive (the old
    limit was per process: all three held theirs). No fixed sleep: on a loaded machine a child may
    still be filling its memory after seconds."""
    from nbteach.teacher import autograde, runner

    nb = {"cells": [_cell(
        "import os, subprocess, sys, time\n"
        "child = ('import os, time\\n'\n"
        "         'b = bytearray(600 * 2**20)\\n'\n"
        "         'for k in range(0, len(b), 4096): b[k] = 1\\n'\n"
        "         'open(os.path.join(os.environ[\"HOME\"], \"held-%d\" % os.getpid()), \"w\").write(\"x\")\\n'\n"
        "         'time.sleep(30)\\n')\n"
        "kids = [subprocess.Popen([sys.executable, '-c', child]) for _ in range(3)]\n"
        "def holds(k):\n"
        "    return os.path.exists(os.path.join(os.environ['HOME'], 'held-%d' % k.pid))\n"
        "end = time.time() + 45\n"   # settled: each child has died or holds its 600 MB
        "while time.time() < end and not all(k.poll() is not None or holds(k) for k in kids):\n"
        "    time.sleep(0.2)\n"
        "alive = sum(k.poll() is None and holds(k) for k in kids)\n"
        "settled = all(k.poll() is not None or holds(k) for k in kids)\n"
        "raise RuntimeError(f'alive={alive} settled={settled}')\n")],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    run = autograde.run_notebook(json.dumps(nb).encode(), 90, "en", runner.library_root(),
                                 runner.Seal(True, 2**30))
    assert run.status == "error" and "alive=" in run.detail, (run.status, run.detail)
    assert "settled=True" in run.detail, run.detail
    alive = int(run.detail.split("alive=")[1].split()[0])
    assert alive <= 1, run.detail   # two living children holding 600 MB each do not fit in 1 GiB
    assert run.peak_memory is not None and run.peak_memory <= 2**30


def test_a_sandbox_shows_no_temporary_folder_of_the_grader_and_lists_no_folder_above_it():
    from nbteach.teacher import runner

    script = ("import os\n"
              "print(open('/proc/self/mountinfo').read())\n"
              "for d in ('/root', '/work', '/home'):\n"
              "    try:\n"
              "        print('LIST', d, os.listdir(d))\n"
              "    except OSError as exc:\n"
              "        print('NOLIST', d, type(exc).__name__)\n")
    done = runner.run([sys.executable, "-c", script], seal=runner.Seal(True), files={"given": b"x"}, timeout=60)
    text = done.stdout.decode()
    assert done.returncode == 0, done.stderr
    import tempfile

    assert "/proc" in text and tempfile.gettempdir() + "/nbteach" not in text, text
    listed = [line for line in text.splitlines() if line.startswith("LIST ")]
    assert listed == [], listed
    assert "NOLIST /root PermissionError" in text


# ---------------------------------------------------------------- graders side by side
@pytest.mark.skipif(not sandbox._root(), reason="sandbox uids are handed out only when grading as root")
def test_two_graders_never_hold_one_sandbox_uid(tmp_path):
    """The other grader starts its search where this one does (the same process id modulo the pool:
    the old rule only spread them apart) and holds its uid with no process running as it yet."""
    script = ("import os, sys, time\n"
              f"os.getpid = lambda: {os.getpid()}\n"
              "from nbteach.teacher import sandbox\n"
              "with sandbox.identity() as uid:\n"
              "    print(uid, flush=True)\n"
              "    time.sleep(60)\n")
    other = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        held = int(other.stdout.readline())
        with sandbox.identity() as mine:
            assert mine != held
    finally:
        other.kill()
        other.wait()


def test_a_second_grader_into_the_same_grade_file_stops(tmp_path, capsys):
    import fcntl

    from nbteach.teacher.grade import main

    (tmp_path / "a.ipynb").write_text(json.dumps({"cells": [_cell('exercise("00.flu_share").check(____)')],
                                                  "metadata": {}}))
    out = tmp_path / "out" / "grades.csv"
    out.parent.mkdir()
    with open(out.with_name("grades.csv.lock"), "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)   # as the first grader holds it
        assert main([str(tmp_path / "a.ipynb"), "--out", str(out), "--no-sandbox"]) == 2
    assert "another grader is writing" in capsys.readouterr().err
    assert not out.exists()


# ---------------------------------------------------------------- identity and slips
def test_ids_are_matched_after_unicode_normalisation_and_a_clash_is_never_resolved(tmp_path):
    from nbteach.teacher.collect import match_roster

    subs = tmp_path / "subs"
    files = ["\u212aate/" + NOTEBOOK,                       # a Kelvin sign: NFKC makes it K
             "kate/hw01-final.ipynb",
             "Ella/" + NOTEBOOK, "ella/hw01_bayes_and_smoothing (1).ipynb",
             "sam/" + NOTEBOOK, "sam/hw01 copy.ipynb"]
    for f in files:
        (subs / f).parent.mkdir(parents=True, exist_ok=True)
        (subs / f).write_text("{}")
    students = [("kate", ""), ("ella", ""), ("sam", "")]
    match = match_roster([subs], students, load("hw01"))
    jobs = dict(match.jobs)
    assert jobs["kate"] is None and jobs["ella"] is None            # never guessed
    assert "kate" in match.clashes and "--pick kate=" in match.clashes["kate"]
    assert "ella" in match.clashes
    assert jobs["sam"].name == NOTEBOOK and "released file name" in match.chosen["sam"]
    listed = {label for label, run, _ in match.extra if run == "second notebook"}
    assert {"\u212aate/" + NOTEBOOK, "kate/hw01-final.ipynb", "sam/hw01 copy.ipynb"} <= listed
    picked = match_roster([subs], students, load("hw01"), picks={"kate": "kate/hw01-final.ipynb"})
    assert dict(picked.jobs)["kate"].name == "hw01-final.ipynb" and "kate" not in picked.clashes


def test_a_roster_matching_nothing_or_an_empty_folder_stops_and_writes_nothing(tmp_path, capsys):
    from nbteach.teacher.grade import main

    (tmp_path / "roster.csv").write_text("id\nzoe\nyan\n")
    (tmp_path / "secret.txt").write_text("s\n")
    subs = tmp_path / "submissions"
    (subs / "alice").mkdir(parents=True)
    (subs / "alice" / NOTEBOOK).write_text("{}")   # another section's student
    (tmp_path / "empty").mkdir()
    common = ["--assignment", "hw01", "--roster", str(tmp_path / "roster.csv"), "--secret-file",
              str(tmp_path / "secret.txt"), "--no-sandbox", "--format", "canvas"]
    for folder in (subs, tmp_path / "empty"):
        out = tmp_path / "out" / "canvas.csv"
        assert main([str(folder), "--out", str(out), *common]) == 2
        assert "matches a roster id" in capsys.readouterr().err and not out.exists()
    assert main([str(tmp_path / "empty"), "--out", str(tmp_path / "out" / "canvas.csv"), *common,
                 "--allow-empty"]) == 0
    assert (tmp_path / "out" / "canvas.csv").exists()


def test_a_fingerprint_transplanted_into_a_classmates_notebook_is_flagged(tmp_path):
    from nbteach.teacher.collect import check_fingerprints, read_notebook

    (tmp_path / "roster.csv").write_text("id\nalice\nbob\n")
    (tmp_path / "secret.txt").write_text(SECRET + "\n")
    assign("hw01", tmp_path / "release", tmp_path / "roster.csv", tmp_path / "secret.txt")
    alice = json.loads((tmp_path / "release" / "alice" / NOTEBOOK).read_text())
    bob = json.loads((tmp_path / "release" / "bob" / NOTEBOOK).read_text())
    bob["metadata"]["nbteach"] = alice["metadata"]["nbteach"]          # alice's fingerprint on bob's notebook
    (tmp_path / "copied.ipynb").write_text(json.dumps(bob))
    (tmp_path / "own.ipynb").write_text(json.dumps(alice))
    hw = load("hw01")
    notes, other = check_fingerprints(hw, SECRET.encode(), [("alice", tmp_path / "copied.ipynb")],
                                      {"alice": read_notebook(tmp_path / "copied.ipynb")})
    assert "released to bob" in notes["alice"] and not other
    notes, _ = check_fingerprints(hw, SECRET.encode(), [("alice", tmp_path / "own.ipynb")],
                                  {"alice": read_notebook(tmp_path / "own.ipynb")})
    assert notes == {}


def test_a_grader_killed_with_sigkill_leaves_no_copy_behind_the_next_run(tmp_path):
    """Its temporary folder (the copies of the submissions) is removed by the next grader."""
    import signal
    import time

    env = dict(os.environ, TMPDIR=str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    nb = {"cells": [_cell("import time\ntime.sleep(60)"), _cell('exercise("00.flu_share").check(____)')],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "slow.ipynb").write_text(json.dumps(nb))
    proc = subprocess.Popen([sys.executable, "-m", "nbteach.grade", str(tmp_path / "slow.ipynb"), "--out",
                             str(tmp_path / "g.csv"), "--no-sandbox", "--timeout", "90"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while not list((tmp_path / "tmp").glob("nbteach-grader-*/nbteach-grade-*")) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert list((tmp_path / "tmp").glob("nbteach-grader-*")), "the grader never started its run"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    left = list((tmp_path / "tmp").glob("nbteach-grader-*"))
    assert left   # a killed process removes nothing itself
    code = """from nbteach.teacher.runner import workspace
with workspace() as w:
    print(w)
"""
    subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True)
    assert not any(p.exists() for p in left)
    import psutil

    for p in psutil.process_iter():   # the killed grader's runner and kernel, orphaned
        try:
            if p.environ().get("TMPDIR") == env["TMPDIR"]:
                p.kill()
        except Exception:  # noqa: BLE001 - gone, or not ours to read
            continue


# ---------------------------------------------------------------- the grader's own code
#: The modules that run in the grader's process (the sealed judge, nbteach.teacher.judge, and
#: the function sandbox, nbteach.check.sandbox, run apart and read answers there).
GRADER_SIDE = ["nbteach/grade.py", "nbteach/assign.py"] + [
    f"nbteach/teacher/{name}.py" for name in ("grade", "collect", "autograde", "gradebook", "wire", "runner",
                                              "sandbox", "submission", "assign", "homework", "notebook")]
#: Names that evaluate, unpickle or decode; ``decode`` as a function (``bytes.decode`` is text).
FORBIDDEN = {"eval", "exec", "sympify", "parse_expr", "parse_formula", "cloudpickle", "literal_eval", "decode",
             "loads_pickle"}


def _calls(path: Path) -> list:
    """The forbidden names a module's code uses (strings, docstrings and comments left out)."""
    import io
    import tokenize

    tokens = [t for t in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
              if t.type in (tokenize.NAME, tokenize.OP)]
    found = []
    for k, t in enumerate(tokens):
        after_dot = k > 0 and tokens[k - 1].string == "."
        name = t.string
        if name == "loads" and k > 1 and tokens[k - 2].string in ("pickle", "cloudpickle", "marshal", "dill"):
            name = "loads_pickle"
        if t.type == tokenize.NAME and name in FORBIDDEN and not (name == "decode" and after_dot):
            found.append(f"{path.name}:{t.start[0]}: {t.line.strip()}")
    return found


def test_the_graders_process_code_never_evaluates_unpickles_or_decodes_an_answer():
    found = [hit for rel in GRADER_SIDE for hit in _calls(ROOT / rel)]
    assert found == []
    # and the check can fail: the judge (sealed) reads answers, the function sandbox unpickles
    assert any("decode" in hit for hit in _calls(ROOT / "nbteach/teacher/judge.py"))
    assert any("cloudpickle" in hit for hit in _calls(ROOT / "nbteach/check/sandbox.py"))


# ---------------------------------------------------------------- columns and stray files (issue 36)
def test_the_columns_come_from_the_release_never_from_a_students_text(tmp_path):
    """Without --assignment the columns are the exercises of the assignment the notebooks were
    released as: a student who names another homework's exercise in a comment adds no column."""
    from nbteach.teacher.grade import exercise_ids

    released = json.loads((ROOT / "notebooks" / "homework" / NOTEBOOK).read_text(encoding="utf-8"))
    honest = tmp_path / "honest.ipynb"
    honest.write_text(json.dumps(released))
    sneaky = json.loads(json.dumps(released))
    sneaky["cells"].append(_cell('# exercise("hw02.mu_spam")\n# exercise("hw02.theta_spam").check(1)'))
    (tmp_path / "sneaky.ipynb").write_text(json.dumps(sneaky))
    assert exercise_ids([honest, tmp_path / "sneaky.ipynb"]) == IDS
    assert exercise_ids([tmp_path / "sneaky.ipynb"]) == IDS


def test_a_file_that_is_not_a_notebook_gets_a_row_and_a_line(tmp_path, capsys):
    from nbteach.teacher.grade import main

    (tmp_path / "subs").mkdir()
    (tmp_path / "subs" / "a.ipynb").write_text(json.dumps({"cells": [_cell('exercise("00.flu_share").check(____)')],
                                                           "metadata": {}}))
    (tmp_path / "subs" / "bob.txt").write_text("my homework, as text")
    out = tmp_path / "out" / "grades.csv"
    assert main([str(tmp_path / "subs"), "--out", str(out), "--no-sandbox", "--timeout", "60"]) == 0
    rows = {r["submission"]: r for r in csv.DictReader(out.open(encoding="utf-8"))}
    assert rows["bob.txt"]["run"] == "not a notebook" and rows["bob.txt"]["total"] == "0"
    assert "not graded: bob.txt: not a notebook" in capsys.readouterr().err
