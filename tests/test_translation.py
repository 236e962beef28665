"""The Chinese edition (notebooks/zh/) is in step with the English lessons, its source.

tools/translate.py: same cells in the same order with the same ids, code copied, and every
markdown cell recording a digest of the English text it translates. These tests fail, naming
the cells, on a stale translation, an untranslated or missing cell, a missing notebook, code
that differs (the glossary's terms in the Chinese text: tests/test_lesson_text.py).
"""
from __future__ import annotations

import json
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
