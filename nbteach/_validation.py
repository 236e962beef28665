"""One validation for every estimator, as scikit-learn's ``utils/validation.py`` is for its own.

Every nbteach estimator checks what it is given here, so every model refuses bad input
with the same words, and there is one not-fitted path:

* :func:`validate_data` (``validate_data(estimator, X, y, reset=...)``): the entry point the
  estimators call in ``fit`` (``reset=True``: remember the features) and in ``predict``
  (``reset=False``: check the model is fitted and X has the features it was fitted on), for
  each kind of input: ``"numeric"`` (a 2-D array of numbers), ``"categories"`` (a table of
  category labels), ``"frame"`` (a DataFrame mixing both), ``"documents"`` (raw text);
* :func:`check_is_fitted`: the one "not fitted yet" error;
* the pieces it is made of, also used alone: parameters (``check_alpha``,
  ``check_epsilon``, ``check_sample_weight``, ``check_class_prior``, ``check_n_labelled``), tables
  (``check_array``, ``check_category_table``, ``check_frame``, ``check_columns``), labels
  (``check_y``, ``check_category_labels``), documents (``check_documents``) and a Bayesian
  network's data (``check_node_data``).

Messages also contain the phrases scikit-learn uses for the same mistakes ("Negative values
in data passed to", "Reshape your data", "is expecting ... features as input", ...), so
tools written for scikit-learn's errors recognise ours. Every message follows
``nbteach.set_language`` (``tr({"en": ..., "zh": ...})``); the Chinese keeps those phrases in
parentheses. Private to nbteach; it imports only ``nbteach._base`` and ``nbteach.i18n`` (and
numpy and pandas).
"""
from __future__ import annotations

import numbers
import sys
import warnings
from collections.abc import Hashable
from fractions import Fraction
from itertools import repeat

import numpy as np
import pandas as pd

from ._base import NbteachError, NotFittedError, is_symbolic
from .i18n import tr

__all__ = [
    "NbteachTypeError", "CategoryTypeError", "validate_data", "check_is_fitted",
    "check_alpha", "check_epsilon", "check_smoothing", "check_n_labelled", "check_same_length", "check_sample_weight",
    "check_class_prior", "check_array", "check_y", "refuse_missing_labels",
    "check_category_table", "check_category_labels", "refuse_mixed_kinds", "value_kind", "value_kinds",
    "check_frame", "missing_value_error", "refuse_missing", "check_columns", "check_documents", "check_node_data",
    "missing_node_value_error", "is_bayes_net", "is_sparse",
]


class NbteachTypeError(NbteachError, TypeError):
    """Input of the wrong type (text where numbers are needed, a dict, ...)."""


class CategoryTypeError(NbteachError, TypeError):
    """A value that cannot be a category label (a dict, a list...)."""


def is_sparse(X) -> bool:
    """True for a scipy sparse matrix, without importing scipy."""
    return type(X).__module__.startswith("scipy.sparse")


# ---------------------------------------------------------------- fitted or not
def check_is_fitted(estimator, attribute: str = "classes_") -> None:
    """Raise NotFittedError if ``fit`` has not run (``attribute`` is what fit sets).

    When scikit-learn is already loaded (a user mixing both libraries), the error is
    also a ``sklearn.exceptions.NotFittedError``, so scikit-learn's tools recognise it;
    nbteach never imports scikit-learn for this.
    """
    if hasattr(estimator, attribute):
        return
    cls = NotFittedError
    sk = sys.modules.get("sklearn.exceptions")
    if sk is not None:
        cls = type("NotFittedError", (NotFittedError, sk.NotFittedError), {})
    name = type(estimator).__name__
    raise cls(tr({"en": f"This {name} is not fitted yet: call .fit(X, y) first.",
                  "zh": f"这个 {name} 还没有训练：请先调用 .fit(X, y)（This {name} is not fitted yet）。"}))


# ---------------------------------------------------------------- parameters
def check_alpha(alpha, name: str = "alpha"):
    """Return alpha if it is a number >= 0, else raise a message that says what to fix."""
    if isinstance(alpha, bool) or not isinstance(alpha, (numbers.Real, Fraction)):
        raise NbteachError(tr({
            "en": f"{name} must be a number >= 0 (0 means no smoothing, 1 is Laplace), "
                  f"got {alpha!r} of type {type(alpha).__name__}.",
            "zh": f"{name} 必须是一个 >= 0 的数（0 表示不平滑，1 是拉普拉斯修正），"
                  f"得到的是 {type(alpha).__name__} 类型的 {alpha!r}。"}))
    if alpha > 1e15 and alpha != float("inf"):
        raise NbteachError(tr({
            "en": f"{name}={alpha!r} is too large: it swamps every count (and overflows the "
                  "denominators); use a value up to 1e15 (1 is Laplace).",
            "zh": f"{name}={alpha!r} 太大：它淹没了所有计数（分母也会溢出）；"
                  "请用不超过 1e15 的值（1 是拉普拉斯修正）。"}))
    if alpha != alpha or alpha < 0 or alpha == float("inf"):
        raise NbteachError(tr({
            "en": f"{name} must be a finite number >= 0 (0 means no smoothing, 1 is Laplace), "
                  f"got {alpha!r}. It counts pseudo-observations, and a count cannot be negative.",
            "zh": f"{name} 必须是一个有限的、>= 0 的数（0 表示不平滑，1 是拉普拉斯修正），"
                  f"得到的是 {alpha!r}。它是伪计数，而个数不能为负。"}))
    return alpha


def check_epsilon(epsilon):
    """Return epsilon if it is None, a number in (0, 1) or a sympy symbol."""
    if epsilon is None:
        return epsilon
    if is_symbolic(epsilon):
        if getattr(epsilon, "free_symbols", None):
            return epsilon  # a symbol such as sympy.Symbol("epsilon", positive=True)
        if getattr(epsilon, "is_number", False) and bool(0 < epsilon < 1):
            return epsilon  # a sympy number in (0, 1), e.g. sympy.Rational(1, 100)
        raise NbteachError(tr({
            "en": f"epsilon must be a sympy Symbol or a number in (0, 1), got {epsilon!r}: it "
                  "replaces a zero probability by a tiny positive one.",
            "zh": f"epsilon 必须是 sympy 符号或 (0, 1) 中的数，得到的是 {epsilon!r}："
                  "它用一个很小的正数代替为零的概率。"}))
    if isinstance(epsilon, bool) or not isinstance(epsilon, (numbers.Real, Fraction)):
        raise NbteachError(tr({
            "en": "epsilon must be None (no epsilon smoothing), a small positive number such as "
                  f"1e-6, or a sympy Symbol, got {epsilon!r} of type {type(epsilon).__name__}.",
            "zh": "epsilon 必须是 None（不做 epsilon 平滑）、一个很小的正数（如 1e-6）或 sympy 符号，"
                  f"得到的是 {type(epsilon).__name__} 类型的 {epsilon!r}。"}))
    if not (0 < epsilon < 1):
        raise NbteachError(tr({
            "en": f"epsilon must be > 0 and < 1, got {epsilon!r}: it replaces a zero probability "
                  "by a tiny positive one (try 1e-6, or sympy.Symbol('epsilon', positive=True)).",
            "zh": f"epsilon 必须 > 0 且 < 1，得到的是 {epsilon!r}：它用一个很小的正数代替为零的概率"
                  "（试试 1e-6，或 sympy.Symbol('epsilon', positive=True)）。"}))
    return epsilon


def check_smoothing(alpha, epsilon):
    """(alpha, epsilon), each checked (``check_alpha``, ``check_epsilon``), and not both set."""
    alpha, epsilon = check_alpha(alpha), check_epsilon(epsilon)
    if epsilon is not None and alpha != 0:
        raise NbteachError(
            tr({"en": "alpha and epsilon are two different smoothings: set one of them "
                      "(epsilon=None for Laplace/Lidstone, or alpha=0 for epsilon smoothing).",
                "zh": "alpha 和 epsilon 是两种不同的平滑：只设其中一个（拉普拉斯修正/Lidstone 平滑用 epsilon=None，"
                      "epsilon 平滑用 alpha=0）。"})
        )
    return alpha, epsilon


def check_n_labelled(n_labelled) -> list:
    """How many rows to label, for a learning curve of EM (:func:`nbteach.em.em_learning_curve`
    and its view): one whole number or a non-empty list of them, returned sorted, each once.

    >>> check_n_labelled([50, 5, 10, 5])
    [5, 10, 50]
    """
    values = [n_labelled] if isinstance(n_labelled, numbers.Integral) else n_labelled
    try:
        values = list(values)
    except TypeError:
        values = None
    if not values or any(isinstance(n, bool) or not isinstance(n, numbers.Integral) for n in values):
        raise NbteachError(tr({"en": f"n_labelled must be a list of whole numbers of labelled rows, such as "
                                     f"[5, 10, 50], got {n_labelled!r}.",
                               "zh": f"n_labelled 必须是有标记行数组成的整数列表，如 [5, 10, 50]，你给的是 {n_labelled!r}。"}))
    return sorted({int(n) for n in values})


def check_same_length(X, y, n_X: int, n_y: int) -> None:
    """One label per row, and at least one row."""
    if n_X != n_y:
        raise NbteachError(tr({
            "en": f"X has {n_X} rows but y has {n_y} labels: give one label per row of X.",
            "zh": f"X 有 {n_X} 行，而 y 有 {n_y} 个标记：X 的每一行要有一个标记。"}))
    if n_X == 0:
        raise NbteachError(tr({"en": "X and y are empty: fit needs at least one labelled example.",
                               "zh": "X 和 y 都是空的：训练至少需要一个有标记的样本。"}))


def check_sample_weight(sample_weight, n_rows: int):
    """Return the weights as a float array (all ones when None)."""
    if sample_weight is None:
        return np.ones(n_rows)
    w = np.asarray(sample_weight, dtype=np.float64)
    if w.ndim == 0:
        w = np.full(n_rows, float(w))
    if w.shape != (n_rows,):
        raise NbteachError(tr({
            "en": f"sample_weight has shape {w.shape}, expected ({n_rows},): one weight per row.",
            "zh": f"sample_weight 的形状是 {w.shape}，应为 ({n_rows},)：每行一个权重。"}))
    if not np.all(np.isfinite(w)) or np.any(w < 0):
        raise NbteachError(tr({"en": "sample_weight must be finite and >= 0.",
                               "zh": "sample_weight 必须有限且 >= 0。"}))
    if w.sum() == 0:
        raise NbteachError(tr({"en": "sample_weight is zero everywhere: at least one row must count.",
                               "zh": "sample_weight 处处为零：至少要有一行的权重不为零。"}))
    return w


def check_class_prior(class_prior, n_classes: int, name: str = "class_prior"):
    """Return log(class_prior) after checking length, sign and sum."""
    prior = np.asarray(class_prior, dtype=np.float64)
    if prior.shape != (n_classes,):
        raise NbteachError(tr({
            "en": f"{name} has {prior.size} entries but there are {n_classes} classes: "
                  "give one prior probability per class, in the order of classes_.",
            "zh": f"{name} 有 {prior.size} 个元素，而类别有 {n_classes} 个："
                  "请按 classes_ 的顺序，每个类别给一个先验概率。"}))
    if np.any(prior < 0) or not np.all(np.isfinite(prior)):
        raise NbteachError(tr({"en": f"{name} must hold finite non-negative probabilities.",
                               "zh": f"{name} 必须是有限的非负概率。"}))
    if not np.isclose(prior.sum(), 1.0):
        raise NbteachError(tr({"en": f"The sum of {name} must be 1, got {prior.sum()}.",
                               "zh": f"{name} 之和必须为 1，得到的是 {prior.sum()}。"}))
    with np.errstate(divide="ignore"):
        return np.log(prior)


# ---------------------------------------------------------------- numbers
def check_array(X, estimator, *, fitting: bool, positive: bool = False):
    """Return ``X`` as a finite 2-D float64 array, or raise a message saying what to fix.

    When not fitting, the number of columns must equal ``estimator.n_features_in_``.
    """
    name = type(estimator).__name__
    if X is None:
        raise NbteachError(tr({"en": f"X is None: pass a 2-D table of numbers to {name}.",
                               "zh": f"X 是 None：请给 {name} 一个二维的数值表。"}))
    if is_sparse(X):
        raise NbteachError(tr({
            "en": f"X is a scipy sparse matrix; {name} takes a dense 2-D array. For documents, "
                  "use nbteach.text.TextNB, which counts by token ids and never builds a matrix.",
            "zh": f"X 是 scipy 稀疏矩阵；{name} 需要稠密的二维数组。文档请用 nbteach.text.TextNB，"
                  "它按词的编号计数，从不构造矩阵。"}))
    if hasattr(X, "dtypes") and hasattr(X, "columns"):  # a DataFrame: name the bad column
        bad = [str(c) for c, t in X.dtypes.items() if not (t.kind in "biuf")]
        if bad:
            raise NbteachTypeError(tr({
                "en": f"{name} needs numeric X, but column(s) {', '.join(bad)} are not numbers "
                      "(argument must be a string or a real number). Encode them first, or use "
                      "nbteach.CategoricalNB for categories.",
                "zh": f"{name} 需要数值型的 X，但列 {', '.join(bad)} 不是数"
                      "（argument must be a string or a real number）。请先编码，"
                      "离散属性请用 nbteach.CategoricalNB。"}))
    try:
        arr = np.asarray(X)
        if arr.dtype.kind == "c":
            raise NbteachError(tr({
                "en": "Complex data not supported: X holds complex numbers; pass real numbers.",
                "zh": "X 含有复数，不支持（Complex data not supported）；请给实数。"}))
        if arr.dtype.kind in "OUS":
            arr = arr.astype(np.float64)
        arr = np.asarray(arr, dtype=np.float64)
    except (TypeError, ValueError) as err:
        if isinstance(err, NbteachError):
            raise
        raise NbteachTypeError(tr({
            "en": f"{name} needs numbers in X, but converting X to numbers failed: {err}. "
                  "Text goes through nbteach.text; categories through nbteach.CategoricalNB.",
            "zh": f"{name} 需要 X 中是数，但把 X 转换成数失败了（{err}）。"
                  "文本请用 nbteach.text；离散属性请用 nbteach.CategoricalNB。"})) from None
    if arr.ndim != 2:
        raise NbteachError(tr({
            "en": f"X must be 2-D (one row per example, one column per feature), got {arr.ndim}-D "
                  f"with shape {arr.shape}. Reshape your data either using X.reshape(-1, 1) if it "
                  "has a single feature or X.reshape(1, -1) if it is a single example.",
            "zh": f"X 必须是二维的（每行一个样本，每列一个属性），得到的是形状为 {arr.shape} 的 "
                  f"{arr.ndim} 维数据。只有一个属性时用 X.reshape(-1, 1)，只有一个样本时用 "
                  "X.reshape(1, -1)（Reshape your data）。"}))
    if arr.shape[0] == 0:
        raise NbteachError(tr({"en": f"X has no rows (shape={arr.shape}): give at least one example.",
                               "zh": f"X 没有行（shape={arr.shape}）：至少给一个样本。"}))
    if arr.shape[1] == 0:
        raise NbteachError(tr({
            "en": f"X has 0 feature(s) (shape={arr.shape}) while a minimum of 1 is required.",
            "zh": f"X 没有属性，至少需要一个（X has 0 feature(s) (shape={arr.shape}) while a "
                  "minimum of 1 is required）。"}))
    if not np.all(np.isfinite(arr)):
        bad = np.argwhere(~np.isfinite(arr))[0]
        raise NbteachError(tr({
            "en": f"X contains NaN or inf (first at row {bad[0]}, column {bad[1]}): "
                  "fill or drop missing values before fitting or predicting.",
            "zh": f"X 含有 NaN 或 inf（第一个在第 {bad[0]} 行、第 {bad[1]} 列）："
                  "训练或预测前请填补或删去缺失值（X contains NaN or inf）。"}))
    if positive and np.any(arr < 0):
        bad = np.argwhere(arr < 0)[0]
        raise NbteachError(tr({
            "en": f"Negative values in data passed to {name} (input X): row {bad[0]}, column "
                  f"{bad[1]} is {arr[bad[0], bad[1]]}. Counts cannot be negative.",
            "zh": f"传给 {name} 的数据有负数：第 {bad[0]} 行、第 {bad[1]} 列是 "
                  f"{arr[bad[0], bad[1]]}。计数不能为负（Negative values in data passed to {name}）。"}))
    if not fitting:
        n = estimator.n_features_in_
        if arr.shape[1] != n:
            raise NbteachError(tr({
                "en": f"X has {arr.shape[1]} features, but {name} is expecting {n} features as "
                      "input: predict on columns in the same order as in fit.",
                "zh": f"X 有 {arr.shape[1]} 个属性，而 {name} 需要 {n} 个：预测时的列要与训练时相同、"
                      f"顺序一致（X has {arr.shape[1]} features, but {name} is expecting {n} "
                      "features as input）。"}))
    return arr


# ---------------------------------------------------------------- class labels
def refuse_missing_labels(y) -> None:
    """A missing label (None, NaN, pd.NA) would become a class called 'nan': refuse it."""
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
        raise NbteachError(tr({
            "en": f"y has a missing label (None/NaN) at row {missing[0]}: every training example "
                  "needs a class; drop or label those rows first.",
            "zh": f"y 在第 {missing[0]} 行缺少标记（None/NaN）：每个训练样本都要有类别；"
                  "请先删去这些行或给它们标上类别。"}))


def _column_vector_warning(how: str) -> None:
    sk = sys.modules.get("sklearn.exceptions")  # scikit-learn's warning class, if loaded
    warnings.warn(tr({"en": "A column-vector y was passed when a 1d array was expected: " + how,
                      "zh": "y 是列向量，而这里需要一维数组（A column-vector y was passed when a 1d "
                            "array was expected）：" + how}),
                  sk.DataConversionWarning if sk else UserWarning, stacklevel=4)


_CONTINUOUS_Y = {
    "en": "Unknown label type: continuous. y holds non-integer numbers, but a classifier "
          "needs class labels (integers or strings).",
    "zh": "y 含有非整数的数，而分类器需要类别标记（整数或字符串）（Unknown label type: continuous）。"}


def check_y(y, n_rows: int, estimator):
    """Return (classes, y_index): the sorted class labels and each row's class position."""
    name = type(estimator).__name__
    if y is None:
        raise NbteachError(tr({
            "en": f"{name} requires y to be passed, but the target y is None: "
                  "give one class label per row of X.",
            "zh": f"{name} 需要 y，但 y 是 None：X 的每一行要有一个类别标记"
                  f"（{name} requires y to be passed）。"}))
    y_arr = np.asarray(y)
    if y_arr.ndim == 2 and y_arr.shape[1] == 1:
        _column_vector_warning(tr({"en": "nbteach uses y.ravel().", "zh": "nbteach 使用 y.ravel()。"}))
        y_arr = y_arr.ravel()
    if y_arr.ndim != 1:
        raise NbteachError(tr({
            "en": f"y should be a 1d array of class labels, got shape {y_arr.shape}.",
            "zh": f"y 应该是类别标记的一维数组，得到的形状是 {y_arr.shape}。"}))
    refuse_missing_labels(y)
    if y_arr.shape[0] != n_rows:
        raise NbteachError(tr({
            "en": f"X has {n_rows} rows but y has {y_arr.shape[0]} labels: "
                  "give one label per row of X.",
            "zh": f"X 有 {n_rows} 行，而 y 有 {y_arr.shape[0]} 个标记：X 的每一行要有一个标记。"}))
    if y_arr.dtype.kind == "c":
        raise NbteachError(tr({"en": "Complex data not supported: y holds complex numbers.",
                               "zh": "y 含有复数，不支持（Complex data not supported）。"}))
    if y_arr.dtype.kind == "f":
        if not np.all(np.isfinite(y_arr)):
            raise NbteachError(tr({"en": "y contains NaN or inf: every row needs a class label.",
                                   "zh": "y 含有 NaN 或 inf：每一行都要有类别标记。"}))
        if np.any(y_arr != np.round(y_arr)):
            raise NbteachError(tr(_CONTINUOUS_Y))
    if y_arr.dtype.kind == "O":
        if any(v is None or (isinstance(v, float) and v != v) for v in y_arr):
            raise NbteachError(tr({"en": "y contains a missing label (None or NaN): label every row.",
                                   "zh": "y 缺少标记（None 或 NaN）：请给每一行标上类别。"}))
    if y_arr.dtype.kind in "iu" and y_arr.size:
        lo, hi = y_arr.min(), y_arr.max()
        if int(hi) - int(lo) <= 4 * y_arr.size + 1000:   # integer labels in a dense range:
            shifted = (y_arr - lo).astype(np.intp)        # np.unique's answer by counting, not sorting
            present = np.bincount(shifted) > 0
            classes = (np.flatnonzero(present) + lo).astype(y_arr.dtype)
            return classes, (np.cumsum(present) - 1)[shifted]
    classes, y_index = np.unique(y_arr, return_inverse=True)
    return classes, y_index.ravel()


def check_category_labels(y) -> list:
    """y as a list of class labels (as the user wrote them), or a clear error."""
    if y is None or isinstance(y, (str, bytes, dict)) or np.isscalar(y):
        raise NbteachError(tr({
            "en": f"y must be a list or column of class labels, one per row of X, got {type(y).__name__}"
                  + (" (CategoricalNB requires y to be passed, but the target y is None)."
                     if y is None else "."),
            "zh": f"y 必须是类别标记的列表或一列，X 的每一行一个，得到的是 {type(y).__name__}"
                  + ("（CategoricalNB requires y to be passed, but the target y is None）。"
                     if y is None else "。")}))
    if isinstance(y, pd.DataFrame):
        if y.shape[1] != 1:
            raise NbteachError(tr({"en": f"y must be a single column of labels, got {y.shape[1]} columns.",
                                   "zh": f"y 必须是一列标记，得到的是 {y.shape[1]} 列。"}))
        y = y.iloc[:, 0]
    kind = np.asarray(y).dtype.kind
    arr = np.asarray(y, dtype=object)
    if arr.ndim == 2 and arr.shape[1] == 1:
        _column_vector_warning(tr({"en": "nbteach uses its only column.", "zh": "nbteach 使用它唯一的一列。"}))
        arr = arr[:, 0]
    if arr.ndim != 1:
        raise NbteachError(tr({"en": f"y must be 1-D (one label per row of X), got shape {arr.shape}.",
                               "zh": f"y 必须是一维的（X 的每一行一个标记），得到的形状是 {arr.shape}。"}))
    labels = arr.tolist()
    if not any(t is type(None) or issubclass(t, float) for t in set(map(type, labels))):
        return labels                      # no None, no float: nothing missing or infinite
    if any(v is None or (isinstance(v, float) and v != v) for v in labels):
        raise NbteachError(tr({"en": "y has a missing label (NaN/None): every training example needs a "
                                     "class (Input y contains NaN).",
                               "zh": "y 缺少标记（NaN/None）：每个训练样本都要有类别（Input y contains NaN）。"}))
    if any(isinstance(v, float) and v in (float("inf"), float("-inf")) for v in labels):
        raise NbteachError(tr({"en": "Input y contains infinity: every label must be a class, not inf.",
                               "zh": "y 含有无穷大：每个标记都必须是类别，不能是 inf（Input y contains infinity）。"}))
    if kind == "f" and any(float(v) != round(float(v)) for v in labels):
        raise NbteachError(tr(_CONTINUOUS_Y))
    return labels


# ---------------------------------------------------------------- tables of categories
def _type_kind(t) -> str:
    if issubclass(t, (bool, np.bool_)):
        return "True/False"
    if issubclass(t, (numbers.Number, np.number)):
        return "number"
    if issubclass(t, str):
        return "text"
    return t.__name__


def value_kind(v) -> str:
    """'True/False', 'number', 'text' or the type's name: what a category label is."""
    return _type_kind(type(v))


def value_kinds(column) -> set:
    """The kinds of the values in ``column`` (a pandas column's dtype says it when it can;
    else one pass over the values' types, in C)."""
    dtype = getattr(column, "dtype", None)
    if dtype is not None and len(column):
        if pd.api.types.is_bool_dtype(dtype):
            return {"True/False"}
        if pd.api.types.is_numeric_dtype(dtype) and not pd.api.types.is_complex_dtype(dtype):
            return {"number"}
        if pd.api.types.is_string_dtype(dtype) and dtype != object and not isinstance(dtype, pd.CategoricalDtype):
            return {"text"}
    return {_type_kind(t) for t in set(map(type, column))}


def refuse_mixed_kinds(col, column) -> None:
    """A column mixing 1 and '1' would count them as two categories, one mixing True and 1
    as one (Python says True == 1): both silently wrong. Refuse, naming an example of each."""
    if len(value_kinds(column)) <= 1:
        return
    first = {}
    column = list(column)
    for v in column:
        first.setdefault(value_kind(v), v)
        if len(first) > 1:
            examples = ", ".join(f"{v!r} ({k})" for k, v in first.items())
            raise NbteachError(tr({
                "en": f"column {col!r} mixes kinds of values: {examples}. Python counts 1 and '1' as two "
                      "categories and True and 1 as one; convert the column to one type first, e.g. "
                      f"X[{col!r}] = X[{col!r}].astype(str).",
                "zh": f"列 {col!r} 混有不同种类的值：{examples}。Python 把 1 和 '1' 算作两个类别，"
                      "却把 True 和 1 算作一个；请先把这一列转换成同一种类型，例如 "
                      f"X[{col!r}] = X[{col!r}].astype(str)。"}))


def check_category_table(X, name="X"):
    """X as a DataFrame of labels (columns x0, x1, ... for an array), or a clear error."""
    if isinstance(X, pd.DataFrame):
        df = X
    elif isinstance(X, pd.Series):
        raise NbteachError(tr({
            "en": f"{name} is a single column (a Series). Give a table with one column per feature: "
                  f"{name}.to_frame(), or df[[column]] with double brackets.",
            "zh": f"{name} 只是一列（Series）。请给每个属性一列的表：{name}.to_frame()，"
                  "或用双重方括号 df[[column]]。"}))
    elif is_sparse(X):
        raise NbteachError(tr({
            "en": f"{name} is a scipy sparse matrix; CategoricalNB takes a dense table of category "
                  "labels (a DataFrame or a list of rows).",
            "zh": f"{name} 是 scipy 稀疏矩阵；CategoricalNB 需要稠密的类别取值表"
                  "（DataFrame 或由行组成的列表）。"}))
    elif isinstance(X, (str, bytes)) or X is None or np.isscalar(X) or isinstance(X, dict):
        raise NbteachError(tr({
            "en": f"{name} must be a table of category labels (a pandas DataFrame, or a list of rows), "
                  f"got {type(X).__name__}.",
            "zh": f"{name} 必须是类别取值表（pandas DataFrame 或由行组成的列表），"
                  f"得到的是 {type(X).__name__}。"}))
    else:
        if getattr(np.asarray(X), "dtype", None) is not None and np.asarray(X).dtype.kind == "c":
            raise NbteachError(tr({
                "en": f"Complex data not supported: {name} holds complex numbers; categories are "
                      "labels (strings or numbers).",
                "zh": f"{name} 含有复数，不支持（Complex data not supported）；类别取值是标记"
                      "（字符串或数）。"}))
        try:
            arr = np.asarray(X, dtype=object)
        except Exception as exc:  # ragged lists and the like
            raise NbteachError(tr({"en": f"{name} could not be read as a table: {exc}",
                                   "zh": f"{name} 无法读成一张表：{exc}"})) from None
        if arr.ndim == 1 and arr.size and not isinstance(arr[0], (list, tuple, np.ndarray)):
            raise NbteachError(tr({
                "en": f"{name} is 1-D, but it must be 2-D: one row per example, one column per "
                      f"feature. For a single example write [x]; for a single feature, [[v] for v in x]. "
                      "(Reshape your data: X.reshape(1, -1) or X.reshape(-1, 1) for a numpy array.)",
                "zh": f"{name} 是一维的，但必须是二维的：每行一个样本，每列一个属性。只有一个样本时写 [x]；"
                      "只有一个属性时写 [[v] for v in x]。（Reshape your data：numpy 数组用 "
                      "X.reshape(1, -1) 或 X.reshape(-1, 1)。）"}))
        if arr.ndim != 2:
            raise NbteachError(tr({
                "en": f"{name} must be 2-D (rows are examples, columns are features), "
                      f"got an array of shape {arr.shape}.",
                "zh": f"{name} 必须是二维的（行是样本，列是属性），得到的数组形状是 {arr.shape}。"}))
        df = pd.DataFrame(arr, columns=[f"x{i}" for i in range(arr.shape[1])])
    if df.shape[1] == 0:
        raise NbteachError(tr({
            "en": f"{name} has no columns: naive Bayes needs at least one feature "
                  f"(0 feature(s) (shape={df.shape}) while a minimum of 1 is required).",
            "zh": f"{name} 没有列：朴素贝叶斯分类器至少需要一个属性"
                  f"（0 feature(s) (shape={df.shape}) while a minimum of 1 is required）。"}))
    missing = df.isna()
    if missing.values.any():
        row, col = np.argwhere(missing.values)[0]
        raise NbteachError(tr({
            "en": f"{name} has a missing value (NaN/None) in column {df.columns[col]!r}, row {row}: "
                  "fill it with a category of its own (e.g. 'unknown') or drop the row.",
            "zh": f"{name} 在列 {df.columns[col]!r} 第 {row} 行有缺失值（NaN/None）："
                  "请用一个单独的类别（如 'unknown'）填补，或删去这一行。"}))
    numeric = df.select_dtypes(include="number")
    if numeric.shape[1] and not np.isfinite(numeric.to_numpy(dtype=float)).all():
        raise NbteachError(tr({
            "en": f"{name} contains inf: an infinite value is not a category; fix or drop that row.",
            "zh": f"{name} 含有 inf：无穷大不是类别；请修正或删去那一行。"}))
    if df.dtypes.eq(object).any():
        for col in df.columns[df.dtypes.eq(object)]:
            types = set(map(type, df[col]))
            if not any(issubclass(t, float) for t in types) and all(issubclass(t, Hashable) for t in types):
                continue                          # no float that could be inf, nothing unhashable
            for v in df[col]:
                if isinstance(v, float) and v in (float("inf"), float("-inf")):
                    raise NbteachError(tr({
                        "en": f"{name} contains inf in column {col!r}: an infinite value is not a "
                              "category; fix or drop that row.",
                        "zh": f"{name} 的列 {col!r} 含有 inf：无穷大不是类别；请修正或删去那一行。"}))
                if not isinstance(v, Hashable):
                    raise CategoryTypeError(tr({
                        "en": f"{name} holds a {type(v).__name__} in column {col!r}: a category must "
                              "be a string or a number (argument must be a string or a real number).",
                        "zh": f"{name} 的列 {col!r} 中有一个 {type(v).__name__}：类别取值必须是字符串或数"
                              "（argument must be a string or a real number）。"}))
    return df


def check_columns(df, estimator, *, by_name: bool = True):
    """``df`` with the columns the estimator was fitted on, in the order of fit.

    ``by_name``: match the columns by their names (``estimator.feature_names_in_``);
    otherwise by position, only their number must agree.
    """
    name = type(estimator).__name__
    names = list(estimator.feature_names_in_)
    cols = list(df.columns)
    n, expected = len(cols), estimator.n_features_in_
    head = (f"X has {n} features, but {name} is expecting {expected} features as input"
            if n != expected else "")
    if not by_name:
        if head:
            raise NbteachError(tr({
                "en": f"{head}: the model was fitted on {', '.join(map(str, names))}.",
                "zh": f"X 有 {n} 个属性，而 {name} 需要 {expected} 个（{head}）："
                      f"模型是在 {', '.join(map(str, names))} 上训练的。"}))
        return df
    if cols == names:
        return df
    missing = [c for c in names if c not in cols]
    extra = [c for c in cols if c not in names]
    if missing or extra:
        raise NbteachError(tr({
            "en": (f"{head}. " if head else "")
                  + f"X must have the training columns {names}"
                  + (f"; missing: {missing}" if missing else "")
                  + (f"; not seen in fit: {extra}" if extra else "")
                  + ".",
            "zh": (f"X 有 {n} 个属性，而 {name} 需要 {expected} 个（{head}）。" if head else "")
                  + f"X 必须有训练时的列 {names}"
                  + (f"；缺少：{missing}" if missing else "")
                  + (f"；训练时没见过：{extra}" if extra else "")
                  + "。"}))
    return df[names]


# ---------------------------------------------------------------- mixed tables
def missing_value_error(column, row):
    """The error for a missing value (NaN/None) in ``column`` at row ``row`` (its label)."""
    row = row.item() if isinstance(row, np.generic) else row      # 13, not np.int64(13)
    return NbteachError(tr({"en": f"column {column!r} has a missing value (NaN/None) at row "
                                  f"{row!r}: fill or drop it first.",
                            "zh": f"列 {column!r} 在第 {row!r} 行有缺失值（NaN/None）：请先填补或删去。"}))


def refuse_missing(name, column) -> None:
    """:func:`missing_value_error` for the first missing value of ``column`` (a Series), if any."""
    gaps = column.isna().to_numpy()
    if gaps.any():
        raise missing_value_error(name, column.index[int(np.argmax(gaps))])


def check_frame(X, estimator, *, fitting: bool, missing: bool = True):
    """X as a DataFrame of categorical and numeric columns, or a clear error.

    An array is accepted only if it is 2-D and all numbers (its columns become 0, 1, ...).
    When not fitting, X must have the columns seen in fit (returned in their order).
    ``missing=False``: missing values are left to the caller, which finds them as it encodes
    the columns (MixedNB: a missing category gets no code, a missing number is not finite)
    and refuses them with :func:`missing_value_error`; a pass over every value the less.
    """
    name = type(estimator).__name__
    if isinstance(X, pd.Series):
        raise NbteachError(tr({"en": "X is one Series: pass a DataFrame (X.to_frame() for one column, "
                                     "X.to_frame().T for one row).",
                               "zh": "X 是一个 Series：请给 DataFrame（一列用 X.to_frame()，"
                                     "一行用 X.to_frame().T）。"}))
    if not isinstance(X, pd.DataFrame):
        if is_sparse(X):
            raise NbteachError(tr({"en": f"X is a scipy sparse matrix; {name} takes a pandas DataFrame or a "
                                         "dense 2-D array of numbers (X.toarray()).",
                                   "zh": f"X 是 scipy 稀疏矩阵；{name} 需要 pandas DataFrame 或稠密的"
                                         "二维数值数组（X.toarray()）。"}))
        arr = np.asarray(X)
        what = tr({"en": f"{name} takes a pandas DataFrame (its column types say which attributes are "
                         "categorical and which numeric); a plain array is accepted only if it is 2-D "
                         f"and all numbers. Got {type(X).__name__} of shape {arr.shape}",
                   "zh": f"{name} 需要 pandas DataFrame（由列的类型区分离散属性与连续属性）；"
                         f"普通数组只有在二维且全是数时才接受。得到的是形状为 {arr.shape} 的 "
                         f"{type(X).__name__}"})
        if arr.dtype.kind == "c":
            raise NbteachError(tr({"en": f"Complex data not supported: {what}, of complex numbers.",
                                   "zh": f"含有复数，不支持（Complex data not supported）：{what}，元素是复数。"}))
        if arr.ndim != 2:
            raise NbteachError(tr({"en": f"{what}. Reshape your data either using X.reshape(-1, 1) if it has "
                                         "a single feature or X.reshape(1, -1) if it is a single example.",
                                   "zh": f"{what}。只有一个属性时用 X.reshape(-1, 1)，只有一个样本时用 "
                                         "X.reshape(1, -1)（Reshape your data）。"}))
        if arr.dtype.kind == "O":   # numbers stored as objects are numbers, as in scikit-learn
            try:
                arr = arr.astype(float)
            except (TypeError, ValueError) as err:
                raise NbteachTypeError(tr({"en": f"{what}: {err}.", "zh": f"{what}：{err}。"})) from None
        if arr.dtype.kind not in "biuf":
            raise NbteachError(tr({"en": f"{what}.", "zh": f"{what}。"}))
        X = pd.DataFrame(arr)
    if len(X) == 0:
        raise NbteachError(tr({"en": "X has no rows: give at least one example.",
                               "zh": "X 没有行：至少给一个样本。"}))
    if X.shape[1] == 0:
        raise NbteachError(tr({"en": f"X has no columns: give at least one attribute (X has 0 feature(s) "
                                     f"(shape={X.shape}) while a minimum of 1 is required).",
                               "zh": f"X 没有列：至少给一个属性（X has 0 feature(s) "
                                     f"(shape={X.shape}) while a minimum of 1 is required）。"}))
    if not fitting:
        X = check_columns(X, estimator)
    for c in X.columns if missing else ():
        refuse_missing(c, X[c])
    return X


# ---------------------------------------------------------------- documents
def check_documents(docs, name: str = "documents") -> list:
    """``docs`` as a list of strings, one per document, or a clear error."""
    if isinstance(docs, str):
        raise NbteachError(tr({
            "en": f"{name} must be a list of strings, one per document, but got a single string. "
                  f'Wrap it in a list: ["{docs[:30]}..."].',
            "zh": f"{name} 必须是字符串的列表，每篇文档一个，但得到的是一个字符串。"
                  f'请把它放进列表：["{docs[:30]}..."]。'}))
    if is_sparse(docs):
        raise NbteachTypeError(tr({
            "en": f"{name} is a scipy sparse matrix ({type(docs).__name__}), but TextNB takes raw text: a "
                  "list of strings, one per document. Word counts already in a matrix go to "
                  "nbteach.MultinomialNB.",
            "zh": f"{name} 是 scipy 稀疏矩阵（{type(docs).__name__}），而 TextNB 需要原始文本："
                  "字符串的列表，每篇文档一个。已经在矩阵里的词频请交给 nbteach.MultinomialNB。"}))
    if docs is None or not hasattr(docs, "__iter__"):
        raise NbteachTypeError(tr({"en": f"{name} must be a list of strings, got {type(docs).__name__}.",
                                   "zh": f"{name} 必须是字符串的列表，得到的是 {type(docs).__name__}。"}))
    docs = list(docs)
    if not docs:
        raise NbteachError(tr({"en": f"{name} is empty: give at least one document.",
                               "zh": f"{name} 是空的：至少给一篇文档。"}))
    if all(map(isinstance, docs, repeat(str))):      # checked in C; the loop finds the culprit
        return docs
    for i, d in enumerate(docs):
        if not isinstance(d, str):
            raise NbteachTypeError(tr({
                "en": f"{name}[{i}] is {type(d).__name__} ({d!r}), not a string: every document "
                      "must be text (missing values must be dropped or replaced first).",
                "zh": f"{name}[{i}] 是 {type(d).__name__}（{d!r}），不是字符串：每篇文档都必须是文本"
                      "（缺失值要先删去或替换）。"}))
    return docs


# ---------------------------------------------------------------- a Bayesian network and its data
def is_bayes_net(obj) -> bool:
    """Whether ``obj`` is a Bayesian network as ``nbteach.bayesnet`` makes them (its structure
    and table methods), told without importing the network module (which imports the
    algorithms that ask)."""
    return all(hasattr(obj, a) for a in ("nodes", "edges", "parents", "get_cpds", "add_cpds", "check_model"))


def missing_node_value_error(v):
    """The error for a missing value in node ``v``'s column of a network's data."""
    return NbteachError(tr({"en": f"column {v!r} has missing values; counting needs every value.",
                            "zh": f"列 {v!r} 有缺失值；计数需要每一个值。"}))


def check_node_data(data, nodes, *, missing: bool = True) -> None:
    """``data`` must be a DataFrame with one column per node, rows, and no missing value.

    ``missing=False``: missing values are left to the caller, which finds them as it encodes
    the columns (a missing value gets no code) and refuses them with
    :func:`missing_node_value_error`; a pass over every value the less."""
    if not isinstance(data, pd.DataFrame):
        raise NbteachError(tr({"en": f"data must be a pandas DataFrame with one column per node; got "
                                     f"{type(data).__name__}.",
                               "zh": f"data 必须是 pandas DataFrame，每个结点一列；得到的是 "
                                     f"{type(data).__name__}。"}))
    if len(data) == 0:
        raise NbteachError(tr({"en": "data has no rows.", "zh": "data 没有行。"}))
    unknown = [c for c in data.columns if c not in nodes]
    if unknown:
        raise NbteachError(tr({"en": f"data has column(s) {', '.join(map(repr, unknown))} that the network "
                                     f"does not know; its nodes are {', '.join(map(repr, nodes))}.",
                               "zh": f"data 有网络不认识的列 {', '.join(map(repr, unknown))}；"
                                     f"网络的结点是 {', '.join(map(repr, nodes))}。"}))
    missing = [v for v in nodes if v not in data.columns]
    if missing:
        raise NbteachError(tr({"en": f"data has no column for {', '.join(map(repr, missing))}.",
                               "zh": f"data 缺少结点 {', '.join(map(repr, missing))} 的列。"}))
    for v in nodes if missing else ():
        if data[v].isna().any():
            raise missing_node_value_error(v)


# ---------------------------------------------------------------- the entry point
_NO_Y = object()


def validate_data(estimator, X, y=_NO_Y, *, reset: bool, kind: str = "numeric",
                  positive: bool = False, by_name: bool = True, missing: bool = True):
    """Check X (and y) for ``estimator``, as scikit-learn's ``validate_data``.

    ``reset=True`` (in fit): X may have any features. ``reset=False`` (in predict): the
    estimator must be fitted and X must have the features it was fitted on.

    ``kind``: ``"numeric"`` returns X as a float64 array (``positive``: refuse negative
    values) and y as ``(classes, y_index)``; ``"categories"`` returns X as a DataFrame of
    labels and y as a list of labels, one per row; ``"frame"`` returns a DataFrame of mixed
    columns and y as ``(classes, y_index)``; ``"documents"`` a list of strings (one per
    document) and y as ``(classes, y_index)``. Without y, only X is returned.
    ``missing=False`` (kind "frame"): see :func:`check_frame`.
    """
    if not reset:
        check_is_fitted(estimator)
    if kind == "numeric":
        X = check_array(X, estimator, fitting=reset, positive=positive)
    elif kind == "categories":
        X = check_category_table(X)
        if not reset:
            X = check_columns(X, estimator, by_name=by_name)
    elif kind == "frame":
        X = check_frame(X, estimator, fitting=reset, missing=missing)
    elif kind == "documents":
        X = check_documents(X)
    else:
        raise NbteachError(tr({"en": f"kind must be 'numeric', 'categories', 'frame' or 'documents', got {kind!r}.",
                               "zh": f"kind 必须是 'numeric'、'categories'、'frame' 或 'documents'，"
                                     f"得到的是 {kind!r}。"}))
    if y is _NO_Y:
        return X
    if kind == "categories":
        labels = check_category_labels(y)
        check_same_length(X, labels, len(X), len(labels))
        return X, labels
    return X, check_y(y, len(X), estimator)
