"""Every sentence a check says to a student, in English and Chinese: one catalogue for the
lessons' exercises (``nbteach.check.core``), graded homework in the student's notebook
(``nbteach.check.graded``) and the teacher's judge (``nbteach.teacher.judge``).

Messages name what is wrong with the student's answer; none of them has a slot for
the expected value, so no message can print it.
"""
from __future__ import annotations

from nbteach.i18n import _normalise, get_language, tr

__all__ = ["MESSAGES", "KINDS", "SPEC_KINDS", "kind_name", "phrase", "sep", "diff_message"]

MESSAGES = {
    # the three outcomes
    "correct": {"en": "Correct!", "zh": "正确！"},
    "incorrect": {"en": "Incorrect.", "zh": "不正确。"},
    "not attempted": {
        "en": "Not attempted yet: replace ____ with your answer, then run this cell again.",
        "zh": "尚未作答：请把 ____ 换成你的答案，然后重新运行这个单元格。",
    },
    # graded homework whose notebook holds no digest of the answer (feedback "graded" or "none")
    "recorded": {"en": "Recorded; graded by your teacher.", "zh": "已记录；由老师评分。"},
    "mistake": {"en": "This looks like a common mistake. {hint}", "zh": "这是一个常见错误：{hint}"},
    "try_hint": {"en": "Try .hint() for a nudge.", "zh": "可以运行 .hint() 获取提示。"},
    "hint_header": {"en": "Hint {i} of {n}", "zh": "提示 {i}/{n}"},
    "no_more_hints": {
        "en": "That was the last hint; .solution() shows a worked solution.",
        "zh": "这是最后一条提示；运行 .solution() 可查看参考解答。",
    },
    "solution_header": {"en": "Solution", "zh": "参考解答"},
    "question": {"en": "question", "zh": "题目"},
    "internal": {
        "en": "The check itself failed ({error}); this is not your fault: tell your teacher.",
        "zh": "检查程序本身出错（{error}）；这不是你的问题，请告诉老师。",
    },
    # why a value differs (codes from nbteach.check.compare)
    "none": {
        "en": "Your answer is None: did you forget to give a value (or to `return` it)?",
        "zh": "你的答案是 None：是不是忘了给出数值（或者忘了 `return`）？",
    },
    "type": {"en": "Expected {want}, got a {got}.", "zh": "这里需要{want}，你给的是 {got}。"},
    "nan": {
        "en": "Your answer contains NaN (not a number): look for 0/0 or log(0) in your working.",
        "zh": "你的答案里有 NaN（非数）：检查计算中是否出现 0/0 或 log(0)。",
    },
    "float_for_fraction": {
        "en": "Your answer is a float, but this exercise asks for an exact answer: use "
              "fractions.Fraction (e.g. Fraction(1, 3)) or a string such as \"1/3\".",
        "zh": "你的答案是浮点数，但本题要求精确值：请用 fractions.Fraction（如 Fraction(1, 3)）"
              "或字符串 \"1/3\"。",
    },
    "rounded": {
        "en": "Close, but rounded: this exercise has an exact answer, so give the exact "
              "Fraction (e.g. Fraction(1, 3)) or a string such as \"1/3\", not a rounded decimal.",
        "zh": "很接近，但经过了四舍五入：本题有精确答案，请给出精确分数（如 Fraction(1, 3)）"
              "或字符串 \"1/3\"，而不是四舍五入后的小数。",
    },
    "rounded_float": {
        "en": "Close, but rounded: compute it at full precision instead of copying a printed value.",
        "zh": "很接近，但经过了四舍五入：请用完整精度计算，而不是抄写打印出来的数值。",
    },
    "value": {"en": "That is not the right value.", "zh": "数值不对。"},
    "wrong_text": {"en": "That is not the right answer.", "zh": "答案不对。"},
    "label_words": {
        "en": "{got!r} is the Chinese name of the label {label!r}: answer with the label as the data "
              "write it, {label!r}.",
        "zh": "“{got}”是类别标记 {label!r} 的中文名：请照数据里的写法回答 {label!r}。",
    },
    "unparsable": {
        "en": "Could not read {got!r} as a number or a formula.",
        "zh": "无法把 {got!r} 读成数字或公式。",
    },
    "formula_refused": {"en": "Your formula was not read: {why}", "zh": "你的公式无法读取：{why}"},
    "symbolic_for_number": {
        "en": "Expected a number, got a formula that still has symbols in it.",
        "zh": "这里需要一个数，你给的是仍含符号的公式。",
    },
    "shape": {
        "en": "Your array has shape {got}, which is not the shape asked for.",
        "zh": "你的数组形状是 {got}，与题目要求的形状不同。",
    },
    "length": {
        "en": "Your list has {got} items, which is not the number asked for.",
        "zh": "你的列表有 {got} 项，与题目要求的个数不同。",
    },
    "labels": {
        "en": "The row labels (index) are not the ones asked for: {detail}.",
        "zh": "行标签（index）与要求不符：{detail}。",
    },
    "columns": {
        "en": "The columns are not the ones asked for: {detail}.",
        "zh": "列与要求不符：{detail}。",
    },
    "keys": {
        "en": "The dict keys are not the ones asked for: {detail}.",
        "zh": "字典的键与要求不符：{detail}。",
    },
    "duplicates": {
        "en": "Some labels occur more than once in your answer ({labels}): each must occur once.",
        "zh": "你的答案中有重复的标签（{labels}）：每个标签只能出现一次。",
    },
    "transposed": {
        "en": "Your table looks transposed: swap rows and columns (.T).",
        "zh": "你的表格似乎转置了：请交换行和列（.T）。",
    },
    "frame_for_series": {
        "en": "Expected a Series, got a one-column DataFrame: select the column.",
        "zh": "这里需要 Series，你给的是只有一列的 DataFrame：请取出那一列。",
    },
    "entry": {"en": "At {where}: {inner}", "zh": "在 {where}：{inner}"},
    # the parts of a "labels" / "columns" / "keys" message: only those that apply
    "label_extra": {"en": "extra {extra}", "zh": "多余的 {extra}"},
    "label_missing": {"en": "{n_missing} missing", "zh": "缺少 {n_missing} 个"},
    "label_join": {"en": "; ", "zh": "；"},
    "extra_symbols": {
        "en": "Your formula uses symbols ({names}) that the answer does not contain.",
        "zh": "你的公式用到了答案中没有的符号（{names}）。",
    },
    "not_equivalent": {
        "en": "Your formula is not equivalent to the answer (checked symbolically).",
        "zh": "你的公式与答案不等价（已用符号计算检验）。",
    },
    "eq_raised": {
        "en": "Comparing your answer raised {error}: give a plain number, array or table.",
        "zh": "比较你的答案时出错 {error}：请给出普通的数、数组或表格。",
    },
    "too_few_digits": {
        "en": "Close, but rounded too much: give at least {digits} significant digits "
              "(better: the value you computed, unrounded).",
        "zh": "接近，但舍入过多：请至少给出 {digits} 位有效数字（最好直接给出计算结果，不要舍入）。",
    },
    "few_digits": {
        "en": "Note: your number has only {got} significant digit(s); if you rounded it, "
              "give at least {digits} (better: the value you computed, unrounded).",
        "zh": "注意：你的数只有 {got} 位有效数字；如果它是舍入后的结果，请至少给出 {digits} 位"
              "（最好直接给出计算结果，不要舍入）。",
    },
    "too_large": {
        "en": "Your answer is too large to check (more digits, items, nesting or formula parts than an answer "
              "here can have): give a plain number, array or table of ordinary size.",
        "zh": "你的答案太大，无法检查（位数、元素个数、嵌套层数或公式的部分超出了答案的上限）：请给出正常大小的数、数组或表格。",
    },
    "unsupported": {
        "en": "Your answer is a {got}, which cannot be checked: give a plain number, array or table.",
        "zh": "你的答案类型是 {got}，无法检查：请给出普通的数、数组或表格。",
    },
    # functions
    "judge_timeout": {
        "en": "Judging this answer took longer than the judge's time limit: it is too large or too complex "
              "to compare; give a plain number, array, table or a simpler formula.",
        "zh": "判定这个答案超过了判定程序的时间上限：它太大或太复杂，无法比较；请给出普通的数、数组、表格或更简单的公式。",
    },
    "library_shortcut": {
        "en": "This exercise asks you to write the algorithm yourself; {name} is switched off while "
              "your function is checked. Build it from numpy, pandas or plain Python.",
        "zh": "本题要求你亲手实现这个算法；检查你的函数时，{name} 已被禁用。请用 numpy、pandas 或纯 Python 实现。",
    },
    "not_callable": {
        "en": "Expected a function (def ...), got a {got}.",
        "zh": "这里需要一个函数（def ...），你给的是 {got}。",
    },
    "returned_none": {
        "en": "Your function returned None when called as {call}: did you forget `return`?",
        "zh": "调用 {call} 时你的函数返回了 None：是不是忘了写 `return`？",
    },
    "raised": {
        "en": "Your function raised an error when called as {call}:\n{traceback}",
        "zh": "调用 {call} 时你的函数出错：\n{traceback}",
    },
    "timeout": {
        "en": "Your function was stopped after {seconds:g} s when called as {call}: "
              "is there a loop that never ends?",
        "zh": "调用 {call} 时你的函数运行超过 {seconds:g} 秒，已被停止：是否有永不结束的循环？",
    },
    "mutated": {
        "en": "Your function changed its input {arg} when called as {call}: work on a copy "
              "(e.g. x = x.copy()) instead of modifying what you were given.",
        "zh": "调用 {call} 时你的函数修改了输入参数 {arg}：请在副本上计算（如 x = x.copy()），"
              "不要修改传入的数据。",
    },
    "inexact_output": {
        "en": "Called as {call}, your function returned a float. {why}",
        "zh": "调用 {call} 时你的函数返回了浮点数。{why}",
    },
    "wrong_output": {
        "en": "Called as {call}, your function returned {got}, which is wrong. {why}",
        "zh": "调用 {call} 时你的函数返回 {got}，结果不对。{why}",
    },
    # graded homework: what the student's notebook does not hold, and what a function returned
    "returned_type": {"en": "{call} returned {got}; expected {want}.", "zh": "{call} 返回了 {got}；应为{want}。"},
    "returned_wrong": {"en": "{call} returned a wrong value.", "zh": "{call} 的返回值不对。"},
    "released": {
        "en": "This is graded homework: its solution is released by your teacher after "
              "the deadline. q.hint() gives a hint.",
        "zh": "这是计分作业：答案由老师在截止日期之后发布。q.hint() 可以给出提示。",
    },
    "not_loaded": {
        "en": "This homework exercise is checked by its own notebook: run the notebook "
              "from its first cell (the cell that loads the checks) and try again.",
        "zh": "这道作业题由它自己的 notebook 检查：请从第一个单元格（载入检查的单元格）开始运行，然后再试。",
    },
    "no_hints": {"en": "This version (an exam) has no hints.", "zh": "本版本（考试）没有提示。"},
}


def sep(lang=None) -> str:
    """What joins two sentences: a space in English, nothing in Chinese."""
    return "" if (_normalise(lang) if lang else get_language()) == "zh" else " "


def phrase(key: str, lang=None, **fields) -> str:
    """The message ``key`` in the current language, with its fields filled in."""
    return tr(MESSAGES[key], lang=lang, **fields)


#: What a "type" Diff asked for, by kind of the expected answer (``nbteach.check.compare``'s
#: kinds, and the answer types of graded homework, ``spec["type"]``, through :data:`SPEC_KINDS`).
KINDS = {
    "exact": {"en": "an exact number (a Fraction or a string such as '3/8')",
              "zh": "精确数（Fraction 或 '3/8' 这样的字符串）"},
    "float": {"en": "a number", "zh": "一个数"},
    "str": {"en": "a text label", "zh": "一个文本标签"}, "bool": {"en": "True or False", "zh": "True 或 False"},
    "sympy": {"en": "a sympy expression (or a formula as a string)", "zh": "sympy 表达式（或写成字符串的公式）"},
    "array": {"en": "an array of numbers", "zh": "数值数组"},
    "series": {"en": "a pandas Series", "zh": "一个 pandas Series"},
    "frame": {"en": "a pandas DataFrame", "zh": "一个 pandas DataFrame"},
    "dict": {"en": "a dict", "zh": "一个字典"}, "sequence": {"en": "a list", "zh": "一个列表"},
}

#: The kind (a key of :data:`KINDS`) a graded homework's answer type asks for.
SPEC_KINDS = {"exact": "exact", "number": "float", "text": "str", "sympy": "sympy", "array": "array",
              "dict": "dict"}


def kind_name(kind: str, lang=None) -> str:
    """How a message names what was asked for: ``kind`` is a key of :data:`KINDS` or of
    :data:`SPEC_KINDS`.

    >>> kind_name("number"), kind_name("frame")
    ('a number', 'a pandas DataFrame')
    """
    return tr(KINDS[SPEC_KINDS.get(kind, kind)], lang=lang)


def diff_message(diff, lang=None) -> str:
    """Turn a :class:`nbteach.check.compare.Diff` into a sentence."""
    fields = dict(diff.fields)
    if diff.code == "entry":
        fields["inner"] = diff_message(fields["inner"], lang)
    if diff.code == "type" and (fields.get("want") in KINDS or fields.get("want") in SPEC_KINDS):
        fields["want"] = kind_name(fields["want"], lang)
    if diff.code in ("labels", "columns", "keys"):
        parts = []
        if fields.get("extra"):
            parts.append(phrase("label_extra", lang, extra=fields["extra"]))
        if fields.get("n_missing"):
            parts.append(phrase("label_missing", lang, n_missing=fields["n_missing"]))
        fields["detail"] = phrase("label_join", lang).join(parts)
    if diff.code == "unparsable" and fields.get("why") is not None:  # a formula the grammar refused
        return phrase("formula_refused", lang, why=fields["why"].message(lang))
    if diff.code not in MESSAGES:
        return phrase("value", lang)
    return phrase(diff.code, lang, **fields)
