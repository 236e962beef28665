"""Lesson 08, the book's worked example (issue 33, item 6): Zhou's printed P(是 | 测1) score 0.038 follows
from the earlier printing's factor P(根蒂=蜷缩|是) = 3/8, not from this printing's 5/8 nor from the data. Both
editions say so in cell e4641981, and cell cebdbd8b checks it with an assert (it runs with the notebook
tests, so it fails if the printed numbers or the arithmetic ever disagree)."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from nbteach.datasets import WATERMELON_BOOK_EXAMPLE as BOOK

ROOT = Path(__file__).resolve().parents[1]
STEM = "08_gaussian_nb_and_logistic_regression.ipynb"


def _cell(edition: str, cell_id: str) -> str:
    path = ROOT / "notebooks" / (f"zh/{STEM}" if edition == "zh" else STEM)
    nb = json.loads(path.read_text(encoding="utf-8"))
    return next("".join(c["source"]) for c in nb["cells"] if c.get("id") == cell_id)


def _printed_product(root_factor=None):
    cat = dict(BOOK["categorical"])
    if root_factor is not None:
        cat[("根蒂", "蜷缩", "是")] = root_factor
    return (BOOK["prior"]["是"] * np.prod([v for (_, _, c), v in cat.items() if c == "是"])
            * np.prod([g[2] for (_, c), g in BOOK["gaussian"].items() if c == "是"]))


def test_the_printed_score_of_good_melons_is_the_earlier_printings_product():
    assert round(float(_printed_product()), 4) == 0.0629                  # this printing's factors
    assert round(float(_printed_product(3 / 8)), 4) == 0.0377             # the earlier printing's 3/8
    assert round(float(_printed_product(3 / 8)), 3) == BOOK["score"]["是"] != round(float(_printed_product()), 3)


def test_both_editions_say_where_the_printed_score_comes_from():
    english, chinese = _cell("en", "e4641981"), _cell("zh", "e4641981")
    for needle in ("earlier printing", "3/8", "pumpkin book", "南瓜书"):
        assert needle in english, needle
    for needle in ("较早印次", "3/8", "南瓜书"):
        assert needle in chinese, needle


def test_the_example_cell_checks_the_claim_in_both_editions():
    for edition in ("en", "zh"):
        code = _cell(edition, "cebdbd8b")
        assert "3 / 8" in code and "assert round(earlier_product" in code, edition
