"""Exercises of lesson 00, start here: warm-ups that practise the tools of the course.

Ids: ``00.count_flu`` (used as the live demo of a check cell and of the exact-answer
rule), ``00.n_features``, ``00.explorer_posterior``, ``00.flu_share``.

``00.count_flu``, ``00.n_features`` and ``00.flu_share`` read the flu/cold table of note 001
(``nbteach.flu_cold()``); ``00.explorer_posterior`` is answered by moving the sliders of
``nbteach.widgets.bayes_explorer`` and reading the posterior it shows, which
:func:`nbteach.bayes` computes.
"""
from __future__ import annotations

import nbteach
from ..datasets import flu_cold
from ..probability import bayes, prob
from .core import Mistake, define


def _table():
    return flu_cold()


def _class_count(cls):
    return int((_table()["Diagnosis"] == cls).sum())


define(
    "00.count_flu",
    leak_check="a count of rows; the lesson shows the table to count from, not the count",
    prompt={"en": "How many patients in the flu/cold table (nbteach.flu_cold()) have the "
                  "diagnosis Flu? Answer with a whole number.",
            "zh": "流感/感冒表（nbteach.flu_cold()）中有多少位病人的诊断是 Flu？请回答一个整数。"},
    answer=lambda: _class_count("Flu"),
    mistakes=[
        Mistake("all_rows", lambda: len(_table()),
                {"en": "That is the number of all patients: count only the rows whose "
                       "Diagnosis is Flu.",
                 "zh": "这是全部病人的数目：只数 Diagnosis 为 Flu 的行。"}),
        Mistake("wrong_class", lambda: _class_count("Cold"),
                {"en": "That is the number of Cold patients: count the Flu rows.",
                 "zh": "这是 Cold 病人的数目：请数 Flu 的行。"}),
    ],
    hints=[
        {"en": "df = nbteach.flu_cold() is a pandas DataFrame; look at its Diagnosis column.",
         "zh": "df = nbteach.flu_cold() 是一个 pandas DataFrame；看它的 Diagnosis 列。"},
        {"en": "df['Diagnosis'].value_counts() counts each class.",
         "zh": "df['Diagnosis'].value_counts() 会数出每一类的行数。"},
    ],
    solution={"en": "df = nbteach.flu_cold()\nanswer = int((df['Diagnosis'] == 'Flu').sum())",
              "zh": "df = nbteach.flu_cold()\nanswer = int((df['Diagnosis'] == 'Flu').sum())"},
)


def _flu_share():
    return prob(_table(), Diagnosis="Flu", given={"Cough": "yes"})


# The lesson prints the share of Flu among all patients (3/5, cells 6 and 8) and P(cough | flu)
# (in explain); this exercise asks the share among the patients who cough, which it never prints.
define(
    "00.flu_share",
    leak_check="a fraction with a small denominator (3/4); lesson 00 prints the share of Flu among "
               "all patients and P(cough | flu), never this one (tests/test_exercises_lesson00.py)",
    prompt={"en": "Among the patients of the flu/cold table who cough (Cough is yes), what share "
                  "has the flu? Give it exactly, as a Fraction or a string such as \"1/3\".",
            "zh": "在流感/感冒表中咳嗽（Cough 为 yes）的病人里，患流感的占多大比例？"
                  "请给出精确值：Fraction 或 \"1/3\" 这样的字符串。"},
    answer=_flu_share,
    mistakes=[
        Mistake("all_patients", lambda: prob(_table(), Diagnosis="Flu"),
                {"en": "That is the share of Flu among all patients: count only the patients "
                       "who cough, and the Flu patients among them.",
                 "zh": "这是流感在全部病人中所占的比例：只数咳嗽的病人，再数其中的流感病人。"}),
        Mistake("reversed", lambda: prob(_table(), Cough="yes", given={"Diagnosis": "Flu"}),
                {"en": "That is the share of coughers among the Flu patients, P(cough | flu): "
                       "the question asks the other way round, the Flu patients among those who cough.",
                 "zh": "这是流感病人中咳嗽者的比例 P(cough | flu)：题目问的是反过来的，"
                       "咳嗽的病人中流感病人的比例。"}),
        Mistake("cough_share", lambda: prob(_table(), Cough="yes"),
                {"en": "That is the share of all patients who cough: among those who cough, "
                       "count the Flu patients.",
                 "zh": "这是全部病人中咳嗽者的比例：还要在咳嗽的病人中数出流感病人。"}),
        Mistake("count", lambda: int(((_table()["Diagnosis"] == "Flu")
                                      & (_table()["Cough"] == "yes")).sum()),
                {"en": "That is a number of patients; a share divides it by the number of "
                       "patients who cough.",
                 "zh": "这是病人的人数；比例还要除以咳嗽的病人数。"}),
    ],
    hints=[
        {"en": "Keep only the rows whose Cough is yes; the share is the Flu rows among them "
               "divided by how many they are.",
         "zh": "只保留 Cough 为 yes 的行；比例就是其中 Flu 的行数除以这些行的总数。"},
        {"en": "prob(df, A=a, given={B: b}) counts the rows with A = a among those with B = b "
               "(cell 6 of this lesson uses it for another pair of columns).",
         "zh": "prob(df, A=a, given={B: b}) 在 B = b 的行中数 A = a 的比例"
               "（本课第 6 个单元格用它算过另外两列）。"},
    ],
    solution={"en": "df = nbteach.flu_cold()\n"
                    "answer = prob(df, Diagnosis='Flu', given={'Cough': 'yes'})",
              "zh": "df = nbteach.flu_cold()\n"
                    "answer = prob(df, Diagnosis='Flu', given={'Cough': 'yes'})"},
)


def _n_features():
    df = _table()
    model = nbteach.CategoricalNB(exact=True).fit(df.drop(columns="Diagnosis"), df["Diagnosis"])
    return int(model.n_features_in_)


define(
    "00.n_features",
    leak_check="a count of columns; the lesson shows the table, not the count",
    prompt={"en": "Naive Bayes predicts the Diagnosis from the other columns (the features, "
                  "x_1, ..., x_M in the notes). How many features M does the flu/cold table have?",
            "zh": "朴素贝叶斯用其余各列（特征，笔记中的 x_1, ..., x_M）预测 Diagnosis。"
                  "流感/感冒表有多少个特征 M？"},
    answer=_n_features,
    mistakes=[
        Mistake("class_column_counted", lambda: int(_table().shape[1]),
                {"en": "That counts every column, Diagnosis too (the table also happens to "
                       "have that many rows): Diagnosis is the class y that we predict, not a "
                       "feature, and rows are patients, not features.",
                 "zh": "这是把所有列（包括 Diagnosis）都数上了（表的行数恰好也是这个数）："
                       "Diagnosis 是要预测的类别 y，不是特征；行是病人，也不是特征。"}),
    ],
    hints=[
        {"en": "list(nbteach.flu_cold().columns) shows the column names; one of them is the class.",
         "zh": "list(nbteach.flu_cold().columns) 列出各列的名字；其中一列是类别。"},
    ],
    solution={"en": "df = nbteach.flu_cold()\nanswer = df.drop(columns='Diagnosis').shape[1]",
              "zh": "df = nbteach.flu_cold()\nanswer = df.drop(columns='Diagnosis').shape[1]"},
)

# The explorer exercise: the sliders are set to these values by the student.
EXPLORER_PRIOR = 0.1                                 # P(ill)
EXPLORER_LIKELIHOODS = {"ill": 0.9, "healthy": 0.2}  # P(x | c)


def _explorer(prior_ill=EXPLORER_PRIOR, uniform=False):
    prior = {"ill": prior_ill, "healthy": 1 - prior_ill}
    if uniform:
        prior = {"ill": 0.5, "healthy": 0.5}
    return bayes(prior, EXPLORER_LIKELIHOODS)


define(
    "00.explorer_posterior",
    prompt={"en": "In the Bayes explorer (nbteach.widgets.bayes_explorer()), set the prior "
                  "P(ill) to 0.1, P(x | ill) to 0.9 and P(x | healthy) to 0.2. What posterior "
                  "P(ill | x) does it show? Three decimals are enough.",
            "zh": "在贝叶斯演示器（nbteach.widgets.bayes_explorer()）中，把先验概率 P(ill) 设为 0.1，"
                  "P(x | ill) 设为 0.9，P(x | healthy) 设为 0.2。它显示的后验概率 P(ill | x) 是多少？"
                  "保留三位小数即可。"},
    answer=lambda: float(_explorer().posterior["ill"]),
    rtol=2e-3,
    mistakes=[
        Mistake("likelihood_for_posterior", lambda: float(_explorer().likelihood["ill"]),
                {"en": "That is the likelihood P(x | ill), one of the sliders: read the "
                       "posterior column of the table under the sliders.",
                 "zh": "这是似然 P(x | ill)（一个滑块的值）：请读滑块下方表格中的后验概率一列。"}),
        Mistake("joint_for_posterior", lambda: float(_explorer().joint["ill"]),
                {"en": "That is the joint P(ill) P(x | ill): the posterior divides it by the "
                       "evidence P(x).",
                 "zh": "这是联合概率 P(ill) P(x | ill)：后验概率还要除以证据因子 P(x)。"}),
        Mistake("prior_not_set", lambda: float(_explorer(0.01).posterior["ill"]),
                {"en": "That is the posterior for the explorer's starting prior 0.01: move the "
                       "prior slider to 0.1 first.",
                 "zh": "这是演示器初始先验概率 0.01 下的后验概率：请先把先验滑块移到 0.1。"}),
        Mistake("prior_ignored", lambda: float(_explorer(uniform=True).posterior["ill"]),
                {"en": "That posterior ignores the prior (it is what a prior of 0.5 gives): "
                       "set the prior slider to 0.1.",
                 "zh": "这个后验概率忽略了先验概率（相当于先验概率为 0.5）：请把先验滑块设为 0.1。"}),
    ],
    hints=[
        {"en": "Run the cell with bayes_explorer(), drag the three sliders (or click a slider "
               "and use the arrow keys), then read the table.",
         "zh": "运行含 bayes_explorer() 的单元格，拖动三个滑块（或点选滑块后用方向键），再读表格。"},
        {"en": "The posterior is the joint of ill divided by the evidence, the sum of both joints.",
         "zh": "后验概率 = ill 的联合概率 / 证据因子（两类联合概率之和）。"},
    ],
    solution={"en": "ex = bayes_explorer(prior=0.1, likelihoods=(0.9, 0.2))\n"
                    "answer = float(ex.result.posterior['ill'])   # the widget calls nbteach.bayes",
              "zh": "ex = bayes_explorer(prior=0.1, likelihoods=(0.9, 0.2))\n"
                    "answer = float(ex.result.posterior['ill'])   # 演示器调用的就是 nbteach.bayes"},
)
