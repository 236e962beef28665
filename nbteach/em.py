"""Naive Bayes from a few labelled and many unlabelled documents, by EM (Zhou 7.6).

Nigam, McCallum, Thrun & Mitchell (2000), "Text classification from labeled and unlabeled
documents using EM": the multinomial naive Bayes of notes 003/004, with the class of every
unlabelled document a hidden variable (隐变量). In the notes' notation (pi_c the class prior,
theta_{c,i} the probability of word i in class c, x_{d,i} the count of word i in document d):

* **start**: fit on the labelled documents only (``MultinomialNB``);
* **E-step**: give every unlabelled document d a class distribution, its posterior under the
  current parameters,

      gamma_{d,c} = P(c | x_d) = pi_c prod_i theta_{c,i}^{x_{d,i}} / sum_c' (same for c');

  a labelled document keeps gamma_{d,c} = 1 for its own class, 0 for the others;
* **M-step**: count again, each document counted fractionally, gamma_{d,c} of it in class c,

      n_c = sum_d gamma_{d,c},   N_{c,i} = sum_d gamma_{d,c} x_{d,i},
      pi_c = n_c / n,            theta_{c,i} = (N_{c,i} + alpha) / (sum_i' N_{c,i'} + alpha M)

  (the counting of ``MultinomialNB``, with the one-hot label matrix Y replaced by gamma:
  ``feature_count_ = gamma.T @ X``);
* repeat until the objective below stops rising.

Nigam et al.'s EM-lambda (their section 5.3) counts an unlabelled document only lambda of a
labelled one, 0 <= lambda <= 1 (``unlabelled_weight``): in the M-step its gamma_{d,c} is
multiplied by lambda,

      n_c = sum_{labelled d} [y_d = c] + lambda sum_{unlabelled d} gamma_{d,c},
      N_{c,i} = sum_{labelled d} [y_d = c] x_{d,i} + lambda sum_{unlabelled d} gamma_{d,c} x_{d,i},

and pi_c = n_c / (n_labelled + lambda n_unlabelled). lambda = 1 is the EM above; lambda = 0 is
naive Bayes on the labelled documents alone. When the unlabelled documents do not fit the model
(one mixture component per class), a lambda below 1 keeps them from outvoting the labels; Nigam
et al. choose lambda by cross-validation on the labelled documents.

The objective EM maximises (the MAP objective: Lidstone alpha is the mode of a Dirichlet
prior with parameters alpha + 1 on every theta_c, and the prior pi gets no prior):

    L = sum_{labelled d} log (pi_{y_d} P(x_d | y_d))
        + lambda sum_{unlabelled d} log sum_c pi_c P(x_d | c)
        + alpha sum_c sum_i log theta_{c,i},

with log P(x | c) = sum_i x_i log theta_{c,i} (the multinomial coefficient, the same for
every parameter value, is left out). Each EM iteration never lowers L (Dempster, Laird &
Rubin 1977); ``loss_curve_`` records it, and the tests check that it never decreases.
"""
from __future__ import annotations

import numbers
from collections import Counter

import numpy as np

import pandas as pd

from ._base import NbteachError, log_sum_exp
from ._shown import shown
from .counts import class_feature_counts, one_hot
from .evaluation import sign_test
from ._validation import (check_alpha, check_array, check_n_labelled, check_y, refuse_missing_labels,
                          validate_data)
from .multinomial import MultinomialNB
from .realdata import food_reviews
from .text import count_matrix, tokenize
from .i18n import tr

__all__ = ["SemiSupervisedNB", "UNLABELLED", "mixture_documents", "draw_labelled", "em_learning_curve",
           "em_against_labelled_only", "unlabelled_weight_cv", "review_word_counts"]

#: The label of an unlabelled row (scikit-learn's convention, as in SelfTrainingClassifier).
UNLABELLED = -1


def _unlabelled_mask(y) -> np.ndarray:
    """True where the label is -1 (the integer, the float -1.0 or the text "-1")."""
    arr = np.asarray(y)
    if arr.ndim == 2 and arr.shape[1] == 1:
        arr = arr.ravel()
    if arr.dtype.kind in "iuf":
        return arr == UNLABELLED
    if arr.dtype.kind in "US":
        return arr.astype(str) == str(UNLABELLED)
    if arr.dtype.kind == "O":                   # element by element, in numpy's loop: True == -1 is False
        return (arr == UNLABELLED) | (arr == str(UNLABELLED))
    return np.zeros(arr.shape, dtype=bool)


class SemiSupervisedNB(MultinomialNB):
    """Multinomial naive Bayes trained by EM on labelled and unlabelled rows (label -1).

    The model is ``MultinomialNB``'s (same ``predict``, ``predict_proba``, fitted
    attributes); only the training differs: see the module's docstring for the E- and
    M-steps and the objective. With no unlabelled row, ``fit`` is ``MultinomialNB.fit``.

    Parameters
    ----------
    alpha : float, default 1.0
        Lidstone pseudo-count added to every (fractional) class-word count; 1 is Laplace.
    max_iter : int, default 100
        The most EM iterations (each one E-step and one M-step); 0 keeps the labelled-only model.
    tol : float, default 1e-6
        Stop when an iteration raises the objective by less than ``tol * max(1, |L|)``.
    unlabelled_weight : float in [0, 1], default 1.0
        Nigam et al.'s lambda: how much an unlabelled row counts in the M-step, relative to a
        labelled row (its gamma_{d,c} is multiplied by it, and so is its term of L). 1 is plain
        EM; 0 gives ``MultinomialNB`` on the labelled rows (EM then has nothing to iterate on).

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        The labels of the labelled rows (never -1).
    class_count_ : ndarray of shape (n_classes,)
        n_c = sum_d w_d gamma_{d,c}: labelled rows count 1 in their class, unlabelled rows
        fractionally (w_d = 1 for a labelled row, ``unlabelled_weight`` for an unlabelled one).
    feature_count_ : ndarray of shape (n_classes, n_features)
        N_{c,i} = sum_d w_d gamma_{d,c} x_{d,i}.
    class_log_prior_, feature_log_prob_ : as ``MultinomialNB`` (log pi_c, log theta_{c,i}).
    loss_curve_ : list of float
        The objective L (a log-likelihood plus the Dirichlet prior term: larger is better)
        of the starting model and after each iteration: ``n_iter_ + 1`` values, never
        decreasing.
    n_iter_ : int
        The EM iterations run: at least 1 unless ``max_iter=0`` (with no unlabelled row, the
        one iteration finds the labelled-only model a fixed point and stops).
    converged_ : bool
        Whether the last iteration raised L by less than the tolerance (False when
        ``max_iter`` stopped it first; True when there was nothing to iterate on).
    label_distributions_ : ndarray of shape (n_samples, n_classes)
        gamma, as the last M-step counted it: one-hot for labelled rows; for unlabelled rows
        the class distribution of the last E-step (rows of 0 before the first E-step), before
        ``unlabelled_weight`` multiplies it.
    n_labelled_, n_unlabelled_ : int
    n_features_in_ : int

    Notes
    -----
    scikit-learn's ``check_estimator(SemiSupervisedNB(),
    expected_failed_checks=SemiSupervisedNB.sklearn_expected_failed_checks)`` passes every check
    but the one ``sklearn_expected_failed_checks`` names with its reason: -1 in ``y`` marks an
    unlabelled row.

    Examples
    --------
    Two labelled documents and three unlabelled ones over (cheap, price, meeting, lunch):

    >>> X = [[3, 1, 0, 0], [0, 0, 2, 1], [2, 2, 0, 0], [0, 1, 1, 2], [1, 1, 0, 0]]
    >>> y = ["spam", "ham", -1, -1, -1]
    >>> em = SemiSupervisedNB(alpha=1.0).fit(X, y)
    >>> em.classes_.tolist(), em.n_labelled_, em.n_unlabelled_
    (['ham', 'spam'], 2, 3)
    >>> em.predict([[0, 0, 0, 3], [0, 3, 0, 0]]).tolist()
    ['ham', 'spam']
    >>> bool(np.all(np.diff(em.loss_curve_) >= 0))   # EM never lowers its objective
    True
    """

    #: scikit-learn's estimator checks that cannot apply to this model, each with its reason: what
    #: to pass as ``check_estimator``'s (and ``parametrize_with_checks``') ``expected_failed_checks``.
    #: An estimator's tags carried this dict (``_xfail_checks``) until scikit-learn 1.6; its Tags
    #: have no such field since (scikit-learn PR 30149), and the caller passes it. scikit-learn's own
    #: semi-supervised estimators are given the labels 0 and 1 instead, by name, in this check.
    sklearn_expected_failed_checks = {
        "check_classifiers_classes": (
            "-1 in y marks an unlabelled row (scikit-learn's convention, as in SelfTrainingClassifier "
            "and LabelPropagation): trained on the labels -1 and 1, the model has one class, 1, and "
            "unlabelled rows, where the check expects the classes -1 and 1"),
    }

    def __init__(self, alpha=1.0, max_iter=100, tol=1e-6, unlabelled_weight=1.0):
        self.alpha = alpha
        self.max_iter = max_iter
        self.tol = tol
        self.unlabelled_weight = unlabelled_weight

    # MultinomialNB's prior rule (class_log_prior reads these): pi_c = n_c / n
    fit_prior = True
    class_prior = None

    def _check_params(self):
        alpha = float(check_alpha(self.alpha))
        it = self.max_iter
        if isinstance(it, bool) or not isinstance(it, numbers.Integral) or it < 0:
            raise NbteachError(tr({"en": f"max_iter must be a whole number >= 0 (the most EM iterations; "
                                         f"0 keeps the labelled-only model), got {it!r}.",
                                   "zh": f"max_iter 必须是 >= 0 的整数（EM 迭代的最多次数；0 则保留只用有标记样本训练的模型），你给的是 {it!r}。"}))
        tol = self.tol
        if isinstance(tol, bool) or not isinstance(tol, numbers.Real) or not (0 <= tol < np.inf):
            raise NbteachError(tr({"en": f"tol must be a finite number >= 0 (stop when an iteration raises "
                                         f"the objective by less than tol * max(1, |L|)), got {tol!r}.",
                                   "zh": f"tol 必须是 >= 0 的有限数（一次迭代使目标函数的增加小于 tol * max(1, |L|) 时停止），你给的是 {tol!r}。"}))
        weight = self.unlabelled_weight
        if isinstance(weight, bool) or not isinstance(weight, numbers.Real) or not (0 <= weight <= 1):
            raise NbteachError(tr({"en": f"unlabelled_weight must be a number from 0 to 1 (Nigam et al.'s lambda: how "
                                         f"much an unlabelled row counts in the M-step; 0 leaves them out, 1 counts "
                                         f"them as much as a labelled row), got {weight!r}.",
                                   "zh": f"unlabelled_weight 必须是 0 到 1 之间的数（Nigam 等人的 lambda：M 步中一个未标记样本"
                                         f"相对于有标记样本计入的权重；0 不计入未标记样本，1 与有标记样本同等计入），你给的是 {weight!r}。"}))
        return alpha, int(it), float(tol), float(weight)

    def _split(self, X, y):
        """Validate; return X, the labelled mask, the classes and each labelled row's class index."""
        X = validate_data(self, X, reset=True, positive=True)
        if y is None:
            raise NbteachError(tr({"en": "SemiSupervisedNB requires y to be passed, but the target y is None: "
                                         "give one label per row of X, -1 for an unlabelled row.",
                                   "zh": "SemiSupervisedNB 需要传入 y，但 y 是 None：请为 X 的每一行给出一个标记，未标记的行记为 -1（requires y to be passed, but the target y is None）。"}))
        y_arr = np.asarray(y, dtype=object) if not isinstance(y, np.ndarray) else y
        if y_arr.ndim == 2 and y_arr.shape[1] == 1:
            check_y(y, X.shape[0], self)            # the column-vector warning, as MultinomialNB
            y_arr = y_arr.ravel()
        if y_arr.ndim != 1:
            raise NbteachError(tr({"en": f"y should be a 1d array of class labels (-1 for unlabelled rows), "
                                         f"got shape {y_arr.shape}.",
                                   "zh": f"y 应当是一维的类别标记数组（未标记的行记为 -1），你给的形状是 {y_arr.shape}（y should be a 1d array）。"}))
        if y_arr.shape[0] != X.shape[0]:
            raise NbteachError(tr({"en": f"X has {X.shape[0]} rows but y has {y_arr.shape[0]} labels: give one "
                                         "label per row of X, -1 for an unlabelled row.",
                                   "zh": f"X 有 {X.shape[0]} 行，但 y 有 {y_arr.shape[0]} 个标记：请为 X 的每一行给出一个标记，未标记的行记为 -1。"}))
        refuse_missing_labels(y_arr)                # None/NaN is a missing label, not "unlabelled"
        unlabelled = _unlabelled_mask(y_arr)
        labelled = ~unlabelled
        if not labelled.any():
            raise NbteachError(
                tr({"en": f"Every row of y is -1 (unlabelled), so there is no class to learn: EM starts from "
                          f"the labelled rows. Label at least one row of each class ({X.shape[0]} rows, 0 labelled).",
                    "zh": f"y 的每一行都是 -1（未标记），没有类别可学：EM 从有标记的行开始。请至少为每个类别标记一行（共 {X.shape[0]} 行，已标记 0 行）。"}))
        y_lab = y_arr[labelled]
        if y_arr.dtype.kind == "O":                 # strings and the integer -1 mixed: keep the strings
            try:
                y_lab = np.asarray(y_lab.tolist())
            except Exception:  # noqa: BLE001 - check_y reports what is wrong
                pass
        classes, y_index = check_y(y_lab, int(labelled.sum()), self)
        return X, labelled, classes, y_index

    def em_steps(self, X, y):
        """Fit step by step: yield ``self`` after the start and after every EM iteration.

        ``fit`` runs this to the end. A lesson or a widget can look at the model (predict,
        ``loss_curve_``) between iterations::

            for model in SemiSupervisedNB(max_iter=10).em_steps(X, y):
                print(model.n_iter_, model.score(X_test, y_test))
        """
        alpha, max_iter, tol, weight = self._check_params()
        X, labelled, classes, y_index = self._split(X, y)
        X_l, X_u = X[labelled], X[~labelled]
        K = len(classes)
        Y_l = one_hot(y_index, K)
        self.n_labelled_, self.n_unlabelled_ = int(labelled.sum()), int((~labelled).sum())
        for name in ("loss_curve_", "n_iter_", "converged_", "label_distributions_"):
            self.__dict__.pop(name, None)

        # start: labelled rows only, i.e. gamma one-hot for them and 0 for the unlabelled rows
        # (MultinomialNB's counting and smoothing on the labelled rows)
        self.classes_ = classes
        self.n_features_in_ = X.shape[1]
        gamma = np.zeros((X.shape[0], K))
        gamma[labelled] = Y_l
        self._m_step(gamma, X, alpha, labelled, weight)
        jll_u, norm_u = self._score(X_u)
        self.loss_curve_ = [self._objective(Y_l, X_l, norm_u, alpha, weight)]
        self.n_iter_ = 0
        nothing_to_iterate = self.n_unlabelled_ == 0 or weight == 0    # the unlabelled rows count 0
        self.converged_ = nothing_to_iterate
        yield self
        # with nothing to iterate on the first iteration changes nothing (M: the same counts)
        for _ in range(min(max_iter, 1) if nothing_to_iterate else max_iter):
            # E-step: P(c | x_d) for every unlabelled row under the current parameters
            if weight > 0 and not np.all(np.isfinite(norm_u)):
                self._normalise(jll_u)                # a row no class can explain: says what to fix
            gamma = gamma.copy()
            with np.errstate(invalid="ignore"):       # weight 0: a row no class explains counts 0
                gamma[~labelled] = np.exp(jll_u - norm_u[:, None])
            # M-step: fractional counts (the unlabelled rows' times the weight), smoothed
            self._m_step(gamma, X, alpha, labelled, weight)
            jll_u, norm_u = self._score(X_u)
            new = self._objective(Y_l, X_l, norm_u, alpha, weight)
            old = self.loss_curve_[-1]
            self.loss_curve_.append(new)
            self.n_iter_ += 1
            self.converged_ = bool(new - old < tol * max(1.0, abs(new))) or nothing_to_iterate
            yield self
            if self.converged_:
                return

    def fit(self, X, y):
        """Fit by EM: start from the labelled rows, then alternate E- and M-steps.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features), non-negative counts
        y : array-like of shape (n_samples,), the class of each row, -1 where unknown
        """
        for _ in self.em_steps(X, y):
            pass
        return self

    def _m_step(self, gamma, X, alpha, labelled, weight):
        """n_c = sum_d w_d gamma_{d,c} and N_{c,i} = sum_d w_d gamma_{d,c} x_{d,i}: MultinomialNB's
        counting (count_by_class: Y.T @ X) with the one-hot Y replaced by gamma, each unlabelled
        row's times ``weight`` (Nigam's lambda); then its smoothing."""
        self.label_distributions_ = gamma
        counted = gamma
        if weight != 1:
            counted = gamma.copy()
            counted[~labelled] = 0.0 if weight == 0 else weight * gamma[~labelled]
        self.class_count_, self.feature_count_ = class_feature_counts(counted, len(self.classes_), X)
        self._update_log_probs(alpha)

    def _score(self, X_u):
        """jll_c(x_d) = log pi_c + sum_i x_{d,i} log theta_{c,i} of the unlabelled rows, and
        log P(x_d) = log sum_c exp jll_c(x_d): the E-step's numerator and denominator, and the
        unlabelled rows' share of L."""
        jll_u = self._joint_log_likelihood(X_u)
        # summed over the classes as rows of the transpose: numpy's reduction over a short last
        # axis is several times slower than over the first axis of a contiguous array
        return jll_u, log_sum_exp(np.ascontiguousarray(jll_u.T), axis=0)

    def _objective(self, Y_l, X_l, norm_u, alpha, weight):
        """L: labelled and (weighted) unlabelled log-likelihood, plus alpha * sum log theta (the prior)."""
        jll_l = self._joint_log_likelihood(X_l)
        with np.errstate(invalid="ignore"):
            labelled = float(np.sum(np.where(Y_l > 0, jll_l, 0.0)))
        unlabelled = weight * float(np.sum(norm_u)) if weight > 0 else 0.0
        prior = alpha * float(np.sum(self.feature_log_prob_)) if alpha > 0 else 0.0
        return labelled + unlabelled + prior


def mixture_documents(n_docs, n_classes=2, n_words=20, doc_length=20, separation=0.5,
                      class_prior=None, model_state=0, random_state=None):
    """Documents drawn from a multinomial naive Bayes model: the data EM's assumptions fit.

    The model (fixed by ``model_state``, so that training and test draws share it): a common
    word distribution b ~ Dirichlet(1, ..., 1) and, for each class c, its own d_c ~ Dirichlet(1,
    ..., 1); theta_c = (1 - separation) b + separation d_c. A document picks its class with
    probability ``class_prior`` (uniform by default), then ``doc_length`` words independently
    from theta_c (the two assumptions of note 004, true by construction).

    Returns
    -------
    X : ndarray of shape (n_docs, n_words), word counts (floats)
    y : ndarray of str, the class of each document, ``"c0"``, ``"c1"``, ...

    >>> X, y = mixture_documents(5, random_state=0)
    >>> X.shape, X.sum(axis=1).tolist()
    ((5, 20), [20.0, 20.0, 20.0, 20.0, 20.0])
    """
    for name, value, low in (("n_docs", n_docs, 1), ("n_classes", n_classes, 2),
                             ("n_words", n_words, 1), ("doc_length", doc_length, 1)):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < low:
            raise NbteachError(tr({"en": f"{name} must be a whole number >= {low}, got {value!r}.",
                                   "zh": f"{name} 必须是 >= {low} 的整数，你给的是 {value!r}。"}))
    if isinstance(separation, bool) or not isinstance(separation, numbers.Real) or not 0 <= separation <= 1:
        raise NbteachError(tr({"en": f"separation must be a number in [0, 1] (0: every class uses the same words, "
                                     f"1: each class its own distribution), got {separation!r}.",
                               "zh": f"separation 必须是 [0, 1] 之内的数（0：各类用词相同；1：各类用词的分布各不相同），你给的是 {separation!r}。"}))
    if class_prior is None:
        prior = np.full(n_classes, 1.0 / n_classes)
    else:
        prior = np.asarray(class_prior, dtype=float)
        if prior.shape != (n_classes,) or np.any(prior < 0) or not np.isclose(prior.sum(), 1.0):
            raise NbteachError(tr({"en": f"class_prior must hold {n_classes} non-negative probabilities that sum "
                                         f"to 1 (one per class), got {class_prior!r}.",
                                   "zh": f"class_prior 必须是 {n_classes} 个非负且和为 1 的概率（每类一个），你给的是 {class_prior!r}。"}))
    model = np.random.default_rng(model_state)
    base = model.dirichlet(np.ones(n_words))
    theta = (1 - separation) * base + separation * model.dirichlet(np.ones(n_words), size=n_classes)
    rng = np.random.default_rng(random_state)
    labels = rng.choice(n_classes, size=n_docs, p=prior)
    X = np.stack([rng.multinomial(doc_length, theta[c]) for c in labels]).astype(float)
    return X, np.array([f"c{c}" for c in labels])


def draw_labelled(y, n_labelled, rng):
    """Row indices of ``n_labelled`` rows drawn at random, redrawn until every class of ``y``
    has at least one (EM starts from the labelled rows and cannot invent a class)."""
    y = np.asarray(y)
    classes = np.unique(y)
    if isinstance(n_labelled, bool) or not isinstance(n_labelled, numbers.Integral) \
            or not len(classes) <= n_labelled <= len(y):
        raise NbteachError(tr({"en": f"n_labelled must be a whole number from {len(classes)} (one row per class) "
                                     f"to {len(y)} (every training row), got {n_labelled!r}.",
                               "zh": f"n_labelled 必须是从 {len(classes)}（每类一行）到 {len(y)}（全部训练行）之间的整数，你给的是 {n_labelled!r}。"}))
    for _ in range(10_000):
        idx = rng.choice(len(y), int(n_labelled), replace=False)
        if len(np.unique(y[idx])) == len(classes):
            return np.sort(idx)
    raise NbteachError(tr({"en": f"{n_labelled} rows drawn at random never held every class: label more rows.",
                           "zh": f"随机抽取的 {n_labelled} 行从未包含所有类别：请标记更多的行。"}))


def em_learning_curve(X_train, y_train, X_test, y_test, n_labelled=(5, 10, 20, 50, 100),
                      n_draws=10, max_iter=10, alpha=1.0, random_state=0):
    """Held-out accuracy of EM, iteration by iteration, for few labelled rows and many unlabelled.

    For each number of labelled rows and each of ``n_draws`` random draws of them
    (:func:`draw_labelled`; every other training row is given unlabelled), run
    ``SemiSupervisedNB(alpha, max_iter, tol=0)`` and score every iteration on the test rows.
    Iteration 0 is the start, naive Bayes on the labelled rows only: the baseline. Should EM
    reach a fixed point before ``max_iter``, the remaining iterations repeat its last numbers.

    Returns
    -------
    DataFrame with columns ``n_labelled``, ``draw``, ``iteration``, ``accuracy`` (on the test
    rows) and ``objective`` (``loss_curve_``'s value at that iteration).

    >>> X, y = mixture_documents(200, random_state=0)
    >>> Xt, yt = mixture_documents(100, random_state=1)
    >>> curve = em_learning_curve(X, y, Xt, yt, n_labelled=[4], n_draws=2, max_iter=3)
    >>> curve.shape, int(curve["iteration"].max())
    ((8, 5), 3)
    """

    X_train = check_array(X_train, SemiSupervisedNB(), fitting=True, positive=True)
    y_train = np.asarray(y_train)
    if y_train.shape != (X_train.shape[0],):
        raise NbteachError(tr({"en": f"y_train must hold one label per training row ({X_train.shape[0]}), "
                                     f"got shape {y_train.shape}.",
                               "zh": f"y_train 必须每个训练行一个标记（{X_train.shape[0]} 个），你给的形状是 {y_train.shape}。"}))
    if np.any(_unlabelled_mask(y_train)):
        raise NbteachError(tr({"en": "y_train must be fully labelled (no -1): the curve hides labels itself, "
                                     "draw by draw, and scores EM against the true ones.",
                               "zh": "y_train 必须全部有标记（没有 -1）：学习曲线会逐次抽取、自行隐去标记，再用真实标记给 EM 评分。"}))
    if isinstance(n_draws, bool) or not isinstance(n_draws, numbers.Integral) or n_draws < 1:
        raise NbteachError(tr({"en": f"n_draws must be a whole number >= 1, got {n_draws!r}.",
                               "zh": f"n_draws 必须是 >= 1 的整数，你给的是 {n_draws!r}。"}))
    n_labelled = check_n_labelled(n_labelled)
    rng = np.random.default_rng(random_state)
    X_test = check_array(X_test, SemiSupervisedNB(), fitting=True, positive=True)
    y_test = np.asarray(y_test)
    if X_test.shape[1] != X_train.shape[1] or y_test.shape != (X_test.shape[0],):
        raise NbteachError(tr({"en": f"X_test must have the training columns ({X_train.shape[1]}) and y_test one "
                                     f"label per test row: got X_test {X_test.shape}, y_test {y_test.shape}.",
                               "zh": f"X_test 必须有与训练数据相同的列（{X_train.shape[1]} 列），y_test 必须每个测试行一个标记：你给的是 X_test {X_test.shape}、y_test {y_test.shape}。"}))
    rows = []
    for n in n_labelled:
        for draw in range(n_draws):
            idx = draw_labelled(y_train, n, rng)
            y_semi = np.full(len(y_train), UNLABELLED, dtype=object)
            y_semi[idx] = y_train[idx]
            model = SemiSupervisedNB(alpha=alpha, max_iter=max_iter, tol=0)
            for step in model.em_steps(X_train, y_semi):
                row = (int(n), draw, step.n_iter_, step.score(X_test, y_test), step.loss_curve_[-1])
                rows.append(row)
            # at a fixed point EM stops early: the model, and so every number, stays as it is
            rows.extend((*row[:2], it, *row[3:]) for it in range(row[2] + 1, int(max_iter) + 1))
    return pd.DataFrame(rows, columns=["n_labelled", "draw", "iteration", "accuracy", "objective"])


def em_against_labelled_only(curve, iteration=None):
    """Summarise :func:`em_learning_curve`: for each number of labelled rows, the accuracy of
    labelled-only naive Bayes (iteration 0) and of EM (at ``iteration``, the last by default),
    each as mean and standard deviation over the draws (ddof 1), and their paired difference
    with the two-sided p-value of the sign test on it (:func:`nbteach.evaluation.sign_test`).
    The draws are independent draws of which training rows keep their label, from the same
    training rows and scored on the same test rows: the sign test's null is about such draws
    (EM and naive Bayes each ahead with probability 1/2 among untied draws), not about other data.

    Returns
    -------
    DataFrame indexed by ``n_labelled`` with columns ``naive Bayes mean``, ``naive Bayes sd``,
    ``EM mean``, ``EM sd``, ``EM - NB mean``, ``EM - NB sd``, ``draws EM ahead``, ``draws``,
    ``sign test p``.
    """
    last = int(curve["iteration"].max())
    it = last if iteration is None else iteration
    if isinstance(it, bool) or not isinstance(it, numbers.Integral) or not 0 <= it <= last:
        raise NbteachError(tr({"en": f"iteration must be a whole number from 0 to {last}, got {iteration!r}.",
                               "zh": f"iteration 必须是 0 到 {last} 之间的整数，你给的是 {iteration!r}。"}))
    table = curve.pivot_table(index=["n_labelled", "draw"], columns="iteration", values="accuracy")
    nb, em = table[0], table[it]
    diff = em - nb
    by = lambda s: s.groupby(level="n_labelled")  # noqa: E731

    out = pd.DataFrame({
        "naive Bayes mean": by(nb).mean(), "naive Bayes sd": by(nb).std(ddof=1),
        "EM mean": by(em).mean(), "EM sd": by(em).std(ddof=1),
        "EM - NB mean": by(diff).mean(), "EM - NB sd": by(diff).std(ddof=1),
        "draws EM ahead": by(diff > 0).sum().astype(int), "draws": by(diff).size(),
        "sign test p": pd.Series({n: sign_test(em.loc[n].to_numpy(), nb.loc[n].to_numpy())["p-value"]
                                  for n in nb.index.unique(level="n_labelled")}).rename_axis("n_labelled"),
    })
    return shown(out, *out.columns, "n_labelled")


def unlabelled_weight_cv(X, y, weights=(0.0, 0.1, 0.3, 1.0), n_folds=3, random_state=None, **params):
    """Nigam et al.'s choice of lambda: each ``unlabelled_weight`` scored by cross-validation on
    the labelled rows only.

    The labelled rows of ``y`` (every row whose label is not -1) are dealt into ``n_folds``
    folds, class by class (stratified; the order within a class at random). For each fold and
    each weight: ``SemiSupervisedNB(unlabelled_weight=weight, **params)`` is fitted on all of X
    with that fold's labels hidden as well (its rows join the unlabelled ones), and scored by
    accuracy on that fold's rows against their labels. No row outside X is ever looked at, so
    a test set stays untouched by the choice.

    Parameters
    ----------
    X, y : as ``SemiSupervisedNB.fit`` (-1 for an unlabelled row)
    weights : the candidate lambdas, each in [0, 1]
    n_folds : int >= 2
    random_state : seed or numpy Generator, for the order within each class
    **params : the other parameters of ``SemiSupervisedNB`` (alpha, max_iter, tol)

    Returns
    -------
    DataFrame indexed by ``unlabelled_weight`` (ascending), with one column of accuracy per fold
    (``fold 1``, ...), their ``mean`` and their ``sd`` (ddof 1: the folds are a sample). The
    chosen weight is ``table["mean"].idxmax()``: on a tie the smallest, which trusts the labels.

    >>> X, y = mixture_documents(60, random_state=0)
    >>> y_semi = np.where(np.arange(60) < 12, y.astype(object), -1)
    >>> unlabelled_weight_cv(X, y_semi, weights=[0, 1], n_folds=3, random_state=0).shape
    (2, 5)
    """
    if isinstance(n_folds, bool) or not isinstance(n_folds, numbers.Integral) or n_folds < 2:
        raise NbteachError(tr({"en": f"n_folds must be a whole number >= 2, got {n_folds!r}.",
                               "zh": f"n_folds 必须是 >= 2 的整数，你给的是 {n_folds!r}。"}))
    try:
        grid = sorted({float(w) for w in weights})
    except (TypeError, ValueError):
        grid = None
    if not grid or any(not 0 <= w <= 1 for w in grid):
        raise NbteachError(tr({"en": f"weights must be a non-empty list of numbers from 0 to 1 (the candidate "
                                     f"values of unlabelled_weight), got {weights!r}.",
                               "zh": f"weights 必须是由 0 到 1 之间的数组成的非空列表（unlabelled_weight 的候选值），"
                                     f"你给的是 {weights!r}。"}))
    unknown = set(params) - {"alpha", "max_iter", "tol"}
    if unknown:
        raise NbteachError(tr({"en": f"unlabelled_weight_cv passes alpha, max_iter and tol to SemiSupervisedNB and "
                                     f"tries every weight itself; it takes no {', '.join(sorted(unknown))}.",
                               "zh": f"unlabelled_weight_cv 只把 alpha、max_iter 和 tol 传给 SemiSupervisedNB，"
                                     f"各个权重由它自己逐一尝试；它不接受 {', '.join(sorted(unknown))}。"}))
    model = SemiSupervisedNB(**params)
    model._check_params()
    X, labelled, classes, y_index = model._split(X, y)
    rows = np.flatnonzero(labelled)
    counts = np.bincount(y_index, minlength=len(classes))
    if counts.min() < 2 or len(rows) < n_folds:
        raise NbteachError(tr({"en": f"Cross-validation needs at least 2 labelled rows of every class (so that each "
                                     f"fold's training part keeps every class) and at least n_folds = {n_folds} "
                                     f"labelled rows; the labelled rows per class are "
                                     f"{dict(zip(classes.tolist(), counts.tolist()))}.",
                               "zh": f"交叉验证要求每个类别至少有 2 个有标记的行（这样每一折的训练部分都保有每个类别），"
                                     f"且有标记的行不少于 n_folds = {n_folds} 个；现在各类别有标记的行数为 "
                                     f"{dict(zip(classes.tolist(), counts.tolist()))}。"}))
    rng = np.random.default_rng(random_state)
    order = np.concatenate([rng.permutation(np.flatnonzero(y_index == k)) for k in range(len(classes))])
    fold = np.empty(len(rows), dtype=int)
    fold[order] = np.arange(len(rows)) % n_folds     # dealt in turn: every class spread over the folds
    y_semi = np.full(X.shape[0], UNLABELLED, dtype=object)
    y_semi[rows] = classes[y_index]
    scores = np.empty((len(grid), n_folds))
    for f in range(n_folds):
        held = rows[fold == f]
        y_f = y_semi.copy()
        y_f[held] = UNLABELLED
        truth = classes[y_index[fold == f]]
        for j, w in enumerate(grid):
            fitted = SemiSupervisedNB(**params, unlabelled_weight=w).fit(X, y_f)
            scores[j, f] = float(np.mean(fitted.predict(X[held]) == truth))
    out = pd.DataFrame(scores, index=pd.Index(grid, name="unlabelled_weight"),
                       columns=[f"fold {f + 1}" for f in range(n_folds)])
    out["mean"] = scores.mean(axis=1)
    out["sd"] = scores.std(axis=1, ddof=1)
    return shown(out, *out.columns)


def review_word_counts(n_words=1000):
    """The food reviews (lesson 06) as word counts over their ``n_words`` most common words.

    The vocabulary is the words in the most training reviews (document frequency, ties in
    order of first appearance); ``nbteach.text.count_matrix`` counts them. The data's own
    split: 4,000 training reviews of 10 products, 1,000 test reviews of 500 other products.

    Returns
    -------
    X_train, y_train, X_test, y_test, vocabulary (list of the words, in column order)
    """
    if isinstance(n_words, bool) or not isinstance(n_words, numbers.Integral) or n_words < 1:
        raise NbteachError(tr({"en": f"n_words must be a whole number >= 1, got {n_words!r}.",
                               "zh": f"n_words 必须是 >= 1 的整数，你给的是 {n_words!r}。"}))
    train, y_train = food_reviews("train")
    test, y_test = food_reviews("test")
    df = Counter(w for doc in train for w in dict.fromkeys(tokenize(doc)))
    words = [w for w, _ in df.most_common(int(n_words))]
    vocab = {w: i for i, w in enumerate(words)}
    return (count_matrix(train, vocab).astype(float), y_train,
            count_matrix(test, vocab).astype(float), y_test, words)
