"""Exercises of lesson 04, the MLE by Lagrange multipliers and smoothing as a posterior.

Ids: ``04.theta_mle_value``, ``04.laplace_theta_formula``, ``04.log_likelihood``,
``04.theta_mle_function``.
Every reference answer comes from the library (:mod:`nbteach.derivations`, and for the
build-it :func:`nbteach.smoothing.probability_table` on the counts); every mistake is the
library's answer with the mistake applied. The build-it asks for the closed form the lesson
derives, theta_{i|j} = N_ij / sum_i' N_i'j, from a document-word count matrix, with
``MultinomialNB`` and ``probability_table`` switched off.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd

from ..multinomial import MultinomialNB
from ..smoothing import probability_table
from ._unswitched import unswitched
from .core import Mistake, define

# The exercise's small corpus, as counts: spam has 2 documents with 4 + 0 + 33 = 37 words (the
# lesson's cells use (3, 0, 7)). 'money' 33 times is out of the MLE explorer's reach: its count
# sliders stop at 30, and no MLE it shows, a count up to 30 over the total, is 33/37 (issue 33: with
# (4, 0, 7) the explorer, set to the prompt's counts, showed the answer 7/11 as 0.636 beside its
# denominator, lambda = 11; tests/test_widget_reach.py).
_WORDS = ("free", "meeting", "money")
_SPAM_WORD_COUNTS = (4, 0, 33)
_SPAM_DOCUMENTS = 2


def _concrete(d, word, counts, alpha):
    """dirichlet_smoothing's closed form for one word, at the counts, with this alpha."""
    theta, N = d.symbols["theta"], d.symbols["N"]
    values = {N[v + 1]: c for v, c in enumerate(counts)}
    return d.result[theta[word]].xreplace(values).subs(d.symbols["alpha"], alpha)


def _theta(word, alpha=None):
    """theta_{word|spam}: MLE from multinomial_mle, or Lidstone from dirichlet_smoothing."""
    # heavy and optional: nbteach.derivations loads sympy, needed only by the symbolic exercises
    from nbteach.derivations import dirichlet_smoothing, multinomial_mle

    if alpha is None:
        d = multinomial_mle(1, len(_WORDS))
        theta, N = d.symbols["theta"], d.symbols["N"]
        values = {N[v + 1, 1]: c for v, c in enumerate(_SPAM_WORD_COUNTS)}
        return d.result[theta[word, 1]].xreplace(values)
    d = dirichlet_smoothing(len(_WORDS))
    return _concrete(d, word, _SPAM_WORD_COUNTS, alpha)


def _mu_as_if_bernoulli(word):
    """The Bernoulli closed form N_ij / N_j: word count divided by the number of documents."""
    # heavy and optional: nbteach.derivations loads sympy, needed only by the symbolic exercises
    from nbteach.derivations import bernoulli_mle

    d = bernoulli_mle(1, len(_WORDS))
    mu, N = d.symbols["mu"], d.symbols["N"]
    return d.result[mu[word, 1]].xreplace({N[word, 1]: _SPAM_WORD_COUNTS[word - 1],
                                           N[1]: _SPAM_DOCUMENTS})


def _fraction(expr):
    return Fraction(int(expr.p), int(expr.q))


define(
    "04.theta_mle_value",
    prompt={"en": "The 2 spam documents contain 'free' 4 times, 'meeting' 0 times and 'money' 33 "
                  "times. What is the maximum-likelihood theta_{money|spam}? A Fraction.",
            "zh": "2 封垃圾邮件中 'free' 出现 4 次、'meeting' 0 次、'money' 33 次。"
                  "theta_{money|spam} 的极大似然估计是多少？用 Fraction 表示。"},
    answer=lambda: _fraction(_theta(3)),
    exact=True,
    mistakes=[
        Mistake("documents_not_words", lambda: _fraction(_mu_as_if_bernoulli(3)),
                {"en": "You divided by the number of spam documents (N_j). In the multinomial "
                       "model the denominator is the number of words of the class, "
                       "sum over i' of N_i'j: theta_{.|spam} must sum to 1 over the vocabulary.",
                 "zh": "你除以了垃圾邮件的文档数 N_j。多项式模型的分母是该类的总词数 "
                       "sum_i' N_i'j：theta_{.|spam} 在整个词汇表上之和必须为 1。"}),
        Mistake("laplace", lambda: _fraction(_theta(3, alpha=1)),
                {"en": "That is the Laplace-smoothed estimate (+1 / +V). The question asks for the "
                       "MLE: no pseudo-counts.",
                 "zh": "这是拉普拉斯修正后的估计（+1 / +V）。题目问的是极大似然估计：不加伪计数。"}),
    ],
    hints=[
        {"en": "Step 13 of multinomial_mle gives theta_{i|j} = N_ij / sum_i' N_i'j.",
         "zh": "multinomial_mle 的第 13 步给出 theta_{i|j} = N_ij / sum_i' N_i'j。"},
        {"en": "Count every word of the spam documents for the denominator.",
         "zh": "分母是垃圾邮件中所有词的总数。"},
    ],
    solution={"en": "answer = Fraction(33, 4 + 0 + 33)   # N_money,spam / words of spam",
              "zh": "answer = Fraction(33, 4 + 0 + 33)   # N_money,spam / 垃圾邮件总词数"},
)


def _laplace_symbols():
    import sympy as sp  # heavy and optional: only the symbolic path needs sympy

    return dict(zip(("N_ij", "W_j", "V", "alpha"),
                    sp.symbols("N_ij W_j V alpha", positive=True)))


def _as_plain(expr, d):
    """The general-form result with plain names: N[i] -> N_ij, sum of counts -> W_j."""
    import sympy as sp  # heavy and optional: only the symbolic path needs sympy

    s = _laplace_symbols()
    N, i = d.symbols["N"], d.symbols["i"]
    total = next(iter(expr.atoms(sp.Sum)), None)
    repl = {N[i]: s["N_ij"], d.symbols["V"]: s["V"], d.symbols["alpha"]: s["alpha"]}
    if total is not None:
        repl[total] = s["W_j"]
    return expr.xreplace(repl)


def _laplace_formula(**subs):
    # heavy and optional: nbteach.derivations loads sympy, needed only by the symbolic exercises
    from nbteach.derivations import dirichlet_smoothing

    d = dirichlet_smoothing("V")
    expr = d.result[d.symbols["theta"][d.symbols["i"]]]
    expr = expr.subs({d.symbols[k]: v for k, v in subs.items()})
    return _as_plain(expr, d).subs(_laplace_symbols()["alpha"], 1)


def _bernoulli_formula():
    # heavy and optional: nbteach.derivations loads sympy, needed only by the symbolic exercises
    from nbteach.derivations import beta_smoothing

    d = beta_smoothing()
    mu, N, i, j = (d.symbols[k] for k in ("mu", "N", "i", "j"))
    s = _laplace_symbols()
    return d.result[mu[i, j]].xreplace({N[i, j]: s["N_ij"], N[j]: s["W_j"],
                                        d.symbols["alpha"]: 1})


define(
    "04.laplace_theta_formula",
    prompt={"en": "Write Laplace-smoothed theta_{i|j} (alpha = 1) with the names N_ij (count of "
                  "word i in class j), W_j (all words of class j) and V (vocabulary size), e.g. "
                  "'(N_ij + 2)/(W_j + 3)'.",
            "zh": "用 N_ij（词 i 在类 j 中出现的次数）、W_j（类 j 的总词数）和 V（词汇表大小）写出拉普拉斯修正"
                  "（alpha = 1）后的 theta_{i|j}，形如 '(N_ij + 2)/(W_j + 3)'。"},
    answer=lambda: _laplace_formula(),
    symbols=lambda: {k: v for k, v in _laplace_symbols().items() if k != "alpha"},
    mistakes=[
        Mistake("unsmoothed", lambda: _laplace_formula(alpha=0),
                {"en": "That is the MLE, without smoothing: add the pseudo-counts.",
                 "zh": "这是未经平滑的极大似然估计：还要加上伪计数。"}),
        Mistake("plus_one_once", lambda: _laplace_formula(V=1),
                {"en": "Every one of the V words gets one pseudo-count, so the denominator grows "
                       "by V, not by 1; otherwise theta_{.|j} does not sum to 1.",
                 "zh": "V 个词每个都加 1 个伪计数，所以分母加 V 而不是 1；否则 theta_{.|j} 之和不为 1。"}),
        Mistake("bernoulli_two", _bernoulli_formula,
                {"en": "+2 is the Bernoulli model's denominator (word present or absent: two "
                       "outcomes). The multinomial spreads over V words.",
                 "zh": "+2 是伯努利模型的分母（出现或不出现两种结果）。多项式模型的概率分布在 V 个词上。"}),
    ],
    hints=[
        {"en": "The posterior mean under a Dirichlet(1) prior: one pseudo-count per word.",
         "zh": "Dirichlet(1) 先验下的后验均值：每个词一个伪计数。"},
        {"en": "Numerator: N_ij plus one. Denominator: W_j plus one for each of the V words.",
         "zh": "分子：N_ij 加 1。分母：W_j，再为 V 个词中的每一个加 1。"},
    ],
    solution={"en": "answer = '(N_ij + 1)/(W_j + V)'", "zh": "answer = '(N_ij + 1)/(W_j + V)'"},
)


def _demo():
    # heavy and optional: nbteach.derivations loads sympy, needed only by the symbolic exercises
    from nbteach.derivations import underflow_demo

    return underflow_demo(doc_length=500, seed=3)  # not the lesson's demo, whose value it prints


def underflow_mistakes(demo):
    """The common wrong log-likelihoods of ``demo()`` (an ``underflow_demo``), each made by the
    library with the mistake applied. Shared by 04.log_likelihood and hw02.log_likelihood."""

    def log_of_product():
        """log of the float64 product: -inf once the product has underflowed to 0.0."""
        with np.errstate(divide="ignore"):
            return float(np.log(demo().product))

    return [
        Mistake("product_underflowed", lambda: float(demo().product),
                {"en": "The product of the document's small probabilities underflows to 0.0 in "
                       "float64 (its true size is far below 1e-308, the smallest normal float64). "
                       "Add the logs instead of multiplying.",
                 "zh": "文档中许多小概率相乘在 float64 中下溢为 0.0（真实值远小于 float64 的最小正规数 1e-308）。"
                       "请把对数相加，而不是相乘。"}),
        Mistake("log_of_underflowed_product", log_of_product,
                {"en": "-inf is log(0.0): the product underflowed before you took the log. Take "
                       "the log of each probability first, then add: sum(log p).",
                 "zh": "-inf 就是 log(0.0)：取对数之前乘积已经下溢。先对每个概率取对数再相加：sum(log p)。"}),
        Mistake("log10", lambda: float(demo().log10_exact),
                {"en": "That is log10; the log-likelihood uses the natural log (np.log).",
                 "zh": "这是以 10 为底的对数；对数似然用自然对数（np.log）。"}),
    ]


define(
    "04.log_likelihood",
    prompt={"en": "ex = underflow_demo(doc_length=500, seed=3), a longer document than the "
                  "lesson's demo: what is the log-likelihood (natural log) of its document, sum "
                  "over words of log theta? A float.",
            "zh": "ex = underflow_demo(doc_length=500, seed=3) 给出一篇比课中 demo 更长的文档。"
                  "这篇文档的对数似然（自然对数），即各词 log theta 之和，是多少？给出浮点数。"},
    answer=lambda: float(_demo().log_likelihood),
    rtol=1e-9,
    mistakes=underflow_mistakes(_demo),
    hints=[
        {"en": "ex.probabilities holds theta of each word of the document.",
         "zh": "ex.probabilities 是文档中每个词的 theta。"},
        {"en": "np.log, then sum.", "zh": "先 np.log，再求和。"},
    ],
    solution={"en": "ex = underflow_demo(doc_length=500, seed=3)\n"
                    "answer = float(np.sum(np.log(ex.probabilities)))   # = ex.log_likelihood",
              "zh": "ex = underflow_demo(doc_length=500, seed=3)\n"
                    "answer = float(np.sum(np.log(ex.probabilities)))   # = ex.log_likelihood"},
)


# ---------------------------------------------------------------- build-it: the MLE from counts
_probability_table = unswitched(probability_table)   # the library's, out of the switch's reach


def _class_word_counts(X, y):
    """N_ij as a DataFrame: one row per word i (0..V-1), one column per class j (sorted)."""
    X, y = np.asarray(X), np.asarray(y)
    classes = sorted(set(y.tolist()))
    return pd.DataFrame({c: X[y == c].sum(axis=0) for c in classes})


def _theta_from(counts, **kw):
    table = _probability_table(counts, exact=False, **kw)
    return {c: table[c].to_numpy() for c in table.columns}


def _theta_mle():
    """The library's closed form: each class's column of word counts over its sum (alpha = 0)."""
    return lambda X, y: _theta_from(_class_word_counts(X, y))


def _wrong_theta(kind):
    """The usual wrong estimates, from the library's counts with the mistake applied."""
    def make():
        def f(X, y):
            X, y = np.asarray(X), np.asarray(y)
            counts = _class_word_counts(X, y)
            if kind == "laplace":
                return {c: v for c, v in _theta_from(counts, alpha=1).items()}
            if kind == "documents_not_words":      # the Bernoulli model's N_ij / N_j
                return {c: counts[c].to_numpy() / int((y == c).sum()) for c in counts.columns}
            if kind == "all_words":                 # divided by every word of every class
                total = counts.to_numpy().sum()
                return {c: counts[c].to_numpy() / total for c in counts.columns}
            if kind == "classes_per_word":         # each word's counts over the classes: P(j | word i)
                per_word = counts.to_numpy().sum(axis=1)
                return {c: counts[c].to_numpy() / np.where(per_word == 0, 1, per_word) for c in counts.columns}
            # average_of_documents: each document's word frequencies, averaged over the class
            return {c: (X[y == c] / X[y == c].sum(axis=1, keepdims=True)).mean(axis=0) for c in counts.columns}
        return f
    return make


def _theta_inputs(rng):
    """Count matrices: the lesson's three words (tells every mistake apart); a class with one
    document; a word one class never uses (theta 0); a word no document uses; three classes;
    labels that are not sorted and not strings. No document is empty."""
    def matrix(n, V, zero_word=None):
        X = [[0 if i == zero_word else rng.randint(0, 5) for i in range(V)] for _ in range(n)]
        for row in X:
            if sum(row) == 0:
                row[(zero_word or 0) + 1 if zero_word == 0 else 0] = 1
        return np.array(X)

    out = [((np.array([[3, 0, 2], [1, 0, 5], [0, 4, 1], [1, 2, 0]]), ["spam", "spam", "ham", "ham"]), {})]
    n = rng.randint(3, 6)
    y = ["ham"] * (n - 1) + ["spam"]
    rng.shuffle(y)
    out.append(((matrix(n, rng.randint(3, 6)), y), {}))
    V = rng.randint(3, 6)
    X = matrix(4, V)
    X[:2, 1] = 0                                        # word 1 never in class "b"
    X[:2, 0] = np.maximum(X[:2, 0], 1)
    out.append(((X, np.array(["b", "b", "a", "a"])), {}))
    V = rng.randint(4, 7)
    out.append(((matrix(6, V, zero_word=V - 1), np.array([2, 0, 1, 0, 2, 1])), {}))
    return out


define(
    "04.theta_mle_function",
    leak_check="a function: the check calls it on count matrices the lesson does not show",
    prompt={"en": "Write theta_mle(X, y): X is a documents x words array of counts N(t_i, x), y the class "
                  "of each document. Return a dict class -> numpy array of the maximum-likelihood "
                  "theta_{i|class} over the vocabulary (the closed form the Lagrangian gives; no smoothing). "
                  "Write it yourself: MultinomialNB and probability_table are switched off while your "
                  "function is checked.",
            "zh": "编写 theta_mle(X, y)：X 是 文档 x 词 的计数数组 N(t_i, x)，y 是每篇文档的类别。返回字典 类别 -> numpy "
                  "数组，即词表上 theta_{i|类别} 的极大似然估计（拉格朗日乘子法给出的闭式解；不平滑）。请自己实现："
                  "检查你的函数时 MultinomialNB 和 probability_table 会被关闭。"},
    answer=_theta_mle,
    kind="function",
    inputs=_theta_inputs,
    rtol=1e-9,
    forbidden=("nbteach.multinomial.MultinomialNB", "nbteach.smoothing.probability_table"),
    shortcut=lambda X, y: (lambda nb: dict(zip(nb.classes_, np.exp(nb.feature_log_prob_))))(
        MultinomialNB(alpha=0).fit(np.asarray(X), np.asarray(y))),
    mistakes=[
        Mistake("documents_not_words", _wrong_theta("documents_not_words"),
                {"en": "You divided by the number of documents of the class, the Bernoulli model's "
                       "denominator. The multinomial theta_{.|j} is a distribution over the words: divide by "
                       "the number of words of class j, sum over i' of N_i'j.",
                 "zh": "你除以了该类的文档数，这是伯努利模型的分母。多项式模型的 theta_{.|j} 是词上的分布："
                       "应除以类 j 的总词数 sum_i' N_i'j。"}),
        Mistake("laplace", _wrong_theta("laplace"),
                {"en": "Your estimate is smoothed (+1 / +V). The maximum-likelihood estimate adds no "
                       "pseudo-counts: a word a class never uses gets 0.",
                 "zh": "你的估计做了平滑（+1 / +V）。极大似然估计不加伪计数：某类从未用过的词概率为 0。"}),
        Mistake("all_words", _wrong_theta("all_words"),
                {"en": "You divided by the words of every class: that is a joint share, and theta_{.|j} "
                       "does not sum to 1 for any class. Divide by the words of class j only.",
                 "zh": "你除以了所有类的总词数：这是联合比例，任何一类的 theta_{.|j} 之和都不为 1。应只除以类 j 的词数。"}),
        Mistake("classes_per_word", _wrong_theta("classes_per_word"),
                {"en": "Each word's values sum to 1 over the classes: that is P(class | word). theta_{i|j} "
                       "sums to 1 over the words i of one class j.",
                 "zh": "你的每个词在各类上的值之和为 1：这是 P(类别 | 词)。theta_{i|j} 应在同一类 j 的所有词 i 上求和为 1。"}),
        Mistake("average_of_documents", _wrong_theta("average_of_documents"),
                {"en": "You averaged each document's word frequencies. The MLE pools the class's documents "
                       "first: add up the counts of every document of the class, then divide once, so a long "
                       "document weighs more than a short one.",
                 "zh": "你把每篇文档的词频取了平均。极大似然估计先把该类所有文档合在一起：把计数相加，再除一次，"
                       "所以长文档的分量比短文档大。"}),
    ],
    hints=[
        {"en": "For each class, add up the rows of X that belong to it: N_ij for every word i.",
         "zh": "对每个类别，把 X 中属于它的行相加：得到每个词 i 的 N_ij。"},
        {"en": "Step 13 of multinomial_mle: divide those counts by their own sum. Each class's array must "
               "sum to 1.",
         "zh": "multinomial_mle 的第 13 步：把这些计数除以它们自己的和。每个类别的数组之和必须为 1。"},
    ],
    solution={"en": "def theta_mle(X, y):\n"
                    "    X, y = np.asarray(X), np.asarray(y)\n"
                    "    theta = {}\n"
                    "    for c in sorted(set(y.tolist())):\n"
                    "        counts = X[y == c].sum(axis=0)          # N_ij over the class's documents\n"
                    "        theta[c] = counts / counts.sum()\n"
                    "    return theta",
              "zh": "def theta_mle(X, y):\n"
                    "    X, y = np.asarray(X), np.asarray(y)\n"
                    "    theta = {}\n"
                    "    for c in sorted(set(y.tolist())):\n"
                    "        counts = X[y == c].sum(axis=0)          # 该类各文档的 N_ij 之和\n"
                    "        theta[c] = counts / counts.sum()\n"
                    "    return theta"},
)
