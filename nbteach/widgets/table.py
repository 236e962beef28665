"""Pick a patient, see every factor: a categorical naive Bayes table, explained live.

One dropdown per feature (its values as the training table has them); the view is
:meth:`nbteach.CategoricalNB.explain` for the chosen row: every factor P(c), P(x_m | c)
as a fraction and as the note writes it, each class's score, and the decision (or why
there is none: every class scores 0). Used in lesson 02 on the flu/cold table.
"""
from __future__ import annotations

import ipywidgets as w

from nbteach._base import NbteachError
from nbteach.i18n import get_language
from nbteach.widgets._html import ERROR, HIGHLIGHT, esc, number, bilingual, theme_holder, view_html
from nbteach.widgets._explorer import Explorer
from nbteach.i18n import tr

__all__ = ["TableExplorer", "table_explorer"]


class TableExplorer(Explorer):
    """Dropdowns for a row; the model's factors, scores and decision for it.

    Attributes
    ----------
    dropdowns : dict feature -> Dropdown
    view : HTML
    theme : hidden HTML, the theme's colour rules (once)
    explanation : the last :class:`nbteach.categorical.Explanation`

    A patient shown before (and the language) is shown again from what was kept (the last
    ``KEPT``): a dropdown moved back and forth costs the kernel no explaining and no writing.
    """

    def __init__(self, model, X, sample=None):
        if not hasattr(model, "classes_") or not hasattr(model, "explain"):
            raise NbteachError(tr({"en": "table_explorer needs a fitted CategoricalNB: call .fit(X, y) first.",
                                   "zh": "table_explorer 需要一个已拟合的 CategoricalNB：请先调用 .fit(X, y)。"}))
        if not hasattr(X, "columns"):
            raise NbteachError(tr({"en": "X must be the DataFrame of features the model was fitted on.",
                                   "zh": "X 必须是拟合模型时所用的属性 DataFrame。"}))
        self.model, self.X = model, X
        sample = dict(X.iloc[0]) if sample is None else dict(sample)
        unknown = [f for f in sample if f not in X.columns]
        if unknown:
            raise NbteachError(tr({"en": f"sample names features that X does not have: {unknown}.",
                                   "zh": f"sample 中有 X 没有的属性：{unknown}。"}))
        self.dropdowns = {}
        for f in X.columns:
            options = sorted({str(v) for v in X[f]})
            value = str(sample.get(f, options[0]))
            if value not in options:
                raise NbteachError(tr({"en": f"sample gives {f}={value!r}, which the table never shows; its values are "
                                             f"{options}.",
                                       "zh": f"sample 给出 {f}={value!r}，但表中从未出现这个值；它的取值是 {options}。"}))
            self.dropdowns[f] = w.Dropdown(options=options, value=value, description=str(f),
                                           style={"description_width": "initial"},
                                           layout=w.Layout(width="230px"))
            self.dropdowns[f].observe(lambda change: self.update(), names="value")
        self.view = w.HTML()
        self._kept, self._kept_for = {}, None
        # the theme's colour rules (the error colour) ride once on a hidden element that never
        # changes: a <style> element re-inserted with the view at every move made the browser
        # recompute the style of the whole page (as in nbteach.widgets.mle)
        self.theme = theme_holder()
        self.widget = w.VBox([w.HBox(list(self.dropdowns.values()), layout=w.Layout(flex_flow="row wrap")),
                              self.view, self.theme])
        self.update()

    def sample(self) -> dict:
        return {f: d.value for f, d in self.dropdowns.items()}

    #: how many patients a view keeps what it showed for
    KEPT = 256

    def update(self):
        # what was kept is the model's as fitted then: a model fitted again is explained afresh
        fitted = getattr(self.model, "tables_", None)
        if fitted is not self._kept_for:
            self._kept, self._kept_for = {}, fitted
        key = (get_language(), *self.sample().items())
        kept = self._kept.get(key)
        if kept is None:
            kept = self._keep(self._kept, key, self._explained())
        self.explanation, self.view.value = kept

    def _explained(self):
        """(the model's explanation of the chosen patient, the view's HTML for it)."""
        e = self.model.explain(self.sample())
        classes = list(self.model.classes_)
        head = "".join(f"<th>{esc(c)}</th>" for c in classes)
        names = ["P(c)"] + [f"P({f}={v} | c)" for f, v in self.sample().items()]
        rows = []
        for i, name in enumerate(names):
            cells = "".join(f"<td>{esc(e.written[c][i])}</td>" for c in classes)
            rows.append(f"<tr><td>{esc(name)}</td>{cells}</tr>")
        score_cells = "".join(f"<td style='{HIGHLIGHT}'>{number(e.scores[c])}</td>" for c in classes)
        rows.append(f"<tr><td><b>{bilingual('score', '得分')}</b> P(c) ∏ P(x|c)</td>{score_cells}</tr>")
        if e.decision is not None:
            verdict = bilingual(f"<p><b>decision: {esc(e.decision)}</b> (the larger score)</p>",
                          f"<p><b>决策：{esc(e.decision)}</b>（得分较大者）</p>")
        else:
            verdict = (f"<p style='color:{ERROR}'>" + bilingual(
                "<b>no decision</b>: every class scores 0 (a factor is 0 in each class; lesson 03 smooths it away)",
                "<b>无法决策</b>：每个类别的得分都是 0（每个类别都有一个因子为 0；第 03 课用平滑消除它）") + "</p>")
        return e, view_html(f"<table><tr><th>{bilingual('factor', '因子')}</th>{head}</tr>{''.join(rows)}</table>"
                         f"{verdict}")


def table_explorer(model, X, sample=None):
    """Make a :class:`TableExplorer` (see there).

    >>> from nbteach import CategoricalNB, flu_cold
    >>> df = flu_cold()
    >>> X, y = df.drop(columns="Diagnosis"), df["Diagnosis"]
    >>> ex = table_explorer(CategoricalNB(exact=True).fit(X, y), X)
    >>> for f, v in {"Headache": "mild", "Sore": "severe", "Temperature": "normal", "Cough": "no"}.items():
    ...     ex.dropdowns[f].value = v                  # the note's first patient
    >>> ex.explanation.decision, ex.explanation.scores["Cold"]
    ('Cold', Fraction(1, 20))
    >>> ex.dropdowns["Sore"].value = "mild"            # no class has this combination
    >>> ex.explanation.decision is None, "no decision" in ex.view.value
    (True, True)
    """
    return TableExplorer(model, X, sample)
