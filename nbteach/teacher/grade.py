"""Grade a class: run every submitted notebook sealed and judge its answers, in parallel.

    python -m nbteach.grade SUBMISSIONS... --out grades.csv [--jobs N] [--timeout S]
                            [--feedback DIR] [--exercises ID_PREFIX] [--lang en|zh]
                            [--assignment hwNN --roster CSV --secret-file FILE] [--resume]
                            [--format csv|gradebook|canvas|moodle] [--pick ID=PATH] [--allow-empty]

SUBMISSIONS are notebooks or folders of notebooks. Grading goes in three stages, a module
each, as nbgrader's do: collecting (``nbteach.teacher.collect``: which file is whose,
fingerprints, refusals), autograding (``nbteach.teacher.autograde``: each notebook run sealed
in a fresh kernel of its own, ``--jobs`` at a time, its answers judged; nothing a student
controls is evaluated in this process), reporting (``nbteach.teacher.gradebook``: a CSV with a
row per submission, a column per exercise, ``total``, ``max`` and ``run``; the diagnosed
mistakes beside it; a feedback file per student in ``--feedback``, default a folder
``feedback`` next to the CSV, in the student's language).

A cell running longer than ``--timeout`` seconds stops the notebook; a notebook still
running ``--timeout`` + 30 seconds after it started is killed with everything it started.
The feedback is in the language the notebook was released in (``--lang`` overrides; a
student's own ``set_language`` wins for their answers). Two graders never share a sandbox
uid, and never write one ``--out``.

Examples
--------
>>> args = _parser().parse_args(["a.ipynb", "--out", "g.csv", "--jobs", "2"])
>>> args.jobs, args.timeout
(2, 120.0)
"""
from __future__ import annotations

import argparse
import compileall
import os
import py_compile
import shutil
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from contextlib import contextmanager
from pathlib import Path

import nbteach
from nbteach._base import NbteachError
from nbteach.i18n import _normalise
from nbteach.teacher import autograde, collect, gradebook, runner, wire
from nbteach.teacher import sandbox as _sandbox
from nbteach.teacher.assign import read_roster, read_secret
from nbteach.teacher.gradebook import FORMATS, write_grades
from nbteach.teacher.homework import load, sources
from nbteach.teacher.runner import kill_tree
from nbteach.teacher.submission import GradeConfig, Submission

__all__ = ["grade", "grade_notebook", "Submission", "GradeConfig", "main", "FORMATS"]


# ---------------------------------------------------------------- one notebook
def grade_notebook(path, timeout: float = 120.0, expected_ids=None, lang=None, package=None, variant=None,
                   config=None) -> Submission:
    """Run one notebook in a fresh kernel and judge its recorded answers (``nbteach.teacher.autograde``).

    ``lang``: the kernel's starting language (``NBTEACH_LANG``; None: the language the notebook
    was released in, else English); ``package``: the nbteach its kernel imports (sealed: mounted
    read-only; unsealed: a private copy, so a notebook that edits nbteach's files edits only its
    copy); ``variant``: the homework variant's ``{"assignment", "params", "student_id"}``;
    ``config``: a :class:`GradeConfig` (default: unsealed).
    """
    config = config or GradeConfig()
    path = Path(path)
    sub = Submission(path, timeout=timeout, label=wire.printable(path.name, 300))
    notebook = collect.read_notebook(path)
    sub.attempts = notebook.attempts
    recorded = notebook.metadata.get("lang")
    lang = lang or (recorded if recorded in ("en", "zh") else "en")
    try:
        content = collect.read_no_follow(path)
    except OSError:
        content = b""
    seal = runner.Seal(config.sealed, config.memory, config.workdir)
    with tempfile.TemporaryDirectory(prefix="nbteach-grade-", dir=config.workdir) as tmp:
        library = package if config.sealed else _package_copy(Path(tmp), package) / "nbteach"
        run = autograde.run_notebook(content, timeout, lang, library, seal)
    sub.run, sub.detail, sub.seconds, sub.sealed = run.status, run.detail, run.seconds, config.sealed
    records = wire.records(run.record)
    ids = list(expected_ids) if expected_ids is not None else sorted(records)
    langs = [answer_lang for _, answer_lang in records.values()]
    sub.lang = langs[-1] if langs else lang
    verdicts = autograde.judge_answers(records, ids, _exercise_of(variant), content, seal, sub.lang)
    for ex_id in ids:
        sub.results[ex_id] = verdicts.get(ex_id) or autograde.Verdict(
            "no answer", gradebook.not_reached(sub.lang, sub.run, timeout))
    return sub


def _exercise_of(variant):
    """How the teacher's side finds an exercise: a homework's in the student's variant (rebuilt
    from the roster id and the secret, never from the notebook), a lesson's in the library."""
    built = {}

    def find(ex_id):
        if _is_homework(ex_id):
            v = variant or _self_study(ex_id)
            if "v" not in built:
                built["v"] = load(str(v["assignment"])).variant_from_params(v["params"], v.get("student_id"))
            return built["v"].exercise(ex_id)
        from nbteach.check import exercise  # the lessons' registry: loaded only for a lesson's answer

        return exercise(ex_id)

    return find


def _is_homework(ex_id: str) -> bool:
    return ex_id[:2] == "hw" and ex_id[2:4].isdigit() and ex_id[4:5] == "."


def _self_study(ex_id: str) -> dict:
    """The self-study version of the homework ``ex_id`` belongs to (no secret)."""
    hw = load(ex_id.split(".")[0])
    return {"assignment": hw.name, "params": hw.variant(None, None).params, "student_id": None}


def _package_copy(dest: Path, source: Path | None = None) -> Path:
    """Copy nbteach's sources to ``dest/nbteach``; return ``dest`` (to put first on PYTHONPATH)."""
    source = source or Path(nbteach.__file__).resolve().parent
    shutil.copytree(source, dest / "nbteach", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return dest


def _compiled(folder: Path) -> Path:
    """``folder`` with its modules compiled once, as pyc files checked against nothing (the copy
    never changes): every sealed process imports them instead of compiling nbteach again."""
    compileall.compile_dir(folder, quiet=1, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    return folder


def _kill_tree(proc) -> None:
    """SIGKILL a process and everything it started (``nbteach.teacher.runner.kill_tree``)."""
    kill_tree(proc)


# ---------------------------------------------------------------- the class
def exercise_ids(paths, prefix: str = "", notebooks=None) -> list:
    """The columns when no ``--assignment`` is given: the exercises of the assignment the
    notebooks were released as (``metadata.nbteach.assignment``), or of the one lesson most of
    them check; never ids a student typed (a call in a comment adds no column).

    Raises NbteachError when the notebooks name no one assignment or lesson.
    """
    from nbteach.check import exercises  # the lessons' registry

    notebooks = notebooks if notebooks is not None else [collect.read_notebook(p) for p in paths]
    released = collect.recorded_assignment(notebooks)
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


@contextmanager
def _writing(out):
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


@contextmanager
def _workspace():
    """A temporary folder for this run, locked while the run lives: the pristine nbteach and every
    copy of a submission a runner makes are inside. Folders of runs that ended without removing
    theirs (a grader killed with SIGKILL) are removed first."""
    import fcntl  # Unix only, as sealed grading is

    base = Path(tempfile.gettempdir())
    for old in base.glob("nbteach-grader-*"):
        try:
            fd = os.open(old / ".lock", os.O_RDWR)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            continue   # a running grader's
        os.close(fd)
        shutil.rmtree(old, ignore_errors=True)
    folder = Path(tempfile.mkdtemp(prefix="nbteach-grader-"))
    fd = os.open(folder / ".lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        yield folder
    finally:
        os.close(fd)
        shutil.rmtree(folder, ignore_errors=True)


def _check_arguments(out, jobs, timeout, memory, format, roster, secret_file, assignment) -> None:
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


def _collect(paths, hw, roster, secret_file, picks, allow_empty):
    """``(jobs, extra, names, notes, secret, notebooks)``: the collecting stage (``nbteach.teacher.collect``)."""
    if roster is None:
        refused = []
        found = collect.find_submissions(paths, refused)
        if not found and not refused:
            raise NbteachError(f"no notebooks found in {', '.join(map(str, paths))}.")
        if not found and not allow_empty:
            raise NbteachError(f"nothing to grade: every file below {', '.join(map(str, paths))} was refused "
                               f"({len(refused)}, e.g. {refused[0][0].name}: {refused[0][1]}). Nothing was written "
                               "(--allow-empty writes the refusals anyway).")
        jobs = [(wire.printable(label, 300), nb, None) for label, nb in zip(collect.labels(found), found)]
        extra = [(collect.relative_label(q, paths), "refused", why) for q, why in refused]
        return jobs, extra, {}, {}, None, {nb: collect.read_notebook(nb) for _, nb, _ in jobs}
    students = read_roster(roster)
    secret = read_secret(secret_file)
    match = collect.match_roster(paths, students, hw, picks)
    if not any(path for _, path in match.jobs) and not match.clashes and not allow_empty:
        files = len(match.extra)
        raise NbteachError(f"no submission below {paths[0]} matches a roster id of {roster} ({len(students)} "
                           f"students, {files} file(s) below the folder): is it this class's folder and roster? "
                           "Nothing was written (--allow-empty writes a gradebook of the missing anyway).")
    notebooks = {sid: collect.read_notebook(path) for sid, path in match.jobs if path is not None}
    notes, other = collect.check_fingerprints(hw, secret, match.jobs, notebooks)
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
                                                        if path is not None}


def grade(paths, out=None, jobs: int = 1, timeout: float = 120.0, feedback=None, prefix: str = "",
          progress=None, lang=None, assignment=None, roster=None, secret_file=None,
          resume: bool = False, sandbox=None, memory=None, format: str = "csv", picks=None,
          allow_empty: bool = False) -> list:
    """Grade every notebook in ``paths``; write the grades and the feedback files.

    Parameters
    ----------
    paths : list of str or Path
        Notebooks, or folders searched for ``*.ipynb``; with a roster, one folder
        ``submissions/`` holding ``<id>/<notebook>``, ``<id>.ipynb``, or files and folders named
        as Canvas and Moodle downloads name them (``nbteach.teacher.collect.match_roster``). A
        symbolic link or anything that is not a regular file below it is refused with the
        reason, never read.
    out : str or Path, optional
        The grades to write (nothing is written if None), rewritten atomically as each
        submission finishes, in ``format``; beside it ``<name>.mistakes.jsonl``. Locked while
        this run writes it: a second grader into the same file stops.
    jobs : int
        Notebooks run at once, each in its own kernel.
    timeout : float
        Seconds per cell; a notebook still running ``timeout + 30`` s after it started
        is killed with its kernel.
    feedback : str or Path, optional
        Folder of per-student feedback files (default: ``feedback`` next to ``out``); each is
        written as soon as its student is graded, so an interrupted run leaves complete files.
    prefix : str
        Grade only the exercise ids that start with it.
    progress : callable, optional
        Called with one line of text as each submission finishes (an object with a
        ``start(total)`` method is told the number of submissions first).
    lang : {"en", "zh"} or None
        The kernels' starting language and the feedback's; None: each notebook's released
        language (``metadata.nbteach.lang``), else English. A student's ``set_language`` wins.
    assignment : str, optional
        The homework (``"hw01"``): its exercise ids are the columns, whatever the notebooks hold.
        Without it, the assignment the notebooks were released as, or the lesson they check.
    roster, secret_file : str or Path, optional
        Together: each student's variant is rebuilt from the secret and the roster id (never
        from the notebook); a row per roster id, missing submissions included, plus a row
        per file that matches no id. The fingerprint each released notebook carries is checked
        first (``nbteach.teacher.collect.check_fingerprints``).
    resume : bool
        Keep the rows an earlier run wrote (and whose feedback file is there); grade the others.
    sandbox : bool or None
        Run every submission, function answer and judge sealed (``nbteach.teacher.sandbox``).
        None: sealed where bubblewrap works, otherwise not, and each row's ``run`` then says
        ``(not sealed)``; True: refuse to grade without it; False: never sealed (``--no-sandbox``).
    memory : int, optional
        Memory limit of each sandbox, in bytes (default 2 GiB).
    format : {"csv", "gradebook", "canvas", "moodle"}
        ``csv``: every column; the others are for a gradebook (:func:`write_grades`), and the
        full table is then kept beside ``out`` (``grades.csv``: ``grades.full.csv``).
    picks : dict, optional
        ``{roster id: notebook path below the folder}``: which of a student's notebooks to grade.
    allow_empty : bool
        Write the files even when no submission matches the roster (or every file was refused).

    Returns
    -------
    list of Submission
    """
    lang = _normalise(lang) if lang is not None else None
    _check_arguments(out, jobs, timeout, memory, format, roster, secret_file, assignment)
    hw = load(assignment) if assignment is not None else None
    job_list, extra, names, notes, secret, notebooks = _collect(paths, hw, roster, secret_file, picks, allow_empty)
    if hw is not None:
        ids = [i for i in hw.exercise_ids if i.startswith(prefix)]
    else:
        ids = exercise_ids([p for _, p, _ in job_list], prefix, [notebooks[p] for _, p, _ in job_list])
    if prefix and not ids:
        raise NbteachError(f"--exercises {prefix!r} matches no exercise of this assignment.")
    # checked after the arguments and the notebooks, so that a mistake there is named first
    if sandbox is True and not _sandbox.available():
        raise NbteachError("bubblewrap (bwrap) cannot run here, so submissions cannot be sealed: install it "
                           "(sudo apt install bubblewrap), or pass --no-sandbox to grade unsealed (the grade "
                           "file then says 'not sealed' on every row).")
    sealed = _sandbox.available() if sandbox is None else bool(sandbox)
    folder = Path(feedback) if feedback else (Path(out).parent / "feedback" if out is not None else None)
    table = gradebook.full_table(out, format)
    with _writing(out), _workspace() as work:
        config = GradeConfig(sealed=sealed, memory=memory, workdir=str(work))
        previous = gradebook.read_previous(table, ids, folder) if resume and table is not None else {}
        rows = [None] * len(job_list)
        todo = []
        for k, (label, path, sid) in enumerate(job_list):
            if label in previous:
                rows[k] = previous[label]
            elif path is None:
                rows[k] = Submission(Path(label), timeout=timeout, run="missing", label=label)
            else:
                todo.append(k)
            if rows[k] is not None:
                rows[k].student_name = names.get(sid, "")
        extra_rows = [Submission(Path(label), timeout=timeout, run=run, detail=wire.printable(why, 300), label=label,
                                 student_name=names.get(label, "") if run in ("clash", "other assignment") else "")
                      for label, run, why in extra]
        report = _Report(out, format, table, ids, folder, roster is not None or hw is not None, roster is not None,
                         hw.name if hw is not None else "grade", rows, extra_rows, progress, len(todo))
        pristine = _compiled(_package_copy(work) / "nbteach")  # as it was when grading began
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            futures = {}
            for k in todo:
                label, path, sid = job_list[k]
                variant = None
                if hw is not None:
                    v = hw.variant(secret, sid) if secret is not None else hw.variant(None, None)
                    variant = {"assignment": str(hw.folder), "params": v.params, "student_id": sid}
                futures[pool.submit(grade_notebook, path, timeout, ids, lang, pristine, variant, config)] = k

            def finished(k, s):
                label, _, sid = job_list[k]
                s.label, s.student_name, s.note = label, names.get(sid, ""), notes.get(sid, "")
                report.add(k, s)

            try:
                for fut in as_completed(futures):
                    finished(futures[fut], fut.result())
            except BaseException:
                # Ctrl-C: nothing new starts; the notebooks already running are recorded as they
                # end (a second Ctrl-C stops waiting); every written row has its feedback file
                for fut in futures:
                    fut.cancel()
                try:
                    for fut in as_completed([f for f in futures if not f.cancelled()]):
                        k = futures[fut]
                        if rows[k] is None and fut.exception() is None:
                            finished(k, fut.result())
                except BaseException:  # noqa: BLE001 - the second Ctrl-C, or a progress callback that raises
                    pass
                raise
    return rows + extra_rows


class _Report:
    """The reporting stage as a run goes: each finished row's feedback, then the files (``nbteach.teacher.gradebook``)."""

    def __init__(self, out, format, table, ids, folder, by_student, names, assignment, rows, extra, progress, total):
        self.out, self.format, self.table, self.ids, self.folder = out, format, table, ids, folder
        self.first = "student" if by_student else "submission"
        self.names, self.assignment, self.rows, self.extra = names, assignment, rows, extra
        self.progress, self.total, self.done = progress, total, 0
        self.lock, self.started = threading.Lock(), time.monotonic()
        if folder is not None:   # rows that never ran get their reason now; graded ones as they finish
            gradebook.write_feedback(extra, ids, folder)
        self.flush()
        if hasattr(progress, "start"):
            progress.start(total)

    def flush(self) -> None:
        if self.out is None:
            return
        rows = [r for r in self.rows if r is not None] + self.extra
        gradebook.write_csv(rows, self.ids, self.table, first=self.first, names=self.names)
        gradebook.write_mistakes(rows, self.ids, gradebook.mistakes_file(self.table))
        if self.format != "csv":
            write_grades(rows, self.ids, self.out, self.format, self.assignment)

    def add(self, k, s) -> None:
        with self.lock:
            self.done += 1
            if self.folder is not None:   # the feedback first: a row in the grades has its file
                gradebook.write_feedback([s], self.ids, self.folder)
            self.rows[k] = s
            self.flush()
            if self.progress is not None:
                eta = (time.monotonic() - self.started) / self.done * (self.total - self.done)
                self.progress(f"[{self.done}/{self.total}] {s.name}: {s.total(self.ids)}/{len(self.ids)} "
                              f"({s.run}, {s.seconds:.1f} s; about {eta:.0f} s left)")


# ---------------------------------------------------------------- the command line
def _parser():
    p = argparse.ArgumentParser(prog="python -m nbteach.grade", description=__doc__.split("\n")[0])
    p.add_argument("submissions", nargs="+", help="notebooks or folders of notebooks")
    p.add_argument("--out", required=True, help="the grades to write (CSV)")
    p.add_argument("--assignment", default=None, help="the homework handed in (hw01 ...): its ids are the columns")
    p.add_argument("--roster", default=None, help="CSV with a column id (optional name): a row per student")
    p.add_argument("--secret-file", default=None, help="the secret the notebooks were assigned with")
    p.add_argument("--resume", action="store_true", help="keep the rows --out already has; grade the rest")
    p.add_argument("--jobs", type=int, default=1, help="notebooks run at once (default 1)")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds per notebook (default 120)")
    p.add_argument("--feedback", default=None, help="folder of feedback files (default: next to --out)")
    p.add_argument("--exercises", default="", help="grade only ids starting with this, e.g. hw01.")
    p.add_argument("--lang", default=None,
                   help="feedback language, en or zh (default: the language each notebook was released in)")
    p.add_argument("--no-sandbox", action="store_true",
                   help="run submissions unsealed (no bubblewrap); every row then says 'not sealed'")
    p.add_argument("--memory", type=float, default=2.0, help="GiB of memory per sandbox (default 2)")
    p.add_argument("--format", default="csv", choices=FORMATS,
                   help="csv: every column (default); gradebook: id, name, total, max; canvas, moodle: their "
                        "grade import files (the full table is then kept beside it as <name>.full.csv)")
    p.add_argument("--pick", action="append", default=[], metavar="ID=PATH",
                   help="which notebook of a student to grade, when several (or two folders) name them: "
                        "the roster id, =, the path below the submissions folder; repeat for more students")
    p.add_argument("--allow-empty", action="store_true",
                   help="write the grade files even when no submission matches the roster")
    return p


class _Progress:
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
        line = wire.printable(line, 400)
        if self.bar is None:
            print(line, file=self.stream, flush=True)
            return
        self.bar.set_postfix_str(line.split("] ", 1)[-1].split(";")[0][:60])
        self.bar.update(1)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _picks(items) -> dict:
    out = {}
    for item in items:
        sid, sep, path = item.partition("=")
        if not sep or not sid or not path:
            raise NbteachError(f"--pick takes ID=PATH (a roster id, =, the notebook's path below the submissions "
                               f"folder), got {item!r}.")
        out[sid] = path
    return out


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    progress = _Progress()
    try:
        results = grade(args.submissions, args.out, args.jobs, args.timeout, args.feedback,
                        args.exercises, progress=progress,
                        lang=args.lang, assignment=args.assignment, roster=args.roster,
                        secret_file=args.secret_file, resume=args.resume,
                        sandbox=False if args.no_sandbox else True,
                        memory=int(args.memory * 1024 ** 3) if args.memory == args.memory else -1,
                        format=args.format, picks=_picks(args.pick), allow_empty=args.allow_empty)
    except NbteachError as exc:
        progress.close()
        print(f"error: {wire.printable(str(exc), 2000)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        progress.close()
        print("interrupted: the grades and feedback of the students graded so far are written; "
              "run the same command with --resume to grade the others.", file=sys.stderr)
        return 130
    progress.close()
    for line in gradebook.summary(results):
        print(wire.printable(line, 2000), file=sys.stderr)
    print(f"graded {len(results)} rows -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
