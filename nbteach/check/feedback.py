"""What a check gives back: the blank ``____``, the three outcomes, a :class:`Result`,
a :class:`Message` block, the next hint, and for graded homework the attempt a check was
(:class:`GradedResult`, :func:`attempts`).

Every other module of ``nbteach.check`` builds on this one, and it imports none of them
but ``messages`` (the catalogue of sentences), so that the exercise registry (``core``),
function checks (``functions``), graded homework (``graded``) and answer serialisation
(``serial``) share these types without importing each other in a loop.
"""
from __future__ import annotations

import html
import re
import json
import os
import threading
from dataclasses import dataclass

from nbteach.i18n import tr, wrap

from .messages import phrase

__all__ = ["____", "NOT_ATTEMPTED", "INCORRECT", "CORRECT", "Message", "Result", "next_hint",
           "GradedResult", "attempts"]

NOT_ATTEMPTED, INCORRECT, CORRECT = "not attempted", "incorrect", "correct"


class _Placeholder:
    """The blank ``____`` a student replaces with an answer."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self):
        return "____"

    def __call__(self, *args, **kwargs):  # a placeholder inside a function body
        return self

    def __reduce__(self):
        return (_Placeholder, ())


#: Put this where the answer goes; checking it reports "not attempted".
____ = _Placeholder()

_COLOURS = {CORRECT: ("#e6f4ea", "#1e7d32"), INCORRECT: ("#fdecea", "#b3261e"),
            NOT_ATTEMPTED: ("#eef2fb", "#3559a8"), "hint": ("#fff8e1", "#8a6d00"),
            "solution": ("#f3f3f3", "#444444"), "question": ("#f7f7fb", "#6b5ca5")}


class Message:
    """Text shown as a coloured block in a notebook and as plain text elsewhere."""

    def __init__(self, text: str, kind: str = "hint", title: str = ""):
        self.text, self.kind, self.title = text, kind, title

    def __str__(self):
        # folded on word boundaries: a notebook cuts a long plain-text line anywhere ("Fractio" / "n.");
        # a solution is code, whose lines are kept as written
        text = self.text if self.kind == "solution" else wrap(self.text)
        return f"{wrap(self.title)}\n{text}" if self.title else text

    __repr__ = __str__

    def _repr_html_(self):
        bg, fg = _COLOURS.get(self.kind, _COLOURS["hint"])
        # a `name` in a prompt or hint is code, as in the lesson's markdown: shown as code, not as backticks
        body = re.sub(r"`([^`\n]+)`", r"<code>\1</code>", html.escape(self.text)).replace("\n", "<br>")
        if self.kind == "solution":
            # JupyterLab styles an output's <pre> with word-break: break-all: wrap between words
            body = (f"<pre style='margin:0;white-space:pre-wrap;word-break:normal;overflow-wrap:break-word'>"
                    f"{html.escape(self.text)}</pre>")
        title = f"<b>{html.escape(self.title)}</b><br>" if self.title else ""
        return (f"<div style='background:{bg};border-left:5px solid {fg};color:#222;"
                f"padding:6px 10px;margin:4px 0;font-family:sans-serif'>{title}{body}</div>")


@dataclass
class Result:
    """What ``check`` found. ``correct`` is True only for a verified right answer."""

    exercise_id: str
    status: str
    message: str
    mistake: str | None = None

    @property
    def correct(self) -> bool:
        return self.status == CORRECT

    def __bool__(self):
        return self.correct

    def __str__(self):
        return wrap(f"[{self.exercise_id}] {self.message}")

    def __repr__(self):
        return str(self)

    def _repr_html_(self):
        return Message(self.message, self.status, f"{self.exercise_id}")._repr_html_()


def next_hint(ex) -> Message:
    """The next of ``ex.hints`` (counting calls in ``ex._hint_count``); shared by lesson
    exercises and graded homework checks."""
    if not ex.hints:
        return Message(phrase("no_more_hints"), "hint")
    i = min(ex._hint_count, len(ex.hints) - 1)
    ex._hint_count += 1
    text = tr(ex.hints[i])
    if i == len(ex.hints) - 1:
        text += "\n" + phrase("no_more_hints")
    return Message(text, "hint", phrase("hint_header", i=i + 1, n=len(ex.hints)))


# ---------------------------------------------------------------- attempts
_ATTEMPTS: dict = {}
_ATTEMPT_LOCK = threading.Lock()
_ATTEMPT_FILE = ".nbteach-attempts.json"
_MAX_ATTEMPTS = 10**6


def _attempt_file() -> str:
    """Where attempts are kept across kernel restarts: ``NBTEACH_ATTEMPTS`` or a file in the
    working folder (the notebook's)."""
    return os.environ.get("NBTEACH_ATTEMPTS") or _ATTEMPT_FILE


def _next_attempt(key: str, exercise_id: str) -> int:
    """Count one more check of ``exercise_id``; kept in the kernel and in a small file next to
    the notebook, so that restarting the kernel does not reset it."""
    with _ATTEMPT_LOCK:
        stored = {}
        try:
            with open(_attempt_file(), encoding="utf-8") as fh:
                stored = json.load(fh)
        except Exception:  # noqa: BLE001 - no file yet, or not readable
            stored = {}
        mine = stored.get(key) if isinstance(stored.get(key), dict) else {}
        seen = mine.get(exercise_id) if isinstance(mine.get(exercise_id), int) else 0
        n = max(_ATTEMPTS.get((key, exercise_id), 0), seen) + 1
        _ATTEMPTS[(key, exercise_id)] = n
        mine[exercise_id] = n
        stored[key] = mine
        if os.environ.get("NBTEACH_RECORD"):  # run by the grader: the submitted file's counts stand
            return n
        try:
            with open(_attempt_file(), "w", encoding="utf-8") as fh:
                json.dump(stored, fh)
        except Exception:  # noqa: BLE001 - a read-only folder: the kernel's count is kept
            pass
        return n


def attempts(notebook: dict) -> dict:
    """``{exercise id: attempts}``: the largest attempt number a check output in the notebook shows.

    Read from the outputs' metadata ``{"nbteach": {"exercise": id, "attempt": n}}``: as recorded
    in the notebook, which the student can edit (a number above a million is no count and is
    ignored). The grader reports them as such, never as a count it vouches for.

    >>> attempts({"cells": [{"cell_type": "code", "outputs": [
    ...     {"output_type": "execute_result", "metadata": {"nbteach": {"exercise": "hw01.a", "attempt": 3}}}]}]})
    {'hw01.a': 3}
    """
    out: dict = {}
    cells = notebook.get("cells", []) if isinstance(notebook, dict) else []
    for cell in cells if isinstance(cells, list) else []:
        if not isinstance(cell, dict):
            continue
        for o in cell.get("outputs", []) or []:
            meta = o.get("metadata", {}) if isinstance(o, dict) else {}
            info = meta.get("nbteach") if isinstance(meta, dict) else None
            if not isinstance(info, dict):
                continue
            ex, n = info.get("exercise"), info.get("attempt")
            if isinstance(ex, str) and isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= _MAX_ATTEMPTS:
                out[ex] = max(out.get(ex, 0), n)
    return out


class GradedResult(Result):
    """A check result that records, in the notebook, which attempt it was."""

    def __init__(self, exercise_id, status, message, mistake=None, attempt=0):
        super().__init__(exercise_id, status, message, mistake)
        self.attempt = attempt

    def _repr_mimebundle_(self, include=None, exclude=None):
        data = {"text/plain": str(self), "text/html": self._repr_html_()}
        return data, {"nbteach": {"exercise": self.exercise_id, "attempt": self.attempt}}
