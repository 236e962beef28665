"""Answers as plain JSON, and the one reader of such JSON: a closed grammar, size-limited.

:func:`encode` turns an answer into JSON-able data made only of numbers, strings, lists
and tags; :func:`decode` rebuilds it from that grammar and nothing else:

==========================  ====================================================================
tag ``t``                   value
==========================  ====================================================================
none, placeholder, bool     None, the ``____`` placeholder, True / False
int                         a Python int, hexadecimal text (at most :data:`MAX_INT_BITS` bits)
float                       decimal text (``"0.1"``, ``"nan"``, ``"inf"``)
frac                        a Fraction of two ints as above, the denominator not 0
decimal                     a Decimal (at most :data:`MAX_DECIMAL_DIGITS` digits, exponent
                            within :data:`MAX_DECIMAL_EXPONENT`)
str                         text (at most :data:`MAX_TEXT` characters)
list, tuple, dict           items / key-value pairs, themselves values of this grammar
npint, npfloat, nd, ndobj   numpy scalars and arrays of bool, int, uint or float (little or big
                            endian, 1-8 bytes), or of values of this grammar (object arrays)
series, frame               pandas Series and DataFrames of values of this grammar
sympy                       a sympy expression as a tree of nodes (below)
function                    a student's function, still serialised: only a sandbox loads it
unsupported                 an answer of a type the grader does not accept
==========================  ====================================================================

A sympy expression travels as a tree, each node a JSON list: ``["S", name, {assumption:
bool}]`` a Symbol, ``["I", hex]`` an Integer, ``["Q", hex, hex]`` a Rational, ``["F", text,
precision]`` a Float, ``["C", name]`` one of the constants of :data:`SYMPY_CONSTANTS`,
``["A", name, [nodes]]`` one of the classes of :data:`SYMPY_CLASSES` applied to nodes, and
``["U", name, [nodes]]`` an undefined function (``f(x)`` for ``f = Function("f")``). A node
is built from nodes only: no string ever reaches ``sympify``, ``parse_expr`` or any other
function that evaluates text (a Symbol's name is a name, never read as code). Nothing here
calls ``eval``, ``exec``, ``compile`` or unpickles.

Limits: a value holds at most :data:`MAX_ITEMS` parts, nests at most :data:`MAX_DEPTH`
deep; an expression has at most :data:`MAX_SYMPY_NODES` nodes and a power of two numbers
at most :data:`MAX_POWER_BITS` bits. Anything beyond a limit is ``Unsupported("too large")``,
anything outside the grammar ``Unsupported("malformed")``: :func:`decode` never raises.
Nothing the student defined survives the trip: an object whose ``__eq__`` always says True
becomes ``Unsupported``, a subclass of float becomes a float. Functions travel as
cloudpickle bytes that only a sandboxed process (``nbteach.check.sandbox``) ever loads.

>>> from fractions import Fraction
>>> decode(encode({"Flu": Fraction(3, 5), "n": [1, 2.5, "x"]}))
{'Flu': Fraction(3, 5), 'n': [1, 2.5, 'x']}
>>> decode({"t": "sympy", "v": "sin('__import__(\\"os\\")')"})
Unsupported(type_name='malformed')
>>> decode({"t": "int", "v": "f" * 20_000})
Unsupported(type_name='too large')
"""
from __future__ import annotations

import base64
import binascii
import json
import math
import os
import re
import sys
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from nbteach.i18n import get_language

from .feedback import ____

__all__ = ["encode", "decode", "Unsupported", "FunctionRef", "record_answer", "MAX_ITEMS", "MAX_DEPTH",
           "MAX_INT_BITS", "MAX_TEXT", "MAX_SYMPY_NODES", "SYMPY_CLASSES", "SYMPY_CONSTANTS", "TOO_LARGE"]

#: The most parts (values, array entries, characters / 64 of text) one answer may hold.
MAX_ITEMS = 200_000
#: The deepest nesting of lists, dicts and expressions.
MAX_DEPTH = 50
#: The most bits of an int (or of each part of a Fraction, or of a sympy Integer).
MAX_INT_BITS = 65_536
#: The longest text, in characters.
MAX_TEXT = 100_000
#: Decimals: digits and exponent.
MAX_DECIMAL_DIGITS, MAX_DECIMAL_EXPONENT = 1_000, 10_000
#: The most nodes of one sympy expression.
MAX_SYMPY_NODES = 10_000
#: The most bits a power of two numbers may have (base bits x exponent), before it is computed.
MAX_POWER_BITS = 1 << 20
#: What an answer beyond a limit is read as.
TOO_LARGE = "too large"

#: sympy classes an expression may apply (each built from nodes, never from text).
SYMPY_CLASSES = (
    "Add", "Mul", "Pow", "exp", "log", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh",
    "Abs", "sign", "floor", "ceiling", "factorial", "binomial", "gamma", "Max", "Min", "KroneckerDelta",
    "Sum", "Product", "Tuple", "Indexed", "IndexedBase", "Idx", "Equality", "Derivative",
)
#: sympy's constants, by class name.
SYMPY_CONSTANTS = ("Pi", "Exp1", "Infinity", "NegativeInfinity", "ComplexInfinity", "NaN", "ImaginaryUnit",
                   "EulerGamma")
_GROWING = ("factorial", "gamma", "binomial")
_SMALL_ARGUMENT = 100_000
_NAME = re.compile(r"^[^\x00-\x1f\x7f]{1,100}$")
_FUNCTION_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,49}$")
_HEX = re.compile(r"^-?(0x)?[0-9a-f]+$")
_FLOAT = re.compile(r"^(-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?|-?inf|nan)$")
_SYMPY_FLOAT = re.compile(r"^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$")
_DECIMAL = re.compile(r"^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$|^-?(Infinity|NaN|sNaN)$")
_SCALAR_DTYPE = re.compile(r"^[<>|=]?[iuf][1248]$")
_ARRAY_DTYPE = re.compile(r"^[<>|=]?[biuf][1248]$")


@dataclass(frozen=True)
class Unsupported:
    """An answer of a type the grader does not accept (``type_name``: what it was, or
    ``"too large"`` / ``"malformed"``)."""

    type_name: str


@dataclass(frozen=True)
class FunctionRef:
    """A student's function, still serialised: only a sandbox may load it."""

    name: str
    payload: str | None


def _mod(x) -> str:
    return type(x).__module__ or ""


def encode(x, _depth: int = 0, _budget=None):
    """JSON-able data describing ``x`` (see the module docstring)."""
    budget = _budget if _budget is not None else [MAX_ITEMS]
    budget[0] -= 1
    if budget[0] < 0 or _depth > MAX_DEPTH:
        return {"t": "unsupported", "type": TOO_LARGE}
    if x is None:
        return {"t": "none"}
    if type(x).__name__ == "_Placeholder" and _mod(x).startswith("nbteach.check"):
        return {"t": "placeholder"}
    if isinstance(x, bool):
        return {"t": "bool", "v": bool(int.__index__(x))}
    if isinstance(x, int):
        n = int.__index__(x)
        return {"t": "int", "v": hex(n)} if n.bit_length() <= MAX_INT_BITS else \
            {"t": "unsupported", "type": TOO_LARGE}
    if isinstance(x, float):
        return {"t": "float", "v": float.__repr__(x)}
    if isinstance(x, Fraction):
        n, d = int(x.numerator), int(x.denominator)
        if max(n.bit_length(), d.bit_length()) > MAX_INT_BITS:
            return {"t": "unsupported", "type": TOO_LARGE}
        return {"t": "frac", "n": hex(n), "d": hex(d)}
    if isinstance(x, Decimal):
        return {"t": "decimal", "v": Decimal.__str__(x)}
    if isinstance(x, str):
        return {"t": "str", "v": str.__str__(x)[:MAX_TEXT]}
    if isinstance(x, (list, tuple)):
        items = list.__iter__(x) if isinstance(x, list) else tuple.__iter__(x)
        return {"t": "list" if isinstance(x, list) else "tuple", "v": [encode(v, _depth + 1, budget) for v in items]}
    if isinstance(x, dict):
        return {"t": "dict", "v": [[encode(k, _depth + 1, budget), encode(dict.__getitem__(x, k), _depth + 1, budget)]
                                   for k in dict.__iter__(x)]}
    mod = _mod(x)
    if mod.startswith("numpy"):
        return _encode_numpy(x, _depth, budget)
    if mod.startswith("pandas") or (mod, type(x).__name__) in {("nbteach._shown", "ShownFrame"),
                                                               ("nbteach._shown", "ShownSeries")}:
        return _encode_pandas(x, _depth, budget)   # the library's shown tables are DataFrames
    sympy = sys.modules.get("sympy")   # an expression exists only once sympy is imported
    if sympy is not None and isinstance(x, sympy.Basic):   # (an f(x)'s class is made in __main__)
        try:
            return {"t": "sympy", "v": _sympy_node(x, [MAX_SYMPY_NODES], _depth)}
        except _Refused as why:
            return {"t": "unsupported", "type": str(why)}
    if callable(x) and type(x).__name__ in ("function", "builtin_function_or_method", "partial"):
        try:
            import cloudpickle  # optional: only for a function answer

            payload = base64.b64encode(cloudpickle.dumps(x)).decode("ascii")
        except Exception:
            payload = None
        return {"t": "function", "name": str(getattr(x, "__name__", "f"))[:100], "v": payload}
    return {"t": "unsupported", "type": type(x).__name__[:60]}


def _encode_numpy(x, depth, budget):
    import numpy as np  # heavy, optional: only for an answer that is an array

    if isinstance(x, np.bool_):
        return {"t": "bool", "v": bool(x)}
    if isinstance(x, np.integer):
        return {"t": "npint", "dtype": x.dtype.str, "v": hex(int(x))}
    if isinstance(x, np.floating):
        return {"t": "npfloat", "dtype": x.dtype.str, "v": repr(float(x))}
    if isinstance(x, np.str_):
        return {"t": "str", "v": str(x)[:MAX_TEXT]}
    if isinstance(x, np.ndarray):
        arr = np.asarray(x)
        if arr.size > MAX_ITEMS or arr.ndim > 32:
            return {"t": "unsupported", "type": TOO_LARGE}
        if arr.dtype.kind in "biuf" and arr.dtype.fields is None and _ARRAY_DTYPE.match(arr.dtype.str):
            shape = list(arr.shape)  # before ascontiguousarray, which makes a 0-d array 1-d
            arr = np.ascontiguousarray(arr)
            return {"t": "nd", "dtype": arr.dtype.str, "shape": shape,
                    "v": base64.b64encode(arr.tobytes()).decode("ascii")}
        if arr.dtype.kind in "OU":
            return {"t": "ndobj", "shape": list(arr.shape),
                    "v": [encode(v, depth + 1, budget) for v in arr.reshape(-1).tolist()]}
    return {"t": "unsupported", "type": type(x).__name__[:60]}


def _encode_pandas(x, depth, budget):
    import pandas as pd  # heavy, optional: only for a table answer

    if isinstance(x, pd.Series):
        return {"t": "series", "index": [encode(v, depth + 1, budget) for v in x.index.tolist()],
                "values": encode(x.to_numpy(), depth + 1, budget), "name": encode(x.name, depth + 1, budget)}
    if isinstance(x, pd.DataFrame):
        return {"t": "frame", "index": [encode(v, depth + 1, budget) for v in x.index.tolist()],
                "columns": [encode(v, depth + 1, budget) for v in x.columns.tolist()],
                "v": [encode(x.iloc[:, j].to_numpy(), depth + 1, budget) for j in range(x.shape[1])]}
    return {"t": "unsupported", "type": type(x).__name__[:60]}


class _Refused(Exception):
    """A value outside the grammar (``"malformed"``) or beyond a limit (``"too large"``)."""


def _sympy_node(x, budget, depth):
    """``x`` (a sympy object) as a node of the expression grammar (see the module docstring)."""
    import sympy  # heavy, optional: only for a formula
    from sympy.core.function import AppliedUndef  # heavy, optional: only for a formula

    budget[0] -= 1
    if budget[0] < 0 or depth > MAX_DEPTH:
        raise _Refused(TOO_LARGE)
    name = type(x).__name__
    if isinstance(x, sympy.Symbol):
        assumptions = getattr(x, "_assumptions_orig", None) or {}
        return ["S", str(x.name)[:100], {str(k): bool(v) for k, v in assumptions.items() if isinstance(v, bool)}]
    if isinstance(x, sympy.Integer):
        return ["I", format(int(x), "x")]
    if isinstance(x, sympy.Rational):
        return ["Q", format(int(x.p), "x"), format(int(x.q), "x")]
    if isinstance(x, sympy.Float):
        from mpmath.libmp import repr_dps, to_str  # sympy's own dependency: how srepr writes a Float

        return ["F", to_str(x._mpf_, repr_dps(x._prec)), int(x._prec)]
    if name in SYMPY_CONSTANTS:
        return ["C", name]
    if isinstance(x, AppliedUndef):
        return ["U", str(type(x).__name__)[:50], [_sympy_node(a, budget, depth + 1) for a in x.args]]
    if name in SYMPY_CLASSES:
        return ["A", name, [_sympy_node(a, budget, depth + 1) for a in x.args]]
    raise _Refused(f"sympy {name}"[:60])


# ------------------------------------------------------------------------------ decoding
def decode(d):
    """Rebuild an answer from :func:`encode`'s output by the closed grammar of the module
    docstring; anything else is ``Unsupported("malformed")``, anything beyond a limit
    ``Unsupported("too large")``. Never raises, never evaluates."""
    try:
        return _Reader().value(d, 0)
    except _Refused as why:
        return Unsupported(str(why))
    except RecursionError:
        return Unsupported(TOO_LARGE)
    except Exception:  # noqa: BLE001 - whatever the data is, it is not an answer of the grammar
        return Unsupported("malformed")


class _Reader:
    """One decoding: the budget of parts it may still read."""

    def __init__(self):
        self.left = MAX_ITEMS

    def spend(self, n: int = 1) -> None:
        self.left -= n
        if self.left < 0:
            raise _Refused(TOO_LARGE)

    def value(self, d, depth):
        self.spend()
        if depth > MAX_DEPTH:
            raise _Refused(TOO_LARGE)
        if not isinstance(d, dict) or not isinstance(d.get("t"), str):
            raise _Refused("malformed")
        t = d["t"]
        read = _READERS.get(t)
        if read is None:
            raise _Refused("malformed")
        return read(self, d, depth)

    # -- scalars
    def none(self, d, depth):
        return None

    def placeholder(self, d, depth):
        return ____

    def boolean(self, d, depth):
        if not isinstance(d.get("v"), bool):
            raise _Refused("malformed")
        return d["v"]

    def integer(self, d, depth):
        return _int(d.get("v"))

    def real(self, d, depth):
        return _float(d.get("v"))

    def fraction(self, d, depth):
        n, den = _int(d.get("n")), _int(d.get("d"))
        if den == 0:
            raise _Refused("malformed")
        return Fraction(n, den)

    def decimal(self, d, depth):
        text = _text(d.get("v"), MAX_DECIMAL_DIGITS + 20)
        if not _DECIMAL.match(text):
            raise _Refused("malformed")
        value = Decimal(text)
        if value.is_finite():
            sign, digits, exponent = value.as_tuple()
            if len(digits) > MAX_DECIMAL_DIGITS or abs(exponent) > MAX_DECIMAL_EXPONENT:
                raise _Refused(TOO_LARGE)
        return value

    def string(self, d, depth):
        text = _text(d.get("v"), MAX_TEXT)
        self.spend(len(text) // 64)
        return text

    # -- containers
    def sequence(self, d, depth):
        items = [self.value(v, depth + 1) for v in _list(d.get("v"))]
        return items if d["t"] == "list" else tuple(items)

    def mapping(self, d, depth):
        out = {}
        for pair in _list(d.get("v")):
            pair = _list(pair)
            if len(pair) != 2:
                raise _Refused("malformed")
            key = self.value(pair[0], depth + 1)
            hash(key)   # a list as a key: malformed (TypeError)
            out[key] = self.value(pair[1], depth + 1)
        return out

    # -- numpy
    def np_scalar(self, d, depth):
        import numpy as np  # heavy, optional: only for an answer that is an array

        dtype_text = _text(d.get("dtype"), 8)
        if not _SCALAR_DTYPE.match(dtype_text):
            raise _Refused("malformed")
        dtype = np.dtype(dtype_text)
        if d["t"] == "npint":
            if dtype.kind not in "iu":
                raise _Refused("malformed")
            n = _int(d.get("v"))
            info = np.iinfo(dtype)
            if not info.min <= n <= info.max:
                raise _Refused("malformed")
            return dtype.type(n)
        if dtype.kind != "f":
            raise _Refused("malformed")
        return dtype.type(_float(d.get("v")))

    def array(self, d, depth):
        import numpy as np  # heavy, optional: only for an answer that is an array

        dtype_text = _text(d.get("dtype"), 8)
        if not _ARRAY_DTYPE.match(dtype_text):
            raise _Refused("malformed")
        dtype = np.dtype(dtype_text)
        shape = self.shape(d.get("shape"))
        size = math.prod(shape)
        text = _text(d.get("v"), 4 * (size * dtype.itemsize + 2) // 3 + 4)
        try:
            data = base64.b64decode(text, validate=True)
        except (binascii.Error, ValueError):
            raise _Refused("malformed") from None
        if len(data) != size * dtype.itemsize:
            raise _Refused("malformed")
        return np.frombuffer(data, dtype=dtype).reshape(shape).copy()

    def object_array(self, d, depth):
        import numpy as np  # heavy, optional: only for an answer that is an array

        shape = self.shape(d.get("shape"))
        raw = _list(d.get("v"))
        if len(raw) != math.prod(shape):
            raise _Refused("malformed")
        items = [self.value(v, depth + 1) for v in raw]
        arr = np.empty(len(items), dtype=object)
        for i, v in enumerate(items):
            arr[i] = v
        return arr.reshape(shape)

    def shape(self, raw) -> tuple:
        dims = _list(raw)
        if len(dims) > 32 or not all(type(n) is int and n >= 0 for n in dims):
            raise _Refused("malformed")
        if any(n > MAX_ITEMS for n in dims) or math.prod(dims) > MAX_ITEMS:
            raise _Refused(TOO_LARGE)
        self.spend(math.prod(dims))
        return tuple(dims)

    # -- pandas
    def series(self, d, depth):
        import pandas as pd  # heavy, optional: only for a table answer

        index = [self.value(v, depth + 1) for v in _list(d.get("index"))]
        values = self.value(d.get("values"), depth + 1)
        if not _is_array(values) or values.ndim != 1 or len(values) != len(index):
            raise _Refused("malformed")
        return pd.Series(values, index=index, name=self.value(d.get("name"), depth + 1))

    def frame(self, d, depth):
        import pandas as pd  # heavy, optional: only for a table answer

        columns = [self.value(v, depth + 1) for v in _list(d.get("columns"))]
        index = [self.value(v, depth + 1) for v in _list(d.get("index"))]
        data = [self.value(v, depth + 1) for v in _list(d.get("v"))]
        if len(data) != len(columns) or not all(_is_array(c) and c.ndim == 1 and len(c) == len(index) for c in data):
            raise _Refused("malformed")
        frame = pd.DataFrame(index=index)
        for j, col in enumerate(data):
            frame[j] = col
        frame.columns = columns
        return frame

    # -- the rest
    def expression(self, d, depth):
        return _SympyReader(self).node(d.get("v"), depth + 1)

    def function(self, d, depth):
        payload = d.get("v")
        if payload is not None and not isinstance(payload, str):
            raise _Refused("malformed")
        return FunctionRef(_text(d.get("name", "f"), 100), payload)

    def unsupported(self, d, depth):
        return Unsupported(_text(d.get("type", "?"), 10_000)[:60])


_READERS = {"none": _Reader.none, "placeholder": _Reader.placeholder, "bool": _Reader.boolean,
            "int": _Reader.integer, "float": _Reader.real, "frac": _Reader.fraction, "decimal": _Reader.decimal,
            "str": _Reader.string, "list": _Reader.sequence, "tuple": _Reader.sequence, "dict": _Reader.mapping,
            "npint": _Reader.np_scalar, "npfloat": _Reader.np_scalar, "nd": _Reader.array,
            "ndobj": _Reader.object_array, "series": _Reader.series, "frame": _Reader.frame,
            "sympy": _Reader.expression, "function": _Reader.function, "unsupported": _Reader.unsupported}


class _SympyReader:
    """Builds one expression node by node (see the module docstring), within its limits."""

    def __init__(self, reader: _Reader):
        import sympy  # heavy: loaded only when an answer is a sympy expression

        self.sympy, self.reader, self.nodes = sympy, reader, MAX_SYMPY_NODES

    def node(self, raw, depth):
        sp = self.sympy
        self.nodes -= 1
        self.reader.spend()
        if self.nodes < 0 or depth > MAX_DEPTH:
            raise _Refused(TOO_LARGE)
        node = _list(raw)
        if not node or not isinstance(node[0], str):
            raise _Refused("malformed")
        kind, rest = node[0], node[1:]
        if kind == "S" and len(rest) == 2:
            name, assumptions = _text(rest[0], 100), rest[1]
            if not _NAME.match(name) or not isinstance(assumptions, dict):
                raise _Refused("malformed")
            if any(k not in _assumption_names() or not isinstance(v, bool) for k, v in assumptions.items()):
                raise _Refused("malformed")
            return sp.Symbol(name, **assumptions)
        if kind == "I" and len(rest) == 1:
            return sp.Integer(_int(rest[0]))
        if kind == "Q" and len(rest) == 2:
            p, q = _int(rest[0]), _int(rest[1])
            if q == 0:
                raise _Refused("malformed")
            return sp.Rational(p, q)
        if kind == "F" and len(rest) == 2:
            text, precision = _text(rest[0], 400), rest[1]
            if not _SYMPY_FLOAT.match(text) or type(precision) is not int or not 1 <= precision <= 4096:
                raise _Refused("malformed")
            return sp.Float(text, precision=precision)
        if kind == "C" and len(rest) == 1 and rest[0] in SYMPY_CONSTANTS:
            return getattr(sp.S, rest[0])
        if kind == "U" and len(rest) == 2:
            name = _text(rest[0], 50)
            if not _FUNCTION_NAME.match(name):
                raise _Refused("malformed")
            args = [self.node(a, depth + 1) for a in _list(rest[1])]
            return sp.Function(name)(*args)
        if kind == "A" and len(rest) == 2 and rest[0] in SYMPY_CLASSES:
            cls = getattr(sp, rest[0])
            args = [self.node(a, depth + 1) for a in _list(rest[1])]
            self.guard(rest[0], args)
            return cls(*args)
        raise _Refused("malformed")

    def guard(self, name, args) -> None:
        """Refuse, before sympy computes it, a power or a growing function whose exact value
        would be huge (``2**(10**9)``, ``factorial(10**9)``)."""
        sp = self.sympy
        if name == "Pow" and len(args) == 2 and args[0].is_Number and args[1].is_Number:
            base, exponent = args
            if isinstance(exponent, sp.Integer) and isinstance(base, sp.Rational):
                bits = max(int(base.p).bit_length(), int(base.q).bit_length())
                if bits * abs(int(exponent)) > MAX_POWER_BITS:
                    raise _Refused(TOO_LARGE)
        if name in _GROWING and any(a.is_Number and not (abs(a) <= _SMALL_ARGUMENT) for a in args):
            raise _Refused(TOO_LARGE)


def _assumption_names() -> frozenset:
    from sympy.core.assumptions import _assume_defined  # heavy: sympy's list of assumption names

    return _assume_defined


def _int(v) -> int:
    text = _text(v, MAX_INT_BITS // 4 + 3)   # "-0x" and the digits
    if not _HEX.match(text):
        raise _Refused("malformed")
    return int(text, 16)


def _float(v) -> float:
    text = _text(v, 40)
    if not _FLOAT.match(text):
        raise _Refused("malformed")
    return float(text)


def _text(v, limit: int) -> str:
    if not isinstance(v, str):
        raise _Refused("malformed")
    if len(v) > limit:
        raise _Refused(TOO_LARGE)
    return v


def _list(v) -> list:
    if not isinstance(v, list):
        raise _Refused("malformed")
    return v


def _is_array(v) -> bool:
    return type(v).__name__ == "ndarray"


# -- recording, for the batch grader ---------------------------------------------------
def record_answer(exercise_id: str, answer) -> None:
    """When the grader runs this notebook, append the answer to its record file.

    Only the answer is recorded (safely serialised), never a verdict: the grader's sandboxed
    judge reads every recorded answer by the grammar above, so nothing done inside the
    student's kernel can turn a wrong answer into a pass.
    """
    path = os.environ.get("NBTEACH_RECORD")
    if not path:
        return
    try:
        line = json.dumps({"id": exercise_id, "lang": get_language(), "answer": encode(answer)})
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(line + "\n")
    except Exception:  # recording must never break the student's notebook
        pass
