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


@pytest.mark.parametrize("reply", [None, [], "correct", {"status": "correct", "correct": True, "message": "Correct!"},
                                   {"blank": False, "type": "int", "summary": {"forms": "q:1/2"}},
                                   {"blank": False, "type": "int", "summary": {"none": False, "forms": [1],
                                                                               "rounded": None, "decimal": None,
                                                                               "shape": None, "why": ""}},
                                   {"blank": "no", "type": "int", "summary": None}])
def test_a_reply_without_the_judge_s_shape_is_no_verdict_and_no_pass(reply):
    """The grader reads a judge's reply field by field; anything else is no verdict (never a
    pass): "correct" printed by a student is not a reply at all."""
    from nbteach.teacher import autograde, wire

    v = load("hw01").variant(b"a secret", "alice")
    ex = v.exercise("hw01.lidstone")
    assert wire.summary(reply) is None
    assert not isinstance(reply, dict) or autograde._decide_value(ex, ex.forms_view(), reply) is None
    right = judge.summary_reply({"spec": ex.forms_view()["spec"], "answer": encode(ex.answer), "lang": "en"})
    assert autograde._decide_value(ex, ex.forms_view(), json.loads(json.dumps(right))).passed


def test_the_judge_is_asked_for_forms_and_never_told_the_answer():
    """The judge's request holds the answer type and the student's answer: no accepted form, no
    mistake's form, nothing of the homework's source; the grader compares the forms itself."""
    from nbteach.check.compare import reference_forms
    from nbteach.teacher import autograde

    request, v = _request("hw01.lidstone", 0.5)
    ex = v.exercise("hw01.lidstone")
    plan = autograde._plan(ex, request["answer"], "en", 3, runner.Seal(False))
    text = json.dumps(plan.request)
    assert set(plan.request) == {"op", "spec", "answer", "lang"}
    for form in set(reference_forms(ex.answer, ex.spec)) | {f for m in ex.forms_view()["mistakes"] for f in m["digests"]}:
        assert form not in text, form
    checked = 0
    for line in SOURCE.read_text(encoding="utf-8").splitlines():
        if len(line.strip()) > 30:
            assert line.strip() not in text, line
            checked += 1
    assert checked > 20
    right = autograde._plan(ex, encode(ex.answer), "en", 3, runner.Seal(False))
    assert right.decide(json.loads(json.dumps(judge.summary_reply(right.request)))).status == "correct"
    assert plan.decide(json.loads(json.dumps(judge.summary_reply(plan.request)))).status == "incorrect"


def test_a_function_answer_is_run_apart_and_only_its_values_come_back():
    class Liar(dict):
        def __eq__(self, other):
            return True

    def posterior(prior, likelihood):
        return Liar()

    from nbteach.teacher import autograde

    request, v = _request("hw01.posterior_function", posterior)
    ex = v.exercise("hw01.posterior_function")
    plan = autograde._plan(ex, request["answer"], "en", 3, runner.Seal(False))
    assert plan.request["op"] == "outcomes" and isinstance(plan.request["reply"], str)   # unread by the grader
    reply = judge.outcomes_reply(plan.request)
    assert all(o["type"] == "dict" for o in reply["outcomes"])  # a plain dict, not the student's class
    verdict = plan.decide(json.loads(json.dumps(reply)))
    assert verdict.status == "incorrect" and verdict.passed is False


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
