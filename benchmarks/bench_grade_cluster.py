"""Grading on a Dask cluster (``--cluster``) against grading on this machine (``--jobs``).

The class is bench_grade.py's: copies of the homework 1 solution, every other one with two
wrong answers. It is graded sealed (where bubblewrap runs) four ways, in chunks (each chunk by
all four, the order turned round from chunk to chunk, so that a change in the machine's load
hits every way alike):

- ``--jobs 1`` and ``--jobs 2`` on this machine;
- ``--cluster`` with 1 and with 2 workers of one thread each: a scheduler and its workers
  started as the README says (``python -m dask scheduler``, ``python -m dask worker``), here on
  this machine, in processes of their own.

Printed: seconds, submissions per second, and the ratios (cluster over local with as many
notebooks at once; 2 workers over 1). Also the CPU seconds the teacher's process spent per
submission in those cluster runs (a run's fixed costs included: connecting, checking the
workers), and its share of one more submission in a long run: the student's variant rebuilt from
the secret, the file read, the worker's questions prepared, the replies decided (measured on
replies recorded once). That is the part no worker takes over: one teacher's process keeps about a
worker's seconds per submission over it busy. And what rewriting the grade files of a class of
10,000 rows costs (``gradebook.Report`` repeats it at most every ten times as long). All four ways
must give the same grades. No thresholds: the figures, for the README's estimate.

Run: ``.venv/bin/python benchmarks/bench_grade_cluster.py [N]`` (or ``make bench``); N = 12
took 4 and 9 minutes on 2 cores shared with other work.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_grade import make_class  # noqa: E402 - the same class as the local benchmark

CHUNK = 6


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """A scheduler and ``workers`` one-thread workers, each a process of its own, as the README starts them."""

    def __init__(self, workers: int, log: Path):
        self.address = f"tcp://127.0.0.1:{_free_port()}"
        port = self.address.rsplit(":", 1)[1]
        self.log = open(log, "w")
        self.procs = [subprocess.Popen([sys.executable, "-m", "dask", "scheduler", "--host", "127.0.0.1",
                                        "--port", port, "--no-dashboard"], stdout=self.log, stderr=self.log)]
        self.procs.append(subprocess.Popen([sys.executable, "-m", "dask", "worker", self.address, "--nthreads", "1",
                                            "--nworkers", str(workers), "--no-dashboard"],
                                           stdout=self.log, stderr=self.log))
        from distributed import Client

        deadline = time.monotonic() + 120
        while True:
            try:
                with Client(self.address, timeout=5, set_as_default=False) as client:
                    client.wait_for_workers(workers, timeout=120)
                    # each worker's first task copies and compiles its nbteach: done before timing
                    from nbteach.teacher.cluster import _worker_package

                    client.run(_worker_package)
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)

    def close(self) -> None:
        for p in reversed(self.procs):
            p.terminate()
        for p in self.procs:
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()
        self.log.close()


def run(paths, out: Path, sealed: bool, jobs: int = 1, cluster: str | None = None):
    from nbteach.teacher.grade import grade

    cpu, start = time.process_time(), time.perf_counter()
    results = grade(paths, out, jobs=jobs, timeout=120, sandbox=sealed, cluster=cluster)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    ids = sorted(results[0].results)
    return seconds, cpu, {s.name: (s.run, s.total(ids)) for s in results}


def writing_cost(rows: int = 10_000) -> float:
    """Seconds to rewrite the grade files (grades.csv, grades.mistakes.jsonl) of a class of ``rows``."""
    from nbteach.teacher.autograde import Verdict
    from nbteach.teacher.gradebook import write_csv, write_mistakes
    from nbteach.teacher.submission import Submission

    ids = [f"hw01.e{i}" for i in range(7)]
    subs = []
    for k in range(rows):
        s = Submission(Path(f"s{k:05d}"), label=f"s{k:05d}", student_name=f"Student {k}")
        s.results = {i: Verdict("incorrect" if (k + j) % 3 else "correct", "msg", "no_smoothing" if k % 5 else None)
                     for j, i in enumerate(ids)}
        subs.append(s)
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        for _ in range(3):
            write_csv(subs, ids, Path(tmp) / "grades.csv", first="student")
            write_mistakes(subs, ids, Path(tmp) / "grades.mistakes.jsonl")
        return (time.perf_counter() - start) / 3


def teacher_share(paths, repeat: int = 3) -> float:
    """CPU seconds the teacher's process spends on one more submission (see the module docstring)."""
    from nbteach.teacher.autograde import prepare, run_sheet
    from nbteach.teacher.homework import load
    from nbteach.teacher.submission import GradeConfig

    hw = load("hw01")
    config = GradeConfig(sealed=False)

    def variant(sid):
        v = hw.variant(b"a secret", sid)
        return {"assignment": str(hw.folder), "params": v.params, "student_id": sid}

    job = prepare(paths[0], 120, hw.exercise_ids, None, variant("s0"), config)
    reply = run_sheet(job.sheet(), None, None)
    start = time.process_time()
    for k in range(repeat):
        job = prepare(paths[k % len(paths)], 120, hw.exercise_ids, None, variant(f"s{k}"), config)
        job.sheet(every_ask=True)
        job.decide(reply)
    return (time.process_time() - start) / repeat


def main(n: int = 12) -> None:
    try:
        import distributed  # noqa: F401 - the extra nbteach[cluster]
    except ImportError:
        print('Dask is not installed: pip install "nbteach[cluster]" (make test installs it); nothing measured')
        return
    from nbteach.teacher import sandbox

    sealed = sandbox.available()
    ways = [("--jobs 1", 1, None), ("--jobs 2", 2, None), ("cluster, 1 worker", 1, 1), ("cluster, 2 workers", 1, 2)]
    with tempfile.TemporaryDirectory(prefix="nbteach-bench-cluster-") as tmp:
        folder = Path(tmp) / "class"
        folder.mkdir()
        make_class(folder, n)
        paths = sorted(folder.glob("*.ipynb"))
        print(f"{n} submissions of hw01, {'sealed' if sealed else 'NOT sealed (no bubblewrap)'}, {os.cpu_count()} "
              f"CPU cores, load average at start {os.getloadavg()[0]:.1f}", flush=True)
        total = {w[0]: [0.0, 0.0, {}] for w in ways}
        clusters = {}
        try:
            for workers in (1, 2):
                clusters[workers] = Cluster(workers, Path(tmp) / f"dask{workers}.log")
            for c, first in enumerate(range(0, n, CHUNK)):
                chunk = paths[first:first + CHUNK]
                order = ways if c % 2 == 0 else ways[::-1]
                for name, jobs, workers in order:
                    address = clusters[workers].address if workers else None
                    out = Path(tmp) / f"out{c}-{name.replace(' ', '').replace(',', '')}" / "grades.csv"
                    seconds, cpu, grades = run(chunk, out, sealed, jobs, address)
                    total[name][0] += seconds
                    total[name][1] += cpu
                    total[name][2].update(grades)
                    print(f"  chunk {c + 1}, {name:<18}: {seconds:6.1f} s for {len(chunk)} "
                          f"(load {os.getloadavg()[0]:.1f})", flush=True)
        finally:
            for cl in clusters.values():
                cl.close()
        per = {}
        for name, _, workers in ways:
            seconds, cpu, _ = total[name]
            per[name] = seconds / n
            line = f"{name:<18}: {seconds:7.1f} s   {n / seconds:5.2f} submissions/s   {seconds / n:5.2f} s each"
            if workers:
                line += f"   the teacher's process: {cpu / n:.2f} CPU s per submission"
            print(line)
        print(f"cluster 1 worker / --jobs 1 (throughput): {per['--jobs 1'] / per['cluster, 1 worker']:.2f}x")
        print(f"cluster 2 workers / --jobs 2 (throughput): {per['--jobs 2'] / per['cluster, 2 workers']:.2f}x")
        print(f"cluster 2 workers / 1 worker (throughput): {per['cluster, 1 worker'] / per['cluster, 2 workers']:.2f}x")
        print(f"--jobs 2 / --jobs 1 (throughput): {per['--jobs 1'] / per['--jobs 2']:.2f}x")
        same = all(total[name][2] == total["--jobs 1"][2] for name, _, _ in ways)
        print("same grades every way:", "yes" if same else "NO")
        teacher = teacher_share(paths)
        worker = per["cluster, 1 worker"]
        print(f"the teacher's process, one more submission of a long run: {teacher:.2f} CPU s "
              f"(it keeps about {worker / teacher:.0f} one-thread workers busy)")
        print(f"on paper, 10,000 submissions ({worker:.2f} s each on a one-thread worker, {teacher:.2f} s each in the "
              "teacher's process): " + ", ".join(f"{w} workers {10_000 * max(worker / w, teacher) / 3600:.2f} h"
                                                 for w in (1, 2, 5, 10, 50)))
        write = writing_cost()
        print(f"rewriting the grade files of a class of 10,000 rows: {write:.3f} s (repeated at most every "
              f"{10 * write:.1f} s: at most a tenth of the run)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 12)
