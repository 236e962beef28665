"""Exercises of lesson 03, smoothing (epsilon, Laplace, Lidstone).

Ids: ``03.lidstone_sore_no``, ``03.lidstone_headache_table``, ``03.epsilon_flu_score``,
``03.epsilon_winner``, ``03.lidstone_posterior``, ``03.lidstone_function``.

Out of the smoothing explorer's reach (issue 33): the explorer shows note 001's five rows, every
patient, any alpha in steps of 0.05 and any epsilon, so the exercises work on lesson 02's
seven-row table (``table7``: two more Cold patients), with alpha = 4/3, off the slider's grid,
and ask about ``PATIENT``, the note's second patient, whom the lesson scores on the five rows
only. The epsilon exercises ask for a score and for the limit of the posterior as epsilon -> 0
(a number, not a class label, which the lesson prints for its own cases): on table7 both classes
of PATIENT have one zero factor, so the limit is neither 0 nor 1.
The last exercise is a build-it: the student writes the Lidstone estimate with the library's
``lidstone`` switched off.
"""
from __future__ import annotations

from fractions import Fraction

import pandas as pd

from ..counts import value_counts_by_class
from ..smoothing import laplace, lidstone, mle
from ._flu import model as _five_rows, model7 as _model, table7
from ._unswitched import unswitched
from .core import Mistake, define


#: The patient of the epsilon and posterior exercises: the note's second patient, whom the lesson
#: scores on the five rows only (on table7 Cold has one zero factor instead of three).
PATIENT = {"Headache": "severe", "Sore": "mild", "Temperature": "high", "Cough": "no"}
#: Lidstone's alpha in the exercises: off the explorer's slider (steps of 0.05), above 1 so that
#: note 001's literal reading (M alpha in the numerator) gives a "probability" above 1
ALPHA = Fraction(4, 3)


def _patient():
    return pd.DataFrame([PATIENT])


def _eps():
    import sympy  # heavy and optional: only the symbolic path needs sympy

    return sympy.Symbol("epsilon", positive=True)


def _counts(feature):
    df = table7()
    return value_counts_by_class(df[feature], df["Diagnosis"])


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


_lidstone_itself = unswitched(lidstone)   # the library's lidstone, out of the switch's reach (the reference)


def _lidstone():
    return _lidstone_itself


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

_ALPHA_TEXT = "alpha = 4/3"

define(
    "03.lidstone_sore_no",
    prompt={"en": f"On lesson 02's seven-row table (table7), with Lidstone smoothing, {_ALPHA_TEXT}, what is "
                  "P(Sore = no | Flu)? Give an exact Fraction.",
            "zh": f"在第 02 课的七行表（table7）上，使用 Lidstone 平滑，{_ALPHA_TEXT}，P(Sore = no | Flu) 是多少？"
                  "请给出精确分数。"},
    answer=lambda: _model(alpha=ALPHA, exact=True).tables_["Sore"].loc["no", "Flu"],
    exact=True,
    mistakes=[
        Mistake("no_smoothing", lambda: _model(exact=True).tables_["Sore"].loc["no", "Flu"],
                _NO_SMOOTHING_HINT),
        Mistake("laplace_instead", lambda: _model(alpha=1, exact=True).tables_["Sore"].loc["no", "Flu"],
                {"en": "That is Laplace smoothing (alpha = 1); this exercise uses alpha = 4/3.",
                 "zh": "这是拉普拉斯修正（alpha = 1）的结果；本题 alpha = 4/3。"}),
        Mistake("alpha_not_times_M",
                lambda: _one_cell("Sore", "no", "Flu", lambda n, t, M, a: _lidstone()(n, t, 1, a), alpha=ALPHA),
                _NOT_M_HINT),
        Mistake("M_alpha_in_numerator_instead",
                lambda: _one_cell("Sore", "no", "Flu", _numerator_instead, alpha=ALPHA), _NUMERATOR_INSTEAD_HINT),
        Mistake("M_alpha_in_numerator_as_well",
                lambda: _one_cell("Sore", "no", "Flu", _numerator_as_well, alpha=ALPHA), _NUMERATOR_AS_WELL_HINT),
    ],
    hints=[
        {"en": "How many values can Sore take, how many Flu rows are there, and how many of them "
               "have Sore = no?",
         "zh": "Sore 有几个取值？Flu 有几行？其中几行 Sore = no？"},
        {"en": "Every value of Sore receives alpha pseudo-counts, in every class.",
         "zh": "在每个类别中，Sore 的每个取值都得到 alpha 个伪计数。"},
    ],
    solution={"en": "from nbteach.smoothing import lidstone\n"
                    "answer = lidstone(0, 3, 3, Fraction(4, 3))   # (0 + 4/3) / (3 + 3 * 4/3)",
              "zh": "from nbteach.smoothing import lidstone\n"
                    "answer = lidstone(0, 3, 3, Fraction(4, 3))   # (0 + 4/3) / (3 + 3 * 4/3)"},
)

define(
    "03.lidstone_headache_table",
    prompt={"en": f"On table7, give the Lidstone-smoothed ({_ALPHA_TEXT}) table P(Headache = value | class) "
                  "as a DataFrame: rows mild, no, severe; columns Cold, Flu.",
            "zh": f"在 table7 上，以 DataFrame 给出 Lidstone 平滑（{_ALPHA_TEXT}）后的 P(Headache = 取值 | 类别)："
                  "行为 mild、no、severe，列为 Cold、Flu。"},
    answer=lambda: _model(alpha=ALPHA, exact=True).tables_["Headache"],
    rtol=1e-6,
    mistakes=[
        Mistake("no_smoothing", lambda: _model(exact=True).tables_["Headache"], _NO_SMOOTHING_HINT),
        Mistake("laplace_instead", lambda: _model(alpha=1, exact=True).tables_["Headache"],
                {"en": "That is the Laplace table (alpha = 1); this exercise uses alpha = 4/3.",
                 "zh": "这是拉普拉斯修正（alpha = 1）的表；本题 alpha = 4/3。"}),
        Mistake("alpha_not_times_M",
                lambda: _table_with("Headache", lambda n, t, M: _lidstone()(n, t, 1, ALPHA)), _NOT_M_HINT),
        Mistake("M_alpha_in_numerator_instead",
                lambda: _table_with("Headache", lambda n, t, M: _numerator_instead(n, t, M, ALPHA)),
                _NUMERATOR_INSTEAD_HINT),
        Mistake("M_alpha_in_numerator_as_well",
                lambda: _table_with("Headache", lambda n, t, M: _numerator_as_well(n, t, M, ALPHA)),
                _NUMERATOR_AS_WELL_HINT),
        Mistake("five_rows", lambda: _five_rows(alpha=ALPHA, exact=True).tables_["Headache"],
                {"en": "That is the table of note 001's five rows; this exercise uses table7, seven rows.",
                 "zh": "这是笔记 001 原来五行的表；本题用七行的 table7。"}),
    ],
    hints=[
        {"en": "Each column must still sum to 1 after smoothing.",
         "zh": "平滑之后每一列之和仍应为 1。"},
        {"en": "CategoricalNB(alpha=..., exact=True).fit(X, y).tables_ holds every smoothed table; "
               "alpha may be a Fraction.",
         "zh": "CategoricalNB(alpha=..., exact=True).fit(X, y).tables_ 含有所有平滑后的表；alpha 可以是 Fraction。"},
    ],
    solution={"en": "X7, y7 = table7.drop(columns='Diagnosis'), table7['Diagnosis']\n"
                    "nb = CategoricalNB(alpha=Fraction(4, 3), exact=True).fit(X7, y7)\n"
                    "answer = nb.tables_['Headache']",
              "zh": "X7, y7 = table7.drop(columns='Diagnosis'), table7['Diagnosis']\n"
                    "nb = CategoricalNB(alpha=Fraction(4, 3), exact=True).fit(X7, y7)\n"
                    "answer = nb.tables_['Headache']"},
)

_PATIENT_TEXT = {"en": "the note's second patient (Headache=severe, Sore=mild, Temperature=high, Cough=no)",
                 "zh": "笔记中的第二位病人（Headache=severe, Sore=mild, Temperature=high, Cough=no）"}


def _flu_score(model):
    return model.joint(_patient()).iloc[0]["Flu"]


define(
    "03.epsilon_flu_score",
    prompt={"en": "On table7, with epsilon smoothing (epsilon a sympy Symbol), what is the score of Flu for "
                  + _PATIENT_TEXT["en"] + "? A sympy expression, or a string such as '2*epsilon/3'.",
            "zh": "在 table7 上使用 epsilon 平滑（epsilon 为 sympy 符号），" + _PATIENT_TEXT["zh"]
                  + "的 Flu 得分是多少？给出 sympy 表达式或字符串，如 '2*epsilon/3'。"},
    answer=lambda: _flu_score(_model(epsilon=_eps())),
    symbols=lambda: {"epsilon": _eps(), "eps": _eps()},
    mistakes=[
        Mistake("prior_forgotten",
                lambda: _flu_score(_model(epsilon=_eps())) / _model(epsilon=_eps()).prior_["Flu"],
                {"en": "You forgot the prior P(Flu), on table7.", "zh": "你忘了先验概率 P(Flu)（在 table7 上）。"}),
        Mistake("other_class", lambda: _model(epsilon=_eps()).joint(_patient()).iloc[0]["Cold"],
                {"en": "That is the score of Cold.", "zh": "这是 Cold 的得分。"}),
        Mistake("five_rows", lambda: _flu_score(_five_rows(epsilon=_eps())),
                {"en": "That is the score on note 001's five rows; this exercise uses table7, whose prior "
                       "P(Flu) is different.",
                 "zh": "这是在笔记 001 原来五行上的得分；本题用 table7，它的先验概率 P(Flu) 不同。"}),
    ],
    hints=[
        {"en": "Only the zero factor becomes epsilon; the others stay as in the table.",
         "zh": "只有等于 0 的因子换成 epsilon；其他因子保持不变。"},
        {"en": "Five factors: the prior and one per symptom; look each up in the Flu column of its table.",
         "zh": "五个因子：先验概率，加上每个症状一个；在各自表的 Flu 列中查找。"},
    ],
    solution={"en": "eps = sympy.Symbol('epsilon', positive=True)\n"
                    "nb = CategoricalNB(epsilon=eps).fit(table7.drop(columns='Diagnosis'), table7['Diagnosis'])\n"
                    "patient = flu_cold_query('second')\nanswer = nb.joint(patient).iloc[0]['Flu']",
              "zh": "eps = sympy.Symbol('epsilon', positive=True)\n"
                    "nb = CategoricalNB(epsilon=eps).fit(table7.drop(columns='Diagnosis'), table7['Diagnosis'])\n"
                    "patient = flu_cold_query('second')\nanswer = nb.joint(patient).iloc[0]['Flu']"},
)


def _limit_of(cls, model):
    """lim_{epsilon -> 0+} P(cls | PATIENT) under ``model`` (epsilon smoothing, symbolic)."""
    import sympy  # heavy and optional: only the symbolic path needs sympy

    post = model.predict_proba(_patient())[0][list(model.classes_).index(cls)]
    return sympy.nsimplify(sympy.limit(post, _eps(), 0, "+"))


def _as_fraction(x):
    return Fraction(int(x.p), int(x.q))


define(
    "03.epsilon_winner",
    prompt={"en": "The same patient on table7, epsilon smoothing: as epsilon -> 0, what does the posterior "
                  "P(Flu | x) tend to? An exact Fraction (0 or 1 if one class wins outright). Which class "
                  "wins, then?",
            "zh": "同一位病人，在 table7 上使用 epsilon 平滑：当 epsilon -> 0 时，后验概率 P(Flu | x) 趋于多少？"
                  "给出精确分数（若某一类完胜则为 0 或 1）。那么哪一类胜出？"},
    answer=lambda: _as_fraction(_limit_of("Flu", _model(epsilon=_eps()))),
    exact=True,
    mistakes=[
        Mistake("five_rows", lambda: _as_fraction(_limit_of("Flu", _five_rows(epsilon=_eps()))),
                {"en": "That is the limit on note 001's five rows, where Cold's score has three epsilons and "
                       "Flu's one, so Flu wins outright. On table7 count the epsilons again: the two new Cold "
                       "patients change Cold's zero counts.",
                 "zh": "这是在笔记 001 原来五行上的极限：那里 Cold 的得分有三个 epsilon，Flu 只有一个，所以 Flu 完胜。"
                       "在 table7 上请重新数 epsilon：两位新的 Cold 病人改变了 Cold 的零计数。"}),
        Mistake("other_class", lambda: _as_fraction(_limit_of("Cold", _model(epsilon=_eps()))),
                {"en": "That is the limit of P(Cold | x); the question asks for P(Flu | x).",
                 "zh": "这是 P(Cold | x) 的极限；题目问的是 P(Flu | x)。"}),
        Mistake("prior_forgotten", lambda: _as_fraction(_limit_of("Flu", _model(epsilon=_eps(), fit_prior=False))),
                {"en": "Your limit ignores the prior (it is what a uniform prior gives): the scores are "
                       "P(c) times the factors.",
                 "zh": "你的极限忽略了先验概率（相当于均匀的先验概率）：得分是 P(c) 乘以各因子。"}),
    ],
    hints=[{"en": "Count the epsilons in each class's score; if the counts are equal, look at what "
                  "multiplies them.",
            "zh": "数一数每类得分中有几个 epsilon；若个数相同，再看乘在它们前面的系数。"},
           {"en": "P(Flu | x) = score(Flu) / (score(Flu) + score(Cold)); sympy.limit(..., eps, 0, '+') "
                  "takes the limit.",
            "zh": "P(Flu | x) = score(Flu) / (score(Flu) + score(Cold))；sympy.limit(..., eps, 0, '+') 求极限。"}],
    solution={"en": "nb = CategoricalNB(epsilon=eps).fit(table7.drop(columns='Diagnosis'), table7['Diagnosis'])\n"
                    "s = nb.joint(patient).iloc[0]\n"
                    "answer = sympy.limit(s['Flu'] / (s['Flu'] + s['Cold']), eps, 0, '+')   # above 1/2: Flu wins",
              "zh": "nb = CategoricalNB(epsilon=eps).fit(table7.drop(columns='Diagnosis'), table7['Diagnosis'])\n"
                    "s = nb.joint(patient).iloc[0]\n"
                    "answer = sympy.limit(s['Flu'] / (s['Flu'] + s['Cold']), eps, 0, '+')   # 大于 1/2：Flu 胜出"},
)


def _posterior_of(cls, model=None, **kw):
    nb = model if model is not None else _model(exact=True, **kw)
    return nb.predict_proba(_patient())[0][list(nb.classes_).index(cls)]


def _posterior_flu(**kw):
    return _posterior_of("Flu", **kw)


define(
    "03.lidstone_posterior",
    prompt={"en": f"On table7, with Lidstone smoothing, {_ALPHA_TEXT}, what is P(Flu | x) for "
                  + _PATIENT_TEXT["en"] + "? Exact (a Fraction).",
            "zh": f"在 table7 上使用 Lidstone 平滑（{_ALPHA_TEXT}），" + _PATIENT_TEXT["zh"]
                  + "的 P(Flu | x) 是多少？给出精确值（Fraction）。"},
    answer=lambda: _posterior_flu(alpha=ALPHA),
    rtol=1e-6,
    mistakes=[
        Mistake("prior_forgotten", lambda: _posterior_flu(alpha=ALPHA, fit_prior=False),
                {"en": "Your posterior ignores the prior (it is what a uniform prior gives): "
                       "multiply each class's smoothed likelihoods by P(c).",
                 "zh": "你的后验概率忽略了先验概率（相当于均匀的先验概率）：把每类平滑后的似然乘以 P(c)。"}),
        Mistake("not_normalised",
                lambda: _model(alpha=ALPHA, exact=True).joint(_patient()).iloc[0]["Flu"],
                {"en": "That is the joint score; divide by the sum of both classes' scores.",
                 "zh": "这是联合得分；还要除以两类得分之和。"}),
        Mistake("prior_smoothed", lambda: _posterior_flu(alpha=ALPHA, smooth_prior=True),
                {"en": "You smoothed the class prior too, (N_c + alpha) / (N + K alpha), as notes 000 and 002 "
                       "do (CategoricalNB(smooth_prior=True)). Here, as in note 001 and scikit-learn, "
                       "alpha smooths only the tables P(x_m | c); the prior stays N_c / N.",
                 "zh": "你把类先验概率也平滑了，(N_c + alpha) / (N + K alpha)，这是笔记 000 和 002 的做法"
                       "（CategoricalNB(smooth_prior=True)）。本题与笔记 001 和 scikit-learn 一致："
                       "alpha 只平滑条件概率表 P(x_m | c)，先验概率仍为 N_c / N。"}),
        Mistake("laplace_instead", lambda: _posterior_flu(alpha=1),
                {"en": "That is the posterior with Laplace smoothing (alpha = 1); this exercise uses alpha = 4/3.",
                 "zh": "这是拉普拉斯修正（alpha = 1）下的后验概率；本题 alpha = 4/3。"}),
        Mistake("other_class", lambda: _posterior_of("Cold", alpha=ALPHA),
                {"en": "That is the posterior of Cold, P(Cold | x); the question asks for P(Flu | x).",
                 "zh": "这是 Cold 的后验概率 P(Cold | x)；题目问的是 P(Flu | x)。"}),
        Mistake("five_rows", lambda: _posterior_of("Flu", _five_rows(alpha=ALPHA, exact=True)),
                {"en": "That is the posterior on note 001's five rows; this exercise uses table7.",
                 "zh": "这是在笔记 001 原来五行上的后验概率；本题用 table7。"}),
    ],
    hints=[{"en": "Score both classes with the smoothed tables, then normalise.",
            "zh": "用平滑后的表给两类打分，再归一化。"}],
    solution={"en": "X7, y7 = table7.drop(columns='Diagnosis'), table7['Diagnosis']\n"
                    "nb = CategoricalNB(alpha=Fraction(4, 3), exact=True).fit(X7, y7)\n"
                    "answer = nb.predict_proba(patient)[0][1]   # classes_ = [Cold, Flu]",
              "zh": "X7, y7 = table7.drop(columns='Diagnosis'), table7['Diagnosis']\n"
                    "nb = CategoricalNB(alpha=Fraction(4, 3), exact=True).fit(X7, y7)\n"
                    "answer = nb.predict_proba(patient)[0][1]   # classes_ = [Cold, Flu]"},
)


def _lidstone_inputs(rng):
    """The note's P(Headache = no | Flu) (tells every mistake apart), a value seen in every row of
    its class, no smoothing (alpha = 0), a two-valued feature, a class of one row, random cells."""
    out = [((0, 3, 3, 1), {})]
    total = rng.randint(2, 12)
    out.append(((total, total, rng.randint(2, 5), rng.choice([1, 2])), {}))
    total = rng.randint(2, 12)
    out.append(((rng.randint(1, total), total, rng.randint(2, 5), 0), {}))
    out.append(((rng.randint(0, 1), 1, 2, rng.choice([Fraction(1, 2), Fraction(4, 3)])), {}))
    for _ in range(2):
        total = rng.randint(1, 30)
        out.append(((rng.randint(0, total), total, rng.randint(2, 6),
                     rng.choice([1, 2, 3, Fraction(1, 2), Fraction(1, 10), Fraction(4, 3)])), {}))
    return out


def _mistaken(kind):
    def make():
        if kind == "alpha_not_times_M":
            return lambda count, total, n_values, alpha: _lidstone_itself(count, total, 1, alpha)
        if kind == "M_alpha_in_numerator_instead":
            return _numerator_instead
        if kind == "M_alpha_in_numerator_as_well":
            return _numerator_as_well
        if kind == "no_smoothing":
            return lambda count, total, n_values, alpha: mle(count, total)
        if kind == "integer_division":
            def floor(count, total, n_values, alpha):
                p = _lidstone_itself(count, total, n_values, alpha)
                return p.numerator // p.denominator
            return floor
        raise ValueError(kind)
    return make


define(
    "03.lidstone_function",
    prompt={"en": "Write lidstone(count, total, n_values, alpha) returning the Lidstone estimate "
                  "of P(x_m = j | y = k) (Laplace when alpha = 1, the plain count / total when alpha = 0). "
                  "Write it yourself: nbteach.smoothing's lidstone and laplace are switched off while your "
                  "function is checked.",
            "zh": "编写 lidstone(count, total, n_values, alpha)，返回 P(x_m = j | y = k) 的 Lidstone 估计"
                  "（alpha = 1 时即拉普拉斯修正，alpha = 0 时就是 count / total）。请自己实现：检查你的函数时，"
                  "nbteach.smoothing 的 lidstone 和 laplace 会被关闭。"},
    answer=_lidstone,
    kind="function",
    inputs=_lidstone_inputs,
    rtol=1e-9,
    forbidden=("nbteach.smoothing.lidstone", "nbteach.smoothing.laplace"),
    shortcut=lambda count, total, n_values, alpha: lidstone(count, total, n_values, alpha),
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
