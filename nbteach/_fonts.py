"""Chinese glyphs in matplotlib: which CJK font to fall back on, and giving it to texts already made.

matplotlib's default font (DejaVu Sans) has no Chinese characters; since matplotlib 3.6
``font.family`` is a fallback chain searched glyph by glyph, so a CJK family after the default
draws Chinese while Latin text keeps its font. Used by :mod:`nbteach.widgets._mpl` (where
nbteach draws) and by :func:`nbteach.i18n.say` (a lesson's own plot titles). Imports nothing
at module level; matplotlib is imported inside the functions (heavy, and needed only when
Chinese is drawn).

Where the CJK font comes from (:func:`cjk_family`), first found first used:

1. a font matplotlib knows already (its font cache: Noto Sans CJK from Debian's
   ``fonts-noto-cjk``, or the fonts of macOS and Windows);
2. a font installed since matplotlib built its cache (``apt install fonts-noto-cjk`` after the
   first plot): the system's font folders are read again, once, and the new files added to the
   running font manager; the cache on disk is not touched;
3. the Noto Sans CJK that nbteach depends on (the ``noto-cjk-sans-otc`` package from PyPI: the
   same file as Debian's ``fonts-noto-cjk``), so a machine with no CJK font draws Chinese too.

With none of them (the package removed), Chinese text in a plot is drawn as boxes: nbteach says so
once, in one short message that names the fix, instead of matplotlib's warning for every missing
glyph (:func:`no_cjk_font`).
"""
from __future__ import annotations

import os

import sys
import warnings

__all__ = ["CJK_FAMILIES", "cjk_family", "adopt", "use_cjk_in_open_figures", "no_cjk_font", "FIX"]

#: CJK families tried in order: Noto (Linux: fonts-noto-cjk, or the noto-cjk-sans-otc package),
#: Source Han, WenQuanYi, then those of macOS and Windows
CJK_FAMILIES = ("Noto Sans CJK SC", "Noto Sans CJK JP", "Noto Sans CJK TC", "Noto Sans CJK KR",
                "Source Han Sans SC", "Source Han Sans CN", "WenQuanYi Zen Hei", "WenQuanYi Micro Hei",
                "PingFang SC", "Hiragino Sans GB", "Heiti SC", "Microsoft YaHei", "SimHei",
                "Arial Unicode MS")

#: what to do when no CJK font can be had
FIX = {"en": "pip install noto-cjk-sans-otc (or, on Debian/Ubuntu, sudo apt-get install fonts-noto-cjk), "
             "then restart the kernel",
       "zh": "pip install noto-cjk-sans-otc（或在 Debian/Ubuntu 上 sudo apt-get install fonts-noto-cjk），"
             "然后重启内核"}

#: the module of the CJK font nbteach depends on (its ``FONT_PATH``: Noto Sans CJK, all faces)
PACKAGED_FONT = "noto_cjk_sans_otc"

_searched = False     # the system's folders and the packaged font are added at most once a process
_told = False         # the no-font message is given at most once a process


def _known() -> set:
    """The families of matplotlib's font list whose files are there: a font removed since the
    cache was built (fonts-noto-cjk uninstalled) is dropped from the running list, which
    matplotlib would otherwise resolve to a missing file and replace by DejaVu Sans, glyph by glyph."""
    from matplotlib import font_manager   # heavy and optional: only once a figure with Chinese is drawn

    manager = font_manager.fontManager
    there = [f for f in manager.ttflist if os.path.exists(f.fname)]
    if len(there) != len(manager.ttflist):
        manager.ttflist = there
    return {f.name for f in there}


def _add_new_system_fonts() -> None:
    """Add to matplotlib's running font manager the system's font files that its cache (built
    before they were installed) does not list; the cache on disk is left as it is."""
    from matplotlib import font_manager   # heavy and optional: only once a figure with Chinese is drawn

    listed = {f.fname for f in font_manager.fontManager.ttflist}
    for path in font_manager.findSystemFonts():
        if path not in listed:
            try:
                font_manager.fontManager.addfont(path)
            except Exception:  # noqa: BLE001 - a file matplotlib cannot read is no font for us
                pass


def _add_packaged_font() -> None:
    """Add the Noto Sans CJK that nbteach depends on (noto-cjk-sans-otc), if it is installed."""
    try:
        module = __import__(PACKAGED_FONT)
    except ImportError:
        return
    from matplotlib import font_manager   # heavy and optional: only once a figure with Chinese is drawn

    try:
        font_manager.fontManager.addfont(str(module.FONT_PATH))
    except Exception:  # noqa: BLE001 - a damaged install: as if it were absent
        pass


def cjk_family(fonts=None):
    """The first of :data:`CJK_FAMILIES` that matplotlib knows (None if none can be had).
    ``fonts``: the family names to look in (default: matplotlib's font list, to which a font
    installed since its cache was built, then the packaged Noto Sans CJK, are added when it has
    none: see the module's docstring)."""
    global _searched

    if fonts is not None:
        return next((family for family in CJK_FAMILIES if family in fonts), None)
    # heavy and optional: i18n imports _fonts; matplotlib only once a figure is drawn
    family = cjk_family(_known())
    if family is None and not _searched:
        _searched = True
        _add_new_system_fonts()
        family = cjk_family(_known())
        if family is None:
            _add_packaged_font()
            family = cjk_family(_known())
    return family


#: the one message that replaces matplotlib's warning for every missing glyph
NO_FONT = {"en": "no font with Chinese characters: Chinese text in plots shows as boxes. Fix: {fix}.",
           "zh": "没有含中文字符的字体，图中的中文会显示成方框。解决办法：{fix}。"}


def no_cjk_font(lang: str = "zh") -> None:
    """No CJK font can be had: say so once, in ``lang`` ("en" or "zh"), in one short message with
    the fix, and keep matplotlib from warning once for every Chinese character it draws as a box
    ("Glyph 20808 (\\N{CJK UNIFIED IDEOGRAPH-5148}) missing from font(s) DejaVu Sans", ~75 a lesson)."""
    global _told

    warnings.filterwarnings("ignore", message=r"Glyph \d+ .*missing from font", category=UserWarning)
    if _told:
        return
    _told = True
    lang = lang if lang in NO_FONT else "en"
    warnings.warn(NO_FONT[lang].format(fix=FIX[lang]), UserWarning, stacklevel=3)


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


def use_cjk_in_open_figures(lang: str = "zh") -> None:
    """If pyplot is in use: put the CJK family in ``font.family`` and in the texts of every
    open figure (made before, e.g. by ``plt.subplots()`` in the cell that now sets a Chinese
    title). Nothing when pyplot has not been imported or no CJK font is installed."""
    pyplot = sys.modules.get("matplotlib.pyplot")
    if pyplot is None:
        return
    family = cjk_family()
    if family is None:
        no_cjk_font(lang)
        return
    import matplotlib  # already imported with pyplot

    chain = list(matplotlib.rcParams["font.family"])
    if family not in chain:
        matplotlib.rcParams["font.family"] = chain + [family]
    for number in pyplot.get_fignums():
        adopt(pyplot.figure(number))
