"""Is a student's answer equivalent to the reference? Equivalence, not string equality.

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
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from nbteach.formula import FormulaError, parse_formula

__all__ = ["Diff", "compare", "as_number", "is_placeholder_like"]


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
        return None if str.strip(got).casefold() == expected.strip().casefold() else Diff("value")
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
    if _is_pandas(got) and type(got).__name__ == "Series":
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
