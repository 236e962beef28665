"""Bernoulli naive Bayes: which words occur (yes/no), not how often.

In the notes' notation (000, lesson 05): class c has prior pi_c and, for each word i, the
probability mu_{c,i} that a document of class c contains it. A document is the binary
vector x (x_i = 1 if word i occurs), and

    log P(c | x) = log pi_c + sum_i [ x_i log mu_{c,i} + (1 - x_i) log(1 - mu_{c,i}) ] - log P(x)

Absent words count too (the factor 1 - mu), unlike the multinomial model. Training with
the notes' +1/+2 smoothing (alpha = 1):

    mu_{c,i} = (N_{c,i} + alpha) / (n_c + 2 alpha),     pi_c = n_c / n

where N_{c,i} is the number of class-c documents containing word i.
Parameter names, fitted attributes and numbers are scikit-learn's.
"""
from __future__ import annotations

import numpy as np

from ._base import NbteachError
from ._numeric import _BaseNB, class_log_prior, count_by_class, masked_dot
from ._validation import check_alpha, validate_data
from .i18n import tr

__all__ = ["BernoulliNB"]


class BernoulliNB(_BaseNB):
    """Naive Bayes for binary features (word present or absent).

    Parameters
    ----------
    alpha : float, default 1.0
        Pseudo-count: mu = (N + alpha) / (n_c + 2 alpha). alpha = 1 is the notes' +1/+2.
    binarize : float or None, default 0.0
        Values > binarize become 1, the rest 0. None: X is already 0/1.
    fit_prior : bool, default True
        Learn pi_c from the data; if False, use 1/K.
    class_prior : array-like of shape (n_classes,), optional
        Fixed priors pi_c.

    Attributes
    ----------
    classes_, class_count_, class_log_prior_ : as in MultinomialNB
    feature_count_ : ndarray of shape (n_classes, n_features)
        N_{c,i}, the number of class-c documents that contain word i.
    feature_log_prob_ : ndarray of shape (n_classes, n_features)
        log mu_{c,i}.
    n_features_in_ : int

    Examples
    --------
    >>> X = [[1, 1, 0], [1, 0, 0], [0, 0, 1], [0, 1, 1]]
    >>> y = ["spam", "spam", "ham", "ham"]
    >>> nb = BernoulliNB(alpha=1.0).fit(X, y)
    >>> np.exp(nb.feature_log_prob_[1])      # mu_spam = (2+1, 1+1, 0+1) / (2+2)
    array([0.75, 0.5 , 0.25])
    >>> nb.predict_proba([[1, 0, 0]]).round(4)   # absent words count as evidence too
    array([[0.1, 0.9]])
    """

    _poor_score = True  # as scikit-learn: thresholding at 0 loses the signal
    _fitted_attribute = "feature_log_prob_"

    def __init__(self, alpha=1.0, binarize=0.0, fit_prior=True, class_prior=None):
        self.alpha = alpha
        self.binarize = binarize
        self.fit_prior = fit_prior
        self.class_prior = class_prior

    def _binarize(self, X):
        b = self.binarize
        if b is not None and (isinstance(b, (bool, np.bool_)) or not isinstance(b, (int, float, np.integer, np.floating))
                              or not np.isfinite(b)):
            raise NbteachError(
                tr({"en": f"binarize must be None (X is already 0/1) or a finite number (values above it become 1), "
                          f"got {b!r} of type {type(b).__name__}: e.g. binarize=0.0 maps every count > 0 to 1.",
                    "zh": f"binarize 必须是 None（X 已经是 0/1）或一个有限的数（大于它的值变为 1），你给的是 {type(b).__name__} 类型的 {b!r}：例如 binarize=0.0 把每个大于 0 的计数变为 1。"}))
        if self.binarize is None:
            if not np.all((X == 0) | (X == 1)):
                raise NbteachError(
                    tr({"en": "binarize=None means X is already 0/1, but X holds other values: "
                              "set binarize=0.0 to map counts > 0 to 1.",
                        "zh": "binarize=None 表示 X 已经是 0/1，但 X 中有其他值：设 binarize=0.0，把大于 0 的计数变为 1。"})
                )
            return X
        return (X > self.binarize).astype(np.float64)

    def fit(self, X, y, sample_weight=None):
        """Count n_c and N_{c,i} (documents of class c containing word i), then smooth."""
        alpha = float(check_alpha(self.alpha))
        X = self._binarize(validate_data(self, X, reset=True))
        count_by_class(self, X, y, sample_weight)
        with np.errstate(divide="ignore"):
            self.feature_log_prob_ = np.log(self.feature_count_ + alpha) - np.log(
                self.class_count_ + 2 * alpha
            )[:, None]
        self.class_log_prior_ = class_log_prior(self)
        return self

    def _check_X(self, X):
        return self._binarize(validate_data(self, X, reset=False))

    def _joint_log_likelihood(self, X):
        """jll_c(x) = log pi_c + sum_i x_i log mu_ci + (1 - x_i) log(1 - mu_ci)."""
        with np.errstate(divide="ignore"):
            log_not = np.log1p(-np.exp(self.feature_log_prob_))  # log(1 - mu)
        present = masked_dot(X, self.feature_log_prob_)
        absent = masked_dot(1.0 - X, log_not)
        return present + absent + self.class_log_prior_
