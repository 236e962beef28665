r"""Bayesian decision theory (note 002): loss, conditional risk, the Bayes decision.

``loss[i][j]`` = lambda_ij, the cost of deciding class i when the truth is class j. The
conditional risk of deciding c_i for x is

.. math:: R(c_i \mid x) = \sum_j \lambda_{ij} P(c_j \mid x),

and the Bayes decision takes, for every x, the class of least conditional risk; its
expected loss over the data is the Bayes risk. Under the 0-1 loss (0 on the diagonal,
1 elsewhere) R(c_i|x) = 1 - P(c_i|x), so the Bayes decision is the largest posterior
and 1 - R is the accuracy; under other losses neither holds. With two classes the
Bayes decision is a threshold on the posterior: decide class 1 iff
P(1|x) > t = (l10 - l00) / ((l10 - l00) + (l01 - l11)) (:func:`threshold_from_loss`).

A general loss needs no exponentiation either: from log scores s_j = log P(c_j, x) + a
(the same a for every class of a row, e.g. log P(c_j) + sum_i log P(x_i|c_j)),

.. math:: \log R(c_i \mid x) = \operatorname{logsumexp}_j(\log\lambda_{ij} + s_j) - \log P(x),

and log P(x) = logsumexp_j s_j is the same for every decision, so the Bayes decision is the
argmin of the first term (:func:`log_bayes_decision`); with two classes it is a threshold
on s_1 - s_0 (:func:`log_odds_threshold`).

Exact where the input is exact: posteriors given as Fractions (or sympy numbers) give
risks as Fractions.

>>> from fractions import Fraction as F
>>> post = [F(1, 4), F(3, 4)]                 # P(ham|x), P(spam|x)
>>> loss = [[0, 1], [10, 0]]                  # calling ham spam costs 10
>>> conditional_risk(post, loss)
[Fraction(3, 4), Fraction(5, 2)]
>>> int(bayes_decision(post, loss))           # decide ham although spam is more probable
0
"""
from __future__ import annotations

import math
import numbers
from fractions import Fraction

import numpy as np

import pandas as pd

from ._base import NbteachError, is_symbolic
from .i18n import tr

__all__ = ["zero_one_loss", "conditional_risk", "bayes_decision", "bayes_risk",
           "decision_risk", "threshold_decision", "threshold_from_loss", "expected_loss",
           "log_conditional_risk", "log_bayes_decision", "log_odds_threshold", "risk_gap"]


def zero_one_loss(n_classes):
    """The 0-1 loss matrix: 0 for a right decision, 1 for a wrong one.

    >>> zero_one_loss(3).tolist()
    [[0, 1, 1], [1, 0, 1], [1, 1, 0]]
    """
    if isinstance(n_classes, bool) or not isinstance(n_classes, numbers.Integral) or n_classes < 2:
        raise NbteachError(tr({"en": f"n_classes must be a whole number >= 2, got {n_classes!r}.",
                               "zh": f"n_classes 必须是 >= 2 的整数，你给的是 {n_classes!r}。"}))
    return 1 - np.eye(int(n_classes), dtype=int)


def _is_exact(v) -> bool:
    return isinstance(v, (Fraction, numbers.Integral)) or is_symbolic(v)


def _values(obj, name):
    """A list-of-lists / list view of obj, keeping Fractions and sympy numbers exact."""
    if hasattr(obj, "to_numpy"):
        obj = obj.to_numpy()
    arr = np.asarray(obj, dtype=object)
    if arr.dtype == object and arr.size and all(isinstance(v, str) for v in arr.ravel()):
        raise NbteachError(tr({"en": f"{name} holds text ({arr.ravel()[0]!r}); it must hold numbers.",
                               "zh": f"{name} 中有文本（{arr.ravel()[0]!r}）；它必须是数值。"}))
    return arr


def _check_loss(loss, K):
    L = _values(loss, "loss")
    if L.ndim != 2 or L.shape[1] != K:
        raise NbteachError(
            tr({"en": f"loss must be a matrix with one row per decision and one column per true class, "
                      f"shape (decisions, {K}) for {K} classes; got shape {L.shape}. loss[i][j] is the "
                      "cost of deciding class i when the truth is class j.",
                "zh": f"loss 必须是矩阵，每个决策一行、每个真实类别一列，{K} 个类别时形状为 (决策数, {K})；你给的形状是 {L.shape}。loss[i][j] 是真实类别为 j 时判为类别 i 的代价。"}))
    for (i, j), v in np.ndenumerate(L):
        if isinstance(v, bool) or not (isinstance(v, (numbers.Real, Fraction)) or is_symbolic(v)):
            raise NbteachError(tr({"en": f"loss[{i}][{j}] = {v!r} is not a number.",
                                   "zh": f"loss[{i}][{j}] = {v!r} 不是数。"}))
        if not is_symbolic(v) and (v != v or abs(float(v)) == float("inf")):
            raise NbteachError(tr({"en": f"loss[{i}][{j}] = {v!r}: every cost must be a finite number.",
                                   "zh": f"loss[{i}][{j}] = {v!r}：每个代价都必须是有限的数。"}))
        if not is_symbolic(v) and v < 0:
            raise NbteachError(tr({"en": f"loss[{i}][{j}] = {v!r} is negative: a loss is a cost, >= 0 "
                                         "(a reward can be written as a smaller cost on the other decisions).",
                                   "zh": f"loss[{i}][{j}] = {v!r} 是负数：损失是代价，必须 >= 0（收益可以写成其他决策上更小的代价）。"}))
    return L


def _check_float_posterior(P):
    """The checks below, for a float array, in NumPy (a widget re-checks a thousand rows per move)."""
    rows = P.reshape(1, -1) if P.ndim == 1 else P
    bad = np.isnan(rows) | (rows < 0) | (rows > 1)
    if bad.any():
        r, k = np.argwhere(bad)[0]
        raise NbteachError(tr({"en": f"posterior row {r}, class {k} is {float(rows[r, k])!r}: a probability lies in [0, 1].",
                               "zh": f"posterior 第 {r} 行、第 {k} 类是 {float(rows[r, k])!r}：概率必须在 [0, 1] 之内。"}))
    off = np.abs(rows.sum(axis=1) - 1) > 1e-9
    if off.any():
        r = int(np.argmax(off))
        raise NbteachError(tr({"en": f"posterior row {r} sums to {rows[r].sum()}, not 1: pass the normalised "
                                     "posterior P(c|x) (e.g. model.predict_proba), not the joint scores.",
                               "zh": f"posterior 第 {r} 行之和是 {rows[r].sum()}，不是 1：请传入归一化后的后验概率 P(c|x)（如 model.predict_proba），而不是联合得分。"}))
    return P


def _check_posterior(posterior):
    raw = posterior.to_numpy() if hasattr(posterior, "to_numpy") else posterior
    if isinstance(raw, np.ndarray) and raw.dtype.kind == "f" and raw.ndim in (1, 2) \
            and raw.shape[-1] >= 2 and raw.size:
        return _check_float_posterior(raw)
    P = _values(posterior, "posterior")
    if P.ndim not in (1, 2):
        raise NbteachError(tr({"en": f"posterior must be one row (K,) or a table (n, K) of probabilities, "
                                     f"got shape {P.shape}.",
                               "zh": f"posterior 必须是一行概率 (K,) 或一张概率表 (n, K)，你给的形状是 {P.shape}。"}))
    rows = P.reshape(1, -1) if P.ndim == 1 else P
    if rows.shape[1] < 2 or rows.shape[0] == 0:
        raise NbteachError(tr({"en": f"posterior needs at least two classes and one row, got shape {P.shape}.",
                               "zh": f"posterior 至少要有两个类别和一行，你给的形状是 {P.shape}。"}))
    for r, row in enumerate(rows):
        for k, v in enumerate(row):
            if isinstance(v, bool) or not (isinstance(v, (numbers.Real, Fraction)) or is_symbolic(v)):
                raise NbteachError(tr({"en": f"posterior row {r}, class {k} is {v!r}, not a probability.",
                                       "zh": f"posterior 第 {r} 行、第 {k} 类是 {v!r}，不是概率。"}))
            if not is_symbolic(v) and (v != v or v < 0 or v > 1):
                raise NbteachError(tr({"en": f"posterior row {r}, class {k} is {v!r}: a probability lies in [0, 1].",
                                       "zh": f"posterior 第 {r} 行、第 {k} 类是 {v!r}：概率必须在 [0, 1] 之内。"}))
        total = sum(row)
        exact = all(_is_exact(v) for v in row)
        if (total != 1) if exact and not any(is_symbolic(v) for v in row) else abs(float(total) - 1) > 1e-9:
            raise NbteachError(tr({"en": f"posterior row {r} sums to {total}, not 1: pass the normalised "
                                         "posterior P(c|x) (e.g. model.predict_proba), not the joint scores.",
                                   "zh": f"posterior 第 {r} 行之和是 {total}，不是 1：请传入归一化后的后验概率 P(c|x)（如 model.predict_proba），而不是联合得分。"}))
    return P


def conditional_risk(posterior, loss):
    """R(c_i|x) = sum_j loss[i][j] P(c_j|x), for one row (K,) or a table (n, K).

    Returns a list (exact input, one row), a NumPy array (float input), or a DataFrame
    when ``posterior`` is a DataFrame (its columns name the true classes, the result's
    columns the decisions).
    """
    P = _check_posterior(posterior)
    K = P.shape[-1]
    L = _check_loss(loss, K)
    rows = P.reshape(1, -1) if P.ndim == 1 else P
    exact = all(_is_exact(v) for v in rows.ravel()) and all(_is_exact(v) for v in L.ravel())
    if exact:
        R = [[sum(L[i, j] * row[j] for j in range(K)) for i in range(L.shape[0])] for row in rows]
        out = R[0] if P.ndim == 1 else np.array(R, dtype=object)
    else:
        out = rows.astype(float) @ L.astype(float).T
        out = out[0] if P.ndim == 1 else out
    if hasattr(posterior, "columns"):
        names = loss.index if isinstance(loss, pd.DataFrame) else None
        cols = list(names) if names is not None and len(names) == L.shape[0] else (
            list(posterior.columns) if L.shape[0] == K else list(range(L.shape[0])))
        return pd.DataFrame(np.asarray(out, dtype=object if exact else float),
                            index=posterior.index, columns=cols)
    return out


def bayes_decision(posterior, loss=None, reject_cost=None):
    """The index of the decision of least conditional risk (0-1 loss when ``loss`` is None).

    Ties go to the lowest index. With ``reject_cost`` the answer is -1 ("reject", hand it
    to a person) wherever even the least risk exceeds that cost.

    >>> bayes_decision([[0.2, 0.8], [0.55, 0.45]]).tolist()
    [1, 0]
    >>> bayes_decision([[0.2, 0.8], [0.55, 0.45]], reject_cost=0.3).tolist()
    [1, -1]
    """
    P = _check_posterior(posterior)
    K = P.shape[-1]
    if loss is None:
        loss = zero_one_loss(K)
    if reject_cost is not None:
        if isinstance(reject_cost, bool) or not isinstance(reject_cost, (numbers.Real, Fraction)) \
                or reject_cost != reject_cost or reject_cost < 0:
            raise NbteachError(tr({"en": f"reject_cost must be a number >= 0, got {reject_cost!r}.",
                                   "zh": f"reject_cost 必须是 >= 0 的数，你给的是 {reject_cost!r}。"}))
    R = conditional_risk(P, loss)
    R = np.asarray(R, dtype=object) if not isinstance(R, np.ndarray) else R
    rows = R.reshape(1, -1) if R.ndim == 1 else R
    if rows.dtype.kind == "f":                      # argmin: the first of equal risks, as below
        decision = np.argmin(rows, axis=1)
    else:
        decision = np.array([min(range(len(r)), key=lambda i: (r[i], i)) for r in rows])
    if reject_cost is not None:
        least = np.array([r[d] for r, d in zip(rows, decision)], dtype=object)
        decision = np.where(least > reject_cost, -1, decision)
    return decision[0] if P.ndim == 1 else decision


def expected_loss(posterior, loss=None, reject_cost=None):
    """The least conditional risk of every row: the expected loss of the Bayes decision."""
    P = _check_posterior(posterior)
    K = P.shape[-1]
    loss = zero_one_loss(K) if loss is None else loss
    R = conditional_risk(P, loss)
    R = np.asarray(R, dtype=object) if not isinstance(R, np.ndarray) else R
    rows = R.reshape(1, -1) if R.ndim == 1 else R
    least = [min(r) if reject_cost is None else min(min(r), reject_cost) for r in rows]
    return least[0] if P.ndim == 1 else np.array(least, dtype=object if R.dtype == object else float)


def bayes_risk(posterior, loss=None, y_true=None, classes=None, reject_cost=None):
    """The risk of the Bayes decisions on data.

    Without ``y_true``: the expected risk, the mean over rows of the least conditional
    risk (what the model itself expects to lose, trusting its posteriors). With
    ``y_true``: the empirical risk, the mean of loss[decision, truth] over the rows (what
    the decisions actually cost); ``y_true`` holds class indices, or labels together with
    ``classes`` (the labels in the posterior's column order, e.g. ``model.classes_``).
    Rejected rows cost ``reject_cost``. Under the 0-1 loss the empirical risk is the
    error rate, 1 - accuracy.

    >>> post = [[0.9, 0.1], [0.3, 0.7], [0.6, 0.4]]
    >>> float(bayes_risk(post, y_true=[0, 1, 1]))     # one mistake in three
    0.3333333333333333
    """
    P = _check_posterior(posterior)
    if P.ndim == 1:
        P = P.reshape(1, -1)
    K = P.shape[1]
    loss = zero_one_loss(K) if loss is None else loss
    L = _check_loss(loss, K)
    if y_true is None:
        least = expected_loss(P, L, reject_cost)
        return sum(least) / len(least) if least.dtype == object else float(np.mean(least))
    idx = _class_indices(y_true, classes, P.shape[0], K)
    dec = bayes_decision(P, L, reject_cost)
    costs = [reject_cost if d == -1 else L[d, t] for d, t in zip(dec, idx)]
    # exact only when the posterior is exact too (float posteriors give a float risk)
    return _mean_cost(costs, exact=all(_is_exact(v) for v in P.ravel()))


def decision_risk(decisions, y_true, loss=None, classes=None):
    """The empirical risk of any decisions: the mean of loss[decision, truth] over the rows.

        R = (1/n) sum_i loss[d_i, y_i]

    ``decisions`` and ``y_true`` hold class indices (as :func:`bayes_decision` returns
    them), or labels together with ``classes`` (the labels in the loss's row and column
    order, e.g. ``model.classes_``). The loss is the 0-1 loss when None (the risk is then
    the error rate). Exact (a Fraction) when every cost is exact, a float otherwise.
    :func:`bayes_risk` with ``y_true`` is this risk for the Bayes decisions; this one
    prices any others, e.g. the plain argmax under a loss it ignores.

    >>> decision_risk([1, 1, 0], [0, 1, 1])                       # two mistakes in three
    Fraction(2, 3)
    >>> decision_risk(["spam", "ham"], ["ham", "ham"], [[0, 1], [9, 0]], classes=["ham", "spam"])
    Fraction(9, 2)
    """
    d = np.asarray(decisions, dtype=object).ravel()
    y = np.asarray(y_true, dtype=object).ravel()
    if len(d) == 0:
        raise NbteachError(tr({"en": "decisions is empty: give one decision per row.",
                               "zh": "decisions 是空的：请每行给出一个决策。"}))
    if len(y) != len(d):
        raise NbteachError(tr({"en": f"y_true has {len(y)} labels but there are {len(d)} decisions: "
                                     "give one truth per decision.",
                               "zh": f"y_true 有 {len(y)} 个标记，但决策有 {len(d)} 个：请为每个决策给出一个真实类别。"}))
    if loss is None:
        if classes is not None:
            K = len(list(classes))
        else:
            ints = [v for v in (*d, *y) if isinstance(v, numbers.Integral) and not isinstance(v, bool)]
            K = max(2, max(ints, default=0) + 1)
        loss = zero_one_loss(K)
    L = _values(loss, "loss")
    if L.ndim != 2 or L.shape[0] != L.shape[1]:
        raise NbteachError(tr({"en": f"loss must be a square matrix (rows: decision, columns: truth); got shape {L.shape}.",
                               "zh": f"loss 必须是方阵（行：决策，列：真实类别）；你给的形状是 {L.shape}。"}))
    K = L.shape[1]
    L = _check_loss(L, K)
    try:
        dec = _class_indices(d, classes, len(d), K)
    except NbteachError as err:
        raise NbteachError(str(err).replace("y_true", "decisions")) from None
    idx = _class_indices(y, classes, len(d), K)
    return _mean_cost([L[i, t] for i, t in zip(dec, idx)], exact=True)


def _mean_cost(costs, exact):
    """The mean of the costs: a Fraction (or sympy number) when ``exact`` and every cost is exact,
    else a float."""
    if exact and all(_is_exact(c) for c in costs):
        return Fraction(sum(costs)) / len(costs) if not any(is_symbolic(c) for c in costs) \
            else sum(costs) / len(costs)
    return float(np.mean(np.asarray(costs, dtype=float)))


def threshold_decision(p_positive, threshold, positive, negative):
    """Flag the positive class where its posterior reaches the threshold:

        decide ``positive`` if P(positive | x) >= t, else ``negative``.

    ``p_positive`` holds P(positive | x) for each row (a column of ``predict_proba``);
    t = 1/2 is the plain argmax of two classes, and :func:`threshold_from_loss` gives the
    t that a loss calls for. Returns an array of labels, one per row.

    >>> threshold_decision([0.9, 0.4, 0.6], 0.5, "spam", "ham").tolist()
    ['spam', 'ham', 'spam']
    >>> threshold_decision([0.9, 0.4, 0.6], 0.75, "spam", "ham").tolist()
    ['spam', 'ham', 'ham']
    """
    p = np.asarray(p_positive)
    if p.ndim != 1 or p.dtype.kind not in "biuf":
        got = f"shape {p.shape}" if p.dtype.kind in "biuf" else f"{p.dtype.name} values"
        raise NbteachError(tr({"en": "p_positive must be one probability per row (one column of predict_proba, "
                                     f"e.g. model.predict_proba(X)[:, 1]), got {got}.",
                               "zh": f"p_positive 必须每行一个概率（predict_proba 的一列，如 model.predict_proba(X)[:, 1]），你给的是 {got}。"}))
    if not np.all((p >= 0) & (p <= 1)):
        raise NbteachError(tr({"en": "p_positive must hold probabilities, numbers in [0, 1].",
                               "zh": "p_positive 必须是概率，即 [0, 1] 之内的数。"}))
    if isinstance(threshold, bool) or not isinstance(threshold, (numbers.Real, Fraction)) \
            or not 0 <= threshold <= 1:
        raise NbteachError(tr({"en": f"threshold must be a number in [0, 1], got {threshold!r}.",
                               "zh": f"threshold 必须是 [0, 1] 之内的数，你给的是 {threshold!r}。"}))
    return np.where(p >= threshold, positive, negative)


def threshold_from_loss(loss):
    """The posterior threshold of the two-class Bayes decision.

    ``loss = [[l00, l01], [l10, l11]]`` (rows: decision, columns: truth; class 1 the
    positive). Deciding 1 iff P(1|x) > t minimises the risk, with

        t = (l10 - l00) / ((l10 - l00) + (l01 - l11)),

    from R(0|x) = l00 (1-p) + l01 p = R(1|x) = l10 (1-p) + l11 p. Needs l10 >= l00 and
    l01 >= l11 (a right decision costs no more than a wrong one) and one of them strict.

    >>> threshold_from_loss([[0, 1], [1, 0]])               # 0-1 loss: one half
    Fraction(1, 2)
    >>> threshold_from_loss([[0, 1], [9, 0]])               # a false positive costs 9
    Fraction(9, 10)
    """
    L = _check_loss(loss, 2)
    if L.shape != (2, 2):
        raise NbteachError(tr({"en": f"threshold_from_loss needs a 2x2 loss, got shape {L.shape}.",
                               "zh": f"threshold_from_loss 需要 2x2 的损失矩阵，你给的形状是 {L.shape}。"}))
    (l00, l01), (l10, l11) = L
    a, b = l10 - l00, l01 - l11
    if a < 0 or b < 0 or a + b == 0:
        raise NbteachError(
            tr({"en": "a wrong decision must cost at least as much as the right one (loss[1][0] >= loss[0][0] "
                      f"and loss[0][1] >= loss[1][1], one strictly): got {L.tolist()}. Otherwise no posterior "
                      "threshold decides.",
                "zh": f"错误决策的代价必须不小于正确决策的代价（loss[1][0] >= loss[0][0] 且 loss[0][1] >= loss[1][1]，其中至少一个严格大于）：你给的是 {L.tolist()}。否则没有哪个后验概率阈值能作出决策。"}))
    if all(_is_exact(v) for v in (a, b)):
        return Fraction(a) / Fraction(a + b) if not any(is_symbolic(v) for v in (a, b)) else a / (a + b)
    return float(a) / float(a + b)


def _check_log_scores(log_scores):
    raw = log_scores.to_numpy() if hasattr(log_scores, "to_numpy") else log_scores
    try:
        S = np.asarray(raw, dtype=float)
    except (TypeError, ValueError):
        raise NbteachError(tr({"en": "log_scores must hold numbers: one row (K,) or a table (n, K) of log scores "
                                     "s_c = log P(c) + sum_i log P(x_i|c) (e.g. model.predict_log_proba(X)).",
                               "zh": "log_scores 必须是数值：一行 (K,) 或一张表 (n, K) 的对数得分 s_c = log P(c) + sum_i log P(x_i|c)（如 model.predict_log_proba(X)）。"})) from None
    if S.ndim not in (1, 2) or S.shape[-1] < 2 or S.size == 0:
        raise NbteachError(tr({"en": f"log_scores must be one row (K,) or a table (n, K) with at least two classes, "
                                     f"got shape {S.shape}.",
                               "zh": f"log_scores 必须是一行 (K,) 或一张表 (n, K)，至少两个类别，你给的形状是 {S.shape}。"}))
    rows = S.reshape(1, -1) if S.ndim == 1 else S
    bad = np.isnan(rows) | (rows == np.inf)
    if bad.any():
        r, k = np.argwhere(bad)[0]
        raise NbteachError(tr({"en": f"log_scores row {r}, class {k} is {float(rows[r, k])!r}: a log score is a finite "
                                     "number, or -inf for a class of probability 0.",
                               "zh": f"log_scores 第 {r} 行、第 {k} 类是 {float(rows[r, k])!r}：对数得分必须是有限的数，概率为 0 的类别则为 -inf。"}))
    empty = np.all(rows == -np.inf, axis=1)
    if empty.any():
        raise NbteachError(tr({"en": f"log_scores row {int(np.argmax(empty))} is -inf for every class: no class is "
                                     "possible, so no decision has a risk.",
                               "zh": f"log_scores 第 {int(np.argmax(empty))} 行每个类别都是 -inf：没有可能的类别，任何决策都没有风险可言。"}))
    return S


def _logsumexp(A, axis=-1):
    """log sum exp along ``axis``, shifted by the maximum (exact where every term is -inf)."""
    m = np.max(A, axis=axis, keepdims=True)
    shift = np.where(np.isfinite(m), m, 0.0)
    with np.errstate(divide="ignore"):
        out = np.log(np.sum(np.exp(A - shift), axis=axis, keepdims=True)) + shift
    return np.squeeze(out, axis=axis)


def _log_terms(log_scores, loss):
    """(rows of log scores (n, K), log lambda_ij + s_j as (n, decisions, K))."""
    S = _check_log_scores(log_scores)
    rows = S.reshape(1, -1) if S.ndim == 1 else S
    K = rows.shape[1]
    L = _check_loss(zero_one_loss(K) if loss is None else loss, K).astype(float)
    with np.errstate(divide="ignore"):
        log_L = np.log(L)                      # a free decision: log 0 = -inf
    return S, rows, log_L[None, :, :] + rows[:, None, :]


def log_conditional_risk(log_scores, loss=None):
    r"""log R(c_i|x), computed in log space from log scores (0-1 loss when ``loss`` is None).

    ``log_scores`` holds s_j = log P(c_j, x) + a, any a shared by a row's classes: the
    unnormalised scores log P(c_j) + sum_i log P(x_i|c_j), or the log posterior. Then

    .. math:: \log R(c_i \mid x) = \operatorname{logsumexp}_j(\log\lambda_{ij} + s_j)
              - \operatorname{logsumexp}_j s_j,

    the second term being log P(x) + a. -inf where a decision costs nothing. Nothing is
    exponentiated outside a log-sum-exp, so scores of -1000 (probabilities that underflow
    to 0 as floats) give the right risks.

    >>> import numpy as np
    >>> np.exp(log_conditional_risk(np.log([0.25, 0.75]), [[0, 1], [10, 0]])).round(6).tolist()
    [0.75, 2.5]
    """
    S, rows, terms = _log_terms(log_scores, loss)
    out = _logsumexp(terms, axis=2) - _logsumexp(rows, axis=1)[:, None]
    return out[0] if S.ndim == 1 else out


def log_bayes_decision(log_scores, loss=None):
    r"""The Bayes decision from log scores: :math:`\arg\min_i \operatorname{logsumexp}_j(\log\lambda_{ij} + s_j)`.

    The same decisions as :func:`bayes_decision` on the normalised posterior: log R(c_i|x)
    differs from the minimised term by log P(x) (+ a), the same for every decision i, so it
    is dropped. Ties go to the lowest index. With two classes and a right decision costing
    no more than a wrong one, this is "decide 1 iff s_1 - s_0 > :func:`log_odds_threshold`".

    >>> log_bayes_decision([[-1.5, -1.0], [-3.0, -1.0]], [[0, 1], [3, 0]]).tolist()  # argmax: [1, 1]
    [0, 1]
    >>> int(log_bayes_decision([-1000.0, -1002.0], [[0, 10], [1, 0]]))  # exp() underflows; this does not
    1
    """
    S, _, terms = _log_terms(log_scores, loss)
    decision = np.argmin(_logsumexp(terms, axis=2), axis=1)
    return decision[0] if S.ndim == 1 else decision


def log_odds_threshold(loss):
    r"""The two-class Bayes decision as a threshold on the log scores: decide 1 iff
    s_1 - s_0 > log((l10 - l00) / (l01 - l11)).

    From R(0|x) > R(1|x), i.e. (l01 - l11) P(1|x) > (l10 - l00) P(0|x), and
    s_1 - s_0 = log P(1|x) - log P(0|x) (the shared log P(x) cancels). It is the log odds
    log(t / (1 - t)) of :func:`threshold_from_loss`'s t; -inf when deciding 1 is never
    the costlier choice, +inf when it always is.

    >>> log_odds_threshold([[0, 1], [1, 0]])                  # 0-1 loss: s_1 > s_0
    0.0
    >>> round(log_odds_threshold([[0, 10], [1, 0]]), 4)       # a missed 1 costs 10: log(1/10)
    -2.3026
    """
    t = threshold_from_loss(loss)               # checks the loss: 2x2, wrong costs no less than right
    if t == 0:
        return -math.inf
    if t == 1:
        return math.inf
    L = _check_loss(loss, 2)
    (l00, l01), (l10, l11) = L
    return math.log(float(l10 - l00)) - math.log(float(l01 - l11))


def risk_gap(posterior, loss=None, y_true=None, classes=None, n_boot=2000, level=0.95, random_state=0):
    r"""How far the risk a model expects lies from what its Bayes decisions cost, with its spread.

    Per held-out row r, the empirical cost loss[d_r, y_r] of the Bayes decision d_r minus the
    least conditional risk min_i R(c_i|x_r) the model expects for it; their mean is the
    empirical minus the expected risk (:func:`bayes_risk` with and without labels). The rows
    are taken as independent draws, so the gap's standard error is sd / sqrt(n) and its
    percentile bootstrap interval resamples rows (``n_boot`` times, ``random_state``).

    An interval that covers 0 says the gap is within what the choice of held-out rows
    alone makes; it does not say the posteriors are calibrated.

    Returns a dict: ``expected``, ``empirical``, ``gap`` (empirical - expected), ``standard
    error``, ``interval`` (low, high), ``rows``.
    """
    P = _check_posterior(posterior)
    if P.ndim == 1 or y_true is None:
        raise NbteachError(tr({"en": "risk_gap needs a table of posteriors (n, K) and the true labels y_true "
                                     "(with classes=model.classes_ for labels).",
                               "zh": "risk_gap 需要一张后验概率表 (n, K) 和真实标记 y_true（标记是类别名时还要给 classes=model.classes_）。"}))
    if isinstance(n_boot, bool) or not isinstance(n_boot, numbers.Integral) or n_boot < 100:
        raise NbteachError(tr({"en": f"n_boot must be a whole number >= 100, got {n_boot!r}.",
                               "zh": f"n_boot 必须是 >= 100 的整数，你给的是 {n_boot!r}。"}))
    if not (isinstance(level, numbers.Real) and 0 < level < 1):
        raise NbteachError(tr({"en": f"level must be between 0 and 1 (0.95 for a 95% interval), got {level!r}.",
                               "zh": f"level 必须在 0 和 1 之间（95% 置信区间为 0.95），你给的是 {level!r}。"}))
    K = P.shape[1]
    L = _check_loss(zero_one_loss(K) if loss is None else loss, K)
    n = P.shape[0]
    # one pass: the decisions' costs and the least risks, row by row
    idx = np.array(_class_indices(y_true, classes, n, K))
    Lf = L.astype(float)
    dec = np.asarray(bayes_decision(P, L))
    cost = Lf[dec, idx]
    least = np.asarray(expected_loss(P, L), dtype=float)
    d = cost - least
    rng = np.random.default_rng(random_state)
    boots = d[rng.integers(0, n, size=(int(n_boot), n))].mean(axis=1)
    lo, hi = np.quantile(boots, [(1 - level) / 2, (1 + level) / 2])
    return {"expected": float(least.mean()), "empirical": float(cost.mean()), "gap": float(d.mean()),
            "standard error": float(d.std(ddof=1) / np.sqrt(n)), "interval": (float(lo), float(hi)),
            "rows": int(n)}


def _class_indices(y_true, classes, n_rows: int, K: int) -> list:
    """The column of the posterior for each true label: labels looked up in ``classes``, or,
    without ``classes``, class indices 0..K-1 as given."""
    y = np.asarray(y_true, dtype=object).ravel()
    if len(y) != n_rows:
        raise NbteachError(tr({"en": f"y_true has {len(y)} labels but the posterior has {n_rows} rows.",
                               "zh": f"y_true 有 {len(y)} 个标记，但后验概率有 {n_rows} 行。"}))
    if classes is not None:
        lookup = {c: i for i, c in enumerate(list(classes))}
        missing = [v for v in y if v not in lookup]
        if missing:
            raise NbteachError(tr({"en": f"y_true holds {missing[0]!r}, which is not among classes {list(classes)}.",
                                   "zh": f"y_true 中有 {missing[0]!r}，它不在类别 {list(classes)} 之中。"}))
        return [lookup[v] for v in y]
    if not all(isinstance(v, numbers.Integral) and 0 <= v < K for v in y):
        raise NbteachError(tr({"en": f"y_true must hold class indices 0..{K - 1}; for labels pass "
                                     "classes=model.classes_ too.",
                               "zh": f"y_true 必须是类别下标 0..{K - 1}；若是类别名，请同时传入 classes=model.classes_。"}))
    return [int(v) for v in y]
