"""nbteach.resample: balanced classes, reproducible with a seed, same types back."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from nbteach._base import NbteachError
from nbteach.resample import class_sizes, random_oversample, random_undersample

y = np.array(["ham"] * 90 + ["spam"] * 10)
X = np.arange(100).reshape(-1, 1) * 10


def test_undersample_balances_to_the_smallest_class_without_repeats():
    Xr, yr = random_undersample(X, y, random_state=0)
    assert class_sizes(yr) == {"ham": 10, "spam": 10}
    assert len(np.unique(Xr)) == 20                       # no row twice
    assert set(Xr[yr == "spam"].ravel()) == set(X[y == "spam"].ravel())  # minority kept
    assert all(X[int(v) // 10, 0] == v and y[int(v) // 10] == c for v, c in zip(Xr.ravel(), yr))


def test_oversample_keeps_everything_and_repeats_the_minority():
    Xr, yr = random_oversample(X, y, random_state=0)
    assert class_sizes(yr) == {"ham": 90, "spam": 90}
    assert set(Xr.ravel()) == set(X.ravel())
    assert all(y[int(v) // 10] == c for v, c in zip(Xr.ravel(), yr))


def test_seed_makes_it_reproducible_and_different_seeds_differ():
    a = random_undersample(X, y, random_state=1)[0]
    b = random_undersample(X, y, random_state=1)[0]
    c = random_undersample(X, y, random_state=2)[0]
    np.testing.assert_array_equal(a, b)
    assert not np.array_equal(a, c)


def test_types_are_kept():
    docs = [f"doc {i}" for i in range(100)]
    d, yr = random_undersample(docs, y, random_state=0)
    assert isinstance(d, list) and len(d) == 20 and all(s in docs for s in d)
    df = pd.DataFrame({"x": range(100)})
    dr, _ = random_oversample(df, y, random_state=0)
    assert isinstance(dr, pd.DataFrame) and len(dr) == 180


@pytest.mark.parametrize("Xb,yb,match", [
    (X[:5], y, "one label per row"),
    ([], [], "empty"),
    (X[:3], ["a", "a", "a"], "only one class"),
    ("some text", ["a"] * 9, "single string"),
])
def test_bad_input(Xb, yb, match):
    with pytest.raises(NbteachError, match=match):
        random_undersample(Xb, yb)


def test_train_test_split_is_stratified_disjoint_and_complete():
    from nbteach.resample import train_test_split

    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.3, random_state=0)
    assert class_sizes(yte) == {"ham": 27, "spam": 3}
    assert class_sizes(ytr) == {"ham": 63, "spam": 7}
    assert set(Xtr.ravel()).isdisjoint(Xte.ravel())
    assert set(Xtr.ravel()) | set(Xte.ravel()) == set(X.ravel())
    assert all(y[int(v) // 10] == c for v, c in zip(Xte.ravel(), yte))
    with pytest.raises(NbteachError, match="test_size"):
        train_test_split(X, y, test_size=30)
