"""Function answers: randomised inputs, deep copies, None, mutation, errors, time budget."""
import threading
import time
from fractions import Fraction

import pytest

from nbteach.check import INCORRECT, NOT_ATTEMPTED, ____, exercise
from nbteach.check.functions import make_inputs, run_calls


@pytest.fixture
def q():
    return exercise("03.lidstone_function")


def test_a_right_function_is_correct_even_written_with_floats(q):
    def lidstone(count, total, n_values, alpha):
        return (count + alpha) / (total + n_values * alpha)

    def lidstone_float(count, total, n_values, alpha):
        return float(count + alpha) / float(total + n_values * alpha)

    assert q.check(lidstone).correct
    assert q.check(lidstone_float).correct


def test_inputs_are_randomised_per_check(q):
    assert make_inputs(q, seed=1) != make_inputs(q, seed=2)
    assert make_inputs(q, seed=1) == make_inputs(q, seed=1)


def test_unfinished_function_returning_the_placeholder_is_not_attempted(q):
    def lidstone(count, total, n_values, alpha):
        return ____

    assert q.check(lidstone).status == NOT_ATTEMPTED


def test_none_return_is_named(q):
    def lidstone(count, total, n_values, alpha):
        (count + alpha) / (total + n_values * alpha)

    r = q.check(lidstone)
    assert r.status == INCORRECT and "returned None" in r.message and "return" in r.message


def test_an_error_shows_only_the_students_frames(q):
    def lidstone(count, total, n_values, alpha):
        return helper(count)

    def helper(c):
        return c / 0

    r = q.check(lidstone)
    assert r.status == INCORRECT
    assert "ZeroDivisionError" in r.message and "helper" in r.message
    assert "nbteach/check" not in r.message and "_call_with_budget" not in r.message
    # and no reference value leaks through the message
    assert "1/6" not in r.message


def test_a_function_that_loops_is_stopped_by_the_budget(q, monkeypatch):
    monkeypatch.setattr(q, "time_budget", 0.5)

    def lidstone(count, total, n_values, alpha):
        while True:
            pass

    start = time.monotonic()
    r = q.check(lidstone)
    assert r.status == INCORRECT and "stopped" in r.message
    assert time.monotonic() - start < 10


def test_budget_also_works_outside_the_main_thread(q, monkeypatch):
    monkeypatch.setattr(q, "time_budget", 0.3)

    def lidstone(count, total, n_values, alpha):
        time.sleep(5)

    box = {}
    t = threading.Thread(target=lambda: box.setdefault("r", q.check(lidstone)))
    t.start()
    t.join(20)
    assert "stopped" in box["r"].message


def test_mutating_an_input_is_named_with_the_parameter():
    from nbteach.teacher.homework import load

    q = load("hw01").variant(None, None).register()["hw01.posterior_function"]

    def posterior(prior, likelihood):
        for c in prior:
            prior[c] *= likelihood[c]
        total = sum(prior.values())
        return {c: p / total for c, p in prior.items()}

    r = q.check(posterior)
    assert r.status == INCORRECT and "changed its input prior" in r.message


def test_the_library_inputs_are_deep_copied():
    q = exercise("02.likelihood_function")
    seen = []

    def likelihood(df, feature, value, cls):
        seen.append(df)
        rows = df[df["Diagnosis"] == cls]
        return Fraction(int((rows[feature] == value).sum()), len(rows))

    assert q.check(likelihood).correct
    assert len({id(df) for df in seen}) == len(seen)


def test_not_a_function(q):
    r = q.check(Fraction(1, 6))
    assert r.status == INCORRECT and "function" in r.message


def test_run_calls_stops_at_first_error():
    outcomes = run_calls(lambda x: 1 / x, [((1,), {}), ((0,), {}), ((2,), {})], budget=2)
    assert len(outcomes) == 2 and outcomes[0].output == 1 and "ZeroDivisionError" in outcomes[1].error


# ---------------------------------------------------------------- build-it: shortcuts switched off
def _build_it(forbidden):
    from nbteach.check.core import _REGISTRY, define
    from nbteach.smoothing import lidstone

    q = define("99.build_it_probe", {"en": "Write lidstone.", "zh": "编写 lidstone。"},
               answer=lambda: (lambda count, total, n_values, alpha: (count + alpha) / (total + n_values * alpha)),
               kind="function", inputs=lambda rng: [((rng.randint(0, 5), 6, 3, 1), {}) for _ in range(3)],
               forbidden=forbidden, shortcut=lambda count, total, n_values, alpha:
               lidstone(count, total, n_values, alpha))
    _REGISTRY.pop("99.build_it_probe")
    return q


def test_a_switched_off_function_is_refused_however_the_student_reached_it():
    import nbteach
    import nbteach.smoothing as smoothing

    q = _build_it(("nbteach.smoothing.lidstone",))
    alias = smoothing.lidstone

    def via_alias(count, total, n_values, alpha):
        return alias(count, total, n_values, alpha)

    def via_package(count, total, n_values, alpha):
        return nbteach.smoothing.lidstone(count, total, n_values, alpha)

    def caught(count, total, n_values, alpha):      # called, its error swallowed, a value made up
        try:
            return alias(count, total, n_values, alpha)
        except Exception:
            return (count + alpha) / (total + n_values * alpha)

    def own(count, total, n_values, alpha):
        return (count + alpha) / (total + n_values * alpha)

    for func in (q.shortcut, via_alias, via_package, caught):
        r = q.check(func, _record=False)
        assert r.status == INCORRECT and r.mistake == "library_shortcut", (func.__name__, r.message)
        assert "nbteach.smoothing.lidstone" in r.message and "switched off" in r.message
    assert q.check(own, _record=False).correct
    assert smoothing.lidstone(1, 2, 2, 1) == 0.5 and alias is smoothing.lidstone   # put back as it was


def test_a_switched_off_class_or_method_is_refused_and_put_back():
    import numpy as np

    from nbteach.check.functions import LibraryShortcut, switched_off
    from nbteach.multinomial import MultinomialNB

    with switched_off(("nbteach.multinomial.MultinomialNB",)):
        with pytest.raises(LibraryShortcut):
            MultinomialNB(alpha=1)
    with switched_off(("nbteach.multinomial.MultinomialNB.fit",)):
        with pytest.raises(LibraryShortcut):
            MultinomialNB(alpha=1).fit(np.array([[1, 0], [0, 1]]), np.array([0, 1]))
    model = MultinomialNB(alpha=1).fit(np.array([[1, 0], [0, 1]]), np.array([0, 1]))
    assert list(model.predict(np.array([[1, 0]]))) == [0]
    with switched_off(("no.such.module.name",)):   # a name not installed here: nothing to switch off
        pass
