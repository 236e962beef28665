"""Lesson 10's view: naive Bayes, every SPODE and AODE on one sample, driven as a student does."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("ipywidgets")

from nbteach import AODE, SPODE, CategoricalNB  # noqa: E402
from nbteach._base import NbteachError  # noqa: E402
from nbteach.realdata import titanic  # noqa: E402
from nbteach.widgets import one_dependence_explorer  # noqa: E402

X, Y = titanic()
MAN_3RD = {"class": "3rd class", "age": "adults", "sex": "man"}


def p_yes(model, row):
    return float(model.predict_proba(row)[0, list(model.classes_).index("yes")])


def test_every_row_is_the_library_posterior_and_the_copy_changes_naive_bayes():
    ex = one_dependence_explorer(X, Y, positive="yes", sample=MAN_3RD, copied="sex")
    row = ex.sample()
    col = "P(yes | x)"
    assert ex.table.loc["naive Bayes", col] == pytest.approx(p_yes(CategoricalNB(alpha=1).fit(X, Y), row), abs=1e-12)
    for parent in X.columns:
        expected = p_yes(SPODE(parent=parent, alpha=1).fit(X, Y), row)
        assert ex.table.loc[f"SPODE, super-parent {parent}", col] == pytest.approx(expected, abs=1e-12)
    assert ex.table.loc["AODE", col] == pytest.approx(p_yes(AODE(alpha=1).fit(X, Y), row), abs=1e-12)
    before = ex.table[col].copy()
    ex.copy.value = True                                   # the sex column twice
    X2 = X.assign(**{"sex (copy)": X["sex"]})
    row2 = ex.sample()
    assert list(row2.columns) == [*X.columns, "sex (copy)"] and row2.iloc[0]["sex (copy)"] == "man"
    nb2 = p_yes(CategoricalNB(alpha=1).fit(X2, Y), row2)
    assert ex.table.loc["naive Bayes", col] == pytest.approx(nb2, abs=1e-12)
    assert abs(nb2 - before["naive Bayes"]) > 0.01        # evidence counted twice moves it
    assert ex.table.loc["AODE", col] == pytest.approx(p_yes(AODE(alpha=1).fit(X2, Y), row2), abs=1e-12)


def test_m_decides_which_spodes_aode_averages():
    ex = one_dependence_explorer(X, Y, positive="yes", sample={**MAN_3RD, "age": "child"})
    children = int((X["age"] == "child").sum())
    ex.m_slider.value = (children // 10 + 1) * 10          # just above the children's count
    used = ex.table[ex.table.columns[2]]
    assert used["SPODE, super-parent age"] == "no" and used["SPODE, super-parent sex"] == "yes"
    assert ex.n_parents == 2
    expected = p_yes(AODE(m=ex.m_slider.value, alpha=1).fit(X, Y), ex.sample())
    assert ex.table.loc["AODE", "P(yes | x)"] == pytest.approx(expected, abs=1e-12)
    ex.m_slider.value = ex.m_slider.max                    # no value that common: naive Bayes
    assert ex.n_parents == 0 and "none: naive Bayes" in ex.view.value
    expected = p_yes(AODE(m=ex.m_slider.max, alpha=1).fit(X, Y), ex.sample())
    assert ex.table.loc["AODE", "P(yes | x)"] == pytest.approx(expected, abs=1e-12)
    # AODE's fallback smooths the prior with alpha too, so it is close to, not equal to,
    # CategoricalNB's (whose prior is the plain class frequency)
    assert ex.table.loc["AODE", "P(yes | x)"] == pytest.approx(ex.table.loc["naive Bayes", "P(yes | x)"], abs=1e-3)


def test_a_dropdown_changes_the_sample():
    ex = one_dependence_explorer(X, Y, positive="yes", sample=MAN_3RD)
    before = ex.table.loc["naive Bayes", "P(yes | x)"]
    ex.values["sex"].value = "women"
    assert "sex = women" in ex.view.value
    assert ex.table.loc["naive Bayes", "P(yes | x)"] > before


@pytest.mark.parametrize("kwargs, match", [
    ({"positive": "maybe"}, "positive"),
    ({"copied": "height"}, "copied"),
    ({"sample": {"class": "4th class"}}, "not a value of 'class'"),
])
def test_bad_input_is_named(kwargs, match):
    with pytest.raises(NbteachError, match=match):
        one_dependence_explorer(X, Y, **kwargs)
    with pytest.raises(NbteachError, match="rows"):
        one_dependence_explorer(X, np.asarray(Y)[:-1])


def test_tan_row_is_the_library_posterior_and_the_copy_joins_its_original():
    from nbteach import TAN

    ex = one_dependence_explorer(X, Y, positive="yes", sample=MAN_3RD, copied="sex")
    assert ex.table.loc["TAN", "P(yes | x)"] == pytest.approx(p_yes(TAN(alpha=1).fit(X, Y), ex.sample()), abs=1e-12)
    ex.copy.value = True
    X2 = X.assign(**{"sex (copy)": X["sex"]})
    assert ex.table.loc["TAN", "P(yes | x)"] == pytest.approx(p_yes(TAN(alpha=1).fit(X2, Y), ex.sample()), abs=1e-12)
    assert "sex→sex (copy)" in ex.tan_tree and "sex→sex (copy)" in ex.view.value


def test_tan_svg_draws_the_class_and_the_tree():
    from nbteach import TAN
    from nbteach.widgets.one_dependence import tan_svg

    model = TAN(alpha=1, root="age").fit(X, Y)
    svg = tan_svg(model, class_name="survived")
    assert svg.count("<line") == 3 + 2          # class -> each attribute, and the tree's 2 arcs
    assert svg.count("stroke-width:3.5") == 2   # the tree's arcs, thick
    for child, parent in model.parents_.items():
        assert f"survived to {child}" in svg
        if parent is not None:
            assert f"{parent} to {child}" in svg
    with pytest.raises(NbteachError, match="also an attribute"):
        tan_svg(model, class_name="sex")
    with pytest.raises(NbteachError, match="fitted TAN"):
        tan_svg(TAN())
