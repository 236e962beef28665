"""Raw text to predictions: nbteach.text.TextNB against scikit-learn, in the same run.

Task: fit on the fine-food training reviews (4,000), predict the test reviews (1,000);
then the same with both sets replicated 20 times (80,000 / 20,000 reviews).

- nbteach:      TextNB().fit(train, y).predict(test)
- scikit-learn: make_pipeline(CountVectorizer(), MultinomialNB()).fit(train, y).predict(test)

Both use the same tokens (scikit-learn's default pattern, lower case; checked: the same
vocabulary and the same counts per class) and alpha=1, and must predict the same labels
(checked on every corpus). The two are timed in turn (nbteach, scikit-learn, nbteach, ...)
so that a load from other processes falls on both; each figure is the best of its runs,
as wall time and as the process's CPU time. Peak memory is the peak of tracemalloc (numpy
and Python allocations) during one run, started after the data are loaded, measured the
same way for both. Ratios are nbteach / scikit-learn: below 1.0 means nbteach is faster
or smaller. Target (issue 24): time <= 0.5x.

Run: ``.venv/bin/python benchmarks/bench_text.py`` (or ``make bench``).
"""
from __future__ import annotations

import gc
import tracemalloc

from _common import time_in_turn


def _nbteach(train, y, test):
    from nbteach.text import TextNB

    return TextNB().fit(train, y).predict(test)


def _sklearn(train, y, test):
    from sklearn.feature_extraction.text import CountVectorizer
    from sklearn.naive_bayes import MultinomialNB
    from sklearn.pipeline import make_pipeline

    return make_pipeline(CountVectorizer(), MultinomialNB()).fit(train, y).predict(test)


def _same_tokens(train, y):
    """The same vocabulary and the same word counts per class in both."""
    import numpy as np
    from sklearn.feature_extraction.text import CountVectorizer
    from sklearn.naive_bayes import MultinomialNB
    from sklearn.pipeline import make_pipeline

    from nbteach.text import TextNB

    ours = TextNB().fit(train, y)
    theirs = make_pipeline(CountVectorizer(), MultinomialNB()).fit(train, y)
    vocab = theirs[0].vocabulary_
    if set(ours.vocabulary_) != set(vocab):
        raise AssertionError("nbteach and scikit-learn made different vocabularies")
    order = [vocab[w] for w in ours.vocabulary_]
    if not np.array_equal(ours.feature_count_, theirs[1].feature_count_[:, order]):
        raise AssertionError("nbteach and scikit-learn counted different words")


def _peak(fn, args):
    gc.collect()
    tracemalloc.start()
    tracemalloc.reset_peak()
    fn(*args)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def main(repeats: int = 3, factor: int = 20) -> dict:
    import numpy as np

    from nbteach.realdata import food_reviews

    # import both libraries before measuring, so neither pays for imports
    _nbteach(["a warm up text", "another one"], ["x", "y"], ["warm"])
    _sklearn(["a warm up text", "another one"], ["x", "y"], ["warm"])
    train, y = food_reviews("train")
    test, _ = food_reviews("test")
    _same_tokens(train, y)
    results = {}
    print(__doc__.split("\n")[0])
    print(f"{'corpus':<28}{'':>10}{'wall (s)':>10}{'CPU (s)':>10}{'peak MiB':>10}")
    for label, k, reps in [("reviews (4,000 + 1,000)", 1, repeats + 2),
                           (f"reviews x {factor}", factor, repeats)]:
        args = (train * k, np.tile(y, k), test * k)
        (t_nb, t_sk), (c_nb, c_sk), (p_nb, p_sk) = time_in_turn([_nbteach, _sklearn], args, reps)
        if not np.array_equal(p_nb, p_sk):
            raise AssertionError("nbteach and scikit-learn predicted different labels")
        m_nb, m_sk = _peak(_nbteach, args), _peak(_sklearn, args)
        mib = 2 ** 20
        print(f"{label:<28}{'nbteach':>10}{t_nb:>10.3f}{c_nb:>10.3f}{m_nb / mib:>10.1f}")
        print(f"{'':<28}{'sklearn':>10}{t_sk:>10.3f}{c_sk:>10.3f}{m_sk / mib:>10.1f}")
        print(f"{'':<28}{'ratio':>10}{t_nb / t_sk:>9.2f}x{c_nb / c_sk:>9.2f}x{m_nb / m_sk:>9.2f}x")
        results[label] = {"time_ratio": t_nb / t_sk, "cpu_ratio": c_nb / c_sk,
                          "memory_ratio": m_nb / m_sk, "time_nbteach": t_nb,
                          "time_sklearn": t_sk, "peak_nbteach": m_nb, "peak_sklearn": m_sk}
    print("(ratio = nbteach / scikit-learn; target time <= 0.5x; same tokens and predictions checked)")
    return results


if __name__ == "__main__":
    main()
