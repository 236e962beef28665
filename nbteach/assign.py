"""``python -m nbteach.assign``: build each student's homework notebook (see ``nbteach.teacher.assign``)."""
from __future__ import annotations

import sys

from nbteach.teacher.assign import main

if __name__ == "__main__":
    sys.exit(main())
