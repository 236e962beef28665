"""Graded homework: digests instead of answers on the student's side, a variant per student.

The student's notebook carries salted digests of canonical answer forms
(nbteach.check.graded); the answers and the code that computes them stay in the
teacher's sources (nbteach/teacher/homework_sources/, loaded by nbteach.teacher.homework).
"""
import json
import re
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
import sympy

from nbteach._base import NbteachError
from nbteach.check import CORRECT, INCORRECT, NOT_ATTEMPTED, exercise
from nbteach.check.graded import attempts, forms, reference_forms
from nbteach.i18n import set_language
from nbteach.teacher.assign import main as assign_main, read_roster, read_secret
from nbteach.teacher.homework import load, sources

# it grades sealed too: sandboxed processes hold uids from one pool, so it runs beside the other graders
pytestmark = pytest.mark.xdist_group("grade")

ROOT = Path(__file__).resolve().parents[1]
SECRET = b"a teacher's secret"


@pytest.fixture(autouse=True)
def _clean(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # attempts are kept in a file next to the notebook
    set_language("en")
    yield
    set_language("en")


def _checks(name, sid=None):
    """A variant's checks as a practice notebook has them (the graded mode: test_feedback_modes)."""
    v = load(name).variant(SECRET if sid else None, sid)
    return v, v.register(feedback="practice")


# ---------------------------------------------------------------- canonical forms
def test_forms_read_numpy_and_sympy_scalars_as_the_number():
    exact = {"type": "exact"}
    assert forms(np.array(Fraction(3, 8), dtype=object), exact) == forms(Fraction(3, 8), exact) == ["q:3/8"]
    assert forms(np.array(3), exact) == forms(np.int64(3), exact) == forms(sympy.Integer(3), exact) == ["q:3/1"]
    assert forms(sympy.Rational(3, 8), exact) == ["q:3/8"]
    assert forms(0.375, exact) == []          # a float is never an exact answer
    num = {"type": "number", "digits": 4}
    assert forms(np.float64(3 / 7), num) == forms(np.array(3 / 7), num) == forms(Fraction(3, 7), num) == ["n:4286e-4"]
    assert forms("Flu", num) == [] and forms(None, num) == []
    assert forms("  FLU  ", {"type": "text"}) == forms("flu", {"type": "text"})


def test_a_value_on_a_rounding_boundary_accepts_either_neighbour():
    num = {"type": "number", "digits": 4}
    ref = set(reference_forms(Fraction(12345, 100000), num))
    assert set(forms(0.1234, num)) <= ref and set(forms(0.1235, num)) <= ref
    assert not set(forms(0.1236, num)) & ref
    assert len(reference_forms(Fraction(12346, 100000), num)) == 1


def test_sympy_forms_ignore_the_symbol_name_and_the_way_it_is_written():
    spec = {"type": "sympy", "symbols": ["epsilon", "eps"]}
    e = sympy.Symbol("epsilon", positive=True)
    x = sympy.Symbol("x")
    assert forms(e**3 / 5, spec) == forms("epsilon**3/5", spec) == forms(x * x**2 / 5, spec) == forms("eps^3/5", spec)
    assert forms(e**3 / 5, spec) != forms(e**2 / 5, spec)
    assert forms("9**9**9", spec) == [] and forms("epsilon**(10**9)", spec) == []  # refused, not computed


# ---------------------------------------------------------------- the check cell
def test_graded_check_right_mistake_rounded_wrong_type_and_zero_d_numpy():
    v, q = _checks("hw01")
    lap = q["hw01.laplace_temperature"]
    ex = v.exercise("hw01.laplace_temperature")
    ref = ex.answer
    assert lap.check(ref).status == CORRECT
    assert lap.check(str(ref)).status == CORRECT
    assert lap.check(np.array(ref, dtype=object)).status == CORRECT   # 0-d object array holding a Fraction
    assert lap.check(sympy.Rational(ref.numerator, ref.denominator)).status == CORRECT
    name, wrong, hint = ex.mistakes[0]
    r = lap.check(wrong)
    assert r.status == INCORRECT and r.mistake == name and hint["en"][:30] in r.message
    r = lap.check(float(ref))
    assert r.status == INCORRECT and r.mistake == "rounded" and "exact" in r.message
    r = lap.check(round(float(ref), 3))
    assert r.mistake == "rounded"
    for leak in (str(ref), f"{float(ref):.3g}", repr(float(ref))):
        assert leak not in r.message
    r = lap.check("Flu")
    assert r.status == INCORRECT and "Expected" in r.message
    assert lap.check(____()).status == NOT_ATTEMPTED
    score = q["hw01.score_flu"]
    value = v.exercise("hw01.score_flu").answer
    assert score.check(np.array(float(value))).status == CORRECT   # 0-d float array
    assert score.check(np.float64(value)).status == CORRECT
    assert score.check(float(f"{float(value):.4g}")).status == CORRECT   # the stated 4 digits
    r = score.check(float(f"{float(value):.2g}"))
    assert r.mistake == "rounded" and "4 significant digits" in r.message
    set_language("zh")
    assert "舍入" in score.check(float(f"{float(value):.2g}")).message


def ____():
    from nbteach.check import ____ as blank

    return blank


def test_function_exercise_checks_public_cases_and_names_the_mistake():
    _, q = _checks("hw01", "alice")
    f = q["hw01.posterior_function"]

    def posterior(prior, likelihood):
        joint = {c: prior[c] * likelihood[c] for c in prior}
        s = sum(joint.values())
        return {c: j / s for c, j in joint.items()}

    assert f.check(posterior).status == CORRECT
    r = f.check(lambda prior, likelihood: {c: prior[c] * likelihood[c] for c in prior})
    assert r.mistake == "not_normalised"
    assert f.check(lambda prior, likelihood: {c: 0.5 for c in prior}).status == INCORRECT


def test_solution_and_reference_are_the_teachers_and_checks_are_counted():
    _, q = _checks("hw02", "bob")
    t = q["hw02.theta_spam"]
    assert "released by your teacher" in str(t.solution())
    with pytest.raises(NbteachError, match="released by your teacher"):
        t.reference()
    set_language("zh")
    assert "老师" in str(t.solution())
    set_language("en")
    first = t.check(np.array([0.5, 0.25, 0.25]))
    second = t.check(np.array([0.5, 0.25, 0.25]))
    assert (first.attempt, second.attempt) == (1, 2)
    data, meta = second._repr_mimebundle_()
    assert meta == {"nbteach": {"exercise": "hw02.theta_spam", "attempt": 2}}
    nb = {"cells": [{"cell_type": "code", "outputs": [{"output_type": "execute_result", "metadata": m}]}
                    for m in (first._repr_mimebundle_()[1], meta)]}
    assert attempts(nb) == {"hw02.theta_spam": 2}
    # an id of a homework whose notebook was not loaded says so, and never reveals anything
    ghost = exercise("hw09.anything")
    assert "released by your teacher" in str(ghost.solution())
    assert "first cell" in ghost.check(1).message


# ---------------------------------------------------------------- variants
def test_variants_differ_between_students_and_are_reproducible_from_the_secret():
    for name in sources():
        hw = load(name)
        a1 = hw.variant(SECRET, "alice")
        hw._accepted.clear()            # drawn again from the secret, not the draw kept from the first ask
        a2, b = hw.variant(SECRET, "alice"), hw.variant(SECRET, "bob")
        other = hw.variant(b"another secret", "alice")
        assert a1.params == a2.params and a1.notebook() == a2.notebook()
        assert a1.params != b.params and a1.params != other.params
        assert a1.notebook() != b.notebook()
        answers = lambda v: [str(e.answer) if e.kind != "function"  # noqa: E731
                             else repr([e.answer(*a, **k) for a, k in e.public]) for e in v.exercises]  # a build-it: its public outputs
        assert answers(hw.variant_from_params(a1.params, "alice")) == answers(a1)   # what the grader rebuilds
        assert answers(a1) != answers(b)


def test_a_variant_asked_for_again_is_the_same_and_is_not_drawn_again(monkeypatch):
    """The grader asks for each submission's variant twice (its fingerprint, then its grade): the
    second ask builds the accepted parameters again, drawing none and rejecting none."""
    for name in sources():
        hw = load(name)
        hw._accepted.clear()
        first = hw.variant(SECRET, "carol")
        drawn = []
        real = hw.module.params
        monkeypatch.setattr(hw.module, "params", lambda rng: drawn.append(1) or real(rng))
        again = hw.variant(SECRET, "carol")
        assert drawn == [], f"{name}: the variant was drawn again"
        assert again.params == first.params and again.notebook() == first.notebook()
        assert again.checks() == first.checks() and again.exercises is not first.exercises
        other = hw.variant(SECRET, "dave")          # another student's is drawn
        assert drawn and other.params != first.params
        monkeypatch.undo()


def _answer_values(v):
    """``(exercise, value)`` for every value a variant's answers hold (an array's entries one by
    one); function answers and text choices (among options the prompt lists, as _answer_forms
    skips them) left out."""
    for ex in v.exercises:
        if ex.kind == "function":
            continue
        values = list(np.ravel(np.asarray(ex.answer, dtype=object))) if ex.spec["type"] == "array" else [ex.answer]
        for a in values:
            if not isinstance(a, str):
                yield ex, a


def _answer_texts(v, simple=True):
    """How a variant's answers would be written out: p/q, decimals, sympy text (``simple=False``:
    leaving out fractions with a denominator up to 20, which lesson docstrings print too)."""
    out = set()
    for _, a in _answer_values(v):
        if isinstance(a, sympy.Basic) and a.free_symbols:
            out.add(str(a))
            continue
        x = float(a)
        if not simple and abs(float(Fraction(x).limit_denominator(20)) - x) < 1e-12:
            continue
        out |= {repr(x), f"{x:.6g}", f"{x:.5g}"}
        if isinstance(a, Fraction) and a.denominator > 1:
            out.add(f"{a.numerator}/{a.denominator}")
    return {t for t in out if len(t) >= 5}


def _shown_text(v) -> str:
    """What a student reads before answering: cells, prompts, hints and mistake hints."""
    nb = v.notebook()
    text = "\n".join("".join(c["source"]) for c in nb["cells"]
                     if "nbteach-checks" not in c["metadata"].get("tags", []))
    return text + json.dumps([[e["prompt"], e["hints"], [m["hint"] for m in e.get("mistakes", [])]]
                              for e in v.checks()["exercises"]], ensure_ascii=False)


@pytest.mark.parametrize("name", sources())
def test_no_answer_is_shown_in_any_variant_even_written_short(name):
    hw = load(name)
    for v in [hw.variant(None, None)] + [hw.variant(b"k", f"s{i}") for i in range(8)]:
        text = _shown_text(v)
        for ex, a in _answer_values(v):
            if isinstance(a, sympy.Basic) and a.free_symbols:
                shown = [str(a)]
            elif float(a).is_integer():
                shown = [str(int(a))]
            else:
                shown = [f"{float(a):.4g}", f"{float(a):.3g}"]
                if isinstance(a, Fraction):
                    shown.append(f"{a.numerator}/{a.denominator}")
            for t in shown:
                assert not re.search(r"(?<![\w.*/])" + re.escape(t) + r"(?![\w.]|/\d)", text), \
                    (v.student_id, ex.id, t)


@pytest.mark.parametrize("name", sources())
def test_the_released_notebook_and_the_package_hold_no_answers(name):
    import nbteach

    hw = load(name)
    package = "\n".join(p.read_text(encoding="utf-8") for p in Path(nbteach.__file__).parent.rglob("*.py"))
    for sid in ("alice", "bob", "carol"):
        v = hw.variant(SECRET, sid)
        text = json.dumps(v.notebook(), ensure_ascii=False)
        solutions = json.dumps(v.notebook(solutions=True))
        assert "# SOLUTION" not in text and "BEGIN SOLUTION" not in text
        assert "# SOLUTION" in solutions or "# BEGIN SOLUTION" in solutions   # a one-line or a block marker
        for t in _answer_texts(v):
            assert t not in text, (sid, t)
        # in the package's 40,000 lines a five-character decimal (bob's 1/250 = 0.004 is in hw06's
        # alarm table) turns up by chance: there, an answer is looked for from six characters on
        for t in _answer_texts(v, simple=False):
            if len(t) >= 6:
                assert not re.search(r"(?<![\w.*/])" + re.escape(t) + r"(?![\w.])", package), (sid, t)


# ---------------------------------------------------------------- assign
def _class(tmp_path, ids=("alice", "bob", "carol")):
    (tmp_path / "roster.csv").write_text("id,name\n" + "".join(f"{i},{i.title()}\n" for i in ids), encoding="utf-8")
    (tmp_path / "secret.txt").write_text(SECRET.decode() + "\n", encoding="utf-8")
    return ["--roster", str(tmp_path / "roster.csv"), "--secret-file", str(tmp_path / "secret.txt")]


def test_assign_writes_a_notebook_per_student_and_refuses_to_overwrite_answers(tmp_path, capsys):
    args = _class(tmp_path)
    out = tmp_path / "release"
    assert assign_main(["hw03", *args, "--out", str(out)]) == 0
    nbs = {sid: out / sid / "hw03_evaluation_and_imbalance.ipynb" for sid in ("alice", "bob", "carol")}
    assert all(p.is_file() for p in nbs.values())
    assert json.loads(nbs["alice"].read_text())["metadata"]["nbteach"]["student"] == "alice"
    # running it again is harmless: nothing changed
    assert assign_main(["hw03", *args, "--out", str(out)]) == 0
    # alice answered: her notebook is never overwritten
    nb = json.loads(nbs["alice"].read_text())
    cell = next(c for c in nb["cells"] if "answer1 = ____" in "".join(c["source"]))
    cell["source"] = ["answer1 = 0.5\n"]
    answered = json.dumps(nb)
    nbs["alice"].write_text(answered)
    other = tmp_path / "roster2.csv"
    other.write_text("id\nalice\nbob\ncarol\n")
    bob_before = nbs["bob"].read_text()
    nbs["bob"].unlink()
    assert assign_main(["hw03", "--roster", str(other), "--secret-file", str(tmp_path / "secret.txt"),
                        "--out", str(out)]) == 2   # alice's file is left alone, and named
    assert "refusing to overwrite" in capsys.readouterr().err
    assert nbs["alice"].read_text() == answered
    assert nbs["bob"].read_text() == bob_before   # the others are still written
    (tmp_path / "secret.txt").write_text("a new secret")
    assert assign_main(["hw03", *args, "--out", str(out)]) == 2
    assert "refusing to overwrite" in capsys.readouterr().err
    assert nbs["alice"].read_text() == answered


def test_assign_bad_input_gets_a_clear_error(tmp_path, capsys):
    args = _class(tmp_path)
    out = str(tmp_path / "o")
    for text, needle in (("name\nalice\n", "column 'id'"), ("id\nalice\nAlice\n", "already on line"),
                         ("id,name\n,Bob\n", "empty id"), ("id\n../x\n", "must be letters")):
        (tmp_path / "bad.csv").write_text(text)
        with pytest.raises(NbteachError, match=re.escape(needle)):
            read_roster(tmp_path / "bad.csv")
    with pytest.raises(NbteachError, match="not found"):
        read_secret(tmp_path / "nope.txt")
    (tmp_path / "empty.txt").write_text("\n")
    with pytest.raises(NbteachError, match="empty"):
        read_secret(tmp_path / "empty.txt")
    assert assign_main(["hw99", *args, "--out", out]) == 2
    assert "unknown assignment 'hw99'" in capsys.readouterr().err
    assert assign_main(["hw01", "--roster", args[1], "--out", out]) == 2
    assert "together" in capsys.readouterr().err


# ---------------------------------------------------------------- the judge
def _judge(requests, seconds="5"):
    import os
    import subprocess
    import sys

    env = dict(os.environ, NBTEACH_JUDGE_SECONDS=seconds)
    proc = subprocess.run([sys.executable, "-m", "nbteach.teacher.judge"], env=env, timeout=300,
                          input="\n".join(json.dumps(r) for r in requests) + "\n", capture_output=True, text=True)
    return [json.loads(line) for line in proc.stdout.splitlines()]


def test_the_judge_agrees_with_the_check_cell_checks_hidden_cases_and_never_hangs():
    from nbteach.check.serial import encode

    v, q = _checks("hw02", "dana")

    def request(ex_id, answer):
        return {"assignment": "hw02", "params": v.params, "student_id": "dana", "exercise_id": ex_id,
                "answer": encode(answer), "lang": "en", "seed": 1}

    theta = v.exercise("hw02.theta_spam")
    public_lengths = {len(args[0]) for args, _ in v.exercise("hw02.theta_function").public}

    def only_public(counts):   # right on the notebook's cases, wrong elsewhere
        if len(counts) in public_lengths:
            return (counts + 1) / (counts.sum() + len(counts))
        return counts * 0.0

    assert q["hw02.theta_function"].check(only_public).status == CORRECT
    four_digits = np.array([float(f"{x:.4g}") for x in theta.answer])
    replies = _judge([
        request("hw02.theta_spam", theta.answer),
        request("hw02.theta_spam", np.array(four_digits)),          # what the notebook accepts
        request("hw02.theta_spam", theta.mistakes[0][1]),
        request("hw02.log_likelihood", np.array(v.exercise("hw02.log_likelihood").answer)),  # 0-d array
        request("hw02.theta_function", only_public),
        {"assignment": "hw01", "params": load("hw01").variant(None, None).params, "student_id": None,
         "exercise_id": "hw01.epsilon_cold_score", "lang": "en", "seed": 0,   # 9**(9**9): refused unread
         "answer": {"t": "sympy", "v": ["A", "Pow", [["I", "9"], ["A", "Pow", [["I", "9"], ["I", "9"]]]]]}},
        {"assignment": "hw99"},
    ], seconds="3")
    assert [r["status"] for r in replies] == ["correct", "correct", "incorrect", "correct", "incorrect",
                                              "incorrect", "error"]
    assert replies[2]["message"].startswith("Incorrect.") and "unsmoothed" in replies[2]["message"]
    assert "too large" in replies[5]["message"]
    assert q["hw02.theta_spam"].check(four_digits).status == CORRECT
    assert [r["correct"] for r in replies] == [True, True, False, True, False, False, False]


def test_grade_options_that_cannot_work_are_refused(tmp_path):
    from nbteach.teacher.grade import grade

    (tmp_path / "subs").mkdir()
    (tmp_path / "subs" / "a.ipynb").write_text("{}")
    subs = [tmp_path / "subs"]
    for kwargs, needle in (({"timeout": float("inf")}, "--timeout"), ({"timeout": 0}, "--timeout"),
                           ({"prefix": "nope.", "assignment": "hw01"}, "matches no exercise"),
                           ({"assignment": "hw01", "roster": tmp_path / "r.csv"}, "together"),
                           ({"assignment": "hw42"}, "unknown assignment")):
        with pytest.raises(NbteachError, match=needle):
            grade(subs, tmp_path / "g.csv", **kwargs)
    assert not (tmp_path / "g.csv").exists()


def test_attempts_survive_a_kernel_restart(tmp_path):
    import nbteach.check.graded as graded

    _, q = _checks("hw03", "erin")
    assert q["hw03.precision"].check(0.5).attempt == 1
    graded._ATTEMPTS.clear()   # what a restart of the kernel forgets
    _, q = _checks("hw03", "erin")
    assert q["hw03.precision"].check(0.5).attempt == 2
    assert (tmp_path / ".nbteach-attempts.json").is_file()


@pytest.mark.parametrize("name", sources())
def test_no_homework_hint_holds_a_line_of_the_solution(name):
    """Hints (and mistake hints) nudge: none holds a whole line of the worked solution or of
    the solution cells, in any language, for the self-study version and student variants."""
    hw = load(name)
    for v in [hw.variant(None, None)] + [hw.variant(SECRET, f"s{i}") for i in range(4)]:
        sol_nb = v.notebook(solutions=True)
        code = "\n".join("".join(c["source"]) for c in sol_nb["cells"] if c["cell_type"] == "code")
        lines = set()
        for ex in v.exercises:
            text = ex.solution if isinstance(ex.solution, str) else "\n".join(ex.solution.values())
            lines |= {ln.split("#")[0].strip() for ln in text.splitlines()}
        lines |= {ln.split("#")[0].strip() for ln in code.splitlines() if "SOLUTION" in ln}
        inside = False
        for ln in code.splitlines():
            if "BEGIN SOLUTION" in ln:
                inside = True
            elif "END SOLUTION" in ln:
                inside = False
            elif inside:
                lines.add(ln.split("#")[0].strip())
        lines = {ln for ln in lines if len(ln) > 25}
        for ex in v.exercises:
            hints = [h[lang] for h in ex.hints for lang in h] + [m[2][lang] for m in ex.mistakes for lang in m[2]]
            for text in hints:
                for ln in lines:
                    assert ln not in text, f"{v.student_id} {ex.id}: a hint holds a line of the solution: {ln}"
