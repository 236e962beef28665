"""Chinese of lesson 02's own printed words and plot text (nbteach.say)."""

ZH = {
    "The note's priors agree with the library:": "笔记的先验概率与库算出的一致：",
    "P({feature} = value | class)": "P({feature} = 取值 | 类别)",
    "P(. | class)": "P(. | 类别)",
    "note agrees": "笔记一致",
    "library, Flu": "库，Flu",
    "library, Cold": "库，Cold",
    "zero probabilities per feature: {zeros}   in total: {total}": "每个特征的零概率个数：{zeros}   合计：{total}",
    "possible symptom combinations: {n}   training rows: {rows}": "可能的症状组合：{n}   训练行数：{rows}",
    "sum of the scores = P(x) =": "得分之和 = P(x) =",
    "sum of the posteriors    =": "后验概率之和    =",
    "score P(c) prod P(x_m|c)": "得分 P(c) prod P(x_m|c)",
    "posterior P(c|x)": "后验概率 P(c|x)",
    "{name} decision: {d}   P(c | x): {p}": "{name} 决策：{d}   P(c | x)：{p}",
}
