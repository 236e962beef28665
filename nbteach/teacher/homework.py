"""Homework sources, per-student variants and the notebooks built from them.

A homework is written once, by the teacher, as a *source*: a folder (the project's own
are ``nbteach/teacher/homework_sources/hw01/`` ... ``hw06/``, shipped inside the package,
so that ``python -m nbteach.assign hw01`` finds them from a wheel as from a clone;
a teacher's own live anywhere, see ``NBTEACH_HOMEWORK``) holding ``homework.py``, which defines

``NAME``, ``NOTEBOOK``
    the assignment name (``"hw01"``) and the notebook's file name;
``DEFAULT``
    the parameters of the self-study version (built when there is no secret);
``params(rng)``
    one variant's parameters (JSON-serialisable: data, counts, alpha, query ...) drawn
    from a ``random.Random``; a draw whose exercises are not well defined (an answer equal
    to a diagnosed mistake, a division by zero) is drawn again;
``exercises(p)``
    the exercises of the variant with parameters ``p``: ``graded(...)`` each, with the
    reference answer, the diagnosed mistakes (wrong answers made by the library) and
    their hints, hints, solution;
``cells(p)``
    the notebook, ``[("markdown" | "code", source), ...]``, written as its solution: a
    line ``answer = ...  # SOLUTION`` becomes ``answer = ____`` in the student's copy,
    the lines between ``# BEGIN SOLUTION`` and ``# END SOLUTION`` are removed (inside a
    function: replaced by ``return ____``; a function exercise's worked code, its solution and
    its cell, is written once: :func:`worked`). A markdown cell's source may be
    ``{"en": ..., "zh": ...}``: the notebook in each language (:data:`LANGUAGES`) takes its
    own text; a plain string is the same text in every language. A code cell's source is
    always one string: the notebook has the same code in every language. Its comments are
    written in English; the Chinese notebook says them in Chinese (:data:`COMMENTS_ZH`, and a
    source's own ``COMMENTS_ZH``, ``{English comment: Chinese}``), and its first code cell starts
    with the set-up line :data:`SETUP_LINE_ZH`.

A variant's parameters come from HMAC-SHA256(secret, assignment + "\\0" + student id);
no secret gives ``DEFAULT``. The student's notebook embeds its data and, per exercise, a
salt and salted digests of the accepted answers and of the diagnosed mistakes
(``nbteach.check.graded``): never an answer.

>>> hw = load("hw01")
>>> hw.exercise_ids[0]
'hw01.posterior_cough'
>>> a, b = hw.variant(b"key", "alice"), hw.variant(b"key", "alice")
>>> a.params == b.params
True
"""
from __future__ import annotations

import copy
import hashlib
import hmac
import importlib.util
import io
import json
import numbers
import os
import random
import re
import sys
import tokenize
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple

from nbteach._base import NbteachError
from nbteach.check.exercise import FEEDBACK_MODES, GRADED, Exercise, Mistake, _call
from nbteach.check.graded import reference_forms, register

from .notebook import student_source

__all__ = ["load", "Homework", "Variant", "graded", "worked", "Worked", "Graded", "sources", "HOMEWORK_DIRS",
           "FEEDBACK_MODES", "LANGUAGES", "fingerprint", "SETUP_LINE_ZH", "COMMENTS_ZH"]

# FEEDBACK_MODES (from nbteach.check.exercise): what a check cell tells the student, chosen per
# assignment at assign time: ``practice`` (correct / incorrect at once: the
# notebook carries digests of the accepted answers, which a student searching offline can test
# candidates against), ``graded`` (no digest of an accepted answer: the form is checked, common
# mistakes named where that cannot single out the answer, every answer "recorded; graded by
# your teacher"), ``none`` (the form only, no hints: exams).

#: The languages a homework notebook's text is written in (``assign --lang``): only the
#: markdown differs; code cells, exercise ids, variants, digests and fingerprint do not.
LANGUAGES = ("en", "zh")

#: Where ``load("hw01")`` looks (``NBTEACH_HOMEWORK``, a list of folders, comes first): the
#: project's own sources, shipped in the package beside this module and loaded by path (never
#: imported by name: each is a homework.py).
HOMEWORK_DIRS = [Path(__file__).resolve().parent / "homework_sources"]
_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,40}$")


#: One exercise of a variant, as the teacher's side knows it (answers included): the one
#: exercise class, graded (``nbteach.check.exercise``; the name kept for homework sources).
Graded = Exercise


#: What every homework notebook tells the student first (sources put it after their title).
STUDENT_INTRO = (
    "Each exercise has three cells: one that shows the question, one where you write your\n"
    "answer in place of `____`, and a check cell. The check says whether your answer is right\n"
    "and, if not, what went wrong, without showing the answer (in a version graded by your\n"
    "teacher it checks only the answer's form and the common mistakes it recognises, and says\n"
    "the answer is recorded); `q.hint()` gives a hint (run it again for more). A decimal answer\n"
    "must be computed (with nbteach or numpy), not copied from a rounded printout: the prompt\n"
    "says how many significant digits are needed, and a number rounded further is marked wrong\n"
    "(where the check says right or wrong at once, it says so: \"Close, but rounded\").\n\n"
    "Run every cell top to bottom before you hand in (*Kernel > Restart Kernel and Run All Cells…*):\n"
    "your teacher grades this notebook by running it from the first cell to the last.")

#: :data:`STUDENT_INTRO` for the Chinese notebook (``{"en": "..." + STUDENT_INTRO, "zh": "..." + STUDENT_INTRO_ZH}``):
#: one line a paragraph (a line break between two Chinese characters renders as a space); the
#: menu as JupyterLab 4 names it in English and in its Chinese language pack
STUDENT_INTRO_ZH = (
    "每道练习有三个单元格：一个显示题目，一个让你把 `____` 换成自己的答案，还有一个检查单元格。检查单元格会告诉你"
    "答案对不对；不对时说明哪里出了错，但不会显示答案（在由老师评分的版本中，它只检查答案的形式和它能认出的"
    "常见错误，并说明答案已记录）；`q.hint()` 给出提示（再运行一次可得到更多提示）。小数答案必须计算得出"
    "（用 nbteach 或 numpy），不要从四舍五入后的输出中抄写：题目会说明需要几位有效数字，进一步舍入的数会被"
    "判为错误（在能立即判断对错的检查中，它会指出你的数被舍入了）。" + "{language}" + "\n\n" + "{hand_in}")

#: the Chinese notebook's words on its language and on handing in, shared by every source's first cell
LANGUAGE_NOTE_ZH = ("第一个代码单元格的第一行 `nbteach.set_language(\"zh\")` 让提示和反馈都显示为中文，"
                    "在 JupyterLab、VS Code、Colab 或 nbconvert 中都一样（改成 `\"en\"` 可切换为英文）。")
HAND_IN_ZH = ("交作业之前，从上到下运行每一个单元格（菜单“内核 > 重启内核并运行所有单元格…”，英文界面为 "
              "*Kernel > Restart Kernel and Run All Cells…*）：老师评分时会从第一个单元格运行到最后一个。")
STUDENT_INTRO_ZH = STUDENT_INTRO_ZH.format(language=LANGUAGE_NOTE_ZH, hand_in=HAND_IN_ZH)

#: The set-up line on top of a Chinese notebook's first code cell (the lessons' too:
#: ``tools/translate.py``'s ``SETUP_LINE``, whose check reads it): a kernel started by nbconvert,
#: nbclient, papermill, Colab or a grader is not told the notebook's path, so the language cannot
#: come from the ``zh`` folder or the notebook's metadata there (``nbteach.i18n.starting_language``)
SETUP_LINE_ZH = 'import nbteach; nbteach.set_language("zh")  # 中文版：本笔记本的提示、反馈、表格和图都用中文'
#: the English notebook's line for a Chinese reader, which the Chinese notebook does not need
_SWITCH_LINE = '# nbteach.set_language("zh")   # 取消注释即可看到中文提示与反馈'

#: The homework's code comments in Chinese (``{English comment: Chinese}``, without ``# ``): those
#: that every notebook has (:mod:`nbteach.teacher.notebook` writes the blanks' comments); a source
#: adds its own as ``COMMENTS_ZH``
COMMENTS_ZH = {
    "your answer": "你的答案",
    "your working here": "在这里演算",
    "your code here": "在这里写代码",
    "The checks of this homework: salted digests of the accepted answers and of common":
        "本作业的检查：接受的答案和常见错误的加盐摘要，从不包含答案本身。",
    "mistakes, never the answers. Run this cell before the exercises.": "做练习之前先运行这个单元格。",
}


def _comments_in_chinese(code: str, own: dict) -> str:
    """``code`` with each comment that :data:`COMMENTS_ZH` or the source's ``own`` table knows
    said in Chinese (read by Python's tokenizer: a ``#`` inside a string is code)."""
    table = {**COMMENTS_ZH, **own}
    lines = code.splitlines(keepends=True)
    try:
        comments = [t for t in tokenize.generate_tokens(io.StringIO(code).readline) if t.type == tokenize.COMMENT]
    except (tokenize.TokenError, SyntaxError):
        return code
    for t in reversed(comments):
        said = table.get(t.string[1:].strip())
        if said is not None:
            row, col = t.start
            line = lines[row - 1]
            lines[row - 1] = line[:col] + "# " + said + line[t.end[1]:]
    return "".join(lines)


def _in_chinese(cells: list, own: dict) -> list:
    """The code cells of a Chinese notebook: comments in Chinese, and the set-up line on top of
    the first (instead of the English notebook's commented line for Chinese readers)."""
    first = True
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        code = _comments_in_chinese("".join(cell["source"]), own)
        if first:
            kept = [ln for ln in code.split("\n") if ln.strip() != _SWITCH_LINE]
            while kept and not kept[-1].strip():
                kept.pop()
            code = SETUP_LINE_ZH + "\n" + "\n".join(kept)
            first = False
        cell["source"] = code.splitlines(keepends=True)
    return cells


def fingerprint(secret: bytes, assignment: str, student_id: str) -> str:
    """HMAC-SHA256(secret, "fingerprint" + "\\0" + assignment + "\\0" + student id), as hex.

    >>> fingerprint(b"k", "hw01", "alice") == fingerprint(b"k", "hw01", "Alice")
    False
    """
    msg = f"fingerprint\0{assignment}\0{student_id}".encode("utf-8")
    return hmac.new(bytes(secret), msg, hashlib.sha256).hexdigest()


def distinct_mistakes(answer, mistakes) -> list:
    """The mistakes whose value differs from the answer and from every earlier mistake (on
    some variants two readings give the same number: the first one explains it), and is not
    None (a reading that does not apply to this variant)."""
    out, seen = [], [answer]
    for m in mistakes:
        m = Mistake.of(m)
        value = m.value()
        if value is None or any(value == v for v in seen):
            continue
        seen.append(value)
        out.append(m)
    return out


def graded(id, prompt, answer, spec, *, mistakes=(), hints=(), solution="", kind="value",
           public=(), hidden=None, time_budget=2.0, forbidden=(), shortcut=None, points=1) -> Graded:
    """Declare one exercise of a homework source (see the module docstring)."""
    if isinstance(prompt, str):
        prompt = {"en": prompt, "zh": prompt}
    if spec.get("type") not in ("exact", "number", "text", "sympy", "array", "dict"):
        raise NbteachError(f"exercise {id}: spec type must be exact, number, text, sympy, array or dict.")
    if spec["type"] in ("number", "array", "dict") and not isinstance(spec.get("digits"), int):
        raise NbteachError(f"exercise {id}: a {spec['type']} answer needs spec['digits'] "
                           "(the significant digits the prompt asks for).")
    if kind == "function" and not public:
        raise NbteachError(f"exercise {id}: a function exercise needs public cases.")
    if isinstance(points, bool) or not isinstance(points, (int, float)) or not points > 0:
        raise NbteachError(f"exercise {id}: points must be a number > 0 (what the exercise is worth), got {points!r}.")
    return Exercise(id, prompt, answer, [Mistake.of(m, id) for m in mistakes], list(hints), solution,
                    kind, time_budget=time_budget, visibility=GRADED, spec=dict(spec),
                    public=[(tuple(a), dict(k)) for a, k in public], hidden=hidden,
                    forbidden=tuple(forbidden), shortcut=shortcut, points=points)


class Worked(NamedTuple):
    """A function exercise's worked code (:func:`worked`): the exercise's ``solution`` text and
    the teacher's notebook ``cell``."""
    solution: str
    cell: str


def worked(signature: str, body: str, *, cell_replace=None) -> Worked:
    """The worked code of a function ("build-it") exercise, written once for its two places.

    ``signature`` is the ``def`` line (``"def f(x):"``), ``body`` the function's body, indented
    four spaces, without a final newline. ``solution`` (the exercise's ``solution=``) is the
    function as written; ``cell`` (the teacher's notebook cell, from which the student's copy is
    made: :func:`nbteach.teacher.notebook.student_source`) holds the body between
    ``# BEGIN SOLUTION`` and ``# END SOLUTION``. ``cell_replace`` (``{old: new}``, applied in
    order) is what the cell says otherwise than the solution (a comment left out, other quotes);
    each ``old`` must occur in the body, and then the cell's lines lose the spaces they end in.

    >>> w = worked("def double(x):", "    return 2 * x   # twice", cell_replace={"# twice": ""})
    >>> print(w.solution)
    def double(x):
        return 2 * x   # twice
    >>> print(w.cell)
    def double(x):
        # BEGIN SOLUTION
        return 2 * x
        # END SOLUTION
    >>> w.cell.splitlines()[2]   # the spaces before the comment gone too
    '    return 2 * x'
    """
    cell_body = body
    for old, new in (cell_replace or {}).items():
        if old not in cell_body:
            raise NbteachError(f"worked({signature!r}): the cell's replacement {old!r} does not occur "
                               "in the body.")
        cell_body = cell_body.replace(old, new)
    if cell_replace:
        cell_body = "\n".join(line.rstrip(" ") for line in cell_body.split("\n"))
    return Worked(signature + "\n" + body,
                  signature + "\n    # BEGIN SOLUTION\n" + cell_body + "\n    # END SOLUTION")


def _answer_forms(ex: Graded) -> tuple:
    """(short, long) ways a value answer could be written: short forms (an integer, 3-4
    significant digits, p/q) must not occur in what the student reads; long ones (5-6 digits,
    repr) must not occur anywhere in the released notebook."""

    import numpy as np  # heavy, optional: only for an answer that is an array

    values = list(np.ravel(np.asarray(ex.answer, dtype=object))) if ex.spec["type"] == "array" else [ex.answer]
    short, long = set(), set()
    for a in values:
        if type(a).__module__.startswith("sympy") and getattr(a, "free_symbols", None):
            short.add(str(a))
            continue
        if not isinstance(a, (numbers.Number, Fraction)) and not type(a).__module__.startswith(("sympy", "numpy")):
            continue                                  # text answers: exercises choose them
        x = float(a)
        if x.is_integer():
            short.add(str(int(x)))
        else:
            short |= {f"{x:.4g}", f"{x:.3g}"}
            long |= {repr(x), f"{x:.6g}", f"{x:.5g}"}
            if isinstance(a, Fraction):
                short.add(f"{a.numerator}/{a.denominator}")
    return short, {t for t in long if len(t) >= 5}


def _refuse_shown_answers(v) -> None:
    """Raise NbteachError (the variant is drawn again) if an answer can be read off the
    student's notebook: its short forms in the cells, prompts or hints, or its long forms
    anywhere in the notebook (the public inputs of a function exercise included)."""

    nb = v.notebook()
    shown = "\n".join("".join(c["source"]) for c in nb["cells"]
                      if "nbteach-checks" not in c["metadata"].get("tags", []))
    shown += json.dumps([[e.prompt, e.hints, [m[2] for m in e.mistakes]] for e in v.exercises],
                        ensure_ascii=False)
    whole = json.dumps(nb, ensure_ascii=False)
    for ex in v.exercises:
        if ex.kind == "function":
            continue
        short, long = _answer_forms(ex)
        for t in short:
            if re.search(r"(?<![\w.*/])" + re.escape(t) + r"(?![\w.]|/\d)", shown):
                raise NbteachError(f"{ex.id}: the answer {t} can be read off the notebook")
        for t in long:
            if t in whole:
                raise NbteachError(f"{ex.id}: the answer {t} occurs in the notebook")


def _check_well_defined(ex: Graded) -> None:
    """Raise NbteachError unless every accepted form differs from every mistake's."""

    if ex.kind == "function":
        for args, kwargs in ex.public:
            want = set(reference_forms(_call(ex.answer, args, kwargs), ex.spec))
            if not want:
                raise NbteachError(f"{ex.id}: no reference output")
        for name, func, _ in ex.mistakes:
            outs = [set(reference_forms(_call(func, a, k), ex.spec)) for a, k in ex.public]
            refs = [set(reference_forms(_call(ex.answer, a, k), ex.spec)) for a, k in ex.public]
            if all(o & r for o, r in zip(outs, refs)):
                raise NbteachError(f"{ex.id}: mistake {name} gives the right outputs on the public cases")
        return
    want = set(reference_forms(ex.answer, ex.spec))
    seen = set(want)
    for name, value, _ in ex.mistakes:
        got = set(reference_forms(value, ex.spec))
        if got & seen:
            raise NbteachError(f"{ex.id}: mistake {name} equals the answer or another mistake")
        seen |= got


class Homework:
    """A loaded homework source."""

    def __init__(self, module, folder: Path):
        self.module, self.folder = module, folder
        self.name = module.NAME
        self.notebook = module.NOTEBOOK
        self.exercise_ids = [e.id for e in module.exercises(copy.deepcopy(module.DEFAULT))]
        self._accepted: dict = {}   # (secret, student id) -> the parameters variant() accepted
        if len(set(self.exercise_ids)) != len(self.exercise_ids):
            raise NbteachError(f"homework {self.name}: exercise ids must be unique.")

    def __repr__(self):
        return f"Homework({self.name!r}: {len(self.exercise_ids)} exercises, {self.notebook})"

    def fingerprint(self, secret: bytes, student_id: str) -> str:
        """HMAC-SHA256(secret, "fingerprint" + "\\0" + assignment + "\\0" + student id), hex.

        The released notebook carries it (metadata ``nbteach.fingerprint``) so that the grader
        can tell a wrong secret, a wrong ``--assignment`` or a re-spelled roster id from a
        right one; without the secret it reveals nothing (nor is it the variant's seed).
        """
        return fingerprint(secret, self.name, student_id)

    def seed(self, secret: bytes, student_id: str) -> int:
        """The variant's seed: HMAC-SHA256(secret, assignment + "\\0" + student id)."""
        mac = hmac.new(secret, f"{self.name}\0{student_id}".encode("utf-8"), hashlib.sha256)
        return int.from_bytes(mac.digest(), "big")

    def variant(self, secret: bytes | None = None, student_id: str | None = None) -> "Variant":
        """The variant of ``student_id`` under ``secret`` (no secret: the self-study version)."""
        if secret is None:
            return self.variant_from_params(copy.deepcopy(self.module.DEFAULT), student_id, _secret=None)
        if not isinstance(secret, (bytes, bytearray)) or not secret:
            raise NbteachError("the secret must be non-empty bytes (read from --secret-file).")
        if not isinstance(student_id, str) or not student_id.strip():
            raise NbteachError("a variant needs a student id (a non-empty string).")
        # the draw that was accepted, once found, is the variant's whatever asks again (the grader asks
        # for each submission's variant twice: to check its fingerprint, then to grade it): the same
        # parameters are built again, without the draws before them and the checks they passed
        key = (bytes(secret), student_id)
        if key in self._accepted:
            return self.variant_from_params(self._accepted[key], student_id, _secret=bytes(secret))
        rng = random.Random(self.seed(bytes(secret), student_id))
        last = None
        for _ in range(200):
            params = self.module.params(rng)
            try:
                v = self.variant_from_params(params, student_id, _secret=bytes(secret))
                for ex in v.exercises:
                    _check_well_defined(ex)
                _refuse_shown_answers(v)
                self._accepted[key] = json.loads(json.dumps(v.params))
                return v
            except (NbteachError, ZeroDivisionError, ValueError, KeyError, IndexError) as exc:
                last = exc
                continue
        raise NbteachError(f"homework {self.name}: no well-defined variant in 200 draws ({last}).")

    def variant_from_params(self, params, student_id=None, _secret=None) -> "Variant":
        """The variant with these parameters (as ``Variant.params`` gave them)."""
        params = json.loads(json.dumps(params))  # what a JSON round trip gives the grader
        return Variant(self, params, student_id, _secret)


class Variant:
    """One student's version of a homework: parameters, exercises, notebook."""

    def __init__(self, homework: Homework, params, student_id, secret):
        self.homework, self.params, self.student_id = homework, params, student_id
        self._secret = secret
        self.exercises = homework.module.exercises(copy.deepcopy(params))
        self.exercise_ids = [e.id for e in self.exercises]
        if self.exercise_ids != homework.exercise_ids:
            raise NbteachError(f"homework {homework.name}: a variant's exercises must be the same ids.")

    def exercise(self, exercise_id: str) -> Graded:
        for e in self.exercises:
            if e.id == exercise_id:
                return e
        raise NbteachError(f"homework {self.homework.name} has no exercise {exercise_id!r}; "
                           f"its exercises: {', '.join(self.exercise_ids)}.")

    def salt(self, exercise_id: str) -> str:
        """16 random-looking bytes (hex), reproducible from the secret (public without one)."""
        key = self._secret if self._secret is not None else b"nbteach self-study (public)"
        msg = f"salt\0{self.homework.name}\0{self.student_id or ''}\0{exercise_id}".encode("utf-8")
        return hmac.new(key, msg, hashlib.sha256).digest()[:16].hex()

    # -- the checks a notebook carries ----------------------------------------------
    def feedback_mode(self, feedback=None) -> str:
        """``feedback`` checked; None gives the default: ``graded`` with a secret, else ``practice``."""
        if feedback is None:
            return "practice" if self._secret is None else "graded"
        if feedback not in FEEDBACK_MODES:
            raise NbteachError(f"--feedback must be one of {', '.join(FEEDBACK_MODES)}, got {feedback!r}.")
        return feedback

    def checks(self, feedback=None) -> dict:
        """What the student's notebook registers: digests, hints, public inputs; no answer.

        ``feedback`` (:data:`FEEDBACK_MODES`; default ``graded`` with a secret, ``practice``
        without): ``practice`` carries digests of the accepted answers and of the answer
        rounded (2..8 digits), so a check says correct or incorrect at once; ``graded``
        carries neither, and a mistake's digests only where they cannot single out the
        answer (never for a text answer, whose few possible values a student could
        eliminate; a function mistake only if none of its outputs on the public cases is a
        reference output of any case); ``none`` carries no digest and no hint.
        """

        mode = self.feedback_mode(feedback)
        out = [ex.student_side(self.salt(ex.id), mode) for ex in self.exercises]
        data = {"assignment": self.homework.name, "student": self.student_id or "", "exercises": out}
        if mode != "practice":
            data["feedback"] = mode
        return data

    def register(self, feedback=None) -> dict:
        """Register this variant's checks in this process, as its notebook does (tests, previews).

        Returns ``{exercise id: GradedExercise}``; ``nbteach.check.exercise(id)`` finds them.
        """

        return register(json.loads(json.dumps(self.checks(feedback))))

    # -- the notebook ----------------------------------------------------------------
    def notebook(self, solutions: bool = False, feedback=None, lang: str = "en") -> dict:
        """The student's notebook (nbformat 4 dict), or with ``solutions=True`` the teacher's
        copy with the worked solutions filled in; ``feedback`` as in :meth:`checks`.

        ``lang`` (:data:`LANGUAGES`) chooses the text of the markdown cells; every other part
        (code cells, cell ids, checks, fingerprint) is the same in every language, so notebooks
        in two languages of one student grade alike. A notebook not in English records its
        language in the metadata (``nbteach.lang``).

        With a secret its metadata carries the fingerprint (:meth:`Homework.fingerprint`)
        the grader checks, and the feedback mode."""

        mode = self.feedback_mode(feedback)
        if lang not in LANGUAGES:
            raise NbteachError(f"--lang must be one of {', '.join(LANGUAGES)} (the language of the "
                               f"notebook's text), got {lang!r}.")
        name = self.homework.name
        raw = self.homework.module.cells(copy.deepcopy(self.params))
        cells = []
        for i, (kind, source) in enumerate(raw):
            source = _in_language(source, kind, lang, f"homework {name}, cell {i}")
            if kind == "code" and not solutions:
                source = student_source(source)
            cells.append(_cell(kind, source, f"{name}-{i}"))
        checks = json.dumps(self.checks(mode), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        check_cell = _cell(
            "code",
            "# The checks of this homework: salted digests of the accepted answers and of common\n"
            "# mistakes, never the answers. Run this cell before the exercises.\n"
            "from nbteach.check.graded import register\n"
            f"register({json.dumps(checks, ensure_ascii=True)});",
            f"{name}-checks")
        check_cell["metadata"] = {"jupyter": {"source_hidden": True}, "tags": ["nbteach-checks"]}
        first_code = next(i for i, c in enumerate(cells) if c["cell_type"] == "code")
        cells.insert(first_code + 1, check_cell)
        if lang == "zh":
            cells = _in_chinese(cells, getattr(self.homework.module, "COMMENTS_ZH", {}))
        if self.student_id:
            who = (f"*这是你自己的作业版本（学号 `{self.student_id}`）：你的数据和数字与同学的不同。*"
                   if lang == "zh" else
                   f"*Your own version of this homework (student `{self.student_id}`): "
                   "your data and numbers differ from your classmates'.*\n\n"
                   f"*[这是你自己的作业版本（学号 `{self.student_id}`）：数据与数字和同学的不同。]*")
            cells.insert(1, _cell("markdown", who, f"{name}-student"))
        if mode != "practice":
            note = _MODE_NOTE_ZH[mode] if lang == "zh" else _MODE_NOTE[mode]
            cells.insert(2 if self.student_id else 1, _cell("markdown", note, f"{name}-feedback"))
        meta = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                "language_info": {"name": "python"},
                "nbteach": {"assignment": name, "student": self.student_id or "",
                            "solutions": bool(solutions)}}
        if mode != "practice":
            meta["nbteach"]["feedback"] = mode
        if lang != "en":
            meta["nbteach"]["lang"] = lang
        if self._secret is not None and self.student_id:
            meta["nbteach"]["fingerprint"] = self.homework.fingerprint(self._secret, self.student_id)
        return {"cells": cells, "metadata": meta, "nbformat": 4, "nbformat_minor": 5}


_MODE_NOTE = {
    "graded": ("*Graded by your teacher: a check cell tells you whether your answer has the right form "
               "(type, shape, exact or rounded) and names a common mistake it recognises, but not whether "
               "the answer is right. It says \"Recorded; graded by your teacher\" (where this notebook "
               "says a check should say Correct!); your teacher grades every answer.*\n\n"
               "*[由老师评分：检查单元格只告诉你答案的形式是否正确（类型、形状、精确或舍入），并指出它认出的常见错误，"
               "但不告诉你答案是否正确。它会显示“已记录；由老师评分”（本 notebook 中说应显示“正确！”的地方也是如此）；"
               "每个答案都由老师评分。]*"),
    "none": ("*Exam: a check cell tells you only whether your answer has the right form (type, shape, "
             "exact or rounded); there are no hints. It says \"Recorded; graded by your teacher\" "
             "(where this notebook says a check should say Correct!).*\n\n"
             "*[考试：检查单元格只告诉你答案的形式是否正确（类型、形状、精确或舍入），没有提示。"
             "它会显示“已记录；由老师评分”（本 notebook 中说应显示“正确！”的地方也是如此）。]*"),
}

#: :data:`_MODE_NOTE` in the Chinese notebook (Chinese only).
_MODE_NOTE_ZH = {
    "graded": ("*由老师评分：检查单元格只告诉你答案的形式是否正确（类型、形状、精确值还是舍入值），并指出它认出的"
               "常见错误，但不告诉你答案是否正确。它会显示“已记录；由老师评分。”（本 notebook 中说检查应显示"
               "“正确！”的地方也是如此）；每个答案都由老师评分。*"),
    "none": ("*考试：检查单元格只告诉你答案的形式是否正确（类型、形状、精确值还是舍入值），没有提示。它会显示"
             "“已记录；由老师评分。”（本 notebook 中说检查应显示“正确！”的地方也是如此）。*"),
}


def _in_language(source, kind, lang, where):
    """A cell's source in ``lang``: a markdown ``{"en": ..., "zh": ...}`` gives its ``lang`` text,
    a string is the same in every language; code is always one string."""
    if isinstance(source, str):
        return source
    if not isinstance(source, dict):
        raise NbteachError(f"{where}: a cell's source must be a string (or, for markdown, "
                           f"{{'en': ..., 'zh': ...}}), got {type(source).__name__}.")
    if kind != "markdown":
        raise NbteachError(f"{where}: only a markdown cell may have a text per language; a code cell is "
                           "one string, the same in every language (what differs by language comes from "
                           "nbteach.set_language).")
    text = source.get(lang)
    if not isinstance(text, str):
        raise NbteachError(f"{where}: the markdown has no {lang!r} text (it has "
                           f"{', '.join(map(repr, source)) or 'none'}); give {{'en': ..., 'zh': ...}}.")
    return text


def _cell(kind, source, key):
    cid = hashlib.sha1(key.encode("utf-8")).hexdigest()[:8]
    if kind == "markdown":
        return {"cell_type": "markdown", "id": cid, "metadata": {}, "source": source.splitlines(keepends=True)}
    return {"cell_type": "code", "execution_count": None, "id": cid, "metadata": {}, "outputs": [],
            "source": source.splitlines(keepends=True)}


def sources() -> list:
    """Names of the homework sources found (``NBTEACH_HOMEWORK`` folders, then the project's)."""
    names = set()
    for d in _dirs():
        if d.is_dir():
            names |= {p.name for p in d.iterdir() if (p / "homework.py").is_file()}
    return sorted(names)


def _dirs():
    extra = [Path(p) for p in os.environ.get("NBTEACH_HOMEWORK", "").split(os.pathsep) if p]
    return extra + HOMEWORK_DIRS


_CACHE: dict = {}


def load(name_or_path) -> Homework:
    """The homework source ``name_or_path``: a name (``"hw01"``) or a folder holding ``homework.py``."""
    if isinstance(name_or_path, Homework):
        return name_or_path
    key = str(name_or_path)
    path = Path(key)
    if path.suffix == ".py" and path.is_file():
        folder = path.parent
    elif (path / "homework.py").is_file():
        folder = path
    elif _NAME.match(key):
        folder = next((d / key for d in _dirs() if (d / key / "homework.py").is_file()), None)
        if folder is None:
            known = sources()
            raise NbteachError(f"unknown assignment {key!r}: known homework sources are "
                               f"{', '.join(known) or 'none'} (folders with a homework.py in "
                               f"{', '.join(map(str, _dirs()))}).")
    else:
        raise NbteachError(f"unknown assignment {key!r}: give a name such as 'hw01' or a folder "
                           "holding a homework.py.")
    folder = folder.resolve()
    if folder in _CACHE:
        return _CACHE[folder]
    modname = "nbteach_homework_" + hashlib.sha1(str(folder).encode()).hexdigest()[:10]
    spec = importlib.util.spec_from_file_location(modname, folder / "homework.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[modname] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        sys.modules.pop(modname, None)
        raise NbteachError(f"the homework source {folder / 'homework.py'} failed to load: "
                           f"{type(exc).__name__}: {exc}") from exc
    for attr in ("NAME", "NOTEBOOK", "DEFAULT", "params", "exercises", "cells"):
        if not hasattr(module, attr):
            raise NbteachError(f"the homework source {folder / 'homework.py'} must define {attr}.")
    hw = Homework(module, folder)
    _CACHE[folder] = hw
    return hw
