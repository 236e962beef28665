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
from dataclasses import dataclass

import sympy as sp

from .._base import NbteachError
from ..formula import check_size as _check_size
from ..formula import guard_formula, parse_formula
from ..formula import FormulaError
from ..i18n import tr

__all__ = ["equivalent", "Equivalence", "parse_formula", "guard_formula"]

# The grammar of a typed formula (parse_formula, guard_formula, the size limits) is
# nbteach.formula's: the one every check cell reads formulas with too.


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
        return (tr({"en": "**equal**", "zh": "**相等**"}) if self.equal
                else tr({"en": "**not equal**", "zh": "**不相等**"})) + (
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
            raise NbteachError(tr({"en": f"symbols maps a name you typed to a sympy object; the key "
                                         f"{key!r} is not a valid name.",
                                   "zh": f"symbols 把你写的名字对应到 sympy 对象；键 {key!r} 不是有效的名字。"}))
        names[key] = sp.sympify(value) if not isinstance(value, sp.Basic) else value
    return names


def _as_expr(value, names, who):
    if isinstance(value, sp.Equality):
        return _check_size(value.rhs)
    if isinstance(value, sp.Basic):
        return _check_size(value)
    if isinstance(value, str):
        return parse_formula(value, names)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return sp.nsimplify(value)
    raise NbteachError(tr({"en": f"the {who} formula must be a string or a sympy expression, got "
                                 f"{value!r} of type {type(value).__name__}.",
                           "zh": f"{who}公式必须是字符串或 sympy 表达式，你给的是 {type(value).__name__} 类型的 {value!r}。"}))


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
            return tr({"en": f"your expression differs by the factor {ratio}.",
                       "zh": f"你的表达式差一个因子 {ratio}。"})
    if extra:
        return tr({"en": f"your expression uses {', '.join(extra)}, which the answer does not: "
                         "check the names (or map them with symbols=...).",
                   "zh": f"你的表达式用到了 {', '.join(extra)}，而答案没有用到："
                         "请检查名字（或用 symbols=... 对应起来）。"})
    difference = sp.simplify(student - reference)
    if sp.count_ops(difference) <= 2 and not difference.has(sp.Sum, sp.Product):
        return tr({"en": f"your expression differs by the term {difference}.",
                   "zh": f"你的表达式差一项 {difference}。"})
    if missing:
        return tr({"en": f"your expression does not use {', '.join(missing)}.",
                   "zh": f"你的表达式没有用到 {', '.join(missing)}。"})
    return tr({"en": "the two expressions differ (sympy checked at random values of the symbols).",
               "zh": "两个表达式不相等（sympy 在符号的随机取值上检查过）。"})


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
        raise NbteachError(tr({"en": f"the reference formula is not valid: {exc}",
                               "zh": f"参考公式无效：{exc}"})) from None
    names = dict(_namespace(reference, None), **{k: v for k, v in names.items()})
    try:
        student = _as_expr(a, names, "student's")
    except NbteachError as exc:
        return Equivalence(False, exc.message() if isinstance(exc, FormulaError) else str(exc),
                           None, reference)
    if isinstance(student, sp.Basic) and not isinstance(student, sp.Expr):
        return Equivalence(False, tr({"en": "that is not an expression.", "zh": "这不是一个表达式。"}),
                           None, reference)
    student, reference = _canonical(student), _canonical(reference)
    try:
        diff = sp.simplify(student - reference)
    except Exception as exc:  # sympy could not combine them
        return Equivalence(False, tr({"en": f"sympy could not compare them ({type(exc).__name__}).",
                                      "zh": f"sympy 无法比较它们（{type(exc).__name__}）。"}),
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
        return Equivalence(True, tr({"en": "equal at every random exact point tried (sympy could not "
                                           "simplify the difference to 0 symbolically).",
                                     "zh": "在试过的每个随机精确点上都相等（sympy 没能把差符号化简为 0）。"}),
                           student, reference)
    return Equivalence(False, tr({"en": "sympy could not decide whether the two are equal: simplify "
                                        "your expression and try again.",
                                  "zh": "sympy 无法判断两者是否相等：请化简你的表达式后再试。"}),
                       student, reference)
