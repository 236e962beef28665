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

import warnings
from typing import NamedTuple

import numpy as np
import pandas as pd

from .._base import NbteachError
from .estimators import _encode, fit_cpds, local_score
from .network import BayesNet
from ..i18n import tr

__all__ = ["hill_climb", "hill_climb_search", "SearchResult", "same_equivalence_class"]


def _creates_cycle(parents, a, b) -> bool:
    """Would the arc a -> b close a directed cycle (is a reachable from b)?"""
    stack, seen = [a], set()
    while stack:
        v = stack.pop()
        if v == b:
            return True
        if v not in seen:
            seen.add(v)
            stack.extend(parents[v])
    return False


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
    nodes = list(data.columns)
    probe = BayesNet([], nodes=nodes)
    codes, values = _encode(probe, data)
    card = {v: len(values[v]) for v in nodes}
    sign = -1.0 if score == "mdl" else 1.0  # maximise sign * score
    cache = {}

    def local(v, ps):
        key = (v, frozenset(ps))
        if key not in cache:
            cache[key] = sign * local_score(codes, card, v, tuple(sorted(ps, key=nodes.index)),
                                            len(data), score)
        return cache[key]

    parents = {v: set() for v in nodes}
    if start is not None:
        for a, b in start.edges:
            parents[b].add(a)
    rng = np.random.default_rng(random_state)
    limit = max_indegree if max_indegree is not None else len(nodes)

    def moves(ps):
        for a in nodes:
            for b in nodes:
                if a == b:
                    continue
                if a in ps[b]:
                    yield ("remove", a, b), local(b, ps[b] - {a}) - local(b, ps[b])
                    if len(ps[a]) < limit:
                        ps[b].discard(a)
                        ok = not _creates_cycle(ps, b, a)
                        ps[b].add(a)
                        if ok:
                            yield ("reverse", a, b), (local(b, ps[b] - {a}) - local(b, ps[b])
                                                      + local(a, ps[a] | {b}) - local(a, ps[a]))
                elif b not in ps[a] and len(ps[b]) < limit and not _creates_cycle(ps, a, b):
                    yield ("add", a, b), local(b, ps[b] | {a}) - local(b, ps[b])

    def apply(ps, move):
        op, a, b = move
        if op == "add":
            ps[b].add(a)
        elif op == "remove":
            ps[b].discard(a)
        else:
            ps[b].discard(a)
            ps[a].add(b)

    def total(ps):
        return sum(local(v, ps[v]) for v in nodes)

    history = []

    def edges_of(ps):
        return [(a, b) for b in nodes for a in sorted(ps[b], key=nodes.index)]

    def climb(ps, phase):
        best, best_val = {v: set(p) for v, p in ps.items()}, total(ps)
        history.append({"step": len(history), "phase": phase, "move": "start", "arc": None,
                        "delta": 0.0, "score": sign * best_val, "edges": edges_of(ps)})
        current, tabu, stale, steps = best_val, [], 0, 0
        while steps < max_iter and stale <= patience:
            steps += 1
            choice = None
            here = frozenset(edges_of(ps))
            for move, delta in moves(ps):
                op, a, b = move
                after = (here - {(a, b)} if op == "remove" else here | {(a, b)} if op == "add"
                         else here - {(a, b)} | {(b, a)})
                if after in tabu:
                    continue
                if choice is None or delta > choice[1] + 1e-12:
                    choice = (move, delta)
            if choice is None:
                break
            move, delta = choice
            apply(ps, move)
            current += delta
            history.append({"step": len(history), "phase": phase, "move": move[0],
                            "arc": (move[1], move[2]), "delta": sign * delta,
                            "score": sign * current, "edges": edges_of(ps)})
            tabu.append(here)
            del tabu[:-tabu_length or len(tabu)]
            if current > best_val + 1e-9:
                best, best_val, stale = {v: set(p) for v, p in ps.items()}, current, 0
            else:
                stale += 1
        return best, best_val

    best, best_val = climb(parents, "climb")
    for k in range(restarts):
        ps = {v: set(p) for v, p in best.items()}
        for _ in range(max(1, len(nodes) // 2)):
            options = list(moves(ps))
            if not options:
                break
            apply(ps, options[rng.integers(len(options))][0])
        cand, cand_val = climb(ps, f"restart {k + 1}")
        if cand_val > best_val + 1e-9:
            best, best_val = cand, cand_val
    edges = [(a, b) for b in nodes for a in sorted(best[b], key=nodes.index)]
    net = BayesNet(edges, nodes=nodes)
    try:
        fit_cpds(net, data, alpha)    # all or nothing: a failure leaves net without tables
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
