"""Grading a class: 40 submissions of homework 1 with --jobs 2 against --jobs 1, same run.

The submissions are copies of the homework 1 solution, every other one with two wrong
answers (so feedback is written for both outcomes). Each is run top to bottom in a
fresh kernel and its answers re-checked, exactly as ``python -m nbteach.grade`` does.
Throughput is submissions per second; the ratio is jobs=2 over jobs=1 (target >= 1.8x
on 2 cores). Both runs must give the same grades.

Run: ``.venv/bin/python benchmarks/bench_grade.py [N]`` (or ``make bench``); about 3-4 minutes.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOLUTION = ROOT / "notebooks" / "homework" / "solutions" / "hw01_bayes_and_smoothing.ipynb"


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


def run(folder: Path, out: Path, jobs: int):
    from nbteach.grade import grade

    start = time.perf_counter()
    results = grade([folder], out / f"grades_jobs{jobs}.csv", jobs=jobs, timeout=120)
    seconds = time.perf_counter() - start
    ids = sorted(results[0].results)
    return seconds, {s.name: (s.run, s.total(ids)) for s in results}


def main(n: int = 40) -> None:
    with tempfile.TemporaryDirectory(prefix="nbteach-bench-grade-") as tmp:
        folder, out = Path(tmp) / "class", Path(tmp) / "out"
        folder.mkdir()
        make_class(folder, n)
        print(f"{n} submissions of {SOLUTION.name}, {os.cpu_count()} CPU cores", flush=True)
        t1, g1 = run(folder, out, 1)
        print(f"--jobs 1: {t1:7.1f} s   {n / t1:5.2f} submissions/s", flush=True)
        t2, g2 = run(folder, out, 2)
        print(f"--jobs 2: {t2:7.1f} s   {n / t2:5.2f} submissions/s", flush=True)
        print(f"throughput ratio jobs=2 / jobs=1: {t1 / t2:.2f}x  (target >= 1.8x)")
        print("same grades in both runs:", "yes" if g1 == g2 else f"NO: {g1} vs {g2}")
        scores = sorted({total for _, total in g1.values()})
        print("scores seen:", scores, "runs:", sorted({run for run, _ in g1.values()}))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
