"""Interactive views (ipywidgets) over the library: they show, the library computes.

Each widget is built in its own module and loaded on first use, so importing
``nbteach.widgets`` does not import ipywidgets until a widget is first named.

A widget does no maths of its own: every number it shows comes from a public library
function (``nbteach.text.word_log_odds``, ``nbteach.decision.decision_risk``, ...), never
from a private name of the library, so a student can compute what a view shows with the
library (``tests/test_widgets_public_maths.py`` checks the numbers against those
functions). The widgets import the library, ipywidgets and matplotlib (the moving plots are
SVG written by ``_svg``, no plotting widget library); the library never imports a widget.

What lives here: one view a module (``smoothing``, ``bayes``, ``mle``, ``alpha_curve``,
``gaussian_boundary``, ``decision``, ``threshold``, ``table``, ``text_models``,
``one_dependence``, ``em``, ``gibbs``, ``bayesnet``) and the parts they share (``_explorer``:
``Explorer``, the base class of every view, its ``nbteach-*`` CSS classes and the lock
``ONE_CHANGE_AT_A_TIME`` under which a view changes; ``_a11y``: the controls' accessible names,
shown beside every view; ``_html``; ``_plot``:
the plots' colours and legend; ``_svg``: a figure drawn as one SVG in one HTML widget, a move
one message (every moving plot: ``mle``, ``alpha_curve``, ``gaussian_boundary``, ``threshold``,
``em``, ``gibbs``, ...); ``_mpl``: matplotlib set up before a static figure is drawn, CJK
fonts and sharp images; ``message``). A widget module may import any public name of the library
and the widget libraries; ``check`` and ``teacher`` never import a widget.
"""
from __future__ import annotations

import importlib

_LAZY = {
    "smoothing_explorer": "nbteach.widgets.smoothing",
    "SmoothingExplorer": "nbteach.widgets.smoothing",
    "bayes_explorer": "nbteach.widgets.bayes",
    "BayesExplorer": "nbteach.widgets.bayes",
    "mle_explorer": "nbteach.widgets.mle",
    "MLEExplorer": "nbteach.widgets.mle",
    "lagrange_picture": "nbteach.widgets.mle",
    "alpha_curve_widget": "nbteach.widgets.alpha_curve",
    "AlphaCurve": "nbteach.widgets.alpha_curve",
    "boundary_explorer": "nbteach.widgets.gaussian_boundary",
    "BoundaryExplorer": "nbteach.widgets.gaussian_boundary",
    "loss_explorer": "nbteach.widgets.decision",
    "LossExplorer": "nbteach.widgets.decision",
    "table_explorer": "nbteach.widgets.table",
    "TableExplorer": "nbteach.widgets.table",
    "text_models_explorer": "nbteach.widgets.text_models",
    "ModelsOnText": "nbteach.widgets.text_models",
    "message_explorer": "nbteach.widgets.message",
    "MessageExplorer": "nbteach.widgets.message",
    "threshold_explorer": "nbteach.widgets.threshold",
    "ThresholdExplorer": "nbteach.widgets.threshold",
    "network_explorer": "nbteach.widgets.bayesnet",
    "NetworkExplorer": "nbteach.widgets.bayesnet",
    "dseparation_explorer": "nbteach.widgets.bayesnet",
    "DSeparationExplorer": "nbteach.widgets.bayesnet",
    "search_explorer": "nbteach.widgets.bayesnet",
    "SearchExplorer": "nbteach.widgets.bayesnet",
    "gibbs_explorer": "nbteach.widgets.gibbs",
    "GibbsExplorer": "nbteach.widgets.gibbs",
    "one_dependence_explorer": "nbteach.widgets.one_dependence",
    "OneDependenceExplorer": "nbteach.widgets.one_dependence",
    "em_explorer": "nbteach.widgets.em",
    "EMExplorer": "nbteach.widgets.em",
}

__all__ = sorted(_LAZY)


def __getattr__(name):
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'nbteach.widgets' has no attribute {name!r}")
