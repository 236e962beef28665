"""Give every lesson its slide metadata: one idea a slide.

    python tools/slides.py notebooks            # set it in place
    python tools/slides.py --check notebooks    # exit 1 and name the lessons whose slides are out of date

The rule (the same for every lesson, so that a new lesson gets slides by running this):

* a markdown cell with a section heading (``#`` or ``##``) below its first line is split there,
  so that every section starts a cell of its own (the text is unchanged);

* the title cell and every section heading (a markdown cell starting ``#`` or ``##``) opens a
  **slide**; the sections are the left-right steps of the deck;
* every other markdown cell opens a **subslide** (down, within its section): one paragraph of
  explanation and the code that follows it, so that a cell's output is on the slide it explains;
* a teacher's note (a markdown cell starting ``<details><summary>Teacher's note``, or
  ``<details><summary>教师提示`` in the Chinese edition) is **skip**:
  hidden in the slides; in the notebook a collapsed line the teacher opens. Students' notebooks
  carry no note: the notes live in ``teacher/notes/`` and only the teacher's edition that
  ``tools/teacher_notes.py build`` writes (``make teacher``) has them, so this rule gives a lesson
  the same slides with or without its notes (``tools/teacher_notes.py check`` says that every
  slide has exactly one note in the store). Not "notes":
  jupyterlab-deck shows nothing of a notes cell, yet gives it a place in the deck, so the arrow
  keys (which also move JupyterLab's cell cursor) can land on it and leave a blank slide with no
  way on; a skip cell has no place, and the deck moves the cursor past it;
* a code cell continues the slide above it, except an exercise's check cell right after another
  code cell (a teacher's note between them does not count), which gets a subslide of its own.
"""
from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from strip_notebooks import command  # noqa: E402  (the same read-transform-write loop)

NOTES = ("<details><summary>Teacher's note", "<details><summary>教师提示")   # as tools/teacher_notes.py writes them


def _is_note(cell: dict) -> bool:
    return cell["cell_type"] == "markdown" and "".join(cell.get("source", "")).startswith(NOTES)


def slide_type(cell: dict, first: bool, after_code: bool = False) -> str:
    source = "".join(cell.get("source", ""))
    if cell["cell_type"] == "markdown":
        if _is_note(cell):
            return "skip"
        if first or re.match(r"#{1,2} ", source):
            return "slide"
        return "subslide"
    if cell["cell_type"] == "code" and after_code and re.search(r"\bexercise\(", source):
        return "subslide"
    return "-"


def _split_at_headings(cell: dict) -> list[dict]:
    """A markdown cell as one cell per section: split before each ``#``/``##`` line but the first."""
    if cell["cell_type"] != "markdown":
        return [cell]
    lines = "".join(cell.get("source", "")).splitlines(keepends=True)
    parts, fenced = [[]], False
    for line in lines:
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if not fenced and re.match(r"#{1,2} ", line) and any(l.strip() for l in parts[-1]):
            parts.append([])
        parts[-1].append(line)
    if len(parts) == 1:
        return [cell]
    out = []
    for k, part in enumerate(parts):
        if k < len(parts) - 1:                      # the blank line before the next heading
            while part and not part[-1].strip():
                part.pop()
            part[-1] = part[-1].rstrip("\n")
        new = dict(cell, source=part) if k == 0 else {   # the first part keeps the cell's keys in order
            key: value for key, value in cell.items() if key in ("id", "cell_type")}
        if k:
            new.update(metadata={}, source=part)
            if "id" in cell:
                new["id"] = f"{cell['id']}-{k}"
        out.append(new)
    return out


def with_slides(nb: dict) -> dict:
    nb["cells"] = [part for cell in nb.get("cells", []) for part in _split_at_headings(cell)]
    cells = nb["cells"]
    if nb.get("nbformat_minor", 0) >= 5:            # nbformat 4.5: every cell has an id
        for i, cell in enumerate(cells):
            if "id" not in cell:
                digest = hashlib.sha1(f"{i}:{''.join(cell.get('source', ''))}".encode()).hexdigest()[:8]
                cells[i] = {"id": digest, **cell}
    cells = nb["cells"]
    previous = None                                 # the cell above, teacher's notes left out
    for i, cell in enumerate(cells):
        after_code = previous is not None and previous["cell_type"] == "code"
        if not _is_note(cell):
            previous = cell
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
    return command(argv, lessons, with_slides, "These lessons' slide metadata is out of date; run `make slides`:")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
