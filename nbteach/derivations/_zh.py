r"""The Chinese of the derivations' words: titles, step texts and check descriptions.

The derivations write their words in English (tests and the English lessons read them as they
are); :func:`said` gives a text in the student's language when it is shown (``to_markdown``,
``str``, the descriptions ``verify`` records). Terms as in Zhou's 机器学习 (:mod:`nbteach.glossary`).
A text with no Chinese here shows in English.

>>> said("the result equals the textbook closed form", "zh")
'结果等于教科书上的闭式解'
>>> said("MLE of multinomial naive Bayes (C = 2 classes, V = 3 words)", "zh")
'多项式朴素贝叶斯的极大似然估计（C = 2 个类别，V = 3 个词）'
>>> said("the result equals the textbook closed form", "en")
'the result equals the textbook closed form'
"""
from __future__ import annotations

import re

from ..i18n import from_catalogue, get_language

__all__ = ["said", "ZH", "PATTERNS"]

#: English text -> Chinese, for the texts without numbers or formulas in them
ZH = {
    # the Lagrange derivations (multinomial, Bernoulli, Dirichlet MAP)
    "The likelihood of the training set, grouped by counts: N_j documents in class j, N_ij "
    "occurrences of word i in class j.":
        "训练集的似然，按计数归并：类别 j 有 N_j 篇文档，词 i 在类别 j 中出现 N_ij 次。",
    "The log-likelihood: the log turns the product into a sum (and never underflows).":
        "对数似然：取对数把连乘变成求和（而且不会下溢）。",
    "Maximise L subject to: the probabilities in each distribution sum to one.":
        "在约束下最大化 L：每个分布中的概率之和为 1。",
    "Set each derivative to zero and solve for the parameter (stationarity).":
        "令每个偏导数为零，解出参数（驻点条件）。",
    "Put the stationary point into its constraint and solve for the multiplier.":
        "把驻点代入它的约束，解出拉格朗日乘子。",
    "The closed form of the estimate.": "估计的闭式解。",
    "No constraint on these parameters, so J is L itself.": "这些参数没有约束，所以 J 就是 L 本身。",
    "Second order: when every count is positive, the Hessian of J is diagonal with negative "
    "entries for every parameter value in (0, 1), so J is strictly concave there and its "
    "stationary point is the maximum. (A zero count makes its entry 0 and puts the maximum on "
    "the boundary, parameter = 0, where the closed form still holds but the argument is the KKT "
    "conditions.)":
        "二阶条件：当每个计数都为正时，J 的海森矩阵是对角矩阵，并且对 (0, 1) 中的每个参数值，"
        "对角元都为负，所以 J 在那里严格凹，其驻点就是最大值点。（计数为零时对应的对角元为 0，"
        "最大值落在边界上，即参数 = 0；闭式解依然成立，但论证要用 KKT 条件。）",
    "The model: every vocabulary word is a coin; b_i = I(t_i in x) is 1 if word i occurs in the "
    "document and 0 if not, and absent words count too.":
        "模型：词汇表中的每个词都是一枚硬币；b_i = I(t_i in x) 在词 i 出现于文档中时为 1，否则为 0，"
        "没出现的词也计入。",
    "The likelihood of the training set: N_j documents in class j, N_ij of them contain word i, "
    "N_j - N_ij do not.":
        "训练集的似然：类别 j 有 N_j 篇文档，其中 N_ij 篇含有词 i，N_j - N_ij 篇不含。",
    "the log-likelihood is the log of the likelihood": "对数似然是似然的对数",
    "the Lagrangian is L plus each multiplier times its constraint": "拉格朗日函数是 L 加上每个乘子乘以它的约束",
    "each derivative line is sympy's derivative of J": "每一行偏导数都是 sympy 对 J 求出的导数",
    "each stationary point makes its derivative zero": "每个驻点都使它的偏导数为零",
    "each multiplier makes its constraint hold": "每个乘子都使它的约束成立",
    "the result satisfies every stationarity equation and constraint": "结果满足每个驻点方程和每个约束",
    "the result equals the textbook closed form": "结果等于教科书上的闭式解",
    "J is strictly concave (negative definite Hessian on (0, 1), counts positive), so the "
    "stationary point is the maximum":
        "J 严格凹（在 (0, 1) 上海森矩阵负定，计数为正），所以驻点就是最大值点",
    # smoothing as a posterior
    r"A symmetric Dirichlet($\alpha$) prior: every outcome gets the same pseudo-count; its "
    "density is proportional to":
        r"对称的狄利克雷($\alpha$)先验：每个结果得到相同的伪计数；它的密度正比于",
    "The likelihood of the counts (multinomial, up to a constant):": "计数的似然（多项分布，忽略常数因子）：",
    r"Prior times likelihood: the posterior is Dirichlet($N_i + \alpha$), the same family "
    "(conjugate prior): alpha adds to every count.":
        r"先验乘以似然：后验是狄利克雷($N_i + \alpha$)，与先验同族（共轭先验）：alpha 加到每个计数上。",
    r"The posterior mean from the normalising constant: $E[\theta_i] = B(a + e_i)/B(a)$ with "
    r"$B(a) = \prod_i \Gamma(a_i)/\Gamma(\sum_i a_i)$; every $\Gamma(a_{i'})$, $i' \neq i$, cancels.":
        r"由归一化常数得后验均值：$E[\theta_i] = B(a + e_i)/B(a)$，其中 "
        r"$B(a) = \prod_i \Gamma(a_i)/\Gamma(\sum_i a_i)$；所有 $\Gamma(a_{i'})$（$i' \neq i$）都约掉了。",
    r"The posterior mean from the normalising constant, $E[\theta_k] = B(a + e_k)/B(a)$ "
    "(shown for k = 1):":
        r"由归一化常数得后验均值，$E[\theta_k] = B(a + e_k)/B(a)$（这里写出 k = 1）：",
    r"The MAP instead: with a Dirichlet($\alpha + 1$) prior the posterior kernel is this; "
    "maximise its log with a Lagrange multiplier, as for the MLE.":
        r"改求最大后验估计：在狄利克雷($\alpha + 1$)先验下，后验的核是下式；"
        "像极大似然估计一样，用拉格朗日乘子最大化它的对数。",
    "the posterior is the prior times the likelihood": "后验等于先验乘以似然",
    "the posterior mean follows from the Dirichlet normalising constant": "后验均值可由狄利克雷分布的归一化常数得出",
    "the MAP under Dirichlet(alpha+1) equals the posterior mean": "狄利克雷(alpha+1)先验下的最大后验估计等于后验均值",
    "Bernoulli smoothing as a Beta posterior": "伯努利平滑即贝塔后验",
    r"A Beta($\alpha, \alpha$) prior on each $\mu_{i|j}$ (its density up to a constant):":
        r"给每个 $\mu_{i|j}$ 一个贝塔($\alpha, \alpha$)先验（其密度，忽略常数因子）：",
    "The likelihood: N_ij documents of class j contain word i, N_j - N_ij do not.":
        "似然：类别 j 中有 N_ij 篇文档含有词 i，N_j - N_ij 篇不含。",
    r"The posterior is Beta($N_{ij} + \alpha,\ N_j - N_{ij} + \alpha$): conjugate again.":
        r"后验是贝塔($N_{ij} + \alpha,\ N_j - N_{ij} + \alpha$)：又是共轭的。",
    r"Its mean is $B(p+1, q)/B(p, q)$ with $B(p, q) = \Gamma(p)\Gamma(q)/\Gamma(p+q)$:":
        r"它的均值是 $B(p+1, q)/B(p, q)$，其中 $B(p, q) = \Gamma(p)\Gamma(q)/\Gamma(p+q)$：",
    r"which simplifies to the smoothed estimate; $\alpha = 1$ is the notes' (+1)/(+2).":
        r"化简后就是平滑后的估计；$\alpha = 1$ 即笔记中的 (+1)/(+2)。",
    r"The MAP under a Beta($\alpha + 1, \alpha + 1$) prior maximises this kernel:":
        r"贝塔($\alpha + 1, \alpha + 1$)先验下的最大后验估计最大化这个核：",
    "the posterior mean follows from the Beta normalising constant": "后验均值可由贝塔分布的归一化常数得出",
    "the MAP under Beta(alpha+1, alpha+1) equals the posterior mean": "贝塔(alpha+1, alpha+1)先验下的最大后验估计等于后验均值",
    # Gaussian naive Bayes and the logistic function
    "Gaussian naive Bayes with a shared variance: its posterior is a logistic function":
        "方差共享的高斯朴素贝叶斯：它的后验概率是对数几率函数",
    "Gaussian naive Bayes with a variance per class: its posterior is a logistic function":
        "每个类别各有方差的高斯朴素贝叶斯：它的后验概率是对数几率函数",
    "Bayes' theorem for two classes, with prior p = P(Y=1):": "两个类别的贝叶斯定理，先验概率 p = P(Y=1)：",
    "Divide by the numerator: the posterior is the sigmoid of the log odds a.":
        "分子分母同除以分子：后验概率是对数几率 a 的 sigmoid 函数。",
    "Naive Bayes: the likelihood is a product over features, so its log is a sum; the prior adds "
    "ln(p/(1-p)).":
        "朴素贝叶斯：似然是各特征的连乘，所以它的对数是求和；先验概率贡献 ln(p/(1-p))。",
    "Each term L_j = ln N(x_j; mu_j1, sigma_j^2) - ln N(x_j; mu_j0, sigma_j^2), the log ratio of "
    "two normal densities with the same variance: the x_j^2 terms cancel.":
        "每一项 L_j = ln N(x_j; mu_j1, sigma_j^2) - ln N(x_j; mu_j0, sigma_j^2) 是两个方差相同的"
        "正态密度之比的对数：x_j^2 项相互抵消。",
    "Each term L_j = ln N(x_j; mu_j1, sigma_j1^2) - ln N(x_j; mu_j0, sigma_j0^2), the log ratio of "
    "two normal densities: with different variances the x_j^2 terms remain.":
        "每一项 L_j = ln N(x_j; mu_j1, sigma_j1^2) - ln N(x_j; mu_j0, sigma_j0^2) 是两个正态密度之比的"
        "对数：方差不同时 x_j^2 项保留下来。",
    "Collect the terms: the log odds are linear in x,": "合并同类项：对数几率是 x 的线性函数，",
    "Collect the terms: the log odds are quadratic in x,": "合并同类项：对数几率是 x 的二次函数，",
    "with the weights": "权重为",
    "the sigmoid of the log odds equals Bayes' theorem": "对数几率的 sigmoid 函数等于贝叶斯定理给出的后验概率",
    "the log odds are the sum of the per-feature log ratios plus ln(p/(1-p))":
        "对数几率等于各特征的对数比之和加上 ln(p/(1-p))",
    "each per-feature log ratio expands as written": "每个特征的对数比都按所写的展开",
    "the weights in the result reproduce the log odds exactly": "结果中的权重精确地重现对数几率",
    "the x_j^2 terms vanish exactly when the variance is shared": "x_j^2 项恰在方差共享时消失",
    "the x_j^2 coefficients are the v_j of the result": "x_j^2 的系数就是结果中的 v_j",
    "at random rational points the posterior equals the sigmoid (30 digits)":
        "在随机的有理点上，后验概率等于 sigmoid 函数值（30 位数字）",
    # the Bayes decision as a threshold
    "The Bayes decision for two classes is a threshold on P(1|x)": "两个类别的贝叶斯决策是 P(1|x) 上的一个阈值",
    "The conditional risks of the two decisions, with p = P(1|x):": "两种决策的条件风险，其中 p = P(1|x)：",
    "Deciding 1 is better iff R(0|x) - R(1|x) > 0; the difference is linear in p:":
        "当且仅当 R(0|x) - R(1|x) > 0 时判为 1 更好；这个差是 p 的线性函数：",
    "It is zero at the threshold": "它在阈值处为零",
    "and its slope in p, (l10 - l00) + (l01 - l11), is positive when a wrong decision costs more "
    "than a right one: decide 1 iff p > t. Under the 0-1 loss t = 1/2.":
        "而它关于 p 的斜率 (l10 - l00) + (l01 - l11) 在错误决策的损失大于正确决策时为正："
        "当且仅当 p > t 时判为 1。在 0-1 损失下 t = 1/2。",
    "the risks are equal at p = t": "在 p = t 处两种风险相等",
    "sympy's solve finds the same threshold": "sympy 的 solve 求出同一个阈值",
    "R(0|x) - R(1|x) grows with p at the rate (l10 - l00) + (l01 - l11)":
        "R(0|x) - R(1|x) 随 p 以 (l10 - l00) + (l01 - l11) 的速率增长",
    "the 0-1 loss gives t = 1/2": "0-1 损失给出 t = 1/2",
}

#: (English pattern, Chinese with {0}, {1}...) for the texts that carry a size or a formula
PATTERNS = [
    (r"MLE of multinomial naive Bayes \(C = (.+) classes, V = (.+) words\)",
     "多项式朴素贝叶斯的极大似然估计（C = {0} 个类别，V = {1} 个词）"),
    (r"MLE of Bernoulli naive Bayes \(C = (.+) classes, V = (.+) words\)",
     "伯努利朴素贝叶斯的极大似然估计（C = {0} 个类别，V = {1} 个词）"),
    (r"Lidstone smoothing as a Dirichlet posterior \((.+) outcomes, parameter (\w+)\)",
     "Lidstone 平滑即狄利克雷后验（{0} 个结果，参数 {1}）"),
    (r"The model: class prior times one word probability per word of the document \(x_i = "
     r"N\(t_i, x\) counts word i; (.+) words in all\)\.",
     "模型：类别的先验概率乘以文档中每个词的词概率（x_i = N(t_i, x) 是词 i 的计数；共 {0} 个词）。"),
    (r"The Lagrangian: one multiplier \((.+)\) per constraint\.", "拉格朗日函数：每个约束一个乘子（{0}）。"),
    (r"The partial derivatives of J by each (.+)\.", "J 对每个 {0} 的偏导数。"),
    (r"Gamma\(x \+ 1\) = x Gamma\(x\) simplifies it: Lidstone smoothing, and with \$\\alpha = 1\$ "
     r"Laplace's \(\+1\)/\(\+(.+)\)\.",
     r"用 Gamma(x + 1) = x Gamma(x) 化简：这就是 Lidstone 平滑，$\alpha = 1$ 时即拉普拉斯修正 (+1)/(+{0})。"),
    (r"So (.+) = sigmoid\((.+)\); the decision boundary a = 0 is a hyperplane\.",
     "所以 {0} = sigmoid({1})；决策边界 a = 0 是一个超平面。"),
    (r"So (.+) = sigmoid\((.+)\); the decision boundary a = 0 is a quadric \(curved\)\.",
     "所以 {0} = sigmoid({1})；决策边界 a = 0 是一个二次曲面（弯曲的）。"),
    (r"(.+) \(could not check: (.+)\)", "{0}（无法检查：{1}）"),
]
_COMPILED = [(re.compile(p, re.S), zh) for p, zh in PATTERNS]


def said(text: str, lang: str | None = None) -> str:
    """``text`` in the language (``lang``, else the current one): its Chinese from :data:`ZH` or
    :data:`PATTERNS` when the language is Chinese and there is one, else ``text`` unchanged."""
    if (lang or get_language()) != "zh" or not isinstance(text, str):
        return text
    found = from_catalogue(text, ZH, _COMPILED, group=lambda g: said(g, "zh"))
    return text if found is None else found
