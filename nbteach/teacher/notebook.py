"""A homework cell's student version, from the solution version the teacher writes.

* a line ending in ``# SOLUTION`` becomes the placeholder: ``answer = f(x)  # SOLUTION``
  turns into ``answer = ____  # your answer``;
* the lines between ``# BEGIN SOLUTION`` and ``# END SOLUTION`` become
  ``return ____  # your code here`` inside a function, so a check of the unfinished
  function reports "not attempted" (at top level: a ``# your working here`` comment).
"""
from __future__ import annotations

import re

__all__ = ["student_source"]

_ONE_LINE = re.compile(r"^(?P<indent>\s*)(?P<lhs>[A-Za-z_][\w\[\]'\". ]*?)\s*=\s*(?P<rhs>.+?)\s*#\s*SOLUTION\s*$")
_BEGIN = re.compile(r"^(?P<indent>\s*)#\s*BEGIN SOLUTION\s*$")
_END = re.compile(r"^\s*#\s*END SOLUTION\s*$")


def student_source(source: str) -> str:
    """The student version of one code cell's source.

    >>> student_source("answer = bayes(p, l).posterior['Flu']  # SOLUTION")
    'answer = ____  # your answer'
    >>> print(student_source("def f(x):\\n    # BEGIN SOLUTION\\n    return 2 * x\\n    # END SOLUTION"))
    def f(x):
        return ____  # your code here
    """
    out, skipping = [], False
    for line in source.split("\n"):
        if skipping:
            if _END.match(line):
                skipping = False
            continue
        begin = _BEGIN.match(line)
        if begin:
            indent = begin.group("indent")
            out.append(f"{indent}return ____  # your code here" if indent else "# your working here")
            skipping = True
            continue
        one = _ONE_LINE.match(line)
        if one:
            out.append(f"{one.group('indent')}{one.group('lhs')} = ____  # your answer")
            continue
        if re.search(r"#\s*SOLUTION\s*$", line):
            raise ValueError(f"a '# SOLUTION' line must be an assignment 'name = ...': {line!r}")
        out.append(line)
    if skipping:
        raise ValueError("'# BEGIN SOLUTION' without '# END SOLUTION'")
    return "\n".join(out)
