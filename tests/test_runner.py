"""The sandbox-runner client (nbteach.teacher.runner) and the judge's two halves, without a class.

The judge decides from what :func:`nbteach.teacher.judge.prepare` hands it: one exercise's
forms, hints and inputs, never the homework's source; the grader believes a reply only if
it has the judge's shape; a bad argument to the runner gets a message that says what to fix.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from nbteach._base import NbteachError
from nbteach.check.serial import encode
from nbteach.teacher import judge, runner, sandbox
from nbteach.teacher.homework import load

# sandboxed processes hold uids from one pool: these tests run beside the other graders, not at once
pytestmark = pytest.mark.xdist_group("grade")

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "nbteach" / "teacher" / "homework_sources" / "hw01" / "homework.py"


def _request(ex_id, answer):
    v = load("hw01").variant(b"a secret", "alice")
    return {"assignment": "hw01", "params": v.params, "student_id": "alice", "exercise_id": ex_id,
            "answer": encode(answer), "lang": "en", "seed": 3}, v


@pytest.mark.parametrize("reply", [None, [], "correct", {"status": "correct"}, {"status": "correct", "message": 1},
                                   {"status": "passed", "correct": True, "message": ""},
                                   {"status": "correct", "correct": "yes", "message": "Correct!"},
                                   {"status": "incorrect", "correct": True, "message": "Correct!"}])
def test_a_reply_without_the_judge_s_shape_is_no_pass(reply):
    assert judge.verdict(reply)[0] is False
    assert judge.verdict({"status": "correct", "correct": True, "message": "Correct!"}) == (True, "Correct!")


def test_the_judge_s_request_holds_the_exercise_s_forms_not_the_homework_source():
    request, v = _request("hw01.lidstone", 0.5)
    prepared = judge.prepare(request, runner.Seal(False))
    text = json.dumps(prepared)
    ex = v.exercise("hw01.lidstone")
    shown = [t for _, _, hint in ex.mistakes for t in (hint.values() if isinstance(hint, dict) else [hint])]
    checked = 0
    for line in SOURCE.read_text(encoding="utf-8").splitlines():  # but the hints the student may see
        if len(line.strip()) > 30 and not any(json.dumps(t)[1:-1] in line or t in line for t in shown):
            assert line.strip() not in text, line
            checked += 1
    assert checked > 20
    assert "params" not in prepared and "assignment" not in prepared
    right = judge.prepare(dict(request, answer=encode(ex.answer)), runner.Seal(False))
    assert judge.decide(right)["status"] == "correct"
    assert judge.decide(prepared)["status"] == "incorrect"  # a float for an exact answer


def test_a_function_answer_is_run_apart_and_only_its_values_come_back():
    class Liar(dict):
        def __eq__(self, other):
            return True

    def posterior(prior, likelihood):
        return Liar()

    request, v = _request("hw01.posterior_function", posterior)
    prepared = judge.prepare(request, runner.Seal(False))
    assert all(o["output"]["t"] == "dict" for o in prepared["outcomes"])  # a plain dict, not the student's class
    reply = judge.decide(prepared)
    assert reply["status"] == "incorrect" and reply["correct"] is False


@pytest.mark.parametrize("kwargs, needle", [
    ({"argv": []}, "non-empty list"),
    ({"argv": ["no-such-program-here"]}, "not a program"),
    ({"argv": ["/bin/true"], "seal": True}, "Seal"),
    ({"argv": ["/bin/true"], "timeout": 0}, "timeout"),
    ({"argv": ["/bin/true"], "files": {"../x": b""}}, "plain names"),
    ({"argv": ["/bin/true"], "files": {"x": "text"}}, "bytes"),
])
def test_bad_arguments_to_the_runner_say_what_to_fix(kwargs, needle):
    kwargs = {"seal": runner.Seal(False), **kwargs}
    with pytest.raises(NbteachError, match=needle):
        runner.run(**kwargs)


@pytest.mark.skipif(not sandbox.available(), reason="bubblewrap (bwrap) cannot run here")
def test_a_sealed_process_gets_a_clean_environment_and_its_files(monkeypatch):
    monkeypatch.setenv("NBTEACH_TEST_SECRET", "hunter2-in-the-grader")
    done = runner.run(["/bin/sh", "-c", "cat {dir}/given; echo; env; echo out > {dir}/back"], seal=runner.Seal(True),
                      files={"given": b"the input"}, outputs=("back",))
    text = done.stdout.decode()
    assert done.returncode == 0 and text.startswith("the input")
    assert "hunter2" not in text and "NBTEACH_TEST_SECRET" not in text
    assert done.files["back"] == b"out\n"
    with pytest.raises(NbteachError, match="processes"):
        sandbox.sealed(["/bin/true"], processes=2)


@pytest.mark.skipif(not sandbox._root(), reason="sandbox uids are handed out only when grading as root")
def test_a_sandbox_uid_is_never_one_a_process_has_nor_one_in_use():
    import os
    import subprocess

    first = sandbox._UID_BASE + os.getpid() % sandbox._UID_POOL  # the uid this process would try first

    def as_first():
        os.setgroups([])
        os.setgid(first)
        os.setuid(first)

    outside = subprocess.Popen(["sleep", "60"], preexec_fn=as_first)
    try:
        with sandbox.identity() as a, sandbox.identity() as b:
            assert first not in (a, b) and a != b
            assert sandbox._UID_BASE <= min(a, b) and max(a, b) < sandbox._UID_BASE + sandbox._UID_POOL
    finally:
        outside.kill()
        outside.wait()
