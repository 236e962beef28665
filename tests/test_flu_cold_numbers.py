"""Every number of note 001's flu/cold example, reproduced exactly by the public API."""
from fractions import Fraction as F

import pytest
import sympy

from nbteach import CategoricalNB, flu_cold
from nbteach.datasets import flu_cold_query
from nbteach.probability import prob

FEATURES = ["Headache", "Sore", "Temperature", "Cough"]


@pytest.fixture
def data():
    df = flu_cold()
    return df[FEATURES], df["Diagnosis"]


def test_table_is_the_notes(data):
    df = flu_cold()
    assert list(df.columns) == [*FEATURES, "Diagnosis"]
    assert df.values.tolist() == [
        ["severe", "mild", "high", "yes", "Flu"],
        ["no", "severe", "normal", "yes", "Cold"],
        ["mild", "mild", "normal", "yes", "Flu"],
        ["mild", "no", "normal", "no", "Cold"],
        ["severe", "severe", "normal", "yes", "Flu"],
    ]


# (feature, value, P(.|Flu), P(.|Cold)) exactly as the note lists them
NOTE_TABLE = [
    ("Headache", "severe", F(2, 3), F(0, 2)),
    ("Headache", "mild", F(1, 3), F(1, 2)),
    ("Headache", "no", F(0, 3), F(1, 2)),
    ("Sore", "severe", F(1, 3), F(1, 2)),
    ("Sore", "mild", F(2, 3), F(0, 2)),
    ("Sore", "no", F(0, 3), F(1, 2)),
    ("Temperature", "high", F(1, 3), F(0, 2)),
    ("Temperature", "normal", F(2, 3), F(2, 2)),
    ("Cough", "yes", F(3, 3), F(1, 2)),
    ("Cough", "no", F(0, 3), F(1, 2)),
]


@pytest.mark.parametrize("feature,value,flu,cold", NOTE_TABLE)
def test_every_conditional_probability(data, feature, value, flu, cold):
    nb = CategoricalNB(exact=True).fit(*data)
    table = nb.tables_[feature]
    assert table.loc[value, "Flu"] == flu and isinstance(table.loc[value, "Flu"], F)
    assert table.loc[value, "Cold"] == cold
    # and the same by counting rows directly
    assert prob(flu_cold(), {feature: value}, given={"Diagnosis": "Flu"}) == flu


def test_priors(data):
    nb = CategoricalNB(exact=True).fit(*data)
    assert nb.prior_.to_dict() == {"Cold": F(2, 5), "Flu": F(3, 5)}


def test_first_query_flu_0_cold_one_twentieth(data):
    nb = CategoricalNB(exact=True).fit(*data)
    joint = nb.joint(flu_cold_query("first")).iloc[0]
    assert joint["Flu"] == 0 and joint["Cold"] == F(1, 20)
    assert float(joint["Cold"]) == 0.05
    assert nb.predict(flu_cold_query("first")).tolist() == ["Cold"]
    assert nb.predict_proba(flu_cold_query("first")).tolist() == [[F(1), F(0)]]


def test_second_query_both_zero_without_smoothing(data):
    nb = CategoricalNB(exact=True).fit(*data)
    joint = nb.joint(flu_cold_query("second")).iloc[0]
    assert joint["Flu"] == 0 and joint["Cold"] == 0
    with pytest.raises(ValueError, match="every class scores 0"):
        nb.predict(flu_cold_query("second"))
    explanation = nb.explain(flu_cold_query("second"))
    assert explanation.decision is None and "undefined" in str(explanation)


def test_second_query_with_symbolic_epsilon(data):
    eps = sympy.Symbol("epsilon", positive=True)
    nb = CategoricalNB(epsilon=eps).fit(*data)
    joint = nb.joint(flu_cold_query("second")).iloc[0]
    assert sympy.simplify(joint["Cold"] - eps**3 / 5) == 0
    assert sympy.simplify(joint["Flu"] - sympy.Rational(4, 45) * eps) == 0
    # 12 eps / 135 as the note first writes it, reduced
    assert sympy.simplify(joint["Flu"] - sympy.Rational(12, 135) * eps) == 0
    # the lower power of epsilon wins as epsilon -> 0+
    assert nb.predict(flu_cold_query("second")).tolist() == ["Flu"]
    post = nb.predict_proba(flu_cold_query("second"))[0]
    assert sympy.limit(post[1], eps, 0, "+") == 1


def test_symbolic_prediction_agrees_with_small_numeric_epsilon(data):
    for e in [F(1, 10**3), F(1, 10**6)]:
        nb = CategoricalNB(epsilon=e, exact=True).fit(*data)
        assert nb.predict(flu_cold_query("second")).tolist() == ["Flu"]


def test_laplace_table_of_the_note(data):
    nb = CategoricalNB(alpha=1, exact=True).fit(*data)
    h, c = nb.tables_["Headache"], nb.tables_["Cough"]
    assert [h.loc["severe", "Flu"], h.loc["mild", "Flu"], h.loc["no", "Flu"]] == [F(3, 6), F(2, 6), F(1, 6)]
    assert [c.loc["yes", "Flu"], c.loc["no", "Flu"]] == [F(4, 5), F(1, 5)]
    # written the way the note writes it
    text = str(nb.explain(flu_cold_query("second")))
    assert "(2+1)/(3+3)" in text and "(0+1)/(3+2)" in text


def test_laplace_on_the_second_query(data):
    """What alpha = 1 predicts for the patient the note leaves at 0 versus 0."""
    nb = CategoricalNB(alpha=1, exact=True).fit(*data)
    joint = nb.joint(flu_cold_query("second")).iloc[0]
    assert joint.to_dict() == {"Cold": F(1, 500), "Flu": F(3, 250)}
    assert nb.predict_proba(flu_cold_query("second")).tolist() == [[F(1, 7), F(6, 7)]]
    assert nb.predict(flu_cold_query("second")).tolist() == ["Flu"]


def test_explain_writes_the_notes_lines(data):
    nb = CategoricalNB(exact=True).fit(*data)
    ex = nb.explain(flu_cold_query("first"))
    assert ex.written["Flu"] == ["3/5", "1/3", "1/3", "2/3", "0/3"]
    assert ex.written["Cold"] == ["2/5", "1/2", "1/2", "2/2", "1/2"]
    assert ex.scores == {"Cold": F(1, 20), "Flu": 0}
    assert ex.table.loc["score", "Cold"] == F(1, 20)
    assert ex.decision == "Cold"
    assert "<table" in ex._repr_html_()
