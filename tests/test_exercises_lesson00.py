"""Lesson 00's warm-up exercises: the reference is right, each mistake is diagnosed."""
import pytest

from nbteach.check import ____, exercise, exercises
from nbteach.check.lesson00 import EXPLORER_LIKELIHOODS, EXPLORER_PRIOR

IDS = ["00.flu_share", "00.count_flu", "00.n_features", "00.explorer_posterior"]


def test_lesson00_defines_its_exercises():
    assert [e.id for e in exercises("00.")] == sorted(IDS)


@pytest.mark.parametrize("exercise_id", IDS)
def test_placeholder_is_not_attempted(exercise_id):
    assert exercise(exercise_id).check(____).status == "not attempted"


@pytest.mark.parametrize("exercise_id", IDS)
def test_every_mistake_differs_and_gets_its_hint(exercise_id):
    q = exercise(exercise_id)
    assert q.check(q.reference()).correct
    for mistake, wrong in q.mistake_values():
        result = q.check(wrong)
        assert result.status == "incorrect", mistake.name
        assert result.mistake == mistake.name


def test_answers_a_student_would_type():
    assert exercise("00.count_flu").check(3).correct
    assert exercise("00.count_flu").check(5).mistake == "all_rows"
    assert exercise("00.n_features").check(4).correct
    assert exercise("00.n_features").check(5).mistake == "class_column_counted"
    q = exercise("00.explorer_posterior")
    assert q.check(0.333).correct          # read off the widget, three decimals
    assert q.check("1/3").correct
    assert not q.check(0.34).correct
    assert q.check(0.9).mistake == "likelihood_for_posterior"


def test_explorer_exercise_matches_what_the_widget_shows():
    from nbteach.widgets import bayes_explorer

    ex = bayes_explorer()
    ex.prior_slider.value = EXPLORER_PRIOR
    for cls, value in EXPLORER_LIKELIHOODS.items():
        ex.likelihood_sliders[cls].value = value
    shown = float(ex.result.posterior["ill"])
    assert exercise("00.explorer_posterior").check(round(shown, 3)).correct
    assert f"{shown:.4f}" in ex.view.value


# Issue 33 item 5: 00.flu_share's answer was printed by lesson 00's cells 6 and 8 (prob(df,
# Diagnosis="Flu") and explain's prior, 3/5) before it was asked, and its first hint,
# `prob(df, Diagnosis='Flu')`, computed it outright.

def _shown_before_the_exercises():
    """The exact values lesson 00 prints before its exercises, computed by the library the
    way its cells compute them (no notebook run): cell 6's two shares, every fraction of cell
    8's explain, and cell 14's posterior."""
    import re
    from fractions import Fraction

    import nbteach
    from nbteach.probability import prob

    df = nbteach.flu_cold()
    shown = {prob(df, Diagnosis="Flu"), prob(df, Cough="yes", given={"Diagnosis": "Cold"})}
    model = nbteach.CategoricalNB(exact=True).fit(df.drop(columns="Diagnosis"), df["Diagnosis"])
    text = str(model.explain({"Headache": "mild", "Sore": "severe", "Temperature": "normal", "Cough": "yes"}))
    shown |= {Fraction(int(a), int(b)) for a, b in re.findall(r"(\d+)/(\d+)", text)}
    shown |= set(nbteach.bayes({"ill": "1/5", "healthy": "4/5"}, {"ill": "19/20", "healthy": "1/20"}).posterior.values())
    return shown


def test_flu_share_answer_is_not_printed_before_it_is_asked():
    shown = _shown_before_the_exercises()
    assert len(shown) > 5
    assert exercise("00.flu_share").reference() not in shown


def _calls(text):
    """Every `name(...)` in a hint, with its parentheses balanced."""
    import re

    for m in re.finditer(r"[A-Za-z_][\w.]*\(", text):
        depth = 0
        for j in range(m.end() - 1, len(text)):
            depth += {"(": 1, ")": -1}.get(text[j], 0)
            if depth == 0:
                yield text[m.start():j + 1]
                break


def test_no_flu_share_hint_computes_it():
    from fractions import Fraction

    import nbteach
    from nbteach.probability import prob

    q = exercise("00.flu_share")
    ns = {"df": nbteach.flu_cold(), "prob": prob, "nbteach": nbteach, "Fraction": Fraction}
    hints = [h for hint in q.hints for h in hint.values()]
    calls = [c for h in hints for c in _calls(h)]
    assert calls, "the hints name the function to use"
    for call in calls:
        try:
            value = eval(call, dict(ns))
        except Exception:
            continue
        assert value != q.reference(), f"hint line {call!r} computes the answer"


def test_flu_share_asks_a_conditional_share_and_names_the_near_misses():
    from fractions import Fraction

    q = exercise("00.flu_share")
    assert q.check("3/4").correct and q.check(Fraction(3, 4)).correct
    assert not q.check(0.75).correct                          # exact answers are asked exactly
    assert q.check(Fraction(3, 5)).mistake == "all_patients"  # the share cell 6 prints
    assert q.check(1).mistake == "reversed"                   # P(cough | flu), in explain
    assert q.check(Fraction(4, 5)).mistake == "cough_share"
    assert q.check(3).mistake == "count"


def test_lesson00_asks_flu_share_as_an_exercise_in_both_editions():
    """The worked example of the exact-answer rule no longer answers it: 00.flu_share is a
    check cell with the blank in the Exercises section, and the rule is shown on 00.count_flu."""
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "notebooks"
    for path in (root / "00_start_here.ipynb", root / "zh" / "00_start_here.ipynb"):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        src = ["".join(c["source"]) for c in cells]
        asks = [i for i, s in enumerate(src) if "00.flu_share" in s]
        exercises_at = next(i for i, c in enumerate(cells) if c["id"] == "2f1e30be-1")
        assert asks and min(asks) > exercises_at, path
        assert any("____" in src[i] and ".check(answer)" in src[i] for i in asks), path
        assert not any("Fraction(3, 4)" in s or '"3/4"' in s for s in src), path
