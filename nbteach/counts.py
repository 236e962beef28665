"""Counting: how often each class occurs, and each feature value within each class.

Naive Bayes is trained by counting. For a table of category labels these counts are
all it needs:

    N_c      = count(y = c)                   (``class_counts``)
    N_{c,v}  = count(y = c and x_m = v)       (``value_counts_by_class``)
"""
from __future__ import annotations

__all__ = ["class_counts", "value_counts_by_class", "sorted_labels"]


def sorted_labels(values) -> list:
    """Distinct labels in sorted order (by their text when types are mixed).

    >>> sorted_labels(["no", "yes", "no"])
    ['no', 'yes']
    """
    distinct = list(dict.fromkeys(values))
    try:
        return sorted(distinct)
    except TypeError:
        return sorted(distinct, key=lambda v: (type(v).__name__, str(v)))


def class_counts(y, classes=None):
    """N_c for every class, as a pandas Series indexed by the (sorted) classes.

    >>> from nbteach.datasets import flu_cold
    >>> class_counts(flu_cold()["Diagnosis"]).to_dict()
    {'Cold': 2, 'Flu': 3}
    """
    import pandas as pd

    y = list(y)
    classes = sorted_labels(y) if classes is None else list(classes)
    index = {c: i for i, c in enumerate(classes)}
    counts = [0] * len(classes)
    for label in y:
        counts[index[label]] += 1
    return pd.Series(counts, index=classes, name="count")


def value_counts_by_class(x, y, values=None, classes=None):
    """N_{c,v}: a DataFrame with one row per value v of the feature and one column per class c.

    Values listed in ``values`` but absent from ``x`` get a row of zeros.

    >>> from nbteach.datasets import flu_cold
    >>> df = flu_cold()
    >>> value_counts_by_class(df["Headache"], df["Diagnosis"])
            Cold  Flu
    mild       1    1
    no         1    0
    severe     0    2
    """
    import pandas as pd

    from nbteach._base import NbteachError
    from nbteach._validation import check_same_length

    x, y = list(x), list(y)
    check_same_length(x, y, len(x), len(y))
    values = sorted_labels(x) if values is None else list(values)
    unknown = [v for v in dict.fromkeys(x) if v not in values]
    if unknown:
        raise NbteachError(f"x has values {unknown} that `values` does not list.")
    classes = sorted_labels(y) if classes is None else list(classes)
    row = {v: i for i, v in enumerate(values)}
    col = {c: j for j, c in enumerate(classes)}
    grid = [[0] * len(classes) for _ in values]
    for v, c in zip(x, y):
        grid[row[v]][col[c]] += 1
    return pd.DataFrame(grid, index=pd.Index(values, name=None), columns=classes)
