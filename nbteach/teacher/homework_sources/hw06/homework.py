"""Homework 6 (lessons 10-12): TAN, a node given its Markov blanket, and EM. Teacher's source.

Each student's variant has its own table for TAN, its own alarm network (the burglary
network's shape with other numbers) and blanket, and its own small corpus: a few labelled
e-mails and a few unlabelled ones, as word counts; ``DEFAULT`` is the self-study version.
The answers are computed here, by nbteach.

Every exercise is a build-it (issue 33): TAN's tree grown by hand from the conditional mutual
information (``tan_parent``, with ``TAN`` and ``maximum_spanning_tree`` switched off while the
student's function is checked), the first E-step and M-step on the variant's e-mails
(``spam_share``, ``theta_spam``, with ``MultinomialNB``, ``SemiSupervisedNB`` and
``class_feature_counts`` switched off) and the distribution a Gibbs step draws a node from, its
own table times its children's (``blanket_true``, with ``markov_blanket_conditional``,
``BayesNet`` and the library's exact inference switched off). Their public cases are the
variant's data and a few more made with it (``tan_seed``: two TAN tables on which every usual
mistake is told apart); the grader adds hidden ones.
"""
from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pandas as pd

from nbteach import MultinomialNB, SemiSupervisedNB, TAN
from nbteach.bayesnet import BayesNet, markov_blanket_conditional
from nbteach.check._unswitched import unswitched
from nbteach.semi_naive import conditional_mutual_information, maximum_spanning_tree
from nbteach.teacher.homework import STUDENT_INTRO, STUDENT_INTRO_ZH, distinct_mistakes, graded, worked

NAME = "hw06"
NOTEBOOK = "hw06_tan_networks_and_em.ipynb"
#: this homework's code comments in the Chinese notebook (nbteach.teacher.homework.COMMENTS_ZH)
COMMENTS_ZH = {"the weights of TAN's tree: I(x_i; x_j | y) for every pair of attributes":
                   "TAN 树的权重：每一对属性的 I(x_i; x_j | y)",
               "{(the parents' values..., the node's value): probability}, the parents' rows True first":
                   "{(父结点的取值..., 结点自己的取值): 概率}，父结点的各行以 True 在前",
               "every node's parents, and every node's table as a dict":
                   "每个结点的父结点，以及每个结点的表（字典形式）",
               "the state of the chain when Alarm is redrawn (Alarm's current value included)":
                   "重新采样 Alarm 时马尔可夫链的状态（包括 Alarm 当前的取值）"}
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
    "net": {"burglary": 0.02, "earthquake": 0.03, "alarm": [0.95, 0.91, 0.32, 0.005],
            "john": [0.88, 0.06], "mary": [0.71, 0.02]},
    "blanket": {"Burglary": False, "Earthquake": True, "JohnCalls": True, "MaryCalls": False},
    "tan_seed": 3,
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
                     rng.choice([0.26, 0.32, 0.38]), rng.choice([0.002, 0.005, 0.007])],
           "john": [rng.choice([0.84, 0.88, 0.92]), rng.choice([0.04, 0.06, 0.09])],
           "mary": [rng.choice([0.64, 0.71, 0.76]), rng.choice([0.01, 0.02, 0.03])]}
    blanket = {v: rng.choice([True, False]) for v in ("Burglary", "Earthquake", "JohnCalls", "MaryCalls")}
    rows = [[rng.choice(VALUES[c]) for c in COLUMNS] + [rng.choice(["yes", "no"])] for _ in range(rng.randint(12, 16))]
    root, target = rng.sample(COLUMNS, 2)
    return {"rows": rows, "tan": {"root": root, "target": target},
            "labelled": labelled, "unlabelled": unlabelled, "word": rng.choice(VOCAB[:2]),
            "net": net, "blanket": blanket, "tan_seed": rng.randint(1, 10 ** 6)}


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


# ------------------------------------------------------------------ build-it: TAN's tree by hand
_tree_itself = unswitched(maximum_spanning_tree)   # the library's Prim, out of the switch's reach
_TAN_NAMES = ("nbteach.semi_naive.TAN", "nbteach.semi_naive.maximum_spanning_tree")


def _cmi(p):
    X, y = _table(p)
    return conditional_mutual_information(X, y)


def _tan_fn(kind="right"):
    """tan_parent(cmi, root, attribute): the library's answer, or a usual wrong reading of the tree."""
    def f(cmi, root, attribute):
        if kind == "right":
            return _tree_itself(cmi, root=root)[attribute]
        if kind == "root":                       # every attribute hangs from the root (a SPODE)
            return root
        if kind == "strongest":                  # the partner with the largest weight, edge direction ignored
            return str(cmi[attribute].drop(attribute).idxmax())
        if kind == "minimum":                    # the tree of smallest weight
            return _tree_itself(-cmi, root=root)[attribute]
        if kind == "root_ignored":               # grown from the first attribute, whatever the root
            return _tree_itself(cmi, root=cmi.index[0])[attribute]
        raise ValueError(kind)
    return f


def _weights(rng, names):
    """A symmetric table of distinct weights (no tie: Prim's tree does not depend on a tie rule)."""
    values = rng.sample(range(1, 1000), len(names) * (len(names) - 1) // 2)
    w = pd.DataFrame(0.0, index=list(names), columns=list(names))
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]
    for (a, b), v in zip(pairs, values):
        w.loc[a, b] = w.loc[b, a] = v / 1000
    return w


_NAMES = ["Outlook", "Temp", "Humidity", "Wind", "Sky", "Dew"]


def _tan_random(rng, n=None):
    """(cmi, root, attribute) over 2 to 6 attributes with random distinct weights."""
    names = rng.sample(_NAMES, n or rng.randint(2, 6))
    root = rng.choice(names)
    return ((_weights(rng, names), root, rng.choice([a for a in names if a != root])), {})


def _tan_telling(rng):
    """(cmi, root, attribute) on which the right parent and the four usual mistakes' are five different
    attributes. The maximum tree: root - P - X, X - S (X's heaviest edge), X - T - U; every other edge is
    lighter than the tree's, X - U the lightest and root - U the next (so the minimum tree grown from the
    root reaches X through U); U comes first in the table (a tree grown from it reaches X through T)."""
    r, p_, x, s_, t, u = rng.sample(_NAMES, 6)
    tree = {(r, p_): 0.7, (p_, x): 0.5, (x, s_): 0.9, (x, t): 0.6, (t, u): 0.55, (x, u): 0.01, (r, u): 0.02}
    order = [u] + rng.sample([r, p_, x, s_, t], 5)
    w = pd.DataFrame(0.0, index=order, columns=order)
    light = iter(rng.sample(range(30, 450), 15))
    for i, a in enumerate(order):
        for b in order[i + 1:]:
            v = tree.get((a, b), tree.get((b, a)))
            w.loc[a, b] = w.loc[b, a] = v if v is not None else next(light) / 1000
    return ((w, r, x), {})


def _tan_public(p):
    """The variant's own table, and two cases drawn with it on which every usual mistake is told apart."""
    rng = random.Random(p["tan_seed"])
    return [((_cmi(p), p["tan"]["root"], p["tan"]["target"]), {}), _tan_telling(rng), _tan_telling(rng)]


def _tan_hidden(rng):
    """Random tables: two attributes (the other hangs from the root), four, six, any; a telling one."""
    return [_tan_random(rng, 2), _tan_random(rng, 4), _tan_random(rng, 6), _tan_random(rng), _tan_telling(rng)]


# ------------------------------------------------------------------ EM on a small corpus
def _labelled(p):
    X = np.array([d for d, _ in p["labelled"]])
    y = np.array([c for _, c in p["labelled"]])
    return X, y


def _unlabelled(p):
    return np.array(p["unlabelled"])


# ------------------------------------------------------------------ build-its: the first E-step and M-step
_EM_NAMES = ("nbteach.multinomial.MultinomialNB", "nbteach.em.SemiSupervisedNB", "nbteach.counts.class_feature_counts")


def _spam_share_fn(kind="right"):
    """spam_share(X_l, y_l, X_u): P(spam | u) for every unlabelled e-mail under multinomial naive Bayes
    fitted on the labelled ones (alpha = 1), from first principles (MultinomialNB is switched off
    while this is checked), or a usual mistake. (Products without logs give nan on the long e-mails:
    no digest names nan, so that slip is refused as a wrong output, not diagnosed.)"""
    def share(X_l, y_l, X_u):
        X_l, X_u, y_l = np.asarray(X_l, dtype=float), np.asarray(X_u, dtype=float), np.asarray(y_l)
        classes = ["ham", "spam"]
        log_prior = np.log([np.mean(y_l == c) for c in classes])
        counts = np.array([X_l[y_l == c].sum(axis=0) for c in classes]) + 1.0
        log_theta = np.log(counts) - np.log(counts.sum(axis=1, keepdims=True))
        if kind == "prior":
            return np.full(len(X_u), np.exp(log_prior[1]))
        if kind == "no_prior":
            log_prior = np.zeros(2)
        scores = X_u @ log_theta.T + log_prior
        scores = scores - scores.max(axis=1, keepdims=True)
        joint = np.exp(scores)
        return joint[:, 0 if kind == "ham" else 1] / joint.sum(axis=1)
    return share


def _theta_spam_fn(kind="right"):
    """theta_spam(X_l, y_l, X_u): the spam class's word probabilities after one EM iteration (the first
    E-step, then the M-step, alpha = 1), or a usual mistake."""
    def theta(X_l, y_l, X_u):
        X_l, X_u, y_l = np.asarray(X_l, dtype=float), np.asarray(X_u, dtype=float), np.asarray(y_l)
        g = _spam_share_fn()(X_l, y_l, X_u)
        if kind == "labelled_only":
            g = np.zeros(len(X_u))
        elif kind == "hard":
            g = (g > 0.5).astype(float)
        elif kind == "both_full":
            g = np.ones(len(X_u))
        counts = X_l[y_l == "spam"].sum(axis=0) + g @ X_u
        if kind == "no_smoothing":
            return counts / counts.sum()
        return (counts + 1) / (counts.sum() + len(counts))
    return theta


def _corpus(rng, long=1, ham_first=False):
    def doc(kind):
        hi, lo = (lambda: rng.randint(1, 4)), (lambda: rng.randint(0, 2))
        return [hi(), hi(), lo(), lo()] if kind == "spam" else [lo(), lo(), hi(), hi()]

    kinds = ["spam"] * rng.randint(2, 3) + ["ham"] * rng.randint(2, 3)
    if ham_first:
        kinds.reverse()
    X_l = np.array([doc(k) for k in kinds])
    X_u = np.array([[x * long for x in doc(rng.choice(["spam", "ham"]))] for _ in range(rng.randint(1, 4))])
    return ((X_l, np.array(kinds), X_u), {})


def _em_public(p):
    """The variant's e-mails; the same with the unlabelled e-mails 80 times as long (their products
    underflow without logs); the labelled e-mails in reverse order (ham first) with two unlabelled ones."""
    X, y = _labelled(p)
    U = _unlabelled(p)
    return [((X, y, U), {}), ((X, y, U * 80), {}), ((X[::-1].copy(), y[::-1].copy(), U[:2].copy()), {})]


def _em_hidden(rng):
    """Random corpora: one as the homework's, one with long unlabelled e-mails, one listing ham first."""
    return [_corpus(rng), _corpus(rng, long=rng.randint(60, 120)), _corpus(rng, ham_first=True)]


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


# ------------------------------------------------------------------ build-it: P(node | Markov blanket)
_BLANKET_NAMES = ("nbteach.bayesnet.inference.markov_blanket_conditional", "nbteach.bayesnet.network.BayesNet",
                  "nbteach.bayesnet.inference.enumeration_ask", "nbteach.bayesnet.inference.elimination_ask",
                  "nbteach.bayesnet.inference.gibbs_ask")
_PARENTS = {"Burglary": (), "Earthquake": (), "Alarm": ("Burglary", "Earthquake"),
            "JohnCalls": ("Alarm",), "MaryCalls": ("Alarm",)}


def _cpt(n_parents, p_true):
    """{(the parents' values..., the node's value): probability}, the parents' rows True first."""
    rows = itertools.product([True, False], repeat=n_parents)
    return {(*row, x): (p if x else 1 - p) for row, p in zip(rows, p_true) for x in (True, False)}


def _tables(p):
    n = p["net"]
    return {"Burglary": _cpt(0, [n["burglary"]]), "Earthquake": _cpt(0, [n["earthquake"]]),
            "Alarm": _cpt(2, n["alarm"]), "JohnCalls": _cpt(1, n["john"]), "MaryCalls": _cpt(1, n["mary"])}


def _entry(parents, tables, v, s):
    return tables[v][tuple(s[u] for u in parents[v]) + (s[v],)]


def _blanket_fn(kind="right"):
    """blanket_true(parents, tables, node, state): P(node = True | every other node), from the joint
    of the whole state normalised over the node's two values, or a usual mistake."""
    def f(parents, tables, node, state):
        w = {}
        for x in (True, False):
            s = {**state, node: x}
            children = [c for c in parents if node in parents[c]]
            if kind == "right":
                w[x] = math.prod(_entry(parents, tables, v, s) for v in parents)
            elif kind == "own_table":
                w[x] = _entry(parents, tables, node, s)
            elif kind == "first_child_only":
                w[x] = _entry(parents, tables, node, s) * math.prod(_entry(parents, tables, c, s) for c in children[:1])
            elif kind in ("children_only", "unnormalised"):
                w[x] = math.prod(_entry(parents, tables, c, s) for c in children)
                if kind == "unnormalised":
                    w[x] *= _entry(parents, tables, node, s)
        if kind == "unnormalised":
            return w[True]
        return w[True] / (w[True] + w[False])
    return f


def _blanket_public(p):
    """Alarm given the variant's blanket (its current value in the state), then Burglary (a root whose
    child has another parent) and JohnCalls (a leaf: its own table only) in states of the same chain."""
    parents, tables = dict(_PARENTS), _tables(p)
    state = {**p["blanket"], "Alarm": True}
    return [((parents, tables, "Alarm", state), {}),
            ((parents, tables, "Burglary", {**state, "Alarm": not p["blanket"]["MaryCalls"]}), {}),
            ((parents, tables, "JohnCalls", {**state, "Alarm": p["blanket"]["Earthquake"]}), {})]


def _blanket_hidden(rng):
    """Random networks of 3 to 6 boolean nodes (each with up to two parents): a node with children that
    have other parents, a leaf, a root, any node; every table entry strictly between 0 and 1."""
    out = []
    for pick in ("inner", "leaf", "root", "any"):
        names = rng.sample(["A", "B", "C", "D", "E", "F"], rng.randint(4, 6) if pick == "inner" else rng.randint(3, 6))
        parents = {}
        for i, v in enumerate(names):
            parents[v] = tuple(rng.sample(names[:i], rng.randint(1 if i and pick == "inner" else 0, min(2, i))))
        tables = {v: _cpt(len(ps), [rng.randint(1, 19) / 20 for _ in range(2 ** len(ps))]) for v, ps in parents.items()}
        with_children = [v for v in names if any(v in ps for ps in parents.values())]
        leaves = [v for v in names if v not in with_children]
        node = {"inner": rng.choice(with_children or names), "leaf": rng.choice(leaves),
                "root": names[0], "any": rng.choice(names)}[pick]
        state = {v: rng.choice([True, False]) for v in names}
        out.append(((parents, tables, node, state), {}))
    return out


#: the worked code of exercises 1-4: the exercise's solution and the teacher's notebook (which
#: leaves the comments out)
_TAN_PARENT = worked(
    "def tan_parent(cmi, root, attribute):",
    "    parent = {root: None}\n"
    "    while len(parent) < len(cmi):\n"
    "        w, u, v = max((cmi.loc[u, v], u, v) for u in parent for v in cmi.index if v not in parent)\n"
    "        parent[v] = u                # Prim: the heaviest edge out of the tree\n"
    "    return parent[attribute]",
    cell_replace={"# Prim: the heaviest edge out of the tree": ""})
_SPAM_SHARE = worked(
    "def spam_share(X_l, y_l, X_u):",
    "    classes = ['ham', 'spam']\n"
    "    log_prior = np.log([np.mean(y_l == c) for c in classes])\n"
    "    counts = np.array([X_l[y_l == c].sum(axis=0) for c in classes]) + 1   # Laplace\n"
    "    log_theta = np.log(counts / counts.sum(axis=1, keepdims=True))\n"
    "    scores = X_u @ log_theta.T + log_prior\n"
    "    joint = np.exp(scores - scores.max(axis=1, keepdims=True))      # log-sum-exp\n"
    "    return joint[:, 1] / joint.sum(axis=1)",
    cell_replace={"['ham', 'spam']": '["ham", "spam"]', "# Laplace": "", "# log-sum-exp": ""})
_THETA_SPAM = worked(
    "def theta_spam(X_l, y_l, X_u):",
    "    g = spam_share(X_l, y_l, X_u)                      # the E-step\n"
    "    counts = X_l[y_l == 'spam'].sum(axis=0) + g @ X_u  # the M-step: fractional counts\n"
    "    return (counts + 1) / (counts.sum() + len(counts))",
    cell_replace={"# the E-step": "", "'spam'": '"spam"', "# the M-step: fractional counts": ""})
_BLANKET_TRUE = worked(
    "def blanket_true(parents, tables, node, state):",
    "    weight = {}\n"
    "    for x in (True, False):\n"
    "        s = dict(state)\n"
    "        s[node] = x\n"
    "        w = tables[node][tuple(s[u] for u in parents[node]) + (x,)]\n"
    "        for child, ps in parents.items():  # the children's factors\n"
    "            if node in ps:\n"
    "                w = w * tables[child][tuple(s[u] for u in ps) + (s[child],)]\n"
    "        weight[x] = w\n"
    "    return weight[True] / (weight[True] + weight[False])",
    cell_replace={"# the children's factors": ""})


def exercises(p):
    _tan_parent(p)   # a variant whose weights tie, or whose target hangs from the root, is drawn again
    public = _blanket_public(p)[0][0]
    if abs(_blanket_fn()(*public) - float(_net(p).query("Alarm", p["blanket"])[True])) > 1e-9:
        raise AssertionError("the blanket's dict tables and the network disagree")
    b = p["blanket"]
    given = ", ".join(f"{v} = {b[v]}" for v in ("Burglary", "Earthquake", "JohnCalls", "MaryCalls"))
    tan = p["tan"]
    return [
        graded(
            "hw06.tan_parent",
            {"en": "Write tan_parent(cmi, root, attribute): cmi is a DataFrame of the weights I(x_i; x_j | y) between "
                   "every pair of attributes (rows and columns named by the attributes), root the attribute TAN's "
                   "tree grows from. Grow the maximum spanning tree from the root (each step, the heaviest edge from "
                   "the tree to an attribute outside it), every edge directed away from the root, and return the "
                   f"parent of attribute, a string. The check calls it on this table's weights (root {tan['root']!r}, "
                   f"attribute {tan['target']!r}) and on other tables. TAN and maximum_spanning_tree are switched off "
                   "while your function is checked.",
             "zh": "编写 tan_parent(cmi, root, attribute)：cmi 是每一对属性之间权重 I(x_i; x_j | y) 的 DataFrame（行和列"
                   "以属性命名），root 是 TAN 的树生长的起点属性。从根开始生长最大生成树（每一步加入从树连到树外属性的最重的边），"
                   "每条边都从根向外指，返回 attribute 的父属性（字符串）。检查会在这张表的权重上（根为 "
                   f"{tan['root']!r}，属性为 {tan['target']!r}）以及其他权重表上调用它。检查你的函数时，TAN 和 "
                   "maximum_spanning_tree 会被关闭。"},
            _tan_fn(), {"type": "text"}, kind="function",
            public=_tan_public(p), hidden=_tan_hidden,
            forbidden=_TAN_NAMES,
            shortcut=lambda cmi, root, attribute: maximum_spanning_tree(cmi, root=root)[attribute],
            mistakes=[
                ("strongest", _tan_fn("strongest"),
                 {"en": "Your function returns the attribute most tied to it; the tree need not use that edge, or "
                        "may point it the other way. Grow the whole tree from the root, then read the parent.",
                  "zh": "你的函数返回与它关联最强的属性；树不一定用这条边，或者这条边的方向相反。先从根长出整棵树，再读出父属性。"}),
                ("root", _tan_fn("root"),
                 {"en": "Your function makes the root every attribute's parent (that is a SPODE). In TAN only the "
                        "root's neighbours in the tree hang from it; follow the tree.",
                  "zh": "你的函数让根成为每个属性的父属性（那是 SPODE）。在 TAN 中只有树上与根相邻的属性以根为父属性；要沿着树找。"}),
                ("minimum", _tan_fn("minimum"),
                 {"en": "Your tree takes the lightest edges: TAN keeps the strongest dependencies, the heaviest edges.",
                  "zh": "你的树选的是最轻的边：TAN 保留最强的依赖，即最重的边。"}),
                ("root_ignored", _tan_fn("root_ignored"),
                 {"en": "Your tree grows from the first attribute, not from root: the tree is the same, but the "
                        "directions, and so the parents, follow the root.",
                  "zh": "你的树是从第一个属性而不是从 root 开始生长的：树一样，但边的方向、因而父属性，取决于根。"}),
            ],
            hints=[{"en": "Keep a dict attribute -> parent, starting with {root: None}; while an attribute is "
                          "missing, find the heaviest weight between one already in the dict and one not, and add "
                          "that one with the other as its parent.",
                    "zh": "维护一个 属性 -> 父属性 的字典，从 {root: None} 开始；只要还有属性不在其中，就找出字典内一个属性与"
                          "字典外一个属性之间最重的权重，把字典外的那个加进去，父属性是另一个。"}],
            solution=_TAN_PARENT.solution),
        graded(
            "hw06.e_step",
            {"en": "EM starts from naive Bayes fitted on the labelled e-mails alone (multinomial, alpha = 1); its first "
                   "E-step gives each unlabelled e-mail a class distribution. Write spam_share(X_l, y_l, X_u): X_l "
                   "holds the labelled e-mails' word counts (one row an e-mail), y_l their labels ('spam' or 'ham', "
                   "a numpy array), X_u the unlabelled e-mails' counts. Return the array of P(spam | u), one for each "
                   "row u of X_u. The check calls it on these e-mails, on e-mails 80 times as long (compute in logs) "
                   "and on other corpora. MultinomialNB and SemiSupervisedNB are switched off while your function is "
                   "checked.",
             "zh": "EM 从只用已标记邮件拟合的朴素贝叶斯（多项式模型，alpha = 1）出发；第一次 E 步给每封未标记邮件一个类别分布。"
                   "编写 spam_share(X_l, y_l, X_u)：X_l 是已标记邮件的词频（每封邮件一行），y_l 是它们的标记"
                   "（'spam' 或 'ham'，numpy 数组），X_u 是未标记邮件的词频。返回 X_u 每一行 u 的 P(spam | u) 组成的数组。"
                   "检查会在这些邮件上、在长 80 倍的邮件上（要在对数空间里计算）以及别的语料上调用它。检查你的函数时，"
                   "MultinomialNB 和 SemiSupervisedNB 会被关闭。"},
            _spam_share_fn(), {"type": "array", "digits": 6}, kind="function",
            public=_em_public(p), hidden=_em_hidden,
            forbidden=_EM_NAMES,
            shortcut=lambda X_l, y_l, X_u: MultinomialNB(alpha=1).fit(X_l, y_l).predict_proba(X_u)[:, 1],
            mistakes=[
                ("prior", _spam_share_fn("prior"),
                 {"en": "That is the prior P(spam) of the labelled e-mails: the E-step also weighs each e-mail's words.",
                  "zh": "这是已标记邮件的先验 P(spam)：E 步还要考虑每封邮件中的词。"}),
                ("no_prior", _spam_share_fn("no_prior"),
                 {"en": "The words' likelihoods alone are not the posterior: add the log of the class prior first.",
                  "zh": "只有词的似然还不是后验：先加上类别先验的对数。"}),
                ("ham", _spam_share_fn("ham"),
                 {"en": "Those are the P(ham | u): mind which column is spam (the classes in sorted order are ham, spam).",
                  "zh": "这些是 P(ham | u)：注意哪一列是 spam（类别排序后是 ham、spam）。"}),
            ],
            hints=[{"en": "Smoothed word probabilities per class: (count + 1) / (total + number of words). Then, for each "
                          "e-mail and class, log prior + sum of count times log theta; normalise over the two classes.",
                    "zh": "每个类别平滑后的词概率：(计数 + 1) / (总数 + 词数)。然后对每封邮件和每个类别，算 log 先验 + "
                          "词频乘以 log theta 之和；再在两个类别上归一化。"}],
            solution=_SPAM_SHARE.solution),
        graded(
            "hw06.m_step",
            {"en": "The first M-step counts every unlabelled e-mail in every class, weighted by the E-step's "
                   "P(class | e-mail), adds the labelled counts and smooths (alpha = 1). Write theta_spam(X_l, y_l, X_u), "
                   "the array of theta(spam, w), one for each word w (the columns), after this one EM iteration; it may "
                   "call your spam_share. The check calls it on these e-mails and on other corpora. MultinomialNB, "
                   "SemiSupervisedNB and class_feature_counts are switched off while your function is checked.",
             "zh": "第一次 M 步把每封未标记邮件按 E 步给出的 P(类别 | 邮件) 加权计入每个类别，加上已标记邮件的计数，再平滑"
                   "（alpha = 1）。编写 theta_spam(X_l, y_l, X_u)，返回这一轮 EM 迭代之后每个词 w（各列）的 theta(spam, w) "
                   "组成的数组；它可以调用你的 spam_share。检查会在这些邮件和别的语料上调用它。检查你的函数时，MultinomialNB、"
                   "SemiSupervisedNB 和 class_feature_counts 会被关闭。"},
            _theta_spam_fn(), {"type": "array", "digits": 6}, kind="function",
            public=_em_public(p), hidden=_em_hidden,
            forbidden=_EM_NAMES,
            shortcut=lambda X_l, y_l, X_u: np.exp(SemiSupervisedNB(alpha=1, max_iter=1, tol=0).fit(
                np.vstack([X_l, X_u]), list(y_l) + [-1] * len(X_u)).feature_log_prob_[1]),
            mistakes=[
                ("labelled_only", _theta_spam_fn("labelled_only"),
                 {"en": "That is the labelled e-mails' estimate: the M-step adds the unlabelled e-mails' weighted counts.",
                  "zh": "这是只用已标记邮件的估计：M 步还要加上未标记邮件的加权计数。"}),
                ("hard", _theta_spam_fn("hard"),
                 {"en": "That gives each unlabelled e-mail wholly to its likelier class: EM counts it in both classes, "
                        "in proportion to its probabilities.",
                  "zh": "这是把每封未标记邮件整个分给可能性更大的类别：EM 按概率把它分别计入两个类别。"}),
                ("both_full", _theta_spam_fn("both_full"),
                 {"en": "Each unlabelled e-mail counts once in all, split between the classes by its probabilities, "
                        "not once in each class.",
                  "zh": "每封未标记邮件总共只计一次，按概率分到各类别，而不是在每个类别各计一次。"}),
                ("no_smoothing", _theta_spam_fn("no_smoothing"),
                 {"en": "Smooth the fractional counts as the start was smoothed: + 1 for each word, + the number of "
                        "words for the total.",
                  "zh": "分数计数要像起始模型那样平滑：每个词加 1，总数加上词数。"}),
            ],
            hints=[{"en": "Weighted counts: N(spam, w) = labelled spam counts + sum over unlabelled e-mails of "
                          "P(spam | e-mail) times the e-mail's count of w.",
                    "zh": "加权计数：N(spam, w) = 已标记垃圾邮件中的计数 + 对每封未标记邮件求 P(spam | 邮件) 乘以该邮件中 w 的次数之和。"}],
            solution=_THETA_SPAM.solution),
        graded(
            "hw06.markov_blanket_conditional",
            {"en": "A Gibbs sampler redraws one node at a time given every other node. Write blanket_true(parents, "
                   "tables, node, state): parents maps every node to the tuple of its parents, tables maps every node "
                   "to its table as a dict {(the parents' values..., the node's value): probability}, state gives "
                   "every node a value (node's current one included, which the answer must not depend on). Return "
                   "P(node = True | every other node). The check calls it on this network with Alarm redrawn in "
                   f"the state {given}, on other nodes of it and on other networks. markov_blanket_conditional, "
                   "BayesNet and the library's exact inference are switched off while your function is checked.",
             "zh": "吉布斯采样在其余结点都给定时每次重新采样一个结点。编写 blanket_true(parents, tables, node, state)："
                   "parents 把每个结点映射到它的父结点元组，tables 把每个结点映射到它的表，形式为字典 "
                   "{(父结点的取值..., 结点自己的取值): 概率}，state 给出每个结点的取值（包括 node 当前的取值，答案不应依赖它）。"
                   "返回 P(node = True | 其余所有结点)。检查会在这个网络上、在状态 "
                   f"{given} 下重新采样 Alarm 时调用它，也会换成这个网络的其他结点和别的网络。检查你的函数时，"
                   "markov_blanket_conditional、BayesNet 和库中的精确推断会被关闭。"},
            _blanket_fn(), {"type": "number", "digits": 6}, kind="function",
            public=_blanket_public(p), hidden=_blanket_hidden,
            forbidden=_BLANKET_NAMES,
            shortcut=lambda parents, tables, node, state: float(markov_blanket_conditional(BayesNet(
                [(u, v) for v in parents for u in parents[v]]), node, state)[True]),
            mistakes=[
                ("own_table", _blanket_fn("own_table"),
                 {"en": "Your function reads only the node's own table: its children are evidence about it too, "
                        "one factor each.",
                  "zh": "你的函数只读了结点自己的表：它的子结点也是关于它的证据，每个子结点一个因子。"}),
                ("unnormalised", _blanket_fn("unnormalised"),
                 {"en": "That product is not yet a probability: divide by its sum over node = True and node = False.",
                  "zh": "这个乘积还不是概率：要除以 node 取 True 和取 False 时乘积之和。"}),
                ("first_child_only", _blanket_fn("first_child_only"),
                 {"en": "Every child of the node contributes a factor, not only the first one.",
                  "zh": "结点的每个子结点都贡献一个因子，而不只是第一个。"}),
                ("children_only", _blanket_fn("children_only"),
                 {"en": "Your function leaves out the node's own table, P(node | its parents): it is one of the "
                        "factors that mention the node.",
                  "zh": "你的函数漏掉了结点自己的表 P(node | 父结点)：它也是提到这个结点的因子之一。"}),
            ],
            hints=[{"en": "For each value x of the node: set node = x in a copy of the state, multiply the node's own "
                          "entry by one entry of each child's table (a child is a node that has node among its "
                          "parents); then normalise the two products.",
                    "zh": "对结点的每个取值 x：在状态的副本中令 node = x，用结点自己的表项乘以每个子结点表中的一项"
                          "（子结点即父结点中含有 node 的结点）；再把两个乘积归一化。"}],
            solution=_BLANKET_TRUE.solution),
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
        ("markdown", {"en": "## Exercise 1: the tree of TAN [树增强朴素贝叶斯], by hand\n\n"
                            "Write `tan_parent(cmi, root, attribute)`: grow TAN's maximum spanning tree from the root "
                            "over the weights `cmi`, and return the parent of `attribute`. `TAN` and "
                            "`maximum_spanning_tree` are switched off while your function is checked.",
                      "zh": "## 练习 1：手工构造 TAN 的树\n\n"
                            "编写 `tan_parent(cmi, root, attribute)`：在权重 `cmi` 上从根开始生长 TAN 的最大生成树，"
                            "返回 `attribute` 的父属性。检查你的函数时，`TAN` 和 `maximum_spanning_tree` 会被关闭。"}),
        ("code", "q0 = exercise(\"hw06.tan_parent\")\nq0"),
        ("code", "cmi = conditional_mutual_information(X, y)   "
                 "# the weights of TAN's tree: I(x_i; x_j | y) for every pair of attributes\ncmi.round(4)"),
        ("code", _TAN_PARENT.cell),
        ("code", "q0.check(tan_parent)"),
        ("markdown", {"en": "## A few labelled e-mails and more unlabelled ones [未标记样本]\n\n"
                            "Each row counts the words of one e-mail (columns in the order of `vocab`).",
                      "zh": "## 几封有标记的电子邮件和更多未标记样本\n\n"
                            "每一行是一封邮件的词频（各列的顺序与 `vocab` 相同）。"}),
        ("code", f"vocab = {VOCAB!r}\n"
                 f"X_l = np.array([\n{lab}])\n"
                 f"y_l = np.array({labels!r})\n"
                 f"X_u = np.array([\n{unl}])\n"
                 "pd.DataFrame(X_l, columns=vocab).assign(**{say(\"label\"): y_l})"),
        ("markdown", {"en": "## Exercise 2: the first E-step [E 步]\n\n"
                            "Write `spam_share(X_l, y_l, X_u)`: naive Bayes on the labelled e-mails (alpha = 1), then "
                            "P(spam | u) for every unlabelled e-mail u. `MultinomialNB` and `SemiSupervisedNB` are "
                            "switched off while your function is checked.",
                      "zh": "## 练习 2：第一次 E 步\n\n"
                            "编写 `spam_share(X_l, y_l, X_u)`：在已标记邮件上拟合朴素贝叶斯（alpha = 1），再求每封未标记邮件 u "
                            "的 P(spam | u)。检查你的函数时，`MultinomialNB` 和 `SemiSupervisedNB` 会被关闭。"}),
        ("code", "q1 = exercise(\"hw06.e_step\")\nq1"),
        ("code", _SPAM_SHARE.cell),
        ("code", "q1.check(spam_share)"),
        ("markdown", {"en": "## Exercise 3: the first M-step [M 步]\n\n"
                            "Write `theta_spam(X_l, y_l, X_u)`: the spam class's word probabilities after one EM "
                            "iteration. It may call your `spam_share`. `MultinomialNB`, `SemiSupervisedNB` and "
                            "`class_feature_counts` are switched off while your function is checked.",
                      "zh": "## 练习 3：第一次 M 步\n\n"
                            "编写 `theta_spam(X_l, y_l, X_u)`：一轮 EM 迭代之后 spam 类别的词概率。它可以调用你的 `spam_share`。"
                            "检查你的函数时，`MultinomialNB`、`SemiSupervisedNB` 和 `class_feature_counts` 会被关闭。"}),
        ("code", "q2 = exercise(\"hw06.m_step\")\nq2"),
        ("code", _THETA_SPAM.cell),
        ("code", "q2.check(theta_spam)"),
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
        ("markdown", {"en": "## Exercise 4: one node given its Markov blanket [马尔可夫毯]\n\n"
                            "The same network as dicts: `parents` gives every node's parents, `tables` every node's "
                            "table. Write `blanket_true(parents, tables, node, state)`, the probability a Gibbs step "
                            "draws `node = True` with. `markov_blanket_conditional`, `BayesNet` and the library's exact "
                            "inference are switched off while your function is checked.",
                      "zh": "## 练习 4：给定马尔可夫毯时的一个结点\n\n"
                            "同一个网络的字典形式：`parents` 给出每个结点的父结点，`tables` 给出每个结点的表。编写 "
                            "`blanket_true(parents, tables, node, state)`，即吉布斯采样的一步抽到 `node = True` 的概率。"
                            "检查你的函数时，`markov_blanket_conditional`、`BayesNet` 和库中的精确推断会被关闭。"}),
        ("code", "q3 = exercise(\"hw06.markov_blanket_conditional\")\nq3"),
        ("code", "def cpt(n_parents, p_true):\n"
                 "    # {(the parents' values..., the node's value): probability}, the parents' rows True first\n"
                 "    rows = itertools.product([True, False], repeat=n_parents)\n"
                 "    return {(*row, x): (p if x else 1 - p) for row, p in zip(rows, p_true) for x in (True, False)}\n\n"
                 "# every node's parents, and every node's table as a dict\n"
                 "parents = {\"Burglary\": (), \"Earthquake\": (), \"Alarm\": (\"Burglary\", \"Earthquake\"),\n"
                 "           \"JohnCalls\": (\"Alarm\",), \"MaryCalls\": (\"Alarm\",)}\n"
                 f"tables = {{\"Burglary\": cpt(0, [{n['burglary']}]), \"Earthquake\": cpt(0, [{n['earthquake']}]),\n"
                 f"          \"Alarm\": cpt(2, {n['alarm']!r}),\n"
                 f"          \"JohnCalls\": cpt(1, {n['john']!r}), \"MaryCalls\": cpt(1, {n['mary']!r})}}\n"
                 "# the state of the chain when Alarm is redrawn (Alarm's current value included)\n"
                 f"state = {{**{dict(b)!r}, \"Alarm\": True}}\n"
                 "tables[\"Alarm\"]"),
        ("code", _BLANKET_TRUE.cell),
        ("code", "q3.check(blanket_true)"),
        ("markdown", {"en": "## Before you hand in\n\nRestart the kernel and run all cells. Every check cell should say **Correct!**",
                      "zh": "## 交作业之前\n\n重启内核并运行所有单元格。每个检查单元格都应显示 **正确！**（英文提示下为 **Correct!**）。"}),
    ]
