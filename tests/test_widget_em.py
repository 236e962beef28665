"""Lesson 12's view: EM against labelled-only naive Bayes, driven as a student drives it."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("ipywidgets")

from nbteach import MultinomialNB, NbteachError, SemiSupervisedNB  # noqa: E402
from nbteach.em import draw_labelled, em_against_labelled_only, em_learning_curve, mixture_documents  # noqa: E402
from nbteach.widgets import em_explorer  # noqa: E402

X, Y = mixture_documents(300, random_state=1)
XT, YT = mixture_documents(200, random_state=2)


def _explorer():
    return em_explorer(X, Y, XT, YT, n_labelled=[4, 30], n_draws=3, max_iter=4)


def test_the_numbers_are_the_librarys_fits():
    ex = _explorer()
    rng = np.random.default_rng(0)                         # the draws em_learning_curve makes
    accs = {}
    for n in (4, 30):
        for _ in range(3):
            idx = draw_labelled(Y, n, rng)
            y_semi = np.full(len(Y), -1, dtype=object)
            y_semi[idx] = Y[idx]
            nb = MultinomialNB().fit(X[idx], Y[idx]).score(XT, YT)
            em = SemiSupervisedNB(max_iter=4, tol=0).fit(X, y_semi).score(XT, YT)
            accs.setdefault(n, []).append((nb, em))
    ex.labels_slider.value = 30
    row = ex.summary.loc[30]
    nb, em = np.array(accs[30]).T
    assert row["naive Bayes mean"] == pytest.approx(nb.mean(), abs=1e-12)
    assert row["EM mean"] == pytest.approx(em.mean(), abs=1e-12)
    assert row["draws"] == 3


def test_moving_a_slider_changes_the_view():
    ex = _explorer()
    assert ex.iter_slider.value == 4 and ex.labels_slider.value == 4
    text, curve = ex.numbers.value, list(ex.em_line.y)
    ex.labels_slider.value = 30                            # other labels: other curves, other numbers
    assert ex.numbers.value != text and list(ex.em_line.y) != curve
    assert "<b>30</b> labelled rows" in ex.numbers.value
    text = ex.numbers.value
    ex.iter_slider.value = 0                               # no iteration: EM is the labelled-only start
    assert ex.numbers.value != text and list(ex.cursor.x) == [0, 0]
    row = ex.summary.loc[30]
    assert row["EM mean"] == row["naive Bayes mean"] and row["draws EM ahead"] == 0
    assert float(ex.objective_marker.x[0]) == 0


def test_the_objective_curve_never_decreases_and_em_helps_here_with_few_labels():
    ex = _explorer()
    for n in (4, 30):
        ex.labels_slider.value = n
        assert np.all(np.diff(np.asarray(ex.objective_line.y)) >= 0)
    ex.labels_slider.value = 4
    assert ex.summary.loc[4, "EM - NB mean"] > 0           # data drawn from the model: EM helps


def test_curve_and_summary_refuse_bad_input():
    with pytest.raises(NbteachError, match="fully labelled"):
        em_learning_curve(X, np.where(np.arange(300) < 5, Y.astype(object), -1), XT, YT)
    with pytest.raises(NbteachError, match="n_labelled must be a whole number from 2"):
        em_learning_curve(X, Y, XT, YT, n_labelled=[1])
    with pytest.raises(NbteachError, match="n_labelled must be a list of whole numbers"):
        em_explorer(X, Y, XT, YT, n_labelled=["ten"])
    with pytest.raises(NbteachError, match="n_labelled must be a list of whole numbers"):
        em_learning_curve(X, Y, XT, YT, n_labelled=[])
    with pytest.raises(NbteachError, match="y_test one label per test row"):
        em_learning_curve(X, Y, XT, YT[:-1])
    with pytest.raises(NbteachError, match="X_test must have the training columns"):
        em_learning_curve(X, Y, XT[:, :3], YT)
    with pytest.raises(NbteachError, match="n_draws"):
        em_learning_curve(X, Y, XT, YT, n_draws=0)
    curve = em_learning_curve(X, Y, XT, YT, n_labelled=[4], n_draws=2, max_iter=2)
    with pytest.raises(NbteachError, match="iteration must be a whole number from 0 to 2"):
        em_against_labelled_only(curve, 5)
    with pytest.raises(NbteachError, match="max_iter must be a whole number >= 1"):
        em_explorer(X, Y, XT, YT, max_iter=0)
