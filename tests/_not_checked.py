"""What this machine could not check, by the system package it lacks (``.ci/run`` installs them
all): a test that needs one is skipped with the package's name in its reason, and a test that
needs one for only one of its checks (the browser's missing-glyph check of a Chinese lesson) skips
that check and says so here; tests/conftest.py lists both when the run ends."""
from __future__ import annotations

import shutil
import subprocess

#: the system packages some tests need, and what each is for
PACKAGES = {
    "chromium": "the browser tests (lessons run in JupyterLab, widgets driven)",
    "bubblewrap": "the sealed grading of homework submissions",
    "fonts-noto-cjk": "Chinese characters drawn by the browser (the missing-glyph checks)",
}

_pending: list = []


def system_cjk_font() -> bool:
    """A font with Chinese characters that the system (fontconfig, what Chromium draws with) has."""
    if not shutil.which("fc-list"):
        return False
    out = subprocess.run(["fc-list", ":lang=zh", "family"], capture_output=True, text=True).stdout
    return bool(out.strip())


def not_checked(package: str, what: str) -> None:
    """Record that the running test left ``what`` unchecked for want of ``package``."""
    assert package in PACKAGES, package
    _pending.append((package, what))


def take() -> list:
    """The records of the test that just ran (tests/conftest.py moves them into its report)."""
    out = list(_pending)
    _pending.clear()
    return out
