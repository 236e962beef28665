"""Exercises of lesson 12, EM with unlabelled data.

Ids: ``12.e_step``, ``12.m_step_count``, ``12.e_step_function``, ``12.m_step_function``.

Both work on five short documents (``WORDS``, ``X_EX``, ``Y_EX``: two labelled, three
unlabelled) that the lesson shows only in its Exercises section; its own worked iteration
uses other documents, so no earlier output shows these answers. They live in
:mod:`nbteach.datasets` (``EM_EXERCISE_WORDS``, ``EM_EXERCISE_X``, ``EM_EXERCISE_Y``).
The last two are build-its: the student writes the E-step (the class distributions, in log space:
documents long enough to underflow are among the cases) and the M-step (fractional counts, then
smoothing), with ``MultinomialNB``, ``SemiSupervisedNB`` and the counting engine's
``class_feature_counts`` switched off while the function is checked.
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


# ---------------------------------------------------------------- build-its: the E-step and the M-step
# The references are the library's own arithmetic, as SemiSupervisedNB does it (em_steps, _m_step):
# masked_dot and log_sum_exp for the E-step, class_feature_counts (its unswitched copy) and
# MultinomialNB's smoothing for the M-step.
from .._base import log_sum_exp  # noqa: E402
from .._numeric import masked_dot  # noqa: E402
from ..counts import class_feature_counts  # noqa: E402
from ._unswitched import unswitched  # noqa: E402

_counts_itself = unswitched(class_feature_counts)
_EM_NAMES = ("nbteach.multinomial.MultinomialNB", "nbteach.em.SemiSupervisedNB")


def _jll(log_pi, log_theta, X):
    return masked_dot(np.asarray(X, dtype=float), np.asarray(log_theta, dtype=float)) + np.asarray(log_pi, dtype=float)


def _gamma(log_pi, log_theta, X, kind="right"):
    """The E-step's gamma (one row a document), or one of its usual wrong versions."""
    X = np.asarray(X, dtype=float)
    if kind == "no_powers":
        X = (X > 0).astype(float)
    if kind == "prior_forgotten":
        log_pi = np.zeros(len(log_pi))
    jll = _jll(log_pi, log_theta, X)
    if kind == "normalised_over_documents":
        return np.exp(jll - log_sum_exp(jll.T, axis=1)[None, :])
    if kind in ("no_log_sum_exp", "not_normalised"):
        with np.errstate(all="ignore"):
            joint = np.exp(jll)
            return joint if kind == "not_normalised" else joint / joint.sum(axis=1, keepdims=True)
    return np.exp(jll - log_sum_exp(jll, axis=1)[:, None])


def _e_step_reference():
    return lambda log_pi, log_theta, X: _gamma(log_pi, log_theta, X)


def _e_wrong(kind):
    return lambda: (lambda log_pi, log_theta, X: _gamma(log_pi, log_theta, X, kind))


def _e_shortcut(log_pi, log_theta, X):
    m = MultinomialNB()
    m.classes_, m.class_log_prior_, m.feature_log_prob_ = np.arange(len(log_pi)), log_pi, log_theta
    m.n_features_in_ = np.shape(log_theta)[1]
    return m.predict_proba(X)


def _log_model(rng, K, V):
    pi = np.array([rng.randint(1, 9) for _ in range(K)], dtype=float)
    theta = np.array([[rng.randint(1, 9) for _ in range(V)] for _ in range(K)], dtype=float)
    return np.log(pi / pi.sum()), np.log(theta / theta.sum(axis=1, keepdims=True))


def _e_inputs(rng):
    """Hidden cases: a few short documents over two classes with unequal priors (tells the mistakes
    apart); two documents of 1000+ words, whose products underflow to 0 without logs, beside a short
    one; three classes with an empty document (its gamma is the prior); a single document."""
    out = []
    log_pi, log_theta = _log_model(rng, 2, 4)
    log_pi = np.log(np.array([0.2, 0.8]))
    X = np.array([[3, 0, 1, 0], [0, 2, 0, 1], [1, 1, 1, 1]], dtype=float)
    out.append(((log_pi, log_theta, X), {}))
    log_pi, log_theta = _log_model(rng, 2, 5)
    long = [[rng.randint(200, 500) for _ in range(5)] for _ in range(2)] + [[rng.randint(0, 3) for _ in range(5)]]
    out.append(((log_pi, log_theta, np.array(long, dtype=float)), {}))
    log_pi, log_theta = _log_model(rng, 3, 4)
    out.append(((log_pi, log_theta, np.array([[0, 0, 0, 0], [rng.randint(0, 4), 2, 0, rng.randint(1, 5)]], dtype=float)), {}))
    log_pi, log_theta = _log_model(rng, 2, 3)
    out.append(((log_pi, log_theta, np.array([[rng.randint(0, 6) for _ in range(3)]], dtype=float)), {}))
    return out


define(
    "12.e_step_function",
    prompt={"en": "Write e_step(log_pi, log_theta, X), the E-step: log_pi is the array of log pi_c (K classes), "
                  "log_theta the K x M array of log theta_{c,i}, X the n x M array of word counts x_{d,i}. Return the "
                  "n x K array gamma, gamma[d, c] = P(c | x_d), each row summing to 1. Some documents are long: "
                  "compute in logs. Write it yourself: MultinomialNB and SemiSupervisedNB are switched off while "
                  "your function is checked.",
            "zh": "编写 e_step(log_pi, log_theta, X)，即 E 步：log_pi 是 log pi_c 的数组（K 个类别），log_theta 是 "
                  "log theta_{c,i} 的 K x M 数组，X 是词频 x_{d,i} 的 n x M 数组。返回 n x K 数组 gamma，"
                  "gamma[d, c] = P(c | x_d)，每行之和为 1。有些文档很长：要在对数空间里计算。请自己实现：检查你的函数时，"
                  "MultinomialNB 和 SemiSupervisedNB 会被关闭。"},
    answer=_e_step_reference,
    kind="function",
    inputs=_e_inputs,
    rtol=1e-7,
    atol=1e-12,
    forbidden=_EM_NAMES,
    shortcut=_e_shortcut,
    mistakes=[
        Mistake("no_log_sum_exp", _e_wrong("no_log_sum_exp"),
                {"en": "Your function takes exp of the log scores before normalising: for a long document every "
                       "product underflows to 0 and 0/0 gives nan. Subtract each row's largest log score (or its "
                       "log-sum-exp) before exp.",
                 "zh": "你的函数在归一化之前就对对数得分取了 exp：长文档的每个乘积都下溢为 0，0/0 得到 nan。"
                       "取 exp 之前先减去每一行最大的对数得分（或它的 log-sum-exp）。"}),
        Mistake("prior_forgotten", _e_wrong("prior_forgotten"),
                {"en": "Your gammas ignore the prior: they are what equal pi_c would give. Add log pi_c to each "
                       "class's log score.",
                 "zh": "你的 gamma 忽略了先验概率：相当于各 pi_c 相等。要在每个类别的对数得分上加 log pi_c。"}),
        Mistake("not_normalised", _e_wrong("not_normalised"),
                {"en": "Your rows are pi_c P(x_d | c), the joints: they do not sum to 1. Divide each by its row's sum.",
                 "zh": "你的每一行是联合概率 pi_c P(x_d | c)，它们之和不为 1。要除以所在行之和。"}),
        Mistake("normalised_over_documents", _e_wrong("normalised_over_documents"),
                {"en": "Your columns sum to 1: you normalised each class over the documents. gamma is a distribution "
                       "over the classes for each document: each row sums to 1.",
                 "zh": "你的每一列之和为 1：你是在文档上对每个类别归一化。gamma 是每篇文档在各类别上的分布：每一行之和为 1。"}),
        Mistake("no_powers", _e_wrong("no_powers"),
                {"en": "Each word enters once here, whatever its count: in the multinomial model theta_{c,i} is "
                       "raised to the count x_{d,i} (in logs, multiplied by it).",
                 "zh": "这里每个词只算了一次，不管它出现几次：多项式模型中 theta_{c,i} 要取 x_{d,i} 次幂（对数中即乘以词频）。"}),
    ],
    hints=[
        {"en": "The log score of class c for document d is log pi_c + sum_i x_{d,i} log theta_{c,i}: one matrix "
               "product for all documents and classes at once.",
         "zh": "文档 d 在类别 c 上的对数得分是 log pi_c + sum_i x_{d,i} log theta_{c,i}：一次矩阵乘法就能算出所有文档和类别的得分。"},
        {"en": "Before exp, subtract from each row its largest log score: the ratios do not change, and the "
               "largest entry becomes exp(0) = 1.",
         "zh": "取 exp 之前，从每一行减去该行最大的对数得分：比值不变，最大的一项变成 exp(0) = 1。"},
    ],
    solution={"en": "def e_step(log_pi, log_theta, X):\n"
                    "    scores = X @ log_theta.T + log_pi                   # log pi_c + sum_i x_di log theta_ci\n"
                    "    scores = scores - scores.max(axis=1, keepdims=True)  # log-sum-exp: no underflow\n"
                    "    joint = np.exp(scores)\n"
                    "    return joint / joint.sum(axis=1, keepdims=True)",
              "zh": "def e_step(log_pi, log_theta, X):\n"
                    "    scores = X @ log_theta.T + log_pi                   # log pi_c + sum_i x_di log theta_ci\n"
                    "    scores = scores - scores.max(axis=1, keepdims=True)  # log-sum-exp：不会下溢\n"
                    "    joint = np.exp(scores)\n"
                    "    return joint / joint.sum(axis=1, keepdims=True)"},
)


def _params(X, gamma, alpha, kind="right"):
    """The M-step's (pi, theta) from X and gamma, or one of its usual wrong versions."""
    X, gamma = np.asarray(X, dtype=float), np.asarray(gamma, dtype=float)
    if kind == "hard_assignment":
        gamma = (gamma == gamma.max(axis=1, keepdims=True)).astype(float)
    n_c, N = _counts_itself(gamma, gamma.shape[1], X)
    M = X.shape[1]
    below = alpha if kind == "alpha_not_times_M" else alpha * M
    theta = (N + alpha) / (N.sum(axis=1, keepdims=True) + below)
    if kind == "no_smoothing":
        with np.errstate(all="ignore"):
            theta = N / N.sum(axis=1, keepdims=True)
    pi = n_c / len(X)
    if kind == "prior_smoothed":
        pi = (n_c + 1) / (len(X) + gamma.shape[1])
    if kind == "prior_from_words":
        pi = N.sum(axis=1) / N.sum()
    return pi, theta


def _m_step_reference():
    return lambda X, gamma, alpha: _params(X, gamma, alpha)


def _m_wrong(kind):
    return lambda: (lambda X, gamma, alpha: _params(X, gamma, alpha, kind))


def _m_shortcut(X, gamma, alpha):
    K = np.shape(gamma)[1]
    m = MultinomialNB(alpha=alpha).fit(np.vstack([X] * K), np.repeat(np.arange(K), len(X)),
                                       sample_weight=np.asarray(gamma).T.ravel())
    return np.exp(m.class_log_prior_), np.exp(m.feature_log_prob_)


def _soft(rng, K, labelled=0):
    """Rows of gamma: ``labelled`` one-hot rows, then rows of fractions."""
    rows = []
    for d in range(rng.randint(2, 4) + labelled):
        if d < labelled:
            rows.append([1.0 if c == d % K else 0.0 for c in range(K)])
        else:
            w = np.array([rng.randint(1, 9) for _ in range(K)], dtype=float)
            rows.append(list(w / w.sum()))
    return np.array(rows)


def _m_inputs(rng):
    """Hidden cases: two labelled and three unlabelled documents (tells the mistakes apart); three classes,
    one of which no document is given (its pi is 0, its theta uniform); alpha = 0 with every word used; a
    word no document contains, alpha = 1/2."""
    out = []
    gamma = np.vstack([[[1.0, 0.0], [0.0, 1.0]], [[0.7, 0.3], [0.2, 0.8], [0.55, 0.45]]])
    X = np.array([[3, 1, 0, 0], [0, 0, 2, 1], [2, 2, 0, 1], [0, 1, 1, 2], [1, 1, 0, 0]], dtype=float)
    out.append(((X, gamma, 1.0), {}))
    g = _soft(rng, 2, labelled=1)
    g = np.hstack([g, np.zeros((len(g), 1))])[:, rng.sample([0, 1, 2], 3)]
    out.append(((np.array([[rng.randint(0, 5) for _ in range(3)] for _ in g], dtype=float), g, 1.0), {}))
    g = _soft(rng, 2, labelled=2)
    out.append(((np.array([[rng.randint(1, 5) for _ in range(4)] for _ in g], dtype=float), g, 0.0), {}))
    g = _soft(rng, 2)
    Xz = np.array([[rng.randint(0, 4) for _ in range(4)] + [0] for _ in g], dtype=float)
    out.append(((Xz, g, 0.5), {}))
    return out


define(
    "12.m_step_function",
    prompt={"en": "Write m_step(X, gamma, alpha), the M-step: X is the n x M array of word counts of every document, "
                  "gamma the n x K array of class distributions (a labelled document's row is 1 for its class, 0 "
                  "elsewhere), alpha the smoothing. Return the pair (pi, theta): pi the array of K class priors, "
                  "pi_c = sum_d gamma[d, c] / n (not smoothed), theta the K x M array of word probabilities, the "
                  "fractional counts smoothed with alpha as in section 2. Write it yourself: MultinomialNB, "
                  "SemiSupervisedNB and nbteach.counts.class_feature_counts are switched off while your function is "
                  "checked.",
            "zh": "编写 m_step(X, gamma, alpha)，即 M 步：X 是所有文档词频的 n x M 数组，gamma 是类别分布的 n x K 数组"
                  "（已标记文档那一行在它的类别上为 1，其余为 0），alpha 是平滑参数。返回二元组 (pi, theta)：pi 是 K 个类先验"
                  "概率的数组，pi_c = sum_d gamma[d, c] / n（不平滑）；theta 是词概率的 K x M 数组，即按第 2 节用 alpha "
                  "平滑后的分数计数。请自己实现：检查你的函数时，MultinomialNB、SemiSupervisedNB 和 "
                  "nbteach.counts.class_feature_counts 会被关闭。"},
    answer=_m_step_reference,
    kind="function",
    inputs=_m_inputs,
    rtol=1e-9,
    atol=1e-12,
    forbidden=_EM_NAMES + ("nbteach.counts.class_feature_counts",),
    shortcut=_m_shortcut,
    mistakes=[
        Mistake("hard_assignment", _m_wrong("hard_assignment"),
                {"en": "Your function counts each document whole in its likelier class (hard assignment). EM counts "
                       "it in every class, a fraction gamma[d, c] of it in class c.",
                 "zh": "你的函数把每篇文档整篇算进可能性更大的类别（硬分配）。EM 把它计入每个类别，在类别 c 中计 gamma[d, c] 份。"}),
        Mistake("alpha_not_times_M", _m_wrong("alpha_not_times_M"),
                {"en": "Your denominator adds alpha once; each of the M words received alpha pseudo-counts, so it "
                       "adds alpha M.",
                 "zh": "你的分母只加了一个 alpha；M 个词每个都加了 alpha 个伪计数，所以分母要加 alpha M。"}),
        Mistake("prior_smoothed", _m_wrong("prior_smoothed"),
                {"en": "You smoothed the prior, (1 + sum_d gamma) / (K + n), as Nigam et al. do; here, as in "
                       "SemiSupervisedNB, pi_c = sum_d gamma[d, c] / n.",
                 "zh": "你平滑了先验概率 (1 + sum_d gamma) / (K + n)，这是 Nigam 等人的做法；本题与 SemiSupervisedNB 一致："
                       "pi_c = sum_d gamma[d, c] / n。"}),
        Mistake("prior_from_words", _m_wrong("prior_from_words"),
                {"en": "Your pi counts words: a long document weighs more than a short one. pi_c counts documents, "
                       "sum_d gamma[d, c] over n.",
                 "zh": "你的 pi 数的是词：长文档比短文档分量大。pi_c 数的是文档：sum_d gamma[d, c] 除以 n。"}),
        Mistake("no_smoothing", _m_wrong("no_smoothing"),
                {"en": "Your theta is the plain share of the counts: add alpha to every count and alpha M to every "
                       "class's total.",
                 "zh": "你的 theta 是未平滑的计数比例：每个计数加 alpha，每个类别的总数加 alpha M。"}),
    ],
    hints=[
        {"en": "The fractional count N_{c,i} = sum_d gamma[d, c] x_{d,i} for every class and word at once is one "
               "matrix product of gamma and X (mind which one is transposed).",
         "zh": "对所有类别和词一次算出分数计数 N_{c,i} = sum_d gamma[d, c] x_{d,i}，就是 gamma 与 X 的一次矩阵乘法（注意转置哪一个）。"},
        {"en": "A class no document is given still gets a row of theta: with alpha > 0, every word equally likely.",
         "zh": "没有分到任何文档的类别也有一行 theta：alpha > 0 时，每个词的概率相同。"},
    ],
    solution={"en": "def m_step(X, gamma, alpha):\n"
                    "    counts = gamma.T @ X                                # N_ci = sum_d gamma_dc x_di\n"
                    "    theta = (counts + alpha) / (counts.sum(axis=1, keepdims=True) + alpha * X.shape[1])\n"
                    "    pi = gamma.sum(axis=0) / len(X)                     # documents, not words\n"
                    "    return pi, theta",
              "zh": "def m_step(X, gamma, alpha):\n"
                    "    counts = gamma.T @ X                                # N_ci = sum_d gamma_dc x_di\n"
                    "    theta = (counts + alpha) / (counts.sum(axis=1, keepdims=True) + alpha * X.shape[1])\n"
                    "    pi = gamma.sum(axis=0) / len(X)                     # 数的是文档，不是词\n"
                    "    return pi, theta"},
)
