"""Exercises of lesson 11, Bayesian networks.

Ids: ``11.joint_probability``, ``11.posterior_john_only``, ``11.mdl_bits``.

Each asks about a configuration, evidence or sample the lesson does not print: the lesson
multiplies out (B, E, A, J, M) = (F, F, T, T, T), queries Burglary given both calls, and
scores samples drawn with other seeds.
"""
from __future__ import annotations

from .core import Mistake, define

_CONFIG = {"Burglary": False, "Earthquake": False, "Alarm": True, "JohnCalls": False, "MaryCalls": True}


def _joint(flip_child=False, wrong_row=False):
    """The product of the five factors; the mistakes change JohnCalls' column or row."""
    from nbteach.bayesnet import burglary

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
            "zh": "在盗窃网络（nbteach.bayesnet.burglary()）中，完整取值“没有盗窃、没有地震、警报响、"
                  "John 没打电话、Mary 打了电话”的概率是多少？用条件概率表计算出浮点数。"},
    answer=lambda: _joint(),
    rtol=1e-9,
    mistakes=[
        Mistake("wrong_john_row", lambda: _joint(wrong_row=True),
                {"en": "JohnCalls' factor is read in the row of its parent's value: the alarm rings.",
                 "zh": "JohnCalls 的因子要在其父节点取值所在的行读取：警报响了。"}),
        Mistake("wrong_john_column", lambda: _joint(flip_child=True),
                {"en": "John does not call: take the False column of JohnCalls' table in the row "
                       "Alarm = True.",
                 "zh": "John 没有打电话：在 JohnCalls 表中 Alarm = True 那一行取 False 列。"}),
    ],
    hints=[
        {"en": "Note 002: the joint is the product over the nodes of P(x_i | parents of x_i).",
         "zh": "笔记 002：联合概率是各节点 P(x_i | x_i 的父节点) 的乘积。"},
        {"en": "Five factors, one from each table: net.cpd(node) shows it; pick the row of the "
               "parents' values and the column of the node's value.",
         "zh": "五个因子，每张表一个：net.cpd(node) 显示该表；按父节点的取值选行，按节点自己的取值选列。"},
    ],
    solution={"en": "net = burglary()\nconfig = {'Burglary': False, 'Earthquake': False, 'Alarm': True, "
                    "'JohnCalls': False, 'MaryCalls': True}\n"
                    "answer = float(net.joint()[tuple(config[v] for v in net.nodes)])",
              "zh": "net = burglary()\nconfig = {...}   # 题中的取值\n"
                    "answer = float(net.joint()[tuple(config[v] for v in net.nodes)])"},
)


def _query(evidence, var="Burglary"):
    from nbteach.bayesnet import burglary

    return float(burglary().query(var, evidence)[True])


define(
    "11.posterior_john_only",
    prompt={"en": "In the burglary network: John calls but Mary does not. What is "
                  "P(Burglary = True | JohnCalls = True, MaryCalls = False)? A float, computed exactly "
                  "(not by sampling).",
            "zh": "在盗窃网络中：John 打了电话，Mary 没有。P(Burglary = True | JohnCalls = True, "
                  "MaryCalls = False) 是多少？精确计算（不要采样）的浮点数。"},
    answer=lambda: _query({"JohnCalls": True, "MaryCalls": False}),
    rtol=1e-9,
    mistakes=[
        Mistake("mary_ignored", lambda: _query({"JohnCalls": True}),
                {"en": "That uses only John's call: Mary's silence is evidence too.",
                 "zh": "这只用了 John 的电话：Mary 没打电话也是证据。"}),
        Mistake("both_call", lambda: _query({"JohnCalls": True, "MaryCalls": True}),
                {"en": "That is the posterior when both call; here Mary does not.",
                 "zh": "这是两人都打电话时的后验；本题 Mary 没有打。"}),
        Mistake("prior", lambda: _query({}),
                {"en": "That is the prior P(Burglary): condition on the two calls.",
                 "zh": "这是先验 P(Burglary)：要以两通电话的情况为条件。"}),
    ],
    hints=[
        {"en": "query(var, evidence) takes the evidence as a dict of node -> observed value.",
         "zh": "query(var, evidence) 的证据是 节点 -> 观测值 的字典。"},
    ],
    solution={"en": "answer = float(burglary().query('Burglary', {'JohnCalls': True, 'MaryCalls': False})[True])",
              "zh": "answer = float(burglary().query('Burglary', {'JohnCalls': True, 'MaryCalls': False})[True])"},
)


def _mdl(kind="mdl", unit=1.0):
    from nbteach.bayesnet import BayesNet, sample, sprinkler

    data = sample(sprinkler(), 1000, random_state=7)
    return BayesNet(sprinkler().edges).score(data, kind=kind) * unit


define(
    "11.mdl_bits",
    prompt={"en": "Draw data = sample(sprinkler(), 1000, random_state=7). What is the MDL score "
                  "s(B|D) = (log2 N / 2)|B| - LL(B|D)/ln 2 of the true sprinkler structure on it, "
                  "in bits? A float, computed.",
            "zh": "取 data = sample(sprinkler(), 1000, random_state=7)。真实洒水器网络结构在其上的 MDL 评分 "
                  "s(B|D) = (log2 N / 2)|B| - LL(B|D)/ln 2 是多少比特？计算得到的浮点数。"},
    answer=lambda: _mdl(),
    rtol=1e-9,
    mistakes=[
        Mistake("bic_instead", lambda: _mdl("bic"),
                {"en": "That is the BIC score in nats (higher is better); MDL is a length in bits, "
                       "lower is better.",
                 "zh": "这是以奈特为单位的 BIC 分数（越大越好）；MDL 是以比特计的长度，越小越好。"}),
        Mistake("bytes", lambda: _mdl(unit=1 / 8),
                {"en": "You converted to bytes, as note 002's wording suggests; the length with log2 is "
                       "in bits.",
                 "zh": "你按笔记 002 的说法换算成了字节；用 log2 计算的长度单位是比特。"}),
        Mistake("loglik_only", lambda: -_mdl("loglik") / __import__("math").log(2),
                {"en": "That is only the data's part, -LL/ln 2: add the model's part (log2 N / 2)|B|.",
                 "zh": "这只是数据部分 -LL/ln 2：还要加上模型部分 (log2 N / 2)|B|。"}),
    ],
    hints=[
        {"en": "Score the structure, not a learned one: BayesNet(sprinkler().edges).score(...).",
         "zh": "给这个结构评分，而不是学到的结构：BayesNet(sprinkler().edges).score(...)。"},
    ],
    solution={"en": "data = sample(sprinkler(), 1000, random_state=7)\n"
                    "answer = BayesNet(sprinkler().edges).score(data, kind='mdl')",
              "zh": "data = sample(sprinkler(), 1000, random_state=7)\n"
                    "answer = BayesNet(sprinkler().edges).score(data, kind='mdl')"},
)
