"""How the exercises of lessons 04-07 and homework 2-3 diagnose wrong answers: each test pins a
problem a reviewer found working through them.

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


# (homework answers rounded too far: tests/test_homework_graded.py)
ROUNDED_IDS = ["04.log_likelihood", "06.joint_log_score", "07.precision_spam", "07.macro_f1"]


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
        prompt = _homework("hw03")[qid].prompt[lang]
        names = set(re.findall(r"\b[A-Za-z]+_[A-Za-z_]+\b", prompt))
        assert "y_true" in names
        for name in names:
            assert re.search(rf"^{name}\s*=", code, re.M), (qid, lang, name)


# -- 4. two more common wrong answers ---------------------------------------------------------
def _homework(name):
    """The self-study homework's graded checks, registered as its notebook does."""
    from nbteach.teacher.homework import load

    return load(name).variant(None, None).register()


def test_mu_spam_diagnoses_plus_one_in_the_denominator():
    import numpy as np

    from nbteach import BernoulliNB
    from nbteach.teacher.homework import load

    p = load("hw02").variant(None, None).params
    nb = BernoulliNB(alpha=0.0).fit((np.asarray(p["X"]) > 0).astype(int), p["y"])
    k = list(nb.classes_).index("spam")
    n_ij, n_j = nb.feature_count_[k], nb.class_count_[k]
    q = _homework("hw02")["hw02.mu_spam"]
    r = q.check((n_ij + 1) / (n_j + 1))
    assert r.status == INCORRECT and r.mistake == "plus_one_not_2"
    assert "adds 2" in r.message and "one per outcome" in r.message
    set_language("zh")
    assert "加 2" in q.check((n_ij + 1) / (n_j + 1)).message


def test_accuracy_paradox_diagnoses_the_spam_share():
    from nbteach.teacher.homework import load

    p = load("hw03").variant(None, None).params
    spam_share = p["n_spam"] / (p["n_spam"] + p["n_ham"])
    q = _homework("hw03")["hw03.accuracy_paradox"]
    r = q.check(spam_share)
    assert r.status == INCORRECT and r.mistake == "spam_share"
    assert "share of spam" in r.message
    assert str(round(1 - spam_share, 3))[:5] not in r.message
    set_language("zh")
    assert "比例" in q.check(spam_share).message


# -- 2. exercises whose answer the lesson printed ---------------------------------------------
def _not_given_away(printed, qid):
    """The lesson's printed value is not the answer, not even rounded."""
    d = compare(printed, exercise(qid).reference())
    assert d is not None and d.code not in ("rounded", "rounded_float"), (qid, printed)


def _lesson_code_before_exercises(name):
    """The source of every cell (code and markdown) before the lesson's "## Exercises"."""
    from pathlib import Path

    import nbformat

    nb = nbformat.read(Path(__file__).resolve().parents[1] / "notebooks" / name, 4)
    cells = []
    for c in nb.cells:
        if c.cell_type == "markdown" and "## Exercises" in c.source:
            break
        cells.append(c.source)
    return "\n".join(cells)


def test_04_log_likelihood_is_not_the_lessons_demo():
    from nbteach.derivations import underflow_demo

    code = _lesson_code_before_exercises("04_mle_lagrange_multipliers.ipynb")
    assert "underflow_demo(doc_length=300)" in code  # the demo the lesson prints
    _not_given_away(float(underflow_demo(doc_length=300).log_likelihood), "04.log_likelihood")
    q = exercise("04.log_likelihood")
    assert "seed=3" in q.prompt["en"] and "seed=3" in q.prompt["zh"] and "seed=3" not in code
    assert q.check(float(underflow_demo(doc_length=500, seed=3).log_likelihood)).correct


def test_05_bernoulli_prediction_asks_about_a_document_the_lesson_does_not_classify():
    from nbteach.check import lesson05

    code = _lesson_code_before_exercises("05_bernoulli_nb.ipynb")
    assert "free free free meeting" in code and lesson05.QUERY not in code
    q = exercise("05.bernoulli_prediction")
    assert lesson05.QUERY in q.prompt["en"] and lesson05.QUERY in q.prompt["zh"]
    # the models still disagree on it, so the multinomial answer is a diagnosed mistake
    multinomial = lesson05._predict("MultinomialNB")
    assert multinomial != q.reference()
    assert q.check(multinomial).mistake == "multinomial" and "'win'" in q.check(multinomial).message


def _lesson07_scores():
    """Precision of spam and macro F1 of every model lesson 07 prints (sections 2-4)."""
    from nbteach.bernoulli import BernoulliNB
    from nbteach.metrics import f1_score, precision_score
    from nbteach.realdata import email_features
    from nbteach.resample import random_oversample, random_undersample, train_test_split

    X, y = email_features()
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.3, random_state=0)
    fits = [(BernoulliNB(alpha=1.0), Xtr, ytr), (BernoulliNB(class_prior=[0.5, 0.5]), Xtr, ytr),
            (BernoulliNB(), *random_oversample(Xtr, ytr, random_state=0))]
    fits += [(BernoulliNB(), *random_undersample(Xtr, ytr, random_state=s)) for s in range(5)]
    out = []
    for model, Xa, ya in fits:
        p = model.fit(Xa, ya).predict(Xte)
        out.append((precision_score(yte, p, pos_label="spam"), f1_score(yte, p, average="macro")))
    return out


def test_07_exercises_score_a_model_the_lesson_does_not_print():
    code = _lesson_code_before_exercises("07_evaluation_and_imbalance.ipynb")
    assert "range(5)" in code and "random_state=5" not in code
    for precision, macro in _lesson07_scores():
        _not_given_away(precision, "07.precision_spam")
        _not_given_away(macro, "07.macro_f1")
    for qid in ("07.precision_spam", "07.macro_f1"):
        q = exercise(qid)
        assert "random_state=5" in q.prompt["en"] and "random_state=5" in q.prompt["zh"]
        assert "random_state=5" in str(q.solution())


@pytest.mark.parametrize("name", ["hw02_multinomial_and_bernoulli.ipynb",
                                  "hw03_evaluation_and_imbalance.ipynb"])
def test_homework_intro_quotes_the_rounded_message_the_check_gives(name):
    from nbteach.check.messages import phrase

    intro = _lesson_code_before_exercises(f"homework/{name}")  # every cell: no "## Exercises"
    assert "Close, but rounded" in intro and phrase("rounded_float", "en").startswith("Close, but rounded")
