"""Exercises of lesson 02, the flu/cold table of note 001 worked by hand.

Ids: ``02.prior_flu``, ``02.headache_table``, ``02.score_cold``, ``02.likelihood_function``.

The lesson works note 001's five rows and prints their prior, tables and scores, so the first
three exercises work on the table after two more Cold patients arrive (``NEW_ROWS``, shown to
the student in the exercise cell): the same questions, answers not yet on screen. The rows
are data the lesson shows, so they live in :mod:`nbteach.datasets` (``FLU_COLD_NEW_ROWS``).
"""
from __future__ import annotations

from fractions import Fraction

import pandas as pd

import nbteach
from ..counts import value_counts_by_class
from ..datasets import FLU_COLD_NEW_ROWS as NEW_ROWS, flu_cold, flu_cold_query
from ..probability import prob
from ._flu import data as _data, model as _flu_model
from .core import Mistake, define


def _table():
    """Note 001's table with the two new Cold patients (7 rows)."""
    return pd.concat([flu_cold(), pd.DataFrame(NEW_ROWS)], ignore_index=True)


def _xy():
    df = _table()
    return df.drop(columns="Diagnosis"), df["Diagnosis"]


def _model(**kw):
    X, y = _xy()
    return nbteach.CategoricalNB(exact=True, **kw).fit(X, y)


def _first():
    return flu_cold_query("first")


def _counts(feature):
    X, y = _xy()
    return value_counts_by_class(X[feature], y)


define(
    "02.prior_flu",
    prompt={"en": "Two more patients, both Cold, join the flu/cold table (table7 in the exercise cell). "
                  "What is the prior P(Flu) now? An exact Fraction.",
            "zh": "流感/感冒表新增两位病人，都是 Cold（见练习单元格中的 table7）。现在先验概率 P(Flu) 是多少？给出精确分数。"},
    answer=lambda: _model().prior_["Flu"],
    exact=True,
    mistakes=[
        Mistake("count_not_divided", lambda: int(_xy()[1].value_counts()["Flu"]),
                {"en": "That is the number of Flu rows, a count: divide by the number of rows.",
                 "zh": "这是 Flu 的行数（计数）：还要除以总行数。"}),
        Mistake("integer_division", lambda: int(_xy()[1].value_counts()["Flu"]) // len(_xy()[1]),
                {"en": "0 is what integer division gives for a count smaller than the total: divide "
                       "with / or make a Fraction.",
                 "zh": "计数小于总数时，整数除法的结果是 0：请用 / 或 Fraction。"}),
        Mistake("wrong_class", lambda: _model().prior_["Cold"],
                {"en": "That is the prior of Cold: count the Flu rows.",
                 "zh": "这是 Cold 的先验概率：请数 Flu 的行。"}),
        Mistake("old_table", lambda: _flu_model(exact=True).prior_["Flu"],
                {"en": "That is P(Flu) in the note's five rows; the table now has seven.",
                 "zh": "这是笔记原来五行中的 P(Flu)；现在表中有七行。"}),
    ],
    hints=[{"en": "Count the Flu rows of the new table, and all its rows.",
            "zh": "数一数新表中 Flu 的行数，以及总行数。"}],
    solution={"en": "from nbteach.probability import prob\nanswer = prob(table7, Diagnosis='Flu')",
              "zh": "from nbteach.probability import prob\nanswer = prob(table7, Diagnosis='Flu')"},
)


def _normalised_rows(counts):
    """P(c | value) from a count table: each row divided by its sum (the mistake P(c|x))."""
    out = counts.astype(object)
    for v in counts.index:
        total = int(counts.loc[v].sum())
        for c in counts.columns:
            out.loc[v, c] = Fraction(int(counts.loc[v, c]), total)
    return out


def _divided(counts, by):
    out = counts.astype(object)
    for v in counts.index:
        for c in counts.columns:
            out.loc[v, c] = Fraction(int(counts.loc[v, c]), int(by(c)))
    return out


define(
    "02.headache_table",
    leak_check="the Headache table of the seven-row table; the lesson prints only the five-row tables (same Flu column, other Cold column)",
    prompt={"en": "On the seven-row table (table7), give P(Headache = value | class) as a DataFrame: one row "
                  "per Headache value (mild, no, severe), one column per class (Cold, Flu). No smoothing.",
            "zh": "在七行的表（table7）上，以 DataFrame 给出 P(Headache = 取值 | 类别)：每个头痛取值（mild, no, severe）一行，"
                  "每个类别（Cold, Flu）一列。不平滑。"},
    answer=lambda: _model().tables_["Headache"],
    rtol=1e-6,
    mistakes=[
        Mistake("counts_not_divided", lambda: _counts("Headache"),
                {"en": "These are counts: divide each column by the number of rows of its class.",
                 "zh": "这些是计数：每一列要除以该类的行数。"}),
        Mistake("joint_not_conditional", lambda: _divided(_counts("Headache"), lambda c: len(_xy()[1])),
                {"en": "You divided by all the rows, which gives the joint P(Headache, class). "
                       "P(value | class) divides by the rows of that class only.",
                 "zh": "你除以了全部行数，得到的是联合概率 P(Headache, 类别)。P(取值 | 类别) 只除以该类的行数。"}),
        Mistake("posterior_for_likelihood", lambda: _normalised_rows(_counts("Headache")),
                {"en": "Each of your rows sums to 1: that is P(class | Headache value), the "
                       "reverse conditional. P(value | class) makes each column sum to 1.",
                 "zh": "你的每一行之和为 1：这是反过来的 P(类别 | 头痛取值)。P(取值 | 类别) 应使每一列之和为 1。"}),
    ],
    hints=[
        {"en": "Within the Flu rows, how often is Headache severe, mild, no? Same for Cold.",
         "zh": "在 Flu 的行里，头痛 severe、mild、no 各出现几次？Cold 同理。"},
        {"en": "nbteach.counts.value_counts_by_class gives the counts; divide each column by its class count.",
         "zh": "nbteach.counts.value_counts_by_class 给出计数；每一列除以该类的计数。"},
    ],
    solution={"en": "nb7 = CategoricalNB(exact=True).fit(table7.drop(columns='Diagnosis'), table7['Diagnosis'])\n"
                    "answer = nb7.tables_['Headache']",
              "zh": "nb7 = CategoricalNB(exact=True).fit(table7.drop(columns='Diagnosis'), table7['Diagnosis'])\n"
                    "answer = nb7.tables_['Headache']"},
)

define(
    "02.score_cold",
    prompt={"en": "Trained on the seven-row table (table7), what is the naive Bayes score "
                  "P(Cold) * prod P(x_m | Cold) of the note's first patient (Headache=mild, Sore=severe, "
                  "Temperature=normal, Cough=no)? No smoothing; an exact Fraction.",
            "zh": "在七行的表（table7）上训练，笔记第一位病人（Headache=mild, Sore=severe, Temperature=normal, "
                  "Cough=no）的朴素贝叶斯得分 P(Cold) * prod P(x_m | Cold) 是多少？不平滑；给出精确分数。"},
    answer=lambda: _model().joint(_first()).iloc[0]["Cold"],
    exact=True,
    mistakes=[
        Mistake("old_table", lambda: _flu_model(exact=True).joint(_first()).iloc[0]["Cold"],
                {"en": "That is the score on the note's five rows; train on the seven-row table.",
                 "zh": "这是在笔记原来五行上的得分；请在七行的表上训练。"}),
        Mistake("prior_forgotten",
                lambda: _model().joint(_first()).iloc[0]["Cold"] / _model().prior_["Cold"],
                {"en": "You multiplied the four likelihoods but forgot the prior P(Cold).",
                 "zh": "你把四个似然相乘了，但忘了乘以先验概率 P(Cold)。"}),
        Mistake("normalised", lambda: _model().predict_proba(_first())[0][list(_model().classes_).index("Cold")],
                {"en": "That is the posterior P(Cold | x) (normalised over the classes); the "
                       "question asks for the unnormalised score.",
                 "zh": "这是归一化后的后验概率 P(Cold | x)；题目要的是未归一化的得分。"}),

        Mistake("other_class", lambda: _model().joint(_first()).iloc[0]["Flu"],
                {"en": "That is the score of Flu, the other class: use the Cold rows' prior and "
                       "likelihoods P(x_m | Cold).",
                 "zh": "这是另一类 Flu 的得分：请用 Cold 的先验概率和似然 P(x_m | Cold)。"}),
    ],
    hints=[
        {"en": "Four factors P(x_m | Cold), one per symptom, times the prior.",
         "zh": "四个因子 P(x_m | Cold)（每个症状一个），再乘以先验概率。"},
    ],
    solution={"en": "nb7 = CategoricalNB(exact=True).fit(table7.drop(columns='Diagnosis'), table7['Diagnosis'])\n"
                    "answer = nb7.joint(flu_cold_query('first')).iloc[0]['Cold']",
              "zh": "nb7 = CategoricalNB(exact=True).fit(table7.drop(columns='Diagnosis'), table7['Diagnosis'])\n"
                    "answer = nb7.joint(flu_cold_query('first')).iloc[0]['Cold']"},
)


def _likelihood_inputs(rng):
    """Random (table, feature, value, class) queries on shuffled copies of the flu/cold table."""
    out = [((flu_cold(), "Headache", "severe", "Flu"), {})]  # tells every mistake apart
    for _ in range(5):
        df = flu_cold().sample(frac=1, random_state=rng.randrange(10**6)).reset_index(drop=True)
        feature = rng.choice(["Headache", "Sore", "Temperature", "Cough"])
        value = rng.choice(sorted(set(df[feature])))
        cls = rng.choice(["Flu", "Cold"])
        out.append(((df, feature, value, cls), {}))
    return out


def _ref_likelihood():
    return lambda df, feature, value, cls: prob(df, {feature: value}, given={"Diagnosis": cls})


def _reverse_likelihood():
    return lambda df, feature, value, cls: prob(df, {"Diagnosis": cls}, given={feature: value})


def _joint_likelihood():
    return lambda df, feature, value, cls: prob(df, {feature: value, "Diagnosis": cls})


def _floor_likelihood():
    def f(df, feature, value, cls):
        p = prob(df, {feature: value}, given={"Diagnosis": cls})
        return p.numerator // p.denominator
    return f


define(
    "02.likelihood_function",
    prompt={"en": "Write likelihood(df, feature, value, cls) returning P(feature = value | "
                  "Diagnosis = cls) from the table df, exactly (a Fraction).",
            "zh": "编写 likelihood(df, feature, value, cls)，根据表 df 精确地（用 Fraction）返回 "
                  "P(feature = value | Diagnosis = cls)。"},
    answer=_ref_likelihood,
    kind="function",
    inputs=_likelihood_inputs,
    exact=True,  # the prompt asks for a Fraction: a float return is reported as such
    mistakes=[
        Mistake("posterior_for_likelihood", _reverse_likelihood,
                {"en": "Your function computes P(Diagnosis = cls | feature = value): condition on "
                       "the class instead (keep only the rows of class cls).",
                 "zh": "你的函数算的是 P(Diagnosis = cls | feature = value)：应当以类别为条件（只保留类别为 cls 的行）。"}),
        Mistake("joint_not_conditional", _joint_likelihood,
                {"en": "Your function divides by all rows (the joint P(value, cls)); divide by the "
                       "number of rows of class cls.",
                 "zh": "你的函数除以了全部行数（联合概率 P(value, cls)）；应除以类别 cls 的行数。"}),
        Mistake("integer_division", _floor_likelihood,
                {"en": "Your function returns whole numbers: integer division (//) rounds every "
                       "probability below 1 down to 0. Use Fraction(count, total).",
                 "zh": "你的函数返回整数：整数除法（//）把每个小于 1 的概率都舍成 0。请用 Fraction(count, total)。"}),
    ],
    hints=[
        {"en": "Keep the rows with df['Diagnosis'] == cls, then count those with df[feature] == value.",
         "zh": "先保留 df['Diagnosis'] == cls 的行，再数其中 df[feature] == value 的行。"},
        {"en": "Return Fraction(count, number of rows of the class); do not modify df.",
         "zh": "返回 Fraction(计数, 该类行数)；不要修改 df。"},
    ],
    solution={"en": "from fractions import Fraction\n\n"
                    "def likelihood(df, feature, value, cls):\n"
                    "    rows = df[df['Diagnosis'] == cls]\n"
                    "    return Fraction(int((rows[feature] == value).sum()), len(rows))",
              "zh": "from fractions import Fraction\n\n"
                    "def likelihood(df, feature, value, cls):\n"
                    "    rows = df[df['Diagnosis'] == cls]   # 只看这一类\n"
                    "    return Fraction(int((rows[feature] == value).sum()), len(rows))"},
)
