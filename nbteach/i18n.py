"""The language of nbteach's messages to students: English (default) or Chinese.

>>> import nbteach
>>> nbteach.set_language("zh")
>>> nbteach.get_language()
'zh'
>>> tr({"en": "correct", "zh": "正确"})
'正确'
>>> nbteach.set_language("en")

The starting language can also be set with the environment variable ``NBTEACH_LANG``
(``en`` or ``zh``), e.g. for a whole class on a JupyterHub.
"""
from __future__ import annotations

import os

from ._base import NbteachError

__all__ = ["LANGUAGES", "set_language", "get_language", "tr"]

#: Language code -> name, for the languages messages are written in.
LANGUAGES = {"en": "English", "zh": "中文 (Chinese)"}

_ALIASES = {"english": "en", "en-us": "en", "en-gb": "en", "chinese": "zh", "zh-cn": "zh",
            "zh-hans": "zh", "cn": "zh", "中文": "zh"}


def _normalise(lang) -> str:
    if not isinstance(lang, str):
        raise NbteachError(
            f"language must be a string, 'en' or 'zh', got {lang!r} of type {type(lang).__name__}."
        )
    code = lang.strip().lower()
    code = _ALIASES.get(code, code)
    if code not in LANGUAGES:
        raise NbteachError(
            f"unknown language {lang!r}: nbteach speaks {', '.join(map(repr, LANGUAGES))} "
            "(English, Chinese)."
        )
    return code


_env = os.environ.get("NBTEACH_LANG", "en")
_current = _ALIASES.get(_env.strip().lower(), _env.strip().lower())
if _current not in LANGUAGES:
    _current = "en"


def set_language(lang: str) -> None:
    """Set the language of hints, check messages and feedback: ``"en"`` or ``"zh"``.

    Parameters
    ----------
    lang : str
        ``"en"`` (English, the default) or ``"zh"`` (Chinese); ``"chinese"``,
        ``"zh-CN"`` and ``"english"`` are accepted too.

    Examples
    --------
    >>> set_language("zh-CN"); get_language()
    'zh'
    >>> set_language("en")
    """
    global _current
    _current = _normalise(lang)


def get_language() -> str:
    """The current language code, ``"en"`` or ``"zh"``."""
    return _current


def tr(text, lang: str | None = None, **fields) -> str:
    """Pick the current language from ``{"en": ..., "zh": ...}`` and fill ``{fields}``.

    A plain string is returned as it is (formatted if fields are given). A missing
    translation falls back to English.

    >>> tr({"en": "got {n} rows", "zh": "得到 {n} 行"}, lang="en", n=3)
    'got 3 rows'
    """
    code = _normalise(lang) if lang is not None else _current
    if isinstance(text, dict):
        text = text.get(code) or text.get("en") or next(iter(text.values()), "")
    text = str(text)
    return text.format(**fields) if fields else text
