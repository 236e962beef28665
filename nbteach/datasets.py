"""Small data sets the lessons work by hand.

The flu/cold table is the one of the course note ``001`` (five patients, four symptoms).
Real data sets for the later lessons come from installed packages (see ``nbteach.text``).
Data a lesson shows lives here, also when its exercises use it: the exercise modules
(``nbteach.check.lessonNN``) import it from this module, never the other way round.
"""
from __future__ import annotations

import pandas as pd

from nbteach._base import NbteachError
from nbteach.i18n import tr

__all__ = ["flu_cold", "flu_cold_query", "FLU_COLD_FEATURES", "FLU_COLD_QUERIES",
           "FLU_COLD_NEW_ROWS", "watermelon", "WATERMELON_BOOK_EXAMPLE", "EM_EXERCISE_WORDS",
           "EM_EXERCISE_X", "EM_EXERCISE_Y"]

FLU_COLD_FEATURES = ("Headache", "Sore", "Temperature", "Cough")

_FLU_COLD_ROWS = (
    ("severe", "mild", "high", "yes", "Flu"),
    ("no", "severe", "normal", "yes", "Cold"),
    ("mild", "mild", "normal", "yes", "Flu"),
    ("mild", "no", "normal", "no", "Cold"),
    ("severe", "severe", "normal", "yes", "Flu"),
)

#: The two patients the note asks about: the first is classified Cold; for the second
#: every class scores 0 without smoothing.
FLU_COLD_QUERIES = {
    "first": {"Headache": "mild", "Sore": "severe", "Temperature": "normal", "Cough": "no"},
    "second": {"Headache": "severe", "Sore": "mild", "Temperature": "high", "Cough": "no"},
}

#: Two more patients, both Cold, added to note 001's table for lesson 02's exercises
#: (the lesson shows them in its exercise cell as ``NEW_ROWS``).
FLU_COLD_NEW_ROWS = [
    {"Headache": "severe", "Sore": "no", "Temperature": "normal", "Cough": "no", "Diagnosis": "Cold"},
    {"Headache": "mild", "Sore": "mild", "Temperature": "normal", "Cough": "yes", "Diagnosis": "Cold"},
]


def flu_cold():
    """The flu/cold training table of note ``001``, as a pandas DataFrame.

    Columns are ``Headache, Sore, Temperature, Cough`` (the features) and ``Diagnosis``
    (the class, ``Flu`` or ``Cold``). A fresh copy is returned on every call, so a
    student may change it freely.

    Examples
    --------
    >>> df = flu_cold()
    >>> list(df.columns)
    ['Headache', 'Sore', 'Temperature', 'Cough', 'Diagnosis']
    >>> df["Diagnosis"].value_counts().to_dict()
    {'Flu': 3, 'Cold': 2}
    """

    return pd.DataFrame(list(_FLU_COLD_ROWS), columns=[*FLU_COLD_FEATURES, "Diagnosis"])


def flu_cold_query(which: str = "first"):
    """One of the note's two query patients, as a one-row DataFrame of the four features.

    >>> flu_cold_query("second").iloc[0].to_dict()
    {'Headache': 'severe', 'Sore': 'mild', 'Temperature': 'high', 'Cough': 'no'}
    """

    if which not in FLU_COLD_QUERIES:
        raise NbteachError(tr({"en": f"which must be 'first' or 'second', got {which!r}.",
                               "zh": f"which 必须是 'first' 或 'second'，你给的是 {which!r}。"}))
    return pd.DataFrame([FLU_COLD_QUERIES[which]], columns=list(FLU_COLD_FEATURES))


# Zhou Zhihua, 机器学习 (Machine Learning), Tsinghua University Press, 2016: 西瓜数据集 3.0,
# Table 4.3 (p. 84); used again in section 7.3 for naive Bayes. Typed from the published table.
_WATERMELON_COLUMNS = ("色泽", "根蒂", "敲声", "纹理", "脐部", "触感", "密度", "含糖率", "好瓜")
_WATERMELON_ROWS = (
    ("青绿", "蜷缩", "浊响", "清晰", "凹陷", "硬滑", 0.697, 0.460, "是"),
    ("乌黑", "蜷缩", "沉闷", "清晰", "凹陷", "硬滑", 0.774, 0.376, "是"),
    ("乌黑", "蜷缩", "浊响", "清晰", "凹陷", "硬滑", 0.634, 0.264, "是"),
    ("青绿", "蜷缩", "沉闷", "清晰", "凹陷", "硬滑", 0.608, 0.318, "是"),
    ("浅白", "蜷缩", "浊响", "清晰", "凹陷", "硬滑", 0.556, 0.215, "是"),
    ("青绿", "稍蜷", "浊响", "清晰", "稍凹", "软粘", 0.403, 0.237, "是"),
    ("乌黑", "稍蜷", "浊响", "稍糊", "稍凹", "软粘", 0.481, 0.149, "是"),
    ("乌黑", "稍蜷", "浊响", "清晰", "稍凹", "硬滑", 0.437, 0.211, "是"),
    ("乌黑", "稍蜷", "沉闷", "稍糊", "稍凹", "硬滑", 0.666, 0.091, "否"),
    ("青绿", "硬挺", "清脆", "清晰", "平坦", "软粘", 0.243, 0.267, "否"),
    ("浅白", "硬挺", "清脆", "模糊", "平坦", "硬滑", 0.245, 0.057, "否"),
    ("浅白", "蜷缩", "浊响", "模糊", "平坦", "软粘", 0.343, 0.099, "否"),
    ("青绿", "稍蜷", "浊响", "稍糊", "凹陷", "硬滑", 0.639, 0.161, "否"),
    ("浅白", "稍蜷", "沉闷", "稍糊", "凹陷", "硬滑", 0.657, 0.198, "否"),
    ("乌黑", "稍蜷", "浊响", "清晰", "稍凹", "软粘", 0.360, 0.370, "否"),
    ("浅白", "蜷缩", "浊响", "模糊", "平坦", "硬滑", 0.593, 0.042, "否"),
    ("青绿", "蜷缩", "沉闷", "稍糊", "稍凹", "硬滑", 0.719, 0.103, "否"),
)
_WATERMELON_EN_COLUMNS = ("color", "root", "knock", "texture", "navel", "touch", "density", "sugar", "ripe")
_WATERMELON_EN_VALUES = {
    "青绿": "green", "乌黑": "dark", "浅白": "light",
    "蜷缩": "curled", "稍蜷": "slightly curled", "硬挺": "stiff",
    "浊响": "dull", "沉闷": "muffled", "清脆": "crisp",
    "清晰": "clear", "稍糊": "slightly blurry", "模糊": "blurry",
    "凹陷": "sunken", "稍凹": "slightly sunken", "平坦": "flat",
    "硬滑": "hard smooth", "软粘": "soft sticky",
    "是": "yes", "否": "no",
}

#: The worked example of section 7.3 of Zhou's book (test melon "测1", row 1's values), with
#: the numbers as PRINTED in the book: the lesson recomputes each from the data and shows
#: where they differ. Conditional probabilities keyed (attribute, value, class).
WATERMELON_BOOK_EXAMPLE = {
    "query": {"色泽": "青绿", "根蒂": "蜷缩", "敲声": "浊响", "纹理": "清晰", "脐部": "凹陷",
              "触感": "硬滑", "密度": 0.697, "含糖率": 0.460},
    "prior": {"是": 0.471, "否": 0.529},
    "categorical": {
        ("色泽", "青绿", "是"): 0.375, ("色泽", "青绿", "否"): 0.333,
        ("根蒂", "蜷缩", "是"): 0.625, ("根蒂", "蜷缩", "否"): 0.333,
        ("敲声", "浊响", "是"): 0.750, ("敲声", "浊响", "否"): 0.444,
        ("纹理", "清晰", "是"): 0.875, ("纹理", "清晰", "否"): 0.222,
        ("脐部", "凹陷", "是"): 0.750, ("脐部", "凹陷", "否"): 0.222,
        ("触感", "硬滑", "是"): 0.750, ("触感", "硬滑", "否"): 0.667,
    },
    # the fractions the book writes before the decimals (P凹陷|是 is printed as 6/8)
    "categorical_fractions": {
        ("色泽", "青绿", "是"): (3, 8), ("色泽", "青绿", "否"): (3, 9),
        ("根蒂", "蜷缩", "是"): (5, 8), ("根蒂", "蜷缩", "否"): (3, 9),
        ("敲声", "浊响", "是"): (6, 8), ("敲声", "浊响", "否"): (4, 9),
        ("纹理", "清晰", "是"): (7, 8), ("纹理", "清晰", "否"): (2, 9),
        ("脐部", "凹陷", "是"): (6, 8), ("脐部", "凹陷", "否"): (2, 9),
        ("触感", "硬滑", "是"): (6, 8), ("触感", "硬滑", "否"): (6, 9),
    },
    "gaussian": {  # mean, standard deviation (sample sd, ddof=1), density at the query
        ("密度", "是"): (0.574, 0.129, 1.959), ("密度", "否"): (0.496, 0.195, 1.203),
        ("含糖率", "是"): (0.279, 0.101, 0.788), ("含糖率", "否"): (0.154, 0.108, 0.066),
    },
    "score": {"是": 0.038, "否": 6.80e-5},
}


def watermelon(english: bool = False):
    """Zhou Zhihua's watermelon data set 3.0 (西瓜数据集 3.0): 17 melons, six categorical
    attributes, two numeric ones, and whether the melon is good.

    Source: 周志华《机器学习》(Zhou Zhihua, *Machine Learning*), Tsinghua University Press,
    2016, Table 4.3, p. 84; the naive Bayes example of section 7.3 uses it. Typed from the
    published table; row 1 is the book's test melon "测1".

    Columns 色泽 根蒂 敲声 纹理 脐部 触感 (strings), 密度 and 含糖率 (floats), 好瓜 ('是'/'否');
    the index is the book's 编号 1..17. ``english=True`` gives English names: color, root,
    knock, texture, navel, touch, density, sugar and ripe ('yes'/'no').

    >>> df = watermelon()
    >>> df.shape, df["好瓜"].value_counts().to_dict()
    ((17, 9), {'否': 9, '是': 8})
    >>> print(*watermelon(english=True).loc[1], sep=", ")
    green, curled, dull, clear, sunken, hard smooth, 0.697, 0.46, yes
    """

    df = pd.DataFrame(list(_WATERMELON_ROWS), columns=list(_WATERMELON_COLUMNS),
                      index=pd.RangeIndex(1, len(_WATERMELON_ROWS) + 1, name="编号"))
    if english:
        df = df.rename(columns=dict(zip(_WATERMELON_COLUMNS, _WATERMELON_EN_COLUMNS)))
        df.index.name = "id"
        for col in df.columns:
            if df[col].dtype == object or str(df[col].dtype).startswith(("str", "string")):
                df[col] = df[col].map(_WATERMELON_EN_VALUES)
    return df


#: Lesson 12's exercises: five short documents as word counts over EM_EXERCISE_WORDS, and
#: their labels (-1: unlabelled, as in scikit-learn). The lesson shows them in its Exercises
#: section as ``WORDS``, ``X_EX`` and ``Y_EX``; its own worked iteration uses other documents.
EM_EXERCISE_WORDS = ["cheap", "offer", "meeting", "lunch"]
EM_EXERCISE_X = [[3, 2, 0, 1],
                 [0, 1, 3, 2],
                 [2, 0, 1, 1],
                 [3, 1, 0, 1],
                 [0, 1, 1, 2]]
EM_EXERCISE_Y = ["spam", "ham", -1, -1, -1]
