"""`make test` on a machine without chromium, bubblewrap or a CJK font: what needs them is skipped
with the package's name (or, for one check of a test, left undone and recorded), nothing fails for
it, and the run ends by listing what it could not check (tests/conftest.py, tests/_not_checked.py)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_a_machine_without_the_system_packages_passes_and_says_what_it_could_not_check(tmp_path):
    """PATH without chromium, bwrap and fc-list (nothing is uninstalled): a browser test, a sealed
    grading test and the browser's glyph check are skipped, each with its package named in the
    summary at the end, and the run passes."""
    # not CI's run: there the missing packages are an error (tests/conftest.py), here the point is a machine without them
    env = {**{k: v for k, v in os.environ.items() if k != "CI"}, "PATH": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:xdist",
         "tests/test_browser_lessons.py::test_the_missing_glyph_check_finds_a_box_and_passes_drawn_characters",
         "tests/test_runner.py::test_a_sealed_process_gets_a_clean_environment_and_its_files",
         "tests/test_browser_grey_out.py::test_the_checkbox_greys_out_its_sliders_in_the_browser_after_its_click_and_sends_nothing"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    summary = out.stdout.split("not checked on this machine", 1)
    assert len(summary) == 2, out.stdout[-3000:]
    listed = summary[1]
    for package in ("chromium", "bubblewrap", "fonts-noto-cjk"):
        assert f"{package}: " in listed and f"apt-get install {package}" in listed, listed
    assert "3 skipped" in out.stdout and "failed" not in out.stdout


def test_the_summary_counts_skipped_tests_and_checks_left_undone():
    import types

    import conftest

    def report(when, skipped, reason="", props=()):
        return types.SimpleNamespace(when=when, skipped=skipped, longrepr=("f.py", 1, f"Skipped: {reason}"),
                                     user_properties=list(props))

    class Terminal:
        def __init__(self, stats):
            self.stats, self.lines = stats, []

        def write_sep(self, sep, title):
            self.lines.append(title)

        def write_line(self, line):
            self.lines.append(line)

    stats = {"skipped": [report("setup", True, "chromium is not installed"),
                         report("call", True, "bubblewrap (bwrap) cannot run here"),
                         report("setup", True, "an unrelated reason")],
             "passed": [report("call", False, props=[("not checked", ("fonts-noto-cjk", "the glyphs of zh/01.ipynb"))]),
                        report("teardown", False)]}
    terminal = Terminal(stats)
    conftest.pytest_terminal_summary(terminal)
    text = "\n".join(terminal.lines)
    assert terminal.lines[0] == "not checked on this machine"
    assert "chromium: 1 test(s) skipped" in text and "bubblewrap: 1 test(s) skipped" in text
    assert "fonts-noto-cjk: 1 check(s) left undone (the glyphs of zh/01.ipynb)" in text
    assert "unrelated" not in text
    quiet = Terminal({"passed": [report("call", False)]})
    conftest.pytest_terminal_summary(quiet)
    assert quiet.lines == []                    # everything checked: nothing to say
