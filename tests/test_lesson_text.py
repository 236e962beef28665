"""What a lesson's text says, read without running it: its formulas are delimited, and its Chinese
words (the English lessons' asides, the whole Chinese edition) use the glossary's terms."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nbteach.glossary import TERMS

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted(p for p in (ROOT / "notebooks").rglob("[0-9][0-9]_*.ipynb")
                 if ".ipynb_checkpoints" not in p.parts)            # both editions (notebooks/zh/)
ENGLISH = [p for p in LESSONS if p.parent == ROOT / "notebooks"]
CHINESE = sorted(p for p in (ROOT / "notebooks" / "zh").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)

_CODE = re.compile(r"^```.*?^```|(`+).+?\1", re.S | re.M)
_QUOTED = re.compile(r'"[^"]*"|“[^”]*”|「[^」]*」|^>.*$', re.S | re.M)


def _markdown(path: Path):
    for i, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        if cell["cell_type"] == "markdown":
            yield i, cell.get("id"), "".join(cell["source"])


def unpaired_dollars(markdown: str) -> bool:
    """Whether ``markdown`` has an odd number of unescaped ``$`` outside code: one of them then
    pairs with a formula's ``$`` and turns the prose between into a formula."""
    prose = _CODE.sub(" ", markdown).replace("\\\\", "").replace("\\$", "")
    return prose.count("$") % 2 == 1


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_every_dollar_sign_is_paired(path):
    odd = [f"cell {i} (id {cid})" for i, cid, text in _markdown(path) if unpaired_dollars(text)]
    assert not odd, (f"{path.name}: an odd number of $ outside code (write a literal dollar as `$` "
                     f"or \\$): {', '.join(odd)}")


def test_the_dollar_check_finds_lesson_08s_old_sentence():
    old = ('six numeric features (the share of "$", "!", "money", "000", "make", and the length of '
           'capital-letter runs). These are skewed percentages, so both models get $\\log(1+x)$.')
    assert unpaired_dollars(old)
    assert not unpaired_dollars(old.replace('"$"', "`$`"))
    assert not unpaired_dollars(old.replace('"$"', "\\$"))
    assert not unpaired_dollars("a $$x^2$$ display, a `$` in code, and $p$ inline")


def avoided_terms(markdown: str) -> list[str]:
    """The glossary's avoided synonyms in ``markdown`` outside code and quotations (a note quoted in
    its own words keeps its words), each with the term to use."""
    text = _QUOTED.sub(" ", _CODE.sub(" ", markdown))
    return [f"{synonym} (use {chinese})" for _, chinese, avoid, _ in TERMS for synonym in avoid
            if synonym in text]


@pytest.mark.parametrize("path", ENGLISH + CHINESE, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_the_chinese_words_use_the_glossarys_terms(path):
    """The English lessons' Chinese asides, and every cell of the Chinese edition (lessons and
    homework), say the glossary's term, not a synonym it avoids."""
    found = [f"cell {i} (id {cid}): {', '.join(bad)}" for i, cid, text in _markdown(path)
             if (bad := avoided_terms(text))]
    assert not found, f"{path.name}: " + "; ".join(found)


def test_the_term_check_finds_an_avoided_synonym_but_not_a_quoted_one():
    assert avoided_terms("# 08 · logistic regression (逻辑斯谛回归)") == ["逻辑斯谛回归 (use 对数几率回归)"]
    assert avoided_terms('Note 002 writes "第一项描述了编码贝叶斯网络需要的字节数".') == []
    assert avoided_terms("logistic regression (对数几率回归)") == []


# ---------------------------------------------------------------- one line a Chinese paragraph
#: a Chinese character or full-width punctuation (，。：（）“”…—)
_HAN = "\u2e80-\u9fff\u3000-\u303f\uff00-\uffef\u201c\u201d\u2018\u2019\u2026\u2014"
# a line break that a Markdown renderer turns into a space between two Chinese characters: a CJK
# character at the end of a line, and the next line of the same block (not a heading, list item,
# table row, fence or display maths) starting with one, after its indentation, quotation marks
# (the same number of ">") and emphasis
_SOFT_BREAK = re.compile(rf"([{_HAN}])[*_`]*\n(?P<next>(?:[ \t]*>)*[ \t]*)[*_]*([{_HAN}])")
_FENCED = re.compile(r"^(```|~~~).*?^\1[^\n]*$|^\s*\$\$.*?\$\$[^\n]*$", re.S | re.M)


def cjk_line_breaks(markdown: str) -> list[str]:
    """Each place where ``markdown`` breaks a line between two Chinese characters or punctuation
    marks inside a paragraph (a space in the rendered text), as the few characters around it."""
    text = _FENCED.sub("\n", markdown)
    found = []
    for m in _SOFT_BREAK.finditer(text):
        before = text[:m.start() + 1].rsplit("\n", 1)[-1]
        if re.match(r"\s*(#|\|)", before):                 # a heading or table row ends there
            continue
        if before.count(">") != m.group("next").count(">") and before.lstrip().startswith(">"):
            continue
        found.append(text[max(0, m.start() - 8):m.end() + 8].replace("\n", "⏎"))
    return found


CHINESE_NOTES = sorted((ROOT / "teacher" / "notes" / "zh").glob("*.md"))


@pytest.mark.parametrize("path", CHINESE + CHINESE_NOTES, ids=lambda p: p.name)
def test_a_chinese_paragraph_is_one_line(path):
    """A line break inside a Chinese paragraph renders as a space between two characters ("一个很
    小的概率， 而不是 0"): in the Chinese lessons, homework and teacher's notes a paragraph is one
    line (``python tools/translate.py`` has ``one_line_paragraphs``)."""
    if path.suffix == ".md":
        texts = [("the file", path.read_text(encoding="utf-8"))]
    else:
        texts = [(f"cell {i} (id {cid})", text) for i, cid, text in _markdown(path)]
    found = [f"{where}: {', '.join(breaks)}" for where, text in texts if (breaks := cjk_line_breaks(text))]
    assert not found, f"{path.name}: a line break between two Chinese characters: " + "; ".join(found)


def test_the_line_break_check_finds_a_break_inside_a_chinese_paragraph_only():
    assert cjk_line_breaks("一个很小的概率，\n而不是 0")
    assert cjk_line_breaks("先验概率和\n**后验概率**")
    assert cjk_line_breaks("- 列表项\n  的续行")
    assert cjk_line_breaks("> 引文\n> 的续行")
    assert not cjk_line_breaks("## 标题\n正文")
    assert not cjk_line_breaks("正文：\n\n- 一\n- 二")
    assert not cjk_line_breaks("| 表 |\n| 格 |")
    assert not cjk_line_breaks("```\n代\n码\n```")
    assert not cjk_line_breaks("$$\n\\text{式}\n\\text{子}\n$$")
    assert not cjk_line_breaks("English text,\nthen more.")
    assert not cjk_line_breaks("中文，然后 `code`\nand English")
