"""Exercises of lesson 11, Bayesian networks.

Ids: ``11.joint_probability``, ``11.posterior_john_only``, ``11.mdl_bits``,
``11.eliminate_function``.

Each asks about a configuration, evidence or sample the lesson does not print: the lesson
multiplies out (B, E, A, J, M) = (F, F, T, T, T), queries Burglary given both calls, and
measures the MDL terms on samples drawn with other seeds. The second and third ask for
work a single library call does not do: a posterior enumerated from the joint with a
prediction beside it, and the two MDL terms an extra arc changes, with the verdict.
The second works on :func:`~nbteach.bayesnet.examples.quake_town`, the burglary network's shape
with a town's own numbers: the lesson's network explorer shows every posterior of ``burglary()`` (issue 33), never
this network's. The last is a build-it: one step of variable elimination (multiply the factors
that mention a variable, sum it out), with the library's elimination switched off.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np

from ..bayesnet import BayesNet, burglary, enumeration_ask, sample, sprinkler
from ..bayesnet.examples import quake_town
from ..bayesnet.inference import _sum_product
from ._unswitched import unswitched
from .core import Mistake, define

_TF = (True, False)

_CONFIG = {"Burglary": False, "Earthquake": False, "Alarm": True, "JohnCalls": False, "MaryCalls": True}


def _joint(flip_child=False, wrong_row=False):
    """The product of the five factors; the mistakes change JohnCalls' column or row."""
    net = burglary()
    p = 1.0
    for v in net.nodes:
        table = net.cpd(v)
        value = _CONFIG[v]
        parents = tuple(_CONFIG[u] for u in net.parents(v))
        if v == "JohnCalls" and flip_child:
            value = not value
        if v == "JohnCalls" and wrong_row:
            parents = (not parents[0],)
        row = table.iloc[0] if not parents else table.loc[parents if len(parents) > 1 else parents[0]]
        p *= float(row[value])
    return p


define(
    "11.joint_probability",
    prompt={"en": "In the burglary network (nbteach.bayesnet.burglary()), what is the probability of the "
                  "full configuration: no burglary, no earthquake, the alarm rings, John does not call, "
                  "Mary calls? A float, computed from the tables.",
            "zh": "在防盗警报网络（nbteach.bayesnet.burglary()）中，完整取值“没有盗窃、没有地震、警报响、"
                  "John 没打电话、Mary 打了电话”的概率是多少？用条件概率表计算出浮点数。"},
    answer=lambda: _joint(),
    rtol=1e-9,
    mistakes=[
        Mistake("wrong_john_row", lambda: _joint(wrong_row=True),
                {"en": "JohnCalls' factor is read in the row of its parent's value: the alarm rings.",
                 "zh": "JohnCalls 的因子要在其父结点取值所在的行读取：警报响了。"}),
        Mistake("wrong_john_column", lambda: _joint(flip_child=True),
                {"en": "John does not call: take the False column of JohnCalls' table in the row "
                       "Alarm = True.",
                 "zh": "John 没有打电话：在 JohnCalls 表中 Alarm = True 那一行取 False 列。"}),
    ],
    hints=[
        {"en": "Note 002: the joint is the product over the nodes of P(x_i | parents of x_i).",
         "zh": "笔记 002：联合概率是各结点 P(x_i | x_i 的父结点) 的乘积。"},
        {"en": "Five factors, one from each table: net.cpd(node) shows it; pick the row of the "
               "parents' values and the column of the node's value.",
         "zh": "五个因子，每张表一个：net.cpd(node) 显示该表；按父结点的取值选行，按结点自己的取值选列。"},
    ],
    solution={"en": "net = burglary()\nconfig = {'Burglary': False, 'Earthquake': False, 'Alarm': True, "
                    "'JohnCalls': False, 'MaryCalls': True}\n"
                    "answer = float(net.joint()[tuple(config[v] for v in net.nodes)])",
              "zh": "net = burglary()\nconfig = {...}   # 题中的取值\n"
                    "answer = float(net.joint()[tuple(config[v] for v in net.nodes)])"},
)


_BELOW = {"Burglary": True, "JohnCalls": True, "MaryCalls": False}


def _query(evidence, var="Burglary"):
    return float(enumeration_ask(quake_town(), var, evidence)[True])


def _rows(fixed):
    """The sum of the joint's rows that agree with ``fixed`` (enumeration)."""
    net = quake_town()
    joint = net.joint()
    keep = [all(row[net.nodes.index(k)] == v for k, v in fixed.items()) for row in joint.index]
    return float(joint[keep].sum())


def _john_only(word="less", number=None):
    p = _query({"JohnCalls": True, "MaryCalls": False}) if number is None else number
    return (p, word)


define(
    "11.posterior_john_only",
    prompt={"en": "In quake_town() (nbteach.bayesnet.examples: the burglary network's shape, the town's "
                  "own tables), John calls but Mary does not. (1) Compute P(Burglary = True | "
                  "JohnCalls = True, MaryCalls = False) by enumeration: from the rows of the joint (section 1: "
                  "the product of the tables), not with query. (2) Predict before you compute, then check with "
                  "your number: compared with John's call alone, P(Burglary = True | JohnCalls = True), does "
                  "Mary's silence make a burglary 'more' likely, 'less' likely, or leave it the 'same'? "
                  "Answer a pair: (your float, your word).",
            "zh": "在 quake_town()（nbteach.bayesnet.examples：与防盗警报网络结构相同，条件概率表是这个小镇自己的）"
                  "所描述的小镇里，John 打了电话，Mary 没有。(1) 用枚举法计算 P(Burglary = True | JohnCalls = True, "
                  "MaryCalls = False)：从联合分布的各行出发（第 1 节：各条件概率表的乘积），不要用 query。"
                  "(2) 先预测再计算，并用你的数值验证：与只有 John 打电话时的 P(Burglary = True | JohnCalls = True) "
                  "相比，Mary 没打电话让盗窃的可能性变大（'more'）、变小（'less'）还是不变（'same'）？"
                  "回答一个二元组：(你的浮点数, 你的单词)。"},
    answer=lambda: _john_only(),
    rtol=1e-9,
    mistakes=[
        Mistake("not_normalised", lambda: _john_only(number=_rows(_BELOW)),
                {"en": "That is the sum of the rows themselves, P(Burglary, JohnCalls, MaryCalls = False): "
                       "a conditional probability divides it by the probability of the evidence.",
                 "zh": "这是那些行本身之和，即 P(Burglary, JohnCalls, MaryCalls = False)：条件概率还要除以证据的概率。"}),
        Mistake("alarm_fixed", lambda: _john_only(number=_query({"Alarm": True, "JohnCalls": True,
                                                                 "MaryCalls": False})),
                {"en": "The alarm is not observed: the rows run over both of its values (and over "
                       "Earthquake's).",
                 "zh": "警报没有被观测到：求和的行要取遍它的两个取值（以及 Earthquake 的取值）。"}),
        Mistake("mary_ignored", lambda: _john_only(number=_query({"JohnCalls": True})),
                {"en": "That uses only John's call: Mary's silence is evidence too.",
                 "zh": "这只用了 John 的电话：Mary 没打电话也是证据。"}),
        Mistake("both_call", lambda: _john_only(number=_query({"JohnCalls": True, "MaryCalls": True})),
                {"en": "That is the posterior when both call; here Mary does not.",
                 "zh": "这是两人都打电话时的后验；本题 Mary 没有打。"}),
        Mistake("burglary_network", lambda: _john_only(number=float(enumeration_ask(
                    burglary(), "Burglary", {"JohnCalls": True, "MaryCalls": False})[True])),
                {"en": "That is the posterior in the lesson's burglary network (the explorer's): this exercise is "
                       "set in another town, quake_town(), with its own tables.",
                 "zh": "这是本课防盗警报网络（演示器中的那个）里的后验概率：本题发生在另一个小镇 quake_town()，"
                       "它有自己的条件概率表。"}),
        Mistake("prior", lambda: _john_only(number=_query({})),
                {"en": "That is the prior P(Burglary): condition on the two calls.",
                 "zh": "这是先验概率 P(Burglary)：要以两通电话的情况为条件。"}),
        Mistake("more", lambda: _john_only("more"),
                {"en": "Your number is right; look again at the word. Read MaryCalls' table: when the alarm "
                       "rings, does Mary usually call? What does her silence then say about the alarm, and so "
                       "about a burglary?",
                 "zh": "数值正确；再看看你选的词。读 MaryCalls 的表：警报响时 Mary 通常会打电话吗？那么她没打电话"
                       "说明了警报怎样的情况，进而说明了盗窃怎样的情况？"}),
        Mistake("same", lambda: _john_only("same"),
                {"en": "Your number is right; look again at the word. MaryCalls is not d-separated from "
                       "Burglary given JohnCalls alone: a trail runs through the unobserved alarm.",
                 "zh": "数值正确；再看看你选的词。只给定 JohnCalls 时，MaryCalls 与 Burglary 并未被有向分离："
                       "有一条路径经过未被观测的警报。"}),
    ],
    hints=[
        {"en": "A conditional probability is a ratio of two sums of rows of the joint: the rows that agree "
               "with the question and the evidence, over the rows that agree with the evidence.",
         "zh": "条件概率是联合分布中两组行之和的比：与问题和证据都一致的行，除以与证据一致的行。"},
        {"en": "Burglary, JohnCalls and MaryCalls are fixed; Earthquake and Alarm are not, so each sum runs "
               "over their values. For the word, compute John's-call-alone posterior the same way.",
         "zh": "Burglary、JohnCalls、MaryCalls 取定值；Earthquake 和 Alarm 没有，所以每个和都要取遍它们的值。"
               "至于那个词，用同样的方法算出只有 John 打电话时的后验。"},
    ],
    solution={"en": "net = quake_town()\njoint = net.joint()\n"
                    "evidence = joint.xs((True, False), level=['JohnCalls', 'MaryCalls'])   # rows with J, not M\n"
                    "p = evidence.xs(True, level='Burglary').sum() / evidence.sum()\n"
                    "john = joint.xs(True, level='JohnCalls')\n"
                    "alone = john.xs(True, level='Burglary').sum() / john.sum()\n"
                    "answer = (float(p), 'less' if p < alone else 'more' if p > alone else 'same')",
              "zh": "net = quake_town()\njoint = net.joint()\n"
                    "evidence = joint.xs((True, False), level=['JohnCalls', 'MaryCalls'])   # J 为真、M 为假的行\n"
                    "p = evidence.xs(True, level='Burglary').sum() / evidence.sum()\n"
                    "john = joint.xs(True, level='JohnCalls')\n"
                    "alone = john.xs(True, level='Burglary').sum() / john.sum()\n"
                    "answer = (float(p), 'less' if p < alone else 'more' if p > alone else 'same')"},
)


def _arc(model_unit="bits", half=True, data_unit="bits", sign=1, verdict=None):
    """(extra model bits, saved data bits, verdict) of adding Cloudy -> WetGrass; the keywords
    apply one mistake each."""
    data = sample(sprinkler(), 1000, random_state=7)
    true = BayesNet(sprinkler().edges).fit(data)
    bigger = BayesNet(list(sprinkler().edges) + [("Cloudy", "WetGrass")]).fit(data)
    log = math.log2 if model_unit == "bits" else math.log
    model = (bigger.n_parameters() - true.n_parameters()) * log(len(data)) * (0.5 if half else 1)
    saved = bigger.score(data, kind="loglik") - true.score(data, kind="loglik")
    saved = saved / {"bits": math.log(2), "nats": 1, "bytes": 8 * math.log(2)}[data_unit] * sign
    return (model, saved, verdict or ("true" if saved < model else "bigger"))


define(
    "11.mdl_bits",
    prompt={"en": "Draw data = sample(sprinkler(), 1000, random_state=7). Should the true sprinkler "
                  "structure gain the arc Cloudy -> WetGrass? Note 002's MDL score s(B|D) = f(theta)|B| - "
                  "LL(B|D) has two terms; take f(theta) = (1/2) log2 m bits per free parameter, m the number "
                  "of rows. Answer a triple: (how many more bits the bigger network's model term costs, how "
                  "many fewer bits its data term needs, the structure MDL prefers: 'true' or 'bigger').",
            "zh": "取 data = sample(sprinkler(), 1000, random_state=7)。真实的洒水器网络结构应该加上弧 "
                  "Cloudy -> WetGrass 吗？笔记 002 的 MDL 评分 s(B|D) = f(theta)|B| - LL(B|D) 有两项；"
                  "每个自由参数取 f(theta) = (1/2) log2 m 比特，m 为行数。回答一个三元组：(更大的网络的模型项"
                  "多花多少比特, 它的数据项少用多少比特, MDL 选哪个结构：'true' 或 'bigger')。"},
    answer=lambda: _arc(),
    rtol=1e-6,
    mistakes=[
        Mistake("both_in_nats", lambda: _arc(model_unit="nats", data_unit="nats"),
                {"en": "Both terms are in nats (natural logarithms), BIC's bookkeeping: a description "
                       "length counts bits.",
                 "zh": "两项都以奈特（自然对数）为单位，这是 BIC 的做法：描述长度以比特计。"}),
        Mistake("model_in_nats", lambda: _arc(model_unit="nats"),
                {"en": "The model term is in nats (natural logarithm): f(theta) takes log2.",
                 "zh": "模型项用了奈特（自然对数）：f(theta) 用的是 log2。"}),
        Mistake("no_half_or_both_columns", lambda: _arc(half=False),
                {"en": "Check two things in the model term: f(theta) is half of log2 m per parameter, and "
                       "only free parameters count (in a row of a boolean node's table, the second number is "
                       "1 minus the first).",
                 "zh": "检查模型项的两点：每个参数的 f(theta) 是 log2 m 的一半；只数自由参数（布尔结点的表中，"
                       "每一行的第二个数等于 1 减去第一个数）。"}),
        Mistake("data_in_nats", lambda: _arc(data_unit="nats"),
                {"en": "The data term's saving is in nats (the log-likelihood's unit): convert it to bits.",
                 "zh": "数据项节省的量以奈特计（对数似然的单位）：要换算成比特。"}),
        Mistake("data_in_bytes", lambda: _arc(data_unit="bytes"),
                {"en": "You converted the saving to bytes, as note 002's wording suggests; a log2 length is "
                       "in bits.",
                 "zh": "你按笔记 002 的说法把节省量换算成了字节；log2 长度的单位是比特。"}),
        Mistake("sign", lambda: _arc(sign=-1),
                {"en": "With one more parent, maximum likelihood fits the training rows at least as well: the "
                       "data term cannot get longer, so the saving is not negative.",
                 "zh": "多一个父结点后，极大似然估计对训练数据的拟合至少一样好：数据项不会变长，所以节省量不是负数。"}),
        Mistake("prefers_bigger", lambda: _arc(verdict="bigger"),
                {"en": "Your two numbers are right; look again at the verdict: MDL keeps the structure with the "
                       "shorter total description.",
                 "zh": "两个数值正确；再看看结论：MDL 保留总描述长度更短的结构。"}),
    ],
    hints=[
        {"en": "The arc changes only WetGrass's table: how many rows does it gain, and how many free numbers "
               "does a row of a boolean node hold?",
         "zh": "这条弧只改变 WetGrass 的表：它多了多少行？布尔结点的一行有几个自由数？"},
        {"en": "score(data, kind='loglik') gives LL(B|D) in nats, with the tables counted from data; a "
               "description length is in bits.",
         "zh": "score(data, kind='loglik') 给出以奈特计的 LL(B|D)（表由数据计数得到）；描述长度以比特计。"},
    ],
    solution={"en": "data = sample(sprinkler(), 1000, random_state=7)\n"
                    "true = BayesNet(sprinkler().edges).fit(data)\n"
                    "bigger = BayesNet(list(sprinkler().edges) + [('Cloudy', 'WetGrass')]).fit(data)\n"
                    "model = (bigger.n_parameters() - true.n_parameters()) * math.log2(len(data)) / 2\n"
                    "saved = (bigger.score(data, kind='loglik') - true.score(data, kind='loglik')) / math.log(2)\n"
                    "answer = (model, saved, 'true' if saved < model else 'bigger')",
              "zh": "data = sample(sprinkler(), 1000, random_state=7)\n"
                    "true = BayesNet(sprinkler().edges).fit(data)\n"
                    "bigger = BayesNet(list(sprinkler().edges) + [('Cloudy', 'WetGrass')]).fit(data)\n"
                    "model = (bigger.n_parameters() - true.n_parameters()) * math.log2(len(data)) / 2\n"
                    "saved = (bigger.score(data, kind='loglik') - true.score(data, kind='loglik')) / math.log(2)\n"
                    "answer = (model, saved, 'true' if saved < model else 'bigger')"},
)


# ---------------------------------------------------------------- build-it: one elimination step
# A factor is (variables, table): a tuple of names and a dict from a tuple of values (one per
# variable, in that order) to a number; every variable is boolean. The reference runs the
# library's own product-and-sum (``_sum_product``, one einsum), out of the switch's reach.
_sum_product_itself = unswitched(_sum_product)


def _as_array(variables, table):
    arr = np.empty((2,) * len(variables), dtype=object)
    for key in itertools.product(_TF, repeat=len(variables)):
        arr[tuple(0 if v else 1 for v in key)] = table[key]
    return arr


def _scope(factors, var):
    out = []
    for variables, _ in factors:
        if var in variables:
            out.extend(u for u in variables if u not in out)
    return out


def _eliminated(factors, var, sum_product, order=None, every=False):
    """The new factor of summing ``var`` out of the product of the factors that mention it;
    ``order``: sort its variables, ``every``: multiply every factor (two mistakes)."""
    touching = [f for f in factors if every or var in f[0]]
    scope = _scope(touching, var) if not every else [u for f in factors for u in f[0]]
    scope = list(dict.fromkeys(scope))
    out = tuple(u for u in scope if u != var)
    if order:
        out = tuple(sorted(out))
    arr = sum_product([(f[0], _as_array(*f)) for f in touching], out)
    arr = np.asarray(arr, dtype=object)
    return out, {key: arr[tuple(0 if v else 1 for v in key)] for key in itertools.product(_TF, repeat=len(out))}


def _eliminate_reference():
    return lambda factors, var: _eliminated(factors, var, _sum_product_itself)


def _eliminate_shortcut(factors, var):
    return _eliminated(factors, var, _sum_product)


def _wrong_elimination(kind):
    def make():
        def f(factors, var):
            if kind == "multiplied_every_factor":
                return _eliminated(factors, var, _sum_product_itself, every=True)
            if kind == "variables_in_another_order":
                return _eliminated(factors, var, _sum_product_itself, order=True)
            touching = [f for f in factors if var in f[0]]
            out = tuple(u for u in _scope(factors, var) if u != var)
            table = {}
            for key in itertools.product(_TF, repeat=len(out)):
                row = dict(zip(out, key))
                if kind == "summed_each_factor":       # sum var out of each factor, then multiply
                    p = Fraction(1)
                    for variables, t in touching:
                        p *= sum(t[tuple({**row, var: x}[u] for u in variables)] for x in _TF)
                else:                                  # max_instead_of_sum
                    p = max(math.prod((t[tuple({**row, var: x}[u] for u in variables)]
                                       for variables, t in touching), start=Fraction(1)) for x in _TF)
                table[key] = p
            return out, table
        return f
    return make


def _random_factor(rng, variables, low=1):
    return (tuple(variables), {key: Fraction(rng.randint(low, 19), 20)
                               for key in itertools.product(_TF, repeat=len(variables))})


def _eliminate_inputs(rng):
    """Hidden cases: summing Earthquake out of P(E), P(A | B, E) and a factor over Alarm alone (tells
    the mistakes apart: a factor that does not mention it, two that do, a new factor over B, A); a
    leaf's own table (sums to 1 in every row); a variable whose only factor mentions nothing else
    (a factor over no variable); three factors over four or five variables, one of them a zero."""
    out = []
    e = rng.randint(1, 9)
    cases = [[("Earthquake",), {(True,): Fraction(e, 100), (False,): Fraction(100 - e, 100)}],
             list(_random_factor(rng, ("Burglary", "Earthquake", "Alarm"))),
             list(_random_factor(rng, ("Alarm",)))]
    out.append((([tuple(c) for c in cases], "Earthquake"), {}))
    leaf = _random_factor(rng, ("Alarm", "JohnCalls"))
    normalised = {k: (v if k[1] else 1 - leaf[1][(k[0], True)]) for k, v in leaf[1].items()}
    out.append((([_random_factor(rng, ("Alarm",)), (leaf[0], normalised),
                  _random_factor(rng, ("Alarm", "MaryCalls"))], "JohnCalls"), {}))
    out.append((([_random_factor(rng, ("Rain",)), _random_factor(rng, ("Cloudy",)),
                  _random_factor(rng, ("Rain", "WetGrass"))], "Cloudy"), {}))
    names = rng.sample(["Cloudy", "Rain", "Sprinkler", "WetGrass", "Alarm", "Earthquake"], rng.randint(4, 5))
    var = names[0]
    factors = [_random_factor(rng, rng.sample(names[1:], 2) + [var]),
               _random_factor(rng, [var, *rng.sample(names[1:], 1)], low=0),
               _random_factor(rng, rng.sample(names[1:], 2)),
               _random_factor(rng, [names[-1], var])]
    rng.shuffle(factors)
    out.append(((factors, var), {}))
    return out


_ELIMINATION_HINT_ORDER = {
    "en": "Your table is right, but its variables are in another order: list them in the order they first "
          "appear in the factors that mention the variable (the first such factor first), the summed variable "
          "left out, and key the table in that order.",
    "zh": "你的表是对的，但变量的顺序不同：按它们在提到该变量的因子中首次出现的顺序列出（先看第一个这样的因子），"
          "去掉被求和消去的变量，并按这个顺序给表的键。"}

define(
    "11.eliminate_function",
    prompt={"en": "Write eliminate(factors, var), one step of variable elimination. A factor is a pair "
                  "(variables, table): variables is a tuple of names, table a dict from a tuple of values (one per "
                  "variable, in that order) to a number; every variable is boolean (True, False). Multiply the "
                  "factors that mention var and sum var out of their product. Return the new factor (variables, "
                  "table): its variables in the order they first appear in the factors that mention var, var left "
                  "out, and an entry for every combination of their values (a factor over no variable has the "
                  "one key ()). Exact when the tables hold Fractions. Write it yourself: the library's elimination "
                  "and enumeration are switched off while your function is checked.",
            "zh": "编写 eliminate(factors, var)，即变量消去法的一步。一个因子是二元组（变量, 表）：前者是"
                  "变量名的元组，后者是字典，键是取值的元组（每个变量一个值，顺序与变量元组相同），值是一个数；"
                  "所有变量都是布尔变量（True、False）。把提到 var 的因子相乘，再从乘积中对 var 求和消去。返回新的因子"
                  "（变量, 表）：它的变量按在提到 var 的因子中首次出现的顺序排列，不含 var；它们取值的每一种组合"
                  "都要有一项（不含任何变量的因子只有一个键 ()）。表中是 Fraction 时结果应是精确的。请自己实现：检查你的"
                  "函数时，库中的变量消去和枚举会被关闭。"},
    answer=_eliminate_reference,
    kind="function",
    inputs=_eliminate_inputs,
    rtol=1e-9,
    forbidden=("nbteach.bayesnet.inference._sum_product", "nbteach.bayesnet.inference.elimination_ask",
               "nbteach.bayesnet.inference.elimination_steps", "nbteach.bayesnet.inference.enumeration_ask",
               "nbteach.bayesnet.network.BayesNet"),
    shortcut=_eliminate_shortcut,
    mistakes=[
        Mistake("multiplied_every_factor", _wrong_elimination("multiplied_every_factor"),
                {"en": "Your function multiplies every factor, also those that do not mention the variable. "
                       "Only the factors that mention it take part in this step; the others wait, unchanged, "
                       "for a later one (that is what keeps the new factor small).",
                 "zh": "你的函数把所有因子都乘了进来，包括没有提到这个变量的因子。这一步只用提到它的因子；"
                       "其余因子原样留到后面的步骤（新因子因此才小）。"}),
        Mistake("summed_each_factor", _wrong_elimination("summed_each_factor"),
                {"en": "Your function sums the variable out of each factor separately and then multiplies: "
                       "the sum of a product is not the product of the sums. Multiply first, for every value of "
                       "the variable, then add.",
                 "zh": "你的函数先在每个因子里分别对这个变量求和，再相乘：乘积之和不等于和之乘积。"
                       "先对变量的每个取值把因子相乘，再相加。"}),
        Mistake("max_instead_of_sum", _wrong_elimination("max_instead_of_sum"),
                {"en": "Your function keeps the larger of the two products (max-product, which finds the most "
                       "likely value): eliminating a hidden variable adds the products over its values.",
                 "zh": "你的函数取两个乘积中较大的一个（最大积，用于求最可能的取值）：消去隐变量要把它各取值下的乘积相加。"}),
        Mistake("variables_in_another_order", _wrong_elimination("variables_in_another_order"),
                _ELIMINATION_HINT_ORDER),
    ],
    hints=[
        {"en": "First find the factors that mention var and the variables they mention between them; the new "
               "factor is over those variables, var left out.",
         "zh": "先找出提到 var 的因子，以及它们一共涉及哪些变量；新因子定义在这些变量上（去掉 var）。"},
        {"en": "For each combination of the new factor's values, add over var = True and var = False the product "
               "of the entries the factors have at that combination; itertools.product(...) lists the combinations.",
         "zh": "对新因子的每一种取值组合，在 var = True 和 var = False 上，把各因子在该组合下的表项之积相加；"
               "itertools.product(...) 可以列出所有组合。"},
    ],
    solution={"en": "import itertools\n\n"
                    "def eliminate(factors, var):\n"
                    "    touching = [f for f in factors if var in f[0]]\n"
                    "    scope = []\n"
                    "    for variables, _ in touching:\n"
                    "        scope += [u for u in variables if u not in scope]\n"
                    "    out = tuple(u for u in scope if u != var)\n"
                    "    table = {}\n"
                    "    for key in itertools.product([True, False], repeat=len(out)):\n"
                    "        total = 0\n"
                    "        for x in [True, False]:                      # sum var out ...\n"
                    "            row = dict(zip(out, key), **{var: x})\n"
                    "            p = 1\n"
                    "            for variables, t in touching:             # ... of the product\n"
                    "                p = p * t[tuple(row[u] for u in variables)]\n"
                    "            total = total + p\n"
                    "        table[key] = total\n"
                    "    return out, table",
              "zh": "import itertools\n\n"
                    "def eliminate(factors, var):\n"
                    "    touching = [f for f in factors if var in f[0]]\n"
                    "    scope = []\n"
                    "    for variables, _ in touching:\n"
                    "        scope += [u for u in variables if u not in scope]\n"
                    "    out = tuple(u for u in scope if u != var)\n"
                    "    table = {}\n"
                    "    for key in itertools.product([True, False], repeat=len(out)):\n"
                    "        total = 0\n"
                    "        for x in [True, False]:                      # 对 var 求和 ……\n"
                    "            row = dict(zip(out, key), **{var: x})\n"
                    "            p = 1\n"
                    "            for variables, t in touching:             # …… 求和的是乘积\n"
                    "                p = p * t[tuple(row[u] for u in variables)]\n"
                    "            total = total + p\n"
                    "        table[key] = total\n"
                    "    return out, table"},
)
