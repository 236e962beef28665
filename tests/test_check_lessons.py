"""Every lesson ends with check cells, and every id a notebook asks for exists."""
import json
import re
from pathlib import Path

import pytest

from nbteach.check import exercises

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
LESSONS = [p for p in NOTEBOOKS if re.match(r"\d\d_", p.name)]
CALL = re.compile(r"""exercise\(\s*['"]([^'"]+)['"]""")
EXERCISES = ("## Exercises", "## 练习")  # the heading in the English lessons, in their Chinese edition (notebooks/zh/)


def _ids(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    return CALL.findall("\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_every_exercise_a_notebook_asks_for_exists(path):
    known = {q.id for q in exercises()}
    if path.parent.name == "homework":  # graded: its exercises are the teacher's source's
        from nbteach.teacher.homework import load

        known = set(load(path.name[:4]).exercise_ids)
    missing = [i for i in _ids(path) if i not in known]
    assert not missing, f"{path.name} asks for unknown exercises {missing}"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: str(p.relative_to(ROOT / "notebooks")))
def test_each_lesson_checks_its_own_exercises_after_its_exercises_heading(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    heading = next((i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "markdown"
                    and any(h in "".join(c["source"]) for h in EXERCISES)), None)
    assert heading is not None, f"{path.name} has no '## Exercises' section"
    after = "\n".join("".join(c["source"]) for c in nb["cells"][heading:] if c["cell_type"] == "code")
    lesson = path.name[:2]
    assert any(i.startswith(f"{lesson}.") for i in CALL.findall(after)), \
        f"{path.name}: no check cell for a {lesson}.* exercise in its Exercises section"
