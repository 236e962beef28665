"""Homework 6 (lessons 10-12): TAN, a node given its Markov blanket, and EM. Teacher's source.

Each student's variant has its own table for TAN, its own alarm network (the burglary
network's shape with other numbers) and blanket, and its own small corpus: a few labelled
e-mails and a few unlabelled ones, as word counts; ``DEFAULT`` is the self-study version.
The answers are computed here, by nbteach.
"""
from __future__ import annotations

import itertools
import math
import warnings

import numpy as np
import pandas as pd

from nbteach import MultinomialNB, TAN
from nbteach.bayesnet import BayesNet
from nbteach.semi_naive import conditional_mutual_information
from nbteach.teacher.homework import STUDENT_INTRO, STUDENT_INTRO_ZH, distinct_mistakes, graded

NAME = "hw06"
NOTEBOOK = "hw06_tan_networks_and_em.ipynb"
#: this homework's code comments in the Chinese notebook (nbteach.teacher.homework.COMMENTS_ZH)
COMMENTS_ZH = {"u1 is the first row": "u1 是第一行"}
VOCAB = ["free", "win", "meeting", "report"]
NODES = ["Burglary", "Earthquake", "Alarm", "JohnCalls", "MaryCalls"]
COLUMNS = ["Outlook", "Temp", "Humidity", "Wind"]
VALUES = {"Outlook": ["sunny", "overcast", "rain"], "Temp": ["hot", "mild", "cool"],
          "Humidity": ["high", "normal"], "Wind": ["weak", "strong"]}

DEFAULT = {
    "rows": [["overcast", "mild", "high", "weak", "yes"], ["rain", "mild", "high", "weak", "no"],
             ["overcast", "cool", "high", "strong", "no"], ["overcast", "mild", "normal", "strong", "no"],
             ["rain", "hot", "normal", "strong", "no"], ["sunny", "mild", "normal", "weak", "yes"],
             ["overcast", "cool", "normal", "strong", "yes"], ["rain", "mild", "normal", "weak", "no"],
             ["rain", "cool", "normal", "strong", "no"], ["overcast", "mild", "high", "weak", "no"],
             ["overcast", "hot", "normal", "weak", "yes"], ["sunny", "mild", "high", "weak", "no"]],
    "tan": {"root": "Humidity", "target": "Temp"},
    "labelled": [[[3, 2, 0, 1], "spam"], [[2, 3, 1, 0], "spam"],
                 [[0, 1, 3, 2], "ham"], [[1, 0, 2, 3], "ham"], [[0, 0, 2, 1], "ham"]],
    "unlabelled": [[2, 1, 0, 0], [1, 0, 1, 3], [2, 2, 1, 1], [0, 1, 2, 2]],
    "word": "free",
    "net": {"burglary": 0.02, "earthquake": 0.03, "alarm": [0.95, 0.91, 0.32, 0.004],
            "john": [0.88, 0.06], "mary": [0.71, 0.02]},
    "blanket": {"Burglary": False, "Earthquake": True, "JohnCalls": True, "MaryCalls": False},
}


def params(rng):
    """A corpus (2-3 labelled spam, 2-3 labelled ham, 4 unlabelled), an alarm network, a blanket."""
    def doc(kind):
        hi, lo = (lambda: rng.randint(1, 4)), (lambda: rng.randint(0, 2))
        return [hi(), hi(), lo(), lo()] if kind == "spam" else [lo(), lo(), hi(), hi()]

    labelled = ([[doc("spam"), "spam"] for _ in range(rng.randint(2, 3))]
                + [[doc("ham"), "ham"] for _ in range(rng.randint(2, 3))])
    unlabelled = [doc(rng.choice(["spam", "ham"])) for _ in range(4)]
    net = {"burglary": rng.choice([0.01, 0.02, 0.04]), "earthquake": rng.choice([0.02, 0.03, 0.05]),
           "alarm": [rng.choice([0.93, 0.95, 0.97]), rng.choice([0.87, 0.91, 0.94]),
                     rng.choice([0.26, 0.32, 0.38]), rng.choice([0.002, 0.004, 0.007])],
           "john": [rng.choice([0.84, 0.88, 0.92]), rng.choice([0.04, 0.06, 0.09])],
           "mary": [rng.choice([0.64, 0.71, 0.76]), rng.choice([0.01, 0.02, 0.03])]}
    blanket = {v: rng.choice([True, False]) for v in ("Burglary", "Earthquake", "JohnCalls", "MaryCalls")}
    rows = [[rng.choice(VALUES[c]) for c in COLUMNS] + [rng.choice(["yes", "no"])] for _ in range(rng.randint(12, 16))]
    root, target = rng.sample(COLUMNS, 2)
    return {"rows": rows, "tan": {"root": root, "target": target},
            "labelled": labelled, "unlabelled": unlabelled, "word": rng.choice(VOCAB[:2]),
            "net": net, "blanket": blanket}


# ------------------------------------------------------------------ TAN's tree
def _table(p):
    df = pd.DataFrame(p["rows"], columns=COLUMNS + ["Play"])
    return df[COLUMNS], df["Play"]


def _tan_parent(p, kind="right"):
    """The parent of the target attribute in TAN's tree, or a mistaken reading of the tree."""
    X, y = _table(p)
    if y.nunique() < 2:
        raise ValueError("a variant needs both classes")
    root, target = p["tan"]["root"], p["tan"]["target"]
    given_class = conditional_mutual_information(X, y)
    off = [given_class.iloc[i, j] for i in range(len(COLUMNS)) for j in range(i + 1, len(COLUMNS))]
    if min(abs(a - b) for k, a in enumerate(off) for b in off[k + 1:]) < 1e-9:
        raise ValueError("tied weights: the tree would depend on the tie rule")  # drawn again

    parent = TAN(root=root).fit(X, y).parents_[target]
    if parent == root:  # the root's neighbour: "the root" would be right without reading the tree
        raise ValueError("the target hangs from the root")  # drawn again
    if kind == "right":
        return parent
    if kind == "strongest":  # the attribute with the largest CMI, whether or not the tree points from it
        w = given_class[target].drop(target)
        return str(w.idxmax())
    if kind == "root":
        return root
    raise ValueError(kind)


# ------------------------------------------------------------------ EM on a small corpus
def _labelled(p):
    X = np.array([d for d, _ in p["labelled"]])
    y = np.array([c for _, c in p["labelled"]])
    return X, y


def _unlabelled(p):
    return np.array(p["unlabelled"])


def _nb(X, y, alpha=1.0, sample_weight=None):
    return MultinomialNB(alpha=alpha).fit(X, y, sample_weight=sample_weight)


def _e_step(p, kind="right"):
    """P(spam | the first unlabelled e-mail) under naive Bayes fitted on the labelled rows."""
    X, y = _labelled(p)
    u = _unlabelled(p)[:1]
    if kind == "unsmoothed":

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                value = float(_nb(X, y, alpha=1e-10).predict_proba(u)[0][1])
            except Exception:  # noqa: BLE001
                return None
        return value if math.isfinite(value) else None
    m = _nb(X, y)
    s = list(m.classes_).index("spam")
    if kind == "prior":
        return float(sum(y == "spam") / len(y))
    if kind == "no_prior":
        jll = m.predict_joint_log_proba(u)[0] - m.class_log_prior_
        return float(math.exp(jll[s]) / sum(math.exp(v) for v in jll))
    return float(m.predict_proba(u)[0][s])


def _m_step(p, kind="right"):
    """theta_{spam, word} after one EM iteration: the M-step with the E-step's weights."""
    X, y = _labelled(p)
    U = _unlabelled(p)
    m0 = _nb(X, y)
    classes = list(m0.classes_)
    if kind == "labelled_only":
        m = m0
    else:
        R = m0.predict_proba(U)                              # responsibilities, one row per e-mail
        if kind == "hard":
            R = (R == R.max(axis=1, keepdims=True)).astype(float)
        elif kind == "both_full":
            R = np.ones_like(R)
        X2 = np.vstack([X] + [U] * len(classes))
        y2 = np.concatenate([y] + [[c] * len(U) for c in classes])
        w = np.concatenate([np.ones(len(y))] + [R[:, k] for k in range(len(classes))])
        m = _nb(X2, y2, sample_weight=w)
    return float(np.exp(m.feature_log_prob_[classes.index("spam"), VOCAB.index(p["word"])]))


# ------------------------------------------------------------------ the alarm network
def _net(p):
    tf = [True, False]

    def root(q):
        return pd.DataFrame([[q, round(1 - q, 12)]], columns=tf)

    def given(parents, qs):
        keys = list(itertools.product(tf, repeat=len(parents)))
        index = (pd.Index([k[0] for k in keys], name=parents[0]) if len(parents) == 1
                 else pd.MultiIndex.from_tuples(keys, names=parents))
        return pd.DataFrame([[q, round(1 - q, 12)] for q in qs], index=index, columns=tf)

    n = p["net"]
    return BayesNet([("Burglary", "Alarm"), ("Earthquake", "Alarm"), ("Alarm", "JohnCalls"), ("Alarm", "MaryCalls")],
                    {"Burglary": root(n["burglary"]), "Earthquake": root(n["earthquake"]),
                     "Alarm": given(["Burglary", "Earthquake"], n["alarm"]),
                     "JohnCalls": given(["Alarm"], n["john"]), "MaryCalls": given(["Alarm"], n["mary"])})


def _blanket(p, kind="right"):
    """P(Alarm = True | the rest of the network): Alarm's own table times its children's."""
    b = p["blanket"]
    if kind == "right":
        return float(_net(p).query("Alarm", dict(b))[True])
    n = p["net"]
    row = {(True, True): 0, (True, False): 1, (False, True): 2, (False, False): 3}[(b["Burglary"], b["Earthquake"])]
    own = {True: n["alarm"][row], False: 1 - n["alarm"][row]}
    if kind == "own_table":
        return own[True]

    def child(table, a, value):
        q = n[table][0 if a else 1]
        return q if value else 1 - q

    factor = {a: own[a] * child("john", a, b["JohnCalls"]) * child("mary", a, b["MaryCalls"]) for a in (True, False)}
    if kind == "unnormalised":
        return factor[True]
    if kind == "john_only":
        f = {a: own[a] * child("john", a, b["JohnCalls"]) for a in (True, False)}
        return f[True] / (f[True] + f[False])
    raise ValueError(kind)


def exercises(p):
    num = {"type": "number", "digits": 4}
    word = p["word"]
    b = p["blanket"]
    given = ", ".join(f"{v} = {b[v]}" for v in ("Burglary", "Earthquake", "JohnCalls", "MaryCalls"))
    tan = p["tan"]
    return [
        graded(
            "hw06.tan_parent",
            {"en": f"TAN on the table below, with root {tan['root']!r}: which attribute is the parent of "
                   f"{tan['target']!r} in the tree? Get the weights with `conditional_mutual_information(X, y)` "
                   "and build the tree yourself; answer with the attribute's name as a string.",
             "zh": f"在下表上用 TAN，根为 {tan['root']!r}：树中 {tan['target']!r} 的父属性是哪一个？"
                   "用 `conditional_mutual_information(X, y)` 得到权重，自己构造这棵树；用字符串给出属性名。"},
            _tan_parent(p), {"type": "text"},
            mistakes=distinct_mistakes(_tan_parent(p), [
                ("strongest", _tan_parent(p, "strongest"),
                 {"en": "That is the attribute most tied to it, but the tree's edge between them points the other "
                        "way: direct every edge away from the root.",
                  "zh": "这是与它关联最强的属性，但树中这条边的方向相反：所有边都要从根出发向外指。"}),
                ("root", _tan_parent(p, "root"),
                 {"en": "In TAN only the root's neighbours have the root as parent; follow the tree's path.",
                  "zh": "在 TAN 中只有根的邻居以根为父属性；沿着树上的路径找。"}),
            ]),
            hints=[{"en": "A maximum spanning tree over the four attributes has three edges; grow it from the "
                          "root, each time adding the heaviest edge that reaches a new attribute.",
                    "zh": "四个属性上的最大生成树有三条边；从根开始生长，每次加入连到新属性的最重的边。"}],
            solution="TAN(root=...).fit(X, y).parents_[...]   # the tree by hand: Prim's algorithm on the CMI table"),
        graded(
            "hw06.e_step",
            {"en": "EM starts from naive Bayes fitted on the labelled e-mails alone (multinomial, alpha = 1). "
                   "Its first E-step gives each unlabelled e-mail a class distribution. What is P(spam | u1) "
                   "for the first unlabelled e-mail u1? At least 4 significant digits.",
             "zh": "EM 从只用已标记邮件拟合的朴素贝叶斯（多项式模型，alpha = 1）出发。第一次 E 步给每封未标记邮件"
                   "一个类别分布。第一封未标记邮件 u1 的 P(spam | u1) 是多少？至少 4 位有效数字。"},
            _e_step(p), num,
            mistakes=distinct_mistakes(_e_step(p), [
                ("prior", _e_step(p, "prior"),
                 {"en": "That is the prior P(spam) of the labelled e-mails: the E-step also weighs u1's words.",
                  "zh": "这是已标记邮件的先验 P(spam)：E 步还要考虑 u1 中的词。"}),
                ("no_prior", _e_step(p, "no_prior"),
                 {"en": "The words' likelihoods alone are not the posterior: multiply by the class prior first.",
                  "zh": "只有词的似然还不是后验：先乘以类别先验。"}),
                ("unsmoothed", _e_step(p, "unsmoothed"),
                 {"en": "Smooth the word counts with alpha = 1 before you use them.",
                  "zh": "使用词频之前，先用 alpha = 1 做平滑。"}),
            ]),
            hints=[{"en": "Bayes' theorem: P(c | u1) is proportional to P(c) times the product of theta_{c,w} "
                          "over u1's words, each to the power of its count.",
                    "zh": "贝叶斯定理：P(c | u1) 正比于 P(c) 乘以 u1 中各词的 theta_{c,w}（按出现次数取幂）之积。"}],
            solution="m0 = MultinomialNB(alpha=1).fit(X_l, y_l)\n"
                     "answer = m0.predict_proba(X_u[:1])[0][list(m0.classes_).index('spam')]"),
        graded(
            "hw06.m_step",
            {"en": f"The first M-step counts every unlabelled e-mail in every class, weighted by the E-step's "
                   f"P(class | e-mail), and adds them to the labelled counts. After it, what is "
                   f"theta(spam, '{word}'), the probability of the word '{word}' in spam (alpha = 1)? "
                   "At least 4 significant digits.",
             "zh": f"第一次 M 步把每封未标记邮件按 E 步给出的 P(类别 | 邮件) 加权计入每个类别，并与已标记邮件的计数相加。"
                   f"之后 theta(spam, '{word}')，即词 '{word}' 在垃圾邮件中的概率（alpha = 1）是多少？至少 4 位有效数字。"},
            _m_step(p), num,
            mistakes=distinct_mistakes(_m_step(p), [
                ("labelled_only", _m_step(p, "labelled_only"),
                 {"en": "That is the labelled e-mails' estimate: the M-step adds the unlabelled e-mails' "
                        "weighted counts.",
                  "zh": "这是只用已标记邮件的估计：M 步还要加上未标记邮件的加权计数。"}),
                ("hard", _m_step(p, "hard"),
                 {"en": "That gives each unlabelled e-mail wholly to its likelier class: EM counts it in "
                        "both classes, in proportion to its probabilities.",
                  "zh": "这是把每封未标记邮件整个分给可能性更大的类别：EM 按概率把它分别计入两个类别。"}),
                ("both_full", _m_step(p, "both_full"),
                 {"en": "Each unlabelled e-mail counts once in all, split between the classes by its "
                        "probabilities, not once in each class.",
                  "zh": "每封未标记邮件总共只计一次，按概率分到各类别，而不是在每个类别各计一次。"}),
            ]),
            hints=[{"en": "Weighted counts: N(spam, w) = labelled spam counts + sum over unlabelled e-mails of "
                          "P(spam | e-mail) times the e-mail's count of w.",
                    "zh": "加权计数：N(spam, w) = 已标记垃圾邮件中的计数 + 对每封未标记邮件求 P(spam | 邮件) 乘以该邮件中 w 的次数之和。"}],
            solution="R = m0.predict_proba(X_u)\n"
                     "X2 = np.vstack([X_l, X_u, X_u]); y2 = list(y_l) + [m0.classes_[0]] * 4 + [m0.classes_[1]] * 4\n"
                     "w = np.concatenate([np.ones(len(y_l)), R[:, 0], R[:, 1]])\n"
                     "m1 = MultinomialNB(alpha=1).fit(X2, y2, sample_weight=w)\n"
                     "answer = np.exp(m1.feature_log_prob_[list(m1.classes_).index('spam'), vocab.index(word)])"),
        graded(
            "hw06.markov_blanket_conditional",
            {"en": f"A Gibbs sampler resamples Alarm given every other node: {given}. What is "
                   "P(Alarm = True | the rest)? Use only the tables that mention Alarm. At least 4 "
                   "significant digits.",
             "zh": f"吉布斯采样在其余结点给定时重新采样 Alarm：{given}。P(Alarm = True | 其余结点) 是多少？"
                   "只用提到 Alarm 的表。至少 4 位有效数字。"},
            _blanket(p), num,
            mistakes=distinct_mistakes(_blanket(p), [
                ("own_table", _blanket(p, "own_table"),
                 {"en": "That is Alarm's own table only: its children's calls are evidence about it too.",
                  "zh": "这只用了 Alarm 自己的表：它的子结点（电话）也是关于它的证据。"}),
                ("unnormalised", _blanket(p, "unnormalised"),
                 {"en": "That product is not yet a probability: divide by its sum over Alarm = True and False.",
                  "zh": "这个乘积还不是概率：要除以 Alarm 取 True 和 False 时乘积之和。"}),
                ("john_only", _blanket(p, "john_only"),
                 {"en": "Every child of Alarm contributes a factor, Mary as well as John.",
                  "zh": "Alarm 的每个子结点都贡献一个因子，Mary 和 John 都要算。"}),
            ]),
            hints=[{"en": "P(a | blanket) is proportional to P(a | parents) times P(child | a) for each child.",
                    "zh": "P(a | 马尔可夫毯) 正比于 P(a | 父结点) 乘以每个子结点的 P(子结点 | a)。"}],
            solution="answer = float(net.query('Alarm', {'Burglary': ..., 'Earthquake': ..., "
                     "'JohnCalls': ..., 'MaryCalls': ...})[True])"),
    ]


def cells(p):
    lab = ",\n".join(f"     {d!r}" for d, _ in p["labelled"])
    labels = [c for _, c in p["labelled"]]
    unl = ",\n".join(f"     {d!r}" for d in p["unlabelled"])
    n, b = p["net"], p["blanket"]
    rows = ",\n".join(f"     {r!r}" for r in p["rows"])
    return [
        ("markdown", {"en": "# Homework 6: TAN, the Markov blanket and EM (lessons 10-12)\n\n"
                            "[作业 6：树增强朴素贝叶斯、马尔可夫毯与 EM 算法]\n\n"
                            + STUDENT_INTRO,
                      "zh": "# 作业 6：TAN、马尔可夫毯与 EM 算法（第 10-12 课）\n\n"
                            + STUDENT_INTRO_ZH}),
        ("code", "import numpy as np\n"
                 "import pandas as pd\n\n"
                 "import nbteach\n"
                 "from nbteach import TAN, MultinomialNB, say\n"
                 "from nbteach.semi_naive import conditional_mutual_information\n"
                 "from nbteach.bayesnet import BayesNet\n"
                 "from nbteach.check import exercise, ____\n\n"
                 "# nbteach.set_language(\"zh\")   # 取消注释即可看到中文提示与反馈"),
        ("markdown", {"en": "## A table for TAN [树增强朴素贝叶斯]\n\nFour attributes of a day, and whether a game was played.",
                      "zh": "## 一张用于 TAN（树增强朴素贝叶斯）的表\n\n某一天的四个属性，以及那天是否进行了比赛。"}),
        ("code", f"df = pd.DataFrame([\n{rows}],\n    columns={COLUMNS + ['Play']!r})\n"
                 "X, y = df.drop(columns=\"Play\"), df[\"Play\"]\ndf"),
        ("markdown", {"en": "## Exercise 1: the tree of TAN [树增强朴素贝叶斯]",
                      "zh": "## 练习 1：TAN 的树"}),
        ("code", "q0 = exercise(\"hw06.tan_parent\")\nq0"),
        ("code", f"answer0 = TAN(root={p['tan']['root']!r}).fit(X, y).parents_[{p['tan']['target']!r}]  # SOLUTION"),
        ("code", "q0.check(answer0)"),
        ("markdown", {"en": "## A few labelled e-mails and more unlabelled ones [未标记样本]\n\n"
                            "Each row counts the words of one e-mail (columns in the order of `vocab`).",
                      "zh": "## 几封有标记的电子邮件和更多未标记样本\n\n"
                            "每一行是一封邮件的词频（各列的顺序与 `vocab` 相同）。"}),
        ("code", f"vocab = {VOCAB!r}\n"
                 f"X_l = np.array([\n{lab}])\n"
                 f"y_l = np.array({labels!r})\n"
                 f"X_u = np.array([\n{unl}])   # u1 is the first row\n"
                 f"word = {p['word']!r}\n"
                 "pd.DataFrame(X_l, columns=vocab).assign(**{say(\"label\"): y_l})"),
        ("markdown", {"en": "## Exercise 2: the first E-step [E 步]",
                      "zh": "## 练习 2：第一次 E 步"}),
        ("code", "q1 = exercise(\"hw06.e_step\")\nq1"),
        ("code", "m0 = MultinomialNB(alpha=1).fit(X_l, y_l)  # SOLUTION\n"
                 "answer1 = m0.predict_proba(X_u[:1])[0][list(m0.classes_).index(\"spam\")]  # SOLUTION"),
        ("code", "q1.check(answer1)"),
        ("markdown", {"en": "## Exercise 3: the first M-step [M 步]",
                      "zh": "## 练习 3：第一次 M 步"}),
        ("code", "q2 = exercise(\"hw06.m_step\")\nq2"),
        ("code", "# BEGIN SOLUTION\n"
                 "R = m0.predict_proba(X_u)\n"
                 "X2 = np.vstack([X_l] + [X_u] * len(m0.classes_))\n"
                 "y2 = np.concatenate([y_l] + [[c] * len(X_u) for c in m0.classes_])\n"
                 "w = np.concatenate([np.ones(len(y_l))] + [R[:, k] for k in range(len(m0.classes_))])\n"
                 "m1 = MultinomialNB(alpha=1).fit(X2, y2, sample_weight=w)\n"
                 "# END SOLUTION\n"
                 "answer2 = float(np.exp(m1.feature_log_prob_[list(m1.classes_).index(\"spam\"), vocab.index(word)]))"
                 "  # SOLUTION"),
        ("code", "q2.check(answer2)"),
        ("markdown", {"en": "## An alarm network [贝叶斯网]\n\n"
                            "Burglary and Earthquake can set off the Alarm; John and Mary may call when it rings.",
                      "zh": "## 一个防盗警报网络（贝叶斯网）\n\n"
                            "盗窃（Burglary）和地震（Earthquake）都可能触发警报（Alarm）；警报响时，John 和 Mary 可能会打电话。"}),
        ("code", "import itertools\n\n"
                 "tf = [True, False]\n\n"
                 "def root(q):\n"
                 "    return pd.DataFrame([[q, round(1 - q, 12)]], columns=tf)\n\n"
                 "def given(parents, qs):\n"
                 "    keys = list(itertools.product(tf, repeat=len(parents)))\n"
                 "    index = (pd.Index([k[0] for k in keys], name=parents[0]) if len(parents) == 1\n"
                 "             else pd.MultiIndex.from_tuples(keys, names=parents))\n"
                 "    return pd.DataFrame([[q, round(1 - q, 12)] for q in qs], index=index, columns=tf)\n\n"
                 "net = BayesNet([(\"Burglary\", \"Alarm\"), (\"Earthquake\", \"Alarm\"), (\"Alarm\", \"JohnCalls\"),\n"
                 "                (\"Alarm\", \"MaryCalls\")],\n"
                 f"               {{\"Burglary\": root({n['burglary']}), \"Earthquake\": root({n['earthquake']}),\n"
                 f"                \"Alarm\": given([\"Burglary\", \"Earthquake\"], {n['alarm']!r}),\n"
                 f"                \"JohnCalls\": given([\"Alarm\"], {n['john']!r}),\n"
                 f"                \"MaryCalls\": given([\"Alarm\"], {n['mary']!r})}})\n"
                 "net.cpd(\"Alarm\")"),
        ("markdown", {"en": "## Exercise 4: one node given its Markov blanket [马尔可夫毯]",
                      "zh": "## 练习 4：给定马尔可夫毯时的一个结点"}),
        ("code", "q3 = exercise(\"hw06.markov_blanket_conditional\")\nq3"),
        ("code", f"rest = {dict(b)!r}\n"
                 "answer3 = float(net.query(\"Alarm\", rest)[True])  # SOLUTION"),
        ("code", "q3.check(answer3)"),
        ("markdown", {"en": "## Before you hand in\n\nRestart the kernel and run all cells. Every check cell should say **Correct!**",
                      "zh": "## 交作业之前\n\n重启内核并运行所有单元格。每个检查单元格都应显示 **正确！**（英文提示下为 **Correct!**）。"}),
    ]
