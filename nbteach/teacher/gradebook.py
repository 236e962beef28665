"""Reporting a class's grades: the grade file, the gradebook formats, the feedback files.

The last stage of grading (after ``nbteach.teacher.collect`` and
``nbteach.teacher.autograde``). Every file is written atomically (a temporary file, then
renamed), so an interrupted run leaves whole files; a text cell a spreadsheet would run as a
formula gets a leading apostrophe; every text from a student is already printable
(``nbteach.teacher.wire.printable``).

* the full table (:func:`write_csv`): a row per submission, per exercise pass/fail and the
  attempts the notebook records, ``total``, ``max``, ``run``; what ``--resume`` reads back;
* beside it, ``<name>.mistakes.jsonl`` (:func:`write_mistakes`): per student and exercise the
  status and the diagnosed mistake's name, never the answer;
* a gradebook (:func:`write_grades`): ``gradebook``, ``canvas`` or ``moodle``;
* a feedback file per student (:func:`write_feedback`), in the student's language.
"""
from __future__ import annotations

import csv
import hashlib
import json
import os
import re
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from nbteach._base import NbteachError

from nbteach.i18n import tr
from nbteach.teacher.submission import FORMATS, NO_GRADE, RUN_TEXT, UNGRADED, Submission, points_number
from nbteach.teacher.wire import printable

__all__ = ["write_csv", "write_grades", "write_mistakes", "write_feedback", "read_previous", "feedback_name",
           "full_table", "summary", "locked", "Report", "Progress", "convert", "FORMATS"]

_FORMULA = ("=", "+", "-", "@", "\t", "\r")
_NOT_REACHED = {
    "en": "Failed: no answer was checked for this exercise{why}.",
    "zh": "未通过：这道题没有被检查过{why}。",
}


def _escape(cell):
    """A text cell a spreadsheet would run as a formula gets a leading apostrophe."""
    return "'" + cell if isinstance(cell, str) and cell.startswith(_FORMULA) else cell


def _unescape(cell: str) -> str:
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(_FORMULA) else cell


def _atomic_rows(out, rows) -> None:
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp")
    with open(tmp, "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(rows)
    os.replace(tmp, out)


def full_table(out, format):
    """Where the full table (every column) goes: ``out`` itself for csv, else ``<out>.full.csv``."""
    if out is None:
        return None
    out = Path(out)
    return out if format == "csv" else out.with_name(out.stem + ".full.csv")


def run_text(s: Submission) -> str:
    """The ``run`` cell: how the run ended, what the teacher should check, whether it was sealed."""
    return s.run + (f" ({s.note})" if s.note else "") + (" (not sealed)" if s.sealed is False else "")


def write_csv(results, ids, out, first: str = "student", names: bool = False) -> None:
    """Write the full grade table atomically: a row per submission, [``name``,] ``<id>`` (the points
    the exercise earned: 1 or 0 when each is worth a point and has no partial credit),
    ``<id>.attempts`` (as recorded in the submitted notebook, which the student can edit; empty if
    it records none or nothing believable), ``total``, ``max``, ``run``, and ``late`` when a
    submission's LMS download name marked it late."""
    late = any(s.late for s in results)
    rows = [[first, *(["name"] if names else []), *[c for i in ids for c in (i, f"{i}.attempts")],
             "total", "max", "run", *(["late"] if late else [])]]
    for s in results:
        cells = []
        for i in ids:
            n = s.attempts.get(i)
            cells += [points_number(s.earned(i)), n if isinstance(n, int) else ""]
        rows.append([_escape(s.name), *([_escape(s.student_name)] if names else []), *cells,
                     s.total(ids), s.maximum(ids), _escape(run_text(s)), *([int(s.late)] if late else [])])
    _atomic_rows(out, rows)


def mistakes_file(table) -> Path:
    """``grades.csv`` -> ``grades.mistakes.jsonl``."""
    table = Path(table)
    return table.with_name(table.stem.removesuffix(".full") + ".mistakes.jsonl")


def _earlier_lines(out, students) -> dict:
    """student -> their lines in the mistakes file ``out`` as it is (for the rows --resume keeps)."""
    found = {}
    try:
        text = Path(out).read_text(encoding="utf-8") if students else ""
    except (OSError, UnicodeDecodeError):
        return found
    for line in text.splitlines():
        try:
            student = json.loads(line).get("student")
        except (ValueError, AttributeError):
            continue
        if student in students:
            found.setdefault(student, []).append(line)
    return found


def write_mistakes(results, ids, out) -> None:
    """``<out>``: a JSON line per student and exercise, ``{"student", "exercise", "status", "mistake",
    "lang"}`` (``status``: correct, incorrect, not attempted, or "no answer" where none was recorded;
    the mistake's name or null; the language of the student's feedback), for the rows that ran;
    never the answer. A row kept from an earlier
    run (``--resume``) keeps the lines that run wrote into ``out``."""
    earlier = _earlier_lines(out, {s.name for s in results if s.resumed})
    lines = []
    for s in results:
        if s.resumed:
            lines += earlier.get(s.name, [])
        if s.run in NO_GRADE or s.run == "missing" or s.resumed:
            continue
        for i in ids:
            v = s.results.get(i)
            lines.append(json.dumps({"student": s.name, "exercise": i,
                                     "status": getattr(v, "status", "no answer" if v is None else
                                                       ("correct" if v[0] else "incorrect")),
                                     "mistake": getattr(v, "mistake", None), "lang": s.lang}, ensure_ascii=False))
    out = Path(out)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    os.replace(tmp, out)


#: Where a roster's ids go in Canvas's import file (by the roster's id column: ``assign.ID_COLUMNS``).
CANVAS_COLUMN = {"id": "ID", "sis_user_id": "SIS User ID", "idnumber": "SIS User ID", "sis_login_id": "SIS Login ID",
                 "username": "SIS Login ID", "email": "SIS Login ID"}
#: The identifier column of Moodle's import file, by the roster's id kind (Moodle's "Map from"
#: this column "Map to" the user field of the same name: ID number, username, email address).
MOODLE_COLUMN = {"id": "ID number", "idnumber": "ID number", "sis_user_id": "ID number",
                 "sis_login_id": "Username", "username": "Username", "email": "Email address"}
CANVAS_HEADER = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]


def write_grades(results, ids, out, format: str, assignment: str = "grade", id_kind: str = "id",
                 sections=None) -> None:
    """The grades in a gradebook's format (rows that are no roster student, or whose grade the
    teacher must decide first, are left out); ``id_kind``: which field the roster's ids are (its id
    column's header, ``nbteach.teacher.assign.read_roster_details``), ``sections``: id -> section.

    * ``gradebook``: ``id, name, total, max``;
    * ``canvas``: Canvas's gradebook import file: the columns ``Student, ID, SIS User ID, SIS
      Login ID, Section, <assignment>``, the roster name under Student and the roster id under the
      column its header names (``id``: Canvas's user ID, under ID; ``SIS User ID``; ``SIS Login
      ID``), the roster's section under Section; Canvas matches a row by ID, SIS User ID or
      Student. Under the header, Canvas's ``    Points Possible`` row holds the maximum, which a
      new assignment takes as its points; a column named as an existing Canvas assignment
      (``hw01 (12345)``) updates it, any other name makes a new one.
    * ``moodle``: Moodle's grade import (*Import > CSV file*): an identifier column named for the
      user field it maps to (``ID number``, ``Username`` or ``Email address``, by the roster's id
      column), ``Full name`` (ignored by the mapping) and ``<assignment>``, a number per row (Moodle
      stops the whole import at a row whose user it does not find: only roster students are written).
    """
    keep = [s for s in results if s.run not in NO_GRADE]
    sections = sections or {}
    if format == "gradebook":
        rows = [["id", "name", "total", "max"]]
        rows += [[_escape(s.name), _escape(s.student_name), s.total(ids), s.maximum(ids)] for s in keep]
    elif format == "canvas":
        column = CANVAS_HEADER.index(CANVAS_COLUMN.get(id_kind, "ID"))
        maximum = keep[0].maximum(ids) if keep else len(ids)
        rows = [CANVAS_HEADER + [assignment], ["    Points Possible", "", "", "", ""] + [maximum]]
        for s in keep:
            row = [_escape(s.student_name or s.name), "", "", "", _escape(sections.get(s.name, "")), s.total(ids)]
            row[column] = _escape(s.name)
            rows.append(row)
    elif format == "moodle":
        rows = [[MOODLE_COLUMN.get(id_kind, "ID number"), "Full name", assignment]]
        rows += [[_escape(s.name), _escape(s.student_name), s.total(ids)] for s in keep]
    else:
        raise ValueError(format)
    _atomic_rows(out, rows)


def convert(table, out, format: str, assignment: str = "grade", roster=None) -> int:
    """A gradebook file from an earlier run's full grade table, without grading again
    (``python -m nbteach.grade --convert grades.csv --format canvas --out canvas.csv``); ``roster``
    (optional) gives the id kind and the sections. Returns the number of rows written."""
    from nbteach.teacher.assign import read_roster_details  # only when converting with a roster

    if format not in FORMATS or format == "csv":
        raise NbteachError(f"--convert writes gradebook, canvas or moodle (--format), got {format!r}.")
    try:
        with open(table, newline="", encoding="utf-8") as fh:
            rows = list(csv.DictReader(fh))
    except (OSError, UnicodeDecodeError) as exc:
        raise NbteachError(f"--convert: {table} could not be read ({exc}).") from None
    first = "student" if rows and "student" in rows[0] else "submission"
    if not rows or not {"total", "max", "run", first} <= set(rows[0]):
        raise NbteachError(f"--convert: {table} is not a grade file of nbteach.grade (it needs the columns "
                           f"{first}, total, max, run; with --format canvas/moodle give the .full.csv kept beside it).")
    results = []
    for row in rows:
        s = Submission(Path(row[first]), label=_unescape(row[first]), run=_unescape(row["run"]).split(" (")[0],
                       student_name=_unescape(row.get("name", "")))
        s.points = {"total": float(row["max"] or 0)}
        s.results = {"total": _Earned(float(row["total"] or 0))}
        results.append(s)
    id_kind, sections = "id", {}
    if roster is not None:
        _, id_kind, extra = read_roster_details(roster)
        sections = {sid: e.get("section", "") for sid, e in extra.items()}
    write_grades(results, ["total"], out, format, assignment, id_kind, sections)
    return sum(1 for s in results if s.run not in NO_GRADE)


class _Earned(tuple):
    """A total read back from a grade file, as a verdict that earned it."""

    def __new__(cls, earned: float):
        self = super().__new__(cls, (earned > 0, ""))
        self.earned = earned
        return self


def read_previous(table, ids, folder=None) -> dict:
    """label -> Submission rebuilt from the rows of an earlier run's full table (for --resume).

    A row is kept only if its student's feedback file is there (a run interrupted between
    the two is graded again), and that file is left as it was.
    """
    prev = {}
    try:
        with open(table, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                label = _unescape(row.get("student") or row.get("submission") or "")
                if not label or row.get("run") in (None, "", "missing") or any(i not in row for i in ids):
                    continue
                if row["run"] in UNGRADED or row["run"].split(" (")[0] in NO_GRADE:
                    continue   # found again by this run's matching
                if folder is not None and not (Path(folder) / feedback_name(label)).is_file():
                    continue
                run = _unescape(row["run"])
                s = Submission(Path(label), run=run.removesuffix(" (not sealed)"), label=label,
                               sealed=False if run.endswith(" (not sealed)") else None)
                s.results = {i: _Earned(float(row[i] or 0)) for i in ids}
                s.attempts = {i: int(row[f"{i}.attempts"]) for i in ids
                              if str(row.get(f"{i}.attempts") or "").isdigit()}
                s.resumed = True
                prev[label] = s
    except (OSError, ValueError):
        return {}
    return prev


def feedback_name(name: str, unique: bool = False) -> str:
    """A file name for a student's feedback that no other submission's name maps to
    (``unique``: a file that is no roster student's, never named like one's)."""
    safe = re.sub(r"[^A-Za-z0-9_.@+-]", "_", name.removesuffix(".ipynb"))
    if safe != name.removesuffix(".ipynb") or "/" in name or unique:
        safe += "-" + hashlib.sha1(name.encode("utf-8")).hexdigest()[:6]
    return safe + ".txt"


def write_feedback(results, ids, folder: Path) -> None:
    """One file per submission: score, how the run ended, each exercise's verdict and message.

    A row kept from an earlier run (``--resume``) is skipped: its file was written then.
    """
    folder.mkdir(parents=True, exist_ok=True)
    for s in results:
        if getattr(s, "resumed", False) or s.run == "missing":
            continue
        lines = [tr({"en": "Feedback for {name}", "zh": "{name} 的反馈"}, lang=s.lang, name=s.name),
                 tr({"en": "Score: {t} / {n}", "zh": "得分：{t} / {n}"}, lang=s.lang, t=s.total(ids), n=s.maximum(ids)),
                 tr({"en": "Run: {run}", "zh": "运行：{run}"}, lang=s.lang,
                    run=tr(RUN_TEXT.get(s.run, {"en": s.run, "zh": s.run}), lang=s.lang, timeout=s.timeout))
                 + (f" ({s.detail})" if s.detail and s.run != "ok" else ""), ""]
        for i in ids:
            passed, message = s.results.get(i, (False, ""))
            mark = tr({"en": "passed", "zh": "通过"} if passed else {"en": "failed", "zh": "未通过"}, lang=s.lang)
            lines += [f"{i}: {mark}", f"    {message}".replace("\n", "\n    "), ""]
        path = folder / feedback_name(s.name, unique=s.run in UNGRADED)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text("\n".join(lines), encoding="utf-8")
        os.replace(tmp, path)


def not_reached(lang: str, run: str, timeout: float) -> str:
    """The message of an exercise with no recorded answer, saying how the run ended."""
    why = "" if run == "ok" else tr({"en": " (the notebook {run})", "zh": "（notebook {run}）"}, lang=lang,
                                     run=tr(RUN_TEXT.get(run, RUN_TEXT["error"]), lang=lang, timeout=timeout))
    return tr(_NOT_REACHED, lang=lang, why=why)


def summary(results, chosen=None) -> list:
    """The lines the teacher reads at the end: who handed nothing in, which files got no grade,
    which student's notebook was chosen among several, what to check."""
    lines = []
    missing = [s.name for s in results if s.run == "missing"]
    if missing:
        lines.append(f"missing ({len(missing)}): " + ", ".join(missing))
    for s in results:
        if s.run in NO_GRADE:
            lines.append(f"not graded: {s.name}: {s.run}" + (f" ({s.detail})" if s.detail else ""))
    for sid, why in (chosen or {}).items():
        lines.append(f"chosen: {sid}: {why}")
    for s in results:
        if s.note:
            lines.append(f"check: {s.name}: {s.note}")
    return lines


# ---------------------------------------------------------------- a run's files
@contextmanager
def locked(out):
    """Hold ``<out>.lock`` while grading into ``out``: a second grader into the same file stops."""
    if out is None:
        yield
        return
    import fcntl  # Unix only, as sealed grading is

    lock = Path(out).with_name(Path(out).name + ".lock")
    lock.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise NbteachError(f"another grader is writing {out} now: wait until it ends, or give this run "
                               "another --out.") from None
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
        try:
            lock.unlink()
        except OSError:
            pass


class Report:
    """The reporting stage as a run goes: each finished row's feedback, then the files (``nbteach.teacher.gradebook``).
    ``roster``: ``(id kind, {id: section})`` for the gradebook formats.

    The grade files are rewritten whole, after each row while that is cheap; a large class's take
    long (10,000 rows: seconds), so they are rewritten again only once ten times as long as the last
    rewrite has passed (writing then costs at most about a tenth of the run, not a time growing with
    the square of the class), and :meth:`flush` writes the last rows when the run ends, Ctrl-C
    included. A row whose feedback was written but not yet its line (the grader killed with SIGKILL
    meanwhile) is graded again by ``--resume``, which keeps only rows that have both.
    """

    def __init__(self, out, format, table, ids, folder, by_student, names, assignment, rows, extra, progress, total,
                 roster=("id", {})):
        self.out, self.format, self.table, self.ids, self.folder = out, format, table, ids, folder
        self.roster = roster
        self.first = "student" if by_student else "submission"
        self.names, self.assignment, self.rows, self.extra = names, assignment, rows, extra
        self.progress, self.total, self.done = progress, total, 0
        self.lock, self.started, self.due = threading.Lock(), time.monotonic(), 0.0
        if folder is not None:   # rows that never ran get their reason now; graded ones as they finish
            write_feedback(extra, ids, folder)
        self.flush()
        if hasattr(progress, "start"):
            progress.start(total)

    def flush(self) -> None:
        """Rewrite the grade files with every row recorded so far."""
        if self.out is None:
            return
        start = time.monotonic()
        rows = [r for r in self.rows if r is not None] + self.extra
        write_csv(rows, self.ids, self.table, first=self.first, names=self.names)
        write_mistakes(rows, self.ids, mistakes_file(self.table))
        if self.format != "csv":
            write_grades(rows, self.ids, self.out, self.format, self.assignment, *self.roster)
        self.due = time.monotonic() + 10 * (time.monotonic() - start)

    def add(self, k, s) -> None:
        with self.lock:
            self.done += 1
            if self.folder is not None:   # the feedback first: a row in the grades has its file
                write_feedback([s], self.ids, self.folder)
            self.rows[k] = s
            if time.monotonic() >= self.due:
                self.flush()
            if self.progress is not None:
                eta = (time.monotonic() - self.started) / self.done * (self.total - self.done)
                self.progress(f"[{self.done}/{self.total}] {s.name}: {s.total(self.ids)}/{s.maximum(self.ids)} "
                              f"({s.run}, {s.seconds:.1f} s; about {eta:.0f} s left)")


class Progress:
    """A progress bar (tqdm) when stderr is a terminal, otherwise one plain line per submission."""

    def __init__(self, stream=None):
        self.stream = stream or sys.stderr
        self.bar = None

    def start(self, total: int) -> None:
        if total and hasattr(self.stream, "isatty") and self.stream.isatty():
            try:
                from tqdm import tqdm  # optional: a progress bar when installed
            except ImportError:
                return
            self.bar = tqdm(total=total, file=self.stream, unit="notebook", dynamic_ncols=True)

    def __call__(self, line: str) -> None:
        line = printable(line, 400)
        if self.bar is None:
            print(line, file=self.stream, flush=True)
            return
        self.bar.set_postfix_str(line.split("] ", 1)[-1].split(";")[0][:60])
        self.bar.update(1)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
