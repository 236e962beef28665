"""Issue 21 review of lessons 10-12 and hw05/hw06: what a second reading found, pinned."""
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
