"""Run a student's serialised function on given inputs, in a process of its own.

The batch grader starts ``python -m nbteach.check.sandbox`` for each function answer,
sends ``{"function": <cloudpickle, base64>, "inputs": <encoded>, "budget": seconds}`` on
stdin and reads the encoded outcomes (outputs, errors, timeouts, changed inputs) from
stdout. The grade is decided by the grader (``nbteach.check.functions.judge``), not
here: whatever the student's code does to this process cannot pass a check.
"""
from __future__ import annotations

import base64
import json
import sys

from .serial import decode, encode


def main() -> int:
    request = json.loads(sys.stdin.read())
    out = sys.stdout
    sys.stdout = sys.stderr  # the student's prints must not mix with the reply
    inputs = decode(request["inputs"])
    try:
        import cloudpickle

        func = cloudpickle.loads(base64.b64decode(request["function"]))
    except Exception as exc:  # noqa: BLE001
        out.write(json.dumps({"load_error": f"{type(exc).__name__}: {exc}"[:500]}))
        return 0
    from .functions import run_calls

    outcomes = run_calls(func, [(tuple(a), dict(k)) for a, k in inputs], float(request["budget"]))
    reply = [{"output": encode(o.output), "error": o.error, "timed_out": o.timed_out,
              "mutated": list(o.mutated)} for o in outcomes]
    out.write(json.dumps({"outcomes": reply}))
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
