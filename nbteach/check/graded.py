"""Graded homework checks: the notebook holds salted digests, never the answers.

A homework notebook released by the teacher (``python -m nbteach.assign``) registers its
exercises with :func:`register`. For each exercise it carries a random salt and, as its
feedback mode allows (below), the salted digests of the *canonical form* of every accepted
answer and of the diagnosed mistakes (with the mistake's hint); a check computes the
canonical form of the student's answer, digests it with the same salt and looks it up. The answer itself, and the code
that computes it, stay on the teacher's side (``nbteach.teacher``); the grade is decided
there too, by re-judging the recorded answer against the full reference.

Canonical forms and digests are the one engine's (``nbteach.check.compare``: :func:`forms`,
:func:`digest`), shared with the teacher's judge; a released exercise is the one exercise
class, :class:`nbteach.check.exercise.Exercise`, graded and on the student's side
(``Exercise.from_release``). A digest is PBKDF2-HMAC-SHA256 of the canonical form with the
exercise's salt (:data:`ITERATIONS` rounds): a check costs a few milliseconds, enumerating every
4-digit decimal in [0, 1) against one exercise costs a minute instead of a few
milliseconds. That is no protection against a student who searches offline: with the
digests of the accepted answer and of the answer rounded to 2..8 digits in the notebook,
a script finds an answer digit by digit in minutes, and a small fraction or one of a few
words by plain enumeration. So the feedback mode is chosen per assignment at assign time
(``data["feedback"]``, :data:`nbteach.teacher.homework.FEEDBACK_MODES`):

``practice``  the accepted and rounded digests are in the notebook: a check says correct or
              incorrect at once. For self-study; recoverable by an offline search.
``graded``    no digest of an accepted or rounded answer: a check validates the answer's form
              (type, shape, exact or decimal, parses), names a diagnosed mistake when the
              notebook carries its digests (only where they cannot single out the answer),
              and otherwise says "Recorded; graded by your teacher". The grader decides.
``none``      the form only, no mistakes, no hints (exams).

The attempt numbers a check shows (:func:`attempts`) are kept in the student's notebook and
in a file next to it: the student can edit both, so the grader reports them as recorded in
the notebook, never as a count it vouches for.

>>> forms("3/8", {"type": "exact"})
['q:3/8']
"""
from __future__ import annotations

import json
import re

from nbteach._base import NbteachError

from .compare import (ITERATIONS, RECORDED, _array_entries, _sig, digest, forms, judge_form,  # noqa: F401
                      judge_forms, reference_forms, rounded_forms)
from .exercise import Exercise
from .feedback import _ATTEMPTS, GradedResult, attempts  # noqa: F401 - the attempts a check counts
from ..i18n import tr

__all__ = ["forms", "reference_forms", "rounded_forms", "digest", "register", "attempts", "ITERATIONS",
           "graded_exercise", "RECORDED", "judge_form", "judge_forms", "GradedResult"]


# ---------------------------------------------------------------- the registry
_GRADED: dict = {}


def register(checks) -> dict:
    """Register the graded exercises a released notebook carries (JSON text or dict).

    Returns ``{exercise id: Exercise}`` (graded, the student's side); ``nbteach.check.exercise(id)``
    finds them.
    """
    data = json.loads(checks) if isinstance(checks, str) else checks
    if not isinstance(data, dict) or not isinstance(data.get("exercises"), list):
        raise NbteachError(tr({"en": "these homework checks are damaged: ask your teacher for the notebook again.",
                               "zh": "这些作业检查已损坏：请向老师重新索取这个笔记本。"}))
    out = {}
    feedback = data.get("feedback", "practice")
    for ex in data["exercises"]:
        q = Exercise.from_release(ex, str(data.get("assignment", "")), str(data.get("student", "")), feedback)
        _GRADED[q.id] = q
        out[q.id] = q
    return out


def graded_exercise(id: str):
    """The registered graded exercise ``id``; for a homework id not registered here, an
    exercise that says how to load its checks (and that its solution is the teacher's)."""
    if id in _GRADED:
        return _GRADED[id]
    if re.match(r"^hw\d\d\.", str(id)):
        return Exercise.from_release({"id": id, "prompt": {"en": id, "zh": id}})
    return None
