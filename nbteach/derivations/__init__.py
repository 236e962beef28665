r"""Derivations checked by sympy: the Lagrangian MLEs of naive Bayes, smoothing as a
Bayesian posterior, and a student's formula compared with the reference.

* :func:`multinomial_mle`, :func:`bernoulli_mle`: every line of the Lagrangian derivation
  of pi_j = N_j / N, theta_{i|j} = N_ij / sum_i' N_i'j and mu_{i|j} = N_ij / N_j, for
  concrete sizes (``multinomial_mle(2, 3)``) or in general form (``multinomial_mle("C", "V")``).
* :func:`dirichlet_smoothing`, :func:`beta_smoothing`: Laplace / Lidstone smoothing as the
  posterior mean (and MAP) under a Dirichlet / Beta prior.
* :func:`gaussian_nb_logistic`: Gaussian naive Bayes with a shared variance has the
  posterior sigmoid(w.x + w0), logistic regression's form (note 004); with a variance per
  class the log odds are quadratic.
* :func:`equivalent`: does a formula a student typed equal the reference, and if not, how not.
* :func:`underflow_demo`: why the log-likelihood (seed 002).
* :data:`NOTE_MISTAKES`: the notes' mistakes on this topic, each with the computation that
  disproves it, made from the course's one registry :data:`nbteach.errata.ERRATA` (the
  computations are in :mod:`nbteach.derivations.mistakes`, with the places that are notation,
  not mistakes).

Each derivation's ``verify()`` re-checks every step with sympy and returns True only if
all checks pass; a wrong closed form put in ``.result`` fails it.

>>> d = multinomial_mle(2, 3)
>>> d.verify(), len(d.steps)
(True, 14)
>>> bool(equivalent("N_ij/N_j", "N_ij/(V*N_j)"))
False

What lives here, and what it may import: one module a derivation (``mle``, ``smoothing``,
``logistic``, ``decision``, ``underflow``, on the shared ``_core``), the formula comparison
(``equivalence``), the notes' mistakes (``mistakes``) and the Chinese of their words
(``_zh``). It imports sympy, ``nbteach._base``, ``nbteach.i18n``, ``nbteach.formula`` (the one
formula grammar) and ``nbteach.errata`` (the one registry), never a model, ``check``,
``teacher`` or ``widgets``; ``check`` and the lessons import it.
"""
from ._core import Derivation, Step
from .equivalence import Equivalence, equivalent, parse_formula
from .mistakes import NOTE_MISTAKES, Demonstration, NoteMistake, get_mistake
from .decision import cost_threshold
from .logistic import gaussian_nb_logistic
from .mle import bernoulli_mle, multinomial_mle
from .smoothing import beta_smoothing, dirichlet_smoothing, lidstone_bias
from .underflow import UnderflowDemo, underflow_demo, zipf_probabilities

__all__ = [
    "lidstone_bias", "gaussian_nb_logistic", "cost_threshold",
    "Derivation", "Step", "multinomial_mle", "bernoulli_mle", "dirichlet_smoothing",
    "beta_smoothing", "equivalent", "Equivalence", "parse_formula", "NOTE_MISTAKES",
    "NoteMistake", "Demonstration", "get_mistake", "underflow_demo", "UnderflowDemo",
    "zipf_probabilities",
]
