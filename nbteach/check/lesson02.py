"""Exercises of lesson 02, the flu/cold table of note 001 worked by hand.

Ids: ``02.prior_flu``, ``02.headache_table``, ``02.score_cold``, ``02.likelihood_function``,
``02.cpt_function``.

The lesson works note 001's five rows and prints their prior, tables and scores, so the first
three exercises work on the table after two more Cold patients arrive (``NEW_ROWS``, shown to
the student in the exercise cell): the same questions, answers not yet on screen. The rows
are data the lesson shows, so they live in :mod:`nbteach.datasets` (``FLU_COLD_NEW_ROWS``).
The last two are build-its: one entry, then a whole conditional probability table, counted by
the student with ``prob``, ``probability_table`` and ``CategoricalNB`` switched off.
"""
from __future__ import annotations

from fractions import Fraction

import pandas as pd

import nbteach
from ..counts import value_counts_by_class
from ..datasets import FLU_COLD_FEATURES, FLU_COLD_NEW_ROWS as NEW_ROWS, flu_cold, flu_cold_query
from ..probability import prob
from ..smoothing import probability_table
from ._flu import model as _flu_model, random_table, table7
from ._unswitched import unswitched
from .core import Mistake, define

#: the library names that count a table's probabilities for the student: switched off while the
#: build-its of this lesson check a function
_COUNTING = ("nbteach.probability.prob", "nbteach.smoothing.probability_table",
             "nbteach.categorical.CategoricalNB")
_prob, _probability_table = unswitched(prob), unswitched(probability_table)


def _table():
    """Note 001's table with the two new Cold patients (7 rows)."""
    return table7()


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
    """(table, feature, value, class) queries: note 001's table (tells every mistake apart), a value
    the class never shows (0), shuffled copies, a class with a single patient."""
    out = [((flu_cold(), "Headache", "severe", "Flu"), {}), ((flu_cold(), "Cough", "no", "Flu"), {})]
    for _ in range(2):
        df = flu_cold().sample(frac=1, random_state=rng.randrange(10**6)).reset_index(drop=True)
        feature = rng.choice(list(FLU_COLD_FEATURES))
        out.append(((df, feature, rng.choice(sorted(set(df[feature]))), rng.choice(["Flu", "Cold"])), {}))
    df = random_table(rng, one_row="Cold")
    feature = rng.choice(list(FLU_COLD_FEATURES))
    out.append(((df, feature, rng.choice(sorted(set(df[feature]))), "Cold"), {}))
    return out


def _ref_likelihood():
    return lambda df, feature, value, cls: _prob(df, {feature: value}, given={"Diagnosis": cls})


def _reverse_likelihood():
    return lambda df, feature, value, cls: _prob(df, {"Diagnosis": cls}, given={feature: value})


def _joint_likelihood():
    return lambda df, feature, value, cls: _prob(df, {feature: value, "Diagnosis": cls})


def _floor_likelihood():
    def f(df, feature, value, cls):
        p = _prob(df, {feature: value}, given={"Diagnosis": cls})
        return p.numerator // p.denominator
    return f


define(
    "02.likelihood_function",
    prompt={"en": "Write likelihood(df, feature, value, cls) returning P(feature = value | "
                  "Diagnosis = cls) from the table df, exactly (a Fraction). Count it yourself: "
                  "nbteach's prob, probability_table and CategoricalNB are switched off while your "
                  "function is checked.",
            "zh": "编写 likelihood(df, feature, value, cls)，根据表 df 精确地（用 Fraction）返回 "
                  "P(feature = value | Diagnosis = cls)。请自己计数：检查你的函数时，nbteach 的 prob、"
                  "probability_table 和 CategoricalNB 会被关闭。"},
    answer=_ref_likelihood,
    kind="function",
    inputs=_likelihood_inputs,
    exact=True,  # the prompt asks for a Fraction: a float return is reported as such
    forbidden=_COUNTING,
    shortcut=lambda df, feature, value, cls: prob(df, {feature: value}, given={"Diagnosis": cls}),
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


# ---------------------------------------------------------------- build-it: a whole table from counts
def _cpt():
    """The library's table: count by value and class, then each class column over its class count."""
    return lambda df, feature: _probability_table(value_counts_by_class(df[feature], df["Diagnosis"]))


def _wrong_cpt(kind):
    """The usual wrong tables, each made from the library's counts with the mistake applied (through
    the unswitched copies: a mistake passed to the check is diagnosed, not refused as a shortcut)."""
    def make():
        def f(df, feature):
            counts = value_counts_by_class(df[feature], df["Diagnosis"])
            if kind == "counts_not_divided":
                return counts
            if kind == "joint_not_conditional":
                return _divided(counts, lambda c: len(df))
            if kind == "posterior_for_likelihood":
                return _normalised_rows(counts)
            if kind == "laplace_smoothed":
                return _probability_table(counts, alpha=1)
            return _probability_table(counts).T      # classes_as_rows
        return f
    return make


def _cpt_inputs(rng):
    """Note 001's Headache (tells every mistake apart), then random tables: a value one class never
    shows (a 0 entry), a class with a single patient, three classes, a two-valued feature, a value
    the table never shows (no row for it)."""
    out = [((flu_cold(), "Headache"), {})]
    df = random_table(rng, one_row="Cold")
    out.append(((df, rng.choice(["Headache", "Sore"])), {}))
    df = random_table(rng, classes=("Flu", "Cold", "Healthy"))
    out.append(((df, rng.choice(list(FLU_COLD_FEATURES))), {}))
    df = random_table(rng)
    out.append(((df, rng.choice(["Temperature", "Cough"])), {}))
    df = random_table(rng)
    df["Headache"] = df["Headache"].replace("no", "mild")   # a value no patient of this table shows: no row
    out.append(((df, "Headache"), {}))
    return out


define(
    "02.cpt_function",
    leak_check="a function: the lesson prints tables of note 001's rows, the check calls it on other tables",
    prompt={"en": "Write cpt(df, feature) returning the conditional probability table P(feature = value | "
                  "Diagnosis = class) of the table df, no smoothing: a DataFrame with one row for each value "
                  "of the feature that occurs in df and one column for each class, exact Fractions (0 where a "
                  "class never shows the value). Count it yourself: nbteach's prob, probability_table and "
                  "CategoricalNB are switched off while your function is checked.",
            "zh": "编写 cpt(df, feature)，返回表 df 的条件概率表 P(feature = 取值 | Diagnosis = 类别)，不平滑："
                  "一个 DataFrame，df 中该属性出现过的每个取值一行，每个类别一列，元素为精确的 Fraction"
                  "（某类从未出现该取值时为 0）。请自己计数：检查你的函数时，nbteach 的 prob、probability_table "
                  "和 CategoricalNB 会被关闭。"},
    answer=_cpt,
    kind="function",
    inputs=_cpt_inputs,
    exact=True,
    forbidden=_COUNTING,
    shortcut=lambda df, feature: nbteach.CategoricalNB(exact=True).fit(df[[feature]], df["Diagnosis"]).tables_[feature],
    mistakes=[
        Mistake("counts_not_divided", _wrong_cpt("counts_not_divided"),
                {"en": "Your table holds counts: divide each class's column by the number of rows of that class.",
                 "zh": "你的表里是计数：每个类别的一列要除以该类别的行数。"}),
        Mistake("joint_not_conditional", _wrong_cpt("joint_not_conditional"),
                {"en": "Your table divides by all the rows: that is the joint P(value, class), and the whole "
                       "table sums to 1. P(value | class) divides by the rows of that class, so each column sums to 1.",
                 "zh": "你的表除以了全部行数：这是联合概率 P(取值, 类别)，整张表之和为 1。P(取值 | 类别) 要除以该类别的行数，"
                       "使每一列之和为 1。"}),
        Mistake("posterior_for_likelihood", _wrong_cpt("posterior_for_likelihood"),
                {"en": "Each of your rows sums to 1: that is P(class | value), the reverse conditional. "
                       "Condition on the class: each column must sum to 1.",
                 "zh": "你的每一行之和为 1：这是反过来的 P(类别 | 取值)。应以类别为条件：每一列之和必须为 1。"}),
        Mistake("classes_as_rows", _wrong_cpt("classes_as_rows"),
                {"en": "Your table has the classes as rows and the values as columns: the values of the feature "
                       "go down the rows, one column per class (as tables_ prints them).",
                 "zh": "你的表把类别放在行、取值放在列：属性的取值应沿行排列，每个类别一列（与 tables_ 的打印方式相同）。"}),
        Mistake("laplace_smoothed", _wrong_cpt("laplace_smoothed"),
                {"en": "Your table is smoothed (one pseudo-count per value): this exercise asks for the plain "
                       "counts, no smoothing; a value a class never shows gets 0.",
                 "zh": "你的表做了平滑（每个取值一个伪计数）：本题要的是不平滑的计数比例；某类从未出现的取值应为 0。"}),
    ],
    hints=[
        {"en": "For each class, keep its rows; among them count each value of the feature; divide by the "
               "number of rows of the class.",
         "zh": "对每个类别，只保留它的行；在这些行中数该属性每个取值出现几次；再除以该类别的行数。"},
        {"en": "A value that occurs in df but never with a class still needs its row, with 0 in that "
               "class's column; pd.crosstab or a loop over sorted(set(...)) gives every value.",
         "zh": "在 df 中出现过、但从未与某类别同时出现的取值仍要占一行，该类别一列填 0；"
               "pd.crosstab 或对 sorted(set(...)) 的循环可以得到所有取值。"},
    ],
    solution={"en": "def cpt(df, feature):\n"
                    "    values = sorted(set(df[feature]))\n"
                    "    classes = sorted(set(df['Diagnosis']))\n"
                    "    table = {}\n"
                    "    for c in classes:\n"
                    "        rows = df[df['Diagnosis'] == c]\n"
                    "        table[c] = [Fraction(int((rows[feature] == v).sum()), len(rows)) for v in values]\n"
                    "    return pd.DataFrame(table, index=values)",
              "zh": "def cpt(df, feature):\n"
                    "    values = sorted(set(df[feature]))\n"
                    "    classes = sorted(set(df['Diagnosis']))\n"
                    "    table = {}\n"
                    "    for c in classes:\n"
                    "        rows = df[df['Diagnosis'] == c]   # 只看这一类\n"
                    "        table[c] = [Fraction(int((rows[feature] == v).sum()), len(rows)) for v in values]\n"
                    "    return pd.DataFrame(table, index=values)"},
)
