"""The documented teacher workflow, end to end: write (the project's hw01 source), assign for
a roster of three with a secret, students work in their own notebooks (run with nbclient,
as Jupyter would), collect, grade. One student is right, one has a wrong answer, one
handed nothing in."""
import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = "hw01_bayes_and_smoothing.ipynb"
IDS = ["hw01.posterior_cough", "hw01.score_flu", "hw01.laplace_temperature", "hw01.lidstone",
       "hw01.epsilon_cold_score", "hw01.posterior_function"]

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
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(folder)}}).execute()
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
    _work(tmp_path / "key" / "alice" / NOTEBOOK, tmp_path / "submissions" / "alice")

    def wrong_answer3(nb):
        cell = next(c for c in nb.cells if c.cell_type == "code" and c.source.startswith("answer3 = "))
        cell.source = "answer3 = Fraction(7, 3)  # above 1: never a probability"

    bob = _work(tmp_path / "key" / "bob" / NOTEBOOK, tmp_path / "submissions" / "bob", wrong_answer3)
    outputs = [o for c in json.loads(bob.read_text())["cells"] for o in c.get("outputs", [])
               if "nbteach" in o.get("metadata", {})]
    assert len(outputs) == 6 and all(o["metadata"]["nbteach"]["attempt"] == 1 for o in outputs)
    assert "Incorrect" in "".join(next(o["data"]["text/plain"] for o in outputs
                                       if o["metadata"]["nbteach"]["exercise"] == "hw01.laplace_temperature"))

    r = _cli("nbteach.grade", "submissions", "--assignment", "hw01", *common, "--out", "grades.csv",
             "--jobs", "2", "--timeout", "60", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    with open(tmp_path / "grades.csv", newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        header = reader.fieldnames
        rows = {row["student"]: row for row in reader}
    assert header == ["student", *[c for i in IDS for c in (i, f"{i}.attempts")], "total", "max", "run"]
    assert set(rows) == {"alice", "bob", "carol"}
    assert rows["alice"]["total"] == "6" and rows["alice"]["run"] == "ok"
    assert all(rows["alice"][f"{i}.attempts"] == "1" for i in IDS)
    assert rows["bob"]["total"] == "5" and rows["bob"]["hw01.laplace_temperature"] == "0"
    assert rows["carol"]["total"] == "0" and rows["carol"]["run"] == "missing"
    assert {r["max"] for r in rows.values()} == {"6"}
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
    assert rows["alice"]["total"] == "6" and rows["bob"]["total"] == "5"   # kept (--resume)
    assert int(rows["carol"]["total"]) < 6 and rows["carol"]["run"] == "ok"  # alice's answers, carol's variant
