"""One exercise model: a lesson's exercise and a graded homework's are one class, :class:`Exercise`.

An exercise has a ``visibility``:

``"open"`` (a lesson's, built by :func:`nbteach.check.define`)
    prompt, progressive hints, a worked solution and the reference answer, all in the
    student's process; ``check`` judges there, by equivalence
    (:func:`nbteach.check.compare.compare`).
``"graded"`` (a homework's, built by :func:`nbteach.teacher.homework.graded`)
    on the teacher's side the same fields (the variant's reference answer, its diagnosed
    mistakes, hints, solution) plus the answer's type ``spec``; on the student's side only
    what :meth:`Exercise.student_side` releases (prompt, hints unless an exam, a salt and
    salted digests of canonical forms, or none), read back by :meth:`Exercise.from_release`:
    never the answer, the solution or code that computes it. A student-side check compares
    digests; the grade is decided on the teacher's side (``nbteach.teacher.judge``), on the
    same canonical forms (:func:`nbteach.check.compare.forms`).

Both are judged by the one engine of ``nbteach.check.compare`` and speak through the one
catalogue (``nbteach.check.messages``); a diagnosed mistake has one format, :class:`Mistake`.

>>> from fractions import Fraction
>>> hint = {"en": "Add alpha.", "zh": "加上 alpha。"}
>>> lesson = Exercise("99.a", {"en": "?"}, lambda: Fraction(1, 2),
...                   [Mistake("no_alpha", lambda: Fraction(1, 3), hint)])
>>> homework = Exercise("hw99.a", {"en": "?"}, Fraction(1, 2),
...                     [Mistake.computed("no_alpha", Fraction(1, 3), hint)],
...                     visibility="graded", spec={"type": "exact"})
>>> lesson.check("1/3").mistake, homework.check("1/3").mistake
('no_alpha', 'no_alpha')
>>> released = Exercise.from_release(homework.student_side("00" * 16, "practice"))
>>> released.check("1/2").correct, released.answer
(True, None)
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from nbteach._base import NbteachError
from nbteach.i18n import tr, wrap

from .compare import (RECORDED, _array_entries, _type_name, compare, digest, forms,
                      is_placeholder_like, judge_equivalence, judge_form, judge_forms, reference_forms,
                      rounded_forms)
from .feedback import (CORRECT, INCORRECT, NOT_ATTEMPTED, GradedResult, Message, Result, ____,
                       _next_attempt, next_hint)
from .functions import check_function, describe_call, function_verdict, run_calls
from .messages import kind_name, phrase, sep
from .serial import decode, encode, record_answer

__all__ = ["Mistake", "Exercise", "OPEN", "GRADED", "VISIBILITIES", "FEEDBACK_MODES"]

OPEN, GRADED = "open", "graded"
#: Who sees what of an exercise (see the module docstring).
VISIBILITIES = (OPEN, GRADED)

#: What a released graded exercise's check tells the student, chosen per assignment:
#: ``practice`` (digests of the accepted answers: correct / incorrect at once), ``graded`` (no
#: digest of an accepted answer: the form, named mistakes where they cannot single out the
#: answer, "recorded"), ``none`` (the form only, no hints: exams).
FEEDBACK_MODES = ("practice", "graded", "none")


@dataclass
class Mistake:
    """A common wrong answer, produced by the library with the mistake applied.

    The one format of a diagnosed mistake, for a lesson's exercise (:func:`define`) and a
    homework's (``nbteach.teacher.homework.graded``).

    Parameters
    ----------
    name : str
        A short stable name, e.g. ``"no_smoothing"``.
    answer : callable
        Zero-argument callable returning the wrong answer (for a function exercise:
        returning the wrong *function*), computed with nbteach's own functions.
        :meth:`Mistake.computed` makes one from a value computed already (a homework
        variant's).
    hint : dict
        ``{"en": ..., "zh": ...}``: what to look at, without giving the answer.

    Examples
    --------
    >>> from fractions import Fraction
    >>> m = Mistake.computed("no_smoothing", Fraction(1, 3), {"en": "Add alpha.", "zh": "加上 alpha。"})
    >>> m.value()
    Fraction(1, 3)
    >>> name, wrong, hint = m          # read as the (name, wrong answer, hint) triple
    >>> name, wrong
    ('no_smoothing', Fraction(1, 3))
    """

    name: str
    answer: object
    hint: dict
    credit: float = 0.0   # graded homework: the share of the exercise's points this near miss earns

    def value(self):
        return self.answer()

    @classmethod
    def computed(cls, name: str, value, hint, credit: float = 0.0) -> "Mistake":
        """The mistake whose wrong answer (or, for a function exercise, wrong function) is ``value``."""
        return cls(name, lambda: value, hint, credit)

    @classmethod
    def of(cls, mistake, exercise_id: str = "") -> "Mistake":
        """``mistake`` as a :class:`Mistake`: itself, or a ``(name, wrong answer, hint)`` triple
        (how homework sources wrote mistakes before there was one format)."""
        if isinstance(mistake, Mistake):
            return mistake
        if isinstance(mistake, (tuple, list)) and len(mistake) in (3, 4) and isinstance(mistake[0], str):
            if len(mistake) == 4 and not (isinstance(mistake[3], (int, float)) and 0 <= mistake[3] < 1):
                raise NbteachError(f"exercise {exercise_id}: a mistake's credit (its 4th item) is the share of the "
                                   f"points it earns, a number in [0, 1), got {mistake[3]!r}.")
            return cls.computed(*mistake)
        raise NbteachError(f"exercise {exercise_id}: a mistake must be Mistake(name, answer, hint) or a "
                           f"(name, wrong answer, hint[, credit]) tuple, got {mistake!r:.80}.")

    def __iter__(self):
        return iter((self.name, self.value(), self.hint))

    def __getitem__(self, i):
        return tuple(self)[i]


class _Shows:
    """A solution's text that also shows itself: ``q.solution()`` is the block a student reads,
    ``q.solution`` the text (a string, or ``{"en", "zh"}``) a test or a teacher reads."""

    def __call__(self) -> Message:
        return self._owner._solution_message()


class SolutionText(_Shows, str):
    def __new__(cls, text, owner):
        obj = str.__new__(cls, text)
        obj._owner = owner
        return obj


class SolutionDict(_Shows, dict):
    def __init__(self, text, owner):
        dict.__init__(self, text)
        self._owner = owner


@dataclass
class Exercise:
    """One exercise, open (a lesson's) or graded (a homework's): see the module docstring.

    Build an open one with :func:`nbteach.check.define`, a graded one with
    ``nbteach.teacher.homework.graded`` (its student side with :meth:`from_release`).

    ``answer`` is what the author gave: for an open exercise a zero-argument callable asking
    the library, evaluated on first use (a lesson module stays cheap to import); for a graded
    one the variant's value, computed when the variant was built (for ``kind="function"``,
    the reference function); on a graded exercise's student side, None.
    """

    id: str
    prompt: dict
    answer: object
    mistakes: list = field(default_factory=list)
    hints: list = field(default_factory=list)
    solution_text: object = ""
    kind: str = "value"
    rtol: float = 1e-9
    atol: float = 1e-12
    exact: bool | None = None
    symbols: object = None
    inputs: object = None
    time_budget: float = 2.0
    _hint_count: int = 0
    leak_check: str | None = None  # why a text search for the answer cannot apply (short answers)
    visibility: str = OPEN
    spec: dict | None = None       # graded: the answer's type for canonical forms, {"type", "digits"}
    public: list = field(default_factory=list)   # graded function: [(args, kwargs)] shown in the notebook
    hidden: object = None                        # graded function: hidden(rng) -> [(args, kwargs)], grading only
    released: dict | None = None   # graded, student side: what the notebook carries (salt, digests ...)
    points: float = 1              # graded: what the exercise is worth (a diagnosed mistake may earn a share)
    forbidden: tuple = ()          # build-it: dotted library names switched off while a function is checked
    shortcut: object = None        # build-it: the one-line answer through them (a function), for the tests

    def __post_init__(self):
        if self.visibility not in VISIBILITIES:
            raise NbteachError(f"exercise {self.id}: visibility must be 'open' or 'graded', "
                               f"got {self.visibility!r}.")
        if self.visibility == OPEN and self.released is not None:
            raise NbteachError(f"exercise {self.id}: only a graded exercise is released as digests.")

    # -- who holds what ------------------------------------------------------------------
    @property
    def is_student_side(self) -> bool:
        """True for a graded exercise as a released notebook holds it (digests, no answer)."""
        return self.visibility == GRADED and self.released is not None

    @property
    def feedback(self) -> str:
        """The feedback mode of a released graded exercise (``practice`` otherwise)."""
        return (self.released or {}).get("feedback", "practice")

    @property
    def loaded(self) -> bool:
        """False for a graded exercise whose notebook's checks were not registered."""
        return not self.is_student_side or bool(self.released.get("salt"))

    @property
    def solution(self):
        """The worked solution: call it for the block a student reads (``q.solution()``)."""
        text = self.solution_text
        return SolutionDict(text, self) if isinstance(text, dict) else SolutionText(text or "", self)

    # -- the reference, evaluated on first use ------------------------------------------
    def reference(self):
        if self.is_student_side:
            raise NbteachError(phrase("released"))  # graded homework: not in the student's notebook
        if self.visibility == GRADED:
            return self.answer
        if not hasattr(self, "_reference"):
            self._reference = self.answer()
        return self._reference

    def mistake_values(self):
        """``[(Mistake, wrong answer), ...]``; a mistake whose value fails to compute is left out."""
        if not hasattr(self, "_mistake_values"):
            values = []
            for m in self.mistakes:
                try:
                    values.append((m, m.value()))
                except Exception:  # noqa: BLE001 - the tests report it; the check goes on
                    continue
            self._mistake_values = values
        return self._mistake_values

    def _symbols(self):
        s = self.symbols() if callable(self.symbols) else self.symbols
        return s

    def _compare(self, got, expected):
        # One exact-answer policy (lesson 00): a value exercise whose answer is exact wants it
        # exactly, so a float is never accepted for it (exact=False opts out); a function
        # exercise compares what the function returns, floats included.
        exact = self.exact
        if exact is None and self.kind == "value":
            exact = True
        return compare(got, expected, rtol=self.rtol, atol=self.atol, exact=exact,
                       symbols=self._symbols())

    # -- student API -------------------------------------------------------------------
    def check(self, answer=____, *, _record: bool = True) -> Result:
        """Check a student's answer; never raises.

        Parameters
        ----------
        answer : object
            The answer (a number, a string such as ``"3/8"``, an array, a table, a sympy
            expression, or a function for a function exercise). Left out, or left as the
            placeholder ``____``, it is "not attempted".

        Returns
        -------
        Result
            ``.correct``, ``.status`` ("not attempted", "incorrect", "correct"; a graded
            exercise's student side may say "recorded"), ``.message`` (what went wrong,
            never the expected value) and ``.mistake`` (the name of the diagnosed mistake,
            if any). A graded exercise's student side counts the attempt (``.attempt``).

        Examples
        --------
        >>> from nbteach.check import exercise
        >>> q = exercise("03.lidstone_sore_no")
        >>> q.check("4/13").mistake
        'alpha_not_times_M'
        >>> q.check(____).status
        'not attempted'
        """
        if _record:
            record_answer(self.id, answer)
        if self.is_student_side:
            return self._check_released(answer)
        try:
            return self._check(answer)
        except BaseException as exc:  # noqa: BLE001 - a check must never raise
            if isinstance(exc, KeyboardInterrupt):
                raise
            return Result(self.id, INCORRECT, phrase("internal", error=type(exc).__name__))

    def _check(self, answer) -> Result:
        if is_placeholder_like(answer):
            return Result(self.id, NOT_ATTEMPTED, phrase("not attempted"))
        if self.visibility == GRADED:   # the teacher's side: the forms the judge compares
            status, message, mistake = self._judge_forms(answer, self.forms_view(), set)
            return Result(self.id, status, message, mistake)
        if self.kind == "function":
            return check_function(self, answer)
        return self.judge_value(answer)

    def judge_value(self, answer) -> Result:
        """An open value exercise's verdict on ``answer`` (equivalence, then the mistakes)."""
        status, message, mistake = judge_equivalence(
            answer, self.reference(), self._compare,
            lambda: [(m.name, m.hint, wrong) for m, wrong in self.mistake_values()], bool(self.hints))
        return Result(self.id, status, message, mistake)

    def hint(self) -> Message:
        """The next hint: the first call gives a nudge, later calls say more."""
        if self.is_student_side and not self.hints and self.feedback == "none":
            return Message(phrase("no_hints"), "hint", phrase("hint_header", i=0, n=0))
        return next_hint(self)

    def _solution_message(self) -> Message:
        if self.is_student_side:
            return Message(phrase("released"), "solution", phrase("solution_header"))
        return Message(tr(self.solution_text), "solution", phrase("solution_header"))

    def __repr__(self):
        return wrap(f"Exercise({self.id!r}: {tr(self.prompt)})")

    def _repr_html_(self):
        return Message(tr(self.prompt), "question", self.id)._repr_html_()

    # -- graded: what the student's notebook carries ----------------------------------
    def student_side(self, salt, feedback: str = "practice") -> dict:
        """What a released notebook carries of this graded exercise (JSON-serialisable):
        prompt, hints (none in an exam), the salt and salted digests of canonical forms as
        ``feedback`` (:data:`FEEDBACK_MODES`) allows; never the answer, the solution or the
        mistakes' values. ``salt=None`` gives the canonical forms themselves instead of digests
        (the teacher's side: :meth:`forms_view`).

        ``practice`` carries digests of the accepted answers and of the answer rounded
        (2..8 digits), so a check says correct or incorrect at once; ``graded`` carries
        neither, and a mistake's digests only where they cannot single out the answer (never
        for a text answer, whose few possible values a student could eliminate; a function
        mistake only if none of its outputs on the public cases is a reference output of any
        case); ``none`` carries no digest and no hint.
        """
        if self.visibility != GRADED or self.is_student_side:
            raise NbteachError(f"exercise {self.id}: only a graded exercise on the teacher's side is released.")
        if feedback not in FEEDBACK_MODES:
            raise NbteachError(f"--feedback must be one of {', '.join(FEEDBACK_MODES)}, got {feedback!r}.")
        mode, spec = feedback, self.spec

        def d(fs):
            return sorted({digest(salt, f) for f in fs}) if salt is not None else sorted(set(fs))

        item = {"id": self.id, "prompt": self.prompt, "kind": self.kind, "spec": spec, "salt": salt,
                "hints": self.hints if mode != "none" else [], "time_budget": self.time_budget}
        if self.forbidden:
            item["forbidden"] = list(self.forbidden)
        if self.kind == "function":
            cases = []
            refs = [set(reference_forms(_call(self.answer, a, k), spec)) for a, k in self.public]
            every_ref = set().union(*refs)   # one salt for all cases: no case may confirm another's
            shown = [m for m in self.mistakes if mode == "practice" or (
                mode == "graded" and spec["type"] != "text"
                and all(not set(_safe_forms(m[1], a, k, spec)) & every_ref for a, k in self.public))]
            for (args, kwargs), ref in zip(self.public, refs):
                case = {"input": encode([list(args), kwargs])}
                if mode == "practice":
                    case["accepted"] = d(ref)
                case["mistakes"] = [{"name": n, "hint": h, "digests": d(_safe_forms(f, args, kwargs, spec))}
                                    for n, f, h in shown]
                cases.append(case)
            item["cases"] = cases
            return item
        ref = set(reference_forms(self.answer, spec))
        if mode == "practice":
            item["accepted"] = d(ref)
            item["rounded"] = d(rounded_forms(self.answer, spec))
            shown = self.mistakes
        else:
            shown = [m for m in self.mistakes if mode == "graded" and spec["type"] != "text"
                     and not set(_forms_or_empty(m[1], spec)) & ref]
        item["mistakes"] = [{"name": n, "hint": h, "digests": d(_forms_or_empty(v, spec))}
                            for n, v, h in shown]
        if spec["type"] == "array":
            item["spec"] = dict(spec, shape=(_array_entries(self.answer) or ("",))[0])
        return item

    def forms_view(self) -> dict:
        """:meth:`student_side` in ``practice`` with the canonical forms in place of digests:
        what the teacher's side compares an answer with (computed once)."""
        if not hasattr(self, "_forms_view"):
            self._forms_view = self.student_side(None, "practice")
        return self._forms_view

    @classmethod
    def from_release(cls, data: dict, assignment: str = "", student: str = "",
                     feedback: str = "practice") -> "Exercise":
        """The student's side of a graded exercise, from what its notebook carries
        (:meth:`student_side`'s dict): digests, hints, no answer."""
        released = {k: data.get(k, v) for k, v in
                    (("salt", ""), ("accepted", []), ("rounded", []), ("mistakes", []), ("cases", []))}
        released["feedback"] = feedback if feedback in ("graded", "none") else "practice"
        released["key"] = f"{assignment}\0{student}"
        return cls(data["id"], data.get("prompt", {}), None, [], list(data.get("hints", [])), "",
                   data.get("kind", "value"), time_budget=float(data.get("time_budget", 2.0)),
                   visibility=GRADED, spec=data.get("spec", {"type": "exact"}), released=released,
                   forbidden=tuple(str(n) for n in data.get("forbidden", ())))

    # -- graded: the judging of canonical forms (digests on the student's side) --------
    def _check_released(self, answer) -> Result:
        if not self.loaded:
            return GradedResult(self.id, NOT_ATTEMPTED if is_placeholder_like(answer) else INCORRECT,
                                phrase("not_loaded"))
        if is_placeholder_like(answer):
            return GradedResult(self.id, NOT_ATTEMPTED, phrase("not attempted"))
        salt = self.released["salt"]
        try:
            status, message, mistake = self._judge_forms(answer, self.released,
                                                         lambda fs: {digest(salt, f) for f in fs})
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # noqa: BLE001 - a check must never raise
            status, message, mistake = INCORRECT, phrase("internal", error=type(exc).__name__), None
        n = _next_attempt(self.released["key"], self.id) if status != NOT_ATTEMPTED else 0
        return GradedResult(self.id, status, message, mistake, attempt=n)

    def _judge_forms(self, answer, rel, hashes):
        """(status, message, mistake) of ``answer`` against ``rel`` (:meth:`student_side`'s dict),
        whose entries ``hashes(forms)`` maps an answer's forms to (digests, or the forms)."""
        mode = rel.get("feedback", "practice")
        mistakes = [(m["name"], m["hint"], set(m["digests"])) for m in rel.get("mistakes", [])]
        if self.kind == "function":
            return self._judge_function(answer, rel, hashes, mode)
        if mode != "practice":
            return judge_form(self.spec, answer, hashes, mistakes)
        return judge_forms(self.spec, answer, hashes, set(rel.get("accepted", [])),
                           set(rel.get("rounded", [])), mistakes, bool(self.hints))

    def _judge_function(self, func, rel, hashes, mode):
        """A function answer against the released cases (:func:`nbteach.check.functions.function_verdict`):
        each output's forms, through ``hashes``, against each case's accepted and mistakes' sets."""
        if not callable(func):
            return INCORRECT, phrase("incorrect") + sep() + phrase("not_callable", got=_type_name(func)), None
        cases = rel.get("cases", [])
        inputs = [decode(c["input"]) for c in cases]
        inputs = [(tuple(a), dict(k)) for a, k in inputs]
        outcomes = run_calls(func, inputs, self.time_budget, self.forbidden)
        got = [hashes(forms(o.output, self.spec)) if not o.error else set() for o in outcomes]
        named = cases[0].get("mistakes", []) if cases else []

        def check_form(i, o):
            if got[i] or mode == "practice":
                return None
            return phrase("returned_type", call=describe_call(getattr(func, "__name__", "f"), *inputs[i]),
                       got=_type_name(o.output), want=kind_name(self.spec["type"]))

        return function_verdict(
            getattr(func, "__name__", "f"), inputs, outcomes, budget=self.time_budget,
            right=lambda i, o: bool(got[i] & set(cases[i].get("accepted", []))),
            mistakes=[(m["name"], m["hint"], lambda i, o, k=k: _offered(got[i], cases[i]["mistakes"][k]["digests"]))
                      for k, m in enumerate(named)],
            has_hints=bool(self.hints), returns_none=lambda i: False, recorded=mode != "practice",
            check_form=check_form)


def _offered(got, digests):
    """Whether an output's digests ``got`` are a mistake's; None where the mistake has none there (not
    offered: it gives the answer's output in that case, or cannot run on it)."""
    return bool(got & set(digests)) if digests else None


def _call(func, args, kwargs):
    """``func`` on deep copies of its inputs (a reference or a mistake never changes a case)."""
    return func(*copy.deepcopy(args), **copy.deepcopy(kwargs))


def _forms_or_empty(value, spec):
    try:
        return reference_forms(value, spec)
    except Exception:  # noqa: BLE001 - a mistake with no form (say, -inf as an array) is not diagnosed
        return []


def _safe_forms(func, args, kwargs, spec):
    try:
        return _forms_or_empty(_call(func, args, kwargs), spec)
    except Exception:  # noqa: BLE001
        return []
