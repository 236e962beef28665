"""Gaussian naive Bayes: each feature normal within each class.

For class c with prior pi_c, feature j has mean mu_{c,j} and variance sigma^2_{c,j}:

    log P(c | x) = log pi_c - 1/2 sum_j [ log(2 pi sigma^2_{c,j}) + (x_j - mu_{c,j})^2 / sigma^2_{c,j} ]
                   - log P(x)

Training is the maximum-likelihood mean and (biased, divide by n_c) variance per class,
plus epsilon = var_smoothing * max_j Var(x_j) added to every variance so that a
constant feature cannot divide by zero. Note 004 keeps one variance per feature,
shared by the classes, and shows that the decision boundary is then linear (logistic
regression); here, as in scikit-learn, each class has its own variance.
Parameter names, fitted attributes and numbers are scikit-learn's.
"""
from __future__ import annotations

import numpy as np

from ._base import BaseEstimator, NbteachError
from ._numeric import (
    PosteriorMixin, check_class_prior, check_sample_weight, check_X, check_y, require_fitted,
)

__all__ = ["GaussianNB"]


class GaussianNB(PosteriorMixin, BaseEstimator):
    """Naive Bayes for real-valued features, normal within each class.

    Parameters
    ----------
    priors : array-like of shape (n_classes,), optional
        Fixed priors pi_c; by default pi_c = n_c / n.
    var_smoothing : float, default 1e-9
        Fraction of the largest feature variance added to every variance.

    Attributes
    ----------
    classes_, class_count_ : as in MultinomialNB
    class_prior_ : ndarray of shape (n_classes,)
        pi_c.
    theta_ : ndarray of shape (n_classes, n_features)
        mu_{c,j}, the mean of feature j in class c.
    var_ : ndarray of shape (n_classes, n_features)
        sigma^2_{c,j} + epsilon.
    epsilon_ : float
    n_features_in_ : int

    Examples
    --------
    >>> X = [[1.0], [3.0], [10.0], [12.0]]
    >>> nb = GaussianNB().fit(X, [0, 0, 1, 1])
    >>> nb.theta_.ravel(), nb.var_.ravel().round(6)
    (array([ 2., 11.]), array([1., 1.]))
    >>> nb.predict_proba([[6.5]]).round(4)   # halfway between the means: a tie
    array([[0.5, 0.5]])
    """

    def __init__(self, priors=None, var_smoothing=1e-9):
        self.priors = priors
        self.var_smoothing = var_smoothing

    def fit(self, X, y, sample_weight=None):
        """Per-class weighted mean theta_ and variance var_, plus epsilon."""
        vs = self.var_smoothing
        if isinstance(vs, bool) or not isinstance(vs, (int, float)) or not (vs >= 0):
            raise NbteachError(f"var_smoothing must be a number >= 0, got {vs!r}.")
        X = check_X(X, self, fitting=True)
        classes, y_index = check_y(y, X.shape[0], self)
        w = check_sample_weight(sample_weight, X.shape[0])
        K, M = len(classes), X.shape[1]
        self.epsilon_ = float(vs * np.var(X, axis=0).max())
        self.classes_ = classes
        self.n_features_in_ = M
        self.theta_ = np.zeros((K, M))
        self.var_ = np.zeros((K, M))
        self.class_count_ = np.zeros(K)
        for k in range(K):
            rows = y_index == k
            wk = w[rows]
            if wk.sum() == 0:
                wk = None  # all-zero weights: fall back to plain averages
            mu = np.average(X[rows], axis=0, weights=wk)
            var = np.average((X[rows] - mu) ** 2, axis=0, weights=wk)
            self.theta_[k], self.var_[k] = mu, var
            self.class_count_[k] = w[rows].sum()
        self.var_ += self.epsilon_
        if self.priors is not None:
            self.class_prior_ = np.exp(check_class_prior(self.priors, K, "priors"))
        else:
            self.class_prior_ = self.class_count_ / self.class_count_.sum()
        return self

    def _joint_log_likelihood(self, X):
        """jll_c(x) = log pi_c - 1/2 sum_j log(2 pi var_cj) - 1/2 sum_j (x_j - mu_cj)^2 / var_cj."""
        require_fitted(self, "theta_")
        X = check_X(X, self, fitting=False)
        with np.errstate(divide="ignore"):
            log_prior = np.log(self.class_prior_)
        out = np.empty((X.shape[0], len(self.classes_)))
        for k in range(len(self.classes_)):
            n_ij = -0.5 * np.sum(np.log(2.0 * np.pi * self.var_[k]))
            n_ij = n_ij - 0.5 * np.sum((X - self.theta_[k]) ** 2 / self.var_[k], axis=1)
            out[:, k] = log_prior[k] + n_ij
        return out
