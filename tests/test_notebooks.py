"""Every notebook runs top to bottom in a fresh kernel, and is stored without outputs."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(
    p
    for folder in ("notebooks", "teacher")  # the lessons and homework; the homework solutions
    for p in (ROOT / folder).rglob("*.ipynb")
    if ".ipynb_checkpoints" not in p.parts
)


def test_there_are_lessons():
    names = {p.name for p in NOTEBOOKS}
    assert "00_start_here.ipynb" in names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_is_stripped(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [], f"cell {i} of {path.name} has outputs (developers: make strip)"
            assert cell.get("execution_count") is None, f"cell {i} of {path.name} (developers: make strip)"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_runs_top_to_bottom(path, tmp_path):
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        allow_errors=False,
        # every output is in once the last cell ran: kill the kernel (and its process group) at
        # once instead of asking it to shut down and waiting (about a second a notebook, measured)
        shutdown_kernel="immediate",
    )
    client.execute()
    # A cell that printed a traceback through a display hook would not raise: look for one.
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            assert out.get("output_type") != "error", f"cell {i} of {path.name} raised: {out}"
    if path.parent.name == "notebooks":
        _no_answer_before_its_exercise(nb, path)


_EXERCISE = re.compile(r"""exercise\(\s*["']([0-9]{2}\.[A-Za-z0-9_]+)["']""")


def _cell_text(cell) -> str:
    """What a student reads of a cell: a markdown cell's source, a code cell's outputs."""
    if cell.cell_type == "markdown":
        return cell.source
    parts = []
    for out in cell.get("outputs", []):
        if "text" in out:
            parts.append(out["text"])
        for mime in ("text/plain", "text/html", "text/markdown", "text/latex"):
            parts.append(out.get("data", {}).get(mime, ""))
    return "\n".join(parts)


def answer_forms(value) -> list:
    """How an answer would be written out on screen: p/q and LaTeX for fractions, decimals to
    4-6 significant digits, a sympy expression's text and LaTeX; [] if too short to search
    (small integers, labels, fractions with a denominator below 7)."""
    import numpy as np
    import sympy
    from fractions import Fraction

    if isinstance(value, sympy.Basic) and value.free_symbols:
        return [str(value), sympy.latex(value)]
    if isinstance(value, (bool, str)) or value is None:
        return []
    if isinstance(value, Fraction):
        if value.denominator < 7:  # 1/2, 2/3, 3/5...: on every page of these lessons
            return []
        forms = [f"{value.numerator}/{value.denominator}", f"\\frac{{{value.numerator}}}{{{value.denominator}}}"]
        return forms + [f for f in answer_forms(float(value)) if len(f) >= 5]
    if isinstance(value, (int, np.integer)):
        return [str(value)] if abs(int(value)) >= 1000 else []
    if isinstance(value, (float, np.floating)) and np.isfinite(value):
        forms = {f"{float(value):.{k}g}" for k in (4, 5, 6)}
        return sorted(f for f in forms if len(f.lstrip("-0.")) >= 3)
    return []


def _no_answer_before_its_exercise(nb, path):
    """Every exercise's answer, in the forms a student would recognise, is absent from the
    cells before the one that first asks it; an answer too short to search declares why."""
    from nbteach.check import exercise

    seen = set()
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        for ex_id in _EXERCISE.findall(cell.source):
            if ex_id in seen:
                continue
            seen.add(ex_id)
            q = exercise(ex_id)
            if q.kind != "value":
                continue
            ref = q.reference()
            entries = _entries(ref)
            searchable = [answer_forms(v) for v in entries]
            searchable = [f for f in searchable if f]
            if not searchable:
                assert q.leak_check, (f"{path.name}: {ex_id}'s answer {type(ref).__name__} is too short to "
                                      "search for: say why the lesson cannot show it (define(..., leak_check=...))")
                continue
            before = "\n".join(_cell_text(c) for c in nb.cells[:i])
            shown = [any(f in before for f in forms) for forms in searchable]
            # a value: any of its forms; a table: every searchable entry (one cell may be a coincidence)
            assert not all(shown), f"{path.name}: the answer of {ex_id} appears before it ({searchable[0]})"


def _entries(value) -> list:
    """The scalars of an answer: itself, or a table's / dict's / list's entries."""
    import numpy as np
    import pandas as pd

    if isinstance(value, pd.DataFrame):
        return list(value.to_numpy().ravel())
    if isinstance(value, pd.Series):
        return list(value.to_numpy())
    if isinstance(value, dict):
        return list(value.values())
    if isinstance(value, (list, tuple, np.ndarray)):
        return list(np.ravel(np.asarray(value, dtype=object)))
    return [value]


def test_the_leak_check_finds_an_answer_shown_before_its_exercise():
    import nbformat

    ask = nbformat.v4.new_code_cell('q = exercise("03.lidstone_sore_no")')
    clean = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("Smoothing, again."), ask])
    _no_answer_before_its_exercise(clean, Path("clean.ipynb"))          # nothing shown: passes
    leaky = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("Note: it is 2/9."), ask])
    with pytest.raises(AssertionError, match="03.lidstone_sore_no"):
        _no_answer_before_its_exercise(leaky, Path("leaky.ipynb"))
    shown = nbformat.v4.new_code_cell("x")
    shown.outputs = [nbformat.v4.new_output("execute_result", {"text/plain": "0.2222"})]
    with pytest.raises(AssertionError, match="appears before it"):
        _no_answer_before_its_exercise(nbformat.v4.new_notebook(cells=[shown, ask]), Path("out.ipynb"))


def test_every_hint_stops_short_of_the_answer():
    """No hint or mistake hint shows a lesson exercise's answer, nor a whole line of its solution."""
    from nbteach.check import exercises

    for q in exercises():
        if q.id.startswith("hw"):
            continue
        texts = [h[lang] for h in q.hints for lang in h] + [m.hint[lang] for m in q.mistakes for lang in m.hint]
        forms = [] if q.kind != "value" else [f for v in _entries(q.reference()) for f in answer_forms(v)]
        solution = q.solution_text if isinstance(q.solution_text, dict) else {"en": q.solution_text}
        lines = {ln.split("#")[0].strip() for text in solution.values() for ln in str(text).splitlines()}
        lines = {ln for ln in lines if len(ln) > 25}
        for text in texts:
            for form in forms:
                assert form not in text, f"{q.id}: a hint shows the answer ({form})"
            for ln in lines:
                assert ln not in text, f"{q.id}: a hint holds a line of the solution: {ln}"
