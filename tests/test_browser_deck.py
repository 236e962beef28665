"""The slide deck presents one document: nbteach's JupyterLab extension (lab/nbteach-lab).

jupyterlab-deck keeps its deck on for the whole JupyterLab: a teacher who presented lesson 03
and then opened hw01 got hw01 as slides. lab/nbteach-lab stops the deck when another document
than the one presented is opened or activated. As a teacher, in a real browser: present lesson
03 and step through it, then open hw01, from the file browser (opening it leaves the deck on) or
from a link on the lesson's first slide: hw01 opens as a notebook, the deck is off; back on the
lesson's tab, the lesson is a whole notebook again (no cell left hidden or marked by the deck),
and the deck starts on it again and stays on.

The JupyterLab runs with the repository's built extension (lab/nbteach-lab/labextension) on its
JUPYTER_PATH, as `make lab` installs it into the virtualenv. The lesson's cells are not run:
the deck does not need their outputs. Needs Debian's chromium; skipped locally without it.
"""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import sys
from pathlib import Path

import pytest

from test_browser import CHROMIUM, KERNEL_IDLE_JS, screenshot
from test_browser_lessons import _browser_on, chromium, new_page, step  # noqa: F401 (a fixture)

ROOT = Path(__file__).resolve().parents[1]
EXTENSION = ROOT / "lab" / "nbteach-lab" / "labextension"
LESSON = "03_smoothing.ipynb"
HOMEWORK = "hw01_bayes_and_smoothing.ipynb"

pytestmark = [pytest.mark.xdist_group("browser"),
              *([] if CHROMIUM else [pytest.mark.skip(reason="chromium is not installed")])]

SHOWN = ".jp-NotebookPanel:not(.lm-mod-hidden)"     # the notebook on screen
TOGGLE = f"{SHOWN} .jp-NotebookPanel-toolbar [data-command='deck:toggle']"

# what the deck leaves on the page while it is on, or forgets to take away when it stops
_DECK_STATE = """() => ({
    mode: document.body.dataset.jpDeckMode || null,
    presented: [...document.querySelectorAll('.jp-NotebookPanel.jp-Deck')].map(p => p.id),
    remote: !!document.querySelector('.jp-Deck-Remote'),
    tabsHidden: [...document.querySelectorAll('#jp-main-dock-panel .lm-TabBar')].some(t => t.classList.contains('lm-mod-hidden')),
    marked: document.querySelectorAll('.jp-Notebook .jp-Cell.jp-deck-mod-onscreen, .jp-Notebook .jp-Cell.jp-deck-mod-visible').length,
})"""

_HIDDEN_CELLS = f"""() => [...document.querySelectorAll('{SHOWN} .jp-Notebook .jp-Cell')]
    .filter(c => !c.getClientRects().length || getComputedStyle(c).visibility === 'hidden').length"""

_ON_SCREEN = """() => [...document.querySelectorAll('.jp-Notebook .jp-Cell')].map((c, i) => [i, c])
    .filter(([i, c]) => c.classList.contains('jp-deck-mod-onscreen')).map(([i]) => i)"""


@pytest.fixture(scope="module")
def deck_lab(chromium, tmp_path_factory):  # noqa: F811 (the fixture imported above)
    """A JupyterLab over a copy of lesson 03 (its first cell with a link to hw01 added) and hw01, with
    lab/nbteach-lab where JupyterLab finds prebuilt extensions (JUPYTER_PATH, ahead of the
    virtualenv's own folder)."""
    if not (EXTENSION / "package.json").is_file():
        pytest.fail(f"{EXTENSION} is missing: build lab/nbteach-lab (its README.md says how)", pytrace=False)
    root = tmp_path_factory.mktemp("deck")
    (root / "notebooks" / "homework").mkdir(parents=True)
    lesson = json.loads((ROOT / "notebooks" / LESSON).read_text(encoding="utf-8"))
    first = lesson["cells"][0]
    assert first["cell_type"] == "markdown", f"{LESSON}'s first cell is not the title"
    first["source"] = "".join(first["source"]) + f"\n\nAfter this lesson: [Homework 1](homework/{HOMEWORK})"
    (root / "notebooks" / LESSON).write_text(json.dumps(lesson), encoding="utf-8")
    shutil.copy(ROOT / "notebooks" / "homework" / HOMEWORK, root / "notebooks" / "homework" / HOMEWORK)
    data = root / "jupyter"
    shutil.copytree(EXTENSION, data / "labextensions" / "nbteach-lab")
    with pytest.MonkeyPatch.context() as env:
        env.setenv("JUPYTER_PATH", os.pathsep.join(filter(None, [str(data), os.environ.get("JUPYTER_PATH")])))
        with _browser_on(chromium, root, "notebooks", "nbteach-deck-token") as (browser, port, token):
            yield browser, port, token, root / "settings"


def _deck_state(page):
    return page.evaluate(_DECK_STATE)


PLAIN = {"mode": None, "presented": [], "remote": False, "tabsHidden": False, "marked": 0}


def _current_tab(page, stem):
    page.wait_for_function("t => document.querySelector('#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current')"
                           "?.innerText.includes(t)", arg=stem, timeout=30_000)


def _present_the_lesson(page, walk=True):
    """Open the lesson, check both extensions are loaded, present it and (``walk``) step through a
    few slides: the deck works on the lesson presented as it does without lab/nbteach-lab."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
    page.wait_for_function(KERNEL_IDLE_JS, timeout=120_000)
    config = json.loads(page.locator("#jupyter-config-data").text_content())
    loaded = [e["name"] for e in config.get("federated_extensions", [])]
    assert "nbteach-lab" in loaded and "@deathbeds/jupyterlab-deck" in loaded, loaded
    page.locator(f"{SHOWN} .jp-Notebook .jp-Cell").first.click()
    page.locator(TOGGLE).click()
    page.wait_for_selector("body .jp-Deck", timeout=20_000)
    first = page.evaluate(_ON_SCREEN)
    for _ in range(3 if walk else 0):
        step(page)
    # the deck marks the body, the panel and its remote control in steps of its own: on the first
    # slide (no step taken) the state is read once it has caught up with the deck shown above
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(f"""() => {{ const s = ({_DECK_STATE})();
            return s.mode === 'presenting' && s.remote && s.presented.length === 1; }}""", timeout=20_000)
    state = _deck_state(page)
    assert state["mode"] == "presenting" and state["remote"] and len(state["presented"]) == 1, state
    if walk:
        assert page.evaluate(_ON_SCREEN) not in ([], first), "the deck did not step on through the lesson"


def _homework_is_a_notebook(page, tmp_path, shot):
    """hw01, just opened, is a notebook: the deck off, all of hw01 on screen, the tabs back."""
    page.wait_for_selector(f"{SHOWN} .jp-Notebook .jp-Cell", timeout=60_000)
    _current_tab(page, HOMEWORK[:-6])
    try:
        page.wait_for_function("() => !document.body.dataset.jpDeckMode", timeout=20_000)
    except Exception:
        screenshot(page, tmp_path, shot, failing=True)
        raise AssertionError(f"{HOMEWORK} opened as slides after {LESSON} was presented: {_deck_state(page)}") from None
    page.wait_for_timeout(1000)     # a deck that would start again on its own has done so by now
    state = _deck_state(page)
    assert state == PLAIN, state
    assert page.evaluate(_HIDDEN_CELLS) == 0, f"{HOMEWORK}: cells hidden after the deck stopped"
    screenshot(page, tmp_path, shot)


def _the_lesson_is_whole_and_presents_again(page):
    """Back on the lesson's tab: a whole notebook, not half-presented; the deck starts on it again
    and stays on (the document presented before is forgotten)."""
    page.locator("#jp-main-dock-panel .lm-TabBar-tab", has_text=LESSON[:-6]).click()
    _current_tab(page, LESSON[:-6])
    page.wait_for_timeout(500)
    state = _deck_state(page)
    assert state == PLAIN, state
    assert page.evaluate(_HIDDEN_CELLS) == 0, f"{LESSON}: cells hidden after the deck stopped"
    page.locator(f"{SHOWN} .jp-Notebook .jp-Cell").first.click()
    page.locator(TOGGLE).click()
    page.wait_for_selector("body .jp-Deck", timeout=20_000)
    step(page)
    page.wait_for_timeout(1000)
    state = _deck_state(page)
    assert state["mode"] == "presenting" and len(state["presented"]) == 1, state
    page.locator(TOGGLE).click(force=True)
    page.wait_for_selector("body .jp-Deck", state="detached", timeout=20_000)


def _lesson_page(deck_lab, workspace):
    """A new page on the lesson, the deck off as `make lab` starts it (tools/lab_settings.py): a
    deck an earlier test left on would otherwise start on the lesson by itself."""
    sys.path.insert(0, str(ROOT / "tools"))
    from lab_settings import deck_off

    browser, port, token, settings = deck_lab
    deck_off(settings)
    page = new_page(browser)
    page.goto(f"http://127.0.0.1:{port}/lab/workspaces/{workspace}/tree/{LESSON}?reset&token={token}")
    return page


def test_the_homework_opened_from_the_file_browser_is_not_presented(deck_lab, tmp_path):
    page = _lesson_page(deck_lab, "ws-deck-files")
    try:
        _present_the_lesson(page)
        # the file browser, from the left side bar: a side panel is not a document, the deck stays on
        page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab[data-id='filebrowser']").click()
        page.wait_for_selector(".jp-DirListing-item", timeout=20_000)
        page.wait_for_timeout(500)
        assert _deck_state(page)["mode"] == "presenting", "the deck stopped when the file browser opened"
        page.locator(".jp-DirListing-item", has_text="homework").first.dblclick()
        page.locator(".jp-DirListing-item", has_text=HOMEWORK[:-6]).first.dblclick()
        _homework_is_a_notebook(page, tmp_path, "deck-homework-from-files.png")
        _the_lesson_is_whole_and_presents_again(page)
    finally:
        page.close()


def test_the_homework_opened_from_a_link_on_a_slide_is_not_presented(deck_lab, tmp_path):
    """The lesson's first cell links to hw01 (added to the copy, as a teacher may write it): a
    click on it in the deck moves straight from the lesson to hw01, no side panel between."""
    page = _lesson_page(deck_lab, "ws-deck-link")
    try:
        _present_the_lesson(page, walk=False)     # on the first slide, the link's
        link = page.locator(".jp-Notebook .jp-Cell.jp-deck-mod-onscreen a", has_text="Homework 1")
        link.first.click()
        _homework_is_a_notebook(page, tmp_path, "deck-homework-from-link.png")
        _the_lesson_is_whole_and_presents_again(page)
    finally:
        page.close()
