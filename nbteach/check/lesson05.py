"""Exercises of lesson 05, Bernoulli naive Bayes.

Ids: ``05.mu_mle_value``, ``05.bernoulli_laplace_formula``, ``05.bernoulli_prediction``,
``05.bernoulli_log_posterior`` (a build-it: the Bernoulli log-posterior, absent words included,
with ``BernoulliNB`` switched off).
The documents are the lesson's (``TRAIN``, ``LABELS``); answers come from
:mod:`nbteach.derivations` and the estimators, mistakes from the library with the mistake
applied.
"""
from __future__ import annotations

import types
from fractions import Fraction

import numpy as np

import nbteach
from .._base import log_sum_exp
from ..text import build_vocabulary, count_matrix
from ._unswitched import unswitched
from .core import Mistake, define

TRAIN = ("free money free offer", "win money now", "free prize win money",
         "meeting schedule today", "project meeting notes today", "lunch today with the team",
         "team meeting about the project")
LABELS = ("spam",) * 3 + ("ham",) * 4
QUERY = "win win win today"  # the lesson's tables classify "free free free meeting": not this one


def _fitted(kind, alpha=1.0):
    vocab = build_vocabulary(list(TRAIN))
    X = count_matrix(list(TRAIN), vocab)
    model = getattr(nbteach, kind)(alpha=alpha).fit(X, list(LABELS))
    return model, vocab


def _mle(kind, word, cls="spam"):
    """The derived MLE for one word and class, at the counts the estimator made."""
    # heavy and optional: nbteach.derivations loads sympy, needed only by the symbolic exercises
    from nbteach.derivations import bernoulli_mle, multinomial_mle

    model, vocab = _fitted(kind)
    c, w = list(model.classes_).index(cls), vocab[word]
    counts = model.feature_count_[c]
    if kind == "BernoulliNB":
        d = bernoulli_mle(1, 1)
        mu, N = d.symbols["mu"], d.symbols["N"]
        value = d.result[mu[1, 1]].xreplace({N[1, 1]: int(counts[w]),
                                             N[1]: int(model.class_count_[c])})
    else:
        d = multinomial_mle(1, 2)  # word w against all the other words of the class
        theta, N = d.symbols["theta"], d.symbols["N"]
        value = d.result[theta[1, 1]].xreplace({N[1, 1]: int(counts[w]),
                                                N[2, 1]: int(counts.sum() - counts[w])})
    return Fraction(int(value.p), int(value.q))


def _laplace_bernoulli(word, cls="spam"):
    # heavy and optional: nbteach.derivations loads sympy, needed only by the symbolic exercises
    from nbteach.derivations import beta_smoothing

    model, vocab = _fitted("BernoulliNB")
    c, w = list(model.classes_).index(cls), vocab[word]
    d = beta_smoothing()
    mu, N, i, j = (d.symbols[k] for k in ("mu", "N", "i", "j"))
    value = d.result[mu[i, j]].xreplace({N[i, j]: int(model.feature_count_[c, w]),
                                         N[j]: int(model.class_count_[c])})
    value = value.subs(d.symbols["alpha"], 1)
    return Fraction(int(value.p), int(value.q))


define(
    "05.mu_mle_value",
    leak_check="a small fraction; the lesson prints its documents and the derivation, not the fitted mu of this word and class",
    prompt={"en": "With the lesson's 7 documents, what is the maximum-likelihood mu_{free|spam} of "
                  "Bernoulli naive Bayes (no smoothing)? A Fraction.",
            "zh": "用本课的 7 篇文档，伯努利朴素贝叶斯中 mu_{free|spam} 的极大似然估计（不做平滑）是多少？用 Fraction 表示。"},
    answer=lambda: _mle("BernoulliNB", "free"),
    exact=True,
    mistakes=[
        Mistake("multinomial_theta", lambda: _mle("MultinomialNB", "free"),
                {"en": "That is the multinomial theta: occurrences of 'free' over all words of spam. "
                       "Bernoulli counts documents: how many spam documents contain 'free', over "
                       "the number of spam documents.",
                 "zh": "这是多项式模型的 theta：'free' 出现次数除以垃圾邮件总词数。伯努利模型数的是文档："
                       "含 'free' 的垃圾邮件篇数除以垃圾邮件篇数。"}),
        Mistake("smoothed", lambda: _laplace_bernoulli("free"),
                {"en": "That is the +1/+2 smoothed estimate; the question asks for the MLE.",
                 "zh": "这是 +1/+2 平滑后的估计；题目问的是极大似然估计。"}),
    ],
    hints=[
        {"en": "mu_{i|j} = N_ij / N_j, with N_ij the number of class-j documents containing word i.",
         "zh": "mu_{i|j} = N_ij / N_j，N_ij 是含有词 i 的 j 类文档数。"},
        {"en": "A word repeated inside one document still counts once.",
         "zh": "同一文档中重复出现的词只算一次。"},
    ],
    solution={"en": "answer = Fraction(2, 3)   # 'free' occurs in 2 of the 3 spam documents",
              "zh": "answer = Fraction(2, 3)   # 3 封垃圾邮件中有 2 封含 'free'"},
)


def _names():
    import sympy as sp  # heavy and optional: only the symbolic path needs sympy

    return dict(zip(("N_ij", "N_j", "V"), sp.symbols("N_ij N_j V", positive=True)))


def _bernoulli_formula(alpha=1):
    # heavy and optional: nbteach.derivations loads sympy, needed only by the symbolic exercises
    from nbteach.derivations import beta_smoothing

    d = beta_smoothing()
    mu, N, i, j = (d.symbols[k] for k in ("mu", "N", "i", "j"))
    s = _names()
    expr = d.result[mu[i, j]]
    return expr.xreplace({N[i, j]: s["N_ij"], N[j]: s["N_j"]}).subs(d.symbols["alpha"], alpha)


def _multinomial_style(**subs):
    """The multinomial (Dirichlet) smoothing formula, read with Bernoulli names."""
    import sympy as sp  # heavy and optional: only the symbolic path needs sympy

    # heavy and optional: nbteach.derivations loads sympy, needed only by the symbolic exercises
    from nbteach.derivations import dirichlet_smoothing

    d = dirichlet_smoothing("V")
    s = _names()
    expr = d.result[d.symbols["theta"][d.symbols["i"]]].subs(d.symbols["alpha"], 1)
    total = next(iter(expr.atoms(sp.Sum)))
    expr = expr.xreplace({d.symbols["N"][d.symbols["i"]]: s["N_ij"], total: s["N_j"],
                          d.symbols["V"]: s["V"]})
    return expr.subs({s[k]: v for k, v in subs.items()})


define(
    "05.bernoulli_laplace_formula",
    prompt={"en": "Write the smoothed Bernoulli mu_{i|j} of note 000 (alpha = 1) with the names N_ij "
                  "(class-j documents containing word i) and N_j (class-j documents), e.g. "
                  "'(N_ij + 3)/(N_j + 4)'.",
            "zh": "用 N_ij（含词 i 的 j 类文档数）和 N_j（j 类文档数）写出笔记 000 中平滑后的伯努利 "
                  "mu_{i|j}（alpha = 1），例如 '(N_ij + 3)/(N_j + 4)'。"},
    answer=lambda: _bernoulli_formula(),
    symbols=lambda: _names(),
    mistakes=[
        Mistake("plus_V", _multinomial_style,
                {"en": "+V is the multinomial denominator (V words share one distribution). Each "
                       "Bernoulli mu is its own coin with two outcomes, present or absent.",
                 "zh": "+V 是多项式模型的分母（V 个词共享一个分布）。伯努利模型的每个 mu 都是一枚独立的硬币，"
                       "只有出现、不出现两种结果。"}),
        Mistake("unsmoothed", lambda: _bernoulli_formula(alpha=0),
                {"en": "That is the MLE without smoothing.", "zh": "这是未经平滑的极大似然估计。"}),
        Mistake("plus_one_below", lambda: _multinomial_style(V=1),
                {"en": "Both outcomes, present and absent, get a pseudo-count: the denominator grows "
                       "by 2, otherwise mu and 1 - mu do not sum to 1.",
                 "zh": "出现和不出现两种结果各加一个伪计数：分母加 2，否则 mu 与 1 - mu 之和不为 1。"}),
    ],
    hints=[
        {"en": "A Beta(1, 1) prior: one pseudo-document with the word, one without.",
         "zh": "Beta(1, 1) 先验：相当于添上一篇含该词的伪文档和一篇不含该词的伪文档。"},
    ],
    solution={"en": "answer = '(N_ij + 1)/(N_j + 2)'", "zh": "answer = '(N_ij + 1)/(N_j + 2)'"},
)


def _predict(kind):
    model, vocab = _fitted(kind)
    return str(model.predict(count_matrix([QUERY], vocab))[0])


define(
    "05.bernoulli_prediction",
    leak_check="a class label; the exercise's message is not classified in the lesson",
    prompt={"en": f"Trained on the lesson's documents with alpha = 1, which class does BernoulliNB "
                  f"predict for {QUERY!r}: 'spam' or 'ham'?",
            "zh": f"用本课文档训练（alpha = 1），BernoulliNB 对 {QUERY!r} 预测哪一类：'spam' 还是 'ham'？"},
    answer=lambda: _predict("BernoulliNB"),
    mistakes=[
        Mistake("multinomial", lambda: _predict("MultinomialNB"),
                {"en": "That is MultinomialNB's answer, where 'win' counts three times. In the "
                       "Bernoulli model it counts once, and the absent words count too: 'money' "
                       "is in every spam document and absent here.",
                 "zh": "这是 MultinomialNB 的答案，其中 'win' 算三次。伯努利模型中它只算一次，而且没有出现的词"
                       "也算数：'money' 出现在每封垃圾邮件中，而这里没有。"}),
    ],
    hints=[
        {"en": "Binarise the document first: which words are present?",
         "zh": "先把文档二值化：哪些词出现了？"},
    ],
    solution={"en": "answer = BernoulliNB(alpha=1).fit(X, y).predict(count_matrix([doc], vocab))[0]",
              "zh": "answer = BernoulliNB(alpha=1).fit(X, y).predict(count_matrix([doc], vocab))[0]"},
)


# ---------------------------------------------------------------- build-it: the Bernoulli log-posterior
#: the library's code, out of the switch's reach (the reference is checked like a student's function)
_bernoulli_jll = unswitched(nbteach.BernoulliNB._joint_log_likelihood)
_normalise = unswitched(log_sum_exp)

def _log_posterior_of(kind=None):
    """log P(c | x) of Bernoulli NB from log pi_c and mu_{c,i}, as the module docstring of
    :mod:`nbteach.bernoulli` writes it (its ``_joint_log_likelihood``, normalised with log-sum-exp), or a
    usual mistake: the absent words left out, the counts not made 0/1, the prior forgotten, the joint
    not normalised."""

    def f(x, log_prior, mu):
        x, log_prior, mu = np.asarray(x, dtype=float), np.asarray(log_prior, dtype=float), np.asarray(mu, dtype=float)
        present = x if kind == "counts_not_binarised" else (x > 0).astype(float)
        model = types.SimpleNamespace(feature_log_prob_=np.log(mu), class_log_prior_=log_prior)
        if kind is None:      # the library's joint log-likelihood, BernoulliNB's own code
            jll = _bernoulli_jll(model, present[None, :])[0]
        else:
            jll = present @ np.log(mu).T
            if kind != "absent_ignored":
                jll = jll + (1 - present) @ np.log1p(-mu).T
            if kind != "prior_forgotten":
                jll = jll + log_prior
        if kind == "not_normalised":
            return jll
        return jll - _normalise(jll)
    return f


def _log_posterior_inputs(rng):
    """Word counts x over V words, log priors, mu (K x V). The first case tells every mistake apart
    (a word repeated, absent words with mu near 1 in one class); then an empty document (only
    absent words: the posterior still moves), a word every class's mu makes near-certain, three
    classes, a long vocabulary, a class of prior near 1."""
    def mu(K, V):
        return np.array([[rng.randint(1, 19) / 20 for _ in range(V)] for _ in range(K)])

    def prior(K):
        w = [rng.randint(1, 9) for _ in range(K)]
        return np.log(np.array(w) / sum(w))

    out = [((np.array([3, 0, 1, 0]), np.log([0.4, 0.6]),
             np.array([[0.5, 0.9, 0.3, 0.8], [0.2, 0.1, 0.4, 0.3]])), {})]
    V = rng.randint(3, 6)
    out.append(((np.zeros(V, dtype=int), prior(2), mu(2, V)), {}))
    V = rng.randint(3, 6)
    m = mu(3, V)
    m[:, 0] = 0.99
    out.append(((np.array([0] + [rng.randint(0, 3) for _ in range(V - 1)]), prior(3), m), {}))
    V = rng.randint(40, 60)
    out.append(((np.array([rng.choice([0, 0, 1, 2]) for _ in range(V)]), prior(2), mu(2, V)), {}))
    V = rng.randint(2, 5)
    out.append(((np.array([rng.randint(0, 2) for _ in range(V)]), np.log([0.001, 0.999]), mu(2, V)), {}))
    return out


def _bernoulli_shortcut(x, log_prior, mu):
    """The one-line answer through BernoulliNB: its fitted attributes set to the given mu and prior."""
    nb = nbteach.BernoulliNB().fit(np.eye(2, len(x)), [0, 1])
    nb.classes_, nb.feature_log_prob_ = np.arange(len(log_prior)), np.log(np.asarray(mu, dtype=float))
    nb.class_log_prior_ = np.asarray(log_prior, dtype=float)
    return nb.predict_log_proba(np.asarray(x)[None, :])[0]


define(
    "05.bernoulli_log_posterior",
    leak_check="a function: the check calls it on word counts and parameters the lesson does not show",
    prompt={"en": "Write log_posterior(x, log_prior, mu): x is a numpy array of a document's word counts over "
                  "the V words of the vocabulary, log_prior the K log priors log pi_c, mu a K x V array of "
                  "mu_{c,i} (the probability that a class-c document contains word i). Return the numpy array "
                  "of the K log posteriors log P(c | x) of Bernoulli naive Bayes. Write it yourself: BernoulliNB "
                  "is switched off while your function is checked.",
            "zh": "编写 log_posterior(x, log_prior, mu)：x 是一篇文档在词汇表 V 个词上的词频（numpy 数组），"
                  "log_prior 是 K 个类的对数先验概率 log pi_c，mu 是 K x V 的数组 mu_{c,i}（c 类文档包含词 i 的概率）。"
                  "返回伯努利朴素贝叶斯的 K 个对数后验概率 log P(c | x)（numpy 数组）。请自己实现：检查你的函数时 "
                  "BernoulliNB 会被关闭。"},
    answer=_log_posterior_of,
    kind="function",
    inputs=_log_posterior_inputs,
    rtol=1e-9,
    atol=1e-9,
    forbidden=("nbteach.bernoulli.BernoulliNB",),
    shortcut=_bernoulli_shortcut,
    mistakes=[
        Mistake("absent_ignored", lambda: _log_posterior_of("absent_ignored"),
                {"en": "Your function leaves out the words the document does not contain. In the Bernoulli "
                       "model every word of the vocabulary is a coin: an absent word contributes log(1 - mu_{c,i}).",
                 "zh": "你的函数漏掉了文档中没有出现的词。伯努利模型里词汇表中的每个词都是一枚硬币："
                       "没有出现的词贡献 log(1 - mu_{c,i})。"}),
        Mistake("counts_not_binarised", lambda: _log_posterior_of("counts_not_binarised"),
                {"en": "Your function uses the word counts as they are. The Bernoulli model asks only whether a "
                       "word is present: a word that occurs three times counts once (x_i = 1).",
                 "zh": "你的函数直接用了词频。伯努利模型只问一个词是否出现：出现三次的词也只算一次（x_i = 1）。"}),
        Mistake("prior_forgotten", lambda: _log_posterior_of("prior_forgotten"),
                {"en": "Your function ignores the prior: add log pi_c before normalising.",
                 "zh": "你的函数忽略了先验概率：归一化之前要加上 log pi_c。"}),
        Mistake("not_normalised", lambda: _log_posterior_of("not_normalised"),
                {"en": "Your function returns the joint log-likelihood log pi_c + log P(x | c). Subtract "
                       "log P(x), the log of the sum over the classes of exp(joint), so that the posteriors "
                       "sum to 1.",
                 "zh": "你的函数返回的是联合对数似然 log pi_c + log P(x | c)。还要减去 log P(x)，"
                       "即各类 exp(联合对数似然) 之和的对数，使后验概率之和为 1。"}),
    ],
    hints=[
        {"en": "Turn x into present/absent first. Each class's score adds log pi_c, log mu_{c,i} for every "
               "present word and log(1 - mu_{c,i}) for every absent one.",
         "zh": "先把 x 变成出现/不出现。每类的得分是 log pi_c，加上每个出现的词的 log mu_{c,i}，"
               "再加上每个没有出现的词的 log(1 - mu_{c,i})。"},
        {"en": "To normalise in logs: subtract the largest score, exponentiate, sum, take the log and add the "
               "largest score back; that is log P(x).",
         "zh": "在对数下归一化：先减去最大的得分，取指数、求和、取对数，再把最大的得分加回去，就是 log P(x)。"},
    ],
    solution={"en": "def log_posterior(x, log_prior, mu):\n"
                    "    b = (np.asarray(x) > 0).astype(float)            # present (1) or absent (0)\n"
                    "    score = log_prior + np.log(mu) @ b + np.log(1 - mu) @ (1 - b)\n"
                    "    top = score.max()\n"
                    "    return score - (top + np.log(np.exp(score - top).sum()))",
              "zh": "def log_posterior(x, log_prior, mu):\n"
                    "    b = (np.asarray(x) > 0).astype(float)            # 出现为 1，不出现为 0\n"
                    "    score = log_prior + np.log(mu) @ b + np.log(1 - mu) @ (1 - b)\n"
                    "    top = score.max()\n"
                    "    return score - (top + np.log(np.exp(score - top).sum()))"},
)
