"""Exercises of lesson 01, Bayes theorem.

Ids: ``01.posterior``, ``01.evidence``, ``01.posterior_dict``, ``01.decision``.

The first three use one screening example: a patient has the flu (class ``sick``)
with prior probability 1/100; a rapid test is positive for 9 in 10 sick patients and
for 1 in 20 ``healthy`` ones. The test is positive: x = "+". The last one uses the
flu/cold table of note 001.
"""
from __future__ import annotations

from fractions import Fraction

import nbteach
from ..datasets import flu_cold, flu_cold_query
from ..probability import bayes
from .core import Mistake, define

PRIOR = {"sick": Fraction(1, 100), "healthy": Fraction(99, 100)}
LIKELIHOOD = {"sick": Fraction(9, 10), "healthy": Fraction(1, 20)}  # P(+ | c)

_STORY = {
    "en": "Prior P(sick) = 1/100, P(healthy) = 99/100; the test is positive with "
          "P(+ | sick) = 9/10 and P(+ | healthy) = 1/20. The test is positive.",
    "zh": "先验概率 P(sick) = 1/100，P(healthy) = 99/100；检测阳性的概率 P(+ | sick) = 9/10，"
          "P(+ | healthy) = 1/20。检测结果为阳性。",
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
                    "r = bayes({'sick': '1/100', 'healthy': '99/100'},\n"
                    "          {'sick': '9/10', 'healthy': '1/20'})\n"
                    "answer = r.posterior['sick']   # joint / evidence",
              "zh": "from nbteach import bayes\n"
                    "r = bayes({'sick': '1/100', 'healthy': '99/100'},\n"
                    "          {'sick': '9/10', 'healthy': '1/20'})\n"
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
