"""Fixtures more than one test module uses."""
from __future__ import annotations

import socket
import sys
from pathlib import Path

import pytest

from nbteach.i18n import set_language

from _browser_notebooks import run_each_notebook_once
# `--dist loadgroup` (make test) keeps an xdist_group on one worker, also under pytest 9.2
from _xdist_groups import pytest_collection_modifyitems as _schedule

ROOT = Path(__file__).resolve().parents[1]


@pytest.hookimpl(trylast=True)       # after -k and -m have chosen the tests
def pytest_collection_modifyitems(config, items):
    # a notebook that the browser runs top to bottom is not run again with nbclient
    # (tests/_browser_notebooks.py); then the workers' schedule (tests/_xdist_groups.py)
    run_each_notebook_once(config, items)
    _schedule(config, items)


@pytest.fixture(scope="session")
def edition(tmp_path_factory):
    """The teacher's edition as `make teacher` builds it (tools/teacher_notes.py build), once a session."""
    sys.path.insert(0, str(ROOT / "tools"))
    import teacher_notes

    out = tmp_path_factory.mktemp("edition") / "teacher-edition"
    teacher_notes.build(out, say=lambda *a: None)
    return out


@pytest.fixture
def no_network(monkeypatch):
    """Any attempt to open a network connection fails the test (data must come from packages)."""
    def refuse(*args, **kwargs):
        raise AssertionError("tried to open a network connection")

    monkeypatch.setattr(socket, "socket", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


@pytest.fixture
def english_after():
    """Put the library's language back to English after a test that switches it (the i18n
    tests use it for every test: ``pytestmark = pytest.mark.usefixtures("english_after")``)."""
    yield
    set_language("en")
