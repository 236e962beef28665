"""Homework 3 (lessons 06-07): evaluating a spam filter, and class imbalance.

Ids: ``hw03.precision``, ``hw03.f1``, ``hw03.accuracy_paradox``, ``hw03.oversampled_size``,
``hw03.confusion_function``.
The notebook is ``notebooks/homework/hw03_evaluation_and_imbalance.ipynb``.

Data: fourteen messages, their true labels and a filter's predictions (``Y_TRUE``, ``Y_PRED``
here; ``y_true`` and ``y_pred`` in the notebook, the names the prompts use).
"""
from __future__ import annotations

from .core import Mistake, define

Y_TRUE = ["spam"] * 4 + ["ham"] * 10
Y_PRED = ["spam", "spam", "spam", "ham"] + ["spam", "spam"] + ["ham"] * 8


def _m():
    from nbteach import metrics

    return metrics


def _prf(**kw):
    kw.setdefault("pos_label", "spam")
    return _m().precision_recall_f1(Y_TRUE, Y_PRED, **kw)


define(
    "hw03.precision",
    prompt={"en": "Precision of the filter for the class spam: of the messages it flagged as spam, "
                  "which fraction is spam?",
            "zh": "过滤器对 spam 类的精确率：被判为 spam 的邮件中，真正是 spam 的比例是多少？"},
    answer=lambda: _m().precision_score(Y_TRUE, Y_PRED, pos_label="spam"),
    rtol=1e-9,
    mistakes=[
        Mistake("recall_for_precision", lambda: _m().recall_score(Y_TRUE, Y_PRED, pos_label="spam"),
                {"en": "That is recall, TP / (TP + FN): of the spam, how much was caught. "
                       "Precision divides by what was *flagged*: TP / (TP + FP).",
                 "zh": "这是召回率 TP / (TP + FN)：spam 中被抓到的比例。精确率除以的是被*判为* spam 的数量：TP / (TP + FP)。"}),
        Mistake("accuracy_for_precision", lambda: _m().accuracy_score(Y_TRUE, Y_PRED),
                {"en": "That is accuracy over both classes; precision looks only at the messages "
                       "predicted spam.",
                 "zh": "这是两类合计的准确率；精确率只看被预测为 spam 的邮件。"}),
        Mistake("other_class", lambda: _m().precision_score(Y_TRUE, Y_PRED, pos_label="ham"),
                {"en": "That is the precision of ham; the positive class here is spam.",
                 "zh": "这是 ham 的精确率；这里的正类是 spam。"}),
    ],
    hints=[{"en": "Count TP (spam flagged spam) and FP (ham flagged spam).",
            "zh": "数出 TP（spam 被判为 spam）和 FP（ham 被判为 spam）。"}],
    solution={"en": "answer = precision_score(y_true, y_pred, pos_label='spam')   # TP / (TP + FP)",
              "zh": "answer = precision_score(y_true, y_pred, pos_label='spam')   # TP / (TP + FP)"},
)

define(
    "hw03.f1",
    prompt={"en": "F1 score of the filter for spam.", "zh": "过滤器对 spam 的 F1 值。"},
    answer=lambda: _m().f1_score(Y_TRUE, Y_PRED, pos_label="spam"),
    rtol=1e-9,
    mistakes=[
        Mistake("arithmetic_mean", lambda: (_prf()[0] + _prf()[1]) / 2,
                {"en": "You took the arithmetic mean of precision and recall; F1 is their "
                       "harmonic mean, 2PR / (P + R).",
                 "zh": "你取了精确率和召回率的算术平均；F1 是调和平均 2PR / (P + R)。"}),
        Mistake("macro_average", lambda: _m().f1_score(Y_TRUE, Y_PRED, average="macro"),
                {"en": "That is the macro average over both classes; the question asks for spam's F1.",
                 "zh": "这是两类的宏平均；题目问的是 spam 的 F1。"}),
    ],
    hints=[{"en": "F1 = 2 P R / (P + R) = 2 TP / (2 TP + FP + FN).",
            "zh": "F1 = 2 P R / (P + R) = 2 TP / (2 TP + FP + FN)。"}],
    solution={"en": "answer = f1_score(y_true, y_pred, pos_label='spam')",
              "zh": "answer = f1_score(y_true, y_pred, pos_label='spam')"},
)


def _always_ham():
    return ["ham"] * len(Y_TRUE)


define(
    "hw03.accuracy_paradox",
    prompt={"en": "A lazy filter predicts ham for every message. What is its accuracy on y_true?",
            "zh": "一个偷懒的过滤器把所有邮件都判为 ham。它在 y_true 上的准确率是多少？"},
    answer=lambda: _m().accuracy_score(Y_TRUE, _always_ham()),
    rtol=1e-9,
    mistakes=[
        Mistake("recall_of_spam", lambda: _m().recall_score(Y_TRUE, _always_ham(), pos_label="spam"),
                {"en": "That is its recall for spam (it catches none). Accuracy counts the right "
                       "predictions of both classes.",
                 "zh": "这是它对 spam 的召回率（一封也没抓到）。准确率统计两类中预测正确的比例。"}),
        Mistake("spam_share", lambda: _m().accuracy_score(Y_TRUE, ["spam"] * len(Y_TRUE)),
                {"en": "That is the share of spam among the messages: exactly the ones the "
                       "always-ham filter gets wrong. Its accuracy is the share it gets right.",
                 "zh": "这是 spam 在邮件中所占的比例：恰好是“全判 ham”过滤器判错的那些。"
                       "它的准确率是判对的比例。"}),
        Mistake("filter_accuracy", lambda: _m().accuracy_score(Y_TRUE, Y_PRED),
                {"en": "That is the accuracy of the real filter, not of the always-ham one.",
                 "zh": "这是真实过滤器的准确率，不是“全判 ham”过滤器的。"}),
    ],
    hints=[{"en": "How many of the fourteen messages are ham?", "zh": "十四封邮件里有几封是 ham？"}],
    solution={"en": "answer = accuracy_score(y_true, ['ham'] * len(y_true))   # high, yet useless",
              "zh": "answer = accuracy_score(y_true, ['ham'] * len(y_true))   # 很高，却毫无用处"},
)


def _resampled(fn):
    from nbteach import resample

    X = list(range(len(Y_TRUE)))
    Xr, yr = getattr(resample, fn)(X, Y_TRUE, random_state=0)
    return len(Xr)


define(
    "hw03.oversampled_size",
    prompt={"en": "After random over-sampling of (messages, y_true) until both classes are the "
                  "same size, how many messages are there?",
            "zh": "对 (邮件, y_true) 做随机过采样直到两类数量相同，共有多少封邮件？"},
    answer=lambda: _resampled("random_oversample"),
    mistakes=[
        Mistake("undersampled", lambda: _resampled("random_undersample"),
                {"en": "That is the size after under-sampling (the larger class cut down). "
                       "Over-sampling repeats examples of the smaller class.",
                 "zh": "这是欠采样后的大小（把大类削减）。过采样是重复小类的样本。"}),
        Mistake("unchanged", lambda: len(Y_TRUE),
                {"en": "That is the size before resampling.", "zh": "这是重采样之前的大小。"}),
    ],
    hints=[{"en": "Both classes end up as large as the largest one.",
            "zh": "两类最终都与最大的那一类一样多。"}],
    solution={"en": "Xr, yr = random_oversample(list(range(len(y_true))), y_true, random_state=0)\nanswer = len(Xr)",
              "zh": "Xr, yr = random_oversample(list(range(len(y_true))), y_true, random_state=0)\nanswer = len(Xr)"},
)


def _confusion_inputs(rng):
    out = [((list(Y_TRUE), list(Y_PRED), ["ham", "spam"]), {})]
    for _ in range(5):
        labels = rng.sample(["ham", "spam", "promo"], rng.randint(2, 3))
        n = rng.randint(5, 20)
        out.append((([rng.choice(labels) for _ in range(n)], [rng.choice(labels) for _ in range(n)],
                     labels), {}))
    return out


def _confusion_fn(transposed):
    def make():
        from nbteach.metrics import confusion_matrix

        if transposed:
            return lambda y_true, y_pred, labels: confusion_matrix(y_pred, y_true, labels=labels)
        return lambda y_true, y_pred, labels: confusion_matrix(y_true, y_pred, labels=labels)
    return make


define(
    "hw03.confusion_function",
    prompt={"en": "Write confusion(y_true, y_pred, labels) returning the confusion matrix as a "
                  "numpy array: C[i, j] = how many examples of true class labels[i] were predicted "
                  "as labels[j].",
            "zh": "编写 confusion(y_true, y_pred, labels)，以 numpy 数组返回混淆矩阵："
                  "C[i, j] = 真实类别为 labels[i] 且被预测为 labels[j] 的样本数。"},
    answer=_confusion_fn(False),
    kind="function",
    inputs=_confusion_inputs,
    mistakes=[
        Mistake("transposed", _confusion_fn(True),
                {"en": "Your matrix is transposed: rows must be the true class, columns the prediction.",
                 "zh": "你的矩阵转置了：行应是真实类别，列是预测类别。"}),
    ],
    hints=[{"en": "Start from np.zeros((len(labels), len(labels)), dtype=int) and add 1 per example.",
            "zh": "从 np.zeros((len(labels), len(labels)), dtype=int) 开始，每个样本加 1。"}],
    solution={"en": "def confusion(y_true, y_pred, labels):\n"
                    "    index = {c: k for k, c in enumerate(labels)}\n"
                    "    C = np.zeros((len(labels), len(labels)), dtype=int)\n"
                    "    for t, p in zip(y_true, y_pred):\n"
                    "        C[index[t], index[p]] += 1\n"
                    "    return C",
              "zh": "def confusion(y_true, y_pred, labels):\n"
                    "    index = {c: k for k, c in enumerate(labels)}\n"
                    "    C = np.zeros((len(labels), len(labels)), dtype=int)\n"
                    "    for t, p in zip(y_true, y_pred):   # 行：真实；列：预测\n"
                    "        C[index[t], index[p]] += 1\n"
                    "    return C"},
)
