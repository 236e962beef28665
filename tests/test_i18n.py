"""Language of messages: English by default, Chinese on request, bad codes refused."""
import pytest

import nbteach
from nbteach._base import NbteachError
from nbteach.i18n import get_language, set_language, tr


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def test_default_is_english_and_zh_switches():
    assert get_language() == "en"
    nbteach.set_language("zh")
    assert nbteach.get_language() == "zh"
    assert tr({"en": "correct", "zh": "正确"}) == "正确"


@pytest.mark.parametrize("alias, code", [("Chinese", "zh"), ("zh-CN", "zh"), (" EN ", "en"), ("english", "en")])
def test_aliases(alias, code):
    set_language(alias)
    assert get_language() == code


@pytest.mark.parametrize("bad", ["fr", "", None, 3])
def test_unknown_language_says_what_to_fix(bad):
    with pytest.raises(NbteachError, match="en"):
        set_language(bad)
    assert get_language() == "en"


def test_missing_translation_falls_back_to_english_and_fields_fill():
    set_language("zh")
    assert tr({"en": "got {n}"}, n=3) == "got 3"
    assert tr("plain {x}", x=1) == "plain 1"


def test_check_messages_follow_the_language():
    from nbteach.check import exercise

    q = exercise("01.posterior")
    english = q.check(0.123).message
    set_language("zh")
    chinese = q.check(0.123).message
    assert english.startswith("Incorrect.")
    assert chinese.startswith("不正确")


def test_every_check_message_has_both_languages_with_the_same_fields():
    import string

    from nbteach.check.messages import MESSAGES

    for key, text in MESSAGES.items():
        assert text.get("en") and text.get("zh"), key
        fields = [{f for _, f, _, _ in string.Formatter().parse(text[lang]) if f} for lang in ("en", "zh")]
        assert fields[0] == fields[1], key


def test_every_exercise_text_is_translated():
    from nbteach.check import exercises

    for q in exercises():
        texts = [q.prompt, *q.hints, *(m.hint for m in q.mistakes)]
        if isinstance(q.solution_text, dict):
            texts.append(q.solution_text)
        for t in texts:
            assert isinstance(t, dict) and t.get("en") and t.get("zh"), q.id


@pytest.mark.parametrize("env, lang", [
    ({}, "en"),
    ({"JPY_SESSION_NAME": "/srv/nbteach/notebooks/zh/03_smoothing.ipynb"}, "zh"),
    ({"JPY_SESSION_NAME": "/srv/nbteach/notebooks/zh/homework/hw01_bayes.ipynb"}, "zh"),
    ({"JPY_SESSION_NAME": "notebooks/zh/00_start_here.ipynb"}, "zh"),
    ({"JPY_SESSION_NAME": r"C:\Users\me\nbteach\notebooks\zh\03_smoothing.ipynb"}, "zh"),
    ({"JPY_SESSION_NAME": "/srv/nbteach/notebooks/03_smoothing.ipynb"}, "en"),
    ({"JPY_SESSION_NAME": "/srv/nbteach/notebooks/homework/hw01_bayes.ipynb"}, "en"),
    ({"JPY_SESSION_NAME": "/srv/nbteach/notebooks/zh.ipynb"}, "en"),            # a file named zh, no folder
    ({"JPY_SESSION_NAME": "/srv/nbteach/notebooks/zhx/03_smoothing.ipynb"}, "en"),
    ({"NBTEACH_LANG": "zh"}, "zh"),
    ({"NBTEACH_LANG": "zh", "JPY_SESSION_NAME": "/srv/notebooks/03_smoothing.ipynb"}, "zh"),
    ({"NBTEACH_LANG": "en", "JPY_SESSION_NAME": "/srv/notebooks/zh/03_smoothing.ipynb"}, "en"),
    ({"NBTEACH_LANG": "", "JPY_SESSION_NAME": "/srv/notebooks/zh/03_smoothing.ipynb"}, "zh"),
])
def test_starting_language_rule(env, lang):
    from nbteach.i18n import starting_language

    assert starting_language(env) == lang


def test_a_bad_nbteach_lang_warns_with_the_fix_and_the_folder_decides():
    from nbteach.i18n import starting_language

    with pytest.warns(UserWarning, match="set it to 'en' or 'zh'"):
        assert starting_language({"NBTEACH_LANG": "fr", "JPY_SESSION_NAME": "/n/zh/a.ipynb"}) == "zh"


@pytest.mark.parametrize("env, lang", [
    ({"JPY_SESSION_NAME": "/srv/nbteach/notebooks/zh/03_smoothing.ipynb"}, "zh"),
    ({"JPY_SESSION_NAME": "/srv/nbteach/notebooks/03_smoothing.ipynb"}, "en"),
    ({"NBTEACH_LANG": "en", "JPY_SESSION_NAME": "/srv/nbteach/notebooks/zh/03_smoothing.ipynb"}, "en"),
])
def test_a_fresh_interpreter_starts_in_the_language_of_its_notebook(env, lang):
    """The rule as a kernel meets it: nbteach imported in a new process with that environment."""
    import os
    import subprocess
    import sys

    base = {k: v for k, v in os.environ.items() if k not in ("NBTEACH_LANG", "JPY_SESSION_NAME")}
    out = subprocess.run([sys.executable, "-c", "import nbteach; print(nbteach.get_language())"],
                         env={**base, **env}, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == lang
