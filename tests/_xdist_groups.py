"""`--dist loadgroup` that groups again: the suffix pytest-xdist puts on a grouped test's id.

`make test` runs `pytest -n 2 --dist loadgroup`: every test marked
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
"""
from __future__ import annotations

import pytest


def group_suffix(item) -> str:
    """``@a_b`` for a test marked with groups ``a`` and ``b`` (pytest-xdist's spelling), or ``""``."""
    names = {str(m.args[0] if m.args else m.kwargs.get("name", "default"))
             for m in item.iter_markers("xdist_group")}
    return "@" + "_".join(sorted(names)) if names else ""


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
            _set_nodeid(item, item.nodeid + suffix)
            if not item.nodeid.endswith(suffix):
                raise pytest.UsageError(
                    f"tests/_xdist_groups.py cannot give {item.nodeid} its xdist group ({suffix}) with this "
                    "pytest: run without -n, or with pytest < 9.2 or a pytest-xdist that fixes issue 1386")
