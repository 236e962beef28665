"""Hill climbing takes, move by move, the steps of the search written plainly (issue 36).

The search in nbteach/bayesnet/search.py keeps a structure as bit masks, its moves once per
structure, its local scores summed out of one table of counts; ``plain_search`` below is the
algorithm as its docstring states it, with parent sets, and the local score counted from the
rows for every family. The two must give the same history (every move, its delta and score to
the bit) and the same network with the same tables.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from nbteach.bayesnet import BayesNet, burglary, hill_climb_search, sample, sprinkler
from nbteach.bayesnet.estimators import _encode, estimate_cpds, local_score


def plain_search(data, score="bic", max_indegree=None, tabu_length=50, patience=20, restarts=5,
                 max_iter=10000, random_state=None):
    """Tabu hill climbing with restarts over parent sets (what hill_climb_search documents)."""
    nodes = list(data.columns)
    codes, values = _encode(BayesNet([], nodes=nodes), data)
    card = {v: len(values[v]) for v in nodes}
    sign = -1.0 if score == "mdl" else 1.0

    def local(v, ps):
        return sign * local_score(codes, card, v, tuple(sorted(ps, key=nodes.index)), len(data), score)

    def ancestor(ps, a, b):              # is b an ancestor of a, or a itself?
        stack, seen = [a], set()
        while stack:
            v = stack.pop()
            if v == b:
                return True
            if v not in seen:
                seen.add(v)
                stack.extend(ps[v])
        return False

    limit = max_indegree if max_indegree is not None else len(nodes)

    def moves(ps):
        for a in nodes:
            for b in nodes:
                if a == b:
                    continue
                if a in ps[b]:
                    yield ("remove", a, b), local(b, ps[b] - {a}) - local(b, ps[b])
                    if len(ps[a]) < limit and not ancestor({**ps, b: ps[b] - {a}}, b, a):
                        yield ("reverse", a, b), (local(b, ps[b] - {a}) - local(b, ps[b])
                                                  + local(a, ps[a] | {b}) - local(a, ps[a]))
                elif b not in ps[a] and len(ps[b]) < limit and not ancestor(ps, a, b):
                    yield ("add", a, b), local(b, ps[b] | {a}) - local(b, ps[b])

    def after(ps, move):
        op, a, b = move
        out = {v: set(p) for v, p in ps.items()}
        if op in ("remove", "reverse"):
            out[b].discard(a)
        if op == "add":
            out[b].add(a)
        if op == "reverse":
            out[a].add(b)
        return out

    def edges(ps):
        return [(a, b) for b in nodes for a in sorted(ps[b], key=nodes.index)]

    history = []

    def climb(ps, phase):
        best, best_val = ps, sum(local(v, ps[v]) for v in nodes)
        history.append((phase, "start", None, 0.0, sign * best_val, edges(ps)))
        current, tabu, stale, steps = best_val, [], 0, 0
        while steps < max_iter and stale <= patience:
            steps += 1
            choice = None
            for move, delta in moves(ps):
                if frozenset(edges(after(ps, move))) in tabu:
                    continue
                if choice is None or delta > choice[1] + 1e-12:
                    choice = (move, delta)
            if choice is None:
                break
            tabu.append(frozenset(edges(ps)))
            del tabu[:-tabu_length or len(tabu)]
            ps, current = after(ps, choice[0]), current + choice[1]
            history.append((phase, choice[0][0], choice[0][1:], sign * choice[1], sign * current, edges(ps)))
            if current > best_val + 1e-9:
                best, best_val, stale = ps, current, 0
            else:
                stale += 1
        return best, best_val

    rng = np.random.default_rng(random_state)
    best, best_val = climb({v: set() for v in nodes}, "climb")
    for k in range(restarts):
        ps = best
        for _ in range(max(1, len(nodes) // 2)):
            options = list(moves(ps))
            if not options:
                break
            ps = after(ps, options[rng.integers(len(options))][0])
        cand, cand_val = climb(ps, f"restart {k + 1}")
        if cand_val > best_val + 1e-9:
            best, best_val = cand, cand_val
    return edges(best), history


def _rows(history):
    return [(h["phase"], h["move"], h["arc"], h["delta"], h["score"], h["edges"]) for h in history]


CASES = {
    "sprinkler, 3000 rows": (lambda: sample(sprinkler(), 3000, random_state=0), {}),
    "burglary, 2000 rows, mdl": (lambda: sample(burglary(), 2000, random_state=1), {"score": "mdl"}),
    "five 3-valued columns of noise, indegree 1": (
        lambda: pd.DataFrame({f"V{i}": np.random.default_rng(5).integers(0, 3, (400, 5))[:, i].astype(str)
                              for i in range(5)}), {"max_indegree": 1, "tabu_length": 3, "patience": 4}),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_search_takes_the_plain_searchs_steps_to_the_bit(case):
    make, kwargs = CASES[case]
    data = make()
    result = hill_climb_search(data, random_state=0, **kwargs)
    edges, history = plain_search(data, random_state=0, **kwargs)
    assert _rows(result.history) == history          # every move, delta and score, as floats compare
    assert sorted(result.network.edges) == sorted(edges)
    tables = estimate_cpds(BayesNet(edges, nodes=list(data.columns)), data)
    for v, table in tables.items():
        pd.testing.assert_frame_equal(result.network.get_cpd(v), table)


def test_a_search_that_misses_a_cycle_is_told_apart(monkeypatch):
    """The comparison above can fail: with the fast search's cycle check broken (every node its
    own only descendant), its history leaves the plain search's."""
    from nbteach.bayesnet import search

    monkeypatch.setattr(search, "_descendants_or_self", lambda ps, bits=None: [1 << v for v in range(len(ps))])
    data = sample(sprinkler(), 3000, random_state=0)
    _, history = plain_search(data, random_state=0, restarts=0)
    try:
        broken = _rows(hill_climb_search(data, random_state=0, restarts=0).history)
    except Exception:  # noqa: BLE001 - a cyclic result may not even make a network
        broken = None
    assert broken != history
