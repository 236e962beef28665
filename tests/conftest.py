"""Fixtures more than one test module uses."""
from __future__ import annotations

import socket
import sys
from pathlib import Path

import pytest

# `--dist loadgroup` (make test) keeps an xdist_group on one worker, also under pytest 9.2
from _xdist_groups import pytest_collection_modifyitems  # noqa: F401 (a hook)

ROOT = Path(__file__).resolve().parents[1]


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
