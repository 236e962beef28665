"""Teacher's notes live outside the students' notebooks; the teacher's edition is built from both.

    python tools/teacher_notes.py extract   # move every teacher's note found in notebooks/ into teacher/notes/
    python tools/teacher_notes.py build     # write the teacher's edition (lessons + notes) into teacher-edition/
    python tools/teacher_notes.py check     # exit 1 and say what is wrong: a note left in a notebook, a note
                                            #   whose cell is gone, a slide without exactly one note

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

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
STORE = ROOT / "teacher" / "notes"
EDITION = ROOT / "teacher-edition"

NOTES = "<details><summary>Teacher's note"            # how a note cell starts (tools/slides.py)
_WRAPPED = re.compile(r"<details><summary>Teacher's note</summary>\n(.*)\n</details>\s*", re.S)
_HEADING = re.compile(r"^## (after|before) cell `([^`\s]+)`(?: · .*)?$")
_MARKER = ".nbteach-teacher-edition"                  # marks a folder that `build` may replace


class NotesError(Exception):
    """Something a person must fix; the message says what and where."""


@dataclass
class Note:
    anchor: str            # the nbformat id of the lesson cell the note belongs with
    body: str              # the note's Markdown text (the in-notebook wrapper removed)
    where: str = "after"   # "after" or "before" that cell


# -- one note, in a notebook and in the store ---------------------------------------------------

def _source(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def is_note(cell: dict) -> bool:
    """A teacher's-note cell in a notebook: a markdown cell starting ``<details><summary>Teacher's note``."""
    return cell.get("cell_type") == "markdown" and _source(cell).startswith(NOTES)


def body_of(source: str) -> str:
    """A note cell's text without the standard wrapper; a note whose wrapper is not the standard one
    (another summary, say) is kept whole, so that nothing a teacher wrote is lost."""
    match = _WRAPPED.fullmatch(source)
    return match.group(1).strip("\n") if match else source.strip("\n")


def note_source(body: str) -> str:
    """The cell text of a note in the teacher's edition (the form the lessons used)."""
    if body.startswith("<details>"):
        return body
    return f"<details><summary>Teacher's note</summary>\n\n{body}\n\n</details>"


def _title(cell: dict | None) -> str:
    """A reminder of a cell in the store: its first non-empty line, without the heading marks."""
    if cell is None:
        return "(this cell is no longer in the lesson)"
    line = next((ln for ln in _source(cell).splitlines() if ln.strip()), "(an empty cell)")
    return re.sub(r"^#+\s*", "", line.strip())[:100]


def read_store(path: Path) -> list[Note]:
    """The notes of a store file, in file order (text before the first note line is ignored)."""
    notes, lines = [], None
    for line in path.read_text(encoding="utf-8").splitlines():
        heading = _HEADING.match(line)
        if heading:
            lines = []
            notes.append((heading.group(1), heading.group(2), lines))
        elif lines is not None:
            lines.append(line)
    return [Note(anchor, "\n".join(body).strip("\n"), where) for where, anchor, body in notes]


def render_store(notes: list[Note], nb: dict, name: str) -> str:
    """A store file's text (``name``: the notebook's path under notebooks/)."""
    by_id = {cell.get("id"): cell for cell in nb.get("cells", [])}
    out = [f"# Teacher's notes: {name}", "",
           f"The notes of `notebooks/{name}`, which students get without them. `make teacher` builds the",
           "teacher's edition, where each note below is a collapsed *Teacher's note* next to the lesson cell",
           "whose id its line names (``## after cell `<id>` ``). Edit a note's text freely; keep its line.",
           "The text after the id is a reminder of that cell (`tools/teacher_notes.py extract` rewrites it).",
           ""]
    for note in notes:
        bad = [ln for ln in note.body.splitlines() if _HEADING.match(ln)]
        if bad:
            raise NotesError(f"a note of {name} (cell {note.anchor}) holds a line that reads as the start of "
                             f"another note: {bad[0]!r}; reword that line")
        out += [f"## {note.where} cell `{note.anchor}` · {_title(by_id.get(note.anchor))}", "", note.body, ""]
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
            "source": note_source(note.body).splitlines(keepends=True)}


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
        notes = read_store(target) if target.exists() else []
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
    for target in sorted(store.rglob("*.md")) if store.is_dir() else []:
        rel = target.relative_to(store).with_suffix(".ipynb")
        nb = with_notes(_read(notebooks / rel), read_store(target), str(target))
        (out / rel).write_text(_dump(nb), encoding="utf-8")
        with_any.append(out / rel)
    say(f"The teacher's edition is in {out}: {len(with_any)} notebooks with their teacher's notes.")
    return with_any


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
    """problems(), and every slide of every lesson (``NN_*.ipynb`` directly in ``notebooks``) has
    exactly one note in the store."""
    found = problems(notebooks, store)
    for path in sorted(notebooks.glob("[0-9][0-9]_*.ipynb")):
        target = store_file(path, notebooks, store)
        notes = read_store(target) if target.exists() else []
        found += slide_problems(_read(path), notes, str(target))
    return found


def main(argv) -> int:
    parser = argparse.ArgumentParser(prog="tools/teacher_notes.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["extract", "build", "check"])
    parser.add_argument("--notebooks", type=Path, default=NOTEBOOKS, help="the students' notebooks (default: notebooks/)")
    parser.add_argument("--store", type=Path, default=STORE, help="the notes (default: teacher/notes/)")
    parser.add_argument("--out", type=Path, default=EDITION, help="build: the teacher's edition (default: teacher-edition/)")
    args = parser.parse_args(argv)
    if not args.notebooks.is_dir():
        print(f"error: {args.notebooks} is not a folder of notebooks (--notebooks)", file=sys.stderr)
        return 2
    try:
        if args.command == "extract":
            n = extract(args.notebooks, args.store)
            print(f"{n} teacher's notes moved" if n else "No teacher's note left in the notebooks: nothing to move.")
        elif args.command == "build":
            build(args.out, args.notebooks, args.store)
        else:
            wrong = check(args.notebooks, args.store)
            if wrong:
                print(*wrong, sep="\n")
                return 1
            print("Every slide of every lesson has one teacher's note in the store; no notebook carries one.")
    except NotesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
