"""Views over a Bayesian network: evidence and posteriors, d-separation, structure search.

* :func:`network_explorer`: the network drawn in layers; each node is a card with a
  button per value. Clicking a value sets it as evidence (clicking it again clears it),
  and every other node's posterior updates, exact (variable elimination) beside Gibbs.
  Everything but the buttons is one HTML laid out in the buttons' grid: a click is one message.
* :func:`dseparation_explorer`: pick X, Y and the observed set Z; every trail between X
  and Y is listed as active or blocked, with the node that blocks it and why, next to
  the verdict of the ancestral moral graph.
* :func:`search_explorer`: step through a hill-climbing search, one move at a time, with
  the score of each move.

The maths is in :mod:`nbteach.bayesnet`; these only show it. Colours come from
JupyterLab's theme variables, so light and dark themes both read.
"""
from __future__ import annotations

import ipywidgets as w
import pandas as pd
import traitlets

from nbteach._base import NbteachError
from nbteach.bayesnet import hill_climb_search
from nbteach.bayesnet.inference import gibbs_marginals_se
from nbteach.i18n import get_language
from nbteach.widgets._html import ERROR, esc, bilingual, theme_holder, view_html
from nbteach.widgets._explorer import Explorer, _slug
from nbteach.i18n import tr

__all__ = ["network_explorer", "NetworkExplorer", "dseparation_explorer", "DSeparationExplorer",
           "search_explorer", "SearchExplorer", "network_svg"]

_FG = "var(--jp-ui-font-color1, #222)"
_MUTED = "var(--jp-ui-font-color2, #555)"
_BORDER = "var(--jp-border-color1, #999)"
# Okabe-Ito, safe for colour-blind readers: exact and Gibbs bars, evidence
_EXACT, _GIBBS, _EVIDENCE = "#0072B2", "#E69F00", "#009E73"


def _layers(nodes, edges):
    """Layer of each node: the length of the longest directed path into it."""
    parents = {v: [a for a, b in edges if b == v] for v in nodes}
    layer = {}

    def depth(v):
        if v not in layer:
            layer[v] = 1 + max((depth(p) for p in parents[v]), default=-1)
        return layer[v]

    for v in nodes:
        depth(v)
    return layer


def network_svg(nodes, edges, highlight=(), observed=(), width=None, box=(110, 34)) -> str:
    """An SVG drawing of a DAG in layers (roots on top). ``highlight``: arcs to draw thick."""
    layer = _layers(nodes, edges)
    rows = {}
    for v in nodes:
        rows.setdefault(layer[v], []).append(v)
    bw, bh = box
    width = width or max(560, 200 * max((len(r) for r in rows.values()), default=1))
    gap_y = 80
    height = (max(rows) + 1) * gap_y + 10 if rows else 60
    pos = {}
    for k, row in rows.items():
        for i, v in enumerate(row):
            pos[v] = ((i + 1) * width / (len(row) + 1), 20 + k * gap_y + bh / 2)
    hl = {tuple(e) for e in highlight}
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
             f"role='img' aria-label='network: {esc(', '.join(f'{a} to {b}' for a, b in edges))}'>"
             f"<defs><marker id='arrow' viewBox='0 0 10 10' refX='10' refY='5' markerWidth='7' "
             f"markerHeight='7' orient='auto-start-reverse'><path d='M0,0 L10,5 L0,10 z' "
             f"style='fill:{_FG}'/></marker></defs>"]
    for a, b in edges:
        (x1, y1), (x2, y2) = pos[a], pos[b]
        thick = 3.5 if (a, b) in hl else 1.5
        parts.append(f"<line x1='{x1:.0f}' y1='{y1 + bh / 2:.0f}' x2='{x2:.0f}' y2='{y2 - bh / 2:.0f}' "
                     f"style='stroke:{_FG};stroke-width:{thick}' marker-end='url(#arrow)'/>")
    for v, (x, y) in pos.items():
        fill = _EVIDENCE if v in observed else "var(--jp-layout-color2, #eee)"
        text = "#1a1a1a" if v in observed else _FG      # dark on the green: 5:1
        parts.append(f"<rect x='{x - bw / 2:.0f}' y='{y - bh / 2:.0f}' width='{bw}' height='{bh}' rx='6' "
                     f"style='fill:{fill};stroke:{_BORDER}'/><text x='{x:.0f}' y='{y + 5:.0f}' "
                     f"text-anchor='middle' style='fill:{text};font-size:13px'>{esc(v)}</text>")
    parts.append("</svg>")
    return "".join(parts)


def _drawn_above(drawing: str, text: str) -> str:
    """A drawing with its text under it, as one HTML widget's value: what two HTML widgets, one
    under the other, showed (each 28px lines, 2px margins), in one message a move. The text in a
    ``<div class='nbteach-text'>`` (a hook for tests: what the view says, without the drawing), the
    drawing in ``nbteach-drawing`` (the class its widget had)."""
    return (f"<div class='nbteach-drawing' style='margin-bottom:4px'>{drawing}</div>"
            # flow-root: the text's margins stay inside it, as they stayed inside its own widget
            f"<div class='nbteach-text' style='display:flow-root'>{text}</div>")


def _bars(p_exact, p_gibbs, values, se=None) -> str:
    """Each value's bars: exact, and Gibbs with its Monte Carlo standard error (``se``, batch means)."""
    rows = []
    for v in values:
        e, g = float(p_exact[v]), (None if p_gibbs is None else float(p_gibbs[v]))
        error = "" if se is None or not float(se[v]) == float(se[v]) else f" ± {float(se[v]):.4f}"
        rows.append(
            f"<div style='font-size:12px;color:{_FG}'>{esc(v)}: "
            f"<span style='display:inline-block;width:{60 * e:.1f}px;height:8px;background:{_EXACT}'></span> "
            f"{e:.4f}" + ("" if g is None else
                          f"<br><span style='display:inline-block;width:{60 * g:.1f}px;height:8px;"
                          f"background:{_GIBBS};margin-left:{len(str(v)) * 7 + 10}px'></span> {g:.4f}{error}")
            + "</div>")
    return "".join(rows)


#: a node's kind on a trail, in Zhou's words (7.5.1)
_KIND_ZH = {"chain": "顺序结构", "fork": "同父结构", "collider": "V型结构的汇合点"}

_UNOBSERVED = "?"                # the value of a node's "?" button


# The network explorer's sheet: an anywidget whose element takes no box of its own (``display:
# contents``), so that the elements of its HTML are items of the grid around it, placed in the
# cells where each card's border, title and bars sit, between the cards' buttons (widgets of the
# same grid). One click: one message, one element's children replaced.
_SHEET_ESM = r"""
export default {
  render({ model, el }) {
    el.style.display = 'contents';
    const show = () => { el.innerHTML = model.get('value'); };
    show();
    model.on('change:value', show);
    return () => model.off('change:value', show);
  },
};
"""

_SHEET = None


def _sheet():
    """A new sheet (class made on first use: anywidget is imported late, as in ``_a11y``)."""
    global _SHEET
    if _SHEET is None:
        import anywidget  # heavy and optional: imported only when a network explorer is made

        class Sheet(anywidget.AnyWidget):
            """HTML (``value``) whose elements are items of the grid around it (see ``_SHEET_ESM``)."""

            _esm = _SHEET_ESM
            value = traitlets.Unicode("").tag(sync=True)

        _SHEET = Sheet
    return _SHEET(layout=w.Layout(display="contents"))


# a card as the VBox of title, buttons and bars drew it (JupyterLab's widget sizes): margin 4px,
# border 1px, padding 4px, each HTML widget inside with a margin of 2px and 28px lines
_LINE = "line-height:var(--jp-widgets-inline-height, 28px)"


class NetworkExplorer(Explorer):
    """Click a value to set evidence; see every other node's posterior, exact and Gibbs.

    The view is a grid: the drawing and the legend on top, then a card per node in the drawing's
    layers (roots on top), each card its title, its value buttons and its bars. The buttons are
    widgets (``buttons``); the drawing, the legend and every card's border, title and bars are the
    elements of one HTML (``sheet``) placed in the same grid, so a click changes one widget: one
    message, and the browser replaces one element's children (with a widget per card's bars a
    click sent up to six messages, each drawn on its own).

    Attributes
    ----------
    evidence : dict, the values set so far
    posteriors : DataFrame (node, value) x (exact, gibbs, gibbs se): the Gibbs estimate's Monte Carlo
        standard error by batch means (:func:`nbteach.bayesnet.inference.batch_means_se`)
    buttons : dict node -> ToggleButtons (value buttons; "?" = not observed)
    drawing : str, the network as SVG (observed nodes green)
    bars : dict node -> str, the HTML of each card's bars (or "observed: value")
    sheet : the one widget (HTML in ``value``; an anywidget) that shows the drawing, the legend and the cards
    message : HTML, why evidence was refused (impossible evidence)
    """

    def __init__(self, net, n_samples=5000, random_state=0, gibbs=True):
        net.check_model()
        self.net, self.n_samples, self.random_state, self.gibbs = net, n_samples, random_state, gibbs
        self.evidence = {}
        layer = _layers(net.nodes, net.edges)
        rows = {}
        for v in net.nodes:
            rows.setdefault(layer[v], []).append(v)
        # columns: half a card wide, 2 per card, as many as the widest layer needs, centred
        # between two flexible ones; a layer of n cards starts (widest - n) halves in: each layer
        # centred, its cards side by side, as HBoxes of cards centred them
        widest = max(len(r) for r in rows.values())
        self._cells = {}                # node -> (first grid row of its card, first grid column)
        for k, (_, row) in enumerate(sorted(rows.items())):
            for i, v in enumerate(row):
                self._cells[v] = (3 + 3 * k, 2 + widest - len(row) + 2 * i)
        self.buttons, self.bars = {}, {}
        for v in net.nodes:
            # "?" has a value of its own, so that it shows as chosen while the node is not observed
            options = [("?", _UNOBSERVED)] + [(str(x), x) for x in net.values(v)]
            top, left = self._cells[v]
            b = w.ToggleButtons(options=options, value=_UNOBSERVED, description="",
                                tooltips=[bilingual(f"{v} not observed", f"{v} 未观测")]
                                + [bilingual(f"observe {v} = {x}", f"观测到 {v} = {x}") for x in net.values(v)],
                                style={"button_width": "58px"},
                                # grid_area: grid_row/grid_column set no style on the page (ipywidgets 8.1)
                                layout=w.Layout(width="auto", margin="0px 9px",
                                                grid_area=f"{top + 1} / {left} / {top + 2} / {left + 2}"))
            b.observe(lambda ch, v=v, b=b: self._set(v, ch["new"], b), names="value")
            self.buttons[v] = b
        self.legend = (f"<span style='color:{_MUTED};font-size:12px'>" + bilingual("bars: ", "条形：")
                       + f"<span style='background:{_EXACT};color:#fff;padding:0 4px'>{bilingual('exact', '精确值')}</span> "
                       + (f"<span style='background:{_GIBBS};color:#1a1a1a;padding:0 4px'>"
                          + bilingual(f"Gibbs, {n_samples} samples, ± its standard error", f"吉布斯采样，{n_samples} 个样本，± 标准误") + "</span>"
                          if gibbs else "")
                       + bilingual(" &middot; click a value to observe it, ? to clear", " &middot; 点击一个取值即观测到它，点 ? 清除")
                       + "</span>")
        self._width = max(560, 200 * widest)
        self.drawing = ""
        self.sheet = _sheet()
        self.message = w.HTML()
        grid = w.GridBox([self.sheet, *self.buttons.values()],
                         layout=w.Layout(width=f"{self._width}px", overflow="visible", justify_items="center",
                                         grid_template_columns=f"1fr repeat({2 * widest}, max-content) 1fr"))
        self.theme = theme_holder()     # the error colour's rules, once (a message never carries a <style>)
        self.widget = w.VBox([grid, self.message, self.theme])
        self._kept = {}
        self._update()

    def _sheet_html(self) -> str:
        """The drawing, the legend and every card's border, title and bars, each in its grid cell."""
        full = f"grid-column:1 / -1;justify-self:start;margin:2px;{_LINE}"
        # the drawing is as wide as the grid: its right margin taken back, so that it does not widen the grid
        parts = [f"<div class='nbteach-drawing' style='{full};grid-row:1;width:{self._width}px;margin-right:-2px'>"
                 f"{self.drawing}</div>",
                 f"<div style='{full};grid-row:2'>{self.legend}</div>"]
        for v, (top, left) in self._cells.items():
            cols = f"grid-column:{left} / {left + 2}"
            parts.append(f"<div style='grid-row:{top} / {top + 3};{cols};justify-self:stretch;margin:4px;"
                         f"border:1px solid {_BORDER};pointer-events:none'></div>"
                         f"<div style='grid-row:{top};{cols};margin:11px 11px 2px;height:28px;{_LINE}'>"
                         f"<b style='color:{_FG}'>{esc(v)}</b></div>"
                         # the class the bars' widget had (Explorer.tag): a hook for tests and a teacher's styling
                         f"<div class='nbteach-bars-{_slug(v)}' style='grid-row:{top + 2};{cols};align-self:start;"
                         f"margin:2px 11px 11px;{_LINE}'>{self.bars.get(v, '')}</div>")
        return "".join(parts)

    def _set(self, v, value, button=None):
        if value is None and button is not None:    # None from code: choose "?", which clears
            button.value = _UNOBSERVED
            return
        if value is None or (isinstance(value, str) and value == _UNOBSERVED):
            self.evidence.pop(v, None)
        else:
            self.evidence[v] = value
        self._update()

    def set_evidence(self, **evidence):
        """Observe values from code (``ex.set_evidence(JohnCalls=True)``); None clears."""
        for v, value in evidence.items():
            if v not in self.buttons:
                raise NbteachError(tr({"en": f"{v!r} is not a node; the nodes are {', '.join(self.net.nodes)}.",
                                       "zh": f"{v!r} 不是结点；结点是 {', '.join(self.net.nodes)}。"}))
            self.buttons[v].value = value  # the observer updates the view

    #: how many evidence settings the view keeps what it showed for (a few kB each)
    KEPT = 256

    def _update(self):
        """Show the evidence set: from what was kept if it was shown before, else computed."""
        key = (tuple(b.index for b in self.buttons.values()), get_language())
        kept = self._kept.get(key)
        if kept is not None:
            self.posteriors, self.drawing, bars, self.sheet.value, self.message.value = kept
            self.bars = dict(bars)
            return
        self._compute()
        self.sheet.value = self._sheet_html()       # the whole view but the buttons: one message
        if self.message.value:      # refused (impossible evidence): computed again if asked again
            return
        self._keep(self._kept, key, (self.posteriors, self.drawing, dict(self.bars), self.sheet.value,
                                     self.message.value))

    def _compute(self):
        self.drawing = network_svg(self.net.nodes, self.net.edges, observed=self.evidence)
        for v in self.evidence:     # observed nodes show their value, whatever the sampler says below
            self.bars[v] = (f"<span style='background:{_EVIDENCE};color:#1a1a1a;padding:0 4px'>"
                            + bilingual("observed: ", "已观测：") + f"{esc(self.evidence[v])}</span>")
        free = [v for v in self.net.nodes if v not in self.evidence]
        rows = {}
        try:
            # one Gibbs run for every node's posterior (the sampler is the one net.query uses);
            # every node observed: nothing left to sample or to show
            # with each estimate, its Monte Carlo standard error (batch means, from the same run)
            sampled, errors = (gibbs_marginals_se(self.net, self.evidence, n_samples=self.n_samples,
                                                   random_state=self.random_state, burn_in=50)
                               if self.gibbs and free else ({}, {}))
            for v in free:
                exact = self.net.query(v, self.evidence)
                gibbs, se = sampled.get(v), errors.get(v)
                self.bars[v] = _bars(exact, gibbs, self.net.values(v), se)
                for x in self.net.values(v):
                    rows[(v, x)] = {"exact": float(exact[x]),
                                    "gibbs": None if gibbs is None else float(gibbs[x]),
                                    "gibbs se": None if se is None else float(se[x])}
            self.message.value = ""
        except NbteachError as err:
            self.message.value = view_html(f"<p style='color:{ERROR}'>{esc(err)}</p>")
        self.posteriors = pd.DataFrame.from_dict(rows, orient="index")


def network_explorer(net, n_samples=5000, random_state=0, gibbs=True):
    """Make a :class:`NetworkExplorer`.

    >>> from nbteach.bayesnet import burglary
    >>> ex = network_explorer(burglary(), n_samples=2000)
    >>> ex.set_evidence(JohnCalls=True, MaryCalls=True)
    >>> round(float(ex.posteriors.loc[("Burglary", True), "exact"]), 4)
    0.2842
    """
    return NetworkExplorer(net, n_samples=n_samples, random_state=random_state, gibbs=gibbs)


class DSeparationExplorer(Explorer):
    """Pick X, Y and the observed set Z: which trails are active, and why.

    ``view`` shows the network (Z green) above the verdict and the trails, in one HTML: a change
    of X, Y or Z is one message (the drawing and the text as two widgets were two, drawn apart).
    ``drawing`` and ``text`` are the two parts as strings; ``result`` the verdict (None for an
    invalid choice), ``trails`` the library's trails.
    """

    def __init__(self, net, x=None, y=None, given=()):
        self.net = net
        nodes = list(net.nodes)
        self.x = w.Dropdown(options=nodes, value=x or nodes[0], description="X")
        self.y = w.Dropdown(options=nodes, value=y or nodes[-1], description="Y")
        self.z = w.SelectMultiple(options=nodes, value=tuple(given), description=bilingual("observed Z", "已观测 Z"),
                                  rows=min(6, len(nodes)))
        for c in (self.x, self.y, self.z):
            c.observe(lambda ch: self._update(), names="value")
        self.view = w.HTML()
        self.widget = w.VBox([w.HBox([self.x, self.y, self.z]), self.view])
        self._update()

    def _update(self):
        """The drawing and the verdict with its trails, written into one HTML (``view``): a change is one message."""
        self._explain()
        self.view.value = _drawn_above(self.drawing, self.text)

    def _explain(self):
        x, y, zs = self.x.value, self.y.value, list(self.z.value)
        self.drawing = network_svg(self.net.nodes, self.net.edges, observed=zs)
        if x == y or x in zs or y in zs:
            self.result, self.trails = None, []
            self.text = (f"<p style='color:{_MUTED}'>" + bilingual("Pick two different nodes for X and Y, "
                                                             "neither of them observed.",
                                                             "请为 X 和 Y 选两个不同的结点，且都不在已观测集合中。")
                         + "</p>")
            return
        self.result = self.net.d_separated(x, y, zs)
        self.trails = self.net.trails(x, y, zs)
        rows = []
        zh = get_language() == "zh"
        for path, active, reasons in self.trails:
            if zh:
                why = "；".join(f"{esc(b)} 处是{_KIND_ZH[kind]}，{'已观测' if b in zs else '未观测'}"
                                + ("（其后代也未观测）" if kind == "collider" and verdict == "blocks" else "")
                                + f"：{'阻断' if verdict == 'blocks' else '畅通'}"
                                for b, kind, verdict in reasons) or "相邻：总是畅通"
            else:
                why = "; ".join(f"{esc(b)} is a {kind}, {'observed' if b in zs else 'not observed'}"
                                + (" (nor a descendant)" if kind == "collider" and verdict == "blocks" else "")
                                + f": {verdict}" for b, kind, verdict in reasons) or "adjacent: always active"
            status = bilingual("active" if active else "blocked", "畅通" if active else "阻断")
            rows.append(f"<tr><td style='padding:2px 8px'>{' &ndash; '.join(esc(p) for p in path)}</td>"
                        f"<td style='padding:2px 8px'>{status}</td>"
                        f"<td style='padding:2px 8px'>{why}</td></tr>")
        keep = self.net.ancestors([x, y, *zs])
        moral = ", ".join(f"{a}&ndash;{b}" for a, b in self.net.moral_graph(keep))
        kept = ', '.join(esc(v) for v in sorted(keep, key=self.net.nodes.index))
        if zh:
            verdict = ("有向分离：在这个图允许的每一个分布中，给定 Z 时 X 与 Y 都相互独立"
                       if self.result else "不是有向分离：一条畅通的路径可以传递依赖")
            none_row = "<tr><td colspan=3>根本没有路径</td></tr>"
            self.text = (
                f"<p style='color:{_FG}'><b>{esc(x)} 与 {esc(y)}：{verdict}。</b></p>"
                f"<table style='color:{_FG}'><tr><th style='padding:2px 8px'>路径</th>"
                f"<th style='padding:2px 8px'>状态</th><th style='padding:2px 8px'>原因</th></tr>"
                f"{''.join(rows) or none_row}</table>"
                f"<p style='color:{_MUTED}'>用祖先结点的道德图得到同样的结论：保留 X、Y、Z "
                f"及其祖先（{kept}），"
                f"道德化（边：{moral or '无'}），删去 Z，再看是否有从 X 到 Y 的路径。</p>")
            return
        verdict = ("d-separated: X and Y are independent given Z in every distribution this graph allows"
                   if self.result else "not d-separated: an active trail can carry dependence")
        self.text = (
            f"<p style='color:{_FG}'><b>{esc(x)} and {esc(y)} are {verdict}.</b></p>"
            f"<table style='color:{_FG}'><tr><th style='padding:2px 8px'>trail</th>"
            f"<th style='padding:2px 8px'>status</th><th style='padding:2px 8px'>why</th></tr>"
            f"{''.join(rows) or '<tr><td colspan=3>no trail at all</td></tr>'}</table>"
            f"<p style='color:{_MUTED}'>The same verdict by the ancestral moral graph: keep X, Y, Z "
            f"and their ancestors ({kept}), "
            f"moralise (edges: {moral or 'none'}), delete Z, and look for a path from X to Y.</p>")


def dseparation_explorer(net, x=None, y=None, given=()):
    """Make a :class:`DSeparationExplorer`.

    >>> from nbteach.bayesnet import burglary
    >>> ex = dseparation_explorer(burglary(), "Burglary", "Earthquake")
    >>> ex.result
    True
    >>> ex.z.value = ("JohnCalls",)
    >>> ex.result
    False
    """
    return DSeparationExplorer(net, x=x, y=y, given=given)


class SearchExplorer(Explorer):
    """Step through a structure search (:func:`nbteach.bayesnet.hill_climb_search`) move by move.

    ``view`` shows the network after the move (its arc thick) above what the move did, in one
    HTML: a step is one message. ``drawing`` and ``text`` are the two parts as strings.
    """

    def __init__(self, data, score="bic", **search):
        self.result, self.history, _ = hill_climb_search(data, score=score, **search)
        self.nodes = list(data.columns)
        self.score_name = score
        self.step = w.IntSlider(value=0, min=0, max=len(self.history) - 1, description=bilingual("move", "步"),
                                continuous_update=True, layout=w.Layout(width="520px"))
        self.step.observe(lambda ch: self._update(), names="value")
        self.view = w.HTML()
        self.widget = w.VBox([self.step, self.view])
        self._update()

    def _update(self):
        """The network after the move and what the move did, written into one HTML (``view``): one message."""
        self._explain()
        self.view.value = _drawn_above(self.drawing, self.text)

    def _explain(self):
        h = self.history[self.step.value]
        arc = h["arc"]
        self.drawing = network_svg(self.nodes, h["edges"],
                                   highlight=[arc if h["move"] != "reverse" else arc[::-1]]
                                   if arc else ())
        best = (min if self.score_name == "mdl" else max)(x["score"] for x in self.history)
        if get_language() == "zh":
            better = "越低越好" if self.score_name == "mdl" else "越高越好"
            moves = {"add": "添加", "delete": "删除", "remove": "删除", "reverse": "反转"}
            what = ("空网络" if h["move"] == "start" and h["phase"] == "climb" else
                    "从最好的网络重新开始，并随机扰动几步" if h["move"] == "start" else
                    f"{moves.get(h['move'], esc(h['move']))}弧 {esc(arc[0])} &rarr; {esc(arc[1])}")
            phase = ("爬山" if h["phase"] == "climb" else
                     f"第 {h['phase'].split()[-1]} 次重启" if str(h["phase"]).startswith("restart ") else esc(h["phase"]))
            self.text = (f"<p style='color:{_FG}'>{phase}，第 {h['step']} 步：{what}；"
                         f"评分变化 {h['delta']:+.2f}，{esc(self.score_name)} = {h['score']:.2f}"
                         f"（{better}；本次搜索最好为 {best:.2f}）。</p>")
            return
        better = "lower" if self.score_name == "mdl" else "higher"
        what = ("the empty network" if h["move"] == "start" and h["phase"] == "climb" else
                "a restart from the best network, shaken by random moves" if h["move"] == "start" else
                f"{h['move']} the arc {esc(arc[0])} &rarr; {esc(arc[1])}")
        self.text = (f"<p style='color:{_FG}'>{esc(h['phase'])}, move {h['step']}: {what}; "
                     f"score change {h['delta']:+.2f}, {esc(self.score_name)} = {h['score']:.2f} "
                     f"({better} is better; best of the search {best:.2f}).</p>")


def search_explorer(data, score="bic", **search):
    """Make a :class:`SearchExplorer` (keyword arguments go to ``hill_climb_search``)."""
    return SearchExplorer(data, score=score, **search)
