"""Grading on a Dask cluster (``--cluster``, ``nbteach.teacher.cluster``; issue 35 item 5).

A class of hw01 assigned with a secret (a variant a student) is graded sealed on this machine and
on a ``LocalCluster`` of two worker processes (one for the module), a worker's process killed
while its notebook runs: the grade files must be the same bytes, each submission recorded once.
Then on the cluster once interrupted (Ctrl-C) and resumed. The bad inputs (no Dask, no scheduler
there, --jobs) are told what to do.

Sealed grading is what costs (a kernel, the judge, a function's sandbox: a few CPU seconds a
submission), so the notebooks are hw01's keys cut to two exercises, a value (1) and a function
(6): alice right, bob a diagnosed mistake in 1 (and no 6), dave 1 right (and no 6; handed in
only for the interrupted run), carol nothing. That nbteach imports no Dask until it grades on a
cluster is checked with the other imports (tests/test_import_graph.py, tests/test_import_light.py).
"""
import csv
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from nbteach.teacher import cluster as cluster_mod
from nbteach.teacher import sandbox
from nbteach.teacher.assign import assign
from nbteach.teacher.grade import grade, main

distributed = pytest.importorskip("distributed")

NOTEBOOK = "hw01_bayes_and_smoothing.ipynb"
SECRET = "a secret only the teacher has"
TIMEOUT = 60

pytestmark = [pytest.mark.xdist_group("grade"),
              pytest.mark.skipif(not sandbox.available(), reason="bubblewrap cannot run here: nothing to seal")]


def _index(nb, needle):
    return next(i for i, c in enumerate(nb["cells"]) if needle in "".join(c["source"]))


def _two_exercises(path: Path, edit=None, function=True) -> str:
    """The key notebook at ``path`` with exercises 1 and 6 only (or 1 only, without ``function``;
    ``edit(nb)`` then changes it)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    cells = nb["cells"]
    nb["cells"] = cells[:_index(nb, "q2 = exercise") - 1] + \
        (cells[_index(nb, "q6 = exercise") - 1:_index(nb, "q7 = exercise") - 1] if function else [])
    if edit:
        edit(nb)
    return json.dumps(nb)


def _set(needle, source):
    def edit(nb):
        nb["cells"][_index(nb, needle)]["source"] = source
    return edit


@pytest.fixture(scope="module")
def released(tmp_path_factory):
    base = tmp_path_factory.mktemp("class")
    (base / "roster.csv").write_text("id,name\nalice,Alice\nbob,Bob\ncarol,Carol\ndave,Dave\n", encoding="utf-8")
    (base / "secret.txt").write_text(SECRET + "\n", encoding="utf-8")
    # the keys of those who hand in: each the notebook released to them, solved
    (base / "handed_in.csv").write_text("id,name\nalice,Alice\nbob,Bob\ndave,Dave\n", encoding="utf-8")
    assign("hw01", base / "key", base / "handed_in.csv", base / "secret.txt", solutions=True)
    notebooks = {
        "alice": _two_exercises(base / "key" / "alice" / NOTEBOOK),
        # P(Cough = yes | Flu) for P(Flu | Cough = yes): the mistake likelihood_for_posterior
        "bob": _two_exercises(base / "key" / "bob" / NOTEBOOK, _set(
            "answer1 = ", "answer1 = prob(df, Cough='yes', given={'Diagnosis': 'Flu'})\n"), function=False),
        "dave": _two_exercises(base / "key" / "dave" / NOTEBOOK, function=False),
    }
    for sid, text in notebooks.items():
        (base / "submissions" / sid).mkdir(parents=True)
        (base / "submissions" / sid / NOTEBOOK).write_text(text, encoding="utf-8")
    # the class graded on this machine and in the cluster's first run: all but dave
    shutil.copytree(base / "submissions", base / "class", ignore=lambda d, names: ["dave"] if d.endswith("submissions") else [])
    return base


def _grade(base: Path, folder: str, out: Path, **kwargs):
    return grade([base / folder], out, assignment="hw01", roster=base / "roster.csv",
                 secret_file=base / "secret.txt", timeout=TIMEOUT, sandbox=True, **kwargs)


def _files(folder: Path) -> dict:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _graded(lines) -> list:
    """The students a progress callback was told of, one line each as a row is recorded."""
    return sorted(line.split("] ")[1].split(":")[0] for line in lines)


@pytest.fixture(scope="module")
def local(released, tmp_path_factory):
    out = tmp_path_factory.mktemp("local") / "grades.csv"
    _grade(released, "class", out, jobs=2)
    return _files(out.parent)


@pytest.fixture(scope="module")
def cluster():
    # two worker processes of one thread each, as two machines of one core would be
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None) as c:
        yield c


def _kill_a_worker_mid_run(address, killed: list, stop: threading.Event) -> None:
    """Once a worker's process has a sandbox running (a notebook mid-run), SIGKILL that process."""
    import psutil

    with distributed.Client(address, set_as_default=False) as client:
        pids = client.run(os.getpid)
        while not stop.is_set():
            for worker, keys in client.processing().items():
                pid = pids.get(worker)
                try:
                    running = pid and any(p.name() == "bwrap" for p in psutil.Process(pid).children(recursive=True))
                except psutil.Error:
                    continue
                if keys and running:
                    time.sleep(0.5)   # into the notebook's run
                    os.kill(pid, 9)
                    killed.append(pid)
                    return
            time.sleep(0.05)


def test_the_cluster_writes_the_same_files_even_when_a_worker_dies_mid_run(released, local, cluster, tmp_path):
    killed, stop, lines = [], threading.Event(), []
    killer = threading.Thread(target=_kill_a_worker_mid_run, args=(cluster.scheduler_address, killed, stop))
    killer.start()
    try:
        _grade(released, "class", tmp_path / "grades.csv", cluster=cluster.scheduler_address, progress=lines.append)
    finally:
        stop.set()
        killer.join()
    assert len(killed) == 1   # a worker's process died while its notebook ran...
    # ...yet each submission was recorded once (the killed one graded again), and every file
    # (grades.csv, grades.mistakes.jsonl, each feedback file) is the same bytes as graded here
    assert _graded(lines) == ["alice", "bob"]
    assert _files(tmp_path) == local
    rows = {r["student"]: r for r in csv.DictReader((tmp_path / "grades.csv").open(encoding="utf-8"))}
    assert rows["alice"]["hw01.posterior_cough"] == rows["alice"]["hw01.posterior_function"] == "1"
    assert rows["alice"]["run"] == "ok"   # sealed: an unsealed row says so
    assert rows["bob"]["hw01.posterior_cough"] == "0" and rows["bob"]["hw01.posterior_function"] == "0"
    assert rows["carol"]["run"] == "missing"
    assert "likelihood_for_posterior" in (tmp_path / "grades.mistakes.jsonl").read_text(encoding="utf-8")
    with distributed.Client(cluster.scheduler_address, set_as_default=False) as client:
        client.wait_for_workers(2, timeout=120)   # its nanny started another in its place
        assert killed[0] not in client.run(os.getpid).values()


def test_ctrl_c_then_resume_on_the_cluster(released, local, cluster, tmp_path):
    out = tmp_path / "grades.csv"

    def interrupt(line):   # Ctrl-C as the first student finishes
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        _grade(released, "submissions", out, cluster=cluster.scheduler_address, progress=interrupt)
    first = [r["student"] for r in csv.DictReader(out.open(encoding="utf-8")) if r["run"] not in ("missing", "")]
    # two workers: the first to finish and the one running beside it are recorded, with their
    # feedback; the third was never sent
    assert len(first) == 2, first
    assert sorted(p.name for p in (tmp_path / "feedback").glob("*.txt")) == sorted(f"{sid}.txt" for sid in first)
    lines = []
    _grade(released, "submissions", out, cluster=cluster.scheduler_address, resume=True, progress=lines.append)
    graded = _graded(lines)
    assert len(graded) == 1 and graded[0] not in first   # only that one
    rows = {r["student"]: r for r in csv.DictReader(out.open(encoding="utf-8"))}
    assert rows["dave"]["hw01.posterior_cough"] == "1" and rows["dave"]["run"] == "ok"
    # everyone else as graded here in one go
    mine = [line for line in out.read_text(encoding="utf-8").splitlines() if not line.startswith("dave,")]
    theirs = [line for line in local["grades.csv"].decode("utf-8").splitlines() if not line.startswith("dave,")]
    assert mine == theirs


def _cli(base: Path, out: Path, *more) -> list:
    return [str(base / "class"), "--assignment", "hw01", "--roster", str(base / "roster.csv"),
            "--secret-file", str(base / "secret.txt"), "--out", str(out), *more]


def test_the_cli_tells_what_to_do_with_a_bad_address_jobs_or_no_dask(released, tmp_path, capsys, monkeypatch):
    out = tmp_path / "g.csv"
    assert main(_cli(released, out, "--cluster", "tcp://127.0.0.1:1", "--jobs", "2")) == 2
    assert "leave --jobs out" in capsys.readouterr().err
    monkeypatch.setattr(cluster_mod, "CONNECT_SECONDS", 1)
    assert main(_cli(released, out, "--cluster", "tcp://127.0.0.1:1")) == 2
    err = capsys.readouterr().err
    assert "cannot reach a Dask scheduler at tcp://127.0.0.1:1" in err and "check the address" in err, err
    # Dask not installed (an import that fails as it would)
    monkeypatch.setitem(sys.modules, "distributed", None)
    assert main(_cli(released, out, "--cluster", "tcp://127.0.0.1:8786")) == 2
    err = capsys.readouterr().err
    assert 'pip install "nbteach[cluster]"' in err and "Traceback" not in err
    assert not out.exists()
