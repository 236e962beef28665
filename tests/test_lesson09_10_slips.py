"""Issue 33 item 6, the slips of lessons 09 and 10, each a check that failed on the lesson before it
was fixed (both editions):

* lesson 09's three-class example named the Titanic passengers "lesson 10's" a lesson before lesson
  10 (the students had not met them);
* lesson 10 said ``paired_difference`` calls a difference real "beyond two of its standard errors",
  where it uses Student's t with (folds - 1) degrees of freedom: t(19, 0.975) = 2.093 for 20 folds.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from nbteach.evaluation import t_quantile

ROOT = Path(__file__).resolve().parents[1]


def _markdown(path: str, cell_id: str) -> str:
    nb = json.loads((ROOT / path).read_text(encoding="utf-8"))
    cell = next(c for c in nb["cells"] if c.get("id") == cell_id)
    assert cell["cell_type"] == "markdown"
    return "".join(cell["source"])


@pytest.mark.parametrize("path, earlier", [("notebooks/09_bayesian_decision_theory.ipynb", "lesson 10's"),
                                           ("notebooks/zh/09_bayesian_decision_theory.ipynb", "第 10 课的")])
def test_lesson09_does_not_present_the_passengers_as_met_in_lesson_10(path, earlier):
    text = _markdown(path, "5a7e3c91")
    assert "titanic()" in text                      # the cell still introduces the passengers
    assert earlier not in text, text


@pytest.mark.parametrize("path", ["notebooks/10_semi_naive_bayes.ipynb", "notebooks/zh/10_semi_naive_bayes.ipynb"])
def test_lesson10_names_the_critical_value_paired_difference_uses(path):
    text = _markdown(path, "81f882a5")
    folds = 20                                       # RepeatedStratifiedKFold(5 splits x 4 repeats), cell f5e71e1a
    assert f"{t_quantile(0.975, folds - 1):.3f}" in text, text
    assert "beyond two of its standard errors" not in text and "超过两个标准误时" not in text
