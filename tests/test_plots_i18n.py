"""Plots nbteach draws: Chinese glyphs render (no 'Glyph ... missing' warning), a missing CJK
font is reported once with the fix, and notebook figures are retina PNG."""
from __future__ import annotations

import io
import logging
import subprocess
import sys
import warnings

import pytest

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from nbteach.i18n import set_language  # noqa: E402
from nbteach.widgets import _mpl  # noqa: E402

HAS_CJK = _mpl.cjk_family() is not None


@pytest.fixture(autouse=True)
def clean():
    with matplotlib.rc_context():
        yield
    set_language("en")
    plt.close("all")


def _draw(fig):
    fig.savefig(io.BytesIO(), format="png")


@pytest.mark.skipif(not HAS_CJK, reason="no CJK font installed (sudo apt-get install fonts-noto-cjk)")
def test_a_plot_with_chinese_text_draws_every_glyph(caplog):
    set_language("zh")
    _mpl.configure()
    caplog.set_level(logging.WARNING, logger="matplotlib")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fig, ax = plt.subplots()
        ax.plot([0, 1], [0, 1], label="后验概率 P(c|x)")
        ax.set(title="对数似然的等高线, N = (3, 1)", xlabel="先验概率", ylabel="查全率")
        ax.legend()
        _draw(fig)
        from nbteach.widgets.mle import lagrange_picture

        _draw(lagrange_picture(3, 1).figure)          # the library's own plot, in Chinese
    with matplotlib.rc_context({"font.family": ["sans-serif"]}):
        fig, ax = plt.subplots()                       # made before nbteach configures: lesson 04's way
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _draw(lagrange_picture(3, 1, ax=ax).figure)
    assert not [r for r in caplog.records if "glyph" in r.getMessage()]


@pytest.mark.skipif(not HAS_CJK, reason="no CJK font installed (sudo apt-get install fonts-noto-cjk)")
def test_without_the_fallback_the_same_plot_warns():
    """The test above can fail: matplotlib's default font alone has no Chinese."""
    matplotlib.rcParams["font.family"] = ["sans-serif"]       # matplotlib's default (restored after)
    with pytest.warns(UserWarning, match="Glyph .* missing"):
        fig, ax = plt.subplots()
        ax.set_title("对数似然")
        _draw(fig)


@pytest.mark.skipif(not HAS_CJK, reason="no CJK font installed (sudo apt-get install fonts-noto-cjk)")
def test_the_cjk_family_comes_after_the_default_and_latin_text_keeps_its_font():
    from matplotlib import font_manager

    default = font_manager.findfont(font_manager.FontProperties())
    family = _mpl.configure()
    chain = list(matplotlib.rcParams["font.family"])
    assert chain[0] == "sans-serif" and chain[-1] == family
    assert font_manager.findfont(font_manager.FontProperties()) == default
    _mpl.configure()
    assert list(matplotlib.rcParams["font.family"]).count(family) == 1      # idempotent


def test_no_cjk_font_warns_once_with_the_fix_in_chinese_only(monkeypatch):
    from nbteach import _fonts

    monkeypatch.setattr(_fonts, "_told", False)
    set_language("en")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _mpl.configure(fonts={"DejaVu Sans"}) is None            # English: nothing to say
    set_language("zh")
    with pytest.warns(UserWarning, match="fonts-noto-cjk"):
        _mpl.configure(fonts={"DejaVu Sans"})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _mpl.configure(fonts={"DejaVu Sans"})                           # once
    assert _mpl.cjk_family({"DejaVu Sans", "WenQuanYi Zen Hei"}) == "WenQuanYi Zen Hei"


RETINA = r"""
import json
from IPython.core.interactiveshell import InteractiveShell
shell = InteractiveShell.instance()
import matplotlib
matplotlib.use("module://matplotlib_inline.backend_inline")     # as a kernel starts
from matplotlib_inline.backend_inline import configure_inline_support
configure_inline_support(shell, "inline")
import matplotlib.pyplot as plt
import struct

def shown(fig):
    data, meta = shell.display_formatter.format(fig)
    png = data["image/png"]
    import base64
    raw = base64.b64decode(png) if isinstance(png, str) else png
    width = struct.unpack(">I", raw[16:20])[0]
    return width, meta.get("image/png", {}).get("width")

fig, ax = plt.subplots(figsize=(4, 3), dpi=100)
before = shown(fig)
from nbteach.widgets.mle import lagrange_picture
lagrange_picture(3, 1)
after = shown(fig)
print(json.dumps({"before": before, "after": after}))
"""


def test_notebook_figures_are_retina_once_nbteach_has_drawn():
    """In an IPython kernel, before nbteach draws a figure is sent at its own pixels; after, at
    twice the pixels with the display width halved (retina)."""
    import json

    out = subprocess.run([sys.executable, "-c", RETINA], capture_output=True, text=True, check=True)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    (px_before, shown_before), (px_after, shown_after) = result["before"], result["after"]
    assert shown_before is None                                  # a plain PNG, no display size
    assert shown_after is not None and px_after == 2 * shown_after
    assert px_after >= 2 * px_before - 2


@pytest.mark.parametrize("order", ["nbteach first", "pyplot first", "without nbteach"])
def test_a_lessons_own_plot_is_retina_once_nbteach_is_imported(order):
    """A figure a lesson draws itself (not through nbteach) is sent as retina PNG (its size in the
    metadata, twice the pixels) once the notebook imported nbteach, before or after pyplot; the
    same cells without nbteach send a plain PNG (so the check can fail)."""
    import nbformat
    from nbclient import NotebookClient

    cells = {"nbteach first": ["import nbteach", "import matplotlib.pyplot as plt"],
             "pyplot first": ["import matplotlib.pyplot as plt", "import nbteach"],
             "without nbteach": ["import matplotlib.pyplot as plt", "pass"]}[order]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in
                                         cells + ["plt.plot([1, 2]); plt.show()"]])
    NotebookClient(nb, kernel_name="python3", timeout=120).execute()
    (image,) = [o for c in nb.cells for o in c.outputs if "image/png" in o.get("data", {})]
    retina = "width" in image.get("metadata", {}).get("image/png", {})
    assert retina is (order != "without nbteach"), image.get("metadata")


# -- where the CJK font comes from, on machines this one is not --------------------------------
# Each case runs in a fresh interpreter whose matplotlib font manager is built from matplotlib's own
# fonts only (the system's font folders hidden from it, as on a machine with no CJK font), without
# uninstalling anything: then a lesson's way of drawing, a Chinese title through say(), is drawn.
FRESH_MACHINE = r"""
import json, sys, warnings
from matplotlib import font_manager as fm
scan = fm.findSystemFonts
fm.findSystemFonts = lambda fontpaths=None, fontext="ttf": scan(fontpaths, fontext) if fontpaths else []
if sys.argv[1] == "removed-after-the-cache":      # the cache was built with the system's fonts
    fm.findSystemFonts = scan
fm.fontManager = fm.FontManager()                 # as a cache built on a machine with no CJK font
fm.findfont = fm.fontManager.findfont
if sys.argv[1] == "removed-after-the-cache":      # ... and its CJK fonts' files are gone since
    import dataclasses
    fm.fontManager.ttflist = [dataclasses.replace(f, fname="/removed" + f.fname) if "CJK" in f.name else f
                              for f in fm.fontManager.ttflist]
    fm.findSystemFonts = lambda fontpaths=None, fontext="ttf": scan(fontpaths, fontext) if fontpaths else []
if sys.argv[1] == "apt-install-after-the-cache":  # the system's fonts are there now, the cache is old
    fm.findSystemFonts = scan
if sys.argv[2] == "no-package":
    sys.modules["noto_cjk_sans_otc"] = None
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import nbteach
from nbteach import _fonts
nbteach.set_language("zh")
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    fig, ax = plt.subplots()
    ax.set_title(nbteach.say("missed flu costs 5"))
    fig.canvas.draw()
fonts = [str(getattr(f, "path", f)) for f in fm.fontManager._find_fonts_by_props(ax.title.get_fontproperties())]
print(json.dumps({"title": ax.get_title(), "family": _fonts.cjk_family(), "fonts": fonts,
                  "warnings": [str(w.message) for w in caught]}))
"""


def _fresh_machine(fonts: str, package: str) -> dict:
    import json

    out = subprocess.run([sys.executable, "-c", FRESH_MACHINE, fonts, package], capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_machine_without_a_cjk_font_draws_chinese_with_the_packaged_noto():
    """No CJK font on the system: the Noto Sans CJK of the noto-cjk-sans-otc package (a dependency)
    draws the title's Chinese, and matplotlib warns of no missing glyph."""
    got = _fresh_machine("no-system-fonts", "package")
    assert got["title"] == "漏诊流感代价为 5"
    assert got["family"] and got["family"].startswith("Noto Sans CJK"), got
    assert any("noto_cjk_sans_otc" in f for f in got["fonts"]), got["fonts"]
    assert not [w for w in got["warnings"] if "Glyph" in w], got["warnings"][:3]


@pytest.mark.skipif(not HAS_CJK, reason="no CJK font installed (sudo apt-get install fonts-noto-cjk)")
def test_a_cjk_font_removed_after_matplotlibs_cache_is_not_taken_for_one():
    """fonts-noto-cjk removed after matplotlib cached it: the cache still names Noto Sans CJK, whose
    files are gone. nbteach does not take the stale entry for a font (matplotlib fell back to DejaVu
    Sans and warned once a glyph): the packaged Noto draws the title, with no glyph warning."""
    got = _fresh_machine("removed-after-the-cache", "package")
    assert got["family"] and got["family"].startswith("Noto Sans CJK"), got
    assert any("noto_cjk_sans_otc" in f for f in got["fonts"]), got["fonts"]
    assert not [w for w in got["warnings"] if "Glyph" in w], got["warnings"][:3]


def test_without_any_cjk_font_one_short_message_replaces_the_glyph_warnings():
    got = _fresh_machine("no-system-fonts", "no-package")
    assert got["family"] is None
    assert not [w for w in got["warnings"] if "Glyph" in w], f"{len(got['warnings'])} warnings"
    assert len(got["warnings"]) == 1, got["warnings"]
    assert "noto-cjk-sans-otc" in got["warnings"][0] and "fonts-noto-cjk" in got["warnings"][0]
    assert "方框" in got["warnings"][0]


def test_a_cjk_font_installed_after_matplotlibs_cache_is_found_without_deleting_the_cache():
    """``apt install fonts-noto-cjk`` after matplotlib built its font cache: the new system font is
    found (the package hidden, so it is the system's), and the cache is not touched."""
    import shutil

    if not shutil.which("fc-list") or "Noto" not in subprocess.run(["fc-list", ":lang=zh"], capture_output=True,
                                                                  text=True).stdout:
        pytest.skip("fonts-noto-cjk is not installed on this machine: the system font case cannot be checked")
    got = _fresh_machine("apt-install-after-the-cache", "no-package")
    assert got["family"] and got["family"].startswith("Noto Sans CJK"), got
    assert any(f.startswith("/usr/share/fonts") for f in got["fonts"]), got["fonts"]
    assert not [w for w in got["warnings"] if "Glyph" in w], got["warnings"][:3]
