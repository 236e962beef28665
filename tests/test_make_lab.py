"""`make lab` prints both editions' addresses with the server's token, and the browser opens the
Chinese edition when the system's language is Chinese; the first install says what it is doing
before uv is installed. JupyterLab is not started: the Makefile's JUPYTER is a stand-in that
prints what it was given."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

sys.path.insert(0, str(ROOT / "tools"))
from lab_addresses import chinese  # noqa: E402


def _make_lab(tmp_path, target="lab", **env):
    stand_in = tmp_path / "jupyter"
    stand_in.write_text('#!/bin/sh\necho "JUPYTER $* TOKEN=$JUPYTER_TOKEN"\n')
    stand_in.chmod(0o755)
    base = {k: v for k, v in os.environ.items()
            if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "NBTEACH_LANG", "JUPYTER_TOKEN")}
    out = subprocess.run(["make", "-s", "-o", ".venv/.lab-installed", target, "PORT=8123", f"JUPYTER={stand_in}",
                          "EDITION=" + str(tmp_path / "edition")],
                         cwd=ROOT, env={**base, "JUPYTERLAB_SETTINGS_DIR": str(tmp_path / "settings"), **env},
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    return out.stdout


@pytest.mark.parametrize("lang, opens", [("zh_CN.UTF-8", "/lab/tree/zh/00_start_here.ipynb"),
                                         ("en_US.UTF-8", "/lab/tree/00_start_here.ipynb")])
def test_make_lab_prints_both_addresses_with_the_token_and_opens_the_systems_language(tmp_path, lang, opens):
    printed = _make_lab(tmp_path, LANG=lang)
    token = re.search(r"TOKEN=([0-9a-f]{48})$", printed, re.M).group(1)
    en = re.search(r"English lessons: +(\S+)", printed).group(1)
    zh = re.search(r"中文版 \(Chinese\): +(\S+)", printed).group(1)
    assert en == f"http://127.0.0.1:8123/lab/tree/00_start_here.ipynb?token={token}"
    assert zh == f"http://127.0.0.1:8123/lab/tree/zh/00_start_here.ipynb?token={token}"
    assert f"--LabApp.default_url={opens} " in printed and "--notebook-dir=notebooks" in printed
    assert token not in printed.split("JUPYTER ", 1)[1].split("TOKEN=")[0]     # not on the command line
    again = _make_lab(tmp_path, LANG=lang)
    assert token not in again                                                   # a new token each start


def test_make_teacher_prints_both_addresses_too(tmp_path):
    printed = _make_lab(tmp_path, "teacher", NBTEACH_LANG="zh")
    assert re.search(r"中文版 \(Chinese\): +http://127\.0\.0\.1:8123/lab/tree/zh/00_start_here\.ipynb\?token=[0-9a-f]{48}",
                     printed), printed
    assert "--LabApp.default_url=/lab/tree/zh/00_start_here.ipynb" in printed
    assert f"--notebook-dir={tmp_path / 'edition'}" in printed


def test_the_system_language_rule():
    assert chinese({"LANG": "zh_TW.UTF-8"}, "linux") and chinese({"LC_ALL": "zh_CN"}, "linux")
    assert not chinese({"LANG": "C.UTF-8"}, "linux") and not chinese({}, "linux")
    assert not chinese({"NBTEACH_LANG": "en", "LANG": "zh_CN.UTF-8"}, "linux")


def test_the_first_install_says_what_it_does_before_installing_uv():
    """On a slow network `pip install uv` prints nothing for a while: a line says what is coming
    first, in both languages, and pip shows its progress (no -q)."""
    out = subprocess.run(["make", "-n", "-B", ".venv/.lab-installed"], cwd=ROOT, capture_output=True, text=True,
                         timeout=60).stdout.splitlines()
    uv = next(i for i, line in enumerate(out) if "pip install" in line and " uv" in line)
    before = "\n".join(out[:uv])
    assert "echo" in before and "slow network" in before and "网速慢" in before and "镜像" in before
    assert " -q " not in out[uv]
