"""The paired comparison of two models over shared folds."""
import numpy as np
import pytest

from nbteach import NbteachError
from nbteach.evaluation import paired_difference


def test_corrected_t_is_the_nadeau_bengio_statistic():
    rng = np.random.default_rng(0)
    a = rng.normal(0.8, 0.02, 20)
    b = a - rng.normal(0.01, 0.005, 20)
    r = paired_difference(a, b, test_fraction=0.2)
    d = a - b
    assert r["mean difference"] == pytest.approx(d.mean())
    assert r["corrected t"] == pytest.approx(d.mean() / (d.std(ddof=1) * np.sqrt(1 / 20 + 0.25)))
    assert r["verdict"].startswith("a is better")
    assert paired_difference(b, a, 0.2)["verdict"].startswith("b is better")


def test_a_small_difference_with_a_large_spread_ties():
    a = np.array([0.80, 0.78, 0.83, 0.79, 0.81])
    b = np.array([0.79, 0.80, 0.80, 0.80, 0.80])
    assert paired_difference(a, b, 0.2)["verdict"].startswith("a tie")


def test_losses_compare_the_other_way():
    loss_a, loss_b = np.array([0.40, 0.41, 0.39, 0.40]), np.array([0.50, 0.52, 0.49, 0.51])
    r = paired_difference(loss_a, loss_b, 0.2, higher_is_better=False)
    assert r["verdict"].startswith("a is better") and r["folds a ahead"] == 4


def test_bad_input():
    with pytest.raises(NbteachError, match="equally long"):
        paired_difference([0.1, 0.2], [0.1], 0.2)
    with pytest.raises(NbteachError, match="test_fraction"):
        paired_difference([0.1, 0.2], [0.2, 0.1], 1.5)
    with pytest.raises(NbteachError, match="finite"):
        paired_difference([0.1, float("nan")], [0.2, 0.1], 0.2)
