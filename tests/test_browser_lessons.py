"""Every lesson, opened in JupyterLab in a real browser and run as a student runs it.

For each notebook: open it, Run > Run All Cells, wait until every cell has run and the kernel
is idle (in one JupyterLab tab, as a student opens lesson after lesson: the first notebook loads
JupyterLab from its address, each next one is opened with File > Open from Path… once the one
before it was closed with File > Close and Shut Down Notebook…; see run_in_tab), then fail on any traceback, any widget that failed to render, and check that each
widget output became a live widget view. That run is the notebook's run top to bottom for the
whole suite: the notebook, saved as JupyterLab holds it after the run, gets tests/test_notebooks.py's
output checks (no error, no missing glyph; in a lesson, no answer before its exercise and no
printed result typed into the text), and tests/test_notebooks.py does not run it again
(tests/_browser_notebooks.py). In a lesson, every control of every view is then
operated once as a student does (a slider from the keyboard, a dropdown, a checkbox, a text box,
...) and must change its view; before that, an English lesson's controls are used with value
checks on the same page (tests/_browser_checks.py: the view shows what the library computes for
the input). Then, in the light theme and again in the dark one
(switched through Settings > Theme, as a student does): every control of every widget has an
accessible name in the browser's accessibility tree, every slider announces the value it
shows, and every piece of widget text, plots' text included, has WCAG AA contrast (4.5:1)
with what is behind it. The Chinese lessons of tests/_browser_notebooks.py's CHINESE_IN_BROWSER
(the first lesson, and those whose values tests/_browser_zh.py checks) are opened and
run the same way by the same JupyterLab, checked in the light theme (their widgets and styles are
their English twins', checked in both), a control of each view moved
where tests/_browser_zh.py checks its values (at least three lessons; they and the other Chinese
lessons run the same code as their English twins, whose every control is driven, and the others
run with nbclient in tests/test_notebooks.py), and every CJK character they show must be drawn by
a font (no box for a missing glyph). A lesson of the teacher's edition (built as `make teacher` builds it) shows
its teacher's notes in the notebook and none on its slides. The notebooks are copied to a temporary folder first, so
JupyterLab's autosave never writes outputs into the repository. Set NBTEACH_SCREENSHOTS to a folder
to get a screenshot of each lesson in each theme (and of its first widget's slide) there.

Needs Debian's chromium (CI installs it in .ci/run); skipped locally without it.
"""
from __future__ import annotations

import contextlib
import json
import re
import shutil
from pathlib import Path

import pytest

import _not_checked
from _browser_checks import CONTROL_CHECKS
from _browser_notebooks import BROWSER_NOTEBOOKS
from _browser_zh import VIEW_CHECKS
from test_browser import CHROMIUM, FLAGS, KERNEL_IDLE, KERNEL_IDLE_JS, jupyterlab, screenshot
from test_notebooks import check_outputs

SYSTEM_CJK_FONT = _not_checked.system_cjk_font()

ROOT = Path(__file__).resolve().parents[1]
# the lessons a student opens, then the Chinese lessons of CHINESE_IN_BROWSER (notebooks/zh/)
NOTEBOOKS = BROWSER_NOTEBOOKS

pytestmark = [pytest.mark.xdist_group("browser"),
              *([] if CHROMIUM else [pytest.mark.skip(reason="chromium is not installed")])]


@pytest.fixture(scope="module")
def chromium():
    """Playwright's Chromium for the module (its sync API allows one instance at a time): the
    JupyterLabs' pages open in a browser of their own (:func:`pages_for`), and a browser for a
    page without JupyterLab is launched only if a test asks for one (:class:`Chromium`)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = Chromium(p.chromium)
        try:
            yield chromium
        finally:
            chromium.close()


class Chromium:
    """``browser_type`` (Playwright's, for :func:`pages_for`) and ``new_page()``, a page of a plain
    browser launched at the first call. Launched up front, that browser sat idle in every module
    whose pages all open in a JupyterLab's persistent context: one Chromium started for nothing."""

    def __init__(self, browser_type):
        self.browser_type = browser_type
        self._browser = None

    def new_page(self):
        if self._browser is None:
            self._browser = self.browser_type.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        return self._browser.new_page()

    def close(self):
        if self._browser is not None:
            self._browser.close()


#: the size of a lesson's page (a teacher's laptop screen)
VIEWPORT = {"width": 1400, "height": 1000}


@contextlib.contextmanager
def _browser_on(browser, root, folder, token):
    """A JupyterLab over ``root / folder`` with every cell attached to the page, and the browser
    context that opens its pages (:func:`pages_for`): yields that context, the port and the token."""
    settings = root / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    # draw every cell, also off-screen ones, so that every output can be inspected
    (settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    # a kernel shut down (by _shut_down_kernels, between lessons) is stopped at once, without the
    # graceful exit that tidied its namespace and history first (half a CPU second a lesson's kernel,
    # for a kernel nothing reads again)
    with jupyterlab(root / folder, token,
                    extra=[f"--LabApp.user_settings_dir={root / 'settings'}",
                           f"--LabApp.workspaces_dir={root / 'workspaces'}",
                           "--KernelManager.shutdown_wait_time=0"]) as (port, token):
        context = pages_for(browser, root / "profile")
        try:
            yield context, port, token
        finally:
            context.close()


def pages_for(browser, profile: Path):
    """One browser context for every page a module opens on its JupyterLab, with its own profile
    folder ``profile`` (made new for the module), as a student's browser keeps one profile: the
    HTTP cache and V8's code cache keep JupyterLab's JavaScript (about 10 MB) from one page to the
    next, where a new context a page (``browser.new_page()``) fetched, parsed and compiled it again
    for each notebook (an incognito context has no code cache). Nothing a test checks is kept
    between pages: JupyterLab keeps its settings (the theme) and workspaces on the server, each page
    opens a workspace of its own with ``?reset``, and each page is closed after its test."""
    return browser.browser_type.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, headless=True, args=FLAGS, viewport=VIEWPORT)


def new_page(where):
    """A new page: of the context ``where`` (from :func:`_browser_on`), or of a new context of its
    own when ``where`` is a browser (benchmarks/bench_browser.py passes one)."""
    return where.new_page(viewport=VIEWPORT) if hasattr(where, "new_context") else where.new_page()


@pytest.fixture(scope="module")
def lab(chromium, tmp_path_factory):
    """One JupyterLab over a copy of notebooks/, with every cell attached to the page."""
    root = tmp_path_factory.mktemp("lessons")
    shutil.copytree(ROOT / "notebooks", root / "notebooks")
    with _browser_on(chromium, root, "notebooks", "nbteach-lessons-token") as (browser, port, token):
        yield browser, port, token, root


def _shut_down_kernels(port, token):
    """One lesson at a time: stop the kernels the previous lessons left running."""
    import urllib.request

    base = f"http://127.0.0.1:{port}/api/kernels"
    for kernel in json.load(urllib.request.urlopen(f"{base}?token={token}")):
        req = urllib.request.Request(f"{base}/{kernel['id']}?token={token}", method="DELETE")
        urllib.request.urlopen(req)


def open_and_run_all(browser, port, token, name):
    """A new page of ``browser`` (a context from :func:`_browser_on`, or a browser: :func:`new_page`)
    with lesson ``name`` open, every cell run, the kernel idle: returns the page."""
    page = new_page(browser)
    # a workspace of its own, so that no earlier lesson's tab is restored beside this one
    workspace = "ws-" + re.sub(r"\W", "-", Path(name).with_suffix("").as_posix())
    page.goto(f"http://127.0.0.1:{port}/lab/workspaces/{workspace}/tree/{Path(name).as_posix()}"
              f"?reset&token={token}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
    page.wait_for_function(KERNEL_IDLE_JS, timeout=120_000)
    run_all(page)
    return page


def run_all(page):
    """Run > Run All Cells on the notebook open on ``page``; returns once every cell has run (or one
    raised) and the kernel is idle, and every widget view is attached."""
    page.locator(".jp-Notebook .jp-Cell").first.click()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    # a code cell whose input is hidden (the homework's set-up cell) has no prompt to read
    n_code = page.locator(".jp-Notebook .jp-CodeCell .jp-InputArea-prompt").count()
    # every code cell on show has an execution count ([1], [2], ...: not [ ] or [*]) and the kernel is
    # idle; or a cell raised (Run All stops there) and the kernel is idle. Read as textContent, which
    # costs no layout (innerText laid out the running lesson at every ask: most of Chromium's CPU time
    # in Run All; see KERNEL_IDLE_JS); a traceback is looked for in the stderr outputs only.
    page.wait_for_function(
        """n => {
            const prompts = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputArea-prompt')];
            const done = prompts.length === n && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
            const raised = [...document.querySelectorAll('.jp-Notebook [data-mime-type="application/vnd.jupyter.stderr"]')]
                           .some(e => e.textContent.includes('Traceback'));
            return (done || raised) && """ + KERNEL_IDLE + """;
        }""", arg=n_code, timeout=300_000)
    # every widget view attached: ipywidgets' renderer shows "Loading widget..." until its view is
    # made (the caller fails on one left after this wait; the moving plots are SVG inside their HTML
    # widget, drawn with it); then a moment for the last ones to draw
    with contextlib.suppress(Exception):
        page.wait_for_function("() => !document.querySelector('.jp-Notebook').textContent.includes('Loading widget')",
                               timeout=30_000)
    page.wait_for_timeout(300)


#: the JupyterLab tab each module's browser context keeps for its next notebook (:func:`run_in_tab`)
_TABS: dict = {}


def run_in_tab(context, port, token, name):
    """Notebook ``name`` open, every cell run, the kernel idle, as :func:`open_and_run_all`, in the
    tab the module's context (from :func:`_browser_on`) keeps: a student opens lesson after lesson
    in one browser tab. The first notebook loads JupyterLab from its address (as a link opens it);
    each next one, once the one before it was closed (:func:`keep_tab`), is opened in the same
    JupyterLab with File > Open from Path…. Loading JupyterLab anew for every notebook cost Chromium
    about 2 CPU s a notebook (lessons 01-03 run and shown in both themes: 19-20 CPU s in one tab,
    24-25 in a page each). A tab whose test failed is never used again: the next test starts a page."""
    page = _TABS.pop(id(context), None)
    if page is None or page.is_closed():
        return open_and_run_all(context, port, token, name)
    try:
        page.get_by_role("menuitem", name="File", exact=True).click()
        page.locator(".lm-Menu .lm-Menu-itemLabel").get_by_text("Open from Path…", exact=True).click()
        page.locator(".jp-Dialog input").fill(Path(name).as_posix())
        page.locator(".jp-Dialog .jp-mod-accept").click()
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
        page.wait_for_function(KERNEL_IDLE_JS, timeout=120_000)
        # the checks read the page's one notebook: this one, the one before it gone (JupyterLab shows
        # its Launcher behind, in a tab of its own, once the last document was closed)
        shown = [t.strip() for t in page.locator("#jp-main-dock-panel .lm-TabBar-tab").all_inner_texts()]
        current = page.locator("#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current").inner_text().strip()
        assert page.locator(".jp-Notebook").count() == 1 and current == Path(name).name and \
            [t for t in shown if t.endswith(".ipynb")] == [current], f"{name}: opened in the kept tab beside {shown}"
    except Exception:
        page.close()
        raise
    run_all(page)
    return page


def keep_tab(context, page, port, token):
    """After a test that passed on ``page`` (from :func:`run_in_tab`): its notebook closed and its
    kernel shut down (File > Close and Shut Down Notebook…), the theme Light again (Settings >
    Theme, switched with no notebook on show: no restyle of a lesson), and the tab kept for the
    module's next notebook. Whatever goes wrong closes the tab instead: the next test opens a page."""
    try:
        page.get_by_role("menuitem", name="File", exact=True).click()
        page.locator(".lm-Menu .lm-Menu-itemLabel").get_by_text("Close and Shut Down Notebook…", exact=True).click()
        page.locator(".jp-Dialog .jp-mod-accept").click()
        page.wait_for_selector(".jp-Notebook", state="detached", timeout=20_000)
        if theme_on(page) != LIGHT:
            switch_theme(page, LIGHT)
        _TABS[id(context)] = page
    except Exception:
        page.close()
        reset_theme(port, token)


def saved_after_the_run(page, path: Path, seconds: float = 60):
    """Save the notebook on the page (Ctrl+S, as a student does) once it has run, and read back what
    JupyterLab wrote to ``path``: the notebook with the outputs of its run (nbformat)."""
    import time

    import nbformat

    before = path.stat().st_mtime_ns
    start = time.monotonic()
    deadline, press = start + seconds, start
    while time.monotonic() < deadline:
        # Ctrl+S again every 5 s until a save with every cell run is on disk: on a loaded machine a
        # lesson (03, 06) waited 60-120 s here after one press, until JupyterLab's autosave
        if time.monotonic() >= press:
            page.keyboard.press("Control+s")
            press += 5
        # read again only what is newly written (a lesson with its outputs takes 0.05 CPU s to read)
        if (mtime := path.stat().st_mtime_ns) != before:
            with contextlib.suppress(Exception):          # written, and every code cell has run
                nb = nbformat.read(path, as_version=4)
                before = mtime                            # read whole: wait for the next save
                if all(c.get("execution_count") for c in nb.cells if c.cell_type == "code"):
                    return nb
        time.sleep(0.1)                 # not page.wait_for_timeout: no round trip to the browser
    raise AssertionError(f"{path.name}: JupyterLab did not save the notebook with every cell run in {seconds:g} s")



# -- accessibility: names, values, contrast ----------------------------------------------

_CONTRAST_JS = """() => {
    const lum = c => {
        const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
        const [r, g, b, a] = m[1].split(',').map(Number);
        if (a === 0) return null;
        const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const background = el => {
        for (let e = el; e; e = e.parentElement) {
            const l = lum(getComputedStyle(e).backgroundColor);
            if (l !== null) return l;
        }
        return lum('rgb(255,255,255)');
    };
    // SVG text sits on the shapes drawn before it (a node's box), not on its parents' background:
    // the last filled shape of the same drawing under the text's centre, else the parents'
    const under = el => {
        const svg = el.closest('svg'), r = el.getBoundingClientRect();
        const cx = r.x + r.width / 2, cy = r.y + r.height / 2;
        let found = null;
        for (const shape of svg.querySelectorAll('rect, circle, ellipse, polygon')) {
            if (!(shape.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
            const b = shape.getBoundingClientRect();
            const l = lum(getComputedStyle(shape).fill);
            if (l !== null && b.left <= cx && cx <= b.right && b.top <= cy && cy <= b.bottom) found = l;
        }
        return found === null ? background(el) : found;
    };
    let worst = {ratio: 99, need: 4.5, text: ''};
    const texts = '.jp-Notebook .widget-html *, .jp-Notebook .widget-label, .jp-Notebook .widget-readout, '
                + '.jp-Notebook .widget-label-basic span, .jp-Notebook .jupyter-widgets svg text';
    for (const el of document.querySelectorAll(texts)) {
        const own = [...el.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim()).map(n => n.textContent.trim()).join(' ');
        if (!own || !el.getClientRects().length) continue;          // empty, or not on show
        // a legend's coloured symbol is a graphic: WCAG asks 3:1 of it, 4.5:1 of text
        const need = el.classList.contains('nbteach-swatch') ? 3 : 4.5;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
        const svg = el instanceof SVGElement;
        const fg = lum(svg ? style.fill : style.color), bg = svg ? under(el) : background(el);
        if (fg === null) continue;
        const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
        if (ratio / need < worst.ratio / worst.need) worst = {ratio, need, text: own.slice(0, 60), where: (el.closest('svg') ? 'plot ' : '') + el.tagName};
    }
    return worst;
}"""


# the roles a student operates; each must have a name (Playwright's aria snapshot writes
# ``- slider "alpha"`` for a named one and ``- slider`` for a nameless one)
_CONTROLS = ("slider", "checkbox", "combobox", "textbox", "spinbutton", "button", "radio", "listbox")

_SLIDER_VALUES = """[...document.querySelectorAll('.jp-Notebook .widget-slider')]
    .filter(s => s.querySelector('.widget-readout'))
    .map(s => ({name: s.querySelector('.noUi-handle').getAttribute('aria-label'),
                valuetext: s.querySelector('.noUi-handle').getAttribute('aria-valuetext'),
                shown: s.querySelector('.widget-readout').textContent.trim()}))"""


def unnamed_controls(page):
    """The widget controls on the page that a screen reader would announce without a name."""
    bad = []
    outputs = page.locator(".jp-OutputArea-output > .jupyter-widgets")
    for i in range(outputs.count()):
        for line in outputs.nth(i).aria_snapshot().splitlines():
            item = line.strip().lstrip("- ").strip("'")
            role = re.match(r"[a-z]+", item)
            if role and role.group(0) in _CONTROLS and not re.match(r'[a-z]+ "[^"]+"', item):
                bad.append(item)
    return bad


def check_accessible(page, name, theme):
    """Every control named, every slider announcing its shown value, WCAG AA text contrast."""
    missing = unnamed_controls(page)
    assert not missing, f"{name}, {theme}: controls without an accessible name: {missing[:5]}"
    # the helper names handles as the page changes: give it a moment after the last update
    try:
        page.wait_for_function(f"() => {_SLIDER_VALUES}.every(s => s.name && s.valuetext === s.shown)",
                               timeout=10_000)
    except Exception:
        wrong = [s for s in page.evaluate(f"() => {_SLIDER_VALUES}") if not s["name"] or s["valuetext"] != s["shown"]]
        raise AssertionError(f"{name}, {theme}: sliders without a name or announcing another value "
                             f"than they show: {wrong[:3]}") from None
    worst = page.evaluate(_CONTRAST_JS)
    assert worst["ratio"] >= worst["need"], (
        f"{name}, {theme}: {worst['text']!r} ({worst.get('where')}) has contrast {worst['ratio']:.2f}:1, "
        f"below WCAG AA's {worst['need']}:1")


LIGHT, DARK = "JupyterLab Light", "JupyterLab Dark"


def theme_on(page) -> str:
    """The theme the page shows (JupyterLab names it on the body once its stylesheet is in)."""
    return page.evaluate("() => document.body.dataset.jpThemeName")


def reset_theme(port, token):
    """The user's theme back to JupyterLab's default (Light) through the settings API, as the next
    page will read it; for a page about to close, this costs no restyle of the page in the browser
    (switching back through the menu restyled the whole notebook: 2 CPU s of Chromium a lesson)."""
    import urllib.request

    body = json.dumps({"raw": "{}"}).encode()
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}/lab/api/settings/@jupyterlab/apputils-extension:themes?token={token}",
        data=body, method="PUT", headers={"Content-Type": "application/json"})
    urllib.request.urlopen(req)


def switch_theme(page, theme):
    """Settings > Theme > ``theme``, through the menu as a student does; waits until applied."""
    page.get_by_role("menuitem", name="Settings", exact=True).click()
    page.locator(".lm-Menu .lm-Menu-itemLabel").get_by_text("Theme", exact=True).hover()
    # the theme on show is a checked menuitemcheckbox, the others plain menuitems
    page.locator(".lm-Menu .lm-Menu-itemLabel").get_by_text(theme, exact=True).click()
    # JupyterLab names the theme on the body once its stylesheet has loaded; two frames later it is
    # applied to every view (and getComputedStyle, which the checks read, recomputes styles anyway)
    page.wait_for_function("t => document.body.dataset.jpThemeName === t", arg=theme, timeout=30_000)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    page.wait_for_timeout(100)


# -- Chinese text: no box for a missing glyph ------------------------------------------------

# For every CJK character of the text on show in ``root`` (markdown, widget text, plot text,
# printed output: text nodes, not images), draw it on a canvas in its element's computed font
# (style, weight and family; at 32 px, so that glyphs differ in pixels) and compare its pixels and
# advance with those of U+10FFFD, a codepoint no font has: the same drawing is the box (the
# .notdef glyph) the browser draws when no font on the page or the system has the character. The
# canvas takes the same font fallback as the page's text, so a character that a font further down
# the stack (or the system's fallback) has is drawn by that font, and passes.
_GLYPHS_JS = r"""async root => {
    await document.fonts.ready;         // every font the page asked for is loaded (or failed)
    const CJK = /[\p{Script=Han}\p{Script=Bopomofo}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3001-\u303f\uff01-\uff60\uffe0-\uffe6]/gu;
    const fonts = new Map();            // canvas font -> Map(character -> where it was seen)
    for (const top of document.querySelectorAll(root)) {
        const walker = document.createTreeWalker(top, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const el = node.parentElement, chars = node.textContent.match(CJK);
            if (!chars || !el || !el.getClientRects().length) continue;      // no CJK, or not on show
            const style = getComputedStyle(el);
            if (style.visibility === 'hidden') continue;
            const font = `${style.fontStyle} ${style.fontWeight} 32px ${style.fontFamily}`;
            if (!fonts.has(font)) fonts.set(font, new Map());
            for (const c of chars) if (!fonts.get(font).has(c)) fonts.get(font).set(c, node.textContent.trim().slice(0, 40));
        }
    }
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 48;
    const ctx = canvas.getContext('2d', {willReadFrequently: true});
    const draw = (font, c) => {
        ctx.clearRect(0, 0, 48, 48);
        ctx.font = font;
        ctx.textBaseline = 'top';
        ctx.fillText(c, 4, 4);
        return [ctx.measureText(c).width, ctx.getImageData(0, 0, 48, 48).data];
    };
    const same = (a, b) => a[0] === b[0] && a[1].every((v, i) => v === b[1][i]);
    const boxes = [];
    let checked = 0;
    for (const [font, chars] of fonts) {
        const none = draw(font, '\u{10FFFD}');
        for (const [c, where] of chars) {
            checked += 1;
            if (same(draw(font, c), none))
                boxes.push({char: c, code: 'U+' + c.codePointAt(0).toString(16).toUpperCase(), font, where});
        }
    }
    return {checked, boxes};
}"""


def missing_glyphs(page, root=".jp-Notebook"):
    """The CJK characters on show under ``root`` that no font draws (each a dict: ``char``,
    ``code``, ``font``, ``where``: the text it is in), and how many (character, font) pairs were
    checked."""
    found = page.evaluate(_GLYPHS_JS, root)
    return found["boxes"], found["checked"]


def check_glyphs(page, name):
    """A Chinese notebook shows Chinese text, and every CJK character of it is drawn by a font.
    Without a system CJK font (the browser draws with the system's fonts) the check is left undone,
    and the run's summary says so (tests/_not_checked.py)."""
    if not SYSTEM_CJK_FONT:
        _not_checked.not_checked("fonts-noto-cjk", f"the glyphs of {name}")
        return
    boxes, checked = missing_glyphs(page)
    assert checked, f"{name}: no CJK character on show: is this the Chinese edition?"
    assert not boxes, (f"{name}: these characters are drawn as a box, no font has them: "
                       + "; ".join(f"{b['char']} ({b['code']}) in {b['where']!r}, font {b['font']}" for b in boxes[:5])
                       + " (install a CJK font: apt-get install fonts-noto-cjk)")


@pytest.mark.skipif(not SYSTEM_CJK_FONT, reason="fonts-noto-cjk is not installed: the browser draws no Chinese")
def test_the_missing_glyph_check_finds_a_box_and_passes_drawn_characters(chromium):
    """The check fails where a character is drawn as a box: U+30000, of CJK Extension G, which
    no installed font has (fontconfig: `fc-list :charset=30000` is empty), beside characters that
    fonts-noto-cjk draws, in markdown-like text, in a Latin-only font stack and in a plot's SVG text."""
    page = chromium.new_page()
    try:
        page.set_content("""<div class="jp-Notebook">
            <p>中文：每个字都有字形。</p>
            <p style="font-family: 'DejaVu Sans', Arial, sans-serif">拉普拉斯修正 <b>\U00030000</b></p>
            <p style="display: none">\U00030001 is not on show</p>
            <svg width="200" height="40"><text x="0" y="20">极大似然估计</text></svg>
            </div>""")
        boxes, checked = missing_glyphs(page)
        assert [b["code"] for b in boxes] == ["U+30000"], boxes
        assert boxes[0]["where"] == "\U00030000"
        assert checked == len(set("中文：每个字都有字形。")) + len(set("拉普拉斯修正")) + 1 + len(set("极大似然估计"))
        with pytest.raises(AssertionError, match=r"U\+30000"):
            check_glyphs(page, "a page")
        page.set_content('<div class="jp-Notebook"><p>only English here</p></div>')
        with pytest.raises(AssertionError, match="no CJK character"):
            check_glyphs(page, "an English page")
    finally:
        page.close()


def test_a_wait_asks_its_condition_ten_times_a_second(chromium):
    """tests/conftest.py: a page's wait_for_function that names no polling asks every 100 ms, not at
    every animation frame (60 times a second: each ask of a lesson's conditions lays out the page);
    one that names its polling keeps it."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    count = "() => (window.__asked = (window.__asked || 0) + 1) < 0"      # never true: counts the asks
    page = chromium.new_page()
    try:
        page.set_content("<p>a page whose frames keep coming</p>")
        asked = {}
        for polling in (None, "raf"):
            page.evaluate("() => { window.__asked = 0; }")
            with pytest.raises(PlaywrightTimeout):
                page.wait_for_function(count, timeout=1_000, **({} if polling is None else {"polling": polling}))
            asked[polling] = page.evaluate("() => window.__asked")
        assert 1 <= asked[None] <= 15, asked        # about 10 in one second
        assert asked["raf"] > asked[None], asked    # Playwright's own (every frame), kept where asked for
    finally:
        page.close()


# -- slides: jupyterlab-deck ---------------------------------------------------------------

_VIEW_STATE = """el => el.innerText + [...el.querySelectorAll('svg')].map(s => s.innerHTML.length).join()"""


def _slide_before_the_first_widget(page, name) -> int:
    """The index of the cell that opens the slide before the one of the first cell showing a widget
    (0 when that slide is the first)."""
    cells = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))["cells"]
    first = page.evaluate("""() => [...document.querySelectorAll('.jp-Notebook .jp-Cell')]
        .findIndex(c => c.querySelector('.jp-OutputArea-output > .jupyter-widgets'))""")
    assert 0 <= first < len(cells), f"{name}: no cell shows a widget"
    opens = [i for i, c in enumerate(cells[:first + 1])
             if c.get("metadata", {}).get("slideshow", {}).get("slide_type") in ("slide", "subslide")]
    return opens[-2] if len(opens) >= 2 else 0


#: the English lessons presented as slides, and the control their first widget's slide moves: a
#: slider, a dropdown and a text box, each way a teacher moves a control on a slide. What differs
#: between lessons (which slide holds the first widget, and how the arrow keys reach it) is
#: tools/slides.py's rule, checked on every lesson by tests/test_slides.py; a deck's own working is
#: tests/test_browser_deck.py's, and the teacher's edition's deck is the last test here. Presenting
#: every lesson cost 3.3 CPU s of Chromium a lesson (the deck restyles the whole notebook going in
#: and coming out) and kept `make test` over its 10 minutes on 2 cores.
PRESENTED = {"02_flu_cold_table.ipynb": "dropdown", "03_smoothing.ipynb": "slider",
             "06_spam_detector.ipynb": "text"}


def present_the_first_widget(page, name, tmp_path):
    """As a teacher: start the deck from the notebook's toolbar (on the slide before the first
    widget's), step through the slides with the arrow keys (down within a section, right to the
    next section) until one shows a widget, move
    its first control from the keyboard, see the view change; stop the deck. (A students' lesson
    has no teacher's note: test_teacher_notes.py; the teacher's edition's deck is tested below.)"""
    # the deck starts at the active cell: the slide before the first widget's, so that the arrow
    # keys still take the teacher onto the widget's slide (walking every slide from the lesson's
    # first, 35 steps on lesson 06, cost 7-11 CPU s a lesson; the slides' order and types are
    # tools/slides.py's rule, checked on every lesson by tests/test_slides.py)
    page.locator(".jp-Notebook .jp-Cell").nth(_slide_before_the_first_widget(page, name)).click()
    page.locator(".jp-NotebookPanel-toolbar [data-command='deck:toggle']").first.click()
    page.wait_for_selector("body .jp-Deck", timeout=20_000)
    try:
        onscreen = ".jp-Notebook .jp-Cell.jp-deck-mod-onscreen"
        widget = page.locator(f"{onscreen} .jp-OutputArea-output > .jupyter-widgets")
        for _ in range(200):
            if widget.count() and widget.first.is_visible():
                break
            step(page)
        else:
            on = page.evaluate("() => [...document.querySelectorAll('.jp-Notebook .jp-Cell')].map((c,i)=>[i,c.className]).filter(x=>x[1].includes('onscreen')).map(x=>x[0])")
            raise AssertionError(f"{name}: no slide shows a widget (on screen at the end: cells {on})")
        # hold on to the element: the deck moves its "on screen" marks as it goes
        view = widget.first.element_handle()
        view.scroll_into_view_if_needed()
        screenshot(page, tmp_path, name.stem + "-slide.png")
        before = view.evaluate(_VIEW_STATE)
        handle, number, select, text = (view.query_selector(sel) for sel in
                                        (".noUi-handle", "input[type=number]", "select", "input[type=text]"))
        if handle or number:            # a slider or a number box: one step up from the keyboard
            moved = "slider" if handle else "number"
            (handle or number).focus()
            (handle or number).press("ArrowRight" if handle else "ArrowUp")
        elif select:                    # a teacher picks from a dropdown with the mouse
            moved = "dropdown"
            options = select.evaluate("s => [...s.options].map(o => o.value).filter(v => v !== s.value)")
            select.select_option(options[0])
        else:
            moved = "text"
            text.focus()
            text.type(" refund", delay=20)
            text.press("Enter")
        page.wait_for_function(f"([el, before]) => ({_VIEW_STATE})(el) !== before",
                               arg=[view, before], timeout=20_000)
        return moved
    finally:
        page.locator(".jp-NotebookPanel-toolbar [data-command='deck:toggle']").first.click(force=True)
        page.wait_for_selector("body .jp-Deck", state="detached", timeout=20_000)


def step(page):
    """One step on in the deck: down within a section, right to the next when down is greyed out."""
    down = page.locator(".jp-deck-mod-direction-down").first.get_attribute("class") or ""
    page.keyboard.press("ArrowRight" if "jp-mod-disabled" in down else "ArrowDown")
    page.wait_for_timeout(200)


#: controls a lesson enables only after another control moved: the drive must reach them too
ENABLED_LATER = {"08_gaussian_nb_and_logistic_regression.ipynb": ("slider class 1: sd of",)}


def drive_every_control(page, name):
    """Every control of every view, operated once as a student does (tests/_browser_drive.py):
    each must change its view within 20 s, and no cell may show a traceback after."""
    from _browser_drive import controls, drive_once

    dead, driven = [], set()
    while True:
        # found again each time, and known by what they are, not by their place in the list: a
        # control may enable others anywhere on the page (lesson 08's "shared variance" greys
        # class 1's sd sliders out and back in, by a message of its own after the figure's)
        pending, seen = None, {}
        for c in controls(page):
            key = (c["output"], c["kind"], c["name"])
            seen[key] = seen.get(key, 0) + 1
            if key + (seen[key],) not in driven:
                pending = key + (seen[key],), c
                break
        if pending is None:
            break
        key, c = pending
        if not drive_once(page, c):
            dead.append(f"{c['kind']} {c['name']!r}")
        driven.add(key)
        # the rest of the update (a control enabled or disabled) has arrived before the list is read again
        page.wait_for_function(KERNEL_IDLE_JS, timeout=60_000)
    assert not dead, f"{name}: these controls did not change their view: {', '.join(dead)}"
    assert "Traceback (most recent call last)" not in page.inner_text(".jp-Notebook"), \
        f"{name}: a control's update raised"
    return [f"{kind} {label}" for _, kind, label, _ in driven]


@pytest.mark.parametrize("name", NOTEBOOKS, ids=str)
def test_notebook_runs_in_jupyterlab(lab, name, tmp_path):
    """Both editions, as described at the top; a Chinese notebook (``zh/...``) also shows Chinese
    text with every character drawn by a font (no box for a missing glyph: the text is the same
    in both themes, so it is checked once), and the Chinese lessons of tests/_browser_zh.py have a
    control driven with a value check. The slide deck is presented from the English lessons of
    :data:`PRESENTED`, a slide's control of each kind moved: the Chinese ones have the same cells
    and slide metadata (tools/translate.py)."""
    browser, port, token, root = lab
    _shut_down_kernels(port, token)
    page = None
    dark = passed = False
    chinese = name.parts[0] == "zh"
    shot = "-".join(name.with_suffix("").parts)
    try:
        page = run_in_tab(browser, port, token, name)
        text = page.inner_text(".jp-Notebook")
        assert "Traceback (most recent call last)" not in text, f"{name}: a cell raised"
        for failure in ("Error displaying widget", "Failed to load model", "model not found"):
            assert failure not in text, f"{name}: a widget failed to render ({failure})"
        assert "Loading widget" not in text, f"{name}: a widget never finished loading"
        # this run is the notebook's run top to bottom in a fresh kernel (not repeated with nbclient
        # in tests/test_notebooks.py): the same checks on its outputs, as saved before any control moves
        check_outputs(saved_after_the_run(page, root / "notebooks" / name), Path(name))
        # a notebook that makes widgets shows them as live views
        source = (root / "notebooks" / name).read_text(encoding="utf-8")
        if re.search(r"(_explorer|_widget|_picture)\(", source):
            live = page.locator(".jp-OutputArea-output > .jupyter-widgets").count()
            assert live >= 1, f"{name}: it makes widgets, but none is on the page"
        # the light theme, as a student's first visit shows it (a test before left none other: keep_tab
        # switches a kept tab back to Light, and a closed one's test reset the setting)
        assert theme_on(page) == LIGHT, f"{name}: the page opened in {theme_on(page)!r}, not {LIGHT!r}"
        check_accessible(page, name, LIGHT)
        screenshot(page, tmp_path, shot + ".png")
        for check in CONTROL_CHECKS.get(name.as_posix(), []):   # its controls' values (_browser_checks.py)
            check(page, root)
        if not page.locator(".jp-OutputArea-output > .jupyter-widgets").count():
            if chinese:
                check_glyphs(page, name)
            passed = True
            return                      # no widget: nothing the theme could make unreadable
        if name.as_posix() in PRESENTED:        # a lesson the teacher presents as slides
            moved = present_the_first_widget(page, name, tmp_path)
            assert moved == PRESENTED[name.as_posix()], f"{name}: its first slide's widget moved a {moved}"
        elif name.as_posix() in VIEW_CHECKS:      # its views' Chinese text and numbers, on this page
            VIEW_CHECKS[name.as_posix()](page, root / "notebooks")
        if not chinese:
            # every control of the English lessons; the Chinese ones run the same code (their
            # English twins' controls are all driven here), and their views' value checks above
            # move a control each and read its Chinese text (kept out to keep make test under
            # 10 minutes on 2 cores)
            driven = drive_every_control(page, name)
            assert driven, f"{name}: a view without a control"
            for wanted in ENABLED_LATER.get(name.name, ()):
                assert any(wanted in d for d in driven), f"{name}: {wanted!r} was never driven: {driven}"
        if chinese:                     # after the controls moved: the text they brought too
            check_glyphs(page, name)
            passed = True               # the dark theme: the same widgets and styles as the English
            return                      # twin's, checked there (kept out to keep make test short)
        dark = True                     # set before the switch: a failed switch is reset too
        switch_theme(page, DARK)
        check_accessible(page, name, DARK)
        screenshot(page, tmp_path, shot + "-dark.png")
        passed = True
    finally:
        if page is not None and passed:     # the tab, Light again, for the module's next notebook
            keep_tab(browser, page, port, token)
        elif page is not None:
            page.close()
            if dark:                    # the theme is a user setting: leave it as found (Light)
                reset_theme(port, token)
        with contextlib.suppress(OSError):  # its kernel's memory back before the next notebook
            _shut_down_kernels(port, token)     # (a server that went away is the failure to report)


def test_three_chinese_lessons_have_their_views_checked():
    """The value checks of tests/_browser_zh.py name Chinese lessons that exist (a check of a
    renamed lesson would never run), at least three."""
    assert len(VIEW_CHECKS) >= 3
    assert set(VIEW_CHECKS) <= {n.as_posix() for n in NOTEBOOKS}, set(VIEW_CHECKS) - {n.as_posix() for n in NOTEBOOKS}


def test_the_presented_lessons_are_lessons_and_move_each_kind_of_control():
    """The lessons presented as slides exist (a renamed one would never be presented), and their
    first widgets' slides move a slider, a dropdown and a text box between them."""
    assert set(PRESENTED) <= {n.as_posix() for n in NOTEBOOKS if n.parent.name == ""}
    assert set(PRESENTED.values()) == {"slider", "dropdown", "text"}


# -- the teacher's edition: the notes in the notebook, not on the slides ----------------------------

EDITION_LESSON = "02_flu_cold_table.ipynb"
#: the edition's lesson 02 in each language, and the collapsed line of its notes (tools/teacher_notes.py)
EDITIONS = {"en": (EDITION_LESSON, "Teacher's note"), "zh": (f"zh/{EDITION_LESSON}", "教师提示")}


@pytest.fixture(scope="module")
def edition_lab(chromium, tmp_path_factory):
    """One JupyterLab over a teacher's edition built as `make teacher` builds it."""
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    import teacher_notes

    root = tmp_path_factory.mktemp("teacher")
    teacher_notes.build(root / "edition", say=lambda *a: None)
    with _browser_on(chromium, root, "edition", "nbteach-teacher-token") as (browser, port, token):
        yield browser, port, token, root


# the English edition in the browser; the Chinese edition is built by the same code
# (tools/teacher_notes.py) with the same slide metadata and its notes hidden on every slide, which
# tests/test_slides.py checks on every lesson of both editions without a browser
@pytest.mark.parametrize("language", ["en"])
def test_the_teachers_edition_shows_each_note_in_the_notebook_and_none_on_a_slide(edition_lab, tmp_path, language):
    """As a teacher: open a lesson of the edition, see its notes (collapsed, opened with a click);
    present it as a deck and walk the first slides of the lesson, each of which has a note next
    to the cell that opens it: that cell is on screen, its note never is. (The Chinese edition, notes
    under 教师提示, is not opened in the browser: see the comment above.)"""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    browser, port, token, root = edition_lab
    lesson, summary_text = EDITIONS[language]
    cells = json.loads((root / "edition" / lesson).read_text(encoding="utf-8"))["cells"]
    notes = [i for i, c in enumerate(cells) if "".join(c["source"]).startswith(f"<details><summary>{summary_text}")]
    assert len(notes) >= 3, f"{lesson}: the edition has {len(notes)} teacher's notes"
    page = new_page(browser)
    try:
        page.goto(f"http://127.0.0.1:{port}/lab/workspaces/ws-teacher/tree/{lesson}?reset&token={token}")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
        page.wait_for_function("n => document.querySelectorAll('.jp-Notebook .jp-Cell').length === n",
                               arg=len(cells), timeout=60_000)
        page.wait_for_function(KERNEL_IDLE_JS, timeout=120_000)
        cell = page.locator(".jp-Notebook .jp-Cell")
        # in the notebook: every note, collapsed; a click on one opens it
        for i in notes:
            summary = cell.nth(i).locator("summary")
            with contextlib.suppress(PlaywrightTimeout):   # a markdown cell is rendered a moment after it is on the page
                summary.wait_for(state="visible", timeout=20_000)
            assert summary.is_visible() and summary.inner_text().strip() == summary_text, f"cell {i}"
        opened = cell.nth(notes[1]).locator(".jp-RenderedMarkdown details p").first
        assert not opened.is_visible(), "a note is open before the teacher opens it"
        cell.nth(notes[1]).locator("summary").click()
        assert opened.is_visible(), "a click on a note does not open it"
        # in the deck: the slides that the first three notes belong with, without their notes
        cell.first.click()
        page.locator(".jp-NotebookPanel-toolbar [data-command='deck:toggle']").first.click()
        page.wait_for_selector("body .jp-Deck", timeout=20_000)
        try:
            anchors, seen = {i - 1 for i in notes[:3]}, set()
            for _ in range(60):
                on = set(page.evaluate("""() => [...document.querySelectorAll('.jp-Notebook .jp-Cell')]
                    .map((c, i) => [i, c]).filter(([i, c]) => c.classList.contains('jp-deck-mod-onscreen')
                    && c.getClientRects().length && getComputedStyle(c).visibility !== 'hidden').map(([i]) => i)"""))
                shown = on & set(notes)
                assert not shown, f"{lesson}: the teacher's note in cell {min(shown)} is on a slide"
                seen |= on
                if anchors <= seen:
                    break
                step(page)
            assert anchors <= seen, f"the deck never showed cells {sorted(anchors - seen)}, which open the notes' slides"
            screenshot(page, tmp_path, f"teachers-edition-slide-{language}.png")
        finally:
            page.locator(".jp-NotebookPanel-toolbar [data-command='deck:toggle']").first.click(force=True)
            page.wait_for_selector("body .jp-Deck", state="detached", timeout=20_000)
    finally:
        page.close()
