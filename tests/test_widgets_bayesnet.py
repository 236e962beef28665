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
    buttons = dict(ex.buttons)
    ex.buttons["JohnCalls"].value = True          # a click on JohnCalls' "True"
    ex.buttons["MaryCalls"].value = True
    assert ex.evidence == {"JohnCalls": True, "MaryCalls": True}
    post = ex.posteriors
    assert post.loc[("Burglary", True), "exact"] == pytest.approx(0.284172, abs=1e-6)
    assert post.loc[("Burglary", True), "exact"] > 100 * prior
    assert ("JohnCalls", True) not in post.index     # observed nodes show their value instead
    assert "observed: True" in ex.bars["JohnCalls"] and ex.bars["JohnCalls"] in ex.sheet.value
    np.testing.assert_allclose(post["gibbs"], post["exact"], atol=0.03)
    assert "0.2842" in ex.bars["Burglary"] and ex.bars["Burglary"] in ex.sheet.value
    assert all(ex.buttons[k] is buttons[k] for k in buttons)  # updated in place, not rebuilt
    assert list(ex.widget.children[0].children) == [ex.sheet, *buttons.values()]
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
    real = view.gibbs_marginals_se
    monkeypatch.setattr(view, "gibbs_marginals_se", lambda *a, **k: runs.append(1) or real(*a, **k))
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
        assert ex.drawing == fresh.drawing and ex.message.value == fresh.message.value
        assert ex.bars == fresh.bars and ex.sheet.value == fresh.sheet.value
        pd.testing.assert_frame_equal(ex.posteriors, fresh.posteriors)
    assert kept == 4


def test_every_node_observed_shows_every_value_and_no_error():
    ex = network_explorer(burglary(), n_samples=500)
    ex.set_evidence(Burglary=False, Earthquake=False, Alarm=False, JohnCalls=False, MaryCalls=True)
    assert ex.message.value == "" and ex.posteriors.empty
    ex.set_evidence(MaryCalls=False)             # the last card follows the click
    assert all("observed: False" in b for b in ex.bars.values())
    assert ex.sheet.value.count("observed: False") == 5


def test_a_click_sends_one_message_with_the_drawing_and_every_card(sent):
    """A click changes one widget (the sheet: the drawing, the legend and every card's title and
    bars, laid out in the grid of the buttons); a widget per card's bars sent up to six."""
    import re

    ex = network_explorer(burglary(), n_samples=500)
    for node, value in [("JohnCalls", True), ("Alarm", False), ("JohnCalls", None), ("Alarm", None),
                        ("JohnCalls", True)]:      # the last one shown before: from what was kept
        sent.clear()
        ex.set_evidence(**{node: value})
        assert [(widget, names) for widget, names in sent if widget is not ex.buttons[node]] == [(ex.sheet, ["value"])]
        shown = ex.sheet.value
        assert ex.drawing in shown and all(ex.bars[v] in shown for v in ex.net.nodes)
        assert shown.count("observed: ") == len(ex.evidence)
        # each card's title, border and bars in the rows and columns of its buttons
        for v, b in ex.buttons.items():
            row, col, _, end = (int(x) for x in b.layout.grid_area.split(" / "))
            title = f"grid-row:{row - 1};grid-column:{col} / {end};"
            assert re.search(f"{title}[^>]*><b style='[^']*'>{v}</b>", shown)
            assert f"grid-row:{row - 1} / {row + 2};grid-column:{col} / {end};" in shown
            assert f"grid-row:{row + 1};grid-column:{col} / {end};align-self:start;" \
                   f"margin:2px 11px 11px;line-height:var(--jp-widgets-inline-height, 28px)'>{ex.bars[v]}</div>" in shown


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


def test_dseparation_and_search_views_answer_a_change_in_one_message(sent):
    """The drawing and the text are one HTML: a change of X, Y, Z or of the search's move is one
    message (as two widgets they were two, drawn apart), and the view shows both parts as made."""
    from nbteach.widgets.bayesnet import _drawn_above, network_svg

    net = burglary()
    dsep = dseparation_explorer(net, "Burglary", "Earthquake")
    data = sample(sprinkler(), 3000, random_state=0)
    search = search_explorer(data, restarts=1, random_state=0)
    for control, value, ex in [(dsep.z, ("Alarm",), dsep), (dsep.x, "JohnCalls", dsep), (dsep.y, "Alarm", dsep),
                               (dsep.z, (), dsep), (search.step, 1, search), (search.step, 2, search)]:
        sent.clear()
        control.value = value
        assert [(widget, names) for widget, names in sent if widget is not control] == [(ex.view, ["value"])]
        assert ex.view.value == _drawn_above(ex.drawing, ex.text)
        assert "<svg" in ex.drawing and "<svg" not in ex.text
    assert dsep.drawing == network_svg(net.nodes, net.edges, observed=[])
    assert "JohnCalls and Alarm are not d-separated" in dsep.text
    assert "the arc" in search.text and search.step.value == 2
