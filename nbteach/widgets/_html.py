"""Small HTML helpers shared by the widgets: number formatting and a posterior bar."""
from __future__ import annotations

import html
import re
from fractions import Fraction

import ipywidgets as w

from nbteach._base import is_symbolic
from nbteach.i18n import get_language


def number(v) -> str:
    """A probability as a reader wants it: a short fraction if there is one, else 4 digits."""
    if is_symbolic(v):
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


def bilingual(en: str, zh: str) -> str:
    """``en`` or ``zh``, in the student's language (:func:`nbteach.set_language`): what a view
    writes. The Chinese uses the glossary's terms (:mod:`nbteach.glossary`).

    >>> bilingual("decision", "决策")
    'decision'
    """
    return zh if get_language() == "zh" else en


def esc(text) -> str:
    return html.escape(str(text))


# Colours that stay readable (WCAG AA, 4.5:1) in JupyterLab's light and dark themes. No one
# colour can (on white it must be dark, on near-black light), so the view carries a small
# style block that picks the theme's darker shade in the light theme and a lighter one in
# the dark theme (JupyterLab marks the body with data-jp-theme-light).
THEME_STYLE = ("<style>:root{--nbteach-error:var(--jp-error-color0,#b71c1c);"
               "--nbteach-good:var(--jp-success-color0,#1b5e20)}"
               "body[data-jp-theme-light='false']{--nbteach-error:var(--jp-error-color2,#e57373);"
               "--nbteach-good:var(--jp-success-color2,#81c784)}</style>")
ERROR = "var(--nbteach-error, #b71c1c)"
GOOD = "var(--nbteach-good, #1b5e20)"
#: a highlighted row: dark text on a pale background whatever the theme (contrast about 17:1)
HIGHLIGHT = "background:#fff3c4;color:#1a1a1a;font-weight:bold"

_CELL = re.compile(r"<(td|th)(\s+style=(['\"])(.*?)\3)?(?=[\s>])")


def padded(html_text: str) -> str:
    """Every table cell padded (2px 8px), so that a header never reads as one run of words;
    the theme's colour style block in front (see ``THEME_STYLE``).

    >>> padded("<table><tr><th>a</th><td style='color:red'>1</td></tr></table>")[len(THEME_STYLE):]
    "<table><tr><th style='padding:2px 8px'>a</th><td style='padding:2px 8px;color:red'>1</td></tr></table>"
    """
    def add(m):
        tag, style = m.group(1), m.group(4)
        if style is not None and "padding" in style:
            return m.group(0)
        return f"<{tag} style='padding:2px 8px" + (f";{style}" if style else "") + "'"

    return THEME_STYLE + _CELL.sub(add, html_text)


def theme_holder():
    """The theme's colour rules (``THEME_STYLE``) in a hidden widget that never changes: a view that
    uses ``ERROR``/``GOOD`` puts it once in its box, and writes its moving parts with
    :func:`view_html`. A ``<style>`` element re-inserted with a view at every move made the
    browser recompute the style of the whole page (lessons 00, 02, 03, 05, 06, 10: 2-40 ms a move)."""
    return w.HTML(THEME_STYLE, layout=w.Layout(display="none"))


def view_html(html_text: str) -> str:
    """:func:`padded` without the theme's style block: for a part of a view that changes at every
    move (the style rides on :func:`theme_holder`).

    >>> view_html("<table><tr><td>1</td></tr></table>")
    "<table><tr><td style='padding:2px 8px'>1</td></tr></table>"
    """
    return padded(html_text).removeprefix(THEME_STYLE)


def message_box(owner, message: str) -> None:
    """Give ``owner`` a text box for a message (``owner.text``), a view under it
    (``owner.view``) and the two as ``owner.widget``; each keystroke calls ``owner.update()``."""
    owner.text = w.Text(value=message, description=bilingual("message", "消息"), continuous_update=True,
                        placeholder=bilingual("type a message", "输入一条消息"), style={"description_width": "initial"},
                        layout=w.Layout(width="520px"))
    owner.view = w.HTML()
    owner.theme = theme_holder()         # the error colour's rules, once (see theme_holder)
    owner.text.observe(lambda change: owner.update(), names="value")
    owner.widget = w.VBox([owner.text, owner.view, owner.theme])
