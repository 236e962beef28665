"""A mistake that gives the answer's output on a case is not offered there, and is still named.

hw03.confusion_function's usual mistake is the transposed matrix. On a case whose confusion matrix is
symmetric, the transposed matrix IS the answer: its digest there would equal an accepted one (a
student could confirm the answer offline), so it is not shipped for that case; and a transposed
function, right on that case and the mistake's everywhere else, is still told it is transposed:
in the released practice check and under the sealed grader alike (one rule: function_verdict).
"""
from __future__ import annotations

import json
import random

import numpy as np
import pytest

from nbteach.check.functions import SHORTCUT
from nbteach.check.serial import encode
from nbteach.teacher import sandbox
from nbteach.teacher.homework import load

SYMMETRIC = [["ham", "spam", "spam"], ["spam", "ham", "spam"], ["ham", "spam"]]


def _variant():
    hw = load("hw03")
    p = hw.module.params(random.Random(1))
    p["cases"][0] = SYMMETRIC
    return hw, hw.variant_from_params(p)


def _student(transposed):
    def confusion(y_true, y_pred, labels):
        index = {c: k for k, c in enumerate(labels)}
        C = np.zeros((len(labels), len(labels)), dtype=int)
        for t, p in zip(y_true, y_pred):
            C[(index[p], index[t]) if transposed else (index[t], index[p])] += 1
        return C
    return confusion


def test_the_mistake_equal_to_the_answer_is_not_shipped_there():
    hw, v = _variant()
    item = next(e for e in v.checks("practice")["exercises"] if e["id"] == "hw03.confusion_function")
    sym = item["cases"][1]
    assert json.dumps(sym["input"]) and [m["digests"] for m in sym["mistakes"]] == [[]]
    for case in item["cases"]:
        for m in case["mistakes"]:
            assert not set(m["digests"]) & set(case["accepted"])
    assert any(m["digests"] for c in item["cases"] for m in c["mistakes"]), "the mistake is shipped nowhere"


def test_a_transposed_function_is_named_in_the_released_check():
    hw, v = _variant()
    check = v.register("practice")["hw03.confusion_function"]
    wrong = check.check(_student(True), _record=False)
    assert (wrong.status, wrong.mistake) == ("incorrect", "transposed"), wrong.message
    assert check.check(_student(False), _record=False).status == "correct"


@pytest.mark.xdist_group("grade")
@pytest.mark.skipif(not sandbox.available(), reason="bubblewrap (bwrap) cannot run here")
def test_a_transposed_function_is_named_by_the_sealed_grader():
    from nbteach.teacher import autograde, runner

    hw, v = _variant()
    import sys

    import cloudpickle

    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    got = {}
    for key, func in (("wrong", _student(True)), ("right", _student(False))):
        records = {"hw03.confusion_function": (json.loads(json.dumps(encode(func))), "en")}
        got[key] = autograde.judge_answers(records, ["hw03.confusion_function"], v.exercise, b"case",
                                           runner.Seal(True), "en")["hw03.confusion_function"]
    assert (got["wrong"].status, got["wrong"].mistake) == ("incorrect", "transposed"), got["wrong"].message
    assert got["right"].status == "correct" and got["right"].mistake not in ("transposed", SHORTCUT)
