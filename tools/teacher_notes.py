"""Teacher's notes live outside the students' notebooks; the teacher's edition is built from both.

    python tools/teacher_notes.py extract   # move every teacher's note found in notebooks/ into teacher/notes/
    python tools/teacher_notes.py build     # write the teacher's edition (lessons + notes) into teacher-edition/
    python tools/teacher_notes.py check     # exit 1 and say what is wrong: a note left in a notebook, a note
                                            #   whose cell is gone, a slide without exactly one note, a Chinese
                                            #   note missing or older than the English note it translates
    python tools/teacher_notes.py todo NAME         # print, as JSON, the English notes of a lesson to translate
    python tools/teacher_notes.py apply NAME FILE   # FILE: JSON {cell id: Chinese note}; records what it translates

(``make teacher`` builds the edition and opens it in JupyterLab; ``make notes`` runs ``extract``.)

**The store.** One Markdown file a notebook, ``teacher/notes/<notebook path under notebooks/>.md``
(``teacher/notes/02_flu_cold_table.md``), readable and editable by a teacher and reviewable in a
diff. Each note starts with a line::

    ## after cell `8b43f541` · 1. The data

and is the Markdown text below it, up to the next such line. The id in backticks is the nbformat
id of the lesson cell the note belongs with (the cell that opens its slide): in the teacher's
edition the note is a collapsed *Teacher's note* right after that cell, so it survives any edit of
the other cells. What follows ``·`` is only a reminder of that cell's first line (``extract``
rewrites it). ``## before cell `<id>``` puts a note before a cell (``extract`` writes it only for a
note that no cell precedes).

**extract** is idempotent and may be re-run at any time: every cell of a notebook under
``notebooks/`` that starts ``<details><summary>Teacher's note`` (the old in-notebook form, which a
lesson being written may still use) is removed from the notebook and stored, anchored to the
nearest cell above it that is not a note. A note found in a notebook replaces what the store held
for the same cell; the store's other notes stay. A new lesson gets a new store file.

**build** writes the teacher's edition: a copy of ``notebooks/`` in which every note is back at its
cell, a markdown cell with slide type "skip" (hidden in the deck, as ``tools/slides.py`` makes it),
into a folder that is not under ``notebooks/`` and is git-ignored. It refuses, naming each note,
when a note's cell no longer exists, and when a notebook still carries notes (run ``extract``).

**The Chinese edition.** ``notebooks/zh/`` (the Chinese lessons, same cells and cell ids as the
English, kept in step by ``tools/translate.py``) has its notes in ``teacher/notes/zh/``, one file a
lesson named as the English one (``teacher/notes/zh/02_flu_cold_table.md``): each English note
translated for a Chinese teacher, on the same cell, its line recording the digest of the English note
text it translates (``tools/translate.py``'s digest, the one the lessons' markdown cells record)::

    ## after cell `8b43f541` (translates `0c1d2e3f4a5b6c7d`) · 1. 数据

``build`` puts them into the Chinese lessons of the edition, each a collapsed *教师提示*; an English
note with no Chinese translation yet goes in as it is (an English *Teacher's note*), so that no slide
of the Chinese edition is without its note. ``check`` fails, naming the note, when an English note
changed after its translation (stale), when an English note has no Chinese one, when a Chinese note
translates no English note, and (as for every note) when a Chinese note's cell is gone. To bring a
lesson's Chinese notes in step::

    python tools/teacher_notes.py todo 02_flu_cold_table > todo.json    # {cell id: English note}
    # translate each text in place (a note ``before`` its cell has the key ``before <id>``)
    python tools/teacher_notes.py apply 02_flu_cold_table todo.json     # writes teacher/notes/zh/...md
"""
from __future__ import annotations

import argparse
import copy
import hashlib
import json
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from slides import with_slides  # noqa: E402  (the deck's rule: where a slide starts)
from translate import digest  # noqa: E402  (the digest a translation records of its English text)

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
STORE = ROOT / "teacher" / "notes"
EDITION = ROOT / "teacher-edition"
ZH = "zh"                                             # the Chinese edition's folder, under notebooks/ and teacher/notes/

SUMMARY = {"en": "Teacher's note", "zh": "教师提示"}   # a note's collapsed line, by the edition's language
NOTES = tuple(f"<details><summary>{s}" for s in SUMMARY.values())   # how a note cell starts (tools/slides.py)
_WRAPPED = re.compile(r"<details><summary>(?:%s)</summary>\n(.*)\n</details>\s*"
                      % "|".join(map(re.escape, SUMMARY.values())), re.S)
_HEADING = re.compile(r"^## (after|before) cell `([^`\s]+)`(?: \(translates `([^`\s]*)`\))?(?: · .*)?$")
_MARKER = ".nbteach-teacher-edition"                  # marks a folder that `build` may replace


class NotesError(Exception):
    """Something a person must fix; the message says what and where."""


@dataclass
class Note:
    anchor: str            # the nbformat id of the lesson cell the note belongs with
    body: str              # the note's Markdown text (the in-notebook wrapper removed)
    where: str = "after"   # "after" or "before" that cell
    translates: str | None = None   # a Chinese note: the digest of the English note text it translates
    lang: str = "en"       # the language it is written in (its summary line in the edition)

    @property
    def key(self) -> str:
        """How todo/apply name the note: its cell id, ``before <id>`` for a note before its cell."""
        return self.anchor if self.where == "after" else f"before {self.anchor}"


# -- one note, in a notebook and in the store ---------------------------------------------------

def _source(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def is_note(cell: dict) -> bool:
    """A teacher's-note cell in a notebook: a markdown cell starting ``<details><summary>Teacher's note``
    (or ``<details><summary>教师提示``, the Chinese edition's)."""
    return cell.get("cell_type") == "markdown" and _source(cell).startswith(NOTES)


def body_of(source: str) -> str:
    """A note cell's text without the standard wrapper; a note whose wrapper is not the standard one
    (another summary, say) is kept whole, so that nothing a teacher wrote is lost."""
    match = _WRAPPED.fullmatch(source)
    return match.group(1).strip("\n") if match else source.strip("\n")


def note_source(body: str, lang: str = "en") -> str:
    """The cell text of a note in the teacher's edition (the form the lessons used), its summary
    line in ``lang`` (教师提示 in the Chinese edition)."""
    if body.startswith("<details>"):
        return body
    return f"<details><summary>{SUMMARY[lang]}</summary>\n\n{body}\n\n</details>"


def _title(cell: dict | None) -> str:
    """A reminder of a cell in the store: its first non-empty line, without the heading marks."""
    if cell is None:
        return "(this cell is no longer in the lesson)"
    line = next((ln for ln in _source(cell).splitlines() if ln.strip()), "(an empty cell)")
    return re.sub(r"^#+\s*", "", line.strip())[:100]


def _lang(name: str | Path) -> str:
    """The language of a notebook or store file, from its path under notebooks/ or teacher/notes/."""
    return "zh" if Path(name).parts[:1] == (ZH,) else "en"


def read_store(path: Path, lang: str | None = None) -> list[Note]:
    """The notes of a store file, in file order (text before the first note line is ignored).
    ``lang``: the language they are written in (default: Chinese under a folder ``zh``)."""
    lang = lang or ("zh" if path.parent.name == ZH else "en")
    notes, lines = [], None
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise NotesError(f"{path} cannot be read as a notes file: {exc}") from None
    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading:
            lines = []
            notes.append((heading.group(1), heading.group(2), heading.group(3), lines))
        elif lines is not None:
            lines.append(line)
    return [Note(anchor, "\n".join(body).strip("\n"), where, translates, lang)
            for where, anchor, translates, body in notes]


_PREAMBLE = {
    "en": ["The notes of `notebooks/{name}`, which students get without them. `make teacher` builds the",
           "teacher's edition, where each note below is a collapsed *Teacher's note* next to the lesson cell",
           "whose id its line names (``## after cell `<id>` ``). Edit a note's text freely; keep its line.",
           "The text after the id is a reminder of that cell (`tools/teacher_notes.py extract` rewrites it)."],
    # one line: a line break between two Chinese characters renders as a space
    "zh": ["`notebooks/{name}` 的教师提示（学生拿到的课件里没有）。`make teacher` 生成教师版，下面每条提示"
           "在教师版里是一个折叠的“教师提示”，紧跟在标题行所写 id 的那个单元格之后（``## after cell `<id>` ``）。"
           "每条都是英文提示（`teacher/notes/{english}`）的中文版，`translates` 记录所译英文的摘要：英文改了，"
           "`python tools/teacher_notes.py check` 会指出这条译文已过时，`todo`/`apply` 更新它（见该工具的说明）。"
           "提示正文可以随意修改，标题行请保留；id 之后的文字只是那个单元格的提醒（`extract` 会重写它）。"],
}


def render_store(notes: list[Note], nb: dict, name: str) -> str:
    """A store file's text (``name``: the notebook's path under notebooks/; ``zh/...`` for the
    Chinese edition, whose notes record what they translate)."""
    by_id = {cell.get("id"): cell for cell in nb.get("cells", [])}
    lang = _lang(name)
    english = Path(name).relative_to(ZH).with_suffix(".md").as_posix() if lang == "zh" else ""
    heading = "教师提示" if lang == "zh" else "Teacher's notes"
    out = [f"# {heading}: {name}", ""]
    out += [line.format(name=name, english=english) for line in _PREAMBLE[lang]] + [""]
    for note in notes:
        bad = [ln for ln in note.body.splitlines() if _HEADING.match(ln)]
        if bad:
            raise NotesError(f"a note of {name} (cell {note.anchor}) holds a line that reads as the start of "
                             f"another note: {bad[0]!r}; reword that line")
        record = f" (translates `{note.translates}`)" if note.translates is not None else ""
        out += [f"## {note.where} cell `{note.anchor}`{record} · {_title(by_id.get(note.anchor))}", "",
                note.body, ""]
    return "\n".join(out)


# -- notebooks ----------------------------------------------------------------------------------

def _read(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise NotesError(f"{path} cannot be read as a notebook: {exc}") from None


def _dump(nb: dict) -> str:
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"       # as tools/strip_notebooks.py writes


def notebooks_under(folder: Path):
    """Every notebook under ``folder`` (lessons, homework, sub-folders), checkpoints left out."""
    return sorted(p for p in folder.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def store_file(notebook: Path, notebooks: Path = NOTEBOOKS, store: Path = STORE) -> Path:
    return store / notebook.relative_to(notebooks).with_suffix(".md")


def _ensure_id(nb: dict, i: int) -> str:
    """Cell ``i``'s id, giving it one (nbformat 4.5) if it has none."""
    cell = nb["cells"][i]
    if not cell.get("id"):
        taken = {c.get("id") for c in nb["cells"]}
        seed = f"{i}:{_source(cell)}"
        new = hashlib.sha1(seed.encode()).hexdigest()[:8]
        while new in taken:
            seed += "'"
            new = hashlib.sha1(seed.encode()).hexdigest()[:8]
        nb["cells"][i] = {"id": new, **cell}
        if nb.get("nbformat", 4) == 4 and nb.get("nbformat_minor", 0) < 5:
            nb["nbformat_minor"] = 5
    return nb["cells"][i]["id"]


def take_notes(nb: dict) -> list[Note]:
    """Remove the note cells from ``nb`` (in place) and return them, each anchored to the nearest
    cell above it that is not a note (or, for notes above every other cell, the first cell below)."""
    cells = nb.get("cells", [])
    keep = [i for i, cell in enumerate(cells) if not is_note(cell)]
    if len(keep) < len(cells) and not keep:
        raise NotesError("a notebook holds nothing but teacher's notes: there is no cell to attach them to")
    notes = []
    for i, cell in enumerate(cells):
        if not is_note(cell):
            continue
        above = [k for k in keep if k < i]
        k, where = (above[-1], "after") if above else (next(k for k in keep if k > i), "before")
        notes.append(Note(_ensure_id(nb, k), body_of(_source(cell)), where))
    nb["cells"] = [nb["cells"][k] for k in keep]
    return notes


def _order(notes: list[Note], nb: dict) -> list[Note]:
    """Notes in lesson order (a note whose cell is gone last), file order among equals."""
    position = {cell.get("id"): i for i, cell in enumerate(nb.get("cells", []))}
    key = lambda n: (position.get(n.anchor, len(position)), n.where == "after")
    return sorted(notes, key=key)


def dangling(notes: list[Note], nb: dict) -> list[Note]:
    ids = {cell.get("id") for cell in nb.get("cells", [])}
    return [n for n in notes if n.anchor not in ids]


def _note_cell(note: Note, taken: set) -> dict:
    base = f"{note.anchor[:54]}-note"
    new, k = base, 1
    while new in taken:
        k += 1
        new = f"{base}-{k}"
    taken.add(new)
    return {"cell_type": "markdown", "id": new, "metadata": {"slideshow": {"slide_type": "skip"}},
            "source": note_source(note.body, note.lang).splitlines(keepends=True)}


def with_notes(nb: dict, notes: list[Note], name: str = "the lesson") -> dict:
    """A copy of ``nb`` with every note inserted at its cell (slide type skip). Raises NotesError
    naming every note whose cell is not in the notebook."""
    lost = dangling(notes, nb)
    if lost:
        raise NotesError("\n".join(_lost_message(n, name) for n in lost))
    nb = copy.deepcopy(nb)
    taken = {cell.get("id") for cell in nb.get("cells", [])}
    cells = []
    for cell in nb.get("cells", []):
        cells += [_note_cell(n, taken) for n in notes if n.anchor == cell.get("id") and n.where == "before"]
        cells.append(cell)
        cells += [_note_cell(n, taken) for n in notes if n.anchor == cell.get("id") and n.where == "after"]
    nb["cells"] = cells
    return nb


def _lost_message(note: Note, name: str) -> str:
    first = next((ln for ln in note.body.splitlines() if ln.strip()), "")[:70]
    return (f"{name}: the note on cell `{note.anchor}` (\"{first}...\") belongs with a cell that is no "
            f"longer in the lesson; in its store file, change the id on its line to the id of the cell "
            f"it now belongs with, or delete the note")


def _shown(path: Path) -> str:
    """A path as the person at the terminal would type it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


# -- the three commands ---------------------------------------------------------------------------

def extract(notebooks: Path = NOTEBOOKS, store: Path = STORE, say=print) -> int:
    """Move every note found in a notebook under ``notebooks`` into ``store``; returns how many moved.
    Re-writes every store file whose notebook exists in canonical form (lesson order, fresh reminders)."""
    moved = 0
    for path in notebooks_under(notebooks):
        nb = _read(path)
        found = take_notes(nb)
        target = store_file(path, notebooks, store)
        if not found and not target.exists():
            continue
        notes = read_store(target, _lang(path.relative_to(notebooks))) if target.exists() else []
        for note in found:
            note.lang = _lang(path.relative_to(notebooks))
        if found:
            fresh = {(n.where, n.anchor) for n in found}
            notes = [n for n in notes if (n.where, n.anchor) not in fresh] + found
        name = path.relative_to(notebooks).as_posix()
        text = render_store(_order(notes, nb), nb, name)
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
        if found:
            path.write_text(_dump(nb), encoding="utf-8")
            moved += len(found)
            say(f"{_shown(path)}: {len(found)} teacher's notes moved to {_shown(target)}")
        for note in dangling(notes, nb):
            say("warning: " + _lost_message(note, str(target)))
    return moved


def problems(notebooks: Path = NOTEBOOKS, store: Path = STORE) -> list[str]:
    """What stops a build: notes still in a notebook, store files without a notebook, notes whose
    cell is gone."""
    found = []
    for path in notebooks_under(notebooks):
        cells = [i for i, cell in enumerate(_read(path).get("cells", [])) if is_note(cell)]
        if cells:
            found.append(f"{path}: cells {cells} are teacher's notes, which students must not get; "
                         f"run `python tools/teacher_notes.py extract` (or `make notes`) to move them to {store}")
    for target in sorted(store.rglob("*.md")) if store.is_dir() else []:
        notebook = notebooks / target.relative_to(store).with_suffix(".ipynb")
        if not notebook.exists():
            found.append(f"{target}: its notebook {notebook} does not exist; rename the notes file after the "
                         f"lesson's new name, or delete it")
            continue
        found += [_lost_message(n, str(target)) for n in dangling(read_store(target), _read(notebook))]
    return found


def build(out: Path = EDITION, notebooks: Path = NOTEBOOKS, store: Path = STORE, say=print) -> list[Path]:
    """Write the teacher's edition into ``out``: every file of ``notebooks`` with the notes at their
    cells. Returns the notebooks that got notes."""
    out, notebooks, store = out.resolve(), notebooks.resolve(), store.resolve()
    if out == notebooks or out.is_relative_to(notebooks) or notebooks.is_relative_to(out):
        raise NotesError(f"the teacher's edition must not be written into or around {notebooks} (students' "
                         f"copies); choose another folder, e.g. {EDITION}")
    if store.is_relative_to(out):
        raise NotesError(f"the teacher's edition folder {out} holds the notes themselves ({store}); choose another folder")
    if not notebooks.is_dir():
        raise NotesError(f"{notebooks} is not a folder of notebooks")
    wrong = problems(notebooks, store)
    if wrong:
        raise NotesError("the teacher's edition was not built:\n  " + "\n  ".join(wrong))
    if out.exists() and any(out.iterdir()) and not (out / _MARKER).exists():
        raise NotesError(f"{out} is not empty and is not a teacher's edition built by this tool; build into an "
                         f"empty or new folder")
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(notebooks, out, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    (out / _MARKER).write_text("Built by `tools/teacher_notes.py build` (`make teacher`) from notebooks/ and "
                               "teacher/notes/, and replaced by the next build: edit notes in teacher/notes/.\n",
                               encoding="utf-8")
    with_any = []
    for rel in _with_notes(notebooks, store):
        notes = (edition_notes_zh(rel, notebooks, store) if _lang(rel) == "zh"
                 else read_store(store_file(notebooks / rel, notebooks, store), "en"))
        nb = with_notes(_read(notebooks / rel), notes, str(store_file(notebooks / rel, notebooks, store)))
        (out / rel).write_text(_dump(nb), encoding="utf-8")
        with_any.append(out / rel)
    stale = translation_problems(notebooks, store)
    for line in stale:
        say("warning: " + line)
    chinese = sum(1 for p in with_any if p.relative_to(out).parts[0] == ZH)
    say(f"The teacher's edition is in {out}: {len(with_any)} notebooks with their teacher's notes"
        + (f", {chinese} of them the Chinese lessons in {out / ZH} (教师提示 in Chinese)" if chinese else "")
        + (f"; {len(stale)} Chinese notes to bring in step (`python tools/teacher_notes.py check`)." if stale else "."))
    return with_any


def _with_notes(notebooks: Path, store: Path) -> list[Path]:
    """The notebooks (paths under ``notebooks``) that get notes: each with a store file, and each Chinese
    notebook whose English one has a store file (its notes fall back on the English ones)."""
    found = {t.relative_to(store).with_suffix(".ipynb") for t in store.rglob("*.md")} if store.is_dir() else set()
    found |= {Path(ZH) / rel for rel in found if _lang(rel) == "en" and (notebooks / ZH / rel).exists()}
    return sorted(found)


# -- the Chinese edition's notes ----------------------------------------------------------------------

def _english_store(store: Path) -> list[Path]:
    """The English notes files (every store file outside ``store/zh``)."""
    return sorted(t for t in store.rglob("*.md") if not t.relative_to(store).parts[0] == ZH) if store.is_dir() else []


def _zh_pair(target: Path, store: Path) -> Path:
    return store / ZH / target.relative_to(store)


def edition_notes_zh(rel: Path, notebooks: Path = NOTEBOOKS, store: Path = STORE) -> list[Note]:
    """The notes the Chinese notebook ``rel`` (``zh/...ipynb``) gets in the edition: its Chinese notes,
    and the English note itself on a cell whose note has no translation yet."""
    zh_file = store_file(notebooks / rel, notebooks, store)
    en_file = store / rel.relative_to(ZH).with_suffix(".md")
    notes = read_store(zh_file, "zh") if zh_file.exists() else []
    have = {n.key for n in notes}
    english = read_store(en_file, "en") if en_file.exists() else []
    return _order(notes + [n for n in english if n.key not in have], _read(notebooks / rel))


def _first_line(note: Note) -> str:
    return next((ln for ln in note.body.splitlines() if ln.strip()), "")[:60]


def translation_problems(notebooks: Path = NOTEBOOKS, store: Path = STORE) -> list[str]:
    """Every Chinese note out of step with the English note it translates, one line each, naming the
    note: an English note with no Chinese one, a translation older than its English note (stale), a
    Chinese note that translates no English note. (A note whose cell is gone: ``problems``.)"""
    found = []
    english_files = _english_store(store)
    for target in english_files:
        rel = target.relative_to(store)
        if not (notebooks / ZH / rel.with_suffix(".ipynb")).exists():
            continue                                   # no Chinese edition of this notebook
        zh_file = _zh_pair(target, store)
        todo = f"`python tools/teacher_notes.py todo {rel.with_suffix('').as_posix()}`, translate, `apply`"
        english = read_store(target, "en")
        if not zh_file.exists():
            found.append(f"{_shown(zh_file)}: missing: the {len(english)} notes of {_shown(target)} have no Chinese translation ({todo})")
            continue
        chinese = {n.key: n for n in read_store(zh_file, "zh")}
        for note in english:
            zh = chinese.pop(note.key, None)
            what = f"{_shown(zh_file)}: the note on cell `{note.anchor}`{' (before it)' if note.where == 'before' else ''}"
            if zh is None:
                found.append(f"{what}: missing, the English note (\"{_first_line(note)}...\") has no Chinese "
                             f"translation ({todo})")
            elif zh.translates != digest(note.body):
                why = ("records no English text it translates" if not zh.translates else
                       "is stale: the English note changed after it was translated")
                found.append(f"{what} {why} ({todo})")
        for zh in chinese.values():
            found.append(f"{_shown(zh_file)}: the note on cell `{zh.anchor}` (\"{_first_line(zh)}...\") translates no "
                         f"note of {_shown(target)}: the English note was deleted or moved; delete it, or move it as the "
                         f"English one moved")
    known = {_zh_pair(t, store) for t in english_files}
    for zh_file in sorted((store / ZH).rglob("*.md")) if (store / ZH).is_dir() else []:
        if zh_file not in known:
            found.append(f"{_shown(zh_file)}: translates no English notes file ({_shown(store / zh_file.relative_to(store / ZH))} "
                         f"does not exist); rename it as the English one was renamed, or delete it")
    return found


def _english_file(name: str, store: Path) -> Path:
    """The English notes file a NAME means (``02_flu_cold_table``, ``02``, ``teacher/notes/02_...md``)."""
    stem = name.removesuffix(".md").removesuffix(".ipynb").removeprefix("teacher/notes/").removeprefix("notebooks/")
    stem = stem.removeprefix(f"{ZH}/")
    files = _english_store(store)
    exact = [t for t in files if t.relative_to(store).with_suffix("").as_posix() == stem]
    matches = exact or [t for t in files if t.stem.startswith(Path(stem).name)]
    if len(matches) != 1:
        raise NotesError(f"no single lesson's notes match {name!r}; name one of: "
                         + ", ".join(t.relative_to(store).with_suffix("").as_posix() for t in files))
    return matches[0]


def todo(name: str, notebooks: Path = NOTEBOOKS, store: Path = STORE) -> dict:
    """The English notes of lesson ``name`` whose Chinese translation is missing or stale,
    {key: English text} (key: the cell id, ``before <id>`` for a note before its cell)."""
    target = _english_file(name, store)
    zh_file = _zh_pair(target, store)
    chinese = {n.key: n for n in read_store(zh_file, "zh")} if zh_file.exists() else {}
    return {n.key: n.body for n in read_store(target, "en")
            if n.key not in chinese or chinese[n.key].translates != digest(n.body)}


def apply(name: str, mapping, notebooks: Path = NOTEBOOKS, store: Path = STORE) -> Path:
    """Write the Chinese notes in ``mapping`` ({key: Chinese text}) into lesson ``name``'s Chinese notes
    file, each recording the digest of the English note it translates; returns that file."""
    target = _english_file(name, store)
    rel = target.relative_to(store).with_suffix(".ipynb")
    zh_nb = notebooks / ZH / rel
    if not zh_nb.exists():
        raise NotesError(f"{zh_nb} does not exist: the lesson has no Chinese edition yet "
                         f"(`python tools/translate.py sync {rel.stem}`)")
    if not isinstance(mapping, dict) or not all(isinstance(v, str) for v in mapping.values()):
        raise NotesError("the translations must be a JSON object {cell id: Chinese note text}, as `todo` prints it")
    english = {n.key: n for n in read_store(target, "en")}
    unknown = [k for k in mapping if k not in english]
    if unknown:
        raise NotesError(f"{target} has no note on {', '.join(map(repr, unknown))}; its notes are on "
                         + ", ".join(english))
    empty = [k for k, v in mapping.items() if not v.strip()]
    if empty:
        raise NotesError(f"the translation of {', '.join(map(repr, empty))} is empty; write the note, or leave it out")
    zh_file = _zh_pair(target, store)
    notes = {n.key: n for n in read_store(zh_file, "zh")} if zh_file.exists() else {}
    for key, text in mapping.items():
        en = english[key]
        notes[key] = Note(en.anchor, text.strip("\n"), en.where, digest(en.body), "zh")
    nb = _read(zh_nb)
    text = render_store(_order(list(notes.values()), nb), nb, (Path(ZH) / rel).as_posix())
    zh_file.parent.mkdir(parents=True, exist_ok=True)
    zh_file.write_text(text, encoding="utf-8")
    return zh_file


def slide_problems(nb: dict, notes: list[Note], name: str) -> list[str]:
    """Every slide of a lesson (as tools/slides.py's rule cuts it) has exactly one note."""
    cells = with_slides(copy.deepcopy(nb))["cells"]
    kinds = [c.get("metadata", {}).get("slideshow", {}).get("slide_type") for c in cells]
    starts = [i for i, k in enumerate(kinds) if k == "slide"]
    slide_of = {}                       # cell id -> the index of the slide it is on
    for i, cell in enumerate(cells):
        slide_of[cell.get("id")] = sum(1 for s in starts if s <= i) - 1
    count = [0] * len(starts)
    for note in notes:
        k = slide_of.get(note.anchor)
        if k is None:
            continue                    # dangling: problems() says so
        if note.where == "before" and k > 0 and cells[starts[k]].get("id") == note.anchor:
            k -= 1                      # before a slide's first cell: the end of the slide above
        count[max(k, 0)] += 1
    return [f"{name}: the slide {_title(cells[s])!r} has {n} teacher's notes in the store, not one"
            for s, n in zip(starts, count) if n != 1]


def check(notebooks: Path = NOTEBOOKS, store: Path = STORE) -> list[str]:
    """problems(), every slide of every lesson (``NN_*.ipynb`` directly in ``notebooks``) has
    exactly one note in the store, and every Chinese note is in step with its English note."""
    found = problems(notebooks, store)
    for path in sorted(notebooks.glob("[0-9][0-9]_*.ipynb")):
        target = store_file(path, notebooks, store)
        notes = read_store(target) if target.exists() else []
        found += slide_problems(_read(path), notes, str(target))
    return found + translation_problems(notebooks, store)


def main(argv) -> int:
    parser = argparse.ArgumentParser(prog="tools/teacher_notes.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["extract", "build", "check", "todo", "apply"])
    parser.add_argument("name", nargs="?", help="todo, apply: the lesson (02_flu_cold_table, or 02)")
    parser.add_argument("file", nargs="?", type=Path, help="apply: the JSON file of Chinese notes {cell id: text}")
    parser.add_argument("--notebooks", type=Path, default=NOTEBOOKS, help="the students' notebooks (default: notebooks/)")
    parser.add_argument("--store", type=Path, default=STORE, help="the notes (default: teacher/notes/)")
    parser.add_argument("--out", type=Path, default=EDITION, help="build: the teacher's edition (default: teacher-edition/)")
    args = parser.parse_args(argv)
    if not args.notebooks.is_dir():
        print(f"error: {args.notebooks} is not a folder of notebooks (--notebooks)", file=sys.stderr)
        return 2
    if args.command not in ("todo", "apply") and args.name:
        print(f"error: {args.command} takes no lesson name ({args.name!r}); only todo and apply do", file=sys.stderr)
        return 2
    if args.command in ("todo", "apply") and not args.name or args.command == "apply" and not args.file:
        print(f"error: {args.command} needs the lesson's name"
              + (" and the JSON file of translations: apply NAME FILE" if args.command == "apply" else ": todo NAME"),
              file=sys.stderr)
        return 2
    try:
        if args.command == "todo":
            print(json.dumps(todo(args.name, args.notebooks, args.store), ensure_ascii=False, indent=1))
        elif args.command == "apply":
            try:
                mapping = json.loads(args.file.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, ValueError) as exc:
                raise NotesError(f"{args.file} cannot be read as JSON {{cell id: Chinese note}}: {exc}") from None
            written = apply(args.name, mapping, args.notebooks, args.store)
            left = [ln for ln in translation_problems(args.notebooks, args.store) if ln.startswith(_shown(written))]
            print("\n".join(left) if left else f"{_shown(written)}: in step with the English notes")
        elif args.command == "extract":
            n = extract(args.notebooks, args.store)
            print(f"{n} teacher's notes moved" if n else "No teacher's note left in the notebooks: nothing to move.")
        elif args.command == "build":
            build(args.out, args.notebooks, args.store)
        else:
            wrong = check(args.notebooks, args.store)
            if wrong:
                print(*wrong, sep="\n")
                return 1
            print("Every slide of every lesson has one teacher's note in the store, and its Chinese translation "
                  "in step; no notebook carries one.")
    except NotesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
