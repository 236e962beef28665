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
