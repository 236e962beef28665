"""The base class of every view of the lessons, and the lock under which a view changes.

An :class:`Explorer` keeps its view in ``self.widget`` and is shown with the accessibility
helper beside it (:func:`nbteach.widgets._a11y.accessible`). Each view takes one change at a
time: its redraws, the browser's messages to its widgets and its making run under
:data:`ONE_CHANGE_AT_A_TIME` (the comment there says why), and what it computed while a control
changed is never kept (:meth:`Explorer._keep`).
"""
from __future__ import annotations

import functools
import re
import threading

import IPython.display
import ipywidgets as w

from nbteach.widgets._a11y import accessible

__all__ = ["Explorer", "ONE_CHANGE_AT_A_TIME"]


def _slug(text) -> str:
    # CamelCase to words, an acronym's last capital starting the next word: DSeparationExplorer -> d-separation-explorer
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "-", str(text))
    return re.sub(r"[^a-z0-9]+", "-", words.lower()).strip("-")


#: The lock every view's change runs under. JupyterLab 4.6 (its default commsOverSubshells,
#: "perCommTarget") sends widget messages to a kernel subshell, and ipykernel 7 runs a comm's
#: message in the thread that comm last replied from: the main shell's for a control not moved yet,
#: the subshell's after. Two controls of one view moved in quick succession were then changed by
#: two threads at once, and a view read them half before and half after the other's change: lesson
#: 02's table showed "P(Cough=no | c)" with the numbers of Cough=yes, and kept that table for the
#: patient it was made for. Under this lock a change from the browser (the control's new value and
#: the view redrawn for it) is whole before the next begins, as in a kernel without subshells. A
#: cell's assignment to a control does not wait for it (only the redraw it causes does): what a
#: view computed while a control changed is shown until that redraw, and never kept
#: (Explorer._keep). One lock for every view (re-entrant: a redraw may set a control), so that no
#: two views can wait on each other.
ONE_CHANGE_AT_A_TIME = threading.RLock()


def _one_at_a_time(method):
    @functools.wraps(method)
    def serial(self, *args, **kwargs):
        with ONE_CHANGE_AT_A_TIME:
            before = getattr(self, "_controls_then", None)
            self._controls_then = self._controls_now()
            try:
                return method(self, *args, **kwargs)
            finally:
                self._controls_then = before

    return serial


class _SetStateUnderLock:
    """A widget's ``set_state`` (what a message from the browser calls), run under
    :data:`ONE_CHANGE_AT_A_TIME`. A class, not a closure, so that a view still pickles (a
    student's function answer that uses a lesson's explorer is recorded with cloudpickle)."""

    def __init__(self, widget):
        self.widget = widget

    def __call__(self, sync_data):
        with ONE_CHANGE_AT_A_TIME:
            return type(self.widget).set_state(self.widget, sync_data)


def _guarded_set_state(widget):
    """Give ``widget`` a ``set_state`` that runs under :data:`ONE_CHANGE_AT_A_TIME`; idempotent."""
    if "set_state" not in vars(widget):
        widget.set_state = _SetStateUnderLock(widget)


def _widgets_of(value, seen):
    """Every ipywidgets widget in ``value`` (a widget and its children, or a dict, list or tuple
    of them), each once."""
    if isinstance(value, w.Widget):
        if id(value) in seen:
            return
        seen.add(id(value))
        yield value
        for child in getattr(value, "children", ()) or ():
            yield from _widgets_of(child, seen)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _widgets_of(item, seen)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _widgets_of(item, seen)


class Explorer:
    """The lessons' views: ``self.widget`` is the view; a notebook cell shows it with the
    accessibility helper (``display(explorer)`` or the explorer as a cell's last line).

    Stable hooks for tests and for a teacher's own styling, set when the view is shown: the
    view's box has the CSS class ``nbteach-<explorer>`` (``nbteach-bayes-explorer``, ...), and
    every widget the explorer keeps as an attribute has ``nbteach-<attribute>``
    (``nbteach-view``, ``nbteach-numbers``, ``nbteach-prior-slider``; in a dict of widgets,
    ``nbteach-<attribute>-<key>``: ``nbteach-dropdowns-cough``). Classes, not ids: a page
    may show the same explorer twice."""

    widget = None

    #: the methods of a view that change it (the controls' observers call them), run under
    #: :data:`ONE_CHANGE_AT_A_TIME`, as is every message from the browser to the view's widgets
    #: and the making of the view (whose widgets are then guarded)
    CHANGES = ("update", "_update", "_set")

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name in cls.CHANGES:
            if name in vars(cls):
                setattr(cls, name, _one_at_a_time(vars(cls)[name]))
        if "__init__" in vars(cls):
            made = vars(cls)["__init__"]

            @functools.wraps(made)
            def __init__(self, *args, **kwargs):
                with ONE_CHANGE_AT_A_TIME:
                    made(self, *args, **kwargs)
                    self.one_change_at_a_time()

            cls.__init__ = __init__

    def one_change_at_a_time(self):
        """Make every message from the browser to this view's widgets (those in ``self.widget``
        and those it keeps as attributes) run under :data:`ONE_CHANGE_AT_A_TIME`, with the
        redraw it causes; called when the view is made and when it is shown. Returns the view."""
        seen, controls = set(), []
        for value in [self.widget, *vars(self).values()]:
            for widget in _widgets_of(value, seen):
                _guarded_set_state(widget)
                if isinstance(widget, w.ValueWidget) and widget.has_trait("disabled"):
                    controls.append(widget)      # what a student sets (not a view's HTML)
        self._controls = tuple(controls)
        return self.widget

    def _controls_now(self):
        return tuple(c.value for c in getattr(self, "_controls", ()))

    #: how many settings a view keeps what it showed for (a view may set its own)
    KEPT = 128

    def _keep(self, store, key, value):
        """Keep ``value`` under ``key`` in ``store`` (a dict, oldest first), forgetting the oldest
        entry past ``KEPT``: what a view showed for a setting, answered again from memory when a
        student moves a control back. Returns ``value``.

        Not kept if a control changed while ``value`` was computed: a cell running in another
        thread than the browser's messages (ipykernel's subshells) sets a control outside
        :data:`ONE_CHANGE_AT_A_TIME` (only its redraw waits for the lock), and ``value`` may
        then mix the settings before and after; the redraw that follows shows and keeps the
        right one."""
        then = getattr(self, "_controls_then", None)
        if then is not None and self._controls_now() != then:
            return value
        store[key] = value
        if len(store) > self.KEPT:
            del store[next(iter(store))]
        return value

    def tag(self):
        """Set the CSS classes above (idempotent); returns the view."""
        self.one_change_at_a_time()
        self.widget.add_class("nbteach-" + _slug(type(self).__name__))
        for name, value in vars(self).items():
            if name == "widget":
                continue
            items = value.items() if isinstance(value, dict) else [(None, value)]
            for key, widget in items:
                if isinstance(widget, w.DOMWidget):
                    widget.add_class("-".join(["nbteach", _slug(name)] + ([_slug(key)] if key is not None else [])))
        return self.widget

    def _ipython_display_(self):
        IPython.display.display(accessible(self.tag()))
