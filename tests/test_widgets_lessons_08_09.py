"""The widgets of lessons 08 and 09 respond to their controls with the library's numbers,
and the lesson 08 claims about the learning curves hold for the data the lesson uses."""
import numpy as np
import pytest

from nbteach import BernoulliNB, NbteachError
from nbteach.decision import bayes_decision, bayes_risk, threshold_from_loss


def test_loss_explorer_follows_the_costs(mail):
    from nbteach.widgets import loss_explorer

    model, X_te, y_te = mail
    ex = loss_explorer(model, X_te, y_te, positive="spam")
    post = model.predict_proba(X_te)
    assert ex.result["threshold"] == 0.5
    before = ex.result["n_flagged"]
    ex.costs["spam", "ham"].value = 20.0                     # false alarms now expensive
    L = [[0, 1], [20, 0]]
    assert ex.result["threshold"] == pytest.approx(float(threshold_from_loss(L)))
    assert ex.result["n_flagged"] == int(np.sum(bayes_decision(post, L) == 1)) <= before
    assert ex.result["risk"] == pytest.approx(bayes_risk(post, L, y_true=y_te, classes=model.classes_))
    assert str(round(ex.result["risk"], 4)) in ex.view.value
    assert ex.result["expected_risk"] == pytest.approx(bayes_risk(post, L))
    assert f"{ex.result['expected_risk']:.4f}" in ex.view.value
    ex.costs["ham", "ham"].value = 30.0                      # a right decision costing more: refused
    assert "wrong decision" in ex.message.value
    assert ex.result["threshold"] == pytest.approx(20 / 21)  # the last valid view stays
    ex.costs["ham", "ham"].value = 0.0
    assert ex.message.value == ""
    ex.costs["ham", "spam"].value = -2.0                     # a negative cost: refused, not clamped
    assert "negative" in ex.message.value and ex.costs["ham", "spam"].value == -2.0
    assert ex.result["threshold"] == pytest.approx(20 / 21)


def test_loss_explorer_bad_input(mail):
    from nbteach.widgets import loss_explorer

    model, X_te, y_te = mail
    with pytest.raises(NbteachError, match="between 0 and 1000"):
        loss_explorer(model, X_te, y_te, loss=[[0, -1], [1, 0]])
    with pytest.raises(NbteachError, match="positive"):
        loss_explorer(model, X_te, y_te, positive="eggs")
    with pytest.raises(NbteachError, match="fitted"):
        loss_explorer(BernoulliNB(), X_te, y_te)


def test_boundary_explorer_line_and_curve():
    from nbteach.widgets import boundary_explorer

    ex = boundary_explorer()
    assert np.all(ex.coefficients["v"] == 0) and "straight line" in ex.fig.title
    assert ex.sd_sliders[1, 0].disabled
    ex.shared.value = False
    assert not ex.sd_sliders[1, 0].disabled
    ex.sd_sliders[1, 0].value = 2.0
    assert ex.coefficients["v"][0] == pytest.approx(1 / (2 * 1.0) - 1 / (2 * 4.0))
    assert "curve" in ex.fig.title and "curves" in ex.summary and ex.summary in ex.fig.value
    w_before = ex.coefficients["w0"]
    ex.prior_slider.value = 0.8
    assert ex.coefficients["w0"] - w_before == pytest.approx(np.log(0.8 / 0.2) - 0.0)
    with pytest.raises(NbteachError, match="slider's range"):
        boundary_explorer(means=((5, 0), (0, 0)))


def _drawn_boundary(ex):
    """The boundary's points as drawn (rows of the Lines mark, padding included)."""
    return np.column_stack([np.ravel(ex.boundary.x), np.ravel(ex.boundary.y)])


def test_boundary_explorer_draws_where_the_model_is_undecided():
    from nbteach.widgets import boundary_explorer

    ex = boundary_explorer()
    for change in (lambda: None, lambda: setattr(ex.shared, "value", False),
                   lambda: setattr(ex.sd_sliders[1, 0], "value", 2.0),
                   lambda: setattr(ex.mean_sliders[0, 1], "value", -2.0)):
        change()
        pts = _drawn_boundary(ex)
        assert ex.boundary.visible and len(pts) > 10
        # every drawn point is where the model's posterior is 1/2 (up to the grid's step)
        np.testing.assert_allclose(ex.model.predict_proba(pts)[:, 1], 0.5, atol=0.02)
        # and the points of each class are the fixed draws moved and stretched by the sliders
        theta, var, _ = ex.parameters()
        for k in (0, 1):
            expected = theta[k] + np.sqrt(var[k]) * ex._z[k]
            np.testing.assert_allclose(np.column_stack([ex.points[k].x, ex.points[k].y]), expected)


def test_boundary_explorer_shared_variance_draws_a_straight_line():
    from nbteach.widgets import boundary_explorer

    ex = boundary_explorer()
    pts = _drawn_boundary(ex)
    # collinear: the points' covariance has rank one
    assert np.linalg.svd(pts - pts.mean(axis=0), compute_uv=False)[1] < 1e-6 * len(pts)
    ex.shared.value = False
    ex.sd_sliders[1, 0].value = 2.0
    pts = _drawn_boundary(ex)
    assert np.linalg.svd(pts - pts.mean(axis=0), compute_uv=False)[1] > 0.1


def test_lesson08_learning_curve_claims():
    """What lesson 08 says of its learning curves' means: they cross, naive Bayes ahead on average
    with a few dozen e-mails, logistic regression with a few hundred. (The directions of its
    table, by the sign test over independent draws, its cell checks with an assert.)"""
    from nbteach import GaussianNB, LogisticRegression
    from nbteach.evaluation import learning_curve
    from nbteach.realdata import spam7

    X, y = spam7()
    sizes = [8, 15, 30, 250, 2000]
    curve = learning_curve({"nb": GaussianNB(shared_variance=True), "lr": LogisticRegression(lam=0.01)},
                           np.log1p(X), y, sizes, n_repeats=50, test_size=1000, random_state=0)
    assert all(curve.loc[("nb", n), "mean"] > curve.loc[("lr", n), "mean"] for n in (8, 15, 30))
    assert all(curve.loc[("nb", n), "mean"] < curve.loc[("lr", n), "mean"] for n in (250, 2000))
