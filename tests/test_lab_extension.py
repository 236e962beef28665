"""nbteach's JupyterLab extension (lab/nbteach-lab) lands where JupyterLab finds it.

`make lab`'s install step (the same for `make teacher` and `make test`) and Binder's postBuild
copy the built extension into ``<prefix>/share/jupyter/labextensions/nbteach-lab``. Each runs
here into a temporary prefix, with ``pip`` (and, for postBuild, ``python``) replaced by stand-ins
that install nothing, and ``jupyter labextension list`` then has to show the extension enabled
and OK in that prefix. What it does in the browser: tests/test_browser_deck.py.
"""
from __future__ import annotations

import filecmp
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUILT = ROOT / "lab" / "nbteach-lab" / "labextension"
JUPYTER = Path(sys.executable).parent / "jupyter"
SERVER_CONFIG = ROOT / "lab" / "jupyter_server_config.py"


def _stand_in(folder: Path, name: str, text: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text("#!/bin/sh\n" + text + "\n")
    (folder / name).chmod(0o755)


def _same_tree(a: Path, b: Path) -> bool:
    if not b.is_dir():
        return False
    cmp = filecmp.dircmp(a, b)
    if cmp.left_only or cmp.right_only or cmp.diff_files or cmp.funny_files:
        return False
    return all(_same_tree(a / d, b / d) for d in cmp.common_dirs)


def _listed(prefix: Path) -> str:
    """The line `jupyter labextension list` prints for nbteach-lab under ``prefix``'s folder."""
    folder = prefix / "share" / "jupyter" / "labextensions"
    env = dict(os.environ, JUPYTER_PATH=str(prefix / "share" / "jupyter"), NO_COLOR="1")
    out = subprocess.run([str(JUPYTER), "labextension", "list"], env=env, capture_output=True, text=True,
                         timeout=300)
    text = re.sub(r"\x1b\[[0-9;]*m", "", out.stdout + out.stderr)
    section = text.split(str(folder), 1)
    assert len(section) == 2, f"jupyter labextension list does not look in {folder}:\n{text}"
    first = section[1].split("\n/", 1)[0]       # up to the next folder it lists
    line = [ln.strip() for ln in first.splitlines() if ln.strip().startswith("nbteach-lab ")]
    assert line, f"nbteach-lab is not listed in {folder}:\n{text}"
    return line[0]


def test_the_built_extension_is_in_the_repository():
    data = json.loads((BUILT / "package.json").read_text(encoding="utf-8"))
    source = json.loads((ROOT / "lab" / "nbteach-lab" / "package.json").read_text(encoding="utf-8"))
    assert data["name"] == source["name"] == "nbteach-lab" and data["version"] == source["version"]
    assert (BUILT / data["jupyterlab"]["_build"]["load"]).is_file()


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_lab_installs_the_extension_where_jupyterlab_finds_it(tmp_path):
    venv = tmp_path / "venv"
    _stand_in(venv / "bin", "python", "exit 0")      # the install's pip runs as `$(PY) -m pip`
    target = f"{venv}/.lab-installed"
    out = subprocess.run(["make", "-C", str(ROOT), f"VENV={venv}", target], capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    installed = venv / "share" / "jupyter" / "labextensions" / "nbteach-lab"
    assert _same_tree(BUILT, installed), f"{installed} is missing or differs from {BUILT}"
    assert re.fullmatch(r"nbteach-lab v\S+ enabled\s+OK.*", _listed(venv)), _listed(venv)
    assert filecmp.cmp(SERVER_CONFIG, venv / "etc" / "jupyter" / "jupyter_server_config.py", shallow=False)
    # an extension built again replaces the one installed, and leaves none of its old files
    (installed / "static" / "left-over.js").write_text("")
    (venv / ".lab-installed").unlink()
    assert subprocess.run(["make", "-C", str(ROOT), f"VENV={venv}", target], capture_output=True).returncode == 0
    assert _same_tree(BUILT, installed), "a file of an earlier build was left installed"


def test_binder_installs_the_extension_where_jupyterlab_finds_it(tmp_path):
    prefix, tools = tmp_path / "prefix", tmp_path / "bin"
    _stand_in(tools, "pip", "exit 0")
    _stand_in(tools, "python", f"echo '{prefix}'")    # postBuild asks python for sys.prefix
    env = dict(os.environ, PATH=os.pathsep.join([str(tools), os.environ["PATH"]]))
    out = subprocess.run(["bash", str(ROOT / "binder" / "postBuild")], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    installed = prefix / "share" / "jupyter" / "labextensions" / "nbteach-lab"
    assert _same_tree(BUILT, installed), f"{installed} is missing or differs from {BUILT}"
    assert (prefix / "share" / "jupyter" / "lab" / "settings" / "overrides.json").is_file()
    assert re.fullmatch(r"nbteach-lab v\S+ enabled\s+OK.*", _listed(prefix)), _listed(prefix)
    assert filecmp.cmp(SERVER_CONFIG, prefix / "etc" / "jupyter" / "jupyter_server_config.py", shallow=False)


def test_the_server_config_turns_nagle_off_on_the_browsers_kernel_socket(monkeypatch):
    """lab/jupyter_server_config.py, read as Jupyter reads it, names a kernel connection whose
    connect sets TCP_NODELAY on the browser's websocket (tornado's set_nodelay), then connects
    as jupyter_server's own connection does."""
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader(SERVER_CONFIG.name, str(SERVER_CONFIG.parent)).load_config()
    cls = config.ServerApp.kernel_websocket_connection_class
    assert isinstance(cls, type) and issubclass(cls, ZMQChannelsWebsocketConnection), cls
    calls = []

    class Handler:
        def set_nodelay(self, value):
            calls.append(("nodelay", value))

    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", lambda self: calls.append("connect") or "future")
    connection = cls.__new__(cls)
    connection._trait_values["websocket_handler"] = Handler()
    assert connection.connect() == "future"
    assert calls == [("nodelay", True), "connect"]


def test_jupyterlab_reads_the_server_config_at_start(tmp_path):
    """The file in a folder Jupyter reads config from is in the server's config at start."""
    (tmp_path / "jupyter_server_config.py").write_text(SERVER_CONFIG.read_text(encoding="utf-8"))
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp_path))
    out = subprocess.run([str(JUPYTER), "server", "--show-config"], env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "kernel_websocket_connection_class" in out.stdout and "NoDelayKernelConnection" in out.stdout, out.stdout
