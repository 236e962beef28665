"""Grade a class: run every submitted notebook sealed and judge its answers, in parallel.

    python -m nbteach.grade SUBMISSIONS... --out grades.csv [--jobs N] [--timeout S]
                            [--feedback DIR] [--exercises ID_PREFIX] [--lang en|zh]
                            [--assignment hwNN --roster CSV --secret-file FILE] [--resume]
                            [--format csv|gradebook|canvas|moodle] [--pick ID=PATH] [--allow-empty] [--force]
                            [--report DIR] [--cluster tcp://HOST:8786]
    python -m nbteach.grade --convert grades.csv --format canvas|moodle|gradebook --out FILE [--roster CSV]

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

With ``--cluster ADDRESS`` the notebooks run on the workers of a Dask scheduler instead
(``nbteach.teacher.cluster``, ``pip install "nbteach[cluster]"``), each sealed as here; this
process decides the grades and writes every file, as it does when it runs them itself.

Examples
--------
>>> args = _parser().parse_args(["a.ipynb", "--out", "g.csv", "--jobs", "2"])
>>> args.jobs, args.timeout
(2, 120.0)
"""
from __future__ import annotations

import argparse
import contextlib
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from nbteach._base import NbteachError
from nbteach.i18n import _normalise
from nbteach.teacher import cluster as _cluster
from nbteach.teacher import collect, gradebook, runner, wire
from nbteach.teacher import sandbox as _sandbox
from nbteach.teacher.autograde import compiled, grade_notebook, package_copy, prepare
from nbteach.teacher.collect import exercise_ids
from nbteach.teacher.gradebook import FORMATS, write_grades
from nbteach.teacher.homework import load
from nbteach.teacher.report import after_grading
from nbteach.teacher.submission import GradeConfig, Submission

__all__ = ["grade", "grade_notebook", "Submission", "GradeConfig", "main", "write_grades", "FORMATS"]


# ---------------------------------------------------------------- one notebook
# ---------------------------------------------------------------- the class
def grade(paths, out=None, jobs: int = 1, timeout: float = 120.0, feedback=None, prefix: str = "",
          progress=None, lang=None, assignment=None, roster=None, secret_file=None,
          resume: bool = False, sandbox=None, memory=None, format: str = "csv", picks=None,
          allow_empty: bool = False, force: bool = False, cluster: str | None = None) -> list:
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
        submission finishes (a class of thousands: at most a tenth of the time, ``gradebook.Report``), in ``format``; beside it ``<name>.mistakes.jsonl``. Locked while
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
    force : bool
        Grade again into an ``out`` (or a feedback folder) an earlier run wrote, overwriting it; without
        it (or ``resume``) such a run stops before anything is written.
    cluster : str, optional
        The address of a Dask scheduler (``tcp://host:8786``): the notebooks run on its workers,
        each as many at once as it has threads (``jobs`` is then not used), sealed as ``sandbox``
        says (checked on every worker); this process decides and writes the same files
        (``nbteach.teacher.cluster``). Needs ``pip install "nbteach[cluster]"``.

    Returns
    -------
    list of Submission
    """
    lang = _normalise(lang) if lang is not None else None
    collect.check_arguments(out, jobs, timeout, memory, format, roster, secret_file, assignment)
    if cluster is not None:
        if jobs != 1:
            raise NbteachError("--jobs is the number of notebooks run at once on this machine; with --cluster each "
                               "worker runs as many as its threads (dask worker --nthreads N): leave --jobs out.")
        _cluster.dask()   # installed? (said before the class is read)
    hw = load(assignment) if assignment is not None else None
    job_list, extra, names, notes, secret, notebooks, roster_fields, late = collect.collect_class(
        paths, hw, roster, secret_file, picks, allow_empty)
    if hw is not None:
        ids = [i for i in hw.exercise_ids if i.startswith(prefix)]
    else:
        ids = exercise_ids([p for _, p, _ in job_list], prefix, [notebooks[p] for _, p, _ in job_list])
    if prefix and not ids:
        raise NbteachError(f"--exercises {prefix!r} matches no exercise of this assignment.")
    # checked after the arguments and the notebooks, so that a mistake there is named first
    if cluster is None and sandbox is True and not _sandbox.available():
        raise NbteachError("bubblewrap (bwrap) cannot run here, so submissions cannot be sealed: install it "
                           "(sudo apt install bubblewrap), or pass --no-sandbox to grade unsealed (the grade "
                           "file then says 'not sealed' on every row).")
    points = {e.id: e.points for e in hw.variant(None, None).exercises} if hw is not None else {}
    folder = Path(feedback) if feedback else (Path(out).parent / "feedback" if out is not None else None)
    table = gradebook.full_table(out, format)
    if not resume and not force:
        earlier = [str(p) for p in (out, table) if p is not None and Path(p).exists()]
        earlier += [str(folder)] if folder is not None and folder.is_dir() and any(folder.iterdir()) else []
        if earlier:
            raise NbteachError(f"an earlier run wrote {', '.join(sorted(set(earlier)))}: --resume keeps its rows and "
                               "grades the others, --force grades everyone again and overwrites them. Nothing "
                               "was written.")
    client, sealed = _cluster.connect(cluster, sandbox) if cluster is not None else \
        (None, _sandbox.available() if sandbox is None else bool(sandbox))
    with contextlib.closing(client) if client is not None else contextlib.nullcontext(), \
            gradebook.locked(out), runner.workspace() as work:
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
                rows[k].student_name, rows[k].points, rows[k].late = names.get(sid, ""), points, sid in late
        extra_rows = [Submission(Path(label), timeout=timeout, run=run, detail=wire.printable(why, 300), label=label,
                                 student_name=names.get(label, "") if run in ("clash", "other assignment") else "",
                                 points=points)
                      for label, run, why in extra]
        report = gradebook.Report(out, format, table, ids, folder, roster is not None or hw is not None,
                                  roster is not None, hw.name if hw is not None else "grade", rows, extra_rows,
                                  progress, len(todo), roster_fields)

        def variant_of(sid):
            if hw is None:
                return None
            v = hw.variant(secret, sid) if secret is not None else hw.variant(None, None)
            return {"assignment": str(hw.folder), "params": v.params, "student_id": sid}

        def finished(k, s):
            if rows[k] is not None:   # never twice (a cluster's task run again after its worker died)
                return
            label, _, sid = job_list[k]
            s.label, s.student_name, s.note = label, names.get(sid, ""), notes.get(sid, "")
            s.points, s.late = points, sid in late
            report.add(k, s)

        def grade_here():
            pristine = compiled(package_copy(work) / "nbteach")  # as it was when grading began
            with ThreadPoolExecutor(max_workers=jobs) as pool:
                futures = {}
                for k in todo:
                    label, path, sid = job_list[k]
                    futures[pool.submit(grade_notebook, path, timeout, ids, lang, pristine, variant_of(sid), config)] = k

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

        try:
            if client is not None:
                _cluster.grade_all(client, todo, lambda k: prepare(job_list[k][1], timeout, ids, lang,
                                                                    variant_of(job_list[k][2]), config), finished)
            else:
                grade_here()
        finally:
            report.flush()   # the last rows, Ctrl-C included (a large class's files are not rewritten after each)
    return rows + extra_rows


# ---------------------------------------------------------------- the command line
def _parser():
    p = argparse.ArgumentParser(prog="python -m nbteach.grade", description=__doc__.split("\n")[0])
    p.add_argument("submissions", nargs="*", help="notebooks or folders of notebooks")
    p.add_argument("--out", required=True, help="the grades to write (CSV)")
    p.add_argument("--convert", default=None, metavar="GRADES_CSV",
                   help="write --out in --format from an earlier run's grade file (canvas, moodle: its .full.csv), "
                        "without grading again")
    p.add_argument("--force", action="store_true", help="grade again into files an earlier run wrote, overwriting them")
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
    p.add_argument("--cluster", default=None, metavar="ADDRESS",
                   help="run the notebooks on the workers of a Dask scheduler (tcp://HOST:8786), each sealed as "
                        "here; this machine decides and writes the files (pip install \"nbteach[cluster]\")")
    p.add_argument("--report", default=None, metavar="DIR",
                   help="then write the class report into DIR (index.html, exercises.csv: python -m nbteach.report)")
    return p


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
    progress = gradebook.Progress()
    try:
        if args.convert is not None:
            if args.submissions:
                raise NbteachError("--convert reads an earlier run's grade file: give no submissions with it.")
            n = gradebook.convert(args.convert, args.out, args.format, args.assignment or "grade", args.roster)
            print(f"converted {n} rows -> {args.out}", file=sys.stderr)
            return 0
        if not args.submissions:
            raise NbteachError("give the submissions to grade (a folder, or notebooks), or --convert GRADES_CSV.")
        results = grade(args.submissions, args.out, args.jobs, args.timeout, args.feedback,
                        args.exercises, progress=progress,
                        lang=args.lang, assignment=args.assignment, roster=args.roster,
                        secret_file=args.secret_file, resume=args.resume,
                        sandbox=False if args.no_sandbox else True,
                        memory=int(args.memory * 1024 ** 3) if args.memory == args.memory else -1,
                        format=args.format, picks=_picks(args.pick), allow_empty=args.allow_empty, force=args.force,
                        cluster=args.cluster)
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
    if args.report is not None:
        return after_grading(gradebook.full_table(args.out, args.format), args.report, args.lang, results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
