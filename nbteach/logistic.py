r"""Logistic regression: the discriminative twin of Gaussian naive Bayes (note 004).

Gaussian naive Bayes with one variance per feature shared by the classes has a
posterior P(y=1|x) = sigmoid(w.x + w0) (see
:func:`nbteach.derivations.gaussian_nb_logistic`). Logistic regression fits w and w0
directly, by maximum likelihood with an L2 penalty:

.. math::

    J(W) = -\sum_i \log P(y_i \mid x_i, W) + \frac{\lambda}{2} \lVert W \rVert_2^2

(the intercepts are not penalised). Two classes: one weight vector and the sigmoid.
More classes: the softmax P(c_k|x) = exp(w_k.x + b_k) / sum_j exp(w_j.x + b_j) with
K weight vectors, all penalised, as scikit-learn does (``multi_class="softmax"``), or
note 004's form with a reference class whose weights are fixed at 0 and K-1 penalised
vectors (``multi_class="reference"``). Without a penalty the two give the same
probabilities; with one they are different models with different optima.

``lam`` is scikit-learn's ``1/C``: ``LogisticRegression(lam=2)`` here and
``sklearn.linear_model.LogisticRegression(C=0.5)`` minimise the same objective.

Solvers: ``"newton"`` (the default: Newton's method with a backtracking line search,
exact Hessian, a handful of iterations), ``"gd"`` (plain gradient descent with the step
1/L, L a bound on the curvature, the algorithm the notes derive: slow, for teaching) and
``"lbfgs"`` (scipy's L-BFGS, for many features; needs scipy, which scikit-learn brings).
Every solver stops when the largest entry of the gradient of J/n is below ``tol``
(scikit-learn's lbfgs uses the same test), records J after every iteration in
``loss_curve_`` and warns when ``max_iter`` is reached first.
"""
from __future__ import annotations

import numbers
import warnings

import numpy as np

from ._base import NbteachError, log_sum_exp
from ._numeric import _BaseNB
from ._validation import check_is_fitted, validate_data
from .i18n import tr

__all__ = ["LogisticRegression", "ConvergenceWarning", "sigmoid", "softmax"]

_SOLVERS = ("newton", "gd", "lbfgs")


class ConvergenceWarning(UserWarning):
    """The solver stopped at ``max_iter`` before the gradient was below ``tol``."""


def sigmoid(z):
    """1 / (1 + exp(-z)), computed without overflow for large |z|.

    >>> sigmoid(np.array([-1000.0, 0.0, 1000.0]))
    array([0. , 0.5, 1. ])
    """
    z = np.asarray(z, dtype=float)
    out = np.empty_like(z)
    pos = z >= 0
    out[pos] = 1.0 / (1.0 + np.exp(-z[pos]))
    ez = np.exp(z[~pos])
    out[~pos] = ez / (1.0 + ez)
    return out


def softmax(Z):
    """Row-wise exp(z_k) / sum_j exp(z_j), by log-sum-exp.

    >>> softmax(np.array([[0.0, 0.0], [1000.0, 0.0]])).round(3)
    array([[0.5, 0.5],
           [1. , 0. ]])
    """
    Z = np.asarray(Z, dtype=float)
    return np.exp(Z - log_sum_exp(Z, axis=1)[:, None])


def _check_params(est):
    lam = est.lam
    if isinstance(lam, bool) or not isinstance(lam, numbers.Real) or not np.isfinite(lam) or lam < 0:
        raise NbteachError(tr({"en": f"lam must be a finite number >= 0 (the L2 penalty; lam = 1/C of "
                                     f"scikit-learn, 0 means no penalty), got {lam!r}.",
                               "zh": f"lam 必须是 >= 0 的有限数（L2 惩罚；lam 即 scikit-learn 的 1/C，0 表示不加惩罚），你给的是 {lam!r}。"}))
    if est.solver not in _SOLVERS:
        raise NbteachError(tr({"en": f"solver must be one of {', '.join(map(repr, _SOLVERS))}, got {est.solver!r}.",
                               "zh": f"solver 必须是 {', '.join(map(repr, _SOLVERS))} 之一，你给的是 {est.solver!r}。"}))
    if est.multi_class not in ("softmax", "reference"):
        raise NbteachError(tr({"en": "multi_class must be 'softmax' (K penalised weight vectors, as "
                                     "scikit-learn) or 'reference' (note 004's K-1 vectors and a reference "
                                     f"class), got {est.multi_class!r}.",
                               "zh": f"multi_class 必须是 'softmax'（K 个带惩罚的权重向量，与 scikit-learn 相同）或 'reference'（笔记 004 的 K-1 个向量加一个参照类别），你给的是 {est.multi_class!r}。"}))
    mi = est.max_iter
    if mi is not None and (isinstance(mi, bool) or not isinstance(mi, numbers.Integral) or mi < 1):
        raise NbteachError(tr({"en": f"max_iter must be a whole number >= 1 (or None for the solver's "
                                     f"default), got {mi!r}.",
                               "zh": f"max_iter 必须是 >= 1 的整数（或 None，使用求解器的默认值），你给的是 {mi!r}。"}))
    tol = est.tol
    if isinstance(tol, bool) or not isinstance(tol, numbers.Real) or not (tol > 0) or not np.isfinite(tol):
        raise NbteachError(tr({"en": f"tol must be a number > 0 (the largest gradient entry of J/n at "
                                     f"which to stop, e.g. 1e-6), got {tol!r}.",
                               "zh": f"tol 必须是 > 0 的数（J/n 的梯度最大分量小于它时停止，如 1e-6），你给的是 {tol!r}。"}))
    lr = est.learning_rate
    if lr is not None and (isinstance(lr, bool) or not isinstance(lr, numbers.Real)
                           or not (lr > 0) or not np.isfinite(lr)):
        raise NbteachError(tr({"en": f"learning_rate must be None (the safe step 1/L) or a number > 0, got {lr!r}.",
                               "zh": f"learning_rate 必须是 None（安全步长 1/L）或 > 0 的数，你给的是 {lr!r}。"}))
    if lr is not None and est.solver != "gd":
        raise NbteachError(tr({"en": "learning_rate is the step of gradient descent: use it with solver='gd'.",
                               "zh": "learning_rate 是梯度下降的步长：请与 solver='gd' 一起使用。"}))


class _Objective:
    """J(W) = sum_i [logsumexp(F_i) - F_i,y_i] + lam/2 ||W without intercepts||^2.

    W has shape (m, d+1), the last column the intercepts. F = X1 W^T, with a column of
    zeros appended for the reference class when ``ref`` (two classes: the sigmoid).
    """

    def __init__(self, X, y_index, K, lam, ref):
        n, d = X.shape
        self.X1 = np.hstack([X, np.ones((n, 1))])
        self.y = y_index
        self.K, self.lam, self.ref = K, float(lam), ref
        self.m = K - 1 if ref else K
        self.d1 = d + 1
        self.Y = np.zeros((n, K))
        self.Y[np.arange(n), y_index] = 1.0
        self.mask = np.ones((self.m, self.d1))
        self.mask[:, -1] = 0.0                           # intercepts are not penalised

    def logits(self, W):
        Z = self.X1 @ W.T
        if self.ref:
            Z = np.hstack([Z, np.zeros((Z.shape[0], 1))])
        return Z

    def value(self, W):
        F = self.logits(W)
        nll = float(np.sum(log_sum_exp(F, axis=1) - F[np.arange(F.shape[0]), self.y]))
        return nll + 0.5 * self.lam * float(np.sum((W * self.mask) ** 2))

    def grad(self, W, P=None):
        if P is None:
            P = softmax(self.logits(W))
        R = (P - self.Y)[:, : self.m]
        return R.T @ self.X1 + self.lam * W * self.mask

    def hessian(self, W, P=None):
        if P is None:
            P = softmax(self.logits(W))
        Pm = P[:, : self.m]
        m, d1, X1 = self.m, self.d1, self.X1
        H = np.empty((m, d1, m, d1))
        for k in range(m):
            for l in range(k, m):
                wts = Pm[:, k] * ((k == l) - Pm[:, l])
                block = (X1 * wts[:, None]).T @ X1
                H[k, :, l, :] = block
                H[l, :, k, :] = block.T
        H = H.reshape(m * d1, m * d1)
        H[np.diag_indices_from(H)] += self.lam * self.mask.ravel()
        return H

    def lipschitz(self):
        """A bound on the largest curvature: the safe gradient-descent step is 1/L."""
        c = 0.25 if self.m == 1 else 0.5
        return c * np.linalg.norm(self.X1, 2) ** 2 + self.lam


class LogisticRegression(_BaseNB):
    """L2-regularised logistic regression (sigmoid for two classes, softmax for more).

    Parameters
    ----------
    lam : float, default 1.0
        The L2 penalty lambda in J(W) = -log-likelihood + lam/2 ||W||^2 (intercepts not
        penalised). ``lam = 1/C`` of scikit-learn; 0 means plain maximum likelihood,
        which has no finite solution when the classes are separable.
    solver : {"newton", "gd", "lbfgs"}, default "newton"
        Newton's method (fast, exact Hessian), gradient descent (as the notes derive
        it; slow), or scipy's L-BFGS (for many features).
    max_iter : int or None
        None: 100 for "newton", 15000 for "gd", 1000 for "lbfgs".
    tol : float, default 1e-6
        Stop when max |gradient of J/n| < tol.
    learning_rate : float or None
        Gradient descent's step on J; None uses 1/L, which never increases J.
    multi_class : {"softmax", "reference"}, default "softmax"
        More than two classes: K penalised weight vectors (scikit-learn), or note 004's
        K-1 vectors with the last class as reference (its weights fixed at 0).

    Attributes
    ----------
    classes_ : ndarray, the sorted class labels
    coef_ : ndarray of shape (1, n_features) for two classes, else (K, n_features)
    intercept_ : ndarray of shape (1,) or (K,)
    loss_curve_ : list of float, J after each iteration (the first entry at the start)
    n_iter_ : int
    converged_ : bool

    Notes
    -----
    ``predict_log_proba``, ``predict_proba`` and ``predict`` are naive Bayes' own
    (``nbteach._numeric._BaseNB``): the class scores z_c = w_c.x + b_c, which
    ``predict_joint_log_proba`` returns (two classes: 0 for ``classes_[0]``, then
    ``decision_function``), are normalised as a joint log-likelihood is,
    log P(c | x) = z_c - log sum_c' exp z_c'.

    Examples
    --------
    >>> X = [[0.0], [1.0], [2.0], [3.0]]
    >>> lr = LogisticRegression(lam=1.0).fit(X, [0, 0, 1, 1])
    >>> lr.converged_, lr.predict([[0.2], [2.8]]).tolist()
    (True, [0, 1])
    >>> bool(lr.loss_curve_[-1] <= lr.loss_curve_[0])
    True
    """

    _fitted_attribute = "coef_"

    def __init__(self, lam=1.0, solver="newton", max_iter=None, tol=1e-6,
                 learning_rate=None, multi_class="softmax"):
        self.lam = lam
        self.solver = solver
        self.max_iter = max_iter
        self.tol = tol
        self.learning_rate = learning_rate
        self.multi_class = multi_class

    # -- fitting ---------------------------------------------------------------------
    def fit(self, X, y):
        """Minimise J(W); returns self."""
        _check_params(self)
        X, (classes, y_index) = validate_data(self, X, y, reset=True)
        if len(classes) < 2:
            raise NbteachError(
                tr({"en": f"y has only one class ({classes[0]!r}): logistic regression needs at least "
                          "two classes to tell apart.",
                    "zh": f"y 只有一个类别（{classes[0]!r}）：对数几率回归至少要区分两个类别。"}))
        K = len(classes)
        ref = K == 2 or self.multi_class == "reference"
        obj = _Objective(X, y_index, K, self.lam, ref)
        if ref and K == 2:
            # class 0 is the reference: P(y=classes_[1] | x) = sigmoid(w.x + b)
            obj.Y = obj.Y[:, ::-1].copy()
            obj.y = 1 - y_index
        max_iter = self.max_iter or {"newton": 100, "gd": 15000, "lbfgs": 1000}[self.solver]
        W = np.zeros((obj.m, obj.d1))
        n = X.shape[0]
        solve = {"newton": self._newton, "gd": self._gd, "lbfgs": self._lbfgs}[self.solver]
        W, curve, n_iter, converged = solve(obj, W, max_iter, n)
        if not ref and self.lam > 0:
            W[:, -1] -= W[:, -1].mean()                 # intercepts are defined up to a constant
        self.classes_ = classes
        self.n_features_in_ = X.shape[1]
        if K == 2:
            self.coef_, self.intercept_ = W[:, :-1].copy(), W[:, -1].copy()
        elif ref:
            self.coef_ = np.vstack([W[:, :-1], np.zeros((1, X.shape[1]))])
            self.intercept_ = np.append(W[:, -1], 0.0)
        else:
            self.coef_, self.intercept_ = W[:, :-1].copy(), W[:, -1].copy()
        self.loss_curve_ = curve
        self.n_iter_ = n_iter
        self.converged_ = converged
        separated = self.lam == 0 and bool(np.all(self.predict(X) == classes[y_index]))
        if separated:
            warnings.warn(
                tr({"en": "The fitted weights separate the training classes perfectly and lam=0: then J "
                          "has no minimum (it keeps falling as the weights grow), and these weights are "
                          f"where the solver stopped (tol={self.tol}), not an optimum; use lam > 0.",
                    "zh": f"拟合出的权重把训练数据的类别完全分开了，而 lam=0：此时 J 没有最小值（权重越大它越小），这些权重只是求解器停下的地方（tol={self.tol}），不是最优解；请用 lam > 0。"}),
                ConvergenceWarning, stacklevel=2)
        elif not converged:
            hint = (tr({"en": " With lam=0, J may have no minimum; use lam > 0.",
                        "zh": "lam=0 时 J 可能没有最小值；请用 lam > 0。"}) if self.lam == 0 else "")
            warnings.warn(
                tr({"en": f"LogisticRegression ({self.solver}) stopped at max_iter={max_iter} before the "
                          f"gradient was below tol={self.tol}; raise max_iter or tol, or standardise X."
                          + hint,
                    "zh": f"LogisticRegression（{self.solver}）在梯度小于 tol={self.tol} 之前就达到了 max_iter={max_iter}，停了下来；请增大 max_iter 或 tol，或对 X 做标准化。" + hint}), ConvergenceWarning, stacklevel=2)
        return self

    def _done(self, obj, W, n, P=None):
        g = obj.grad(W, P)
        return g, float(np.max(np.abs(g))) / n < self.tol

    def _newton(self, obj, W, max_iter, n):
        curve = [obj.value(W)]
        ridge = 1e-10 * n * (1.0 - obj.mask.ravel())      # the intercepts' null direction (softmax)
        for it in range(1, max_iter + 1):
            P = softmax(obj.logits(W))
            g, done = self._done(obj, W, n, P)
            if done:
                return W, curve, it - 1, True
            H = obj.hessian(W, P)
            H[np.diag_indices_from(H)] += ridge
            try:
                step = np.linalg.solve(H, g.ravel()).reshape(W.shape)
            except np.linalg.LinAlgError:
                step = np.linalg.lstsq(H, g.ravel(), rcond=None)[0].reshape(W.shape)
            f0, slope, t = curve[-1], float(np.sum(g * step)), 1.0
            while True:
                W_new = W - t * step
                f_new = obj.value(W_new)
                if f_new <= f0 - 1e-4 * t * slope or t < 1e-10:
                    break
                t *= 0.5
            W = W_new
            curve.append(f_new)
        _, done = self._done(obj, W, n)
        return W, curve, max_iter, done

    def _gd(self, obj, W, max_iter, n):
        eta = self.learning_rate if self.learning_rate is not None else 1.0 / obj.lipschitz()
        curve = [obj.value(W)]
        for it in range(1, max_iter + 1):
            g, done = self._done(obj, W, n)
            if done:
                return W, curve, it - 1, True
            W = W - eta * g
            f = obj.value(W)
            if not np.isfinite(f) or f > curve[0] * (1 + 1e-9) + 1e-12:
                # with a small enough step J never rises; above its starting value it diverges
                raise NbteachError(
                    tr({"en": f"gradient descent diverged at iteration {it} (J rose from {curve[0]:.6g} to "
                              f"{f:.6g}) with learning_rate={eta:g}: use a smaller step, or "
                              f"learning_rate=None for the safe step 1/L = {1.0 / obj.lipschitz():.3g}.",
                        "zh": f"梯度下降在第 {it} 次迭代发散（J 从 {curve[0]:.6g} 升到 {f:.6g}），learning_rate={eta:g}：请用更小的步长，或用 learning_rate=None 取安全步长 1/L = {1.0 / obj.lipschitz():.3g}。"}))
            curve.append(f)
        _, done = self._done(obj, W, n)
        return W, curve, max_iter, done

    def _lbfgs(self, obj, W, max_iter, n):
        try:
            from scipy.optimize import minimize   # heavy, and only for solver="lbfgs"
        except ImportError:  # pragma: no cover - scipy comes with scikit-learn
            raise NbteachError(tr({"en": "solver='lbfgs' needs scipy (pip install scipy); "
                                         "solver='newton' needs nothing more.",
                                   "zh": "solver='lbfgs' 需要 scipy（pip install scipy）；solver='newton' 不需要其他包。"})) from None
        shape = W.shape
        curve = [obj.value(W)]

        def fun(w):
            Wm = w.reshape(shape)
            return obj.value(Wm), obj.grad(Wm).ravel()

        res = minimize(fun, W.ravel(), jac=True, method="L-BFGS-B",
                       callback=lambda w: curve.append(obj.value(w.reshape(shape))),
                       options={"maxiter": max_iter, "gtol": self.tol * n, "ftol": 0.0,
                                "maxls": 50, "maxcor": 30})
        W = res.x.reshape(shape)
        _, done = self._done(obj, W, n)
        return W, curve, int(res.nit), bool(done or (res.success and res.nit < max_iter))

    # -- prediction: predict, predict_proba and predict_log_proba are _BaseNB's --------
    def _check_X(self, X):
        return validate_data(self, X, reset=False)

    def _joint_log_likelihood(self, X):
        """The class scores z_c = w_c.x + b_c, one column per class (two classes: 0 for
        classes_[0], the reference); log P(c | x) = z_c - log sum_c' exp z_c', as naive
        Bayes normalises its joint log-likelihood."""
        Z = X @ self.coef_.T + self.intercept_
        if len(self.classes_) == 2:
            Z = Z.ravel()
            return np.column_stack([np.zeros_like(Z), Z])
        return Z

    def decision_function(self, X):
        """w.x + b: shape (n,) for two classes (the log odds of classes_[1]), else (n, K)."""
        Z = self.predict_joint_log_proba(X)
        return Z[:, 1] if len(self.classes_) == 2 else Z

    def objective(self, X, y):
        """J(W) of the fitted weights on (X, y): the summed negative log-likelihood plus
        lam/2 ||coef_||^2 (what ``loss_curve_`` records while fitting)."""
        check_is_fitted(self, "coef_")
        X = validate_data(self, X, reset=False)
        idx = np.searchsorted(self.classes_, np.asarray(y))
        if np.any(idx >= len(self.classes_)) or np.any(self.classes_[np.minimum(idx, len(self.classes_) - 1)] != np.asarray(y)):
            raise NbteachError(tr({"en": f"y holds labels that are not among classes_ {list(self.classes_)}.",
                                   "zh": f"y 中有不在 classes_ {list(self.classes_)} 之中的标记。"}))
        logp = self.predict_log_proba(X)
        return float(-logp[np.arange(len(idx)), idx].sum()
                     + 0.5 * float(self.lam) * np.sum(self.coef_ ** 2))
