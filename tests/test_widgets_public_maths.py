"""Widgets do no maths of their own (issue 22): every number a view shows is what a public
library function gives for the same input, so a student can compute it with the library.
Each test reads a number off the widget and recomputes it with the public function; the
library functions the widgets gained are checked against a computation by hand."""
from __future__ import annotations

import re
from fractions import Fraction

import numpy as np
import pytest

pytest.importorskip("ipywidgets")

from nbteach import MultinomialNB  # noqa: E402
from nbteach._base import NbteachError  # noqa: E402
from nbteach.decision import (bayes_decision, bayes_risk, decision_risk,  # noqa: E402
                              threshold_decision)

X = [[1, 0, 2], [1, 1, 0], [0, 1, 1], [0, 0, 3], [1, 0, 0], [0, 0, 1], [2, 1, 1], [0, 2, 0]]
Y = ["spam", "spam", "ham", "ham", "spam", "ham", "spam", "ham"]


# -- decision: the risk of any decisions, the threshold rule ---------------------------------

def test_decision_risk_is_the_mean_cost_of_the_decisions_given():
    L = [[0, 1], [9, 0]]                                   # deciding 1 on a 0 costs 9
    assert decision_risk([0, 1, 1, 0], [0, 0, 1, 1], L) == Fraction(9 + 1, 4)
    assert decision_risk(["b", "a"], ["a", "a"], L, classes=["a", "b"]) == Fraction(9, 2)
    assert decision_risk([0, 1, 1], [0, 1, 0]) == Fraction(1, 3)       # 0-1 loss: the error rate
    assert isinstance(decision_risk([0, 1], [1, 1], np.array([[0.0, 1.5], [1.0, 0.0]])), float)


@pytest.mark.parametrize("exact", [True, False])
def test_bayes_risk_on_data_is_decision_risk_of_the_bayes_decisions(exact):
    post = [[Fraction(9, 10), Fraction(1, 10)], [Fraction(3, 10), Fraction(7, 10)], [Fraction(3, 5), Fraction(2, 5)]]
    if not exact:
        post = np.array(post, dtype=float)
    L = [[0, 1], [3, 0]]
    y = [0, 1, 1]
    got = bayes_risk(post, L, y_true=y)
    assert got == pytest.approx(float(decision_risk(bayes_decision(post, L), y, L)))
    assert isinstance(got, Fraction) is exact


@pytest.mark.parametrize("args, words", [
    (([0, 1], [0]), "y_true has 1 labels but there are 2 decisions"),
    (([], []), "decisions is empty"),
    ((["x"], ["a"], None, ["a", "b"]), "decisions holds 'x'"),
    (([0], [5], [[0, 1], [1, 0]]), "class indices 0..1"),
    (([0], [0], [[0, 1, 1], [1, 0, 1]]), "square matrix"),
    (([0], [0], [[0, -1], [1, 0]]), "negative"),
])
def test_decision_risk_names_what_is_wrong(args, words):
    with pytest.raises(NbteachError, match=re.escape(words)):
        decision_risk(*args)


def test_threshold_decision_flags_at_and_above_the_threshold():
    assert threshold_decision([0.5, 0.49, 1.0], 0.5, "spam", "ham").tolist() == ["spam", "ham", "spam"]
    with pytest.raises(NbteachError, match="numbers in \\[0, 1\\]"):
        threshold_decision([1.5], 0.5, "spam", "ham")
    with pytest.raises(NbteachError, match="one probability per row"):
        threshold_decision([[0.2, 0.8]], 0.5, "spam", "ham")
    with pytest.raises(NbteachError, match="threshold must be a number in \\[0, 1\\]"):
        threshold_decision([0.2], "half", "spam", "ham")


@pytest.mark.parametrize("positive", ["spam", "ham"])
def test_loss_explorer_shows_the_risks_of_the_library(positive):
    from nbteach.widgets.decision import loss_explorer

    model = MultinomialNB().fit(X, Y)
    ex = loss_explorer(model, X, Y, positive=positive)
    ex.costs["spam", "ham"].value = 9.0                    # a false alarm costs 9
    ex.costs["ham", "spam"].value = 2.5
    L = ex.loss_matrix()
    post = model.predict_proba(X)
    classes = list(model.classes_)
    plain = [classes[i] for i in bayes_decision(post)]
    assert ex.result["risk_at_half"] == decision_risk(plain, Y, L, classes=classes)
    assert ex.result["risk"] == bayes_risk(post, L, y_true=Y, classes=classes)
    assert ex.result["risk_at_half"] != ex.result["risk"]   # the costs change the decisions here
    assert f"(t = 1/2) under the same costs: {ex.result['risk_at_half']:.4f}" in ex.view.value


def test_threshold_explorer_decides_as_the_library():
    from nbteach.widgets.threshold import threshold_explorer

    model = MultinomialNB().fit(X, Y)
    ex = threshold_explorer(model, X, Y, positive="spam")
    p = model.predict_proba(X)[:, list(model.classes_).index("spam")]
    for t in (0.05, 0.4, 0.77):
        ex.slider.value = t
        flagged = int(np.sum(threshold_decision(p, ex.slider.value, "spam", "ham") == "spam"))
        assert ex.scores["flagged"] == flagged
        assert f"{flagged} of {len(Y)} flagged spam" in ex.numbers.value


# -- no widget reaches into the library's private names ---------------------------------------

@pytest.mark.parametrize("name", ["decision", "threshold"])
def test_the_widget_uses_no_private_library_name(name):
    from pathlib import Path

    import nbteach.widgets

    source = (Path(nbteach.widgets.__file__).parent / f"{name}.py").read_text()
    private = re.findall(r"from nbteach\.(?!widgets)[\w.]+ import [^\n]*\b_\w+|model\._\w+", source)
    assert not private, private
