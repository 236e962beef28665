r"""Estimators of a Bayesian network: its tables by counting, and the scores of a structure.

Parameters by counting (note 002: "通过数据中的频率计数(MLE)"), with the counting engine
(:func:`nbteach.counts.joint_counts`):
:math:`\hat P(x_i = k \mid \mathrm{pa}_i = j) = (N_{ijk} + \alpha) / (N_{ij} + \alpha r_i)`.
``estimate_cpds`` returns the tables; ``fit_cpds`` gives them to a network (all or nothing).

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

``cpd_frame`` writes a table as the labelled DataFrame that estimators return and a
network's ``get_cpd`` shows. Reads a network only through its public methods (``nodes``,
``parents``, ``values``, ``has_cpds``, ``add_cpds``); imports no other module of the package,
only ``nbteach.counts`` and ``nbteach._validation``.

>>> from nbteach.bayesnet import sprinkler, sample
>>> rows = sample(sprinkler(), 500, random_state=0)
>>> tables = estimate_cpds(sprinkler(), rows, alpha=1)
>>> sorted(tables) == sorted(sprinkler().nodes)
True
>>> round(score(sprinkler(), rows, "mdl") - sum(mdl_parts(sprinkler(), rows).values()), 9)
0.0
"""
from __future__ import annotations

import itertools
import math

import numpy as np
import pandas as pd

from .._base import NbteachError
from .._validation import check_alpha, check_node_data, is_bayes_net, missing_node_value_error
from ..counts import joint_counts
from ..i18n import tr

__all__ = ["cpd_frame", "estimate_cpds", "fit_cpds", "score", "local_score", "mdl_parts", "encode_rows", "decode_rows",
           "ArithmeticCode"]


def cpd_frame(v, parent_values: dict, values, table):
    """A table as :class:`BayesNet` prints and takes it: ``table``, a numpy array with one axis per
    parent (in the order of ``parent_values``, a dict parent -> its values) and a last axis for
    ``v``'s ``values``, as a DataFrame with one row per parent configuration (first parent slowest)
    and one column per value; a root's table has one row."""
    table = np.asarray(table, dtype=float)
    columns = pd.Index(list(values), name=v)
    if not parent_values:
        return pd.DataFrame(table.reshape(1, -1).copy(), columns=columns, index=[""])
    names = list(parent_values)
    keys = list(itertools.product(*parent_values.values()))
    if len(names) == 1:
        index = pd.Index([k[0] for k in keys], name=names[0])
    else:
        index = pd.MultiIndex.from_tuples(keys, names=names)
    return pd.DataFrame(table.reshape(-1, table.shape[-1]).copy(), index=index, columns=columns)


def _encode(net, data):
    """Integer codes of every column, and each node's values (the net's, else the data's, sorted).

    One hash pass a column (pandas' factorize), which also finds a missing value (it gets no
    code); its few distinct values are then looked up as a dict looks them up (1 == 1.0 == True)."""
    check_node_data(data, net.nodes, missing=False)
    codes, values = {}, {}
    for v in net.nodes:
        column = data[v].to_numpy()
        if column.dtype == object and pd.api.types.infer_dtype(column, skipna=False) == "boolean":
            column = column == True          # noqa: E712 - Python's bools as numpy's: the same codes
        if column.dtype == bool:             # factorize's codes (first value seen, 0), no hashing
            first = bool(column[0])
            found = (column != first).astype(np.intp)
            distinct = [first, not first] if found.any() else [first]
        else:
            found, distinct = pd.factorize(column)
            if (found < 0).any():
                raise missing_node_value_error(v)
            distinct = distinct.tolist()
        known = net.values(v) if net.has_cpds else None
        if known is None:
            try:
                known = sorted(distinct)
            except TypeError:
                known = list(distinct)
        index = {u: i for i, u in enumerate(known)}
        position = np.array([index.get(u, -1) for u in distinct], dtype=np.intp)   # a few values
        if (position < 0).any():
            value = distinct[int(np.argmax(position < 0))]
            raise NbteachError(tr({"en": f"column {v!r} has the value {value!r}, which the network's "
                                         f"table of {v!r} does not have (values {known!r}).",
                                   "zh": f"列 {v!r} 中有取值 {value!r}，而网络中 {v!r} 的条件概率表没有这个值（取值为 {known!r}）。"}))
        codes[v] = position[found]
        values[v] = list(known)
    return codes, values


def _counts(codes, card, v, parents):
    """N_ijk as an array of shape (q_i, r_i)."""
    q = math.prod(card[p] for p in parents)
    n = joint_counts([codes[p] for p in parents] + [codes[v]], [card[p] for p in parents] + [card[v]])
    return n.reshape(q, card[v])


def estimate_cpds(net, data, alpha=0) -> dict:
    """The tables of ``net``'s structure counted from ``data`` (alpha: Lidstone pseudo-count):
    a dict node -> DataFrame, as ``get_cpds`` returns them; ``net`` is not changed.

    When a table cannot be counted (a parent configuration no row has, with alpha = 0) or
    the data do not fit, the message says so."""
    tables, values = _counted(net, data, alpha)
    return {v: cpd_frame(v, {p: values[p] for p in net.parents(v)}, values[v], table)
            for v, (_, table) in tables.items()}


def fit_cpds(net, data, alpha=0):
    """Fill ``net``'s tables with counts from ``data`` (alpha: Lidstone pseudo-count).

    All or nothing: when a table cannot be counted or the data do not fit, the message says
    so and ``net`` keeps the tables it had."""
    return net.add_cpd_arrays(_counted(net, data, alpha)[0])   # all tables at once, as arrays


def _counted(net, data, alpha):
    """The tables of ``net``'s structure counted from ``data``, ``{node: (values, array)}`` (see
    ``_estimate``), and every node's values."""
    alpha = check_alpha(alpha)
    codes, values = _encode(net, data)
    card = {v: len(values[v]) for v in net.nodes}
    return _estimate(net, lambda v, parents: _counts(codes, card, v, parents), values, alpha), values


def _estimate(net, counts, values, alpha):
    """Every node's table from ``counts(v, parents)``, N_ijk of the encoded data (``_counts``, or
    ``_marginal_counts`` of a table of them all), and a checked alpha: ``{node: (values, array)}``,
    the array with one axis per parent and a last one for the node, as ``BayesNet.add_cpd_arrays``
    takes it."""
    card = {v: len(values[v]) for v in net.nodes}
    tables = {}
    for v in net.nodes:
        parents = net.parents(v)
        n = counts(v, parents).astype(float) + float(alpha)
        rows = n.sum(axis=1, keepdims=True)
        if (rows == 0).any():
            bad = int(np.flatnonzero(rows[:, 0] == 0)[0])
            combo = np.unravel_index(bad, [card[p] for p in parents])
            config = {p: values[p][i] for p, i in zip(parents, combo)}
            raise NbteachError(tr({"en": f"no row of the data has {config}, so P({v} | {config}) is 0/0: "
                                         "use alpha > 0 (e.g. fit(data, alpha=1)).",
                                   "zh": f"数据中没有一行满足 {config}，所以 P({v} | {config}) 是 0/0："
                                         "请用 alpha > 0（如 fit(data, alpha=1)）。"}))
        tables[v] = (values[v], (n / rows).reshape([card[p] for p in parents] + [card[v]]))
    return tables


def local_score(codes, card, v, parents, n_rows, kind):
    """One node's share of the score (scores decompose over nodes)."""
    return _score_of_counts(_counts(codes, card, v, parents), card, v, parents, n_rows, kind)


def _marginal_counts(joint, card, v, parents):
    """N_ijk of node ``v`` (a position) and its ``parents`` (positions, in their order), shape
    (q_i, r_i), summed out of ``joint``, the counts of every node's values at once (one axis a
    node): what ``_counts`` counts from the rows, the same integers, laid out the same way."""
    keep = sorted([*parents, v])
    n = joint.sum(axis=tuple(i for i in range(joint.ndim) if i not in keep))
    n = np.transpose(n, [keep.index(i) for i in [*parents, v]])
    return np.ascontiguousarray(n.reshape(-1, card[v]))


def _score_of_counts(n, card, v, parents, n_rows, kind):
    """local_score of the counts N_ijk, shape (q_i, r_i)."""
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
    raise NbteachError(tr({"en": f"kind must be 'loglik', 'bic' or 'mdl'; got {kind!r}.",
                           "zh": f"kind 必须是 'loglik'、'bic' 或 'mdl'；你给的是 {kind!r}。"}))


def score(net, data, kind="bic") -> float:
    """The score of ``net``'s structure on ``data`` (see the module docstring)."""
    if kind not in ("loglik", "bic", "mdl"):
        raise NbteachError(tr({"en": f"kind must be 'loglik', 'bic' or 'mdl'; got {kind!r}.",
                               "zh": f"kind 必须是 'loglik'、'bic' 或 'mdl'；你给的是 {kind!r}。"}))
    codes, values = _encode(net, data)
    card = {v: len(values[v]) for v in net.nodes}
    return sum(local_score(codes, card, v, net.parents(v), len(data), kind) for v in net.nodes)


def _need_net(net, what):
    if not is_bayes_net(net):
        raise NbteachError(tr({"en": f"{what} needs a BayesNet (its structure) as the first argument; got "
                                     f"{type(net).__name__}.",
                               "zh": f"{what} 的第一个参数必须是 BayesNet（它的结构）；你给的是 {type(net).__name__}。"}))


def mdl_parts(net, data) -> dict:
    r"""The two terms of note 002's MDL score :math:`s(B|D) = f(\theta)|B| - LL(B|D)`, in bits.

    ``{"model": (log2 N / 2) |B|, "data": -LL(B|D) / ln 2}``: the length of the model (|B|
    free parameters at ``f(theta) = log2(N) / 2`` bits each) and of the data coded with the
    maximum-likelihood tables. Their sum is ``score(net, data, "mdl")``.

    >>> from nbteach.bayesnet import sample, sprinkler
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
        return tr({"en": f"ArithmeticCode({self.n_rows} rows in {self.n_bits} binary digits)",
                   "zh": f"ArithmeticCode（{self.n_rows} 行，共 {self.n_bits} 个二进制位）"})


def _cumulative(counts):
    """Per node, the counts as an int array (q_i, r_i + 1) of cumulative frequencies."""
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

    >>> from nbteach.bayesnet import sample, sprinkler
    >>> rows = sample(sprinkler(), 300, random_state=0)
    >>> code = encode_rows(sprinkler(), rows)
    >>> decode_rows(sprinkler(), code).equals(rows[list(sprinkler().nodes)])
    True
    >>> 0 <= code.n_bits - mdl_parts(sprinkler(), rows)["data"] <= 3
    True
    """
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
    _need_net(net, "decode_rows")
    if not isinstance(code, ArithmeticCode):
        raise NbteachError(tr({"en": f"decode_rows reads what encode_rows returns (an ArithmeticCode); got "
                                     f"{type(code).__name__}.",
                               "zh": f"decode_rows 读取 encode_rows 的返回值（一个 ArithmeticCode）；你给的是 {type(code).__name__}。"}))
    if set(code.counts) != set(net.nodes):
        raise NbteachError(tr({"en": f"this code was written for the nodes {sorted(code.counts, key=str)!r}, "
                                     f"not this network's {list(net.nodes)!r}.",
                               "zh": f"这段编码是为结点 {sorted(code.counts, key=str)!r} 写的，不是这个网络的 {list(net.nodes)!r}。"}))
    for v in net.nodes:
        names = [n for n in code.counts[v].index.names if n is not None]
        if names != list(net.parents(v)):
            raise NbteachError(tr({"en": f"this code counts {v!r} given {names!r}; in this network its parents "
                                         f"are {list(net.parents(v))!r}: decode with the network that encoded it.",
                                   "zh": f"这段编码计数的是给定 {names!r} 时的 {v!r}；在这个网络中它的父结点是 {list(net.parents(v))!r}：请用编码时的网络解码。"}))
    bits = code.bits
    if not isinstance(bits, str) or set(bits) - {"0", "1"}:
        raise NbteachError(tr({"en": "code.bits must be a string of the digits 0 and 1, as encode_rows writes it.",
                               "zh": "code.bits 必须是由数字 0 和 1 组成的字符串，即 encode_rows 写出的形式。"}))
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
                raise NbteachError(tr({"en": f"row {r}: the bits do not decode with these counts (were they "
                                             "changed, or the bits cut?): decode what encode_rows wrote, unchanged.",
                                       "zh": f"第 {r} 行：这些比特无法用这些计数解码（比特或计数被改动或截断了吗？）：请原样解码 encode_rows 写出的内容。"}))
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


