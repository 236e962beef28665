"""Exercises of lesson 03, smoothing (epsilon, Laplace, Lidstone).

Ids: ``03.lidstone_sore_no``, ``03.laplace_sore_table``, ``03.epsilon_flu_score``,
``03.epsilon_winner``, ``03.lidstone_posterior``, ``03.lidstone_function``.

The epsilon and posterior exercises ask about a third patient, ``PATIENT`` (mild headache,
no sore throat, high temperature, cough), which the lesson does not score: the lesson
works the note's second patient, whose numbers it prints.
"""
from __future__ import annotations

from fractions import Fraction

import pandas as pd

from ..counts import value_counts_by_class
from ..smoothing import lidstone, mle
from ._flu import data as _data, model as _model
from .core import Mistake, define


#: The patient of the epsilon and posterior exercises (not scored anywhere in lesson 03).
PATIENT = {"Headache": "mild", "Sore": "no", "Temperature": "high", "Cough": "yes"}


def _patient():
    return pd.DataFrame([PATIENT])


def _eps():
    import sympy  # heavy and optional: only the symbolic path needs sympy

    return sympy.Symbol("epsilon", positive=True)


def _counts(feature):
    X, y = _data()
    return value_counts_by_class(X[feature], y)


def _table_with(feature, estimate):
    """P(value | class) for one feature with ``estimate(count, class_total, M)`` applied."""
    counts = _counts(feature)
    out = counts.astype(object)
    M = len(counts.index)
    for c in counts.columns:
        total = int(counts[c].sum())
        for v in counts.index:
            out.loc[v, c] = estimate(int(counts.loc[v, c]), total, M)
    return out


def _lidstone():
    return lidstone


# The two readings of note 001's "add M*alpha to the numerator" that lesson 03 computes.
# Plain Fraction arithmetic on counts the library gives (value_counts_by_class): these
# are wrong formulas, so they must not go through nbteach.smoothing.lidstone (which
# refuses a count above its total).
def _numerator_instead(count, total, n_values, alpha):
    """(count + alpha + M*alpha) / total: the sentence read literally (can exceed 1)."""
    alpha = Fraction(alpha)
    return (count + alpha + n_values * alpha) / Fraction(total)


def _numerator_as_well(count, total, n_values, alpha):
    """(count + alpha + M*alpha) / (total + M*alpha): the sentence's M*alpha added on top as
    well as the alpha, with the formula's denominator."""
    alpha = Fraction(alpha)
    return (count + alpha + n_values * alpha) / (total + n_values * alpha)


def _one_cell(feature, value, cls, estimate, alpha=1):
    """``estimate(count, class_total, M, alpha)`` with the counts and M from the library."""
    counts = _counts(feature)
    alpha = _model(alpha=alpha).alpha
    return estimate(int(counts.loc[value, cls]), int(counts[cls].sum()), len(counts.index), alpha)


_NUMERATOR_INSTEAD_HINT = {
    "en": "You put M*alpha in the numerator instead of the denominator: that is note 001's "
          "sentence read literally (add M*alpha to the numerator, 给分子加上...). The formula printed "
          "under that sentence is the right one: the numerator gets alpha, the denominator "
          "count(class) + M*alpha. Check: your value can be above 1, which no probability is.",
    "zh": "你把 M*alpha 加在了分子上而不是分母上：这是按字面读笔记 001 那句话（“给分子加上当前特征的类别数乘以$\\alpha$”）"
          "得到的。那句话下面印的公式才是对的：分子加 alpha，分母为 count(class) + M*alpha。"
          "检验：你的结果可能大于 1，而概率不会大于 1。",
}
_NUMERATOR_AS_WELL_HINT = {
    "en": "You added M*alpha to the numerator as well as alpha (note 001's sentence, with the "
          "formula's denominator). The numerator gets only this value's own alpha pseudo-counts; "
          "M*alpha belongs below. Check: with M*alpha on top the M probabilities of a feature sum "
          "to more than 1.",
    "zh": "你在分子上除了 alpha 还加了 M*alpha（笔记 001 那句话，配上公式的分母）。分子只加这个取值自己的 "
          "alpha 个伪计数；M*alpha 属于分母。检验：分子加 M*alpha 时，一个特征的 M 个概率之和大于 1。",
}
_NOT_M_HINT = {
    "en": "You added alpha to the denominator once; every one of the M values received alpha "
          "pseudo-counts, so the denominator grows by M*alpha.",
    "zh": "你只在分母上加了一个 alpha；M 个取值每个都加了 alpha 个伪计数，所以分母要加 M*alpha。",
}
_NO_SMOOTHING_HINT = {
    "en": "That is the unsmoothed estimate (alpha = 0): add alpha to the count and M*alpha to "
          "the class count.",
    "zh": "这是未平滑的估计（alpha = 0）：计数加 alpha，类计数加 M*alpha。",
}

define(
    "03.lidstone_sore_no",
    prompt={"en": "With Lidstone smoothing, alpha = 2, what is P(Sore = no | Flu)? Give an exact Fraction.",
            "zh": "使用 Lidstone 平滑，alpha = 2，P(Sore = no | Flu) 是多少？请给出精确分数。"},
    answer=lambda: _model(alpha=2, exact=True).tables_["Sore"].loc["no", "Flu"],
    exact=True,
    mistakes=[
        Mistake("no_smoothing", lambda: _model(exact=True).tables_["Sore"].loc["no", "Flu"],
                _NO_SMOOTHING_HINT),
        Mistake("laplace_instead", lambda: _model(alpha=1, exact=True).tables_["Sore"].loc["no", "Flu"],
                {"en": "That is Laplace smoothing (alpha = 1); this exercise uses alpha = 2.",
                 "zh": "这是拉普拉斯修正（alpha = 1）的结果；本题 alpha = 2。"}),
        Mistake("alpha_not_times_M",
                lambda: _one_cell("Sore", "no", "Flu", lambda n, t, M, a: _lidstone()(n, t, 1, a), alpha=2),
                _NOT_M_HINT),
        Mistake("M_alpha_in_numerator_instead",
                lambda: _one_cell("Sore", "no", "Flu", _numerator_instead, alpha=2), _NUMERATOR_INSTEAD_HINT),
        Mistake("M_alpha_in_numerator_as_well",
                lambda: _one_cell("Sore", "no", "Flu", _numerator_as_well, alpha=2), _NUMERATOR_AS_WELL_HINT),
    ],
    hints=[
        {"en": "How many values can Sore take, how many Flu rows are there, and how many of them "
               "have Sore = no?",
         "zh": "Sore 有几个取值？Flu 有几行？其中几行 Sore = no？"},
        {"en": "Every value of Sore receives alpha pseudo-counts, in every class.",
         "zh": "在每个类别中，Sore 的每个取值都得到 alpha 个伪计数。"},
    ],
    solution={"en": "from nbteach.smoothing import lidstone\nanswer = lidstone(0, 3, 3, 2)   # (0 + 2) / (3 + 3*2)",
              "zh": "from nbteach.smoothing import lidstone\nanswer = lidstone(0, 3, 3, 2)   # (0 + 2) / (3 + 3*2)"},
)

define(
    "03.laplace_sore_table",
    leak_check="the lesson shows only the mild row of the smoothed Sore table (as factors of the second patient), not the table",
    prompt={"en": "Give the Laplace-smoothed (alpha = 1) table P(Sore = value | class) as a "
                  "DataFrame: rows mild, no, severe; columns Cold, Flu.",
            "zh": "以 DataFrame 给出拉普拉斯修正（alpha = 1）后的 P(Sore = 取值 | 类别)：行为 mild、no、severe，列为 Cold、Flu。"},
    answer=lambda: _model(alpha=1, exact=True).tables_["Sore"],
    rtol=1e-6,
    mistakes=[
        Mistake("no_smoothing", lambda: _model(exact=True).tables_["Sore"], _NO_SMOOTHING_HINT),
        Mistake("alpha_not_times_M",
                lambda: _table_with("Sore", lambda n, t, M: _lidstone()(n, t, 1, 1)), _NOT_M_HINT),
        Mistake("M_alpha_in_numerator_instead",
                lambda: _table_with("Sore", lambda n, t, M: _numerator_instead(n, t, M, 1)),
                _NUMERATOR_INSTEAD_HINT),
        Mistake("M_alpha_in_numerator_as_well",
                lambda: _table_with("Sore", lambda n, t, M: _numerator_as_well(n, t, M, 1)),
                _NUMERATOR_AS_WELL_HINT),
    ],
    hints=[
        {"en": "Each column must still sum to 1 after smoothing.",
         "zh": "平滑之后每一列之和仍应为 1。"},
        {"en": "CategoricalNB(alpha=1, exact=True).fit(X, y).tables_ holds every smoothed table.",
         "zh": "CategoricalNB(alpha=1, exact=True).fit(X, y).tables_ 含有所有平滑后的表。"},
    ],
    solution={"en": "nb = CategoricalNB(alpha=1, exact=True).fit(X, y)\nanswer = nb.tables_['Sore']",
              "zh": "nb = CategoricalNB(alpha=1, exact=True).fit(X, y)\nanswer = nb.tables_['Sore']"},
)

define(
    "03.epsilon_flu_score",
    prompt={"en": "With epsilon smoothing (epsilon a sympy Symbol), what is the score of Flu for a new "
                  "patient (Headache=mild, Sore=no, Temperature=high, Cough=yes)? A sympy "
                  "expression, or a string such as '2*epsilon/3'.",
            "zh": "使用 epsilon 平滑（epsilon 为 sympy 符号），新病人（Headache=mild, Sore=no, "
                  "Temperature=high, Cough=yes）的 Flu 得分是多少？给出 sympy 表达式或字符串，如 '2*epsilon/3'。"},
    answer=lambda: _model(epsilon=_eps()).joint(_patient()).iloc[0]["Flu"],
    symbols=lambda: {"epsilon": _eps(), "eps": _eps()},
    mistakes=[
        Mistake("prior_forgotten",
                lambda: (_model(epsilon=_eps()).joint(_patient()).iloc[0]["Flu"]
                         / _model(epsilon=_eps()).prior_["Flu"]),
                {"en": "You forgot the prior P(Flu) = 3/5.", "zh": "你忘了先验概率 P(Flu) = 3/5。"}),
        Mistake("other_class", lambda: _model(epsilon=_eps()).joint(_patient()).iloc[0]["Cold"],
                {"en": "That is the score of Cold.", "zh": "这是 Cold 的得分。"}),
    ],
    hints=[
        {"en": "Only the zero factor becomes epsilon; the others stay as in the table.",
         "zh": "只有等于 0 的因子换成 epsilon；其他因子保持不变。"},
        {"en": "Five factors: the prior and one per symptom; look each up in the Flu column of its table.",
         "zh": "五个因子：先验概率，加上每个症状一个；在各自表的 Flu 列中查找。"},
    ],
    solution={"en": "eps = sympy.Symbol('epsilon', positive=True)\n"
                    "nb = CategoricalNB(epsilon=eps).fit(X, y)\n"
                    "patient = pd.DataFrame([{'Headache': 'mild', 'Sore': 'no', 'Temperature': 'high', "
                    "'Cough': 'yes'}])\nanswer = nb.joint(patient).iloc[0]['Flu']",
              "zh": "eps = sympy.Symbol('epsilon', positive=True)\n"
                    "nb = CategoricalNB(epsilon=eps).fit(X, y)\n"
                    "patient = pd.DataFrame([{'Headache': 'mild', 'Sore': 'no', 'Temperature': 'high', "
                    "'Cough': 'yes'}])\nanswer = nb.joint(patient).iloc[0]['Flu']"},
)

define(
    "03.epsilon_winner",
    leak_check="a class label; the new patient of the exercise is not scored in the lesson",
    prompt={"en": "The same new patient, epsilon smoothing with epsilon -> 0: which class wins, 'Flu' or 'Cold'?",
            "zh": "同一位新病人，epsilon 平滑且 epsilon -> 0：哪一类胜出，'Flu' 还是 'Cold'？"},
    answer=lambda: str(_model(epsilon=_eps()).predict(_patient())[0]),
    hints=[{"en": "Count the epsilons in each class's score; if the counts are equal, look at what "
                  "multiplies them.",
            "zh": "数一数每类得分中有几个 epsilon；若个数相同，再看乘在它们前面的系数。"}],
    solution={"en": "answer = CategoricalNB(epsilon=eps).fit(X, y).predict(patient)[0]",
              "zh": "answer = CategoricalNB(epsilon=eps).fit(X, y).predict(patient)[0]"},
)


def _posterior_of(cls, **kw):
    nb = _model(exact=True, **kw)
    return nb.predict_proba(_patient())[0][list(nb.classes_).index(cls)]


def _posterior_flu(**kw):
    return _posterior_of("Flu", **kw)


define(
    "03.lidstone_posterior",
    prompt={"en": "With Lidstone smoothing, alpha = 2, what is P(Flu | x) for the new patient "
                  "(Headache=mild, Sore=no, Temperature=high, Cough=yes)? Exact (a Fraction).",
            "zh": "使用 Lidstone 平滑（alpha = 2），新病人（Headache=mild, Sore=no, Temperature=high, "
                  "Cough=yes）的 P(Flu | x) 是多少？给出精确值（Fraction）。"},
    answer=lambda: _posterior_flu(alpha=2),
    rtol=1e-6,
    mistakes=[
        Mistake("prior_forgotten", lambda: _posterior_flu(alpha=2, fit_prior=False),
                {"en": "Your posterior ignores the prior (it is what a uniform prior gives): "
                       "multiply each class's smoothed likelihoods by P(c).",
                 "zh": "你的后验概率忽略了先验概率（相当于均匀的先验概率）：把每类平滑后的似然乘以 P(c)。"}),
        Mistake("not_normalised",
                lambda: _model(alpha=2, exact=True).joint(_patient()).iloc[0]["Flu"],
                {"en": "That is the joint score; divide by the sum of both classes' scores.",
                 "zh": "这是联合得分；还要除以两类得分之和。"}),
        Mistake("prior_smoothed", lambda: _posterior_flu(alpha=2, smooth_prior=True),
                {"en": "You smoothed the class prior too, (N_c + 1) / (N + K), as notes 000 and 002 "
                       "do (CategoricalNB(smooth_prior=True)). Here, as in note 001 and scikit-learn, "
                       "alpha smooths only the tables P(x_m | c); the prior stays N_c / N.",
                 "zh": "你把类先验概率也平滑了，(N_c + 1) / (N + K)，这是笔记 000 和 002 的做法"
                       "（CategoricalNB(smooth_prior=True)）。本题与笔记 001 和 scikit-learn 一致："
                       "alpha 只平滑条件概率表 P(x_m | c)，先验概率仍为 N_c / N。"}),
        Mistake("laplace_instead", lambda: _posterior_flu(alpha=1),
                {"en": "That is the posterior with Laplace smoothing (alpha = 1); this exercise uses alpha = 2.",
                 "zh": "这是拉普拉斯修正（alpha = 1）下的后验概率；本题 alpha = 2。"}),
        Mistake("other_class", lambda: _posterior_of("Cold", alpha=2),
                {"en": "That is the posterior of Cold, P(Cold | x); the question asks for P(Flu | x).",
                 "zh": "这是 Cold 的后验概率 P(Cold | x)；题目问的是 P(Flu | x)。"}),
    ],
    hints=[{"en": "Score both classes with the smoothed tables, then normalise.",
            "zh": "用平滑后的表给两类打分，再归一化。"}],
    solution={"en": "nb = CategoricalNB(alpha=2, exact=True).fit(X, y)\n"
                    "answer = nb.predict_proba(patient)[0][1]   # classes_ = [Cold, Flu]",
              "zh": "nb = CategoricalNB(alpha=2, exact=True).fit(X, y)\n"
                    "answer = nb.predict_proba(patient)[0][1]   # classes_ = [Cold, Flu]"},
)


def _lidstone_inputs(rng):
    out = [((0, 3, 3, 1), {})]  # the note's P(Headache = no | Flu): tells every mistake apart
    for _ in range(5):
        total = rng.randint(1, 30)
        out.append(((rng.randint(0, total), total, rng.randint(2, 6),
                     rng.choice([1, 2, Fraction(1, 2), Fraction(1, 10)])), {}))
    return out


def _mistaken(kind):
    def make():
        if kind == "alpha_not_times_M":
            return lambda count, total, n_values, alpha: lidstone(count, total, 1, alpha)
        if kind == "M_alpha_in_numerator_instead":
            return _numerator_instead
        if kind == "M_alpha_in_numerator_as_well":
            return _numerator_as_well
        if kind == "no_smoothing":
            return lambda count, total, n_values, alpha: mle(count, total)
        if kind == "integer_division":
            def floor(count, total, n_values, alpha):
                p = lidstone(count, total, n_values, alpha)
                return p.numerator // p.denominator
            return floor
        raise ValueError(kind)
    return make


define(
    "03.lidstone_function",
    prompt={"en": "Write lidstone(count, total, n_values, alpha) returning the Lidstone estimate "
                  "of P(x_m = j | y = k) (Laplace when alpha = 1).",
            "zh": "编写 lidstone(count, total, n_values, alpha)，返回 P(x_m = j | y = k) 的 Lidstone 估计"
                  "（alpha = 1 时即拉普拉斯修正）。"},
    answer=_lidstone,
    kind="function",
    inputs=_lidstone_inputs,
    rtol=1e-9,
    mistakes=[
        Mistake("alpha_not_times_M", _mistaken("alpha_not_times_M"), _NOT_M_HINT),
        Mistake("M_alpha_in_numerator_instead", _mistaken("M_alpha_in_numerator_instead"),
                _NUMERATOR_INSTEAD_HINT),
        Mistake("M_alpha_in_numerator_as_well", _mistaken("M_alpha_in_numerator_as_well"),
                _NUMERATOR_AS_WELL_HINT),
        Mistake("no_smoothing", _mistaken("no_smoothing"),
                {"en": "Your function ignores alpha: it returns count / total.",
                 "zh": "你的函数忽略了 alpha：它返回的是 count / total。"}),
        Mistake("integer_division", _mistaken("integer_division"),
                {"en": "Your function returns whole numbers: // is integer division, which rounds "
                       "every probability below 1 down to 0. Use / (or Fraction) to keep the fraction.",
                 "zh": "你的函数返回整数：// 是整数除法，会把每个小于 1 的概率都舍成 0。请用 /（或 Fraction）保留分数。"}),
    ],
    hints=[
        {"en": "Every one of the n_values values gets alpha extra pseudo-counts.",
         "zh": "n_values 个取值每个都多了 alpha 个伪计数。"},
        {"en": "Start from count / total and add pseudo-counts above and below; the probabilities of "
               "the n_values values must still sum to 1.",
         "zh": "从 count / total 出发，在分子和分母上加伪计数；n_values 个取值的概率之和仍须为 1。"},
    ],
    solution={"en": "def lidstone(count, total, n_values, alpha):\n"
                    "    return (count + alpha) / (total + n_values * alpha)",
              "zh": "def lidstone(count, total, n_values, alpha):\n"
                    "    return (count + alpha) / (total + n_values * alpha)"},
)
