"""Lesson 08 section 6, generative against discriminative with few e-mails (issue 33, item 6).

The lesson compared naive Bayes and logistic regression at nine training sizes with 30 repeats, in
which every size of one repeat was tested on the same 1,000 e-mails (not stratified, although the
text said so) and the training sets were nested prefixes of one order: the NB - LR differences of
n = 8 and n = 15 correlated 0.70, and the sign test's verdicts at 15 and 30 came and went with the
seed. Now every draw takes its own stratified training and test rows, 200+ draws at each small size,
the table gives naive Bayes' win rate with an exact interval, and the text states the sign test's
null (each model wins half of the untied draws) and claims only a direction.

These tests fail on the lesson and library as they were; they are cheap (a recording model on a
small synthetic pool, a few draws of the batched fits, and the notebooks' source).
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from nbteach import GaussianNB, LogisticRegression
from nbteach.evaluation import learning_curve, sign_test

ROOT = Path(__file__).resolve().parents[1]
STEM = "08_gaussian_nb_and_logistic_regression.ipynb"


def _cells(edition: str) -> dict:
    path = ROOT / "notebooks" / (f"zh/{STEM}" if edition == "zh" else STEM)
    nb = json.loads(path.read_text(encoding="utf-8"))
    return {c["id"]: "".join(c["source"]) for c in nb["cells"]}


def _words(text: str) -> str:
    """``text`` with its line breaks as spaces."""
    return " ".join(text.split())


class _Recorder:
    """A model that remembers the rows it is fitted on and tested on (column 0 is a row id) and
    predicts the majority class; learning_curve fits it draw by draw."""
    seen: list = []

    def __init__(self):
        pass

    def get_params(self):
        return {}

    def fit(self, X, y):
        self.train_ = X[:, 0].astype(int)
        values, counts = np.unique(y, return_counts=True)
        self.majority_ = values[np.argmax(counts)]
        return self

    def predict(self, X):
        _Recorder.seen.append((len(self.train_), self.train_, X[:, 0].astype(int)))
        return np.full(len(X), self.majority_)


def _recorded_draws(sizes, n_repeats, test_size=60):
    rng = np.random.default_rng(5)
    y = np.array(["spam"] * 80 + ["ham"] * 120)
    X = np.column_stack([np.arange(200), rng.normal(size=200)])
    _Recorder.seen = []
    learning_curve({"rec": _Recorder()}, X, y, sizes, n_repeats=n_repeats, test_size=test_size,
                   random_state=0, standardise=False)
    by_size = {n: [(tr, te) for m, tr, te in _Recorder.seen if m == n] for n in sizes}
    return y, by_size


def test_sizes_share_no_test_set_and_no_training_prefix():
    """Before, draw r of every size was tested on the same rows, and size 8's training rows were
    size 15's first rows: the sizes were not independent."""
    y, by_size = _recorded_draws([8, 15, 30], n_repeats=6)
    for r in range(6):
        (tr8, te8), (tr15, te15), (tr30, te30) = (by_size[n][r] for n in (8, 15, 30))
        assert set(te8) != set(te15) and set(te15) != set(te30), "two sizes tested on the same rows"
        assert not set(tr8) <= set(tr15) and not set(tr15) <= set(tr30), "a training set inside the next size's"
    # across sizes, the test sets overlap as independent random draws do (60 of 200 rows: about 30%)
    overlap = np.mean([len(set(by_size[8][r][1]) & set(by_size[30][r][1])) / 60 for r in range(6)])
    assert overlap < 0.6


def test_draws_of_one_size_are_fresh_and_stratified():
    y, by_size = _recorded_draws([10], n_repeats=8)
    draws = by_size[10]
    assert len({tuple(sorted(te)) for _, te in draws}) == 8            # every draw its own test rows
    for tr, te in draws:
        assert not set(tr) & set(te)                                   # disjoint within a draw
        # stratified as the text says: 40% spam in the pool, so 4 of 10 and 24 of 60
        assert (y[tr] == "spam").sum() == 4 and (y[te] == "spam").sum() == 24


def test_many_draws_at_once_give_the_accuracies_of_fitting_draw_by_draw():
    """learning_curve fits GaussianNB and two-class LogisticRegression on all draws at once; a
    subclass goes through the loop that fits each draw. Same draws, same accuracies."""
    from nbteach.realdata import spam7

    class NB(GaussianNB):
        pass

    class LR(LogisticRegression):
        pass

    X, y = spam7()
    X = np.log1p(X)
    sizes = [8, 30, 500]
    fast = learning_curve({"nb": GaussianNB(shared_variance=True), "lr": LogisticRegression(lam=0.01),
                           "gnb": GaussianNB()}, X, y, sizes, n_repeats=4, test_size=300, random_state=2)
    slow = learning_curve({"nb": NB(shared_variance=True), "lr": LR(lam=0.01), "gnb": NB()},
                          X, y, sizes, n_repeats=4, test_size=300, random_state=2)
    for name in ("nb", "lr", "gnb"):
        np.testing.assert_array_equal(fast.attrs["scores"][name], slow.attrs["scores"][name])
    by_size = learning_curve({"nb": GaussianNB()}, X, y, sizes, n_repeats=[5, 3, 2], test_size=300)
    assert [len(v) for v in by_size.attrs["scores"]["nb"]] == [5, 3, 2]


def test_the_win_rate_interval_is_the_exact_binomial_one_and_agrees_with_the_sign_test():
    from nbteach.evaluation import binomial_interval

    # scipy.stats.binomtest(k, m).proportion_ci(1 - 0.05/9, method="exact"), to 10 decimals
    scipy_says = {(0, 5): (0.0, 0.6918660865), (3, 10): (0.0300489318, 0.7592267075), (10, 10): (0.5550981116, 1.0),
                  (265, 395): (0.6020050893, 0.7349504113), (166, 392): (0.3544726007, 0.4946373213)}
    for (k, m), interval in scipy_says.items():
        assert binomial_interval(k, m, 0.05 / 9) == pytest.approx(interval, abs=1e-9)
    rng = np.random.default_rng(0)
    for _ in range(30):
        a, b = rng.integers(0, 4, 40), rng.integers(0, 4, 40)
        r = sign_test(a, b, level=0.01)
        low, high = r["interval"]
        assert (low > 0.5 or high < 0.5) == (r["p-value"] < 0.01) == (r["verdict"].better != "tie")
        assert r["win rate"] == pytest.approx(r["a ahead"] / (r["a ahead"] + r["b ahead"]))


@pytest.mark.parametrize("edition", ["en", "zh"])
def test_the_lesson_draws_200_or_more_at_each_small_size(edition, monkeypatch):
    """Run the section's first cell with learning_curve replaced by one that records its call."""
    import nbteach
    import nbteach.evaluation

    class Called(Exception):
        pass

    called = {}

    def record(models, X, y, train_sizes, n_repeats=20, **kw):
        called.update(sizes=list(train_sizes), n_repeats=n_repeats, **kw)
        raise Called

    monkeypatch.setattr(nbteach.evaluation, "learning_curve", record)
    cells = _cells(edition)
    namespace = {}
    exec("import numpy as np\nfrom nbteach import GaussianNB, LogisticRegression, say", namespace)
    with pytest.raises(Called):
        exec(cells["cd23f4b2"], namespace)
    nbteach.set_language("en")
    repeats = called["n_repeats"]
    repeats = repeats if isinstance(repeats, (list, tuple)) else [repeats] * len(called["sizes"])
    small = [r for n, r in zip(called["sizes"], repeats) if n <= 60]
    assert len(small) >= 4 and min(small) >= 200, (called["sizes"], repeats)


@pytest.mark.parametrize("edition", ["en", "zh"])
def test_the_table_gives_win_rates_with_intervals_and_claims_only_a_direction(edition):
    code = _cells(edition)["ec5fd528"]
    assert "sign_test(" in code and 'r["interval"]' in code and 'r["win rate"]' in code
    assert "level=level" in code and "0.05 / len(sizes)" in code        # nine intervals, 95% together
    assert "is better" not in code and "a tie" not in code               # a direction, never "better" or "a tie"


def test_the_text_states_the_sign_tests_null_correctly():
    en, zh = _cells("en"), _cells("zh")
    text = _words(en["f3bb6d5a"])
    # the old wording made the null "the two are equally good"; it is about wins
    assert "equally good" not in text
    for needle in ("wins with probability 1/2", "median of the paired difference", "Clopper-Pearson",
                   "0.05/9", "claim a direction"):
        assert needle in text, needle
    assert "only the direction" in _words(en["2d3489da"])
    for needle in ("1/2", "中位数", "Clopper-Pearson", "0.05/9", "方向"):
        assert needle in zh["f3bb6d5a"], needle
    assert "一样好" not in zh["f3bb6d5a"]
