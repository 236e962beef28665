"""The verdict on one recorded answer, against the full reference of the student's variant.

    echo '{"assignment": "hw01", "params": {...}, "student_id": "alice",
           "exercise_id": "hw01.lidstone", "answer": <nbteach.check.serial.encode(answer)>,
           "lang": "en", "seed": 7}' | python -m nbteach.teacher.judge
    {"status": "correct", "correct": true, "message": "Correct!"}

One JSON request per line on stdin, one JSON line per request on stdout. ``status`` is
``correct``, ``incorrect``, ``not attempted``, ``error`` (a bad request) or ``timeout``.
The verdict uses the same canonical forms as the student's check cell
(``nbteach.check.graded``), so an answer correct in the notebook is correct here; a
function answer is also run on the hidden cases (``hidden(random.Random(seed))``), in a
child process (``nbteach.check.sandbox``), and only its outputs come back.

It never hangs and needs no write access: a request is read up to 16 MB, answers are
decoded from a whitelist of types, formulas with huge powers are refused, each request
is judged in a forked child killed after ``NBTEACH_JUDGE_SECONDS`` (default 20 s; the
reply is then ``timeout``), and the process a student's function runs in is killed after
its budget.
"""
from __future__ import annotations

import json
import os
import random
import select
import signal
import subprocess
import sys
import time

__all__ = ["judge", "main"]

MAX_REQUEST = 16 * 2**20


class _OutOfTime(BaseException):
    pass


def _reply(status, message, correct=False):
    return {"status": status, "correct": bool(correct) and status == "correct", "message": message}


def judge(request: dict) -> dict:
    """The verdict ``{"status", "correct", "message"}`` on one request (see the module docstring)."""
    from nbteach.check.serial import decode
    from nbteach.i18n import set_language

    if not isinstance(request, dict):
        return _reply("error", "the request must be a JSON object")
    lang = request.get("lang") if request.get("lang") in ("en", "zh") else "en"
    set_language(lang)
    try:
        variant = _variant(request)
        ex = variant.exercise(str(request.get("exercise_id", "")))
    except Exception as exc:  # noqa: BLE001 - a bad request is an error, never a pass
        return _reply("error", f"{type(exc).__name__}: {exc}"[:500])
    answer = decode(request.get("answer"))
    seed = request.get("seed")
    seed = seed if isinstance(seed, int) and not isinstance(seed, bool) else 0
    if ex.kind == "function":
        return _judge_function(ex, answer, seed)
    return _judge_value(ex, answer)


_VARIANTS: dict = {}


def _variant(request):
    """The variant a request names (built once per process: requests of one submission share it)."""
    from nbteach.teacher.homework import load

    key = json.dumps([request.get("assignment"), request.get("params"), request.get("student_id")],
                     sort_keys=True)
    if key not in _VARIANTS:
        hw = load(str(request.get("assignment", "")))
        _VARIANTS.clear()
        _VARIANTS[key] = hw.variant_from_params(request.get("params"), request.get("student_id"))
    return _VARIANTS[key]


def _judge_value(ex, answer):
    from nbteach.check.compare import is_placeholder_like
    from nbteach.check.graded import judge_forms, reference_forms, rounded_forms
    from nbteach.check.messages import say, sep
    from nbteach.check.serial import FunctionRef, Unsupported

    if is_placeholder_like(answer):
        return _reply("not attempted", say("not attempted"))
    if isinstance(answer, (Unsupported, FunctionRef)):
        got = answer.type_name if isinstance(answer, Unsupported) else "function"
        return _reply("incorrect", say("incorrect") + sep() + say("unsupported", got=got))
    mistakes = []
    for name, value, hint in ex.mistakes:
        try:
            mistakes.append((name, hint, set(reference_forms(value, ex.spec))))
        except Exception:  # noqa: BLE001 - a mistake without a form is not diagnosed
            continue
    status, message, _ = judge_forms(ex.spec, answer, lambda fs: set(fs), set(reference_forms(ex.answer, ex.spec)),
                                     set(rounded_forms(ex.answer, ex.spec)), mistakes, bool(ex.hints))
    return _reply(status, message, status == "correct")


def _judge_function(ex, answer, seed):
    import copy

    from nbteach.check.compare import is_placeholder_like
    from nbteach.check.functions import describe_call
    from nbteach.check.graded import forms, reference_forms
    from nbteach.check.messages import say, sep
    from nbteach.check.serial import FunctionRef
    from nbteach.i18n import tr

    def fail(text):
        return _reply("incorrect", say("incorrect") + sep() + text)

    if is_placeholder_like(answer):
        return _reply("not attempted", say("not attempted"))
    if not isinstance(answer, FunctionRef) or answer.payload is None:
        return fail(say("unsupported", got=getattr(answer, "type_name", type(answer).__name__)))
    inputs = list(ex.public)
    if ex.hidden is not None:
        inputs += [(tuple(a), dict(k)) for a, k in ex.hidden(random.Random(seed))]
    outcomes = _run_student(answer.payload, inputs, ex.time_budget)
    if outcomes == "timeout":
        return fail(say("timeout", seconds=ex.time_budget, call=answer.name))
    if outcomes is None:
        return fail(say("unsupported", got="function"))
    name = answer.name
    got = []
    for (args, kwargs), o in zip(inputs, outcomes):
        call = describe_call(name, args, kwargs)
        if is_placeholder_like(o["output"]):
            return _reply("not attempted", say("not attempted"))
        if o["timed_out"]:
            return fail(say("timeout", seconds=ex.time_budget, call=call))
        if o["error"]:
            return fail(say("raised", call=call, traceback=o["error"]))
        if o["mutated"]:
            return fail(say("mutated", arg=", ".join(o["mutated"]), call=call))
        got.append(set(forms(o["output"], ex.spec)))
    if len(got) < len(inputs):
        return fail(say("timeout", seconds=ex.time_budget, call=name))

    def outputs(func):
        return [set(reference_forms(func(*copy.deepcopy(a), **copy.deepcopy(k)), ex.spec)) for a, k in inputs]

    want = outputs(ex.answer)
    if all(g & w for g, w in zip(got, want)):
        return _reply("correct", say("correct"), True)
    for mname, func, hint in ex.mistakes:
        try:
            wrong = outputs(func)
        except Exception:  # noqa: BLE001
            continue
        if all(g & w for g, w in zip(got, wrong)):
            return fail(say("mistake", hint=tr(hint)))
    bad = next(i for i, (g, w) in enumerate(zip(got, want)) if not g & w)
    args, kwargs = inputs[bad]
    return fail(tr({"en": "{call} returned a wrong value.", "zh": "{call} 的返回值不对。"},
                   call=describe_call(name, args, kwargs)))


def _run_student(payload, inputs, budget):
    """Run the student's function on ``inputs`` in a child process; its outcomes, decoded.

    The child gets the request on stdin and prints one reply line; it is killed (with its
    process group) once it answered or its budget (+ start-up) is spent.
    """
    from nbteach.check.serial import decode, encode

    request = json.dumps({"function": payload, "inputs": encode([[list(a), k] for a, k in inputs]),
                          "budget": budget}).encode("utf-8")
    code = ("import json, sys\n"
            "from nbteach.check.sandbox import run\n"
            "req = json.loads(sys.stdin.buffer.read())\n"
            "out = sys.stdout\n"
            "sys.stdout = sys.stderr\n"
            "reply = run(req)\n"
            "out.write(json.dumps(reply) + '\\n'); out.flush()\n")
    env = {k: v for k, v in os.environ.items() if k != "NBTEACH_RECORD"}
    proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, start_new_session=True, env=env)
    data = b""
    try:
        try:
            proc.stdin.write(request)
            proc.stdin.close()
        except OSError:
            pass
        deadline = time.monotonic() + budget + 20
        fd = proc.stdout.fileno()
        while b"\n" not in data and len(data) < MAX_REQUEST:
            left = deadline - time.monotonic()
            if left <= 0:
                return "timeout"
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            data += chunk
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except Exception:  # noqa: BLE001
            proc.kill()
        proc.wait()
    try:
        reply = json.loads(data.split(b"\n", 1)[0])
    except Exception:  # noqa: BLE001
        return None
    if not isinstance(reply, dict) or not isinstance(reply.get("outcomes"), list):
        return None
    out = []
    for o in reply["outcomes"][: len(inputs)]:
        if not isinstance(o, dict):
            return None
        out.append({"output": decode(o.get("output")), "error": str(o["error"])[:2000] if o.get("error") else None,
                    "timed_out": o.get("timed_out") is True,
                    "mutated": [str(m)[:40] for m in o.get("mutated") or []][:10]})
    return out


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
        import resource

        # a C-level computation the alarm cannot interrupt is stopped by the CPU limit
        soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
        limit = int(seconds * 4 + 30)
        if hard == resource.RLIM_INFINITY or hard > limit:
            resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 5))
    except Exception:  # noqa: BLE001
        pass
    out = sys.stdout
    try:  # imported once here, so that every forked child starts with them
        import nbteach.check.graded  # noqa: F401
        import nbteach.teacher.homework  # noqa: F401
        import sympy  # noqa: F401
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
                try:  # the teacher's side of the request, built here once: every child inherits it
                    if isinstance(request, dict):
                        _variant(request)
                except Exception:  # noqa: BLE001 - reported by the child, as an error reply
                    pass
                reply = _limited(request, seconds)
        out.write(json.dumps(reply, ensure_ascii=False) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
