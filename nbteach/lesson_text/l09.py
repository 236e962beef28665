"""Chinese of lesson 09's own printed words and plot text (nbteach.say)."""

ZH = {
    "classes: {classes}   posterior: {posterior}": "类别：{classes}   后验概率：{posterior}",
    "decide {c}": "判为 {c}",
    "truth {c}": "真实为 {c}",
    "{name:22}: R = {R}, decision = {decision}": "R = {R}，决策 = {decision}；{name:22}",
    "missed flu costs 5": "漏诊流感代价为 5",
    "both mistakes cost 1": "两种错误代价都为 1",
    "R under 0-1 loss: {R}  = 1 - posterior: {rest}": "0-1 损失下的 R：{R}  = 1 - 后验概率：{rest}",
    "decisions: {decisions}": "决策：{decisions}",
    "log space, argmin of logsumexp(log loss + s): {same}": "对数空间中，logsumexp(log 损失 + s) 的 argmin：{same}",
    "two classes, s_Flu - s_Cold > {cut:.4f}: {same}": "两个类别，s_Flu - s_Cold > {cut:.4f}：{same}",
    "exp(s - max s), not normalised: {same}": "exp(s - max s)，不归一化：{same}",
    "classes: {classes}": "类别：{classes}",
    "decided, from the posterior: {posterior}   from the log scores: {log}":
        "各类的决策数，由后验概率：{posterior}   由对数得分：{log}",
    "the same decision for every passenger: {same}": "每位乘客的决策都相同：{same}",
    "largest posterior (0-1 loss) would decide: {counts}": "取最大后验概率（0-1 损失）会判为：{counts}",
    "largest posterior (0-1 loss)": "最大后验概率（0-1 损失）",
    "Bayes decision, missed spam costs 10": "贝叶斯决策，漏掉 spam 代价为 10",
    "mean cost per e-mail": "每封邮件的平均代价",
    "flagged spam": "标为 spam 的邮件数",
    "the same costs in cents: the same decisions ({same}), risk {risk:.2f}, 1 - risk = {rest:+.2f}":
        "同样的代价以分为单位：决策相同（{same}），风险 {risk:.2f}，1 - 风险 = {rest:+.2f}",
    "{name:22}: empirical risk of the Bayes decisions {risk:.4f};  1 - risk = {rest:+.4f};  their accuracy = {acc:.4f}":
        "贝叶斯决策的经验风险 {risk:.4f}；  1 - 风险 = {rest:+.4f}；  其精度 = {acc:.4f}；{name:22}",
    "0-1 loss": "0-1 损失",
    "missed spam costs 10": "漏掉 spam 代价为 10",
    "expected (the model's own belief): {expected}    empirical (on the labels): {empirical}":
        "期望值（模型自己的信念）：{expected}    经验值（按真实标记）：{empirical}",
    "gap {gap:+.4f}, standard error {se:.4f}, 95% interval ({low:+.4f}, {high:+.4f}) over {rows} e-mails":
        "差 {gap:+.4f}，标准误 {se:.4f}，95% 区间 ({low:+.4f}, {high:+.4f})，共 {rows} 封邮件",
    "missed spam costs 10, false alarm 1: t = {t} = {t_float:.4f};  same decisions as p > t: {same}":
        "漏掉 spam 代价为 10，误报代价为 1：t = {t} = {t_float:.4f}；  与 p > t 的决策相同：{same}",
    "in log space: s_spam - s_ham > {cut:.4f};  same decisions: {same}": "在对数空间中：s_spam - s_ham > {cut:.4f}；  决策相同：{same}",
    "reject cost {r:4}: {people:4d} e-mails to a person; accuracy on the rest {acc:.4f}; mean cost per e-mail {cost:.4f}":
        "拒绝代价 {r:4}：{people:4d} 封邮件交给人工；其余邮件上的精度 {acc:.4f}；每封邮件的平均代价 {cost:.4f}",
}
