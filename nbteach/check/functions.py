"""Checking a function the student wrote: run it on randomised inputs, then one verdict.

The work is split in two so that the batch grader can run the student's code in a
separate process and still decide the grade in its own:

* :func:`run_calls` calls a function on deep copies of each input, under a time budget,
  with the library calls that would do the exercise for the student switched off
  (:func:`switched_off`), and returns one :class:`Outcome` per call (output, error,
  timeout, changed inputs, a shortcut taken);
* :func:`function_verdict` decides from the outcomes, the one decision of a function answer
  wherever it is made: a lesson's check (:func:`judge`, outputs compared by equivalence),
  a released homework's check in the student's notebook (digests of canonical forms) and
  the teacher's grader (canonical forms computed by the sealed judge), each passing how an
  output is compared.
"""
from __future__ import annotations

import contextlib
import copy
import importlib.abc
import inspect
import os
import random
import signal
import sys
import threading
import time
import traceback
import types
from dataclasses import dataclass, field

from nbteach.i18n import tr

from ._elsewhere import expand
from .compare import RECORDED, _type_name, compare, is_placeholder_like
from .feedback import CORRECT, INCORRECT, NOT_ATTEMPTED, Result
from .messages import diff_message, phrase, sep

__all__ = ["Outcome", "run_calls", "judge", "check_function", "make_inputs", "function_verdict",
           "switched_off", "LibraryShortcut", "RECORDED", "SHORTCUT"]

_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: The mistake of a function that called a switched-off library name.
SHORTCUT = "library_shortcut"


class _OutOfTime(BaseException):
    """Raised inside a student's function when its time budget is spent."""


@dataclass
class Outcome:
    """What one call of a student's function gave. The grader's outcomes carry the output's
    canonical ``forms`` (computed by the sealed judge) and ``blank`` / ``none`` instead of it."""

    output: object = None
    error: str | None = None          # the student's traceback (their frames only)
    timed_out: bool = False
    mutated: list = field(default_factory=list)   # names of arguments the function changed
    shortcut: str | None = None       # a switched-off library name the function called
    forms: frozenset | None = None    # the grader's: the output's canonical forms
    blank: bool | None = None         # the grader's: the output was the placeholder ____
    none: bool | None = None          # the grader's: the output was None
    type_name: str = ""               # the grader's: the output's type, for a message

    @property
    def is_blank(self) -> bool:
        return self.blank if self.blank is not None else is_placeholder_like(self.output)

    @property
    def is_none(self) -> bool:
        return self.none if self.none is not None else self.output is None


class LibraryShortcut(Exception):
    """Raised by a library name switched off while a build-it exercise checks a function."""

    def __init__(self, name: str):
        super().__init__(phrase("library_shortcut", name=name))
        self.name = name


#: names called while switched off, in this process (read by :func:`run_calls`)
_TRIPPED: list = []
#: switched-off names whose module the student's code began to import (a call that runs out of time
#: while scikit-learn loads has reached for the shortcut: that is what it is told, not "a loop")
_REACHED: list = []
_SWITCH_LOCK = threading.RLock()


def _shortcut(*args, **kwargs):
    """The body a switched-off function runs instead of its own (its code object, renamed)."""
    name = __import__("sys")._getframe(0).f_code.co_qualname
    module = __import__("nbteach.check.functions", fromlist=["LibraryShortcut"])
    module._TRIPPED.append(name)
    raise module.LibraryShortcut(name)


def _resolve(dotted: str):
    """``(owner, attribute, object)`` for a dotted name, from loaded modules only (nothing is
    imported): ``nbteach.semi_naive.TAN``, ``nbteach.semi_naive.TAN.fit``. LookupError if the
    module that holds it is not loaded, or it is not there."""
    parts = dotted.split(".")
    for k in range(len(parts) - 1, 0, -1):
        owner = sys.modules.get(".".join(parts[:k]))
        if owner is None:
            continue
        try:
            for attribute in parts[k:]:
                if isinstance(owner, types.ModuleType) and attribute not in vars(owner):
                    raise LookupError(dotted)   # a lazy module attribute would import: not loaded
                parent, owner = owner, getattr(owner, attribute)
        except (AttributeError, LookupError):
            raise LookupError(dotted) from None
        return parent, parts[-1], owner
    raise LookupError(dotted)


def _switch(dotted, owner, attribute, obj, restore, student) -> None:
    """Switch ``obj`` (found as ``owner.attribute``) off; append how to put it back to ``restore``."""
    body = _shortcut.__code__.replace(co_name=attribute, co_qualname=dotted)
    inner = obj
    while inspect.isfunction(inner) and inner.__code__.co_freevars and inspect.isfunction(
            getattr(inner, "__wrapped__", None)):
        inner = inner.__wrapped__     # a decorated function (functools.wraps): its own code
    if inspect.isclass(obj):
        old = obj.__dict__.get("__init__", _MISSING)

        def init(self, *args, __name=dotted, **kwargs):
            _TRIPPED.append(__name)
            raise LibraryShortcut(__name)

        obj.__init__ = init
        restore.append(lambda o=obj, v=old: _put_back(o, "__init__", v))
    elif inspect.isfunction(inner) and not inner.__code__.co_freevars:
        old_code = inner.__code__
        inner.__code__ = body
        restore.append(lambda o=inner, c=old_code: setattr(o, "__code__", c))
    else:   # a method, a builtin, a closure: replaced where it is found
        def stand_in(*args, __name=dotted, **kwargs):
            _TRIPPED.append(__name)
            raise LibraryShortcut(__name)

        old = owner.__dict__.get(attribute, _MISSING) if hasattr(owner, "__dict__") else _MISSING
        setattr(owner, attribute, stand_in)
        restore.append(lambda o=owner, a=attribute, v=old: _put_back(o, a, v))
        scope = getattr(student, "__globals__", {})
        for key, value in list(scope.items()):
            if value is obj:
                scope[key] = stand_in
                restore.append(lambda d=scope, k=key, v=obj: d.__setitem__(k, v))


class _SwitchOnImport(importlib.abc.MetaPathFinder):
    """Switches off the ``pending`` names of a module not loaded yet, when it is imported."""

    def __init__(self, pending, restore, student):
        self.pending, self.restore, self.student = pending, restore, student

    def find_spec(self, fullname, path, target=None):
        reached = [d for d in self.pending if d.startswith(fullname + ".")]
        if not reached:
            return None
        _REACHED.append(reached[0])   # the student's code reaches for a switched-off name
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None) if finder is not self else None
            spec = find(fullname, path, target) if find is not None else None
            if spec is not None:
                break
        else:
            return None
        if spec.loader is not None and hasattr(spec.loader, "exec_module"):
            spec.loader = _SwitchingLoader(spec.loader, self)
        return spec

    def settle(self) -> None:
        for dotted in list(self.pending):
            try:
                owner, attribute, obj = _resolve(dotted)
            except LookupError:
                continue
            self.pending.remove(dotted)
            _switch(dotted, owner, attribute, obj, self.restore, self.student)


class _SwitchingLoader(importlib.abc.Loader):
    """A module's own loader, which then switches off what the module brought."""

    def __init__(self, loader, finder):
        self._loader, self._finder = loader, finder

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        self._loader.exec_module(module)
        self._finder.settle()

    def __getattr__(self, name):   # get_source, get_resource_reader, ...: the module's own loader's
        return getattr(self._loader, name)


@contextlib.contextmanager
def switched_off(names, student=None):
    """While inside, calling any of ``names`` (dotted: a function, a class, a method) or its
    equivalent in another library (:mod:`nbteach.check._elsewhere`) raises :class:`LibraryShortcut`
    and is noted, however the student's code reached it (imported under another name, held in a
    variable, called by another library function): a function's code is swapped, a class's
    ``__init__`` and a method on its class replaced. A name whose module is not loaded is switched
    off when the student's code imports it (nothing is imported here). Everything is put back on
    the way out. ``student``: the student's function, whose globals are searched too for a name
    bound to a switched-off object.
    """
    names = expand(tuple(names or ()))
    if not names:
        yield
        return
    restore, pending = [], []
    with _SWITCH_LOCK:
        hook = _SwitchOnImport(pending, restore, student)
        try:
            for dotted in names:
                try:
                    owner, attribute, obj = _resolve(dotted)
                except LookupError:
                    pending.append(dotted)   # switched off if the student's code imports it
                    continue
                _switch(dotted, owner, attribute, obj, restore, student)
            if pending:
                sys.meta_path.insert(0, hook)
            yield
        finally:
            if hook in sys.meta_path:
                sys.meta_path.remove(hook)
            for undo in reversed(restore):
                undo()


_MISSING = object()


def _put_back(owner, attribute, value) -> None:
    if value is _MISSING:
        try:
            delattr(owner, attribute)
        except AttributeError:
            pass
    else:
        setattr(owner, attribute, value)




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


def run_calls(func, inputs, budget: float = 2.0, forbidden=()) -> list:
    """Call ``func`` on deep copies of every input; stop at the first timeout, error or
    shortcut. ``budget`` is the total time, in seconds, for all the calls together;
    ``forbidden``: dotted library names switched off meanwhile (:func:`switched_off`).
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
        tripped, reached = len(_TRIPPED), len(_REACHED)
        try:
            with switched_off(forbidden, func):
                out = _call_with_budget(func, call_args, call_kwargs, left)
        except _OutOfTime:
            shortcut = (_TRIPPED[tripped:] or _REACHED[reached:] or [None])[0]
            outcomes.append(Outcome(shortcut=shortcut) if shortcut else Outcome(timed_out=True))
            break
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # noqa: BLE001 - the student's error is a result
            called = _TRIPPED[tripped:] or ([exc.name] if isinstance(exc, LibraryShortcut) else [])
            outcomes.append(Outcome(error=_student_traceback(exc), shortcut=called[0] if called else None))
            break
        if len(_TRIPPED) > tripped:   # called, and the error caught by the student's code
            outcomes.append(Outcome(shortcut=_TRIPPED[tripped]))
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


def function_verdict(name, calls, outcomes, *, budget, right, mistakes=(), wrong=None, has_hints=False,
                     returns_none=None, recorded=False, check_form=None):
    """``(status, message, mistake)`` of a function answer: the one decision, wherever it is made.

    ``calls``: the inputs ``[(args, kwargs)]`` in order; ``outcomes``: an :class:`Outcome` per
    call reached. How an output is read is the caller's: ``right(i, outcome)`` (output ``i``
    is accepted), ``mistakes`` as ``[(name, hint, matches(i, outcome))]`` (a mistake is named
    when every output matches it; ``matches`` says None where the mistake is not offered, as where
    it gives the answer's output: a right output there is the mistake's too), ``wrong(i, outcome)`` (what is said of the first wrong
    output; default: it is wrong), ``returns_none(i)`` (the reference returns None there:
    then None is no slip), ``check_form(i, outcome)`` (a message if the output has the wrong
    form, checked with the errors). ``recorded``: no accepted answer to compare with (graded
    feedback): a right-looking answer is ``recorded``, not correct.

    In order, per call: the placeholder (not attempted), a switched-off library name called
    (mistake ``library_shortcut``), a timeout, an error, None returned, an input changed, the
    wrong form; then fewer outcomes than calls (out of time); then every output right
    (correct); every output one mistake's (that mistake); else the first wrong output.
    """
    def fail(text, mistake=None):
        return INCORRECT, phrase("incorrect") + sep() + text, mistake

    for i, ((args, kwargs), o) in enumerate(zip(calls, outcomes)):
        call = describe_call(name, args, kwargs)
        if o.is_blank:
            return NOT_ATTEMPTED, phrase("not attempted"), None
        if o.shortcut:
            return fail(phrase("library_shortcut", name=o.shortcut), SHORTCUT)
        if o.timed_out:
            return fail(phrase("timeout", seconds=budget, call=call))
        if o.error:
            return fail(phrase("raised", call=call, traceback=o.error))
        if o.is_none and not (returns_none is not None and returns_none(i)):
            return fail(phrase("returned_none", call=call))
        if o.mutated:
            return fail(phrase("mutated", arg=", ".join(o.mutated), call=call))
        form = check_form(i, o) if check_form is not None else None
        if form:
            return fail(form)
    if len(outcomes) < len(calls) or not calls:  # stopped early without a reason: out of time
        return fail(phrase("timeout", seconds=budget, call=name))
    bad = [i for i, o in enumerate(outcomes) if not right(i, o)]
    if not bad and not recorded:
        return CORRECT, phrase("correct"), None
    for mistake, hint, matches in mistakes:
        seen = [matches(i, o) for i, o in enumerate(outcomes)]   # None: the mistake is not offered there
        if any(v is True for v in seen) and all(v is True or (v is None and i not in bad)
                                                for i, v in enumerate(seen)):
            return fail(phrase("mistake", hint=tr(hint)), mistake)
    if recorded:
        return RECORDED, phrase("recorded"), None
    i = bad[0]
    args, kwargs = calls[i]
    text = wrong(i, outcomes[i]) if wrong is not None else phrase("returned_wrong", call=describe_call(name, args, kwargs))
    if has_hints:
        text += sep() + phrase("try_hint")
    return fail(text.replace("  ", " ").strip())


def judge(exercise, inputs, outcomes, name="f"):
    """A lesson's function answer: its outputs compared with the reference's by equivalence
    (:func:`function_verdict`); returns ``(status, message, mistake)``."""
    reference = exercise.reference()
    expected = [reference(*copy.deepcopy(a), **copy.deepcopy(k)) for a, k in inputs]
    wrong_outputs = {}

    def wrong_of(mistake):
        if mistake.name not in wrong_outputs:
            try:
                func = mistake.value()
                wrong_outputs[mistake.name] = [func(*copy.deepcopy(a), **copy.deepcopy(k)) for a, k in inputs]
            except Exception:  # noqa: BLE001 - a mistake that cannot run here is not diagnosed
                wrong_outputs[mistake.name] = None
        return wrong_outputs[mistake.name]

    def right(i, o):
        return exercise._compare(o.output, expected[i]) is None

    def matches(mistake):
        def test(i, o):
            outputs = wrong_of(mistake)
            return outputs is not None and exercise._compare(o.output, outputs[i]) is None
        return test

    def wrong(i, o):
        args, kwargs = inputs[i]
        diff = exercise._compare(o.output, expected[i])
        why = diff_message(diff) if diff.code not in ("value",) else ""
        call = describe_call(name, args, kwargs)
        if diff.code in ("float_for_fraction", "rounded"):  # its output is close: showing it would show the answer
            return phrase("inexact_output", call=call, why=why)
        return phrase("wrong_output", call=call, got=_short(o.output), why=why)

    return function_verdict(name, inputs, outcomes, budget=exercise.time_budget, right=right,
                            mistakes=[(m.name, m.hint, matches(m)) for m in exercise.mistakes], wrong=wrong,
                            has_hints=bool(exercise.hints), returns_none=lambda i: expected[i] is None)


def check_function(exercise, func):
    """The in-kernel check of a function answer (a lesson's), its shortcuts switched off."""
    if not callable(func):
        return Result(exercise.id, INCORRECT, phrase("incorrect") + sep() + phrase("not_callable", got=_type_name(func)))
    inputs = make_inputs(exercise)
    outcomes = run_calls(func, inputs, exercise.time_budget, getattr(exercise, "forbidden", ()))
    status, message, mistake = judge(exercise, inputs, outcomes, getattr(func, "__name__", "f"))
    return Result(exercise.id, status, message, mistake)
