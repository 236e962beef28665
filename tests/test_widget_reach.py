"""No exercise's answer is within a widget's reach (issue 33, item 5).

Every widget a lesson builds is built here with the lesson's own arguments (``WIDGETS``: each
setup line and each call is read back from the lesson's code cells, in both editions, by
``test_the_table_is_the_lessons_widgets``, so the table cannot drift from the notebooks),
kernel side, without a browser, and driven (:func:`settings`): each control over its range at
its step, one at a time from the lesson's setting (a control of more than ``MOST_VALUES`` values
at every k-th step, its ends and the lesson's value kept); every combination of the choice
controls when there are at most ``CHOICES``; for each exercise's prompt, the setting it names
("AODE(m=200, ...)", "age = child", "'free' 4 times", "JohnCalls = True"): where a student
would set the view to read the exercise off it; and ``RANDOM_SETTINGS`` random settings of all
controls at once (fixed seed). After every move the test reads what the view shows: the text of
every widget in it whose value is text (HTML, Label, lesson 11's network sheet) and of every
Output widget (an SVG plot's ``<text>`` and ``<title>`` included, its coordinates and styles
not), and every number in that text.

A number shown gives an answer away if

* the exercise would take it, under its own tolerance, at any setting: for a lesson's value
  exercise (``nbteach.check.lessonNN``), ``compare(shown, reference, rtol, atol, exact)`` finds
  no difference (``exercise(id).check(shown)`` says Correct); for a homework that covers the
  lesson (its docstring's "(lessons NN-MM)"), teacher side, the grader accepts its canonical
  form (``reference_forms``), in the self-study variant or one of ``STUDENTS`` students'; or
* it is the answer rounded (:func:`rounded`: three significant digits or four decimals at
  least), at a setting the exercise's own prompt names. Issue 33's examples are of this kind
  (09.mail_risk's loss_explorer printed 0.2696 for 0.269558); at other settings a rounded
  match is two different computations agreeing to a few digits, and is not counted.

An answer of several numbers (a table, a tuple, an array) is given away when each of its
numbers is. Function exercises ("build-its") have no single number to look for and are
skipped, as are answers that are a word (a class, a choice) or a formula; answers that are
numbers printed everywhere are not searched for (:func:`_trivial` says which and why), nor the
exercises that ask the student to read the widget (``ASKS_FOR_THE_WIDGET``), nor a homework's
answer that any small table gives (:func:`_small_table_number`: 3/7, 4/11, 26), which a lesson's
view of its own small tables shows by chance. The test prints
each list, lesson by lesson (shown with ``pytest -rP``, and with a failure).

A number equal to a control's value is the student's own input written back (lesson 01's view
writes its prior, 0.375, as 3/8), not a number the lesson computed: it is not counted; nor is a
count (a whole number written without a point) taken for an answer that is not whole.

Text boxes have no range: they are given the lesson's own message and every quoted text of the
prompts searched ("cheap cheap lunch now"). A number box (lesson 09's costs) is driven from 0
to ``COST_TOP`` at its step.

The detector is checked on views that plant an answer (``_Planted``), and on lesson 10's own
view with the exercise as it was before issue 33 (test_lesson_10s_view_would_give_away_...).
"""
from __future__ import annotations

import ast
import html
import io
import itertools
import json
import random
import re
import tokenize
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

ipywidgets = pytest.importorskip("ipywidgets")

from nbteach.check import exercise, exercises  # noqa: E402
from nbteach.check.compare import compare, forms, reference_forms  # noqa: E402
from nbteach.i18n import set_language  # noqa: E402
from nbteach.teacher.homework import load, sources  # noqa: E402
from nbteach.widgets._explorer import Explorer  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

#: how many random settings of all controls at once, a widget (besides the one-at-a-time sweeps)
RANDOM_SETTINGS = 20
#: a control with more values than this is driven at every k-th step (its ends and the lesson's
#: value always among them): lesson 03's epsilon has 800 steps, lesson 00's prior 1001
MOST_VALUES = 30
#: the most settings made of every combination of the choice controls, or of the values a prompt names
CHOICES = 64
#: the most settings made of the values one prompt names (two a control at most, and the lesson's)
PER_PROMPT = 64
#: lesson 09's cost boxes have no maximum: driven from 0 to this, at their step
COST_TOP = 20.0
#: the homework variants searched besides the self-study one (the public/canonical variant)
STUDENTS = ("s0", "s1", "s2")

IMPORTS = """
import numpy as np
from nbteach import BernoulliNB, CategoricalNB, MultinomialNB, flu_cold
from nbteach.bayesnet import burglary, sample, sprinkler
from nbteach.datasets import flu_cold_query
from nbteach.em import mixture_documents
from nbteach.realdata import email_features, food_reviews, titanic
from nbteach.resample import train_test_split
from nbteach.text import TextNB
from nbteach.widgets import (bayes_explorer, boundary_explorer, dseparation_explorer, em_explorer,
                             gibbs_explorer, loss_explorer, message_explorer, network_explorer,
                             one_dependence_explorer, search_explorer, smoothing_explorer,
                             table_explorer, text_models_explorer, threshold_explorer)
from nbteach.widgets.alpha_curve import alpha_curve_widget
from nbteach.widgets.mle import mle_explorer
"""


@dataclass(frozen=True)
class Widget:
    """A widget a lesson builds: the cell that shows it, the lines of earlier code cells that make
    its arguments (each as written there), and the call (as written in the cell; ``name`` if the
    setup makes the widget under that name)."""
    lesson: str
    cell: str
    setup: tuple
    call: str
    n_random: int = RANDOM_SETTINGS

    @property
    def name(self) -> str:
        return f"{self.call.split('(')[0]} (lesson {self.lesson}, cell {self.cell})"


WIDGETS = (
    Widget("00", "a00a49cd", (), "bayes_explorer()"),
    Widget("00", "1a422ae5", (), "bayes_explorer()"),
    Widget("01", "4fee714e", (), 'bayes_explorer(prior=0.01, likelihoods=(0.95, 0.05), observation="+")'),
    Widget("02", "2f52ca22", ('df = flu_cold()', 'X = df.drop(columns="Diagnosis")', 'y = df["Diagnosis"]',
                              'nb = CategoricalNB(exact=True).fit(X, y)', 'first = flu_cold_query("first")'),
           "table_explorer(nb, X, sample=first.iloc[0].to_dict())"),
    Widget("03", "37d20d27", (), "smoothing_explorer(alpha=0.5)"),
    Widget("04", "eec8e9b6", (), 'mle_explorer(counts=(6, 3, 0), words=("free", "money", "meeting"))'),
    Widget("05", "3fecf550", ('practice = ["cheap watches cheap", "win a cheap prize", "prize draw win win",',
                              '            "notes from the meeting", "meeting moved to friday", "friday lunch with the team"]'),
           'text_models_explorer(practice, ["spam"] * 3 + ["ham"] * 3, message="cheap cheap cheap meeting")'),
    Widget("06", "14bb77ea", ('train, y_train = food_reviews("train")', 'nb = TextNB(alpha=1.0).fit(train, y_train)',
                              'message = "Delicious coffee, my kids love it. Great price too!"'),
           "message_explorer(nb, message)"),
    Widget("07", "cf686b9d", ("X, y = email_features()",
                              "X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3, random_state=0)",
                              "multinomial = MultinomialNB(alpha=1.0).fit(X_train, y_train)"),
           'threshold_explorer(multinomial, X_test, y_test, positive="spam", threshold=0.5)'),
    Widget("07", "05822e14", ('train, y_rev = food_reviews("train")', 'test, y_rev_test = food_reviews("test")',
                              "curve = alpha_curve_widget(TextNB(), train, y_rev, test, y_rev_test,",
                              "                           alphas=np.logspace(-3, 1.5, 19), alpha=1.0)"), "curve"),
    Widget("08", "8d5e0f6a", (), "boundary_explorer()"),
    Widget("09", "d8e9b446", ("X_mail, y_mail = email_features()",
                              "X_train, X_test, y_train, y_test = train_test_split(X_mail, y_mail, test_size=0.3, random_state=0)",
                              "model = BernoulliNB(alpha=1.0).fit(X_train, y_train)"),
           'loss_explorer(model, X_test, y_test, positive="spam")'),
    Widget("10", "750449f1", ("X, y = titanic()",),
           'one_dependence_explorer(X, y, positive="yes", copied="sex",\n'
           '                        sample={"class": "3rd class", "age": "adults", "sex": "man"})'),
    Widget("11", "b89d98b2", (), 'dseparation_explorer(burglary(), "Burglary", "Earthquake")'),
    Widget("11", "5e1a7c26", (), 'gibbs_explorer(burglary(), "Burglary", True, {"JohnCalls": True, "MaryCalls": True})',
           n_random=4),       # a random setting runs up to 8 chains of 500 + 5 x 1000 sweeps
    Widget("11", "70535f8c", (), "network_explorer(burglary(), n_samples=5000)"),
    Widget("11", "5f84dd1d", ("truth_net = sprinkler()",),
           'search_explorer(sample(truth_net, 5000, random_state=2), score="bic", restarts=1, random_state=0)'),
    Widget("12", "b9e4f922", ("X_train, y_train = mixture_documents(1000, random_state=1)",
                              "X_test, y_test = mixture_documents(1000, random_state=2)"),
           "em_explorer(X_train, y_train, X_test, y_test, n_labelled=[4, 10, 20, 50, 200], n_draws=5, max_iter=10)"),
)

#: exercises that ask the student to read the answer off the widget (their prompt says so)
ASKS_FOR_THE_WIDGET = {
    "00.explorer_posterior": "lesson 00's tour of the explorer: 'In the Bayes explorer ..., set the prior "
                             "P(ill) to 0.1 ... What posterior P(ill | x) does it show?'",
}


def _simple(value, denominator):
    """``value`` as a fraction with a denominator up to ``denominator``, or None."""
    v = Fraction(value) if not isinstance(value, Fraction) else value
    small = v.limit_denominator(denominator)
    return small if abs(float(small) - float(value)) <= 1e-12 * max(1.0, abs(float(value))) else None


def _trivial(value) -> str | None:
    """Why an answer's number is not searched for at all, or None: 0 and 1 (in every probability
    table), whole numbers up to 20 (counts, sizes, costs), and halves, thirds, quarters and fifths
    up to 100 (1/2, 2/3, 3/4, 2/5, 15/2: any slider at a round value shows them)."""
    small = _simple(value, 5)
    if small is None:
        return None
    if small in (0, 1):
        return "0 or 1"
    if small.denominator == 1:
        return "a whole number up to 20" if abs(small) <= 20 else None
    return f"a fraction over {small.denominator}" if abs(small) <= 100 else None


def _small_table_number(value) -> bool:
    """A fraction with a denominator up to 20, or a whole number up to 100: what any table of a few
    rows gives. A homework's answer is computed on the variant's own small table (5 to 14 rows),
    never on a lesson's; a lesson's view computes on the lesson's tables, and shows many such
    numbers (lesson 03's smoothing explorer shows 3/7, 3/8, 4/9, 5/9; hw01's variants have them
    as answers, even for the same question: P(Cough = no | Flu) with the variant's alpha, on another
    table). A match is then two small tables agreeing, not a view of the homework's table: such a
    homework answer is not searched for (``test_homework_graded`` leaves fractions with a
    denominator up to 20 out of its search of the package's text for the same reason). A
    homework's decimals (a density, a weight, a posterior of a larger table, a log-likelihood)
    are."""
    small = _simple(value, 20)
    return small is not None and (small.denominator > 1 or abs(small) <= 100)


# ---------------------------------------------------------------- what a view shows
_STYLE = re.compile(r"<(style|script)\b.*?</\1\s*>", re.S | re.I)
_SHOWN_ATTRIBUTE = re.compile(r"""\b(?:aria-label|alt|title)\s*=\s*(["'])(.*?)\1""", re.S | re.I)
_TAG = re.compile(r"<[^>]*>", re.S)
# a number as written: 3/8, -0.4611, 1.2e-05, 12%, with a typographic minus; not part of a word
_NUMBER = re.compile(r"(?<![\w.])([-−+]?\d+(?:\.\d+)?(?:[eE][-−+]?\d+)?)(?:\s*/\s*(\d+)(?![\d.]))?(%?)")


@lru_cache(maxsize=4096)
def visible_text(markup: str) -> str:
    """The text a reader sees (or hears) of an HTML or SVG string: no style, no script, no
    attribute but the shown ones (aria-label, alt, title), no coordinates."""
    markup = _STYLE.sub(" ", markup)
    said = ([html.unescape(m.group(2)) for m in _SHOWN_ATTRIBUTE.finditer(markup)]
            if any(a in markup for a in ("aria-label", "alt", "title")) else [])
    return html.unescape(_TAG.sub(" ", markup)) + "\n" + "\n".join(said)


def shown(explorer) -> str:
    """Everything the view shows now but its controls: the text of every widget whose value is
    text (HTML, Label, an anywidget's HTML) and of every Output widget."""
    controls = {id(c) for c in explorer._controls}
    parts, seen, todo = [], set(), [explorer.widget]
    while todo:
        wdg = todo.pop()
        if id(wdg) in seen:
            continue
        seen.add(id(wdg))
        todo.extend(getattr(wdg, "children", ()) or ())
        if id(wdg) in controls:
            continue
        if isinstance(wdg, ipywidgets.Output):
            for out in wdg.outputs:
                parts.append(out.get("text", ""))
                data = out.get("data", {})
                parts.append(data.get("text/plain", ""))
                parts.append(visible_text(data.get("text/html", "")))
        elif wdg.has_trait("value") and isinstance(wdg.value, str):
            # HTML, Label, and an anywidget whose value is HTML (lesson 11's network sheet)
            parts.append(visible_text(wdg.value))
    return "\n".join(parts)


@lru_cache(maxsize=4096)
def numbers(text: str) -> frozenset:
    """The numbers written in ``text``, as written (``"3/8"``, ``"0.4611"``, ``"12.5%"``)."""
    found = set()
    for m in _NUMBER.finditer(text):
        number, over, percent = m.group(1).replace("−", "-").lstrip("+"), m.group(2), m.group(3)
        found.add(f"{number}/{over}" if over else number + percent)
    return frozenset(found)


def value_of(token: str) -> Fraction | None:
    try:
        if token.endswith("%"):
            return Fraction(token[:-1]) / 100
        return Fraction(token)
    except (ValueError, ZeroDivisionError):
        return None


# ---------------------------------------------------------------- driving the controls
def _named_controls(explorer):
    """(name, control) for each control, named by the attribute that keeps it (``costs[...]``)."""
    names = {}
    for attribute, value in vars(explorer).items():
        items = value.items() if isinstance(value, dict) else [(None, value)]
        for key, wdg in items:
            if isinstance(wdg, ipywidgets.Widget) and id(wdg) not in names:
                said = repr(tuple(map(str, key))) if isinstance(key, tuple) else repr(str(key))
                names[id(wdg)] = attribute if key is None else f"{attribute}[{said}]"
    return [(names.get(id(c)) or c.description or f"{type(c).__name__}#{i}", c)
            for i, c in enumerate(explorer._controls)]


def _steps(lo, hi, step):
    n = int(round((hi - lo) / step))
    return [lo + k * step for k in range(n + 1)]


def control_range(control, texts=()) -> list:
    """Every value of ``control`` at its step (a text box: ``texts``)."""
    if isinstance(control, ipywidgets.FloatLogSlider):
        return [control.base ** e for e in _steps(control.min, control.max, control.step)]
    if isinstance(control, (ipywidgets.IntSlider, ipywidgets.BoundedIntText)):
        return list(range(control.min, control.max + 1, control.step))
    if isinstance(control, (ipywidgets.FloatSlider, ipywidgets.BoundedFloatText)):
        return [round(v, 10) for v in _steps(control.min, control.max, control.step)]
    if isinstance(control, ipywidgets.FloatText):
        return [round(v, 10) for v in _steps(0.0, COST_TOP, control.step or 0.5)]
    if isinstance(control, ipywidgets.Checkbox):
        return [False, True]
    if isinstance(control, ipywidgets.SelectMultiple):
        values = [v for _, v in control._options_full] if hasattr(control, "_options_full") else list(control.options)
        return [tuple(c) for k in range(len(values) + 1) for c in itertools.combinations(values, k)]
    if hasattr(control, "options"):     # Dropdown, ToggleButtons, SelectionSlider, ...
        labels = getattr(control, "_options_values", None)
        return list(labels) if labels is not None else [o[1] if isinstance(o, tuple) else o for o in control.options]
    if isinstance(control, (ipywidgets.Text, ipywidgets.Textarea)):
        return list(dict.fromkeys([control.value, *texts]))
    raise AssertionError(f"a control this test cannot drive: {type(control).__name__} {control.description!r}")


def _thinned(values, default) -> list:
    """``values``, every k-th of them if there are more than ``MOST_VALUES``, with both ends and
    ``default``."""
    if len(values) <= MOST_VALUES:
        return values
    k = -(-len(values) // MOST_VALUES)
    kept = values[::k] + [values[-1]] + ([default] if default in values else [])
    return list(dict.fromkeys(kept))


def _inputs(controls) -> set:
    """The numbers the controls are set to: a view that writes its slider's value back (the prior
    P(ill) = 3/8) shows what the student typed, not what the lesson computed."""
    out = set()
    for c in controls:
        for v in (c.value if isinstance(c.value, tuple) else (c.value,)):
            if isinstance(v, (int, float)) and not isinstance(v, bool) and np.isfinite(v):
                out |= {Fraction(v), Fraction(str(v)), Fraction(v).limit_denominator(1000)}
    return out


def _labels(control) -> list | None:
    """(label, value) of each option of a selection control, None for another control."""
    if isinstance(control, ipywidgets.SelectMultiple) or not hasattr(control, "_options_labels"):
        return None
    return list(zip(control._options_labels, control._options_values))


#: option labels too common to say which control a prompt means (lesson 11's buttons all have them)
_GENERIC_LABELS = {"true", "false", "?", "yes", "no"}


def _after(words, text, what) -> list:
    """The ``what`` (a regex group) that ``text`` writes just after one of ``words``: after at most
    two other words ("'free' 4 times", "missed spam costs 4", "a prior of 0.1"), or after "=" for a
    word of one or two letters ("m=200")."""
    found = []
    for word in words:
        gap = r"\W{0,3}(?:[A-Za-z]+\W{1,3}){0,2}?" if len(word) >= 3 else r"\s*=\s*"
        pattern = r"(?<![\w.])" + re.escape(word) + r"(?!\w)" + gap + what
        found += [(m.start(), m.group(1)) for m in re.finditer(pattern, text, re.I)]
    return [v for _, v in sorted(found)]


def _mentioned(name, control, values, text) -> list:
    """The values of ``control`` (kept as ``name``) that ``text`` names, in the text's order: a
    value written just after a word of the control's name or description (:func:`_after`:
    "age = child", "'free' 4 times" for N(free), "m=200" for AODE's m, "JohnCalls = True"); an
    option's label written anywhere ("3rd class"), unless it is as common as True or False."""
    if isinstance(control, (ipywidgets.Text, ipywidgets.Textarea, ipywidgets.Checkbox, ipywidgets.SelectMultiple)):
        return []
    words = set(re.findall(r"[A-Za-z]+", f"{name} {control.description or ''}"))
    labels = _labels(control)
    if labels is not None:
        said = {str(x).lower() for x in _after(words, text, r"([\w?]+(?: class)?)")}
        near = [v for label, v in labels if str(label).lower() in said]
        return near or [v for label, v in labels if str(label).lower() not in _GENERIC_LABELS
                        and re.search(r"(?<!\w)" + re.escape(str(label)) + r"(?!\w)", text, re.I)]
    said = [Fraction(x) for x in _after(words, text, r"(\d+(?:\.\d+)?)(?![\d.]*\w)")]
    return [v for v in values if any(abs(float(x) - v) <= 1e-9 * max(1.0, abs(v)) for x in said)]


def settings(explorer, texts=(), prompts=(), seed=0, n_random=RANDOM_SETTINGS) -> dict:
    """The settings to show, ``{a tuple of the controls' values: the prompts that name it}``: the
    lesson's; every control over its range, one at a time from the lesson's; every combination of
    the choice controls (drop-downs, check boxes, buttons) if there are at most ``CHOICES`` of
    them; for each prompt, every combination of the values it names (:func:`_mentioned`, two a
    control, and the lesson's value; ``PER_PROMPT`` settings at most: ``10.aode_posterior``'s
    "m=200", "age = child", "3rd class"); and ``n_random`` random settings of all controls."""
    named_controls = _named_controls(explorer)
    controls = [c for _, c in named_controls]
    defaults = tuple(c.value for c in controls)
    full = [control_range(c, texts) for c in controls]
    ranges = [_thinned(values, default) for values, default in zip(full, defaults)]
    out = [defaults]
    for i, values in enumerate(ranges):
        out += [defaults[:i] + (v,) + defaults[i + 1:] for v in values]
    choices = [i for i, c in enumerate(controls)
               if _labels(c) is not None or isinstance(c, ipywidgets.Checkbox)]
    if 1 < len(choices) and np.prod([len(ranges[i]) for i in choices]) <= CHOICES:
        for combo in itertools.product(*(ranges[i] for i in choices)):
            setting = list(defaults)
            for i, v in zip(choices, combo):
                setting[i] = v
            out.append(tuple(setting))
    rng = random.Random(seed)
    out += [tuple(rng.choice(values) for values in ranges) for _ in range(n_random)]
    named = {setting: set() for setting in out}
    for text in prompts:
        said = [_mentioned(name, c, values, text)[:2] for (name, c), values in zip(named_controls, full)]
        if not any(said):
            continue
        options = [list(dict.fromkeys([*values, d])) for values, d in zip(said, defaults)]
        for setting in itertools.islice(itertools.product(*options), PER_PROMPT):
            if any(v in values for v, values in zip(setting, said)):      # the prompt's, not only the lesson's
                named.setdefault(setting, set()).add(text)
    return named


@dataclass
class Reached:
    """What a view showed: ``first``, ``{number as shown: the first setting that showed it}``, and
    ``at_prompt``, ``{prompt: the numbers shown at the settings it names}``."""
    first: dict = field(default_factory=dict)
    at_prompt: dict = field(default_factory=dict)


def reach(explorer, texts=(), prompts=(), seed=0, n_random=RANDOM_SETTINGS) -> Reached:
    """What the view shows over :func:`settings`."""
    controls = _named_controls(explorer)
    defaults = tuple(c.value for _, c in controls)
    reached = Reached()
    for setting, named_by in settings(explorer, texts, prompts, seed, n_random).items():
        for (_, control), v in zip(controls, setting):
            if control.value != v:
                control.value = v
        said = ", ".join(f"{name} = {v!r}" for (name, _), v, d in zip(controls, setting, defaults) if v != d)
        echoed = _inputs(c for _, c in controls)
        for token in numbers(shown(explorer)):
            if value_of(token) not in echoed:
                reached.first.setdefault(token, said or "the lesson's setting")
                for text in named_by:
                    reached.at_prompt.setdefault(text, {}).setdefault(token, said or "the lesson's setting")
    for (_, control), default in zip(controls, defaults):
        control.value = default
    return reached


# ---------------------------------------------------------------- the answers
@dataclass
class Answer:
    """An exercise's numeric answer: its numbers (each to be shown for the answer to be within
    reach) and ``takes(token)``, whether the exercise accepts a number so written for one of them."""
    id: str
    source: str                                   # "lesson 09" or "hw04, self-study variant"
    entries: list = field(default_factory=list)   # [(value, takes)]
    prompt: str = ""                              # the English prompt, naming the exercise's setting


def _numeric(value) -> bool:
    try:
        return not isinstance(value, (bool, str)) and np.isfinite(float(value))
    except (TypeError, ValueError):
        return False


def _entries(value) -> list:
    if isinstance(value, pd.DataFrame):
        return list(value.to_numpy().ravel())
    if isinstance(value, pd.Series):
        return list(value.to_numpy())
    if isinstance(value, dict):
        return list(value.values())
    if isinstance(value, (list, tuple, np.ndarray)):
        return list(np.ravel(np.asarray(value, dtype=object)))
    return [value]


def _symbolic(value) -> bool:
    return bool(getattr(value, "free_symbols", None))


#: what the search left out, for the test to print: {reason: [exercise ids]}
LEFT_OUT: dict = {}


def _leave_out(reason, what):
    LEFT_OUT.setdefault(reason, set()).add(what)


def lesson_answers(lesson: str) -> list:
    out = []
    for q in exercises(f"{lesson}."):
        if q.kind == "function":
            _leave_out("a function exercise (build-it): no single number to look for", q.id)
            continue
        if q.id in ASKS_FOR_THE_WIDGET:
            _leave_out("asks the student to read the widget: " + ASKS_FOR_THE_WIDGET[q.id], q.id)
            continue
        answer = Answer(q.id, f"lesson {lesson}", prompt=_english(q.prompt))
        for v in _entries(q.reference()):
            if _symbolic(v) or not _numeric(v):
                continue
            why = _trivial(v)
            if why:
                _leave_out(f"trivial ({why})", f"{q.id} = {v}")
                continue
            answer.entries.append((v, lambda token, v=v, q=q: compare(token, v, rtol=q.rtol, atol=q.atol,
                                                                       exact=q.exact) is None))
        if answer.entries:
            out.append(answer)
        elif not any(_numeric(v) for v in _entries(q.reference())):
            _leave_out("a word or a formula, not a number", q.id)
    return out


@lru_cache(maxsize=None)
def homework_lessons() -> dict:
    """{homework: the lessons it covers}, from its docstring's "(lessons NN-MM)"."""
    covers = {}
    for name in sources():
        doc = load(name).module.__doc__ or ""
        m = re.search(r"\(lessons (\d\d)-(\d\d)\)", doc)
        assert m, f"{name}'s docstring does not say which lessons it covers ('(lessons NN-MM)')"
        covers[name] = [f"{k:02d}" for k in range(int(m.group(1)), int(m.group(2)) + 1)]
    return covers


@lru_cache(maxsize=None)
def _variants(name):
    hw = load(name)
    return [("self-study variant", hw.variant(None, None))] + [
        (f"student {sid}'s variant", hw.variant(b"widget reach", sid)) for sid in STUDENTS]


def homework_answers(lesson: str) -> list:
    out = []
    for name, lessons in homework_lessons().items():
        if lesson not in lessons:
            continue
        for which, variant in _variants(name):
            for ex in variant.exercises:
                if ex.kind == "function":
                    _leave_out("a function exercise (build-it): no single number to look for", ex.id)
                    continue
                spec = ex.spec
                if spec["type"] in ("text", "sympy"):
                    _leave_out("a word or a formula, not a number", ex.id)
                    continue
                each = {"type": "number", "digits": spec["digits"]} if spec["type"] in ("array", "dict") else spec
                answer = Answer(ex.id, f"{name}, {which}", prompt=_english(ex.prompt))
                for v in _entries(ex.answer):
                    if not _numeric(v):
                        continue
                    why = _trivial(v)
                    if why:
                        _leave_out(f"trivial ({why})", f"{ex.id} = {v} ({which})")
                        continue
                    if _small_table_number(v):
                        _leave_out("a homework's small-table number (any table of a few rows gives it)",
                                   f"{ex.id} = {_simple(v, 20)} ({which})")
                        continue
                    accepted = set(reference_forms(v, each))
                    answer.entries.append((v, lambda token, accepted=accepted, each=each:
                                           bool(accepted & set(forms(token, each)))))
                if answer.entries:
                    out.append(answer)
    return out


_QUOTED = re.compile(r"""(?<!\w)['"“‘]([^'"”’\n]{3,200})['"”’](?!\w)""")


def prompts_of(lesson: str) -> list:
    """The English prompts of the lesson's exercises and of its homework's (every variant searched)."""
    prompts = [q.prompt for q in exercises(f"{lesson}.")]
    for name, lessons in homework_lessons().items():
        if lesson in lessons:
            prompts += [ex.prompt for _, v in _variants(name) for ex in v.exercises]
    return list(dict.fromkeys(map(_english, prompts)))


def _english(prompt) -> str:
    return prompt.get("en", "") if isinstance(prompt, dict) else str(prompt)


def texts_of(prompts) -> list:
    """The quoted texts of ``prompts``: the messages a student would type into a lesson's text box."""
    return list(dict.fromkeys(t for text in prompts for t in _QUOTED.findall(text)))


def _count(token: str) -> bool:
    """A whole number written as one (no point, no fraction bar): a count the view shows (159
    e-mails flagged), compared only with whole-number answers. A homework's grader would take 159
    for 159.002 (four significant digits), but a count of e-mails is not a weight."""
    return re.fullmatch(r"-?\d+", token) is not None


def _significant(token: str) -> int:
    mantissa = re.split(r"[eE]", token.lstrip("-"))[0]
    return len(mantissa.replace(".", "").lstrip("0"))


def rounded(token: str, value) -> bool:
    """``token`` is ``value`` written to the token's decimals or significant digits, with three
    significant digits or four decimals at least (0.636 for 7/11, 0.2696 for 0.269558, 0.0051 for
    0.00513): what a student reads off a view and copies."""
    if "/" in token or token.endswith("%") or "." not in token:
        return False
    decimals = len(re.split(r"[eE]", token)[0].split(".")[1])
    if _significant(token) < 3 and (decimals < 4 or "e" in token.lower()):
        return False
    x, v = float(value_of(token)), float(value)
    return round(v, decimals) == x or float(f"{v:.{_significant(token)}g}") == x


def leaks(widget_name: str, reached: Reached, answers: list) -> list:
    """A sentence for every answer all of whose numbers the view showed: within the exercise's
    tolerance at any setting, or rounded (:func:`rounded`) at a setting its prompt names."""
    found = []
    for answer in answers:
        hits = []
        at_its_setting = reached.at_prompt.get(answer.prompt, {})
        for value, takes in answer.entries:
            whole = float(value) == int(float(value))
            taken = [t for t in reached.first if (x := value_of(t)) is not None
                     and abs(float(x) - float(value)) <= 1e-3 * abs(float(value)) + 1e-9
                     and (whole or not _count(t)) and takes(t)]
            if taken:
                hits.append(f"{taken[0]} for {float(value):.6g}, at {reached.first[taken[0]]}")
                continue
            near = [t for t in at_its_setting if rounded(t, value)]
            if not near:
                break
            hits.append(f"{near[0]} for {float(value):.6g} (rounded), at the prompt's setting {at_its_setting[near[0]]}")
        else:
            found.append(f"{widget_name} shows the answer of {answer.id} ({answer.source}): " + "; ".join(hits))
    return found


# ---------------------------------------------------------------- building the lessons' widgets
def build(widget: Widget):
    names = {}
    exec(IMPORTS, names)                       # noqa: S102 - the lessons' own lines, from WIDGETS
    exec("\n".join(widget.setup), names)       # noqa: S102
    return names[widget.call] if widget.call.isidentifier() else eval(widget.call, names)  # noqa: S307


LESSONS = sorted({w.lesson for w in WIDGETS})


@pytest.fixture(autouse=True)
def _views_in_english():
    set_language("en")
    yield
    set_language("en")


@pytest.mark.parametrize("lesson", LESSONS)
def test_no_answer_is_within_a_widgets_reach(lesson):
    answers = lesson_answers(lesson) + homework_answers(lesson)
    prompts = prompts_of(lesson)
    texts = texts_of(prompts)
    found = []
    for widget in (w for w in WIDGETS if w.lesson == lesson):
        explorer = build(widget)
        assert shown(explorer).strip(), f"{widget.name}: nothing read off the view (the reader of views is broken)"
        reached = reach(explorer, texts=texts, prompts=prompts, seed=int(lesson), n_random=widget.n_random)
        found += leaks(widget.name, reached, answers)
    print(f"lesson {lesson}: searched {sorted({a.id for a in answers})}")     # shown with -rP, and on a failure
    for reason, what in sorted(LEFT_OUT.items()):
        print(f"  not searched, {reason}: {', '.join(sorted(what))}")
    LEFT_OUT.clear()
    assert not found, "an exercise's answer is within a widget's reach:\n" + "\n".join(found)


# ---------------------------------------------------------------- the table is the lessons' widgets
#: what a lesson imports from nbteach.widgets and calls, but that has no control (not a widget)
NO_CONTROL = {"lagrange_picture": "lesson 04's matplotlib figure of the constraint, drawn once",
              "tan_svg": "lesson 10's drawing of a fitted TAN, an SVG string"}


def _widget_imports(source: str) -> set:
    """The names a cell imports from nbteach.widgets (or one of its modules)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    return {a.asname or a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
            and (node.module or "").startswith("nbteach.widgets") for a in node.names}


def _code_lines(source: str) -> list:
    """The cell's lines without their comments (the Chinese edition translates them), right-stripped."""
    lines = source.split("\n")
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type == tokenize.COMMENT:
                row, col = tok.start
                lines[row - 1] = lines[row - 1][:col]
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    return [line.rstrip() for line in lines]


def _assignments(source: str):
    """(name, the statement's lines) of every name a cell assigns at its top level."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return
    for node in tree.body:
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For)):
            targets = [node.target]
        for target in targets:
            for name in ast.walk(target):
                if isinstance(name, ast.Name):
                    yield name.id, _code_lines(ast.get_source_segment(source, node))


@lru_cache(maxsize=None)
def _lessons(edition: str) -> list:
    """(path, code cells, their sources) of each lesson of an edition ("" or "zh")."""
    out = []
    for path in sorted((ROOT / "notebooks" / edition).glob("[0-9][0-9]_*.ipynb")):
        cells = [c for c in json.loads(path.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]
        out.append((path, cells, ["".join(c["source"]) for c in cells]))
    return out


def table_problems(edition: str, widgets=WIDGETS) -> list:
    """What differs between ``widgets`` and the lessons of an edition ("" or "zh"), one sentence each."""
    table = {(w.lesson, w.cell): w for w in widgets}
    called, wrong = set(), []
    for path, cells, codes in _lessons(edition):
        lesson = path.name[:2]
        imported = set().union(*map(_widget_imports, codes))
        for k, (cell, source) in enumerate(zip(cells, codes)):
            body = "\n".join(line for line in _code_lines(source) if not line.lstrip().startswith(("from ", "import ")))
            names = {n for n in imported if re.search(r"(?<![\w.])" + re.escape(n) + r"\(", body)} - set(NO_CONTROL)
            if not names:
                continue
            called.add((lesson, cell["id"]))
            widget = table.get((lesson, cell["id"]))
            if widget is None:
                wrong.append(f"{path.name} cell {cell['id']} calls {sorted(names)}: not in WIDGETS")
                continue
            earlier = {line for s in codes[:k + 1] for line in _code_lines(s)}
            for line in widget.setup:
                if line not in earlier:
                    wrong.append(f"{path.name}: {widget.name}'s setup line {line!r} is not in its cells up to {cell['id']}")
            if widget.call not in "\n".join(_code_lines(source)) and widget.call not in widget.setup[-1:]:
                wrong.append(f"{path.name}: cell {cell['id']} does not call {widget.call!r}")
            last = {}
            for s in codes[:k + 1]:
                for name, statement in _assignments(s):
                    last[name] = statement
            setup_names = {name for name, _ in _assignments("\n".join(widget.setup))}
            for name in sorted(setup_names):
                if not set(last.get(name, [])) <= set(widget.setup):
                    wrong.append(f"{path.name}: {name} is last assigned before {cell['id']} by "
                                 f"{last.get(name)}, not by {widget.name}'s setup")
    return wrong + [f"WIDGETS has {m}, which no cell calls" for m in sorted(set(table) - called)]


@pytest.mark.parametrize("edition", ["", "zh"])
def test_the_table_is_the_lessons_widgets(edition):
    """Every widget a lesson calls is in WIDGETS with its cell, its call as written there, and
    setup lines as written in the lesson's earlier code cells; every name the setup assigns is last
    assigned, before the widget's cell, by a setup line (a later cell that changed the model or the
    data would leave the table behind)."""
    problems = table_problems(edition)
    assert not problems, "\n".join(problems)


def test_the_table_check_finds_a_table_that_drifted():
    nine = next(w for w in WIDGETS if w.lesson == "09")
    ten = next(w for w in WIDGETS if w.lesson == "10")
    drifted = [w for w in WIDGETS if w not in (nine, ten)] + [
        replace(nine, setup=nine.setup[:2] + ("model = BernoulliNB(alpha=0.5).fit(X_train, y_train)",)),
        replace(ten, call=ten.call.replace("3rd class", "1st class")),
        Widget("11", "a6ed64eb", (), "network_explorer(burglary())")]
    problems = "\n".join(table_problems("", drifted))
    assert "setup line 'model = BernoulliNB(alpha=0.5)" in problems
    assert "model is last assigned before d8e9b446" in problems
    assert "cell 750449f1 does not call" in problems
    assert "WIDGETS has ('11', 'a6ed64eb'), which no cell calls" in problems
    dropped = "\n".join(table_problems("zh", WIDGETS[1:]))
    assert f"cell {WIDGETS[0].cell} calls ['bayes_explorer']: not in WIDGETS" in dropped


# ---------------------------------------------------------------- the detector can fail
class _Planted(Explorer):
    """A view that shows ``answer`` (to ``digits`` significant digits, in an SVG's text) when its
    slider is at ``at`` (or its text box holds ``message``, if given); otherwise other numbers, and
    the answer's digits where a reader does not see them (a path's coordinates, a style block)."""

    def __init__(self, answer, at=17, digits=6, message=None):
        self.answer, self.at, self.digits, self.message = answer, at, digits, message
        self.slider = ipywidgets.IntSlider(value=0, min=0, max=20, step=1, description="k")
        self.text = ipywidgets.Text(value="hello", description="message")
        self.view = ipywidgets.HTML()
        self.widget = ipywidgets.VBox([self.slider, self.text, self.view])
        self.slider.observe(lambda _: self._update(), names="value")
        self.text.observe(lambda _: self._update(), names="value")
        self._update()

    def _update(self):
        k = self.slider.value
        hit = k == self.at if self.message is None else self.text.value == self.message
        written = f"{float(self.answer):.{self.digits}g}"
        shown_value = written if hit else f"{0.0123 * (k + 1):.4f}"
        self.view.value = (f"<style>.x{{width:{written}px}}</style><svg><path d='M {written} 1 L 2 3'/>"
                           f"<text>P(yes) = {shown_value}</text><text>{k} of 159 flagged</text></svg>")


def test_the_detector_finds_an_answer_planted_in_a_view():
    q = exercise("10.aode_posterior")
    answers = lesson_answers("10")
    assert [a.id for a in answers if a.id == q.id], "10.aode_posterior is no longer searched"
    found = leaks("planted", reach(_Planted(q.reference())), answers)
    assert any("10.aode_posterior" in f and "slider = 17" in f for f in found), found
    # the same number only where nobody reads it (coordinates, a style), or as a count: nothing found
    assert not leaks("planted", reach(_Planted(q.reference(), at=99)), answers)
    assert "0.4608" not in " ".join(numbers(visible_text("<svg><path d='M 0.4608 1'/><style>a{b:0.4608}</style></svg>")))
    assert _count("159") and not _count("159.0") and not _count("3/8")
    # rounded beyond the exercise's tolerance (rtol 1e-4): 0.46 is not the answer
    assert not leaks("planted", reach(_Planted(q.reference(), digits=2)), answers)


def test_the_detector_finds_a_homework_answer_and_drives_text_boxes_with_the_prompts():
    """hw04 covers lesson 08: a view that showed the self-study variant's density to four digits (the
    grader's precision) would fail; so would a text box given a message a prompt quotes."""
    answers = homework_answers("08")
    density = next(a for a in answers if a.id == "hw04.density" and "self-study" in a.source)
    found = leaks("planted", reach(_Planted(density.entries[0][0], digits=4)), answers)
    assert any("hw04.density (hw04, self-study variant)" in f for f in found), found
    q = exercise("06.joint_log_score")
    prompts = prompts_of("06")
    assert "cheap cheap lunch now" in texts_of(prompts)
    planted = _Planted(q.reference(), message="cheap cheap lunch now", digits=12)
    found = leaks("planted", reach(planted, texts=texts_of(prompts), prompts=prompts), lesson_answers("06"))
    assert any("06.joint_log_score" in f and "cheap cheap lunch now" in f for f in found), found


def test_lesson_10s_view_would_give_away_its_exercise_as_it_was():
    """Before issue 33, 10.aode_posterior asked AODE(m=200, alpha=1) on the prompt's girl, which the
    lesson's one_dependence_explorer shows (0.461131); the exercise is now at alpha = 0.5, and keeps
    the explorer's number as a mistake. Searched for as the answer, the real view gives it away:
    the prompt's setting (3rd class, child, women, m = 200) is among those the test drives."""
    q = exercise("10.aode_posterior")
    old = next(m for m in q.mistakes if m.name == "explorer_alpha")
    value = old.answer()
    as_it_was = Answer("10.aode_posterior (alpha = 1)", "lesson 10",
                       [(value, lambda t: compare(t, value, rtol=q.rtol, atol=q.atol) is None)],
                       prompt=q.prompt["en"])
    widget = next(w for w in WIDGETS if w.lesson == "10")
    found = leaks(widget.name, reach(build(widget), prompts=[q.prompt["en"]], n_random=0), [as_it_was])
    assert len(found) == 1 and "m_slider = 200" in found[0] and "'child'" in found[0], found


def test_what_is_too_common_to_search_for():
    assert _trivial(0) == "0 or 1" and _trivial(1.0) == "0 or 1" and _trivial(0.75) == "a fraction over 4"
    assert _trivial(Fraction(15, 2)) == "a fraction over 2" and _trivial(12) == "a whole number up to 20"
    assert _trivial(Fraction(3, 7)) is None and _trivial(21) is None and _trivial(0.4608811) is None
    assert _small_table_number(Fraction(3, 7)) and _small_table_number(4 / 11) and _small_table_number(26)
    assert not _small_table_number(159.002) and not _small_table_number(Fraction(33, 37))
    assert rounded("0.636", Fraction(7, 11)) and rounded("0.2696", 0.269558) and rounded("0.0051", 0.00513)
    assert not rounded("0.64", Fraction(7, 11)) and not rounded("0.637", Fraction(7, 11)) and not rounded("1", 1.0)
