"""Build the project's self-study homework from its sources (a maintainer's tool).

    python tools/make_homework.py            # nbteach/teacher/homework_sources/hwNN/ ->
                                             #   notebooks/homework/ and teacher/homework_solutions/
                                             #   (the public self-study version)
    python tools/make_homework.py --check    # exit 1 if a committed notebook differs from its source

This is ``python -m nbteach.assign hwNN --out ...`` without a secret, for every source in
``nbteach/teacher/homework_sources/``: the ``practice`` feedback mode (a check says correct at once; its
digests let a student who searches offline find the answers, which are public here anyway). Like ``assign`` it never overwrites a notebook that holds answers
or outputs: it stops and names the file. Teachers grading for credit use
``python -m nbteach.assign`` with a roster and a secret instead (per-student variants).
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

STUDENT = ROOT / "notebooks" / "homework"
SOLUTIONS = ROOT / "teacher" / "homework_solutions"


def built() -> list:
    """``[(path, notebook dict), ...]`` for every source: the student and the solution version."""
    from nbteach.teacher.homework import load, sources

    out = []
    for name in sources():
        hw = load(name)
        v = hw.variant(None, None)
        out.append((STUDENT / hw.notebook, v.notebook(solutions=False)))
        out.append((SOLUTIONS / hw.notebook, v.notebook(solutions=True)))
    return out


def main(argv) -> int:
    from nbteach._base import NbteachError
    from nbteach.teacher.assign import render, write_notebook

    check = "--check" in argv
    stale = []
    for path, nb in built():
        if not path.exists() or path.read_text(encoding="utf-8") != render(nb):
            stale.append(path)
            if not check:
                try:
                    write_notebook(path, nb)
                except NbteachError as exc:
                    print(f"error: {exc}", file=sys.stderr)
                    return 2
    if check and stale:
        print("These committed homework notebooks differ from what their sources build:",
              *stale, sep="\n  ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
