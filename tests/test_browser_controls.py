"""The lessons' controls, driven in a real browser as a student drives them.

Each test opens a lesson in JupyterLab (Chromium), runs every cell, then uses a control the
way a person does (choose in a dropdown, type in a text box, type a number, move a slider
with the keyboard, tick a checkbox) and checks that the view shows the value the library
computes for that input.

Needs Debian's chromium (CI installs it in .ci/run); skipped locally without it.
"""
from __future__ import annotations

import contextlib

import pytest

from test_browser import CHROMIUM
from test_browser_lessons import _shut_down_kernels, lab, open_and_run_all  # noqa: F401 (fixture)

pytestmark = [pytest.mark.xdist_group("browser"),
              *([] if CHROMIUM else [pytest.mark.skip(reason="chromium is not installed")])]


@contextlib.contextmanager
def _lesson(lab, name):
    """Lesson ``name`` open in a fresh page with every cell run; the page is closed after."""
    browser, port, token, _ = lab
    _shut_down_kernels(port, token)
    page = open_and_run_all(browser, port, token, name)
    try:
        yield page
    finally:
        page.close()


def _widget(page, kind, label):
    """The ipywidgets control of class ``widget-<kind>`` whose description contains ``label``."""
    return page.locator(f".widget-{kind}", has_text=label).first


def _wait_text(page, text, timeout=20_000):
    page.wait_for_function("t => document.querySelector('.jp-Notebook').innerText.includes(t)",
                           arg=text, timeout=timeout)


def test_lesson02_dropdowns_explain_the_chosen_patient(lab):
    with _lesson(lab, "02_flu_cold_table.ipynb") as page:
        # the note's first patient is preselected; a severe sore throat with a cough makes it Flu
        _widget(page, "dropdown", "Sore").locator("select").select_option("severe")
        _widget(page, "dropdown", "Cough").locator("select").select_option("yes")
        _widget(page, "dropdown", "Headache").locator("select").select_option("severe")
        _wait_text(page, "decision: Flu")
        # mild headache, mild sore throat: every class scores 0
        _widget(page, "dropdown", "Headache").locator("select").select_option("mild")
        _widget(page, "dropdown", "Sore").locator("select").select_option("mild")
        _wait_text(page, "no decision")


def test_lesson06_typing_a_review_updates_each_words_push(lab):
    with _lesson(lab, "06_spam_detector.ipynb") as page:
        box = _widget(page, "text", "message").locator("input")
        box.fill("stale awful refund zzzqqq")
        _wait_text(page, "not in the vocabulary: ignored")
        view = page.locator(".widget-html", has_text="P(great | message)").first
        assert "zzzqqq" in view.inner_text() and "stale" in view.inner_text()


def test_lesson08_boundary_turns_into_a_curve(lab):
    with _lesson(lab, "08_gaussian_nb_and_logistic_regression.ipynb") as page:
        summary = page.locator(".widget-html", has_text="log odds").first
        assert "zero, because the variance is shared" in summary.inner_text()
        _widget(page, "checkbox", "shared variance").locator("input").click()
        handle = _widget(page, "slider", "class 1: sd of x₁").locator(".noUi-handle")
        handle.focus()
        for _ in range(4):                      # the keyboard moves a slider by its step
            handle.press("ArrowRight")
        _wait_text(page, "not zero, because the classes' variances differ")
        readout = _widget(page, "slider", "class 1: sd of x₁").locator(".widget-readout").inner_text()
        assert float(readout) == pytest.approx(1.2)


def test_lesson09_costs_move_the_threshold(lab):
    with _lesson(lab, "09_bayesian_decision_theory.ipynb") as page:
        _wait_text(page, "t = 0.5")
        box = _widget(page, "text", "false alarm").locator("input")
        box.fill("20")
        box.press("Enter")
        _wait_text(page, "t = 0.9524")                  # 20 / (20 + 1)
        box.fill("-3")                                  # refused with a message, not clamped
        box.press("Enter")
        _wait_text(page, "is negative: a loss is a cost")
        assert box.input_value() == "-3"
        assert "t = 0.9524" in page.inner_text(".jp-Notebook")    # the last valid view stays


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
    let worst = {ratio: 99, text: ''};
    for (const el of document.querySelectorAll('.jp-Notebook .widget-html *, .jp-Notebook .widget-label')) {
        const own = [...el.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim()).map(n => n.textContent.trim()).join(' ');
        if (!own) continue;
        const fg = lum(getComputedStyle(el).color), bg = background(el);
        const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
        if (ratio < worst.ratio) worst = {ratio, text: own.slice(0, 60)};
    }
    return worst;
}"""


@pytest.mark.parametrize("lesson", ["03_smoothing.ipynb", "09_bayesian_decision_theory.ipynb",
                                    "11_bayesian_networks.ipynb"])
@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_widget_text_is_readable_in_both_themes(lab, theme, lesson):
    """WCAG AA: every piece of widget text has a contrast of at least 4.5:1 with what is behind it."""
    browser, port, token, _ = lab
    _shut_down_kernels(port, token)
    _set_theme(port, token, theme)
    page = open_and_run_all(browser, port, token, lesson)
    try:
        page.wait_for_function("t => document.body.dataset.jpThemeName === t", arg=theme, timeout=30_000)
        worst = page.evaluate(_CONTRAST_JS)
        assert worst["ratio"] >= 4.5, f"{lesson}, {theme}: {worst['text']!r} has contrast {worst['ratio']:.2f}:1"
    finally:
        page.close()
        _set_theme(port, token, "JupyterLab Light")


def _set_theme(port, token, theme):
    """JupyterLab's theme setting, through its settings API (as the Settings > Theme menu does)."""
    import json
    import urllib.request

    url = f"http://127.0.0.1:{port}/lab/api/settings/@jupyterlab/apputils-extension:themes"
    body = json.dumps({"raw": json.dumps({"theme": theme})}).encode()
    req = urllib.request.Request(url, data=body, method="PUT",
                                 headers={"Authorization": f"token {token}", "Content-Type": "application/json"})
    urllib.request.urlopen(req)
