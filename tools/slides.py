"""Give every lesson its slide metadata: one idea a slide.

    python tools/slides.py notebooks            # set it in place
    python tools/slides.py --check notebooks    # exit 1 and name the lessons whose slides are out of date

The rule (the same for every lesson, so that a new lesson gets slides by running this):

* the title cell and every section heading (a markdown cell starting ``#`` or ``##``) opens a
  **slide**; the sections are the left-right steps of the deck;
* every other markdown cell opens a **subslide** (down, within its section): one paragraph of
  explanation and the code that follows it, so that a cell's output is on the slide it explains;
* a teacher's note (a markdown cell starting ``<details><summary>Teacher's note``) is a **notes**
  cell: hidden in the slides; in the notebook a collapsed line the teacher opens;
* a code cell continues the slide above it, except an exercise's check cell right after another
  code cell, which gets a subslide of its own.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

NOTES = "<details><summary>Teacher's note"


def slide_type(cell: dict, first: bool, after_code: bool = False) -> str:
    source = "".join(cell.get("source", ""))
    if cell["cell_type"] == "markdown":
        if source.startswith(NOTES):
            return "notes"
        if first or re.match(r"#{1,2} ", source):
            return "slide"
        return "subslide"
    if cell["cell_type"] == "code" and after_code and re.search(r"\bexercise\(", source):
        return "subslide"
    return "-"


def with_slides(nb: dict) -> dict:
    cells = nb.get("cells", [])
    for i, cell in enumerate(cells):
        after_code = i > 0 and cells[i - 1]["cell_type"] == "code"
        kind = slide_type(cell, i == 0, after_code)
        meta = cell.setdefault("metadata", {})
        if kind == "-":
            # no slide type: it continues the slide above (RISE reads "-" so too, jupyterlab-deck
            # only a missing one)
            meta.get("slideshow", {}).pop("slide_type", None)
            if meta.get("slideshow") == {}:
                del meta["slideshow"]
        else:
            meta.setdefault("slideshow", {})["slide_type"] = kind
    return nb


def lessons(paths):
    for p in map(Path, paths):
        yield from sorted(p.glob("[0-9][0-9]_*.ipynb")) if p.is_dir() else [p]


def main(argv) -> int:
    check = "--check" in argv
    stale = []
    for path in lessons([a for a in argv if a != "--check"] or ["notebooks"]):
        text = path.read_text(encoding="utf-8")
        new = json.dumps(with_slides(json.loads(text)), indent=1, ensure_ascii=False) + "\n"
        if new != text:
            stale.append(path)
            if not check:
                path.write_text(new, encoding="utf-8")
    if check and stale:
        print("These lessons' slide metadata is out of date; run `make slides`:", *stale, sep="\n  ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
