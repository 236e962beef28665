"""The language of nbteach's messages to students: English (default) or Chinese.

>>> import nbteach
>>> nbteach.set_language("zh")
>>> nbteach.get_language()
'zh'
>>> tr({"en": "correct", "zh": "正确"})
'正确'
>>> nbteach.set_language("en")

The starting language, when nbteach is imported, follows one rule (:func:`starting_language`):

1. ``NBTEACH_LANG`` (``en`` or ``zh``) if it is set in the environment, e.g. for a whole class
   on a JupyterHub, or by the grader for a student's kernel;
2. else ``zh`` when the kernel runs a notebook that lies under a folder named ``zh`` (the
   Chinese edition, ``notebooks/zh/03_smoothing.ipynb``, ``notebooks/zh/homework/...``) or that
   records ``zh`` in its metadata (a Chinese homework release);
3. else ``en``.

How the kernel knows its notebook, front end by front end:

- JupyterLab, Notebook, JupyterHub: jupyter_server starts every kernel of a notebook session
  with the notebook's path in the environment variable ``JPY_SESSION_NAME``
  (``SessionManager.get_kernel_env``), and ipykernel copies it into the namespace as
  ``__session__``; nbteach reads the first, then the second;
- VS Code: ``__vsc_ipynb_file__`` in the namespace;
- nbclient, nbconvert ``--execute``, papermill ``--cwd``, a CI job: no path at all, but the
  kernel runs in the notebook's folder, so a kernel with no path reads its working folder
  (:func:`_folder_language`): under a folder named ``zh``, or a folder whose notebooks all record
  ``zh``, speaks Chinese;
- Colab (no path, no folder): the Chinese edition's set-up line, ``nbteach.set_language("zh")``.

The code cells of the two editions are the same, so the language cannot come from the code: it
comes from where the notebook is. ``set_language`` changes it at any time (nothing nbteach shows
is translated before it is shown, so everything after the call speaks the new language);
``get_language`` says what it is.
"""
from __future__ import annotations

import json
import os
import re
import sys
import unicodedata
import warnings
from pathlib import Path, PurePath, PureWindowsPath

from . import _fonts, lesson_text
from ._base import NbteachError

__all__ = ["LANGUAGES", "set_language", "get_language", "starting_language", "tr", "say", "from_catalogue"]

#: Language code -> name, for the languages messages are written in.
LANGUAGES = {"en": "English", "zh": "中文 (Chinese)"}

_ALIASES = {"english": "en", "en-us": "en", "en-gb": "en", "chinese": "zh", "zh-cn": "zh",
            "zh-hans": "zh", "cn": "zh", "中文": "zh"}


def _normalise(lang) -> str:
    if not isinstance(lang, str):
        raise NbteachError(
            tr({"en": f"language must be a string, 'en' or 'zh', got {lang!r} of type {type(lang).__name__}.",
                "zh": f"语言必须是字符串 'en' 或 'zh'，你给的是 {type(lang).__name__} 类型的 {lang!r}。"})
        )
    code = lang.strip().lower()
    code = _ALIASES.get(code, code)
    if code not in LANGUAGES:
        raise NbteachError(
            tr({"en": f"unknown language {lang!r}: nbteach speaks {', '.join(map(repr, LANGUAGES))} "
                      "(English, Chinese).",
                "zh": f"未知的语言 {lang!r}：nbteach 使用 {', '.join(map(repr, LANGUAGES))}（英文、中文）。"})
        )
    return code


#: the folder name that marks a notebook of the Chinese edition
EDITION_FOLDERS = {"zh": "zh"}


def _session_path(environ) -> str:
    """The running notebook's path: ``JPY_SESSION_NAME`` (jupyter_server), else ipykernel's
    ``__session__`` in the user's namespace; '' outside a notebook kernel."""
    path = environ.get("JPY_SESSION_NAME", "")
    if path or environ is not os.environ:
        return path

    if "IPython" in sys.modules:           # never import IPython just to ask
        try:
            shell = sys.modules["IPython"].get_ipython()
            ns = shell.user_ns if shell is not None else {}
            # ipykernel's copy of JPY_SESSION_NAME; VS Code's notebook path
            path = ns.get("__session__") or ns.get("__vsc_ipynb_file__") or ""
        except Exception:                  # an odd shell: no path, the rule goes on
            path = ""
    return str(path)


def starting_language(environ=None) -> str:
    """The language nbteach starts in: ``NBTEACH_LANG`` if set, else ``"zh"`` when the kernel
    runs a notebook under a folder named ``zh`` (its path from ``JPY_SESSION_NAME``) or a notebook
    that records ``"zh"`` in its metadata (``metadata.nbteach.lang``: a Chinese homework release),
    or, in a kernel that is given no path (nbclient, nbconvert, papermill), when its working
    folder says so (:func:`_folder_language`); else ``"en"``.

    ``environ`` is a mapping like ``os.environ`` (the default).

    >>> starting_language({"JPY_SESSION_NAME": "/home/me/nbteach/notebooks/zh/03_smoothing.ipynb"})
    'zh'
    >>> starting_language({"JPY_SESSION_NAME": "/home/me/nbteach/notebooks/03_smoothing.ipynb"})
    'en'
    >>> starting_language({"NBTEACH_LANG": "en", "JPY_SESSION_NAME": "notebooks/zh/03_smoothing.ipynb"})
    'en'
    """
    environ = os.environ if environ is None else environ
    wanted = environ.get("NBTEACH_LANG", "")
    if wanted.strip():
        try:
            return _normalise(wanted)
        except NbteachError:
            # the language is what is being decided: the warning says it in both
            text = {"en": f"NBTEACH_LANG={wanted!r} is not a language nbteach speaks; set it to 'en' or "
                          "'zh' (or unset it). Going on by the notebook's folder.",
                    "zh": f"NBTEACH_LANG={wanted!r} 不是 nbteach 使用的语言；请设为 'en' 或 'zh'（或取消设置）。"
                          "现在按笔记本所在的文件夹决定语言。"}
            warnings.warn(" / ".join(tr(text, lang=code) for code in LANGUAGES), stacklevel=2)
    path = _session_path(environ)
    if path:
        pure = PureWindowsPath(path) if "\\" in path else PurePath(path)
        for folder in pure.parts[:-1]:
            if folder in EDITION_FOLDERS:
                return EDITION_FOLDERS[folder]
        recorded = _notebook_language(pure)
        if recorded:
            return recorded
    elif environ is os.environ and _in_kernel():
        return _folder_language(Path.cwd()) or "en"
    return "en"


def _in_kernel() -> bool:
    """True in a Jupyter kernel (an IPython shell with a kernel behind it: nbclient, nbconvert,
    papermill, any front end), never in a script or a test run; IPython is not imported for it."""
    ipython = sys.modules.get("IPython")
    try:
        shell = ipython.get_ipython() if ipython is not None else None
    except Exception:                      # an odd shell: not a kernel we know
        return False
    return shell is not None and getattr(shell, "kernel", None) is not None


def _folder_language(folder) -> str | None:
    """The language of a kernel that knows its folder but not its notebook (nbclient, nbconvert and
    papermill start the kernel in the notebook's folder): ``zh`` under a folder named ``zh``, else
    the language that every notebook of the folder recording one records (a homework release
    folder), else None.

    >>> import tempfile
    >>> _folder_language(PurePath("/home/me/nbteach/notebooks/zh/homework"))
    'zh'
    >>> _folder_language(Path(tempfile.mkdtemp())) is None
    True
    """
    for part in PurePath(folder).parts:
        if part in EDITION_FOLDERS:
            return EDITION_FOLDERS[part]
    try:
        notebooks = sorted(Path(folder).glob("*.ipynb"))[:50]
    except OSError:
        return None
    recorded = {lang for lang in map(_notebook_language, notebooks) if lang}
    return recorded.pop() if len(recorded) == 1 else None


def _notebook_language(pure) -> str | None:
    """The language a notebook records for itself (``metadata.nbteach.lang``, as a Chinese
    homework release does, or ``edition``, as the Chinese lessons do), read from the file: a
    Chinese notebook copied out of ``zh/`` (a download, a teacher's release folder) still speaks
    Chinese. jupyter_server gives the path relative to its root, and starts the kernel in the
    notebook's folder, so the file is looked for there too. None if unreadable or not recorded."""
    for candidate in (Path(pure), Path.cwd() / pure.name):
        try:
            if candidate.suffix != ".ipynb" or not candidate.is_file() or candidate.stat().st_size > 50 * 2**20:
                continue
            meta = json.loads(candidate.read_text(encoding="utf-8")).get("metadata", {}).get("nbteach", {})
            lang = meta.get("lang") or meta.get("edition") if isinstance(meta, dict) else None
            return _normalise(lang) if isinstance(lang, str) and lang else None
        except (OSError, ValueError, NbteachError, AttributeError):
            continue
    return None


_current = "en"     # until the starting language is read, once tr() is defined (at the end of this module)


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


def say(text: str, /, **fields) -> str:
    """A lesson's own words (what a code cell prints, a plot's title and axes) in the student's
    language, with ``{fields}`` filled as ``str.format`` fills them.

    The two editions share their code cells, so a lesson writes its words once, in English,
    and the English text is the key: :mod:`nbteach.lesson_text` holds, per lesson, the Chinese
    for each of them (``tests/test_lesson_say.py`` fails on a ``say`` whose text has no
    Chinese, a translation whose ``{fields}`` differ, or a translation no lesson uses). Text
    without a translation is shown in English.

    >>> say("score of {c}: {v:.3f}", lang="en", c="flu", v=0.0125)
    'score of flu: 0.013'
    """
    lang = fields.pop("lang", None)
    code = _normalise(lang) if lang is not None else _current
    if not isinstance(text, str):
        raise NbteachError(tr({"en": f"say() takes the lesson's English text as a string, got {type(text).__name__}.",
                               "zh": f"say() 接受课程的英文文本（一个字符串），你给的是 {type(text).__name__}。"}))
    if code != "en" and (translated := lesson_text.translation(text, code)) is not None:
        text = translated
        _fonts.use_cjk_in_open_figures(code)  # a plot title in Chinese: glyphs, not boxes
    try:
        return text.format(**fields) if fields else text
    except (KeyError, IndexError) as error:
        raise NbteachError(tr({"en": f"say({text!r}) needs a value for the field {error}: pass it as "
                                     f"say(..., {str(error).strip(chr(39))}=...).",
                               "zh": f"say({text!r}) 需要字段 {error} 的值：请写成 say(..., {str(error).strip(chr(39))}=...)。"})) from None


def from_catalogue(text: str, exact: dict, patterns=(), group=None):
    """The translation of ``text`` in a catalogue of the library's words: ``exact[text]``, else
    the first ``(compiled pattern, template)`` of ``patterns`` that matches all of ``text``, its
    template filled with the groups (each passed through ``group`` when given, to translate the
    words inside); None when nothing matches. The one lookup behind the table labels
    (:mod:`nbteach._shown`) and the derivations' texts (:mod:`nbteach.derivations._zh`).

    >>> import re
    >>> from_catalogue("P(Rain | evidence)", {}, [(re.compile(r"P\\((.+) \\| evidence\\)"), "P({0} | 证据)")])
    'P(Rain | 证据)'
    """
    if text in exact:
        return exact[text]
    for pattern, template in patterns:
        m = pattern.fullmatch(text)
        if m:
            return template.format(*(group(g) if group else g for g in m.groups()))
    return None


#: how many columns a printed message takes at most (a CJK character takes two)
WIDTH = 80

# a piece that never breaks (a line may break between two pieces):
# - a run of non-space characters that are not CJK: an English word, a number, a name such as
#   P(Flu|x) or 0.05;
# - a run of CJK characters up to its punctuation: a Chinese clause, broken, as CSS's
#   ``word-break: keep-all`` breaks it, at punctuation, at spaces and where it meets a Latin word,
#   never between two characters of a word ("单元格"); a clause longer than a line is the one case
#   broken between characters (:func:`wrap`);
# each with the opening brackets and quotes that must not end a line before it (（「『《〈“‘) and
# the punctuation that must not start a line after it (，。：；、！？）」』》〉…”’); or a run of spaces.
_CLOSING = "，。：；、！？）」』》〉…”’"
_OPENING = "（「『《〈“‘"
_CJK = "\u2e80-\u9fff\u3000-\u303f\uff00-\uffef"
_PIECE = re.compile(rf"[{_OPENING}]*[^\s{_CJK}{_OPENING}{_CLOSING}]+[{_CLOSING}]*"
                    rf"|[{_OPENING}]*(?:[{_CJK}](?<![{_CLOSING}{_OPENING}]))+[{_CLOSING},.:;!?)]*"
                    rf"|[{_OPENING}]+[{_CLOSING}]*|[{_CLOSING}]+"
                    r"|\s+")
_CJK_CHAR = re.compile(rf"[{_OPENING}]*[^{_CLOSING}][{_CLOSING},.:;!?)]*|[{_CLOSING}]+")


def _columns(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def wrap(text, width: int = WIDTH) -> str:
    """``text`` with every line folded to at most ``width`` columns on word boundaries.

    English breaks at spaces; Chinese as CSS's ``word-break: keep-all`` breaks it: after its
    punctuation, at spaces and where it meets an English word or a number, never inside a word
    ("单元\\n格"), never before closing punctuation (，。：）...) nor after an opening bracket (（「“...).
    A Chinese clause longer than a whole line is the one thing broken between two characters; an
    English word longer than a line stays whole on its own line. Existing line breaks and a line's
    leading spaces are kept. (A notebook shows plain text with ``word-break: break-all``: a line
    longer than the output area is cut anywhere, "Fractio" / "n.", so nbteach folds its own lines.)

    >>> print(wrap("Answer with a Fraction: P(Flu | Cough = yes), exactly.", width=24))
    Answer with a Fraction:
    P(Flu | Cough = yes),
    exactly.
    >>> print(wrap("用 Fraction 作答：先验概率 P(Flu) 是 0.6，请重新运行这个单元格。", width=24))
    用 Fraction 作答：
    先验概率 P(Flu) 是 0.6，
    请重新运行这个单元格。
    """
    out = []
    for line in str(text).split("\n"):
        indent = line[:len(line) - len(line.lstrip(" "))]
        pieces = []
        for piece in _PIECE.findall(line[len(indent):]):   # a clause longer than a line: characters
            if (_columns(piece) > width - _columns(indent) and re.search("[\u2e80-\u2fff\u3040-\u9fff]", piece)
                    and not re.search("[A-Za-z0-9]", piece)):
                pieces += _CJK_CHAR.findall(piece)
            else:
                pieces.append(piece)
        current, used = indent, _columns(indent)
        for piece in pieces:
            size = _columns(piece)
            if piece.isspace():
                if used + size <= width:
                    current, used = current + piece, used + size
                else:                                   # the space becomes the break
                    out.append(current.rstrip())
                    current, used = indent, _columns(indent)
                continue
            if used + size > width and current.strip():
                out.append(current.rstrip())
                current, used = indent, _columns(indent)
            current, used = current + piece, used + size
        out.append(current.rstrip())
    return "\n".join(out)


#: the starting language (:func:`starting_language`), read once every function it may call is defined
_current = starting_language()
