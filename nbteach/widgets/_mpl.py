"""How nbteach sets up matplotlib before it draws: Chinese glyphs, and sharp images.

* **Chinese glyphs.** matplotlib's default font (DejaVu Sans) has no Chinese characters: a
  title such as "对数似然的等高线" would be drawn as boxes, with a warning "Glyph ... missing
  from font(s) DejaVu Sans". Since matplotlib 3.6 ``font.family`` is a fallback chain, searched
  glyph by glyph, so :func:`configure` puts an installed CJK family (Noto Sans CJK first:
  Debian's ``fonts-noto-cjk``) after the default (``["sans-serif", "Noto Sans CJK SC"]``):
  Latin text looks as before, Chinese comes from the CJK font (where it comes from:
  :mod:`nbteach._fonts`). If no CJK font can be had, it says so once, with the fix, when the
  language is Chinese.
* **Sharp images.** In a notebook (an IPython kernel), figures are sent as retina PNG (twice
  the pixels, shown at the same size), so they stay sharp on a high-density screen: the
  inline backend's formats (``matplotlib_inline.backend_inline.set_matplotlib_formats``) and
  its configuration, which a later ``%matplotlib inline`` reads.

It is called where nbteach draws with matplotlib (:func:`nbteach.widgets.mle.lagrange_picture`),
never from a student's code cell, and is cheap after the first call.
"""
from __future__ import annotations

import warnings

import matplotlib

from nbteach import sharp_plots
from nbteach._fonts import CJK_FAMILIES, FIX, adopt, cjk_family, no_cjk_font
from nbteach.i18n import get_language

__all__ = ["CJK_FAMILIES", "FIX", "configure", "cjk_family", "adopt"]

def configure(fonts=None) -> str | None:
    """Put a CJK font after the default sans-serif font and send notebook figures as retina
    PNG; returns the CJK family used (None if none can be had: then, when the language is
    Chinese, one short message names the fix, :func:`nbteach._fonts.no_cjk_font`)."""
    family = cjk_family(fonts)
    if family is None:
        if get_language() == "zh":
            no_cjk_font("zh")
    else:
        # font.family is the fallback chain (a generic name such as "sans-serif" stands for the
        # first installed font of its list): the default first, the CJK family after it
        chain = list(matplotlib.rcParams["font.family"])
        if family not in chain:
            matplotlib.rcParams["font.family"] = chain + [family]
    _retina()
    return family


def _retina() -> None:
    """Retina PNG for the figures an IPython kernel shows (nothing outside a kernel): the one
    switch, which ``import nbteach`` already threw (``nbteach.sharp_plots``); again here for a
    kernel whose inline backend started since."""
    sharp_plots()
