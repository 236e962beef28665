"""Exercises of lesson 10, semi-naive Bayes (SPODE, AODE and TAN).

Ids: ``10.spode_factor``, ``10.aode_posterior``, ``10.tan_cmi``.

The first works on note 001's flu/cold table, which the lesson does not use (it works on
the Titanic passengers), so no earlier output shows its answer; the second asks about a
Titanic passenger the lesson does not explain, and has AODE's posterior built from the SPODEs
that serve (m = 200 leaves one out), not read off AODE.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pandas as pd

from nbteach import CategoricalNB
from ..realdata import titanic
from ..semi_naive import AODE, SPODE, _cmi_from_joint, conditional_mutual_information
from ._flu import data as _flu
from .core import Mistake, define

def _spode_counts():
    """Counts of SPODE(parent='Temperature') behind P(Sore = severe | Flu, Temperature = normal)."""
    X, y = _flu()
    m = SPODE(parent="Temperature", alpha=1).fit(X, y)
    names = list(m.feature_names_in_)
    i, j = names.index("Temperature"), names.index("Sore")
    c = list(m.classes_).index("Flu")
    xi = m.categories_[i].index("normal")
    xj = m.categories_[j].index("severe")
    nj = len(m.categories_[j])
    return (int(m.triple_count_[i, j][c, xi, xj]), int(m.pair_count_[i][c, xi]), nj,
            int(m.class_count_[c]), int(m.pair_count_[j][c, xj]))


def _factor(kind="right"):
    tri, pair, nj, n_c, n_cj = _spode_counts()
    if kind == "right":
        return Fraction(tri + 1, pair + nj)
    if kind == "unsmoothed":
        return Fraction(tri, pair)
    if kind == "alpha_once":
        return Fraction(tri + 1, pair + 1)
    if kind == "naive":
        return Fraction(n_cj + 1, n_c + nj)
    raise ValueError(kind)


define(
    "10.spode_factor",
    leak_check="a small fraction; lesson 10 works its SPODEs on the Titanic passengers, not on the flu/cold table",
    prompt={"en": "On note 001's flu/cold table, a SPODE with super-parent Temperature and alpha = 1 "
                  "needs P(Sore = severe | Flu, Temperature = normal). What is it? Give an exact Fraction.",
            "zh": "在笔记 001 的流感/感冒表上，以 Temperature 为超父、alpha = 1 的 SPODE 需要 "
                  "P(Sore = severe | Flu, Temperature = normal)。它等于多少？给出精确分数（Fraction）。"},
    answer=lambda: _factor("right"),
    exact=True,
    mistakes=[
        Mistake("unsmoothed", lambda: _factor("unsmoothed"),
                {"en": "That is the unsmoothed ratio of counts: add alpha to the count, and alpha times "
                       "the number of Sore values to the denominator.",
                 "zh": "这是未平滑的计数之比：分子加 alpha，分母加 alpha 乘以 Sore 的取值个数。"}),
        Mistake("alpha_once", lambda: _factor("alpha_once"),
                {"en": "The denominator gets alpha once per value of the child attribute (Sore), "
                       "not once in all.",
                 "zh": "分母要为子属性（Sore）的每个取值各加一次 alpha，而不是总共加一次。"}),
        Mistake("naive", lambda: _factor("naive"),
                {"en": "That is naive Bayes' P(Sore = severe | Flu): a SPODE also conditions on the "
                       "super-parent's value, so count only the Flu rows with a normal temperature.",
                 "zh": "这是朴素贝叶斯的 P(Sore = severe | Flu)：SPODE 还要以超父的取值为条件，只数体温正常的 Flu 行。"}),
    ],
    hints=[
        {"en": "Which rows of the table are Flu with Temperature = normal? Among them, how many "
               "have a severe sore throat?",
         "zh": "表中哪些行是 Flu 且 Temperature = normal？其中有几行 Sore = severe？"},
        {"en": "Note 002's P(x_j | c, x_i) with Laplace's +1: the denominator counts the rows of "
             "(c, x_i) plus one pseudo-count for each value Sore can take.",
         "zh": "笔记 002 的 P(x_j | c, x_i)，用拉普拉斯修正（+1）：分母是 (c, x_i) 的行数，再为 Sore 的每个取值各加一个伪计数。"},
    ],
    solution={"en": "m = SPODE(parent='Temperature', alpha=1).fit(X, y)\n"
                    "m.explain({'Headache': 'mild', 'Sore': 'severe', 'Temperature': 'normal', "
                    "'Cough': 'yes'})   # the row P(Sore=severe | c, Temperature=normal), column Flu\n"
                    "answer = Fraction(count + 1, rows + 3)   # Sore takes 3 values",
              "zh": "m = SPODE(parent='Temperature', alpha=1).fit(X, y)\n"
                    "m.explain({...})   # 看 P(Sore=severe | c, Temperature=normal) 那一行的 Flu 列\n"
                    "answer = Fraction(count + 1, rows + 3)   # Sore 有 3 个取值"},
)


_PASSENGER = {"class": "3rd class", "age": "child", "sex": "women"}
_M = 200   # 'child' has 109 training rows: its SPODE does not serve; 'class' and 'sex' do


def _titanic():
    return titanic()


def _yes(model):
    """P(survived = yes | the girl) under a fitted model."""
    return float(model.predict_proba(pd.DataFrame([_PASSENGER]))[0][list(model.classes_).index("yes")])


def _serving():
    X, _ = _titanic()
    return [c for c in X.columns if int((X[c] == _PASSENGER[c]).sum()) >= _M]


def _aode(m=_M):
    return _yes(AODE(m=m, alpha=1).fit(*_titanic()))


def _nb():
    return _yes(CategoricalNB(alpha=1).fit(*_titanic()))


def _spode(parent):
    return _yes(SPODE(parent=parent, alpha=1).fit(*_titanic()))


def _averaged_posteriors():
    """The serving SPODEs' posteriors averaged, instead of their scores added."""
    return sum(_spode(p) for p in _serving()) / len(_serving())


define(
    "10.aode_posterior",
    prompt={"en": "AODE(m=200, alpha=1) on all Titanic passengers (nbteach.realdata.titanic()), for a girl "
                  "(age = child, sex = women) travelling 3rd class. Which super-parents serve her (their value "
                  "shared by at least m = 200 training rows)? Build AODE's P(survived = yes) from those "
                  "SPODEs alone (SPODE(parent=..., alpha=1).explain prints each one's score), not with AODE "
                  "itself. A float.",
            "zh": "在全部泰坦尼克乘客（nbteach.realdata.titanic()）上用 AODE(m=200, alpha=1)，看一位乘坐三等舱的"
                  "女孩（age = child, sex = women）。哪些属性能为她充当超父（训练集中至少有 m = 200 行在该属性上与她取值相同）？"
                  "只用这些超父的 SPODE（SPODE(parent=..., alpha=1).explain 会列出每个的得分）构造 AODE 的 "
                  "P(survived = yes)，不要直接用 AODE。给出浮点数。"},
    answer=_aode,
    rtol=1e-4,   # explain prints each score to 6 significant digits; the mistakes differ by 0.8% or more
    mistakes=[
        Mistake("every_parent", lambda: _aode(m=1),
                {"en": "That adds every super-parent's SPODE. With m = 200, count the rows that share each of "
                       "her values: one of them is too rare to serve.",
                 "zh": "这把每个超父的 SPODE 都加上了。m = 200 时，数一数与她每个取值相同的行：其中一个太少，不能作为超父。"}),
        Mistake("averaged_posteriors", _averaged_posteriors,
                {"en": "That averages the SPODEs' posteriors. AODE adds their scores (the numerators) class by "
                       "class and normalises once: a SPODE whose scores are larger weighs more.",
                 "zh": "这是把各 SPODE 的后验取平均。AODE 是按类别把它们的得分（分子）相加，最后只归一化一次："
                       "得分大的 SPODE 权重更大。"}),
        Mistake("naive_bayes", _nb,
                {"en": "That is naive Bayes (CategoricalNB): AODE adds the SPODEs of the super-parents that serve.",
                 "zh": "这是朴素贝叶斯（CategoricalNB）的结果：AODE 要把能充当超父的各属性的 SPODE 相加。"}),
        Mistake("one_spode_class", lambda: _spode("class"),
                {"en": "That is a single SPODE; AODE combines every super-parent that serves.",
                 "zh": "这只是单个 SPODE；AODE 要结合所有能充当超父的属性。"}),
        Mistake("one_spode_sex", lambda: _spode("sex"),
                {"en": "That is a single SPODE; AODE combines every super-parent that serves.",
                 "zh": "这只是单个 SPODE；AODE 要结合所有能充当超父的属性。"}),
    ],
    hints=[
        {"en": "For each of her three values, how many training rows share it? Compare each count with m.",
         "zh": "她的三个取值，各有多少训练行与之相同？把每个计数与 m 比较。"},
        {"en": "Section 4: AODE adds up the numerators of the SPODEs that serve, then divides by the sum "
               "over the classes.",
         "zh": "第 4 节：AODE 把能充当超父的 SPODE 的分子相加，再除以对各类别求的和。"},
    ],
    solution={"en": "X, y = titanic()\n"
                    "girl = {'class': '3rd class', 'age': 'child', 'sex': 'women'}\n"
                    "serving = [c for c in X.columns if (X[c] == girl[c]).sum() >= 200]   # child: 109 rows\n"
                    "scores = sum(SPODE(parent=c, alpha=1).fit(X, y).explain(girl).loc['product (score)']"
                    ".astype(float) for c in serving)\n"
                    "answer = scores['yes'] / scores.sum()",
              "zh": "X, y = titanic()\n"
                    "girl = {'class': '3rd class', 'age': 'child', 'sex': 'women'}\n"
                    "serving = [c for c in X.columns if (X[c] == girl[c]).sum() >= 200]   # child 只有 109 行\n"
                    "scores = sum(SPODE(parent=c, alpha=1).fit(X, y).explain(girl).loc['product (score)']"
                    ".astype(float) for c in serving)\n"
                    "answer = scores['yes'] / scores.sum()"},
)


def _flu_joint(pair=("Sore", "Temperature")):
    """Relative frequencies p[c, a, b] of (Diagnosis, Sore, Temperature) on the flu/cold table."""
    X, y = _flu()
    a, b = (sorted(set(X[col])) for col in pair)
    classes = sorted(set(y))
    p = np.zeros((len(classes), len(a), len(b)))
    for c, va, vb in zip(y, X[pair[0]], X[pair[1]]):
        p[classes.index(c), a.index(va), b.index(vb)] += 1
    return p / p.sum()


def _cmi(kind="right"):
    X, y = _flu()
    if kind == "right":
        return float(conditional_mutual_information(X, y).loc["Sore", "Temperature"])
    p = _flu_joint()
    if kind == "bits":
        return _cmi("right") / math.log(2)
    if kind == "ignores_class":   # I(Sore; Temperature), the class left out
        return _cmi_from_joint(p.sum(axis=0, keepdims=True))
    if kind == "unweighted":      # each class's I(Sore; Temperature | c) added with weight 1, not P(c)
        return sum(_cmi_from_joint(p[c:c + 1] / p[c].sum()) for c in range(len(p)))
    raise ValueError(kind)


# the worked sum, the same code in both languages
_TAN_CMI_SOLUTION = ("import math\n"
    "n = len(y_flu)\n"
    "def share(**fixed):   # the share of the rows with these values\n"
    "    rows = pd.concat([X_flu, y_flu], axis=1)\n"
    "    return sum(all(r[k] == v for k, v in fixed.items()) for _, r in rows.iterrows()) / n\n"
    "answer = 0.0\n"
    "for c in set(y_flu):\n"
    "    for s in set(X_flu['Sore']):\n"
    "        for t in set(X_flu['Temperature']):\n"
    "            p = share(Diagnosis=c, Sore=s, Temperature=t)\n"
    "            if p > 0:   # P(s,t|c) / (P(s|c) P(t|c)) = p P(c) / (P(c,s) P(c,t))\n"
    "                answer += p * math.log(p * share(Diagnosis=c) / (share(Diagnosis=c, Sore=s) "
    "* share(Diagnosis=c, Temperature=t)))")

define(
    "10.tan_cmi",
    leak_check="a float; lesson 10 computes conditional mutual information on the watermelons and "
               "the Titanic passengers, never on the flu/cold table",
    prompt={"en": "TAN joins the attributes with the largest conditional mutual information. On note "
                  "001's flu/cold table, what is I(Sore; Temperature | Diagnosis), in nats (natural "
                  "logarithms), from the relative frequencies of the table (no smoothing)? Work it out from "
                  "the table's rows, not with conditional_mutual_information. A float.",
            "zh": "TAN 把条件互信息最大的属性连起来。在笔记 001 的流感/感冒表上，按表中的相对频率（不做平滑）"
                  "计算 I(Sore; Temperature | Diagnosis)，单位为奈特（nat，自然对数）。请从表中的行算出，不要用 "
                  "conditional_mutual_information。给出浮点数。"},
    answer=lambda: _cmi("right"),
    rtol=1e-6,
    mistakes=[
        Mistake("bits", lambda: _cmi("bits"),
                {"en": "That is in bits (log base 2): the lesson's formula uses natural logarithms.",
                 "zh": "这是以比特为单位（以 2 为底的对数）的值；本课的公式用自然对数。"}),
        Mistake("ignores_class", lambda: _cmi("ignores_class"),
                {"en": "That is the mutual information of Sore and Temperature with the class left "
                       "out: compare P(Sore, Temperature | c) with P(Sore | c) P(Temperature | c) "
                       "within each class.",
                 "zh": "这是不考虑类别时 Sore 与 Temperature 的互信息：要在每个类别内比较 "
                       "P(Sore, Temperature | c) 与 P(Sore | c) P(Temperature | c)。"}),
        Mistake("unweighted", lambda: _cmi("unweighted"),
                {"en": "Each class's sum enters with weight 1 here. In the formula each term is "
                       "weighted by P(x_i, x_j, c), so a class's contribution is scaled by its share "
                       "of the rows.",
                 "zh": "这里每个类别的和都按权重 1 相加。公式中每一项的权重是 P(x_i, x_j, c)，"
                       "所以每个类别的贡献要乘以它在表中所占的比例。"}),
    ],
    hints=[
        {"en": "Split the table by Diagnosis. Within one class, list the (Sore, Temperature) pairs "
               "that occur, and compare each pair's share of the class with the product of the two "
               "values' shares.",
         "zh": "按 Diagnosis 把表分开。在一个类别内，列出出现过的 (Sore, Temperature) 组合，"
               "把每个组合在该类中的比例与两个取值各自比例的乘积相比。"},
        {"en": "A pair that never occurs adds nothing. Each term's weight is the share of all rows "
               "that have that class and that pair.",
         "zh": "从未出现的组合贡献为 0。每一项的权重是全部行中属于该类且取该组合的比例。"},
    ],
    solution={"en": _TAN_CMI_SOLUTION, "zh": _TAN_CMI_SOLUTION},
)
