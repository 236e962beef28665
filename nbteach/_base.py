"""What every nbteach estimator shares: clear errors, parameters, the log-sum-exp.

Input checks are in :mod:`nbteach._validation`. Kept free of heavy imports (numpy is
imported inside the two functions that need it): the light modules (``i18n``,
``errata``, ``glossary``, ``probability``), which every check cell and the grader's judge
load, import this one (``tests/test_local_imports.py`` tests they stay light).
"""
from __future__ import annotations

import inspect
import os
import sys

__all__ = [
    "NbteachError",
    "NotFittedError",
    "BaseEstimator",
    "is_symbolic",
    "log_sum_exp",
    "user_stacklevel",
]


class NbteachError(ValueError):
    """A mistake in what was passed in; the message says what to fix.

    It is a ``ValueError``, so code written for scikit-learn's errors still catches it.
    """


class NotFittedError(NbteachError, AttributeError):
    """The estimator was used before ``fit``."""


def is_symbolic(value) -> bool:
    """True for a sympy expression (a symbol, a formula, a sympy number), without importing sympy.

    The library keeps such a value symbolic where a float would be rounded (an epsilon that is
    a symbol, an exact posterior), and a view shows it as it is.

    >>> from fractions import Fraction
    >>> import sympy
    >>> is_symbolic(sympy.Symbol("epsilon") / 2), is_symbolic(Fraction(1, 3)), is_symbolic(0.5)
    (True, False, False)
    """
    return type(value).__module__.startswith("sympy")


def log_sum_exp(a, axis=-1):
    """log(sum(exp(a))) along ``axis``, computed without overflow or underflow.

    >>> import numpy as np
    >>> float(log_sum_exp(np.array([-1000.0, -1000.0])))  # exp(-1000) is 0.0 in float64
    -999.30685...
    """
    import numpy as np   # light module: numpy only when a log-sum-exp is asked for

    a = np.asarray(a, dtype=float)
    if a.ndim == 2 and axis in (1, -1) and a.shape[1] < 8:
        # a few classes a row: reduced as rows of the transpose, several times faster than along a
        # short last axis, and to the same bits (numpy adds fewer than 8 numbers one after another
        # along either axis)
        return log_sum_exp(np.ascontiguousarray(a.T), axis=0)
    m = np.max(a, axis=axis, keepdims=True)
    m = np.where(np.isfinite(m), m, 0.0)
    with np.errstate(divide="ignore"):
        out = np.log(np.sum(np.exp(a - m), axis=axis, keepdims=True)) + m
    return np.squeeze(out, axis=axis)


_PACKAGE = os.path.dirname(os.path.abspath(__file__))


def user_stacklevel() -> int:
    """The ``stacklevel`` for ``warnings.warn`` that points at the first caller outside nbteach.

    A warning raised deep inside the library (a model's ``predict`` reaches its check of the
    input through the base class) then names the line of the student's cell that called it,
    however many of nbteach's own calls lie between.
    """
    frame, level = sys._getframe(1), 1
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE + os.sep):
        frame, level = frame.f_back, level + 1
    return level


def _said(text: dict) -> str:
    """``text`` (``{"en": ..., "zh": ...}``) in the student's language: :func:`nbteach.i18n.tr`,
    looked up where it is loaded (i18n imports this module, so this one cannot import it; every
    estimator's module loads it through ``nbteach._validation``), else English."""
    i18n = sys.modules.get("nbteach.i18n")
    return i18n.tr(text) if i18n is not None else text["en"]


class BaseEstimator:
    """scikit-learn's parameter protocol without importing scikit-learn.

    Parameters are the keyword arguments of ``__init__``, stored unchanged under the
    same names; ``get_params`` and ``set_params`` read and write them, so nbteach
    estimators can be cloned, grid-searched and put in pipelines.
    """

    @classmethod
    def _get_param_names(cls):
        sig = inspect.signature(cls.__init__)
        return sorted(
            p.name
            for p in sig.parameters.values()
            if p.name != "self" and p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)
        )

    def get_params(self, deep: bool = True) -> dict:
        return {name: getattr(self, name) for name in self._get_param_names()}

    def set_params(self, **params):
        valid = self._get_param_names()
        for key, value in params.items():
            if key not in valid:
                raise NbteachError(_said({"en": f"{type(self).__name__} has no parameter {key!r}; "
                                                f"its parameters are {', '.join(valid)}.",
                                          "zh": f"{type(self).__name__} 没有参数 {key!r}；它的参数是 {', '.join(valid)}。"}))
            setattr(self, key, value)
        return self

    def __repr__(self) -> str:
        defaults = {
            p.name: p.default for p in inspect.signature(type(self).__init__).parameters.values()
        }
        shown = []
        for name, value in self.get_params().items():
            default = defaults.get(name, inspect.Parameter.empty)
            try:
                same = value is default or bool(value == default)
            except Exception:
                same = False
            if not same:
                shown.append(f"{name}={value!r}")
        return f"{type(self).__name__}({', '.join(shown)})"

    def __sklearn_tags__(self):  # scikit-learn >= 1.6 asks estimators for their tags
        # heavy and optional: only scikit-learn itself asks for the tags
        from sklearn.utils import ClassifierTags, Tags, TargetTags

        tags = Tags(estimator_type="classifier", target_tags=TargetTags(required=True),
                    classifier_tags=ClassifierTags())
        return tags

    _estimator_type = "classifier"

    def score(self, X, y) -> float:
        """Accuracy of ``predict(X)`` against ``y``, as in scikit-learn."""
        import numpy as np   # light module: numpy only when a score is asked for

        return float(np.mean(np.asarray(self.predict(X)) == np.asarray(y)))
