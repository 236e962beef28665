"""Problems a reviewer found working through the lesson 04-07 and homework 2-3 exercises.

Each test fails on the code before its fix: a hand-rounded answer told only "not the right
value", an exercise whose answer the lesson already prints, a prompt naming a variable
the notebook does not have, or a common wrong answer that got no targeted hint.
"""
import pytest

from nbteach.check import INCORRECT, exercise
from nbteach.check.compare import compare
from nbteach.i18n import set_language


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


# -- 1. a float answer rounded by hand -------------------------------------------------------
@pytest.mark.parametrize("got, want", [(0.532, 0.53217), (-10.81, -10.8127), (0.714, 0.71428)])
def test_a_hand_rounded_float_is_called_rounded(got, want):
    assert compare(got, want).code == "rounded_float"
    assert compare(str(got), want).code == "rounded_float"


def test_far_or_tolerated_floats_are_not_called_rounded():
    assert compare(0.54, 0.53217).code == "value"
    assert compare(0.53217 * (1 + 1e-12), 0.53217) is None
    assert compare(0.532, 0.53217, rtol=1e-2) is None  # within the exercise's own tolerance
    assert compare(0.001, 0.0).code == "value"
    assert compare(float("inf"), 0.5).code == "value"


ROUNDED_IDS = ["04.log_likelihood", "06.joint_log_score", "07.precision_spam", "07.macro_f1",
               "hw02.log_likelihood", "hw03.f1", "hw03.accuracy_paradox"]


def _hand_rounded(ref):
    """The reference as a student copies it from a table: 4 significant digits."""
    got = float(f"{ref:.4g}")
    return got if got != ref else ref * (1 + 4e-4)


@pytest.mark.parametrize("qid", ROUNDED_IDS)
def test_a_rounded_copy_of_the_answer_is_told_so_without_the_answer(qid):
    q = exercise(qid)
    ref = float(q.reference())
    got = _hand_rounded(ref)
    r = q.check(got)
    assert r.status == INCORRECT and r.mistake is None
    assert "rounded" in r.message and "full precision" in r.message
    for leak in (f"{ref:.6g}", f"{ref:.5g}", repr(ref)):
        assert leak not in r.message
    set_language("zh")
    assert "四舍五入" in q.check(got).message
