"""One row of a grade file: a submission as the grading stages hand it on.

``nbteach.teacher.collect`` makes it (the file, the roster id, what its name matched),
``nbteach.teacher.autograde`` fills in how its run ended and each exercise's verdict,
``nbteach.teacher.gradebook`` writes it. Every text field that came from the student (a file
name, a run's detail, a message quoting a formula) is already :func:`nbteach.teacher.wire.printable`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Submission", "GradeConfig", "RUN_TEXT", "UNGRADED", "NO_GRADE", "FORMATS", "points_number"]

#: How a run ended, or why a file got no grade, as the feedback and the summary say it.
RUN_TEXT = {
    "ok": {"en": "ran to the end", "zh": "完整运行结束"},
    "error": {"en": "raised an error in a cell (the cells after it still ran)", "zh": "有单元格报错（其后的单元格仍已运行）"},
    "timeout": {"en": "stopped: ran longer than {timeout:g} s", "zh": "超过 {timeout:g} 秒，已被停止"},
    "dead kernel": {"en": "stopped: the kernel died", "zh": "内核崩溃，已中止"},
    "unreadable": {"en": "could not be read as a notebook", "zh": "无法读取为 notebook"},
    "missing": {"en": "no submission", "zh": "未提交"},
    "no roster id": {"en": "matches no student id of the roster", "zh": "与名单中的学号都不匹配"},
    "not a notebook": {"en": "not a notebook (.ipynb)", "zh": "不是 notebook（.ipynb）"},
    "refused": {"en": "not graded: refused", "zh": "未评分：已拒绝"},
    "ambiguous": {"en": "not graded: its name matches more than one roster id", "zh": "未评分：文件名与多个学号匹配"},
    "second notebook": {"en": "not graded: another notebook of the same student was graded",
                        "zh": "未评分：已评同一学生的另一个 notebook"},
    "clash": {"en": "not graded: two folders name this student; choose one with --pick",
              "zh": "未评分：有两个文件夹都对应这名学生；请用 --pick 选定一个"},
    "other assignment": {"en": "not graded: this notebook was released as another assignment",
                         "zh": "未评分：这个 notebook 发布时属于另一项作业"},
}

#: ``--format``: what ``--out`` holds (``nbteach.teacher.gradebook.write_grades``).
FORMATS = ("csv", "gradebook", "canvas", "moodle")

#: How a row ends that is no roster student's (a file below the submissions folder).
UNGRADED = ("refused", "not a notebook", "no roster id", "ambiguous", "second notebook")
#: Rows with no grade to put in a gradebook: those, and a student whose submission the teacher
#: must choose first (two folders name them) or that was released as another assignment.
NO_GRADE = UNGRADED + ("clash", "other assignment")


@dataclass(frozen=True)
class GradeConfig:
    """How submissions run, passed explicitly to every runner (no module-level state).

    ``sealed``: inside bubblewrap (``nbteach.teacher.sandbox``); ``memory``: the memory limit
    of each sandbox in bytes (None: the sandbox's default); ``workdir``: the run's temporary
    folder, where every copy of a submission is made (None: the system's).
    """

    sealed: bool = False
    memory: int | None = None
    workdir: str | None = None


@dataclass
class Submission:
    """The grade of one notebook (or why there is none)."""

    path: Path
    timeout: float = 0.0
    run: str = "ok"
    detail: str = ""
    seconds: float = 0.0
    lang: str = "en"
    results: dict = field(default_factory=dict)   # id -> Verdict, read as (passed, message)
    attempts: dict = field(default_factory=dict)  # id -> checks as recorded in the notebook (editable by the student)

    label: str = ""
    sealed: bool | None = None   # ran inside the sandbox (None: never ran, e.g. missing)
    student_name: str = ""       # the roster's name column
    note: str = ""               # for the teacher only (grades, screen): a fingerprint that does not match
    resumed: bool = False        # kept from an earlier run's grades (--resume)
    late: bool = False           # the LMS download marked it late (Canvas: "LATE" in the file name)
    points: dict = field(default_factory=dict)   # id -> what the exercise is worth (default 1)

    @property
    def name(self) -> str:
        return self.label or self.path.name

    def earned(self, ex_id):
        """The points exercise ``ex_id`` earned: all of them when correct, a diagnosed near miss's share
        (its credit), else 0."""
        v = self.results.get(ex_id)
        if v is None:
            return 0
        earned = getattr(v, "earned", None)
        return earned if earned is not None else (self.points.get(ex_id, 1) if v[0] else 0)

    def total(self, ids):
        return points_number(sum(self.earned(i) for i in ids))

    def maximum(self, ids):
        return points_number(sum(self.points.get(i, 1) for i in ids))


def points_number(x):
    """A number of points as a grade file writes it: a whole number as an int, else 4 decimals."""
    return int(x) if float(x) == int(x) else round(float(x), 4)
