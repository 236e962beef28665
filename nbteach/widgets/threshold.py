"""Move the decision threshold: precision, recall and the confusion matrix follow.

A fitted two-class model's held-out posteriors are computed once. The slider sets t; the
model flags the positive class when P(positive | x) >= t. The figure is the model's
precision/recall curve (``nbteach.metrics.precision_recall_curve``) with a marker at t; beside
it the confusion matrix and the scores at t (``nbteach.metrics``).
Lesson 07 uses it; lesson 09 derives which t the costs of the two errors call for.

One move, one message: the curve, the marker and the title are drawn as one SVG
(:mod:`nbteach.widgets._svg`, marks with bqplot's attribute names) and written with the numbers
beside it into one ``HTML`` value, which the browser replaces as one element. (As a bqplot
figure, a move sent the marker, the title and the numbers in three messages, and the browser
redrew each on its own.)
"""
from __future__ import annotations

import ipywidgets as w
import numpy as np

from nbteach._base import NbteachError
from nbteach.decision import threshold_decision
from nbteach.metrics import confusion_table, precision_recall_curve, precision_recall_f1
from nbteach.widgets import _svg
from nbteach.widgets._explorer import Explorer
from nbteach.widgets._html import THEME_STYLE, esc, padded, bilingual
from nbteach.widgets._plot import BLUE, VERMILLION
from nbteach.i18n import tr

__all__ = ["ThresholdExplorer", "threshold_explorer"]


class ThresholdExplorer(Explorer):
    """A threshold slider over a fitted two-class model's held-out posteriors.

    Attributes
    ----------
    slider : FloatSlider, the threshold t
    fig : the figure (an HTML widget holding one SVG, :mod:`nbteach.widgets._svg`, and the
        numbers beside it): the precision/recall curve (``pr_line``) with the point at t
        (``marker``), drawn once per move
    numbers : the same widget as ``fig``: the scores and the confusion matrix at t are written
        into its value, beside the curve (one value: a move is one message)
    scores : dict, precision, recall, f1, flagged and the confusion table at t
    curve : DataFrame, the whole precision/recall curve
    """

    def __init__(self, model, X_test, y_test, positive, threshold=0.5):
        if not hasattr(model, "classes_"):
            raise NbteachError(tr({"en": "threshold_explorer needs a fitted model: call .fit(X_train, y_train) first.",
                                   "zh": "threshold_explorer 需要一个已拟合的模型：请先调用 .fit(X_train, y_train)。"}))
        classes = [str(c) for c in model.classes_]
        if len(classes) != 2 or str(positive) not in classes:
            raise NbteachError(tr({"en": f"threshold_explorer takes a two-class model and one of its classes as "
                                         f"positive; the classes are {classes}, positive={positive!r}.",
                                   "zh": f"threshold_explorer 需要一个二分类模型，并以它的一个类别为正类；类别是 {classes}，positive={positive!r}。"}))
        if isinstance(threshold, bool) or not isinstance(threshold, (int, float)) or not 0.01 <= threshold <= 0.99:
            raise NbteachError(tr({"en": f"threshold must be a number in [0.01, 0.99] (the slider's range), got {threshold!r}.",
                                   "zh": f"threshold 必须是 [0.01, 0.99] 之内的数（滑块的范围），你给的是 {threshold!r}。"}))
        self.positive = positive
        self.y_test = np.asarray(y_test)
        self.p = model.predict_proba(X_test)[:, classes.index(str(positive))]
        self.curve = precision_recall_curve(self.y_test, self.p, pos_label=positive)
        scales = {"x": _svg.LinearScale(min=0.0, max=1.02), "y": _svg.LinearScale(min=0.0, max=1.02)}
        self.pr_line = _svg.Lines(x=self.curve["recall"].to_numpy(dtype=float),
                                  y=self.curve["precision"].to_numpy(dtype=float), scales=scales,
                                  colors=[BLUE], stroke_width=2)
        self.marker = _svg.Scatter(x=[0.0], y=[0.0], scales=scales, colors=[VERMILLION], default_size=100)
        axes = [_svg.Axis(scale=scales["x"], label=bilingual("recall", "查全率") + f" ({positive})", tick_format=".1f"),
                _svg.Axis(scale=scales["y"], side="left", label=bilingual("precision", "查准率") + f" ({positive})",
                          tick_format=".1f")]
        self.slider = w.FloatSlider(value=float(threshold), min=0.01, max=0.99, step=0.01, readout_format=".2f",
                                    description=bilingual(f"threshold t: flag {positive} when P ≥ t",
                                                    f"阈值 t：P ≥ t 时判为 {positive}"),
                                    style={"description_width": "initial"}, layout=w.Layout(width="520px"))
        self.fig = _svg.Figure([self.pr_line, self.marker], axes, width=480, height=360, beside=" ")
        self.numbers = self.fig
        self.slider.observe(lambda change: self.update(), names="value")
        self.widget = w.VBox([self.slider, self.fig])
        self.update()

    def update(self):
        """The scores at the slider's t (the library's), the marker and title set, then the
        figure with the numbers beside it written into one value: one message."""
        t = float(self.slider.value)
        negative = [c for c in np.unique(self.y_test) if c != self.positive]
        other = negative[0] if negative else "other"
        pred = threshold_decision(self.p, t, self.positive, other)
        prec, rec, f1, _ = precision_recall_f1(self.y_test, pred, pos_label=self.positive)
        table = confusion_table(self.y_test, pred)
        self.scores = {"threshold": t, "precision": prec, "recall": rec, "f1": f1,
                       "flagged": int(np.sum(pred == self.positive)), "confusion": table}
        self.marker.x, self.marker.y = [rec], [prec]
        self.fig.title = bilingual(f"t = {t:.2f}: precision {prec:.3f}, recall {rec:.3f}",
                             f"t = {t:.2f}：查准率 {prec:.3f}，查全率 {rec:.3f}")
        # no <style> with the numbers (they use none of the theme's colour rules): one re-inserted
        # at every move made the browser recompute the style of the whole page (nbteach.widgets.mle)
        self.fig.beside = padded(bilingual(
            f"<div style='padding:0 1em'><p>t = {t:.2f}: {self.scores['flagged']} of {len(pred)} flagged "
            f"{esc(self.positive)}</p><p>precision {prec:.4f}<br>recall {rec:.4f}<br>F1 {f1:.4f}</p>",
            f"<div style='padding:0 1em'><p>t = {t:.2f}：{len(pred)} 个中有 {self.scores['flagged']} 个被判为 "
            f"{esc(self.positive)}</p><p>查准率 {prec:.4f}<br>查全率 {rec:.4f}<br>F1 {f1:.4f}</p>")
            + (table.shown() if hasattr(table, "shown") else table).to_html() + "</div>").removeprefix(THEME_STYLE)
        self.fig.draw()


def threshold_explorer(model, X_test, y_test, positive, threshold=0.5):
    """Make a :class:`ThresholdExplorer` (see there).

    >>> from nbteach import BernoulliNB
    >>> X = [[1, 0], [1, 1], [0, 1], [0, 0], [1, 0], [0, 0]]
    >>> y = ["spam", "spam", "ham", "ham", "spam", "ham"]
    >>> ex = threshold_explorer(BernoulliNB().fit(X, y), X, y, positive="spam")
    >>> lower = ex.scores["recall"]; ex.slider.value = 0.05
    >>> ex.scores["recall"] >= lower, ex.scores["flagged"] >= 3
    (True, True)
    """
    return ThresholdExplorer(model, X_test, y_test, positive, threshold)
