"""A moving plot drawn as one SVG in one ``ipywidgets.HTML``: one move, one message, one redraw.

Why not bqplot for these views: a bqplot figure is a widget per mark, scale and axis, so a
move that changes contour lines, two points and the title sends four messages, and the
browser redraws each mark on its own (bqplot re-creates the figure's legend group at every
mark's redraw). In Chromium traces of lesson 04 the view's first change came at about the bare
IntSlider -> Label round trip and its last 20-35 ms later (``benchmarks/bench_browser.py``).
Here the kernel keeps the marks (plain Python objects with bqplot's attribute names: ``x``,
``y``, ``color``, ``visible``, a figure's ``title``, ``marks`` and ``axes``), and
:meth:`Figure.draw` writes the whole picture as one SVG string into the figure's ``value``:
a move is one message, and the browser replaces one element. A view whose numbers change with
the picture writes them into the same ``value`` (``Figure(..., below=..., beside=...)``, as
lesson 08's boundary explorer writes its legend and log odds): still one message.

Text takes JupyterLab's theme text colour, so it reads in the light and dark themes; the marks
keep the colours of :mod:`nbteach.widgets._plot`. The numbers written (titles, tick labels) are
made by the views from library results, as before.
"""
from __future__ import annotations

import math
import uuid

import ipywidgets as w
import numpy as np

from nbteach._base import NbteachError
from nbteach.widgets._html import esc
from nbteach.i18n import tr

__all__ = ["Axis", "ColorAxis", "ColorScale", "Figure", "Lines", "LinearScale", "LogScale", "Scatter"]

#: the theme's text colour (JupyterLab's variable; black outside JupyterLab)
TEXT = "var(--jp-ui-font-color1, #212121)"
#: axis lines and ticks: a neutral grey that reads on both backgrounds
RULE = "#8c8c8c"

# viridis at 0, 0.1, ..., 1 (matplotlib's and d3's viridis agree at these stops)
_VIRIDIS = np.array([[0x44, 0x01, 0x54], [0x48, 0x24, 0x75], [0x41, 0x44, 0x87], [0x35, 0x5f, 0x8d],
                     [0x2a, 0x78, 0x8e], [0x21, 0x91, 0x8c], [0x22, 0xa8, 0x84], [0x44, 0xbf, 0x70],
                     [0x7a, 0xd1, 0x51], [0xbd, 0xdf, 0x26], [0xfd, 0xe7, 0x25]], dtype=float)


def viridis(t) -> str:
    """The viridis colour at ``t`` in [0, 1] (clipped), as '#rrggbb'.

    >>> viridis(0), viridis(1), viridis(0.5)
    ('#440154', '#fde725', '#21918c')
    """
    t = min(1.0, max(0.0, float(t))) * (len(_VIRIDIS) - 1)
    i = min(int(t), len(_VIRIDIS) - 2)
    rgb = _VIRIDIS[i] + (t - i) * (_VIRIDIS[i + 1] - _VIRIDIS[i])
    return "#" + "".join(f"{int(round(c)):02x}" for c in rgb)


class LinearScale:
    """Data ``min``..``max`` onto a pixel range."""

    def __init__(self, min, max):          # noqa: A002 (bqplot's names)
        self.min, self.max = float(min), float(max)

    def _unit(self, v):
        return (np.asarray(v, dtype=float) - self.min) / (self.max - self.min)

    def map(self, v, lo, hi):
        """Pixels of the values ``v`` (``lo`` at ``min``, ``hi`` at ``max``)."""
        return lo + self._unit(v) * (hi - lo)


class LogScale(LinearScale):
    """As :class:`LinearScale`, on log10 of the values (both ends > 0)."""

    def _unit(self, v):
        with np.errstate(divide="ignore", invalid="ignore"):
            return ((np.log10(np.asarray(v, dtype=float)) - math.log10(self.min))
                    / (math.log10(self.max) - math.log10(self.min)))


class ColorScale:
    """Values ``min``..``max`` onto viridis (the only scheme these views use)."""

    def __init__(self, min, max, scheme="viridis"):    # noqa: A002
        if scheme != "viridis":
            raise NbteachError(tr({"en": f"scheme must be 'viridis' (the only colour scheme drawn here), got {scheme!r}.",
                                   "zh": f"scheme 必须是 'viridis'（这里唯一的配色方案），你给的是 {scheme!r}。"}))
        self.min, self.max, self.scheme = float(min), float(max), scheme

    def colour(self, v) -> str:
        return viridis((float(v) - self.min) / (self.max - self.min))


class _Mark:
    def __init__(self, x, y, scales, visible=True):
        self.x, self.y, self.scales, self.visible = x, y, scales, visible

    def _xy(self, fig):
        x0, y0, x1, y1 = fig.plot_box()
        xs = self.scales["x"].map(np.asarray(self.x, dtype=float), x0, x1)
        ys = self.scales["y"].map(np.asarray(self.y, dtype=float), y1, y0)   # y grows upwards
        return xs, ys


_DASHES = {"solid": None, "dashed": "8,4", "dotted": "2,3", "dash_dotted": "8,3,2,3"}


#: paths are written in tenths of a px (whole numbers: faster to format than decimals; a move
#: draws a few thousand contour points) inside a group that scales them back
TENTHS = 10


def _path(xs, ys) -> str:
    """SVG path data through the points (px, written in tenths of a px), a new piece after each
    NaN: a moveto, then the piece's steps as relative linetos (small numbers: a move draws a
    few thousand contour points, and the message is about half as long as with absolute
    ones), all in one % operation. The steps are differences of the rounded points, so the
    drawn points are the rounded points exactly, with no drift along a line."""
    ok = np.isfinite(xs) & np.isfinite(ys)
    if not ok.any():
        return ""
    start = (ok & ~np.r_[False, ok[:-1]])[ok]
    points = np.rint(TENTHS * np.column_stack([xs[ok], ys[ok]])).astype(np.int64)
    steps = np.where(start[:, None], points, np.diff(points, axis=0, prepend=points[:1]))
    first_step = np.r_[False, start[:-1]] & ~start
    tokens = np.where(start, "M%d,%d", np.where(first_step, "l%d,%d", " %d,%d"))
    return "".join(tokens.tolist()) % tuple(steps.ravel().tolist())


class Lines(_Mark):
    """One line, or one per row of 2-D ``x`` and ``y`` (NaN breaks a line), coloured by
    ``colors`` (in turn) or, with a ``"color"`` scale, by each row's value in ``color``;
    ``marker="circle"`` puts a dot of area ``marker_size`` px² at every point."""

    def __init__(self, x, y, scales, colors=("#0072B2",), color=None, stroke_width=2.0, line_style="solid",
                 marker=None, marker_size=64, labels=None, visible=True):
        super().__init__(x, y, scales, visible)
        self.colors, self.color = list(colors), color
        self.stroke_width, self.line_style, self.marker, self.marker_size = stroke_width, line_style, marker, marker_size
        self.labels = labels

    def svg(self, fig) -> str:
        xs, ys = self._xy(fig)
        xs, ys = np.atleast_2d(xs), np.atleast_2d(ys)
        if xs.shape[0] != ys.shape[0]:
            xs = np.broadcast_to(xs, ys.shape)
        dash = _DASHES.get(self.line_style)
        dash = f" stroke-dasharray='{','.join(str(TENTHS * int(v)) for v in dash.split(','))}'" if dash else ""
        paths, out = [], []
        for i, (rx, ry) in enumerate(zip(xs, ys)):
            colour = (self.scales["color"].colour(self.color[i]) if self.color is not None
                      else self.colors[i % len(self.colors)])
            d = _path(rx, ry)
            if d:
                paths.append(f"<path d='{d}' fill='none' stroke='{colour}' "
                             f"stroke-width='{TENTHS * self.stroke_width:g}'{dash}/>")
            if self.marker == "circle":
                r = math.sqrt(self.marker_size / math.pi)
                out.extend(f"<circle cx='{px:.1f}' cy='{py:.1f}' r='{r:.1f}' fill='{colour}'/>"
                           for px, py in zip(rx, ry) if np.isfinite(px) and np.isfinite(py))
        lines = f"<g transform='scale({1 / TENTHS:g})'>{''.join(paths)}</g>" if paths else ""
        return lines + "".join(out)


#: the markers a Scatter draws (bqplot's names)
MARKERS = ("circle", "square", "triangle-up")


class Scatter(_Mark):
    """Points of area ``default_size`` px²: circles, squares or triangles (``"triangle-up"``,
    bqplot's and d3's equilateral triangle of that area), filled or open (``stroke``), each of
    opacity ``opacities`` (in turn; opaque when None)."""

    def __init__(self, x, y, scales, colors=("#0072B2",), marker="circle", default_size=64, fill=True,
                 stroke=None, stroke_width=1.5, opacities=None, visible=True):
        if marker not in MARKERS:
            raise NbteachError(tr({"en": f"marker must be one of {', '.join(map(repr, MARKERS))} (the markers drawn here), "
                                         f"got {marker!r}.",
                                   "zh": f"marker 必须是 {', '.join(map(repr, MARKERS))} 之一（这里画得出的标记），你给的是 {marker!r}。"}))
        super().__init__(x, y, scales, visible)
        self.colors, self.marker, self.default_size = list(colors), marker, default_size
        self.fill, self.stroke, self.stroke_width = fill, stroke, stroke_width
        self.opacities = None if opacities is None else list(opacities)

    def _paint(self, i) -> str:
        colour = self.colors[i % len(self.colors)]
        paint = (f"fill='{colour}'" if self.fill else
                 f"fill='none' stroke='{self.stroke or colour}' stroke-width='{self.stroke_width}'")
        if self.opacities is not None:
            paint += f" opacity='{self.opacities[i % len(self.opacities)]:g}'"
        return paint

    def svg(self, fig) -> str:
        """One element a point, all written by one % operation (a view moves a hundred points a
        move: a Python loop of f-strings took most of the drawing's time)."""
        xs, ys = (np.ravel(v) for v in self._xy(fig))
        ok = np.isfinite(xs) & np.isfinite(ys)
        if not ok.any():
            return ""
        cycle = len(self.colors) * (1 if self.opacities is None else len(self.opacities))
        paints = [self._paint(i) for i in range(min(cycle, len(xs)))]
        paint = [paints[i % len(paints)] for i in np.flatnonzero(ok).tolist()]
        px, py = xs[ok], ys[ok]
        if self.marker == "triangle-up":
            # d3's symbolTriangle (bqplot's "triangle-up"): apex up, base below, area default_size
            ry = math.sqrt(self.default_size / math.sqrt(3))
            rx = ry * math.sqrt(3) / 2
            one = "<path d='M%.1f,%.1fL%.1f,%.1fL%.1f,%.1fZ' %s/>"
            columns = [px, py - ry, px + rx, py + ry, px - rx, py + ry]
        elif self.marker == "square":
            s = math.sqrt(self.default_size)
            one = f"<rect x='%.1f' y='%.1f' width='{s:.1f}' height='{s:.1f}' %s/>"
            columns = [px - s / 2, py - s / 2]
        else:
            r = math.sqrt(self.default_size / math.pi)
            one = f"<circle cx='%.1f' cy='%.1f' r='{r:.1f}' %s/>"
            columns = [px, py]
        rows = zip(*(c.tolist() for c in columns), paint)
        return (one * len(paint)) % tuple(v for row in rows for v in row)


def _text(x, y, text, anchor="middle", size=12, rotate=None, baseline="middle") -> str:
    turn = f" transform='rotate({rotate} {x:.1f} {y:.1f})'" if rotate else ""
    return (f"<text x='{x:.1f}' y='{y:.1f}' text-anchor='{anchor}' dominant-baseline='{baseline}' "
            f"font-size='{size}px' style='fill:{TEXT}'{turn}>{esc(text)}</text>")


def nice_ticks(low, high, count=10):
    """Round tick values in [low, high], about ``count`` of them: steps of 1, 2 or 5 x 10^k,
    chosen as d3's ``ticks`` chooses them (what a bqplot axis showed).

    >>> nice_ticks(0.45, 1.0)
    [0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.0]
    >>> nice_ticks(-12, 0, 6)
    [-12, -10, -8, -6, -4, -2, 0]
    """
    raw = (high - low) / max(count, 1)
    power = 10 ** math.floor(math.log10(raw))
    error = raw / power
    step = power * (10 if error >= math.sqrt(50) else 5 if error >= math.sqrt(10) else 2 if error >= math.sqrt(2) else 1)
    first = math.ceil(low / step - 1e-9)
    return [round(k * step, 12) for k in range(first, math.floor(high / step + 1e-9) + 1)]


class Axis:
    """An axis at a side of the plot area: its line, ticks at ``tick_values`` (or round values),
    written by ``tick_labels`` (value -> text) or with ``tick_format`` (a Python format spec),
    and its ``label``."""

    def __init__(self, scale, side="bottom", label="", tick_values=None, tick_labels=None, tick_format="g"):
        self.scale, self.side, self.label = scale, side, label
        self.tick_values = None if tick_values is None else list(tick_values)
        self.tick_labels, self.tick_format = tick_labels, tick_format

    def _ticks(self):
        labels = self.tick_labels or {}
        if self.tick_values is not None:
            return [(v, labels.get(v, format(v, self.tick_format))) for v in self.tick_values]
        for count in (10, 8, 6, 5, 4, 3, 2):      # fewer ticks until no two read the same
            ticks = [(v, format(v, self.tick_format)) for v in nice_ticks(self.scale.min, self.scale.max, count)]
            if len({text for _, text in ticks}) == len(ticks):
                break
        return ticks

    def svg(self, fig) -> str:
        x0, y0, x1, y1 = fig.plot_box()
        out = []
        if self.side in ("bottom", "top"):
            y = y1 if self.side == "bottom" else y0
            out.append(f"<line x1='{x0}' y1='{y}' x2='{x1}' y2='{y}' stroke='{RULE}'/>")
            sign = 1 if self.side == "bottom" else -1
            for v, text in self._ticks():
                px = float(self.scale.map(v, x0, x1))
                out.append(f"<line x1='{px:.1f}' y1='{y}' x2='{px:.1f}' y2='{y + 6 * sign}' stroke='{RULE}'/>")
                out.append(_text(px, y + 9 * sign, text, baseline="hanging" if sign > 0 else "auto"))
            if self.label:
                out.append(_text((x0 + x1) / 2, y + 36 * sign, self.label))
        else:
            x = x0 if self.side == "left" else x1
            sign = -1 if self.side == "left" else 1
            out.append(f"<line x1='{x}' y1='{y0}' x2='{x}' y2='{y1}' stroke='{RULE}'/>")
            for v, text in self._ticks():
                py = float(self.scale.map(v, y1, y0))
                out.append(f"<line x1='{x}' y1='{py:.1f}' x2='{x + 6 * sign}' y2='{py:.1f}' stroke='{RULE}'/>")
                out.append(_text(x + 9 * sign, py, text, anchor="end" if sign < 0 else "start"))
            if self.label:
                out.append(_text(x + 46 * sign, (y0 + y1) / 2, self.label, rotate=-90))
        return "".join(out)


class ColorAxis:
    """A colour bar for a :class:`ColorScale` at the plot's right, its round ticks and its label."""

    side = "right"

    def __init__(self, scale, label="", tick_format=".0f", tick_values=None):
        self.scale, self.label, self.tick_format = scale, label, tick_format
        self.tick_values = (nice_ticks(scale.min, scale.max) if tick_values is None else list(tick_values))
        self._gradient = "nbteach-cbar-" + uuid.uuid4().hex[:12]     # unique on the page

    def svg(self, fig) -> str:
        x0, y0, x1, y1 = fig.plot_box()
        bar_x, width = x1 + 18, 12
        stops = "".join(f"<stop offset='{k / 10:.1f}' stop-color='{viridis(1 - k / 10)}'/>" for k in range(11))
        gid = self._gradient
        out = [f"<defs><linearGradient id='{gid}' x1='0' y1='0' x2='0' y2='1'>{stops}</linearGradient></defs>",
               f"<rect x='{bar_x}' y='{y0}' width='{width}' height='{y1 - y0}' fill='url(#{gid})'/>"]
        lin = LinearScale(self.scale.min, self.scale.max)
        for v in self.tick_values:
            py = float(lin.map(v, y1, y0))
            out.append(f"<line x1='{bar_x + width}' y1='{py:.1f}' x2='{bar_x + width + 5}' y2='{py:.1f}' stroke='{RULE}'/>")
            out.append(_text(bar_x + width + 8, py, format(v, self.tick_format), anchor="start"))
        if self.label:
            out.append(_text(bar_x + width + 52, (y0 + y1) / 2, self.label, rotate=-90))
        return "".join(out)


def _plot_box(fig):
    """(left, top, right, bottom) of a figure's plot area, in px (a :class:`Figure`, a :class:`Picture`)."""
    m = fig.margin
    return m["left"], m["top"], fig.width - m["right"], fig.height - m["bottom"]


def _picture_svg(fig) -> str:
    """A figure's (a :class:`Figure`'s, a :class:`Picture`'s) axes, visible marks (cut at the plot
    area when ``fig.clip`` names a clip path) and title, as one SVG string."""
    parts = [a.svg(fig) for a in fig.axes]
    marks = [m.svg(fig) for m in fig.marks if m.visible]
    if fig.clip:
        x0, y0, x1, y1 = fig.plot_box()
        marks = [f"<defs><clipPath id='{fig.clip}'><rect x='{x0}' y='{y0}' width='{x1 - x0}' "
                 f"height='{y1 - y0}'/></clipPath></defs><g clip-path='url(#{fig.clip})'>",
                 *marks, "</g>"]
    parts += marks
    title = _text(fig.width / 2, 20, fig.title, size=14) if fig.title else ""
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{fig.width}' height='{fig.height}' "
            f"viewBox='0 0 {fig.width} {fig.height}' role='img' aria-label='{esc(fig.title)}' "
            f"style='font-family:var(--jp-ui-font-family, sans-serif);display:block'>"
            f"{title}{''.join(parts)}</svg>")


def _html_class():
    class Figure(w.HTML):
        """The plot: ``marks`` and ``axes`` drawn under a ``title`` into one SVG (this widget's
        ``value``) by :meth:`draw`, which a view calls once per move, after setting the marks.
        ``clip=True`` cuts the marks at the plot area (as bqplot does), for marks that can
        leave it (points moved by a slider). HTML in ``below`` (a legend) and ``beside`` (the
        numbers that change with the picture) is written into the same ``value``, under and to
        the right of the picture: a move that changes both is still one message."""

        def __init__(self, marks, axes, title="", width=560, height=360, margin=None, clip=False,
                     below="", beside=""):
            boxed = not (below or beside)       # the picture alone: a box of its size
            super().__init__(layout=w.Layout(width=f"{width}px", height=f"{height}px") if boxed else w.Layout())
            self.marks, self.axes, self.title = list(marks), list(axes), title
            self.width, self.height = width, height
            self.margin = margin or {"top": 50, "bottom": 50, "left": 60, "right": 20}
            self.clip = "nbteach-clip-" + uuid.uuid4().hex[:12] if clip else None     # unique on the page
            self.below, self.beside = below, beside
            self.draw()

        plot_box = _plot_box
        svg = _picture_svg

        def draw(self):
            """Write the picture (and ``below``, ``beside``) into ``value``: one message to the browser."""
            if not (self.below or self.beside):
                self.value = self.svg()
                return
            self.value = (f"<div style='display:flex;align-items:flex-start'><div style='flex:none'>{self.svg()}"
                          f"{self.below}</div><div style='flex:1 1 auto;min-width:0'>{self.beside}</div></div>")

    return Figure


_FIGURE = None


def Figure(marks, axes, title="", width=560, height=360, margin=None, clip=False, below="",  # noqa: N802
           beside=""):                                                                       # (made on first use)
    """A new figure widget (an ``ipywidgets.HTML`` drawing ``marks`` and ``axes``); see :func:`_html_class`."""
    global _FIGURE
    if _FIGURE is None:
        _FIGURE = _html_class()
    return _FIGURE(marks, axes, title=title, width=width, height=height, margin=margin, clip=clip, below=below,
                   beside=beside)


# -- lesson 12 (EM): a filled band, an axis written by a function, a figure that is not a widget --


class Area(_Mark):
    """A closed, filled polygon through the points (bqplot's ``Lines`` with ``fill="inside"``,
    ``close_path=True`` and no stroke): a band between two curves, ``fill_colors`` at
    ``fill_opacities``."""

    def __init__(self, x, y, scales, fill_colors=("#0072B2",), fill_opacities=(0.15,), visible=True):
        super().__init__(x, y, scales, visible)
        self.fill_colors, self.fill_opacities = list(fill_colors), list(fill_opacities)

    def svg(self, fig) -> str:
        xs, ys = self._xy(fig)
        d = _path(np.ravel(xs), np.ravel(ys))
        if not d:
            return ""
        return (f"<g transform='scale({1 / TENTHS:g})'><path d='{d}Z' fill='{self.fill_colors[0]}' "
                f"fill-opacity='{self.fill_opacities[0]:g}' stroke='none'/></g>")


_SI_PREFIXES = ["y", "z", "a", "f", "p", "n", "µ", "m", "", "k", "M", "G", "T", "P", "E", "Z", "Y"]


def si_format(value, digits=4) -> str:
    """``value`` to ``digits`` significant digits with an SI prefix, trailing zeros dropped: what
    d3's format ``".4~s"`` writes (a bqplot axis's ``tick_format``; its minus is ``-``).

    >>> si_format(-55460.2), si_format(-56000), si_format(0), si_format(1234567), si_format(0.5)
    ('-55.46k', '-56k', '0', '1.235M', '500m')
    """
    v = float(value)
    if v == 0 or not math.isfinite(v):
        return "0" if v == 0 else str(v)
    exponent = int(f"{v:.{digits - 1}e}".split("e")[1])        # after rounding: 99995 -> 1.000e+05
    k = max(-8, min(8, math.floor(exponent / 3)))
    decimals = max(0, digits - 1 - (exponent - 3 * k))
    text = f"{v / 10 ** (3 * k):.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text + _SI_PREFIXES[k + 8]


class FunctionAxis(Axis):
    """An :class:`Axis` whose tick labels ``tick_text`` writes (a function value -> text, e.g.
    :func:`si_format`), at round values (fewer until no two read the same), or at ``tick_values``;
    a vertical axis's label ``label_offset`` px from the axis line (:class:`Axis`: 46 px), to
    clear long tick labels."""

    def __init__(self, scale, side="bottom", label="", tick_text=str, tick_values=None, label_offset=None):
        super().__init__(scale, side=side, label=label, tick_values=tick_values)
        self.tick_text, self.label_offset = tick_text, label_offset

    def _ticks(self):
        if self.tick_values is not None:
            return [(v, self.tick_text(v)) for v in self.tick_values]
        for count in (10, 8, 6, 5, 4, 3, 2):
            ticks = [(v, self.tick_text(v)) for v in nice_ticks(self.scale.min, self.scale.max, count)]
            if len({text for _, text in ticks}) == len(ticks):
                break
        return ticks

    def svg(self, fig) -> str:
        if self.label_offset is None or self.side in ("bottom", "top"):
            return super().svg(fig)
        label, self.label = self.label, ""
        try:
            out = super().svg(fig)
        finally:
            self.label = label
        if not label:
            return out
        x0, y0, x1, y1 = fig.plot_box()
        x = x0 - self.label_offset if self.side == "left" else x1 + self.label_offset
        return out + _text(x, (y0 + y1) / 2, label, rotate=-90)


class Picture:
    """A figure that is not a widget: :class:`Figure`'s ``marks``, ``axes``, ``title``, size and
    margins, and its :meth:`svg`, for a view that writes several pictures and its numbers into
    one ``HTML`` value (one message a move)."""

    def __init__(self, marks, axes, title="", width=560, height=360, margin=None):
        self.marks, self.axes, self.title = list(marks), list(axes), title
        self.width, self.height = width, height
        self.margin = margin or {"top": 50, "bottom": 50, "left": 60, "right": 20}

    clip = None
    plot_box = _plot_box
    svg = _picture_svg


def _panels_class():
    class Panels(w.HTML):
        """Several :class:`Picture` figures side by side, and ``below`` them an HTML text (a legend,
        the numbers), all in this widget's ``value``, written by :meth:`draw`: one message a move
        (lesson 11's Gibbs explorer: two plots, their legend and the numbers under them)."""

        def __init__(self, panels, below=""):
            super().__init__()
            self.panels, self.below = list(panels), below
            self.draw()

        def draw(self):
            """Write the panels and the text below them into ``value``: one message to the browser."""
            self.value = ("<div style='display:flex'>" + "".join(p.svg() for p in self.panels)
                          + "</div>" + self.below)

    return Panels


_PANELS = None


def Panels(panels, below=""):  # noqa: N802 (made on first use)
    """A new widget drawing ``panels`` (:class:`Picture`) side by side with the HTML ``below`` under them."""
    global _PANELS
    if _PANELS is None:
        _PANELS = _panels_class()
    return _PANELS(panels, below=below)
