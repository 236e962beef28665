"""The Chinese lessons' views, driven with value checks in the page that runs the lesson.

``test_notebook_runs_in_jupyterlab`` (test_browser_lessons.py) opens each Chinese lesson, runs it,
and, for a lesson named in ``VIEW_CHECKS``, calls its check on that page before it drives every
control (one run of the lesson serves both: a second run would cost as long again). A check uses
a control as a student does, as test_browser_controls.py does in the English lessons, and asserts
that the view shows what the library shows for that input in Chinese, with the lesson's own call:

* the view's label is the library's Chinese one (it has CJK characters), so the page's kernel
  speaks Chinese (a notebook under ``zh/`` does, by nbteach.i18n, without a line of code);
* the view's text is the library's Chinese view, character for character (whitespace aside);
* its numbers are the English view's numbers: the same call made in English shows the same numbers.
"""
from __future__ import annotations

import contextlib
import html
import json
import re

_CJK = re.compile(r"[\u3400-\u9fff\u3001-\u303f\uff01-\uff60]")

#: lesson (as a path under notebooks/, "zh/04_....ipynb") -> check(page, notebooks folder)
VIEW_CHECKS = {}


def _checks(name):
    def register(check):
        VIEW_CHECKS[name] = check
        return check
    return register


@contextlib.contextmanager
def _language(lang):
    """nbteach's language set to ``lang`` for the views the test makes, restored after."""
    import nbteach

    was = nbteach.get_language()
    nbteach.set_language(lang)
    try:
        yield
    finally:
        nbteach.set_language(was)


def _in_both(make):
    """``make()`` (the lesson's view, then the input the page gets) in Chinese and in English."""
    made = {}
    for lang in ("zh", "en"):
        with _language(lang):
            made[lang] = make()
    return made


def _shown(markup):
    """What a browser shows of a view's HTML, whitespace aside: no <style>, no tags, entities read."""
    text = re.sub(r"<style[^>]*>.*?</style>", "", markup, flags=re.S)
    return re.sub(r"\s+", "", html.unescape(re.sub(r"<[^>]+>", "", text)))


def _chinese(text, what):
    assert _CJK.search(text), f"{what} is not in Chinese: {text!r}"
    return text


def _shows_the_chinese_view(page, view, made):
    """``view`` (a locator) shows the view of ``made["zh"]``, which is in Chinese and shows the same
    numbers as that of ``made["en"]``."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    zh, en = _shown(made["zh"].view.value), _shown(made["en"].view.value)
    _chinese(zh, "the library's view")
    numbers = re.findall(r"[-+]?\d+\.\d+", zh)
    assert numbers and numbers == re.findall(r"[-+]?\d+\.\d+", en), \
        f"the two editions' views show other numbers: {numbers} and {re.findall(r'[-+]?[0-9]+[.][0-9]+', en)}"
    try:
        page.wait_for_function("([el, t]) => el.innerText.replace(/\\s+/g, '') === t",
                               arg=[view.element_handle(), zh], timeout=20_000)
    except PlaywrightTimeout:
        shown = re.sub(r"\s+", "", view.inner_text())
        raise AssertionError(f"the view shows {shown[:300]!r}, the library's Chinese view is {zh[:300]!r}") from None


def _lesson_source(notebooks, name, *calls):
    """The lesson's source, which must still make its view with each of ``calls``."""
    source = (notebooks / name).read_text(encoding="utf-8")
    for call in calls:
        assert call in source, f"{name}: the lesson no longer has {call!r}: update tests/_browser_zh.py"
    return source


@_checks("zh/04_mle_lagrange_multipliers.ipynb")
def lesson04_a_count_moves_the_estimate(page, notebooks):
    from nbteach.widgets import mle_explorer

    _lesson_source(notebooks, "zh/04_mle_lagrange_multipliers.ipynb",
                   'mle_explorer(counts=(6, 3, 0), words=(\\"free\\", \\"money\\", \\"meeting\\"))',
                   "explorer.alpha_slider.value = 1.0")             # a later cell of the lesson

    def make():
        explorer = mle_explorer(counts=(6, 3, 0), words=("free", "money", "meeting"))
        explorer.alpha_slider.value = 1.0
        explorer.count_sliders[2].value += 1                        # what the key press below does
        return explorer

    made = _in_both(make)
    title = _chinese(made["zh"].fig.title, "the plot's title")
    alpha = _chinese(made["zh"].alpha_slider.description, "the alpha slider's label")
    assert page.get_by_role("slider", name=alpha).count() == 1, \
        f"no slider named {alpha!r} on the page: does the kernel of a notebook under zh/ speak Chinese?"
    handle = page.locator(".nbteach-mle-explorer .widget-slider", has_text="N(meeting)").first.locator(".noUi-handle")
    handle.focus()
    handle.press("ArrowRight")
    page.wait_for_function("t => [...document.querySelectorAll('svg text')].some(e => e.textContent === t)",
                           arg=title, timeout=20_000)
    _shows_the_chinese_view(page, page.locator(".nbteach-mle-explorer .nbteach-view").first, made)


@_checks("zh/05_bernoulli_nb.ipynb")
def lesson05_a_typed_message_scores_under_both_models(page, notebooks):
    name = "zh/05_bernoulli_nb.ipynb"
    cells = json.loads(_lesson_source(notebooks, name, "text_models_explorer("))["cells"]
    cell = next("".join(c["source"]) for c in cells
                if c["cell_type"] == "code" and "text_models_explorer(" in "".join(c["source"]))
    typed = "prize prize prize friday"

    def make():
        scope = {}
        exec(cell.replace("text_models_explorer(", "_explorer = text_models_explorer("), scope)  # the lesson's own call
        scope["_explorer"].text.value = typed
        return scope["_explorer"]

    made = _in_both(make)
    label = _chinese(made["zh"].text.description, "the text box's label")
    box = page.locator(".nbteach-models-on-text").first
    assert label in box.inner_text()
    entry = box.locator(".nbteach-text input")
    entry.fill("")
    entry.type(typed, delay=20)
    _shows_the_chinese_view(page, box.locator(".nbteach-view"), made)


@_checks("zh/06_spam_detector.ipynb")
def lesson06_typing_a_review_explains_each_word(page, notebooks):
    from nbteach.realdata import food_reviews
    from nbteach.text import TextNB
    from nbteach.widgets import message_explorer

    _lesson_source(notebooks, "zh/06_spam_detector.ipynb", "message_explorer(nb, message)",
                   "nb = TextNB(alpha=1.0).fit(train, y_train)", 'food_reviews(\\"train\\")')
    nb = TextNB(alpha=1.0).fit(*food_reviews("train"))
    typed = "stale awful refund zzzqqq"            # three words of the vocabulary and one that is not

    def make():
        explorer = message_explorer(nb, "")
        explorer.text.value = typed
        return explorer

    made = _in_both(make)
    label = _chinese(made["zh"].text.description, "the text box's label")
    box = page.locator(".nbteach-message-explorer").first
    assert label in box.inner_text()
    box.locator(".nbteach-text input").fill(typed)
    _shows_the_chinese_view(page, box.locator(".nbteach-view"), made)
