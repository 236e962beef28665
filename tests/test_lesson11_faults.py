"""Lesson 11's faults of issue 33 item 6: the MDL unit shown by a code that knows nothing of the
network (not by a code built from the same logarithms), and inference from the inside: the numbers of
every factor variable elimination makes, and a Monte Carlo standard error (batch means) with every
Gibbs estimate."""
from __future__ import annotations

import ast
import contextlib
import io
import json
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from nbteach import say
from nbteach.bayesnet import BayesNet, burglary, enumeration_ask, sample, sprinkler
from nbteach.bayesnet.inference import elimination_steps, gibbs_chains

ROOT = Path(__file__).resolve().parents[1]
LESSON = ROOT / "notebooks" / "11_bayesian_networks.ipynb"
BOTH_CALL = {"JohnCalls": True, "MaryCalls": True}


def _cell(cell_id):
    [cell] = [c for c in json.loads(LESSON.read_text(encoding="utf-8"))["cells"] if c.get("id") == cell_id]
    return "".join(cell["source"])


def _run(source, ns):
    """Run a cell; its last statement, if an expression, is returned as a notebook would show it."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(tree, "<lesson 11 cell>", "exec"), ns)
        shown = eval(compile(ast.Expression(last.value), "<lesson 11 cell>", "eval"), ns) if last else None
    return out.getvalue(), shown


# -- (a) the unit of MDL: the base decides it; a real compressor can refute a reading -------------
def _mdl_namespace():
    truth = sprinkler()
    data = sample(truth, 20_000, random_state=0)
    return {"pd": pd, "np": np, "say": say, "data": data, "learned": BayesNet(truth.edges).fit(data)}


def test_the_mdl_cell_measures_the_term_with_a_compressor_that_knows_nothing_of_the_network():
    source = _cell("1ac02de4")
    assert "encode_rows" not in source, "a code built from the same tables only restates the definition"
    assert "lzma.compress" in source and "lzma.decompress" in source
    printed, _ = _run(source, _mdl_namespace())
    assert "bits / nats = 1.442695 = 1 / ln 2" in printed          # the base decides the unit
    assert "and reads them back: True" in printed
    assert "readings lzma leaves standing: bits\n" in printed
    assert "so the term counts bits, and lzma needs 8.6% more than it" in printed


@pytest.mark.parametrize("unit,scale", [("nats", math.log(2)), ("bytes", 1 / 8)])
def test_the_mdl_cell_would_not_single_out_bits_were_the_term_in_another_unit(monkeypatch, unit, scale):
    # the demonstration can fail: a data term computed in nats or bytes leaves that reading standing
    import nbteach.bayesnet.learning as learning

    real = learning.mdl_parts
    monkeypatch.setattr(learning, "mdl_parts", lambda net, data: {k: v * scale for k, v in real(net, data).items()})
    printed, _ = _run(_cell("1ac02de4"), _mdl_namespace())
    standing = next(line for line in printed.splitlines() if line.startswith("readings lzma leaves standing"))
    assert unit in standing and "so the term counts bits" not in printed, printed


def test_the_mdl_cell_speaks_chinese_in_the_chinese_edition():
    import nbteach

    before = nbteach.get_language()
    try:
        nbteach.set_language("zh")
        printed, _ = _run(_cell("1ac02de4"), _mdl_namespace())
    finally:
        nbteach.set_language(before)
    assert "lzma 没有排除的读法：比特" in printed and "所以该项的单位是比特" in printed


def test_the_mdl_text_says_the_base_decides_the_unit_in_both_editions():
    text = _cell("32a3b09d")
    assert "decides\n> the unit" in text or "decides the unit" in " ".join(text.split())
    zh = json.loads((ROOT / "notebooks" / "zh" / LESSON.name).read_text(encoding="utf-8"))["cells"]
    [zh_text] = ["".join(c["source"]) for c in zh if c.get("id") == "32a3b09d"]
    assert "对数的底 $b$ 决定单位" in zh_text and "lzma" in zh_text


# -- (b) variable elimination from the inside: the numbers of every new factor ----------------------
def test_elimination_steps_give_the_numbers_of_each_new_factor():
    net = burglary()
    run = elimination_steps(net, "Burglary", BOTH_CALL)
    f1, f2 = run.factors.values()
    assert list(run.factors) == list(run.steps["new factor"])
    for (b, a), x in f1.items():     # f1(Burglary, Alarm) = sum_e P(e) P(Alarm | Burglary, e) = P(Alarm | Burglary)
        assert x == pytest.approx(float(enumeration_ask(net, "Alarm", {"Burglary": b})[a]), rel=1e-12)
    joint = net.joint()
    calls = joint.xs((True, True), level=["JohnCalls", "MaryCalls"]).groupby(level="Burglary").sum()
    prior = joint.groupby(level="Burglary").sum()
    for b, x in f2.items():          # f2(Burglary) = P(JohnCalls=True, MaryCalls=True | Burglary)
        assert x == pytest.approx(calls[b] / prior[b], rel=1e-12)
    assert len(f1) == run.steps.loc[1, "new factor size"] and len(f2) == run.steps.loc[2, "new factor size"]


def test_the_elimination_cell_prints_each_factors_numbers_beside_the_joints():
    shown = []
    printed, last = _run(_cell("5e1a7c21"), {"net": burglary(), "pd": pd, "say": say, "display": shown.append})
    assert "f1(Burglary, Alarm)" in printed and "f2(Burglary)" in printed
    for number in ("0.940020", "0.059980", "0.001578", "0.998422", "0.592243", "0.001493"):
        assert printed.count(number) == 2, number          # the factor's number and the joint's, side by side
    np.testing.assert_allclose(last.iloc[:, 1], last.iloc[:, 2], rtol=1e-12)
    assert last.iloc[:, 0].sum() == pytest.approx(0.000592 + 0.001492, abs=2e-6)   # P(both call)


# -- (b) Gibbs: a Monte Carlo standard error that allows for autocorrelation ---------------------
@pytest.mark.parametrize("var", ["Alarm", "Burglary", "Earthquake"])
def test_the_exact_posterior_lies_within_a_few_standard_errors_and_they_shrink(var):
    net = burglary()
    exact = float(enumeration_ask(net, var, BOTH_CALL)[True])
    small = gibbs_chains(net, var, True, BOTH_CALL, n_samples=4000, random_state=0)
    large = gibbs_chains(net, var, True, BOTH_CALL, n_samples=40_000, random_state=0)
    for run in (small, large):
        assert 0 < run.se and abs(run.estimate - exact) < 3 * run.se
        assert run.n_batches == 200                          # 30 chains or more: one batch a chain
    assert 2 < small.se / large.se < 5                       # about sqrt(10)


def _copy_net(p_copy):
    tf = [True, False]
    return BayesNet([("X", "Y"), ("Y", "Z")], {
        "X": pd.DataFrame([[0.5, 0.5]], columns=tf),
        "Y": pd.DataFrame([[p_copy, 1 - p_copy], [1 - p_copy, p_copy]], columns=tf, index=pd.Index(tf, name="X")),
        "Z": pd.DataFrame([[0.9, 0.1], [0.2, 0.8]], columns=tf, index=pd.Index(tf, name="Y"))})


def test_the_standard_error_of_one_sticky_chain_is_above_the_binomial_one():
    net = _copy_net(0.9)
    exact = float(enumeration_ask(net, "X", {"Z": True})[True])
    run = gibbs_chains(net, "X", True, {"Z": True}, n_samples=5000, n_chains=1, burn_in=200,
                       init={"X": False, "Y": False}, random_state=0)
    binomial = math.sqrt(run.estimate * (1 - run.estimate) / run.n_kept)
    assert run.n_batches == 30 and run.se > 1.5 * binomial and run.ess < run.n_kept / 2
    assert abs(run.estimate - exact) < 3 * run.se
    longer = gibbs_chains(net, "X", True, {"Z": True}, n_samples=20_000, n_chains=1, burn_in=200,
                          init={"X": False, "Y": False}, random_state=0)
    assert longer.se < run.se / 1.4                          # about 1/2 with 4x the draws


def test_batch_means():
    from nbteach.bayesnet.inference import batch_means_se

    draws = np.array([[1, 0], [1, 0], [0, 1], [0, 1]])
    se, b = batch_means_se(draws, min_batches=4)            # batches: (1, 1) (0, 0) | (0, 0) (1, 1)
    assert b == 4 and se == pytest.approx(np.std([1, 0, 0, 1], ddof=1) / 2)
    se, b = batch_means_se(draws, min_batches=2)            # each chain one batch: means 0.5, 0.5
    assert (se, b) == (0.0, 2)
    assert math.isnan(batch_means_se(np.ones((1, 1)))[0])
    trapped = gibbs_chains(_copy_net(1.0), "X", True, {"Z": True}, n_samples=2000, n_chains=1, burn_in=10,
                           init={"X": False, "Y": False}, random_state=0)
    assert trapped.se == 0 and math.isnan(trapped.ess)      # its own draws cannot see what it never visited


def test_every_gibbs_estimate_in_the_lesson_comes_with_its_standard_error():
    from nbteach.bayesnet import gibbs_chains as chains, markov_blanket_conditional  # noqa: F401

    ns = {"net": burglary(), "pd": pd, "np": np, "say": say, "BayesNet": BayesNet}
    _run(_cell("5e1a7c23"), ns)
    printed, _ = _run(_cell("5e1a7c24"), ns)
    assert "P(Alarm=True) = 0.5581 ± 0.0034 (Monte Carlo standard error, batch means)" in printed
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ns["plt"] = plt
    printed, _ = _run(_cell("8a09fc41"), ns)
    plt.close("all")
    assert "Gibbs: 0.7623 ± 0.0021 from 60000 samples" in printed
    _, table = _run(_cell("5e1a7c28"), ns)
    se = table[say("their standard error")]
    assert table[say("its standard error")].iloc[0] == 0 and se.iloc[0] > 0.05   # the trap: 0 alone, large apart
    assert (table[say("the four pooled")] - table[say("exact P(X=True | Z=True)")]).abs().iloc[0] > 3 * se.iloc[0]


def test_the_explorers_show_each_gibbs_estimate_with_its_standard_error():
    from nbteach.widgets import gibbs_explorer, network_explorer

    ex = network_explorer(burglary(), n_samples=5000)
    ex.set_evidence(**BOTH_CALL)
    post = ex.posteriors
    assert (post["gibbs se"] > 0).all() and ((post["gibbs"] - post["exact"]).abs() < 4 * post["gibbs se"]).all()
    for (node, value), row in post.iterrows():
        assert f"{row['gibbs']:.4f} ± {row['gibbs se']:.4f}" in ex.bars[node]
    chains = gibbs_explorer(burglary(), "Burglary", True, BOTH_CALL)
    run = chains.run
    assert f"<b>{run.estimate:.4f}</b> ± {run.se:.4f} (Monte Carlo standard error by batch means" in chains.numbers


def test_batch_means_refuses_what_it_cannot_read():
    from nbteach._base import NbteachError
    from nbteach.bayesnet.inference import batch_means_se

    for bad in (np.zeros((2, 2, 2)), [["a", "b"]], [[1, 2], [3]]):
        with pytest.raises(NbteachError, match="one row per kept sweep"):
            batch_means_se(bad)
    with pytest.raises(NbteachError, match="min_batches"):
        batch_means_se(np.zeros((4, 2)), min_batches=1)
