r"""Comparing two models on the same cross-validation folds: the paired difference.

When two models are scored on the same k test folds, compare them fold by fold: the
differences :math:`d_f = a_f - b_f` remove what the folds share (an easy fold is easy for
both). Their mean is the estimated advantage of a over b. Its standard error is *not*
:math:`s_d/\sqrt{k}`: in (repeated) cross-validation the folds share training data, so the
differences are correlated and that naive error is too small. The corrected resampled
t statistic of Nadeau & Bengio (2003, *Machine Learning* 52) inflates it:

.. math:: t = \frac{\bar d}{s_d \sqrt{1/k + n_\text{test}/n_\text{train}}}

and we call the difference real only where :math:`|t| > 2` (about a 5% two-sided test).

>>> paired_difference([0.80, 0.82, 0.79, 0.81], [0.79, 0.80, 0.79, 0.80], test_fraction=0.2)["verdict"]
'a tie: the difference is within the noise of the folds'
"""
from __future__ import annotations

from ._base import NbteachError

__all__ = ["paired_difference"]


def paired_difference(a, b, test_fraction: float, higher_is_better: bool = True) -> dict:
    """Compare per-fold scores ``a`` and ``b`` (same folds, same order).

    Parameters
    ----------
    a, b : sequences of floats, one score per test fold
    test_fraction : float in (0, 1)
        Share of the data in each test fold (0.2 for 5-fold cross-validation).
    higher_is_better : bool
        False for losses (log loss, error rate).

    Returns
    -------
    dict with ``mean difference`` (a - b), ``sd of difference``, ``corrected t``,
    ``folds a ahead`` and a ``verdict`` sentence.
    """
    import numpy as np

    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.shape != b.shape or a.ndim != 1 or len(a) < 2:
        raise NbteachError(f"a and b must be two equally long lists of per-fold scores (at least 2); "
                           f"got shapes {a.shape} and {b.shape}.")
    if not (np.isfinite(a).all() and np.isfinite(b).all()):
        raise NbteachError("a and b must hold finite scores.")
    if not 0 < test_fraction < 1:
        raise NbteachError(f"test_fraction must be between 0 and 1 (0.2 for 5 folds); got {test_fraction!r}.")
    d = a - b
    sd = float(d.std(ddof=1))
    scale = sd * np.sqrt(1 / len(d) + test_fraction / (1 - test_fraction))
    t = float(d.mean() / scale) if scale > 0 else (0.0 if d.mean() == 0 else float("inf") * np.sign(d.mean()))
    better = t if higher_is_better else -t
    ahead = int(np.sum(d > 0) if higher_is_better else np.sum(d < 0))
    if better > 2:
        verdict = "a is better: the difference is larger than the noise of the folds"
    elif better < -2:
        verdict = "b is better: the difference is larger than the noise of the folds"
    else:
        verdict = "a tie: the difference is within the noise of the folds"
    return {"mean difference": float(d.mean()), "sd of difference": sd, "corrected t": t,
            "folds a ahead": ahead, "verdict": verdict}
