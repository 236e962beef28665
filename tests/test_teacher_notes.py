"""Students' notebooks carry no teacher's note; the notes live in teacher/notes/ (one Markdown file a
lesson, each note anchored to a cell id) and `make teacher` builds the teacher's edition from both
(tools/teacher_notes.py). The Chinese lessons (notebooks/zh/) get the notes of teacher/notes/zh/, each
a translation of an English note recording the digest of the text it translates. The slides of either
are checked in test_slides.py, the deck of a built edition in the browser in test_browser_lessons.py."""
from __future__ import annotations

import json
import re
import shutil
import sys
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import teacher_notes as tn  # noqa: E402

STUDENTS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
ZH_LESSONS = sorted((ROOT / "notebooks" / "zh").glob("[0-9][0-9]_*.ipynb"))


def _cells(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))["cells"]


def _source(cell):
    return "".join(cell["source"])


def _kind(cell):
    return cell.get("metadata", {}).get("slideshow", {}).get("slide_type", "-")


# -- the repository ------------------------------------------------------------------------------

@pytest.mark.parametrize("path", STUDENTS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_no_students_notebook_carries_a_teachers_note(path):
    notes = [i for i, cell in enumerate(_cells(path))
             if "<summary>Teacher's note" in _source(cell) or "<summary>教师提示" in _source(cell)]
    assert not notes, (f"{path.name}: cells {notes} are teacher's notes; students must not get them: "
                       f"`make notes` moves them to teacher/notes/")


def test_the_students_notebooks_checked_include_the_chinese_edition():
    assert ZH_LESSONS and set(ZH_LESSONS) <= set(STUDENTS)
    assert any(p.parent.name == "homework" and "zh" in p.parts for p in STUDENTS)


def test_every_chinese_note_translates_the_english_note_of_today():
    """teacher/notes/zh/ has every English note translated, none stale, none without its English note."""
    wrong = tn.translation_problems()
    assert wrong == [], "\n".join(wrong)


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


@pytest.mark.parametrize("path", ZH_LESSONS, ids=lambda p: p.name)
def test_the_chinese_edition_has_each_chinese_note_right_after_its_cell(edition, path):
    notes = tn.read_store(tn.store_file(path), "zh")
    english = tn.read_store(ROOT / "teacher" / "notes" / path.with_suffix(".md").name, "en")
    assert [n.key for n in notes] == [n.key for n in english], f"zh/{path.name}: not the English notes' cells"
    built = _cells(edition / "zh" / path.name)
    assert [c for c in built if not tn.is_note(c)] == _cells(path)
    shown = [(built[i - 1]["id"], _source(c)) for i, c in enumerate(built) if tn.is_note(c)]
    assert shown == [(n.anchor, tn.note_source(n.body, "zh")) for n in notes]
    for cell in built:
        if tn.is_note(cell):
            assert _source(cell).startswith("<details><summary>教师提示</summary>"), f"zh/{path.name}: {cell['id']}"
            assert _kind(cell) == "skip", f"zh/{path.name}: a note in the edition is not hidden from the deck"
            assert re.search(r"[\u4e00-\u9fff]", _source(cell)[40:]), f"zh/{path.name}: a note with no Chinese"


def test_the_edition_holds_every_students_notebook(edition):
    built = sorted(p.relative_to(edition) for p in edition.rglob("*.ipynb"))
    assert built == [p.relative_to(ROOT / "notebooks") for p in STUDENTS]



# -- the Chinese notes say what the English ones say ------------------------------------------------

SEEDS = ROOT.parent / "shared" / "seeds"         # the course notes, beside a working clone
_NUMBER = re.compile(r"(?<![\w.])\d+(?:[./]\d+)*")
_CODE = re.compile(r"`[^`]+`")
_MATH = re.compile(r"\$[^$]+\$")


def _pairs():
    for path in ZH_LESSONS:
        english = tn.read_store(ROOT / "teacher" / "notes" / path.with_suffix(".md").name, "en")
        chinese = {n.key: n for n in tn.read_store(tn.store_file(path), "zh")}
        for note in english:
            if note.key in chinese:
                yield path.stem, note, chinese[note.key]


def _chinese_quotes(text):
    return [q for q in re.findall(r'"([^"\n]+)"', text) if re.search(r"[\u4e00-\u9fff]", q)]


def test_a_chinese_note_keeps_the_numbers_formulas_and_code_of_its_english_note():
    """Not word for word, but every number, formula and code name the teacher reads out is the same."""
    wrong = []
    for lesson, en, zh in _pairs():
        for what, pattern in (("numbers", _NUMBER), ("code", _CODE), ("formulas", _MATH)):
            lost = set(pattern.findall(en.body)) - set(pattern.findall(zh.body))
            if lost:
                wrong.append(f"zh/{lesson}.md, cell {en.anchor}: {what} of the English note missing: {sorted(lost)}")
    assert not wrong, "\n".join(wrong)


def test_a_chinese_note_quotes_the_course_notes_as_they_are():
    quotes = [(lesson, en.anchor, q, zh.body) for lesson, en, zh in _pairs() for q in _chinese_quotes(en.body)]
    assert len(quotes) >= 7                      # lessons 02, 08, 09 and 10 quote the notes
    for lesson, anchor, quote, body in quotes:
        assert quote in body, f"zh/{lesson}.md, cell {anchor}: the note's words {quote!r} are not quoted as they are"
    if not SEEDS.is_dir():
        pytest.skip("the seed notes (shared/seeds) are not beside this clone")
    notes = "".join("".join(p.read_text(encoding="utf-8").split()) for p in sorted(SEEDS.glob("*.txt")))
    for lesson, anchor, quote, _ in quotes:
        assert "".join(quote.split()) in notes, f"{lesson}, cell {anchor}: no course note says {quote!r}"


def test_the_chinese_notes_use_the_glossarys_terms_and_paired_dollars():
    from test_lesson_text import avoided_terms, unpaired_dollars

    wrong = [f"zh/{lesson}.md, cell {en.anchor}: {bad}" for lesson, en, zh in _pairs() if (bad := avoided_terms(zh.body))]
    wrong += [f"zh/{lesson}.md, cell {en.anchor}: an odd number of $" for lesson, en, zh in _pairs()
              if unpaired_dollars(zh.body)]
    assert not wrong, "\n".join(wrong)


def test_the_term_and_quote_checks_can_fail():
    from test_lesson_text import avoided_terms

    assert avoided_terms("对这位病人，召回率是多少？") and not avoided_terms("笔记写的是“召回率”。")
    assert _chinese_quotes('Note 001 blames this on "决策边界过于陡峭" (the "boundary")') == ["决策边界过于陡峭"]
    assert set(_NUMBER.findall("prints 19/23, 0.161 and 5e-324 on §11")) == {"19/23", "0.161", "5", "324", "11"}


def test_a_changed_english_note_of_the_course_is_named_and_the_edition_still_has_chinese_notes(tmp_path):
    """Tried on the course itself: the English note of lesson 02's data slide is edited after its
    translation; check names exactly that Chinese note as stale, and the build warns and keeps the
    (old) Chinese notes at their cells."""
    store = tmp_path / "notes"
    shutil.copytree(ROOT / "teacher" / "notes", store)
    assert tn.check(tn.NOTEBOOKS, store) == []
    english = store / "02_flu_cold_table.md"
    text = english.read_text(encoding="utf-8")
    old = "Watch for students who treat the diagnosis as just another feature."
    assert old in text
    english.write_text(text.replace(old, old + " Ask them what `y` is."), encoding="utf-8")
    (line,) = tn.check(tn.NOTEBOOKS, store)
    assert "zh/02_flu_cold_table.md" in line and "`8b43f541`" in line and "stale" in line
    assert list(tn.todo("02_flu_cold_table", tn.NOTEBOOKS, store)) == ["8b43f541"]
    said = []
    tn.build(tmp_path / "edition", tn.NOTEBOOKS, store, say=said.append)
    assert any("8b43f541" in s and "stale" in s for s in said)
    built = _cells(tmp_path / "edition" / "zh" / "02_flu_cold_table.ipynb")
    notes = [(built[i - 1]["id"], _source(c)) for i, c in enumerate(built) if tn.is_note(c)]
    want = tn.read_store(store / "zh" / "02_flu_cold_table.md", "zh")
    assert notes == [(n.anchor, tn.note_source(n.body, "zh")) for n in want] and len(notes) == 10

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


# -- the Chinese edition's notes, on small notebooks ------------------------------------------------

def _course(tmp_path):
    """A lesson in both editions (same cells and ids), its English notes extracted into the store."""
    books, store = tmp_path / "notebooks", tmp_path / "notes"
    _write(books / "01_a.ipynb", _lesson())
    zh = [_md("title", "# 01 · 一课"), _code("c1", "x = 1"), _md("sec1", "## 1. 一节"), _code("c2", "x + 1")]
    _write(books / "zh" / "01_a.ipynb", zh)
    tn.extract(books, store, say=lambda *a: None)
    return books, store


ZH_NOTES = {"title": "问学生什么是先验概率。", "sec1": "问这个单元格会输出什么。"}


def _zh_notes(edition_path):
    cells = _cells(edition_path)
    return [(cells[i - 1]["id"], _source(c)) for i, c in enumerate(cells) if tn.is_note(c)]


def test_translated_notes_reach_the_chinese_lesson_of_the_edition(tmp_path):
    books, store = _course(tmp_path)
    assert tn.todo("01_a", books, store) == {"title": "Ask what a prior is.", "sec1": "Ask what the cell prints."}
    assert any("zh/01_a.md: missing" in line for line in tn.check(books, store))
    written = tn.apply("01", ZH_NOTES, books, store)
    assert written == store / "zh" / "01_a.md"
    assert tn.check(books, store) == [] and tn.todo("01_a", books, store) == {}
    assert "(translates `" in written.read_text(encoding="utf-8")
    out = tmp_path / "edition"
    tn.build(out, books, store, say=lambda *a: None)
    assert _zh_notes(out / "zh" / "01_a.ipynb") == [
        ("title", "<details><summary>教师提示</summary>\n\n问学生什么是先验概率。\n\n</details>"),
        ("sec1", "<details><summary>教师提示</summary>\n\n问这个单元格会输出什么。\n\n</details>")]
    assert [c for c in _cells(out / "zh" / "01_a.ipynb") if not tn.is_note(c)] == _cells(books / "zh" / "01_a.ipynb")
    assert _zh_notes(out / "01_a.ipynb")[0][1].startswith("<details><summary>Teacher's note</summary>")
    # extract (make notes) re-writes the Chinese store and keeps what each note translates
    before = written.read_text(encoding="utf-8")
    tn.extract(books, store, say=lambda *a: None)
    assert written.read_text(encoding="utf-8") == before


def test_a_changed_english_note_makes_its_translation_stale_until_it_is_translated_again(tmp_path, capsys):
    books, store = _course(tmp_path)
    tn.apply("01_a", ZH_NOTES, books, store)
    english = store / "01_a.md"
    english.write_text(english.read_text(encoding="utf-8").replace("Ask what the cell prints.",
                                                                   "Ask what the cell prints, and why."),
                       encoding="utf-8")
    (line,) = tn.check(books, store)
    assert "zh/01_a.md" in line and "`sec1`" in line and "stale" in line and "todo 01_a" in line
    assert tn.main(["check", "--notebooks", str(books), "--store", str(store)]) == 1
    assert "stale" in capsys.readouterr().out
    assert tn.todo("01_a", books, store) == {"sec1": "Ask what the cell prints, and why."}
    # the teacher still gets a Chinese note there (the old one) and is told it is stale
    said = []
    tn.build(tmp_path / "edition", books, store, say=said.append)
    assert any("stale" in s for s in said)
    assert _zh_notes(tmp_path / "edition" / "zh" / "01_a.ipynb")[1][1].endswith("问这个单元格会输出什么。\n\n</details>")
    tn.apply("01_a", {"sec1": "问这个单元格会输出什么，以及为什么。"}, books, store)
    assert tn.check(books, store) == []


def test_an_english_note_without_translation_is_named_and_shown_in_english(tmp_path):
    books, store = _course(tmp_path)
    tn.apply("01_a", {"title": ZH_NOTES["title"]}, books, store)
    (line,) = tn.check(books, store)
    assert "zh/01_a.md" in line and "`sec1`" in line and "missing" in line and "Ask what the cell prints" in line
    tn.build(tmp_path / "edition", books, store, say=lambda *a: None)
    notes = _zh_notes(tmp_path / "edition" / "zh" / "01_a.ipynb")
    assert [(a, s.split("</summary>")[0]) for a, s in notes] == [
        ("title", "<details><summary>教师提示"), ("sec1", "<details><summary>Teacher's note")]


def test_a_chinese_note_whose_cell_is_gone_or_whose_english_note_is_gone_is_named(tmp_path, capsys):
    books, store = _course(tmp_path)
    tn.apply("01_a", ZH_NOTES, books, store)
    zh_store = store / "zh" / "01_a.md"
    zh_store.write_text(zh_store.read_text(encoding="utf-8").replace("cell `sec1`", "cell `c2`"), encoding="utf-8")
    wrong = tn.check(books, store)
    assert any("`c2`" in w and "translates no note" in w for w in wrong)
    assert any("`sec1`" in w and "missing" in w for w in wrong)
    zh_store.write_text(zh_store.read_text(encoding="utf-8").replace("cell `c2`", "cell `gone`"), encoding="utf-8")
    assert any("zh/01_a.md" in w and "`gone`" in w and "no longer in the lesson" in w for w in tn.check(books, store))
    rc = tn.main(["build", "--notebooks", str(books), "--store", str(store), "--out", str(tmp_path / "edition")])
    err = capsys.readouterr().err
    assert rc == 2 and "`gone`" in err and "Traceback" not in err


def test_a_chinese_note_left_in_a_chinese_notebook_is_refused(tmp_path, capsys):
    books, store = _course(tmp_path)
    cells = _cells(books / "zh" / "01_a.ipynb")
    cells.insert(1, _md("zhnote", "<details><summary>教师提示</summary>\n\n问学生。\n\n</details>"))
    _write(books / "zh" / "01_a.ipynb", cells)
    assert any("zh/01_a.ipynb" in w and "students must not get" in w for w in tn.problems(books, store))
    assert tn.main(["build", "--notebooks", str(books), "--store", str(store), "--out", str(tmp_path / "e")]) == 2
    assert "extract" in capsys.readouterr().err
    tn.extract(books, store, say=lambda *a: None)                  # moved to the Chinese store, not yet a translation
    assert not any(tn.is_note(c) for c in _cells(books / "zh" / "01_a.ipynb"))
    assert any("`title`" in w and "records no English text" in w for w in tn.check(books, store))


def test_apply_on_the_command_line_names_what_is_left_to_translate(tmp_path, capsys, monkeypatch):
    books, store = _course(tmp_path)
    monkeypatch.chdir(tmp_path)                    # messages show paths relative to where the teacher is
    half = tmp_path / "half.json"
    half.write_text(json.dumps({"title": ZH_NOTES["title"]}, ensure_ascii=False), encoding="utf-8")
    assert tn.main(["apply", "01_a", str(half), "--notebooks", str(books), "--store", str(store)]) == 0
    out = capsys.readouterr().out
    assert "`sec1`" in out and "missing" in out and "in step" not in out
    assert tn.main(["todo", "01", "--notebooks", str(books), "--store", str(store)]) == 0
    assert json.loads(capsys.readouterr().out) == {"sec1": "Ask what the cell prints."}
    rest = tmp_path / "rest.json"
    rest.write_text(json.dumps({"sec1": ZH_NOTES["sec1"]}, ensure_ascii=False), encoding="utf-8")
    assert tn.main(["apply", "01_a", str(rest), "--notebooks", str(books), "--store", str(store)]) == 0
    assert "in step with the English notes" in capsys.readouterr().out


def test_apply_refuses_bad_translations_with_a_message(tmp_path, capsys):
    books, store = _course(tmp_path)
    for mapping, said in (({"nope": "文字"}, "has no note on 'nope'"), ({"title": "  "}, "is empty"),
                          (["title"], "JSON object"), ({"title": 3}, "JSON object")):
        with pytest.raises(tn.NotesError, match=re.escape(said)):
            tn.apply("01_a", mapping, books, store)
    with pytest.raises(tn.NotesError, match="no single lesson"):
        tn.todo("07", books, store)
    bad = tmp_path / "todo.json"
    bad.write_text("{'title': 1", encoding="utf-8")
    for argv, said in ((["apply", "01_a", str(bad)], "cannot be read as JSON"), (["apply", "01_a"], "apply NAME FILE"),
                       (["todo"], "todo NAME"), (["check", "01_a"], "takes no lesson name")):
        assert tn.main(argv + ["--notebooks", str(books), "--store", str(store)]) == 2
        err = capsys.readouterr().err
        assert said in err and "Traceback" not in err
    assert not (store / "zh").exists()
