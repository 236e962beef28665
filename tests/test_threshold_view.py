"""Lesson 07's threshold explorer (nbteach.widgets.threshold) drawn as one SVG: a move of the
slider is one message to the browser (the curve, the marker at t, the title and the numbers in
one HTML value), and what it draws is the library's scores, in both languages, with no <style>
element re-inserted at each move."""
import re

import numpy as np
import pytest

pytest.importorskip("ipywidgets")

from nbteach import MultinomialNB, set_language  # noqa: E402
from nbteach.metrics import precision_recall_f1  # noqa: E402
from nbteach.widgets import threshold_explorer  # noqa: E402
from nbteach.widgets._plot import BLUE, VERMILLION  # noqa: E402

X = [[1, 0, 2], [1, 1, 0], [0, 1, 1], [0, 0, 3], [1, 0, 0], [0, 0, 1], [2, 1, 1], [0, 2, 0], [3, 0, 1], [0, 1, 2]]
Y = ["spam", "spam", "ham", "ham", "spam", "ham", "spam", "ham", "spam", "ham"]


@pytest.fixture
def english():
    set_language("en")
    yield
    set_language("en")


def _explorer(threshold=0.5):
    model = MultinomialNB().fit(X, Y)
    return threshold_explorer(model, X, Y, positive="spam", threshold=threshold), \
        model.predict_proba(X)[:, list(model.classes_).index("spam")]


def _texts(svg):
    return re.findall(r"<text [^>]*>([^<]*)</text>", svg)


def test_a_threshold_move_is_one_message_with_the_marker_title_and_numbers(sent, english):
    ex, p = _explorer()
    for t in (0.2, 0.9, 0.05, 0.2):
        sent.clear()
        ex.slider.value = t
        others = [(widget, names) for widget, names in sent if widget is not ex.slider]
        assert others == [(ex.fig, ["value"])]          # figure, title and numbers: one message
        view = ex.fig.value
        assert "<style" not in view                     # the theme's style is not re-inserted per move
        prec, rec, f1, _ = precision_recall_f1(np.asarray(Y), np.where(p >= t, "spam", "ham"), pos_label="spam")
        assert (ex.scores["precision"], ex.scores["recall"]) == (prec, rec)
        # the title, in the picture and as its accessible name, says t and the scores
        title = f"t = {t:.2f}: precision {prec:.3f}, recall {rec:.3f}"
        assert ex.fig.title == title and title in _texts(view) and f"aria-label='{title}'" in view
        # the one marker (vermillion) drawn where the library's recall and precision put it
        x0, y0, x1, y1 = ex.fig.plot_box()
        px = float(ex.marker.scales["x"].map(rec, x0, x1))
        py = float(ex.marker.scales["y"].map(prec, y1, y0))
        circles = re.findall(r"<circle cx='([-0-9.]+)' cy='([-0-9.]+)' r='[0-9.]+' fill='([^']+)'", view)
        assert [(float(a), float(b), c) for a, b, c in circles] == [
            (pytest.approx(px, abs=0.06), pytest.approx(py, abs=0.06), VERMILLION)]
        # the numbers beside it, in the same value
        assert f"precision {prec:.4f}<br>recall {rec:.4f}<br>F1 {f1:.4f}" in view
        flagged = int(np.sum(p >= t))
        assert f"{flagged} of {len(Y)} flagged spam" in view and "<table" in view
    # the curve: one blue line, drawn once with the figure
    assert re.findall(r"<path d='[^']+' fill='none' stroke='([^']+)'", ex.fig.value) == [BLUE]


def test_the_view_is_one_widget_beside_the_slider_and_speaks_the_students_language(english):
    ex, _ = _explorer()
    assert list(ex.widget.children) == [ex.slider, ex.fig] and ex.numbers is ex.fig
    texts = _texts(ex.fig.value)
    assert "recall (spam)" in texts and "precision (spam)" in texts
    assert [t for t in texts if re.fullmatch(r"\d\.\d", t)][:3] == ["0.0", "0.1", "0.2"]
    set_language("zh")
    ex, _ = _explorer(threshold=0.3)
    view = ex.fig.value
    assert "查全率 (spam)" in _texts(view) and "查准率 (spam)" in _texts(view)
    assert ex.fig.title.startswith("t = 0.30：查准率 ") and "个被判为 spam" in view
    assert "阈值 t" in ex.slider.description
