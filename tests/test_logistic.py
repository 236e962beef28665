"""LogisticRegression against scikit-learn, its solvers and warnings, the Gaussian NB ->
logistic derivation, and GaussianNB's shared variance."""
import warnings

import numpy as np
import pytest
import sympy as sp

from nbteach import NbteachError
from nbteach.derivations import gaussian_nb_logistic
from nbteach.gaussian import GaussianNB
from nbteach.logistic import ConvergenceWarning, LogisticRegression, sigmoid

sklearn = pytest.importorskip("sklearn")
from sklearn.datasets import load_breast_cancer, load_iris, load_wine  # noqa: E402
from sklearn.linear_model import LogisticRegression as SkLogistic  # noqa: E402
from sklearn.naive_bayes import GaussianNB as SkGaussianNB  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402


def _standardised(load):
    X, y = load(return_X_y=True)
    return StandardScaler().fit_transform(X), y


@pytest.mark.parametrize("load", [load_breast_cancer, load_wine], ids=["breast_cancer", "wine"])
@pytest.mark.parametrize("lam", [0.1, 1.0, 10.0])
def test_reaches_scikit_learns_solution(load, lam):
    X, y = _standardised(load)
    ours = LogisticRegression(lam=lam).fit(X, y)
    theirs = SkLogistic(C=1 / lam, tol=1e-10, max_iter=10_000).fit(X, y)
    assert ours.converged_
    assert np.abs(ours.predict_proba(X) - theirs.predict_proba(X)).max() < 1e-4
    assert ours.coef_.shape == theirs.coef_.shape
    assert ours.intercept_.shape == theirs.intercept_.shape
    assert np.abs(ours.coef_ - theirs.coef_).max() < 1e-3
    assert (ours.predict(X) == theirs.predict(X)).all()
    np.testing.assert_array_equal(ours.classes_, theirs.classes_)


@pytest.mark.parametrize("solver", ["gd", "lbfgs"])
def test_other_solvers_reach_the_same_optimum(solver):
    X, y = _standardised(load_wine)
    newton = LogisticRegression(lam=10.0).fit(X, y)
    other = LogisticRegression(lam=10.0, solver=solver).fit(X, y)
    assert other.converged_
    assert np.abs(other.predict_proba(X) - newton.predict_proba(X)).max() < 1e-4


def test_gradient_descent_never_increases_the_objective_and_records_it():
    X, y = _standardised(load_breast_cancer)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        lr = LogisticRegression(lam=1.0, solver="gd", max_iter=300).fit(X, y)
    curve = np.array(lr.loss_curve_)
    assert len(curve) == lr.n_iter_ + 1
    assert np.all(np.diff(curve) <= 1e-9)
    assert curve[0] == pytest.approx(len(y) * np.log(2))      # W = 0: every p = 1/2
    assert curve[-1] == pytest.approx(lr.objective(X, y), rel=1e-10)


def test_the_objective_is_the_summed_nll_plus_the_penalty():
    X, y = _standardised(load_breast_cancer)
    lr = LogisticRegression(lam=3.0).fit(X, y)
    p = lr.predict_proba(X)[np.arange(len(y)), y]
    expected = -np.log(p).sum() + 1.5 * np.sum(lr.coef_ ** 2)
    assert lr.objective(X, y) == pytest.approx(expected, rel=1e-12)
    assert lr.loss_curve_[-1] == pytest.approx(expected, rel=1e-9)


def test_max_iter_reached_warns():
    X, y = _standardised(load_breast_cancer)
    with pytest.warns(ConvergenceWarning, match="max_iter=5"):
        lr = LogisticRegression(lam=1.0, solver="gd", max_iter=5).fit(X, y)
    assert not lr.converged_


def test_separable_data_without_penalty_warns_and_says_why():
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = [0, 0, 1, 1]
    with pytest.warns(ConvergenceWarning, match="lam > 0"):
        LogisticRegression(lam=0, max_iter=30).fit(X, y)
    assert LogisticRegression(lam=0.1).fit(X, y).converged_   # the penalty gives a minimum


def test_reference_class_form_differs_under_l2_only():
    X, y = load_iris(return_X_y=True)
    X = StandardScaler().fit_transform(X[:, :2])                # overlapping classes
    soft0 = LogisticRegression(lam=0).fit(X, y)
    ref0 = LogisticRegression(lam=0, multi_class="reference").fit(X, y)
    assert np.abs(soft0.predict_proba(X) - ref0.predict_proba(X)).max() < 1e-5
    soft = LogisticRegression(lam=5.0).fit(X, y)
    ref = LogisticRegression(lam=5.0, multi_class="reference").fit(X, y)
    assert np.abs(soft.predict_proba(X) - ref.predict_proba(X)).max() > 1e-3
    np.testing.assert_array_equal(ref.coef_[-1], 0.0)
    assert ref.objective(X, y) != pytest.approx(soft.objective(X, y))


def test_binary_decision_function_is_the_log_odds_of_the_second_class():
    X, y = _standardised(load_breast_cancer)
    lr = LogisticRegression().fit(X, y)
    np.testing.assert_allclose(sigmoid(lr.decision_function(X)), lr.predict_proba(X)[:, 1], atol=1e-12)
    labels = np.where(y == 1, "benign", "malignant")
    lr2 = LogisticRegression().fit(X, labels)
    assert list(lr2.classes_) == ["benign", "malignant"]
    np.testing.assert_allclose(lr2.predict_proba(X)[:, 0], lr.predict_proba(X)[:, 1], atol=1e-9)


@pytest.mark.parametrize("kwargs, message", [
    ({"lam": -1}, "lam must be"),
    ({"lam": float("nan")}, "lam must be"),
    ({"lam": "1"}, "lam must be"),
    ({"solver": "sgd"}, "solver must be"),
    ({"max_iter": 0}, "max_iter"),
    ({"max_iter": 2.5}, "max_iter"),
    ({"tol": 0}, "tol must be"),
    ({"learning_rate": 0.1}, "solver='gd'"),
    ({"solver": "gd", "learning_rate": -1}, "learning_rate"),
    ({"multi_class": "ovr"}, "multi_class"),
])
def test_bad_parameters_are_named(kwargs, message):
    with pytest.raises(NbteachError, match=message):
        LogisticRegression(**kwargs).fit([[0.0], [1.0]], [0, 1])


def test_bad_data_is_named():
    with pytest.raises(NbteachError, match="only one class"):
        LogisticRegression().fit([[0.0], [1.0]], [1, 1])
    with pytest.raises(NbteachError, match="NaN"):
        LogisticRegression().fit([[0.0], [np.nan]], [0, 1])
    with pytest.raises(NbteachError, match="not fitted"):
        LogisticRegression().predict([[0.0]])
    lr = LogisticRegression().fit([[0.0, 1.0], [1.0, 0.0]], [0, 1])
    with pytest.raises(NbteachError, match="feature"):
        lr.predict([[0.0]])
    with pytest.raises(NbteachError, match="not among classes_"):
        lr.objective([[0.0, 1.0]], [7])


def test_a_too_large_step_is_caught():
    X, y = _standardised(load_breast_cancer)
    with pytest.raises(NbteachError, match="diverged"):
        LogisticRegression(lam=0, solver="gd", learning_rate=1e6, max_iter=2000).fit(X * 1e3, y)


# -- the derivation ------------------------------------------------------------------
@pytest.mark.parametrize("n, shared", [(1, True), (2, True), (1, False), (2, False)])
def test_derivation_verifies(n, shared):
    d = gaussian_nb_logistic(n, shared_variance=shared)
    assert d.verify(), d.failed
    assert len(d.checks) == 6


def test_a_wrong_weight_fails_the_derivation():
    d = gaussian_nb_logistic(1)
    w, mu0, mu1, s = d.symbols["w"][0], d.symbols["mu0"][0], d.symbols["mu1"][0], d.symbols["sigma"][0]
    d.result[w] = (mu1 - mu0) / s              # sigma, not sigma^2
    assert not d.verify()
    assert "the weights in the result reproduce the log odds exactly" in d.failed


def test_bad_derivation_arguments():
    with pytest.raises(NbteachError, match="n_features"):
        gaussian_nb_logistic(0)
    with pytest.raises(NbteachError, match="shared_variance"):
        gaussian_nb_logistic(1, shared_variance="yes")


@pytest.mark.parametrize("shared", [True, False])
def test_fitted_gaussian_nb_posterior_is_the_sigmoid_of_the_derived_log_odds(shared):
    """On real data: GaussianNB's posterior = sigmoid(v.x^2 + w.x + w0), the weights from
    the derivation's closed forms with the fitted means, variances and prior."""
    X, y = load_breast_cancer(return_X_y=True)
    nb = GaussianNB(shared_variance=shared).fit(X, y)
    c = nb.log_odds_coefficients()
    a = X ** 2 @ c["v"] + X @ c["w"] + c["w0"]
    np.testing.assert_allclose(sigmoid(a), nb.predict_proba(X)[:, 1], atol=1e-10)
    if shared:
        assert np.all(c["v"] == 0)
    # the symbolic weights, evaluated at the fitted numbers, are the same weights
    d = gaussian_nb_logistic(1, shared_variance=shared)
    s = d.symbols
    j = 3
    vals = {s["mu0"][0]: nb.theta_[0, j], s["mu1"][0]: nb.theta_[1, j], s["p"]: nb.class_prior_[1]}
    if shared:
        vals[s["sigma"][0]] = np.sqrt(nb.var_[0, j])
    else:
        vals[s["sigma0"][0]] = np.sqrt(nb.var_[0, j])
        vals[s["sigma1"][0]] = np.sqrt(nb.var_[1, j])
    w_sym = float(d.result[s["w"][0]].subs(vals))
    assert w_sym == pytest.approx(c["w"][j], rel=1e-9)


def test_shared_variance_is_the_pooled_within_class_variance():
    X, y = load_iris(return_X_y=True)
    X, y = X[y < 2], y[y < 2]
    nb = GaussianNB(shared_variance=True, var_smoothing=0).fit(X, y)
    resid = X - nb.theta_[y]
    np.testing.assert_allclose(nb.var_[0], (resid ** 2).mean(axis=0))
    np.testing.assert_array_equal(nb.var_[0], nb.var_[1])
    per_class = GaussianNB(var_smoothing=0).fit(X, y)
    sk = SkGaussianNB(var_smoothing=0).fit(X, y)
    np.testing.assert_allclose(per_class.predict_proba(X), sk.predict_proba(X), atol=1e-12)
    with pytest.raises(NbteachError, match="shared_variance"):
        GaussianNB(shared_variance="yes").fit(X, y)
    with pytest.raises(NbteachError, match="two classes"):
        GaussianNB().fit(*load_iris(return_X_y=True)).log_odds_coefficients()


def test_derivation_steps_render():
    md = gaussian_nb_logistic(2).to_markdown()
    assert "hyperplane" in md and "w_{1}" in md
    assert sp.latex(gaussian_nb_logistic(1, False).step("result").expr)
