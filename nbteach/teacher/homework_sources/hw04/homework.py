"""Homework 4 (lessons 08-09): Gaussian naive Bayes, logistic regression and decisions.
Teacher's source.

Each student's variant has its own table of melons (two numeric attributes, 10 to 14 rows),
its own query value, its own threshold and miss cost for a two-class filter (the student
finds the false-alarm cost that gives that threshold), its own costs for a three-class
diagnosis, and its own posterior; ``DEFAULT`` is the self-study version. The answers are
computed here, by nbteach. The last exercise asks for a function (the Bayes decision under a
loss), checked on public cases in the notebook and on hidden ones at grading. Its public cases
are chosen so that every common mistake gives a wrong output on every one of them and no two
mistakes give the same outputs on all of them. Where a mistake's output equals the answer's in
a case (a hidden case, or the 0-1 loss, where reading the loss transposed changes nothing), the
mistake is not offered for that case (no digest of it there) and so not diagnosed: the student
is told which call returned a wrong value, not a hint aimed at a mistake the case cannot tell.

Two exercises are build-its (issue 33): the Bayes decision (``nbteach.decision``'s risks and
decisions switched off while the function is checked) and Gaussian naive Bayes' log odds fitted from
the variant's own melons (``GaussianNB``, ``MixedNB`` and ``statistics.NormalDist`` switched off).
"""
from __future__ import annotations

import math
import types
from fractions import Fraction

import numpy as np
import pandas as pd

from nbteach import NbteachError
from nbteach.check._unswitched import unswitched
from nbteach.decision import bayes_decision, conditional_risk, threshold_from_loss
from nbteach.gaussian import GaussianNB
from nbteach.mixed import MixedNB
from nbteach.teacher.homework import STUDENT_INTRO, STUDENT_INTRO_ZH, distinct_mistakes, graded, worked

NAME = "hw04"
NOTEBOOK = "hw04_gaussian_nb_and_decisions.ipynb"
#: this homework's code comments in the Chinese notebook (nbteach.teacher.homework.COMMENTS_ZH)
COMMENTS_ZH = {"the threshold, the cost of a miss": "阈值，漏诊的代价",
               "rows: decide healthy, cold, flu; columns: truth": "行：判为 healthy、cold、flu；列：真实类别"}
#: the names that would take the decision for the student: switched off while decide is checked
_DECISIONS = ("nbteach.decision.bayes_decision", "nbteach.decision.conditional_risk", "nbteach.decision.expected_loss",
              "nbteach.decision.log_bayes_decision", "nbteach.decision.log_conditional_risk",
              "nbteach.decision.bayes_risk")
#: the names that would fit or score Gaussian naive Bayes for the student: switched off while log_odds is checked
_GAUSSIAN = ("nbteach.gaussian.GaussianNB", "nbteach.mixed.MixedNB", "nbteach.gaussian.log_odds_from_coefficients",
             "statistics.NormalDist")
#: GaussianNB's joint log-likelihood, out of the switch's reach (the answer is checked like a student's function)
_gaussian_jll = unswitched(GaussianNB._joint_log_likelihood)
COLUMNS = ["weight", "sweetness"]
CLASSES = ["bad", "good"]

DEFAULT = {
    "rows": [[3.1, 0.42, "good"], [2.7, 0.51, "good"], [3.4, 0.38, "good"], [2.9, 0.47, "good"],
             [3.6, 0.55, "good"], [2.2, 0.21, "bad"], [2.6, 0.33, "bad"], [1.9, 0.28, "bad"],
             [2.4, 0.19, "bad"], [3.0, 0.25, "bad"], [2.1, 0.36, "bad"]],
    "query": {"column": "weight", "value": 2.8, "class": "good"},
    "filter": {"threshold_tenths": 7, "miss": 4},
    "diagnosis": {"posterior": [5, 3, 2], "loss": [[0, 4, 1], [2, 0, 3], [6, 1, 0]], "decision": 1},
    # every mistake wrong in every case; argmax, transposed and max_risk told apart by the last two
    "cases": [([[0.7, 0.3], [[0, 5], [1, 0]]], {}),
              ([[0.2, 0.5, 0.3], [[0, 1, 1], [9, 0, 1], [1, 1, 0]]], {}),
              ([[0.2, 0.5, 0.3], [[0, 8, 7], [5, 0, 9], [2, 6, 0]]], {}),
              ([[0.3, 0.6, 0.1], [[0, 7, 1], [4, 0, 8], [2, 2, 0]]], {})],
}


def params(rng):
    """A melon table (two numeric columns, both classes at least 4 rows), a query, costs."""
    n_good, n_bad = rng.randint(5, 7), rng.randint(5, 7)
    rows = []
    for cls, n, (w, s) in (("good", n_good, (3.1, 0.45)), ("bad", n_bad, (2.4, 0.27))):
        for _ in range(n):
            rows.append([round(w + rng.uniform(-0.6, 0.6), 1), round(s + rng.uniform(-0.12, 0.12), 2), cls])
    rng.shuffle(rows)
    query = {"column": rng.choice(COLUMNS), "class": rng.choice(CLASSES)}
    query["value"] = round(rng.uniform(2.2, 3.3), 1) if query["column"] == "weight" else round(rng.uniform(0.2, 0.5), 2)
    tenths, miss = rng.sample(range(2, 10), 2)
    post = [rng.randint(1, 6) for _ in range(3)]
    loss = [[0 if i == j else rng.randint(1, 9) for j in range(3)] for i in range(3)]
    cases = DEFAULT["cases"] + [_separating_case(rng)]
    return {"rows": rows, "query": query, "filter": {"threshold_tenths": tenths, "miss": miss},
            "diagnosis": {"posterior": post, "loss": loss, "decision": rng.randint(0, 2)}, "cases": cases}


def _random_case(rng):
    k = rng.randint(2, 4)
    raw = [rng.randint(1, 9) for _ in range(k)]
    post = [round(r / sum(raw), 6) for r in raw]
    post[-1] = round(1 - sum(post[:-1]), 6)
    loss = [[0 if i == j else rng.randint(1, 9) for j in range(k)] for i in range(k)]
    return ([post, loss], {})


_MISTAKES = ("argmax", "transposed", "max_risk")


def _separating_case(rng):
    """A random case on which every mistake's output differs from the answer's (at most 100 draws)."""
    right = _decide_fn("right")
    for _ in range(100):
        case = _random_case(rng)
        if all(_decide_fn(w)(*case[0]) != right(*case[0]) for w in _MISTAKES):
            return case
    return case


def _frame(p):
    df = pd.DataFrame(p["rows"], columns=COLUMNS + ["quality"])
    return df[COLUMNS], df["quality"]


def _density(p, ddof=1, cls=None, sd_as_var=False):
    X, y = _frame(p)
    q = p["query"]
    x = X.loc[y == (cls or q["class"]), q["column"]].to_numpy()
    mu, var = x.mean(), x.var(ddof=ddof)
    if sd_as_var:
        var = math.sqrt(var)
    return float(math.exp(-(q["value"] - mu) ** 2 / (2 * var)) / math.sqrt(2 * math.pi * var))


def _weights(p, shared=True):
    X, y = _frame(p)
    nb = GaussianNB(shared_variance=shared, var_smoothing=0).fit(X, y)
    return nb


def _weight(p, kind="right"):
    nb = _weights(p, shared=kind != "per_class")
    c = nb.log_odds_coefficients()
    j = COLUMNS.index("sweetness")
    if kind in ("right", "per_class"):
        return float(c["w"][j])
    if kind == "sign":
        return -float(c["w"][j])
    if kind == "sd":
        (m0, m1), (v0, _) = nb.theta_, nb.var_
        return float((m1[j] - m0[j]) / np.sqrt(v0[j]))
    raise ValueError(kind)


def _false_alarm(p, kind="right"):
    """The false-alarm cost fa that puts the threshold t = fa / (fa + miss) at the given t."""
    t, miss = Fraction(p["filter"]["threshold_tenths"], 10), p["filter"]["miss"]
    if kind == "right":
        fa = t * miss / (1 - t)

        assert threshold_from_loss([[0, miss], [fa, 0]]) == t
        return fa
    if kind == "swapped":            # t = miss / (fa + miss)
        return miss * (1 - t) / t
    if kind == "ratio":              # t = fa / miss
        return t * miss
    raise ValueError(kind)


def _posterior(p):
    raw = p["diagnosis"]["posterior"]
    return [Fraction(r, sum(raw)) for r in raw]


def _risk(p, kind="right"):
    d = p["diagnosis"]
    loss = d["loss"] if kind != "transposed" else [list(r) for r in zip(*d["loss"])]
    R = conditional_risk(_posterior(p), loss)
    if kind == "other":
        return R[(d["decision"] + 1) % 3]
    return R[d["decision"]]


def _decide_fn(which):
    def decide(posterior, loss):
        k = len(posterior)
        if which == "argmax":
            return max(range(k), key=lambda i: (posterior[i], -i))
        L = [list(r) for r in zip(*loss)] if which == "transposed" else loss
        risks = [sum(L[i][j] * posterior[j] for j in range(k)) for i in range(k)]
        if which == "max_risk":
            return max(range(k), key=lambda i: (risks[i], -i))
        return min(range(k), key=lambda i: (risks[i], i))
    return decide


def _not_where_right(which):
    """Mistake ``which``, offered only where it is wrong: in a case where its output equals the
    answer's it raises, so that case gets no digest of it (the notebook's check and the grader
    then do not diagnose it, rather than name it on evidence the right answer gives too)."""
    wrong, right = _decide_fn(which), _decide_fn("right")

    def decide(posterior, loss):
        out = wrong(posterior, loss)
        if out == right(posterior, loss):
            raise NbteachError(f"mistake {which} gives the answer's output here: not offered")
        return out
    return decide


def _hidden(rng):
    return [_random_case(rng) for _ in range(8)]


def _log_odds_fn(kind=None):
    """ln P(good | x) / P(bad | x) of Gaussian NB fitted on (X, y): per class and column the mean and the
    sample variance (ddof=1, the book's, as exercise 1), the prior n_c / n; GaussianNB's joint
    log-likelihood at those parameters. Or a usual mistake."""
    def log_odds(x, X, y):
        X, y, x = np.asarray(X, dtype=float), np.asarray(y), np.asarray(x, dtype=float)
        rows = [X[y == c] for c in CLASSES]                       # bad, good
        theta = np.array([r.mean(axis=0) for r in rows])
        var = np.array([r.var(axis=0, ddof=0 if kind == "ddof0" else 1) for r in rows])
        prior = np.array([len(r) / len(X) for r in rows])
        if kind == "prior_forgotten":
            prior = np.array([0.5, 0.5])
        if kind == "shared_variance":                              # one pooled variance a column
            pooled = ((rows[0] - theta[0]) ** 2).sum(axis=0) + ((rows[1] - theta[1]) ** 2).sum(axis=0)
            var = np.vstack([pooled, pooled]) / (len(X) - 2)
        model = types.SimpleNamespace(class_prior_=prior, classes_=CLASSES, var_=var, theta_=theta)
        jll = _gaussian_jll(model, x[None, :])[0]
        if kind == "sign":
            return float(jll[0] - jll[1])
        return float(jll[1] - jll[0])
    return log_odds


def _odds_where_wrong(kind):
    """Mistake ``kind`` of log_odds, offered only where it is wrong: in a hidden case where its output
    equals the answer's (the prior forgotten, when both classes have as many melons) it raises, as
    :func:`_not_where_right` does; the public cases are chosen where every mistake is wrong."""
    wrong, right = _log_odds_fn(kind), _log_odds_fn()

    def log_odds(x, X, y):
        out = wrong(x, X, y)
        if abs(out - right(x, X, y)) <= 1e-9 * max(1.0, abs(out)):
            raise NbteachError(f"mistake {kind} gives the answer's output here: not offered")
        return out
    return log_odds


def _log_odds_public(p):
    """The variant's melons at three points: the midpoint of the class means, the table's first melon, and
    a point far out (both densities 0.0 in float64); where both classes have as many melons, the last bad
    one is left out (the prior must tell); then a fixed table of 3 good and 5 bad melons."""
    X, y = _frame(p)
    X, y = X.to_numpy(dtype=float), y.to_numpy()
    if (y == "good").sum() == (y == "bad").sum():
        keep = np.arange(len(y)) != np.flatnonzero(y == "bad")[-1]
        X, y = X[keep], y[keep]
    mid = ((X[y == "good"].mean(axis=0) + X[y == "bad"].mean(axis=0)) / 2).round(2)
    return [((mid, X, y), {}), ((X[0].copy(), X, y), {}), ((np.array([30.0, 5.0]), X, y), {}),
            ((np.array([2.9, 0.35]), np.array(_UNEQUAL[0]), np.array(_UNEQUAL[1])), {})]


#: a public table of 3 good and 5 bad melons: there every mistake is wrong, whatever the variant (where a
#: variant's classes are the same size, forgetting the prior changes nothing on its own melons)
_UNEQUAL = ([[3.1, 0.42], [2.7, 0.51], [3.4, 0.38], [2.2, 0.21], [2.6, 0.33], [1.9, 0.28], [2.4, 0.19],
             [3.0, 0.25]], ["good", "good", "good", "bad", "bad", "bad", "bad", "bad"])


def _log_odds_hidden(rng):
    """Random tables of two classes (one class with two rows: the smallest with a sample variance),
    points near and far."""
    out = []
    for n_good, n_bad in ((rng.randint(3, 7), rng.randint(3, 7)), (2, rng.randint(4, 7)), (rng.randint(4, 7), 3)):
        X = [[round(rng.uniform(2.5, 3.7), 2), round(rng.uniform(0.3, 0.6), 3)] for _ in range(n_good)]
        X += [[round(rng.uniform(1.8, 3.0), 2), round(rng.uniform(0.15, 0.4), 3)] for _ in range(n_bad)]
        y = ["good"] * n_good + ["bad"] * n_bad
        x = [round(rng.uniform(1.5, 4), 2), round(rng.choice([rng.uniform(0.1, 0.7), rng.uniform(3, 6)]), 3)]
        out.append(((np.array(x), np.array(X), np.array(y)), {}))
    return out




NAMES = ["healthy", "cold", "flu"]


#: the worked code of exercises 5 and 6: the exercise's solution and the teacher's notebook
_DECIDE = worked(
    "def decide(posterior, loss):",
    "    k = len(posterior)\n"
    "    risks = [sum(loss[i][j] * posterior[j] for j in range(k)) for i in range(k)]\n"
    "    return min(range(k), key=lambda i: (risks[i], i))")
_LOG_ODDS = worked(
    "def log_odds(x, X, y):",
    "    score = {}\n"
    "    for c in ('bad', 'good'):\n"
    "        rows = X[y == c]\n"
    "        mu, var = rows.mean(axis=0), rows.var(axis=0, ddof=1)\n"
    "        score[c] = np.log(len(rows) / len(X)) + np.sum(-0.5 * np.log(2 * np.pi * var)\n"
    "                                                        - (x - mu) ** 2 / (2 * var))\n"
    "    return float(score['good'] - score['bad'])",
    cell_replace={"'bad'": '"bad"', "'good'": '"good"'})


def exercises(p):
    q, f, d = p["query"], p["filter"], p["diagnosis"]
    num = {"type": "number", "digits": 4}
    return [
        graded(
            "hw04.density",
            {"en": f"With the sample variance (ddof=1), what is the density p({q['column']} = {q['value']} | "
                   f"quality = {q['class']}) under a per-class normal distribution? At least 4 significant digits.",
             "zh": f"用样本方差（ddof=1），在每类一个正态分布的假设下，概率密度 p({q['column']} = {q['value']} | "
                   f"quality = {q['class']}) 是多少？至少 4 位有效数字。"},
            _density(p), num,
            mistakes=distinct_mistakes(_density(p), [
                ("ddof0", _density(p, ddof=0),
                 {"en": "That divides by n_c (ddof=0); the question asks for the sample variance, n_c - 1.",
                  "zh": "这里除以 n_c（ddof=0）；题目要求样本方差，除以 n_c - 1。"}),
                ("other_class", _density(p, cls=[c for c in CLASSES if c != q["class"]][0]),
                 {"en": "That is the other class's density.", "zh": "这是另一类的密度。"}),
                ("sd_as_variance", _density(p, sd_as_var=True),
                 {"en": "The standard deviation went where the variance belongs.",
                  "zh": "把标准差当成了方差。"}),
            ]),
            hints=[{"en": "Only the rows of that class matter: their mean and sample variance of the column.",
                    "zh": "只有该类的行有关：该列的均值和样本方差。"}],
            solution="nb = MixedNB(ddof=1).fit(X[[column]], y)\n"
                     "answer = nb.explain({column: value}).loc[f'p({column}={value}|c)', cls]"),
        graded(
            "hw04.shared_weight",
            {"en": "Fit GaussianNB(shared_variance=True, var_smoothing=0) on both columns. Its log odds of "
                   "good against bad are w·x + w0. What is the weight w of sweetness? At least 4 significant digits.",
             "zh": "用 GaussianNB(shared_variance=True, var_smoothing=0) 拟合两列。它的对数几率（good 对 bad）"
                   "为 w·x + w0。sweetness 的权重 w 是多少？至少 4 位有效数字。"},
            _weight(p), num,
            mistakes=distinct_mistakes(_weight(p), [
                ("per_class_variance", _weight(p, "per_class"),
                 {"en": "That comes from a variance per class; with a shared variance both classes use the pooled one.",
                  "zh": "这来自每类各自的方差；共享方差时两类用合并方差。"}),
                ("sign", _weight(p, "sign"),
                 {"en": "The sign is flipped: good is classes_[1].", "zh": "符号反了：good 是 classes_[1]。"}),
                ("sd", _weight(p, "sd"),
                 {"en": "Divide the difference of the means by the variance, not the standard deviation.",
                  "zh": "均值之差要除以方差，而不是标准差。"}),
            ]),
            hints=[{"en": "Lesson 08, section 2: w_j = (mu_j1 - mu_j0) / sigma_j^2.",
                    "zh": "第 08 课第 2 节：w_j = (mu_j1 - mu_j0) / sigma_j^2。"}],
            solution="nb = GaussianNB(shared_variance=True, var_smoothing=0).fit(X, y)\n"
                     "answer = nb.log_odds_coefficients()['w'][1]"),
        graded(
            "hw04.cost_threshold",
            {"en": f"A filter: a miss costs {f['miss']}, right decisions 0. How much must a false alarm cost for "
                   f"the Bayes decision to say positive exactly when P(positive | x) > 0.{f['threshold_tenths']}? "
                   f"First predict whether it is more or less than {f['miss']}, then work it out from the two "
                   "conditional risks. An exact Fraction.",
             "zh": f"一个过滤器：漏报代价为 {f['miss']}，正确决策为 0。误报的代价应为多少，才能使贝叶斯决策恰好在 "
                   f"P(正类 | x) > 0.{f['threshold_tenths']} 时判为正类？先预测它比 {f['miss']} 大还是小，"
                   "再由两个条件风险推出。给出精确分数（Fraction）。"},
            _false_alarm(p), {"type": "exact"},
            mistakes=distinct_mistakes(_false_alarm(p), [
                ("swapped", _false_alarm(p, "swapped"),
                 {"en": "Swapped: the threshold grows with the cost of a false alarm, so a threshold above "
                        "1/2 needs a false alarm dearer than a miss.",
                  "zh": "弄反了：阈值随误报代价增大而增大，阈值高于 1/2 需要误报比漏报更贵。"}),
                ("ratio", _false_alarm(p, "ratio"),
                 {"en": "The threshold is not the ratio of the costs: it is where the two conditional risks "
                        "are equal.",
                  "zh": "阈值不是代价之比：它是两个条件风险相等之处。"}),
            ]),
            hints=[{"en": "R(negative|x) and R(positive|x) are straight lines in p = P(positive|x); at the "
                          "threshold they are equal, and only one cost is unknown. threshold_from_loss checks "
                          "your answer.",
                    "zh": "R(负类|x) 和 R(正类|x) 都是 p = P(正类|x) 的直线；在阈值处二者相等，且只有一个代价未知。"
                          "threshold_from_loss 可以检验你的答案。"}],
            solution="t = Fraction(threshold_tenths, 10)      # t = fa / (fa + miss), solved for fa\n"
                     "answer = t * miss / (1 - t)"),
        graded(
            "hw04.conditional_risk",
            {"en": f"A patient's posterior over (healthy, cold, flu) is proportional to {d['posterior']}. With the "
                   f"loss below (rows: decision, columns: truth), what is the conditional risk of deciding "
                   f"{NAMES[d['decision']]}? An exact Fraction.",
             "zh": f"一位病人在 (healthy, cold, flu) 上的后验与 {d['posterior']} 成正比。按下面的损失矩阵"
                   f"（行：决策，列：真实），决策为 {NAMES[d['decision']]} 的条件风险是多少？给出精确分数（Fraction）。"},
            _risk(p), {"type": "exact"},
            mistakes=distinct_mistakes(_risk(p), [
                ("transposed", _risk(p, "transposed"),
                 {"en": "Rows are decisions, columns truths: read the row of the decision.",
                  "zh": "行是决策，列是真实情况：读决策所在的那一行。"}),
                ("other_decision", _risk(p, "other"),
                 {"en": "That is the risk of another decision.", "zh": "这是另一个决策的风险。"}),
            ]),
            hints=[{"en": "Normalise the posterior first; then weigh each truth by its cost.",
                    "zh": "先把后验归一化；再用代价给每种真实情况加权。"}],
            solution="post = [Fraction(r, sum(raw)) for r in raw]\nanswer = conditional_risk(post, loss)[decision]"),
        graded(
            "hw04.bayes_decision",
            {"en": "Write decide(posterior, loss): posterior is a list of K probabilities, loss a K x K list "
                   "(loss[i][j]: cost of deciding i when the truth is j). Return the index of the Bayes decision "
                   "(the least conditional risk; the lowest index on a tie). nbteach.decision's risks and decisions "
                   "are switched off while your function is checked.",
             "zh": "编写 decide(posterior, loss)：posterior 是 K 个概率的列表，loss 是 K x K 的列表"
                   "（loss[i][j]：真实为 j 时判为 i 的代价）。返回贝叶斯决策的下标（条件风险最小者；并列取最小下标）。检查你的函数时，nbteach.decision "
                   "中计算风险和决策的函数会被关闭。"},
            _decide_fn("right"), {"type": "exact"}, kind="function",
            public=p["cases"], hidden=_hidden, forbidden=_DECISIONS,
            shortcut=lambda posterior, loss: int(bayes_decision(posterior, loss)),
            mistakes=[("argmax", _not_where_right("argmax"),
                       {"en": "That ignores the loss: it is the decision under the 0-1 loss only.",
                        "zh": "这忽略了损失：只有在 0-1 损失下才是这个决策。"}),
                      ("transposed", _not_where_right("transposed"),
                       {"en": "loss[i][j] is deciding i when the truth is j: sum over j in row i.",
                        "zh": "loss[i][j] 是真实为 j 时判为 i：在第 i 行上对 j 求和。"}),
                      ("max_risk", _not_where_right("max_risk"),
                       {"en": "The Bayes decision has the least risk, not the largest.",
                        "zh": "贝叶斯决策取风险最小者，而不是最大者。"})],
            hints=[{"en": "One risk per decision i: sum over the truths j.", "zh": "每个决策 i 一个风险：对真实情况 j 求和。"}],
            solution=_DECIDE.solution),
        graded(
            "hw04.log_odds_function",
            {"en": "Write log_odds(x, X, y): X is a numpy array of melons (one row each, the columns weight and "
                   "sweetness), y their quality ('good' or 'bad'), x one melon's two values. Fit Gaussian naive Bayes "
                   "as in exercise 1 (per class and column the mean and the sample variance, ddof=1; the prior n_c / n) "
                   "and return the log odds ln P(good | x) / P(bad | x) as a float, finite even where both densities "
                   "are 0.0 in float64. GaussianNB, MixedNB and statistics.NormalDist are switched off while your "
                   "function is checked.",
             "zh": "编写 log_odds(x, X, y)：X 是西瓜的 numpy 数组（每个西瓜一行，两列为 weight 和 sweetness），y 是它们的品质"
                   "（'good' 或 'bad'），x 是一个西瓜的两个取值。像练习 1 那样拟合高斯朴素贝叶斯（每类每列的均值和样本方差，"
                   "ddof=1；先验概率 n_c / n），以浮点数返回对数几率 ln P(good | x) / P(bad | x)；即使两个概率密度在 float64 "
                   "中都为 0.0，结果也必须是有限的。检查你的函数时 GaussianNB、MixedNB 和 statistics.NormalDist 会被关闭。"},
            _log_odds_fn(), {"type": "number", "digits": 6}, kind="function",
            public=_log_odds_public(p), hidden=_log_odds_hidden, forbidden=_GAUSSIAN,
            shortcut=lambda x, X, y: float(np.diff(MixedNB(ddof=1, alpha=0).fit(
                pd.DataFrame(X, columns=COLUMNS), list(y)).predict_joint_log_proba(
                pd.DataFrame([x], columns=COLUMNS))[0])[0]),
            mistakes=[
                ("ddof0", _odds_where_wrong("ddof0"),
                 {"en": "Your variances divide by n_c (ddof=0); as in exercise 1, the book's sample variance divides "
                        "by n_c - 1.",
                  "zh": "你的方差除以 n_c（ddof=0）；与练习 1 一样，书中的样本方差除以 n_c - 1。"}),
                ("prior_forgotten", _odds_where_wrong("prior_forgotten"),
                 {"en": "Your log odds leave out the prior: add ln(n_good / n_bad).",
                  "zh": "你的对数几率漏掉了先验概率：要加上 ln(n_good / n_bad)。"}),
                ("sign", _odds_where_wrong("sign"),
                 {"en": "The sign is flipped: the log odds of good against bad.",
                  "zh": "符号反了：要的是 good 对 bad 的对数几率。"}),
                ("shared_variance", _odds_where_wrong("shared_variance"),
                 {"en": "You pooled the two classes' variances (exercise 2's model): naive Bayes here keeps one "
                        "variance per class and column.",
                  "zh": "你把两类的方差合并了（练习 2 的模型）：这里的朴素贝叶斯每类每列各有一个方差。"}),
            ],
            hints=[{"en": "Score each class in logs: ln(n_c / n) plus, for each column, -1/2 ln(2 pi var) - "
                          "(x - mean)^2 / (2 var). Never take the log of a density you computed.",
                    "zh": "在对数下给每一类打分：ln(n_c / n)，再对每一列加上 -1/2 ln(2 pi var) - (x - 均值)^2 / (2 var)。"
                          "不要对算出来的密度取对数。"}],
            solution=_LOG_ODDS.solution),
    ]


def cells(p):
    rows = ",\n".join(f"     {r!r}" for r in p["rows"])
    q, f, d = p["query"], p["filter"], p["diagnosis"]
    loss_rows = ",\n".join(f"    {r!r}" for r in d["loss"])
    return [
        ("markdown", {"en": "# Homework 4: Gaussian naive Bayes, logistic regression, decisions (lessons 08-09)\n\n"
                            "[作业 4：高斯朴素贝叶斯、对数几率回归与贝叶斯决策]\n\n"
                            + STUDENT_INTRO,
                      "zh": "# 作业 4：高斯朴素贝叶斯、对数几率回归与决策（第 08-09 课）\n\n"
                            + STUDENT_INTRO_ZH}),
        ("code", "from fractions import Fraction\n\n"
                 "import numpy as np\n"
                 "import pandas as pd\n\n"
                 "import nbteach\n"
                 "from nbteach import GaussianNB, MixedNB\n"
                 "from nbteach.decision import conditional_risk, threshold_from_loss\n"
                 "from nbteach.check import exercise, ____\n\n"
                 "# nbteach.set_language(\"zh\")   # 取消注释即可看到中文提示与反馈"),
        ("markdown", {"en": "Your melons: two numeric attributes and their quality.",
                      "zh": "你的西瓜：两个数值属性及其品质。"}),
        ("code", f"df = pd.DataFrame([\n{rows}],\n    columns={COLUMNS + ['quality']!r})\n"
                 "X, y = df[[\"weight\", \"sweetness\"]], df[\"quality\"]\ndf"),
        ("markdown", {"en": "## Exercise 1: a normal density per class [连续属性的概率密度]",
                      "zh": "## 练习 1：每个类别的正态密度（连续属性的概率密度）"}),
        ("code", "q1 = exercise(\"hw04.density\")\nq1"),
        ("code", f"nb1 = MixedNB(ddof=1).fit(X[[{q['column']!r}]], y)  # SOLUTION\n"
                 f"answer1 = float(nb1.explain({{{q['column']!r}: {q['value']!r}}})"
                 f".loc[\"p({q['column']}={q['value']}|c)\", {q['class']!r}])  # SOLUTION"),
        ("code", "q1.check(answer1)"),
        ("markdown", {"en": "## Exercise 2: a shared variance gives a linear log odds [共享方差与线性决策面]",
                      "zh": "## 练习 2：共享方差给出线性的对数几率（线性决策边界）"}),
        ("code", "q2 = exercise(\"hw04.shared_weight\")\nq2"),
        ("code", "nb2 = GaussianNB(shared_variance=True, var_smoothing=0).fit(X, y)  # SOLUTION\n"
                 "answer2 = float(nb2.log_odds_coefficients()[\"w\"][1])  # SOLUTION"),
        ("code", "q2.check(answer2)"),
        ("markdown", {"en": "## Exercise 3: the cost behind a threshold [由阈值推出代价]",
                      "zh": "## 练习 3：阈值背后的代价"}),
        ("code", "q3 = exercise(\"hw04.cost_threshold\")\nq3"),
        ("code", f"t, miss = Fraction({f['threshold_tenths']}, 10), {f['miss']}   # the threshold, the cost of a miss\n"
                 "answer3 = t * miss / (1 - t)  # SOLUTION"),
        ("code", "q3.check(answer3)"),
        ("markdown", {"en": "## Exercise 4: the conditional risk [条件风险]",
                      "zh": "## 练习 4：条件风险"}),
        ("code", "q4 = exercise(\"hw04.conditional_risk\")\nq4"),
        ("code", f"raw = {d['posterior']!r}\n"
                 f"loss = [\n{loss_rows}]          # rows: decide healthy, cold, flu; columns: truth\n"
                 "post = [Fraction(r, sum(raw)) for r in raw]  # SOLUTION\n"
                 f"answer4 = conditional_risk(post, loss)[{d['decision']}]  # SOLUTION"),
        ("code", "q4.check(answer4)"),
        ("markdown", {"en": "## Exercise 5: the Bayes decision as a function [贝叶斯判定准则]\n\n"
                            "Write `decide(posterior, loss)`. The check calls it on a few cases; your teacher's\n"
                            "grading calls it on more. `nbteach.decision`'s risks and decisions are switched off while\n"
                            "your function is checked.",
                      "zh": "## 练习 5：把贝叶斯判定准则写成函数\n\n"
                            "编写 `decide(posterior, loss)`。检查单元格会用几个例子调用它；老师评分时会用更多例子调用它。"
                            "检查你的函数时，`nbteach.decision` 中计算风险和决策的函数会被关闭。"}),
        ("code", "q5 = exercise(\"hw04.bayes_decision\")\nq5"),
        ("code", _DECIDE.cell),
        ("code", "q5.check(decide)"),
        ("markdown", {"en": "## Exercise 6: Gaussian naive Bayes' log odds, from your melons [高斯朴素贝叶斯的对数几率]\n\n"
                            "Write `log_odds(x, X, y)`: fit the model of exercise 1 on both columns (a mean and a sample\n"
                            "variance per class and column, the prior n_c / n) and return ln P(good | x) / P(bad | x). The check\n"
                            "calls it on your melons, at a point far out among others; your teacher's grading calls it on more.\n"
                            "`GaussianNB`, `MixedNB` and `statistics.NormalDist` are switched off while your function is checked.",
                      "zh": "## 练习 6：由你的西瓜算出高斯朴素贝叶斯的对数几率\n\n"
                            "编写 `log_odds(x, X, y)`：在两列上拟合练习 1 的模型（每类每列一个均值和一个样本方差，先验概率 n_c / n），"
                            "返回 ln P(good | x) / P(bad | x)。检查单元格会在你的西瓜上调用它，其中有一个离得很远的点；老师评分时会用更多例子调用它。"
                            "检查你的函数时 `GaussianNB`、`MixedNB` 和 `statistics.NormalDist` 会被关闭。"}),
        ("code", "q6 = exercise(\"hw04.log_odds_function\")\nq6"),
        ("code", _LOG_ODDS.cell),
        ("code", "q6.check(log_odds)"),
        ("markdown", {"en": "## Before you hand in\n\nRestart the kernel and run all cells. Every check cell should say **Correct!**",
                      "zh": "## 交作业之前\n\n重启内核并运行所有单元格。每个检查单元格都应显示 **正确！**（英文提示下为 **Correct!**）。"}),
    ]
