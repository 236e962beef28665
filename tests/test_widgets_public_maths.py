"""Widgets do no maths of their own (issue 22): every number a view shows is what a public
library function gives for the same input, so a student can compute it with the library.
Each test reads a number off the widget and recomputes it with the public function; the
library functions the widgets gained are checked against a computation by hand."""
from __future__ import annotations

import ast
import re
import warnings
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("ipywidgets")

from nbteach import BernoulliNB, MultinomialNB  # noqa: E402
from nbteach._base import NbteachError  # noqa: E402
from nbteach.decision import (bayes_decision, bayes_risk, decision_risk,  # noqa: E402
                              threshold_decision)
from nbteach.metrics import accuracy_score  # noqa: E402
from nbteach.text import TextNB, build_vocabulary, count_matrix, word_log_odds  # noqa: E402

X = [[1, 0, 2], [1, 1, 0], [0, 1, 1], [0, 0, 3], [1, 0, 0], [0, 0, 1], [2, 1, 1], [0, 2, 0]]
Y = ["spam", "spam", "ham", "ham", "spam", "ham", "spam", "ham"]


# -- decision: the risk of any decisions, the threshold rule ---------------------------------

def test_decision_risk_is_the_mean_cost_of_the_decisions_given():
    L = [[0, 1], [9, 0]]                                   # deciding 1 on a 0 costs 9
    assert decision_risk([0, 1, 1, 0], [0, 0, 1, 1], L) == Fraction(9 + 1, 4)
    assert decision_risk(["b", "a"], ["a", "a"], L, classes=["a", "b"]) == Fraction(9, 2)
    assert decision_risk([0, 1, 1], [0, 1, 0]) == Fraction(1, 3)       # 0-1 loss: the error rate
    assert isinstance(decision_risk([0, 1], [1, 1], np.array([[0.0, 1.5], [1.0, 0.0]])), float)


@pytest.mark.parametrize("exact", [True, False])
def test_bayes_risk_on_data_is_decision_risk_of_the_bayes_decisions(exact):
    post = [[Fraction(9, 10), Fraction(1, 10)], [Fraction(3, 10), Fraction(7, 10)], [Fraction(3, 5), Fraction(2, 5)]]
    if not exact:
        post = np.array(post, dtype=float)
    L = [[0, 1], [3, 0]]
    y = [0, 1, 1]
    got = bayes_risk(post, L, y_true=y)
    assert got == pytest.approx(float(decision_risk(bayes_decision(post, L), y, L)))
    assert isinstance(got, Fraction) is exact


@pytest.mark.parametrize("args, words", [
    (([0, 1], [0]), "y_true has 1 labels but there are 2 decisions"),
    (([], []), "decisions is empty"),
    ((["x"], ["a"], None, ["a", "b"]), "decisions holds 'x'"),
    (([0], [5], [[0, 1], [1, 0]]), "class indices 0..1"),
    (([0], [0], [[0, 1, 1], [1, 0, 1]]), "square matrix"),
    (([0], [0], [[0, -1], [1, 0]]), "negative"),
])
def test_decision_risk_names_what_is_wrong(args, words):
    with pytest.raises(NbteachError, match=re.escape(words)):
        decision_risk(*args)


def test_threshold_decision_flags_at_and_above_the_threshold():
    assert threshold_decision([0.5, 0.49, 1.0], 0.5, "spam", "ham").tolist() == ["spam", "ham", "spam"]
    with pytest.raises(NbteachError, match="numbers in \\[0, 1\\]"):
        threshold_decision([1.5], 0.5, "spam", "ham")
    with pytest.raises(NbteachError, match="one probability per row"):
        threshold_decision([[0.2, 0.8]], 0.5, "spam", "ham")
    with pytest.raises(NbteachError, match="threshold must be a number in \\[0, 1\\]"):
        threshold_decision([0.2], "half", "spam", "ham")


@pytest.mark.parametrize("positive", ["spam", "ham"])
def test_loss_explorer_shows_the_risks_of_the_library(positive):
    from nbteach.widgets.decision import loss_explorer

    model = MultinomialNB().fit(X, Y)
    ex = loss_explorer(model, X, Y, positive=positive)
    ex.costs["spam", "ham"].value = 9.0                    # a false alarm costs 9
    ex.costs["ham", "spam"].value = 2.5
    L = ex.loss_matrix()
    post = model.predict_proba(X)
    classes = list(model.classes_)
    plain = [classes[i] for i in bayes_decision(post)]
    assert ex.result["risk_at_half"] == decision_risk(plain, Y, L, classes=classes)
    assert ex.result["risk"] == bayes_risk(post, L, y_true=Y, classes=classes)
    assert ex.result["risk_at_half"] != ex.result["risk"]   # the costs change the decisions here
    assert f"(t = 1/2) under the same costs: {ex.result['risk_at_half']:.4f}" in ex.view.value


def test_threshold_explorer_decides_as_the_library():
    from nbteach.widgets.threshold import threshold_explorer

    model = MultinomialNB().fit(X, Y)
    ex = threshold_explorer(model, X, Y, positive="spam")
    p = model.predict_proba(X)[:, list(model.classes_).index("spam")]
    for t in (0.05, 0.4, 0.77):
        ex.slider.value = t
        flagged = int(np.sum(threshold_decision(p, ex.slider.value, "spam", "ham") == "spam"))
        assert ex.scores["flagged"] == flagged
        assert f"{flagged} of {len(Y)} flagged spam" in ex.numbers.value


# -- text: what each word adds to the log odds; encoded documents ------------------------------

DOCS = ["free money now", "free free offer", "meeting at noon", "lunch meeting today", "free lunch offer now"]
LABELS = ["spam", "spam", "ham", "ham", "spam"]


@pytest.mark.parametrize("Model", [MultinomialNB, BernoulliNB])
def test_word_log_odds_add_up_to_the_models_log_odds(Model):
    V = build_vocabulary(DOCS)
    model = Model(alpha=0.5).fit(count_matrix(DOCS, V), LABELS)
    x = count_matrix(["free free lunch today"], V)[0]
    got = word_log_odds(model, x)
    p = model.predict_proba([x])[0]
    assert got.total == pytest.approx(np.log(p[0] / p[1]))
    assert got.prior == pytest.approx(np.log(LABELS.count("ham") / LABELS.count("spam")))
    # by hand, from the fitted probabilities, for the repeated word and for an absent one
    theta = np.exp(model.feature_log_prob_)
    free, noon = V["free"], V["noon"]
    if Model is MultinomialNB:
        assert got.words[free] == pytest.approx(2 * np.log(theta[0, free] / theta[1, free]))
        assert got.words[noon] == 0
    else:
        assert got.words[free] == pytest.approx(np.log(theta[0, free] / theta[1, free]))
        assert got.words[noon] == pytest.approx(np.log((1 - theta[0, noon]) / (1 - theta[1, noon])))


def test_word_log_odds_names_what_is_wrong():
    V = build_vocabulary(DOCS)
    X = count_matrix(DOCS, V)
    model = MultinomialNB().fit(X, LABELS)
    with pytest.raises(NbteachError, match=f"one document's {len(V)} word counts"):
        word_log_odds(model, [1, 2])
    with pytest.raises(NbteachError, match="counts >= 0"):
        word_log_odds(model, -X[0])
    with pytest.raises(NbteachError, match="compares two classes"):
        word_log_odds(MultinomialNB().fit(X, ["a", "b", "c", "a", "b"]), X[0])
    with pytest.raises(NbteachError, match="takes a fitted MultinomialNB"):
        word_log_odds("model", X[0])


def test_text_models_explorer_shows_word_log_odds():
    from nbteach.widgets import text_models_explorer

    ex = text_models_explorer(DOCS, LABELS, message="free free lunch", alpha=0.5)
    for message in ("free free lunch", "meeting noon zzz", "offer offer offer today"):
        ex.text.value = message
        x = count_matrix([message], ex.vocabulary)[0]
        m, b = word_log_odds(ex.multinomial, x), word_log_odds(ex.bernoulli, x)
        np.testing.assert_array_equal(ex.result["multinomial"][1], m.words)
        np.testing.assert_array_equal(ex.result["bernoulli"][1], b.words)
        view = re.sub(r"<td [^>]*>", "<td>", ex.view.value)       # padded() styles the cells
        assert f"<td><b>{m.total:+.3f}</b></td><td><b>{b.total:+.3f}</b></td>" in view
        assert f"<td>{m.prior:+.3f}</td><td>{b.prior:+.3f}</td>" in view


def test_encoded_documents_predict_as_the_documents_at_every_alpha():
    train = ["cheap pills", "cheap deal now", "lunch at noon", "team meeting", "cheap lunch", "deal at noon"]
    y = ["spam", "spam", "ham", "ham", "ham", "spam"]
    test = ["cheap noon", "meeting deal", "pills pills team", "lunch lunch team"]
    nb = TextNB().fit(train, y)
    enc = nb.encode(test)
    assert len(enc) == 4
    for alpha in (0.001, 0.1, 1.0, 10.0):
        nb.set_alpha(alpha)
        assert nb.predict_encoded(enc).tolist() == nb.predict(test).tolist()
    nb.fit(train, y)                                      # a new vocabulary: the old ids mean nothing
    with pytest.raises(NbteachError, match="call encode\\(documents\\) again"):
        nb.predict_encoded(enc)
    with pytest.raises(TypeError, match="for raw documents call predict"):
        nb.predict_encoded(test)
    with pytest.raises(NbteachError, match="single string"):
        nb.encode("cheap pills")


@pytest.mark.parametrize("text_model", [True, False])
def test_alpha_curve_scores_are_the_models_predictions(text_model):
    from nbteach.widgets.alpha_curve import alpha_curve_widget

    train = ["cheap pills", "cheap deal now", "lunch at noon", "team meeting", "cheap lunch", "deal at noon"]
    y = ["spam", "spam", "ham", "ham", "ham", "spam"]
    test, yt = ["cheap noon", "meeting deal", "zzz pills", "lunch lunch team"], ["spam", "ham", "spam", "ham"]
    if text_model:
        model, args = TextNB(), (train, y, test, yt)
    else:
        V = build_vocabulary(train)
        model, args = BernoulliNB(), (count_matrix(train, V), y, count_matrix(test, V), yt)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wdg = alpha_curve_widget(model, *args, alphas=[0.01, 0.1, 1.0, 10.0])
        for a in (10.0, 0.01, 1.0):
            wdg.slider.value = a
            fresh = (TextNB(alpha=a) if text_model else BernoulliNB(alpha=a)).fit(args[0], y)
            assert wdg.scores["accuracy"] == accuracy_score(yt, fresh.predict(args[2]))
            assert f"accuracy {wdg.scores['accuracy']:.4f}" in wdg.numbers.value


# -- smoothing: sums over the values, the counts behind the bias -------------------------------

def test_sums_over_values_is_one_unless_epsilon():
    from nbteach.counts import value_counts_by_class
    from nbteach.datasets import flu_cold
    from nbteach.smoothing import probability_table, sums_over_values

    df = flu_cold()
    counts = value_counts_by_class(df["Headache"], df["Diagnosis"])
    assert sums_over_values(probability_table(counts, alpha=Fraction(1, 3))) == {"Cold": 1, "Flu": 1}
    # Cold has one zero (severe), Flu one (no): each column gains one epsilon
    assert sums_over_values(probability_table(counts, epsilon=Fraction(1, 8))) == \
        {"Cold": Fraction(9, 8), "Flu": Fraction(9, 8)}
    with pytest.raises(NbteachError, match="takes a probability table"):
        sums_over_values([[0.5, 0.5]])


def test_smoothing_explorer_shows_the_librarys_sums_and_bias():
    from nbteach.counts import class_counts, value_counts_by_class
    from nbteach.smoothing import lidstone_bias_value, mle, sums_over_values
    from nbteach.widgets import smoothing_explorer
    from nbteach.widgets._html import number

    ex = smoothing_explorer(alpha=1.5, epsilon=0.01)
    ex.query["Cough"].value = ex.query["Cough"].options[0]
    for kind in ("epsilon", "laplace"):
        panel = re.sub(r"<td [^>]*>", "<td>", ex.panels[kind].value)      # padded() styles the cells
        for f, table in ex.models[kind].tables_.items():
            cells = "".join(f"<td>{number(s)}</td>" for s in sums_over_values(table).values())
            assert f"sum over {f}</i></td>{cells}</tr>" in panel
    sample = ex.sample()
    n = class_counts(ex.y)
    bias = re.sub(r"<td [^>]*>", "<td>", ex.panels["laplace"].value.split("<b>bias</b>")[1])
    for f in ex.X.columns:
        counts = value_counts_by_class(ex.X[f], ex.y)
        bias_values = [lidstone_bias_value(mle(counts.loc[sample[f], c], n[c]), n[c], len(counts), Fraction(3, 2))
                       for c in counts.columns]
        cells = "".join(f"<td>{number(b)}</td>" for b in bias_values)
        assert f"<tr><td>{f}={sample[f]}</td>{cells}</tr>" in bias


# -- gaussian: the log odds whose zero is the boundary ------------------------------------------

def test_log_odds_from_coefficients_is_the_models_log_odds():
    from nbteach.gaussian import GaussianNB, log_odds_from_coefficients

    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal([0, 0, 1], [1, 2, 1], (20, 3)), rng.normal([2, -1, 0], [1.5, 1, 0.5], (20, 3))])
    y = [0] * 20 + [1] * 20
    for shared in (False, True):
        nb = GaussianNB(shared_variance=shared).fit(X, y)
        p = nb.predict_proba(X[:5])
        z = log_odds_from_coefficients(nb.log_odds_coefficients(), X[:5])
        np.testing.assert_allclose(z, np.log(p[:, 1] / p[:, 0]), rtol=1e-9)
    c = nb.log_odds_coefficients()
    with pytest.raises(NbteachError, match="3 features along its last axis"):
        log_odds_from_coefficients(c, X[:, :2])
    with pytest.raises(NbteachError, match=r"log_odds_coefficients\(\) returns"):
        log_odds_from_coefficients({"v": c["v"]}, X)


def test_boundary_explorer_draws_where_the_librarys_log_odds_is_zero():
    from nbteach.gaussian import log_odds_from_coefficients
    from nbteach.widgets.gaussian_boundary import boundary_explorer

    ex = boundary_explorer()
    for shared in (True, False):
        ex.shared.value = shared
        assert ex.boundary_pieces
        for line in ex.boundary_pieces:
            z = log_odds_from_coefficients(ex.coefficients, line)
            # contour points lie on the grid's cell edges, interpolated: near the zero, far below
            # the log odds at the plot's corners
            corners = log_odds_from_coefficients(ex.coefficients, [[5.0, 5.0], [-5.0, -5.0]])
            assert np.max(np.abs(z)) < 0.1 * np.max(np.abs(corners))


# -- no widget reaches into the library's private names ---------------------------------------

def private_names(source: str) -> list:
    """What in a widget module's ``source`` reaches a private name of the library (read with
    ast): ``from nbteach.x import _name`` (also ``from nbteach import _name`` and a relative
    ``from ..x import _name``), and ``thing._name`` on anything but ``self``, ``cls`` or a
    module of ``nbteach.widgets`` (a library object's private attribute, a library module's
    private function). The widgets' own shared parts (``_svg``, ``_html``, ``_a11y``, ...)
    are theirs to use; a name under ``__dunder__`` is Python's, not private."""
    tree = ast.parse(source)
    own = {"self", "cls"}
    found = []

    def private(name):
        return name.startswith("_") and not name.startswith("__")

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            widgets = (node.level == 1 or module == "nbteach.widgets" or module.startswith("nbteach.widgets."))
            library = node.level >= 2 or module == "nbteach" or module.startswith("nbteach.")
            for alias in node.names:
                if widgets:
                    own.add(alias.asname or alias.name)
                elif library and private(alias.name):
                    found.append(f"line {node.lineno}: from {'.' * node.level}{module} import {alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("nbteach.widgets"):
                    own.add((alias.asname or alias.name).split(".")[0] if alias.asname else alias.name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr):
            root = node.value
            while isinstance(root, ast.Attribute):
                root = root.value
            if not (isinstance(root, ast.Name) and root.id in own):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def _widget_modules():
    import nbteach.widgets

    return sorted(Path(nbteach.widgets.__file__).parent.glob("*.py"))


@pytest.mark.parametrize("path", _widget_modules(), ids=lambda p: p.stem)
def test_the_widget_uses_no_private_library_name(path):
    """Every module of nbteach/widgets (the views and their shared parts), issue 22: the library's
    numbers and checks through public names only (``nbteach._base.is_symbolic``,
    ``nbteach._validation.check_n_labelled``, ``nbteach.sharp_plots`` were private until then)."""
    found = private_names(path.read_text(encoding="utf-8"))
    assert not found, found


@pytest.mark.parametrize("source", [
    "from nbteach.em import _check_n_labelled\n",
    "from nbteach import _sharp_plots\n",
    "from ..text import _check_documents\n",
    "from nbteach._base import NbteachError, _is_symbolic\n",
    "def f(model):\n    return model._joint_log_proba_of(1, 2)\n",
    "def f(net):\n    return net._cpt['Rain']\n",
    "import nbteach.text as t\nx = t._tokens\n",
    "from nbteach.widgets import _svg\ndef f(model):\n    return _svg.Figure(model._classes)\n",
])
def test_the_private_name_check_finds_each_kind(source):
    assert len(private_names(source)) == 1, private_names(source)


@pytest.mark.parametrize("source", [
    "from nbteach.widgets import _svg\nf = _svg._plot_box\n",
    "from ._explorer import Explorer, _slug\n",
    "from nbteach._validation import check_alpha\n",
    "class V:\n    def f(self):\n        return self._keep, type(self).__name__\n",
])
def test_the_private_name_check_lets_the_widgets_own_parts_be(source):
    assert private_names(source) == []
