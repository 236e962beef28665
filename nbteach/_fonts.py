"""Chinese glyphs in matplotlib: which CJK font to fall back on, and giving it to texts already made.

matplotlib's default font (DejaVu Sans) has no Chinese characters; since matplotlib 3.6
``font.family`` is a fallback chain searched glyph by glyph, so a CJK family after the default
draws Chinese while Latin text keeps its font. Used by :mod:`nbteach.widgets._mpl` (where
nbteach draws) and by :func:`nbteach.i18n.say` (a lesson's own plot titles). Imports nothing
at module level; matplotlib is imported inside the functions (heavy, and needed only when
Chinese is drawn).
"""
from __future__ import annotations

import sys

__all__ = ["CJK_FAMILIES", "cjk_family", "adopt", "use_cjk_in_open_figures"]

#: CJK families tried in order: Noto (Linux: fonts-noto-cjk), Source Han, WenQuanYi, then
#: those of macOS and Windows
CJK_FAMILIES = ("Noto Sans CJK SC", "Noto Sans CJK JP", "Noto Sans CJK TC", "Noto Sans CJK KR",
                "Source Han Sans SC", "Source Han Sans CN", "WenQuanYi Zen Hei", "WenQuanYi Micro Hei",
                "PingFang SC", "Hiragino Sans GB", "Heiti SC", "Microsoft YaHei", "SimHei",
                "Arial Unicode MS")

def cjk_family(fonts=None):
    """The first of :data:`CJK_FAMILIES` that matplotlib knows (None if none is installed).
    ``fonts``: the family names to look in (default: matplotlib's font list)."""
    if fonts is None:
        # heavy and optional: i18n imports _fonts; matplotlib only once a figure is drawn
        from matplotlib import font_manager

        fonts = {f.name for f in font_manager.fontManager.ttflist}
    return next((family for family in CJK_FAMILIES if family in fonts), None)


def adopt(figure) -> None:
    """Give the texts of ``figure`` made before the CJK family joined ``font.family`` (a student's
    ``plt.subplots()`` handed to nbteach as ``ax``: its title and labels keep the fonts of their
    making) the CJK family as a fallback too. Latin text keeps its font."""
    # heavy and optional: i18n imports _fonts; matplotlib only once a figure is drawn
    from matplotlib.text import Text

    family = cjk_family()
    if family is None:
        return
    for text in figure.findobj(Text):
        chain = list(text.get_fontfamily())
        if family not in chain:
            text.set_fontfamily(chain + [family])


def use_cjk_in_open_figures() -> None:
    """If pyplot is in use: put the CJK family in ``font.family`` and in the texts of every
    open figure (made before, e.g. by ``plt.subplots()`` in the cell that now sets a Chinese
    title). Nothing when pyplot has not been imported or no CJK font is installed."""
    pyplot = sys.modules.get("matplotlib.pyplot")
    if pyplot is None:
        return
    family = cjk_family()
    if family is None:
        return
    import matplotlib  # already imported with pyplot

    chain = list(matplotlib.rcParams["font.family"])
    if family not in chain:
        matplotlib.rcParams["font.family"] = chain + [family]
    for number in pyplot.get_fignums():
        adopt(pyplot.figure(number))
