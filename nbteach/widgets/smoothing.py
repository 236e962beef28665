"""The smoothing explorer: no smoothing, epsilon and Laplace/Lidstone side by side.

Move the alpha slider and the Laplace column changes; move the epsilon slider and the
epsilon column changes; pick another patient and all three change. Every number comes
from :class:`nbteach.CategoricalNB` and :mod:`nbteach.smoothing`; this module only lays
them out. Updates are in place: the three columns are one ``ipywidgets.HTML`` whose value
is replaced, nothing is cleared or re-created. One widget, so that a new patient, which
changes all three columns, is one message and one redraw: as three widgets it was three
messages, and the browser laid out and painted the page after each.
"""
from __future__ import annotations

import re
from fractions import Fraction

import ipywidgets as w
import pandas as pd

from nbteach._base import NbteachError
from nbteach._validation import check_alpha, check_epsilon
from nbteach.categorical import CategoricalNB
from nbteach.counts import class_counts, value_counts_by_class
from nbteach.datasets import FLU_COLD_QUERIES, flu_cold
from nbteach.i18n import get_language
from nbteach.smoothing import lidstone_bias_value, mle, sums_over_values
from nbteach.widgets._html import ERROR, GOOD, HIGHLIGHT, bar, esc, number, bilingual, theme_holder, view_html
from nbteach.widgets._explorer import Explorer
from nbteach.i18n import tr

__all__ = ["smoothing_explorer", "SmoothingExplorer"]

_COLOURS = ["#4C72B0", "#DD8452", "#55A868", "#C44E52", "#8172B3"]


class SmoothingExplorer(Explorer):
    """A widget over a categorical table (the flu/cold table by default).

    Attributes
    ----------
    alpha_slider, epsilon_slider : the two sliders
    query : dict feature -> Dropdown, the patient to classify
    panels : dict "none" / "epsilon" / "laplace" -> that column (its HTML is its ``value``)
    view : the HTML widget that shows the three columns side by side (each a ``<div>`` of
        class ``nbteach-panels-<kind>``)
    theme : hidden HTML, the theme's colour rules (once)
    models : dict of the three fitted CategoricalNB models currently shown
    widget : the whole ipywidgets box (displaying the explorer displays it)
    """

    def __init__(self, data=None, target="Diagnosis", query=None, alpha=1.0, epsilon=1e-3):
        self.data = flu_cold() if data is None else data
        if not hasattr(self.data, "columns") or target not in self.data.columns:
            raise NbteachError(tr({"en": f"data must be a DataFrame with a {target!r} column (the class).",
                                   "zh": f"data 必须是带 {target!r} 列（类别）的 DataFrame。"}))
        self.target = target
        self.X = self.data.drop(columns=target)
        self.y = self.data[target]
        if query is None:
            query = FLU_COLD_QUERIES["second"] if data is None else self.X.iloc[0].to_dict()
        missing = [f for f in self.X.columns if f not in query]
        if missing:
            raise NbteachError(tr({"en": f"query must give a value for every feature; missing: {missing}.",
                                   "zh": f"query 必须为每个属性给出取值；缺少：{missing}。"}))
        check_alpha(alpha)
        check_epsilon(epsilon)
        if not 1e-8 <= epsilon <= 10**-0.01:
            raise NbteachError(tr({"en": "epsilon for the explorer must lie between 1e-8 and 0.97.",
                                   "zh": "演示器的 epsilon 必须在 1e-8 和 0.97 之间。"}))

        layout = w.Layout(width="340px")
        self.query = {
            f: w.Dropdown(options=sorted(self.X[f].unique().tolist()), value=query[f],
                          description=str(f), style={"description_width": "initial"},
                          layout=w.Layout(width="230px"))
            for f in self.X.columns
        }
        self.alpha_slider = w.FloatSlider(value=float(alpha), min=0.0, max=max(5.0, float(alpha)),  # never clamp alpha
                                           step=0.05,
                                          description="alpha α", readout_format=".2f", layout=layout)
        self.epsilon_slider = w.FloatLogSlider(value=float(epsilon), base=10, min=-8, max=-0.01,
                                               step=0.01, description="epsilon ε", readout_format=".1e",
                                               layout=layout)
        self.panels = {k: _Panel() for k in ("none", "epsilon", "laplace")}
        self.view = w.HTML()
        # the theme's colour rules (the note's error and good colours) ride once on a hidden element
        # that never changes: a <style> element in each panel, re-inserted with it, made the browser
        # recompute the style of the whole page once per panel sent (as in nbteach.widgets.mle)
        self.theme = theme_holder()
        self.models, self._keys, self._tables = {}, {}, {}
        self._fitted, self._memo, self._bias_counts, self._count_tables = {}, {}, {}, None
        self.widget = w.VBox([
            w.HTML(bilingual("<b>Patient to classify</b>", "<b>待分类的病人</b>")),
            w.HBox(list(self.query.values()), layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.epsilon_slider, self.alpha_slider]),
            self.view,
            self.theme,
        ])
        self.alpha_slider.observe(lambda change: self._update("laplace"), names="value")
        self.epsilon_slider.observe(lambda change: self._update("epsilon"), names="value")
        for dd in self.query.values():
            dd.observe(lambda change: self._update("none", "epsilon", "laplace"), names="value")
        self._update("none", "epsilon", "laplace")

    # The library does the maths: three CategoricalNB models.
    def _model(self, kind):
        if kind == "none":
            params = dict(exact=True)
        elif kind == "epsilon":
            params = dict(exact=True, epsilon=Fraction(repr(self.epsilon_slider.value)))
        else:
            params = dict(exact=True, alpha=self.alpha_slider.value)
        return CategoricalNB(**params).fit(self.X, self.y)

    def sample(self) -> dict:
        return {f: dd.value for f, dd in self.query.items()}

    def _key(self, kind):
        return {"none": None, "epsilon": self.epsilon_slider.value, "laplace": self.alpha_slider.value}[kind]

    def _update(self, *kinds):
        # a model is refitted, and its tables formatted, only when its own parameter moved: a new
        # patient re-renders the panels from what is kept. A panel already rendered for this
        # parameter and patient is shown again from memory (a slider moved back and forth, the
        # patient picked again), its model with it.
        sample = (get_language(), *self.sample().items())     # a panel is kept per language too
        shown = []                       # every panel made first, then sent one after another
        for kind in kinds:
            key = self._key(kind)
            memo = self._memo.get((kind, key, sample))
            if memo is None:
                if kind not in self.models or self._keys.get(kind) != key:
                    fitted = self._fitted.get((kind, key))
                    if fitted is None:
                        model = self._model(kind)
                        fitted = self._keep(self._fitted, (kind, key), (model, self._format_tables(model)))
                    self.models[kind], self._tables[kind] = fitted
                    self._keys[kind] = key
                memo = self._keep(self._memo, (kind, key, sample),
                                      (self.models[kind], self._tables[kind],
                                       view_html(self._render(kind, self.models[kind]))))
            else:
                self.models[kind], self._tables[kind] = memo[0], memo[1]
                self._keys[kind] = key
            shown.append((kind, memo[2]))
        for kind, text in shown:
            self.panels[kind].value = text
        # the three columns side by side where three boxes of a third of the width each (padding
        # 6px, the HTML widget's margin 2px inside) put them: the same place to the pixel
        self.view.value = "<div style='display:flex;margin:0 -2px'>" + "".join(
            f"<div class='nbteach-panels-{kind}' style='width:33%;padding:0 8px;box-sizing:border-box'>"
            f"{panel.value}</div>" for kind, panel in self.panels.items()) + "</div>"

    KEPT = 256      # the fitted models, the panels shown, the bias counts: each kept by Explorer._keep

    @staticmethod
    def _format_tables(model):
        """Each feature's table as HTML cells, once per fit: [(value, cells)], sums' cells, any sum over 1."""
        classes = list(model.classes_)
        out = {}
        for f, table in model.tables_.items():
            col = {c: table[c].tolist() for c in classes}
            rows = [(value, "".join(f"<td>{number(col[c][i])}</td>" for c in classes))
                    for i, value in enumerate(table.index)]
            total = sums_over_values(table)
            sums = [total[c] for c in classes]
            cells = "".join(f"<td style='color:{ERROR if s != 1 else GOOD}'>{number(s)}</td>" for s in sums)
            out[f] = (rows, cells, any(s != 1 for s in sums))
        return out

    def _title(self, kind):
        if kind == "none":
            return bilingual("No smoothing (MLE)", "不平滑（极大似然估计）")
        if kind == "epsilon":
            return bilingual("epsilon smoothing", "epsilon 平滑") + f", ε = {self.epsilon_slider.value:.1e}"
        return bilingual("Laplace / Lidstone", "拉普拉斯修正 / Lidstone 平滑") + f", α = {self.alpha_slider.value:.2f}"

    def _render(self, kind, model) -> str:
        sample = self.sample()
        ex = model.explain(sample)
        classes = list(model.classes_)
        head = "".join(f"<th>{esc(c)}</th>" for c in classes)
        rows, over = [], False
        for f, (values, sum_cells, above) in self._tables[kind].items():
            for value, cells in values:
                here = value == sample[f]
                style = f" style='{HIGHLIGHT}'" if here else ""
                rows.append(f"<tr{style}><td>{esc(f)}={esc(value)}</td>{cells}</tr>")
            over = over or above
            rows.append(f"<tr style='border-bottom:2px solid #999'><td><i>"
                        + bilingual(f"sum over {esc(f)}", f"对 {esc(f)} 求和") + f"</i></td>{sum_cells}</tr>")
        sums_note = (
            f"<p style='color:{ERROR}'>" + bilingual(
                "Some columns sum to more than 1: epsilon adds probability "
                "without taking any away, so these are no longer distributions.",
                "有些列的和大于 1：epsilon 只添加概率而不拿走任何概率，所以它们不再是概率分布。") + "</p>"
            if over else f"<p style='color:{GOOD}'>" + bilingual("Every column sums to 1.", "每一列的和都是 1。") + "</p>"
        )
        scores = "".join(
            f"<tr><td>{esc(c)}</td><td>{number(ex.scores[c])}</td>" for c in classes
        )
        try:
            post = model.predict_proba(self._frame(sample))[0]
            posts = [float(p) for p in post]
        except NbteachError:
            posts = None
        post_rows = []
        for i, c in enumerate(classes):
            if posts is None:
                post_rows.append(f"<tr><td>{esc(c)}</td><td>0/0</td><td></td></tr>")
            else:
                post_rows.append(f"<tr><td>{esc(c)}</td><td>{number(posts[i])}</td>"
                                 f"<td>{bar(posts[i], _COLOURS[i % len(_COLOURS)])}</td></tr>")
        decision = (bilingual(f"<b>decision: {esc(ex.decision)}</b>", f"<b>决策：{esc(ex.decision)}</b>")
                    if ex.decision is not None else f"<b style='color:{ERROR}'>"
                    + bilingual("decision: undefined, every class scores 0", "决策：无定义，每个类别的得分都是 0") + "</b>")
        cls = bilingual("class", "类别")
        return (
            f"<h4 style='margin:4px 0'>{esc(self._title(kind))}</h4>"
            f"<table><tr><th>{bilingual('P(value | class)', 'P(属性值 | 类别)')}</th>{head}</tr>{''.join(rows)}</table>"
            f"{sums_note}"
            f"<table><tr><th>{cls}</th><th>{bilingual('score', '得分')} P(c)∏P(x|c)</th></tr>{scores}</table>"
            f"<table><tr><th>{cls}</th><th>P(c | x)</th><th></th></tr>{''.join(post_rows)}</table>"
            f"<p>{decision}</p>" + (self._bias_table(model, sample) if kind == "laplace" else "")
        )

    def _bias_table(self, model, sample) -> str:
        """The exact bias -alpha(M p - 1)/(n_c + M alpha) of each of the patient's factors, taking
        the observed frequency as the true p (``nbteach.smoothing.lidstone_bias_value``)."""
        alpha = Fraction(repr(self.alpha_slider.value))
        classes = list(model.classes_)
        head = "".join(f"<th>{esc(c)}</th>" for c in classes)
        rows = []
        for f, counts in self._counts_for_bias(classes, sample):
            cells = "".join(f"<td>{number(lidstone_bias_value(p, n_c, M, alpha))}</td>"
                            for p, n_c, M in counts)
            rows.append(f"<tr><td>{esc(f)}={esc(sample[f])}</td>{cells}</tr>")
        return (
            "<p style='margin:6px 0 2px 0'>" + bilingual(
                "<b>bias</b> E[P̂] − p if the true p were the observed "
                "frequency: −α(Mp − 1)/(n<sub>c</sub> + Mα), towards 1/M",
                "<b>偏差</b> E[P̂] − p（假设真实的 p 就是观测到的频率）："
                "−α(Mp − 1)/(n<sub>c</sub> + Mα)，偏向 1/M") + "</p>"
            f"<table><tr><th>{bilingual('factor', '因子')}</th>{head}</tr>{''.join(rows)}</table>")

    def _counts_for_bias(self, classes, sample):
        """[(feature, [(observed frequency p, n_c, M) per class])] for the patient: the data's
        counts (``nbteach.counts``), which no slider changes, counted once and read per patient."""
        key = (tuple(classes), tuple(sample.items()))
        if key not in self._bias_counts:
            if self._count_tables is None or self._count_tables[0] != classes:   # counted once, for every patient
                self._count_tables = (classes, class_counts(self.y, classes),
                                      {f: value_counts_by_class(self.X[f], self.y, classes=classes)
                                       for f in self.X.columns})
            _, n, tables = self._count_tables
            out = []
            for f in self.X.columns:
                table = tables[f]
                M = len(table.index)
                out.append((f, [(mle(table.loc[sample[f], c], n[c]), int(n[c]), M) for c in classes]))
            self._keep(self._bias_counts, key, out)
        return self._bias_counts[key]

    def _frame(self, sample):
        return pd.DataFrame([sample], columns=list(self.X.columns))

    def text(self) -> str:
        """What the explorer shows, as plain text (for tests and screen readers)."""
        return "\n\n".join(
            re.sub(r"<[^>]+>", " ", self.panels[k].value) for k in ("none", "epsilon", "laplace")
        )


class _Panel:
    """One column of the explorer: its HTML, ``value``, shown in the explorer's ``view``."""

    def __init__(self):
        self.value = ""


def smoothing_explorer(data=None, target="Diagnosis", query=None, alpha=1.0, epsilon=1e-3):
    """Make a :class:`SmoothingExplorer` (the flu/cold table and the note's second patient by default).

    >>> ex = smoothing_explorer()
    >>> ex.alpha_slider.value = 2.0
    >>> "α = 2.00" in ex.panels["laplace"].value
    True
    >>> ex.alpha_slider.value = 0.0                     # no smoothing, no bias
    >>> import re
    >>> set(re.findall(r">(-?[0-9/]+)</td>", ex.panels["laplace"].value.split("<b>bias</b>")[1]))
    {'0'}
    """
    return SmoothingExplorer(data=data, target=target, query=query, alpha=alpha, epsilon=epsilon)
