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
    before = (wdg.image.value, wdg.numbers.value, wdg.ax.get_title())
    wdg.slider.value = 10.0
    pred = TextNB(alpha=10.0).fit(DOCS, Y).predict(TEST)
    acc, f1 = accuracy_score(YT, pred), f1_score(YT, pred, pos_label="spam")
    assert wdg.scores["accuracy"] == acc and wdg.scores["f1"] == f1
    np.testing.assert_allclose(wdg.markers.get_ydata(), [acc, f1])
    np.testing.assert_allclose(wdg.vline.get_xdata(), [10.0, 10.0])
    assert "alpha = 10" in wdg.ax.get_title()
    assert wdg.image.value != before[0] and wdg.numbers.value != before[1]


def test_curve_is_the_library_curve_and_figure_is_reused():
    from nbteach.metrics import alpha_curve

    wdg = make()
    ref = alpha_curve(TextNB(), DOCS, Y, TEST, YT, [0.001, 0.01, 0.1, 1, 10])
    np.testing.assert_allclose(wdg.lines["f1"].get_ydata(), ref["f1"])
    fig, line = wdg.fig, wdg.lines["accuracy"]
    wdg.slider.value = 0.01
    assert wdg.fig is fig and wdg.lines["accuracy"] is line   # updated, not re-created
    assert wdg.ax.get_xlabel() and wdg.ax.get_ylabel()


def test_checkbox_shows_precision_and_recall():
    wdg = make()
    assert not wdg.lines["precision"].get_visible()
    img = wdg.image.value
    wdg.show_pr.value = True
    assert wdg.lines["precision"].get_visible() and wdg.lines["recall"].get_visible()
    assert wdg.image.value != img


def test_bad_alphas():
    with pytest.raises(NbteachError, match="alphas"):
        AlphaCurve(TextNB(), DOCS, Y, TEST, YT, alphas=[0.0, 1.0])
