"""Counting: how often each class occurs, and each feature value within each class.

Naive Bayes is trained by counting. For a table of category labels these counts are
all it needs:

    N_c      = count(y = c)                   (``class_counts``)
    N_{c,v}  = count(y = c and x_m = v)       (``value_counts_by_class``)

Every model in nbteach counts with the two functions below (the counting engine), so the
numbers a student gets from ``class_counts`` are the ones the models use:

* ``joint_counts(codes, sizes)``: how often each combination of integer-coded values occurs,
  N[a, b, ...] = count(v_1 = a and v_2 = b and ...), one ``numpy.bincount`` over a flat
  index (the class and one attribute for naive Bayes, the class and two attributes for
  SPODE, AODE and TAN, a node and its parents for a Bayesian network, a class and a token
  id for text); with ``weights``, fractional counts (EM's responsibilities);
* ``class_feature_counts(y_index, n_classes, X)``: N_c and N_{c,i} = sum of x_i over the
  rows of class c, i.e. Y.T @ X for the one-hot label matrix Y (word counts for the
  multinomial and Bernoulli models; with a class distribution per row instead of Y, EM's
  M-step).

Counts are integers (exact) when no weights are given; the models turn them into Fractions
(lessons worked by hand) or floats (real data).
"""
from __future__ import annotations

import math
from itertools import repeat

import numpy as np
import pandas as pd

from ._base import NbteachError
from ._validation import check_same_length
from .i18n import tr

__all__ = ["class_counts", "value_counts_by_class", "sorted_labels", "joint_counts",
           "class_feature_counts", "encode"]


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


def encode(values, levels=None, unseen=None):
    """(codes, levels): each value's position in ``levels`` (default: the sorted distinct values).

    A value not in ``levels`` raises KeyError, or gets the code ``unseen`` when it is given.

    >>> codes, levels = encode(["no", "yes", "no"])
    >>> codes.tolist(), levels
    ([0, 1, 0], ['no', 'yes'])
    >>> encode(["no", "maybe"], ["no", "yes"], unseen=-1)[0].tolist()
    [0, -1]
    """
    if isinstance(values, (pd.Series, pd.Index)):     # a column: pandas' hash tables, in C
        categorical = isinstance(values.dtype, pd.CategoricalDtype)
        plain = values.dtype != object and not categorical
        column = _hashed(values)
        if levels is None and plain:
            # strings, numbers or booleans of one dtype: pandas sorts them as sorted() does
            codes, uniques = pd.factorize(column, sort=True)
            return codes.astype(np.intp), uniques.tolist()
        if levels is None:
            levels = sorted_labels(pd.unique(values).tolist())
        try:   # an object Index compares as a dict does (1 == 1.0 == True)
            index = pd.Index(list(levels), dtype=None if plain else object)
            if categorical:
                codes = index.get_indexer(values)
            else:   # each distinct value looked up once, each row's code taken from it
                found, distinct = pd.factorize(column)    # -1: a missing value (NaN, None)
                codes = np.append(index.get_indexer(distinct), -1)[found]
                gaps = np.flatnonzero(found < 0)
                if gaps.size:                             # looked up as themselves: a level may be missing too
                    codes[gaps] = index.get_indexer(np.asarray(column)[gaps])
        except (TypeError, ValueError):
            codes = None                                  # levels pandas cannot index: below
        if codes is not None:
            codes = codes.astype(np.intp)
            if unseen is None and (codes < 0).any():
                raise KeyError(values.tolist()[int(np.flatnonzero(codes < 0)[0])])
            return np.where(codes < 0, unseen, codes) if unseen not in (None, -1) else codes, list(levels)
    values = list(values)
    levels = sorted_labels(values) if levels is None else list(levels)
    index = {v: i for i, v in enumerate(levels)}
    found = map(index.__getitem__, values) if unseen is None else map(index.get, values, repeat(unseen))
    return np.fromiter(found, dtype=np.intp, count=len(values)), levels


def _hashed(column):
    """What pandas hashes fastest for ``column``: the object array under a column of Python
    strings (pandas' ``str`` dtype stored as Python objects: hashing the Series itself goes
    through the string array's own code, several times slower), else the column."""
    dtype = column.dtype
    if isinstance(dtype, pd.StringDtype) and dtype.storage == "python":
        return column.to_numpy()
    return column


def joint_counts(codes, sizes, weights=None):
    """N[a, b, ...]: how many rows have v_1 = a, v_2 = b, ... (the total weight with ``weights``).

    ``codes`` is a sequence of integer arrays of equal length, one per variable, with values
    in 0..size-1; ``sizes`` the number of values of each. Returns an array of shape
    ``sizes`` (integers without weights).

    >>> joint_counts([[0, 1, 1, 1], [2, 0, 0, 1]], [2, 3]).tolist()
    [[0, 0, 1], [2, 1, 0]]
    """
    sizes = [int(s) for s in sizes]
    flat = None
    for c, size in zip(codes, sizes):
        c = np.asarray(c, dtype=np.intp)
        flat = c if flat is None else flat * size + c
    if flat is None:
        raise NbteachError(tr({"en": "joint_counts needs at least one variable to count.",
                               "zh": "joint_counts 至少需要一个要计数的变量。"}))
    out = np.bincount(flat, weights=weights, minlength=math.prod(sizes))
    return out.reshape(sizes)


def class_feature_counts(y_index, n_classes: int, X, weights=None):
    """(N_c, N_{c,i}): the (weighted) rows of each class and the sum of each feature over them.

    N_{c,i} = Y.T @ X for the n x K one-hot label matrix Y (rows weighted by ``weights``);
    ``y_index`` may also be an n x K matrix of class probabilities (EM's gamma), used as Y.

    >>> n_c, n_ci = class_feature_counts(np.array([0, 1, 1]), 2, np.array([[1, 0], [2, 1], [0, 3]]))
    >>> n_c.tolist(), n_ci.tolist()
    ([1.0, 2.0], [[1.0, 0.0], [2.0, 4.0]])
    """
    y_index = np.asarray(y_index)
    Y = y_index if y_index.ndim == 2 else one_hot(y_index, n_classes, weights)
    return Y.sum(axis=0), Y.T @ X


def one_hot(y_index, n_classes: int, sample_weight=None):
    """The n_samples x n_classes indicator matrix Y (rows weighted by ``sample_weight``)."""
    Y = np.zeros((y_index.shape[0], n_classes))
    Y[np.arange(y_index.shape[0]), y_index] = 1.0
    if sample_weight is not None:
        Y *= sample_weight[:, None]
    return Y


def class_counts(y, classes=None):
    """N_c for every class, as a pandas Series indexed by the (sorted) classes.

    >>> from nbteach.datasets import flu_cold
    >>> class_counts(flu_cold()["Diagnosis"]).to_dict()
    {'Cold': 2, 'Flu': 3}
    """
    codes, classes = encode(y, classes)
    return pd.Series(joint_counts([codes], [len(classes)]), index=classes, name="count")


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
    x, y = list(x), list(y)
    check_same_length(x, y, len(x), len(y))
    values = sorted_labels(x) if values is None else list(values)
    unknown = [v for v in dict.fromkeys(x) if v not in values]
    if unknown:
        raise NbteachError(tr({"en": f"x has values {unknown} that `values` does not list.",
                               "zh": f"x 中有 `values` 没有列出的取值 {unknown}。"}))
    x_codes, values = encode(x, values)
    y_codes, classes = encode(y, classes)
    grid = joint_counts([x_codes, y_codes], [len(values), len(classes)])
    return pd.DataFrame(grid, index=pd.Index(values, name=None), columns=classes)
