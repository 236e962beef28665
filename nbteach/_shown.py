"""Tables a student reads in their language, with the same keys in code.

The lessons' code cells are the same in both editions (``table.loc["score", "Flu"]``,
``explain(message).sort_values("log-odds")``), so a table keeps its English row and column
labels as data. What follows the language is what is *shown*: :class:`ShownFrame` is a
DataFrame that, when displayed in Chinese, writes the labels and the words in its cells that
the library put there (listed in ``attrs["nbteach_words"]``) in Chinese, from
:data:`WORDS`. A student's own words (a word of their message, a class name, an attribute
value) are never translated, and numbers are shown as they are. In English, the table shows
exactly as a plain DataFrame does.

>>> from nbteach.i18n import set_language
>>> t = shown(pd.DataFrame({"count": [1]}, index=["score"]), "count", "score")
>>> set_language("zh"); print(t); set_language("en")
    计数
得分   1
>>> t.loc["score", "count"]
np.int64(1)
"""
from __future__ import annotations

import re

import pandas as pd

from .i18n import from_catalogue, get_language

__all__ = ["ShownFrame", "ShownSeries", "shown", "word", "WORDS"]

#: The English words the library writes in its tables, and their Chinese (glossary terms).
WORDS = {
    # bayes(): the pieces of Bayes theorem
    "prior P(c)": "先验概率 P(c)",
    "likelihood P(x|c)": "似然 P(x|c)",
    "joint P(c)P(x|c)": "联合概率 P(c)P(x|c)",
    "posterior P(c|x)": "后验概率 P(c|x)",
    # categorical / mixed explain
    "score": "得分",
    "posterior": "后验概率",
    "factor": "因子",
    # text explain
    "count": "计数",
    "kind": "类型",
    "log-odds": "对数几率",
    "(prior)": "（先验概率）",
    "(total = joint log-likelihood)": "（总和 = 联合对数似然）",
    "(posterior P(c|x))": "（后验概率 P(c|x)）",
    "prior": "先验概率",
    "word": "词",
    "unknown: ignored": "未登录词：忽略",
    "sum": "求和",
    "log-sum-exp": "log-sum-exp",
    # SPODE / AODE explain
    "class": "类别",
    "product (score)": "乘积（得分）",
    "undefined": "无定义",
    "value": "属性值",
    "serves": "可作超父",
    "super-parent": "超父",
    "naive Bayes (no super-parent has m rows)": "朴素贝叶斯分类器（没有属性值出现满 m 次，无超父可用）",
    "cross-validated accuracy": "交叉验证精度",
    # Bayesian networks: the steps of variable elimination (变量消去)
    "step": "步",
    "sum out": "求和消去的变量",
    "multiply": "相乘的因子",
    "product over": "乘积涉及的变量",
    "product size": "乘积的项数",
    "new factor": "新因子",
    "new factor size": "新因子的项数",
    # metrics
    "actual": "真实类别",
    "predicted": "预测类别",
    "precision": "查准率",
    "recall": "查全率",
    "f1": "F1",
    "support": "样本数",
    "macro avg": "宏平均",
    "weighted avg": "加权平均",
    "accuracy": "精度",
    "mean predicted": "平均预测概率",
    "observed": "实际比例",
    # learning curves and EM against labelled-only naive Bayes; repeated hold-out
    "model": "模型",
    "split": "划分",
    "n_train": "训练样本数",
    "mean": "均值",
    "sd": "标准差",
    "min": "最小值",
    "max": "最大值",
    "n_labelled": "有标记样本数",
    "naive Bayes mean": "朴素贝叶斯 均值",
    "naive Bayes sd": "朴素贝叶斯 标准差",
    "EM mean": "EM 算法 均值",
    "EM sd": "EM 算法 标准差",
    "EM - NB mean": "EM − 朴素贝叶斯 均值",
    "EM - NB sd": "EM − 朴素贝叶斯 标准差",
    "draws EM ahead": "EM 领先的抽取次数",
    "draws": "抽取次数",
    "sign test p": "符号检验 p 值",
    # text: indicative words; the chi-squared test of independence
    "log-ratio": "对数比",
    "chi2": "卡方统计量",
    "dof": "自由度",
    "p-value": "p 值",
    "smallest expected": "最小期望频数",
    # errata
    "lesson": "课",
    "note": "笔记",
    "the note says": "笔记原文",
    "what is wrong": "错在哪里",
    "correct": "正确的说法",
    "status": "状态",
    "key": "键",
    "flagged in the lesson": "已在课中指出",
    "listed; the lesson comes later": "已列出；相应的课在后面",
}

_PATTERNS = (
    (re.compile(r"^sum of the (\d+) serving SPODEs$"), "{0} 个可作超父的 SPODE 之和"),
    # a Bayesian network's posterior, named after what it is conditioned on (证据 = evidence)
    (re.compile(r"^P\((.+) \| evidence\)$"), "P({0} | 证据)"),
    (re.compile(r"^P\((.+) \| Markov blanket\)$"), "P({0} | 马尔可夫毯)"),
    # unlabelled_weight_cv's folds
    (re.compile(r"^fold (\d+)$"), "第 {0} 折"),
)


def word(text, lang: str | None = None):
    """``text`` in the language (``lang`` or the current one) if it is one of :data:`WORDS`
    (or a pattern of them), else ``text`` unchanged.

    >>> word("score", "zh"), word("score", "en"), word("Flu", "zh")
    ('得分', 'score', 'Flu')
    """
    if not isinstance(text, str) or (lang or get_language()) != "zh":
        return text
    found = from_catalogue(text, WORDS, _PATTERNS)
    return text if found is None else found


class ShownFrame(pd.DataFrame):
    """A DataFrame that shows the library's words in the student's language (see module)."""

    @property
    def _constructor(self):
        return ShownFrame

    @property
    def _constructor_sliced(self):        # a column of the table shows its labels as the table does
        return ShownSeries

    def shown(self):
        """The plain DataFrame a reader sees now: the library's labels (``attrs['nbteach_words']``)
        and cell texts (``attrs['nbteach_cells']``) in the current language, the rest as it is."""
        plain = pd.DataFrame(self)
        labels = set(self.attrs.get("nbteach_words", ()))
        cells = set(self.attrs.get("nbteach_cells", ()))
        if get_language() == "en" or not (labels or cells):
            return plain

        def say(own):
            return lambda v: word(v) if isinstance(v, str) and (v in own or _pattern(v, own)) else v

        out = plain.rename(index=say(labels), columns=say(labels))
        out.index.names = [say(labels)(n) for n in plain.index.names]
        out.columns.names = [say(labels)(n) for n in plain.columns.names]
        for j in range(out.shape[1]):
            col = out.iloc[:, j]
            if not pd.api.types.is_numeric_dtype(col) and any(isinstance(v, str) and v in cells for v in col):
                out.isetitem(j, col.map(say(cells)))
        out.attrs = {}
        return out

    def __repr__(self):
        return pd.DataFrame.__repr__(self) if get_language() == "en" else repr(self.shown())

    def _repr_html_(self):
        return pd.DataFrame._repr_html_(self) if get_language() == "en" else self.shown()._repr_html_()

    def to_string(self, *args, **kwargs):
        """pandas' ``to_string`` (what ``print(table.to_string())`` shows), with the library's
        words in the student's language as the table's own display has them."""
        if get_language() == "en":
            return pd.DataFrame.to_string(self, *args, **kwargs)
        return self.shown().to_string(*args, **kwargs)


class ShownSeries(pd.Series):
    """A Series that shows the library's words (its name, index name and labels listed in
    ``attrs["nbteach_words"]``) in the student's language; its values and keys stay as they are.

    >>> from nbteach.i18n import set_language
    >>> s = shown(pd.Series([0.8], index=["sex"], name="cross-validated accuracy"), "cross-validated accuracy")
    >>> set_language("zh"); print(s); set_language("en")
    sex    0.8
    Name: 交叉验证精度, dtype: float64
    >>> s.name
    'cross-validated accuracy'
    """

    @property
    def _constructor(self):
        return ShownSeries

    @property
    def _constructor_expanddim(self):
        return ShownFrame

    def unstack(self, *args, **kwargs):
        """pandas' ``unstack``, the table it makes showing the library's words as this Series does
        (pandas drops ``attrs`` there: ``curve["mean"].unstack(0)`` of a learning curve showed its
        level name "model" in English). Only the words are kept, so that tables unstacked from one
        Series compare equal and ``pd.concat`` keeps them too."""
        out = pd.Series.unstack(self, *args, **kwargs)
        return shown(pd.DataFrame(out), *self.attrs.get("nbteach_words", ()),
                     cells=self.attrs.get("nbteach_cells", ()))

    def shown(self):
        """The plain Series a reader sees now: the library's words in the current language."""
        plain = pd.Series(self, copy=False)
        labels = set(self.attrs.get("nbteach_words", ()))
        if get_language() == "en" or not labels:
            return plain

        def say(v):
            return word(v) if isinstance(v, str) and (v in labels or _pattern(v, labels)) else v

        out = plain.rename(index=say)
        out.name = say(plain.name)
        out.index.names = [say(n) for n in plain.index.names]
        out.attrs = {}
        return out

    def __repr__(self):
        return pd.Series.__repr__(self) if get_language() == "en" else repr(self.shown())

    def to_string(self, *args, **kwargs):
        """pandas' ``to_string``, with the library's words in the student's language."""
        if get_language() == "en":
            return pd.Series.to_string(self, *args, **kwargs)
        return self.shown().to_string(*args, **kwargs)


def _pattern(v, own) -> bool:
    return any(p.match(v) for p, _ in _PATTERNS) and any(p.match(w) for w in own for p, _ in _PATTERNS)


def shown(frame, *labels, cells=()):
    """``frame`` as a :class:`ShownFrame` (a Series as a :class:`ShownSeries`) whose ``labels``
    (row and column labels and names the library wrote) and ``cells`` (texts in its cells), all
    keys of :data:`WORDS` or its patterns, are shown in the student's language."""
    out = ShownSeries(frame) if isinstance(frame, pd.Series) else ShownFrame(frame)
    out.attrs = dict(frame.attrs)
    for key, new in (("nbteach_words", labels), ("nbteach_cells", cells)):
        out.attrs[key] = tuple(dict.fromkeys([*frame.attrs.get(key, ()), *new]))
    return out
