"""The lesson exercises' registry behind ``nbteach.check.exercise``: :func:`define` and lookup.

:func:`define` builds an open :class:`~nbteach.check.exercise.Exercise` (the one exercise
class, whose graded kind homework builds with ``nbteach.teacher.homework.graded``): a
reference answer (a zero-argument callable that asks the library, evaluated on first
use), the common wrong answers (each a :class:`Mistake` whose value is produced by the
library with the mistake applied), progressive hints and a solution.
``Exercise.check(answer)`` returns a :class:`Result`; it never raises.
"""
from __future__ import annotations

import difflib
import html
import importlib
import pkgutil
import re
import sys
import threading
import warnings

from nbteach._base import NbteachError
from nbteach.i18n import WIDTH, tr, wrap

from .compare import compare, is_placeholder_like  # noqa: F401 - the one engine, named where lessons look
from .exercise import OPEN, Exercise, Mistake
from .feedback import CORRECT, INCORRECT, NOT_ATTEMPTED, Message, Result, ____  # noqa: F401
from .graded import graded_exercise
from .messages import phrase
from .serial import record_answer  # noqa: F401 - a check records through it (nbteach.check.serial)

__all__ = ["____", "Mistake", "Exercise", "Result", "Message", "define", "exercise",
           "exercises", "load_errors", "record_answer"]


# -- the registry ----------------------------------------------------------------------
_REGISTRY: dict = {}
_LOAD_ERRORS: dict = {}
_LOADED = False
_LOCK = threading.RLock()
_ID = re.compile(r"^[A-Za-z0-9_]+\.[A-Za-z0-9_.]+$")


def define(id: str, prompt, answer, *, mistakes=(), hints=(), solution="", kind="value",
           rtol=1e-9, atol=1e-12, exact=None, symbols=None, inputs=None,
           time_budget=2.0, leak_check=None, forbidden=(), shortcut=None) -> Exercise:
    """Declare an exercise and register it under ``id``.

    The fields are described in full at the top of ``nbteach.check``.

    Parameters
    ----------
    id : str
        ``"NN.name"``, unique and stable (the grader finds exercises by id).
    prompt : dict or str
        ``{"en": ..., "zh": ...}``: the question.
    answer : callable
        Zero-argument callable returning the reference answer, computed by the library
        (for ``kind="function"``: returning the library's function).
    mistakes : list of Mistake
        Common wrong answers, each made by the library with the mistake applied.
    hints : list of dict
        Progressive hints, ``{"en", "zh"}`` each.
    solution : dict or str
        Shown only by ``.solution()``.
    kind : {"value", "function"}
    rtol, atol, exact, symbols
        How answers are compared (``nbteach.check.compare.compare``).
    inputs : callable, for ``kind="function"``
        ``inputs(rng)`` returns ``[(args, kwargs), ...]`` from a ``random.Random``.
    time_budget : float
        Seconds a student's function may run in one check, all calls together.
    forbidden, shortcut : for a build-it exercise (``kind="function"``)
        The dotted library names that would do the exercise for the student (switched off while
        a function answer is checked: ``nbteach.check.functions.switched_off``), and the one-line
        answer through them (a function the tests check is refused as ``library_shortcut``).

    Returns
    -------
    Exercise

    Examples
    --------
    >>> from fractions import Fraction
    >>> q = define("99.doc_example", {"en": "What is 1/2 + 1/4?", "zh": "1/2 + 1/4 等于多少？"},
    ...            answer=lambda: Fraction(1, 2) + Fraction(1, 4),
    ...            mistakes=[Mistake("added_denominators", lambda: Fraction(2, 6),
    ...                              {"en": "Do not add the denominators.", "zh": "不要把分母相加。"})])
    >>> q.check("3/4").correct, q.check("1/3").mistake
    (True, 'added_denominators')
    >>> _ = _REGISTRY.pop("99.doc_example")
    """
    if not isinstance(id, str) or not _ID.match(id):
        raise NbteachError(f"exercise id must look like '01.posterior', got {id!r}.")
    if not callable(answer):
        raise NbteachError(
            f"exercise {id}: answer must be a zero-argument callable that asks the library "
            "(e.g. lambda: bayes(...).posterior['Flu']), not a typed-in value."
        )
    if kind not in ("value", "function"):
        raise NbteachError(f"exercise {id}: kind must be 'value' or 'function', got {kind!r}.")
    if kind == "function" and not callable(inputs):
        raise NbteachError(f"exercise {id}: a function exercise needs inputs=lambda rng: [...].")
    for m in mistakes:
        if not isinstance(m, Mistake):
            raise NbteachError(f"exercise {id}: mistakes must be Mistake(...) objects, got {m!r}.")
    if isinstance(prompt, str):
        prompt = {"en": prompt}
    with _LOCK:
        if id in _REGISTRY and _REGISTRY[id].__dict__.get("_module") != _caller_module():
            raise NbteachError(f"exercise id {id!r} is defined twice: ids must be unique.")
        ex = Exercise(id, prompt, answer, list(mistakes), list(hints), solution, kind, rtol,
                      atol, exact, symbols, inputs, time_budget, visibility=OPEN)
        ex.leak_check = leak_check
        ex.forbidden, ex.shortcut = tuple(forbidden), shortcut
        ex.__dict__["_module"] = _caller_module()
        _REGISTRY[id] = ex
    return ex


def _caller_module() -> str:
    frame = sys._getframe(2)
    return frame.f_globals.get("__name__", "")


_MODULE = re.compile(r"^lesson\d\d$")


def _load_all() -> None:
    """Import every ``lessonNN`` module; a broken one does not stop the others.

    Homework (``hwNN.*``) is not defined here: its answers stay on the teacher's side
    (``nbteach.teacher``); a released homework notebook registers digests of them
    (``nbteach.check.graded``)."""
    global _LOADED
    with _LOCK:
        if _LOADED:
            return
        pkg = importlib.import_module("nbteach.check")
        for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
            if not _MODULE.match(info.name):
                continue
            name = f"nbteach.check.{info.name}"
            try:
                importlib.import_module(name)
            except Exception as exc:  # reported, never fatal for the other lessons
                _LOAD_ERRORS[name] = f"{type(exc).__name__}: {exc}"
                warnings.warn(tr({"en": f"nbteach.check: could not load {name}: {exc}",
                                  "zh": f"nbteach.check：无法载入 {name}：{exc}"}), stacklevel=2)
        _LOADED = True


def _load_lesson_of(id) -> None:
    """Import ``lessonNN`` for an id ``"NN.name"`` if that module exists (errors are left to
    :func:`_load_all`, which reports them)."""
    match = re.match(r"^(\d\d)\.", str(id))
    if match is None:
        return
    name = f"nbteach.check.lesson{match.group(1)}"
    if name in sys.modules:
        return
    try:
        importlib.import_module(name)
    except Exception:  # noqa: BLE001 - _load_all imports it again and reports what broke
        pass


def load_errors() -> dict:
    """Module name -> error for exercise modules that failed to import (empty if all loaded)."""
    _load_all()
    return dict(_LOAD_ERRORS)


def exercise(id: str) -> Exercise:
    """The exercise with this id.

    Parameters
    ----------
    id : str
        e.g. ``"01.posterior"``; ``exercises()`` lists them all.

    Returns
    -------
    Exercise
        with ``.check(answer)``, ``.hint()`` and ``.solution()``.

    Examples
    --------
    >>> q = exercise("01.posterior")
    >>> q.check(q.reference()).correct
    True
    """
    _load_lesson_of(id)                  # the one lesson module first: a check cell's lookup
    if id in _REGISTRY:                  # does not import every lesson's checker
        return _REGISTRY[id]
    _load_all()
    if id in _REGISTRY:
        return _REGISTRY[id]
    graded = graded_exercise(id)
    if graded is not None:
        return graded
    close = difflib.get_close_matches(str(id), list(_REGISTRY), n=3)
    more = tr({"en": f" Did you mean {', '.join(map(repr, close))}?",
               "zh": f"你是不是想写 {'、'.join(map(repr, close))}？"}) if close else ""
    raise NbteachError(
        tr({"en": f"no exercise with id {id!r}.{more} nbteach.check.exercises() lists them all.",
            "zh": f"没有 id 为 {id!r} 的练习。{more}nbteach.check.exercises() 列出了全部练习。"})
    )


def _shorten(text: str, width: int) -> str:
    """The first line of ``text`` folded to ``width`` columns, "…" if anything is left out:
    cut between words, never inside one."""
    lines = wrap(" ".join(str(text).split()), width).split("\n")
    return lines[0] + (" …" if len(lines) > 1 else "")


class ExerciseList(list):
    """A list of exercises that shows as a table of ids and prompts."""

    def __repr__(self):
        return "\n".join(f"{q.id:<28} {_shorten(tr(q.prompt), WIDTH - 29)}" for q in self)

    def _repr_html_(self):
        rows = "".join(f"<tr><td><code>{html.escape(q.id)}</code></td>"
                       f"<td style='text-align:left'>{html.escape(tr(q.prompt))}</td></tr>" for q in self)
        return f"<table><tr><th>id</th><th>{html.escape(phrase('question'))}</th></tr>{rows}</table>"


def exercises(prefix: str = "") -> list:
    """Every exercise, sorted by id, shown as a table of ids and questions.

    Parameters
    ----------
    prefix : str
        Only the ids starting with it, e.g. ``"03."`` or ``"hw01."``.

    Returns
    -------
    list of Exercise

    Examples
    --------
    >>> [q.id for q in exercises("01.")]
    ['01.decision', '01.evidence', '01.posterior', '01.posterior_dict', '01.posterior_function']
    """
    _load_all()
    return ExerciseList(_REGISTRY[k] for k in sorted(_REGISTRY) if k.startswith(prefix))
