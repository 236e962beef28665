"""Generate the student homework notebooks from their solution versions, so the two never drift.

    python tools/make_homework.py            # teacher/homework_solutions/*.ipynb -> notebooks/homework/
    python tools/make_homework.py --check    # exit 1 if a student notebook is out of date

Each exercise is written once, as its solution, in ``teacher/homework_solutions/`` (outside
``notebooks/``, the folder ``make lab`` shows students).
In the student version:

* a line ending in ``# SOLUTION`` becomes the placeholder: ``answer = f(x)  # SOLUTION``
  turns into ``answer = ____  # your answer``;
* the lines between ``# BEGIN SOLUTION`` and ``# END SOLUTION`` become
  ``return ____  # your code here`` inside a function, so a check of the unfinished
  function reports "not attempted" (at top level: a ``# your working here`` comment);
* a cell tagged ``solution-only`` is left out;
* outputs are stripped.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "teacher" / "homework_solutions"
TARGET = ROOT / "notebooks" / "homework"

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


def student_notebook(nb: dict, source_name: str) -> dict:
    cells = []
    for cell in nb["cells"]:
        if "solution-only" in cell.get("metadata", {}).get("tags", []):
            continue
        cell = json.loads(json.dumps(cell))
        if cell["cell_type"] == "code":
            text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            cell["source"] = student_source(text).splitlines(keepends=True)
            cell["outputs"], cell["execution_count"] = [], None
        cell.get("metadata", {}).pop("execution", None)
        cells.append(cell)
    out = dict(nb, cells=cells)
    out["metadata"] = dict(nb.get("metadata", {}), nbteach={"generated_from": f"teacher/homework_solutions/{source_name}"})
    out["metadata"].pop("widgets", None)
    return out


def render(nb: dict) -> str:
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def main(argv) -> int:
    check = "--check" in argv
    stale = []
    for src in sorted(SOURCES.glob("*.ipynb")):
        nb = json.loads(src.read_text(encoding="utf-8"))
        text = render(student_notebook(nb, src.name))
        dest = TARGET / src.name
        if not dest.exists() or dest.read_text(encoding="utf-8") != text:
            stale.append(dest)
            if not check:
                dest.write_text(text, encoding="utf-8")
    if check and stale:
        print("These homework notebooks are out of date; run python tools/make_homework.py:",
              *stale, sep="\n  ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
