"""Held-out accuracy and F1 as a curve over the smoothing alpha (lesson 07).

The curve is computed once by :func:`nbteach.metrics.alpha_curve`; moving the alpha
slider re-smooths the model at that alpha (``TextNB.set_alpha``: no re-counting),
moves the marker and the vertical line along the curve, and rewrites the numbers and
the confusion table below it. The checkbox shows or hides the precision and recall
curves. Updates are in place: the figure and its line artists are created once, their
data are set, and the figure is re-rendered into one ``ipywidgets.Image``.
"""
from __future__ import annotations

import io

import numpy as np

from nbteach._base import NbteachError

__all__ = ["AlphaCurve", "alpha_curve_widget"]


class AlphaCurve:
    """A widget: held-out scores against alpha, with a slider for alpha.

    Attributes
    ----------
    curve : DataFrame from :func:`nbteach.metrics.alpha_curve` (index: alpha)
    slider : ipywidgets.FloatLogSlider, the alpha shown
    show_pr : ipywidgets.Checkbox, show precision and recall too
    image : ipywidgets.Image, the figure (re-rendered after each change)
    numbers : ipywidgets.HTML, the scores and confusion table at the slider's alpha
    scores : dict, the scores at the slider's alpha (from nbteach.metrics)
    widget : the whole box
    """

    def __init__(self, model, X_train, y_train, X_test, y_test, alphas=None, alpha=1.0,
                 pos_label=None):
        import ipywidgets as w
        from matplotlib.figure import Figure  # no pyplot: the backend is left alone

        from nbteach.metrics import alpha_curve

        if alphas is None:
            alphas = np.logspace(-3, 1, 17)
        alphas = np.sort(np.asarray(alphas, dtype=float))
        if alphas.size < 2 or np.any(alphas <= 0):
            raise NbteachError("alphas must hold at least two positive values (log axis).")
        self.model = model
        self.data = (X_train, y_train, X_test, y_test)
        self.curve = alpha_curve(model, X_train, y_train, X_test, y_test, alphas, pos_label)
        self.pos_label = self.curve.attrs["pos_label"]

        # constrained layout is re-done at every savefig, after the title is set, so the
        # title (rewritten by each update) is never cut off
        self.fig = Figure(figsize=(6.4, 3.4), layout="constrained")
        ax = self.ax = self.fig.add_subplot()
        a = self.curve.index.to_numpy()
        self.lines = {
            "accuracy": ax.plot(a, self.curve["accuracy"], "-o", ms=3, label="accuracy")[0],
            "f1": ax.plot(a, self.curve["f1"], "-o", ms=3, label=f"F1 ({self.pos_label})")[0],
            "precision": ax.plot(a, self.curve["precision"], "--", label="precision")[0],
            "recall": ax.plot(a, self.curve["recall"], ":", label="recall")[0],
        }
        self.vline = ax.axvline(alpha, color="grey", lw=1)
        self.markers = ax.plot([alpha, alpha], [0, 0], "ks", ms=6)[0]
        ax.set_xscale("log")
        ax.set_xlabel("smoothing alpha (log scale)")
        ax.set_ylabel("score on held-out data")

        self.slider = w.FloatLogSlider(value=alpha, base=10, min=np.log10(a[0]),
                                       max=np.log10(a[-1]), step=0.05, description="alpha α",
                                       readout_format=".3g", continuous_update=False,
                                       layout=w.Layout(width="420px"))
        self.show_pr = w.Checkbox(value=False, description="show precision and recall")
        self.image = w.Image(format="png")
        self.numbers = w.HTML()
        self.widget = w.VBox([w.HBox([self.slider, self.show_pr]), self.image, self.numbers])
        self.slider.observe(lambda change: self.update(), names="value")
        self.show_pr.observe(lambda change: self.update(), names="value")
        self.update()

    def scores_at(self, alpha):
        """Scores and confusion table of the model smoothed with ``alpha`` (library calls)."""
        from nbteach.metrics import accuracy_score, confusion_table, precision_recall_f1

        X_train, y_train, X_test, y_test = self.data
        if hasattr(self.model, "set_alpha"):
            self.model.set_alpha(alpha)
        else:
            self.model.set_params(alpha=alpha).fit(X_train, y_train)
        pred = self.model.predict(X_test)
        p, r, f, _ = precision_recall_f1(y_test, pred, pos_label=self.pos_label)
        return {"alpha": alpha, "accuracy": accuracy_score(y_test, pred), "precision": p,
                "recall": r, "f1": f, "confusion": confusion_table(y_test, pred)}

    def update(self):
        """Recompute at the slider's alpha and redraw in place."""
        from nbteach.widgets._html import esc

        a = float(self.slider.value)
        s = self.scores = self.scores_at(a)
        self.vline.set_xdata([a, a])
        self.markers.set_data([a, a], [s["accuracy"], s["f1"]])
        for name in ("precision", "recall"):
            self.lines[name].set_visible(self.show_pr.value)
        # the legend lists only the curves on show (the Legend artist is rebuilt; the
        # figure, axes and lines are kept)
        shown = [line for line in self.lines.values() if line.get_visible()]
        self.ax.legend(handles=shown, loc="lower left", fontsize=8)
        self.ax.set_title(f"alpha = {a:.3g}: accuracy {s['accuracy']:.3f}, "
                          f"F1({self.pos_label}) {s['f1']:.3f}", fontsize=10)
        buf = io.BytesIO()
        self.fig.savefig(buf, format="png", dpi=100)
        self.image.value = buf.getvalue()
        table = s["confusion"].to_html()
        self.numbers.value = (
            f"<p>At alpha = {a:.3g}: accuracy {s['accuracy']:.4f}; for class "
            f"<b>{esc(self.pos_label)}</b> precision {s['precision']:.4f}, recall "
            f"{s['recall']:.4f}, F1 {s['f1']:.4f}.</p>{table}")

    def _ipython_display_(self):
        from IPython.display import display

        display(self.widget)


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
