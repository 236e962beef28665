"""Gibbs sampling with its settings on sliders: burn-in, chains, thinning, samples (lesson 11).

Each move re-runs :func:`nbteach.bayesnet.gibbs_chains` (the sampler of ``gibbs_ask``) and
redraws two plots: every chain's running estimate of P(var=value | evidence) over its sweeps,
with the end of the burn-in marked, and the estimate from all chains together as the samples
accumulate; both against the exact answer (variable elimination). Below them, the legend and
the numbers: sweeps run, samples kept, each chain's estimate and their spread.

The two plots, the legend and the numbers are one HTML widget (``view``, drawn as SVG by
:mod:`nbteach.widgets._svg`): a move sends one message and the browser redraws one element.
With two bqplot figures a move sent a message for every line, scale and title, and the browser
redrew each mark on its own (the last change 3-6x a bare slider round trip in
``benchmarks/bench_browser.py``). A setting shown before is shown again from what was kept.
"""
from __future__ import annotations

import ipywidgets as w
import numpy as np

from nbteach._base import NbteachError
from nbteach.bayesnet import elimination_ask, gibbs_chains
from nbteach.i18n import get_language
from nbteach.widgets import _svg
from nbteach.widgets._explorer import Explorer
from nbteach.widgets._html import esc, bilingual, view_html
from nbteach.widgets._plot import BLUE, GREEN, GREY, PURPLE, VERMILLION, legend
from nbteach.i18n import tr

__all__ = ["GibbsExplorer", "gibbs_explorer"]

#: the sliders' ranges: at most 500 + 5 x 1000 sweeps, about half a second in the kernel
_BURN_IN, _CHAINS, _THIN, _PER_CHAIN = (0, 500, 10), (1, 8, 1), (1, 5, 1), (50, 1000, 50)


def _in(name, x, bounds):
    low, high, step = bounds
    if isinstance(x, bool) or not isinstance(x, int) or not low <= x <= high or (x - low) % step:
        raise NbteachError(tr({"en": f"{name} must be an integer from {low} to {high}"
                                     + (f" in steps of {step}" if step > 1 else "") + f" (the slider's range); got {x!r}.",
                               "zh": f"{name} 必须是 {low} 到 {high} 之间的整数" + (f"（步长 {step}）" if step > 1 else "") + f"（滑块的范围）；你给的是 {x!r}。"}))
    return x


def _log_ticks(high):
    """Ticks of a log axis from 1 to ``high``: 1, 2 and 5 x 10^k, written as 1, 2, 5, 10, ..., 1k, 2k.

    >>> _log_ticks(1200)
    ([1, 2, 5, 10, 20, 50, 100, 200, 500, 1000], {1000: '1k'})
    """
    values = [m * 10 ** k for k in range(int(np.log10(high)) + 1) for m in (1, 2, 5) if m * 10 ** k <= high]
    return values, {v: f"{v // 1000}k" for v in values if v >= 1000}


class GibbsExplorer(Explorer):
    """Gibbs sampling of P(var=value | evidence), with burn-in, chains, thinning and samples on sliders.

    Attributes
    ----------
    burn_in, n_chains, thin, per_chain : IntSlider, the sampler's settings (``per_chain``: states
        each chain keeps; n_samples = per_chain x n_chains)
    view : HTML, the two plots side by side (SVG), the legend and the numbers: one message a move
    chains_fig : :class:`nbteach.widgets._svg.Picture`, each chain's running estimate over its
        sweeps (``chain_lines``), the exact answer (``exact_line``) and the end of the burn-in
        (``burn_line``)
    pooled_fig : Picture, the estimate from all chains as samples accumulate (``pooled_line``)
    legend, numbers : str, the HTML under the plots (what the marks are; the run's numbers)
    message : HTML, what to fix when the sampler refuses the settings
    run : the :class:`nbteach.bayesnet.inference.GibbsChains` on show
    exact : float, P(var=value | evidence) by variable elimination

    A setting shown before (the four sliders, the language) is shown again from what was kept
    (the last ``KEPT`` settings): a slider moved back and forth costs the kernel no sampling.
    """

    #: how many settings the view keeps what it showed for (about 0.3 MB each at most)
    KEPT = 64

    def __init__(self, net, var, value, evidence=None, burn_in=0, n_chains=4, thin=1, per_chain=300,
                 random_state=0, init=None):
        net.check_model()
        self.net, self.var, self.value = net, net.check_node(var), value
        self.evidence = dict(evidence or {})
        self.random_state, self.init = random_state, init
        net.encode_evidence({var: value, **self.evidence})    # a value each node takes, or a message
        if var in self.evidence:
            raise NbteachError(tr({"en": f"{var!r} is both the query and in the evidence.",
                                   "zh": f"{var!r} 既是查询变量又在证据之中。"}))
        self.exact = float(elimination_ask(net, var, self.evidence)[value])
        settings = {"burn_in": _in("burn_in", burn_in, _BURN_IN), "n_chains": _in("n_chains", n_chains, _CHAINS),
                    "thin": _in("thin", thin, _THIN), "per_chain": _in("per_chain", per_chain, _PER_CHAIN)}
        labels = {"burn_in": bilingual("burn-in (sweeps)", "预烧期（轮）"), "n_chains": bilingual("chains", "链数"),
                  "thin": bilingual("thinning: keep 1 sweep in", "间隔取样：每几轮保留 1 轮"),
                  "per_chain": bilingual("samples kept per chain", "每条链保留的样本数")}
        for name, (low, high, step) in zip(settings, (_BURN_IN, _CHAINS, _THIN, _PER_CHAIN)):
            slider = w.IntSlider(value=settings[name], min=low, max=high, step=step, description=labels[name],
                                 continuous_update=False, style={"description_width": "initial"},
                                 layout=w.Layout(width="360px"))
            slider.observe(lambda change: self.update(), names="value")
            setattr(self, name, slider)
        self._colours = [BLUE, VERMILLION, GREEN, PURPLE]
        question = f"P({var}={value!r} | " + (", ".join(f"{k}={v!r}" for k, v in self.evidence.items())
                                               or bilingual("no evidence", "无证据")) + ")"
        self.question = question
        sx, sy = _svg.LinearScale(min=0.0, max=1.0), _svg.LinearScale(min=0.0, max=1.0)
        scales = {"x": sx, "y": sy}
        self.chain_lines = _svg.Lines(x=[0.0, 1.0], y=[[0.0, 0.0]], scales=scales, colors=self._colours,
                                      stroke_width=1.5)
        self.exact_line = _svg.Lines(x=[0.0, 1.0], y=[self.exact, self.exact], scales=scales, colors=[GREY],
                                     line_style="dashed", stroke_width=2)
        self.burn_line = _svg.Lines(x=[0.0, 0.0], y=[0.0, 1.0], scales=scales, colors=[GREY], stroke_width=1)
        self._sweep_axis = _svg.Axis(scale=sx, label=bilingual("sweep", "轮"), tick_format=".0f")
        self.chains_fig = _svg.Picture([self.chain_lines, self.exact_line, self.burn_line],
                                     [self._sweep_axis,
                                      _svg.Axis(scale=sy, side="left", label=bilingual("running estimate", "累计估计值"),
                                                tick_format=".1f")],
                                     title=bilingual("each chain's running estimate", "每条链的累计估计值"),
                                     width=460, height=300)
        px, py = _svg.LogScale(min=1.0, max=10.0), _svg.LinearScale(min=0.0, max=1.0)
        self.pooled_line = _svg.Lines(x=[1.0, 10.0], y=[0.0, 0.0], scales={"x": px, "y": py}, colors=[BLUE],
                                      stroke_width=2)
        self.pooled_exact = _svg.Lines(x=[1.0, 10.0], y=[self.exact, self.exact], scales={"x": px, "y": py},
                                       colors=[GREY], line_style="dashed", stroke_width=2)
        self._samples_axis = _svg.Axis(scale=px, label=bilingual("samples kept, all chains (log scale)",
                                                           "所有链保留的样本数（对数刻度）"), tick_format="d",
                                       tick_values=_log_ticks(10)[0])
        self.pooled_fig = _svg.Picture([self.pooled_line, self.pooled_exact],
                                     [self._samples_axis,
                                      _svg.Axis(scale=py, side="left", label=bilingual("estimate", "估计值"),
                                                tick_format=".1f")],
                                     title=bilingual("all chains together", "所有链合在一起"), width=460, height=300)
        self._scales = (sx, px)
        self.legend = self.numbers = ""
        self.view = _svg.Panels([self.chains_fig, self.pooled_fig])
        self.message = w.HTML()
        self.widget = w.VBox([w.HBox([self.burn_in, self.n_chains]), w.HBox([self.thin, self.per_chain]),
                              self.view, self.message])
        self._kept = {}
        self.update()

    def _starts(self, n):
        if isinstance(self.init, (list, tuple)):       # one start state per chain, repeated in turn
            return [self.init[i % len(self.init)] for i in range(n)]
        return self.init

    def update(self):
        """Show the sliders' settings: a setting shown before from what was kept, a new one by
        re-running the sampler and drawing the view once (one message)."""
        key = (int(self.burn_in.value), int(self.n_chains.value), int(self.thin.value), int(self.per_chain.value),
               get_language())
        kept = self._kept.get(key)
        if kept is not None:
            self._restore(kept)
            self.message.value = ""
            return
        n = key[1]
        try:
            run = gibbs_chains(self.net, self.var, self.value, self.evidence,
                               n_samples=int(self.per_chain.value) * n, random_state=self.random_state,
                               burn_in=int(self.burn_in.value), n_chains=n, thin=int(self.thin.value),
                               init=self._starts(n))
        except NbteachError as err:
            self.message.value = view_html(f"<p>{esc(err)}</p>")
            return
        self.message.value = ""
        self._draw(run)
        self._keep(self._kept, key, self._snapshot())

    _STATE = {"chain_lines": ("x", "y"), "exact_line": ("x",), "burn_line": ("x",), "pooled_line": ("x", "y"),
              "pooled_exact": ("x",), "chains_fig": ("title",), "pooled_fig": ("title",)}

    def _snapshot(self):
        """What a setting shows: the run, the marks, the titles, the legend, the numbers and the view."""
        sx, px = self._scales
        return ({"run": self.run, "legend": self.legend, "numbers": self.numbers},
                {(m, k): getattr(getattr(self, m), k) for m, keys in self._STATE.items() for k in keys},
                (sx.max, px.max, self._sweep_axis.tick_values, self._samples_axis.tick_values,
                 self._samples_axis.tick_labels), self.view.value)

    def _restore(self, kept):
        own, marks, (sx_max, px_max, sweep_ticks, sample_ticks, sample_labels), value = kept
        for k, v in own.items():
            setattr(self, k, v)
        for (m, k), v in marks.items():
            setattr(getattr(self, m), k, v)
        sx, px = self._scales
        sx.max, px.max = sx_max, px_max
        self._sweep_axis.tick_values = sweep_ticks
        self._samples_axis.tick_values, self._samples_axis.tick_labels = sample_ticks, sample_labels
        self.view.below = self.legend + self.numbers
        self.view.value = value             # the whole view: one message

    def _draw(self, run):
        self.run = run
        n = run.n_chains
        sx, px = self._scales
        sx.max = float(run.sweeps)
        self._sweep_axis.tick_values = _svg.nice_ticks(0.0, float(run.sweeps), 6)
        self.chain_lines.x = run.running.index.to_numpy(dtype=float)
        y = run.running.to_numpy(dtype=float).T
        self.chain_lines.y = y[0] if n == 1 else y
        self.exact_line.x = [0.0, float(run.sweeps)]
        self.burn_line.x = [float(run.burn_in), float(run.burn_in)]
        px.max = float(run.n_kept)
        self._samples_axis.tick_values, self._samples_axis.tick_labels = _log_ticks(run.n_kept)
        self.pooled_line.x = run.pooled.index.to_numpy(dtype=float)
        self.pooled_line.y = run.pooled.to_numpy(dtype=float)
        self.pooled_exact.x = [1.0, float(run.n_kept)]
        self.chains_fig.title = bilingual(f"each chain's running estimate ({n} chain{'s' if n > 1 else ''})",
                                    f"每条链的累计估计值（{n} 条链）")
        se = f" ± {run.se:.4f}" if run.se == run.se else ""         # NaN (fewer than 2 batches): no error to show
        self.pooled_fig.title = bilingual("all chains together", "所有链合在一起") + f": {run.estimate:.4f}{se}"
        items = [(self._colours[i % len(self._colours)], "line", bilingual(f"chain {i + 1}", f"链 {i + 1}"))
                 for i in range(n)]
        self.legend = legend(items + [(GREY, "dashed", bilingual("exact (variable elimination)", "精确值（变量消去）")),
                                      (GREY, "line", bilingual("end of the burn-in", "预烧期结束"))])
        estimates = ", ".join(f"{x:.4f}" for x in run.estimates)
        spread = (bilingual("one chain: no spread to measure", "只有一条链：无从衡量离散程度") if n == 1 else
                  bilingual(f"standard deviation over the chains {run.spread:.4f}", f"各链之间的标准差 {run.spread:.4f}"))
        self.numbers = "<div class='nbteach-numbers'>" + bilingual(
            f"<p>Each chain ran {run.sweeps} sweeps: {run.burn_in} of burn-in, thrown away, then kept one "
            f"sweep in {run.thin} until it had {len(run.running)}; {n} chain{'s' if n > 1 else ''} keep "
            f"{run.n_kept} samples in all.</p>"
            f"<p>Gibbs estimate of {esc(self.question)}: <b>{run.estimate:.4f}</b>{se}"
            + (f" (Monte Carlo standard error by batch means, {run.n_batches} batches; effective sample size "
               f"{run.ess:.0f})" if se and run.ess == run.ess else
               f" (Monte Carlo standard error by batch means, {run.n_batches} batches)" if se else "")
            + f"; exact (variable elimination): <b>{self.exact:.4f}</b>.<br>Each chain's estimate: {estimates} "
            f"({spread}).</p>",
            f"<p>每条链运行 {run.sweeps} 轮：前 {run.burn_in} 轮为预烧期，丢弃；之后每 {run.thin} 轮保留一轮，"
            f"直到保留 {len(run.running)} 个；{n} 条链共保留 {run.n_kept} 个样本。</p>"
            f"<p>吉布斯采样对 {esc(self.question)} 的估计：<b>{run.estimate:.4f}</b>{se}"
            + (f"（批均值法的蒙特卡罗标准误，{run.n_batches} 批；有效样本量 {run.ess:.0f}）" if se and run.ess == run.ess else
               f"（批均值法的蒙特卡罗标准误，{run.n_batches} 批）" if se else "")
            + f"；精确值（变量消去）：<b>{self.exact:.4f}</b>。<br>每条链的估计：{estimates}（{spread}）。</p>") + "</div>"
        self.view.below = self.legend + self.numbers
        self.view.draw()                    # the plots, the legend and the numbers: one message


def gibbs_explorer(net, var, value, evidence=None, burn_in=0, n_chains=4, thin=1, per_chain=300,
                   random_state=0, init=None):
    """Make a :class:`GibbsExplorer` (see there). ``init``: the chains' start states, as in
    :func:`nbteach.bayesnet.gibbs_ask` (a list is repeated in turn over the chains).

    >>> from nbteach.bayesnet import burglary
    >>> ex = gibbs_explorer(burglary(), "Alarm", True, {"JohnCalls": True, "MaryCalls": True})
    >>> ex.n_chains.value = 2
    >>> ex.run.n_chains, ex.run.n_kept, len(ex.chain_lines.y)
    (2, 600, 2)
    """
    return GibbsExplorer(net, var, value, evidence, burn_in=burn_in, n_chains=n_chains, thin=thin,
                         per_chain=per_chain, random_state=random_state, init=init)
