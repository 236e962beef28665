"""TAN fit + predict on the spam data, against MultinomialNB's fit, timed in the same run.

Data: openintro's 3,921 labelled e-mails (``nbteach.realdata.email_features``: 18 count and
flag columns). TAN counts categories, so the counts are **binarised** (a word or feature
present, count > 0, or absent): 18 two-valued attributes. TAN's fit computes the
conditional mutual information of all 153 pairs, the maximum spanning tree and the tables
of its 17 edges; predict scores the same 3,921 e-mails.

- TAN:       TAN(alpha=1).fit(X_binary, y).predict(X_binary)
- baseline:  MultinomialNB(alpha=1).fit(X_counts, y), nbteach's, on the raw counts (the
             cheapest fit in the library on the same e-mails)
- reference: the same TAN fit + predict against CategoricalNB(alpha=1).fit + predict on the
             binarised table (what the tree adds to naive Bayes on the same input)

Figures are medians; ratios are TAN / baseline. Nothing is asserted: this prints.
Run: ``.venv/bin/python benchmarks/bench_tan.py`` (or ``make bench``).
"""
from __future__ import annotations

import warnings

from _common import median_seconds, report


def main(repeat: int = 7) -> None:
    from nbteach import CategoricalNB, MultinomialNB, TAN
    from nbteach.realdata import email_features

    X, y = email_features()
    Xb = (X > 0).astype(int)

    def tan():
        return TAN(alpha=1).fit(Xb, y).predict(Xb)

    def multinomial_fit():
        return MultinomialNB(alpha=1).fit(X, y)

    def categorical():
        return CategoricalNB(alpha=1).fit(Xb, y).predict(Xb)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        t_tan = median_seconds(tan, repeat=repeat) * 1e3
        t_mnb = median_seconds(multinomial_fit, repeat=repeat) * 1e3
        t_cat = median_seconds(categorical, repeat=repeat) * 1e3
    print(f"spam e-mails: {X.shape[0]} rows, {X.shape[1]} columns (binarised for TAN)")
    report("TAN fit + predict (binarised)", t_tan, "MultinomialNB fit (counts)", t_mnb)
    report("TAN fit + predict (binarised)", t_tan, "CategoricalNB fit + predict (bin.)", t_cat)


if __name__ == "__main__":
    main()
