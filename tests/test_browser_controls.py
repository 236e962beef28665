"""The lessons' controls, driven in a real browser as a student drives them.

The value checks of the English lessons (tests/_browser_checks.py) run inside
test_browser_lessons.py's run of each lesson, on the page it has open (running a lesson in the
browser once, not twice); the Chinese lessons' are in tests/_browser_zh.py. Here: that every
check names a lesson that exists, and a student's own slider on a page of its own.

Needs Debian's chromium (CI installs it in .ci/run); skipped locally without it.
"""
from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from _browser_checks import CONTROL_CHECKS, _widget
from test_browser import CHROMIUM
from test_browser_lessons import _shut_down_kernels, chromium, lab, open_and_run_all  # noqa: F401 (fixtures)

ROOT = Path(__file__).resolve().parents[1]

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


def test_every_control_check_names_a_lesson_that_exists():
    """A check of a renamed lesson would never run: each names a lesson of notebooks/, and the
    lessons with views have theirs (at least ten of them)."""
    lessons = {p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")}
    assert set(CONTROL_CHECKS) <= lessons, set(CONTROL_CHECKS) - lessons
    assert len(CONTROL_CHECKS) >= 10 and all(callable(c) for cs in CONTROL_CHECKS.values() for c in cs)


def test_a_students_own_log_slider_is_named_and_announces_its_value(lab):
    """The accessibility helper names any slider on the page, also one the lesson did not make."""
    import nbformat
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    browser, port, token, root = lab
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nb.cells = [nbformat.v4.new_code_cell(
                    "import ipywidgets as w\n"
                    "w.FloatLogSlider(value=0.1, min=-3, max=1, description='my alpha', readout_format='.3f')"),
                nbformat.v4.new_code_cell("from nbteach.widgets import bayes_explorer\nbayes_explorer()")]
    nbformat.write(nb, root / "notebooks" / "own_slider.ipynb")
    with _lesson(lab, "own_slider.ipynb") as page:
        handle = _widget(page, "slider", "my alpha").locator(".noUi-handle")
        page.wait_for_function("h => h.getAttribute('aria-label') === 'my alpha'", arg=handle.element_handle(),
                               timeout=10_000)
        # noUiSlider's own value is the exponent; what is announced is what is shown (the value text
        # is written when the helper sees the readout, which may be after it named the handle)
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function("h => h.getAttribute('aria-valuetext') === '0.100'", arg=handle.element_handle(),
                                   timeout=10_000)
        assert handle.get_attribute("aria-valuenow") == "-1.0"
        assert handle.get_attribute("aria-valuetext") == "0.100"
        handle.press("ArrowRight")
        page.wait_for_function("h => h.getAttribute('aria-valuetext') === '0.126'", arg=handle.element_handle(),
                               timeout=10_000)
        assert page.get_by_role("slider", name="my alpha").count() == 1
        assert page.get_by_role("textbox", name="my alpha value").count() == 1
