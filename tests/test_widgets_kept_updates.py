"""Views that keep what a move did not change (lessons 03, 04, 07, 10): after any walk of the
controls, what they show is what a view made afresh at the same settings shows, and the
tables written without pandas' writer are its very string."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

pytest.importorskip("ipywidgets")

from nbteach.realdata import titanic  # noqa: E402
from nbteach.text import TextNB  # noqa: E402
from nbteach.widgets import mle_explorer, one_dependence_explorer, smoothing_explorer  # noqa: E402
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


def test_mle_explorer_after_a_walk_shows_what_a_fresh_explorer_does():
    import re

    from nbteach import set_language

    def drawn(ex):      # the figure, its colour bar's gradient named apart (one name per explorer on a page)
        return re.sub(r"nbteach-cbar-[0-9a-f]+", "cbar", ex.fig.value), ex.fig.title, ex.view.value

    words = ("free", "money", "meeting")
    ex = mle_explorer(counts=(6, 3, 0), words=words)
    walk = [(2, 1), (2, 0), ("alpha", 1.0), (2, 1), ("alpha", 0.0), (0, 7), (2, 0), (0, 6), ("alpha", 1.0)]
    seen = []
    try:
        for where, value in walk:
            (ex.alpha_slider if where == "alpha" else ex.count_sliders[where]).value = value
            fresh = mle_explorer(counts=tuple(int(c) for c in ex.counts), alpha=ex.alpha_slider.value, words=words)
            assert drawn(ex) == drawn(fresh)
            for mine, theirs in ((ex.mle, fresh.mle), (ex.smoothed, fresh.smoothed)):
                assert (mine is None) == (theirs is None)
                if mine is not None:
                    np.testing.assert_array_equal(mine, theirs)
            np.testing.assert_array_equal(np.array(ex.field.x), np.array(fresh.field.x))
            assert ([p.visible for p in (ex.mle_point, ex.smooth_point)]
                    == [p.visible for p in (fresh.mle_point, fresh.smooth_point)])
            seen.append((tuple(ex.counts), ex.alpha_slider.value))
        assert len(set(seen)) < len(seen)                       # settings came back
        compute, shown = ex._compute, drawn(ex)
        ex._compute = lambda n, a: pytest.fail("a setting shown before was computed again")
        ex.count_sliders[2].value = 1                           # (6, 3, 1), alpha 1: shown before
        ex.count_sliders[2].value = 0
        assert drawn(ex) == shown
        ex._compute = compute
        # a setting kept in one language is written afresh in the other (the title and numbers
        # follow set_language; the corner names stay in the language the view was made in)
        set_language("zh")
        ex.count_sliders[2].value = 1
        ex.count_sliders[2].value = 0
        assert ex.fig.title == "计数 N = (6, 3, 0), alpha = 1" and "计数 N = (6, 3, 0)" in ex.fig.value
        assert "极大似然估计" in ex.view.value
    finally:
        set_language("en")


def test_message_explorer_shows_a_kept_message_as_one_made_afresh_and_a_refitted_model_afresh():
    from nbteach.i18n import set_language
    from nbteach.widgets import message_explorer

    docs = ["cheap pills now", "cheap offer", "lunch at noon", "team lunch"]
    labels = ["spam", "spam", "ham", "ham"]
    nb = TextNB().fit(docs, labels)
    ex = message_explorer(nb, "cheap lunch")
    calls = []
    explain = nb.explain
    nb.explain = lambda text: calls.append(text) or explain(text)
    # typed, deleted, typed again; an empty message and an unknown word in between
    walk = ["cheap lunch now", "cheap lunch", "cheap lunch now", "", "zzz", "cheap lunch now", "cheap lunch"]
    views = set()
    for text in walk:
        ex.text.value = text
        fresh = message_explorer(TextNB().fit(docs, labels), text)
        assert ex.view.value == fresh.view.value
        assert (ex.table is None and fresh.table is None) or ex.table.equals(fresh.table)
        views.add(ex.view.value)
    assert len(views) == 4 and calls == ["cheap lunch now", "", "zzz"]    # each message explained once
    try:                                                # a message is kept per language
        set_language("zh")
        ex.text.value = "cheap lunch now"
        assert "先验概率" in ex.view.value and len(calls) == 4
    finally:
        set_language("en")
    # the model fitted again, on other documents: the same message is explained by the new fit
    ex.text.value = "cheap lunch"
    before = ex.view.value
    nb.fit(docs + ["cheap lunch deal"], labels + ["spam"])
    ex.text.value = "cheap lunch now"
    ex.text.value = "cheap lunch"
    assert ex.view.value == message_explorer(nb, "cheap lunch").view.value != before
