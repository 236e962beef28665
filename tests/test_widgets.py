"""The widgets, driven the way a student drives them: set a value, look at what changed."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nbteach import NbteachError
from nbteach.widgets import bayes_explorer, smoothing_explorer


def test_sliders_are_named_for_students():
    ex = smoothing_explorer()
    assert "alpha" in ex.alpha_slider.description or "α" in ex.alpha_slider.description
    assert "epsilon" in ex.epsilon_slider.description or "ε" in ex.epsilon_slider.description
    assert type(ex.epsilon_slider).__name__ == "FloatLogSlider"


def test_alpha_slider_changes_the_laplace_column_in_place():
    ex = smoothing_explorer()
    panels = dict(ex.panels)
    children = list(ex.widget.children)
    before = {k: p.value for k, p in ex.panels.items()}
    ex.alpha_slider.value = 2.5
    assert ex.panels["laplace"].value != before["laplace"]
    assert ex.panels["none"].value == before["none"]
    assert ex.panels["epsilon"].value == before["epsilon"]
    # same widget objects: updated, not re-created
    assert all(ex.panels[k] is panels[k] for k in panels)
    assert list(ex.widget.children) == children
    # alpha = 2.5 on Headache given Flu: (2 + 2.5) / (3 + 3*2.5) = 3/7
    assert "α = 2.50" in ex.panels["laplace"].value
    assert "3/7" in ex.panels["laplace"].value


def test_epsilon_slider_changes_the_epsilon_column():
    ex = smoothing_explorer()
    before = ex.panels["epsilon"].value
    ex.epsilon_slider.value = 1e-5
    after = ex.panels["epsilon"].value
    assert after != before and "1.0e-05" in after


def test_epsilon_sums_exceed_one_while_laplace_keeps_one():
    ex = smoothing_explorer()
    eps_tables = ex.models["epsilon"].tables_
    assert any(s > 1 for t in eps_tables.values() for s in t.sum(axis=0))
    assert all(s == 1 for t in ex.models["laplace"].tables_.values() for s in t.sum(axis=0))
    assert "more than 1" in ex.panels["epsilon"].value
    assert "Every column sums to 1" in ex.panels["laplace"].value


def test_second_patient_decisions_as_in_the_notes():
    ex = smoothing_explorer()  # the note's second patient: severe, mild, high, no
    text = ex.text()
    none, eps, lap = text.split("\n\n")
    assert "undefined" in none
    assert "decision: Flu" in eps
    assert "decision: Flu" in lap and "1/500" in lap and "3/250" in lap


def test_changing_the_patient_updates_every_column():
    ex = smoothing_explorer()
    before = {k: p.value for k, p in ex.panels.items()}
    for f, v in {"Headache": "mild", "Sore": "severe", "Temperature": "normal", "Cough": "no"}.items():
        ex.query[f].value = v
    assert all(ex.panels[k].value != before[k] for k in before)
    assert "decision: Cold" in ex.panels["none"].value  # the note's first patient


@settings(max_examples=25, deadline=None)
@given(a=st.integers(0, 100), b=st.integers(0, 100))
def test_every_alpha_move_changes_what_is_shown(a, b):
    if a == b:
        return
    ex = smoothing_explorer(alpha=a / 20)
    shown = ex.panels["laplace"].value
    ex.alpha_slider.value = b / 20
    assert ex.panels["laplace"].value != shown


@settings(max_examples=25, deadline=None)
@given(a=st.integers(-80, -5), b=st.integers(-80, -5))
def test_every_epsilon_move_changes_what_is_shown(a, b):
    if a == b:
        return
    ex = smoothing_explorer(epsilon=10 ** (a / 10))
    shown = ex.panels["epsilon"].value
    ex.epsilon_slider.value = 10 ** (b / 10)
    assert ex.panels["epsilon"].value != shown


def test_explorer_bad_input():
    with pytest.raises(NbteachError, match="alpha"):
        smoothing_explorer(alpha=-1)
    with pytest.raises(NbteachError, match="epsilon"):
        smoothing_explorer(epsilon=0)
    with pytest.raises(NbteachError, match="missing"):
        smoothing_explorer(query={"Headache": "mild"})


def test_bayes_explorer_moves_the_posterior():
    ex = bayes_explorer(prior=0.01, likelihoods=(0.95, 0.05))
    first = ex.view.value
    assert float(ex.result.posterior["ill"]) == pytest.approx(0.0095 / (0.0095 + 0.0495))
    ex.likelihood_sliders["healthy"].value = 0.01
    assert ex.view.value != first
    assert float(ex.result.posterior["ill"]) == pytest.approx(0.0095 / (0.0095 + 0.0099))
    ex.prior_slider.value = 0.0
    ex.likelihood_sliders["healthy"].value = 0.0
    assert "evidence P(x) is 0" in ex.view.value and ex.result is None


def test_widgets_never_clamp_a_value_silently():
    from nbteach.widgets import mle_explorer

    ex = smoothing_explorer(alpha=10)
    assert ex.alpha_slider.value == 10 and ex.alpha_slider.max >= 10   # the range grows, no clamp
    assert mle_explorer(alpha=7).alpha_slider.value == 7
    for bad in (1.5, -0.1):
        with pytest.raises(NbteachError, match="between 0 and 1"):
            bayes_explorer(prior=bad)
    with pytest.raises(NbteachError, match="likelihood of ill"):
        bayes_explorer(likelihoods=(1.2, 0.05))


def test_table_explorer_matches_explain_for_every_choice():
    from nbteach import CategoricalNB, flu_cold
    from nbteach.widgets import table_explorer

    df = flu_cold()
    X, y = df.drop(columns="Diagnosis"), df["Diagnosis"]
    nb = CategoricalNB(exact=True).fit(X, y)
    ex = table_explorer(nb, X)
    ex.dropdowns["Headache"].value = "severe"
    ex.dropdowns["Sore"].value = "severe"
    ex.dropdowns["Temperature"].value = "normal"
    ex.dropdowns["Cough"].value = "yes"
    want = nb.explain(ex.sample())
    assert ex.explanation.scores == want.scores and ex.explanation.decision == want.decision == "Flu"
    assert "3/5" in ex.view.value                          # P(Flu), as the note writes it
    with pytest.raises(NbteachError, match="never shows"):
        table_explorer(nb, X, sample={"Headache": "sever"})


def test_text_models_explorer_counts_repeats_only_in_the_multinomial():
    from nbteach.widgets import text_models_explorer

    docs = ["free money now", "free free offer", "meeting at noon", "lunch meeting today"]
    ex = text_models_explorer(docs, ["spam", "spam", "ham", "ham"], message="free")
    once_m, once_b = ex.result["multinomial"][0][1], ex.result["bernoulli"][0][1]
    ex.text.value = "free free free"
    assert ex.result["multinomial"][0][1] > once_m                      # repeats count
    assert ex.result["bernoulli"][0][1] == pytest.approx(once_b)        # present is present
    ex.text.value = "zzz qqq"
    assert ex.result is None and "No word of the vocabulary" in ex.view.value


def test_message_explorer_follows_the_text():
    from nbteach.text import TextNB
    from nbteach.widgets import message_explorer

    nb = TextNB().fit(["cheap pills now", "cheap offer", "lunch at noon", "team lunch"],
                      ["spam", "spam", "ham", "ham"])
    ex = message_explorer(nb, "lunch")
    assert ex.table.loc["(posterior P(c|x))", "ham"] > 0.5
    ex.text.value = "cheap cheap pills zzz"
    assert ex.table.loc["(posterior P(c|x))", "spam"] > 0.5
    assert "not in the vocabulary" in ex.view.value and "spam" in ex.view.value
    ex.text.value = "!!"
    assert ex.table is None and "at least one word" in ex.view.value


def test_threshold_explorer_agrees_with_the_metrics_at_every_threshold():
    import numpy as np

    from nbteach import MultinomialNB
    from nbteach.metrics import precision_recall_curve, precision_recall_f1
    from nbteach.realdata import email_features
    from nbteach.resample import train_test_split
    from nbteach.widgets import threshold_explorer

    X, y = email_features()
    Xtr, Xte, ytr, yte = train_test_split(X, y, test_size=0.3, random_state=0)
    model = MultinomialNB().fit(Xtr, ytr)
    ex = threshold_explorer(model, Xte, yte, positive="spam")
    p = model.predict_proba(Xte)[:, 1]
    for t in (0.5, 0.2, 0.05):
        ex.slider.value = t
        pred = np.where(p >= t, "spam", "ham")
        prec, rec, f1, _ = precision_recall_f1(yte, pred, pos_label="spam")
        assert (ex.scores["precision"], ex.scores["recall"]) == (prec, rec)
        assert f"precision {prec:.4f}" in ex.numbers.value
        # the plotted point is the scores' point, and the title says t
        assert list(ex.marker.x) == [rec] and list(ex.marker.y) == [prec]
        assert ex.fig.title.startswith(f"t = {t:.2f}:")
    curve = precision_recall_curve(yte, p, pos_label="spam")
    np.testing.assert_allclose(ex.pr_line.x, curve["recall"])
    np.testing.assert_allclose(ex.pr_line.y, curve["precision"])
    assert curve["recall"].is_monotonic_decreasing and len(ex.curve) == len(curve)
    with pytest.raises(NbteachError, match="slider's range"):
        threshold_explorer(model, Xte, yte, positive="spam", threshold=1.5)
    with pytest.raises(NbteachError, match="positive"):
        threshold_explorer(model, Xte, yte, positive="eggs")


def test_every_view_part_has_a_stable_class():
    """Explorer.tag: the view box is ``nbteach-<explorer>``, each widget attribute ``nbteach-<name>``."""
    import ipywidgets as w

    from nbteach.bayesnet import burglary
    from nbteach.widgets import network_explorer

    def classes(widget):
        found = set(widget._dom_classes)
        for child in getattr(widget, "children", ()):
            found |= classes(child)
        return found

    bayes = bayes_explorer()
    assert bayes.tag() is bayes.widget
    assert {"nbteach-bayes-explorer", "nbteach-prior-slider", "nbteach-likelihood-sliders-ill",
            "nbteach-likelihood-sliders-healthy", "nbteach-view", "nbteach-theme"} == classes(bayes.widget)
    bayes.tag()                                         # idempotent: each class once
    assert bayes.view._dom_classes == ("nbteach-view",)
    smoothing = smoothing_explorer()
    smoothing.tag()
    assert {"nbteach-smoothing-explorer", "nbteach-query-sore", "nbteach-alpha-slider", "nbteach-epsilon-slider",
            "nbteach-view"} <= classes(smoothing.widget)
    # its three columns are drawn in one HTML widget, each column a <div> with its class
    assert all(f"<div class='nbteach-panels-{k}'" in smoothing.view.value for k in ("none", "epsilon", "laplace"))
    network = network_explorer(burglary(), n_samples=100)
    network.tag()
    assert {"nbteach-network-explorer", "nbteach-buttons-john-calls", "nbteach-sheet"} <= classes(network.widget)
    # each card's bars are an element of the sheet's HTML (one message a click), with the class they had as widgets
    assert "<div class='nbteach-bars-mary-calls' " in network.sheet.value
    assert "<div class='nbteach-drawing' " in network.sheet.value
    from nbteach.widgets import dseparation_explorer

    dsep = dseparation_explorer(burglary(), "Burglary", "Earthquake")
    dsep.tag()
    assert {"nbteach-d-separation-explorer", "nbteach-x", "nbteach-z", "nbteach-view"} <= classes(dsep.widget)
    # shown in a notebook, the view is tagged (and wrapped with the accessibility helper)
    from unittest import mock

    fresh = bayes_explorer()
    with mock.patch("IPython.display.display") as display:
        fresh._ipython_display_()
    shown = display.call_args.args[0]
    assert isinstance(shown, w.VBox) and shown.children[0] is fresh.widget
    assert "nbteach-bayes-explorer" in fresh.widget._dom_classes


def _html_values(widget):
    """The value of every HTML widget in ``widget``'s tree (what the browser shows as markup)."""
    import ipywidgets as w

    found = [widget.value] if isinstance(widget, w.HTML) else []
    for child in getattr(widget, "children", ()):
        found += _html_values(child)
    return found


def _views_to_move():
    """(explorer, its changing HTML widgets, moves, whether it uses the theme's colours): the views
    of lessons 00, 02, 03 and 07's threshold."""
    from nbteach import BernoulliNB, CategoricalNB, flu_cold
    from nbteach.datasets import FLU_COLD_QUERIES
    from nbteach.widgets import table_explorer, threshold_explorer

    df = flu_cold()
    X, y = df.drop(columns="Diagnosis"), df["Diagnosis"]
    bayes = bayes_explorer()
    table = table_explorer(CategoricalNB(exact=True).fit(X, y), X, sample=FLU_COLD_QUERIES["first"])
    smoothing = smoothing_explorer()
    Xb = [[1, 0], [1, 1], [0, 1], [0, 0], [1, 0], [0, 0]]
    yb = ["spam", "spam", "ham", "ham", "spam", "ham"]
    threshold = threshold_explorer(BernoulliNB().fit(Xb, yb), Xb, yb, positive="spam")

    def set_to(widget, value):
        return lambda: setattr(widget, "value", value)

    return [
        (bayes, [bayes.view], [set_to(bayes.prior_slider, 0.2), set_to(bayes.likelihood_sliders["ill"], 0.5),
                               set_to(bayes.likelihood_sliders["healthy"], 0.3)], True),
        (table, [table.view], [set_to(table.dropdowns["Sore"], "mild"), set_to(table.dropdowns["Headache"], "severe")], True),
        (smoothing, [smoothing.view],
         [set_to(smoothing.query["Sore"], "severe"), set_to(smoothing.alpha_slider, 2.0),
          set_to(smoothing.epsilon_slider, 1e-2)], True),
        (threshold, [threshold.numbers], [set_to(threshold.slider, 0.3)], False),
        *_more_views_to_move(set_to),
    ]


def _more_views_to_move(set_to):
    """Lessons 05 and 06's text boxes (a refusal in the error colour when no word is typed), 10's
    one-dependence view, 11's network (a refusal when the evidence is impossible)."""
    from nbteach import TextNB
    from nbteach.bayesnet import burglary
    from nbteach.realdata import titanic
    from nbteach.widgets import message_explorer, network_explorer, one_dependence_explorer, text_models_explorer

    docs = ["cheap watches cheap", "win a cheap prize", "prize draw win win", "meeting at noon",
            "lunch meeting today", "notes from the meeting"]
    labels = ["spam"] * 3 + ["ham"] * 3
    models = text_models_explorer(docs, labels, message="cheap meeting")
    message = message_explorer(TextNB().fit(docs, labels), "cheap meeting")
    X, y = titanic()
    one_dep = one_dependence_explorer(X, y, positive="yes", copied="sex")
    net = network_explorer(burglary(), n_samples=300)
    return [
        (models, [models.view], [set_to(models.text, "win win"), set_to(models.text, ""),
                                 set_to(models.text, "noon")], True),
        (message, [message.view], [set_to(message.text, "win win"), set_to(message.text, ""),
                                   set_to(message.text, "noon")], True),
        (one_dep, [one_dep.view], [set_to(one_dep.values["sex"], "women"), set_to(one_dep.copy, True),
                                   set_to(one_dep.m_slider, 40)], False),
        (net, [net.message], [set_to(net.buttons["JohnCalls"], True), set_to(net.buttons["Alarm"], False)], True),
    ]


def test_views_carry_no_style_element_and_define_the_theme_colours_once():
    """A <style> element in a view's HTML, re-inserted at every move, made the browser recompute the
    style of the whole page (once per HTML widget sent: three times for lesson 03's patient). The
    moving parts carry none; a view that uses the theme's colours (the note's error and good
    colours) defines them once, in a hidden element that never changes."""
    from nbteach.widgets._html import ERROR, GOOD, THEME_STYLE

    for ex, moving, moves, coloured in _views_to_move():
        fixed = [v for v in _html_values(ex.widget) if "<style" in v]
        for move in moves:
            move()
            for part in moving:
                assert "<style" not in part.value.lower(), type(ex).__name__
        assert [v for v in _html_values(ex.widget) if "<style" in v] == fixed
        if coloured:
            assert fixed == [THEME_STYLE] and ex.theme.value == THEME_STYLE
            assert ex.theme.layout.display == "none"
        else:
            assert fixed == [] and not hasattr(ex, "theme")
    # the colours are used where the views use them: Bayes's refusal (no evidence), the table's
    # "no decision", lesson 03's sums
    bayes, table, smoothing, *_ = (ex for ex, _, _, _ in _views_to_move())
    bayes.prior_slider.value = 0.0
    bayes.likelihood_sliders["healthy"].value = 0.0
    assert f"color:{ERROR}" in bayes.view.value and bayes.result is None
    table.dropdowns["Sore"].value = "mild"
    assert f"color:{ERROR}" in table.view.value and "no decision" in table.view.value
    assert f"color:{GOOD}" in smoothing.panels["laplace"].value and f"color:{ERROR}" in smoothing.panels["epsilon"].value


def test_table_explorer_shows_a_kept_patient_as_one_made_afresh_and_a_refitted_model_afresh():
    from nbteach import CategoricalNB, flu_cold
    from nbteach.datasets import FLU_COLD_QUERIES
    from nbteach.i18n import set_language
    from nbteach.widgets import table_explorer

    df = flu_cold()
    X, y = df.drop(columns="Diagnosis"), df["Diagnosis"]
    nb = CategoricalNB(exact=True).fit(X, y)
    ex = table_explorer(nb, X, sample=FLU_COLD_QUERIES["first"])
    calls = []
    explain = nb.explain
    nb.explain = lambda x: calls.append(dict(x)) or explain(x)
    sore, headache = ex.dropdowns["Sore"], ex.dropdowns["Headache"]
    walk = [(sore, "mild"), (sore, "severe"), (headache, "severe"), (sore, "mild"), (headache, "mild"),
            (sore, "severe")]
    views = set()
    for dropdown, value in walk:
        dropdown.value = value
        fresh = table_explorer(CategoricalNB(exact=True).fit(X, y), X, sample=ex.sample())
        assert ex.view.value == fresh.view.value and ex.explanation.scores == fresh.explanation.scores
        assert ex.explanation.decision == fresh.explanation.decision
        views.add(ex.view.value)
    assert len(views) == 4 and len(calls) == 3          # each patient explained once, the first before the walk
    try:                                                # a patient is kept per language
        set_language("zh")
        sore.value = "mild"
        assert "无法决策" in ex.view.value and len(calls) == 4
    finally:
        set_language("en")
    # the model fitted again, on other rows: the same patient is explained by the new fit
    sore.value = "severe"
    before = ex.view.value
    nb.fit(X.iloc[2:], y.iloc[2:])
    headache.value = "severe"
    headache.value = "mild"
    assert ex.view.value == table_explorer(nb, X, sample=ex.sample()).view.value != before


def test_smoothing_explorer_sends_one_message_a_move_with_the_three_columns(sent):
    """Lesson 03: a new patient changes all three columns; they are one HTML widget, so it is one
    message (three widgets were three messages, the page laid out and painted after each), which
    holds each column's HTML in its place; a slider sends the same one widget."""
    ex = smoothing_explorer()
    sent.clear()
    for control, value in ((ex.query["Sore"], "severe"), (ex.alpha_slider, 2.0), (ex.epsilon_slider, 1e-2),
                           (ex.query["Sore"], "mild")):
        sent.clear()
        control.value = value           # (set here, the control sends its own new value too)
        assert [(widget, names) for widget, names in sent if widget not in (ex.view, control)] == []
        assert [names for widget, names in sent if widget is ex.view] == [["value"]]
        columns = [ex.view.value.index(f"<div class='nbteach-panels-{k}'") for k in ("none", "epsilon", "laplace")]
        assert columns == sorted(columns)
        for k, start in zip(("none", "epsilon", "laplace"), columns):
            assert ex.view.value.startswith(ex.panels[k].value, ex.view.value.index(">", start) + 1)
