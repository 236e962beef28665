"""Exercises of lesson 09, Bayesian decision theory.

Ids: ``09.conditional_risk``, ``09.cost_threshold``, ``09.mail_risk``.

The lesson works the first flu/cold patient, a cost matrix where a missed flu costs 5,
and the mail with a missed spam costing 10; the exercises ask for the second patient, other
costs, and the mail under other costs.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd

from nbteach import BernoulliNB, CategoricalNB
from ..datasets import FLU_COLD_QUERIES
from ..decision import bayes_decision, bayes_risk, conditional_risk
from ..realdata import email_features
from ..resample import train_test_split
from ._flu import data as _flu
from .core import Mistake, define


def _second_posterior():
    X, y = _flu()
    nb = CategoricalNB(alpha=1, exact=True).fit(X, y)
    post = nb.predict_proba(pd.DataFrame([FLU_COLD_QUERIES["second"]]))[0]
    return list(nb.classes_), [Fraction(p) for p in post]


# decision x truth, classes ['Cold', 'Flu']: calling a flu a cold costs 10, a cold a flu 1
_FLU_LOSS = [[0, 10], [1, 0]]


def _risk(decision="Cold", loss=None):
    classes, post = _second_posterior()
    R = conditional_risk(post, _FLU_LOSS if loss is None else loss)
    return R[classes.index(decision)]


define(
    "09.conditional_risk",
    prompt={"en": "Laplace-smoothed naive Bayes (alpha = 1) on note 001's flu/cold table, the note's second "
                  "patient (severe, mild, high, no). Calling a flu a cold costs 10, calling a cold a flu costs 1, "
                  "a right diagnosis costs 0. What is the conditional risk R(Cold | x) of diagnosing Cold? "
                  "An exact Fraction.",
            "zh": "在笔记 001 的流感/感冒表上做拉普拉斯修正（alpha = 1）的朴素贝叶斯，取笔记的第二位病人"
                  "（severe, mild, high, no）。把流感诊断为感冒的代价为 10，把感冒诊断为流感的代价为 1，"
                  "诊断正确代价为 0。诊断为 Cold 的条件风险 R(Cold | x) 是多少？给出精确分数（Fraction）。"},
    answer=lambda: _risk("Cold"),
    exact=True,
    mistakes=[
        Mistake("other_decision", lambda: _risk("Flu"),
                {"en": "That is the risk of diagnosing Flu: R(Cold|x) sums the costs of deciding Cold "
                       "over the possible truths.",
                 "zh": "这是诊断为 Flu 的风险：R(Cold|x) 是对各种真实情况下判为 Cold 的代价求和。"}),
        Mistake("transposed", lambda: _risk("Cold", [[0, 1], [10, 0]]),
                {"en": "The loss is lambda[decision][truth]: deciding Cold when the truth is Flu is the "
                       "expensive mistake here.",
                 "zh": "损失是 lambda[决策][真实]：这里真实为 Flu 却判为 Cold 是代价大的错误。"}),
    ],
    hints=[
        {"en": "First the posterior of this patient (lesson 03 computed it); then weigh each possible "
               "truth by its cost.",
         "zh": "先求这位病人的后验概率（第 03 课算过）；再用代价给每种真实情况加权。"},
    ],
    solution={"en": "post = nb.predict_proba(patient)[0]        # in classes_ order: Cold, Flu\n"
                    "answer = conditional_risk(post, [[0, 10], [1, 0]])[0]",
              "zh": "post = nb.predict_proba(patient)[0]        # 按 classes_ 顺序：Cold, Flu\n"
                    "answer = conditional_risk(post, [[0, 10], [1, 0]])[0]"},
)


def _false_alarm_cost(kind="right"):
    """The cost of a false alarm that puts the spam threshold at 3/5 when a missed spam costs 5:
    t = fa / (fa + miss) solved for fa (the lesson derives t, the exercise inverts it)."""
    t, miss = Fraction(3, 5), 5
    if kind == "right":
        return t * miss / (1 - t)
    if kind == "swapped":            # t = miss / (fa + miss)
        return miss * (1 - t) / t
    if kind == "ratio":              # t = fa / miss
        return t * miss
    raise ValueError(kind)


define(
    "09.cost_threshold",
    leak_check="a cost of 15/2 (denominator 2, too short to search); the lesson's costs are 1, 5, 10 and 100",
    prompt={"en": "A spam filter: letting a spam through costs 5, right decisions cost 0. How much must marking "
                  "a real e-mail (ham) as spam cost for the Bayes decision to say spam exactly when "
                  "P(spam | x) > 3/5? First predict whether it is more or less than 5, then work it out from "
                  "the two conditional risks. An exact Fraction.",
            "zh": "一个垃圾邮件过滤器：放过一封垃圾邮件的代价为 5，正确决策代价为 0。把正常邮件（ham）标为"
                  "垃圾邮件的代价应为多少，才能使贝叶斯决策恰好在 P(spam | x) > 3/5 时判为垃圾邮件？先预测它比 5 "
                  "大还是小，再由两个条件风险推出。给出精确分数（Fraction）。"},
    answer=lambda: _false_alarm_cost(),
    exact=True,
    mistakes=[
        Mistake("swapped", lambda: _false_alarm_cost("swapped"),
                {"en": "Swapped: the threshold grows with the cost of a false alarm, so a threshold above 1/2 "
                       "needs a false alarm dearer than a missed spam.",
                 "zh": "弄反了：阈值随误报代价增大而增大，阈值高于 1/2 需要误报比漏报更贵。"}),
        Mistake("ratio", lambda: _false_alarm_cost("ratio"),
                {"en": "The threshold is not the ratio of the two costs; it is where the two conditional "
                       "risks are equal.",
                 "zh": "阈值不是两个代价之比；它是两个条件风险相等之处。"}),
    ],
    hints=[
        {"en": "Section 4 gives the threshold as a function of both costs; here the threshold is known and "
               "one cost is not. threshold_from_loss on your loss matrix checks your answer.",
         "zh": "第 4 节把阈值写成两个代价的函数；这里阈值已知，一个代价未知。"
               "用 threshold_from_loss 作用于你的损失矩阵可以检验答案。"},
    ],
    solution={"en": "# t = fa / (fa + 5) = 3/5  =>  5 fa = 3 fa + 15  =>  fa = 15/2\n"
                    "answer = Fraction(15, 2)\n"
                    "threshold_from_loss([[0, 5], [answer, 0]])   # Fraction(3, 5): the check",
              "zh": "# t = fa / (fa + 5) = 3/5  =>  5 fa = 3 fa + 15  =>  fa = 15/2\n"
                    "answer = Fraction(15, 2)\n"
                    "threshold_from_loss([[0, 5], [answer, 0]])   # Fraction(3, 5)：检验"},
)


def _mail(loss, kind="bayes"):
    X, y = email_features()
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.3, random_state=0)
    m = BernoulliNB(alpha=1.0).fit(X_tr, y_tr)
    post = m.predict_proba(X_te)
    classes = list(m.classes_)
    if kind == "bayes":
        return float(bayes_risk(post, loss, y_true=y_te, classes=classes))
    if kind == "expected":
        return float(bayes_risk(post, loss))
    if kind == "argmax":
        dec = bayes_decision(post)
        idx = [classes.index(v) for v in y_te]
        L = np.asarray(loss, dtype=float)
        return float(np.mean([L[d, t] for d, t in zip(dec, idx)]))
    raise ValueError(kind)


# classes ['ham', 'spam']; rows decision, columns truth: a missed spam costs 4, a false alarm 1
_MAIL_LOSS = [[0, 4], [1, 0]]


define(
    "09.mail_risk",
    prompt={"en": "Lesson 09's mail: BernoulliNB(alpha=1) trained on email_features() split by "
                  "train_test_split(X, y, test_size=0.3, random_state=0). A missed spam costs 4, a false "
                  "alarm costs 1, right decisions 0. What is the mean cost per held-out e-mail of the Bayes "
                  "decisions? A float, computed.",
            "zh": "第 09 课的邮件：用 train_test_split(X, y, test_size=0.3, random_state=0) 划分 "
                  "email_features()，训练 BernoulliNB(alpha=1)。漏掉一封垃圾邮件代价为 4，误报代价为 1，"
                  "正确决策为 0。贝叶斯决策在留出邮件上的平均代价是多少？给出计算得到的浮点数。"},
    answer=lambda: _mail(_MAIL_LOSS),
    rtol=1e-9,
    mistakes=[
        Mistake("argmax", lambda: _mail(_MAIL_LOSS, "argmax"),
                {"en": "That is the cost of the plain argmax decisions: the Bayes decisions minimise the "
                       "conditional risk under these costs.",
                 "zh": "这是直接取最大后验概率的决策所付出的代价：贝叶斯决策要在这些代价下最小化条件风险。"}),
        Mistake("expected", lambda: _mail(_MAIL_LOSS, "expected"),
                {"en": "That is the risk the model expects from its own posteriors; the question asks what "
                       "the decisions cost on the held-out labels.",
                 "zh": "这是模型根据自身的后验概率预期的风险；题目问的是这些决策在留出邮件的真实标记上实际付出的代价。"}),
        Mistake("transposed", lambda: _mail([[0, 1], [4, 0]]),
                {"en": "The loss is lambda[decision][truth]: deciding ham when the truth is spam costs 4.",
                 "zh": "损失是 lambda[决策][真实]：真实为 spam 却判为 ham 的代价是 4。"}),
    ],
    hints=[
        {"en": "bayes_risk takes the posterior, the loss and the true labels (with classes=model.classes_).",
         "zh": "bayes_risk 接受后验概率、损失矩阵和真实标记（并传入 classes=model.classes_）。"},
    ],
    solution={"en": "post = model.predict_proba(X_test)\n"
                    "answer = bayes_risk(post, [[0, 4], [1, 0]], y_true=y_test, classes=model.classes_)",
              "zh": "post = model.predict_proba(X_test)\n"
                    "answer = bayes_risk(post, [[0, 4], [1, 0]], y_true=y_test, classes=model.classes_)"},
)
