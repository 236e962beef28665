"""Chinese of lesson 04's own printed words and plot text (nbteach.say)."""

ZH = {
    "identical:": "完全相同：",
    "product of the 300 probabilities, float64:": "300 个概率的乘积，float64：",
    "it became exactly 0.0 at word {k}": "在第 {k} 个词处变成了恰好 0.0",
    "its true size (mpmath, unbounded exponent): 10^{e:.1f}": "它的真实大小（mpmath，指数不受限）：10^{e:.1f}",
    "sum of the logs, float64:": "对数之和，float64：",
    "smallest positive float64:": "最小的正 float64：",
    "smoothed": "平滑后  ",
    "alpha = {a}: derived {derived}  counted {counted}": "alpha = {a}：推导 {derived}  计数 {counted}",
}
