"""A guide for the next reader (issue 22): each package's ``__init__`` docstring says what lives
there, naming every module and sub-package of it, and what it may import.

A family of numbered modules (``check/lesson00.py`` ... ``lesson12.py``, ``lesson_text/l00.py`` ...)
is named once, by its pattern (``lessonNN``) or by one of its members (``l03.py``). The source is
read with ast, never imported. The homework sources (``teacher/homework_sources/hwNN/``, folders
without ``__init__.py`` that the teacher's side loads by path) are not packages; the teacher
package's guide names them.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "nbteach"


def _packages():
    return sorted(p.parent for p in ROOT.rglob("__init__.py"))


def parts_of(package: Path) -> list:
    """The modules (file stems) and sub-packages (folder names) of ``package``."""
    modules = [p.stem for p in package.glob("*.py") if p.name != "__init__.py"]
    subpackages = [d.name for d in package.iterdir() if (d / "__init__.py").is_file()]
    return sorted(modules + subpackages)


def unnamed(doc: str, parts) -> list:
    """The parts the docstring ``doc`` does not name (as a word, alone or at the end of a dotted
    path: ``runner``, ``nbteach.teacher.runner``, ``bayesnet/``)."""
    out = []
    for part in parts:
        numbered = re.fullmatch(r"(\D+)\d+", part)
        if numbered:
            stem = re.escape(numbered.group(1))
            named = re.search(rf"(?<!\w){stem}(NN|\d+)(?!\w)", doc)
        else:
            named = re.search(rf"(?<!\w){re.escape(part)}(?!\w)", doc)
        if not named:
            out.append(part)
    return out


def says_what_it_may_import(doc: str) -> bool:
    return re.search(r"\bimport", doc, re.IGNORECASE) is not None


@pytest.mark.parametrize("package", _packages(), ids=lambda p: p.relative_to(ROOT.parent).as_posix())
def test_the_package_guide_names_what_lives_there_and_what_it_may_import(package):
    doc = ast.get_docstring(ast.parse((package / "__init__.py").read_text(encoding="utf-8"))) or ""
    assert doc, f"{package / '__init__.py'} has no docstring"
    missing = unnamed(doc, parts_of(package))
    assert not missing, f"the guide of {package.name} does not name {missing}"
    assert says_what_it_may_import(doc), f"the guide of {package.name} does not say what it may import"


def test_there_are_packages_to_read():
    names = {p.name for p in _packages()}
    assert {"nbteach", "bayesnet", "check", "derivations", "teacher", "widgets", "lesson_text"} <= names


@pytest.mark.parametrize("doc, parts, missing", [
    ("``core`` and ``compare``; it imports numpy.", ["compare", "core", "serial"], ["serial"]),
    ("``nbteach.teacher.runner`` runs it", ["runner", "run"], ["run"]),     # a word, not a prefix
    ("the exercises of lesson NN (``lessonNN``)", ["lesson00", "lesson12", "_flu"], ["_flu"]),
    ("one module a lesson (``l03.py``)", ["l00", "l12", "hw"], ["hw"]),
    ("``bayesnet/`` (network, inference)", ["bayesnet", "network", "inference", "search"], ["search"]),
])
def test_the_guide_check_finds_what_a_guide_leaves_out(doc, parts, missing):
    assert unnamed(doc, parts) == missing


def test_a_guide_that_says_nothing_of_imports_is_found():
    assert not says_what_it_may_import("What lives here: core and compare.")
    assert says_what_it_may_import("Imports nothing heavy.")
