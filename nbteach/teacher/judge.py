"""The sealed judge: reads a student's recorded answers and outputs, and says what they are.

    python -m nbteach.teacher.judge < requests.jsonl > replies.jsonl

One JSON request per line on stdin, one JSON line per request on stdout. The grader
(``nbteach.teacher.autograde``) starts it in a sandbox of its own that holds only the
nbteach package, and writes requests of three kinds:

``{"op": "summary", "spec": {...}, "answer": <encoded>, "lang": "en"}``
    a graded exercise's value answer: the answer is read by the closed grammar of
    ``nbteach.check.serial`` and the reply is its :func:`nbteach.check.compare.summarize`
    (canonical forms, the rounded form, the digits, the shape, what a wrong type is told)
    plus ``blank`` and ``type``. The request holds no accepted answer and no mistake: the
    grader compares the forms with the reference's, which it computed itself, and decides.
``{"op": "outcomes", "spec": {...}, "reply": "<the function sandbox's stdout>", "calls": n, "lang"}``
    a graded function answer's outputs, as the student's function's sandbox wrote them: each
    output's forms, and the errors, timeouts, changed inputs and shortcuts reported (all of it
    the student's own data, read by the grammar, cut to size).
``{"op": "lesson", "exercise_id": "03.x", "answer": <encoded>, "lang"}`` (or, for a function,
``"reply"``, ``"inputs"``, ``"name"``)
    a lesson's exercise, public with its reference: judged here by the lesson's own check
    (equivalence), the reply ``{"status", "message", "mistake"}``, which the grader checks by
    type and against the exercise's own mistakes.

Nothing a student wrote runs here: an answer is data (a function stays serialised; its
outputs come from another sandbox as data), so a reply is computed by nbteach alone.
Each request is judged in a forked child killed after ``NBTEACH_JUDGE_SECONDS`` (default
20 s; the reply is then ``{"timeout": true}``); a request (one line) is read up to 16 MB.

A request in the form a teacher may type by hand, ``{"assignment": "hw01", "params": {...},
"student_id": "alice", "exercise_id": "hw01.lidstone", "answer": <encoded>, "lang": "en",
"seed": 7}``, is prepared from the homework source and decided here, in one process, and
answered ``{"status", "correct", "message"}`` (the grader never sends one).
"""
from __future__ import annotations

import json
import os
import select
import signal
import sys
import time

from nbteach.check.compare import is_placeholder_like, summarize
from nbteach.check.functions import Outcome
from nbteach.check.functions import judge as lesson_function_judge
from nbteach.check.messages import phrase, sep
from nbteach.check.serial import TOO_LARGE, FunctionRef, Unsupported, decode
from nbteach.i18n import set_language

__all__ = ["summary_reply", "outcomes_reply", "lesson_reply", "judge", "main", "MAX_REQUEST", "MAX_REPLY"]

MAX_REQUEST = 16 * 2**20
#: The most bytes of a function sandbox's reply read here.
MAX_REPLY = 16 * 2**20
STATUSES = ("correct", "incorrect", "not attempted", "recorded")


def _lang(request) -> str:
    lang = request.get("lang") if request.get("lang") in ("en", "zh") else "en"
    set_language(lang)
    return lang


def _type_of(answer) -> str:
    if isinstance(answer, Unsupported):
        return answer.type_name
    if isinstance(answer, FunctionRef):
        return "function"
    return type(answer).__name__[:60]


def summary_reply(request: dict) -> dict:
    """The reply to ``{"op": "summary"}`` (see the module docstring)."""
    _lang(request)
    answer = decode(request.get("answer"))
    out = {"blank": is_placeholder_like(answer), "type": _type_of(answer),
           "function": isinstance(answer, FunctionRef) and answer.payload is not None}
    if out["blank"] or isinstance(answer, (Unsupported, FunctionRef)):
        out["summary"] = None
    else:
        out["summary"] = summarize(request["spec"], answer)
    return out


def _outputs(raw, calls):
    """``[(output, fields)]`` from a function sandbox's reply (the student's data, read by the
    grammar; at most ``calls`` of them), or None if it is not a reply at all."""
    if not isinstance(raw, str) or not isinstance(calls, int) or len(raw) > MAX_REPLY:
        return None
    try:
        reply = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    if not isinstance(reply, dict) or not isinstance(reply.get("outcomes"), list):
        return None
    out = []
    for o in reply["outcomes"][:calls]:
        if not isinstance(o, dict):
            return None
        error, mutated, shortcut = o.get("error"), o.get("mutated"), o.get("shortcut")
        out.append((decode(o.get("output")), {
            "error": error[:2000] if isinstance(error, str) and error else None,
            "timed_out": o.get("timed_out") is True,
            "mutated": [m[:40] for m in mutated[:10] if isinstance(m, str)] if isinstance(mutated, list) else [],
            "shortcut": shortcut[:200] if isinstance(shortcut, str) and shortcut else None}))
    return out


def outcomes_reply(request: dict) -> dict:
    """The reply to ``{"op": "outcomes"}``: each output of the student's function read and summarised."""
    _lang(request)
    outputs = _outputs(request.get("reply"), request.get("calls"))
    if outputs is None:
        return {"outcomes": None}
    out = []
    for output, fields in outputs:
        readable = not isinstance(output, (Unsupported, FunctionRef)) and not is_placeholder_like(output)
        forms = summarize(request["spec"], output)["forms"] if readable and not fields["error"] else []
        out.append(dict(fields, blank=is_placeholder_like(output), none=output is None, forms=forms,
                        type=_type_of(output)))
    return {"outcomes": out}


def lesson_reply(request: dict) -> dict:
    """The reply to ``{"op": "lesson"}``: a lesson's exercise judged by its own check."""
    from nbteach.check import exercise  # the lessons' registry: loaded only for a lesson's answer

    _lang(request)
    ex = exercise(str(request.get("exercise_id", "")))
    if ex.kind == "function" and "reply" in request:
        inputs = [(tuple(a), dict(k)) for a, k in decode(request.get("inputs"))]
        outputs = _outputs(request.get("reply"), len(inputs))
        if outputs is None:
            return _verdict("incorrect", phrase("incorrect") + sep() + phrase("unsupported", got="function"), None)
        outcomes = [Outcome(output=output, **fields) for output, fields in outputs]
        status, message, mistake = lesson_function_judge(ex, inputs, outcomes, str(request.get("name", "f"))[:100])
        return _verdict(status, message, mistake)
    answer = decode(request.get("answer"))
    if isinstance(answer, Unsupported):
        why = phrase("too_large") if answer.type_name == TOO_LARGE else phrase("unsupported", got=answer.type_name)
        return _verdict("incorrect", phrase("incorrect") + sep() + why, None)
    if isinstance(answer, FunctionRef):
        return _verdict("incorrect", phrase("incorrect") + sep() + phrase("unsupported", got="function"), None)
    result = ex.check(answer, _record=False)
    return _verdict(result.status, result.message, result.mistake)


def _verdict(status, message, mistake):
    return {"status": status, "message": message, "mistake": mistake}


_OPS = {"summary": summary_reply, "outcomes": outcomes_reply, "lesson": lesson_reply}


# ---------------------------------------------------------------- by hand: the homework source here
def judge(request: dict, seconds: float | None = None) -> dict:
    """The verdict ``{"status", "correct", "message"}`` on a request a teacher typed: the homework's
    exercise prepared from its source, as the grader prepares it (a function answer run in a
    sandbox of its own), the answer read here (within ``seconds``, when given), the verdict
    decided by the grader's own rules (``nbteach.teacher.autograde``)."""
    from nbteach.teacher import autograde, runner, sandbox  # the teacher's side: only for a request typed by hand
    from nbteach.teacher.homework import load  # the homework sources: only for a request typed by hand

    if not isinstance(request, dict):
        return {"status": "error", "correct": False, "message": "the request must be a JSON object"}
    lang = _lang(request)
    try:
        hw = load(str(request.get("assignment", "")))
        ex = hw.variant_from_params(request.get("params"), request.get("student_id")).exercise(
            str(request.get("exercise_id", "")))
        seed = request.get("seed") if type(request.get("seed")) is int else 0
        plan = autograde._plan(ex, request.get("answer"), lang, seed, runner.Seal(on=sandbox.available()))
    except Exception as exc:  # noqa: BLE001 - a bad request is an error, never a pass
        return {"status": "error", "correct": False, "message": f"{type(exc).__name__}: {exc}"[:500]}
    if not isinstance(plan, autograde.Verdict):
        reply = _limited(plan.request, seconds) if seconds else _answer(plan.request)
        _lang(request)
        plan = plan.decide(json.loads(json.dumps(reply))) or autograde.Verdict("incorrect", autograde._NO_VERDICT[lang])
    return {"status": plan.status, "correct": plan.passed, "message": plan.message}


# ---------------------------------------------------------------- the command
def _answer(request) -> dict:
    if isinstance(request, dict) and request.get("op") in _OPS:
        return _OPS[request["op"]](request)
    return {"error": "not a request of the grader (op: summary, outcomes or lesson)"}


def _limited(request, seconds):
    """``_answer(request)`` in a forked child killed after ``seconds`` of wall-clock time (a
    computation in C, a huge sympy power, cannot be interrupted by a signal handler)."""
    if not hasattr(os, "fork"):
        return _answer(request)
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: judge, write the reply, leave at once
        code = 0
        try:
            os.close(read_end)
            try:
                reply = _answer(request)
            except Exception as exc:  # noqa: BLE001 - a bad request is an error, never a pass
                reply = {"error": f"{type(exc).__name__}: {exc}"[:500]}
            data = (json.dumps(reply, ensure_ascii=False) + "\n").encode("utf-8")
            while data:
                data = data[os.write(write_end, data):]
        except BaseException:  # noqa: BLE001
            code = 1
        finally:
            os._exit(code)
    os.close(write_end)
    data, deadline = b"", time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([read_end], [], [], max(deadline - time.monotonic(), 0))
            if not ready:
                break
            chunk = os.read(read_end, 1 << 16)
            if not chunk:
                break
            data += chunk
    finally:
        os.close(read_end)
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
    try:
        reply = json.loads(data.decode("utf-8"))
        if isinstance(reply, dict):
            return reply
    except Exception:  # noqa: BLE001
        pass
    return {"timeout": True}


def main(argv=None) -> int:
    seconds = float(os.environ.get("NBTEACH_JUDGE_SECONDS", "20"))
    try:
        import resource  # Unix only: absent on Windows

        # a C-level computation the alarm cannot interrupt is stopped by the CPU limit
        soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
        limit = int(seconds * 4 + 30)
        if hard == resource.RLIM_INFINITY or hard > limit:
            resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 5))
    except Exception:  # noqa: BLE001
        pass
    try:  # heavy: imported once here, so that every forked child starts with it
        import sympy  # noqa: F401 - heavy and optional: warmed once so every forked child has it
    except Exception:  # noqa: BLE001
        pass
    out = sys.stdout
    while True:
        raw = sys.stdin.buffer.readline(MAX_REQUEST + 1)
        if not raw:
            break
        if len(raw) > MAX_REQUEST:   # the rest of an overlong line is skipped, unread
            while raw and not raw.endswith(b"\n"):
                raw = sys.stdin.buffer.readline(MAX_REQUEST)
            line = None
        else:
            line = raw.decode("utf-8", errors="replace")
        if line is not None and not line.strip():
            continue
        if line is None:
            reply = {"error": "request larger than 16 MB"}
        else:
            try:
                request = json.loads(line)
            except Exception:  # noqa: BLE001
                reply = {"error": "the request is not JSON"}
            else:
                legacy = isinstance(request, dict) and "op" not in request
                reply = judge(request, seconds) if legacy else _limited(request, seconds)
        out.write(json.dumps(reply, ensure_ascii=False) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
