"""nbteach installed from a wheel (``pip install .``, not editable) finds the project's homework.

The homework sources are package data (``nbteach/teacher/homework_sources/``): a teacher who
installs nbteach with pip, with no clone of the repository, runs ``python -m nbteach.assign
hw01`` from any folder. The test builds and installs the worktree into a fresh virtualenv made
in a temporary folder, then runs ``assign`` there, from a folder outside the repository,
without a secret (the self-study version) and with a roster and a secret (a variant each).
Nothing is downloaded: the venv reads its dependencies (numpy, sympy, setuptools ...) from the
environment running the tests, appended after its own site-packages, so the nbteach it imports
is the installed one, which the test checks first.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nbteach.teacher.assign import main as assign_main
from nbteach.teacher.homework import sources

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = "hw01_bayes_and_smoothing.ipynb"
SECRET = "installed-package-secret-2b7d"


def _builds_wheels() -> bool:
    """Whether the setuptools here writes a wheel without build isolation (>= 70.1, or `wheel`)."""
    try:
        import setuptools
    except ImportError:
        return False
    try:
        import wheel  # noqa: F401
        return True
    except ImportError:
        pass
    major, minor = (int(x) for x in setuptools.__version__.split(".")[:2])
    return (major, minor) >= (70, 1)


pytestmark = pytest.mark.xdist_group("install")


def _env() -> dict:
    """This environment without what would put another nbteach or other sources first."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "NBTEACH_HOMEWORK")}
    return dict(env, PIP_NO_INPUT="1", PIP_DISABLE_PIP_VERSION_CHECK="1")


def _run(argv, cwd) -> subprocess.CompletedProcess:
    return subprocess.run(argv, cwd=cwd, env=_env(), capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(python of a fresh venv holding nbteach built from a copy of this worktree, a work folder)."""
    if not _builds_wheels():
        pytest.skip("this environment's setuptools cannot build a wheel without build isolation: "
                    "install the test extra (pip install -e '.[lab,test]', which asks for setuptools>=70.1)")
    base = tmp_path_factory.mktemp("install")
    assert ROOT not in base.parents
    src = base / "src"   # a copy: the build writes build/ and *.egg-info beside the sources
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    shutil.copytree(ROOT / "nbteach", src / "nbteach",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
    venv = base / "venv"
    r = _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=base)
    assert r.returncode == 0, r.stderr
    python = venv / "bin" / "python"
    site = Path(_run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                     cwd=base).stdout.strip())
    deps = [p for p in sys.path if p.rstrip("/").endswith(("site-packages", "dist-packages")) and Path(p).is_dir()]
    (site / "nbteach-test-deps.pth").write_text("\n".join(deps) + "\n", encoding="utf-8")
    r = _run([str(python), "-m", "pip", "install", "--no-deps", "--no-build-isolation", "--no-index",
              "--ignore-installed", str(src)], cwd=base)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    work = base / "work"
    work.mkdir()
    return python, work, site


def test_the_installed_package_is_the_one_imported_and_lists_the_project_s_homework(installed):
    python, work, site = installed
    r = _run([str(python), "-c", "import nbteach.teacher.homework as h; print(h.__file__); print(h.sources())"],
             cwd=work)
    assert r.returncode == 0, r.stderr
    where, found = r.stdout.splitlines()
    assert Path(where).is_relative_to(site), where
    assert found == repr(sources()) and "hw01" in found
    r = _run([str(python), "-m", "nbteach.assign", "--help"], cwd=work)
    assert r.returncode == 0 and "hw01" in r.stdout and "hw06" in r.stdout, r.stdout + r.stderr


def test_assign_self_study_from_an_installed_package(installed):
    python, work, _ = installed
    r = _run([str(python), "-m", "nbteach.assign", "hw01", "--out", "self"], cwd=work)
    assert r.returncode == 0, r.stderr
    built = (work / "self" / NOTEBOOK).read_text(encoding="utf-8")
    assert built == (ROOT / "notebooks" / "homework" / NOTEBOOK).read_text(encoding="utf-8")


def test_assign_with_a_roster_and_a_secret_from_an_installed_package(installed, tmp_path):
    python, work, _ = installed
    (work / "roster.csv").write_text("id,name\nalice,Alice\nbob,Bob\n", encoding="utf-8")
    (work / "secret.txt").write_text(SECRET + "\n", encoding="utf-8")
    r = _run([str(python), "-m", "nbteach.assign", "hw01", "--roster", "roster.csv",
              "--secret-file", "secret.txt", "--out", "release"], cwd=work)
    assert r.returncode == 0, r.stderr
    # the same notebooks as this checkout writes in process
    assert assign_main(["hw01", "--roster", str(work / "roster.csv"), "--secret-file", str(work / "secret.txt"),
                        "--out", str(tmp_path / "here")]) == 0
    texts = {}
    for sid in ("alice", "bob"):
        texts[sid] = (work / "release" / sid / NOTEBOOK).read_text(encoding="utf-8")
        assert texts[sid] == (tmp_path / "here" / sid / NOTEBOOK).read_text(encoding="utf-8"), sid
    assert texts["alice"] != texts["bob"]   # a variant each


def _own_hw01(folder: Path) -> Path:
    """A teacher's own source named hw01 (the project's, writing another notebook), in ``folder``."""
    text = (ROOT / "nbteach" / "teacher" / "homework_sources" / "hw01" / "homework.py").read_text(encoding="utf-8")
    assert f'NOTEBOOK = "{NOTEBOOK}"' in text
    (folder / "hw01").mkdir(parents=True)
    (folder / "hw01" / "homework.py").write_text(text.replace(f'NOTEBOOK = "{NOTEBOOK}"', 'NOTEBOOK = "mine.ipynb"'),
                                                 encoding="utf-8")
    return folder


def test_nbteach_homework_comes_before_the_project_s_sources(tmp_path, monkeypatch):
    from nbteach.teacher.homework import HOMEWORK_DIRS, load

    assert load("hw01").folder == HOMEWORK_DIRS[0].resolve() / "hw01"
    assert HOMEWORK_DIRS == [ROOT / "nbteach" / "teacher" / "homework_sources"]
    monkeypatch.setenv("NBTEACH_HOMEWORK", str(_own_hw01(tmp_path / "mine")))
    assert load("hw01").notebook == "mine.ipynb"
    assert sources().count("hw01") == 1 and "hw06" in sources()


def test_nbteach_homework_comes_first_for_an_installed_package(installed, tmp_path):
    python, work, _ = installed
    env = dict(_env(), NBTEACH_HOMEWORK=str(_own_hw01(tmp_path / "mine")))
    r = subprocess.run([str(python), "-m", "nbteach.assign", "hw01", "--out", "own"], cwd=work, env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert [p.name for p in (work / "own").iterdir()] == ["mine.ipynb"]


def test_an_unknown_assignment_from_an_installed_package_names_the_known_ones(installed):
    python, work, _ = installed
    r = _run([str(python), "-m", "nbteach.assign", "hw99", "--out", "x"], cwd=work)
    assert r.returncode == 2
    assert "unknown assignment 'hw99'" in r.stderr and "hw01" in r.stderr, r.stderr
