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
