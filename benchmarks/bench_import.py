"""How long `import nbteach` takes, against `import numpy`, each in a fresh interpreter.

Both are measured in this run, alternating, and the interpreter's own start-up is taken off
both. Target: nbteach <= 1.5x numpy.
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import time

from _common import report


def _time(code: str) -> float:
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True)
    return time.perf_counter() - t


def main(repeat: int = 15) -> None:
    empty, numpy_, nbteach_ = [], [], []
    for _ in range(repeat):  # interleaved, so machine noise hits all three alike
        empty.append(_time("pass"))
        numpy_.append(_time("import numpy"))
        nbteach_.append(_time("import nbteach"))
    base = statistics.median(empty)
    t_numpy = max(statistics.median(numpy_) - base, 1e-6) * 1000
    t_nbteach = max(statistics.median(nbteach_) - base, 0.0) * 1000
    print(f"interpreter start-up (subtracted): {base * 1000:.1f} ms")
    report("import nbteach", t_nbteach, "import numpy", t_numpy, "<= 1.5x")


if __name__ == "__main__":
    main()
