r"""The two-class Bayes decision as a threshold on the posterior, derived with sympy.

With p = P(1|x) and loss l_ij (decide i, truth j), the conditional risks are
R(0|x) = l00 (1 - p) + l01 p and R(1|x) = l10 (1 - p) + l11 p. Deciding 1 is better iff
R(1|x) < R(0|x), i.e. iff p > t with t = (l10 - l00) / ((l10 - l00) + (l01 - l11)).
"""
from __future__ import annotations

import sympy as sp

from ._core import Derivation, Step, is_zero

__all__ = ["cost_threshold"]


def cost_threshold():
    """Derive the posterior threshold of the two-class Bayes decision from the loss.

    >>> d = cost_threshold()
    >>> d.verify(), d.result[d.symbols["t"]]
    (True, (-l00 + l10)/(-l00 + l01 + l10 - l11))
    """
    p = sp.Symbol("p", positive=True)
    l00, l01, l10, l11 = sp.symbols("l00 l01 l10 l11", nonnegative=True)
    t = sp.Symbol("t")
    R0 = l00 * (1 - p) + l01 * p
    R1 = l10 * (1 - p) + l11 * p
    diff = sp.expand(R0 - R1)
    solution = sp.solve(sp.Eq(R0, R1), p)
    closed = (l10 - l00) / ((l10 - l00) + (l01 - l11))
    steps = [
        Step("The conditional risks of the two decisions, with p = P(1|x):",
             (sp.Eq(sp.Symbol("R(0|x)"), R0), sp.Eq(sp.Symbol("R(1|x)"), R1)), key="risks"),
        Step("Deciding 1 is better iff R(0|x) - R(1|x) > 0; the difference is linear in p:",
             sp.Eq(sp.Symbol("R(0|x) - R(1|x)"), sp.collect(diff, p)), key="difference"),
        Step("It is zero at the threshold", sp.Eq(t, closed), key="threshold"),
        Step("and its slope in p, (l10 - l00) + (l01 - l11), is positive when a wrong decision "
             "costs more than a right one: decide 1 iff p > t. Under the 0-1 loss t = 1/2.",
             sp.Eq(t.subs({}), closed.subs({l00: 0, l11: 0, l01: 1, l10: 1})), key="zero_one"),
    ]
    d = Derivation(title="The Bayes decision for two classes is a threshold on P(1|x)",
                   steps=steps, result={t: closed},
                   symbols={"p": p, "t": t, "l00": l00, "l01": l01, "l10": l10, "l11": l11})
    d.add_check("the risks are equal at p = t", lambda dv: is_zero((R0 - R1).subs(p, dv.result[t])))
    d.add_check("sympy's solve finds the same threshold",
                lambda dv: len(solution) == 1 and is_zero(solution[0] - dv.result[t]))
    d.add_check("R(0|x) - R(1|x) grows with p at the rate (l10 - l00) + (l01 - l11)",
                lambda dv: is_zero(sp.diff(diff, p) - ((l10 - l00) + (l01 - l11))))
    d.add_check("the 0-1 loss gives t = 1/2",
                lambda dv: dv.result[t].subs({l00: 0, l11: 0, l01: 1, l10: 1}) == sp.Rational(1, 2))
    return d
