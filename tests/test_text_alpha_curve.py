"""The alpha-curve widget of lesson 07: library maths, controls that change what is shown."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("ipywidgets")

from nbteach._base import NbteachError  # noqa: E402
from nbteach.metrics import accuracy_score, f1_score  # noqa: E402
from nbteach.text import TextNB  # noqa: E402
from nbteach.widgets.alpha_curve import AlphaCurve, alpha_curve_widget  # noqa: E402

DOCS = ["cheap pills now", "cheap cheap deal", "lunch at noon", "meeting at noon",
        "cheap lunch", "team meeting now", "pills deal now", "noon team lunch"]
Y = np.array(["spam", "spam", "ham", "ham", "ham", "ham", "spam", "ham"])
TEST = ["cheap pills noon", "pills deal", "lunch meeting", "cheap meeting", "team lunch"]
YT = np.array(["spam", "spam", "ham", "ham", "ham"])


def make(**kw):
    return alpha_curve_widget(TextNB(), DOCS, Y, TEST, YT, alphas=[0.001, 0.01, 0.1, 1, 10],
                              **kw)


def test_slider_moves_marker_title_and_numbers_to_library_values():
    wdg = make()
    before = (wdg.numbers.value, wdg.fig.title)
    wdg.slider.value = 10.0
    pred = TextNB(alpha=10.0).fit(DOCS, Y).predict(TEST)
    acc, f1 = accuracy_score(YT, pred), f1_score(YT, pred, pos_label="spam")
    assert wdg.scores["accuracy"] == acc and wdg.scores["f1"] == f1
    np.testing.assert_allclose(wdg.markers.y, [acc, f1])
    np.testing.assert_allclose(wdg.markers.x, [10.0, 10.0])
    np.testing.assert_allclose(wdg.vline.x, [10.0, 10.0])
    assert wdg.fig.title.startswith("alpha = 10:") and wdg.fig.title != before[1]
    assert wdg.numbers.value != before[0]


def test_tokenized_once_scores_equal_a_fresh_fit_at_every_alpha():
    # the widget scores the held-out documents from token ids made once
    wdg = make()
    for a in (0.001, 0.05, 1.0, 7.0):
        wdg.slider.value = a
        pred = TextNB(alpha=wdg.slider.value).fit(DOCS, Y).predict(TEST)
        assert wdg.scores["accuracy"] == accuracy_score(YT, pred)
        assert wdg.scores["f1"] == f1_score(YT, pred, pos_label="spam")


def test_curve_is_the_library_curve_and_figure_is_reused():
    from nbteach.metrics import alpha_curve

    wdg = make()
    ref = alpha_curve(TextNB(), DOCS, Y, TEST, YT, [0.001, 0.01, 0.1, 1, 10])
    np.testing.assert_allclose(wdg.lines["f1"].y, ref["f1"])
    np.testing.assert_allclose(wdg.lines["f1"].x, ref.index)
    fig, line = wdg.fig, wdg.lines["accuracy"]
    wdg.slider.value = 0.01
    assert wdg.fig is fig and wdg.lines["accuracy"] is line   # updated, not re-created
    assert wdg.fig.marks == [*wdg.lines.values(), wdg.vline, wdg.markers]
    assert [ax.label for ax in wdg.fig.axes] == ["smoothing alpha (log scale)", "score on held-out data"]


def test_every_score_is_inside_the_y_axis():
    wdg = make()
    low, high = wdg.fig.axes[1].scale.min, wdg.fig.axes[1].scale.max
    for name, line in wdg.lines.items():
        assert low <= np.nanmin(line.y) and np.nanmax(line.y) <= high, name


def test_checkbox_shows_precision_and_recall_and_the_legend_follows():
    import html
    import re

    wdg = make()
    assert not wdg.lines["precision"].visible

    def legend():
        return [html.unescape(t) for t in re.findall(r"</span> ([^<]+)</span>", wdg.legend.value)]

    assert legend() == ["accuracy", "F1 (spam)", "the slider's alpha"]
    wdg.show_pr.value = True
    assert wdg.lines["precision"].visible and wdg.lines["recall"].visible
    assert legend() == ["accuracy", "F1 (spam)", "precision", "recall", "the slider's alpha"]
    wdg.show_pr.value = False
    assert legend() == ["accuracy", "F1 (spam)", "the slider's alpha"]
    assert not wdg.lines["recall"].visible


def test_bad_alphas():
    with pytest.raises(NbteachError, match="alphas"):
        AlphaCurve(TextNB(), DOCS, Y, TEST, YT, alphas=[0.0, 1.0])
