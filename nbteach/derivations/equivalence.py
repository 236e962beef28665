r"""Is a student's formula the same as the reference? Decided by sympy, with a reason.

>>> r = equivalent("(N_ij + 1)/(N_j + V)", "(N_ij + 1)/(N_j + V)")
>>> bool(r)
True
>>> r = equivalent("(N_ij + 1)/(N_j + 2)", "(N_ij + 1)/(N_j + V)")
>>> r.equal
False
"""
from __future__ import annotations

import random
import re
import warnings
from dataclasses import dataclass
from io import StringIO

import sympy as sp
from sympy.parsing.sympy_parser import (convert_xor, implicit_multiplication, parse_expr,
                                        standard_transformations)

from .._base import NbteachError

__all__ = ["equivalent", "Equivalence", "parse_formula"]

_TRANSFORMS = standard_transformations + (convert_xor, implicit_multiplication)

# The only names a student's string may call; everything else becomes a Symbol.
_FUNCTIONS = {
    "log": sp.log, "ln": sp.log, "exp": sp.exp, "sqrt": sp.sqrt, "gamma": sp.gamma,
    "Gamma": sp.gamma, "binomial": sp.binomial, "factorial": sp.factorial,
    "Sum": sp.Sum, "Product": sp.Product, "Abs": sp.Abs, "Rational": sp.Rational,
}
# What sympy's parser itself needs to build numbers and symbols.
def _positive_symbol(name, **assumptions):
    """Unknown names are positive: counts, probabilities and sizes all are."""
    return sp.Symbol(name, positive=True)


_PARSER_GLOBALS = {"Integer": sp.Integer, "Float": sp.Float, "Symbol": _positive_symbol,
                   "Rational": sp.Rational, "Function": sp.Function,
                   "Add": sp.Add, "Mul": sp.Mul, "Pow": sp.Pow,  # for evaluate=False
                   "__builtins__": {}}  # no builtins: unknown names become Symbols
_MAX_LENGTH = 500
_UNSAFE = re.compile(r"__|\b(import|lambda|exec|eval|open|globals|locals|getattr|"
                     r"setattr|compile|input|os|sys)\b|[;`$\\]|\.\s*[A-Za-z_]")


@dataclass
class Equivalence:
    """The answer of :func:`equivalent`: truthy when the formulas are equal.

    Attributes
    ----------
    equal : bool
    reason : str
        Why not, in words a student can act on ("differs by the factor V"); empty if equal.
    student, reference : sympy.Expr or None
        The two formulas as sympy parsed them (``student`` is None if it did not parse).
    """

    equal: bool
    reason: str
    student: object = None
    reference: object = None

    def __bool__(self) -> bool:
        return self.equal

    def __repr__(self) -> str:
        return f"Equivalence(equal={self.equal}, reason={self.reason!r})"

    def _repr_markdown_(self) -> str:
        return ("**equal**" if self.equal else "**not equal**") + (
            f": {self.reason}" if self.reason else "")


def _namespace(reference, symbols):
    """Name -> sympy object: the reference's own symbols by name, then the student's mapping."""
    names = {}
    if isinstance(reference, sp.Basic):
        for atom in reference.atoms(sp.Symbol):
            names[atom.name] = atom
        for atom in reference.atoms(sp.Indexed):  # an indexed name wins over its label
            names[str(atom.base.label)] = atom.base
    for key, value in (symbols or {}).items():
        if not isinstance(key, str) or not key.isidentifier():
            raise NbteachError(f"symbols maps a name you typed to a sympy object; the key "
                               f"{key!r} is not a valid name.")
        names[key] = sp.sympify(value) if not isinstance(value, sp.Basic) else value
    return names


def parse_formula(text, names=None):
    """Parse a formula a student typed, safely: only arithmetic, a few functions, names.

    Parameters
    ----------
    text : str
        e.g. ``"(N_ij + 1)/(N_j + V)"``; ``^`` means power, ``2V`` means ``2*V``.
    names : dict, optional
        Name -> sympy object, so the student's ``V`` is the reference's ``V``.

    Returns
    -------
    sympy.Expr

    Raises
    ------
    NbteachError
        If the text is not a formula (with what to fix).
    """
    if not isinstance(text, str):
        raise NbteachError(f"type the formula as a string, got {type(text).__name__}.")
    text = text.strip()
    if not text:
        raise NbteachError("the formula is empty: type an expression such as (N_ij + 1)/(N_j + V).")
    if len(text) > _MAX_LENGTH:
        raise NbteachError(f"the formula is {len(text)} characters long; keep it under "
                           f"{_MAX_LENGTH}.")
    if _UNSAFE.search(text):
        raise NbteachError(f"{text!r} is not a formula: use numbers, names, + - * / ^, "
                           "brackets and log/exp/sqrt/gamma/binomial.")
    if text.count("=") == 1:  # "theta = N_ij / N_j": the right-hand side is the formula
        text = text.split("=", 1)[1].strip()
    local = dict(_FUNCTIONS)
    local.update(names or {})
    try:
        with warnings.catch_warnings():  # sympy's deprecation noise about garbage input
            warnings.simplefilter("ignore")
            expr = _parse_checked(text, local)
    except NbteachError:
        raise
    except Exception as exc:  # whatever the parser raised: the text is not a formula
        raise NbteachError(f"could not read {text!r} as a formula ({type(exc).__name__}): "
                           "check the brackets and use * for products, / for fractions, "
                           "^ for powers.") from None
    if not isinstance(expr, sp.Expr):
        raise NbteachError(f"{text!r} is not a single expression (got {type(expr).__name__}).")
    if expr.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
        raise NbteachError(f"{text!r} divides by zero or is infinite: check the denominators.")
    return _check_size(expr)


_GROWING = {"factorial", "factorial2", "gamma", "binomial", "subfactorial", "rf", "ff"}


def guard_formula(text: str) -> None:
    """Refuse, before sympy sees it, a formula whose parsing alone would run for ever:
    a fast-growing function of a large or itself fast-growing argument
    (``factorial(factorial(20))``), or a tower of powers (``9**9**9``). sympy evaluates
    such calls while it parses, even unevaluated, so the check reads the text's syntax tree.

    >>> guard_formula("factorial(3) / 2")
    >>> guard_formula("factorial(factorial(20))")
    Traceback (most recent call last):
    ...
    nbteach._base.NbteachError: factorial(...) of a large or growing argument is too large to compare exactly.
    """
    import ast

    try:
        tree = ast.parse(text.replace("^", "**"), mode="eval")
    except SyntaxError:
        return  # the parser will say what is wrong

    def big(node) -> bool:
        for sub in ast.walk(node):
            if isinstance(sub, ast.Constant) and isinstance(sub.value, (int, float)) and abs(sub.value) > _MAX_EXPONENT:
                return True
            if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id in _GROWING:
                return True
            if isinstance(sub, ast.BinOp) and isinstance(sub.op, ast.Pow):
                return True
        return False

    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _GROWING:
            if any(big(a) for a in node.args):
                raise NbteachError(f"{node.func.id}(...) of a large or growing argument is too large "
                                   "to compare exactly.")
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow) and big(node.right):
            raise NbteachError(f"the exponent is too large to compare exactly: keep exponents within "
                               f"+-{_MAX_EXPONENT}, and no powers of powers.")


def _parse_checked(text, local):
    """parse_expr twice: unevaluated to refuse huge numbers, then evaluated."""
    guard_formula(text)
    # unevaluated first, so that 10**10**10 or factorial(10**9) is refused, not computed
    _check_size(parse_expr(text, local_dict=local, global_dict=dict(_PARSER_GLOBALS),
                           transformations=_TRANSFORMS, evaluate=False))
    return parse_expr(text, local_dict=local, global_dict=dict(_PARSER_GLOBALS),
                      transformations=_TRANSFORMS, evaluate=True)


_MAX_EXPONENT = 1000
_MAX_NUMBER = 10 ** 15


def _too_big(value, limit):
    """True if a constant sub-expression is larger than ``limit`` (checked without expanding it)."""
    if not value.is_number:
        return False
    try:
        return bool(abs(sp.N(value, 5)) > limit)
    except (TypeError, ValueError, OverflowError):
        return True


def _check_size(expr):
    """Refuse formulas whose exact arithmetic would explode (x**99999999999, factorial(10**9)),
    and infinite ones (x/0)."""
    if expr.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
        raise NbteachError(f"{expr} divides by zero or is infinite: check the denominators.")
    for node in sp.preorder_traversal(expr):
        if isinstance(node, sp.Pow) and _too_big(node.exp, _MAX_EXPONENT):
            raise NbteachError(f"the exponent {node.exp} is too large to compare exactly: "
                               f"keep exponents within +-{_MAX_EXPONENT}.")
        if (isinstance(node, (sp.factorial, sp.gamma, sp.binomial))
                and any(_too_big(a, _MAX_EXPONENT) for a in node.args)):
            raise NbteachError(f"{node.func.__name__} of a number above {_MAX_EXPONENT} is too "
                               "large to compare exactly.")
        if node.is_Number and _too_big(node, _MAX_NUMBER):
            raise NbteachError(f"the number {node} is too large: keep numbers below 1e15.")
    return expr


def _as_expr(value, names, who):
    if isinstance(value, sp.Equality):
        return _check_size(value.rhs)
    if isinstance(value, sp.Basic):
        return _check_size(value)
    if isinstance(value, str):
        return parse_formula(value, names)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return sp.nsimplify(value)
    raise NbteachError(f"the {who} formula must be a string or a sympy expression, got "
                       f"{value!r} of type {type(value).__name__}.")


def _random_point(free, rng):
    """Positive rationals, different for each symbol: counts, probabilities, sizes alike."""
    point = {}
    for s in free:
        if getattr(s, "is_integer", False):
            point[s] = sp.Integer(rng.randint(2, 9))
        else:
            point[s] = sp.Rational(rng.randint(1, 97), rng.randint(98, 197))
    return point


def _canonical(expr, depth=0):
    """Rename the bound index of every Sum/Product by its nesting depth, so that
    Sum(N[k, j], (k, 1, V)) and Sum(N[i', j], (i', 1, V)) become the same expression."""
    if isinstance(expr, (sp.Sum, sp.Product)):
        body, limits = expr.function, []
        for n, (var, lo, hi) in enumerate(expr.limits):
            new = sp.Symbol(f"_k{depth}_{n}", integer=True, positive=True)
            body = body.xreplace({var: new})
            limits.append((new, _canonical(lo, depth), _canonical(hi, depth)))
        return type(expr)(_canonical(body, depth + 1), *limits)
    if expr.args and not isinstance(expr, (sp.Indexed, sp.IndexedBase)):
        return expr.func(*[_canonical(a, depth) for a in expr.args])
    if isinstance(expr, sp.Indexed):
        return expr.base[tuple(_canonical(a, depth) for a in expr.indices)]
    return expr


def _names(expr):
    """The names a formula uses: symbols, and indexed bases (N for N[i, j])."""
    out = set()
    for s in expr.free_symbols:
        out.add(str(s.base.label) if isinstance(s, sp.Indexed) else str(s))
    return out


def _reason(student, reference):
    """Say how the two differ, where sympy can tell; never print the reference itself."""
    s_free, r_free = _names(student), _names(reference)
    missing = sorted(r_free - s_free)
    extra = sorted(s_free - r_free)
    if reference != 0 and student != 0:
        ratio = sp.simplify(student / reference)
        if ratio.is_number or (sp.count_ops(ratio) <= 2 and not ratio.has(sp.Sum, sp.Product)):
            return f"your expression differs by the factor {ratio}."
    if extra:
        return (f"your expression uses {', '.join(extra)}, which the answer does not: "
                "check the names (or map them with symbols=...).")
    difference = sp.simplify(student - reference)
    if sp.count_ops(difference) <= 2 and not difference.has(sp.Sum, sp.Product):
        return f"your expression differs by the term {difference}."
    if missing:
        return f"your expression does not use {', '.join(missing)}."
    return "the two expressions differ (sympy checked at random values of the symbols)."


def equivalent(a, b, symbols=None):
    r"""Decide whether formula ``a`` (a student's) equals the reference ``b``.

    Equal means :math:`a - b` simplifies to 0 (sympy ``simplify``, then ``equals``);
    unequal means an exact evaluation at random positive values tells them apart.

    Parameters
    ----------
    a : str or sympy.Expr
        The student's formula; a string is parsed safely (no code runs).
    b : str or sympy.Expr
        The reference formula.
    symbols : dict, optional
        The student's names -> sympy objects (e.g. ``{"V": V, "N": N}``). Names that
        appear in ``b`` are matched by name without being listed.

    Returns
    -------
    Equivalence
        Truthy if equal; ``.reason`` explains a mismatch ("differs by the factor V").

    Examples
    --------
    >>> import sympy as sp
    >>> N_ij, N_j, V = sp.symbols("N_ij N_j V", positive=True)
    >>> equivalent("N_ij/(V*N_j)", N_ij / N_j).reason
    'your expression differs by the factor 1/V.'
    >>> bool(equivalent("x^2 - 1", "(x - 1)*(x + 1)"))
    True
    """
    names = _namespace(b if isinstance(b, sp.Basic) else None, symbols)
    try:
        reference = _as_expr(b, names, "reference")
    except NbteachError as exc:
        raise NbteachError(f"the reference formula is not valid: {exc}") from None
    names = dict(_namespace(reference, None), **{k: v for k, v in names.items()})
    try:
        student = _as_expr(a, names, "student's")
    except NbteachError as exc:
        return Equivalence(False, str(exc), None, reference)
    if isinstance(student, sp.Basic) and not isinstance(student, sp.Expr):
        return Equivalence(False, "that is not an expression.", None, reference)
    student, reference = _canonical(student), _canonical(reference)
    try:
        diff = sp.simplify(student - reference)
    except Exception as exc:  # sympy could not combine them
        return Equivalence(False, f"sympy could not compare them ({type(exc).__name__}).",
                           student, reference)
    if diff == 0:
        return Equivalence(True, "", student, reference)
    rng = random.Random(0)
    free = sorted(diff.free_symbols, key=str)
    zeros = 0
    for _ in range(6):
        value = diff.xreplace(_random_point(free, rng))
        try:
            value = sp.simplify(value)
        except Exception:
            continue
        if value.is_number and value.is_finite and value != 0:
            return Equivalence(False, _reason(student, reference), student, reference)
        zeros += value == 0
    if diff.equals(0) is True:
        return Equivalence(True, "", student, reference)
    if zeros >= 4:  # not simplified to 0, but exactly 0 at every random rational point tried
        return Equivalence(True, "equal at every random exact point tried (sympy could not "
                           "simplify the difference to 0 symbolically).", student, reference)
    return Equivalence(False, "sympy could not decide whether the two are equal: simplify "
                       "your expression and try again.", student, reference)
