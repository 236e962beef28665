"""The paired comparison of two models over shared folds."""
import numpy as np
import pytest

from nbteach import NbteachError
from nbteach.evaluation import paired_difference, sign_test


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


def test_t_quantile_is_students_t():
    from nbteach.evaluation import t_quantile

    stats = pytest.importorskip("scipy.stats")
    for df in (1, 2, 4, 9, 29, 200):
        for q in (0.9, 0.975, 0.995):
            assert t_quantile(q, df) == pytest.approx(stats.t.ppf(q, df), rel=1e-9)
    with pytest.raises(NbteachError, match="0.5 < q < 1"):
        t_quantile(0.3, 4)


def test_the_corrected_t_is_compared_with_students_t_not_with_2():
    """Five folds: Student's t with 4 degrees of freedom, 2.78 at 5%. A corrected t of about 2.4
    is a tie (the old rule, |t| > 2, called it a win); at level 0.2 (1.53) it is a win."""
    a = np.array([0.84, 0.80, 0.83, 0.81, 0.82])
    b = a - np.array([0.02, 0.005, 0.03, 0.01, 0.02])
    r = paired_difference(a, b, 0.2)
    assert 2 < r["corrected t"] < 2.776
    assert r["verdict"].startswith("a tie") and r["verdict"].better == "tie"
    assert paired_difference(a, b, 0.2, level=0.2)["verdict"].better == "a"


def test_a_verdict_says_which_side_in_every_language():
    import nbteach
    from nbteach.evaluation import sign_test

    a, b = [0.9, 0.91, 0.92, 0.9, 0.91], [0.8, 0.8, 0.81, 0.8, 0.8]
    before = nbteach.get_language()
    try:
        for lang in ("en", "zh"):
            nbteach.set_language(lang)
            assert paired_difference(a, b, 0.2)["verdict"].better == "a"
            assert paired_difference(b, a, 0.2)["verdict"].better == "b"
            assert sign_test([0.9] * 10, [0.8] * 10)["verdict"].better == "a"
            assert sign_test([0.9, 0.7] * 5, [0.8] * 10)["verdict"].better == "tie"
    finally:
        nbteach.set_language(before)


@pytest.mark.parametrize("test, unit, unit_zh", [
    (lambda a, b, level=0.05: paired_difference(a, b, 0.2, level=level), "per-fold", "每折"),
    (lambda a, b, level=0.05: sign_test(a, b, level=level), "per-repetition", "每次重复"),
])
def test_both_paired_tests_refuse_bad_scores_in_their_own_words(test, unit, unit_zh):
    """The two tests read their scores through one helper (issue 22's duplicates): each still
    names what one position is, in both languages, and refuses in the same order."""
    from nbteach import set_language

    with pytest.raises(NbteachError, match=f"equally long lists of {unit} scores .* shapes \\(2,\\) and \\(1,\\)"):
        test([0.8, 0.9], [0.8])
    with pytest.raises(NbteachError, match=f"lists of {unit} scores"):
        test([0.8], [0.9])
    with pytest.raises(NbteachError, match="finite scores"):
        test([0.8, np.nan], [0.8, 0.9], level=2)      # the scores are checked before the level
    with pytest.raises(NbteachError, match="level must be between 0 and 1"):
        test([0.8, 0.9], [0.8, 0.7], level=2)
    set_language("zh")
    try:
        with pytest.raises(NbteachError, match=f"等长的、{unit_zh}一个得分的列表"):
            test([0.8, 0.9], [0.8])
    finally:
        set_language("en")
