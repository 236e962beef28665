"""The bad-input messages of the one validation module (nbteach._validation) follow the language:
in Chinese each is Chinese and keeps the phrase scikit-learn uses for the same mistake (tools
search for it); in English each is the message the other tests expect, unchanged."""
from __future__ import annotations

import re
import warnings
from fractions import Fraction as F

import numpy as np
import pandas as pd
import pytest

from nbteach import BernoulliNB, CategoricalNB, GaussianNB, MixedNB, MultinomialNB, NbteachError, bayes
from nbteach.datasets import flu_cold
from nbteach.evaluation import paired_difference
from nbteach.metrics import precision_recall_f1
from nbteach.resample import random_oversample
from nbteach.i18n import set_language
from nbteach.text import TextNB

CJK = re.compile(r"[\u4e00-\u9fff]")


pytestmark = pytest.mark.usefixtures("english_after")   # tests/conftest.py


def _flu():
    df = flu_cold()
    return df.drop(columns="Diagnosis"), df["Diagnosis"]


def _fitted_multinomial():
    return MultinomialNB().fit(np.array([[1, 0, 2], [0, 3, 1]]), [0, 1])


#: (what is wrong, the call, the start of the English message, the phrase kept in Chinese)
BAD = [
    ("negative alpha", lambda: MultinomialNB(alpha=-1).fit([[1, 2]], [0]),
     "alpha must be a finite number >= 0 (0 means no smoothing, 1 is Laplace), got -1.", None),
    ("alpha as text", lambda: MultinomialNB(alpha="one").fit([[1, 2]], [0]),
     "alpha must be a number >= 0 (0 means no smoothing, 1 is Laplace), got 'one' of type str.", None),
    ("epsilon above 1", lambda: CategoricalNB(epsilon=2).fit(*_flu()),
     "epsilon must be > 0 and < 1, got 2", None),
    ("1-D X", lambda: GaussianNB().fit(np.array([1.0, 2.0, 3.0]), [0, 1, 0]),
     "X must be 2-D (one row per example, one column per feature), got 1-D with shape (3,). "
     "Reshape your data", "Reshape your data"),
    ("negative counts", lambda: MultinomialNB().fit(np.array([[1, -2]]), [0]),
     "Negative values in data passed to MultinomialNB (input X): row 0, column 1 is -2.0.",
     "Negative values in data passed to MultinomialNB"),
    ("wrong number of features", lambda: _fitted_multinomial().predict(np.array([[1, 2]])),
     "X has 2 features, but MultinomialNB is expecting 3 features as input",
     "is expecting 3 features as input"),
    ("not fitted", lambda: BernoulliNB().predict(np.array([[1, 0]])),
     "This BernoulliNB is not fitted yet: call .fit(X, y) first.", "is not fitted yet"),
    ("text where numbers are needed", lambda: GaussianNB().fit(np.array([["a", "b"]]), [0]),
     "GaussianNB needs numbers in X, but converting X to numbers failed", None),
    ("more labels than rows", lambda: GaussianNB().fit(np.array([[1.0], [2.0]]), [0, 1, 0]),
     "X has 2 rows but y has 3 labels: give one label per row of X.", None),
    ("continuous labels", lambda: GaussianNB().fit(np.array([[1.0], [2.0]]), [0.5, 1.5]),
     "Unknown label type: continuous.", "Unknown label type: continuous"),
    ("a column missing in predict", lambda: CategoricalNB(alpha=1).fit(*_flu()).predict(
        _flu()[0].drop(columns="Cough")),
     "X has 3 features, but CategoricalNB is expecting 4 features as input. X must have the "
     "training columns", "is expecting 4 features as input"),
    ("a missing category", lambda: CategoricalNB().fit(_flu()[0].mask(_flu()[0] == "mild"), _flu()[1]),
     "X has a missing value (NaN/None) in column", None),
    ("a Series for a table", lambda: CategoricalNB().fit(_flu()[0]["Cough"], _flu()[1]),
     "X is a single column (a Series).", None),
    ("one string for documents", lambda: TextNB().fit("one review", ["pos"]),
     "documents must be a list of strings, one per document, but got a single string.", None),
    ("a document that is not text", lambda: TextNB().fit(["good", None], ["pos", "neg"]),
     "documents[1] is NoneType (None), not a string", None),
    ("a mixed table as a 1-D array", lambda: MixedNB().fit(np.array([1.0, 2.0]), [0, 1]),
     "MixedNB takes a pandas DataFrame", "Reshape your data"),
    ("one class to resample", lambda: random_oversample([[1], [2]], ["a", "a"]),
     "y has only one class ('a'): there is no imbalance to correct.", None),
    ("per-fold scores of different lengths", lambda: paired_difference([0.8, 0.9], [0.8], 0.2),
     "a and b must be two equally long lists of per-fold scores (at least 2)", None),
    ("a test share above 1", lambda: paired_difference([0.8, 0.9], [0.8, 0.7], 2),
     "test_fraction must be between 0 and 1 (0.2 for 5 folds); got 2.", None),
    # what lessons 01, 02, 03 and 07 show being refused
    ("a prior that does not sum to 1", lambda: bayes({"a": F(1, 2), "b": F(7, 10)}, {"a": F(1, 2), "b": F(1, 2)}),
     "the prior must sum to 1 over the classes (it is a distribution), but it sums to 6/5.", None),
    ("evidence 0", lambda: bayes({"a": F(1, 2), "b": F(1, 2)}, {"a": 0, "b": 0}),
     "the evidence P(x) is 0: every class gives the observation probability 0", None),
    ("every class scores 0", lambda: CategoricalNB(alpha=0).fit(*_flu()).predict_proba(_typo()),
     "every class scores 0 for sample 0, so P(c|x) = 0/0 is undefined", None),
    ("a positive label that is not a label",
     lambda: precision_recall_f1(["ham", "spam"], ["ham", "spam"], pos_label=1),
     "pos_label=1 is not a label; the labels are 'ham', 'spam': say which one is positive.", None),
]


def _typo():
    X, _ = _flu()
    row = X.iloc[[0]].copy()
    row.iloc[0, 0] = "sever"
    return row


def test_the_unseen_value_warning_follows_the_language():
    model = CategoricalNB(alpha=1).fit(*_flu())
    for lang, says in (("en", "values never seen in training: Headache='sever'; its count is 0 and "
                              "smoothing gives it a small probability."),
                       ("zh", "训练时从未见过的取值：Headache='sever'；它的计数为 0，平滑给它一个很小的概率。")):
        set_language(lang)
        with pytest.warns(Warning) as seen:
            model.predict(_typo())
        assert any(str(w.message).startswith(says) for w in seen), [str(w.message) for w in seen]


def _message(call, lang):
    set_language(lang)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises((NbteachError, TypeError, ValueError)) as err:
            call()
    return str(err.value)


@pytest.mark.parametrize("what, call, english, kept", BAD, ids=[b[0] for b in BAD])
def test_a_bad_input_is_refused_in_the_students_language(what, call, english, kept):
    en, zh = _message(call, "en"), _message(call, "zh")
    assert en.startswith(english), (what, en)
    assert not CJK.search(en), (what, en)
    assert CJK.search(zh), (what, zh)
    assert zh != en
    if kept:
        assert kept in zh, (what, zh)      # scikit-learn's phrase, for tools that search for it


def test_the_column_vector_warning_follows_the_language():
    X, y = np.array([[1.0], [2.0], [3.0]]), np.array([[0], [1], [0]])
    for lang, says in (("en", "A column-vector y was passed when a 1d array was expected: nbteach "
                              "uses y.ravel()."),
                       ("zh", "y 是列向量")):
        set_language(lang)
        with pytest.warns(UserWarning) as record:
            GaussianNB().fit(X, y)
        text = " ".join(str(r.message) for r in record)
        assert says in text
        assert "A column-vector y was passed when a 1d array was expected" in text
