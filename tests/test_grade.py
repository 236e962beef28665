"""Batch grading with submissions made on purpose: right, wrong, crashing, looping,
kernel-killing, tampering, reordered, and one in Chinese.

All of them are graded in one run (``--jobs 3``: the looping one holds a job until its timeout),
so the file costs under a minute.
"""
import copy
import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from nbteach.teacher.collect import labels as _labels
from nbteach.teacher.grade import exercise_ids, grade, main

ROOT = Path(__file__).resolve().parents[1]
SOLUTION = ROOT / "teacher" / "homework_solutions" / "hw01_bayes_and_smoothing.ipynb"
STUDENT = ROOT / "notebooks" / "homework" / "hw01_bayes_and_smoothing.ipynb"
IDS = ["hw01.posterior_cough", "hw01.score_flu", "hw01.laplace_temperature", "hw01.lidstone",
       "hw01.epsilon_cold_score", "hw01.posterior_function",
       "hw01.scores_function"]  # the source's order
TIMEOUT = 25  # seconds per notebook; the solution runs in a few

# one worker runs this whole file, so the class is graded once (make test uses --dist loadgroup)
pytestmark = pytest.mark.xdist_group("grade")


def _nb():
    return json.loads(SOLUTION.read_text(encoding="utf-8"))


def _code(src):
    return {"cell_type": "code", "metadata": {}, "source": src, "outputs": [], "execution_count": None}


def _index(nb, needle):
    return next(i for i, c in enumerate(nb["cells"]) if needle in "".join(c["source"]))


def _replace(nb, needle, new_source):
    nb["cells"][_index(nb, needle)]["source"] = new_source
    return nb


def _insert_after(nb, needle, src):
    nb["cells"].insert(_index(nb, needle) + 1, _code(src))
    return nb


def make_submissions(folder: Path, pidfile: Path) -> dict:
    subs = {}
    subs["right"] = _nb()
    wrong = _nb()
    _replace(wrong, "answer1 = ", "answer1 = prob(df, Cough='yes', given={'Diagnosis': 'Flu'})  # P(yes | Flu)")
    _replace(wrong, "answer3 = ", "answer3 = lidstone(0, 2, 1, 1)")
    _replace(wrong, "def posterior", "def posterior(prior, likelihood):\n"
                                      "    return {c: prior[c] * likelihood[c] for c in prior}")
    subs["wrong"] = wrong
    subs["crash"] = _insert_after(
        _nb(), "q2.check",
        "import subprocess, sys\n"  # a process that would outlive the kernel
        "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'], start_new_session=True)\n"
        f"open({str(pidfile.parent / 'orphan.pid')!r}, 'w').write(str(p.pid))\n"
        "raise RuntimeError('student bug')")
    subs["loop"] = _insert_after(
        _nb(), "q1.check",
        "import os, signal, time\n"
        f"open({str(pidfile)!r}, 'w').write(str(os.getpid()))\n"
        "signal.signal(signal.SIGINT, signal.SIG_IGN)  # ignore the interrupt: needs the hard kill\n"
        # a loop that never ends but sleeps: the same hard kill at the timeout, without burning a
        # core for the 25 s that the other tests of the run (3 workers on 2 cores) are waiting for
        "while True:\n    time.sleep(0.5)")
    subs["kill"] = _insert_after(_nb(), "q4.check", "import os\nos.kill(os.getpid(), 9)")
    tamper = json.loads(STUDENT.read_text(encoding="utf-8"))  # nothing answered, only cheating
    _insert_after(tamper, "import nbteach", (
        "import json, os\n"
        "import nbteach.check.core as core\n"
        "from nbteach.check import Result\n"
        "class Always:\n"
        "    def __eq__(self, other): return True\n"
        "class Sneaky(float):\n"
        "    def __eq__(self, other): return True\n"
        "core.record_answer('hw01.posterior_cough', Always())\n"
        "core.record_answer('hw01.score_flu', Sneaky(0.5))\n"
        "rec = os.environ.get('NBTEACH_RECORD', os.devnull)\n"
        "with open(rec, 'a') as fh:\n"
        "    fh.write(json.dumps({'id': 'hw01.lidstone', 'correct': True, 'status': 'correct'}) + '\\n')\n"
        "    fh.write(json.dumps({'id': 'hw01.laplace_temperature', 'answer': {'t': 'sympy', 'v': \"__import__('os')\"}}) + '\\n')\n"
        "    fh.write('not json at all\\n')\n"
        "core.Exercise.check = lambda self, answer=None, **kw: Result(self.id, 'correct', 'Correct!')\n"
        "core.Result.correct = property(lambda self: True)\n"
        "import nbteach.check.compare as cmp\n"
        "cmp.compare = lambda *a, **k: None\n"))
    # rewrite the library on disk: only ever the grader's private copy (the guard keeps a
    # failure of that mechanism from touching the repository)
    _insert_after(tamper, "import nbteach", (
        "import nbteach.check.compare as cmp2, pathlib\n"
        "src = pathlib.Path(cmp2.__file__)\n"
        "if 'nbteach-grade-' in str(src):\n"
        f"    pathlib.Path({str(pidfile.parent / 'tamper_wrote')!r}).write_text(str(src))\n"
        "    src.write_text('def compare(*a, **k):\\n    return None\\n')\n"))
    subs["tamper"] = tamper
    moved = _nb()
    i6 = [_index(moved, n) for n in ('q6 = exercise', 'def posterior', 'q6.check')]
    block = [moved["cells"][i] for i in i6]
    for i in sorted(i6, reverse=True):
        del moved["cells"][i]
    at = _index(moved, "df = pd.DataFrame(") + 1
    moved["cells"][at:at] = block
    moved["cells"].append(copy.deepcopy(moved["cells"][_index(moved, "q1.check")]))
    subs["moved"] = moved
    zh = _replace(_nb(), "answer4 = ", "answer4 = lidstone(1, 4, 1, 3)")   # the self-study cell: 1 of 4, alpha 3
    _insert_after(zh, "import nbteach", "nbteach.set_language('zh')")
    subs["zh"] = zh
    for name, nb in subs.items():
        (folder / f"{name}.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    (folder / "garbage.ipynb").write_text("this is not a notebook {", encoding="utf-8")
    return subs


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("submissions")
    out = tmp_path_factory.mktemp("out")
    pidfile = out / "loop.pid"
    make_submissions(folder, pidfile)
    lines = []
    # unsealed on purpose: these attacks test the mechanisms of an unsealed run (the private
    # library copy, killing leftovers); tests/test_grade_sealed.py runs the sealed grader
    results = grade([folder], out / "grades.csv", jobs=3, timeout=TIMEOUT, progress=lines.append, sandbox=False)
    with open(out / "grades.csv", newline="", encoding="utf-8") as fh:
        rows = {r["submission"].removesuffix(".ipynb"): r for r in csv.DictReader(fh)}
    for r in rows.values():  # an unsealed run says so on every row
        assert r["run"].endswith(" (not sealed)"), r["run"]
        r["run"] = r["run"].removesuffix(" (not sealed)")
    return {"results": {s.name.removesuffix(".ipynb"): s for s in results}, "rows": rows,
            "out": out, "progress": lines, "pidfile": pidfile}


def _alive(pid: int) -> bool:
    """True if the process runs (a zombie waiting to be reaped counts as dead)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False


def _score(row):
    return {i: int(row[i]) for i in IDS}


def test_csv_has_one_row_per_submission_and_one_column_per_exercise(graded):
    rows = graded["rows"]
    assert set(rows) == {"right", "wrong", "crash", "loop", "kill", "tamper", "moved", "zh", "garbage"}
    header = list(next(iter(rows.values())).keys())
    assert header == ["submission", *[c for i in IDS for c in (i, f"{i}.attempts")], "total", "max", "run"]
    for row in rows.values():
        assert int(row["total"]) == sum(_score(row).values()) and row["max"] == "7"


def test_right_and_moved_submissions_get_full_marks(graded):
    for name in ("right", "moved"):
        row = graded["rows"][name]
        assert row["run"] == "ok" and row["total"] == "7", graded["results"][name].results


def test_wrong_answers_fail_with_targeted_feedback(graded):
    row = graded["rows"]["wrong"]
    assert row["run"] == "ok"
    assert _score(row) == {**{i: 1 for i in IDS}, "hw01.posterior_cough": 0,
                           "hw01.laplace_temperature": 0, "hw01.posterior_function": 0}
    text = (graded["out"] / "feedback" / "wrong.txt").read_text(encoding="utf-8")
    assert "P(Cough = yes | Flu)" in text            # likelihood for posterior
    assert "denominator grows by M*alpha" in text     # alpha not multiplied by M
    assert "joints P(c) P(x | c)" in text              # not normalised (the function)
    assert "1/2" not in text and "1/4" not in text     # expected values never shown


def test_a_crashing_cell_does_not_zero_the_independent_exercises_after_it(graded):
    row = graded["rows"]["crash"]
    assert row["run"] == "error"
    assert _score(row) == {i: 1 for i in IDS}
    text = (graded["out"] / "feedback" / "crash.txt").read_text(encoding="utf-8")
    assert "student bug" in text and "raised an error in a cell" in text
    assert not _alive(int((graded["out"] / "orphan.pid").read_text())), "a process the notebook started survived"


def test_loop_is_killed_and_never_passes(graded):
    row = graded["rows"]["loop"]
    assert row["run"] == "timeout"
    assert _score(row) == {**{i: 0 for i in IDS}, "hw01.posterior_cough": 1}
    assert not _alive(int(graded["pidfile"].read_text())), "the looping kernel survived the grader"


def test_kernel_killer_keeps_what_was_checked_before(graded):
    row = graded["rows"]["kill"]
    assert row["run"] == "dead kernel"
    assert _score(row) == {"hw01.posterior_cough": 1, "hw01.score_flu": 1, "hw01.laplace_temperature": 1,
                           "hw01.lidstone": 1, "hw01.epsilon_cold_score": 0, "hw01.posterior_function": 0,
                           "hw01.scores_function": 0}


def test_tampering_cannot_fake_a_pass(graded):
    row = graded["rows"]["tamper"]
    assert row["total"] == "0", graded["results"]["tamper"].results
    # the notebook ran on a private copy of nbteach and rewrote it; the real one is intact
    assert (graded["out"] / "tamper_wrote").exists()
    assert "def compare(got, expected" in (ROOT / "nbteach" / "check" / "compare.py").read_text()


def test_feedback_in_the_students_language(graded):
    row = graded["rows"]["zh"]
    assert row["total"] == "6" and row["hw01.lidstone"] == "0"
    text = (graded["out"] / "feedback" / "zh.txt").read_text(encoding="utf-8")
    assert "得分：6 / 7" in text and "分母要加 M*alpha" in text


def test_an_unreadable_file_fails_without_stopping_the_batch(graded):
    row = graded["rows"]["garbage"]
    assert row["run"] == "unreadable" and row["total"] == "0"


def test_progress_is_reported(graded):
    assert len(graded["progress"]) == 9
    assert graded["progress"][-1].startswith("[9/9] ")


def test_ids_come_from_the_notebooks_not_cell_positions():
    assert exercise_ids([STUDENT]) == IDS


def test_clashing_names_get_paths(tmp_path):
    a, b = tmp_path / "alice" / "hw.ipynb", tmp_path / "bob" / "hw.ipynb"
    assert _labels([a, b]) == ["alice/hw.ipynb", "bob/hw.ipynb"]
    assert _labels([a]) == ["hw.ipynb"]


def test_command_line_errors_say_what_to_fix(tmp_path, capsys):
    assert main([str(tmp_path), "--out", str(tmp_path / "g.csv")]) == 2
    assert "no notebooks" in capsys.readouterr().err
    assert main([str(STUDENT), "--out", str(tmp_path / "g.csv"), "--jobs", "0"]) == 2
    assert "--jobs" in capsys.readouterr().err


def test_python_dash_m_runs(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "nbteach.grade", "--help"], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert proc.returncode == 0 and "--jobs" in proc.stdout and "--timeout" in proc.stdout


def test_hard_kill_takes_the_whole_tree_even_a_child_in_its_own_session(tmp_path):
    """The kernel runs in a session of its own (jupyter_client): killing the runner's
    process group alone would leave it running; _kill_tree must reach it."""
    import time

    from nbteach.teacher.runner import kill_tree as _kill_tree

    pidfile = tmp_path / "child.pid"
    code = ("import subprocess, sys, time\n"
            "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'], start_new_session=True)\n"
            f"open({str(pidfile)!r}, 'w').write(str(p.pid))\n"
            "time.sleep(600)\n")
    proc = subprocess.Popen([sys.executable, "-c", code], start_new_session=True)
    for _ in range(100):
        if pidfile.exists() and pidfile.read_text():
            break
        time.sleep(0.1)
    child = int(pidfile.read_text())
    _kill_tree(proc)
    proc.wait(timeout=10)
    for _ in range(50):
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break
        if Path(f"/proc/{child}/stat").read_text().split()[2] == "Z":
            break  # killed, waiting for init to reap it
        time.sleep(0.1)
    else:
        pytest.fail("the grandchild survived the hard kill")


def test_command_line_grades_in_chinese_by_default_when_asked(tmp_path):
    out = tmp_path / "g.csv"
    from nbteach.teacher import sandbox

    unsealed = [] if sandbox.available() else ["--no-sandbox"]  # the CLI refuses unsealed unless told
    assert main([str(STUDENT), "--out", str(out), "--lang", "zh", "--timeout", "60", *unsealed]) == 0
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert len(rows) == 1 and rows[0]["total"] == "0" and rows[0]["run"] == "ok"
    text = (tmp_path / "feedback" / "hw01_bayes_and_smoothing.txt").read_text(encoding="utf-8")
    assert "尚未作答" in text and "得分：0 / 7" in text
    assert main([str(STUDENT), "--out", str(out), "--lang", "fr"]) == 2


def test_function_inputs_are_the_same_on_every_regrade_of_a_file():
    from nbteach.check import exercise
    from nbteach.check.functions import make_inputs
    from nbteach.teacher.autograde import seed_for

    a, b = b"{}", b'{"x": 1}'
    q = exercise("03.lidstone_function")
    assert make_inputs(q, seed_for(a, q.id)) == make_inputs(q, seed_for(a, q.id))
    assert seed_for(a, q.id) != seed_for(b, q.id) != seed_for(a, "hw01.score_flu")


def _verify_answer(q, encoded, seed=1, config=None):
    """``(passed, message)`` of one recorded answer to a lesson's exercise, judged as the grader
    judges it (a function run in a sandbox of its own, the answer read by the sealed judge)."""
    from nbteach.teacher import autograde, runner

    config = config or __import__("nbteach.teacher.grade", fromlist=["GradeConfig"]).GradeConfig(sealed=False)
    verdicts = autograde.judge_answers({q.id: (encoded, "en")}, [q.id], lambda i: q, str(seed).encode(),
                                       runner.Seal(config.sealed, config.memory), "en")
    return verdicts[q.id]


def _function_exercises():
    from nbteach.check import exercises

    return [q.id for q in exercises() if q.kind == "function"]


#: the mistakes of each function exercise judged through the sandbox (the fixture below says why)
SANDBOXED_MISTAKES = 1


@pytest.fixture(scope="module")
def sandboxed_function_answers():
    """``{(exercise id, k): Verdict}``: k = 0 the reference of every function exercise, k = 1
    its first mistake, each function run in a sandbox of its own, and each round's answers
    judged together as a submission's are (one judge a round, not one an answer). Every mistake of
    every function exercise is diagnosed in the lesson's own check (tests/test_check_exercises.py,
    on 50 random draws), with the same verdict code the judge runs (nbteach.check.functions):
    here the sandbox's way there and back, one mistake an exercise (all 80 mistakes of the 19 exercises, each
    function in its sandbox, took 80 s of make test)."""
    from nbteach.check import exercise
    from nbteach.check.serial import encode
    from nbteach.teacher import autograde, runner
    from nbteach.teacher.grade import GradeConfig

    config = GradeConfig(sealed=False)
    qs = {i: exercise(i) for i in _function_exercises()}
    out = {}
    for k in range(1 + min(SANDBOXED_MISTAKES, max(len(q.mistakes) for q in qs.values()))):
        records = {i: (json.loads(json.dumps(encode(q.reference() if k == 0 else q.mistakes[k - 1].value()))), "en")
                   for i, q in qs.items() if k <= len(q.mistakes)}
        verdicts = autograde.judge_answers(records, list(records), qs.__getitem__, b"1",
                                           runner.Seal(config.sealed, config.memory), "en")
        out.update({(i, k): v for i, v in verdicts.items()})
    return out


@pytest.mark.parametrize("ex_id", _function_exercises())
def test_function_answers_are_judged_through_the_sandbox(ex_id, sandboxed_function_answers):
    """The reference passes and every mistaken function gets its hint, run in the sandbox."""
    from nbteach.check import exercise

    q = exercise(ex_id)
    passed, message = sandboxed_function_answers[(ex_id, 0)]
    assert passed, message
    for k, m in enumerate(q.mistakes[:SANDBOXED_MISTAKES], start=1):
        passed, message = sandboxed_function_answers[(ex_id, k)]
        assert not passed and m.hint["en"][:25] in message, (m.name, message)


def test_a_function_answer_that_leaves_a_process_behind_neither_hangs_nor_survives(tmp_path, monkeypatch):
    import time

    from nbteach.teacher import grade as grading
    from nbteach.check import exercise
    from nbteach.check.serial import encode

    unsealed = grading.GradeConfig(sealed=False)  # the unsealed runner's own cleanup

    pidfile = tmp_path / "left.pid"
    ns = {"__name__": "__student__"}  # not importable: cloudpickle sends the code itself
    exec("import subprocess, sys\n"
         "from nbteach.smoothing import lidstone as _l\n"
         "def lidstone(count, total, n_values, alpha):\n"
         "    p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'],\n"
         "                         start_new_session=True)\n"
         f"    open({str(pidfile)!r}, 'w').write(str(p.pid))\n"
         "    return (count + alpha) / (total + n_values * alpha)\n", ns)
    start = time.monotonic()
    passed, message = _verify_answer(exercise("03.lidstone_function"), encode(ns["lidstone"]), seed=3,
                                     config=unsealed)
    assert passed, message
    assert time.monotonic() - start < 30
    assert not _alive(int(pidfile.read_text()))
