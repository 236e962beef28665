"""MultinomialNB: the formulas of notes 003/004, and clear errors for bad input."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from nbteach import MultinomialNB, NbteachError
from nbteach._base import NotFittedError

X = np.array([[2, 1, 0], [1, 1, 0], [0, 0, 2], [0, 1, 1]])
y = np.array(["spam", "spam", "ham", "ham"])


def test_theta_is_laplace_smoothed_word_frequency():
    nb = MultinomialNB(alpha=1.0).fit(X, y)
    # spam counts (3, 2, 0), n_spam = 5, |V| = 3: theta = (3+1, 2+1, 0+1) / (5+3)
    np.testing.assert_allclose(np.exp(nb.feature_log_prob_[1]), [4 / 8, 3 / 8, 1 / 8])
    np.testing.assert_allclose(np.exp(nb.class_log_prior_), [0.5, 0.5])
    np.testing.assert_array_equal(nb.class_count_, [2, 2])


def test_posterior_is_normalised_joint():
    nb = MultinomialNB(alpha=0.5).fit(X, y)
    Xt = np.array([[1, 0, 0], [0, 3, 1], [5, 5, 5]])
    jll = Xt @ nb.feature_log_prob_.T + nb.class_log_prior_
    expected = np.exp(jll) / np.exp(jll).sum(axis=1, keepdims=True)
    np.testing.assert_allclose(nb.predict_proba(Xt), expected)
    np.testing.assert_allclose(nb.predict_joint_log_proba(Xt), jll)
    np.testing.assert_array_equal(nb.predict(Xt), nb.classes_[np.argmax(jll, axis=1)])


def test_long_documents_do_not_underflow():
    nb = MultinomialNB().fit(X, y)
    p = nb.predict_proba([[3000, 2000, 1000]])
    assert np.all(np.isfinite(p)) and np.isclose(p.sum(), 1.0)


def test_fit_prior_false_and_class_prior():
    nb = MultinomialNB(fit_prior=False).fit(X[:3], y[:3])      # 2 spam, 1 ham
    np.testing.assert_allclose(np.exp(nb.class_log_prior_), [0.5, 0.5])
    nb = MultinomialNB(class_prior=[0.9, 0.1]).fit(X, y)
    np.testing.assert_allclose(np.exp(nb.class_log_prior_), [0.9, 0.1])


def test_dataframe_input_and_params():
    df = pd.DataFrame(X, columns=["cheap", "price", "meeting"])
    nb = MultinomialNB().fit(df, y)
    assert nb.n_features_in_ == 3
    assert nb.set_params(alpha=2.0).get_params()["alpha"] == 2.0


@pytest.mark.parametrize("Xb,yb,kw,match", [
    ([[1, np.nan, 0]] * 4, y, {}, "NaN or inf"),
    ([[1, np.inf, 0]] * 4, y, {}, "NaN or inf"),
    ([[1, -1, 0]] * 4, y, {}, "Negative values"),
    ([["a", "b", "c"]] * 4, y, {}, "numbers"),
    (X, y[:3], {}, "4 rows but y has 3"),
    (np.zeros((0, 3)), [], {}, "no rows"),
    (X[0], y, {}, "2-D"),
    (X, y, {"alpha": -1}, "alpha"),
    (X, y, {"class_prior": [0.2, 0.3, 0.5]}, "3 entries but there are 2 classes"),
    (X, y, {"class_prior": [0.2, 0.3]}, "sum of class_prior must be 1"),
    (X, [0.5, 1.5, 2.5, 3.5], {}, "continuous"),
    (X, None, {}, "requires y"),
])
def test_bad_input_is_a_clear_error(Xb, yb, kw, match):
    with pytest.raises(NbteachError, match=match):
        MultinomialNB(**kw).fit(Xb, yb)


def test_non_numeric_dataframe_names_the_column():
    df = pd.DataFrame({"cheap": [1, 2, 0, 0], "word": ["x", "y", "z", "w"]})
    with pytest.raises(NbteachError, match="word"):
        MultinomialNB().fit(df, y)


def test_prediction_errors():
    with pytest.raises(NotFittedError, match="not fitted"):
        MultinomialNB().predict(X)
    nb = MultinomialNB().fit(X, y)
    with pytest.raises(NbteachError, match="X has 2 features, but MultinomialNB is expecting 3"):
        nb.predict([[1, 2]])
    with pytest.raises(NbteachError, match="Negative"):
        nb.predict([[1, -2, 0]])


def test_class_absent_from_training_cannot_be_predicted():
    nb = MultinomialNB().fit(X, y)
    assert set(nb.predict(np.eye(3) * 4)) <= {"ham", "spam"}
    assert list(nb.classes_) == ["ham", "spam"]
