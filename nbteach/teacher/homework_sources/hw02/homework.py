"""Homework 2 (lessons 04-05): multinomial and Bernoulli naive Bayes, their smoothing, and
why we add logs. Teacher's source.

Each variant has its own messages (4 to 6, word counts over three words), its own
underflowing document (``underflow_demo(doc_length, seed)``) and its own public
function cases; ``DEFAULT`` is the self-study version. Two exercises are build-its: the
multinomial Laplace estimate and the Bernoulli +1/+2 estimate, each with the library names
that would compute it (``MultinomialNB``, ``BernoulliNB``, ``lidstone``, ``laplace``,
``probability_table``) switched off while the student's function is checked.
"""
from __future__ import annotations

import numpy as np

from nbteach import NbteachError
from nbteach.bernoulli import BernoulliNB
from nbteach.check._unswitched import unswitched
from nbteach.check.lesson04 import underflow_mistakes
from nbteach.multinomial import MultinomialNB
from nbteach.smoothing import lidstone, mle
from nbteach.teacher.homework import STUDENT_INTRO, STUDENT_INTRO_ZH, graded, worked

NAME = "hw02"
NOTEBOOK = "hw02_multinomial_and_bernoulli.ipynb"
WORDS = ["cheap", "price", "meeting", "offer", "free", "report", "lunch", "winner", "project", "click"]

#: the library names that estimate a class's word probabilities for the student: switched off
#: while the build-its' functions are checked
_ESTIMATORS = ("nbteach.multinomial.MultinomialNB", "nbteach.bernoulli.BernoulliNB",
               "nbteach.smoothing.lidstone", "nbteach.smoothing.laplace", "nbteach.smoothing.probability_table")

DEFAULT = {"X": [[2, 1, 0], [1, 1, 0], [0, 0, 2], [0, 1, 1]], "y": ["spam", "spam", "ham", "ham"],
           "vocabulary": ["cheap", "price", "meeting"], "doc_length": 400, "seed": 1,
           "cases": [[3, 2, 0], [0, 0, 0, 0], [5, 1, 0, 0, 7, 2]],
           "mu_cases": [[[2, 1, 0], [1, 1, 0]], [[0, 3, 1, 0]], [[1, 0, 4], [0, 0, 2], [3, 0, 1]]]}


def params(rng):
    n = rng.randint(4, 6)
    n_spam = rng.randint(2, n - 2)
    y = ["spam"] * n_spam + ["ham"] * (n - n_spam)
    rng.shuffle(y)
    X = [[rng.randint(0, 3) for _ in range(3)] for _ in y]
    cases = [[rng.randint(0, 9) for _ in range(rng.randint(2, 6))] for _ in range(2)]
    spam_counts = [sum(x[i] for x, c in zip(X, y) if c == "spam") for i in range(3)]
    spam_rows = [x for x, c in zip(X, y) if c == "spam"]
    V = rng.randint(3, 5)
    mu_cases = [spam_rows, [[rng.randint(0, 3) for _ in range(V)]],        # a class of one document
                [[rng.randint(1, 4) for _ in range(V)]] + [[0] * (V - 1) + [rng.randint(1, 3)]]]
    return {"X": X, "y": y, "vocabulary": rng.sample(WORDS, 3), "doc_length": rng.randint(350, 600),
            "seed": rng.randint(2, 999), "cases": [spam_counts] + cases + [[0] * rng.randint(2, 5)],
            "mu_cases": mu_cases}


def _row(model, cls="spam"):
    return np.exp(model.feature_log_prob_[list(model.classes_).index(cls)])


def _multinomial(p, alpha, X=None):
    return MultinomialNB(alpha=alpha).fit(p["X"] if X is None else X, p["y"])


def _bernoulli(p, alpha):
    return BernoulliNB(alpha=alpha).fit(p["X"], p["y"])


def _counts(model, cls="spam"):
    k = list(model.classes_).index(cls)
    return model.feature_count_[k], model.class_count_[k]


_lidstone_itself = unswitched(lidstone)   # the library's lidstone, out of the switch's reach (the reference)


def _theta_fn(kind):
    def estimate(counts, per):
        counts = [int(c) for c in counts]
        total = sum(counts)
        return np.array([float(per(c, total, len(counts))) for c in counts])

    if kind == "laplace":
        return lambda counts: estimate(counts, lambda c, t, V: _lidstone_itself(c, t, V, 1))
    if kind == "alpha_not_times_V":
        return lambda counts: estimate(counts, lambda c, t, V: _lidstone_itself(c, t, 1, 1))
    if kind == "plus_two":
        return lambda counts: estimate(counts, lambda c, t, V: _lidstone_itself(c, t, 2, 1))
    return lambda counts: estimate(counts, lambda c, t, V: mle(c, t) if t else 0)


def _hidden(rng):
    """Random count vectors, and the edges: a class with no words (uniform), one word, a long vocabulary."""
    out = [((np.array([rng.randint(0, 9) for _ in range(rng.randint(2, 8))]),), {}) for _ in range(4)]
    out += [((np.zeros(rng.randint(2, 6), dtype=int),), {}), ((np.array([rng.randint(1, 9)]),), {}),
            ((np.array([rng.randint(0, 3) for _ in range(40)]),), {})]
    return out


def _mu_fn(kind=None):
    """mu_{i|c} of one class's documents (rows of word counts), the library's +1/+2 per word, or a
    usual mistake: counts not made 0/1, +V or +1 below, the multinomial theta, no smoothing."""
    def f(rows):
        rows = np.asarray(rows)
        n_docs, V = rows.shape
        present = (rows > 0).sum(axis=0)
        if kind == "counts_not_binarised":
            return (rows.sum(axis=0) + 1) / (n_docs + 2)
        if kind == "plus_V_not_2":
            return (present + 1) / (n_docs + V)
        if kind == "plus_one_not_2":
            return (present + 1) / (n_docs + 1)
        if kind == "multinomial_theta":
            return (present + 1) / (present.sum() + V)
        if kind == "no_smoothing":
            return present / n_docs
        return np.array([float(_lidstone_itself(int(c), n_docs, 2, 1)) for c in present])
    return f


def _mu_hidden(rng):
    """A class's documents: random, one document, a word in every document, a word in none."""
    out = []
    for n_docs in (rng.randint(2, 6), 1, rng.randint(3, 8)):
        V = rng.randint(2, 6)
        rows = [[rng.randint(0, 4) for _ in range(V)] for _ in range(n_docs)]
        if n_docs > 2:
            for r in rows:
                r[0], r[-1] = max(r[0], 1), 0
        out.append(((np.array(rows),), {}))
    return out


#: the worked code of exercises 4 and 5: the exercise's solution and the teacher's notebook
_THETA_LAPLACE = worked("def theta_laplace(counts):",
                        "    return (counts + 1) / (counts.sum() + len(counts))")
_MU_LAPLACE = worked("def mu_laplace(rows):",
                     "    return ((rows > 0).sum(axis=0) + 1) / (rows.shape[0] + 2)")


def exercises(p):
    # heavy and optional: nbteach.derivations loads sympy, needed only by the exercises
    from nbteach.derivations import underflow_demo

    V = len(p["vocabulary"])
    counts0, docs0 = _counts(_multinomial(p, 0.0))
    bcounts0, bdocs0 = _counts(_bernoulli(p, 0.0))
    if counts0.sum() == 0:
        raise NbteachError("spam needs words")
    binary = (np.asarray(p["X"]) > 0).astype(int).tolist()
    demo = underflow_demo(doc_length=p["doc_length"], seed=p["seed"])
    if demo.product != 0.0:
        raise NbteachError("the document must underflow")
    no_smoothing = {"en": "That is the unsmoothed MLE (alpha = 0): a word never seen in spam gets probability 0. "
                          "Add alpha = 1 to every count.",
                    "zh": "这是未平滑的极大似然估计（alpha = 0）：spam 中没出现过的词概率为 0。给每个计数加 alpha = 1。"}
    words = ", ".join(p["vocabulary"])
    return [
        graded(
            "hw02.theta_spam",
            {"en": f"Multinomial NB with Laplace smoothing (alpha = 1): the word probabilities theta_{{i|spam}} "
                   f"for ({words}), as a numpy array, at least 4 significant digits each.",
             "zh": f"多项式朴素贝叶斯，拉普拉斯修正（alpha = 1）：spam 类的词概率 theta_{{i|spam}}（{words}），"
                   "以 numpy 数组给出，每个至少 4 位有效数字。"},
            _row(_multinomial(p, 1.0)), {"type": "array", "digits": 4},
            mistakes=[
                ("no_smoothing", _row(_multinomial(p, 0.0)), no_smoothing),
                ("alpha_not_times_V", (counts0 + 1) / (counts0.sum() + 1),
                 {"en": "Your denominator grew by 1, but every one of the V words got a pseudo-count: "
                        "add V*alpha to the total.",
                  "zh": "你的分母只加了 1，但 V 个词每个都加了伪计数：分母要加 V*alpha。"}),
                ("documents_not_words", (counts0 + 1) / (docs0 + V),
                 {"en": "You divided by the number of spam documents; theta divides by the number of word "
                        "occurrences in spam (sum over the vocabulary of N_{i,spam}).",
                  "zh": "你除以的是 spam 文档数；theta 应除以 spam 中词出现的总次数（对词表求和 N_{i,spam}）。"}),
            ],
            hints=[{"en": "theta_{i|c} = (N_{c,i} + alpha) / (sum_i' N_{c,i'} + V alpha).",
                    "zh": "theta_{i|c} = (N_{c,i} + alpha) / (sum_i' N_{c,i'} + V alpha)。"},
                   {"en": "Add up spam's rows of X to get N_{spam,i}; V is the vocabulary size.",
                    "zh": "把 X 中 spam 的行相加得到 N_{spam,i}；V 是词表大小。"}],
            solution="nb = MultinomialNB(alpha=1).fit(X, y)\n"
                     "answer = np.exp(nb.feature_log_prob_[list(nb.classes_).index('spam')])"),
        graded(
            "hw02.mu_spam",
            {"en": "Bernoulli NB with the notes' +1/+2 smoothing: mu_{i|spam}, the probability that a spam "
                   f"message contains each word ({words}), as a numpy array, at least 4 significant digits each.",
             "zh": "伯努利朴素贝叶斯，按笔记的 +1/+2 平滑：mu_{i|spam}，即 spam 邮件包含每个词"
                   f"（{words}）的概率，以 numpy 数组给出，每个至少 4 位有效数字。"},
            _row(_bernoulli(p, 1.0)), {"type": "array", "digits": 4},
            mistakes=[
                ("no_smoothing", _row(_bernoulli(p, 0.0)), no_smoothing),
                ("plus_V_not_2", (bcounts0 + 1) / (bdocs0 + V),
                 {"en": "You added V to the denominator, as for the multinomial model. Each mu is its own "
                        "coin with two outcomes (present, absent): add 2.",
                  "zh": "你在分母上加了 V（多项式模型的做法）。每个 mu 是一枚只有两种结果（出现/不出现）的硬币：加 2。"}),
                ("plus_one_not_2", (bcounts0 + 1) / (bdocs0 + 1),
                 {"en": "You added 1 to the denominator as well as to the numerator. The Bernoulli "
                        "denominator adds 2, one per outcome (present, absent).",
                  "zh": "你在分母上也只加了 1。伯努利模型的分母加 2，每种结果（出现、不出现）各一个。"}),
                ("multinomial_theta", _row(_multinomial(p, 1.0, binary)),
                 {"en": "That is a multinomial theta on 0/1 data: its denominator counts words. mu divides "
                        "by the number of spam documents (+2).",
                  "zh": "这是在 0/1 数据上的多项式 theta：分母数的是词。mu 应除以 spam 文档数（再加 2）。"}),
            ],
            hints=[{"en": "Count the spam documents that contain each word, and the spam documents.",
                    "zh": "数一数包含每个词的 spam 文档数，以及 spam 文档总数。"},
                   {"en": "mu_{i|c} = (N_{c,i} + 1) / (N_c + 2).", "zh": "mu_{i|c} = (N_{c,i} + 1) / (N_c + 2)。"}],
            solution="nb = BernoulliNB(alpha=1).fit(X, y)\n"
                     "answer = np.exp(nb.feature_log_prob_[list(nb.classes_).index('spam')])"),
        graded(
            "hw02.log_likelihood",
            {"en": f"p = underflow_demo(doc_length={p['doc_length']}, seed={p['seed']}).probabilities holds the "
                   f"theta of each of the {p['doc_length']} words of a message. What is its log-likelihood, the "
                   "natural log of the product of them all? At least 6 significant digits.",
             "zh": f"p = underflow_demo(doc_length={p['doc_length']}, seed={p['seed']}).probabilities 是一封 "
                   f"{p['doc_length']} 词邮件中每个词的 theta。它的对数似然（所有概率之积的自然对数）是多少？至少 6 位有效数字。"},
            float(demo.log_likelihood), {"type": "number", "digits": 6},
            mistakes=[(m.name, m.value(), m.hint) for m in underflow_mistakes(
                lambda: underflow_demo(doc_length=p["doc_length"], seed=p["seed"]))],
            hints=[{"en": "Try np.prod(p) first and look at what you get.", "zh": "先试试 np.prod(p)，看看得到什么。"},
                   {"en": "log(a * b) = log a + log b.", "zh": "log(a * b) = log a + log b。"}],
            solution="answer = np.log(p).sum()"),
        graded(
            "hw02.theta_function",
            {"en": "Write theta_laplace(counts): counts is a numpy array of word counts N_{c,i} of one class "
                   "over the vocabulary; return the Laplace-smoothed theta_{i|c} as an array. Do not modify counts.",
             "zh": "编写 theta_laplace(counts)：counts 是某一类在词表上的词计数 N_{c,i}（numpy 数组）；"
                   "返回拉普拉斯修正后的 theta_{i|c} 数组。不要修改 counts。"},
            _theta_fn("laplace"), {"type": "array", "digits": 6}, kind="function",
            public=[((np.array(c),), {}) for c in p["cases"]], hidden=_hidden,
            forbidden=_ESTIMATORS,
            shortcut=lambda counts: np.array([float(lidstone(int(c), int(sum(counts)), len(counts), 1)) for c in counts]),
            mistakes=[
                ("alpha_not_times_V", _theta_fn("alpha_not_times_V"),
                 {"en": "Your denominator adds 1; it must add V * alpha = len(counts).",
                  "zh": "你的分母加了 1；应当加 V * alpha = len(counts)。"}),
                ("plus_two", _theta_fn("plus_two"),
                 {"en": "+2 is the Bernoulli rule (two outcomes per word). A multinomial theta shares one "
                        "distribution over V words: add V.",
                  "zh": "+2 是伯努利模型的规则（每个词两种结果）。多项式的 theta 是 V 个词上的一个分布：加 V。"}),
                ("no_smoothing", _theta_fn("no_smoothing"),
                 {"en": "Your function returns counts / total, without the +1.",
                  "zh": "你的函数返回 counts / total，没有加 1。"}),
            ],
            hints=[{"en": "Add 1 to every count; the total grows by one per word of the vocabulary. "
                          "Build a new array rather than changing counts in place.",
                    "zh": "每个计数加 1；总数按词表中每个词各加 1 增长。构造新数组，不要原地修改 counts。"}],
            solution=_THETA_LAPLACE.solution),
        graded(
            "hw02.mu_function",
            {"en": "Write mu_laplace(rows): rows is a numpy array of word counts, one row per document of one "
                   "class, one column per word. Return the Bernoulli model's mu_{i|c} with the notes' +1/+2 "
                   "smoothing, the probability that a document of the class contains word i, as an array. Do not "
                   "modify rows. BernoulliNB, MultinomialNB, lidstone, laplace and probability_table are switched "
                   "off while your function is checked.",
             "zh": "编写 mu_laplace(rows)：rows 是某一类文档的词频 numpy 数组，每篇文档一行、每个词一列。返回伯努利模型按笔记 "
                   "+1/+2 平滑的 mu_{i|c}，即该类文档包含词 i 的概率，以数组给出。不要修改 rows。检查你的函数时，BernoulliNB、"
                   "MultinomialNB、lidstone、laplace 和 probability_table 会被关闭。"},
            _mu_fn(), {"type": "array", "digits": 6}, kind="function",
            public=[((np.array(rows),), {}) for rows in p["mu_cases"]], hidden=_mu_hidden,
            forbidden=_ESTIMATORS,
            shortcut=lambda rows: np.exp(BernoulliNB(alpha=1).fit(
                np.vstack([rows, np.zeros_like(rows[:1])]), [1] * len(rows) + [0]).feature_log_prob_[1]),
            mistakes=[
                ("counts_not_binarised", _mu_fn("counts_not_binarised"),
                 {"en": "You counted word occurrences. mu counts documents: a document that contains the word "
                        "three times counts once (present or absent), so mu never exceeds 1.",
                  "zh": "你数的是词出现的次数。mu 数的是文档：一篇文档含这个词三次也只算一次（出现或不出现），所以 mu 不会超过 1。"}),
                ("plus_V_not_2", _mu_fn("plus_V_not_2"),
                 {"en": "You added V to the number of documents, as for the multinomial model. Each mu is its own "
                        "coin with two outcomes (present, absent): add 2.",
                  "zh": "你在文档数上加了 V（多项式模型的做法）。每个 mu 是一枚只有两种结果（出现/不出现）的硬币：加 2。"}),
                ("plus_one_not_2", _mu_fn("plus_one_not_2"),
                 {"en": "You added 1 below as well as above. The Bernoulli denominator adds 2, one pseudo-document "
                        "per outcome (present, absent).",
                  "zh": "你在分母上也只加了 1。伯努利模型的分母加 2，每种结果（出现、不出现）各一篇伪文档。"}),
                ("multinomial_theta", _mu_fn("multinomial_theta"),
                 {"en": "That is a multinomial theta on the 0/1 data: its values sum to 1 over the words. mu divides "
                        "by the number of documents of the class (+2), one coin per word.",
                  "zh": "这是在 0/1 数据上的多项式 theta：它在所有词上之和为 1。mu 应除以该类的文档数（再加 2），每个词一枚硬币。"}),
                ("no_smoothing", _mu_fn("no_smoothing"),
                 {"en": "Your function returns the plain share of documents, without the +1/+2: a word no document "
                        "of the class contains gets 0.",
                  "zh": "你的函数返回的是未平滑的文档比例，没有 +1/+2：该类没有任何文档包含的词概率为 0。"}),
            ],
            hints=[{"en": "First turn the counts into present/absent (rows > 0), then count, per word, the documents "
                          "that contain it.",
                    "zh": "先把词频变成出现/不出现（rows > 0），再对每个词数包含它的文档数。"}],
            solution=_MU_LAPLACE.solution),
    ]


def cells(p):
    return [
        ("markdown", {"en": "# Homework 2: multinomial and Bernoulli naive Bayes (lessons 04-05)\n\n"
                            "[作业 2：多项式与伯努利朴素贝叶斯]\n\n"
                            + STUDENT_INTRO,
                      "zh": "# 作业 2：多项式朴素贝叶斯与伯努利朴素贝叶斯（第 04-05 课）\n\n"
                            + STUDENT_INTRO_ZH}),
        ("code", "import numpy as np\n\n"
                 "import nbteach\n"
                 "from nbteach import BernoulliNB, MultinomialNB\n"
                 "from nbteach.check import exercise, ____\n"
                 "from nbteach.derivations import underflow_demo\n\n"
                 "# nbteach.set_language(\"zh\")   # 取消注释即可看到中文提示与反馈"),
        ("markdown", {"en": "Messages over a vocabulary of three words, as word counts N(t_i, x):",
                      "zh": "一个只有三个词的词汇表上的若干条消息，以词频 N(t_i, x) 表示："}),
        ("code", f"X = {p['X']!r}\ny = {p['y']!r}\nvocabulary = {p['vocabulary']!r}"),
        ("markdown", {"en": "## Exercise 1: theta with Laplace smoothing\n\n"
                            "Multinomial NB, alpha = 1: give theta_{i|spam} for the three words as a numpy array\n"
                            "[多项式模型的词概率].",
                      "zh": "## 练习 1：拉普拉斯修正下的 theta\n\n"
                            "多项式朴素贝叶斯，alpha = 1：以 numpy 数组给出三个词的 theta_{i|spam}（多项式模型的词概率）。"}),
        ("code", "q1 = exercise(\"hw02.theta_spam\")\nq1"),
        ("code", "# BEGIN SOLUTION\nnb = MultinomialNB(alpha=1).fit(X, y)\n# END SOLUTION\n"
                 "answer1 = np.exp(nb.feature_log_prob_[list(nb.classes_).index(\"spam\")])  # SOLUTION"),
        ("code", "q1.check(answer1)"),
        ("markdown", {"en": "## Exercise 2: mu of the Bernoulli model\n\n"
                            "Bernoulli NB with the notes' +1/+2 smoothing: mu_{i|spam}, the probability that a spam\n"
                            "message *contains* each word [伯努利模型].",
                      "zh": "## 练习 2：伯努利模型的 mu\n\n"
                            "伯努利朴素贝叶斯，用笔记中的 +1/+2 平滑：mu_{i|spam}，即一条垃圾邮件*包含*每个词的概率。"}),
        ("code", "q2 = exercise(\"hw02.mu_spam\")\nq2"),
        ("code", "# BEGIN SOLUTION\nbnb = BernoulliNB(alpha=1).fit(X, y)\n# END SOLUTION\n"
                 "answer2 = np.exp(bnb.feature_log_prob_[list(bnb.classes_).index(\"spam\")])  # SOLUTION"),
        ("code", "q2.check(answer2)"),
        ("markdown", {"en": f"## Exercise 3: why we add logs\n\n"
                            f"`p` holds the probability theta of each of the {p['doc_length']} words of a message. Compute its\n"
                            "log-likelihood, the natural log of the product of them all [对数似然；下溢]. Try the product\n"
                            "first and see what happens.",
                      "zh": f"## 练习 3：为什么要把对数相加\n\n"
                            f"`p` 存放一条消息中 {p['doc_length']} 个词各自的概率 theta。计算它的对数似然，即所有这些概率之积的"
                            "自然对数（对数似然；下溢）。先试试直接求积，看看会发生什么。"}),
        ("code", "q3 = exercise(\"hw02.log_likelihood\")\nq3"),
        ("code", f"p = underflow_demo(doc_length={p['doc_length']}, seed={p['seed']}).probabilities\nnp.prod(p)"),
        ("code", "answer3 = np.log(p).sum()  # SOLUTION"),
        ("code", "q3.check(answer3)"),
        ("markdown", {"en": "## Exercise 4: write the Laplace estimate\n\n"
                            "Write `theta_laplace(counts)`: `counts` is a numpy array N_{c,i} of one class's word counts;\n"
                            "return the Laplace-smoothed theta_{i|c}. The check calls it on a few count vectors; your\n"
                            "teacher's grading calls it on more. Do not modify `counts`.",
                      "zh": "## 练习 4：写出拉普拉斯估计\n\n"
                            "编写 `theta_laplace(counts)`：`counts` 是一个类别的词频 N_{c,i} 组成的 numpy 数组；返回经拉普拉斯修正的 "
                            "theta_{i|c}。检查单元格会用几个词频向量调用它；老师评分时会用更多向量调用它。不要修改 `counts`。"}),
        ("code", "q4 = exercise(\"hw02.theta_function\")\nq4"),
        ("code", _THETA_LAPLACE.cell),
        ("code", "q4.check(theta_laplace)"),
        ("markdown", {"en": "## Exercise 5: write the Bernoulli estimate\n\n"
                            "Write `mu_laplace(rows)`: `rows` holds the word counts of one class's documents, one row a\n"
                            "document; return mu_{i|c} with the notes' +1/+2 smoothing [伯努利模型], the probability that a\n"
                            "document of the class *contains* word i. `BernoulliNB`, `MultinomialNB`, `lidstone`, `laplace`\n"
                            "and `probability_table` are switched off while your function is checked. Do not modify `rows`.",
                      "zh": "## 练习 5：写出伯努利估计\n\n"
                            "编写 `mu_laplace(rows)`：`rows` 是某一类各文档的词频，每篇文档一行；返回按笔记 +1/+2 平滑的 mu_{i|c}，"
                            "即该类文档*包含*词 i 的概率。检查你的函数时，`BernoulliNB`、`MultinomialNB`、`lidstone`、`laplace` "
                            "和 `probability_table` 会被关闭。不要修改 `rows`。"}),
        ("code", "q5 = exercise(\"hw02.mu_function\")\nq5"),
        ("code", _MU_LAPLACE.cell),
        ("code", "q5.check(mu_laplace)"),
        ("markdown", {"en": "## Before you hand in\n\nRestart the kernel and run all cells. Every check cell should say **Correct!**",
                      "zh": "## 交作业之前\n\n重启内核并运行所有单元格。每个检查单元格都应显示 **正确！**（英文提示下为 **Correct!**）。"}),
    ]
