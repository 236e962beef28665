r"""From Gaussian naive Bayes to logistic regression (note 004), checked by sympy.

Two classes, prior p = P(Y=1), features conditionally independent given the class and
normal within it: X_j | Y=k ~ N(mu_{jk}, sigma_j^2) with a variance shared by the
classes. Then

.. math::

    P(Y=1 \mid x) = \frac{1}{1 + e^{-(w \cdot x + w_0)}}, \qquad
    w_j = \frac{\mu_{j1} - \mu_{j0}}{\sigma_j^2}, \qquad
    w_0 = \sum_j \frac{\mu_{j0}^2 - \mu_{j1}^2}{2 \sigma_j^2} + \ln\frac{p}{1-p}:

the log odds are linear in x, the boundary w.x + w0 = 0 a hyperplane. With a variance
per class (sigma_{jk}) the same steps give a quadratic in x: a curved boundary.
"""
from __future__ import annotations

import random

import sympy as sp

from .._base import NbteachError
from ._core import Derivation, Step, is_zero
from ..i18n import tr

__all__ = ["gaussian_nb_logistic"]


def _normal(x, mu, sigma):
    return sp.exp(-(x - mu) ** 2 / (2 * sigma ** 2)) / (sp.sqrt(2 * sp.pi) * sigma)


def gaussian_nb_logistic(n_features=1, shared_variance=True):
    r"""Derive the log odds of two-class Gaussian naive Bayes, step by step.

    Parameters
    ----------
    n_features : int, default 1
        How many features x_1..x_d (1 to 6).
    shared_variance : bool, default True
        True: sigma_j is shared by the classes (note 004's assumption 3), and the log odds
        are w.x + w0. False: sigma_{j0} != sigma_{j1}, and the log odds gain the
        quadratic terms v_j x_j^2.

    Returns
    -------
    Derivation
        ``result`` maps w_j, w_0 (and v_j when the variances differ) to their closed
        forms; ``symbols`` holds x, mu0, mu1, sigma (or sigma0, sigma1), p and the
        weights; ``verify()`` re-checks every step with sympy.

    >>> d = gaussian_nb_logistic()
    >>> d.verify()
    True
    >>> d.result[d.symbols["w"][0]]
    (-mu_10 + mu_11)/sigma_1**2
    >>> gaussian_nb_logistic(2, shared_variance=False).verify()
    True
    """
    if isinstance(n_features, bool) or not isinstance(n_features, int) or not 1 <= n_features <= 6:
        raise NbteachError(tr({"en": f"n_features must be a whole number from 1 to 6, got {n_features!r}.",
                               "zh": f"n_features 必须是 1 到 6 之间的整数，你给的是 {n_features!r}。"}))
    if not isinstance(shared_variance, bool):
        raise NbteachError(tr({"en": f"shared_variance must be True or False, got {shared_variance!r}.",
                               "zh": f"shared_variance 必须是 True 或 False，你给的是 {shared_variance!r}。"}))
    d = n_features
    J = range(1, d + 1)
    x = [sp.Symbol(f"x_{j}", real=True) for j in J]
    mu0 = [sp.Symbol(f"mu_{j}0", real=True) for j in J]
    mu1 = [sp.Symbol(f"mu_{j}1", real=True) for j in J]
    if shared_variance:
        s = [sp.Symbol(f"sigma_{j}", positive=True) for j in J]
        s0, s1 = s, s
    else:
        s0 = [sp.Symbol(f"sigma_{j}0", positive=True) for j in J]
        s1 = [sp.Symbol(f"sigma_{j}1", positive=True) for j in J]
    p = sp.Symbol("p", positive=True)
    w = [sp.Symbol(f"w_{j}", real=True) for j in J]
    v = [sp.Symbol(f"v_{j}", real=True) for j in J]
    w0 = sp.Symbol("w_0", real=True)
    a = sp.Symbol("a", real=True)
    post = sp.Symbol(r"P(Y=1 \mid x)")
    px1, px0 = sp.Symbol(r"P(x \mid Y=1)"), sp.Symbol(r"P(x \mid Y=0)")

    lik1 = [_normal(x[i], mu1[i], s1[i]) for i in range(d)]
    lik0 = [_normal(x[i], mu0[i], s0[i]) for i in range(d)]
    joint1 = sp.Mul(*lik1) * p
    joint0 = sp.Mul(*lik0) * (1 - p)
    bayes = joint1 / (joint1 + joint0)
    log_odds = sp.log(joint1 / joint0)
    per_feature = [sp.log(lik1[i] / lik0[i]) for i in range(d)]
    if shared_variance:
        expanded = [(mu1[i] - mu0[i]) / s[i] ** 2 * x[i] + (mu0[i] ** 2 - mu1[i] ** 2) / (2 * s[i] ** 2)
                    for i in range(d)]
    else:
        expanded = [-(1 / (2 * s1[i] ** 2) - 1 / (2 * s0[i] ** 2)) * x[i] ** 2
                    + (mu1[i] / s1[i] ** 2 - mu0[i] / s0[i] ** 2) * x[i]
                    + mu0[i] ** 2 / (2 * s0[i] ** 2) - mu1[i] ** 2 / (2 * s1[i] ** 2)
                    + sp.log(s0[i] / s1[i]) for i in range(d)]
    result = {}
    for i in range(d):
        if shared_variance:
            result[w[i]] = (mu1[i] - mu0[i]) / s[i] ** 2
        else:
            result[v[i]] = 1 / (2 * s0[i] ** 2) - 1 / (2 * s1[i] ** 2)
            result[w[i]] = mu1[i] / s1[i] ** 2 - mu0[i] / s0[i] ** 2
    if shared_variance:
        result[w0] = sum((mu0[i] ** 2 - mu1[i] ** 2) / (2 * s[i] ** 2) for i in range(d)) + sp.log(p / (1 - p))
    else:
        result[w0] = (sum(mu0[i] ** 2 / (2 * s0[i] ** 2) - mu1[i] ** 2 / (2 * s1[i] ** 2)
                          + sp.log(s0[i] / s1[i]) for i in range(d)) + sp.log(p / (1 - p)))
    linear = sum(w[i] * x[i] for i in range(d)) + w0
    form = linear + (sum(v[i] * x[i] ** 2 for i in range(d)) if not shared_variance else 0)

    cond = "P(Y=1|x)"
    steps = [
        Step("Bayes' theorem for two classes, with prior p = P(Y=1):",
             sp.Eq(post, px1 * p / (px1 * p + px0 * (1 - p))), key="bayes"),
        Step("Divide by the numerator: the posterior is the sigmoid of the log odds a.",
             (sp.Eq(post, 1 / (1 + sp.exp(-a))), sp.Eq(a, sp.log(px1 * p / (px0 * (1 - p))))),
             key="sigmoid"),
        Step("Naive Bayes: the likelihood is a product over features, so its log is a sum; "
             "the prior adds ln(p/(1-p)).",
             sp.Eq(a, sp.Add(*[sp.Symbol(f"L_{j}") for j in J]) + sp.log(p / (1 - p))), key="sum"),
        Step("Each term L_j = ln N(x_j; mu_j1, " + ("sigma_j^2" if shared_variance else "sigma_j1^2")
             + ") - ln N(x_j; mu_j0, " + ("sigma_j^2" if shared_variance else "sigma_j0^2")
             + "), the log ratio of two normal densities"
             + (" with the same variance: the x_j^2 terms cancel." if shared_variance else
                ": with different variances the x_j^2 terms remain."),
             tuple(sp.Eq(sp.Symbol(f"L_{j}"), expanded[j - 1]) for j in J), key="feature"),
        Step("Collect the terms: the log odds are " + ("linear in x," if shared_variance else
                                                       "quadratic in x,"),
             sp.Eq(a, form), key="collect"),
        Step("with the weights", tuple(sp.Eq(k, val) for k, val in result.items()), key="weights"),
        Step(f"So {cond} = sigmoid(" + ("w.x + w_0" if shared_variance else "v.x^2 + w.x + w_0")
             + "); the decision boundary a = 0 is " + ("a hyperplane." if shared_variance else
                                                        "a quadric (curved)."),
             sp.Eq(post, 1 / (1 + sp.exp(-form))), key="result"),
    ]
    symbols = {"x": x, "mu0": mu0, "mu1": mu1, "p": p, "w": w, "w0": w0, "a": a}
    if shared_variance:
        symbols["sigma"] = s0
    else:
        symbols.update(sigma0=s0, sigma1=s1, v=v)
    deriv = Derivation(
        title="Gaussian naive Bayes" + (" with a shared variance" if shared_variance else
                                         " with a variance per class") + ": its posterior is a logistic function",
        steps=steps, result=result, symbols=symbols)

    def expand_logs(e):
        return sp.expand(sp.expand_log(e, force=True))

    def sigmoid_of_log_odds(dv):
        return is_zero(sp.simplify(1 / (1 + sp.exp(-log_odds)) - bayes))

    def log_odds_is_sum(dv):
        return is_zero(expand_logs(log_odds - sum(per_feature) - sp.log(p / (1 - p))))

    def each_term(dv):
        return all(is_zero(expand_logs(per_feature[i] - expanded[i])) for i in range(d))

    def weights_give_log_odds(dv):
        subs = dict(dv.result)
        if shared_variance:
            target = linear.subs(subs)
        else:
            target = form.subs(subs)
        return is_zero(expand_logs(log_odds - target))

    def linear_iff_shared(dv):
        poly = expand_logs(log_odds)
        quad = [poly.coeff(x[i], 2) for i in range(d)]
        if shared_variance:
            return all(is_zero(q) for q in quad)
        return all(not is_zero(q) for q in quad) and all(is_zero(sp.simplify(q - dv.result[v[i]]))
                                                        for i, q in enumerate(quad))

    def numeric_point(dv):
        rng = random.Random(0)
        for _ in range(3):
            vals = {sym: sp.Rational(rng.randint(-20, 20), 7) for sym in x + mu0 + mu1}
            vals.update({sym: sp.Rational(rng.randint(3, 20), 9) for sym in set(s0 + s1)})
            vals[p] = sp.Rational(rng.randint(1, 9), 10)
            post = sp.N(bayes.subs(vals), 30)
            sig = sp.N((1 / (1 + sp.exp(-(form.subs(dv.result))))).subs(vals), 30)
            if abs(post - sig) > sp.Float("1e-25"):
                return False
        return True

    deriv.add_check("the sigmoid of the log odds equals Bayes' theorem", sigmoid_of_log_odds)
    deriv.add_check("the log odds are the sum of the per-feature log ratios plus ln(p/(1-p))",
                    log_odds_is_sum)
    deriv.add_check("each per-feature log ratio expands as written", each_term)
    deriv.add_check("the weights in the result reproduce the log odds exactly", weights_give_log_odds)
    deriv.add_check("the x_j^2 terms vanish exactly when the variance is shared"
                    if shared_variance else "the x_j^2 coefficients are the v_j of the result",
                    linear_iff_shared)
    deriv.add_check("at random rational points the posterior equals the sigmoid (30 digits)",
                    numeric_point)
    return deriv
