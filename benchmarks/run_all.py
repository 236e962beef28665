"""`make bench`: run every benchmarks/bench_*.py, each in its own interpreter, and print its figures."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    failed = []
    for path in sorted(HERE.glob("bench_*.py")):
        print(f"\n== {path.stem} ==", flush=True)
        if subprocess.run([sys.executable, str(path)], cwd=HERE).returncode != 0:
            failed.append(path.name)
    if failed:
        print("\nbenchmarks that failed to run:", ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
