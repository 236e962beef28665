"""Learning a Bayesian network, as lesson 11 imports it: kept so that
``from nbteach.bayesnet.learning import ...`` goes on working.

The tables and scores live in :mod:`nbteach.bayesnet.estimators`, the structure search in
:mod:`nbteach.bayesnet.search` and forward sampling in :mod:`nbteach.bayesnet.sampling`;
this module only names them.
"""
from __future__ import annotations

from .estimators import (ArithmeticCode, decode_rows, encode_rows, estimate_cpds, fit_cpds, local_score,
                         mdl_parts, score)
from .sampling import sample
from .search import SearchResult, hill_climb, hill_climb_search, same_equivalence_class

__all__ = ["fit_cpds", "estimate_cpds", "score", "local_score", "mdl_parts", "encode_rows", "decode_rows",
           "ArithmeticCode", "hill_climb", "hill_climb_search", "SearchResult", "sample", "same_equivalence_class"]
