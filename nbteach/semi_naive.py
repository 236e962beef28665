r"""Semi-naive Bayes (note 002, 半朴素贝叶斯): one-dependence estimators, SPODE and AODE.

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

import warnings

from ._base import BaseEstimator, NbteachError, check_alpha, check_same_length
from .categorical import UnseenCategoryWarning, _as_labels, _as_table
from .counts import sorted_labels

__all__ = ["SPODE", "AODE"]


class _OneDependence(BaseEstimator):
    """Counting shared by SPODE and AODE."""

    def _fit_counts(self, X, y):
        import numpy as np

        check_alpha(self.alpha)
        df = _as_table(X)
        labels = _as_labels(y)
        check_same_length(df, labels, len(df), len(labels))
        if len(df) == 0:
            raise NbteachError("X has no rows: fit needs training examples.")
        if df.shape[1] < 2:
            raise NbteachError("a one-dependence estimator needs at least two attributes (columns).")
        self.classes_ = np.asarray(sorted_labels(labels), dtype=object)
        if len(self.classes_) < 2:
            raise NbteachError(f"y has a single class ({self.classes_[0]!r}): a classifier needs two.")
        self.feature_names_in_ = np.asarray(list(df.columns), dtype=object)
        self.categories_ = [sorted_labels(df[c].tolist()) for c in df.columns]
        for col, cats in zip(df.columns, self.categories_):
            if any(v is None or (isinstance(v, float) and v != v) for v in cats):
                raise NbteachError(f"column {col!r} has missing values; fill or drop them first.")
        cidx = {c: k for k, c in enumerate(self.classes_.tolist())}
        yc = np.array([cidx[v] for v in labels])
        codes = self._codes(df, warn=False)
        N, n = len(self.classes_), len(df)
        sizes = [len(c) for c in self.categories_]
        self.n_samples_ = n
        self.class_count_ = np.bincount(yc, minlength=N).astype(float)
        self.pair_count_ = [np.bincount(yc * s + codes[:, i], minlength=N * s).reshape(N, s)
                            for i, s in enumerate(sizes)]
        self.triple_count_ = {}
        for i, si in enumerate(sizes):
            for j, sj in enumerate(sizes):
                if i != j:
                    flat = (yc * si + codes[:, i]) * sj + codes[:, j]
                    self.triple_count_[i, j] = np.bincount(flat, minlength=N * si * sj).reshape(N, si, sj)
        return self

    def _codes(self, X, warn=True):
        import numpy as np

        df = _as_table(X)
        names = list(self.feature_names_in_)
        if list(df.columns) != names:
            missing = [c for c in names if c not in df.columns]
            extra = [c for c in df.columns if c not in names]
            if missing or extra:
                raise NbteachError(f"X must have the training columns {names}; missing {missing}, "
                                   f"unknown {extra}.")
            df = df[names]
        out = np.empty(df.shape, dtype=np.intp)
        for i, (col, cats) in enumerate(zip(names, self.categories_)):
            lookup = {v: k for k, v in enumerate(cats)}
            vals = df[col].tolist()
            out[:, i] = [lookup.get(v, -1) for v in vals]
            unseen = sorted({repr(v) for v, k in zip(vals, out[:, i]) if k < 0})
            if unseen and warn:
                warnings.warn(f"column {col!r}: value(s) {', '.join(unseen)} never seen in training; "
                              "counted as 0 (smoothing gives them alpha).", UnseenCategoryWarning,
                              stacklevel=4)
        return out

    def _log_spode(self, codes, i):
        """log of the SPODE numerator with super-parent i, shape (n_samples, n_classes)."""
        import numpy as np

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
        import numpy as np

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

    def _finish(self, log_joint):
        import numpy as np

        dead = ~np.isfinite(log_joint).any(axis=1)
        if dead.any():
            raise NbteachError(f"every class scores 0 for sample {int(np.flatnonzero(dead)[0])}, so "
                               "P(c|x) is undefined: use alpha > 0.")
        m = log_joint.max(axis=1, keepdims=True)
        return log_joint - (m + np.log(np.exp(log_joint - m).sum(axis=1, keepdims=True)))

    def predict_log_proba(self, X):
        """log P(c | x), one row per sample, columns in ``classes_`` order."""
        if not hasattr(self, "classes_"):
            from ._base import NotFittedError

            raise NotFittedError(f"This {type(self).__name__} instance is not fitted yet: call fit(X, y) first.")
        return self._finish(self._log_joint(self._codes(X)))

    def predict_proba(self, X):
        """P(c | x), one row per sample, columns in ``classes_`` order."""
        import numpy as np

        return np.exp(self.predict_log_proba(X))

    def predict(self, X):
        """The class with the largest posterior (the first in ``classes_`` on a tie)."""
        log_proba = self.predict_log_proba(X)
        return self.classes_[log_proba.argmax(axis=1)]


class SPODE(_OneDependence):
    """Super-parent one-dependence estimator (see the module docstring for the formulas).

    Parameters
    ----------
    parent : column name, int position, or "cv"
        The super-parent attribute. ``"cv"`` picks the attribute with the best 5-fold
        cross-validated accuracy on the training data (``cv_scores_`` keeps them).
    alpha : float >= 0
        Lidstone pseudo-count (1: Laplace).
    """

    def __init__(self, parent="cv", alpha=1.0):
        self.parent = parent
        self.alpha = alpha

    def fit(self, X, y):
        import numpy as np
        import pandas as pd

        self._fit_counts(X, y)
        names = list(self.feature_names_in_)
        if isinstance(self.parent, str) and self.parent == "cv" and "cv" not in names:
            df, labels = _as_table(X), np.asarray(_as_labels(y), dtype=object)
            rng = np.random.default_rng(0)
            folds = np.array_split(rng.permutation(len(df)), min(5, len(df)))
            scores = {}
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
            self.cv_scores_ = pd.Series(scores, name="cross-validated accuracy")
            self.parent_ = max(names, key=lambda n: (scores[n], -names.index(n)))
        elif isinstance(self.parent, int) and not isinstance(self.parent, bool):
            if not 0 <= self.parent < len(names):
                raise NbteachError(f"parent={self.parent} is not a column position (0..{len(names) - 1}).")
            self.parent_ = names[self.parent]
        elif self.parent in names:
            self.parent_ = self.parent
        else:
            raise NbteachError(f"parent must be a column of X ({names}), its position, or 'cv'; "
                               f"got {self.parent!r}.")
        return self

    def _log_joint(self, codes):
        return self._log_spode(codes, list(self.feature_names_in_).index(self.parent_))

    def explain(self, x):
        """Every factor of P(c, x_i) prod_j P(x_j | c, x_i) for one sample, per class.

        ``x`` is a dict (or one-row DataFrame) of attribute values. Returns a DataFrame:
        one row per factor with its counts written out, then the product and P(c | x).
        """
        import numpy as np
        import pandas as pd

        if not hasattr(self, "parent_"):
            from ._base import NotFittedError

            raise NotFittedError("This SPODE instance is not fitted yet: call fit(X, y) first.")
        row = pd.DataFrame([x]) if isinstance(x, dict) else _as_table(x)
        if len(row) != 1:
            raise NbteachError(f"explain takes one sample; got {len(row)} rows.")
        codes = self._codes(row)
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
        with np.errstate(divide="ignore"):
            joint = np.exp(self._log_joint(codes)[0])
        out.loc["product (score)"] = [f"{v:.6g}" for v in joint]
        out.loc["P(c | x)"] = [f"{v:.4f}" for v in np.exp(self._finish(np.log(joint)[None, :]))[0]] \
            if joint.sum() > 0 else ["undefined"] * N
        return out


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
            raise NbteachError(f"m must be an integer >= 0; got {self.m!r}.")
        return self._fit_counts(X, y)

    def _log_joint(self, codes):
        import numpy as np

        n, N = len(codes), len(self.classes_)
        parts, masks = [], []
        for i in range(codes.shape[1]):
            xi = codes[:, i]
            freq = np.where(xi >= 0, self.pair_count_[i].sum(axis=0)[np.maximum(xi, 0)], 0)
            masks.append(freq >= self.m)
            parts.append(self._log_spode(codes, i))
        stacked = np.stack(parts)                      # (attributes, n, N)
        mask = np.stack(masks)[:, :, None]             # (attributes, n, 1)
        with np.errstate(divide="ignore", invalid="ignore"):
            masked = np.where(mask, stacked, -np.inf)
            top = masked.max(axis=0)
            safe = np.where(np.isfinite(top), top, 0.0)
            total = safe + np.log(np.exp(masked - safe).sum(axis=0))
        none = ~mask[:, :, 0].any(axis=0)
        if none.any():
            total[none] = self._log_naive(codes[none])
        self.n_parents_ = mask[:, :, 0].sum(axis=0)
        return total
