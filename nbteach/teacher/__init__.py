"""The teacher's side of homework: sources with answers, per-student variants, judging, grading.

Nothing here is imported by the student's side (``nbteach.check``); this package uses it.

* :mod:`nbteach.teacher.homework`: load a homework source (``homework_sources/hwNN/``, package data),
  build a student's variant and its notebook (``load("hw01").variant(secret, id)``);
* :mod:`nbteach.teacher.assign`: ``python -m nbteach.assign`` (one notebook per student);
* grading (``python -m nbteach.grade``, :mod:`nbteach.teacher.grade`) in nbgrader's stages, a
  module each: :mod:`nbteach.teacher.collect` (which file is whose, fingerprints, refusals),
  :mod:`nbteach.teacher.autograde` (each notebook run sealed, its answers judged, the verdicts
  decided here), :mod:`nbteach.teacher.gradebook` (the grade file, the gradebook formats, the
  mistakes file, the feedback); a row is a :mod:`nbteach.teacher.submission`;
  :mod:`nbteach.teacher.cluster` runs the notebooks on a Dask cluster's workers instead
  (``grade --cluster``), this process deciding and writing as it does by itself;
* :mod:`nbteach.teacher.report`: ``python -m nbteach.report`` (``grade --report``), the class report:
  a page and a CSV of the numbers :mod:`nbteach.teacher.class_stats` reads from the grade file and
  the mistakes file (per exercise the share correct, the common mistakes, the discrimination),
  each mistake with the hint the students saw;
* :mod:`nbteach.teacher.wire`: the one reader of what crosses into the grader's process (records,
  a runner's report, the judge's replies), typed and bounded, never evaluated;
* :mod:`nbteach.teacher.judge`: ``python -m nbteach.teacher.judge``, the sealed process that reads a
  student's answers and a function's outputs into canonical forms (the grader decides from them);
* :mod:`nbteach.teacher.runner`: the one client that runs a notebook, a student's function
  or the judge, each in a sandbox of its own (:mod:`nbteach.teacher.sandbox`).

What it may import: the library and ``nbteach.check`` (whose exercise model and digests
it shares), and Dask's ``distributed`` only inside :mod:`nbteach.teacher.cluster`'s functions
(the extra ``nbteach[cluster]``: never when nbteach is imported); nothing in the library or in ``check`` imports it, and ``python -m
nbteach.assign`` / ``nbteach.grade`` are thin entry points into it.
"""
