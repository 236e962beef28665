r"""Mistakes in the course notes on this topic, each with the computation that disproves it.

The mistakes come from the course's one registry, :data:`nbteach.errata.ERRATA`: an entry
with a :class:`~nbteach.errata.Disproof` is stated here in its formulas, and its computation
is the function below registered under its key (``@_disproves(key)``). The places where a
note is right but reads oddly (a difference of notation, a step it does not explain) are not
errata; they are listed here (``kind`` ``"notation"`` or ``"gap"``). ``NOTE_MISTAKES`` holds
both, by lesson, each stating in formulas what the note writes and what is correct (the
note's own words are the registry entry's ``quote``); ``demonstrate()`` computes (with
sympy, or the library) the two values that tell them apart.

>>> [m.key for m in NOTE_MISTAKES if m.lesson == "05"]
['bernoulli_brackets', 'bernoulli_quantifier']
>>> get_mistake("bayes_numerator").demonstrate().note_value
1/2
>>> get_mistake("bayes_numerator").erratum.quote
'p(y|x) = \\frac{p(x, y) \\cdot p(y)}{p(x)}'
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np
import sympy as sp

from .._base import NbteachError
from ..i18n import get_language, tr
from ..errata import ERRATA, Erratum
from .mle import bernoulli_mle, multinomial_mle

__all__ = ["NoteMistake", "Demonstration", "NOTE_MISTAKES", "get_mistake"]


@dataclass
class Demonstration:
    """What a mistake's computation found: the note's value, the correct one, and whether
    they differ (they do, or it would not be a mistake). ``summary`` and the labels are
    English; ``zh`` holds their Chinese (keys ``summary``, ``note_label``, ``correct_label``),
    shown when the language is Chinese."""

    note_value: object
    correct_value: object
    summary: str
    note_label: str = "as the note writes it"
    correct_label: str = "correct"
    zh: dict = field(default_factory=dict, repr=False)

    @property
    def differ(self) -> bool:
        return sp.simplify(sp.sympify(self.note_value) - sp.sympify(self.correct_value)) != 0

    def said(self, name: str) -> str:
        """The text ``name`` (``summary``, ``note_label``, ``correct_label``) in the student's language."""
        english = getattr(self, name)
        if get_language() != "zh":
            return english
        defaults = {"note_label": "按笔记所写", "correct_label": "正确的"}
        if english == type(self).__dataclass_fields__[name].default:
            return self.zh.get(name, defaults.get(name, english))
        return self.zh.get(name, english)

    def _repr_markdown_(self) -> str:
        colon = "：" if get_language() == "zh" else ": "
        return (f"{self.said('summary')}\n\n* {self.said('note_label')}{colon}${sp.latex(self.note_value)}$\n"
                f"* {self.said('correct_label')}{colon}${sp.latex(self.correct_value)}$")


@dataclass
class NoteMistake:
    """One place in a seed note that a derivation examines: where, what it says, what is
    correct, and the proof. A mistake is made from its registry entry (``erratum``); a
    difference of notation or an unexplained step (``kind``) has none."""

    key: str
    seed: str
    where: str
    note: str
    correct: str
    explanation: str
    lesson: str
    compute: Callable[[], Demonstration]
    kind: str = "mistake"  # "mistake"; "gap": a step that is right but unexplained;
    #                        "notation": a difference of notation, not a mistake
    erratum: Erratum | None = None  # the registry entry of a mistake (nbteach.errata.ERRATA)

    @classmethod
    def from_erratum(cls, erratum: Erratum, compute: Callable[[], Demonstration]) -> "NoteMistake":
        """The registry entry ``erratum`` stated in its formulas (its ``disproof``)."""
        if erratum.disproof is None:
            raise NbteachError(f"erratum {erratum.key!r} has no disproof (nbteach.errata.Disproof) "
                               "to state it in formulas; add one to its entry in nbteach.errata.")
        d = erratum.disproof
        return cls(erratum.key, erratum.seed, d.where, d.note, d.correct, d.explanation,
                   erratum.lesson, compute, "mistake", erratum)

    def demonstrate(self) -> Demonstration:
        shown = self.compute()
        shown.zh = {**ZH_DEMONSTRATIONS.get(self.key, {}), **shown.zh}
        return shown

    def said(self, name: str) -> str:
        """The text ``name`` (``where``, ``note``, ``correct``, ``explanation``) in the student's
        language: its Chinese from :data:`ZH_TEXTS` when the language is Chinese and there is one."""
        english = getattr(self, name)
        if get_language() != "zh":
            return english
        return ZH_TEXTS.get(self.key, {}).get(name, english)

    def _repr_markdown_(self) -> str:
        where, note, correct, why = (self.said(n) for n in ("where", "note", "correct", "explanation"))
        if self.kind == "notation":
            return tr({"en": f"**A difference of notation, not a mistake** (seed `{self.seed}`, {where}): "
                             f"the note writes ${note}$; read as ${correct}$. {why}",
                       "zh": f"**记号不同，不是错误**（笔记 `{self.seed}`，{where}）：笔记写作 ${note}$；"
                             f"应读作 ${correct}$。{why}"})
        head = (tr({"en": "A common mis-statement", "zh": "一个常见的错误说法"}) if self.kind == "mistake"
                else tr({"en": "A step the note does not explain", "zh": "笔记没有解释的一步"}))
        return tr({"en": f"**{head}** (seed `{self.seed}`, {where}): the note writes "
                         f"${note}$; correct is ${correct}$. {why}",
                   "zh": f"**{head}**（笔记 `{self.seed}`，{where}）：笔记写作 ${note}$；"
                         f"正确的是 ${correct}$。{why}"})


#: The computations of the registry's entries, by key (filled by @_disproves below).
_COMPUTATIONS: dict[str, Callable[[], Demonstration]] = {}


def _disproves(key: str):
    """Register the decorated function as the computation of ERRATA's entry ``key``; the entry
    must exist and carry a Disproof (a computation for no erratum is refused here)."""
    entry = next((e for e in ERRATA if e.key == key), None)
    if entry is None or entry.disproof is None:
        raise NbteachError(f"no erratum {key!r} with a Disproof in nbteach.errata.ERRATA to attach "
                           "this computation to.")

    def register(compute):
        if key in _COMPUTATIONS:
            raise NbteachError(f"erratum {key!r} already has a computation.")
        _COMPUTATIONS[key] = compute
        return compute

    return register


@_disproves("bayes_numerator")
def _bayes_numerator():
    # a joint table p(x, y) for binary x, y (exact)
    p = {(1, 1): sp.Rational(3, 10), (1, 0): sp.Rational(1, 10),
         (0, 1): sp.Rational(2, 10), (0, 0): sp.Rational(4, 10)}
    p_y = {y: p[(0, y)] + p[(1, y)] for y in (0, 1)}
    p_x1 = p[(1, 0)] + p[(1, 1)]
    note = sum(p[(1, y)] * p_y[y] / p_x1 for y in (0, 1))
    correct = sum(p[(1, y)] / p_x1 for y in (0, 1))
    return Demonstration(note, correct, "Summed over the classes y, a posterior p(y|x) must "
                         "give 1; the note's formula p(x,y)p(y)/p(x) gives 1/2 on this table.")


def _multinomial_coefficient():
    t = sp.Symbol("theta_1", positive=True)
    n = 2  # two-word documents, two vocabulary words: theta_2 = 1 - theta_1
    note = sp.factor(sum(t ** a * (1 - t) ** (n - a) for a in range(n + 1)))
    correct = sp.simplify(sum(sp.binomial(n, a) * t ** a * (1 - t) ** (n - a)
                              for a in range(n + 1)))
    return Demonstration(note, correct, "The note's product is the probability of one word "
                         "*sequence*. Summed over the count vectors of a 2-word document, those "
                         "sequence probabilities do not add up to 1; multiplied by the "
                         "multinomial coefficient (the number of sequences with those counts) "
                         "they do. The coefficient does not depend on theta, so the MLE is the "
                         "same either way.",
                         "sequence probabilities, summed over count vectors",
                         "with the multinomial coefficient")


def _positions_vs_counts():
    t1 = sp.Symbol("theta_1", positive=True)
    t2 = 1 - t1
    # document "t1 t2 t1": counts x = (2, 1), length 3
    exact = sp.binomial(3, 2) * t1 ** 2 * t2  # multinomial probability of the counts
    marg1 = sp.binomial(3, 2) * t1 ** 2 * t2  # p(x_1 = 2 | c): binomial marginal
    marg2 = sp.binomial(3, 1) * t2 * t1 ** 2  # p(x_2 = 1 | c)
    return Demonstration(sp.factor(marg1 * marg2), sp.factor(exact),
                         "Read with x_i the word at position i (d = the document's length), the "
                         "note's product equals the right-hand side. The one reading that fails is "
                         "x_i as the count of word i: counts are not independent (they add up to "
                         "the document length), and the product of their marginals differs from "
                         "the multinomial probability.",
                         "product over counts (the misreading)",
                         "the multinomial probability of the counts")


def _multiplier_alpha():
    d = multinomial_mle(2, 1)
    lam_value = d.step("multiplier_pi").expr[0].rhs
    N = d.symbols["N"]
    counts = {N[1]: 3, N[2]: 7}
    lam_value = lam_value.xreplace(counts)  # the multiplier is N = 10 here
    as_if_smoothing = (3 + lam_value) / (10 + 2 * lam_value)
    laplace = sp.Rational(3 + 1, 10 + 2)
    return Demonstration(as_if_smoothing, laplace,
                         f"The multiplier solves to N = {lam_value} (the number of documents), "
                         "not a pseudo-count. A student who takes it for the smoothing alpha of "
                         "lessons 03 and 05 would compute the first value instead of Laplace's "
                         "(3+1)/(10+2).",
                         "the multiplier used as if it were alpha", "Laplace, (3 + 1)/(10 + 2)",
                         zh={"summary": f"乘子解出来是 N = {lam_value}（文档数），不是伪计数。把它当成第 03、05 课"
                                        "平滑用的 alpha 的学生，算出的会是第一个值，而不是拉普拉斯修正的 (3+1)/(10+2)。"})


def _log_of_sum():
    a1, a2 = sp.symbols("a_1 a_2", positive=True)
    one_hot = sp.log(1 * a1 + 0 * a2) - (1 * sp.log(a1) + 0 * sp.log(a2))
    assert sp.simplify(one_hot) == 0
    return Demonstration(sp.log(1 * a1 + 0 * a2), 1 * sp.log(a1) + 0 * sp.log(a2),
                         "The step log sum_j I(y=c_j) a_j = sum_j I(y=c_j) log a_j is right, "
                         "because exactly one indicator I(y=c_j) is 1: with indicators (1, 0) both "
                         "sides are log a_1 (below). It is not an identity for other weights: with "
                         "(1, 1), log(2 + 3) = log 5 but log 2 + log 3 = log 6.",
                         "log of the sum, indicators (1, 0)", "sum of the logs, indicators (1, 0)")


@_disproves("bernoulli_brackets")
def _bernoulli_brackets():
    m1, m2 = sp.symbols("mu_1 mu_2", positive=True)
    mus = (m1, m2)
    docs = [(b1, b2) for b1 in (0, 1) for b2 in (0, 1)]
    correct = sp.simplify(sum(sp.Mul(*[b * m + (1 - b) * (1 - m) for b, m in zip(doc, mus)])
                              for doc in docs))
    # as written: the product binds only I(t_i in x) mu_i; the second term stands alone (i = V)
    note = sp.expand(sum(sp.Mul(*[b * m for b, m in zip(doc, mus)]) + (1 - doc[-1]) * (1 - m2)
                         for doc in docs))
    return Demonstration(note, correct, "Summed over the 4 possible documents of a 2-word "
                         "vocabulary, the bracketed product gives 1; as written (product of "
                         "the first term only) it does not.")


@_disproves("bernoulli_quantifier")
def _bernoulli_quantifier():
    d = bernoulli_mle(2, 3)
    n_equations = len(d.step("derivative_mu").expr)
    return Demonstration(sp.Integer(2), sp.Integer(n_equations),
                         "The stationarity equation holds for every word i and class j: "
                         "C*V = 6 equations for 2 classes and 3 words, not C = 2.")


@_disproves("binomial_upside_down")
def _binomial_upside_down():
    note = sp.binomial(2, 3) * sp.binomial(1, 3 - 2)
    correct = sp.binomial(3, 2) * sp.binomial(3 - 2, 1)
    return Demonstration(note, correct, "For a 3-word document with counts x = (2, 1), the "
                         "note's coefficient binom(x_1, N) binom(x_2, N - x_1) is 0 "
                         "(sympy: binomial(2, 3) = 0), so every such document would have "
                         "probability 0; binom(N, x_1) binom(N - x_1, x_2) = 3.")


def _log_proportional():
    w = {1: (sp.Rational(1, 2), sp.Rational(1, 2)), 2: (sp.Rational(1, 5), sp.Rational(4, 5))}
    b = {1: sp.Rational(1, 3), 2: sp.Rational(2, 3)}
    x = (2, 1)
    joint = {k: b[k] * sp.Mul(*[wk ** xi for wk, xi in zip(w[k], x)]) * 3 for k in (1, 2)}
    evidence = joint[1] + joint[2]
    log_post = {k: sp.log(joint[k] / evidence) for k in (1, 2)}
    linear = {k: sum(xi * sp.log(wk) for wk, xi in zip(w[k], x)) + sp.log(b[k]) for k in (1, 2)}
    ratios = [sp.N(log_post[k] / linear[k], 6) for k in (1, 2)]
    differences = [sp.nsimplify(sp.simplify(sp.expand_log(log_post[k] - linear[k], force=True)))
                   for k in (1, 2)]
    return Demonstration(ratios[0] - ratios[1], sp.simplify(differences[0] - differences[1]),
                         "After the log, 'proportional' becomes 'plus a constant': log P(c_k|x) "
                         "minus the linear score is the same number for every class (difference "
                         "0), while the ratio is not.",
                         "ratio log P(c|x) / linear score, class 1 minus class 2",
                         "difference log P(c|x) - linear score, class 1 minus class 2")


@_disproves("raw_prior_added")
def _raw_prior_added():
    prior = np.array([0.9, 0.1])
    loglik = np.array([-5.0, -4.0])  # x . log w for one document, per class
    buggy = int(np.argmax(loglik + prior))
    correct = int(np.argmax(loglik + np.log(prior)))
    return Demonstration(sp.Integer(buggy), sp.Integer(correct),
                         "The note's fit returns log w but the prior b itself, and predict "
                         "adds b: with priors (0.9, 0.1) it predicts class 1, log b predicts 0.")


@_disproves("mle_unbiased_reason")
def _mle_unbiased_reason():
    p = sp.Symbol("p", positive=True)
    n = 3  # three trials, N_1 successes ~ Binomial(3, p)
    pmf = {k: sp.binomial(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)}
    mean_first = p  # the first trial alone, I(trial 1 = success): also unbiased
    mean_mle_of_square = sp.factor(sum(pmf[k] * sp.Rational(k, n) ** 2 for k in pmf))
    assert sp.simplify(sum(pmf[k] * sp.Rational(k, n) for k in pmf) - p) == 0
    assert mean_first == p
    return Demonstration(mean_mle_of_square, p ** 2,
                         "Two facts break the argument. Unbiasedness does not single out N_i/N: "
                         "the first trial alone (1 if it succeeded, else 0) is unbiased for p too. "
                         "And a maximum-likelihood estimate need not be unbiased: the MLE of p^2 is "
                         "(N_1/N)^2, whose mean over three trials (exact, by enumeration) is not p^2. "
                         "N_i/N is right because it maximises the likelihood (section 3).",
                         "E[(N_1/N)^2], the mean of the MLE of p^2, N = 3", "p^2")


@_disproves("posterior_matrix")
def _posterior_matrix():
    x = np.array([[2.0, 1.0, 0.0]])                    # one document's word counts
    log_w = np.log(np.array([[0.5, 0.3, 0.2], [0.2, 0.3, 0.5]]))
    b = np.array([0.6, 0.4])
    prob_mat = x @ log_w.T + b                       # the note's predict, as written
    row = [f"{float(v):.4f}" for v in prob_mat[0]]
    return Demonstration(sp.Rational(str(round(float(prob_mat.sum()), 4))), sp.Integer(1),
                         f"The note's matrix holds sums of log probabilities (here {row[0]} and "
                         f"{row[1]}): negative numbers whose rows do not sum to 1, so they are not "
                         "conditional or posterior probabilities. They are unnormalised log scores; "
                         "the posterior is their softmax (after adding log b, not b).",
                         "row sum of the note's 'posterior matrix'", "row sum of a posterior",
                         zh={"summary": f"笔记的矩阵里是对数概率之和（这里是 {row[0]} 和 {row[1]}）：是负数，"
                                        "每行之和也不为 1，所以它们不是条件概率或后验概率，而是未归一化的对数得分；"
                                        "后验概率是它们的 softmax（加上的应是 log b，而不是 b）。"})


#: The places a note is right but reads oddly: not errata, so not in nbteach.errata.
_READINGS = [
    NoteMistake("positions_vs_counts", "000", "multinomial model",
                r"\prod_{i=1}^{d} p(x_i|c_j) = \prod_{i=1}^{V}\theta_{i|j}^{N(t_i,x)}",
                r"\prod_{p=1}^{|x|} \theta_{w_p|j} = \prod_{i=1}^{V}\theta_{i|j}^{N(t_i,x)}",
                "The left product runs over word positions p (|x| words, the word at position "
                "p being w_p): with that reading both sides are equal. Only x_i read as the "
                "count of word i would make it wrong.", "04", _positions_vs_counts,
                kind="notation"),
    NoteMistake("multinomial_coefficient", "000", "multinomial model",
                r"p(x|c_j) = \prod_{i=1}^{V}\theta_{i|j}^{N(t_i,x)}",
                r"p(x|c_j) = \frac{|x|!}{\prod_i N(t_i,x)!}\prod_{i=1}^{V}\theta_{i|j}^{N(t_i,x)}",
                "Without the coefficient this is the probability of one word sequence, which is "
                "what the classifier needs; the probability of the count vector multiplies it by "
                "the coefficient, a constant in theta, so the MLE is unchanged.", "04",
                _multinomial_coefficient, kind="notation"),
    NoteMistake("log_of_sum", "000", "joint log-likelihood, line 2 to 3",
                r"\log \sum_j I(y_k=c_j)\, a_j = \sum_j I(y_k=c_j) \log a_j",
                r"\text{true only because exactly one } I(y_k=c_j) = 1",
                "Also write log(p(y) p(x|y)) with brackets: log p(y) p(x|y) reads as "
                "(log p(y)) p(x|y).", "04", _log_of_sum, kind="gap"),
    NoteMistake("multiplier_alpha", "000", "Lagrangian",
                r"J = L + \alpha\,(1 - \sum_j \pi_j) + \dots",
                r"J = L + \lambda\,(1 - \sum_j \pi_j) + \dots,\ \lambda = N",
                "Note 000 uses alpha only for this multiplier (it smooths with +1, no alpha). "
                "In this course alpha is the smoothing pseudo-count (lessons 03, 05), and the "
                "multiplier is a different quantity (it solves to N), so nbteach calls it lambda.",
                "04", _multiplier_alpha, kind="notation"),
    NoteMistake("log_proportional", "003", "the log-linear form",
                r"\log P(c_k|x) \propto \sum_i x_i \log w_{k,i} + \log P(c_k)",
                r"\log P(c_k|x) = \sum_i x_i \log w_{k,i} + \log P(c_k) + \text{const}",
                "Read literally, proportional (a constant factor) is false after the log; the "
                "note uses it, as many texts do, for 'equal up to a constant term': the constant "
                "(-log P(x) plus the log coefficient) is the same for every class, so the argmax "
                "is unchanged.", "04", _log_proportional, kind="notation"),
]


def _note_mistakes(errata, computations, readings):
    """The errata that carry a Disproof, each with its computation, and the readings, by lesson
    (stable: the errata in registry order, then the readings). Refuses an erratum with a
    Disproof but no computation, a computation for no such erratum, and a reading whose key
    is an erratum's."""
    stated = [e for e in errata if e.disproof is not None]
    missing = [e.key for e in stated if e.key not in computations]
    if missing:
        raise NbteachError(f"errata {missing} have a Disproof but no computation; register one "
                           "with @_disproves(key) in nbteach.derivations.mistakes.")
    stray = sorted(set(computations) - {e.key for e in stated})
    if stray:
        raise NbteachError(f"computations {stray} disprove no erratum with a Disproof in "
                           "nbteach.errata.ERRATA.")
    clash = sorted({r.key for r in readings} & {e.key for e in errata})
    if clash:
        raise NbteachError(f"{clash} are listed both as errata and as readings (notation or gaps); "
                           "a place is one or the other.")
    entries = [NoteMistake.from_erratum(e, computations[e.key]) for e in stated] + list(readings)
    return sorted(entries, key=lambda m: m.lesson)


#: The Chinese of each entry's place, formulas' words and explanation (``NoteMistake.said``), by key;
#: a field without Chinese shows in English.
ZH_TEXTS = {
    "bayes_numerator": {"where": "贝叶斯定理，第一个公式", "explanation": "联合概率 p(x, y) 里已经含有 p(y)。"},
    "mle_unbiased_reason": {
        "where": "多项分布参数的估计",
        "correct": r"\hat p_i = N_i/N \text{，因为它使似然最大}",
        "explanation": "估计值是对的，理由不对：无偏估计有很多个，而极大似然估计常常是有偏的。"},
    "binomial_upside_down": {"where": "多项分布的概率函数",
                             "explanation": "N（这里是文档长度，别处是文档数）应该在上面。"},
    "posterior_matrix": {
        "where": "预测",
        "note": r"x \cdot \log w^{T} + b \text{ 被称为条件概率/后验概率矩阵}",
        "correct": r"x \cdot \log w^{T} + \log b \text{ 是对数得分；} P(c|x) = \mathrm{softmax}",
        "explanation": "这是用来取 argmax 的得分，不是概率。"},
    "raw_prior_added": {
        "where": "predict 的代码",
        "note": r"\text{fit 返回 } b,\ \log w;\ \text{predict：} x \cdot \log w + b",
        "explanation": "先验概率必须像词概率一样以对数形式进入。"},
    "bernoulli_brackets": {"where": "伯努利模型与似然", "explanation": "连乘必须同时涵盖两项。"},
    "bernoulli_quantifier": {"where": "伯努利模型的梯度", "explanation": "每个词和每个类别各有一个方程。"},
    "positions_vs_counts": {
        "where": "多项式模型",
        "explanation": "左边的连乘是对词的位置 p 进行的（共 |x| 个词，位置 p 上的词是 w_p）："
                       "这样读，两边相等。只有把 x_i 读作词 i 的计数，它才是错的。"},
    "multinomial_coefficient": {
        "where": "多项式模型",
        "explanation": "不带系数时，这是一个词序列的概率，正是分类器需要的；计数向量的概率还要乘以"
                       "多项式系数，它与 theta 无关，所以极大似然估计不变。"},
    "log_of_sum": {
        "where": "联合对数似然，第 2 行到第 3 行",
        "correct": r"\text{成立只因为恰有一个 } I(y_k=c_j) = 1",
        "explanation": "另外 log(p(y) p(x|y)) 要带括号写：log p(y) p(x|y) 会被读成 (log p(y)) p(x|y)。"},
    "multiplier_alpha": {
        "where": "拉格朗日函数",
        "explanation": "笔记 000 只把 alpha 用作这个乘子（它用 +1 平滑，没有 alpha）。本课程中 alpha 是平滑用的"
                       "伪计数（第 03、05 课），而这个乘子是另一个量（它解出来是 N），所以 nbteach 把它叫作 lambda。"},
    "log_proportional": {
        "where": "对数线性形式",
        "explanation": "按字面读，“正比于”（差一个常数因子）在取对数后不成立；笔记和许多教材一样，用它表示"
                       "“差一个常数项”：这个常数（-log P(x) 加上系数的对数）对每个类别都相同，所以 argmax 不变。"},
}

#: The Chinese of each computation's summary and labels (``Demonstration.said``), by key
ZH_DEMONSTRATIONS = {
    "bayes_numerator": {"summary": "对类别 y 求和，后验概率 p(y|x) 之和必须为 1；在这张表上，笔记的公式 "
                                   "p(x,y)p(y)/p(x) 之和是 1/2。"},
    "multinomial_coefficient": {
        "summary": "笔记的连乘是一个词*序列*的概率。对两个词的文档的所有计数向量求和，这些序列概率之和不为 1；"
                   "乘以多项式系数（有这些计数的序列的个数）之后才为 1。系数与 theta 无关，所以两种写法的"
                   "极大似然估计相同。",
        "note_label": "序列概率，对计数向量求和", "correct_label": "乘以多项式系数"},
    "positions_vs_counts": {
        "summary": "把 x_i 读作位置 i 上的词（d 为文档长度），笔记的连乘等于右边。唯一不成立的读法是把 x_i "
                   "读作词 i 的计数：计数并不独立（它们加起来等于文档长度），它们边际概率的乘积不等于多项分布的概率。",
        "note_label": "对计数连乘（误读）", "correct_label": "计数的多项分布概率"},
    "log_of_sum": {
        "summary": "log sum_j I(y=c_j) a_j = sum_j I(y=c_j) log a_j 这一步是对的，因为恰有一个示性函数 "
                   "I(y=c_j) 为 1：示性函数取 (1, 0) 时两边都是 log a_1（见下）。对别的权重它不是恒等式："
                   "取 (1, 1) 时 log(2 + 3) = log 5，而 log 2 + log 3 = log 6。",
        "note_label": "和的对数，示性函数 (1, 0)", "correct_label": "对数之和，示性函数 (1, 0)"},
    "multiplier_alpha": {"note_label": "把乘子当成 alpha 来用", "correct_label": "拉普拉斯修正，(3 + 1)/(10 + 2)"},
    "bernoulli_brackets": {"summary": "对两个词的词汇表的全部 4 种可能文档求和，带括号的连乘之和为 1；"
                                      "按笔记的写法（只连乘第一项）则不为 1。"},
    "bernoulli_quantifier": {"summary": "驻点方程对每个词 i 和每个类别 j 都成立：2 个类别、3 个词时有 "
                                        "C*V = 6 个方程，而不是 C = 2 个。"},
    "binomial_upside_down": {"summary": "对计数为 x = (2, 1) 的 3 个词的文档，笔记的系数 binom(x_1, N) "
                                        "binom(x_2, N - x_1) 等于 0（sympy：binomial(2, 3) = 0），于是每篇这样的"
                                        "文档概率都为 0；而 binom(N, x_1) binom(N - x_1, x_2) = 3。"},
    "log_proportional": {
        "summary": "取对数后，“正比于”变成“加一个常数”：log P(c_k|x) 减去线性得分，对每个类别都是同一个数"
                   "（差为 0），而比值不是。",
        "note_label": "比值 log P(c|x) / 线性得分，类别 1 减类别 2",
        "correct_label": "差 log P(c|x) - 线性得分，类别 1 减类别 2"},
    "raw_prior_added": {"summary": "笔记的 fit 返回 log w，却返回先验 b 本身，predict 再加上 b：先验为 "
                                   "(0.9, 0.1) 时它预测类别 1，用 log b 则预测 0。"},
    "mle_unbiased_reason": {
        "summary": "有两个事实推翻这个论证。无偏性并不能单单挑出 N_i/N：只看第一次试验（成功为 1，否则为 0）"
                   "也是 p 的无偏估计。而且极大似然估计不一定无偏：p^2 的极大似然估计是 (N_1/N)^2，它在三次试验上"
                   "的均值（用枚举精确算出）不等于 p^2。N_i/N 之所以对，是因为它使似然最大（第 3 节）。",
        "note_label": "E[(N_1/N)^2]，p^2 的极大似然估计的均值，N = 3", "correct_label": "p^2"},
    "posterior_matrix": {"note_label": "笔记的“后验概率矩阵”的行和", "correct_label": "后验概率的行和"},
}

NOTE_MISTAKES = _note_mistakes(ERRATA, _COMPUTATIONS, _READINGS)


def get_mistake(key: str) -> NoteMistake:
    """The entry of :data:`NOTE_MISTAKES` with this key."""
    for m in NOTE_MISTAKES:
        if m.key == key:
            return m
    raise NbteachError(tr({"en": f"no note mistake {key!r}; the keys are "
                                 f"{', '.join(m.key for m in NOTE_MISTAKES)}.",
                           "zh": f"没有笔记错误 {key!r}；可用的键是 {', '.join(m.key for m in NOTE_MISTAKES)}。"}))
