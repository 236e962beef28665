"""Graded homework checks: the notebook holds salted digests, never the answers.

A homework notebook released by the teacher (``python -m nbteach.assign``) registers its
exercises with :func:`register`. For each exercise it carries a random salt and, as its
feedback mode allows (below), the salted digests of the *canonical form* of every accepted
answer and of the diagnosed mistakes (with the mistake's hint); a check computes the
canonical form of the student's answer, digests it with the same salt and looks it up. The answer itself, and the code
that computes it, stay on the teacher's side (``nbteach.teacher``); the grade is decided
there too, by re-judging the recorded answer against the full reference.

Canonical forms (:func:`forms`), by the exercise's answer type ``spec["type"]``:

=========  ==========================================================================
exact      an exact number as the reduced ``p/q`` (ints as ``n``). A float (or a decimal
           string) is never accepted: it is told it must be exact (in ``practice``, that it
           was rounded, checked against the reference rounded to 2..8 significant digits).
number     a real number rounded to ``spec["digits"]`` significant digits (the prompt
           states them); near a rounding boundary both neighbours are accepted.
text       the string, case-folded, with runs of white space made one space.
sympy      ``srepr`` of the ``cancel``-ed expression with its symbols renamed ``_x0, _x1``
           (in order of their names); an expression with no symbols is that number.
array      the shape, then every entry as a ``number``.
dict       the keys (as text, sorted) with their values as ``number``.
=========  ==========================================================================

0-d numpy arrays, numpy scalars and object arrays holding one Fraction are read as the
scalar. A digest is PBKDF2-HMAC-SHA256 of the form with the exercise's salt
(:data:`ITERATIONS` rounds): a check costs a few milliseconds, enumerating every
4-digit decimal in [0, 1) against one exercise costs a minute instead of a few
milliseconds. That is no protection against a student who searches offline: with the
digests of the accepted answer and of the answer rounded to 2..8 digits in the notebook,
a script finds an answer digit by digit in minutes, and a small fraction or one of a few
words by plain enumeration. So the feedback mode is chosen per assignment at assign time
(``data["feedback"]``, :data:`nbteach.teacher.homework.FEEDBACK_MODES`):

``practice``  the accepted and rounded digests are in the notebook: a check says correct or
              incorrect at once. For self-study; recoverable by an offline search.
``graded``    no digest of an accepted or rounded answer: a check validates the answer's form
              (type, shape, exact or decimal, parses), names a diagnosed mistake when the
              notebook carries its digests (only where they cannot single out the answer),
              and otherwise says "Recorded; graded by your teacher". The grader decides.
``none``      the form only, no mistakes, no hints (exams).

The attempt numbers a check shows (:func:`attempts`) are kept in the student's notebook and
in a file next to it: the student can edit both, so the grader reports them as recorded in
the notebook, never as a count it vouches for.

>>> forms(0.61803398, {"type": "number", "digits": 4})
['n:618e-3']
>>> forms("3/8", {"type": "exact"})
['q:3/8']
"""
from __future__ import annotations

import hashlib
import itertools
import json
import math
import os
import re
import threading
from fractions import Fraction

from nbteach._base import NbteachError
from nbteach.i18n import tr, wrap

from nbteach.formula import FormulaError, parse_formula

from .compare import Diff, _type_name, as_number, is_placeholder_like
from .feedback import CORRECT, INCORRECT, NOT_ATTEMPTED, Message, Result, ____, next_hint
from .functions import describe_call, run_calls
from .messages import diff_message, kind_name, say, sep
from .serial import decode, record_answer

__all__ = ["forms", "reference_forms", "rounded_forms", "digest", "register", "GradedExercise",
           "attempts", "ITERATIONS", "graded_exercise", "RECORDED", "judge_form"]

#: The status of an answer whose form was checked and which the teacher grades (feedback
#: modes ``graded`` and ``none``): neither correct nor incorrect on the student's side.
RECORDED = "recorded"

#: PBKDF2 rounds per digest (see the module docstring).
ITERATIONS = 20_000

_MAX_BITS = 4096          # an exact number larger than this is no homework answer
_MAX_TEXT = 2000


# ---------------------------------------------------------------- canonical forms
def _unwrap(x):
    """A 0-d numpy array, a numpy scalar or a 0-d object array holding a Fraction -> the scalar."""
    mod = type(x).__module__ or ""
    if mod.startswith("numpy"):
        import numpy as np  # heavy, optional: only for an answer that is an array

        if isinstance(x, np.ndarray) and x.shape == ():
            return _unwrap(x.item() if x.dtype.kind != "O" else x[()])
        if isinstance(x, np.generic):
            return x.item()
    return x


def _number(x):
    """(value as Fraction, significant digits given or None if exact, is_decimal) or None."""
    x = _unwrap(x)
    mod = type(x).__module__ or ""
    if mod.startswith("sympy"):
        try:
            if getattr(x, "free_symbols", None):
                return None
            if getattr(x, "is_Rational", False):
                return Fraction(int(x.p), int(x.q)), None, False
            if getattr(x, "is_Float", False) or getattr(x, "is_number", False):
                v = float(x)
                return (Fraction(v), _float_digits(v), True) if math.isfinite(v) else None
        except Exception:  # noqa: BLE001
            return None
        return None
    if isinstance(x, str):
        s = x.strip().replace(" ", "")
        if not s or len(s) > 200:
            return None
        if any(c in s.lower() for c in "e") and not _small_exponent(s):
            return None
        decimal = any(c in s for c in ".eE")
        v = as_number(s)
        if v is None or (isinstance(v, float) and not math.isfinite(v)):
            return None
        if isinstance(v, float):
            return Fraction(v), _float_digits(v), True
        v = Fraction(v)
        return v, (_text_digits(s) if decimal else None), decimal
    v = as_number(x)
    if v is None:
        return None
    if isinstance(v, float):
        if not math.isfinite(v):
            return None
        return Fraction(v), _float_digits(v), True
    v = Fraction(v)
    if max(abs(v.numerator).bit_length(), v.denominator.bit_length()) > _MAX_BITS:
        return None
    return v, None, False


def _small_exponent(s: str) -> bool:
    mant, _, exp = s.lower().partition("e")
    try:
        return abs(int(exp)) <= 400
    except ValueError:
        return False


def _float_digits(v: float) -> int:
    """Significant digits of the shortest repr of a float (0.125 -> 3, 1e-05 -> 1)."""
    return _text_digits(repr(float(v)))


def _text_digits(s: str) -> int:
    mant = s.lower().lstrip("+-").split("e")[0].replace(".", "").lstrip("0")
    return max(len(mant.rstrip("0")), 1)


def _decade(a: Fraction) -> int:
    """The e with 10**e <= a < 10**(e+1), for a > 0."""
    e = math.floor(math.log10(float(a))) if float(a) > 0 else -330
    while a >= Fraction(10) ** (e + 1):
        e += 1
    while a < Fraction(10) ** e:
        e -= 1
    return e


def _sig(v: Fraction, d: int, both_near: bool = False) -> list:
    """``v`` rounded to ``d`` significant digits, as ``"n:<int>e<exp>"`` (normalised).

    ``both_near``: when ``v`` lies within a millionth of a last-digit unit of a rounding
    boundary, return both neighbours (a student's float may land on either side).
    """
    if v == 0:
        return ["n:0"]
    sign = "-" if v < 0 else ""
    a = abs(v)
    e = _decade(a)
    exp = e - d + 1
    q = a / Fraction(10) ** exp
    lo = math.floor(q)
    frac = q - lo
    cands = [lo + 1] if frac >= Fraction(1, 2) else [lo]
    if both_near and abs(frac - Fraction(1, 2)) < Fraction(1, 10**6):
        cands = [lo, lo + 1]
    out = []
    for n in cands:
        k = exp
        while n and n % 10 == 0:
            n //= 10
            k += 1
        out.append(f"n:{sign}{n}e{k}")
    return out


def _sympy_form(x, symbols=None):
    import sympy  # heavy, optional: only for a formula

    if isinstance(x, str):
        x = parse_formula(x, symbols)
    if not isinstance(x, sympy.Basic):
        return None
    free = sorted(x.free_symbols, key=lambda s: s.name)
    if not free:
        return None
    rename = {s: sympy.Symbol(f"_x{i}") for i, s in enumerate(free)}
    return "s:" + sympy.srepr(sympy.cancel(_expand_small_functions(x.xreplace(rename))))


def _expand_small_functions(x):
    """``binomial(N, 2)`` as ``N*(N - 1)/2`` (and factorial, gamma alike: ``sympy.expand_func``),
    so that the canonical form does not depend on how a count was written; only where every
    number inside them is small (a large one would make a long product)."""
    import sympy  # heavy, optional: only for a formula

    calls = list(x.atoms(sympy.binomial, sympy.factorial, sympy.gamma))
    if not calls:
        return x
    numbers = [abs(n) for c in calls for n in c.atoms(sympy.Number)]
    if any(n > _SMALL for n in numbers):
        return x
    return sympy.expand_func(x)


_SMALL = 30


def _symbols(spec):
    import sympy  # heavy, optional: only for a formula

    return {n: sympy.Symbol(n, positive=True) for n in spec.get("symbols", [])}


def _infinite(x):
    """``"n:inf"`` / ``"n:-inf"`` for an infinite float (say, the log of an underflowed 0.0)."""
    x = _unwrap(x)
    if isinstance(x, float) and math.isinf(x):
        return "n:inf" if x > 0 else "n:-inf"
    return None


def forms(answer, spec) -> list:
    """The canonical forms of a student's ``answer`` under ``spec`` (empty: wrong type).

    >>> import numpy as np
    >>> forms(np.int64(3), {"type": "exact"}), forms(np.array(0.25), {"type": "number", "digits": 2})
    (['q:3/1'], ['n:25e-2'])
    """
    kind = spec["type"]
    answer = _unwrap(answer)
    if kind == "exact":
        n = _number(answer)
        if n is None or n[2]:
            return []
        v = n[0]
        return [f"q:{v.numerator}/{v.denominator}"]
    if kind == "number":
        if _infinite(answer):
            return [_infinite(answer)]
        n = _number(answer)
        return [] if n is None else _sig(n[0], spec["digits"])
    if kind == "text":
        if not isinstance(answer, str) or len(answer) > _MAX_TEXT:
            return []
        return ["t:" + " ".join(str.split(answer)).casefold()]
    if kind == "sympy":
        n = _number(answer) if not isinstance(answer, str) or not _has_letters(answer) else None
        if n is not None and not n[2]:
            return [f"q:{n[0].numerator}/{n[0].denominator}"]
        try:
            f = _sympy_form(answer, _symbols(spec))
        except Exception:  # noqa: BLE001 - an unparsable formula is a wrong type
            return []
        return [f] if f else []
    if kind == "array":
        entries = _array_entries(answer)
        if entries is None:
            return []
        shape, values = entries
        parts = []
        for v in values:
            n = _number(v)
            if n is None:
                return []
            parts.append(_sig(n[0], spec["digits"])[0])
        return [f"a:{shape}:" + ",".join(parts)]
    if kind == "dict":
        if not isinstance(answer, dict) or len(answer) > 1000:
            return []
        parts = []
        for k in sorted(answer, key=str):
            n = _number(answer[k])
            if n is None:
                return []
            parts.append(f"{str(k)[:100]}={_sig(n[0], spec['digits'])[0]}")
        return ["d:" + ";".join(parts)]
    raise NbteachError(f"unknown answer type {kind!r} in a graded exercise.")


def _has_letters(s: str) -> bool:
    return any(c.isalpha() for c in s.lower().replace("e", ""))


def _array_entries(answer):
    mod = type(answer).__module__ or ""
    if mod.startswith("pandas") or (mod, type(answer).__name__) == ("nbteach._shown", "ShownFrame"):
        answer = answer.to_numpy()
        mod = "numpy"
    if isinstance(answer, (list, tuple)) or mod.startswith("numpy"):
        import numpy as np  # heavy, optional: only for an answer that is an array

        try:
            arr = np.asarray(answer, dtype=object)
        except Exception:  # noqa: BLE001
            return None
        if arr.size > 100_000:
            return None
        return ",".join(map(str, arr.shape)), list(arr.ravel())
    return None


def reference_forms(value, spec) -> list:
    """The forms that accept the reference ``value`` (both neighbours near a rounding boundary)."""
    kind = spec["type"]
    value = _unwrap(value)
    if kind == "number":
        if _infinite(value):
            return [_infinite(value)]
        n = _number(value)
        return _sig(n[0], spec["digits"], both_near=True)
    if kind == "array":
        shape, values = _array_entries(value)
        options = [_sig(_number(v)[0], spec["digits"], both_near=True) for v in values]
        combos = itertools.islice(itertools.product(*options), 16)
        return [f"a:{shape}:" + ",".join(c) for c in combos]
    if kind == "dict":
        parts = [[f"{str(k)[:100]}={f}" for f in _sig(_number(value[k])[0], spec["digits"], both_near=True)]
                 for k in sorted(value, key=str)]
        return ["d:" + ";".join(c) for c in itertools.islice(itertools.product(*parts), 16)]
    out = forms(value, spec)
    if not out:
        raise NbteachError(f"the reference answer {type(value).__name__} has no canonical form "
                           f"as {kind!r}.")
    return out


def rounded_forms(value, spec) -> list:
    """Forms of the reference rounded as a student copying a printout would: ``r<k>:...``.

    exact answers: 2..8 significant digits; number answers: 2..digits-1.
    """
    kind = spec["type"]
    if kind not in ("exact", "number"):
        return []
    n = _number(value)
    if n is None:
        return []
    top = 8 if kind == "exact" else spec["digits"] - 1
    return [f"r{k}:{f}" for k in range(2, top + 1) for f in _sig(n[0], k, both_near=True)]


def _student_rounded_form(answer, spec):
    """The ``r<k>:`` form of a decimal answer, or None (not a decimal, or precise enough)."""
    if spec["type"] not in ("exact", "number"):
        return None
    n = _number(answer)
    if n is None or not n[2] or n[1] is None:
        return None
    k = n[1]
    if spec["type"] == "exact":
        k = min(k, 8)
    elif k >= spec["digits"]:
        return None
    if k < 2:
        return None
    return f"r{k}:{_sig(n[0], k)[0]}"


def digest(salt: str, form: str) -> str:
    """PBKDF2-HMAC-SHA256 of ``form`` with ``salt`` (hex), first 16 bytes as hex."""
    return hashlib.pbkdf2_hmac("sha256", form.encode("utf-8"), bytes.fromhex(salt), ITERATIONS)[:16].hex()


# ---------------------------------------------------------------- attempts
_ATTEMPTS: dict = {}
_ATTEMPT_LOCK = threading.Lock()
_ATTEMPT_FILE = ".nbteach-attempts.json"
_MAX_ATTEMPTS = 10**6


def _attempt_file() -> str:
    """Where attempts are kept across kernel restarts: ``NBTEACH_ATTEMPTS`` or a file in the
    working folder (the notebook's)."""
    return os.environ.get("NBTEACH_ATTEMPTS") or _ATTEMPT_FILE


def _next_attempt(key: str, exercise_id: str) -> int:
    """Count one more check of ``exercise_id``; kept in the kernel and in a small file next to
    the notebook, so that restarting the kernel does not reset it."""
    with _ATTEMPT_LOCK:
        stored = {}
        try:
            with open(_attempt_file(), encoding="utf-8") as fh:
                stored = json.load(fh)
        except Exception:  # noqa: BLE001 - no file yet, or not readable
            stored = {}
        mine = stored.get(key) if isinstance(stored.get(key), dict) else {}
        seen = mine.get(exercise_id) if isinstance(mine.get(exercise_id), int) else 0
        n = max(_ATTEMPTS.get((key, exercise_id), 0), seen) + 1
        _ATTEMPTS[(key, exercise_id)] = n
        mine[exercise_id] = n
        stored[key] = mine
        if os.environ.get("NBTEACH_RECORD"):  # run by the grader: the submitted file's counts stand
            return n
        try:
            with open(_attempt_file(), "w", encoding="utf-8") as fh:
                json.dump(stored, fh)
        except Exception:  # noqa: BLE001 - a read-only folder: the kernel's count is kept
            pass
        return n


def attempts(notebook: dict) -> dict:
    """``{exercise id: attempts}``: the largest attempt number a check output in the notebook shows.

    Read from the outputs' metadata ``{"nbteach": {"exercise": id, "attempt": n}}``: as recorded
    in the notebook, which the student can edit (a number above a million is no count and is
    ignored). The grader reports them as such, never as a count it vouches for.

    >>> attempts({"cells": [{"cell_type": "code", "outputs": [
    ...     {"output_type": "execute_result", "metadata": {"nbteach": {"exercise": "hw01.a", "attempt": 3}}}]}]})
    {'hw01.a': 3}
    """
    out: dict = {}
    cells = notebook.get("cells", []) if isinstance(notebook, dict) else []
    for cell in cells if isinstance(cells, list) else []:
        if not isinstance(cell, dict):
            continue
        for o in cell.get("outputs", []) or []:
            meta = o.get("metadata", {}) if isinstance(o, dict) else {}
            info = meta.get("nbteach") if isinstance(meta, dict) else None
            if not isinstance(info, dict):
                continue
            ex, n = info.get("exercise"), info.get("attempt")
            if isinstance(ex, str) and isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= _MAX_ATTEMPTS:
                out[ex] = max(out.get(ex, 0), n)
    return out


class GradedResult(Result):
    """A check result that records, in the notebook, which attempt it was."""

    def __init__(self, exercise_id, status, message, mistake=None, attempt=0):
        super().__init__(exercise_id, status, message, mistake)
        self.attempt = attempt

    def _repr_mimebundle_(self, include=None, exclude=None):
        data = {"text/plain": str(self), "text/html": self._repr_html_()}
        return data, {"nbteach": {"exercise": self.exercise_id, "attempt": self.attempt}}


# ---------------------------------------------------------------- the exercise
class GradedExercise:
    """A homework exercise as the student's notebook knows it: digests, hints, no answer."""

    def __init__(self, data: dict, assignment: str = "", student: str = "", feedback: str = "practice"):
        self.id = data["id"]
        self.prompt = data.get("prompt", {})
        self.kind = data.get("kind", "value")
        self.spec = data.get("spec", {"type": "exact"})
        self.salt = data.get("salt", "")
        self.accepted = set(data.get("accepted", []))
        self.mistakes = list(data.get("mistakes", []))   # [{"name", "hint", "digests"}]
        self.rounded = set(data.get("rounded", []))
        self.hints = list(data.get("hints", []))
        self.cases = list(data.get("cases", []))           # function: [{"input", "accepted", "mistakes"}]
        self.time_budget = float(data.get("time_budget", 2.0))
        self.feedback = feedback if feedback in ("graded", "none") else "practice"
        self.loaded = bool(data.get("salt"))
        self._key = f"{assignment}\0{student}"
        self._hint_count = 0

    # -- what the student side does not have ------------------------------------------
    def reference(self):
        """Graded homework: the reference answer is not in the student's notebook."""
        raise NbteachError(say("released"))

    def solution(self) -> Message:
        return Message(say("released"), "solution", say("solution_header"))

    def hint(self) -> Message:
        if not self.hints and self.feedback == "none":
            return Message(say("no_hints"), "hint", say("hint_header", i=0, n=0))
        return next_hint(self)

    # -- the check ----------------------------------------------------------------------
    def check(self, answer=None, *, _record: bool = True) -> Result:
        """Check the answer against the digests; never raises. Counts an attempt."""
        if answer is None and self.kind != "function":
            answer = ____
        if _record:
            record_answer(self.id, answer)
        if not self.loaded:
            return GradedResult(self.id, NOT_ATTEMPTED if is_placeholder_like(answer) else INCORRECT,
                                say("not_loaded"))
        if is_placeholder_like(answer):
            return GradedResult(self.id, NOT_ATTEMPTED, say("not attempted"))
        try:
            status, message, mistake = self._judge(answer)
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # noqa: BLE001 - a check must never raise
            status, message, mistake = INCORRECT, say("internal", error=type(exc).__name__), None
        n = _next_attempt(self._key, self.id) if status != NOT_ATTEMPTED else 0
        return GradedResult(self.id, status, message, mistake, attempt=n)

    def _hashes(self, fs) -> set:
        return {digest(self.salt, f) for f in fs}

    def _judge(self, answer):
        if self.kind == "function":
            return self._judge_function(answer)
        if self.feedback != "practice":
            return judge_form(self.spec, answer, self._hashes,
                              [(m["name"], m["hint"], set(m["digests"])) for m in self.mistakes])
        return judge_forms(self.spec, answer, self._hashes, self.accepted, self.rounded,
                           [(m["name"], m["hint"], set(m["digests"])) for m in self.mistakes],
                           bool(self.hints))

    def _judge_function(self, func):
        if not callable(func):
            return INCORRECT, say("incorrect") + sep() + say("not_callable", got=_type_name(func)), None
        inputs = [decode(c["input"]) for c in self.cases]
        inputs = [(tuple(a), dict(k)) for a, k in inputs]
        outcomes = run_calls(func, inputs, self.time_budget)
        name = getattr(func, "__name__", "f")
        got = []
        for (args, kwargs), o in zip(inputs, outcomes):
            if is_placeholder_like(o.output):
                return NOT_ATTEMPTED, say("not attempted"), None
            call = describe_call(name, args, kwargs)
            if o.timed_out:
                return INCORRECT, say("incorrect") + sep() + say("timeout", seconds=self.time_budget, call=call), None
            if o.error is not None:
                return INCORRECT, say("incorrect") + sep() + say("raised", call=call, traceback=o.error), None
            if o.mutated:
                return INCORRECT, say("incorrect") + sep() + say("mutated", arg=", ".join(o.mutated), call=call), None
            fs = forms(o.output, self.spec)
            if not fs and self.feedback != "practice":
                return INCORRECT, say("incorrect") + sep() + say(
                    "returned_type", call=call, got=_type_name(o.output), want=kind_name(self.spec["type"])), None
            got.append(self._hashes(fs))
        if len(got) < len(inputs):
            return INCORRECT, say("incorrect") + sep() + say("timeout", seconds=self.time_budget, call=name), None
        if self.feedback == "practice" and all(g & set(c["accepted"]) for g, c in zip(got, self.cases)):
            return CORRECT, say("correct"), None
        for k, m in enumerate(self.cases[0].get("mistakes", []) if self.cases else []):
            if all(g & set(c["mistakes"][k]["digests"]) for g, c in zip(got, self.cases)):
                return INCORRECT, say("incorrect") + sep() + say("mistake", hint=tr(m["hint"])), m["name"]
        if self.feedback != "practice":
            return RECORDED, say("recorded"), None
        bad = next(i for i, (g, c) in enumerate(zip(got, self.cases)) if not g & set(c["accepted"]))
        args, kwargs = inputs[bad]
        text = say("incorrect") + sep() + say("returned_wrong", call=describe_call(name, args, kwargs))
        if self.hints:
            text += sep() + say("try_hint")
        return INCORRECT, text, None

    def __repr__(self):
        return wrap(f"Exercise({self.id!r}: {tr(self.prompt)})")

    def _repr_html_(self):
        return Message(tr(self.prompt), "question", self.id)._repr_html_()


def _type_message(spec, answer) -> str:
    """"Expected <what the answer type asks for>, got a <type>" (the catalogue's ``type``), or
    for a formula the grammar refuses, why (``nbteach.formula``: it depends on the text alone)."""
    if spec["type"] == "sympy" and isinstance(answer, str):
        try:
            parse_formula(answer, _symbols(spec))
        except FormulaError as exc:
            return diff_message(Diff("unparsable", {"got": answer[:60], "why": exc}))
        except Exception:  # noqa: BLE001 - read, but not a formula of this answer's form
            pass
    return diff_message(Diff("type", {"want": spec["type"], "got": _type_name(answer)}))


def _shape_message(shape: str) -> str:
    """The catalogue's ``shape``, for an array answer of shape ``"2,3"`` (never the one asked for)."""
    return diff_message(Diff("shape", {"got": tuple(int(n) for n in shape.split(",") if n)}))


def judge_forms(spec, answer, hashes, accepted, rounded, mistakes, has_hints=True):
    """(status, message, mistake) of a value answer; ``hashes(forms) -> set`` maps forms to the
    set compared with ``accepted``, ``rounded`` and each mistake's set (digests in the notebook,
    the forms themselves on the teacher's side)."""
    got = hashes(forms(answer, spec))
    if got & accepted:
        return CORRECT, say("correct"), None
    for name, hint, digests in mistakes:
        if got & digests:
            return INCORRECT, say("incorrect") + sep() + say("mistake", hint=tr(hint)), name
    r = _student_rounded_form(answer, spec)
    if r is not None and hashes([r]) & rounded:
        why = diff_message(Diff("rounded")) if spec["type"] == "exact" else say("too_few_digits", digits=spec.get("digits"))
        return INCORRECT, say("incorrect") + sep() + why, "rounded"
    if spec["type"] == "exact":
        n = _number(answer)
        if n is not None and n[2]:
            return INCORRECT, say("incorrect") + sep() + diff_message(Diff("float_for_fraction")), "float_for_exact"
    if not got:
        return INCORRECT, say("incorrect") + sep() + _type_message(spec, answer), None
    text = say("incorrect")
    if spec["type"] == "array":
        entries = _array_entries(_unwrap(answer))
        want = spec.get("shape")
        if entries is not None and want is not None and entries[0] != want:
            text += sep() + _shape_message(entries[0])
    if has_hints:
        text += sep() + say("try_hint")
    return INCORRECT, text, None


def judge_form(spec, answer, hashes, mistakes):
    """(status, message, mistake) of a value answer when the notebook carries no digest of the
    accepted answer (feedback ``graded`` or ``none``): the form is checked, a mistake whose
    digests the notebook carries is named, and anything else is :data:`RECORDED`. Nothing in
    it depends on the answer: a right and a wrong answer of the same form read the same."""
    if spec["type"] == "exact":
        n = _number(answer)
        if n is not None and n[2]:
            return INCORRECT, say("incorrect") + sep() + diff_message(Diff("float_for_fraction")), "float_for_exact"
    fs = forms(answer, spec)
    if not fs:
        return INCORRECT, say("incorrect") + sep() + _type_message(spec, answer), None
    if spec["type"] == "array":
        entries = _array_entries(_unwrap(answer))
        want = spec.get("shape")
        if entries is not None and want is not None and entries[0] != want:
            return INCORRECT, say("incorrect") + sep() + _shape_message(entries[0]), "shape"
    got = hashes(fs)
    for name, hint, digests in mistakes:
        if got & digests:
            return INCORRECT, say("incorrect") + sep() + say("mistake", hint=tr(hint)), name
    text = say("recorded")
    if spec["type"] == "number":
        n = _number(answer)
        if n is not None and n[2] and n[1] is not None and n[1] < spec["digits"]:
            text += sep() + say("few_digits", got=n[1], digits=spec["digits"])
    return RECORDED, text, None


# ---------------------------------------------------------------- the registry
_GRADED: dict = {}


def register(checks) -> dict:
    """Register the graded exercises a released notebook carries (JSON text or dict).

    Returns ``{exercise id: GradedExercise}``; ``nbteach.check.exercise(id)`` finds them.
    """
    data = json.loads(checks) if isinstance(checks, str) else checks
    if not isinstance(data, dict) or not isinstance(data.get("exercises"), list):
        raise NbteachError("these homework checks are damaged: ask your teacher for the notebook again.")
    out = {}
    feedback = data.get("feedback", "practice")
    for ex in data["exercises"]:
        q = GradedExercise(ex, str(data.get("assignment", "")), str(data.get("student", "")), feedback)
        _GRADED[q.id] = q
        out[q.id] = q
    return out


def graded_exercise(id: str):
    """The registered graded exercise ``id``; for a homework id not registered here, an
    exercise that says how to load its checks (and that its solution is the teacher's)."""
    if id in _GRADED:
        return _GRADED[id]
    if re.match(r"^hw\d\d\.", str(id)):
        return GradedExercise({"id": id, "prompt": {"en": id, "zh": id}})
    return None
