"""Exercises of lesson 09, Bayesian decision theory.

Ids: ``09.conditional_risk``, ``09.cost_threshold``, ``09.mail_risk``.

The lesson works the first flu/cold patient, a cost matrix where a missed flu costs 5,
and the mail with a missed spam costing 10. Two exercises are build-its (issue 33): the student
writes the conditional risk, and the mean cost of the Bayes decisions with a reject option, with
nbteach.decision's functions switched off while the function is checked. The second is called on
lesson 09's held-out mail with a missed spam costing 4 and a person 0.25: the lesson's
loss_explorer has no reject option, so no view of it shows that cost.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd

from nbteach import BernoulliNB, CategoricalNB
from ..datasets import FLU_COLD_QUERIES
from ..decision import bayes_risk, conditional_risk
from ..realdata import email_features
from ..resample import train_test_split
from ._flu import data as _flu
from ._unswitched import unswitched
from .core import Mistake, define


def _second_posterior():
    X, y = _flu()
    nb = CategoricalNB(alpha=1, exact=True).fit(X, y)
    post = nb.predict_proba(pd.DataFrame([FLU_COLD_QUERIES["second"]]))[0]
    return list(nb.classes_), [Fraction(p) for p in post]


# ---------------------------------------------------------------- build-it: the conditional risk
_risk_itself = unswitched(conditional_risk)   # the library's conditional_risk, out of the switch's reach

#: the library names that would compute a risk or a Bayes decision for the student: switched off
#: while the build-its' functions are checked
_DECISION = ("nbteach.decision.conditional_risk", "nbteach.decision.expected_loss",
             "nbteach.decision.bayes_decision", "nbteach.decision.bayes_risk",
             "nbteach.decision.decision_risk", "nbteach.decision.log_conditional_risk",
             "nbteach.decision.log_bayes_decision", "nbteach.decision.risk_gap")


def _risk_function(kind="right"):
    """conditional_risk(posterior, loss) -> [R(c_i | x) for every decision i]: the library's, or a
    usual mistake made from it (the loss read truth x decision, the 0-1 loss whatever the costs, the
    costs not weighted by the posterior, the decision's own posterior as the weight)."""
    def make():
        def risk(posterior, loss):
            K = len(posterior)
            if kind == "transposed":
                loss = [[loss[j][i] for j in range(K)] for i in range(K)]
            elif kind == "one_minus_posterior":
                return [1 - p for p in posterior]
            elif kind == "unweighted":
                return [sum(row) for row in loss]
            elif kind == "own_posterior":
                return [sum(row) * posterior[i] for i, row in enumerate(loss)]
            return [r for r in _risk_itself(list(posterior), loss)]
        return risk
    return make


def _fractions(rng, k, zero=None):
    weights = [0 if i == zero else rng.randint(1, 9) for i in range(k)]
    return [Fraction(w, sum(weights)) for w in weights]


def _loss(rng, k, diagonal=False):
    return [[rng.randint(0, 2) if i == j and diagonal else 0 if i == j else rng.randint(1, 12)
             for j in range(k)] for i in range(k)]


def _risk_inputs(rng):
    """Hidden cases: the note's second patient with a missed flu costing 10 (Cold, Flu), three
    classes with an asymmetric loss, the 0-1 loss, a class with posterior 0, right decisions that
    cost something (the diagonal), four classes in floats."""
    _, second = _second_posterior()
    out = [((second, [[0, 10], [1, 0]]), {})]
    out.append(((_fractions(rng, 3), _loss(rng, 3)), {}))
    k = rng.randint(2, 4)
    out.append(((_fractions(rng, k), [[int(i != j) for j in range(k)] for i in range(k)]), {}))
    out.append(((_fractions(rng, 3, zero=rng.randint(0, 2)), _loss(rng, 3)), {}))
    out.append(((_fractions(rng, 2), _loss(rng, 2, diagonal=True)), {}))
    floats = [float(p) for p in _fractions(rng, 4)]
    out.append(((floats, [[float(v) for v in row] for row in _loss(rng, 4)]), {}))
    return out


define(
    "09.conditional_risk",
    prompt={"en": "Write conditional_risk(posterior, loss): posterior is a list of P(c_j | x), one per class; "
                  "loss is a list of rows, loss[i][j] the cost of deciding c_i when the truth is c_j. Return the "
                  "list of the conditional risks R(c_i | x), one per decision, exact when the inputs are "
                  "Fractions. Write it yourself: nbteach.decision's conditional_risk, expected_loss, "
                  "bayes_decision and bayes_risk are switched off while your function is checked.",
            "zh": "编写 conditional_risk(posterior, loss)：第一个参数是各类的 P(c_j | x) 组成的列表；第二个参数是损失矩阵，"
                  "由若干行组成的列表，第 i 行第 j 个元素是真实为 c_j 时判为 c_i 的代价。返回各个决策的条件风险 R(c_i | x) 组成的列表；输入是 Fraction "
                  "时结果应是精确的。请自己实现：检查你的函数时，nbteach.decision 的 conditional_risk、expected_loss、"
                  "bayes_decision 和 bayes_risk 会被关闭。"},
    answer=_risk_function(),
    kind="function",
    inputs=_risk_inputs,
    exact=True,
    forbidden=_DECISION,
    shortcut=lambda posterior, loss: list(conditional_risk(posterior, loss)),
    mistakes=[
        Mistake("transposed", _risk_function("transposed"),
                {"en": "Your function reads the loss as loss[truth][decision]. Here loss[i][j] is the cost of "
                       "deciding c_i when the truth is c_j: R(c_i | x) walks along row i.",
                 "zh": "你的函数把损失读成了 loss[真实][决策]。这里 loss[i][j] 是真实为 c_j 时判为 c_i 的代价："
                       "R(c_i | x) 沿第 i 行求和。"}),
        Mistake("one_minus_posterior", _risk_function("one_minus_posterior"),
                {"en": "Your function returns 1 - P(c_i | x): that is the risk under the 0-1 loss only. Weigh "
                       "each truth's probability by the cost the loss gives it.",
                 "zh": "你的函数返回 1 - P(c_i | x)：这只是 0-1 损失下的风险。要用损失给出的代价给每种真实情况的概率加权。"}),
        Mistake("unweighted", _risk_function("unweighted"),
                {"en": "Your function adds the costs of a row without weighing them: each cost lambda_ij is "
                       "multiplied by the probability P(c_j | x) that c_j is the truth.",
                 "zh": "你的函数把一行的代价直接相加，没有加权：每个代价 lambda_ij 都要乘以真实为 c_j 的概率 P(c_j | x)。"}),
        Mistake("own_posterior", _risk_function("own_posterior"),
                {"en": "Your function weighs every cost of row i by P(c_i | x), the decision's own posterior. "
                       "The weight of lambda_ij is the probability of the truth c_j.",
                 "zh": "你的函数用决策自己的后验概率 P(c_i | x) 给第 i 行的每个代价加权。lambda_ij 的权重应是真实为 c_j 的概率。"}),
    ],
    hints=[
        {"en": "R(c_i | x) = sum over j of loss[i][j] * P(c_j | x): one number per row of the loss.",
         "zh": "R(c_i | x) = 对 j 求 loss[i][j] * P(c_j | x) 之和：损失矩阵每一行得到一个数。"},
        {"en": "Keep the arithmetic in the inputs' own type: Fractions in, Fractions out. A class with "
               "posterior 0 adds nothing to any risk.",
         "zh": "用输入本身的类型计算：输入是 Fraction，输出也应是 Fraction。后验概率为 0 的类对任何风险都没有贡献。"},
    ],
    solution={"en": "def conditional_risk(posterior, loss):\n"
                    "    risks = []\n"
                    "    for row in loss:                 # one decision c_i per row\n"
                    "        risks.append(sum(cost * p for cost, p in zip(row, posterior)))\n"
                    "    return risks",
              "zh": "def conditional_risk(posterior, loss):\n"
                    "    risks = []\n"
                    "    for row in loss:                 # 每一行对应一个决策 c_i\n"
                    "        risks.append(sum(cost * p for cost, p in zip(row, posterior)))\n"
                    "    return risks"},
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


# ---------------------------------------------------------------- build-it: the decision with a reject option
_MAIL = {}


def _mail_posterior():
    """Lesson 09's held-out mail: BernoulliNB(alpha=1) on 70% of email_features(), the posterior
    of the other 30% and their true classes as indices (computed once)."""
    if not _MAIL:
        X, y = email_features()
        X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.3, random_state=0)
        m = BernoulliNB(alpha=1.0).fit(X_tr, y_tr)
        classes = list(m.classes_)
        _MAIL["posterior"] = np.asarray(m.predict_proba(X_te), dtype=float)
        _MAIL["truth"] = [classes.index(v) for v in y_te]
    return _MAIL["posterior"].copy(), list(_MAIL["truth"])


def _mean_cost(kind="right"):
    """mean_cost(posterior, loss, truth, reject_cost): the mean cost per row of the Bayes decisions
    with a reject option (the least conditional risk, the first of equal ones; a row whose least risk
    exceeds reject_cost goes to a person for reject_cost), computed from the definitions; or a usual
    mistake: the argmax decisions, the model's expected risk instead of the labels', the loss read
    truth x decision, the reject option ignored, the rejected rows left out of the mean."""
    def make():
        def mean_cost(posterior, loss, truth, reject_cost=None):
            P = np.asarray(posterior, dtype=float)
            L = np.asarray(loss, dtype=float)
            if kind == "transposed":
                L = L.T
            R = P @ L.T                                   # R[n, i] = sum_j loss[i][j] P(c_j | x_n)
            if kind == "argmax":
                decision = np.argmax(P, axis=1)
            else:
                decision = np.argmin(R, axis=1)
            least = R[np.arange(len(P)), decision]
            rejected = np.zeros(len(P), dtype=bool)
            if reject_cost is not None and kind != "reject_ignored":
                rejected = least > reject_cost
            if kind == "expected":
                return float(np.mean(np.where(rejected, reject_cost if reject_cost is not None else 0, least)))
            costs = np.array([L[d, t] for d, t in zip(decision, truth)])
            if kind == "rejected_left_out":
                return float(np.mean(costs[~rejected])) if (~rejected).any() else 0.0
            return float(np.mean(np.where(rejected, reject_cost if reject_cost is not None else 0, costs)))
        return mean_cost
    return make


def _rows(rng, n, k):
    P = np.array([[rng.randint(1, 20) for _ in range(k)] for _ in range(n)], dtype=float)
    return P / P.sum(axis=1, keepdims=True)


def _mail_inputs(rng):
    """Hidden cases: lesson 09's held-out mail with a missed spam costing 4, a false alarm 1 and a
    person 0.25 (the lesson's widget has no reject option); small random posteriors with two or three
    classes, with and without a reject cost; costs that make the Bayes decision differ from the
    largest posterior; a tie between two decisions (the first wins); a least
    risk exactly equal to the reject cost (decided, not rejected); a reject cost so low that every
    row goes to a person."""
    P, truth = _mail_posterior()
    out = [((P, [[0, 4], [1, 0]], truth, 0.25), {})]
    n = rng.randint(6, 12)
    out.append(((_rows(rng, n, 3), [[0, 1, 4], [1, 0, 1], [4, 1, 0]], [rng.randint(0, 2) for _ in range(n)]), {}))
    n = rng.randint(6, 12)
    out.append(((_rows(rng, n, 2), [[0, rng.randint(2, 9)], [1, 0]], [rng.randint(0, 1) for _ in range(n)],
                 rng.choice([0.2, 0.3, 0.4])), {}))
    out.append(((np.array([[0.5, 0.5], [0.75, 0.25], [0.25, 0.75], [0.6, 0.4]]), [[0, 1], [1, 0]],
                 [1, 1, 0, 0], 0.25), {}))
    out.append(((np.array([[0.7, 0.3], [0.9, 0.1], [0.4, 0.6]]), [[0, 4], [1, 0]], [1, 0, 1]), {}))
    out.append(((np.array([[0.75, 0.25], [0.5, 0.5]]), [[0, 3], [1, 0]], [1, 1]), {}))   # 0.75 = 3 x 0.25: a tie
    n = rng.randint(3, 6)
    out.append(((_rows(rng, n, 3), [[0, 2, 2], [2, 0, 2], [2, 2, 0]], [rng.randint(0, 2) for _ in range(n)],
                 0.01), {}))
    return out


define(
    "09.mail_risk",
    prompt={"en": "Write mean_cost(posterior, loss, truth, reject_cost=None): posterior is a numpy array, one row "
                  "P(c_1 | x), ..., P(c_K | x) per e-mail (or any case); loss[i][j] is the cost of deciding c_i when "
                  "the truth is c_j; truth holds each row's true class as an index 0..K-1. Take the Bayes decision of "
                  "each row (least conditional risk; of equal risks the first decision); when reject_cost is a "
                  "number and even the least risk exceeds it, hand the row to a person instead, for reject_cost. "
                  "Return the mean cost per row, a float. The check calls it on lesson 09's held-out mail with a "
                  "missed spam costing 4, a false alarm 1 and a person 0.25, and on small cases. "
                  "nbteach.decision's functions are switched off while your function is checked.",
            "zh": "编写 mean_cost(posterior, loss, truth, reject_cost=None)：第一个参数是后验概率的 numpy 数组，每封邮件（或每个样本）"
                  "一行 P(c_1 | x), ..., P(c_K | x)；第二个参数是损失矩阵，第 i 行第 j 个元素是真实为 c_j 时判为 c_i 的代价；truth 是每行的真实类别，"
                  "以下标 0..K-1 表示。对每一行作贝叶斯决策（条件风险最小者；风险相等时取靠前的决策）；当 reject_cost 是一个数，"
                  "且连最小的风险都超过它时，改为把这一行交给人工处理，代价为 reject_cost。返回每行的平均代价（浮点数）。"
                  "检查会在第 09 课的留出邮件上调用它（漏掉垃圾邮件代价为 4，误报为 1，人工处理为 0.25），也会在一些小例子上调用它。"
                  "检查你的函数时，nbteach.decision 的函数会被关闭。"},
    answer=_mean_cost(),
    kind="function",
    inputs=_mail_inputs,
    rtol=1e-9,
    forbidden=_DECISION,
    shortcut=lambda posterior, loss, truth, reject_cost=None: float(
        bayes_risk(posterior, loss, y_true=truth, reject_cost=reject_cost)),
    mistakes=[
        Mistake("argmax", _mean_cost("argmax"),
                {"en": "Your function decides by the largest posterior: the Bayes decision takes the least "
                       "conditional risk under these costs, which is not the most probable class when the costs "
                       "differ.",
                 "zh": "你的函数按最大后验概率作决策：贝叶斯决策取这些代价下条件风险最小的决策；代价不等时它不一定是最可能的类。"}),
        Mistake("expected", _mean_cost("expected"),
                {"en": "Your function averages the least conditional risk: that is what the model expects to "
                       "lose, trusting its own posteriors. The question asks what the decisions cost on the true "
                       "classes: loss[decision][truth].",
                 "zh": "你的函数对最小条件风险求平均：这是模型相信自己的后验概率时预期的损失。题目问的是这些决策在真实类别上"
                       "付出的代价：loss[决策][真实]。"}),
        Mistake("transposed", _mean_cost("transposed"),
                {"en": "Your function reads the loss as loss[truth][decision]: loss[i][j] is the cost of deciding "
                       "c_i when the truth is c_j.",
                 "zh": "你的函数把损失读成了 loss[真实][决策]：loss[i][j] 是真实为 c_j 时判为 c_i 的代价。"}),
        Mistake("reject_ignored", _mean_cost("reject_ignored"),
                {"en": "Your function never hands a row to a person: when even the least risk exceeds "
                       "reject_cost, the row costs reject_cost instead.",
                 "zh": "你的函数从不把任何一行交给人工：当连最小的风险都超过 reject_cost 时，这一行的代价改为 reject_cost。"}),
        Mistake("rejected_left_out", _mean_cost("rejected_left_out"),
                {"en": "Your function leaves the rejected rows out of the mean. A person's time is not free: each "
                       "rejected row costs reject_cost, and the mean is over every row.",
                 "zh": "你的函数在求平均时去掉了被拒绝的行。人工处理并非免费：每个被拒绝的行代价为 reject_cost，平均要对所有行求。"}),
    ],
    hints=[
        {"en": "For one row: the risks R(c_i | x) as in the first exercise, the decision of least risk, then its "
               "cost against the row's true class. posterior @ np.asarray(loss).T gives every row's risks at once.",
         "zh": "对一行：像第一道练习那样算出各 R(c_i | x)，取风险最小的决策，再按这一行的真实类别查它的代价。"
               "posterior @ np.asarray(loss).T 可以一次算出所有行的风险。"},
        {"en": "A row goes to a person only when its least risk is strictly above reject_cost; np.argmin already "
               "keeps the first of equal risks.",
         "zh": "只有最小风险严格大于 reject_cost 时这一行才交给人工；np.argmin 本来就取相等风险中靠前的一个。"},
    ],
    solution={"en": "def mean_cost(posterior, loss, truth, reject_cost=None):\n"
                    "    L = np.asarray(loss, dtype=float)\n"
                    "    total = 0.0\n"
                    "    for p, t in zip(np.asarray(posterior, dtype=float), truth):\n"
                    "        risks = L @ p                     # R(c_i | x) for every decision i\n"
                    "        d = int(np.argmin(risks))          # the first of equal risks\n"
                    "        if reject_cost is not None and risks[d] > reject_cost:\n"
                    "            total += reject_cost           # handed to a person\n"
                    "        else:\n"
                    "            total += L[d, t]\n"
                    "    return total / len(truth)",
              "zh": "def mean_cost(posterior, loss, truth, reject_cost=None):\n"
                    "    L = np.asarray(loss, dtype=float)\n"
                    "    total = 0.0\n"
                    "    for p, t in zip(np.asarray(posterior, dtype=float), truth):\n"
                    "        risks = L @ p                     # 每个决策 i 的 R(c_i | x)\n"
                    "        d = int(np.argmin(risks))          # 风险相等时取靠前的\n"
                    "        if reject_cost is not None and risks[d] > reject_cost:\n"
                    "            total += reject_cost           # 交给人工处理\n"
                    "        else:\n"
                    "            total += L[d, t]\n"
                    "    return total / len(truth)"},
)
