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


def _inside_figure(fig, artist):
    """True when the artist's drawn box lies wholly inside the figure (nothing cut off)."""
    fig.draw_without_rendering()
    box, page = artist.get_window_extent(), fig.bbox
    return (box.x0 >= page.x0 - 0.5 and box.y0 >= page.y0 - 0.5
            and box.x1 <= page.x1 + 0.5 and box.y1 <= page.y1 + 0.5)


def test_title_is_laid_out_after_it_is_set_and_fits_the_figure():
    from matplotlib.layout_engine import ConstrainedLayoutEngine

    wdg = make()
    # the layout engine runs at each render, after update() has rewritten the title
    assert isinstance(wdg.fig.get_layout_engine(), ConstrainedLayoutEngine)
    wdg.slider.value = 0.001           # the longest title: "alpha = 0.001: ..."
    assert wdg.ax.get_title().startswith("alpha = 0.001")
    assert _inside_figure(wdg.fig, wdg.ax.title)
    assert _inside_figure(wdg.fig, wdg.ax.xaxis.label)


def test_legend_lists_only_the_curves_on_show():
    wdg = make()

    def labels():
        return [t.get_text() for t in wdg.ax.get_legend().get_texts()]

    fig, ax, lines = wdg.fig, wdg.ax, dict(wdg.lines)
    assert labels() == ["accuracy", "F1 (spam)"]
    wdg.show_pr.value = True
    assert labels() == ["accuracy", "F1 (spam)", "precision", "recall"]
    wdg.show_pr.value = False
    assert "precision" not in labels() and "recall" not in labels()
    assert wdg.fig is fig and wdg.ax is ax and wdg.lines == lines  # no figure re-created
