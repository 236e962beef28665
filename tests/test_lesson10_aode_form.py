"""Issue 33 item 6, lesson 10 cell ``9f8c35f6``: nbteach's AODE leaves out the super-parent's own
factor P(x_i | c, x_i) (Webb et al.'s form, prod_{j != i}); Zhou's (7.23) multiplies over j = 1..d,
and with the Laplace correction (7.25) that factor is (|D_{c,x_i}| + 1)/(|D_{c,x_i}| + N_i), not 1.
On 测1, P(是 | 测1) is 0.963299 against 0.967484. The lesson used to present the library's AODE as
the book's without saying so; it now gives both, says why they differ, and has a cell that counts
both with pandas and asks which one the library reproduces (both editions).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PATHS = ["notebooks/10_semi_naive_bayes.ipynb", "notebooks/zh/10_semi_naive_bayes.ipynb"]


def _cells(path):
    return json.loads((ROOT / path).read_text(encoding="utf-8"))["cells"]


def _melons():
    from nbteach import AODE, watermelon

    melons = watermelon()
    X, y = melons.iloc[:, :6], melons["好瓜"]
    return X, y, X.loc[1], AODE(m=1, alpha=1).fit(X, y)


def test_the_two_forms_differ_on_test1_and_the_library_is_webbs():
    """Computed here from the counts, apart from the lesson: the library is the form without the
    own factor, and (7.23) read with its own factor smoothed gives another posterior."""
    from fractions import Fraction

    X, y, x, model = _melons()
    N = 2

    def posterior(own):
        score = {}
        for c in ("否", "是"):
            score[c] = Fraction(0)
            for i in X.columns:
                rows = X[(y == c) & (X[i] == x[i])]
                p = Fraction(len(rows) + 1, len(X) + N * X[i].nunique())
                for j in X.columns:
                    if j != i or own:
                        p *= Fraction(int((rows[j] == x[j]).sum()) + 1, len(rows) + X[j].nunique())
                score[c] += p
        return float(score["是"] / sum(score.values()))

    library = float(model.predict_proba(X.loc[[1]])[0][list(model.classes_).index("是")])
    assert library == pytest.approx(posterior(own=False), abs=1e-12)
    assert round(library, 6) == 0.963299
    assert round(posterior(own=True), 6) == 0.967484


@pytest.mark.parametrize("path", PATHS)
def test_lesson10_gives_both_forms_of_7_23(path):
    cells = _cells(path)
    intro = "".join(next(c for c in cells if c["id"] == "9f8c35f6")["source"])
    assert r"\prod_{j=1}^{d}" in intro and r"\prod_{j\ne i}" in intro, intro
    assert "(7.23)" in intro


@pytest.mark.parametrize("path", PATHS)
def test_lesson10_has_a_cell_that_counts_both_and_can_fail(path):
    """Run the lesson's own cell (with the three earlier cells it needs: cheap, no kernel): it
    must find the library equal to the count without the own factor and not to the one with it;
    and, with a library that counted the own factor, the same cell must answer the other way."""
    from fractions import Fraction

    from nbteach import say

    cells = _cells(path)
    ids = [c["id"] for c in cells]
    i = ids.index("9f8c35f6")
    code = [c for c in cells[i:] if c["cell_type"] == "code"]
    cell = next((c for c in code[:8] if "own_factor" in "".join(c["source"])), None)
    assert cell is not None, "no cell of section 5 computes both forms"
    source = "".join(cell["source"])

    X, y, x, model = _melons()
    ns = {"X_melon": X, "y_melon": y, "test1": x, "aode_melon": model, "say": say, "Fraction": Fraction}
    exec(compile(source, path, "exec"), ns)
    assert round(float(ns["without_own"]["是"]), 6) == 0.963299
    assert round(float(ns["with_own"]["是"]), 6) == 0.967484
    assert abs(ns["library"]["是"] - float(ns["without_own"]["是"])) < 1e-12

    class OwnFactor:                    # a library that followed (7.23) literally
        classes_ = model.classes_

        def predict_proba(self, rows):
            import numpy as np
            p = float(ns["with_own"]["是"])
            return np.array([[1 - p, p] if list(model.classes_) == ["否", "是"] else [p, 1 - p]])

    ns2 = dict(ns, aode_melon=OwnFactor())
    exec(compile(source, path, "exec"), ns2)
    assert abs(ns2["library"]["是"] - float(ns2["with_own"]["是"])) < 1e-12
    assert abs(ns2["library"]["是"] - float(ns2["without_own"]["是"])) > 1e-3
