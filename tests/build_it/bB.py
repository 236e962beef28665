"""Wrong implementations of the build-its of lessons 09-10 and homework 5 (issue 33), each written
as a student would get it wrong, read by tests/test_build_it.py. Each must be refused; where a
name is given, diagnosed as that mistake. None: refused without a name (a changed input, an error,
the wrong type, the public example hard-coded, right only on the first calls, ...).

A homework function is checked here on its public cases (the sealed grader adds hidden ones), so
the homework entries are mistakes those cases catch.
"""
from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pandas as pd


# ---------------------------------------------------------------- 09.conditional_risk
def risk_by_columns(posterior, loss):
    return [sum(loss[j][i] * p for j, p in enumerate(posterior)) for i in range(len(loss))]


def risk_zero_one(posterior, loss):
    return [1 - p for p in posterior]


def risk_costs_only(posterior, loss):
    return [sum(row) for row in loss]


def risk_in_floats(posterior, loss):
    return [float(sum(c * p for c, p in zip(row, posterior))) for row in loss]


def risk_reversed(posterior, loss):
    return [sum(c * p for c, p in zip(row, posterior)) for row in loss][::-1]


def risk_of_the_example(posterior, loss):
    return [Fraction(10, 1) * posterior[1], posterior[0]]       # the note's patient, two classes only


def risk_scaling_the_posterior(posterior, loss):
    for j, p in enumerate(posterior):                           # changes the list it is given
        posterior[j] = p * 1
    posterior.append(0)
    return [sum(c * p for c, p in zip(row, posterior)) for row in loss]


_risk_calls = {"n": 0}


def risk_right_twice(posterior, loss):
    _risk_calls["n"] += 1
    if _risk_calls["n"] % 6 > 2:
        return [0] * len(loss)
    return [sum(c * p for c, p in zip(row, posterior)) for row in loss]


# ---------------------------------------------------------------- 09.mail_risk
def _risks(posterior, loss):
    return np.asarray(posterior, dtype=float) @ np.asarray(loss, dtype=float).T


def cost_of_argmax(posterior, loss, truth, reject_cost=None):
    L = np.asarray(loss, dtype=float)
    R = _risks(posterior, loss)
    d = np.argmax(np.asarray(posterior), axis=1)
    least = R[np.arange(len(d)), d]
    costs = [reject_cost if reject_cost is not None and r > reject_cost else L[k, t] for k, t, r in zip(d, truth, least)]
    return float(np.mean(costs))


def cost_expected(posterior, loss, truth, reject_cost=None):
    least = _risks(posterior, loss).min(axis=1)
    if reject_cost is not None:
        least = np.minimum(least, reject_cost)
    return float(np.mean(least))


def cost_transposed(posterior, loss, truth, reject_cost=None):
    return cost_right(posterior, np.asarray(loss).T, truth, reject_cost)


def cost_never_rejecting(posterior, loss, truth, reject_cost=None):
    return cost_right(posterior, loss, truth, None)


def cost_of_the_decided_only(posterior, loss, truth, reject_cost=None):
    L = np.asarray(loss, dtype=float)
    R = _risks(posterior, loss)
    d = R.argmin(axis=1)
    kept = [L[k, t] for k, t, r in zip(d, truth, R.min(axis=1)) if reject_cost is None or r <= reject_cost]
    return float(np.mean(kept)) if kept else 0.0


def cost_right(posterior, loss, truth, reject_cost=None):
    L = np.asarray(loss, dtype=float)
    R = _risks(posterior, loss)
    d = R.argmin(axis=1)
    least = R.min(axis=1)
    return float(np.mean([reject_cost if reject_cost is not None and r > reject_cost else L[k, t]
                          for k, t, r in zip(d, truth, least)]))


def cost_rejecting_ties(posterior, loss, truth, reject_cost=None):
    """Rejects when the least risk reaches the reject cost (>=), not only when it exceeds it."""
    L = np.asarray(loss, dtype=float)
    R = _risks(posterior, loss)
    d = R.argmin(axis=1)
    return float(np.mean([reject_cost if reject_cost is not None and r >= reject_cost else L[k, t]
                          for k, t, r in zip(d, truth, R.min(axis=1))]))


def cost_last_of_ties(posterior, loss, truth, reject_cost=None):
    L = np.asarray(loss, dtype=float)
    R = _risks(posterior, loss)
    d = R.shape[1] - 1 - np.argmin(R[:, ::-1], axis=1)           # the last of equal risks
    least = R.min(axis=1)
    return float(np.mean([reject_cost if reject_cost is not None and r > reject_cost else L[k, t]
                          for k, t, r in zip(d, truth, least)]))


def cost_normalising_in_place(posterior, loss, truth, reject_cost=None):
    posterior /= posterior.sum(axis=1, keepdims=True)            # changes the caller's array
    posterior += 0.0
    posterior[0, 0] = posterior[0, 0] * 1.0000001
    return cost_right(posterior, loss, truth, reject_cost)


def cost_of_the_mail(posterior, loss, truth, reject_cost=None):
    return 0.25                                                  # a number from the lesson's mail, hard-coded


# ---------------------------------------------------------------- 10.tan_cmi
def _counts(a, b, c):
    return Counter(zip(a, b, c)), Counter(zip(a, c)), Counter(zip(b, c)), Counter(c), len(c)


def cmi_in_bits(a, b, c):
    n_abc, n_ac, n_bc, n_c, n = _counts(a, b, c)
    return sum(k / n * math.log2(k * n_c[z] / (n_ac[x, z] * n_bc[y, z])) for (x, y, z), k in n_abc.items())


def cmi_without_class(a, b, c):
    return cmi_right(a, b, ["one"] * len(c))


def cmi_class_weight_one(a, b, c):
    n_abc, n_ac, n_bc, n_c, n = _counts(a, b, c)
    return sum(k / n_c[z] * math.log(k * n_c[z] / (n_ac[x, z] * n_bc[y, z])) for (x, y, z), k in n_abc.items())


def cmi_right(a, b, c):
    n_abc, n_ac, n_bc, n_c, n = _counts(a, b, c)
    return sum(k / n * math.log(k * n_c[z] / (n_ac[x, z] * n_bc[y, z])) for (x, y, z), k in n_abc.items())


def cmi_laplace(a, b, c):
    """Adds 1 to every count of (x_i, x_j, c), the pairs never seen included."""
    va, vb, vc = sorted(set(a)), sorted(set(b)), sorted(set(c))
    n_abc = Counter(zip(a, b, c))
    table = {(x, y, z): n_abc[x, y, z] + 1 for x in va for y in vb for z in vc}
    n = sum(table.values())
    n_c = {z: sum(v for (x, y, w), v in table.items() if w == z) for z in vc}
    n_ac = {(x, z): sum(table[x, y, z] for y in vb) for x in va for z in vc}
    n_bc = {(y, z): sum(table[x, y, z] for x in va) for y in vb for z in vc}
    return sum(k / n * math.log(k * n_c[z] / (n_ac[x, z] * n_bc[y, z])) for (x, y, z), k in table.items())


def cmi_of_the_flu_table(a, b, c):
    return 0.0 if len(set(c)) == 1 else cmi_right(a, b, c) if len(c) != 5 else 0.25


def cmi_sorting_the_lists(a, b, c):
    a.sort()                                                     # changes the caller's list
    return cmi_right(a, b, c)


# ---------------------------------------------------------------- 10.tan_parents
def _prim(weights, root, better):
    tree, parents = [root], {}
    outside = [a for a in weights.index if a != root]
    while outside:
        u, v = better(((u, v) for u in tree for v in outside), key=lambda e: weights.loc[e[0], e[1]])
        parents[v] = u
        tree.append(v)
        outside.remove(v)
    return parents


def parents_minimum_tree(weights, root):
    return _prim(weights, root, min)


def parents_from_the_first(weights, root):
    return _prim(weights, weights.index[0], max)


def parents_heaviest_partner(weights, root):
    return {a: max((b for b in weights.index if b != a), key=lambda b: weights.loc[a, b])
            for a in weights.index if a != root}


def parents_towards_the_root(weights, root):
    """The right tree with its edges pointing at the root (child -> parent read backwards)."""
    out = {}
    for child, parent in _prim(weights, root, max).items():
        out[parent] = child
    return out


def parents_with_root_none(weights, root):
    out = _prim(weights, root, max)
    out[root] = None
    return out


def parents_zeroing_the_diagonal(weights, root):
    np.fill_diagonal(weights.values, -1.0)                       # changes the caller's table
    weights.iloc[0, 0] = -2.0
    return _prim(weights, root, max)


WRONG = {
    "09.conditional_risk": [
        ("transposed", risk_by_columns),
        ("one_minus_posterior", risk_zero_one),
        ("unweighted", risk_costs_only),
        (None, risk_in_floats),                  # exact asked: floats are reported as such
        (None, risk_reversed),                   # the right values in another order
        (None, risk_of_the_example),             # the note's patient hard-coded
        (None, risk_scaling_the_posterior),      # changes its input
        (None, risk_right_twice),                # right only on the first calls
    ],
    "09.mail_risk": [
        ("argmax", cost_of_argmax),
        ("expected", cost_expected),
        ("transposed", cost_transposed),
        ("reject_ignored", cost_never_rejecting),
        ("rejected_left_out", cost_of_the_decided_only),
        (None, cost_rejecting_ties),             # a least risk equal to the reject cost is decided
        (None, cost_last_of_ties),               # of equal risks the first decision
        (None, cost_normalising_in_place),       # changes its input
        (None, cost_of_the_mail),                # one number hard-coded
    ],
    "10.tan_cmi": [
        ("bits", cmi_in_bits),
        ("ignores_class", cmi_without_class),
        ("unweighted", cmi_class_weight_one),
        (None, cmi_laplace),
        (None, cmi_of_the_flu_table),
        (None, cmi_sorting_the_lists),
    ],
    "10.tan_parents": [
        ("minimum", parents_minimum_tree),
        ("first_as_root", parents_from_the_first),
        ("best_partner", parents_heaviest_partner),
        (None, parents_towards_the_root),
        (None, parents_with_root_none),
        (None, parents_zeroing_the_diagonal),
    ],
}


# ---------------------------------------------------------------- hw05.aode_posterior
def _count(X, y, k, **fixed):
    mask = (np.asarray(y) == k)
    for c, v in fixed.items():
        mask &= (X[c] == v).to_numpy()
    return int(mask.sum())


def _aode(X, y, day, pair_below=None, serving=None, combine="add", one=None):
    cols, n, classes = list(X.columns), len(y), sorted(set(y))
    N, size = len(classes), {c: X[c].nunique() for c in cols}
    serving = [c for c in cols if (X[c] == day[c]).any()] if serving is None else serving(cols)
    if one is not None:
        serving = [cols[one]]
    scores = {}
    for k in classes:
        per = []
        for i in serving:
            pair = _count(X, y, k, **{i: day[i]})
            s = Fraction(pair + 1, (pair_below or (lambda n, N, Ni: n + N * Ni))(n, N, size[i]))
            for j in cols:
                if j != i:
                    s *= Fraction(_count(X, y, k, **{i: day[i], j: day[j]}) + 1, pair + size[j])
            per.append(s)
        scores[k] = per
    if combine == "average":
        posts = [scores["yes"][t] / sum(scores[k][t] for k in classes) for t in range(len(serving))]
        return float(sum(posts) / len(posts))
    total = {k: sum(v) for k, v in scores.items()}
    return float(total["yes"] / sum(total.values()))


def aode_as_naive_bayes(X, y, day):
    classes = sorted(set(y))
    score = {}
    for k in classes:
        n_k = _count(X, y, k)
        s = Fraction(n_k, len(y))
        for j in X.columns:
            s *= Fraction(_count(X, y, k, **{j: day[j]}) + 1, n_k + X[j].nunique())
        score[k] = s
    return float(score["yes"] / sum(score.values()))


def aode_first_spode_only(X, y, day):
    return _aode(X, y, day, one=0)


def aode_averaging_posteriors(X, y, day):
    return _aode(X, y, day, combine="average")


def aode_pair_without_N(X, y, day):
    return _aode(X, y, day, pair_below=lambda n, N, Ni: n + Ni)


def aode_every_parent(X, y, day):
    return _aode(X, y, day, serving=lambda cols: cols)


def aode_probability_of_no(X, y, day):
    return 1 - _aode(X, y, day)


def aode_adding_the_day(X, y, day):
    X["seen"] = 1                                                # a helper column left in the caller's table
    return _aode(X.drop(columns="seen"), y, day)


def aode_dict_of_both(X, y, day):
    p = _aode(X, y, day)
    return {"no": 1 - p, "yes": p}


# ---------------------------------------------------------------- hw05.markov_blanket
def blanket_without_coparents(parents, node):
    children = [c for c, ps in parents.items() if node in ps]
    return ", ".join(sorted(set(parents[node]) | set(children)))


def blanket_parents_only(parents, node):
    return ", ".join(sorted(parents[node]))


def blanket_with_the_node(parents, node):
    children = [c for c, ps in parents.items() if node in ps]
    out = set(parents[node]) | set(children) | {node}
    for c in children:
        out |= set(parents[c])
    return ", ".join(sorted(out))


def blanket_unsorted(parents, node):
    children = [c for c, ps in parents.items() if node in ps]
    out = list(parents[node]) + children
    for c in children:
        out += [p for p in parents[c] if p != node and p not in out]
    return ", ".join(out[::-1])


def blanket_as_a_set(parents, node):
    children = [c for c, ps in parents.items() if node in ps]
    out = set(parents[node]) | set(children)
    for c in children:
        out |= set(parents[c])
    out.discard(node)
    return out


WRONG.update({
    "hw05.aode_posterior": [
        ("naive_bayes", aode_as_naive_bayes),
        ("one_spode", aode_first_spode_only),
        ("averaged_posteriors", aode_averaging_posteriors),
        ("N_left_out", aode_pair_without_N),
        ("unseen_serves", aode_every_parent),
        (None, aode_probability_of_no),
        (None, aode_adding_the_day),
        (None, aode_dict_of_both),
    ],
    "hw05.markov_blanket": [
        ("no_coparents", blanket_without_coparents),
        ("parents_only", blanket_parents_only),
        (None, blanket_with_the_node),
        (None, blanket_unsorted),
        (None, blanket_as_a_set),
    ],
})


# ---------------------------------------------------------------- hw05.joint_probability
def joint_true_factors(tables, assignment):
    p = 1.0
    for node, (parents, table) in tables.items():
        p *= table[tuple(assignment[u] for u in parents)]
    return p


def joint_summed(tables, assignment):
    total = 0.0
    for node, (parents, table) in tables.items():
        q = table[tuple(assignment[u] for u in parents)]
        total += q if assignment[node] else 1 - q
    return total


def joint_of_the_roots(tables, assignment):
    p = 1.0
    for node, (parents, table) in tables.items():
        if not parents:
            p *= table[()] if assignment[node] else 1 - table[()]
    return p


def joint_first_row(tables, assignment):
    p = 1.0
    for node, (parents, table) in tables.items():
        q = next(iter(table.values()))
        p *= q if assignment[node] else 1 - q
    return p


def joint_parents_reversed(tables, assignment):
    p = 1.0
    for node, (parents, table) in tables.items():
        key = tuple(assignment[u] for u in parents[::-1])
        q = table[key]
        p *= q if assignment[node] else 1 - q
    return p


def joint_log(tables, assignment):
    return sum(math.log(t[tuple(assignment[u] for u in ps)] if assignment[n] else 1 - t[tuple(assignment[u] for u in ps)])
               for n, (ps, t) in tables.items())


def joint_popping_the_tables(tables, assignment):
    p = 1.0
    for node in list(tables):
        parents, table = tables.pop(node)                         # empties the caller's dict
        q = table[tuple(assignment[u] for u in parents)]
        p *= q if assignment[node] else 1 - q
    return p


WRONG.update({
    "hw05.joint_probability": [
        ("true_always", joint_true_factors),
        ("added", joint_summed),
        ("roots_only", joint_of_the_roots),
        ("parents_ignored", joint_first_row),
        (None, joint_parents_reversed),          # the parents' values read in reverse order
        (None, joint_log),
        (None, joint_popping_the_tables),
    ],
})
