"""Language of messages: English by default, Chinese on request, bad codes refused."""
import re

import pytest

import nbteach
from nbteach._base import NbteachError
from nbteach.i18n import get_language, set_language, tr


pytestmark = pytest.mark.usefixtures("english_after")   # tests/conftest.py

CJK = re.compile(r"[\u4e00-\u9fff]")


def test_default_is_english_and_zh_switches():
    assert get_language() == "en"
    nbteach.set_language("zh")
    assert nbteach.get_language() == "zh"
    assert tr({"en": "correct", "zh": "正确"}) == "正确"


@pytest.mark.parametrize("alias, code", [("Chinese", "zh"), ("zh-CN", "zh"), (" EN ", "en"), ("english", "en")])
def test_aliases(alias, code):
    set_language(alias)
    assert get_language() == code


@pytest.mark.parametrize("bad", ["fr", "", None, 3])
def test_unknown_language_says_what_to_fix(bad):
    with pytest.raises(NbteachError, match=r"unknown language .*: nbteach speaks 'en', 'zh'|language must be a string, 'en' or 'zh'"):
        set_language(bad)
    assert get_language() == "en"


def test_missing_translation_falls_back_to_english_and_fields_fill():
    set_language("zh")
    assert tr({"en": "got {n}"}, n=3) == "got 3"
    assert tr("plain {x}", x=1) == "plain 1"


def test_check_messages_follow_the_language():
    from nbteach.check import exercise

    q = exercise("01.posterior")
    english = q.check(0.123).message
    set_language("zh")
    chinese = q.check(0.123).message
    assert english.startswith("Incorrect.")
    assert chinese.startswith("不正确")


def test_every_check_message_has_both_languages_with_the_same_fields():
    import string

    from nbteach.check.messages import MESSAGES

    for key, text in MESSAGES.items():
        assert text.get("en") and text.get("zh"), key
        fields = [{f for _, f, _, _ in string.Formatter().parse(text[lang]) if f} for lang in ("en", "zh")]
        assert fields[0] == fields[1], key


def test_every_exercise_text_is_translated():
    from nbteach.check import exercises

    for q in exercises():
        texts = [q.prompt, *q.hints, *(m.hint for m in q.mistakes)]
        if isinstance(q.solution_text, dict):
            texts.append(q.solution_text)
        for t in texts:
            assert isinstance(t, dict) and t.get("en") and t.get("zh"), q.id


@pytest.mark.parametrize("env, lang", [
    ({}, "en"),
    ({"JPY_SESSION_NAME": "/srv/nbteach/notebooks/zh/03_smoothing.ipynb"}, "zh"),
    ({"JPY_SESSION_NAME": "/srv/nbteach/notebooks/zh/homework/hw01_bayes.ipynb"}, "zh"),
    ({"JPY_SESSION_NAME": "notebooks/zh/00_start_here.ipynb"}, "zh"),
    ({"JPY_SESSION_NAME": r"C:\Users\me\nbteach\notebooks\zh\03_smoothing.ipynb"}, "zh"),
    ({"JPY_SESSION_NAME": "/srv/nbteach/notebooks/03_smoothing.ipynb"}, "en"),
    ({"JPY_SESSION_NAME": "/srv/nbteach/notebooks/homework/hw01_bayes.ipynb"}, "en"),
    ({"JPY_SESSION_NAME": "/srv/nbteach/notebooks/zh.ipynb"}, "en"),            # a file named zh, no folder
    ({"JPY_SESSION_NAME": "/srv/nbteach/notebooks/zhx/03_smoothing.ipynb"}, "en"),
    ({"NBTEACH_LANG": "zh"}, "zh"),
    ({"NBTEACH_LANG": "zh", "JPY_SESSION_NAME": "/srv/notebooks/03_smoothing.ipynb"}, "zh"),
    ({"NBTEACH_LANG": "en", "JPY_SESSION_NAME": "/srv/notebooks/zh/03_smoothing.ipynb"}, "en"),
    ({"NBTEACH_LANG": "", "JPY_SESSION_NAME": "/srv/notebooks/zh/03_smoothing.ipynb"}, "zh"),
])
def test_starting_language_rule(env, lang):
    from nbteach.i18n import starting_language

    assert starting_language(env) == lang


def test_a_bad_nbteach_lang_warns_with_the_fix_and_the_folder_decides():
    from nbteach.i18n import starting_language

    with pytest.warns(UserWarning, match="set it to 'en' or 'zh'"):
        assert starting_language({"NBTEACH_LANG": "fr", "JPY_SESSION_NAME": "/n/zh/a.ipynb"}) == "zh"


@pytest.mark.parametrize("env, lang", [
    ({"JPY_SESSION_NAME": "/srv/nbteach/notebooks/zh/03_smoothing.ipynb"}, "zh"),
    ({"JPY_SESSION_NAME": "/srv/nbteach/notebooks/03_smoothing.ipynb"}, "en"),
    ({"NBTEACH_LANG": "en", "JPY_SESSION_NAME": "/srv/nbteach/notebooks/zh/03_smoothing.ipynb"}, "en"),
])
def test_a_fresh_interpreter_starts_in_the_language_of_its_notebook(env, lang):
    """The rule as a kernel meets it: nbteach imported in a new process with that environment."""
    import os
    import subprocess
    import sys

    base = {k: v for k, v in os.environ.items() if k not in ("NBTEACH_LANG", "JPY_SESSION_NAME")}
    out = subprocess.run([sys.executable, "-c", "import nbteach; print(nbteach.get_language())"],
                         env={**base, **env}, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == lang


def test_a_fresh_interpreter_with_a_bad_nbteach_lang_starts_and_says_so_in_both_languages():
    """NBTEACH_LANG=fr: nbteach imports (the language is read once tr() exists: main raised a
    NameError at import once the warning was translated), warns once in English and Chinese, and
    the folder decides."""
    import os
    import subprocess
    import sys

    base = {k: v for k, v in os.environ.items() if k not in ("NBTEACH_LANG", "JPY_SESSION_NAME")}
    out = subprocess.run([sys.executable, "-W", "always", "-c", "import nbteach; print(nbteach.get_language())"],
                         env={**base, "NBTEACH_LANG": "fr", "JPY_SESSION_NAME": "/srv/notebooks/zh/01.ipynb"},
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "zh"
    assert "set it to 'en' or 'zh'" in out.stderr and "请设为 'en' 或 'zh'" in out.stderr


def _all_texts():
    """Every prompt, hint and message an exercise prints, in both languages."""
    from nbteach.check import exercises
    from nbteach.check.messages import MESSAGES

    out = []
    for q in exercises():
        for t in [q.prompt, *q.hints, *(m.hint for m in q.mistakes)]:
            out += [t["en"], t["zh"]]
    return out + [m[lang] for m in MESSAGES.values() for lang in ("en", "zh")]


_UNBREAKABLE = r"[A-Za-z0-9_][A-Za-z0-9_.,'()/|=+-]*[A-Za-z0-9_]"


@pytest.mark.parametrize("width", [30, 50, 80])
def test_wrap_folds_on_word_boundaries_in_both_languages(width):
    import re

    from nbteach.i18n import _columns, wrap

    for text in _all_texts():
        folded = wrap(text, width)
        lines = folded.split("\n")
        # nothing lost or added but the line breaks (a break at a space takes the space's place)
        assert re.sub(r"\s+", "", folded) == re.sub(r"\s+", "", text)
        # no English word or number is cut: each one is whole on some line
        for word in set(re.findall(_UNBREAKABLE, text)):
            assert any(word in line for line in lines), (word, folded)
        for i, line in enumerate(lines):
            pieces = line.split()
            assert _columns(line) <= width or len(pieces) == 1, (width, line)   # longer: one long word
            if i:                                                    # a line the fold made
                assert not re.match(r"[，。：；、！？）]", line), line   # opens with no closing punctuation
            if i < len(lines) - 1:
                assert not re.search(r"[（「『《]$", line), line         # and ends with no opening bracket


def test_wrap_keeps_a_long_word_whole_and_the_lines_it_was_given():
    from nbteach.i18n import wrap

    assert wrap("a " + "x" * 30 + " b", 10) == "a\n" + "x" * 30 + "\nb"
    assert wrap("one\n\n  two three", 9) == "one\n\n  two\n  three"
    assert wrap("Answer with a Fraction.", 8) == "Answer\nwith a\nFraction."


def test_printed_prompts_and_messages_are_folded_without_breaking_a_word():
    import re

    from nbteach.check import exercise, exercises
    from nbteach.i18n import WIDTH, _columns

    for lang in ("en", "zh"):
        set_language(lang)
        for q in exercises():
            shown = repr(q)
            assert all(_columns(line) <= WIDTH or " " not in line.strip() for line in shown.split("\n")), shown
        q = exercise("01.posterior")
        for text in (repr(q), str(q.check(0.123)), str(q.hint())):
            for word in re.findall(_UNBREAKABLE, text.replace("\n", " ")):
                assert word in text.split("\n")[0] or any(word in line for line in text.split("\n")), word
    set_language("en")
    listing = repr(exercises())
    for line, q in zip(listing.split("\n"), exercises()):
        shown = line[29:].removesuffix(" …")
        prompt = " ".join(q.prompt["en"].split())
        assert prompt.startswith(shown) and prompt[len(shown):][:1] in ("", " "), (shown, prompt)


def test_a_solution_wraps_between_words_in_jupyterlab():
    from nbteach.check import exercise

    html = exercise("01.posterior").solution()._repr_html_()
    assert "word-break:normal" in html and "white-space:pre-wrap" in html


@pytest.mark.parametrize("name", ["__session__", "__vsc_ipynb_file__"])
def test_the_notebook_path_is_also_read_from_the_kernels_namespace(monkeypatch, name):
    """Without JPY_SESSION_NAME in the environment, ipykernel's __session__ (or VS Code's
    __vsc_ipynb_file__) in the shell's namespace names the notebook."""
    import sys
    import types

    from nbteach.i18n import starting_language

    shell = types.SimpleNamespace(user_ns={name: "/home/me/nbteach/notebooks/zh/05_bernoulli_nb.ipynb"})
    fake = types.ModuleType("IPython")
    fake.get_ipython = lambda: shell
    monkeypatch.setitem(sys.modules, "IPython", fake)
    monkeypatch.delenv("NBTEACH_LANG", raising=False)
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    assert starting_language() == "zh"
    shell.user_ns[name] = "/home/me/nbteach/notebooks/05_bernoulli_nb.ipynb"
    assert starting_language() == "en"


def test_a_chinese_notebook_outside_zh_speaks_chinese_by_its_metadata(tmp_path, monkeypatch):
    """A Chinese homework release (release/<id>/hw01.ipynb) or a Chinese lesson downloaded out of
    zh/ records its language; the kernel runs in the notebook's folder with a relative path."""
    import json

    from nbteach.i18n import starting_language

    release = tmp_path / "release" / "s001"
    release.mkdir(parents=True)
    for name, meta in (("hw01.ipynb", {"lang": "zh"}), ("lesson.ipynb", {"edition": "zh"}),
                       ("english.ipynb", {}), ("odd.ipynb", {"lang": 3})):
        (release / name).write_text(json.dumps({"cells": [], "metadata": {"nbteach": meta}}))
    (release / "broken.ipynb").write_text("{not json")
    monkeypatch.chdir(release)
    got = {name: starting_language({"JPY_SESSION_NAME": f"release/s001/{name}"})
           for name in ("hw01.ipynb", "lesson.ipynb", "english.ipynb", "odd.ipynb", "broken.ipynb", "gone.ipynb")}
    assert got == {"hw01.ipynb": "zh", "lesson.ipynb": "zh", "english.ipynb": "en", "odd.ipynb": "en",
                   "broken.ipynb": "en", "gone.ipynb": "en"}
    assert starting_language({"JPY_SESSION_NAME": str(release / "hw01.ipynb")}) == "zh"   # an absolute path
    assert starting_language({"NBTEACH_LANG": "en", "JPY_SESSION_NAME": "release/s001/hw01.ipynb"}) == "en"


def _fake_kernel(monkeypatch, kernel=True):
    """An IPython shell as a kernel has it (nbclient, nbconvert: no notebook path in it)."""
    import sys
    import types

    shell = types.SimpleNamespace(user_ns={}, kernel=object() if kernel else None)
    fake = types.ModuleType("IPython")
    fake.get_ipython = lambda: shell
    monkeypatch.setitem(sys.modules, "IPython", fake)
    monkeypatch.delenv("NBTEACH_LANG", raising=False)
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)


def test_a_kernel_without_a_notebook_path_reads_its_working_folder(tmp_path, monkeypatch):
    """nbclient, nbconvert --execute and papermill --cwd start the kernel in the notebook's folder
    and give it no path: the folder decides (under zh/, or every notebook in it records zh)."""
    import json

    from nbteach.i18n import starting_language

    _fake_kernel(monkeypatch)
    lessons = tmp_path / "notebooks" / "zh" / "homework"
    release = tmp_path / "release" / "s001"
    english = tmp_path / "notebooks" / "en"
    for folder in (lessons, release, english):
        folder.mkdir(parents=True)
    (release / "hw01.ipynb").write_text(json.dumps({"cells": [], "metadata": {"nbteach": {"lang": "zh"}}}))
    (english / "01.ipynb").write_text(json.dumps({"cells": [], "metadata": {}}))
    got = {}
    for folder in (lessons, release, english, tmp_path):
        monkeypatch.chdir(folder)
        got[folder.name] = starting_language()
    assert got == {"homework": "zh", "s001": "zh", "en": "en", tmp_path.name: "en"}
    monkeypatch.chdir(lessons)
    monkeypatch.setenv("NBTEACH_LANG", "en")          # the environment still comes first
    assert starting_language() == "en"


def test_a_script_in_a_zh_folder_is_not_a_kernel_and_stays_english(tmp_path, monkeypatch):
    from nbteach.i18n import starting_language

    _fake_kernel(monkeypatch, kernel=False)           # a terminal IPython, a script, pytest
    (tmp_path / "zh").mkdir()
    monkeypatch.chdir(tmp_path / "zh")
    assert starting_language() == "en"


def test_a_zh_notebook_run_by_nbclient_speaks_chinese(tmp_path):
    """The real front end: nbclient (as nbconvert --execute and papermill use it) runs a notebook of
    the Chinese edition, with no notebook path in the environment, and its check cell answers in
    Chinese; the same notebook outside zh/ answers in English."""
    import os

    import nbformat
    from nbclient import NotebookClient

    cell = "import nbteach\nprint(nbteach.get_language())\nprint(nbteach.check.exercise('01.posterior').check(0.5))"
    outputs = {}
    for edition in ("zh", "en"):
        folder = tmp_path / edition
        folder.mkdir()
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(cell)])
        env = {k: v for k, v in os.environ.items() if k not in ("NBTEACH_LANG", "JPY_SESSION_NAME")}
        NotebookClient(nb, timeout=120, kernel_name="python3",
                       resources={"metadata": {"path": str(folder)}}).execute(env=env)
        outputs[edition] = "".join(o.get("text", "") for o in nb.cells[0].outputs)
    assert outputs["zh"].startswith("zh\n") and CJK.search(outputs["zh"]), outputs["zh"]
    assert outputs["en"].startswith("en\n") and not CJK.search(outputs["en"]), outputs["en"]


def test_chinese_folds_at_punctuation_and_spaces_never_inside_a_word():
    """Check output folds Chinese as CSS's keep-all does: after punctuation, at a space, where it
    meets an English word; never between two characters of a clause that fits on a line (main cut
    "单元\\n格")."""
    from nbteach.i18n import _CLOSING, _OPENING, _columns, wrap

    cjk = r"[\u4e00-\u9fff]"
    texts = [t for t in _all_texts() if CJK.search(t)]
    assert len(texts) > 200
    for width in (40, 80):
        for text in texts:
            text = " ".join(text.split())
            lines, at = wrap(text, width).split("\n"), 0
            for before, after in zip(lines, lines[1:]):
                at += len(before)
                spaced = text[at] == " "                     # a break that took a space's place
                at += spaced
                clause = re.search(rf"[^\s{_CLOSING}{_OPENING}]*$", text[:at]).group() + \
                    re.match(rf"[^\s{_CLOSING}{_OPENING}]*[{_CLOSING}]*", text[at:]).group()
                inside = not spaced and re.search(f"{cjk}$", before) and re.match(cjk, after)
                # two Chinese characters either side of a break: only a clause too long for a line
                assert not inside or _columns(clause) > width, (width, before, after)
    message = "尚未作答：请把 ____ 换成你的答案，然后重新运行这个单元格。"
    for width in range(24, 81):
        assert all("单元" not in line or "单元格" in line for line in wrap(message, width).split("\n")), width
