"""Keep the Chinese edition (notebooks/zh/) in step with the English lessons, which are the source.

    python tools/translate.py sync [NAME ...]     # (re)build each Chinese notebook's cells from the English
    python tools/translate.py check [NAME ...]    # exit 1 and name every stale, untranslated or missing cell
    python tools/translate.py todo NAME           # print, as JSON, the English text of the cells to translate
    python tools/translate.py apply NAME FILE     # FILE: JSON {cell id: Chinese markdown}; records what it translates

NAME is a notebook's file name or stem under notebooks/ (``03_smoothing``, ``homework/hw01_...``);
none means every lesson and self-study homework.

The rule, by construction:
- A Chinese notebook has the English notebook's cells in the same order, with the same cell ids.
- Its code cells are the English code cells, copied (a student running either edition gets the
  same numbers; what differs by language comes from the library's language), with two differences
  that the check allows: comments, which a translator writes in Chinese (code is compared without
  them, as Python's tokenizer reads it), and the set-up line ``SETUP`` on top of the first code cell,
  which sets the language where the kernel does not know the notebook's path (nbconvert, nbclient,
  papermill, Colab). ``sync`` keeps a Chinese code cell whose code is still the English code.
- Each markdown cell is a translation, and records in ``metadata.nbteach.translates`` a digest of
  the English text it translates. When the English cell changes later, the digests differ and
  ``check`` (run by ``make test``) names the cell as stale; ``sync`` keeps the old translation
  for the translator to update, and ``todo`` lists it.
"""
from __future__ import annotations

import copy
import hashlib
import io
import json
import re
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGLISH = ROOT / "notebooks"
CHINESE = ENGLISH / "zh"
UNTRANSLATED = "untranslated"

#: The one line of its own a Chinese notebook's code may carry, at the top of its first code cell:
#: nbclient, nbconvert, papermill and Colab start a kernel without the notebook's path, so the
#: language cannot come from the ``zh`` folder there (nbteach.i18n.starting_language)
SETUP = 'import nbteach; nbteach.set_language("zh")'
SETUP_LINE = SETUP + "  # 中文版：本笔记本的提示、反馈、表格和图都用中文"


_LAYOUT = {tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER}


def code_of(text: str) -> list | str:
    """The code of a cell without its comments, as Python's tokenizer reads it (so a ``#`` inside a
    string stays code): the tokens but comments and blank lines. A cell the tokenizer cannot read
    (an unclosed bracket) is its text."""
    try:
        return [(t.type, t.string if t.type not in _LAYOUT else "")
                for t in tokenize.generate_tokens(io.StringIO(text).readline)
                if t.type not in (tokenize.COMMENT, tokenize.NL)]
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return text


def same_code(english: str, chinese: str, first: bool = False) -> bool:
    """Whether a Chinese code cell is the English one: the same code, comments aside (a comment is
    written in the reader's language), and in the notebook's first code cell the set-up line
    :data:`SETUP` on top, and nothing else of its own."""
    zh = code_of(chinese)
    return zh == code_of(english) or (first and zh == code_of(SETUP + "\n" + english))


def with_setup(code: str) -> str:
    """The first code cell of a Chinese notebook: :data:`SETUP_LINE` over the English code."""
    return SETUP_LINE + "\n" + code


def digest(text: str) -> str:
    """The digest a translated cell records of the English text it translates."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def source(cell) -> str:
    s = cell.get("source", "")
    return "".join(s) if isinstance(s, list) else s


def english_notebooks() -> list[Path]:
    """Every English lesson and self-study homework that has (or must have) a Chinese edition."""
    lessons = sorted(ENGLISH.glob("[0-9][0-9]_*.ipynb"))
    homework = sorted((ENGLISH / "homework").glob("hw[0-9][0-9]_*.ipynb"))
    return lessons + homework


def resolve(names) -> list[Path]:
    if not names:
        return english_notebooks()
    found = []
    for name in names:
        stem = name[:-6] if name.endswith(".ipynb") else name
        stem = stem.removeprefix("notebooks/").removeprefix("zh/")
        path = ENGLISH / f"{stem}.ipynb"
        if not path.exists():
            matches = [p for p in english_notebooks() if p.stem.startswith(Path(stem).name)]
            if len(matches) != 1:
                raise SystemExit(f"no single English notebook matches {name!r}; "
                                 f"try one of: {', '.join(p.stem for p in english_notebooks())}")
            path = matches[0]
        found.append(path)
    return found


def chinese_of(english: Path) -> Path:
    return CHINESE / english.relative_to(ENGLISH)


def _read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _write(path: Path, nb: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _record(cell) -> dict:
    return cell.get("metadata", {}).get("nbteach", {})


def synced(en: dict, zh: dict | None, english: Path) -> dict:
    """The Chinese notebook rebuilt from the English ``en``, keeping the translations in ``zh``."""
    old = {c.get("id"): c for c in (zh or {}).get("cells", [])}
    first_code = next((c.get("id") for c in en["cells"] if c["cell_type"] == "code"), None)
    cells = []
    for cell in en["cells"]:
        new = copy.deepcopy(cell)
        kept = old.get(cell.get("id"))
        if cell["cell_type"] == "code":
            first = cell.get("id") == first_code
            if kept is not None and kept.get("cell_type") == "code" \
                    and same_code(source(cell), source(kept), first):
                new["source"] = kept["source"]           # its Chinese comments, its set-up line
            if first and code_of(source(new)) == code_of(source(cell)):
                new["source"] = with_setup(source(new)).splitlines(keepends=True)
        if cell["cell_type"] == "markdown" and kept is not None and kept.get("cell_type") != "markdown":
            kept = None
        if cell["cell_type"] == "markdown":
            meta = new.setdefault("metadata", {})
            if kept is not None and _record(kept).get("translates"):
                new["source"] = kept["source"]
                meta["nbteach"] = dict(_record(kept))
            else:
                meta["nbteach"] = {"translates": UNTRANSLATED}
        cells.append(new)
    out = copy.deepcopy(en)
    out["cells"] = cells
    meta = out.setdefault("metadata", {})
    meta["language_info"] = dict(meta.get("language_info", {"name": "python"}))
    meta["nbteach"] = {"edition": "zh", "translates": str(english.relative_to(ROOT))}
    return out


#: a Chinese character or a full-width punctuation mark (，。：“”…): a line break between two of
#: them renders as a space in the middle of a Chinese sentence
CJK = "\u2e80-\u9fff\u3000-\u303f\uff00-\uffef\u201c\u201d\u2018\u2019\u2026\u2014"
_CJK_CHAR = re.compile(f"[{CJK}]")
_PUNCT = re.compile("[\u3000-\u303f\uff00-\uffef\u201c\u201d\u2018\u2019\u2026\u2014]")   # ，。：（）“”…
# a line that is a block of its own, never a paragraph's continuation: a heading, a list item, a
# table row, a fence, display maths, a thematic break, HTML
_BLOCK = re.compile(r"^\s*(#|[-*+]\s|[0-9]+[.)]\s|\||```|~~~|\$\$|\\\[|<|---|\*\*\*|$)")


def _quote_depth(line: str) -> tuple[int, str]:
    """How many ``>`` a line opens with, and the line without them."""
    m = re.match(r"^(\s*>\s?)+", line)
    return (m.group(0).count(">"), line[m.end():]) if m else (0, line)


def one_line_paragraphs(markdown: str) -> str:
    """``markdown`` with every paragraph (a list item, a quotation) on one line: a soft line break
    inside it is dropped between two Chinese characters or punctuation marks (where it would render
    as a space) and becomes a space elsewhere. Headings, list items, table rows, code fences and
    display maths stay lines of their own; a hard break (two trailing spaces, a backslash) stays."""
    out: list[str] = []
    fence = maths = False
    can_continue = False                      # whether the previous line is paragraph text
    for line in markdown.split("\n"):
        stripped = line.strip()
        if fence or maths:
            out.append(line)
            if fence and stripped.startswith(("```", "~~~")):
                fence = False
            elif maths and "$$" in stripped:
                maths = False
            can_continue = False
            continue
        if stripped.startswith(("```", "~~~")):
            fence, can_continue = True, False
            out.append(line)
            continue
        if stripped.startswith("$$") and stripped.count("$$") % 2 == 1:
            maths, can_continue = True, False
            out.append(line)
            continue
        depth, text = _quote_depth(line)
        prev_depth = _quote_depth(out[-1])[0] if out else -1
        if (can_continue and depth == prev_depth and not _BLOCK.match(text)
                and not out[-1].endswith(("  ", "\\"))):
            prev = out[-1].rstrip()
            text = text.strip()
            first = text.lstrip("*_")[:1] or " "
            cjk_both = _CJK_CHAR.match(prev[-1]) and _CJK_CHAR.match(first)
            glue = "" if cjk_both or _PUNCT.match(prev[-1]) or _PUNCT.match(first) else " "
            out[-1] = prev + glue + text
            continue
        out.append(line)
        can_continue = bool(text.strip()) and not re.match(r"^\s*(#|\||---|\*\*\*|<)", text) \
            and not stripped.endswith("$$")
    return "\n".join(out)


def _has_chinese(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def _is_prose(text: str) -> bool:
    """English sentences to translate (not a cell of formulas or names only)."""
    return len(re.findall(r"\b[a-z]{3,}\b", text)) >= 4


def problems(english: Path) -> list[str]:
    """Every way the Chinese edition of ``english`` is out of step with it, one line each."""
    zh_path = chinese_of(english)
    rel = zh_path.relative_to(ROOT)
    fix = ("python tools/make_homework.py: homework is generated from its source, both editions"
           if english.parent.name == "homework" else f"python tools/translate.py sync {english.stem}")
    if not zh_path.exists():
        return [f"{rel}: missing ({fix})"]
    en, zh = _read(english), _read(zh_path)
    en_ids = [c.get("id") for c in en["cells"]]
    zh_ids = [c.get("id") for c in zh["cells"]]
    if en_ids != zh_ids:
        missing = [i for i in en_ids if i not in zh_ids]
        extra = [i for i in zh_ids if i not in en_ids]
        what = []
        if missing:
            what.append(f"lacks the English cells {', '.join(map(str, missing))}")
        if extra:
            what.append(f"has cells the English lacks: {', '.join(map(str, extra))}")
        if not what:
            what.append("has the English cells in another order")
        return [f"{rel}: {'; '.join(what)} ({fix})"]
    out = []
    first_code = next((c.get("id") for c in en["cells"] if c["cell_type"] == "code"), None)
    for n, (e, z) in enumerate(zip(en["cells"], zh["cells"])):
        where = f"{rel} cell {n} (id {e.get('id')})"
        if e["cell_type"] != z["cell_type"]:
            out.append(f"{where}: is {z['cell_type']}, the English is {e['cell_type']}")
        elif e["cell_type"] == "code":
            if not same_code(source(e), source(z), first=e.get("id") == first_code):
                out.append(f"{where}: code differs from the English (code cells are copied, comments "
                           f"aside, and the first has the set-up line `{SETUP}`: sync)")
        else:
            recorded = _record(z).get("translates")
            if recorded in (None, UNTRANSLATED):
                out.append(f"{where}: untranslated")
            elif recorded != digest(source(e)):
                out.append(f"{where}: stale, the English text changed after it was translated")
            elif _is_prose(source(e)) and not _has_chinese(source(z)) \
                    and not _record(z).get("same_as_english"):
                out.append(f"{where}: marked translated but has no Chinese "
                           "(set metadata.nbteach.same_as_english to true if that is meant)")
    return out


def sync(paths) -> None:
    for english in paths:
        zh_path = chinese_of(english)
        zh = _read(zh_path) if zh_path.exists() else None
        _write(zh_path, synced(_read(english), zh, english))
        left = problems(english)
        print(f"{zh_path.relative_to(ROOT)}: {len(left)} cell(s) to translate or update")


def todo(path: Path) -> dict:
    en = _read(path)
    zh_path = chinese_of(path)
    bad = {line.split("(id ", 1)[1].split(")", 1)[0] for line in problems(path) if "(id " in line}
    return {c["id"]: source(c) for c in en["cells"] if c["cell_type"] == "markdown" and c["id"] in bad} \
        if zh_path.exists() else {c["id"]: source(c) for c in en["cells"] if c["cell_type"] == "markdown"}


def apply(path: Path, mapping: dict) -> None:
    en = {c["id"]: c for c in _read(path)["cells"]}
    zh_path = chinese_of(path)
    zh = _read(zh_path)
    unknown = [k for k in mapping if k not in en or en[k]["cell_type"] != "markdown"]
    if unknown:
        raise SystemExit(f"not markdown cells of {path.name}: {', '.join(unknown)}")
    for cell in zh["cells"]:
        if cell.get("id") in mapping:
            text = one_line_paragraphs(mapping[cell["id"]])     # no line break inside a sentence
            cell["source"] = text.splitlines(keepends=True)
            cell.setdefault("metadata", {})["nbteach"] = {"translates": digest(source(en[cell["id"]]))}
    _write(zh_path, zh)


def main(argv) -> int:
    if not argv or argv[0] not in {"sync", "check", "todo", "apply"}:
        print(__doc__)
        return 2
    verb, rest = argv[0], argv[1:]
    if verb == "sync":
        sync(resolve(rest))
        return 0
    if verb == "check":
        lines = [line for p in resolve(rest) for line in problems(p)]
        print("\n".join(lines) if lines else "The Chinese edition is in step with the English.")
        return 1 if lines else 0
    if verb == "todo":
        (path,) = resolve(rest[:1])
        print(json.dumps(todo(path), ensure_ascii=False, indent=1))
        return 0
    path, mapping_file = resolve(rest[:1])[0], rest[1]
    apply(path, json.loads(Path(mapping_file).read_text(encoding="utf-8")))
    print("\n".join(problems(path)) or f"{chinese_of(path).relative_to(ROOT)}: in step")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
