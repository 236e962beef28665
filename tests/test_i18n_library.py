"""What the library shows follows the language: in Chinese, every view's labels, descriptions,
titles and texts, and every explain() table's headers, are Chinese and keep no English word of
the English edition (only names: the data's classes, attributes and values, the words a student
typed, notation such as alpha or SPODE). English stays as it was (the other tests compare it)."""
from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

import nbteach
from nbteach.i18n import set_language

#: English words that are notation or names in both editions, never prose to translate
NOTATION = {"alpha", "epsilon", "sigmoid", "ln", "log", "exp", "max", "min", "sd", "argmax", "SPODE", "SPODEs",
            "AODE", "TAN", "EM", "MLE", "Lidstone", "bic", "mdl", "sum", "nbsp", "middot", "ndash", "rarr",
            "lambda", "NaN", "True", "False", "Mp", "log-sum-exp", "nan"}
CJK = re.compile(r"[\u4e00-\u9fff]")


pytestmark = pytest.mark.usefixtures("english_after")   # tests/conftest.py


def _text_of_html(value: str) -> str:
    value = re.sub(r"<style>.*?</style>", " ", value, flags=re.S)
    value = re.sub(r"<svg.*?</svg>", " ", value, flags=re.S)       # a drawing: node names only
    value = re.sub(r"<[^>]+>", " ", value)
    return re.sub(r"&[a-z]+;", " ", value)


def visible_texts(obj) -> list:
    """The texts a student reads on a view: descriptions, tooltips, placeholders, HTML and
    labels, checkbox texts, figure titles, axis labels and tick labels, legends."""
    import ipywidgets as w

    out, seen = [], set()

    def walk(x):
        if id(x) in seen:
            return
        seen.add(id(x))
        if hasattr(x, "widget") and not isinstance(x, w.Widget):        # an Explorer
            walk(x.widget)
            return
        for attr in ("description", "tooltip", "placeholder", "title", "label"):
            v = getattr(x, attr, None)
            if isinstance(v, str) and v:
                out.append(v)
        for v in getattr(x, "tooltips", None) or []:
            out.append(v)
        # an anywidget that shows HTML of its own (lesson 11's network sheet) is read as an HTML widget
        if isinstance(x, (w.HTML, w.Label)) or (hasattr(x, "_esm") and isinstance(getattr(x, "value", None), str)):
            out.append(_text_of_html(x.value))
        labels = getattr(x, "tick_labels", None)
        if isinstance(labels, dict):
            out.extend(str(v) for v in labels.values())
        # a widget's children, a figure's axes, the figures an SVG view draws (_svg.Panels)
        for child in (list(getattr(x, "children", ()) or ()) + list(getattr(x, "axes", ()) or ())
                      + list(getattr(x, "panels", ()) or ())):
            walk(child)

    walk(obj)
    return out


def _words(texts) -> set:
    """Words of two letters or more (one letter is a symbol: x, c, N), not inside a number (1e-05)."""
    return set(re.findall(r"(?<![0-9A-Za-z.])[A-Za-z][A-Za-z'-]*[A-Za-z](?![0-9A-Za-z])", " ".join(texts)))


def _names(*things) -> set:
    """The words of the data's own names (classes, attributes, values, documents)."""
    out = set()
    for t in things:
        if isinstance(t, pd.DataFrame):
            out |= _names(list(t.columns), t.to_numpy().ravel().tolist())
        elif isinstance(t, (list, tuple, set, np.ndarray, pd.Series, pd.Index)):
            for v in list(t):
                out |= _names(v)
        elif isinstance(t, dict):
            out |= _names(list(t), list(t.values()))
        else:
            out |= _words([str(t)])
    return out


def _flu():
    from nbteach import flu_cold

    df = flu_cold()
    return df, df.drop(columns="Diagnosis"), df["Diagnosis"]


DOCS = ["free money now", "free free offer", "meeting at noon", "lunch meeting today", "cheap lunch"]
LABELS = ["spam", "spam", "ham", "ham", "ham"]
BINARY = ([[1, 0], [1, 1], [0, 1], [0, 0], [1, 0], [0, 0]], ["spam", "spam", "ham", "ham", "spam", "ham"])


def _views():
    """(name, make(): the view, its data's own names) for every view of nbteach.widgets."""
    from nbteach import BernoulliNB, CategoricalNB, TextNB
    from nbteach.bayesnet import burglary, sample, sprinkler
    from nbteach.em import mixture_documents
    from nbteach import widgets as W

    def table():
        df, X, y = _flu()
        return W.table_explorer(CategoricalNB(exact=True).fit(X, y), X), _names(df)

    def smoothing():
        return W.smoothing_explorer(), _names(_flu()[0])

    def message():
        return W.message_explorer(TextNB().fit(DOCS, LABELS), "free lunch zebra"), _names(DOCS, LABELS, "zebra")

    def text_models():
        return W.text_models_explorer(DOCS, LABELS, message="free lunch zebra"), _names(DOCS, LABELS, "zebra")

    def alpha_curve():
        return (W.alpha_curve_widget(TextNB(), DOCS, LABELS, DOCS, LABELS, alphas=[0.01, 0.1, 1.0, 10.0]),
                _names(LABELS))

    def loss():
        X, y = BINARY
        return W.loss_explorer(BernoulliNB().fit(X, y), X, y, positive="spam"), _names(y)

    def threshold():
        X, y = BINARY
        return W.threshold_explorer(BernoulliNB().fit(X, y), X, y, positive="spam"), _names(y)

    def network():
        net = burglary()
        ex = W.network_explorer(net, n_samples=300)
        ex.set_evidence(JohnCalls=True)
        return ex, _names(net.nodes, "True", "False")

    def dsep():
        net = burglary()
        return W.dseparation_explorer(net, "Burglary", "Earthquake", given=("JohnCalls",)), _names(net.nodes)

    def search():
        data = sample(sprinkler(), 500, random_state=2)
        ex = W.search_explorer(data, score="bic", restarts=1, random_state=0)
        ex.step.value = 1
        return ex, _names(list(data.columns))

    def gibbs():
        net = burglary()
        return (W.gibbs_explorer(net, "Alarm", True, {"JohnCalls": True}, per_chain=50),
                _names(net.nodes, "True", "False"))

    def one_dependence():
        X = pd.DataFrame({"colour": ["green", "green", "black", "black", "green", "black"],
                          "sound": ["dull", "crisp", "crisp", "dull", "dull", "crisp"]})
        y = ["bad", "good", "good", "good", "bad", "bad"]
        return W.one_dependence_explorer(X, y, positive="good"), _names(X, y, "copy")

    def em():
        X, y = mixture_documents(120, random_state=0)
        Xt, yt = mixture_documents(60, random_state=1)
        return W.em_explorer(X, y, Xt, yt, n_labelled=[4, 20], n_draws=2, max_iter=2), _names(list(y))

    return [("bayes", lambda: (W.bayes_explorer(), {"ill", "healthy"})), ("table", table),
            ("smoothing", smoothing), ("mle", lambda: (W.mle_explorer(), {"w1", "w2", "w3"})),
            ("boundary", lambda: (W.boundary_explorer(), set())), ("message", message),
            ("text_models", text_models), ("alpha_curve", alpha_curve), ("loss", loss),
            ("threshold", threshold), ("network", network), ("dseparation", dsep), ("search", search),
            ("gibbs", gibbs), ("one_dependence", one_dependence), ("em", em)]


VIEWS = _views()


@pytest.mark.parametrize("name, make", VIEWS, ids=[v[0] for v in VIEWS])
def test_a_view_in_chinese_keeps_no_english_word_of_the_english_view(name, make):
    set_language("en")
    english_view, names = make()
    english = _words(visible_texts(english_view))
    set_language("zh")
    chinese_view, _ = make()
    texts = visible_texts(chinese_view)
    assert any(CJK.search(t) for t in texts), f"{name}: no Chinese on the view"
    left = (_words(texts) & english) - NOTATION - names
    assert not left, f"{name}: English words left on the Chinese view: {sorted(left)}"
    # and the English view really is English (the test would pass on a view without text)
    assert english - NOTATION - names, f"{name}: the English view shows no words to translate"


def test_the_check_finds_an_english_word_left_behind():
    import ipywidgets as w

    view = w.VBox([w.FloatSlider(description="先验概率 prior"), w.HTML("<b>后验概率</b>")])
    assert _words(visible_texts(view)) & {"prior"} == {"prior"}


def test_lagrange_picture_text_follows_the_language():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from nbteach.widgets.mle import lagrange_picture

    def texts():
        with matplotlib.rc_context():                 # the fonts nbteach sets stay in this test
            ax = lagrange_picture(3, 1)
            shown = [ax.get_title()] + [t.get_text() for t in ax.get_legend().get_texts()]
            plt.close(ax.figure)
        return shown

    set_language("en")
    english = _words(texts())
    set_language("zh")
    chinese = texts()
    assert all(CJK.search(t) for t in chinese), chinese
    assert not (_words(chinese) & english) - NOTATION - {"theta"}, chinese


def _explain_tables():
    from nbteach import AODE, SPODE, CategoricalNB, MixedNB, TextNB, watermelon
    from nbteach.datasets import FLU_COLD_QUERIES
    from nbteach.errata import table as errata_table
    from nbteach import GaussianNB
    from nbteach.em import em_against_labelled_only, em_learning_curve, mixture_documents
    from nbteach.evaluation import learning_curve
    from nbteach.metrics import alpha_curve, calibration_curve, classification_report, confusion_table

    rng = np.random.default_rng(0)
    gauss = (np.r_[rng.normal(0, 1, (40, 2)), rng.normal(1.5, 1, (40, 2))], np.r_[[0] * 40, [1] * 40])
    em_curve = em_learning_curve(*mixture_documents(120, random_state=0), *mixture_documents(60, random_state=1),
                                 n_labelled=[4, 20], n_draws=2, max_iter=2)
    df, X, y = _flu()
    melons = watermelon()
    Xm, ym = melons.iloc[:, :6], melons["好瓜"]
    nb = CategoricalNB(exact=True).fit(X, y)
    mixed = MixedNB(alpha=0, ddof=1).fit(melons.drop(columns="好瓜"), ym)
    text = TextNB().fit(DOCS, LABELS)
    return {
        "categorical": (lambda: nb.explain(FLU_COLD_QUERIES["first"]).table, _names(df)),
        "mixed": (lambda: mixed.explain(melons.drop(columns="好瓜").iloc[[0]]), _names(melons)),
        "spode": (lambda: SPODE(parent="敲声", alpha=1).fit(Xm, ym).explain(Xm.loc[1]), _names(Xm)),
        "aode": (lambda: AODE(alpha=1).fit(Xm, ym).explain(Xm.loc[1]), _names(Xm)),
        "aode_none": (lambda: AODE(m=100, alpha=1).fit(Xm, ym).explain(Xm.loc[1]), _names(Xm)),
        "text": (lambda: text.explain("free lunch zebra"), _names(DOCS, LABELS, "zebra")),
        "errata": (lambda: errata_table()[["lesson", "note", "status"]], set()),
        "confusion": (lambda: confusion_table(["a", "b", "a"], ["a", "a", "b"]), {"a", "b"}),
        "classification_report": (lambda: classification_report(["a", "b", "a"], ["a", "a", "b"]), {"a", "b"}),
        "alpha_curve": (lambda: alpha_curve(TextNB(), DOCS, LABELS, DOCS, LABELS, [0.1, 1.0]), set()),
        "calibration_curve": (lambda: calibration_curve([1, 0, 1, 1], [0.9, 0.2, 0.6, 0.7], pos_label=1,
                                                        n_bins=2), set()),
        "em_against_labelled_only": (lambda: em_against_labelled_only(em_curve), {"NB"}),
        "learning_curve": (lambda: learning_curve({"GaussianNB": GaussianNB()}, *gauss, [10, 20], n_repeats=2,
                                                  test_size=20), {"GaussianNB"}),
    }


TABLES = _explain_tables()


def _headers(frame) -> list:
    shown = frame.shown()
    cells = [v for v in shown.to_numpy().ravel() if isinstance(v, str)]
    labels = [*shown.columns, *shown.index, *shown.index.names, *shown.columns.names, *cells]
    return [str(v) for v in labels if v is not None and not isinstance(v, tuple)] + \
        [str(x) for v in labels if isinstance(v, tuple) for x in v]


@pytest.mark.parametrize("name", list(TABLES))
def test_an_explain_table_in_chinese_has_chinese_headers_and_the_same_keys(name):
    make, names = TABLES[name]
    set_language("en")
    english_frame = make()
    english = _words(_headers(english_frame))
    english_html = english_frame._repr_html_()
    set_language("zh")
    chinese_frame = make()
    headers = _headers(chinese_frame)
    assert any(CJK.search(h) for h in headers), name
    left = (_words(headers) & english) - NOTATION - names
    assert not left, f"{name}: English words left in the Chinese table: {sorted(left)}"
    # the data and its keys are the same: code written for one edition runs in the other
    pd.testing.assert_frame_equal(pd.DataFrame(chinese_frame), pd.DataFrame(english_frame))
    assert CJK.search(chinese_frame._repr_html_()) and chinese_frame._repr_html_() != english_html
    set_language("en")
    assert make()._repr_html_() == pd.DataFrame(english_frame)._repr_html_()


def test_a_students_own_words_are_not_translated():
    from nbteach import TextNB

    set_language("zh")
    table = TextNB().fit(DOCS + ["score word prior"], LABELS + ["ham"]).explain("score word prior free")
    index = list(table.shown().index)
    assert {"score", "word", "prior", "free"} <= set(index)       # the message's words, as typed
    assert "（先验概率）" in index and "计数" in table.shown().columns


def test_categorical_explanation_lines_follow_the_language():
    from nbteach import CategoricalNB
    from nbteach.datasets import FLU_COLD_QUERIES

    _, X, y = _flu()
    nb = CategoricalNB(exact=True).fit(X, y)
    set_language("zh")
    assert "决策：Cold" in str(nb.explain(FLU_COLD_QUERIES["first"]))
    assert "无法决策" in str(nb.explain(FLU_COLD_QUERIES["second"]))
    set_language("en")
    assert "decision: Cold" in str(nb.explain(FLU_COLD_QUERIES["first"]))


def test_every_erratum_reads_in_chinese():
    from nbteach.errata import ERRATA, ERRATA_ZH, table

    assert set(ERRATA_ZH) == {e.key for e in ERRATA}, "an erratum without its Chinese (ERRATA_ZH) or a stale one"
    for key, (wrong, correct) in ERRATA_ZH.items():
        assert CJK.search(wrong) and correct.strip(), key         # a correct formula may be all notation
    english = table()
    set_language("zh")
    chinese = table()
    assert list(chinese.columns) == list(english.columns)
    assert (chinese["the note says"] == english["the note says"]).all()        # the note's own words
    assert chinese["what is wrong"].map(lambda t: bool(CJK.search(t))).all()
    assert "错在哪里" in chinese._repr_html_()


def test_the_readout_box_is_named_in_the_students_language():
    from nbteach.widgets._a11y import AccessibleNames

    assert AccessibleNames().value_word == "value"
    set_language("zh")
    assert AccessibleNames().value_word == "数值"


def test_a_shown_table_is_checked_as_the_dataframe_it_is():
    """A table the library shows in the student's language (a ShownFrame) compares as a
    DataFrame: as an answer, and as an exercise's reference."""
    from nbteach._shown import shown
    from nbteach.check.compare import compare
    from nbteach.metrics import confusion_table

    table = confusion_table(["a", "b", "a"], ["a", "a", "b"])
    plain = pd.DataFrame(table)
    assert type(table).__name__ == "ShownFrame"
    for got, want in ((table, plain), (plain, table), (table, table)):
        assert compare(got, want) is None                     # None: equivalent
    wrong = plain.copy()
    wrong.iloc[0, 0] += 1
    assert compare(shown(wrong, "actual"), plain) is not None
    assert compare(wrong, table) is not None


def test_a_shown_table_is_read_as_a_table_by_graded_homework():
    from nbteach.check.graded import _array_entries
    from nbteach.metrics import confusion_table

    table = confusion_table(["a", "b", "a"], ["a", "a", "b"])
    assert _array_entries(table) == _array_entries(pd.DataFrame(table)) is not None


def test_a_shown_table_crosses_the_sandbox_as_a_dataframe():
    from nbteach.check.serial import decode, encode
    from nbteach.metrics import confusion_table

    table = confusion_table(["a", "b", "a"], ["a", "a", "b"])
    back = decode(encode(table))
    assert type(back) is pd.DataFrame
    pd.testing.assert_frame_equal(back, pd.DataFrame(table), check_names=False)
