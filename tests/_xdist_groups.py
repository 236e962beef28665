"""`--dist loadgroup` that groups again: the suffix pytest-xdist puts on a grouped test's id.

`make test` runs `pytest -n 3 --dist loadgroup`: every test marked
``pytest.mark.xdist_group("name")`` should run on one worker, one after the other (the browser
tests share a Chromium and a JupyterLab a module; the graders' tests share a graded class a
module and must not see another grader's sandboxes). pytest-xdist tells its scheduler a test's
group by appending ``@name`` to the test's id on the worker, by assigning ``item._nodeid``;
pytest 9.2 keeps the id elsewhere (``item._id``, a structured NodeId), so that assignment
changes nothing and the groups are silently dropped: every grouped test is then scheduled on its
own, on either worker, and every module-scoped fixture of a group (a graded class, a JupyterLab)
is built once on each worker (pytest-xdist issue 1386, open; pull request 1388 would fix it).

This hook does what pytest-xdist means to do, after pytest-xdist's own hook, and only where that
one had no effect: on a worker of a ``--dist loadgroup`` run, a grouped test whose id does not
yet end in ``@<its groups>`` gets that suffix. tests/conftest.py imports it;
tests/test_xdist_groups.py checks, in a run of its own, that a group lands on one worker.

It also sets the schedule of `make test`'s workers (tests/test_xdist_groups.py checks both):

- ``browser`` is one group a module, and a module's tests of the Chinese edition
  (``[zh/...]``) a group of their own, and its tests of the homework (``[homework/...]``) one more,
  and its tests of the English lessons two more (odd and even lesson numbers). Nothing in a browser module reaches another's: each
  starts its own Chromium and JupyterLab (module-scoped fixtures, on a free port, over its own
  copy of the notebooks and its own settings folder). As one group, every browser test queued on
  one worker, the longest pole of the run (and longer still with the Chinese lessons in).
  The graders' group ``grade`` is one group a module too: a sandbox's uid is reserved against every
  other process on the machine (``nbteach.teacher.sandbox.identity``, a lock file a uid), so one
  module's no-process-left checks never see another's sandboxes, and the graded classes of the
  modules (each a module-scoped fixture) are graded on several workers at once.
- The ungrouped tests that run a whole notebook (tests/test_notebooks.py, a kernel each, the
  longest of the ungrouped) are queued before the other ungrouped tests, so that the short
  ones fill the end of the run instead of a notebook started last.
"""
from __future__ import annotations

import re

import pytest


#: groups whose modules share nothing: a group a module (and a module's Chinese edition its own)
PER_MODULE = {"browser", "grade"}


def _marked(item) -> set:
    return {str(m.args[0] if m.args else m.kwargs.get("name", "default")) for m in item.iter_markers("xdist_group")}


def _suffix(names) -> str:
    return "@" + "_".join(sorted(names)) if names else ""


def group_suffix(item) -> str:
    """``@a_b`` for a test of groups ``a`` and ``b`` (pytest-xdist's spelling), or ``""``;
    a ``PER_MODULE`` group is named after the module (``browser-test_browser_lessons``), and
    after the edition for a test of a Chinese notebook (``browser-test_browser_lessons-zh``), or
    ``-homework`` for one of a homework notebook (``browser-test_browser_lessons-homework``), and
    ``-odd`` or ``-even`` for one of an English lesson (by its number, see :func:`_parity`)."""
    names = set()
    for name in _marked(item):
        if name in PER_MODULE:
            name = f"{name}-{item.path.stem}" + ("-zh" if "[zh/" in item.nodeid
                                                  else "-homework" if "[homework/" in item.nodeid
                                                  else _parity(item.nodeid))
        names.add(name)
    return _suffix(names)


def _parity(nodeid: str) -> str:
    """``-odd`` or ``-even`` for a test of an English lesson (``[03_smoothing.ipynb]``), else ``""``:
    the English lessons are two groups, the longest pole of the run as one (13 lessons, 430 s of
    the 560 s run on a quiet machine, while the CPU had room: 745 CPU s in all on 2 cores)."""
    lesson = re.search(r"\[(\d\d)_[^/\]]*\.ipynb\]", nodeid)
    return "" if lesson is None else ("-odd" if int(lesson.group(1)) % 2 else "-even")


def _runs_a_notebook(item) -> bool:
    return item.path.name == "test_notebooks.py" and item.originalname == "test_notebook_runs_top_to_bottom"


def _set_nodeid(item, nodeid: str) -> None:
    structured = getattr(item, "_id", None)
    if structured is not None and hasattr(type(structured), "parse"):   # pytest >= 9.2
        item._id = type(structured).parse(nodeid)
    else:                                                               # what pytest-xdist assigns
        item._nodeid = nodeid


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    if not getattr(config.option, "loadgroup", False):   # set on xdist's workers under --dist loadgroup
        return
    for item in items:
        suffix = group_suffix(item)
        if suffix and not item.nodeid.endswith(suffix):
            nodeid = item.nodeid.removesuffix(_suffix(_marked(item)))   # pytest < 9.2: xdist's own suffix
            _set_nodeid(item, nodeid + suffix)
            if not item.nodeid.endswith(suffix):
                raise pytest.UsageError(
                    f"tests/_xdist_groups.py cannot give {item.nodeid} its xdist group ({suffix}) with this "
                    "pytest: run without -n, or with pytest < 9.2 or a pytest-xdist that fixes issue 1386")
    # a whole notebook first among the ungrouped (xdist queues groups by size, then the rest in this order)
    items.sort(key=lambda item: not _runs_a_notebook(item))
