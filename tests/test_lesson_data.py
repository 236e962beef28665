"""Data a lesson shows lives in nbteach.datasets; the exercise modules import it from there."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nbteach import datasets

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem[:2])
def test_no_lesson_imports_from_an_exercise_module(path):
    """`from nbteach.check import exercise, ____` is the check cells' entry point; anything a
    lesson takes from a lesson's exercise module (nbteach.check.lessonNN) is data it shows."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    found = re.findall(r"^.*nbteach\.check\.lesson\d\d.*$", code, flags=re.M)
    assert not found, f"{path.name} imports from an exercise module: {found}"


def test_exercises_grade_the_rows_the_lessons_show():
    """The exercise modules use the very objects nbteach.datasets holds (same values, so the
    lesson and its check cells cannot disagree)."""
    from nbteach.check import lesson02, lesson12

    assert lesson02.NEW_ROWS is datasets.FLU_COLD_NEW_ROWS
    assert (lesson12.WORDS, lesson12.X_EX, lesson12.Y_EX) == (
        datasets.EM_EXERCISE_WORDS, datasets.EM_EXERCISE_X, datasets.EM_EXERCISE_Y)
    assert lesson12.X_EX is datasets.EM_EXERCISE_X
    assert len(lesson02._table()) == len(datasets.flu_cold()) + len(datasets.FLU_COLD_NEW_ROWS)


def test_moved_data_keeps_its_values():
    """The values the lessons showed before the move (lesson 02's two Cold patients, lesson 12's
    five documents)."""
    assert [r["Diagnosis"] for r in datasets.FLU_COLD_NEW_ROWS] == ["Cold", "Cold"]
    assert [r["Headache"] for r in datasets.FLU_COLD_NEW_ROWS] == ["severe", "mild"]
    assert datasets.EM_EXERCISE_WORDS == ["cheap", "offer", "meeting", "lunch"]
    assert datasets.EM_EXERCISE_X == [[3, 2, 0, 1], [0, 1, 3, 2], [2, 0, 1, 1], [3, 1, 0, 1], [0, 1, 1, 2]]
    assert datasets.EM_EXERCISE_Y == ["spam", "ham", -1, -1, -1]
