"""Exercises of lesson 12, EM with unlabelled data.

Ids: ``12.e_step``, ``12.m_step_count``.

Both work on five short documents (``WORDS``, ``X_EX``, ``Y_EX``: two labelled, three
unlabelled) that the lesson shows only in its Exercises section; its own worked iteration
uses other documents, so no earlier output shows these answers. They live in
:mod:`nbteach.datasets` (``EM_EXERCISE_WORDS``, ``EM_EXERCISE_X``, ``EM_EXERCISE_Y``).
"""
from __future__ import annotations

import numpy as np

from nbteach import MultinomialNB, SemiSupervisedNB
from ..datasets import EM_EXERCISE_WORDS, EM_EXERCISE_X, EM_EXERCISE_Y
from .core import Mistake, define

# The exercises' vocabulary, documents (word counts) and labels (-1: unlabelled): data the
# lesson shows, kept in nbteach.datasets.
WORDS, X_EX, Y_EX = EM_EXERCISE_WORDS, EM_EXERCISE_X, EM_EXERCISE_Y
DOC = 2          # the document whose class distribution 12.e_step asks for (third row)
WORD = "cheap"   # the word whose spam count 12.m_step_count asks for


def _X():
    return np.asarray(X_EX, dtype=float)


def _labelled():
    return np.array([y != -1 for y in Y_EX])


def _start(alpha=1.0):
    lab = _labelled()
    return MultinomialNB(alpha=alpha).fit(_X()[lab], np.array(Y_EX, dtype=object)[lab].astype(str))


def _spam_share(kind="right"):
    """P(spam | document DOC) at the first E-step, and its common wrong versions."""
    m = _start()
    x = _X()[[DOC]]
    k = list(m.classes_).index("spam")
    if kind == "right":
        return float(m.predict_proba(x)[0, k])
    if kind == "prior_only":
        return float(np.exp(m.class_log_prior_[k]))
    if kind == "unnormalised":
        return float(np.exp(m.predict_joint_log_proba(x)[0, k]))
    if kind == "no_powers":   # each word present counted once, whatever its count
        present = (x > 0).astype(float)
        log_score = m.class_log_prior_ + present @ m.feature_log_prob_.T
        return float(np.exp(log_score[0, k] - np.logaddexp.reduce(log_score[0])))
    if kind == "one_iteration":
        em = SemiSupervisedNB(alpha=1.0, max_iter=1, tol=0).fit(X_EX, Y_EX)
        return float(em.predict_proba(x)[0, list(em.classes_).index("spam")])
    raise ValueError(kind)


def _spam_count(kind="right"):
    """N_{spam, cheap} after the first M-step, and its common wrong versions."""
    em = SemiSupervisedNB(alpha=1.0, max_iter=1, tol=0).fit(X_EX, Y_EX)
    k, i = list(em.classes_).index("spam"), WORDS.index(WORD)
    if kind == "right":
        return float(em.feature_count_[k, i])
    if kind == "smoothed":
        return float(em.feature_count_[k, i] + 1.0)
    start = _start()
    if kind == "labelled_only":
        return float(start.feature_count_[k, i])
    if kind == "hard":        # every unlabelled document counted whole in its likelier class
        lab = _labelled()
        X = _X()
        hard = start.predict(X[~lab]) == "spam"
        return float(start.feature_count_[k, i] + X[~lab][hard, i].sum())
    raise ValueError(kind)


define(
    "12.e_step",
    prompt={"en": "The five documents X_EX over the words WORDS (nbteach.check.lesson12): the first is "
                  "spam, the second ham, the other three unlabelled (-1). EM starts from naive Bayes "
                  "(alpha = 1) on the two labelled documents. At the first E-step, what class "
                  "distribution does the third document get: what is gamma(spam), P(spam | x)? Compute it "
                  "by Bayes' rule from that model's pi and theta (section 2's E-step), not with "
                  "predict_proba. A float.",
            "zh": "nbteach.check.lesson12 中的五篇文档 X_EX（词表 WORDS）：第一篇是 spam，第二篇是 ham，"
                  "其余三篇未标记（-1）。EM 从两篇已标记文档上的朴素贝叶斯（alpha = 1）出发。"
                  "第一次 E 步时，第三篇文档得到的类别分布中 gamma(spam) = P(spam | x) 是多少？请用该模型的 pi 和 "
                  "theta 按贝叶斯定理计算（第 2 节的 E 步），不要用 predict_proba。给出浮点数。"},
    answer=lambda: _spam_share("right"),
    rtol=1e-9,
    mistakes=[
        Mistake("prior_only", lambda: _spam_share("prior_only"),
                {"en": "That is the prior pi_spam alone: the E-step also weighs how likely the document's "
                       "words are under each class.",
                 "zh": "这只是先验概率 pi_spam：E 步还要考虑文档中的词在每个类别下的似然。"}),
        Mistake("unnormalised", lambda: _spam_share("unnormalised"),
                {"en": "That is pi_spam P(x | spam) before normalising: divide by the sum over both "
                       "classes, so that the two shares add up to 1.",
                 "zh": "这是归一化之前的 pi_spam P(x | spam)：要除以两个类别之和，使两个份额相加为 1。"}),
        Mistake("no_powers", lambda: _spam_share("no_powers"),
                {"en": "Each word enters once here, whatever its count. In the multinomial model a word "
                       "that occurs twice contributes its theta twice: theta to the power of the count.",
                 "zh": "这里每个词只算了一次，不管它出现几次。多项式模型中出现两次的词要乘两次 theta："
                       "theta 的次数等于词频。"}),
        Mistake("one_iteration", lambda: _spam_share("one_iteration"),
                {"en": "That is the posterior after a whole iteration (E-step and M-step): the first "
                       "E-step uses the starting model, fitted on the labelled documents only.",
                 "zh": "这是完整一轮迭代（E 步加 M 步）之后的后验概率：第一次 E 步用的是起始模型，只在已标记文档上拟合。"}),
    ],
    hints=[
        {"en": "Which model does the first E-step use? Fit it on the labelled rows only.",
         "zh": "第一次 E 步用的是哪个模型？只在已标记的样本上拟合它。"},
        {"en": "gamma(spam) is a posterior: the prior times the likelihood of the document's words, "
               "for each class, then normalised over the two classes. The thetas are smoothed with alpha = 1.",
         "zh": "gamma(spam) 是后验概率：对每个类别，先验概率乘以文档中各词的似然，再在两个类别上归一化。"
               "theta 用 alpha = 1 平滑。"},
    ],
    solution={"en": "X = np.array(X_EX, dtype=float)\n"
                    "start = MultinomialNB(alpha=1).fit(X[:2], ['spam', 'ham'])\n"
                    "# log pi_c + sum_i x_i log theta_{c,i}, then normalised over the classes\n"
                    "log_score = start.class_log_prior_ + X[2] @ start.feature_log_prob_.T\n"
                    "gamma = np.exp(log_score - np.logaddexp.reduce(log_score))\n"
                    "answer = gamma[list(start.classes_).index('spam')]",
              "zh": "X = np.array(X_EX, dtype=float)\n"
                    "start = MultinomialNB(alpha=1).fit(X[:2], ['spam', 'ham'])\n"
                    "# log pi_c + sum_i x_i log theta_{c,i}，再在各类别上归一化\n"
                    "log_score = start.class_log_prior_ + X[2] @ start.feature_log_prob_.T\n"
                    "gamma = np.exp(log_score - np.logaddexp.reduce(log_score))\n"
                    "answer = gamma[list(start.classes_).index('spam')]"},
)


define(
    "12.m_step_count",
    prompt={"en": "Same documents. After the first M-step (one EM iteration, alpha = 1), what is "
                  "N_{spam, cheap}, the (fractional) count of the word 'cheap' in class spam, before "
                  "smoothing? Build it from the E-step's gammas, not from SemiSupervisedNB. A float.",
            "zh": "同样的文档。第一次 M 步之后（一轮 EM 迭代，alpha = 1），类别 spam 中词 'cheap' 的"
                  "（分数）计数 N_{spam, cheap}（平滑之前）是多少？请用 E 步的 gamma 构造它，不要用 SemiSupervisedNB。给出浮点数。"},
    answer=lambda: _spam_count("right"),
    rtol=1e-9,
    mistakes=[
        Mistake("labelled_only", lambda: _spam_count("labelled_only"),
                {"en": "That counts the labelled documents only: the M-step also counts every unlabelled "
                       "document, a fraction gamma(spam) of it in spam.",
                 "zh": "这只数了已标记文档：M 步还要数每篇未标记文档，把其中 gamma(spam) 的份额算在 spam 里。"}),
        Mistake("hard", lambda: _spam_count("hard"),
                {"en": "That counts each unlabelled document whole in its more likely class (hard "
                       "assignment): EM counts it fractionally, weighted by its class distribution.",
                 "zh": "这是把每篇未标记文档整篇算进更可能的类别（硬分配）：EM 按类别分布把它按比例分开计数。"}),
        Mistake("smoothed", lambda: _spam_count("smoothed"),
                {"en": "The question asks for the count before smoothing: leave alpha out.",
                 "zh": "题目问的是平滑之前的计数：不要加 alpha。"}),
    ],
    hints=[
        {"en": "Start from the count in the labelled spam document, then add what each unlabelled "
               "document contributes.",
         "zh": "从已标记的 spam 文档中的计数出发，再加上每篇未标记文档的贡献。"},
        {"en": "An unlabelled document contributes its count of the word, times its gamma(spam) from "
               "the first E-step (all three gammas come from the same starting model).",
         "zh": "一篇未标记文档的贡献是它的词频乘以第一次 E 步得到的 gamma(spam)（三个 gamma 都来自同一个起始模型）。"},
    ],
    solution={"en": "X = np.array(X_EX, dtype=float)\n"
                    "start = MultinomialNB(alpha=1).fit(X[:2], ['spam', 'ham'])\n"
                    "gamma = start.predict_proba(X[2:])[:, list(start.classes_).index('spam')]   # E-step\n"
                    "cheap = WORDS.index('cheap')\n"
                    "answer = X[0, cheap] + gamma @ X[2:, cheap]   # the spam document, then the fractions",
              "zh": "X = np.array(X_EX, dtype=float)\n"
                    "start = MultinomialNB(alpha=1).fit(X[:2], ['spam', 'ham'])\n"
                    "gamma = start.predict_proba(X[2:])[:, list(start.classes_).index('spam')]   # E 步\n"
                    "cheap = WORDS.index('cheap')\n"
                    "answer = X[0, cheap] + gamma @ X[2:, cheap]   # spam 文档的计数，再加上各份额"},
)
