"""Feedback modes of graded homework, chosen per assignment at assign time (issue 20).

``practice`` carries digests of the accepted answers (a check says correct at once, and a
student searching offline can find the answer); ``graded`` carries nothing from which a
right answer can be confirmed offline; ``none`` checks the form only. The attack here is
the one that recovered every value answer of hw01 from a released notebook: digest every
way the right answer can be written (exact, at 2..8 significant digits, the grader's own
forms) with the exercise's salt and look for it anywhere in the notebook.
"""
import json
import re
from fractions import Fraction

import numpy as np
import pytest
import sympy

from nbteach.check import CORRECT, INCORRECT
from nbteach.check.graded import RECORDED, _sig, digest, reference_forms, rounded_forms
from nbteach.i18n import set_language
from nbteach.teacher.assign import main as assign_main
from nbteach.teacher.homework import _call, load, sources

SECRET = b"a teacher's secret"


@pytest.fixture(autouse=True)
def _clean(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    set_language("en")
    yield
    set_language("en")


def _checks_of(nb: dict) -> dict:
    cell = next(c for c in nb["cells"] if "nbteach-checks" in c["metadata"].get("tags", []))
    return json.loads(json.loads("".join(cell["source"]).split("register(", 1)[1].rsplit(")", 1)[0]))


def _candidate_forms(ex) -> set:
    """Every canonical form that confirms the right answer: what the grader accepts (the
    value at the stated digits, or exact), the value written more precisely, and the rounded
    forms a practice notebook carries (``r<k>:``, at 1..10 significant digits). (A form of
    the value at fewer digits than stated confirms nothing: a mistake that happens to equal
    it, say 1.000 against an answer of 0.96, says nothing about the answer.)"""
    if ex.kind == "function":
        out = set()
        for args, kwargs in ex.public:
            out |= set(reference_forms(_call(ex.answer, args, kwargs), ex.spec))
        return out
    out = set(reference_forms(ex.answer, ex.spec)) | set(rounded_forms(ex.answer, ex.spec))
    if ex.spec["type"] in ("exact", "number"):
        v = Fraction(ex.answer)
        for k in range(1, 11):
            out |= {f"r{k}:{f}" for f in _sig(v, k, both_near=True)}
            if ex.spec["type"] == "number" and k >= ex.spec["digits"]:
                out |= set(_sig(v, k, both_near=True))
    return out


def _recovered(nb: dict, variant) -> list:
    """The exercises whose right answer a digest in the notebook confirms."""
    text = json.dumps(nb)
    found = []
    for item in _checks_of(nb)["exercises"]:
        ex = variant.exercise(item["id"])
        if any(digest(item["salt"], f) in text for f in _candidate_forms(ex)):
            found.append(ex.id)
    return found


@pytest.mark.parametrize("name", sources())
def test_an_offline_search_of_a_graded_release_recovers_no_answer(name):
    hw = load(name)
    for sid in ("alice", "bob"):
        v = hw.variant(SECRET, sid)
        graded = v.notebook()                       # the default with a secret
        assert graded["metadata"]["nbteach"]["feedback"] == "graded"
        assert _recovered(graded, v) == []
        assert _recovered(v.notebook(feedback="none"), v) == []
        # the same attack on a practice release finds every answer: the search is a real one
        assert _recovered(v.notebook(feedback="practice"), v) == v.exercise_ids


def _wrong_of_same_form(ex):
    """A wrong answer written the way the right one is (same type, shape, exactness)."""
    a = ex.answer
    t = ex.spec["type"]
    if t == "exact":
        return Fraction(a) + Fraction(1, 997)
    if t == "number":
        return a + Fraction(1, 9973) if isinstance(a, Fraction) else float(a) * 1.0371 + 0.00131415926
    if t == "sympy":
        return a * sympy.Rational(7, 5)
    if t == "array":
        return np.asarray(a, dtype=float) * 1.0371 + 0.00131415926
    if t == "dict":
        return {k: float(x) * 1.0371 + 0.00131415926 for k, x in a.items()}
    return str(a) + "x"


@pytest.mark.parametrize("name", sources())
def test_a_graded_check_reads_the_same_for_a_right_and_a_wrong_answer_of_the_same_form(name):
    v = load(name).variant(SECRET, "carol")
    q = v.register()
    for ex in v.exercises:
        if ex.kind == "function":
            continue
        right, wrong = q[ex.id].check(ex.answer), q[ex.id].check(_wrong_of_same_form(ex))
        assert right.status == RECORDED, (ex.id, right)
        assert (right.status, right.message) == (wrong.status, wrong.message), ex.id
        assert not right.correct


def test_graded_checks_still_validate_the_form_and_name_mistakes_in_both_languages():
    v = load("hw01").variant(SECRET, "dave")
    q = v.register()
    lap = v.exercise("hw01.laplace_temperature")
    r = q[lap.id].check(float(lap.answer))
    assert r.status == INCORRECT and "exact" in r.message            # a decimal for an exact answer
    assert q[lap.id].check("Flu").status == INCORRECT                  # not a number at all
    name, wrong, hint = lap.mistakes[0]
    r = q[lap.id].check(wrong)
    assert r.status == INCORRECT and r.mistake == name and hint["en"][:30] in r.message
    score = q["hw01.score_flu"]
    assert "4" in score.check(0.25).message and score.check(0.25).status == RECORDED   # few digits: a note
    f = q["hw01.posterior_function"]

    def posterior(prior, likelihood):
        joint = {c: prior[c] * likelihood[c] for c in prior}
        s = sum(joint.values())
        return {c: j / s for c, j in joint.items()}

    assert f.check(posterior).status == RECORDED
    assert f.check(lambda prior, likelihood: {c: Fraction(1, 3) for c in prior}).message == f.check(posterior).message
    assert f.check(lambda prior, likelihood: {c: prior[c] * likelihood[c] for c in prior}).mistake == "not_normalised"
    assert f.check(lambda prior, likelihood: 3).status == INCORRECT     # wrong type of output
    set_language("zh")
    assert "老师" in q[lap.id].check(lap.answer).message


def test_no_mistake_that_could_single_out_the_answer_is_shipped():
    """A text answer's mistakes (few possible values: eliminating them can leave the answer),
    and a function mistake that agrees with the reference on a public case, stay out of a
    graded release; no shipped mistake digest equals an accepted answer's."""
    for name in sources():
        hw = load(name)
        v = hw.variant(SECRET, "erin")
        data = v.checks()
        for item in data["exercises"]:
            ex = v.exercise(item["id"])
            if ex.kind == "function":
                mistakes = item["cases"][0]["mistakes"] if item["cases"] else []
                for case in item["cases"]:
                    assert "accepted" not in case
                ref = {digest(item["salt"], f) for args, kwargs in ex.public
                       for f in reference_forms(_call(ex.answer, args, kwargs), ex.spec)}
                for case in item["cases"]:   # one salt for every case: no case may confirm another's
                    assert not any(set(m["digests"]) & ref for m in case["mistakes"]), ex.id
            else:
                mistakes = item["mistakes"]
                assert "accepted" not in item and "rounded" not in item
                ref = {digest(item["salt"], f) for f in reference_forms(ex.answer, ex.spec)}
                assert not any(set(m["digests"]) & ref for m in mistakes), ex.id
            if ex.spec["type"] == "text":
                assert mistakes == [], ex.id
        none = v.checks(feedback="none")
        for item in none["exercises"]:
            assert item["hints"] == [] and not item.get("mistakes") and not item.get("accepted")
            assert all(not c["mistakes"] and "accepted" not in c for c in item.get("cases", []))


def test_practice_is_todays_check_and_the_self_study_default():
    v = load("hw01").variant(None, None)
    assert "feedback" not in v.checks() and "feedback" not in v.notebook()["metadata"]["nbteach"]
    q = v.register()
    ex = v.exercise("hw01.lidstone")
    assert q[ex.id].check(ex.answer).status == CORRECT
    q = load("hw01").variant(SECRET, "fred").register(feedback="practice")
    ex = load("hw01").variant(SECRET, "fred").exercise("hw01.lidstone")
    assert q[ex.id].check(ex.answer).status == CORRECT


def test_assign_writes_the_chosen_mode_and_refuses_an_unknown_one(tmp_path, capsys):
    (tmp_path / "roster.csv").write_text("id\nalice\n", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("s3cret\n", encoding="utf-8")
    common = ["--roster", str(tmp_path / "roster.csv"), "--secret-file", str(tmp_path / "secret.txt")]
    for mode, out in ((None, "default"), ("practice", "p"), ("none", "n")):
        args = ["hw03", *common, "--out", str(tmp_path / out)] + (["--feedback", mode] if mode else [])
        assert assign_main(args) == 0
        nb = json.loads(next((tmp_path / out / "alice").glob("*.ipynb")).read_text(encoding="utf-8"))
        assert nb["metadata"]["nbteach"].get("feedback", "practice") == (mode or "graded")
        shown = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
        assert ("graded by your teacher" in shown) == (mode != "practice")
        assert ("can find the answers" in capsys.readouterr().err) == (mode == "practice")
    with pytest.raises(SystemExit):
        assign_main(["hw03", *common, "--out", str(tmp_path / "x"), "--feedback", "lenient"])
    assert "invalid choice" in capsys.readouterr().err


def test_assign_help_lists_every_homework_source(capsys):
    with pytest.raises(SystemExit):
        assign_main(["--help"])
    text = re.sub(r"\s+", " ", capsys.readouterr().out)
    for name in sources():
        assert name in text
    assert "--feedback" in text


def test_an_exam_says_it_has_no_hints():
    v = load("hw01").variant(SECRET, "gina")
    q = v.register(feedback="none")
    assert "no hints" in str(q["hw01.lidstone"].hint())
    ex = v.exercise("hw01.lidstone")
    assert q[ex.id].check(ex.mistakes[0][1]).status == RECORDED     # no mistake is named in an exam
