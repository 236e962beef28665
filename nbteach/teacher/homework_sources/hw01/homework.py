"""Homework 1 (lessons 01-03): Bayes theorem, a flu/cold table, smoothing. Teacher's source.

Each student's variant has its own table (5 to 8 patients), its own patients to score,
its own cells to smooth and its own alpha; ``DEFAULT`` is the self-study version, one such
variant drawn once (``SELF_STUDY_SEED``): not note 001's table, whose numbers lessons 01-03 and
their widgets print (issue 33: lesson 03 printed the old self-study epsilon answer, and its
smoothing explorer reached the old Lidstone answer). The answers are computed here, by
nbteach, and never leave the teacher's side: the student's notebook carries salted digests
of them. Two exercises are build-its: Bayes theorem (``bayes`` switched off) and the smoothed
naive Bayes scores of a patient (``CategoricalNB``, ``probability_table``, ``lidstone`` and
``laplace`` switched off).
"""
from __future__ import annotations

import math
import random
from fractions import Fraction

import pandas as pd

import nbteach
from nbteach import NbteachError
from nbteach.check._flu import random_table
from nbteach.check._unswitched import unswitched
from nbteach.counts import class_counts, value_counts_by_class
from nbteach.probability import bayes, prob
from nbteach.smoothing import lidstone, probability_table
from nbteach.teacher.homework import HAND_IN_ZH, LANGUAGE_NOTE_ZH, graded, worked

NAME = "hw01"
NOTEBOOK = "hw01_bayes_and_smoothing.ipynb"
COLUMNS = ["Headache", "Sore", "Temperature", "Cough"]
VALUES = {"Headache": ["no", "mild", "severe"], "Sore": ["no", "mild", "severe"],
          "Temperature": ["normal", "high"], "Cough": ["yes", "no"]}
CLASSES = ["Cold", "Flu"]


#: the self-study version is the variant this seed draws (chosen so that no answer of it is a
#: number lessons 01-03 print or their widgets reach: tests/test_build1_reach.py)
SELF_STUDY_SEED = 21


def params(rng):
    """A table of 5-8 patients, both classes present (sizes differ), and the queries."""
    n = rng.randint(5, 8)
    n_flu = rng.choice([k for k in range(2, n - 1) if 2 * k != n])
    labels = ["Flu"] * n_flu + ["Cold"] * (n - n_flu)
    rng.shuffle(labels)
    rows = [[rng.choice(VALUES[c]) for c in COLUMNS] + [d] for d in labels]
    rng.choice(rows)[3] = "yes"  # somebody coughs: exercise 1 is defined
    flu_rows = [r for r in rows if r[-1] == "Flu"]
    patient = {c: rng.choice(flu_rows)[i] for i, c in enumerate(COLUMNS)}  # seen with Flu: a score > 0
    second = {c: rng.choice(sorted({r[i] for r in rows})) for i, c in enumerate(COLUMNS)}  # no unseen value
    cases = []
    for _ in range(2):
        k = rng.randint(2, 4)
        classes = rng.sample(["a", "b", "c", "d", "e"], k)
        cases.append([classes, [rng.randint(1, 9) for _ in classes], [rng.randint(1, 9) for _ in classes]])
    # the edge cases of exercise 6: a class the observation rules out (likelihood 0), a class with prior 0
    k = rng.randint(3, 4)
    classes = rng.sample(["a", "b", "c", "d", "e"], k)
    edges = [[classes, [rng.randint(1, 9) for _ in classes], [0] + [rng.randint(1, 9) for _ in classes[1:]]],
             [classes, [0] + [rng.randint(1, 9) for _ in classes[1:]], [rng.randint(1, 9) for _ in classes]]]
    return {"rows": rows, "patient": patient,
            "laplace": {"value": rng.choice(sorted({r[2] for r in rows})), "class": rng.choice(CLASSES)},
            "lidstone": {"value": rng.choice(VALUES["Cough"]), "class": rng.choice(CLASSES),
                         "alpha": rng.choice([2, 3, 4])},
            "second": second, "cases": [[["Cold", "Flu"], [2, 3], [1, 3]]] + cases + edges,
            "scores_alpha": rng.choice(["1/2", "2", "3"])}


DEFAULT = params(random.Random(SELF_STUDY_SEED))


# ---------------------------------------------------------------- the library's answers
def _df(p):
    return pd.DataFrame(p["rows"], columns=COLUMNS + ["Diagnosis"])


def _model(p, **kw):
    df = _df(p)
    return nbteach.CategoricalNB(**kw).fit(df[COLUMNS], df["Diagnosis"])


def _query(values):
    return pd.DataFrame([values])[COLUMNS]


def _cough(p, prior=None):
    df = _df(p)
    if prior is None:
        prior = {c: prob(df, Diagnosis=c) for c in CLASSES}
    likelihood = {c: prob(df, Cough="yes", given={"Diagnosis": c}) for c in CLASSES}
    return bayes(prior, likelihood)


def _counts(p, column, value, cls):
    df = _df(p)
    in_class = df[df["Diagnosis"] == cls]
    return int((in_class[column] == value).sum()), len(in_class), int(df[column].nunique())


def _lidstone(n, t, M, a):
    return lidstone(n, t, M, a)


_bayes_itself = unswitched(bayes)   # the library's bayes, out of the switch's reach (the reference)


def _bayes_fn(which):
    if which == "posterior":
        return lambda prior, likelihood: _bayes_itself(prior, likelihood).posterior
    if which == "joint":
        return lambda prior, likelihood: _bayes_itself(prior, likelihood).joint
    if which == "likelihoods_normalised":
        return lambda prior, likelihood: {c: j / sum(likelihood.values())
                                          for c, j in _bayes_itself(prior, likelihood).joint.items()}
    return lambda prior, likelihood: _bayes_itself({c: Fraction(1, len(prior)) for c in prior}, likelihood).posterior


def _case(classes, weights, tenths):
    prior = {c: Fraction(w, sum(weights)) for c, w in zip(classes, weights)}
    likelihood = {c: Fraction(t, 10) if len(classes) > 2 or t > 3 else Fraction(t, 3 if t < 3 else 8)
                  for c, t in zip(classes, tenths)}
    return (prior, likelihood), {}


def _hidden(rng):
    """Random cases, and the edges: a likelihood 0, a prior 0, five classes."""
    out = []
    for i in range(6):
        k = rng.randint(2, 5)
        classes = rng.sample(["a", "b", "c", "d", "e"], k)
        weights, tenths = [rng.randint(1, 9) for _ in classes], [rng.randint(1, 9) for _ in classes]
        if i == 0:
            tenths[rng.randrange(k)] = 0
        if i == 1:
            weights[rng.randrange(k)] = 0
        out.append(_case(classes, weights, tenths))
    return out


# ---------------------------------------------------------------- build-it: the smoothed scores
_probability_table = unswitched(probability_table)   # the library's, out of the switch's reach
_lidstone_itself = unswitched(lidstone)


def _scores_with(df, patient, alpha, prior=None, table=None, normalise=False):
    """P(c) prod_m P(x_m | c) for every class: the library's counts and tables (``table``: another
    estimate of one entry, (count, class count, M, alpha) -> P; ``prior``: another prior)."""
    y = df["Diagnosis"]
    n = class_counts(y)
    if prior is None:
        prior = {c: Fraction(int(n[c]), len(df)) for c in n.index}
    factors = {c: [] for c in n.index}
    for feature, value in patient.items():
        counts = value_counts_by_class(df[feature], y)
        if table is None:
            probs = _probability_table(counts, alpha=alpha)
            for c in n.index:
                factors[c].append(probs.loc[value, c])
        else:
            for c in n.index:
                factors[c].append(table(int(counts.loc[value, c]), int(n[c]), len(counts.index), alpha))
    scores = {c: prior[c] * math.prod(factors[c], start=Fraction(1)) for c in n.index}
    if normalise:
        total = sum(scores.values())
        return {c: s / total for c, s in scores.items()}
    return scores


def _scores_fn(kind=None):
    if kind is None:
        return lambda df, patient, alpha: _scores_with(df, patient, alpha)
    if kind == "prior_forgotten":
        return lambda df, patient, alpha: _scores_with(df, patient, alpha,
                                                       prior=dict.fromkeys(sorted(set(df["Diagnosis"])), 1))
    if kind == "prior_smoothed":
        def smoothed(df, patient, alpha):
            n = class_counts(df["Diagnosis"])
            return _scores_with(df, patient, alpha, prior={c: (int(n[c]) + Fraction(alpha)) / (len(df) + len(n) * Fraction(alpha))
                                                           for c in n.index})
        return smoothed
    if kind == "alpha_not_times_M":
        return lambda df, patient, alpha: _scores_with(df, patient, alpha,
                                                       table=lambda k, t, M, a: _lidstone_itself(k, t, 1, a))
    if kind == "no_smoothing":
        return lambda df, patient, alpha: _scores_with(df, patient, 0)
    return lambda df, patient, alpha: _scores_with(df, patient, alpha, normalise=True)   # normalised


def _scores_hidden(rng):
    """Random tables: a value a class never shows (smoothed away from 0), no smoothing on a row of
    the table, a class of one patient, three classes, alpha a Fraction."""
    out = []
    for i in range(4):
        classes = ("Flu", "Cold", "Healthy") if i == 3 else ("Flu", "Cold")
        df = random_table(rng, classes=classes, one_row="Cold" if i == 2 else None)
        row = df.iloc[rng.randrange(len(df))]
        if i == 1:
            patient, alpha = {f: row[f] for f in COLUMNS}, 0
        else:
            patient = {f: rng.choice(sorted(set(df[f]))) for f in COLUMNS}
            alpha = rng.choice([1, 2, Fraction(1, 2), Fraction(4, 3)])
        out.append(((df, patient, alpha), {}))
    return out


def _scores_public(p):
    """The variant's table with patient2 (Laplace), one of its rows (no smoothing), the table with
    its last patient's diagnosis changed to Healthy (three classes, one of a single row), and the
    table with every temperature normal (a symptom of one value: M_m is counted in df)."""
    df = _df(p)
    three = df.copy()
    three.loc[len(three) - 1, "Diagnosis"] = "Healthy"
    first = {c: df.iloc[0][c] for c in COLUMNS}
    calm = df.assign(Temperature="normal")            # a symptom with a single value in the table: M = 1
    return [((df, dict(p["second"]), 1), {}), ((df, first, 0), {}),
            ((three, dict(p["patient"]), Fraction(p["scores_alpha"])), {}),
            ((calm, {**p["second"], "Temperature": "normal"}, 2), {})]


_NO_SMOOTHING_HINT = {
    "en": "That is the unsmoothed estimate (alpha = 0): add alpha to the count and M*alpha to the class count.",
    "zh": "这是未平滑的估计（alpha = 0）：计数加 alpha，类计数加 M*alpha。"}
_NOT_M_HINT = {
    "en": "You added alpha to the denominator once; every one of the M values received alpha "
          "pseudo-counts, so the denominator grows by M*alpha.",
    "zh": "你只在分母上加了一个 alpha；M 个取值每个都加了 alpha 个伪计数，所以分母要加 M*alpha。"}
_NUMERATOR_INSTEAD_HINT = {
    "en": "You put M*alpha in the numerator instead of the denominator: that is note 001's sentence "
          "read literally. The numerator gets alpha, the denominator count(class) + M*alpha. Check: "
          "your value can be above 1, which no probability is.",
    "zh": "你把 M*alpha 加在了分子上而不是分母上：这是按字面读笔记 001 那句话得到的。分子加 alpha，"
          "分母为 count(class) + M*alpha。检验：你的值可能大于 1，而概率不会。"}
_NUMERATOR_AS_WELL_HINT = {
    "en": "You added M*alpha to the numerator as well as alpha (note 001's sentence, with the formula's "
          "denominator). The numerator gets only this value's own alpha pseudo-counts; M*alpha belongs below.",
    "zh": "你在分子上除了 alpha 还加了 M*alpha（笔记 001 那句话，配上公式的分母）。分子只加这个取值自己的 "
          "alpha 个伪计数；M*alpha 属于分母。"}


def _EXAMPLE(eps):
    """The example answer format the prompt shows: no variant's answer may be it."""
    return 2 * eps / 9


#: the worked code of exercises 6 and 7: the exercise's solution and the teacher's notebook
_POSTERIOR = worked(
    "def posterior(prior, likelihood):",
    "    joint = {c: prior[c] * likelihood[c] for c in prior}\n"
    "    evidence = sum(joint.values())\n"
    "    return {c: j / evidence for c, j in joint.items()}")
_SCORES = worked(
    "def scores(df, patient, alpha):",
    "    out = {}\n"
    "    for c in sorted(set(df['Diagnosis'])):\n"
    "        rows = df[df['Diagnosis'] == c]\n"
    "        score = Fraction(len(rows), len(df))\n"
    "        for symptom, value in patient.items():\n"
    "            M = df[symptom].nunique()\n"
    "            count = int((rows[symptom] == value).sum())\n"
    "            score *= (count + Fraction(alpha)) / (len(rows) + M * Fraction(alpha))\n"
    "        out[c] = score\n"
    "    return out",
    cell_replace={"'Diagnosis'": '"Diagnosis"'})


def exercises(p):
    # heavy and optional: sympy only once the exercises are built (the symbolic epsilon)
    import sympy

    patient, second = _query(p["patient"]), _query(p["second"])
    lap, lid = p["laplace"], p["lidstone"]
    n3, t3, M3 = _counts(p, "Temperature", lap["value"], lap["class"])
    n4, t4, M4 = _counts(p, "Cough", lid["value"], lid["class"])
    a4 = lid["alpha"]
    eps = sympy.Symbol("epsilon", positive=True)
    cold5 = _model(p, epsilon=eps).joint(second).iloc[0]["Cold"]
    if not getattr(cold5, "free_symbols", None) or cold5 == _EXAMPLE(eps):
        raise NbteachError("the epsilon exercise needs a zero count (and must not be the prompt's example)")
    exact = _model(p, exact=True)
    cases = [_case(*c) for c in p["cases"]]
    return [
        graded(
            "hw01.posterior_cough",
            {"en": "Using only the Cough column of the table: a patient coughs. What is "
                   "P(Flu | Cough = yes)? At least 4 significant digits (a Fraction is fine).",
             "zh": "只用表中的 Cough 列：一位病人咳嗽。P(Flu | Cough = yes) 是多少？至少 4 位有效数字（分数也可以）。"},
            _cough(p).posterior["Flu"], {"type": "number", "digits": 4},
            mistakes=[
                ("likelihood_for_posterior", _cough(p).likelihood["Flu"],
                 {"en": "That is P(Cough = yes | Flu): how often flu patients cough, not how likely a "
                        "cougher has the flu. Turn it around with Bayes theorem.",
                  "zh": "这是 P(Cough = yes | Flu)：流感病人咳嗽的频率，而不是咳嗽的人得流感的概率。用贝叶斯定理反过来算。"}),
                ("not_normalised", _cough(p).joint["Flu"],
                 {"en": "That is the joint P(Flu) P(yes | Flu); divide by P(Cough = yes).",
                  "zh": "这是联合概率 P(Flu) P(yes | Flu)；还要除以 P(Cough = yes)。"}),
                ("prior_forgotten", _cough(p, {c: Fraction(1, 2) for c in CLASSES}).posterior["Flu"],
                 {"en": "You normalised the likelihoods without the prior: multiply each by P(class) first.",
                  "zh": "你归一化了似然，却没有乘先验：先把每个似然乘以 P(类别)。"}),
            ],
            hints=[{"en": "You need P(Flu), P(Cold), P(yes | Flu) and P(yes | Cold), all from the table.",
                    "zh": "需要 P(Flu)、P(Cold)、P(yes | Flu)、P(yes | Cold)，都可以从表中得到。"},
                   {"en": "nbteach.bayes(prior, likelihood).posterior does the rest.",
                    "zh": "剩下的交给 nbteach.bayes(prior, likelihood).posterior。"}],
            solution="prior = {c: prob(df, Diagnosis=c) for c in ('Cold', 'Flu')}\n"
                     "lik = {c: prob(df, Cough='yes', given={'Diagnosis': c}) for c in prior}\n"
                     "answer = bayes(prior, lik).posterior['Flu']"),
        graded(
            "hw01.score_flu",
            {"en": "No smoothing. What is the Flu score P(Flu) * prod_m P(x_m | Flu) of `patient`? "
                   "At least 4 significant digits (a Fraction is fine).",
             "zh": "不平滑。`patient` 的 Flu 得分 P(Flu) * prod_m P(x_m | Flu) 是多少？至少 4 位有效数字（分数也可以）。"},
            exact.joint(patient).iloc[0]["Flu"], {"type": "number", "digits": 4},
            mistakes=[
                ("prior_forgotten", exact.joint(patient).iloc[0]["Flu"] / exact.prior_["Flu"],
                 {"en": "You forgot to multiply by the prior P(Flu).", "zh": "你忘了乘先验 P(Flu)。"}),
                ("normalised", exact.predict_proba(patient)[0][list(exact.classes_).index("Flu")],
                 {"en": "That is the posterior P(Flu | x); the score is not normalised.",
                  "zh": "这是后验 P(Flu | x)；得分不需要归一化。"}),
            ],
            hints=[{"en": "Five factors: the prior and one P(x_m | Flu) per symptom.",
                    "zh": "五个因子：先验，加上每个症状一个 P(x_m | Flu)。"}],
            solution="nb = CategoricalNB(exact=True).fit(X, y)\nanswer = nb.joint(patient).iloc[0]['Flu']"),
        graded(
            "hw01.laplace_temperature",
            {"en": f"Laplace smoothing (alpha = 1): P(Temperature = {lap['value']} | {lap['class']}), "
                   "as an exact Fraction.",
             "zh": f"拉普拉斯修正（alpha = 1）：P(Temperature = {lap['value']} | {lap['class']})，用精确分数表示。"},
            _model(p, alpha=1, exact=True).tables_["Temperature"].loc[lap["value"], lap["class"]],
            {"type": "exact"},
            mistakes=[
                ("no_smoothing", Fraction(n3, t3), _NO_SMOOTHING_HINT),
                ("alpha_not_times_M", _lidstone(n3, t3, 1, 1), _NOT_M_HINT),
                ("M_alpha_in_numerator_instead", Fraction(n3 + 1 + M3, t3), _NUMERATOR_INSTEAD_HINT),
                ("M_alpha_in_numerator_as_well", Fraction(n3 + 1 + M3, t3 + M3), _NUMERATOR_AS_WELL_HINT),
            ],
            hints=[{"en": "M is the number of values Temperature takes in the table; count the "
                          f"{lap['class']} rows and, among them, Temperature = {lap['value']}.",
                    "zh": f"M 是表中 Temperature 的取值个数；数一数 {lap['class']} 的行数，以及其中 Temperature = {lap['value']} 的行数。"}],
            solution=f"answer = lidstone({n3}, {t3}, {M3}, 1)   # (count + 1) / (count(class) + M*1)"),
        graded(
            "hw01.lidstone",
            {"en": f"Lidstone smoothing with alpha = {a4}: P(Cough = {lid['value']} | {lid['class']}), "
                   "as an exact Fraction.",
             "zh": f"alpha = {a4} 的 Lidstone 平滑：P(Cough = {lid['value']} | {lid['class']})，用精确分数表示。"},
            _lidstone(n4, t4, M4, a4), {"type": "exact"},
            mistakes=[
                ("laplace_instead", _lidstone(n4, t4, M4, 1),
                 {"en": f"That is Laplace smoothing (alpha = 1); this exercise uses alpha = {a4}.",
                  "zh": f"这是拉普拉斯修正（alpha = 1）的结果；本题 alpha = {a4}。"}),
                ("alpha_not_times_M", _lidstone(n4, t4, 1, a4), _NOT_M_HINT),
                ("no_smoothing", Fraction(n4, t4), _NO_SMOOTHING_HINT),
            ],
            hints=[{"en": "(count + alpha) / (count(class) + M * alpha), M = the number of values of Cough.",
                    "zh": "(count + alpha) / (count(class) + M * alpha)，M 为 Cough 的取值个数。"}],
            solution=f"answer = lidstone({n4}, {t4}, {M4}, {a4})"),
        graded(
            "hw01.epsilon_cold_score",
            {"en": "epsilon smoothing with a symbolic epsilon: the Cold score of `patient2`. A sympy "
                   "expression or a string such as '2*epsilon/9'.",
             "zh": "符号 epsilon 平滑：`patient2` 的 Cold 得分。给出 sympy 表达式或字符串，如 '2*epsilon/9'。"},
            cold5, {"type": "sympy", "symbols": ["epsilon", "eps"]},
            mistakes=[
                ("prior_forgotten", cold5 / _model(p, epsilon=eps).prior_["Cold"],
                 {"en": "You forgot the prior P(Cold).", "zh": "你忘了先验 P(Cold)。"}),
                ("no_smoothing", exact.joint(second).iloc[0]["Cold"],
                 {"en": "That is the unsmoothed score: replace each zero factor by epsilon.",
                  "zh": "这是未平滑的得分：把每个为 0 的因子换成 epsilon。"}),
            ],
            hints=[{"en": "Look for the factors that are zero in the table: each becomes epsilon.",
                    "zh": "找出表中为 0 的因子：每个都变成 epsilon。"}],
            solution="nb = CategoricalNB(epsilon=eps).fit(X, y)\nanswer = nb.joint(patient2).iloc[0]['Cold']"),
        graded(
            "hw01.posterior_function",
            {"en": "Write posterior(prior, likelihood): both are dicts class -> probability; return the "
                   "dict class -> P(class | x). Do not change the dicts you are given.",
             "zh": "编写 posterior(prior, likelihood)：两个参数都是 类别 -> 概率 的字典；返回字典 类别 -> P(类别 | x)。"
                   "不要修改传入的字典。"},
            _bayes_fn("posterior"), {"type": "dict", "digits": 6}, kind="function",
            public=cases, hidden=_hidden,
            forbidden=("nbteach.probability.bayes",),
            shortcut=lambda prior, likelihood: bayes(prior, likelihood).posterior,
            mistakes=[
                ("not_normalised", _bayes_fn("joint"),
                 {"en": "Your function returns the joints P(c) P(x | c): divide each by their sum.",
                  "zh": "你的函数返回的是联合概率 P(c) P(x | c)：每个都要除以它们的和。"}),
                ("prior_forgotten", _bayes_fn("uniform"),
                 {"en": "Your function ignores the prior: multiply each likelihood by P(c) first.",
                  "zh": "你的函数忽略了先验：先把每个似然乘以 P(c)。"}),
                ("likelihoods_normalised", _bayes_fn("likelihoods_normalised"),
                 {"en": "Your function divides each joint by the sum of the likelihoods; the evidence "
                        "P(x) is the sum of the joints P(c) P(x | c), so that the posteriors sum to 1.",
                  "zh": "你的函数把每个联合概率除以似然之和；证据因子 P(x) 是联合概率 P(c) P(x | c) 之和，"
                        "这样后验概率之和才为 1。"}),
            ],
            hints=[{"en": "First the joints, then their sum (the evidence), then divide.",
                    "zh": "先算联合概率，再求和（证据），最后相除。"},
                   {"en": "A class whose likelihood or prior is 0 gets posterior 0; nbteach.bayes is switched "
                          "off while your function is checked.",
                    "zh": "似然或先验为 0 的类别，后验概率为 0；检查你的函数时 nbteach.bayes 会被关闭。"}],
            solution=_POSTERIOR.solution),
        graded(
            "hw01.scores_function",
            {"en": "Write scores(df, patient, alpha): df is a table like the one above (the class in column "
                   "'Diagnosis'), patient a dict symptom -> value (every value occurs in df), alpha >= 0. Return "
                   "the dict class -> naive Bayes score P(c) prod_m P(x_m | c), with each P(x_m | c) Lidstone-"
                   "smoothed by alpha (M_m = the number of values symptom m takes in df) and the prior not "
                   "smoothed; exact Fractions when alpha is. Write it yourself: CategoricalNB, "
                   "probability_table, lidstone and laplace are switched off while your function is checked.",
             "zh": "编写 scores(df, patient, alpha)：df 是与上面类似的表（类别在 'Diagnosis' 列），patient 是 症状 -> 取值 的字典"
                   "（每个取值都在 df 中出现过），alpha >= 0。返回字典 类别 -> 朴素贝叶斯得分 P(c) prod_m P(x_m | c)，"
                   "其中每个 P(x_m | c) 用 alpha 做 Lidstone 平滑（M_m 为症状 m 在 df 中的取值个数），先验概率不平滑；"
                   "alpha 为精确值时结果也是精确的 Fraction。请自己实现：检查你的函数时，CategoricalNB、probability_table、"
                   "lidstone 和 laplace 会被关闭。"},
            _scores_fn(), {"type": "dict", "digits": 6}, kind="function",
            public=_scores_public(p), hidden=_scores_hidden,
            forbidden=("nbteach.categorical.CategoricalNB", "nbteach.smoothing.probability_table",
                       "nbteach.smoothing.lidstone", "nbteach.smoothing.laplace"),
            shortcut=lambda df, patient, alpha: nbteach.CategoricalNB(alpha=alpha, exact=True).fit(
                df[list(patient)], df["Diagnosis"]).joint(pd.DataFrame([patient])).iloc[0].to_dict(),
            mistakes=[
                ("prior_forgotten", _scores_fn("prior_forgotten"),
                 {"en": "Your scores leave out the prior P(c): multiply the smoothed factors by it.",
                  "zh": "你的得分漏了先验概率 P(c)：要把平滑后的各因子再乘以它。"}),
                ("prior_smoothed", _scores_fn("prior_smoothed"),
                 {"en": "You smoothed the prior too, (N_c + alpha) / (N + K alpha), as notes 000 and 002 do. "
                        "Here, as in note 001, alpha smooths only the factors P(x_m | c); the prior is N_c / N.",
                  "zh": "你把先验概率也平滑了，(N_c + alpha) / (N + K alpha)，这是笔记 000 和 002 的做法。"
                        "本题与笔记 001 一致：alpha 只平滑因子 P(x_m | c)；先验概率为 N_c / N。"}),
                ("alpha_not_times_M", _scores_fn("alpha_not_times_M"),
                 {"en": "Your factors add alpha to the class count once; each of the M_m values gets alpha "
                        "pseudo-counts, so the denominator grows by M_m alpha.",
                  "zh": "你的因子只在类别计数上加了一个 alpha；M_m 个取值每个都得到 alpha 个伪计数，所以分母要加 M_m alpha。"}),
                ("no_smoothing", _scores_fn("no_smoothing"),
                 {"en": "Your scores ignore alpha: a value a class never shows still makes its score 0.",
                  "zh": "你的得分忽略了 alpha：某类从未出现的取值仍使它的得分为 0。"}),
                ("normalised", _scores_fn("normalised"),
                 {"en": "Your scores are normalised: they sum to 1, as posteriors do. The score is the joint "
                        "P(c) prod_m P(x_m | c), before dividing by the evidence.",
                  "zh": "你的得分做了归一化：它们像后验概率一样和为 1。得分是除以证据因子之前的联合概率 "
                        "P(c) prod_m P(x_m | c)。"}),
            ],
            hints=[{"en": "Per class: the prior N_c / N, then for each symptom (count of the value in the "
                          "class + alpha) / (N_c + M_m alpha), all multiplied.",
                    "zh": "对每个类别：先验概率 N_c / N，再对每个症状乘以 (该类中这个取值的计数 + alpha) / (N_c + M_m alpha)。"}],
            solution=_SCORES.solution),
    ]


def _frame_source(name, values):
    return f"{name} = pd.DataFrame([{values!r}])"


def cells(p):
    rows = ",\n".join(f"     {r!r}" for r in p["rows"])
    lap, lid = p["laplace"], p["lidstone"]
    return [
        ("markdown", {"en": "# Homework 1: Bayes theorem, a flu/cold table and smoothing (lessons 01-03)\n\n"
                            "[作业 1：贝叶斯定理、流感/感冒表与平滑]\n\n"
                            "Each exercise has three cells: one that shows the question, one where you write your\n"
                            "answer in place of `____`, and a check cell. Run the check cell: it tells you whether\n"
                            "your answer is right and, if not, what went wrong, without showing the answer (in a\n"
                            "version graded by your teacher it checks only the answer's form and the common\n"
                            "mistakes it recognises, and says the answer is recorded); `q.hint()` gives a hint\n"
                            "(run it again for more).\n\n"
                            "Work top to bottom and run every cell (*Kernel > Restart Kernel and Run All Cells…*\n"
                            "before you hand in): your teacher grades this notebook by running it from the first\n"
                            "cell to the last.",
                      "zh": "# 作业 1：贝叶斯定理、流感/感冒表与平滑（第 01-03 课）\n\n"
                            "每道练习有三个单元格：一个显示题目，一个让你把 `____` 换成自己的答案，还有一个检查单元格。运行检查单元格："
                            "它会告诉你答案对不对；不对时说明哪里出了错，但不会显示答案（在由老师评分的版本中，它只检查答案的形式和"
                            "它能认出的常见错误，并说明答案已记录）；`q.hint()` 给出提示（再运行一次可得到更多提示）。"
                            + LANGUAGE_NOTE_ZH + "\n\n" + HAND_IN_ZH}),
        ("code", "from fractions import Fraction\n\n"
                 "import pandas as pd\n"
                 "import sympy\n\n"
                 "import nbteach\n"
                 "from nbteach import CategoricalNB, bayes\n"
                 "from nbteach.check import exercise, ____\n"
                 "from nbteach.probability import prob\n"
                 "from nbteach.smoothing import lidstone\n\n"
                 "# nbteach.set_language(\"zh\")   # 取消注释即可看到中文提示与反馈"),
        ("markdown", {"en": "The training table (patients, four symptoms, diagnosis Flu or Cold):",
                      "zh": "训练表（病人、四种症状，诊断为 Flu 或 Cold）："}),
        ("code", f"df = pd.DataFrame([\n{rows}],\n    columns={COLUMNS + ['Diagnosis']!r})\n"
                 "X, y = df.drop(columns=\"Diagnosis\"), df[\"Diagnosis\"]\ndf"),
        ("markdown", {"en": "## Exercise 1: a posterior from one symptom\n\n"
                            "Use only the `Cough` column. A patient coughs: what is P(Flu | Cough = yes)? [后验概率]",
                      "zh": "## 练习 1：由一个症状求后验概率\n\n"
                            "只用 `Cough` 列。一位病人咳嗽：P(Flu | Cough = yes) 是多少？"}),
        ("code", "q1 = exercise(\"hw01.posterior_cough\")\nq1"),
        ("code", "# BEGIN SOLUTION\n"
                 "prior = {c: prob(df, Diagnosis=c) for c in (\"Cold\", \"Flu\")}\n"
                 "likelihood = {c: prob(df, Cough=\"yes\", given={\"Diagnosis\": c}) for c in prior}\n"
                 "# END SOLUTION\n"
                 "answer1 = bayes(prior, likelihood).posterior[\"Flu\"]  # SOLUTION"),
        ("code", "q1.check(answer1)"),
        ("code", "# q1.hint()"),
        ("markdown", {"en": "## Exercise 2: the naive Bayes score of a new patient\n\n"
                            "No smoothing. Compute the Flu score P(Flu) ∏ P(x_m | Flu) of this patient [联合得分].",
                      "zh": "## 练习 2：一位新病人的朴素贝叶斯得分\n\n"
                            "不做平滑。计算这位病人的 Flu 得分 P(Flu) ∏ P(x_m | Flu)（联合得分）。"}),
        ("code", "q2 = exercise(\"hw01.score_flu\")\nq2"),
        ("code", _frame_source("patient", p["patient"]) + "\n"
                 "answer2 = CategoricalNB(exact=True).fit(X, y).joint(patient).iloc[0][\"Flu\"]  # SOLUTION"),
        ("code", "q2.check(answer2)"),
        ("markdown", {"en": f"## Exercise 3: Laplace smoothing\n\n"
                            f"With Laplace smoothing (alpha = 1) what is P(Temperature = {lap['value']} | {lap['class']})? "
                            "Give an exact\n`Fraction` [拉普拉斯修正]. Careful: note 001 says in words that M·alpha is "
                            "added to the\nnumerator; lesson 03 shows why it belongs in the denominator.",
                      "zh": f"## 练习 3：拉普拉斯修正\n\n"
                            f"用拉普拉斯修正（alpha = 1）时，P(Temperature = {lap['value']} | {lap['class']}) 是多少？给出精确的 "
                            "`Fraction`。注意：笔记 001 用文字说把 M·alpha 加到分子上；第 03 课说明了为什么它属于分母。"}),
        ("code", "q3 = exercise(\"hw01.laplace_temperature\")\nq3"),
        ("code", "answer3 = CategoricalNB(alpha=1, exact=True).fit(X, y).tables_[\"Temperature\"]"
                 f".loc[{lap['value']!r}, {lap['class']!r}]  # SOLUTION"),
        ("code", "q3.check(answer3)"),
        ("markdown", {"en": f"## Exercise 4: Lidstone smoothing with alpha = {lid['alpha']}",
                      "zh": f"## 练习 4：alpha = {lid['alpha']} 的 Lidstone 平滑"}),
        ("code", "q4 = exercise(\"hw01.lidstone\")\nq4"),
        ("code", f"answer4 = CategoricalNB(alpha={lid['alpha']}, exact=True).fit(X, y).tables_[\"Cough\"]"
                 f".loc[{lid['value']!r}, {lid['class']!r}]  # SOLUTION"),
        ("code", "q4.check(answer4)"),
        ("markdown", {"en": "## Exercise 5: epsilon smoothing, symbolically\n\n"
                            "Keep epsilon a symbol [符号 epsilon]; the answer is a sympy expression (or a string such\n"
                            "as `\"2*epsilon/9\"`).",
                      "zh": "## 练习 5：用符号表示的 epsilon 平滑\n\n"
                            "让 epsilon 保持为符号；答案是一个 sympy 表达式（或字符串，如 `\"2*epsilon/9\"`）。"}),
        ("code", "q5 = exercise(\"hw01.epsilon_cold_score\")\nq5"),
        ("code", "eps = sympy.Symbol(\"epsilon\", positive=True)\n"
                 + _frame_source("patient2", p["second"]) + "\n"
                 "answer5 = CategoricalNB(epsilon=eps).fit(X, y).joint(patient2).iloc[0][\"Cold\"]  # SOLUTION\n"
                 "answer5"),
        ("code", "q5.check(answer5)"),
        ("markdown", {"en": "## Exercise 6: write Bayes theorem yourself\n\n"
                            "Write `posterior(prior, likelihood)`: both arguments are dicts class → probability;\n"
                            "return the dict class → P(class | x). The check calls your function on a few inputs;\n"
                            "your teacher's grading calls it on more. Do not change the dicts you are given.",
                      "zh": "## 练习 6：自己写出贝叶斯定理\n\n"
                            "编写 `posterior(prior, likelihood)`：两个参数都是 类别 → 概率 的字典；返回字典 类别 → P(类别 | x)。"
                            "检查单元格会用几组输入调用你的函数；老师评分时会用更多输入调用它。不要修改传入的字典。"}),
        ("code", "q6 = exercise(\"hw01.posterior_function\")\nq6"),
        ("code", _POSTERIOR.cell),
        ("code", "q6.check(posterior)"),
        ("markdown", {"en": "## Exercise 7: the smoothed scores, from counts\n\n"
                            "Write `scores(df, patient, alpha)`: the naive Bayes score P(c) ∏ P(x_m | c) of every class\n"
                            "for `patient`, each factor Lidstone-smoothed with `alpha` (M_m = the number of values the\n"
                            "symptom takes in `df`), the prior not smoothed [拉普拉斯修正；联合得分]. `alpha = 0` is no\n"
                            "smoothing. Count everything yourself: `CategoricalNB`, `probability_table`, `lidstone`\n"
                            "and `laplace` are switched off while your function is checked. Do not change `df`.",
                      "zh": "## 练习 7：由计数得到平滑后的得分\n\n"
                            "编写 `scores(df, patient, alpha)`：返回 `patient` 在每个类别上的朴素贝叶斯得分 P(c) ∏ P(x_m | c)，"
                            "每个因子都用 `alpha` 做 Lidstone 平滑（M_m 为该症状在 `df` 中的取值个数），先验概率不平滑。"
                            "`alpha = 0` 即不平滑。请全部自己计数：检查你的函数时，`CategoricalNB`、`probability_table`、"
                            "`lidstone` 和 `laplace` 会被关闭。不要修改 `df`。"}),
        ("code", "q7 = exercise(\"hw01.scores_function\")\nq7"),
        ("code", _SCORES.cell),
        ("code", "q7.check(scores)"),
        ("markdown", {"en": "## Before you hand in\n\nRestart the kernel and run all cells. Every check cell should say **Correct!**",
                      "zh": "## 交作业之前\n\n重启内核并运行所有单元格。每个检查单元格都应显示 **正确！**（英文提示下为 **Correct!**）。"}),
    ]
