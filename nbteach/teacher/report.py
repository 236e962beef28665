"""The class report: which exercise the class got wrong, and with which mistake.

    python -m nbteach.report grades.csv [--out report/] [--lang en|zh]

Reads a graded class's numbers (:mod:`nbteach.teacher.class_stats`: the grade file and the
mistakes file beside it; who counts, and how each number is computed) and writes into ``--out``
(default: a folder ``report`` beside the grade file) two files:

``exercises.csv``
    a row per exercise, in the grade file's order: ``exercise``, ``share_correct``,
    ``attempted``, ``top_mistake``, ``top_mistake_share``, ``discrimination``;
``index.html``
    one page that opens from the file system in any browser (no server, no network: its plots
    are inline SVG, its style inline): the score distribution (a histogram), each exercise's
    share correct (a bar chart), the table of ``exercises.csv``, and per exercise its three most
    common diagnosed mistakes with their explanation, in English or Chinese.

Explanations
------------
A mistake is explained by the hint the student saw, looked up by name in the exercise's
definition: a homework's self-study variant (``nbteach.teacher.homework.load("hw01")
.variant(None, None).exercise(id).mistakes``) or a lesson's exercise
(``nbteach.check.exercise(id).mistakes``). The engine's own mistakes (``rounded``,
``float_for_exact``, ``shape``, ``label_words``, ``library_shortcut``) are explained by their
sentence of the checks' catalogue (:data:`nbteach.check.messages.MESSAGES`), with ``…`` where
the student saw their own value: the report never holds a text that could hold a student's
answer, and no student's name (the mistakes file holds neither answers nor messages).

Language: ``--lang``; otherwise the language most of the class's notebooks were released in
(the ``lang`` of the mistakes file's lines, or, after a grading run, the rows' feedback
language), English when nothing says.

The plots are hand-written SVG rather than matplotlib's: two bar charts of counts need no
plotting library, their text stays text (drawn by the browser in the page's fonts, Chinese
included, selectable and read by screen readers), and the page needs neither matplotlib's
import (about a second) nor a font embedded as paths for its Chinese labels.
"""
from __future__ import annotations

import argparse
import html
import math
import os
import statistics
import sys
from collections import Counter
from pathlib import Path

from nbteach._base import NbteachError
from nbteach.check import exercise
from nbteach.check.messages import MESSAGES
from nbteach.i18n import _normalise, tr
from nbteach.teacher import class_stats
from nbteach.teacher.class_stats import COLUMNS, NOT_RAN, exercise_stats, read_grades
from nbteach.teacher.gradebook import _atomic_rows
from nbteach.teacher.homework import load
from nbteach.teacher.submission import NO_GRADE

__all__ = ["explanations", "page", "write_report", "after_grading", "main", "ENGINE"]

#: the engine's own mistake names -> their sentence in nbteach.check.messages.MESSAGES
ENGINE = ("rounded", "float_for_exact", "shape", "label_words", "library_shortcut")
#: where the student saw a value of their own, the explanation shows this
ELIDED = "…"


# ---------------------------------------------------------------- explanations
def _definition(exercise_id: str, cache: dict):
    """The exercise's definition (a lesson's, or a homework's self-study variant's), or None."""
    prefix = exercise_id.split(".")[0]
    try:
        if prefix.isdigit():
            return exercise(exercise_id)
        if prefix not in cache:
            try:
                cache[prefix] = load(prefix).variant(None, None)
            except Exception:  # noqa: BLE001 - no source, or one that fails to build: the numbers stand without it
                cache[prefix] = None
        return cache[prefix].exercise(exercise_id) if cache[prefix] is not None else None
    except NbteachError:
        return None


def _engine_text(name: str, ex, lang: str) -> str:
    """The catalogue's sentence for one of the engine's own mistakes, ``…`` where the student's value stood."""
    spec = getattr(ex, "spec", None) or {}
    fields = {}
    if name == "rounded":
        key = "rounded" if spec.get("type") == "exact" else "too_few_digits" if isinstance(
            spec.get("digits"), int) else "rounded_float"
        fields = {"digits": spec["digits"]} if key == "too_few_digits" else {}
    elif name == "float_for_exact":
        key = "float_for_fraction"
    elif name == "shape":
        key, fields = "shape", {"got": ELIDED}
    elif name == "label_words":
        key, fields = "label_words", {"got": ELIDED, "label": ELIDED}
    else:
        forbidden = getattr(ex, "forbidden", ())
        key, fields = "library_shortcut", {"name": " / ".join(forbidden) if forbidden else ELIDED}
    return tr(MESSAGES[key], lang=lang, **fields)


def explanations(stats, lang: str) -> dict:
    """``{exercise: (prompt or None, {mistake name: explanation or None}, definition found)}`` for
    the three most common mistakes of each exercise (see the module docstring)."""
    cache, out = {}, {}
    for st in stats:
        names = [name for name, _ in st.top()]
        ex = _definition(st.exercise, cache) if names else None
        own = {m.name: m.hint for m in getattr(ex, "mistakes", ())}
        texts = {}
        for name in names:
            if name in own:
                texts[name] = tr(own[name], lang=lang)
            elif name in ENGINE:
                texts[name] = _engine_text(name, ex, lang)
            else:
                texts[name] = None
        out[st.exercise] = (tr(ex.prompt, lang=lang) if ex is not None else None, texts, ex is not None)
    return out


# ---------------------------------------------------------------- the page
T = {
    "title": {"en": "Class report", "zh": "班级报告"},
    "ran": {"en": ("{n} student ran their notebook", "{n} students ran their notebook"),
            "zh": "{n} 名学生的 notebook 已运行并评分"},
    "missing": {"en": "{n} handed nothing in", "zh": "{n} 人未提交"},
    "no grade": {"en": ("{n} file got no grade", "{n} files got no grade"), "zh": "{n} 个文件未评分"},
    "mean": {"en": "Mean score {mean} of {max}, median {median}.", "zh": "平均分 {mean}（满分 {max}），中位数 {median}。"},
    "scores": {"en": "Score distribution", "zh": "得分分布"},
    "score axis": {"en": "score (of {max})", "zh": "得分（满分 {max}）"},
    "students axis": {"en": "students", "zh": "学生人数"},
    "bar": {"en": ("{n} student scored {s}", "{n} students scored {s}"), "zh": "{n} 名学生得 {s} 分"},
    "share": {"en": "Share correct, by exercise", "zh": "各题正确率"},
    "share bar": {"en": "{ex}: {c} of {n} correct", "zh": "{ex}：{n} 人中 {c} 人答对"},
    "table": {"en": "Exercises", "zh": "各题统计"},
    "exercise": {"en": "exercise", "zh": "练习"},
    "share_correct": {"en": "share correct", "zh": "正确率"},
    "attempted": {"en": "attempted", "zh": "作答人数"},
    "top_mistake": {"en": "most common mistake", "zh": "最常见的错误"},
    "top_mistake_share": {"en": "its share", "zh": "其占比"},
    "discrimination": {"en": "discrimination", "zh": "区分度"},
    "mistakes": {"en": "Most common mistakes", "zh": "最常见的错误"},
    "mistake students": {"en": ("{n} student ({pct})", "{n} students ({pct})"), "zh": "{n} 名学生（{pct}）"},
    "hint": {"en": "What the student was told:", "zh": "学生看到的说明："},
    "no hint": {"en": "(no explanation: the exercise's definition does not name this mistake)",
                "zh": "（没有说明：这道练习的定义中没有这个错误）"},
    "no definition": {"en": "(no explanation: the exercise's definition was not found here, e.g. a homework source "
                            "of your own outside NBTEACH_HOMEWORK)",
                      "zh": "（没有说明：这里找不到这道练习的定义，例如你自己的作业源文件不在 NBTEACH_HOMEWORK 中）"},
    "none named": {"en": "No answer was diagnosed with a common mistake.", "zh": "没有答案被识别为常见错误。"},
    "unnamed": {"en": "Incorrect with no mistake named: {n}. Not attempted or no answer: {k}.",
                "zh": "答错但未识别出具体错误：{n} 人。未作答：{k} 人。"},
    "notes": {"en": "Note", "zh": "说明"},
    "how": {"en": "How these numbers are computed", "zh": "这些数字是怎样算出的"},
    "how ran": {"en": "Students who ran: every row of the grade file except those missing or given no grade "
                      "(not a notebook, refused, no roster id, ambiguous, second notebook, clash, other "
                      "assignment); a notebook that raised an error, timed out or could not be read counts. "
                      "Every share is of them.",
                "zh": "已运行的学生：成绩文件中除未提交和未评分（不是 notebook、已拒绝、不在名单中、对应多个学号、"
                      "同一学生的另一个 notebook、文件夹冲突、属于另一项作业）以外的每一行；运行出错、超时或无法读取的 "
                      "notebook 也计入。所有比例都以这些学生为分母。"},
    "how share": {"en": "Share correct: the students whose answer was correct. Attempted: the students who gave "
                        "an answer (right or wrong).",
                  "zh": "正确率：答对的学生所占的比例。作答人数：给出了答案（无论对错）的学生人数。"},
    "how mistake": {"en": "Most common mistake: the diagnosed mistake most students made, and their share.",
                    "zh": "最常见的错误：被识别出的错误中出现最多的一个，以及犯这个错误的学生所占的比例。"},
    "how discrimination": {
        "en": "Discrimination: the point-biserial correlation between the exercise's score (1 or 0) and the "
              "student's score on the other exercises. Near 0 or negative: the exercise does not separate the "
              "students who did well on the others from those who did not; check its wording and its "
              "reference. Empty when everyone scored the same on it.",
        "zh": "区分度：这道题的得分（1 或 0）与该学生其余各题总分之间的点二列相关系数。接近 0 或为负：这道题没有把"
              "其余各题做得好的学生和做得不好的学生区分开，请检查题目的表述和参考答案。所有人在这道题上得分相同时为空。"},
    "undefined": {"en": "–", "zh": "–"},
}

STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans CJK SC", "Source Han Sans SC",
       "PingFang SC", "Microsoft YaHei", sans-serif; color: #212121; background: #fff;
       max-width: 60rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2rem; } h3 { font-size: 1.05rem; }
svg { display: block; max-width: 100%; height: auto; }
svg text { fill: #212121; font-size: 12px; }
.axis { stroke: #757575; } .bar { fill: #3b6ea5; } .grid { stroke: #d0d0d0; }
table { border-collapse: collapse; } th, td { padding: .3rem .7rem; border-bottom: 1px solid #d0d0d0; }
th { text-align: left; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
.prompt { color: #424242; } .hint { margin: .2rem 0 .6rem 1rem; color: #424242; }
.notes { background: #fff4e5; padding: .5rem 1rem; }
code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
"""


def _t(key: str, lang: str, **fields) -> str:
    """The page's text ``key`` in ``lang``; an English ``(one, many)`` pair is chosen by ``n``."""
    text = T[key][lang]
    if isinstance(text, tuple):
        text = text[0] if fields.get("n") == 1 else text[1]
    return text.format(**fields)


def _e(text) -> str:
    return html.escape(str(text), quote=True)


def _h(key: str, lang: str, **fields) -> str:
    """:func:`_t`, escaped for HTML."""
    return _e(_t(key, lang, **fields))


def _pct(share) -> str:
    return f"{100 * share:.0f}%"


def _num(x) -> str:
    """A score as a teacher writes it: 3, 1.5, 2.33."""
    return f"{round(float(x), 2):g}"


def _svg(label: str, width: int, height: int, body: list, cls: str) -> str:
    return (f'<svg class="{cls}" role="img" aria-label="{_e(label)}" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg"><title>{_e(label)}</title>'
            + "".join(body) + "</svg>")


def _bins(totals, top):
    """``[(label, count)]``: one bin a score from 0 to ``top`` when the scores are whole numbers
    (and at most 50), else ten equal bins over [0, top]."""
    if all(float(t).is_integer() for t in totals) and top <= 50 and float(top).is_integer():
        counts = Counter(int(t) for t in totals)
        return [(str(s), counts.get(s, 0)) for s in range(int(top) + 1)]
    width = top / 10 if top > 0 else 1
    counts = Counter(min(9, max(0, int(t // width))) for t in totals)
    return [(f"{_num(k * width)}–{_num((k + 1) * width)}", counts.get(k, 0)) for k in range(10)]


def _histogram(totals, top, lang) -> str:
    bins = _bins(totals, top)
    w, h, left, right, top_m, bottom = 640, 280, 48, 16, 16, 52
    pw, ph = w - left - right, h - top_m - bottom
    most = max(c for _, c in bins)
    step = max(1, math.ceil(most / 5))
    ymax = step * math.ceil(most / step)
    slot = pw / len(bins)
    body = []
    for t in range(0, ymax + 1, step):
        y = top_m + ph - t / ymax * ph
        body.append(f'<line class="grid" x1="{left}" x2="{w - right}" y1="{y:.1f}" y2="{y:.1f}"/>'
                    f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{t}</text>')
    for k, (label, count) in enumerate(bins):
        x = left + k * slot
        if count:
            bh = count / ymax * ph
            tip = _t("bar", lang, n=count, s=label)
            body.append(f'<rect class="bar" data-score="{_e(label)}" data-students="{count}" x="{x + slot * .1:.1f}" '
                        f'y="{top_m + ph - bh:.1f}" width="{slot * .8:.1f}" height="{bh:.1f}"><title>{_e(tip)}</title></rect>'
                        f'<text x="{x + slot / 2:.1f}" y="{top_m + ph - bh - 4:.1f}" text-anchor="middle">{count}</text>')
        body.append(f'<text class="tick" x="{x + slot / 2:.1f}" y="{top_m + ph + 16}" text-anchor="middle">{_e(label)}</text>')
    body.append(f'<line class="axis" x1="{left}" x2="{w - right}" y1="{top_m + ph}" y2="{top_m + ph}"/>'
                f'<text x="{left + pw / 2:.1f}" y="{h - 8}" text-anchor="middle">'
                f'{_h("score axis", lang, max=_num(top))}</text>'
                f'<text transform="rotate(-90)" x="{-(top_m + ph / 2):.1f}" y="14" text-anchor="middle">'
                f'{_h("students axis", lang)}</text>')
    return _svg(_t("scores", lang), w, h, body, "histogram")


def _share_chart(stats, lang) -> str:
    row, top_m, bottom = 26, 8, 28
    left = min(280, 16 + 7 * max(len(s.exercise) for s in stats))
    w = 640
    pw = w - left - 96
    h = top_m + row * len(stats) + bottom
    body = []
    for q in (0, .25, .5, .75, 1):
        x = left + q * pw
        body.append(f'<line class="grid" x1="{x:.1f}" x2="{x:.1f}" y1="{top_m}" y2="{h - bottom}"/>'
                    f'<text x="{x:.1f}" y="{h - bottom + 16}" text-anchor="middle">{_pct(q)}</text>')
    for k, s in enumerate(stats):
        y = top_m + k * row
        tip = _t("share bar", lang, ex=s.exercise, c=s.correct, n=s.students)
        body.append(f'<text x="{left - 8}" y="{y + row / 2 + 4:.1f}" text-anchor="end">{_e(s.exercise)}</text>')
        if s.correct:
            body.append(f'<rect class="bar" data-exercise="{_e(s.exercise)}" x="{left}" y="{y + 4}" '
                        f'width="{s.correct / s.students * pw:.1f}" height="{row - 8}"><title>{_e(tip)}</title></rect>')
        body.append(f'<text x="{left + s.correct / s.students * pw + 6:.1f}" y="{y + row / 2 + 4:.1f}">'
                    f'{_pct(s.correct / s.students)} ({s.correct}/{s.students})</text>')
    return _svg(_t("share", lang), w, h, body, "shares")


def _table(stats, lang) -> str:
    head = "".join(f"<th>{_h(c, lang)}</th>" for c in COLUMNS)
    rows = []
    for s in stats:
        top = s.top(1)
        d = _t("undefined", lang) if s.discrimination is None else f"{s.discrimination:.2f}"
        rows.append(f"<tr><td><code>{_e(s.exercise)}</code></td><td class='n'>{_pct(s.share_correct)}</td>"
                    f"<td class='n'>{'' if s.attempted is None else f'{s.attempted} / {s.students}'}</td>"
                    f"<td>{f'<code>{_e(top[0][0])}</code>' if top else ''}</td>"
                    f"<td class='n'>{_pct(top[0][1] / s.students) if top else ''}</td><td class='n'>{d}</td></tr>")
    return f"<table class='exercises'><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def _mistakes(stats, texts, lang) -> str:
    parts = []
    for s in stats:
        prompt, hints, found = texts[s.exercise]
        items = []
        colon, space = ("：", "") if lang == "zh" else (": ", " ")
        for name, n in s.top():
            hint = hints.get(name)
            told = _h('hint', lang) + space + _e(hint) if hint else _h('no hint' if found else 'no definition', lang)
            items.append(f"<li><code>{_e(name)}</code>{colon}"
                         f"{_h('mistake students', lang, n=n, pct=_pct(n / s.students))}"
                         f"<div class='hint'>{told}</div></li>")
        if s.attempted is None:       # no mistakes file: the page's note says so
            parts.append(f"<article data-exercise='{_e(s.exercise)}'><h3><code>{_e(s.exercise)}</code></h3></article>")
            continue
        body = f"<ol>{''.join(items)}</ol>" if items else f"<p>{_h('none named', lang)}</p>"
        tail = f"<p>{_h('unnamed', lang, n=s.unnamed, k=s.no_answer)}</p>"
        parts.append(f"<article data-exercise='{_e(s.exercise)}'><h3><code>{_e(s.exercise)}</code></h3>"
                     + (f"<p class='prompt'>{_e(prompt)}</p>" if prompt else "") + body + tail + "</article>")
    return "".join(parts)


def page(data, stats, lang: str) -> str:
    """The report's HTML (see the module docstring): every text escaped, nothing fetched."""
    totals = [data.row(s)[2] for s in data.ran]
    top = max(data.row(s)[3] for s in data.ran)
    runs = Counter(r[1].split(" (")[0] for r in data.rows)
    missing = runs.get("missing", 0)
    no_grade = sum(runs.get(r, 0) for r in NO_GRADE)
    lede = _t("ran", lang, n=len(data.ran))
    sep = "；" if lang == "zh" else "; "
    if missing:
        lede += sep + _t("missing", lang, n=missing)
    if no_grade:
        lede += sep + _t("no grade", lang, n=no_grade)
    lede += ("。" if lang == "zh" else ". ") + _t("mean", lang, mean=f"{statistics.fmean(totals):.1f}",
                                                 max=_num(top), median=_num(statistics.median(totals)))
    notes = "".join(f"<p>{_e(tr(n, lang=lang))}</p>" for n in data.notes)
    how = "".join(f"<li>{_h(k, lang)}</li>" for k in ("how ran", "how share", "how mistake",
                                                                   "how discrimination"))
    return (f"<!DOCTYPE html>\n<html lang='{'zh-CN' if lang == 'zh' else 'en'}'><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{_h('title', lang)}: {_e(data.table.name)}</title><style>{STYLE}</style></head><body>"
            f"<h1>{_h('title', lang)}{'：' if lang == 'zh' else ': '}<code>{_e(data.table.name)}</code></h1><p class='lede'>{_e(lede)}</p>"
            + (f"<div class='notes' role='note'><strong>{_h('notes', lang)}</strong>{notes}</div>" if notes else "")
            + f"<section id='scores'><h2>{_h('scores', lang)}</h2>{_histogram(totals, top, lang)}</section>"
            f"<section id='shares'><h2>{_h('share', lang)}</h2>{_share_chart(stats, lang)}</section>"
            f"<section id='table'><h2>{_h('table', lang)}</h2>{_table(stats, lang)}</section>"
            f"<section id='mistakes'><h2>{_h('mistakes', lang)}</h2>{_mistakes(stats, explanations(stats, lang), lang)}</section>"
            f"<section id='how'><h2>{_h('how', lang)}</h2><ul>{how}</ul></section>"
            "</body></html>\n")


# ---------------------------------------------------------------- writing
def write_report(grades, out=None, lang=None, notes=None) -> Path:
    """Write ``exercises.csv`` and ``index.html`` for the grade file ``grades`` into ``out``
    (default: ``report`` beside it), in ``lang`` (None: as the module docstring says); the
    page's path is returned. ``notes``: called with each note the page carries (in English)."""
    lang = _normalise(lang) if lang is not None else None
    data = read_grades(grades)
    stats = exercise_stats(data)
    if lang is None:
        lang = "zh" if data.langs["zh"] > data.langs["en"] else "en"
    out = Path(out) if out is not None else data.table.parent / "report"
    if out.exists() and not out.is_dir():
        raise NbteachError(f"{out} is a file: give --out a folder (it will hold index.html and exercises.csv).")
    _atomic_rows(out / "exercises.csv", [list(COLUMNS)] + [s.csv_row() for s in stats])
    index = out / "index.html"
    tmp = index.with_name(index.name + ".tmp")
    tmp.write_text(page(data, stats, lang), encoding="utf-8")
    os.replace(tmp, index)
    for note in data.notes if notes is not None else ():
        notes(note["en"])
    return index


def _note(text: str) -> None:
    print(f"note: {text}", file=sys.stderr)


def after_grading(table, out, lang, results) -> int:
    """``python -m nbteach.grade ... --report DIR``: the report of the grade file just written,
    in ``lang`` or else the language most graded notebooks were released in; 0, or 2 with a message."""
    if lang is None:
        langs = Counter(s.lang for s in results if s.run not in NOT_RAN and not s.resumed)  # a kept row's is unknown
        lang = "zh" if langs["zh"] > langs["en"] else "en"
    try:
        index = write_report(table, out, lang, notes=_note)
    except NbteachError as exc:
        print(f"error: the class report was not written: {exc}", file=sys.stderr)
        return 2
    print(f"class report -> {index}", file=sys.stderr)
    return 0


def _parser():
    p = argparse.ArgumentParser(prog="python -m nbteach.report", description=__doc__.split("\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog=class_stats.__doc__[class_stats.__doc__.index("Who counts"):
                                                           class_stats.__doc__.index(">>>")].strip())
    p.add_argument("grades", help="the grade file python -m nbteach.grade wrote (its --out)")
    p.add_argument("--out", default=None, help="folder for index.html and exercises.csv (default: report/ beside "
                                               "the grade file)")
    p.add_argument("--lang", default=None, help="en or zh (default: the language the class's notebooks were "
                                                "released in, when the mistakes file says it; else English)")
    return p


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    try:
        index = write_report(args.grades, args.out, args.lang, notes=_note)
    except NbteachError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"class report -> {index} (open it in a browser); the numbers per exercise: "
          f"{index.with_name('exercises.csv')}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
