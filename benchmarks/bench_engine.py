"""Every estimator's fit and predict, before and after issue 22, in the same run.

Issue 22 put one validation module (``nbteach/_validation.py``), one counting engine
(``counts.joint_counts`` / ``class_feature_counts``) and a MixedNB composed of CategoricalNB
and GaussianNB under the estimators, and changed AODE's predict (no fitted state set) and the
Bayesian network's fit (all or nothing) before that. This times ``fit`` and ``predict_proba``
of each estimator with the library as it was at the commit before the issue (``BASE``; the
engine change alone: ``--base 9598000``; or any ``--base <commit>``; its ``nbteach/`` is
written to a temporary folder by ``git archive``)
and with the current tree, each in its own interpreter (another ``PYTHONPATH``), the two
alternating. Times are CPU seconds of the process (``time.process_time``, one BLAS
thread): on a machine shared with other work, wall-clock medians of the same code varied by
2x between runs, CPU time by a few percent. Prints the medians and the ratio current /
before (below 1 is faster). Nothing is asserted: this prints. ``--base HEAD`` times the tree
against itself, which shows the noise: on a shared machine, up to 1.04x on TextNB's predict
and 1.11x on SemiSupervisedNB's (2 ms) with 7 rounds.

    python benchmarks/bench_engine.py [--base COMMIT] [--rounds N] [name ...]
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BASE = "6836ff0"   # main before issue 22 (9598000: before its validation / counting / MixedNB change only)

# name -> (setup code defining X, y, Xp and make(), the estimator)
CASES = {
    "CategoricalNB": """
X, y = categories(100_000, 5); Xp = X
make = lambda: nbteach.CategoricalNB(alpha=1.0)""",
    "CategoricalNB exact": """
X, y = categories(2_000, 5); Xp = X.iloc[:200]
make = lambda: nbteach.CategoricalNB(alpha=1, exact=True)""",
    "MixedNB": """
X, y = mixed(100_000); Xp = X
make = lambda: nbteach.MixedNB(alpha=1.0)""",
    "MultinomialNB": """
X, y = counts(20_000, 300); Xp = X
make = lambda: nbteach.MultinomialNB(alpha=1.0)""",
    "BernoulliNB": """
X, y = counts(20_000, 300); Xp = X
make = lambda: nbteach.BernoulliNB(alpha=1.0)""",
    "GaussianNB": """
X, y = numbers(100_000, 10); Xp = X
make = lambda: nbteach.GaussianNB()""",
    "LogisticRegression": """
X, y = numbers(20_000, 10); Xp = X
make = lambda: nbteach.LogisticRegression(lam=1.0)""",
    "SPODE": """
X, y = categories(20_000, 8); Xp = X
make = lambda: nbteach.SPODE(parent=0, alpha=1.0)""",
    "AODE": """
X, y = categories(20_000, 8); Xp = X
make = lambda: nbteach.AODE(alpha=1.0)""",
    "TAN": """
X, y = categories(20_000, 8); Xp = X
make = lambda: nbteach.TAN(alpha=1.0)""",
    "SemiSupervisedNB": """
X, y = counts(5_000, 300); y = np.where(np.arange(len(y)) % 2 == 0, y, -1); Xp = X
make = lambda: nbteach.SemiSupervisedNB(max_iter=10)""",
    "TextNB": """
X, y = documents(20_000); Xp = X
make = lambda: nbteach.TextNB(alpha=1.0)""",
    "BayesNet": """
from nbteach.bayesnet import sample, sprinkler
X = sample(sprinkler(), 50_000, random_state=0); y = None; Xp = None
make = sprinkler""",
}

RUNNER = r"""
import json, statistics, sys, time, warnings
import numpy as np, pandas as pd
import nbteach
warnings.simplefilter("ignore")
rng = np.random.default_rng(0)

def categories(n, d):
    y = rng.integers(0, 3, n)
    cols = {}
    for j in range(d):
        levels = np.array([f"v{k}" for k in range(3 + j % 4)], dtype=object)
        idx = np.where(rng.random(n) < 0.6, (y + j) % len(levels), rng.integers(0, len(levels), n))
        cols[f"a{j}"] = levels[idx]
    return pd.DataFrame(cols), np.array(["no", "maybe", "yes"], dtype=object)[y]

def numbers(n, d):
    y = rng.integers(0, 2, n)
    return rng.normal(y[:, None] * 0.5, 1.0, (n, d)), y

def counts(n, d):
    y = rng.integers(0, 2, n)
    return rng.poisson(0.3 + 0.4 * (np.arange(d)[None, :] % 3 == y[:, None]), (n, d)).astype(float), y

def mixed(n):
    Xn, y = numbers(n, 5)
    Xc, _ = categories(n, 5)
    X = pd.concat([pd.DataFrame(Xn, columns=[f"n{j}" for j in range(5)]), Xc], axis=1)
    return X, y

def documents(n):
    words = np.array([f"w{k}" for k in range(2000)])
    y = rng.integers(0, 2, n)
    docs = [" ".join(words[rng.integers(0, 1000, 30) + 1000 * (c if rng.random() < 0.3 else 0)])
            for c in y]
    return docs, y

def median(fn, repeat):
    fn()
    times = []
    for _ in range(repeat):
        t = time.process_time(); fn(); times.append(time.process_time() - t)
    return statistics.median(times)

CASE
if y is None:    # a Bayesian network: fit counts its tables; "predict" is 100 exact queries
    fit = median(lambda: make().fit(X, alpha=1), 5)
    net = make().fit(X, alpha=1)
    pred = median(lambda: [net.query("Rain", {"WetGrass": True}) for _ in range(100)], 5)
else:
    fit = median(lambda: make().fit(X, y), 5)
    model = make().fit(X, y)
    pred = median(lambda: model.predict_proba(Xp), 5)
print(json.dumps({"fit": fit, "predict": pred}))
"""


def _old_tree(base: str) -> Path:
    out = Path(tempfile.mkdtemp(prefix="nbteach-before-"))
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", base, "nbteach"], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(out)], input=archive, check=True)
    return out


def _time(path: Path, case: str) -> dict:
    code = RUNNER.replace("CASE", CASES[case])
    env = {"PYTHONPATH": str(path), "PATH": "/usr/bin:/bin", "OMP_NUM_THREADS": "1",
           "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          cwd=tempfile.gettempdir())
    if done.returncode != 0:
        raise RuntimeError(f"{case} at {path}: {done.stderr.strip().splitlines()[-1]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=BASE, help="the commit to compare with (default %(default)s)")
    parser.add_argument("--rounds", type=int, default=3, help="interpreters per version and case")
    parser.add_argument("names", nargs="*", help="estimators to time (default: all)")
    args = parser.parse_args(argv)
    names = args.names or list(CASES)
    unknown = [n for n in names if n not in CASES]
    if unknown:
        parser.error(f"unknown estimator(s) {unknown}; choose from {list(CASES)}")
    old = _old_tree(args.base)
    try:
        _compare(old, names, args)
    finally:
        shutil.rmtree(old, ignore_errors=True)
    return 0


def _compare(old: Path, names: list, args) -> None:
    print(f"before: {args.base} ({old}); current: {ROOT}; medians of {args.rounds} interpreters each, "
          "alternating\n")
    print(f"{'estimator':<22} {'step':<8} {'before ms':>10} {'current ms':>11} {'ratio':>7}")
    for name in names:
        runs = {"before": [], "current": []}
        for _ in range(args.rounds):
            runs["before"].append(_time(old, name))
            runs["current"].append(_time(ROOT, name))
        for step in ("fit", "predict"):
            b = statistics.median(r[step] for r in runs["before"]) * 1e3
            c = statistics.median(r[step] for r in runs["current"]) * 1e3
            ratio = f"{c / b:6.2f}x" if b else "    -"
            print(f"{name:<22} {step:<8} {b:10.2f} {c:11.2f} {ratio:>7}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
