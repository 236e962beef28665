"""Exercises of lesson 08, Gaussian naive Bayes and logistic regression.

Ids: ``08.log_density_function``, ``08.log_odds_function``, ``08.shared_weight``, ``08.objective``.

The first two are build-its (issue 33): the student writes the Gaussian class-conditional
log-density (the former ``08.sugar_density``, a value one ``MixedNB.explain`` call gave, now a function
checked on the book's 否 melons at 含糖率 = 0.3 and on hidden cases) and Gaussian NB's log odds, with
``GaussianNB``, ``MixedNB`` and ``statistics.NormalDist`` switched off. The other two work on the
watermelon data set 3.0 at places the lesson does not print: the lesson shows the book's densities at
the test melon's values (密度 0.697, 含糖率 0.460), the shared-variance weights of the breast-cancer data,
and the objective on standardised breast-cancer data.
"""
from __future__ import annotations

import math
import types

import numpy as np

from ..datasets import watermelon
from ..gaussian import GaussianNB
from ..logistic import LogisticRegression
from ..mixed import MixedNB
from ._unswitched import unswitched
from .core import Mistake, define


def _melons():
    df = watermelon()
    return df, df["好瓜"]


# ---------------------------------------------------------------- build-it: the Gaussian log-density
#: the names that would compute a normal density or a Gaussian NB score for the student: switched off
#: while a function is checked (numpy and math stay)
_GAUSSIAN = ("nbteach.gaussian.GaussianNB", "nbteach.mixed.MixedNB", "nbteach.gaussian.log_odds_from_coefficients",
             "statistics.NormalDist")
#: the library's code, out of the switch's reach (the references are checked like a student's function)
_log_factor = unswitched(GaussianNB._log_factor)
_gaussian_jll = unswitched(GaussianNB._joint_log_likelihood)


def _log_density_of(kind=None):
    """log N(x; mean, var) of one class's values of one attribute, the variance dividing by n - ddof
    (GaussianNB's ``_log_factor`` at that mean and variance); or a usual mistake."""
    def f(x, values, ddof):
        values = np.asarray(values, dtype=float)
        mu = values.mean()
        var = values.var(ddof=0 if kind == "ddof_ignored" else ddof)
        if kind == "sd_as_variance":
            var = np.sqrt(var)
        if kind == "half_missing":          # -log(2 pi var) - (x - mu)^2 / (2 var): the 1/2 of the log left out
            return float(-np.log(2 * np.pi * var) - (x - mu) ** 2 / (2 * var))
        model = types.SimpleNamespace(theta_=np.array([[mu]]), var_=np.array([[var]]))
        out = float(_log_factor(model, np.array([float(x)]), 0)[0, 0])
        return math.exp(out) if kind == "density_not_log" else out
    return f


def _log_density_inputs(rng):
    """A point x, one class's values of one attribute, ddof. The book's 否 melons' 含糖率 at 0.3 (ddof 1)
    first; then ddof 0 and 1 on the same values (a check that ignores ddof fails one); two values (the
    smallest sample with a sample variance); a point far in the tail (the density underflows, its log
    does not); values of order 100."""
    df, y = _melons()
    out = [((0.3, df.loc[y == "否", "含糖率"].to_numpy(dtype=float), 1), {})]
    values = np.array([round(rng.uniform(0.2, 0.8), 3) for _ in range(rng.randint(4, 9))])
    x = round(rng.uniform(0.1, 0.9), 2)
    out += [((x, values, 0), {}), ((x, values.copy(), 1), {})]
    out.append(((round(rng.uniform(0, 2), 1), np.array([rng.uniform(0, 1), rng.uniform(1, 2)]).round(2), 1), {}))
    values = np.array([round(rng.gauss(0, 1), 3) for _ in range(rng.randint(5, 10))])
    out.append(((float(rng.choice([-1, 1]) * rng.randint(60, 90)), values, rng.randint(0, 1)), {}))
    out.append(((rng.uniform(90, 110), np.array([rng.uniform(90, 110) for _ in range(6)]).round(1), 1), {}))
    return out


define(
    "08.log_density_function",
    leak_check="a function: the check calls it on values the lesson does not print (the first case is the book's "
               "否 melons at 含糖率 = 0.3, whose density the lesson does not print either)",
    prompt={"en": "Write log_density(x, values, ddof): values is a numpy array of one class's values of a numeric "
                  "attribute (e.g. the 含糖率 of the 否 melons). Return log p(x | c), the natural log of the normal "
                  "density at x whose mean is the values' mean and whose variance divides the squared deviations "
                  "by n - ddof (ddof = 1: the book's sample variance). Write it yourself: GaussianNB, MixedNB and "
                  "statistics.NormalDist are switched off while your function is checked.",
            "zh": "编写 log_density(x, values, ddof)：values 是某一类在一个连续属性上的取值（numpy 数组，例如 否 类西瓜的 "
                  "含糖率）。返回 log p(x | c)，即正态分布在 x 处概率密度的自然对数；均值为这些取值的均值，方差为离差平方和"
                  "除以 n - ddof（ddof = 1：书中的样本方差）。请自己实现：检查你的函数时 GaussianNB、MixedNB 和 "
                  "statistics.NormalDist 会被关闭。"},
    answer=_log_density_of,
    kind="function",
    inputs=_log_density_inputs,
    rtol=1e-9,
    forbidden=_GAUSSIAN,
    shortcut=lambda x, values, ddof: float(GaussianNB.from_parameters(
        [[np.mean(values)]], [[np.var(values, ddof=ddof)]], [1.0]).log_factors([[x]])[0, 0, 0]),
    mistakes=[
        Mistake("ddof_ignored", lambda: _log_density_of("ddof_ignored"),
                {"en": "Your function always divides by n (ddof = 0): with ddof = 1, the book's sample variance, "
                       "the squared deviations are divided by n - 1.",
                 "zh": "你的函数总是除以 n（ddof = 0）：ddof = 1 时（书中的样本方差）离差平方和要除以 n - 1。"}),
        Mistake("sd_as_variance", lambda: _log_density_of("sd_as_variance"),
                {"en": "The standard deviation went where the variance belongs: sigma^2 appears in both the "
                       "normalising constant and the exponent.",
                 "zh": "把标准差当成了方差：归一化常数和指数中出现的都是 sigma^2。"}),
        Mistake("density_not_log", lambda: _log_density_of("density_not_log"),
                {"en": "Your function returns the density p(x | c) itself; the exercise asks for its natural log, "
                       "which stays finite far in the tail where the density is 0.0 in float64.",
                 "zh": "你的函数返回的是概率密度 p(x | c) 本身；题目要的是它的自然对数，在远离均值、密度在 float64 中为 0.0 "
                       "的地方，对数仍是有限的。"}),
        Mistake("half_missing", lambda: _log_density_of("half_missing"),
                {"en": "The log of 1 / sqrt(2 pi sigma^2) is -1/2 log(2 pi sigma^2): your function leaves out the 1/2.",
                 "zh": "1 / sqrt(2 pi sigma^2) 的对数是 -1/2 log(2 pi sigma^2)：你的函数漏掉了 1/2。"}),
    ],
    hints=[
        {"en": "The variance with ddof: the sum of (v - mean)^2 over the values, divided by n - ddof.",
         "zh": "带 ddof 的方差：各取值 (v - 均值)^2 之和，除以 n - ddof。"},
        {"en": "Take the log of the formula by hand rather than of its value: a sum of two terms, one with "
               "log(2 pi sigma^2), one with (x - mu)^2.",
         "zh": "对公式本身取对数，而不是对它算出来的值取对数：得到两项之和，一项含 log(2 pi sigma^2)，一项含 (x - mu)^2。"},
    ],
    solution={"en": "def log_density(x, values, ddof):\n"
                    "    mu = values.mean()\n"
                    "    var = ((values - mu) ** 2).sum() / (len(values) - ddof)\n"
                    "    return float(-0.5 * np.log(2 * np.pi * var) - (x - mu) ** 2 / (2 * var))",
              "zh": "def log_density(x, values, ddof):\n"
                    "    mu = values.mean()\n"
                    "    var = ((values - mu) ** 2).sum() / (len(values) - ddof)   # ddof = 1：样本方差\n"
                    "    return float(-0.5 * np.log(2 * np.pi * var) - (x - mu) ** 2 / (2 * var))"},
)


# ---------------------------------------------------------------- build-it: Gaussian NB's log odds
def _log_odds_of(kind=None):
    """ln P(c1 | x) / P(c0 | x) of Gaussian NB with means theta, variances var (2 x d) and prior (2,):
    GaussianNB's joint log-likelihood, class 1's minus class 0's; or a usual mistake."""
    def f(x, theta, var, prior):
        x, theta = np.asarray(x, dtype=float), np.asarray(theta, dtype=float)
        var, prior = np.asarray(var, dtype=float), np.asarray(prior, dtype=float)
        if kind == "variance_squared":
            var = var ** 2
        if kind == "prior_forgotten":
            prior = np.array([0.5, 0.5])
        model = types.SimpleNamespace(class_prior_=prior, classes_=[0, 1], var_=var, theta_=theta)
        jll = _gaussian_jll(model, x[None, :])[0]
        if kind == "log_variance_dropped":    # the exponents only, as if the variances were shared
            jll = jll + 0.5 * np.log(2 * np.pi * var).sum(axis=1)
        if kind == "odds_not_log":
            with np.errstate(over="ignore"):
                return float(np.exp(jll[1] - jll[0]))
        if kind == "sign":
            return float(jll[0] - jll[1])
        return float(jll[1] - jll[0])
    return f


def _log_odds_inputs(rng):
    """A point x (d), the two classes' means and variances (2 x d), the prior (2,). The first case tells
    every mistake apart; then a shared variance (the log odds are linear in x), one attribute, a point
    so far out that both densities are 0.0 in float64 (their ratio is 0/0, their logs are finite), a
    prior far from 1/2, four attributes."""
    def params(d, shared=False):
        theta = np.array([[round(rng.uniform(-2, 2), 2) for _ in range(d)] for _ in range(2)])
        var = np.array([[round(rng.uniform(0.2, 3), 2) for _ in range(d)] for _ in range(2)])
        if shared:
            var[1] = var[0]
        return theta, var

    out = [((np.array([0.6, 0.2]), np.array([[0.5, 0.1], [0.7, 0.3]]), np.array([[0.01, 0.02], [0.04, 0.01]]),
             np.array([0.6, 0.4])), {})]
    theta, var = params(2, shared=True)
    out.append(((np.array([rng.uniform(-2, 2) for _ in range(2)]), theta, var, np.array([0.5, 0.5])), {}))
    theta, var = params(1)
    w = rng.randint(1, 9)
    out.append(((np.array([rng.uniform(-3, 3)]), theta, var, np.array([w, 10 - w]) / 10), {}))
    theta, var = params(2)
    out.append(((np.array([rng.choice([-1, 1]) * rng.uniform(60, 80), rng.uniform(-2, 2)]), theta, var,
                 np.array([0.3, 0.7])), {}))
    theta, var = params(4)
    out.append(((np.array([rng.uniform(-2, 2) for _ in range(4)]), theta, var, np.array([0.99, 0.01])), {}))
    return out


define(
    "08.log_odds_function",
    leak_check="a function: the check calls it on parameters the lesson does not show",
    prompt={"en": "Write log_odds(x, theta, var, prior) for Gaussian naive Bayes with two classes: x is a point "
                  "(d values), theta and var are 2 x d arrays of each class's means and variances (one variance per "
                  "class and attribute, not shared), prior the two class priors. Return the log odds "
                  "ln P(c_1 | x) / P(c_0 | x) as a float. It must stay finite for a point so far out that both "
                  "densities are 0.0 in float64. Write it yourself: GaussianNB, MixedNB, log_odds_from_coefficients "
                  "and statistics.NormalDist are switched off while your function is checked.",
            "zh": "为两类高斯朴素贝叶斯编写 log_odds(x, theta, var, prior)：x 是一个样本点（d 个取值），theta 和 var 是 "
                  "2 x d 的数组，分别为每类的均值和方差（每类每个属性一个方差，不共享），prior 是两类的先验概率。以浮点数返回"
                  "对数几率 ln P(c_1 | x) / P(c_0 | x)。样本点离得很远、两个概率密度在 float64 中都为 0.0 时，结果也必须是有限的。"
                  "请自己实现：检查你的函数时 GaussianNB、MixedNB、log_odds_from_coefficients 和 statistics.NormalDist 会被关闭。"},
    answer=_log_odds_of,
    kind="function",
    inputs=_log_odds_inputs,
    rtol=1e-9,
    atol=1e-9,
    forbidden=_GAUSSIAN,
    shortcut=lambda x, theta, var, prior: float(np.diff(GaussianNB.from_parameters(theta, var, prior)
                                                        .predict_joint_log_proba(np.asarray(x)[None, :])[0])[0]),
    mistakes=[
        Mistake("prior_forgotten", lambda: _log_odds_of("prior_forgotten"),
                {"en": "Your log odds leave out the prior: add ln(pi_1 / pi_0).",
                 "zh": "你的对数几率漏掉了先验概率：要加上 ln(pi_1 / pi_0)。"}),
        Mistake("sign", lambda: _log_odds_of("sign"),
                {"en": "The sign is flipped: these are the log odds of c_1 (the second row) against c_0.",
                 "zh": "符号反了：题目要的是 c_1（第二行）对 c_0 的对数几率。"}),
        Mistake("log_variance_dropped", lambda: _log_odds_of("log_variance_dropped"),
                {"en": "Your function keeps only the exponents, -(x - mu)^2 / (2 sigma^2). With a variance per class "
                       "the normalising constants differ too: add -1/2 ln(2 pi sigma_cj^2) for each class and "
                       "attribute (they cancel only when the variance is shared).",
                 "zh": "你的函数只保留了指数部分 -(x - mu)^2 / (2 sigma^2)。每类各有方差时，归一化常数也不同：每类每个属性都要加上 "
                       "-1/2 ln(2 pi sigma_cj^2)（只有方差共享时它们才相互抵消）。"}),
        Mistake("variance_squared", lambda: _log_odds_of("variance_squared"),
                {"en": "var holds variances already: your function squared them, as if they were standard "
                       "deviations.",
                 "zh": "var 存放的已经是方差：你的函数又对它们平方，把它们当成了标准差。"}),
        Mistake("odds_not_log", lambda: _log_odds_of("odds_not_log"),
                {"en": "That is the odds P(c_1 | x) / P(c_0 | x) itself; the exercise asks for its natural log.",
                 "zh": "这是几率 P(c_1 | x) / P(c_0 | x) 本身；题目要的是它的自然对数。"}),
    ],
    hints=[
        {"en": "Score each class in logs: ln pi_c plus, for each attribute, the log-density of the previous "
               "exercise; the log odds are the difference of the two scores.",
         "zh": "在对数下给每一类打分：ln pi_c 加上每个属性的对数密度（上一题的函数）；对数几率就是两个得分之差。"},
        {"en": "Never compute a density and then its log: far out, the density is 0.0 and its log is -inf.",
         "zh": "不要先算概率密度再取对数：离得很远时密度为 0.0，它的对数是 -inf。"},
    ],
    solution={"en": "def log_odds(x, theta, var, prior):\n"
                    "    score = np.log(prior) + (-0.5 * np.log(2 * np.pi * var) - (x - theta) ** 2 / (2 * var)).sum(axis=1)\n"
                    "    return float(score[1] - score[0])",
              "zh": "def log_odds(x, theta, var, prior):\n"
                    "    score = np.log(prior) + (-0.5 * np.log(2 * np.pi * var) - (x - theta) ** 2 / (2 * var)).sum(axis=1)\n"
                    "    return float(score[1] - score[0])   # c_1 的得分减去 c_0 的得分"},
)


def _weights(shared=True):
    df, y = _melons()
    nb = GaussianNB(shared_variance=shared, var_smoothing=0).fit(df[["密度", "含糖率"]], y)
    return nb.log_odds_coefficients()["w"]


def _weight_sd():
    df, y = _melons()
    nb = GaussianNB(shared_variance=True, var_smoothing=0).fit(df[["密度", "含糖率"]], y)
    (m0, m1), (v0, _) = nb.theta_, nb.var_
    return float((m1[1] - m0[1]) / np.sqrt(v0[1]))


define(
    "08.shared_weight",
    prompt={"en": "Fit GaussianNB(shared_variance=True, var_smoothing=0) on the watermelons' 密度 and "
                  "含糖率 columns (y = 好瓜). Its log odds of 是 against 否 are w·x + w0. What is the "
                  "weight w of 含糖率? A float, computed.",
            "zh": "用 GaussianNB(shared_variance=True, var_smoothing=0) 拟合西瓜的 密度 和 含糖率 两列"
                  "（y = 好瓜）。它的对数几率（是 对 否）为 w·x + w0。含糖率 的权重 w 是多少？给出计算得到的浮点数。"},
    answer=lambda: float(_weights(True)[1]),
    rtol=1e-9,
    mistakes=[
        Mistake("per_class_variance", lambda: float(_weights(False)[1]),
                {"en": "That weight comes from a variance per class: with shared_variance=True both "
                       "classes use the pooled variance.",
                 "zh": "这个权重来自每类各自的方差：shared_variance=True 时两类共用合并后的方差。"}),
        Mistake("sign", lambda: -float(_weights(True)[1]),
                {"en": "The sign is flipped: these are the log odds of 是 against 否 (classes_ is "
                       "['否', '是'], so 是 is class 1).",
                 "zh": "符号反了：这是 是 对 否 的对数几率（classes_ 为 ['否', '是']，是 为第 1 类）。"}),
        Mistake("sd", _weight_sd,
                {"en": "Divide the difference of the means by the variance sigma^2, not by sigma.",
                 "zh": "均值之差要除以方差 sigma^2，而不是 sigma。"}),
    ],
    hints=[
        {"en": "Section 2 derived w_j = (mu_j1 - mu_j0) / sigma_j^2; which class is class 1 here?",
         "zh": "第 2 节推导出 w_j = (mu_j1 - mu_j0) / sigma_j^2；这里哪一类是第 1 类？"},
    ],
    solution={"en": "nb = GaussianNB(shared_variance=True, var_smoothing=0).fit(df[['密度', '含糖率']], df['好瓜'])\n"
                    "answer = nb.log_odds_coefficients()['w'][1]",
              "zh": "nb = GaussianNB(shared_variance=True, var_smoothing=0).fit(df[['密度', '含糖率']], df['好瓜'])\n"
                    "answer = nb.log_odds_coefficients()['w'][1]"},
)


def _objective(kind="right"):
    df, y = _melons()
    X = df[["密度", "含糖率"]]
    lr = LogisticRegression(lam=1.0).fit(X, y)
    J = lr.objective(X, y)
    penalty = 0.5 * float(np.sum(lr.coef_ ** 2))
    if kind == "right":
        return J
    if kind == "mean":
        return J / len(y)
    if kind == "no_penalty":
        return J - penalty
    if kind == "intercept_penalised":
        return J + 0.5 * float(np.sum(lr.intercept_ ** 2))
    raise ValueError(kind)


define(
    "08.objective",
    prompt={"en": "Fit LogisticRegression(lam=1) on the watermelons' 密度 and 含糖率 (y = 好瓜, not "
                  "standardised). What is the objective J at the fitted weights: the summed negative "
                  "log-likelihood plus lam/2 ||w||^2? A float, computed.",
            "zh": "用 LogisticRegression(lam=1) 拟合西瓜的 密度 和 含糖率（y = 好瓜，不标准化）。在拟合得到的"
                  "权重处，目标函数 J（负对数似然之和加 lam/2 ||w||^2）是多少？给出计算得到的浮点数。"},
    answer=_objective,
    rtol=1e-6,
    mistakes=[
        Mistake("mean", lambda: _objective("mean"),
                {"en": "That is J divided by the number of melons: lesson 08's J sums over them.",
                 "zh": "这是 J 除以西瓜个数：第 08 课的 J 是对样本求和。"}),
        Mistake("no_penalty", lambda: _objective("no_penalty"),
                {"en": "That is the negative log-likelihood alone: add lam/2 times the squared weights.",
                 "zh": "这只是负对数似然：还要加上 lam/2 乘以权重的平方和。"}),
        Mistake("intercept_penalised", lambda: _objective("intercept_penalised"),
                {"en": "The intercept w0 is not penalised: only the feature weights are.",
                 "zh": "截距 w0 不受惩罚：只惩罚特征权重。"}),
    ],
    hints=[
        {"en": "-log P(y_i | x_i) for every melon, summed; then the penalty on coef_ only.",
         "zh": "对每个西瓜求 -log P(y_i | x_i) 并求和；再加上只作用于 coef_ 的惩罚项。"},
    ],
    solution={"en": "lr = LogisticRegression(lam=1).fit(X, y)\nanswer = lr.objective(X, y)   # or lr.loss_curve_[-1]",
              "zh": "lr = LogisticRegression(lam=1).fit(X, y)\nanswer = lr.objective(X, y)   # 或 lr.loss_curve_[-1]"},
)
