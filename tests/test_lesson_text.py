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
    found = [f"{where}: {', '.join(breaks)}" for where, text in _texts(path) if (breaks := cjk_line_breaks(text))]
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


def test_no_exercise_puts_a_space_after_chinese_punctuation():
    """Issue 34: 01.posterior's Chinese prompt read "检测结果为阳性。 求 P(sick | +)": the story and
    the question were joined with an English space."""
    from nbteach.check import exercises

    spaced = [f"{q.id}: {m.group(0)!r}" for q in exercises() if isinstance(q.prompt, dict)
              for m in re.finditer(r".{4}[，。：；！？）」] .{4}", q.prompt.get("zh", ""))]
    assert not spaced, "a space after a full-width punctuation mark: " + "; ".join(spaced)


# ---------------------------------------------------------------- issue 34: terms, quotes, fairness, Zhou's numbers
def _outside_quotes(text: str) -> str:
    return _QUOTED.sub(" ", _CODE.sub(" ", text))


#: words the Chinese edition does not use for a concept (outside code and quotations of the notes),
#: each with the word it uses; one word a concept, as the glossary's terms
ONE_WORD = {
    "拉普拉斯平滑": "拉普拉斯修正 (Zhou's term; the note's word only in its quotations)",
    "打平": "不分高下 (a tie)", "不分胜负": "不分高下 (a tie)", "持平": "不分高下 (a tie)",
    "a tie": "不分高下: a Chinese reader is not sent looking for English words",
    "一条迹": "路径 (trail; the glossary's and the library's word)", "每一条迹": "路径 (trail)",
}
_CELL_WORD = re.compile("单元(?!格)")           # 单元格 for a cell, as lessons 00-09 say it

#: the worst of the translationese issue 34 found (its rewrites are in the lessons)
TRANSLATIONESE = ["不凭信任", "机会所能轻易", "仅凭这种机会", "说的是实话", "这条消息里的字几乎什么也没说",
                  "如实留出", "又怎么说呢", "另一位病人翻转得", "2000 个新行", "2000 个多余的行", "2000 个验证行",
                  "不是免费的", "第一座小山", "是自由的数", "互不相知"]


def _texts(path: Path):
    """``(where, markdown)`` of a notebook's markdown cells, or of a teacher's notes file."""
    if path.suffix == ".md":
        return [("the file", path.read_text(encoding="utf-8"))]
    return [(f"cell {i} (id {cid})", text) for i, cid, text in _markdown(path)]


@pytest.mark.parametrize("path", CHINESE + CHINESE_NOTES, ids=lambda p: p.name)
def test_one_word_a_concept_and_no_translationese(path):
    found = []
    for where, text in _texts(path):
        prose = _outside_quotes(text)
        bad = [f"{w} (use {use})" for w, use in ONE_WORD.items() if w in prose]
        bad += ["单元 (use 单元格)"] if _CELL_WORD.search(prose) else []
        bad += [f"translationese {w!r}" for w in TRANSLATIONESE if w in text]
        bad += ["Dirichlet without 狄利克雷"] if "Dirichlet" in prose and "狄利克雷" not in prose else []
        if bad:
            found.append(f"{where}: {', '.join(bad)}")
    assert not found, f"{path.name}: " + "; ".join(found)


_MATHS = re.compile(r"\$\$.*?\$\$|\$[^$\n]*\$", re.S)


@pytest.mark.parametrize("path", CHINESE, ids=lambda p: p.name)
def test_chinese_quotations_use_chinese_quotation_marks(path):
    """Issue 34: lessons 10 and 11 quoted the notes in ASCII "…" where the others write “…”; and the
    seed's raw \\(x_1\\) LaTeX was shown in code font instead of as maths."""
    found = []
    for i, cid, text in _markdown(path):
        prose = _MATHS.sub(" ", _CODE.sub(" ", text))
        found += [f"cell {i} (id {cid}): {m.group(0)[:30]}" for m in re.finditer(r'"[^"\n]*"', prose)
                  if re.search("[\u4e00-\u9fff]", m.group(0))]
        found += [f"cell {i} (id {cid}): raw LaTeX in code {m.group(0)[:30]}"
                  for m in re.finditer(r"`[^`]*\\\([^`]*`", text)]
    assert not found, f"{path.name}: " + "; ".join(found)


def _cell_text(lesson: str, cid: str, chinese: bool) -> str:
    folder = ROOT / "notebooks" / ("zh" if chinese else "")
    (path,) = folder.glob(f"{lesson}_*.ipynb")
    return next(text for _, c, text in _markdown(path) if c == cid)


def test_the_terms_the_notes_use_are_linked_to_the_courses():
    """精度 is linked once to the note's (and d2l-zh's) 准确率; 期望损失 stands beside 条件风险."""
    assert "准确率" in _cell_text("07", "6c340860", True) and "精度" in _cell_text("07", "6c340860", True)
    assert "期望损失" in _cell_text("09", "124faf1e", True) and "条件风险" in _cell_text("09", "124faf1e", True)


#: corrections of note 002 whose wording is Zhou's own: the lesson says so, in both editions
NOTE_FOLLOWS_BOOK = [("09", "b46e2acb"), ("11", "ed0c0313"), ("11", "32a3b09d")]


def test_a_correction_of_the_books_own_words_says_the_note_follows_the_book():
    for lesson, cid in NOTE_FOLLOWS_BOOK:
        assert "Zhou's" in _cell_text(lesson, cid, False) and "follow" in _cell_text(lesson, cid, False), (lesson, cid)
        assert "周志华《机器学习》" in _cell_text(lesson, cid, True) and "沿用" in _cell_text(lesson, cid, True), (lesson, cid)
    # a slip of the pen is an erratum, not a common mis-statement; 合适 is likelier 也是 (Zhou 7.4)
    assert "笔记勘误" in _cell_text("06", "e6c2eeda", True) and "常见误述" not in _cell_text("06", "e6c2eeda", True)
    assert "mis-statement" not in _cell_text("06", "e6c2eeda", False)
    assert "也是" in _cell_text("10", "1800fafa-1", True) and "也是" in _cell_text("10", "1800fafa-1", False)


#: Zhou's chapter-7 equations each lesson derives or uses (numbers checked against the book's
#: numbering as the pumpkin book keys it): cited as "Zhou (7.x)" / "式(7.x)" in both editions
ZHOU_EQUATIONS = {"01": ["7.8"], "02": ["7.15"], "03": ["7.19", "7.20"], "08": ["7.18"],
                  "09": ["7.1", "7.2", "7.3", "7.4", "7.5", "7.6"], "10": ["7.23", "7.24", "7.25"],
                  "11": ["7.27"], "12": ["7.34"]}


@pytest.mark.parametrize("lesson", sorted(ZHOU_EQUATIONS))
def test_a_lesson_cites_zhous_equation_numbers(lesson):
    for chinese in (False, True):
        (path,) = (ROOT / "notebooks" / ("zh" if chinese else "")).glob(f"{lesson}_*.ipynb")
        text = "\n".join(t for _, _, t in _markdown(path))
        cited = set(re.findall(r"式\((7\.\d+)\)" if chinese else r"\((7\.\d+)\)", text))
        missing = [n for n in ZHOU_EQUATIONS[lesson] if n not in cited]
        assert not missing, f"{path.name} does not cite Zhou's {missing}"
