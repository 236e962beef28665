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
