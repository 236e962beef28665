"""A build-it exercise is not solved by scikit-learn's or SciPy's call either (issue 33 item 2).

nbteach's own names are switched off while a student's function is checked; so are the calls of
other libraries that do the same work (nbteach/check/_elsewhere.py). Each student function below
is right (checked against the exercise's reference with nothing switched off) and is refused as
``library_shortcut`` while it is checked, in a fresh interpreter where the other library is not
loaded until the student's function imports it (the check itself imports nothing), and in one where
it is already loaded and held in the student's globals.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

STUDENTS = textwrap.dedent('''
    import numpy as np

    def prf(y_true, scores, threshold, pos_label):
        from sklearn.metrics import precision_recall_fscore_support
        p, r, f, _ = precision_recall_fscore_support([t == pos_label for t in y_true], [s >= threshold for s in scores],
                                                     pos_label=True, average="binary", zero_division=0)
        return float(p), float(r), float(f)

    def log_density(x, values, ddof):
        from scipy.stats import norm
        return float(norm.logpdf(x, loc=np.mean(values), scale=np.sqrt(np.var(values, ddof=ddof))))

    def log_posterior(counts, log_prior, log_theta):
        from scipy.special import logsumexp
        jll = np.asarray(log_prior, dtype=float) + np.asarray(log_theta, dtype=float) @ np.asarray(counts, dtype=float)
        return jll - logsumexp(jll)

    def cmi(a, b, c):
        from sklearn.metrics import mutual_info_score
        a, b, c = [list(map(str, s)) for s in (a, b, c)]
        total = 0.0
        for k in set(c):
            rows = [i for i, v in enumerate(c) if v == k]
            total += len(rows) / len(c) * mutual_info_score([a[i] for i in rows], [b[i] for i in rows])
        return float(total)

    def log_posterior_own(counts, log_prior, log_theta):
        jll = np.asarray(log_prior, dtype=float) + np.asarray(log_theta, dtype=float) @ np.asarray(counts, dtype=float)
        top = jll.max()
        return jll - (top + np.log(np.exp(jll - top).sum()))
''')

CASES = {"07.prf_function": "prf", "08.log_density_function": "log_density",
         "06.log_posterior_function": "log_posterior", "10.tan_cmi": "cmi"}

SCRIPT = textwrap.dedent('''
    import json, sys
    import numpy as np
    from nbteach.check import exercise
    from nbteach.check.functions import make_inputs
    preload = sys.argv[1] == "preload"
    scope = {"__name__": "__student__"}
    if preload:   # already loaded, and bound in the student's globals
        from scipy.special import logsumexp
        from scipy.stats import norm
        from sklearn.metrics import mutual_info_score, precision_recall_fscore_support
    exec(sys.stdin.read(), scope)
    out = {"loaded_before": sorted(m for m in ("sklearn", "scipy") if m in sys.modules)}
    own = exercise("06.log_posterior_function").check(scope["log_posterior_own"], _record=False)
    out["own"] = [own.status, sorted(m for m in ("sklearn", "scipy") if m in sys.modules)]
    for ex_id, name in %s.items():
        q, func = exercise(ex_id), scope[name]
        r = q.check(func, _record=False)
        reference = q.reference()
        agree = all(np.allclose(np.asarray(func(*a, **k), dtype=float), np.asarray(reference(*a, **k), dtype=float),
                                rtol=1e-6, atol=1e-9) for a, k in make_inputs(q, seed=0)[:4])
        out[ex_id] = [r.status, r.mistake, r.message, agree]
    print(json.dumps(out))
''' % repr(CASES))


def _run(mode: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT), OPENBLAS_NUM_THREADS="1")
    done = subprocess.run([sys.executable, "-c", SCRIPT, mode], input=STUDENTS, capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def _assert_refused(out: dict) -> None:
    for ex_id in CASES:
        status, mistake, message, agree = out[ex_id]
        assert agree, f"{ex_id}: the student's function is not right with nothing switched off: the test proves nothing"
        assert (status, mistake) == ("incorrect", "library_shortcut"), (ex_id, status, mistake, message)
        assert "sklearn." in message or "scipy." in message, (ex_id, message)


def test_other_libraries_are_switched_off_when_the_students_function_imports_them():
    out = _run("lazy")
    assert out["loaded_before"] == [], f"checking loaded {out['loaded_before']} before the student's code did"
    assert out["own"] == ["correct", []], f"a function of numpy alone: {out['own']} (nothing else may be imported)"
    _assert_refused(out)


def test_other_libraries_already_loaded_are_switched_off_too():
    out = _run("preload")
    assert out["own"][0] == "correct"
    _assert_refused(out)


def test_a_module_imported_while_a_function_is_checked_is_switched_off_at_once(tmp_path, monkeypatch):
    """The first call already: a module the student's function imports is switched off as it loads
    (without it, only the later calls would see the switch), and put back afterwards."""
    import pytest

    from nbteach.check.functions import LibraryShortcut, switched_off

    (tmp_path / "elsewhere_pkg").mkdir()
    (tmp_path / "elsewhere_pkg" / "__init__.py").write_text("")
    (tmp_path / "elsewhere_pkg" / "tools.py").write_text(textwrap.dedent('''
        import functools

        def _check(func):
            @functools.wraps(func)
            def wrapper(*args, **kwargs):
                return func(*args, **kwargs)
            return wrapper

        @_check
        def total(values):
            return sum(values)

        class Model:
            def __init__(self, k):
                self.k = k
    '''))
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "elsewhere_pkg.tools" not in sys.modules
    names = ("elsewhere_pkg.tools.total", "elsewhere_pkg.tools.Model")
    with switched_off(names):
        from elsewhere_pkg import tools
        with pytest.raises(LibraryShortcut, match="elsewhere_pkg.tools.total"):
            tools.total([1, 2])
        with pytest.raises(LibraryShortcut, match="elsewhere_pkg.tools.Model"):
            tools.Model(3)
        alias = tools.total.__wrapped__   # the decorated function's own code is switched, whatever the alias
        with pytest.raises(LibraryShortcut):
            alias([1, 2])
    assert tools.total([1, 2]) == 3 and tools.Model(3).k == 3
    assert not any(type(f).__name__ == "_SwitchOnImport" for f in sys.meta_path)
    with switched_off(names):   # loaded now: switched off at once
        with pytest.raises(LibraryShortcut):
            tools.total([1])
    assert tools.total([4]) == 4
