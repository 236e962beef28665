"""The lessons' own words (what their code cells print and draw) in both editions.

A code cell is the same in both editions, so it writes its words once in English through
``nbteach.say`` and the Chinese comes from ``nbteach.lesson_text`` (one module per lesson). Read
without running anything: every ``say`` call in the English notebooks has a literal text, a
Chinese entry with the same ``{fields}``, in the glossary's terms; no entry is left that no
lesson uses (the English changed and its Chinese did not follow).
"""
from __future__ import annotations

import ast
import json
import re
import string
from pathlib import Path

import pytest

import nbteach
from nbteach import lesson_text
from nbteach._base import NbteachError
from nbteach.i18n import say

from test_lesson_text import avoided_terms

ROOT = Path(__file__).resolve().parents[1]
ENGLISH = sorted([*(ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"),
                  *(ROOT / "notebooks" / "homework").glob("*.ipynb")])
_MAGIC = re.compile(r"^\s*[%!].*$", re.M)


def say_calls(source: str):
    """``(line, text or None)`` of each ``say(...)``/``nbteach.say(...)`` call in ``source``;
    None when the first argument is not a literal string."""
    tree = ast.parse(_MAGIC.sub("", source))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if name == "say":
                first = node.args[0] if node.args else None
                literal = isinstance(first, ast.Constant) and isinstance(first.value, str)
                yield node.lineno, first.value if literal else None


def used_texts():
    """``{English text: [where]}`` for every say call of the English lessons and homework."""
    out: dict[str, list[str]] = {}
    for path in ENGLISH:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for cell in cells:
            if cell["cell_type"] == "code":
                for line, text in say_calls("".join(cell["source"])):
                    out.setdefault(text, []).append(f"{path.name} cell {cell.get('id')} line {line}")
    return out


def fields(template: str) -> list[tuple]:
    return sorted((name, spec, conv) for _, name, spec, conv in string.Formatter().parse(template)
                  if name is not None)


USED = used_texts()


def test_say_is_called_with_a_literal_text():
    where = USED.get(None, [])
    assert not where, ("say() needs the English text written in the call (a literal string, "
                       "fields as {name}), so its Chinese can be found: " + "; ".join(where))


def test_every_lesson_text_has_its_chinese_with_the_same_fields():
    zh = lesson_text.catalogue("zh")
    missing = [f"{text!r} ({where[0]})" for text, where in USED.items()
               if text is not None and text not in zh]
    assert not missing, "no Chinese in nbteach/lesson_text/ for: " + "; ".join(missing)
    differ = [f"{text!r} -> {zh[text]!r}" for text in USED if text in zh and fields(text) != fields(zh[text])]
    assert not differ, "the Chinese must have the same {fields} as the English: " + "; ".join(differ)


def test_no_translation_is_left_without_its_english():
    stale = sorted(set(lesson_text.catalogue("zh")) - set(USED))
    assert not stale, ("nbteach/lesson_text/ translates text no lesson says any more (the English "
                       "changed: translate the new text, remove the old): " + "; ".join(map(repr, stale)))


def test_a_text_two_lessons_say_has_one_translation():
    """The catalogue merges the lesson modules: a text two of them translate differently would
    show whichever loaded last."""
    import importlib
    import pkgutil

    seen: dict[str, tuple[str, str]] = {}
    clash = []
    for info in pkgutil.iter_modules(lesson_text.__path__):
        for en, zh in getattr(importlib.import_module(f"nbteach.lesson_text.{info.name}"), "ZH", {}).items():
            if en in seen and seen[en][1] != zh:
                clash.append(f"{en!r}: {seen[en][0]} says {seen[en][1]!r}, {info.name} says {zh!r}")
            seen.setdefault(en, (info.name, zh))
    assert not clash, "; ".join(clash)


def test_the_translations_use_the_glossarys_terms():
    bad = [f"{zh!r}: {', '.join(found)}" for zh in lesson_text.catalogue("zh").values()
           if (found := avoided_terms(zh))]
    assert not bad, "; ".join(bad)


def test_say_follows_the_language_and_fills_fields(monkeypatch):
    monkeypatch.setitem(lesson_text.catalogue("zh"), "score of {c}: {v:.3f}", "{c} 的得分：{v:.3f}")
    before = nbteach.get_language()
    try:
        nbteach.set_language("zh")
        assert say("score of {c}: {v:.3f}", c="flu", v=0.0125) == "flu 的得分：0.013"
        assert say("text nobody translated") == "text nobody translated"
        nbteach.set_language("en")
        assert say("score of {c}: {v:.3f}", c="flu", v=0.0125) == "score of flu: 0.013"
    finally:
        nbteach.set_language(before)


def test_say_refuses_what_it_cannot_show():
    with pytest.raises(NbteachError, match="field"):
        say("score of {c}", v=1)
    with pytest.raises(ValueError, match="as a string"):
        say(3.5)


def test_the_call_reader_finds_literal_and_non_literal_calls():
    calls = list(say_calls('%matplotlib inline\nprint(say("a {x}", x=1))\nax.set_title(nbteach.say(t))'))
    assert [text for _, text in calls] == ["a {x}", None]


def test_a_chinese_title_on_axes_made_before_draws_its_glyphs(monkeypatch):
    """``fig, ax = plt.subplots()`` then ``ax.set_title(say(...))``: the title's font was fixed
    when the axes were made; say gives the open figures the CJK fallback, so no glyph is missing."""
    import warnings

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from nbteach._fonts import cjk_family
    if cjk_family() is None:
        pytest.skip("no CJK font installed (fonts-noto-cjk)")
    monkeypatch.setitem(lesson_text.catalogue("zh"), "Two scores", "两个得分")
    monkeypatch.setitem(matplotlib.rcParams, "font.family", ["sans-serif"])
    before = nbteach.get_language()
    fig, ax = plt.subplots()
    try:
        nbteach.set_language("zh")
        ax.set_title(say("Two scores"))
        with warnings.catch_warnings():
            warnings.simplefilter("error")            # "Glyph ... missing" is a UserWarning
            fig.canvas.draw()
    finally:
        nbteach.set_language(before)
        plt.close(fig)
