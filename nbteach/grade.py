"""``python -m nbteach.grade``: grade a class's submissions (see ``nbteach.teacher.grade``).

The grader lives with the rest of the teacher's side in ``nbteach.teacher``; this module
keeps the command line and the public names (``grade``, ``grade_notebook``,
``Submission``, ``main``) where the earlier releases had them.
"""
from __future__ import annotations

import sys

from nbteach.teacher.grade import Submission, grade, grade_notebook, main

__all__ = ["grade", "grade_notebook", "Submission", "main"]

if __name__ == "__main__":
    sys.exit(main())
