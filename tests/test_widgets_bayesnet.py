"""The Bayesian-network widgets, driven as a student drives them."""
import numpy as np
import pandas as pd
import pytest

from nbteach import NbteachError
from nbteach.bayesnet import BayesNet, burglary, sample, sprinkler
from nbteach.widgets import dseparation_explorer, network_explorer, search_explorer


def test_clicking_a_value_sets_evidence_and_updates_every_posterior():
    ex = network_explorer(burglary(), n_samples=20000)
    prior = ex.posteriors.loc[("Burglary", True), "exact"]
    cards = dict(ex.cards)
    ex.buttons["JohnCalls"].value = True          # a click on JohnCalls' "True"
    ex.buttons["MaryCalls"].value = True
    assert ex.evidence == {"JohnCalls": True, "MaryCalls": True}
    post = ex.posteriors
    assert post.loc[("Burglary", True), "exact"] == pytest.approx(0.284172, abs=1e-6)
    assert post.loc[("Burglary", True), "exact"] > 100 * prior
    assert ("JohnCalls", True) not in post.index     # observed nodes show their value instead
    assert "observed: True" in ex._bars["JohnCalls"].value
    np.testing.assert_allclose(post["gibbs"], post["exact"], atol=0.03)
    assert "0.2842" in ex._bars["Burglary"].value
    assert all(ex.cards[k] is cards[k] for k in cards)  # updated in place, not rebuilt
    ex.buttons["MaryCalls"].value = None           # None from code clears it, and "?" shows as chosen
    assert ex.evidence == {"JohnCalls": True}
    assert ex.buttons["MaryCalls"].index == 0 and ex.buttons["Burglary"].index == 0
    ex.buttons["JohnCalls"].index = 0              # a click on JohnCalls' "?"
    assert ex.evidence == {}
    assert ex.posteriors.loc[("Burglary", True), "exact"] == pytest.approx(prior)
    with pytest.raises(NbteachError, match="not a node"):
        ex.set_evidence(Snow=True)


def test_evidence_shown_before_is_shown_again_without_computing(monkeypatch):
    import nbteach.widgets.bayesnet as view

    runs = []
    real = view.gibbs_marginals
    monkeypatch.setattr(view, "gibbs_marginals", lambda *a, **k: runs.append(1) or real(*a, **k))
    ex = network_explorer(burglary(), n_samples=2000)
    seen, kept = {()}, 0
    for node, value in [("JohnCalls", True), ("JohnCalls", False), ("JohnCalls", None), ("JohnCalls", True),
                        ("Alarm", False), ("JohnCalls", None), ("Alarm", None), ("JohnCalls", True)]:
        before = len(runs)
        ex.set_evidence(**{node: value})
        key = tuple(sorted(ex.evidence.items()))
        assert len(runs) - before == (0 if key in seen else 1)    # computed only for new evidence
        kept += key in seen
        seen.add(key)
        fresh = network_explorer(burglary(), n_samples=2000)       # and shown as a fresh view shows it
        fresh.set_evidence(**ex.evidence)
        assert ex.drawing.value == fresh.drawing.value and ex.message.value == fresh.message.value
        assert {v: b.value for v, b in ex._bars.items()} == {v: b.value for v, b in fresh._bars.items()}
        pd.testing.assert_frame_equal(ex.posteriors, fresh.posteriors)
    assert kept == 4


def test_every_node_observed_shows_every_value_and_no_error():
    ex = network_explorer(burglary(), n_samples=500)
    ex.set_evidence(Burglary=False, Earthquake=False, Alarm=False, JohnCalls=False, MaryCalls=True)
    assert ex.message.value == "" and ex.posteriors.empty
    ex.set_evidence(MaryCalls=False)             # the last card follows the click
    assert all("observed: False" in b.value for b in ex._bars.values())


def test_impossible_evidence_is_explained_not_raised():
    net = sprinkler()
    ex = network_explorer(net, gibbs=False)
    ex.set_evidence(Sprinkler=False, Rain=False, WetGrass=True)  # P(WetGrass | not S, not R) = 0
    assert "probability 0" in ex.message.value


def test_dseparation_view_lists_trails_and_why():
    net = BayesNet([("a", "c"), ("b", "c"), ("c", "d")])
    ex = dseparation_explorer(net, "a", "b")
    assert ex.result is True
    assert "blocked" in ex.view.value and "collider" in ex.view.value
    ex.z.value = ("d",)                            # a descendant of the collider opens it
    assert ex.result is False
    assert "active" in ex.view.value
    ex.x.value = "d"
    ex.z.value = ()
    ex.y.value = "d"
    assert ex.result is None and "two different nodes" in ex.view.value


def test_search_view_steps_through_the_moves():
    data = sample(sprinkler(), 3000, random_state=0)
    ex = search_explorer(data, restarts=1, random_state=0)
    first = ex.view.value
    assert "empty network" in first
    ex.step.value = 1
    assert "the arc" in ex.view.value and ex.view.value != first
    assert ex.step.max == len(ex.history) - 1
