"""How good are the predictions? Confusion matrix, accuracy, precision, recall, F1 (note 004).

For one class taken as "positive", counting over the test examples:

    TP = predicted positive and truly positive     FP = predicted positive, truly negative
    FN = predicted negative, truly positive        TN = predicted negative, truly negative

    accuracy  = (TP + TN) / (TP + FP + FN + TN)
    precision = TP / (TP + FP)      (of what we flagged, how much was right)
    recall    = TP / (TP + FN)      (of what was there, how much we found)
    F1        = 2 / (1/precision + 1/recall) = 2 TP / (2 TP + FP + FN)

Per class, each class in turn is "positive"; ``macro`` averages the per-class values,
``weighted`` weights them by the class sizes (support). The numbers agree with
``sklearn.metrics`` (a ratio 0/0 is reported as ``zero_division``, 0.0 by default).
"""
from __future__ import annotations

import math

import numpy as np

import pandas as pd

from ._base import NbteachError
from ._shown import shown
from .counts import joint_counts
from .i18n import tr

__all__ = [
    "confusion_matrix", "confusion_table", "accuracy_score", "precision_score",
    "recall_score", "f1_score", "precision_recall_f1", "classification_report",
    "alpha_curve", "calibration_curve", "mutual_information", "precision_recall_curve",
    "chi2_statistic", "independence_test",
]


def _labels_and_index(y_true, y_pred, labels=None):
    t = np.asarray(y_true)
    p = np.asarray(y_pred)
    if t.ndim != 1 or p.ndim != 1:
        raise NbteachError(tr({"en": f"y_true and y_pred must be 1-D lists of labels, got shapes "
                                     f"{t.shape} and {p.shape}.",
                               "zh": f"y_true 和 y_pred 必须是一维的标记列表，你给的形状是 {t.shape} 和 {p.shape}。"}))
    if t.shape[0] != p.shape[0]:
        raise NbteachError(tr({"en": f"y_true has {t.shape[0]} labels but y_pred has {p.shape[0]}: "
                                     "give one prediction per true label.",
                               "zh": f"y_true 有 {t.shape[0]} 个标记，但 y_pred 有 {p.shape[0]} 个：请为每个真实标记给出一个预测。"}))
    if t.shape[0] == 0:
        raise NbteachError(tr({"en": "y_true and y_pred are empty: there is nothing to score.",
                               "zh": "y_true 和 y_pred 是空的：没有可评分的内容。"}))
    for name, a in (("y_true", t), ("y_pred", p)):
        if a.dtype.kind == "f" and not np.all(np.isfinite(a)):
            raise NbteachError(tr({"en": f"{name} contains NaN or inf: every example needs a label.",
                                   "zh": f"{name} 中有 NaN 或 inf：每个样本都需要一个标记。"}))
    if t.dtype.kind in "OUS" and p.dtype.kind in "biuf" or \
            p.dtype.kind in "OUS" and t.dtype.kind in "biuf":
        raise NbteachError(tr({"en": f"y_true holds {t.dtype} labels but y_pred holds {p.dtype}: "
                                     "compare labels of the same kind (both strings or both numbers).",
                               "zh": f"y_true 中的标记是 {t.dtype}，y_pred 中的是 {p.dtype}：请比较同一类的标记（都是字符串或都是数）。"}))
    if labels is None:
        labels = np.unique(np.concatenate([t, p]))
    else:
        labels = np.asarray(labels)
        if labels.size == 0 or len(np.unique(labels)) != len(labels):
            raise NbteachError(tr({"en": "labels must be a non-empty list of distinct class labels.",
                                   "zh": "labels 必须是由互不相同的类别标记组成的非空列表。"}))
    pos = {v: i for i, v in enumerate(labels.tolist())}
    ti = np.fromiter((pos.get(v, -1) for v in t.tolist()), np.intp, t.shape[0])
    pi = np.fromiter((pos.get(v, -1) for v in p.tolist()), np.intp, p.shape[0])
    return labels, ti, pi


def confusion_matrix(y_true, y_pred, labels=None):
    """C[i, j] = number of examples of true class i predicted as class j.

    Rows are the truth, columns the prediction (scikit-learn's layout), classes in
    sorted order unless ``labels`` gives them.

    >>> confusion_matrix(["spam", "ham", "spam", "ham"], ["spam", "spam", "ham", "ham"])
    array([[1, 1],
           [1, 1]])
    """
    labels, ti, pi = _labels_and_index(y_true, y_pred, labels)
    keep = (ti >= 0) & (pi >= 0)
    K = len(labels)
    return joint_counts([ti[keep], pi[keep]], [K, K])


def confusion_table(y_true, y_pred, labels=None):
    """The confusion matrix as a labelled DataFrame (rows: actual; columns: predicted)."""

    labels, _, _ = _labels_and_index(y_true, y_pred, labels)
    cm = confusion_matrix(y_true, y_pred, labels)
    names = [str(v) for v in labels]

    return shown(pd.DataFrame(cm, index=pd.Index(names, name="actual"),
                              columns=pd.Index(names, name="predicted")), "actual", "predicted")


def accuracy_score(y_true, y_pred):
    """(TP + TN) / total: the fraction of predictions that are right.

    >>> accuracy_score([0, 1, 1, 1], [0, 1, 0, 1])
    0.75
    """
    _, ti, pi = _labels_and_index(y_true, y_pred)
    return float(np.mean(ti == pi))


def _divide(num, den, zero_division):
    num = np.asarray(num, dtype=float)
    den = np.asarray(den, dtype=float)
    out = np.full(num.shape, float(zero_division))
    np.divide(num, den, out=out, where=den != 0)
    return out


def precision_recall_f1(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                        zero_division=0.0):
    """Precision, recall, F1 and support, per class or averaged.

    Parameters
    ----------
    average : {"binary", "macro", "weighted", "micro", None}
        ``binary``: the scores of ``pos_label`` only (two classes); ``None``: one value
        per class (arrays); ``macro``: their plain mean, every class counting the same;
        ``weighted``: their mean weighted by support (the number of true examples of each
        class); ``micro``: TP, FP and FN summed over the classes first, then one
        precision/recall/F1 from the totals, every *example* counting the same (with one
        label per example, micro precision = micro recall = micro F1 = accuracy).
    zero_division : float
        The value reported for 0/0 (e.g. precision when nothing was predicted positive).

    Returns
    -------
    precision, recall, f1, support

    >>> p, r, f, s = precision_recall_f1(["spam", "ham", "spam", "spam"],
    ...                                  ["spam", "spam", "ham", "spam"], pos_label="spam")
    >>> round(p, 4), round(r, 4), round(f, 4)        # TP=2, FP=1, FN=1
    (0.6667, 0.6667, 0.6667)
    """
    if average not in ("binary", "macro", "weighted", "micro", None):
        raise NbteachError(tr({"en": f"average must be 'binary', 'macro', 'weighted', 'micro' or None, "
                                     f"got {average!r}.",
                               "zh": f"average 必须是 'binary'、'macro'、'weighted'、'micro' 或 None，你给的是 {average!r}。"}))
    found, _, _ = _labels_and_index(y_true, y_pred)
    if average == "binary":
        if len(found) > 2:
            raise NbteachError(
                tr({"en": f"average='binary' needs two classes, but there are {len(found)} "
                          f"({', '.join(map(str, found))}): use average='macro', 'weighted' or None.",
                    "zh": f"average='binary' 需要两个类别，但这里有 {len(found)} 个（{', '.join(map(str, found))}）：请用 average='macro'、'weighted' 或 None。"}))
        if pos_label not in found.tolist():
            if len(found) == 2 or pos_label != 1:
                raise NbteachError(tr({
                    "en": f"pos_label={pos_label!r} is not a label; the labels are "
                          f"{', '.join(map(repr, found.tolist()))}: say which one is positive.",
                    "zh": f"pos_label={pos_label!r} 不是一个类别标记；标记有 "
                          f"{'、'.join(map(repr, found.tolist()))}：请指明哪一个是正例。"}))
        labels = [pos_label]
    labels_arr, ti, pi = _labels_and_index(y_true, y_pred, labels)
    cm = confusion_matrix(y_true, y_pred, labels_arr)
    K = len(labels_arr)
    tp = np.diag(cm).astype(float)
    # predicted as class j and true labels outside `labels` also count as FP/FN
    pred_count = joint_counts([pi[pi >= 0]], [K]).astype(float)
    true_count = joint_counts([ti[ti >= 0]], [K]).astype(float)
    fp, fn = pred_count - tp, true_count - tp
    precision = _divide(tp, tp + fp, zero_division)
    recall = _divide(tp, tp + fn, zero_division)
    f1 = _divide(2 * tp, 2 * tp + fp + fn, zero_division)
    support = true_count.astype(int)
    if average is None:
        return precision, recall, f1, support
    if average == "binary":
        return float(precision[0]), float(recall[0]), float(f1[0]), int(support[0])
    if average == "macro":
        return (float(precision.mean()), float(recall.mean()), float(f1.mean()),
                int(support.sum()))
    if average == "micro":
        TP, FP, FN = tp.sum(), fp.sum(), fn.sum()
        return (float(_divide(TP, TP + FP, zero_division)), float(_divide(TP, TP + FN, zero_division)),
                float(_divide(2 * TP, 2 * TP + FP + FN, zero_division)), int(support.sum()))
    total = support.sum()
    if total == 0:
        z = float(zero_division)
        return z, z, z, 0
    w = support / total
    return (float(precision @ w), float(recall @ w), float(f1 @ w), int(total))


def precision_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                    zero_division=0.0):
    """TP / (TP + FP). See :func:`precision_recall_f1` for ``average``."""
    return precision_recall_f1(y_true, y_pred, labels=labels, pos_label=pos_label,
                               average=average, zero_division=zero_division)[0]


def recall_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
                 zero_division=0.0):
    """TP / (TP + FN). See :func:`precision_recall_f1` for ``average``."""
    return precision_recall_f1(y_true, y_pred, labels=labels, pos_label=pos_label,
                               average=average, zero_division=zero_division)[1]


def f1_score(y_true, y_pred, *, labels=None, pos_label=1, average="binary",
             zero_division=0.0):
    """2 / (1/precision + 1/recall) = 2 TP / (2 TP + FP + FN).

    >>> f1_score([1, 1, 0, 0], [1, 0, 0, 0])        # precision 1, recall 1/2
    0.6666666666666666
    """
    return precision_recall_f1(y_true, y_pred, labels=labels, pos_label=pos_label,
                               average=average, zero_division=zero_division)[2]


def classification_report(y_true, y_pred, labels=None, zero_division=0.0):
    """A DataFrame: precision, recall, F1 and support per class, then macro and weighted."""

    p, r, f, s = precision_recall_f1(y_true, y_pred, labels=labels, average=None,
                                     zero_division=zero_division)
    lab, _, _ = _labels_and_index(y_true, y_pred, labels)
    rows = {str(c): [p[i], r[i], f[i], int(s[i])] for i, c in enumerate(lab.tolist())}
    for avg in ("macro", "weighted"):
        rows[f"{avg} avg"] = list(precision_recall_f1(
            y_true, y_pred, labels=labels, average=avg, zero_division=zero_division))
    table = pd.DataFrame.from_dict(rows, orient="index",
                                   columns=["precision", "recall", "f1", "support"])
    table["support"] = table["support"].astype(int)
    table.attrs["accuracy"] = accuracy_score(y_true, y_pred)

    return shown(table, "precision", "recall", "f1", "support", "macro avg", "weighted avg")


def alpha_curve(model, X_train, y_train, X_test, y_test, alphas, pos_label=None):
    """Held-out accuracy, precision, recall and F1 of ``model`` for each smoothing alpha.

    A model with ``set_alpha`` (``nbteach.text.TextNB``) is fitted once and re-smoothed
    for each alpha; any other model with an ``alpha`` parameter is refitted.
    ``pos_label`` is the class whose precision/recall/F1 is reported (default: the
    smaller class of ``y_test``). Returns a DataFrame indexed by alpha.

    >>> from nbteach.multinomial import MultinomialNB
    >>> X = [[3, 0], [2, 1], [0, 3], [1, 2]]
    >>> y = ["a", "a", "b", "b"]
    >>> alpha_curve(MultinomialNB(), X, y, X, y, [0.5, 1.0])["accuracy"].tolist()
    [1.0, 1.0]
    """

    alphas = [float(a) for a in alphas]
    if not alphas:
        raise NbteachError(tr({"en": "alphas is empty: give the smoothing values to try.",
                               "zh": "alphas 是空的：请给出要尝试的平滑参数。"}))
    y_test = np.asarray(y_test)
    if pos_label is None:
        labels, counts = np.unique(y_test, return_counts=True)
        pos_label = labels[np.argmin(counts)].item()
    incremental = hasattr(model, "set_alpha")
    if incremental:
        model.fit(X_train, y_train)
    rows = []
    for a in alphas:
        if incremental:
            model.set_alpha(a)
        else:
            model.set_params(alpha=a).fit(X_train, y_train)
        pred = model.predict(X_test)
        p, r, f, _ = precision_recall_f1(y_test, pred, pos_label=pos_label)
        rows.append((a, accuracy_score(y_test, pred), p, r, f))
    table = pd.DataFrame(rows, columns=["alpha", "accuracy", "precision", "recall", "f1"])
    table.attrs["pos_label"] = pos_label

    return shown(table.set_index("alpha"), "accuracy", "precision", "recall", "f1")


def calibration_curve(y_true, proba, *, pos_label, n_bins: int = 10):
    """Reliability of predicted probabilities: per bin of P(pos | x), how often pos is true.

    The predicted probabilities are cut into ``n_bins`` equal-width bins on [0, 1]; for each
    non-empty bin, the mean predicted probability and the observed share of ``pos_label``.
    A calibrated model has the two equal (the diagonal of the reliability plot); naive
    Bayes is typically over-confident: its probabilities crowd at 0 and 1 while the
    observed shares stay in between. (scikit-learn's ``calibration_curve`` with
    ``strategy="uniform"`` computes the same two columns.)

    Returns
    -------
    pandas.DataFrame with columns ``mean predicted``, ``observed``, ``count``.

    >>> t = calibration_curve(["a", "b", "b", "b"], [0.1, 0.8, 0.9, 0.95], pos_label="b", n_bins=2)
    >>> t["observed"].tolist(), t["count"].tolist()
    ([0.0, 1.0], [1, 3])
    """

    y = np.asarray(y_true, dtype=object)
    p = np.asarray(proba, dtype=float)
    if p.ndim != 1 or len(p) != len(y):
        raise NbteachError(tr({"en": f"proba must be one probability of {pos_label!r} per example: got shape "
                                     f"{p.shape} for {len(y)} labels (pass predict_proba(X)[:, column]).",
                               "zh": f"proba 必须是每个样本属于 {pos_label!r} 的一个概率：你给的形状是 {p.shape}，标记有 {len(y)} 个（请传入 predict_proba(X)[:, 列号]）。"}))
    if len(p) == 0 or not np.all(np.isfinite(p)) or (p < 0).any() or (p > 1).any():
        raise NbteachError(tr({"en": "proba must hold probabilities in [0, 1], at least one.",
                               "zh": "proba 必须是 [0, 1] 之内的概率，且至少一个。"}))
    if not isinstance(n_bins, int) or isinstance(n_bins, bool) or n_bins < 1:
        raise NbteachError(tr({"en": f"n_bins must be a positive integer, got {n_bins!r}.",
                               "zh": f"n_bins 必须是正整数，你给的是 {n_bins!r}。"}))
    if pos_label not in set(y.tolist()):
        raise NbteachError(tr({"en": f"pos_label={pos_label!r} is not among the labels of y_true.",
                               "zh": f"pos_label={pos_label!r} 不在 y_true 的标记之中。"}))
    hit = (y == pos_label).astype(float)
    edges = np.linspace(0.0, 1.0, n_bins + 1)
    which = np.searchsorted(edges[1:-1], p, side="right")
    count = np.bincount(which, minlength=n_bins)
    keep = count > 0
    mean_p = np.bincount(which, weights=p, minlength=n_bins)[keep] / count[keep]
    observed = np.bincount(which, weights=hit, minlength=n_bins)[keep] / count[keep]

    return shown(pd.DataFrame({"mean predicted": mean_p, "observed": observed, "count": count[keep]}),
                 "mean predicted", "observed", "count")


def precision_recall_curve(y_true, score, *, pos_label):
    """Precision and recall of "positive iff score >= t", for every distinct score t.

    Returns a DataFrame with columns ``threshold`` (increasing), ``precision``, ``recall``
    and ``flagged`` (how many examples the rule marks positive), one row per distinct
    score: the points of the precision/recall curve (scikit-learn's
    ``precision_recall_curve`` gives the same points, without the flagged counts).

    >>> precision_recall_curve(["n", "p", "n", "p"], [0.1, 0.4, 0.35, 0.8], pos_label="p")["precision"].round(3).tolist()
    [0.5, 0.667, 1.0, 1.0]
    """

    y = np.asarray(y_true, dtype=object)
    s = np.asarray(score, dtype=float)
    if s.ndim != 1 or len(s) != len(y) or len(s) == 0:
        raise NbteachError(tr({"en": f"score must be one number per example: got shape {s.shape} for {len(y)} labels "
                                     "(pass predict_proba(X)[:, column]).",
                               "zh": f"score 必须每个样本一个数：你给的形状是 {s.shape}，标记有 {len(y)} 个（请传入 predict_proba(X)[:, 列号]）。"}))
    if not np.all(np.isfinite(s)):
        raise NbteachError(tr({"en": "score holds NaN or inf: every example needs a finite score.",
                               "zh": "score 中有 NaN 或 inf：每个样本都需要一个有限的得分。"}))
    pos = y == pos_label
    if not pos.any():
        raise NbteachError(tr({"en": f"pos_label={pos_label!r} is not among the labels of y_true.",
                               "zh": f"pos_label={pos_label!r} 不在 y_true 的标记之中。"}))
    order = np.argsort(-s, kind="stable")
    s_sorted, hit = s[order], pos[order].astype(float)
    tp, flagged = np.cumsum(hit), np.arange(1, len(s) + 1)
    last = np.r_[np.flatnonzero(np.diff(s_sorted)), len(s) - 1]      # the last row of each distinct score
    out = pd.DataFrame({"threshold": s_sorted[last], "precision": tp[last] / flagged[last],
                        "recall": tp[last] / pos.sum(), "flagged": flagged[last]})
    return out.iloc[::-1].reset_index(drop=True)


def mutual_information(X, y):
    r"""Mutual information (in nats) between each feature's presence and the class.

    For a feature, :math:`I(X;Y) = \sum_{x \in \{0,1\}} \sum_c P(x, c) \log \frac{P(x, c)}{P(x) P(c)}`
    with x = 1 where the feature is non-zero (present), from the counts of the data. A
    feature that tells the classes apart has large I; one independent of the class has 0.
    (scikit-learn's ``mutual_info_classif(X > 0, y, discrete_features=True)`` computes the
    same numbers.) Used to keep the k most informative features.

    Returns a pandas Series indexed by the columns (or positions), largest first.

    >>> import pandas as pd
    >>> X = pd.DataFrame({"winner": [1, 1, 0, 0], "noise": [1, 0, 1, 0]})
    >>> mutual_information(X, ["spam", "spam", "ham", "ham"]).round(4).to_dict()
    {'winner': 0.6931, 'noise': 0.0}
    """

    names = list(X.columns) if isinstance(X, pd.DataFrame) else None
    A = np.asarray(X, dtype=float)
    if A.ndim != 2:
        raise NbteachError(tr({"en": f"X must be a 2-D table of features, got shape {A.shape}.",
                               "zh": f"X 必须是二维的特征表，你给的形状是 {A.shape}。"}))
    yy = np.asarray(y, dtype=object)
    if len(yy) != A.shape[0] or A.shape[0] == 0:
        raise NbteachError(tr({"en": f"X has {A.shape[0]} rows but y has {len(yy)} labels: one label per row.",
                               "zh": f"X 有 {A.shape[0]} 行，但 y 有 {len(yy)} 个标记：每行一个标记。"}))
    if not np.all(np.isfinite(A)):
        raise NbteachError(tr({"en": "X must hold finite numbers.",
                               "zh": "X 必须是有限的数。"}))
    present = A > 0
    classes = sorted(set(yy.tolist()), key=str)
    n = A.shape[0]
    mi = np.zeros(A.shape[1])
    for c in classes:
        in_c = yy == c
        p_c = in_c.mean()
        for x_val in (True, False):
            joint = ((present == x_val) & in_c[:, None]).sum(axis=0) / n
            p_x = (present == x_val).mean(axis=0)
            with np.errstate(divide="ignore", invalid="ignore"):
                term = np.where(joint > 0, joint * np.log(joint / (p_x * p_c)), 0.0)
            mi += term
    return pd.Series(mi, index=names if names is not None else range(A.shape[1]),
                     name="mutual information").sort_values(ascending=False, kind="stable")


def _presence_and_classes(X, y):
    names = list(X.columns) if isinstance(X, pd.DataFrame) else None
    try:
        A = np.asarray(X, dtype=float)
    except (TypeError, ValueError):
        raise NbteachError(tr({"en": "X must be a 2-D table of numbers (features: counts or 0/1).",
                               "zh": "X 必须是二维的数值表（特征：计数或 0/1）。"})) from None
    if A.ndim != 2:
        raise NbteachError(tr({"en": f"X must be a 2-D table of features, got shape {A.shape}.",
                               "zh": f"X 必须是二维的特征表，你给的形状是 {A.shape}。"}))
    yy = np.asarray(y, dtype=object).ravel()
    if len(yy) != A.shape[0] or A.shape[0] == 0:
        raise NbteachError(tr({"en": f"X has {A.shape[0]} rows but y has {len(yy)} labels: one label per row.",
                               "zh": f"X 有 {A.shape[0]} 行，但 y 有 {len(yy)} 个标记：每行一个标记。"}))
    if not np.all(np.isfinite(A)):
        raise NbteachError(tr({"en": "X must hold finite numbers.",
                               "zh": "X 必须是有限的数。"}))
    if (A < 0).any():
        raise NbteachError(tr({"en": "X must hold counts or 0/1 presence, >= 0; a negative value has no presence.",
                               "zh": "X 必须是计数或 0/1 的出现与否，>= 0；负值无所谓出现与否。"}))
    classes = sorted(set(yy.tolist()), key=str)
    if len(classes) < 2:
        raise NbteachError(tr({"en": f"y must hold at least two classes, got {classes}.",
                               "zh": f"y 至少要有两个类别，你给的是 {classes}。"}))
    Y = np.column_stack([yy == c for c in classes]).astype(float)      # (n, K) one-hot
    index = names if names is not None else list(range(A.shape[1]))
    return (A > 0).astype(float), Y, index


def _chi2_sf(x: float, dof: int) -> float:
    """P(chi2 with ``dof`` degrees of freedom >= x), in closed form for a whole dof."""
    if x <= 0:
        return 1.0
    half = x / 2
    if dof % 2 == 0:                      # exp(-x/2) sum_{i < dof/2} (x/2)^i / i!
        term, total = 1.0, 1.0
        for i in range(1, dof // 2):
            term *= half / i
            total += term
        return min(1.0, math.exp(-half) * total)
    total, term = math.erfc(math.sqrt(half)), math.sqrt(2 * x / math.pi) * math.exp(-half)
    for r in range(1, (dof - 1) // 2 + 1):   # + sqrt(2/pi) e^{-x/2} sum x^{r-1/2} / (1*3*...*(2r-1))
        total += term
        term *= x / (2 * r + 1)
    return min(1.0, total)


def chi2_statistic(X, y):
    r"""The chi-squared score of each feature's presence against the class, as scikit-learn's
    ``chi2(X > 0, y)`` computes it (``sklearn.feature_selection.chi2``).

    With O_c the number of class-c rows where the feature is present and
    E_c = P(c) * (rows where it is present) what independence would give,

    .. math:: \chi^2 = \sum_c \frac{(O_c - E_c)^2}{E_c}.

    It sums over the cells where the feature is *present* only; the chi-squared test of
    independence sums over the absent ones too (:func:`independence_test`), so this score
    is never larger, and its p-values are not those of that test. Use it, like
    :func:`mutual_information`, to rank features; 0 for a feature independent of the class.

    Returns a pandas Series indexed by the columns (or positions), largest first.

    >>> import pandas as pd
    >>> X = pd.DataFrame({"winner": [1, 1, 0, 0], "noise": [1, 0, 1, 0]})
    >>> chi2_statistic(X, ["spam", "spam", "ham", "ham"]).round(4).to_dict()
    {'winner': 2.0, 'noise': 0.0}
    """

    B, Y, index = _presence_and_classes(X, y)
    observed = Y.T @ B                                          # (K, features)
    expected = Y.mean(axis=0)[:, None] * B.sum(axis=0)[None, :]
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(expected > 0, (observed - expected) ** 2 / expected, 0.0)
    return pd.Series(terms.sum(axis=0), index=index, name="chi2").sort_values(ascending=False, kind="stable")


def independence_test(X, y):
    r"""Pearson's chi-squared test of independence between each feature's presence and the class.

    For each feature, the 2 x K table of counts (present / absent by class) against the
    counts independence would give, E = (row total)(column total) / n:

    .. math:: \chi^2 = \sum_{x \in \{0,1\}} \sum_c \frac{(O_{xc} - E_{xc})^2}{E_{xc}},
              \qquad \text{dof} = K - 1,

    and the p-value P(chi2_dof >= chi^2) (no continuity correction; the same numbers as
    ``scipy.stats.chi2_contingency(table, correction=False)``). The test assumes independent
    rows and expected counts that are not small (the usual rule: at least 5 in every cell);
    the ``smallest expected`` column lets you check the second. A small p-value says presence
    and class are *not* independent; a large one does not prove that they are.

    Returns a DataFrame indexed by the columns (or positions), in their order: ``chi2``,
    ``dof``, ``p-value``, ``smallest expected``.

    >>> import pandas as pd
    >>> X = pd.DataFrame({"winner": [1] * 10 + [0] * 10})
    >>> float(independence_test(X, ["spam"] * 10 + ["ham"] * 10).loc["winner", "chi2"])
    20.0
    """

    B, Y, index = _presence_and_classes(X, y)
    n = B.shape[0]
    present = Y.T @ B                                           # (K, features)
    absent = Y.sum(axis=0)[:, None] - present
    stat = np.zeros(B.shape[1])
    smallest = np.full(B.shape[1], np.inf)
    col = Y.sum(axis=0)[:, None]
    for observed, row_total in ((present, B.sum(axis=0)), (absent, n - B.sum(axis=0))):
        expected = col * row_total[None, :] / n
        with np.errstate(divide="ignore", invalid="ignore"):
            stat += np.where(expected > 0, (observed - expected) ** 2 / expected, 0.0).sum(axis=0)
        smallest = np.minimum(smallest, expected.min(axis=0))
    dof = Y.shape[1] - 1
    columns = ["chi2", "dof", "p-value", "smallest expected"]
    return shown(pd.DataFrame({"chi2": stat, "dof": dof, "p-value": [_chi2_sf(v, dof) for v in stat],
                               "smallest expected": smallest}, index=index), *columns)
