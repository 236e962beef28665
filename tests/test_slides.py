"""Every lesson is a slide deck: metadata by one rule (tools/slides.py), a teacher's note for each
slide (in teacher/notes/, not in the students' lesson), widgets on slides; the same deck in the
students' lesson and in the teacher's edition built from it (tools/teacher_notes.py). The deck
itself is driven in the browser (test_browser_lessons.py)."""
from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
ZH_LESSONS = sorted((ROOT / "notebooks" / "zh").glob("[0-9][0-9]_*.ipynb"))

spec = importlib.util.spec_from_file_location("slides", ROOT / "tools" / "slides.py")
slides = importlib.util.module_from_spec(spec)
spec.loader.exec_module(slides)
sys.path.insert(0, str(ROOT / "tools"))
import teacher_notes  # noqa: E402


def _cells(path):
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _kind(cell):
    return cell.get("metadata", {}).get("slideshow", {}).get("slide_type", "-")


def _source(cell):
    return "".join(cell["source"])


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_slide_metadata_follows_the_rule(path):
    cells = _cells(path)
    want = slides.with_slides(json.loads(path.read_text(encoding="utf-8")))["cells"]
    wrong = [i for i, (a, b) in enumerate(zip(cells, want)) if _kind(a) != _kind(b)]
    assert not wrong, f"{path.name}: cells {wrong[:5]} have other slide types than the rule gives; run `make slides`"
    assert _kind(cells[0]) == "slide", f"{path.name}: the title does not open the deck"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_slide_has_one_teachers_note_in_the_store(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    store = teacher_notes.store_file(path)
    notes = teacher_notes.read_store(store) if store.exists() else []
    wrong = teacher_notes.slide_problems(nb, notes, path.name)
    assert not wrong, "\n".join(wrong) + "\n(the notes are in teacher/notes/; see tools/teacher_notes.py)"
    for note in notes:
        body = re.sub(r"<[^>]+>|Teacher's note", "", note.body).strip()
        assert len(body.split()) >= 15, f"{store.name}: the note on cell {note.anchor} says almost nothing: {body!r}"


@pytest.mark.parametrize("path", LESSONS + ZH_LESSONS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_the_teachers_edition_has_the_same_deck_and_a_hidden_note_on_every_slide(edition, path):
    """Both editions: the Chinese lessons' notes (教师提示) are notes to the deck's rule too."""
    copy = edition / path.relative_to(ROOT / "notebooks")
    built = _cells(copy)
    # the rule holds on the edition as built (make slides would change nothing) ...
    want = slides.with_slides(json.loads(copy.read_text(encoding="utf-8")))["cells"]
    assert [_kind(c) for c in built] == [_kind(c) for c in want], f"{path.name}: the edition's slides break the rule"
    # ... and gives the students' lesson and the edition the same slides, notes aside
    assert [(c["id"], _kind(c)) for c in built if not _source(c).startswith(slides.NOTES)] == \
        [(c["id"], _kind(c)) for c in _cells(path)]
    starts = [i for i, c in enumerate(built) if _kind(c) == "slide"] + [len(built)]
    for start, end in zip(starts, starts[1:]):
        notes = [c for c in built[start:end] if _source(c).startswith(slides.NOTES)]
        title = _source(built[start]).splitlines()[0]
        assert len(notes) == 1, f"{path.name}: the slide {title!r} has {len(notes)} teacher's notes, not one"
        assert _kind(notes[0]) == "skip", f"{path.name}: the note on {title!r} is not hidden from the deck"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_widgets_are_on_slides(path):
    # a code cell that makes a view is never hidden from the deck (a note or a skipped cell)
    for i, cell in enumerate(_cells(path)):
        if cell["cell_type"] == "code" and re.search(r"_explorer\(|_widget\(|_picture\(", _source(cell)):
            assert _kind(cell) in ("-", "slide", "subslide", "fragment"), f"{path.name}: cell {i} is not on a slide"


def test_the_rule():
    md = lambda s: {"cell_type": "markdown", "source": s, "metadata": {}}
    code = lambda s: {"cell_type": "code", "source": s, "metadata": {}}
    nb = {"cells": [md("# Title\nintro"), code("import x"), md("## 1. A section"), md("A paragraph"),
                    code("x = 1"), code('q = exercise("01.a")'), md("<details><summary>Teacher's note</summary>\n\nAsk.\n\n</details>"),
                    md("### A subsection")]}
    kinds = [_kind(c) for c in slides.with_slides(nb)["cells"]]
    assert kinds == ["slide", "-", "slide", "subslide", "-", "subslide", "skip", "subslide"]
    # continuation cells carry no slide type (jupyterlab-deck reads "-" as "not shown")
    assert "slideshow" not in nb["cells"][1]["metadata"]


def test_a_teachers_note_between_code_and_a_check_changes_no_slide():
    md = lambda s: {"cell_type": "markdown", "source": s, "metadata": {}}
    code = lambda s: {"cell_type": "code", "source": s, "metadata": {}}
    note = md("<details><summary>Teacher's note</summary>\n\nAsk.\n\n</details>")
    students = [md("# Title"), code("x = 1"), code('q = exercise("01.a")'), md("Text"), code("y")]
    teachers = students[:2] + [note] + students[2:4] + [note] + students[4:]
    kinds = [_kind(c) for c in slides.with_slides({"cells": json.loads(json.dumps(students))})["cells"]]
    with_notes = [_kind(c) for c in slides.with_slides({"cells": json.loads(json.dumps(teachers))})["cells"]]
    assert kinds == ["slide", "-", "subslide", "subslide", "-"]
    assert with_notes == ["slide", "-", "skip", "subslide", "subslide", "skip", "-"]


def test_a_section_heading_inside_a_cell_gets_a_slide_of_its_own():
    text = "The end of section 1.\n\n## 2. Section two\n\nIts text.\n```\n## not a heading: code\n```\n"
    nb = {"nbformat_minor": 5, "cells": [{"id": "abc", "cell_type": "markdown", "metadata": {"tags": ["t"]},
                                          "source": text}]}
    cells = slides.with_slides(nb)["cells"]
    assert ["".join(c["source"]) for c in cells] == [
        "The end of section 1.", "## 2. Section two\n\nIts text.\n```\n## not a heading: code\n```\n"]
    assert [_kind(c) for c in cells] == ["slide", "slide"]
    assert [c["id"] for c in cells] == ["abc", "abc-1"] and cells[0]["metadata"]["tags"] == ["t"]
    assert slides.with_slides(json.loads(json.dumps(nb)))["cells"] == cells      # idempotent
