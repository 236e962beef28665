"""Random under- and over-sampling for class imbalance (note 004, last section).

When one class is rare (9% spam), a classifier can score high accuracy by rarely
predicting it. Two simple remedies change the training set, never the test set:

- undersampling: keep every example of the smallest class and a random subset, of the
  same size, of every other class (less data, balanced);
- oversampling: keep everything and draw extra copies, with replacement, of the smaller
  classes until each is as large as the largest (no data lost, but repeated examples).

For naive Bayes, balancing mostly moves the prior P(c) towards uniform; the word
probabilities change only through which examples were kept or repeated.
"""
from __future__ import annotations

import numpy as np

from ._base import NbteachError
from ._validation import refuse_missing_labels
from .i18n import tr

__all__ = ["random_undersample", "random_oversample", "class_sizes", "train_test_split", "stratified_draws"]


def _take(X, idx):
    if hasattr(X, "iloc"):
        return X.iloc[idx].reset_index(drop=True)
    if isinstance(X, np.ndarray):
        return X[idx]
    if isinstance(X, (list, tuple)):
        return [X[i] for i in idx]
    raise NbteachError(tr({"en": f"X must be a list, numpy array or pandas DataFrame, "
                                 f"got {type(X).__name__}.",
                           "zh": f"X 必须是列表、numpy 数组或 pandas DataFrame，得到的是 {type(X).__name__}。"}))


def _prepare(X, y):
    if isinstance(X, str):
        raise NbteachError(tr({"en": "X is a single string: pass a list of documents.",
                               "zh": "X 是一个字符串：请给文档的列表。"}))

    refuse_missing_labels(y)
    y = np.asarray(y)
    if y.ndim != 1:
        raise NbteachError(tr({"en": f"y must be a 1-D list of labels, got shape {y.shape}.",
                               "zh": f"y 必须是一维的标记列表，得到的形状是 {y.shape}。"}))
    if len(X) != len(y):
        raise NbteachError(tr({"en": f"X has {len(X)} rows but y has {len(y)} labels: "
                                     "give one label per row of X.",
                               "zh": f"X 有 {len(X)} 行，而 y 有 {len(y)} 个标记：X 的每一行要有一个标记。"}))
    if len(y) == 0:
        raise NbteachError(tr({"en": "X and y are empty: there is nothing to resample.",
                               "zh": "X 和 y 都是空的：没有可以重采样的东西。"}))
    classes, y_index = np.unique(y, return_inverse=True)
    if len(classes) < 2:
        only = classes[0].item() if hasattr(classes[0], "item") else classes[0]   # 'a', not np.str_('a')
        raise NbteachError(tr({"en": f"y has only one class ({only!r}): there is no "
                                     "imbalance to correct.",
                               "zh": f"y 只有一个类别（{only!r}）：没有需要纠正的类别不平衡。"}))
    return y, classes, y_index.ravel()


def class_sizes(y):
    """How many examples of each class: a dict label -> count.

    >>> class_sizes(["ham", "spam", "ham"])
    {'ham': 2, 'spam': 1}
    """
    classes, counts = np.unique(np.asarray(y), return_counts=True)
    return {c.item() if hasattr(c, "item") else c: int(n) for c, n in zip(classes, counts)}


def random_undersample(X, y, random_state=None):
    """Keep n_min random examples of every class, n_min = size of the smallest class.

    Returns (X_resampled, y_resampled), of the same types as X and y (rows in
    class order, shuffled within each class). ``random_state`` seeds numpy's generator.

    >>> X, y = random_undersample(list("abcdef"), [0, 0, 0, 0, 1, 1], random_state=0)
    >>> class_sizes(y)
    {0: 2, 1: 2}
    """
    y, classes, y_index = _prepare(X, y)
    rng = np.random.default_rng(random_state)
    n_min = np.bincount(y_index).min()
    idx = np.concatenate([rng.choice(np.flatnonzero(y_index == k), n_min, replace=False)
                          for k in range(len(classes))])
    return _take(X, idx), y[idx]


def random_oversample(X, y, random_state=None):
    """Keep every example and add random repeats of smaller classes up to n_max.

    >>> X, y = random_oversample(list("abcdef"), [0, 0, 0, 0, 1, 1], random_state=0)
    >>> class_sizes(y), len(X)
    ({0: 4, 1: 4}, 8)
    """
    y, classes, y_index = _prepare(X, y)
    rng = np.random.default_rng(random_state)
    n_max = np.bincount(y_index).max()
    parts = []
    for k in range(len(classes)):
        rows = np.flatnonzero(y_index == k)
        extra = rng.choice(rows, n_max - len(rows), replace=True)
        parts.append(np.concatenate([rows, extra]))
    idx = np.concatenate(parts)
    return _take(X, idx), y[idx]


def train_test_split(X, y, test_size=0.25, random_state=None, stratify=True):
    """Hold out a random ``test_size`` fraction for testing; the rest is for training.

    With ``stratify=True`` each class is split in the same proportion, so a rare class
    (9% spam) keeps its share in both parts. Returns X_train, X_test, y_train, y_test
    (same types as X and y). Resampling, if any, is applied to the training part only.
    A class too small to appear in both parts at this ``test_size`` is refused with a
    message (scikit-learn refuses a one-member class too), never silently left out.

    >>> Xtr, Xte, ytr, yte = train_test_split(list(range(10)), [0] * 8 + [1] * 2,
    ...                                       test_size=0.5, random_state=0)
    >>> class_sizes(ytr), class_sizes(yte)
    ({0: 4, 1: 1}, {0: 4, 1: 1})
    """
    y, classes, y_index = _prepare(X, y)
    if not (isinstance(test_size, float) and 0 < test_size < 1):
        raise NbteachError(tr({"en": f"test_size must be a fraction between 0 and 1, got {test_size!r}.",
                               "zh": f"test_size 必须是 0 和 1 之间的比例，得到的是 {test_size!r}。"}))
    rng = np.random.default_rng(random_state)
    groups = [np.flatnonzero(y_index == k) for k in range(len(classes))] if stratify \
        else [np.arange(len(y))]
    test = []
    for k, rows in enumerate(groups):
        n_test = int(round(test_size * len(rows)))
        if stratify and (n_test == 0 or n_test == len(rows)):
            part = "test" if n_test == 0 else "training"
            label = classes[k].item() if hasattr(classes[k], "item") else classes[k]
            raise NbteachError(tr({
                "en": f"class {label!r} has {len(rows)} example(s): a stratified split with test_size="
                      f"{test_size} would leave it out of the {part} part. Collect more examples of it, drop "
                      "it, or pass stratify=False (then it may land in either part).",
                "zh": f"类别 {label!r} 只有 {len(rows)} 个样本：test_size={test_size} 的分层划分会让"
                      f"{'测试集' if n_test == 0 else '训练集'}里没有它。请多收集它的样本、删去它，"
                      "或传入 stratify=False（这样它可能落在任意一部分）。"}))
        test.append(rng.permutation(rows)[:n_test])
    test_idx = np.sort(np.concatenate(test))
    mask = np.ones(len(y), bool)
    mask[test_idx] = False
    train_idx = np.flatnonzero(mask)
    if len(test_idx) == 0 or len(train_idx) == 0:
        raise NbteachError(tr({"en": "test_size leaves the training or the test part empty.",
                               "zh": "这个 test_size 会让训练集或测试集为空。"}))
    return _take(X, train_idx), _take(X, test_idx), y[train_idx], y[test_idx]


def _class_shares(counts, n):
    """n split over the classes in proportion to ``counts`` (largest remainders, so the shares
    add up to n exactly)."""
    exact = n * counts / counts.sum()
    share = np.floor(exact).astype(int)
    share[np.argsort(-(exact - share), kind="stable")[: n - share.sum()]] += 1
    return share


def stratified_draws(y, n_train, n_test, n_draws, random_state=None):
    """``n_draws`` independent stratified draws of ``n_train`` training and ``n_test`` test rows.

    Each draw takes its own random rows, without regard to the other draws: within a draw the
    training and test rows are disjoint, and each class has its share of both, as in ``y``
    (largest remainders, so the shares add up to ``n_train`` and ``n_test``). Two calls draw
    independently of each other too, so the draws of two training sizes share nothing but the
    pool (one calls it per size; none is a prefix of another). All draws at once, with numpy:
    per class, every draw shuffles the class's rows on its own, then takes its training rows
    and, after them, its test rows.

    Returns ``(train, test)``: integer arrays of row positions, of shapes
    ``(n_draws, n_train)`` and ``(n_draws, n_test)``. ``random_state``: a seed or a
    ``numpy.random.Generator`` (drawn from, so successive calls differ).

    >>> train, test = stratified_draws(["a"] * 6 + ["b"] * 4, 5, 5, n_draws=3, random_state=0)
    >>> train.shape, [sorted(set(t) | set(u)) == list(range(10)) for t, u in zip(train, test)]
    ((3, 5), [True, True, True])
    >>> [int((r >= 6).sum()) for r in train]          # each draw: 3 of class a and 2 of class b
    [2, 2, 2]
    """
    y = np.asarray(y)
    if y.ndim != 1 or len(y) == 0:
        raise NbteachError(tr({"en": f"y must be a non-empty 1-D list of labels, got shape {y.shape}.",
                               "zh": f"y 必须是非空的一维标记列表，得到的形状是 {y.shape}。"}))
    for name, v, least in (("n_train", n_train, 1), ("n_test", n_test, 1), ("n_draws", n_draws, 1)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < least:
            raise NbteachError(tr({"en": f"{name} must be a whole number >= {least}, got {v!r}.",
                                   "zh": f"{name} 必须是 >= {least} 的整数，得到的是 {v!r}。"}))
    classes, y_index = np.unique(y, return_inverse=True)
    counts = np.bincount(y_index.ravel())
    n_tr, n_te = _class_shares(counts, int(n_train)), _class_shares(counts, int(n_test))
    if np.any(n_tr == 0) or np.any(n_te == 0) or np.any(n_tr + n_te > counts):
        raise NbteachError(tr({
            "en": f"a stratified draw of {n_train} training and {n_test} test rows needs every class in both parts "
                  f"and enough rows of each; the classes have {counts.tolist()} rows and would get "
                  f"{n_tr.tolist()} and {n_te.tolist()}.",
            "zh": f"分层抽取 {n_train} 个训练行和 {n_test} 个测试行，需要每个类别在两部分中都有、且各类的行数够用；"
                  f"各类别有 {counts.tolist()} 行，会分到 {n_tr.tolist()} 和 {n_te.tolist()} 行。"}))
    rng = random_state if isinstance(random_state, np.random.Generator) else np.random.default_rng(random_state)
    train, test = [], []
    for k in range(len(classes)):
        rows = np.flatnonzero(y_index.ravel() == k)
        shuffled = rng.permuted(np.tile(rows, (int(n_draws), 1)), axis=1)    # each line: its own order
        train.append(shuffled[:, : n_tr[k]])
        test.append(shuffled[:, n_tr[k]: n_tr[k] + n_te[k]])
    return np.concatenate(train, axis=1), np.concatenate(test, axis=1)
