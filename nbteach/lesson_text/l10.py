"""Chinese of lesson 10's own printed words and plot text (nbteach.say)."""

ZH = {
    "{n} passengers; {counts}": "{n} 位乘客；{counts}",
    "naive Bayes": "朴素贝叶斯",
    "P(yes), sex once": "P(yes)，sex 出现一次",
    "P(yes), sex twice": "P(yes)，sex 出现两次",
    "chosen super-parent: {parent}": "选出的超父：{parent}",
    "rows per age group: {counts}": "各年龄组的行数：{counts}",
    "m = {m:3d}: SPODEs averaged {averaged}, P(yes) = {p}": "m = {m:3d}：参与平均的 SPODE 个数 {averaged}，P(yes) = {p}",
    "{name}: library {value} = {v:.4f}; book {book}; agree to 3 decimals: {agree}":
        "{name}：程序库 {value} = {v:.4f}；书中 {book}；保留 3 位小数时一致：{agree}",
    "P(c | 测1) from the exact fractions: {p}": "由精确分数算出的 P(c | 测1)：{p}",
    "P(c | 测1) from predict_proba:      {p}": "由 predict_proba 算出的 P(c | 测1)：{p}",
    "P(是 | 测1), nbteach's AODE (predict_proba):        {p:.6f}": "P(是 | 测1)，nbteach 的 AODE（predict_proba）：{p:.6f}",
    "P(是 | 测1), counted without P(x_i | c, x_i):      {p:.6f}": "P(是 | 测1)，计数，不含 P(x_i | c, x_i)：{p:.6f}",
    "P(是 | 测1), counted with it, (7.23) as printed:   {p:.6f}": "P(是 | 测1)，计数，含此因子（按 (7.23) 原文）：{p:.6f}",
    "nbteach agrees with the count without the factor: {a}; with it: {b}":
        "nbteach 与不含此因子的计数一致：{a}；与含此因子的一致：{b}",
    "the same pairs for every root: {same}": "不论以哪个属性为根，连接的属性对都相同：{same}",
    "TAN's P(c | 测1) for {classes} = {p}": "TAN 给出的 P(c | 测1)，类别 {classes} = {p}",
    "parents: {parents}": "父属性：{parents}",
    "accuracy mean": "精度均值",
    "accuracy sd": "精度标准差",
    "log loss mean": "对数损失均值",
    "log loss sd": "对数损失标准差",
    "folds a ahead": "a 领先的折数",
    "{a} vs {b}": "{a} 对 {b}",
    "minus log loss": "负对数损失",
    "both halves saw every value: {same}": "两半数据都见过每个取值：{same}",
    "pair counts add up: {pairs}    triple counts add up: {triples}": "二元计数可以相加：{pairs}    三元计数可以相加：{triples}",
    "mean": "平均值",
    "sd over the 5 folds": "5 个折上的标准差",
    "{a} vs {b}: mean difference {d:+.4f}, corrected t {t:.2f}, ahead in {ahead} of 5 folds: {verdict}":
        "{a} 对 {b}：平均差 {d:+.4f}，校正 t {t:.2f}，5 折中领先 {ahead} 折：{verdict}",
    "naive Bayes' calibration slope": "朴素贝叶斯的校准斜率",
    "naive Bayes' log loss": "朴素贝叶斯的对数损失",
    "the same, recalibrated": "同上，重新校准后",
    "log loss {name}": "{name} 的对数损失",
    "AUC {name}": "{name} 的 AUC",
    "sd over the 20 folds": "20 个折上的标准差",
    "AUC, {a} vs {b}: mean difference {d:+.4f}, corrected t {t:.2f}: {verdict}":
        "AUC，{a} 对 {b}：平均差 {d:+.4f}，校正 t {t:.2f}：{verdict}",
}
