"""Students' notebooks carry no teacher's note; the notes live in teacher/notes/ (one Markdown file a
lesson, each note anchored to a cell id) and `make teacher` builds the teacher's edition from both
(tools/teacher_notes.py). The slides of either are checked in test_slides.py, the deck of a built
edition in the browser in test_browser_lessons.py."""
from __future__ import annotations

import json
import sys
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import teacher_notes as tn  # noqa: E402

STUDENTS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def _cells(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))["cells"]


def _source(cell):
    return "".join(cell["source"])


def _kind(cell):
    return cell.get("metadata", {}).get("slideshow", {}).get("slide_type", "-")


# -- the repository ------------------------------------------------------------------------------

@pytest.mark.parametrize("path", STUDENTS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_no_students_notebook_carries_a_teachers_note(path):
    notes = [i for i, cell in enumerate(_cells(path)) if "<summary>Teacher's note" in _source(cell)]
    assert not notes, (f"{path.name}: cells {notes} are teacher's notes; students must not get them: "
                       f"`make notes` moves them to teacher/notes/")


def test_the_store_matches_the_lessons():
    """No note whose cell is gone, no notes file without its lesson, no note left in a notebook."""
    assert tn.problems() == []


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_the_edition_has_each_note_right_after_its_cell(edition, path):
    notes = tn.read_store(tn.store_file(path))
    assert notes, f"{path.name} has no teacher's notes in teacher/notes/"
    built = _cells(edition / path.name)
    # the edition is the students' lesson, cell for cell, with the notes added
    assert [c for c in built if not tn.is_note(c)] == _cells(path)
    shown = [(built[i - 1]["id"], _source(c)) for i, c in enumerate(built) if tn.is_note(c)]
    assert shown == [(n.anchor, tn.note_source(n.body)) for n in notes]
    for cell in built:
        if tn.is_note(cell):
            assert _kind(cell) == "skip", f"{path.name}: a note in the edition is not hidden from the deck"
            assert _source(cell).rstrip().endswith("</details>"), f"{path.name}: a note is not closed"


def test_the_edition_holds_every_students_notebook(edition):
    built = sorted(p.relative_to(edition) for p in edition.rglob("*.ipynb"))
    assert built == [p.relative_to(ROOT / "notebooks") for p in STUDENTS]


# -- the tool on small notebooks ------------------------------------------------------------------

def _md(cid, text):
    return {"cell_type": "markdown", "id": cid, "metadata": {}, "source": text}


def _code(cid, text):
    return {"cell_type": "code", "id": cid, "metadata": {}, "execution_count": None, "outputs": [], "source": text}


def _note(text):
    return _md(f"n{zlib.crc32(text.encode()):08x}", f"<details><summary>Teacher's note</summary>\n\n{text}\n\n</details>")


def _write(path, cells):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1) + "\n",
                    encoding="utf-8")


def _lesson(notes=True):
    cells = [_md("title", "# 01 · A lesson"), _note("Ask what a prior is."), _code("c1", "x = 1"),
             _md("sec1", "## 1. A section"), _note("Ask what the cell prints."), _code("c2", "x + 1")]
    return cells if notes else [c for c in cells if not tn.is_note(c)]


def _files(folder):
    return {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_extract_moves_the_notes_and_is_idempotent(tmp_path):
    books, store = tmp_path / "notebooks", tmp_path / "notes"
    _write(books / "01_a.ipynb", _lesson())
    _write(books / "homework" / "hw01.ipynb", [_code("h", "y = 2")])
    assert tn.extract(books, store, say=lambda *a: None) == 2
    assert _cells(books / "01_a.ipynb") == _lesson(notes=False)
    assert [(n.anchor, n.body) for n in tn.read_store(store / "01_a.md")] == [
        ("title", "Ask what a prior is."), ("sec1", "Ask what the cell prints.")]
    assert not (store / "homework").exists()          # no notes, no notes file
    before = _files(tmp_path)
    assert tn.extract(books, store, say=lambda *a: None) == 0
    assert _files(tmp_path) == before


def test_extract_takes_new_notes_new_cells_and_new_lessons_after_a_merge(tmp_path):
    """The lead merges a branch whose lessons still carry notes in the old form: a new slide with its
    note, an edited note, a new lesson 12. extract moves them all and keeps the store's others."""
    books, store = tmp_path / "notebooks", tmp_path / "notes"
    _write(books / "01_a.ipynb", _lesson())
    tn.extract(books, store, say=lambda *a: None)
    cells = _cells(books / "01_a.ipynb")                       # title, c1, sec1, c2
    cells[2:2] = [_md("new", "## 0. A new section"), _note("A note on the new section."), _code("c9", "z = 3")]
    cells.insert(6, _note("Ask what the cell prints, then why."))           # sec1's note, edited
    _write(books / "01_a.ipynb", cells)
    _write(books / "12_em.ipynb", [_md("t12", "# 12 · EM"), _note("EM's note.")])
    assert tn.extract(books, store, say=lambda *a: None) == 3
    assert [(n.anchor, n.body) for n in tn.read_store(store / "01_a.md")] == [
        ("title", "Ask what a prior is."), ("new", "A note on the new section."),
        ("sec1", "Ask what the cell prints, then why.")]
    assert [(n.anchor, n.body) for n in tn.read_store(store / "12_em.md")] == [("t12", "EM's note.")]
    for path in books.glob("*.ipynb"):
        assert not any(tn.is_note(c) for c in _cells(path))


def test_a_note_edited_in_its_lesson_replaces_the_stored_one(tmp_path):
    books, store = tmp_path / "notebooks", tmp_path / "notes"
    _write(books / "01_a.ipynb", _lesson())
    tn.extract(books, store, say=lambda *a: None)
    cells = _cells(books / "01_a.ipynb")
    cells.insert(1, _note("Ask what a prior is, and what it is not."))
    _write(books / "01_a.ipynb", cells)
    tn.extract(books, store, say=lambda *a: None)
    assert [(n.anchor, n.body) for n in tn.read_store(store / "01_a.md")] == [
        ("title", "Ask what a prior is, and what it is not."), ("sec1", "Ask what the cell prints.")]


def test_a_note_survives_edits_of_other_cells_and_of_its_own(tmp_path):
    books, store, out = tmp_path / "notebooks", tmp_path / "notes", tmp_path / "edition"
    _write(books / "01_a.ipynb", _lesson())
    tn.extract(books, store, say=lambda *a: None)
    cells = _cells(books / "01_a.ipynb")
    del cells[1]                                                   # the first code cell
    cells[1]["source"] = "## 1. A section, renamed"                # the note's own cell
    cells.insert(0, _md("pre", "# 01 · A new title"))
    _write(books / "01_a.ipynb", cells)
    tn.build(out, books, store, say=lambda *a: None)
    built = _cells(out / "01_a.ipynb")
    assert [_source(c) if not tn.is_note(c) else tn.body_of(_source(c)) for c in built] == [
        "# 01 · A new title", "# 01 · A lesson", "Ask what a prior is.", "## 1. A section, renamed",
        "Ask what the cell prints.", "x + 1"]


def test_a_teachers_edit_of_the_store_reaches_the_edition(tmp_path):
    books, store, out = tmp_path / "notebooks", tmp_path / "notes", tmp_path / "edition"
    _write(books / "01_a.ipynb", _lesson())
    tn.extract(books, store, say=lambda *a: None)
    path = store / "01_a.md"
    path.write_text(path.read_text(encoding="utf-8").replace("Ask what the cell prints.",
                                                             "Ask what the cell prints.\n\n- and *why*"),
                    encoding="utf-8")
    tn.build(out, books, store, say=lambda *a: None)
    notes = [_source(c) for c in _cells(out / "01_a.ipynb") if tn.is_note(c)]
    assert notes[1] == "<details><summary>Teacher's note</summary>\n\nAsk what the cell prints.\n\n- and *why*\n\n</details>"


def test_extract_gives_an_anchor_without_an_id_one(tmp_path):
    books, store = tmp_path / "notebooks", tmp_path / "notes"
    cells = _lesson()
    del cells[0]["id"]
    books.mkdir()
    (books / "01_a.ipynb").write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                                                  "nbformat_minor": 4}), encoding="utf-8")
    tn.extract(books, store, say=lambda *a: None)
    nb = json.loads((books / "01_a.ipynb").read_text(encoding="utf-8"))
    given = nb["cells"][0]["id"]
    assert nb["nbformat_minor"] == 5 and tn.read_store(store / "01_a.md")[0].anchor == given


def test_build_names_a_note_whose_cell_is_gone(tmp_path, capsys):
    books, store, out = tmp_path / "notebooks", tmp_path / "notes", tmp_path / "edition"
    _write(books / "01_a.ipynb", _lesson())
    tn.extract(books, store, say=lambda *a: None)
    cells = [c for c in _cells(books / "01_a.ipynb") if c["id"] != "sec1"]
    _write(books / "01_a.ipynb", cells)
    rc = tn.main(["build", "--notebooks", str(books), "--store", str(store), "--out", str(out)])
    err = capsys.readouterr().err
    assert rc == 2 and "Traceback" not in err
    assert "01_a.md" in err and "`sec1`" in err and "Ask what the cell prints" in err
    assert "change the id" in err
    assert not out.exists()
    assert tn.check(books, store) != []


def test_build_refuses_while_a_notebook_still_carries_notes(tmp_path, capsys):
    books, store, out = tmp_path / "notebooks", tmp_path / "notes", tmp_path / "edition"
    _write(books / "01_a.ipynb", _lesson())
    assert tn.main(["build", "--notebooks", str(books), "--store", str(store), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "01_a.ipynb" in err and "extract" in err and not out.exists()


def test_build_writes_only_where_it_may(tmp_path, capsys):
    books, store = tmp_path / "notebooks", tmp_path / "notes"
    _write(books / "01_a.ipynb", _lesson())
    tn.extract(books, store, say=lambda *a: None)
    for out in (books / "teacher", tmp_path):                # under the students' notebooks; around them
        assert tn.main(["build", "--notebooks", str(books), "--store", str(store), "--out", str(out)]) == 2
        assert "choose another folder" in capsys.readouterr().err
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "thesis.txt").write_text("keep me")
    assert tn.main(["build", "--notebooks", str(books), "--store", str(store), "--out", str(mine)]) == 2
    assert "not empty" in capsys.readouterr().err and (mine / "thesis.txt").exists()
    out = tmp_path / "edition"
    assert tn.main(["build", "--notebooks", str(books), "--store", str(store), "--out", str(out)]) == 0
    (out / "stale.ipynb").write_text("{}")
    assert tn.main(["build", "--notebooks", str(books), "--store", str(store), "--out", str(out)]) == 0
    assert not (out / "stale.ipynb").exists() and (out / "01_a.ipynb").exists()
    assert tn.main(["extract", "--notebooks", str(tmp_path / "lessons")]) == 2
    assert "lessons is not a folder of notebooks" in capsys.readouterr().err


def test_check_names_a_slide_without_a_note_and_one_with_two(tmp_path):
    books, store = tmp_path / "notebooks", tmp_path / "notes"
    cells = _lesson()
    cells[4:5] = []                                                 # section 1 loses its note ...
    cells.insert(2, _note("A second note on the title slide."))     # ... the title slide gets two
    _write(books / "01_a.ipynb", cells)
    tn.extract(books, store, say=lambda *a: None)
    wrong = tn.check(books, store)
    assert len(wrong) == 2
    assert "'01 · A lesson' has 2" in wrong[0] and "'1. A section' has 0" in wrong[1]
