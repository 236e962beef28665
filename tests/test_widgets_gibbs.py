"""Lesson 11's Gibbs explorer, driven as a student drives it: each slider re-runs the sampler."""
import numpy as np
import pytest

from nbteach import NbteachError
from nbteach.bayesnet import burglary, gibbs_ask
from nbteach.widgets import gibbs_explorer

BOTH_CALL = {"JohnCalls": True, "MaryCalls": True}


def _settings(ex):
    n = ex.n_chains.value
    return dict(n_samples=ex.per_chain.value * n, burn_in=ex.burn_in.value, n_chains=n,
                thin=ex.thin.value, random_state=0)


def test_every_slider_reruns_the_sampler_and_the_view_shows_the_librarys_numbers():
    net = burglary()
    ex = gibbs_explorer(net, "Burglary", True, BOTH_CALL)
    assert ex.exact == pytest.approx(0.284172, abs=1e-6)
    seen = {ex.numbers.value}
    for slider, value in ((ex.burn_in, 100), (ex.n_chains, 6), (ex.thin, 3), (ex.per_chain, 150)):
        slider.value = value
        assert ex.numbers.value not in seen, f"moving {slider.description} left the numbers unchanged"
        seen.add(ex.numbers.value)
        want = float(gibbs_ask(net, "Burglary", BOTH_CALL, **_settings(ex))[True])
        assert f"<b>{want:.4f}</b>" in ex.numbers.value and ex.run.estimate == pytest.approx(want, abs=1e-12)
    # 6 chains, each 100 + 3 x 150 sweeps, keeping 150
    assert ex.run.sweeps == 550 and ex.run.n_kept == 900
    assert "ran 550 sweeps: 100 of burn-in" in ex.numbers.value and "900 samples" in ex.numbers.value
    assert np.asarray(ex.chain_lines.y).shape == (6, 150)
    np.testing.assert_array_equal(ex.chain_lines.x, np.arange(103, 551, 3))
    assert list(ex.burn_line.x) == [100.0, 100.0] and list(ex.exact_line.y) == [ex.exact, ex.exact]
    assert ex.pooled_line.x[-1] == 900 and ex.pooled_line.y[-1] == pytest.approx(ex.run.estimate)
    assert ex.legend.value.count("chain ") == 6
    ex.n_chains.value = 1
    assert "one chain: no spread" in ex.numbers.value and np.asarray(ex.chain_lines.y).ndim == 1


def test_chains_started_apart_on_a_copying_table_show_the_trap():
    from test_bayesnet_inference import _copy_net

    ex = gibbs_explorer(_copy_net(), "X", True, {"Z": True}, n_chains=2,
                        init=[{"X": True, "Y": True}, {"X": False, "Y": False}])
    assert list(ex.run.estimates) == [1.0, 0.0]
    assert "1.0000, 0.0000" in ex.numbers.value and f"<b>{ex.exact:.4f}</b>" in ex.numbers.value
    ex.n_chains.value = 3                                  # the start states are taken in turn
    assert list(ex.run.estimates) == [1.0, 0.0, 1.0]


def test_bad_settings_say_what_to_fix():
    net = burglary()
    with pytest.raises(NbteachError, match="per_chain must be an integer from 50 to 1000 in steps of 50"):
        gibbs_explorer(net, "Burglary", True, BOTH_CALL, per_chain=75)
    with pytest.raises(NbteachError, match="n_chains must be an integer from 1 to 8"):
        gibbs_explorer(net, "Burglary", True, BOTH_CALL, n_chains=20)
    with pytest.raises(NbteachError, match="takes the values"):
        gibbs_explorer(net, "Burglary", "yes", BOTH_CALL)
    with pytest.raises(NbteachError, match="both the query and in the evidence"):
        gibbs_explorer(net, "JohnCalls", True, BOTH_CALL)
    with pytest.raises(NbteachError, match="not a node"):
        gibbs_explorer(net, "Snow", True)
