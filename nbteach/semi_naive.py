r"""Semi-naive Bayes (note 002, 半朴素贝叶斯): one-dependence estimators, SPODE, AODE and TAN
(Zhou section 7.4; TAN is documented in its class).

Naive Bayes assumes every attribute independent given the class. A one-dependence
estimator lets each attribute depend on the class and on **one** other attribute. In a
SPODE (super-parent ODE) that other attribute is the same for all, the super-parent
x_i:

.. math::

    P(c \mid x) \propto P(c, x_i) \prod_{j \ne i} P(x_j \mid c, x_i),\qquad
    P(c, x_i) = \frac{|D_{c,x_i}| + \alpha}{|D| + \alpha N N_i},\qquad
    P(x_j \mid c, x_i) = \frac{|D_{c,x_i,x_j}| + \alpha}{|D_{c,x_i}| + \alpha N_j}

(N classes, N_i values of attribute i in the training data). AODE averages the SPODEs:
it sums their numerators over the attributes i whose value x_i occurs in at least ``m``
training rows (so that P(c, x_i) rests on enough data), and falls back to naive Bayes,
P(c) \prod_j P(x_j | c) with P(c) = (|D_c| + alpha)/(|D| + alpha N) and
P(x_j | c) = (|D_{c,x_j}| + alpha)/(|D_c| + alpha N_j), where no attribute qualifies.

>>> from nbteach import flu_cold
>>> df = flu_cold()
>>> X, y = df.drop(columns="Diagnosis"), df["Diagnosis"]
>>> q = X.iloc[[0]]
>>> AODE(alpha=1).fit(X, y).predict(q).tolist()
['Flu']
"""
from __future__ import annotations

import numbers
import warnings
from fractions import Fraction

import numpy as np
import pandas as pd

from ._base import NbteachError, log_sum_exp, user_stacklevel
from ._numeric import _BaseNB
from ._shown import shown
from ._validation import check_alpha, check_category_labels, check_category_table, check_is_fitted, validate_data
from .categorical import UnseenCategoryWarning
from .counts import encode, joint_counts, sorted_labels
from .i18n import tr

__all__ = ["SPODE", "AODE", "TAN", "conditional_mutual_information", "maximum_spanning_tree"]


class _OneDependence(_BaseNB):
    """Counting shared by SPODE, AODE and TAN; each gives ``_log_joint``, the log of its
    numerator of P(c | x) for every row and class."""

    def _prepare(self, X, y, min_features=2):
        """Validate X and y, record classes_, feature names and categories; return the
        class index of every row and the integer codes of X."""

        check_alpha(self.alpha)
        df, labels = validate_data(self, X, y, reset=True, kind="categories")
        if df.shape[1] < min_features:
            raise NbteachError(tr({"en": "a one-dependence estimator needs at least two attributes (columns); "
                                         f"X has {df.shape[1]} feature(s).",
                                   "zh": f"独依赖估计至少需要两个属性（列）；X 只有 {df.shape[1]} 个。"}))
        self.classes_ = np.asarray(sorted_labels(labels), dtype=object)
        if len({type(c) for c in self.classes_}) == 1:
            self.classes_ = np.array(self.classes_.tolist())  # labels keep their dtype, as in scikit-learn
        if len(self.classes_) < 2:
            raise NbteachError(tr({"en": f"y has a single class ({self.classes_[0]!r}): a classifier needs two "
                                         "(1 class in y).",
                                   "zh": f"y 只有一个类别（{self.classes_[0]!r}）：分类器需要两个类别（1 class in y）。"}))
        self.feature_names_in_ = np.asarray(list(df.columns), dtype=object)
        self.n_features_in_ = df.shape[1]
        self.categories_ = [sorted_labels(df[c].tolist()) for c in df.columns]
        for col, cats in zip(df.columns, self.categories_):
            if any(v is None or (isinstance(v, float) and v != v) for v in cats):
                raise NbteachError(tr({"en": f"column {col!r} has missing values; fill or drop them first.",
                                       "zh": f"列 {col!r} 中有缺失值；请先填补或删去。"}))
        yc, _ = encode(labels, self.classes_.tolist())
        codes = self._codes(df, warn=False)
        self.n_samples_ = len(df)
        K = len(self.classes_)
        self.class_count_ = joint_counts([yc], [K]).astype(float)
        self.pair_count_ = [joint_counts([yc, codes[:, i]], [K, len(c)])
                            for i, c in enumerate(self.categories_)]
        return yc, codes

    def _count_triples(self, yc, codes, pairs):
        """triple_count_[i, j][c, x_i, x_j] = |D_{c, x_i, x_j}| for each (i, j) in ``pairs``."""

        N = len(self.classes_)
        sizes = [len(c) for c in self.categories_]
        self.triple_count_ = {}
        for i, j in pairs:
            self.triple_count_[i, j] = joint_counts([yc, codes[:, i], codes[:, j]], [N, sizes[i], sizes[j]])

    def _fit_counts(self, X, y):
        yc, codes = self._prepare(X, y)
        d = codes.shape[1]
        self._count_triples(yc, codes, [(i, j) for i in range(d) for j in range(d) if i != j])
        return self

    def _codes(self, X, warn=True):
        df = validate_data(self, X, reset=False, kind="categories")
        names = list(self.feature_names_in_)
        out = np.empty(df.shape, dtype=np.intp)
        for i, (col, cats) in enumerate(zip(names, self.categories_)):
            vals = df[col].tolist()
            out[:, i] = encode(vals, cats, unseen=-1)[0]
            unseen = sorted({repr(v) for v, k in zip(vals, out[:, i]) if k < 0})
            if unseen and warn:
                warnings.warn(tr({"en": f"column {col!r}: value(s) {', '.join(unseen)} never seen in training; "
                                        "counted as 0 (smoothing gives them alpha).",
                                  "zh": f"列 {col!r}：取值 {', '.join(unseen)} 在训练数据中从未出现；按 0 次计（平滑会给它们 alpha）。"}), UnseenCategoryWarning,
                              stacklevel=user_stacklevel())
        return out

    def _one_sample(self, x):
        """``explain``'s sample (a dict, a Series or a one-row table) and its codes."""
        if isinstance(x, pd.Series):
            x = x.to_dict()
        row = pd.DataFrame([x]) if isinstance(x, dict) else check_category_table(x)
        if len(row) != 1:
            raise NbteachError(tr({"en": f"explain takes one sample; got {len(row)} rows.",
                                   "zh": f"explain 只接受一个样本；你给了 {len(row)} 行。"}))
        return row, self._codes(row)

    def _log_spode(self, codes, i):
        """log of the SPODE numerator with super-parent i, shape (n_samples, n_classes)."""

        a = float(self.alpha)
        N = len(self.classes_)
        sizes = [len(c) for c in self.categories_]
        xi = codes[:, i]
        seen = xi >= 0
        pair = np.where(seen[:, None], self.pair_count_[i][:, np.maximum(xi, 0)].T, 0.0)  # (n, N)
        with np.errstate(divide="ignore", invalid="ignore"):
            out = np.log(pair + a) - np.log(self.n_samples_ + a * N * sizes[i])
            for j in range(len(sizes)):
                if j == i:
                    continue
                xj = codes[:, j]
                ok = seen & (xj >= 0)
                tri = self.triple_count_[i, j][:, np.maximum(xi, 0), np.maximum(xj, 0)].T  # (n, N)
                tri = np.where(ok[:, None], tri, 0.0)
                num, den = tri + a, pair + a * sizes[j]
                # where P(c, x_i) = 0 the product is 0 whatever this factor; avoid 0/0
                term = np.where(den > 0, np.log(num) - np.log(np.where(den > 0, den, 1.0)), 0.0)
                out = out + term
        return out

    def _log_naive(self, codes):
        a = float(self.alpha)
        N = len(self.classes_)
        with np.errstate(divide="ignore"):
            out = np.log(self.class_count_ + a) - np.log(self.n_samples_ + a * N)
            out = np.broadcast_to(out, (len(codes), N)).copy()
            for j, cats in enumerate(self.categories_):
                xj = codes[:, j]
                cnt = np.where((xj >= 0)[:, None], self.pair_count_[j][:, np.maximum(xj, 0)].T, 0.0)
                out += np.log(cnt + a) - np.log(self.class_count_ + a * len(cats))
        return out

    # predict, predict_proba and predict_log_proba are _BaseNB's, on these two
    def _check_X(self, X):
        return self._codes(X)

    def _joint_log_likelihood(self, codes):
        """``_log_joint``, refusing a row where every class scores 0 (``predict`` too)."""
        log_joint = self._log_joint(codes)
        dead = ~np.isfinite(log_joint).any(axis=1)
        if dead.any():
            raise self._zero_row_error(int(np.flatnonzero(dead)[0]))
        return log_joint

    def _zero_row_error(self, row):
        return NbteachError(tr({
            "en": f"every class scores 0 for sample {row}, so "
                  "P(c|x) is undefined: use alpha > 0.",
            "zh": f"样本 {row} 在每个类上的得分都是 0，所以 P(c|x) 没有定义："
                  "请用 alpha > 0。"}))


class SPODE(_OneDependence):
    """Super-parent one-dependence estimator (see the module docstring for the formulas).

    Parameters
    ----------
    parent : column name, int position, or "cv"
        The super-parent attribute. ``"cv"`` picks the attribute with the best 5-fold
        cross-validated accuracy on the training data (``cv_scores_`` keeps them, and
        ``cv_fold_scores_`` each fold's accuracy, one row a fold: the spread behind the choice).
    alpha : float >= 0
        Lidstone pseudo-count (1: Laplace).
    """

    def __init__(self, parent="cv", alpha=1.0):
        self.parent = parent
        self.alpha = alpha

    def fit(self, X, y):
        self._fit_counts(X, y)
        names = list(self.feature_names_in_)
        if isinstance(self.parent, str) and self.parent == "cv" and "cv" not in names:
            df, labels = check_category_table(X), np.asarray(check_category_labels(y), dtype=object)
            rng = np.random.default_rng(0)
            folds = np.array_split(rng.permutation(len(df)), min(5, len(df)))
            scores, per_fold = {}, {}
            for name in names:
                acc = []
                for k, test in enumerate(folds):
                    train = np.concatenate([f for f2, f in enumerate(folds) if f2 != k])
                    if len(set(labels[train].tolist())) < 2:
                        continue
                    model = SPODE(parent=name, alpha=self.alpha).fit(df.iloc[train], labels[train])
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore", UnseenCategoryWarning)
                        try:
                            acc.append(float(np.mean(model.predict(df.iloc[test]) == labels[test])))
                        except NbteachError:
                            acc.append(0.0)
                scores[name] = float(np.mean(acc)) if acc else 0.0
                per_fold[name] = acc
            # the name shows in the student's language; in code it stays "cross-validated accuracy"
            self.cv_scores_ = shown(pd.Series(scores, name="cross-validated accuracy"), "cross-validated accuracy")
            self.parent_ = max(names, key=lambda n: (scores[n], -names.index(n)))
            self.cv_fold_scores_ = pd.DataFrame(per_fold).rename_axis("fold")   # the same folds for every candidate
        elif isinstance(self.parent, int) and not isinstance(self.parent, bool):
            if not 0 <= self.parent < len(names):
                raise NbteachError(tr({"en": f"parent={self.parent} is not a column position (0..{len(names) - 1}).",
                                       "zh": f"parent={self.parent} 不是列的位置（0..{len(names) - 1}）。"}))
            self.parent_ = names[self.parent]
        elif self.parent in names:
            self.parent_ = self.parent
        else:
            raise NbteachError(tr({"en": f"parent must be a column of X ({names}), its position, or 'cv'; "
                                         f"got {self.parent!r}.",
                                   "zh": f"parent 必须是 X 的一列（{names}）、列的位置，或 'cv'；你给的是 {self.parent!r}。"}))
        return self

    def _log_joint(self, codes):
        return self._log_spode(codes, list(self.feature_names_in_).index(self.parent_))

    def explain(self, x):
        """Every factor of P(c, x_i) prod_j P(x_j | c, x_i) for one sample, per class.

        ``x`` is a dict (or one-row DataFrame) of attribute values. Returns a DataFrame:
        one row per factor with its counts written out, then the product and P(c | x).
        """

        check_is_fitted(self, "parent_")
        row, codes = self._one_sample(x)
        names = list(self.feature_names_in_)
        i = names.index(self.parent_)
        a, N, n = float(self.alpha), len(self.classes_), self.n_samples_
        sizes = [len(c) for c in self.categories_]
        xi = codes[0, i]
        vi = row.iloc[0][self.parent_]
        pair = self.pair_count_[i][:, xi] if xi >= 0 else np.zeros(N)
        table = {f"P(c, {self.parent_}={vi})": [
            f"({int(pc)} + {a:g}) / ({n} + {a:g}*{N}*{sizes[i]})" for pc in pair]}
        for j, name in enumerate(names):
            if j == i:
                continue
            xj = codes[0, j]
            tri = (self.triple_count_[i, j][:, xi, xj] if xi >= 0 and xj >= 0 else np.zeros(N))
            table[f"P({name}={row.iloc[0][name]} | c, {self.parent_}={vi})"] = [
                f"({int(t)} + {a:g}) / ({int(pc)} + {a:g}*{sizes[j]})" for t, pc in zip(tri, pair)]
        out = pd.DataFrame(table, index=pd.Index(self.classes_, name="class")).T
        log_joint = self._log_joint(codes)
        joint = np.exp(log_joint[0])
        out.loc["product (score)"] = [f"{v:.6g}" for v in joint]
        out.loc["P(c | x)"] = [f"{v:.4f}" for v in np.exp(self._normalise(log_joint))[0]] \
            if joint.sum() > 0 else ["undefined"] * N

        return shown(out, "class", "product (score)", "undefined")


class AODE(_OneDependence):
    """Averaged one-dependence estimators (see the module docstring for the formulas).

    Parameters
    ----------
    m : int >= 0
        An attribute serves as super-parent for a sample only if the sample's value of it
        occurs in at least ``m`` training rows (Webb et al. use 30 on large data; note 002
        writes m').
    alpha : float >= 0
        Lidstone pseudo-count (1: Laplace).
    """

    def __init__(self, m=1, alpha=1.0):
        self.m = m
        self.alpha = alpha

    def fit(self, X, y):
        if not isinstance(self.m, int) or isinstance(self.m, bool) or self.m < 0:
            raise NbteachError(tr({"en": f"m must be an integer >= 0; got {self.m!r}.",
                                   "zh": f"m 必须是 >= 0 的整数；你给的是 {self.m!r}。"}))
        return self._fit_counts(X, y)

    def _serving(self, codes):
        """(attributes, n) booleans: attribute i serves as super-parent for row r, i.e. the
        row's value of it occurs in at least ``m`` training rows."""

        masks = []
        for i in range(codes.shape[1]):
            xi = codes[:, i]
            freq = np.where(xi >= 0, self.pair_count_[i].sum(axis=0)[np.maximum(xi, 0)], 0)
            masks.append(freq >= self.m)
        return np.stack(masks)

    def n_parents(self, X):
        """How many SPODEs AODE averages for each row of X (0: it falls back to naive Bayes).

        Read from the fitted counts and ``m``; predicting changes nothing in the model.

        >>> from nbteach import flu_cold
        >>> df = flu_cold()
        >>> X, y = df.drop(columns="Diagnosis"), df["Diagnosis"]
        >>> AODE(m=1).fit(X, y).n_parents(X.iloc[[0]]).tolist()
        [4]
        """
        check_is_fitted(self, "classes_")
        return self._serving(self._codes(X, warn=False)).sum(axis=0)

    def _log_joint(self, codes):
        parts = [self._log_spode(codes, i) for i in range(codes.shape[1])]
        stacked = np.stack(parts)                      # (attributes, n, N)
        mask = self._serving(codes)[:, :, None]        # (attributes, n, 1)
        total = log_sum_exp(np.where(mask, stacked, -np.inf), axis=0)   # the serving SPODEs summed
        none = ~mask[:, :, 0].any(axis=0)
        if none.any():
            total[none] = self._log_naive(codes[none])
        return total

    def explain(self, x, exact=False):
        r"""AODE for one sample, super-parent by super-parent.

        One row per attribute i: the sample's value x_i, how many training rows share it
        (|D_{x_i}|), whether it serves as super-parent (at least ``m`` rows), and per class
        the SPODE numerator P(c, x_i) \prod_{j \ne i} P(x_j | c, x_i). Then the sum over the
        serving rows (naive Bayes' P(c) \prod_j P(x_j | c) if none serves) and P(c | x).
        ``exact=True`` gives every number as a Fraction (alpha taken as the decimal it is
        written as); otherwise floats. ``SPODE(parent=...).explain`` writes out one row's
        factors with their counts.

        >>> from nbteach import watermelon
        >>> df = watermelon().iloc[:, :6].join(watermelon()["好瓜"])
        >>> X, y = df.drop(columns="好瓜"), df["好瓜"]
        >>> table = AODE(alpha=1).fit(X, y).explain(X.loc[1], exact=True)
        >>> table.loc["敲声", ["|D_{x_i}|", "serves"]].tolist()
        [10, True]
        >>> round(float(table.loc["P(c | x)", "是"]), 4)
        0.9633
        """
        check_is_fitted(self, "classes_")
        row, codes = self._one_sample(x)
        codes = codes[0]
        names = list(self.feature_names_in_)
        row = row[names]
        N, n = len(self.classes_), self.n_samples_
        sizes = [len(c) for c in self.categories_]
        if exact:
            a = Fraction(str(self.alpha)) if isinstance(self.alpha, float) else Fraction(self.alpha)
        else:
            a = float(self.alpha)

        def pair(i):
            return [int(self.pair_count_[i][c, codes[i]]) if codes[i] >= 0 else 0 for c in range(N)]

        def ratio(num, den):
            if den == 0:
                return Fraction(0) if exact else 0.0
            return Fraction(num) / den if exact else num / den

        def spode(i):
            out = []
            for c, d_ci in enumerate(pair(i)):
                p = ratio(d_ci + a, n + a * N * sizes[i])
                for j in range(len(names)):
                    if j != i:
                        tri = (int(self.triple_count_[i, j][c, codes[i], codes[j]])
                               if codes[i] >= 0 and codes[j] >= 0 else 0)
                        p = p * ratio(tri + a, d_ci + a * sizes[j]) if p else p
                out.append(p)
            return out

        def naive():
            out = []
            for c in range(N):
                p = ratio(int(self.class_count_[c]) + a, n + a * N)
                for j in range(len(names)):
                    d_cj = int(self.pair_count_[j][c, codes[j]]) if codes[j] >= 0 else 0
                    p = p * ratio(d_cj + a, int(self.class_count_[c]) + a * sizes[j])
                out.append(p)
            return out

        classes = self.classes_.tolist()
        records, total, serving = [], [0] * N, 0
        for i, name in enumerate(names):
            freq = sum(pair(i))
            serves = freq >= self.m
            nums = spode(i)
            if serves:
                serving += 1
                total = [t + v for t, v in zip(total, nums)]
            records.append({"value": row.iloc[0][name], "|D_{x_i}|": freq, "serves": serves,
                            **dict(zip(classes, nums))})
        out = pd.DataFrame(records, index=pd.Index(names, name="super-parent"))
        if not serving:
            total = naive()
            label = "naive Bayes (no super-parent has m rows)"
        else:
            label = f"sum of the {serving} serving SPODEs"
        s = sum(total)
        post = [t / s for t in total] if s else [float("nan")] * N
        extra = pd.DataFrame([{"value": "", "|D_{x_i}|": "", "serves": "", **dict(zip(classes, total))},
                              {"value": "", "|D_{x_i}|": "", "serves": "", **dict(zip(classes, post))}],
                             index=[label, "P(c | x)"])

        return shown(pd.concat([out.astype(object), extra.astype(object)]), "value", "serves", "super-parent",
                     label)


def _cmi_from_joint(p):
    r"""I(A; B | C) of a joint distribution ``p[c, a, b]`` (entries sum to 1), in nats."""

    pc = p.sum(axis=(1, 2), keepdims=True)
    pa = p.sum(axis=2, keepdims=True)
    pb = p.sum(axis=1, keepdims=True)
    nz = p > 0
    value = float(np.sum(p[nz] * np.log((p * pc)[nz] / (pa * pb)[nz])))
    return max(value, 0.0)  # >= 0 in exact arithmetic; clip rounding below 0


def _cmi_matrix(codes, yc, sizes, n_classes):
    n, d = codes.shape
    out = np.zeros((d, d))
    for i in range(d):
        for j in range(i, d):
            joint = joint_counts([yc, codes[:, i], codes[:, j]], [n_classes, sizes[i], sizes[j]])
            out[i, j] = out[j, i] = _cmi_from_joint(joint / n)
    return out


def conditional_mutual_information(X, y):
    r"""The conditional mutual information of every pair of attributes given the class.

    .. math::

        I(x_i; x_j \mid y) = \sum_{c} \sum_{x_i, x_j} P(x_i, x_j, c)
            \log \frac{P(x_i, x_j \mid c)}{P(x_i \mid c)\, P(x_j \mid c)}

    with every P the relative frequency in the training data (no smoothing) and natural
    logarithms (nats). It is 0 exactly when, within every class, the two attributes'
    frequencies factorise; TAN joins the attributes with the largest values. The diagonal
    holds I(x_i; x_i | y) = H(x_i | y), which a tree never uses.

    Parameters
    ----------
    X : DataFrame or 2-D array of category labels
    y : class labels, one per row of X

    Returns
    -------
    DataFrame, symmetric, indexed both ways by the columns of X (positions 0..d-1 for an
    array).

    >>> from nbteach import flu_cold
    >>> df = flu_cold()
    >>> cmi = conditional_mutual_information(df.drop(columns="Diagnosis"), df["Diagnosis"])
    >>> round(float(cmi.loc["Headache", "Cough"]), 6)
    0.277259
    """

    helper = TAN()
    yc, codes = helper._prepare(X, y, min_features=1)
    sizes = [len(c) for c in helper.categories_]
    keys = _keys_of(X, helper)
    return pd.DataFrame(_cmi_matrix(codes, yc, sizes, len(helper.classes_)), index=keys, columns=keys)


def _keys_of(X, fitted):
    """How the user names the features: the DataFrame's columns, else positions 0..d-1."""

    if isinstance(X, pd.DataFrame):
        return list(fitted.feature_names_in_)
    return list(range(len(fitted.feature_names_in_)))


def maximum_spanning_tree(weights, root=0):
    """Prim's algorithm: the spanning tree of largest total weight, directed away from ``root``.

    ``weights`` is a square symmetric matrix (array or DataFrame; the diagonal is ignored).
    The tree grows from ``root``; each step adds the heaviest edge from a node in the tree to
    a node outside it (on a tie, the node that comes first, joined to the node that entered
    the tree first). Returns a dict node -> parent (``None`` for the root), nodes named by
    the DataFrame's labels or by positions 0..d-1.

    >>> maximum_spanning_tree([[0, 3, 1], [3, 0, 2], [1, 2, 0]], root=0)
    {0: None, 1: 0, 2: 1}
    """

    labels = list(weights.index) if isinstance(weights, pd.DataFrame) else None
    try:
        w = np.asarray(weights, dtype=float)
    except (TypeError, ValueError):
        raise NbteachError(tr({"en": "weights must be a square matrix of numbers.",
                               "zh": "weights 必须是由数构成的方阵。"})) from None
    if w.ndim != 2 or w.shape[0] != w.shape[1] or w.shape[0] == 0:
        raise NbteachError(tr({"en": f"weights must be a square matrix (d x d, d >= 1); got shape {w.shape}.",
                               "zh": f"weights 必须是方阵（d x d，d >= 1）；你给的形状是 {w.shape}。"}))
    d = w.shape[0]
    off = ~np.eye(d, dtype=bool)
    if not np.isfinite(w[off]).all():
        raise NbteachError(tr({"en": "weights has a NaN or infinite value off the diagonal; every pair needs a weight.",
                               "zh": "weights 的非对角线上有 NaN 或无穷大的值；每一对都需要一个权重。"}))
    if not np.allclose(w, w.T, equal_nan=True):
        raise NbteachError(tr({"en": "weights must be symmetric (weights[i, j] == weights[j, i]): "
                                     "a spanning tree joins undirected pairs.",
                               "zh": "weights 必须对称（weights[i, j] == weights[j, i]）：生成树连接的是无向的结点对。"}))
    names = labels if labels is not None else list(range(d))
    if root in names:
        r = names.index(root)
    else:
        raise NbteachError(tr({"en": f"root must be one of the nodes {names}; got {root!r}.",
                               "zh": f"root 必须是结点 {names} 之一；你给的是 {root!r}。"}))
    parent = [None] * d
    best, best_from = w[r].copy(), [r] * d
    remaining = [k for k in range(d) if k != r]
    while remaining:
        v = max(remaining, key=lambda k: best[k])  # the first of the heaviest, in index order
        parent[v] = best_from[v]
        remaining.remove(v)
        for k in remaining:
            if w[v, k] > best[k]:
                best[k], best_from[k] = w[v, k], v
    return {names[k]: (None if parent[k] is None else names[parent[k]]) for k in range(d)}


class TAN(_OneDependence):
    r"""Tree-augmented naive Bayes (树增强朴素贝叶斯; Friedman, Geiger & Goldszmidt 1997;
    Zhou section 7.4).

    Every attribute depends on the class and on at most one other attribute, its parent in
    a tree over the attributes:

    1. compute the conditional mutual information I(x_i; x_j | y) of every pair
       (``conditional_mutual_information``);
    2. take the maximum weighted spanning tree over the attributes (Chow and Liu's idea;
       ``maximum_spanning_tree``, Prim's algorithm);
    3. direct its edges away from the root attribute, and add the class as a parent of
       every attribute;
    4. estimate by counting:

    .. math::

        P(c \mid x) \propto P(c) \prod_j P(x_j \mid c, x_{pa(j)}),\qquad
        P(c) = \frac{|D_c| + \alpha}{|D| + \alpha N},\qquad
        P(x_j \mid c, x_{pa(j)}) = \frac{|D_{c, x_{pa(j)}, x_j}| + \alpha}{|D_{c, x_{pa(j)}}| + \alpha N_j}

    and for the root r, P(x_r | c) = (|D_{c,x_r}| + alpha) / (|D_c| + alpha N_r).

    Parameters
    ----------
    alpha : float >= 0
        Lidstone pseudo-count (1: Laplace).
    root : column name, int position, or None
        The attribute the tree is directed away from; None: the first column.

    Attributes
    ----------
    classes_ : array of class labels
    cmi_ : DataFrame, I(x_i; x_j | y) of the training data (nats)
    parents_ : dict feature -> its parent feature, None for the root (features are the
        DataFrame's column names, or positions 0..d-1 for an array)
    root_ : the root feature
    class_count_, pair_count_, triple_count_ : the counts (triple_count_[i, j] for each
        edge, parent position i, child position j)
    feature_names_in_, n_features_in_, categories_

    Examples
    --------
    >>> from nbteach import flu_cold
    >>> df = flu_cold()
    >>> tan = TAN(alpha=1).fit(df.drop(columns="Diagnosis"), df["Diagnosis"])
    >>> tan.parents_
    {'Headache': None, 'Sore': 'Headache', 'Temperature': 'Headache', 'Cough': 'Headache'}
    """

    def __init__(self, alpha=1.0, root=None):
        self.alpha = alpha
        self.root = root

    def fit(self, X, y):
        yc, codes = self._prepare(X, y, min_features=1)
        keys = _keys_of(X, self)
        sizes = [len(c) for c in self.categories_]
        weights = _cmi_matrix(codes, yc, sizes, len(self.classes_))

        self.cmi_ = pd.DataFrame(weights, index=keys, columns=keys)
        if self.root is None:
            r = 0
        elif not isinstance(self.root, bool) and self.root in keys:
            r = keys.index(self.root)
        elif isinstance(self.root, numbers.Integral) and not isinstance(self.root, bool) \
                and 0 <= self.root < len(keys):
            r = int(self.root)
        else:
            raise NbteachError(tr({"en": f"root must be a column of X ({keys}), its position (0..{len(keys) - 1}), "
                                         f"or None for the first; got {self.root!r} (X has {len(keys)} feature(s)).",
                                   "zh": f"root 必须是 X 的一列（{keys}）、列的位置（0..{len(keys) - 1}），或 None（取第一列）；你给的是 {self.root!r}（X 有 {len(keys)} 个属性）。"}))
        tree = maximum_spanning_tree(weights, root=r)
        self.root_ = keys[r]
        self.parents_ = {keys[k]: (None if p is None else keys[p]) for k, p in tree.items()}
        self._parent_pos = [tree[k] for k in range(len(keys))]
        self._count_triples(yc, codes, [(p, k) for k, p in enumerate(self._parent_pos) if p is not None])
        return self

    def _log_joint(self, codes):
        a = float(self.alpha)
        N, n = len(self.classes_), len(codes)
        out = np.log(self.class_count_ + a) - np.log(self.n_samples_ + a * N)  # every class has rows
        out = np.broadcast_to(out, (n, N)).copy()
        with np.errstate(divide="ignore", invalid="ignore"):
            for j, p in enumerate(self._parent_pos):
                xj = codes[:, j]
                nj = len(self.categories_[j])
                if p is None:
                    num = np.where((xj >= 0)[:, None], self.pair_count_[j][:, np.maximum(xj, 0)].T, 0.0)
                    den = np.broadcast_to(self.class_count_, (n, N))
                else:
                    xp = codes[:, p]
                    ok = (xp >= 0) & (xj >= 0)
                    num = np.where(ok[:, None],
                                   self.triple_count_[p, j][:, np.maximum(xp, 0), np.maximum(xj, 0)].T, 0.0)
                    den = np.where((xp >= 0)[:, None], self.pair_count_[p][:, np.maximum(xp, 0)].T, 0.0)
                num, den = num + a, den + a * nj
                # 0/0 (alpha = 0, parent value never seen with c): the parent's own factor is 0 already
                out += np.where(den > 0, np.log(num) - np.log(np.where(den > 0, den, 1.0)), -np.inf)
        return out
