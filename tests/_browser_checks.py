"""Value checks of the English lessons' controls, run on the page test_browser_lessons.py has
just opened and run (each lesson is run once in the browser): a control used the way a person
uses it (choose in a dropdown, type in a text box, type a number, move a slider with the
keyboard or the mouse, tick a checkbox), and the view must show the value the library computes
for that input. ``CONTROL_CHECKS`` maps a lesson to its checks, each ``check(page, root)``
(``root``: the folder JupyterLab serves, holding ``notebooks/``)."""
from __future__ import annotations

import contextlib
import html
import re

import pytest


def _widget(page, kind, label):
    """The ipywidgets control of class ``widget-<kind>`` whose description contains ``label``."""
    return page.locator(f".widget-{kind}", has_text=label).first


def _wait_text(page, text, timeout=20_000):
    """Wait until a widget view on the page shows ``text``: only the views, not the whole notebook,
    whose markdown and printed outputs may say the same words before the view does (lesson 02's did)."""
    page.wait_for_function("t => [...document.querySelectorAll('.jp-Notebook .jp-OutputArea-output > .jupyter-widgets')]"
                           ".some(v => v.innerText.includes(t))", arg=text, timeout=timeout)


def _until(page, predicate, locator, timeout=20_000):
    """Wait until ``predicate`` (JavaScript, of the element) holds for ``locator``'s element: an
    element updated by a widget or message of its own is read once it has caught up, not the
    moment another one changed. If it never holds, the assertion after the wait says what it shows."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(predicate, arg=locator.element_handle(), timeout=timeout)


def check_lesson02_dropdowns_explain_the_chosen_patient(page, root):
    from playwright.sync_api import expect

    # the explorer's own view, not the whole notebook's text: an output above it (nb6.explain)
    # says "decision: Flu" and a markdown cell "no decision", so those waits held at once
    view = page.locator(".nbteach-table-explorer .nbteach-view").first
    # the note's first patient is preselected; a severe sore throat with a cough makes it Flu
    _widget(page, "dropdown", "Sore").locator("select").select_option("severe")
    _widget(page, "dropdown", "Cough").locator("select").select_option("yes")
    _widget(page, "dropdown", "Headache").locator("select").select_option("severe")
    expect(view).to_contain_text("decision: Flu", use_inner_text=True, timeout=20_000)
    # mild headache, mild sore throat, no cough (the note's first patient with a mild sore
    # throat): every class scores 0 (with the cough, Flu scores 4/45)
    _widget(page, "dropdown", "Headache").locator("select").select_option("mild")
    _widget(page, "dropdown", "Sore").locator("select").select_option("mild")
    _widget(page, "dropdown", "Cough").locator("select").select_option("no")
    expect(view).to_contain_text("no decision", use_inner_text=True, timeout=20_000)


def check_lesson03_alpha_typed_into_its_readout(page, root):
    """A student types a new alpha into the slider's readout (the number beside it), and the
    Laplace / Lidstone column recomputes: P(Cough=yes | Flu) = (2 + 2.5) / (3 + 3 * 2.5) = 3/7."""
    view = page.locator(".jp-OutputArea-output > .jupyter-widgets", has_text="Laplace / Lidstone").first
    labels = " ".join(view.locator(".widget-label").all_inner_texts())
    assert "alpha" in labels and "epsilon" in labels, labels
    _wait_text(page, "α = 0.50")                    # the lesson's explorer starts at alpha 0.5
    readout = _widget(page, "hslider", "alpha").locator(".widget-readout")
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("2.5")
    page.keyboard.press("Enter")
    _wait_text(page, "α = 2.50")
    assert "3/7" in view.inner_text(), view.inner_text()[:400]


def check_lesson06_typing_a_review_updates_each_words_push(page, root):
    box = _widget(page, "text", "message").locator("input")
    box.fill("stale awful refund zzzqqq")
    _wait_text(page, "not in the vocabulary: ignored")
    view = page.locator(".widget-html", has_text="P(great | message)").first
    assert "zzzqqq" in view.inner_text() and "stale" in view.inner_text()


def check_lesson08_boundary_turns_into_a_curve(page, root):
    summary = page.locator(".widget-html", has_text="log odds").first
    assert "zero, because the variance is shared" in summary.inner_text()
    _widget(page, "checkbox", "shared variance").locator("input").click()
    # class 1's sd sliders are enabled by the click (in the browser, GreyOut; the kernel then sets
    # the same state): a key pressed on a slider still disabled is lost
    page.wait_for_function("el => !el.hasAttribute('disabled')", timeout=20_000,
                           arg=_widget(page, "slider", "class 1: sd of x₁").locator(".noUi-target").element_handle())
    handle = _widget(page, "slider", "class 1: sd of x₁").locator(".noUi-handle")
    handle.focus()
    for _ in range(4):                      # the keyboard moves a slider by its step
        handle.press("ArrowRight")
    _wait_text(page, "not zero, because the classes' variances differ")
    readout = _widget(page, "slider", "class 1: sd of x₁").locator(".widget-readout")
    _until(page, "el => Math.abs(parseFloat(el.innerText) - 1.2) < 1e-6", readout)   # the first press already says "not zero"
    assert float(readout.inner_text()) == pytest.approx(1.2)


def check_lesson09_costs_move_the_threshold(page, root):
    _wait_text(page, "t = 0.5")
    box = _widget(page, "text", "false alarm").locator("input")
    first = box.input_value()                   # the lesson's own cost, put back at the end
    box.fill("20")
    box.press("Enter")
    _wait_text(page, "t = 0.9524")                  # 20 / (20 + 1)
    box.fill("-3")                                  # refused with a message, not clamped
    box.press("Enter")
    _wait_text(page, "is negative: a loss is a cost")
    assert box.input_value() == "-3"
    assert "t = 0.9524" in page.inner_text(".jp-Notebook")    # the last valid view stays
    box.fill(first)                             # as the lesson shows it: the deck and the drive come next
    box.press("Enter")
    _wait_text(page, "t = 0.5")


def _svg_texts(page, box_text):
    """The text of the plot in the widget view that contains ``box_text``."""
    view = page.locator(".jp-OutputArea-output > .jupyter-widgets", has_text=box_text).first
    return " | ".join(view.locator("svg text").evaluate_all("els => els.map(e => e.textContent)"))


def check_lesson07_plots_follow_the_keyboard_and_the_mouse(page, root):
    # threshold: the keyboard moves t by its step; the plot's title and point follow
    slider = _widget(page, "slider", "threshold t")
    view = page.locator(".jp-OutputArea-output > .jupyter-widgets", has_text="threshold t").first
    marker = view.locator("svg circle").first       # the point at t (the SVG is redrawn at each move)
    before = marker.get_attribute("cx") + "," + marker.get_attribute("cy")
    handle = slider.locator(".noUi-handle")
    handle.focus()
    for _ in range(10):
        handle.press("ArrowLeft")
    page.wait_for_function("() => [...document.querySelectorAll('svg text')].some(t => t.textContent.startsWith('t = 0.40:'))",
                           timeout=20_000)
    assert float(slider.locator(".widget-readout").inner_text()) == pytest.approx(0.40)
    page.wait_for_function("([el, b]) => { const c = el.querySelector('svg circle');"
                           " return c !== null && c.getAttribute('cx') + ',' + c.getAttribute('cy') !== b; }",
                           arg=[view.element_handle(), before], timeout=20_000)
    # alpha: a mouse click on the track moves the handle there; the title says the new alpha
    slider = _widget(page, "slider", "alpha α")
    track = slider.locator(".noUi-target")
    box = track.bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.25, box["y"] + box["height"] / 2)
    shown = slider.locator(".widget-readout")
    page.wait_for_function("el => el.textContent.trim() !== '1.00' && el.textContent.trim() !== '1'",
                           arg=shown.element_handle(), timeout=20_000)
    value = shown.inner_text().strip()
    page.wait_for_function("v => [...document.querySelectorAll('svg text')].some(t => t.textContent.startsWith('alpha = ' + v + ':'))",
                           arg=f"{float(value):.3g}", timeout=20_000)
    assert float(value) < 1.0          # a quarter along a log axis from 0.001 to 10


def check_lesson04_a_count_moves_the_estimate_on_the_simplex(page, root):
    texts = _svg_texts(page, "N(meeting)")
    assert "counts N = (6, 3, 0)" in texts and "all free" in texts and "all meeting" in texts
    handle = _widget(page, "slider", "N(meeting)").locator(".noUi-handle")
    handle.focus()
    handle.press("ArrowRight")
    page.wait_for_function("() => [...document.querySelectorAll('svg text')].some(t => t.textContent.startsWith('counts N = (6, 3, 1)'))",
                           timeout=20_000)
    # the numbers are a second widget, updated by their own message after the figure's:
    # wait for them too rather than read them the moment the figure changed
    numbers = page.locator(".widget-html", has_text="MLE").first
    page.wait_for_function("el => el.innerText.includes('0.100')", arg=numbers.element_handle(), timeout=20_000)


def check_lesson10_copy_a_column_and_pick_a_passenger(page, root):
    view = page.locator(".widget-html", has_text="SPODE, super-parent class").first
    assert "sample: class = 3rd class, age = adults, sex = man" in view.inner_text()
    assert "(copy)" not in view.inner_text()
    # from the keyboard: the checkbox takes a space
    box = _widget(page, "checkbox", "add a copy of sex").locator("input")
    box.focus()
    box.press("Space")
    _wait_text(page, "SPODE, super-parent sex (copy)")
    _widget(page, "dropdown", "age").locator("select").select_option("child")
    _wait_text(page, "sample: class = 3rd class, age = child, sex = man, sex (copy) = man")


def _view_text(page, explorer, part="view"):
    """The text of one part of an explorer's view, found by its stable classes (Explorer.tag)."""
    return page.locator(f".nbteach-{explorer} .nbteach-{part}").first.inner_text()


def check_lesson01_prior_by_mouse_and_likelihood_by_keyboard(page, root):
    from fractions import Fraction

    from nbteach import bayes

    def posterior(prior, lik_ill, lik_healthy):
        r = bayes({"ill": Fraction(prior), "healthy": 1 - Fraction(prior)},
                  {"ill": Fraction(lik_ill), "healthy": Fraction(lik_healthy)})
        return f"{float(r.posterior['ill']):.4f}"

    box = page.locator(".nbteach-bayes-explorer").first
    assert posterior("0.01", "0.95", "0.05") in _view_text(page, "bayes-explorer")
    # the mouse: a click halfway along the prior's track moves the prior there
    prior = box.locator(".nbteach-prior-slider")
    prior.scroll_into_view_if_needed()
    track = prior.locator(".noUi-target").bounding_box()
    page.mouse.click(track["x"] + track["width"] * 0.5, track["y"] + track["height"] / 2)
    page.wait_for_function("el => el.textContent.trim() !== '0.010'",
                           arg=prior.locator(".widget-readout").element_handle(), timeout=20_000)
    p = prior.locator(".widget-readout").inner_text().strip()
    assert 0.4 < float(p) < 0.6
    page.wait_for_function("([el, t]) => el.innerText.includes(t)",
                           arg=[box.locator(".nbteach-view").element_handle(), posterior(p, "0.95", "0.05")],
                           timeout=20_000)
    # the keyboard: two steps up for the healthy likelihood (step 0.005)
    handle = box.locator(".nbteach-likelihood-sliders-healthy .noUi-handle")
    handle.focus()
    handle.press("ArrowRight")
    handle.press("ArrowRight")
    page.wait_for_function("([el, t]) => el.innerText.includes(t)",
                           arg=[box.locator(".nbteach-view").element_handle(), posterior(p, "0.95", "0.06")],
                           timeout=20_000)
    # the accessibility helper writes the value text when it sees the readout change
    _until(page, "el => el.getAttribute('aria-valuetext') === '0.060'", handle)
    assert handle.get_attribute("aria-valuetext") == "0.060"


def check_lesson05_a_typed_message_scores_under_both_models(page, root):
    import json

    import numpy as np

    from nbteach.widgets import text_models_explorer

    cells = json.loads((root / "notebooks" / "05_bernoulli_nb.ipynb").read_text(encoding="utf-8"))["cells"]
    source = next("".join(c["source"]) for c in cells if "text_models_explorer(" in "".join(c["source"])
                  and c["cell_type"] == "code")
    scope = {}
    exec(source.replace("text_models_explorer(", "_explorer = text_models_explorer("), scope)  # the lesson's own call
    want = scope["_explorer"]
    first = want.text.value                     # the lesson's own message, put back at the end
    box = page.locator(".nbteach-models-on-text").first
    entry = box.locator(".nbteach-text input")
    entry.fill("")
    entry.type("prize prize prize friday", delay=20)
    want.text.value = "prize prize prize friday"
    p_m, p_b = (f"{want.result[k][0][0]:.4f}" for k in ("multinomial", "bernoulli"))
    view = box.locator(".nbteach-view")
    page.wait_for_function("([el, a, b]) => el.innerText.includes('multinomial ' + a) && el.innerText.includes('Bernoulli ' + b)",
                           arg=[view.element_handle(), p_m, p_b], timeout=20_000)
    row = view.locator("tr", has_text="prize").first.inner_text().split()
    k = want.words.index("prize")
    assert row[:2] == ["prize", "3"] and row[2] == f"{want.result['multinomial'][1][k]:+.3f}"
    assert np.isclose(float(row[3]), want.result["bernoulli"][1][k], atol=5e-4)
    # a message without a vocabulary word: said so, no scores
    entry.fill("zzz")
    page.wait_for_function("el => el.innerText.includes('No word of the vocabulary')",
                           arg=view.element_handle(), timeout=20_000)
    # back to the lesson's message (the page's every control is driven next)
    entry.fill(first)
    page.wait_for_function("el => !el.innerText.includes('No word of the vocabulary')",
                           arg=view.element_handle(), timeout=20_000)


def check_lesson11_observing_z_and_stepping_the_search(page, root):
    box = page.locator(".nbteach-d-separation-explorer").first
    view = box.locator(".nbteach-view")
    assert "Burglary and Earthquake are d-separated" in view.inner_text()
    # observe Alarm, a collider between them: the trail opens
    box.locator(".nbteach-z select").select_option(["Alarm"])
    page.wait_for_function("el => el.innerText.includes('Burglary and Earthquake are not d-separated')",
                           arg=view.element_handle(), timeout=20_000)
    assert "Alarm is a collider, observed: passes" in view.inner_text()
    # X from the dropdown: JohnCalls against Earthquake, Alarm observed: blocked again
    box.locator(".nbteach-x select").select_option("JohnCalls")
    page.wait_for_function("el => el.innerText.includes('JohnCalls and Earthquake are d-separated')",
                           arg=view.element_handle(), timeout=20_000)
    # back as the lesson shows it (X Burglary, nothing observed): the page's every control is driven next
    box.locator(".nbteach-x select").select_option("Burglary")
    box.locator(".nbteach-z select").select_option([])
    page.wait_for_function("el => el.innerText.includes('Burglary and Earthquake are d-separated')",
                           arg=view.element_handle(), timeout=20_000)
    # the structure search, stepped from the keyboard: End shows the last move, as the library has it
    from nbteach.bayesnet import sample, sprinkler
    from nbteach.widgets import search_explorer

    lesson = (root / "notebooks" / "11_bayesian_networks.ipynb").read_text(encoding="utf-8")
    call = 'search_explorer(sample(truth_net, 5000, random_state=2), score=\\"bic\\", restarts=1, random_state=0)'
    assert call in lesson and "truth_net = sprinkler()" in lesson, "the lesson's search changed: update this test"
    want = search_explorer(sample(sprinkler(), 5000, random_state=2), score="bic", restarts=1, random_state=0)
    want.step.value = want.step.max
    text = html.unescape(re.sub(r"<[^>]+>", "", want.text))
    search = page.locator(".nbteach-search-explorer").first
    handle = search.locator(".nbteach-step .noUi-handle")
    handle.focus()
    handle.press("End")
    # the view is the drawing above the text (one HTML): the text is its .nbteach-text, found afresh at each ask
    page.wait_for_function("([el, t]) => { const x = el.querySelector('.nbteach-text');"
                           " return !!x && x.innerText.trim() === t; }",
                           arg=[search.locator(".nbteach-view").element_handle(), text], timeout=20_000)


def check_lesson11_network_clicks_move_the_posteriors(page, root):
    """The network explorer: one drawing; each value button named by what it does (the page's
    helper names it by its tooltip), not by its text alone ("?", "True": five of each); a click
    observes a value and every card follows. P(Burglary = True | both call) = 0.2842 (Russell &
    Norvig: 0.284), exact whatever the explorer's sample size."""
    from playwright.sync_api import expect

    lesson = (root / "notebooks" / "11_bayesian_networks.ipynb").read_text(encoding="utf-8")
    assert "network_explorer(burglary(), n_samples=5000)" in lesson, "the lesson's network explorer changed: update this test"
    view = page.locator(".jp-OutputArea-output > .jupyter-widgets",
                        has=page.locator("button[title='observe JohnCalls = True']")).first
    expect(view.locator("svg[role='img']")).to_have_count(1, timeout=20_000)
    view.get_by_role("button", name="MaryCalls not observed", exact=True).wait_for(timeout=20_000)
    for node in ("Burglary", "Earthquake", "Alarm", "JohnCalls", "MaryCalls"):
        assert view.get_by_role("button", name=f"{node} not observed", exact=True).count() == 1
        assert view.get_by_role("button", name=f"observe {node} = False", exact=True).count() == 1
    assert view.get_by_role("button", name="?", exact=True).count() == 0

    def observed(n):                # how many cards say "observed: True"
        page.wait_for_function("([el, n]) => el.innerText.split('observed: True').length === n + 1",
                               arg=[view.element_handle(), n], timeout=20_000)

    view.locator("button[title='observe JohnCalls = True']").click()
    observed(1)
    view.locator("button[title='observe MaryCalls = True']").click()
    observed(2)
    expect(view).to_contain_text("0.2842", use_inner_text=True, timeout=20_000)
    view.locator("button[title='MaryCalls not observed']").click()
    observed(1)                     # every card follows (one message: the sheet with every card),
    expect(view).not_to_contain_text("0.2842", use_inner_text=True, timeout=20_000)   # Burglary's too
    view.locator("button[title='JohnCalls not observed']").click()
    observed(0)                     # back as the lesson shows it: the page's every control is driven next


def check_lesson11_gibbs_settings_rerun_the_sampler(page, root):
    from nbteach.bayesnet import burglary
    from nbteach.widgets import gibbs_explorer

    lesson = (root / "notebooks" / "11_bayesian_networks.ipynb").read_text(encoding="utf-8")
    call = 'gibbs_explorer(burglary(), \\"Burglary\\", True, {\\"JohnCalls\\": True, \\"MaryCalls\\": True})'
    assert call in lesson, "the lesson's Gibbs explorer changed: update this test"
    want = gibbs_explorer(burglary(), "Burglary", True, {"JohnCalls": True, "MaryCalls": True})

    def shown():       # the pooled estimate with its standard error, and each chain's, as the view prints them
        se = f" ± {want.run.se:.4f}" if want.run.se == want.run.se else ""
        return (f"{want.run.estimate:.4f}{se} (Monte Carlo standard error by batch means, {want.run.n_batches} batches"
                f"{'; effective sample size ' + format(want.run.ess, '.0f') if se and want.run.ess == want.run.ess else ''})"
                f"; exact (variable elimination): {want.exact:.4f}. "
                f"Each chain's estimate: {', '.join(f'{x:.4f}' for x in want.run.estimates)} (")

    box = page.locator(".nbteach-gibbs-explorer").first
    numbers = box.locator(".nbteach-numbers")
    # the numbers are part of the view's one HTML (plots, legend, numbers), written afresh at each
    # move: found again inside the explorer's box each time, not held
    wait = ("([el, t]) => { const n = el.querySelector('.nbteach-numbers');"
            " return !!n && n.innerText.split(/\\s+/).join(' ').includes(t); }")

    def step_up(control, setting, value):
        """One step up from the keyboard on the page, the same setting on the library's own view,
        then wait until the page shows the library's numbers for it."""
        handle = box.locator(f"{control} .noUi-handle")
        handle.focus()
        handle.press("ArrowRight")
        setting.value = value
        page.wait_for_function(wait, arg=[box.element_handle(), shown()], timeout=20_000)

    page.wait_for_function(wait, arg=[box.element_handle(), shown()], timeout=20_000)
    step_up(".nbteach-n-chains", want.n_chains, 5)     # one more chain: the sampler runs again
    assert "5 chains keep 1500 samples" in numbers.inner_text()
    legend = box.locator(".nbteach-legend").first      # part of the view's one HTML, as the numbers
    _until(page, "el => el.innerText.includes('chain 5')", legend)
    assert "chain 5" in legend.inner_text()
    step_up(".nbteach-thin", want.thin, 2)             # thinning 2: twice the sweeps, same samples
    assert "Each chain ran 600 sweeps" in numbers.inner_text()


def check_lesson12_more_labels_and_fewer_iterations(page, root):
    from nbteach.em import em_against_labelled_only, em_learning_curve, mixture_documents

    lesson = (root / "notebooks" / "12_em_and_unlabelled_data.ipynb").read_text(encoding="utf-8")
    call = "em_explorer(X_train, y_train, X_test, y_test, n_labelled=[4, 10, 20, 50, 200], n_draws=5, max_iter=10)"
    assert call in lesson and "mixture_documents(1000, random_state=1)" in lesson, "the lesson's view changed: update this test"
    X, y = mixture_documents(1000, random_state=1)     # the lesson's data and its explorer's call
    Xt, yt = mixture_documents(1000, random_state=2)
    curve = em_learning_curve(X, y, Xt, yt, n_labelled=[4, 10, 20, 50, 200], n_draws=5, max_iter=10)
    assert "With 4 labelled rows, after 10 EM iteration(s)" in _view_text(page, "em-explorer", "numbers")
    labels = page.get_by_role("slider", name="labelled rows")
    labels.focus()
    labels.press("ArrowRight")                     # 4 -> 10 labelled rows, from the keyboard
    _wait_text(page, "With 10 labelled rows, after 10 EM iteration(s)")
    iterations = page.get_by_role("slider", name="EM iterations")
    iterations.focus()
    iterations.press("ArrowLeft")                  # 10 -> 9 iterations
    _wait_text(page, "With 10 labelled rows, after 9 EM iteration(s)")
    row = em_against_labelled_only(curve, 9).loc[10]
    text = _view_text(page, "em-explorer", "numbers")
    assert f"EM {row['EM mean']:.3f} ± {row['EM sd']:.3f}" in text
    assert f"only {row['naive Bayes mean']:.3f} ± {row['naive Bayes sd']:.3f}" in text


#: lesson -> its checks, in the order they run on the lesson's page
CONTROL_CHECKS = {}
for _lesson_name, _check in [
    ("02_flu_cold_table.ipynb", check_lesson02_dropdowns_explain_the_chosen_patient),
    ("03_smoothing.ipynb", check_lesson03_alpha_typed_into_its_readout),
    ("06_spam_detector.ipynb", check_lesson06_typing_a_review_updates_each_words_push),
    ("08_gaussian_nb_and_logistic_regression.ipynb", check_lesson08_boundary_turns_into_a_curve),
    ("09_bayesian_decision_theory.ipynb", check_lesson09_costs_move_the_threshold),
    ("07_evaluation_and_imbalance.ipynb", check_lesson07_plots_follow_the_keyboard_and_the_mouse),
    ("04_mle_lagrange_multipliers.ipynb", check_lesson04_a_count_moves_the_estimate_on_the_simplex),
    ("10_semi_naive_bayes.ipynb", check_lesson10_copy_a_column_and_pick_a_passenger),
    ("01_bayes_theorem.ipynb", check_lesson01_prior_by_mouse_and_likelihood_by_keyboard),
    ("05_bernoulli_nb.ipynb", check_lesson05_a_typed_message_scores_under_both_models),
    ("11_bayesian_networks.ipynb", check_lesson11_observing_z_and_stepping_the_search),
    ("11_bayesian_networks.ipynb", check_lesson11_gibbs_settings_rerun_the_sampler),
    ("11_bayesian_networks.ipynb", check_lesson11_network_clicks_move_the_posteriors),
    ("12_em_and_unlabelled_data.ipynb", check_lesson12_more_labels_and_fewer_iterations),
]:
    CONTROL_CHECKS.setdefault(_lesson_name, []).append(_check)
