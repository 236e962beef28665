"""What crosses into the grader's process, read by a parser of nbteach's own.

Every byte the grader gets from a submission or a sandbox is the student's to choose: the
answers a notebook recorded, what the notebook's runner reports, a function's outputs, the
judge's replies (computed from the student's data). This module is the one place the
grader reads them, as typed data: JSON text of a bounded size (the standard library's
parser, which builds only dicts, lists, strings and numbers, never evaluates), then every
field checked for its type and cut to size; anything else is refused, never guessed.
Nothing here, or anywhere in the grader's process, evaluates, unpickles or ``sympify``-s
what it reads: answers themselves are read only inside the sealed judge
(``nbteach.check.serial.decode``).

Every piece of text that reaches the teacher's terminal or a file the teacher opens passes
:func:`printable`: no control character (a terminal escape sequence, a carriage return), no
invisible format character (a right-to-left override), no more than its limit.

>>> printable("bob\\x1b[2J\\u202e,100\\r")
'bob[2J,100'
>>> records(b'{"id": "hw01.a", "lang": "zh", "answer": {"t": "int", "v": "0x3"}}\\nnot json\\n')
{'hw01.a': ({'t': 'int', 'v': '0x3'}, 'zh')}
"""
from __future__ import annotations

import json
import re
import unicodedata

from nbteach.check.functions import Outcome

__all__ = ["printable", "json_lines", "records", "run_status", "summary", "outcome", "lesson_verdict",
           "MAX_RECORD", "MAX_RECORD_LINE", "RUN_STATUSES"]

#: Bytes of a notebook's answer record read (the sandbox's disk holds no more).
MAX_RECORD = 64 * 2**20
#: Bytes of one recorded answer: a longer line is refused unread (an array of 200,000 floats is 2.2 MB).
MAX_RECORD_LINE = 4 * 2**20
#: How a notebook's run may have ended, as its runner reports it.
RUN_STATUSES = ("ok", "error", "timeout", "dead kernel", "unreadable")
_MAX_FORMS, _MAX_FORM = 64, 4 * 2**20
_ID = re.compile(r"^[A-Za-z0-9_]+\.[A-Za-z0-9_.]{1,100}$")


def printable(text, limit: int = 300, newlines: bool = False) -> str:
    """``text`` with every control and invisible format character removed (newlines kept if
    ``newlines``), at most ``limit`` characters: safe on a terminal and in a file."""
    if not isinstance(text, str):
        text = str(text)
    text = text[: limit * 4]
    keep = "\n\t" if newlines else ""
    out = "".join(c for c in text if c in keep or unicodedata.category(c) not in ("Cc", "Cf", "Cs", "Co", "Cn"))
    if not newlines:
        out = out.replace("\t", " ")
    return out[:limit]


def json_lines(data: bytes, limit: int, count: int | None = None) -> list:
    """The lines of ``data`` read as JSON objects (``None`` for a line that is not one, or is
    longer than ``limit`` bytes); at most ``count`` lines."""
    out = []
    for line in data.split(b"\n"):
        if count is not None and len(out) >= count:
            break
        if not line.strip():
            continue
        out.append(_object(line, limit))
    return out


def _object(line: bytes, limit: int):
    if len(line) > limit:
        return None
    try:
        value = json.loads(line.decode("utf-8"))
    except (ValueError, RecursionError, UnicodeDecodeError):
        return None
    return value if isinstance(value, dict) else None


def records(data: bytes) -> dict:
    """``{exercise id: (encoded answer, language)}`` from a notebook's answer record: the last
    answer of each id; a line too long, not JSON or not of the record's shape is skipped."""
    out = {}
    for rec in json_lines(data[:MAX_RECORD], MAX_RECORD_LINE):
        if rec is None or not isinstance(rec.get("id"), str) or not _ID.match(rec["id"]):
            continue
        if not isinstance(rec.get("answer"), dict):
            continue
        out[rec["id"]] = (rec["answer"], rec.get("lang") if rec.get("lang") in ("en", "zh") else "en")
    return out


def run_status(line: bytes) -> tuple:
    """``(status, detail)`` of a notebook's runner's report; ``("dead kernel", ...)`` when there is
    none (the runner was killed) or it is not one of :data:`RUN_STATUSES`."""
    report = _object(line, 64 * 1024) if line else None
    if report is None or report.get("status") not in RUN_STATUSES:
        return "dead kernel", "the notebook's runner ended without a report"
    return report["status"], printable(report.get("detail", ""), 300)


def summary(reply):
    """A judge's :func:`nbteach.check.compare.summarize` of a value answer, checked field by field
    (``{"blank", "type", "summary"}``), or None."""
    if not isinstance(reply, dict) or not isinstance(reply.get("blank"), bool):
        return None
    out = {"blank": reply["blank"], "type": printable(reply.get("type", "?"), 60), "summary": None}
    s = reply.get("summary")
    if s is None:
        return out
    if not isinstance(s, dict):
        return None
    forms = _forms(s.get("forms"))
    decimal, shape, rounded = s.get("decimal"), s.get("shape"), s.get("rounded")
    if forms is None or not isinstance(s.get("none"), bool) \
            or not (decimal is None or type(decimal) is int) \
            or not (shape is None or isinstance(shape, str) and len(shape) <= 200) \
            or not (rounded is None or isinstance(rounded, str) and len(rounded) <= 200):
        return None
    if not isinstance(s.get("label", False), bool):
        return None
    out["summary"] = {"none": s["none"], "forms": forms, "rounded": rounded, "decimal": decimal, "shape": shape,
                      "why": printable(s.get("why", ""), 1000), "text": printable(s.get("text", ""), 1000),
                      "label": s.get("label", False)}
    return out


def _forms(value):
    if not isinstance(value, list) or len(value) > _MAX_FORMS:
        return None
    if not all(isinstance(f, str) and len(f) <= _MAX_FORM for f in value):
        return None
    return list(value)


def outcome(reply):
    """One output of a student's function as the judge summarised it, as an
    :class:`nbteach.check.functions.Outcome` whose ``forms`` are the output's, or None."""
    if not isinstance(reply, dict):
        return None
    forms = _forms(reply.get("forms"))
    mutated = reply.get("mutated")
    if forms is None or not all(isinstance(reply.get(k), bool) for k in ("blank", "none", "timed_out")) \
            or not isinstance(mutated, list) or not all(isinstance(m, str) for m in mutated):
        return None
    error, shortcut = reply.get("error"), reply.get("shortcut")
    return Outcome(error=printable(error, 2000, newlines=True) if isinstance(error, str) and error else None,
                   timed_out=reply["timed_out"], mutated=[printable(m, 40) for m in mutated[:10]],
                   shortcut=printable(shortcut, 200) if isinstance(shortcut, str) and shortcut else None,
                   forms=frozenset(forms), blank=reply["blank"], none=reply["none"],
                   type_name=printable(reply.get("type", "?"), 60))


def lesson_verdict(reply, mistakes) -> tuple | None:
    """``(status, message, mistake)`` of a lesson's exercise as the judge gave it, if it has the
    verdict's shape: a status of a check, a mistake among the exercise's own ``mistakes`` (or
    None), a message of text; else None."""
    if not isinstance(reply, dict) or reply.get("status") not in ("correct", "incorrect", "not attempted"):
        return None
    mistake = reply.get("mistake")
    if not (mistake is None or mistake in mistakes) or not isinstance(reply.get("message"), str):
        return None
    return reply["status"], printable(reply["message"], 4000, newlines=True), mistake
