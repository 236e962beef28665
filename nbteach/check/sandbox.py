"""Run a student's serialised function on given inputs, in a process of its own.

    python -m nbteach.check.sandbox REQUEST.json

The grader (``nbteach.teacher.runner.run_function``) writes ``{"function": <cloudpickle,
base64>, "inputs": <encoded>, "budget": seconds, "forbidden": [dotted names]}`` to
REQUEST.json, starts this module in a sandbox of its own (sealed: own PID namespace, uid and
cgroup, nothing of the grader's or the judge's; REQUEST.json a read-only copy) and gets the
encoded outcomes (outputs, errors, timeouts, changed inputs) back as this process's stdout.
Whatever the student's function prints goes nowhere (file descriptors 1 and 2 point to
``/dev/null`` while it runs); the reply is written on a duplicate of the original stdout.

The reply is the student's own data: the function runs in this process and could write
anything there. So it is never trusted, never decoded by the grader: the sealed judge reads
it by the closed grammar of ``nbteach.check.serial`` and computes its canonical forms, and
the grader decides from those forms, compared with the reference's it computed itself.
"""
from __future__ import annotations

import base64
import json
import os
import sys
from pathlib import Path

from .functions import run_calls
from .serial import decode, encode


def run(request: dict) -> dict:
    """The reply to one request (see the module docstring)."""
    import cloudpickle  # heavy, optional: only where a student's function is loaded

    inputs = decode(request["inputs"])
    try:
        func = cloudpickle.loads(base64.b64decode(request["function"]))
    except Exception as exc:  # noqa: BLE001
        return {"load_error": f"{type(exc).__name__}: {exc}"[:500]}
    forbidden = tuple(str(n) for n in request.get("forbidden") or ())
    outcomes = run_calls(func, [(tuple(a), dict(k)) for a, k in inputs], float(request["budget"]),
                         forbidden=forbidden)
    return {"outcomes": [{"output": encode(o.output), "error": o.error, "timed_out": o.timed_out,
                          "mutated": list(o.mutated), "shortcut": o.shortcut} for o in outcomes]}


def main(argv) -> int:
    (request_path,) = argv
    request = json.loads(Path(request_path).read_text(encoding="utf-8"))
    reply_fd = os.dup(1)                      # the reply's channel (not inherited by children)
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)                          # what the student's code prints goes nowhere
    os.dup2(quiet, 2)
    sys.stdout = sys.stderr = open(os.devnull, "w", encoding="utf-8")
    reply = run(request)
    data = json.dumps(reply).encode("utf-8")
    while data:
        data = data[os.write(reply_fd, data):]
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
