"""The one engine by which an answer is read and compared: equivalence for a lesson's
exercise, canonical forms (and their digests) for a graded one, and the verdicts of both.

An answer is read once, here (:func:`as_number` for numbers, ``nbteach.formula`` for
formulas, the table and array readers below), whoever judges it: a lesson exercise in
the student's process (:func:`compare`), a released homework exercise against digests in
the student's notebook, or the teacher's judge against the full reference (both
:func:`judge_forms` / :func:`judge_form` on :func:`forms`).

Equivalence (open exercises)
============================

``compare(got, expected)`` returns ``None`` when ``got`` is equivalent to ``expected``,
otherwise a :class:`Diff` naming *what* differs (a type, a shape, a label, an entry)
in terms of the student's own answer, never the expected value. The rules, by the
type of the expected value:

=====================  ===============================================================
expected               equivalent answers
=====================  ===============================================================
int, Fraction          the same number exactly: int, Fraction, numpy integer, sympy
                       Rational, a string such as ``"3/8"`` or ``"0.375"``; a float within
                       the tolerance too, unless the exercise asks for an exact answer
                       (``exact=True``: then it is the mistake ``float_for_fraction``);
                       a decimal within 1e-3 (relative) of it is reported as ``rounded``
float                  any number within ``rtol``/``atol`` (``math.isclose``); a number
                       outside them but within 1e-3 (relative) is reported as
                       ``rounded_float`` (a value copied from a printed table)
str                    the same text, ignoring case and surrounding spaces
sympy expression       symbolically equal (``nbteach.derivations.equivalent`` if it
                       exists, else ``sympy.simplify(a - b) == 0``); strings are read by
                       the one formula grammar, ``nbteach.formula`` (never ``eval``-ed)
numpy array            the same shape first, then entries as above
pandas Series          the same labels (any order), then entry by label
pandas DataFrame       the same index and columns (any order), then entry by label
dict                   the same keys, then value by key
list, tuple            the same length, then item by item
=====================  ===============================================================

>>> from fractions import Fraction
>>> compare("3/8", Fraction(3, 8)) is None
True
>>> compare(0.375, Fraction(3, 8), exact=True).code
'float_for_fraction'
>>> compare(0.1 + 0.2, 0.3) is None
True
>>> compare(0.532, 0.53217).code
'rounded_float'

Canonical forms (graded exercises)
==================================
A graded exercise's answers are compared by *canonical form* (:func:`forms`), a string that
equal answers share, so that the student's notebook can carry a salted digest of it
(:func:`digest`) instead of the answer. By the exercise's answer type ``spec["type"]``:

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
(:data:`ITERATIONS` rounds): see ``nbteach.check.graded`` for what that protects and what
it does not, and the feedback modes that follow from it.

>>> forms(0.61803398, {"type": "number", "digits": 4})
['n:618e-3']
>>> forms("3/8", {"type": "exact"})
['q:3/8']
"""
from __future__ import annotations

import functools
import hashlib
import itertools
import math
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from nbteach._base import NbteachError
from nbteach.formula import FormulaError, parse_formula
from nbteach.glossary import label_for
from nbteach.i18n import tr

from .feedback import CORRECT, INCORRECT
from .messages import diff_message, phrase, sep

__all__ = ["Diff", "compare", "as_number", "is_placeholder_like", "forms", "reference_forms",
           "rounded_forms", "digest", "judge_equivalence", "judge_forms", "judge_form", "RECORDED", "summarize",
           "verdict_on_summary",
           "ITERATIONS"]


@dataclass
class Diff:
    """Why an answer is not equivalent: a message ``code`` and the fields it names."""

    code: str
    fields: dict = field(default_factory=dict)


def _module(x) -> str:
    return type(x).__module__ or ""


def _is_sympy(x) -> bool:
    return _module(x).startswith("sympy")


def _is_numpy(x) -> bool:
    return _module(x).startswith("numpy")


def _pandas_class(x) -> str:
    """The name of the pandas class ``x`` is or derives from ('DataFrame', 'Series', ...), else ''
    (a subclass such as the library's ShownFrame, which shows its labels in the student's
    language, is compared as the DataFrame it is)."""
    for cls in type(x).__mro__:
        if (cls.__module__ or "").startswith("pandas"):
            return cls.__name__
    return ""


def _is_pandas(x) -> bool:
    return bool(_pandas_class(x))


def as_number(x):
    """An exact number (int or Fraction), a float, or ``None`` if ``x`` is not a number.

    Subclasses are read through their base type, so an object cannot pose as a number
    by overriding ``__eq__``.

    >>> as_number("3/8"), as_number(" 2 "), as_number(0.5), as_number("x")
    (Fraction(3, 8), 2, 0.5, None)
    """
    if isinstance(x, bool) or (_is_numpy(x) and type(x).__name__ == "bool_"):
        return None
    if isinstance(x, int):
        return int.__index__(x)
    if isinstance(x, Fraction):
        return Fraction(int(x.numerator), int(x.denominator))
    if isinstance(x, float):
        return float.__float__(x)
    if isinstance(x, Decimal):
        return Fraction(x) if x.is_finite() else float(x)
    if _is_numpy(x):
        import numpy as np  # heavy, optional: only for an answer that is an array

        if isinstance(x, np.integer):
            return int(x)
        if isinstance(x, np.floating):
            return float(x)
        if isinstance(x, np.ndarray) and x.shape == () and x.dtype.kind in "iufO":
            return as_number(x.item())  # a 0-d array, or one holding a Fraction, is its number
        return None
    if _is_sympy(x):
        if getattr(x, "is_Rational", False):
            return Fraction(int(x.p), int(x.q)) if x.q != 1 else int(x.p)
        if getattr(x, "is_Float", False):
            return float(x)
        # an unevaluated number such as Mul(2, Pow(9, -1), evaluate=False): no symbols, so
        # judge the number it stands for (bounded: only small rational arithmetic is evaluated)
        if getattr(x, "is_number", False) and not getattr(x, "free_symbols", True) and x.count_ops() <= 50:
            try:
                import sympy  # heavy, optional: only for a formula

                v = sympy.nsimplify(x) if x.has(sympy.Float) else sympy.simplify(x)
            except Exception:  # noqa: BLE001
                return None
            if v.is_Rational:
                return Fraction(int(v.p), int(v.q)) if v.q != 1 else int(v.p)
            if v.is_Float:
                return float(v)
        return None
    if isinstance(x, str):
        s = x.strip().replace(" ", "")
        if not s or len(s) > 200:
            return None
        try:
            f = Fraction(s)
        except (ValueError, ZeroDivisionError):
            try:
                return float(s)  # "nan", "inf", "1e-300"
            except ValueError:
                return None
        return f.numerator if f.denominator == 1 else f
    return None


def is_placeholder_like(x) -> bool:
    return type(x).__name__ == "_Placeholder" and _module(x).startswith("nbteach.check")


def _type_name(x) -> str:
    t = type(x)
    return t.__name__ if t.__module__ == "builtins" else f"{t.__module__.split('.')[0]}.{t.__name__}"


def _kind_of(expected) -> str:
    if isinstance(expected, bool):
        return "bool"
    if _is_numpy(expected) and type(expected).__name__ == "bool_":
        return "bool"
    if _is_sympy(expected):
        n = as_number(expected)
        return "exact" if isinstance(n, (int, Fraction)) else ("float" if n is not None else "sympy")
    n = as_number(expected) if not isinstance(expected, str) else None
    if isinstance(n, (int, Fraction)):
        return "exact"
    if isinstance(n, float):
        return "float"
    if isinstance(expected, str):
        return "str"
    if _is_numpy(expected):
        return "array"
    if _is_pandas(expected):
        return "frame" if _pandas_class(expected) == "DataFrame" else "series"
    if isinstance(expected, dict):
        return "dict"
    if isinstance(expected, (list, tuple)):
        return "sequence"
    return "other"




def compare(got, expected, *, rtol: float = 1e-9, atol: float = 1e-12, exact=None, symbols=None):
    """``None`` if ``got`` is equivalent to ``expected``, else a :class:`Diff`.

    Parameters
    ----------
    got : object
        The student's answer (anything; this function never raises).
    expected : object
        The reference answer, computed by the library.
    rtol, atol : float
        Tolerances for floats: ``|got - expected| <= max(rtol * max(|got|, |expected|), atol)``.
    exact : bool or None
        If True, a float is not accepted where an exact number (int, Fraction) is asked.
    symbols : dict, optional
        Names a student's string may use for a sympy answer, e.g. ``{"epsilon": eps}``.

    Returns
    -------
    Diff or None
    """
    try:
        return _compare(got, expected, rtol, atol, exact, symbols)
    except RecursionError:
        return Diff("value")
    except Exception as exc:  # an answer whose ==, float() or len() raises
        return Diff("eq_raised", {"error": f"{type(exc).__name__}: {str(exc)[:200]}"})


def _compare(got, expected, rtol, atol, exact, symbols):
    kind = _kind_of(expected)
    if got is None:
        return Diff("none")
    if kind == "exact":
        return _compare_exact(got, as_number(expected), rtol, atol, exact)
    if kind == "float":
        return _compare_float(got, as_number(expected), rtol, atol)
    if kind == "bool":
        if isinstance(got, bool) or (_is_numpy(got) and type(got).__name__ == "bool_"):
            return None if bool(got) == bool(expected) else Diff("value")
        return Diff("type", {"want": "bool", "got": _type_name(got)})
    if kind == "str":
        if _is_numpy(got) and type(got).__name__ == "str_":
            got = str(got)
        if not isinstance(got, str):
            return Diff("type", {"want": "str", "got": _type_name(got)})
        return None if _text(got) == _text(expected) else _text_diff(got)
    if kind == "sympy":
        return _compare_sympy(got, expected, symbols)
    if kind == "array":
        return _compare_array(got, expected, rtol, atol, exact, symbols)
    if kind == "series":
        return _compare_series(got, expected, rtol, atol, exact, symbols)
    if kind == "frame":
        return _compare_frame(got, expected, rtol, atol, exact, symbols)
    if kind == "dict":
        return _compare_dict(got, expected, rtol, atol, exact, symbols)
    if kind == "sequence":
        if not isinstance(got, (list, tuple)):
            if _is_numpy(got) and hasattr(got, "tolist"):
                got = got.tolist()
            else:
                return Diff("type", {"want": "sequence", "got": _type_name(got)})
        if len(got) != len(expected):
            return Diff("length", {"got": len(got)})
        for i, (g, e) in enumerate(zip(got, expected)):
            d = _compare(g, e, rtol, atol, exact, symbols)
            if d is not None:
                return Diff("entry", {"where": f"item {i}", "inner": d})
        return None
    return None if type(got) is type(expected) and got == expected else Diff("value")


def _text_diff(got: str):
    """Why a text answer is wrong: the label's name in another language ("流感" for 'Flu': answer with
    the label), else a wrong answer. Depends on the answer alone, so it says nothing of the right one."""
    label = label_for(got)
    if label is not None:
        return Diff("label_words", {"got": got.strip(), "label": label})
    return Diff("wrong_text")


def _text(s: str) -> str:
    """A text answer as compared: case-folded, runs of white space one space (the canonical form)."""
    return " ".join(str.split(s)).casefold()


def _compare_exact(got, want, rtol, atol, exact):
    n = as_number(got)
    if n is None:
        if _is_sympy(got):
            return Diff("symbolic_for_number")
        if isinstance(got, str):
            return Diff("unparsable", {"got": got[:60]})
        return Diff("type", {"want": "exact", "got": _type_name(got)})
    if isinstance(n, float):
        if math.isnan(n):
            return Diff("nan")
        try:
            close = _isclose(n, float(want), rtol, atol)
        except OverflowError:
            close = False
        if close:
            return Diff("float_for_fraction") if exact else None
        return Diff("rounded") if _rounded(n, want) else Diff("value")
    if n == want:
        return None
    if isinstance(got, (str, Decimal)) and _rounded(n, want) and _is_decimal_text(got):
        return Diff("rounded")  # "0.1667" for 1/6
    return Diff("value")


#: How close a decimal must be to the answer (exact or float) to be read as that answer, rounded.
ROUNDED_RTOL = 1e-3


def _rounded(n, want) -> bool:
    """True if ``n`` is ``want`` rounded: to k significant digits or k decimals for some k from
    2 to 12 (0.167 and 0.17 for 1/6; the homework's digests use the same 2 and up), or within
    ``ROUNDED_RTOL`` (relative) of it.

    >>> _rounded(0.167, Fraction(1, 6)), _rounded(0.17, Fraction(1, 6)), _rounded(0.1667, Fraction(1, 6))
    (True, True, True)
    >>> _rounded(0.2, Fraction(1, 6)), _rounded(0.3, Fraction(1, 6))
    (False, False)
    """
    try:
        fn, fw = Fraction(n), Fraction(want)
    except (ValueError, OverflowError, TypeError):
        return False
    if fw == 0 or fn == fw:
        return False
    if abs(fn - fw) <= ROUNDED_RTOL * abs(fw):
        return True
    w = float(want)
    for k in range(2, 13):
        if float(f"{w:.{k}g}") == float(n) or round(w, k) == float(n):
            return True
    return False


def _is_decimal_text(got) -> bool:
    return isinstance(got, Decimal) or ("." in got or "e" in got.lower())


def _isclose(a: float, b: float, rtol, atol) -> bool:
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= max(rtol * max(abs(a), abs(b)), atol)


def _compare_float(got, want, rtol, atol):
    n = as_number(got)
    if n is None:
        if isinstance(got, str):
            return Diff("unparsable", {"got": got[:60]})
        return Diff("type", {"want": "float", "got": _type_name(got)})
    try:
        n = float(n)
    except OverflowError:
        return Diff("value")
    if math.isnan(n):
        return None if math.isnan(want) else Diff("nan")
    if _isclose(n, want, rtol, atol):
        return None
    return Diff("rounded_float") if _rounded(n, want) else Diff("value")  # 0.532 for 0.53217


def _compare_sympy(got, expected, symbols):
    import sympy  # heavy, optional: only for a formula

    if symbols is None:
        symbols = {s.name: s for s in expected.free_symbols}
    if isinstance(got, str):
        try:
            got = parse_formula(got, symbols)   # the one formula grammar (nbteach.formula)
        except FormulaError as exc:             # refused: say why
            return Diff("unparsable", {"got": got[:60], "why": exc})
        except Exception:  # noqa: BLE001 - a check never raises
            return Diff("unparsable", {"got": got[:60]})
    n = as_number(got)
    if n is not None and not _is_sympy(got):
        got = sympy.nsimplify(n) if isinstance(n, float) else sympy.Rational(n)
    if not _is_sympy(got):
        return Diff("type", {"want": "sympy", "got": _type_name(got)})
    by_name = {s.name: s for s in expected.free_symbols}
    # a student's Symbol('epsilon') without assumptions is the same letter as the reference's;
    # a name the exercise accepts (symbols={"eps": epsilon}) is that letter too, as in a string
    names = {n: v for n, v in symbols.items() if _is_sympy(v) and getattr(v, "is_Symbol", False)}
    names.update(by_name)
    got = got.subs({s: names[s.name] for s in got.free_symbols
                    if s.name in names and s != names[s.name]})
    # unambiguous: one letter in the answer, one in the reference, whatever the student called it
    if (len(expected.free_symbols) == 1 and len(got.free_symbols) == 1
            and got.free_symbols != expected.free_symbols):
        got = got.subs(next(iter(got.free_symbols)), next(iter(expected.free_symbols)))
    extra = sorted(s.name for s in got.free_symbols if s.name not in by_name)
    if extra:
        return Diff("extra_symbols", {"names": ", ".join(extra)})
    try:
        from nbteach.derivations import equivalent  # heavy (sympy's derivations), only for a formula
    except Exception:  # noqa: BLE001
        equivalent = None
    if equivalent is not None:
        try:
            return None if bool(equivalent(got, expected)) else Diff("not_equivalent")
        except Exception:
            pass
    diff = sympy.simplify(got - expected)
    return None if diff == 0 else Diff("not_equivalent")


def _as_array(got):
    import numpy as np  # heavy, optional: only for an answer that is an array

    if _is_pandas(got) and hasattr(got, "to_numpy"):
        return got.to_numpy()
    if isinstance(got, (list, tuple)) or _is_numpy(got):
        arr = np.asarray(got, dtype=object if _has_fraction(got) else None)
        return arr
    return None


def _has_fraction(got) -> bool:
    try:
        return any(isinstance(v, Fraction) for v in got)
    except Exception:
        return False


def _compare_array(got, expected, rtol, atol, exact, symbols):
    import numpy as np  # heavy, optional: only for an answer that is an array

    arr = _as_array(got)
    if arr is None:
        return Diff("type", {"want": "array", "got": _type_name(got)})
    if arr.shape != expected.shape:
        return Diff("shape", {"got": tuple(arr.shape)})
    if expected.dtype.kind in "fiu" and arr.dtype.kind in "fiub":
        a = arr.astype(float)
        e = expected.astype(float)
        if np.isnan(a).any() and not np.isnan(e).any():
            return Diff("nan")
        with np.errstate(invalid="ignore", over="ignore"):
            ok = np.isclose(a, e, rtol=rtol, atol=atol, equal_nan=True)
        if ok.all():
            return None
        idx = tuple(int(i) for i in np.argwhere(~ok)[0])
        return Diff("entry", {"where": f"position {idx}", "inner": Diff("value")})
    for idx in np.ndindex(expected.shape):
        d = _compare(arr[idx], expected[idx], rtol, atol, exact, symbols)
        if d is not None:
            return Diff("entry", {"where": f"position {idx}", "inner": d})
    return None


def _label_diff(got_labels, want_labels, code):
    got_set, want_set = list(got_labels), set(want_labels)
    extra = [g for g in got_set if g not in want_set]
    missing = len([w for w in want_set if w not in set(got_set)])
    if extra or missing:
        return Diff(code, {"extra": ", ".join(map(repr, extra[:5])), "n_missing": missing})
    if len(got_set) != len(set(got_set)):
        twice = sorted({repr(g) for g in got_set if got_set.count(g) > 1})
        return Diff("duplicates", {"labels": ", ".join(twice[:5])})
    return None


def _compare_series(got, expected, rtol, atol, exact, symbols):
    import pandas as pd  # heavy, optional: only for a table answer

    if isinstance(got, dict):
        got = pd.Series(got, dtype=object)
    if not isinstance(got, pd.Series):
        if isinstance(got, pd.DataFrame) and got.shape[1] == 1:
            return Diff("frame_for_series")
        return Diff("type", {"want": "series", "got": _type_name(got)})
    d = _label_diff(got.index, expected.index, "labels")
    if d is not None:
        return d
    for label in expected.index:
        d = _compare(got[label], expected[label], rtol, atol, exact, symbols)
        if d is not None:
            return Diff("entry", {"where": repr(label), "inner": d})
    return None


def _compare_frame(got, expected, rtol, atol, exact, symbols):
    import pandas as pd  # heavy, optional: only for a table answer

    if not isinstance(got, pd.DataFrame):
        return Diff("type", {"want": "frame", "got": _type_name(got)})
    if (set(got.index) == set(expected.columns) and set(got.columns) == set(expected.index)
            and set(got.index) != set(got.columns)):
        return Diff("transposed")
    for axis, code in (("index", "labels"), ("columns", "columns")):
        d = _label_diff(getattr(got, axis), getattr(expected, axis), code)
        if d is not None:
            return d
    for col in expected.columns:
        for row in expected.index:
            d = _compare(got.loc[row, col], expected.loc[row, col], rtol, atol, exact, symbols)
            if d is not None:
                return Diff("entry", {"where": f"row {row!r}, column {col!r}", "inner": d})
    return None


def _compare_dict(got, expected, rtol, atol, exact, symbols):
    if _pandas_class(got) == "Series":
        got = got.to_dict()
    if not isinstance(got, dict):
        return Diff("type", {"want": "dict", "got": _type_name(got)})
    d = _label_diff(got.keys(), expected.keys(), "keys")
    if d is not None:
        return d
    for key in expected:
        d = _compare(got[key], expected[key], rtol, atol, exact, symbols)
        if d is not None:
            return Diff("entry", {"where": repr(key), "inner": d})
    return None


def judge_equivalence(answer, reference, same, mistakes, has_hints=True):
    """(status, message, mistake) of an open exercise's value answer: equivalent to the
    reference (``same(got, expected) -> Diff | None``, :func:`compare` with the exercise's
    tolerances) is correct; else equivalent to a diagnosed mistake's value is that mistake
    (``mistakes()`` returns ``[(name, hint, wrong value)]``, asked only then; never for an
    answer of the wrong type); else what :func:`compare` found differs. The graded side's
    verdicts are :func:`judge_forms` and :func:`judge_form`, worded alike.

    >>> judge_equivalence("1/3", Fraction(1, 2), compare, lambda: [("third", {"en": "Halve."}, Fraction(1, 3))])[2]
    'third'
    """
    diff = same(answer, reference)
    if diff is None:
        return CORRECT, phrase("correct"), None
    if diff.code not in ("none", "type", "unparsable", "eq_raised"):
        for name, hint, wrong in mistakes():
            if same(answer, wrong) is None:
                return INCORRECT, phrase("incorrect") + sep() + phrase("mistake", hint=tr(hint)), name
    return INCORRECT, _with_hint(phrase("incorrect") + sep() + diff_message(diff), has_hints), None


# ================================================================ canonical forms
#: The status of an answer whose form was checked and which the teacher grades (feedback
#: modes ``graded`` and ``none``): neither correct nor incorrect on the student's side.
RECORDED = "recorded"

#: PBKDF2 rounds per digest (see the module docstring).
ITERATIONS = 20_000

_MAX_BITS = 4096          # an exact number larger than this is no homework answer
_MAX_TEXT = 2000


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
        return ["t:" + _text(answer)]
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
    if mod.startswith("pandas") or _pandas_class(answer):
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


@functools.lru_cache(maxsize=16384)
def digest(salt: str, form: str) -> str:
    """PBKDF2-HMAC-SHA256 of ``form`` with ``salt`` (hex), first 16 bytes as hex.

    Slow on purpose (:data:`ITERATIONS`: a few ms a form), and kept once computed in this process:
    a release digests each of a variant's forms for its notebook and again for its checks, and a
    student's check digests the same answer again at every run of the cell."""
    return hashlib.pbkdf2_hmac("sha256", form.encode("utf-8"), bytes.fromhex(salt), ITERATIONS)[:16].hex()


# ---------------------------------------------------------------- the verdicts on forms
def _type_message(spec, answer) -> str:
    """"Expected <what the answer type asks for>, got a <type>" (the catalogue's ``type``), or
    what :func:`compare` says of the same answer where that depends on the answer alone: a
    formula the grammar refuses (``nbteach.formula``), NaN, a formula where a number is asked."""
    if spec["type"] in ("exact", "number"):
        x = _unwrap(answer)
        if isinstance(x, float) and math.isnan(x):
            return diff_message(Diff("nan"))
        if _is_sympy(x) and getattr(x, "free_symbols", None):
            return diff_message(Diff("symbolic_for_number"))
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


def summarize(spec, answer) -> dict:
    """What a verdict on forms needs of ``answer``, as plain JSON-able data (the sealed judge
    computes it; the grader decides from it with :func:`verdict_on_summary`, never reading
    the answer itself):

    ``none`` (the answer is None), ``forms`` (:func:`forms`), ``rounded`` (the student's
    rounded form, :func:`_student_rounded_form`, or None), ``decimal`` (a float or a decimal
    string: the digits it shows, ``-1`` if not known; None: not a decimal), ``shape`` (an array
    answer's shape, or None), ``why`` (what a wrong type is told, in the current language), and
    for a text answer ``text`` (what a wrong one is told) and ``label`` (it names a label in other
    words, 流感 for 'Flu').
    """
    if answer is None:
        return {"none": True, "forms": [], "rounded": None, "decimal": None, "shape": None, "why": "",
                "text": "", "label": False}
    n = _number(answer) if spec["type"] in ("exact", "number") else None
    fs = forms(answer, spec)
    entries = _array_entries(_unwrap(answer)) if spec["type"] == "array" else None
    text = spec["type"] == "text" and isinstance(answer, str) and bool(fs)
    return {"none": False, "forms": fs, "rounded": _student_rounded_form(answer, spec),
            "decimal": (n[1] if n[1] is not None else -1) if n is not None and n[2] else None,
            "shape": entries[0] if entries is not None else None,
            "why": "" if fs else _type_message(spec, answer),
            "text": diff_message(_text_diff(answer)) if text else "",
            "label": text and label_for(answer) is not None}


def verdict_on_summary(spec, summary, hashes, accepted, rounded, mistakes, has_hints=True, graded=False):
    """(status, message, mistake) of a value answer from its :func:`summarize`; ``hashes(forms)
    -> set`` maps forms to the set compared with ``accepted``, ``rounded`` and each mistake's set
    (digests in the notebook, the forms themselves on the teacher's side). ``graded``: the
    notebook carries no digest of the accepted answer (feedback ``graded`` or ``none``): the form
    is checked, a mistake it carries named, anything else :data:`RECORDED`."""
    if summary["none"]:   # an answer, not a blank: what the lesson's judge says of it
        text = phrase("incorrect") + sep() + diff_message(Diff("none"))
        return INCORRECT, text if graded else _with_hint(text, has_hints), None
    decimal = summary["decimal"]
    if spec["type"] == "exact" and decimal is not None and graded:
        return INCORRECT, phrase("incorrect") + sep() + diff_message(Diff("float_for_fraction")), "float_for_exact"
    got = hashes(summary["forms"])
    if graded:
        if not summary["forms"]:
            return INCORRECT, phrase("incorrect") + sep() + summary["why"], None
        want = spec.get("shape")
        if spec["type"] == "array" and want is not None and summary["shape"] != want:
            return INCORRECT, phrase("incorrect") + sep() + _shape_message(summary["shape"]), "shape"
        for name, hint, digests in mistakes:
            if got & digests:
                return INCORRECT, phrase("incorrect") + sep() + phrase("mistake", hint=tr(hint)), name
        if spec["type"] == "text" and summary["label"]:   # a label's name, not the label
            return INCORRECT, phrase("incorrect") + sep() + summary["text"], "label_words"
        text = phrase("recorded")
        if spec["type"] == "number" and decimal is not None and 0 <= decimal < spec["digits"]:
            text += sep() + phrase("few_digits", got=decimal, digits=spec["digits"])
        return RECORDED, text, None
    if got & accepted:
        return CORRECT, phrase("correct"), None
    for name, hint, digests in mistakes:
        if got & digests:
            return INCORRECT, phrase("incorrect") + sep() + phrase("mistake", hint=tr(hint)), name
    r = summary["rounded"]
    if r is not None and hashes([r]) & rounded:
        why = diff_message(Diff("rounded")) if spec["type"] == "exact" else phrase("too_few_digits", digits=spec.get("digits"))
        return INCORRECT, phrase("incorrect") + sep() + why, "rounded"
    if spec["type"] == "exact" and decimal is not None:
        return INCORRECT, phrase("incorrect") + sep() + diff_message(Diff("float_for_fraction")), "float_for_exact"
    if not summary["forms"]:
        return INCORRECT, _with_hint(phrase("incorrect") + sep() + summary["why"], has_hints), None
    if spec["type"] == "text":
        return INCORRECT, _with_hint(phrase("incorrect") + sep() + summary["text"], has_hints), None
    text = phrase("incorrect")
    if spec["type"] == "array":
        want = spec.get("shape")
        if summary["shape"] is not None and want is not None and summary["shape"] != want:
            text += sep() + _shape_message(summary["shape"])
    elif spec["type"] in _VALUE_DIFF:   # a wrong value of the right form, named as the lesson names it
        text += sep() + diff_message(Diff(_VALUE_DIFF[spec["type"]]))
    return INCORRECT, _with_hint(text, has_hints), None


def judge_forms(spec, answer, hashes, accepted, rounded, mistakes, has_hints=True):
    """(status, message, mistake) of a value answer (:func:`verdict_on_summary` of :func:`summarize`)."""
    return verdict_on_summary(spec, summarize(spec, answer), hashes, accepted, rounded, mistakes, has_hints)


#: What a wrong answer of the right form is told, by answer type (as :func:`compare` tells it);
#: an array's or a dict's wrong entry is not named (a digest cannot say which).
_VALUE_DIFF = {"exact": "value", "number": "value", "sympy": "not_equivalent"}


def _with_hint(text: str, has_hints: bool) -> str:
    return text + sep() + phrase("try_hint") if has_hints else text


def judge_form(spec, answer, hashes, mistakes):
    """(status, message, mistake) of a value answer when the notebook carries no digest of the
    accepted answer (feedback ``graded`` or ``none``): the form is checked, a mistake whose
    digests the notebook carries is named, and anything else is :data:`RECORDED`. Nothing in
    it depends on the answer: a right and a wrong answer of the same form read the same."""
    return verdict_on_summary(spec, summarize(spec, answer), hashes, set(), set(), mistakes, graded=True)
