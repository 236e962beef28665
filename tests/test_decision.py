"""nbteach.decision: conditional risk, the Bayes decision, its risk, the cost threshold."""
from fractions import Fraction as F

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nbteach import NbteachError
from nbteach.decision import (
    bayes_decision, bayes_risk, conditional_risk, expected_loss, threshold_from_loss, zero_one_loss,
)
from nbteach.derivations import cost_threshold


def test_conditional_risk_by_hand_exact():
    post = [F(1, 5), F(3, 10), F(1, 2)]
    loss = [[0, 2, 4], [1, 0, 1], [3, 3, 0]]
    assert conditional_risk(post, loss) == [F(13, 5), F(7, 10), F(3, 2)]
    assert bayes_decision(post, loss) == 1


def test_table_of_posteriors_and_dataframe_labels():
    post = pd.DataFrame([[0.25, 0.75], [0.9, 0.1]], columns=["ham", "spam"], index=["a", "b"])
    R = conditional_risk(post, [[0, 1], [10, 0]])
    assert list(R.columns) == ["ham", "spam"] and list(R.index) == ["a", "b"]
    np.testing.assert_allclose(R.to_numpy(dtype=float), [[0.75, 2.5], [0.1, 9.0]])


posteriors = st.lists(st.floats(0.01, 1.0), min_size=2, max_size=5).map(lambda v: np.array(v) / sum(v))


@settings(max_examples=200, deadline=None)
@given(posteriors)
def test_zero_one_loss_gives_the_largest_posterior_and_one_minus_it(p):
    R = conditional_risk(p, zero_one_loss(len(p)))
    np.testing.assert_allclose(R, 1 - p, atol=1e-12)
    assert bayes_decision(p) == int(np.argmin(R))
    assert p[bayes_decision(p)] == p.max()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 20), min_size=4, max_size=4), st.floats(0.0, 1.0))
def test_threshold_agrees_with_brute_force_risk(costs, p):
    l00, l01, l10, l11 = costs
    loss = [[l00, l01 + l11 + 1], [l10 + l00 + 1, l11]]     # wrong decisions cost more
    t = threshold_from_loss(loss)
    R0, R1 = conditional_risk([1 - p, p], loss)
    if abs(p - float(t)) > 1e-9:
        assert (p > t) == (R1 < R0)


def test_threshold_examples_and_derivation():
    assert threshold_from_loss([[0, 1], [1, 0]]) == F(1, 2)
    assert threshold_from_loss([[0, 5], [1, 0]]) == F(1, 6)
    assert isinstance(threshold_from_loss([[0.0, 1.0], [3.0, 0.0]]), float)
    d = cost_threshold()
    assert d.verify(), d.failed
    s = d.symbols
    value = d.result[s["t"]].subs({s["l00"]: 0, s["l01"]: 5, s["l10"]: 1, s["l11"]: 0})
    assert value == F(1, 6)


def test_reject_option():
    post = [[0.95, 0.05], [0.6, 0.4], [0.1, 0.9]]
    assert bayes_decision(post, reject_cost=0.2).tolist() == [0, -1, 1]
    assert bayes_decision(post, reject_cost=0.5).tolist() == [0, 0, 1]
    assert bayes_risk(post, y_true=[0, 1, 1], reject_cost=0.2) == pytest.approx((0 + 0.2 + 0) / 3)


def test_empirical_and_expected_risk():
    post = [[F(9, 10), F(1, 10)], [F(3, 10), F(7, 10)], [F(6, 10), F(4, 10)]]
    assert bayes_risk(post, y_true=[0, 1, 1]) == F(1, 3)              # error rate
    assert bayes_risk(post) == (F(1, 10) + F(3, 10) + F(4, 10)) / 3    # mean least risk
    loss = [[0, 5], [1, 0]]                                           # missing class 1 costs 5
    dec = bayes_decision(post, loss)
    assert dec.tolist() == [0, 1, 1]                                  # t = 1/6
    assert bayes_risk(post, loss, y_true=[0, 1, 0]) == F(1, 3)       # one false alarm, cost 1
    assert bayes_risk(post, loss, y_true=["ham", "spam", "ham"], classes=["ham", "spam"]) == F(1, 3)
    assert list(expected_loss(post, loss)) == [F(1, 2), F(3, 10), F(3, 5)]


def test_one_minus_bayes_risk_is_not_accuracy_under_other_losses():
    """note 002 calls 1 - R(h*) the best attainable accuracy: only under the 0-1 loss."""
    post = [[0.7, 0.3], [0.2, 0.8], [0.6, 0.4], [0.45, 0.55]]
    y = [0, 1, 1, 0]
    loss = [[0, 10], [3, 0]]
    dec = bayes_decision(post, loss)
    accuracy = float(np.mean(dec == np.array(y)))
    assert 1 - bayes_risk(post, loss, y_true=y) != pytest.approx(accuracy)
    assert 1 - bayes_risk(post, y_true=y) == pytest.approx(float(np.mean(bayes_decision(post) == np.array(y))))


def test_agrees_with_a_naive_bayes_model_on_mail():
    from nbteach.realdata import email_features
    from nbteach.bernoulli import BernoulliNB

    X, y = email_features()
    X, y = np.asarray(X)[::5], np.asarray(y)[::5]
    nb = BernoulliNB().fit(X, y)
    post = nb.predict_proba(X)
    assert (bayes_decision(post) == post.argmax(axis=1)).all()
    loss = [[0, 1], [9, 0]]
    t = threshold_from_loss(loss)
    assert (bayes_decision(post, loss) == (post[:, 1] > t)).all()


@pytest.mark.parametrize("call, message", [
    (lambda: conditional_risk([0.5, 0.5], [[0, 1, 1], [1, 0, 1]]), "shape"),
    (lambda: conditional_risk([0.5, 0.5], [[0, -1], [1, 0]]), "negative"),
    (lambda: conditional_risk([0.5, 0.5], [[0, float("nan")], [1, 0]]), "finite"),
    (lambda: conditional_risk([0.5, 0.6], [[0, 1], [1, 0]]), "sums to"),
    (lambda: conditional_risk([F(1, 2), F(1, 3)], [[0, 1], [1, 0]]), "sums to 5/6"),
    (lambda: conditional_risk([1.5, -0.5], [[0, 1], [1, 0]]), r"\[0, 1\]"),
    (lambda: conditional_risk(np.ones((2, 2, 2)) / 2, [[0, 1], [1, 0]]), "shape"),
    (lambda: conditional_risk(["a", "b"], [[0, 1], [1, 0]]), "text"),
    (lambda: bayes_decision([0.5, 0.5], reject_cost=-1), "reject_cost"),
    (lambda: threshold_from_loss([[1, 0], [0, 1]]), "wrong decision"),
    (lambda: threshold_from_loss([[0, 1, 1], [1, 0, 1], [1, 1, 0]]), "shape"),
    (lambda: bayes_risk([[0.5, 0.5]], y_true=["x"]), "indices"),
    (lambda: bayes_risk([[0.5, 0.5]], y_true=["x"], classes=["a", "b"]), "not among"),
    (lambda: zero_one_loss(1), "n_classes"),
])
def test_bad_input_is_named(call, message):
    with pytest.raises(NbteachError, match=message):
        call()


def test_float_posteriors_are_checked_and_decided_as_exact_ones():
    # a widget passes a float table of a thousand rows on every move: checked in NumPy, with the
    # same messages and the same decisions (ties to the lowest index) as the exact path
    import numpy as np

    from nbteach.decision import bayes_decision, bayes_risk, conditional_risk

    rng = np.random.default_rng(0)
    P = rng.dirichlet([1, 1, 1], size=200)
    P[:5] = [[0.5, 0.5, 0.0], [0.25, 0.5, 0.25], [1 / 3, 1 / 3, 1 / 3], [0.0, 0.5, 0.5], [1, 0, 0]]
    L = [[0, 2, 1], [1, 0, 1], [2, 1, 0]]
    exact = P.astype(object)
    assert bayes_decision(P, L).tolist() == bayes_decision(exact, L).tolist()
    assert np.allclose(conditional_risk(P, L), np.asarray(conditional_risk(exact, L), dtype=float))
    assert bayes_risk(P, L, y_true=[0] * 200) == pytest.approx(float(bayes_risk(exact, L, y_true=[0] * 200)))
    for bad, message in ((np.array([[0.5, 0.4]]), "row 0 sums to 0.9"),
                         (np.array([[0.5, 0.5], [np.nan, 1.0]]), "row 1, class 0 is nan"),
                         (np.array([[1.2, -0.2]]), "row 0, class 0 is 1.2")):
        with pytest.raises(NbteachError, match=message):
            bayes_decision(bad)
        with pytest.raises(NbteachError, match=message.split(" is")[0]):
            bayes_decision(bad.astype(object))
