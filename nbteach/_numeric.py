"""The numeric (float64, log-space) side of naive Bayes: the posterior step, written once.

Every classifier of nbteach scores a row x by a joint log-likelihood per class,

    jll_c(x) = log pi_c + log P(x | c)        (up to a term that is the same for every class),

and gets its posterior from it by log-sum-exp, never by exponentiating first:

    log P(c | x) = jll_c(x) - log sum_c' exp jll_c'(x),        y_hat = argmax_c jll_c(x).

:class:`_BaseNB` writes this once, as scikit-learn's class of that name does
(sklearn/naive_bayes.py): a model provides ``_check_X`` (its input checked against the fit,
once, and prepared for scoring) and ``_joint_log_likelihood`` (the scores of prepared input),
and inherits ``predict_joint_log_proba``, ``predict_log_proba``, ``predict_proba`` and
``predict``. Every
naive Bayes model stands on it (CategoricalNB, MultinomialNB, BernoulliNB, GaussianNB,
MixedNB, TextNB, SemiSupervisedNB, SPODE, AODE, TAN), and LogisticRegression, whose class
scores w_c.x + b_c are normalised the same way. CategoricalNB's exact arithmetic
(Fractions, sympy) is its own; its float64 side is this one.

Private to nbteach; the count models (MultinomialNB, BernoulliNB, SemiSupervisedNB, TextNB)
also share the helpers below: one-hot counting, the prior, the masked dot product. Input is
checked in :mod:`nbteach._validation`.
"""
from __future__ import annotations

import numpy as np

from ._base import BaseEstimator, NbteachError, log_sum_exp
from .counts import class_feature_counts
from ._validation import check_class_prior, check_is_fitted, check_sample_weight, check_y
from .i18n import tr


def count_by_class(estimator, X, y, sample_weight=None):
    """Set classes_, n_features_in_, class_count_ (n_c) and feature_count_ (N_{c,i} = Y.T @ X).

    Y is the n x K one-hot label matrix (weighted by ``sample_weight``): the note's
    vectorised counting, corrected, by the counting engine (``counts.class_feature_counts``).
    """
    classes, y_index = check_y(y, X.shape[0], estimator)
    w = check_sample_weight(sample_weight, X.shape[0])
    estimator.classes_ = classes
    estimator.n_features_in_ = X.shape[1]
    estimator.class_count_, estimator.feature_count_ = class_feature_counts(y_index, len(classes), X, w)


def class_log_prior(estimator):
    """log pi_c: the given ``class_prior``, else n_c / n if ``fit_prior``, else uniform 1/K."""
    n_classes = len(estimator.classes_)
    if estimator.class_prior is not None:
        return check_class_prior(estimator.class_prior, n_classes)
    if estimator.fit_prior:
        with np.errstate(divide="ignore"):
            return np.log(estimator.class_count_) - np.log(estimator.class_count_.sum())
    return np.full(n_classes, -np.log(n_classes))


def masked_dot(X, log_p):
    """X @ log_p.T, where 0 * log(0) counts as 0 (an absent word says nothing).

    Plain ``X @ log_p.T`` would give 0 * -inf = nan whenever a class never saw a word. (The
    transpose is made contiguous first: numpy's product with a transposed view of a K x M array
    is several times slower for the few columns K of a classifier, and EM computes it every
    iteration.)
    """
    finite = np.isfinite(log_p)
    if finite.all():
        return X @ np.ascontiguousarray(log_p.T)
    out = X @ np.ascontiguousarray(np.where(finite, log_p, 0.0).T)
    hits = (X != 0).astype(np.float64) @ (~finite).astype(np.float64).T
    out[hits > 0] = -np.inf
    return out


class _BaseNB(BaseEstimator):
    """predict / predict_proba / predict_log_proba from ``_joint_log_likelihood``, written once.

    A subclass provides

    * ``_check_X(X)``: X checked against the fit (once per call) and prepared for scoring
      (an array, category codes, documents' token ids);
    * ``_joint_log_likelihood(X)``: for prepared X, jll_c(x) = log pi_c + log P(x | c), one
      column per class in the order of ``classes_``.

    and may give ``_fitted_attribute`` (the attribute ``fit`` sets last) and
    ``_zero_row_error`` (what to say of a row that every class scores 0).
    """

    #: what ``fit`` sets: its absence means "not fitted"
    _fitted_attribute = "classes_"
    #: scikit-learn's tags (``__sklearn_tags__``)
    _poor_score = False
    _positive_only = False

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.poor_score = self._poor_score
        tags.input_tags.positive_only = self._positive_only
        return tags

    def _check_X(self, X):
        raise NotImplementedError

    def _joint_log_likelihood(self, X):
        raise NotImplementedError

    def predict_joint_log_proba(self, X):
        """The joint log-likelihood log pi_c + log P(x | c), one column per class."""
        check_is_fitted(self, self._fitted_attribute)
        return self._joint_log_likelihood(self._check_X(X))

    def predict_log_proba(self, X):
        """log P(c | x), normalised with log-sum-exp (never by exponentiating first)."""
        return self._normalise(self.predict_joint_log_proba(X))

    def predict_proba(self, X):
        """P(c | x), one column per class in the order of ``classes_``; rows sum to 1."""
        return np.exp(self.predict_log_proba(X))

    def predict(self, X):
        """The class with the largest posterior, argmax_c log pi_c + log P(x | c) (the first
        in ``classes_`` on a tie)."""
        jll = self.predict_joint_log_proba(X)
        return self.classes_[np.argmax(jll, axis=1)]

    def _normalise(self, jll):
        """log P(c|x) = jll - log sum_c exp(jll), row by row (log-sum-exp); refuses a row with
        probability zero under every class (``_zero_row_error``)."""
        norm = log_sum_exp(jll, axis=1)
        if np.any(~np.isfinite(norm)):
            raise self._zero_row_error(int(np.flatnonzero(~np.isfinite(norm))[0]))
        return jll - norm[:, None]

    def _zero_row_error(self, row):
        """The error for row ``row``, which has probability zero under every class (possible
        with alpha=0, or for GaussianNB with var_smoothing=0 and a feature constant within
        every class)."""
        if hasattr(self, "var_smoothing"):
            why = tr({"en": "This happens with var_smoothing=0 when a feature has variance 0 within every "
                            "class and the row's value differs from it: use var_smoothing > 0 (the default "
                            "is 1e-9).",
                      "zh": "var_smoothing=0 时，若某个属性在每个类别中方差都为 0，而这一行的取值与之不同，就会如此："
                            "请用 var_smoothing > 0（默认值是 1e-9）。"})
        else:
            why = tr({"en": "This happens with alpha=0 when a feature seen in the row was never seen with "
                            "any class that could explain it: use alpha > 0 (alpha=1 is Laplace smoothing).",
                      "zh": "alpha=0 时，若这一行中出现的某个属性从未与能解释它的类别一起出现过，就会如此："
                            "请用 alpha > 0（alpha=1 即拉普拉斯修正）。"})
        return NbteachError(
            tr({"en": f"Row {row} has probability zero under every class (its joint log-likelihood "
                      f"is -inf for all of them), so the posterior 0/0 is undefined. {why}",
                "zh": f"第 {row} 行在每个类别下的概率都是 0（联合对数似然全是 -inf），所以后验概率 0/0 无定义。{why}"})
        )
