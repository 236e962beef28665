"""Print ``--index-url URL`` for uv when pip is set to install from another index than PyPI.

``make lab`` and ``make test`` install with uv (see the Makefile), which does not read pip's
configuration. A student who set a mirror for pip (``pip config set global.index-url
https://pypi.tuna.tsinghua.edu.cn/simple``, or ``PIP_INDEX_URL``), as many in China do, would
otherwise have uv fetch everything from pypi.org: slowly, or not at all. Pip's own order decides:
the environment variable, then the ``[install]`` section, then ``[global]``. Prints nothing when
pip uses PyPI.

    python tools/pip_index.py        # e.g. --index-url https://pypi.tuna.tsinghua.edu.cn/simple
"""
from __future__ import annotations

import subprocess
import sys


def index_url(config_list: str) -> str | None:
    """The index pip installs from, given the output of ``pip config list`` (None: PyPI).

    >>> index_url("global.index-url='https://mirror.example/simple'\\nglobal.extra-index-url='x'")
    'https://mirror.example/simple'
    >>> index_url(":env:.index-url='https://a/simple'\\nglobal.index-url='https://b/simple'")
    'https://a/simple'
    >>> index_url("global.extra-index-url='file:///opt/pypi/simple'") is None
    True
    """
    found = {}
    for line in config_list.splitlines():
        key, _, value = line.partition("=")
        scope, _, name = key.strip().rpartition(".")
        if name == "index-url":
            found[scope] = value.strip().strip("'\"")
    return next((found[s] for s in (":env:", "install", "global") if found.get(s)), None)


def main() -> int:
    listed = subprocess.run([sys.executable, "-m", "pip", "config", "list"], capture_output=True, text=True)
    url = index_url(listed.stdout) if listed.returncode == 0 else None
    if url:
        print("--index-url", url)
    return 0


if __name__ == "__main__":
    sys.exit(main())
