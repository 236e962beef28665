"""What JupyterLab needs besides the package lands where Jupyter finds it, and does its job.

The wheel carries nbteach's JupyterLab extension (lab/nbteach-lab), the lessons' settings and the
file that enables the server extension ``nbteach._server`` as data files (pyproject.toml's
``[tool.setuptools.data-files]``; tests/test_install.py installs the wheel with pip and checks a
JupyterLab started from it). An editable install leaves them out, so `make lab` (the same for
`make teacher` and `make test`) copies them with lab/install_data_files.py: run here into a
temporary prefix, with ``python`` a stand-in that installs nothing and runs only that script,
and ``jupyter labextension list`` then has to show the extension enabled and OK in that prefix.
The server extension is checked as jupyter_server loads it. What the extension does in the
browser: tests/test_browser_deck.py.
"""
from __future__ import annotations

import filecmp
import json
import logging
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUILT = ROOT / "lab" / "nbteach-lab" / "labextension"
JUPYTER = Path(sys.executable).parent / "jupyter"
sys.path.insert(0, str(ROOT / "lab"))

from install_data_files import data_files  # noqa: E402


def _stand_in(folder: Path, name: str, text: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text("#!/bin/sh\n" + text + "\n")
    (folder / name).chmod(0o755)


def _same_tree(a: Path, b: Path, beside=("install.json",)) -> bool:
    """``b`` holds the files of ``a`` and no other (but ``beside``, installed next to the build)."""
    if not b.is_dir():
        return False
    cmp = filecmp.dircmp(a, b, ignore=list(beside))
    if cmp.left_only or cmp.right_only or cmp.diff_files or cmp.funny_files:
        return False
    return all(_same_tree(a / d, b / d, ()) for d in cmp.common_dirs)


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


def _same_files(prefix: Path) -> None:
    """Every data file of pyproject.toml's table is at its place under ``prefix``, the same file."""
    for dest, files in data_files().items():
        for source in files:
            installed = prefix / dest / source.name
            assert filecmp.cmp(source, installed, shallow=False), f"{installed} is missing or differs from {source}"


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_lab_installs_the_extension_the_settings_and_the_server_extension(tmp_path):
    venv = tmp_path / "venv"
    # the install's pip and uv run as `$(PY) -m ...`: nothing installed; the data files' copy runs
    _stand_in(venv / "bin", "python", f'[ "$1" = lab/install_data_files.py ] && exec {sys.executable} "$@"\nexit 0')
    # what an earlier Makefile copied into the venv by hand, and a file of the user's own
    old_config = venv / "etc" / "jupyter" / "jupyter_server_config.py"
    old_config.parent.mkdir(parents=True)
    old_config.write_text("class NoDelayKernelConnection: ...\nc.ServerApp.kernel_websocket_connection_class = "
                          "NoDelayKernelConnection\n")
    old_overrides = venv / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    old_overrides.parent.mkdir(parents=True)
    shutil.copy(ROOT / "lab" / "overrides.d" / "nbteach.json", old_overrides)
    target = f"{venv}/.lab-installed"
    out = subprocess.run(["make", "-C", str(ROOT), f"VENV={venv}", target], capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    _same_files(venv)
    installed = venv / "share" / "jupyter" / "labextensions" / "nbteach-lab"
    assert _same_tree(BUILT, installed), f"{installed} differs from {BUILT}"
    assert re.fullmatch(r"nbteach-lab v\S+ enabled\s+OK\s+\(python, nbteach\)", _listed(venv)), _listed(venv)
    assert not old_config.exists() and not old_overrides.exists()
    # an extension built again replaces the one installed, and leaves none of its old files; the
    # administrator's own overrides.json and server config are left alone
    (installed / "static" / "left-over.js").write_text("")
    old_overrides.write_text('{"@jupyterlab/apputils-extension:themes": {"theme": "JupyterLab Dark"}}')
    old_config.write_text("c.ServerApp.iopub_msg_rate_limit = 1e9\n")
    (venv / ".lab-installed").unlink()
    assert subprocess.run(["make", "-C", str(ROOT), f"VENV={venv}", target], capture_output=True).returncode == 0
    assert _same_tree(BUILT, installed), "a file of an earlier build was left installed"
    assert old_overrides.exists() and old_config.exists()


def test_every_data_file_is_in_the_repository():
    """pyproject.toml's patterns each match files (setuptools ships nothing, silently, for a glob
    that matches none): the extension's build, its install.json, the settings, the server config."""
    table = data_files()
    names = {f"{dest}/{source.name}" for dest, files in table.items() for source in files}
    assert {"share/jupyter/labextensions/nbteach-lab/package.json",
            "share/jupyter/labextensions/nbteach-lab/install.json",
            f"share/jupyter/labextensions/nbteach-lab/{json.loads((BUILT / 'package.json').read_text())['jupyterlab']['_build']['load']}",
            "share/jupyter/lab/settings/overrides.d/nbteach.json",
            "etc/jupyter/jupyter_server_config.d/nbteach.json"} <= names, names
    assert len(table["share/jupyter/labextensions/nbteach-lab/static"]) == len(list((BUILT / "static").iterdir()))


def test_the_settings_turn_the_news_and_the_update_check_off():
    settings = json.loads((ROOT / "lab" / "overrides.d" / "nbteach.json").read_text(encoding="utf-8"))
    assert settings == {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false",
                                                                         "checkForUpdates": False}}


def _serverapp(cls):
    """What jupyter_server hands an extension's loader: the server, its web application's
    settings, its log."""
    return SimpleNamespace(kernel_websocket_connection_class=cls, log=logging.getLogger("test"),
                           web_app=SimpleNamespace(settings={"kernel_websocket_connection_class": cls}))


def _connect(cls, monkeypatch):
    """What ``cls().connect()`` does to the browser's websocket, with jupyter_server's own connect
    (which would open the kernel's channels) recording its call instead."""
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

    calls = []

    class Handler:
        def set_nodelay(self, value):
            calls.append(("nodelay", value))

    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", lambda self: calls.append("connect") or "future")
    connection = cls.__new__(cls)
    connection._trait_values["websocket_handler"] = Handler()
    assert connection.connect() == "future"
    return calls


def test_the_server_extension_turns_nagle_off_on_the_browsers_kernel_socket(monkeypatch):
    """Loaded as jupyter_server loads it, nbteach._server serves every kernel websocket with a
    connection whose connect sets TCP_NODELAY on the browser's websocket (tornado's set_nodelay),
    then connects as jupyter_server's own connection does."""
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

    from nbteach._server import _load_jupyter_server_extension

    server = _serverapp(ZMQChannelsWebsocketConnection)
    _load_jupyter_server_extension(server)
    cls = server.web_app.settings["kernel_websocket_connection_class"]
    assert cls is server.kernel_websocket_connection_class and issubclass(cls, ZMQChannelsWebsocketConnection)
    assert cls is not ZMQChannelsWebsocketConnection
    assert _connect(cls, monkeypatch) == [("nodelay", True), "connect"]
    assert _connect(ZMQChannelsWebsocketConnection, monkeypatch) == ["connect"]     # what it replaced
    _load_jupyter_server_extension(server)       # loaded twice: wrapped once
    assert server.web_app.settings["kernel_websocket_connection_class"] is cls


def test_the_server_extension_keeps_a_connection_class_an_administrator_configured(monkeypatch):
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

    from nbteach._server import _load_jupyter_server_extension

    class Audited(ZMQChannelsWebsocketConnection):
        def connect(self):
            self.websocket_handler.set_nodelay("audited")
            return super().connect()

    server = _serverapp(Audited)
    _load_jupyter_server_extension(server)
    cls = server.web_app.settings["kernel_websocket_connection_class"]
    assert issubclass(cls, Audited)
    assert _connect(cls, monkeypatch) == [("nodelay", True), ("nodelay", "audited"), "connect"]


def test_the_config_file_enables_an_extension_jupyter_server_can_load():
    """lab/jupyter_server_config.d/nbteach.json (installed into etc/jupyter/) names a module that
    jupyter_server finds and validates as an extension, as `jupyter server extension list` does."""
    from jupyter_server.extension.manager import ExtensionPackage

    config = json.loads((ROOT / "lab" / "jupyter_server_config.d" / "nbteach.json").read_text(encoding="utf-8"))
    assert config == {"ServerApp": {"jpserver_extensions": {"nbteach._server": True}}}
    package = ExtensionPackage(name="nbteach._server", enabled=True)
    assert [p.module_name for p in package.extension_points.values()] == ["nbteach._server"] and package.validate()
