"""Every lesson, opened in JupyterLab in a real browser and run as a student runs it.

For each notebook: open it, Run > Run All Cells, wait until every cell has run and the kernel
is idle, then fail on any traceback, any widget that failed to render, and check that each
widget output became a live widget view. The notebooks are copied to a temporary folder
first, so JupyterLab's autosave never writes outputs into the repository. A screenshot of
each lesson is saved (set NBTEACH_SCREENSHOTS to a folder to keep them).

Needs Debian's chromium (CI installs it in .ci/run); skipped locally without it.
"""
from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from test_browser import CHROMIUM, FLAGS, jupyterlab

ROOT = Path(__file__).resolve().parents[1]
# the lessons (the homework notebooks run headless in test_notebooks.py and test_homework_*.py)
NOTEBOOKS = sorted(p.relative_to(ROOT / "notebooks") for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))

pytestmark = [pytest.mark.xdist_group("browser"),
              *([] if CHROMIUM else [pytest.mark.skip(reason="chromium is not installed")])]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """One JupyterLab over a copy of notebooks/, with every cell attached to the page."""
    root = tmp_path_factory.mktemp("lessons")
    shutil.copytree(ROOT / "notebooks", root / "notebooks")
    settings = root / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    # draw every cell, also off-screen ones, so that every output can be inspected
    (settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    with jupyterlab(root / "notebooks", "nbteach-lessons-token",
                    extra=[f"--LabApp.user_settings_dir={root / 'settings'}",
                           f"--LabApp.workspaces_dir={root / 'workspaces'}"]) as (port, token):
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
            yield browser, port, token, root
            browser.close()


def _shut_down_kernels(port, token):
    """One lesson at a time: stop the kernels the previous lessons left running."""
    import urllib.request

    base = f"http://127.0.0.1:{port}/api/kernels"
    for kernel in json.load(urllib.request.urlopen(f"{base}?token={token}")):
        req = urllib.request.Request(f"{base}/{kernel['id']}?token={token}", method="DELETE")
        urllib.request.urlopen(req)


def open_and_run_all(browser, port, token, name):
    """A new page with lesson ``name`` open, every cell run, the kernel idle: returns the page."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    # a workspace of its own, so that no earlier lesson's tab is restored beside this one
    workspace = "ws-" + re.sub(r"\W", "-", Path(name).stem)
    page.goto(f"http://127.0.0.1:{port}/lab/workspaces/{workspace}/tree/{Path(name).as_posix()}"
              f"?reset&token={token}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
    page.wait_for_function("document.body.innerText.includes('Idle')", timeout=120_000)
    page.locator(".jp-Notebook .jp-Cell").first.click()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    n_code = page.locator(".jp-Notebook .jp-CodeCell").count()
    # every code cell has an execution count ([1], [2], ...: not [ ] or [*]) and the kernel is
    # idle; or a cell raised (Run All stops there) and the kernel is idle
    page.wait_for_function(
        """n => {
            const idle = document.body.innerText.includes('Idle');
            const prompts = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputArea-prompt')];
            const done = prompts.length === n && prompts.every(p => /\\[\\d+\\]/.test(p.innerText));
            const raised = !!document.querySelector('.jp-Notebook [data-mime-type="application/vnd.jupyter.stderr"]')
                           && document.querySelector('.jp-Notebook').innerText.includes('Traceback');
            return idle && (done || raised);
        }""", arg=n_code, timeout=300_000)
    page.wait_for_timeout(1500)  # let the last widget views attach
    return page


@pytest.mark.parametrize("name", NOTEBOOKS, ids=str)
def test_notebook_runs_in_jupyterlab(lab, name, tmp_path):
    browser, port, token, root = lab
    _shut_down_kernels(port, token)
    page = None
    try:
        page = open_and_run_all(browser, port, token, name)
        text = page.inner_text(".jp-Notebook")
        assert "Traceback (most recent call last)" not in text, f"{name}: a cell raised"
        for failure in ("Error displaying widget", "Failed to load model", "model not found"):
            assert failure not in text, f"{name}: a widget failed to render ({failure})"
        assert "Loading widget" not in text, f"{name}: a widget never finished loading"
        # a notebook that makes widgets shows them as live views
        source = (root / "notebooks" / name).read_text(encoding="utf-8")
        if re.search(r"(_explorer|_widget|_picture)\(", source):
            live = page.locator(".jp-OutputArea-output > .jupyter-widgets").count()
            assert live >= 1, f"{name}: it makes widgets, but none is on the page"
    finally:
        if page is not None:
            shot = tmp_path / (name.stem + ".png")
            page.screenshot(path=str(shot), full_page=False)
            if os.environ.get("NBTEACH_SCREENSHOTS"):
                keep = Path(os.environ["NBTEACH_SCREENSHOTS"])
                keep.mkdir(parents=True, exist_ok=True)
                shutil.copy(shot, keep / shot.name)
            page.close()
