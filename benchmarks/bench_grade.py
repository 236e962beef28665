"""Grading a class: 40 submissions of homework 1 with --jobs 2 against --jobs 1, same run.

The submissions are copies of the homework 1 solution, every other one with two wrong
answers (so feedback is written for both outcomes). Each is run top to bottom in a
fresh kernel and its answers re-checked, exactly as ``python -m nbteach.grade`` does.

The 40 are graded sealed (where bubblewrap runs) in chunks of 10, each chunk once with
--jobs 1 and once with --jobs 2 (alternating which goes first), so that a change in the
machine's load during the run hits both alike. Throughput is submissions per second over
all 40; the ratio is jobs=2 over jobs=1 (goal >= 1.6x on 2 otherwise idle cores). Also
printed: the CPU seconds the grading processes used per submission and the load average, because on a
machine that other work keeps busy no number of jobs can go faster than the free cores.
Both modes must give the same grades.

The grading is sealed (bubblewrap, ``nbteach.teacher.sandbox``: each notebook, each student
function and each judge in a sandbox of its own) where bubblewrap runs, as a teacher grades
for credit. The sandbox's own cost is printed too: the same 6 submissions
graded sealed and unsealed with --jobs 1, alternating, the difference per submission
(goal <= 1 s) and the ratio.

Run: ``.venv/bin/python benchmarks/bench_grade.py [N]`` (or ``make bench``); 3-5 minutes.
"""
from __future__ import annotations

import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOLUTION = ROOT / "teacher" / "homework_solutions" / "hw01_bayes_and_smoothing.ipynb"
CHUNK = 10


def make_class(folder: Path, n: int) -> None:
    nb = json.loads(SOLUTION.read_text(encoding="utf-8"))
    for i in range(n):
        copy = json.loads(json.dumps(nb))
        if i % 2:
            for cell in copy["cells"]:
                src = "".join(cell["source"])
                if src.startswith("answer3 = "):
                    cell["source"] = "answer3 = lidstone(0, 2, 1, 1)"
                if src.startswith("answer4 = "):
                    cell["source"] = "answer4 = 0.4"
        (folder / f"student{i:02d}.ipynb").write_text(json.dumps(copy), encoding="utf-8")


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    s = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime + s.ru_utime + s.ru_stime


def run(paths, jobs: int, out: Path, sandbox=None):
    from nbteach.teacher.grade import grade

    cpu, start = _cpu(), time.perf_counter()
    results = grade(paths, out / f"grades_jobs{jobs}.csv", jobs=jobs, timeout=120, sandbox=sandbox)
    seconds, cpu = time.perf_counter() - start, _cpu() - cpu
    ids = sorted(results[0].results)
    return seconds, cpu, {s.name: (s.run, s.total(ids)) for s in results}


def main(n: int = 40) -> None:
    with tempfile.TemporaryDirectory(prefix="nbteach-bench-grade-") as tmp:
        folder = Path(tmp) / "class"
        folder.mkdir()
        make_class(folder, n)
        paths = sorted(folder.glob("*.ipynb"))
        from nbteach.teacher import sandbox

        sealed = sandbox.available()
        print(f"{n} submissions of {SOLUTION.name}, {'sealed' if sealed else 'NOT sealed (no bubblewrap)'}, "
              f"{os.cpu_count()} CPU cores, load average at start {os.getloadavg()[0]:.1f}", flush=True)
        total = {1: [0.0, 0.0, {}], 2: [0.0, 0.0, {}]}
        for c, first in enumerate(range(0, n, CHUNK)):
            chunk = paths[first:first + CHUNK]
            for jobs in ((1, 2) if c % 2 == 0 else (2, 1)):
                seconds, cpu, grades = run(chunk, jobs, Path(tmp) / f"out{c}", sandbox=sealed)
                total[jobs][0] += seconds
                total[jobs][1] += cpu
                total[jobs][2].update(grades)
                print(f"  chunk {c + 1}, --jobs {jobs}: {seconds:6.1f} s for {len(chunk)} "
                      f"(load {os.getloadavg()[0]:.1f})", flush=True)
        for jobs in (1, 2):
            seconds, cpu, _ = total[jobs]
            print(f"--jobs {jobs}: {seconds:7.1f} s   {n / seconds:5.2f} submissions/s   "
                  f"{cpu / n:4.1f} CPU s per submission")
        print(f"{'sealed' if sealed else 'unsealed'} throughput ratio jobs=2 / jobs=1: "
              f"{total[1][0] / total[2][0]:.2f}x  (goal >= 1.6x)")
        same = total[1][2] == total[2][2]
        print("same grades in both modes:", "yes" if same else "NO")
        print("scores seen:", sorted({t for _, t in total[1][2].values()}),
              "runs:", sorted({r for r, _ in total[1][2].values()}))
        if not sealed:
            print("bubblewrap cannot run here: the grading above was not sealed; no sandbox overhead measured")
            return
        few, timing = paths[:6], {True: 0.0, False: 0.0}
        for k in range(2):
            for sealed in ((True, False) if k % 2 == 0 else (False, True)):
                seconds, _, _ = run(few, 1, Path(tmp) / f"seal{k}{sealed}", sandbox=sealed)
                timing[sealed] += seconds
        per = {m: timing[m] / (2 * len(few)) for m in timing}
        print(f"sandbox overhead: sealed {per[True]:.2f} s, unsealed {per[False]:.2f} s per submission: "
              f"{per[True] - per[False]:+.2f} s each (goal <= 1 s), ratio {per[True] / per[False]:.2f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
