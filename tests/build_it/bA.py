"""Wrong implementations of the build-its of lessons 05-08 and homework 3-4 (issue 33), each written as a
student would get it wrong, read by tests/test_build_it.py. Each must be refused; where a name is given,
diagnosed as that mistake. None: refused without a name (a changed input, the wrong type, the public
example hard-coded, the right values in another order, right only on the first calls, ...).

A homework function is checked here on its public cases (the sealed grader adds hidden ones), so the
homework entries are mistakes those cases catch.
"""
from __future__ import annotations

import math

import numpy as np


# ---------------------------------------------------------------- 05.bernoulli_log_posterior
def _normalised(score):
    top = score.max()
    return score - (top + np.log(np.exp(score - top).sum()))


def bernoulli_present_words_only(x, log_prior, mu):
    b = (np.asarray(x) > 0).astype(float)
    return _normalised(log_prior + np.log(mu) @ b)


def bernoulli_counts(x, log_prior, mu):
    x = np.asarray(x, dtype=float)
    return _normalised(log_prior + np.log(mu) @ x + np.log(1 - mu) @ (1 - x))


def bernoulli_without_prior(x, log_prior, mu):
    b = (np.asarray(x) > 0).astype(float)
    return _normalised(np.log(mu) @ b + np.log(1 - mu) @ (1 - b))


def bernoulli_joint(x, log_prior, mu):
    b = (np.asarray(x) > 0).astype(float)
    return log_prior + np.log(mu) @ b + np.log(1 - mu) @ (1 - b)


def bernoulli_binarised_in_place(x, log_prior, mu):
    x[x > 0] = 1                                            # changes the caller's counts
    return _normalised(log_prior + np.log(mu) @ x + np.log(1 - mu) @ (1 - x))


def bernoulli_posterior_not_log(x, log_prior, mu):
    return np.exp(bernoulli_joint(x, log_prior, mu) - np.log(np.exp(bernoulli_joint(x, log_prior, mu)).sum()))


def bernoulli_classes_reversed(x, log_prior, mu):
    b = (np.asarray(x) > 0).astype(float)
    return _normalised(log_prior + np.log(mu) @ b + np.log(1 - mu) @ (1 - b))[::-1]


# ---------------------------------------------------------------- 06.log_posterior_function
def multinomial_log_of_sum(counts, log_prior, log_theta):
    score = log_prior + log_theta @ counts
    return score - np.log(np.sum(np.exp(score)))


def multinomial_ratio_then_log(counts, log_prior, log_theta):
    p = np.exp(log_prior + log_theta @ counts)
    return np.log(p / p.sum())


def multinomial_without_prior(counts, log_prior, log_theta):
    return _normalised(log_theta @ counts)


def multinomial_joint(counts, log_prior, log_theta):
    return log_prior + log_theta @ counts


def multinomial_set_of_words(counts, log_prior, log_theta):
    return _normalised(log_prior + log_theta @ (np.asarray(counts) > 0))


def multinomial_posterior_not_log(counts, log_prior, log_theta):
    return np.exp(_normalised(log_prior + log_theta @ counts))      # the posteriors, not their logs


def multinomial_of_the_example(counts, log_prior, log_theta):
    score = np.log([0.25, 0.75]) + np.log([[0.5, 0.3, 0.2], [0.1, 0.2, 0.7]]) @ np.array([2, 0, 1])
    return _normalised(score)


# ---------------------------------------------------------------- 07.prf_function
def _counts(y_true, scores, threshold, pos_label, strict=False):
    tp = fp = fn = 0
    for t, s in zip(y_true, scores):
        flagged = s > threshold if strict else s >= threshold
        tp += flagged and t == pos_label
        fp += flagged and t != pos_label
        fn += (not flagged) and t == pos_label
    return tp, fp, fn


def _ratio(a, b):
    return a / b if b else 0.0


def prf_strict(y_true, scores, threshold, pos_label):
    tp, fp, fn = _counts(y_true, scores, threshold, pos_label, strict=True)
    return (_ratio(tp, tp + fp), _ratio(tp, tp + fn), _ratio(2 * tp, 2 * tp + fp + fn))


def prf_swapped(y_true, scores, threshold, pos_label):
    tp, fp, fn = _counts(y_true, scores, threshold, pos_label)
    return (_ratio(tp, tp + fn), _ratio(tp, tp + fp), _ratio(2 * tp, 2 * tp + fp + fn))


def prf_arithmetic_f1(y_true, scores, threshold, pos_label):
    tp, fp, fn = _counts(y_true, scores, threshold, pos_label)
    p, r = _ratio(tp, tp + fp), _ratio(tp, tp + fn)
    return (p, r, (p + r) / 2)


def prf_accuracy(y_true, scores, threshold, pos_label):
    tp, fp, fn = _counts(y_true, scores, threshold, pos_label)
    return ((len(y_true) - fp - fn) / len(y_true), _ratio(tp, tp + fn), _ratio(2 * tp, 2 * tp + fp + fn))


def prf_dividing_by_zero(y_true, scores, threshold, pos_label):
    tp, fp, fn = _counts(y_true, scores, threshold, pos_label)
    return (tp / (tp + fp), tp / (tp + fn), 2 * tp / (2 * tp + fp + fn))     # ZeroDivisionError on 0/0


def prf_nan_for_zero(y_true, scores, threshold, pos_label):
    tp, fp, fn = _counts(y_true, scores, threshold, pos_label)
    nan = float("nan")
    return (tp / (tp + fp) if tp + fp else nan, tp / (tp + fn) if tp + fn else nan,
            2 * tp / (2 * tp + fp + fn) if tp else nan)


_calls = {"n": 0}


def prf_right_twice(y_true, scores, threshold, pos_label):
    _calls["n"] += 1
    tp, fp, fn = _counts(y_true, scores, threshold, pos_label)
    if _calls["n"] % 6 > 2:
        return (0.5, 0.5, 0.5)
    return (_ratio(tp, tp + fp), _ratio(tp, tp + fn), _ratio(2 * tp, 2 * tp + fp + fn))


# ---------------------------------------------------------------- 08.log_density_function
def density_ddof0(x, values, ddof):
    mu, var = values.mean(), values.var()
    return float(-0.5 * np.log(2 * np.pi * var) - (x - mu) ** 2 / (2 * var))


def density_sd(x, values, ddof):
    mu, sd = values.mean(), values.std(ddof=ddof)
    return float(-0.5 * np.log(2 * np.pi * sd) - (x - mu) ** 2 / (2 * sd))


def density_itself(x, values, ddof):
    mu, var = values.mean(), values.var(ddof=ddof)
    return math.exp(-(x - mu) ** 2 / (2 * var)) / math.sqrt(2 * math.pi * var)


def density_log_of_density(x, values, ddof):
    with np.errstate(divide="ignore"):
        return float(np.log(density_itself(x, values, ddof)))        # -inf far in the tail


def density_no_half(x, values, ddof):
    mu, var = values.mean(), values.var(ddof=ddof)
    return float(-np.log(2 * np.pi * var) - (x - mu) ** 2 / (2 * var))


def density_centred_in_place(x, values, ddof):
    values -= values.mean()                                 # changes the caller's values
    var = (values ** 2).sum() / (len(values) - ddof)
    return float(-0.5 * np.log(2 * np.pi * var) - x ** 2 / (2 * var))


# ---------------------------------------------------------------- 08.log_odds_function
def _scores(x, theta, var, prior, constants=True):
    terms = -(x - theta) ** 2 / (2 * var)
    if constants:
        terms = terms - 0.5 * np.log(2 * np.pi * var)
    return np.log(prior) + terms.sum(axis=1)


def odds_without_prior(x, theta, var, prior):
    s = _scores(x, theta, var, np.array([0.5, 0.5]))
    return float(s[1] - s[0])


def odds_reversed(x, theta, var, prior):
    s = _scores(x, theta, var, prior)
    return float(s[0] - s[1])


def odds_exponents_only(x, theta, var, prior):
    s = _scores(x, theta, var, prior, constants=False)
    return float(s[1] - s[0])


def odds_from_densities(x, theta, var, prior):
    d = np.exp(-(x - theta) ** 2 / (2 * var)) / np.sqrt(2 * np.pi * var)
    joint = prior * d.prod(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        return float(np.log(joint[1] / joint[0]))           # 0/0 far out


def odds_not_log(x, theta, var, prior):
    s = _scores(x, theta, var, prior)
    return float(np.exp(s[1] - s[0]))


def odds_sd(x, theta, var, prior):
    s = _scores(x, theta, var ** 2, prior)
    return float(s[1] - s[0])


# ---------------------------------------------------------------- hw03.confusion_function
def confusion_transposed(y_true, y_pred, labels):
    index = {c: k for k, c in enumerate(labels)}
    C = np.zeros((len(labels), len(labels)), dtype=int)
    for t, p in zip(y_true, y_pred):
        C[index[p], index[t]] += 1
    return C


def confusion_sorted_labels(y_true, y_pred, labels):
    labels = sorted(labels)                                 # not the order asked for
    index = {c: k for k, c in enumerate(labels)}
    C = np.zeros((len(labels), len(labels)), dtype=int)
    for t, p in zip(y_true, y_pred):
        C[index[t], index[p]] += 1
    return C


def confusion_as_lists(y_true, y_pred, labels):
    return [[sum(t == a and p == b for t, p in zip(y_true, y_pred)) for b in labels] for a in labels][:1]


def confusion_diagonal_only(y_true, y_pred, labels):
    C = np.zeros((len(labels), len(labels)), dtype=int)
    for t, p in zip(y_true, y_pred):
        if t == p:
            C[labels.index(t), labels.index(t)] += 1
    return C


# ---------------------------------------------------------------- hw03.prf_function
def _tfp(y_true, y_pred, pos_label):
    tp = sum(t == pos_label and p == pos_label for t, p in zip(y_true, y_pred))
    return tp, sum(p == pos_label for p in y_pred), sum(t == pos_label for t in y_true)


def hw_prf_swapped(y_true, y_pred, pos_label):
    tp, flagged, positive = _tfp(y_true, y_pred, pos_label)
    p, r = _ratio(tp, positive), _ratio(tp, flagged)
    return (p, r, _ratio(2 * p * r, p + r))


def hw_prf_arithmetic(y_true, y_pred, pos_label):
    tp, flagged, positive = _tfp(y_true, y_pred, pos_label)
    p, r = _ratio(tp, flagged), _ratio(tp, positive)
    return (p, r, (p + r) / 2)


def hw_prf_accuracy(y_true, y_pred, pos_label):
    tp, flagged, positive = _tfp(y_true, y_pred, pos_label)
    p, r = _ratio(tp, flagged), _ratio(tp, positive)
    return (sum(a == b for a, b in zip(y_true, y_pred)) / len(y_true), r, _ratio(2 * p * r, p + r))


def hw_prf_first_label_positive(y_true, y_pred, pos_label):
    return hw_prf_right(y_true, y_pred, sorted(set(y_true))[0])      # ignores pos_label


def hw_prf_right(y_true, y_pred, pos_label):
    tp, flagged, positive = _tfp(y_true, y_pred, pos_label)
    p, r = _ratio(tp, flagged), _ratio(tp, positive)
    return (p, r, _ratio(2 * p * r, p + r))


# ---------------------------------------------------------------- hw04.bayes_decision
def decide_argmax(posterior, loss):
    return max(range(len(posterior)), key=lambda i: (posterior[i], -i))


def decide_transposed(posterior, loss):
    k = len(posterior)
    risks = [sum(loss[j][i] * posterior[j] for j in range(k)) for i in range(k)]
    return min(range(k), key=lambda i: (risks[i], i))


def decide_largest_risk(posterior, loss):
    k = len(posterior)
    risks = [sum(loss[i][j] * posterior[j] for j in range(k)) for i in range(k)]
    return max(range(k), key=lambda i: (risks[i], -i))


def decide_risks(posterior, loss):
    k = len(posterior)
    return [sum(loss[i][j] * posterior[j] for j in range(k)) for i in range(k)]


# ---------------------------------------------------------------- hw04.log_odds_function
def _hw_scores(x, X, y, ddof=1, uniform=False):
    score = {}
    for c in ("bad", "good"):
        rows = X[y == c]
        mu, var = rows.mean(axis=0), rows.var(axis=0, ddof=ddof)
        prior = 0.5 if uniform else len(rows) / len(X)
        score[c] = np.log(prior) + np.sum(-0.5 * np.log(2 * np.pi * var) - (x - mu) ** 2 / (2 * var))
    return score


def hw_odds_ddof0(x, X, y):
    s = _hw_scores(x, X, y, ddof=0)
    return float(s["good"] - s["bad"])


def hw_odds_without_prior(x, X, y):
    s = _hw_scores(x, X, y, uniform=True)
    return float(s["good"] - s["bad"])


def hw_odds_reversed(x, X, y):
    s = _hw_scores(x, X, y)
    return float(s["bad"] - s["good"])


def hw_odds_pooled(x, X, y):
    rows = {c: X[y == c] for c in ("bad", "good")}
    pooled = sum(((r - r.mean(axis=0)) ** 2).sum(axis=0) for r in rows.values()) / (len(X) - 2)
    s = {c: np.log(len(r) / len(X)) + np.sum(-0.5 * np.log(2 * np.pi * pooled) - (x - r.mean(axis=0)) ** 2 / (2 * pooled))
         for c, r in rows.items()}
    return float(s["good"] - s["bad"])


def hw_odds_from_densities(x, X, y):
    d = {}
    for c in ("bad", "good"):
        rows = X[y == c]
        mu, var = rows.mean(axis=0), rows.var(axis=0, ddof=1)
        d[c] = len(rows) / len(X) * np.prod(np.exp(-(x - mu) ** 2 / (2 * var)) / np.sqrt(2 * np.pi * var))
    with np.errstate(divide="ignore", invalid="ignore"):
        return float(np.log(d["good"] / d["bad"]))          # 0/0 at the point far out


WRONG = {
    "05.bernoulli_log_posterior": [
        ("absent_ignored", bernoulli_present_words_only),
        ("counts_not_binarised", bernoulli_counts),
        ("prior_forgotten", bernoulli_without_prior),
        ("not_normalised", bernoulli_joint),
        (None, bernoulli_binarised_in_place),            # changes the counts it is given
        (None, bernoulli_posterior_not_log),
        (None, bernoulli_classes_reversed),              # the right values in another order
    ],
    "06.log_posterior_function": [
        ("no_log_sum_exp", multinomial_log_of_sum),
        ("no_log_sum_exp_ratio", multinomial_ratio_then_log),
        ("prior_forgotten", multinomial_without_prior),
        ("not_normalised", multinomial_joint),
        ("set_of_words", multinomial_set_of_words),
        (None, multinomial_posterior_not_log),
        (None, multinomial_of_the_example),             # the first case hard-coded
    ],
    "07.prf_function": [
        ("strict_threshold", prf_strict),
        ("precision_recall_swapped", prf_swapped),
        ("arithmetic_mean", prf_arithmetic_f1),
        ("accuracy_for_precision", prf_accuracy),
        (None, prf_dividing_by_zero),
        (None, prf_nan_for_zero),
        (None, prf_right_twice),                       # right only on the first calls
    ],
    "08.log_density_function": [
        ("ddof_ignored", density_ddof0),
        ("sd_as_variance", density_sd),
        ("density_not_log", density_itself),
        ("half_missing", density_no_half),
        (None, density_log_of_density),
        (None, density_centred_in_place),
    ],
    "08.log_odds_function": [
        ("prior_forgotten", odds_without_prior),
        ("sign", odds_reversed),
        ("log_variance_dropped", odds_exponents_only),
        ("odds_not_log", odds_not_log),
        ("variance_squared", odds_sd),
        (None, odds_from_densities),
    ],
    "hw03.confusion_function": [
        ("transposed", confusion_transposed),
        (None, confusion_sorted_labels),
        (None, confusion_as_lists),
        (None, confusion_diagonal_only),
    ],
    "hw03.prf_function": [
        ("precision_recall_swapped", hw_prf_swapped),
        ("arithmetic_mean", hw_prf_arithmetic),
        ("accuracy_for_precision", hw_prf_accuracy),
        (None, hw_prf_first_label_positive),
    ],
    "hw04.bayes_decision": [
        ("argmax", decide_argmax),
        ("transposed", decide_transposed),
        ("max_risk", decide_largest_risk),
        (None, decide_risks),
    ],
    "hw04.log_odds_function": [
        ("ddof0", hw_odds_ddof0),
        ("prior_forgotten", hw_odds_without_prior),
        ("sign", hw_odds_reversed),
        ("shared_variance", hw_odds_pooled),
        (None, hw_odds_from_densities),
    ],
}
