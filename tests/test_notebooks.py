"""Every notebook runs top to bottom in a fresh kernel, and is stored without outputs."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from _answers import answer_entries

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


def kernel_env(path: Path, session_path: bool = True) -> dict:
    """The environment jupyter_server gives the kernel of the notebook at ``path``: ours, with the
    notebook's path in ``JPY_SESSION_NAME`` (``SessionManager.get_kernel_env``), and without
    ``NBTEACH_LANG``, so that a Chinese notebook speaks Chinese by the real mechanism (its folder).
    With ``session_path=False``, no path at all: a kernel started by nbconvert, nbclient, papermill or
    Colab, where a Chinese notebook speaks Chinese by its own set-up line (``tools/translate.py``)."""
    import os

    env = {k: v for k, v in os.environ.items() if k not in ("NBTEACH_LANG", "JPY_SESSION_NAME")}
    if session_path:
        env["JPY_SESSION_NAME"] = str(path)
    return env


def chinese(path: Path) -> bool:
    """Whether ``path`` is a notebook of the Chinese edition (``notebooks/zh/...``)."""
    return "zh" in Path(path).parts


def execute(nb, path: Path, session_path: bool | None = None):
    """Run ``nb`` (read from ``path``) top to bottom in a fresh kernel started as JupyterLab starts it,
    or, for the Chinese edition (``session_path`` None), as nbconvert starts it: without the notebook's
    path, the harder case for its language."""
    from nbclient import NotebookClient

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
    client.execute(env=kernel_env(path, not chinese(path) if session_path is None else session_path))
    return nb


@pytest.mark.parametrize("folder, lang", [("notebooks/zh", "zh"), ("notebooks", "en"),
                                          ("notebooks/zh/homework", "zh")])
def test_a_kernel_speaks_the_language_of_its_notebooks_folder(tmp_path, folder, lang):
    """The same code cell prints 'zh' in a notebook under zh/ and 'en' elsewhere, as jupyter_server
    starts kernels (JPY_SESSION_NAME), whatever NBTEACH_LANG the test run has."""
    import nbformat

    where = tmp_path / folder
    where.mkdir(parents=True)
    path = where / "lesson.ipynb"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import nbteach; print(nbteach.get_language())")])
    nbformat.write(nb, path)
    out = execute(nbformat.read(path, as_version=4), path, session_path=True).cells[0].outputs
    assert [o.get("text", "").strip() for o in out if o.get("output_type") == "stream"] == [lang]


def test_a_chinese_lesson_speaks_chinese_where_the_kernel_is_not_told_its_path(tmp_path):
    """Issue 34: nbconvert, nbclient, papermill and Colab start a kernel without the notebook's path;
    a Chinese lesson's first code cell (its set-up line) makes it speak Chinese there too. (The whole
    Chinese edition runs so in test_notebook_runs_top_to_bottom where chromium does not run it.)"""
    import nbformat

    lesson = nbformat.read(ROOT / "notebooks" / "zh" / "00_start_here.ipynb", as_version=4)
    first = next(c for c in lesson.cells if c.cell_type == "code")
    nb = nbformat.v4.new_notebook(cells=[first, nbformat.v4.new_code_cell("print(nbteach.get_language())")])
    out = execute(nb, tmp_path / "copied.ipynb", session_path=False).cells[1].outputs
    assert [o.get("text", "").strip() for o in out if o.get("output_type") == "stream"] == ["zh"]


#: what matplotlib writes to stderr when a font lacks a character: a warning ("Glyph 23545 (...)
#: missing from font(s) DejaVu Sans.") and, for mathtext, a log line ("Font 'default' does not
#: have a glyph for ...")
_MISSING_GLYPH = re.compile(r"Glyph .*missing from|does not have a glyph")


def _no_missing_glyph(nb, path):
    """No cell's stderr says a character was drawn as a box (a CJK font missing from a plot)."""
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream" and out.get("name") == "stderr":
                found = _MISSING_GLYPH.search(out.get("text", ""))
                assert not found, f"cell {i} of {path.name} drew a character its font lacks: {found.group(0)} ..."


def test_the_glyph_check_finds_a_missing_glyph_warning():
    import nbformat

    cell = nbformat.v4.new_code_cell("plot()")
    cell.outputs = [nbformat.v4.new_output("stream", name="stderr", text=(
        "/x/text.py:1: UserWarning: Glyph 23545 (\\N{CJK UNIFIED IDEOGRAPH-5BF9}) missing from font(s) "
        "DejaVu Sans.\n"))]
    with pytest.raises(AssertionError, match="Glyph 23545"):
        _no_missing_glyph(nbformat.v4.new_notebook(cells=[cell]), Path("x.ipynb"))
    cell.outputs[0]["text"] = "Font 'default' does not have a glyph for '\\u7ea6' [U+7ea6]"
    with pytest.raises(AssertionError, match="does not have a glyph"):
        _no_missing_glyph(nbformat.v4.new_notebook(cells=[cell]), Path("x.ipynb"))
    cell.outputs[0]["text"] = "a harmless warning\n"
    _no_missing_glyph(nbformat.v4.new_notebook(cells=[cell]), Path("x.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_is_stripped(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [], f"cell {i} of {path.name} has outputs (developers: make strip)"
            assert cell.get("execution_count") is None, f"cell {i} of {path.name} (developers: make strip)"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_runs_top_to_bottom(path, tmp_path):
    """Run with nbclient here; a notebook that tests/test_browser_lessons.py runs top to bottom in
    JupyterLab in the same session is not run again here (tests/_browser_notebooks.py), and that
    test applies the same checks (``check_outputs``) to the notebook JupyterLab saved."""
    import nbformat

    nb = nbformat.read(path, as_version=4)
    execute(nb, path)               # a zh notebook without its path: it must speak Chinese all the same
    check_outputs(nb, path)
    if "homework" in path.parts or "homework_solutions" in path.parts:
        assert not widget_outputs(nb), (f"{path.name} makes a widget: open it in the browser too "
                                        "(tests/_browser_notebooks.py), where its controls are driven")


def widget_outputs(nb) -> list:
    """The cells of ``nb`` (run) that show a widget view: a homework notebook must show none."""
    return [i for i, cell in enumerate(nb.cells) for out in cell.get("outputs", [])
            if "application/vnd.jupyter.widget-view+json" in out.get("data", {})]


def test_a_widget_output_is_found():
    import nbformat

    cell = nbformat.v4.new_code_cell("ex")
    cell.outputs = [nbformat.v4.new_output("display_data", data={
        "text/plain": "VBox()", "application/vnd.jupyter.widget-view+json": {"model_id": "a", "version_major": 2}})]
    assert widget_outputs(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1"), cell])) == [1]


def check_outputs(nb, path: Path) -> None:
    """What a notebook ``nb`` (of file name ``path.name``) run top to bottom must show: no
    character drawn as a box, no error output, in the Chinese edition no English prose
    (:func:`english_prose`), and, in a lesson of either edition, no exercise's answer before the
    exercise and no printed result typed into the text."""
    _no_missing_glyph(nb, path)
    # A cell that printed a traceback through a display hook would not raise: look for one.
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            assert out.get("output_type") != "error", f"cell {i} of {path.name} raised: {out}"
    if chinese(path):                           # a Chinese lesson or homework: no English prose
        english = english_prose(nb, path.stem)
        assert not english, (f"{path.name} shows English where a Chinese reader looks (translate it, or "
                             "add it to LATIN_WORDS_ALLOWED / LATIN_CELLS_ALLOWED with the reason): "
                             + "; ".join(english))
    if LESSON.match(path.name):                 # a lesson of either edition
        _no_answer_before_its_exercise(nb, path)
    if LESSON.match(path.name):
        _no_result_typed_in(nb, path)


def test_a_notebook_the_browser_runs_is_not_run_again_with_nbclient(monkeypatch):
    """With chromium, the nbclient run of a notebook whose browser run was collected is deselected,
    and only that one; without chromium, or without its browser run (``-k``), nothing is."""
    from types import SimpleNamespace

    import _browser_notebooks as runs

    def item(module, function, **params):
        return SimpleNamespace(path=ROOT / "tests" / module, originalname=function,
                               callspec=SimpleNamespace(params=params))

    lesson = Path("zh") / "04_mle_lagrange_multipliers.ipynb"
    browser = item("test_browser_lessons.py", "test_notebook_runs_in_jupyterlab", name=lesson)
    twin = item("test_notebooks.py", "test_notebook_runs_top_to_bottom", path=ROOT / "notebooks" / lesson)
    other = item("test_notebooks.py", "test_notebook_runs_top_to_bottom",
                 path=ROOT / "notebooks" / "zh" / "homework" / "hw01_bayes_and_smoothing.ipynb")
    assert lesson in runs.BROWSER_NOTEBOOKS and twin.callspec.params["path"] in NOTEBOOKS

    def run(chromium, items):
        deselected = []
        monkeypatch.setattr(runs, "CHROMIUM", chromium)
        runs.run_each_notebook_once(SimpleNamespace(hook=SimpleNamespace(
            pytest_deselected=lambda items: deselected.extend(items))), items)
        return deselected

    items = [browser, twin, other]
    assert run("/usr/bin/chromium", items) == [twin] and items == [browser, other]
    items = [browser, twin, other]
    assert run(None, items) == [] and items == [browser, twin, other]
    items = [twin, other]
    assert run("/usr/bin/chromium", items) == [] and items == [twin, other]


LESSON = re.compile(r"[0-9]{2}_\w+\.ipynb$")  # a lesson, in either edition (not a homework)
_DECIMAL = re.compile(r"(?<![\w.])-?[0-9]+\.[0-9]+(?:[eE][-+]?[0-9]+)?(?!\.?[0-9])")

#: Decimals a lesson's text may share with its outputs: (lesson stem, number) -> why it is not a
#: result typed into the text.
TYPED_DECIMALS_ALLOWED: dict[tuple[str, str], str] = {
    ("01_bayes_theorem", "0.95"): "P(+ | ill) = 0.95, the test's sensitivity: an input of the example, not a result",
    ("07_evaluation_and_imbalance", "0.95"): "a further question's range of priors, p from 0.05 to 0.95: an input",
    ("10_semi_naive_bayes", "0.304"): "Zhou's book's own printed estimate (section 7.4), quoted as the book's; "
                                      "a check cell compares it with the library's count",
    ("10_semi_naive_bayes", "0.444"): "Zhou's book's own printed estimate (section 7.4), quoted as the book's; "
                                      "a check cell compares it with the library's count",
}
_CODE = re.compile(r"^```.*?^```|(`+).+?\1", re.S | re.M)


#: a citation of one of Zhou's equations, "Zhou (7.8)", "式(7.20)", "(7.24) and (7.25)": a label, not a result
_EQUATION = re.compile(r"\(7\.[0-9]{1,2}\)")


def outside_code(markdown: str) -> str:
    """A markdown text without its fenced code blocks and code spans (code there is code, not prose),
    nor its citations of Zhou's equation numbers."""
    return _EQUATION.sub(" ", _CODE.sub(" ", markdown))


def _significant(number: str) -> int:
    """Significant digits written in ``number`` ("0.094" -> 2, "0.380" -> 3, "6.80e-5" -> 3)."""
    return len(re.split(r"[eE]", number)[0].lstrip("-").replace(".", "").lstrip("0"))


def _same_when_rounded(typed: str, shown: str) -> bool:
    """``typed`` is ``shown`` written to ``typed``'s significant digits (0.113 for 0.1134)."""
    k = _significant(typed)
    if k == 0 or _significant(shown) < k:
        return False
    return float(f"{float(shown):.{k}g}") == float(typed)


def _no_result_typed_in(nb, path):
    """No markdown cell types in a decimal (two significant digits or more) that a code cell of the
    same lesson prints: every number a lesson shows is computed, so a change of data or code
    cannot leave the text stale. A text refers to the output instead ("the table above")."""
    shown = set()
    for cell in nb.cells:
        if cell.cell_type == "code":
            shown.update(_DECIMAL.findall(_cell_text(cell)))
    stem = path.stem
    typed = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "markdown":
            continue
        for number in _DECIMAL.findall(outside_code(cell.source)):
            if _significant(number) < 2 or (stem, number.lstrip("-")) in TYPED_DECIMALS_ALLOWED:
                continue
            same = sorted(s for s in shown if _same_when_rounded(number.lstrip("-"), s.lstrip("-")))
            if same:
                typed.append(f"cell {i} (id {cell.get('id')}) types {number}, printed as {same[0]}")
    assert not typed, (f"{path.name}: a result typed into the text instead of referring to the output "
                       "(or add it to TYPED_DECIMALS_ALLOWED with the reason): " + "; ".join(typed))


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
            entries = answer_entries(ref)
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


def test_the_leak_check_finds_an_answer_shown_before_its_exercise():
    import nbformat

    ask = nbformat.v4.new_code_cell('q = exercise("03.lidstone_sore_no")')
    clean = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("Smoothing, again."), ask])
    _no_answer_before_its_exercise(clean, Path("clean.ipynb"))          # nothing shown: passes
    leaky = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("Note: it is 4/21."), ask])
    with pytest.raises(AssertionError, match="03.lidstone_sore_no"):
        _no_answer_before_its_exercise(leaky, Path("leaky.ipynb"))
    shown = nbformat.v4.new_code_cell("x")
    shown.outputs = [nbformat.v4.new_output("execute_result", {"text/plain": "0.1905"})]
    with pytest.raises(AssertionError, match="appears before it"):
        _no_answer_before_its_exercise(nbformat.v4.new_notebook(cells=[shown, ask]), Path("out.ipynb"))


def test_the_typed_result_check_finds_a_printed_decimal_in_the_text():
    import nbformat

    def lesson(text, printed):
        shown = nbformat.v4.new_code_cell("print(...)")
        shown.outputs = [nbformat.v4.new_output("stream", name="stdout", text=printed)]
        return nbformat.v4.new_notebook(cells=[shown, nbformat.v4.new_markdown_cell(text)])

    printed = "real share of spam in the test set:   0.094\nmean predicted P(spam), original    : 0.1134\n"
    # lesson 07's text before issue 21: the printed numbers typed in, one of them rounded further
    old = "where 0.094 of the e-mails are spam: the model trained on the original data gives 0.113"
    with pytest.raises(AssertionError, match=r"types 0\.094.*types 0\.113, printed as 0\.1134"):
        _no_result_typed_in(lesson(old, printed), Path("07_x.ipynb"))
    new = "the model trained on the original data comes close to the real share (as printed above)"
    _no_result_typed_in(lesson(new, printed), Path("07_x.ipynb"))
    # one significant digit, code, and a number the outputs do not show are not results typed in
    _no_result_typed_in(lesson("a = 0.1, `BernoulliNB(alpha=0.094)`, about 0.12", printed), Path("07_x.ipynb"))


def test_every_hint_stops_short_of_the_answer():
    """No hint or mistake hint shows a lesson exercise's answer, nor a whole line of its solution."""
    from nbteach.check import exercises

    for q in exercises():
        if q.id.startswith("hw"):
            continue
        texts = [h[lang] for h in q.hints for lang in h] + [m.hint[lang] for m in q.mistakes for lang in m.hint]
        forms = [] if q.kind != "value" else [f for v in answer_entries(q.reference()) for f in answer_forms(v)]
        solution = q.solution_text if isinstance(q.solution_text, dict) else {"en": q.solution_text}
        lines = {ln.split("#")[0].strip() for text in solution.values() for ln in str(text).splitlines()}
        lines = {ln for ln in lines if len(ln) > 25}
        for text in texts:
            for form in forms:
                assert form not in text, f"{q.id}: a hint shows the answer ({form})"
            for ln in lines:
                assert ln not in text, f"{q.id}: a hint holds a line of the solution: {ln}"


# ---------------------------------------------------------------- English in a Chinese notebook's outputs
#: Latin words a Chinese notebook's outputs may show (lower case), each group with its reason; any
#: other word of four letters or more that is not one of the notebook's own identifiers or string
#: data (its code's names and literals) is English prose a Chinese reader should not get
LATIN_WORDS_ALLOWED: dict[str, str] = {
    **dict.fromkeys(["bayes", "laplace", "lidstone", "gibbs", "markov", "dirichlet", "gaussian", "bernoulli",
                     "python", "numpy", "sympy", "pandas", "scipy", "scikit", "learn", "jieba", "snownlp",
                     "nbteach", "fraction", "pearl", "russell", "norvig", "nigam", "lauritzen", "zhou",
                     "john", "mary", "jordan", "amazon", "openintro", "modeldata", "kneser", "turing", "good",
                     "mpmath"],
                    "a proper name: a person, a library, a data set"),
    **dict.fromkeys(["dtype", "object", "name", "int64", "float64", "bool", "true", "false", "none", "nan",
                     "inf", "self", "argmax", "argmin", "prod", "alpha", "epsilon", "theta", "sigma",
                     "lambda", "beta", "gamma", "length", "shape"],
                    "Python's and pandas' own words in a repr, or a Greek letter's name"),
    **dict.fromkeys(["nats", "bits", "bytes"], "a unit"),
    **dict.fromkeys(["documents"], "a library function's parameter, named in its error message"),
    **dict.fromkeys(["headache", "sore", "temperature", "cough", "diagnosis", "mild", "severe", "normal", "high",
                     "flu", "cold", "sick", "healthy", "spam", "great", "other", "burglary", "earthquake",
                     "alarm", "johncalls", "marycalls", "cloudy", "sprinkler", "rain", "wetgrass", "benign",
                     "malignant", "adults", "male", "female", "first", "second", "third", "crew", "child"],
                    "a value or column of a data set the lessons use (note 001's table, the networks, the "
                    "mail, the reviews, the passengers): data, the same in both editions"),
}

#: cells whose outputs are English by design: (notebook stem, cell id) -> why
LATIN_CELLS_ALLOWED: dict[tuple[str, str], str] = {
    ("00_start_here", "0e49f77e"): "shows the same feedback in both languages, English on purpose",
    ("00_start_here", "5b9d2f60"): "the glossary: each term in English beside its Chinese",
    ("06_spam_detector", "3aca10cf"): "prints two of the reviews: English data",
    ("06_spam_detector", "08731082"): "prints note 004's toy mails: English data",
    ("06_spam_detector", "484f11bc"): "the e-mail data set's column names (openintro's `email`)",
    ("07_evaluation_and_imbalance", "d7689bec"): "the e-mail data set's column names (openintro's `email`)",
    ("06_spam_detector", "8ee09ef7"): "prints note 003's function as the library keeps it: source code",
    ("12_em_and_unlabelled_data", "f25137ef"): "the mixture's vocabulary as column names: English data",
}

_WORD = re.compile(r"(?<![\w./\\-])[A-Za-z][a-z]{3,}(?![\w(]|\.\w)")
_QUOTES = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"")


def _shown_text(out) -> str:
    """The words an output shows a reader: a stream's text; an HTML table's headers and text but not
    its data cells; LaTeX without its commands; a repr without its quoted strings (data)."""
    import html as _html

    kind = out.get("output_type")
    if kind == "stream":
        text = re.sub(r"(/[\w.-]+)+\.py:\d+", " ", out.get("text", ""))     # a warning's file path
    elif kind == "error":
        text = f"{out.get('ename', '')}: {out.get('evalue', '')}"
    elif kind in ("execute_result", "display_data"):
        data = out.get("data", {})
        if "text/html" in data:
            page = re.sub(r"<(style|script|td)\b.*?</\1>", " ", data["text/html"], flags=re.S | re.I)
            page = re.sub(r"<tbody>.*?</tbody>", lambda m: re.sub(r"<th\b.*?</th>", " ", m.group(0), flags=re.S),
                          page, flags=re.S)
            text = _html.unescape(re.sub(r"<[^>]+>", " ", page))
        elif "text/latex" in data:
            text = re.sub(r"\\(begin|end)\{[^}]*\}|\\[A-Za-z]+", " ", data["text/latex"])
        elif "text/plain" in data and not any(k.startswith(("image/", "application/vnd.jupyter.widget"))
                                              for k in data):
            text = data["text/plain"]
        else:
            return ""
    else:
        return ""
    text = re.sub(r"\$[^$\n]*\$", " ", text)                  # maths
    text = _QUOTES.sub(" ", text)                              # a repr's strings: data
    text = re.sub(r"Name: \w+, dtype: \w+|<function [^>]*>", " ", text)   # pandas' and Python's reprs
    text = re.sub(r"\b[A-Za-z_][\w.]*\([^()]*\)", " ", text)   # a call with its arguments: code
    return re.sub(r"\b[A-Za-z_]\w*=", " ", text)                # a keyword argument's name: code


def _glossary_words() -> set:
    from nbteach.glossary import TERMS

    return {w.lower() for english, *_ in TERMS for w in re.findall(r"[A-Za-z]+", english)} | {
        "joint", "decision", "evidence", "split", "model", "total", "count", "score", "summary"}


#: English words of the course's concepts: a variable the lesson names ``prior`` does not make a
#: table's "prior" code
_TERMS = _glossary_words()


def _own_words(nb) -> set:
    """The words of a notebook's own code: its names (``query``, ``predict``: an output naming them
    names code) unless they are a concept's English word (a variable ``prior`` does not make a
    table's "prior" code), and the words of its string literals (data, labels as values: 'severe',
    'Flu'), but not the English text it hands to ``say`` (which must come out Chinese)."""
    import ast

    words = set()
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        try:
            tree = ast.parse(re.sub(r"^\s*[%!].*$", "", cell.source, flags=re.M))
        except SyntaxError:
            continue
        said = {id(node.args[0]) for node in ast.walk(tree) if isinstance(node, ast.Call) and node.args
                and (getattr(node.func, "id", None) == "say" or getattr(node.func, "attr", None) == "say")}
        for node in ast.walk(tree):
            name = (node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute)
                    else node.arg if isinstance(node, (ast.keyword, ast.arg)) else
                    node.name if isinstance(node, (ast.FunctionDef, ast.ClassDef)) else None)
            if name and name.lower() not in _TERMS:
                words.add(name.lower())
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in said:
                words.update(w.lower() for w in re.findall(r"[A-Za-z]+", node.value))
    return words


_SIGNATURE = re.compile(r"\b[A-Za-z_][\w.]*\(([^()]*)\)")


def _parameters_shown(out) -> set:
    """The parameter names of the signatures an output shows (a build-it's prompt: "编写
    lidstone(count, total, n_values, alpha)", then "count / total" in its Chinese text): code."""
    text = out.get("text") or out.get("data", {}).get("text/plain", "")
    text = "".join(text) if isinstance(text, list) else text
    return {w.lower() for args in _SIGNATURE.findall(text) for w in re.findall(r"[A-Za-z_]\w*", args)}


def english_prose(nb, stem: str) -> list[str]:
    """Where a (Chinese) notebook's outputs show English words: ``cell i (id): word, ...``."""
    own = _own_words(nb)
    found = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code" or (stem, cell.get("id")) in LATIN_CELLS_ALLOWED:
            continue
        words = []
        for out in cell.get("outputs", []):
            code = _parameters_shown(out)
            words += [w for w in _WORD.findall(_shown_text(out))
                      if w.lower() not in LATIN_WORDS_ALLOWED and w.lower() not in own and w.lower() not in code]
        if words:
            found.append(f"cell {i} (id {cell.get('id')}): {', '.join(dict.fromkeys(words))}")
    return found


def test_the_english_check_finds_a_library_table_in_english_but_not_code_or_data():
    import nbformat

    def words(source, text="", html=None):
        cell = nbformat.v4.new_code_cell(source)
        data = {"text/plain": text, **({"text/html": html} if html else {})}
        cell.outputs = [nbformat.v4.new_output("execute_result", data)]
        found = english_prose(nbformat.v4.new_notebook(cells=[cell]), "01_x")
        return found[0].split(": ", 1)[1].split(", ") if found else []

    # issue 34: bayes()'s table in English under a Chinese 决策：Cold (a variable named prior is no excuse)
    table = ("     prior P(c) likelihood P(x|c) joint P(c)P(x|c) posterior P(c|x)\nFlu  3/5  1  3/5  3/4\n"
             "evidence P(x) = 4/5\ndecision: Flu")
    assert words("prior = {}\nbayes(prior, likelihood)", table) == [
        "prior", "likelihood", "joint", "posterior", "evidence", "decision"]
    assert words("x = say('the score of {c}')", "the score of Flu") == ["score"]     # say's English: no excuse
    assert words("x", "NbteachError: 先验概率在各类上之和必须为 1") == []                  # Chinese
    assert words("x", "{'Flu': Fraction(3, 5)}  Exercise('01.x': 用 lidstone(count, total) 计算)") == []
    assert words("net.query('x')", "不要用 query，也不要 categories= 声明") == []           # code
    # a build-it's prompt names its function's parameters again in its Chinese text: code; other words are not
    assert words("x", "Exercise('03.f': 编写 lidstone(count, total)，返回 count / total 的估计)") == []
    assert words("x", "编写 f(count)：返回 count，the total is wrong") == ["total", "wrong"]
    assert words("df = flu_cold()", html="<table><thead><tr><th>Headache</th></tr></thead>"
                                         "<tbody><tr><th>0</th><td>severe</td></tr></tbody></table>") == []
