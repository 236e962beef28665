"""The two textbook networks, with their published tables and boolean values.

* ``burglary()``: Pearl's alarm network as printed in Russell & Norvig, *Artificial
  Intelligence: A Modern Approach*, figure 14.2 (Burglary, Earthquake -> Alarm ->
  JohnCalls, MaryCalls).
* ``sprinkler()``: the wet-grass network of Russell & Norvig figure 14.12(a) (Cloudy ->
  Sprinkler, Rain -> WetGrass).
* ``basic_structure(kind)``: the three structures of note 002 on three boolean nodes x1, x2
  and a middle node x3, with fixed tables made up for the lesson: ``"chain"`` (顺序结构,
  x1 -> x3 -> x2), ``"fork"`` (同父结构, x1 <- x3 -> x2), ``"collider"`` (V 型结构,
  x1 -> x3 <- x2).

>>> burglary().cpd("Alarm")
Alarm                  True   False
Burglary Earthquake
True     True         0.950  0.050
         False        0.940  0.060
False    True         0.290  0.710
         False        0.001  0.999
"""
from __future__ import annotations

import itertools

import pandas as pd

from .._base import NbteachError
from .network import BayesNet
from ..i18n import tr

__all__ = ["burglary", "sprinkler", "basic_structure"]

_TF = [True, False]


def _root(p):
    return pd.DataFrame([[p, 1 - p]], columns=_TF)


def _given(parents, p_true):
    """A table whose rows are the parents' (True/False) configurations, in product order."""

    keys = list(itertools.product(_TF, repeat=len(parents)))
    index = (pd.Index([k[0] for k in keys], name=parents[0]) if len(parents) == 1
             else pd.MultiIndex.from_tuples(keys, names=parents))
    return pd.DataFrame([[p, round(1 - p, 12)] for p in p_true], index=index, columns=_TF)


def burglary():
    """The burglary/alarm network (Pearl; Russell & Norvig fig. 14.2)."""
    return BayesNet(
        [("Burglary", "Alarm"), ("Earthquake", "Alarm"), ("Alarm", "JohnCalls"), ("Alarm", "MaryCalls")],
        {"Burglary": _root(0.001), "Earthquake": _root(0.002),
         "Alarm": _given(["Burglary", "Earthquake"], [0.95, 0.94, 0.29, 0.001]),
         "JohnCalls": _given(["Alarm"], [0.90, 0.05]),
         "MaryCalls": _given(["Alarm"], [0.70, 0.01])})


def quake_town():
    """The burglary network's shape with another town's numbers (lesson 11's exercises): burglaries
    and earthquakes are commoner there, John calls more readily, Mary is more attentive. No view of
    the lesson shows it, so the exercise set in it cannot be read off a widget."""
    return BayesNet(
        [("Burglary", "Alarm"), ("Earthquake", "Alarm"), ("Alarm", "JohnCalls"), ("Alarm", "MaryCalls")],
        {"Burglary": _root(0.01), "Earthquake": _root(0.03),
         "Alarm": _given(["Burglary", "Earthquake"], [0.96, 0.93, 0.35, 0.006]),
         "JohnCalls": _given(["Alarm"], [0.85, 0.07]),
         "MaryCalls": _given(["Alarm"], [0.75, 0.02])})


def sprinkler():
    """The cloudy/sprinkler/rain/wet-grass network (Russell & Norvig fig. 14.12a)."""
    return BayesNet(
        [("Cloudy", "Sprinkler"), ("Cloudy", "Rain"), ("Sprinkler", "WetGrass"), ("Rain", "WetGrass")],
        {"Cloudy": _root(0.5),
         "Sprinkler": _given(["Cloudy"], [0.10, 0.50]),
         "Rain": _given(["Cloudy"], [0.80, 0.20]),
         "WetGrass": _given(["Sprinkler", "Rain"], [0.99, 0.90, 0.90, 0.00])})


def basic_structure(kind: str):
    """One of the three basic structures on x1, x2 and a middle node x3 (tables made up).

    >>> net = basic_structure("collider")
    >>> net.d_separated("x1", "x2"), net.d_separated("x1", "x2", given="x3")
    (True, False)
    """
    if kind == "chain":
        return BayesNet([("x1", "x3"), ("x3", "x2")],
                        {"x1": _root(0.3), "x3": _given(["x1"], [0.8, 0.1]), "x2": _given(["x3"], [0.7, 0.2])})
    if kind == "fork":
        return BayesNet([("x3", "x1"), ("x3", "x2")],
                        {"x3": _root(0.4), "x1": _given(["x3"], [0.8, 0.1]), "x2": _given(["x3"], [0.7, 0.2])})
    if kind == "collider":
        return BayesNet([("x1", "x3"), ("x2", "x3")],
                        {"x1": _root(0.3), "x2": _root(0.6), "x3": _given(["x1", "x2"], [0.95, 0.7, 0.6, 0.05])})
    raise NbteachError(tr({"en": f"kind must be 'chain', 'fork' or 'collider'; got {kind!r}.",
                           "zh": f"kind 必须是 'chain'、'fork' 或 'collider'；你给的是 {kind!r}。"}))
