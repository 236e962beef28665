r"""Naive Bayes over a table that mixes categorical and numeric attributes.

The textbooks students read beside the notes (Zhou's 机器学习, section 7.3) classify the
watermelon data this way: a categorical attribute is counted,

.. math:: P(x_i \mid c) = \frac{|D_{c,x_i}| + \alpha}{|D_c| + \alpha N_i}

(N_i the attribute's number of distinct training values; alpha = 0 the plain frequency,
1 Laplace), and a numeric attribute is normal within each class,
p(x_i|c) = N(x_i; mu_{c,i}, sigma^2_{c,i}) (a density, not a probability: it can exceed 1).
The variance divides by n_c - ddof: ``ddof=0`` is the maximum-likelihood variance that
scikit-learn uses, ``ddof=1`` the sample variance of the textbooks. The prior is
n_c / n; the textbook's Laplace-smoothed prior (n_c + 1)/(n + N) is kept in
``smoothed_prior_`` to show beside it, not used.

MixedNB is composed of nbteach's own models: a :class:`~nbteach.categorical.CategoricalNB`
counts the categorical columns and a :class:`~nbteach.gaussian.GaussianNB` fits the
numeric ones; their per-attribute log factors (``log_factors``) are added to log P(c).
With only numeric columns MixedNB is scikit-learn's ``GaussianNB(var_smoothing=0)``; with
only categorical ones its ``CategoricalNB(alpha=alpha)``. Computed in log space.
"""
from __future__ import annotations

import numbers
import warnings

import numpy as np
import pandas as pd

from ._base import NbteachError, user_stacklevel
from ._numeric import _BaseNB
from ._shown import shown
from ._validation import (check_alpha, check_category_table, check_is_fitted, missing_value_error, refuse_missing,
                          validate_data)
from .categorical import CategoricalNB
from .counts import encode, joint_counts
from .gaussian import GaussianNB
from .i18n import tr

__all__ = ["MixedNB"]


def _kind(series):
    """'categorical', 'numeric', or raise for a column mixing numbers and text."""

    dt = series.dtype
    if pd.api.types.is_bool_dtype(dt):
        return "categorical"
    if pd.api.types.is_numeric_dtype(dt) and not pd.api.types.is_complex_dtype(dt):
        return "numeric"
    if isinstance(dt, pd.CategoricalDtype):
        return "categorical"
    if pd.api.types.is_string_dtype(dt) and dt != object:
        return "categorical"                              # pandas' str / string dtype
    if dt == object:
        inferred = pd.api.types.infer_dtype(series, skipna=True)   # one pass, in C
        if inferred in ("string", "boolean", "empty", "categorical"):
            return "categorical"
        if inferred in ("integer", "floating", "mixed-integer-float", "decimal"):
            raise NbteachError(
                tr({"en": f"column {series.name!r} holds numbers stored as objects: convert it with "
                          ".astype(float) for a numeric attribute or .astype(str) for a categorical one.",
                    "zh": f"列 {series.name!r} 中的数以 object 类型保存：作为连续属性请用 .astype(float) 转换，作为离散属性请用 .astype(str)。"}))
        values = pd.unique(series.dropna())
        nums = [v for v in values if isinstance(v, (numbers.Number, np.number))
                and not isinstance(v, (bool, np.bool_))]
        texts = [v for v in values if isinstance(v, str)]
        if nums and texts:
            raise NbteachError(
                tr({"en": f"column {series.name!r} mixes numbers and text (e.g. {nums[0]!r} and "
                          f"{texts[0]!r}): make it one type, .astype(str) for a categorical attribute or "
                          "pd.to_numeric(...) for a numeric one.",
                    "zh": f"列 {series.name!r} 中数和文本混在一起（如 {nums[0]!r} 和 {texts[0]!r}）：请统一为一种类型，离散属性用 .astype(str)，连续属性用 pd.to_numeric(...)。"}))
        if nums and any(isinstance(v, (bool, np.bool_)) for v in values):
            raise NbteachError(
                tr({"en": f"column {series.name!r} mixes numbers and True/False, which pandas compares as "
                          "equal (True == 1): make it one type first.",
                    "zh": f"列 {series.name!r} 中数和 True/False 混在一起，而 pandas 认为二者相等（True == 1）：请先统一为一种类型。"}))
        return "categorical"
    raise NbteachError(tr({"en": f"column {series.name!r} has dtype {dt}, which MixedNB cannot use: give "
                                 "categories (strings, bool, category) or numbers.",
                           "zh": f"列 {series.name!r} 的 dtype 是 {dt}，MixedNB 无法使用：请给出类别型数据（字符串、bool、category）或数值。"}))


def _finite(X, columns, Xn):
    """``Xn``, the columns ``columns`` of X as floats, if every value is finite; else the error
    for the first missing value (NaN, in the columns' order) or for inf."""
    if not np.all(np.isfinite(Xn)):
        gaps = np.isnan(Xn)
        if gaps.any():
            j = int(np.argmax(gaps.any(axis=0)))
            raise missing_value_error(columns[j], X.index[int(np.argmax(gaps[:, j]))])
        raise NbteachError(tr({"en": "a numeric column holds inf: give finite numbers.",
                               "zh": "某个数值列中有 inf：请给出有限的数。"}))
    return Xn


def _labels(y):
    """y as an array: numbers keep their dtype (as in scikit-learn); other labels given without
    a dtype (a list of strings) stay Python objects, so classes_ holds them as written."""
    if y is None or hasattr(y, "dtype"):
        return y if y is None else np.asarray(y)
    arr = np.asarray(y)
    return arr if arr.dtype.kind in "biuf" else np.asarray(y, dtype=object)


class MixedNB(_BaseNB):
    """Naive Bayes on a DataFrame of categorical and numeric columns.

    Parameters
    ----------
    alpha : float, default 1.0
        Smoothing of the categorical attributes (0: frequencies, 1: Laplace).
    ddof : {0, 1}, default 0
        The numeric attributes' variance divides by n_c - ddof (0: scikit-learn, 1: the
        textbooks' sample variance).
    var_floor : float, default 0.0
        Added to every numeric variance. With 0, a numeric column that is constant within
        a class (variance 0, a density that is infinite) is refused with a message.

    Attributes
    ----------
    classes_, class_count_, class_prior_ (n_c/n), smoothed_prior_ ((n_c+1)/(n+N))
    categorical_columns_, numeric_columns_ : lists of column names
    category_probs_ : dict column -> DataFrame (classes x training values) of P(x_i|c)
    theta_, var_ : DataFrames (classes x numeric columns) of the means and variances

    Examples
    --------
    >>> from nbteach.datasets import watermelon
    >>> df = watermelon()
    >>> nb = MixedNB(alpha=0, ddof=1).fit(df.drop(columns="好瓜"), df["好瓜"])
    >>> nb.categorical_columns_, nb.numeric_columns_
    (['色泽', '根蒂', '敲声', '纹理', '脐部', '触感'], ['密度', '含糖率'])
    >>> nb.predict(df.drop(columns="好瓜").iloc[:1]).tolist()
    ['是']
    """

    def __init__(self, alpha=1.0, ddof=0, var_floor=0.0):
        self.alpha = alpha
        self.ddof = ddof
        self.var_floor = var_floor

    def fit(self, X, y):
        """Count the categorical columns (a CategoricalNB), fit a Gaussian per class to the
        numeric ones (a GaussianNB); the prior is n_c / n."""
        check_alpha(self.alpha)
        if self.ddof not in (0, 1) or isinstance(self.ddof, bool):
            raise NbteachError(tr({"en": f"ddof must be 0 (maximum-likelihood variance, as scikit-learn) or 1 "
                                         f"(the sample variance of the textbooks), got {self.ddof!r}.",
                                   "zh": f"ddof 必须是 0（极大似然估计的方差，与 scikit-learn 相同）或 1（教材中的样本方差），你给的是 {self.ddof!r}。"}))
        vf = self.var_floor
        if isinstance(vf, bool) or not isinstance(vf, numbers.Real) or not (vf >= 0) or not np.isfinite(vf):
            raise NbteachError(tr({"en": f"var_floor must be a finite number >= 0, got {vf!r}.",
                                   "zh": f"var_floor 必须是 >= 0 的有限数，你给的是 {vf!r}。"}))
        # missing values are found as the columns are read: a category gets no code, a number is NaN
        X, (classes, y_idx) = validate_data(self, X, _labels(y), reset=True, kind="frame", missing=False)
        K, n = len(classes), len(X)
        self.classes_ = classes
        self.feature_names_in_ = np.asarray(list(X.columns), dtype=object)
        self.n_features_in_ = X.shape[1]
        kinds = {c: _kind(X[c]) for c in X.columns}
        self.categorical_columns_ = [c for c in X.columns if kinds[c] == "categorical"]
        self.numeric_columns_ = [c for c in X.columns if kinds[c] == "numeric"]
        count = joint_counts([y_idx], [K]).astype(float)
        self.class_count_ = count
        self.class_prior_ = count / n
        self.smoothed_prior_ = (count + 1) / (n + K)
        self._levels, self.category_probs_, self.category_counts_ = {}, {}, {}
        self._categorical = None
        if self.categorical_columns_:
            # the values sorted (CategoricalNB's order), a Categorical's in its own order
            ordered = {c: list(pd.factorize(X[c], sort=True)[1]) for c in self.categorical_columns_
                       if isinstance(X[c].dtype, pd.CategoricalDtype)}
            objects = [c for c in self.categorical_columns_ if X[c].dtype == object]
            for c in objects:                       # its missing values named before the rest
                refuse_missing(c, X[c])
            if objects:
                check_category_table(X[objects])    # e.g. a dict in a column of labels
            self._categorical = CategoricalNB(alpha=float(self.alpha), categories=ordered or None)._fit(
                X[self.categorical_columns_], y_idx, list(range(K)), float(self.alpha), None)
            for m, c in enumerate(self.categorical_columns_):
                levels = self._categorical.categories_[m].tolist()
                self._levels[c] = pd.Index(levels)
                probs = self._categorical.tables_[c].to_numpy(dtype=float).T
                self.category_probs_[c] = pd.DataFrame(probs, index=classes, columns=levels)
                self.category_counts_[c] = pd.DataFrame(
                    self._categorical.category_count_[m].astype(int), index=classes, columns=levels)
        self._gaussian = None
        if self.numeric_columns_:
            Xn = _finite(X, self.numeric_columns_, X[self.numeric_columns_].to_numpy(dtype=float))
            small = [classes.tolist()[k] for k in range(K) if count[k] - self.ddof <= 0]
            if small:
                raise NbteachError(
                    tr({"en": f"class {small[0]!r} has {int(count[classes.tolist().index(small[0])])} row(s): "
                              f"its variance with ddof={self.ddof} divides by n_c - ddof = 0. Use ddof=0, or "
                              "more data.",
                        "zh": f"类别 {small[0]!r} 只有 {int(count[classes.tolist().index(small[0])])} 行：ddof={self.ddof} 时它的方差要除以 n_c - ddof = 0。请用 ddof=0，或增加数据。"}))
            ml = GaussianNB(var_smoothing=0.0)._fit(Xn, classes, y_idx, None)   # the ML variance
            var = ml.var_ * (count / (count - self.ddof))[:, None] if self.ddof else ml.var_.copy()
            var += vf
            zero = np.argwhere(var <= 0)
            if len(zero):
                k, j = zero[0]
                raise NbteachError(
                    tr({"en": f"numeric column {self.numeric_columns_[j]!r} is constant within class "
                              f"{classes.tolist()[k]!r} (variance 0"
                              + (", the class has 1 sample" if count[k] == 1 else "") + "), so its normal density is infinite at that value "
                              "and 0 elsewhere. Pass var_floor (e.g. 1e-9 times the column's variance), or "
                              "treat the column as categorical (.astype(str)).",
                        "zh": f"数值列 {self.numeric_columns_[j]!r} 在类别 {classes.tolist()[k]!r} 中是常数（方差为 0" + ("，该类别只有 1 个样本" if count[k] == 1 else "") + "），所以它的正态密度在该值处无穷大、在其他地方为 0。请传入 var_floor（如该列方差的 1e-9 倍），或把这一列当作离散属性（.astype(str)）。"}))
            self._gaussian = GaussianNB.from_parameters(ml.theta_, var, self.class_prior_)
            self.theta_ = pd.DataFrame(ml.theta_, index=classes, columns=self.numeric_columns_)
            self.var_ = pd.DataFrame(var, index=classes, columns=self.numeric_columns_)
        else:
            self.theta_ = pd.DataFrame(index=classes)
            self.var_ = pd.DataFrame(index=classes)
        return self

    # -- scoring ---------------------------------------------------------------------
    def _check_X(self, X):
        """X checked against the fit: (the table, the categorical columns' value indices in
        CategoricalNB's order, the numeric columns as floats)."""
        X = validate_data(self, X, reset=False, kind="frame", missing=False)   # missing: found below
        codes = np.empty((len(X), len(self.categorical_columns_)), dtype=np.intp, order="F")  # a column a block
        for m, c in enumerate(self.categorical_columns_):
            if _kind(X[c]) != "categorical":
                raise NbteachError(tr({"en": f"column {c!r} was categorical in fit but holds numbers now.",
                                       "zh": f"列 {c!r} 在 fit 时是离散属性，现在却是数值。"}))
            codes[:, m] = encode(X[c], self._levels[c], unseen=-1)[0]
            seen = codes[:, m] >= 0
            if not seen.all():
                refuse_missing(c, X[c][~seen])          # a missing value gets no code either
                unseen = X[c][~seen].unique().tolist()
                if float(self.alpha) == 0:
                    raise NbteachError(
                        tr({"en": f"column {c!r}: value(s) {unseen} never occur in training, and with alpha=0 "
                                  "their probability is 0/0 in every class. Use alpha > 0 (1 is Laplace).",
                            "zh": f"列 {c!r}：取值 {unseen} 在训练数据中从未出现，alpha=0 时它们在每个类别中的概率都是 0/0。请用 alpha > 0（1 即拉普拉斯修正）。"}))
                warnings.warn(
                    tr({"en": f"column {c!r}: value(s) {unseen} never occur in training; they count as 0 in "
                              f"every class: P = alpha / (n_c + alpha N_i).",
                        "zh": f"列 {c!r}：取值 {unseen} 在训练数据中从未出现；它们在每个类别中都按 0 次计："
                              f"P = alpha / (n_c + alpha N_i)。"}), UserWarning, stacklevel=user_stacklevel())
        Xn = None
        if self.numeric_columns_:
            if any(_kind(X[c]) != "numeric" for c in self.numeric_columns_):
                bad = [c for c in self.numeric_columns_ if _kind(X[c]) != "numeric"][0]
                raise NbteachError(tr({"en": f"column {bad!r} was numeric in fit but holds text now.",
                                       "zh": f"列 {bad!r} 在 fit 时是数值，现在却是文本。"}))
            Xn = _finite(X, self.numeric_columns_, X[self.numeric_columns_].to_numpy(dtype=float))
        return X, codes, Xn

    def _factors(self, checked):
        """The log prior, and the log factor of each column of ``_check_X``'s output in the
        columns' order, each one row per class (n_classes, n_samples): CategoricalNB's and
        GaussianNB's own."""
        _, codes, Xn = checked
        position = {c: m for m, c in enumerate(self.categorical_columns_)}
        position.update((c, j) for j, c in enumerate(self.numeric_columns_))
        with np.errstate(divide="ignore"):
            log_prior = np.log(self.class_prior_)
        factors = (self._categorical._log_factor(position[c], codes[:, position[c]]) if c in self._levels
                   else self._gaussian._log_factor(Xn[:, position[c]], position[c])
                   for c in self.feature_names_in_)
        return log_prior, factors

    def _joint_log_likelihood(self, checked):
        """log P(c) + sum_i log P(x_i|c) (densities for numeric columns), one column per class
        (a class's numbers side by side in memory, as they were summed)."""
        log_prior, factors = self._factors(checked)
        jll = np.empty((len(log_prior), len(checked[0])))
        jll[:] = log_prior[:, None]
        for factor in factors:            # added one attribute at a time, in the columns' order
            jll += factor
        return jll.T

    def _zero_row_error(self, row):
        return NbteachError(
            tr({"en": f"row {row} has probability 0 under every class (with alpha=0 a value never seen "
                      "with a class gives 0), so the posterior 0/0 is undefined: use alpha > 0.",
                "zh": f"第 {row} 行在每个类别下的概率都是 0（alpha=0 时，某个类别中从未出现的取值概率为 0），"
                      "所以后验概率 0/0 无定义：请用 alpha > 0。"}))

    def explain(self, x):
        """Every factor of P(c) prod_i P(x_i|c) for one row, as the textbook writes it.

        Returns a DataFrame: one column per class; rows P(c), one row per attribute
        (P(col=value|c) for a categorical one, the density p(col=value|c) for a numeric
        one), the product ``score`` and the normalised ``posterior``. The decision is in
        ``.attrs["decision"]``.
        """

        if isinstance(x, dict):
            x = pd.DataFrame([x])
        elif isinstance(x, pd.Series):
            x = x.to_frame().T.infer_objects()
        if not isinstance(x, pd.DataFrame) or len(x) != 1:
            raise NbteachError(tr({"en": "explain takes one row: a dict column -> value, a Series or a one-row "
                                         "DataFrame (X.iloc[[i]]).",
                                   "zh": "explain 只接受一行：“列 -> 取值”的字典、一个 Series，或只有一行的 DataFrame（X.iloc[[i]]）。"}))
        x = x.copy()
        for c in getattr(self, "numeric_columns_", []):
            if c in x.columns and x[c].dtype == object:
                try:
                    x[c] = x[c].astype(float)
                except (TypeError, ValueError):
                    pass
        check_is_fitted(self)
        checked = self._check_X(x)
        X = checked[0]
        log_prior, factors = self._factors(checked)
        cols = [factor.T for factor in factors]
        index = ["P(c)"]
        rows = [np.exp(log_prior)]
        for c, col in zip(self.feature_names_in_, cols):
            sym = "P" if c in self.categorical_columns_ else "p"
            index.append(f"{sym}({c}={X[c].iloc[0]}|c)")
            rows.append(np.exp(col[0]))
        score = np.exp(log_prior + np.sum([col[0] for col in cols], axis=0))
        jll = log_prior + np.sum([col[0] for col in cols], axis=0)
        post = np.exp(self._normalise(jll[None, :])[0]) if np.isfinite(jll).any() else np.full_like(jll, np.nan)
        frame = pd.DataFrame(np.vstack(rows + [score, post]), index=index + ["score", "posterior"],
                             columns=list(self.classes_))
        frame.attrs["decision"] = self.classes_[int(np.argmax(jll))] if np.isfinite(jll).any() else None

        return shown(frame, "score", "posterior")
