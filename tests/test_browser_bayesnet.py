"""Lesson 11's network explorer in JupyterLab, in a real browser: click values, see posteriors move.

Needs Debian's chromium (CI installs it in .ci/run); skipped locally without it.
"""
from __future__ import annotations

import pytest

from test_browser import CHROMIUM, KERNEL_IDLE_JS, browser_page, jupyterlab, screenshot

pytestmark = [pytest.mark.xdist_group("browser"),
              *([] if CHROMIUM else [pytest.mark.skip(reason="chromium is not installed")])]


def test_network_explorer_responds_to_clicks(tmp_path):
    import nbformat
    from playwright.sync_api import expect, sync_playwright

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(
        "from nbteach.bayesnet import burglary\nfrom nbteach.widgets import network_explorer\n"
        "ex = network_explorer(burglary(), n_samples=20000)\nex")]
    nbformat.write(nb, tmp_path / "network.ipynb")
    with jupyterlab(tmp_path) as (port, token):
        with sync_playwright() as p:
            browser, page = browser_page(p)
            page.goto(f"http://127.0.0.1:{port}/lab/tree/network.ipynb?token={token}")
            page.wait_for_selector(".jp-Notebook .jp-CodeCell", timeout=90_000)
            page.wait_for_function(KERNEL_IDLE_JS, timeout=90_000)
            page.locator(".jp-Notebook .jp-CodeCell").first.click()
            page.keyboard.press("Shift+Enter")
            page.wait_for_selector("button[title='observe JohnCalls = True']", timeout=90_000)
            # the drawing: one SVG, in the sheet that also shows the cards around the buttons
            expect(page.locator(".jp-Notebook svg[role='img']")).to_have_count(1, timeout=30_000)
            # each value button is named by what it does (the page's helper names it by its tooltip),
            # not by its text alone ("?", "True": five of each on the page)
            page.get_by_role("button", name="MaryCalls not observed", exact=True).wait_for(timeout=30_000)
            for node in ("Burglary", "Earthquake", "Alarm", "JohnCalls", "MaryCalls"):
                assert page.get_by_role("button", name=f"{node} not observed", exact=True).count() == 1
                assert page.get_by_role("button", name=f"observe {node} = False", exact=True).count() == 1
            assert page.get_by_role("button", name="?", exact=True).count() == 0
            page.locator("button[title='observe JohnCalls = True']").click()
            page.wait_for_function("document.body.innerText.includes('observed: True')", timeout=30_000)
            page.locator("button[title='observe MaryCalls = True']").click()
            # P(Burglary = True | both call) = 0.2842 (Russell & Norvig: 0.284)
            page.wait_for_function("document.body.innerText.includes('0.2842')", timeout=30_000)
            page.wait_for_function("document.body.innerText.split('observed: True').length === 3",
                                   timeout=30_000)  # both calls observed
            page.locator("button[title='MaryCalls not observed']").click()
            # every card follows (one message: the sheet with every card)
            page.wait_for_function("document.body.innerText.split('observed: True').length === 2",
                                   timeout=30_000)
            # Burglary's card follows MaryCalls's click too
            expect(page.locator(".jp-Notebook")).not_to_contain_text("0.2842", use_inner_text=True, timeout=30_000)
            screenshot(page, tmp_path, "network.png", full_page=True)
            browser.close()
