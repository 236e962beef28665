"""Exercises of lesson 08, Gaussian naive Bayes and logistic regression.

Ids: ``08.sugar_density``, ``08.shared_weight``, ``08.objective``.

All three work on the watermelon data set 3.0 at places the lesson does not print: the
lesson shows the book's densities at the test melon's values (密度 0.697, 含糖率 0.460),
the shared-variance weights of the breast-cancer data, and the objective on
standardised breast-cancer data.
"""
from __future__ import annotations

import math

import numpy as np

from ..datasets import watermelon
from ..gaussian import GaussianNB
from ..logistic import LogisticRegression
from ..mixed import MixedNB
from .core import Mistake, define


def _melons():
    df = watermelon()
    return df, df["好瓜"]


def _density(value=0.3, cls="否", ddof=1, sd_as_var=False):
    df, y = _melons()
    x = df.loc[y == cls, "含糖率"].to_numpy()
    mu, var = x.mean(), x.var(ddof=ddof)
    if sd_as_var:
        var = np.sqrt(var)
    return float(math.exp(-(value - mu) ** 2 / (2 * var)) / math.sqrt(2 * math.pi * var))


def _density_model():
    """The same number from the library: MixedNB on the sugar column, ddof=1."""
    df, y = _melons()
    nb = MixedNB(ddof=1).fit(df[["含糖率"]], y)
    e = nb.explain({"含糖率": 0.3})
    return float(e.loc["p(含糖率=0.3|c)", "否"])


define(
    "08.sugar_density",
    prompt={"en": "Watermelon data set 3.0, the book's way (sample variance, ddof=1): what is the density "
                  "p(含糖率 = 0.3 | 好瓜 = 否)? A float, computed.",
            "zh": "西瓜数据集 3.0，按书中的做法（样本方差，ddof=1）：概率密度 p(含糖率 = 0.3 | 好瓜 = 否) "
                  "是多少？给出计算得到的浮点数。"},
    answer=_density_model,
    rtol=1e-9,
    mistakes=[
        Mistake("ddof0", lambda: _density(ddof=0),
                {"en": "That uses the maximum-likelihood variance (divide by n_c); the book divides by "
                       "n_c - 1 (ddof=1).",
                 "zh": "这里用的是极大似然估计的方差（除以 n_c）；书中除以 n_c - 1（ddof=1）。"}),
        Mistake("other_class", lambda: _density(cls="是"),
                {"en": "That is the density among the good melons (是); the question asks about 否.",
                 "zh": "这是好瓜（是）的概率密度；题目问的是 否 类。"}),
        Mistake("sd_as_variance", lambda: _density(sd_as_var=True),
                {"en": "The standard deviation went where the variance belongs: square it.",
                 "zh": "把标准差当成了方差：需要平方。"}),
    ],
    hints=[
        {"en": "Only the 否 melons' 含糖率 values matter: their mean and their sample variance.",
         "zh": "只与 否 类西瓜的 含糖率 有关：它们的均值和样本方差。"},
        {"en": "MixedNB(ddof=1).explain shows every density of a row; a row with only 含糖率 will do.",
         "zh": "MixedNB(ddof=1).explain 会列出一个样本的每个概率密度；只含 含糖率 一列的样本就够了。"},
    ],
    solution={"en": "nb = MixedNB(ddof=1).fit(df[['含糖率']], df['好瓜'])\n"
                    "answer = nb.explain({'含糖率': 0.3}).loc['p(含糖率=0.3|c)', '否']",
              "zh": "nb = MixedNB(ddof=1).fit(df[['含糖率']], df['好瓜'])\n"
                    "answer = nb.explain({'含糖率': 0.3}).loc['p(含糖率=0.3|c)', '否']"},
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
