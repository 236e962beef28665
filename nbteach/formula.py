r"""One formula grammar: what a student may type as a formula, read safely into sympy.

:func:`parse_formula` is the only reader of a typed formula in nbteach: ``derivations.equivalent``
(lesson 04's "check your own formula"), every lesson check cell whose answer is a formula
(``nbteach.check.compare``) and graded homework's ``"sympy"`` answers
(``nbteach.check.graded``) all call it, so a formula that one accepts the others accept.

What a formula may hold (lesson 04 teaches it):

* numbers (``2``, ``0.5``, ``1e-3``), names (``N_ij``, ``V``, ``epsilon``; not starting with
  ``_``), ``+ - * /``, powers as ``^`` or ``**``, brackets;
* a product written without ``*`` after a number or a bracket: ``2V`` is ``2*V``,
  ``(N+1)(N+2)`` is ``(N+1)*(N+2)``;
* the functions ``log`` (``ln``), ``exp``, ``sqrt``, ``gamma`` (``Gamma``), ``binomial``,
  ``factorial``, ``Abs``, ``Rational``, and ``Sum`` / ``Product`` over an index with its range
  (``Sum(N[k, j], (k, 1, V))``); ``pi`` and ``E`` are the constants unless a name says otherwise;
* subscripts of a name the caller declares indexed (``N[i, j]``);
* ``theta = ...``: the right-hand side is the formula.

What it refuses, each with a message that says what to fix (:class:`FormulaError`, an
``NbteachError``): code (``__``, ``import``, ``lambda``, ``;``, quotes), attribute access
(``x.real``), a call of anything but the functions above (``f(x)``: write ``f*(x)`` for a
product), comparisons, lists and other Python syntax; more than :data:`MAX_LENGTH` characters
or :data:`MAX_NODES` parts; and, before sympy evaluates anything, whatever would take
unbounded time: an exponent beyond +-:data:`MAX_EXPONENT`, a power of a power
(``9**9**9``), a growing function of a large or growing argument (``factorial(10**9)``,
``factorial(factorial(20))``), a number above :data:`MAX_NUMBER`, a division by zero.

>>> parse_formula("(N+1)/(N+2V)")
(N + 1)/(N + 2*V)
>>> parse_formula("binomial(N, 2)")
binomial(N, 2)
>>> parse_formula("x.real")
Traceback (most recent call last):
...
nbteach.formula.FormulaError: 'x.real' is not a formula: attribute access (.) is not allowed; use numbers, names, + - * / ^, brackets and log/exp/sqrt/gamma/binomial.
"""
from __future__ import annotations

import ast
import re
import warnings

from nbteach._base import NbteachError
from nbteach.i18n import tr

__all__ = ["parse_formula", "guard_formula", "FormulaError", "FUNCTIONS", "MAX_LENGTH", "MAX_NODES",
           "MAX_EXPONENT", "MAX_NUMBER"]

#: The longest formula read, in characters.
MAX_LENGTH = 500
#: The most syntax-tree nodes a formula may have (after sympy's own rewriting of it).
MAX_NODES = 1000
#: The largest exponent (and argument of factorial, gamma, binomial) compared exactly.
MAX_EXPONENT = 1000
#: The largest number a formula may hold.
MAX_NUMBER = 10 ** 15

#: The only names a formula may call.
FUNCTIONS = ("log", "ln", "exp", "sqrt", "gamma", "Gamma", "binomial", "factorial", "Sum", "Product",
             "Abs", "Rational")
_GROWING = {"factorial", "factorial2", "gamma", "Gamma", "binomial", "subfactorial", "rf", "ff"}
_CONSTANTS = ("pi", "E")
# what sympy's parser writes into the code it builds from the text (numbers and names)
_BUILDERS = {"Integer", "Float", "Symbol", "Rational"}
_UNSAFE = re.compile(r"__|\b(import|lambda|exec|eval|open|globals|locals|getattr|"
                     r"setattr|compile|input|os|sys)\b|[;`$\\'\"]")
_CALL = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\s*\(")
_WHAT_IS_ALLOWED = {"en": "use numbers, names, + - * / ^, brackets and log/exp/sqrt/gamma/binomial.",
                    "zh": "请只用数、名字、+ - * / ^、括号和 log/exp/sqrt/gamma/binomial。"}


class FormulaError(NbteachError):
    """A formula refused, with what to fix. ``str()`` is English; :meth:`message` follows
    ``nbteach.set_language``."""

    def __init__(self, template: dict, /, **fields):
        self.template, self.fields = template, fields
        super().__init__(tr(template, lang="en", **fields))

    def message(self, lang=None) -> str:
        return tr(self.template, lang=lang, **self.fields)


def _not_a_formula(text, why_en, why_zh):
    return FormulaError({"en": "{formula!r} is not a formula: " + why_en + "; " + _WHAT_IS_ALLOWED["en"],
                         "zh": "{formula!r} 不是公式：" + why_zh + "；" + _WHAT_IS_ALLOWED["zh"]}, formula=text)


def _sympy():
    import sympy  # heavy: loaded by the first formula read, so that importing nbteach.check stays light

    return sympy


def _positive_symbol(name, **assumptions):
    """Unknown names are positive: counts, probabilities and sizes all are."""
    return _sympy().Symbol(name, positive=True)


def guard_formula(text: str) -> None:
    """Refuse, before sympy sees it, a formula whose parsing alone would run for ever:
    a fast-growing function of a large or itself fast-growing argument
    (``factorial(factorial(20))``), or a tower of powers (``9**9**9``). sympy evaluates
    such calls while it parses, even unevaluated, so the check reads the text's syntax tree.

    >>> guard_formula("factorial(3) / 2")
    >>> guard_formula("factorial(factorial(20))")
    Traceback (most recent call last):
    ...
    nbteach.formula.FormulaError: factorial(...) of a large or growing argument is too large to compare exactly.
    """
    try:
        tree = ast.parse(text.replace("^", "**"), mode="eval")
    except SyntaxError:
        return  # the parser will say what is wrong

    def big(node) -> bool:
        for sub in ast.walk(node):
            if isinstance(sub, ast.Constant) and isinstance(sub.value, (int, float)) and abs(sub.value) > MAX_EXPONENT:
                return True
            if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id in _GROWING:
                return True
            if isinstance(sub, ast.BinOp) and isinstance(sub.op, ast.Pow):
                return True
        return False

    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _GROWING:
            if any(big(a) for a in node.args):
                raise FormulaError({"en": "{name}(...) of a large or growing argument is too large to compare exactly.",
                                    "zh": "{name}(...) 的参数太大或增长太快，无法精确比较。"}, name=node.func.id)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow) and big(node.right):
            raise FormulaError({"en": "the exponent is too large to compare exactly: keep exponents within "
                                      "+-{limit}, and no powers of powers.",
                                "zh": "指数太大，无法精确比较：指数请保持在 ±{limit} 以内，且不要写幂的幂。"},
                               limit=MAX_EXPONENT)


def _check_code(code: str, text: str, names: dict) -> None:
    """Refuse anything but arithmetic in the Python code sympy's parser built from ``text``
    (read before it is evaluated): the last gate before ``eval``."""
    try:
        tree = ast.parse(code, mode="eval")
    except SyntaxError:
        raise FormulaError({"en": "could not read {formula!r} as a formula: check the brackets and use * for "
                                  "products, / for fractions, ^ for powers.",
                            "zh": "无法把 {formula!r} 读成公式：请检查括号，乘法用 *，分数用 /，幂用 ^。"},
                           formula=text) from None
    nodes = list(ast.walk(tree))
    if len(nodes) > MAX_NODES:
        raise FormulaError({"en": "the formula has too many parts (more than {limit}): simplify it first.",
                            "zh": "公式太复杂（超过 {limit} 个部分）：请先化简。"}, limit=MAX_NODES)
    callable_names = set(FUNCTIONS) | _BUILDERS | {n for n, v in names.items() if _is_function(v)}
    allowed_tuples = set()
    for node in nodes:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("Sum", "Product"):
            allowed_tuples |= {id(a) for a in node.args[1:] if isinstance(a, ast.Tuple)}
        if isinstance(node, ast.Subscript):
            allowed_tuples.add(id(node.slice))
    for node in nodes:
        if isinstance(node, ast.Attribute):
            raise _not_a_formula(text, "attribute access (.) is not allowed", "不允许访问属性（.）")
        if isinstance(node, ast.Call):
            if not isinstance(node.func, ast.Name) or node.func.id not in callable_names:
                raise _not_a_formula(text, "only log, exp, sqrt, gamma, binomial, factorial, Sum, Product, "
                                           "Abs and Rational may be called", "只能调用 log、exp、sqrt、gamma、"
                                           "binomial、factorial、Sum、Product、Abs 和 Rational")
            if node.keywords:
                raise _not_a_formula(text, "a function takes no keyword", "函数不接受关键字参数")
            strings_ok = node.func.id in _BUILDERS
            for a in node.args:
                if isinstance(a, ast.Constant) and isinstance(a.value, str) and not strings_ok:
                    raise _not_a_formula(text, "text in quotes is not allowed", "不允许带引号的文字")
        elif isinstance(node, ast.Tuple) and id(node) not in allowed_tuples:
            raise _not_a_formula(text, "a list of values is not one formula", "一组值不是一个公式")
        elif isinstance(node, ast.Subscript):
            if not (isinstance(node.value, ast.Name) and node.value.id in names):
                raise _not_a_formula(text, "only a declared indexed name may be subscripted (N[i, j])",
                                     "只有声明过的带下标名字才能写下标（N[i, j]）")
        elif isinstance(node, ast.BinOp):
            if not isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow)):
                raise _not_a_formula(text, "only + - * / ^ combine values", "只能用 + - * / ^ 组合数值")
        elif isinstance(node, ast.UnaryOp):
            if not isinstance(node.op, (ast.USub, ast.UAdd)):
                raise _not_a_formula(text, "only + - * / ^ combine values", "只能用 + - * / ^ 组合数值")
        elif isinstance(node, (ast.List, ast.Set, ast.Dict)):
            raise _not_a_formula(text, "a list of values is not one formula", "一组值不是一个公式")
        elif isinstance(node, (ast.Compare, ast.BoolOp)):
            raise _not_a_formula(text, "a comparison (<, ==, and, or) is not a formula", "比较（<、==、and、or）不是公式")
        elif not isinstance(node, (ast.Expression, ast.Name, ast.Constant, ast.Load, ast.operator,
                                   ast.unaryop, ast.Tuple, ast.Call, ast.Subscript)):
            raise _not_a_formula(text, f"{type(node).__name__} is not arithmetic", f"{type(node).__name__} 不是算术")
        if isinstance(node, ast.Name) and node.id.startswith("_"):
            raise _not_a_formula(text, "names starting with _ are not allowed", "不允许以 _ 开头的名字")


def _is_function(value) -> bool:
    sp = _sympy()
    return isinstance(value, sp.FunctionClass) or (callable(value) and not isinstance(value, sp.Basic)
                                                   and not isinstance(value, type))


def _too_big(value, limit):
    """True if a constant sub-expression is larger than ``limit`` (checked without expanding it)."""
    if not value.is_number:
        return False
    try:
        return bool(abs(_sympy().N(value, 5)) > limit)
    except (TypeError, ValueError, OverflowError):
        return True


def check_size(expr):
    """``expr``, unless its exact arithmetic would explode (``x**99999999999``,
    ``factorial(10**9)``) or it is infinite (``x/0``): then a :class:`FormulaError`."""
    sp = _sympy()
    if expr.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
        raise FormulaError({"en": "{expr} divides by zero or is infinite: check the denominators.",
                            "zh": "{expr} 除以零或为无穷大：请检查分母。"}, expr=str(expr)[:80])
    for node in sp.preorder_traversal(expr):
        if isinstance(node, sp.Pow) and _too_big(node.exp, MAX_EXPONENT):
            raise FormulaError({"en": "the exponent {exp} is too large to compare exactly: keep exponents "
                                      "within +-{limit}.",
                                "zh": "指数 {exp} 太大，无法精确比较：指数请保持在 ±{limit} 以内。"},
                               exp=str(node.exp)[:40], limit=MAX_EXPONENT)
        if (isinstance(node, (sp.factorial, sp.gamma, sp.binomial))
                and any(_too_big(a, MAX_EXPONENT) for a in node.args)):
            raise FormulaError({"en": "{name} of a number above {limit} is too large to compare exactly.",
                                "zh": "{name} 的参数超过 {limit}，太大，无法精确比较。"},
                               name=node.func.__name__, limit=MAX_EXPONENT)
        if node.is_Number and _too_big(node, MAX_NUMBER):
            raise FormulaError({"en": "the number {n} is too large: keep numbers below 1e15.",
                                "zh": "数 {n} 太大：请让数小于 1e15。"}, n=str(node)[:40])
    return expr


def parse_formula(text, names=None):
    """Read a formula a student typed, safely: only arithmetic, a few functions, names.

    Parameters
    ----------
    text : str
        e.g. ``"(N_ij + 1)/(N_j + V)"``; ``^`` means power, ``2V`` means ``2*V``.
    names : dict, optional
        Name -> sympy object, so that the student's ``V`` is the reference's ``V`` (a name
        mapped to an ``IndexedBase`` may be subscripted). Other names become positive
        symbols.

    Returns
    -------
    sympy.Expr

    Raises
    ------
    FormulaError
        (an ``NbteachError``) if the text is not a formula this grammar reads, saying what to fix.

    Examples
    --------
    >>> parse_formula("theta = N_ij / N_j")
    N_ij/N_j
    >>> parse_formula("2^10^10")
    Traceback (most recent call last):
    ...
    nbteach.formula.FormulaError: the exponent is too large to compare exactly: keep exponents within +-1000, and no powers of powers.
    """
    if not isinstance(text, str):
        raise FormulaError({"en": "type the formula as a string, got {got}.",
                            "zh": "请把公式写成字符串，你给的是 {got}。"}, got=type(text).__name__)
    text = text.strip()
    if not text:
        raise FormulaError({"en": "the formula is empty: type an expression such as (N_ij + 1)/(N_j + V).",
                            "zh": "公式是空的：请写一个表达式，例如 (N_ij + 1)/(N_j + V)。"})
    if len(text) > MAX_LENGTH:
        raise FormulaError({"en": "the formula is {n} characters long; keep it under {limit}.",
                            "zh": "公式有 {n} 个字符；请少于 {limit} 个。"}, n=len(text), limit=MAX_LENGTH)
    if _UNSAFE.search(text):
        raise FormulaError({"en": "{formula!r} is not a formula: " + _WHAT_IS_ALLOWED["en"],
                            "zh": "{formula!r} 不是公式：" + _WHAT_IS_ALLOWED["zh"]}, formula=text[:80])
    if text.count("=") == 1:  # "theta = N_ij / N_j": the right-hand side is the formula
        text = text.split("=", 1)[1].strip()
    sp = _sympy()
    # a name that cannot be typed (the reference's bound index i') is no name of the grammar
    names = {k: v for k, v in (names or {}).items() if isinstance(k, str) and k.isidentifier()}
    for name in _CALL.findall(text):
        if name not in FUNCTIONS and not _is_function(names.get(name)):
            raise FormulaError({"en": "{name}(...) is not a function a formula may call: write {name}*(...) "
                                      "for a product; the functions are log, exp, sqrt, gamma, binomial, "
                                      "factorial, Sum, Product, Abs.",
                                "zh": "{name}(...) 不是公式可以调用的函数：乘积请写成 {name}*(...)；可用的函数有 "
                                      "log、exp、sqrt、gamma、binomial、factorial、Sum、Product、Abs。"},
                               name=name)
    guard_formula(text)
    local = {n: getattr(sp, n) for n in _CONSTANTS}
    local.update({"log": sp.log, "ln": sp.log, "exp": sp.exp, "sqrt": sp.sqrt, "gamma": sp.gamma,
                  "Gamma": sp.gamma, "binomial": sp.binomial, "factorial": sp.factorial, "Sum": sp.Sum,
                  "Product": sp.Product, "Abs": sp.Abs, "Rational": sp.Rational})
    local.update(names)
    try:
        with warnings.catch_warnings():  # sympy's deprecation noise about garbage input
            warnings.simplefilter("ignore")
            expr = _parse_checked(text, local)
    except NbteachError:
        raise
    except Exception as exc:  # whatever the parser raised: the text is not a formula
        raise FormulaError({"en": "could not read {formula!r} as a formula ({error}): check the brackets and use "
                                  "* for products, / for fractions, ^ for powers.",
                            "zh": "无法把 {formula!r} 读成公式（{error}）：请检查括号，乘法用 *，分数用 /，幂用 ^。"},
                           formula=text, error=type(exc).__name__) from None
    if not isinstance(expr, sp.Expr):
        raise FormulaError({"en": "{formula!r} is not a single expression (got {got}).",
                            "zh": "{formula!r} 不是单个表达式（得到的是 {got}）。"}, formula=text, got=type(expr).__name__)
    return check_size(expr)


def _parse_checked(text, local):
    """sympy's parser, its code checked before it runs: unevaluated first (to refuse huge
    numbers before computing them), then evaluated."""
    sp = _sympy()
    from sympy.parsing.sympy_parser import (convert_xor, eval_expr,  # heavy: sympy's parser
                                            implicit_multiplication, standard_transformations,
                                            stringify_expr)

    transformations = standard_transformations + (convert_xor, implicit_multiplication)
    glob = {"Integer": sp.Integer, "Float": sp.Float, "Symbol": _positive_symbol, "Rational": sp.Rational,
            "__builtins__": {}}  # no builtins: unknown names become Symbols
    code = stringify_expr(text, dict(local), dict(glob), transformations)
    _check_code(code, text, local)
    with sp.evaluate(False):
        check_size(eval_expr(code, dict(local), dict(glob)))
    return eval_expr(code, dict(local), dict(glob))
