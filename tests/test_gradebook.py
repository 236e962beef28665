"""Gradebooks that import (issue 35): Canvas's and Moodle's import files as their documentation
describes them, points per exercise and partial credit, Canvas's LATE flag, and --convert.

Canvas (community guide "How do I import grades in the Gradebook?", and the CSV a Canvas gradebook
exports): the columns Student, ID, SIS User ID, SIS Login ID, Section, then one per assignment; a
row is matched by ID (Canvas's user ID), SIS User ID or Student; an optional second row starting
"Points Possible" gives a new assignment its points. Moodle (grade/import/csv, load_data.php): a
column is mapped from the CSV to a user field (userid, useridnumber, useremail, username), grades
are numbers ('' or '-': no grade), and a row whose user is not found stops the whole import.
Nothing is graded here: Submissions are made directly, so the module costs well under a second.
"""
from __future__ import annotations

import csv
from pathlib import Path

import pytest

from nbteach._base import NbteachError
from nbteach.teacher.autograde import Verdict
from nbteach.teacher.gradebook import convert, write_csv, write_grades
from nbteach.teacher.submission import Submission

IDS = ["hw99.a", "hw99.b"]


class _Exercise:
    def __init__(self, points=1, mistakes=()):
        self.points, self.mistakes = points, list(mistakes)


class _Mistake:
    def __init__(self, name, credit):
        self.name, self.credit = name, credit


def _student(sid, name, verdicts, points=None, run="ok", late=False):
    s = Submission(Path(sid), label=sid, student_name=name, run=run, late=late, points=points or {})
    exercises = {"hw99.a": _Exercise(2, [_Mistake("near", 0.5)]), "hw99.b": _Exercise(1)}
    s.results = {i: v.weighed(exercises[i]) for i, v in verdicts.items()}
    return s


@pytest.fixture
def klass():
    points = {"hw99.a": 2, "hw99.b": 1}
    return [_student("1001", "Lovelace, Ada", {"hw99.a": Verdict("correct", "Correct!"),
                                               "hw99.b": Verdict("correct", "Correct!")}, points),
            _student("1002", "Babbage, Charles", {"hw99.a": Verdict("incorrect", "Incorrect.", "near"),
                                                  "hw99.b": Verdict("incorrect", "Incorrect.")}, points, late=True),
            Submission(Path("1003"), label="1003", student_name="Hopper, Grace", run="missing", points=points),
            Submission(Path("stray.ipynb"), label="stray.ipynb", run="no roster id", points=points)]


def _rows(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.reader(fh))


def test_points_and_partial_credit_in_the_grade_file(klass, tmp_path):
    write_csv(klass, IDS, tmp_path / "grades.csv", names=True)
    rows = {r["student"]: r for r in csv.DictReader((tmp_path / "grades.csv").open(encoding="utf-8"))}
    assert rows["1001"]["hw99.a"] == "2" and rows["1001"]["total"] == "3" and rows["1001"]["max"] == "3"
    assert rows["1002"]["hw99.a"] == "1" and rows["1002"]["hw99.b"] == "0" and rows["1002"]["total"] == "1"
    assert rows["1002"]["late"] == "1" and rows["1001"]["late"] == "0"   # Canvas's LATE, kept


def test_one_point_an_exercise_without_partial_credit_reads_as_before(tmp_path):
    s = Submission(Path("a"), label="a")
    s.results = {"hw99.a": Verdict("correct", "ok").weighed(_Exercise()),
                 "hw99.b": Verdict("incorrect", "no", "near").weighed(_Exercise())}
    write_csv([s], IDS, tmp_path / "g.csv")
    assert _rows(tmp_path / "g.csv") == [["student", "hw99.a", "hw99.a.attempts", "hw99.b", "hw99.b.attempts",
                                          "total", "max", "run"], ["a", "1", "", "0", "", "1", "2", "ok"]]


@pytest.mark.parametrize("header, column", [("id", "ID"), ("SIS User ID", "SIS User ID"),
                                            ("sis_login_id", "SIS Login ID")])
def test_canvas_file_as_its_documentation_says(klass, tmp_path, header, column):
    from nbteach.teacher.assign import read_roster_details

    roster = tmp_path / "roster.csv"
    roster.write_text(f"{header},name,section\n1001,\"Lovelace, Ada\",A\n1002,\"Babbage, Charles\",B\n"
                      "1003,\"Hopper, Grace\",A\n", encoding="utf-8")
    _, kind, extra = read_roster_details(roster)
    write_grades(klass, IDS, tmp_path / "canvas.csv", "canvas", "hw99 (4242)", kind,
                 {sid: e["section"] for sid, e in extra.items()})
    rows = _rows(tmp_path / "canvas.csv")
    assert rows[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "hw99 (4242)"]
    assert rows[1][0].strip() == "Points Possible" and rows[1][1:5] == ["", "", "", ""] and rows[1][5] == "3"
    by_id = {r[rows[0].index(column)]: r for r in rows[2:]}
    assert set(by_id) == {"1001", "1002", "1003"}              # no stray file, the missing with 0
    assert by_id["1001"][0] == "Lovelace, Ada" and by_id["1001"][4] == "A" and by_id["1001"][5] == "3"
    assert by_id["1002"][5] == "1" and by_id["1003"][5] == "0"
    others = [c for c in ("ID", "SIS User ID", "SIS Login ID") if c != column]
    assert all(r[rows[0].index(c)] == "" for r in rows[2:] for c in others)


@pytest.mark.parametrize("header, column", [("id", "ID number"), ("username", "Username"),
                                            ("email", "Email address")])
def test_moodle_file_as_its_import_reads_it(klass, tmp_path, header, column):
    from nbteach.teacher.assign import read_roster_details

    roster = tmp_path / "roster.csv"
    ids = {"id": ["1001", "1002", "1003"], "username": ["ada", "charles", "grace"],
           "email": ["ada@x.org", "charles@x.org", "grace@x.org"]}[header]
    roster.write_text(f"{header},name\n" + "".join(f"{i},n\n" for i in ids), encoding="utf-8")
    _, kind, _ = read_roster_details(roster)
    for s, sid in zip(klass, ids):
        s.label = sid
    write_grades(klass, IDS, tmp_path / "moodle.csv", "moodle", "hw99", kind)
    rows = _rows(tmp_path / "moodle.csv")
    assert rows[0] == [column, "Full name", "hw99"]
    assert [r[0] for r in rows[1:]] == ids[:3]                    # only roster students: an unknown one stops Moodle
    assert all(float(r[2]) == float(r[2]) for r in rows[1:])      # a number in every grade cell


def test_convert_writes_what_grading_would_have_written(klass, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name,section\n1001,\"Lovelace, Ada\",A\n1002,\"Babbage, Charles\",B\n"
                      "1003,\"Hopper, Grace\",A\n", encoding="utf-8")
    write_csv(klass, IDS, tmp_path / "grades.full.csv", names=True)
    write_grades(klass, IDS, tmp_path / "direct.csv", "canvas", "hw99", "id", {"1001": "A", "1002": "B", "1003": "A"})
    assert convert(tmp_path / "grades.full.csv", tmp_path / "converted.csv", "canvas", "hw99", roster) == 3
    assert _rows(tmp_path / "converted.csv") == _rows(tmp_path / "direct.csv")
    with pytest.raises(NbteachError, match="not a grade file"):
        (tmp_path / "other.csv").write_text("a,b\n1,2\n")
        convert(tmp_path / "other.csv", tmp_path / "x.csv", "canvas")


def test_late_is_read_from_canvas_download_names(tmp_path):
    from nbteach.teacher.collect import match_roster
    from nbteach.teacher.homework import load

    for name in ("lovelace_ada_LATE_1001_555_hw01_bayes_and_smoothing.ipynb", "babbage_charles_1002_556_hw01.ipynb"):
        (tmp_path / name).write_text("{}")
    match = match_roster([tmp_path], [("1001", ""), ("1002", "")], load("hw01"))
    assert match.late == {"1001"}


def test_a_large_class_s_files_are_not_rewritten_after_every_row(tmp_path, monkeypatch):
    """Rewriting the grade files after every row costs a time that grows with the square of the
    class (10,000 rows: seconds a rewrite, hours a run). A rewrite is repeated only once ten times
    as long as it took has passed, and the run's end writes the last rows: on a clock where a
    rewrite takes 1 s and a row arrives every 0.5 s, 100 rows are rewritten about 100 / 22 times,
    not 100; where rewriting costs nothing, after every row as before."""
    import nbteach.teacher.gradebook as gb

    for cost, most in ((1.0, 8), (0.0, 102)):   # with the first (no row) and the last rewrite
        clock, writes = [0.0], []
        monkeypatch.setattr(gb.time, "monotonic", lambda: clock[0])

        def write(rows, *args, cost=cost, **kwargs):
            writes.append(len(rows))
            clock[0] += cost

        monkeypatch.setattr(gb, "write_csv", write)
        monkeypatch.setattr(gb, "write_mistakes", lambda *a, **k: None)
        rows = [None] * 100
        report = gb.Report(tmp_path / "g.csv", "csv", tmp_path / "g.csv", IDS, None, True, False, "hw99", rows,
                           [], None, 100)
        for k in range(100):
            clock[0] += 0.5
            report.add(k, Submission(Path(f"s{k}"), label=f"s{k}"))
        report.flush()   # as grade() does when the run ends
        assert writes[-1] == 100 and len(writes) <= most, writes
        assert cost or writes == [0, *range(1, 101), 100]   # no cost: after every row, as before
