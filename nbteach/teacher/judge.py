"""The verdict on one recorded answer, against the full reference of the student's variant.

    echo '{"assignment": "hw01", "params": {...}, "student_id": "alice",
           "exercise_id": "hw01.lidstone", "answer": <nbteach.check.serial.encode(answer)>,
           "lang": "en", "seed": 7}' | python -m nbteach.teacher.judge
    {"status": "correct", "correct": true, "message": "Correct!"}

One JSON request per line on stdin, one JSON line per request on stdout. ``status`` is
``correct``, ``incorrect``, ``not attempted``, ``error`` (a bad request) or ``timeout``.
The verdict uses the same canonical forms as the student's check cell (the one engine,
``nbteach.check.compare``; what a practice notebook compares with,
``Exercise.forms_view``), so an answer correct in the notebook is correct here.

Judging is split in two, so that no student code ever runs beside the process that
decides, and that process needs nothing of the homework's source:

1. :func:`prepare` (the teacher's side, in the grader): rebuilds the variant from the
   homework source, computes the canonical forms of the answer and of every diagnosed
   mistake, and for a function answer computes the inputs (public and hidden,
   ``hidden(random.Random(seed))``), the reference's and each mistake's outputs as forms,
   and runs the student's function on them in a sandbox of its own
   (:func:`nbteach.teacher.runner.run_function`), which returns only values;
2. :func:`decide` (this command, sealed by the grader with only the nbteach package
   mounted): decodes the student's answer or outputs from a whitelist of types and
   compares their forms with the prepared ones. Its request holds one exercise's forms,
   hints and inputs, never the homework source or its text.

A request in the first form (``"assignment"`` ...) is prepared here, then decided; a
request made by :func:`prepare` (``"prepared": true``) is only decided. The grader
checks every reply by type (:func:`verdict`).

It never hangs and needs no write access: a request is read up to 16 MB, answers are
decoded from a whitelist of types, formulas with huge powers are refused, each request
is decided in a forked child killed after ``NBTEACH_JUDGE_SECONDS`` (default 20 s; the
reply is then ``timeout``).
"""
from __future__ import annotations

import json
import os
import random
import select
import signal
import copy
import sys
import time

from nbteach.check.functions import describe_call
from nbteach.check.compare import forms, is_placeholder_like, judge_forms, reference_forms
from nbteach.check.messages import say, sep
from nbteach.check.serial import FunctionRef, Unsupported, decode, encode
from nbteach.i18n import set_language, tr
from nbteach.teacher import runner, sandbox
from nbteach.teacher.homework import load

__all__ = ["judge", "prepare", "decide", "verdict", "main", "STATUSES"]

MAX_REQUEST = 16 * 2**20
STATUSES = ("correct", "incorrect", "not attempted", "error", "timeout")


class _OutOfTime(BaseException):
    pass


def _reply(status, message, correct=False):
    return {"status": status, "correct": bool(correct) and status == "correct", "message": message}


def verdict(reply) -> tuple:
    """``(passed, message)`` from a judge's reply, checked by type; anything else fails."""
    if not isinstance(reply, dict) or reply.get("status") not in STATUSES or not isinstance(reply.get("message"), str):
        return False, "the answer could not be judged (the judge gave no verdict)"
    return reply["status"] == "correct" and reply.get("correct") is True, reply["message"][:4000]


def judge(request: dict, seal=None) -> dict:
    """The verdict ``{"status", "correct", "message"}`` on one request (see the module docstring)."""

    if not isinstance(request, dict):
        return _reply("error", "the request must be a JSON object")
    set_language(request.get("lang") if request.get("lang") in ("en", "zh") else "en")
    if request.get("prepared") is not True:
        try:
            request = prepare(request, seal)
        except Exception as exc:  # noqa: BLE001 - a bad request is an error, never a pass
            return _reply("error", f"{type(exc).__name__}: {exc}"[:500])
    return decide(request)


# ---------------------------------------------------------------- the teacher's side
_VARIANTS: dict = {}


def _variant(request):
    """The variant a request names (built once per process: requests of one submission share it)."""

    key = json.dumps([request.get("assignment"), request.get("params"), request.get("student_id")],
                     sort_keys=True)
    built = _VARIANTS.get(key)
    if built is None:  # (the grader prepares from several threads: one lookup, one store)
        hw = load(str(request.get("assignment", "")))
        built = hw.variant_from_params(request.get("params"), request.get("student_id"))
        _VARIANTS.clear()
        _VARIANTS[key] = built
    return built


def prepare(request: dict, seal=None) -> dict:
    """The request :func:`decide` needs, made on the teacher's side (see the module docstring).

    ``seal`` (:class:`nbteach.teacher.runner.Seal`) is how a function answer runs (default:
    sealed where bubblewrap works).
    """


    ex = _variant(request).exercise(str(request.get("exercise_id", "")))
    lang = request.get("lang") if request.get("lang") in ("en", "zh") else "en"
    out = {"prepared": True, "exercise_id": ex.id, "kind": ex.kind, "spec": ex.spec, "lang": lang,
           "has_hints": bool(ex.hints), "answer": request.get("answer")}
    if ex.kind != "function":
        # what a practice notebook compares with, as forms instead of digests (one engine: the
        # judge and the notebook read an answer alike, an array's shape included)
        view = ex.forms_view()
        out.update(spec=view["spec"], accepted=view["accepted"], rounded=view["rounded"],
                   mistakes=[[m["name"], m["hint"], m["digests"]] for m in view["mistakes"] if m["digests"]])
        return out
    seed = request.get("seed")
    seed = seed if isinstance(seed, int) and not isinstance(seed, bool) else 0
    inputs = [(tuple(a), dict(k)) for a, k in ex.public]
    if ex.hidden is not None:
        inputs += [(tuple(a), dict(k)) for a, k in ex.hidden(random.Random(seed))]

    def outputs(func):
        return [sorted(set(reference_forms(func(*copy.deepcopy(a), **copy.deepcopy(k)), ex.spec))) for a, k in inputs]

    mistakes = []
    for name, func, hint in ex.mistakes:
        try:
            mistakes.append([name, hint, outputs(func)])
        except Exception:  # noqa: BLE001
            continue
    out.update(time_budget=ex.time_budget, inputs=encode([[list(a), k] for a, k in inputs]),
               want=outputs(ex.answer), mistakes=mistakes, outcomes=None)
    answer = decode(request.get("answer"))
    if isinstance(answer, FunctionRef) and answer.payload is not None:

        if seal is None:
            seal = runner.Seal(on=sandbox.available())
        outcomes = runner.run_function(answer.payload, inputs, ex.time_budget, seal)
        if isinstance(outcomes, list):
            outcomes = [{"output": encode(o.output), "error": o.error, "timed_out": o.timed_out,
                         "mutated": list(o.mutated)} for o in outcomes]
        out["outcomes"] = outcomes
    return out


# ---------------------------------------------------------------- the decision
def decide(request: dict) -> dict:
    """The verdict on a prepared request: the student's answer (or outputs) decoded, its forms
    compared with the prepared ones. Needs nothing but the nbteach package."""
    try:
        if request.get("kind") == "function":
            return _decide_function(request)
        return _decide_value(request)
    except Exception as exc:  # noqa: BLE001 - a bad request is an error, never a pass
        return _reply("error", f"{type(exc).__name__}: {exc}"[:500])


def _decide_value(req):

    answer = decode(req.get("answer"))
    if is_placeholder_like(answer):
        return _reply("not attempted", say("not attempted"))
    if isinstance(answer, (Unsupported, FunctionRef)):
        got = answer.type_name if isinstance(answer, Unsupported) else "function"
        return _reply("incorrect", say("incorrect") + sep() + say("unsupported", got=got))
    mistakes = [(str(name), hint, set(map(str, forms))) for name, hint, forms in req["mistakes"]]
    status, message, _ = judge_forms(req["spec"], answer, lambda fs: set(fs), set(map(str, req["accepted"])),
                                     set(map(str, req["rounded"])), mistakes, bool(req.get("has_hints")))
    return _reply(status, message, status == "correct")


def _decide_function(req):

    def fail(text):
        return _reply("incorrect", say("incorrect") + sep() + text)

    answer = decode(req.get("answer"))
    budget = req.get("time_budget")
    if is_placeholder_like(answer):
        return _reply("not attempted", say("not attempted"))
    if not isinstance(answer, FunctionRef) or answer.payload is None:
        return fail(say("unsupported", got=getattr(answer, "type_name", type(answer).__name__)))
    name = answer.name
    outcomes = req.get("outcomes")
    if outcomes == "timeout":
        return fail(say("timeout", seconds=budget, call=name))
    if not isinstance(outcomes, list):
        return fail(say("unsupported", got="function"))
    inputs = [(tuple(a), dict(k)) for a, k in decode(req["inputs"])]
    want = [set(map(str, w)) for w in req["want"]]
    got = []
    for (args, kwargs), o in zip(inputs, outcomes):
        call = describe_call(name, args, kwargs)
        output = decode(o.get("output"))
        if is_placeholder_like(output):
            return _reply("not attempted", say("not attempted"))
        if o.get("timed_out") is True:
            return fail(say("timeout", seconds=budget, call=call))
        if isinstance(o.get("error"), str) and o["error"]:
            return fail(say("raised", call=call, traceback=o["error"][:2000]))
        mutated = [str(m)[:40] for m in (o.get("mutated") or [])][:10]
        if mutated:
            return fail(say("mutated", arg=", ".join(mutated), call=call))
        got.append(set(forms(output, req["spec"])))
    if len(got) < len(inputs) or not inputs:
        return fail(say("timeout", seconds=budget, call=name))
    if all(g & w for g, w in zip(got, want)):
        return _reply("correct", say("correct"), True)
    for _, hint, wrong in req["mistakes"]:
        if len(wrong) == len(got) and all(g & set(map(str, w)) for g, w in zip(got, wrong)):
            return fail(say("mistake", hint=tr(hint)))
    bad = next(i for i, (g, w) in enumerate(zip(got, want)) if not g & w)
    args, kwargs = inputs[bad]
    return fail(say("returned_wrong", call=describe_call(name, args, kwargs)))


# ---------------------------------------------------------------- the command
def _limited(request, seconds):
    """``judge(request)`` in a forked child killed after ``seconds`` of wall-clock time.

    A computation in C (a huge power while rebuilding a sympy answer) cannot be interrupted
    by a signal handler; killing the child always can.
    """
    if not hasattr(os, "fork"):
        return _alarmed(request, seconds)
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: judge, write the reply, leave at once
        code = 0
        try:
            os.close(read_end)
            reply = _alarmed(request, seconds)
            data = (json.dumps(reply, ensure_ascii=False) + "\n").encode("utf-8")
            while data:
                data = data[os.write(write_end, data):]
        except BaseException:  # noqa: BLE001
            code = 1
        finally:
            os._exit(code)
    os.close(write_end)
    data, deadline = b"", time.monotonic() + seconds + 2
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
        if isinstance(reply, dict) and "status" in reply:
            return reply
    except Exception:  # noqa: BLE001
        pass
    return _reply("timeout", f"judging took longer than {seconds:g} s")


def _alarmed(request, seconds):
    def on_alarm(signum, frame):
        raise _OutOfTime()

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return judge(request)
    except _OutOfTime:
        return _reply("timeout", f"judging took longer than {seconds:g} s")
    except Exception as exc:  # noqa: BLE001
        return _reply("error", f"{type(exc).__name__}: {exc}"[:500])
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


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
    out = sys.stdout
    try:  # heavy: imported once here, so that every forked child starts with it
        import sympy  # noqa: F401 - heavy and optional: warmed once so every forked child has it
    except Exception:  # noqa: BLE001
        pass
    raw = sys.stdin.buffer.read(MAX_REQUEST + 1)
    lines = raw.decode("utf-8", errors="replace").splitlines() if len(raw) <= MAX_REQUEST else [None]
    for line in lines:
        if line is not None and not line.strip():
            continue
        if line is None:
            reply = _reply("error", "request larger than 16 MB")
        else:
            try:
                request = json.loads(line)
            except Exception:  # noqa: BLE001
                reply = _reply("error", "the request is not JSON")
            else:
                if isinstance(request, dict) and request.get("prepared") is not True:
                    try:  # the teacher's side, here once: the forked child then only decides
                        request = prepare(request)
                    except Exception as exc:  # noqa: BLE001 - a bad request is an error, never a pass
                        request = exc
                if isinstance(request, Exception):
                    reply = _reply("error", f"{type(request).__name__}: {request}"[:500])
                else:
                    reply = _limited(request, seconds)
        out.write(json.dumps(reply, ensure_ascii=False) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
