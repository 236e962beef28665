from fractions import Fraction as F

import pytest
import sympy

from nbteach import bayes, flu_cold
from nbteach.probability import prob


def test_bayes_exact():
    r = bayes({"Flu": "3/5", "Cold": "2/5"}, {"Flu": F(4, 45) / F(3, 5), "Cold": F(1, 8)})
    assert r.evidence == F(4, 45) + F(1, 20)
    assert sum(r.posterior.values()) == 1
    assert all(isinstance(v, F) for v in r.posterior.values())
    assert r.posterior["Flu"] == F(4, 45) / r.evidence
    assert list(r.table.columns) == ["prior P(c)", "likelihood P(x|c)", "joint P(c)P(x|c)", "posterior P(c|x)"]


def test_bayes_float_and_symbolic():
    r = bayes({"a": 0.3, "b": 0.7}, {"a": 0.9, "b": 0.1})
    assert r.posterior["a"] == pytest.approx(0.27 / 0.34)
    assert r.decision == "a"
    p = sympy.Symbol("p", positive=True)
    s = bayes({"a": p, "b": 1 - p}, {"a": sympy.Rational(1, 2), "b": sympy.Rational(1, 4)})
    assert sympy.simplify(s.posterior["a"] - 2 * p / (p + 1)) == 0
    assert s.decision is None


def test_note_000_misstated_bayes_gives_posteriors_that_do_not_sum_to_one():
    """Note 000 writes p(y|x) = p(x, y) p(y) / p(x): that counts the prior twice."""
    prior, lik = {"Flu": F(3, 5), "Cold": F(2, 5)}, {"Flu": F(1, 3), "Cold": F(1, 2)}
    right = bayes(prior, lik)
    wrong = {c: right.joint[c] * prior[c] / right.evidence for c in prior}
    assert sum(right.posterior.values()) == 1
    assert sum(wrong.values()) != 1


def test_note_001_product_rule_needs_independence():
    """Note 001 writes P(X and y) = P(X) P(y) as a general rule; on its own table it fails."""
    df = flu_cold()
    joint = prob(df, Cough="yes", Diagnosis="Flu")
    product = prob(df, Cough="yes") * prob(df, Diagnosis="Flu")
    assert joint == F(3, 5) and product == F(12, 25) and joint != product
    # the correct general rule: P(X and y) = P(X | y) P(y)
    assert joint == prob(df, Cough="yes", given={"Diagnosis": "Flu"}) * prob(df, Diagnosis="Flu")
