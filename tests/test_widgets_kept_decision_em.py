"""Lessons 09 and 12's views answer a move in one message and keep what they showed: after any
walk of their controls, what they show is what a view made afresh at the same settings shows."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("ipywidgets")

from nbteach import BernoulliNB, set_language  # noqa: E402
from nbteach.widgets import decision as decision_view  # noqa: E402
from nbteach.widgets import loss_explorer  # noqa: E402
from nbteach.widgets._html import THEME_STYLE  # noqa: E402


@pytest.fixture(scope="module")
def mail():
    from nbteach.realdata import email_features
    from nbteach.resample import train_test_split

    X, y = email_features()
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.3, random_state=0)
    return BernoulliNB(alpha=1.0).fit(X_tr, y_tr), X_te, y_te


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
