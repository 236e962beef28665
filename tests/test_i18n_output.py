"""The library output lessons 04-06 show follows the language: the derivations (titles, steps,
checks), the notes' mistakes and their demonstrations, the formula comparison, the verdicts of
paired_difference and sign_test, the labels of indicative_words and independence_test, and the
UnknownWordsWarning. In Chinese they keep no run of three English words (outside formulas);
in English they are as before."""
from __future__ import annotations

import re
import warnings

import numpy as np
import pandas as pd
import pytest
import sympy as sp

from nbteach.derivations import (beta_smoothing, bernoulli_mle, cost_threshold, dirichlet_smoothing,
                                 equivalent, gaussian_nb_logistic, multinomial_mle)
from nbteach.derivations.mistakes import NOTE_MISTAKES
from nbteach.evaluation import paired_difference, sign_test
from nbteach.i18n import set_language
from nbteach.metrics import independence_test
from nbteach.text import TextNB, UnknownWordsWarning

CJK = re.compile(r"[\u4e00-\u9fff]")
ENGLISH_RUN = re.compile(r"\b[A-Za-z]{2,}[,;:]? [A-Za-z]{2,}[,;:]? [A-Za-z]{2,}\b")


pytestmark = pytest.mark.usefixtures("english_after")   # tests/conftest.py


def english_runs(markdown: str) -> list:
    """Runs of three English words outside $...$ formulas (and `code`)."""
    prose = re.sub(r"\$\$.*?\$\$|\$[^$]*\$|`[^`]*`", " ", markdown, flags=re.S)
    return ENGLISH_RUN.findall(prose)


DERIVATIONS = {
    "multinomial_mle(2, 2)": lambda: multinomial_mle(2, 2),
    "multinomial_mle('C', 'V')": lambda: multinomial_mle("C", "V"),
    "bernoulli_mle(2, 3)": lambda: bernoulli_mle(2, 3),
    "dirichlet_smoothing('V')": lambda: dirichlet_smoothing("V"),
    "dirichlet_smoothing(3)": lambda: dirichlet_smoothing(3),
    "beta_smoothing()": lambda: beta_smoothing(),
    "gaussian_nb_logistic(2)": lambda: gaussian_nb_logistic(2),
    "gaussian_nb_logistic(2, shared_variance=False)": lambda: gaussian_nb_logistic(2, shared_variance=False),
    "cost_threshold()": lambda: cost_threshold(),
}


@pytest.mark.parametrize("name", DERIVATIONS)
def test_a_derivation_and_its_checks_read_in_chinese(name):
    set_language("zh")
    d = DERIVATIONS[name]()
    assert d.verify()
    shown = d.to_markdown()
    assert english_runs(shown) == [], english_runs(shown)
    assert all(CJK.search(description) for description, _ in d.checks)
    assert "全部通过" in shown and CJK.search(str(d).splitlines()[0])
    set_language("en")
    assert d.verify() and "sympy checked" in d.to_markdown() and not CJK.search(d.to_markdown())


def test_a_failed_check_is_named_in_the_language_it_was_run_in():
    for lang, named in (("en", "the result equals the textbook closed form"), ("zh", "结果等于教科书上的闭式解")):
        set_language(lang)
        d = multinomial_mle(2, 2)
        theta, N = d.symbols["theta"], d.symbols["N"]
        d.result[theta[1, 2]] = N[1, 2] / N[2]
        assert d.verify() is False
        assert d.failed[-1] == named


@pytest.mark.parametrize("mistake", NOTE_MISTAKES, ids=[m.key for m in NOTE_MISTAKES])
def test_a_notes_mistake_and_its_demonstration_read_in_chinese(mistake):
    english = (mistake._repr_markdown_(), mistake.demonstrate()._repr_markdown_())
    assert not any(CJK.search(t.replace(mistake.note, "")) for t in english)
    set_language("zh")
    for shown in (mistake._repr_markdown_(), mistake.demonstrate()._repr_markdown_()):
        assert CJK.search(shown)
        assert english_runs(shown) == [], english_runs(shown)
    set_language("en")
    assert (mistake._repr_markdown_(), mistake.demonstrate()._repr_markdown_()) == english


def test_the_formula_comparison_gives_its_reason_in_the_language():
    N_1, N_2 = sp.symbols("N_1 N_2", positive=True)
    reference = N_1 / (N_1 + N_2)
    reasons = {}
    for lang in ("en", "zh"):
        set_language(lang)
        reasons[lang] = [equivalent(f, reference).reason
                         for f in ("N_1/(N_1 + 3)", "N_1/(2*(N_1 + N_2))", "N_1/(N_1 + N_2")]
    assert reasons["en"][:2] == ["your expression does not use N_2.", "your expression differs by the factor 1/2."]
    assert reasons["en"][2].startswith("could not read 'N_1/(N_1 + N_2' as a formula")
    assert all(CJK.search(r) for r in reasons["zh"])
    assert "1/2" in reasons["zh"][1] and "N_2" in reasons["zh"][0]


@pytest.mark.parametrize("test, a, b, english", [
    (paired_difference, [0.9, 0.91, 0.92, 0.9, 0.91], [0.8, 0.8, 0.81, 0.8, 0.8], "a is better"),
    (paired_difference, [0.8, 0.8, 0.81, 0.8, 0.8], [0.9, 0.91, 0.92, 0.9, 0.91], "b is better"),
    (paired_difference, [0.8, 0.82, 0.79, 0.81], [0.79, 0.80, 0.79, 0.80], "a tie"),
    (sign_test, [0.9] * 10, [0.8] * 10, "a wins more often"),
    (sign_test, [0.8] * 10, [0.9] * 10, "b wins more often"),
    (sign_test, [0.9, 0.7] * 5, [0.8] * 10, "no direction"),
])
def test_a_comparisons_verdict_follows_the_language(test, a, b, english):
    kw = {"test_fraction": 0.2} if test is paired_difference else {}
    set_language("en")
    en = test(a, b, **kw)
    set_language("zh")
    zh = test(a, b, **kw)
    assert en["verdict"].startswith(english) and CJK.search(zh["verdict"])
    names_one = english.startswith(("a is", "b is", "a wins", "b wins"))
    assert zh["verdict"].startswith(english[0]) == names_one                 # a or b names the winner
    assert {k: v for k, v in en.items() if k != "verdict"} == {k: v for k, v in zh.items() if k != "verdict"}


def _fitted_text():
    docs = ["great taste great price", "love it great", "stale and bad", "bad money back", "great love"]
    return TextNB().fit(docs, ["pos", "pos", "neg", "neg", "pos"]), docs


def test_the_text_tables_show_chinese_labels_and_keep_english_keys():
    nb, docs = _fitted_text()
    words = nb.indicative_words(n=2, min_count=1)
    X = pd.DataFrame({"great": [1, 1, 0, 0, 1], "bad": [0, 0, 1, 1, 0]})
    chi = independence_test(X, ["pos", "pos", "neg", "neg", "pos"])
    english = (repr(words), repr(chi))
    assert "log-ratio" in english[0] and "smallest expected" in english[1]
    set_language("zh")
    assert "对数比" in repr(words) and "log-ratio" not in repr(words)
    assert "p 值" in repr(chi) and "自由度" in repr(chi) and "p-value" not in repr(chi)
    assert list(words.columns) == ["class", "word", "log-ratio", "count"]
    assert chi.loc["great", "p-value"] == chi["p-value"].iloc[0]
    set_language("en")
    assert (repr(words), repr(chi)) == english


def test_the_unknown_words_warning_follows_the_language():
    nb, _ = _fitted_text()
    said = {}
    for lang in ("en", "zh"):
        set_language(lang)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            nb.predict_proba(["zxqv blorf"])
        said[lang] = str(caught[0].message)
        assert caught[0].category is UnknownWordsWarning
    assert said["en"].startswith("1 document(s) (first: index 0) contain only words that are not in the vocabulary")
    assert CJK.search(said["zh"]) and "P(c)" in said["zh"]
    set_language("zh")
    with pytest.raises(Exception, match="空文档"):
        nb.predict(["a fine review", ""])
    assert np.isfinite(nb.predict_log_proba(["great"])).all()


@pytest.mark.parametrize("name", DERIVATIONS)
def test_a_derivation_named_in_a_cell_reads_in_chinese(name):
    """A derivation as the last line of a cell shows its repr (text/plain beside the Markdown):
    ``<推导 '...'：14 步，8 个结果>``; in English as before."""
    d = DERIVATIONS[name]()
    set_language("en")
    assert re.fullmatch(r"<Derivation '.*': \d+ steps, \d+ results>", repr(d), flags=re.S)
    set_language("zh")
    shown = repr(d)
    assert shown.startswith("<推导 ") and "steps" not in shown and "results" not in shown, shown


def test_repeated_holdouts_scores_name_the_split_in_chinese():
    from nbteach import TextNB
    from nbteach.evaluation import repeated_holdout

    docs = ["cheap pills", "cheap offer now", "win cash", "cheap cash prize", "lunch at noon", "team lunch",
            "meeting moved", "noon meeting"]
    table = repeated_holdout({"NB": TextNB()}, docs, ["spam"] * 4 + ["ham"] * 4, n_splits=3, test_size=0.5)
    scores = table.attrs["scores"]
    set_language("zh")
    assert "划分" in scores.T.round(3).to_string() and "split" not in scores.T.to_string()
    assert scores.index.name == "split"                      # the key in code
    set_language("en")
    assert "split" in scores.T.to_string()


def test_a_learning_curve_reshaped_as_lesson_08_does_still_shows_chinese_labels():
    """Lesson 08 shows pd.concat({say("mean"): curve["mean"].unstack(0), ...}, axis=1): its level
    names (model, n_train) came out English, pandas dropping the table's words on unstack."""
    from nbteach import GaussianNB
    from nbteach.evaluation import learning_curve

    rng = np.random.default_rng(0)
    X = rng.normal(size=(200, 2))
    y = (X[:, 0] > 0).astype(int)
    curve = learning_curve({"a": GaussianNB(), "b": GaussianNB(shared_variance=True)}, X, y, [10, 20],
                           n_repeats=3, test_size=50, random_state=0)
    table = pd.concat({"m": curve["mean"].unstack(0), "s": curve["sd"].unstack(0)}, axis=1).round(3)
    set_language("zh")
    shown = repr(table)
    assert "模型" in shown and "训练样本数" in shown and "model" not in shown and "n_train" not in shown, shown
    assert table.columns.names == [None, "model"] and table.index.name == "n_train"     # keys in code
    set_language("en")
    assert repr(table) == repr(pd.DataFrame(table))
