"""`make lab` as a student uses it: JupyterLab serves the lessons; and what the browser tests share.

(The smoothing explorer answering a value typed into its slider's readout is checked in lesson 03's
run in the browser: tests/_browser_checks.py. A JupyterLab and a Chromium of its own here cost
10-15 CPU s of make test for one widget that lesson already shows.)

Needs Debian's chromium (CI installs it in .ci/run); without it these tests are skipped
locally, and fail on CI.
"""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = shutil.which("chromium")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run"]

#: The kernel is idle: what the status bar says ("Python 3 (ipykernel) | Idle"). Read as the status
#: bar's textContent, not the page's innerText: innerText lays the whole page out and serialises it
#: (lesson 06 after its run: 214 ms an ask, the status bar's textContent well under 1 ms), and a
#: wait asks again and again while a lesson runs.
KERNEL_IDLE = ("(bar => (bar ? bar.textContent : document.body.innerText).includes('Idle'))"
               "(document.querySelector('#jp-main-statusbar'))")
KERNEL_IDLE_JS = "() => " + KERNEL_IDLE

if not CHROMIUM:
    if os.environ.get("CI"):
        pytest.fail("CI must have chromium (apt-get install -y chromium; see .ci/run)", pytrace=False)
    pytestmark = pytest.mark.skip(reason="chromium is not installed (apt-get install -y chromium)")

pytestmark = [*([pytestmark] if not CHROMIUM else []), pytest.mark.xdist_group("browser")]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_server(port: int, token: str, proc, seconds: float = 180) -> None:
    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the server exited with {proc.returncode}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={token}", timeout=2)
            return
        except OSError:
            time.sleep(0.5)
    raise AssertionError("JupyterLab did not answer within %s s" % seconds)


def stop(proc) -> None:
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=20)
    except ProcessLookupError:
        pass
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)


@contextlib.contextmanager
def jupyterlab(notebook_dir, token="nbteach-test-token", extra=()):
    """A JupyterLab server over ``notebook_dir`` for one test: yields its port and token."""
    port = free_port()
    proc = subprocess.Popen(
        [str(Path(sys.executable).parent / "jupyter"), "lab", "--no-browser", f"--port={port}",
         "--ip=127.0.0.1", *(["--allow-root"] if os.getuid() == 0 else []), f"--IdentityProvider.token={token}",
         "--LabApp.news_url=None", f"--notebook-dir={notebook_dir}", *extra],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        # as a student's: a kernel's language comes from its notebook's folder (JPY_SESSION_NAME),
        # whatever NBTEACH_LANG the test run has (tests/test_notebooks.py's kernels are started so too)
        env={k: v for k, v in os.environ.items() if k != "NBTEACH_LANG"},
    )
    try:
        wait_for_server(port, token, proc)
        yield port, token
    finally:
        stop(proc)


def browser_page(playwright):
    browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
    return browser, browser.new_page(viewport={"width": 1500, "height": 1000})


def screenshot(page, tmp_path, filename, failing=False, full_page=False):
    """A screenshot of the page, ``filename`` in the folder NBTEACH_SCREENSHOTS names, when it is
    set; and in ``tmp_path`` when ``failing`` (taken as a test fails, to see why). Otherwise none is
    taken: a screenshot checks nothing, and costs Chromium 0.1-0.3 CPU s (three a lesson)."""
    if failing:
        page.screenshot(path=str(tmp_path / filename), full_page=full_page)
    if os.environ.get("NBTEACH_SCREENSHOTS"):
        keep = Path(os.environ["NBTEACH_SCREENSHOTS"])
        keep.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(keep / filename), full_page=full_page)


def test_make_lab_serves_the_lessons(tmp_path):
    """Run `make lab` exactly as the README says, open the address it prints, see lesson 00."""
    import re

    from playwright.sync_api import sync_playwright

    port = free_port()
    log_path = tmp_path / "lab.log"
    log = open(log_path, "w")
    proc = subprocess.Popen(
        ["make", "lab", f"PORT={port}", "LAB_ARGS=--no-browser --LabApp.news_url=None"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    try:
        pattern = re.compile(r"(http://127\.0\.0\.1:%d/\S+\?token=([0-9a-f]+))" % port)
        deadline, found = time.time() + 180, None
        while time.time() < deadline and not found:
            assert proc.poll() is None, "make lab exited:\n" + log_path.read_text()[-3000:]
            found = pattern.search(log_path.read_text())
            time.sleep(0.5)
        assert found, "make lab printed no address to open:\n" + log_path.read_text()[-3000:]
        url, token = found.groups()
        assert "/lab/tree/00_start_here.ipynb" in url  # the address opens the first lesson
        wait_for_server(port, token, proc)
        listing = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/api/contents?token={token}"))
        names = {item["name"] for item in listing["content"]}
        for lesson in ["00_start_here.ipynb", "01_bayes_theorem.ipynb", "02_flu_cold_table.ipynb",
                       "03_smoothing.ipynb"]:
            assert lesson in names
        with sync_playwright() as p:
            browser, page = browser_page(p)
            page.goto(url)
            try:
                page.wait_for_selector(".jp-Notebook .jp-MarkdownCell", timeout=90_000)
                assert "00_start_here.ipynb" in page.locator(".lm-TabBar-tabLabel").all_inner_texts()
                # markdown cells render a moment after the notebook appears: wait for the title
                page.wait_for_function("() => document.querySelector('.jp-Notebook').innerText"
                                       ".toLowerCase().includes('start here')", timeout=60_000)
                # no pop-up over the first lesson (lab/overrides.json, installed by make lab)
                page.wait_for_timeout(3000)
                assert "notified about official Jupyter news" not in page.inner_text("body")
            finally:
                screenshot(page, tmp_path, "lab.png", failing=True)   # taken whatever the outcome
                browser.close()
    finally:
        stop(proc)
        log.close()
