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
    seen = {ex.numbers}
    for slider, value in ((ex.burn_in, 100), (ex.n_chains, 6), (ex.thin, 3), (ex.per_chain, 150)):
        slider.value = value
        assert ex.numbers not in seen, f"moving {slider.description} left the numbers unchanged"
        seen.add(ex.numbers)
        want = float(gibbs_ask(net, "Burglary", BOTH_CALL, **_settings(ex))[True])
        assert f"<b>{want:.4f}</b>" in ex.numbers and ex.run.estimate == pytest.approx(want, abs=1e-12)
        assert ex.legend + ex.numbers in ex.view.value           # what the student sees
    # 6 chains, each 100 + 3 x 150 sweeps, keeping 150
    assert ex.run.sweeps == 550 and ex.run.n_kept == 900
    assert "ran 550 sweeps: 100 of burn-in" in ex.numbers and "900 samples" in ex.numbers
    assert np.asarray(ex.chain_lines.y).shape == (6, 150)
    np.testing.assert_array_equal(ex.chain_lines.x, np.arange(103, 551, 3))
    assert list(ex.burn_line.x) == [100.0, 100.0] and list(ex.exact_line.y) == [ex.exact, ex.exact]
    assert ex.pooled_line.x[-1] == 900 and ex.pooled_line.y[-1] == pytest.approx(ex.run.estimate)
    assert ex.legend.count("chain ") == 6
    ex.n_chains.value = 1
    assert "one chain: no spread" in ex.numbers and np.asarray(ex.chain_lines.y).ndim == 1


def test_chains_started_apart_on_a_copying_table_show_the_trap():
    from test_bayesnet_inference import _copy_net

    ex = gibbs_explorer(_copy_net(), "X", True, {"Z": True}, n_chains=2,
                        init=[{"X": True, "Y": True}, {"X": False, "Y": False}])
    assert list(ex.run.estimates) == [1.0, 0.0]
    assert "1.0000, 0.0000" in ex.numbers and f"<b>{ex.exact:.4f}</b>" in ex.numbers
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


def test_a_move_sends_the_view_in_one_message_drawn_from_the_run(sent):
    import html
    import re

    ex = gibbs_explorer(burglary(), "Burglary", True, BOTH_CALL)
    for slider, value in ((ex.n_chains, 5), (ex.burn_in, 100), (ex.thin, 2), (ex.per_chain, 100), (ex.n_chains, 1)):
        sent.clear()
        slider.value = value
        # the plots, the legend and the numbers: one message (the slider's own echo aside)
        assert [names for widget, names in sent if widget is not slider] == [["value"]]
        assert sent[-1][0] is ex.view
        svg = ex.view.value
        texts = [html.unescape(t) for t in re.findall(r"<text [^>]*>([^<]*)</text>", svg)]
        error = f" ± {ex.run.se:.4f}" if ex.run.se == ex.run.se else ""      # with its standard error
        assert f"all chains together: {ex.run.estimate:.4f}{error}" in texts
        assert f"each chain's running estimate ({ex.run.n_chains} chain{'s' if ex.run.n_chains > 1 else ''})" in texts
        # a path per chain in the chains' colours, then the exact line and the burn-in's end; the pooled
        # line and its exact line
        strokes = re.findall(r"<path d='[^']+' fill='none' stroke='(#[0-9A-Fa-f]{6})'", svg)
        n = ex.run.n_chains
        assert strokes == [ex.chain_lines.colors[i % 4] for i in range(n)] + ["#8c8c8c"] * 2 + [ex.pooled_line.colors[0], "#8c8c8c"]
        # the pooled line ends at the run's estimate: its last point, in px, where the estimate is
        x0, y0, x1, y1 = ex.pooled_fig.plot_box()
        d = re.findall(r"<path d='([^']+)' fill='none' stroke='" + ex.pooled_line.colors[0], svg)[-1]
        steps = [tuple(map(int, p.split(","))) for p in re.findall(r"-?\d+,-?\d+", d)]
        end_y = sum(dy for _, dy in steps) / 10
        assert end_y == pytest.approx(float(ex.pooled_line.scales["y"].map(ex.run.estimate, y1, y0)), abs=0.06)


def test_a_setting_shown_before_is_shown_again_without_sampling(monkeypatch):
    import nbteach.widgets.gibbs as gibbs

    runs = []
    real = gibbs.gibbs_chains
    monkeypatch.setattr(gibbs, "gibbs_chains", lambda *a, **k: runs.append(k) or real(*a, **k))
    ex = gibbs_explorer(burglary(), "Burglary", True, BOTH_CALL)

    def setting():
        return {s: getattr(ex, s).value for s in ("burn_in", "n_chains", "thin", "per_chain")}

    seen, kept = {tuple(setting().values())}, 0
    for slider, value in [(ex.burn_in, 10), (ex.burn_in, 0), (ex.n_chains, 5), (ex.n_chains, 4), (ex.n_chains, 5),
                          (ex.thin, 2), (ex.burn_in, 10), (ex.thin, 1), (ex.n_chains, 4)]:
        before = len(runs)
        slider.value = value
        key = tuple(setting().values())
        assert len(runs) - before == (0 if key in seen else 1)     # sampled only for a new setting
        kept += key in seen
        seen.add(key)
        # and shown as an explorer made afresh at that setting shows it
        fresh = gibbs_explorer(burglary(), "Burglary", True, BOTH_CALL, **setting())
        assert ex.view.value == fresh.view.value and ex.numbers == fresh.numbers and ex.legend == fresh.legend
        assert ex.run.estimate == fresh.run.estimate and ex.chains_fig.title == fresh.chains_fig.title
        np.testing.assert_array_equal(ex.chain_lines.y, fresh.chain_lines.y)
        np.testing.assert_array_equal(ex.pooled_line.x, fresh.pooled_line.x)
    assert kept == 4
