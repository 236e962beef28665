"""Bayesian networks (note 002, 贝叶斯网): structure, tables, inference, learning, sampling.

* ``network``: :class:`BayesNet`, the DAG and its tables, and the one place that holds them:
  structure (``parents``, ``children``, ``markov_blanket``, ``moral_graph``, ``d_separated``),
  tables through public methods (``get_cpd``/``get_cpds`` as DataFrames, ``add_cpds``, all or
  nothing, ``cpd_array`` for computing, ``values``, ``cardinality``, ``encode_evidence``,
  ``check_node``, ``check_model``, ``joint_array``); imports only ``nbteach._base`` (and, inside
  ``query``/``fit``/``score``, the modules below, which import it);
* ``inference``: enumeration, variable elimination (and its steps), P(node | Markov blanket),
  Gibbs sampling with evidence (burn-in, chains, thinning and start states as parameters);
* ``learning``: tables by counting (``fit_cpds``, atomic), log-likelihood / BIC / MDL scores,
  the MDL code, hill climbing (``hill_climb_search`` returns the network and its history;
  ``hill_climb`` the network, the history as ``search_history_``);
* ``sampling``: forward sampling (``sample``) and the categorical draw Gibbs sampling shares;
* ``examples``: the burglary and sprinkler networks.

``inference``, ``learning`` and ``sampling`` import ``network`` (and ``sampling``) and read a network
only through its public methods: nothing outside ``network`` touches a ``BayesNet``'s private
attributes. None of them imports ipywidgets or matplotlib (the views are in ``nbteach.widgets``).
"""
from __future__ import annotations

from .examples import basic_structure, burglary, sprinkler
from .inference import (elimination_ask, elimination_steps, enumeration_ask, gibbs_ask, gibbs_chains,
                        gibbs_marginals, gibbs_trace, markov_blanket_conditional)
from .learning import SearchResult, hill_climb, hill_climb_search, same_equivalence_class
from .network import BayesNet
from .sampling import sample

__all__ = ["BayesNet", "burglary", "sprinkler", "basic_structure", "hill_climb", "hill_climb_search", "SearchResult",
           "sample", "same_equivalence_class",
           "enumeration_ask", "elimination_ask", "gibbs_ask", "gibbs_marginals", "gibbs_trace",
           "elimination_steps", "markov_blanket_conditional", "gibbs_chains"]
