"""SemiSupervisedNB (EM) against MultinomialNB, fitted on the spam e-mails in the same run.

Data: openintro's 3,921 e-mails as counts (``nbteach.realdata.email_features``). EM gets 100
labelled rows (drawn at random, every class present) and the other 3,821 unlabelled; the
baseline is MultinomialNB fitted on all 3,921 labelled rows, which is what one EM iteration's
M-step costs in counting. Printed: median fit times and their ratio, EM's iterations, and the
ratio per EM iteration (EM's time / iterations + 1, against one MultinomialNB fit).

Run: ``.venv/bin/python benchmarks/bench_em.py`` (or ``make bench``).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import median_seconds, report  # noqa: E402


def main() -> None:
    import numpy as np

    from nbteach import MultinomialNB, SemiSupervisedNB
    from nbteach.em import draw_labelled
    from nbteach.realdata import email_features

    X, y = email_features()
    X = X.to_numpy()
    labelled = draw_labelled(y, 100, np.random.default_rng(0))
    y_semi = np.full(len(y), -1, dtype=object)
    y_semi[labelled] = y[labelled]

    em = SemiSupervisedNB().fit(X, y_semi)
    nb_ms = median_seconds(lambda: MultinomialNB().fit(X, y)) * 1000
    em_ms = median_seconds(lambda: SemiSupervisedNB().fit(X, y_semi), repeat=7) * 1000
    print(f"EM ran {em.n_iter_} iterations (converged: {em.converged_}) on {len(y)} e-mails, "
          f"{len(labelled)} labelled")
    report("SemiSupervisedNB.fit (EM)", em_ms, "MultinomialNB.fit (all labels)", nb_ms)
    report("  per EM iteration", em_ms / (em.n_iter_ + 1), "MultinomialNB.fit (all labels)", nb_ms)


if __name__ == "__main__":
    main()
