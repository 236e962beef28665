"""The course's glossary (术语表): every term the lessons use, in English and in Chinese.

The Chinese terms are those of Zhou Zhihua's *机器学习* (the "watermelon book"), the reference the
course notes follow; where a term has common synonyms, the ones the Chinese edition must not use
are listed under ``avoid`` (the tests read every Chinese lesson for them).

>>> from nbteach.glossary import term
>>> term("posterior")
'后验概率'
>>> term("precision")
'查准率'
"""
from __future__ import annotations

import re

from ._base import NbteachError
from .i18n import tr

__all__ = ["TERMS", "LABELS", "ALSO_CALLED", "glossary", "term", "label_for", "avoided"]

#: (English, Chinese, synonyms the Chinese edition avoids, in Zhou's chapter).
TERMS: tuple[tuple[str, str, tuple[str, ...], str], ...] = (
    # probability (lessons 00-02)
    ("probability", "概率", (), "附录C"),
    ("conditional probability", "条件概率", (), "附录C"),
    ("joint probability", "联合概率", (), "7.1"),
    ("marginal probability", "边际概率", ("边沿概率",), "7.5"),
    ("prior", "先验概率", (), "7.1"),
    ("posterior", "后验概率", (), "7.1"),
    ("likelihood", "似然", (), "7.1"),
    ("class-conditional probability", "类条件概率", (), "7.1"),
    ("evidence factor", "证据因子", (), "7.1"),
    ("Bayes' theorem", "贝叶斯定理", ("贝叶斯公式",), "7.1"),
    ("independence", "独立性", (), "7.5"),
    ("conditional independence", "条件独立性", (), "7.3"),
    ("attribute conditional independence assumption", "属性条件独立性假设", (), "7.3"),
    ("attribute", "属性", (), "1.2"),
    ("attribute value", "属性值", (), "1.2"),
    ("feature", "特征", (), "1.2"),
    ("class label", "类别标记", (), "1.2"),
    ("training set", "训练集", (), "1.2"),
    ("test set", "测试集", (), "2.2"),
    ("sample", "样本", (), "1.2"),
    # the course itself (lesson 00)
    ("cell", "单元格", (), ""),
    ("check cell", "检查单元格", (), ""),
    # estimation and smoothing (lessons 03-06)
    ("maximum likelihood estimation", "极大似然估计", ("最大似然估计",), "7.2"),
    ("log-likelihood", "对数似然", (), "7.2"),
    ("Lagrange multiplier", "拉格朗日乘子", ("拉格朗日乘数",), "附录B.1"),
    ("smoothing", "平滑", (), "7.3"),
    ("Laplacian correction", "拉普拉斯修正", ("拉普拉斯平滑",), "7.3"),
    ("Lidstone smoothing", "Lidstone 平滑", (), ""),
    ("epsilon smoothing", "epsilon 平滑", (), ""),
    ("pseudo-count", "伪计数", ("虚拟观测",), ""),
    ("underflow", "下溢", (), "7.2"),
    ("naive Bayes classifier", "朴素贝叶斯分类器", (), "7.3"),
    ("multinomial naive Bayes", "多项式朴素贝叶斯", ("多项朴素贝叶斯",), ""),
    ("Bernoulli naive Bayes", "伯努利朴素贝叶斯", (), ""),
    ("Gaussian naive Bayes", "高斯朴素贝叶斯", (), ""),
    ("vocabulary", "词汇表", (), ""),
    ("bag of words", "词袋", (), ""),
    ("tokenizer", "分词器", (), ""),
    ("word segmentation", "分词", (), ""),
    ("token", "词元", (), ""),
    ("character bigram", "字符二元组", (), ""),
    ("stop word", "停用词", (), ""),
    ("spam", "垃圾邮件", (), ""),
    ("out-of-vocabulary word", "未登录词", (), ""),
    # evaluation (lesson 07)
    ("accuracy", "精度", ("准确率",), "2.3"),
    ("error rate", "错误率", (), "2.3"),
    ("precision", "查准率", ("精确率", "准确度"), "2.3"),
    ("recall", "查全率", ("召回率",), "2.3"),
    ("F1 score", "F1 度量", (), "2.3"),
    ("threshold", "阈值", (), "3.6"),
    ("confusion matrix", "混淆矩阵", (), "2.3"),
    ("cross-validation", "交叉验证", (), "2.2"),
    ("held-out data", "留出数据", (), "2.2.1"),
    ("hold-out", "留出法", (), "2.2.1"),
    ("class imbalance", "类别不平衡", ("类不平衡",), "3.6"),
    ("undersampling", "欠采样", ("下采样",), "3.6"),
    ("oversampling", "过采样", ("上采样",), "3.6"),
    ("rescaling", "再缩放", (), "3.6"),
    ("macro-averaging", "宏平均", (), "2.3.2"),
    ("micro-averaging", "微平均", (), "2.3.2"),
    ("mutual information", "互信息", (), ""),
    # Gaussian NB, logistic regression (lesson 08)
    ("variance", "方差", (), ""),
    ("logistic regression", "对数几率回归", ("逻辑回归", "逻辑斯谛回归"), "3.3"),
    ("decision boundary", "决策边界", (), ""),
    ("gradient descent", "梯度下降", (), "附录B.4"),
    ("regularization", "正则化", (), "6.4"),
    ("log odds", "对数几率", (), "3.3"),
    ("logistic function", "对数几率函数", (), "3.3"),
    ("one-vs-rest", "一对其余", (), "3.5"),
    ("generative model", "生成式模型", (), "7.1"),
    ("discriminative model", "判别式模型", (), "7.1"),
    ("leave-one-out", "留一法", (), "2.2.2"),
    ("sign test", "符号检验", (), ""),
    ("tie", "不分高下", ("打平", "不分胜负", "持平"), ""),
    # decision theory (lesson 09)
    ("Bayesian decision theory", "贝叶斯决策论", ("贝叶斯决策理论",), "7.1"),
    ("loss", "损失", (), "7.1"),
    ("conditional risk", "条件风险", (), "7.1"),
    ("expected loss", "期望损失", (), "7.1"),
    ("Bayes optimal classifier", "贝叶斯最优分类器", (), "7.1"),
    ("Bayes risk", "贝叶斯风险", (), "7.1"),
    ("overall risk", "总体风险", (), "7.1"),
    ("empirical risk", "经验风险", (), "6.4"),
    ("reject option", "拒绝选项", (), ""),
    ("bootstrapping", "自助法", (), "2.2.3"),
    # semi-naive Bayes (lesson 10)
    ("semi-naive Bayes classifier", "半朴素贝叶斯分类器", (), "7.4"),
    ("one-dependent estimator", "独依赖估计", ("单依赖估计",), "7.4"),
    ("super-parent", "超父", (), "7.4"),
    ("SPODE", "SPODE（超父独依赖估计）", (), "7.4"),
    ("AODE", "AODE（平均独依赖估计）", (), "7.4"),
    ("TAN", "TAN（树增强朴素贝叶斯）", (), "7.4"),
    ("conditional mutual information", "条件互信息", (), "7.4"),
    ("maximum weighted spanning tree", "最大带权生成树", (), "7.4"),
    # Bayesian networks (lesson 11)
    ("Bayesian network", "贝叶斯网", ("贝叶斯网络",), "7.5"),
    ("belief network", "信念网", (), "7.5"),
    ("directed acyclic graph", "有向无环图", (), "7.5"),
    ("conditional probability table", "条件概率表", (), "7.5"),
    ("common parent structure", "同父结构", (), "7.5.1"),
    ("V-structure", "V型结构", (), "7.5.1"),
    ("chain structure", "顺序结构", (), "7.5.1"),
    ("marginal independence", "边际独立性", (), "7.5.1"),
    ("d-separation", "有向分离", (), "7.5.1"),
    ("trail", "路径", ("一条迹", "每一条迹", "迹（trail）"), "7.5.1"),
    ("active trail", "畅通的路径", (), ""),
    ("blocked trail", "阻断的路径", (), ""),
    ("collider", "V型结构的汇合点", (), "7.5.1"),
    ("moral graph", "道德图", (), "7.5.1"),
    ("moralization", "道德化", (), "7.5.1"),
    ("Markov blanket", "马尔可夫毯", (), ""),
    ("structure learning", "结构学习", (), "7.5.2"),
    ("scoring function", "评分函数", (), "7.5.2"),
    ("minimal description length", "最小描述长度", ("最短描述长度",), "7.5.2"),
    ("hill climbing", "爬山法", (), ""),
    ("inference", "推断", (), "7.5.3"),
    ("evidence", "证据", (), "7.5.3"),
    ("variable elimination", "变量消去", ("变量消除",), "14.4"),
    ("Gibbs sampling", "吉布斯采样", ("Gibbs 抽样",), "7.5.3"),
    ("Markov chain", "马尔可夫链", (), "7.5.3"),
    ("stationary distribution", "平稳分布", (), "7.5.3"),
    ("explaining away", "解释消除", (), ""),
    ("burn-in", "预烧期", (), ""),
    ("thinning", "间隔取样", (), ""),
    ("tabu list", "禁忌表", (), ""),
    ("Markov equivalence class", "马尔可夫等价类", (), ""),
    # EM (lesson 12)
    ("EM algorithm", "EM 算法", (), "7.6"),
    ("latent variable", "隐变量", ("潜变量",), "7.6"),
    ("semi-supervised learning", "半监督学习", (), "13.1"),
    ("unlabeled sample", "未标记样本", (), "13.1"),
    ("mixture component", "混合成分", (), "9.4.3"),
    ("Dirichlet prior", "狄利克雷先验", ("Dirichlet 先验", "Dirichlet(α) 先验"), ""),
)


#: The data's class labels and values (what code compares, so an answer is given in them) and what
#: each is called in Chinese: a check reads 流感 for 'Flu' as the right word in the wrong language.
LABELS: dict[str, tuple[str, ...]] = {
    "Flu": ("流感",),
    "Cold": ("感冒",),
    "spam": ("垃圾邮件",),
    "ham": ("正常邮件", "非垃圾邮件"),
    "sick": ("患病", "生病"),
    "healthy": ("健康",),
    "yes": ("是", "有"),
    "no": ("否", "没有", "无"),
    "chain": ("顺序结构",),
    "fork": ("同父结构",),
    "collider": ("V型结构",),
    "passes": ("畅通",),
    "blocks": ("阻断",),
    "tie": ("不分高下",),
}


def label_for(word) -> str | None:
    """The data label that ``word`` names in another language (``"流感"`` -> ``'Flu'``), or None
    when ``word`` is no label's translation (a label itself included: it needs no hint).

    >>> label_for("流感"), label_for(" 感冒 "), label_for("Flu"), label_for("狗")
    ('Flu', 'Cold', None, None)
    """
    if not isinstance(word, str):
        return None
    key = " ".join(word.split()).strip("'\"“”‘’「」").casefold()
    for label, names in LABELS.items():
        if key in (n.casefold() for n in names):
            return label
    return None


#: Where the notes, another textbook or d2l-zh call a concept otherwise than Zhou does: the
#: glossary gives the other name once, beside the term the course uses (the lessons use the term).
ALSO_CALLED: dict[str, str] = {
    "accuracy": "准确率（笔记 004、d2l-zh 的叫法）",
    "precision": "精确率（李航《统计学习方法》）",
    "recall": "召回率（笔记、李航《统计学习方法》）",
    "conditional risk": "期望损失（周志华 7.1：样本 x 上的期望损失即条件风险）",
    "expected loss": "条件风险（周志华 7.1）",
    "trail": "迹（trail，Koller 与 Friedman 的叫法）",
    "Laplacian correction": "拉普拉斯平滑（笔记的叫法）",
}

#: Words a glossary entry's ``avoid`` cannot say as a plain substring: 单元 for a cell (单元格),
#: which is a substring of the term itself
AVOID_PATTERNS: dict[str, re.Pattern] = {"单元格": re.compile("单元(?!格)")}


def avoided(text: str) -> list:
    """The synonyms the course avoids that ``text`` uses, each as "synonym (use term)".

    >>> avoided("运行检查单元，用拉普拉斯平滑"), avoided("运行检查单元格，用拉普拉斯修正")
    (['拉普拉斯平滑 (use 拉普拉斯修正)', '单元 (use 单元格)'], [])
    """
    found = [f"{synonym} (use {chinese})" for _, chinese, avoid, _ in TERMS for synonym in avoid if synonym in text]
    return found + [f"{m.group()} (use {chinese})" for chinese, pattern in AVOID_PATTERNS.items()
                    for m in pattern.finditer(text)][:1]


def term(english: str) -> str:
    """The Chinese term the course uses for ``english`` (case-insensitive)."""
    key = english.strip().lower() if isinstance(english, str) else None
    for en, zh, _avoid, _where in TERMS:
        if en.lower() == key:
            return zh
    raise NbteachError(tr({"en": f"{english!r} is not in the glossary; nbteach.glossary.TERMS lists the "
                                 f"{len(TERMS)} terms (English, Chinese).",
                           "zh": f"{english!r} 不在术语表中；nbteach.glossary.TERMS 列出了 {len(TERMS)} 个术语（英文、中文）。"}))


def glossary():
    """The glossary as a table: English, 中文, the other name it goes by (the notes', d2l-zh's,
    Li Hang's), the synonyms the course avoids, Zhou's chapter."""
    import pandas as pd   # light module: the glossary is read where pandas is not needed

    return pd.DataFrame(
        [(en, zh, ALSO_CALLED.get(en, ""), "、".join(avoid), where) for en, zh, avoid, where in TERMS],
        columns=["English", "中文", "又称 (also called)", "不用 (avoid)", "《机器学习》"],
    )
