"""Every error and warning the library raises reads in the student's language: each raise and
warn site of nbteach whose message is written in the code goes through ``tr({"en": ..., "zh": ...})``
(a walk over the source), every such message has its Chinese, and a sample of a student's own
mistakes, driven under zh, shows no English prose (only names, code and the phrases that
scikit-learn's checks match on, kept in brackets).

Not walked: the grader's side (``nbteach/teacher/*.py``, ``check/serial.py``, ``check/functions.py``:
the lead's, with their own tests). Allowed in English, each with its reason: :data:`ENGLISH`."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import nbteach
from nbteach.i18n import set_language

ROOT = Path(__file__).resolve().parents[1] / "nbteach"
NOT_WALKED = {"teacher/grade.py", "teacher/judge.py", "teacher/runner.py", "teacher/sandbox.py",
              "teacher/assign.py", "teacher/notebook.py", "teacher/homework.py", "teacher/__init__.py",
              "teacher/collect.py", "teacher/autograde.py", "teacher/gradebook.py", "teacher/wire.py",
              "teacher/submission.py", "teacher/class_stats.py",
              "teacher/report.py", "check/serial.py", "check/functions.py"}

#: (file, the start of the English message) -> why it stays English
ENGLISH = {
    ("__init__.py", "module 'nbteach' has no attribute"): "Python's own message for a missing attribute",
    ("widgets/__init__.py", "module 'nbteach.widgets' has no"): "Python's own message for a missing attribute",
    ("check/compare.py", "unknown answer type"): "an exercise defined wrongly: a developer's error",
    ("check/compare.py", "the reference answer"): "an exercise defined wrongly: a developer's error",
    ("check/exercise.py", "exercise "): "an exercise defined wrongly: a developer's error",
    ("check/exercise.py", "--feedback must be one of"): "the teacher's command line (the grader's side)",
    ("check/core.py", "exercise "): "an exercise defined wrongly: a developer's error",
    ("derivations/mistakes.py", "erratum "): "the errata registry is inconsistent: a developer's error",
    ("derivations/mistakes.py", "no erratum "): "the errata registry is inconsistent: a developer's error",
    ("derivations/mistakes.py", "errata "): "the errata registry is inconsistent: a developer's error",
    ("derivations/mistakes.py", "computations "): "the errata registry is inconsistent: a developer's error",
    ("derivations/mistakes.py", "{clash}"): "the errata registry is inconsistent: a developer's error",
    ("derivations/mle.py", "expected one stationary point"): "sympy failed inside a derivation: a developer's error",
    ("derivations/mle.py", "could not solve the constraint"): "sympy failed inside a derivation: a developer's error",
    ("teacher/homework_sources/", ""): "a variant generator's internal retry signal, caught by the generator",
}


def _literal(node) -> bool:
    """A message written in the code: a string, an f-string, or text joined or formatted from them."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return True
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        return _literal(node.left) or _literal(node.right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return _literal(node.func.value)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join":
        return any(_literal(a) for a in node.args)          # the pieces joined, not the separator
    return False


def _text(node, source) -> str:
    if isinstance(node, ast.Constant):
        return node.value
    return ast.get_source_segment(source, node).lstrip("f\"' (")


def _allowed(where: str, message: str) -> bool:
    return any((where == f or (f.endswith("/") and where.startswith(f))) and message.startswith(start)
               for f, start in ENGLISH)


def _walked():
    """(where, source, tree) of every module the walk reads."""
    for path in sorted(ROOT.rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        if where not in NOT_WALKED:
            source = path.read_text(encoding="utf-8")
            yield where, source, ast.parse(source)


def _translations(tree):
    """(call, {language: its text's expression}) of every tr({...}) under ``tree``."""
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "tr" and node.args
                and isinstance(node.args[0], ast.Dict)):
            yield node, {k.value: v for k, v in zip(node.args[0].keys, node.args[0].values)
                         if isinstance(k, ast.Constant)}


def _sites():
    for where, source, tree in _walked():
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
                yield where, node.lineno, node.exc.args[0], source
            elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "warn" and node.args:
                yield where, node.lineno, node.args[0], source


def test_every_message_the_library_raises_or_warns_goes_through_tr():
    english = [f"{where}:{line}: {_text(msg, source)[:70]!r}" for where, line, msg, source in _sites()
               if _literal(msg) and not _allowed(where, _text(msg, source))]
    assert not english, (f"{len(english)} raise/warn sites write English only; wrap each message in "
                         "tr({'en': ..., 'zh': ...}):\n" + "\n".join(english))


#: names an English message uses that its Chinese says in its own words
SAID_OTHERWISE = {"resample.py": {"part"}}     # 测试集 / 训练集, from the same n_test


def test_every_translated_message_has_chinese_and_the_same_fields():
    """Each tr({"en": ..., "zh": ...}) of the library has a Chinese text, in Chinese, that uses the
    names the English one uses (an f-string's {fields}; a field is never left out)."""
    bad = []
    for where, source, tree in _walked():
        for node, texts in _translations(tree):
            if "en" not in texts:
                continue
            zh = texts.get("zh")
            zh_source = ast.get_source_segment(source, zh) if zh is not None else ""
            if zh is None or not re.search(r"[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]", zh_source):
                bad.append(f"{where}:{node.lineno}: no Chinese")
                continue
            names = lambda n: {x.id for x in ast.walk(n) if isinstance(x, ast.Name)}   # noqa: E731
            left_out = names(texts["en"]) - names(zh) - SAID_OTHERWISE.get(where, set())
            if left_out:
                bad.append(f"{where}:{node.lineno}: the Chinese leaves out {sorted(left_out)}")
    assert not bad, "\n".join(bad)


#: English prose: three words or more in a row, outside quotes and brackets ("Did you mean")
PROSE = re.compile(r"\b[A-Za-z][a-z]+(?: [a-z]{2,}){2,}\b")


def _prose(message: str) -> list:
    message = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`", " ", message)     # names, values, code
    for _ in range(3):
        message = re.sub(r"（[^（）]*）|\([^()]*\)", " ", message)      # asides; the kept English originals
    return PROSE.findall(message)


def _flu():
    df = nbteach.flu_cold()
    return df.drop(columns="Diagnosis"), df["Diagnosis"]


#: a student's own mistakes across the library, each a call that raises or warns
MISTAKES = {
    "a likelihood above 1": lambda: nbteach.bayes({"Flu": 0.6, "Cold": 0.4}, {"Flu": 1.5, "Cold": 0.1}),
    "classes that differ": lambda: nbteach.bayes({"Flu": 0.6, "Cold": 0.4}, {"Flu": 0.5, "Cld": 0.1}),
    "a probability as text": lambda: nbteach.bayes({"Flu": "three fifths", "Cold": 0.4}, {"Flu": 0.5, "Cold": 0.1}),
    "a prior that is empty": lambda: nbteach.bayes({}, {}),
    "alpha and epsilon": lambda: nbteach.CategoricalNB(alpha=1, epsilon=0.01).fit(*_flu()),
    "explain two rows": lambda: nbteach.CategoricalNB().fit(*_flu()).explain(_flu()[0]),
    "one class only": lambda: nbteach.CategoricalNB().fit(_flu()[0], ["Flu"] * 5),
    "an unknown parameter": lambda: nbteach.MultinomialNB().set_params(alpah=1),
    "a loss that is not square": lambda: nbteach.decision.conditional_risk([0.5, 0.5], [[0, 1, 2]]),
    "a posterior that does not sum to 1": lambda: nbteach.decision.bayes_decision([0.5, 0.7]),
    "labels and predictions of different lengths": lambda: nbteach.metrics.confusion_matrix(["a", "b"], ["a"]),
    "a cycle in a network": lambda: nbteach.BayesNet([("A", "B"), ("B", "A")]),
    "a node that is not there": lambda: nbteach.bayesnet.burglary().query("Burglar", {"JohnCalls": True}),
    "query and evidence the same": lambda: nbteach.bayesnet.burglary().query("Alarm", {"Alarm": True}),
    "a tokenizer that is not one": lambda: nbteach.TextNB(tokenizer="words").fit(["a b", "c d"], [0, 1]),
    "a Gaussian variance of 0": lambda: nbteach.GaussianNB(var_smoothing=0).fit(
        np.array([[1.0], [1.0], [2.0], [3.0]]), [0, 0, 1, 1]).predict(np.array([[1.5]])),
    "a negative lam": lambda: nbteach.LogisticRegression(lam=-1).fit(np.array([[0.0], [1.0]]), [0, 1]),
    "EM without labels": lambda: nbteach.SemiSupervisedNB().fit(np.array([[1, 0], [0, 1]]), [-1, -1]),
    "an unknown erratum": lambda: nbteach.errata.get("nope"),
    "a term not in the glossary": lambda: nbteach.glossary.term("banana"),
    "an unknown exercise": lambda: nbteach.check.exercise("01.posteror"),
    "a SPODE parent that is not a column": lambda: nbteach.SPODE(parent="Fever").fit(*_flu()),
    "a smoothing count above its total": lambda: nbteach.smoothing.laplace(5, 3, 2),
    "a row impossible under every class": lambda: nbteach.MultinomialNB(alpha=0).fit(
        np.array([[1, 0], [1, 0]]), [0, 1]).predict_proba(np.array([[0, 1]])),
    "a tokenizer that yields": lambda: nbteach.TextNB(tokenizer=lambda s: iter(s.split())).fit(["a b", "c d"], [0, 1]),
    "a logistic regression stopped early": lambda: nbteach.LogisticRegression(lam=0, max_iter=1, solver="gd").fit(
        np.array([[0.0], [1.0], [2.0], [3.0]]), [0, 0, 1, 1]),
}


@pytest.mark.parametrize("what", MISTAKES)
def test_a_students_mistake_is_told_in_chinese(what):
    import warnings

    set_language("zh")
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                MISTAKES[what]()
                raised = None
            except Exception as error:          # noqa: BLE001 - what is raised is what is read
                raised = error
        said = [str(raised)] if raised is not None else []
        said += [str(w.message) for w in caught if w.category is not DeprecationWarning]
        assert said, f"{what}: nothing was raised or warned"
        for message in said:
            assert re.search(r"[\u4e00-\u9fff]", message), (what, message)
            assert not _prose(message), (what, message, _prose(message))
    finally:
        set_language("en")


def _english_only(value) -> bool:
    """An expression that is English text only: a string, an f-string, or either branch of a
    conditional one, with three English words in a row and no Chinese."""
    parts = [value.body, value.orelse] if isinstance(value, ast.IfExp) else [value]
    for part in parts:
        if isinstance(part, ast.Constant) and isinstance(part.value, str):
            text = part.value
        elif isinstance(part, ast.JoinedStr):
            text = "".join(v.value for v in part.values if isinstance(v, ast.Constant))
        else:
            continue
        if PROSE.search(text) and not re.search(r"[\u4e00-\u9fff]", text):
            return True
    return False


#: English pieces a Chinese message keeps on purpose: scikit-learn's phrase, in brackets
KEPT_IN_BRACKETS = {("_validation.py", "head")}    # "X has 3 features, but ... is expecting 2 features as input"


def test_no_chinese_message_is_filled_with_english_text():
    """A piece of a message kept in a variable (a reason, a "did you mean", a hint) is translated too:
    no name a tr() Chinese text uses is assigned English-only text in the same function."""
    found = []
    for where, _, tree in _walked():
        for function in ast.walk(tree):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            english = {node.targets[0].id: node.lineno for node in ast.walk(function)
                       if isinstance(node, ast.Assign) and len(node.targets) == 1
                       and isinstance(node.targets[0], ast.Name) and _english_only(node.value)}
            for call, texts in _translations(function):
                used = {n.id for n in ast.walk(texts["zh"]) if isinstance(n, ast.Name)} if "zh" in texts else set()
                found += [f"{where}:{call.lineno}: {name} (English at line {english[name]})"
                          for name in used & set(english) if (where, name) not in KEPT_IN_BRACKETS]
    assert not found, "Chinese messages filled with English text:\n" + "\n".join(found)
