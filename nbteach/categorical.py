r"""Categorical naive Bayes: the flu/cold classifier of note ``001``, worked exactly.

For a sample x = (x_1, ..., x_M) of category labels and classes c,

    score(c) = P(c) * prod_m P(x_m | c)                      (the joint, ``joint``)
    P(c | x) = score(c) / sum_c' score(c')                   (``predict_proba``)
    y_hat    = argmax_c score(c)                             (``predict``)

with P(c) = N_c / N (or a smoothed or given prior) and P(x_m = j | c) from the counts by
``nbteach.smoothing``: the MLE, Laplace / Lidstone (alpha) or epsilon smoothing.

Two kinds of arithmetic:

* ``exact=True``: fractions.Fraction everywhere, as on the blackboard; with a sympy
  symbol for epsilon, sympy expressions, and ``predict`` compares the scores as
  epsilon -> 0+ (the lower power of epsilon wins), as the note argues.
* ``exact=False`` (default): float64 in log space, as for real data; the log joint is
  log P(c) + sum_m log P(x_m | c), normalised with log-sum-exp.
"""
from __future__ import annotations

import html
import math
import warnings
from fractions import Fraction

import numpy as np
import pandas as pd

from nbteach._base import NbteachError, is_symbolic, user_stacklevel
from nbteach._numeric import _BaseNB
from nbteach._shown import shown
from nbteach._validation import (
    check_is_fitted,
    check_smoothing,
    missing_value_error,
    refuse_missing,
    refuse_mixed_kinds,
    validate_data,
    value_kind,
    value_kinds,
)
from nbteach.counts import encode, joint_counts, sorted_labels
from nbteach.probability import as_probability
from nbteach.smoothing import _exact, _lidstone, _probability_table, _smoothed_prior
from nbteach.i18n import tr

__all__ = ["CategoricalNB", "Explanation", "UnseenCategoryWarning"]


class UnseenCategoryWarning(UserWarning):
    """A value at prediction time that the training data never showed for its feature."""


def _fmt(v) -> str:
    if isinstance(v, Fraction):
        return str(v)
    if isinstance(v, float):
        return f"{v:.4g}"
    return str(v)


def _python_label(v):
    """numpy scalars -> plain Python, so labels compare and print as the user typed them."""
    return v.item() if hasattr(v, "item") and type(v).__module__ == "numpy" else v


_NOTES = {"every class scores 0: the decision is undefined (use smoothing)": {
    "en": "every class scores 0: the decision is undefined (use smoothing)",
    "zh": "每个类别的得分都是 0：无法决策（请用平滑）"}}


class Explanation:
    """Every factor of P(c) prod_m P(x_m | c) for one sample, laid out as the note writes it.

    Attributes
    ----------
    table : DataFrame
        rows ``P(c)``, one ``P(feature=value | c)`` per feature, and ``score``; one column per class.
    written : dict class -> list of str
        each factor as the note writes it before reducing, e.g. ``'1/3'`` or ``'(1+1)/(3+3)'``.
    scores : dict class -> score
    decision : the predicted class (None when every class scores 0)
    """

    def __init__(self, sample, table, written, scores, decision, note=""):
        self.sample, self.table, self.written = sample, table, written
        self.scores, self.decision, self.note = scores, decision, note

    def lines(self) -> list:
        out = []
        for cls, factors in self.written.items():
            names = [f"P({cls})"] + [f"P({f}={v}|{cls})" for f, v in self.sample.items()]
            out.append(
                " × ".join(names) + " = " + " × ".join(factors) + f" = {_fmt(self.scores[cls])}"
            )
        if self.decision is not None:
            out.append(tr({"en": "decision: {d}", "zh": "决策：{d}"}, d=self.decision))
        if self.note:
            out.append(tr(_NOTES.get(self.note, self.note)))
        return out

    def __str__(self):
        return "\n".join(self.lines())

    __repr__ = __str__

    def _repr_html_(self):
        table = shown(self.table.map(_fmt), "score").shown().to_html()
        body = "<br>".join(html.escape(line) for line in self.lines())
        return f"{table}<p style='font-family:monospace'>{body}</p>"


class CategoricalNB(_BaseNB):
    r"""Naive Bayes for category-valued features (the flu/cold model of note 001).

    .. math::
        \hat y = \arg\max_c \; P(c) \prod_{m=1}^{M} P(x_m \mid c), \qquad
        P(x_m = j \mid c) = \frac{\alpha + N_{c,m,j}}{M_m \alpha + N_c}

    where N_c counts class c, N_{c,m,j} counts value j of feature m within class c and
    M_m is how many values feature m takes.

    Parameters
    ----------
    alpha : float >= 0, default 0
        Laplace (1) / Lidstone (any > 0) pseudo-count for P(x_m | c); 0 is the MLE.
    epsilon : None, float in (0, 1) or sympy Symbol, default None
        epsilon smoothing: every zero P(x_m | c) becomes epsilon (nothing is renormalised).
        A sympy Symbol makes the model exact and symbolic. Set alpha or epsilon, not both.
    exact : bool, default False
        Fractions (exact, for hand-sized tables) instead of float64 log space.
    fit_prior : bool, default True
        learn P(c) from the class frequencies; if False, use a uniform prior.
    class_prior : sequence or mapping, optional
        the prior to use instead (one per class, in the order of ``classes_``, or keyed by class).
    smooth_prior : bool, default False
        smooth the learned prior too: (N_c + alpha) / (N + K alpha) (notes 000 and 002 do this;
        scikit-learn does not).
    categories : dict feature -> list of values, optional
        the values each feature can take (defaults to those seen in training); a value listed
        here but never seen counts as 0, and M_m counts it.

    Attributes
    ----------
    classes_ : ndarray of class labels, sorted
    class_count_ : ndarray, N_c
    prior_ : Series, P(c) (Fractions when exact)
    class_log_prior_ : ndarray, log P(c)
    feature_names_in_ : ndarray of the feature names
    n_features_in_ : int
    categories_ : list of arrays, the values of each feature
    category_count_ : list of arrays (n_classes, n_values), N_{c,m,j}
    tables_ : dict feature -> DataFrame (values x classes) of P(value | class)
    feature_log_prob_ : list of arrays (n_classes, n_values), log P(x_m = j | c)

    Examples
    --------
    The first query of note 001 scores Flu 0 and Cold 1/20:

    >>> from nbteach import CategoricalNB
    >>> from nbteach.datasets import flu_cold, flu_cold_query
    >>> df = flu_cold()
    >>> X, y = df.drop(columns="Diagnosis"), df["Diagnosis"]
    >>> nb = CategoricalNB(exact=True).fit(X, y)
    >>> nb.joint(flu_cold_query("first")).iloc[0].to_dict()
    {'Cold': Fraction(1, 20), 'Flu': Fraction(0, 1)}
    >>> nb.predict(flu_cold_query("first"))[0]
    'Cold'

    With a symbolic epsilon the second query scores Cold eps^3/5 and Flu 4 eps/45:

    >>> import sympy
    >>> eps = sympy.Symbol("epsilon", positive=True)
    >>> nb = CategoricalNB(epsilon=eps).fit(X, y)
    >>> nb.joint(flu_cold_query("second")).iloc[0].to_dict()
    {'Cold': epsilon**3/5, 'Flu': 4*epsilon/45}
    >>> nb.predict(flu_cold_query("second"))[0]
    'Flu'
    """

    _poor_score = True  # as scikit-learn's: floats become categories

    def __init__(
        self,
        alpha=0.0,
        epsilon=None,
        exact=False,
        fit_prior=True,
        class_prior=None,
        smooth_prior=False,
        categories=None,
    ):
        self.alpha = alpha
        self.epsilon = epsilon
        self.exact = exact
        self.fit_prior = fit_prior
        self.class_prior = class_prior
        self.smooth_prior = smooth_prior
        self.categories = categories

    # ------------------------------------------------------------ fitting
    @property
    def _symbolic(self) -> bool:
        return is_symbolic(self.epsilon)

    @property
    def _exact_mode(self) -> bool:
        return bool(self.exact) or self._symbolic

    def _number(self, value):
        """A parameter as the arithmetic of this model wants it."""
        if self._exact_mode:
            return _exact(value)
        return float(value)

    def fit(self, X, y):
        """Count the classes and, per class, the values of each feature; then smooth.

        Parameters
        ----------
        X : DataFrame or 2-D list/array of category labels, one row per example
        y : list/Series/array of class labels, one per row

        Returns
        -------
        self
        """
        alpha, epsilon = check_smoothing(self.alpha, self.epsilon)   # checked here, once
        df, labels = validate_data(self, X, y, reset=True, kind="categories")
        return self._fit(df, *encode(labels), alpha, epsilon)

    def _fit(self, df, y_codes, classes, alpha, epsilon):
        """fit's counting and smoothing, on a table, the rows' class indices into ``classes``,
        alpha and epsilon already checked (MixedNB hands its categorical columns here after
        checking its whole table): the smoothing functions' unchecked forms."""
        if len(classes) < 2:
            raise NbteachError(
                tr({"en": f"y has a single class ({classes[0]!r}): a classifier needs at least two classes "
                          "to choose between, not one class. Add examples of another class.",
                    "zh": f"y 只有一个类别（{classes[0]!r}）：分类器至少要在两个类别之间选择。请加入另一个类别的样本。"})
            )
        self.classes_ = np.array([_python_label(c) for c in classes], dtype=object)
        if not self._exact_mode and len({type(c) for c in self.classes_}) == 1:
            # float path: labels keep their numpy dtype, as in scikit-learn
            self.classes_ = np.array(self.classes_.tolist())
        self.class_count_ = joint_counts([y_codes], [len(classes)]).astype(float)

        self.feature_names_in_ = np.array([str(c) for c in df.columns], dtype=object)
        self.n_features_in_ = df.shape[1]
        self._columns = list(df.columns)
        given = self.categories or {}
        if not isinstance(given, dict):
            raise NbteachError(tr({"en": "categories must be a dict: feature name -> list of its values.",
                                   "zh": "categories 必须是字典：属性名 -> 它的取值列表。"}))
        unknown = [k for k in given if k not in self._columns]
        if unknown:
            raise NbteachError(tr({"en": f"categories names features that X does not have: {unknown}.",
                                   "zh": f"categories 中有 X 没有的属性：{unknown}。"}))

        self.categories_, self.category_count_, self._value_index = [], [], []
        for col in self._columns:
            series = df[col]
            if col in given:       # a missing value is no value that categories lists: named first
                refuse_missing(col, series)
            refuse_mixed_kinds(col, series)
            if col in given:
                listed = list(given[col])
                extra = [v for v in sorted_labels(pd.unique(series).tolist()) if v not in listed]
                if extra:
                    raise NbteachError(
                        tr({"en": f"feature {col!r} has values {extra} in X that categories[{col!r}] does not list.",
                            "zh": f"属性 {col!r} 在 X 中有取值 {extra}，而 categories[{col!r}] 中没有列出。"})
                    )
                codes, values = encode(series, listed)
            else:
                codes, values = encode(series)
                if (codes < 0).any():     # a missing value gets no code (MixedNB's are found here)
                    raise missing_value_error(col, series.index[int(np.argmax(codes < 0))])
            index = {v: j for j, v in enumerate(values)}
            counts = joint_counts([y_codes, codes], [len(classes), len(values)]).astype(float)
            self.categories_.append(np.array([_python_label(v) for v in values], dtype=object))
            self.category_count_.append(counts)
            self._value_index.append(index)

        # P(value | class), by the smoothing functions a student calls (past their checks).
        exact = self._exact_mode
        if exact:
            alpha = _exact(alpha)
        self.tables_ = {}
        for col, values, counts in zip(self._columns, self.categories_, self.category_count_):
            columns = dict(zip(list(self.classes_), counts.astype(int).tolist()))
            self.tables_[col] = _probability_table(columns, list(values), alpha, epsilon, exact)
        # What an unseen value gets: its count is 0.
        self._unseen = []
        for counts in self.category_count_:
            n_values = counts.shape[1]
            probs = []
            for n_c in counts.sum(axis=1):
                if alpha > 0:
                    probs.append(_lidstone(0, int(n_c), n_values, alpha, exact))
                elif epsilon is not None:
                    probs.append(epsilon if exact else float(epsilon))
                else:
                    probs.append(Fraction(0) if exact else 0.0)
            self._unseen.append(probs)

        self.prior_ = pd.Series(self._prior(alpha), index=list(self.classes_), name="P(c)")
        with np.errstate(divide="ignore"):
            self.class_log_prior_ = np.log(np.array([float(p) for p in self.prior_], dtype=float))
            self.feature_log_prob_ = [
                np.log(self._float_table(self.tables_[col]).T) for col in self._columns
            ]
            self._unseen_log = [
                np.log(np.array([self._float(p) for p in probs])) for probs in self._unseen
            ]
        return self

    def _prior(self, alpha):
        k = len(self.classes_)
        if self.class_prior is not None:
            given = self.class_prior
            if isinstance(given, dict):
                missing = [c for c in self.classes_ if c not in given]
                if missing:
                    raise NbteachError(tr({"en": f"class_prior has no entry for the classes {missing}.",
                                           "zh": f"class_prior 中没有类别 {missing} 的项。"}))
                given = [given[c] for c in self.classes_]
            given = list(given)
            if len(given) != k:
                raise NbteachError(
                    tr({"en": f"class_prior has {len(given)} entries but there are {k} classes "
                              f"({list(self.classes_)}): give one probability per class.",
                        "zh": f"class_prior 有 {len(given)} 项，但类别有 {k} 个（{list(self.classes_)}）：请每个类别给一个概率。"})
                )
            prior = [self._number(as_probability(p, "class_prior")) for p in given]
            total = sum(prior)
            if any(p < 0 for p in prior) or abs(float(total) - 1) > 1e-9:
                raise NbteachError(tr({"en": f"class_prior must be >= 0 and sum to 1, it sums to {_fmt(total)}.",
                                       "zh": f"class_prior 必须 >= 0 且和为 1，它的和是 {_fmt(total)}。"}))
            return prior
        if not self.fit_prior:
            return [self._number(Fraction(1, k))] * k
        counts = {c: int(n) for c, n in zip(self.classes_, self.class_count_)}
        a = alpha if self.smooth_prior else 0
        return list(_smoothed_prior(counts, a, self._exact_mode).values())

    @staticmethod
    def _float(p):
        return float(p.subs({s: 0 for s in p.free_symbols})) if is_symbolic(p) else float(p)

    def _float_table(self, table):
        if not self._exact_mode:
            return table.to_numpy(dtype=float)         # a float table already
        return np.array([[self._float(p) for p in row] for row in table.values], dtype=float)

    # ------------------------------------------------------------ prediction
    def _check_X(self, X):
        """X checked against the fit, and its value indices (n_samples, n_features); -1 marks a
        value unseen in training. Returns (the checked table, the indices)."""
        by_name = isinstance(X, pd.DataFrame) and any(isinstance(c, str) for c in self._columns)
        df = validate_data(self, X, reset=False, kind="categories", by_name=by_name)
        codes = np.empty(df.shape, dtype=np.intp)
        unseen = []
        for m, index in enumerate(self._value_index):
            series = df.iloc[:, m]
            known = value_kinds(index)
            if index and not value_kinds(series) <= known:
                column = series.tolist()
                # True would silently match 1 (True == 1); '1' would be "unseen" for 1
                i, v = next((i, v) for i, v in enumerate(column) if value_kind(v) not in known)
                raise NbteachError(
                    tr({"en": f"column {self._columns[m]!r} held {'/'.join(sorted(known))} values in training, but "
                              f"row {i} gives {v!r} ({value_kind(v)}): convert it to the training type "
                              f"(the training values are {list(index)[:6]}).",
                        "zh": f"列 {self._columns[m]!r} 在训练时的取值类型是 {'/'.join(sorted(known))}，但第 {i} 行给的是 {v!r}（{value_kind(v)}）：请把它转换成训练时的类型（训练时的取值是 {list(index)[:6]}）。"}))
            codes[:, m] = encode(series, index, unseen=-1)[0]
            missing = np.flatnonzero(codes[:, m] < 0)
            if missing.size:
                column = series.tolist()
                unseen.extend((self._columns[m], column[i]) for i in missing)
        if unseen:
            shown = ", ".join(f"{f}={v!r}" for f, v in dict.fromkeys(unseen))
            unsmoothed = self.alpha == 0 and self.epsilon is None
            how = tr({"en": "its count is 0, so without smoothing P(value|c) = 0 for every class"
                            if unsmoothed else "its count is 0 and smoothing gives it a small probability",
                      "zh": "它的计数为 0，不做平滑时对每个类都有 P(取值|c) = 0"
                            if unsmoothed else "它的计数为 0，平滑给它一个很小的概率"})
            warnings.warn(
                tr({"en": f"values never seen in training: {shown}; {how}. "
                          "Check for a typo, or declare the value with categories=.",
                    "zh": f"训练时从未见过的取值：{shown}；{how}。"
                          "请检查是否有拼写错误，或用 categories= 声明这个取值。"}),
                UnseenCategoryWarning,
                stacklevel=user_stacklevel(),
            )
        return df, codes

    def _prob(self, m, code, k):
        if code < 0:
            return self._unseen[m][k]
        return self.tables_[self._columns[m]].iat[code, k]

    def _exact_scores(self, codes):
        rows = []
        for sample in codes:
            row = []
            for k in range(len(self.classes_)):
                score = self.prior_.iat[k]
                for m, code in enumerate(sample):
                    score = score * self._prob(m, code, k)
                row.append(score)
            rows.append(row)
        return rows

    def _log_factor(self, m, col):
        """log P(x_m | c) of feature m for value indices ``col`` (-1: unseen in training), one row
        per class: shape (n_classes, n_samples), each class's numbers side by side in memory."""
        flp = self.feature_log_prob_[m]
        seen = col >= 0
        if seen.all():
            return flp.take(col, axis=1)
        out = np.empty((flp.shape[0], len(col)))
        out[:, seen] = flp.take(col[seen], axis=1)
        out[:, ~seen] = self._unseen_log[m][:, None]
        return out

    def _log_factors(self, codes):
        """log P(x_m | c) of every feature m, shape (n_features, n_samples, n_classes)."""
        return np.stack([self._log_factor(m, codes[:, m]).T for m in range(codes.shape[1])])

    def _log_joint(self, codes):
        """log P(c) + sum_m log P(x_m | c) of value indices, in float64 (-inf where a class scores 0).

        Summed a class to a row (the rows' numbers side by side), one feature at a time in
        their order, and returned one row per sample."""
        jll = np.empty((len(self.classes_), codes.shape[0]))
        jll[:] = self.class_log_prior_[:, None]
        with np.errstate(invalid="ignore"):
            for m in range(codes.shape[1]):
                jll += self._log_factor(m, codes[:, m])
        return np.ascontiguousarray(jll.T)

    def log_factors(self, X):
        """log P(x_m | c) of every feature m for every row of X, in float64.

        An array of shape (n_features, n_samples, n_classes); log P(c) plus its sum over the
        features is the joint log-likelihood that ``predict`` maximises. MixedNB composes its
        categorical attributes' factors from these (``_log_factor``, one feature at a time, on
        its table checked once).
        """
        check_is_fitted(self)
        return self._log_factors(self._check_X(X)[1])

    def joint(self, X):
        """The unnormalised scores P(c) prod_m P(x_m | c): one row per sample, one column per class.

        Exact (Fractions or sympy) when the model is; otherwise floats (which can underflow to
        0.0 for many features: use ``predict_log_proba`` for real data).
        """

        check_is_fitted(self)
        df, codes = self._check_X(X)
        if self._exact_mode:
            values = self._exact_scores(codes)
            return pd.DataFrame(values, index=df.index, columns=list(self.classes_), dtype=object)
        return pd.DataFrame(np.exp(self._log_joint(codes)), index=df.index,
                            columns=list(self.classes_))

    def _all_zero_error(self, df, codes, rows):
        i = rows[0]
        sample = df.iloc[i]
        zeros = []
        for k, cls in enumerate(self.classes_):
            hit = [f"{self._columns[m]}={sample.iloc[m]!r}" for m, code in enumerate(codes[i])
                   if self._float(self._prob(m, code, k)) == 0]
            if self._float(self.prior_.iat[k]) == 0:
                hit.insert(0, tr({"en": "its prior", "zh": "其先验概率"}))
            zeros.append(f"{cls}: {', '.join(hit)}")
        return NbteachError(tr({
            "en": f"every class scores 0 for sample {df.index[i]!r}, so P(c|x) = 0/0 is undefined "
                  f"(zero factors: {'; '.join(zeros)}). This is the zero-count problem of note 001: "
                  "use Laplace smoothing, CategoricalNB(alpha=1) (lesson 03).",
            "zh": f"样本 {df.index[i]!r} 在每个类上的得分都是 0，所以 P(c|x) = 0/0 没有定义"
                  f"（为零的因子：{'；'.join(zeros)}）。这就是笔记 001 的零计数问题："
                  "用拉普拉斯修正，CategoricalNB(alpha=1)（第 03 课）。"}))

    def _leading(self, score):
        """(power of epsilon, coefficient) of a score as epsilon -> 0+."""
        import sympy   # heavy, and only for a symbolic epsilon

        if score == 0:
            return (math.inf, 0)
        (sym,) = self.epsilon.free_symbols or {sympy.Symbol("epsilon")}
        lead = sympy.nsimplify(score).as_leading_term(sym)
        coeff, power = lead.as_coeff_exponent(sym)
        return (power, coeff)

    def _joint_log_likelihood(self, checked):
        """The float joint log-likelihood of ``_check_X``'s output, refusing a row where every
        class scores 0 (the message names the zero factors)."""
        df, codes = checked
        jll = self._log_joint(codes)
        dead = np.flatnonzero(np.all(np.isneginf(jll), axis=1))
        if dead.size:
            raise self._all_zero_error(df, codes, list(dead))
        return jll

    def _decide(self, df, codes):

        if self._symbolic:
            out = []
            for row in self._exact_scores(codes):
                keys = [self._leading(s) for s in row]
                best = min(range(len(row)), key=lambda k: (keys[k][0], -keys[k][1]))
                out.append(self.classes_[best])
            return np.array(out, dtype=object)
        if self._exact_mode:
            rows = self._exact_scores(codes)
            dead = [i for i, r in enumerate(rows) if all(s == 0 for s in r)]
            if dead:
                raise self._all_zero_error(df, codes, dead)
            return np.array([self.classes_[max(range(len(r)), key=r.__getitem__)] for r in rows],
                            dtype=object)
        return self.classes_[np.argmax(self._joint_log_likelihood((df, codes)), axis=1)]

    def _exact_proba(self, df, codes):

        out = []
        for i, row in enumerate(self._exact_scores(codes)):
            total = sum(row[1:], row[0])
            if not is_symbolic(total) and total == 0:
                raise self._all_zero_error(df, codes, [i])
            if is_symbolic(total):
                import sympy   # heavy, and only for a symbolic epsilon

                out.append([sympy.simplify(s / total) for s in row])
            else:
                out.append([s / total for s in row])
        return np.array(out, dtype=object)

    # predict, predict_proba and predict_log_proba in float64 are _BaseNB's; exact ones are here
    def predict(self, X):
        """The class with the largest score (the first in ``classes_`` on a tie).

        With a symbolic epsilon, scores are compared as epsilon -> 0+: the lower power of
        epsilon wins, then the larger coefficient.
        """
        if not self._exact_mode:
            return super().predict(X)
        check_is_fitted(self)
        return self._decide(*self._check_X(X))

    def predict_proba(self, X):
        """P(c | x) for every sample (rows) and class (columns, in ``classes_`` order).

        Exact models return an object array of Fractions (sympy expressions when symbolic).
        """
        if not self._exact_mode:
            return super().predict_proba(X)
        check_is_fitted(self)
        return self._exact_proba(*self._check_X(X))

    def predict_log_proba(self, X):
        """log P(c | x), computed in log space and normalised with log-sum-exp (sympy logs of
        the exact posterior when epsilon is a symbol)."""
        if not self._symbolic:
            return super().predict_log_proba(X)
        import sympy   # heavy, and only for a symbolic epsilon

        check_is_fitted(self)
        return np.array([[sympy.log(p) for p in row] for row in self._exact_proba(*self._check_X(X))],
                        dtype=object)

    # ------------------------------------------------------------ teaching
    def _written(self, m, code, k):
        """One factor as the note writes it, before reducing: '1/3', '(1+1)/(3+3)', 'ε'."""
        counts = self.category_count_[m]
        n_c = int(counts[k].sum())
        n_values = counts.shape[1]
        count = 0 if code < 0 else int(counts[k, code])
        value = self._prob(m, code, k)
        if self.epsilon is not None and count == 0:
            return str(self.epsilon) if self._symbolic else _fmt(self._float(value))
        if self.alpha:
            a = _fmt(self._number(self.alpha))
            return f"({count}+{a})/({n_c}+{n_values}×{a})" if a != "1" else f"({count}+1)/({n_c}+{n_values})"
        return f"{count}/{n_c}"

    def explain(self, x):
        """Every factor of P(c) prod_m P(x_m | c) for one sample, as the note writes it.

        ``x`` is one sample: a dict feature -> value, a pandas Series, a one-row DataFrame or
        a list of values in feature order. Returns an :class:`Explanation` (shown as a table
        and the note's product lines in a notebook).

        >>> from nbteach.datasets import flu_cold, FLU_COLD_QUERIES
        >>> df = flu_cold()
        >>> nb = CategoricalNB(exact=True).fit(df.drop(columns="Diagnosis"), df["Diagnosis"])
        >>> print(nb.explain(FLU_COLD_QUERIES["first"]))  # doctest: +NORMALIZE_WHITESPACE
        P(Cold) × P(Headache=mild|Cold) × P(Sore=severe|Cold) × P(Temperature=normal|Cold) × P(Cough=no|Cold) = 2/5 × 1/2 × 1/2 × 2/2 × 1/2 = 1/20
        P(Flu) × P(Headache=mild|Flu) × P(Sore=severe|Flu) × P(Temperature=normal|Flu) × P(Cough=no|Flu) = 3/5 × 1/3 × 1/3 × 2/3 × 0/3 = 0
        decision: Cold
        """

        check_is_fitted(self)
        if isinstance(x, pd.DataFrame):
            if len(x) != 1:
                raise NbteachError(tr({"en": f"explain takes one sample; got {len(x)} rows (use X.iloc[[i]]).",
                                       "zh": f"explain 只接受一个样本；你给了 {len(x)} 行（请用 X.iloc[[i]]）。"}))
            row = x
        elif isinstance(x, dict) or isinstance(x, pd.Series):
            row = pd.DataFrame([dict(x)])
        elif isinstance(x, (list, tuple)):
            if len(x) != self.n_features_in_:
                raise NbteachError(
                    tr({"en": f"x has {len(x)} values but the model has {self.n_features_in_} features "
                              f"({', '.join(map(str, self._columns))}).",
                        "zh": f"x 有 {len(x)} 个取值，但模型有 {self.n_features_in_} 个属性（{', '.join(map(str, self._columns))}）。"})
                )
            row = pd.DataFrame([list(x)], columns=self._columns)
        else:
            raise NbteachError(
                tr({"en": "explain takes one sample: a dict feature -> value, a Series, a one-row DataFrame "
                          f"or a list of values, got {type(x).__name__}.",
                    "zh": f"explain 只接受一个样本：“属性 -> 取值”的字典、一个 Series、只有一行的 DataFrame 或一个取值列表，你给的是 {type(x).__name__}。"})
            )
        df, codes = self._check_X(row)
        sample = {c: df.iloc[0, m] for m, c in enumerate(self._columns)}
        index = ["P(c)"] + [f"P({c}={v}|c)" for c, v in sample.items()] + ["score"]
        table, written, scores = {}, {}, {}
        for k, cls in enumerate(self.classes_):
            factors = [self.prior_.iat[k]] + [self._prob(m, code, k) for m, code in enumerate(codes[0])]
            score = factors[0]
            for f in factors[1:]:
                score = score * f
            table[cls], scores[cls] = factors + [score], score
            n = int(self.class_count_.sum())
            prior_text = (
                f"{int(self.class_count_[k])}/{n}" if self.class_prior is None and self.fit_prior
                and not self.smooth_prior and self._exact_mode else _fmt(factors[0])
            )
            written[cls] = [prior_text] + [self._written(m, code, k) for m, code in enumerate(codes[0])]
        note, decision = "", None
        if all(not is_symbolic(s) and s == 0 for s in scores.values()):
            note = "every class scores 0: the decision is undefined (use smoothing)"
        else:
            decision = self._decide(df, codes)[0]

        frame = shown(pd.DataFrame(table, index=index, dtype=object), "score")
        return Explanation(sample, frame, written, scores, decision, note)
