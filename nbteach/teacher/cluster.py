"""Grading on a Dask cluster: ``python -m nbteach.grade ... --cluster tcp://HOST:8786``.

A class too large for one machine (a MOOC's 10,000 submissions at ~2.5 CPU s each are ~7
CPU hours) is spread over several with Dask's distributed scheduler (``dask.distributed``, the
extra ``nbteach[cluster]``): an engine that already schedules tasks over machines, retries a
task whose worker died, and tells which tasks run where, rather than one of our own.

The work of a submission splits where the grader's process meets its sandboxes
(``nbteach.teacher.autograde``): the teacher's process reads the file and rebuilds the
student's exercises (:func:`nbteach.teacher.autograde.prepare`), a worker runs the sandboxes
(:func:`grade_on_worker`: the notebook sealed, each function answer on its inputs, the judge on
the answers) and hands back their replies unread, and the teacher's process decides the verdicts
and writes the grade file, the feedback and the report, as when it grades by itself. The same
three functions run in both cases: the same rows.

What a worker is sent for each submission (:meth:`nbteach.teacher.autograde.Job.sheet`): the
notebook's bytes, its time limit, language and memory limit, whether to seal it, the exercise
ids, and per exercise the answer's type (the ``spec`` the released notebook carries) and, for a
function, the inputs to call it on (public and hidden, drawn for this file) with its time budget.
Never the secret, the roster, the student's id or name, the variant's parameters, a reference
answer, a mistake, or a grade. The task's name is random.

The teacher's process records each submission once, as its reply arrives. A worker that dies
mid-run takes nothing with it: Dask gives its task to another worker (up to its
``distributed.scheduler.allowed-failures``, 3), and a task Dask gives up on (``KilledWorker``)
is sent once more; one lost again is named at the end, for ``--resume``. At most as many
submissions are sent as the workers have threads, so that Ctrl-C starts nothing new: those
running are recorded as they end (a second Ctrl-C stops waiting), as locally.
"""
from __future__ import annotations

import atexit
import contextlib
import hashlib
import socket
import sys
import threading
import uuid
from importlib import metadata

from nbteach._base import NbteachError
from nbteach.i18n import tr
from nbteach.teacher import runner, sandbox, wire
from nbteach.teacher.autograde import compiled, package_copy, run_sheet

__all__ = ["dask", "connect", "grade_all", "grade_on_worker", "worker_facts", "package_digest", "INSTALL",
           "CONNECT_SECONDS", "WORKER_SECONDS"]

#: What a teacher is told to run when Dask is missing.
INSTALL = 'pip install "nbteach[cluster]"'
#: Seconds to reach the scheduler, and to wait for its first worker.
CONNECT_SECONDS = 10
WORKER_SECONDS = 60
#: Libraries whose version changes a verdict: the judge's canonical forms (on a worker) are compared
#: with the references' (in the teacher's process), so both must compute them alike.
SAME_VERSIONS = ("numpy", "sympy", "pandas")

_STATE: dict = {}
_LOCK = threading.Lock()


# ---------------------------------------------------------------- on a worker
def package_digest() -> str:
    """A digest of this process's nbteach (every file of the package but compiled ones): a worker
    whose nbteach differs from the teacher's would grade differently, and refuses."""
    if "digest" not in _STATE:
        root = runner.library_root()
        h = hashlib.sha256()
        for path in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                           and p.suffix != ".pyc"):
            rel = path.relative_to(root).as_posix().encode("utf-8")
            h.update(len(rel).to_bytes(4, "big") + rel + hashlib.sha256(path.read_bytes()).digest())
        _STATE["digest"] = h.hexdigest()
    return _STATE["digest"]


def _versions() -> dict:
    out = {"python": ".".join(map(str, sys.version_info[:2]))}
    for name in SAME_VERSIONS:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = None
    return out


def worker_facts() -> dict:
    """What the teacher's process checks of each worker before sending it anything."""
    return {"host": socket.gethostname(), "nbteach": package_digest(), "sealed": sandbox.available(),
            "versions": _versions()}


def _worker_package():
    """This worker process's copy of nbteach (compiled once, read-only in every sandbox) and the
    folder its sandboxes' folders are made in; both removed when the process ends (or, if it is
    killed, by the next grader or worker on the machine: ``nbteach.teacher.runner.workspace``)."""
    with _LOCK:
        if "package" not in _STATE:
            stack = contextlib.ExitStack()
            work = stack.enter_context(runner.workspace())
            atexit.register(stack.close)
            _STATE["package"], _STATE["work"] = compiled(package_copy(work) / "nbteach"), str(work)
        return _STATE["package"], _STATE["work"]


def grade_on_worker(sheet: dict, digest: str) -> dict:
    """The task a worker runs: one submission's sandboxes (:func:`nbteach.teacher.autograde.run_sheet`)."""
    host = socket.gethostname()
    if package_digest() != digest:
        raise NbteachError(tr({
            "en": f"the worker on {host} runs another nbteach than the teacher's: install the same nbteach on "
                  "every worker as on the machine that grades, then start it again.",
            "zh": f"{host} 上的工作节点运行的 nbteach 与教师机器上的不同：请在每个工作节点上安装与评分机器相同的 nbteach，"
                  "然后重新启动它。"}))
    if sheet["sealed"] and not sandbox.available():
        raise NbteachError(tr({
            "en": f"bubblewrap (bwrap) cannot run on the worker on {host}, so it cannot seal submissions: install "
                  "it there (sudo apt install bubblewrap), or grade with --no-sandbox.",
            "zh": f"{host} 上的工作节点无法运行 bubblewrap（bwrap），因此不能把提交放进沙箱：请在那里安装它"
                  "（sudo apt install bubblewrap），或者用 --no-sandbox 评分。"}))
    package, work = _worker_package()
    return run_sheet(sheet, package, work)


# ---------------------------------------------------------------- in the teacher's process
def dask():
    """The module ``distributed`` (Dask's distributed scheduler), or an :class:`NbteachError` saying how to install it."""
    try:
        import distributed  # heavy and optional: the extra nbteach[cluster], only with --cluster
    except ImportError:
        raise NbteachError(tr({
            "en": f"grading on a cluster needs Dask's distributed scheduler, which is not installed here: "
                  f"{INSTALL} (here and on every worker), or grade on this machine without --cluster.",
            "zh": f"在集群上评分需要 Dask 的分布式调度器，这里没有安装：{INSTALL}（这台机器和每个工作节点都要装），"
                  "或者不加 --cluster，在这台机器上评分。"})) from None
    return distributed


def connect(address: str, sandbox_wanted):
    """``(client, sealed)``: a Dask client of the scheduler at ``address`` whose every worker runs this
    nbteach, and whether submissions are sealed (``sandbox_wanted``: True, False or None, as
    ``grade``'s ``sandbox``). Every failure is an :class:`NbteachError` saying what to do."""
    distributed = dask()
    if not isinstance(address, str) or not address.strip():
        raise NbteachError(tr({"en": f"--cluster takes the scheduler's address (tcp://HOST:8786), got {address!r}.",
                               "zh": f"--cluster 需要调度器的地址（tcp://HOST:8786），你给的是 {address!r}。"}))
    try:
        client = distributed.Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except Exception as exc:  # noqa: BLE001 - OSError (nothing there), ValueError (not an address), ...
        where, why = wire.printable(address, 200), wire.printable(str(exc), 200)
        raise NbteachError(tr({
            "en": f"cannot reach a Dask scheduler at {where} ({why}): check the address (as `dask scheduler` "
                  "printed it, tcp://HOST:8786), that the scheduler is running, and that this machine can reach "
                  "that port.",
            "zh": f"无法连接到 {where} 上的 Dask 调度器（{why}）：请检查地址（照 `dask scheduler` 打印的写，"
                  "tcp://HOST:8786）、调度器是否在运行，以及这台机器能否访问那个端口。"})) from None
    try:
        sealed = _check_workers(client, address, sandbox_wanted)
    except BaseException:
        client.close()
        raise
    return client, sealed


def _check_workers(client, address, sandbox_wanted) -> bool:
    try:
        client.wait_for_workers(1, timeout=WORKER_SECONDS)
    except Exception:  # noqa: BLE001 - TimeoutError, the scheduler gone meanwhile
        raise NbteachError(tr({
            "en": f"the Dask scheduler at {address} has no worker (waited {WORKER_SECONDS} s): start one on each "
                  f"machine that grades, `dask worker {address}` (see the README).",
            "zh": f"{address} 上的 Dask 调度器没有工作节点（等了 {WORKER_SECONDS} 秒）：请在每台评分的机器上启动一个，"
                  f"`dask worker {address}`（见 README）。"})) from None
    facts = client.run(worker_facts, on_error="return")
    digest, versions = package_digest(), _versions()
    broken = [f"{w} ({wire.printable(f, 120)})" for w, f in facts.items() if not isinstance(f, dict)]
    if broken:
        which = "; ".join(sorted(broken))
        raise NbteachError(tr({
            "en": f"these Dask workers cannot run nbteach: {which}. Install the same nbteach on every worker as "
                  f"here ({INSTALL}), then start the workers again.",
            "zh": f"这些 Dask 工作节点无法运行 nbteach：{which}。请在每个工作节点上安装与这里相同的 nbteach"
                  f"（{INSTALL}），然后重新启动这些工作节点。"}))
    other = [f"{f['host']} ({w})" for w, f in facts.items() if f["nbteach"] != digest]
    if other:
        which = ", ".join(sorted(other))
        raise NbteachError(tr({
            "en": f"these Dask workers run another nbteach than this machine: {which}. Install the same nbteach "
                  "everywhere (the same release, or the same checkout), then start the workers again: they would "
                  "grade differently.",
            "zh": f"这些 Dask 工作节点运行的 nbteach 与这台机器上的不同：{which}。请在所有机器上安装相同的 nbteach"
                  "（同一个版本，或同一份代码），然后重新启动这些工作节点：否则它们的评分会不同。"}))
    differ = sorted({f"{f['host']}: {k} {f['versions'].get(k)} (here {v})" for w, f in facts.items()
                     for k, v in versions.items() if f["versions"].get(k) != v})
    if differ:
        which = "; ".join(differ)
        raise NbteachError(tr({
            "en": f"these Dask workers have other versions of what the verdicts depend on than this machine: "
                  f"{which}. Install the same versions everywhere (one requirements file, or one image).",
            "zh": f"这些 Dask 工作节点上，判定所依赖的软件版本与这台机器上的不同：{which}。请在所有机器上安装相同的版本"
                  "（用同一个 requirements 文件，或同一个镜像）。"}))
    unsealed = sorted(f"{f['host']} ({w})" for w, f in facts.items() if not f["sealed"])
    if sandbox_wanted is True and unsealed:
        which = ", ".join(unsealed)
        raise NbteachError(tr({
            "en": f"bubblewrap (bwrap) cannot run on these Dask workers, so they cannot seal submissions: {which}. "
                  "Install it there (sudo apt install bubblewrap), or pass --no-sandbox to grade unsealed (the "
                  "grade file then says 'not sealed' on every row).",
            "zh": f"这些 Dask 工作节点无法运行 bubblewrap（bwrap），因此不能把提交放进沙箱：{which}。请在那里安装它"
                  "（sudo apt install bubblewrap），或者加 --no-sandbox 在沙箱外评分（成绩文件的每一行都会注明 'not sealed'）。"}))
    return not unsealed if sandbox_wanted is None else bool(sandbox_wanted)


def grade_all(client, todo, prepare, finished) -> None:
    """Grade the submissions ``todo`` (their indices) on the cluster: ``prepare(k)`` gives a
    submission's :class:`nbteach.teacher.autograde.Job`, ``finished(k, row)`` records its row.

    Each row is recorded once, as its reply arrives; see the module docstring for a worker
    that dies, and for Ctrl-C.
    """
    from distributed import KilledWorker, as_completed  # heavy and optional: the extra nbteach[cluster]

    digest = package_digest()
    waiting, running, lost = list(reversed(todo)), {}, []
    arrivals = as_completed(loop=client.loop)

    def send(k, job, tries):
        future = client.submit(grade_on_worker, job.sheet(every_ask=True), digest,
                               key=f"nbteach-grade-{uuid.uuid4().hex}", pure=False)
        running[future] = (k, job, tries)
        arrivals.add(future)

    def send_more():
        room = max(1, sum(client.nthreads().values())) - len(running)
        while waiting and room > 0:
            k = waiting.pop()
            send(k, prepare(k), 0)
            room -= 1

    def arrived(future, again):
        k, job, tries = running.pop(future)
        if future.status == "error" and isinstance(future.exception(), KilledWorker):
            if again and tries == 0:
                send(k, job, 1)
            else:
                lost.append(str(job.path))
            return None
        if future.status == "cancelled":   # never by this process: the scheduler lost it
            lost.append(str(job.path))
            return None
        reply = future.result()   # a worker's NbteachError is raised here
        future.release()
        try:
            return k, job.decide(reply)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise NbteachError(tr({
                "en": f"a worker's reply is not what this nbteach reads ({type(exc).__name__}): install the same "
                      "nbteach on every worker as here.",
                "zh": f"工作节点的回复不是这个 nbteach 能读懂的（{type(exc).__name__}）：请在每个工作节点上安装与这里相同的 "
                      "nbteach。"})) from None

    try:
        send_more()
        for future in arrivals:
            got = arrived(future, True)
            if got is not None:
                finished(*got)
            send_more()   # after the row is written: after a Ctrl-C there, nothing new is sent
    except BaseException:
        # Ctrl-C (or a row that cannot be recorded): nothing new is sent; the submissions running are
        # recorded as they end (a second Ctrl-C stops waiting); every written row has its feedback file
        waiting.clear()
        try:
            for future in arrivals:
                try:
                    got = arrived(future, False)
                except Exception:  # noqa: BLE001 - that one is not recorded: --resume grades it
                    continue
                if got is not None:
                    finished(*got)
        except BaseException:  # noqa: BLE001 - the second Ctrl-C, or a progress callback that raises
            pass
        raise
    if lost:
        which = ", ".join(wire.printable(p, 200) for p in lost[:5])
        raise NbteachError(tr({
            "en": f"{len(lost)} submission(s) were lost with the workers grading them, or by the scheduler (the "
                  f"others are written): {which}. Run the same command with --resume to grade them.",
            "zh": f"有 {len(lost)} 份提交随着给它们评分的工作节点丢失了，或被调度器丢失（其余的已写入）：{which}。"
                  "请加 --resume 再运行同一条命令，给它们评分。"}))
