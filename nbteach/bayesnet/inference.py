r"""Inference in a Bayesian network: enumeration, variable elimination, Gibbs sampling.

One function per algorithm, named as in the textbooks (aima-python):

* ``enumeration_ask``: sum the full joint (small networks; the reference for tests);
* ``elimination_ask``: variable elimination, exact, summing out one variable at a time;
  ``elimination_steps`` returns what it did: the order, each factor multiplied and made, its size;
* ``markov_blanket_conditional``: the distribution one Gibbs step draws a node from,
  :math:`P(X \mid \mathrm{mb}(X)) \propto P(X \mid \mathrm{pa}(X)) \prod_{C \in \mathrm{ch}(X)} P(C \mid \mathrm{pa}(C))`,
  normalised over X's values (mb: the Markov blanket, parents, children and the children's
  other parents);
* ``gibbs_ask``: Gibbs sampling with the evidence clamped (note 002, 吉布斯采样): each
  sweep redraws every free variable in turn from ``markov_blanket_conditional``.
  Many chains run side by side, vectorised with numpy. ``gibbs_marginals`` counts one run
  for every free node, ``gibbs_trace`` records the running estimate, ``gibbs_chains`` every
  chain's draws and running estimate, with the estimate's Monte Carlo standard error by batch
  means (``batch_means_se``). Burn-in, the number of chains, thinning and the chains' start
  states are parameters of each.

>>> from nbteach.bayesnet import sprinkler
>>> net = sprinkler()
>>> exact = elimination_ask(net, "Rain", {"WetGrass": True})
>>> gibbs = gibbs_ask(net, "Rain", {"WetGrass": True}, n_samples=50000, random_state=0)
>>> abs(float(exact[True] - gibbs[True])) < 0.02
True
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

import numpy as np
import pandas as pd

from .._base import NbteachError
from .._shown import ShownSeries, shown
from .._validation import is_bayes_net
from .sampling import draw_categorical as _draw
from ..i18n import tr

__all__ = ["enumeration_ask", "elimination_ask", "elimination_steps", "EliminationSteps",
           "markov_blanket_conditional", "gibbs_ask", "gibbs_marginals", "gibbs_trace", "gibbs_chains",
           "GibbsChains", "batch_means_se", "gibbs_marginals_se"]


def _series(net, var, p):
    total = p.sum()
    if not total > 0:
        raise NbteachError(tr({"en": "the evidence has probability 0 in this network: no posterior exists.",
                               "zh": "证据在这个网络中的概率为 0：后验概率不存在。"}))
    name = f"P({var} | evidence)"        # shown in the student's language: P(Burglary | 证据)
    out = ShownSeries(p / total, index=pd.Index(net.values(var), name=var), name=name)
    out.attrs = {"nbteach_words": (name,), "nbteach_cells": ()}   # as shown(series, name) makes it, one Series built
    return out


def _check_evidence(evidence):
    if evidence is not None and not isinstance(evidence, Mapping):
        raise NbteachError(tr({"en": "evidence must be a dict node -> observed value, such as "
                                     f"{{'JohnCalls': True}}; got {type(evidence).__name__} {evidence!r}.",
                               "zh": f"evidence 必须是“结点 -> 观测值”的字典，如 {{'JohnCalls': True}}；你给的是 {type(evidence).__name__} {evidence!r}。"}))


def _need_net(net, what):
    """A clear message when the first argument is not a network with tables."""
    if not is_bayes_net(net):
        raise NbteachError(tr({"en": f"{what} needs a BayesNet (with its tables) as the first argument, such as "
                                     f"burglary(); got {type(net).__name__}.",
                               "zh": f"{what} 的第一个参数必须是带条件概率表的 BayesNet，如 burglary()；你给的是 {type(net).__name__}。"}))
    net.check_model()


def enumeration_ask(net, var, evidence=None):
    """P(var | evidence) by summing the full joint: exact, exponential in the nodes."""

    _need_net(net, "enumeration_ask")

    ev = net.encode_evidence(evidence)
    joint = net.joint_array()
    index = tuple(ev[v] if v in ev else slice(None) for v in net.nodes)
    sub = joint[index]
    free = [v for v in net.nodes if v not in ev]
    axes = tuple(i for i, v in enumerate(free) if v != var)
    return _series(net, var, np.asarray(sub.sum(axis=axes)))


class _Factor:
    __slots__ = ("vars", "table", "name")

    def __init__(self, vars_, table, name=""):
        self.vars, self.table, self.name = tuple(vars_), table, name

    def times(self, other):
        vars_ = self.vars + tuple(v for v in other.vars if v not in self.vars)
        return _Factor(vars_, self._expand(vars_) * other._expand(vars_)) if vars_ else \
            _Factor((), np.asarray(self.table * other.table))

    def _expand(self, vars_):
        order = [self.vars.index(v) for v in vars_ if v in self.vars]
        t = np.transpose(self.table, order) if order else self.table
        shape = [t.shape[order.index(self.vars.index(v))] if v in self.vars else 1 for v in vars_]
        return t.reshape(shape)

    def sum_out(self, var):
        i = self.vars.index(var)
        return _Factor(self.vars[:i] + self.vars[i + 1:], self.table.sum(axis=i))


def _table_name(net, v, ev):
    """How a table cut to the evidence is written: P(JohnCalls=True | Alarm)."""
    def term(u):
        return f"{u}={net.values(u)[ev[u]]!r}" if u in ev else str(u)

    given = ", ".join(term(u) for u in net.parents(v))
    return f"P({term(v)}" + (f" | {given})" if given else ")")


def _sum_product(factors, out):
    """Multiply factors (vars, table) and sum out every variable not in ``out``, in one einsum."""

    letters = {}
    for vars_, _ in factors:
        for u in vars_:
            letters.setdefault(u, len(letters))
    args = [x for vars_, table in factors for x in (table, [letters[u] for u in vars_])]
    return np.einsum(*args, [letters[u] for u in out])


def _factor_series(net, vars_, table, name):
    """A factor's numbers as a Series, one entry per combination of its variables' values (a factor
    over no variable, a constant: one entry, labelled ``"()"``)."""
    table = np.asarray(table, dtype=float)
    if not vars_:
        return pd.Series([float(table)], index=pd.Index(["()"], dtype=object), name=name)
    values = [net.values(u) for u in vars_]
    index = (pd.MultiIndex.from_product(values, names=list(vars_)) if len(vars_) > 1
             else pd.Index(values[0], name=vars_[0], tupleize_cols=False))
    return pd.Series(table.ravel(), index=index, name=name)


def _eliminate(net, var, evidence, record=False):
    """Variable elimination: P(var | evidence); with ``record``, (P, the steps as dicts, the
    nodes left out as neither var, nor evidence, nor an ancestor of them)."""

    _check_evidence(evidence)
    ev = net.encode_evidence(evidence)
    # a node that is no ancestor of the query or the evidence sums out to 1 with everything below it
    keep = net.ancestors([var, *ev])
    factors = []                                # (variables, table, name)
    for v in net.nodes:
        if v not in keep:
            continue
        vars_ = net.parents(v) + (v,)
        index = tuple(ev[u] if u in ev else slice(None) for u in vars_)
        factors.append((tuple(u for u in vars_ if u not in ev), net.cpd_array(v)[index],
                        _table_name(net, v, ev) if record else ""))
    hidden = [v for v in net.nodes if v in keep and v != var and v not in ev]
    card = net.cardinality
    steps = []

    def scope(h):
        out = []
        for vars_, _, _ in factors:
            if h in vars_:
                out.extend(u for u in vars_ if u not in out)
        return out

    def weight(h):  # entries of the product of the factors that mention h
        return math.prod(card[u] for u in scope(h))

    while hidden:
        h = min(hidden, key=weight)
        hidden.remove(h)
        over = scope(h)
        touching = [f for f in factors if h in f[0]]
        out = tuple(u for u in over if u != h)
        table = _sum_product([(f[0], f[1]) for f in touching], out)
        name = ""
        if record:
            name = f"f{len(steps) + 1}({', '.join(map(str, out))})"
            steps.append({"sum out": h, "multiply": " × ".join(f[2] for f in touching),
                          "product over": ", ".join(map(str, over)),
                          "product size": math.prod(card[u] for u in over),
                          "new factor": name, "new factor size": int(table.size),
                          "numbers": _factor_series(net, out, table, name)})
        factors = [f for f in factors if h not in f[0]] + [(out, table, name)]
    p = _series(net, var, np.asarray(_sum_product([(f[0], f[1]) for f in factors], (var,)), dtype=float))
    return (p, steps, [v for v in net.nodes if v not in keep]) if record else p


def elimination_ask(net, var, evidence=None):
    """P(var | evidence) by variable elimination (exact).

    Each table, restricted to the evidence, is a factor (tables of nodes that are neither the
    query, nor evidence, nor their ancestors are left out: they sum to 1); the hidden variables
    are summed out one at a time, each time the one whose factors multiply into the fewest entries
    (the min-weight order; with binary variables it is the min-degree order). What each
    step does: :func:`elimination_steps`.
    """
    _need_net(net, "elimination_ask")
    return _eliminate(net, var, evidence)


class EliminationSteps(NamedTuple):
    """What :func:`elimination_steps` returns."""

    #: one row per variable summed out, in order: the factors multiplied, the variables and
    #: the number of entries of their product, the new factor and its number of entries
    steps: "object"
    #: the elimination order
    order: list
    #: entries of the largest product of factors formed (before its variable is summed out; the
    #: cost of elimination grows with it)
    largest_factor: int
    #: P(var | evidence), the same Series as ``elimination_ask``
    posterior: "object"
    #: nodes left out before elimination: neither the query, nor evidence, nor an ancestor of
    #: them (summing such a node out of its table gives 1, and so on up from the leaves)
    pruned: list
    #: the numbers of each new factor, {"f1(Burglary, Alarm)": Series, ...} in the order made:
    #: one entry per combination of the factor's variables' values (unnormalised: a factor is
    #: no distribution until the last step normalises)
    factors: dict = {}


def elimination_steps(net, var, evidence=None) -> EliminationSteps:
    """Variable elimination step by step: the answer of :func:`elimination_ask` and how it was made.

    Nodes that are neither the query, nor evidence, nor an ancestor of them are left out first
    (``pruned``): summed out, their tables give 1. The factors start as the other tables, each
    restricted to the evidence (``P(JohnCalls=True | Alarm)``
    is a factor over Alarm alone). Each step takes the hidden variable whose factors multiply
    into the fewest entries (min-weight: for binary variables, the one with the fewest
    neighbours, min-degree), multiplies every factor that mentions it, and sums it out of the
    product into a new factor ``f1``, ``f2``, ... The factors left at the end, multiplied and
    normalised, are P(var | evidence).

    >>> from nbteach.bayesnet import burglary
    >>> run = elimination_steps(burglary(), "Burglary", {"JohnCalls": True, "MaryCalls": True})
    >>> run.order, run.largest_factor
    (['Earthquake', 'Alarm'], 8)
    >>> run.steps.loc[1, "multiply"]
    'P(Earthquake) × P(Alarm | Burglary, Earthquake)'
    >>> round(float(run.posterior[True]), 6)
    0.284172
    >>> run.factors["f2(Burglary)"].round(6).to_dict()
    {True: 0.592243, False: 0.001493}
    """

    _need_net(net, "elimination_steps")
    var = net.check_node(var)
    if var in (evidence or {}):
        raise NbteachError(tr({"en": f"{var!r} is both the query and in the evidence.",
                               "zh": f"{var!r} 既是查询变量又在证据之中。"}))
    posterior, steps, pruned = _eliminate(net, var, evidence, record=True)
    factors = {s["new factor"]: s.pop("numbers") for s in steps}
    columns = ["sum out", "multiply", "product over", "product size", "new factor", "new factor size"]
    # the labels show in the student's language (求和消去的变量, ...); code reads the English keys
    table = shown(pd.DataFrame(steps, columns=columns, index=pd.RangeIndex(1, len(steps) + 1, name="step")),
                  *columns, "step")
    largest = max((s["product size"] for s in steps), default=0)
    return EliminationSteps(table, [s["sum out"] for s in steps], largest, posterior, pruned, factors)


# -- Gibbs sampling ------------------------------------------------------------------------
def _blanket_weights(cpt, v, state, parents, children, k, n):
    """P(v = each of its k values | its Markov blanket), unnormalised, one row per chain:
    the row of v's own table times, for each child, the child's entry at its current value
    (``n`` chains; ``state``: node -> array of value indices, one per chain)."""

    cols = np.arange(k)
    own = cpt[v]
    p = own[tuple(state[u] for u in parents[v])] if parents[v] else np.broadcast_to(own, (n, k))
    p = np.array(p, dtype=own.dtype)       # a copy, float (or Fraction objects when exact)
    for c in children[v]:
        idx = tuple(cols[None, :] if u == v else state[u][:, None] for u in parents[c])
        p *= cpt[c][idx + (state[c][:, None],)]
    return p


def _fractions(arr):
    """A table's entries as the exact decimals they print as (0.001 -> 1/1000)."""
    return np.vectorize(lambda x: Fraction(repr(float(x))), otypes=[object])(arr)


def markov_blanket_conditional(net, node, state, exact: bool = False):
    r"""P(node | its Markov blanket): the distribution a Gibbs step draws ``node`` from.

    .. math:: P(x \mid \mathrm{mb}(X)) = \frac{P(x \mid \mathrm{pa}(X)) \prod_{C \in \mathrm{ch}(X)}
              P(c \mid \mathrm{pa}(C))}{\sum_{x'} P(x' \mid \mathrm{pa}(X)) \prod_{C \in \mathrm{ch}(X)}
              P(c \mid \mathrm{pa}(C))\big|_{X = x'}}

    Every other factor of the joint does not mention X and cancels in the normalisation, so
    only X's own table and its children's tables are read.

    Parameters
    ----------
    net : BayesNet with tables
    node : the node X
    state : dict node -> value
        Values of at least X's Markov blanket (``net.markov_blanket(node)``: parents, children,
        children's other parents). Other nodes, X itself included, are ignored: given its
        blanket, X is independent of them.
    exact : bool
        False: floats. True: every table entry is read as the decimal it prints as (0.95 ->
        19/20) and the arithmetic is done in fractions, so a hand computation agrees exactly.

    Returns
    -------
    pandas Series indexed by X's values (Fractions when ``exact``).

    >>> from nbteach.bayesnet import burglary
    >>> p = markov_blanket_conditional(burglary(), "Alarm", {"Burglary": False, "Earthquake": False,
    ...                                                       "JohnCalls": True, "MaryCalls": True}, exact=True)
    >>> p[True], p[False]
    (Fraction(140, 251), Fraction(111, 251))
    """

    _need_net(net, "markov_blanket_conditional")
    node = net.check_node(node)
    if not isinstance(state, Mapping):
        raise NbteachError(tr({"en": f"state must be a dict node -> value (the values of {node!r}'s Markov "
                                     f"blanket); got {type(state).__name__}.",
                               "zh": f"state 必须是“结点 -> 取值”的字典（{node!r} 的马尔可夫毯中各结点的取值）；你给的是 {type(state).__name__}。"}))
    blanket = sorted(net.markov_blanket(node), key=net.nodes.index)
    missing = [u for u in blanket if u not in state]
    if missing:
        raise NbteachError(tr({"en": f"P({node} | Markov blanket) needs a value for every node of the blanket "
                                     f"({', '.join(blanket)}); missing: {', '.join(map(str, missing))}.",
                               "zh": f"P({node} | 马尔可夫毯) 需要马尔可夫毯中每个结点的取值（{', '.join(blanket)}）；缺少：{', '.join(map(str, missing))}。"}))
    idx = net.encode_evidence({u: state[u] for u in blanket})
    arrays = {u: np.array([i], dtype=np.intp) for u, i in idx.items()}
    children = {node: net.children(node)}
    parents = {u: net.parents(u) for u in [node, *children[node]]}
    cpt = {u: (_fractions(net.cpd_array(u)) if exact else net.cpd_array(u)) for u in parents}
    k = len(net.values(node))
    p = _blanket_weights(cpt, node, arrays, parents, children, k, 1)[0]
    total = p.sum()
    if total == 0:
        raise NbteachError(tr({"en": f"every value of {node!r} has probability 0 given this blanket state "
                                     f"({', '.join(f'{u}={state[u]!r}' for u in blanket)}): the tables rule the "
                                     "state out.",
                               "zh": f"给定马尔可夫毯的这个状态（{', '.join(f'{u}={state[u]!r}' for u in blanket)}），{node!r} 的每个取值概率都是 0：条件概率表排除了这个状态。"}))
    index = pd.Index(net.values(node), name=node)
    name = f"P({node} | Markov blanket)"
    if exact:
        return shown(pd.Series([x / total for x in p], index=index, name=name, dtype=object), name)
    return shown(pd.Series(p / total, index=index, name=name), name)


def _count(name, x, low, meaning):
    if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or x < low:
        raise NbteachError(tr({"en": f"{name} ({meaning}) must be an integer >= {low}; got {x!r}.",
                               "zh": f"{name}（{meaning}）必须是 >= {low} 的整数；你给的是 {x!r}。"}))
    return int(x)


def _settings(net, evidence, n_samples, burn_in, n_chains, thin, init):
    """Check the sampler's settings; returns (n_chains, sweeps kept per chain, burn_in, thin, starts)."""
    _check_evidence(evidence)
    n_samples = _count("n_samples", n_samples, 1, "how many states to keep, all chains together")
    burn_in = _count("burn_in", burn_in, 0, "sweeps each chain runs and discards before keeping any")
    n_chains = _count("n_chains", n_chains, 1, "how many chains run side by side")
    thin = _count("thin", thin, 1, "keep one sweep in every thin")
    if isinstance(init, Mapping) or init is None:
        starts = init
    elif isinstance(init, (list, tuple)) and all(isinstance(s, Mapping) for s in init) and init:
        if len(init) != n_chains:
            raise NbteachError(tr({"en": f"init gives {len(init)} start states, one per chain, but n_chains is "
                                         f"{n_chains}: give as many start states as chains (or one dict for all).",
                                   "zh": f"init 给出了 {len(init)} 个初始状态（每条链一个），但 n_chains 是 {n_chains}：请给出与链数相同个数的初始状态（或一个供所有链使用的字典）。"}))
        starts = list(init)
    else:
        raise NbteachError(tr({"en": "init must be None (each chain starts from a forward sample), a dict "
                                     "node -> value (every chain starts there) or a list of such dicts, one per "
                                     f"chain; got {init!r}.",
                               "zh": f"init 必须是 None（每条链从一次前向采样开始）、“结点 -> 取值”的字典（每条链都从这里开始），或这样的字典组成的列表（每条链一个）；你给的是 {init!r}。"}))
    ev = net.encode_evidence(evidence)
    for s in ([starts] if isinstance(starts, Mapping) else starts or []):
        for u, i in net.encode_evidence(s).items():
            if u in ev and ev[u] != i:
                raise NbteachError(tr({"en": f"init starts {u} at {s[u]!r}, but the evidence clamps it to "
                                             f"{evidence[u]!r}: leave evidence nodes out of init.",
                                       "zh": f"init 让 {u} 从 {s[u]!r} 开始，但证据把它固定为 {evidence[u]!r}：init 中不要包含证据结点。"}))
    n_chains = min(n_chains, n_samples)
    if isinstance(starts, list):
        starts = starts[:n_chains]
    return n_chains, -(-n_samples // n_chains), burn_in, thin, starts


def _gibbs(net, evidence, n_chains, n_sweeps, burn_in, rng, thin=1, init=None, every=False):
    """Run ``n_chains`` Gibbs chains: after ``burn_in`` sweeps, keep every ``thin``-th sweep until
    ``n_sweeps`` are kept. Yields (sweep number, state, kept) after each kept sweep (each sweep
    if ``every``); state maps node -> array of value indices, one per chain."""

    ev = net.encode_evidence(evidence)
    nodes = net.nodes
    card = net.cardinality
    cpt = {v: net.cpd_array(v) for v in nodes}           # every table read once per run
    if isinstance(init, Mapping):
        start = {u: np.full(n_chains, i, dtype=np.intp) for u, i in net.encode_evidence(init).items()}
    elif init:
        idx = [net.encode_evidence(s) for s in init]
        start = {u: np.array([i[u] for i in idx], dtype=np.intp) for u in set().union(*idx)
                 if all(u in i for i in idx)}
        partial = set().union(*idx) - set(start)
        if partial:
            raise NbteachError(tr({"en": f"init sets {', '.join(sorted(map(str, partial)))} for some chains only: "
                                         "give every chain's start state the same nodes.",
                                   "zh": f"init 只为部分链设置了 {', '.join(sorted(map(str, partial)))}：每条链的初始状态必须包含相同的结点。"}))
    else:
        start = {}
    state = {}
    for v in nodes:  # a forward sample, with the evidence clamped and the given start values set
        if v in ev:
            state[v] = np.full(n_chains, ev[v], dtype=np.intp)
            continue
        if v in start:
            state[v] = start[v]
            continue
        p = cpt[v][tuple(state[u] for u in net.parents(v))] if net.parents(v) else \
            np.broadcast_to(cpt[v], (n_chains, card[v]))
        state[v] = _draw(p, rng)
    free = [v for v in nodes if v not in ev]
    if not free:
        raise NbteachError(tr({"en": "every node is in the evidence: nothing to sample.",
                               "zh": "每个结点都在证据之中：没有可采样的变量。"}))
    children = {v: net.children(v) for v in free}
    parents = {v: net.parents(v) for v in nodes}       # looked up once, not in every sweep
    # Each free node's conditional given its Markov blanket, tabulated once for every state of
    # the blanket's free nodes (the evidence fixed), as cumulative thresholds: a step is then an
    # index, a look-up and a comparison per chain instead of a product of tables per step.
    steps = [_blanket_lookup(net, cpt, v, ev, card, parents, children) for v in free]
    total = burn_in + n_sweeps * thin
    block = max(1, min(total, 65536 // (len(free) * n_chains)))   # uniforms drawn per block of sweeps
    for sweep in range(total):
        if sweep % block == 0:
            uniforms = rng.random((min(block, total - sweep), len(free), n_chains))
        u = uniforms[sweep % block]
        for i, (v, look) in enumerate(zip(free, steps)):
            if look is None:   # blanket too large to tabulate: the product of tables each step
                state[v] = _draw(_blanket_weights(cpt, v, state, parents, children, card[v], n_chains), rng)
                continue
            strides, thresholds = look
            at = 0
            for w, stride in strides:
                at = at + state[w] * stride
            if thresholds.shape[1] == 1:
                state[v] = (u[i] > thresholds[at, 0]).astype(np.intp)
            else:
                state[v] = (u[i][:, None] > thresholds[at]).sum(axis=1)
        kept = sweep >= burn_in and (sweep - burn_in + 1) % thin == 0
        if kept and sweep == burn_in + thin - 1 and not _state_probability(net, cpt, state).any():
            raise NbteachError(
                tr({"en": "after the burn-in every chain is in a state of probability 0, so its draws estimate "
                          "nothing: the evidence is impossible under these tables (then no posterior exists; "
                          "query(var, evidence) says so exactly), or a table of zeros keeps the chains from every "
                          "state the evidence allows.",
                    "zh": "预烧期之后每条链都处在概率为 0 的状态，它的抽样估计不了任何东西：要么证据在这些条件概率表下不可能出现（此时后验概率不存在；query(var, evidence) 会确切地指出），要么某张全是 0 的表把链挡在了证据允许的所有状态之外。"}))
        if kept or every:
            yield sweep + 1, state, kept


def _rng(random_state):
    """numpy's Generator for ``random_state`` (None, an int, or a Generator), with a message otherwise."""

    if isinstance(random_state, np.random.Generator):
        return random_state
    if random_state is not None and (isinstance(random_state, bool)
                                     or not isinstance(random_state, (int, np.integer)) or random_state < 0):
        raise NbteachError(tr({"en": f"random_state must be None, a whole number >= 0 (the same number gives the same "
                                     f"draws) or a numpy Generator; got {random_state!r}.",
                               "zh": f"random_state 必须是 None、>= 0 的整数（同一个数给出同样的抽样结果）或 numpy 的 Generator；你给的是 {random_state!r}。"}))
    return np.random.default_rng(random_state)


def _state_probability(net, cpt, state):
    """The joint probability of each chain's current state (one entry per chain); ``cpt``: node ->
    ``net.cpd_array(node)``."""

    p = 1.0
    for v in net.nodes:
        p = p * cpt[v][tuple(state[u] for u in net.parents(v)) + (state[v],)]
    return np.asarray(p, dtype=float)


def _blanket_lookup(net, cpt, v, ev, card, parents, children, limit=1 << 16):
    """``v``'s conditional given its Markov blanket for every state of the blanket's free nodes:
    ([(free node, stride)], thresholds), row ``sum(state[w] * stride)`` of ``thresholds``
    holding the k - 1 cumulative probabilities a uniform draw is compared with (a row of
    probability 0 drawn uniformly, as :func:`_draw` does). None when the blanket has more than
    ``limit`` entries."""

    blanket = sorted(net.markov_blanket(v), key=net.nodes.index)
    free = [w for w in blanket if w not in ev]
    sizes = [card[w] for w in free]
    m = int(np.prod(sizes, dtype=np.int64)) if free else 1
    if m * card[v] > limit:
        return None
    grid = np.indices(sizes).reshape(len(free), m) if free else np.zeros((0, 1), dtype=np.intp)
    enum = {w: np.full(m, ev[w], dtype=np.intp) for w in blanket if w in ev}
    enum.update({w: grid[j].astype(np.intp) for j, w in enumerate(free)})
    p = np.asarray(_blanket_weights(cpt, v, enum, parents, children, card[v], m), dtype=float)
    tot = p.sum(axis=1, keepdims=True)
    dead = tot[:, 0] <= 0
    p[dead] = 1.0
    cum = np.cumsum(p / p.sum(axis=1, keepdims=True), axis=1)[:, :-1]
    strides = np.cumprod([1, *sizes[::-1]])[:-1][::-1] if free else []
    return [(w, int(st)) for w, st in zip(free, strides)], np.ascontiguousarray(cum)


def gibbs_ask(net, var, evidence=None, n_samples: int = 20000, random_state=None,
              burn_in: int = 200, n_chains: int = 200, thin: int = 1, init=None):
    """P(var | evidence) estimated by Gibbs sampling.

    ``n_chains`` chains run side by side, the evidence clamped; each sweep redraws every free
    node in turn from :func:`markov_blanket_conditional`. After ``burn_in`` sweeps, every
    ``thin``-th sweep adds one state per chain until ``n_samples`` states are kept. The
    estimate is the share of kept states in each value of ``var``.

    With deterministic tables (probabilities 0 or 1) a chain can be stuck in one region:
    Gibbs sampling assumes every state consistent with the evidence can reach every other.
    Chains started in different states (``init``) show it: :func:`gibbs_chains`, which also gives
    the estimate's Monte Carlo standard error (batch means, :func:`batch_means_se`).

    Parameters
    ----------
    net : BayesNet with tables
    var : the node asked about
    evidence : dict node -> observed value
    n_samples : int
        States to keep, all chains together: each chain keeps ceil(n_samples / n_chains).
    random_state : None, int or numpy Generator
    burn_in : int, default 200
        Sweeps each chain runs first and throws away, so that its start state is forgotten.
    n_chains : int, default 200
        Chains run side by side (vectorised), each from its own start state (at most n_samples).
    thin : int, default 1
        After the burn-in, keep one sweep in every ``thin`` (1 keeps every sweep): kept states
        are less alike, at ``thin`` times the sweeps.
    init : None, dict or list of dicts
        Start states. None: each chain starts from a forward sample with the evidence clamped.
        A dict node -> value: every chain starts there (nodes left out are forward-sampled).
        A list of n_chains dicts: one start state per chain.
    """
    _need_net(net, "gibbs_ask")
    var = net.check_node(var)
    if var in (evidence or {}):
        raise NbteachError(tr({"en": f"{var!r} is both the query and in the evidence.",
                               "zh": f"{var!r} 既是查询变量又在证据之中。"}))
    return _gibbs_counts(net, [var], evidence, n_samples, random_state, burn_in, n_chains, thin, init)[var]


def _gibbs_counts(net, variables, evidence, n_samples, random_state, burn_in, n_chains, thin=1,
                  init=None, with_se=False):
    """One Gibbs run; the kept states counted for each of ``variables``, as {node: Series}. With
    ``with_se``, also {node: Series}: each value's Monte Carlo standard error (:func:`batch_means_se`)."""

    n_chains, n_sweeps, burn_in, thin, init = _settings(net, evidence, n_samples, burn_in, n_chains, thin, init)
    rng = _rng(random_state)
    counts = {v: np.zeros(len(net.values(v))) for v in variables}
    kept = {v: [] for v in variables}
    for _, state, _ in _gibbs(net, evidence, n_chains, n_sweeps, burn_in, rng, thin, init):
        for v in variables:
            counts[v] += np.bincount(state[v], minlength=len(counts[v]))
            if with_se:
                kept[v].append(np.array(state[v]))
    posteriors = {v: _series(net, v, counts[v]) for v in variables}
    if not with_se:
        return posteriors
    errors = {}
    for v in variables:
        draws = np.array(kept[v])                   # (kept sweeps, chains): value indices
        errors[v] = pd.Series([batch_means_se(draws == j)[0] for j in range(len(counts[v]))],
                              index=pd.Index(net.values(v), name=v), name="se")
    return posteriors, errors


def gibbs_marginals(net, evidence=None, n_samples: int = 20000, random_state=None,
                    burn_in: int = 200, n_chains: int = 200, thin: int = 1, init=None) -> dict:
    """P(v | evidence) for every node v not in the evidence, from ONE Gibbs run.

    The same sampler as :func:`gibbs_ask` (same arguments), but every kept state counts for
    every node at once: a network explorer that shows all the posteriors samples once, not
    once per node. Returns {node: Series}.
    """
    _need_net(net, "gibbs_marginals")
    _check_evidence(evidence)
    free = [v for v in net.nodes if v not in net.encode_evidence(evidence)]
    return _gibbs_counts(net, free, evidence, n_samples, random_state, burn_in, n_chains, thin, init)


def gibbs_marginals_se(net, evidence=None, n_samples: int = 20000, random_state=None,
                        burn_in: int = 200, n_chains: int = 200, thin: int = 1, init=None):
    """:func:`gibbs_marginals` and, from the same run, {node: Series of each value's Monte Carlo
    standard error} (batch means, :func:`batch_means_se`): what the network explorer shows.
    Same arguments as :func:`gibbs_marginals`; returns the pair (marginals, standard errors)."""
    _need_net(net, "gibbs_marginals")
    _check_evidence(evidence)
    free = [v for v in net.nodes if v not in net.encode_evidence(evidence)]
    return _gibbs_counts(net, free, evidence, n_samples, random_state, burn_in, n_chains, thin, init,
                         with_se=True)


def gibbs_trace(net, var, value, evidence=None, n_samples: int = 20000, random_state=None,
                burn_in: int = 200, n_chains: int = 200, thin: int = 1, init=None):
    """The running Gibbs estimate of P(var=value | evidence) as samples accumulate.

    Returns a pandas Series indexed by the number of kept samples (one point per kept sweep),
    for plotting the estimate against the exact answer. Same sampler and arguments as
    :func:`gibbs_ask`.
    """

    _need_net(net, "gibbs_trace")
    idx = net.encode_evidence({var: value})[var]
    n_chains, n_sweeps, burn_in, thin, init = _settings(net, evidence, n_samples, burn_in, n_chains, thin, init)
    rng = _rng(random_state)
    hits, seen, xs, ys = 0, 0, [], []
    for _, state, _ in _gibbs(net, evidence, n_chains, n_sweeps, burn_in, rng, thin, init):
        hits += int((state[var] == idx).sum())
        seen += n_chains
        xs.append(seen)
        ys.append(hits / seen)
    return pd.Series(ys, index=pd.Index(xs, name="samples"), name=f"P({var}={value!r} | evidence)")


@dataclass
class GibbsChains:
    """Every chain of one Gibbs run, watching whether ``var`` = ``value`` (see :func:`gibbs_chains`)."""

    var: object
    value: object
    burn_in: int
    n_chains: int
    thin: int
    #: sweeps each chain ran (burn-in included)
    sweeps: int
    #: DataFrame, one row per sweep (1, 2, ...), one column per chain: True where var = value
    draws: object
    #: DataFrame, one row per kept sweep (its sweep number), one column per chain: the share of
    #: that chain's kept states so far with var = value
    running: object
    #: Series indexed by the samples kept so far (all chains, one point per kept sweep): the share
    #: of them with var = value, as :func:`gibbs_trace` gives it
    pooled: object
    #: Series, one value per chain: its estimate from its kept states
    estimates: object
    #: the estimate from every kept state (what gibbs_ask gives)
    estimate: float
    #: standard deviation of the chains' estimates (ddof=1; NaN for one chain)
    spread: float
    #: states kept, all chains together
    n_kept: int
    #: Monte Carlo standard error of ``estimate`` by batch means (:func:`batch_means_se`): it
    #: allows for successive sweeps of a chain being alike, which sqrt(p(1 - p)/n) does not
    se: float = float("nan")
    #: the number of batch means ``se`` was computed from
    n_batches: int = 0
    #: effective sample size, p(1 - p) / se**2: how many independent draws would give the same
    #: standard error (about ``n_kept`` when the draws are independent, fewer when they are alike;
    #: NaN when se is 0 or NaN)
    ess: float = float("nan")


#: at least this many batches for :func:`batch_means_se`
MIN_BATCHES = 30


def batch_means_se(kept, min_batches: int = MIN_BATCHES):
    """Monte Carlo standard error of the mean of Gibbs draws, by batch means.

    ``kept``: array (kept sweeps, chains) of the draws (True/False or numbers). Each chain's kept
    sweeps are cut into consecutive batches of equal length, ceil(min_batches / chains) batches a
    chain (so one a chain when there are ``min_batches`` chains or more; the oldest sweeps left
    over are dropped); the standard error is the standard deviation of the batch means (ddof 1)
    over the square root of their number. Successive sweeps of one chain are alike, so the
    binomial sqrt(p(1 - p)/n) would be too small; a batch long enough to average over that
    dependence, or a whole chain (chains are independent of each other), gives means that are
    nearly independent. Returns (standard error, number of batches); the error is NaN with fewer
    than 2 batches.

    >>> import numpy as np
    >>> se, b = batch_means_se(np.array([[1, 0], [1, 0], [0, 1], [0, 1]]), min_batches=4)
    >>> b, round(se, 6)
    (4, 0.288675)
    """
    min_batches = _count("min_batches", min_batches, 2, "at least this many batch means")
    try:
        kept = np.asarray(kept, dtype=float)
    except (TypeError, ValueError):
        kept = np.empty((0, 0, 0))
    if kept.ndim == 1:
        kept = kept[:, None]
    if kept.ndim != 2:
        raise NbteachError(tr({"en": "batch_means_se needs the draws as numbers or True/False, one row per kept "
                                     "sweep and one column per chain (or one column for one chain).",
                               "zh": "batch_means_se 需要数值或 True/False 形式的抽样结果：每个保留的扫描一行，每条链一列（只有一条链时可以只给一列）。"}))
    n, k = kept.shape
    if n == 0:
        return float("nan"), 0
    per_chain = min(n, max(1, -(-min_batches // k)))
    length = n // per_chain
    means = kept[n - per_chain * length:].reshape(per_chain, length, k).mean(axis=1).ravel()
    if means.size < 2:
        return float("nan"), int(means.size)
    return float(means.std(ddof=1) / math.sqrt(means.size)), int(means.size)


def gibbs_chains(net, var, value, evidence=None, n_samples: int = 20000, random_state=None,
                 burn_in: int = 200, n_chains: int = 200, thin: int = 1, init=None) -> GibbsChains:
    """One Gibbs run with every chain kept apart: each chain's draws and running estimate of
    P(var=value | evidence), and the estimate over all chains.

    The same sampler, arguments and random draws as :func:`gibbs_ask`, so ``estimate`` is
    ``gibbs_ask(...)[value]``. Chains that agree are no proof of convergence, but chains
    that disagree (a large ``spread``) prove that some have not forgotten where they started.
    ``se`` is the estimate's Monte Carlo standard error by batch means (:func:`batch_means_se`),
    ``ess`` the effective sample size it implies. A chain that never left its start has draws
    all alike and a standard error of 0: no error computed from a chain's own draws can see the
    states it never visited.

    >>> from nbteach.bayesnet import burglary
    >>> run = gibbs_chains(burglary(), "Alarm", True, {"JohnCalls": True, "MaryCalls": True},
    ...                    n_samples=400, n_chains=4, burn_in=10, thin=2, random_state=0)
    >>> run.sweeps, run.draws.shape, run.running.shape, run.n_kept
    (210, (210, 4), (100, 4), 400)
    """

    _need_net(net, "gibbs_chains")
    var = net.check_node(var)
    if var in (evidence or {}):
        raise NbteachError(tr({"en": f"{var!r} is both the query and in the evidence.",
                               "zh": f"{var!r} 既是查询变量又在证据之中。"}))
    target = net.encode_evidence({var: value})[var]
    n_chains, n_sweeps, burn_in, thin, init = _settings(net, evidence, n_samples, burn_in, n_chains, thin, init)
    rng = _rng(random_state)
    rows, kept = [], []
    for _, state, keep in _gibbs(net, evidence, n_chains, n_sweeps, burn_in, rng, thin, init, every=True):
        rows.append(state[var] == target)
        kept.append(keep)
    draws = np.array(rows)
    kept = np.array(kept)
    sweeps = np.arange(1, len(rows) + 1)
    chains = pd.RangeIndex(n_chains, name="chain")
    hits = np.cumsum(draws[kept], axis=0)
    seen = np.arange(1, hits.shape[0] + 1)
    running = pd.DataFrame(hits / seen[:, None], index=pd.Index(sweeps[kept], name="sweep"), columns=chains)
    pooled = pd.Series(hits.sum(axis=1) / (seen * n_chains), index=pd.Index(seen * n_chains, name="samples"),
                       name=f"P({var}={value!r} | evidence)")
    estimates = running.iloc[-1].rename(f"P({var}={value!r} | evidence)")
    estimate = float(pooled.iloc[-1])
    se, n_batches = batch_means_se(draws[kept])
    ess = estimate * (1 - estimate) / se ** 2 if se > 0 else float("nan")
    return GibbsChains(var=var, value=value, burn_in=burn_in, n_chains=n_chains, thin=thin,
                       sweeps=len(rows),
                       draws=pd.DataFrame(draws, index=pd.Index(sweeps, name="sweep"), columns=chains),
                       running=running, pooled=pooled, estimates=estimates,
                       estimate=estimate,
                       spread=float(estimates.std(ddof=1)) if n_chains > 1 else float("nan"),
                       n_kept=int(seen[-1] * n_chains), se=se, n_batches=n_batches, ess=ess)
