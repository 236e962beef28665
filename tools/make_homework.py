"""Build the project's self-study homework from its sources (a maintainer's tool).

    python tools/make_homework.py            # nbteach/teacher/homework_sources/hwNN/ ->
                                             #   notebooks/homework/ and teacher/homework_solutions/
                                             #   (the public self-study version), and the Chinese
                                             #   edition notebooks/zh/homework/
    python tools/make_homework.py --check    # exit 1 if a committed notebook (English or Chinese)
                                             #   differs from its source

This is ``python -m nbteach.assign hwNN --out ...`` without a secret, for every source in
``nbteach/teacher/homework_sources/``: the ``practice`` feedback mode (a check says correct at once; its
digests let a student who searches offline find the answers, which are public here anyway). Like ``assign`` it never overwrites a notebook that holds answers
or outputs: it stops and names the file. Teachers grading for credit use
``python -m nbteach.assign`` with a roster and a secret instead (per-student variants).

The Chinese edition (``notebooks/zh/homework/``) is the same variant built with ``lang="zh"``: the
same cells with the same ids, code copied (its comments in Chinese, and the set-up line on top of
the first code cell: ``tools/translate.py``), each markdown cell in Chinese and recording in
``metadata.nbteach.translates`` the digest (``tools/translate.py``'s ``digest``) of the English
cell it translates, so ``python tools/translate.py check`` sees it in step with the English.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))   # translate.py's digest

STUDENT = ROOT / "notebooks" / "homework"
CHINESE = ROOT / "notebooks" / "zh" / "homework"
SOLUTIONS = ROOT / "teacher" / "homework_solutions"


def built() -> list:
    """``[(path, notebook dict), ...]`` for every source: the student and the solution version."""
    from nbteach.teacher.homework import load, sources

    out = []
    for name in sources():
        hw = load(name)
        v = hw.variant(None, None)
        english = v.notebook(solutions=False)
        out.append((STUDENT / hw.notebook, english))
        out.append((CHINESE / hw.notebook, chinese(english, v.notebook(solutions=False, lang="zh"))))
        out.append((SOLUTIONS / hw.notebook, v.notebook(solutions=True)))
    return out


def chinese(english: dict, zh: dict) -> dict:
    """``zh`` with each markdown cell recording the digest of the English cell it translates.

    Raises SystemExit if the two differ in anything but markdown text (cell ids, kinds, code).
    """
    from translate import digest, same_code, source

    if [(c["id"], c["cell_type"]) for c in english["cells"]] != [(c["id"], c["cell_type"]) for c in zh["cells"]]:
        raise SystemExit(f"{english['metadata']['nbteach']['assignment']}: the Chinese notebook's cells "
                         "are not the English notebook's cells")
    first_code = next(c["id"] for c in english["cells"] if c["cell_type"] == "code")
    for e, z in zip(english["cells"], zh["cells"]):
        # the same code, comments aside (said in Chinese), and the set-up line on top of the first
        if e["cell_type"] == "code" and not same_code(source(e), source(z), first=e["id"] == first_code):
            raise SystemExit(f"{english['metadata']['nbteach']['assignment']}: cell {e['id']}: the Chinese "
                             "notebook's code differs from the English")
        if z["cell_type"] == "markdown":
            z["metadata"] = dict(z["metadata"], nbteach={"translates": digest(source(e))})
    return zh


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
