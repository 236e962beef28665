"""Lessons 09 and 12's views answer a move in one message and keep what they showed: after any
walk of their controls, what they show is what a view made afresh at the same settings shows."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("ipywidgets")

from nbteach import set_language  # noqa: E402
from nbteach.widgets import decision as decision_view  # noqa: E402
from nbteach.widgets import loss_explorer  # noqa: E402
from nbteach.widgets._html import THEME_STYLE  # noqa: E402


def _shown(ex):
    result = dict(ex.result)
    table = result.pop("confusion")
    return ex.view.value, ex.message.value, result, table.to_dict()


def test_loss_view_after_a_walk_is_the_view_made_afresh(mail):
    model, X_te, y_te = mail
    ex = loss_explorer(model, X_te, y_te, positive="spam")
    rng = np.random.default_rng(0)
    keys = list(ex.costs)
    seen = []
    try:
        for step in range(40):
            if step == 20:
                set_language("zh")        # a loss kept in English is written afresh in Chinese
            d, t = keys[rng.integers(4)]
            ex.costs[d, t].value = float(rng.choice([0.0, 0.5, -1.0] if d == t else [1.0, 2.0, 5.0, 0.5]))
            if ex.message.value:
                continue                  # refused: the last valid view stays (tested elsewhere)
            L = ex.loss_matrix()
            fresh = loss_explorer(model, X_te, y_te, positive="spam", loss=L)
            assert _shown(ex) == _shown(fresh)
            seen.append((tuple(L.ravel()), step >= 20))
        assert len(set(seen)) < len(seen)                   # losses came back
    finally:
        set_language("en")


def test_a_loss_shown_before_is_not_computed_again_and_equal_decisions_are_not_counted_again(mail, monkeypatch):
    model, X_te, y_te = mail
    ex = loss_explorer(model, X_te, y_te, positive="spam")
    box = ex.costs["spam", "ham"]
    box.value = 1.5
    shown = _shown(ex)
    compute = ex._compute
    ex._compute = lambda L, t: pytest.fail("a loss shown before was computed again")
    box.value = 1.0
    box.value = 1.5
    assert _shown(ex) == shown
    ex._compute = compute
    # a threshold moved between the same two posteriors: the same decisions, so the same scores
    # and table, looked up (the risks still follow the costs)
    flagged, threshold = ex.result["n_flagged"], ex.result["threshold"]
    monkeypatch.setattr(decision_view, "confusion_table", lambda *a: pytest.fail("counted again"))
    monkeypatch.setattr(decision_view, "precision_recall_f1", lambda *a, **k: pytest.fail("counted again"))
    box.value = 1.5 + 1e-9
    assert ex.result["threshold"] != threshold and ex.result["n_flagged"] == flagged


def test_the_theme_style_is_sent_once_not_with_every_edit(mail):
    model, X_te, y_te = mail
    ex = loss_explorer(model, X_te, y_te, positive="spam")
    assert ex.theme.value == THEME_STYLE and ex.theme in ex.widget.children[0].children
    ex.costs["spam", "ham"].value = 3.0
    assert "<style" not in ex.view.value and "Mean cost per e-mail" in ex.view.value
    ex.costs["ham", "ham"].value = 30.0                     # refused: the message in the error colour
    assert "<style" not in ex.message.value and "var(--nbteach-error" in ex.message.value
    assert "wrong decision" in ex.message.value


# -- lesson 12: two figures, legend and numbers in one value; a setting shown before is kept ----

def _em(n_labelled=(4, 30)):
    from nbteach.em import mixture_documents
    from nbteach.widgets import em_explorer

    X, Y = mixture_documents(300, random_state=1)
    XT, YT = mixture_documents(200, random_state=2)
    return em_explorer(X, Y, XT, YT, n_labelled=list(n_labelled), n_draws=3, max_iter=4)


def _em_shown(ex):
    marks = [ex.em_line.y, ex.band.y, ex.nb_line.y, ex.cursor.x, ex.objective_line.y,
             ex.objective_marker.x, ex.objective_marker.y]
    return ex.numbers.value, [np.asarray(m, dtype=float).tolist() for m in marks], ex.summary.to_dict()


def test_em_view_after_a_walk_is_the_view_made_afresh_and_a_setting_shown_before_is_not_drawn_again():
    ex = _em()
    walk = [("k", 2), ("n", 30), ("k", 3), ("k", 2), ("n", 4), ("k", 0), ("n", 30), ("k", 2), ("n", 4)]
    seen = []
    try:
        for step, (which, value) in enumerate(walk):
            if step == 6:
                set_language("zh")        # a setting kept in English is written afresh in Chinese
            (ex.iter_slider if which == "k" else ex.labels_slider).value = value
            fresh = _em()
            fresh.labels_slider.value, fresh.iter_slider.value = ex.labels_slider.value, ex.iter_slider.value
            if step >= 6:                 # the axis labels and legend stay in the language the view was made in
                assert ex.numbers.value.split("</div>")[-1] == fresh.numbers.value.split("</div>")[-1]
                assert ex.accuracy_fig.title == fresh.accuracy_fig.title
                assert f">{ex.accuracy_fig.title}</text>" in ex.numbers.value and "个有标记样本" in ex.accuracy_fig.title
            else:
                assert _em_shown(ex) == _em_shown(fresh)
            seen.append((ex.labels_slider.value, ex.iter_slider.value, step >= 6))
        assert len(set(seen)) < len(seen)                   # settings came back
    finally:
        set_language("en")
    ex.iter_slider.value = 0
    ex.iter_slider.value = 2
    draw, shown = ex._draw, _em_shown(ex)
    ex._draw = lambda n, k: pytest.fail("a setting shown before was drawn again")
    ex.iter_slider.value = 0                                 # (4, 0): shown before
    ex.iter_slider.value = 2
    assert _em_shown(ex) == shown
    ex._draw = draw


def test_em_view_is_one_value_with_both_figures_the_legend_and_the_numbers():
    from nbteach.widgets._svg import si_format

    ex = _em()
    ex.labels_slider.value = 30
    ex.iter_slider.value = 3
    value = ex.numbers.value
    assert value.count("<svg") == 2 and ex.widget.children[1] is ex.numbers and len(ex.widget.children) == 2
    assert "30 labelled rows: held-out accuracy" in value and "EM&#x27;s objective never decreases" in value
    assert "naive Bayes on the labelled rows only" in value and "<b>30</b> labelled rows" in value
    assert value.count("fill-opacity='0.15'") == 1 and value.count("Z' fill=") == 1     # the band: one closed area
    # the objective's axis spans the curve shown: its round ticks lie between the curve's ends
    objective = np.asarray(ex.objective_line.y)
    assert ex.objective_fig.axes[1].scale.min == objective.min() and ex.objective_fig.axes[1].scale.max == objective.max()
    ticks = [v for v, _ in ex.objective_fig.axes[1]._ticks()]
    assert len(ticks) >= 2 and all(objective.min() <= v <= objective.max() for v in ticks)
    assert all(f">{si_format(v)}</text>" in value for v in ticks)
    # the cursor and the marker at the slider's iteration, in pixels of the pictures drawn
    x0, _, x1, _ = ex.accuracy_fig.plot_box()
    assert f"<circle cx='{x0 + 3 / 4 * (x1 - x0):.1f}'" in value             # the EM mean at iteration 3
    ex.iter_slider.value = 1
    assert ex.numbers.value != value and list(ex.cursor.x) == [1, 1]
