r"""Learning a Bayesian network from data: tables by counting, scores, hill climbing.

Parameters by counting (note 002: "通过数据中的频率计数(MLE)"):
:math:`\hat P(x_i = k \mid \mathrm{pa}_i = j) = (N_{ijk} + \alpha) / (N_{ij} + \alpha r_i)`.

Scores of a structure B on data D with N rows, from maximum-likelihood tables:

* log-likelihood :math:`LL(B|D) = \sum_{i,j,k} N_{ijk} \ln (N_{ijk} / N_{ij})` (nats);
* BIC :math:`= LL - \frac{\ln N}{2} |B|` (pgmpy's convention; higher is better);
* MDL :math:`s(B|D) = \frac{\log_2 N}{2} |B| - LL / \ln 2` in **bits** (note 002 writes
  f(theta)|B| - LL(B|D) with f(theta) = log2(N)/2; lower is better, and it equals
  -BIC / ln 2). Note 002 calls these lengths 字节 (bytes); a log2 length is in bits.

with :math:`|B| = \sum_i (r_i - 1) q_i` free parameters. ``mdl_parts`` gives the two terms
of the MDL score apart; ``encode_rows`` writes the data with a real arithmetic code whose
symbol frequencies are those counts, and ``decode_rows`` reads it back: its length in binary
digits is the data term, give or take two, which is what shows the term's unit (bits).

>>> from nbteach.bayesnet import sprinkler
>>> data = sample(sprinkler(), 2000, random_state=0)
>>> learned = hill_climb(data, score="bic", random_state=0)
>>> sorted(learned.edges) == sorted(sprinkler().edges) or same_equivalence_class(learned, sprinkler())
True
"""
from __future__ import annotations

import math
from typing import NamedTuple

from .._base import NbteachError
from .._validation import check_alpha, check_node_data
from ..counts import encode, joint_counts
from .network import BayesNet, cpd_frame
from .sampling import sample

__all__ = ["fit_cpds", "score", "local_score", "mdl_parts", "encode_rows", "decode_rows", "ArithmeticCode",
           "hill_climb", "hill_climb_search", "SearchResult", "sample", "same_equivalence_class"]


def _encode(net, data):
    """Integer codes of every column, and each node's values (the net's, else the data's)."""
    import numpy as np
    import pandas as pd

    check_node_data(data, net.nodes)
    codes, values = {}, {}
    for v in net.nodes:
        col = data[v]
        known = net.values(v) if net.has_cpds else None
        if known is None:
            uniq = pd.unique(col)
            try:
                known = sorted(uniq.tolist())
            except TypeError:
                known = list(uniq)
        try:
            codes[v] = encode(col.tolist(), known)[0]
        except KeyError as err:
            raise NbteachError(f"column {v!r} has the value {err.args[0]!r}, which the network's "
                               f"table of {v!r} does not have (values {known!r}).") from None
        values[v] = list(known)
    return codes, values


def _counts(codes, card, v, parents):
    """N_ijk as an array of shape (q_i, r_i)."""
    import numpy as np

    q = math.prod(card[p] for p in parents)
    n = joint_counts([codes[p] for p in parents] + [codes[v]], [card[p] for p in parents] + [card[v]])
    return n.reshape(q, card[v])


def fit_cpds(net, data, alpha=0):
    """Fill ``net``'s tables with counts from ``data`` (alpha: Lidstone pseudo-count).

    All or nothing: when a table cannot be counted (a parent configuration no row has, with
    alpha = 0) or the data do not fit, the message says so and ``net`` keeps the tables it had."""
    import numpy as np

    alpha = check_alpha(alpha)
    codes, values = _encode(net, data)
    card = {v: len(values[v]) for v in net.nodes}
    tables = {}
    for v in net.nodes:
        parents = net.parents(v)
        n = _counts(codes, card, v, parents).astype(float) + float(alpha)
        rows = n.sum(axis=1, keepdims=True)
        if (rows == 0).any():
            bad = int(np.flatnonzero(rows[:, 0] == 0)[0])
            combo = np.unravel_index(bad, [card[p] for p in parents])
            config = {p: values[p][i] for p, i in zip(parents, combo)}
            raise NbteachError(f"no row of the data has {config}, so P({v} | {config}) is 0/0: "
                               "use alpha > 0 (e.g. fit(data, alpha=1)).")
        tables[v] = cpd_frame(v, {p: values[p] for p in parents}, values[v], n / rows)
    return net.add_cpds(tables)   # all tables at once: a failure above leaves net as it was


def local_score(codes, card, v, parents, n_rows, kind):
    """One node's share of the score (scores decompose over nodes)."""
    import numpy as np

    n = _counts(codes, card, v, parents)
    rows = n.sum(axis=1, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        ll = float(np.where(n > 0, n * np.log(n / np.where(rows > 0, rows, 1)), 0.0).sum())
    k = (card[v] - 1) * math.prod(card[p] for p in parents)
    if kind == "loglik":
        return ll
    if kind == "bic":
        return ll - math.log(n_rows) / 2 * k
    if kind == "mdl":
        return math.log2(n_rows) / 2 * k - ll / math.log(2)
    raise NbteachError(f"kind must be 'loglik', 'bic' or 'mdl'; got {kind!r}.")


def score(net, data, kind="bic") -> float:
    """The score of ``net``'s structure on ``data`` (see the module docstring)."""
    if kind not in ("loglik", "bic", "mdl"):
        raise NbteachError(f"kind must be 'loglik', 'bic' or 'mdl'; got {kind!r}.")
    codes, values = _encode(net, data)
    card = {v: len(values[v]) for v in net.nodes}
    return sum(local_score(codes, card, v, net.parents(v), len(data), kind) for v in net.nodes)


def _need_net(net, what):
    if not isinstance(net, BayesNet):
        raise NbteachError(f"{what} needs a BayesNet (its structure) as the first argument; got "
                           f"{type(net).__name__}.")


def mdl_parts(net, data) -> dict:
    r"""The two terms of note 002's MDL score :math:`s(B|D) = f(\theta)|B| - LL(B|D)`, in bits.

    ``{"model": (log2 N / 2) |B|, "data": -LL(B|D) / ln 2}``: the length of the model (|B|
    free parameters at ``f(theta) = log2(N) / 2`` bits each) and of the data coded with the
    maximum-likelihood tables. Their sum is ``score(net, data, "mdl")``.

    >>> from nbteach.bayesnet import sprinkler
    >>> rows = sample(sprinkler(), 500, random_state=0)
    >>> parts = mdl_parts(sprinkler(), rows)
    >>> abs(parts["model"] + parts["data"] - score(sprinkler(), rows, "mdl")) < 1e-9
    True
    """
    _need_net(net, "mdl_parts")
    codes, values = _encode(net, data)
    card = {v: len(values[v]) for v in net.nodes}
    n = len(data)
    k = sum((card[v] - 1) * math.prod(card[p] for p in net.parents(v)) for v in net.nodes)
    ll = sum(local_score(codes, card, v, net.parents(v), n, "loglik") for v in net.nodes)
    return {"model": math.log2(n) / 2 * k, "data": -ll / math.log(2)}


# An arithmetic coder (Witten, Neal & Cleary 1987) with integer frequencies and 64-bit registers.
_BITS = 64
_FULL = 1 << _BITS
_HALF = _FULL >> 1
_QUARTER = _FULL >> 2


class ArithmeticCode:
    """What ``encode_rows`` writes: ``bits`` (a str of '0' and '1'), the ``counts`` it codes
    with (``{node: DataFrame of N_ijk}``, rows the parents' values, columns the node's) and
    ``n_rows``. ``n_bits`` is ``len(bits)``; ``n_bytes`` the bytes those digits fill."""

    def __init__(self, bits: str, counts: dict, n_rows: int):
        self.bits, self.counts, self.n_rows = bits, counts, n_rows

    @property
    def n_bits(self) -> int:
        return len(self.bits)

    @property
    def n_bytes(self) -> int:
        return -(-len(self.bits) // 8)

    def __repr__(self):
        return f"ArithmeticCode({self.n_rows} rows in {self.n_bits} binary digits)"


def _cumulative(counts):
    """Per node, the counts as an int array (q_i, r_i + 1) of cumulative frequencies."""
    import numpy as np

    out = {}
    for v, table in counts.items():
        n = table.to_numpy(dtype=np.int64)
        out[v] = np.concatenate([np.zeros((n.shape[0], 1), dtype=np.int64), np.cumsum(n, axis=1)], axis=1)
    return out


def _row_index(net, v, state, card):
    j = 0
    for p in net.parents(v):
        j = j * card[p] + state[p]
    return j


def encode_rows(net, data) -> ArithmeticCode:
    r"""Write the rows of ``data`` as binary digits with an arithmetic code built on ``net``'s
    structure: each value is coded, node by node in topological order, with the frequencies
    :math:`N_{ijk}` counted in ``data`` (the maximum-likelihood tables of the MDL data term).

    An arithmetic code spends :math:`-\log_2 P` binary digits on a message of probability
    :math:`P`, plus at most two (and a negligible amount for the 64-bit registers), so
    ``n_bits`` is within about 2 of ``mdl_parts(net, data)["data"]``. ``decode_rows`` reads
    the rows back from the bits and the counts alone.

    >>> from nbteach.bayesnet import sprinkler
    >>> rows = sample(sprinkler(), 300, random_state=0)
    >>> code = encode_rows(sprinkler(), rows)
    >>> decode_rows(sprinkler(), code).equals(rows[list(sprinkler().nodes)])
    True
    >>> 0 <= code.n_bits - mdl_parts(sprinkler(), rows)["data"] <= 3
    True
    """
    import pandas as pd

    _need_net(net, "encode_rows")
    codes, values = _encode(net, data)
    card = {v: len(values[v]) for v in net.nodes}
    counts = {}
    for v in net.nodes:
        parents = net.parents(v)
        n = _counts(codes, card, v, parents)
        if parents:
            index = pd.MultiIndex.from_product([values[p] for p in parents], names=list(parents))
        else:
            index = pd.Index([""])
        counts[v] = pd.DataFrame(n, index=index, columns=pd.Index(values[v], name=v))
    cum = _cumulative(counts)
    out, low, high, pending = [], 0, _FULL - 1, 0
    for r in range(len(data)):
        state = {v: int(codes[v][r]) for v in net.nodes}
        for v in net.nodes:
            c = cum[v][_row_index(net, v, state, card)]
            total, k = int(c[-1]), state[v]
            width = high - low + 1
            high = low + width * int(c[k + 1]) // total - 1
            low = low + width * int(c[k]) // total
            while True:
                if high < _HALF:
                    out.append("0" + "1" * pending)
                    pending = 0
                elif low >= _HALF:
                    out.append("1" + "0" * pending)
                    pending = 0
                    low, high = low - _HALF, high - _HALF
                elif low >= _QUARTER and high < 3 * _QUARTER:
                    pending += 1
                    low, high = low - _QUARTER, high - _QUARTER
                else:
                    break
                low, high = 2 * low, 2 * high + 1
    pending += 1
    out.append("0" + "1" * pending if low < _QUARTER else "1" + "0" * pending)
    return ArithmeticCode("".join(out), counts, len(data))


def decode_rows(net, code):
    """The rows that ``encode_rows`` wrote into ``code``, read back from ``code.bits`` with
    ``code.counts`` and ``net``'s structure (a DataFrame, one column per node)."""
    import numpy as np
    import pandas as pd

    _need_net(net, "decode_rows")
    if not isinstance(code, ArithmeticCode):
        raise NbteachError(f"decode_rows reads what encode_rows returns (an ArithmeticCode); got "
                           f"{type(code).__name__}.")
    if set(code.counts) != set(net.nodes):
        raise NbteachError(f"this code was written for the nodes {sorted(code.counts, key=str)!r}, "
                           f"not this network's {list(net.nodes)!r}.")
    for v in net.nodes:
        names = [n for n in code.counts[v].index.names if n is not None]
        if names != list(net.parents(v)):
            raise NbteachError(f"this code counts {v!r} given {names!r}; in this network its parents "
                               f"are {list(net.parents(v))!r}: decode with the network that encoded it.")
    bits = code.bits
    if not isinstance(bits, str) or set(bits) - {"0", "1"}:
        raise NbteachError("code.bits must be a string of the digits 0 and 1, as encode_rows writes it.")
    values = {v: list(code.counts[v].columns) for v in net.nodes}
    card = {v: len(values[v]) for v in net.nodes}
    cum = _cumulative(code.counts)
    pos = min(_BITS, len(bits))
    value = int(bits[:pos].ljust(_BITS, "0"), 2)
    low, high = 0, _FULL - 1
    rows = {v: np.empty(code.n_rows, dtype=np.intp) for v in net.nodes}
    for r in range(code.n_rows):
        state = {}
        for v in net.nodes:
            c = cum[v][_row_index(net, v, state, card)]
            total = int(c[-1])
            width = high - low + 1
            target = ((value - low + 1) * total - 1) // width
            k = int(np.searchsorted(c, target, side="right")) - 1
            if not 0 <= k < card[v] or total == 0:
                raise NbteachError(f"row {r}: the bits do not decode with these counts (were they "
                                   "changed, or the bits cut?): decode what encode_rows wrote, unchanged.")
            state[v] = rows[v][r] = k
            high = low + width * int(c[k + 1]) // total - 1
            low = low + width * int(c[k]) // total
            while True:
                if high < _HALF:
                    pass
                elif low >= _HALF:
                    value, low, high = value - _HALF, low - _HALF, high - _HALF
                elif low >= _QUARTER and high < 3 * _QUARTER:
                    value, low, high = value - _QUARTER, low - _QUARTER, high - _QUARTER
                else:
                    break
                low, high = 2 * low, 2 * high + 1
                value = 2 * value + (bits[pos] == "1" if pos < len(bits) else 0)
                pos += 1
    return pd.DataFrame({v: np.asarray(values[v], dtype=object)[rows[v]] for v in net.nodes})


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

    The network's ``search_history_`` and ``search_score_`` are the search's ``history`` and
    ``score`` (a BayesNet made otherwise has None there).
    """
    net, history, kind = _search(data, score, max_indegree, tabu_length, patience, restarts, max_iter,
                                 random_state, start, alpha)
    net.search_history_, net.search_score_ = history, kind
    return net


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
    import numpy as np
    import pandas as pd

    if not isinstance(data, pd.DataFrame) or data.shape[1] < 2:
        raise NbteachError("data must be a pandas DataFrame with at least two columns (nodes).")
    if score not in ("bic", "loglik", "mdl"):
        raise NbteachError(f"score must be 'bic', 'loglik' or 'mdl'; got {score!r}.")
    for name, val in (("tabu_length", tabu_length), ("patience", patience), ("restarts", restarts),
                      ("max_iter", max_iter)):
        if not isinstance(val, int) or isinstance(val, bool) or val < 0:
            raise NbteachError(f"{name} must be an integer >= 0; got {val!r}.")
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
        import warnings

        warnings.warn(f"hill_climb found the structure {net!r} but could not count its tables: "
                      f"{err} The structure is returned without tables.", stacklevel=3)
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
