"""Homework 5 (lessons 10-11): semi-naive Bayes and Bayesian networks. Teacher's source.

Each student's variant has its own training table (10 to 14 rows over three attributes),
its own SPODE factor to smooth with its own alpha, its own passenger-like query for AODE (a
build-it: the student writes AODE's posterior from the counts, AODE, SPODE, TAN and CategoricalNB
switched off; the network's joint and the Markov blanket are build-its too, with BayesNet and its
markov_blanket switched off),
its own tables for a three-node network (Rain -> WetGrass <- Sprinkler) and its own query
on it: P(Rain | WetGrass) beside P(Rain | WetGrass, Sprinkler), and which statement explains
the difference; ``DEFAULT`` is the self-study version. The answers are computed here, by nbteach.
"""
from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pandas as pd

from nbteach.bayesnet import BayesNet
from nbteach.semi_naive import AODE, SPODE
from nbteach.teacher.homework import STUDENT_INTRO, STUDENT_INTRO_ZH, distinct_mistakes, graded, worked

NAME = "hw05"
NOTEBOOK = "hw05_semi_naive_and_networks.ipynb"
COLUMNS = ["Outlook", "Wind", "Humidity"]
VALUES = {"Outlook": ["sunny", "overcast", "rain"], "Wind": ["weak", "strong"], "Humidity": ["normal", "high"]}
CLASSES = ["no", "yes"]
#: the code comments of this homework's cells, in the Chinese notebook
COMMENTS_ZH = {"the network above as plain tables: node -> (its parents, P(node = True | their values))":
               "把上面的网络写成普通的表：结点 -> (它的父结点, P(结点 = True | 父结点的取值))"}

DEFAULT = {
    "rows": [["sunny", "weak", "high", "no"], ["sunny", "strong", "high", "no"],
             ["overcast", "weak", "high", "yes"], ["rain", "weak", "high", "yes"],
             ["rain", "weak", "normal", "yes"], ["rain", "strong", "normal", "no"],
             ["overcast", "strong", "normal", "yes"], ["sunny", "weak", "high", "no"],
             ["sunny", "weak", "normal", "yes"], ["rain", "weak", "normal", "yes"],
             ["sunny", "strong", "normal", "yes"], ["overcast", "strong", "high", "yes"]],
    "factor": {"parent": "Outlook", "parent_value": "sunny", "child": "Humidity", "child_value": "high",
               "class": "no", "alpha": 1},
    "query": {"Outlook": "rain", "Wind": "strong", "Humidity": "high"},
    "net": {"rain": 0.27, "sprinkler": 0.38, "wet": [0.97, 0.86, 0.74, 0.04]},
    "config": {"Rain": False, "Sprinkler": True, "WetGrass": True},
    "evidence": {"WetGrass": True, "Sprinkler": True},
    "cases": [[{"a": [], "b": ["a"], "c": ["b"]}, "b"],
              [{"r": [], "s": [], "w": ["r", "s"], "x": ["w"]}, "r"]],
}


#: the worked code of exercises 2, 3 and 5 (aode_yes counted from the table as a student would):
#: the exercise's solution and the teacher's notebook
_AODE_YES = worked(
    "def aode_yes(X, y, day):",
    "    cols, n, classes = list(X.columns), len(y), sorted(set(y))\n"
    "    N, size = len(classes), {c: X[c].nunique() for c in cols}\n"
    "    def rows(k, **fixed):   # |D_{c, ...}|\n"
    "        mask = y == k\n"
    "        for c, v in fixed.items():\n"
    "            mask = mask & (X[c] == v)\n"
    "        return int(mask.sum())\n"
    "    serving = [i for i in cols if (X[i] == day[i]).any()]\n"
    "    score = {}\n"
    "    for k in classes:\n"
    "        if not serving:   # naive Bayes, the prior smoothed\n"
    "            s = Fraction(rows(k) + 1, n + N)\n"
    "            for j in cols:\n"
    "                s *= Fraction(rows(k, **{j: day[j]}) + 1, rows(k) + size[j])\n"
    "            score[k] = s\n"
    "            continue\n"
    "        score[k] = 0\n"
    "        for i in serving:\n"
    "            pair = rows(k, **{i: day[i]})\n"
    "            s = Fraction(pair + 1, n + N * size[i])\n"
    "            for j in cols:\n"
    "                if j != i:\n"
    "                    s *= Fraction(rows(k, **{i: day[i], j: day[j]}) + 1, pair + size[j])\n"
    "            score[k] += s\n"
    "    return float(score['yes'] / sum(score.values()))")
_JOINT_PROBABILITY = worked(
    "def joint_probability(tables, assignment):",
    "    p = 1.0\n"
    "    for node, (parents, table) in tables.items():\n"
    "        p_true = table[tuple(assignment[u] for u in parents)]\n"
    "        p *= p_true if assignment[node] else 1 - p_true\n"
    "    return p")
_MARKOV_BLANKET = worked(
    "def markov_blanket(parents, node):",
    "    children = [c for c, ps in parents.items() if node in ps]\n"
    "    out = set(parents[node]) | set(children)\n"
    "    for c in children:\n"
    "        out |= set(parents[c])\n"
    "    out.discard(node)\n"
    "    return ', '.join(sorted(out))",
    cell_replace={"', '": '", "'})


def params(rng):
    """A table of 10-14 rows, a SPODE cell, an AODE query, a network and its queries."""
    n = rng.randint(10, 14)
    rows = [[rng.choice(VALUES[c]) for c in COLUMNS] + [rng.choice(CLASSES)] for _ in range(n)]
    for c in CLASSES:  # both classes present
        rng.choice(rows)[-1] = c
    parent, child = rng.sample(COLUMNS, 2)
    r = rng.choice(rows)  # a cell seen in the data: its pair count is at least 1
    factor = {"parent": parent, "parent_value": r[COLUMNS.index(parent)], "child": child,
              "child_value": rng.choice(VALUES[child]), "class": r[-1], "alpha": rng.choice([1, 2])}
    seen = {c: sorted({row[i] for row in rows}) for i, c in enumerate(COLUMNS)}
    query = {c: rng.choice(seen[c]) for c in COLUMNS}
    # probabilities with two uneven decimals, so that no table entry reads like an answer
    net = {"rain": rng.choice([0.21, 0.27, 0.34]), "sprinkler": rng.choice([0.31, 0.38, 0.46]),
           "wet": [rng.choice([0.93, 0.97, 0.99]), rng.choice([0.71, 0.78, 0.86]),
                   rng.choice([0.62, 0.69, 0.74]), rng.choice([0.02, 0.04, 0.07])]}
    config = {"Rain": rng.choice([True, False]), "Sprinkler": rng.choice([True, False]), "WetGrass": True}
    evidence = {"WetGrass": True, "Sprinkler": rng.choice([True, False])}
    cases = DEFAULT["cases"] + [_random_dag(rng)]
    return {"rows": rows, "factor": factor, "query": query, "net": net, "config": config,
            "evidence": evidence, "cases": cases}


def _random_dag(rng):
    names = rng.sample(list("abcdefgh"), rng.randint(4, 6))
    parents = {v: sorted(u for u in names[:i] if rng.random() < 0.45) for i, v in enumerate(names)}
    return [parents, rng.choice(names)]


def _frame(p):
    df = pd.DataFrame(p["rows"], columns=COLUMNS + ["Play"])
    return df[COLUMNS], df["Play"]


def _factor(p, kind="right"):
    X, y = _frame(p)
    f, a = p["factor"], p["factor"]["alpha"]
    m = SPODE(parent=f["parent"], alpha=a).fit(X, y)
    names = list(m.feature_names_in_)
    i, j = names.index(f["parent"]), names.index(f["child"])
    c = list(m.classes_).index(f["class"])
    xi = m.categories_[i].index(f["parent_value"])
    nj = len(m.categories_[j])
    tri = int(m.triple_count_[i, j][c, xi, m.categories_[j].index(f["child_value"])]) \
        if f["child_value"] in m.categories_[j] else 0
    pair = int(m.pair_count_[i][c, xi])
    if kind == "right":
        return Fraction(tri + a, pair + a * nj)
    if kind == "unsmoothed":
        return Fraction(tri, pair) if pair else None
    if kind == "alpha_once":
        return Fraction(tri + a, pair + a)
    n_c = int(m.class_count_[c])
    n_cj = int(((y == f["class"]) & (X[f["child"]] == f["child_value"])).sum())
    return Fraction(n_cj + a, n_c + a * nj)  # naive Bayes' P(x_j | c)


def _net(p):
    tf = [True, False]
    w = p["net"]["wet"]
    wet = pd.DataFrame([[q, round(1 - q, 12)] for q in w], columns=tf,
                       index=pd.MultiIndex.from_product([tf, tf], names=["Rain", "Sprinkler"]))
    return BayesNet([("Rain", "WetGrass"), ("Sprinkler", "WetGrass")],
                    {"Rain": pd.DataFrame([[p["net"]["rain"], 1 - p["net"]["rain"]]], columns=tf),
                     "Sprinkler": pd.DataFrame([[p["net"]["sprinkler"], 1 - p["net"]["sprinkler"]]], columns=tf),
                     "WetGrass": wet})


def _tables(p):
    """The variant's network as plain tables: node -> (its parents, {parents' values: P(node = True | them)})."""
    w = p["net"]["wet"]
    return {"Rain": ([], {(): p["net"]["rain"]}), "Sprinkler": ([], {(): p["net"]["sprinkler"]}),
            "WetGrass": (["Rain", "Sprinkler"], {(True, True): w[0], (True, False): w[1],
                                                 (False, True): w[2], (False, False): w[3]})}


def _joint_fn(kind="right"):
    """joint_probability(tables, assignment) -> P(assignment) = prod_v P(x_v | x_pa(v)) from the definition,
    or a usual mistake: P(node = True | ...) taken whatever the node's value, the factors added, the
    children's factors left out (only the roots' priors), the parents' values ignored (the first row)."""
    def joint_probability(tables, assignment):
        total = 0.0 if kind == "added" else 1.0
        for node, (parents, table) in tables.items():
            if kind == "roots_only" and parents:
                continue
            key = tuple(assignment[u] for u in parents)
            if kind == "parents_ignored":
                key = next(iter(table))
            p_true = table[key]
            factor = p_true if assignment[node] or kind == "true_always" else 1 - p_true
            total = total + factor if kind == "added" else total * factor
        return total
    return joint_probability


def _random_tables(rng):
    """A random network over 1 to 5 nodes (parents drawn among the earlier nodes), its tables with
    two-decimal probabilities, and a random assignment."""
    names = rng.sample(list("abcdefgh"), rng.randint(1, 5))
    tables = {}
    for i, v in enumerate(names):
        parents = sorted(u for u in names[:i] if rng.random() < 0.5)
        keys = [()]
        for _ in parents:
            keys = [k + (b,) for k in keys for b in (True, False)]
        tables[v] = (parents, {k: rng.randint(1, 99) / 100 for k in keys})
    return tables, {v: rng.choice([True, False]) for v in names}


def _joint_hidden(rng):
    out = [(_random_tables(rng), {}) for _ in range(4)]
    tables, _ = _random_tables(rng)
    out.append(((tables, {v: False for v in tables}), {}))        # every node False: only 1 - p factors
    return out


def _joint_public(p):
    """The variant's network at its configuration, every node False there, and a four-node chain."""
    chain = {"a": ([], {(): 0.3}), "b": (["a"], {(True,): 0.8, (False,): 0.1}),
             "c": (["b"], {(True,): 0.35, (False,): 0.6}), "d": (["a", "c"], {(True, True): 0.9, (True, False): 0.45,
                                                                             (False, True): 0.25, (False, False): 0.05})}
    config = dict(p["config"])
    return [((_tables(p), config), {}), ((_tables(p), {"Rain": False, "Sprinkler": False, "WetGrass": False}), {}),
            ((chain, {"a": True, "b": False, "c": True, "d": False}), {})]


def _joint_shortcut(tables, assignment):
    """The one library call that would answer: the network built and its joint table read."""
    tf = [True, False]
    cpds = {}
    for v, (parents, table) in tables.items():
        rows = [[table[k], 1 - table[k]] for k in table]
        index = pd.MultiIndex.from_tuples(list(table), names=parents) if parents else None
        cpds[v] = pd.DataFrame(rows, columns=tf, index=index)
    net = BayesNet([(u, v) for v, (ps, _) in tables.items() for u in ps], cpds, nodes=list(tables))
    return float(net.joint()[tuple(assignment[v] for v in net.nodes)])


def _posterior(p, evidence=None):
    return float(_net(p).query("Rain", p["evidence"] if evidence is None else evidence)[True])


def _side_by_side(p, kind="right"):
    """[P(Rain | WetGrass), P(Rain | WetGrass, Sprinkler = s)], or a mistake's version of it."""
    wet = {"WetGrass": True}
    flipped = {"WetGrass": True, "Sprinkler": not p["evidence"]["Sprinkler"]}
    first, second = _posterior(p, wet), _posterior(p)
    if kind == "sprinkler_ignored":
        second = first
    elif kind == "prior":
        first = p["net"]["rain"]
    elif kind == "swapped":
        first, second = second, first
    elif kind == "inverted":  # P(WetGrass | Rain): summed over the sprinkler, the other way round
        s, w = p["net"]["sprinkler"], p["net"]["wet"]
        first = s * w[0] + (1 - s) * w[1]
    elif kind == "sprinkler_flipped":
        second = _posterior(p, flipped)
    return np.array([first, second])


#: The statements of hw05.explaining_away_why (the same for every variant).
WHY = {
    "a": {"en": "Learning the sprinkler's state lowers P(Rain): the sprinkler accounts for the wet grass, so "
                "rain is needed less to explain it.",
          "zh": "得知洒水器的状态降低了 P(Rain)：洒水器解释了草地为什么湿，所以不那么需要用下雨来解释。"},
    "b": {"en": "Learning the sprinkler's state raises P(Rain): with the sprinkler ruled out, rain is left as "
                "the likelier cause of the wet grass.",
          "zh": "得知洒水器的状态提高了 P(Rain)：洒水器被排除后，下雨成了草地湿的更可能的原因。"},
    "c": {"en": "It moves P(Rain) because Rain and Sprinkler depend on each other even before the grass is seen.",
          "zh": "它改变了 P(Rain)，因为即使还没看到草地，Rain 与 Sprinkler 也相互依赖。"},
    "d": {"en": "It cannot move P(Rain), since Sprinkler is not a parent of Rain; any difference is rounding.",
          "zh": "它不可能改变 P(Rain)，因为 Sprinkler 不是 Rain 的父结点；任何差别都只是舍入误差。"},
}


def _why(p):
    first, second = _side_by_side(p)
    return "a" if second < first else "b"


#: the library names that would compute a one-dependence posterior for the student: switched off
#: while hw05.aode_function is checked
_ONE_DEPENDENCE = ("nbteach.semi_naive.AODE", "nbteach.semi_naive.SPODE", "nbteach.semi_naive.TAN",
                   "nbteach.categorical.CategoricalNB")


def _aode_fn(kind="right"):
    """aode_yes(X, y, day) -> P(yes | day) under AODE(m=1, alpha=1), written from the counts (the
    library's formulas: P(c, x_i) = (|D_{c,x_i}| + 1) / (|D| + N N_i), P(x_j | c, x_i) =
    (|D_{c,x_i,x_j}| + 1) / (|D_{c,x_i}| + N_j), the SPODEs of the attributes whose value of the day
    occurs in the table added class by class; naive Bayes with a smoothed prior if none does), or a
    usual mistake: naive Bayes, the SPODEs' posteriors averaged, one SPODE only, N left out of
    P(c, x_i)'s denominator, an unseen value serving as super-parent."""
    def aode_yes(X, y, day):
        cols = list(X.columns)
        labels = list(y)
        classes = sorted(set(labels))
        rows = [dict(zip(cols, r)) for r in X.itertuples(index=False)]
        n, N = len(labels), len(classes)
        size = {c: len(set(X[c])) for c in cols}

        def count(k, **fixed):
            return sum(1 for r, lab in zip(rows, labels) if lab == k and all(r[c] == v for c, v in fixed.items()))

        def spode(k, i):
            pair = count(k, **{i: day[i]})
            below = n + (size[i] if kind == "N_left_out" else N * size[i])
            score = Fraction(pair + 1, below)
            for j in cols:
                if j != i:
                    score *= Fraction(count(k, **{i: day[i], j: day[j]}) + 1, pair + size[j])
            return score

        def naive(k, smooth_prior=True):
            n_k = count(k)
            score = Fraction(n_k + 1, n + N) if smooth_prior else Fraction(n_k, n)
            for j in cols:
                score *= Fraction(count(k, **{j: day[j]}) + 1, n_k + size[j])
            return score

        def share(scores):
            return float(scores["yes"] / sum(scores.values()))

        seen = [c for c in cols if kind == "unseen_serves" or any(r[c] == day[c] for r in rows)]
        if kind == "naive_bayes":
            return share({k: naive(k, smooth_prior=False) for k in classes})
        if kind == "one_spode":
            return share({k: spode(k, cols[0]) for k in classes})
        if kind == "averaged_posteriors" and seen:
            return sum(share({k: spode(k, i) for k in classes}) for i in seen) / len(seen)
        if not seen:
            return share({k: naive(k) for k in classes})
        return share({k: sum(spode(k, i) for i in seen) for k in classes})
    return aode_yes


def _aode_cases(rng, n_cases):
    """Random tables over the homework's three attributes (8-14 rows, both classes), each with a day;
    the last day has one value the table never shows (that attribute cannot serve)."""
    out = []
    for t in range(n_cases):
        rows = [[rng.choice(VALUES[c]) for c in COLUMNS] + [rng.choice(CLASSES)] for _ in range(rng.randint(8, 14))]
        rows[0][-1], rows[1][-1] = CLASSES
        if t == n_cases - 1:   # Outlook's value of the day never occurs in the table
            unseen = rng.choice(VALUES["Outlook"])
            for r in rows:
                if r[0] == unseen:
                    r[0] = rng.choice([v for v in VALUES["Outlook"] if v != unseen])
        df = pd.DataFrame(rows, columns=COLUMNS + ["Play"])
        day = {c: rng.choice(sorted(set(df[c]))) for c in COLUMNS}
        if t == n_cases - 1:
            day["Outlook"] = unseen
        out.append(((df[COLUMNS], df["Play"], day), {}))
    return out


def _aode_hidden(rng):
    return _aode_cases(rng, 4)


def _blanket_fn(which):
    """markov_blanket(parents, node) from the definition (parents, children, the children's other
    parents), or a usual mistake: the co-parents left out, the parents only."""
    def blanket(parents, node):
        children = [c for c, ps in parents.items() if node in ps]
        out = set(parents[node])
        if which != "parents":
            out |= set(children)
        if which == "right":
            for c in children:
                out |= set(parents[c])
        out.discard(node)
        return ", ".join(sorted(out))
    return blanket


def _hidden(rng):
    return [((*_random_dag(rng),), {}) for _ in range(6)]




def exercises(p):
    f = p["factor"]
    num = {"type": "number", "digits": 4}
    ev = p["evidence"]
    sprinkler_word = "on" if ev["Sprinkler"] else "off"
    cfg = p["config"]
    X, y = _frame(p)
    return [
        graded(
            "hw05.spode_factor",
            {"en": f"A SPODE with super-parent {f['parent']} and alpha = {f['alpha']} needs "
                   f"P({f['child']} = {f['child_value']} | Play = {f['class']}, {f['parent']} = {f['parent_value']}). "
                   "What is it? An exact Fraction.",
             "zh": f"以 {f['parent']} 为超父、alpha = {f['alpha']} 的 SPODE 需要 "
                   f"P({f['child']} = {f['child_value']} | Play = {f['class']}, {f['parent']} = {f['parent_value']})。"
                   "它等于多少？给出精确分数（Fraction）。"},
            _factor(p), {"type": "exact"},
            mistakes=distinct_mistakes(_factor(p), [
                ("unsmoothed", _factor(p, "unsmoothed"),
                 {"en": "That is the unsmoothed ratio of counts: add alpha to the count and alpha per value "
                        "of the child attribute to the denominator.",
                  "zh": "这是未平滑的计数之比：分子加 alpha，分母为子属性的每个取值各加 alpha。"}),
                ("alpha_once", _factor(p, "alpha_once"),
                 {"en": "The denominator gets alpha once per value of the child attribute, not once in all.",
                  "zh": "分母要为子属性的每个取值各加一次 alpha，而不是总共一次。"}),
                ("naive", _factor(p, "naive"),
                 {"en": "That is naive Bayes' P(x_j | c): a SPODE also conditions on the super-parent's value.",
                  "zh": "这是朴素贝叶斯的 P(x_j | c)：SPODE 还要以超父的取值为条件。"}),
            ]),
            hints=[{"en": "Count the rows of that class with that value of the super-parent; among them, "
                          "the rows with the child's value.",
                    "zh": "数出该类别中超父取该值的行；再数其中子属性取该值的行。"}],
            solution="m = SPODE(parent=..., alpha=...).fit(X, y)\nm.explain(query)   # the factor's row, "
                     "the class's column: (count + alpha) / (rows + alpha * N_j)"),
        graded(
            "hw05.aode_posterior",
            {"en": "Write aode_yes(X, y, day): X is a table of attributes (a DataFrame), y the class of each row ('no' "
                   "or 'yes'), day a dict attribute -> value. Return P(yes | day) under AODE with m = 1 and the Laplace "
                   "correction, a float: an attribute serves as super-parent when the day's value of it occurs in X; "
                   "each serving SPODE's score is P(c, x_i) times P(x_j | c, x_i) over the other attributes, with "
                   "P(c, x_i) = (|D_{c,x_i}| + 1) / (|D| + N N_i) and P(x_j | c, x_i) = (|D_{c,x_i,x_j}| + 1) / "
                   "(|D_{c,x_i}| + N_j) (N classes, N_i values of attribute i in X); the scores are added class by "
                   "class, then normalised. If no attribute serves, use naive Bayes with the prior smoothed the same way, "
                   "(|D_c| + 1) / (|D| + N). AODE, SPODE, TAN and CategoricalNB are switched off while your function is "
                   "checked. At least 6 significant digits.",
             "zh": "编写 aode_yes(X, y, day)：X 是属性表（DataFrame），y 是每一行的类别（'no' 或 'yes'），day 是 属性 -> 取值 的字典。"
                   "返回 m = 1、使用拉普拉斯修正的 AODE 给出的 P(yes | day)，为浮点数：day 在某属性上的取值在 X 中出现过时，该属性才能充当超父；"
                   "每个超父的 SPODE 得分是 P(c, x_i) 乘以其他属性的 P(x_j | c, x_i)，其中 "
                   "P(c, x_i) = (|D_{c,x_i}| + 1) / (|D| + N N_i)，P(x_j | c, x_i) = (|D_{c,x_i,x_j}| + 1) / (|D_{c,x_i}| + N_j)"
                   "（N 为类别数，N_i 为属性 i 在 X 中的取值个数）；按类别把这些得分相加，再归一化。若没有属性能充当超父，"
                   "就用先验概率同样平滑的朴素贝叶斯，(|D_c| + 1) / (|D| + N)。检查你的函数时，AODE、SPODE、TAN 和 CategoricalNB "
                   "会被关闭。至少 6 位有效数字。"},
            _aode_fn(), {"type": "number", "digits": 6}, kind="function",
            public=[((X, y, dict(p["query"])), {})] + _aode_cases(random.Random(len(p["rows"])), 2),
            hidden=_aode_hidden,
            forbidden=_ONE_DEPENDENCE,
            shortcut=lambda X, y, day: float(AODE(m=1, alpha=1).fit(X, y).predict_proba(
                pd.DataFrame([day])[list(X.columns)])[0][list(sorted(set(y))).index("yes")]),
            mistakes=[
                ("naive_bayes", _aode_fn("naive_bayes"),
                 {"en": "That is naive Bayes: AODE adds up the SPODEs, one per super-parent, each letting the other "
                        "attributes depend on the super-parent too.",
                  "zh": "这是朴素贝叶斯：AODE 要把每个超父的 SPODE 相加，每个 SPODE 都让其他属性也依赖于超父。"}),
                ("one_spode", _aode_fn("one_spode"),
                 {"en": f"That is a single SPODE (super-parent {COLUMNS[0]}); AODE adds the SPODE of every attribute "
                        "that serves.",
                  "zh": f"这是单个 SPODE（超父 {COLUMNS[0]}）；AODE 要把每个能充当超父的属性的 SPODE 相加。"}),
                ("averaged_posteriors", _aode_fn("averaged_posteriors"),
                 {"en": "Your function averages the SPODEs' posteriors. AODE adds their scores (the numerators) class "
                        "by class and normalises once.",
                  "zh": "你的函数对各 SPODE 的后验概率取平均。AODE 是按类别把它们的得分（分子）相加，最后只归一化一次。"}),
                ("N_left_out", _aode_fn("N_left_out"),
                 {"en": "Your P(c, x_i) divides by |D| + N_i: it is a joint of the class and the value, so the "
                        "pseudo-counts go to every (class, value) pair, N N_i of them.",
                  "zh": "你的 P(c, x_i) 除以的是 |D| + N_i：它是类别与取值的联合概率，伪计数要加给每一个 (类别, 取值) 组合，共 N N_i 个。"}),
                ("unseen_serves", _aode_fn("unseen_serves"),
                 {"en": "An attribute whose value of the day never occurs in the table cannot serve as super-parent "
                        "(m = 1): leave its SPODE out.",
                  "zh": "day 在某属性上的取值从未在表中出现时，该属性不能充当超父（m = 1）：不要加上它的 SPODE。"}),
            ],
            hints=[{"en": "Count first: |D_{c,x_i}| and |D_{c,x_i,x_j}| are numbers of rows of X with those values "
                          "(and class c). Exact Fractions keep the arithmetic honest; return a float at the end.",
                    "zh": "先计数：|D_{c,x_i}| 和 |D_{c,x_i,x_j}| 是 X 中取这些值（且类别为 c）的行数。用精确的 Fraction 计算更可靠；"
                          "最后返回浮点数。"},
                   {"en": "The question asks for the class 'yes': divide its summed score by the sum over both classes.",
                    "zh": "题目问的是类别 'yes'：用它的得分之和除以两个类别的得分之和。"}],
            solution=_AODE_YES.solution),
        graded(
            "hw05.joint_probability",
            {"en": "Write joint_probability(tables, assignment): tables maps every node of a network of True/False "
                   "nodes to (its parents, its table): the parents a list of node names, the table a dict from the "
                   "tuple of the parents' values (in that order; () for a node without parents) to P(node = True | "
                   "those values). assignment maps every node to True or False. Return the joint probability of the "
                   "assignment, a float. The check calls it on the network below at (Rain, Sprinkler, WetGrass) = "
                   f"({cfg['Rain']}, {cfg['Sprinkler']}, True), on other assignments and on other networks. BayesNet is "
                   "switched off while your function is checked. At least 6 significant digits.",
             "zh": "编写 joint_probability(tables, assignment)：tables 把网络（各结点取 True/False）的每个结点映射到（它的父结点, 它的表）："
                   "父结点是结点名的列表；表是一个字典，把父结点取值组成的元组（按父结点的顺序；没有父结点时为 ()）映射到 "
                   "P(该结点 = True | 这些取值)。assignment 把每个结点映射到 True 或 False。返回这组取值的联合概率，为浮点数。"
                   "检查会在下面的网络上以 (Rain, Sprinkler, WetGrass) = "
                   f"({cfg['Rain']}, {cfg['Sprinkler']}, True) 调用它，也会用其他取值和其他网络调用它。检查你的函数时 BayesNet "
                   "会被关闭。至少 6 位有效数字。"},
            _joint_fn(), {"type": "number", "digits": 6}, kind="function",
            public=_joint_public(p), hidden=_joint_hidden,
            forbidden=("nbteach.bayesnet.network.BayesNet",),
            shortcut=_joint_shortcut,
            mistakes=[
                ("true_always", _joint_fn("true_always"),
                 {"en": "Your function takes P(node = True | parents) for every node, also where the node is False: "
                        "there the factor is 1 - P(node = True | parents).",
                  "zh": "你的函数对每个结点都取 P(结点 = True | 父结点)，结点为 False 时也是如此：这时因子应是 1 - P(结点 = True | 父结点)。"}),
                ("added", _joint_fn("added"),
                 {"en": "Your function adds the factors. The joint of a Bayesian network is their product, one factor "
                        "per node: P(x_1, ..., x_d) = prod_v P(x_v | x_pa(v)).",
                  "zh": "你的函数把各因子相加了。贝叶斯网的联合概率是它们的乘积，每个结点一个因子：P(x_1, ..., x_d) = prod_v P(x_v | x_pa(v))。"}),
                ("roots_only", _joint_fn("roots_only"),
                 {"en": "Your function multiplies the priors of the nodes without parents only: every node contributes "
                        "a factor, a child its table's entry at its parents' values.",
                  "zh": "你的函数只乘了没有父结点的结点的先验概率：每个结点都贡献一个因子，子结点取它的表在父结点取值处的那一项。"}),
                ("parents_ignored", _joint_fn("parents_ignored"),
                 {"en": "Your function reads each table's first row whatever the parents' values: look the row up by "
                        "the tuple of the parents' values in the assignment.",
                  "zh": "你的函数不管父结点取什么值都读表的第一行：要按 assignment 中父结点取值组成的元组去查那一行。"}),
            ],
            hints=[{"en": "One factor per node, each from its own table: the key is the tuple of its parents' values.",
                    "zh": "每个结点一个因子，各取自自己的表：键是它的父结点取值组成的元组。"}],
            solution=_JOINT_PROBABILITY.solution),
        graded(
            "hw05.explaining_away",
            {"en": "The grass is wet. Put two posteriors of rain side by side: first P(Rain = True | WetGrass = "
                   f"True), then P(Rain = True | WetGrass = True, Sprinkler = {ev['Sprinkler']}), once you also "
                   f"know that the sprinkler was {sprinkler_word}. Answer a list [first, second]; at least 4 "
                   "significant digits.",
             "zh": "草地是湿的。把两个下雨的后验概率并排放在一起：先是 P(Rain = True | WetGrass = True)，"
                   f"然后是在还知道洒水器{'开着' if ev['Sprinkler'] else '关着'}时的 P(Rain = True | WetGrass = True, "
                   f"Sprinkler = {ev['Sprinkler']})。回答一个列表 [第一个, 第二个]；至少 4 位有效数字。"},
            _side_by_side(p), {"type": "array", "digits": 4},
            mistakes=[
                ("sprinkler_ignored", _side_by_side(p, "sprinkler_ignored"),
                 {"en": "The second number conditions on the sprinkler's state as well as on the wet grass.",
                  "zh": "第二个数除了以草地湿为条件，还要以洒水器的状态为条件。"}),
                ("prior", _side_by_side(p, "prior"),
                 {"en": "The first number is conditioned on the wet grass: it is not the prior P(Rain).",
                  "zh": "第一个数以草地湿为条件：它不是先验 P(Rain)。"}),
                ("swapped", _side_by_side(p, "swapped"),
                 {"en": "The two numbers are in the wrong order: first the wet grass alone, then with the "
                        "sprinkler's state.",
                  "zh": "两个数的顺序反了：先只用草地湿，再加上洒水器的状态。"}),
                ("inverted", _side_by_side(p, "inverted"),
                 {"en": "Your first number is P(WetGrass | Rain), the other way round: the question asks how "
                        "likely rain is once the grass is seen wet.",
                  "zh": "你的第一个数是 P(WetGrass | Rain)，方向反了：题目问的是看到草地湿之后下雨的可能性。"}),
                ("sprinkler_flipped", _side_by_side(p, "sprinkler_flipped"),
                 {"en": "Check the sprinkler's state in the question for the second number.",
                  "zh": "检查第二个数对应题目中洒水器的状态。"}),
            ],
            hints=[{"en": "Two questions to the same network; the second has one more piece of evidence.",
                    "zh": "对同一个网络问两个问题；第二个多一条证据。"}],
            solution="first = float(net.query('Rain', {'WetGrass': True})[True])\n"
                     "second = float(net.query('Rain', {'WetGrass': True, 'Sprinkler': ...})[True])\n"
                     "answer = [first, second]"),
        graded(
            "hw05.explaining_away_why",
            {"en": "Which statement explains the difference between your two numbers? Answer its letter.\n"
                   + "\n".join(f"({k}) {v['en']}" for k, v in WHY.items()),
             "zh": "哪一句话解释了你的两个数之间的差别？回答它的字母。\n"
                   + "\n".join(f"({k}) {v['zh']}" for k, v in WHY.items())},
            _why(p), {"type": "text"},
            mistakes=[
                ("direction", "b" if _why(p) == "a" else "a",
                 {"en": "Compare your two numbers: which way did P(Rain) move when the sprinkler's state was "
                        "added?",
                  "zh": "比较你的两个数：加上洒水器的状态后，P(Rain) 朝哪个方向变了？"}),
                ("dependent_before", "c",
                 {"en": "Before the grass is seen, Rain and Sprinkler are independent: no arc joins them and "
                        "they share no parent. What couples them is their common effect, once it is observed.",
                  "zh": "看到草地之前，Rain 与 Sprinkler 相互独立：没有弧相连，也没有共同的父结点。"
                        "把它们联系起来的是被观测到的共同结果。"}),
                ("no_parent_no_change", "d",
                 {"en": "Your two numbers differ by more than rounding: observing a common effect couples its "
                        "causes, although neither is a parent of the other.",
                  "zh": "你的两个数之差远大于舍入误差：观测到共同的结果会把它的各个原因联系起来，尽管它们互不为父结点。"}),
            ],
            hints=[{"en": "The wet grass has two possible causes in this network. Once you know what one of them "
                          "did, how much is left for the other to explain?",
                    "zh": "在这个网络里草地湿有两个可能的原因。知道了其中一个的情况之后，还剩多少要由另一个来解释？"}],
            solution="The sprinkler on explains the wet grass away (a); off, it leaves rain as the likelier "
                     "cause (b). Rain and Sprinkler are independent until their common effect is observed."),
        graded(
            "hw05.markov_blanket",
            {"en": "Write markov_blanket(parents, node): parents maps every node to the list of its parents; "
                   "return the names in the node's Markov blanket, sorted alphabetically and joined by ', '. BayesNet's "
                   "markov_blanket and moral_graph are switched off while your function is checked.",
             "zh": "编写 markov_blanket(parents, node)：parents 把每个结点映射到其父结点列表；"
                   "返回该结点马尔可夫毯中的结点名，按字母排序并用 ', ' 连接。检查你的函数时，BayesNet 的 markov_blanket 和 moral_graph 会被关闭。"},
            _blanket_fn("right"), {"type": "text"}, kind="function",
            public=[((g, v), {}) for g, v in p["cases"]], hidden=_hidden,
            forbidden=("nbteach.bayesnet.network.BayesNet.markov_blanket", "nbteach.bayesnet.network.BayesNet.moral_graph"),
            shortcut=lambda parents, node: ", ".join(sorted(BayesNet(
                [(u, v) for v, ps in parents.items() for u in ps], nodes=list(parents)).markov_blanket(node))),
            mistakes=[("no_coparents", _blanket_fn("no_coparents"),
                       {"en": "Parents and children are not enough: add the children's other parents.",
                        "zh": "只有父结点和子结点还不够：还要加上子结点的其他父结点。"}),
                      ("parents_only", _blanket_fn("parents"),
                       {"en": "The blanket also holds the children and their other parents.",
                        "zh": "马尔可夫毯还包括子结点及其其他父结点。"})],
            hints=[{"en": "What does a Gibbs step condition on? Its own table, and every table it appears in.",
                    "zh": "吉布斯采样的一步以什么为条件？自己的表，以及它出现的每一张表。"}],
            solution=_MARKOV_BLANKET.solution),
    ]


def cells(p):
    rows = ",\n".join(f"     {r!r}" for r in p["rows"])
    f, n, cfg, ev = p["factor"], p["net"], p["config"], p["evidence"]
    return [
        ("markdown", {"en": "# Homework 5: semi-naive Bayes and Bayesian networks (lessons 10-11)\n\n"
                            "[作业 5：半朴素贝叶斯与贝叶斯网]\n\n"
                            + STUDENT_INTRO,
                      "zh": "# 作业 5：半朴素贝叶斯与贝叶斯网（第 10-11 课）\n\n"
                            + STUDENT_INTRO_ZH}),
        ("code", "from fractions import Fraction\n\n"
                 "import pandas as pd\n\n"
                 "import nbteach\n"
                 "from nbteach import AODE, SPODE, CategoricalNB\n"
                 "from nbteach.bayesnet import BayesNet\n"
                 "from nbteach.check import exercise, ____\n\n"
                 "# nbteach.set_language(\"zh\")   # 取消注释即可看到中文提示与反馈"),
        ("markdown", {"en": "The training table: three attributes of a day, and whether a game was played.",
                      "zh": "训练表：某一天的三个属性，以及那天是否进行了比赛。"}),
        ("code", f"df = pd.DataFrame([\n{rows}],\n    columns={COLUMNS + ['Play']!r})\n"
                 "X, y = df.drop(columns=\"Play\"), df[\"Play\"]\ndf"),
        ("markdown", {"en": "## Exercise 1: one factor of a SPODE [超父独依赖估计]",
                      "zh": "## 练习 1：SPODE（超父独依赖估计）的一个因子"}),
        ("code", "q1 = exercise(\"hw05.spode_factor\")\nq1"),
        ("code", "# BEGIN SOLUTION\n"
                 f"m1 = SPODE(parent={f['parent']!r}, alpha={f['alpha']}).fit(X, y)\n"
                 "i, j = list(m1.feature_names_in_).index(" f"{f['parent']!r}), list(m1.feature_names_in_).index({f['child']!r})\n"
                 f"c = list(m1.classes_).index({f['class']!r})\n"
                 f"xi = m1.categories_[i].index({f['parent_value']!r})\n"
                 f"xj = m1.categories_[j].index({f['child_value']!r}) if {f['child_value']!r} in m1.categories_[j] else None\n"
                 "count = int(m1.triple_count_[i, j][c, xi, xj]) if xj is not None else 0\n"
                 "rows = int(m1.pair_count_[i][c, xi])\n"
                 "# END SOLUTION\n"
                 f"answer1 = Fraction(count + {f['alpha']}, rows + {f['alpha']} * len(m1.categories_[j]))  # SOLUTION"),
        ("code", "q1.check(answer1)"),
        ("markdown", {"en": "## Exercise 2: write AODE [平均独依赖估计]\n\n"
                            "Write `aode_yes(X, y, day)`: AODE's P(Play = yes | day), with m = 1 and the Laplace correction,\n"
                            "from the counts of the table, the way Zhou's (7.23)-(7.25) and the prompt below write it.\n"
                            "`AODE`, `SPODE`, `TAN` and `CategoricalNB` are switched off while your function is checked: the\n"
                            "check calls it on the table above with the day below, on two more small tables (one with a value\n"
                            "the table never shows), and your teacher's grading on more.",
                      "zh": "## 练习 2：写出 AODE（平均独依赖估计）\n\n"
                            "编写 `aode_yes(X, y, day)`：按周志华书中 (7.23)-(7.25) 和下面题目的写法，由表中的计数算出 m = 1、使用拉普拉斯修正的 AODE 的 P(Play = yes | day)。"
                            "检查你的函数时 `AODE`、`SPODE`、`TAN` 和 `CategoricalNB` 会被关闭：检查单元格会在上面的表和下面的 day 上调用它，"
                            "还会在另外两张小表上调用它（其中一张的 day 有一个表中从未出现的取值）；老师评分时会用更多的表。"}),
        ("code", "q2 = exercise(\"hw05.aode_posterior\")\nq2"),
        ("code", f"day = {p['query']!r}\n\n" + _AODE_YES.cell),
        ("code", "q2.check(aode_yes)"),
        ("markdown", {"en": "## A small network [贝叶斯网]\n\nRain and a sprinkler can each wet the grass:",
                      "zh": "## 一个小的贝叶斯网\n\n下雨和洒水器都能把草地弄湿："}),
        ("code", "tf = [True, False]\n"
                 f"rain = pd.DataFrame([[{n['rain']}, {round(1 - n['rain'], 12)}]], columns=tf)\n"
                 f"sprinkler = pd.DataFrame([[{n['sprinkler']}, {round(1 - n['sprinkler'], 12)}]], columns=tf)\n"
                 "wet = pd.DataFrame([" + ", ".join(f"[{q}, {round(1 - q, 12)}]" for q in n["wet"]) + "], columns=tf,\n"
                 "                   index=pd.MultiIndex.from_product([tf, tf], names=[\"Rain\", \"Sprinkler\"]))\n"
                 "net = BayesNet([(\"Rain\", \"WetGrass\"), (\"Sprinkler\", \"WetGrass\")],\n"
                 "               {\"Rain\": rain, \"Sprinkler\": sprinkler, \"WetGrass\": wet})\n"
                 "net.cpd(\"WetGrass\")"),
        ("markdown", {"en": "## Exercise 3: the joint is a product [联合概率]\n\n"
                            "Write `joint_probability(tables, assignment)`: one factor per node, each read from its own\n"
                            "table. The cell below turns the network above into plain `tables`; `BayesNet` is switched off\n"
                            "while your function is checked, so read the tables, not `net.joint()`.",
                      "zh": "## 练习 3：联合概率是乘积\n\n"
                            "编写 `joint_probability(tables, assignment)`：每个结点一个因子，各从自己的表中读出。下面的单元格把上面的网络"
                            "变成普通的 `tables`；检查你的函数时 `BayesNet` 会被关闭，所以要读表，而不是用 `net.joint()`。"}),
        ("code", "q3 = exercise(\"hw05.joint_probability\")\nq3"),
        ("code", "# the network above as plain tables: node -> (its parents, P(node = True | their values))\n"
                 "tables = {node: (list(net.parents(node)),\n"
                 "                 {(k if isinstance(k, tuple) else (k,)) if net.parents(node) else (): float(row[True])\n"
                 "                  for k, row in net.cpd(node).iterrows()})\n"
                 "          for node in net.nodes}\n\n" + _JOINT_PROBABILITY.cell),
        ("code", "q3.check(joint_probability)"),
        ("markdown", {"en": "## Exercise 4: explaining away [解释消除]\n\n"
                            "Before you compute, write down your prediction: will the sprinkler's state make rain more\n"
                            "or less likely? Then compute both numbers, and say which statement explains them.",
                      "zh": "## 练习 4：解释消除\n\n"
                            "计算之前先写下你的预测：洒水器的状态会让下雨的可能性变大还是变小？然后算出两个数，并说出哪一种说法能解释它们。"}),
        ("code", "q4 = exercise(\"hw05.explaining_away\")\nq4"),
        ("code", "# BEGIN SOLUTION\n"
                 "first = float(net.query(\"Rain\", {\"WetGrass\": True})[True])\n"
                 f"second = float(net.query(\"Rain\", {ev!r})[True])\n"
                 "# END SOLUTION\n"
                 "answer4 = [first, second]  # SOLUTION"),
        ("code", "q4.check(answer4)"),
        ("code", "q4b = exercise(\"hw05.explaining_away_why\")\nq4b"),
        ("code", "answer4b = \"a\" if second < first else \"b\"  # SOLUTION"),
        ("code", "q4b.check(answer4b)"),
        ("markdown", {"en": "## Exercise 5: the Markov blanket [马尔可夫毯]\n\n"
                            "Write `markov_blanket(parents, node)`. The check calls it on a few small graphs; your\n"
                            "teacher's grading calls it on more. `BayesNet`'s `markov_blanket` and `moral_graph` are switched\n"
                            "off while it does.",
                      "zh": "## 练习 5：马尔可夫毯\n\n"
                            "编写 `markov_blanket(parents, node)`。检查单元格会用几个小图调用它；老师评分时会用更多图调用它。检查期间 `BayesNet` 的 `markov_blanket` 和 `moral_graph` 会被关闭。"}),
        ("code", "q5 = exercise(\"hw05.markov_blanket\")\nq5"),
        ("code", _MARKOV_BLANKET.cell),
        ("code", "q5.check(markov_blanket)"),
        ("markdown", {"en": "## Before you hand in\n\nRestart the kernel and run all cells. Every check cell should say **Correct!**",
                      "zh": "## 交作业之前\n\n重启内核并运行所有单元格。每个检查单元格都应显示 **正确！**（英文提示下为 **Correct!**）。"}),
    ]
