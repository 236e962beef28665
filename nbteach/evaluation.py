r"""Comparing two models on the same cross-validation folds: the paired difference.

When two models are scored on the same k test folds, compare them fold by fold: the
differences :math:`d_f = a_f - b_f` remove what the folds share (an easy fold is easy for
both). Their mean is the estimated advantage of a over b. Its standard error is *not*
:math:`s_d/\sqrt{k}`: in (repeated) cross-validation the folds share training data, so the
differences are correlated and that naive error is too small. The corrected resampled
t statistic of Nadeau & Bengio (2003, *Machine Learning* 52) inflates it:

.. math:: t = \frac{\bar d}{s_d \sqrt{1/k + n_\text{test}/n_\text{train}}}

and we call the difference real only where :math:`|t| > 2` (about a 5% two-sided test).
The correction assumes what cross-validation does: training sets that overlap (each
holds a share :math:`1 - n_\text{test}/n` of the same rows). It does not hold for small
training sets drawn afresh from a large pool (8 rows out of 3,601 barely ever share a
row): there :math:`n_\text{test}/n_\text{train}` is huge and the "corrected" error far too
large. For such independent repetitions use :func:`sign_test`, which assumes only that
the repetitions are independent.

>>> paired_difference([0.80, 0.82, 0.79, 0.81], [0.79, 0.80, 0.79, 0.80], test_fraction=0.2)["verdict"]
'a tie: the difference is within the noise of the folds'
"""
from __future__ import annotations

import math
import warnings

import numpy as np
import pandas as pd

from .i18n import tr
from ._base import NbteachError
from ._shown import shown
from .gaussian import GaussianNB
from .logistic import LogisticRegression
from .resample import stratified_draws, train_test_split
from .text import TextNB, UnknownWordsWarning, memoise

__all__ = ["paired_difference", "sign_test", "binomial_interval", "learning_curve", "repeated_holdout", "Verdict",
           "t_quantile"]


_FINITE = {"en": "a and b must hold finite scores.", "zh": "a 和 b 中的得分必须是有限的数。"}


def _check_level(level) -> None:
    """The size of a test, refused unless strictly between 0 and 1."""
    if not 0 < level < 1:
        raise NbteachError(tr({"en": f"level must be between 0 and 1 (0.05 for a 5% test); got {level!r}.",
                               "zh": f"level 必须在 0 和 1 之间（5% 的检验为 0.05）；得到的是 {level!r}。"}))


#: What one position of a and b is, in each test's words (its refusal names it).
_PER_FOLD = {"en": "per-fold", "zh": "每折"}
_PER_REPETITION = {"en": "per-repetition", "zh": "每次重复"}


def _paired_scores(a, b, level, per: dict):
    """``a`` and ``b`` as two float arrays of paired scores (same length >= 2, all finite),
    with the test's ``level`` checked: what both paired tests refuse, in the same words."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.shape != b.shape or a.ndim != 1 or len(a) < 2:
        raise NbteachError(tr({"en": f"a and b must be two equally long lists of {per['en']} scores (at least 2); "
                                     f"got shapes {a.shape} and {b.shape}.",
                               "zh": f"a 和 b 必须是两个等长的、{per['zh']}一个得分的列表（至少 2 个）；"
                                     f"得到的形状是 {a.shape} 和 {b.shape}。"}))
    if not (np.isfinite(a).all() and np.isfinite(b).all()):
        raise NbteachError(tr(_FINITE))
    _check_level(level)
    return a, b


class Verdict(str):
    """A verdict sentence in the student's language that also says, for code, which side it
    calls better: ``.better`` is ``"a"``, ``"b"`` or ``"tie"`` in every language.

    >>> v = Verdict("a tie: ...", "tie"); v.better, v == "a tie: ..."
    ('tie', True)
    """

    def __new__(cls, text: str, better: str):
        self = super().__new__(cls, text)
        self.better = better
        return self

    def __reduce__(self):
        return Verdict, (str(self), self.better)


def t_quantile(q: float, df: int) -> float:
    """The ``q`` quantile of Student's t distribution with ``df`` degrees of freedom
    (``q`` in (0.5, 1)): the density integrated by Simpson's rule, the point found by bisection.

    >>> round(t_quantile(0.975, 4), 3), round(t_quantile(0.975, 30), 3)
    (2.776, 2.042)
    """
    if not 0.5 < q < 1 or int(df) != df or df < 1:
        raise NbteachError(tr({"en": f"t_quantile needs 0.5 < q < 1 and a whole df >= 1; got q={q!r}, df={df!r}.",
                               "zh": f"t_quantile 需要 0.5 < q < 1、df 为不小于 1 的整数；得到的是 q={q!r}、df={df!r}。"}))
    c = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)

    def cdf(x):                                   # P(T <= x) for x >= 0
        t = np.linspace(0.0, x, 4001)
        f = c * (1 + t * t / df) ** (-(df + 1) / 2)
        h = x / 4000
        return 0.5 + h / 3 * (f[0] + f[-1] + 4 * f[1:-1:2].sum() + 2 * f[2:-1:2].sum())

    low, high = 0.0, 1.0
    while cdf(high) < q:
        low, high = high, high * 2
    for _ in range(60):
        mid = (low + high) / 2
        low, high = (mid, high) if cdf(mid) < q else (low, mid)
    return (low + high) / 2


def paired_difference(a, b, test_fraction: float, higher_is_better: bool = True,
                      level: float = 0.05) -> dict:
    """Compare per-fold scores ``a`` and ``b`` (same folds, same order).

    For (repeated) cross-validation or repeated train/test splits of one data set, where
    the training sets overlap. For repetitions whose training sets are drawn independently
    (small samples from a large pool, as in :func:`learning_curve`), use :func:`sign_test`.

    Parameters
    ----------
    a, b : sequences of floats, one score per test fold
    test_fraction : float in (0, 1)
        Share of the data in each test fold (0.2 for 5-fold cross-validation).
    higher_is_better : bool
        False for losses (log loss, error rate).
    level : float
        The test's size: a difference is called real where |t| is beyond Student's t with
        (folds - 1) degrees of freedom at 1 - level/2 (2.78 for 5 folds at 0.05), the
        distribution Nadeau and Bengio's corrected statistic is compared with.

    Returns
    -------
    dict with ``mean difference`` (a - b), ``sd of difference``, ``corrected t``,
    ``folds a ahead`` and a ``verdict`` sentence (a :class:`Verdict`: ``.better`` says
    ``"a"``, ``"b"`` or ``"tie"`` for code).
    """

    a, b = _paired_scores(a, b, level, _PER_FOLD)
    if not 0 < test_fraction < 1:
        raise NbteachError(tr({"en": f"test_fraction must be between 0 and 1 (0.2 for 5 folds); got {test_fraction!r}.",
                               "zh": f"test_fraction 必须在 0 和 1 之间（5 折时为 0.2）；得到的是 {test_fraction!r}。"}))
    d = a - b
    sd = float(d.std(ddof=1))
    scale = sd * np.sqrt(1 / len(d) + test_fraction / (1 - test_fraction))
    t = float(d.mean() / scale) if scale > 0 else (0.0 if d.mean() == 0 else float("inf") * np.sign(d.mean()))
    better = t if higher_is_better else -t
    ahead = int(np.sum(d > 0) if higher_is_better else np.sum(d < 0))
    critical = t_quantile(1 - level / 2, len(d) - 1)
    if better > critical:
        verdict = Verdict(tr({"en": "a is better: the difference is larger than the noise of the folds",
                              "zh": "a 更好：差异大于各折之间的噪声"}), "a")
    elif better < -critical:
        verdict = Verdict(tr({"en": "b is better: the difference is larger than the noise of the folds",
                              "zh": "b 更好：差异大于各折之间的噪声"}), "b")
    else:
        verdict = Verdict(tr({"en": "a tie: the difference is within the noise of the folds",
                              "zh": "不分高下：差异在各折之间的噪声以内"}), "tie")
    return {"mean difference": float(d.mean()), "sd of difference": sd, "corrected t": t,
            "folds a ahead": ahead, "verdict": verdict}


def binomial_interval(k: int, m: int, level: float = 0.05) -> tuple:
    r"""The exact (Clopper-Pearson) interval for a probability p, after k successes in m
    independent trials: every p under which k is not in either tail of Binomial(m, p) beyond
    level/2,

    .. math:: P(X \ge k \mid p_\text{low}) = \tfrac{\text{level}}{2},\qquad
              P(X \le k \mid p_\text{high}) = \tfrac{\text{level}}{2}

    (p_low = 0 when k = 0, p_high = 1 when k = m), each found by bisection on the binomial
    tail, summed in logarithms with numpy. At least 1 - level of such intervals hold the true
    p. It holds 1/2 exactly when the two-sided sign test (:func:`sign_test`) of k wins in m
    gives p >= level: the interval and the test always agree.

    >>> [round(v, 4) for v in binomial_interval(7, 10)]
    [0.3475, 0.9333]
    """
    if isinstance(k, bool) or isinstance(m, bool) or int(k) != k or int(m) != m or not 0 <= k <= m:
        raise NbteachError(tr({"en": f"k and m must be whole numbers with 0 <= k <= m (k successes in m trials); "
                                     f"got k={k!r}, m={m!r}.",
                               "zh": f"k 和 m 必须是整数，且 0 <= k <= m（m 次试验中成功 k 次）；"
                                     f"得到的是 k={k!r}、m={m!r}。"}))
    _check_level(level)
    k, m = int(k), int(m)
    if m == 0:
        return 0.0, 1.0
    i = np.arange(m + 1)
    log_comb = np.concatenate([[0.0], np.cumsum(np.log((m - i[1:] + 1) / i[1:]))])

    def tail(p, upper):                    # P(X >= k) if upper else P(X <= k), X ~ Binomial(m, p)
        logs = log_comb + i * math.log(p) + (m - i) * math.log1p(-p)
        part = logs[k:] if upper else logs[: k + 1]
        return float(np.exp(part - part.max()).sum() * math.exp(part.max()))

    def solve(upper):                      # the p where the tail equals level/2 (monotone in p)
        low, high = 0.0, 1.0
        for _ in range(60):
            mid = (low + high) / 2
            rising = tail(mid, upper) < level / 2
            low, high = (mid, high) if rising == upper else (low, mid)
        return (low + high) / 2

    return (0.0 if k == 0 else solve(True)), (1.0 if k == m else solve(False))


def sign_test(a, b, higher_is_better: bool = True, level: float = 0.05) -> dict:
    r"""Paired sign test of scores ``a`` and ``b`` over independent repetitions.

    Each position r holds the two models' scores on repetition r (the same training and
    test rows for both). Drop the ties. The null hypothesis is about who *wins*, not about
    the mean scores: among untied repetitions each model wins with probability 1/2 (the
    median of the paired difference is 0). Under it the number of repetitions a wins is
    Binomial(m, 1/2) over the m untied ones, and the two-sided p-value is the chance of a
    split at least as lopsided:

    .. math:: p = \min\Bigl(1,\; 2 \sum_{i=0}^{\min(k, m-k)} \binom{m}{i} 2^{-m}\Bigr)

    where k is the number of repetitions a wins. Its one assumption: the repetitions are
    independent (each draws its own rows, as :func:`learning_curve` does). Cross-validation
    folds are not (their training sets share rows): use :func:`paired_difference` there.
    ``win rate`` is k / m, the share of untied repetitions a wins, and ``interval`` its exact
    interval at 1 - level (:func:`binomial_interval`), which leaves out 1/2 exactly when
    p < level. What a rejection shows is a direction: which model wins more often on such
    repetitions, not by how much, and not that its mean score is higher.

    Returns
    -------
    dict with ``mean difference`` (a - b), ``sd of difference``, ``a ahead``, ``b ahead``,
    ``ties``, ``win rate``, ``interval``, ``p-value`` and a ``verdict`` sentence (a direction
    claimed where p < level; ``.better`` is ``"a"``, ``"b"`` or ``"tie"`` when none is).

    >>> sign_test([0.9] * 9 + [0.7], [0.8] * 10)["p-value"]
    0.021484375
    """
    a, b = _paired_scores(a, b, level, _PER_REPETITION)
    d = a - b if higher_is_better else b - a
    a_ahead, b_ahead = int(np.sum(d > 0)), int(np.sum(d < 0))
    m = a_ahead + b_ahead
    k = min(a_ahead, b_ahead)
    p = 1.0 if m == 0 else min(1.0, 2 * sum(math.comb(m, i) for i in range(k + 1)) / 2 ** m)
    if p < level and a_ahead > b_ahead:
        verdict = Verdict(tr({"en": "a wins more often: P(a wins) > 1/2 among untied repetitions",
                              "zh": "a 赢得更多：在不平局的重复中 P(a 赢) > 1/2"}), "a")
    elif p < level:
        verdict = Verdict(tr({"en": "b wins more often: P(a wins) < 1/2 among untied repetitions",
                              "zh": "b 赢得更多：在不平局的重复中 P(a 赢) < 1/2"}), "b")
    else:
        verdict = Verdict(tr({"en": "no direction: a split of wins like this one is common if each wins half of them",
                              "zh": "方向不明：若双方各赢一半，这样的胜负分布很常见"}), "tie")
    diff = a - b
    return {"mean difference": float(diff.mean()), "sd of difference": float(diff.std(ddof=1)),
            "a ahead": a_ahead, "b ahead": b_ahead, "ties": len(d) - m,
            "win rate": a_ahead / m if m else float("nan"), "interval": binomial_interval(a_ahead, m, level),
            "p-value": float(p), "verdict": verdict}


def _gaussian_nb_predictions(model, Xtr, ytr, Xte, K):
    """The class indices :class:`~nbteach.GaussianNB` predicts on every draw at once: ``Xtr``
    (draws, n, d) with labels ``ytr`` (draws, n) in 0..K-1, ``Xte`` (draws, t, d). The
    estimates of ``GaussianNB._fit`` (class means, variances dividing by n_c, pooled with the
    class counts as weights when shared, plus var_smoothing times the largest variance), each
    sum over one draw's rows; the prediction is the argmax of its joint log-likelihood."""
    onehot = (ytr[:, :, None] == np.arange(K)).astype(float)                  # (draws, n, K)
    count = onehot.sum(axis=1)                                                 # (draws, K)
    theta = onehot.transpose(0, 2, 1) @ Xtr / count[:, :, None]                # (draws, K, d)
    resid2 = (Xtr - np.take_along_axis(theta, ytr[:, :, None], axis=1)) ** 2
    var = onehot.transpose(0, 2, 1) @ resid2 / count[:, :, None]
    if model.shared_variance:
        pooled = np.einsum("rk,rkd->rd", count, var) / count.sum(axis=1)[:, None]
        var = np.repeat(pooled[:, None, :], K, axis=1)
    var = var + (model.var_smoothing * Xtr.var(axis=1).max(axis=1))[:, None, None]
    log_prior = np.log(count / count.sum(axis=1, keepdims=True))
    jll = np.empty(Xte.shape[:2] + (K,))
    for k in range(K):                     # summed as GaussianNB sums, so that the numbers agree
        n_ij = -0.5 * np.log(2.0 * np.pi * var[:, k]).sum(axis=1)[:, None]
        n_ij = n_ij - 0.5 * np.sum((Xte - theta[:, None, k]) ** 2 / var[:, None, k], axis=2)
        jll[:, :, k] = log_prior[:, k, None] + n_ij
    return np.argmax(jll, axis=2)


def _logistic_predictions(model, Xtr, ytr, Xte):
    """The class indices a two-class :class:`~nbteach.LogisticRegression` (Newton) predicts on
    every draw at once: its ``_newton`` run on all draws side by side. J(w) = sum_i
    [log(1 + e^f_i) - y_i f_i] + lam/2 ||w||^2 (intercept not penalised), f = w.x + w_0; a step
    solves H s = g, backtracks by halves until J falls enough (Armijo, 1e-4), and a draw stops
    when its largest |gradient| / n is below ``tol``."""
    draws, n, d = Xtr.shape
    X1 = np.concatenate([Xtr, np.ones((draws, n, 1))], axis=2)
    y = ytr.astype(float)
    mask = np.ones(d + 1)
    mask[-1] = 0.0
    lam = float(model.lam)
    ridge = np.diag(lam * mask + 1e-10 * n * (1.0 - mask))

    W = np.zeros((draws, d + 1))
    J = _logistic_objective(X1, y, W, lam, mask)
    for _ in range(model.max_iter or 100):
        p = 1.0 / (1.0 + np.exp(-(X1 @ W[:, :, None])[:, :, 0]))
        g = ((p - y)[:, None, :] @ X1)[:, 0, :] + lam * W * mask
        going = np.abs(g).max(axis=1) / n >= model.tol
        if not going.any():
            break
        H = (X1 * (p * (1 - p))[:, :, None]).transpose(0, 2, 1) @ X1 + ridge
        step = np.linalg.solve(H[going], g[going][:, :, None])[:, :, 0]
        Wg, Jg, slope, t = W[going], J[going], (g[going] * step).sum(axis=1), np.ones(going.sum())
        while True:
            W_new = Wg - t[:, None] * step
            J_new = _logistic_objective(X1[going], y[going], W_new, lam, mask)
            short = (J_new > Jg - 1e-4 * t * slope) & (t >= 1e-10)
            if not short.any():
                break
            t[short] *= 0.5
        W[going], J[going] = W_new, J_new
    return ((Xte @ W[:, :-1, None])[:, :, 0] + W[:, -1:] > 0).astype(int)


def _logistic_objective(X1, y, W, lam, mask):
    """J(w) of every draw (one row of W each)."""
    f = (X1 @ W[:, :, None])[:, :, 0]
    return (np.logaddexp(0.0, f) - y * f).sum(axis=1) + 0.5 * lam * ((W * mask) ** 2).sum(axis=1)


def _predictions_of_all_draws(model, Xtr, ytr, Xte, K):
    """The predictions (class indices) of ``model`` fitted on every draw, all draws at once,
    where nbteach has that form: a :class:`~nbteach.GaussianNB` without fixed priors, a
    two-class :class:`~nbteach.LogisticRegression` with Newton and lam > 0. Otherwise None."""
    if type(model) is GaussianNB and model.priors is None:
        return _gaussian_nb_predictions(model, Xtr, ytr, Xte, K)
    if type(model) is LogisticRegression and K == 2 and model.solver == "newton" and model.lam > 0:
        return _logistic_predictions(model, Xtr, ytr, Xte)
    return None


def learning_curve(models: dict, X, y, train_sizes, n_repeats: int = 20, test_size: int = 200,
                   random_state: int = 0, standardise: bool = True):
    """Held-out accuracy of each model as the training set grows, with its spread.

    Every training size n gets ``n_repeats`` draws of its own, independent of each other and
    of the other sizes' (:func:`nbteach.resample.stratified_draws`): each draw takes fresh
    training rows and fresh ``test_size`` test rows, disjoint, each class with its share of
    both. No draw's rows are a prefix of another's and no two sizes share a test set, so the
    draws of one size are independent repetitions (what :func:`sign_test` assumes) and the
    sizes are independent of each other. Within a draw every model gets the same rows, so the
    models can be compared draw by draw. With ``standardise`` the features are centred and
    scaled with the draw's *training* rows' mean and standard deviation (what a model may
    know). Each model is fitted afresh on every draw (a clone, ``type(m)(**m.get_params())``);
    :class:`~nbteach.GaussianNB` and two-class :class:`~nbteach.LogisticRegression` (Newton,
    lam > 0) are fitted on all draws at once, with numpy over the draws: the same estimates
    and predictions as fitting each draw (the tests compare them draw by draw), many times
    faster.

    ``n_repeats``: the number of draws at every size, or a list with one number per size.

    Returns a DataFrame with one row per (model, n): ``mean``, ``sd`` (over the draws),
    ``min``, ``max``, and in ``.attrs["scores"]`` the per-draw accuracies, for paired
    comparisons: {model: array (len(train_sizes), n_repeats)}, or with a list of
    ``n_repeats`` {model: [one array of n_repeats[s] accuracies per size s]}.
    """

    X = np.asarray(X, dtype=float)
    y = np.asarray(y)
    if X.ndim != 2 or len(X) != len(y):
        raise NbteachError(tr({"en": f"X must be 2-D with one row per label; got X {X.shape} and {len(y)} labels.",
                               "zh": f"X 必须是二维的，每个标记一行；得到的 X 形状是 {X.shape}，标记有 {len(y)} 个。"}))
    if not np.isfinite(X).all():
        raise NbteachError(tr({"en": "X holds missing (NaN) or infinite values: fill or drop them first.",
                               "zh": "X 中有缺失值（NaN）或无穷大：请先填补或删去它们。"}))
    classes, y_idx = np.unique(y, return_inverse=True)
    y_idx = y_idx.ravel()
    sizes = [int(n) for n in train_sizes]
    if any(n < 2 * len(classes) for n in sizes) or max(sizes) + test_size > len(y):
        raise NbteachError(tr({"en": f"each training size must be at least {2 * len(classes)} (twice the number of classes) and "
                                     f"size + test_size at most {len(y)}; got sizes {sizes}, test_size {test_size}.",
                               "zh": f"每个训练集大小至少为 {2 * len(classes)}（类别数的两倍），且大小 + test_size "
                                     f"不超过 {len(y)}；得到的大小是 {sizes}，test_size 是 {test_size}。"}))
    one_count = not isinstance(n_repeats, (list, tuple, np.ndarray))
    repeats = [n_repeats] * len(sizes) if one_count else list(n_repeats)
    if len(repeats) != len(sizes) or any(isinstance(r, bool) or not isinstance(r, (int, np.integer)) or r < 2
                                         for r in repeats):
        raise NbteachError(tr({"en": f"n_repeats must be a whole number >= 2 (the spread needs it), or one such number "
                                     f"per training size; got {n_repeats!r} for {len(sizes)} sizes.",
                               "zh": f"n_repeats 必须是 >= 2 的整数（算离散程度需要它），或每个训练集大小各一个这样的整数；"
                                     f"得到的是 {n_repeats!r}，而大小有 {len(sizes)} 个。"}))
    rng = np.random.default_rng(random_state)
    scores = {name: [np.zeros(r) for r in repeats] for name in models}
    for s, n in enumerate(sizes):
        train, test = stratified_draws(y, n, test_size, repeats[s], rng)
        Xtr, Xte = X[train], X[test]                               # (draws, n, d), (draws, test_size, d)
        if standardise:
            mu, sd = Xtr.mean(axis=1, keepdims=True), Xtr.std(axis=1, keepdims=True)
            sd[sd == 0] = 1.0
            Xtr, Xte = (Xtr - mu) / sd, (Xte - mu) / sd
        for name, model in models.items():
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                # the first draw fitted as usual: the model refuses bad settings as its fit does
                first = type(model)(**model.get_params()).fit(Xtr[0], y[train[0]])
                predicted = _predictions_of_all_draws(model, Xtr, y_idx[train], Xte, len(classes))
                if predicted is not None:
                    scores[name][s] = np.mean(predicted == y_idx[test], axis=1)
                    continue
                for r in range(repeats[s]):
                    m = first if r == 0 else type(model)(**model.get_params()).fit(Xtr[r], y[train[r]])
                    scores[name][s][r] = float(np.mean(m.predict(Xte[r]) == y[test[r]]))
    rows = []
    for name in models:
        for s, n in enumerate(sizes):
            v = scores[name][s]
            rows.append({"model": name, "n_train": n, "mean": v.mean(), "sd": v.std(ddof=1),
                         "min": v.min(), "max": v.max()})

    out = pd.DataFrame(rows).set_index(["model", "n_train"])
    out.attrs["scores"] = {name: np.array(v) for name, v in scores.items()} if one_count else scores
    out.attrs["test_size"] = test_size
    return shown(out, "model", "n_train", "mean", "sd", "min", "max")


def repeated_holdout(models: dict, X, y, n_splits: int = 5, test_size: float = 0.25,
                     random_state: int = 0):
    """Held-out accuracy of each model on ``n_splits`` random train/test splits, with its spread.

    Split r holds out a stratified random ``test_size`` share of the rows
    (:func:`nbteach.resample.train_test_split` with the r-th seed drawn from ``random_state``);
    every model is scored on the same splits, so the per-split scores can be compared pair by
    pair (:func:`paired_difference`: the training sets of repeated random splits overlap, which
    is the setting its correction is made for). Each model is cloned
    (``type(m)(**m.get_params())``) and fitted afresh on every split.

    ``X`` is a list of documents (or an array, a pandas Series or DataFrame, one row per
    example, taken by position). A
    :class:`~nbteach.text.TextNB` with a ``tokenizer`` gets, on every split, the same tokenizer
    with a memo (:class:`~nbteach.text.memoise`): each document is tokenized once for all
    splits (with jieba, tokenizing is most of the time), and the tokens, so the scores, are
    those of the plain tokenizer. A test
    document made only of unknown words scores its prior, as in :class:`~nbteach.text.TextNB`,
    without the warning on every split.

    Returns a DataFrame with one row per model: ``mean``, ``sd`` (over the splits, ddof=1),
    ``min``, ``max``; ``.attrs["scores"]`` is the DataFrame of every split's accuracy (one row
    per split, one column per model) and ``.attrs["test_size"]`` the test share.

    >>> from nbteach import TextNB
    >>> docs = ["cheap pills", "cheap offer now", "win cash", "cheap cash prize", "lunch at noon",
    ...         "team lunch", "meeting moved", "noon meeting"]
    >>> table = repeated_holdout({"NB": TextNB()}, docs, ["spam"] * 4 + ["ham"] * 4, n_splits=3,
    ...                          test_size=0.5)
    >>> list(table.columns), table.attrs["scores"].shape
    (['mean', 'sd', 'min', 'max'], (3, 1))
    """
    if not isinstance(models, dict) or not models:
        raise NbteachError(tr({"en": "models must be a dict {name: unfitted model}, with at least one model.",
                               "zh": "models 必须是字典 {名字: 未训练的模型}，至少有一个模型。"}))
    for name, m in models.items():
        if not (hasattr(m, "fit") and hasattr(m, "predict") and hasattr(m, "get_params")):
            raise NbteachError(tr({"en": f"models[{name!r}] is {type(m).__name__}: each model needs fit, predict and "
                                         "get_params (an nbteach or scikit-learn estimator).",
                                   "zh": f"models[{name!r}] 是 {type(m).__name__}：每个模型都要有 fit、predict 和 "
                                         "get_params（nbteach 或 scikit-learn 的估计器）。"}))
    if isinstance(n_splits, bool) or not isinstance(n_splits, (int, np.integer)) or n_splits < 2:
        raise NbteachError(tr({"en": f"n_splits must be a whole number >= 2 (the spread needs it), got {n_splits!r}.",
                               "zh": f"n_splits 必须是 >= 2 的整数（算离散程度需要它），得到的是 {n_splits!r}。"}))
    if isinstance(X, str) or not hasattr(X, "__len__"):
        raise NbteachError(tr({"en": f"X must hold one example per row (a list of documents), not "
                                     f"{'a single string' if isinstance(X, str) else type(X).__name__}.",
                               "zh": f"X 必须每行一个样本（文档的列表），而不是"
                                     f"{'一个字符串' if isinstance(X, str) else type(X).__name__}。"}))
    if isinstance(random_state, bool) or not isinstance(random_state, (int, np.integer)):
        raise NbteachError(tr({"en": f"random_state must be a whole number (the seed of the splits), got {random_state!r}.",
                               "zh": f"random_state 必须是整数（划分的随机种子），得到的是 {random_state!r}。"}))
    y = np.asarray(y)
    n = len(X)
    if y.ndim != 1 or len(y) != n:
        raise NbteachError(tr({"en": f"X has {n} rows but y has {y.size} labels: one label per row.",
                               "zh": f"X 有 {n} 行，而 y 有 {y.size} 个标记：每行一个标记。"}))
    is_list = isinstance(X, list)
    by_position = hasattr(X, "iloc")                 # a pandas Series or DataFrame: rows by position
    rows = np.arange(n)
    params = {}
    for name, m in models.items():
        p = m.get_params()
        if isinstance(m, TextNB) and p.get("tokenizer") is not None:
            p["tokenizer"] = memoise(p["tokenizer"])
        params[name] = p
    seeds = np.random.default_rng(random_state).integers(0, 2**31 - 1, size=int(n_splits))
    scores = {name: np.zeros(int(n_splits)) for name in models}
    for r, seed in enumerate(seeds.tolist()):
        train, test, _, _ = train_test_split(rows, y, test_size=test_size, random_state=seed)
        if is_list:
            X_train, X_test = [X[i] for i in train], [X[i] for i in test]
        elif by_position:
            X_train, X_test = X.iloc[train], X.iloc[test]
        else:
            X_train, X_test = X[train], X[test]
        for name, m in models.items():
            model = type(m)(**params[name]).fit(X_train, y[train])
            with warnings.catch_warnings():    # a test document of unknown words only: the prior
                warnings.simplefilter("ignore", UnknownWordsWarning)
                predicted = np.asarray(model.predict(X_test))
            scores[name][r] = float(np.mean(predicted == y[test]))
    out = pd.DataFrame([{"model": name, "mean": v.mean(), "sd": v.std(ddof=1), "min": v.min(),
                         "max": v.max()} for name, v in scores.items()]).set_index("model")
    out.attrs["scores"] = shown(pd.DataFrame(scores, index=pd.RangeIndex(1, int(n_splits) + 1, name="split")), "split")
    out.attrs["test_size"] = test_size

    return shown(out, "model", "mean", "sd", "min", "max")
