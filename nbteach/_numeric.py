"""Checks and helpers shared by the numeric naive Bayes estimators.

Private to nbteach: MultinomialNB, BernoulliNB and GaussianNB validate ``X`` and ``y``
here, so every bad input gets the same clear :class:`~nbteach._base.NbteachError`.
Messages also contain the phrases scikit-learn uses for the same mistakes
("Negative values in data passed to", "Reshape your data", ...), so tools written
for scikit-learn's errors recognise ours.
"""
from __future__ import annotations

import warnings

import numpy as np

from ._base import NbteachError, log_sum_exp


class NbteachTypeError(NbteachError, TypeError):
    """Input of the wrong type (text where numbers are needed, a dict, ...)."""


def _is_sparse(X) -> bool:
    return type(X).__module__.startswith("scipy.sparse")


def check_X(X, estimator, *, fitting: bool, positive: bool = False):
    """Return ``X`` as a finite 2-D float64 array, or raise a message saying what to fix.

    When not fitting, the number of columns must equal ``estimator.n_features_in_``.
    """
    name = type(estimator).__name__
    if X is None:
        raise NbteachError(f"X is None: pass a 2-D table of numbers to {name}.")
    if _is_sparse(X):
        raise NbteachError(
            f"X is a scipy sparse matrix; {name} takes a dense 2-D array. For documents, "
            "use nbteach.text.TextNB, which counts by token ids and never builds a matrix."
        )
    if hasattr(X, "dtypes") and hasattr(X, "columns"):  # a DataFrame: name the bad column
        bad = [str(c) for c, t in X.dtypes.items() if not (t.kind in "biuf")]
        if bad:
            raise NbteachTypeError(
                f"{name} needs numeric X, but column(s) {', '.join(bad)} are not numbers "
                "(argument must be a string or a real number). Encode them first, or use "
                "nbteach.CategoricalNB for categories."
            )
    try:
        arr = np.asarray(X)
        if arr.dtype.kind == "c":
            raise NbteachError(
                "Complex data not supported: X holds complex numbers; pass real numbers."
            )
        if arr.dtype.kind in "OUS":
            arr = arr.astype(np.float64)
        arr = np.asarray(arr, dtype=np.float64)
    except (TypeError, ValueError) as err:
        if isinstance(err, NbteachError):
            raise
        raise NbteachTypeError(
            f"{name} needs numbers in X, but converting X to numbers failed: {err}. "
            "Text goes through nbteach.text; categories through nbteach.CategoricalNB."
        ) from None
    if arr.ndim != 2:
        raise NbteachError(
            f"X must be 2-D (one row per example, one column per feature), got {arr.ndim}-D "
            f"with shape {arr.shape}. Reshape your data either using X.reshape(-1, 1) if it "
            "has a single feature or X.reshape(1, -1) if it is a single example."
        )
    if arr.shape[0] == 0:
        raise NbteachError(f"X has no rows (shape={arr.shape}): give at least one example.")
    if arr.shape[1] == 0:
        raise NbteachError(
            f"X has 0 feature(s) (shape={arr.shape}) while a minimum of 1 is required."
        )
    if not np.all(np.isfinite(arr)):
        bad = np.argwhere(~np.isfinite(arr))[0]
        raise NbteachError(
            f"X contains NaN or inf (first at row {bad[0]}, column {bad[1]}): "
            "fill or drop missing values before fitting or predicting."
        )
    if positive and np.any(arr < 0):
        bad = np.argwhere(arr < 0)[0]
        raise NbteachError(
            f"Negative values in data passed to {name} (input X): row {bad[0]}, column "
            f"{bad[1]} is {arr[bad[0], bad[1]]}. Counts cannot be negative."
        )
    if not fitting:
        n = estimator.n_features_in_
        if arr.shape[1] != n:
            raise NbteachError(
                f"X has {arr.shape[1]} features, but {name} is expecting {n} features as "
                "input: predict on columns in the same order as in fit."
            )
    return arr


def _refuse_missing_labels(y) -> None:
    """A missing label (None, NaN, pd.NA) would become a class called 'nan': refuse it."""
    import pandas as pd

    if isinstance(y, np.ndarray) and y.dtype.kind in "iubUS":
        return                                            # integers, booleans, strings: never missing
    try:
        # as objects: np.asarray(["spam", nan]) would turn the NaN into the string 'nan'
        arr = np.ravel(np.asarray(y, dtype=object))
    except Exception:  # noqa: BLE001 - the caller reports the shape
        return
    try:
        missing = np.flatnonzero(pd.isna(arr))
    except Exception:  # noqa: BLE001 - exotic objects: no label is missing that pandas can see
        return
    if len(missing):
        raise NbteachError(f"y has a missing label (None/NaN) at row {missing[0]}: every training example "
                           "needs a class; drop or label those rows first.")


def check_y(y, n_rows: int, estimator):
    """Return (classes, y_index): the sorted class labels and each row's class position."""
    name = type(estimator).__name__
    if y is None:
        raise NbteachError(
            f"{name} requires y to be passed, but the target y is None: "
            "give one class label per row of X."
        )
    y_arr = np.asarray(y)
    if y_arr.ndim == 2 and y_arr.shape[1] == 1:
        try:
            from sklearn.exceptions import DataConversionWarning as warning_cls
        except ImportError:  # pragma: no cover - scikit-learn is optional
            warning_cls = UserWarning
        warnings.warn(
            "A column-vector y was passed when a 1d array was expected: "
            "nbteach uses y.ravel().", warning_cls, stacklevel=3,
        )
        y_arr = y_arr.ravel()
    if y_arr.ndim != 1:
        raise NbteachError(
            f"y should be a 1d array of class labels, got shape {y_arr.shape}."
        )
    _refuse_missing_labels(y)
    if y_arr.shape[0] != n_rows:
        raise NbteachError(
            f"X has {n_rows} rows but y has {y_arr.shape[0]} labels: "
            "give one label per row of X."
        )
    if y_arr.dtype.kind == "c":
        raise NbteachError("Complex data not supported: y holds complex numbers.")
    if y_arr.dtype.kind == "f":
        if not np.all(np.isfinite(y_arr)):
            raise NbteachError("y contains NaN or inf: every row needs a class label.")
        if np.any(y_arr != np.round(y_arr)):
            raise NbteachError(
                "Unknown label type: continuous. y holds non-integer numbers, but a "
                "classifier needs class labels (integers or strings)."
            )
    if y_arr.dtype.kind == "O":
        if any(v is None or (isinstance(v, float) and v != v) for v in y_arr):
            raise NbteachError("y contains a missing label (None or NaN): label every row.")
    classes, y_index = np.unique(y_arr, return_inverse=True)
    return classes, y_index.ravel()


def check_sample_weight(sample_weight, n_rows: int):
    """Return the weights as a float array (all ones when None)."""
    if sample_weight is None:
        return np.ones(n_rows)
    w = np.asarray(sample_weight, dtype=np.float64)
    if w.ndim == 0:
        w = np.full(n_rows, float(w))
    if w.shape != (n_rows,):
        raise NbteachError(
            f"sample_weight has shape {w.shape}, expected ({n_rows},): one weight per row."
        )
    if not np.all(np.isfinite(w)) or np.any(w < 0):
        raise NbteachError("sample_weight must be finite and >= 0.")
    if w.sum() == 0:
        raise NbteachError("sample_weight is zero everywhere: at least one row must count.")
    return w


def one_hot(y_index, n_classes: int, sample_weight=None):
    """The n_samples x n_classes indicator matrix Y (weighted rows)."""
    Y = np.zeros((y_index.shape[0], n_classes))
    Y[np.arange(y_index.shape[0]), y_index] = 1.0
    if sample_weight is not None:
        Y *= sample_weight[:, None]
    return Y


def check_class_prior(class_prior, n_classes: int, name: str = "class_prior"):
    """Return log(class_prior) after checking length, sign and sum."""
    prior = np.asarray(class_prior, dtype=np.float64)
    if prior.shape != (n_classes,):
        raise NbteachError(
            f"{name} has {prior.size} entries but there are {n_classes} classes: "
            "give one prior probability per class, in the order of classes_."
        )
    if np.any(prior < 0) or not np.all(np.isfinite(prior)):
        raise NbteachError(f"{name} must hold finite non-negative probabilities.")
    if not np.isclose(prior.sum(), 1.0):
        raise NbteachError(f"The sum of {name} must be 1, got {prior.sum()}.")
    with np.errstate(divide="ignore"):
        return np.log(prior)


def count_by_class(estimator, X, y, sample_weight=None):
    """Set classes_, n_features_in_, class_count_ (n_c) and feature_count_ (N_{c,i} = Y.T @ X).

    Y is the n x K one-hot label matrix (weighted by ``sample_weight``): the note's
    vectorised counting, corrected.
    """
    classes, y_index = check_y(y, X.shape[0], estimator)
    w = check_sample_weight(sample_weight, X.shape[0])
    Y = one_hot(y_index, len(classes), w)
    estimator.classes_ = classes
    estimator.n_features_in_ = X.shape[1]
    estimator.class_count_ = Y.sum(axis=0)
    estimator.feature_count_ = Y.T @ X


def class_log_prior(estimator):
    """log pi_c: the given ``class_prior``, else n_c / n if ``fit_prior``, else uniform 1/K."""
    n_classes = len(estimator.classes_)
    if estimator.class_prior is not None:
        return check_class_prior(estimator.class_prior, n_classes)
    if estimator.fit_prior:
        with np.errstate(divide="ignore"):
            return np.log(estimator.class_count_) - np.log(estimator.class_count_.sum())
    return np.full(n_classes, -np.log(n_classes))


def normalise_log(jll, estimator=None):
    """log P(c|x) = jll - log sum_c exp(jll), row by row (log-sum-exp).

    Raises when a row has probability zero under every class (possible with alpha=0, or
    for GaussianNB with var_smoothing=0 and a feature constant within every class).
    """
    norm = log_sum_exp(jll, axis=1)
    if np.any(~np.isfinite(norm)):
        row = int(np.flatnonzero(~np.isfinite(norm))[0])
        if estimator is not None and hasattr(estimator, "var_smoothing"):
            why = ("This happens with var_smoothing=0 when a feature has variance 0 within every "
                   "class and the row's value differs from it: use var_smoothing > 0 (the default "
                   "is 1e-9).")
        else:
            why = ("This happens with alpha=0 when a feature seen in the row was never seen with "
                   "any class that could explain it: use alpha > 0 (alpha=1 is Laplace smoothing).")
        raise NbteachError(
            f"Row {row} has probability zero under every class (its joint log-likelihood "
            f"is -inf for all of them), so the posterior 0/0 is undefined. {why}"
        )
    return jll - norm[:, None]


def masked_dot(X, log_p):
    """X @ log_p.T, where 0 * log(0) counts as 0 (an absent word says nothing).

    Plain ``X @ log_p.T`` would give 0 * -inf = nan whenever a class never saw a word.
    """
    finite = np.isfinite(log_p)
    if finite.all():
        return X @ log_p.T
    out = X @ np.where(finite, log_p, 0.0).T
    hits = (X != 0).astype(np.float64) @ (~finite).astype(np.float64).T
    out[hits > 0] = -np.inf
    return out


def require_fitted(estimator, attribute: str) -> None:
    """Raise NotFittedError if ``fit`` has not run.

    When scikit-learn is already loaded (a user mixing both libraries), the error is
    also a ``sklearn.exceptions.NotFittedError``, so scikit-learn's tools recognise it;
    nbteach never imports scikit-learn for this.
    """
    if hasattr(estimator, attribute):
        return
    import sys

    from ._base import NotFittedError

    cls = NotFittedError
    sk = sys.modules.get("sklearn.exceptions")
    if sk is not None:
        cls = type("NotFittedError", (NotFittedError, sk.NotFittedError), {})
    raise cls(
        f"This {type(estimator).__name__} is not fitted yet: call .fit(X, y) first."
    )


class PosteriorMixin:
    """predict / predict_proba / predict_log_proba from ``_joint_log_likelihood``.

    Every naive Bayes model scores a row x by its joint log-likelihood
    jll_c(x) = log pi_c + log P(x | c); the posterior follows by log-sum-exp:
    log P(c | x) = jll_c(x) - log sum_c' exp(jll_c'(x)).
    """

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.poor_score = self._poor_score
        tags.input_tags.positive_only = self._positive_only
        return tags

    _poor_score = False
    _positive_only = False

    def predict_joint_log_proba(self, X):
        """The joint log-likelihood log pi_c + log P(x | c), one column per class."""
        require_fitted(self, "classes_")
        return self._joint_log_likelihood(X)

    def predict_log_proba(self, X):
        """log P(c | x), normalised with log-sum-exp (never by exponentiating first)."""
        return normalise_log(self.predict_joint_log_proba(X), self)

    def predict_proba(self, X):
        """P(c | x), one column per class in the order of ``classes_``; rows sum to 1."""
        return np.exp(self.predict_log_proba(X))

    def predict(self, X):
        """The class with the largest posterior, argmax_c log pi_c + log P(x | c)."""
        jll = self.predict_joint_log_proba(X)
        return self.classes_[np.argmax(jll, axis=1)]
