"""Which notebooks tests/test_browser_lessons.py opens in JupyterLab and runs top to bottom.

One list for the two tests that run notebooks: where chromium is installed, the browser's Run All
is those notebooks' run top to bottom in a fresh kernel (started by jupyter_server, as a student's
is), and tests/test_browser_lessons.py applies tests/test_notebooks.py's output checks to the
notebook as JupyterLab saves it after that run; tests/test_notebooks.py runs with nbclient the
notebooks left over (the homework of both editions, the homework solutions, the Chinese lessons not
opened in the browser) and, without chromium, all of them. So each notebook runs once per `make test`, not once in each (the two runs cost the same
kernel time, and the browser's is needed anyway for what only a browser can check).
"""
from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = shutil.which("chromium")

_LESSONS = ROOT / "notebooks"
#: the Chinese lessons opened in the browser: the first one a Chinese student opens, and those whose
#: views tests/_browser_zh.py checks value by value (their controls all driven). The other Chinese
#: lessons run the same code cells as their English twins (tools/translate.py checks it), whose every
#: control is driven in the browser in both themes; they run top to bottom with nbclient in
#: tests/test_notebooks.py (the same output checks: no error, no missing glyph in a plot, no answer
#: before its exercise). In the browser they cost as much as the English lessons (13 lessons, a
#: worker's whole run), which kept `make test` over its 10 minutes on 2 cores.
CHINESE_IN_BROWSER = ("00_start_here.ipynb", "04_mle_lagrange_multipliers.ipynb", "05_bernoulli_nb.ipynb",
                      "06_spam_detector.ipynb")

#: paths relative to notebooks/: the lessons a student opens, then the Chinese lessons above
#: (notebooks/zh/, the same file names), served by the same JupyterLab. The homework notebooks (both
#: editions) make no widget (tests/test_notebooks.py fails a homework notebook that makes one): nothing of
#: theirs only a browser can check (no control to drive, no widget text to read for contrast), so they
#: run top to bottom in tests/test_notebooks.py, in a kernel started as jupyter_server starts it, with
#: the same output checks. In the browser they cost a JupyterLab and a Chromium of their own and
#: 3-5 CPU s each, which kept `make test` over its 10 minutes on 2 cores.
BROWSER_NOTEBOOKS = (sorted(p.relative_to(_LESSONS) for p in _LESSONS.glob("[0-9][0-9]_*.ipynb"))
                     + [Path("zh") / name for name in CHINESE_IN_BROWSER])


def _is(item, module, function) -> bool:
    return item.path.name == module and getattr(item, "originalname", None) == function


def run_each_notebook_once(config, items) -> None:
    """Deselect tests/test_notebooks.py's nbclient run of each notebook whose browser run
    (tests/test_browser_lessons.py) is in the session, with chromium there to run it.

    Called from tests/conftest.py's collection hook, after ``-k`` and ``-m`` chose the tests: a
    notebook run on its own (``pytest tests/test_notebooks.py -k 03_smoothing``), or without
    chromium, still runs with nbclient."""
    if not CHROMIUM:
        return
    in_browser = {(_LESSONS / item.callspec.params["name"]).resolve() for item in items
                  if _is(item, "test_browser_lessons.py", "test_notebook_runs_in_jupyterlab")}
    twice = [item for item in items if _is(item, "test_notebooks.py", "test_notebook_runs_top_to_bottom")
             and item.callspec.params["path"].resolve() in in_browser]
    if twice:
        dropped = {id(item) for item in twice}
        items[:] = [item for item in items if id(item) not in dropped]
        config.hook.pytest_deselected(items=twice)
