"""The library output of lessons 10 and 11 follows the language: the reasons of
``BayesNet.trails``, the columns of ``elimination_steps().steps``, the name of a network's
posterior (``query``, ``markov_blanket_conditional``) and of ``SPODE.cv_scores_``. In Chinese
what is shown is Chinese; in English it is exactly what a plain tuple, DataFrame or Series
shows; in code the values and keys stay English in both."""
from __future__ import annotations

import re

import pandas as pd
import pytest

from nbteach import SPODE
from nbteach.bayesnet import burglary, elimination_steps, markov_blanket_conditional
from nbteach.i18n import set_language
from nbteach.realdata import titanic

CJK = re.compile(r"[\u4e00-\u9fff]")


pytestmark = pytest.mark.usefixtures("english_after")   # tests/conftest.py


def test_trail_reasons_show_in_chinese_and_read_in_english():
    net = burglary()
    (path, active, reasons), = net.trails("Burglary", "Earthquake", given=["JohnCalls"])
    set_language("en")
    assert repr(reasons) == "[('Alarm', 'collider', 'passes')]"          # as the plain tuple shows
    assert repr(reasons) == repr([("Alarm", "collider", "passes")])
    set_language("zh")
    shown = repr(reasons)
    assert shown == "[（Alarm：V型结构的汇合点，畅通）]"
    assert "collider" not in shown and "passes" not in shown
    # code reads the English words in both languages
    assert reasons == [("Alarm", "collider", "passes")]
    b, kind, verdict = reasons[0]
    assert (b, kind, verdict, reasons[0].kind) == ("Alarm", "collider", "passes", "collider")
    # every kind and verdict has its Chinese: a chain blocked by an observed middle node
    (_, _, chain), = net.trails("Burglary", "JohnCalls", given=["Alarm"])
    assert chain == [("Alarm", "chain", "blocks")]
    assert repr(chain) == "[（Alarm：顺序结构，阻断）]"
    (_, _, fork), = net.trails("JohnCalls", "MaryCalls")
    assert repr(fork) == "[（Alarm：同父结构，畅通）]"


def test_elimination_steps_columns_show_in_chinese_keys_stay_english():
    run = elimination_steps(burglary(), "Burglary", {"JohnCalls": True, "MaryCalls": True})
    english = ["sum out", "multiply", "product over", "product size", "new factor", "new factor size"]
    set_language("en")
    assert repr(run.steps) == repr(pd.DataFrame(run.steps))
    assert run.steps._repr_html_() == pd.DataFrame(run.steps)._repr_html_()
    set_language("zh")
    seen = run.steps.shown()
    assert all(CJK.search(c) for c in seen.columns) and CJK.search(seen.index.name)
    text = repr(run.steps)
    assert not any(word in text for word in english + ["step"])
    assert "求和消去的变量" in text and "新因子" in run.steps._repr_html_()
    # the cells (variable and factor names, sizes) are as they were; code reads English keys
    assert list(run.steps.columns) == english and run.steps.index.name == "step"
    assert list(run.steps["sum out"]) == list(seen["求和消去的变量"]) == ["Earthquake", "Alarm"]


def test_a_posterior_is_named_in_the_students_language():
    net = burglary()
    post = net.query("Burglary", {"JohnCalls": True, "MaryCalls": True})
    blanket = markov_blanket_conditional(net, "Alarm", {"Burglary": False, "Earthquake": False,
                                                         "JohnCalls": True, "MaryCalls": True})
    set_language("en")
    for series in (post, blanket, post.round(4)):
        assert repr(series) == repr(pd.Series(series))
    assert repr(post).splitlines()[-1] == "Name: P(Burglary | evidence), dtype: float64"
    set_language("zh")
    assert repr(post).splitlines()[-1] == "Name: P(Burglary | 证据), dtype: float64"
    assert repr(post.round(4)).splitlines()[-1] == "Name: P(Burglary | 证据), dtype: float64"
    assert repr(blanket).splitlines()[-1] == "Name: P(Alarm | 马尔可夫毯), dtype: float64"
    assert "P(Burglary | 证据)" in post.to_frame()._repr_html_()
    # the numbers, the index and the name a later cell reads are the same in both languages
    assert post.name == "P(Burglary | evidence)" and blanket.name == "P(Alarm | Markov blanket)"
    assert post.index.name == "Burglary" and round(float(post[True]), 6) == 0.284172


def test_spode_cv_scores_are_named_in_the_students_language():
    X, y = titanic()
    model = SPODE(parent="cv", alpha=1).fit(X, y)
    set_language("en")
    assert repr(model.cv_scores_.round(4)) == repr(pd.Series(model.cv_scores_).round(4))
    assert repr(model.cv_scores_).splitlines()[-1] == "Name: cross-validated accuracy, dtype: float64"
    set_language("zh")
    shown = repr(model.cv_scores_.round(4))
    assert shown.splitlines()[-1] == "Name: 交叉验证精度, dtype: float64"
    assert "accuracy" not in shown
    # the attribute names in the index are the data's, not translated; the scores read as before
    assert set(model.cv_scores_.index) == set(X.columns)
    assert model.cv_scores_.name == "cross-validated accuracy"
    assert model.cv_scores_[model.parent_] == model.cv_scores_.max()


def test_a_shown_series_compares_as_the_series_it_is():
    from nbteach.check.compare import compare

    post = burglary().query("Burglary", {"JohnCalls": True})
    plain = pd.Series(post)
    assert compare(post, plain) is None and compare(plain, post) is None
    pd.testing.assert_series_equal(post, plain, check_series_type=False)
    wrong = plain.copy()
    wrong.iloc[0] += 0.1
    assert compare(wrong, post) is not None


def test_printing_a_library_table_with_to_string_shows_the_students_words():
    """Lesson 06 prints explain()'s table with .to_string(): in Chinese its labels are the
    Chinese its display shows; in English it is pandas' own text."""
    import pandas as pd

    from nbteach import TextNB, set_language

    model = TextNB().fit(["不好 很差", "很好 不错"], ["neg", "pos"])
    table = model.explain("不好")[["count", "log-odds"]].round(2)
    try:
        set_language("en")
        assert table.to_string() == pd.DataFrame(table).to_string()
        assert "(prior)" in table.to_string()
        set_language("zh")
        text = table.to_string()
        assert "（先验概率）" in text and "对数几率" in text and "(prior)" not in text
        assert table.to_string() == table.shown().to_string()
    finally:
        set_language("en")
