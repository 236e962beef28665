"""One term a concept in what the library and the homework say in Chinese: every Chinese string of
nbteach (messages, table words, lesson texts, exercise prompts and hints, homework sources) uses the
glossary's term, never a synonym it avoids (outside quotations of the notes and code), and every
term issue 34 named is a glossary entry, with the names it goes by elsewhere beside it."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from nbteach.glossary import ALSO_CALLED, TERMS, avoided, term

ROOT = Path(__file__).resolve().parents[1] / "nbteach"
CJK = re.compile(r"[\u4e00-\u9fff]")
_CODE = re.compile(r"(`+).+?\1", re.S)
_QUOTED = re.compile(r'"[^"]*"|“[^”]*”|「[^」]*」|^>.*$', re.S | re.M)

#: files whose Chinese is not the library's voice: the glossary lists the avoided words; the
#: grader's side (the lead's, nbteach/teacher/*.py) is read by its own tests
NOT_READ = {"glossary.py", "teacher/homework.py", "teacher/grade.py", "teacher/judge.py", "teacher/assign.py",
            "teacher/runner.py", "teacher/sandbox.py", "teacher/notebook.py"}


def chinese_strings():
    """(where, text) for every string of nbteach's code that holds Chinese (an f-string's literal
    parts joined, its fields as {}), but a homework's first cell (the zh notebook side writes it)
    and a quotation of the notes (an erratum's ``quote=``)."""
    for path in sorted(ROOT.rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        if where in NOT_READ:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        quoted = {id(n) for k in ast.walk(tree) if isinstance(k, ast.keyword) and k.arg == "quote"
                  for n in ast.walk(k.value)}                        # a note's own words (nbteach.errata)
        for node in ast.walk(tree):
            if id(node) in quoted:
                continue
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value
            elif isinstance(node, ast.JoinedStr):
                text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
            else:
                continue
            if CJK.search(text) and not text.startswith("# 作业"):
                yield f"{where}:{node.lineno}", text


def test_the_library_and_the_homework_say_the_glossarys_terms():
    found = [f"{where}: {', '.join(bad)}" for where, text in chinese_strings()
             if (bad := avoided(_QUOTED.sub(" ", _CODE.sub(" ", text))))]
    assert not found, "avoided synonyms in the library's Chinese:\n" + "\n".join(found)


def test_the_walk_reads_messages_lessons_and_homework():
    read = {where.split(":")[0] for where, _ in chinese_strings()}
    for expected in ("check/messages.py", "lesson_text/l03.py", "_validation.py", "probability.py", "decision.py",
                     "teacher/homework_sources/hw01/homework.py", "_shown.py"):
        assert expected in read, expected


def test_the_check_finds_each_synonym_issue_34_named():
    for text, use in [("用拉普拉斯平滑", "拉普拉斯修正"), ("虚拟观测的个数", "伪计数"), ("Dirichlet(α) 先验", "狄利克雷先验"),
                      ("有一条迹经过", "路径"), ("运行检查单元，", "单元格"), ("两者打平", "不分高下"),
                      ("不分胜负", "不分高下"), ("结果持平", "不分高下")]:
        assert any(use in bad for bad in avoided(text)), (text, avoided(text))
    assert avoided("运行这个单元格，检查单元格会告诉你") == []


@pytest.mark.parametrize("english, chinese", [
    ("Laplacian correction", "拉普拉斯修正"), ("pseudo-count", "伪计数"), ("Dirichlet prior", "狄利克雷先验"),
    ("trail", "路径"), ("active trail", "畅通的路径"), ("cell", "单元格"), ("tie", "不分高下"),
    ("accuracy", "精度"), ("conditional risk", "条件风险"), ("expected loss", "期望损失"), ("underflow", "下溢")])
def test_every_term_issue_34_named_is_a_glossary_entry(english, chinese):
    assert term(english) == chinese


def test_the_glossary_links_the_names_a_concept_goes_by_elsewhere():
    """精度 beside 准确率 (note 004, d2l-zh), 条件风险 beside 期望损失 (Zhou 7.1), in the glossary's
    table; 下溢 is Zhou's §7.2 (the log-likelihood), not §7.3."""
    from nbteach.glossary import glossary

    table = glossary().set_index("English")
    assert "准确率" in table.loc["accuracy", "又称 (also called)"]
    assert "期望损失" in table.loc["conditional risk", "又称 (also called)"]
    assert "条件风险" in table.loc["expected loss", "又称 (also called)"]
    assert table.loc["underflow", "《机器学习》"] == "7.2"
    assert set(ALSO_CALLED) <= {en for en, *_ in TERMS}
