"""Answers travel from the student's kernel to the grader as plain data, nothing else."""
import json
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
import sympy

from nbteach.check import ____
from nbteach.check.serial import FunctionRef, Unsupported, decode, encode


def roundtrip(x):
    return decode(json.loads(json.dumps(encode(x))))


@pytest.mark.parametrize("x", [None, True, 0, -7, 10 ** 5000, 0.1, float("inf"), Fraction(3, 8), "3/8",
                               [1, "a", (2, 3.5)], {"Flu": Fraction(3, 5), 1: None}],
                         ids=lambda x: type(x).__name__)
def test_plain_values_roundtrip(x):
    assert roundtrip(x) == x and type(roundtrip(x)) is type(x)


def test_nan_and_placeholder():
    assert np.isnan(roundtrip(float("nan")))
    assert roundtrip(____) is ____


def test_numpy_and_pandas_roundtrip():
    a = np.arange(6.0).reshape(2, 3)
    assert np.array_equal(roundtrip(a), a)
    o = np.array([Fraction(1, 2), Fraction(1, 3)], dtype=object)
    assert list(roundtrip(o)) == list(o)
    assert roundtrip(np.int64(3)) == 3 and roundtrip(np.float32(0.5)) == 0.5
    s = pd.Series({"Cold": Fraction(2, 5), "Flu": Fraction(3, 5)}, name="P(c)")
    pd.testing.assert_series_equal(roundtrip(s), s)
    df = pd.DataFrame({"Cold": [Fraction(1, 2), Fraction(1, 2)], "Flu": [0.25, 0.75]}, index=["no", "yes"])
    back = roundtrip(df)
    assert list(back.index) == ["no", "yes"] and list(back.columns) == ["Cold", "Flu"]
    assert back.loc["no", "Cold"] == Fraction(1, 2) and back.loc["yes", "Flu"] == 0.75


def test_sympy_roundtrip_without_eval():
    eps = sympy.Symbol("epsilon", positive=True)
    e = 4 * eps / 45 + sympy.log(eps) - sympy.sqrt(2) * sympy.pi
    assert roundtrip(e) == e
    n, i = sympy.IndexedBase("N"), sympy.Idx("i")
    for other in (sympy.Sum(n[i], (i, 1, 5)), sympy.Eq(eps, sympy.Float(0.1)), sympy.Function("f")(eps),
                  sympy.binomial(eps, 2) * sympy.factorial(3) + sympy.oo):
        assert roundtrip(other) == other
    assert isinstance(decode({"t": "sympy", "v": "exec('1')"}), Unsupported)


def test_an_expression_is_built_node_by_node_never_from_text(tmp_path, monkeypatch):
    """Issue 32: the old reader called sympy classes with the literal arguments of the record's
    text, and sin("...") handed the string to sympify, which evaluates it. Every way a string
    could reach a sympy constructor is refused now, and nothing runs."""
    flag = tmp_path / "ran"
    code = "__import__('os').mkdir('ran')"
    attempts = [
        {"t": "sympy", "v": f"sin({code!r})"},                       # the old srepr text
        {"t": "sympy", "v": ["A", "sin", [code]]},                    # a string as an argument
        {"t": "sympy", "v": ["A", "sin", [["S", code, {}]]]},           # a symbol named like code: a name
        {"t": "sympy", "v": ["A", "sympify", [["I", "1"]]]},            # a class outside the list
        {"t": "sympy", "v": ["A", "Symbol", [["I", "1"]]]},
        {"t": "sympy", "v": ["F", code, 53]},                          # a Float's text
        {"t": "sympy", "v": ["U", code, []]},                          # a function's name
        {"t": "sympy", "v": ["S", "x", {"positive": code}]},           # an assumption's value
        {"t": "sympy", "v": ["C", "__class__"]},
    ]
    monkeypatch.chdir(tmp_path)
    for raw in attempts:
        out = decode(raw)
        assert not flag.exists(), raw
        if raw["v"][0] == "A" and raw["v"][2] and raw["v"][2][0][0] == "S":
            assert str(out.args[0].name) == code      # a name, never code
        else:
            assert isinstance(out, Unsupported), raw


@pytest.mark.parametrize("raw", [
    {"t": "int", "v": "f" * 20_000},                                      # 80,000 bits
    {"t": "frac", "n": "f" * 1_600_000, "d": "7" * 1_600_000},               # the 6 Mbit / 6 Mbit Fraction
    {"t": "decimal", "v": "1e99999999"},
    {"t": "sympy", "v": ["A", "Pow", [["I", "2"], ["I", format(10 ** 9, "x")]]]},
    {"t": "sympy", "v": ["A", "factorial", [["I", format(10 ** 9, "x")]]]},
    {"t": "str", "v": "x" * 200_001},
    {"t": "nd", "dtype": "<f8", "shape": [10 ** 6], "v": ""},
], ids=["int", "fraction", "decimal", "power", "factorial", "text", "array"])
def test_values_beyond_a_limit_are_too_large_unread(raw):
    """Refused by its length or its bits before any arithmetic (the 6 Mbit Fraction never meets gcd)."""
    assert decode(raw) == Unsupported("too large")


def test_a_deep_expression_or_list_is_too_large_not_a_crash():
    node = ["S", "x", {}]
    for _ in range(5000):
        node = ["A", "exp", [node]]
    assert decode({"t": "sympy", "v": node}) == Unsupported("too large")
    value = {"t": "none"}
    for _ in range(5000):
        value = {"t": "list", "v": [value]}
    assert decode(value) == Unsupported("too large")


def test_student_classes_do_not_survive():
    class Always:
        def __eq__(self, other):
            return True

    class SneakyFloat(float):
        def __eq__(self, other):
            return True

    class SneakyDict(dict):
        pass

    assert isinstance(roundtrip(Always()), Unsupported)
    back = roundtrip(SneakyFloat(0.25))
    assert type(back) is float and back == 0.25
    assert type(roundtrip(SneakyDict(a=1))) is dict


def test_functions_stay_serialised():
    def f(x):
        return x

    back = roundtrip(f)
    assert isinstance(back, FunctionRef) and back.name == "f" and back.payload


@pytest.mark.parametrize("bad", [None, 3, {"t": 1}, {"t": "int", "v": 5}, {"t": "nd", "dtype": "O", "shape": [1], "v": ""},
                                 {"t": "dict", "v": [[{"t": "list", "v": []}, {"t": "none"}]]}, {"t": "what"}])
def test_forged_or_malformed_records_decode_to_unsupported(bad):
    assert isinstance(decode(bad), Unsupported)


def _value_exercises():
    from nbteach.check import exercises

    return [q.id for q in exercises() if q.kind == "value"]


@pytest.mark.parametrize("ex_id", _value_exercises())
def test_every_answer_survives_the_trip_to_the_grader(ex_id):
    """What the grader rebuilds from a record is judged as the original would be."""
    from nbteach.check import exercise

    q = exercise(ex_id)
    assert q.check(roundtrip(q.reference()), _record=False).correct
    for mistake, wrong in q.mistake_values():
        assert q.check(roundtrip(wrong), _record=False).mistake == mistake.name


def test_a_zero_d_array_stays_zero_d():
    import numpy as np

    from nbteach.check.serial import decode, encode

    back = decode(encode(np.array(-3.5)))
    assert isinstance(back, np.ndarray) and back.shape == () and float(back) == -3.5


def test_the_librarys_shown_tables_travel_as_the_pandas_objects_they_are():
    """A student may hand in a table or a series the library made (a ShownFrame / ShownSeries,
    whose labels show in the student's language): it reaches the grader as the DataFrame or
    Series it is, never as 'unsupported', and compares as one."""
    from nbteach._shown import shown
    from nbteach.check.compare import compare

    series = pd.Series([0.25, 0.75], index=["yes", "no"], name="cross-validated accuracy")
    frame = pd.DataFrame({"mean": [0.5]}, index=["a"])
    for plain, library in ((series, shown(series.copy(), "cross-validated accuracy")),
                           (frame, shown(frame.copy(), "mean"))):
        assert type(library) is not type(plain)
        assert encode(library) == encode(plain)
        assert encode(library)["t"] in {"series", "frame"}
    assert compare(shown(series.copy(), "cross-validated accuracy"), series.to_dict()) is None   # equivalent
