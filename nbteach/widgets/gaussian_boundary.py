"""Gaussian naive Bayes in two dimensions: move the means and variances, watch the boundary.

Two classes, two features. The sliders set each class's mean and standard deviation per
feature and the prior of class 1; the checkbox "shared variance" ties class 1's
standard deviations to class 0's (note 004's assumption). The view draws the points of
each class (a fixed sample, moved and stretched with the sliders), the decision boundary
P(1|x) = 1/2 and the log odds v.x^2 + w.x + w0 that
:meth:`nbteach.gaussian.GaussianNB.log_odds_coefficients` gives: with a shared variance
v = 0 and the boundary is a straight line, otherwise a curve.
"""
from __future__ import annotations

import io

import numpy as np

from nbteach._base import NbteachError

__all__ = ["BoundaryExplorer", "boundary_explorer"]

_COLOURS = ("#0072B2", "#E69F00")           # Okabe-Ito blue and orange: colour-blind safe


class BoundaryExplorer:
    """Sliders for two 2-D Gaussian classes; the boundary and the log odds update.

    Attributes
    ----------
    mean_sliders : dict (class, feature) -> FloatSlider
    sd_sliders : dict (class, feature) -> FloatSlider (standard deviations)
    prior_slider : FloatSlider, P(class 1)
    shared : Checkbox, one variance per feature shared by the classes
    model : the GaussianNB built from the sliders (``GaussianNB.from_parameters``)
    coefficients : dict from ``model.log_odds_coefficients()``
    summary : HTML, the weights and the shape of the boundary
    image : Image, the plot
    """

    def __init__(self, means=((-1.0, 0.0), (1.5, 0.5)), sds=((1.0, 1.0), (1.0, 1.0)),
                 prior=0.5, shared=True, n_points=60, seed=0):
        import ipywidgets as w
        from matplotlib.figure import Figure

        means = np.asarray(means, dtype=float)
        sds = np.asarray(sds, dtype=float)
        if means.shape != (2, 2) or sds.shape != (2, 2):
            raise NbteachError("means and sds take two classes x two features, e.g. "
                               "means=((-1, 0), (1.5, 0.5)).")
        for name, arr, lo, hi in (("mean", means, -3.0, 3.0), ("sd", sds, 0.3, 2.5)):
            bad = arr[(arr < lo) | (arr > hi)]
            if bad.size:
                # a slider would clamp it silently: say so instead
                raise NbteachError(f"each {name} must lie in [{lo}, {hi}] (the slider's range), got {bad[0]}.")
        if isinstance(prior, bool) or not isinstance(prior, (int, float)) or not 0.05 <= prior <= 0.95:
            raise NbteachError(f"prior must be a number in [0.05, 0.95] (the slider's range), got {prior!r}.")
        rng = np.random.default_rng(seed)
        self._z = rng.standard_normal((2, n_points, 2))         # fixed draws, moved by the sliders
        style = {"description_width": "initial"}
        lay = w.Layout(width="300px")
        feat = ("x₁", "x₂")
        self.mean_sliders = {
            (c, j): w.FloatSlider(value=means[c, j], min=-3, max=3, step=0.1, readout_format=".1f",
                                  description=f"class {c}: mean of {feat[j]}", style=style, layout=lay)
            for c in (0, 1) for j in (0, 1)}
        self.sd_sliders = {
            (c, j): w.FloatSlider(value=sds[c, j], min=0.3, max=2.5, step=0.05, readout_format=".2f",
                                  description=f"class {c}: sd of {feat[j]}", style=style, layout=lay)
            for c in (0, 1) for j in (0, 1)}
        self.prior_slider = w.FloatSlider(value=prior, min=0.05, max=0.95, step=0.05, readout_format=".2f",
                                          description="prior P(class 1)", style=style, layout=lay)
        self.shared = w.Checkbox(value=bool(shared), description="shared variance (note 004)")
        self.summary = w.HTML()
        self.image = w.Image(format="png")
        for s in [*self.mean_sliders.values(), *self.sd_sliders.values(), self.prior_slider, self.shared]:
            s.observe(lambda change: self.update(), names="value")

        self.fig = Figure(figsize=(5.2, 4.4), layout="constrained")
        self.ax = self.fig.add_subplot()
        self.scatter = [self.ax.plot([], [], "o", ms=4, alpha=0.7, color=_COLOURS[c],
                                     label=f"class {c}")[0] for c in (0, 1)]
        self.ax.set_xlim(-5, 5)
        self.ax.set_ylim(-5, 5)
        self.ax.set_xlabel("x₁")
        self.ax.set_ylabel("x₂")
        self.ax.set_aspect("equal")
        self._contour = None
        gx = np.linspace(-5, 5, 121)
        self._gx, self._gy = np.meshgrid(gx, gx)
        self._grid = np.column_stack([self._gx.ravel(), self._gy.ravel()])
        cls0 = w.VBox([self.mean_sliders[0, 0], self.mean_sliders[0, 1], self.sd_sliders[0, 0],
                       self.sd_sliders[0, 1]])
        cls1 = w.VBox([self.mean_sliders[1, 0], self.mean_sliders[1, 1], self.sd_sliders[1, 0],
                       self.sd_sliders[1, 1]])
        self.widget = w.VBox([w.HBox([cls0, cls1]), w.HBox([self.prior_slider, self.shared]),
                              w.HBox([self.image, self.summary])])
        self.update()

    def parameters(self):
        """(theta, var, prior) as the sliders set them, class 1's sds tied when shared."""
        theta = np.array([[self.mean_sliders[c, j].value for j in (0, 1)] for c in (0, 1)])
        sd = np.array([[self.sd_sliders[c, j].value for j in (0, 1)] for c in (0, 1)])
        if self.shared.value:
            sd[1] = sd[0]
        p = float(self.prior_slider.value)
        return theta, sd ** 2, np.array([1 - p, p])

    def update(self):
        from nbteach.gaussian import GaussianNB

        shared = self.shared.value
        for j in (0, 1):
            self.sd_sliders[1, j].disabled = shared
        theta, var, prior = self.parameters()
        self.model = GaussianNB.from_parameters(theta, var, prior)
        c = self.coefficients = self.model.log_odds_coefficients()
        for k in (0, 1):
            pts = theta[k] + np.sqrt(var[k]) * self._z[k]
            self.scatter[k].set_data(pts[:, 0], pts[:, 1])
        if self._contour is not None:
            self._contour.remove()
        post = self.model.predict_proba(self._grid)[:, 1].reshape(self._gx.shape)
        self._contour = self.ax.contour(self._gx, self._gy, post, levels=[0.5], colors="k",
                                        linewidths=2)
        linear = bool(np.all(c["v"] == 0))
        self.ax.set_title("boundary P(class 1 | x) = 1/2: " + ("a straight line" if linear else "a curve"),
                          fontsize=10)
        self.ax.legend(loc="upper left", fontsize=8)
        buf = io.BytesIO()
        self.fig.savefig(buf, format="png", dpi=100)
        self.image.value = buf.getvalue()
        v, wv, w0 = c["v"], c["w"], c["w0"]
        self.summary.value = (
            "<div style='padding:0 1em'><p><b>log odds</b> ln P(1|x)/P(0|x) =<br>"
            f"{v[0]:+.3f}·x₁² {v[1]:+.3f}·x₂² {wv[0]:+.3f}·x₁ {wv[1]:+.3f}·x₂ {w0:+.3f}</p>"
            f"<p>v (the x² weights) = ({v[0]:.3f}, {v[1]:.3f}): "
            + ("zero, because the variance is shared: the boundary is a line and "
               "P(1|x) = sigmoid(w·x + w₀), logistic regression's form.</p>" if linear else
               "not zero, because the classes' variances differ: the boundary curves.</p>")
            + "</div>")

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)


def boundary_explorer(**kwargs):
    """Make a :class:`BoundaryExplorer` (see there).

    >>> ex = boundary_explorer()
    >>> bool(ex.coefficients["v"].any())          # shared variance: no x^2 terms
    False
    >>> ex.shared.value = False; ex.sd_sliders[1, 0].value = 2.0
    >>> bool(ex.coefficients["v"][0] != 0), "curve" in ex.summary.value
    (True, True)
    """
    return BoundaryExplorer(**kwargs)
