"""Naive Bayes, each SPODE, TAN and AODE on one passenger: pick the values, copy a column, move m;
and TAN's structure drawn as Zhou's figure 7.1(c) draws it (:func:`tan_svg`).

Lesson 10's view. The student picks a sample's attribute values (one dropdown per
attribute), may tick "add a copy of <attribute>" (the same column twice: nothing new is
known, but naive Bayes counts the evidence twice) and sets AODE's m (a super-parent serves
only if the sample's value of it occurs in at least m training rows). The table shows
P(class | x) from naive Bayes (CategoricalNB), from the SPODE of every super-parent (with how
many training rows share the sample's value of it, and whether that reaches m), from TAN
and from AODE: every number a library call (:mod:`nbteach.semi_naive`, :mod:`nbteach.categorical`).
The models are fitted once per data set (with and without the copy); a change predicts.
"""
from __future__ import annotations

import html
import math
import re

import ipywidgets as w
import numpy as np
import pandas as pd

from nbteach import AODE, SPODE, TAN, CategoricalNB
from nbteach._base import NbteachError
from nbteach.widgets._explorer import Explorer
from nbteach.i18n import get_language
from nbteach.widgets._html import esc, bilingual, view_html
from nbteach.widgets.bayesnet import network_svg
from nbteach.i18n import tr

__all__ = ["OneDependenceExplorer", "one_dependence_explorer", "tan_svg"]


class OneDependenceExplorer(Explorer):
    """Dropdowns for one sample, a copy checkbox and AODE's m; the posteriors side by side.

    Attributes
    ----------
    values : dict attribute -> Dropdown (the sample)
    copy : Checkbox, add a copy of ``copied`` to the data and the sample
    m_slider : IntSlider, AODE's m
    table : DataFrame, what the view shows (one row per model; P(positive | x) and more)
    tan_tree : str, TAN's tree (parent→child pairs), shown under the table
    view : HTML
    """

    def __init__(self, X, y, positive=None, sample=None, copied=None, m=1, alpha=1.0):
        if not isinstance(X, pd.DataFrame) or X.shape[1] < 2:
            raise NbteachError(tr({"en": "X must be a DataFrame of categorical attributes with at least two columns.",
                                   "zh": "X 必须是至少有两列离散属性的 DataFrame。"}))
        self.X = X.astype(str)
        self.y = np.asarray(y, dtype=object)
        if len(self.y) != len(self.X):
            raise NbteachError(tr({"en": f"X has {len(self.X)} rows but y has {len(self.y)} labels.",
                                   "zh": f"X 有 {len(self.X)} 行，但 y 有 {len(self.y)} 个标记。"}))
        classes = sorted(set(self.y.tolist()), key=str)
        self.positive = classes[-1] if positive is None else positive
        if self.positive not in classes:
            raise NbteachError(tr({"en": f"positive must be one of the classes {classes}, got {positive!r}.",
                                   "zh": f"positive 必须是类别 {classes} 之一，你给的是 {positive!r}。"}))
        self.copied = X.columns[-1] if copied is None else copied
        if self.copied not in X.columns:
            raise NbteachError(tr({"en": f"copied must be a column of X ({list(X.columns)}), got {copied!r}.",
                                   "zh": f"copied 必须是 X 的一列（{list(X.columns)}），你给的是 {copied!r}。"}))
        self.copy_name = f"{self.copied} (copy)"
        sample = dict(sample or self.X.iloc[0].to_dict())
        style = {"description_width": "initial"}
        self.values = {}
        for col in self.X.columns:
            options = sorted(self.X[col].unique().tolist())
            value = str(sample.get(col, options[0]))
            if value not in options:
                raise NbteachError(tr({"en": f"{value!r} is not a value of {col!r}; its values are {options}.",
                                       "zh": f"{value!r} 不是 {col!r} 的取值；它的取值是 {options}。"}))
            self.values[col] = w.Dropdown(options=options, value=value, description=str(col), style=style)
        self.copy = w.Checkbox(value=False, description=bilingual(f"add a copy of {self.copied}",
                                                            f"添加 {self.copied} 的一份副本"))
        self.m_slider = w.IntSlider(value=int(m), min=0, max=int(len(self.X)), step=10,
                                    description=bilingual("AODE's m", "AODE 的 m"), style=style, layout=w.Layout(width="420px"))
        self.view = w.HTML()
        self._fixed = {}
        # fitted once per data set: without and with the copied column
        self._models = {}
        for with_copy in (False, True):
            data = self.X.assign(**{self.copy_name: self.X[self.copied]}) if with_copy else self.X
            spodes = {col: SPODE(parent=col, alpha=alpha).fit(data, self.y) for col in data.columns}
            self._models[with_copy] = (data, CategoricalNB(alpha=alpha).fit(data, self.y), spodes,
                                       AODE(m=int(m), alpha=alpha).fit(data, self.y),
                                       TAN(alpha=alpha).fit(data, self.y))
        for control in [*self.values.values(), self.copy, self.m_slider]:
            control.observe(lambda change: self.update(), names="value")
        self.widget = w.VBox([w.HBox(list(self.values.values())), w.HBox([self.copy, self.m_slider]),
                              self.view])
        self.update()

    def sample(self):
        """The sample as the dropdowns (and the copy checkbox) make it: a one-row DataFrame."""

        row = {col: dd.value for col, dd in self.values.items()}
        if self.copy.value:
            row[self.copy_name] = row[self.copied]
        return pd.DataFrame([row])

    def update(self):
        with_copy = bool(self.copy.value)
        _, nb, spodes, aode, tan = self._models[with_copy]
        m = int(self.m_slider.value)
        aode.m = m                                     # m is read at prediction time
        x = self.sample()
        key = (with_copy, tuple(x.iloc[0].items()))
        # what m does not change (naive Bayes, the SPODEs, TAN, the shared rows) is predicted
        # once per sample; a move of m predicts AODE alone
        fixed = self._fixed.get(key)
        if fixed is None:
            k = list(nb.classes_).index(self.positive)
            counts = aode.explain(x)["|D_{x_i}|"]      # training rows sharing x's value, per super-parent
            spode_rows = [(col, float(model.predict_proba(x)[0, k]), int(counts.loc[col]))
                          for col, model in spodes.items()]
            tree = ", ".join(f"{p}→{c}" for c, p in tan.parents_.items() if p is not None)
            fixed = (k, float(nb.predict_proba(x)[0, k]), spode_rows, tree, float(tan.predict_proba(x)[0, k]))
            self._fixed[key] = fixed
            if len(self._fixed) > 256:
                del self._fixed[next(iter(self._fixed))]
        k, p_nb, spode_rows, self.tan_tree, p_tan = fixed
        rows = {"naive Bayes": (p_nb, "", "")}
        for col, p, shared in spode_rows:
            rows[f"SPODE, super-parent {col}"] = (p, shared, "yes" if shared >= m else "no")
        rows["TAN"] = (p_tan, "", "")
        p_aode = float(aode.predict_proba(x)[0, k])
        n_used = int(aode.n_parents(x)[0])
        rows["AODE"] = (p_aode, "", f"averages {n_used} SPODE(s)" if n_used else "none: naive Bayes (its prior smoothed with alpha too)")
        self.table = pd.DataFrame.from_dict(
            rows, orient="index",
            columns=[f"P({self.positive} | x)", "training rows with x's value of the super-parent", f"used by AODE (≥ m = {m})"])
        self.n_parents = n_used
        body = _table_html(self.table if get_language() == "en" else _in_chinese(self.table, self.positive, m))
        desc = ", ".join(f"{esc(c)} = {esc(v)}" for c, v in x.iloc[0].items())
        self.view.value = view_html(bilingual(f"<p>sample: {desc}</p>{body}"
                                     f"<p>TAN's tree (parent → child): {esc(self.tan_tree)}</p>",
                                     f"<p>样本：{desc}</p>{body}"
                                     f"<p>TAN 的树（父 → 子）：{esc(self.tan_tree)}</p>"))


def _in_chinese(table, positive, m):
    """The view's table as a Chinese reader sees it: the same numbers, the labels in Chinese
    (``table`` itself keeps its English labels: code reads it)."""
    def row(name):
        name = str(name)
        if name == "naive Bayes":
            return "朴素贝叶斯分类器"
        parent = re.fullmatch(r"SPODE, super-parent (.*)", name)
        return f"SPODE，超父为 {parent.group(1)}" if parent else name

    def cell(v):
        if not isinstance(v, str):
            return v
        n = re.fullmatch(r"averages (\d+) SPODE\(s\)", v)
        return ({"yes": "是", "no": "否",
                 "none: naive Bayes (its prior smoothed with alpha too)": "无：退化为朴素贝叶斯分类器（其先验概率也用 alpha 平滑）"}
                .get(v, f"平均 {n.group(1)} 个 SPODE" if n else v))

    out = table.rename(index=row)
    out.columns = [f"P({positive} | x)", "训练集中与 x 的超父取值相同的样本数", f"AODE 采用（≥ m = {m}）"]
    return out.map(cell)


def _table_html(table) -> str:
    """``table.to_html(float_format=lambda v: f"{v:.4f}", escape=True)``, the same string, written
    directly: pandas' writer took most of an update (about 20 of 25 ms), the models a few."""
    def esc(v):
        return html.escape(str(v), quote=False)

    def cell(v):
        if isinstance(v, float):
            return "NaN" if math.isnan(v) else f"{v:.4f}"
        return esc(v)

    ind = "  "
    head = "".join(f"{ind * 3}<th>{esc(c)}</th>\n" for c in table.columns)
    rows = "".join(f"{ind * 2}<tr>\n{ind * 3}<th>{esc(name)}</th>\n"
                   + "".join(f"{ind * 3}<td>{cell(v)}</td>\n" for v in row)
                   + f"{ind * 2}</tr>\n"
                   for name, row in zip(table.index, table.itertuples(index=False, name=None)))
    return (f'<table border="1" class="dataframe">\n{ind}<thead>\n{ind * 2}<tr style="text-align: right;">\n'
            f"{ind * 3}<th></th>\n{head}{ind * 2}</tr>\n{ind}</thead>\n{ind}<tbody>\n{rows}{ind}</tbody>\n</table>")


def one_dependence_explorer(X, y, positive=None, sample=None, copied=None, m=1, alpha=1.0):
    """Make a :class:`OneDependenceExplorer` (see there).

    >>> import pandas as pd
    >>> X = pd.DataFrame({"a": ["x", "x", "y", "y", "x"], "b": ["u", "v", "v", "v", "u"]})
    >>> ex = one_dependence_explorer(X, ["no", "yes", "yes", "yes", "no"], positive="yes")
    >>> list(ex.table.index)
    ['naive Bayes', 'SPODE, super-parent a', 'SPODE, super-parent b', 'TAN', 'AODE']
    >>> ex.copy.value = True
    >>> "SPODE, super-parent b (copy)" in ex.table.index
    True
    """
    return OneDependenceExplorer(X, y, positive=positive, sample=sample, copied=copied, m=m, alpha=alpha)


def tan_svg(model, class_name="class") -> str:
    """TAN's structure as an SVG drawing (Zhou's figure 7.1(c)): the class on top with an arrow
    to every attribute, and the tree's arrows (drawn thick) from each parent to its child.

    ``model`` is a fitted :class:`nbteach.TAN`; ``class_name`` labels the class node. The
    drawing is :func:`nbteach.widgets.bayesnet.network_svg`'s, so it reads in the light and
    the dark theme.

    >>> from nbteach import TAN, flu_cold
    >>> df = flu_cold()
    >>> svg = tan_svg(TAN().fit(df.drop(columns="Diagnosis"), df["Diagnosis"]), "Diagnosis")
    >>> svg.count("<line"), svg.count("stroke-width:3.5")
    (7, 3)
    """
    parents = getattr(model, "parents_", None)
    if not isinstance(parents, dict):
        raise NbteachError(tr({"en": "tan_svg draws a fitted TAN: call TAN(...).fit(X, y) first.",
                               "zh": "tan_svg 画的是已拟合的 TAN：请先调用 TAN(...).fit(X, y)。"}))
    names = {k: str(k) for k in parents}
    if str(class_name) in names.values():
        raise NbteachError(tr({"en": f"class_name {class_name!r} is also an attribute's name; pick another label "
                                     "for the class node.",
                               "zh": f"class_name {class_name!r} 同时也是一个属性名；请给类别结点另取一个名字。"}))
    tree = [(names[p], names[k]) for k, p in parents.items() if p is not None]
    edges = [(str(class_name), names[k]) for k in parents] + tree
    return network_svg([str(class_name), *names.values()], edges, highlight=tree)
