"""`make test`'s `--dist loadgroup` runs a group's tests on one worker (tests/_xdist_groups.py)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

pytest.importorskip("xdist")

GROUPED = '''
import pytest
pytestmark = pytest.mark.xdist_group("shared")

@pytest.mark.parametrize("i", range(4))
def test_grouped(i):
    pass
'''
LOOSE = '''
import pytest

@pytest.mark.parametrize("i", range(8))
def test_loose(i):
    pass
'''


def test_a_group_runs_on_one_worker_and_the_rest_spreads(tmp_path):
    """Two modules of one group (as the browser tests are) on one worker, whatever pytest's version."""
    (tmp_path / "test_one.py").write_text(GROUPED)
    (tmp_path / "test_two.py").write_text(GROUPED)
    (tmp_path / "test_loose.py").write_text(LOOSE)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "_xdist_groups", "-p", "no:cacheprovider", "-p", "no:randomly",
         "-n", "2", "--dist", "loadgroup", "-v", "--rootdir", str(tmp_path), str(tmp_path)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    ran = re.findall(r"\[(gw\d)\][^\n]*? PASSED (\S+)", proc.stdout)
    grouped = [(worker, test) for worker, test in ran if "test_grouped" in test]
    assert len(grouped) == 8, proc.stdout[-3000:]
    # the id carries the group, which is how pytest-xdist's scheduler sees it
    assert all(test.endswith("@shared") for _, test in grouped), grouped
    assert len({worker for worker, _ in grouped}) == 1, f"the group ran on several workers: {grouped}"
    assert len([t for _, t in ran if "test_loose" in t]) == 8
