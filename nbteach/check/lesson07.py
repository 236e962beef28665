"""Exercises of lesson 07, evaluation and class imbalance.

Ids: ``07.precision_spam``, ``07.macro_f1``, ``07.threshold_recall``, ``07.prf_function`` (a build-it:
precision, recall and F1 from labels and scores at a threshold, nbteach.metrics' scores switched off).

All use openintro's e-mails (``nbteach.realdata.email_features()``), split with
``nbteach.resample.train_test_split(X, y, test_size=0.3, random_state=0)`` as in the lesson.
The first two score ``BernoulliNB(alpha=1.0)`` trained on
``random_undersample(X_train, y_train, random_state=5)``: a sixth draw, after the lesson's
seeds 0-4, so no table of the lesson prints their answers (its section 2 prints the
precision and report of the model trained on all of ``X_train``).
"""
from __future__ import annotations

import types

import numpy as np

from ..bernoulli import BernoulliNB
from ..metrics import accuracy_score, confusion_matrix, precision_recall_f1
from ..realdata import email_features
from ..resample import random_undersample, train_test_split
from ._unswitched import unswitched
from .core import Mistake, define

_SETUP = {
    "en": "Split openintro's e-mails with train_test_split(X, y, test_size=0.3, random_state=0), "
          "undersample the training part with random_undersample(X_train, y_train, "
          "random_state=5) (a draw the lesson did not show), train BernoulliNB(alpha=1.0) on it "
          "and predict the test part.",
    "zh": "用 train_test_split(X, y, test_size=0.3, random_state=0) 划分 openintro 邮件数据，"
          "用 random_undersample(X_train, y_train, random_state=5) 对训练部分欠采样（课中没有展示的一次抽样），"
          "在其上训练 BernoulliNB(alpha=1.0)，并预测测试部分。",
}


def _split():
    X, y = email_features()
    return train_test_split(X, y, test_size=0.3, random_state=0)


#: The undersampling seed of the first two exercises: the lesson shows seeds 0-4.
SEED = 5


def _pred():
    Xtr, Xte, ytr, yte = _split()
    Xu, yu = random_undersample(Xtr, ytr, random_state=SEED)
    return yte, BernoulliNB(alpha=1.0).fit(Xu, yu).predict(Xte)


def _prf(pos_label="spam", average="binary"):
    yte, pred = _pred()
    return precision_recall_f1(yte, pred, pos_label=pos_label, average=average)


def _accuracy():
    return accuracy_score(*_pred())


_MODEL = ("X_u, y_u = random_undersample(X_train, y_train, random_state=5)\n"
          "pred5 = BernoulliNB(alpha=1.0).fit(X_u, y_u).predict(X_test)\n")


define(
    "07.precision_spam",
    prompt={"en": _SETUP["en"] + " What is the precision for the class spam?",
            "zh": _SETUP["zh"] + "spam 类的查准率是多少？"},
    answer=lambda: _prf()[0],
    rtol=1e-9,
    mistakes=[
        Mistake("recall", lambda: _prf()[1],
                {"en": "That is the recall TP / (TP + FN), the share of real spam that was found. "
                       "Precision is TP / (TP + FP): of the e-mails flagged as spam, how many are.",
                 "zh": "这是查全率 TP / (TP + FN)，即真正的垃圾邮件中被找出的比例。"
                       "查准率是 TP / (TP + FP)：被判为垃圾邮件的邮件中，有多少真的是。"}),
        Mistake("accuracy", _accuracy,
                {"en": "That is the accuracy over both classes: precision looks only at the "
                       "e-mails predicted as spam.",
                 "zh": "这是两类合起来的精度；查准率只看被预测为 spam 的邮件。"}),
        Mistake("wrong_positive_class", lambda: _prf("ham")[0],
                {"en": "That is the precision of ham: make spam the positive class "
                       "(pos_label='spam').",
                 "zh": "这是 ham 的查准率：应把 spam 当作正例（pos_label='spam'）。"}),
    ],
    hints=[
        {"en": "Read TP and FP off the confusion table: the column of predicted spam.",
         "zh": "从混淆矩阵中读出 TP 和 FP：即“预测为 spam”那一列。"},
        {"en": "nbteach.metrics.precision_score(y_true, y_pred, pos_label='spam').",
         "zh": "nbteach.metrics.precision_score(y_true, y_pred, pos_label='spam')。"},
    ],
    solution={"en": _MODEL + "answer = precision_score(y_test, pred5, pos_label='spam')",
              "zh": _MODEL + "answer = precision_score(y_test, pred5, pos_label='spam')"},
)


define(
    "07.macro_f1",
    prompt={"en": _SETUP["en"] + " What is the macro-averaged F1 (the plain mean of the F1 of "
                  "ham and the F1 of spam)?",
            "zh": _SETUP["zh"] + "宏平均 F1（ham 的 F1 与 spam 的 F1 的简单平均）是多少？"},
    answer=lambda: _prf(average="macro")[2],
    rtol=1e-9,
    mistakes=[
        Mistake("weighted", lambda: _prf(average="weighted")[2],
                {"en": "That is the weighted average (by class size): with 91% ham it is "
                       "dominated by ham. Macro gives both classes the same weight.",
                 "zh": "这是按类别样本数加权的平均：邮件中 91% 是 ham，所以它主要由 ham 决定。宏平均给两类相同的权重。"}),
        Mistake("spam_only", lambda: _prf()[2],
                {"en": "That is the F1 of spam alone: average it with the F1 of ham.",
                 "zh": "这只是 spam 的 F1：还要和 ham 的 F1 取平均。"}),
        Mistake("arithmetic_mean", lambda: sum(_prf(average="macro")[:2]) / 2,
                {"en": "You averaged precision and recall arithmetically. F1 is their harmonic "
                       "mean, 2 / (1/P + 1/R), computed per class and then averaged.",
                 "zh": "你把查准率和查全率做了算术平均。F1 是它们的调和平均 2 / (1/P + 1/R)，先按类计算，再取平均。"}),
    ],
    hints=[
        {"en": "Compute F1 for each class in turn (each one as the positive class), then take "
               "the plain mean.",
         "zh": "依次把每一类当作正例计算 F1，再取简单平均。"},
        {"en": "nbteach.metrics.f1_score(..., average='macro').",
         "zh": "nbteach.metrics.f1_score(..., average='macro')。"},
    ],
    solution={"en": _MODEL + "answer = f1_score(y_test, pred5, average='macro')",
              "zh": _MODEL + "answer = f1_score(y_test, pred5, average='macro')"},
)


def _threshold_scores(threshold, pos="spam"):
    """Precision and recall of the model trained on all of X_train, flagging pos when P(pos|x) >= t."""
    Xtr, Xte, ytr, yte = _split()
    model = BernoulliNB(alpha=1.0).fit(Xtr, ytr)
    col = list(model.classes_).index(pos)
    other = [c for c in model.classes_ if c != pos][0]
    pred = np.where(model.predict_proba(Xte)[:, col] >= threshold, pos, other)
    return precision_recall_f1(yte, pred, pos_label=pos)


#: The threshold of exercise 07.threshold_recall: the lesson's table shows 0.5, 0.3, 0.1 and 0.05.
THRESHOLD = 0.2

define(
    "07.threshold_recall",
    prompt={"en": "Keep the model of section 2 (BernoulliNB(alpha=1.0) trained on all of X_train), but flag "
                  f"an e-mail as spam when P(spam | x) >= {THRESHOLD}. What is the recall of spam on the "
                  "test set? A float, computed.",
            "zh": "保留第 2 节的模型（在全部 X_train 上训练的 BernoulliNB(alpha=1.0)），但当 "
                  f"P(spam | x) >= {THRESHOLD} 时就判为 spam。测试集上 spam 的查全率是多少？答案是计算得到的浮点数。"},
    answer=lambda: _threshold_scores(THRESHOLD)[1],
    rtol=1e-9,
    mistakes=[
        Mistake("default_threshold", lambda: _threshold_scores(0.5)[1],
                {"en": "That is the recall of the largest-posterior rule (threshold 0.5): lower the threshold.",
                 "zh": "这是取最大后验概率（阈值 0.5）时的查全率：要降低阈值。"}),
        Mistake("precision", lambda: _threshold_scores(THRESHOLD)[0],
                {"en": "That is the precision at this threshold; recall is TP / (TP + FN).",
                 "zh": "这是该阈值下的查准率；查全率是 TP / (TP + FN)。"}),
    ],
    hints=[
        {"en": "predict_proba gives P(c | x) in the order of classes_; compare the spam column with the "
               "threshold yourself instead of calling predict.",
         "zh": "predict_proba 按 classes_ 的顺序给出 P(c | x)；自己把 spam 那一列与阈值比较，而不是调用 predict。"},
    ],
    solution={"en": "p_spam = model.predict_proba(X_test)[:, list(model.classes_).index('spam')]\n"
                    "pred = np.where(p_spam >= 0.2, 'spam', 'ham')\n"
                    "answer = recall_score(y_test, pred, pos_label='spam')",
              "zh": "p_spam = model.predict_proba(X_test)[:, list(model.classes_).index('spam')]\n"
                    "pred = np.where(p_spam >= 0.2, 'spam', 'ham')\n"
                    "answer = recall_score(y_test, pred, pos_label='spam')"},
)


# ---------------------------------------------------------------- build-it: precision, recall, F1 at a threshold
#: the names that would compute the scores for the student: switched off while a function is checked
_METRICS = ("nbteach.metrics.precision_recall_f1", "nbteach.metrics.precision_score", "nbteach.metrics.recall_score",
            "nbteach.metrics.f1_score", "nbteach.metrics.confusion_matrix", "nbteach.metrics.confusion_table",
            "nbteach.metrics.classification_report", "nbteach.decision.threshold_decision")

def _with_own(func, **names):
    """:func:`unswitched` ``func`` whose global ``names`` are unswitched copies too (the library's
    precision_recall_f1 counts with confusion_matrix, which the switch turns off as well)."""
    scope = dict(func.__globals__, **{k: unswitched(v) for k, v in names.items()})
    return types.FunctionType(func.__code__, scope, func.__name__, func.__defaults__, func.__closure__)


#: the library's precision_recall_f1, out of the switch's reach (the reference)
_prf_itself = _with_own(precision_recall_f1, confusion_matrix=confusion_matrix)
_prf_itself.__kwdefaults__ = precision_recall_f1.__kwdefaults__


def _prf_at(kind=None):
    """(precision, recall, F1) of ``pos_label`` when an example is flagged positive as its score reaches
    the threshold (score >= threshold), 0.0 for 0/0 as nbteach.metrics; or a usual mistake."""
    def f(y_true, scores, threshold, pos_label):
        truth = [t == pos_label for t in y_true]
        flagged = [(s > threshold) if kind == "strict_threshold" else (s >= threshold) for s in scores]
        p, r, f1 = (float(v) for v in _prf_itself(truth, flagged, pos_label=True)[:3])
        if kind == "precision_recall_swapped":
            return (r, p, f1)
        if kind == "arithmetic_mean":
            return (p, r, (p + r) / 2)
        if kind == "accuracy_for_precision":
            return (sum(a == b for a, b in zip(truth, flagged)) / len(truth), r, f1)
        return (p, r, f1)
    return f


def _prf_inputs(rng):
    """True labels, scores, a threshold, the positive label. First a case with a score equal to the
    threshold (>= against >) that tells every mistake apart; then nothing flagged (precision 0/0,
    reported 0), every example flagged, no positive example at all (recall 0/0), labels that are
    numbers with the positive class not the first, random cases with ties."""
    out = [((["spam", "ham", "spam", "ham", "ham", "spam", "ham"], [0.9, 0.7, 0.5, 0.5, 0.1, 0.2, 0.3], 0.5, "spam"), {})]
    n = rng.randint(5, 9)
    out.append((([rng.choice(["spam", "ham"]) for _ in range(n - 1)] + ["spam"],
                 [rng.randint(0, 9) / 10 for _ in range(n)], 0.95, "spam"), {}))
    n = rng.randint(5, 9)
    out.append((([rng.choice(["yes", "no"]) for _ in range(n - 1)] + ["yes"],
                 [rng.randint(3, 9) / 10 for _ in range(n)], 0.3, "yes"), {}))
    n = rng.randint(4, 8)
    out.append(((["ham"] * n, [rng.randint(0, 9) / 10 for _ in range(n)], 0.4, "spam"), {}))
    for _ in range(2):
        n = rng.randint(8, 20)
        scores = [rng.randint(0, 10) / 10 for _ in range(n)]
        truth = [1 if rng.random() < s else 0 for s in scores]
        out.append(((truth, scores, scores[rng.randrange(n)], 1), {}))
    return out


define(
    "07.prf_function",
    leak_check="a function: the check calls it on labels and scores the lesson does not show",
    prompt={"en": "Write prf(y_true, scores, threshold, pos_label): y_true holds the true labels, scores each "
                  "example's score (e.g. P(spam | x)); an example is flagged as pos_label when its score is >= "
                  "threshold. Return the tuple (precision, recall, F1) of pos_label as floats, with 0.0 where a "
                  "ratio is 0/0 (nothing flagged, or no positive example). Write it yourself: nbteach.metrics' "
                  "scores and confusion matrices are switched off while your function is checked.",
            "zh": "编写 prf(y_true, scores, threshold, pos_label)：y_true 是真实标记，scores 是每个样本的得分（例如 "
                  "P(spam | x)）；得分 >= threshold 的样本被判为 pos_label。以浮点数元组 (查准率, 查全率, F1) 返回 "
                  "pos_label 的三个值，比值为 0/0 时（没有样本被判为正例，或没有正例）取 0.0。请自己实现：检查你的函数时 "
                  "nbteach.metrics 中计算这些指标和混淆矩阵的函数会被关闭。"},
    answer=_prf_at,
    kind="function",
    inputs=_prf_inputs,
    rtol=1e-9,
    forbidden=_METRICS,
    shortcut=lambda y_true, scores, threshold, pos_label: tuple(float(v) for v in precision_recall_f1(
        [t == pos_label for t in y_true], [s >= threshold for s in scores], pos_label=True)[:3]),
    mistakes=[
        Mistake("strict_threshold", lambda: _prf_at("strict_threshold"),
                {"en": "Your function flags an example only when its score is above the threshold: a score equal "
                       "to the threshold is flagged too (score >= threshold).",
                 "zh": "你的函数只在得分大于阈值时才判为正例：得分等于阈值的样本也要判为正例（得分 >= 阈值）。"}),
        Mistake("precision_recall_swapped", lambda: _prf_at("precision_recall_swapped"),
                {"en": "Precision and recall are swapped. Precision divides by the flagged examples, TP / (TP + FP); "
                       "recall by the true positives, TP / (TP + FN).",
                 "zh": "查准率和查全率弄反了。查准率除以被判为正例的样本数 TP / (TP + FP)；查全率除以真正的正例数 TP / (TP + FN)。"}),
        Mistake("arithmetic_mean", lambda: _prf_at("arithmetic_mean"),
                {"en": "Your F1 is the arithmetic mean of precision and recall; F1 is their harmonic mean, "
                       "2 P R / (P + R).",
                 "zh": "你的 F1 是查准率和查全率的算术平均；F1 是它们的调和平均 2 P R / (P + R)。"}),
        Mistake("accuracy_for_precision", lambda: _prf_at("accuracy_for_precision"),
                {"en": "Your first value is the accuracy over all examples; precision looks only at the flagged ones.",
                 "zh": "你的第一个值是全部样本上的精度；查准率只看被判为正例的样本。"}),
    ],
    hints=[
        {"en": "Flag first (score >= threshold), then count TP, FP and FN of pos_label in one pass.",
         "zh": "先判定（得分 >= 阈值），再一次遍历数出 pos_label 的 TP、FP 和 FN。"},
        {"en": "Guard each division: when the denominator is 0, the value is 0.0. F1 = 2 TP / (2 TP + FP + FN).",
         "zh": "每次除法前先检查：分母为 0 时取 0.0。F1 = 2 TP / (2 TP + FP + FN)。"},
    ],
    solution={"en": "def prf(y_true, scores, threshold, pos_label):\n"
                    "    tp = fp = fn = 0\n"
                    "    for truth, score in zip(y_true, scores):\n"
                    "        flagged, positive = score >= threshold, truth == pos_label\n"
                    "        tp += flagged and positive\n"
                    "        fp += flagged and not positive\n"
                    "        fn += positive and not flagged\n"
                    "    precision = tp / (tp + fp) if tp + fp else 0.0\n"
                    "    recall = tp / (tp + fn) if tp + fn else 0.0\n"
                    "    f1 = 2 * tp / (2 * tp + fp + fn) if tp else 0.0\n"
                    "    return (float(precision), float(recall), float(f1))",
              "zh": "def prf(y_true, scores, threshold, pos_label):\n"
                    "    tp = fp = fn = 0\n"
                    "    for truth, score in zip(y_true, scores):\n"
                    "        flagged, positive = score >= threshold, truth == pos_label\n"
                    "        tp += flagged and positive\n"
                    "        fp += flagged and not positive\n"
                    "        fn += positive and not flagged\n"
                    "    precision = tp / (tp + fp) if tp + fp else 0.0\n"
                    "    recall = tp / (tp + fn) if tp + fn else 0.0\n"
                    "    f1 = 2 * tp / (2 * tp + fp + fn) if tp else 0.0   # 0/0 取 0.0\n"
                    "    return (float(precision), float(recall), float(f1))"},
)
