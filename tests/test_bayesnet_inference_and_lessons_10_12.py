"""Bayesian-network inference's refusals (a wrong network, impossible evidence, a bad random state),
the notes' quotations, hints and the EM view of lessons 10-12 and hw05/hw06 (issue 21's second reading)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nbteach._base import NbteachError

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"


# -- bad input to the inference functions: a message, not an AttributeError ----------------
@pytest.mark.parametrize("call", [
    lambda m, net: m.markov_blanket_conditional(net, "Alarm", {}),
    lambda m, net: m.gibbs_chains(net, "Alarm", True, {}),
    lambda m, net: m.gibbs_ask(net, "Alarm", {}),
    lambda m, net: m.gibbs_trace(net, "Alarm", True, {}),
    lambda m, net: m.gibbs_marginals(net, {}),
    lambda m, net: m.elimination_steps(net, "Alarm", {}),
    lambda m, net: m.elimination_ask(net, "Alarm", {}),
    lambda m, net: m.enumeration_ask(net, "Alarm", {}),
], ids=["markov_blanket_conditional", "gibbs_chains", "gibbs_ask", "gibbs_trace", "gibbs_marginals",
        "elimination_steps", "elimination_ask", "enumeration_ask"])
@pytest.mark.parametrize("bad", ["burglary", None, {"Alarm": []}], ids=["str", "None", "dict"])
def test_inference_names_a_wrong_network(call, bad):
    from nbteach.bayesnet import inference

    with pytest.raises(NbteachError, match="needs a BayesNet"):
        call(inference, bad)


# -- a quote of a note is the note's own words ------------------------------------------------
#: quoted Chinese that is not a note's: Zhou's name for a test melon
NOT_NOTES = {"测1"}


def _quotes(text):
    return re.findall(r"“([^”]+)”", text) + re.findall(r'"([^"\n]+)"', text)


@pytest.mark.parametrize("lesson", ["10_semi_naive_bayes", "12_em_and_unlabelled_data"])
def test_quoted_chinese_is_a_notes_own_words(lesson):
    if not SEEDS.is_dir():
        pytest.skip("the seed notes (shared/seeds) are not beside this clone")
    notes = "".join("".join(p.read_text(encoding="utf-8").split()) for p in sorted(SEEDS.glob("*.txt")))
    cells = json.loads((ROOT / "notebooks" / f"{lesson}.ipynb").read_text(encoding="utf-8"))["cells"]
    quotes = [q for c in cells if c["cell_type"] == "markdown" for q in _quotes("".join(c["source"]))
              if re.search(r"[\u4e00-\u9fff]", q) and q not in NOT_NOTES]
    if lesson.startswith("10"):
        assert len(quotes) >= 4
    for q in quotes:
        assert "".join(q.split()) in notes, f"{lesson} quotes words no note has: {q!r}"


# -- a hint nudges; it does not name the call that computes the answer ------------------------
def _lesson_exercises():
    import nbteach.check.lesson10  # noqa: F401
    import nbteach.check.lesson11  # noqa: F401
    import nbteach.check.lesson12  # noqa: F401
    from nbteach.check.core import exercises

    return [e for e in exercises() if e.id[:2] in ("10", "11", "12")]


def _computing_names(solution: str) -> set:
    """Library calls and fitted attributes on the solution's lines that compute the answer."""
    lines = [ln for ln in solution.splitlines() if re.match(r"\s*(answer|p|alone|gamma|log_score)\s*=", ln)]
    names = set()
    for ln in lines:
        rhs = ln.split("=", 1)[1].split("#")[0]
        names |= set(re.findall(r"\b([a-z_][a-z0-9_]*_)\b", rhs))           # fitted attributes: feature_count_
        names |= {n for n in re.findall(r"\.([a-z_][a-z0-9_]*)\(", rhs)}    # methods: predict_proba(
    return names - {"index", "sum", "reduce", "xs", "loc", "exp", "log"}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_hints_do_not_name_the_call_that_computes_the_answer(lang):
    found = []
    for e in _lesson_exercises():
        names = _computing_names(e.solution_text[lang] if isinstance(e.solution_text, dict) else e.solution_text)
        for h in e.hints:
            text = h[lang] if isinstance(h, dict) else str(h)
            found += [(e.id, n) for n in names  # a name without "_" only in code form: .joint( not "the joint"
                      if re.search(rf"\b{re.escape(n)}\b" if "_" in n else rf"\.{re.escape(n)}\b|\b{re.escape(n)}\(", text)]
    assert not found, f"hints that name the computing call: {found}"


# -- lesson 12's view plots the library's summary, it does not average by itself -------------
def test_em_view_plots_em_against_labelled_only():
    pytest.importorskip("ipywidgets")
    import numpy as np

    from nbteach.em import em_against_labelled_only, mixture_documents
    from nbteach.widgets import em_explorer

    X, Y = mixture_documents(300, random_state=1)
    XT, YT = mixture_documents(200, random_state=2)
    ex = em_explorer(X, Y, XT, YT, n_labelled=[4, 30], n_draws=3, max_iter=3)
    for n in (30, 4):
        ex.labels_slider.value = n
        rows = [em_against_labelled_only(ex.curve, k).loc[n] for k in range(4)]
        mean = np.array([r["EM mean"] for r in rows])
        sd = np.array([r["EM sd"] for r in rows])
        np.testing.assert_allclose(ex.em_line.y, mean, rtol=0, atol=1e-12)
        np.testing.assert_allclose(ex.band.y, np.concatenate([mean + sd, (mean - sd)[::-1]]), atol=1e-12)
        assert list(ex.nb_line.y) == [rows[0]["naive Bayes mean"]] * 2


# -- Gibbs sampling refuses evidence no state allows, as exact inference does -----------------
def test_gibbs_on_impossible_evidence_says_so():
    from nbteach.bayesnet import gibbs_ask, gibbs_chains, gibbs_trace, sprinkler

    net = sprinkler()                              # WetGrass is never wet without sprinkler or rain
    impossible = {"Sprinkler": False, "Rain": False, "WetGrass": True}
    with pytest.raises(NbteachError, match="evidence has probability 0"):
        net.query("Cloudy", impossible)
    for run in (lambda: gibbs_ask(net, "Cloudy", impossible, n_samples=200, random_state=0),
                lambda: gibbs_trace(net, "Cloudy", True, impossible, n_samples=200, random_state=0),
                lambda: gibbs_chains(net, "Cloudy", True, impossible, n_samples=200, thin=3, random_state=0)):
        with pytest.raises(NbteachError, match="state of probability 0"):
            run()
    possible = {"Sprinkler": False, "WetGrass": True}   # rain must explain it: still answered
    assert float(gibbs_ask(net, "Rain", possible, n_samples=400, random_state=0)[True]) == 1.0


def test_gibbs_names_a_bad_random_state():
    from nbteach.bayesnet import burglary, gibbs_ask

    for bad in ("seed", 1.5, -1, True):
        with pytest.raises(NbteachError, match="random_state"):
            gibbs_ask(burglary(), "Alarm", {}, n_samples=10, random_state=bad)


# -- hw06: TAN's parent is never simply the root, so the tree must be read ---------------------
def test_hw06_tan_parent_is_never_the_root():
    from nbteach.teacher.homework import load

    hw = load("hw06")
    for i in range(12):
        v = hw.variant(b"a teacher's secret", f"student{i}")
        e = v.exercise("hw06.tan_parent")           # a build-it: tan_parent(cmi, root, attribute)
        root = v.params["tan"]["root"]
        (cmi, given_root, target), _ = e.public[0]    # the variant's own table comes first
        assert given_root == root and e.answer(cmi, root, target) != root
        assert "root" in [name for name, _, _ in e.mistakes]   # "the root" is diagnosed, not accepted
