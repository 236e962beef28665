"""The teacher's side of grading against a hostile class and a careless teacher (issue 20):
the teacher's slips stop the run, links and odd files under submissions/ are refused
without a byte of their target in any output, LMS download names are matched, an
interrupted run resumes with complete feedback, attempts are reported as recorded, and the
grades come out in gradebook formats. One submission per attack.

Most of these stop before any notebook runs; one class of three is graded (unsealed: the
sealed runs are tests/test_grade_sealed.py's), interrupted after its first student.
"""
import csv
import io
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from nbteach._base import NbteachError
from nbteach.teacher.assign import assign
from nbteach.teacher.collect import match_roster
from nbteach.teacher.gradebook import Progress as _Progress
from nbteach.teacher.grade import grade, main, write_grades
from nbteach.teacher.homework import load

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = "hw01_bayes_and_smoothing.ipynb"
IDS = load("hw01").exercise_ids
SECRET = "a secret only the teacher has"

pytestmark = pytest.mark.xdist_group("grade")


@pytest.fixture(scope="module")
def released(tmp_path_factory):
    """A class of four assigned hw01 (graded feedback, the default with a secret), with keys."""
    base = tmp_path_factory.mktemp("class")
    (base / "roster.csv").write_text("id,name\nalice,Alice Liddell\nbob,Bob Cratchit\ncarol,Carol Danvers\n"
                                     "dave,Dave Bowman\n", encoding="utf-8")
    (base / "secret.txt").write_text(SECRET + "\n", encoding="utf-8")
    assign("hw01", base / "release", base / "roster.csv", base / "secret.txt")
    assign("hw01", base / "key", base / "roster.csv", base / "secret.txt", solutions=True)
    return base


def _submit(base: Path, name: str, files: dict) -> Path:
    """A submissions folder: {relative path: source notebook path}."""
    subs = base / name
    for rel, src in files.items():
        (subs / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, subs / rel)
    return subs


def _everything_written(folder: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in folder.rglob("*") if p.is_file())


# ---------------------------------------------------------------- the teacher's slips
def _slip(base, tmp_path, capsys, roster=None, secret=None, assignment="hw01"):
    subs = _submit(tmp_path, "submissions", {f"{sid}/{NOTEBOOK}": base / "release" / sid / NOTEBOOK
                                             for sid in ("alice", "bob", "carol")})
    out = tmp_path / "out" / "grades.csv"
    code = main([str(subs), "--assignment", assignment, "--roster", str(roster or base / "roster.csv"),
                 "--secret-file", str(secret or base / "secret.txt"), "--out", str(out), "--no-sandbox"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert not (tmp_path / "out").exists()      # nothing written as if the run were fine
    return err


def test_a_wrong_secret_stops_the_run_with_a_clear_message(released, tmp_path, capsys):
    (tmp_path / "other.txt").write_text("not the secret the class was assigned with")
    err = _slip(released, tmp_path, capsys, secret=tmp_path / "other.txt")
    assert "--secret-file is not the secret" in err and SECRET not in err


def test_a_wrong_assignment_stops_the_run(released, tmp_path, capsys):
    err = _slip(released, tmp_path, capsys, assignment="hw02")
    assert "released as hw01" in err and "--assignment hw01" in err


def test_a_roster_id_that_changed_case_stops_the_run(released, tmp_path, capsys):
    text = (released / "roster.csv").read_text().replace("alice,", "Alice,")
    (tmp_path / "roster.csv").write_text(text)
    err = _slip(released, tmp_path, capsys, roster=tmp_path / "roster.csv")
    assert "changed case" in err and "'Alice' was 'alice'" in err


def test_a_roster_id_renamed_since_assign_stops_the_run(released, tmp_path, capsys):
    text = (released / "roster.csv").read_text().replace("bob,", "bob2,")
    (tmp_path / "roster.csv").write_text(text)
    subs = _submit(tmp_path, "submissions", {f"{sid}/{NOTEBOOK}": released / "release" / old / NOTEBOOK
                                             for sid, old in (("alice", "alice"), ("bob2", "bob"))})
    code = main([str(subs), "--assignment", "hw01", "--roster", str(tmp_path / "roster.csv"),
                 "--secret-file", str(released / "secret.txt"), "--out", str(tmp_path / "out" / "g.csv"),
                 "--no-sandbox"])
    err = capsys.readouterr().err
    assert code == 2 and "'bob2' was 'bob'" in err and not (tmp_path / "out").exists()


def test_the_fingerprint_reveals_nothing_and_differs_per_student(released):
    fps = {sid: json.loads((released / "release" / sid / NOTEBOOK).read_text())["metadata"]["nbteach"]["fingerprint"]
           for sid in ("alice", "bob")}
    assert len(set(fps.values())) == 2 and all(len(f) == 64 for f in fps.values())
    text = (released / "release" / "alice" / NOTEBOOK).read_text()
    assert SECRET not in text and str(load("hw01").seed(SECRET.encode(), "alice")) not in text


# ---------------------------------------------------------------- links and odd files
def test_links_and_odd_files_in_submissions_are_refused_and_never_read(released, tmp_path, capsys):
    subs = tmp_path / "submissions"
    (subs / "bob").mkdir(parents=True)
    (subs / "bob" / NOTEBOOK).symlink_to(released / "key" / "bob" / NOTEBOOK)   # the teacher's key copy
    (subs / "carol").mkdir()
    (subs / "carol" / NOTEBOOK).symlink_to(released / "secret.txt")              # the secret
    (subs / "dave").symlink_to(released / "key" / "dave")                          # a linked folder
    (subs / "alice.ipynb").symlink_to("/etc/passwd")
    os.mkfifo(subs / "erin.ipynb")                                                  # would block a reader
    os.link(released / "secret.txt", subs / "frank.ipynb")                         # a hard link to the secret
    out = tmp_path / "out" / "grades.csv"
    code = main([str(subs), "--assignment", "hw01", "--roster", str(released / "roster.csv"),
                 "--secret-file", str(released / "secret.txt"), "--out", str(out), "--no-sandbox",
                 "--allow-empty"])   # no roster id matches a graded file: asked to write the refusals anyway
    captured = capsys.readouterr()
    assert code == 0, captured.err
    with open(out, newline="", encoding="utf-8") as fh:
        rows = {r["student"]: r for r in csv.DictReader(fh)}
    for sid in ("alice", "bob", "carol", "dave"):
        assert rows[sid]["total"] == "0" and rows[sid]["run"] == "missing", rows[sid]
    for label in ("bob/" + NOTEBOOK, "carol/" + NOTEBOOK, "dave/", "alice.ipynb"):
        assert rows[label]["run"].startswith("refused") and rows[label]["total"] == "0", rows[label]
    assert rows["erin.ipynb"]["run"].startswith("refused")
    assert rows["frank.ipynb"]["run"].startswith("refused") and rows["frank.ipynb"]["total"] == "0"
    written = _everything_written(tmp_path / "out") + captured.err + captured.out
    assert "symbolic link" in written and "not a regular file" in written and "hard link" in written
    assert SECRET not in written and SECRET[:6] not in written and "root:" not in written
    assert "not graded: carol/" + NOTEBOOK in captured.err and "missing (4)" in captured.err
    # a stray file's feedback is never named like a roster student's (alice.ipynb is no alice)
    assert not (tmp_path / "out" / "feedback" / "alice.txt").exists()


# ---------------------------------------------------------------- matching LMS downloads
def test_lms_download_names_are_matched_and_ambiguity_is_listed(tmp_path):
    students = [("s003", ""), ("12345", ""), ("777", ""), ("alice", ""), ("bob", ""), ("carl", "")]
    subs = tmp_path / "subs"
    files = ["s003_hw01_bayes_and_smoothing.ipynb",                      # Canvas: <id>_<file>
             "doe_jane_12345_67890_hw01_bayes_and_smoothing.ipynb",      # Canvas: name_<user id>_<n>_<file>
             "Jane Roe_777_assignsubmission_file_/" + NOTEBOOK,          # Moodle's folders
             "alice/anything.ipynb",                                     # Moodle-like <id>/<anything>
             "alice_bob_hw01.ipynb",                                     # two ids: listed, not guessed
             "zed_hw01.ipynb", "notes.txt"]
    for f in files:
        (subs / f).parent.mkdir(parents=True, exist_ok=True)
        (subs / f).write_text("{}")
    match = match_roster([subs], students, load("hw01"))
    matched, extra = match.jobs, match.extra
    got = {sid: (p.relative_to(subs).as_posix() if p else None) for sid, p in matched}
    assert got == {"s003": files[0], "12345": files[1], "777": files[2], "alice": files[3], "bob": None,
                   "carl": None}
    reasons = {label: (run, why) for label, run, why in extra}
    assert reasons["alice_bob_hw01.ipynb"][0] == "ambiguous" and "alice, bob" in reasons["alice_bob_hw01.ipynb"][1]
    assert reasons["zed_hw01.ipynb"][0] == "no roster id" and reasons["notes.txt"][0] == "not a notebook"


def test_the_screen_lists_missing_students_and_unmatched_files_and_gradebook_formats(released, tmp_path, capsys):
    subs = tmp_path / "submissions"
    subs.mkdir()
    (subs / "zed_hw01.ipynb").write_text("{}")
    (subs / "alice_bob.ipynb").write_text("{}")
    for fmt, header in (("gradebook", ["id", "name", "total", "max"]),
                        ("canvas", ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "hw01"]),
                        ("moodle", ["ID number", "Full name", "hw01"])):
        out = tmp_path / fmt / "grades.csv"
        assert main([str(subs), "--assignment", "hw01", "--roster", str(released / "roster.csv"),
                     "--secret-file", str(released / "secret.txt"), "--out", str(out), "--no-sandbox",
                     "--format", fmt, "--allow-empty"]) == 0
        err = capsys.readouterr().err
        assert "missing (4): alice, bob, carol, dave" in err
        assert "not graded: zed_hw01.ipynb: no roster id" in err and "alice_bob.ipynb: ambiguous" in err
        rows = list(csv.reader(out.open(encoding="utf-8")))
        if fmt == "canvas":                                   # Canvas's second row: the maximum
            assert rows.pop(1) == ["    Points Possible", "", "", "", "", "7"]
        assert rows[0] == header and len(rows) == 5          # the roster's four students, no stray file
        assert ("Alice Liddell" in rows[1]) and rows[1][-1 if fmt != "gradebook" else 2] == "0"
        full = list(csv.DictReader((tmp_path / fmt / "grades.full.csv").open(encoding="utf-8")))
        assert {r["student"] for r in full} >= {"alice", "zed_hw01.ipynb"} and full[0]["name"] == "Alice Liddell"


def test_progress_is_a_bar_on_a_terminal_and_plain_lines_otherwise():
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    plain, term = io.StringIO(), Terminal()
    for stream in (plain, term):
        p = _Progress(stream)
        p.start(2)
        p("[1/2] alice: 6/6 (ok, 3.0 s; about 3 s left)")
        p("[2/2] bob: 5/6 (ok, 3.0 s; about 0 s left)")
        p.close()
    assert plain.getvalue().splitlines() == ["[1/2] alice: 6/6 (ok, 3.0 s; about 3 s left)",
                                             "[2/2] bob: 5/6 (ok, 3.0 s; about 0 s left)"]
    assert "2/2" in term.getvalue() and "|" in term.getvalue() and "[1/2]" not in term.getvalue()


def test_the_teachers_files_are_ignored_by_git(tmp_path):
    paths = ["secret.txt", "roster.csv", "release/alice/hw.ipynb", "key/alice/hw.ipynb",
             "submissions/alice/hw.ipynb", "grades.csv", "grades.full.csv", "feedback/alice.txt"]
    if shutil.which("git") is None or subprocess.run(["git", "rev-parse"], cwd=ROOT, capture_output=True).returncode:
        pytest.skip("not a git checkout: .gitignore is not in use here")
    proc = subprocess.run(["git", "check-ignore", "--no-index", *paths], cwd=ROOT, capture_output=True, text=True)
    assert sorted(proc.stdout.split()) == sorted(paths), proc.stdout + proc.stderr


# ---------------------------------------------------------------- one class, graded
def _with_answers(nb_path: Path, answers: dict, attempts=None) -> dict:
    """The released notebook with ``answerN = <text>`` typed in, as a student hands it in."""
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        src = "".join(cell["source"])
        for var, text in answers.items():
            if src.startswith(f"{var} = ____"):
                cell["source"] = [f"{var} = {text}\n"]
    if attempts is not None:   # what the check outputs say, edited by the student
        code = [c for c in nb["cells"] if c["cell_type"] == "code"]
        code[-1]["outputs"] = [{"output_type": "execute_result", "data": {"text/plain": ""}, "execution_count": 1,
                                "metadata": {"nbteach": {"exercise": i, "attempt": n}}}
                               for i, n in attempts.items()]
    return nb


@pytest.fixture(scope="module")
def class_graded(released, tmp_path_factory):
    base = tmp_path_factory.mktemp("graded")
    hw = load("hw01")
    bob = hw.variant(SECRET.encode(), "bob")
    # bob's guesses: the values a graded release lets a search confirm (its mistakes), typed in
    guesses = {}
    for k, ex in enumerate(bob.exercises[:5], start=1):
        if ex.mistakes and ex.spec["type"] == "exact":
            guesses[f"answer{k}"] = f"Fraction({ex.mistakes[0][1].numerator}, {ex.mistakes[0][1].denominator})"
        elif ex.mistakes and ex.spec["type"] == "number":
            guesses[f"answer{k}"] = repr(float(ex.mistakes[0][1]))
    subs = base / "submissions"
    for sid in ("alice", "bob", "carol"):
        (subs / sid).mkdir(parents=True)
    shutil.copyfile(released / "key" / "alice" / NOTEBOOK, subs / "alice" / NOTEBOOK)
    (subs / "bob" / NOTEBOOK).write_text(json.dumps(_with_answers(released / "release" / "bob" / NOTEBOOK, guesses)))
    carol = json.loads((released / "key" / "carol" / NOTEBOOK).read_text())
    code = [c for c in carol["cells"] if c["cell_type"] == "code"]
    code[-1]["outputs"] = [{"output_type": "execute_result", "data": {"text/plain": ""}, "execution_count": 1,
                            "metadata": {"nbteach": {"exercise": IDS[0], "attempt": 10**30}}},
                           {"output_type": "execute_result", "data": {"text/plain": ""}, "execution_count": 2,
                            "metadata": {"nbteach": {"exercise": IDS[1], "attempt": 1}}}]
    (subs / "carol" / NOTEBOOK).write_text(json.dumps(carol))
    out = base / "grades.csv"
    common = dict(assignment="hw01", roster=released / "roster.csv", secret_file=released / "secret.txt",
                  sandbox=False, timeout=60)

    def interrupt(line):   # Ctrl-C as the first student finishes
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        grade([subs], out, jobs=1, progress=interrupt, **common)
    first = list(csv.DictReader(out.open(encoding="utf-8")))
    feedback_after_interrupt = {p.name for p in (base / "feedback").glob("*.txt")}
    results = grade([subs], out, jobs=2, resume=True, **common)
    rows = {r["student"]: r for r in csv.DictReader(out.open(encoding="utf-8"))}
    return {"base": base, "rows": rows, "first": first, "results": results, "guesses": guesses,
            "feedback_after_interrupt": feedback_after_interrupt}


def test_an_interrupted_run_resumes_with_complete_feedback(class_graded):
    graded_first = [r["student"] for r in class_graded["first"] if r["run"] not in ("missing", "")]
    # stopped as the first student finished: the one already running (if any) is recorded too
    assert 1 <= len(graded_first) <= 2
    assert class_graded["feedback_after_interrupt"] == {sid + ".txt" for sid in graded_first}
    rows = class_graded["rows"]
    assert rows["alice"]["total"] == "7" and rows["dave"]["run"] == "missing"
    for sid in ("alice", "bob", "carol"):
        text = (class_graded["base"] / "feedback" / f"{sid}.txt").read_text(encoding="utf-8")
        assert "earlier run" not in text and all(f"{i}: " in text for i in IDS)
        assert text.count("passed") + text.count("failed") == len(IDS)


def test_guessed_values_in_a_blank_notebook_get_no_credit(class_graded):
    assert len(class_graded["guesses"]) >= 3
    assert class_graded["rows"]["bob"]["total"] == "0", class_graded["rows"]["bob"]


def test_attempts_are_reported_as_recorded_and_absurd_ones_dropped(class_graded):
    carol = class_graded["rows"]["carol"]
    assert carol["total"] == "7"
    assert carol[f"{IDS[0]}.attempts"] == "" and carol[f"{IDS[1]}.attempts"] == "1"
    assert class_graded["rows"]["alice"]["name"] == "Alice Liddell"


def test_gradebook_formats_hold_the_roster_names_and_totals(class_graded, tmp_path):
    results = class_graded["results"]
    write_grades(results, IDS, tmp_path / "g.csv", "gradebook", "hw01")
    rows = {r["id"]: r for r in csv.DictReader((tmp_path / "g.csv").open(encoding="utf-8"))}
    assert set(rows) == {"alice", "bob", "carol", "dave"}
    assert rows["alice"] == {"id": "alice", "name": "Alice Liddell", "total": "7", "max": "7"}
    write_grades(results, IDS, tmp_path / "c.csv", "canvas", "hw01")
    canvas = {r["ID"]: r for r in csv.DictReader((tmp_path / "c.csv").open(encoding="utf-8"))}   # roster column id
    assert canvas[""]["Student"] == "    Points Possible" and canvas[""]["hw01"] == "7"
    assert canvas["alice"]["Student"] == "Alice Liddell" and canvas["alice"]["hw01"] == "7"
    assert canvas["bob"]["hw01"] == "0"


def test_bad_format_gets_a_clear_error(tmp_path):
    (tmp_path / "a.ipynb").write_text("{}")
    with pytest.raises(NbteachError, match="--format must be one of"):
        grade([tmp_path], tmp_path / "g.csv", format="excel")


def test_each_run_passes_its_own_configuration_and_none_is_inherited(tmp_path, monkeypatch):
    """The seal settings travel as a GradeConfig to every runner; a run never inherits the
    previous one's (the module-level _SEAL did: a sealed run left the next one sealed)."""
    import nbteach.teacher.grade as grading
    import nbteach.teacher.sandbox as sandbox
    from nbteach.teacher.grade import GradeConfig, Submission

    seen = []

    def fake(path, timeout, ids, lang, package, variant, config=None):
        seen.append(config)
        return Submission(Path(path), run="ok")

    monkeypatch.setattr(grading, "grade_notebook", fake)
    monkeypatch.setattr(sandbox, "available", lambda: True)
    (tmp_path / "a.ipynb").write_text(json.dumps({"cells": [{"cell_type": "code", "metadata": {}, "outputs": [],
                                                         "source": 'exercise("00.flu_share").check(____)'}],
                                              "metadata": {}}))
    grade([tmp_path / "a.ipynb"], tmp_path / "g.csv", sandbox=True, memory=2**30)
    grade([tmp_path / "a.ipynb"], tmp_path / "g.csv", sandbox=False, force=True)   # again, into the same file
    assert [(c.sealed, c.memory) for c in seen] == [(True, 2**30), (False, None)]
    assert all(isinstance(c, GradeConfig) for c in seen)
    assert not hasattr(grading, "_SEAL")
