"""Views that keep what a move did not change (lessons 03, 07, 10): after any walk of the
controls, what they show is what a view made afresh at the same settings shows, and the
tables written without pandas' writer are its very string."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

pytest.importorskip("ipywidgets")

from nbteach.realdata import titanic  # noqa: E402
from nbteach.text import TextNB  # noqa: E402
from nbteach.widgets import one_dependence_explorer, smoothing_explorer  # noqa: E402
from nbteach.widgets.alpha_curve import alpha_curve_widget  # noqa: E402
from nbteach.widgets.one_dependence import _table_html  # noqa: E402


def test_smoothing_panels_after_a_walk_are_the_panels_made_afresh():
    ex = smoothing_explorer(alpha=0.5)
    cough = ex.query["Cough"]
    walk = [("alpha", 0.55), ("alpha", 0.5), ("epsilon", 10 ** -2.99), ("query", cough.options[0]),
            ("alpha", 0.55), ("query", cough.options[-1]), ("epsilon", 1e-3), ("alpha", 0.5),
            ("query", cough.options[0]), ("alpha", 0.55)]
    seen = set()
    for what, value in walk:
        if what == "alpha":
            ex.alpha_slider.value = value
        elif what == "epsilon":
            ex.epsilon_slider.value = value
        else:
            cough.value = value
        fresh = smoothing_explorer(alpha=ex.alpha_slider.value, epsilon=ex.epsilon_slider.value,
                                   query=ex.sample())
        for kind in ("none", "epsilon", "laplace"):
            assert ex.panels[kind].value == fresh.panels[kind].value, (what, value, kind)
            assert ex.models[kind].alpha == fresh.models[kind].alpha
        seen.add(ex.panels["laplace"].value)
    assert len(seen) >= 4        # the walk did change what is shown


def test_one_dependence_table_is_pandas_string_and_the_view_after_a_walk_is_made_afresh():
    X, y = titanic()
    start = {"class": "3rd class", "age": "adults", "sex": "man"}
    ex = one_dependence_explorer(X, y, positive="yes", copied="sex", sample=start)
    steps = itertools.product([False, True], [0, 10, 700, 1210, len(X)], ["man", "women"])
    views = set()
    for copy, m, sex in steps:
        ex.copy.value, ex.m_slider.value, ex.values["sex"].value = copy, m, sex
        assert _table_html(ex.table) == ex.table.to_html(float_format=lambda v: f"{v:.4f}", escape=True)
        fresh = one_dependence_explorer(X, y, positive="yes", copied="sex", m=m,
                                        sample={**start, "sex": sex})
        fresh.copy.value = copy
        assert ex.view.value == fresh.view.value and ex.n_parents == fresh.n_parents
        assert ex.table.equals(fresh.table)
        views.add(ex.view.value)
    assert len(views) > 10


def test_table_html_escapes_and_writes_nan_as_pandas_does():
    import pandas as pd

    table = pd.DataFrame({"P(a<b & c)": [0.5, np.nan], "n": [3, ""], "used": ["<yes>", "x's"]},
                         index=["one & two", "<three>"])
    assert _table_html(table) == table.to_html(float_format=lambda v: f"{v:.4f}", escape=True)


def test_alpha_curve_after_a_walk_shows_and_smooths_what_a_fresh_curve_does():
    docs = ["cheap pills now", "cheap cheap deal", "lunch at noon", "meeting at noon",
            "cheap lunch", "team meeting now", "pills deal now", "noon team lunch"]
    y = np.array(["spam", "spam", "ham", "ham", "ham", "ham", "spam", "ham"])
    test = ["cheap pills noon", "pills deal", "lunch meeting", "cheap meeting", "team lunch"]
    yt = np.array(["spam", "spam", "ham", "ham", "ham"])
    alphas = [0.001, 0.01, 0.1, 1, 10]
    wdg = alpha_curve_widget(TextNB(), docs, y, test, yt, alphas=alphas)
    for a in [10.0, 0.001, 10.0, 1.0, 0.001, 0.1, 10.0]:
        wdg.slider.value = a
        fresh = alpha_curve_widget(TextNB(), docs, y, test, yt, alphas=alphas, alpha=a)
        assert (wdg.numbers.value, wdg.fig.title) == (fresh.numbers.value, fresh.fig.title)
        np.testing.assert_allclose(wdg.markers.y, fresh.markers.y)
        assert wdg.model.alpha == a          # the model is smoothed at the slider's alpha
        np.testing.assert_allclose(wdg.model.predict_proba(test), fresh.model.predict_proba(test))
