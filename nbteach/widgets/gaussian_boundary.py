"""Gaussian naive Bayes in two dimensions: move the means and variances, watch the boundary.

Two classes, two features. The sliders set each class's mean and standard deviation per
feature and the prior of class 1; the checkbox "shared variance" ties class 1's
standard deviations to class 0's (note 004's assumption). The view draws the points of
each class (a fixed sample, moved and stretched with the sliders), the decision boundary
P(1|x) = 1/2 and the log odds v.x^2 + w.x + w0 that
:meth:`nbteach.gaussian.GaussianNB.log_odds_coefficients` gives: with a shared variance
v = 0 and the boundary is a straight line, otherwise a curve. The plot is one SVG in one HTML
widget (:mod:`nbteach.widgets._svg`), with the legend under it and the log odds beside it in
the same widget: a move sends the points, the boundary, the title and the numbers in one
message, and the browser replaces one element (with bqplot each class's points, the boundary,
the title and the numbers went in messages of their own, each redrawn on its own). A setting
shown before is shown again from what was kept, without computing or drawing.

A tick of "shared variance" greys out class 1's sd sliders in the browser at once
(:class:`GreyOut`, a hidden widget beside the view), without a message to the kernel; the
kernel sets the same ``disabled`` state after drawing, so its two messages arrive with nothing
left to change. Each of them used to re-render its slider, laid out the page once more after
the figure and came as a browser task of its own: the last change of a tick came 4-8 ms after
the figure on a loaded machine (CDP trace). A browser-side ``jslink`` did the greying too,
but sent it to the kernel, where two slider messages were handled before the checkbox's.
"""
from __future__ import annotations

import contourpy
import ipywidgets as w
import numpy as np
import traitlets

from nbteach._base import NbteachError
from nbteach.gaussian import GaussianNB, log_odds_from_coefficients
from nbteach.i18n import get_language
from nbteach.widgets import _svg
from nbteach.widgets._explorer import Explorer
from nbteach.widgets._html import bilingual
from nbteach.widgets._plot import BLUE, GREY, VERMILLION, legend
from nbteach.i18n import tr

__all__ = ["BoundaryExplorer", "GreyOut", "boundary_explorer", "boundary_lines"]

# In the browser: when the checkbox's model changes (a click, or the kernel), each target
# slider's model takes the same ``disabled`` at once, set on the browser's model and never
# saved (the kernel sets its own copy the same way: nothing to send). After the click's own
# task (a microtask), so that the checkbox's message leaves for the kernel first.
_GREY_OUT_ESM = r"""
async function tie(model) {
  // a widget reference arrives as "IPY_MODEL_<id>"
  const get = ref => typeof ref === 'string' ? model.widget_manager.get_model(ref.replace(/^IPY_MODEL_/, '')) : ref;
  const source = await get(model.get('source'));
  const targets = await Promise.all(model.get('targets').map(get));
  const follow = () => queueMicrotask(() => {
    for (const t of targets) if (t.get('disabled') !== source.get('value')) t.set('disabled', source.get('value'));
  });
  source.on('change:value', follow);
  return () => source.off('change:value', follow);
}
export default {
  initialize({ model }) { return tie(model); },
  render({ el }) { el.style.display = 'none'; el.setAttribute('aria-hidden', 'true'); },
};
"""

_GREY_OUT = None


def GreyOut(source, targets):  # noqa: N802 (a class made on first use: anywidget is imported late)
    """A hidden widget: in the browser, ``targets`` (sliders) are disabled while ``source`` (a
    checkbox) is ticked, at once, as a click changes it, with no message to the kernel. The
    kernel must set the same state itself (:meth:`BoundaryExplorer.update` does); this only
    spares the browser the wait and the re-rendering when the kernel's messages arrive."""
    global _GREY_OUT
    if _GREY_OUT is None:
        import anywidget  # heavy and optional: only the browser-side greying needs anywidget

        class _GreyOut(anywidget.AnyWidget):
            _esm = _GREY_OUT_ESM
            source = traitlets.Instance(w.Checkbox).tag(sync=True, **w.widget_serialization)
            targets = traitlets.List(traitlets.Instance(w.ValueWidget)).tag(sync=True, **w.widget_serialization)

        _GREY_OUT = _GreyOut
    return _GREY_OUT(source=source, targets=list(targets))


def boundary_lines(coefficients, lim=5.0, n=121):
    """The curve(s) where the log odds v.x^2 + w.x + w0 is 0 (P(1|x) = 1/2), inside the
    square [-lim, lim]^2: a list of (k, 2) arrays of points (contours of the grid, contourpy,
    of :func:`nbteach.gaussian.log_odds_from_coefficients`).

    >>> c = {"v": np.zeros(2), "w": np.array([1.0, 0.0]), "w0": -1.0}      # x1 = 1
    >>> [np.allclose(line[:, 0], 1.0) for line in boundary_lines(c)]
    [True]
    """
    g = np.linspace(-lim, lim, n)
    z = log_odds_from_coefficients(coefficients, np.stack(np.meshgrid(g, g), axis=-1))
    return [line for line in contourpy.contour_generator(g, g, z).lines(0.0) if len(line) > 1]


class BoundaryExplorer(Explorer):
    """Sliders for two 2-D Gaussian classes; the boundary and the log odds update.

    Attributes
    ----------
    mean_sliders : dict (class, feature) -> FloatSlider
    sd_sliders : dict (class, feature) -> FloatSlider (standard deviations)
    prior_slider : FloatSlider, P(class 1)
    shared : Checkbox, one variance per feature shared by the classes
    model : the GaussianNB built from the sliders (``GaussianNB.from_parameters``)
    coefficients : dict from ``model.log_odds_coefficients()``
    summary : str, HTML: the weights and the shape of the boundary (drawn beside the figure)
    fig : the figure (an HTML widget holding one SVG, :mod:`nbteach.widgets._svg`, the legend
        under it and ``summary`` beside it), drawn once per move; points : the two classes'
        Scatter marks; boundary : Lines, P(1|x) = 1/2
    boundary_pieces : list of (k, 2) arrays, the boundary's pieces (:func:`boundary_lines`)

    A setting shown before (the sliders, the checkbox, the language) is shown again from what
    was kept (the last ``KEPT`` settings): a slider moved back and forth costs no contouring
    and no drawing.
    """

    def __init__(self, means=((-1.0, 0.0), (1.5, 0.5)), sds=((1.0, 1.0), (1.0, 1.0)),
                 prior=0.5, shared=True, n_points=60, seed=0):
        means = np.asarray(means, dtype=float)
        sds = np.asarray(sds, dtype=float)
        if means.shape != (2, 2) or sds.shape != (2, 2):
            raise NbteachError(tr({"en": "means and sds take two classes x two features, e.g. "
                                         "means=((-1, 0), (1.5, 0.5)).",
                                   "zh": "means 和 sds 需要两个类别 x 两个属性，如 means=((-1, 0), (1.5, 0.5))。"}))
        for name, arr, lo, hi in (("mean", means, -3.0, 3.0), ("sd", sds, 0.3, 2.5)):
            bad = arr[(arr < lo) | (arr > hi)]
            if bad.size:
                # a slider would clamp it silently: say so instead
                raise NbteachError(tr({"en": f"each {name} must lie in [{lo}, {hi}] (the slider's range), got {bad[0]}.",
                                       "zh": f"每个 {name} 都必须在 [{lo}, {hi}] 之内（滑块的范围），你给的是 {bad[0]}。"}))
        if isinstance(prior, bool) or not isinstance(prior, (int, float)) or not 0.05 <= prior <= 0.95:
            raise NbteachError(tr({"en": f"prior must be a number in [0.05, 0.95] (the slider's range), got {prior!r}.",
                                   "zh": f"prior 必须是 [0.05, 0.95] 之内的数（滑块的范围），你给的是 {prior!r}。"}))
        rng = np.random.default_rng(seed)
        self._z = rng.standard_normal((2, n_points, 2))         # fixed draws, moved by the sliders
        style = {"description_width": "initial"}
        lay = w.Layout(width="300px")
        feat = ("x₁", "x₂")
        self.mean_sliders = {
            (c, j): w.FloatSlider(value=means[c, j], min=-3, max=3, step=0.1, readout_format=".1f",
                                  description=bilingual(f"class {c}: mean of {feat[j]}", f"类别 {c}：{feat[j]} 的均值"),
                                  style=style, layout=lay)
            for c in (0, 1) for j in (0, 1)}
        self.sd_sliders = {
            (c, j): w.FloatSlider(value=sds[c, j], min=0.3, max=2.5, step=0.05, readout_format=".2f",
                                  description=bilingual(f"class {c}: sd of {feat[j]}", f"类别 {c}：{feat[j]} 的标准差"),
                                  style=style, layout=lay)
            for c in (0, 1) for j in (0, 1)}
        self.prior_slider = w.FloatSlider(value=prior, min=0.05, max=0.95, step=0.05, readout_format=".2f",
                                          description=bilingual("prior P(class 1)", "先验概率 P(类别 1)"), style=style,
                                          layout=lay)
        self.shared = w.Checkbox(value=bool(shared), description=bilingual("shared variance (note 004)",
                                                                     "共享方差（笔记 004）"))
        for s in [*self.mean_sliders.values(), *self.sd_sliders.values(), self.prior_slider, self.shared]:
            s.observe(lambda change: self.update(), names="value")

        scales = {"x": _svg.LinearScale(min=-5.0, max=5.0), "y": _svg.LinearScale(min=-5.0, max=5.0)}
        # Okabe-Ito blue and orange, told apart by colour-blind readers; circles and
        # triangles as well, for a reader who sees no colour at all
        self.points = [_svg.Scatter(x=[0.0], y=[0.0], scales=scales, colors=[colour], marker=marker,
                                    default_size=24, opacities=[0.75])
                       for c, colour, marker in ((0, BLUE, "circle"), (1, VERMILLION, "triangle-up"))]
        self.boundary = _svg.Lines(x=[0.0, 0.0], y=[0.0, 0.0], scales=scales, colors=[GREY],
                                   stroke_width=3)
        axes = [_svg.Axis(scale=scales["x"], label="x₁"), _svg.Axis(scale=scales["y"], side="left", label="x₂")]
        # the legend under the picture and the numbers beside it, in the figure's one HTML widget
        below = legend([(BLUE, "circle", bilingual("class 0", "类别 0")),
                        (VERMILLION, "triangle", bilingual("class 1", "类别 1")),
                        (GREY, "line", bilingual("boundary P(1|x) = 1/2", "决策边界 P(1|x) = 1/2"))])
        self.fig = _svg.Figure([*self.points, self.boundary], axes, width=420, height=420,
                               margin={"top": 50, "bottom": 50, "left": 50, "right": 20}, clip=True,
                               below=below)
        cls0 = w.VBox([self.mean_sliders[0, 0], self.mean_sliders[0, 1], self.sd_sliders[0, 0],
                       self.sd_sliders[0, 1]])
        cls1 = w.VBox([self.mean_sliders[1, 0], self.mean_sliders[1, 1], self.sd_sliders[1, 0],
                       self.sd_sliders[1, 1]])
        self.grey_out = GreyOut(self.shared, [self.sd_sliders[1, 0], self.sd_sliders[1, 1]])
        self.widget = w.VBox([w.HBox([cls0, cls1]), w.HBox([self.prior_slider, self.shared]),
                              self.fig, self.grey_out])
        self._kept = {}
        self.update()

    def parameters(self):
        """(theta, var, prior) as the sliders set them, class 1's sds tied when shared."""
        theta = np.array([[self.mean_sliders[c, j].value for j in (0, 1)] for c in (0, 1)])
        sd = np.array([[self.sd_sliders[c, j].value for j in (0, 1)] for c in (0, 1)])
        if self.shared.value:
            sd[1] = sd[0]
        p = float(self.prior_slider.value)
        return theta, sd ** 2, np.array([1 - p, p])

    #: how many settings the view keeps what it showed for (about 40 kB each)
    KEPT = 128

    def update(self):
        theta, var, prior = self.parameters()
        # a setting shown before is shown again from what was kept (a slider moved back and forth)
        key = (theta.tobytes(), var.tobytes(), prior.tobytes(), get_language())
        kept = self._kept.get(key)
        if kept is None:
            self._compute(theta, var, prior)
            self._keep(self._kept, key, self._snapshot())
        else:
            self._restore(kept)
        # class 1's sd sliders greyed out while the variance is shared, after the figure: its
        # message goes first, and theirs (a tick of the checkbox) follow it at once; the browser
        # has greyed them already (GreyOut), so they change nothing there
        for j in (0, 1):
            self.sd_sliders[1, j].disabled = self.shared.value

    _OWN = ("model", "coefficients", "boundary_pieces", "summary")

    def _snapshot(self):
        """What a setting shows: the model, its numbers, the marks and the drawn figure."""
        marks = [(m, {k: getattr(m, k) for k in ("x", "y", "visible")}) for m in (*self.points, self.boundary)]
        return ({k: getattr(self, k) for k in self._OWN}, marks,
                {k: getattr(self.fig, k) for k in ("title", "beside", "value")})

    def _restore(self, kept):
        own, marks, fig = kept
        for k, v in own.items():
            setattr(self, k, v)
        for mark, state in marks:
            for k, v in state.items():
                setattr(mark, k, v)
        for k, v in fig.items():
            setattr(self.fig, k, v)     # the figure's value: one message

    def _compute(self, theta, var, prior):
        self.model = GaussianNB.from_parameters(theta, var, prior)
        c = self.coefficients = self.model.log_odds_coefficients()
        for k in (0, 1):
            pts = theta[k] + np.sqrt(var[k]) * self._z[k]
            self.points[k].x, self.points[k].y = pts[:, 0], pts[:, 1]
        lines = boundary_lines(c)
        if lines:
            # several pieces (a hyperbola's two branches): one row each, padded to one
            # length by repeating a piece's last point
            k = max(len(line) for line in lines)
            full = np.stack([np.vstack([line, np.repeat(line[-1:], k - len(line), axis=0)])
                             for line in lines])
            self.boundary.x, self.boundary.y = full[:, :, 0], full[:, :, 1]
        self.boundary.visible = bool(lines)
        self.boundary_pieces = lines
        linear = bool(np.all(c["v"] == 0))
        self.fig.title = bilingual("boundary P(class 1 | x) = 1/2: " + ("a straight line" if linear else "a curve")
                             + ("" if lines else " (outside the plot)"),
                             "决策边界 P(类别 1 | x) = 1/2：" + ("一条直线" if linear else "一条曲线")
                             + ("" if lines else "（在图外）"))
        v, wv, w0 = c["v"], c["w"], c["w0"]
        self.summary = (
            "<div style='padding:0 1em'><p><b>" + bilingual("log odds", "对数几率") + "</b> ln P(1|x)/P(0|x) =<br>"
            f"{v[0]:+.3f}·x₁² {v[1]:+.3f}·x₂² {wv[0]:+.3f}·x₁ {wv[1]:+.3f}·x₂ {w0:+.3f}</p>"
            + bilingual(f"<p>v (the x² weights) = ({v[0]:.3f}, {v[1]:.3f}): ",
                  f"<p>v（x² 的权重）= ({v[0]:.3f}, {v[1]:.3f})：")
            + (bilingual("zero, because the variance is shared: the boundary is a line and "
                   "P(1|x) = sigmoid(w·x + w₀), logistic regression's form.</p>",
                   "为零，因为方差是共享的：决策边界是一条直线，"
                   "且 P(1|x) = sigmoid(w·x + w₀)，正是对数几率回归的形式。</p>") if linear else
               bilingual("not zero, because the classes' variances differ: the boundary curves.</p>",
                   "不为零，因为两个类别的方差不同：决策边界是弯曲的。</p>"))
            + "</div>")
        self.fig.beside = self.summary
        self.fig.draw()         # the points, the boundary, the title and the numbers: one message


def boundary_explorer(**kwargs):
    """Make a :class:`BoundaryExplorer` (see there).

    >>> ex = boundary_explorer()
    >>> bool(ex.coefficients["v"].any())          # shared variance: no x^2 terms
    False
    >>> ex.shared.value = False; ex.sd_sliders[1, 0].value = 2.0
    >>> bool(ex.coefficients["v"][0] != 0), "curve" in ex.summary
    (True, True)
    """
    return BoundaryExplorer(**kwargs)
