"""Exercises of lesson 01, Bayes theorem.

Ids: ``01.posterior``, ``01.evidence``, ``01.posterior_dict``, ``01.decision``,
``01.posterior_function``.

The first three use one screening example: a patient has the flu (class ``sick``)
with prior probability 1/120; a rapid test is positive for 9 in 10 sick patients and
for 1 in 15 ``healthy`` ones. The test is positive: x = "+". The fourth uses the
flu/cold table of note 001. The last is a build-it: the student writes Bayes theorem for
several observations, independent given the class, with ``bayes`` switched off.
"""
from __future__ import annotations

import math
from fractions import Fraction

import nbteach
from ..datasets import flu_cold, flu_cold_query
from ..probability import bayes
from ._unswitched import unswitched
from .core import Mistake, define

# Off the Bayes explorer's grid (prior in steps of 0.001, likelihoods in steps of 0.005): no
# slider of lesson 01's explorer reaches this story, so it never shows these answers.
PRIOR = {"sick": Fraction(1, 120), "healthy": Fraction(119, 120)}
LIKELIHOOD = {"sick": Fraction(9, 10), "healthy": Fraction(1, 15)}  # P(+ | c)

_STORY = {
    "en": "Prior P(sick) = 1/120, P(healthy) = 119/120; the test is positive with "
          "P(+ | sick) = 9/10 and P(+ | healthy) = 1/15. The test is positive.",
    "zh": "先验概率 P(sick) = 1/120，P(healthy) = 119/120；检测阳性的概率 P(+ | sick) = 9/10，"
          "P(+ | healthy) = 1/15。检测结果为阳性。",
}


def _bayes(prior=None):
    return bayes(PRIOR if prior is None else prior, LIKELIHOOD)


def _uniform():
    return {c: Fraction(1, len(PRIOR)) for c in PRIOR}


define(
    "01.posterior",
    prompt={"en": _STORY["en"] + " What is P(sick | +)?",
            "zh": _STORY["zh"] + "求 P(sick | +)。"},
    answer=lambda: _bayes().posterior["sick"],
    rtol=1e-6,
    mistakes=[
        Mistake("likelihood_for_posterior", lambda: _bayes().likelihood["sick"],
                {"en": "That is P(+ | sick), the likelihood: the question asks the reverse, "
                       "P(sick | +). Bayes theorem turns one into the other.",
                 "zh": "这是似然 P(+ | sick)；题目问的是反过来的 P(sick | +)，需要用贝叶斯定理转换。"}),
        Mistake("not_normalised", lambda: _bayes().joint["sick"],
                {"en": "That is the joint P(sick) P(+ | sick): divide by the evidence P(+) "
                       "so that the posteriors of all classes sum to 1.",
                 "zh": "这是联合概率 P(sick) P(+ | sick)：还要除以证据因子 P(+)，使各类的后验概率之和为 1。"}),
        Mistake("prior_forgotten", lambda: _bayes(_uniform()).posterior["sick"],
                {"en": "You normalised the likelihoods but forgot the prior: multiply each "
                       "P(+ | c) by P(c) first. A rare disease stays unlikely after one test.",
                 "zh": "你只把似然归一化了，忘了先验概率：先把每个 P(+ | c) 乘以 P(c)。罕见病即使检测一次阳性，患病的可能性仍然不大。"}),
        Mistake("note000_joint_times_prior",
                lambda: _bayes().joint["sick"] * _bayes().prior["sick"] / _bayes().evidence,
                {"en": "You used p(x, y) p(y) / p(x), as note 000 writes it: the numerator is "
                       "p(x | y) p(y) (which equals p(x, y)); multiplying the joint by the prior "
                       "again counts the prior twice.",
                 "zh": "你用了笔记 000 的 p(x, y) p(y) / p(x)：分子应是 p(x | y) p(y)（即 p(x, y)），"
                       "联合概率再乘以先验概率，等于把先验概率算了两次。"}),
    ],
    hints=[
        {"en": "Bayes theorem: P(c | x) = P(c) P(x | c) / P(x).",
         "zh": "贝叶斯定理：P(c | x) = P(c) P(x | c) / P(x)。"},
        {"en": "P(+) = P(sick) P(+ | sick) + P(healthy) P(+ | healthy): add the joint of every class.",
         "zh": "P(+) = P(sick) P(+ | sick) + P(healthy) P(+ | healthy)：把每一类的联合概率相加。"},
        {"en": "nbteach.bayes(prior, likelihood) returns .joint, .evidence and .posterior.",
         "zh": "nbteach.bayes(prior, likelihood) 会给出 .joint、.evidence 和 .posterior。"},
    ],
    solution={"en": "from nbteach import bayes\n"
                    "r = bayes({'sick': '1/120', 'healthy': '119/120'},\n"
                    "          {'sick': '9/10', 'healthy': '1/15'})\n"
                    "answer = r.posterior['sick']   # joint / evidence",
              "zh": "from nbteach import bayes\n"
                    "r = bayes({'sick': '1/120', 'healthy': '119/120'},\n"
                    "          {'sick': '9/10', 'healthy': '1/15'})\n"
                    "answer = r.posterior['sick']   # 联合概率 / 证据因子"},
)

define(
    "01.evidence",
    prompt={"en": _STORY["en"] + " What is the evidence P(+)?",
            "zh": _STORY["zh"] + "求证据因子 P(+)。"},
    answer=lambda: _bayes().evidence,
    rtol=1e-6,
    mistakes=[
        Mistake("likelihoods_summed", lambda: sum(_bayes().likelihood.values()),
                {"en": "You added the likelihoods P(+ | c) without weighting them by the prior "
                       "P(c): the law of total probability sums P(c) P(+ | c).",
                 "zh": "你直接把似然 P(+ | c) 相加，没有乘以先验概率 P(c)：全概率公式是对 P(c) P(+ | c) 求和。"}),
        Mistake("one_class_only", lambda: _bayes().joint["sick"],
                {"en": "That is the joint of the sick class only: P(+) sums over every class.",
                 "zh": "这只是 sick 一类的联合概率：P(+) 要对所有类求和。"}),
    ],
    hints=[
        {"en": "The evidence is the same for every class: it is what the joints are divided by.",
         "zh": "证据因子对所有类都相同：联合概率要除以的正是它。"},
        {"en": "P(+) = sum over c of P(c) P(+ | c).", "zh": "P(+) = 对所有类 c 求 P(c) P(+ | c) 之和。"},
    ],
    solution={"en": "r = bayes(prior, likelihood)\nanswer = r.evidence   # sum of r.joint.values()",
              "zh": "r = bayes(prior, likelihood)\nanswer = r.evidence   # 即 r.joint 各值之和"},
)

define(
    "01.posterior_dict",
    prompt={"en": _STORY["en"] + " Give the whole posterior as a dict class -> P(class | +).",
            "zh": _STORY["zh"] + "以字典（类别 -> P(类别 | +)）给出完整的后验概率分布。"},
    answer=lambda: _bayes().posterior,
    rtol=1e-6,
    mistakes=[
        Mistake("not_normalised", lambda: _bayes().joint,
                {"en": "These are the joints P(c) P(+ | c): they do not sum to 1. Divide each by "
                       "their sum, the evidence.",
                 "zh": "这些是联合概率 P(c) P(+ | c)，它们之和不为 1。请把每个都除以它们的和（证据因子）。"}),
        Mistake("prior_forgotten", lambda: _bayes(_uniform()).posterior,
                {"en": "Your posteriors ignore the prior: multiply by P(c) before normalising.",
                 "zh": "你的后验概率忽略了先验概率：归一化之前先乘以 P(c)。"}),
        Mistake("likelihood_for_posterior", lambda: _bayes().likelihood,
                {"en": "These are the likelihoods P(+ | c), not the posteriors P(c | +).",
                 "zh": "这些是似然 P(+ | c)，不是后验概率 P(c | +)。"}),
    ],
    hints=[
        {"en": "The keys are the classes 'sick' and 'healthy'; the values must sum to 1.",
         "zh": "键是类别 'sick' 和 'healthy'；值之和必须为 1。"},
    ],
    solution={"en": "answer = bayes(prior, likelihood).posterior",
              "zh": "answer = bayes(prior, likelihood).posterior"},
)


def _flu_model():
    df = flu_cold()
    return nbteach.CategoricalNB(exact=True).fit(df.drop(columns="Diagnosis"), df["Diagnosis"])


def _first():
    return flu_cold_query("first")


define(
    "01.decision",
    leak_check="a class label; lesson 01 does not score this patient (lesson 02 does, after this exercise's lesson)",
    prompt={"en": "Flu/cold table of note 001, no smoothing: which class does naive Bayes "
                  "choose for a patient with Headache=mild, Sore=severe, Temperature=normal, "
                  "Cough=no? Answer 'Flu' or 'Cold'.",
            "zh": "笔记 001 的流感/感冒表，不做平滑：对 Headache=mild、Sore=severe、Temperature=normal、"
                  "Cough=no 的病人，朴素贝叶斯选哪一类？回答 'Flu' 或 'Cold'。"},
    answer=lambda: str(_flu_model().predict(_first())[0]),
    mistakes=[
        Mistake("prior_only", lambda: str(_flu_model().prior_.astype(float).idxmax()),
                {"en": "That is the class with the larger prior: the symptoms change the answer. "
                       "Multiply the prior by P(x_m | c) for every symptom.",
                 "zh": "这是先验概率较大的类，但症状会改变结论：把先验概率与每个症状的 P(x_m | c) 相乘。"}),
    ],
    hints=[
        {"en": "Score each class by P(c) times the product of P(x_m | c); pick the larger.",
         "zh": "每类的得分 = P(c) 乘以各个 P(x_m | c)；选得分较大的一类。"},
        {"en": "Look for a factor that is 0 for one of the classes.",
         "zh": "看看哪一类有某个因子等于 0。"},
    ],
    solution={"en": "nb = CategoricalNB(exact=True).fit(X, y)\n"
                    "answer = nb.predict(flu_cold_query('first'))[0]   # Flu scores 0 (Cough=no), Cold 1/20",
              "zh": "nb = CategoricalNB(exact=True).fit(X, y)\n"
                    "answer = nb.predict(flu_cold_query('first'))[0]   # Flu 得分 0（Cough=no），Cold 1/20"},
)


# ---------------------------------------------------------------- build-it: Bayes theorem, repeated
_bayes_itself = unswitched(bayes)   # the library's bayes, out of the switch's reach (the reference)


def _posterior_after():
    """The library's answer: one ``bayes`` update per observation, each posterior the next prior."""
    def posterior(prior, likelihoods):
        belief = dict(prior)
        for likelihood in likelihoods:
            belief = _bayes_itself(belief, likelihood).posterior
        return belief
    return posterior


def _product(likelihoods, c):
    return math.prod((lik[c] for lik in likelihoods), start=Fraction(1))


def _wrong_posterior(kind):
    """The usual wrong versions, each made with ``bayes`` and the mistake applied (its unswitched copy:
    a mistake passed to the check as an answer is diagnosed, not refused as a shortcut)."""
    def make():
        def f(prior, likelihoods):
            if kind == "prior_forgotten":        # normalises the likelihoods' product alone
                prior = {c: Fraction(1, len(prior)) for c in prior}
            if kind == "prior_not_updated":      # every observation starts again from the prior
                return _bayes_itself(prior, likelihoods[-1]).posterior if likelihoods else dict(prior)
            if kind == "likelihoods_added":      # P(x_1 | c) + P(x_2 | c) instead of the product
                added = {c: sum((lik[c] for lik in likelihoods), Fraction(0)) if likelihoods else 1 for c in prior}
                return _bayes_itself(prior, {c: v / max(len(likelihoods), 1) for c, v in added.items()}).posterior
            joint = _bayes_itself(prior, {c: _product(likelihoods, c) for c in prior})
            return joint.joint if kind == "not_normalised" else joint.posterior
        return f
    return make


def _classes(rng, k):
    return rng.sample(["flu", "cold", "covid", "allergy", "healthy"], k)


def _distribution(rng, classes, zero=None):
    weights = [0 if c == zero else rng.randint(1, 9) for c in classes]
    return {c: Fraction(w, sum(weights)) for c, w in zip(classes, weights)}


def _observation(rng, classes, zero=None):
    return {c: Fraction(0) if c == zero else Fraction(rng.randint(1, 19), 20) for c in classes}


def _posterior_inputs(rng):
    """Hidden cases: two tests on two classes (tells every mistake apart), no observation at all
    (the posterior is the prior), one observation, a class the evidence rules out (likelihood 0),
    a class with prior 0, three to five classes and up to four observations."""
    two = ["sick", "healthy"]
    out = [(({"sick": Fraction(1, 4), "healthy": Fraction(3, 4)},
             [{"sick": Fraction(4, 5), "healthy": Fraction(1, 10)},
              {"sick": Fraction(1, 2), "healthy": Fraction(1, 5)}]), {})]
    classes = _classes(rng, rng.randint(2, 4))
    out.append(((_distribution(rng, classes), []), {}))
    out.append(((_distribution(rng, two), [_observation(rng, two)]), {}))
    classes = _classes(rng, rng.randint(3, 5))
    out.append(((_distribution(rng, classes),
                 [_observation(rng, classes, zero=classes[0]), _observation(rng, classes)]), {}))
    classes = _classes(rng, rng.randint(2, 4))
    out.append(((_distribution(rng, classes, zero=classes[-1]),
                 [_observation(rng, classes) for _ in range(rng.randint(2, 4))]), {}))
    return out


define(
    "01.posterior_function",
    prompt={"en": "Write posterior(prior, likelihoods): prior is a dict class -> P(c); likelihoods is a list "
                  "of dicts class -> P(x_t | c), one for each observation x_1, ..., x_T, independent given "
                  "the class (the list may be empty). Return the dict class -> P(c | x_1, ..., x_T), exact "
                  "when the inputs are Fractions. Write it yourself: nbteach.bayes is switched off while "
                  "your function is checked.",
            "zh": "编写 posterior(prior, likelihoods)：prior 是 类别 -> P(c) 的字典；likelihoods 是字典的列表，"
                  "每个观测 x_1, ..., x_T 一个字典 类别 -> P(x_t | c)，各观测在给定类别时相互独立（列表可以为空）。"
                  "返回字典 类别 -> P(c | x_1, ..., x_T)；输入是 Fraction 时结果应是精确的。请自己实现："
                  "检查你的函数时 nbteach.bayes 会被关闭。"},
    answer=_posterior_after,
    kind="function",
    inputs=_posterior_inputs,
    exact=True,
    forbidden=("nbteach.probability.bayes",),
    shortcut=lambda prior, likelihoods: bayes(prior, {c: _product(likelihoods, c) for c in prior}).posterior,
    mistakes=[
        Mistake("prior_forgotten", _wrong_posterior("prior_forgotten"),
                {"en": "Your function ignores the prior: its answers are what a uniform prior gives. "
                       "Multiply by P(c) before normalising.",
                 "zh": "你的函数忽略了先验概率：结果相当于均匀的先验概率。归一化之前先乘以 P(c)。"}),
        Mistake("not_normalised", _wrong_posterior("not_normalised"),
                {"en": "Your function returns the joints P(c) P(x_1 | c) ... P(x_T | c): they do not sum to 1. "
                       "Divide each by their sum, the evidence.",
                 "zh": "你的函数返回的是联合概率 P(c) P(x_1 | c) ... P(x_T | c)，它们之和不为 1。"
                       "请把每个都除以它们的和（证据因子）。"}),
        Mistake("prior_not_updated", _wrong_posterior("prior_not_updated"),
                {"en": "Your function uses only the last observation: each update starts again from the "
                       "prior. Yesterday's posterior is today's prior: carry the belief from one observation "
                       "to the next.",
                 "zh": "你的函数只用了最后一个观测：每次更新都从先验概率重新开始。昨天的后验概率是今天的先验概率："
                       "要把信念从一个观测带到下一个观测。"}),
        Mistake("likelihoods_added", _wrong_posterior("likelihoods_added"),
                {"en": "Your function combines the observations by adding (or averaging) their likelihoods. "
                       "Independent observations multiply: P(x_1, x_2 | c) = P(x_1 | c) P(x_2 | c).",
                 "zh": "你的函数把各观测的似然相加（或取平均）。相互独立的观测应相乘："
                       "P(x_1, x_2 | c) = P(x_1 | c) P(x_2 | c)。"}),
    ],
    hints=[
        {"en": "One observation is Bayes theorem: joint = prior times likelihood, then divide by the sum "
               "of the joints. With several, either update once per observation or multiply the "
               "likelihoods first.",
         "zh": "只有一个观测时就是贝叶斯定理：联合概率 = 先验概率乘以似然，再除以联合概率之和。"
               "有多个观测时，可以每个观测更新一次，也可以先把似然相乘。"},
        {"en": "With no observation at all nothing changes: the posterior is the prior. A class whose "
               "likelihood is 0 ends with posterior 0.",
         "zh": "没有任何观测时什么都不变：后验概率就是先验概率。似然为 0 的类别，后验概率为 0。"},
    ],
    solution={"en": "def posterior(prior, likelihoods):\n"
                    "    belief = dict(prior)\n"
                    "    for likelihood in likelihoods:          # yesterday's posterior is today's prior\n"
                    "        joint = {c: belief[c] * likelihood[c] for c in belief}\n"
                    "        evidence = sum(joint.values())\n"
                    "        belief = {c: j / evidence for c, j in joint.items()}\n"
                    "    return belief",
              "zh": "def posterior(prior, likelihoods):\n"
                    "    belief = dict(prior)\n"
                    "    for likelihood in likelihoods:          # 昨天的后验概率是今天的先验概率\n"
                    "        joint = {c: belief[c] * likelihood[c] for c in belief}\n"
                    "        evidence = sum(joint.values())\n"
                    "        belief = {c: j / evidence for c, j in joint.items()}\n"
                    "    return belief"},
)
