"""Seal a grading process: bubblewrap (``bwrap``) around it, resource limits on it.

Every process that touches a submission (the notebook's runner and kernel, the student's
function, the judge that decodes an answer) runs inside a sandbox made by :func:`sealed`
(started and cleaned up by :mod:`nbteach.teacher.runner`, the one client):

* its own mount namespace holding only the system's read-only directories (``/usr``,
  ``/lib``, ``/bin``), a minimal ``/etc`` (a generated ``passwd``, ``group``, ``hosts``
  and ``nsswitch.conf``; the host's ``ld.so.cache``, ``localtime``, ``mime.types`` and
  fonts configuration; nothing else: no ``shadow``), the Python installation read-only,
  the folders and files the caller names as readable (read-only) and as writable; nothing
  else: no other submission, no roster, no secret, no grade file, no homework source, no
  teacher folder, no home directory;
* an empty environment (``--clearenv``) plus the variables the caller names (bubblewrap
  itself is started with only ``PATH``, so its process 1 inside holds nothing of the
  grader's either);
* no network, its own PID namespace (every process it starts, detached or not, dies with
  it) and ``--die-with-parent`` (killing the grader kills the sandbox), a new session (no
  access to the grader's terminal), an unprivileged uid without capabilities;
* disk: ``/tmp`` and each *scratch* folder (the working folder) are fresh tmpfs of at most
  ``disk`` bytes each (default 64 MB; ``--size``, bubblewrap 0.8 or later), gone when the
  sandbox ends; a writable file the caller binds in (the notebook's answer record, a
  reply) grows to at most the file-size limit (64 MB); ``/dev/shm`` is not writable;
* resource limits: address space (``memory``, default 2 GiB), file size, no core files,
  CPU time, and at most ``processes`` processes and threads (default 256).

The process limit is RLIMIT_NPROC, made to hold for root too. It counts processes per
user, and the kernel ignores it for processes whose real uid is root outside every user
namespace (``INIT_USER``). Measured here (Linux 6.18, bubblewrap 0.8, grading as root):
with ``--unshare-user --uid 65534`` the sandbox still runs as root outside and a fork loop
reached 600 of 600 processes under a limit of 50; with an unprivileged uid it stopped at
47. So:

* grading as **root**, bubblewrap runs without a user namespace and the first process
  inside (a few lines of Python, :data:`_DROP`) sets the limit and drops to a uid of its
  own, taken from a pool of uids no process on the machine uses (each sandbox running at
  once gets a different one, so two sandboxes never share a count and no process outside
  counts); the sandbox's writable files are given to that uid;
* grading as **another user**, bubblewrap makes a user namespace (uid 65534 inside) and
  the same first process sets the limit *inside* it: the kernel then counts the processes
  of that namespace only (measured: 98 of a limit of 100 forked while 150 processes of the
  same uid ran outside).

A fork loop in a sandbox as the grader makes it (root, limit 256) gets 255 children, where
2,147 were reached before; the grader goes on and nothing of it is left.

A pids cgroup was not chosen: cgroup v1 here, and a teacher who is not root cannot write it.

bubblewrap is Debian's and Ubuntu's package ``bubblewrap`` (``sudo apt install bubblewrap``).
Where it cannot run, :func:`available` is False and the grader refuses to grade for
credit unless told ``--no-sandbox`` (then every row says ``not sealed``).
"""
from __future__ import annotations

import atexit
import functools
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path

from nbteach._base import NbteachError

__all__ = ["available", "sealed", "identity", "base_env", "bwrap_env", "processes_of", "DEFAULT_MEMORY",
           "DEFAULT_PROCESSES", "DEFAULT_DISK"]

#: Address-space limit of a sealed process, bytes (the grader's ``--memory`` option).
DEFAULT_MEMORY = 2 * 1024 ** 3
#: Processes and threads a sandbox may hold at once.
DEFAULT_PROCESSES = 256
#: Size of ``/tmp`` and of each scratch folder inside a sandbox, bytes.
DEFAULT_DISK = 64 * 1024 ** 2
_FILE_SIZE = 64 * 1024 ** 2
_SYSTEM = ("/usr", "/lib", "/lib32", "/lib64", "/bin", "/sbin")
_ETC_HOST = ("ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime", "mime.types", "fonts")
#: uids handed to sandboxes when grading as root (none of them is anyone's on a normal system).
_UID_BASE, _UID_POOL = 1_879_000_000, 256
_UIDS_IN_USE: set = set()
#: Every uid this process has handed to a sandbox (other processes' sandboxes use the same pool).
HANDED_OUT: set = set()
_UID_LOCK = threading.Lock()

#: The first process inside: set the process limit, drop root for the sandbox's own uid, run.
_DROP = ("import os, resource, sys\n"
         "n, uid = int(sys.argv[1]), int(sys.argv[2])\n"
         "resource.setrlimit(resource.RLIMIT_NPROC, (n, n))\n"
         "if os.getuid() == 0:\n"
         "    os.setgroups([]); os.setgid(uid); os.setuid(uid)\n"
         "if os.getuid() == 0 or os.geteuid() == 0:\n"
         "    sys.exit('the sandbox could not drop root')\n"
         "os.execv(sys.argv[3], sys.argv[3:])\n")


def _root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


@functools.lru_cache(maxsize=1)
def available() -> bool:
    """True if bubblewrap is installed and can make a sandbox here (tried once)."""
    if not shutil.which("bwrap"):
        return False
    try:
        with identity() as uid:
            argv, preexec = sealed(["/bin/true"], uid=uid, check=False)
            return subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, timeout=30, env=bwrap_env(),
                                  preexec_fn=preexec).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


@contextmanager
def identity():
    """The uid a sandbox runs as outside, reserved while it runs (None when not grading as root).

    As root: a uid from a pool that no running process has, never given to two sandboxes
    of this grader at once (another grader starts its search elsewhere in the pool); its
    processes are the sandbox's and nothing else's.
    """
    if not _root():
        yield None
        return
    uid = None
    with _UID_LOCK:
        busy = _uids_with_processes()
        start = os.getpid() % _UID_POOL  # two graders at once start apart
        for k in range(_UID_POOL):
            candidate = _UID_BASE + (start + k) % _UID_POOL
            if candidate not in _UIDS_IN_USE and candidate not in busy:
                uid = candidate
                _UIDS_IN_USE.add(uid)
                HANDED_OUT.add(uid)
                break
    if uid is None:

        raise NbteachError(f"all {_UID_POOL} sandbox uids are busy: grade with fewer --jobs.")
    try:
        yield uid
    finally:
        with _UID_LOCK:
            _UIDS_IN_USE.discard(uid)


def _uids_with_processes() -> set:
    try:
        import psutil  # optional: only when grading sealed
    except ImportError:
        return set()
    out = set()
    for p in psutil.process_iter(["uids"]):
        try:
            out.add(p.info["uids"].real)
        except Exception:  # noqa: BLE001 - gone already
            continue
    return out


def processes_of(uid) -> list:
    """The processes running as ``uid`` (psutil), to kill what a sandbox may have left."""
    import psutil  # optional: only when grading sealed

    out = []
    for p in psutil.process_iter(["uids"]):
        try:
            if p.info["uids"] is not None and uid in (p.info["uids"].real, p.info["uids"].effective):
                out.append(p)
        except Exception:  # noqa: BLE001
            continue
    return out


def _python_dirs() -> list:
    """The Python installation: the environment's prefix and the interpreter's base."""
    dirs = {Path(sys.prefix).resolve(), Path(sys.base_prefix).resolve(),
            Path(sys.executable).resolve().parent.parent}
    return sorted(dirs)


@functools.lru_cache(maxsize=1)
def _etc() -> Path:
    """A folder of generated ``/etc`` files (made once per process, removed at exit)."""
    folder = Path(tempfile.mkdtemp(prefix="nbteach-etc-"))
    os.chmod(folder, 0o755)
    users = ["root:x:0:0:root:/root:/usr/sbin/nologin", "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin"]
    groups = ["root:x:0:", "nogroup:x:65534:"]
    for k in range(_UID_POOL):
        uid = _UID_BASE + k
        users.append(f"student{k}:x:{uid}:{uid}:student:/tmp:/usr/sbin/nologin")
        groups.append(f"student{k}:x:{uid}:")
    files = {"passwd": "\n".join(users), "group": "\n".join(groups),
             "hosts": "127.0.0.1 localhost\n::1 localhost ip6-localhost", "hostname": "sandbox",
             "nsswitch.conf": "passwd: files\ngroup: files\nhosts: files\n"}
    for name, text in files.items():
        (folder / name).write_text(text + "\n", encoding="utf-8")
        os.chmod(folder / name, 0o644)
    atexit.register(shutil.rmtree, folder, True)
    return folder


def bwrap_env() -> dict:
    """The environment bubblewrap itself starts with (it is process 1 inside: nothing of the grader's)."""
    return {"PATH": "/usr/bin:/bin"}


def _ancestors(paths) -> list:
    """Every folder above ``paths`` that no mount provides, shallowest first (made 0755 inside:
    bubblewrap would otherwise copy a 0700 ``/root`` and the sandbox's uid could not pass)."""
    out = set()
    for p in paths:
        for a in Path(p).parents:
            if str(a) != "/":
                out.add(str(a))
    covered = [str(p) for p in paths]
    keep = [a for a in out if not any(a == c or a.startswith(c.rstrip("/") + "/") for c in covered)]
    return sorted(keep, key=lambda a: (a.count("/"), a))


def sealed(argv, *, readable=(), writable=(), env=None, cwd=None, memory: int = DEFAULT_MEMORY,
           cpu_seconds: int | None = None, check: bool = True, scratch=(), binds=(),
           uid: int | None = None, processes: int = DEFAULT_PROCESSES, disk: int = DEFAULT_DISK):
    """``(argv, preexec_fn)`` that run ``argv`` sealed; pass both to ``subprocess.Popen``,
    with ``env=bwrap_env()``.

    ``readable``: folders or files mounted read-only at the same path; ``writable``: folders
    mounted read-write; ``scratch``: folders made inside as fresh tmpfs of ``disk`` bytes;
    ``binds``: ``(host file, path inside, writable)`` (on top of a scratch folder, say);
    ``env``: the whole environment inside (nothing else is inherited); ``cwd``: the working
    folder inside (default: the first scratch or writable one); ``uid``: the uid from
    :func:`identity` when grading as root (the writable folders and files are given to it).
    """
    if check and not available():

        raise NbteachError("bubblewrap (bwrap) cannot run here: install it (sudo apt install "
                           "bubblewrap) or grade with --no-sandbox (the run is then not sealed).")
    if isinstance(processes, bool) or not isinstance(processes, int) or processes < 16:

        raise NbteachError(f"processes must be a whole number >= 16 (a kernel needs a few), got {processes!r}.")
    if isinstance(disk, bool) or not isinstance(disk, int) or disk < 2**20:

        raise NbteachError(f"disk must be a whole number of bytes >= 1 MiB, got {disk!r}.")
    if _root() and uid is None:

        raise NbteachError("grading as root needs a sandbox uid: use nbteach.teacher.sandbox.identity().")
    bwrap = shutil.which("bwrap") or "bwrap"
    if uid is not None:  # root: no user namespace (it would map back to root); _DROP drops to uid
        out = [bwrap, "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts",
               "--unshare-cgroup-try", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    else:
        out = [bwrap, "--unshare-all", "--uid", "65534", "--gid", "65534"]
    out += ["--die-with-parent", "--new-session", "--proc", "/proc", "--dev", "/dev"]
    for d in _SYSTEM:
        if os.path.islink(d):
            out += ["--symlink", os.readlink(d), d]
        elif os.path.isdir(d):
            out += ["--ro-bind", d, d]
    etc = _etc()
    out += ["--perms", "0755", "--dir", "/etc"]
    for name in sorted(os.listdir(etc)):
        out += ["--ro-bind", str(etc / name), f"/etc/{name}"]
    for name in _ETC_HOST:
        out += ["--ro-bind-try", f"/etc/{name}", f"/etc/{name}"]
    out += ["--size", str(int(disk)), "--perms", "1777", "--tmpfs", "/tmp"]
    mounts = [str(d) for d in _python_dirs()]
    mounts += [str(Path(d).resolve()) for d in readable]
    rw = [str(Path(d).resolve()) for d in writable]
    tmp = [str(Path(d).resolve()) if Path(d).exists() else os.path.abspath(d) for d in scratch]
    bind_files = [(str(Path(h).resolve()), str(inside), bool(w)) for h, inside, w in binds]
    for a in _ancestors(mounts + rw + tmp + [i for _, i, _ in bind_files]):
        if a not in ("/tmp", "/usr", "/etc") and not a.startswith(("/usr/", "/etc/")):
            out += ["--perms", "0755", "--dir", a]
    for d in mounts:
        out += ["--ro-bind", d, d]
    for d in rw:
        out += ["--bind", d, d]
    for d in tmp:
        out += ["--size", str(int(disk)), "--perms", "1777", "--tmpfs", d]
    for host, inside, w in bind_files:
        out += ["--bind" if w else "--ro-bind", host, inside]
    if uid is not None:
        for d in rw:
            _give(d, uid)
        for host, _, w in bind_files:
            if w:
                _give(host, uid)
    out += ["--clearenv"]
    for k, v in (env or {}).items():
        out += ["--setenv", str(k), str(v)]
    where = cwd or (tmp[0] if tmp else rw[0] if rw else "/tmp")
    out += ["--chdir", str(where), "--"]
    python = os.path.normpath(os.path.abspath(sys.executable))
    out += [python, "-I", "-S", "-c", _DROP, str(int(processes)), str(uid if uid is not None else -1)]

    def limits():  # runs in the child, before bwrap starts; a limit is only ever lowered
        import resource  # Unix only: absent on Windows

        def lower(which, soft, hard):
            _, now = resource.getrlimit(which)
            if now != resource.RLIM_INFINITY:
                soft, hard = min(soft, now), min(hard, now)
            resource.setrlimit(which, (soft, hard))

        lower(resource.RLIMIT_AS, memory, memory)
        lower(resource.RLIMIT_FSIZE, _FILE_SIZE, _FILE_SIZE)
        lower(resource.RLIMIT_CORE, 0, 0)
        if cpu_seconds:
            lower(resource.RLIMIT_CPU, int(cpu_seconds), int(cpu_seconds) + 5)

    argv = [str(a) for a in argv]
    if argv and argv[0] == sys.executable:  # "../.venv/bin/python" names nothing inside the sandbox
        argv[0] = python
    if argv and not os.path.isabs(argv[0]):
        argv[0] = shutil.which(argv[0]) or argv[0]
    return out + argv, limits


def _give(path, uid) -> None:
    """Give a writable folder (with what it holds) or file to the sandbox's uid."""
    os.chown(path, uid, uid)
    if os.path.isdir(path):
        for base, dirs, files in os.walk(path):
            for name in dirs + files:
                os.chown(os.path.join(base, name), uid, uid, follow_symlinks=False)


def base_env(home) -> dict:
    """The environment a sealed Python process needs, and nothing of the grader's."""
    home = str(home)
    python_bin = os.path.dirname(os.path.normpath(os.path.abspath(sys.executable)))
    return {"PATH": f"{python_bin}:/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8",
            "PYTHONDONTWRITEBYTECODE": "1", "PYTHONNOUSERSITE": "1", "MPLCONFIGDIR": f"{home}/.mpl",
            "JUPYTER_RUNTIME_DIR": f"{home}/.jupyter-runtime", "IPYTHONDIR": f"{home}/.ipython",
            "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MPLBACKEND": "Agg",
            **{k: os.environ[k] for k in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE") if k in os.environ}}
