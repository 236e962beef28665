"""BernoulliNB: presence/absence, the notes' +1/+2 smoothing, clear errors."""
from __future__ import annotations

import numpy as np
import pytest

from nbteach import BernoulliNB, NbteachError

X = np.array([[1, 1, 0], [1, 0, 0], [0, 0, 1], [0, 1, 1]])
y = np.array(["spam", "spam", "ham", "ham"])


def test_mu_is_plus_one_plus_two():
    nb = BernoulliNB(alpha=1.0).fit(X, y)
    # spam: word present in (2, 1, 0) of 2 documents -> (2+1, 1+1, 0+1) / (2+2)
    np.testing.assert_allclose(np.exp(nb.feature_log_prob_[1]), [3 / 4, 2 / 4, 1 / 4])


def test_absent_words_count_as_evidence():
    nb = BernoulliNB(alpha=1.0).fit(X, y)
    mu = np.exp(nb.feature_log_prob_)
    x = np.array([1, 0, 0])
    joint = 0.5 * np.prod(np.where(x == 1, mu, 1 - mu), axis=1)
    np.testing.assert_allclose(nb.predict_proba([x])[0], joint / joint.sum())


def test_binarize_threshold_counts_as_presence():
    counts = X * 3
    a = BernoulliNB(binarize=0.0).fit(counts, y).predict_proba(counts)
    b = BernoulliNB(binarize=None).fit(X, y).predict_proba(X)
    np.testing.assert_allclose(a, b)
    c = BernoulliNB(binarize=5.0).fit(counts, y)   # nothing exceeds 5: no word present
    np.testing.assert_array_equal(c.feature_count_, 0)


@pytest.mark.parametrize("Xb,kw,match", [
    ([[1, np.nan, 0]] * 4, {}, "NaN"),
    ([["yes", "no", "no"]] * 4, {}, "numbers"),
    (X * 2, {"binarize": None}, "already 0/1"),
    (X, {"alpha": "one"}, "alpha"),
])
def test_bad_input(Xb, kw, match):
    with pytest.raises(NbteachError, match=match):
        BernoulliNB(**kw).fit(Xb, y)


def test_mismatched_lengths_and_features():
    with pytest.raises(NbteachError, match="one label per row"):
        BernoulliNB().fit(X, y[:2])
    nb = BernoulliNB().fit(X, y)
    with pytest.raises(NbteachError, match="expecting 3 features"):
        nb.predict_proba([[1, 0, 0, 1]])
