"""GaussianNB: class means, variances, epsilon, and clear errors."""
from __future__ import annotations

import numpy as np
import pytest

from nbteach import GaussianNB, NbteachError

X = np.array([[1.0, 10.0], [3.0, 14.0], [10.0, 0.0], [12.0, 2.0]])
y = np.array([0, 0, 1, 1])


def test_mean_and_biased_variance_per_class():
    nb = GaussianNB(var_smoothing=0.0).fit(X, y)
    np.testing.assert_allclose(nb.theta_, [[2.0, 12.0], [11.0, 1.0]])
    np.testing.assert_allclose(nb.var_, [[1.0, 4.0], [1.0, 1.0]])
    np.testing.assert_allclose(nb.class_prior_, [0.5, 0.5])


def test_epsilon_is_var_smoothing_times_largest_variance():
    nb = GaussianNB(var_smoothing=0.1).fit(X, y)
    assert nb.epsilon_ == pytest.approx(0.1 * np.var(X, axis=0).max())
    np.testing.assert_allclose(nb.var_, GaussianNB(var_smoothing=0).fit(X, y).var_ + nb.epsilon_)


def test_log_likelihood_is_the_normal_density():
    nb = GaussianNB(var_smoothing=0.0).fit(X, y)
    x = np.array([[4.0, 7.0]])
    dens = np.exp(-(x - nb.theta_) ** 2 / (2 * nb.var_)) / np.sqrt(2 * np.pi * nb.var_)
    joint = nb.class_prior_ * dens.prod(axis=1)
    np.testing.assert_allclose(nb.predict_proba(x)[0], joint / joint.sum())


def test_priors_parameter():
    nb = GaussianNB(priors=[0.8, 0.2]).fit(X, y)
    np.testing.assert_allclose(nb.class_prior_, [0.8, 0.2])
    with pytest.raises(NbteachError, match="priors"):
        GaussianNB(priors=[0.8, 0.1, 0.1]).fit(X, y)


@pytest.mark.parametrize("Xb,yb,kw,match", [
    (np.where(X == 3.0, np.nan, X), y, {}, "NaN"),
    (X.astype(str).astype(object) + "cm", y, {}, "numbers"),
    (X, y[:3], {}, "one label per row"),
    (X, y, {"var_smoothing": -1}, "var_smoothing"),
])
def test_bad_input(Xb, yb, kw, match):
    with pytest.raises(NbteachError, match=match):
        GaussianNB(**kw).fit(Xb, yb)
