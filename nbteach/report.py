"""``python -m nbteach.report grades.csv --out report/``: the class report of a graded class
(see ``nbteach.teacher.report``): which exercise the class got wrong, and with which mistake."""
from __future__ import annotations

import sys

from nbteach.teacher.report import main

if __name__ == "__main__":
    sys.exit(main())
