"""Shared by the benchmarks: medians, and a line format for figures and ratios."""
from __future__ import annotations

import gc
import statistics
import time


def median_seconds(fn, repeat: int = 15, warmup: int = 2) -> float:
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def report(name: str, value_ms: float, baseline_name: str, baseline_ms: float, target: str = "") -> None:
    ratio = value_ms / baseline_ms if baseline_ms else float("inf")
    extra = f"  (target {target})" if target else ""
    print(f"{name:<46} {value_ms:9.2f} ms   {baseline_name:<34} {baseline_ms:9.2f} ms   ratio {ratio:5.2f}x{extra}")


def time_in_turn(fns, args, repeats):
    """Best wall and CPU seconds of each function, the functions run in turn; their outputs."""
    wall, cpu, outs = [float("inf")] * len(fns), [float("inf")] * len(fns), [None] * len(fns)
    for _ in range(repeats):
        for i, fn in enumerate(fns):
            gc.collect()
            w0, c0 = time.perf_counter(), time.process_time()
            outs[i] = fn(*args)
            wall[i] = min(wall[i], time.perf_counter() - w0)
            cpu[i] = min(cpu[i], time.process_time() - c0)
    return wall, cpu, outs
