"""Small HTML helpers shared by the widgets: number formatting and a posterior bar."""
from __future__ import annotations

import html
from fractions import Fraction

from nbteach._base import _is_symbolic


def number(v) -> str:
    """A probability as a reader wants it: a short fraction if there is one, else 4 digits."""
    if _is_symbolic(v):
        return html.escape(str(v))
    if isinstance(v, Fraction):
        if v.denominator <= 1000:
            return str(v)
        v = float(v)
    v = float(v)
    if v == 0:
        return "0"
    if abs(v) < 1e-3:
        return f"{v:.3e}"
    return f"{v:.4g}"


def bar(fraction: float, colour: str = "#4C72B0", width_px: int = 120) -> str:
    w = max(0.0, min(1.0, fraction)) * width_px
    return (
        f"<div style='display:inline-block;width:{width_px}px;height:0.8em;background:#eee;"
        f"vertical-align:middle'><div style='width:{w:.1f}px;height:100%;background:{colour}'>"
        "</div></div>"
    )


def esc(text) -> str:
    return html.escape(str(text))
