"""Chinese of lesson 00's own printed words and plot text (nbteach.say)."""

ZH = {
    "the widget's posterior:": "控件显示的后验概率：",
    "lessons :": "课程：",
    "homework:": "作业：",
    "(none yet)": "（还没有）",
    "{n} entries": "共 {n} 条",
    "{n} terms": "共 {n} 个术语",
}
