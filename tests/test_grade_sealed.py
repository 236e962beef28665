"""The sealed grader (nbteach.teacher.sandbox): attacks from inside a submission change nothing
outside it.

One class is graded once, sealed, with --jobs 2: an honest student, an attacker, and a
memory hog. The attacker tries, each in a cell of its own (so one failure does not stop the
next): to overwrite and to delete a classmate's notebook, to write the grade file and the
secret, to leave a detached process behind, to reach a server on the grader's loopback, and
to kill process 1 of its sandbox. Skipped (with the reason) where bubblewrap cannot run; CI
installs it (.ci/run).
"""
from __future__ import annotations

import csv
import hashlib
import json
import socket
import threading
import time
from pathlib import Path

import pytest

from nbteach.teacher import sandbox

ROOT = Path(__file__).resolve().parents[1]
SOLUTION = ROOT / "teacher" / "homework_solutions" / "hw01_bayes_and_smoothing.ipynb"
IDS = ["hw01.posterior_cough", "hw01.score_flu", "hw01.laplace_temperature", "hw01.lidstone",
       "hw01.epsilon_cold_score", "hw01.posterior_function",
       "hw01.scores_function"]
MARKER = "nbteach-sealed-test-leftover"

pytestmark = [pytest.mark.xdist_group("grade"),
              pytest.mark.skipif(not sandbox.available(), reason="bubblewrap (bwrap) cannot run here")]


def _cell(src):
    return {"cell_type": "code", "metadata": {}, "source": src, "outputs": [], "execution_count": None}


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def sealed_class(tmp_path_factory):
    subs = tmp_path_factory.mktemp("submissions")
    out = tmp_path_factory.mktemp("out")
    secret = out / "secret.txt"
    secret.write_text("the teacher's secret\n")
    honest = json.loads(SOLUTION.read_text(encoding="utf-8"))
    (subs / "alice.ipynb").write_text(json.dumps(honest))
    received = []
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    server.settimeout(1.0)
    port = server.getsockname()[1]
    stop = threading.Event()

    def serve():
        while not stop.is_set():
            try:
                conn, _ = server.accept()
                received.append(conn.recv(100))
                conn.close()
            except OSError:
                continue

    threading.Thread(target=serve, daemon=True).start()
    attacks = [
        f"open({str(subs / 'alice.ipynb')!r}, 'a').write('overwritten')",
        f"import os\nos.remove({str(subs / 'alice.ipynb')!r})",
        f"open({str(out / 'grades.csv')!r}, 'w').write('bob,100')",
        f"open({str(out / 'planted.csv')!r}, 'w').write('bob,100')",   # a file the grader never writes
        f"open({str(secret)!r}, 'w').write('stolen')",
        f"import subprocess, sys\nsubprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)  # {MARKER}'],"
        " start_new_session=True)",
        f"import socket\nsocket.create_connection(('127.0.0.1', {port}), timeout=3).sendall(b'exfiltrated')",
        "import os\nos.kill(1, 9)",
    ]
    attacker = json.loads(SOLUTION.read_text(encoding="utf-8"))
    for a in reversed(attacks):  # every attack right after the imports, before the answers
        attacker["cells"].insert(2, _cell(f"try:\n" + "".join(f"    {line}\n" for line in a.split("\n"))
                                          + "except Exception as exc:\n    print('blocked:', exc)"))
    (subs / "mallory.ipynb").write_text(json.dumps(attacker))
    hog = json.loads(SOLUTION.read_text(encoding="utf-8"))
    hog["cells"].insert(2, _cell("blob = bytearray(4 * 1024 ** 3)  # 4 GiB"))
    (subs / "hog.ipynb").write_text(json.dumps(hog))
    before = {"alice": _digest(subs / "alice.ipynb"), "secret": _digest(secret)}
    from nbteach.teacher.grade import grade

    started = time.monotonic()
    results = grade([subs], out / "grades.csv", jobs=3, timeout=60, sandbox=True)   # the three side by side
    seconds = time.monotonic() - started
    time.sleep(1.0)
    stop.set()
    with open(out / "grades.csv", newline="", encoding="utf-8") as fh:
        rows = {r["submission"].removesuffix(".ipynb"): r for r in csv.DictReader(fh)}
    return {"rows": rows, "results": results, "subs": subs, "out": out, "secret": secret,
            "before": before, "received": received, "seconds": seconds}


def _score(row):
    return {i: int(row[i]) for i in IDS}


def test_the_honest_student_gets_full_marks_sealed(sealed_class):
    row = sealed_class["rows"]["alice"]
    assert row["run"] == "ok" and _score(row) == {i: 1 for i in IDS}
    assert all(r.sealed for r in sealed_class["results"])


def test_nothing_outside_the_attackers_sandbox_changed(sealed_class):
    c = sealed_class
    assert (c["subs"] / "alice.ipynb").exists(), "a classmate's notebook was deleted"
    assert _digest(c["subs"] / "alice.ipynb") == c["before"]["alice"], "a classmate's notebook was changed"
    assert _digest(c["secret"]) == c["before"]["secret"], "the secret was written"
    # the grader rewrites grades.csv after the run, which would hide a write to it: a file it never
    # writes shows whether the sandbox let the attacker reach the teacher's folder at all
    assert not (c["out"] / "planted.csv").exists(), "the attacker wrote into the teacher's folder"
    assert "bob,100" not in (c["out"] / "grades.csv").read_text(encoding="utf-8")
    assert c["received"] == [], "a submission reached the grader's loopback"


def test_the_attacker_is_graded_on_its_answers_and_leaves_no_process(sealed_class):
    import psutil

    row = sealed_class["rows"]["mallory"]
    assert _score(row) == {i: 1 for i in IDS}, row  # its answers are right; the attacks did nothing
    leftovers = [p for p in psutil.process_iter(["cmdline"]) if MARKER in " ".join(p.info["cmdline"] or [])]
    assert leftovers == [], "a detached process outlived its sandbox"


def test_a_memory_hog_is_stopped_and_graded(sealed_class):
    row = sealed_class["rows"]["hog"]
    assert row["run"] in ("error", "dead kernel"), row["run"]
    assert _score(row) == {i: 1 for i in IDS}  # the allocation failed in its cell; the rest ran


def test_the_cli_refuses_to_grade_unsealed_without_being_told(tmp_path, monkeypatch):
    from nbteach.teacher.grade import main

    monkeypatch.setattr(sandbox, "available", lambda: False)
    assert main([str(SOLUTION), "--out", str(tmp_path / "g.csv")]) == 2
    assert not (tmp_path / "g.csv").exists()
