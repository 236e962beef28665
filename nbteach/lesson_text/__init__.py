"""The Chinese of what the lessons' code cells print and draw, for :func:`nbteach.i18n.say`.

A lesson's code cell is the same in both editions and writes its words in English:
``print(say("score of {c}: {v:.4f}", c=c, v=v))``, ``ax.set_title(say("..."))``. The English
text is the key; one module per lesson (``l03.py`` for lesson 03, ``hw.py`` for homework
notebooks) holds ``ZH = {English text: Chinese text}``, the Chinese with the same
``{fields}`` (same names and formats). Terms are the glossary's (:mod:`nbteach.glossary`).

``tests/test_lesson_say.py`` reads every lesson's ``say`` calls and fails, naming the cell, on
text without a Chinese entry, an entry whose fields differ from the English, or an entry no
lesson uses any more (the English changed: translate the new text). Imports nothing heavy.
"""
from __future__ import annotations

import importlib
import pkgutil

__all__ = ["translation", "catalogue"]

_LOADED: dict[str, dict[str, str]] = {}


def catalogue(lang: str = "zh") -> dict[str, str]:
    """``{English text: translation}`` of every lesson module, for ``lang`` (``"zh"``)."""
    if lang not in _LOADED:
        merged: dict[str, str] = {}
        for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
            module = importlib.import_module(f"{__name__}.{info.name}")
            merged.update(getattr(module, lang.upper(), {}))
        _LOADED[lang] = merged
    return _LOADED[lang]


def translation(text: str, lang: str) -> str | None:
    """The translation of ``text`` into ``lang``, or None when there is none."""
    return catalogue(lang).get(text)
