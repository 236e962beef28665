r"""Inference in a Bayesian network: enumeration, variable elimination, Gibbs sampling.

One function per algorithm, named as in the textbooks (aima-python):

* ``enumeration_ask``: sum the full joint (small networks; the reference for tests);
* ``elimination_ask``: variable elimination, exact, summing out one variable at a time;
* ``gibbs_ask``: Gibbs sampling with the evidence clamped (note 002, 吉布斯采样): each
  step redraws one free variable from P(X | its Markov blanket)
  :math:`\propto P(X \mid \mathrm{pa}(X)) \prod_{C \in \mathrm{ch}(X)} P(C \mid \mathrm{pa}(C))`.
  Many chains run side by side, vectorised with numpy.

>>> from nbteach.bayesnet import sprinkler
>>> net = sprinkler()
>>> exact = elimination_ask(net, "Rain", {"WetGrass": True})
>>> gibbs = gibbs_ask(net, "Rain", {"WetGrass": True}, n_samples=50000, random_state=0)
>>> abs(float(exact[True] - gibbs[True])) < 0.02
True
"""
from __future__ import annotations

from .._base import NbteachError

__all__ = ["enumeration_ask", "elimination_ask", "gibbs_ask", "gibbs_trace"]


def _series(net, var, p):
    import pandas as pd

    total = p.sum()
    if not total > 0:
        raise NbteachError("the evidence has probability 0 in this network: no posterior exists.")
    return pd.Series(p / total, index=pd.Index(net.values(var), name=var), name=f"P({var} | evidence)")


def enumeration_ask(net, var, evidence=None):
    """P(var | evidence) by summing the full joint: exact, exponential in the nodes."""
    import numpy as np

    ev = net._evidence_index(evidence)
    joint = net._joint_array()
    pos = {v: i for i, v in enumerate(net.nodes)}
    index = tuple(ev[v] if v in ev else slice(None) for v in net.nodes)
    sub = joint[index]
    free = [v for v in net.nodes if v not in ev]
    axes = tuple(i for i, v in enumerate(free) if v != var)
    return _series(net, var, np.asarray(sub.sum(axis=axes)))


class _Factor:
    __slots__ = ("vars", "table")

    def __init__(self, vars_, table):
        self.vars, self.table = tuple(vars_), table

    def times(self, other):
        import numpy as np

        vars_ = self.vars + tuple(v for v in other.vars if v not in self.vars)
        return _Factor(vars_, self._expand(vars_) * other._expand(vars_)) if vars_ else \
            _Factor((), np.asarray(self.table * other.table))

    def _expand(self, vars_):
        import numpy as np

        order = [self.vars.index(v) for v in vars_ if v in self.vars]
        t = np.transpose(self.table, order) if order else self.table
        shape = [t.shape[order.index(self.vars.index(v))] if v in self.vars else 1 for v in vars_]
        return t.reshape(shape)

    def sum_out(self, var):
        i = self.vars.index(var)
        return _Factor(self.vars[:i] + self.vars[i + 1:], self.table.sum(axis=i))


def elimination_ask(net, var, evidence=None):
    """P(var | evidence) by variable elimination (exact).

    Each table, restricted to the evidence, is a factor; the hidden variables are summed
    out one at a time, the one whose elimination creates the smallest factor first.
    """
    import numpy as np

    ev = net._evidence_index(evidence)
    factors = []
    for v in net.nodes:
        vars_ = net.parents(v) + (v,)
        table = net._cpt[v]
        index = tuple(ev[u] if u in ev else slice(None) for u in vars_)
        factors.append(_Factor([u for u in vars_ if u not in ev], table[index]))
    hidden = [v for v in net.nodes if v != var and v not in ev]
    card = {v: len(net._values[v]) for v in net.nodes}
    while hidden:
        def cost(h):
            scope = set().union(*(f.vars for f in factors if h in f.vars))
            return int(np.prod([card[u] for u in scope])) if scope else 0
        h = min(hidden, key=cost)
        hidden.remove(h)
        touching = [f for f in factors if h in f.vars]
        if not touching:
            continue
        prod = touching[0]
        for f in touching[1:]:
            prod = prod.times(f)
        factors = [f for f in factors if h not in f.vars] + [prod.sum_out(h)]
    result = factors[0]
    for f in factors[1:]:
        result = result.times(f)
    return _series(net, var, np.asarray(result._expand((var,)).reshape(-1), dtype=float))


def _gibbs(net, evidence, n_chains, n_sweeps, burn_in, rng, keep):
    """Run ``n_chains`` Gibbs chains; yield the state dict after each kept sweep."""
    import numpy as np

    ev = net._evidence_index(evidence)
    nodes = net.nodes
    card = {v: len(net._values[v]) for v in nodes}
    state = {}
    for v in nodes:  # start from a forward sample, with the evidence clamped
        if v in ev:
            state[v] = np.full(n_chains, ev[v], dtype=np.intp)
            continue
        p = net._cpt[v][tuple(state[u] for u in net.parents(v))] if net.parents(v) else \
            np.broadcast_to(net._cpt[v], (n_chains, card[v]))
        state[v] = _draw(p, rng)
    free = [v for v in nodes if v not in ev]
    if not free:
        raise NbteachError("every node is in the evidence: nothing to sample.")
    children = {v: net.children(v) for v in free}
    parents = {v: net.parents(v) for v in nodes}       # looked up once, not in every sweep
    for sweep in range(burn_in + n_sweeps):
        for v in free:
            k = card[v]
            cols = np.arange(k)
            p = net._cpt[v][tuple(state[u] for u in parents[v])] if parents[v] else \
                np.broadcast_to(net._cpt[v], (n_chains, k))
            p = np.array(p, dtype=float)
            for c in children[v]:
                idx = tuple(cols[None, :] if u == v else state[u][:, None] for u in parents[c])
                p *= net._cpt[c][idx + (state[c][:, None],)]
            state[v] = _draw(p, rng)
        if sweep >= burn_in and keep:
            yield state


def _draw(p, rng):
    """One categorical draw per row of ``p`` (rows need not be normalised)."""
    import numpy as np

    p = np.asarray(p, dtype=float)
    total = p.sum(axis=1, keepdims=True)
    dead = total[:, 0] <= 0
    if dead.any():  # a chain in a state of probability 0: redraw it uniformly
        p = p.copy()
        p[dead] = 1.0
        total = p.sum(axis=1, keepdims=True)
    cum = np.cumsum(p / total, axis=1)
    u = rng.random((p.shape[0], 1))
    return np.minimum((u > cum).sum(axis=1), p.shape[1] - 1).astype(np.intp)


def _chains(n_samples, n_chains):
    if not isinstance(n_samples, int) or isinstance(n_samples, bool) or n_samples < 1:
        raise NbteachError(f"n_samples must be a positive integer; got {n_samples!r}.")
    n_chains = min(n_chains, n_samples)
    return n_chains, -(-n_samples // n_chains)


def gibbs_ask(net, var, evidence=None, n_samples: int = 20000, random_state=None,
              burn_in: int = 200, n_chains: int = 200):
    """P(var | evidence) estimated by Gibbs sampling.

    ``n_chains`` chains run side by side from forward samples (evidence clamped); after
    ``burn_in`` sweeps, every sweep adds one state per chain until ``n_samples`` states
    are kept. The estimate is the share of kept states in each value of ``var``.
    With deterministic tables (probabilities 0 or 1) a chain can be stuck in one region:
    Gibbs sampling assumes every state consistent with the evidence can reach every other.
    """
    net._need_cpds()
    var = net._check_node(var)
    if var in (evidence or {}):
        raise NbteachError(f"{var!r} is both the query and in the evidence.")
    return _gibbs_counts(net, [var], evidence, n_samples, random_state, burn_in, n_chains)[var]


def _gibbs_counts(net, variables, evidence, n_samples, random_state, burn_in, n_chains) -> dict:
    """One Gibbs run; the kept states counted for each of ``variables``, as {node: Series}."""
    import numpy as np

    if not isinstance(burn_in, int) or burn_in < 0:
        raise NbteachError(f"burn_in must be an integer >= 0; got {burn_in!r}.")
    n_chains, n_sweeps = _chains(n_samples, n_chains)
    rng = np.random.default_rng(random_state)
    counts = {v: np.zeros(len(net._values[v])) for v in variables}
    for state in _gibbs(net, evidence, n_chains, n_sweeps, burn_in, rng, keep=True):
        for v in variables:
            counts[v] += np.bincount(state[v], minlength=len(counts[v]))
    return {v: _series(net, v, counts[v]) for v in variables}


def gibbs_marginals(net, evidence=None, n_samples: int = 20000, random_state=None,
                    burn_in: int = 200, n_chains: int = 200) -> dict:
    """P(v | evidence) for every node v not in the evidence, from ONE Gibbs run.

    The same sampler as :func:`gibbs_ask` (same arguments), but every kept state counts for
    every node at once: a network explorer that shows all the posteriors samples once, not
    once per node. Returns {node: Series}.
    """
    net._need_cpds()
    free = [v for v in net.nodes if v not in net._evidence_index(evidence)]
    return _gibbs_counts(net, free, evidence, n_samples, random_state, burn_in, n_chains)


def gibbs_trace(net, var, value, evidence=None, n_samples: int = 20000, random_state=None,
                burn_in: int = 200, n_chains: int = 200):
    """The running Gibbs estimate of P(var=value | evidence) as samples accumulate.

    Returns a pandas Series indexed by the number of kept samples (one point per sweep),
    for plotting the estimate against the exact answer.
    """
    import numpy as np
    import pandas as pd

    net._need_cpds()
    idx = net._evidence_index({var: value})[var]
    n_chains, n_sweeps = _chains(n_samples, n_chains)
    rng = np.random.default_rng(random_state)
    hits, seen, xs, ys = 0, 0, [], []
    for state in _gibbs(net, evidence, n_chains, n_sweeps, burn_in, rng, keep=True):
        hits += int((state[var] == idx).sum())
        seen += n_chains
        xs.append(seen)
        ys.append(hits / seen)
    return pd.Series(ys, index=pd.Index(xs, name="samples"), name=f"P({var}={value!r} | evidence)")
