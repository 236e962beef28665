"""Inside the inference of lesson 11: P(node | Markov blanket) against the joint, the Gibbs
sampler's settings (burn-in, chains, thinning, start states), a deterministic table that traps a
chain, and variable elimination step by step against enumeration."""
from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from nbteach import NbteachError
from nbteach.bayesnet import (BayesNet, burglary, elimination_ask, elimination_steps, enumeration_ask,
                              gibbs_ask, gibbs_chains, gibbs_marginals, gibbs_trace,
                              markov_blanket_conditional, sprinkler)
from test_bayesnet import random_net

BOTH_CALL = {"JohnCalls": True, "MaryCalls": True}


# -- P(node | Markov blanket) ------------------------------------------------------------------
@pytest.mark.parametrize("make", [burglary, sprinkler,
                                  *(lambda s=s: random_net(np.random.default_rng(s), 6) for s in range(4))])
def test_blanket_conditional_is_the_conditional_of_the_joint(make):
    net = make()
    for node in net.nodes:
        blanket = sorted(net.markov_blanket(node), key=net.nodes.index)
        for values in itertools.product(*(net.values(u) for u in blanket)):
            state = dict(zip(blanket, values))
            try:
                want = enumeration_ask(net, node, state)
            except NbteachError:            # a blanket state of probability 0 (sprinkler's WetGrass)
                continue
            got = markov_blanket_conditional(net, node, state)
            np.testing.assert_allclose(got.to_numpy(float), want.to_numpy(float), rtol=1e-10, atol=1e-15)
            assert list(got.index) == net.values(node)


def test_blanket_conditional_exact_is_the_hand_computation_in_fractions():
    net = burglary()
    state = {"Burglary": False, "Earthquake": False, "JohnCalls": True, "MaryCalls": True}
    w = {a: Fraction(str(net.cpd("Alarm").loc[(False, False), a])) * Fraction(str(net.cpd("JohnCalls").loc[a, True]))
         * Fraction(str(net.cpd("MaryCalls").loc[a, True])) for a in (True, False)}
    got = markov_blanket_conditional(net, "Alarm", {**state, "Alarm": False}, exact=True)  # its own value is ignored
    assert got[True] == w[True] / (w[True] + w[False]) == Fraction(140, 251)
    assert all(isinstance(x, Fraction) for x in got) and sum(got) == 1
    assert float(got[True]) == pytest.approx(float(markov_blanket_conditional(net, "Alarm", state)[True]), rel=1e-12)
    # a co-parent is in the blanket: Burglary's conditional depends on Earthquake (explaining away)
    a = markov_blanket_conditional(net, "Burglary", {"Alarm": True, "Earthquake": False}, exact=True)
    b = markov_blanket_conditional(net, "Burglary", {"Alarm": True, "Earthquake": True}, exact=True)
    assert a[True] == Fraction(940, 1939) and b[True] < a[True]


def test_blanket_conditional_bad_input_says_what_to_fix():
    net = burglary()
    with pytest.raises(NbteachError, match="missing: Earthquake"):
        markov_blanket_conditional(net, "Burglary", {"Alarm": True})
    with pytest.raises(NbteachError, match="state must be a dict"):
        markov_blanket_conditional(net, "Burglary", [True, False])
    with pytest.raises(NbteachError, match="takes the values"):
        markov_blanket_conditional(net, "Burglary", {"Alarm": "yes", "Earthquake": False})
    with pytest.raises(NbteachError, match="not a node"):
        markov_blanket_conditional(net, "Snow", {})
    tf = [True, False]
    copy = pd.DataFrame([[1.0, 0.0], [0.0, 1.0]], columns=tf, index=pd.Index(tf, name="X"))
    twins = BayesNet([("X", "Y"), ("X", "W")], {"X": pd.DataFrame([[0.5, 0.5]], columns=tf), "Y": copy, "W": copy})
    with pytest.raises(NbteachError, match="every value of 'X' has probability 0"):
        markov_blanket_conditional(twins, "X", {"Y": True, "W": False})   # two copies of X that disagree


def test_the_sampler_draws_a_lone_free_node_from_its_blanket_conditional():
    net = burglary()
    state = {"Burglary": False, "Earthquake": False, **BOTH_CALL}
    want = markov_blanket_conditional(net, "Alarm", state)
    got = gibbs_ask(net, "Alarm", state, n_samples=200_000, random_state=0)
    np.testing.assert_allclose(got.to_numpy(), want.to_numpy(), atol=0.005)


# -- the Gibbs sampler's settings --------------------------------------------------------------------
@pytest.mark.parametrize("kwargs,message", [
    ({"burn_in": -1}, "burn_in .*sweeps each chain runs and discards.* >= 0; got -1"),
    ({"n_chains": 0}, "n_chains .* >= 1; got 0"),
    ({"thin": 0}, "thin .* >= 1; got 0"),
    ({"thin": 2.5}, "thin .* got 2.5"),
    ({"n_chains": True}, "n_chains .* got True"),
    ({"n_samples": 0}, "n_samples .* >= 1; got 0"),
    ({"init": [{"Burglary": True}]}, "1 start states, one per chain, but n_chains is 4"),
    ({"init": {"JohnCalls": False}}, "evidence clamps it to True"),
    ({"init": "random"}, "init must be None"),
    ({"init": [{"Burglary": True}, {"Burglary": True}, {"Alarm": True}, {"Burglary": False}]},
     "for some chains only"),
    ({"init": {"Alarm": "on"}}, "takes the values"),
    ({"evidence": ["JohnCalls"]}, "evidence must be a dict"),
])
def test_every_gibbs_function_refuses_bad_settings_with_a_message(kwargs, message):
    net = burglary()
    evidence = kwargs.pop("evidence", BOTH_CALL)
    settings = {"n_samples": 400, "n_chains": 4, **kwargs}
    for call in (lambda: gibbs_ask(net, "Burglary", evidence, **settings),
                 lambda: gibbs_marginals(net, evidence, **settings),
                 lambda: gibbs_trace(net, "Burglary", True, evidence, **settings),
                 lambda: gibbs_chains(net, "Burglary", True, evidence, **settings)):
        with pytest.raises(NbteachError, match=message):
            call()


@pytest.mark.parametrize("burn_in,n_chains,thin", [(0, 1, 1), (7, 3, 1), (20, 4, 3), (5, 200, 2)])
def test_chains_keep_every_thin_th_sweep_after_the_burn_in_and_agree_with_gibbs_ask(burn_in, n_chains, thin):
    net = burglary()
    kw = dict(n_samples=600, random_state=3, burn_in=burn_in, n_chains=n_chains, thin=thin)
    run = gibbs_chains(net, "Burglary", True, BOTH_CALL, **kw)
    per_chain = -(-600 // min(n_chains, 600))
    assert run.sweeps == burn_in + thin * per_chain == len(run.draws)
    assert list(run.running.index) == [burn_in + thin * k for k in range(1, per_chain + 1)]
    assert run.n_kept == per_chain * min(n_chains, 600)
    kept = run.draws.loc[run.running.index]
    np.testing.assert_allclose(run.estimates.to_numpy(), kept.mean().to_numpy())
    assert run.estimate == pytest.approx(float(gibbs_ask(net, "Burglary", BOTH_CALL, **kw)[True]), abs=1e-12)
    trace = gibbs_trace(net, "Burglary", True, BOTH_CALL, **kw)
    pd.testing.assert_series_equal(trace, run.pooled)
    if n_chains > 1:
        assert run.spread == pytest.approx(float(np.std(run.estimates, ddof=1)))


def test_start_states_are_where_the_chains_start():
    net = burglary()
    run = gibbs_chains(net, "Burglary", True, BOTH_CALL, n_samples=4, n_chains=2, burn_in=0,
                       init=[{"Burglary": True, "Earthquake": True, "Alarm": True},
                             {"Burglary": False, "Earthquake": False, "Alarm": False}], random_state=0)
    assert run.n_chains == 2 and run.sweeps == 2
    # one dict starts every chain in the same state; the same seed then gives the same chains
    a = gibbs_chains(net, "Alarm", True, BOTH_CALL, n_samples=300, n_chains=3, burn_in=0,
                     init={"Burglary": True, "Earthquake": True}, random_state=1)
    b = gibbs_chains(net, "Alarm", True, BOTH_CALL, n_samples=300, n_chains=3, burn_in=0,
                     init={"Burglary": True, "Earthquake": True}, random_state=1)
    pd.testing.assert_frame_equal(a.draws, b.draws)


# -- a deterministic table traps a chain ---------------------------------------------------------------
def _copy_net(p_copy=1.0):
    """X -> Y -> Z: Y copies X (exactly when p_copy = 1), Z is a noisy reading of Y."""
    tf = [True, False]
    return BayesNet([("X", "Y"), ("Y", "Z")], {
        "X": pd.DataFrame([[0.5, 0.5]], columns=tf),
        "Y": pd.DataFrame([[p_copy, 1 - p_copy], [1 - p_copy, p_copy]], columns=tf, index=pd.Index(tf, name="X")),
        "Z": pd.DataFrame([[0.9, 0.1], [0.2, 0.8]], columns=tf, index=pd.Index(tf, name="Y"))})


@pytest.mark.parametrize("start", [True, False])
def test_a_copying_table_traps_a_single_chain_in_its_start_state(start):
    net = _copy_net()
    exact = float(elimination_ask(net, "X", {"Z": True})[True])
    assert exact == pytest.approx(0.9 / 1.1)
    run = gibbs_chains(net, "X", True, {"Z": True}, n_samples=3000, n_chains=1, burn_in=100,
                       init={"X": start, "Y": start}, random_state=0)
    assert (run.draws[0] == start).all()                  # never left its start state
    assert run.estimate == (1.0 if start else 0.0)
    assert abs(run.estimate - exact) > 0.15                # and the estimate is wrong


def test_chains_started_apart_reveal_the_trap_and_a_soft_table_lets_one_chain_out():
    starts = [{"X": True, "Y": True}, {"X": False, "Y": False}] * 2
    trapped = gibbs_chains(_copy_net(), "X", True, {"Z": True}, n_samples=2000, n_chains=4, burn_in=100,
                           init=starts, random_state=0)
    assert list(trapped.estimates) == [1.0, 0.0, 1.0, 0.0] and trapped.spread > 0.5
    soft = _copy_net(0.9)
    exact = float(elimination_ask(soft, "X", {"Z": True})[True])
    one = gibbs_chains(soft, "X", True, {"Z": True}, n_samples=20_000, n_chains=1, burn_in=100,
                       init={"X": False, "Y": False}, random_state=0)
    assert one.draws[0].any() and not one.draws[0].all()    # it leaves its start state
    assert abs(one.estimate - exact) < 0.03
    four = gibbs_chains(soft, "X", True, {"Z": True}, n_samples=20_000, n_chains=4, burn_in=100,
                        init=starts, random_state=0)
    assert four.spread < 0.05


# -- variable elimination step by step ----------------------------------------------------------------
def test_elimination_steps_on_the_burglary_network():
    run = elimination_steps(burglary(), "Burglary", BOTH_CALL)
    assert run.order == ["Earthquake", "Alarm"] and run.largest_factor == 8 and run.pruned == []
    # asked about Alarm given Burglary, the calls are no one's ancestors: left out, not summed
    assert elimination_steps(burglary(), "Alarm", {"Burglary": True}).pruned == ["JohnCalls", "MaryCalls"]
    assert list(run.steps["new factor"]) == ["f1(Burglary, Alarm)", "f2(Burglary)"]
    assert run.steps.loc[2, "multiply"] == "P(JohnCalls=True | Alarm) × P(MaryCalls=True | Alarm) × f1(Burglary, Alarm)"
    pd.testing.assert_series_equal(run.posterior, enumeration_ask(burglary(), "Burglary", BOTH_CALL))
    with pytest.raises(NbteachError, match="both the query and in the evidence"):
        elimination_steps(burglary(), "JohnCalls", BOTH_CALL)
    with pytest.raises(NbteachError, match="evidence must be a dict"):
        elimination_steps(burglary(), "Burglary", "JohnCalls")


@pytest.mark.parametrize("seed", range(8))
def test_elimination_steps_are_consistent_and_end_at_enumeration(seed):
    rng = np.random.default_rng(seed)
    net = random_net(rng, 7, max_card=3)
    var = net.nodes[int(rng.integers(7))]
    evidence = {v: 0 for v in rng.choice([u for u in net.nodes if u != var], size=2, replace=False)}
    run = elimination_steps(net, var, evidence)
    relevant = net.ancestors([var, *evidence])
    assert run.pruned == [v for v in net.nodes if v not in relevant]
    assert sorted(run.order) == sorted(v for v in relevant if v != var and v not in evidence)
    for _, s in run.steps.iterrows():
        over = s["product over"].split(", ")
        assert s["sum out"] in over
        assert s["product size"] == np.prod([len(net.values(u)) for u in over])
        assert s["new factor size"] == s["product size"] // len(net.values(s["sum out"]))
    assert run.largest_factor == run.steps["product size"].max()
    np.testing.assert_allclose(run.posterior.to_numpy(), enumeration_ask(net, var, evidence).to_numpy(), rtol=1e-10)
    pd.testing.assert_series_equal(run.posterior, elimination_ask(net, var, evidence))


def test_elimination_steps_agree_with_pgmpy():
    pytest.importorskip("pgmpy")
    import warnings

    from pgmpy.inference import VariableElimination
    from test_bayesnet import _pgmpy

    net = burglary()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = VariableElimination(_pgmpy(net)).query(["Burglary"], evidence=BOTH_CALL, show_progress=False)
    got = elimination_steps(net, "Burglary", BOTH_CALL).posterior
    np.testing.assert_allclose([got[s] for s in want.state_names["Burglary"]], want.values, rtol=1e-9)


@pytest.mark.parametrize("seed", range(2))
def test_elimination_agrees_with_pgmpy_on_20_nodes_with_pruning(seed):
    pytest.importorskip("pgmpy")
    import warnings

    from pgmpy.inference import VariableElimination
    from test_bayesnet import _pgmpy

    rng = np.random.default_rng(seed)
    net = random_net(rng, 20, p_edge=0.15, max_card=3)
    evidence = {v: 0 for v in net.nodes[-3:]}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        infer = VariableElimination(_pgmpy(net))
        for var in net.nodes[:4]:
            if var in evidence:
                continue
            want = infer.query([var], evidence=evidence, show_progress=False)
            got = elimination_ask(net, var, evidence)
            np.testing.assert_allclose([got[s] for s in want.state_names[var]], want.values, rtol=1e-9, atol=1e-12)


# -- the sampler's tabulated step against the blanket conditional ----------------------------------
@pytest.mark.parametrize("seed", range(3))
def test_each_gibbs_step_draws_from_the_blanket_conditional(seed):
    """The sampler looks each step up in a table of P(node | blanket) made once per run; a step by
    step replay with markov_blanket_conditional and the same uniforms (one per free node and chain,
    in sweep order) draws the same states, on random networks with two- and three-valued nodes."""
    from nbteach.bayesnet.inference import _gibbs

    net = random_net(np.random.default_rng(seed), 6)
    last = net.nodes[-1]
    evidence = {last: net.values(last)[0]}
    free = [v for v in net.nodes if v not in evidence]
    n_chains, n_sweeps = 3, 30
    init = {v: net.values(v)[seed % len(net.values(v))] for v in free}
    runs = [{v: s[v].copy() for v in net.nodes}
            for _, s, _ in _gibbs(net, evidence, n_chains, n_sweeps, 0, np.random.default_rng(seed),
                                  init=init)]
    assert any(len(net.values(v)) == 3 for v in free)
    rng = np.random.default_rng(seed)
    state = [{**evidence, **init} for _ in range(n_chains)]
    for sweep in range(n_sweeps):
        u = rng.random((len(free), n_chains))
        for i, v in enumerate(free):
            for c in range(n_chains):
                cum = np.cumsum(markov_blanket_conditional(net, v, state[c]).to_numpy(float))
                state[c][v] = net.values(v)[min(int((u[i, c] > cum).sum()), len(cum) - 1)]
        for v in net.nodes:
            want = [net.values(v).index(state[c][v]) for c in range(n_chains)]
            assert list(runs[sweep][v]) == want, (sweep, v)
