"""Exercises of lesson 06, a spam detector on real text.

Ids: ``06.laplace_theta``, ``06.joint_log_score``, ``06.vectorised_fit``, ``06.char_pairs``,
``06.log_posterior_function``.

The first three use the six hand-made messages of ``nbteach.text.toy_mail()`` (3 spam, 3 ham);
``06.char_pairs`` asks for the tokenizer of §12's pairs of characters. The last is a build-it: the
multinomial log-posterior of documents long enough to underflow, normalised with log-sum-exp written by
the student (``MultinomialNB``, ``TextNB`` and the library's log-sum-exp switched off).
"""
from __future__ import annotations

import math
import types
from fractions import Fraction

import numpy as np

from .._base import log_sum_exp
from ..bernoulli import BernoulliNB
from ..multinomial import MultinomialNB
from ..text import (TextNB, char_bigrams, classify_as_in_note, count_matrix, fit_vectorised, note003_fit,
                    toy_mail, train_as_in_note)
from ._unswitched import unswitched
from .core import Mistake, define

MESSAGE = "cheap cheap lunch now"


def _note_model(alpha=1):
    return train_as_in_note(*toy_mail(), alpha=alpha)


def _textnb(alpha=1.0):
    return TextNB(alpha=alpha).fit(*toy_mail())


def _theta_alpha_not_times_v():
    nb = _textnb()
    k = list(nb.classes_).index("spam")
    n_ck = int(nb.feature_count_[k, nb.vocabulary_["cheap"]])
    n_c = int(nb.feature_count_[k].sum())
    return Fraction(n_ck + 1, n_c + 1)


def _theta_documents():
    """The Bernoulli estimate (documents containing the word), smoothed +1/+2."""
    docs, y = toy_mail()
    nb = _textnb()
    bnb = BernoulliNB(alpha=1.0).fit(count_matrix(docs, nb.vocabulary_), y)
    k = list(bnb.classes_).index("spam")
    return Fraction(float(np.exp(bnb.feature_log_prob_[k, nb.vocabulary_["cheap"]]))
                    ).limit_denominator(1000)


define(
    "06.laplace_theta",
    prompt={"en": "Train on nbteach.text.toy_mail() with Laplace smoothing (alpha = 1). "
                  "What is P(cheap | spam), as an exact Fraction?",
            "zh": "用 nbteach.text.toy_mail() 训练，做拉普拉斯修正（alpha = 1）。"
                  "P(cheap | spam) 是多少？用精确分数（Fraction）表示。"},
    answer=lambda: _note_model(1)[2]["spam"]["cheap"],
    exact=True,
    mistakes=[
        Mistake("no_smoothing", lambda: _note_model(0)[2]["spam"]["cheap"],
                {"en": "That is n_ck / n_c, without smoothing: add 1 to the count and |V| to "
                       "the total.",
                 "zh": "这是未经平滑的 n_ck / n_c：分子加 1，分母加 |V|。"}),
        Mistake("alpha_not_times_V", _theta_alpha_not_times_v,
                {"en": "You added 1 to the denominator: add |V|, the vocabulary size (one "
                       "pseudo-count for every word), so that P(w | spam) sums to 1 over V.",
                 "zh": "分母加的是 1：应加 |V|（每个词一个伪计数），这样 P(w | spam) 在 V 上求和为 1。"}),
        Mistake("documents_not_words", _theta_documents,
                {"en": "That counts documents containing 'cheap' (the Bernoulli model, +1/+2): "
                       "the multinomial model counts every occurrence of the word in T_spam.",
                 "zh": "这是在数包含 cheap 的文档数（伯努利模型，+1/+2）；多项式模型要数 T_spam 中该词的每一次出现。"}),
    ],
    hints=[
        {"en": "Note 004: P(w_k | c) = (n_ck + 1) / (n_c + |V|), with n_c the number of words "
               "in all spam messages put together.",
         "zh": "笔记 004：P(w_k | c) = (n_ck + 1) / (n_c + |V|)，n_c 是所有垃圾邮件拼在一起的词数。"},
        {"en": "Count with nbteach.text.tokenize: 'a' and other one-letter words are not words.",
         "zh": "用 nbteach.text.tokenize 分词：'a' 这样只有一个字母的不算词。"},
    ],
    solution={"en": "from nbteach.text import toy_mail, train_as_in_note\n"
                    "V, prior, cond = train_as_in_note(*toy_mail(), alpha=1)\n"
                    "answer = cond['spam']['cheap']",
              "zh": "from nbteach.text import toy_mail, train_as_in_note\n"
                    "V, prior, cond = train_as_in_note(*toy_mail(), alpha=1)\n"
                    "answer = cond['spam']['cheap']"},
)


def _jll(nb=None):
    nb = nb or _textnb()
    return float(nb.predict_joint_log_proba([MESSAGE])[0, list(nb.classes_).index("spam")])


def _jll_without_prior():
    nb = _textnb()
    return _jll(nb) - float(nb.class_log_prior_[list(nb.classes_).index("spam")])


def _jll_set():
    return math.log(classify_as_in_note(_note_model(1), MESSAGE, as_written=True)["spam"])


def _log_posterior():
    nb = _textnb()
    return float(nb.predict_log_proba([MESSAGE])[0, list(nb.classes_).index("spam")])


def _jll_log10():
    return _jll() / math.log(10)


define(
    "06.joint_log_score",
    prompt={"en": f"With the model of the previous exercise, what is the joint log-likelihood "
                  f"log P(spam) + sum_k t_k log P(w_k | spam) of the message '{MESSAGE}' "
                  "(natural log)?",
            "zh": f"用上一题的模型，消息 '{MESSAGE}' 的联合对数似然 "
                  "log P(spam) + sum_k t_k log P(w_k | spam) 是多少（自然对数）？"},
    answer=_jll,
    rtol=1e-9,
    mistakes=[
        Mistake("prior_forgotten", _jll_without_prior,
                {"en": "You left out log P(spam): the prior is part of the score.",
                 "zh": "你漏掉了 log P(spam)：先验概率也是得分的一部分。"}),
        Mistake("set_of_words", _jll_set,
                {"en": "'cheap' occurs twice, so log P(cheap | spam) counts twice (t_k = 2). "
                       "Note 004's test algorithm collects the words in a set I and loses the "
                       "repeat: that is one of the note's mistakes.",
                 "zh": "cheap 出现两次，log P(cheap | spam) 要算两次（t_k = 2）。笔记 004 的测试算法把词放进集合 I，"
                       "丢掉了重复：这是笔记的错误之一。"}),
        Mistake("normalised", _log_posterior,
                {"en": "That is log P(spam | x), normalised over the classes: the question asks "
                       "for the joint score before normalising.",
                 "zh": "这是归一化后的 log P(spam | x)：题目要的是归一化之前的联合得分。"}),
        Mistake("log10", _jll_log10,
                {"en": "That is the base-10 logarithm: use the natural log (numpy.log).",
                 "zh": "这是以 10 为底的对数：请用自然对数（numpy.log）。"}),
    ],
    hints=[
        {"en": "Unknown words are ignored; every other word adds log P(w | spam) once per "
               "occurrence.",
         "zh": "未知词忽略；其他词每出现一次加一次 log P(w | spam)。"},
        {"en": "TextNB has a method that returns exactly this score, one column per class.",
         "zh": "TextNB 有一个方法正好返回这个得分，每类一列。"},
    ],
    solution={"en": "from nbteach.text import TextNB, toy_mail\n"
                    "nb = TextNB(alpha=1).fit(*toy_mail())\n"
                    "jll = nb.predict_joint_log_proba(['" + MESSAGE + "'])\n"
                    "answer = jll[0, list(nb.classes_).index('spam')]",
              "zh": "from nbteach.text import TextNB, toy_mail\n"
                    "nb = TextNB(alpha=1).fit(*toy_mail())\n"
                    "jll = nb.predict_joint_log_proba(['" + MESSAGE + "'])\n"
                    "answer = jll[0, list(nb.classes_).index('spam')]"},
)


def _inputs(rng):
    out = []
    for _ in range(4):
        n, m, k = rng.randint(6, 12), rng.randint(2, 6), rng.randint(2, 3)
        y = np.array([i % k for i in range(n)])
        X = np.array([[rng.randint(1, 6) for _ in range(m)] for _ in range(n)])
        out.append(((y, X, rng.choice([0.5, 1.0, 2.0])), {}))
    return out


def _fit():
    return fit_vectorised


def _fit_note003():
    return note003_fit


def _fit_prior_not_log():
    def fit(y, X, alpha):
        log_pi, log_theta = fit_vectorised(y, X, alpha)
        return np.exp(log_pi), log_theta
    return fit


def _fit_no_smoothing():
    return lambda y, X, alpha: fit_vectorised(y, X, 0.0)


define(
    "06.vectorised_fit",
    prompt={"en": "Write fit(y, X, alpha) for multinomial naive Bayes without a Python loop over "
                  "the examples: y holds class numbers 0..K-1, X is the documents x words count "
                  "matrix. Return (log_pi, log_theta): log_pi of shape (K,), log_theta of shape "
                  "(K, M) with Lidstone smoothing alpha.",
            "zh": "写出多项式朴素贝叶斯的 fit(y, X, alpha)，不要对样本写 Python 循环：y 是 0..K-1 的类别编号，"
                  "X 是文档 × 词的计数矩阵。返回 (log_pi, log_theta)：log_pi 的形状为 (K,)，"
                  "log_theta 的形状为 (K, M)，用 alpha 做 Lidstone 平滑。"},
    answer=_fit,
    kind="function",
    inputs=_inputs,
    rtol=1e-9,
    mistakes=[
        Mistake("note003_as_written", _fit_note003,
                {"en": "This is note 003's code: it returns b instead of log b, and "
                       "np.array(cnt.sum(axis=1).ravel())[0] takes class 0's total only (for a "
                       "numpy array), so every class is divided by class 0's word count. Sum each "
                       "row with keepdims=True and take the log of the prior.",
                 "zh": "这是笔记 003 的代码：它返回 b 而不是 log b；对 numpy 数组，"
                       "np.array(cnt.sum(axis=1).ravel())[0] 只取了第 0 类的总数，所有类都除以第 0 类的词数。"
                       "用 keepdims=True 按行求和，并对先验概率取对数。"}),
        Mistake("prior_not_log", _fit_prior_not_log,
                {"en": "log_theta is right, but the prior is returned as a probability: "
                       "return its log, since it is added to the log-likelihoods.",
                 "zh": "log_theta 正确，但先验概率返回的是概率本身：要返回它的对数，因为它要和对数似然相加。"}),
        Mistake("alpha_ignored", _fit_no_smoothing,
                {"en": "Your log_theta is the unsmoothed estimate: add alpha to every count and "
                       "alpha * M to every class total.",
                 "zh": "你的 log_theta 没有平滑：每个计数加 alpha，每类总数加 alpha * M。"}),
    ],
    hints=[
        {"en": "Make the one-hot matrix Y (n x K); then Y.T @ X is the K x M class-word count "
               "table in one product.",
         "zh": "构造独热（one-hot）矩阵 Y（n x K）；Y.T @ X 一次乘法就得到 K x M 的类别-词计数表。"},
        {"en": "Normalise each row: np.log(N) - np.log(N.sum(axis=1, keepdims=True)).",
         "zh": "按行归一化：np.log(N) - np.log(N.sum(axis=1, keepdims=True))。"},
    ],
    solution={"en": "def fit(y, X, alpha):\n"
                    "    Y = np.eye(y.max() + 1)[y]            # one-hot, n x K\n"
                    "    N = Y.T @ X + alpha                   # K x M smoothed counts\n"
                    "    log_theta = np.log(N) - np.log(N.sum(axis=1, keepdims=True))\n"
                    "    log_pi = np.log(Y.sum(axis=0) / len(y))\n"
                    "    return log_pi, log_theta\n"
                    "# the library's version: nbteach.text.fit_vectorised",
              "zh": "def fit(y, X, alpha):\n"
                    "    Y = np.eye(y.max() + 1)[y]            # one-hot，n x K\n"
                    "    N = Y.T @ X + alpha                   # K x M 平滑后的计数\n"
                    "    log_theta = np.log(N) - np.log(N.sum(axis=1, keepdims=True))\n"
                    "    log_pi = np.log(Y.sum(axis=0) / len(y))\n"
                    "    return log_pi, log_theta\n"
                    "# 库中的版本：nbteach.text.fit_vectorised"},
)


# -- 06.char_pairs: a tokenizer for Chinese (§12) ------------------------------------------

_PAIR_ALPHABET = "质量不好很推荐差酒店书，。！ab"


def _text_inputs(rng):
    # Two fixed texts with punctuation inside and at the ends, so that a tokenizer which
    # drops punctuation is caught whatever the random texts hold (they may hold none).
    fixed = ["质量不好，很差。", "！推荐ab"]
    lengths = [0, 1, 2, rng.randint(3, 6), rng.randint(7, 12), rng.randint(7, 12)]
    texts = fixed + ["".join(rng.choice(_PAIR_ALPHABET) for _ in range(n)) for n in lengths]
    return [((text,), {}) for text in texts]


def _pairs():
    return char_bigrams


def _pairs_non_overlapping():
    return lambda text: [text[i:i + 2] for i in range(0, len(text), 2)]


def _pairs_one_too_many():
    return lambda text: [text[i:i + 2] for i in range(len(text))]


def _pairs_characters():
    return lambda text: list(text)


def _pairs_without_punctuation():
    def pairs(text):
        kept = "".join(c for c in text if c.isalnum())
        return [kept[i:i + 2] for i in range(len(kept) - 1)]
    return pairs


define(
    "06.char_pairs",
    prompt={"en": "Write a tokenizer pairs(text) for TextNB(tokenizer=pairs): it returns the list of "
                  "the text's overlapping pairs of adjacent characters, in order, punctuation "
                  "included ('质量不好' gives ['质量', '量不', '不好']). A text of one character has no pair.",
            "zh": "写一个分词器 pairs(text)，供 TextNB(tokenizer=pairs) 使用：按顺序返回文本中所有相邻两字"
                  "（字符二元组，彼此重叠）组成的列表，标点也算在内（'质量不好' 得到 ['质量', '量不', '不好']）。"
                  "只有一个字的文本没有二元组。"},
    answer=_pairs,
    kind="function",
    inputs=_text_inputs,
    mistakes=[
        Mistake("non_overlapping", _pairs_non_overlapping,
                {"en": "Your pairs do not overlap: after 质量 comes 量不, which starts one character "
                       "later, not two.",
                 "zh": "你的二元组没有重叠：质量 之后是 量不，它只往后移一个字，而不是两个字。"}),
        Mistake("one_too_many", _pairs_one_too_many,
                {"en": "Your last token is a single character: a pair needs two characters, so a "
                       "text has one pair fewer than it has characters.",
                 "zh": "你的最后一个词元只有一个字：二元组需要两个字，所以二元组比字数少一个。"}),
        Mistake("characters", _pairs_characters,
                {"en": "Those are single characters, the default pattern's tokens: the tokenizer "
                       "asked for pairs of adjacent characters.",
                 "zh": "这是单字，也就是默认模式的词元：题目要的是相邻两字。"}),
        Mistake("no_punctuation", _pairs_without_punctuation,
                {"en": "You dropped the punctuation: every character counts here, the Chinese comma and "
                       "full stop (，。) too (a pair such as '好，' is a token).",
                 "zh": "你丢掉了标点：这里每个字符都算，逗号和句号（，。）也不例外（'好，' 这样的二元组也是词元）。"}),
    ],
    hints=[
        {"en": "Count first: how many pairs does a text of n characters have, and at which "
               "position does each one start?",
         "zh": "先数一数：n 个字的文本有多少个二元组？每个二元组从哪个位置开始？"},
        {"en": "A string can be cut at any two positions at once; the pairs start at consecutive "
               "positions.",
         "zh": "字符串可以一次在两个位置切开；各个二元组的起点是相邻的位置。"},
    ],
    solution={"en": "def pairs(text):\n"
                    "    return [text[i:i + 2] for i in range(len(text) - 1)]\n"
                    "answer = pairs\n"
                    "# the library's version: nbteach.text.char_bigrams",
              "zh": "def pairs(text):\n"
                    "    return [text[i:i + 2] for i in range(len(text) - 1)]\n"
                    "answer = pairs\n"
                    "# 库中的版本：nbteach.text.char_bigrams"},
)


# -- 06.log_posterior_function: the multinomial log-posterior, normalised with log-sum-exp -----------
#: the library's code, out of the switch's reach (the reference is checked like a student's function)
_multinomial_jll = unswitched(MultinomialNB._joint_log_likelihood)
_log_sum_exp = unswitched(log_sum_exp)


def _log_posterior_of(kind=None):
    """log P(c | x) of multinomial NB for one document (word counts over the vocabulary), from log pi_c
    and log theta_{c,i}: MultinomialNB's joint log-likelihood normalised with log-sum-exp; or a usual
    mistake (normalised by exponentiating first, in two common ways; the prior forgotten; the joint
    not normalised; each word counted once, as note 004's set I does)."""
    def f(counts, log_prior, log_theta):
        x = np.asarray(counts, dtype=float)
        log_prior, log_theta = np.asarray(log_prior, dtype=float), np.asarray(log_theta, dtype=float)
        if kind == "set_of_words":
            x = (x > 0).astype(float)
        model = types.SimpleNamespace(feature_log_prob_=log_theta, class_log_prior_=log_prior)
        jll = _multinomial_jll(model, x[None, :])[0]
        if kind == "prior_forgotten":
            jll = jll - log_prior
        if kind == "not_normalised":
            return jll
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            if kind == "no_log_sum_exp":           # log P(x) = log(sum(exp(jll))): -inf once every exp is 0.0
                return jll - np.log(np.sum(np.exp(jll)))
            if kind == "no_log_sum_exp_ratio":     # the posteriors first, then their log: 0/0
                return np.log(np.exp(jll) / np.sum(np.exp(jll)))
        return jll - _log_sum_exp(jll)
    return f


def _log_posterior_inputs(rng):
    """One document's counts, log priors (K), log theta (K x V). First a short document that tells the
    prior, normalisation and repeated-word mistakes apart; then documents of 2,000 to 6,000 words, whose
    joint log-likelihoods are far below -745 (exp gives 0.0 in float64); an empty document (the posterior
    is the prior); three classes; classes tied on a long document."""
    def theta(K, V):
        w = np.array([[rng.randint(1, 30) for _ in range(V)] for _ in range(K)], dtype=float)
        return np.log(w / w.sum(axis=1, keepdims=True))

    def prior(K):
        w = [rng.randint(1, 9) for _ in range(K)]
        return np.log(np.array(w) / sum(w))

    def long_doc(V, n):
        x = np.zeros(V, dtype=int)
        for i in (rng.randrange(V) for _ in range(n)):
            x[i] += 1
        return x

    out = [((np.array([2, 0, 1]), np.log([0.25, 0.75]), np.log([[0.5, 0.3, 0.2], [0.1, 0.2, 0.7]])), {})]
    V = rng.randint(5, 12)
    out.append(((long_doc(V, rng.randint(2000, 6000)), prior(2), theta(2, V)), {}))
    V = rng.randint(3, 8)
    out.append(((np.zeros(V, dtype=int), prior(3), theta(3, V)), {}))
    V = rng.randint(5, 12)
    out.append(((long_doc(V, rng.randint(2000, 6000)), prior(3), theta(3, V)), {}))
    V = rng.randint(5, 12)
    t = theta(1, V)
    out.append(((long_doc(V, rng.randint(2000, 4000)), np.log([0.5, 0.5]), np.vstack([t, t])), {}))
    return out


define(
    "06.log_posterior_function",
    leak_check="a function: the check calls it on documents and parameters the lesson does not show",
    prompt={"en": "Write log_posterior(counts, log_prior, log_theta): counts is a numpy array of a document's "
                  "word counts over the V words of the vocabulary, log_prior the K log priors log P(c), log_theta "
                  "a K x V array of log P(w_i | c). Return the numpy array of the K log posteriors log P(c | x) of "
                  "multinomial naive Bayes. It must work for documents of thousands of words, whose probabilities "
                  "underflow in float64. Write it yourself: MultinomialNB, TextNB and nbteach's log_sum_exp are "
                  "switched off while your function is checked, and scipy's logsumexp is not the exercise either.",
            "zh": "编写 log_posterior(counts, log_prior, log_theta)：counts 是一篇文档在词汇表 V 个词上的词频"
                  "（numpy 数组），log_prior 是 K 个类的对数先验概率 log P(c)，log_theta 是 K x V 的数组 log P(w_i | c)。"
                  "返回多项式朴素贝叶斯的 K 个对数后验概率 log P(c | x)（numpy 数组）。对几千词的文档也必须可用，"
                  "这样的文档的概率在 float64 中会下溢。请自己实现：检查你的函数时 MultinomialNB、TextNB 和 nbteach 的 "
                  "log_sum_exp 会被关闭，scipy 中现成的 log-sum-exp 也不是本题要的做法。"},
    answer=_log_posterior_of,
    kind="function",
    inputs=_log_posterior_inputs,
    rtol=1e-9,
    atol=1e-9,
    forbidden=("nbteach.multinomial.MultinomialNB", "nbteach.text.TextNB", "nbteach._base.log_sum_exp"),
    shortcut=lambda counts, log_prior, log_theta: (lambda jll: jll - log_sum_exp(jll))(
        np.asarray(log_prior) + np.asarray(log_theta) @ np.asarray(counts)),
    mistakes=[
        Mistake("no_log_sum_exp", lambda: _log_posterior_of("no_log_sum_exp"),
                {"en": "On a long document your function returns inf or nan: sum(exp(score)) is 0.0 in float64 "
                       "(every score is far below -745), and log(0.0) = -inf. Subtract the largest score before "
                       "exponentiating and add it back after the log: log-sum-exp.",
                 "zh": "对长文档你的函数返回 inf 或 nan：每个得分都远小于 -745，sum(exp(得分)) 在 float64 中为 0.0，"
                       "而 log(0.0) = -inf。取指数之前先减去最大的得分，取对数之后再加回来：这就是 log-sum-exp。"}),
        Mistake("no_log_sum_exp_ratio", lambda: _log_posterior_of("no_log_sum_exp_ratio"),
                {"en": "On a long document your function returns nan: exp(score) is 0.0 for every class, so the "
                       "posteriors are 0/0 before their log is taken. Stay in logs: subtract log P(x), computed "
                       "with log-sum-exp (subtract the largest score first, add it back after the log).",
                 "zh": "对长文档你的函数返回 nan：每一类的 exp(得分) 都是 0.0，取对数之前后验概率已经是 0/0。"
                       "要一直在对数下计算：减去用 log-sum-exp 算出的 log P(x)（先减去最大的得分，取对数后再加回来）。"}),
        Mistake("prior_forgotten", lambda: _log_posterior_of("prior_forgotten"),
                {"en": "Your function ignores the prior: add log P(c) to each class's score.",
                 "zh": "你的函数忽略了先验概率：每类的得分都要加上 log P(c)。"}),
        Mistake("not_normalised", lambda: _log_posterior_of("not_normalised"),
                {"en": "Your function returns the joint log-likelihood log P(c) + sum_i t_i log P(w_i | c): "
                       "subtract log P(x) so that the posteriors sum to 1.",
                 "zh": "你的函数返回的是联合对数似然 log P(c) + sum_i t_i log P(w_i | c)：还要减去 log P(x)，"
                       "使后验概率之和为 1。"}),
        Mistake("set_of_words", lambda: _log_posterior_of("set_of_words"),
                {"en": "Your function counts each word once, as note 004's set I does. In the multinomial model "
                       "a word that occurs t_i times adds t_i log P(w_i | c).",
                 "zh": "你的函数每个词只算一次，就像笔记 004 的集合 I。多项式模型中出现 t_i 次的词贡献 t_i log P(w_i | c)。"}),
    ],
    hints=[
        {"en": "The score of class c is log P(c) + sum_i t_i log P(w_i | c): one matrix-vector product. "
               "Try exponentiating the scores of a 5,000-word document and look at what you get.",
         "zh": "c 类的得分是 log P(c) + sum_i t_i log P(w_i | c)：一次矩阵与向量的乘法。"
               "试着对一篇 5000 词文档的得分取指数，看看会得到什么。"},
        {"en": "log sum_c exp(s_c) = m + log sum_c exp(s_c - m) for any m; choose m so that the largest term "
               "is exp(0) = 1.",
         "zh": "对任意 m，log sum_c exp(s_c) = m + log sum_c exp(s_c - m)；选一个 m，使最大的一项是 exp(0) = 1。"},
    ],
    solution={"en": "def log_posterior(counts, log_prior, log_theta):\n"
                    "    score = log_prior + log_theta @ counts           # joint log-likelihood of each class\n"
                    "    top = score.max()\n"
                    "    log_evidence = top + np.log(np.exp(score - top).sum())   # log-sum-exp\n"
                    "    return score - log_evidence",
              "zh": "def log_posterior(counts, log_prior, log_theta):\n"
                    "    score = log_prior + log_theta @ counts           # 每类的联合对数似然\n"
                    "    top = score.max()\n"
                    "    log_evidence = top + np.log(np.exp(score - top).sum())   # log-sum-exp\n"
                    "    return score - log_evidence"},
)
