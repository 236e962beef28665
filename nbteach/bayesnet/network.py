r"""A Bayesian network: a DAG whose nodes carry conditional probability tables.

The joint distribution is the product of every node's table (note 002, 贝叶斯网):

.. math:: P(x_1, \dots, x_d) = \prod_{i=1}^{d} P(x_i \mid \mathrm{pa}(x_i)).

A table (CPT) is a pandas DataFrame with one row per configuration of the node's
parents and one column per value of the node; each row sums to 1. A root node's table
has a single row. Without tables the network still answers structural questions
(``d_separated``, ``moral_graph``, ``parents``).

>>> from nbteach.bayesnet import burglary
>>> net = burglary()
>>> net.parents("Alarm")
('Burglary', 'Earthquake')
>>> net.d_separated("Burglary", "Earthquake")
True
>>> net.d_separated("Burglary", "Earthquake", given=["Alarm"])
False
>>> round(float(net.query("Burglary", {"JohnCalls": True, "MaryCalls": True})[True]), 4)
0.2842
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping
from typing import NamedTuple

import numpy as np
import pandas as pd

from .._base import NbteachError
from ..glossary import term
from ..i18n import get_language
from .estimators import cpd_frame, fit_cpds
from .estimators import score as structure_score
from .inference import elimination_ask, gibbs_ask
from ..i18n import tr

__all__ = ["BayesNet", "TrailNode", "connected_components", "cpd_frame"]   # cpd_frame: from estimators


def _check_distributions(v, rows, label):
    """Each row of ``rows`` (2-D: one row per parent configuration) a distribution over ``v``'s
    values: entries in [0, 1], summing to 1; ``label(i)`` names row i in the message."""
    if not np.all(np.isfinite(rows)) or (rows < 0).any() or (rows > 1).any():
        raise NbteachError(tr({"en": f"the table of {v!r} has an entry outside [0, 1].",
                               "zh": f"{v!r} 的条件概率表中有一项不在 [0, 1] 之内。"}))
    sums = rows.sum(axis=1)
    bad = np.flatnonzero(np.abs(sums - 1) > 1e-9)
    if bad.size:
        row = label(int(bad[0]))
        raise NbteachError(tr({"en": f"row {row!r} of the table of {v!r} sums to {sums[bad[0]]:.6g}, not 1: "
                                     f"each row is a distribution over {v!r}'s values.",
                               "zh": f"{v!r} 的条件概率表第 {row!r} 行之和是 {sums[bad[0]]:.6g}，不是 1："
                                     f"每一行都是 {v!r} 各取值上的一个分布。"}))


def _as_set(x, what: str) -> tuple:
    if x is None:
        return ()
    if isinstance(x, str) or not isinstance(x, Iterable):
        return (x,)
    return tuple(x)


#: a node's kind on a trail and its verdict, in Zhou's words (7.5.1) and the glossary's
_KIND_ZH = {"chain": term("chain structure"), "fork": term("common parent structure"), "collider": term("collider")}
_VERDICT_ZH = {"passes": "畅通", "blocks": "阻断"}


class TrailNode(NamedTuple):
    """An inner node of a trail (:meth:`BayesNet.trails`): the node, its ``kind`` on the trail
    (``"chain"``, ``"fork"`` or ``"collider"``) and its ``verdict`` (``"passes"`` or ``"blocks"``).

    It is the tuple ``(node, kind, verdict)`` with these English words, in code and in English;
    in Chinese it is *shown* in Chinese (the glossary's 顺序结构, 同父结构, V型结构的汇合点; 畅通,
    阻断), in full-width brackets, as text rather than a Python literal.

    >>> from nbteach.i18n import set_language
    >>> reason = TrailNode("Alarm", "collider", "passes")
    >>> reason, reason == ("Alarm", "collider", "passes"), reason.kind
    (('Alarm', 'collider', 'passes'), True, 'collider')
    >>> set_language("zh"); print([reason]); set_language("en")
    [（Alarm：V型结构的汇合点，畅通）]
    """

    node: object
    kind: str
    verdict: str

    def __repr__(self):
        if get_language() == "zh":
            kind, verdict = _KIND_ZH.get(self.kind, self.kind), _VERDICT_ZH.get(self.verdict, self.verdict)
            return f"（{self.node}：{kind}，{verdict}）"
        return tuple.__repr__(self)

    __str__ = __repr__


def connected_components(nodes, edges, removed=()) -> list:
    """The connected components of an undirected graph, after deleting the nodes ``removed``
    (and their edges): the last step of d-separation on a moral graph, where x and y are
    separated by z iff no component holds both once z is deleted.

    ``nodes``: the graph's nodes (their order is the order of the output); ``edges``: pairs
    ``(a, b)``, as ``BayesNet.moral_graph`` returns them. Returns a list of lists of nodes.

    >>> connected_components(["a", "b", "c", "d"], [("a", "b"), ("b", "c")], removed=["b"])
    [['a'], ['c'], ['d']]
    """
    if isinstance(nodes, str) or not isinstance(nodes, Iterable):
        raise NbteachError(tr({"en": f"nodes must be a list of nodes; got {nodes!r}.",
                               "zh": f"nodes 必须是结点列表；你给的是 {nodes!r}。"}))
    removed = set(_as_set(removed, "nodes"))
    order = [v for v in nodes if v not in removed]
    adj = {v: set() for v in order}
    for e in edges:
        if not isinstance(e, (tuple, list)) or len(e) != 2:
            raise NbteachError(tr({"en": f"an undirected edge is a pair (a, b); got {e!r}.",
                                   "zh": f"无向边是一对结点 (a, b)；你给的是 {e!r}。"}))
        a, b = e
        for v in (a, b):
            if v not in adj and v not in removed:
                raise NbteachError(tr({"en": f"the edge {tuple(e)!r} has {v!r}, which is not among the nodes.",
                                       "zh": f"边 {tuple(e)!r} 中的 {v!r} 不在结点之中。"}))
        if a in adj and b in adj:
            adj[a].add(b)
            adj[b].add(a)
    seen, out = set(), []
    for v in order:
        if v in seen:
            continue
        part, stack = set(), [v]
        while stack:
            w = stack.pop()
            if w not in part:
                part.add(w)
                stack.extend(adj[w] - part)
        seen |= part
        out.append([u for u in order if u in part])
    return out


class BayesNet:
    """A Bayesian network over discrete variables.

    Parameters
    ----------
    edges : list of (parent, child) pairs
        The arcs of the DAG. A node with no arc can be added through ``nodes``.
    cpds : dict, optional
        ``{node: DataFrame}``: for a node with parents ``(p1, ..., pk)`` (in the order in
        which their arcs first appear in ``edges``) the table's index holds the parents'
        values (a MultiIndex for k >= 2, named after the parents), its columns the node's
        values; a root's table has one row. Every row sums to 1.
    nodes : list, optional
        Extra nodes without arcs (and the order in which nodes are listed).

    Attributes
    ----------
    nodes : tuple
        Every node, in a topological order (parents before children).
    edges : tuple of (parent, child)

    The tables are read and set through methods only (``get_cpd``, ``get_cpds``, ``add_cpds``,
    ``cpd_array``, ``values``, ``cardinality``, ``encode_evidence``): ``add_cpds`` and ``fit``
    change all the tables they are given or, on any error, none.

    Examples
    --------
    >>> import pandas as pd
    >>> rain = pd.DataFrame([[0.2, 0.8]], columns=[True, False])
    >>> wet = pd.DataFrame([[0.9, 0.1], [0.1, 0.9]], columns=[True, False],
    ...                    index=pd.Index([True, False], name="Rain"))
    >>> net = BayesNet([("Rain", "Wet")], {"Rain": rain, "Wet": wet})
    >>> net.query("Rain", evidence={"Wet": True}).round(4).to_dict()
    {True: 0.6923, False: 0.3077}
    """

    def __init__(self, edges, cpds=None, nodes=None):
        edges = [tuple(e) for e in (edges or [])]
        for e in edges:
            if len(e) != 2:
                raise NbteachError(tr({"en": f"an edge is a (parent, child) pair; got {e!r}.",
                                       "zh": f"边是一对 (父结点, 子结点)；你给的是 {e!r}。"}))
            if e[0] == e[1]:
                raise NbteachError(tr({"en": f"the edge {e!r} joins {e[0]!r} to itself; a Bayesian network "
                                             "has no self-loops.",
                                       "zh": f"边 {e!r} 把 {e[0]!r} 连到它自己；贝叶斯网没有自环。"}))
        if len(set(edges)) != len(edges):
            dup = [e for e in edges if edges.count(e) > 1][0]
            raise NbteachError(tr({"en": f"the edge {dup!r} is listed twice.",
                                   "zh": f"边 {dup!r} 列出了两次。"}))
        order = list(nodes or [])
        for a, b in edges:
            for v in (a, b):
                if v not in order:
                    order.append(v)
        for v in (cpds or {}):
            if v not in order:
                order.append(v)
        self._parents = {v: tuple(a for a, b in edges if b == v) for v in order}
        self.edges = tuple(edges)
        self.nodes = self._topological(order)
        self._values: dict = {}
        self._cpt: dict = {}
        if cpds:
            if not isinstance(cpds, Mapping):
                raise NbteachError(tr({"en": f"cpds must be a dict node -> DataFrame; got {type(cpds).__name__}.",
                                       "zh": f"cpds 必须是“结点 -> DataFrame”的字典；你给的是 {type(cpds).__name__}。"}))
            missing = [v for v in self.nodes if v not in cpds]
            if missing:
                raise NbteachError(tr({"en": f"no table (cpds) given for {', '.join(map(repr, missing))}: "
                                             "give one per node, or none at all.",
                                       "zh": f"没有给出 {', '.join(map(repr, missing))} 的条件概率表（cpds）：请每个结点给一张，或者一张都不给。"}))
            self.add_cpds(cpds)

    # -- structure -------------------------------------------------------------------
    def _topological(self, order) -> tuple:
        done, out, visiting = set(), [], []

        def visit(v):
            if v in done:
                return
            if v in visiting:
                cycle = visiting[visiting.index(v):] + [v]
                raise NbteachError(tr({"en": "the edges contain a cycle: " + " -> ".join(map(str, cycle))
                                             + ". A Bayesian network is a directed *acyclic* graph: "
                                             "remove or reverse one of these edges.",
                                       "zh": "这些边构成了环：" + " -> ".join(map(str, cycle)) + "。贝叶斯网是有向*无环*图：请删去或反转其中一条边。"}))
            visiting.append(v)
            for p in self._parents[v]:
                visit(p)
            visiting.pop()
            done.add(v)
            out.append(v)

        for v in order:
            visit(v)
        return tuple(out)

    def check_node(self, v):
        """``v`` itself if it is a node of this network, else a message naming the nodes."""
        if v not in self._parents:
            raise NbteachError(tr({"en": f"{v!r} is not a node of this network; its nodes are "
                                         f"{', '.join(map(repr, self.nodes))}.",
                                   "zh": f"{v!r} 不是这个网络的结点；它的结点是 {', '.join(map(repr, self.nodes))}。"}))
        return v

    def parents(self, v) -> tuple:
        """The parents of ``v``, in the order of their arcs."""
        return self._parents[self.check_node(v)]

    def children(self, v) -> tuple:
        """The children of ``v``."""
        self.check_node(v)
        return tuple(c for c in self.nodes if v in self._parents[c])

    def markov_blanket(self, v) -> set:
        """Parents, children and the children's other parents of ``v``: given them, ``v`` is
        independent of every other node (what a Gibbs step conditions on).

        >>> from nbteach.bayesnet import burglary
        >>> sorted(burglary().markov_blanket("Burglary"))
        ['Alarm', 'Earthquake']
        """
        v = self.check_node(v)
        out = set(self._parents[v])
        for c in self.children(v):
            out.add(c)
            out.update(self._parents[c])
        out.discard(v)
        return out

    def ancestors(self, vs) -> set:
        """``vs`` and every node with a directed path into one of them."""
        out, stack = set(), [self.check_node(v) for v in _as_set(vs, "nodes")]
        while stack:
            v = stack.pop()
            if v not in out:
                out.add(v)
                stack.extend(self._parents[v])
        return out

    def moral_graph(self, nodes=None) -> list:
        """The moral graph: drop directions and "marry" every two parents of a child.

        Returns the undirected edges as sorted ``(a, b)`` pairs (by node order). With
        ``nodes``, the moral graph of the sub-network those nodes induce.

        >>> from nbteach.bayesnet import burglary
        >>> burglary().moral_graph()
        [('Burglary', 'Earthquake'), ('Burglary', 'Alarm'), ('Earthquake', 'Alarm'), ('Alarm', 'JohnCalls'), ('Alarm', 'MaryCalls')]
        """
        keep = set(self.nodes if nodes is None else (self.check_node(v) for v in nodes))
        rank = {v: i for i, v in enumerate(self.nodes)}
        und = set()
        for c in keep:
            ps = [p for p in self._parents[c] if p in keep]
            und.update(frozenset((p, c)) for p in ps)
            und.update(frozenset(pair) for pair in itertools.combinations(ps, 2))
        return sorted((tuple(sorted(e, key=rank.get)) for e in und), key=lambda e: (rank[e[0]], rank[e[1]])) \
            if und else []

    def d_separated(self, x, y, given=None) -> bool:
        """Whether every trail between ``x`` and ``y`` is blocked by ``given``.

        Decided as the notes should have said (note 002 moralises the whole graph, which
        gets the V-structure wrong): take the *ancestral* graph of x, y and given,
        moralise it, delete ``given``; x and y are d-separated iff no path is left.
        ``x``, ``y`` and ``given`` may each be a node or a list of nodes.
        """
        xs, ys, zs = (set(self.check_node(v) for v in _as_set(s, "nodes")) for s in (x, y, given))
        if not xs or not ys:
            raise NbteachError(tr({"en": "d_separated needs at least one node on each side.",
                                   "zh": "d_separated 的每一侧都至少需要一个结点。"}))
        overlap = (xs & ys) | (xs & zs) | (ys & zs)
        if overlap:
            raise NbteachError(tr({"en": f"{', '.join(map(repr, sorted(overlap, key=str)))} appears on two "
                                         "sides; x, y and given must not share nodes.",
                                   "zh": f"{', '.join(map(repr, sorted(overlap, key=str)))} 出现在两侧；x、y 和 given 不能有相同的结点。"}))
        keep = self.ancestors(xs | ys | zs)
        adj = {v: set() for v in keep}
        for a, b in self.moral_graph(keep):
            adj[a].add(b)
            adj[b].add(a)
        seen, stack = set(xs), list(xs)
        while stack:
            v = stack.pop()
            for w in adj[v] - zs:
                if w in ys:
                    return False
                if w not in seen:
                    seen.add(w)
                    stack.append(w)
        return True

    def trails(self, x, y, given=None) -> list:
        """Every trail (path ignoring directions) from ``x`` to ``y``, and whether it is active.

        Returns a list of ``(path, active, reasons)``: ``reasons`` names, for each inner
        node, its kind on the trail (chain, fork or collider, 顺序/同父/V 型) and whether
        it blocks, as a :class:`TrailNode` ``(node, kind, verdict)``: English words in code
        (``kind == "collider"``), shown in the student's language. A chain or fork blocks when
        observed; a collider blocks unless it or one of its descendants is observed.

        >>> from nbteach.bayesnet import burglary
        >>> burglary().trails("Burglary", "Earthquake", given=["JohnCalls"])
        [(['Burglary', 'Alarm', 'Earthquake'], True, [('Alarm', 'collider', 'passes')])]
        """
        x, y = self.check_node(x), self.check_node(y)
        zs = set(self.check_node(v) for v in _as_set(given, "nodes"))
        nbrs = {v: set(self._parents[v]) | set(self.children(v)) for v in self.nodes}
        observed_below = {v for v in self.nodes if self._descendants(v) & zs or v in zs}
        out = []

        def walk(path):
            v = path[-1]
            if v == y:
                out.append(list(path))
                return
            for w in sorted(nbrs[v], key=self.nodes.index):
                if w not in path:
                    walk(path + [w])

        walk([x])
        result = []
        for path in out:
            reasons, active = [], True
            for a, b, c in zip(path, path[1:], path[2:]):
                collider = a in self._parents[b] and c in self._parents[b]
                fork = b in self._parents[a] and b in self._parents[c]
                kind = "collider" if collider else ("fork" if fork else "chain")
                blocks = (b not in observed_below) if collider else (b in zs)
                active = active and not blocks
                reasons.append(TrailNode(b, kind, "blocks" if blocks else "passes"))
            result.append((path, active, reasons))
        return result

    def _descendants(self, v) -> set:
        out, stack = set(), list(self.children(v))
        while stack:
            w = stack.pop()
            if w not in out:
                out.add(w)
                stack.extend(self.children(w))
        return out

    # -- tables ----------------------------------------------------------------------
    def _parse_cpt(self, v, table, known):
        """``v``'s table checked against its parents' values in ``known`` (node -> values):
        (v's values, the array with axes (parents..., v)). Changes nothing."""
        if not isinstance(table, pd.DataFrame):
            raise NbteachError(tr({"en": f"the table of {v!r} must be a pandas DataFrame (one row per "
                                         f"parent configuration, one column per value); got {type(table).__name__}.",
                                   "zh": f"{v!r} 的条件概率表必须是 pandas DataFrame（父结点的每种取值组合一行，每个取值一列）；你给的是 {type(table).__name__}。"}))
        parents = self._parents[v]
        values = list(table.columns)
        if len(values) < 1 or len(set(values)) != len(values):
            raise NbteachError(tr({"en": f"the table of {v!r} needs distinct value columns; got {values!r}.",
                                   "zh": f"{v!r} 的条件概率表的取值列必须互不相同；你给的是 {values!r}。"}))
        try:
            arr = table.to_numpy(dtype=float)
        except (TypeError, ValueError):
            raise NbteachError(tr({"en": f"the table of {v!r} must hold numbers.",
                                   "zh": f"{v!r} 的条件概率表必须是数值。"})) from None
        _check_distributions(v, arr, lambda i: table.index[i])
        if not parents:
            if len(table) != 1:
                raise NbteachError(tr({"en": f"{v!r} has no parents, so its table has one row; got {len(table)}.",
                                       "zh": f"{v!r} 没有父结点，所以它的条件概率表只有一行；你给的有 {len(table)} 行。"}))
            return values, arr[0].copy()
        unknown = [p for p in parents if p not in known]
        if unknown:
            raise NbteachError(tr({"en": f"the table of {v!r} is given by its parents' values, and "
                                         f"{', '.join(map(repr, unknown))} has no table yet: give its table "
                                         "in the same add_cpds call (or before).",
                                   "zh": f"{v!r} 的条件概率表按父结点的取值给出，而 {', '.join(map(repr, unknown))} 还没有条件概率表：请在同一次 add_cpds 调用中（或之前）给出它的表。"}))
        pvals = [known[p] for p in parents]
        shape = tuple(len(p) for p in pvals)
        expected = math.prod(shape)
        names = list(table.index.names)
        if table.index.nlevels != len(parents):
            raise NbteachError(tr({"en": f"the table of {v!r} must have one index level per parent "
                                         f"({', '.join(map(repr, parents))}); it has {table.index.nlevels}.",
                                   "zh": f"{v!r} 的条件概率表必须每个父结点（{', '.join(map(repr, parents))}）一层索引；它有 {table.index.nlevels} 层。"}))
        if all(n is not None for n in names):
            if set(names) != set(parents):
                raise NbteachError(tr({"en": f"the index of {v!r}'s table is named {names!r}; its parents "
                                             f"are {list(parents)!r}.",
                                       "zh": f"{v!r} 的条件概率表的索引名是 {names!r}；它的父结点是 {list(parents)!r}。"}))
            if names != list(parents):
                table = table.reorder_levels(list(parents)) if len(parents) > 1 else table
        if len(table) != expected:
            raise NbteachError(tr({"en": f"the table of {v!r} has {len(table)} rows; its parents "
                                         f"{list(parents)!r} have {expected} configurations, one row each.",
                                   "zh": f"{v!r} 的条件概率表有 {len(table)} 行；它的父结点 {list(parents)!r} 有 {expected} 种取值组合，每种一行。"}))
        out = np.full(shape + (len(values),), np.nan)
        for key, row in zip(table.index, arr):
            key = key if isinstance(key, tuple) else (key,)
            try:
                idx = tuple(pv.index(k) for pv, k in zip(pvals, key))
            except ValueError:
                raise NbteachError(tr({"en": f"the table of {v!r} has a row {key!r} with a value its parents "
                                             f"do not take (their values: {pvals!r}).",
                                       "zh": f"{v!r} 的条件概率表中有一行 {key!r}，其中有父结点不会取的值（它们的取值：{pvals!r}）。"})) from None
            out[idx] = row
        if np.isnan(out).any():
            raise NbteachError(tr({"en": f"the table of {v!r} repeats a parent configuration and misses another.",
                                   "zh": f"{v!r} 的条件概率表重复了一种父结点取值组合，又漏掉了另一种。"}))
        return values, out

    def add_cpds(self, cpds):
        """Set the tables of some nodes, or all: ``{node: DataFrame}``, each as in the constructor.

        All or nothing: every table is checked first (against its parents' values, given in the
        same call or already set), and only when all are right are they set together; a bad table
        raises a message naming it and leaves the network exactly as it was. A node whose values
        change takes its children's tables along: give those too. Returns the network.

        >>> import pandas as pd
        >>> from nbteach.bayesnet import sprinkler
        >>> net = sprinkler()
        >>> before = net.get_cpd("Rain")
        >>> rain = pd.DataFrame([[0.5, 0.5], [0.5, 0.5]], columns=[True, False],
        ...                     index=pd.Index([True, False], name="Cloudy"))
        >>> wet = pd.DataFrame([[0.7, 0.7]], columns=[True, False])
        >>> net.add_cpds({"Rain": rain, "WetGrass": wet})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        nbteach._base.NbteachError: row 0 of the table of 'WetGrass' sums to 1.4, not 1: ...
        >>> net.get_cpd("Rain").equals(before)
        True
        """
        if not isinstance(cpds, Mapping):
            raise NbteachError(tr({"en": f"add_cpds takes a dict node -> DataFrame; got {type(cpds).__name__}.",
                                   "zh": f"add_cpds 接受“结点 -> DataFrame”的字典；你给的是 {type(cpds).__name__}。"}))
        return self._set_tables(cpds, self._parse_cpt)

    def add_cpd_arrays(self, tables):
        """Set tables given as arrays, ``{node: (values, array)}``: the node's values and its table
        with one axis per parent (in the order of ``parents(node)``, indexed by the positions in
        their values) and a last axis for the node's values, as :meth:`cpd_array` gives it back.
        What the estimators count, set without a DataFrame made and read back; checked as
        :meth:`add_cpds` checks a table, all or nothing. Returns the network.

        >>> from nbteach.bayesnet import sprinkler
        >>> net = sprinkler()
        >>> flipped = net.cpd_array("Rain")[::-1]         # Rain's rows for Cloudy swapped
        >>> net.add_cpd_arrays({"Rain": (net.values("Rain"), flipped)}).cpd_array("Rain").tolist() == flipped.tolist()
        True
        """
        if not isinstance(tables, Mapping):
            raise NbteachError(tr({"en": f"add_cpd_arrays takes a dict node -> (values, array); got "
                                         f"{type(tables).__name__}.",
                                   "zh": f"add_cpd_arrays 接受“结点 -> (取值, 数组)”的字典；你给的是 {type(tables).__name__}。"}))
        return self._set_tables(tables, self._read_array)

    def _read_array(self, v, given, known):
        """``v``'s (values, array) checked against its parents' values in ``known``: (v's values,
        a copy of the array). Changes nothing."""
        values, arr = given
        values = list(values)
        if len(values) < 1 or len(set(values)) != len(values):
            raise NbteachError(tr({"en": f"the table of {v!r} needs distinct values; got {values!r}.",
                                   "zh": f"{v!r} 的条件概率表需要互不相同的取值；你给的是 {values!r}。"}))
        parents = self._parents[v]
        unknown = [p for p in parents if p not in known]
        if unknown:
            missing = ", ".join(map(repr, unknown))
            raise NbteachError(tr({"en": f"the table of {v!r} is given by its parents' values, and {missing} has "
                                         "no table yet: give its table in the same call (or before).",
                                   "zh": f"{v!r} 的条件概率表按其父结点的取值给出，而 {missing} 还没有条件概率表："
                                         "请在同一次调用中（或之前）给出它的表。"}))
        shape = tuple(len(known[p]) for p in parents) + (len(values),)
        arr = np.array(arr, dtype=float)
        if arr.shape != shape:
            raise NbteachError(tr({"en": f"the table of {v!r} must have the shape {shape} (one axis per parent "
                                         f"{list(parents)!r}, then one for its values); got {arr.shape}.",
                                   "zh": f"{v!r} 的条件概率表的形状必须是 {shape}（每个父结点 {list(parents)!r} 一个轴，"
                                         f"最后一个轴是它自己的取值）；你给的是 {arr.shape}。"}))
        rows = arr.reshape(-1, len(values))
        _check_distributions(v, rows, lambda i: tuple(known[p][k] for p, k in
                                                       zip(parents, np.unravel_index(i, shape[:-1]))))
        return values, arr

    def _set_tables(self, given, read):
        """``add_cpds``' and ``add_cpd_arrays``' work: every table read with ``read(v, table,
        values known so far)`` first, then all set together."""
        for v in given:
            self.check_node(v)
        values, tables = dict(self._values), dict(self._cpt)
        for v in self.nodes:  # parents first, so their values are known
            if v in given:
                values[v], tables[v] = read(v, given[v], values)
        for v in self.nodes:
            if v in given or v not in tables:
                continue
            changed = [p for p in self._parents[v] if values[p] != self._values[p]]
            if changed:
                raise NbteachError(tr({"en": f"the values of {', '.join(map(repr, changed))} change, and the table of "
                                             f"{v!r} was made for the old ones: give {v!r}'s table in the same call.",
                                       "zh": f"{', '.join(map(repr, changed))} 的取值变了，而 {v!r} 的条件概率表是按旧取值做的：请在同一次调用中给出 {v!r} 的表。"}))
        for t in tables.values():
            t.flags.writeable = False
        self._values, self._cpt = values, tables
        return self

    def get_cpds(self) -> dict:
        """Every table, ``{node: DataFrame}`` (copies: changing one changes nothing here)."""
        return {v: self.get_cpd(v) for v in self.nodes}

    def get_cpd(self, v):
        """The table of ``v`` as a DataFrame, printed like the textbook's (a copy)."""
        return self.cpd(v)

    def cpd_array(self, v):
        """The table of ``v`` as a read-only numpy array with one axis per parent (in the order of
        ``parents(v)``) and a last axis for ``v``, indexed by the positions in ``values(...)``:
        what the algorithms compute with, read once per run."""
        self.check_model()
        return self._cpt[self.check_node(v)]

    @property
    def cardinality(self) -> dict:
        """How many values each node takes, ``{node: r}`` (needs the tables)."""
        self.check_model()
        return {v: len(self._values[v]) for v in self.nodes}

    @property
    def has_cpds(self) -> bool:
        return len(self._cpt) == len(self.nodes)

    def check_model(self):
        """Nothing if every node has its table, else a message saying how to give them."""
        if not self.has_cpds:
            raise NbteachError(tr({"en": "this network has no probability tables yet: pass cpds=... or "
                                         "call fit(data) first.",
                                   "zh": "这个网络还没有条件概率表：请传入 cpds=...，或先调用 fit(data)。"}))

    def values(self, v) -> list:
        """The values node ``v`` takes (its table's columns)."""
        self.check_model()
        return list(self._values[self.check_node(v)])

    def cpd(self, v):
        """The table of ``v`` as a DataFrame, printed like the textbook's."""
        self.check_model()
        v = self.check_node(v)
        return cpd_frame(v, {p: self._values[p] for p in self._parents[v]}, self._values[v], self._cpt[v])

    @property
    def cpds(self) -> dict:
        """Every table, ``{node: DataFrame}`` (as ``get_cpds()``)."""
        return self.get_cpds()

    def n_parameters(self) -> int:
        r"""|B|, the number of free parameters: :math:`\sum_i (r_i - 1) q_i`."""
        self.check_model()
        return sum((len(self._values[v]) - 1) * math.prod(len(self._values[p]) for p in self._parents[v])
                   for v in self.nodes)

    def joint(self):
        """The full joint distribution as a DataFrame (one row per configuration).

        Only for small networks: the table has prod(r_i) rows.
        """
        arr = self.joint_array()
        index = pd.MultiIndex.from_product([self._values[v] for v in self.nodes], names=list(self.nodes))
        return pd.Series(arr.ravel(), index=index, name="P")

    def joint_array(self):
        """The full joint as a numpy array, one axis per node in ``nodes`` order (small networks)."""
        self.check_model()
        size = math.prod(len(self._values[v]) for v in self.nodes)
        if size > 2 ** 22:
            raise NbteachError(tr({"en": f"the joint table would have {size} rows; use query() instead.",
                                   "zh": f"联合分布表将有 {size} 行；请改用 query()。"}))
        pos = {v: i for i, v in enumerate(self.nodes)}
        out = np.ones([len(self._values[v]) for v in self.nodes])
        for v in self.nodes:
            axes = [pos[p] for p in self._parents[v]] + [pos[v]]
            shape = [1] * len(self.nodes)
            for a, n in zip(axes, self._cpt[v].shape):
                shape[a] = n
            # the table's axes are in (parents..., v) order; move them into node order
            order = sorted(range(len(axes)), key=lambda i: axes[i])
            out = out * np.transpose(self._cpt[v], order).reshape(shape)
        return out

    def independent(self, x, y, given=None, tol: float = 1e-12) -> bool:
        r"""Whether X and Y are independent given Z *in this network's joint distribution*.

        Checked numerically on the joint, :math:`P(x, y, z) P(z) = P(x, z) P(y, z)` for
        every value (within ``tol``): a fact about these numbers, where ``d_separated`` is
        a fact about the graph (it implies independence for every choice of tables).
        """
        xs, ys, zs = (set(self.check_node(v) for v in _as_set(s, "nodes")) for s in (x, y, given))
        if (xs & ys) or (xs & zs) or (ys & zs):
            raise NbteachError(tr({"en": "x, y and given must not share nodes.",
                                   "zh": "x、y 和 given 不能有相同的结点。"}))
        joint = self.joint_array()
        pos = {v: i for i, v in enumerate(self.nodes)}

        def marg(keep):
            return joint.sum(axis=tuple(i for v, i in pos.items() if v not in keep), keepdims=True)

        return bool(np.allclose(marg(xs | ys | zs) * marg(zs), marg(xs | zs) * marg(ys | zs),
                                atol=tol, rtol=0))

    # -- inference, learning (in their own modules) ------------------------------------
    def encode_evidence(self, evidence) -> dict:
        """``{node: value}`` as ``{node: position of the value in values(node)}``, with a message
        for a node or a value the network does not have.

        >>> from nbteach.bayesnet import burglary
        >>> burglary().encode_evidence({"JohnCalls": False})
        {'JohnCalls': 1}
        """
        self.check_model()
        out = {}
        for k, val in (evidence or {}).items():
            k = self.check_node(k)
            vals = self._values[k]
            if val not in vals:
                raise NbteachError(tr({"en": f"evidence {k}={val!r}: {k!r} takes the values {vals!r}.",
                                       "zh": f"证据 {k}={val!r}：{k!r} 的取值是 {vals!r}。"}))
            out[k] = vals.index(val)
        return out

    def query(self, var, evidence=None, method: str = "exact", n_samples: int = 20000,
              random_state=None, burn_in: int = 200):
        """P(var | evidence) as a pandas Series indexed by ``var``'s values.

        ``method="exact"``: variable elimination. ``method="gibbs"``: Gibbs sampling with
        the evidence clamped (``n_samples`` kept states after ``burn_in`` sweeps).
        """
        self.check_model()
        var = self.check_node(var)
        if var in (evidence or {}):
            raise NbteachError(tr({"en": f"{var!r} is both the query and in the evidence.",
                                   "zh": f"{var!r} 既是查询变量又在证据之中。"}))
        if method == "exact":
            return elimination_ask(self, var, evidence)
        if method == "gibbs":
            return gibbs_ask(self, var, evidence, n_samples=n_samples, random_state=random_state,
                             burn_in=burn_in)
        raise NbteachError(tr({"en": f"method must be 'exact' or 'gibbs'; got {method!r}.",
                               "zh": f"method 必须是 'exact' 或 'gibbs'；你给的是 {method!r}。"}))

    def fit(self, data, alpha=0):
        """Learn every table by counting (alpha = 0: maximum likelihood; alpha > 0: Lidstone).

        All or nothing: when a table cannot be counted the message says why and the network
        keeps the tables it had (none, or every one)."""
        fit_cpds(self, data, alpha)
        return self

    def score(self, data, kind: str = "bic") -> float:
        """How well this structure fits ``data``, with maximum-likelihood tables on ``data``.

        ``"loglik"``: LL(B|D) in nats. ``"bic"``: LL - (ln N / 2) |B| (pgmpy's convention,
        higher is better). ``"mdl"``: (log2 N / 2) |B| - LL / ln 2, in bits, lower is better
        (note 002's s(B|D) = f(theta)|B| - LL(B|D) with f(theta) = log2(N)/2; the note
        says bytes, it is bits).
        """
        return structure_score(self, data, kind)

    def __repr__(self):
        arcs = ", ".join(f"{a}->{b}" for a, b in self.edges)
        return f"BayesNet({arcs or ', '.join(map(str, self.nodes))})"
