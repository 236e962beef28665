"""Lesson 08's "shared variance" checkbox greys out class 1's sd sliders in the browser at once
(nbteach.widgets.gaussian_boundary.GreyOut): its browser code, run in Chromium on stand-in
widget models (no JupyterLab), sets the sliders' ``disabled`` as the checkbox changes, after the
click's own task, and sends nothing to the kernel. The kernel's side (it sets the same state, its
messages after the figure's) is tests/test_svg_figure.py's."""
from __future__ import annotations

import base64

import pytest

from test_browser import CHROMIUM, FLAGS

pytestmark = [pytest.mark.xdist_group("browser")]
if not CHROMIUM:
    pytestmark.append(pytest.mark.skip(reason="chromium is not installed (apt-get install -y chromium)"))

# stand-ins for ipywidgets' browser models: get/set/on/off as Backbone's, every save or send recorded
RUN = r"""async ([esm, source, targets]) => {
    const sent = [];
    const fake = (id, state) => {
        const listeners = {};
        return {id, state, get: k => state[k],
                set(k, v) { const old = state[k]; state[k] = v; if (old !== v) (listeners['change:' + k] || []).forEach(f => f()); },
                on(e, f) { (listeners[e] = listeners[e] || []).push(f); },
                off(e, f) { listeners[e] = (listeners[e] || []).filter(g => g !== f); },
                save_changes() { sent.push(id); }, send() { sent.push(id); }};
    };
    const models = {cb: fake('cb', {value: true}), s0: fake('s0', {disabled: true}), s1: fake('s1', {disabled: true}),
                    other: fake('other', {disabled: false})};
    const own = fake('own', {source, targets});
    own.widget_manager = {get_model: async id => models[id]};
    const mod = await import(esm);
    const cleanup = await mod.default.initialize({model: own});
    const seen = [];
    models.cb.set('value', false);                       // a click unticks the box
    seen.push(['same task', models.s0.get('disabled'), models.s1.get('disabled')]);
    await Promise.resolve();
    seen.push(['after', models.s0.get('disabled'), models.s1.get('disabled'), models.other.get('disabled')]);
    models.cb.set('value', true);                        // ticked again
    await Promise.resolve();
    seen.push(['ticked', models.s0.get('disabled'), models.s1.get('disabled')]);
    cleanup();                                           // the widget closed: the box no longer drives them
    models.cb.set('value', false);
    await Promise.resolve();
    seen.push(['closed', models.s0.get('disabled'), models.s1.get('disabled')]);
    return {seen, sent};
}"""


def test_the_checkbox_greys_out_its_sliders_in_the_browser_after_its_click_and_sends_nothing():
    from playwright.sync_api import sync_playwright

    from nbteach.widgets.gaussian_boundary import boundary_explorer

    ex = boundary_explorer()
    state = ex.grey_out.get_state()
    # the widget ties the explorer's checkbox to class 1's two sd sliders, and is part of the view
    assert state["source"] == f"IPY_MODEL_{ex.shared.model_id}"
    assert state["targets"] == [f"IPY_MODEL_{ex.sd_sliders[1, j].model_id}" for j in (0, 1)]
    assert ex.grey_out in ex.widget.children
    esm = "data:text/javascript;base64," + base64.b64encode(ex.grey_out._esm.encode()).decode()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            page = browser.new_page()
            out = page.evaluate(RUN, [esm, "IPY_MODEL_cb", ["IPY_MODEL_s0", "IPY_MODEL_s1"]])
        finally:
            browser.close()
    assert out["seen"] == [["same task", True, True],          # the click's own task runs first
                           ["after", False, False, False],     # then both sliders follow the box
                           ["ticked", True, True],
                           ["closed", True, True]]
    assert out["sent"] == []                                   # nothing saved or sent to the kernel
