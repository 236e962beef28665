"""Build each student's homework notebook from a homework source.

    python -m nbteach.assign hw01 --roster roster.csv --secret-file secret.txt --out release/
    python -m nbteach.assign hw01 --roster roster.csv --secret-file secret.txt --out key/ --solutions
    python -m nbteach.assign hw01 --out notebooks/homework/          # no secret: the self-study version
    python -m nbteach.assign hw01 ... --feedback practice|graded|none
    python -m nbteach.assign hw01 ... --lang zh                      # the notebooks' text in Chinese

``--feedback`` chooses what each check cell tells the student (default ``graded`` with a
secret, ``practice`` without): ``practice`` says correct or incorrect at once, from digests
of the answers that a student who searches offline can recover answers from (self-study);
``graded`` checks the answer's form and names common mistakes, carries nothing from which a
right answer can be confirmed, and says "Recorded; graded by your teacher"; ``none`` checks
the form only, with no hints (exams). The grader judges every answer in every mode.

``--lang`` (default ``en``) chooses the language of the notebook's text: ``zh`` writes each
student's notebook with Chinese markdown and the very same code cells, cell ids, exercises,
variant, digests and fingerprint as the English one, so either grades alike (the prompts,
hints and feedback follow ``nbteach.set_language`` in both).

``roster.csv`` has a column ``id`` (and optionally ``name``); with a roster each student
gets ``OUT/<id>/<notebook>``, their own variant (data and numbers drawn from
HMAC-SHA256(secret, assignment + "\\0" + id)). ``--solutions`` writes the teacher's copy:
each variant with its worked solutions filled in. Keep the secret and the key away from
students: with them the grader rebuilds every variant (``python -m nbteach.grade``).

A notebook already at the target is left alone when it is what would be written, and
otherwise never overwritten (it may hold a student's answers): the command stops and
says which file to move away.

Examples
--------
>>> _parser().parse_args(["hw01", "--out", "r"]).solutions
False
"""
from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from pathlib import Path

from nbteach._base import NbteachError

from .homework import FEEDBACK_MODES, LANGUAGES, load, sources

__all__ = ["read_roster", "read_roster_details", "read_secret", "assign", "main", "ID_COLUMNS"]

_ID = re.compile(r"^[A-Za-z0-9_@+-][A-Za-z0-9_.@+-]{0,99}$")


#: The roster's id column: its header says which gradebook field the ids are (header -> kind).
ID_COLUMNS = {"id": "id", "canvas id": "id", "canvas user id": "id", "sis user id": "sis_user_id",
              "sis login id": "sis_login_id", "login id": "sis_login_id", "username": "username",
              "email": "email", "email address": "email", "id number": "idnumber", "idnumber": "idnumber"}


def _header(name: str) -> str:
    return " ".join((name or "").replace("_", " ").split()).lower()


def read_roster(path) -> list:
    """``[(id, name), ...]`` from a CSV with an id column (optional ``name``); bad ids are errors
    (:func:`read_roster_details` says which field the ids are, and reads a ``section`` column)."""
    return read_roster_details(path)[0]


def read_roster_details(path) -> tuple:
    """``([(id, name), ...], id kind, {id: {"section": ...}})`` from a roster CSV.

    The id column is ``id`` (Canvas's user ID: the number in a student's Canvas URL), or named as
    the gradebook field its ids are: ``SIS User ID``, ``SIS Login ID``, ``username``, ``email``,
    ``ID number`` (any case, ``_`` for spaces): the id kind, which the Canvas and Moodle files
    follow. Optional columns: ``name``, ``section``."""
    path = Path(path)
    if not path.is_file():
        raise NbteachError(f"roster {path} not found.")
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise NbteachError(f"roster {path} could not be read as UTF-8 text: {exc}") from exc
    reader = csv.DictReader(text.splitlines())
    headers = [_header(f) for f in reader.fieldnames or []]
    id_columns = [h for h in headers if h in ID_COLUMNS]
    if not id_columns:
        raise NbteachError(f"roster {path} needs a header row with a column 'id' (and optionally 'name'); "
                           f"its columns are {reader.fieldnames or 'none'}.")
    if len(id_columns) > 1 and "id" not in id_columns:
        raise NbteachError(f"roster {path} has several id columns ({', '.join(id_columns)}): keep one, or name "
                           "the students' ids 'id'.")
    id_header = "id" if "id" in id_columns else id_columns[0]
    out, seen, extra = [], {}, {}
    for line, row in enumerate(reader, start=2):
        row = {_header(k): (v or "").strip() for k, v in row.items() if k is not None}
        sid, name = row.get(id_header, ""), row.get("name", "")
        if not sid:
            raise NbteachError(f"roster {path}, line {line}: empty id.")
        if not _ID.match(sid) or sid in (".", ".."):
            raise NbteachError(f"roster {path}, line {line}: id {sid!r} must be letters, digits and . _ - @ + "
                               "(it names the student's folder).")
        if sid.lower() in seen:
            raise NbteachError(f"roster {path}, line {line}: id {sid!r} already on line {seen[sid.lower()]} "
                               "(ids must be unique, ignoring case).")
        seen[sid.lower()] = line
        out.append((sid, name))
        extra[sid] = {"section": row.get("section", "")}
    if not out:
        raise NbteachError(f"roster {path} lists no students.")
    return out, ID_COLUMNS[id_header], extra


def read_secret(path) -> bytes:
    """The teacher's secret: the file's bytes without surrounding white space (must not be empty)."""
    path = Path(path)
    if not path.is_file():
        raise NbteachError(f"secret file {path} not found (make one, e.g. "
                           "python -c \"import secrets; print(secrets.token_hex(32))\" > secret.txt, "
                           "and keep it away from students).")
    secret = path.read_bytes().strip()
    if not secret:
        raise NbteachError(f"secret file {path} is empty.")
    return secret


def render(nb: dict) -> str:
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def _code_cells(nb):
    out = []
    for c in nb.get("cells", []) if isinstance(nb.get("cells"), list) else []:
        if isinstance(c, dict) and c.get("cell_type") == "code":
            src = c.get("source", "")
            out.append((c, "".join(src) if isinstance(src, list) else str(src)))
    return out


def holds_work(existing: dict, fresh: dict) -> bool:
    """True if ``existing`` may hold a student's work: it has outputs, fewer ``____`` blanks
    than ``fresh``, or an answer cell (one with a blank in ``fresh``) that differs."""
    fresh_cells = _code_cells(fresh)
    old_cells = _code_cells(existing)
    if any(c.get("outputs") for c, _ in old_cells):
        return True
    if sum(s.count("____") for _, s in old_cells) < sum(s.count("____") for _, s in fresh_cells):
        return True
    answers = {c.get("id"): s for c, s in fresh_cells if "____" in s}
    return any(c.get("id") in answers and answers[c.get("id")] != s for c, s in old_cells)


def write_notebook(path: Path, nb: dict) -> str:
    """Write ``nb`` to ``path`` unless a notebook holding work is there; returns what was done."""
    text = render(nb)
    if path.exists():
        try:
            old_text = path.read_text(encoding="utf-8")
            if old_text == text:
                return "unchanged"
            old = json.loads(old_text)
            work = not isinstance(old, dict) or holds_work(old, nb)
        except (OSError, ValueError):
            work = True
        if work:
            raise NbteachError(f"refusing to overwrite {path}: it differs from the notebook being built "
                               "and may hold a student's answers. Move it away, or write to another --out.")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return "written"


def assign(assignment, out, roster=None, secret_file=None, solutions=False, progress=None,
           feedback=None, lang="en") -> list:
    """Write the notebooks; returns the paths written or already up to date.

    Without roster and secret: ``OUT/<notebook>``, the self-study version. With both:
    ``OUT/<id>/<notebook>`` per student. ``feedback``: ``"practice"``, ``"graded"`` or
    ``"none"`` (see the module docstring; default ``graded`` with a secret, else ``practice``).
    ``lang``: ``"en"`` (default) or ``"zh"``, the language of the notebooks' text.
    """

    if feedback is not None and feedback not in FEEDBACK_MODES:
        raise NbteachError(f"--feedback must be one of {', '.join(FEEDBACK_MODES)}, got {feedback!r}.")
    if lang not in LANGUAGES:
        raise NbteachError(f"--lang must be one of {', '.join(LANGUAGES)} (the language of the notebooks' "
                           f"text), got {lang!r}.")
    hw = load(assignment)
    out = Path(out)
    if (roster is None) != (secret_file is None):
        raise NbteachError("give --roster and --secret-file together: per-student variants need both "
                           "(without them the single self-study version is written).")
    if roster is None:
        path = out / hw.notebook
        write_notebook(path, hw.variant(None, None).notebook(solutions=solutions, feedback=feedback, lang=lang))
        return [path]
    students = read_roster(roster)
    secret = read_secret(secret_file)
    built = []
    for sid, _ in students:   # build everything first: a bad variant stops before anything is written
        built.append((out / sid / hw.notebook,
                      hw.variant(secret, sid).notebook(solutions=solutions, feedback=feedback, lang=lang)))
    done, refused = [], []
    for path, nb in built:
        try:
            state = write_notebook(path, nb)
        except NbteachError as exc:   # a notebook holding work: left alone, the others written
            refused.append(str(exc))
            continue
        if progress:
            progress(f"{path}: {state}")
        done.append(path)
    if refused:
        raise NbteachError("\n".join(refused))
    return done


def _known() -> str:
    """The homework sources found (the project's and ``NBTEACH_HOMEWORK``'s), for --help."""
    try:
        return ", ".join(sources()) or "none found"
    except Exception:  # noqa: BLE001 - --help must work even if a source folder is unreadable
        return "none found"


def _parser():
    p = argparse.ArgumentParser(prog="python -m nbteach.assign", description=__doc__.split("\n")[0])
    p.add_argument("assignment", help=f"a homework source: {_known()}; or a folder holding homework.py")
    p.add_argument("--roster", default=None, help="CSV with a column id (optional name)")
    p.add_argument("--secret-file", default=None, help="file holding the teacher's secret")
    p.add_argument("--out", required=True, help="folder to write to")
    p.add_argument("--solutions", action="store_true", help="write the teacher's copies, solutions filled in")
    p.add_argument("--feedback", choices=["practice", "graded", "none"], default=None,
                   help="what a check cell tells the student: practice (correct/incorrect at once; answers "
                        "recoverable by an offline search), graded (form and common mistakes, 'recorded; graded "
                        "by your teacher'; the default with a secret), none (form only, no hints: exams)")
    p.add_argument("--lang", choices=["en", "zh"], default="en",
                   help="language of the notebooks' text: en (English, the default) or zh (Chinese); the code "
                        "cells, exercises, variants, digests and fingerprint are the same in both, so a zh "
                        "notebook grades exactly as the en one")
    return p


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    try:
        paths = assign(args.assignment, args.out, args.roster, args.secret_file, args.solutions,
                       progress=lambda line: print(line, file=sys.stderr), feedback=args.feedback,
                       lang=args.lang)
    except NbteachError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{len(paths)} notebook(s) in {args.out}", file=sys.stderr)
    if args.feedback == "practice" and args.roster is not None:
        print("note: --feedback practice: each check says correct at once, and a student who tries "
              "candidates offline against the notebook's digests can find the answers; use the default "
              "(graded) for credit.", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
