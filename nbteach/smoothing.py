r"""Turning counts into probabilities: MLE, epsilon smoothing, Laplace / Lidstone.

For a feature m with M possible values, a class k and a value j (note ``001``):

* MLE (no smoothing):      P(x_m = j | y = k) = count(y=k, x_m=j) / count(y=k)
* Laplace / Lidstone:      P(x_m = j | y = k) = (alpha + count(y=k, x_m=j)) / (M alpha + count(y=k))
  (alpha = 1 is Laplace; any alpha > 0 is Lidstone; alpha = 0 is the MLE)
* epsilon smoothing:       every probability that is exactly 0 is replaced by epsilon,
  a tiny positive number or a sympy symbol; nothing else changes, so the values of a
  feature then sum to *more* than 1.
* smoothed class prior:    P(y = k) = (N_k + alpha) / (N + K alpha), K classes.

A common mis-statement (note ``001``): "add M alpha to the *numerator*". The M alpha goes
in the denominator; that is what keeps the M probabilities summing to 1 (see
``nbteach.smoothing.lidstone`` and lesson 03).

Every function is exact on exact input: ints and Fractions give Fractions. Each public
function checks its arguments once, at its entry, and computes with private ones that check
nothing (``_lidstone``, ``_probability_table``, ``_smoothed_prior``): a table of many cells,
or CategoricalNB's fit, which checks alpha and epsilon itself, is not checked again cell by cell.
"""
from __future__ import annotations

import numbers
from fractions import Fraction

import numpy as np
import pandas as pd

from nbteach._base import NbteachError, is_symbolic
from nbteach._validation import check_alpha, check_epsilon, check_smoothing
from nbteach.i18n import tr

__all__ = [
    "lidstone_bias_value", "mle", "lidstone", "laplace", "epsilon_replace", "smoothed_prior", "probability_table",
    "sums_over_values"]


def _exact(value):
    """An exact version of a number: int -> Fraction, '0.1'-like float -> Fraction('0.1')."""
    if isinstance(value, Fraction) or is_symbolic(value):
        return value
    if isinstance(value, int):
        return Fraction(value)
    return Fraction(repr(float(value)))


def _count(value, name):
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)) and not hasattr(value, "__index__"):
        raise NbteachError(tr({"en": f"{name} must be a whole-number count, got {value!r}.",
                               "zh": f"{name} 必须是整数计数，你给的是 {value!r}。"}))
    value = int(value) if hasattr(value, "__index__") else value
    if value < 0:
        raise NbteachError(tr({"en": f"{name} must be a count >= 0, got {value}.",
                               "zh": f"{name} 必须是 >= 0 的计数，你给的是 {value}。"}))
    return value


def mle(count, total):
    """Maximum-likelihood estimate count / total, exact.

    >>> mle(2, 3)
    Fraction(2, 3)
    """
    count, total = _count(count, "count"), _count(total, "total")
    if total == 0:
        raise NbteachError(
            tr({"en": "total is 0: a class with no examples has no MLE (0/0). Smooth with alpha > 0, "
                      "or check that the class occurs in the training data.",
                "zh": "total 是 0：没有样本的类别没有极大似然估计（0/0）。请用 alpha > 0 平滑，或检查这个类别是否出现在训练数据中。"})
        )
    if count > total:
        raise NbteachError(tr({"en": f"count ({count}) cannot exceed total ({total}).",
                               "zh": f"count（{count}）不能超过 total（{total}）。"}))
    return Fraction(count, total)


def lidstone(count, total, n_values, alpha, exact: bool = True):
    """Lidstone (Laplace when alpha = 1) estimate (count + alpha) / (total + n_values alpha).

    Parameters
    ----------
    count : int
        count(y=k, x_m=j), how often the value occurs with the class.
    total : int
        count(y=k), how often the class occurs.
    n_values : int
        M, how many values the feature can take.
    alpha : number >= 0
        pseudo-count added to every value.
    exact : bool
        Fractions (default) or floats.

    Examples
    --------
    The smoothed table of note 001 (alpha = 1): Headache=severe given Flu, Cough=yes given Flu.

    >>> lidstone(2, 3, 3, 1), lidstone(3, 3, 2, 1)
    (Fraction(1, 2), Fraction(4, 5))
    """
    count, total = _count(count, "count"), _count(total, "total")
    n_values = _count(n_values, "n_values")
    alpha = check_alpha(alpha)
    if count > total:
        raise NbteachError(
            tr({"en": f"count ({count}) cannot exceed total ({total}): count is how often the value occurs "
                      "within the class, total how often the class occurs.",
                "zh": f"count（{count}）不能超过 total（{total}）：count 是该取值在类别中出现的次数，total 是该类别出现的次数。"})
        )
    if n_values == 0:
        raise NbteachError(tr({"en": "n_values (M, the number of values of the feature) must be >= 1.",
                               "zh": "n_values（M，属性的取值个数）必须 >= 1。"}))
    return _lidstone(count, total, n_values, alpha, exact)


def _lidstone(count, total, n_values, alpha, exact):
    """lidstone's (count + alpha) / (total + n_values alpha) on arguments already checked."""
    if exact:
        alpha = _exact(alpha)
    denominator = total + n_values * alpha
    if denominator == 0:
        raise NbteachError(
            tr({"en": "the class has no examples and alpha is 0, so the estimate is 0/0: use alpha > 0.",
                "zh": "该类别没有样本且 alpha 为 0，估计值是 0/0：请用 alpha > 0。"})
        )
    if exact:
        return Fraction(count + alpha) / denominator  # check_alpha admits no symbols
    return (count + float(alpha)) / float(denominator)


def laplace(count, total, n_values):
    """Laplace's add-one estimate: ``lidstone(count, total, n_values, alpha=1)``.

    >>> laplace(0, 3, 3)
    Fraction(1, 6)
    """
    return lidstone(count, total, n_values, 1)


def epsilon_replace(p, epsilon):
    """epsilon smoothing of one probability: p if p > 0, else epsilon.

    >>> import sympy
    >>> eps = sympy.Symbol("epsilon", positive=True)
    >>> epsilon_replace(Fraction(0), eps), epsilon_replace(Fraction(1, 3), eps)
    (epsilon, Fraction(1, 3))
    """
    epsilon = check_epsilon(epsilon)
    if epsilon is None:
        raise NbteachError(tr({"en": "epsilon_replace needs an epsilon: a small number or a sympy Symbol.",
                               "zh": "epsilon_replace 需要一个 epsilon：一个小的数或一个 sympy 符号。"}))
    if hasattr(p, "__len__") and not isinstance(p, str):
        values = np.asarray(p, dtype=object)
        out = np.empty(values.shape, dtype=object)
        for idx, v in np.ndenumerate(values):
            out[idx] = epsilon_replace(v, epsilon)
        if hasattr(p, "index") and hasattr(p, "to_numpy"):     # a pandas Series / DataFrame
            return type(p)(out, index=p.index, **({"columns": p.columns} if hasattr(p, "columns") else {}))
        return out
    _check_probability(p)
    return epsilon if p == 0 else p


def _check_probability(p) -> None:
    """A probability is a number in [0, 1] (a sympy expression with symbols is left alone)."""
    if is_symbolic(p):
        if getattr(p, "free_symbols", None):
            return
        if getattr(p, "is_number", False) and bool(0 <= p <= 1):
            return
        raise NbteachError(tr({"en": f"epsilon_replace takes a probability, a number in [0, 1]; got {p}.",
                               "zh": f"epsilon_replace 接受一个概率，即 [0, 1] 之内的数；你给的是 {p}。"}))
    if isinstance(p, bool) or not isinstance(p, (numbers.Real, Fraction)) or p != p:
        raise NbteachError(tr({"en": f"epsilon_replace takes a probability, a number in [0, 1]; got {p!r} of type "
                                     f"{type(p).__name__}.",
                               "zh": f"epsilon_replace 接受一个概率，即 [0, 1] 之内的数；你给的是 {type(p).__name__} 类型的 {p!r}。"}))
    if not 0 <= p <= 1:
        raise NbteachError(tr({"en": f"epsilon_replace takes a probability, a number in [0, 1]; got {p!r}. "
                                     "Only a probability of exactly 0 is replaced by epsilon.",
                               "zh": f"epsilon_replace 接受一个概率，即 [0, 1] 之内的数；你给的是 {p!r}。只有恰好为 0 的概率才会被换成 epsilon。"}))


def lidstone_bias_value(p, n, n_values, alpha):
    """The exact bias E[p_hat] - p of the Lidstone estimate (count + alpha)/(n + M alpha).

    With a true probability ``p``, ``n`` rows and ``n_values`` = M values:
    -alpha (M p - 1) / (n + M alpha) (derived in :func:`nbteach.derivations.lidstone_bias`).
    Positive where p < 1/M, negative where p > 1/M: the estimate is pulled towards 1/M.

    >>> lidstone_bias_value(Fraction(1, 2), 4, 3, 1)     # p = 1/2 > 1/3: pulled down
    Fraction(-1, 14)
    """
    check_alpha(alpha)
    n, M = _count(n, "n"), _count(n_values, "n_values")
    if M < 1:
        raise NbteachError(tr({"en": f"n_values must be at least 1, got {n_values!r}.",
                               "zh": f"n_values 至少是 1，你给的是 {n_values!r}。"}))
    _check_probability(p)
    if n + M * alpha == 0:
        raise NbteachError(tr({"en": "n = 0 rows and alpha = 0: the estimate 0/0 has no bias to speak of.",
                               "zh": "n = 0 行且 alpha = 0：估计值 0/0 谈不上偏差。"}))
    exact = all(isinstance(v, (int, Fraction)) for v in (p, alpha))
    if exact:
        return -Fraction(alpha) * (M * Fraction(p) - 1) / (n + M * Fraction(alpha))
    return -float(alpha) * (M * float(p) - 1) / (n + M * float(alpha))


def smoothed_prior(class_counts, alpha=0, exact: bool = True):
    """Class prior P(y=k) = (N_k + alpha) / (N + K alpha) for every class.

    ``class_counts`` is a mapping class -> N_k (a dict or pandas Series); returns a dict.

    >>> smoothed_prior({"Cold": 2, "Flu": 3}, alpha=1)
    {'Cold': Fraction(3, 7), 'Flu': Fraction(4, 7)}
    """
    counts = dict(class_counts.items() if hasattr(class_counts, "items") else class_counts)
    counts = {k: _count(v, f"count of class {k!r}") for k, v in counts.items()}
    return _smoothed_prior(counts, check_alpha(alpha), exact)


def _smoothed_prior(counts, alpha, exact):
    """smoothed_prior of a dict class -> N_k and an alpha already checked."""
    n = sum(counts.values())
    return {k: _lidstone(v, n, len(counts), alpha, exact) for k, v in counts.items()}


def probability_table(counts, alpha=0, epsilon=None, exact: bool = True):
    """P(value | class) for one feature, from its count table.

    Parameters
    ----------
    counts : DataFrame
        one row per value of the feature, one column per class, entries count(y=k, x=j)
        (``nbteach.counts.value_counts_by_class``).
    alpha : number >= 0
        Lidstone pseudo-count; 0 gives the MLE.
    epsilon : None, number in (0, 1), or sympy Symbol
        replace every zero probability by epsilon (after the MLE).
    exact : bool
        Fractions (sympy with a symbolic epsilon) or floats.

    Examples
    --------
    >>> from nbteach.datasets import flu_cold
    >>> from nbteach.counts import value_counts_by_class
    >>> df = flu_cold()
    >>> probability_table(value_counts_by_class(df["Headache"], df["Diagnosis"]), alpha=1)
             Cold  Flu
    mild      2/5  1/3
    no        2/5  1/6
    severe    1/5  1/2
    """

    alpha, epsilon = check_smoothing(alpha, epsilon)
    columns = {cls: [_count(int(c), "count") for c in counts[cls]] for cls in counts.columns}
    return _probability_table(columns, counts.index, alpha, epsilon, exact)


def _probability_table(columns, index, alpha, epsilon, exact):
    """probability_table of checked counts: a dict class -> list of whole counts >= 0, one per
    value of ``index``, and alpha and epsilon checked (``check_smoothing``)."""
    n_values = len(index)
    if exact:
        alpha = _exact(alpha)
    for cls, column in columns.items():
        total = sum(column)
        probs = [_lidstone(c, total, n_values, alpha, exact) for c in column]
        if epsilon is not None:
            eps = epsilon if (exact or is_symbolic(epsilon)) else float(epsilon)
            probs = [eps if p == 0 else p for p in probs]
        columns[cls] = probs
    return pd.DataFrame(columns, index=index, dtype=object if exact else float)


def sums_over_values(table) -> dict:
    """sum_j P(x_m = j | y = k) for every class k of one feature's probability table.

    1 for every class of an MLE or a Laplace/Lidstone table (the M alpha in the
    denominator keeps it so); more than 1 after epsilon smoothing, which adds epsilon
    for each zero without taking anything away. Exact on exact tables.

    >>> from nbteach.datasets import flu_cold
    >>> from nbteach.counts import value_counts_by_class
    >>> df = flu_cold()
    >>> counts = value_counts_by_class(df["Headache"], df["Diagnosis"])
    >>> sums_over_values(probability_table(counts, alpha=1))
    {'Cold': Fraction(1, 1), 'Flu': Fraction(1, 1)}
    >>> sums_over_values(probability_table(counts, epsilon=Fraction(1, 100)))
    {'Cold': Fraction(101, 100), 'Flu': Fraction(101, 100)}
    """
    if not hasattr(table, "columns") or not hasattr(table, "index"):
        raise NbteachError(tr({"en": f"sums_over_values takes a probability table (a DataFrame: one row per value, "
                                     f"one column per class), got {type(table).__name__}.",
                               "zh": f"sums_over_values 接受一张概率表（DataFrame：每个取值一行，每个类别一列），你给的是 {type(table).__name__}。"}))
    return {k: sum(table[k].tolist()) for k in table.columns}
