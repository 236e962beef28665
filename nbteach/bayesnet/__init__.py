"""Bayesian networks (note 002, 贝叶斯网): structure, tables, inference, learning.

* ``network``: :class:`BayesNet` (the DAG, its tables, the moral graph, d-separation);
* ``inference``: enumeration, variable elimination (and its steps), P(node | Markov blanket),
  Gibbs sampling with evidence (burn-in, chains, thinning and start states as parameters);
* ``learning``: tables by counting, log-likelihood / BIC / MDL scores, hill climbing;
* ``examples``: the burglary and sprinkler networks.
"""
from __future__ import annotations

from .examples import basic_structure, burglary, sprinkler
from .inference import (elimination_ask, elimination_steps, enumeration_ask, gibbs_ask, gibbs_chains,
                        gibbs_marginals, gibbs_trace, markov_blanket_conditional)
from .learning import hill_climb, same_equivalence_class, sample
from .network import BayesNet

__all__ = ["BayesNet", "burglary", "sprinkler", "basic_structure", "hill_climb", "sample", "same_equivalence_class",
           "enumeration_ask", "elimination_ask", "gibbs_ask", "gibbs_marginals", "gibbs_trace",
           "elimination_steps", "markov_blanket_conditional", "gibbs_chains"]
