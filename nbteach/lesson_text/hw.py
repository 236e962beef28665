"""Chinese of the homework notebooks' own printed words and plot text (nbteach.say).

The homework sources (``nbteach/teacher/homework_sources/hwNN/homework.py``) print and draw
nothing of their own; the one word they show is the column a homework adds to a table it builds.
"""

ZH = {
    "label": "类别标记",
}
