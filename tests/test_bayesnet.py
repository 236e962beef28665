"""Bayesian networks: inference against brute force and pgmpy, d-separation against the joint,
Gibbs with evidence against the exact posterior, scores against pgmpy, structure learning."""
from __future__ import annotations

import itertools
import warnings

import numpy as np
import pandas as pd
import pytest

from nbteach import NbteachError
from nbteach.bayesnet import (BayesNet, burglary, elimination_ask, enumeration_ask, gibbs_ask,
                              gibbs_trace, hill_climb, hill_climb_search, same_equivalence_class, sample, sprinkler)
from nbteach.bayesnet.learning import score


def random_net(rng, n_nodes, p_edge=0.5, max_card=3, with_cpds=True):
    """A random DAG (arcs only from earlier to later nodes) with random tables."""
    nodes = [f"X{i}" for i in range(n_nodes)]
    edges = [(a, b) for i, a in enumerate(nodes) for b in nodes[i + 1:] if rng.random() < p_edge]
    if not with_cpds:
        return BayesNet(edges, nodes=nodes)
    card = {v: int(rng.integers(2, max_card + 1)) for v in nodes}
    cpds = {}
    for v in nodes:
        ps = [a for a, b in edges if b == v]
        rows = list(itertools.product(*(range(card[p]) for p in ps)))
        table = rng.dirichlet(np.ones(card[v]) * 0.8, size=len(rows))
        if ps:
            index = (pd.Index([r[0] for r in rows], name=ps[0]) if len(ps) == 1
                     else pd.MultiIndex.from_tuples(rows, names=ps))
        else:
            index = [0]
        cpds[v] = pd.DataFrame(table, index=index, columns=list(range(card[v])))
    return BayesNet(edges, cpds, nodes=nodes)


# -- exact inference --------------------------------------------------------------------
def test_textbook_burglary_posterior():
    # Russell & Norvig: P(Burglary | JohnCalls, MaryCalls) = <0.284, 0.716>
    p = burglary().query("Burglary", {"JohnCalls": True, "MaryCalls": True})
    assert list(p.index) == [True, False]
    assert p[True] == pytest.approx(0.284172, abs=1e-6)


@pytest.mark.parametrize("seed", range(12))
def test_elimination_equals_enumeration_on_random_networks(seed):
    rng = np.random.default_rng(seed)
    net = random_net(rng, int(rng.integers(3, 8)))
    var = net.nodes[int(rng.integers(len(net.nodes)))]
    others = [v for v in net.nodes if v != var]
    ev_nodes = rng.choice(others, size=int(rng.integers(0, len(others))), replace=False)
    evidence = {v: int(rng.integers(len(net.values(v)))) for v in ev_nodes}
    try:
        exact = enumeration_ask(net, var, evidence)
    except NbteachError:  # evidence of probability 0 cannot happen with Dirichlet tables
        pytest.fail("random evidence had probability 0")
    ve = elimination_ask(net, var, evidence)
    np.testing.assert_allclose(ve.to_numpy(), exact.to_numpy(), rtol=1e-10, atol=1e-14)
    assert ve.sum() == pytest.approx(1.0)


def _pgmpy(net):
    from pgmpy.factors.discrete import TabularCPD
    from pgmpy.models import DiscreteBayesianNetwork

    model = DiscreteBayesianNetwork(list(net.edges))
    for v in net.nodes:
        if v not in model.nodes():
            model.add_node(v)
    for v in net.nodes:
        ps = list(net.parents(v))
        arr = net.cpd_array(v)
        # pgmpy: rows = the variable's states, columns = parent configurations (first parent slowest)
        values = arr.reshape(-1, arr.shape[-1]).T
        state_names = {u: list(net.values(u)) for u in ps + [v]}
        model.add_cpds(TabularCPD(v, len(net.values(v)), values, evidence=ps or None,
                                  evidence_card=[len(net.values(p)) for p in ps] or None,
                                  state_names=state_names))
    model.check_model()
    return model


@pytest.mark.parametrize("make", [burglary, sprinkler, lambda: random_net(np.random.default_rng(7), 6)])
def test_elimination_agrees_with_pgmpy(make):
    pytest.importorskip("pgmpy")
    from pgmpy.inference import VariableElimination

    net = make()
    model = _pgmpy(net)
    infer = VariableElimination(model)
    last = net.nodes[-1]
    for var in net.nodes[:-1]:
        evidence = {last: net.values(last)[0]}
        ours = net.query(var, evidence)
        theirs = infer.query([var], evidence=evidence, show_progress=False)
        got = dict(zip(theirs.state_names[var], theirs.values))
        for value in net.values(var):
            assert ours[value] == pytest.approx(got[value], abs=1e-10)


# -- d-separation -----------------------------------------------------------------------
def _independent(joint, nodes, xs, ys, zs, tol=1e-9):
    """X _||_ Y | Z in a joint array, checked numerically: P(x,y,z) P(z) = P(x,z) P(y,z)."""
    axes = {v: i for i, v in enumerate(nodes)}
    keep = lambda s: tuple(i for v, i in axes.items() if v not in s)  # noqa: E731
    pxyz = joint.sum(axis=keep(set(xs) | set(ys) | set(zs)), keepdims=True)
    pxz = joint.sum(axis=keep(set(xs) | set(zs)), keepdims=True)
    pyz = joint.sum(axis=keep(set(ys) | set(zs)), keepdims=True)
    pz = joint.sum(axis=keep(set(zs)), keepdims=True)
    return np.allclose(pxyz * pz, pxz * pyz, atol=tol)


@pytest.mark.parametrize("seed", range(25))
def test_d_separation_agrees_with_independence_in_the_joint(seed):
    rng = np.random.default_rng(100 + seed)
    net = random_net(rng, int(rng.integers(3, 7)), max_card=2)
    joint = net.joint_array()
    for _ in range(15):
        x, y = rng.choice(net.nodes, size=2, replace=False)
        rest = [v for v in net.nodes if v not in (x, y)]
        zs = list(rng.choice(rest, size=int(rng.integers(0, len(rest) + 1)), replace=False))
        sep = net.d_separated(x, y, zs)
        ind = _independent(joint, net.nodes, [x], [y], zs)
        assert net.independent(x, y, zs, tol=1e-9) == ind
        # d-separated implies independent in every distribution; with random tables the
        # converse holds with probability 1 (faithfulness)
        assert sep == ind, (net.edges, x, y, zs)


def test_v_structure_needs_the_ancestral_graph():
    # a -> c <- b: a and b are marginally independent; moralising the WHOLE graph marries
    # a and b and would (wrongly) call them connected.
    net = BayesNet([("a", "c"), ("b", "c")])
    assert ("a", "b") in net.moral_graph()
    assert net.d_separated("a", "b")
    assert not net.d_separated("a", "b", given="c")
    paths = net.trails("a", "b")
    assert paths == [(["a", "c", "b"], False, [("c", "collider", "blocks")])]
    assert net.trails("a", "b", given=["c"])[0][1] is True


def test_three_basic_structures_numerically():
    rng = np.random.default_rng(3)
    for edges, marginal, given in [
        ([("a", "c"), ("c", "b")], False, True),   # chain: dependent, independent given c
        ([("c", "a"), ("c", "b")], False, True),   # fork: same
        ([("a", "c"), ("b", "c")], True, False),   # collider: independent, dependent given c
    ]:
        structure = BayesNet(edges, nodes=["a", "b", "c"])
        cpds = random_net(rng, 3, p_edge=0).cpds  # placeholder tables to copy shapes from
        tables = {}
        for v in ("a", "b", "c"):
            ps = structure.parents(v)
            rows = list(itertools.product([0, 1], repeat=len(ps)))
            index = ([0] if not ps else pd.Index([r[0] for r in rows], name=ps[0]) if len(ps) == 1
                     else pd.MultiIndex.from_tuples(rows, names=list(ps)))
            tables[v] = pd.DataFrame(rng.dirichlet([1, 1], size=len(rows)), index=index, columns=[0, 1])
        del cpds
        net = BayesNet(edges, tables, nodes=["a", "b", "c"])
        joint = net.joint_array()
        assert _independent(joint, net.nodes, ["a"], ["b"], []) is marginal
        assert _independent(joint, net.nodes, ["a"], ["b"], ["c"]) is given
        assert net.d_separated("a", "b") is marginal
        assert net.d_separated("a", "b", "c") is given


# -- Gibbs -------------------------------------------------------------------------------
@pytest.mark.parametrize("make,var,evidence", [
    (burglary, "Alarm", {"JohnCalls": True, "MaryCalls": True}),
    (sprinkler, "Rain", {"WetGrass": True}),
    (sprinkler, "Cloudy", {"Sprinkler": True, "WetGrass": True}),
])
def test_gibbs_with_evidence_converges_to_the_exact_posterior(make, var, evidence):
    net = make()
    exact = net.query(var, evidence)
    est = net.query(var, evidence, method="gibbs", n_samples=60000, random_state=1)
    np.testing.assert_allclose(est.to_numpy(), exact.to_numpy(), atol=0.015)
    assert list(est.index) == list(exact.index)


def test_gibbs_is_reproducible_and_its_trace_approaches_the_answer():
    net = sprinkler()
    a = gibbs_ask(net, "Rain", {"WetGrass": True}, n_samples=5000, random_state=4)
    b = gibbs_ask(net, "Rain", {"WetGrass": True}, n_samples=5000, random_state=4)
    pd.testing.assert_series_equal(a, b)
    trace = gibbs_trace(net, "Rain", True, {"WetGrass": True}, n_samples=40000, random_state=2)
    exact = float(net.query("Rain", {"WetGrass": True})[True])
    assert trace.index[-1] >= 40000
    assert abs(trace.iloc[-1] - exact) < 0.015
    assert abs(trace.iloc[-1] - exact) < abs(trace.iloc[0] - exact) + 0.05


# -- learning ------------------------------------------------------------------------------
def test_fit_by_counting_recovers_the_tables():
    true = sprinkler()
    data = sample(true, 40000, random_state=0)
    learned = BayesNet(true.edges).fit(data)
    for v in true.nodes:
        want = true.cpd(v)
        got = learned.cpd(v).reindex(index=want.index, columns=want.columns)  # values sorted by fit
        np.testing.assert_allclose(got.to_numpy(), want.to_numpy(), atol=0.03)
    smoothed = BayesNet(true.edges).fit(data.head(3), alpha=1)
    assert np.allclose(smoothed.cpd("WetGrass").sum(axis=1), 1)


@pytest.mark.parametrize("kind", ["loglik", "bic"])
def test_scores_agree_with_pgmpy(kind):
    pytest.importorskip("pgmpy")
    from pgmpy.estimators import BIC
    from pgmpy.models import DiscreteBayesianNetwork

    true = sprinkler()
    data = sample(true, 3000, random_state=5)
    for edges in (true.edges, [("Cloudy", "Rain"), ("Rain", "WetGrass")], []):
        net = BayesNet(edges, nodes=list(data.columns))
        ours = score(net, data, kind)
        if kind == "bic":
            model = DiscreteBayesianNetwork(list(edges))
            model.add_nodes_from(data.columns)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                theirs = BIC(data.astype(str)).score(model)
            assert ours == pytest.approx(theirs, rel=1e-9)
        else:
            fitted = BayesNet(edges, nodes=list(data.columns)).fit(data)
            joint = fitted.joint()
            ll = sum(np.log(joint[tuple(row)]) for row in data[list(fitted.nodes)].itertuples(index=False))
            assert ours == pytest.approx(ll, rel=1e-9)


def test_mdl_is_minus_bic_in_bits():
    data = sample(sprinkler(), 500, random_state=0)
    net = BayesNet(sprinkler().edges)
    assert score(net, data, "mdl") == pytest.approx(-score(net, data, "bic") / np.log(2))
    assert net.score(data, kind="mdl") == score(net, data, "mdl")


def test_hill_climb_finds_a_structure_at_least_as_good_as_the_truth():
    true = sprinkler()
    data = sample(true, 5000, random_state=11)
    learned, hist, _ = hill_climb_search(data, score="bic", random_state=0)
    assert score(learned, data, "bic") >= score(BayesNet(true.edges), data, "bic") - 1e-6
    assert same_equivalence_class(learned, true)
    # the history replays the search: each step's score is the score of its edges
    assert hist[0]["move"] == "start" and hist[0]["edges"] == []
    for h in hist[:8]:
        assert h["score"] == pytest.approx(score(BayesNet(h["edges"], nodes=list(data.columns)), data, "bic"))
    assert max(h["score"] for h in hist) == pytest.approx(score(learned, data, "bic"))


def test_hill_climb_recovers_burglary_up_to_equivalence():
    true = burglary()
    # the true tables are extreme (P(B) = 0.001): many rows are needed to see the arcs
    data = sample(true, 200000, random_state=3)
    # no row has a burglary during an earthquake (P = 2e-6): maximum likelihood cannot
    # fill that row of Alarm's table, so the structure comes back without tables
    with pytest.warns(UserWarning, match="returned without tables"):
        learned = hill_climb(data, score="bic", random_state=0, restarts=2)
    assert not learned.has_cpds
    assert score(learned, data, "bic") >= score(BayesNet(true.edges), data, "bic") - 1e-6
    assert same_equivalence_class(learned, true)
    assert learned.fit(data, alpha=1).has_cpds


def test_equivalence_class():
    chain = BayesNet([("a", "b"), ("b", "c")])
    fork = BayesNet([("b", "a"), ("b", "c")])
    collider = BayesNet([("a", "b"), ("c", "b")])
    assert same_equivalence_class(chain, fork)
    assert not same_equivalence_class(chain, collider)


# -- bad input -------------------------------------------------------------------------------
def test_bad_input_names_the_culprit():
    with pytest.raises(NbteachError, match="cycle: a -> b -> c -> a|cycle"):
        BayesNet([("a", "b"), ("b", "c"), ("c", "a")])
    rain = pd.DataFrame([[0.2, 0.7]], columns=[True, False])
    with pytest.raises(NbteachError, match="sums to 0.9"):
        BayesNet([], {"Rain": rain})
    wet = pd.DataFrame([[0.9, 0.1]], columns=[True, False], index=pd.Index([True], name="Rain"))
    with pytest.raises(NbteachError, match="1 rows; its parents"):
        BayesNet([("Rain", "Wet")], {"Rain": pd.DataFrame([[0.2, 0.8]], columns=[True, False]), "Wet": wet})
    net = sprinkler()
    with pytest.raises(NbteachError, match="'Snow' is not a node"):
        net.query("Rain", {"Snow": True})
    with pytest.raises(NbteachError, match="takes the values"):
        net.query("Rain", {"WetGrass": "yes"})
    data = sample(net, 50, random_state=0).assign(Snow=True)
    with pytest.raises(NbteachError, match="'Snow' that the network does not know"):
        BayesNet(net.edges).fit(data)
    with pytest.raises(NbteachError, match="no probability tables"):
        BayesNet(net.edges).query("Rain")
    with pytest.raises(NbteachError, match="method must be"):
        net.query("Rain", method="mcmc")
    with pytest.raises(NbteachError, match="kind must be"):
        net.score(sample(net, 10, random_state=0), kind="aic")
    with pytest.raises(NbteachError, match="appears on two sides"):
        net.d_separated("Rain", "Rain")


def test_structure_without_tables_still_answers_structural_questions():
    net = random_net(np.random.default_rng(0), 5, with_cpds=False)
    assert isinstance(net.d_separated(net.nodes[0], net.nodes[-1]), bool)
    assert isinstance(net.moral_graph(), list)


def test_plain_greedy_search_stops_in_a_local_optimum_where_tabu_search_does_not():
    # issue 12: on many sprinkler samples a plain greedy climb (pgmpy's included) stops at a
    # structure that scores worse than the true one; the tabu list and restarts get past it
    true = sprinkler()
    data = sample(true, 100000, random_state=1)
    truth = score(BayesNet(true.edges), data, "bic")
    greedy = hill_climb(data, restarts=0, patience=0, tabu_length=0)
    assert score(greedy, data, "bic") < truth - 1
    assert not same_equivalence_class(greedy, true)
    tabu = hill_climb(data, random_state=0)
    assert score(tabu, data, "bic") >= truth - 1e-6
    assert same_equivalence_class(tabu, true)


@pytest.mark.parametrize("seed", range(10))
def test_markov_blanket_screens_off_every_other_node(seed):
    rng = np.random.default_rng(300 + seed)
    net = random_net(rng, int(rng.integers(3, 7)), max_card=2)
    for v in net.nodes:
        blanket = net.markov_blanket(v)
        rest = [u for u in net.nodes if u != v and u not in blanket]
        if rest:
            assert net.d_separated(v, rest, given=sorted(blanket))
            assert net.independent(v, rest, given=sorted(blanket), tol=1e-9)


def test_tabu_search_never_returns_to_a_structure_it_just_left():
    # lesson 11 steps through the search: with a tabu list of moves only, it went round
    # "remove W->C, add C->W, reverse C->W" twenty times; the tabu list holds structures now
    data = sample(sprinkler(), 5000, random_state=2)
    for tabu_length in (3, 50):
        learned, hist, _ = hill_climb_search(data, score="bic", restarts=1, random_state=0,
                                             tabu_length=tabu_length)
        for phase in {h["phase"] for h in hist}:
            seen = [frozenset(h["edges"]) for h in hist if h["phase"] == phase]
            for i in range(1, len(seen)):
                window = seen[max(0, i - tabu_length):i]
                assert seen[i] not in window, f"{phase}, step {i}: back to a structure of the last {tabu_length} moves"
        assert same_equivalence_class(learned, sprinkler())


def test_gibbs_marginals_is_one_run_of_the_gibbs_ask_sampler():
    # the network explorer samples once for every node: the same chain as gibbs_ask's, so the
    # same estimates as asking node by node, with the evidence left out
    from nbteach.bayesnet import gibbs_ask, gibbs_marginals

    net = burglary()
    evidence = {"JohnCalls": True}
    every = gibbs_marginals(net, evidence, n_samples=3000, random_state=5, burn_in=20)
    assert set(every) == {"Burglary", "Earthquake", "Alarm", "MaryCalls"}
    for v, series in every.items():
        one = gibbs_ask(net, v, evidence, n_samples=3000, random_state=5, burn_in=20)
        pd.testing.assert_series_equal(series, one)
    with pytest.raises(NbteachError, match="burn_in"):
        gibbs_marginals(net, burn_in=-1)
