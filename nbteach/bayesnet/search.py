"""Structure search for a Bayesian network: hill climbing with a tabu list and restarts.

``hill_climb_search`` returns a :class:`SearchResult`: the best structure (with its tables
counted by :mod:`~nbteach.bayesnet.estimators`), the history of every move, and the score
climbed; ``hill_climb`` returns only the structure. ``same_equivalence_class`` says whether
two structures are Markov equivalent (no data can tell them apart). Imports ``network`` and
``estimators``.

>>> from nbteach.bayesnet import sprinkler, sample
>>> data = sample(sprinkler(), 2000, random_state=0)
>>> learned = hill_climb(data, score="bic", random_state=0)
>>> sorted(learned.edges) == sorted(sprinkler().edges) or same_equivalence_class(learned, sprinkler())
True
"""
from __future__ import annotations

import math
import warnings
from collections import deque
from typing import NamedTuple

import numpy as np
import pandas as pd

from .._base import NbteachError
from .._validation import check_alpha
from ..counts import joint_counts
from .estimators import _counts, _encode, _estimate, _marginal_counts, _score_of_counts
from .network import BayesNet
from ..i18n import tr

__all__ = ["hill_climb", "hill_climb_search", "SearchResult", "same_equivalence_class"]


def _bits(mask):
    """The positions of the 1 bits of ``mask``, lowest first."""
    out, i = [], 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


def _descendants_or_self(ps, bits=_bits):
    """For each node a (a position), the bit mask of a and every node a is an ancestor of,
    under the parent masks ``ps`` (bit i of ps[v]: node i is a parent of v). ``bits(mask)``:
    the positions of mask's 1 bits."""
    d = len(ps)
    children = [0] * d
    for v, mask in enumerate(ps):
        for p in bits(mask):
            children[p] |= 1 << v
    out = []
    for a in range(d):
        seen, frontier = 1 << a, children[a]
        while frontier & ~seen:
            frontier &= ~seen
            seen |= frontier
            grown = 0
            for c in bits(frontier):
                grown |= children[c]
            frontier = grown
        out.append(seen)
    return out


class SearchResult(NamedTuple):
    """What :func:`hill_climb_search` returns."""

    #: the best structure seen, with tables counted from the data (without, when they cannot be)
    network: BayesNet
    #: one dict per move: ``step``, ``phase`` (``"climb"`` or ``"restart k"``), ``move``, ``arc``,
    #: ``delta``, ``score`` and ``edges`` after the move, in the direction of the chosen score
    history: list
    #: the score climbed: "bic", "loglik" or "mdl"
    score: str


def hill_climb(data, score="bic", max_indegree=None, tabu_length: int = 50, patience: int = 20,
               restarts: int = 5, max_iter: int = 10000, random_state=None, start=None, alpha=0):
    """The structure :func:`hill_climb_search` finds (same arguments), as a BayesNet.

    For the history of the moves, call :func:`hill_climb_search`, which returns it beside the
    network.
    """
    return _search(data, score, max_indegree, tabu_length, patience, restarts, max_iter, random_state,
                   start, alpha)[0]


def hill_climb_search(data, score="bic", max_indegree=None, tabu_length: int = 50, patience: int = 20,
                      restarts: int = 5, max_iter: int = 10000, random_state=None, start=None,
                      alpha=0) -> SearchResult:
    """Search for the structure with the best score: add, remove or reverse one arc at a time.

    Plain greedy search stops at the first structure that no single move improves, often
    a local optimum. This one keeps going through up to ``patience`` non-improving moves,
    with a tabu list of the structures it left in its last ``tabu_length`` moves, so that it
    cannot go back to one of them (undoing a move, or reaching the same graph another way:
    removing A->B, adding B->A, then reversing B->A would be a three-move circle),
    then restarts ``restarts`` times from the best structure with random moves applied.
    Returns a :class:`SearchResult`: ``network``, the best structure seen, a BayesNet with
    tables counted from ``data`` (``alpha`` = 0: maximum likelihood); ``history``, one dict per
    move (``step``, ``phase`` (``"climb"`` or ``"restart k"``), ``move``, ``arc``, ``delta``,
    ``score``, ``edges`` after the move), in the direction of the chosen score, for stepping
    through the search; ``score``, the score's name. Where some parent configuration never occurs in
    the data, maximum likelihood leaves its row 0/0: the structure is then returned
    without tables, with a warning to call ``.fit(data, alpha=1)``.

    ``score``: "bic" or "loglik" (higher is better) or "mdl" (lower is better).
    """
    return SearchResult(*_search(data, score, max_indegree, tabu_length, patience, restarts, max_iter,
                                 random_state, start, alpha))


def _search(data, score, max_indegree, tabu_length, patience, restarts, max_iter, random_state, start,
            alpha):
    """hill_climb_search's work: (network, history, score); its warning points at the caller's caller."""
    if not isinstance(data, pd.DataFrame) or data.shape[1] < 2:
        raise NbteachError(tr({"en": "data must be a pandas DataFrame with at least two columns (nodes).",
                               "zh": "data 必须是至少有两列（结点）的 pandas DataFrame。"}))
    if score not in ("bic", "loglik", "mdl"):
        raise NbteachError(tr({"en": f"score must be 'bic', 'loglik' or 'mdl'; got {score!r}.",
                               "zh": f"score 必须是 'bic'、'loglik' 或 'mdl'；你给的是 {score!r}。"}))
    for name, val in (("tabu_length", tabu_length), ("patience", patience), ("restarts", restarts),
                      ("max_iter", max_iter)):
        if not isinstance(val, int) or isinstance(val, bool) or val < 0:
            raise NbteachError(tr({"en": f"{name} must be an integer >= 0; got {val!r}.",
                                   "zh": f"{name} 必须是 >= 0 的整数；你给的是 {val!r}。"}))
    alpha = check_alpha(alpha)            # checked here: the tables are counted at the end
    nodes = list(data.columns)
    probe = BayesNet([], nodes=nodes)
    codes, values = _encode(probe, data)      # the data checked and encoded once, for the search and the tables
    card = {v: len(values[v]) for v in nodes}
    sign = -1.0 if score == "mdl" else 1.0  # maximise sign * score
    d, n = len(nodes), len(data)
    # A structure is one int g, bit b*d + a set for the arc a -> b (cheap to compare and to keep
    # in the tabu list); its parent masks, masks(g)[b] with bit a for the parent a of b, say the same.
    full = (1 << d) - 1
    cache = [{} for _ in range(d)]
    bits = [_bits(m) for m in range(full + 1)].__getitem__ if d <= 12 else _bits   # a table for a few nodes
    # where every node's values at once make fewer cells than the data has rows, the rows are
    # counted once into that table, and each family's counts are summed out of it
    sizes = [card[v] for v in nodes]
    joint = joint_counts([codes[v] for v in nodes], sizes) if math.prod(sizes) <= n else None

    def counts(v, parents):
        """N_ijk of node v and its parents (positions, in the columns' order)."""
        if joint is None:
            return _counts(codes, card, nodes[v], [nodes[p] for p in parents])
        return _marginal_counts(joint, sizes, v, parents)

    def local(v, mask):
        """sign * the local score of node v with the parents in ``mask``, each computed once."""
        value = cache[v].get(mask)
        if value is None:
            parents = bits(mask)
            value = _score_of_counts(counts(v, parents), card, nodes[v], [nodes[p] for p in parents], n, score)
            value = cache[v][mask] = sign * value
        return value

    def masks(g):
        return [g >> (v * d) & full for v in range(d)]

    g = 0
    if start is not None:
        for u, w in start.edges:
            if u not in nodes or w not in nodes:
                column = u if u not in nodes else w
                raise NbteachError(tr({"en": f"start has the arc {u!r} -> {w!r}, but data has no column {column!r}.",
                                       "zh": f"start 中有边 {u!r} -> {w!r}，但数据中没有列 {column!r}。"}))
            g |= 1 << (nodes.index(w) * d + nodes.index(u))
    rng = np.random.default_rng(random_state)
    limit = max_indegree if max_indegree is not None else d

    known_moves = {}

    def moves(g):
        """Every legal move from the structure g: a list of (move, its change of score, the
        structure after it), in the order a, then b, over the nodes; remove (then reverse) the
        arc a -> b if it is there, else add it. Made once a structure: the search comes back
        to the same structures (the sprinkler's 144 steps visit 39)."""
        out = known_moves.get(g)
        if out is None:
            out = known_moves[g] = _moves(g)
        return out

    def _moves(g):
        ps = masks(g)
        desc = _descendants_or_self(ps, bits)
        here = [local(v, mask) for v, mask in enumerate(ps)]
        room = [mask.bit_count() < limit for mask in ps]        # may take one more parent
        out = []
        for a in range(d):
            bit_a, pa = 1 << a, ps[a]
            for b in range(d):
                if a == b:
                    continue
                pb, arc = ps[b], 1 << (b * d + a)
                if pb & bit_a:
                    lose = local(b, pb & ~bit_a) - here[b]
                    out.append((("remove", a, b), lose, g ^ arc))
                    # reversing a -> b closes a cycle if another parent of b descends from a
                    if room[a] and not pb & ~bit_a & desc[a]:
                        out.append((("reverse", a, b), lose + local(a, pa | 1 << b) - here[a],
                                    g ^ arc ^ 1 << (a * d + b)))
                elif not pa >> b & 1 and room[b] and not desc[b] >> a & 1:   # b is no ancestor of a
                    out.append((("add", a, b), local(b, pb | bit_a) - here[b], g ^ arc))
        return out

    def total(g):
        return sum(local(v, mask) for v, mask in enumerate(masks(g)))

    history = []

    known_edges = {}

    def edges_of(g):
        if g not in known_edges:
            known_edges[g] = [(nodes[a], nodes[b]) for b, mask in enumerate(masks(g)) for a in bits(mask)]
        return list(known_edges[g])

    def climb(g, phase):
        best, best_val = g, total(g)
        history.append({"step": len(history), "phase": phase, "move": "start", "arc": None,
                        "delta": 0.0, "score": sign * best_val, "edges": edges_of(g)})
        current, stale, steps = best_val, 0, 0
        tabu, in_tabu = deque(), {}            # the structures left in the last tabu_length moves
        while steps < max_iter and stale <= patience:
            steps += 1
            choice = None
            for option in moves(g):
                if in_tabu.get(option[2]):
                    continue
                if choice is None or option[1] > choice[1] + 1e-12:
                    choice = option
            if choice is None:
                break
            (op, a, b), delta, moved = choice
            tabu.append(g)
            in_tabu[g] = in_tabu.get(g, 0) + 1
            g = moved
            current += delta
            history.append({"step": len(history), "phase": phase, "move": op,
                            "arc": (nodes[a], nodes[b]), "delta": sign * delta,
                            "score": sign * current, "edges": edges_of(g)})
            while len(tabu) > tabu_length:
                in_tabu[tabu.popleft()] -= 1
            if current > best_val + 1e-9:
                best, best_val, stale = g, current, 0
            else:
                stale += 1
        return best, best_val

    best, best_val = climb(g, "climb")
    for k in range(restarts):
        g = best
        for _ in range(max(1, d // 2)):
            options = moves(g)
            if not options:
                break
            g = options[rng.integers(len(options))][2]
        cand, cand_val = climb(g, f"restart {k + 1}")
        if cand_val > best_val + 1e-9:
            best, best_val = cand, cand_val
    net = BayesNet(edges_of(best), nodes=nodes)
    try:                              # all or nothing: a failure leaves net without tables
        position = {v: i for i, v in enumerate(nodes)}
        net.add_cpd_arrays(_estimate(net, lambda v, parents: counts(position[v], [position[p] for p in parents]),
                                     values, alpha))
    except NbteachError as err:
        warnings.warn(tr({"en": f"hill_climb found the structure {net!r} but could not count its tables: "
                                f"{err} The structure is returned without tables.",
                          "zh": f"hill_climb 找到了结构 {net!r}，但无法对它的条件概率表计数：{err} 返回的结构不带条件概率表。"}), stacklevel=3)
    return net, history, score


def _skeleton_and_v(net):
    skel = {frozenset(e) for e in net.edges}
    v = set()
    for c in net.nodes:
        ps = net.parents(c)
        for i, a in enumerate(ps):
            for b in ps[i + 1:]:
                if frozenset((a, b)) not in skel:
                    v.add((frozenset((a, b)), c))
    return skel, v


def same_equivalence_class(a, b) -> bool:
    """Whether two DAGs are Markov equivalent: same skeleton and same V-structures
    (Verma & Pearl), so no data can tell them apart."""
    return _skeleton_and_v(a) == _skeleton_and_v(b)
