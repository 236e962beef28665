"""Homework 1 (lessons 01-03): Bayes theorem, the flu/cold table, smoothing.

Ids: ``hw01.posterior_cough``, ``hw01.score_flu``, ``hw01.laplace_temperature``,
``hw01.lidstone_alpha2``, ``hw01.epsilon_cold_score``, ``hw01.posterior_function``.
The notebook is ``notebooks/homework/hw01_bayes_and_smoothing.ipynb``.
"""
from __future__ import annotations

from fractions import Fraction

from ._flu import data as _data, model as _model
from .core import Mistake, define
from .lesson03 import (_NO_SMOOTHING_HINT, _NOT_M_HINT, _NUMERATOR_AS_WELL_HINT,
                       _NUMERATOR_INSTEAD_HINT, _numerator_as_well, _numerator_instead, _one_cell)


def _cough_yes(prior=None):
    """Bayes theorem with the single observation Cough = yes, from the table's counts."""
    from nbteach.probability import bayes, prob
    from nbteach.datasets import flu_cold

    df = flu_cold()
    classes = ("Cold", "Flu")
    if prior is None:
        prior = {c: prob(df, Diagnosis=c) for c in classes}
    likelihood = {c: prob(df, Cough="yes", given={"Diagnosis": c}) for c in classes}
    return bayes(prior, likelihood)


define(
    "hw01.posterior_cough",
    prompt={"en": "Using only the Cough column of the flu/cold table: a patient coughs. What is "
                  "P(Flu | Cough = yes)?",
            "zh": "只用流感/感冒表的 Cough 列：一位病人咳嗽。P(Flu | Cough = yes) 是多少？"},
    answer=lambda: _cough_yes().posterior["Flu"],
    rtol=1e-6,
    mistakes=[
        Mistake("likelihood_for_posterior", lambda: _cough_yes().likelihood["Flu"],
                {"en": "That is P(Cough = yes | Flu): every flu patient coughs, but not every "
                       "cougher has the flu. Turn it around with Bayes theorem.",
                 "zh": "这是 P(Cough = yes | Flu)：流感病人都咳嗽，但咳嗽的人不一定得流感。用贝叶斯定理反过来算。"}),
        Mistake("not_normalised", lambda: _cough_yes().joint["Flu"],
                {"en": "That is the joint P(Flu) P(yes | Flu); divide by P(Cough = yes).",
                 "zh": "这是联合概率 P(Flu) P(yes | Flu)；还要除以 P(Cough = yes)。"}),
        Mistake("prior_forgotten", lambda: _cough_yes({"Cold": Fraction(1, 2), "Flu": Fraction(1, 2)}).posterior["Flu"],
                {"en": "You normalised the likelihoods without the prior P(Flu) = 3/5.",
                 "zh": "你归一化了似然，却没有乘先验 P(Flu) = 3/5。"}),
    ],
    hints=[
        {"en": "You need P(Flu), P(Cold), P(yes | Flu) and P(yes | Cold), all from the table.",
         "zh": "需要 P(Flu)、P(Cold)、P(yes | Flu)、P(yes | Cold)，都可以从表中得到。"},
        {"en": "nbteach.bayes(prior, likelihood).posterior does the rest.",
         "zh": "剩下的交给 nbteach.bayes(prior, likelihood).posterior。"},
    ],
    solution={"en": "prior = {'Flu': prob(df, Diagnosis='Flu'), 'Cold': prob(df, Diagnosis='Cold')}\n"
                    "lik = {c: prob(df, Cough='yes', given={'Diagnosis': c}) for c in prior}\n"
                    "answer = bayes(prior, lik).posterior['Flu']",
              "zh": "prior = {'Flu': prob(df, Diagnosis='Flu'), 'Cold': prob(df, Diagnosis='Cold')}\n"
                    "lik = {c: prob(df, Cough='yes', given={'Diagnosis': c}) for c in prior}\n"
                    "answer = bayes(prior, lik).posterior['Flu']"},
)

_PATIENT = {"Headache": "severe", "Sore": "severe", "Temperature": "normal", "Cough": "yes"}


def _patient():
    import pandas as pd

    return pd.DataFrame([_PATIENT])


define(
    "hw01.score_flu",
    prompt={"en": "No smoothing. A new patient has Headache=severe, Sore=severe, Temperature=normal, "
                  "Cough=yes. What is the Flu score P(Flu) * prod_m P(x_m | Flu)?",
            "zh": "不平滑。新病人 Headache=severe、Sore=severe、Temperature=normal、Cough=yes。"
                  "Flu 的得分 P(Flu) * prod_m P(x_m | Flu) 是多少？"},
    answer=lambda: _model(exact=True).joint(_patient()).iloc[0]["Flu"],
    rtol=1e-6,
    mistakes=[
        Mistake("prior_forgotten",
                lambda: _model(exact=True).joint(_patient()).iloc[0]["Flu"] / _model(exact=True).prior_["Flu"],
                {"en": "You forgot to multiply by the prior P(Flu).",
                 "zh": "你忘了乘先验 P(Flu)。"}),
        Mistake("normalised", lambda: _model(exact=True).predict_proba(_patient())[0][1],
                {"en": "That is the posterior P(Flu | x); the score is not normalised.",
                 "zh": "这是后验 P(Flu | x)；得分不需要归一化。"}),
    ],
    hints=[{"en": "Five factors: the prior and one P(x_m | Flu) per symptom.",
            "zh": "五个因子：先验，加上每个症状一个 P(x_m | Flu)。"}],
    solution={"en": "nb = CategoricalNB(exact=True).fit(X, y)\nanswer = nb.joint(patient).iloc[0]['Flu']",
              "zh": "nb = CategoricalNB(exact=True).fit(X, y)\nanswer = nb.joint(patient).iloc[0]['Flu']"},
)


def _lidstone(*args):
    from nbteach.smoothing import lidstone

    return lidstone(*args)


define(
    "hw01.laplace_temperature",
    prompt={"en": "Laplace smoothing (alpha = 1): P(Temperature = high | Cold), as an exact Fraction.",
            "zh": "拉普拉斯平滑（alpha = 1）：P(Temperature = high | Cold)，用精确分数表示。"},
    answer=lambda: _model(alpha=1, exact=True).tables_["Temperature"].loc["high", "Cold"],
    exact=True,
    mistakes=[
        Mistake("no_smoothing", lambda: _model(exact=True).tables_["Temperature"].loc["high", "Cold"],
                _NO_SMOOTHING_HINT),
        Mistake("alpha_not_times_M",
                lambda: _one_cell("Temperature", "high", "Cold", lambda n, t, M, a: _lidstone(n, t, 1, a)),
                _NOT_M_HINT),
        Mistake("M_alpha_in_numerator_instead",
                lambda: _one_cell("Temperature", "high", "Cold", _numerator_instead),
                _NUMERATOR_INSTEAD_HINT),
        Mistake("M_alpha_in_numerator_as_well",
                lambda: _one_cell("Temperature", "high", "Cold", _numerator_as_well),
                _NUMERATOR_AS_WELL_HINT),
    ],
    hints=[{"en": "Temperature takes M = 2 values; Cold has 2 rows, none with a high temperature.",
            "zh": "Temperature 有 M = 2 个取值；Cold 有 2 行，都不是高烧。"}],
    solution={"en": "answer = lidstone(0, 2, 2, 1)   # (0 + 1) / (2 + 2*1)",
              "zh": "answer = lidstone(0, 2, 2, 1)   # (0 + 1) / (2 + 2*1)"},
)

define(
    "hw01.lidstone_alpha2",
    prompt={"en": "Lidstone smoothing with alpha = 2: P(Cough = no | Flu), as an exact Fraction.",
            "zh": "alpha = 2 的 Lidstone 平滑：P(Cough = no | Flu)，用精确分数表示。"},
    answer=lambda: _model(alpha=2, exact=True).tables_["Cough"].loc["no", "Flu"],
    exact=True,
    mistakes=[
        Mistake("laplace_instead", lambda: _model(alpha=1, exact=True).tables_["Cough"].loc["no", "Flu"],
                {"en": "That is Laplace smoothing (alpha = 1); this exercise uses alpha = 2.",
                 "zh": "这是拉普拉斯平滑（alpha = 1）的结果；本题 alpha = 2。"}),
        Mistake("alpha_not_times_M", lambda: _lidstone(0, 3, 1, 2), _NOT_M_HINT),
        Mistake("no_smoothing", lambda: _model(exact=True).tables_["Cough"].loc["no", "Flu"],
                _NO_SMOOTHING_HINT),
    ],
    hints=[{"en": "(count + alpha) / (count(class) + M * alpha) with M = 2 and alpha = 2.",
            "zh": "(count + alpha) / (count(class) + M * alpha)，其中 M = 2，alpha = 2。"}],
    solution={"en": "answer = lidstone(0, 3, 2, 2)", "zh": "answer = lidstone(0, 3, 2, 2)"},
)


def _eps():
    import sympy

    return sympy.Symbol("epsilon", positive=True)


def _second():
    from nbteach.datasets import flu_cold_query

    return flu_cold_query("second")


define(
    "hw01.epsilon_cold_score",
    prompt={"en": "epsilon smoothing with a symbolic epsilon: the Cold score of the patient "
                  "(Headache=severe, Sore=mild, Temperature=high, Cough=no). A sympy expression or "
                  "a string such as 'epsilon**2/7'.",
            "zh": "符号 epsilon 平滑：病人（Headache=severe, Sore=mild, Temperature=high, Cough=no）"
                  "的 Cold 得分。给出 sympy 表达式或字符串，如 'epsilon**2/7'。"},
    answer=lambda: _model(epsilon=_eps()).joint(_second()).iloc[0]["Cold"],
    symbols=lambda: {"epsilon": _eps(), "eps": _eps()},
    mistakes=[
        Mistake("prior_forgotten",
                lambda: _model(epsilon=_eps()).joint(_second()).iloc[0]["Cold"] / _model(epsilon=_eps()).prior_["Cold"],
                {"en": "You forgot the prior P(Cold) = 2/5.", "zh": "你忘了先验 P(Cold) = 2/5。"}),
        Mistake("no_smoothing", lambda: _model(exact=True).joint(_second()).iloc[0]["Cold"],
                {"en": "That is the unsmoothed score: replace each zero factor by epsilon.",
                 "zh": "这是未平滑的得分：把每个为 0 的因子换成 epsilon。"}),
    ],
    hints=[{"en": "Three of Cold's four factors are zero in the table.",
            "zh": "在表中，Cold 的四个因子里有三个为 0。"}],
    solution={"en": "nb = CategoricalNB(epsilon=eps).fit(X, y)\nanswer = nb.joint(flu_cold_query('second')).iloc[0]['Cold']",
              "zh": "nb = CategoricalNB(epsilon=eps).fit(X, y)\nanswer = nb.joint(flu_cold_query('second')).iloc[0]['Cold']"},
)


def _posterior_inputs(rng):
    out = [(({"Cold": Fraction(2, 5), "Flu": Fraction(3, 5)}, {"Cold": Fraction(1, 8), "Flu": Fraction(1, 3)}), {})]
    for _ in range(5):
        k = rng.randint(2, 4)
        classes = rng.sample(["a", "b", "c", "d", "e"], k)
        weights = [rng.randint(1, 9) for _ in classes]
        prior = {c: Fraction(w, sum(weights)) for c, w in zip(classes, weights)}
        likelihood = {c: Fraction(rng.randint(1, 9), 10) for c in classes}
        out.append(((prior, likelihood), {}))
    return out


def _bayes_fn(which):
    def make():
        from nbteach.probability import bayes

        if which == "posterior":
            return lambda prior, likelihood: bayes(prior, likelihood).posterior
        if which == "joint":
            return lambda prior, likelihood: bayes(prior, likelihood).joint
        if which == "uniform":
            return lambda prior, likelihood: bayes({c: Fraction(1, len(prior)) for c in prior},
                                                   likelihood).posterior
        raise ValueError(which)
    return make


define(
    "hw01.posterior_function",
    prompt={"en": "Write posterior(prior, likelihood): both are dicts class -> probability; return "
                  "the dict class -> P(class | x). Do not change the dicts you are given.",
            "zh": "编写 posterior(prior, likelihood)：两个参数都是 类别 -> 概率 的字典；返回字典 类别 -> P(类别 | x)。"
                  "不要修改传入的字典。"},
    answer=_bayes_fn("posterior"),
    kind="function",
    inputs=_posterior_inputs,
    mistakes=[
        Mistake("not_normalised", _bayes_fn("joint"),
                {"en": "Your function returns the joints P(c) P(x | c): divide each by their sum.",
                 "zh": "你的函数返回的是联合概率 P(c) P(x | c)：每个都要除以它们的和。"}),
        Mistake("prior_forgotten", _bayes_fn("uniform"),
                {"en": "Your function ignores the prior: multiply each likelihood by P(c) first.",
                 "zh": "你的函数忽略了先验：先把每个似然乘以 P(c)。"}),
    ],
    hints=[{"en": "First the joints, then their sum (the evidence), then divide.",
            "zh": "先算联合概率，再求和（证据），最后相除。"}],
    solution={"en": "def posterior(prior, likelihood):\n"
                    "    joint = {c: prior[c] * likelihood[c] for c in prior}\n"
                    "    evidence = sum(joint.values())\n"
                    "    return {c: j / evidence for c, j in joint.items()}",
              "zh": "def posterior(prior, likelihood):\n"
                    "    joint = {c: prior[c] * likelihood[c] for c in prior}   # 联合概率\n"
                    "    evidence = sum(joint.values())                       # 证据\n"
                    "    return {c: j / evidence for c, j in joint.items()}"},
)
