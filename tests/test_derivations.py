"""nbteach.derivations: every derivation verifies, a wrong one does not, formulas compare."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import sympy as sp

from nbteach._base import NbteachError
from nbteach.derivations import (NOTE_MISTAKES, beta_smoothing, bernoulli_mle,
                                 dirichlet_smoothing, equivalent, get_mistake, multinomial_mle,
                                 parse_formula, underflow_demo)

ROOT = Path(__file__).resolve().parents[1]
SIZES = [(1, 1), (2, 3), (3, 2), (2, 4)]


# ---------------------------------------------------------------- the MLE derivations

@pytest.mark.parametrize("make", [multinomial_mle, bernoulli_mle])
@pytest.mark.parametrize("size", SIZES + [("C", "V")], ids=str)
def test_derivation_verifies(make, size):
    d = make(*size)
    assert d.verify(), d.failed
    assert len(d.checks) == 8 and all(ok for _, ok in d.checks)


@pytest.mark.parametrize("make,param", [(multinomial_mle, "theta"), (bernoulli_mle, "mu")])
def test_steps_cover_every_line_of_the_derivation(make, param):
    d = make(2, 3)
    keys = [s.key for s in d.steps]
    expected = ["model", "likelihood", "loglik", "constraints", "lagrangian",
                "derivative_pi", "stationary_pi", "multiplier_pi", "closed_pi",
                f"derivative_{param}", f"stationary_{param}", f"closed_{param}", "hessian"]
    assert [k for k in keys if k in expected] == expected
    # one partial derivative per parameter: C priors, C*V word probabilities
    assert len(d.step("derivative_pi").expr) == 2
    assert len(d.step(f"derivative_{param}").expr) == 6
    assert all(isinstance(s.text, str) and s.text for s in d.steps)


def _counts_from_data(X, y, n_classes, binary):
    """N_j and N_ij counted from a tiny dataset with numpy (the test's own counting)."""
    X = (np.asarray(X) > 0).astype(int) if binary else np.asarray(X)
    N_j = np.array([np.sum(y == c) for c in range(n_classes)])
    N_ij = np.array([X[y == c].sum(axis=0) for c in range(n_classes)]).T  # V x C
    return N_j, N_ij


@pytest.mark.parametrize("binary", [False, True])
def test_closed_form_on_data_matches_counting(binary):
    X = np.array([[2, 1, 0], [0, 3, 1], [1, 0, 4], [0, 2, 2], [3, 1, 1]])
    y = np.array([0, 1, 1, 0, 0])
    d = (bernoulli_mle if binary else multinomial_mle)(2, 3)
    N, pi = d.symbols["N"], d.symbols["pi"]
    par = d.symbols["mu" if binary else "theta"]
    N_j, N_ij = _counts_from_data(X, y, 2, binary)
    values = {N[j + 1]: int(N_j[j]) for j in range(2)}
    values.update({N[i + 1, j + 1]: int(N_ij[i, j]) for i in range(3) for j in range(2)})
    for j in range(2):
        assert d.result[pi[j + 1]].xreplace(values) == sp.Rational(N_j[j], len(y))
        for i in range(3):
            denom = N_j[j] if binary else N_ij[:, j].sum()
            assert d.result[par[i + 1, j + 1]].xreplace(values) == sp.Rational(N_ij[i, j], denom)


def test_closed_form_agrees_with_the_estimators():
    """The derived formula, at the counts of a dataset, equals MultinomialNB(alpha=0)'s."""
    nbteach = pytest.importorskip("nbteach")
    MultinomialNB = nbteach.MultinomialNB
    X = np.array([[2, 1, 1], [1, 3, 1], [1, 1, 4], [1, 2, 2], [3, 1, 1]])
    y = np.array([0, 1, 1, 0, 0])
    d = multinomial_mle(2, 3)
    N, theta = d.symbols["N"], d.symbols["theta"]
    N_j, N_ij = _counts_from_data(X, y, 2, False)
    values = {N[j + 1]: int(N_j[j]) for j in range(2)}
    values.update({N[i + 1, j + 1]: int(N_ij[i, j]) for i in range(3) for j in range(2)})
    model = MultinomialNB(alpha=1e-10).fit(X, y)
    derived = np.array([[float(d.result[theta[i + 1, j + 1]].xreplace(values)) for i in range(3)]
                        for j in range(2)])
    assert np.allclose(np.exp(model.feature_log_prob_), derived, rtol=1e-8)


def _general_symbols(d):
    return [d.symbols[k] for k in ("pi", "N", "i", "j", "i'", "j'", "C", "V")]


def test_general_form_closed_forms():
    d = multinomial_mle("C", "V")
    pi, N, i, j, ip, jp, C, V = _general_symbols(d)
    theta = d.symbols["theta"]
    assert d.result[pi[j]] == N[j] / sp.Sum(N[jp], (jp, 1, C))
    assert d.result[theta[i, j]] == N[i, j] / sp.Sum(N[ip, j], (ip, 1, V))
    b = bernoulli_mle("C", "V")
    assert b.result[b.symbols["mu"][i, j]] == N[i, j] / N[j]


@pytest.mark.parametrize("size", [(2, 3), ("C", "V")], ids=str)
@pytest.mark.parametrize("mistake", ["document_count", "unnormalised", "laplace_as_mle"])
def test_wrong_theta_fails_verify(size, mistake):
    d = multinomial_mle(*size)
    theta, N = d.symbols["theta"], d.symbols["N"]
    key = next(p for p in d.result if p.base == theta)
    i_, j_ = key.indices
    wrong = {"document_count": N[i_, j_] / N[j_],          # N_ij / N_j: the Bernoulli form
             "unnormalised": N[i_, j_],
             "laplace_as_mle": (N[i_, j_] + 1) / (d.result[key].as_numer_denom()[1] + 1)}[mistake]
    assert d.verify()
    d.result[key] = wrong
    assert not d.verify()
    assert "the result equals the textbook closed form" in d.failed


@pytest.mark.parametrize("size", [(2, 2), ("C", "V")], ids=str)
def test_wrong_bernoulli_and_prior_fail_verify(size):
    d = bernoulli_mle(*size)
    mu, N, pi = d.symbols["mu"], d.symbols["N"], d.symbols["pi"]
    key = next(p for p in d.result if p.base == mu)
    i_, j_ = key.indices
    d.result[key] = (N[i_, j_] + 1) / (N[j_] + 1)
    assert not d.verify()
    d = bernoulli_mle(*size)
    key = next(p for p in d.result if p.base == pi)
    d.result[key] = sp.Rational(1, 2)  # a uniform prior is not the MLE
    assert not d.verify()


def test_tampered_step_fails_verify():
    d = multinomial_mle(2, 2)
    step = d.step("derivative_theta")
    eq = step.expr[0]
    step.expr = (sp.Eq(eq.lhs, eq.rhs * 2),) + tuple(step.expr[1:])  # a wrong derivative
    assert not d.verify()
    assert d.failed == ["each derivative line is sympy's derivative of J"]


def test_missing_result_fails_verify():
    d = multinomial_mle(2, 2)
    d.result.pop(next(iter(d.result)))
    assert not d.verify()


@pytest.mark.parametrize("bad", [0, -1, 2.5, True, "1x", 100, None])
def test_bad_sizes_raise_clear_errors(bad):
    with pytest.raises(NbteachError, match="n_classes"):
        multinomial_mle(bad, 3)
    with pytest.raises(NbteachError, match="n_words"):
        bernoulli_mle(2, bad)


def test_renders_one_numbered_line_per_step_in_notes_notation():
    d = multinomial_mle("C", "V")
    md = d._repr_markdown_()
    for n in range(1, len(d.steps) + 1):
        assert f"\n{n}. " in md
    assert r"\theta_{i|j}" in md and r"\frac{\partial J}{\partial \pi_{j}}" in md
    assert "checks" not in md  # not verified yet
    d.verify()
    assert "8 of 8 checks: all passed" in d._repr_markdown_()
    assert str(d).count("\n") >= len(d.steps)


# ---------------------------------------------------------------- smoothing

@pytest.mark.parametrize("n", [1, 2, 4, "V"], ids=str)
@pytest.mark.parametrize("parameter", ["theta", "pi"])
def test_dirichlet_smoothing_verifies(n, parameter):
    if n == "V" and parameter == "pi":
        n = "C"
    d = dirichlet_smoothing(n, parameter=parameter)
    assert d.verify(), d.failed


def test_dirichlet_smoothing_is_laplace_at_alpha_one_and_agrees_with_the_library():
    from nbteach.smoothing import lidstone

    d = dirichlet_smoothing(3)
    theta, N, alpha = d.symbols["theta"], d.symbols["N"], d.symbols["alpha"]
    counts = {N[1]: 2, N[2]: 0, N[3]: 5}
    for a in (1, sp.Rational(1, 2), 3):
        for v in (1, 2, 3):
            derived = d.result[theta[v]].xreplace(counts).subs(alpha, a)
            library = lidstone(counts[N[v]], 7, 3, a)
            assert derived == sp.Rational(library.numerator, library.denominator)


def test_wrong_smoothing_fails_verify():
    d = dirichlet_smoothing(3)
    theta, N, alpha = d.symbols["theta"], d.symbols["N"], d.symbols["alpha"]
    d.result[theta[1]] = (N[1] + alpha) / (N[1] + N[2] + N[3] + alpha)  # alpha not times V
    assert not d.verify()


def test_beta_smoothing_is_the_bernoulli_plus_one_plus_two():
    d = beta_smoothing()
    assert d.verify(), d.failed
    mu, N, i, j = (d.symbols[k] for k in ("mu", "N", "i", "j"))
    alpha = d.symbols["alpha"]
    m = d.result[mu[i, j]]
    # the posterior mean by integration, with concrete counts: 3 of 5 documents
    x = sp.Symbol("x", positive=True)
    post = x ** (3 + 1 - 1) * (1 - x) ** (2 + 1 - 1)
    mean = sp.integrate(x * post, (x, 0, 1)) / sp.integrate(post, (x, 0, 1))
    assert m.xreplace({N[i, j]: 3, N[j]: 5}).subs(alpha, 1) == mean
    d.result[mu[i, j]] = (N[i, j] + alpha) / (N[j] + alpha)
    assert not d.verify()


# ---------------------------------------------------------------- equivalent

NIJ, NJ, V, ALPHA = sp.symbols("N_ij N_j V alpha", positive=True)
LAPLACE = (NIJ + ALPHA) / (NJ + V * ALPHA)
TRUE_PAIRS = [
    ("(N_ij + alpha)/(N_j + V*alpha)", LAPLACE),
    ("(alpha + N_ij) / (alpha V + N_j)", LAPLACE),
    ("(N_ij+alpha)*(N_j+V*alpha)^-1", LAPLACE),
    ("theta = (N_ij + alpha)/(N_j + V*alpha)", LAPLACE),
    ("x^2 - 1", "(x - 1)*(x + 1)"),
    ("log(a*b)", "log(a) + log(b)"),
    ("exp(log(p) + log(q))", "p*q"),
    ("1/2", sp.Rational(1, 2)),
]
FALSE_PAIRS = [
    ("(N_ij + alpha)/(N_j + alpha)", LAPLACE, "does not use V"),
    ("(N_ij + 1)/(N_j + V)", LAPLACE, "does not use alpha"),
    ("(N_ij + alpha)/(V*(N_j + V*alpha))", LAPLACE, "factor 1/V"),
    ("2*(N_ij + alpha)/(N_j + V*alpha)", LAPLACE, "factor 2"),
    ("(N_ij + alpha)/(N_j + V*alpha) + 1", LAPLACE, "term 1"),
    ("(N_ij + alpha)/(N_j + V*alpha) + y", LAPLACE, "uses y"),
    ("x^2 + 1", "(x - 1)*(x + 1)", "term 2"),
]


@pytest.mark.parametrize("a,b", TRUE_PAIRS, ids=[p[0] for p in TRUE_PAIRS])
def test_equivalent_true_pairs(a, b):
    r = equivalent(a, b)
    assert r and r.equal


@pytest.mark.parametrize("a,b,why", FALSE_PAIRS, ids=[p[0] for p in FALSE_PAIRS])
def test_equivalent_false_pairs_say_why(a, b, why):
    r = equivalent(a, b)
    assert not r and r.equal is False
    assert why in r.reason


def test_equivalent_maps_the_students_names_and_indexed_symbols():
    d = multinomial_mle("C", "V")
    theta, N, i, j, V_ = (d.symbols[k] for k in ("theta", "N", "i", "j", "V"))
    ref = d.result[theta[i, j]]
    assert equivalent("N[i, j]/Sum(N[k, j], (k, 1, V))", ref)
    assert not equivalent("N[i, j]/N[j]", ref)
    n_ij, tot = sp.symbols("n_ij total", positive=True)
    assert equivalent("a/b", n_ij / tot, symbols={"a": n_ij, "b": tot})
    assert not equivalent("b/a", n_ij / tot, symbols={"a": n_ij, "b": tot})


@pytest.mark.parametrize("garbage", ["__import__('os').system('echo hi')", "(N_ij +", "",
                                     "lambda: 1", "a.__class__", "x; y", 3j, None, [1, 2],
                                     "open('f')", "x" * 600])
def test_equivalent_answers_garbage_with_a_message(garbage):
    r = equivalent(garbage, LAPLACE)
    assert not r
    assert r.reason and "Traceback" not in r.reason


def test_parse_formula_rejects_code_and_bad_reference_raises():
    with pytest.raises(NbteachError, match="not a formula"):
        parse_formula("__import__('os')")
    with pytest.raises(NbteachError, match="reference"):
        equivalent("x", "(x +")


# ---------------------------------------------------------------- underflow, note mistakes

def test_underflow_demo_product_is_zero_but_log_sum_is_finite():
    demo = underflow_demo(doc_length=300)
    assert demo.product == 0.0
    assert np.isfinite(demo.log_likelihood)
    # the exact size of the product (mpmath) agrees with the float64 log-sum
    assert demo.log10_exact == pytest.approx(demo.log_likelihood / np.log(10), rel=1e-9)
    assert demo.log10_exact < -323.3  # below float64's smallest subnormal, 4.9e-324
    assert 1 < demo.underflow_at <= 300
    short = underflow_demo(doc_length=5)
    assert short.underflow_at is None and short.product > 0
    assert short.product == pytest.approx(np.exp(short.log_likelihood))
    with pytest.raises(NbteachError):
        underflow_demo(doc_length=0)


@pytest.mark.parametrize("m", NOTE_MISTAKES, ids=[m.key for m in NOTE_MISTAKES])
def test_each_note_mistake_is_disproved_by_its_computation(m):
    demo = m.demonstrate()
    if m.kind == "mistake":      # the note's version and the correct one differ
        assert demo.differ, (demo.note_value, demo.correct_value)
    elif m.kind == "gap":        # the unexplained step holds
        assert not demo.differ, (demo.note_value, demo.correct_value)
    else:                        # notation: what the misreading would give differs
        assert m.kind == "notation"
        assert "not a mistake" in m._repr_markdown_()
    assert m.lesson in {"04", "05"} and m.seed in {"000", "002", "003"}
    assert m.note and m.correct and demo.summary


@pytest.mark.parametrize("m", NOTE_MISTAKES, ids=[m.key for m in NOTE_MISTAKES])
def test_each_note_mistake_is_flagged_in_its_lesson(m):
    path = next((ROOT / "notebooks").glob(f"{m.lesson}_*.ipynb"), None)
    if path is None:
        pytest.skip(f"lesson {m.lesson} not written yet")
    source = "\n".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"])
    assert f'"{m.key}"' in source, f"{m.key} is not flagged in {path.name}"


def test_note_mistake_keys_are_unique_and_found():
    keys = [m.key for m in NOTE_MISTAKES]
    assert len(keys) == len(set(keys))
    assert get_mistake(keys[0]) is NOTE_MISTAKES[0]
    with pytest.raises(NbteachError, match="no note mistake"):
        get_mistake("nope")


def test_lesson05_documents_are_the_exercises_documents():
    """The check cells of lesson 05 grade against the documents the lesson shows."""
    from nbteach.check.lesson05 import LABELS, QUERY, TRAIN

    path = ROOT / "notebooks" / "05_bernoulli_nb.ipynb"
    if not path.exists():
        pytest.skip("lesson 05 not written yet")
    source = "\n".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"])
    assert all(f'"{doc}"' in source for doc in TRAIN)
    assert f'["spam"] * {LABELS.count("spam")} + ["ham"] * {LABELS.count("ham")}' in source
    assert f'"{QUERY}"' in source


@pytest.mark.parametrize("huge", ["x**99999999999", "factorial(10**9)", "2**(2**(2**10))",
                                  "10**10**10", "x/0"])
def test_equivalent_refuses_formulas_that_would_explode(huge):
    r = equivalent(huge, "x")
    assert not r and ("too large" in r.reason or "divides by zero" in r.reason)


def test_closed_form_beats_every_other_point_of_the_simplex():
    """Independent of sympy's own checks: at random counts, the derived theta has a higher
    log-likelihood than any of many random distributions (numpy, Dirichlet samples)."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    d = multinomial_mle(1, 3)
    theta, N = d.symbols["theta"], d.symbols["N"]
    params = [theta[v, 1] for v in (1, 2, 3)]
    counts_syms = [N[v, 1] for v in (1, 2, 3)]
    loglik = sp.lambdify([params, counts_syms],
                         d.step("loglik").expr.rhs.subs(d.symbols["pi"][1], 1), "numpy")
    closed = sp.lambdify([counts_syms], [d.result[p] for p in params], "numpy")
    rng = np.random.default_rng(0)

    @settings(max_examples=30, deadline=None)
    @given(st.lists(st.integers(1, 40), min_size=3, max_size=3))
    def check(counts):
        best = np.array(closed(counts), dtype=float)
        assert best.sum() == pytest.approx(1.0)
        others = rng.dirichlet(np.ones(3), size=500).T
        assert loglik(best, counts) >= np.max(loglik(others, counts)) - 1e-12

    check()


@pytest.mark.parametrize("make", [bernoulli_mle, multinomial_mle])
def test_second_order_check_judges_concavity_not_the_result(make):
    """A wrong closed form fails the stationarity checks, not the concavity one (it used to
    report the Hessian as failing, a false negative); a convex J fails it."""
    g = make("C", "V")
    fam = "mu" if make is bernoulli_mle else "theta"
    p, N, i, j = (g.symbols[k] for k in (fam, "N", "i", "j"))
    ip, V = g.symbols["i'"], g.symbols["V"]
    g.result[p[i, j]] = N[i, j] / sp.Sum(N[ip, j], (ip, 1, V)) / 2
    assert g.verify() is False
    assert not any("concave" in c for c in g.failed), g.failed
    flipped = make(2, 2)
    step = flipped.step("lagrangian")
    step.expr = sp.Eq(step.expr.lhs, -step.expr.rhs)  # now J is convex: no maximum
    flipped.verify()
    assert any("concave" in c for c in flipped.failed), flipped.failed


@pytest.mark.parametrize("text", ["factorial(factorial(20))", "9**9**9", "2^10^10", "gamma(10**9)",
                                  "binomial(factorial(30), 2)"])
def test_formulas_that_would_never_finish_are_refused_at_once(text):
    """Each of these used to run for ever inside sympy's parser; now it is refused by name."""
    from nbteach.check import exercise

    r = equivalent(text, "1")
    assert r.equal is False and "too large" in r.reason
    assert exercise("03.epsilon_flu_score").check(text).status == "incorrect"


@pytest.mark.parametrize("n, M, p, alpha", [(3, 3, sp.Rational(7, 10), 1), (5, 2, sp.Rational(1, 3), 2),
                                            (4, 4, sp.Rational(1, 4), sp.Rational(1, 2)), (6, 3, sp.Rational(1, 5), 0)])
def test_lidstone_bias_matches_exact_enumeration(n, M, p, alpha):
    from nbteach.derivations import lidstone_bias
    from nbteach.smoothing import lidstone

    bias, s = lidstone_bias()
    # E[p_hat] by summing over every count k of a Binomial(n, p), with the library's estimate
    mean = sum(sp.binomial(n, k) * p ** k * (1 - p) ** (n - k) * sp.Rational(str(lidstone(k, n, M, alpha)))
               for k in range(n + 1))
    assert sp.simplify(mean - p - bias.subs({s["n"]: n, s["M"]: M, s["p"]: p, s["alpha"]: alpha})) == 0
