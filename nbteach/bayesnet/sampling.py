"""Drawing from a Bayesian network: rows of its joint (forward sampling) and one categorical
draw per row of a table of weights, the step both forward sampling and Gibbs sampling take.

Reads the network through its public methods only (``nodes``, ``parents``, ``values``,
``cpd_array``), each table once per call.

>>> from nbteach.bayesnet import sprinkler
>>> sample(sprinkler(), 3, random_state=0).columns.tolist()
['Cloudy', 'Sprinkler', 'Rain', 'WetGrass']
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .._base import NbteachError
from .._validation import is_bayes_net
from ..i18n import tr

__all__ = ["sample", "draw_categorical"]


def draw_categorical(p, rng):
    """One categorical draw per row of ``p`` (rows need not be normalised; a row of zeros, a
    state of probability 0, is drawn uniformly): an array of column positions."""

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


def sample(net, n: int, random_state=None):
    """``n`` rows drawn from ``net``'s joint by forward (ancestral) sampling."""

    if not is_bayes_net(net):
        raise NbteachError(tr({"en": f"sample needs a BayesNet (with its tables) as the first argument, such as "
                                     f"sprinkler(); got {type(net).__name__}.",
                               "zh": f"sample 的第一个参数必须是带条件概率表的 BayesNet，如 sprinkler()；你给的是 {type(net).__name__}。"}))
    net.check_model()
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise NbteachError(tr({"en": f"n must be a positive integer; got {n!r}.",
                               "zh": f"n 必须是正整数；你给的是 {n!r}。"}))
    rng = np.random.default_rng(random_state)
    state = {}
    for v in net.nodes:
        table = net.cpd_array(v)
        p = table[tuple(state[u] for u in net.parents(v))] if net.parents(v) else np.broadcast_to(table, (n, len(table)))
        state[v] = draw_categorical(p, rng)
    return pd.DataFrame({v: np.asarray(net.values(v), dtype=object)[state[v]] for v in net.nodes})
