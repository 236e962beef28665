"""Homework 3 (lessons 06-07): evaluating a spam filter, and class imbalance. Teacher's source.

Each variant has its own messages (3-6 spam, 8-14 ham) and its own filter's
predictions; ``DEFAULT`` is the self-study version (4 spam, 10 ham). Two exercises are build-its
(issue 33): the confusion matrix and precision/recall/F1 of one class among two or three, each with
the names of ``nbteach.metrics`` that would compute them switched off while the student's function
is checked.
"""
from __future__ import annotations

from nbteach import NbteachError, metrics, resample
from nbteach.check._unswitched import unswitched
from nbteach.check.compare import compare
from nbteach.metrics import confusion_matrix, precision_recall_f1
from nbteach.teacher.homework import STUDENT_INTRO, STUDENT_INTRO_ZH, graded, worked

#: the names that count or score the predictions for the student: switched off while the build-its'
#: functions are checked
_METRICS = ("nbteach.metrics.confusion_matrix", "nbteach.metrics.confusion_table", "nbteach.metrics.precision_recall_f1",
            "nbteach.metrics.precision_score", "nbteach.metrics.recall_score", "nbteach.metrics.f1_score",
            "nbteach.metrics.classification_report")
#: the library's confusion matrix, out of the switch's reach (the answer is checked like a student's function)
_confusion_itself = unswitched(confusion_matrix)

NAME = "hw03"
NOTEBOOK = "hw03_evaluation_and_imbalance.ipynb"
DEFAULT = {"n_spam": 4, "n_ham": 10, "tp": 3, "fp": 2,
           "cases": [[["promo", "ham", "spam", "promo", "ham", "spam"], ["ham", "ham", "promo", "promo", "spam", "ham"],
                      ["ham", "spam", "promo"]]]}


#: the worked code of exercises 5 and 6 (prf counted as a student would): the exercise's
#: solution and the teacher's notebook
_CONFUSION = worked(
    "def confusion(y_true, y_pred, labels):",
    "    index = {c: k for k, c in enumerate(labels)}\n"
    "    C = np.zeros((len(labels), len(labels)), dtype=int)\n"
    "    for t, p in zip(y_true, y_pred):   # rows: true; columns: predicted\n"
    "        C[index[t], index[p]] += 1\n"
    "    return C",
    cell_replace={"# rows: true; columns: predicted": ""})
_PRF = worked(
    "def prf(y_true, y_pred, pos_label):",
    "    tp = sum(t == pos_label and p == pos_label for t, p in zip(y_true, y_pred))\n"
    "    flagged = sum(p == pos_label for p in y_pred)\n"
    "    positive = sum(t == pos_label for t in y_true)\n"
    "    precision = tp / flagged if flagged else 0.0\n"
    "    recall = tp / positive if positive else 0.0\n"
    "    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0\n"
    "    return (float(precision), float(recall), float(f1))")


def params(rng):
    n_spam, n_ham = rng.randint(3, 6), rng.randint(8, 14)
    cases = []
    for _ in range(2):
        labels = rng.sample(["ham", "spam", "promo"], rng.randint(2, 3))
        n = rng.randint(5, 12)
        cases.append([[rng.choice(labels) for _ in range(n)], [rng.choice(labels) for _ in range(n)], labels])
    return {"n_spam": n_spam, "n_ham": n_ham, "tp": rng.randint(1, n_spam - 1), "fp": rng.randint(1, n_ham - 3),
            "cases": cases}


def labels(p):
    """(y_true, y_pred) of the variant: spam first, then ham."""
    y_true = ["spam"] * p["n_spam"] + ["ham"] * p["n_ham"]
    y_pred = (["spam"] * p["tp"] + ["ham"] * (p["n_spam"] - p["tp"])
              + ["spam"] * p["fp"] + ["ham"] * (p["n_ham"] - p["fp"]))
    return y_true, y_pred


def _m():
    return metrics


def _resampled(y_true, fn):
    Xr, _ = getattr(resample, fn)(list(range(len(y_true))), y_true, random_state=0)
    return len(Xr)


def _confusion_fn(transposed):
    if transposed:
        return lambda y_true, y_pred, labels: _confusion_itself(y_pred, y_true, labels=labels)
    return lambda y_true, y_pred, labels: _confusion_itself(y_true, y_pred, labels=labels)


def _prf_fn(kind=None):
    """(precision, recall, F1) of ``pos_label`` against every other label, 0.0 for 0/0, from the library's
    confusion matrix (unswitched); or a usual mistake."""
    def prf(y_true, y_pred, pos_label):
        labels = sorted(set(y_true) | set(y_pred) | {pos_label})
        C = _confusion_itself(y_true, y_pred, labels=labels)
        k = labels.index(pos_label)
        tp, flagged, positive = int(C[k, k]), int(C[:, k].sum()), int(C[k, :].sum())
        if kind == "transposed":
            flagged, positive = positive, flagged
        p = tp / flagged if flagged else 0.0
        r = tp / positive if positive else 0.0
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        if kind == "arithmetic_mean":
            f1 = (p + r) / 2
        if kind == "accuracy_for_precision":
            p = float(sum(a == b for a, b in zip(y_true, y_pred)) / len(y_true))
        return (float(p), float(r), float(f1))
    return prf


_PRF_MISTAKES = ("transposed", "arithmetic_mean", "accuracy_for_precision")


def _separates(case) -> bool:
    """Whether every mistake of prf gives a wrong output on ``case`` (a public case must: no mistake's
    digest may equal an accepted one)."""
    (args, kwargs), right = case, _prf_fn()(*case[0], **case[1])
    return all(any(abs(a - b) > 1e-9 for a, b in zip(_prf_fn(k)(*args, **kwargs), right)) for k in _PRF_MISTAKES)


def _only_where_wrong(kind, wrong, right):
    """Mistake ``kind`` (the function ``wrong``), offered only where it is wrong: in a case where its
    output equals the answer's (``right``'s) it raises, so that case gets no digest of it (swapped
    precision and recall when as many are flagged as are true; a transposed confusion matrix that
    is symmetric). The public cases of prf are chosen where every mistake is wrong."""
    def mistaken(*args, **kwargs):
        out, answer = wrong(*args, **kwargs), right(*args, **kwargs)
        if compare(out, answer, rtol=0, atol=1e-9) is None:
            raise NbteachError(f"mistake {kind} gives the answer's output here: not offered")
        return out
    return mistaken


def _where_wrong(kind):
    """Mistake ``kind`` of prf, offered only where it is wrong (:func:`_only_where_wrong`)."""
    return _only_where_wrong(kind, _prf_fn(kind), _prf_fn())


#: a public case of hw03.prf_function on which every mistake's output differs from the answer's
#: (TP = 1, 3 flagged, 2 true: P = 1/3, R = 1/2, F1 = 2/5, accuracy 2/5, mean 5/12), whatever the variant
_SEPARATING = (["spam", "ham", "spam", "ham", "promo"], ["spam", "spam", "ham", "ham", "spam"], "spam")


def _prf_hidden(rng):
    """Random label lists of two or three labels; the positive label never predicted (precision 0/0);
    the positive label never true (recall 0/0); every prediction right."""
    out = []
    for _ in range(3):
        labels_ = rng.sample(["ham", "spam", "promo"], rng.randint(2, 3))
        n = rng.randint(6, 20)
        out.append((([rng.choice(labels_) for _ in range(n)], [rng.choice(labels_) for _ in range(n)],
                     rng.choice(labels_)), {}))
    n = rng.randint(5, 10)
    y = [rng.choice(["ham", "spam"]) for _ in range(n - 1)] + ["spam"]
    out.append(((y, ["ham"] * n, "spam"), {}))
    out.append(((["ham"] * n, [rng.choice(["ham", "spam"]) for _ in range(n)], "spam"), {}))
    y = [rng.choice(["ham", "spam", "promo"]) for _ in range(n)]
    out.append(((y, list(y), rng.choice(y)), {}))
    return out


def _hidden(rng):
    out = []
    for _ in range(5):
        labels_ = rng.sample(["ham", "spam", "promo"], rng.randint(2, 3))
        n = rng.randint(5, 20)
        out.append((([rng.choice(labels_) for _ in range(n)], [rng.choice(labels_) for _ in range(n)], labels_), {}))
    return out


def exercises(p):
    m = _m()
    yt, yp = labels(p)
    ham = ["ham"] * len(yt)
    prf = m.precision_recall_f1(yt, yp, pos_label="spam")
    P, R = prf[0], prf[1]
    cases = [((list(yt), list(yp), ["ham", "spam"]), {})] + [((a, b, c), {}) for a, b, c in p["cases"]]
    # one-against-the-rest: the variant's filter for spam, a case on which every mistake is wrong, then each
    # case's last label (0/0 if it never occurs)
    prf_cases = [case for case in [((list(yt), list(yp), "spam"), {}), (_SEPARATING, {})]
                 + [((a, b, c[-1]), {}) for a, b, c in p["cases"]] if _separates(case)]
    num = {"type": "number", "digits": 4}
    return [
        graded(
            "hw03.precision",
            {"en": "Precision of the filter for the class spam: of the messages it flagged as spam, which "
                   "fraction is spam? At least 4 significant digits.",
             "zh": "过滤器对 spam 类的查准率：被判为 spam 的邮件中，真正是 spam 的比例是多少？至少 4 位有效数字。"},
            m.precision_score(yt, yp, pos_label="spam"), num,
            mistakes=[
                ("recall_for_precision", m.recall_score(yt, yp, pos_label="spam"),
                 {"en": "That is recall, TP / (TP + FN): of the spam, how much was caught. Precision divides "
                        "by what was *flagged*: TP / (TP + FP).",
                  "zh": "这是查全率 TP / (TP + FN)：spam 中被抓到的比例。查准率除以的是被*判为* spam 的数量：TP / (TP + FP)。"}),
                ("accuracy_for_precision", m.accuracy_score(yt, yp),
                 {"en": "That is accuracy over both classes; precision looks only at the messages predicted spam.",
                  "zh": "这是两类合计的精度；查准率只看被预测为 spam 的邮件。"}),
                ("other_class", m.precision_score(yt, yp, pos_label="ham"),
                 {"en": "That is the precision of ham; the positive class here is spam.",
                  "zh": "这是 ham 的查准率；这里的正类是 spam。"}),
            ],
            hints=[{"en": "Count TP (spam flagged spam) and FP (ham flagged spam).",
                    "zh": "数出 TP（spam 被判为 spam）和 FP（ham 被判为 spam）。"}],
            solution="answer = precision_score(y_true, y_pred, pos_label='spam')   # TP / (TP + FP)"),
        graded(
            "hw03.f1",
            {"en": "F1 score of the filter for spam. At least 4 significant digits.",
             "zh": "过滤器对 spam 的 F1 值。至少 4 位有效数字。"},
            m.f1_score(yt, yp, pos_label="spam"), num,
            mistakes=[
                ("arithmetic_mean", (P + R) / 2,
                 {"en": "You took the arithmetic mean of precision and recall; F1 is their harmonic mean, "
                        "2PR / (P + R).",
                  "zh": "你取了查准率和查全率的算术平均；F1 是调和平均 2PR / (P + R)。"}),
                ("macro_average", m.f1_score(yt, yp, average="macro"),
                 {"en": "That is the macro average over both classes; the question asks for spam's F1.",
                  "zh": "这是两类的宏平均；题目问的是 spam 的 F1。"}),
            ],
            hints=[{"en": "F1 = 2 P R / (P + R) = 2 TP / (2 TP + FP + FN).",
                    "zh": "F1 = 2 P R / (P + R) = 2 TP / (2 TP + FP + FN)。"}],
            solution="answer = f1_score(y_true, y_pred, pos_label='spam')"),
        graded(
            "hw03.accuracy_paradox",
            {"en": "A lazy filter predicts ham for every message. What is its accuracy on y_true? "
                   "At least 4 significant digits.",
             "zh": "一个偷懒的过滤器把所有邮件都判为 ham。它在 y_true 上的精度是多少？至少 4 位有效数字。"},
            m.accuracy_score(yt, ham), num,
            mistakes=[
                ("recall_of_spam", m.recall_score(yt, ham, pos_label="spam"),
                 {"en": "That is its recall for spam (it catches none). Accuracy counts the right predictions "
                        "of both classes.",
                  "zh": "这是它对 spam 的查全率（一封也没抓到）。精度统计两类中预测正确的比例。"}),
                ("spam_share", m.accuracy_score(yt, ["spam"] * len(yt)),
                 {"en": "That is the share of spam among the messages: exactly the ones the always-ham filter "
                        "gets wrong. Its accuracy is the share it gets right.",
                  "zh": "这是 spam 在邮件中所占的比例：恰好是“全判 ham”过滤器判错的那些。它的精度是判对的比例。"}),
                ("filter_accuracy", m.accuracy_score(yt, yp),
                 {"en": "That is the accuracy of the real filter, not of the always-ham one.",
                  "zh": "这是真实过滤器的精度，不是“全判 ham”过滤器的。"}),
            ],
            hints=[{"en": "How many of the messages are ham?", "zh": "邮件里有几封是 ham？"}],
            solution="answer = accuracy_score(y_true, ['ham'] * len(y_true))   # high, yet useless"),
        graded(
            "hw03.oversampled_size",
            {"en": "After random over-sampling of (messages, y_true) until both classes are the same size, "
                   "how many messages are there?",
             "zh": "对 (邮件, y_true) 做随机过采样直到两类数量相同，共有多少封邮件？"},
            _resampled(yt, "random_oversample"), {"type": "exact"},
            mistakes=[
                ("undersampled", _resampled(yt, "random_undersample"),
                 {"en": "That is the size after under-sampling (the larger class cut down). Over-sampling "
                        "repeats examples of the smaller class.",
                  "zh": "这是欠采样后的大小（把大类削减）。过采样是重复小类的样本。"}),
                ("unchanged", len(yt), {"en": "That is the size before resampling.", "zh": "这是重采样之前的大小。"}),
            ],
            hints=[{"en": "Both classes end up as large as the largest one.", "zh": "两类最终都与最大的那一类一样多。"}],
            solution="Xr, yr = random_oversample(list(range(len(y_true))), y_true, random_state=0)\nanswer = len(Xr)"),
        graded(
            "hw03.confusion_function",
            {"en": "Write confusion(y_true, y_pred, labels) returning the confusion matrix as a numpy array: "
                   "C[i, j] = how many examples of true class labels[i] were predicted as labels[j]. "
                   "nbteach.metrics' confusion_matrix and confusion_table are switched off while your function is checked.",
             "zh": "编写 confusion(y_true, y_pred, labels)，以 numpy 数组返回混淆矩阵："
                   "C[i, j] = 真实类别为 labels[i] 且被预测为 labels[j] 的样本数。检查你的函数时 nbteach.metrics 的 "
                   "confusion_matrix 和 confusion_table 会被关闭。"},
            _confusion_fn(False), {"type": "array", "digits": 6}, kind="function",
            public=cases, hidden=_hidden, forbidden=_METRICS,
            shortcut=lambda y_true, y_pred, labels: confusion_matrix(y_true, y_pred, labels=labels),
            mistakes=[("transposed", _only_where_wrong("transposed", _confusion_fn(True), _confusion_fn(False)),
                       {"en": "Your matrix is transposed: rows must be the true class, columns the prediction.",
                        "zh": "你的矩阵转置了：行应是真实类别，列是预测类别。"})],
            hints=[{"en": "Start from np.zeros((len(labels), len(labels)), dtype=int) and add 1 per example.",
                    "zh": "从 np.zeros((len(labels), len(labels)), dtype=int) 开始，每个样本加 1。"}],
            solution=_CONFUSION.solution),
        graded(
            "hw03.prf_function",
            {"en": "Write prf(y_true, y_pred, pos_label) returning the tuple (precision, recall, F1) of the class "
                   "pos_label against all the others, as floats; 0.0 where a ratio is 0/0 (pos_label never "
                   "predicted, or never true). There may be three labels. The scores and confusion matrices of "
                   "nbteach.metrics are switched off while your function is checked.",
             "zh": "编写 prf(y_true, y_pred, pos_label)，以浮点数元组 (查准率, 查全率, F1) 返回类别 pos_label 对其余所有"
                   "类别的三个值；比值为 0/0 时（pos_label 从未被预测，或从未真实出现）取 0.0。标记可能有三种。检查你的函数时 "
                   "nbteach.metrics 中计算这些指标和混淆矩阵的函数会被关闭。"},
            _prf_fn(), {"type": "array", "digits": 6}, kind="function",
            public=prf_cases, hidden=_prf_hidden, forbidden=_METRICS,
            shortcut=lambda y_true, y_pred, pos_label: tuple(float(v) for v in precision_recall_f1(
                [t == pos_label for t in y_true], [q == pos_label for q in y_pred], pos_label=True)[:3]),
            mistakes=[
                ("precision_recall_swapped", _where_wrong("transposed"),
                 {"en": "Precision and recall are swapped: precision divides TP by the examples predicted as "
                        "pos_label, recall by the examples that truly are pos_label.",
                  "zh": "查准率和查全率弄反了：查准率用 TP 除以被预测为 pos_label 的样本数，查全率除以真实为 pos_label 的样本数。"}),
                ("arithmetic_mean", _where_wrong("arithmetic_mean"),
                 {"en": "Your F1 is the arithmetic mean of precision and recall; F1 is their harmonic mean, 2PR / (P + R).",
                  "zh": "你的 F1 是查准率和查全率的算术平均；F1 是它们的调和平均 2PR / (P + R)。"}),
                ("accuracy_for_precision", _where_wrong("accuracy_for_precision"),
                 {"en": "Your first value is the accuracy over every label; precision looks only at the examples "
                        "predicted as pos_label.",
                  "zh": "你的第一个值是所有标记上的精度；查准率只看被预测为 pos_label 的样本。"}),
            ],
            hints=[{"en": "Count TP (true pos_label, predicted pos_label), FP (predicted pos_label, true something "
                          "else) and FN (true pos_label, predicted something else); every other label is negative.",
                    "zh": "数出 TP（真实为 pos_label 且预测为 pos_label）、FP（预测为 pos_label 但真实为别的类）和 FN"
                          "（真实为 pos_label 但预测为别的类）；其余所有标记都算负例。"}],
            solution=_PRF.solution),
    ]


def cells(p):
    n = p["n_spam"] + p["n_ham"]
    fn, tn = p["n_spam"] - p["tp"], p["n_ham"] - p["fp"]
    return [
        ("markdown", {"en": "# Homework 3: evaluating a spam filter, and class imbalance (lessons 06-07)\n\n"
                            "[作业 3：评估垃圾邮件过滤器与类别不平衡]\n\n"
                            + STUDENT_INTRO,
                      "zh": "# 作业 3：评估垃圾邮件过滤器与类别不平衡（第 06-07 课）\n\n"
                            + STUDENT_INTRO_ZH}),
        ("code", "import numpy as np\n\n"
                 "import nbteach\n"
                 "from nbteach.check import exercise, ____\n"
                 "from nbteach.metrics import accuracy_score, confusion_table, f1_score, precision_score, recall_score\n"
                 "from nbteach.resample import class_sizes, random_oversample\n\n"
                 "# nbteach.set_language(\"zh\")   # 取消注释即可看到中文提示与反馈"),
        ("markdown", {"en": f"{n} messages: the truth and what a filter predicted.",
                      "zh": f"{n} 条消息：真实类别，以及一个过滤器的预测。"}),
        ("code", f"y_true = [\"spam\"] * {p['n_spam']} + [\"ham\"] * {p['n_ham']}\n"
                 f"y_pred = [\"spam\"] * {p['tp']} + [\"ham\"] * {fn} + [\"spam\"] * {p['fp']} + [\"ham\"] * {tn}\n"
                 "confusion_table(y_true, y_pred)"),
        ("markdown", {"en": "## Exercise 1: precision [查准率]",
                      "zh": "## 练习 1：查准率"}),
        ("code", "q1 = exercise(\"hw03.precision\")\nq1"),
        ("code", "answer1 = precision_score(y_true, y_pred, pos_label=\"spam\")  # SOLUTION"),
        ("code", "q1.check(answer1)"),
        ("markdown", {"en": "## Exercise 2: F1 [F1 值]",
                      "zh": "## 练习 2：F1 度量"}),
        ("code", "q2 = exercise(\"hw03.f1\")\nq2"),
        ("code", "answer2 = f1_score(y_true, y_pred, pos_label=\"spam\")  # SOLUTION"),
        ("code", "q2.check(answer2)"),
        ("markdown", {"en": "## Exercise 3: the accuracy paradox\n\n"
                            "A filter that lets every message through (always ham) catches no spam at all. How\n"
                            "accurate is it? [精度悖论]",
                      "zh": "## 练习 3：精度悖论\n\n"
                            "一个放行所有消息（总是判为 ham）的过滤器一封垃圾邮件也拦不住。它的精度是多少？"}),
        ("code", "q3 = exercise(\"hw03.accuracy_paradox\")\nq3"),
        ("code", "answer3 = accuracy_score(y_true, [\"ham\"] * len(y_true))  # SOLUTION"),
        ("code", "q3.check(answer3)"),
        ("markdown", {"en": "## Exercise 4: over-sampling [过采样]",
                      "zh": "## 练习 4：过采样"}),
        ("code", "q4 = exercise(\"hw03.oversampled_size\")\nq4"),
        ("code", "# BEGIN SOLUTION\n"
                 "X_over, y_over = random_oversample(list(range(len(y_true))), y_true, random_state=0)\n"
                 "# END SOLUTION\nanswer4 = len(X_over)  # SOLUTION"),
        ("code", "q4.check(answer4)"),
        ("markdown", {"en": "## Exercise 5: write the confusion matrix\n\n"
                            "Write `confusion(y_true, y_pred, labels)` returning a numpy array with\n"
                            "C[i, j] = the number of examples of true class `labels[i]` predicted as `labels[j]`\n"
                            "[混淆矩阵]. The check calls it on a few label lists; your teacher's grading calls it on more.\n"
                            "`confusion_matrix` and `confusion_table` are switched off while your function is checked.",
                      "zh": "## 练习 5：写出混淆矩阵\n\n"
                            "编写 `confusion(y_true, y_pred, labels)`，返回一个 numpy 数组，其中 C[i, j] = 真实类别为 `labels[i]`、"
                            "被预测为 `labels[j]` 的样本数（混淆矩阵）。检查单元格会用几组标记列表调用它；老师评分时会用更多列表调用它。"
                            "检查你的函数时 `confusion_matrix` 和 `confusion_table` 会被关闭。"}),
        ("code", "q5 = exercise(\"hw03.confusion_function\")\nq5"),
        ("code", _CONFUSION.cell),
        ("code", "q5.check(confusion)"),
        ("markdown", {"en": "## Exercise 6: write precision, recall and F1\n\n"
                            "Write `prf(y_true, y_pred, pos_label)` returning `(precision, recall, f1)` of the class `pos_label`\n"
                            "against all the others [查准率、查全率与 F1], 0.0 where a ratio is 0/0. The check calls it on a few\n"
                            "label lists, some with three labels; your teacher's grading calls it on more. The scores and\n"
                            "confusion matrices of `nbteach.metrics` are switched off while your function is checked.",
                      "zh": "## 练习 6：写出查准率、查全率与 F1\n\n"
                            "编写 `prf(y_true, y_pred, pos_label)`，返回类别 `pos_label` 对其余所有类别的 `(查准率, 查全率, F1)`，"
                            "比值为 0/0 时取 0.0。检查单元格会用几组标记列表调用它，其中有的含三种标记；老师评分时会用更多列表调用它。"
                            "检查你的函数时，`nbteach.metrics` 中计算这些指标和混淆矩阵的函数会被关闭。"}),
        ("code", "q6 = exercise(\"hw03.prf_function\")\nq6"),
        ("code", _PRF.cell),
        ("code", "q6.check(prf)"),
        ("markdown", {"en": "## Before you hand in\n\nRestart the kernel and run all cells. Every check cell should say **Correct!**",
                      "zh": "## 交作业之前\n\n重启内核并运行所有单元格。每个检查单元格都应显示 **正确！**（英文提示下为 **Correct!**）。"}),
    ]
