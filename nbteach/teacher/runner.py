"""The one client that runs a process sealed (``nbteach.teacher.sandbox``) or, told so, not.

The grader runs three kinds of process on a submission's behalf: the notebook (its
runner and kernel), the student's function on the exercise's inputs, and the judge that
reads answers into canonical forms. All three start here, by :func:`run`:

* what a process is given travels as files copied into its own tmpfs from a file
  descriptor (sealed; never a mount of the grader's folders) and its stdin, read from a
  file, not a pipe; what it returns comes back on its stdout, a regular file of the
  grader's read back up to a cap (a process left behind cannot hold a pipe open);
* sealed, it runs in a sandbox of its own: own PID namespace, own uid (reserved against
  every other grader on the machine), its own cgroup where the machine has them (memory and
  processes of the whole sandbox capped), nothing of the grader's environment, no file
  descriptor of the grader's but those; the working folder is a size-capped tmpfs;
* it is killed with everything it started after ``timeout`` seconds, and every process it
  left (sealed: its cgroup, and anything of its uid; unsealed: anything carrying its marker in
  the environment) is killed before :func:`run` returns; its folder is removed.

:func:`run_function` runs a student's function (``nbteach.check.sandbox``) and returns its
reply as bytes, unread: what the student's code returned is decoded only by the sealed
judge (``nbteach.teacher.judge``), never in the grader's process.
"""
from __future__ import annotations

import itertools
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import nbteach
from nbteach._base import NbteachError
from nbteach.check.serial import encode
from nbteach.teacher import sandbox

__all__ = ["Seal", "Run", "run", "run_function", "run_function_on", "library_root", "workspace", "READ_LIMIT"]

#: Bytes read back from a process's stdout or from a file it wrote.
READ_LIMIT = 64 * 2**20
#: Where a sealed process finds its files (a size-capped tmpfs; also its HOME).
INSIDE = "/sandbox"
#: Where a sealed process finds nbteach (a copy made inside, read-only; its PYTHONPATH).
LIBRARY = "/opt/nbteach"


@dataclass(frozen=True)
class Seal:
    """How the grader runs processes: ``on`` (sealed or not), ``memory`` (bytes per sandbox) and
    ``workdir`` (where a process's temporary folder is made; None: the system's)."""

    on: bool = False
    memory: int | None = None
    workdir: str | None = None


@dataclass
class Run:
    """What came back from :func:`run`."""

    returncode: int | None = None
    stdout: bytes = b""
    files: dict = field(default_factory=dict)   # name -> bytes (None: missing)
    timed_out: bool = False
    stderr: bytes = b""
    peak_memory: int | None = None   # sealed with a cgroup: the most its processes used at once, bytes


def library_root() -> Path:
    """The folder holding the nbteach package this process runs (mounted read-only inside)."""

    return Path(nbteach.__file__).resolve().parent


def run(argv, *, seal: Seal, stdin: bytes = b"", files=None, outputs=(), readable=(), env=None,
        timeout: float = 60.0, cpu_seconds: int | None = None, package=None) -> Run:
    """Run ``argv`` (``sys.executable`` first for Python) and collect what it returns.

    ``files``: name -> bytes, given to the process as files (read-only; ``{dir}/name``
    in ``argv`` and ``env`` values is replaced by their path); ``outputs``: names of files
    it may write; ``readable``: more folders it may read; ``env``: variables it gets on top
    of a clean base; ``package``: the folder of the nbteach package it imports (default: the
    grader's own).
    """
    _check_arguments(argv, seal, timeout, files, outputs)
    package = Path(package or library_root())
    files = dict(files or {})
    with tempfile.TemporaryDirectory(prefix="nbteach-run-", dir=seal.workdir) as tmp:
        tmp = Path(tmp)
        os.chmod(tmp, 0o755)
        box = tmp / "box"
        box.mkdir()
        for name, data in files.items():
            (box / name).write_bytes(data)
            os.chmod(box / name, 0o644)
        for name in outputs:
            (box / name).write_bytes(b"")
        (tmp / "stdin").write_bytes(stdin)
        marker = str(tmp)
        if seal.on:
            result = _run_sealed(argv, seal, tmp, box, files, outputs, readable, env, timeout, cpu_seconds, package)
        else:
            where = str(box)
            argv = [a.replace("{dir}", where) for a in argv]
            full = {k: v for k, v in os.environ.items() if k != "NBTEACH_RECORD"}
            full.update({k: v.replace("{dir}", where) for k, v in (env or {}).items()})
            full.update(NBTEACH_SANDBOX=marker, PYTHONDONTWRITEBYTECODE="1",
                        PYTHONPATH=os.pathsep.join(p for p in (str(package.parent), os.environ.get("PYTHONPATH", ""))
                                                   if p))
            result = _start(argv, tmp, full, None, timeout, cwd=where)
            kill_marked(marker)
        result.files = {name: _read(box / name) for name in outputs}
        return result


def _check_arguments(argv, seal, timeout, files, outputs) -> None:

    if not isinstance(argv, (list, tuple)) or not argv or not all(isinstance(a, (str, os.PathLike)) for a in argv):
        raise NbteachError(f"argv must be a non-empty list of strings (the program first), got {argv!r:.80}.")
    if not isinstance(seal, Seal):
        raise NbteachError(f"seal must be a nbteach.teacher.runner.Seal (Seal(on=True) to seal), got {seal!r:.80}.")
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout < 86400:
        raise NbteachError(f"timeout must be a number of seconds between 0 and 86400, got {timeout!r}.")
    names = list(files or {}) + list(outputs)
    bad = [n for n in names if not isinstance(n, str) or not n or "/" in n or n.startswith(".")]
    if bad or len(set(names)) != len(names):
        raise NbteachError(f"file names must be distinct plain names (no '/', not hidden), got {names!r:.120}.")
    if not all(isinstance(v, bytes) for v in (files or {}).values()):
        raise NbteachError("files must map each name to bytes (its content).")
    if not shutil.which(str(argv[0])):
        raise NbteachError(f"{argv[0]!s:.80} is not a program here: give its full path (sys.executable for Python).")


_SANDBOXES = itertools.count()


def _run_sealed(argv, seal, tmp, box, files, outputs, readable, env, timeout, cpu_seconds, package):

    argv = [a.replace("{dir}", INSIDE) for a in argv]
    binds = [(box / name, f"{INSIDE}/{name}", True) for name in outputs]
    inside = dict(sandbox.base_env(INSIDE), PYTHONPATH=LIBRARY)
    inside.update({k: v.replace("{dir}", INSIDE) for k, v in (env or {}).items()})
    memory = seal.memory or sandbox.DEFAULT_MEMORY
    fds = [os.open(box / name, os.O_RDONLY | os.O_CLOEXEC) for name in files]
    try:
        with sandbox.identity() as uid:
            cgroup = sandbox.Cgroup.make(f"nbteach-{os.getpid()}-{next(_SANDBOXES)}", memory,
                                         sandbox.DEFAULT_PROCESSES)
            try:
                cmd, preexec, more = sandbox.sealed(
                    argv, readable=list(readable), scratch=[INSIDE], binds=binds,
                    copies=[(fd, f"{INSIDE}/{name}") for fd, name in zip(fds, files)],
                    trees=[(package, f"{LIBRARY}/nbteach")], env=inside, cwd=INSIDE, uid=uid, memory=memory,
                    cgroup=cgroup, cpu_seconds=cpu_seconds or int(2 * timeout + 60))
                fds += more
                result = _start(cmd, tmp, sandbox.bwrap_env(), preexec, timeout, pass_fds=fds)
                if cgroup is not None:
                    result.peak_memory = cgroup.peak_memory()
                return result
            finally:
                if cgroup is not None:
                    cgroup.remove()
                if uid is not None:
                    _kill_uid(uid)
    finally:
        for fd in fds:
            os.close(fd)


def _kill_uid(uid, seconds: float = 10.0) -> None:
    """SIGKILL every process of a sandbox's uid, again until none is left: one pass can miss a
    process that forks, or takes the uid, while the ones it found die (zombies hold nothing)."""
    import psutil  # optional: only when grading sealed


    deadline = time.monotonic() + seconds
    while True:
        alive = []
        for p in sandbox.processes_of(uid):
            try:
                if p.status() != psutil.STATUS_ZOMBIE:
                    alive.append(p)
            except Exception:  # noqa: BLE001 - gone meanwhile
                continue
        if not alive or time.monotonic() > deadline:
            return
        _kill_all(alive)


def _start(cmd, tmp, env, preexec, timeout, cwd=None, pass_fds=()) -> Run:
    out_path, err_path = tmp / "stdout", tmp / "stderr"
    result = Run()
    with open(tmp / "stdin", "rb") as stdin, open(out_path, "wb") as out, open(err_path, "wb") as err:
        proc = subprocess.Popen(cmd, stdin=stdin, stdout=out, stderr=err, env=env, cwd=cwd,
                                start_new_session=True, preexec_fn=preexec, close_fds=True,
                                pass_fds=tuple(pass_fds))
        try:
            result.returncode = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            result.timed_out = True
            kill_tree(proc)
            proc.wait()
    result.stdout = _read(out_path) or b""
    result.stderr = (_read(err_path) or b"")[-4000:]
    return result


def _read(path, limit: int = READ_LIMIT):
    try:
        if not path.is_file() or path.is_symlink():
            return None
        with open(path, "rb") as fh:
            return fh.read(limit)
    except OSError:
        return None


def kill_tree(proc: subprocess.Popen) -> None:
    """SIGKILL a process and every process it started (its session included)."""
    victims = []
    try:
        import psutil  # optional: only when grading sealed

        victims = psutil.Process(proc.pid).children(recursive=True)
    except Exception:  # noqa: BLE001 - psutil missing or the process already gone
        pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except Exception:  # noqa: BLE001
        proc.kill()
    _kill_all(victims)


def kill_marked(marker: str, variable: str = "NBTEACH_SANDBOX") -> None:
    """SIGKILL every process whose environment holds ``variable=marker`` (unsealed runs:
    a process started in a new session escapes the process group)."""
    try:
        import psutil  # optional: only when grading sealed
    except ImportError:
        return
    me, found = os.getpid(), []
    for p in psutil.process_iter():
        try:
            if p.pid != me and p.environ().get(variable) == marker:
                found.append(p)
        except Exception:  # noqa: BLE001 - gone already, or not ours to read
            continue
    _kill_all(found)


def _kill_all(procs, seconds: float = 5.0) -> None:
    """SIGKILL ``procs`` and wait (boundedly) until they are gone or zombies."""
    if not procs:
        return
    import psutil  # optional: only when grading sealed

    for p in procs:
        try:
            p.kill()
        except Exception:  # noqa: BLE001
            pass
    deadline = time.monotonic() + seconds
    for p in procs:
        while time.monotonic() < deadline:
            try:
                if p.status() == psutil.STATUS_ZOMBIE:
                    break
            except Exception:  # noqa: BLE001 - gone
                break
            time.sleep(0.01)


@contextmanager
def workspace():
    """A temporary folder for this run, locked while the run lives: the pristine nbteach and every
    copy of a submission a runner makes are inside. Folders of runs that ended without removing
    theirs (a grader killed with SIGKILL) are removed first."""
    import fcntl  # Unix only, as sealed grading is

    base = Path(tempfile.gettempdir())
    for old in base.glob("nbteach-grader-*"):
        try:
            fd = os.open(old / ".lock", os.O_RDWR)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            continue   # a running grader's
        os.close(fd)
        shutil.rmtree(old, ignore_errors=True)
    folder = Path(tempfile.mkdtemp(prefix="nbteach-grader-"))
    fd = os.open(folder / ".lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        yield folder
    finally:
        os.close(fd)
        shutil.rmtree(folder, ignore_errors=True)


# ---------------------------------------------------------------- a student's function
def run_function(payload: str, inputs, budget: float, seal: Seal, forbidden=()):
    """Run a student's function (cloudpickle ``payload``) on ``inputs`` in a sandbox of its own.

    Returns its reply, bytes as the process wrote them on its stdout (up to :data:`READ_LIMIT`),
    unread here: the sealed judge decodes it (``nbteach.teacher.judge``), never the grader; or
    ``"timeout"`` if the process outlived its budget. ``forbidden``: the library names switched
    off while the function runs (``nbteach.check.functions.switched_off``).
    """
    return run_function_on(payload, encode([[list(a), dict(k)] for a, k in inputs]), budget, seal, forbidden)


def run_function_on(payload: str, encoded_inputs, budget: float, seal: Seal, forbidden=()):
    """:func:`run_function` on inputs already encoded (``nbteach.check.serial.encode`` of
    ``[[args, kwargs], ...]``): as a cluster's worker gets them, data."""

    request = json.dumps({"function": payload, "inputs": encoded_inputs,
                          "budget": budget, "forbidden": list(forbidden)}).encode("utf-8")
    done = run([sys.executable, "-m", "nbteach.check.sandbox", "{dir}/request.json"],
               seal=seal, files={"request.json": request}, timeout=budget + 30)
    if done.timed_out:
        return "timeout"
    return done.stdout
