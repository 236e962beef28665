"""The derivation object: numbered steps, a result, and a sympy check of every step.

A :class:`Derivation` is a list of :class:`Step` (a short sentence and a sympy
expression each), a ``result`` mapping each parameter to its closed form, and a list
of named checks. ``verify()`` runs every check with sympy and returns True only if all
pass; ``checks`` then says which passed. Steps render in a notebook as numbered
Markdown lines with LaTeX.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

import sympy as sp
from sympy.printing.latex import LatexPrinter

from .._base import NbteachError
from ..i18n import tr
from ._zh import said

__all__ = ["Step", "Derivation", "is_zero", "in_range", "sizes"]


@dataclass
class Step:
    """One line of a derivation: what is done, in words, and the sympy expression.

    ``expr`` is a sympy expression or equation, or a tuple of them (one per class or
    per word) shown as an aligned block.
    """

    text: str
    expr: object
    key: str = ""

    def latex(self) -> str:
        exprs = self.expr if isinstance(self.expr, (tuple, list)) else (self.expr,)
        body = r" \\ ".join(_latex(e) for e in exprs)
        if len(exprs) > 1:
            return r"\begin{gathered}" + body + r"\end{gathered}"
        return body


class _Printer(LatexPrinter):
    """Partial derivatives as the notes write them: dJ/d pi_j with a curly d."""

    def _print_Derivative(self, expr):
        f = self._print(expr.expr)
        counts = expr.variable_count
        if len(counts) == 1 and counts[0][1] == 1:
            return r"\frac{\partial %s}{\partial %s}" % (f, self._print(counts[0][0]))
        order = sum(n for _, n in counts)
        below = " ".join(r"\partial %s" % self._print(v) + (f"^{{{n}}}" if n > 1 else "")
                         for v, n in counts)
        return r"\frac{\partial^{%d} %s}{%s}" % (order, f, below)


def _latex(expr) -> str:
    """sympy's LaTeX with the notes' notation: theta_{i|j}, mu_{i|j}."""
    out = _Printer().doprint(expr)
    # {\theta}_{i,j} -> \theta_{i|j}: a conditional probability, as the notes write it.
    out = re.sub(r"\{\\(theta|mu)\}_\{([^{},]+),([^{},]+)\}", r"\\\1_{\2|\3}", out)
    out = re.sub(r"\{\\(pi|beta|theta|mu|lambda)\}_\{", r"\\\1_{", out)
    return out


@dataclass
class Derivation:
    """A derivation whose every line sympy re-checks.

    Attributes
    ----------
    title : str
        What is derived.
    steps : list of Step
        The lines, in order.
    result : dict
        Parameter (a sympy Indexed such as ``pi[1]`` or ``theta[i, j]``) -> closed form.
    symbols : dict
        The sympy objects a reader needs by name (``"pi"``, ``"theta"``, ``"N"``, ...).
    checks : list of (str, bool)
        Filled by :meth:`verify`: each check's description and whether it passed.

    Examples
    --------
    >>> from nbteach.derivations import multinomial_mle
    >>> d = multinomial_mle(2, 2)
    >>> d.step("multiplier_pi").expr
    (Eq(lambda, N[1] + N[2]),)
    >>> theta, N = d.symbols["theta"], d.symbols["N"]
    >>> d.result[theta[1, 2]] = N[1, 2] / N[2]      # a wrong closed form
    >>> d.verify(), d.failed[-1]
    (False, 'the result equals the textbook closed form')
    """

    title: str
    steps: list
    result: dict
    symbols: dict
    _checks: list = field(default_factory=list, repr=False)
    checks: list = field(default_factory=list)

    def add_check(self, description: str, fn: Callable[["Derivation"], bool]) -> None:
        self._checks.append((description, fn))

    def step(self, key: str) -> Step:
        """The step stored under ``key`` (e.g. ``"lagrangian"``)."""
        for s in self.steps:
            if s.key == key:
                return s
        raise NbteachError(
            tr({"en": f"this derivation has no step {key!r}; its steps are "
                      f"{', '.join(s.key for s in self.steps if s.key)}.",
                "zh": f"这个推导没有步骤 {key!r}；它的步骤是 {', '.join(s.key for s in self.steps if s.key)}。"})
        )

    def verify(self) -> bool:
        """Re-check every step and the result with sympy; True only if all checks pass.

        A check that raises counts as failed. ``self.checks`` lists each check and
        whether it passed, so a failure can be read (its description in the student's
        language, :func:`nbteach.set_language`).
        """
        self.checks = []
        for description, fn in self._checks:
            try:
                ok = bool(fn(self))
            except Exception as exc:  # a failed check, not a crash: say why
                ok = False
                description = f"{description} (could not check: {type(exc).__name__}: {exc})"
            self.checks.append((said(description), ok))
        return bool(self.checks) and all(ok for _, ok in self.checks)

    @property
    def failed(self) -> list:
        """Descriptions of the checks that failed in the last :meth:`verify`."""
        return [d for d, ok in self.checks if not ok]

    def to_markdown(self) -> str:
        lines = [f"**{said(self.title)}**", ""]
        for n, s in enumerate(self.steps, 1):
            lines.append(f"{n}. {said(s.text)}")
            lines.append(f"$$ {s.latex()} $$")
        if self.checks:
            passed, total = sum(ok for _, ok in self.checks), len(self.checks)
            failed = "; ".join(self.failed)
            lines.append(tr({"en": f"\nsympy checked {passed} of {total} checks: "
                                   + ("all passed." if passed == total else "FAILED: " + failed),
                             "zh": f"\nsympy 检查了 {total} 项中的 {passed} 项："
                                   + ("全部通过。" if passed == total else "未通过：" + failed)}))
        return "\n".join(lines)

    def _repr_markdown_(self) -> str:
        return self.to_markdown()

    def __str__(self) -> str:
        lines = [said(self.title)]
        for n, s in enumerate(self.steps, 1):
            exprs = s.expr if isinstance(s.expr, (tuple, list)) else (s.expr,)
            lines.append(f"{n:2d}. {said(s.text)}")
            lines.extend(f"      {sp.sstr(e)}" for e in exprs)
        return "\n".join(lines)

    def __repr__(self) -> str:
        return tr({"en": f"<Derivation {self.title!r}: {len(self.steps)} steps, {len(self.result)} results>",
                   "zh": f"<推导 {said(self.title)!r}：{len(self.steps)} 步，{len(self.result)} 个结果>"})


def is_zero(expr) -> bool:
    """True only if sympy proves ``expr`` is zero (simplify, then ``equals``)."""
    if isinstance(expr, sp.Equality):
        expr = expr.lhs - expr.rhs
    expr = sp.sympify(expr)
    if expr == 0:
        return True
    if not expr.has(sp.Sum, sp.Product, sp.log, sp.gamma, sp.Piecewise, sp.KroneckerDelta):
        # a rational function: cancel() is canonical, so its answer is final (and fast)
        return sp.cancel(sp.together(expr)) == 0
    simplified = sp.simplify(expr)
    if simplified == 0:
        return True
    return simplified.equals(0) is True


def in_range(expr):
    """Drop sympy's "index within range" Piecewise: keep the branch for a valid index.

    Differentiating ``Sum(N[j'] log pi[j'], (j', 1, C))`` by ``pi[j]`` gives
    ``Piecewise((N[j]/pi[j], j <= C), (0, True))``; the index j is always in range here.
    """
    def pick(pw):
        for value, cond in pw.args:
            if cond is not sp.true:
                return value
        return pw.args[0][0]

    return expr.replace(lambda e: isinstance(e, sp.Piecewise), pick)


def sizes(n_classes, n_words, default_names=("C", "V"), arg_names=("n_classes", "n_words")):
    """Validate the sizes: ints >= 1 give a concrete derivation, a name or Symbol a general one.

    Returns (C, V, general) where C and V are ints or positive integer Symbols.
    """
    out = []
    for value, name, default in zip((n_classes, n_words), arg_names, default_names):
        if isinstance(value, str):
            if not value.isidentifier():
                raise NbteachError(tr({"en": f"{name} must be a whole number >= 1 or a symbol name "
                                             f"such as {default!r}, got {value!r}.",
                                       "zh": f"{name} 必须是 >= 1 的整数或一个符号名（如 {default!r}），你给的是 {value!r}。"}))
            out.append(sp.Symbol(value, integer=True, positive=True))
        elif isinstance(value, sp.Symbol):
            out.append(sp.Symbol(value.name, integer=True, positive=True))
        elif isinstance(value, bool) or not isinstance(value, int):
            raise NbteachError(tr({"en": f"{name} must be a whole number >= 1 (e.g. 2) or a symbol "
                                         f"name such as {default!r} for the general form, "
                                         f"got {value!r} of type {type(value).__name__}.",
                                   "zh": f"{name} 必须是 >= 1 的整数（如 2），或表示一般形式的符号名（如 {default!r}），你给的是 {type(value).__name__} 类型的 {value!r}。"}))
        elif value < 1:
            raise NbteachError(tr({"en": f"{name} must be >= 1, got {value}.",
                                   "zh": f"{name} 必须 >= 1，你给的是 {value}。"}))
        elif value > 12:
            raise NbteachError(tr({"en": f"{name}={value} is too big to show line by line: use at most "
                                         f"12, or the general form {name}={default!r}.",
                                   "zh": f"{name}={value} 太大，无法逐行展示：最多用 12，或用一般形式 {name}={default!r}。"}))
        else:
            out.append(value)
    general = any(isinstance(v, sp.Symbol) for v in out)
    return out[0], out[1], general
