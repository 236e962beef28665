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


# -- 3. prompts name the notebook's variables ------------------------------------------------
def _notebook_code(name):
    import re
    from pathlib import Path

    import nbformat

    nb = nbformat.read(Path(__file__).resolve().parents[1] / "notebooks" / "homework" / name, 4)
    return "\n".join(c.source for c in nb.cells if c.cell_type == "code"), re


@pytest.mark.parametrize("qid", ["hw03.accuracy_paradox", "hw03.oversampled_size"])
def test_hw03_prompts_name_variables_the_notebook_defines(qid):
    code, re = _notebook_code("hw03_evaluation_and_imbalance.ipynb")
    for lang in ("en", "zh"):
        prompt = exercise(qid).prompt[lang]
        names = set(re.findall(r"\b[A-Za-z]+_[A-Za-z_]+\b", prompt))
        assert "y_true" in names
        for name in names:
            assert re.search(rf"^{name}\s*=", code, re.M), (qid, lang, name)


# -- 4. two more common wrong answers ---------------------------------------------------------
def test_mu_spam_diagnoses_plus_one_in_the_denominator():
    import numpy as np

    from nbteach import BernoulliNB
    from nbteach.check import hw02

    nb = BernoulliNB(alpha=0.0).fit((np.asarray(hw02.X) > 0).astype(int), hw02.Y)
    k = list(nb.classes_).index("spam")
    n_ij, n_j = nb.feature_count_[k], nb.class_count_[k]
    r = exercise("hw02.mu_spam").check((n_ij + 1) / (n_j + 1))
    assert r.status == INCORRECT and r.mistake == "plus_one_not_2"
    assert "adds 2" in r.message and "one per outcome" in r.message
    set_language("zh")
    assert "加 2" in exercise("hw02.mu_spam").check((n_ij + 1) / (n_j + 1)).message


def test_accuracy_paradox_diagnoses_the_spam_share():
    from nbteach.check import hw03

    spam_share = hw03.Y_TRUE.count("spam") / len(hw03.Y_TRUE)
    r = exercise("hw03.accuracy_paradox").check(spam_share)
    assert r.status == INCORRECT and r.mistake == "spam_share"
    assert "share of spam" in r.message
    assert str(round(1 - spam_share, 3))[:5] not in r.message
    set_language("zh")
    assert "比例" in exercise("hw03.accuracy_paradox").check(spam_share).message
