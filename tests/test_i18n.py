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
