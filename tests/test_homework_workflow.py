"""The documented teacher workflow, end to end: write (the project's hw01 source), assign for
a roster of three with a secret, students work in their own notebooks (run with nbclient,
as Jupyter would), collect, grade. One student is right, one has a wrong answer, one
handed nothing in."""
import csv
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = "hw01_bayes_and_smoothing.ipynb"
IDS = ["hw01.posterior_cough", "hw01.score_flu", "hw01.laplace_temperature", "hw01.lidstone",
       "hw01.epsilon_cold_score", "hw01.posterior_function",
       "hw01.scores_function"]

pytestmark = pytest.mark.xdist_group("grade")


def _cli(*args, cwd):
    return subprocess.run([sys.executable, "-m", *args], cwd=cwd, capture_output=True, text=True, timeout=600)


def _work(nb_path: Path, folder: Path, edit=None) -> Path:
    """A student opens their notebook, (edits it), runs every cell and saves it in ``folder``."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(nb_path, as_version=4)
    if edit:
        edit(nb)
    folder.mkdir(parents=True)
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(folder)}},
                   shutdown_kernel="immediate").execute()   # every output is in: no graceful shutdown to wait for
    out = folder / NOTEBOOK
    nbformat.write(nb, out)
    return out


def test_assign_work_collect_grade(tmp_path):
    (tmp_path / "roster.csv").write_text("id,name\nalice,Alice\nbob,Bob\ncarol,Carol\n", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("correct horse battery staple\n", encoding="utf-8")
    common = ["--roster", "roster.csv", "--secret-file", "secret.txt"]
    r = _cli("nbteach.assign", "hw01", *common, "--out", "release", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = _cli("nbteach.assign", "hw01", *common, "--out", "key", "--solutions", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    released = {sid: tmp_path / "release" / sid / NOTEBOOK for sid in ("alice", "bob", "carol")}
    assert all(p.is_file() for p in released.values())
    texts = {sid: p.read_text(encoding="utf-8") for sid, p in released.items()}
    assert len(set(texts.values())) == 3   # a variant each

    # alice works it out (her key's cells stand for her work); bob gets exercise 3 wrong
    def wrong_answer3(nb):
        cell = next(c for c in nb.cells if c.cell_type == "code" and c.source.startswith("answer3 = "))
        cell.source = "answer3 = Fraction(7, 3)  # above 1: never a probability"

    # each in a kernel and folder of their own, at the same time, as students work
    with ThreadPoolExecutor(max_workers=2) as pool:
        alice = pool.submit(_work, tmp_path / "key" / "alice" / NOTEBOOK, tmp_path / "submissions" / "alice")
        bob = pool.submit(_work, tmp_path / "key" / "bob" / NOTEBOOK, tmp_path / "submissions" / "bob", wrong_answer3)
        alice.result()
        bob = bob.result()
    outputs = [o for c in json.loads(bob.read_text())["cells"] for o in c.get("outputs", [])
               if "nbteach" in o.get("metadata", {})]
    assert len(outputs) == 7 and all(o["metadata"]["nbteach"]["attempt"] == 1 for o in outputs)
    # graded feedback (the default with a secret): his notebook cannot tell him; the grader does
    assert "Recorded; graded by your teacher" in "".join(next(
        o["data"]["text/plain"] for o in outputs if o["metadata"]["nbteach"]["exercise"] == "hw01.laplace_temperature"))

    r = _cli("nbteach.grade", "submissions", "--assignment", "hw01", *common, "--out", "grades.csv",
             "--jobs", "2", "--timeout", "60", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    with open(tmp_path / "grades.csv", newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        header = reader.fieldnames
        rows = {row["student"]: row for row in reader}
    assert header == ["student", "name", *[c for i in IDS for c in (i, f"{i}.attempts")], "total", "max", "run"]
    assert set(rows) == {"alice", "bob", "carol"}
    assert rows["alice"]["total"] == "7" and rows["alice"]["run"] == "ok"
    assert all(rows["alice"][f"{i}.attempts"] == "1" for i in IDS)
    assert rows["bob"]["total"] == "6" and rows["bob"]["hw01.laplace_temperature"] == "0"
    assert rows["carol"]["total"] == "0" and rows["carol"]["run"] == "missing"
    assert rows["bob"]["name"] == "Bob"
    assert "missing (1): carol" in r.stderr
    assert {r["max"] for r in rows.values()} == {"7"}
    feedback = (tmp_path / "feedback" / "bob.txt").read_text(encoding="utf-8")
    assert "hw01.laplace_temperature: failed" in feedback
    # the grader rebuilds bob's variant from the secret: the same notebook under another
    # student's id is not graded as his
    (tmp_path / "submissions" / "carol").mkdir()
    (tmp_path / "submissions" / "carol" / NOTEBOOK).write_text(
        (tmp_path / "submissions" / "alice" / NOTEBOOK).read_text(encoding="utf-8"), encoding="utf-8")
    r = _cli("nbteach.grade", "submissions", "--assignment", "hw01", *common, "--out", "grades.csv",
             "--resume", "--timeout", "60", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    with open(tmp_path / "grades.csv", newline="", encoding="utf-8") as fh:
        rows = {row["student"]: row for row in csv.DictReader(fh)}
    assert rows["alice"]["total"] == "7" and rows["bob"]["total"] == "6"   # kept (--resume)
    assert int(rows["carol"]["total"]) < 7   # alice's answers, carol's variant
    # and the release fingerprint says whose notebook it is, to the teacher only
    assert rows["carol"]["run"] == "ok (this notebook was released to alice, not to carol)"
    assert "check: carol: this notebook was released to alice" in r.stderr
    assert "alice" not in (tmp_path / "feedback" / "carol.txt").read_text(encoding="utf-8")
    # a second run into the same files, neither resumed nor forced, stops before writing anything
    before = (tmp_path / "grades.csv").read_bytes()
    r = _cli("nbteach.grade", "submissions", "--assignment", "hw01", *common, "--out", "grades.csv", cwd=tmp_path)
    assert r.returncode == 2 and "an earlier run wrote" in r.stderr and "--force" in r.stderr
    assert (tmp_path / "grades.csv").read_bytes() == before
    # the gradebooks, from the grade file, without grading again
    for fmt in ("canvas", "moodle"):
        r = _cli("nbteach.grade", "--convert", "grades.csv", "--format", fmt, "--out", f"{fmt}.csv",
                 "--assignment", "hw01", "--roster", "roster.csv", cwd=tmp_path)
        assert r.returncode == 0, r.stderr
    canvas = list(csv.reader((tmp_path / "canvas.csv").open(encoding="utf-8")))
    assert canvas[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "hw01"]
    assert ["Alice", "alice", "", "", "", "7"] in canvas
    # every file the teacher's workflow made is kept out of git by the project's .gitignore
    import shutil

    if shutil.which("git"):
        shutil.copy(ROOT / ".gitignore", tmp_path / ".gitignore")
        subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
        status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=tmp_path,
                                capture_output=True, text=True, check=True).stdout.split("\n")
        assert [line for line in status if line] == ["?? .gitignore"], status


QUIZ = '''
"""A teacher's own homework source: one exact exercise on a table of coin flips."""
from fractions import Fraction

from nbteach.teacher.homework import graded

NAME = "quiz1"
NOTEBOOK = "quiz1.ipynb"
DEFAULT = {"heads": 3, "tails": 5}


def params(rng):
    return {"heads": rng.randint(2, 9), "tails": rng.randint(2, 9)}


def exercises(p):
    from nbteach.smoothing import lidstone

    h, t = p["heads"], p["tails"]
    return [graded("quiz1.laplace_heads",
                   {"en": "P(heads) with Laplace smoothing, as a Fraction.", "zh": "拉普拉斯平滑下的 P(正面)，用分数表示。"},
                   lidstone(h, h + t, 2, 1), {"type": "exact"},
                   mistakes=[("no_smoothing", Fraction(h, h + t),
                              {"en": "Add alpha = 1 to each count.", "zh": "每个计数加 alpha = 1。"})],
                   hints=[{"en": "Two outcomes: M = 2.", "zh": "两种结果：M = 2。"}],
                   solution="answer = lidstone(heads, heads + tails, 2, 1)")]


def cells(p):
    return [("markdown", "# Quiz 1"),
            ("code", "from nbteach.check import exercise, ____\\nfrom nbteach.smoothing import lidstone"),
            ("code", f"heads, tails = {p['heads']}, {p['tails']}"),
            ("code", "q = exercise('quiz1.laplace_heads')\\nq"),
            ("code", "answer = lidstone(heads, heads + tails, 2, 1)  # SOLUTION"),
            ("code", "q.check(answer)")]
'''


def test_a_teachers_own_source_assigns_checks_and_judges(tmp_path):
    """The documented "write" step: a new source in a folder of its own, no kernel needed."""
    from fractions import Fraction

    from nbteach.check import CORRECT, INCORRECT
    from nbteach.check.graded import register
    from nbteach.check.serial import encode
    from nbteach.teacher.homework import load

    src = tmp_path / "sources" / "quiz1"
    src.mkdir(parents=True)
    (src / "homework.py").write_text(QUIZ, encoding="utf-8")
    (tmp_path / "roster.csv").write_text("id\nalice\nbob\n", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("s3cret", encoding="utf-8")
    r = _cli("nbteach.assign", str(src), "--roster", "roster.csv", "--secret-file", "secret.txt", "--out", "release",
             "--feedback", "practice", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    nb = json.loads((tmp_path / "release" / "alice" / "quiz1.ipynb").read_text(encoding="utf-8"))
    checks_cell = next(c for c in nb["cells"] if "nbteach-checks" in c["metadata"].get("tags", []))
    assert "answer = ____" in json.dumps(nb) and "lidstone(heads, heads + tails" not in json.dumps(nb)
    data = "".join(checks_cell["source"]).split("register(", 1)[1].rsplit(")", 1)[0]
    q = register(json.loads(data))["quiz1.laplace_heads"]
    p = load(src).variant(b"s3cret", "alice").params
    h, t = p["heads"], p["tails"]
    assert q.check(Fraction(h + 1, h + t + 2)).status == CORRECT
    assert q.check(Fraction(h, h + t)).mistake == "no_smoothing"
    proc = subprocess.run([sys.executable, "-m", "nbteach.teacher.judge"], capture_output=True, text=True, timeout=120,
                          input=json.dumps({"assignment": str(src), "params": p, "student_id": "alice",
                                            "exercise_id": "quiz1.laplace_heads", "lang": "en", "seed": 0,
                                            "answer": encode(Fraction(h + 1, h + t + 2))}))
    assert json.loads(proc.stdout)["status"] == "correct"
    assert q.check(0.5).status == INCORRECT
