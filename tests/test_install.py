"""nbteach installed from its wheel with pip alone, as a JupyterHub's user image installs it.

The wheel is built once from a copy of this worktree, without build isolation (nothing
downloaded), and installed by pip (``--no-deps``) into a fresh virtualenv made in a temporary
folder that already holds JupyterLab and nbteach's other dependencies: the releases this test
run uses, installed by uv from its cache (the one ``make`` filled; from the index only if the
cache lacks one) in a few CPU seconds, their compiled bytecode linked from this environment.
Two things are checked in that environment:

- the homework is package data (``nbteach/teacher/homework_sources/``): a teacher who installs
  nbteach with pip, with no clone of the repository, runs ``python -m nbteach.assign hw01``
  from any folder, without a secret (the self-study version) and with a roster and a secret
  (a variant each);
- JupyterLab started from that environment, as a JupyterHub starts a student's server, has
  what ``make lab`` gives: nbteach's JupyterLab extension listed and served, the lessons'
  settings (no news pop-up, no update check) as the settings' defaults, the server extension
  ``nbteach._server`` loaded and a kernel's websocket sending without Nagle's delay
  (TCP_NODELAY read on the server's own socket), and a lesson's controls answer in a real
  browser (lesson 01: a slider moved by the mouse and by the keyboard).
"""
from __future__ import annotations

import contextlib
import ctypes
import errno
import importlib.metadata
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import sysconfig
import time
import tomllib
import urllib.request
import warnings
from pathlib import Path

import pytest

from _browser_checks import check_lesson01_prior_by_mouse_and_likelihood_by_keyboard
from nbteach._server import LOADED
from nbteach.teacher.assign import main as assign_main
from nbteach.teacher.homework import sources
from test_browser import CHROMIUM, free_port, stop, wait_for_server
from test_browser_lessons import chromium, open_and_run_all, pages_for  # noqa: F401 (a fixture)

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = "hw01_bayes_and_smoothing.ipynb"
SECRET = "installed-package-secret-2b7d"
LESSON = "01_bayes_theorem.ipynb"


def _builds_wheels() -> bool:
    """Whether the setuptools here writes a wheel without build isolation (>= 70.1, or `wheel`)."""
    try:
        import setuptools
    except ImportError:
        return False
    try:
        import wheel  # noqa: F401
        return True
    except ImportError:
        pass
    major, minor = (int(x) for x in setuptools.__version__.split(".")[:2])
    return (major, minor) >= (70, 1)


pytestmark = pytest.mark.xdist_group("install")


def _env() -> dict:
    """This environment without what would put another nbteach, other sources or another
    Jupyter's folders first."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "NBTEACH_HOMEWORK", "NBTEACH_LANG",
                        "VIRTUAL_ENV") and not k.startswith("JUPYTER")}
    return dict(env, PIP_NO_INPUT="1", PIP_DISABLE_PIP_VERSION_CHECK="1")


def _run(argv, cwd, env=None) -> subprocess.CompletedProcess:
    return subprocess.run(argv, cwd=cwd, env=env or _env(), capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """nbteach's wheel, built from a copy of this worktree (the build writes build/ and *.egg-info
    beside the sources) without build isolation."""
    if not _builds_wheels():
        pytest.skip("this environment's setuptools cannot build a wheel without build isolation: "
                    "install the test extra (pip install -e '.[lab,test]', which asks for setuptools>=70.1)")
    base = tmp_path_factory.mktemp("wheel")
    assert ROOT not in base.parents
    src = base / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, src / name)
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "node_modules")
    shutil.copytree(ROOT / "nbteach", src / "nbteach", ignore=skip)
    shutil.copytree(ROOT / "lab", src / "lab", ignore=skip)    # the data files' sources
    r = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
              "--wheel-dir", str(base / "dist"), str(src)], cwd=base)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    (built,) = (base / "dist").glob("nbteach-*.whl")
    return built


def _dependencies() -> list[str]:
    """What ``pip install nbteach[lab]`` asks for: pyproject's dependencies and its lab extra."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return project["dependencies"] + project["optional-dependencies"]["lab"]


def _install_dependencies(python: Path, base: Path) -> None:
    """JupyterLab and nbteach's other dependencies into the venv of ``python``, at the releases this
    test run has: by uv (from its cache, else from the index pip is set to use), else by pip."""
    (base / "requirements.txt").write_text("\n".join(_dependencies()) + "\n", encoding="utf-8")
    installed = importlib.metadata.distributions(path=[sysconfig.get_path("purelib")])
    pins = sorted({f"{d.metadata['Name']}=={d.version}" for d in installed
                   if d.metadata["Name"] and d.metadata["Name"].lower() != "nbteach"})
    (base / "constraints.txt").write_text("\n".join(pins) + "\n", encoding="utf-8")
    args = ["install", "--python", str(python), "-r", "requirements.txt", "-c", "constraints.txt"]
    index = _run([sys.executable, str(ROOT / "tools" / "pip_index.py")], cwd=base).stdout.split()
    attempts = [[sys.executable, "-m", "uv", "pip", *args, "--offline"],
                [sys.executable, "-m", "uv", "pip", *args, *index],
                [sys.executable, "-m", "pip", "--python", str(python), "install", "-r", "requirements.txt",
                 "-c", "constraints.txt"]]
    for argv in attempts:
        r = _run(argv, cwd=base)
        if r.returncode == 0:
            return
    raise AssertionError("could not install nbteach's dependencies into a fresh venv:\n"
                         + r.stdout[-3000:] + r.stderr[-3000:])


def _link_bytecode(site_from: Path, site_to: Path) -> int:
    """Hard-link the compiled bytecode (``__pycache__/*.pyc``) of this environment's packages into
    the fresh venv's: pip compiles it as it installs, uv (without --compile-bytecode) does not, and
    without it each process of the venv compiled sympy, numpy, pandas, jupyter_server ... afresh
    where PYTHONDONTWRITEBYTECODE is set (this module: 98 CPU s instead of 55). Valid where the
    sources are the same files (uv links both environments' from its cache); Python checks each
    source's mtime and size against its .pyc and compiles where they differ. Returns the number
    of files linked."""
    linked = 0
    for cache in site_from.rglob("__pycache__"):
        target = site_to / cache.relative_to(site_from)
        if not target.parent.is_dir() or cache.parent.name == "nbteach":
            continue
        target.mkdir(exist_ok=True)
        for pyc in cache.glob("*.pyc"):
            with contextlib.suppress(OSError):        # already there, or another file system
                os.link(pyc, target / pyc.name)
                linked += 1
    return linked


@pytest.fixture(scope="module")
def hub(wheel, tmp_path_factory):
    """(python of a fresh venv with JupyterLab and nbteach's dependencies, into which pip alone
    installed nbteach's wheel; the venv's site-packages)."""
    base = tmp_path_factory.mktemp("hub")
    venv = base / "venv"
    r = _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=base)
    assert r.returncode == 0, r.stderr
    python = venv / "bin" / "python"
    _install_dependencies(python, base)
    site = Path(_run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                     cwd=base).stdout.strip())
    _link_bytecode(Path(sysconfig.get_path("purelib")), site)
    r = _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index",
              str(wheel)], cwd=base)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return python, site


@pytest.fixture(scope="module")
def installed(hub, tmp_path_factory):
    """(python of the venv holding nbteach's wheel, a work folder outside the repository, its site-packages)."""
    python, site = hub
    work = tmp_path_factory.mktemp("work")
    assert ROOT not in work.parents
    return python, work, site


def test_the_wheel_carries_the_files_make_lab_copies_for_an_editable_install(wheel):
    """The wheel's data files are pyproject.toml's table, file for file, as lab/install_data_files.py
    reads it for `make lab`'s editable install: the two installs give JupyterLab the same files."""
    import zipfile

    sys.path.insert(0, str(ROOT / "lab"))
    from install_data_files import data_files

    with zipfile.ZipFile(wheel) as z:
        shipped = {n.split(".data/data/", 1)[1]: z.read(n) for n in z.namelist() if ".data/data/" in n}
    copied = {f"{dest}/{source.name}": source.read_bytes() for dest, files in data_files().items() for source in files}
    assert shipped == copied, sorted(set(shipped) ^ set(copied))
    assert "etc/jupyter/jupyter_server_config.d/nbteach.json" in shipped


def test_the_installed_package_is_the_one_imported_and_lists_the_project_s_homework(installed):
    python, work, site = installed
    r = _run([str(python), "-c", "import nbteach.teacher.homework as h; print(h.__file__); print(h.sources())"],
             cwd=work)
    assert r.returncode == 0, r.stderr
    where, found = r.stdout.splitlines()
    assert Path(where).is_relative_to(site), where
    assert found == repr(sources()) and "hw01" in found
    r = _run([str(python), "-m", "nbteach.assign", "--help"], cwd=work)
    assert r.returncode == 0 and "hw01" in r.stdout and "hw06" in r.stdout, r.stdout + r.stderr


def test_assign_self_study_from_an_installed_package(installed):
    python, work, _ = installed
    r = _run([str(python), "-m", "nbteach.assign", "hw01", "--out", "self"], cwd=work)
    assert r.returncode == 0, r.stderr
    built = (work / "self" / NOTEBOOK).read_text(encoding="utf-8")
    assert built == (ROOT / "notebooks" / "homework" / NOTEBOOK).read_text(encoding="utf-8")


def test_assign_with_a_roster_and_a_secret_from_an_installed_package(installed, tmp_path):
    python, work, _ = installed
    (work / "roster.csv").write_text("id,name\nalice,Alice\nbob,Bob\n", encoding="utf-8")
    (work / "secret.txt").write_text(SECRET + "\n", encoding="utf-8")
    r = _run([str(python), "-m", "nbteach.assign", "hw01", "--roster", "roster.csv",
              "--secret-file", "secret.txt", "--out", "release"], cwd=work)
    assert r.returncode == 0, r.stderr
    # the same notebooks as this checkout writes in process
    assert assign_main(["hw01", "--roster", str(work / "roster.csv"), "--secret-file", str(work / "secret.txt"),
                        "--out", str(tmp_path / "here")]) == 0
    texts = {}
    for sid in ("alice", "bob"):
        texts[sid] = (work / "release" / sid / NOTEBOOK).read_text(encoding="utf-8")
        assert texts[sid] == (tmp_path / "here" / sid / NOTEBOOK).read_text(encoding="utf-8"), sid
    assert texts["alice"] != texts["bob"]   # a variant each


def _own_hw01(folder: Path) -> Path:
    """A teacher's own source named hw01 (the project's, writing another notebook), in ``folder``."""
    text = (ROOT / "nbteach" / "teacher" / "homework_sources" / "hw01" / "homework.py").read_text(encoding="utf-8")
    assert f'NOTEBOOK = "{NOTEBOOK}"' in text
    (folder / "hw01").mkdir(parents=True)
    (folder / "hw01" / "homework.py").write_text(text.replace(f'NOTEBOOK = "{NOTEBOOK}"', 'NOTEBOOK = "mine.ipynb"'),
                                                 encoding="utf-8")
    return folder


def test_nbteach_homework_comes_before_the_project_s_sources(tmp_path, monkeypatch):
    from nbteach.teacher.homework import HOMEWORK_DIRS, load

    assert load("hw01").folder == HOMEWORK_DIRS[0].resolve() / "hw01"
    assert HOMEWORK_DIRS == [ROOT / "nbteach" / "teacher" / "homework_sources"]
    monkeypatch.setenv("NBTEACH_HOMEWORK", str(_own_hw01(tmp_path / "mine")))
    assert load("hw01").notebook == "mine.ipynb"
    assert sources().count("hw01") == 1 and "hw06" in sources()


def test_nbteach_homework_comes_first_for_an_installed_package(installed, tmp_path):
    python, work, _ = installed
    env = dict(_env(), NBTEACH_HOMEWORK=str(_own_hw01(tmp_path / "mine")))
    r = subprocess.run([str(python), "-m", "nbteach.assign", "hw01", "--out", "own"], cwd=work, env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert [p.name for p in (work / "own").iterdir()] == ["mine.ipynb"]


def test_an_unknown_assignment_from_an_installed_package_names_the_known_ones(installed):
    python, work, _ = installed
    r = _run([str(python), "-m", "nbteach.assign", "hw99", "--out", "x"], cwd=work)
    assert r.returncode == 2
    assert "unknown assignment 'hw99'" in r.stderr and "hw01" in r.stderr, r.stderr


# --- JupyterLab started from the installed wheel, as a JupyterHub starts a student's server ---

def _pidfd_getfd(pid: int, fd: int) -> int:
    """A copy, in this process, of the file descriptor ``fd`` of process ``pid`` (Linux >= 5.6,
    pidfd_getfd; allowed where this process may trace ``pid``, its child)."""
    libc = ctypes.CDLL(None, use_errno=True)
    pidfd = os.pidfd_open(pid)
    try:
        copy = libc.syscall(438, pidfd, fd, 0)        # SYS_pidfd_getfd (one number on x86-64 and arm64 alike)
        if copy < 0:
            err = ctypes.get_errno()
            raise OSError(err, os.strerror(err))
        return copy
    finally:
        os.close(pidfd)


def _server_nodelay(pid: int, port: int, peer_port: int) -> int | None:
    """TCP_NODELAY of the connection the server ``pid`` accepted on ``port`` from ``peer_port``
    (None: no such connection yet)."""
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            if not os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:"):
                continue
            copy = _pidfd_getfd(pid, int(fd))
        except OSError as e:
            if e.errno in (errno.ENOENT, errno.EBADF):     # closed meanwhile
                continue
            raise
        with socket.socket(fileno=copy) as s:
            if s.family != socket.AF_INET or s.type != socket.SOCK_STREAM or s.getsockname()[1] != port:
                continue
            with contextlib.suppress(OSError):               # the listening socket has no peer
                if s.getpeername()[1] == peer_port:
                    return s.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
    return None


def _kernel_socket_nodelay(pid: int, port: int, token: str, kernel: str) -> int:
    """Open a websocket on ``kernel``'s channels (the handshake the browser makes, with a session
    of its own) and read TCP_NODELAY on the server's end of it."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as ws:
        ws.sendall((f"GET /api/kernels/{kernel}/channels?session_id=nbteach-install-probe&token={token} HTTP/1.1\r\n"
                    f"Host: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    "Sec-WebSocket-Key: bmJ0ZWFjaC1wcm9iZS0xMg==\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = ws.recv(4096)
            assert chunk, f"the server closed the websocket: {answer!r}"
            answer += chunk
        assert answer.startswith(b"HTTP/1.1 101"), answer
        # the connection's connect() (which sets the option) runs once the handshake is answered
        deadline, value = time.time() + 30, None
        while time.time() < deadline and not value:
            value = _server_nodelay(pid, port, ws.getsockname()[1])
            time.sleep(0.2)
        return value


@pytest.fixture(scope="module")
def hub_lab(hub, tmp_path_factory):
    """The venv's JupyterLab over a copy of lesson 01, started as a JupyterHub starts a student's
    server: its own `jupyter lab`, the venv's bin first on PATH, a home of its own (empty
    Jupyter user folders), nothing passed that the package should provide. Yields (process, port,
    token, its log, the environment it ran in)."""
    python, _ = hub
    base = tmp_path_factory.mktemp("hub-lab")
    (base / "notebooks").mkdir()
    shutil.copy(ROOT / "notebooks" / LESSON, base / "notebooks" / LESSON)
    # every cell drawn, also off-screen ones (as tests/test_browser_lessons.py's JupyterLab: the
    # lesson's check finds its view wherever it is); the student's own settings folder
    tracker = base / "settings" / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings"
    tracker.parent.mkdir(parents=True)
    tracker.write_text(json.dumps({"windowingMode": "none"}), encoding="utf-8")
    env = dict(_env(), PATH=os.pathsep.join([str(python.parent), os.environ.get("PATH", "")]),
               HOME=str(base / "home"), JUPYTER_CONFIG_DIR=str(base / "home" / ".jupyter"),
               JUPYTER_DATA_DIR=str(base / "home" / ".local" / "share" / "jupyter"))
    port, token = free_port(), "nbteach-hub-token"
    log = base / "server.log"
    with open(log, "w") as out:
        proc = subprocess.Popen(
            [str(python.parent / "jupyter"), "lab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
             *(["--allow-root"] if os.getuid() == 0 else []), f"--IdentityProvider.token={token}",
             f"--notebook-dir={base / 'notebooks'}", f"--LabApp.user_settings_dir={base / 'settings'}",
             f"--LabApp.workspaces_dir={base / 'workspaces'}", "--KernelManager.shutdown_wait_time=0"],
            cwd=base, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_for_server(port, token, proc)
        yield proc, port, token, log, env
    finally:
        stop(proc)


def test_the_wheel_installs_the_extension_the_settings_and_the_server_extension(hub, hub_lab):
    """JupyterLab in the venv finds all three where the wheel put them, and uses them (read from
    the running server, not from another process: `jupyter labextension list` and `jupyter
    server extension list` cost about 5 CPU s each here, half of it an import jsonschema makes)."""
    python, _ = hub
    _, port, token, log, _ = hub_lab
    prefix = python.parent.parent
    # the extension: the page's config lists it (the build in lab/nbteach-lab, enabled), found in
    # the venv's labextensions folder and in no other folder JupyterLab looks in
    page = urllib.request.urlopen(f"http://127.0.0.1:{port}/lab?token={token}", timeout=60).read().decode()
    config = json.loads(re.search(r'<script id="jupyter-config-data"[^>]*>(.*?)</script>', page, re.S).group(1))
    built = json.loads((ROOT / "lab" / "nbteach-lab" / "labextension" / "package.json").read_text(encoding="utf-8"))
    served = {e["name"]: e for e in config["federated_extensions"]}
    assert served.get("nbteach-lab", {}).get("load") == built["jupyterlab"]["_build"]["load"], served.keys()
    assert "nbteach-lab" not in config["disabledExtensions"]
    found = [Path(d) for d in config["labextensionsPath"] if (Path(d) / "nbteach-lab" / "package.json").is_file()]
    assert found == [prefix / "share" / "jupyter" / "labextensions"], (found, config["labextensionsPath"])
    install = json.loads((found[0] / "nbteach-lab" / "install.json").read_text(encoding="utf-8"))
    assert install["packageName"] == "nbteach"        # `jupyter labextension list`: "(python, nbteach)"
    # the lessons' settings are the defaults JupyterLab serves (overrides.d/nbteach.json)
    url = f"http://127.0.0.1:{port}/lab/api/settings/@jupyterlab/apputils-extension:notification?token={token}"
    schema = json.load(urllib.request.urlopen(url, timeout=60))["schema"]["properties"]
    assert schema["fetchNews"]["default"] == "false" and schema["checkForUpdates"]["default"] is False, schema
    # the server extension: enabled by the wheel's config file, loaded by this server
    text = log.read_text()
    assert "nbteach._server | extension was successfully loaded." in text, text[-3000:]
    assert f"{LOADED} (NoDelayZMQChannelsWebsocketConnection)" in text, text[-3000:]


@pytest.mark.skipif(not CHROMIUM, reason="chromium is not installed (apt-get install -y chromium)")
def test_a_lesson_s_controls_answer_and_its_kernel_socket_has_no_delay(hub_lab, chromium, tmp_path):
    """Lesson 01 run in the browser from the venv's JupyterLab, its explorer's prior moved by the
    mouse and a likelihood by the keyboard (tests/_browser_checks.py's check of that lesson); then
    a websocket on the lesson's kernel sends without Nagle's delay, read on the server's socket."""
    proc, port, token, _, _ = hub_lab
    context = pages_for(chromium, tmp_path / "profile")
    try:
        page = open_and_run_all(context, port, token, LESSON)
        text = page.inner_text(".jp-Notebook")
        assert "Traceback (most recent call last)" not in text and "Loading widget" not in text
        check_lesson01_prior_by_mouse_and_likelihood_by_keyboard(page, None)
    finally:
        context.close()
    (kernel,) = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/api/kernels?token={token}", timeout=60))
    try:
        nodelay = _kernel_socket_nodelay(proc.pid, port, token, kernel["id"])
    except OSError as e:        # pidfd_getfd refused (a container without ptrace rights) or missing
        if e.errno not in (errno.EPERM, errno.EACCES, errno.ENOSYS):
            raise
        warnings.warn(f"TCP_NODELAY not read on the server's socket ({e}): the server's log says the "
                      "extension was loaded (test above)")
        return
    assert nodelay == 1, f"the server's end of a kernel websocket has TCP_NODELAY {nodelay}"
