"""Errata: every place where a course note is wrong, and the lesson cell that disproves it.

One registry for the whole course. Each entry quotes the note's own words (in the
note's language), says which reading of them is wrong, what is correct, and names the
lesson where it is flagged. In that lesson notebook, the code cell that disproves the
claim carries the cell tag ``erratum:<key>`` (``tests/test_errata.py`` checks that every
entry whose lesson exists has such a cell, and that the quote occurs in the seed note).
An entry whose lesson is not written yet has ``status="later"``: it is listed, and the
lesson that covers the topic flags it.

A difference of notation is not a mistake, and a claim that is right under one reading
and wrong under another is not a mistake either: such places are explained in the
lessons, not listed here.

An entry that :mod:`nbteach.derivations` disproves by a computation carries a
:class:`Disproof`: how the derivations state it in formulas. The computation itself is a
function in :mod:`nbteach.derivations.mistakes` registered under the entry's key, and
``nbteach.derivations.NOTE_MISTAKES`` is made from these entries (plus the places that are
notation, not mistakes): there is no second list of the notes' mistakes to keep in step.

>>> from nbteach.errata import ERRATA, table
>>> all(e.key and e.quote for e in ERRATA)
True
"""
from __future__ import annotations

from dataclasses import dataclass

from ._base import NbteachError
from .i18n import get_language, tr

__all__ = ["Erratum", "Disproof", "ERRATA", "ERRATA_ZH", "table", "get"]


@dataclass(frozen=True)
class Disproof:
    """How :mod:`nbteach.derivations` states an erratum in formulas (lessons 04 and 05 show it
    with ``get_mistake(key)``); its computation is registered under the same key in
    :mod:`nbteach.derivations.mistakes`.

    where        the place in the note, e.g. ``"Bayes theorem, first formula"``
    note         the note's formula, in LaTeX
    correct      the correct formula, in LaTeX
    explanation  one or two sentences on why
    """

    where: str
    note: str
    correct: str
    explanation: str


@dataclass(frozen=True)
class Erratum:
    """One mistake in a seed note.

    key      stable id, used in the cell tag ``erratum:<key>``
    seed     the note's file prefix, e.g. ``"001"`` for ``001_b4a312c65ec9454c.txt``
    quote    the note's own words, copied from the note (a substring of it)
    wrong    what is wrong, and under which reading
    correct  the correct statement
    lesson   the lesson that flags it, e.g. ``"03"``
    status   ``"flagged"`` (the lesson has the disproving cell) or ``"later"``
    disproof a :class:`Disproof` if :mod:`nbteach.derivations` computes the disproof, else None
    """

    key: str
    seed: str
    quote: str
    wrong: str
    correct: str
    lesson: str
    status: str = "flagged"
    disproof: Disproof | None = None


ERRATA: list[Erratum] = [
    # Entries are added by the lesson that flags them; keep them in lesson order.
    Erratum(
        key="note001_independence_product", seed="001",
        quote=r"P(X\cap y)=P(X)*P(y)",
        wrong="Listed as a basic formula, it holds only when X and y are independent; on the note's "
              "own table it fails for every symptom against the diagnosis.",
        correct="P(X ∩ y) = P(X | y) P(y) (the product rule); P(X) P(y) only for independent events.",
        lesson="01"),
    Erratum(
        key="note001_prior_word", seed="001",
        quote="在每一次计算先验概率的时候",
        wrong="Laplace smoothing is said to act whenever a prior is computed; the formula it gives "
              "smooths P(x_m = j | y = k), the likelihood, and leaves the prior P(y) unchanged.",
        correct="Smoothing is applied to every class-conditional probability (likelihood) "
                "P(x_m = j | y = k); smoothing the prior is a separate choice (notes 000, 002).",
        lesson="03"),
    Erratum(
        key="note001_numerator_sentence", seed="001",
        quote="给分子加上当前特征的类别数乘以",
        wrong="The sentence adds M alpha to the numerator; read so, the M probabilities of a feature "
              "sum to more than 1 (the formula printed under it is right).",
        correct="(count + alpha) / (count(class) + M alpha): M alpha goes in the denominator.",
        lesson="03"),
    Erratum(
        key="note001_small_data", seed="001",
        quote="小数据集无法使用",
        wrong="Laplace smoothing is said to be unusable on small data sets. It moves the estimates a "
              "lot there, but small data is where smoothing is needed: without it the note's second "
              "patient cannot be classified, and on 20 training sets of 30 rows alpha = 1 beats "
              "alpha = 0.01 on held-out data.",
        correct="On small data choose alpha on held-out data or by cross-validation; do not drop it.",
        lesson="03"),
    Erratum(
        key="bayes_numerator", seed="000",
        quote=r"p(y|x) = \frac{p(x, y) \cdot p(y)}{p(x)}",
        wrong="The numerator multiplies the joint p(x, y), which already contains p(y), by p(y) "
              "again; summed over the classes the result is not 1.",
        correct="p(y|x) = p(x|y) p(y) / p(x) = p(x, y) / p(x).", lesson="04",
        disproof=Disproof("Bayes theorem, first formula",
                          r"p(y|x) = \frac{p(x, y)\, p(y)}{p(x)}",
                          r"p(y|x) = \frac{p(x|y)\, p(y)}{p(x)} = \frac{p(x, y)}{p(x)}",
                          "The joint p(x, y) already contains p(y).")),
    Erratum(
        key="mle_unbiased_reason", seed="003",
        quote="参数的极大似然估计是无偏估计，因此对于任意一个多项式分布",
        wrong="The estimate N_i/N is right, the reason is not: unbiasedness does not single out an "
              "estimator (the first trial alone is unbiased too), and maximum-likelihood estimates "
              "need not be unbiased (the MLE of p^2, (N_1/N)^2, is biased).",
        correct="N_i/N is the maximum-likelihood estimate because it maximises the likelihood under "
                "the sum-to-one constraint (the Lagrangian of lesson 04); it happens to be unbiased.",
        lesson="04",
        disproof=Disproof("estimating the multinomial",
                          r"\text{参数的极大似然估计是无偏估计，因此} \ldots \text{参数 } p_i \text{ 的估计值为 } \frac{N_i}{N}",
                          r"\hat p_i = N_i/N \text{ because it maximises the likelihood}",
                          "The estimate is right; the reason is not: unbiased estimators are many, "
                          "and maximum-likelihood estimates are often biased.")),
    Erratum(
        key="binomial_upside_down", seed="003",
        quote=r"\binom{x_1}{N}\binom{x_2}{N-x_1}",
        wrong="The binomial coefficients are upside down: binom(x_1, N) is 0 whenever x_1 < N, so "
              "every document would have probability 0.",
        correct="binom(N, x_1) binom(N - x_1, x_2) ... = N! / (x_1! ... x_M!).", lesson="04",
        disproof=Disproof("the multinomial probability function",
                          r"\binom{x_1}{N}\binom{x_2}{N-x_1}\cdots",
                          r"\binom{N}{x_1}\binom{N-x_1}{x_2}\cdots",
                          "N (the document length here, the number of documents elsewhere) goes on top.")),
    Erratum(
        key="posterior_matrix", seed="003",
        quote="得到条件概率/后验概率矩阵",
        wrong="x times log w plus b holds sums of log probabilities: negative numbers whose rows do "
              "not sum to 1, not conditional or posterior probabilities.",
        correct="They are unnormalised log scores (with log b, not b); the posterior is their "
                "softmax, and the argmax of either is the prediction.", lesson="04",
        disproof=Disproof("prediction",
                          r"x \cdot \log w^{T} + b \text{ called the conditional / posterior probability matrix}",
                          r"x \cdot \log w^{T} + \log b \text{ are log scores; } P(c|x) = \mathrm{softmax}",
                          "Scores for the argmax, not probabilities.")),
    Erratum(
        key="raw_prior_added", seed="003",
        quote="prob_mat = new_x.dot(w.transpose()) + b",
        wrong="fit returns the log of w but the prior b itself, and predict adds b: a probability "
              "added to log probabilities.",
        correct="prob_mat = new_x.dot(w.transpose()) + np.log(b).", lesson="04",
        disproof=Disproof("the predict code",
                          r"\text{fit returns } b,\ \log w;\ \text{predict: } x \cdot \log w + b",
                          r"x \cdot \log w + \log b",
                          "The prior must enter in log space like the word probabilities.")),
    Erratum(
        key="bernoulli_brackets", seed="000",
        quote=r"\prod_{i=1}^v I(t_i \in x) \cdot \mu_{i|j} + I(t_i \notin x)",
        wrong="Without brackets the product covers only the first term, and the probabilities of "
              "all documents do not sum to 1.",
        correct="prod_i [ I(t_i in x) mu_{i|j} + I(t_i not in x) (1 - mu_{i|j}) ].", lesson="05",
        disproof=Disproof("Bernoulli model and likelihood",
                          r"\prod_{i=1}^{v} I(t_i \in x)\, \mu_{i|j} + I(t_i \notin x)(1-\mu_{i|j})",
                          r"\prod_{i=1}^{V} \big[I(t_i \in x)\, \mu_{i|j} + I(t_i \notin x)(1-\mu_{i|j})\big]",
                          "The product must cover both terms.")),
    Erratum(
        key="bernoulli_quantifier", seed="000",
        quote=r"= 0, \forall j = 1, \dots, C.",
        wrong="The stationarity equation of mu_{i|j} is quantified over the classes only; there is "
              "one equation per word and class.",
        correct="dJ/dmu_{i|j} = 0 for all i = 1..V and j = 1..C.", lesson="05",
        disproof=Disproof("Bernoulli gradient",
                          r"\frac{\partial J}{\partial \mu_{i|j}} = 0,\ \forall j = 1..C",
                          r"\frac{\partial J}{\partial \mu_{i|j}} = 0,\ \forall i = 1..V,\ j = 1..C",
                          "There is one equation per word and class.")),
    Erratum(
        key="note004_nc_wording", seed="004",
        quote="表示c类出现的次数",
        wrong="n_c = sum of |x_i| over the class-c documents is described as the number of times "
              "class c occurs, which would be |D_c|, the number of documents.",
        correct="n_c is the number of words in the class-c documents, so that the smoothed "
                "P(w_k|c) = (n_ck + 1)/(n_c + |V|) sums to 1 over the vocabulary.", lesson="06"),
    Erratum(
        key="note004_regularised_argmax", seed="004",
        quote=r"\hat {\bf w} = \arg \max_{\bf w} L({\bf w})+\frac{\lambda}{2}\Vert{\bf w}\Vert_2^2",
        wrong="Two lines earlier the note minimises L (w = argmin L): L is the negative "
              "log-likelihood, so adding the penalty and taking the argmax maximises the error.",
        correct="w = argmin_w L(w) + (lambda/2) ||w||^2 (or argmax of the log-likelihood minus the penalty).",
        lesson="08"),
    Erratum(
        key="note004_multiclass", seed="004",
        quote="对于多分类问题,可以训练多个分类器",
        wrong="The section starts from one-vs-rest classifiers, P(Y != c_k | X), then writes the "
              "softmax with a reference class, whose last case is labelled k = K-1 again (it is "
              "k = K); the two models are different.",
        correct="Either K one-vs-rest logistic regressions, or one softmax: P(c_k|x) = exp(w_k.x) / "
                "sum_j exp(w_j.x), with a reference class w_K = 0 or K penalised vectors.",
        lesson="08"),
    Erratum(
        key="note002_one_minus_bayes_risk", seed="002",
        quote="1-R(h^*)\\)反映了分类器所能达到的最好性能",
        wrong="1 - R(h*) is the best attainable accuracy only under 0-1 loss; with other losses the "
              "Bayes risk is not an error rate.",
        correct="Under 0-1 loss, R(h*) is the smallest error rate and 1 - R(h*) the best accuracy.",
        lesson="09"),
    Erratum(
        key="note002_loss_defined_by_risk", seed="002",
        quote="损失函数由条件风险定义",
        wrong="Backwards: the loss lambda_ij is given first, and the conditional risk is defined "
              "from it, R(c_i|x) = sum_j lambda_ij P(c_j|x).",
        correct="The conditional risk is defined by the loss (and the posterior).",
        lesson="09"),
    Erratum(
        key="note002_dseparation_whole_moral_graph",
        seed="002",
        quote="在道德图上,若删去节点集合z,x和y分属两个连通分量,则x和y被z有向分离",
        wrong="The note moralises the whole network (every V-structure's parents married) and then "
              "deletes z. Moralising a V-structure whose common child and its descendants are "
              "unobserved creates a path that is not there: its own V-structure example, where it "
              "rightly says x1 and x2 are independent when x4 is unknown, comes out dependent.",
        correct="Keep only x, y, z and their ancestors, moralise that ancestral graph, delete z; "
                "x and y are d-separated by z iff no path joins them (Lauritzen et al. 1990).",
        lesson="11"),
    Erratum(
        key="note002_mdl_bytes",
        seed="002",
        quote="第一项描述了编码贝叶斯网络需要的字节数",
        wrong="The note measures the MDL code lengths in bytes (字节). The base of the logarithm decides "
              "the unit (2: bits, e: nats, 256: bytes); the note writes log without a base, and the MDL "
              "criterion and f(theta) = log2(m)/2 take base 2 (the note uses no base-256 logarithm), so "
              "a code length is in bits: an event of probability p costs -log2 p bits. A compressor "
              "that knows nothing of the network (lzma) writes the rows in fewer bytes than the data "
              "term, which no code can do were the term a number of bytes.",
        correct="s(B|D) = (log2 m / 2)|B| - LL(B|D)/ln 2 is a length in bits (one byte is 8 bits).",
        lesson="11"),
]


#: The Chinese edition's "what is wrong" and "correct" of each erratum (key -> (wrong, correct)),
#: written for a Chinese reader from the English above; the note's words (``quote``) are the
#: same in both. The table shows them when the language is Chinese.
ERRATA_ZH: dict[str, tuple[str, str]] = {
    "note001_independence_product": (
        "作为基本公式列出，但它只在 X 与 y 相互独立时成立；在笔记自己的表上，每个症状与诊断之间都不满足它。",
        "P(X ∩ y) = P(X | y) P(y)（乘法公式）；只有对独立事件才有 P(X) P(y)。"),
    "note001_prior_word": (
        "笔记说每次计算先验概率时都做拉普拉斯修正；但它给出的公式平滑的是 P(x_m = j | y = k)，即似然，"
        "先验概率 P(y) 并没有变。",
        "平滑作用于每个类条件概率（似然）P(x_m = j | y = k)；是否平滑先验概率是另一个选择（笔记 000、002）。"),
    "note001_numerator_sentence": (
        "这句话把 M alpha 加到分子上；照此理解，一个特征的 M 个概率之和会大于 1（句子下面印出的公式是对的）。",
        "(count + alpha) / (count(class) + M alpha)：M alpha 加在分母上。"),
    "note001_small_data": (
        "笔记说拉普拉斯修正在小数据集上无法使用。在小数据集上它确实会大幅改变估计值，但正是小数据才需要平滑："
        "不平滑，笔记的第二个病人就无法分类；在 20 个各有 30 行的训练集上，alpha = 1 在留出数据上胜过 alpha = 0.01。",
        "在小数据上，用留出数据或交叉验证来选 alpha，而不是弃之不用。"),
    "bayes_numerator": (
        "分子把本已含有 p(y) 的联合概率 p(x, y) 又乘了一次 p(y)；对所有类别求和，结果不等于 1。",
        "p(y|x) = p(x|y) p(y) / p(x) = p(x, y) / p(x)。"),
    "mle_unbiased_reason": (
        "估计值 N_i/N 是对的，理由不对：无偏性并不能唯一确定一个估计量（只用第一次试验的结果也是无偏的），"
        "而极大似然估计也未必无偏（p^2 的极大似然估计 (N_1/N)^2 就是有偏的）。",
        "N_i/N 是极大似然估计，因为它在概率之和为 1 的约束下使似然最大（第 04 课的拉格朗日函数）；它恰好也是无偏的。"),
    "binomial_upside_down": (
        "二项式系数上下颠倒了：只要 x_1 < N，binom(x_1, N) 就是 0，于是每个文档的概率都是 0。",
        "binom(N, x_1) binom(N - x_1, x_2) ... = N! / (x_1! ... x_M!)。"),
    "posterior_matrix": (
        "x 乘 log w 再加 b 得到的是对数概率之和：都是负数，各行之和也不为 1，既不是条件概率，也不是后验概率。",
        "它们是未归一化的对数得分（应加 log b，而不是 b）；后验概率是它们的 softmax，两者的 argmax 都是预测结果。"),
    "raw_prior_added": (
        "fit 返回的是 w 的对数，却是先验概率 b 本身，而 predict 直接加上 b：把一个概率加到了对数概率上。",
        "prob_mat = new_x.dot(w.transpose()) + np.log(b)。"),
    "bernoulli_brackets": (
        "没有括号，连乘只作用于第一项，所有文档的概率之和也不为 1。",
        "prod_i [ I(t_i in x) mu_{i|j} + I(t_i not in x) (1 - mu_{i|j}) ]。"),
    "bernoulli_quantifier": (
        "mu_{i|j} 的驻点方程只对类别取“任意”；实际上每个词、每个类别各有一个方程。",
        "对所有 i = 1..V 与 j = 1..C，dJ/dmu_{i|j} = 0。"),
    "note004_nc_wording": (
        "n_c = 对 c 类文档求和的 |x_i|，却被说成“c 类出现的次数”，那应是 |D_c|，即文档数。",
        "n_c 是 c 类文档中的词数，这样平滑后的 P(w_k|c) = (n_ck + 1)/(n_c + |V|) 在词汇表上求和才为 1。"),
    "note004_regularised_argmax": (
        "两行之前笔记是在最小化 L（w = argmin L）：L 是负对数似然，所以加上惩罚项再取 argmax，是在最大化误差。",
        "w = argmin_w L(w) + (lambda/2) ||w||^2（或对数似然减去惩罚项后取 argmax）。"),
    "note004_multiclass": (
        "这一节从“一对其余”的分类器 P(Y != c_k | X) 讲起，接着写的却是带参照类别的 softmax，"
        "其最后一种情形又标成 k = K-1（应为 k = K）；这是两个不同的模型。",
        "要么训练 K 个“一对其余”的对数几率回归，要么用一个 softmax：P(c_k|x) = exp(w_k.x) / sum_j exp(w_j.x)，"
        "取参照类别 w_K = 0，或者用 K 个加了惩罚的向量。"),
    "note002_one_minus_bayes_risk": (
        "只有在 0-1 损失下，1 - R(h*) 才是能达到的最好精度；用别的损失时，贝叶斯风险并不是错误率。",
        "在 0-1 损失下，R(h*) 是最小的错误率，1 - R(h*) 是最好的精度。"),
    "note002_loss_defined_by_risk": (
        "说反了：先给定损失 lambda_ij，再由它定义条件风险 R(c_i|x) = sum_j lambda_ij P(c_j|x)。",
        "条件风险由损失（和后验概率）定义。"),
    "note002_dseparation_whole_moral_graph": (
        "笔记把整个网络道德化（每个 V型结构的两个父结点都连上边），然后删去 z。若一个 V型结构的公共子结点及其后代"
        "都未观测，道德化会造出一条本不存在的路径：笔记自己的 V型结构例子里，它正确地说 x4 未知时 x1 与 x2 相互独立，"
        "按这个做法却得出二者相关。",
        "只保留 x、y、z 及其祖先结点，把这个祖先图道德化，再删去 z；x 与 y 被 z 有向分离，当且仅当此时没有路径连接它们"
        "（Lauritzen 等，1990）。"),
    "note002_mdl_bytes": (
        "笔记用字节来度量最小描述长度中的编码长度。对数的底决定单位（2：比特，e：奈特，256：字节）；笔记写的 log 没有底，"
        "而最小描述长度准则与 f(theta) = log2(m)/2 取的都是以 2 为底的对数（笔记并没有用以 256 为底的对数），所以编码长度的"
        "单位是比特：概率为 p 的事件要花 -log2 p 比特。一个对网络一无所知的压缩器（lzma）写出这些行所用的字节数比数据项还少，"
        "假如数据项是字节数，任何编码都做不到这一点。",
        "s(B|D) = (log2 m / 2)|B| - LL(B|D)/ln 2 是以比特计的长度（1 字节为 8 比特）。"),
}


def get(key: str) -> Erratum:
    """The erratum with this key."""
    for e in ERRATA:
        if e.key == key:
            return e

    raise NbteachError(tr({"en": f"no erratum {key!r}; the keys are {', '.join(e.key for e in ERRATA)}.",
                           "zh": f"没有勘误 {key!r}；可用的键是 {', '.join(e.key for e in ERRATA)}。"}))


def table():
    """The errata as a pandas DataFrame, one row per mistake, in lesson order; in Chinese
    (``set_language("zh")``) its headers, what is wrong and what is correct are Chinese, the
    note's words as the note writes them, and its columns keep their English names for code."""
    import pandas as pd   # light module: the registry is read where pandas is not needed

    from ._shown import shown   # light module: _shown imports pandas

    chinese = get_language() == "zh"

    def said(e):                    # what is wrong and what is correct, in the reader's language
        return ERRATA_ZH.get(e.key, (e.wrong, e.correct)) if chinese else (e.wrong, e.correct)

    rows = [{"lesson": e.lesson, "note": e.seed, "the note says": e.quote, "what is wrong": said(e)[0],
             "correct": said(e)[1], "status": "flagged in the lesson" if e.status == "flagged"
             else "listed; the lesson comes later", "key": e.key}
            for e in sorted(ERRATA, key=lambda e: e.lesson)]

    columns = ["lesson", "note", "the note says", "what is wrong", "correct", "status", "key"]
    return shown(pd.DataFrame(rows, columns=columns), *columns,
                 cells=("flagged in the lesson", "listed; the lesson comes later"))
