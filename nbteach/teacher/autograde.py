"""Autograding one submission: run its notebook sealed, then judge what it recorded.

The middle stage of grading (``nbteach.teacher.collect`` finds the submissions,
``nbteach.teacher.gradebook`` writes what this decides). How a grade is decided, so that
nothing in a submission can fake a pass or run in the grader's process:

1. The notebook runs top to bottom in a fresh kernel (``nbclient``), in a sandbox of its own
   (:func:`run_notebook`). Every ``exercise(id).check(answer)`` appends the *answer*, never a
   verdict, to a record file in the sandbox's tmpfs. Its runner hands the record back as it grows
   and, at the end, how the run ended, in frames on a file descriptor the kernel never had (the
   runner is not dumpable, so its descriptors cannot be reached through ``/proc`` either): a
   notebook killed at its time limit keeps what it checked before. Whatever the student's code
   writes anywhere else is lost.
2. The grader reads the record as typed data (``nbteach.teacher.wire``); it never decodes an
   answer. A function answer runs, still serialised, in a sandbox of its own on the
   exercise's inputs (``nbteach.teacher.runner.run_function``), the library names that
   would do it for the student switched off; its reply is passed on unread.
3. One sealed judge per submission (``python -m nbteach.teacher.judge``) reads the answers
   and the functions' outputs by the closed grammar of ``nbteach.check.serial`` and replies,
   per answer, with its canonical forms (never seeing the accepted ones), or for a lesson's
   public exercise with the lesson's own verdict.
4. The grader decides: it compares the forms with the reference's and the diagnosed
   mistakes', which it computed itself from the variant (``Exercise.forms_view``), by the
   same rules a notebook's check uses (``nbteach.check.compare.verdict_on_summary``,
   ``nbteach.check.functions.function_verdict``). A reply without the shape it expects is no
   verdict, and no pass.

Steps 1 to 3 are the runner's side (:func:`run_sheet`: given plain data, :meth:`Job.sheet`, with
no secret, no reference and no mistake in it), step 4 and what comes before the run (reading the
file, rebuilding the student's exercises: :func:`prepare`) the teacher's: so the runner's side can
run on a cluster's worker (``nbteach.teacher.cluster``), and a submission graded here or there goes
through the same functions.
"""
from __future__ import annotations

import compileall
import copy
import ctypes
import hashlib
import json
import os
import py_compile
import random
import shutil
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import nbteach

from nbteach.check.compare import reference_forms, verdict_on_summary
from nbteach.check.functions import SHORTCUT, function_verdict, make_inputs
from nbteach.check.messages import phrase, sep
from nbteach.check.serial import TOO_LARGE, encode
from nbteach.i18n import get_language, set_language
from nbteach.teacher import collect, gradebook, runner, wire
from nbteach.teacher.homework import load
from nbteach.teacher.submission import GradeConfig, Submission

__all__ = ["Verdict", "run_notebook", "judge_answers", "seed_for", "grade_notebook", "package_copy", "Job", "prepare",
           "run_sheet", "ask_for", "asks_for", "judge_records", "decide_replies"]

#: The message language is process-wide: verdicts are worded one at a time.
_LANGUAGE_LOCK = threading.Lock()
_NO_VERDICT = {"en": "the answer could not be judged (the judge gave no verdict)",
               "zh": "无法判定这个答案（判定程序没有给出结论）"}


class Verdict(tuple):
    """The grade of one recorded answer, read as ``(passed, message)``, with its ``status``
    (correct, incorrect, not attempted), the diagnosed ``mistake``'s name (or None) and, once
    the grader has weighed it, the points it ``earned`` (None until then)."""

    def __new__(cls, status: str, message: str, mistake: str | None = None):
        self = super().__new__(cls, (status == "correct", message))
        self.status, self.mistake, self.earned = status, mistake, None
        return self

    def weighed(self, ex) -> "Verdict":
        """This verdict with the points it earns on ``ex``: all of them when correct, a diagnosed
        mistake's share (``Mistake.credit``), else none."""
        points = getattr(ex, "points", 1)
        credit = next((getattr(m, "credit", 0.0) for m in ex.mistakes if m.name == self.mistake), 0.0) \
            if self.mistake else 0.0
        self.earned = points if self.passed else points * credit
        return self

    @property
    def passed(self) -> bool:
        return self[0]

    @property
    def message(self) -> str:
        return self[1]


# ---------------------------------------------------------------- running the notebook
def _not_dumpable() -> None:
    """PR_SET_DUMPABLE 0: no process of the same uid may ptrace this one or open its
    ``/proc/<pid>/fd``, ``mem`` or ``environ`` (Linux; elsewhere nothing happens)."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(4, 0, 0, 0, 0)   # PR_SET_DUMPABLE = 4
    except Exception:  # noqa: BLE001 - not Linux
        pass


def _frame(fd: int, kind: bytes, data: bytes) -> None:
    """One frame of the runner's report: a kind byte, the length (4 bytes, big-endian), the bytes."""
    data = kind + len(data).to_bytes(4, "big") + data
    while data:
        data = data[os.write(fd, data):]


def frames(data: bytes) -> list:
    """``[(kind, bytes)]`` of a runner's report; a frame cut short (the runner was killed) ends it."""
    out, at = [], 0
    while at + 5 <= len(data):
        kind, size = data[at:at + 1], int.from_bytes(data[at + 1:at + 5], "big")
        if at + 5 + size > len(data):
            break
        out.append((kind, data[at + 5:at + 5 + size]))
        at += 5 + size
    return out


def _forward(path: str, fd: int, done: threading.Event) -> None:
    """Copy what the kernel appends to the answer record into the report as it comes (so a runner
    killed at the time limit has handed back what was checked before), until ``done``."""
    offset = 0
    while offset < wire.MAX_RECORD:
        try:
            with open(path, "rb") as fh:
                fh.seek(offset)
                chunk = fh.read(min(1 << 20, wire.MAX_RECORD - offset))
        except OSError:
            chunk = b""
        if chunk:
            _frame(fd, b"R", chunk)
            offset += len(chunk)
        elif done.is_set():
            return
        else:
            time.sleep(0.1)


def _run_notebook(nb_path: str, timeout: float) -> None:
    """The notebook's runner (in the sandbox): run the notebook; meanwhile hand back the answer
    record as the kernel appends it, and at the end how the run ended, in frames (:func:`frames`)
    on a duplicate of stdout that no other process holds."""
    report = os.dup(1)                       # non-inheritable: the kernel never gets it
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)                        # the kernel's stdout and stderr go nowhere
    os.dup2(quiet, 2)
    _not_dumpable()
    done = threading.Event()
    forwarder = threading.Thread(target=_forward, args=(os.environ["NBTEACH_RECORD"], report, done), daemon=True)
    forwarder.start()
    # nbformat imports jsonschema, which imports an optional IRI-syntax checker that takes
    # over a second to load and that notebook validation never uses; jsonschema skips it
    # when it cannot be imported. This is a third of the grader's CPU time per submission.
    sys.modules.setdefault("rfc3987_syntax", None)
    result = {"status": "ok", "detail": ""}
    try:
        import nbformat  # heavy, optional: only when a notebook is run
        from nbclient import NotebookClient  # heavy, optional: only when a notebook is run
        from nbclient.exceptions import CellExecutionError, DeadKernelError  # heavy, optional: only when a notebook is run

        try:
            nb = nbformat.read(nb_path, as_version=4)
        except Exception as exc:  # noqa: BLE001
            result = {"status": "unreadable", "detail": f"{type(exc).__name__}: {exc}"[:300]}
        else:
            # a cell that raises does not stop the run: the exercises after it may not depend on
            # it; the kernel is killed once the last cell has run (shutdown_kernel="immediate"):
            # nothing of the student's runs after the notebook, and the runner kills the rest
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
    except Exception as exc:  # noqa: BLE001 - the runner itself failed
        result = {"status": "dead kernel", "detail": f"{type(exc).__name__}: {exc}"[:300]}
    done.set()
    forwarder.join()
    _frame(report, b"S", json.dumps(result).encode("utf-8"))


@dataclass
class Run:
    """How a notebook's run ended (observed by the grader, or reported by its runner and read
    by :func:`nbteach.teacher.wire.run_status`) and what it recorded."""

    status: str
    detail: str
    record: bytes
    seconds: float
    sealed: bool
    peak_memory: int | None = None


def run_notebook(content: bytes, timeout: float, lang: str, package, seal: runner.Seal) -> Run:
    """Run a notebook (its bytes) top to bottom, sealed or not (``package``: the nbteach its
    kernel imports); see the module docstring."""
    start = time.monotonic()
    command = [sys.executable, "-c",
               "import sys; from nbteach.teacher.autograde import _run_notebook; "
               "_run_notebook(sys.argv[1], float(sys.argv[2]))", "{dir}/submission.ipynb", str(timeout)]
    done = runner.run(command, seal=seal, files={"submission.ipynb": content},
                      env={"NBTEACH_RECORD": "{dir}/record.jsonl", "NBTEACH_LANG": lang},
                      package=package, timeout=timeout + 30, cpu_seconds=int(2 * timeout + 60))
    parts = frames(done.stdout)
    record = b"".join(data for kind, data in parts if kind == b"R")[:wire.MAX_RECORD]
    line = next((data for kind, data in parts if kind == b"S"), b"")
    if done.timed_out:
        status, detail = "timeout", f"killed after {timeout + 30:g} s"
    else:
        status, detail = wire.run_status(line)
        if not line and done.stderr:   # the runner never reported: what the sandbox said as it failed
            detail += ": " + wire.printable(done.stderr.decode("utf-8", errors="replace")[-300:], 300)
    return Run(status, detail, record, time.monotonic() - start, seal.on, done.peak_memory)


# ---------------------------------------------------------------- judging the answers
def seed_for(content: bytes, ex_id: str) -> int:
    """Inputs for a function answer: random, but the same on every re-grade of the same file."""
    return int.from_bytes(hashlib.sha256(ex_id.encode() + b"\0" + content).digest()[:8], "big")


def _function_payload(answer) -> tuple | None:
    """``(name, payload)`` if the encoded answer is a serialised function (read as typed data)."""
    if isinstance(answer, dict) and answer.get("t") == "function" and isinstance(answer.get("v"), str):
        return wire.printable(answer.get("name", "f"), 100) or "f", answer["v"]
    return None


class _Plan:
    """One answer on its way: the request for the judge and how its reply is decided."""

    def __init__(self, request, decide):
        self.request, self.decide = request, decide


# Judging splits where the grader's process and the sandboxes meet, so that the sandboxes' side can
# run on another machine (``nbteach.teacher.cluster``) with nothing of the teacher's but data:
# :func:`ask_for` (the teacher's side: what the sandboxes are asked about an exercise's answers, data
# only: the answer's type, a function's inputs, time budget and switched-off names; no reference, no
# mistake), :func:`judge_records` (the runner's side: a function answer run on its inputs, then the
# judge on every answer; it hands back the replies unread) and :func:`decide_replies` (the teacher's
# side again: the verdicts, by the references and mistakes only the teacher's side holds). Graded
# here, the three run in one process; on a cluster the middle one runs on a worker.
class _Unasked(Exception):
    """An exercise the teacher's side could not prepare (its exception's name travels, not the exception)."""

    def __init__(self, name: str):
        super().__init__(name)
        self.name = name


def ask_for(ex, seed: int) -> dict:
    """What the sandboxes are asked about answers to ``ex`` (``seed``: its function inputs'): data only."""
    graded = ex.visibility == "graded"
    ask = {"id": ex.id, "graded": graded, "function": ex.kind == "function"}
    if graded:
        ask["spec"] = ex.forms_view()["spec"] if ex.kind != "function" else ex.spec
    if ex.kind == "function":
        inputs = _inputs(ex, seed, graded)
        ask.update(inputs=encode([[list(a), dict(k)] for a, k in inputs]), calls=len(inputs),
                   budget=ex.time_budget, forbidden=[str(n) for n in getattr(ex, "forbidden", ())])
    return ask


def _asker(exercise_of, content: bytes):
    """The ask about each id's answers (:func:`ask_for`), as a function of the id: ``exercise_of(id)``
    the exercise as the teacher holds it, ``content`` the submission's bytes (the inputs' seed)."""
    def ask(ex_id):
        return ask_for(exercise_of(ex_id), seed_for(content, ex_id))

    return ask


def asks_for(ids, exercise_of, content: bytes) -> dict:
    """``{id: ask}`` for every id in ``ids`` (``{"error": name}`` for one the teacher's side cannot prepare)."""
    ask, out = _asker(exercise_of, content), {}
    for ex_id in ids:
        try:
            out[ex_id] = ask(ex_id)
        except Exception as exc:  # noqa: BLE001 - the teacher's side failed: no verdict, never a pass
            out[ex_id] = {"error": type(exc).__name__}
    return out


def _ask_of(asks):
    """``asks`` (a dict of :func:`asks_for`, or a function of the id) as a function of the id."""
    if callable(asks):
        return asks

    def find(ex_id):
        ask = asks.get(ex_id)
        if not isinstance(ask, dict) or "error" in ask:
            raise _Unasked(str(ask.get("error", "")) if isinstance(ask, dict) else "KeyError")
        return ask

    return find


def _request(ask: dict, answer, lang: str, seal: runner.Seal):
    """The judge's request about one recorded answer (a function answer is run on its inputs
    first, in a sandbox of its own), or ``"timeout"`` when that function outlived its budget."""
    function = _function_payload(answer)
    if ask["function"] and function is not None:
        name, payload = function
        reply = runner.run_function_on(payload, ask["inputs"], ask["budget"], seal, ask["forbidden"])
        if reply == "timeout":
            return "timeout"
        text = reply.decode("utf-8", errors="replace")
        if ask["graded"]:
            return {"op": "outcomes", "spec": ask["spec"], "reply": text, "calls": ask["calls"], "lang": lang}
        return {"op": "lesson", "exercise_id": ask["id"], "reply": text, "name": name, "lang": lang,
                "inputs": ask["inputs"]}
    if not ask["graded"]:
        return {"op": "lesson", "exercise_id": ask["id"], "answer": answer, "lang": lang}
    return {"op": "summary", "spec": ask["spec"], "answer": answer, "lang": lang}


def judge_records(records: dict, ids, asks, seal: runner.Seal) -> dict:
    """The runner's side of judging: every recorded answer of ``ids`` put to the sandboxes.

    ``asks``: :func:`asks_for`'s dict, or a function of the id giving one ask. Returns data only:
    ``{"failed": {id: exception name}, "timeouts": [id], "asked": [id], "judge": bytes,
    "judge_timed_out": bool}``, the judge's stdout unread (:func:`decide_replies` reads it).
    """
    ask_of = _ask_of(asks)
    failed, timeouts, asked, requests = {}, [], [], []
    for ex_id in ids:
        if ex_id not in records:
            continue
        answer, answer_lang = records[ex_id]
        try:
            request = _request(ask_of(ex_id), answer, answer_lang, seal)
        except Exception as exc:  # noqa: BLE001 - the teacher's side failed: no verdict, never a pass
            failed[ex_id] = exc.name if isinstance(exc, _Unasked) else type(exc).__name__
            continue
        if request == "timeout":
            timeouts.append(ex_id)
        else:
            asked.append(ex_id)
            requests.append(request)
    out = {"failed": failed, "timeouts": timeouts, "asked": asked, "judge": b"", "judge_timed_out": False}
    if requests:
        data = "".join(json.dumps(r) + "\n" for r in requests).encode("utf-8")
        done = runner.run([sys.executable, "-m", "nbteach.teacher.judge"], seal=seal, stdin=data,
                          timeout=60 + 30 * len(requests))
        out["judge"], out["judge_timed_out"] = done.stdout, done.timed_out
    return out


def _decider(ex, answer, seed: int):
    """How the judge's reply about ``answer`` is decided (the teacher's side: it holds the references)."""
    graded = ex.visibility == "graded"
    function = _function_payload(answer)
    if ex.kind == "function" and function is not None:
        if graded:
            name, inputs = function[0], _inputs(ex, seed, graded)
            return lambda r: _decide_function(ex, name, inputs, r)
        return lambda r: _decide_lesson(ex, r)
    if not graded:
        return lambda r: _decide_lesson(ex, r)
    view = ex.forms_view() if ex.kind != "function" else {"spec": ex.spec}
    return lambda r: _decide_value(ex, view, r)


def _timed_out(ex, answer, lang) -> Verdict:
    name = (_function_payload(answer) or ("f",))[0]
    return Verdict("incorrect", _worded(lang, "timeout", seconds=ex.time_budget, call=name))


def decide_replies(records: dict, ids, exercise_of, content: bytes, replies: dict) -> dict:
    """``{exercise id: Verdict}`` from :func:`judge_records`'s ``replies`` (the teacher's side)."""
    out = {}
    asked = replies["asked"]
    read = [] if replies["judge_timed_out"] else wire.json_lines(replies["judge"], runner.READ_LIMIT, len(asked))
    reply_of = dict(zip(asked, read))
    for ex_id in ids:
        if ex_id not in records:
            continue
        answer, answer_lang = records[ex_id]
        no_verdict = _NO_VERDICT["zh" if answer_lang == "zh" else "en"]
        if ex_id in replies["failed"]:
            out[ex_id] = Verdict("incorrect", no_verdict + f" ({wire.printable(replies['failed'][ex_id], 80)})")
            continue
        try:
            ex = exercise_of(ex_id)
            if ex_id in replies["timeouts"]:
                out[ex_id] = _timed_out(ex, answer, answer_lang)
                continue
            decide = _decider(ex, answer, seed_for(content, ex_id))
        except Exception as exc:  # noqa: BLE001 - the teacher's side failed: no verdict, never a pass
            out[ex_id] = Verdict("incorrect", no_verdict + f" ({type(exc).__name__})")
            continue
        verdict, reply = None, reply_of.get(ex_id)
        if reply is not None:
            with _LANGUAGE_LOCK:
                before = get_language()
                set_language(answer_lang)
                try:
                    verdict = decide(reply)
                except Exception:  # noqa: BLE001 - a reply of the wrong shape: no verdict
                    verdict = None
                finally:
                    set_language(before)
        out[ex_id] = verdict or Verdict("incorrect", no_verdict)
    return out


def judge_answers(records: dict, ids, exercise_of, content: bytes, seal: runner.Seal, lang: str) -> dict:
    """``{exercise id: Verdict}`` for every id in ``ids`` that ``records`` holds.

    ``exercise_of(id)``: the exercise as the teacher holds it (a homework variant's, or a
    lesson's); ``content``: the submission's bytes (the seed of a function's hidden inputs).
    The three steps above, in this process.
    """
    replies = judge_records(records, ids, _asker(exercise_of, content), seal)
    return decide_replies(records, ids, exercise_of, content, replies)


def _worded(lang, key, **fields) -> str:
    with _LANGUAGE_LOCK:
        before = get_language()
        set_language(lang)
        try:
            return phrase("incorrect") + sep() + phrase(key, **fields)
        finally:
            set_language(before)


def _plan(ex, answer, lang, seed, seal):
    """What the judge is asked of one answer, and how its reply is decided (or a Verdict at once)."""
    request = _request(ask_for(ex, seed), answer, lang, seal)
    if request == "timeout":
        return _timed_out(ex, answer, lang)
    return _Plan(request, _decider(ex, answer, seed))


def _inputs(ex, seed, graded) -> list:
    if not graded:
        return make_inputs(ex, seed)
    inputs = [(tuple(a), dict(k)) for a, k in ex.public]
    if ex.hidden is not None:
        inputs += [(tuple(a), dict(k)) for a, k in ex.hidden(random.Random(seed))]
    return inputs


def _decide_value(ex, view, reply) -> Verdict | None:
    if reply.get("timeout"):
        return Verdict("incorrect", phrase("incorrect") + sep() + phrase("judge_timeout"))
    read = wire.summary(reply)
    if read is None:
        return None
    if read["blank"]:
        return Verdict("not attempted", phrase("not attempted"))
    if read["summary"] is None or ex.kind == "function":
        return Verdict("incorrect", phrase("incorrect") + sep() + _unsupported(read["type"]))
    mistakes = [(m["name"], m["hint"], set(m["digests"])) for m in view["mistakes"]]
    status, message, mistake = verdict_on_summary(view["spec"], read["summary"], set, set(view["accepted"]),
                                                  set(view["rounded"]), mistakes, bool(ex.hints))
    return Verdict(status, message, mistake)


def _unsupported(type_name: str) -> str:
    """What an answer of a type that cannot be checked is told (one too large, by its own message)."""
    return phrase("too_large") if type_name == TOO_LARGE else phrase("unsupported", got=type_name)


def _call(func, args, kwargs):
    return func(*copy.deepcopy(args), **copy.deepcopy(kwargs))


def _forms_of(func, inputs, spec) -> list:
    """Per input, the forms of what ``func`` returns there (None where it returns None)."""
    out = []
    for a, k in inputs:
        value = _call(func, a, k)
        out.append(None if value is None else set(reference_forms(value, spec)))
    return out


def _offered_forms(func, inputs, spec) -> list:
    """Per input, the forms of what a mistake ``func`` returns there; None where it is not offered
    (it raises: it would give the answer's output there, or cannot run on that input), as the
    released check, which ships no digest of it there."""
    out = []
    for a, k in inputs:
        try:
            value = _call(func, a, k)
            out.append(set(reference_forms(value, spec)) if value is not None else set())
        except Exception:  # noqa: BLE001 - not offered on this input
            out.append(None)
    return out


def _decide_function(ex, name, inputs, reply) -> Verdict | None:
    if reply.get("timeout"):
        return Verdict("incorrect", phrase("incorrect") + sep() + phrase("judge_timeout"))
    raw = reply.get("outcomes")
    if raw is None:
        return Verdict("incorrect", phrase("incorrect") + sep() + phrase("unsupported", got="function"))
    if not isinstance(raw, list):
        return None
    outcomes = [wire.outcome(o) for o in raw[:len(inputs)]]
    if any(o is None for o in outcomes):
        return None
    want = _forms_of(ex.answer, inputs, ex.spec)
    mistakes = []
    for m_name, func, hint in ex.mistakes:
        wrong = _offered_forms(func, inputs, ex.spec)
        mistakes.append((m_name, hint, lambda i, o, w=wrong: None if w[i] is None else bool(o.forms & w[i])))
    status, message, mistake = function_verdict(
        name, inputs, outcomes, budget=ex.time_budget,
        right=lambda i, o: want[i] is not None and bool(o.forms & want[i]),
        mistakes=mistakes, returns_none=lambda i: want[i] is None)
    return Verdict(status, message, mistake)


def _decide_lesson(ex, reply) -> Verdict | None:
    if reply.get("timeout"):
        return Verdict("incorrect", phrase("incorrect") + sep() + phrase("judge_timeout"))
    read = wire.lesson_verdict(reply, {m.name for m in ex.mistakes} | {SHORTCUT})
    return Verdict(*read) if read is not None else None


# ---------------------------------------------------------------- one submission
# Grading a submission is three steps, each a function of data: :func:`prepare` (the teacher's side
# reads the file and rebuilds the student's exercises: a :class:`Job`), :func:`run_sheet` (the
# runner's side: the notebook run sealed, its answers put to the sandboxes; given
# :meth:`Job.sheet`, plain data, it runs here or on a cluster's worker) and :meth:`Job.decide`
# (the teacher's side: the verdicts and the row). Graded here or on a cluster, a submission goes
# through the same three functions: the same row.
@dataclass
class Job:
    """One submission as the teacher's side holds it while it is graded (never sent anywhere)."""

    path: Path
    timeout: float
    ids: list | None
    lang: str
    content: bytes
    attempts: dict
    exercise_of: object
    config: GradeConfig

    def sheet(self, every_ask: bool = False) -> dict:
        """What the runner's side gets: the notebook's bytes, its time limit and language, the
        ids to judge and what to ask about each (every one of them computed now if
        ``every_ask``, as a cluster needs; otherwise on the way, for the answers recorded), the
        seal. No secret, no roster id, no reference answer, no mistake."""
        if every_ask and self.ids is not None:
            asks = asks_for(self.ids, self.exercise_of, self.content)
        else:
            asks = _asker(self.exercise_of, self.content)
        return {"content": self.content, "timeout": self.timeout, "lang": self.lang, "ids": self.ids,
                "asks": asks, "sealed": self.config.sealed, "memory": self.config.memory}

    def decide(self, reply: dict) -> Submission:
        """The row of this submission from :func:`run_sheet`'s ``reply``."""
        run = reply["run"]
        sub = Submission(self.path, timeout=self.timeout, label=wire.printable(self.path.name, 300))
        sub.attempts = self.attempts
        sub.run, sub.detail, sub.seconds, sub.sealed = run["status"], run["detail"], run["seconds"], self.config.sealed
        records = wire.records(run["record"])
        ids = list(self.ids) if self.ids is not None else sorted(records)
        langs = [answer_lang for _, answer_lang in records.values()]
        sub.lang = langs[-1] if langs else self.lang
        verdicts = decide_replies(records, ids, self.exercise_of, self.content, reply)
        for ex_id in ids:
            verdict = verdicts.get(ex_id) or Verdict("no answer", gradebook.not_reached(sub.lang, sub.run, self.timeout))
            try:
                sub.results[ex_id] = verdict.weighed(self.exercise_of(ex_id))
            except Exception:  # noqa: BLE001 - an exercise the teacher's side cannot find earns nothing
                verdict.earned = 0
                sub.results[ex_id] = verdict
        return sub


def prepare(path, timeout: float = 120.0, expected_ids=None, lang=None, variant=None, config=None) -> Job:
    """The teacher's side of one submission before it runs (:func:`grade_notebook`'s arguments)."""
    config = config or GradeConfig()
    path = Path(path)
    notebook = collect.read_notebook(path)
    recorded = notebook.metadata.get("lang")
    lang = lang or (recorded if recorded in ("en", "zh") else "en")
    try:
        content = collect.read_no_follow(path)
    except OSError:
        content = b""
    return Job(path, timeout, list(expected_ids) if expected_ids is not None else None, lang, content,
               notebook.attempts, _exercise_of(variant), config)


def run_sheet(sheet: dict, package=None, workdir=None) -> dict:
    """The runner's side of one submission: its notebook run (sealed if the sheet says so) and its
    recorded answers put to the sandboxes (:func:`judge_records`). ``package``: the nbteach the
    sandboxes import; ``workdir``: where their folders are made. Returns data only: ``{"run": {how
    the run ended, the answer record's bytes, ...}}`` and :func:`judge_records`'s fields."""
    seal = runner.Seal(bool(sheet["sealed"]), sheet["memory"], workdir)
    with tempfile.TemporaryDirectory(prefix="nbteach-grade-", dir=workdir) as tmp:
        library = package if seal.on else package_copy(Path(tmp), package) / "nbteach"
        run = run_notebook(sheet["content"], sheet["timeout"], sheet["lang"], library, seal)
    records = wire.records(run.record)
    ids = sheet["ids"] if sheet["ids"] is not None else sorted(records)
    reply = judge_records(records, ids, sheet["asks"], seal)
    reply["run"] = {"status": run.status, "detail": run.detail, "record": run.record, "seconds": run.seconds,
                    "sealed": run.sealed, "peak_memory": run.peak_memory}
    return reply


def grade_notebook(path, timeout: float = 120.0, expected_ids=None, lang=None, package=None, variant=None,
                   config=None) -> Submission:
    """Run one notebook in a fresh kernel and judge its recorded answers (``nbteach.teacher.autograde``).

    ``lang``: the kernel's starting language (``NBTEACH_LANG``; None: the language the notebook
    was released in, else English); ``package``: the nbteach its kernel imports (sealed: mounted
    read-only; unsealed: a private copy, so a notebook that edits nbteach's files edits only its
    copy); ``variant``: the homework variant's ``{"assignment", "params", "student_id"}``;
    ``config``: a :class:`GradeConfig` (default: unsealed).
    """
    job = prepare(path, timeout, expected_ids, lang, variant, config)
    return job.decide(run_sheet(job.sheet(), package, job.config.workdir))


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


def package_copy(dest: Path, source: Path | None = None) -> Path:
    """Copy nbteach's sources to ``dest/nbteach``; return ``dest`` (to put first on PYTHONPATH)."""
    source = source or Path(nbteach.__file__).resolve().parent
    shutil.copytree(source, dest / "nbteach", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return dest


def compiled(folder: Path) -> Path:
    """``folder`` with its modules compiled once, as pyc files checked against nothing (the copy
    never changes): every sealed process imports them instead of compiling nbteach again."""
    compileall.compile_dir(folder, quiet=1, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    return folder
