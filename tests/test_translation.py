"""The Chinese edition (notebooks/zh/) is in step with the English lessons, its source.

tools/translate.py: same cells in the same order with the same ids, code copied, and every
markdown cell recording a digest of the English text it translates. These tests fail, naming
the cells, on a stale translation, an untranslated or missing cell, a missing notebook, code
that differs (the glossary's terms in the Chinese text: tests/test_lesson_text.py).
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import translate  # noqa: E402



# ---------------------------------------------------------------- the whole course
def test_every_lesson_and_homework_has_an_up_to_date_chinese_edition():
    problems = [line for path in translate.english_notebooks() for line in translate.problems(path)]
    assert problems == [], "the Chinese edition is out of step:\n" + "\n".join(problems)


# ---------------------------------------------------------------- the tool itself
def _nb(cells):
    return {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def _md(cid, text, **meta):
    return {"cell_type": "markdown", "id": cid, "metadata": meta, "source": text}


def _code(cid, text):
    return {"cell_type": "code", "id": cid, "metadata": {}, "source": text, "outputs": [], "execution_count": None}


@pytest.fixture
def course(tmp_path, monkeypatch):
    english = tmp_path / "notebooks"
    (english / "homework").mkdir(parents=True)
    monkeypatch.setattr(translate, "ROOT", tmp_path)
    monkeypatch.setattr(translate, "ENGLISH", english)
    monkeypatch.setattr(translate, "CHINESE", english / "zh")
    lesson = english / "01_demo.ipynb"
    lesson.write_text(json.dumps(_nb([_md("a", "# A lesson about the prior and the posterior"),
                                      _code("b", "x = 1 + 1"),
                                      _md("c", "The posterior is computed from the prior and the likelihood.")])))
    return lesson


def _translate_all(lesson):
    translate.sync([lesson])
    todo = translate.todo(lesson)
    assert set(todo) == {"a", "c"}
    translate.apply(lesson, {"a": "# 关于先验概率与后验概率的一课", "c": "后验概率由先验概率和似然算出。"})
    assert translate.problems(lesson) == []


def test_a_missing_notebook_is_named(course):
    (line,) = translate.problems(course)
    assert "missing" in line and "01_demo" in line


def test_sync_copies_the_code_and_marks_every_text_untranslated(course):
    translate.sync([course])
    zh = json.loads(translate.chinese_of(course).read_text())
    assert [c["id"] for c in zh["cells"]] == ["a", "b", "c"]
    assert translate.source(zh["cells"][1]) == translate.SETUP_LINE + "\nx = 1 + 1"   # the first code cell
    assert sorted(line.split("(id ")[1][0] for line in translate.problems(course)) == ["a", "c"]


def test_a_changed_english_cell_makes_its_translation_stale_and_sync_keeps_it(course):
    _translate_all(course)
    nb = json.loads(course.read_text())
    nb["cells"][2]["source"] = "The posterior is computed from the prior and the likelihood, exactly."
    course.write_text(json.dumps(nb))
    (line,) = translate.problems(course)
    assert "cell 2 (id c): stale" in line
    translate.sync([course])                      # the old translation stays, for the translator to update
    zh = json.loads(translate.chinese_of(course).read_text())
    assert translate.source(zh["cells"][2]) == "后验概率由先验概率和似然算出。"
    assert translate.todo(course) == {"c": nb["cells"][2]["source"]}


def test_a_new_english_cell_or_edited_chinese_code_is_named(course):
    _translate_all(course)
    nb = json.loads(course.read_text())
    nb["cells"].insert(1, _md("n", "A new paragraph about the evidence and the likelihood."))
    course.write_text(json.dumps(nb))
    assert "lacks the English cells n" in translate.problems(course)[0]
    translate.sync([course])
    assert [line.split(": ", 1)[1] for line in translate.problems(course)] == ["untranslated"]
    zh_path = translate.chinese_of(course)
    zh = json.loads(zh_path.read_text())
    zh["cells"][2]["source"] = translate.SETUP_LINE + "\nx = 1 + 2"
    zh_path.write_text(json.dumps(zh))
    assert any("code differs from the English" in line for line in translate.problems(course))


def test_a_cell_marked_translated_but_left_in_english_is_named(course):
    translate.sync([course])
    translate.apply(course, {"a": "# 关于先验概率与后验概率的一课",
                             "c": "The posterior is computed from the prior and the likelihood."})
    (line,) = translate.problems(course)
    assert "(id c): marked translated but has no Chinese" in line


# ---------------------------------------------------------------- code: comments aside, one set-up line
def _two_code_cells(course, first, second):
    """The course's Chinese notebook, its two code cells' sources set to ``first`` and ``second``
    (the English: ``x = 1 + 1`` and ``y = "# not a comment"  # a comment``)."""
    nb = json.loads(course.read_text())
    if len(nb["cells"]) == 3:
        nb["cells"].append(_code("d", 'y = "# not a comment"  # a comment'))
    course.write_text(json.dumps(nb))
    translate.sync([course])
    translate.apply(course, {"a": "# 关于先验概率与后验概率的一课", "c": "后验概率由先验概率和似然算出。"})
    zh_path = translate.chinese_of(course)
    zh = json.loads(zh_path.read_text())
    zh["cells"][1]["source"], zh["cells"][3]["source"] = first, second
    zh_path.write_text(json.dumps(zh))
    return [line.split(": ", 1)[1][:21] for line in translate.problems(course)]


def test_the_drift_check_compares_code_without_its_comments(course):
    setup = translate.SETUP_LINE
    assert _two_code_cells(course, setup + "\nx = 1 + 1  # 一加一", 'y = "# not a comment"  # 一条注释') == []
    assert _two_code_cells(course, translate.SETUP + "\nx = 1 + 1", 'y = "# not a comment"\n# 注释') == []
    # a '#' inside a string is code, not a comment
    assert _two_code_cells(course, setup + "\nx = 1 + 1", 'y = "# 不是注释"  # 注释') == ["code differs from the"]
    assert _two_code_cells(course, setup + "\nx = 1 + 2", 'y = "# not a comment"') == ["code differs from the"]


def test_the_set_up_line_is_the_only_line_of_its_own_and_only_in_the_first_code_cell(course):
    other_line = 'import nbteach; nbteach.set_language("en")'
    assert _two_code_cells(course, "x = 1 + 1", 'y = "# not a comment"') == []        # without it: in step
    assert _two_code_cells(course, other_line + "\nx = 1 + 1", 'y = "# not a comment"') == ["code differs from the"]
    assert _two_code_cells(course, translate.SETUP_LINE + "\nx = 1 + 1",
                           translate.SETUP_LINE + '\ny = "# not a comment"') == ["code differs from the"]
    assert _two_code_cells(course, "x = 1 + 1\n" + translate.SETUP_LINE, 'y = "# not a comment"') \
        == ["code differs from the"]


def test_sync_keeps_the_chinese_comments_and_the_set_up_line(course):
    _two_code_cells(course, translate.SETUP_LINE + "\nx = 1 + 1  # 一加一", 'y = "# not a comment"  # 注释')
    nb = json.loads(course.read_text())
    nb["cells"][3]["source"] = 'y = "# not a comment, changed"  # a comment'
    course.write_text(json.dumps(nb))
    translate.sync([course])
    zh = json.loads(translate.chinese_of(course).read_text())
    assert translate.source(zh["cells"][1]) == translate.SETUP_LINE + "\nx = 1 + 1  # 一加一"   # kept
    assert translate.source(zh["cells"][3]) == nb["cells"][3]["source"]     # the code changed: copied anew
    assert translate.problems(course) == []


# ---------------------------------------------------------------- comments in the Chinese edition
def english_comments(code: str) -> list[str]:
    """The comments of ``code`` a Chinese reader would read in English: a comment with an English
    word (three letters or more) and no Chinese. A block of whole-line comments that reads as Python
    once uncommented (``# answer = fit``: code for the student to uncomment) is code, and its own
    comments are read the same way."""
    import ast
    import io
    import textwrap
    import tokenize

    comments = [t for t in tokenize.generate_tokens(io.StringIO(code).readline) if t.type == tokenize.COMMENT]
    lines = code.splitlines()
    found, block = [], []

    def prose(text):
        return re.search(r"[A-Za-z]{3,}", text) and not re.search("[\u4e00-\u9fff]", text)

    def close():
        if not block:
            return
        body = textwrap.dedent("\n".join(t.string[1:] for t in block))
        try:
            ast.parse(body)
        except SyntaxError:
            found.extend(t.string for t in block if prose(t.string))
        else:
            found.extend(english_comments(body))
        block.clear()

    for t in comments:
        whole_line = not lines[t.start[0] - 1][:t.start[1]].strip()
        if whole_line and (not block or block[-1].start[0] == t.start[0] - 1):
            block.append(t)
            continue
        close()
        if whole_line:
            block.append(t)
        elif prose(t.string):
            found.append(t.string)
    close()
    return found


def test_the_comment_check_finds_english_comments_but_not_code_or_strings():
    assert english_comments("x = 1  # the note's value") == ["# the note's value"]
    assert english_comments("# P(Flu | x) for the new patient; prior not smoothed (note 001)\nanswer = ____") \
        == ["# P(Flu | x) for the new patient; prior not smoothed (note 001)"]
    assert english_comments("x = 1  # 笔记中的值 (note 001)\ny = '# not a comment'") == []
    assert english_comments("# def fit(y, X, alpha):\n#     ...   # 你的代码\n#     return log_pi\n# answer = fit") == []
    assert english_comments("# def fit(y, X, alpha):\n#     ...   # your code\n# answer = fit") == ["# your code"]
    assert english_comments("# q1.hint()\nx = 1  # s_1, s_2") == []


@pytest.mark.parametrize("path", sorted(translate.CHINESE.rglob("*.ipynb")), ids=lambda p: p.name)
def test_every_comment_of_the_chinese_edition_is_chinese(path):
    """Issue 34: 123 of 467 Chinese code cells carried English comments, one of them an instruction
    (03 ``7c7eb00b``: "prior not smoothed (note 001)"). The drift check compares code without them."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    found = [f"cell {i} (id {c.get('id')}): {', '.join(bad)}" for i, c in enumerate(cells)
             if c["cell_type"] == "code" and (bad := english_comments(translate.source(c)))]
    assert not found, f"{path.name}: English comments in the Chinese edition: " + "; ".join(found)
