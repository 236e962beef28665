"""EM against labelled-only naive Bayes: move the number of labels and of EM iterations (lesson 12).

Everything is computed once, when the view is made, by :func:`nbteach.em.em_learning_curve`
(for each number of labelled rows and each random draw of them, EM's held-out accuracy and its
objective at every iteration; iteration 0 is naive Bayes on the labelled rows only) and
summarised by :func:`nbteach.em.em_against_labelled_only`. A move of either slider looks the
numbers up: no fitting while the student drags.

One move, one message: the two figures are drawn as SVG (:mod:`nbteach.widgets._svg`, marks
with bqplot's attribute names) and written with the legend and the numbers into one ``HTML``
value, which the browser replaces as one element. (As bqplot figures, a move sent the cursor,
the marker, the curves, the band and the numbers in messages of their own, and the browser
redrew each mark on its own.) A setting shown before is written again from what was kept.
"""
from __future__ import annotations

import ipywidgets as w
import numpy as np

from nbteach._base import NbteachError
from nbteach._validation import check_n_labelled
from nbteach.em import em_against_labelled_only, em_learning_curve
from nbteach.i18n import get_language
from nbteach.widgets import _svg
from nbteach.widgets._explorer import Explorer
from nbteach.widgets._html import bilingual
from nbteach.widgets._plot import BLUE, GREY, VERMILLION, legend
from nbteach.i18n import tr

__all__ = ["EMExplorer", "em_explorer"]


class EMExplorer(Explorer):
    """Two sliders (labelled rows, EM iterations); held-out accuracy and the objective.

    Attributes
    ----------
    curve : DataFrame from :func:`nbteach.em.em_learning_curve`
    labels_slider : SelectionSlider, the number of labelled rows
    iter_slider : IntSlider, the EM iterations (0 = labelled-only naive Bayes)
    summary : DataFrame, :func:`nbteach.em.em_against_labelled_only` at the slider's iteration
    accuracy_fig, objective_fig : :class:`nbteach.widgets._svg.Picture`, their marks ``em_line``,
        ``band``, ``nb_line``, ``cursor``; ``objective_line``, ``objective_marker``
    numbers : HTML, the two figures, their legend and the comparison at the sliders' values
        (one value: a move is one message)
    """

    def __init__(self, X_train, y_train, X_test, y_test, n_labelled=(4, 10, 20, 50, 200),
                 n_draws=5, max_iter=10, alpha=1.0, random_state=0):
        n_labelled = check_n_labelled(n_labelled)
        if isinstance(max_iter, bool) or not isinstance(max_iter, (int, np.integer)) or max_iter < 1:
            raise NbteachError(tr({"en": f"max_iter must be a whole number >= 1 (the slider's range), got {max_iter!r}.",
                                   "zh": f"max_iter 必须是 >= 1 的整数（滑块的范围），你给的是 {max_iter!r}。"}))
        self.curve = em_learning_curve(X_train, y_train, X_test, y_test, n_labelled=n_labelled,
                                       n_draws=n_draws, max_iter=max_iter, alpha=alpha,
                                       random_state=random_state)
        # look-up tables, all from em_against_labelled_only (the view computes nothing itself):
        # EM's mean and sd over the draws at each iteration (iteration 0 is naive Bayes); the
        # first draw's objective
        self._iterations = np.arange(max_iter + 1)
        self._summaries = {k: em_against_labelled_only(self.curve, k) for k in self._iterations}
        self._mean = {n: np.array([self._summaries[k].loc[n, "EM mean"] for k in self._iterations])
                      for n in n_labelled}
        self._sd = {n: np.array([self._summaries[k].loc[n, "EM sd"] for k in self._iterations])
                    for n in n_labelled}
        first = self.curve[self.curve["draw"] == 0]
        self._objective = first.set_index(["n_labelled", "iteration"])["objective"]

        lo = float((self.curve["accuracy"]).min())
        sx = _svg.LinearScale(min=0, max=float(max_iter))
        sy = _svg.LinearScale(min=max(0.0, np.floor(lo * 20) / 20 - 0.05), max=1.0)
        scales = {"x": sx, "y": sy}
        it = self._iterations
        # whole iterations only on the x axes (bqplot wrote its round ticks with format "d")
        x_ticks = [v for v in _svg.nice_ticks(0, max_iter) if float(v).is_integer()]
        self.em_line = _svg.Lines(x=it, y=np.zeros(len(it)), scales=scales, colors=[BLUE], marker="circle",
                                  marker_size=16, stroke_width=2)
        self.band = _svg.Area(x=np.concatenate([it, it[::-1]]), y=np.zeros(2 * len(it)), scales=scales,
                              fill_colors=[BLUE], fill_opacities=[0.15])
        self.nb_line = _svg.Lines(x=[0, max_iter], y=[0, 0], scales=scales, colors=[VERMILLION],
                                  line_style="dashed", stroke_width=2)
        self.cursor = _svg.Lines(x=[0, 0], y=[sy.min, sy.max], scales=scales, colors=[GREY])
        self.accuracy_fig = _svg.Picture(
            [self.band, self.em_line, self.nb_line, self.cursor],
            [_svg.FunctionAxis(scale=sx, label=bilingual("EM iterations", "EM 算法迭代次数"), tick_values=x_ticks,
                               tick_text=lambda v: f"{v:.0f}"),
             _svg.Axis(scale=sy, side="left", label=bilingual("held-out accuracy", "留出数据上的精度"), tick_format=".2f")],
            width=460, height=320)
        ox = _svg.LinearScale(min=0, max=float(max_iter))
        # the objective's axis spans the shown curve (bqplot's scale without min and max): set per move
        self._oy = _svg.LinearScale(min=0, max=1)
        self.objective_line = _svg.Lines(x=it, y=np.zeros(len(it)), scales={"x": ox, "y": self._oy},
                                         colors=[BLUE], marker="circle", marker_size=16, stroke_width=2)
        self.objective_marker = _svg.Scatter(x=[0], y=[0.0], scales={"x": ox, "y": self._oy}, marker="square",
                                             colors=[VERMILLION], default_size=80)
        self.objective_fig = _svg.Picture(
            [self.objective_line, self.objective_marker],
            [_svg.FunctionAxis(scale=ox, label=bilingual("EM iterations", "EM 算法迭代次数"), tick_values=x_ticks,
                               tick_text=lambda v: f"{v:.0f}"),
             _svg.FunctionAxis(scale=self._oy, side="left", label=bilingual("objective L (first draw)",
                                                                      "目标函数 L（第一次抽取）"),
                               tick_text=_svg.si_format, label_offset=66)],
            width=460, height=320, margin={"top": 50, "bottom": 50, "left": 80, "right": 20})
        self._legend = legend([
            (BLUE, "line", bilingual(f"EM, mean over {n_draws} draws (band: ± 1 sd)",
                               f"EM 算法，{n_draws} 次抽取的均值（阴影带：± 1 个标准差）")),
            (VERMILLION, "dashed", bilingual("naive Bayes on the labelled rows only", "只用有标记样本的朴素贝叶斯分类器")),
            (GREY, "line", bilingual("the slider's iterations", "滑块所在的迭代次数"))])
        style = {"description_width": "initial"}
        self.labels_slider = w.SelectionSlider(options=n_labelled, value=n_labelled[0],
                                               description=bilingual("labelled rows", "有标记的样本数"), style=style,
                                               continuous_update=True, layout=w.Layout(width="380px"))
        self.iter_slider = w.IntSlider(value=max_iter, min=0, max=max_iter, step=1,
                                       description=bilingual("EM iterations", "EM 算法迭代次数"), style=style,
                                       layout=w.Layout(width="380px"))
        self.numbers = w.HTML()
        self.widget = w.VBox([w.HBox([self.labels_slider, self.iter_slider]), self.numbers])
        self._kept = {}
        self.labels_slider.observe(lambda change: self.update(), names="value")
        self.iter_slider.observe(lambda change: self.update(), names="value")
        self.update()

    #: how many settings the view keeps what it wrote for (all of them, as a rule: 5 x 11 here)
    KEPT = 256

    def update(self):
        """Look up the numbers at the sliders' values, set the marks, write the view (one message)."""
        n, k = int(self.labels_slider.value), int(self.iter_slider.value)
        mean, sd = self._mean[n], self._sd[n]
        self.em_line.y = mean
        self.band.y = np.concatenate([mean + sd, (mean - sd)[::-1]])
        self.nb_line.y = [float(mean[0])] * 2
        self.objective_line.y = self._objective.loc[n].to_numpy()
        self.summary = self._summaries[k].loc[[n]]
        self.cursor.x = [k, k]
        self.objective_marker.x, self.objective_marker.y = [k], [float(self._objective.loc[(n, k)])]
        self.accuracy_fig.title = bilingual(f"{n} labelled rows: held-out accuracy", f"{n} 个有标记样本：留出数据上的精度")
        self.objective_fig.title = bilingual("EM's objective never decreases", "EM 算法的目标函数从不下降")
        # a setting shown before (a slider moved back and forth): written again from what was kept
        key = (n, k, get_language())
        value = self._kept.get(key)
        if value is None:
            value = self._keep(self._kept, key, self._draw(n, k))
        self.numbers.value = value

    def _draw(self, n, k):
        """The view at ``n`` labelled rows and ``k`` iterations: both figures, the legend, the numbers."""
        low, high = float(np.min(self.objective_line.y)), float(np.max(self.objective_line.y))
        if low == high:                     # a flat objective: a unit span around it
            low, high = low - 0.5, high + 0.5
        self._oy.min, self._oy.max = low, high
        row = self.summary.loc[n]
        numbers = bilingual(
            f"<p>With <b>{n}</b> labelled rows, after <b>{k}</b> EM iteration(s): EM "
            f"{row['EM mean']:.3f} ± {row['EM sd']:.3f}, naive Bayes on the labelled rows only "
            f"{row['naive Bayes mean']:.3f} ± {row['naive Bayes sd']:.3f} (mean ± sd over "
            f"{int(row['draws'])} draws of the labelled rows); EM − naive Bayes "
            f"{row['EM - NB mean']:+.3f} ± {row['EM - NB sd']:.3f}, EM ahead in "
            f"{int(row['draws EM ahead'])} of {int(row['draws'])} draws.</p>",
            f"<p>有 <b>{n}</b> 个有标记样本、EM 算法迭代 <b>{k}</b> 次后：EM 算法 "
            f"{row['EM mean']:.3f} ± {row['EM sd']:.3f}，只用有标记样本的朴素贝叶斯分类器 "
            f"{row['naive Bayes mean']:.3f} ± {row['naive Bayes sd']:.3f}（有标记样本抽取 "
            f"{int(row['draws'])} 次的均值 ± 标准差）；EM 算法 − 朴素贝叶斯 "
            f"{row['EM - NB mean']:+.3f} ± {row['EM - NB sd']:.3f}，{int(row['draws'])} 次抽取中 EM 算法领先 "
            f"{int(row['draws EM ahead'])} 次。</p>")
        figures = (f"<div style='display:flex;gap:4px'>{self.accuracy_fig.svg()}{self.objective_fig.svg()}</div>")
        return figures + self._legend + numbers


def em_explorer(X_train, y_train, X_test, y_test, n_labelled=(4, 10, 20, 50, 200), n_draws=5,
                max_iter=10, alpha=1.0, random_state=0):
    """Make an :class:`EMExplorer` (see there).

    >>> from nbteach.em import mixture_documents
    >>> X, y = mixture_documents(200, random_state=0)
    >>> Xt, yt = mixture_documents(100, random_state=1)
    >>> ex = em_explorer(X, y, Xt, yt, n_labelled=[4, 20], n_draws=2, max_iter=3)
    >>> ex.iter_slider.value, list(ex.summary.index)
    (3, [4])
    >>> ex.labels_slider.value = 20
    >>> list(ex.summary.index)
    [20]
    """
    return EMExplorer(X_train, y_train, X_test, y_test, n_labelled=n_labelled, n_draws=n_draws,
                      max_iter=max_iter, alpha=alpha, random_state=random_state)
