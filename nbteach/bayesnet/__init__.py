"""Bayesian networks (note 002, 贝叶斯网): structure, tables, inference, estimators, search, sampling.

Split as pgmpy splits it, one job a module:

* ``network``: :class:`BayesNet`, the DAG and its tables, and the one place that holds them:
  structure (``parents``, ``children``, ``markov_blanket``, ``moral_graph``, ``d_separated``),
  tables through public methods (``get_cpd``/``get_cpds`` as DataFrames, ``add_cpds``, all or
  nothing, ``cpd_array`` for computing, ``values``, ``cardinality``, ``encode_evidence``,
  ``check_node``, ``check_model``, ``joint_array``), and the shortcuts ``query``, ``fit`` and
  ``score`` into the modules below;
* ``inference``: enumeration, variable elimination (and its steps), P(node | Markov blanket),
  Gibbs sampling with evidence (burn-in, chains, thinning and start states as parameters);
* ``estimators``: tables by counting (``estimate_cpds`` returns them, ``fit_cpds`` gives them
  to a network, all or nothing), log-likelihood / BIC / MDL scores (``score``, ``local_score``,
  ``mdl_parts``) and the MDL arithmetic code (``encode_rows``, ``decode_rows``);
* ``search``: hill climbing with a tabu list and restarts (``hill_climb_search`` returns the
  network, the history of its moves and the score; ``hill_climb`` the network only) and
  ``same_equivalence_class``;
* ``sampling``: forward sampling (``sample``) and the categorical draw Gibbs sampling shares;
* ``examples``: the burglary and sprinkler networks;
* ``learning``: the names lesson 11 imports from it (``mdl_parts``, ``encode_rows``, ...),
  now defined in ``estimators`` and ``search``.

Imports point one way, with no cycle: ``estimators``, ``sampling`` and ``inference`` (which uses
``sampling``) import no module of this package that imports them back; ``network`` imports
them for its shortcuts; ``search`` and ``examples`` import ``network``. The algorithm modules
read a network only through its public methods (nothing outside ``network`` touches a
``BayesNet``'s private attributes) and recognise one by those methods
(``nbteach._validation.is_bayes_net``). Counting is ``nbteach.counts``' engine, input checks
``nbteach._validation``'s. None of them imports ipywidgets or matplotlib (the views are in
``nbteach.widgets``).
"""
from __future__ import annotations

from .examples import basic_structure, burglary, sprinkler
from .inference import (elimination_ask, elimination_steps, enumeration_ask, gibbs_ask, gibbs_chains,
                        gibbs_marginals, gibbs_trace, markov_blanket_conditional)
from .network import BayesNet
from .sampling import sample
from .search import SearchResult, hill_climb, hill_climb_search, same_equivalence_class

__all__ = ["BayesNet", "burglary", "sprinkler", "basic_structure", "hill_climb", "hill_climb_search", "SearchResult",
           "sample", "same_equivalence_class",
           "enumeration_ask", "elimination_ask", "gibbs_ask", "gibbs_marginals", "gibbs_trace",
           "elimination_steps", "markov_blanket_conditional", "gibbs_chains"]
