"""The Bayesian network's public API: tables set all or nothing (a failed fit or a bad table
leaves the network as it was), tables read through public methods only, the search's history
returned, the sampler in its own module (and still importable from where it was)."""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import nbteach
from nbteach import NbteachError
from nbteach.bayesnet import (BayesNet, SearchResult, burglary, hill_climb, hill_climb_search, sample,
                              sprinkler)


def _state(net):
    """Everything a network's tables say: per node its values and its table."""
    return {v: (net.values(v), net.get_cpd(v)) for v in net.nodes}


def _same(a, b):
    return a.keys() == b.keys() and all(a[v][0] == b[v][0] and a[v][1].equals(b[v][1]) for v in a)


def test_failed_fit_leaves_the_network_as_it_was():
    net = sprinkler()
    before = _state(net)
    two_rows = sample(net, 2, random_state=0)     # no row has Sprinkler and Rain both true
    with pytest.raises(NbteachError, match="alpha > 0"):
        net.fit(two_rows)
    assert net.has_cpds                           # the old fit left one table of four
    assert _same(_state(net), before)
    assert net.query("Rain", {"WetGrass": True}).equals(sprinkler().query("Rain", {"WetGrass": True}))


def test_failed_fit_on_a_network_without_tables_leaves_it_without_any():
    net = BayesNet(sprinkler().edges)
    rows = pd.DataFrame({"Cloudy": [True, False], "Sprinkler": [True, False], "Rain": [False, True],
                         "WetGrass": [True, True]})      # no row with Sprinkler and Rain both true
    with pytest.raises(NbteachError, match="alpha > 0"):
        net.fit(rows)
    assert not net.has_cpds
    with pytest.raises(NbteachError, match="no probability tables yet"):
        net.values("Cloudy")
    assert net.fit(rows, alpha=1).has_cpds


def test_a_bad_table_among_good_ones_changes_nothing():
    net = sprinkler()
    before = _state(net)
    rain = pd.DataFrame([[0.5, 0.5], [0.5, 0.5]], columns=[True, False],
                        index=pd.Index([True, False], name="Cloudy"))
    wet = net.get_cpd("WetGrass") * 1.5
    with pytest.raises(NbteachError, match="WetGrass"):
        net.add_cpds({"Rain": rain, "WetGrass": wet})
    assert _same(_state(net), before)
    net.add_cpds({"Rain": rain})                  # the good table alone is taken
    assert net.get_cpd("Rain").equals(rain.rename_axis(columns="Rain"))
    assert _same({v: s for v, s in _state(net).items() if v != "Rain"},
                 {v: s for v, s in before.items() if v != "Rain"})


def test_new_values_of_a_parent_need_its_childrens_tables():
    net = sprinkler()
    before = _state(net)
    cloudy = pd.DataFrame([[0.2, 0.3, 0.5]], columns=["sun", "some", "rain"])
    with pytest.raises(NbteachError, match="give 'Sprinkler''s table in the same call"):
        net.add_cpds({"Cloudy": cloudy})
    assert _same(_state(net), before)
    three = pd.Index(["sun", "some", "rain"], name="Cloudy")
    child = pd.DataFrame([[0.5, 0.5]] * 3, columns=[True, False], index=three)
    net.add_cpds({"Cloudy": cloudy, "Sprinkler": child, "Rain": child})
    assert net.values("Cloudy") == ["sun", "some", "rain"] and net.cardinality["Cloudy"] == 3


def test_tables_can_be_added_a_few_at_a_time_parents_first():
    full = sprinkler()
    net = BayesNet(full.edges)
    with pytest.raises(NbteachError, match="'Cloudy' has no table yet"):
        net.add_cpds({"Rain": full.get_cpd("Rain")})
    net.add_cpds({"Cloudy": full.get_cpd("Cloudy")})
    assert not net.has_cpds
    net.add_cpds({v: full.get_cpd(v) for v in ("Sprinkler", "Rain", "WetGrass")})
    assert net.has_cpds and _same(_state(net), _state(full))


@pytest.mark.parametrize("bad, message", [
    ([("Rain", None)], "dict node -> DataFrame"),
    ({"Snow": pd.DataFrame([[1.0]])}, "'Snow' is not a node"),
    ({"Cloudy": [[0.5, 0.5]]}, "must be a pandas DataFrame"),
])
def test_add_cpds_names_what_is_wrong(bad, message):
    net = sprinkler()
    before = _state(net)
    with pytest.raises(NbteachError, match=message):
        net.add_cpds(bad)
    assert _same(_state(net), before)


def test_what_the_network_hands_out_cannot_change_it():
    net = burglary()
    table = net.get_cpds()["Alarm"]
    table.iloc[0, 0] = 0.0
    assert net.get_cpd("Alarm").iloc[0, 0] != 0.0
    arr = net.cpd_array("Alarm")
    with pytest.raises(ValueError):
        arr[0, 0, 0] = 0.0
    assert arr.shape == (2, 2, 2) and arr[0, 0, 0] == net.get_cpd("Alarm").iloc[0, 0]


def test_values_cardinality_and_evidence_encoding():
    net = burglary()
    assert net.cardinality == {v: 2 for v in net.nodes}
    assert net.encode_evidence({"JohnCalls": False, "Alarm": True}) == {"JohnCalls": 1, "Alarm": 0}
    with pytest.raises(NbteachError, match=r"JohnCalls='yes': 'JohnCalls' takes the values \[True, False\]"):
        net.encode_evidence({"JohnCalls": "yes"})
    with pytest.raises(NbteachError, match="'Snow' is not a node"):
        net.encode_evidence({"Snow": True})
    with pytest.raises(NbteachError, match="no probability tables yet"):
        BayesNet(net.edges).cardinality


def test_hill_climb_search_returns_its_history_and_hill_climb_the_same_network():
    data = sample(sprinkler(), 1000, random_state=1)
    found = hill_climb_search(data, score="mdl", restarts=1, random_state=0)
    assert isinstance(found, SearchResult) and found.score == "mdl"
    net = hill_climb(data, score="mdl", restarts=1, random_state=0)
    assert net.edges == found.network.edges
    assert found.history[0]["move"] == "start" and len(found.history) > 1
    # the search does not attach its history to the network from outside
    assert not hasattr(net, "search_history_") and not hasattr(found.network, "search_history_")


def test_the_sampler_lives_in_sampling_and_old_imports_still_work():
    from nbteach.bayesnet import learning, sampling

    assert learning.sample is sampling.sample is sample
    with pytest.raises(NbteachError, match="needs a BayesNet"):
        sample("sprinkler", 10)
    rows = sample(sprinkler(), 4000, random_state=0)
    assert rows.equals(learning.sample(sprinkler(), 4000, random_state=0))
    assert abs((rows["Cloudy"] == True).mean() - 0.5) < 0.05   # noqa: E712


def test_no_module_reads_a_networks_private_attributes():
    root = Path(nbteach.__file__).parent
    private = re.compile(r"\b(?:net|self\.net|network)\._[a-z]"
                         r"|\._(?:cpt|values|parents|evidence_index|joint_array|need_cpds|check_node|parse_cpt)\b")
    offenders = [f"{p.relative_to(root)}:{i}: {line.strip()}"
                 for p in sorted(root.rglob("*.py")) if p.name != "network.py"
                 for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if private.search(line)]
    assert offenders == []


def test_gibbs_reads_each_table_once_per_run(monkeypatch):
    """The sampler's inner loop uses tables read before the first sweep, not the network."""
    from nbteach.bayesnet import gibbs_ask

    net = burglary()
    calls = []
    original = BayesNet.cpd_array
    monkeypatch.setattr(BayesNet, "cpd_array", lambda self, v: calls.append(v) or original(self, v))
    a = gibbs_ask(net, "Burglary", {"JohnCalls": True}, n_samples=2000, n_chains=20, random_state=0)
    monkeypatch.undo()
    assert len(calls) <= 2 * len(net.nodes)
    assert np.allclose(a, gibbs_ask(burglary(), "Burglary", {"JohnCalls": True}, n_samples=2000, n_chains=20,
                                    random_state=0))


def test_tables_given_as_arrays_are_the_tables_given_as_frames():
    """add_cpd_arrays (what fit and hill_climb set: the counted arrays, no DataFrame made and read
    back) sets what add_cpds sets from the same tables, and refuses a bad one all or nothing."""
    truth = sprinkler()
    by_arrays = BayesNet(truth.edges).add_cpd_arrays({v: (truth.values(v), truth.cpd_array(v)) for v in truth.nodes})
    assert _same(_state(by_arrays), _state(truth))
    rain, wet = truth.cpd_array("Rain"), truth.cpd_array("WetGrass")
    before = _state(by_arrays)
    for bad, message in [({"Rain": (truth.values("Rain"), rain[:1])}, r"shape \(2, 2\)"),
                         ({"Rain": (truth.values("Rain"), rain * 2)}, "outside"),
                         ({"WetGrass": (truth.values("WetGrass"), wet * 0.5)}, r"row \(True, True\) .* sums to 0.5"),
                         ({"Rain": (truth.values("Rain"), rain[::-1]),
                           "WetGrass": (truth.values("WetGrass"), wet * 0.5)}, "sums to 0.5")]:
        with pytest.raises(NbteachError, match=message):
            by_arrays.add_cpd_arrays(bad)
        assert _same(_state(by_arrays), before)          # nothing set, the good table with the bad neither
