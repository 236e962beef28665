"""Fixtures more than one test module uses."""
from __future__ import annotations

import os
import socket
import sys
from pathlib import Path

# One BLAS thread a process, as `make test` sets it (the Makefile says why), also for a plain
# `pytest`: set before numpy is imported here, and inherited by every kernel and process a test starts.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import pytest

from nbteach.i18n import set_language

import _not_checked
from _browser_notebooks import run_each_notebook_once
# `--dist loadgroup` (make test) keeps an xdist_group on one worker, also under pytest 9.2
from _xdist_groups import pytest_collection_modifyitems as _schedule

ROOT = Path(__file__).resolve().parents[1]

# jsonschema, which nbformat imports (at collection, in each of make test's workers), loads an
# optional IRI-syntax checker that builds a grammar as it is imported: a CPU second a process, for a
# format that notebook validation never checks (nbformat's schemas name no format). Skipped as
# nbteach.teacher.grade skips it in the grader's runner: jsonschema goes without it when it cannot
# be imported.
sys.modules.setdefault("rfc3987_syntax", None)

#: How often a browser test's ``page.wait_for_function`` asks its condition, in ms, when the call
#: names no ``polling`` (Playwright's own default, "raf", asks at every animation frame, 60 times a
#: second). The conditions read ``document.body.innerText`` or walk the notebook's outputs, which lays
#: out the whole page each time: over a lesson's Run All (a minute) that was a third of Chromium's
#: CPU time (lesson 06: 23.7 -> 16.2 CPU s for Run All). Every condition waited for is a state that
#: stays (the kernel idle, a text shown, a change recorded by an observer), so asking 10 times a
#: second finds each as surely, at most 0.1 s later. Tests only: the benchmarks keep Playwright's.
WAIT_POLLING_MS = 100


def _poll_less_often() -> None:
    try:
        from playwright.sync_api._generated import Page
    except ImportError:         # no Playwright: the browser tests skip
        return
    if getattr(Page.wait_for_function, "_nbteach_polling", False):
        return
    wait_for_function = Page.wait_for_function

    def every_100_ms(self, expression, *, arg=None, polling=None, timeout=None):
        return wait_for_function(self, expression, arg=arg, timeout=timeout,
                                 polling=WAIT_POLLING_MS if polling is None else polling)

    every_100_ms._nbteach_polling = True
    Page.wait_for_function = every_100_ms


_poll_less_often()


@pytest.hookimpl(trylast=True)       # after -k and -m have chosen the tests
def pytest_collection_modifyitems(config, items):
    # a notebook that the browser runs top to bottom is not run again with nbclient
    # (tests/_browser_notebooks.py); then the workers' schedule (tests/_xdist_groups.py)
    run_each_notebook_once(config, items)
    _schedule(config, items)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    # a check left undone for want of a system package goes into the test's report (which
    # pytest-xdist brings from its worker) before the report is made
    if call.when == "call":
        item.user_properties.extend(("not checked", record) for record in _not_checked.take())
    yield


def pytest_terminal_summary(terminalreporter):
    """The run ends by listing what it could not check on this machine, by the system package it
    lacks: tests skipped for it (their reason names it) and checks a test left undone."""
    tests, checks = {}, {}
    for reports in terminalreporter.stats.values():
        for report in reports:
            if getattr(report, "when", None) not in ("setup", "call"):
                continue
            if report.skipped and isinstance(report.longrepr, tuple):
                reason = str(report.longrepr[2])
                for package in _not_checked.PACKAGES:
                    if package in reason:
                        tests[package] = tests.get(package, 0) + 1
                        break
            for key, value in getattr(report, "user_properties", ()):
                if key == "not checked":
                    package, what = value
                    checks.setdefault(package, []).append(what)
    if not tests and not checks:
        return
    terminalreporter.write_sep("=", "not checked on this machine")
    for package, purpose in _not_checked.PACKAGES.items():
        if package in tests or package in checks:
            parts = [f"{tests[package]} test(s) skipped"] if package in tests else []
            if package in checks:
                parts.append(f"{len(checks[package])} check(s) left undone ({', '.join(sorted(set(checks[package]))[:3])}"
                             + (", ..." if len(set(checks[package])) > 3 else "") + ")")
            terminalreporter.write_line(f"{package}: {'; '.join(parts)}: {purpose}. Install it "
                                        f"(apt-get install {package}) to check them; .ci/run does.")


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


@pytest.fixture(scope="module")
def mail():
    """Lesson 09's spam model (BernoulliNB, alpha 1, on the email features' 70% split) and its
    held-out rows, as the lesson fits them: for the loss and threshold views' tests."""
    from nbteach import BernoulliNB
    from nbteach.realdata import email_features
    from nbteach.resample import train_test_split

    X, y = email_features()
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.3, random_state=0)
    return BernoulliNB(alpha=1.0).fit(X_tr, y_tr), X_te, y_te


@pytest.fixture
def sent(monkeypatch):
    """The state messages the widgets send, as (widget, names of the traits sent): for the tests
    that a move is one message."""
    from ipywidgets import Widget

    out = []
    monkeypatch.setattr(Widget, "_send", lambda self, msg, buffers=None: out.append((self, sorted(msg.get("state", {})))))
    return out
