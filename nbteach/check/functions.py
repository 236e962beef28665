"""Checking a function the student wrote against the library's, on randomised inputs.

The work is split in two so that the batch grader can run the student's code in a
separate process and still decide the grade in its own:

* :func:`run_calls` calls a function on deep copies of each input, under a time budget,
  and returns one :class:`Outcome` per call (output, error, timeout, changed inputs);
* :func:`judge` compares outcomes with the reference function's outputs and with each
  diagnosed mistake's outputs, and writes the message.
"""
from __future__ import annotations

import copy
import inspect
import os
import random
import signal
import threading
import time
import traceback
from dataclasses import dataclass, field

from nbteach.i18n import tr

from .compare import _type_name, compare, is_placeholder_like
from .feedback import Result
from .messages import diff_message, say, sep

__all__ = ["Outcome", "run_calls", "judge", "check_function", "make_inputs"]

_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class _OutOfTime(BaseException):
    """Raised inside a student's function when its time budget is spent."""


@dataclass
class Outcome:
    output: object = None
    error: str | None = None          # the student's traceback (their frames only)
    timed_out: bool = False
    mutated: list = field(default_factory=list)   # names of arguments the function changed


def make_inputs(exercise, seed=None) -> list:
    """The exercise's randomised inputs: a list of ``(args_tuple, kwargs_dict)``."""
    rng = random.Random(seed if seed is not None else random.SystemRandom().random())
    inputs = exercise.inputs(rng)
    return [(tuple(a), dict(k)) for a, k in inputs]


def describe_call(name, args, kwargs, limit: int = 160) -> str:
    parts = [_short(a) for a in args] + [f"{k}={_short(v)}" for k, v in kwargs.items()]
    text = f"{name}({', '.join(parts)})"
    return text if len(text) <= limit else text[: limit - 4] + " ...)"


def _short(v) -> str:
    if type(v).__name__ in ("DataFrame", "ShownFrame"):
        return f"<DataFrame {v.shape[0]}x{v.shape[1]}>"
    if type(v).__name__ == "ndarray":
        return f"<array shape {v.shape}>"
    try:
        r = repr(v)
    except Exception:  # noqa: BLE001 - e.g. an int too long to print
        return f"<{type(v).__name__}>"
    return r if len(r) <= 40 else r[:37] + "..."


def _student_traceback(exc: BaseException) -> str:
    """The traceback of ``exc`` with only frames outside nbteach (the student's own)."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__)
              if not os.path.abspath(f.filename).startswith(_PACKAGE_DIR)]
    lines = traceback.format_list(frames[-6:]) if frames else []
    lines += traceback.format_exception_only(type(exc), exc)
    text = "".join(lines).rstrip()
    return text[-2000:]


def _call_with_budget(func, args, kwargs, seconds: float):
    """Call ``func``; raise _OutOfTime after ``seconds`` (SIGALRM in the main thread)."""
    if threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer"):
        def on_alarm(signum, frame):
            raise _OutOfTime()

        old = signal.signal(signal.SIGALRM, on_alarm)
        signal.setitimer(signal.ITIMER_REAL, max(seconds, 1e-3))
        try:
            return func(*args, **kwargs)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
    box = {}

    def target():
        try:
            box["out"] = func(*args, **kwargs)
        except BaseException as exc:  # noqa: BLE001
            box["exc"] = exc

    t = threading.Thread(target=target, daemon=True)
    t.start()
    t.join(seconds)
    if t.is_alive():
        raise _OutOfTime()
    if "exc" in box:
        raise box["exc"]
    return box.get("out")


def run_calls(func, inputs, budget: float = 2.0) -> list:
    """Call ``func`` on deep copies of every input; stop at the first timeout or error.

    ``budget`` is the total time, in seconds, for all the calls together.
    """
    outcomes = []
    deadline = time.monotonic() + budget
    for args, kwargs in inputs:
        pristine = copy.deepcopy((args, kwargs))
        call_args, call_kwargs = copy.deepcopy((args, kwargs))
        left = deadline - time.monotonic()
        if left <= 0:
            outcomes.append(Outcome(timed_out=True))
            break
        try:
            out = _call_with_budget(func, call_args, call_kwargs, left)
        except _OutOfTime:
            outcomes.append(Outcome(timed_out=True))
            break
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # noqa: BLE001 - the student's error is a result
            outcomes.append(Outcome(error=_student_traceback(exc)))
            break
        names = _parameter_names(func, len(call_args))
        mutated = [names[i] for i, (a, p) in enumerate(zip(call_args, pristine[0]))
                   if compare(a, p, rtol=0, atol=0) is not None]
        mutated += [k for k in call_kwargs if compare(call_kwargs[k], pristine[1][k], rtol=0, atol=0) is not None]
        outcomes.append(Outcome(output=out, mutated=mutated))
    return outcomes


def _parameter_names(func, n: int) -> list:
    """The names of the first ``n`` positional parameters (``#1``, ``#2`` if unknown)."""
    try:
        names = [p.name for p in inspect.signature(func).parameters.values()
                 if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        names = []
    return [names[i] if i < len(names) else f"#{i + 1}" for i in range(n)]


def judge(exercise, inputs, outcomes, name="f"):
    """Decide a function answer from its outcomes; returns ``(status, message, mistake)``."""
    reference = exercise.reference()
    expected = [reference(*copy.deepcopy(a), **copy.deepcopy(k)) for a, k in inputs]
    if any(is_placeholder_like(o.output) for o in outcomes):
        return "not attempted", say("not attempted"), None
    for (args, kwargs), outcome, want in zip(inputs, outcomes, expected):
        call = describe_call(name, args, kwargs)
        if outcome.timed_out:
            return "incorrect", say("timeout", seconds=exercise.time_budget, call=call), None
        if outcome.error is not None:
            return "incorrect", say("raised", call=call, traceback=outcome.error), None
        if outcome.output is None and want is not None:
            return "incorrect", say("returned_none", call=call), None
        if outcome.mutated:
            return "incorrect", say("mutated", arg=", ".join(outcome.mutated), call=call), None
    if len(outcomes) < len(inputs):  # stopped early without a reason: treat as out of time
        return "incorrect", say("timeout", seconds=exercise.time_budget, call=name), None
    got = [o.output for o in outcomes]
    first_bad = None
    for (args, kwargs), g, want in zip(inputs, got, expected):
        diff = exercise._compare(g, want)
        if diff is not None:
            first_bad = (args, kwargs, g, diff)
            break
    if first_bad is None:
        return "correct", say("correct"), None
    for mistake in exercise.mistakes:
        wrong_func = mistake.value()
        try:
            wrong = [wrong_func(*copy.deepcopy(a), **copy.deepcopy(k)) for a, k in inputs]
        except Exception:
            continue
        if all(exercise._compare(g, w) is None for g, w in zip(got, wrong)):
            return ("incorrect", say("incorrect") + sep() + say("mistake", hint=tr(mistake.hint)),
                    mistake.name)
    args, kwargs, g, diff = first_bad
    why = diff_message(diff) if diff.code not in ("value",) else ""
    if diff.code in ("float_for_fraction", "rounded"):  # its output is close: showing it would show the answer
        msg = say("inexact_output", call=describe_call(name, args, kwargs), why=why)
    else:
        msg = say("wrong_output", call=describe_call(name, args, kwargs), got=_short(g), why=why)
    if exercise.hints:
        msg += sep() + say("try_hint")
    return "incorrect", msg.replace("  ", " ").strip(), None


def check_function(exercise, func):
    """The in-kernel check of a function answer."""
    if not callable(func):
        return Result(exercise.id, "incorrect", say("incorrect") + sep() + say("not_callable", got=_type_name(func)))
    inputs = make_inputs(exercise)
    outcomes = run_calls(func, inputs, exercise.time_budget)
    status, message, mistake = judge(exercise, inputs, outcomes, getattr(func, "__name__", "f"))
    if status == "incorrect" and not message.startswith(say("incorrect")):
        message = say("incorrect") + sep() + message
    return Result(exercise.id, status, message, mistake)
