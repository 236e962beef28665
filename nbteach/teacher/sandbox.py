"""Seal a grading process: bubblewrap (``bwrap``) around it, resource limits on it.

Every process that touches a submission (the notebook's runner and kernel, the student's
function, the judge that decodes an answer) runs inside a sandbox made by :func:`sealed`:

* its own mount namespace holding only the system's read-only directories (``/usr``,
  ``/lib``, ``/bin``, ``/etc``), the Python installation read-only, the folders the caller
  names as readable (read-only) and as writable; nothing else: no other submission, no
  roster, no secret, no grade file, no teacher folder, no home directory;
* no network (``--unshare-all``: new network, IPC, UTS, cgroup and user namespaces), its
  own PID namespace (every process it starts, detached or not, dies with it) and
  ``--die-with-parent`` (killing the grader kills the sandbox), a new session (no access
  to the grader's terminal), an unprivileged uid and gid (65534) inside;
* resource limits set before it starts: address space (``memory``, default 2 GiB), file
  size, no core files, and CPU time.

bubblewrap is Debian's and Ubuntu's package ``bubblewrap`` (``sudo apt install bubblewrap``).
Where it cannot run, :func:`available` is False and the grader refuses to grade for
credit unless told ``--no-sandbox`` (then every row says ``not sealed``).

A limit on the number of processes is not set: RLIMIT_NPROC counts per user across the
whole machine, and CI grades as root, whose processes outside the sandbox would count. A
fork bomb is stopped by the memory limit, the time limit and the PID namespace instead.
"""
from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from pathlib import Path

__all__ = ["available", "sealed", "DEFAULT_MEMORY"]

#: Address-space limit of a sealed process, bytes (the grader's ``--memory`` option).
DEFAULT_MEMORY = 2 * 1024 ** 3
_FILE_SIZE = 256 * 1024 ** 2
_SYSTEM = ("/usr", "/lib", "/lib32", "/lib64", "/bin", "/sbin", "/etc")


@functools.lru_cache(maxsize=1)
def available() -> bool:
    """True if bubblewrap is installed and can make a sandbox here (tried once)."""
    bwrap = shutil.which("bwrap")
    if not bwrap:
        return False
    try:
        argv, _ = sealed(["/bin/true"], check=False)
        return subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, timeout=30).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def _python_dirs() -> list:
    """The Python installation: the environment's prefix and the interpreter's base."""
    dirs = {Path(sys.prefix).resolve(), Path(sys.base_prefix).resolve(),
            Path(sys.executable).resolve().parent.parent}
    return sorted(dirs)


def sealed(argv, *, readable=(), writable=(), env=None, cwd=None, memory: int = DEFAULT_MEMORY,
           cpu_seconds: int | None = None, check: bool = True):
    """``(argv, preexec_fn)`` that run ``argv`` sealed; pass both to ``subprocess.Popen``.

    ``readable``: folders mounted read-only at the same path; ``writable``: folders mounted
    read-write (the only places the process can write, besides an empty ``/tmp``);
    ``env``: the whole environment inside (nothing else is inherited); ``cwd``: the working
    folder inside (default: the first writable one).
    """
    if check and not available():
        from nbteach._base import NbteachError

        raise NbteachError("bubblewrap (bwrap) cannot run here: install it (sudo apt install "
                           "bubblewrap) or grade with --no-sandbox (the run is then not sealed).")
    bwrap = shutil.which("bwrap") or "bwrap"
    out = [bwrap, "--unshare-all", "--die-with-parent", "--new-session",
           "--uid", "65534", "--gid", "65534", "--proc", "/proc", "--dev", "/dev"]
    for d in _SYSTEM:
        if os.path.isdir(d) and not os.path.islink(d):
            out += ["--ro-bind", d, d]
        elif os.path.islink(d):
            out += ["--symlink", os.readlink(d), d]
    out += ["--tmpfs", "/tmp"]
    for d in _python_dirs():
        out += ["--ro-bind", str(d), str(d)]
    for d in readable:
        d = str(Path(d).resolve())
        out += ["--ro-bind", d, d]
    for d in writable:
        d = str(Path(d).resolve())
        out += ["--bind", d, d]
    out += ["--clearenv"]
    for k, v in (env or {}).items():
        out += ["--setenv", str(k), str(v)]
    where = cwd or (writable[0] if writable else "/tmp")
    out += ["--chdir", str(Path(where).resolve()), "--"]

    def limits():  # runs in the child, before bwrap starts
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        resource.setrlimit(resource.RLIMIT_FSIZE, (_FILE_SIZE, _FILE_SIZE))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if cpu_seconds:
            resource.setrlimit(resource.RLIMIT_CPU, (int(cpu_seconds), int(cpu_seconds) + 5))

    argv = [str(a) for a in argv]
    if argv and argv[0] == sys.executable:  # "../.venv/bin/python" names nothing inside the sandbox
        argv[0] = os.path.normpath(os.path.abspath(sys.executable))
    return out + argv, limits


def base_env(home) -> dict:
    """The environment a sealed Python process needs, and nothing of the grader's."""
    home = str(home)
    python_bin = os.path.dirname(os.path.normpath(os.path.abspath(sys.executable)))
    return {"PATH": f"{python_bin}:/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8",
            "PYTHONDONTWRITEBYTECODE": "1", "PYTHONNOUSERSITE": "1", "MPLCONFIGDIR": f"{home}/.mpl",
            "JUPYTER_RUNTIME_DIR": f"{home}/.jupyter-runtime", "IPYTHONDIR": f"{home}/.ipython",
            "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MPLBACKEND": "Agg",
            **{k: os.environ[k] for k in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE") if k in os.environ}}
