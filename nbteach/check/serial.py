"""Answers as plain JSON, so the grader can re-check them without trusting the student's kernel.

:func:`encode` turns an answer into JSON-able data made only of numbers, strings, lists
and tags; :func:`decode` rebuilds it from a whitelist of types (int, float, Fraction,
str, bool, None, list, tuple, dict, numpy arrays and scalars, pandas Series and
DataFrames, sympy expressions). Nothing the student defined survives the trip: an
object whose ``__eq__`` always says True becomes ``Unsupported``, a subclass of float
becomes a float. sympy expressions travel as ``srepr`` text and are rebuilt by walking
their syntax tree, never by ``eval``. Functions travel as cloudpickle bytes that only
the grader's sandbox process (``nbteach.check.sandbox``) ever loads.

>>> from fractions import Fraction
>>> decode(encode({"Flu": Fraction(3, 5), "n": [1, 2.5, "x"]}))
{'Flu': Fraction(3, 5), 'n': [1, 2.5, 'x']}
"""
from __future__ import annotations

import ast
import base64
import inspect
import json
import os
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from nbteach.i18n import get_language

from .feedback import ____

__all__ = ["encode", "decode", "Unsupported", "FunctionRef", "record_answer"]

MAX_ITEMS = 200_000


@dataclass(frozen=True)
class Unsupported:
    """An answer of a type the grader does not accept."""

    type_name: str


@dataclass(frozen=True)
class FunctionRef:
    """A student's function, still serialised: only the sandbox may load it."""

    name: str
    payload: str | None


def _mod(x) -> str:
    return type(x).__module__ or ""


def encode(x, _depth: int = 0, _budget=None):
    """JSON-able data describing ``x`` (see the module docstring)."""
    budget = _budget if _budget is not None else [MAX_ITEMS]
    budget[0] -= 1
    if budget[0] < 0 or _depth > 50:
        return {"t": "unsupported", "type": "too large"}
    if x is None:
        return {"t": "none"}
    if type(x).__name__ == "_Placeholder" and _mod(x).startswith("nbteach.check"):
        return {"t": "placeholder"}
    if isinstance(x, bool):
        return {"t": "bool", "v": bool(int.__index__(x))}
    if isinstance(x, int):
        return {"t": "int", "v": hex(int.__index__(x))}
    if isinstance(x, float):
        return {"t": "float", "v": float.__repr__(x)}
    if isinstance(x, Fraction):
        return {"t": "frac", "n": hex(int(x.numerator)), "d": hex(int(x.denominator))}
    if isinstance(x, Decimal):
        return {"t": "decimal", "v": Decimal.__str__(x)}
    if isinstance(x, str):
        return {"t": "str", "v": str.__str__(x)[:100_000]}
    if isinstance(x, (list, tuple)):
        return {"t": "list" if isinstance(x, list) else "tuple",
                "v": [encode(v, _depth + 1, budget) for v in list.__iter__(x)] if isinstance(x, list)
                else [encode(v, _depth + 1, budget) for v in tuple.__iter__(x)]}
    if isinstance(x, dict):
        return {"t": "dict", "v": [[encode(k, _depth + 1, budget), encode(dict.__getitem__(x, k), _depth + 1, budget)]
                                   for k in dict.__iter__(x)]}
    mod = _mod(x)
    if mod.startswith("numpy"):
        return _encode_numpy(x, _depth, budget)
    if mod.startswith("pandas") or (mod, type(x).__name__) in {("nbteach._shown", "ShownFrame"),
                                                               ("nbteach._shown", "ShownSeries")}:
        return _encode_pandas(x, _depth, budget)   # the library's shown tables are DataFrames
    if mod.startswith("sympy"):
        import sympy  # heavy, optional: only for a formula

        if isinstance(x, sympy.Basic):
            return {"t": "sympy", "v": sympy.srepr(x)}
    if callable(x) and type(x).__name__ in ("function", "builtin_function_or_method", "partial"):
        try:
            import cloudpickle  # optional: only for a function answer

            payload = base64.b64encode(cloudpickle.dumps(x)).decode("ascii")
        except Exception:
            payload = None
        return {"t": "function", "name": str(getattr(x, "__name__", "f")), "v": payload}
    return {"t": "unsupported", "type": type(x).__name__}


def _encode_numpy(x, depth, budget):
    import numpy as np  # heavy, optional: only for an answer that is an array

    if isinstance(x, np.bool_):
        return {"t": "bool", "v": bool(x)}
    if isinstance(x, np.integer):
        return {"t": "npint", "dtype": x.dtype.str, "v": hex(int(x))}
    if isinstance(x, np.floating):
        return {"t": "npfloat", "dtype": x.dtype.str, "v": repr(float(x))}
    if isinstance(x, np.str_):
        return {"t": "str", "v": str(x)}
    if isinstance(x, np.ndarray):
        arr = np.asarray(x)
        if arr.size > MAX_ITEMS:
            return {"t": "unsupported", "type": "too large"}
        if arr.dtype.kind in "biuf" and arr.dtype.fields is None:
            shape = list(arr.shape)  # before ascontiguousarray, which makes a 0-d array 1-d
            arr = np.ascontiguousarray(arr)
            return {"t": "nd", "dtype": arr.dtype.str, "shape": shape,
                    "v": base64.b64encode(arr.tobytes()).decode("ascii")}
        if arr.dtype.kind in "OU":
            return {"t": "ndobj", "shape": list(arr.shape),
                    "v": [encode(v, depth + 1, budget) for v in arr.reshape(-1).tolist()]}
    return {"t": "unsupported", "type": type(x).__name__}


def _encode_pandas(x, depth, budget):
    import pandas as pd  # heavy, optional: only for a table answer

    if isinstance(x, pd.Series):
        return {"t": "series", "index": [encode(v, depth + 1, budget) for v in x.index.tolist()],
                "values": encode(x.to_numpy(), depth + 1, budget), "name": encode(x.name, depth + 1, budget)}
    if isinstance(x, pd.DataFrame):
        return {"t": "frame", "index": [encode(v, depth + 1, budget) for v in x.index.tolist()],
                "columns": [encode(v, depth + 1, budget) for v in x.columns.tolist()],
                "v": [encode(x.iloc[:, j].to_numpy(), depth + 1, budget) for j in range(x.shape[1])]}
    return {"t": "unsupported", "type": type(x).__name__}


def decode(d):
    """Rebuild an answer from :func:`encode`'s output, allowing only whitelisted types."""
    if not isinstance(d, dict) or not isinstance(d.get("t"), str):
        return Unsupported("malformed")
    t = d["t"]
    try:
        if t == "none":
            return None
        if t == "placeholder":
            return ____
        if t == "bool":
            return bool(d["v"]) if isinstance(d["v"], bool) else Unsupported("malformed")
        if t == "int":
            return int(_text(d["v"]), 16)
        if t == "float":
            return float(_text(d["v"]))
        if t == "frac":
            return Fraction(int(_text(d["n"]), 16), int(_text(d["d"]), 16))
        if t == "decimal":
            return Decimal(_text(d["v"]))
        if t == "str":
            return _text(d["v"])
        if t in ("list", "tuple"):
            items = [decode(v) for v in _list(d["v"])]
            return items if t == "list" else tuple(items)
        if t == "dict":
            out = {}
            for pair in _list(d["v"]):
                k, v = _list(pair)
                k = decode(k)
                try:
                    hash(k)
                except TypeError:
                    return Unsupported("malformed")
                out[k] = decode(v)
            return out
        if t in ("npint", "npfloat"):
            import numpy as np  # heavy, optional: only for an answer that is an array

            dtype = np.dtype(_text(d["dtype"]))
            if dtype.kind not in "iuf":
                return Unsupported("malformed")
            return dtype.type(int(_text(d["v"]), 16) if t == "npint" else float(_text(d["v"])))
        if t == "nd":
            import numpy as np  # heavy, optional: only for an answer that is an array

            dtype = np.dtype(_text(d["dtype"]))
            if dtype.kind not in "biuf" or dtype.fields is not None:
                return Unsupported("malformed")
            shape = tuple(int(s) for s in _list(d["shape"]))
            return np.frombuffer(base64.b64decode(_text(d["v"])), dtype=dtype).reshape(shape).copy()
        if t == "ndobj":
            import numpy as np  # heavy, optional: only for an answer that is an array

            shape = tuple(int(s) for s in _list(d["shape"]))
            items = [decode(v) for v in _list(d["v"])]
            arr = np.empty(len(items), dtype=object)
            for i, v in enumerate(items):
                arr[i] = v
            return arr.reshape(shape)
        if t == "series":
            import pandas as pd  # heavy, optional: only for a table answer

            return pd.Series(decode(d["values"]), index=[decode(v) for v in _list(d["index"])],
                             name=decode(d["name"]))
        if t == "frame":
            import pandas as pd  # heavy, optional: only for a table answer

            columns = [decode(v) for v in _list(d["columns"])]
            index = [decode(v) for v in _list(d["index"])]
            data = [decode(v) for v in _list(d["v"])]
            frame = pd.DataFrame(index=index)
            for j, col in enumerate(data):
                frame[j] = col
            frame.columns = columns
            return frame
        if t == "sympy":
            return sympy_from_srepr(_text(d["v"]))
        if t == "function":
            payload = d.get("v")
            return FunctionRef(_text(d.get("name", "f")), payload if isinstance(payload, str) else None)
        if t == "unsupported":
            return Unsupported(str(d.get("type", "?"))[:60])
    except Exception:
        return Unsupported("malformed")
    return Unsupported("malformed")


def _text(v) -> str:
    if not isinstance(v, str):
        raise TypeError("expected text")
    return v


def _list(v) -> list:
    if not isinstance(v, list):
        raise TypeError("expected a list")
    return v


def sympy_from_srepr(text: str):
    """Rebuild a sympy expression from ``srepr`` text by walking its syntax tree (no eval).

    >>> import sympy
    >>> e = sympy.Symbol("epsilon", positive=True) ** 3 / 5
    >>> sympy_from_srepr(sympy.srepr(e)) == e
    True
    """
    if len(text) > 200_000:
        raise ValueError("expression too long")
    tree = ast.parse(text, mode="eval")

    def build(node, depth=0):
        if depth > 200:
            raise ValueError("expression too deep")
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float, str, bool, type(None))):
            return node.value
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -build(node.operand, depth + 1)
        if isinstance(node, (ast.Tuple, ast.List)):
            return tuple(build(e, depth + 1) for e in node.elts)
        if isinstance(node, ast.Name):
            return _sympy_name(node.id)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            func = _sympy_name(node.func.id)
            args = [build(a, depth + 1) for a in node.args]
            kwargs = {k.arg: build(k.value, depth + 1) for k in node.keywords if k.arg}
            return func(*args, **kwargs)
        raise ValueError(f"not allowed in an expression: {type(node).__name__}")

    return build(tree.body)


def _sympy_name(name: str):
    import sympy  # heavy: loaded only when an answer is a sympy expression

    if name.startswith("_") or not hasattr(sympy, name):
        raise ValueError(f"unknown sympy name {name!r}")
    obj = getattr(sympy, name)
    if inspect.isclass(obj) and issubclass(obj, sympy.Basic):
        return obj
    if isinstance(obj, sympy.Basic):  # singletons such as pi, E, oo
        return obj
    if isinstance(obj, type(sympy.Function)) or getattr(obj, "__module__", "").startswith("sympy.functions"):
        return obj
    raise ValueError(f"{name!r} is not a sympy expression class")


# -- recording, for the batch grader ---------------------------------------------------
def record_answer(exercise_id: str, answer) -> None:
    """When the grader runs this notebook, append the answer to its record file.

    Only the answer is recorded (safely serialised), never a verdict: the grader
    re-checks every recorded answer in its own process, so nothing done inside the
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
