"""Collecting a class's submissions: which file is whose, and what each file says it is.

The first stage of grading (``nbteach.teacher.autograde`` runs what this finds,
``nbteach.teacher.gradebook`` writes the rows). Nothing below the submissions folder is
trusted:

* a symbolic link, a hard link or anything that is not a regular file is refused with the
  reason, never opened (:func:`find_submissions`, :func:`_walk`);
* a file is matched to a roster id by its folder or its name (LMS download names included),
  after Unicode normalisation (NFKC, then case folded), so ``\\u212aate`` (a Kelvin sign) and
  ``Kate`` both name ``kate``; when two differently spelt folders name one student, or several
  notebooks do, every one is listed and the choice is stated; two folders are never resolved
  silently: the student's row says ``clash`` until the teacher picks (``--pick ID=PATH``);
* each notebook is read once, without following links, up to a size (:func:`read_notebook`):
  its release fingerprint, the assignment it was released as, its checks cell, the attempt
  counts it shows;
* the fingerprint is checked against (secret, assignment, roster id): a teacher's slip that
  would grade everyone wrongly (another secret, another assignment for the whole class, a
  re-spelt id) stops the run before anything is written; one student's notebook of another
  assignment is that student's row; a notebook released to a classmate, or whose checks are not
  its own student's (a fingerprint transplanted into a classmate's notebook), is noted for the
  teacher.
"""
from __future__ import annotations

import hmac
import json
import os
import re
import stat
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from nbteach._base import NbteachError
from nbteach.check.graded import attempts as attempts_of
from nbteach.teacher import wire
from nbteach.teacher.assign import read_roster_details, read_secret
from nbteach.teacher.homework import fingerprint, load, sources
from nbteach.teacher.submission import FORMATS

__all__ = ["find_submissions", "match_roster", "read_notebook", "check_fingerprints", "labels", "relative_label",
           "key", "Notebook", "MAX_NOTEBOOK", "exercise_ids", "recorded_assignment", "collect_class",
           "check_arguments"]

#: Bytes of a submitted notebook read (a larger one is read up to this and fails to parse).
MAX_NOTEBOOK = 64 * 2**20
#: A file with more than one name: another name may be a teacher's file (an archive's hard
#: link, ``ln``); it is refused like a symbolic link, never read.
_HARD_LINK = "hard link (the file has another name; copy it to grade it)"
_CALL = re.compile(r"""exercise\(\s*['"]([A-Za-z0-9_]+\.[A-Za-z0-9_.]+)['"]""")
_REGISTER = re.compile(r"""register\((".*")\);?\s*$""", re.S)
#: Canvas's download names mark a late submission: ``doe_jane_LATE_12345_67890_hw01.ipynb``.
_LATE = re.compile(r"(^|[_/])LATE([_/]|$)")


def key(text: str) -> str:
    """How an id or a name is compared: NFKC-normalised, case folded (``\\u212aate`` -> ``kate``)."""
    return unicodedata.normalize("NFKC", text).casefold()


# ---------------------------------------------------------------- the files
def _walk(root: Path) -> list:
    """``[(path, reason or None)]`` for everything under ``root``, never following a link.

    A symbolic link (to a file or a folder), a hard link (a file with another name) and
    anything that is not a regular file or a folder (a FIFO, a device, a socket) get a reason
    and are never opened; folders are descended only when they are real folders (``lstat``).
    ``.ipynb_checkpoints`` is skipped.
    """
    out, stack = [], [root]
    while stack:
        folder = stack.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as exc:
            out.append((Path(folder), f"folder could not be read ({exc.strerror})"))
            continue
        for e in entries:
            path = Path(e.path)
            if e.is_symlink():
                out.append((path, "symbolic link (not followed)"))
            elif e.is_dir(follow_symlinks=False):
                if e.name != ".ipynb_checkpoints":
                    stack.append(path)
            elif e.is_file(follow_symlinks=False):
                try:
                    linked = e.stat(follow_symlinks=False).st_nlink > 1
                except OSError:
                    linked = False
                out.append((path, _HARD_LINK if linked else None))
            else:
                out.append((path, "not a regular file"))
    return sorted(out, key=lambda pr: str(pr[0]))


def refusal(path: Path, root: Path | None = None):
    """Why ``path`` may not be read as a submission (None if it may): checked with ``lstat`` on
    the file and on every folder between ``root`` and it, so no link is ever followed."""
    path = Path(path)
    chain = [path]
    if root is not None:
        try:
            rel = path.relative_to(root)
        except ValueError:
            rel = None
        if rel is not None:
            chain = [root.joinpath(*rel.parts[:k]) for k in range(1, len(rel.parts) + 1)]
    for k, p in enumerate(chain):
        try:
            st = os.lstat(p)
        except OSError as exc:
            return f"could not be read ({exc.strerror})"
        if stat.S_ISLNK(st.st_mode):
            return "symbolic link (not followed)" if k == len(chain) - 1 else \
                f"inside a symbolic link ({p.name}, not followed)"
        if k < len(chain) - 1 and not stat.S_ISDIR(st.st_mode):
            return "not a regular file"
        if k == len(chain) - 1 and not stat.S_ISREG(st.st_mode):
            return "not a regular file"
        if k == len(chain) - 1 and st.st_nlink > 1:
            return _HARD_LINK
    return None


def read_no_follow(path: Path, limit: int = MAX_NOTEBOOK) -> bytes:
    """The first ``limit`` bytes of a regular file, opened with ``O_NOFOLLOW`` (OSError otherwise)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OSError(f"{path} is not a regular file")
        if st.st_nlink > 1:
            raise OSError(f"{path} is a {_HARD_LINK}")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            return fh.read(limit)
    finally:
        os.close(fd)


def find_submissions(paths, refused=None, others=None) -> list:
    """The notebooks among ``paths`` (files, or folders searched without following links).

    A link or a file that is not regular is never returned; with a list ``refused`` it gets
    ``(path, reason)`` appended there; with a list ``others``, every other file below a folder
    (not a notebook: ``bob.txt``) is appended there.
    """
    out = []
    for p in map(Path, paths):
        if p.is_dir():   # the folder named on the command line is the teacher's: links below it are refused
            for q, why in _walk(p):
                if not q.name.lower().endswith(".ipynb"):
                    if why is None and others is not None and not q.name.startswith(".nbteach-attempts"):
                        others.append(q)
                    continue
                if why is None:
                    out.append(q)
                elif refused is not None:
                    refused.append((q, why))
        else:
            why = refusal(p) if os.path.lexists(p) else None   # a missing file: "unreadable" later
            if why is None:
                out.append(p)
            elif refused is not None:
                refused.append((p, why))
    return out


def labels(paths) -> list:
    """Names for the submissions: the file name, or the path from the common folder if two clash."""
    names = [p.name for p in paths]
    if len(set(names)) == len(names):
        return names
    resolved = [p.resolve() for p in paths]
    root = Path(os.path.commonpath([str(p.parent) for p in resolved]))
    return [str(p.relative_to(root)) for p in resolved]


def relative_label(path: Path, paths) -> str:
    for root in map(Path, paths):
        try:
            return wire.printable(path.relative_to(root).as_posix(), 300)
        except ValueError:
            continue
    return wire.printable(path.name, 300)


# ---------------------------------------------------------------- one notebook, read once
@dataclass
class Notebook:
    """What a submitted notebook says of itself (all of it the student's to edit)."""

    metadata: dict = field(default_factory=dict)   # metadata.nbteach
    attempts: dict = field(default_factory=dict)   # exercise id -> checks its outputs record
    checks: dict | None = None                     # what its checks cell registers (None: no such cell)
    calls: set = field(default_factory=set)        # exercise ids its code names
    readable: bool = True


def read_notebook(path) -> Notebook:
    """Read a submitted notebook once (no link followed, at most :data:`MAX_NOTEBOOK` bytes)."""
    try:
        nb = json.loads(read_no_follow(Path(path)).decode("utf-8"))
        if not isinstance(nb, dict):
            raise ValueError("not a notebook")
    except (OSError, ValueError, RecursionError, UnicodeDecodeError):
        return Notebook(readable=False)
    meta = nb.get("metadata", {})
    meta = meta.get("nbteach", {}) if isinstance(meta, dict) else {}
    out = Notebook(metadata=meta if isinstance(meta, dict) else {})
    try:
        out.attempts = attempts_of(nb)
    except Exception:  # noqa: BLE001 - nothing believable: no attempts recorded
        out.attempts = {}
    cells = nb.get("cells", [])
    for cell in cells if isinstance(cells, list) else []:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        source = "".join(s for s in source if isinstance(s, str)) if isinstance(source, list) else str(source)
        out.calls.update(_CALL.findall(source))
        tags = (cell.get("metadata") or {}).get("tags", []) if isinstance(cell.get("metadata"), dict) else []
        if isinstance(tags, list) and "nbteach-checks" in tags and out.checks is None:
            out.checks = _registered(source)
    return out


def _registered(source: str) -> dict:
    """What a checks cell's ``register("...")`` carries (``{}`` if it is not that call)."""
    line = source.strip().splitlines()[-1] if source.strip() else ""
    found = _REGISTER.search(line)
    if not found:
        return {}
    try:
        data = json.loads(json.loads(found.group(1)))
    except (ValueError, TypeError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


# ---------------------------------------------------------------- whose file is it
@dataclass
class Match:
    """The roster matched against a submissions folder."""

    jobs: list = field(default_factory=list)      # [(roster id, notebook path or None)]
    late: set = field(default_factory=set)        # roster ids whose graded file's download name says LATE
    extra: list = field(default_factory=list)     # [(label, run, detail)]: files that are no student's grade
    clashes: dict = field(default_factory=dict)   # roster id -> detail: two folders name them (no grade until picked)
    chosen: dict = field(default_factory=dict)    # roster id -> detail: several notebooks, the one graded and why


def match_roster(paths, students, hw, picks=None) -> Match:
    """Each roster id with its submission, and every other file with why it got no grade.

    A file is a student's when, below the submissions folder, its first folder or (at the top)
    its name without ``.ipynb`` is the roster id (compared by :func:`key`), or failing that holds
    it as a ``_``-separated part: ``s003_hw01_bayes.ipynb`` (Canvas's ``<id>_<file>``),
    ``doe_jane_12345_67890_hw01.ipynb`` (Canvas's ``name_<user id>_<submission id>_<file>``
    when the roster's ids are those user ids), ``Jane Doe_12345_assignsubmission_file_/hw01.ipynb``
    (Moodle's folders, ditto). A name that holds two roster ids is listed as ambiguous, never
    guessed. ``picks``: ``{roster id: path below the folder}``, the teacher's choice where a
    student has several notebooks. A link or a file that is not regular is refused (never read).
    """
    if len(paths) != 1 or not Path(paths[0]).is_dir():
        raise NbteachError("with --roster give one folder of submissions (submissions/<id>/<notebook>).")
    root = Path(paths[0])
    by_key = {key(sid): sid for sid, _ in students}
    picks = {key(k): v for k, v in (picks or {}).items()}
    unknown = [k for k in picks if k not in by_key]
    if unknown:
        raise NbteachError(f"--pick names ids the roster does not have: {', '.join(sorted(unknown))}.")
    found: dict = {}   # roster id -> [(path, spelling of the folder or name that matched)]
    out = Match()
    for f, why in _walk(root):
        rel = f.relative_to(root)
        label = wire.printable(rel.as_posix(), 300)
        if f.name.startswith(".nbteach-attempts"):
            continue
        if why is not None:   # a linked folder is labelled as one (stat: its type, never its bytes)
            out.extra.append((label + ("/" if os.path.isdir(f) else ""), "refused", why))
            continue
        if not f.name.lower().endswith(".ipynb"):
            out.extra.append((label, "not a notebook", ""))
            continue
        spelling = rel.parts[0] if len(rel.parts) > 1 else f.name[: -len(".ipynb")]
        k = key(spelling)
        if k in by_key:
            sids = [by_key[k]]
        else:
            padded = "_" + k + "_"
            sids = sorted(sid for low, sid in by_key.items() if "_" + low + "_" in padded)
        if not sids:
            out.extra.append((label, "no roster id", ""))
            continue
        if len(sids) > 1:
            out.extra.append((label, "ambiguous", "its name holds the roster ids " + ", ".join(sids)))
            continue
        found.setdefault(sids[0], []).append((f, spelling))
    for sid, _ in students:
        files = found.get(sid, [])
        pick = picks.get(key(sid))
        if pick is not None:
            chosen = [f for f, _ in files if f.relative_to(root).as_posix() == pick]
            if not chosen:
                raise NbteachError(f"--pick {sid}={pick}: no such notebook of {sid} below {root} "
                                   f"(theirs: {', '.join(f.relative_to(root).as_posix() for f, _ in files) or 'none'}).")
            keep = chosen[0]
            why = "picked with --pick"
        elif len({sp for _, sp in files if len(files) > 1}) > 1 and _folders(files, root):
            names = sorted({wire.printable(sp, 80) for _, sp in files})
            out.clashes[sid] = (f"folders {' and '.join(repr(n) for n in names)} both name {sid}: rename the one "
                                f"that is not theirs, or choose with --pick {sid}=<folder>/<notebook>")
            for f, _ in files:
                out.extra.append((wire.printable(f.relative_to(root).as_posix(), 300), "second notebook",
                                  f"of {sid}: two folders name this student; none graded until --pick"))
            out.jobs.append((sid, None))
            continue
        elif len(files) > 1:
            keep, why = _choose(files, hw)
        else:
            keep, why = (files[0][0], "") if files else (None, "")
        if len(files) > 1:
            rel = keep.relative_to(root).as_posix()
            out.chosen[sid] = f"{len(files)} notebooks; graded {rel} ({why})"
            for f, _ in files:
                if f != keep:
                    out.extra.append((wire.printable(f.relative_to(root).as_posix(), 300), "second notebook",
                                      f"of {sid}; graded instead: {rel} ({why}); --pick {sid}=<path> to choose"))
        out.jobs.append((sid, keep))
        if keep is not None and _LATE.search(keep.relative_to(root).as_posix()):
            out.late.add(sid)
    return out


def _folders(files, root) -> bool:
    """True if ``files`` lie in differently spelt folders (not several files at the top)."""
    return len({f.relative_to(root).parts[0] for f, _ in files if len(f.relative_to(root).parts) > 1}) > 1


def _choose(files, hw) -> tuple:
    """The notebook graded among one student's several (one folder): the released name, else the
    last modified; and why."""
    named = [f for f, _ in files if f.name == getattr(hw, "notebook", None)]
    if named:
        return named[0], "the released file name"
    latest = max((f for f, _ in files), key=lambda f: (os.lstat(f).st_mtime, str(f)))
    return latest, "the last modified"


# ---------------------------------------------------------------- what each notebook says it is
def check_fingerprints(hw, secret, jobs, notebooks) -> tuple:
    """``(notes, other)``: the release fingerprint of each notebook against (secret, assignment,
    roster id); ``notebooks``: roster id -> :class:`Notebook`.

    Raises NbteachError on a teacher's slip, which would grade everyone wrongly and silently:
    every notebook released as another assignment (``--assignment``), an id spelt otherwise than
    when the notebooks were released (the roster was edited), or no notebook's fingerprint
    matching (another secret). ``notes``: roster id -> what the teacher should look at (no
    fingerprint, one that is a classmate's, checks that are not this student's); ``other``:
    roster id -> the assignment a single notebook was released as (that row is not graded).
    """
    roster = {sid for sid, _ in jobs}
    checked, unexplained, notes, other = 0, [], {}, {}
    recased = []
    for sid, path in jobs:
        if path is None:
            continue
        meta = notebooks[sid].metadata
        fp = meta.get("fingerprint")
        if not isinstance(fp, str) or not fp:
            notes[sid] = "the notebook carries no release fingerprint"
            continue
        checked += 1
        if hmac.compare_digest(fp, fingerprint(secret, hw.name, sid)):
            transplanted = _transplanted(hw, secret, sid, notebooks[sid])
            if transplanted:
                notes[sid] = transplanted
            continue
        claimed = str(meta.get("student", ""))[:200]
        claimed_hw = str(meta.get("assignment", ""))[:200]
        if claimed_hw and claimed_hw != hw.name and any(
                hmac.compare_digest(fp, fingerprint(secret, claimed_hw, who)) for who in (sid, claimed) if who):
            other[sid] = wire.printable(claimed_hw, 40)
        elif claimed and claimed != sid and (key(claimed) == key(sid) or claimed not in roster) \
                and hmac.compare_digest(fp, fingerprint(secret, hw.name, claimed)):
            recased.append((sid, claimed))   # released to an id the roster no longer has
        elif claimed in roster and claimed != sid and hmac.compare_digest(fp, fingerprint(secret, hw.name, claimed)):
            notes[sid] = f"this notebook was released to {claimed}, not to {sid}"
        else:
            unexplained.append(sid)
    if other and len(other) == checked:
        name, who = next(iter(other.values())), sorted(other)
        raise NbteachError(f"these notebooks were released as {name}, not {hw.name} ({len(who)} of them, e.g. "
                           f"{', '.join(who[:3])}): grade them with --assignment {name}. Nothing was graded.")
    if recased:
        pairs = ", ".join(f"{now!r} was {then!r}" for now, then in recased[:5])
        what = "changed case" if all(a.lower() == b.lower() for a, b in recased) else "changed"
        raise NbteachError(f"roster ids {what} since the notebooks were released ({pairs}): a variant "
                           "depends on the id exactly as assigned, so restore the roster's spelling. "
                           "Nothing was graded.")
    if checked and len(unexplained) == checked:
        raise NbteachError(f"no notebook's release fingerprint matches this secret and assignment ({checked} "
                           f"checked): --secret-file is not the secret these notebooks were assigned with "
                           f"(or --assignment {hw.name} is not what was assigned). Nothing was graded.")
    for sid in unexplained:
        notes[sid] = "the release fingerprint does not match: not the notebook released to this id"
    return notes, other


def _transplanted(hw, secret, sid, notebook) -> str:
    """A note if the notebook's checks cell is not the one released to ``sid`` (its fingerprint
    is: it was copied in), naming the classmate the checks were released to; "" otherwise."""
    checks = notebook.checks
    if checks is None:
        return "the notebook has no checks cell (it was deleted, or the notebook is not the one released)"
    claimed = str(checks.get("student", ""))[:200]
    exercises = checks.get("exercises")
    salts = {e.get("id"): e.get("salt") for e in exercises if isinstance(e, dict)} \
        if isinstance(exercises, list) else {}
    variant = hw.variant(secret, sid)
    if claimed == sid and all(salts.get(i) == variant.salt(i) for i in hw.exercise_ids):
        return ""
    if claimed and claimed != sid:
        return (f"its fingerprint is {sid}'s but its checks were released to {wire.printable(claimed, 60)}: "
                "a classmate's notebook with the fingerprint copied in?")
    return f"its fingerprint is {sid}'s but its checks cell is not the one released to {sid}"


def recorded_assignment(notebooks) -> str | None:
    """The assignment the notebooks were released as (``metadata.nbteach.assignment``), if most
    of them agree, else None (a lesson's notebooks record none)."""
    names = [n.metadata.get("assignment") for n in notebooks if isinstance(n.metadata.get("assignment"), str)]
    if not names:
        return None
    best = max(set(names), key=names.count)
    return best if names.count(best) * 2 > len(notebooks) else None


# ---------------------------------------------------------------- the columns
def exercise_ids(paths, prefix: str = "", notebooks=None) -> list:
    """The columns when no ``--assignment`` is given: the exercises of the assignment the
    notebooks were released as (``metadata.nbteach.assignment``), or of the one lesson most of
    them check; never ids a student typed (a call in a comment adds no column).

    Raises NbteachError when the notebooks name no one assignment or lesson.
    """
    from nbteach.check import exercises  # the lessons' registry

    notebooks = notebooks if notebooks is not None else [read_notebook(p) for p in paths]
    released = recorded_assignment(notebooks)
    if released is not None:
        try:
            return [i for i in load(released).exercise_ids if i.startswith(prefix)]
        except NbteachError:
            pass
    lessons = [e.id for e in exercises()]
    if prefix:
        return [i for i in lessons if i.startswith(prefix)] or \
            [i for name in _homework_names() for i in load(name).exercise_ids if i.startswith(prefix)]
    votes = {}
    for nb in notebooks:
        named = {i.split(".")[0] for i in nb.calls if i in lessons}
        if len(named) == 1:
            (lesson,) = named
            votes[lesson] = votes.get(lesson, 0) + 1
    if votes:
        best = max(votes, key=votes.get)
        if votes[best] * 2 > len(notebooks):
            return [i for i in lessons if i.split(".")[0] == best]
    raise NbteachError("the notebooks name no one assignment or lesson: say which with --assignment hwNN "
                       "or --exercises NN. (a lesson's number).")


def _homework_names() -> list:
    try:
        return list(sources())
    except Exception:  # noqa: BLE001 - no homework sources here
        return []


# ---------------------------------------------------------------- the arguments
def check_arguments(out, jobs, timeout, memory, format, roster, secret_file, assignment) -> None:
    """A teacher's slip in the grader's arguments, named before anything is read."""
    if memory is not None and not (isinstance(memory, int) and memory >= 256 * 1024 ** 2):
        raise NbteachError(f"--memory must be at least 0.25 (GiB), got {memory!r} bytes.")
    if format not in FORMATS:
        raise NbteachError(f"--format must be one of {', '.join(FORMATS)}, got {format!r}.")
    if format != "csv" and out is None:
        raise NbteachError(f"--format {format} needs --out (the file to write).")
    if not isinstance(jobs, int) or jobs < 1:
        raise NbteachError(f"--jobs must be a whole number >= 1, got {jobs!r}.")
    if not (isinstance(timeout, (int, float)) and 0 < timeout < 86400):
        raise NbteachError(f"--timeout must be a number of seconds between 0 and 86400, got {timeout!r}.")
    if (roster is None) != (secret_file is None):
        raise NbteachError("give --roster and --secret-file together (per-student variants need both).")
    if roster is not None and assignment is None:
        raise NbteachError("--roster needs --assignment (say which homework the class handed in).")


# ---------------------------------------------------------------- the class
def collect_class(paths, hw, roster, secret_file, picks, allow_empty):
    """``(jobs, extra, names, notes, secret, notebooks, (id kind, sections), late ids)``: the collecting stage."""
    if roster is None:
        refused, others = [], []
        found = find_submissions(paths, refused, others)
        if not found and not refused:
            raise NbteachError(f"no notebooks found in {', '.join(map(str, paths))}"
                               + (f" ({len(others)} other file(s), e.g. {others[0].name})." if others else "."))
        if not found and not allow_empty:
            raise NbteachError(f"nothing to grade: every file below {', '.join(map(str, paths))} was refused "
                               f"({len(refused)}, e.g. {refused[0][0].name}: {refused[0][1]}). Nothing was written "
                               "(--allow-empty writes the refusals anyway).")
        jobs = [(wire.printable(label, 300), nb, None) for label, nb in zip(labels(found), found)]
        extra = [(relative_label(q, paths), "refused", why) for q, why in refused]
        extra += [(relative_label(q, paths), "not a notebook", "") for q in others]
        return jobs, extra, {}, {}, None, {nb: read_notebook(nb) for _, nb, _ in jobs}, ("id", {}), set()
    students, id_kind, details = read_roster_details(roster)
    secret = read_secret(secret_file)
    match = match_roster(paths, students, hw, picks)
    if not any(path for _, path in match.jobs) and not match.clashes and not allow_empty:
        files = len(match.extra)
        raise NbteachError(f"no submission below {paths[0]} matches a roster id of {roster} ({len(students)} "
                           f"students, {files} file(s) below the folder): is it this class's folder and roster? "
                           "Nothing was written (--allow-empty writes a gradebook of the missing anyway).")
    notebooks = {sid: read_notebook(path) for sid, path in match.jobs if path is not None}
    notes, other = check_fingerprints(hw, secret, match.jobs, notebooks)
    jobs, extra = [], list(match.extra)
    for sid, path in match.jobs:
        if sid in match.clashes:
            extra.append((sid, "clash", match.clashes[sid]))
        elif sid in other:
            extra.append((sid, "other assignment", f"released as {other[sid]}"))
        else:
            jobs.append((sid, path, sid))
    for sid, why in match.chosen.items():
        notes[sid] = "; ".join(n for n in (notes.get(sid, ""), why) if n)
    return jobs, extra, dict(students), notes, secret, {path: notebooks[sid] for sid, path in match.jobs
                                                        if path is not None}, \
        (id_kind, {sid: d.get("section", "") for sid, d in details.items()}), match.late
