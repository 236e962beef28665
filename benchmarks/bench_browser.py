"""Key press to the view's last change, in a real browser, for every control of every lesson:
what a student feels.

Each lesson that shows a view is opened in JupyterLab in headless Chromium (Debian's
``chromium``, as the browser tests) and run as a student runs it, with two cells added at its
end: the baseline, a trivial IntSlider whose observer writes a Label (one kernel round trip
and nothing else), and a cell that times each control's update inside the kernel. Then every
control of every view on the page (slider, dropdown, toggle, checkbox, text and number box)
is operated as a student does, PRESSES times, as ``tests/_browser_drive.py`` describes: a
slider from the keyboard, ArrowRight and ArrowLeft in turn, pressed the other way at an end
of its range (never skipped), the next option of a dropdown, Space on a checkbox, a word
typed into a text box, ... The baseline slider is pressed the same way on the same page.

The latency of one operation is the time from its event (keydown, click, change, input; for
a checkbox the click that toggles it, which Space sends on its release, not the keydown) to
the view's *last* change: a MutationObserver on the view's output area (the control's own
readout, which the browser updates without the kernel, is ignored) records every change, and
the view has settled when nothing changed for QUIET_MS; that quiet window is not counted. A
view that changes in steps (a plot, then its title, then a table) has answered only when its
last step is drawn. Printed per control: median and p90 of that latency, the ratio of the
median to the baseline's median and the excess in ms, where the baseline is measured the
same way on the same page in the same run, PAIRED operations just before the control's and
PAIRED just after (on a shared machine the load changes over the minutes a lesson takes: a
baseline measured once per lesson, before all its controls, put the same unchanged control at
0.8x in one run and 2.0x in the next; the ratio to that page baseline is printed too), the median to the first change (for comparison) and the median update
inside the kernel (setting the control's value, all observers run) as the control walks
from where it is: a slider to values not shown before. A view that keeps what it has shown
(lessons 03, 04, 07 and 10) answers the presses back and forth from memory, as it answers a
student moving a slider back and forth; the kernel column is what a first visit costs.
Every control, and the baseline, is first operated WARMUP times (both directions, its view
let settle each time; not counted), as a student's page is warm by the time a control is
moved again: without it the first control measured on a page paid alone what the page's
first operations cost (code paths the browser had not yet compiled, the kernel's first
messages), and a control's first operation paid for its own new paths.

Listed at the end: the controls over the goal, a median <= 1.5x the baseline's or within
15 ms of it. Nothing is asserted.

Why the earlier bench said every control met its target while students felt a lag: it
measured another thing. It took each press at the view's *first* change (its first version,
e2dc849, reported nothing else; the version before this one still took its ratio there), and
a view that answers in several messages changes first when the first of them is drawn: lesson
03's three panels on a new patient, lesson 04's contours, two points, title and table, lesson
07's cursor, markers, title and table. In this bench's first run (a loaded machine, baseline
35-53 ms) lesson 03's patient dropdowns changed first at 50-68 ms and last at 108-156 ms,
lesson 04's count sliders first at 41-57 ms and last at 94-106 ms. Its first version also
measured views of its own in a small notebook, not the lessons' pages (lesson 04's view
alone on a page settled in 45-70 ms in a later, quieter run: indicative only), pressed
ArrowRight only and took 15 presses a control.

Run: ``.venv/bin/python benchmarks/bench_browser.py [lesson number ...]`` (or ``make bench``).
Skipped, with a line saying so, when chromium is not installed.
"""
from __future__ import annotations

import json
import re
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from _browser_drive import CHANGED_JS, RESULT_JS, WATCH_JS, controls, handle_of, operate, path_of  # noqa: E402

PRESSES = 20            # operations per control (and per baseline), both directions in turn
WARMUP = 4              # operations per control (and per baseline) before those, not counted
QUIET_MS = 80           # a view has settled when nothing changed for this long (not counted)
TIMEOUT_MS = 15_000     # an operation whose view does not change within this is reported as such
PAIRED = 10             # baseline operations between two controls (after 2 not counted): each control's
                        # ratio is against the baseline pressed just before and just after it

BASELINE = """import ipywidgets as _w
_s = _w.IntSlider(description="baseline", max=1000)
_l = _w.Label("0", layout=_w.Layout(border="1px solid"))
_s.observe(lambda c: setattr(_l, "value", str(c["new"])), names="value")
_b = _w.VBox([_s, _l]); _b.add_class("nbteach-bench-baseline"); _b"""

# Inside the kernel: every control the lesson made, walked through 7 values from where it is
# (a slider and a text box to values not shown before: a view that keeps what it has shown
# answers a return from memory, and this times the update a student's first visit costs; a
# dropdown or a checkbox has few values and comes back to them), each set timed (the observers
# run synchronously inside it), then put back. Printed as one JSON line.
KERNEL_TIMES = r"""import json as _json, statistics as _st, time as _time
import ipywidgets as _w
from ipywidgets.widgets.widget import _instances as _all

def _walk(c, n=7):
    if isinstance(c, _w.FloatLogSlider):
        e = __import__("math").log(c.value, c.base)
        d = c.step if e + n * c.step <= c.max else -c.step
        return [c.base ** (e + k * d) for k in range(1, n + 1)]
    if isinstance(c, (_w.IntSlider, _w.FloatSlider)):
        d = c.step if c.value + n * c.step <= c.max else -c.step
        return [c.value + k * d for k in range(1, n + 1) if c.min <= c.value + k * d <= c.max]
    if isinstance(c, (_w.Dropdown, _w.ToggleButtons, _w.SelectionSlider)):
        return [("index", ((c.index or 0) + k) % len(c.options)) for k in range(1, n + 1)]
    if isinstance(c, _w.SelectMultiple):
        return [("index", (0,) if k % 2 else ()) for k in range(1, n + 1)]
    if isinstance(c, _w.Checkbox):
        return [bool((k % 2) ^ c.value) for k in range(1, n + 1)]
    if isinstance(c, _w.Text):
        return [c.value + f" x{k}" for k in range(1, n + 1)]
    if isinstance(c, _w.FloatText):
        return [c.value + 0.5 * k for k in range(1, n + 1)]
    return None

def _set(c, v):
    if isinstance(v, tuple) and v and v[0] == "index":
        c.index = v[1]
    else:
        c.value = v

_times = {}
for _c in list(_all.values()):
    if getattr(_c, "description", None) == "baseline" or getattr(_c, "disabled", False):
        continue
    _vs = _walk(_c)
    if not _vs:
        continue
    _old = ("index", _c.index) if isinstance(_vs[0], tuple) else _c.value
    _t = []
    for _v in _vs:
        _t0 = _time.perf_counter(); _set(_c, _v); _t.append(_time.perf_counter() - _t0)
    _set(_c, _old)
    # as the browser names it: the description, or a group of buttons by its first button's
    # tooltip ("Burglary not observed"), or by its labels
    _name = (_c.description or (getattr(_c, "tooltips", None) or [""])[0]
             or "".join(getattr(_c, "_options_labels", ())) or type(_c).__name__)
    _times.setdefault(_name, []).append(_st.median(_t) * 1000)
print("KERNEL-TIMES " + _json.dumps(_times))"""


# A checkbox is toggled by the click that Space sends on its release (the keydown changes
# nothing yet): its operations are timed from that click. The click's times are kept beside
# _browser_drive's (window.__lat.start), and window.__arm clears both.
TOGGLE_JS = r"""([path]) => {
    const own = window.__find(path)[1].closest('.jupyter-widgets');
    window.__toggled = [];
    if (!window.__armToggle) {
        const arm = window.__arm;
        window.__armToggle = true;
        window.__arm = () => { arm(); window.__toggled = []; };
    }
    own.addEventListener('click', () => window.__toggled.push(performance.now()), true);
    return true;
}"""
TOGGLED_CHANGED_JS = "() => window.__toggled.length > 0 && window.__lat.change.some(t => t > window.__toggled[0])"
TOGGLED_RESULT_JS = """() => { const s = window.__toggled[0], after = window.__lat.change.filter(t => t > s);
    return [Math.min(...after) - s, Math.max(...after) - s, performance.now() - Math.max(...after)]; }"""


def _measure(page, path, kind, baseline=False, presses=PRESSES, warmup=WARMUP):
    """``warmup`` operations on one control, not counted, then ``presses``: a list of (first change,
    last change) in ms, None for an operation whose view did not change within TIMEOUT_MS."""
    page.evaluate(WATCH_JS, [path, baseline])
    changed, result = CHANGED_JS, RESULT_JS
    if baseline:
        handle = page.locator(".nbteach-bench-baseline .noUi-handle").element_handle()
    else:
        handle = handle_of(page, path)
        if kind == "checkbox":
            page.evaluate(TOGGLE_JS, [path])
            changed, result = TOGGLED_CHANGED_JS, TOGGLED_RESULT_JS
    out = []
    for k in range(warmup + presses):   # warmup is even: the counted presses start as they would without it
        operate(page, handle, kind, k)
        try:
            page.wait_for_function(changed, timeout=TIMEOUT_MS)
        except Exception:            # noqa: BLE001 (playwright's TimeoutError: report, go on)
            out.append(None)
            continue
        for _ in range(int(3 * TIMEOUT_MS / QUIET_MS)):   # settled: nothing changed for QUIET_MS
            page.wait_for_timeout(QUIET_MS / 3)
            first, last, quiet = page.evaluate(result)
            if quiet >= QUIET_MS:
                break                # (a view that never stops changing is cut off after TIMEOUT_MS)
        out.append((first, last))
    return out[warmup:]


def _lessons(numbers):
    views = re.compile(r"_explorer\(|_widget\(")
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        if numbers and path.name[:2] not in numbers:
            continue
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        if any(c["cell_type"] == "code" and views.search("".join(c["source"])) for c in cells):
            yield path


def _with_bench_cells(src: Path, dst: Path):
    import nbformat

    nb = nbformat.read(src, as_version=4)
    nb.cells += [nbformat.v4.new_code_cell(BASELINE), nbformat.v4.new_code_cell(KERNEL_TIMES)]
    nbformat.write(nb, dst)


def _summary(lat):
    """(median, p90 to the last change, median to the first, operations that changed nothing)."""
    done = [x for x in lat if x]
    if not done:
        return None
    first = sorted(f for f, _ in done)
    last = sorted(s for _, s in done)
    return (statistics.median(last), last[int(0.9 * (len(last) - 1))], statistics.median(first),
            len(lat) - len(done))


def main(argv) -> int:
    from test_browser import CHROMIUM, FLAGS, jupyterlab

    if not CHROMIUM:
        print("bench_browser: skipped, chromium is not installed (apt-get install -y chromium)")
        return 0
    from playwright.sync_api import sync_playwright

    from test_browser_lessons import _shut_down_kernels, open_and_run_all

    lessons = list(_lessons(set(argv)))
    print(f"{PRESSES} operations per control, both directions, after {WARMUP} not counted; latency = key press (or click, change, input) "
          f"(a checkbox: the click that toggles it) to the view's last change (settled: nothing changed for {QUIET_MS} ms after it, not counted); "
          f"baseline = median of the IntSlider -> Label round trip on the same page, {PAIRED} operations just before "
          f"and {PAIRED} just after the control's (ratio and excess = median / and - it); page = ratio to the page's "
          f"baseline of {PRESSES} operations measured first; "
          "goal <= 1.5x or within 15 ms; first = median to the view's first change; "
          "kernel = median update inside the kernel, a slider or text box at values not shown before")
    head = (f"{'control':<44} {'kind':<8} {'median':>9} {'p90':>9} {'baseline':>9} {'ratio':>6} {'excess':>9}"
            f" {'page':>6} {'first':>9} {'kernel':>8}  goal")
    misses = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "nb").mkdir()
        for path in lessons:
            _with_bench_cells(path, root / "nb" / path.name)
        settings = root / "settings" / "@jupyterlab" / "notebook-extension"
        settings.mkdir(parents=True)
        (settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
        extra = [f"--LabApp.user_settings_dir={root / 'settings'}", f"--LabApp.workspaces_dir={root / 'ws'}"]
        with jupyterlab(root / "nb", "nbteach-bench-token", extra=extra) as (port, token), \
                sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
            for path in lessons:
                page = open_and_run_all(browser, port, token, path.name)
                text = page.locator(".jp-OutputArea-output", has_text="KERNEL-TIMES").inner_text()
                kernel = json.loads(text.split("KERNEL-TIMES", 1)[1])
                base = _summary(_measure(page, None, "slider", baseline=True))
                print(f"\n== {path.stem}: baseline (IntSlider -> Label) median {base[0]:.1f} ms, "
                      f"p90 {base[1]:.1f} ms, first change {base[2]:.1f} ms")
                print(head)
                before = _measure(page, None, "slider", baseline=True, presses=PAIRED, warmup=2)
                for c in controls(page):
                    s = _summary(_measure(page, path_of(c), c["kind"]))
                    after = _measure(page, None, "slider", baseline=True, presses=PAIRED, warmup=2)
                    paired = _summary(before + after)
                    before = after
                    name = f"{c['name'][:40]}"
                    ks = kernel.get(c["name"]) or kernel.get(c["name"].split(" value")[0])
                    kms = f"{max(ks):6.1f}ms" if ks else f"{'-':>8}"
                    if s is None:
                        print(f"{name:<44} {c['kind']:<8} the view did not change")
                        misses.append(f"{path.stem}: {name} (no change)")
                        continue
                    med, p90, first, dead = s
                    ref = paired[0] if paired else base[0]
                    ok = med <= 1.5 * ref or med - ref <= 15
                    if not ok:
                        misses.append(f"{path.stem}: {name} ({med / ref:.2f}x, {med - ref:+.0f} ms)")
                    print(f"{name:<44} {c['kind']:<8} {med:6.1f} ms {p90:6.1f} ms {ref:6.1f} ms {med / ref:5.2f}x"
                          f" {med - ref:+7.1f}ms {med / base[0]:5.2f}x {first:6.1f} ms {kms}  {'ok' if ok else 'OVER'}"
                          + (f"  ({dead} of {PRESSES} operations changed nothing)" if dead else ""))
                page.close()
                _shut_down_kernels(port, token)
            browser.close()
    print("\ncontrols over the goal:", ("\n  " + "\n  ".join(misses)) if misses else "none")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
