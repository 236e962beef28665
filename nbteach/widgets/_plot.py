"""The moving plots' common parts: their colours and the HTML legend written under them.

The moving plots themselves are drawn as one SVG in one HTML widget (:mod:`nbteach.widgets._svg`:
one move, one message). They were bqplot figures until every lesson's view had moved to that
SVG (measured with ``benchmarks/bench_browser.py``; the comparison that had chosen bqplot over
plotly's FigureWidget and matplotlib PNGs, ``benchmarks/compare_plot_libraries.py``, is in the git
history: removed once no lesson used bqplot and the bench it drove had changed). Static figures
stay matplotlib.
"""
from __future__ import annotations

from nbteach.widgets._html import esc

#: Okabe-Ito colours that colour-blind readers tell apart and that have at least 3:1
#: contrast (WCAG's rule for graphics) against JupyterLab's light and dark backgrounds
#: (Okabe-Ito's orange and sky blue are left out: about 2:1 on white)
BLUE, VERMILLION, GREEN, PURPLE = "#0072B2", "#D55E00", "#009E73", "#CC79A7"
#: a neutral mark (a cursor line, an outline) that reads on both backgrounds
GREY = "#8c8c8c"


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
