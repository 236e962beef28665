"""The class report (``python -m nbteach.report``, ``grade --report``): a class of 8 whose wrong
answers are of known kinds, written as the grader writes its files (``nbteach.teacher.gradebook``'s
writers, no grading run), and what the report makes of it: ``exercises.csv`` against numbers the
test computes on its own from the class's answers, the discrimination against a hand computation,
the page in English and Chinese (the hint each student saw, never an answer or a name), bad input,
and the page in Chromium (its plots and table drawn, every Chinese character drawn by a font)."""
from __future__ import annotations

import csv
import html
import json
import math
import re
import statistics
from collections import Counter
from pathlib import Path

import pytest

from nbteach._base import NbteachError
from nbteach.check.messages import MESSAGES
from nbteach.teacher import class_stats, gradebook
from nbteach.teacher import report as rp
from nbteach.teacher.autograde import Verdict
from nbteach.teacher.homework import load
from nbteach.teacher.submission import Submission

IDS = ["hw01.posterior_cough", "hw01.laplace_temperature", "hw01.lidstone", "hw01.score_flu",
       "hw01.epsilon_cold_score"]
#: what each student answered, an exercise a column: ok (correct), a mistake's name (incorrect, that
#: mistake diagnosed), wrong (incorrect, none named), blank (not attempted), none (no answer recorded)
KINDS = {
    "alice01": ["ok", "ok", "ok", "ok", "blank"],
    "bob02": ["ok", "no_smoothing", "ok", "ok", "blank"],
    "carol03": ["likelihood_for_posterior", "ok", "rounded", "ok", "blank"],
    "dan04": ["ok", "no_smoothing", "laplace_instead", "blank", "blank"],
    "erin05": ["likelihood_for_posterior", "alpha_not_times_M", "ok", "ok", "blank"],
    "frank06": ["not_normalised", "no_smoothing", "rounded", "wrong", "prior_forgotten"],
    "grace07": ["ok", "float_for_exact", "rounded", "prior_forgotten", "blank"],
    "heidi08": ["none"] * 5,                  # her notebook could not be read: she ran, and answered nothing
}
RUNS = {"frank06": "error", "heidi08": "unreadable"}
#: rows that are no student who ran
OTHERS = {"ivan09": "missing", "judy10": "clash", "stray11.ipynb": "no roster id"}
#: a message the student saw may quote their answer: never in the report
ANSWER = "ANSWER-QUOTED-7d1e"
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def _verdict(kind):
    if kind == "ok":
        return Verdict("correct", "Correct!")
    if kind == "blank":
        return Verdict("not attempted", "Not attempted yet.")
    return Verdict("incorrect", f"Incorrect: you gave {ANSWER}.", None if kind == "wrong" else kind)


def _class(lang="en"):
    rows = []
    for name, kinds in KINDS.items():
        s = Submission(Path(name), run=RUNS.get(name, "ok"), label=name, student_name=name.title(), lang=lang)
        s.results = {i: _verdict(k) for i, k in zip(IDS, kinds) if k != "none"}
        rows.append(s)
    rows += [Submission(Path(n), run=run, label=n, student_name=n.title()) for n, run in OTHERS.items()]
    return rows


def write_class(folder: Path, rows=None, name="grades.csv") -> Path:
    """The class's grade table and mistakes file, as the grader writes them."""
    rows = _class() if rows is None else rows
    table = folder / name
    gradebook.write_csv(rows, IDS, table, first="student", names=True)
    gradebook.write_mistakes(rows, IDS, gradebook.mistakes_file(table))
    return table


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    return write_class(tmp_path_factory.mktemp("class"))


@pytest.fixture(scope="module")
def pages(classroom, tmp_path_factory):
    """The report in each language: ``{lang: (exercises.csv rows, index.html text)}``."""
    out = {}
    for lang in ("en", "zh"):
        index = rp.write_report(classroom, tmp_path_factory.mktemp(f"report-{lang}"), lang)
        with open(index.with_name("exercises.csv"), newline="", encoding="utf-8") as fh:
            out[lang] = (list(csv.DictReader(fh)), index.read_text(encoding="utf-8"))
    return out


def _expected(k):
    """Exercise ``k``'s columns computed from KINDS (the 8 students who ran)."""
    kinds = [row[k] for row in KINDS.values()]
    n = len(kinds)
    mistakes = Counter(c for c in kinds if c not in ("ok", "wrong", "blank", "none"))
    top = min(mistakes.items(), key=lambda item: (-item[1], item[0])) if mistakes else None
    return {"share_correct": kinds.count("ok") / n,
            "attempted": sum(c not in ("blank", "none") for c in kinds),
            "top_mistake": top[0] if top else "",
            "top_mistake_share": top[1] / n if top else None}


def test_exercises_csv_gives_the_shares_and_top_mistakes_of_the_class(pages):
    rows, _ = pages["en"]
    assert [r["exercise"] for r in rows] == IDS
    assert list(rows[0]) == list(rp.COLUMNS)
    for k, row in enumerate(rows):
        want = _expected(k)
        assert float(row["share_correct"]) == pytest.approx(want["share_correct"], abs=5e-5), row
        assert int(row["attempted"]) == want["attempted"], row
        assert row["top_mistake"] == want["top_mistake"], row
        if want["top_mistake_share"] is None:
            assert row["top_mistake_share"] == ""
        else:
            assert float(row["top_mistake_share"]) == pytest.approx(want["top_mistake_share"], abs=5e-5), row
    # the kinds in words: the missing, clashing and stray rows are no students; heidi (unreadable) is
    assert rows[1]["share_correct"] == "0.25" and rows[1]["top_mistake"] == "no_smoothing"
    assert rows[2]["top_mistake"] == "rounded" and rows[2]["top_mistake_share"] == "0.375"
    assert rows[4]["share_correct"] == "0.0" and rows[4]["attempted"] == "1"


def test_the_discrimination_is_the_point_biserial_of_the_exercise_against_the_rest(pages):
    rows, _ = pages["en"]
    d = {r["exercise"]: r["discrimination"] for r in rows}
    # hw01.laplace_temperature by hand: right x = alice, carol (p = 2/8); totals 4 3 2 1 2 0 1 0 (alice ..
    # heidi), so the rest y = 3 3 1 1 2 0 1 0: mean of y among the right M1 = (3 + 1)/2 = 2, among the
    # others M0 = (3 + 1 + 2 + 0 + 1 + 0)/6 = 7/6; var y = 25/8 - (11/8)^2 = 79/64;
    # r = (M1 - M0) sqrt(p q) / sd y = (5/6) (sqrt(3)/4) / (sqrt(79)/8) = 5 / sqrt(237) = 0.3248
    assert float(d["hw01.laplace_temperature"]) == round(5 / math.sqrt(237), 4) == 0.3248
    assert d["hw01.epsilon_cold_score"] == ""          # nobody right: no variance, undefined
    totals = {s: sum(k == "ok" for k in kinds) for s, kinds in KINDS.items()}
    for k, i in enumerate(IDS[:4]):
        x = [float(kinds[k] == "ok") for kinds in KINDS.values()]
        y = [totals[s] - xi for s, xi in zip(KINDS, x)]
        assert float(d[i]) == pytest.approx(statistics.correlation(x, y), abs=5e-5), i
    assert class_stats.point_biserial([1, 0], [2, 2]) is None and class_stats.point_biserial([0.1] * 3, [1, 2, 3]) is None


def _hint(exercise, name, lang):
    return dict((m.name, m.hint) for m in load("hw01").variant(None, None).exercise(exercise).mistakes)[name][lang]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_page_shows_each_exercises_common_mistakes_with_what_the_student_was_told(pages, lang):
    _, page = pages[lang]
    assert f"<html lang='{'zh-CN' if lang == 'zh' else 'en'}'>" in page
    for key in ("title", "scores", "share", "table", "mistakes", "how"):
        assert html.escape(rp.T[key][lang]) in page, key
    # the explanation of each of the three most common mistakes: the exercise's own hint, or the
    # engine's sentence for the form of the answer (lidstone is exact: its rounded answer is told so)
    told = {("hw01.laplace_temperature", "no_smoothing"): _hint("hw01.laplace_temperature", "no_smoothing", lang),
            ("hw01.laplace_temperature", "alpha_not_times_M"): _hint("hw01.laplace_temperature", "alpha_not_times_M",
                                                                     lang),
            ("hw01.laplace_temperature", "float_for_exact"): MESSAGES["float_for_fraction"][lang],
            ("hw01.lidstone", "rounded"): MESSAGES["rounded"][lang],
            ("hw01.posterior_cough", "likelihood_for_posterior"): _hint("hw01.posterior_cough",
                                                                         "likelihood_for_posterior", lang),
            ("hw01.epsilon_cold_score", "prior_forgotten"): _hint("hw01.epsilon_cold_score", "prior_forgotten", lang)}
    for (exercise, name), text in told.items():
        article = re.search(rf"<article data-exercise='{re.escape(exercise)}'>(.*?)</article>", page).group(1)
        assert f"<code>{name}</code>" in article and html.escape(text) in article, (exercise, name)
    article = re.search(r"<article data-exercise='hw01.laplace_temperature'>(.*?)</article>", page).group(1)
    assert re.findall(r"<li><code>(\w+)</code>", article) == ["no_smoothing", "alpha_not_times_M", "float_for_exact"]
    # a page about the class: no student's name, no answer, nothing fetched
    for text in [ANSWER, *KINDS, *(n.title() for n in KINDS), *OTHERS]:
        assert text not in page, text
    assert not re.search(r"<script|<link|<img|src=|href=|url\(", page)
    assert re.findall(r"https?://[^\"' ]+", page) == ["http://www.w3.org/2000/svg"] * 2
    if lang == "en":
        assert not CJK.search(page), CJK.search(page)
    else:
        assert "8 名学生的 notebook 已运行并评分" in page and "1 人未提交" in page and "2 个文件未评分" in page


def test_a_lessons_mistakes_are_explained_by_its_exercise_and_an_unknown_one_says_so(tmp_path):
    from nbteach.check import exercise

    lesson, other = "03.lidstone_headache_table", "hwzz.q"
    (tmp_path / "grades.csv").write_text(f"submission,{lesson},{lesson}.attempts,{other},{other}.attempts,total,max,run\n"
                                         "a.ipynb,0,1,0,1,0,2,ok\nb.ipynb,0,1,0,1,0,2,ok\n", encoding="utf-8")
    lines = [(s, lesson, m) for s, m in (("a.ipynb", "no_smoothing"), ("b.ipynb", "library_shortcut"))]
    lines += [(s, other, "own_mistake") for s in ("a.ipynb", "b.ipynb")]
    (tmp_path / "grades.mistakes.jsonl").write_text("".join(
        json.dumps({"student": s, "exercise": e, "status": "incorrect", "mistake": m}) + "\n" for s, e, m in lines),
        encoding="utf-8")
    page = rp.write_report(tmp_path / "grades.csv", tmp_path / "r", "zh").read_text(encoding="utf-8")
    hint = next(m.hint for m in exercise(lesson).mistakes if m.name == "no_smoothing")
    assert html.escape(hint["zh"]) in page
    assert html.escape(MESSAGES["library_shortcut"]["zh"].format(name=rp.ELIDED)) in page
    assert html.escape(rp.T["no definition"]["zh"]) in page
    assert html.escape(exercise(lesson).prompt["zh"]) in page


def test_points_partial_credit_and_a_late_column_are_read_as_the_grader_writes_them(tmp_path):
    """hw01.posterior_cough worth 2 points, a diagnosed likelihood_for_posterior earning 1 of them
    (partial credit), one submission marked late: the shares come from the statuses, the
    discrimination from the points earned, the histogram's range from ``max``."""
    rows = _class()
    for s in rows:
        s.points = {IDS[0]: 2}
        v = s.results.get(IDS[0])
        if v is not None and v.mistake == "likelihood_for_posterior":
            v.earned = 1
    rows[1].late = True
    table = write_class(tmp_path, rows)
    assert "late" in table.read_text(encoding="utf-8").splitlines()[0].split(",")
    index = rp.write_report(table, tmp_path / "r", "en")
    got = list(csv.DictReader(open(index.with_name("exercises.csv"), newline="", encoding="utf-8")))
    assert [r["exercise"] for r in got] == IDS
    assert float(got[0]["share_correct"]) == _expected(0)["share_correct"]
    x = [{"ok": 2.0, "likelihood_for_posterior": 1.0}.get(kinds[0], 0.0) for kinds in KINDS.values()]
    rest = [sum(k == "ok" for k in kinds[1:]) for kinds in KINDS.values()]
    assert float(got[0]["discrimination"]) == pytest.approx(statistics.correlation(x, rest), abs=5e-5)
    page = index.read_text(encoding="utf-8")
    assert "Mean score 2.4 of 6" in page
    totals = Counter(int(a + b) for a, b in zip(x, rest))          # 5 4 3 2 3 0 2 0
    assert dict((int(k), int(n)) for k, n in re.findall(r'data-score="(\d+)" data-students="(\d+)"', page)) == totals
    assert re.findall(r'<text class="tick"[^>]*>(\d+)</text>', page) == [str(k) for k in range(7)]  # 0 .. max


def test_every_text_from_the_files_is_escaped(tmp_path):
    """An exercise id and a mistake name that are HTML, and a name a spreadsheet would run."""
    ex, bad = "q<b>&\"1\"", "<img src=x onerror=alert(1)>"
    (tmp_path / "grades.csv").write_text(f"student,{ex},{ex}.attempts,total,max,run\n"
                                         "a,0,,0,1,ok\nb,1,,1,1,ok\nc,0,,0,1,ok\nd,0,,0,1,ok\n", encoding="utf-8")
    lines = [{"student": "a", "exercise": ex, "status": "incorrect", "mistake": bad},
             {"student": "b", "exercise": ex, "status": "correct", "mistake": None},
             *({"student": s, "exercise": ex, "status": "incorrect", "mistake": "=HYPERLINK(\"x\")"} for s in "cd")]
    (tmp_path / "grades.mistakes.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    index = rp.write_report(tmp_path / "grades.csv", tmp_path / "r", "en")
    page = index.read_text(encoding="utf-8")
    assert "<img" not in page and "<b>" not in page
    assert html.escape(bad) in page and html.escape(ex) in page
    rows = list(csv.DictReader(open(index.with_name("exercises.csv"), newline="", encoding="utf-8")))
    assert rows[0]["top_mistake"] == "'=HYPERLINK(\"x\")"     # a formula made text


def test_bad_input_gets_a_message_that_says_what_to_fix(tmp_path, capsys):
    with pytest.raises(NbteachError, match="does not exist"):
        rp.write_report(tmp_path / "nope.csv")
    (tmp_path / "roster.csv").write_text("id,name\nalice,Alice\n", encoding="utf-8")
    with pytest.raises(NbteachError, match=r"roster.csv is not a grade file \(its first column"):
        rp.write_report(tmp_path / "roster.csv")
    (tmp_path / "empty.csv").write_text("", encoding="utf-8")
    with pytest.raises(NbteachError, match="not a grade file .it is empty"):
        rp.write_report(tmp_path / "empty.csv")
    # a gradebook file whose full table is not beside it
    gradebook.write_grades(_class(), IDS, tmp_path / "canvas.csv", "canvas", "hw01")
    with pytest.raises(NbteachError, match=r"a gradebook file .*canvas.full.csv"):
        rp.write_report(tmp_path / "canvas.csv")
    # nobody ran
    nobody = tmp_path / "nobody"
    nobody.mkdir()
    write_class(nobody, [Submission(Path(n), run="missing", label=n) for n in ("ivan", "judy")])
    with pytest.raises(NbteachError, match="no student in .* ran a notebook"):
        rp.write_report(nobody / "grades.csv")
    # a mistakes file that is not one
    broken = tmp_path / "broken"
    broken.mkdir()
    table = write_class(broken)
    text = gradebook.mistakes_file(table).read_text(encoding="utf-8").splitlines()
    gradebook.mistakes_file(table).write_text("\n".join([text[0], '{"student": "alice"}', *text[2:]]), encoding="utf-8")
    with pytest.raises(NbteachError, match=r"grades.mistakes.jsonl, line 2: not a line of a mistakes file"):
        rp.write_report(table)
    assert not (broken / "report").exists()
    # on the command line: one line, no traceback, exit status 2
    capsys.readouterr()
    assert rp.main([str(tmp_path / "nope.csv")]) == 2
    assert rp.main([str(table.with_name("x.csv")), "--lang", "fr"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith("error: ") for line in err), err
    assert rp.main([str(nobody / "grades.csv"), "--lang", "fr"]) == 2
    assert "unknown language 'fr'" in capsys.readouterr().err


def test_a_gradebook_file_is_read_through_the_full_table_beside_it(tmp_path, pages):
    rows = _class()
    gradebook.write_grades(rows, IDS, tmp_path / "canvas.csv", "canvas", "hw01")
    write_class(tmp_path, rows, name="canvas.full.csv")      # -> canvas.mistakes.jsonl, as the grader names it
    index = rp.write_report(tmp_path / "canvas.csv", tmp_path / "r", "en")
    with open(index.with_name("exercises.csv"), newline="", encoding="utf-8") as fh:
        assert list(csv.DictReader(fh)) == pages["en"][0]


def test_without_a_mistakes_file_the_report_says_what_it_cannot_know(tmp_path, capsys):
    table = write_class(tmp_path)
    gradebook.mistakes_file(table).unlink()
    assert rp.main([str(table), "--out", str(tmp_path / "r")]) == 0
    assert "note: There is no mistakes file (grades.mistakes.jsonl)" in capsys.readouterr().err
    rows = list(csv.DictReader(open(tmp_path / "r" / "exercises.csv", newline="", encoding="utf-8")))
    assert [float(r["share_correct"]) for r in rows] == [_expected(k)["share_correct"] for k in range(5)]
    assert {r["attempted"] for r in rows} == {r["top_mistake"] for r in rows} == {""}
    assert "no mistakes file" in (tmp_path / "r" / "index.html").read_text(encoding="utf-8")


def test_rows_kept_by_resume_keep_their_lines_in_the_mistakes_file(tmp_path):
    """A --resume run rewrites the mistakes file: the rows it kept from the earlier run (rebuilt
    from the grade table, which holds no status) keep the lines that run wrote."""
    out = tmp_path / "grades.mistakes.jsonl"
    first = _class()
    gradebook.write_mistakes(first, IDS, out)
    earlier = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    again = []
    for s in first:                     # as read_previous rebuilds the first four; the others graded again
        if s.name in ("alice01", "bob02", "carol03", "dan04"):
            s = Submission(Path(s.name), label=s.name, resumed=True)
            s.results = {i: (False, "(graded in an earlier run)") for i in IDS}
        again.append(s)
    gradebook.write_mistakes(again, IDS, out)
    assert [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()] == earlier


def test_grade_report_makes_the_report_of_the_grades_just_written_in_the_release_language(tmp_path, monkeypatch,
                                                                                         capsys):
    """``grade ... --report DIR``: after the grading run (stood in for here by writing its files, as
    grading this class would), the report of the grade file written, in the class's language."""
    from nbteach.teacher import grade as grading

    def graded(paths, out, *args, **kwargs):
        rows = _class(lang="zh")
        write_class(Path(out).parent, rows, name=Path(gradebook.full_table(out, kwargs["format"])).name)
        return rows

    monkeypatch.setattr(grading, "grade", graded)
    assert grading.main(["subs", "--out", str(tmp_path / "canvas.csv"), "--format", "canvas",
                         "--report", str(tmp_path / "report")]) == 0
    assert f"class report -> {tmp_path / 'report' / 'index.html'}" in capsys.readouterr().err
    page = (tmp_path / "report" / "index.html").read_text(encoding="utf-8")
    assert "<html lang='zh-CN'>" in page and rp.T["title"]["zh"] in page
    assert (tmp_path / "report" / "exercises.csv").read_text(encoding="utf-8").startswith(",".join(rp.COLUMNS))
    assert grading.main(["subs", "--out", str(tmp_path / "g.csv"), "--lang", "en",
                         "--report", str(tmp_path / "g.csv")]) == 2      # a file where the folder goes
    assert "error: the class report was not written" in capsys.readouterr().err


# ---------------------------------------------------------------- in a browser
_RENDERED = """() => {
    const box = el => { const r = el.getBoundingClientRect(); return [r.width, r.height]; };
    const svg = sel => { const s = document.querySelector(sel); return {box: box(s),
        bars: [...s.querySelectorAll('rect.bar')].map(r => ({score: r.dataset.score, students: r.dataset.students,
               exercise: r.dataset.exercise, box: box(r)}))}; };
    return {lang: document.documentElement.lang,
            h1: document.querySelector('h1').textContent,
            h2: [...document.querySelectorAll('h2')].map(h => h.textContent),
            histogram: svg('svg.histogram'), shares: svg('svg.shares'),
            table: box(document.querySelector('table.exercises')),
            cells: [...document.querySelectorAll('table.exercises tbody tr')].map(tr => [...tr.cells].map(c => c.textContent))};
}"""


@pytest.mark.xdist_group("browser")
def test_the_page_renders_in_chromium_with_its_plots_and_every_chinese_character_drawn(pages, tmp_path):
    import _not_checked
    from test_browser import CHROMIUM, FLAGS

    if not CHROMIUM:
        pytest.skip("chromium is not installed (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright
    from test_browser_lessons import SYSTEM_CJK_FONT, missing_glyphs

    rows, page_text = pages["zh"]
    index = tmp_path / "index.html"
    index.write_text(page_text, encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            requests = []
            page.on("request", lambda r: requests.append(r.url))
            page.goto(index.as_uri())
            seen = page.evaluate(_RENDERED)
            boxes, checked = missing_glyphs(page, "body") if SYSTEM_CJK_FONT else ([], None)
        finally:
            browser.close()
    assert requests == [index.as_uri()]                       # nothing fetched but the page
    assert seen["lang"] == "zh-CN" and seen["h1"].startswith(rp.T["title"]["zh"])
    assert seen["h2"] == [rp.T[k]["zh"] for k in ("scores", "share", "table", "mistakes", "how")]
    # the histogram: a bar a score somebody got, its height the number of students with it
    totals = Counter(sum(k == "ok" for k in kinds) for kinds in KINDS.values())
    bars = seen["histogram"]["bars"]
    assert {b["score"]: int(b["students"]) for b in bars} == {str(s): n for s, n in totals.items()}
    per_student = [b["box"][1] / int(b["students"]) for b in bars]
    assert min(per_student) > 10 and max(per_student) - min(per_student) < 0.5
    assert all(b["box"][0] > 10 for b in bars) and min(seen["histogram"]["box"]) > 100
    # the shares: a bar an exercise somebody got right, its width the share
    shares = {r["exercise"]: float(r["share_correct"]) for r in rows}
    bars = seen["shares"]["bars"]
    assert [b["exercise"] for b in bars] == [i for i in IDS if shares[i] > 0]
    per_share = [b["box"][0] / shares[b["exercise"]] for b in bars]
    assert min(per_share) > 100 and max(per_share) - min(per_share) < 1
    # the table: a row an exercise, in Chinese headings' page, with the CSV's numbers
    assert min(seen["table"]) > 50
    assert [c[0] for c in seen["cells"]] == IDS
    assert [c[1] for c in seen["cells"]] == [f"{100 * shares[i]:.0f}%" for i in IDS]
    if SYSTEM_CJK_FONT:
        assert checked and not boxes, boxes
    else:
        _not_checked.not_checked("fonts-noto-cjk", "the glyphs of the class report")
