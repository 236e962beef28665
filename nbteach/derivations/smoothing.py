r"""Laplace / Lidstone smoothing derived as a Bayesian estimate, checked by sympy.

With a symmetric Dirichlet(alpha) prior on a distribution :math:`\theta_1..\theta_V`
and counts :math:`N_1..N_V` (:math:`N = \sum_i N_i`), the posterior is
Dirichlet(:math:`N_i + \alpha`), so

* the posterior mean is :math:`(N_i + \alpha) / (N + V\alpha)`;
* the MAP under a Dirichlet(:math:`\alpha + 1`) prior is the same number;
* alpha = 1 is Laplace's (+1)/(+V); alpha counts pseudo-observations per outcome.

For one class j of multinomial naive Bayes, :math:`N_i = N_{ij}` and
:math:`N = \sum_{i'} N_{i'j}` (the words of class j, not its documents); for the class
prior, the outcomes are the C classes. The Bernoulli case is a Beta(alpha, alpha) prior on
each :math:`\mu_{i|j}`: :math:`(N_{ij} + \alpha) / (N_j + 2\alpha)`, the (+1)/(+2) of the
notes for alpha = 1.

>>> d = dirichlet_smoothing(3)
>>> d.verify()
True
>>> theta, N, alpha = d.symbols["theta"], d.symbols["N"], d.symbols["alpha"]
>>> d.result[theta[2]]
(alpha + N[2])/(3*alpha + N[1] + N[2] + N[3])
"""
from __future__ import annotations

import sympy as sp

from .._base import NbteachError
from ._core import Step, is_zero, sizes
from .mle import SYMBOLS, Family, _Space, i, ip, j, jp, lagrange_mle
from ..i18n import tr

__all__ = ["dirichlet_smoothing", "beta_smoothing", "lidstone_bias", "ALPHA"]

ALPHA = sp.Symbol("alpha", positive=True)


def _dirichlet_mean(a, k, outcomes):
    """E[theta_k] under Dirichlet(a): B(a + e_k) / B(a), B(a) = prod Gamma(a_i) / Gamma(sum a_i).

    ``a(index)`` gives a_i; ``outcomes`` is a list of indices (concrete) or None (general,
    where the factors Gamma(a_i), i != k, cancel between numerator and denominator).
    """
    if outcomes is None:
        return None
    total = sum(a(v) for v in outcomes)
    B = sp.Mul(*[sp.gamma(a(v)) for v in outcomes]) / sp.gamma(total)
    B_k = sp.Mul(*[sp.gamma(a(v) + (1 if v == k else 0)) for v in outcomes]) / sp.gamma(total + 1)
    return B_k / B


def dirichlet_smoothing(n_outcomes=3, parameter="theta"):
    r"""Derive Lidstone smoothing as the posterior mean and the MAP of a Dirichlet prior.

    .. math:: \hat\theta_i = \frac{N_i + \alpha}{N + V\alpha}

    Parameters
    ----------
    n_outcomes : int or str
        V for word probabilities within one class (or C for the class prior): a whole
        number 1..12 for an explicit derivation, or a symbol name such as ``"V"``.
    parameter : {"theta", "pi"}
        ``"theta"``: word probabilities of one class (counts N_i = N_ij);
        ``"pi"``: the class prior (counts N_j, documents per class).

    Returns
    -------
    Derivation
        Steps: the prior, the likelihood, the posterior (conjugacy), the posterior mean,
        then the MAP under Dirichlet(alpha + 1) derived with a Lagrange multiplier.

    Examples
    --------
    >>> d = dirichlet_smoothing("C", parameter="pi")
    >>> d.verify()
    True
    >>> pi, j = d.symbols["pi"], d.symbols["j"]
    >>> d.result[pi[j]]
    (alpha + N[j])/(C*alpha + Sum(N[j'], (j', 1, C)))
    """
    if parameter not in ("theta", "pi"):
        raise NbteachError(tr({"en": f"parameter must be 'theta' (word probabilities) or 'pi' "
                                     f"(class prior), got {parameter!r}.",
                               "zh": f"parameter 必须是 'theta'（词的概率）或 'pi'（类先验概率），你给的是 {parameter!r}。"}))
    name = "V" if parameter == "theta" else "C"
    V, _, general = sizes(n_outcomes, 1, default_names=(name, "_"),
                          arg_names=("n_outcomes", "_"))
    idx = i if parameter == "theta" else j
    S = dict(SYMBOLS, alpha=ALPHA, **{name: V})
    base, N, lam = S[parameter], S["N"], S["lambda"]
    space = _Space(general)
    a = ALPHA
    kernel = lambda expo: (sp.Product(base[_p(idx)] ** expo(_p(idx)), (_p(idx), 1, V)) if general
                           else sp.Mul(*[base[v] ** expo(v) for v in range(1, V + 1)]))
    prior = kernel(lambda v: a - 1)
    likelihood = kernel(lambda v: N[v])
    posterior = kernel(lambda v: N[v] + a - 1)
    total = space.sum(N[idx], idx, V)
    mean_formula = (N[idx] + a) / (total + V * a)
    outcomes = None if general else list(range(1, V + 1))
    mean_steps = []
    if general:
        ratio = (sp.gamma(N[idx] + a + 1) / sp.gamma(N[idx] + a)
                 * sp.gamma(total + V * a) / sp.gamma(total + V * a + 1))
        mean_steps.append(Step(
            r"The posterior mean from the normalising constant: $E[\theta_i] = "
            r"B(a + e_i)/B(a)$ with $B(a) = \prod_i \Gamma(a_i)/\Gamma(\sum_i a_i)$; "
            r"every $\Gamma(a_{i'})$, $i' \neq i$, cancels.",
            sp.Eq(sp.Symbol(r"E[%s]" % sp.latex(base[idx])), ratio), "mean_gamma"))
    else:
        for k in outcomes[:1]:
            mean_steps.append(Step(
                r"The posterior mean from the normalising constant, $E[\theta_k] = "
                r"B(a + e_k)/B(a)$ (shown for k = 1):",
                sp.Eq(sp.Symbol(r"E[%s]" % sp.latex(base[k])),
                      _dirichlet_mean(lambda v: N[v] + a, k, outcomes)), "mean_gamma"))
    mean_steps.append(Step(
        r"Gamma(x + 1) = x Gamma(x) simplifies it: Lidstone smoothing, and with "
        r"$\alpha = 1$ Laplace's (+1)/(+%s)." % sp.latex(V),
        sp.Eq(sp.Symbol(r"E[%s]" % sp.latex(base[idx])), mean_formula), "mean"))
    intro = [
        Step(r"A symmetric Dirichlet($\alpha$) prior: every outcome gets the same "
             r"pseudo-count; its density is proportional to", sp.Eq(sp.Symbol("p(\\theta)"),
                                                                     prior), "prior"),
        Step("The likelihood of the counts (multinomial, up to a constant):",
             sp.Eq(sp.Symbol(r"p(N|\theta)"), likelihood), "data"),
        Step(r"Prior times likelihood: the posterior is Dirichlet($N_i + \alpha$), the "
             r"same family (conjugate prior): alpha adds to every count.",
             sp.Eq(sp.Symbol(r"p(\theta|N)"), posterior), "posterior"),
        *mean_steps,
        Step(r"The MAP instead: with a Dirichlet($\alpha + 1$) prior the posterior kernel is "
             r"this; maximise its log with a Lagrange multiplier, as for the MLE.",
             sp.Eq(sp.Symbol(r"\mathcal{L}"), kernel(lambda v: N[v] + a)), "likelihood"),
    ]
    family = Family(
        base=base, indices=(idx,), limits=(V,),
        loglik=lambda v: (N[v] + a) * sp.log(base[v]),
        textbook=lambda sum_, v: (N[v] + a) / (sum_(N[idx], idx, V) + V * a),
        summed=0, multiplier=lambda: lam,
    )
    title = (f"Lidstone smoothing as a Dirichlet posterior ({sp.latex(V)} outcomes, "
             f"parameter {parameter})")
    d = lagrange_mle(title, [family], general, intro, S)

    def posterior_is_prior_times_likelihood(d):
        pr, lk, po = (d.step(k).expr.rhs for k in ("prior", "data", "posterior"))
        if general:  # products over the same index multiply factor by factor
            return (isinstance(po, sp.Product) and po.limits == pr.limits == lk.limits
                    and is_zero(sp.powsimp(pr.function * lk.function) - po.function))
        return is_zero(sp.powsimp(pr * lk) - po)

    def mean_from_normalising_constant(d):
        gamma_step = d.step("mean_gamma").expr.rhs
        mean = d.step("mean").expr.rhs
        k = idx if general else 1
        return is_zero(sp.gammasimp(gamma_step) - mean.xreplace({idx: k}))

    def map_equals_mean(d):
        mean = d.step("mean").expr.rhs
        for p in space.instances(family):
            if not is_zero(d.result[base[p]] - mean.xreplace({idx: p[0]})):
                return False
        return True

    d.add_check("the posterior is the prior times the likelihood", posterior_is_prior_times_likelihood)
    d.add_check("the posterior mean follows from the Dirichlet normalising constant",
                mean_from_normalising_constant)
    d.add_check("the MAP under Dirichlet(alpha+1) equals the posterior mean", map_equals_mean)
    return d


def _p(index):
    return {i: ip, j: jp}[index]


def beta_smoothing():
    r"""Derive the Bernoulli (+1)/(+2) smoothing from a Beta(alpha, alpha) prior on mu_{i|j}.

    .. math:: \hat\mu_{i|j} = \frac{N_{ij} + \alpha}{N_j + 2\alpha}

    N_ij documents of class j contain word i, N_j - N_ij do not. The posterior is
    Beta(N_ij + alpha, N_j - N_ij + alpha); its mean, and the MAP under a
    Beta(alpha + 1, alpha + 1) prior, are the formula above.

    Returns
    -------
    Derivation

    Examples
    --------
    >>> d = beta_smoothing()
    >>> d.verify()
    True
    >>> mu, N, i, j = (d.symbols[k] for k in ("mu", "N", "i", "j"))
    >>> d.result[mu[i, j]].subs(d.symbols["alpha"], 1)
    (N[i, j] + 1)/(N[j] + 2)
    """
    C, V = (sp.Symbol(n, integer=True, positive=True) for n in "CV")
    S = dict(SYMBOLS, alpha=ALPHA, C=C, V=V)
    mu, N, Nbar, a = S["mu"], S["N"], S["Nbar"], ALPHA
    m, n0 = mu[i, j], N[j] - N[i, j]
    B = lambda p, q: sp.gamma(p) * sp.gamma(q) / sp.gamma(p + q)
    intro = [
        Step(r"A Beta($\alpha, \alpha$) prior on each $\mu_{i|j}$ (its density up to a constant):",
             sp.Eq(sp.Symbol(r"p(\mu)"), m ** (a - 1) * (1 - m) ** (a - 1)), "prior"),
        Step("The likelihood: N_ij documents of class j contain word i, N_j - N_ij do not.",
             sp.Eq(sp.Symbol(r"p(N|\mu)"), m ** N[i, j] * (1 - m) ** n0), "data"),
        Step(r"The posterior is Beta($N_{ij} + \alpha,\ N_j - N_{ij} + \alpha$): conjugate again.",
             sp.Eq(sp.Symbol(r"p(\mu|N)"), m ** (N[i, j] + a - 1) * (1 - m) ** (n0 + a - 1)),
             "posterior"),
        Step(r"Its mean is $B(p+1, q)/B(p, q)$ with $B(p, q) = \Gamma(p)\Gamma(q)/\Gamma(p+q)$:",
             sp.Eq(sp.Symbol(r"E[\mu_{i|j}]"), B(N[i, j] + a + 1, n0 + a) / B(N[i, j] + a, n0 + a)),
             "mean_gamma"),
        Step(r"which simplifies to the smoothed estimate; $\alpha = 1$ is the notes' (+1)/(+2).",
             sp.Eq(sp.Symbol(r"E[\mu_{i|j}]"), (N[i, j] + a) / (N[j] + 2 * a)), "mean"),
        Step(r"The MAP under a Beta($\alpha + 1, \alpha + 1$) prior maximises this kernel:",
             sp.Eq(sp.Symbol(r"\mathcal{L}"), m ** (N[i, j] + a) * (1 - m) ** (n0 + a)),
             "likelihood"),
    ]
    family = Family(
        base=mu, indices=(i, j), limits=(V, C),
        loglik=lambda i_, j_: ((N[i_, j_] + a) * sp.log(mu[i_, j_])
                               + (N[j_] - N[i_, j_] + a) * sp.log(1 - mu[i_, j_])),
        textbook=lambda sum_, i_, j_: (N[i_, j_] + a) / (N[j_] + 2 * a),
        positivity=lambda i_, j_: {N[j_]: N[i_, j_] + Nbar[i_, j_]},
    )
    d = lagrange_mle("Bernoulli smoothing as a Beta posterior", [family], True, intro, S)
    # the kernel is for one (i, j); the engine's log-likelihood sums over all of them
    d.step("likelihood").expr = sp.Eq(
        sp.Symbol(r"\mathcal{L}"),
        sp.Product(intro[-1].expr.rhs.xreplace({i: ip, j: jp}), (jp, 1, C), (ip, 1, V)))

    def posterior_is_prior_times_likelihood(d):
        pr, lk, po = (d.step(k).expr.rhs for k in ("prior", "data", "posterior"))
        return is_zero(sp.powsimp(pr * lk) - po)

    def mean_from_normalising_constant(d):
        return is_zero(sp.gammasimp(d.step("mean_gamma").expr.rhs) - d.step("mean").expr.rhs)

    def map_equals_mean(d):
        return is_zero(d.result[m] - d.step("mean").expr.rhs)

    d.add_check("the posterior is the prior times the likelihood", posterior_is_prior_times_likelihood)
    d.add_check("the posterior mean follows from the Beta normalising constant",
                mean_from_normalising_constant)
    d.add_check("the MAP under Beta(alpha+1, alpha+1) equals the posterior mean", map_equals_mean)
    return d


def lidstone_bias():
    r"""The exact bias of the Lidstone estimate, derived with sympy.

    One class of ``n`` rows; a value of a feature with ``M`` values has probability ``p``,
    so its count is Binomial(n, p) with mean ``n p``. The estimate
    :math:`\hat p = (\text{count} + \alpha)/(n + M\alpha)` is linear in the count, so

    .. math:: E[\hat p] - p = \frac{n p + \alpha}{n + M\alpha} - p = -\frac{\alpha (M p - 1)}{n + M\alpha}:

    zero for alpha = 0 (the MLE is unbiased) and where p = 1/M; otherwise the estimate is
    pulled towards 1/M, by less as n grows.

    Returns ``(bias, symbols)``: the sympy expression and ``{"n", "M", "p", "alpha"}``.

    >>> bias, s = lidstone_bias()
    >>> bias
    -alpha*(M*p - 1)/(M*alpha + n)
    """
    n, M = sp.symbols("n M", positive=True, integer=True)
    p, alpha = sp.symbols("p alpha", nonnegative=True)
    expected_count = n * p                                   # E[Binomial(n, p)]
    expected_estimate = (expected_count + alpha) / (n + M * alpha)
    bias = sp.factor(sp.simplify(expected_estimate - p))
    return bias, {"n": n, "M": M, "p": p, "alpha": alpha}
