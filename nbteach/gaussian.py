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

from ._base import NbteachError
from ._numeric import _BaseNB
from .counts import joint_counts
from ._validation import check_class_prior, check_is_fitted, check_sample_weight, validate_data
from .i18n import tr

__all__ = ["GaussianNB", "log_odds_from_coefficients"]


class GaussianNB(_BaseNB):
    """Naive Bayes for real-valued features, normal within each class.

    Parameters
    ----------
    priors : array-like of shape (n_classes,), optional
        Fixed priors pi_c; by default pi_c = n_c / n.
    var_smoothing : float, default 1e-9
        Fraction of the largest feature variance added to every variance.
    shared_variance : bool, default False
        False (scikit-learn's model): each class has its own variance per feature, and
        the decision boundary is quadratic. True (note 004's assumption): one variance
        per feature shared by the classes, the pooled within-class variance
        sum_c sum_{i in c} (x_ij - mu_cj)^2 / n (its maximum-likelihood estimate), and
        the boundary is linear: the posterior is sigmoid(w.x + w0), see
        :meth:`log_odds_coefficients`.

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

    _fitted_attribute = "theta_"

    def __init__(self, priors=None, var_smoothing=1e-9, shared_variance=False):
        self.priors = priors
        self.var_smoothing = var_smoothing
        self.shared_variance = shared_variance

    def fit(self, X, y, sample_weight=None):
        """Per-class weighted mean theta_ and variance var_, plus epsilon."""
        vs = self.var_smoothing
        if isinstance(vs, bool) or not isinstance(vs, (int, float)) or not (vs >= 0):
            raise NbteachError(tr({"en": f"var_smoothing must be a number >= 0, got {vs!r}.",
                                   "zh": f"var_smoothing 必须是 >= 0 的数，你给的是 {vs!r}。"}))
        if not isinstance(self.shared_variance, (bool, np.bool_)):
            raise NbteachError(tr({"en": f"shared_variance must be True or False, got {self.shared_variance!r}.",
                                   "zh": f"shared_variance 必须是 True 或 False，你给的是 {self.shared_variance!r}。"}))
        X, (classes, y_index) = validate_data(self, X, y, reset=True)
        w = None if sample_weight is None else check_sample_weight(sample_weight, X.shape[0])
        return self._fit(X, classes, y_index, w)

    def _fit(self, X, classes, y_index, w):
        """fit's estimates, on X, classes and weights (None: every row weighs 1) already
        checked (MixedNB hands its numeric columns here after checking its whole table)."""
        vs = self.var_smoothing
        K, M = len(classes), X.shape[1]
        self.epsilon_ = float(vs * np.var(X, axis=0).max()) if vs else 0.0
        self.classes_ = classes
        self.n_features_in_ = M
        self.theta_ = np.zeros((K, M))
        self.var_ = np.zeros((K, M))
        self.class_count_ = np.zeros(K)
        # each class's rows as one block, in their order: the same sums as a mask per class
        small = np.uint8 if K <= 256 else np.uint16 if K <= 65536 else y_index.dtype
        order = np.argsort(y_index.astype(small), kind="stable")   # small ints: numpy's radix sort
        ends = np.cumsum(joint_counts([y_index], [K]))
        Xs, ws = X[order], (None if w is None else w[order])
        for k in range(K):
            start = ends[k - 1] if k else 0
            Xk = Xs[start:ends[k]]
            wk = None if ws is None else ws[start:ends[k]]
            self.class_count_[k] = len(Xk) if wk is None else wk.sum()
            if wk is not None and wk.sum() == 0:
                wk = None  # all-zero weights: fall back to plain averages
            mu = np.average(Xk, axis=0, weights=wk)
            var = np.average((Xk - mu) ** 2, axis=0, weights=wk)
            self.theta_[k], self.var_[k] = mu, var
        if self.shared_variance:
            # pooled within-class variance: the weighted average of the class variances
            weights = self.class_count_ if self.class_count_.sum() > 0 else np.bincount(y_index, minlength=K)
            pooled = weights @ self.var_ / weights.sum()
            self.var_ = np.tile(pooled, (K, 1))
        self.var_ += self.epsilon_
        if self.priors is not None:
            self.class_prior_ = np.exp(check_class_prior(self.priors, K, "priors"))
        else:
            self.class_prior_ = self.class_count_ / self.class_count_.sum()
        return self

    @classmethod
    def from_parameters(cls, theta, var, class_prior, classes=None):
        """A fitted GaussianNB with the given means, variances and prior (no data needed).

        ``theta`` and ``var``: shape (n_classes, n_features); ``class_prior``: length
        n_classes, summing to 1. When every class has the same variances the model is
        marked ``shared_variance=True``. Used by the boundary widget of lesson 08.

        >>> nb = GaussianNB.from_parameters([[0.0], [2.0]], [[1.0], [1.0]], [0.5, 0.5])
        >>> nb.shared_variance, nb.predict([[0.9], [1.1]]).tolist()
        (True, [0, 1])
        """
        theta = np.asarray(theta, dtype=float)
        var = np.asarray(var, dtype=float)
        prior = np.asarray(class_prior, dtype=float)
        if theta.ndim != 2 or var.shape != theta.shape:
            raise NbteachError(tr({"en": f"theta and var must both have shape (n_classes, n_features); got "
                                         f"{theta.shape} and {var.shape}.",
                                   "zh": f"theta 和 var 的形状都必须是 (n_classes, n_features)；你给的是 {theta.shape} 和 {var.shape}。"}))
        if not np.all(np.isfinite(theta)) or not np.all(np.isfinite(var)) or np.any(var <= 0):
            raise NbteachError(tr({"en": "every variance must be a finite number > 0 and every mean finite.",
                                   "zh": "每个方差都必须是 > 0 的有限数，每个均值都必须有限。"}))
        if prior.shape != (theta.shape[0],) or np.any(prior < 0) or abs(prior.sum() - 1) > 1e-9:
            raise NbteachError(tr({"en": f"class_prior must hold {theta.shape[0]} probabilities summing to 1, "
                                         f"got {list(prior)}.",
                                   "zh": f"class_prior 必须是 {theta.shape[0]} 个和为 1 的概率，你给的是 {list(prior)}。"}))
        nb = cls(priors=prior, var_smoothing=0.0,
                 shared_variance=bool(np.all(var == var[0])))
        nb.classes_ = np.arange(theta.shape[0]) if classes is None else np.asarray(classes)
        nb.theta_, nb.var_, nb.class_prior_ = theta.copy(), var.copy(), prior.copy()
        nb.class_count_ = np.zeros(theta.shape[0])
        nb.epsilon_ = 0.0
        nb.n_features_in_ = theta.shape[1]
        return nb

    def log_odds_coefficients(self):
        """The log odds of ``classes_[1]`` against ``classes_[0]`` as a function of x.

        ln P(c1|x)/P(c0|x) = sum_j v_j x_j^2 + sum_j w_j x_j + w0, with
        v_j = 1/(2 var_0j) - 1/(2 var_1j), w_j = mu_1j/var_1j - mu_0j/var_0j and
        w0 = sum_j [mu_0j^2/(2 var_0j) - mu_1j^2/(2 var_1j) + ln(sigma_0j/sigma_1j)]
        + ln(pi_1/pi_0). With ``shared_variance=True``, v = 0 and the posterior is
        sigmoid(w.x + w0): logistic regression's form
        (:func:`nbteach.derivations.gaussian_nb_logistic`).

        Returns a dict with "v", "w" (arrays of length n_features) and "w0" (float).

        >>> nb = GaussianNB(shared_variance=True).fit([[1.0], [3.0], [10.0], [12.0]], [0, 0, 1, 1])
        >>> c = nb.log_odds_coefficients()
        >>> c["v"], c["w"].round(3), round(c["w0"], 3)
        (array([0.]), array([9.]), -58.5)
        """
        check_is_fitted(self, "theta_")
        if len(self.classes_) != 2:
            raise NbteachError(tr({"en": f"log_odds_coefficients needs two classes; this model has "
                                         f"{len(self.classes_)}: {list(self.classes_)}.",
                                   "zh": f"log_odds_coefficients 需要两个类别；这个模型有 {len(self.classes_)} 个：{list(self.classes_)}。"}))
        (m0, m1), (v0, v1) = self.theta_, self.var_
        with np.errstate(divide="ignore"):
            lp = np.log(self.class_prior_)
        v = 1 / (2 * v0) - 1 / (2 * v1)
        if self.shared_variance:
            v = np.zeros_like(v)
        w = m1 / v1 - m0 / v0
        w0 = float(np.sum(m0 ** 2 / (2 * v0) - m1 ** 2 / (2 * v1) + 0.5 * np.log(v0 / v1)) + lp[1] - lp[0])
        return {"v": v, "w": w, "w0": w0}

    def _joint_log_likelihood(self, X):
        """jll_c(x) = log pi_c - 1/2 sum_j log(2 pi var_cj) - 1/2 sum_j (x_j - mu_cj)^2 / var_cj."""
        with np.errstate(divide="ignore"):
            log_prior = np.log(self.class_prior_)
        out = np.empty((X.shape[0], len(self.classes_)))
        for k in range(len(self.classes_)):   # summed in scikit-learn's order, so that its numbers agree
            n_ij = -0.5 * np.sum(np.log(2.0 * np.pi * self.var_[k]))
            n_ij = n_ij - 0.5 * np.sum((X - self.theta_[k]) ** 2 / self.var_[k], axis=1)
            out[:, k] = log_prior[k] + n_ij
        return out

    def log_factors(self, X):
        """log N(x_j; mu_cj, sigma^2_cj), the log density of every feature j within every class.

        An array of shape (n_features, n_samples, n_classes); log pi_c plus its sum over the
        features is the joint log-likelihood. MixedNB composes its numeric attributes' factors
        from these (``_log_factor``, one feature at a time, on its table checked once).
        """
        check_is_fitted(self, self._fitted_attribute)
        return self._log_factors(self._check_X(X))

    def _log_factors(self, X):
        """``log_factors`` of X already checked (MixedNB checks its whole table once)."""
        return np.stack([self._log_factor(X[:, j], j).T for j in range(X.shape[1])])

    def _log_factor(self, x, j):
        """log N(x_j; mu_cj, sigma^2_cj) of feature j's values ``x``, one row per class: shape
        (n_classes, n_samples), each class's numbers side by side in memory."""
        var = self.var_[:, j][:, None]
        out = np.subtract(x[None, :], self.theta_[:, j][:, None])   # -1/2 (log(2 pi var) + (x - mu)^2 / var),
        np.square(out, out=out)                                      # in place, in that order
        out /= var
        out += np.log(2 * np.pi * var)
        out *= -0.5
        return out

    def _check_X(self, X):
        X = validate_data(self, X, reset=False)
        zero = np.argwhere(~(self.var_ > 0))
        if len(zero):
            k, j = zero[0]
            raise NbteachError(
                tr({"en": f"feature {j} has variance 0 within class {_plain(self.classes_[k])!r} (it is constant there, "
                          "and var_smoothing adds nothing), so its normal density is infinite at that value and 0 "
                          "elsewhere: the posterior would be NaN. Use var_smoothing > 0 (the default 1e-9 adds a "
                          "share of the largest feature variance), or drop the constant feature.",
                    "zh": f"属性 {j} 在类别 {_plain(self.classes_[k])!r} 中方差为 0（它在该类中是常数，var_smoothing 也没有加上任何值），所以它的正态密度在该值处无穷大、在其他地方为 0：后验概率会是 NaN。请用 var_smoothing > 0（默认的 1e-9 会加上最大属性方差的一小部分），或去掉这个常数属性。"}))
        return X


def log_odds_from_coefficients(coefficients, X):
    """The log odds ln P(c1|x)/P(c0|x) = sum_j v_j x_j^2 + sum_j w_j x_j + w0 at each point x.

    ``coefficients`` is what :meth:`GaussianNB.log_odds_coefficients` returns (a dict with
    "v", "w" and "w0"); ``X`` holds points along its last axis, one entry per feature (an
    (n, d) array, or a grid of shape (..., d)). Where it is 0, P(c1|x) = 1/2: the
    decision boundary.

    >>> nb = GaussianNB().fit([[1.0, 0.0], [2.0, 1.0], [6.0, 1.0], [8.0, 3.0]], [0, 0, 1, 1])
    >>> x = np.array([[3.0, 1.0], [7.0, 2.0]])
    >>> z = log_odds_from_coefficients(nb.log_odds_coefficients(), x)
    >>> p = nb.predict_proba(x)
    >>> bool(np.allclose(z, np.log(p[:, 1] / p[:, 0])))
    True
    """
    if not isinstance(coefficients, dict) or not {"v", "w", "w0"} <= set(coefficients):
        raise NbteachError(tr({"en": "coefficients must be the dict that GaussianNB.log_odds_coefficients() returns, "
                                     "with 'v', 'w' and 'w0'.",
                               "zh": "coefficients 必须是 GaussianNB.log_odds_coefficients() 返回的字典，含 'v'、'w' 和 'w0'。"}))
    v, w, w0 = np.asarray(coefficients["v"]), np.asarray(coefficients["w"]), coefficients["w0"]
    X = np.asarray(X, dtype=float)
    if X.ndim < 1 or X.shape[-1] != len(v) or len(w) != len(v):
        raise NbteachError(tr({"en": f"X must hold points with {len(v)} features along its last axis (one per "
                                     f"coefficient), got shape {X.shape}.",
                               "zh": f"X 的点在最后一个轴上必须有 {len(v)} 个属性（每个系数一个），你给的形状是 {X.shape}。"}))
    z = 0
    for j in range(len(v)):           # term by term, in the formula's order
        z = z + v[j] * X[..., j] ** 2
    for j in range(len(w)):
        z = z + w[j] * X[..., j]
    return z + w0


def _plain(value):
    """A numpy scalar as the Python value it holds (for messages: 0, not np.int64(0))."""
    return value.item() if hasattr(value, "item") else value
