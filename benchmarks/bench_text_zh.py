"""Chinese text segmented by jieba: nbteach.text.TextNB against scikit-learn, in the same run.

Task (issue 23): the Chinese reviews of lesson 06 (nbteach.realdata.chinese_reviews, each
distinct review once: 17,457), split 80/20 at random (seed 0, the same split for both); fit on
the training part, predict the test part, both from raw text:

- nbteach:      TextNB(tokenizer="jieba").fit(train, y).predict(test)
- scikit-learn: make_pipeline(CountVectorizer(tokenizer=jieba.lcut, token_pattern=None),
                              MultinomialNB()).fit(train, y).predict(test)

Both segment each review once with jieba.lcut (most of the time of either: jieba is pure
Python), count the same tokens and must predict the same labels (checked). jieba's dictionary
is loaded before timing. The two are timed in turn (nbteach, scikit-learn, nbteach, ...) so that
a load from other processes falls on both; each figure is the best of its runs, as wall time
and as CPU time. Ratio nbteach / scikit-learn; target (issue 23): time <= 1x.

Run: ``.venv/bin/python benchmarks/bench_text_zh.py`` (or ``make bench``).
"""
from __future__ import annotations


from _common import time_in_turn


def _nbteach(train, y, test):
    from nbteach.text import TextNB

    return TextNB(tokenizer="jieba").fit(train, y).predict(test)


def _sklearn(train, y, test):
    import jieba
    from sklearn.feature_extraction.text import CountVectorizer
    from sklearn.naive_bayes import MultinomialNB
    from sklearn.pipeline import make_pipeline

    return make_pipeline(CountVectorizer(tokenizer=jieba.lcut, token_pattern=None),
                         MultinomialNB()).fit(train, y).predict(test)


def main(repeats: int = 2) -> dict:
    import numpy as np

    from nbteach.realdata import chinese_reviews
    from nbteach.resample import train_test_split
    from nbteach.text import tokenize

    reviews = chinese_reviews(drop_duplicates=True)
    reviews = reviews[[len(tokenize(t)) >= 1 for t in reviews["text"]]]   # a review with a word
    train, test, y, _ = train_test_split(reviews["text"].tolist(), reviews["label"].to_numpy(),
                                         test_size=0.2, random_state=0)
    # load jieba's dictionary and import both libraries before measuring
    _nbteach(["质量很好", "太差了"], ["pos", "neg"], ["很好"])
    _sklearn(["质量很好", "太差了"], ["pos", "neg"], ["很好"])
    print(__doc__.split("\n")[0])
    (t_nb, t_sk), (c_nb, c_sk), (p_nb, p_sk) = time_in_turn([_nbteach, _sklearn], (train, y, test), repeats)
    if not np.array_equal(p_nb, p_sk):
        raise AssertionError("nbteach and scikit-learn predicted different labels")
    label = f"reviews ({len(train):,} + {len(test):,})"
    print(f"{'corpus':<28}{'':>10}{'wall (s)':>10}{'CPU (s)':>10}")
    print(f"{label:<28}{'nbteach':>10}{t_nb:>10.3f}{c_nb:>10.3f}")
    print(f"{'':<28}{'sklearn':>10}{t_sk:>10.3f}{c_sk:>10.3f}")
    print(f"{'':<28}{'ratio':>10}{t_nb / t_sk:>9.2f}x{c_nb / c_sk:>9.2f}x")
    print("(ratio = nbteach / scikit-learn, both segmenting with jieba; target time <= 1x; same predictions checked)")
    return {"time_ratio": t_nb / t_sk, "cpu_ratio": c_nb / c_sk, "time_nbteach": t_nb, "time_sklearn": t_sk}


if __name__ == "__main__":
    main()
