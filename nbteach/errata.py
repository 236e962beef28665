"""Errata: every place where a course note is wrong, and the lesson cell that disproves it.

One registry for the whole course. Each entry quotes the note's own words (in the
note's language), says which reading of them is wrong, what is correct, and names the
lesson where it is flagged. In that lesson notebook, the code cell that disproves the
claim carries the cell tag ``erratum:<key>`` (``tests/test_errata.py`` checks that every
entry whose lesson exists has such a cell, and that the quote occurs in the seed note).
An entry whose lesson is not written yet has ``status="later"``: it is listed, and the
lesson that covers the topic flags it.

A difference of notation is not a mistake, and a claim that is right under one reading
and wrong under another is not a mistake either: such places are explained in the
lessons, not listed here.

>>> from nbteach.errata import ERRATA, table
>>> all(e.key and e.quote for e in ERRATA)
True
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Erratum", "ERRATA", "table", "get"]


@dataclass(frozen=True)
class Erratum:
    """One mistake in a seed note.

    key      stable id, used in the cell tag ``erratum:<key>``
    seed     the note's file prefix, e.g. ``"001"`` for ``001_b4a312c65ec9454c.txt``
    quote    the note's own words, copied from the note (a substring of it)
    wrong    what is wrong, and under which reading
    correct  the correct statement
    lesson   the lesson that flags it, e.g. ``"03"``
    status   ``"flagged"`` (the lesson has the disproving cell) or ``"later"``
    """

    key: str
    seed: str
    quote: str
    wrong: str
    correct: str
    lesson: str
    status: str = "flagged"


ERRATA: list[Erratum] = [
    # Entries are added by the lesson that flags them; keep them in lesson order.
    Erratum(
        key="note002_dseparation_whole_moral_graph",
        seed="002",
        quote="在道德图上,若删去节点集合z,x和y分属两个连通分量,则x和y被z有向分离",
        wrong="The note moralises the whole network (every V-structure's parents married) and then "
              "deletes z. Moralising a V-structure whose common child and its descendants are "
              "unobserved creates a path that is not there: its own V-structure example, where it "
              "rightly says x1 and x2 are independent when x4 is unknown, comes out dependent.",
        correct="Keep only x, y, z and their ancestors, moralise that ancestral graph, delete z; "
                "x and y are d-separated by z iff no path joins them (Lauritzen et al. 1990).",
        lesson="11"),
    Erratum(
        key="note002_mdl_bytes",
        seed="002",
        quote="第一项描述了编码贝叶斯网络需要的字节数",
        wrong="The note measures the MDL code lengths in bytes (字节). With logarithms to base 2, as "
              "the MDL criterion and f(theta) = log2(m)/2 take them (the note uses no base-256 "
              "logarithm), a code length is in bits: an event of probability p costs -log2 p bits.",
        correct="s(B|D) = (log2 m / 2)|B| - LL(B|D)/ln 2 is a length in bits (one byte is 8 bits).",
        lesson="11"),
]


def get(key: str) -> Erratum:
    """The erratum with this key."""
    for e in ERRATA:
        if e.key == key:
            return e
    from ._base import NbteachError

    raise NbteachError(f"no erratum {key!r}; the keys are {', '.join(e.key for e in ERRATA)}.")


def table():
    """The errata as a pandas DataFrame, one row per mistake, in lesson order."""
    import pandas as pd

    rows = [{"lesson": e.lesson, "note": e.seed, "the note says": e.quote, "what is wrong": e.wrong,
             "correct": e.correct, "status": "flagged in the lesson" if e.status == "flagged"
             else "listed; the lesson comes later", "key": e.key}
            for e in sorted(ERRATA, key=lambda e: e.lesson)]
    return pd.DataFrame(rows, columns=["lesson", "note", "the note says", "what is wrong",
                                       "correct", "status", "key"])
