"""Held-out accuracy and F1 as a curve over the smoothing alpha (lesson 07).

The curve is computed once by :func:`nbteach.metrics.alpha_curve`; moving the alpha
slider re-smooths the model at that alpha (``TextNB.set_alpha``: no re-counting),
moves the marker and the vertical line along the curve, and rewrites the numbers and
the confusion table below it. The checkbox shows or hides the precision and recall
curves. Updates are in place: the figure and its marks are made once; a move sends the
figure as one SVG (:mod:`nbteach.widgets._svg`: the cursor, markers and title in one
message, one element redrawn) and the numbers.
"""
from __future__ import annotations

import ipywidgets as w
import numpy as np

from nbteach._base import NbteachError
from nbteach.metrics import accuracy_score, alpha_curve, confusion_table, precision_recall_f1
from nbteach.widgets import _svg
from nbteach.widgets._explorer import Explorer
from nbteach.widgets._html import esc, bilingual
from nbteach.widgets._plot import BLUE, GREEN, GREY, PURPLE, VERMILLION, legend
from nbteach.i18n import tr

__all__ = ["AlphaCurve", "alpha_curve_widget"]


class AlphaCurve(Explorer):
    """A widget: held-out scores against alpha, with a slider for alpha.

    Attributes
    ----------
    curve : DataFrame from :func:`nbteach.metrics.alpha_curve` (index: alpha)
    slider : ipywidgets.FloatLogSlider, the alpha shown
    show_pr : ipywidgets.Checkbox, show precision and recall too
    fig : the figure (an HTML widget holding one SVG, :mod:`nbteach.widgets._svg`);
    lines : dict score -> its Lines mark; vline : the cursor at alpha;
    markers : Scatter, the accuracy and F1 points at alpha
    numbers : ipywidgets.HTML, the scores and confusion table at the slider's alpha
    scores : dict, the scores at the slider's alpha (from nbteach.metrics)
    widget : the whole box
    """

    def __init__(self, model, X_train, y_train, X_test, y_test, alphas=None, alpha=1.0,
                 pos_label=None):
        if alphas is None:
            alphas = np.logspace(-3, 1, 17)
        alphas = np.sort(np.asarray(alphas, dtype=float))
        if alphas.size < 2 or np.any(alphas <= 0):
            raise NbteachError(tr({"en": "alphas must hold at least two positive values (log axis).",
                                   "zh": "alphas 至少要有两个正值（对数坐标轴）。"}))
        self.model = model
        self.data = (X_train, y_train, X_test, y_test)
        self._encoded = None
        self._scores = {}
        self.curve = alpha_curve(model, X_train, y_train, X_test, y_test, alphas, pos_label)
        self.pos_label = self.curve.attrs["pos_label"]

        a = self.curve.index.to_numpy()
        scores = self.curve[["accuracy", "f1", "precision", "recall"]].to_numpy(dtype=float)
        low = float(np.nanmin(scores)) if np.isfinite(scores).any() else 0.0
        self._ylim = (max(0.0, np.floor(low * 20) / 20 - 0.05), 1.0)
        sx = _svg.LogScale(min=float(a[0]), max=float(a[-1]))
        sy = _svg.LinearScale(min=self._ylim[0], max=self._ylim[1])
        scales = {"x": sx, "y": sy}
        style = {"accuracy": (BLUE, "solid", "circle", bilingual("accuracy", "精度")),
                 "f1": (VERMILLION, "solid", "circle", f"F1 ({self.pos_label})"),
                 "precision": (GREEN, "dashed", None, bilingual("precision", "查准率")),
                 "recall": (PURPLE, "dotted", None, bilingual("recall", "查全率"))}
        self.lines = {name: _svg.Lines(x=a, y=self.curve[name].to_numpy(dtype=float), scales=scales,
                                       colors=[colour], line_style=dash, marker=marker, marker_size=16,
                                       labels=[label], stroke_width=2)
                      for name, (colour, dash, marker, label) in style.items()}
        self.vline = _svg.Lines(x=[alpha, alpha], y=list(self._ylim), scales=scales, colors=[GREY])
        self.markers = _svg.Scatter(x=[alpha, alpha], y=[0.0, 0.0], scales=scales, marker="square",
                                    colors=[BLUE, VERMILLION], default_size=64)
        decades = 10.0 ** np.arange(np.ceil(np.log10(a[0]) - 1e-9), np.floor(np.log10(a[-1]) + 1e-9) + 1)
        axes = [_svg.Axis(scale=sx, label=bilingual("smoothing alpha (log scale)", "平滑参数 alpha（对数刻度）"),
                          tick_format="g", tick_values=decades),
                _svg.Axis(scale=sy, side="left", label=bilingual("score on held-out data", "留出数据上的得分"),
                          tick_format=".2f")]
        # one SVG in one HTML widget, drawn once per move (_svg.Figure.draw): a bqplot figure
        # sent the cursor, the markers and the title in messages of their own, redrawn one by one
        self.fig = _svg.Figure([*self.lines.values(), self.vline, self.markers], axes, width=640, height=360)

        self.slider = w.FloatLogSlider(value=alpha, base=10, min=np.log10(a[0]),
                                       max=np.log10(a[-1]), step=0.05, description="alpha α",
                                       readout_format=".3g", continuous_update=False,
                                       layout=w.Layout(width="420px"))
        self.show_pr = w.Checkbox(value=False, description=bilingual("show precision and recall", "显示查准率和查全率"))
        self._style = style
        self.legend = w.HTML()
        self.numbers = w.HTML()
        self.widget = w.VBox([w.HBox([self.slider, self.show_pr]), self.fig, self.legend, self.numbers])
        self.slider.observe(lambda change: self.update(), names="value")
        self.show_pr.observe(lambda change: self.update(), names="value")
        self.update()

    def scores_at(self, alpha):
        """Scores and confusion table of the model smoothed with ``alpha`` (library calls)."""
        X_train, y_train, X_test, y_test = self.data
        if hasattr(self.model, "set_alpha"):
            self.model.set_alpha(alpha)
        else:
            self.model.set_params(alpha=alpha).fit(X_train, y_train)
        if hasattr(self.model, "predict_encoded"):
            # TextNB: the held-out documents are tokenized once, not at every move
            if self._encoded is None:
                self._encoded = self.model.encode(X_test)
            pred = self.model.predict_encoded(self._encoded)
        else:
            pred = self.model.predict(X_test)
        p, r, f, _ = precision_recall_f1(y_test, pred, pos_label=self.pos_label)
        return {"alpha": alpha, "accuracy": accuracy_score(y_test, pred), "precision": p,
                "recall": r, "f1": f, "confusion": confusion_table(y_test, pred)}

    def update(self):
        """Recompute at the slider's alpha and redraw in place."""
        a = float(self.slider.value)
        # the scores at an alpha already shown are kept (the model re-smoothed all the same):
        # a slider moved back and forth does not score the held-out documents again
        # (a model without set_alpha is refitted, as scores_at does, and scored afresh)
        s = self._scores.get(a) if hasattr(self.model, "set_alpha") else None
        if s is None:
            s = self.scores_at(a)
            if hasattr(self.model, "set_alpha"):
                self._scores[a] = s
                if len(self._scores) > 512:
                    del self._scores[next(iter(self._scores))]
        else:
            self.model.set_alpha(a)
        self.scores = s
        self.vline.x = [a, a]
        self.markers.x, self.markers.y = [a, a], [s["accuracy"], s["f1"]]
        for name in ("precision", "recall"):
            self.lines[name].visible = bool(self.show_pr.value)
        # the legend lists the curves on show
        items = [(colour, {"solid": "line"}.get(dash, dash), label)
                 for name, (colour, dash, _, label) in self._style.items() if self.lines[name].visible]
        self.legend.value = legend(items + [(GREY, "line", bilingual("the slider's alpha", "滑块所在的 alpha"))])
        self.fig.title = bilingual(f"alpha = {a:.3g}: accuracy {s['accuracy']:.3f}, "
                             f"F1({self.pos_label}) {s['f1']:.3f}",
                             f"alpha = {a:.3g}：精度 {s['accuracy']:.3f}，"
                             f"F1({self.pos_label}) {s['f1']:.3f}")
        self.fig.draw()                 # cursor, markers, curves shown and title: one message
        table = _shown_html(s["confusion"])
        self.numbers.value = bilingual(
            f"<p>At alpha = {a:.3g}: accuracy {s['accuracy']:.4f}; for class "
            f"<b>{esc(self.pos_label)}</b> precision {s['precision']:.4f}, recall "
            f"{s['recall']:.4f}, F1 {s['f1']:.4f}.</p>{table}",
            f"<p>alpha = {a:.3g} 时：精度 {s['accuracy']:.4f}；对类别 "
            f"<b>{esc(self.pos_label)}</b>，查准率 {s['precision']:.4f}，查全率 "
            f"{s['recall']:.4f}，F1 {s['f1']:.4f}。</p>{table}")


def _shown_html(table) -> str:
    """A library table as HTML, its labels in the student's language (``ShownFrame.shown``)."""
    return (table.shown() if hasattr(table, "shown") else table).to_html()


def alpha_curve_widget(model, X_train, y_train, X_test, y_test, alphas=None, alpha=1.0,
                       pos_label=None):
    """Make an :class:`AlphaCurve` (see there).

    >>> from nbteach.text import TextNB
    >>> docs = ["cheap pills", "cheap deal now", "lunch at noon", "team meeting", "cheap lunch"]
    >>> y = ["spam", "spam", "ham", "ham", "ham"]
    >>> wdg = alpha_curve_widget(TextNB(), docs, y, docs, y, alphas=[0.01, 0.1, 1.0, 10.0])
    >>> wdg.slider.value = 10.0
    >>> "alpha = 10" in wdg.numbers.value, wdg.scores["alpha"]
    (True, 10.0)
    """
    return AlphaCurve(model, X_train, y_train, X_test, y_test, alphas, alpha, pos_label)
