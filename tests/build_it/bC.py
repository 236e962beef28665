"""Wrong implementations of the build-its of lessons 11-12 and homework 6 (issue 33), each written as a
student would get it wrong, read by tests/test_build_it.py. Each must be refused; where a name is given,
diagnosed as that mistake. None: refused without a name (a changed input, the public example
hard-coded, right only on the first calls, float arithmetic where the tables are exact, ...).

A homework function is checked here on its public cases (the sealed grader adds hidden ones), so the
homework entries are mistakes those cases catch.
"""
from __future__ import annotations

import itertools
import math

import numpy as np

TF = (True, False)


# ---------------------------------------------------------------- 11.eliminate_function
def _scope(factors, var):
    scope = []
    for variables, _ in factors:
        if var in variables:
            scope += [u for u in variables if u not in scope]
    return scope


def _eliminate(factors, var, combine=sum, touching=None, order=None):
    touching = [f for f in factors if var in f[0]] if touching is None else touching
    scope = []
    for variables, _ in touching:
        scope += [u for u in variables if u not in scope]
    out = tuple(u for u in scope if u != var)
    if order:
        out = tuple(sorted(out))
    table = {}
    for key in itertools.product(TF, repeat=len(out)):
        products = []
        for x in TF:
            row = dict(zip(out, key), **{var: x})
            p = 1
            for variables, t in touching:
                p = p * t[tuple(row[u] for u in variables)]
            products.append(p)
        table[key] = combine(products)
    return out, table


def eliminate_every_factor(factors, var):
    return _eliminate(factors, var, touching=list(factors))


def eliminate_sums_each_factor(factors, var):
    touching = [f for f in factors if var in f[0]]
    out = tuple(u for u in _scope(factors, var) if u != var)
    table = {}
    for key in itertools.product(TF, repeat=len(out)):
        p = 1
        for variables, t in touching:
            p = p * sum(t[tuple(dict(zip(out, key), **{var: x})[u] for u in variables)] for x in TF)
        table[key] = p
    return out, table


def eliminate_max(factors, var):
    return _eliminate(factors, var, combine=max)


def eliminate_sorted(factors, var):
    return _eliminate(factors, var, order=True)


def eliminate_removing_factors(factors, var):
    out = _eliminate(factors, var)
    for f in [f for f in factors if var in f[0]]:
        factors.remove(f)                                       # changes the caller's list
    return out


def eliminate_of_the_example(factors, var):
    return ("Burglary", "Alarm"), {(True, True): 0.5, (True, False): 0.2, (False, True): 0.8, (False, False): 0.6}


_calls = {"n": 0}


def eliminate_right_twice(factors, var):
    _calls["n"] += 1
    if _calls["n"] % 4 > 1:
        return _eliminate(factors, var, touching=list(factors))
    return _eliminate(factors, var)


def eliminate_keeping_var(factors, var):
    touching = [f for f in factors if var in f[0]]
    scope = _scope(factors, var)
    table = {}
    for key in itertools.product(TF, repeat=len(scope)):
        row = dict(zip(scope, key))
        table[key] = math.prod(t[tuple(row[u] for u in vs)] for vs, t in touching)
    return tuple(scope), table                                  # the product, var not summed out


# ---------------------------------------------------------------- 12.e_step_function
def e_naive(log_pi, log_theta, X):
    joint = np.exp(X @ log_theta.T + log_pi)
    return joint / joint.sum(axis=1, keepdims=True)


def e_no_prior(log_pi, log_theta, X):
    s = X @ log_theta.T
    s = s - s.max(axis=1, keepdims=True)
    return np.exp(s) / np.exp(s).sum(axis=1, keepdims=True)


def e_columns(log_pi, log_theta, X):
    s = X @ log_theta.T + log_pi
    s = s - s.max(axis=0, keepdims=True)
    return np.exp(s) / np.exp(s).sum(axis=0, keepdims=True)


def e_presence(log_pi, log_theta, X):
    s = (X > 0) @ log_theta.T + log_pi
    s = s - s.max(axis=1, keepdims=True)
    return np.exp(s) / np.exp(s).sum(axis=1, keepdims=True)


def e_in_place(log_pi, log_theta, X):
    X -= 0                                                       # harmless ...
    X[X > 300] = 300                                            # ... but this caps the caller's counts
    s = X @ log_theta.T + log_pi
    s = s - s.max(axis=1, keepdims=True)
    return np.exp(s) / np.exp(s).sum(axis=1, keepdims=True)


def e_transposed(log_pi, log_theta, X):
    s = X @ log_theta.T + log_pi
    s = s - s.max(axis=1, keepdims=True)
    return (np.exp(s) / np.exp(s).sum(axis=1, keepdims=True)).T


def e_subtracting_the_global_max(log_pi, log_theta, X):
    s = X @ log_theta.T + log_pi
    s = s - s.max()                                             # one shift for all rows: short rows underflow
    joint = np.exp(s)
    return joint / joint.sum(axis=1, keepdims=True)


# ---------------------------------------------------------------- 12.m_step_function
def m_hard(X, gamma, alpha):
    hard = (gamma == gamma.max(axis=1, keepdims=True)).astype(float)
    counts = hard.T @ X
    return hard.sum(axis=0) / len(X), (counts + alpha) / (counts.sum(axis=1, keepdims=True) + alpha * X.shape[1])


def m_alpha_once(X, gamma, alpha):
    counts = gamma.T @ X
    return gamma.sum(axis=0) / len(X), (counts + alpha) / (counts.sum(axis=1, keepdims=True) + alpha)


def m_prior_smoothed(X, gamma, alpha):
    counts = gamma.T @ X
    K = gamma.shape[1]
    return (gamma.sum(axis=0) + 1) / (len(X) + K), (counts + alpha) / (counts.sum(axis=1, keepdims=True) + alpha * X.shape[1])


def m_prior_from_words(X, gamma, alpha):
    counts = gamma.T @ X
    return counts.sum(axis=1) / counts.sum(), (counts + alpha) / (counts.sum(axis=1, keepdims=True) + alpha * X.shape[1])


def m_theta_transposed(X, gamma, alpha):
    counts = gamma.T @ X
    theta = (counts + alpha) / (counts.sum(axis=1, keepdims=True) + alpha * X.shape[1])
    return gamma.sum(axis=0) / len(X), theta.T


def m_gamma_normalised_in_place(X, gamma, alpha):
    gamma /= gamma.sum(axis=0, keepdims=True) + 1e-300          # changes the caller's gamma
    counts = gamma.T @ X
    return gamma.sum(axis=0) / len(X), (counts + alpha) / (counts.sum(axis=1, keepdims=True) + alpha * X.shape[1])


def m_two_classes_only(X, gamma, alpha):
    g = gamma[:, :2]
    counts = g.T @ X
    return g.sum(axis=0) / len(X), (counts + alpha) / (counts.sum(axis=1, keepdims=True) + alpha * X.shape[1])


# ---------------------------------------------------------------- hw06.tan_parent
def _prim(cmi, root, better):
    parent = {root: None}
    while len(parent) < len(cmi):
        best = None
        for u in parent:
            for v in cmi.index:
                if v not in parent and (best is None or better(cmi.loc[u, v], best[0])):
                    best = (cmi.loc[u, v], u, v)
        parent[best[2]] = best[1]
    return parent


def tan_strongest(cmi, root, attribute):
    return str(cmi[attribute].drop(attribute).idxmax())


def tan_root(cmi, root, attribute):
    return root


def tan_minimum(cmi, root, attribute):
    return _prim(cmi, root, lambda a, b: a < b)[attribute]


def tan_from_the_first_column(cmi, root, attribute):
    return _prim(cmi, cmi.index[0], lambda a, b: a > b)[attribute]


def tan_child_not_parent(cmi, root, attribute):
    parent = _prim(cmi, root, lambda a, b: a > b)
    children = [v for v, p in parent.items() if p == attribute]
    return children[0] if children else parent[attribute]


def tan_zeroing_the_diagonal_in_place(cmi, root, attribute):
    for a in cmi.index:
        cmi.loc[a, a] = -1.0                                    # changes the caller's table
    return _prim(cmi, root, lambda a, b: a > b)[attribute]


def tan_of_the_example(cmi, root, attribute):
    return "Outlook"


# ---------------------------------------------------------------- hw06.markov_blanket_conditional
def _blanket(parents, tables, node, state, own=True, children=None, normalise=True, current=False):
    weight = {}
    for x in TF:
        s = dict(state)
        if not current:
            s[node] = x
        w = tables[node][tuple(s[u] for u in parents[node]) + (x,)] if own else 1
        kids = [c for c, ps in parents.items() if node in ps]
        for c in kids if children is None else kids[:children]:
            w = w * tables[c][tuple(s[u] for u in parents[c]) + (s[c],)]
        weight[x] = w
    return weight[True] / (weight[True] + weight[False]) if normalise else weight[True]


def blanket_own_table(parents, tables, node, state):
    return _blanket(parents, tables, node, state, children=0)


def blanket_unnormalised(parents, tables, node, state):
    return _blanket(parents, tables, node, state, normalise=False)


def blanket_first_child(parents, tables, node, state):
    return _blanket(parents, tables, node, state, children=1)


def blanket_children_only(parents, tables, node, state):
    return _blanket(parents, tables, node, state, own=False)


def blanket_current_value(parents, tables, node, state):
    return _blanket(parents, tables, node, state, current=True)   # the children read with node's current value


def blanket_setting_the_state(parents, tables, node, state):
    weight = {}
    for x in TF:
        s = state                                               # no copy: node set in the caller's dict
        s[node] = x
        w = tables[node][tuple(s[u] for u in parents[node]) + (x,)]
        for c, ps in parents.items():
            if node in ps:
                w = w * tables[c][tuple(s[u] for u in ps) + (s[c],)]
        weight[x] = w
    return weight[True] / (weight[True] + weight[False])


def blanket_of_the_example(parents, tables, node, state):
    return 0.6713139550177563



# ---------------------------------------------------------------- hw06.e_step and hw06.m_step
def _log_theta(X_l, y_l, alpha=1):
    counts = np.array([X_l[y_l == c].sum(axis=0) for c in ("ham", "spam")]) + alpha
    return np.log(counts / counts.sum(axis=1, keepdims=True))


def _log_prior(y_l):
    return np.log([np.mean(y_l == c) for c in ("ham", "spam")])


def share_prior_only(X_l, y_l, X_u):
    return np.full(len(X_u), np.mean(y_l == "spam"))


def share_no_prior(X_l, y_l, X_u):
    s = X_u @ _log_theta(X_l, y_l).T
    j = np.exp(s - s.max(axis=1, keepdims=True))
    return j[:, 1] / j.sum(axis=1)


def share_products(X_l, y_l, X_u):
    theta = np.exp(_log_theta(X_l, y_l))
    joint = np.exp(_log_prior(y_l)) * np.prod(theta[None, :, :] ** X_u[:, None, :], axis=2)
    return joint[:, 1] / joint.sum(axis=1)


def share_of_ham(X_l, y_l, X_u):
    s = X_u @ _log_theta(X_l, y_l).T + _log_prior(y_l)
    j = np.exp(s - s.max(axis=1, keepdims=True))
    return j[:, 0] / j.sum(axis=1)


def share_first_label_is_spam(X_l, y_l, X_u):
    classes = [y_l[0], [c for c in y_l if c != y_l[0]][0]]     # the first label read as spam
    counts = np.array([X_l[y_l == c].sum(axis=0) for c in classes]) + 1
    s = X_u @ np.log(counts / counts.sum(axis=1, keepdims=True)).T + np.log([np.mean(y_l == c) for c in classes])
    j = np.exp(s - s.max(axis=1, keepdims=True))
    return j[:, 0] / j.sum(axis=1)


def share_smoothing_in_place(X_l, y_l, X_u):
    X_l += 1                                                    # Laplace, in the caller's array
    counts = np.array([X_l[y_l == c].sum(axis=0) for c in ("ham", "spam")])
    s = X_u @ np.log(counts / counts.sum(axis=1, keepdims=True)).T + _log_prior(y_l)
    j = np.exp(s - s.max(axis=1, keepdims=True))
    return j[:, 1] / j.sum(axis=1)


def _share(X_l, y_l, X_u):
    s = X_u @ _log_theta(X_l, y_l).T + _log_prior(y_l)
    j = np.exp(s - s.max(axis=1, keepdims=True))
    return j[:, 1] / j.sum(axis=1)


def theta_labelled_only(X_l, y_l, X_u):
    counts = X_l[y_l == "spam"].sum(axis=0)
    return (counts + 1) / (counts.sum() + len(counts))


def theta_hard(X_l, y_l, X_u):
    counts = X_l[y_l == "spam"].sum(axis=0) + (_share(X_l, y_l, X_u) > 0.5) @ X_u
    return (counts + 1) / (counts.sum() + len(counts))


def theta_both_full(X_l, y_l, X_u):
    counts = X_l[y_l == "spam"].sum(axis=0) + X_u.sum(axis=0)
    return (counts + 1) / (counts.sum() + len(counts))


def theta_unsmoothed(X_l, y_l, X_u):
    counts = X_l[y_l == "spam"].sum(axis=0) + _share(X_l, y_l, X_u) @ X_u
    return counts / counts.sum()


def theta_of_ham(X_l, y_l, X_u):
    counts = X_l[y_l == "ham"].sum(axis=0) + (1 - _share(X_l, y_l, X_u)) @ X_u
    return (counts + 1) / (counts.sum() + len(counts))


def theta_weighting_in_place(X_l, y_l, X_u):
    X_u *= _share(X_l, y_l, X_u)[:, None].astype(X_u.dtype) if X_u.dtype.kind == "f" else 1
    X_u[0, 0] += 1                                              # the caller's e-mails changed
    counts = X_l[y_l == "spam"].sum(axis=0) + X_u.sum(axis=0)
    return (counts + 1) / (counts.sum() + len(counts))

WRONG = {
    "11.eliminate_function": [
        ("multiplied_every_factor", eliminate_every_factor),
        ("summed_each_factor", eliminate_sums_each_factor),
        ("max_instead_of_sum", eliminate_max),
        ("variables_in_another_order", eliminate_sorted),
        (None, eliminate_removing_factors),
        (None, eliminate_of_the_example),
        (None, eliminate_right_twice),
        (None, eliminate_keeping_var),
    ],
    "12.e_step_function": [
        ("no_log_sum_exp", e_naive),
        ("prior_forgotten", e_no_prior),
        ("normalised_over_documents", e_columns),
        ("no_powers", e_presence),
        (None, e_in_place),
        (None, e_transposed),
        (None, e_subtracting_the_global_max),
    ],
    "12.m_step_function": [
        ("hard_assignment", m_hard),
        ("alpha_not_times_M", m_alpha_once),
        ("prior_smoothed", m_prior_smoothed),
        ("prior_from_words", m_prior_from_words),
        (None, m_theta_transposed),
        (None, m_gamma_normalised_in_place),
        (None, m_two_classes_only),
    ],
    "hw06.tan_parent": [
        ("strongest", tan_strongest),
        ("root", tan_root),
        ("minimum", tan_minimum),
        ("root_ignored", tan_from_the_first_column),
        (None, tan_child_not_parent),
        (None, tan_zeroing_the_diagonal_in_place),
        (None, tan_of_the_example),
    ],
    "hw06.e_step": [
        ("prior", share_prior_only),
        ("no_prior", share_no_prior),
        (None, share_products),                    # nan on the long e-mails: refused, not named
        ("ham", share_of_ham),
        (None, share_first_label_is_spam),
        (None, share_smoothing_in_place),
    ],
    "hw06.m_step": [
        ("labelled_only", theta_labelled_only),
        ("hard", theta_hard),
        ("both_full", theta_both_full),
        ("no_smoothing", theta_unsmoothed),
        (None, theta_of_ham),
        (None, theta_weighting_in_place),
    ],
    "hw06.markov_blanket_conditional": [
        ("own_table", blanket_own_table),
        ("unnormalised", blanket_unnormalised),
        ("first_child_only", blanket_first_child),
        ("children_only", blanket_children_only),
        (None, blanket_current_value),
        (None, blanket_setting_the_state),
        (None, blanket_of_the_example),
    ],
}
