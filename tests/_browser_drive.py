"""Operate every control of every view on a JupyterLab page as a student does, and see the
view answer. Shared by the lesson browser tests (each control must change its view) and by
``benchmarks/bench_browser.py`` (how long that takes). A control is found by its place on the
page ([output index, control index within it]), in page order:

* a slider: keyboard focus on its handle, ArrowRight, then ArrowLeft, in turn (at the top of
  its range ArrowLeft, at the bottom ArrowRight: a press always moves it);
* a dropdown or a list: the next option picked; a group of toggle buttons: the next one clicked
  (the second when none is chosen);
* a disabled control is left alone;
* a checkbox: Space; a text box: its first word typed again at its end, then deleted (Backspace);
* a number box: ArrowUp or ArrowDown (Chromium sends the stepped number at once, no Enter needed).

"The view answered" means: after the event (keydown, click, change, input) on the control, something
in its output area outside the control itself changed (a MutationObserver; the control's own
readout, which the browser updates without the kernel, does not count).
"""
from __future__ import annotations

# The controls of the views on the page, in page order, each with a selector path to find it
# again: [output index, control index within it].
CONTROLS_JS = r"""() => {
    const found = [];
    window.__outputs().forEach((out, i) => window.__controlsOf(out).forEach((c, j) => {
        const own = c.closest('.jupyter-widgets');
        // a checkbox's description is in its own label beside the box (the widget-label holds a zero-width space)
        const labels = [own.querySelector(':scope > .widget-label'), own.querySelector('.widget-label-basic')];
        const text = labels.map(l => l && l.textContent.replace(/\u200b/g, '').trim()).find(Boolean);
        // a group of toggle buttons without a description: by its first button's name ("Burglary not observed")
        const first = c.classList.contains('widget-toggle-buttons') && c.querySelector('button');
        found.push({output: i, control: j, kind: window.__kindOf(c),
                    name: c.getAttribute('aria-label') || text
                          || (first && (first.getAttribute('aria-label') || first.title)) || c.textContent.trim()});
    }));
    return found;
}"""

HELPERS_JS = r"""() => {
    window.__kindOf = c => c.classList.contains('noUi-handle') ? 'slider'
        : c.tagName === 'SELECT' ? (c.multiple ? 'list' : 'dropdown')
        : c.classList.contains('widget-toggle-buttons') ? 'buttons'
        : c.type === 'checkbox' ? 'checkbox' : c.type === 'number' ? 'number' : 'text';
    window.__controlsOf = out => [...out.querySelectorAll(
        '.noUi-handle, select, input[type=checkbox], input[type=text], input[type=number], textarea, .widget-toggle-buttons')]
        .filter(c => c.getClientRects().length && !c.disabled && !c.closest('[disabled]') && !c.closest('.widget-readout'));
    // the outputs that show a view (the bench's baseline slider is not one)
    window.__outputs = () => [...document.querySelectorAll('.jp-Notebook .jp-OutputArea-output')]
        .filter(o => o.querySelector('.jupyter-widgets') && !o.querySelector('.nbteach-bench-baseline'));
    window.__find = ([i, j]) => {
        const out = window.__outputs()[i];
        return [out, window.__controlsOf(out)[j]];
    };
    return true;
}"""

# Watch one control: event times on it, change times of the rest of its view.
WATCH_JS = r"""([path, baseline]) => {
    let out, control;
    if (baseline) {
        out = [...document.querySelectorAll('.jp-Notebook .jp-OutputArea-output')].find(o => o.querySelector('.nbteach-bench-baseline'));
        control = out.querySelector('.noUi-handle');
    } else {
        [out, control] = window.__find(path);
    }
    if (window.__observer) window.__observer.disconnect();
    // the control's own element (a group of toggle buttons is its own element: its closest
    // .jupyter-widgets is the box around it, where lesson 11's card shows the clicked node's value)
    const own = control.classList.contains('widget-toggle-buttons') ? control : control.closest('.jupyter-widgets');
    window.__lat = {start: [], change: []};
    window.__arm = () => { window.__lat = {start: [], change: []}; };
    for (const type of ['keydown', 'mousedown', 'change', 'input']) {
        own.addEventListener(type, () => window.__lat.start.push(performance.now()), true);
    }
    window.__observer = new MutationObserver(muts => {
        if (muts.some(m => !own.contains(m.target))) window.__lat.change.push(performance.now());
    });
    window.__observer.observe(out, {subtree: true, childList: true, characterData: true, attributes: true});
    control.scrollIntoView({block: 'center'});
    return true;
}"""

CHANGED_JS = "() => window.__lat.start.length > 0 && window.__lat.change.some(t => t > window.__lat.start[0])"
RESULT_JS = """() => { const s = window.__lat.start[0], after = window.__lat.change.filter(t => t > s);
    return [Math.min(...after) - s, Math.max(...after) - s, performance.now() - Math.max(...after)]; }"""


def operate(page, handle, kind, k):
    """The k-th operation on one control (alternating, so that values stay near where they were)."""
    if kind == "slider":
        # ArrowRight on even k, ArrowLeft on odd k; a slider at an end of its range is pressed
        # the other way (a press that cannot move it is never made)
        at_top, at_bottom = handle.evaluate(
            "h => [Number(h.getAttribute('aria-valuenow')) >= Number(h.getAttribute('aria-valuemax')),"
            " Number(h.getAttribute('aria-valuenow')) <= Number(h.getAttribute('aria-valuemin'))]")
        handle.focus()
        page.evaluate("window.__arm()")
        page.keyboard.press("ArrowLeft" if at_top or (k % 2 and not at_bottom) else "ArrowRight")
    elif kind in ("dropdown", "list"):
        values = handle.evaluate("s => [...s.options].map(o => o.value)")
        current = handle.evaluate("s => s.selectedIndex")
        page.evaluate("window.__arm()")
        handle.select_option(values[(current + 1) % len(values)])
    elif kind == "buttons":
        buttons = handle.query_selector_all("button")
        current = next((i for i, b in enumerate(buttons) if "mod-active" in (b.get_attribute("class") or "")), -1)
        page.evaluate("window.__arm()")
        buttons[(current + 1) % len(buttons) if current >= 0 else min(1, len(buttons) - 1)].click()
    elif kind == "checkbox":
        handle.focus()
        page.evaluate("window.__arm()")
        page.keyboard.press("Space")
    elif kind == "number":
        # Chromium sends a number box's value (a change event) as soon as an arrow key steps it
        handle.focus()
        page.evaluate("window.__arm()")
        page.keyboard.press("ArrowDown" if k % 2 else "ArrowUp")
    else:
        # a text box: the message's first word typed again at its end (one input event, so one
        # update; a word the view knows, so the view must change), then deleted with Backspace
        word = " " + handle.evaluate("e => (e.value.match(/[A-Za-z]{2,}/) || ['word'])[0]")
        handle.focus()
        if k % 2 == 0:
            page.keyboard.press("End")
            page.evaluate("window.__arm()")
            page.keyboard.insert_text(word)
        else:
            handle.evaluate("(e, n) => e.setSelectionRange(e.value.length - n, e.value.length)", len(word))
            page.evaluate("window.__arm()")
            page.keyboard.press("Backspace")


def controls(page):
    """The controls on the page: dicts with ``output``, ``control`` (the path), ``kind``, ``name``."""
    page.evaluate(HELPERS_JS)
    return page.evaluate(CONTROLS_JS)


def path_of(control):
    return [control["output"], control["control"]]


def handle_of(page, path):
    """The element of the control at ``path`` ([output index, control index])."""
    return page.evaluate_handle("p => window.__find(p)[1]", path).as_element()


def drive_once(page, control, k=0, timeout_ms=20_000) -> bool:
    """Operate ``control`` once; True if its view changed within ``timeout_ms``."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.evaluate(WATCH_JS, [path_of(control), False])
    operate(page, handle_of(page, path_of(control)), control["kind"], k)
    try:
        page.wait_for_function(CHANGED_JS, timeout=timeout_ms)
    except PlaywrightTimeout:
        return False
    return True
