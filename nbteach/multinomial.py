"""Multinomial naive Bayes: word counts, as in the notes' text classifier (003, 004).

The model, in the notes' notation: a document x = (x_1, ..., x_M) holds x_i copies of
word i; class c has a prior pi_c and word probabilities theta_{c,i}. Then

    log P(c | x) = log pi_c + sum_i x_i log theta_{c,i} - log P(x)

which is linear in x (the "log-linear form" of note 003). Training counts words:

    theta_{c,i} = (N_{c,i} + alpha) / (N_c + alpha * M),     pi_c = n_c / n

(alpha = 1 is Laplace smoothing, with M = |V| the vocabulary size, as in note 004).
Parameter names, fitted attributes and numbers are scikit-learn's.
"""
from __future__ import annotations

import numpy as np

from ._numeric import _BaseNB, class_log_prior, count_by_class, masked_dot
from ._validation import check_alpha, validate_data

__all__ = ["MultinomialNB"]


class MultinomialNB(_BaseNB):
    """Naive Bayes for counts (word counts of documents).

    Parameters
    ----------
    alpha : float, default 1.0
        Pseudo-count added to every class-word count (Lidstone; 1 is Laplace, 0 is the
        plain maximum-likelihood estimate, which gives zero probabilities).
    fit_prior : bool, default True
        Learn pi_c = n_c / n from the data; if False, use the uniform prior 1/K.
    class_prior : array-like of shape (n_classes,), optional
        Fixed priors pi_c, overriding ``fit_prior``.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    class_count_ : ndarray of shape (n_classes,)
        n_c, the (weighted) number of training documents of each class.
    class_log_prior_ : ndarray of shape (n_classes,)
        log pi_c.
    feature_count_ : ndarray of shape (n_classes, n_features)
        N_{c,i}, how often word i occurs in class c.
    feature_log_prob_ : ndarray of shape (n_classes, n_features)
        log theta_{c,i} = log (N_{c,i} + alpha) - log (N_c + alpha * M).
    n_features_in_ : int

    Examples
    --------
    Two spam and two ham messages over the vocabulary (cheap, price, meeting):

    >>> X = [[2, 1, 0], [1, 1, 0], [0, 0, 2], [0, 1, 1]]
    >>> y = ["spam", "spam", "ham", "ham"]
    >>> nb = MultinomialNB(alpha=1.0).fit(X, y)
    >>> nb.feature_count_
    array([[0., 1., 3.],
           [3., 2., 0.]])
    >>> np.exp(nb.feature_log_prob_[1]).round(4)   # theta_spam = (3+1, 2+1, 0+1) / (5+3)
    array([0.5  , 0.375, 0.125])
    >>> nb.predict([[1, 0, 0]]), nb.predict_proba([[1, 0, 0]]).round(4)  # 0.5 vs 1/7
    (array(['spam'], dtype='<U4'), array([[0.2222, 0.7778]]))
    """

    _poor_score = True  # as scikit-learn: counts of random floats are a poor fit
    _positive_only = True
    _fitted_attribute = "feature_log_prob_"

    def __init__(self, alpha=1.0, fit_prior=True, class_prior=None):
        self.alpha = alpha
        self.fit_prior = fit_prior
        self.class_prior = class_prior

    def fit(self, X, y, sample_weight=None):
        """Count class frequencies n_c and class-word counts N_{c,i}, then smooth.

        In matrix form (the note's vectorised fit, corrected): with Y the
        n x K one-hot label matrix, ``feature_count_ = Y.T @ X``.
        """
        alpha = float(check_alpha(self.alpha))
        X = validate_data(self, X, reset=True, positive=True)
        count_by_class(self, X, y, sample_weight)
        self._update_log_probs(alpha)
        return self

    def _update_log_probs(self, alpha):
        smoothed = self.feature_count_ + alpha
        with np.errstate(divide="ignore"):
            self.feature_log_prob_ = np.log(smoothed) - np.log(
                smoothed.sum(axis=1, keepdims=True)
            )
        self.class_log_prior_ = class_log_prior(self)

    def _check_X(self, X):
        return validate_data(self, X, reset=False, positive=True)

    def _joint_log_likelihood(self, X):
        """jll_c(x) = log pi_c + sum_i x_i log theta_{c,i} (the multinomial coefficient,
        the same for every class, cancels in the posterior)."""
        return masked_dot(X, self.feature_log_prob_) + self.class_log_prior_
