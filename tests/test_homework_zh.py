"""The homework in Chinese (issue 23): the same notebook with its markdown in Chinese.

A source's markdown cell may be ``{"en": ..., "zh": ...}``; ``Variant.notebook(lang="zh")`` and
``python -m nbteach.assign ... --lang zh`` take the Chinese text and keep everything else: cell
ids, code (the checks' cell included; comments aside, said in Chinese, and the set-up line
``nbteach.set_language("zh")`` on top of the first code cell), exercise ids, variant, digests,
fingerprint. So a
Chinese submission grades exactly as the English one, and ``tools/translate.py check`` sees the
committed self-study edition (``notebooks/zh/homework/``) in step with the English.
"""
import csv
import functools
import json
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from nbteach._base import NbteachError
from nbteach.teacher.assign import assign, main as assign_main, render
from nbteach.teacher.homework import load, sources

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from translate import SETUP, code_of  # noqa: E402

SECRET = b"a class secret for the Chinese homework"
NAMES = sources()


def _text(cell) -> str:
    return "".join(cell["source"])


def _has_chinese(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


@functools.lru_cache(maxsize=None)
def _built(name) -> str:
    hw = load(name)
    out = []
    for v in [hw.variant(None, None)] + [hw.variant(SECRET, f"s{i}") for i in range(3)]:
        for feedback in (None, "practice"):
            out.append((v.notebook(feedback=feedback), v.notebook(feedback=feedback, lang="zh")))
    return json.dumps(out)


def _pairs(name):
    """(English, Chinese) notebooks of the self-study version and of three students, both feedbacks."""
    return json.loads(_built(name))


#: the two tests that read a homework's pairs run on one worker under `make test` (an xdist group a
#: homework), so that the pairs are built once (``_built``'s cache is per process), not once a test
BUILT_ONCE = [pytest.param(name, marks=pytest.mark.xdist_group(f"zh-pairs-{name}")) for name in NAMES]


@pytest.mark.parametrize("name", BUILT_ONCE)
def test_the_chinese_notebook_is_the_english_one_with_chinese_text(name):
    for en, zh in _pairs(name):
        assert [(c["id"], c["cell_type"]) for c in en["cells"]] == [(c["id"], c["cell_type"]) for c in zh["cells"]]
        first = next(c["id"] for c in en["cells"] if c["cell_type"] == "code")
        for e, z in zip(en["cells"], zh["cells"]):
            if e["cell_type"] == "code":
                # code, the checks' cell and its metadata alike; comments in Chinese; the set-up line
                setup = SETUP + "\n" if e["id"] == first else ""
                assert code_of(_text(z)) == code_of(setup + _text(e))
                assert {**z, "source": []} == {**e, "source": []}
            else:
                assert _has_chinese(_text(z))     # every markdown cell of the project's sources
        assert zh["metadata"]["nbteach"].pop("lang") == "zh"
        assert "lang" not in en["metadata"]["nbteach"]
        assert zh["metadata"] == en["metadata"]    # fingerprint, feedback mode, assignment, student


@pytest.mark.parametrize("name", BUILT_ONCE)
def test_the_chinese_text_shows_no_number_the_english_does_not(name):
    """Each translated cell is built from the same parameters: it can reveal nothing more."""
    number = re.compile(r"\d+(?:\.\d+)?")
    for en, zh in _pairs(name):
        for e, z in zip(en["cells"], zh["cells"]):
            if e["cell_type"] == "markdown":
                assert set(number.findall(_text(z))) <= set(number.findall(_text(e))), (e["id"], _text(z))


def test_the_committed_chinese_homework_is_what_the_sources_build():
    r = subprocess.run([sys.executable, "tools/make_homework.py", "--check"], cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    r = subprocess.run([sys.executable, "tools/translate.py", "check", *(
        f"homework/{load(n).notebook[:-6]}" for n in NAMES)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0 and "in step" in r.stdout, r.stdout + r.stderr
    for name in NAMES:
        nb = json.loads((ROOT / "notebooks" / "zh" / "homework" / load(name).notebook).read_text(encoding="utf-8"))
        assert nb["metadata"]["nbteach"]["lang"] == "zh"


def _class(tmp_path, ids=("alice", "bob")):
    (tmp_path / "roster.csv").write_text("id,name\n" + "".join(f"{i},{i.title()}\n" for i in ids), encoding="utf-8")
    (tmp_path / "secret.txt").write_text(SECRET.decode() + "\n", encoding="utf-8")
    return ["--roster", str(tmp_path / "roster.csv"), "--secret-file", str(tmp_path / "secret.txt")]


def test_assign_lang_zh_releases_the_same_variants_in_chinese(tmp_path, capsys):
    args = _class(tmp_path)
    assert assign_main(["hw05", *args, "--out", str(tmp_path / "en")]) == 0
    assert assign_main(["hw05", *args, "--out", str(tmp_path / "zh"), "--lang", "zh"]) == 0
    notebook = load("hw05").notebook
    for sid in ("alice", "bob"):
        en = json.loads((tmp_path / "en" / sid / notebook).read_text(encoding="utf-8"))
        zh = json.loads((tmp_path / "zh" / sid / notebook).read_text(encoding="utf-8"))
        assert [c["id"] for c in en["cells"]] == [c["id"] for c in zh["cells"]]
        codes = [(_text(e), _text(z)) for e, z in zip(en["cells"], zh["cells"]) if e["cell_type"] == "code"]
        assert [code_of(z) for _, z in codes] == [code_of(SETUP + "\n" + codes[0][0])] + \
               [code_of(e) for e, _ in codes[1:]]
        assert en["metadata"]["nbteach"]["fingerprint"] == zh["metadata"]["nbteach"]["fingerprint"]
        assert en["metadata"]["nbteach"]["feedback"] == zh["metadata"]["nbteach"]["feedback"] == "graded"
        md = [_text(c) for c in zh["cells"] if c["cell_type"] == "markdown"]
        assert f"学号 `{sid}`" in md[1] and "由老师评分" in md[2] and md[0].startswith("# 作业 5")
        assert "Homework" not in "".join(md)
    assert "alice" in (tmp_path / "zh" / "alice" / notebook).read_text(encoding="utf-8")
    with pytest.raises(SystemExit):
        assign_main(["--help"])
    help_text = capsys.readouterr().out
    assert "--lang {en,zh}" in help_text and "default" in help_text.split("--lang {en,zh}")[1]


QUIZ = '''
from nbteach.teacher.homework import graded

NAME = "quiz_zh"
NOTEBOOK = "quiz_zh.ipynb"
DEFAULT = {"heads": 3}


def params(rng):
    return {"heads": rng.randint(2, 9)}


def exercises(p):
    return [graded("quiz_zh.heads", {"en": "How many heads?", "zh": "正面几次？"}, p["heads"], {"type": "exact"})]


def cells(p):
    return [("markdown", MARKDOWN),
            ("code", CODE),
            ("code", "q = exercise('quiz_zh.heads')\\nq"),
            ("code", "answer = heads  # SOLUTION"),
            ("code", "q.check(answer)")]
'''


def _quiz(tmp_path, markdown, code):
    folder = tmp_path / "quiz_zh"
    folder.mkdir(exist_ok=True)
    (folder / "homework.py").write_text(f"MARKDOWN = {markdown!r}\nCODE = {code!r}\n" + QUIZ, encoding="utf-8")
    from nbteach.teacher import homework

    homework._CACHE.pop(folder.resolve(), None)   # the source was rewritten: load it again
    return load(folder)


def test_a_cell_in_the_wrong_form_or_language_gets_a_clear_message(tmp_path):
    code = "from nbteach.check import exercise, ____\nheads = 3"
    plain = _quiz(tmp_path, "# Quiz", code).variant(None, None)
    assert _text(plain.notebook(lang="zh")["cells"][0]) == "# Quiz"   # a plain string: every language
    with pytest.raises(NbteachError, match=r"--lang must be one of en, zh.*'fr'"):
        plain.notebook(lang="fr")
    with pytest.raises(NbteachError, match=r"--lang must be one of en, zh"):
        assign(tmp_path / "quiz_zh", tmp_path / "out", lang="fr")
    with pytest.raises(SystemExit):
        assign_main([str(tmp_path / "quiz_zh"), "--out", str(tmp_path / "out"), "--lang", "fr"])

    only_en = _quiz(tmp_path, {"en": "# Quiz"}, code).variant(None, None)
    assert _text(only_en.notebook()["cells"][0]) == "# Quiz"
    with pytest.raises(NbteachError, match=r"cell 0: the markdown has no 'zh' text"):
        only_en.notebook(lang="zh")

    per_language_code = _quiz(tmp_path, {"en": "# Quiz", "zh": "# 小测"}, {"en": code, "zh": code})
    with pytest.raises(NbteachError, match=r"cell 1: only a markdown cell may have a text per language"):
        per_language_code.variant(None, None).notebook()

    both = _quiz(tmp_path, {"en": "# Quiz", "zh": "# 小测"}, code).variant(None, None)
    assert _text(both.notebook()["cells"][0]) == "# Quiz"
    assert _text(both.notebook(lang="zh")["cells"][0]) == "# 小测"
    written = assign(tmp_path / "quiz_zh", tmp_path / "out", lang="zh")
    assert json.loads(written[0].read_text(encoding="utf-8"))["metadata"]["nbteach"]["lang"] == "zh"
    assert written[0].read_text(encoding="utf-8") == render(both.notebook(lang="zh"))


def _cli(*args, cwd):
    return subprocess.run([sys.executable, "-m", *args], cwd=cwd, capture_output=True, text=True, timeout=600)


@pytest.mark.xdist_group("grade")
def test_a_chinese_submission_grades_exactly_as_the_english_one(tmp_path):
    """alice hands in hw01 once in English and once in Chinese (the same work, exercise 3 wrong):
    graded sealed, the two runs give the same row, and the same feedback each in its language."""
    import nbformat
    from nbclient import NotebookClient

    (tmp_path / "roster.csv").write_text("id,name\nalice,Alice\n", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("correct horse battery staple\n", encoding="utf-8")
    common = ["--roster", "roster.csv", "--secret-file", "secret.txt"]
    notebook = load("hw01").notebook
    rows, feedback = {}, {}

    def hand_in(lang):
        r = _cli("nbteach.assign", "hw01", *common, "--out", f"key_{lang}", "--solutions", "--lang", lang,
                 cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        nb = nbformat.read(tmp_path / f"key_{lang}" / "alice" / notebook, as_version=4)
        assert nb.cells[0].source.startswith({"en": "# Homework 1", "zh": "# 作业 1"}[lang])
        cell = next(c for c in nb.cells if c.cell_type == "code" and c.source.startswith("answer3 = "))
        cell.source = "answer3 = Fraction(7, 3)  # above 1: never a probability"
        folder = tmp_path / f"submissions_{lang}" / "alice"
        folder.mkdir(parents=True)
        NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(folder)}},
                       shutdown_kernel="immediate").execute()   # every output is in: no graceful shutdown
        nbformat.write(nb, folder / notebook)
        r = _cli("nbteach.grade", f"submissions_{lang}", "--assignment", "hw01", *common,
                 "--out", f"grades_{lang}.csv", "--feedback", f"feedback_{lang}", "--timeout", "120", cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        with open(tmp_path / f"grades_{lang}.csv", newline="", encoding="utf-8") as fh:
            rows[lang] = list(csv.DictReader(fh))
        feedback[lang] = (tmp_path / f"feedback_{lang}" / "alice.txt").read_text(encoding="utf-8")

    # the two hand-ins share nothing but the roster and the secret (each its own folders, kernel
    # and grader process): side by side, as two students' would be
    with ThreadPoolExecutor(max_workers=2) as pool:
        for done in [pool.submit(hand_in, lang) for lang in ("en", "zh")]:
            done.result()          # an assertion inside fails the test here
    assert rows["zh"] == rows["en"]
    assert rows["zh"][0]["total"] == "6" and rows["zh"][0]["hw01.laplace_temperature"] == "0"
    assert rows["zh"][0]["run"] == "ok"
    # the same verdicts; each notebook's feedback in its own language (the Chinese notebook's
    # set-up line sets the kernel's language, which the feedback follows)
    assert feedback["en"].startswith("Feedback for alice") and "Correct!" in feedback["en"]
    assert feedback["zh"].startswith("alice 的反馈") and "正确！" in feedback["zh"]
    assert feedback["zh"].count("\n") == feedback["en"].count("\n")


def test_the_first_cells_say_how_a_chinese_homework_runs_in_jupyterlab_4():
    """Issue 34: the Chinese homework sets its own language (no line to uncomment), names the menu
    JupyterLab 4 has, in Chinese, and says 单元格 for a cell; the English names the same menu."""
    from translate import SETUP_LINE

    for name in NAMES:
        notebook = load(name).notebook
        zh = json.loads((ROOT / "notebooks" / "zh" / "homework" / notebook).read_text(encoding="utf-8"))
        en = json.loads((ROOT / "notebooks" / "homework" / notebook).read_text(encoding="utf-8"))
        first_code = next(c for c in zh["cells"] if c["cell_type"] == "code")
        assert _text(first_code).split("\n")[0] == SETUP_LINE, name
        everything = "\n".join(_text(c) for c in zh["cells"])
        assert "取消注释" not in everything and "Restart & Run All" not in everything, name
        assert "内核 > 重启内核并运行所有单元格…" in _text(zh["cells"][0]), name
        assert not re.search("单元(?!格)", everything), name
        english = "\n".join(_text(c) for c in en["cells"])
        assert "Restart & Run All" not in english and "Restart Kernel and Run All Cells" in english, name


def test_a_prompt_shows_its_code_as_code_not_as_backticks():
    """A question's `patient` (hw01) is code in the rendered block, as in the lesson's markdown."""
    from nbteach.check.feedback import Message

    shown = Message("不平滑。`patient` 的 Flu 得分是多少？", "question", "hw01.score_flu")._repr_html_()
    assert "<code>patient</code>" in shown and "`" not in shown
    assert "`" in str(Message("`patient`", "question"))         # plain text keeps its backticks
