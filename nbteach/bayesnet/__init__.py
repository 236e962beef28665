"""Bayesian networks (note 002, 贝叶斯网): structure, tables, inference, learning.

* ``network``: :class:`BayesNet` (the DAG, its tables, the moral graph, d-separation);
* ``inference``: enumeration, variable elimination, Gibbs sampling with evidence;
* ``learning``: tables by counting, log-likelihood / BIC / MDL scores, hill climbing;
* ``examples``: the burglary and sprinkler networks.
"""
from __future__ import annotations

from .examples import basic_structure, burglary, sprinkler
from .inference import elimination_ask, enumeration_ask, gibbs_ask, gibbs_marginals, gibbs_trace
from .learning import hill_climb, same_equivalence_class, sample
from .network import BayesNet

__all__ = ["BayesNet", "burglary", "sprinkler", "basic_structure", "hill_climb", "sample", "same_equivalence_class",
           "enumeration_ask", "elimination_ask", "gibbs_ask", "gibbs_marginals", "gibbs_trace"]
