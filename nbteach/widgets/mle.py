r"""Pictures of the Lagrangian MLE: contours, the constraint, and counts that move the optimum.

* :func:`lagrange_picture`: two words, the plane :math:`(\theta_1, \theta_2)`, contours of
  the log-likelihood, the constraint line :math:`\theta_1 + \theta_2 = 1`; at the optimum
  the gradient is parallel to the constraint's normal (1, 1), elsewhere on the line it is not.
* :class:`MLEExplorer` (:func:`mle_explorer`): three words, the probability simplex as a
  triangle, the log-posterior under a Dirichlet(alpha + 1) prior as a shaded map (alpha = 0:
  the log-likelihood), the MLE and the smoothed estimate as points. Count and alpha sliders
  move them; the figure is one SVG (:mod:`nbteach.widgets._svg`): a move sends the contours,
  points and title in one message, and the browser redraws one element.

Every number comes from :mod:`nbteach.derivations` (the derived closed form, log-likelihood
and derivative, turned into numpy functions with ``sympy.lambdify``); this module draws.
"""
from __future__ import annotations

from functools import lru_cache

import contourpy
import ipywidgets as w
import numpy as np
import sympy as sp

from nbteach._base import NbteachError
from nbteach._validation import check_alpha
from nbteach.derivations import dirichlet_smoothing
from nbteach.i18n import get_language
from nbteach.widgets import _svg
from nbteach.widgets._explorer import Explorer
from nbteach.widgets._html import ERROR, THEME_STYLE, esc, padded, bilingual
from nbteach.widgets._mpl import adopt, configure
from nbteach.widgets._plot import BLUE, GREY, VERMILLION, legend
from nbteach.i18n import tr

__all__ = ["lagrange_picture", "mle_explorer", "MLEExplorer", "simplex_xy"]

_SQRT3 = np.sqrt(3.0)


@lru_cache(maxsize=4)
def _functions(n_words):
    """numpy functions made from the derivation of Lidstone smoothing over n_words outcomes.

    Returns (estimate(counts, alpha) -> theta, objective(theta, counts, alpha) -> L,
    gradient(theta, counts, alpha) -> dL/dtheta, multiplier(counts, alpha) -> lambda).
    With alpha = 0 they are the MLE, the log-likelihood and its gradient.
    """
    d = dirichlet_smoothing(n_words)
    theta, N, alpha, lam = (d.symbols[k] for k in ("theta", "N", "alpha", "lambda"))
    th = [theta[v] for v in range(1, n_words + 1)]
    ns = [N[v] for v in range(1, n_words + 1)]
    a = sp.Symbol("a", nonnegative=True)  # alpha may be 0 here: the MLE
    est = [d.result[t].subs(alpha, a) for t in th]
    objective = d.step("loglik").expr.rhs.subs(alpha, a)
    grads = [eq.rhs.subs({alpha: a, lam: 0}) for eq in d.step("derivative_theta").expr]
    mult = d.step("multiplier_theta").expr[0].rhs.subs(alpha, a)
    return (sp.lambdify([ns, a], est, "numpy"),
            sp.lambdify([th, ns, a], objective, "numpy"),
            sp.lambdify([th, ns, a], grads, "numpy"),
            sp.lambdify([ns, a], mult, "numpy"))


def simplex_xy(theta):
    """Triangle coordinates of points of the 3-simplex: corners (0,0), (1,0), (1/2, sqrt3/2).

    >>> simplex_xy([[1, 0, 0], [0, 1, 0], [0, 0, 1]]).round(3).tolist()
    [[0.0, 0.0], [1.0, 0.0], [0.5, 0.866]]
    """
    t = np.asarray(theta, dtype=float)
    return np.stack([t[..., 1] + 0.5 * t[..., 2], _SQRT3 / 2 * t[..., 2]], axis=-1)


def lagrange_picture(n1=3, n2=1, ax=None):
    r"""Contours of :math:`N_1 \log\theta_1 + N_2 \log\theta_2`, the constraint, the gradients.

    Parameters
    ----------
    n1, n2 : int
        Counts of the two words (both >= 1).
    ax : matplotlib Axes, optional
        The legend is drawn below it; if its figure has no layout engine and no other
        axes, the figure is given constrained layout so that the legend fits.

    Returns
    -------
    matplotlib Axes
    """
    import matplotlib.pyplot as plt   # heavy and optional: only the static picture uses matplotlib

    configure()                     # Chinese glyphs, retina PNG in a notebook
    for name, v in (("n1", n1), ("n2", n2)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 1:
            raise NbteachError(tr({"en": f"{name} must be a count >= 1 (the picture needs both words), got {v!r}.",
                                   "zh": f"{name} 必须是 >= 1 的计数（图中两个词都要有），你给的是 {v!r}。"}))
    estimate, objective, gradient, _ = _functions(2)
    counts = [n1, n2]
    if ax is None:
        _, ax = plt.subplots(figsize=(5.2, 5.6), layout="constrained")
    elif ax.figure.get_layout_engine() is None and len(ax.figure.axes) == 1:
        # the legend sits below the axes: let the figure make room for it
        ax.figure.set_layout_engine("constrained")
    g = np.linspace(0.02, 1.3, 200)
    T1, T2 = np.meshgrid(g, g)
    Z = objective([T1, T2], counts, 0)
    best = np.array(estimate(counts, 0), dtype=float)
    levels = np.sort(objective(best, counts, 0) + np.array([-6, -3, -1.5, -0.6, 0, 0.8, 1.6]))
    cs = ax.contour(T1, T2, Z, levels=levels, cmap="viridis")
    ax.clabel(cs, fmt="%.1f", fontsize=7)
    # mathtext draws the words of a label that holds $...$ in its own fonts, which have no Chinese:
    # the Chinese labels write the formula in plain Unicode instead
    ax.plot([0, 1], [1, 0], color="k", lw=2, label=bilingual(r"constraint $\theta_1+\theta_2=1$", "约束 θ₁ + θ₂ = 1"))
    ax.plot(*best, "o", color="C3", ms=8, label=bilingual(r"optimum $\theta_i = N_i/N$", "最优点 θᵢ = Nᵢ/N"))
    other = np.array([0.3, 0.7]) if best[0] > 0.5 else np.array([0.7, 0.3])
    for point, colour, label in ((best, "C3", bilingual("gradient at the optimum", "最优点处的梯度")),
                                 (other, "C1", bilingual("gradient elsewhere on the line", "直线上别处的梯度"))):
        grad = np.array(gradient(point, counts, 0), dtype=float)
        grad = 0.25 * grad / np.linalg.norm(grad)
        ax.annotate("", xy=point + grad, xytext=point,
                    arrowprops=dict(arrowstyle="->", color=colour, lw=2))
        ax.plot([], [], color=colour, lw=2, label=label)
    ax.annotate("", xy=best + 0.4 * np.array([1, 1]) / np.sqrt(2), xytext=best,
                arrowprops=dict(arrowstyle="->", color="k", lw=1, ls="--"))
    ax.plot([], [], "k--", lw=1, label=bilingual("constraint normal (1, 1)", "约束的法向量 (1, 1)"))
    ax.set(xlim=(0, 1.3), ylim=(0, 1.3), xlabel=r"$\theta_1$", ylabel=r"$\theta_2$",
           title=bilingual("log-likelihood contours", "对数似然的等高线") + f", N = ({n1}, {n2})", aspect="equal")
    # below the axes: inside, every corner of the plane is crossed by a contour
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncols=2, fontsize=7)
    adopt(ax.figure)                # a figure made before configure(): its title's font too
    return ax


#: the contour levels drawn: 1 to 11 nats below the maximum
LEVELS = tuple(range(-11, 0))


def _contours(xs, ys, field, levels):
    """[(level, (k, 2) array of points), ...]: the pieces of each level's contour line."""
    if not np.isfinite(field).any():
        return []
    gen = contourpy.contour_generator(xs, ys, np.ma.masked_invalid(field))
    return [(lev, line) for lev in levels for line in gen.lines(lev) if len(line) > 1]


class MLEExplorer(Explorer):
    """Counts of three words and alpha in; the simplex with the estimate moving, out.

    Attributes
    ----------
    count_sliders : list of three IntSlider (N_1, N_2, N_3)
    alpha_slider : FloatSlider (alpha = 0: the MLE)
    view : ipywidgets.HTML, the numbers
    mle, smoothed : numpy arrays (the current estimates), or None where undefined
    fig, field, mle_point, smooth_point : the figure (an HTML widget holding one SVG,
        :mod:`nbteach.widgets._svg`), its Lines (the contours of the log-posterior, 1 nat
        apart) and two Scatter marks, updated in place and drawn once per move
    contours : [(level, points), ...], the contour pieces drawn
    corner_labels : the corners' names "all <word>" (ticks of the figure's axes)
    legend : HTML, what the marks are

    A setting shown before (counts, alpha, language) is shown again from what was kept
    (the last ``KEPT`` settings): a slider moved back and forth costs the kernel no drawing.
    """

    def __init__(self, counts=(6, 3, 1), alpha=0.0, words=("w1", "w2", "w3"), grid=160):
        counts = list(counts)
        if len(counts) != 3 or any(isinstance(c, bool) or not isinstance(c, (int, np.integer))
                                   or c < 0 for c in counts):
            raise NbteachError(tr({"en": f"counts must be three whole numbers >= 0 (N_1, N_2, N_3), got {counts!r}.",
                                   "zh": f"counts 必须是三个 >= 0 的整数（N_1, N_2, N_3），你给的是 {counts!r}。"}))
        check_alpha(alpha)
        if len(words) != 3:
            raise NbteachError(tr({"en": f"words must name the three words, got {words!r}.",
                                   "zh": f"words 必须给出三个词的名字，你给的是 {words!r}。"}))
        self.words = [str(x) for x in words]
        self._estimate, self._objective, _, self._multiplier = _functions(3)
        style, layout = {"description_width": "initial"}, w.Layout(width="360px")
        self.count_sliders = [w.IntSlider(value=int(c), min=0, max=30, description=f"N({x})",
                                          style=style, layout=layout)
                              for c, x in zip(counts, self.words)]
        self.alpha_slider = w.FloatSlider(value=float(alpha), min=0.0, max=max(5.0, float(alpha)),  # never clamp alpha
                                           step=0.1,
                                          description=bilingual("alpha (pseudo-count)", "alpha（伪计数）"), style=style,
                                          layout=layout)
        # the triangle, sampled once; only the values on it change
        xs = np.linspace(0, 1, grid)
        ys = np.linspace(0, _SQRT3 / 2, grid)
        X, Y = np.meshgrid(xs, ys)
        t3 = Y / (_SQRT3 / 2)
        t2 = X - 0.5 * t3
        t1 = 1 - t2 - t3
        inside = (t1 > 1e-9) & (t2 > 1e-9) & (t3 > 1e-9)
        self._theta = [np.where(inside, t, np.nan) for t in (t1, t2, t3)]
        # equal units on both axes: the plot area is as tall as the ranges ask
        sx = _svg.LinearScale(min=-0.05, max=1.05)
        sy = _svg.LinearScale(min=-0.1, max=1.0)
        scales = {"x": sx, "y": sy}
        colour = _svg.ColorScale(scheme="viridis", min=-12.0, max=0.0)
        # the log-posterior as contour lines 1 nat apart (levels -1 .. -11 below its
        # maximum), coloured by level: lines, not a filled map, so a move sends a few
        # hundred points and the browser redraws a dozen paths
        self._grid_xy = (xs, ys)
        self.field = _svg.Lines(x=[[0.0, 0.0]], y=[[0.0, 0.0]], color=[-1.0], scales={**scales, "color": colour},
                                stroke_width=1.5)
        corners = simplex_xy(np.eye(3))
        self.outline = _svg.Lines(x=np.r_[corners[:, 0], corners[0, 0]], y=np.r_[corners[:, 1], corners[0, 1]],
                                  scales=scales, colors=[GREY], stroke_width=1.5)
        self.mle_point = _svg.Scatter(x=[0.0], y=[0.0], scales=scales, colors=[VERMILLION], default_size=90)
        self.smooth_point = _svg.Scatter(x=[0.0], y=[0.0], scales=scales, marker="square", fill=False,
                                         colors=[BLUE], stroke=BLUE, stroke_width=3, default_size=200)
        # the corners are named by axis ticks (the theme's text colour): "all w1" and
        # "all w2" below the base, "all w3" above the apex
        self.corner_labels = [bilingual(f"all {name}", f"全是 {name}") for name in self.words]
        axes = [_svg.Axis(scale=sx, tick_values=[0.0, 1.0],
                          tick_labels={0: self.corner_labels[0], 1: self.corner_labels[1]}),
                _svg.Axis(scale=sx, side="top", tick_values=[0.5],
                          tick_labels={0.5: self.corner_labels[2]}),
                _svg.ColorAxis(scale=colour, label=bilingual("nats below max", "低于最大值的奈特数"),
                               tick_format=".0f")]
        # one SVG in one HTML widget, drawn once per move (_svg.Figure.draw): a bqplot figure
        # sent the contours, each point and the title in messages of their own, redrawn one by one
        self.fig = _svg.Figure([self.field, self.outline, self.mle_point, self.smooth_point],
                               axes, width=500, height=480,     # 380 x 380 px for 1.1 x 1.1 units
                               margin={"top": 80, "bottom": 20, "left": 10, "right": 110})
        # the theme's colour rules (the note's error colour) ride on the legend, which never
        # changes: a <style> element re-inserted with the numbers at every move made the browser
        # recompute the style of the whole page (8-14 ms a move in a Chromium trace)
        self.legend = w.HTML(THEME_STYLE + legend([
            (VERMILLION, "circle", bilingual("MLE N_i/N", "极大似然估计 N_i/N")),
            (BLUE, "open square", bilingual("smoothed (N_i+α)/(N+3α)", "平滑后 (N_i+α)/(N+3α)")),
            (GREY, "line", bilingual("contours of the log-posterior, 1 nat apart (α = 0: log-likelihood)",
                               "对数后验概率的等高线，间隔 1 奈特（α = 0 时即对数似然）"))]))
        self.view = w.HTML()
        for s in [*self.count_sliders, self.alpha_slider]:
            s.observe(lambda change: self._update(), names="value")
        self.widget = w.HBox([w.VBox([*self.count_sliders, self.alpha_slider, self.view]),
                              w.VBox([self.fig, self.legend])])
        self.mle = self.smoothed = None
        self._kept = {}
        self._update()

    @property
    def counts(self):
        return np.array([s.value for s in self.count_sliders], dtype=float)

    #: how many settings a view keeps what it showed for (a few MB at most)
    KEPT = 128

    def _update(self):
        n, a = self.counts, float(self.alpha_slider.value)
        # a setting shown before is shown again from what was kept (a student moving a slider
        # back and forth, a count up and down): the kernel answers without re-drawing
        key = (tuple(n.tolist()), a, get_language())
        kept = self._kept.get(key)
        if kept is None:
            self._compute(n, a)
            self._keep(self._kept, key, self._snapshot())
        else:
            self._restore(kept)

    _MARKS = {"field": ("x", "y", "color", "visible"), "mle_point": ("x", "y", "visible"),
              "smooth_point": ("x", "y", "visible"), "fig": ("title", "value"), "view": ("value",)}

    def _snapshot(self):
        """What a setting shows: the estimates, the contours, the marks, the figure and the numbers."""
        return ({"mle": self.mle, "smoothed": self.smoothed, "contours": self.contours},
                {(m, k): getattr(getattr(self, m), k) for m, keys in self._MARKS.items() for k in keys})

    def _restore(self, kept):
        own, marks = kept
        for k, v in own.items():
            setattr(self, k, v)
        for (m, k), v in marks.items():
            setattr(getattr(self, m), k, v)   # the figure's and the numbers' value: one message each

    def _compute(self, n, a):
        total = n.sum()
        self.mle = np.array(self._estimate(n, 0.0), dtype=float) if total > 0 else None
        self.smoothed = (np.array(self._estimate(n, a), dtype=float)
                         if total + 3 * a > 0 else None)
        with np.errstate(divide="ignore", invalid="ignore"):
            field = np.asarray(self._objective(self._theta, n, a), dtype=float)
        if np.isfinite(field).any():
            field = field - np.nanmax(field[np.isfinite(field)])
        self.contours = _contours(*self._grid_xy, field, LEVELS)
        if self.contours:
            # one row per level; its pieces joined with a NaN point between them (a drawn
            # line breaks at NaN), the rows padded with NaN to one length
            rows = {}
            for lev, line in self.contours:
                rows.setdefault(lev, []).extend([line, np.full((1, 2), np.nan)])
            rows = {lev: np.vstack(parts) for lev, parts in rows.items()}
            k = max(len(r) for r in rows.values())
            full = np.full((len(rows), k, 2), np.nan)
            for i, r in enumerate(rows.values()):
                full[i, :len(r)] = r
            self.field.x, self.field.y = full[:, :, 0], full[:, :, 1]
            self.field.color = np.array(list(rows), dtype=float)
        self.field.visible = bool(self.contours)
        for point, value in ((self.mle_point, self.mle), (self.smooth_point, self.smoothed)):
            if value is not None:
                (px, py), = simplex_xy([value])
                point.x, point.y = [px], [py]
            point.visible = value is not None
        self.fig.title = bilingual("counts", "计数") + f" N = {tuple(int(c) for c in n)}, alpha = {a:g}"
        self.fig.draw()                 # the marks and the title: one message
        self.view.value = padded(self._html(n, a)).removeprefix(THEME_STYLE)

    def _html(self, n, a):
        def fmt(v):
            return bilingual("undefined (0/0)", "无定义 (0/0)") if v is None else ", ".join(f"{x:.3f}" for x in v)

        lam = None if n.sum() + 3 * a == 0 else float(self._multiplier(n, a))
        rows = "".join(f"<tr><td>{esc(x)}</td><td>{int(c)}</td>"
                       f"<td>{'-' if self.mle is None else f'{m:.3f}'}</td>"
                       f"<td>{'-' if self.smoothed is None else f'{s:.3f}'}</td></tr>"
                       for x, c, m, s in zip(self.words, n,
                                             self.mle if self.mle is not None else [None] * 3,
                                             self.smoothed if self.smoothed is not None else [None] * 3))
        note = ""
        if self.mle is None:
            note = f"<p style='color:{ERROR}'>" + bilingual("No words counted: the MLE N_i/N is 0/0. Raise alpha.",
                                                      "一个词也没有计数：极大似然估计 N_i/N 是 0/0。请调大 alpha。") + "</p>"
        elif (self.mle == 0).any() and a == 0:
            note = (f"<p style='color:{ERROR}'>" + bilingual(
                "A word with count 0 gets probability 0 (on the edge of "
                "the triangle): any document containing it scores 0. Raise alpha.",
                "计数为 0 的词得到概率 0（落在三角形的边上）：任何含有它的文档得分都是 0。请调大 alpha。") + "</p>")
        lam_text = '-' if lam is None else f'{lam:g}'
        return bilingual(f"<table><tr><th>word</th><th>count</th><th>MLE</th><th>smoothed</th></tr>{rows}"
                   f"</table><p>MLE: {fmt(self.mle)}; smoothed: {fmt(self.smoothed)}; "
                   f"multiplier lambda = N + 3 alpha = {lam_text}</p>{note}",
                   f"<table><tr><th>词</th><th>计数</th><th>极大似然估计</th><th>平滑后</th></tr>{rows}"
                   f"</table><p>极大似然估计：{fmt(self.mle)}；平滑后：{fmt(self.smoothed)}；"
                   f"拉格朗日乘子 lambda = N + 3 alpha = {lam_text}</p>{note}")


def mle_explorer(counts=(6, 3, 1), alpha=0.0, words=("w1", "w2", "w3")):
    """Make an :class:`MLEExplorer`.

    >>> ex = mle_explorer(counts=(6, 3, 1))
    >>> ex.mle.round(2).tolist()
    [0.6, 0.3, 0.1]
    >>> ex.alpha_slider.value = 1.0
    >>> ex.smoothed.round(4).tolist()
    [0.5385, 0.3077, 0.1538]
    """
    return MLEExplorer(counts=counts, alpha=alpha, words=words)
