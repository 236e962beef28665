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
