"""nbteach.metrics agrees with sklearn.metrics, and says what is wrong with bad input."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nbteach import metrics as m
from nbteach._base import NbteachError

skm = pytest.importorskip("sklearn.metrics")
pytestmark = pytest.mark.filterwarnings("ignore:A single label was found:UserWarning")

labels3 = st.lists(st.sampled_from(["cold", "flu", "hay"]), min_size=1, max_size=40)


@settings(max_examples=150, deadline=None)
@given(data=st.data(), n=st.integers(1, 40))
def test_agrees_with_sklearn_on_random_labels(data, n):
    t = data.draw(st.lists(st.sampled_from(["cold", "flu", "hay"]), min_size=n, max_size=n))
    p = data.draw(st.lists(st.sampled_from(["cold", "flu", "hay"]), min_size=n, max_size=n))
    np.testing.assert_array_equal(m.confusion_matrix(t, p), skm.confusion_matrix(t, p))
    assert m.accuracy_score(t, p) == pytest.approx(skm.accuracy_score(t, p), abs=1e-12)
    for avg in [None, "macro", "weighted"]:
        ours = m.precision_recall_f1(t, p, average=avg)[:3]
        theirs = skm.precision_recall_fscore_support(t, p, average=avg, zero_division=0.0)[:3]
        for a, b in zip(ours, theirs):
            np.testing.assert_allclose(a, b, atol=1e-12)


@settings(max_examples=150, deadline=None)
@given(t=st.lists(st.integers(0, 1), min_size=1, max_size=40), data=st.data())
def test_binary_scores_agree_with_sklearn(t, data):
    p = data.draw(st.lists(st.integers(0, 1), min_size=len(t), max_size=len(t)))
    for ours, theirs in [(m.precision_score, skm.precision_score),
                         (m.recall_score, skm.recall_score), (m.f1_score, skm.f1_score)]:
        assert ours(t, p) == pytest.approx(theirs(t, p, zero_division=0.0), abs=1e-12)


def test_hand_computed_spam_example():
    t = ["spam"] * 4 + ["ham"] * 6
    p = ["spam", "spam", "spam", "ham"] + ["spam", "ham", "ham", "ham", "ham", "ham"]
    # TP=3, FN=1, FP=1, TN=5
    assert m.precision_score(t, p, pos_label="spam") == pytest.approx(3 / 4)
    assert m.recall_score(t, p, pos_label="spam") == pytest.approx(3 / 4)
    assert m.accuracy_score(t, p) == pytest.approx(8 / 10)
    table = m.confusion_table(t, p)
    assert table.loc["spam", "ham"] == 1 and table.loc["ham", "spam"] == 1
    assert table.index.name == "actual" and table.columns.name == "predicted"


def test_always_majority_has_high_accuracy_but_zero_recall():
    t = ["ham"] * 91 + ["spam"] * 9
    p = ["ham"] * 100
    assert m.accuracy_score(t, p) == pytest.approx(0.91)
    assert m.recall_score(t, p, pos_label="spam") == 0.0
    assert m.precision_score(t, p, pos_label="spam") == 0.0           # 0/0 -> zero_division
    assert m.precision_score(t, p, pos_label="spam", zero_division=1.0) == 1.0


def test_report_matches_sklearn():
    t = ["a", "b", "b", "c", "c", "c"]
    p = ["a", "b", "c", "c", "a", "c"]
    rep = m.classification_report(t, p)
    sk = skm.classification_report(t, p, output_dict=True, zero_division=0.0)
    for c in ["a", "b", "c"]:
        assert rep.loc[c, "f1"] == pytest.approx(sk[c]["f1-score"])
    assert rep.loc["weighted avg", "recall"] == pytest.approx(sk["weighted avg"]["recall"])
    assert rep.attrs["accuracy"] == pytest.approx(sk["accuracy"])


@pytest.mark.parametrize("t,p,kw,match", [
    ([1, 0], [1], {}, "one prediction per true label"),
    ([], [], {}, "empty"),
    ([1.0, np.nan], [1.0, 0.0], {}, "NaN"),
    (["a", "b", "c"], ["a", "b", "c"], {}, "two classes"),
    (["spam", "ham"], ["spam", "ham"], {}, "pos_label"),
    ([1, 0], [1, 0], {"average": "micro-ish"}, "average"),
    (["a", "b"], [1, 0], {}, "same kind"),
])
def test_bad_input(t, p, kw, match):
    with pytest.raises(NbteachError, match=match):
        m.f1_score(t, p, **kw)


def test_alpha_curve_matches_fitting_each_alpha():
    from nbteach.multinomial import MultinomialNB
    from nbteach.text import TextNB

    docs = ["cheap pills now", "cheap cheap deal", "lunch at noon", "meeting at noon",
            "cheap lunch", "team meeting now"]
    y = np.array(["spam", "spam", "ham", "ham", "ham", "ham"])
    test = ["cheap pills noon", "pills deal", "lunch meeting", "cheap meeting", "team lunch"]
    yt = np.array(["spam", "spam", "ham", "ham", "ham"])  # spam is the smaller class
    alphas = [0.01, 0.5, 1.0, 5.0]
    curve = m.alpha_curve(TextNB(), docs, y, test, yt, alphas)
    assert curve.attrs["pos_label"] == "spam"
    for a in alphas:
        pred = TextNB(alpha=a).fit(docs, y).predict(test)
        assert curve.loc[a, "accuracy"] == m.accuracy_score(yt, pred)
        assert curve.loc[a, "f1"] == m.f1_score(yt, pred, pos_label="spam")
    rng = np.random.default_rng(0)
    X = rng.integers(0, 5, (40, 6))
    yy = rng.integers(0, 2, 40)
    c2 = m.alpha_curve(MultinomialNB(), X[:30], yy[:30], X[30:], yy[30:], [0.1, 2.0],
                       pos_label=1)
    pred = MultinomialNB(alpha=2.0).fit(X[:30], yy[:30]).predict(X[30:])
    assert c2.loc[2.0, "recall"] == m.recall_score(yy[30:], pred)


def test_micro_average_counts_every_example_and_agrees_with_sklearn():
    from sklearn.metrics import precision_recall_fscore_support

    from nbteach.metrics import accuracy_score, precision_recall_f1

    rng = np.random.default_rng(0)
    y_true = rng.choice(["a", "b", "c"], 200, p=[0.7, 0.2, 0.1])
    y_pred = np.where(rng.random(200) < 0.7, y_true, rng.choice(["a", "b", "c"], 200))
    for average in ("micro", "macro", "weighted"):
        ours = precision_recall_f1(y_true, y_pred, average=average)[:3]
        theirs = precision_recall_fscore_support(y_true, y_pred, average=average, zero_division=0)[:3]
        assert ours == pytest.approx(theirs)
    micro = precision_recall_f1(y_true, y_pred, average="micro")
    assert micro[0] == micro[1] == micro[2] == pytest.approx(accuracy_score(y_true, y_pred))
    assert micro[2] != pytest.approx(precision_recall_f1(y_true, y_pred, average="macro")[2])


def test_calibration_curve_agrees_with_sklearn_and_checks_input():
    from sklearn.calibration import calibration_curve as sk_curve

    from nbteach import NbteachError
    from nbteach.metrics import calibration_curve

    rng = np.random.default_rng(1)
    p = rng.random(500)
    y = np.where(rng.random(500) < p ** 2, "spam", "ham")
    ours = calibration_curve(y, p, pos_label="spam", n_bins=8)
    prob_true, prob_pred = sk_curve(y == "spam", p, n_bins=8, strategy="uniform")
    np.testing.assert_allclose(ours["observed"], prob_true)
    np.testing.assert_allclose(ours["mean predicted"], prob_pred)
    assert ours["count"].sum() == 500
    with pytest.raises(NbteachError, match="one probability"):
        calibration_curve(y, np.c_[p, 1 - p], pos_label="spam")
    with pytest.raises(NbteachError, match="in \\[0, 1\\]"):
        calibration_curve(y, p * 2, pos_label="spam")
    with pytest.raises(NbteachError, match="not among"):
        calibration_curve(y, p, pos_label="eggs")


def test_mutual_information_agrees_with_sklearn_on_presence():
    from sklearn.feature_selection import mutual_info_classif

    from nbteach.metrics import mutual_information
    from nbteach.realdata import email_features

    X, y = email_features()
    ours = mutual_information(X, y)
    theirs = mutual_info_classif((X > 0).astype(int), y, discrete_features=True)
    np.testing.assert_allclose(ours.reindex(X.columns).to_numpy(), theirs, atol=1e-10)
    assert ours.iloc[0] == ours.max()
    with pytest.raises(NbteachError, match="one label per row"):
        mutual_information(X, y[:10])


def test_precision_recall_curve_is_scikit_learns():
    import numpy as np

    sk = pytest.importorskip("sklearn.metrics")
    from nbteach.metrics import precision_recall_curve

    rng = np.random.default_rng(1)
    y = rng.choice(["ham", "spam"], 400)
    s = np.round(rng.random(400), 2)                       # ties included
    ours = precision_recall_curve(y, s, pos_label="spam")
    p, r, t = sk.precision_recall_curve(y, s, pos_label="spam")
    np.testing.assert_allclose(ours["threshold"], t)
    np.testing.assert_allclose(ours["precision"], p[:-1])
    np.testing.assert_allclose(ours["recall"], r[:-1])
    with pytest.raises(NbteachError, match="not among the labels"):
        precision_recall_curve(y, s, pos_label="eggs")
    with pytest.raises(NbteachError, match="NaN or inf"):
        precision_recall_curve(["a", "b"], [0.1, float("nan")], pos_label="b")
