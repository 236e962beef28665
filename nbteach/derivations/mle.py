r"""The closed-form MLE of multinomial and Bernoulli naive Bayes, by Lagrange multipliers.

Notation (seed ``000``, with two fixes flagged in :data:`NOTE_MISTAKES`):

* classes :math:`c_1..c_C`, vocabulary words :math:`t_1..t_V`;
* :math:`N_j` documents in class j, :math:`N = \sum_j N_j`;
* multinomial: :math:`N_{ij}` = occurrences of word i in the documents of class j;
  Bernoulli: :math:`N_{ij}` = documents of class j that contain word i;
* parameters :math:`\pi_j` (class prior), :math:`\theta_{i|j}` (multinomial word
  probability), :math:`\mu_{i|j}` (Bernoulli word probability);
* multipliers :math:`\lambda` (for :math:`\sum_j \pi_j = 1`; the notes call it
  alpha, which clashes with the smoothing alpha) and :math:`\beta_j` (for
  :math:`\sum_i \theta_{i|j} = 1`).

The same engine (:func:`lagrange_mle`) also derives the smoothed estimates as a MAP,
in :mod:`nbteach.derivations.smoothing`.

>>> d = multinomial_mle(n_classes=2, n_words=3)
>>> d.verify()
True
>>> pi, N = d.symbols["pi"], d.symbols["N"]
>>> d.result[pi[1]]
N[1]/(N[1] + N[2])
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Callable

import sympy as sp

from .._base import NbteachError
from ._core import Derivation, Step, in_range, is_zero, sizes

__all__ = ["multinomial_mle", "bernoulli_mle", "lagrange_mle", "Family", "SYMBOLS"]

_pos = dict(integer=True, positive=True)
i, j, k, l = sp.symbols("i j k l", **_pos)
ip, jp = sp.symbols("i' j'", **_pos)

SYMBOLS = {
    "pi": sp.IndexedBase("pi", positive=True),
    "theta": sp.IndexedBase("theta", positive=True),
    "mu": sp.IndexedBase("mu", positive=True),
    "N": sp.IndexedBase("N", positive=True),
    "Nbar": sp.IndexedBase(r"\bar{N}", positive=True),  # N_j - N_ij: documents without word i
    "x": sp.IndexedBase("x", nonnegative=True),
    "b": sp.IndexedBase("b", nonnegative=True),
    "beta": sp.IndexedBase("beta"),
    "lambda": sp.Symbol("lambda"),
    "J": sp.Symbol("J"),
    "L": sp.Symbol("L"),
    "i": i, "j": j, "i'": ip, "j'": jp,
}
_PRIME = {i: ip, j: jp}


@dataclass
class Family:
    """A family of parameters that share a role, e.g. all pi_j, or all theta_{i|j}.

    Parameters
    ----------
    base : sympy.IndexedBase
        The parameter's name (pi, theta, mu).
    indices : tuple of Symbol
        Its free indices, e.g. ``(j,)`` or ``(i, j)``.
    limits : tuple
        The upper limit (int or Symbol) of each index.
    loglik : callable
        ``loglik(*idx)`` -> this parameter's term in the log-likelihood.
    textbook : callable
        ``textbook(sum_, *idx)`` -> the closed form the notes state, built independently
        (``sum_(expr, index, upper)`` sums over an index, explicitly or symbolically).
    summed : int or None
        Position of the index that sums to one in the constraint (None: unconstrained).
    multiplier : callable or None
        ``multiplier(*group)`` -> the multiplier for one constraint (group = the other
        indices).
    positivity : callable
        ``positivity(*idx)`` -> substitutions that make the second-order sign visible.
    """

    base: sp.IndexedBase
    indices: tuple
    limits: tuple
    loglik: Callable
    textbook: Callable
    summed: int | None = None
    multiplier: Callable | None = None
    positivity: Callable = lambda *idx: {}

    def param(self, *idx):
        return self.base[idx]


class _Space:
    """Concrete sizes (explicit sums, one equation per parameter) or general (Sum, Indexed)."""

    def __init__(self, general: bool):
        self.general = general

    def sum(self, expr, index, upper):
        """sum of ``expr`` over ``index`` = 1..upper, with the index primed in the Sum."""
        if self.general:
            dummy = _PRIME.get(index, index)
            return sp.Sum(expr.xreplace({index: dummy}), (dummy, 1, upper))
        return sp.Add(*[expr.xreplace({index: v}) for v in range(1, upper + 1)])

    def instances(self, fam: Family):
        if self.general:
            return [fam.indices]
        return list(itertools.product(*[range(1, n + 1) for n in fam.limits]))

    def groups(self, fam: Family):
        """Index tuples of the constraints: every index except the summed one."""
        rest = [p for p in range(len(fam.indices)) if p != fam.summed]
        if self.general:
            return [tuple(fam.indices[p] for p in rest)]
        return list(itertools.product(*[range(1, fam.limits[p] + 1) for p in rest]))

    def members(self, fam: Family, group):
        """(constraint sum of the parameters, the Sum's dummy or None) for one group."""
        s = fam.summed
        idx = list(group[:s]) + [fam.indices[s]] + list(group[s:])
        return self.sum(fam.param(*idx), fam.indices[s], fam.limits[s])

    def total(self, fam: Family, term):
        """Sum ``term(*idx)`` over every parameter of the family."""
        expr = term(*fam.indices)
        for index, upper in reversed(list(zip(fam.indices, fam.limits))):
            expr = self.sum(expr, index, upper)
        return expr


def _deriv(expr, var):
    """dexpr/dvar, with the Kronecker-delta sums of the general form carried out."""
    out = sp.diff(expr, var).doit()
    for _ in range(6):  # each round carries out one layer of delta sums
        new = in_range(out).doit()
        if new == out:
            break
        out = new
    return out


def lagrange_mle(title, families, general, intro, symbols):
    """Derive the MLE of separable log-likelihood terms under sum-to-one constraints.

    The log-likelihood is :math:`L = \\sum_f \\sum_{idx} \\text{loglik}_f(idx)`; each
    constrained family adds :math:`\\lambda_g (1 - \\sum_s p_{s,g})` to the Lagrangian J.
    Steps: constraints, Lagrangian, each partial derivative, the stationary point,
    each multiplier solved from its constraint, the closed form, the second-order check.

    Parameters
    ----------
    title : str
    families : list of Family
    general : bool
        True: indexed symbols and ``Sum`` (one equation stands for all i, j).
    intro : list of Step
        The model and likelihood lines that come first; the step keyed ``"likelihood"``
        (if any) is checked against the log-likelihood.
    symbols : dict

    Returns
    -------
    Derivation
    """
    sp_ = _Space(general)
    J = symbols["J"]
    L = sum(sp_.total(f, f.loglik) for f in families)
    steps = list(intro)
    steps.append(Step("The log-likelihood: the log turns the product into a sum "
                      "(and never underflows).", sp.Eq(symbols["L"], L), "loglik"))
    constrained = [f for f in families if f.summed is not None]
    constraints = tuple(sp.Eq(sp_.members(f, g), 1) for f in constrained for g in sp_.groups(f))
    if constraints:
        steps.append(Step("Maximise L subject to: the probabilities in each distribution "
                          "sum to one.", constraints, "constraints"))

    def lagrangian(L_, cons_):
        extra = 0
        it = iter(cons_)
        for f in constrained:
            for g in sp_.groups(f):
                c = next(it)
                term = f.multiplier(*g) * (1 - c.lhs)
                if general and g:
                    # one multiplier per group: sum them over the group index
                    for index, upper in zip(g, [f.limits[p] for p in range(len(f.indices))
                                                if p != f.summed]):
                        term = sp_.sum(term, index, upper)
                extra += term
        return L_ + extra

    Jexpr = lagrangian(L, constraints)
    if constraints:
        names = ", ".join(sp.latex(f.multiplier(*f.indices[:f.summed] + f.indices[f.summed + 1:]))
                          for f in constrained)
        steps.append(Step(f"The Lagrangian: one multiplier (${names}$) per constraint.",
                          sp.Eq(J, Jexpr), "lagrangian"))
    else:
        steps.append(Step("No constraint on these parameters, so J is L itself.",
                          sp.Eq(J, Jexpr), "lagrangian"))

    result = {}
    for f in families:
        name = f.base.name
        derivs, stats = [], {}
        for idx in sp_.instances(f):
            p = f.param(*idx)
            d = _deriv(Jexpr, p)
            derivs.append(sp.Eq(sp.Derivative(J, p, evaluate=False), d))
            sols = sp.solve(d, p)
            if len(sols) != 1:
                raise NbteachError(f"expected one stationary point for {p}, sympy found {sols}")
            stats[p] = sols[0]
        steps.append(Step(f"The partial derivatives of J by each ${sp.latex(f.base)}$.",
                          tuple(derivs), f"derivative_{name}"))
        steps.append(Step("Set each derivative to zero and solve for the parameter "
                          "(stationarity).", tuple(sp.Eq(p, s) for p, s in stats.items()),
                          f"stationary_{name}"))
        if f.summed is None:
            closed = dict(stats)
        else:
            mults = {}
            for g in sp_.groups(f):
                cons = sp_.members(f, g)
                cons = _substitute(cons, stats, f, general)
                m = f.multiplier(*g)
                sol = sp.solve(sp.factor_terms(cons) - 1, m)
                if len(sol) != 1:
                    raise NbteachError(f"could not solve the constraint for {m}: {sol}")
                mults[m] = sol[0].replace(  # a sum of a constant: alpha*Sum(1) -> V*alpha
                    lambda e: isinstance(e, sp.Sum) and not e.function.has(*e.variables),
                    lambda e: e.doit())
            steps.append(Step("Put the stationary point into its constraint and solve "
                              "for the multiplier.",
                              tuple(sp.Eq(m, v) for m, v in mults.items()),
                              f"multiplier_{name}"))
            closed = {p: s.xreplace(mults) for p, s in stats.items()}
        steps.append(Step("The closed form of the estimate.",
                          tuple(sp.Eq(p, c) for p, c in closed.items()), f"closed_{name}"))
        result.update(closed)

    steps.append(Step("Second order: when every count is positive, the Hessian of J is "
                      "diagonal with negative entries for every parameter value in (0, 1), so J "
                      "is strictly concave there and its stationary point is the maximum. (A "
                      "zero count makes its entry 0 and puts the maximum on the boundary, "
                      "parameter = 0, where the closed form still holds but the argument is "
                      "the KKT conditions.)",
                      _hessian_lines(Jexpr, families, sp_, J), "hessian"))

    d = Derivation(title, steps, result, symbols)
    _add_checks(d, families, sp_, general)
    return d


def _substitute(cons, stats, f, general):
    """Replace each parameter in a constraint by its stationary solution."""
    if not general:
        return cons.xreplace(stats)
    (p, s), = stats.items()
    summed = f.indices[f.summed]
    dummy = _PRIME[summed]
    return cons.xreplace({p.xreplace({summed: dummy}): s.xreplace({summed: dummy})})


def _hessian_lines(Jexpr, families, sp_, J):
    lines = []
    for f in families:
        for idx in sp_.instances(f)[:1]:
            p = f.param(*idx)
            lines.append(sp.Eq(sp.Derivative(J, p, 2, evaluate=False), _deriv(_deriv(Jexpr, p), p)))
    return tuple(lines)


def _fresh(idx):
    repl = {i: k, j: l}
    return tuple(repl.get(v, v) for v in idx)


def _add_checks(d, families, sp_, general):
    J = d.symbols["J"]

    def loglik_is_log_of_likelihood(d):
        try:
            lik = d.step("likelihood").expr
        except NbteachError:
            return True
        lhs = sp.expand_log(sp.log(lik.rhs), force=True)
        return is_zero(lhs - d.step("loglik").expr.rhs)

    def lagrangian_rebuilt(d):
        L = d.step("loglik").expr.rhs
        J_ = d.step("lagrangian").expr.rhs
        rebuilt = L
        for f in families:
            if f.summed is None:
                continue
            for g in sp_.groups(f):
                term = f.multiplier(*g) * (1 - sp_.members(f, g))
                if general and g:
                    rest = [p for p in range(len(f.indices)) if p != f.summed]
                    for index, p in zip(g, rest):
                        term = sp_.sum(term, index, f.limits[p])
                rebuilt += term
        return is_zero(J_ - rebuilt)

    def derivatives_rediffed(d):
        J_ = d.step("lagrangian").expr.rhs
        for f in families:
            for eq in d.step(f"derivative_{f.base.name}").expr:
                var = eq.lhs.variables[0]
                if not is_zero(_deriv(J_, var) - eq.rhs):
                    return False
        return True

    def stationary_zero_derivative(d):
        for f in families:
            derivs = {eq.lhs.variables[0]: eq.rhs for eq in d.step(f"derivative_{f.base.name}").expr}
            for eq in d.step(f"stationary_{f.base.name}").expr:
                if not is_zero(derivs[eq.lhs].xreplace({eq.lhs: eq.rhs})):
                    return False
        return True

    def multipliers_meet_constraints(d):
        for f in families:
            if f.summed is None:
                continue
            stats = {eq.lhs: eq.rhs for eq in d.step(f"stationary_{f.base.name}").expr}
            mults = {eq.lhs: eq.rhs for eq in d.step(f"multiplier_{f.base.name}").expr}
            for g in sp_.groups(f):
                cons = _substitute(sp_.members(f, g), stats, f, general).xreplace(mults)
                if not is_zero(cons - 1):
                    return False
        return True

    def result_is_kkt_point(d):
        """Gradient zero with one multiplier per constraint, and every constraint holds."""
        J_ = d.step("lagrangian").expr.rhs
        for f in families:
            for idx in sp_.instances(f):
                if f.param(*idx) not in d.result:
                    return False
            if f.summed is None:
                for idx in sp_.instances(f):
                    p = f.param(*idx)
                    if not is_zero(_deriv(J_, p).xreplace({p: d.result[p]})):
                        return False
                continue
            summed = f.indices[f.summed]
            for g in sp_.groups(f):
                m = f.multiplier(*g)
                implied = []
                members = [idx for idx in sp_.instances(f)
                           if general or tuple(v for q, v in enumerate(idx) if q != f.summed) == g]
                for idx in members:
                    p = f.param(*idx)
                    grad = _deriv(J_, p).xreplace({p: d.result[p]})
                    slope = sp.diff(grad, m)  # the gradient is linear in its multiplier
                    if slope == 0 or sp.diff(slope, m) != 0:
                        return False
                    implied.append(sp.cancel(sp.together(-grad.xreplace({m: 0}) / slope))
                                   if not general else sp.simplify(-grad.xreplace({m: 0}) / slope))
                if general:
                    if summed in implied[0].free_symbols:  # must not depend on the summed index
                        return False
                elif any(not is_zero(v - implied[0]) for v in implied[1:]):
                    return False
                total = sp_.members(f, g)
                if general:
                    dummy = _PRIME[summed]
                    p = f.param(*f.indices)
                    total = total.xreplace({p.xreplace({summed: dummy}):
                                            d.result[p].xreplace({summed: dummy})})
                else:
                    total = total.xreplace(d.result)
                if not is_zero(total - 1):
                    return False
        return True

    def result_is_textbook(d):
        for f in families:
            for idx in sp_.instances(f):
                if not is_zero(d.result[f.param(*idx)] - f.textbook(sp_.sum, *idx)):
                    return False
        return True

    def result_is_maximum(d):
        """Hessian of J in the parameters: diagonal, entries negative for every parameter value
        in (0, 1) (given positive counts): J is strictly concave, so a stationary point is the
        maximum. Checked on the whole open domain, not at the result, so that a wrong result
        fails the stationarity checks and not this one."""
        s_ = sp.Symbol("s_hessian", positive=True)
        inside = s_ / (1 + s_)  # every value in (0, 1) as s ranges over (0, oo)
        J_ = d.step("lagrangian").expr.rhs
        for f in families:
            for idx in sp_.instances(f):
                p = f.param(*idx)
                grad = _deriv(J_, p)
                for g in families:
                    others = sp_.instances(g) if not general else [_fresh(g.indices)]
                    for idx2 in others:
                        q = g.param(*idx2)
                        h = _deriv(grad, q)
                        if general:
                            h = sp.simplify(h)
                        if general:
                            diag = h.xreplace(dict(zip(idx2, idx))) if g is f else 0
                            deltas = sp.Mul(*[sp.KroneckerDelta(a, b) for a, b in zip(idx, idx2)
                                              if a != b])
                            if not is_zero(h - diag * deltas):
                                return False
                        else:
                            if p != q:
                                if not is_zero(h):
                                    return False
                                continue
                            diag = h
                        if g is f:
                            value = diag.xreplace({p: inside}).xreplace(f.positivity(*idx))
                            value = (sp.simplify(value) if value.has(sp.Sum, sp.Product)
                                     else sp.factor(sp.cancel(sp.together(value))))
                            if value.is_negative is not True:
                                return False
        return True

    d.add_check("the log-likelihood is the log of the likelihood", loglik_is_log_of_likelihood)
    d.add_check("the Lagrangian is L plus each multiplier times its constraint", lagrangian_rebuilt)
    d.add_check("each derivative line is sympy's derivative of J", derivatives_rediffed)
    d.add_check("each stationary point makes its derivative zero", stationary_zero_derivative)
    d.add_check("each multiplier makes its constraint hold", multipliers_meet_constraints)
    d.add_check("the result satisfies every stationarity equation and constraint",
                result_is_kkt_point)
    d.add_check("the result equals the textbook closed form", result_is_textbook)
    d.add_check("J is strictly concave (negative definite Hessian on (0, 1), counts positive), "
                "so the stationary point is the maximum", result_is_maximum)


def _prior_family(S, C):
    pi, N = S["pi"], S["N"]
    return Family(
        base=pi, indices=(j,), limits=(C,),
        loglik=lambda j_: N[j_] * sp.log(pi[j_]),
        textbook=lambda sum_, j_: N[j_] / sum_(N[j], j, C),
        summed=0, multiplier=lambda: S["lambda"],
    )


def multinomial_mle(n_classes=2, n_words=3):
    r"""Derive the MLE of multinomial naive Bayes with Lagrange multipliers, checked by sympy.

    Maximises

    .. math:: L = \sum_{j} N_j \log \pi_j + \sum_{j}\sum_{i} N_{ij} \log \theta_{i|j}

    subject to :math:`\sum_j \pi_j = 1` and :math:`\sum_i \theta_{i|j} = 1` for each j, and
    finds :math:`\pi_j = N_j / N` and :math:`\theta_{i|j} = N_{ij} / \sum_{i'} N_{i'j}`.

    Parameters
    ----------
    n_classes, n_words : int or str
        Concrete sizes C and V (1..12) for an explicit derivation, or symbol names
        (e.g. ``"C"``, ``"V"``) for the general form with ``IndexedBase`` and ``Sum``.

    Returns
    -------
    Derivation
        ``.steps`` (model, likelihood, log-likelihood, constraints, Lagrangian, each
        partial derivative, stationarity, multipliers, closed forms, second order),
        ``.result`` (parameter -> closed form), ``.verify()``.

    Examples
    --------
    >>> d = multinomial_mle("C", "V")
    >>> d.verify()
    True
    >>> theta, i, j = d.symbols["theta"], d.symbols["i"], d.symbols["j"]
    >>> d.result[theta[i, j]]
    N[i, j]/Sum(N[i', j], (i', 1, V))
    """
    C, V, general = sizes(n_classes, n_words)
    S = dict(SYMBOLS, C=C, V=V)
    pi, theta, N, x = S["pi"], S["theta"], S["N"], S["x"]
    space = _Space(general)
    words = space.sum(x[i], i, V)
    model = sp.Eq(sp.Symbol(r"p(\mathbf{x}, y=c_j)"),
                  pi[j] * (sp.Product(theta[ip, j] ** x[ip], (ip, 1, V)) if general else
                           sp.Mul(*[theta[v, j] ** x[v] for v in range(1, V + 1)])))
    likelihood = sp.Eq(sp.Symbol(r"\mathcal{L}"),
                       _product(space, pi[j] ** N[j], [(j, C)]) *
                       _product(space, theta[i, j] ** N[i, j], [(i, V), (j, C)]))
    intro = [
        Step(f"The model: class prior times one word probability per word of the document "
             f"(x_i = N(t_i, x) counts word i; ${sp.latex(words)}$ words in all).", model,
             "model"),
        Step("The likelihood of the training set, grouped by counts: N_j documents in class j, "
             "N_ij occurrences of word i in class j.", likelihood, "likelihood"),
    ]
    theta_family = Family(
        base=theta, indices=(i, j), limits=(V, C),
        loglik=lambda i_, j_: N[i_, j_] * sp.log(theta[i_, j_]),
        textbook=lambda sum_, i_, j_: N[i_, j_] / sum_(N[i, j_], i, V),
        summed=0, multiplier=lambda j_: S["beta"][j_],
    )
    title = (f"MLE of multinomial naive Bayes (C = {sp.latex(C)} classes, "
             f"V = {sp.latex(V)} words)")
    return lagrange_mle(title, [_prior_family(S, C), theta_family], general, intro, S)


def bernoulli_mle(n_classes=2, n_words=3):
    r"""Derive the MLE of multivariate Bernoulli naive Bayes, checked by sympy.

    Maximises

    .. math:: L = \sum_j N_j \log \pi_j + \sum_j \sum_i \big(N_{ij} \log \mu_{i|j}
              + (N_j - N_{ij}) \log (1 - \mu_{i|j})\big)

    (N_ij = documents of class j that contain word i) subject to
    :math:`\sum_j \pi_j = 1`; each :math:`\mu_{i|j}` is its own coin, with no
    sum-to-one constraint. Finds :math:`\pi_j = N_j/N`, :math:`\mu_{i|j} = N_{ij}/N_j`.

    Parameters
    ----------
    n_classes, n_words : int or str
        Concrete sizes, or symbol names for the general form.

    Returns
    -------
    Derivation

    Examples
    --------
    >>> d = bernoulli_mle(2, 2)
    >>> d.verify()
    True
    >>> mu, N = d.symbols["mu"], d.symbols["N"]
    >>> d.result[mu[2, 1]]
    N[2, 1]/N[1]
    """
    C, V, general = sizes(n_classes, n_words)
    S = dict(SYMBOLS, C=C, V=V)
    mu, N, b, Nbar = S["mu"], S["N"], S["b"], S["Nbar"]
    space = _Space(general)
    term = mu[ip, j] ** b[ip] * (1 - mu[ip, j]) ** (1 - b[ip])
    model = sp.Eq(sp.Symbol(r"p(\mathbf{x}, y=c_j)"),
                  S["pi"][j] * (sp.Product(term, (ip, 1, V)) if general else
                                sp.Mul(*[term.xreplace({ip: v}) for v in range(1, V + 1)])))
    likelihood = sp.Eq(sp.Symbol(r"\mathcal{L}"),
                       _product(space, S["pi"][j] ** N[j], [(j, C)]) *
                       _product(space, mu[i, j] ** N[i, j] * (1 - mu[i, j]) ** (N[j] - N[i, j]),
                                [(i, V), (j, C)]))
    intro = [
        Step("The model: every vocabulary word is a coin; b_i = I(t_i in x) is 1 if word i "
             "occurs in the document and 0 if not, and absent words count too.", model, "model"),
        Step("The likelihood of the training set: N_j documents in class j, N_ij of them "
             "contain word i, N_j - N_ij do not.", likelihood, "likelihood"),
    ]
    mu_family = Family(
        base=mu, indices=(i, j), limits=(V, C),
        loglik=lambda i_, j_: (N[i_, j_] * sp.log(mu[i_, j_])
                               + (N[j_] - N[i_, j_]) * sp.log(1 - mu[i_, j_])),
        textbook=lambda sum_, i_, j_: N[i_, j_] / N[j_],
        positivity=lambda i_, j_: {N[j_]: N[i_, j_] + Nbar[i_, j_]},
    )
    title = (f"MLE of Bernoulli naive Bayes (C = {sp.latex(C)} classes, "
             f"V = {sp.latex(V)} words)")
    return lagrange_mle(title, [_prior_family(S, C), mu_family], general, intro, S)


def _product(space, expr, ranges):
    """Product over the index ranges: sympy Product (general) or an explicit product."""
    for index, upper in reversed(ranges):
        if space.general:
            dummy = _PRIME.get(index, index)
            expr = sp.Product(expr.xreplace({index: dummy}), (dummy, 1, upper))
        else:
            expr = sp.Mul(*[expr.xreplace({index: v}) for v in range(1, upper + 1)])
    return expr
