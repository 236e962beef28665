"""nbteach: learn naive Bayes and the Bayesian classifiers around it.

``import nbteach`` is light: numpy, pandas, sympy, matplotlib and ipywidgets are
imported only when something that needs them is used.

>>> import nbteach
>>> nbteach.flu_cold().shape
(5, 5)
"""
from __future__ import annotations

import importlib

__version__ = "0.1.0"

# Public name -> module that defines it. Looked up on first use (PEP 562).
_LAZY = {
    "NbteachError": "nbteach._base",
    "NotFittedError": "nbteach._base",
    "CategoricalNB": "nbteach.categorical",
    "MultinomialNB": "nbteach.multinomial",
    "BernoulliNB": "nbteach.bernoulli",
    "GaussianNB": "nbteach.gaussian",
    "TextNB": "nbteach.text",
    "food_reviews": "nbteach.realdata",
    "email_features": "nbteach.realdata",
    "bayes": "nbteach.probability",
    "flu_cold": "nbteach.datasets",
    "multinomial_mle": "nbteach.derivations",
    "bernoulli_mle": "nbteach.derivations",
    "dirichlet_smoothing": "nbteach.derivations",
    "beta_smoothing": "nbteach.derivations",
    "equivalent": "nbteach.derivations",
    "LogisticRegression": "nbteach.logistic",
    "MixedNB": "nbteach.mixed",
    "watermelon": "nbteach.datasets",
    "SPODE": "nbteach.semi_naive",
    "SemiSupervisedNB": "nbteach.em",
    "AODE": "nbteach.semi_naive",
    "TAN": "nbteach.semi_naive",
    "BayesNet": "nbteach.bayesnet",
    "set_language": "nbteach.i18n",
    "get_language": "nbteach.i18n",
}

_SUBMODULES = {
    "probability", "datasets", "counts", "smoothing", "categorical", "multinomial",
    "bernoulli", "gaussian", "text", "metrics", "resample", "decision", "derivations",
    "widgets", "check", "grade", "i18n", "realdata", "semi_naive", "bayesnet",
    "logistic", "mixed", "evaluation", "errata", "em", "glossary",
}

__all__ = sorted(_LAZY)


def __getattr__(name: str):
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    if name in _SUBMODULES:
        return importlib.import_module(f"nbteach.{name}")
    raise AttributeError(f"module 'nbteach' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_LAZY) | _SUBMODULES)
