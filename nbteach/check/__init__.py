"""Homework check cells: exercises that check a student's answer and say what went wrong.

Student side
============
>>> from nbteach.check import exercise, ____
>>> q = exercise("01.posterior")
>>> q.check(____).status
'not attempted'
>>> r = q.check(0.1)
>>> r.correct, r.status
(False, 'incorrect')

``q.hint()`` gives the next hint (a nudge first, then more), ``q.solution()`` a worked
solution (homework is graded: its exercises come with its notebook as salted digests,
``nbteach.check.graded``, and their solutions stay with the teacher, ``nbteach.teacher``);
``nbteach.check.exercises()`` lists every lesson exercise with its stable id. In a
notebook a result shows as a coloured block; elsewhere as plain text. Messages are in
English or Chinese (``nbteach.set_language("zh")``). A check never raises, and its
message never shows the expected value.

Defining exercises (for lesson authors)
=======================================
Exercises of lesson NN live in ``nbteach/check/lessonNN.py``; every such module is
imported by ``exercise()`` and ``exercises()``; one that fails to import is reported by ``load_errors()`` and a
warning, and does not break the others. A module declares its exercises with
:func:`define` at import time and must stay cheap to import: compute nothing at module
level, put every library call inside a ``lambda`` (evaluated on the first check)::

    from fractions import Fraction
    from nbteach.check import define, Mistake

    def _model(**kw):                       # helpers that call the library are fine
        import nbteach
        return nbteach.CategoricalNB(exact=True, **kw).fit(...)

    define(
        "03.laplace_headache",              # id: "<lesson>.<name>", stable forever
        prompt={"en": "P(Headache=no | Flu) with alpha=1, as a Fraction.",
                "zh": "alpha=1 时 P(Headache=no | Flu)，用分数表示。"},
        answer=lambda: _model(alpha=1).tables_["Headache"].loc["no", "Flu"],
        exact=True,                         # a float is then diagnosed, not accepted
        mistakes=[                          # each wrong answer made by the library
            Mistake("no_smoothing",
                    lambda: _model(alpha=0).tables_["Headache"].loc["no", "Flu"],
                    hint={"en": "That is the unsmoothed estimate: add alpha ...",
                          "zh": "这是未平滑的估计：……"}),
        ],
        hints=[{"en": "nudge", "zh": "……"}, {"en": "more", "zh": "……"}],
        solution={"en": "model = CategoricalNB(alpha=1, exact=True).fit(X, y)\\n...",
                  "zh": "..."},
    )

Fields of :func:`define`:

``id``
    ``"NN.name"`` (lesson number, dot, snake_case name). Unique and never renamed:
    the batch grader finds exercises by id.
``prompt``
    ``{"en": ..., "zh": ...}`` (or an English string): the question, one sentence.
``answer``
    Zero-argument callable returning the reference answer, computed by nbteach's
    library (never a typed-in number). Its type decides how answers are compared
    (``nbteach.check.compare``): int/Fraction exactly, floats within ``rtol``/``atol``,
    strings case-insensitively, sympy expressions symbolically, numpy arrays by shape
    then entries, pandas Series/DataFrames and dicts by label.
``rtol``, ``atol``, ``exact``
    Float tolerances (default 1e-9 / 1e-12); ``exact=True`` refuses a float where an
    exact answer is asked (diagnosed as ``float_for_fraction``). Whatever ``exact``, a
    decimal within 1e-3 (relative) of an exact answer is told it is ``rounded``.
``symbols``
    For sympy answers: ``{"epsilon": eps}`` (or a callable returning it), the names a
    student's answer such as ``"4*epsilon/45"`` may use. When the answer and the
    reference each have a single symbol, the student's letter is read as the reference's.
``mistakes``
    ``Mistake(name, answer, hint)``: ``answer`` is a zero-argument callable that
    produces the wrong answer with the library, with the mistake applied (no
    smoothing, alpha not multiplied by M, prior forgotten, P(x|c) for P(c|x), not
    normalised, integer division, underflow, ...); ``hint`` ({"en", "zh"}) says what
    to look at. A wrong answer equivalent to a mistake's gets that hint. The tests
    check that every mistake differs from the reference and triggers its hint.
``hints``
    List of ``{"en", "zh"}``, from a nudge to nearly the answer (never the value).
``solution``
    ``{"en", "zh"}`` or a string: code and a sentence, shown only by ``.solution()``.
``leak_check``
    For an answer too short to search for in a lesson's text (a small integer, a class
    name): one sentence saying why the lesson cannot show it before the exercise. The
    notebook tests search every other answer's written forms in the cells before it.
``kind="function"``
    The student writes a function. ``answer`` returns the library's function;
    ``inputs=lambda rng: [((args...), {kwargs}), ...]`` makes randomised inputs from a
    ``random.Random`` (called once a check; put first a fixed input that tells every
    mistake apart); ``time_budget`` (seconds, default 2) stops a function that runs too long.
    Inputs are deep-copied; mutating them, returning None, raising and running out of
    time each get their own message (with only the student's traceback frames). A
    mistake's ``answer`` returns the mistaken function.

One exercise model
==================
A lesson's exercise and a graded homework's are one class, ``Exercise``
(``nbteach.check.exercise``), with a ``visibility``: ``"open"`` (built by :func:`define`:
prompt, hints, solution and reference answer, judged in the student's process) or
``"graded"`` (built by ``nbteach.teacher.homework.graded``: the same fields on the teacher's
side; on the student's side only ``Exercise.student_side``'s prompt, hints and salted
digests, or none, read back by ``Exercise.from_release``; judged on the teacher's side).
Both read and compare answers by one engine, ``nbteach.check.compare`` (equivalence for an
open exercise, canonical forms and their digests for a graded one), and speak through one
catalogue, ``nbteach.check.messages``.

What lives here, and what each module may import
================================================
The student's side of every exercise: the lesson exercises (``lessonNN.py``, one module
a lesson), the machinery that checks an answer and words the feedback, and graded
homework's student side (digests, never answers). Each module below imports only modules
listed before it (``tests/test_import_graph.py`` checks that there is no cycle; no import
hides inside a function to dodge one):

``messages``
    the one catalogue of every sentence a student reads (lessons, graded homework, the judge);
``feedback``
    what a check gives back: ``____``, the three outcomes, ``Result``, ``Message``, the next
    hint, and for graded homework ``GradedResult`` and the attempts a check counts;
``compare``
    the one engine: how an answer is read (``as_number``; formulas by the one formula grammar,
    ``nbteach.formula``), equivalence (``compare(got, expected) -> Diff | None``), canonical
    forms and their digests (``forms``, ``reference_forms``, ``rounded_forms``, ``digest``), and
    the verdicts with the mistakes they diagnose (``judge_equivalence`` for an open exercise,
    ``judge_forms`` / ``judge_form`` on forms for a graded one);
``serial``
    answers as plain JSON for the grader, and ``record_answer``;
``functions``
    running a student's function on inputs (``run_calls``) and judging the outcomes;
``exercise``
    ``Exercise`` (open or graded), ``Mistake`` (the one mistake format), ``FEEDBACK_MODES``;
``graded``
    graded homework in the student's notebook: ``register`` (the check cell of a released
    notebook) and the registry of released exercises; re-exports the engine's forms and digests;
``core``
    :func:`define` and the lessons' registry (``exercise``, ``exercises``, ``load_errors``);
``sandbox``
    ``python -m nbteach.check.sandbox``: a student's function run in a process of its own;
``_unswitched``
    a copy of a library function that a build-it's switch (``functions.switched_off``) does not
    reach: the exercise's reference runs the library's own code while the student's is checked;
``_elsewhere``
    scikit-learn's, SciPy's and pgmpy's names that do the same work as a build-it's nbteach names,
    switched off with them (data only: nothing is imported);
``lessonNN``
    the exercises of lesson NN (imported by the registry, by name, when first asked for);
    ``_flu`` is the flu/cold table and its model that lessons 02-03's exercises share.

They import the library below them (``nbteach.formula``, ``nbteach.i18n``, the models in the
exercises' lambdas; the data a lesson shows comes from ``nbteach.datasets``, never from
here), never ``nbteach.teacher`` (the teacher's side imports this package) nor
``nbteach.widgets``.
"""
from __future__ import annotations

from .core import (CORRECT, INCORRECT, NOT_ATTEMPTED, Exercise, Message, Mistake, Result,
                   ____, define, exercise, exercises, load_errors)

# The equivalence rules are ``nbteach.check.compare.compare`` (not re-exported here, so that
# the name ``nbteach.check.compare`` stays the module).
__all__ = ["exercise", "exercises", "____", "define", "Mistake", "Exercise", "Result",
           "Message", "load_errors", "CORRECT", "INCORRECT", "NOT_ATTEMPTED"]
