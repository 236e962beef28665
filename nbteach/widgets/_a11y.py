"""Accessible names for the lessons' controls.

ipywidgets 8 draws a slider with noUiSlider, whose handle (the element a screen reader and
the keyboard reach) has role "slider" but no name: it is announced as just "slider". Its
value is announced from ``aria-valuetext``, which noUiSlider writes itself: one decimal
(0.01 is read as "0.0") and, on a log slider, the exponent (alpha 0.1 is read as "-1").
The readout box beside the handle, which a student can type into, has no name either.

:class:`AccessibleNames` is a small anywidget, hidden, shown with every view. In the
browser it watches the page and gives every ipywidgets slider handle the slider's
description as its name (``aria-label``) and the readout's text as its value text (what the
student sees: "0.01", the log slider's alpha, not its exponent), and names the readout box
"<description> value" ("<description> 数值" in Chinese). A toggle button (ipywidgets'
ToggleButtons) is named by its text, and a screen reader reads its tooltip, if at all, after it:
lesson 11's network explorer has five groups of "?", "True", "False". The helper names each
button that has a tooltip by the tooltip ("Burglary not observed", "observe Burglary = True"),
after the button's text where the tooltip does not hold it. It only sets attributes; nothing is
drawn and no control changes. It works for every slider and toggle button on the page, also
those a student makes.

Every view of the lessons (an ``Explorer``, :mod:`nbteach.widgets._explorer`) is shown beside it.
"""
from __future__ import annotations

import ipywidgets as w
import traitlets

from nbteach.widgets._html import bilingual

__all__ = ["AccessibleNames", "accessible"]

_ESM = r"""
function nameOf(slider) {
  const label = slider.querySelector(':scope > .widget-label');
  return label ? label.textContent.trim() : '';
}
function fix(slider) {
  const handle = slider.querySelector('.noUi-handle');
  if (!handle) return;
  const name = nameOf(slider);
  if (name && handle.getAttribute('aria-label') !== name) handle.setAttribute('aria-label', name);
  const readout = slider.querySelector('.widget-readout');
  if (!readout) return;
  const shown = readout.textContent.trim();
  if (shown && handle.getAttribute('aria-valuetext') !== shown) handle.setAttribute('aria-valuetext', shown);
  const word = window.__nbteachValueWord || 'value';
  const boxName = name ? name + ' ' + word : word;
  if (readout.getAttribute('aria-label') !== boxName) readout.setAttribute('aria-label', boxName);
  if (readout.getAttribute('role') !== 'textbox') readout.setAttribute('role', 'textbox');
}
function nameButton(button) {
  // a toggle button is named by its text ("?", "True"); its tooltip says what it does
  const title = button.getAttribute('title');
  if (!title) return;
  const shown = button.textContent.trim();
  const name = !/[\p{L}\p{N}]/u.test(shown) || title.includes(shown) ? title : shown + ': ' + title;
  if (button.getAttribute('aria-label') !== name) button.setAttribute('aria-label', name);
}
function scan(node) {
  if (!(node instanceof Element)) return;
  const group = node.closest('.widget-toggle-buttons');
  if (group) { group.querySelectorAll('button[title]').forEach(nameButton); return; }
  const own = node.closest('.widget-slider');
  if (own) { fix(own); return; }
  node.querySelectorAll('.widget-slider').forEach(fix);
  node.querySelectorAll('.widget-toggle-buttons button[title]').forEach(nameButton);
}
function install() {
  if (window.__nbteachAccessibleNames) return;
  window.__nbteachAccessibleNames = new MutationObserver(mutations => {
    for (const m of mutations) {
      scan(m.target.nodeType === 1 ? m.target : m.target.parentElement);
      m.addedNodes.forEach(scan);
    }
  });
  window.__nbteachAccessibleNames.observe(document.body, {
    subtree: true, childList: true, characterData: true,
    attributes: true, attributeFilter: ['aria-valuetext'],
  });
  scan(document.body);
}
export default {
  render({ model, el }) {
    window.__nbteachValueWord = model.get('value_word') || 'value';   // the student's language
    el.style.display = 'none';
    el.setAttribute('aria-hidden', 'true');
    install();
  },
};
"""


def _widget_class():
    import anywidget  # heavy and optional: only the accessible-names widget needs anywidget

    class AccessibleNames(anywidget.AnyWidget):
        """Hidden; in the browser, names the page's slider handles and readouts (see module)."""

        _esm = _ESM
        #: the word after a slider's description that names its readout box ("value", "数值")
        value_word = traitlets.Unicode("value").tag(sync=True)

    return AccessibleNames


_CLASS = None


def AccessibleNames():  # noqa: N802 (a class made on first use: anywidget is imported late)
    """A new hidden :class:`AccessibleNames` widget (its readout word in the student's language)."""
    global _CLASS
    if _CLASS is None:
        _CLASS = _widget_class()
    return _CLASS(value_word=bilingual("value", "数值"))


def accessible(box):
    """``box`` with the hidden accessibility helper beside it (a VBox of the two)."""
    return w.VBox([box, AccessibleNames()], layout=w.Layout(overflow="visible"))
