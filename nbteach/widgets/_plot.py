"""The moving plots' common parts: bqplot figures that the browser redraws from new data.

Why bqplot: measured in a real browser (key press to updated view, against an IntSlider ->
Label round trip in the same run), a bqplot line moved by a slider updated at 1.2x the
round trip, plotly's FigureWidget at 3.3x and a re-rendered matplotlib PNG at 11x
(``benchmarks/compare_plot_libraries.py``). The kernel sends only the changed arrays; the
axes and titles take JupyterLab's theme colours, so they read in the light and dark themes.
Static figures stay matplotlib.
"""
from __future__ import annotations

import ipywidgets as w

from nbteach.widgets._html import esc

#: Okabe-Ito colours that colour-blind readers tell apart and that have at least 3:1
#: contrast (WCAG's rule for graphics) against JupyterLab's light and dark backgrounds
#: (Okabe-Ito's orange and sky blue are left out: about 2:1 on white)
BLUE, VERMILLION, GREEN, PURPLE = "#0072B2", "#D55E00", "#009E73", "#CC79A7"
#: a neutral mark (a cursor line, an outline) that reads on both backgrounds
GREY = "#8c8c8c"


def figure(marks, axes, title="", width=560, height=360, margin=None):
    """A bqplot Figure of the given size (px) with the theme's colours; no toolbar, no
    legend inside (bqplot writes a legend's text in the mark's colour, which is not
    readable text on both backgrounds: see :func:`legend`)."""
    import bqplot as bq   # heavy and optional: the SVG views (_svg) take only the colours and legend

    fig = bq.Figure(marks=marks, axes=axes, title=title, animation_duration=0,
                    fig_margin=margin or {"top": 50, "bottom": 50, "left": 60, "right": 20},
                    legend_location="bottom-left", layout=w.Layout(width=f"{width}px", height=f"{height}px"),
                    title_style={"font-size": "14px"})
    return fig


_SYMBOLS = {"line": "━━", "dashed": "╍╍", "dotted": "┅┅", "circle": "●", "square": "■",
            "open square": "□", "triangle": "▲"}


def legend(items) -> str:
    """HTML legend: for each (colour, symbol, label) a coloured symbol (a graphic, 3:1 on
    both themes) and the label in the theme's text colour (4.5:1).

    >>> legend([("#0072B2", "circle", "class 0")])
    "<div class='nbteach-legend'><span style='margin-right:1.2em'><span class='nbteach-swatch' aria-hidden='true' style='color:#0072B2'>●</span> class 0</span></div>"
    """
    return ("<div class='nbteach-legend'>" + "".join(
        f"<span style='margin-right:1.2em'><span class='nbteach-swatch' aria-hidden='true' "
        f"style='color:{colour}'>{_SYMBOLS[symbol]}</span> {esc(label)}</span>"
        for colour, symbol, label in items) + "</div>")
