"""Chinese of lesson 12's own printed words and plot text (nbteach.say)."""

ZH = {
    "{train} training documents, {labelled} labelled; {test} test documents":
        "{train} 篇训练文档，其中 {labelled} 篇有标记；{test} 篇测试文档",
    "doc {i} ({label})": "文档 {i} ({label})",
    "doc {d}": "文档 {d}",
    "naive Bayes on 6 labelled documents: accuracy {mean:.3f} ± {sd:.3f} (10 random draws of the six)":
        "朴素贝叶斯，6 篇有标记文档：精度 {mean:.3f} ± {sd:.3f}（这 6 篇随机抽取 10 次）",
    "naive Bayes on 1000 labels:          accuracy {mean:.3f} ± {sd:.3f} (10 training sets drawn afresh)":
        "朴素贝叶斯，1000 个标记：         精度 {mean:.3f} ± {sd:.3f}（重新抽取 10 个训练集）",
    "the library's count is that sum: {same}": "程序库的计数就是这个和：{same}",
    "and the E-step it used is start.predict_proba: {same}": "它所用的 E 步就是 start.predict_proba：{same}",
    "EM iteration (0: naive Bayes on the labelled rows)": "EM 迭代次数（0：只用有标记行的朴素贝叶斯）",
    "objective L": "目标函数 L",
    "EM's objective per iteration": "EM 每次迭代的目标函数",
    "{n} iterations, converged: {converged}; smallest step of L: {step:.3g}": "{n} 次迭代，已收敛：{converged}；L 的最小增量：{step:.3g}",
    "accuracy on the 1,000 test reviews, one column a draw, and the difference:":
        "在 1,000 条测试评论上的精度，每列一次抽取，最后一行是差值：",
    "{a} − {b}": "{a} − {b}",
    "draws a ahead": "a 领先的抽取次数",
    "draws b ahead": "b 领先的抽取次数",
    "chosen: the λ of the largest mean, unlabelled_weight = {w}": "选中的是均值最大的 λ：unlabelled_weight = {w}",
    "EM-λ (λ by cross-validation)": "EM-λ（λ 由交叉验证选出）",
    "EM's pi: {pi}   share of great among the training reviews: {share}": "EM 得到的 pi：{pi}   训练评论中 great 的占比：{share}",
}
