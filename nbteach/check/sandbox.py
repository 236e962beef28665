"""Run a student's serialised function on given inputs, in a process of its own.

    python -m nbteach.check.sandbox REQUEST.json REPLY.json

The grader (``nbteach.teacher.runner.run_function``) writes ``{"function": <cloudpickle,
base64>, "inputs": <encoded>, "budget": seconds}`` to REQUEST.json, starts this module in a
sandbox of its own (sealed: own PID namespace and uid, nothing of the grader's or the
judge's; REQUEST.json read-only and REPLY.json the only file it hands back), and reads the
encoded outcomes (outputs, errors, timeouts, changed inputs) from REPLY.json. Only values
come back, rebuilt from a whitelist of types; the verdict is decided elsewhere
(``nbteach.check.functions.judge`` in the grader, ``nbteach.teacher.judge`` for homework),
by a process this one shares nothing with: whatever the student's code does here cannot
pass a check.
"""
from __future__ import annotations

import base64
import json
import sys
from pathlib import Path

import cloudpickle

from .functions import run_calls
from .serial import decode, encode


def run(request: dict) -> dict:
    """The reply to one request (see the module docstring)."""
    inputs = decode(request["inputs"])
    try:
        func = cloudpickle.loads(base64.b64decode(request["function"]))
    except Exception as exc:  # noqa: BLE001
        return {"load_error": f"{type(exc).__name__}: {exc}"[:500]}
    outcomes = run_calls(func, [(tuple(a), dict(k)) for a, k in inputs], float(request["budget"]))
    return {"outcomes": [{"output": encode(o.output), "error": o.error, "timed_out": o.timed_out,
                          "mutated": list(o.mutated)} for o in outcomes]}


def main(argv) -> int:
    request_path, reply_path = argv
    reply = run(json.loads(Path(request_path).read_text(encoding="utf-8")))
    Path(reply_path).write_text(json.dumps(reply), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
