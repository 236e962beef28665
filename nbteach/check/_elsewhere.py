"""Other libraries' calls that would do a build-it exercise's work, switched off with nbteach's own.

A build-it exercise declares the nbteach names that would solve it (``forbidden``). The same work
is one call away in scikit-learn, SciPy or pgmpy too, so :func:`expand` adds their names to every
nbteach name listed here. They are switched off only if the student's code loads them: a module
that is not loaded is switched off when it is imported (:func:`nbteach.check.functions.switched_off`),
so checking a function never imports scikit-learn or SciPy itself, nor spends the function's time
budget on it. numpy, pandas and the standard library's ``math`` stay available.
"""
from __future__ import annotations

__all__ = ["ELSEWHERE", "expand"]

_SKLEARN_METRICS = tuple(f"sklearn.metrics.{n}" for n in (
    "precision_recall_fscore_support", "precision_score", "recall_score", "f1_score", "fbeta_score",
    "confusion_matrix", "multilabel_confusion_matrix", "classification_report"))
_GAUSSIAN = ("sklearn.naive_bayes.GaussianNB",
             # every continuous distribution's density (scipy.stats.norm.logpdf, norm(m, s).pdf, ...)
             "scipy.stats.rv_continuous.pdf", "scipy.stats.rv_continuous.logpdf",
             "scipy.stats._multivariate.multivariate_normal_gen.pdf",
             "scipy.stats._multivariate.multivariate_normal_gen.logpdf",
             "scipy.stats._multivariate.multivariate_normal_frozen.pdf",
             "scipy.stats._multivariate.multivariate_normal_frozen.logpdf")
_LOG_SUM_EXP = ("scipy.special.logsumexp", "scipy.special.log_softmax", "scipy.special.softmax")
_SPANNING_TREE = ("scipy.sparse.csgraph.minimum_spanning_tree",
                  "scipy.sparse.csgraph._min_spanning_tree.minimum_spanning_tree",
                  "pgmpy.estimators.TreeSearch")
_MUTUAL_INFORMATION = ("sklearn.metrics.mutual_info_score",)
_PGMPY_INFERENCE = ("pgmpy.inference.VariableElimination", "pgmpy.inference.BeliefPropagation",
                    "pgmpy.sampling.GibbsSampling", "pgmpy.sampling.BayesianModelSampling")

#: nbteach name -> the names elsewhere that do the same work
ELSEWHERE = {
    "nbteach.categorical.CategoricalNB": ("sklearn.naive_bayes.CategoricalNB",),
    "nbteach.multinomial.MultinomialNB": ("sklearn.naive_bayes.MultinomialNB", "sklearn.naive_bayes.ComplementNB"),
    "nbteach.bernoulli.BernoulliNB": ("sklearn.naive_bayes.BernoulliNB",),
    "nbteach.text.TextNB": ("sklearn.naive_bayes.MultinomialNB",),
    "nbteach._base.log_sum_exp": _LOG_SUM_EXP,
    "nbteach.gaussian.GaussianNB": _GAUSSIAN,
    "nbteach.mixed.MixedNB": _GAUSSIAN,
    "nbteach.em.SemiSupervisedNB": ("sklearn.naive_bayes.MultinomialNB",),
    "nbteach.semi_naive.conditional_mutual_information": _MUTUAL_INFORMATION,
    "nbteach.semi_naive.maximum_spanning_tree": _SPANNING_TREE,
    "nbteach.semi_naive.TAN": _SPANNING_TREE + _MUTUAL_INFORMATION,
    "nbteach.bayesnet.network.BayesNet": _PGMPY_INFERENCE,
    "nbteach.bayesnet.inference.elimination_ask": _PGMPY_INFERENCE,
    "nbteach.bayesnet.inference.gibbs_ask": _PGMPY_INFERENCE,
    **{f"nbteach.metrics.{n}": _SKLEARN_METRICS for n in (
        "precision_recall_f1", "precision_score", "recall_score", "f1_score", "confusion_matrix",
        "confusion_table", "classification_report")},
}


def expand(names) -> tuple:
    """``names`` and, after them, the names elsewhere of each (:data:`ELSEWHERE`), each once.

    >>> expand(("nbteach.bernoulli.BernoulliNB",))
    ('nbteach.bernoulli.BernoulliNB', 'sklearn.naive_bayes.BernoulliNB')
    """
    out = list(dict.fromkeys(names))
    for name in tuple(out):
        out += [n for n in ELSEWHERE.get(name, ()) if n not in out]
    return tuple(out)
