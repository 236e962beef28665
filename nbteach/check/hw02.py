"""Homework 2 (lessons 04-05): multinomial and Bernoulli naive Bayes, their MLE and smoothing,
and why we add logs.

Ids: ``hw02.theta_spam``, ``hw02.mu_spam``, ``hw02.log_likelihood``, ``hw02.theta_function``.
The notebook is ``notebooks/homework/hw02_multinomial_and_bernoulli.ipynb``.

Data: four messages over the vocabulary (cheap, price, meeting), as word counts::

    X = [[2, 1, 0], [1, 1, 0], [0, 0, 2], [0, 1, 1]],  y = [spam, spam, ham, ham]
"""
from __future__ import annotations

from .core import Mistake, define
from .lesson04 import underflow_mistakes

X = [[2, 1, 0], [1, 1, 0], [0, 0, 2], [0, 1, 1]]
Y = ["spam", "spam", "ham", "ham"]
VOCABULARY = ["cheap", "price", "meeting"]


def _row(model, cls="spam"):
    import numpy as np

    k = list(model.classes_).index(cls)
    return np.exp(model.feature_log_prob_[k])


def _multinomial(alpha=1.0, data=None):
    from nbteach.multinomial import MultinomialNB

    return MultinomialNB(alpha=alpha).fit(X if data is None else data, Y)


def _bernoulli(alpha=1.0):
    from nbteach.bernoulli import BernoulliNB

    return BernoulliNB(alpha=alpha).fit(X, Y)


def _counts(model, cls="spam"):
    k = list(model.classes_).index(cls)
    return model.feature_count_[k], model.class_count_[k]


_NO_SMOOTHING = {
    "en": "That is the unsmoothed MLE (alpha = 0): a word never seen in spam gets probability 0. "
          "Add alpha = 1 to every count.",
    "zh": "这是未平滑的最大似然估计（alpha = 0）：spam 中没出现过的词概率为 0。给每个计数加 alpha = 1。",
}

define(
    "hw02.theta_spam",
    prompt={"en": "Multinomial NB with Laplace smoothing (alpha = 1): the word probabilities "
                  "theta_{i|spam} for (cheap, price, meeting), as a numpy array.",
            "zh": "多项式朴素贝叶斯，拉普拉斯平滑（alpha = 1）：spam 类的词概率 theta_{i|spam}"
                  "（cheap, price, meeting），以 numpy 数组给出。"},
    answer=lambda: _row(_multinomial(1.0)),
    rtol=1e-6,
    mistakes=[
        Mistake("no_smoothing", lambda: _row(_multinomial(0.0)), _NO_SMOOTHING),
        Mistake("alpha_not_times_V",
                lambda: (_counts(_multinomial(0.0))[0] + 1) / (_counts(_multinomial(0.0))[0].sum() + 1),
                {"en": "Your denominator grew by 1, but every one of the V = 3 words got a "
                       "pseudo-count: add V*alpha to the total.",
                 "zh": "你的分母只加了 1，但 V = 3 个词每个都加了伪计数：分母要加 V*alpha。"}),
        Mistake("documents_not_words",
                lambda: (_counts(_multinomial(0.0))[0] + 1) / (_counts(_multinomial(0.0))[1] + 3),
                {"en": "You divided by the number of spam documents; theta divides by the number "
                       "of word occurrences in spam (sum over the vocabulary of N_{i,spam}).",
                 "zh": "你除以的是 spam 文档数；theta 应除以 spam 中词出现的总次数（对词表求和 N_{i,spam}）。"}),
    ],
    hints=[
        {"en": "theta_{i|c} = (N_{c,i} + alpha) / (sum_i' N_{c,i'} + V alpha).",
         "zh": "theta_{i|c} = (N_{c,i} + alpha) / (sum_i' N_{c,i'} + V alpha)。"},
        {"en": "Spam's word counts are (3, 2, 0); V = 3.", "zh": "spam 的词计数是 (3, 2, 0)；V = 3。"},
    ],
    solution={"en": "nb = MultinomialNB(alpha=1).fit(X, y)\n"
                    "answer = np.exp(nb.feature_log_prob_[list(nb.classes_).index('spam')])",
              "zh": "nb = MultinomialNB(alpha=1).fit(X, y)\n"
                    "answer = np.exp(nb.feature_log_prob_[list(nb.classes_).index('spam')])"},
)


def _binary():
    import numpy as np

    return (np.asarray(X) > 0).astype(int).tolist()


define(
    "hw02.mu_spam",
    prompt={"en": "Bernoulli NB with the notes' +1/+2 smoothing: mu_{i|spam}, the probability that "
                  "a spam message contains each word (cheap, price, meeting), as a numpy array.",
            "zh": "伯努利朴素贝叶斯，按笔记的 +1/+2 平滑：mu_{i|spam}，即 spam 邮件包含每个词"
                  "（cheap, price, meeting）的概率，以 numpy 数组给出。"},
    answer=lambda: _row(_bernoulli(1.0)),
    rtol=1e-6,
    mistakes=[
        Mistake("no_smoothing", lambda: _row(_bernoulli(0.0)), _NO_SMOOTHING),
        Mistake("plus_V_not_2",
                lambda: (_counts(_bernoulli(0.0))[0] + 1) / (_counts(_bernoulli(0.0))[1] + 3),
                {"en": "You added V = 3 to the denominator, as for the multinomial model. Each "
                       "mu is its own coin with two outcomes (present, absent): add 2.",
                 "zh": "你在分母上加了 V = 3（多项式模型的做法）。每个 mu 是一枚只有两种结果（出现/不出现）的硬币：加 2。"}),
        Mistake("plus_one_not_2",
                lambda: (_counts(_bernoulli(0.0))[0] + 1) / (_counts(_bernoulli(0.0))[1] + 1),
                {"en": "You added 1 to the denominator as well as to the numerator. The "
                       "Bernoulli denominator adds 2, one per outcome (present, absent).",
                 "zh": "你在分母上也只加了 1。伯努利模型的分母加 2，每种结果（出现、不出现）各一个。"}),
        Mistake("multinomial_theta", lambda: _row(_multinomial(1.0, _binary())),
                {"en": "That is a multinomial theta on 0/1 data: its denominator counts words. "
                       "mu divides by the number of spam documents (+2).",
                 "zh": "这是在 0/1 数据上的多项式 theta：分母数的是词。mu 应除以 spam 文档数（再加 2）。"}),
    ],
    hints=[
        {"en": "Count the spam documents that contain each word: (2, 2, 0) out of 2.",
         "zh": "数一数包含每个词的 spam 文档：(2, 2, 0)，共 2 篇。"},
        {"en": "mu_{i|c} = (N_{c,i} + 1) / (N_c + 2).", "zh": "mu_{i|c} = (N_{c,i} + 1) / (N_c + 2)。"},
    ],
    solution={"en": "nb = BernoulliNB(alpha=1).fit(X, y)\n"
                    "answer = np.exp(nb.feature_log_prob_[list(nb.classes_).index('spam')])",
              "zh": "nb = BernoulliNB(alpha=1).fit(X, y)\n"
                    "answer = np.exp(nb.feature_log_prob_[list(nb.classes_).index('spam')])"},
)


def _demo():
    from nbteach.derivations import underflow_demo

    return underflow_demo(doc_length=400, seed=1)


define(
    "hw02.log_likelihood",
    prompt={"en": "p = underflow_demo(doc_length=400, seed=1).probabilities holds the theta of "
                  "each of the 400 words of a message. What is its log-likelihood, the natural "
                  "log of the product of all 400?",
            "zh": "p = underflow_demo(doc_length=400, seed=1).probabilities 是一封 400 词邮件中每个词的 theta。"
                  "它的对数似然（400 个概率之积的自然对数）是多少？"},
    answer=lambda: float(_demo().log_likelihood),
    rtol=1e-9,
    mistakes=underflow_mistakes(_demo),
    hints=[
        {"en": "Try np.prod(p) first and look at what you get.",
         "zh": "先试试 np.prod(p)，看看得到什么。"},
        {"en": "log(a * b) = log a + log b.", "zh": "log(a * b) = log a + log b。"},
    ],
    solution={"en": "p = underflow_demo(doc_length=400, seed=1).probabilities\nanswer = np.log(p).sum()",
              "zh": "p = underflow_demo(doc_length=400, seed=1).probabilities\nanswer = np.log(p).sum()"},
)


def _theta_inputs(rng):
    import numpy as np

    out = [((np.array([3, 2, 0]),), {})]
    for _ in range(5):
        v = rng.randint(2, 8)
        out.append(((np.array([rng.randint(0, 9) for _ in range(v)]),), {}))
    return out


def _theta_fn(kind):
    def make():
        import numpy as np

        from nbteach.smoothing import lidstone, mle

        def estimate(counts, per):
            counts = [int(c) for c in counts]
            total = sum(counts)
            return np.array([float(per(c, total, len(counts))) for c in counts])

        if kind == "laplace":
            return lambda counts: estimate(counts, lambda c, t, V: lidstone(c, t, V, 1))
        if kind == "alpha_not_times_V":
            return lambda counts: estimate(counts, lambda c, t, V: lidstone(c, t, 1, 1))
        if kind == "plus_two":
            return lambda counts: estimate(counts, lambda c, t, V: lidstone(c, t, 2, 1))
        if kind == "no_smoothing":
            return lambda counts: estimate(counts, lambda c, t, V: mle(c, t) if t else 0)
        raise ValueError(kind)
    return make


define(
    "hw02.theta_function",
    prompt={"en": "Write theta_laplace(counts): counts is a numpy array of word counts N_{c,i} of "
                  "one class over the vocabulary; return the Laplace-smoothed theta_{i|c} as an "
                  "array. Do not modify counts.",
            "zh": "编写 theta_laplace(counts)：counts 是某一类在词表上的词计数 N_{c,i}（numpy 数组）；"
                  "返回拉普拉斯平滑后的 theta_{i|c} 数组。不要修改 counts。"},
    answer=_theta_fn("laplace"),
    kind="function",
    inputs=_theta_inputs,
    rtol=1e-9,
    mistakes=[
        Mistake("alpha_not_times_V", _theta_fn("alpha_not_times_V"),
                {"en": "Your denominator adds 1; it must add V * alpha = len(counts).",
                 "zh": "你的分母加了 1；应当加 V * alpha = len(counts)。"}),
        Mistake("plus_two", _theta_fn("plus_two"),
                {"en": "+2 is the Bernoulli rule (two outcomes per word). A multinomial theta "
                       "shares one distribution over V words: add V.",
                 "zh": "+2 是伯努利模型的规则（每个词两种结果）。多项式的 theta 是 V 个词上的一个分布：加 V。"}),
        Mistake("no_smoothing", _theta_fn("no_smoothing"),
                {"en": "Your function returns counts / total, without the +1.",
                 "zh": "你的函数返回 counts / total，没有加 1。"}),
    ],
    hints=[{"en": "(counts + 1) / (counts.sum() + len(counts)), without touching counts in place.",
            "zh": "(counts + 1) / (counts.sum() + len(counts))，不要原地修改 counts。"}],
    solution={"en": "def theta_laplace(counts):\n    return (counts + 1) / (counts.sum() + len(counts))",
              "zh": "def theta_laplace(counts):\n    return (counts + 1) / (counts.sum() + len(counts))"},
)
