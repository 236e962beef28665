"""`make test`'s schedule on its workers (tests/_xdist_groups.py): `--dist loadgroup` runs a group's
tests on one worker, also under pytest 9.2; the browser modules are a group each, a module's
Chinese edition and its homework one more each, its English lessons two more (odd, even); the notebooks are queued first among the ungrouped tests."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

pytest.importorskip("xdist")


def _module(group, params=4):
    return (f"import pytest\npytestmark = pytest.mark.xdist_group({group!r})\n\n"
            f"@pytest.mark.parametrize('name', {[f'n{i}' for i in range(params)]!r})\n"
            "def test_grouped(name):\n    pass\n")


LOOSE = "import pytest\n\n@pytest.mark.parametrize('i', range(8))\ndef test_loose(i):\n    pass\n"


def _run(folder, files, workers, expected):
    """Run the test files in a pytest of their own as make test runs (-n, --dist loadgroup) with
    tests/_xdist_groups.py: the (worker, test id) of each test, in the order they passed."""
    for name, text in files.items():
        (folder / name).write_text(text)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "_xdist_groups", "-p", "no:cacheprovider", "-p", "no:randomly",
         "-n", str(workers), "--dist", "loadgroup", "-v", "--rootdir", str(folder), str(folder)],
        cwd=folder, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    ran = re.findall(r"\[(gw\d)\][^\n]*? PASSED (\S+)", proc.stdout)
    assert len(ran) == expected, proc.stdout[-3000:]
    return ran


@pytest.fixture(scope="module")
def two_workers(tmp_path_factory):
    """Two modules of one group (as the graders' modules are), two browser modules (one with
    Chinese lessons) and ungrouped tests, run on two workers."""
    lessons = _module("browser", params=7).replace("'n2', 'n3', 'n4', 'n5', 'n6'",
                                                   "'zh/n2', 'zh/n3', 'homework/n4', '05_x.ipynb', '06_y.ipynb'")
    return _run(tmp_path_factory.mktemp("two_workers"),
                {"test_one.py": _module("shared"), "test_two.py": _module("shared"), "test_loose.py": LOOSE,
                 "test_browser_a.py": lessons, "test_browser_b.py": _module("browser")},
                workers=2, expected=27)


def test_a_group_runs_on_one_worker_whatever_pytest_s_version(two_workers):
    grouped = [(worker, test) for worker, test in two_workers if "test_one" in test or "test_two" in test]
    # the id carries the group, which is how pytest-xdist's scheduler sees it
    assert len(grouped) == 8 and all(test.endswith("@shared") for _, test in grouped), grouped
    assert len({worker for worker, _ in grouped}) == 1, f"the group ran on several workers: {grouped}"


def test_each_browser_module_its_chinese_edition_its_homework_and_its_english_lessons_halves_are_groups(two_workers):
    groups = {}
    for worker, test in two_workers:
        if "test_browser" in test:
            groups.setdefault(test.rsplit("@", 1)[1], set()).add(worker)
    assert set(groups) == {"browser-test_browser_a", "browser-test_browser_a-zh", "browser-test_browser_a-homework",
                           "browser-test_browser_a-odd", "browser-test_browser_a-even", "browser-test_browser_b"}, groups
    assert all(len(workers) == 1 for workers in groups.values()), groups
    assert "test_browser_a.py::test_grouped[zh/n2]@browser-test_browser_a-zh" in [t for _, t in two_workers]
    assert "test_browser_a.py::test_grouped[homework/n4]@browser-test_browser_a-homework" in [t for _, t in two_workers]
    # the English lessons: two groups, by their number's parity
    assert "test_browser_a.py::test_grouped[05_x.ipynb]@browser-test_browser_a-odd" in [t for _, t in two_workers]
    assert "test_browser_a.py::test_grouped[06_y.ipynb]@browser-test_browser_a-even" in [t for _, t in two_workers]


def test_the_notebooks_are_queued_before_the_other_ungrouped_tests(tmp_path):
    """On one worker the queue shows as the order tests pass: the groups, then every notebook run,
    then the rest (test_aa.py, first by name, after the notebooks)."""
    notebooks = LOOSE.replace("test_loose", "test_notebook_runs_top_to_bottom")
    ran = _run(tmp_path, {"test_aa.py": LOOSE, "test_notebooks.py": notebooks,
                          "test_zz.py": _module("grade")}, workers=1, expected=20)
    kinds = [("group" if "@" in t else "notebook" if "top_to_bottom" in t else "other") for _, t in ran]
    assert kinds == ["group"] * 4 + ["notebook"] * 8 + ["other"] * 8, ran
