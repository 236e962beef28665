"""The teacher's side of homework: sources with answers, per-student variants, judging, grading.

Nothing here is imported by the student's side (``nbteach.check``); this package uses it.

* :mod:`nbteach.teacher.homework`: load a homework source (``homework_sources/hwNN/``, package data),
  build a student's variant and its notebook (``load("hw01").variant(secret, id)``);
* :mod:`nbteach.teacher.assign`: ``python -m nbteach.assign`` (one notebook per student);
* :mod:`nbteach.teacher.judge`: ``python -m nbteach.teacher.judge``, the verdict on one
  recorded answer against the full reference (run by the grader in a sealed process);
* :mod:`nbteach.teacher.runner`: the one client that runs a notebook, a student's function
  or the judge, each in a sandbox of its own (:mod:`nbteach.teacher.sandbox`).

What it may import: the library and ``nbteach.check`` (whose exercise model and digests
it shares); nothing in the library or in ``check`` imports it, and ``python -m
nbteach.assign`` / ``nbteach.grade`` are thin entry points into it.
"""
