"""Grade a class: run every submitted notebook and re-check its answers, in parallel.

    python -m nbteach.grade SUBMISSIONS... --out grades.csv [--jobs N] [--timeout S]
                            [--feedback DIR] [--exercises ID_PREFIX] [--lang en|zh]
                            [--assignment hwNN --roster CSV --secret-file FILE] [--resume]
                            [--format csv|gradebook|canvas|moodle]

SUBMISSIONS are notebooks or folders of notebooks. Each runs top to bottom in a fresh
kernel of its own (``nbclient``), ``--jobs`` at a time. A cell running longer than
``--timeout`` seconds stops the notebook; a notebook still running ``--timeout`` + 30
seconds after it started (the 30 s cover kernel start-up) is stopped by killing its
whole process tree, kernel included. Output: a CSV with one row per submission,
one column per exercise (1 passed, 0 not) plus ``total``, ``max`` and ``run`` (how the
run ended), and one feedback file per student in ``--feedback`` (default: a folder
``feedback`` next to the CSV), in the language the student set.

How a grade is decided, so that nothing in a submission can fake a pass:

1. While the notebook runs, every ``exercise(id).check(answer)`` appends the *answer*
   (never a verdict) to a record file, serialised as plain data (``nbteach.check.serial``).
2. After the run, this process reads the records, rebuilds each answer from a whitelist
   of types and checks it against the library here, in the grader's own process. A
   function answer runs in a sandbox process (``nbteach.check.sandbox``); only its
   outputs come back, and they are compared here.
3. The library is loaded into the grader (every reference answer computed) before any
   notebook runs, and each kernel imports a private copy of nbteach: a notebook that
   rewrites nbteach's files (say, ``compare.py``) changes only its own copy.
4. Exercises are found by id (the ``exercise("...")`` calls in the submissions), not by
   cell position. An exercise with no record (the notebook raised, looped, killed its
   kernel or never checked it) is failed, with the reason in the feedback.

Patching ``check``, redefining ``exercise``, forging the result class or writing a
record with ``"correct": true`` in it changes nothing: verdicts are never read back.

Nothing a student controls is trusted: a link or a file that is not regular under the
submissions folder is refused unread; the attempt counts a notebook shows are reported as
recorded there (the student can edit them); the release fingerprint in a notebook's
metadata is checked against (secret, assignment, roster id), and a mismatch for the whole
class (a teacher's slip: another secret, another assignment, a re-cased id) stops the run
before anything is written.

Examples
--------
>>> args = _parser().parse_args(["a.ipynb", "--out", "g.csv", "--jobs", "2"])
>>> args.jobs, args.timeout
(2, 120.0)
"""
from __future__ import annotations

import argparse
import csv
import hashlib
import hmac
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

import nbteach
from nbteach._base import NbteachError
from nbteach.check import exercise, exercises
from nbteach.check.functions import judge as judge_function
from nbteach.check.functions import make_inputs
from nbteach.check.graded import attempts
from nbteach.check.messages import say, sep
from nbteach.check.serial import FunctionRef, Unsupported, decode
from nbteach.i18n import _normalise, get_language, set_language, tr
from nbteach.teacher import judge as homework_judge
from nbteach.teacher import runner
from nbteach.teacher import sandbox as _sandbox
from nbteach.teacher.assign import read_roster, read_secret
from nbteach.teacher.homework import fingerprint, load, sources
from nbteach.teacher.runner import kill_marked, kill_tree

__all__ = ["grade", "grade_notebook", "Submission", "main"]

_LANGUAGE_LOCK = threading.Lock()
_EXERCISE_CALL = re.compile(r"""exercise\(\s*['"]([A-Za-z0-9_]+\.[A-Za-z0-9_.]+)['"]""")

_RUN_TEXT = {
    "ok": {"en": "ran to the end", "zh": "完整运行结束"},
    "error": {"en": "raised an error in a cell (the cells after it still ran)", "zh": "有单元格报错（其后的单元格仍已运行）"},
    "timeout": {"en": "stopped: ran longer than {timeout:g} s", "zh": "超过 {timeout:g} 秒，已被停止"},
    "dead kernel": {"en": "stopped: the kernel died", "zh": "内核崩溃，已中止"},
    "unreadable": {"en": "could not be read as a notebook", "zh": "无法读取为 notebook"},
    "missing": {"en": "no submission", "zh": "未提交"},
    "no roster id": {"en": "matches no student id of the roster", "zh": "与名单中的学号都不匹配"},
    "not a notebook": {"en": "not a notebook (.ipynb)", "zh": "不是 notebook（.ipynb）"},
    "refused": {"en": "not graded: refused", "zh": "未评分：已拒绝"},
    "ambiguous": {"en": "not graded: its name matches more than one roster id", "zh": "未评分：文件名与多个学号匹配"},
    "second notebook": {"en": "not graded: a second notebook of the same student", "zh": "未评分：同一学生的第二个 notebook"},
}
_NOT_REACHED = {
    "en": "Failed: no answer was checked for this exercise{why}.",
    "zh": "未通过：这道题没有被检查过{why}。",
}


@dataclass
class GradeConfig:
    """How submissions run, passed explicitly to every runner (no module-level state).

    ``sealed``: inside bubblewrap (``nbteach.teacher.sandbox``); ``memory``: the address-space
    limit of each sealed process in bytes (None: the sandbox's default).
    """

    sealed: bool = False
    memory: int | None = None


@dataclass
class Submission:
    """The grade of one notebook."""

    path: Path
    timeout: float = 0.0
    run: str = "ok"
    detail: str = ""
    seconds: float = 0.0
    lang: str = "en"
    results: dict = field(default_factory=dict)   # id -> (passed, message)
    attempts: dict = field(default_factory=dict)  # id -> checks as recorded in the notebook (editable by the student)

    label: str = ""
    sealed: bool | None = None   # ran inside the sandbox (None: never ran, e.g. missing)
    student_name: str = ""       # the roster's name column
    note: str = ""               # for the teacher only (grades, screen): a fingerprint that does not match
    resumed: bool = False        # kept from an earlier run's grades (--resume)

    @property
    def name(self) -> str:
        return self.label or self.path.name

    def total(self, ids) -> int:
        return sum(1 for i in ids if self.results.get(i, (False, ""))[0])


# ---------------------------------------------------------------- running one notebook
def _run_notebook(nb_path: str, record: str, status: str, timeout: float) -> None:
    """Executed in a child process: run the notebook, write how it ended to ``status``."""
    # nbformat imports jsonschema, which imports an optional IRI-syntax checker that takes
    # over a second to load and that notebook validation never uses; jsonschema skips it
    # when it cannot be imported. This is a third of the grader's CPU time per submission.
    sys.modules.setdefault("rfc3987_syntax", None)
    import nbformat  # heavy, optional: only when a notebook is run
    from nbclient import NotebookClient  # heavy, optional: only when a notebook is run
    from nbclient.exceptions import CellExecutionError, DeadKernelError  # heavy, optional: only when a notebook is run

    result = {"status": "ok", "detail": ""}
    try:
        nb = nbformat.read(nb_path, as_version=4)
    except Exception as exc:  # noqa: BLE001
        result = {"status": "unreadable", "detail": f"{type(exc).__name__}: {exc}"[:300]}
    else:
        # a cell that raises does not stop the run: the exercises after it may not depend on it
        # the kernel is killed once the last cell has run (shutdown_kernel="immediate"), not asked to
        # shut down: nothing of the student's runs after the notebook (an atexit hook), and a graceful
        # shutdown cost about 0.45 CPU s a submission; the runner kills the process tree anyway
        client = NotebookClient(nb, timeout=timeout, kernel_name="python3", allow_errors=True,
                                shutdown_kernel="immediate",
                                resources={"metadata": {"path": str(Path(nb_path).parent)}})
        try:
            client.execute()
            for cell in nb.cells:
                err = next((o for o in cell.get("outputs", []) if o.get("output_type") == "error"), None)
                if err is not None:
                    result = {"status": "error", "detail": f"{err.get('ename')}: {err.get('evalue')}"[:300]}
                    break
        except DeadKernelError as exc:
            result = {"status": "dead kernel", "detail": str(exc)[:300]}
        except CellExecutionError as exc:
            result = {"status": "error", "detail": f"{exc.ename}: {exc.evalue}"[:300]}
        except TimeoutError as exc:
            result = {"status": "timeout", "detail": str(exc)[:300]}
        except Exception as exc:  # noqa: BLE001 - e.g. the kernel died while starting
            result = {"status": "dead kernel" if "kernel" in str(exc).lower() else "error",
                      "detail": f"{type(exc).__name__}: {exc}"[:300]}
    Path(status).write_text(json.dumps(result), encoding="utf-8")


def _kill_tree(proc: subprocess.Popen) -> None:
    """SIGKILL the runner and every process it started (``nbteach.teacher.runner.kill_tree``)."""

    kill_tree(proc)


def _kill_leftovers(marker: str, variable: str = "NBTEACH_RECORD") -> None:
    """SIGKILL every process still carrying ``variable=marker`` in its environment.

    A notebook can start processes that outlive its kernel (``subprocess.Popen(...,
    start_new_session=True)``); they all inherit ``NBTEACH_RECORD``, whose value is unique
    to the run (``nbteach.teacher.runner.kill_marked``).
    """

    kill_marked(marker, variable)


def _package_copy(dest: Path, source: Path | None = None) -> Path:
    """Copy nbteach's sources to ``dest/nbteach``; return ``dest`` (to put first on PYTHONPATH)."""


    source = source or Path(nbteach.__file__).resolve().parent
    shutil.copytree(source, dest / "nbteach", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return dest


def _preload(ids) -> None:
    """Compute every reference answer and mistake now, before any submission runs.

    Every library module the grader needs is then imported from the files as they were
    when grading began, whatever a notebook later writes to disk.
    """

    for ex_id in ids:
        try:
            ex = exercise(ex_id)
            ex.reference()
            if ex.kind == "function":
                [m.value() for m in ex.mistakes]
                make_inputs(ex, seed=0)
            else:
                ex.mistake_values()
        except Exception:  # noqa: BLE001 - reported per submission when it is checked
            pass


def grade_notebook(path, timeout: float = 120.0, expected_ids=None, lang: str = "en",
                   package=None, variant=None, config=None) -> Submission:
    """Run one notebook in a fresh kernel and grade its recorded answers.

    ``lang`` is the kernel's starting language (``NBTEACH_LANG``); a student who calls
    ``nbteach.set_language`` gets feedback in the language they chose. The kernel
    imports nbteach from ``package`` (default: the installed one): sealed, mounted
    read-only in a sandbox of its own (``nbteach.teacher.runner``); unsealed, a private
    copy, so a notebook that edits nbteach's files edits only its own copy.
    ``config`` (a :class:`GradeConfig`, default: unsealed) says how it and its answers' runners run.
    """
    config = config or GradeConfig()
    path = Path(path)
    sub = Submission(path, timeout=timeout)
    sub.attempts = _attempts_of(path)
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="nbteach-grade-") as tmp:
        sealed = config.sealed
        work = Path(tmp) / "work"
        work.mkdir()
        record = str(work / "record.jsonl")
        status = str(work / "status.json")
        command = [sys.executable, "-c",
                   "import sys; from nbteach.teacher.grade import _run_notebook; "
                   "_run_notebook(sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]))"]
        if sealed:
            # its own sandbox: the notebook copied in, nbteach read-only (``package``: the
            # pristine copy), a size-capped working folder; the record and how the run ended
            # are the only files it hands back (nbteach.teacher.runner)
            done = runner.run(command + ["{dir}/submission.ipynb", "{dir}/record.jsonl", "{dir}/status.json",
                                         str(timeout)],
                              seal=runner.Seal(True, config.memory),
                              files={"submission.ipynb": path.read_bytes()},
                              outputs=("record.jsonl", "status.json"),
                              env={"NBTEACH_RECORD": "{dir}/record.jsonl", "NBTEACH_LANG": lang},
                              package=package, timeout=timeout + 30, cpu_seconds=int(2 * timeout + 60))
            Path(record).write_bytes(done.files.get("record.jsonl") or b"")
            if done.timed_out:
                sub.run, sub.detail = "timeout", f"killed after {timeout + 30:g} s"
            else:
                try:
                    info = json.loads(done.files.get("status.json") or b"")
                    sub.run, sub.detail = str(info["status"])[:40], str(info["detail"])[:300]
                except Exception:  # noqa: BLE001
                    sub.run = "dead kernel"
                    sub.detail = done.stderr[-300:].decode(errors="replace")
        else:
            private = _package_copy(Path(tmp) / "lib", package)
            pythonpath = os.pathsep.join(p for p in (str(private), os.environ.get("PYTHONPATH", "")) if p)
            env = dict(os.environ, NBTEACH_RECORD=record, NBTEACH_LANG=lang, PYTHONDONTWRITEBYTECODE="1",
                       PYTHONPATH=pythonpath)
            cmd = command + [str(path.resolve()), record, status, str(timeout)]
            # the runner's output goes to a file, not a pipe: a process the notebook leaves
            # behind would hold a pipe open and keep us waiting
            errors = Path(tmp) / "runner.err"
            with open(errors, "wb") as err:
                proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=err,
                                        start_new_session=True)
                try:
                    proc.wait(timeout=timeout + 30)
                except subprocess.TimeoutExpired:
                    _kill_tree(proc)
                    proc.wait()
                    sub.run, sub.detail = "timeout", f"killed after {timeout + 30:g} s"
                else:
                    try:
                        info = json.loads(Path(status).read_text(encoding="utf-8"))
                        sub.run, sub.detail = info["status"], info["detail"]
                    except Exception:  # noqa: BLE001
                        sub.run = "dead kernel"
                        sub.detail = errors.read_bytes()[-300:].decode(errors="replace")
        _kill_leftovers(record)
        records = _read_records(record)
    sub.seconds = time.monotonic() - start
    sub.lang = lang
    sub.sealed = sealed
    _verify(sub, records, expected_ids, variant, config)
    return sub


def _attempts_of(path) -> dict:
    """Checks per exercise, as the submitted notebook's check outputs record them."""

    try:
        with open(path, "rb") as fh:
            return attempts(json.loads(fh.read(64 * 2**20)))
    except Exception:  # noqa: BLE001 - unreadable: no attempts recorded
        return {}


def _read_records(path) -> dict:
    """id -> (encoded answer, language) of the last record of each id; bad lines skipped."""
    out = {}
    try:
        with open(path, "rb") as fh:  # a notebook could write gigabytes: read the first 64 MB
            text = fh.read(64 * 2**20).decode("utf-8", errors="replace")
    except OSError:
        return out
    for line in text.splitlines()[-10_000:]:
        try:
            rec = json.loads(line)
            if isinstance(rec, dict) and isinstance(rec.get("id"), str) and "answer" in rec:
                out[rec["id"]] = (rec["answer"], rec.get("lang") if rec.get("lang") in ("en", "zh") else "en")
        except Exception:  # noqa: BLE001
            continue
    return out


# ---------------------------------------------------------------- verifying answers
def _is_graded(ex_id: str) -> bool:
    return re.match(r"^hw\d\d\.", ex_id) is not None


def _default_variant(ex_id: str) -> dict:
    """The self-study version of the homework ``ex_id`` belongs to (no secret)."""

    hw = load(ex_id.split(".")[0])
    return {"assignment": hw.name, "params": hw.variant(None, None).params, "student_id": None}


def _judge_graded(sub: Submission, records: dict, ids, variant, config=None) -> dict:
    """id -> (passed, message) for graded homework answers (``nbteach.teacher.judge``).

    Each request is prepared here, on the teacher's side (the variant rebuilt from the
    roster id and the secret; a function answer run in a sandbox of its own, which returns
    only values), then decided by ``python -m nbteach.teacher.judge`` in a sandbox that
    holds only the nbteach package; every reply is checked by type.
    """

    config = config or GradeConfig()
    seal = runner.Seal(config.sealed, config.memory)
    requests, order, out = [], [], {}
    for ex_id in ids:
        if ex_id not in records:
            continue
        v = variant or _default_variant(ex_id)
        encoded, lang = records[ex_id]
        request = {"assignment": v["assignment"], "params": v["params"], "student_id": v.get("student_id"),
                   "exercise_id": ex_id, "answer": encoded, "lang": lang, "seed": _seed(sub.path, ex_id)}
        try:
            requests.append(json.dumps(homework_judge.prepare(request, seal)))
        except Exception as exc:  # noqa: BLE001 - the teacher's side failed: no verdict, never a pass
            out[ex_id] = (False, f"the answer could not be judged ({type(exc).__name__})")
            continue
        order.append(ex_id)
    if not requests:
        return out
    done = runner.run([sys.executable, "-m", "nbteach.teacher.judge"], seal=seal,
                      stdin=("\n".join(requests) + "\n").encode("utf-8"), timeout=60 + 30 * len(requests))
    lines = [] if done.timed_out else done.stdout.decode("utf-8", errors="replace").splitlines()
    for ex_id, line in zip(order, lines):
        try:
            out[ex_id] = homework_judge.verdict(json.loads(line))
        except Exception:  # noqa: BLE001
            continue
    for ex_id in order:
        out.setdefault(ex_id, (False, "the answer could not be judged (the judge gave no verdict)"))
    return out


def _verify(sub: Submission, records: dict, expected_ids, variant=None, config=None) -> None:

    ids = list(expected_ids) if expected_ids is not None else sorted(records)
    langs = [lang for _, lang in records.values()]
    sub.lang = langs[-1] if langs else sub.lang
    why = "" if sub.run == "ok" else tr({"en": " (the notebook {run})", "zh": "（notebook {run}）"},
                                         lang=sub.lang, run=tr(_RUN_TEXT.get(sub.run, _RUN_TEXT["error"]),
                                                               lang=sub.lang, timeout=_timeout_of(sub)))
    judged = _judge_graded(sub, records, [i for i in ids if _is_graded(i)], variant, config)
    for ex_id in ids:
        if ex_id not in records:
            sub.results[ex_id] = (False, tr(_NOT_REACHED, lang=sub.lang, why=why))
            continue
        if ex_id in judged:
            sub.results[ex_id] = judged[ex_id]
            continue
        try:
            ex = exercise(ex_id)
        except Exception as exc:  # noqa: BLE001
            sub.results[ex_id] = (False, f"unknown exercise: {exc}")
            continue
        encoded, lang = records[ex_id]
        sub.results[ex_id] = _verify_one(ex, encoded, lang, _seed(sub.path, ex_id), config)


def _timeout_of(sub) -> float:
    return sub.timeout


def _seed(path, ex_id) -> int:
    """Inputs for a function answer: random, but the same on every re-grade of the same file."""

    try:
        content = Path(path).read_bytes()
    except OSError:
        content = b""
    return int.from_bytes(hashlib.sha256(ex_id.encode() + b"\0" + content).digest()[:8], "big")


def _verify_one(ex, encoded, lang, seed=None, config=None):
    """(passed, message) for one recorded answer, checked here against the library.

    A function answer runs in the sandbox first (several at once across submissions);
    the verdict and its message are then made under a lock, because the message
    language is process-wide.
    """

    answer = decode(encoded)
    sandboxed = None
    if ex.kind == "function" and isinstance(answer, FunctionRef) and answer.payload is not None:
        sandboxed = _run_sandbox(ex, answer, seed, config)
    with _LANGUAGE_LOCK:
        before = get_language()
        set_language(lang)
        try:
            return _judge(ex, answer, sandboxed)
        finally:
            set_language(before)


def _verify_answer(ex, encoded, seed=None, config=None):
    """(passed, message) in the current language (used by the tests)."""

    return _verify_one(ex, encoded, get_language(), seed, config)


def _judge(ex, answer, sandboxed):

    def fail(key, **fields):
        return False, say("incorrect") + sep() + say(key, **fields)

    if isinstance(answer, Unsupported):
        return fail("unsupported", got=answer.type_name)
    if ex.kind != "function":
        if isinstance(answer, FunctionRef):
            return fail("unsupported", got="function")
        result = ex.check(answer, _record=False)
        return result.correct, result.message
    if not isinstance(answer, FunctionRef):
        return False, ex.check(answer, _record=False).message
    if sandboxed is None:
        return fail("unsupported", got="function")
    if sandboxed == "timeout":
        return fail("timeout", seconds=ex.time_budget, call=answer.name)
    inputs, outcomes = sandboxed
    if outcomes is None:
        return fail("unsupported", got="function")
    status, message, _ = judge_function(ex, inputs, outcomes, answer.name)
    if status != "correct" and not message.startswith(say("incorrect")):
        message = say("incorrect") + sep() + message
    return status == "correct", message


def _run_sandbox(ex, ref, seed=None, config=None):
    """Run the student's function in a sandbox of its own on the exercise's inputs
    (``nbteach.teacher.runner.run_function``).

    Returns ``(inputs, outcomes)`` (outcomes None if the sandbox gave no usable reply)
    or ``"timeout"``.
    """

    config = config or GradeConfig()
    inputs = make_inputs(ex, seed)
    outcomes = runner.run_function(ref.payload, inputs, ex.time_budget, runner.Seal(config.sealed, config.memory))
    return outcomes if outcomes == "timeout" else (inputs, outcomes)


# ---------------------------------------------------------------- a whole class
#: A file with more than one name: another name may be a teacher's file (an archive's hard
#: link, ``ln``); it is refused like a symbolic link, never read.
_HARD_LINK = "hard link (the file has another name; copy it to grade it)"


def _walk(root: Path) -> list:
    """``[(path, reason or None)]`` for everything under ``root``, never following a link.

    A symbolic link (to a file or a folder), a hard link (a file with another name) and
    anything that is not a regular file or a folder (a FIFO, a device, a socket) get a reason
    and are never opened; folders are
    descended only when they are real folders (``lstat``). ``.ipynb_checkpoints`` is skipped.
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


def _refusal(path: Path, root: Path | None = None):
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


def _read_no_follow(path: Path, limit: int = 64 * 2**20) -> bytes:
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


def find_submissions(paths, refused=None) -> list:
    """The notebooks among ``paths`` (files, or folders searched without following links).

    A link or a file that is not regular is never returned; with a list ``refused`` it gets
    ``(path, reason)`` appended there.
    """
    out = []
    for p in map(Path, paths):
        if p.is_dir():   # the folder named on the command line is the teacher's: links below it are refused
            for q, why in _walk(p):
                if not q.name.lower().endswith(".ipynb"):
                    continue
                if why is None:
                    out.append(q)
                elif refused is not None:
                    refused.append((q, why))
        else:
            why = _refusal(p) if os.path.lexists(p) else None   # a missing file: "unreadable" later
            if why is None:
                out.append(p)
            elif refused is not None:
                refused.append((p, why))
    return out


def _labels(paths) -> list:
    """Names for the submissions: the file name, or the path from the common folder if two clash."""
    names = [p.name for p in paths]
    if len(set(names)) == len(names):
        return names
    resolved = [p.resolve() for p in paths]
    root = Path(os.path.commonpath([str(p.parent) for p in resolved]))
    return [str(p.relative_to(root)) for p in resolved]


def exercise_ids(paths, prefix: str = "") -> list:
    """The exercise ids the submissions check (union over all of them), sorted."""

    known = {e.id for e in exercises()}
    try:
        for name in sources():
            known |= set(load(name).exercise_ids)
    except Exception:  # noqa: BLE001 - no homework sources here: lesson exercises only
        pass
    ids = set()
    for p in paths:
        try:
            nb = json.loads(Path(p).read_text(encoding="utf-8"))
            source = "\n".join("".join(c.get("source", "")) for c in nb.get("cells", [])
                               if c.get("cell_type") == "code")
        except Exception:  # noqa: BLE001
            continue
        ids.update(i for i in _EXERCISE_CALL.findall(source) if i in known)
    return _ordered(sorted(i for i in ids if i.startswith(prefix)))


def _ordered(ids) -> list:
    """Homework ids in their source's order (lesson ids sorted), so columns read like the notebook."""

    out = []
    for i in ids:
        if i in out:
            continue
        if _is_graded(i):
            try:
                out += [j for j in load(i.split(".")[0]).exercise_ids if j in ids and j not in out]
                continue
            except Exception:  # noqa: BLE001
                pass
        out.append(i)
    return out


#: How a file below the submissions folder that is no student's submission ends (``run``).
_UNGRADED = ("refused", "not a notebook", "no roster id", "ambiguous", "second notebook")
#: ``--format``: what ``--out`` holds (see :func:`write_grades`).
FORMATS = ("csv", "gradebook", "canvas", "moodle")


def grade(paths, out=None, jobs: int = 1, timeout: float = 120.0, feedback=None, prefix: str = "",
          progress=None, lang: str = "en", assignment=None, roster=None, secret_file=None,
          resume: bool = False, sandbox=None, memory=None, format: str = "csv") -> list:
    """Grade every notebook in ``paths``; write the grades and the feedback files.

    Parameters
    ----------
    paths : list of str or Path
        Notebooks, or folders searched for ``*.ipynb``; with a roster, one folder
        ``submissions/`` holding ``<id>/<notebook>``, ``<id>.ipynb``, or files and folders named
        as Canvas and Moodle downloads name them (see :func:`_match_roster`). A symbolic link
        or anything that is not a regular file below it is refused with the reason, never read.
    out : str or Path, optional
        The grades to write (nothing is written if None), rewritten atomically as each
        submission finishes, in ``format``.
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
    lang : {"en", "zh"}
        The kernels' starting language (a student's ``set_language`` wins).
    assignment : str, optional
        The homework (``"hw01"``): its exercise ids are the columns, whatever the notebooks hold.
    roster, secret_file : str or Path, optional
        Together: each student's variant is rebuilt from the secret and the roster id (never
        from the notebook); a row per roster id, missing submissions included, plus a row
        per file that matches no id. The fingerprint each released notebook carries is checked
        first: a wrong secret, a wrong ``assignment`` or a re-spelled roster id stops the run
        (NbteachError) before anything is written.
    resume : bool
        Keep the rows an earlier run wrote (and whose feedback file is there); grade the others.
    sandbox : bool or None
        Run every submission, function answer and judge sealed (``nbteach.teacher.sandbox``:
        bubblewrap, no network, nothing of other students, limits). None: sealed where
        bubblewrap works, otherwise not, and each row's ``run`` then says ``(not sealed)``;
        True: refuse to grade without it; False: never sealed (``--no-sandbox``).
    memory : int, optional
        Address-space limit of each sealed process, in bytes (default 2 GiB).
    format : {"csv", "gradebook", "canvas", "moodle"}
        ``csv``: every column (per exercise pass/fail and the attempts as recorded in the
        notebook, total, max, run); the others are for a gradebook (:func:`write_grades`), and
        the full table is then kept beside ``out`` (``grades.csv``: ``grades.full.csv``; what ``resume`` reads).

    Returns
    -------
    list of Submission
        ``.results`` (id -> (passed, message)), ``.attempts`` (as recorded in the notebook,
        editable by the student), ``.run`` ("ok", "error", "timeout", "dead kernel",
        "unreadable", "missing", "no roster id", "not a notebook", "refused", "ambiguous").
    """

    lang = _normalise(lang)

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
    hw = None
    if assignment is not None:

        hw = load(assignment)
    names = {}
    if roster is not None:

        students = read_roster(roster)
        names = dict(students)
        secret = read_secret(secret_file)
        jobs_list, extra = _match_roster(paths, students, hw)
    else:
        secret = None
        refused = []
        notebooks = find_submissions(paths, refused)
        if not notebooks and not refused:
            raise NbteachError(f"no notebooks found in {', '.join(map(str, paths))}.")
        jobs_list = [(label, nb, None) for label, nb in zip(_labels(notebooks), notebooks)]
        extra = [(_relative_label(q, paths), "refused", why) for q, why in refused]
    if hw is not None:
        ids = [i for i in hw.exercise_ids if i.startswith(prefix)]
    else:
        ids = exercise_ids([p for _, p, _ in jobs_list if p is not None], prefix)
    if prefix and not ids:
        raise NbteachError(f"--exercises {prefix!r} matches no exercise of this assignment.")
    # checked after the arguments and the notebooks, so that a mistake there is named first
    if sandbox is True and not _sandbox.available():
        raise NbteachError("bubblewrap (bwrap) cannot run here, so submissions cannot be sealed: install it "
                           "(sudo apt install bubblewrap), or pass --no-sandbox to grade unsealed (the grade "
                           "file then says 'not sealed' on every row).")
    notes = _check_fingerprints(hw, secret, jobs_list) if secret is not None else {}
    config = GradeConfig(sealed=_sandbox.available() if sandbox is None else bool(sandbox), memory=memory)
    _preload([i for i in ids if not _is_graded(i)])
    folder = Path(feedback) if feedback else (Path(out).parent / "feedback" if out is not None else None)
    table = _full_table(out, format)
    previous = _read_previous(table, ids, folder) if resume and table is not None else {}
    results = [None] * len(jobs_list)
    todo = []
    for k, (label, path, sid) in enumerate(jobs_list):
        if label in previous:
            results[k] = previous[label]
        elif path is None:
            results[k] = Submission(Path(label), timeout=timeout, run="missing", label=label)
        else:
            todo.append(k)
        if results[k] is not None:
            results[k].student_name = names.get(sid, "")
    extra_rows = [Submission(Path(label), timeout=timeout, run=run, detail=why, label=label)
                  for label, run, why in extra]
    lock = threading.Lock()
    done = 0
    started = time.monotonic()
    first = "student" if roster is not None or hw is not None else "submission"

    def flush():
        if out is not None:
            rows = [r for r in results if r is not None] + extra_rows
            write_csv(rows, ids, table, first=first, names=roster is not None)
            if format != "csv":
                write_grades(rows, ids, out, format, hw.name if hw is not None else "grade")

    if folder is not None:   # rows that never ran get their reason now; graded ones as they finish
        write_feedback(extra_rows, ids, folder)
    flush()
    if hasattr(progress, "start"):
        progress.start(len(todo))
    with tempfile.TemporaryDirectory(prefix="nbteach-grade-lib-") as lib, \
            ThreadPoolExecutor(max_workers=jobs) as pool:
        pristine = _package_copy(Path(lib)) / "nbteach"  # as it was when grading began
        futures = {}
        for k in todo:
            label, path, sid = jobs_list[k]
            variant = None
            if hw is not None:
                v = hw.variant(secret, sid) if secret is not None else hw.variant(None, None)
                variant = {"assignment": str(hw.folder), "params": v.params, "student_id": sid}
            futures[pool.submit(grade_notebook, path, timeout, ids, lang, pristine, variant, config)] = k

        def finished(k, s):
            nonlocal done
            s.label = jobs_list[k][0]
            s.student_name = names.get(jobs_list[k][2], "")
            s.note = notes.get(jobs_list[k][2], "")   # for the teacher: the grades, the screen
            with lock:
                done += 1
                if folder is not None:   # the feedback first: a row in the grades has its file
                    write_feedback([s], ids, folder)
                results[k] = s
                flush()
                if progress is not None:
                    eta = (time.monotonic() - started) / done * (len(todo) - done)
                    progress(f"[{done}/{len(todo)}] {s.name}: {s.total(ids)}/{len(ids)} "
                             f"({s.run}, {s.seconds:.1f} s; about {eta:.0f} s left)")

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
                    if results[k] is None and fut.exception() is None:
                        finished(k, fut.result())
            except BaseException:  # noqa: BLE001 - the second Ctrl-C, or a progress callback that raises
                pass
            raise
    return results + extra_rows


def _relative_label(path: Path, paths) -> str:
    for root in map(Path, paths):
        try:
            return path.relative_to(root).as_posix()
        except ValueError:
            continue
    return path.name


def _full_table(out, format):
    """Where the full table (every column) goes: ``out`` itself for csv, else ``<out>.full.csv``."""
    if out is None:
        return None
    out = Path(out)
    return out if format == "csv" else out.with_name(out.stem + ".full.csv")


def _match_roster(paths, students, hw):
    """``([(student id, notebook or None, id)], [(label, run, reason)])``: each roster id with its
    submission, and every other file with why it got no grade.

    A file is a student's when, below the submissions folder, its first folder or (at the
    top) its name without ``.ipynb`` is the roster id (case ignored), or failing that holds it
    as a ``_``-separated part: ``s003_hw01_bayes.ipynb`` (Canvas's ``<id>_<file>``),
    ``doe_jane_12345_67890_hw01.ipynb`` (Canvas's ``name_<user id>_<submission id>_<file>``
    when the roster's ids are those user ids), ``Jane Doe_12345_assignsubmission_file_/hw01.ipynb``
    (Moodle's folders, ditto). A name that holds two roster ids is listed as ambiguous, never
    guessed. A link or a file that is not regular is refused (never read).
    """

    if len(paths) != 1 or not Path(paths[0]).is_dir():
        raise NbteachError("with --roster give one folder of submissions (submissions/<id>/<notebook>).")
    root = Path(paths[0])
    by_id = {sid.lower(): sid for sid, _ in students}
    found: dict = {}
    extra = []
    for f, why in _walk(root):
        rel = f.relative_to(root)
        label = rel.as_posix()
        if f.name.startswith(".nbteach-attempts"):
            continue
        if why is not None:   # a linked folder is labelled as one (stat: its type, never its bytes)
            extra.append((label + ("/" if os.path.isdir(f) else ""), "refused", why))
            continue
        if not f.name.lower().endswith(".ipynb"):
            extra.append((label, "not a notebook", ""))
            continue
        key = rel.parts[0] if len(rel.parts) > 1 else f.name[: -len(".ipynb")]
        if key.lower() in by_id:
            sids = [by_id[key.lower()]]
        else:
            padded = "_" + key.lower() + "_"
            sids = sorted(sid for low, sid in by_id.items() if "_" + low + "_" in padded)
        if not sids:
            extra.append((label, "no roster id", ""))
            continue
        if len(sids) > 1:
            extra.append((label, "ambiguous", "its name holds the roster ids " + ", ".join(sids)))
            continue
        sid = sids[0]
        if sid in found:
            keep = found[sid] if found[sid].name == hw.notebook else f
            other = f if keep is found[sid] else found[sid]
            found[sid] = keep
            extra.append((other.relative_to(root).as_posix(), "second notebook", "of " + sid))
            continue
        found[sid] = f
    return [(sid, found.get(sid), sid) for sid, _ in students], extra


def _released_metadata(path) -> dict:
    """``metadata.nbteach`` of a submitted notebook (``{}`` if unreadable), read without following links."""
    try:
        nb = json.loads(_read_no_follow(Path(path)).decode("utf-8"))
        meta = nb.get("metadata", {}).get("nbteach", {})
        return meta if isinstance(meta, dict) else {}
    except Exception:  # noqa: BLE001 - unreadable: graded (and reported) as such
        return {}


def _check_fingerprints(hw, secret, jobs_list) -> dict:
    """Compare each released notebook's fingerprint with (secret, assignment, roster id).

    Raises NbteachError on a teacher's slip, which would grade everyone wrongly and silently:
    a notebook whose fingerprint is right for another assignment (``--assignment``), for
    the same id spelled in another case or for an id the roster no longer has (the roster
    was edited), or (all of them) for no assignment and id at all (another secret). A single notebook whose fingerprint is
    missing or belongs to another student of the roster is graded as the roster says;
    returns ``{id: note}`` for those rows.
    """


    roster = {sid for _, path, sid in jobs_list}
    checked, unexplained, notes = 0, [], {}
    recased, other_hw = [], {}
    for _, path, sid in jobs_list:
        if path is None:
            continue
        meta = _released_metadata(path)
        fp = meta.get("fingerprint")
        if not isinstance(fp, str) or not fp:
            notes[sid] = "the notebook carries no release fingerprint"
            continue
        checked += 1
        if hmac.compare_digest(fp, fingerprint(secret, hw.name, sid)):
            continue
        claimed = str(meta.get("student", ""))[:200]
        claimed_hw = str(meta.get("assignment", ""))[:200]
        if claimed_hw and claimed_hw != hw.name and any(
                hmac.compare_digest(fp, fingerprint(secret, claimed_hw, who)) for who in (sid, claimed) if who):
            other_hw.setdefault(claimed_hw, []).append(sid)
        elif claimed and claimed != sid and (claimed.lower() == sid.lower() or claimed not in roster) \
                and hmac.compare_digest(fp, fingerprint(secret, hw.name, claimed)):
            recased.append((sid, claimed))   # released to an id the roster no longer has
        elif claimed in roster and claimed != sid and hmac.compare_digest(fp, fingerprint(secret, hw.name, claimed)):
            notes[sid] = f"this notebook was released to {claimed}, not to {sid}"
        else:
            unexplained.append(sid)
    if other_hw:
        (name, who), = list(other_hw.items())[:1]
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
    return notes


def _read_previous(table, ids, folder=None) -> dict:
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
                if row["run"] in _UNGRADED:
                    continue   # found again by this run's matching
                if folder is not None and not (Path(folder) / _feedback_name(label)).is_file():
                    continue
                run = _unescape(row["run"])
                s = Submission(Path(label), run=run.removesuffix(" (not sealed)"), label=label,
                               sealed=False if run.endswith(" (not sealed)") else None)
                s.results = {i: (row[i] == "1", "(graded in an earlier run)") for i in ids}
                s.attempts = {i: int(row[f"{i}.attempts"]) for i in ids
                              if str(row.get(f"{i}.attempts") or "").isdigit()}
                s.resumed = True
                prev[label] = s
    except (OSError, ValueError):
        return {}
    return prev


_FORMULA = ("=", "+", "-", "@", "\t", "\r")


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


def write_csv(results, ids, out, first: str = "student", names: bool = False) -> None:
    """Write the full grade table atomically: a row per submission, [``name``,] ``<id>``,
    ``<id>.attempts`` (as recorded in the submitted notebook, which the student can edit;
    empty if it records none or nothing believable), ``total``, ``max``, ``run``."""
    rows = [[first, *(["name"] if names else []), *[c for i in ids for c in (i, f"{i}.attempts")],
             "total", "max", "run"]]
    for s in results:
        cells = []
        for i in ids:
            n = s.attempts.get(i)
            cells += [int(s.results.get(i, (False,))[0]), n if isinstance(n, int) else ""]
        run = s.run + (f" ({s.note})" if s.note else "") + (" (not sealed)" if s.sealed is False else "")
        rows.append([_escape(s.name), *([_escape(s.student_name)] if names else []), *cells,
                     s.total(ids), len(ids), _escape(run)])
    _atomic_rows(out, rows)


def write_grades(results, ids, out, format: str, assignment: str = "grade") -> None:
    """The grades in a gradebook's format (rows that are no roster student are left out):

    * ``gradebook``: ``id, name, total, max``;
    * ``canvas``: Canvas's grade import columns ``Student, ID, SIS User ID, SIS Login ID,
      Section, <assignment>`` (Canvas matches a row by one of Student, ID or SIS User ID: the
      roster id goes in SIS User ID, the roster name in Student; the others are left empty; a
      column named as an existing Canvas assignment, ``hw01 (12345)``, updates it, any other
      name makes a new assignment), and under the header Canvas's ``    Points Possible``
      row holding the maximum, which a new assignment takes as its points;
    * ``moodle``: ``ID number, Full name, <assignment>``: in Moodle's *Import > CSV file*, map
      "ID number" to the user field *ID number* (or *username*, if the roster ids are those)
      and ``<assignment>`` to the grade item.
    """
    keep = [s for s in results if s.run not in _UNGRADED]
    if format == "gradebook":
        rows = [["id", "name", "total", "max"]]
        rows += [[_escape(s.name), _escape(s.student_name), s.total(ids), len(ids)] for s in keep]
    elif format == "canvas":
        rows = [["Student", "ID", "SIS User ID", "SIS Login ID", "Section", assignment],
                ["    Points Possible", "", "", "", "", len(ids)]]
        rows += [[_escape(s.student_name or s.name), "", _escape(s.name), "", "", s.total(ids)] for s in keep]
    elif format == "moodle":
        rows = [["ID number", "Full name", assignment]]
        rows += [[_escape(s.name), _escape(s.student_name), s.total(ids)] for s in keep]
    else:
        raise ValueError(format)
    _atomic_rows(out, rows)


def _feedback_name(name: str, unique: bool = False) -> str:
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
                 tr({"en": "Score: {t} / {n}", "zh": "得分：{t} / {n}"}, lang=s.lang, t=s.total(ids), n=len(ids)),
                 tr({"en": "Run: {run}", "zh": "运行：{run}"}, lang=s.lang,
                    run=tr(_RUN_TEXT.get(s.run, {"en": s.run, "zh": s.run}), lang=s.lang, timeout=_timeout_of(s)))
                 + (f" ({s.detail})" if s.detail and s.run != "ok" else ""), ""]
        for i in ids:
            passed, message = s.results.get(i, (False, ""))
            mark = tr({"en": "passed", "zh": "通过"} if passed else {"en": "failed", "zh": "未通过"}, lang=s.lang)
            lines += [f"{i}: {mark}", f"    {message}".replace("\n", "\n    "), ""]
        path = folder / _feedback_name(s.name, unique=s.run in _UNGRADED)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text("\n".join(lines), encoding="utf-8")
        os.replace(tmp, path)


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
    p.add_argument("--lang", default="en", help="feedback language unless a student chose one: en or zh")
    p.add_argument("--no-sandbox", action="store_true",
                   help="run submissions unsealed (no bubblewrap); every row then says 'not sealed'")
    p.add_argument("--memory", type=float, default=2.0, help="GiB of memory per sealed process (default 2)")
    p.add_argument("--format", default="csv", choices=FORMATS,
                   help="csv: every column (default); gradebook: id, name, total, max; canvas, moodle: their "
                        "grade import files (the full table is then kept beside it as <name>.full.csv)")
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
        if self.bar is None:
            print(line, file=self.stream, flush=True)
            return
        self.bar.set_postfix_str(line.split("] ", 1)[-1].split(";")[0][:60])
        self.bar.update(1)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _summary(results) -> list:
    """The lines the teacher reads at the end: who handed nothing in, which files got no grade."""
    lines = []
    missing = [s.name for s in results if s.run == "missing"]
    if missing:
        lines.append(f"missing ({len(missing)}): " + ", ".join(missing))
    for s in results:
        if s.run in _UNGRADED:
            lines.append(f"not graded: {s.name}: {s.run}" + (f" ({s.detail})" if s.detail else ""))
    for s in results:
        if s.note:
            lines.append(f"check: {s.name}: {s.note}")
    return lines


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
                        format=args.format)
    except NbteachError as exc:
        progress.close()
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        progress.close()
        print("interrupted: the grades and feedback of the students graded so far are written; "
              "run the same command with --resume to grade the others.", file=sys.stderr)
        return 130
    progress.close()
    for line in _summary(results):
        print(line, file=sys.stderr)
    print(f"graded {len(results)} rows -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
