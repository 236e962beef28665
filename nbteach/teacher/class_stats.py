"""What a graded class did, exercise by exercise: read from the grade file and the mistakes file.

The numbers of the class report (``nbteach.teacher.report``, ``python -m nbteach.report``), read
from the full grade table that ``python -m nbteach.grade`` wrote (its ``--out``; with a gradebook
``--format``, the full table ``<name>.full.csv`` beside it, which is read when the gradebook
file is given) and the mistakes file beside it (``grades.mistakes.jsonl``:
:func:`nbteach.teacher.gradebook.write_mistakes`).

Who counts
----------
A row of the grade table is a **student who ran** unless its ``run`` (the words before any
" (") is one of ``missing`` (nothing handed in), ``not a notebook``, ``refused``, ``no roster
id``, ``ambiguous``, ``second notebook`` (files that are no roster student's), ``clash`` or
``other assignment`` (a student whose notebook the teacher must choose first). A notebook that
was handed in and graded counts, however its run ended (``ok``, ``error``, ``timeout``,
``dead kernel``, ``unreadable``: its exercises are then "no answer"). ``N`` is the number of
students who ran; every share below is of ``N``, over those students only.

The columns of ``exercises.csv``, for an exercise ``j``
------------------------------------------------------
Each student who ran has, per exercise, a line of the mistakes file: a ``status`` (correct,
incorrect, not attempted, no answer) and the diagnosed ``mistake``'s name or null.

``exercise``
    the exercise id (the grade table's column).
``share_correct``
    (students whose status is ``correct``) / ``N``.
``attempted``
    the number of students whose status is neither ``not attempted`` nor ``no answer``
    (a count, not a share).
``top_mistake``
    the mistake name most students got (a tie: the first name in alphabetical order); empty
    when no student's answer was diagnosed with a mistake.
``top_mistake_share``
    (students with ``top_mistake``) / ``N``; empty with it.
``discrimination``
    the point-biserial correlation of the exercise's score ``x_i`` (the grade table's cell:
    1 or 0, an exercise's points where the table gives points) with the rest of the student's
    total, ``y_i = total_i - x_i`` (``total``: the grade table's column), over the ``N``
    students: Pearson's ``r = sum((x_i - mean x)(y_i - mean y)) / sqrt(sum((x_i - mean x)^2)
    sum((y_i - mean y)^2))``, which for a 0/1 score is the point-biserial coefficient. Empty
    when undefined: when every student has the same score on the exercise (all right, all
    wrong) or the same rest of the total (zero variance). Near zero or negative: the exercise
    does not separate the students who did well on the others from those who did not (look at
    its wording and its reference).

Shares and the discrimination are written rounded to 4 decimals. A student who ran but has no
line in the mistakes file (a grade file written before the mistakes were recorded, when every
exercise was worth a point) counts as correct where the table's cell is 1 and otherwise as
unknown (neither attempted nor diagnosed); with no mistakes file at all, ``attempted`` and the
mistakes are left empty. The report says so when it happens (:attr:`ClassGrades.notes`).

>>> point_biserial([1, 1, 0, 0], [3, 2, 1, 0])
0.8944
>>> point_biserial([1, 1, 1], [3, 2, 1]) is None
True
"""
from __future__ import annotations

import csv
import json
import math
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from nbteach._base import NbteachError
from nbteach.teacher.gradebook import _escape, _unescape, mistakes_file
from nbteach.teacher.submission import NO_GRADE

__all__ = ["ClassGrades", "ExerciseStats", "read_grades", "exercise_stats", "point_biserial", "COLUMNS", "NOT_RAN"]

#: the columns of exercises.csv
COLUMNS = ("exercise", "share_correct", "attempted", "top_mistake", "top_mistake_share", "discrimination")
#: a row whose run is one of these is no student who ran (see the module docstring)
NOT_RAN = ("missing",) + NO_GRADE
#: statuses of a student who gave no answer (any other status is an answer: correct, incorrect ...)
NO_ANSWER = ("not attempted", "no answer")
DIGITS = 4


# ---------------------------------------------------------------- reading
@dataclass
class ClassGrades:
    """A grade table and its mistakes file, read.

    ``rows``: ``(student, run, total, max, {exercise: score})`` for every row of the table;
    ``ran``: the students who ran (see the module docstring), in the table's order;
    ``lines``: ``{(student, exercise): (status, mistake)}`` from the mistakes file;
    ``langs``: the ``lang`` of its lines, counted; ``notes``: what the reader should know."""

    table: Path
    ids: list
    rows: list
    ran: list
    lines: dict
    langs: Counter = field(default_factory=Counter)
    mistakes_read: bool = True
    notes: list = field(default_factory=list)

    def row(self, student):
        return self._by_student[student]

    def __post_init__(self):
        self._by_student = {r[0]: r for r in self.rows}


def _not_a_grade_file(path, why) -> NbteachError:
    return NbteachError(f"{path} is not a grade file ({why}): give the full table python -m nbteach.grade wrote "
                        "(its --out, or <name>.full.csv beside a gradebook file), with the columns student (or "
                        "submission), one per exercise with its <id>.attempts, total, max and run.")


def _number(text, path, line, column) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise _not_a_grade_file(path, f"line {line}, column {column}: {text[:40]!r} is not a number")
    return value


def _full_table_of(path: Path, header) -> Path | None:
    """A gradebook file (gradebook, canvas, moodle) -> the full table beside it, if there."""
    beside = path.with_name(path.stem + ".full.csv")
    return beside if beside.is_file() and "run" not in header else None


def read_grades(grades) -> ClassGrades:
    """Read the grade table ``grades`` and the mistakes file beside it (see the module docstring)."""
    path = Path(grades)
    if not path.is_file():
        raise NbteachError(f"{path} does not exist (or is not a file): give the grade file python -m nbteach.grade "
                           "wrote (its --out, e.g. grades.csv).")
    try:
        with open(path, newline="", encoding="utf-8") as fh:
            table = list(csv.reader(fh))
    except (UnicodeDecodeError, csv.Error) as exc:
        raise _not_a_grade_file(path, f"it cannot be read as CSV: {type(exc).__name__}") from None
    if not table:
        raise _not_a_grade_file(path, "it is empty")
    header = table[0]
    beside = _full_table_of(path, header)
    if beside is not None:
        return read_grades(beside)
    if header[:4] == ["id", "name", "total", "max"] or header[:2] == ["Student", "ID"] or header[1:2] == ["Full name"]:
        raise NbteachError(f"{path} is a gradebook file (--format gradebook, canvas or moodle): the report reads the "
                           f"full table python -m nbteach.grade keeps beside it, {path.stem}.full.csv, which is not "
                           "there: give that file, or the --out of a run with --format csv.")
    if not header or header[0] not in ("student", "submission"):
        raise _not_a_grade_file(path, "its first column is neither student nor submission")
    missing = [c for c in ("total", "max", "run") if c not in header]
    if missing:
        raise _not_a_grade_file(path, "no column " + ", ".join(missing))
    ids = [c for c in header if f"{c}.attempts" in header]
    if not ids:
        raise _not_a_grade_file(path, "no exercise column (an <id> with its <id>.attempts)")
    at = {c: k for k, c in enumerate(header)}
    rows, ran = [], []
    for n, cells in enumerate(table[1:], start=2):
        if not any(cells):
            continue
        if len(cells) != len(header):
            raise _not_a_grade_file(path, f"line {n} has {len(cells)} cells, the header {len(header)}")
        student, run = _unescape(cells[0]), _unescape(cells[at["run"]])
        scores = {i: _number(cells[at[i]], path, n, i) for i in ids}
        rows.append((student, run, _number(cells[at["total"]], path, n, "total"),
                     _number(cells[at["max"]], path, n, "max"), scores))
        if run.split(" (")[0] not in NOT_RAN:
            ran.append(student)
    data = ClassGrades(path, ids, rows, ran, {})
    _read_mistakes(data, mistakes_file(path))
    return data


def _read_mistakes(data: ClassGrades, path: Path) -> None:
    if not path.is_file():
        data.mistakes_read = False
        data.notes.append({"en": f"There is no mistakes file ({path.name}) beside the grade file: how many "
                                 "attempted each exercise and the diagnosed mistakes are unknown.",
                           "zh": f"成绩文件旁边没有错误记录文件（{path.name}）：无法得知每道题的作答人数和识别出的错误。"})
        return
    ran, ids = set(data.ran), set(data.ids)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise NbteachError(f"{path} cannot be read ({type(exc).__name__}): it is the mistakes file python -m "
                           "nbteach.grade writes beside the grade file; grade again, or remove it.") from None
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
            ok = (isinstance(item, dict) and isinstance(item.get("student"), str)
                  and isinstance(item.get("exercise"), str) and isinstance(item.get("status"), str)
                  and (item.get("mistake") is None or isinstance(item.get("mistake"), str)))
        except ValueError:
            ok = False
        if not ok:
            raise NbteachError(f"{path}, line {n}: not a line of a mistakes file (a JSON object with student, "
                               "exercise, status and mistake, as python -m nbteach.grade writes it beside the "
                               "grade file): grade again, or remove the file.")
        if isinstance(item.get("lang"), str) and item["lang"] in ("en", "zh"):
            data.langs[item["lang"]] += 1
        if item["student"] in ran and item["exercise"] in ids:
            data.lines[(item["student"], item["exercise"])] = (item["status"], item["mistake"])
    without = [s for s in data.ran if not any((s, i) in data.lines for i in data.ids)]
    if without:
        data.notes.append({"en": f"{len(without)} of the {len(data.ran)} students who ran have no line in "
                                 f"{path.name}: their right answers are counted, their wrong ones are neither "
                                 "attempted nor diagnosed.",
                           "zh": f"已运行的 {len(data.ran)} 名学生中有 {len(without)} 名在 {path.name} 中没有记录："
                                 "他们答对的题照常计入，答错的题既不算作答，也没有识别出的错误。"})


# ---------------------------------------------------------------- the numbers
def point_biserial(x, y):
    """Pearson's correlation of ``x`` with ``y`` (the point-biserial coefficient when ``x`` is
    0/1), rounded to 4 decimals; None when undefined (fewer than two values, or a variance of 0)."""
    n = len(x)
    if n < 2:
        return None
    mx, my = math.fsum(x) / n, math.fsum(y) / n
    sxx = math.fsum((a - mx) ** 2 for a in x)
    syy = math.fsum((b - my) ** 2 for b in y)
    if sxx <= 1e-12 * max(1.0, mx * mx) * n or syy <= 1e-12 * max(1.0, my * my) * n:
        return None
    return round(math.fsum((a - mx) * (b - my) for a, b in zip(x, y)) / math.sqrt(sxx * syy), DIGITS)


@dataclass
class ExerciseStats:
    """One exercise over the ``students`` who ran (see the module docstring for each number)."""

    exercise: str
    students: int
    correct: int
    attempted: int | None
    mistakes: Counter
    unnamed: int           # incorrect with no mistake named
    no_answer: int         # not attempted, or no answer
    discrimination: float | None

    @property
    def share_correct(self) -> float:
        return round(self.correct / self.students, DIGITS)

    def top(self, k: int = 3) -> list:
        """The ``k`` most common mistakes, ``[(name, students)]``, most first (ties: by name)."""
        return sorted(self.mistakes.items(), key=lambda item: (-item[1], item[0]))[:k]

    def csv_row(self) -> list:
        top = self.top(1)
        return [_escape(self.exercise), self.share_correct, "" if self.attempted is None else self.attempted,
                _escape(top[0][0]) if top else "", round(top[0][1] / self.students, DIGITS) if top else "",
                "" if self.discrimination is None else self.discrimination]


def exercise_stats(data: ClassGrades) -> list:
    """An :class:`ExerciseStats` per exercise of ``data``, in the table's order."""
    if not data.ran:
        raise NbteachError(f"no student in {data.table} ran a notebook (every row is missing, or a file that got no "
                           "grade): there is nothing to report yet.")
    out = []
    for i in data.ids:
        correct = attempted = unnamed = no_answer = 0
        mistakes, x, y = Counter(), [], []
        for s in data.ran:
            _, _, total, _, scores = data.row(s)
            x.append(scores[i])
            y.append(total - scores[i])
            status, mistake = data.lines.get((s, i), (None, None))
            if status is None:             # no line: only a right answer is known
                status = "correct" if scores[i] == 1 else None
            correct += status == "correct"
            attempted += status is not None and status not in NO_ANSWER
            no_answer += status in NO_ANSWER
            if mistake is not None:
                mistakes[mistake] += 1
            elif status == "incorrect":
                unnamed += 1
        out.append(ExerciseStats(i, len(data.ran), correct, attempted if data.mistakes_read else None, mistakes,
                                 unnamed, no_answer, point_biserial(x, y)))
    return out
