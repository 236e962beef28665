"""nbteach: learn naive Bayes and the Bayesian classifiers around it.

``import nbteach`` is light: numpy, pandas, sympy, matplotlib and ipywidgets are
imported only when something that needs them is used (the public names below are
looked up on first use, PEP 562; ``tests/test_import_light.py`` checks it).

>>> import nbteach
>>> nbteach.flu_cold().shape
(5, 5)

A guide for the next reader: what lives where, and what may import what. Each group
imports only groups above it; a package's own docstring says more.

1. Foundations. ``_base`` (the errors, the parameter protocol of an estimator,
   log-sum-exp; imports nothing heavy, because the light modules below import it);
   ``_validation`` (every input check, scikit-learn's ``validate_data`` /
   ``check_is_fitted`` as the model: every estimator validates through it and there is
   one "not fitted" error); ``counts`` (the one counting engine, ``joint_counts``,
   ``class_feature_counts`` and ``encode``, under every model, and the students'
   ``class_counts`` and ``value_counts_by_class``); ``i18n``, ``glossary``, ``errata``
   (language, terms, the one registry of the notes' mistakes; light: numpy and pandas
   only inside the one function each that needs them, tested), with what ``i18n`` reads:
   ``lesson_text/`` (the Chinese of what the lessons print) and ``_fonts`` (the CJK font
   matplotlib falls back on; matplotlib imported only once a figure is drawn); ``_shown``
   (tables shown in the student's language, keys unchanged in code; imports pandas);
   ``formula`` (the one formula grammar, read by ``derivations`` and every check cell;
   sympy imported by the first formula read).
2. Data and probability. ``datasets`` (the data a lesson shows, also when an exercise
   uses it), ``realdata`` (real data from installed packages), ``probability`` (exact
   Bayes), ``smoothing`` (MLE, Laplace/Lidstone, epsilon).
3. Models, one a module, each scikit-learn's estimator interface: ``categorical``,
   ``multinomial``, ``bernoulli``, ``gaussian``, ``_numeric`` (the one naive Bayes base,
   ``_BaseNB``: the posterior from the joint log-likelihood, under every model; and what the
   count models share), ``mixed`` (composed of the categorical and Gaussian models), ``text``,
   ``logistic``, ``semi_naive`` (SPODE, AODE, TAN), ``em``, ``bayesnet/`` (network,
   inference, estimators, search, sampling). A model imports groups 1-2 and the models
   it is made of, never one built on it.
4. On predictions: ``metrics``, ``evaluation``, ``resample``, ``decision``.
5. ``derivations/``: sympy re-derives the lessons' formulas (imports groups 1-2).
6. ``widgets/``: ipywidgets views that call public library functions only; nothing
   above imports a widget, and groups 1-5 import neither ipywidgets nor matplotlib.
7. ``check/``: the student's side of the exercises (imports the library, never
   ``teacher`` or ``widgets``); ``teacher/``: homework sources, assign, judge, grade, the
   class report and the sandbox (uses ``check``, never the other way round); ``assign``,
   ``grade`` and ``report``: the thin ``python -m`` entry points; ``_server``: the Jupyter server extension a
   ``pip install nbteach`` enables (kernel messages to the browser without Nagle's delay;
   imports only jupyter_server, and only when a server loads it).
"""
from __future__ import annotations

import importlib
import sys

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
    "say": "nbteach.i18n",
}

_SUBMODULES = {
    "probability", "datasets", "counts", "smoothing", "categorical", "multinomial",
    "bernoulli", "gaussian", "text", "metrics", "resample", "decision", "derivations",
    "widgets", "check", "grade", "i18n", "realdata", "semi_naive", "bayesnet",
    "logistic", "mixed", "evaluation", "errata", "em", "glossary", "lesson_text",
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


def sharp_plots() -> None:
    """In a notebook's kernel (an IPython shell that shows rich output), every matplotlib figure
    (a lesson's own plots too) is sent as retina PNG, twice the pixels shown at the same size: sharp on a high-density screen. Set
    here, on import, in the kernel's configuration, which matplotlib's inline backend reads when
    it starts; if it has started already, in the backend itself. Nothing is imported for it:
    outside a kernel, or before IPython is loaded, nothing happens. (Also called where nbteach
    draws: ``nbteach.widgets._mpl.configure``.)"""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None and hasattr(ipython, "get_ipython") else None
    if shell is None or not hasattr(shell, "display_formatter"):
        return
    try:
        shell.config.InlineBackend.figure_formats = {"retina"}
        inline = sys.modules.get("matplotlib_inline.backend_inline")
        if inline is not None:                       # pyplot came first: the running backend too
            backend = inline.InlineBackend.instance()
            if backend.figure_formats != {"retina"}:
                backend.figure_formats = {"retina"}
                inline.set_matplotlib_formats("retina")
    except Exception:  # noqa: BLE001 - a kernel without matplotlib's inline support: its own PNG
        pass


sharp_plots()
