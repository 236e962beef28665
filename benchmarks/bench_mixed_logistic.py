"""MixedNB and LogisticRegression against scikit-learn, timed in the same run.

1. MixedNB fit + predict on 100,000 synthetic rows (5 numeric and 5 categorical columns,
   3 classes, seed 0) against scikit-learn's GaussianNB on the numeric columns plus
   CategoricalNB on the categorical ones, combined as MixedNB combines them. The
   baseline includes the OrdinalEncoder that CategoricalNB needs (MixedNB takes the
   strings directly), so both start from the same DataFrame. The two run in turn, each
   figure the best of 7, in wall time and in the process's CPU time (which another
   program's load on the machine does not inflate). Goal: ratio <= 0.5x (issue 36).
2. LogisticRegression (Newton, nbteach's default; and L-BFGS) fit on standardised
   breast-cancer and wine data, lam = 1 (C = 1), against scikit-learn's lbfgs at the
   same tolerance (tol = 1e-6 on the gradient of the mean loss). Goal: ratio <= 2x.

Figures are medians unless said; ratios are nbteach / scikit-learn (below 1 is faster).
Nothing is asserted: this prints.
"""
from __future__ import annotations

import warnings

import numpy as np
import pandas as pd

from _common import median_seconds, report, time_in_turn


def _mixed_data(n=100_000, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 3, n)
    cols = {}
    for j in range(5):
        cols[f"num{j}"] = rng.normal(y * (j + 1) * 0.3, 1.0 + 0.2 * j)
    for j in range(5):
        levels = np.array([f"v{k}" for k in range(4 + j)])
        shift = (y + j) % len(levels)
        idx = np.where(rng.random(n) < 0.6, shift, rng.integers(0, len(levels), n))
        cols[f"cat{j}"] = levels[idx]
    return pd.DataFrame(cols), y


def bench_mixed():
    from sklearn.naive_bayes import CategoricalNB, GaussianNB
    from sklearn.preprocessing import OrdinalEncoder

    from nbteach.mixed import MixedNB

    X, y = _mixed_data()
    num = [c for c in X.columns if c.startswith("num")]
    cat = [c for c in X.columns if c.startswith("cat")]

    def ours(X, y):
        return MixedNB(alpha=1.0).fit(X, y).predict_proba(X)

    def theirs(X, y):
        enc = OrdinalEncoder()
        Xc = enc.fit_transform(X[cat])
        Xn = X[num].to_numpy()
        g = GaussianNB(var_smoothing=0).fit(Xn, y)
        c = CategoricalNB(alpha=1.0).fit(Xc, y)
        jll = g.predict_joint_log_proba(Xn) + c.predict_joint_log_proba(Xc) - np.log(g.class_prior_)
        jll -= jll.max(axis=1, keepdims=True)
        p = np.exp(jll)
        return p / p.sum(axis=1, keepdims=True)

    (w_ours, w_theirs), (c_ours, c_theirs), (p_ours, p_theirs) = time_in_turn([ours, theirs], (X, y), 7)
    print(f"(the two agree to {np.abs(p_ours - p_theirs).max():.1e} on every posterior)")
    report("MixedNB fit+predict_proba, 100k rows, wall", w_ours * 1e3,
           "sklearn GaussianNB+CategoricalNB", w_theirs * 1e3, "<= 0.5x")
    report("MixedNB fit+predict_proba, 100k rows, CPU", c_ours * 1e3,
           "sklearn GaussianNB+CategoricalNB", c_theirs * 1e3, "<= 0.5x")


def bench_logistic():
    from sklearn.datasets import load_breast_cancer, load_wine
    from sklearn.linear_model import LogisticRegression as SK
    from sklearn.preprocessing import StandardScaler

    from nbteach.logistic import LogisticRegression

    for load in (load_breast_cancer, load_wine):
        X, y = load(return_X_y=True)
        X = StandardScaler().fit_transform(X)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            t_sk = median_seconds(lambda: SK(C=1.0, tol=1e-6, max_iter=1000).fit(X, y))
            for solver in ("newton", "lbfgs"):
                t = median_seconds(lambda: LogisticRegression(lam=1.0, tol=1e-6, solver=solver).fit(X, y))
                report(f"LogisticRegression({solver}) {load.__name__[5:]}", t * 1e3,
                       "sklearn lbfgs, same tol", t_sk * 1e3, "<= 2x")


if __name__ == "__main__":
    bench_mixed()
    bench_logistic()
