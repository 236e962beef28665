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
* resource limits: address space (``memory``, default 2 GiB, per process), file size, no
  core files, CPU time, and at most ``processes`` processes and threads (default 256);
* for the whole sandbox, when the grader runs as root on a machine with cgroups (v1 or v2,
  memory and pids controllers): a cgroup of its own (:class:`Cgroup`) caps the memory of
  all its processes together at ``memory`` (swap included) and their number at
  ``processes``; the sandbox is killed by its cgroup, so nothing of it survives and nothing
  else is touched. Without cgroups (grading as another user) the two limits are per process
  and per uid: 256 processes of up to 2 GiB each (the README says so);
* what the sandbox is given is copied into its own tmpfs from a file descriptor
  (``--file``), never bind-mounted from the grader's folders, so ``/proc/self/mountinfo``
  inside names none of the grader's temporary folders; the folders above a mount are made
  ``0711`` (passable, not listable).

The process limit is RLIMIT_NPROC, made to hold for root too. It counts processes per
user, and the kernel ignores it for processes whose real uid is root outside every user
namespace (``INIT_USER``). Measured here (Linux 6.18, bubblewrap 0.8, grading as root):
with ``--unshare-user --uid 65534`` the sandbox still runs as root outside and a fork loop
reached 600 of 600 processes under a limit of 50; with an unprivileged uid it stopped at
47. So:

* grading as **root**, bubblewrap runs without a user namespace and the first process
  inside (a few lines of Python, :data:`_DROP`) sets the limit and drops to a uid of its
  own, taken from a pool of uids no process on the machine uses and reserved by a lock file
  (:func:`identity`): each sandbox running at once, in this grader or in another one started
  beside it, gets a different one, so two sandboxes never share a count, no process outside
  counts, and killing what is left of a uid kills nothing of another grader's;
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

import functools
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from nbteach._base import NbteachError

__all__ = ["available", "sealed", "identity", "base_env", "bwrap_env", "processes_of", "Cgroup", "cgroups_available",
           "DEFAULT_MEMORY",
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
            argv, preexec, fds = sealed(["/bin/true"], uid=uid, check=False)
            try:
                return subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL, timeout=30, env=bwrap_env(),
                                      preexec_fn=preexec, pass_fds=fds).returncode == 0
            finally:
                for fd in fds:
                    os.close(fd)
    except (OSError, subprocess.SubprocessError):
        return False


@contextmanager
def identity():
    """The uid a sandbox runs as outside, reserved while it runs (None when not grading as root).

    As root: a uid from a pool that no running process has, reserved by an exclusive lock on
    its file in :func:`_reservations` (``flock``), so that no two sandboxes, of this grader or of
    another started beside it, ever hold one uid at once; its processes are the sandbox's
    and nothing else's. The lock goes with the process that holds it, a grader killed included.
    """
    if not _root():
        yield None
        return
    import fcntl  # Unix only, as grading as root is

    folder = _reservations()
    uid = fd = None
    with _UID_LOCK:
        busy = _uids_with_processes()
        start = os.getpid() % _UID_POOL  # two graders at once start apart
        for k in range(_UID_POOL):
            candidate = _UID_BASE + (start + k) % _UID_POOL
            if candidate in _UIDS_IN_USE or candidate in busy:
                continue
            handle = os.open(folder / f"{candidate}.lock", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC,
                             0o600)
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:   # another grader's sandbox holds it
                os.close(handle)
                continue
            uid, fd = candidate, handle
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
            os.close(fd)   # releases the lock


def _reservations() -> Path:
    """The folder of the uid reservations' lock files: one for the machine, the grader's user's
    only (made 0700; refused if anyone else could write it)."""
    base = Path("/run/lock") if os.path.isdir("/run/lock") else Path(tempfile.gettempdir())
    folder = base / f"nbteach-sandbox-uids-{os.geteuid()}"
    try:
        os.mkdir(folder, 0o700)
    except FileExistsError:
        pass
    st = os.lstat(folder)
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.geteuid() or st.st_mode & 0o022:

        raise NbteachError(f"{folder} should be a folder that only this user (uid {os.geteuid()}) may write: "
                           "remove it and grade again.")
    return folder


# ---------------------------------------------------------------- a cgroup a sandbox
def _cgroup_mounts() -> dict:
    """``{controller: folder of this process's cgroup}`` for the memory and pids controllers
    (and v1's freezer), from /proc/self/mountinfo and /proc/self/cgroup; ``{"unified": folder}``
    on a cgroup v2 machine whose folder delegates both controllers."""
    try:
        mountinfo = Path("/proc/self/mountinfo").read_text()
        mine = Path("/proc/self/cgroup").read_text()
    except OSError:
        return {}
    paths = {}
    for line in mine.splitlines():
        parts = line.split(":", 2)
        if len(parts) == 3:
            for controller in (parts[1].split(",") if parts[1] else ["unified"]):
                paths[controller] = parts[2]
    v1, v2 = {}, None
    for line in mountinfo.splitlines():
        left, _, right = line.partition(" - ")
        fields, after = left.split(), right.split()
        if len(fields) < 5 or len(after) < 3:
            continue
        point, kind, options = fields[4], after[0], after[2].split(",")
        if kind == "cgroup":
            for controller in ("memory", "pids", "freezer"):
                if controller in options and controller in paths:
                    v1[controller] = Path(point + paths[controller])
        elif kind == "cgroup2" and "unified" in paths:
            v2 = Path(point + paths["unified"])
    if "memory" in v1 and "pids" in v1:
        return v1
    if v2 is not None:
        try:
            delegated = (v2 / "cgroup.subtree_control").read_text().split()
        except OSError:
            delegated = []
        if "memory" in delegated and "pids" in delegated:
            return {"unified": v2}
    return {}


class Cgroup:
    """The cgroup(s) of one sandbox: its processes together use at most ``memory`` bytes (swap
    included) and number at most ``processes``; :meth:`kill` ends every one of them.

    Made only by :meth:`make`, which returns None where cgroups cannot be written here (not
    root, no memory or pids controller): the per-process limits are then all there is.
    """

    def __init__(self, folders: dict):
        self.folders = folders   # controller (or "unified") -> the sandbox's cgroup folder

    @classmethod
    def make(cls, name: str, memory: int, processes: int):
        if not _root() or not cgroups_available():
            return None
        folders = {}
        try:
            for controller, base in _cgroup_mounts().items():
                folder = base / name
                folder.mkdir()
                folders[controller] = folder
            box = cls(folders)
            box._limit(memory, processes)
            return box
        except OSError:
            cls(folders).remove()
            return None

    def _limit(self, memory: int, processes: int) -> None:
        f = self.folders
        if "unified" in f:
            (f["unified"] / "memory.max").write_text(str(memory))
            if (f["unified"] / "memory.swap.max").exists():
                (f["unified"] / "memory.swap.max").write_text("0")
            (f["unified"] / "pids.max").write_text(str(processes))
            return
        (f["memory"] / "memory.limit_in_bytes").write_text(str(memory))
        if (f["memory"] / "memory.memsw.limit_in_bytes").exists():
            (f["memory"] / "memory.memsw.limit_in_bytes").write_text(str(memory))
        (f["pids"] / "pids.max").write_text(str(processes))

    def join(self) -> None:
        """Put the calling process in the sandbox's cgroups (called in the child, before exec)."""
        pid = str(os.getpid())
        for folder in self.folders.values():
            with open(folder / "cgroup.procs", "w") as fh:
                fh.write(pid)

    def pids(self) -> list:
        out = set()
        for folder in self.folders.values():
            try:
                out |= {int(p) for p in (folder / "cgroup.procs").read_text().split()}
            except (OSError, ValueError):
                continue
        return sorted(out)

    def peak_memory(self) -> int | None:
        """The most memory the sandbox's processes used at once, in bytes (None if not known)."""
        for name, folder in (("memory.max_usage_in_bytes", self.folders.get("memory")),
                             ("memory.peak", self.folders.get("unified"))):
            if folder is not None:
                try:
                    return int((folder / name).read_text())
                except (OSError, ValueError):
                    continue
        return None

    def kill(self, seconds: float = 10.0) -> None:
        """SIGKILL every process of the sandbox, frozen first where a freezer is there (a
        process cannot fork while the others die); again until none is left."""
        freezer = self.folders.get("freezer")
        kill_file = self.folders.get("unified", Path("/nonexistent")) / "cgroup.kill"
        deadline = time.monotonic() + seconds
        while self.pids() and time.monotonic() < deadline:
            if kill_file.exists():
                try:
                    kill_file.write_text("1")
                except OSError:
                    pass
            _write_quietly(freezer, "freezer.state", "FROZEN")
            for pid in self.pids():
                try:
                    os.kill(pid, 9)
                except OSError:
                    pass
            _write_quietly(freezer, "freezer.state", "THAWED")
            time.sleep(0.01)

    def remove(self) -> None:
        """Kill what is left and remove the cgroup folders."""
        self.kill()
        for folder in self.folders.values():
            for _ in range(100):
                try:
                    folder.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:   # a process still leaving
                    time.sleep(0.01)


def _write_quietly(folder, name, text) -> None:
    if folder is not None:
        try:
            (folder / name).write_text(text)
        except OSError:
            pass


@functools.lru_cache(maxsize=1)
def cgroups_available() -> bool:
    """True if a sandbox's cgroup can be made here (root, memory and pids controllers writable)."""
    mounts = _cgroup_mounts() if _root() else {}
    if not mounts:
        return False
    probe = f"nbteach-probe-{os.getpid()}"
    made = []
    try:
        for base in mounts.values():
            (base / probe).mkdir()
            made.append(base / probe)
        return True
    except OSError:
        return False
    finally:
        for folder in made:
            try:
                folder.rmdir()
            except OSError:
                pass


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


def _etc_files() -> dict:
    """The generated ``/etc`` files of a sandbox: name -> bytes."""
    users = ["root:x:0:0:root:/root:/usr/sbin/nologin", "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin"]
    groups = ["root:x:0:", "nogroup:x:65534:"]
    for k in range(_UID_POOL):
        uid = _UID_BASE + k
        users.append(f"student{k}:x:{uid}:{uid}:student:/tmp:/usr/sbin/nologin")
        groups.append(f"student{k}:x:{uid}:")
    files = {"passwd": "\n".join(users), "group": "\n".join(groups),
             "hosts": "127.0.0.1 localhost\n::1 localhost ip6-localhost", "hostname": "sandbox",
             "nsswitch.conf": "passwd: files\ngroup: files\nhosts: files\n"}
    return {name: (text + "\n").encode("utf-8") for name, text in files.items()}


def _memory_file(name: str, data: bytes) -> int:
    """A file descriptor reading ``data`` from its start: a file in memory (Linux), no path anywhere."""
    fd = os.memfd_create(f"nbteach-{name}", os.MFD_CLOEXEC)
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    os.lseek(fd, 0, os.SEEK_SET)
    return fd


def tree(host: Path, inside: str) -> tuple:
    """``(folders, files)`` to make a copy of the folder ``host`` at ``inside``: the folders to
    make (``inside`` first) and ``(host file, path inside)`` per regular file (links skipped)."""
    host = Path(host)
    folders, files = [inside], []
    for base, dirs, names in os.walk(host):
        rel = Path(base).relative_to(host)
        dirs.sort()
        for d in dirs:
            if not os.path.islink(os.path.join(base, d)):
                folders.append(str(Path(inside) / rel / d))
        for name in sorted(names):
            path = os.path.join(base, name)
            if os.path.isfile(path) and not os.path.islink(path):
                files.append((path, str(Path(inside) / rel / name)))
    return folders, files


def bwrap_env() -> dict:
    """The environment bubblewrap itself starts with (it is process 1 inside: nothing of the grader's)."""
    return {"PATH": "/usr/bin:/bin"}


def _ancestors(paths) -> list:
    """Every folder above ``paths`` that no mount provides, shallowest first (made 0711 inside:
    bubblewrap would otherwise copy a 0700 ``/root`` and the sandbox's uid could not pass; 0711
    lets it pass without listing what the folder holds)."""
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
           uid: int | None = None, processes: int = DEFAULT_PROCESSES, disk: int = DEFAULT_DISK,
           copies=(), cgroup: "Cgroup | None" = None, trees=()):
    """``(argv, preexec_fn, fds)`` that run ``argv`` sealed: pass the first two to
    ``subprocess.Popen`` with ``env=bwrap_env()`` and ``pass_fds=fds``, then close ``fds``.

    ``readable``: folders or files mounted read-only at the same path; ``writable``: folders
    mounted read-write; ``scratch``: folders made inside as fresh tmpfs of ``disk`` bytes;
    ``binds``: ``(host file, path inside, writable)`` (on top of a scratch folder, say);
    ``copies``: ``(file descriptor, path inside)``: a read-only file made inside (in a scratch
    folder) from what the descriptor reads, no mount of the grader's; ``env``: the whole
    environment inside (nothing else is inherited); ``cwd``: the working folder inside
    (default: the first scratch or writable one); ``uid``: the uid from :func:`identity` when
    grading as root (the writable folders and files are given to it); ``cgroup``: the
    sandbox's :class:`Cgroup`, joined before bubblewrap starts; ``trees``: ``(host folder, path
    inside)``: a read-only copy of the folder made inside, file by file from descriptors (the
    nbteach package: no mount of the grader's temporary folders).
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
    fds = []
    out += ["--perms", "0755", "--dir", "/etc"]
    for name, data in sorted(_etc_files().items()):
        fds.append(_memory_file(name, data))
        out += ["--perms", "0444", "--file", str(fds[-1]), f"/etc/{name}"]
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
            out += ["--perms", "0711", "--dir", a]
    for d in mounts:
        out += ["--ro-bind", d, d]
    for d in rw:
        out += ["--bind", d, d]
    for d in tmp:
        out += ["--size", str(int(disk)), "--perms", "1777", "--tmpfs", d]
    for host, inside, w in bind_files:
        out += ["--bind" if w else "--ro-bind", host, inside]
    for fd, inside in copies:
        out += ["--perms", "0444", "--file", str(int(fd)), str(inside)]
    for host, inside in trees:
        folders, files = tree(host, inside)
        for folder in folders:
            out += ["--perms", "0755", "--dir", folder]
        for path, inside_path in files:
            fds.append(os.open(path, os.O_RDONLY | os.O_CLOEXEC))
            out += ["--perms", "0444", "--file", str(fds[-1]), inside_path]
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

        if cgroup is not None:
            cgroup.join()

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
    return out + argv, limits, fds


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
