"""A view takes one change at a time, also when two threads change its controls.

JupyterLab 4.6 (its default commsOverSubshells, "perCommTarget") sends widget messages to a
kernel subshell, and ipykernel 7 runs a comm's message in the thread that comm last replied
from: the main shell's for a control not moved yet, the subshell's after. Lesson 02's browser
test once moved three dropdowns quickly: one was changed on the main thread while another
changed on the subshell's, and the table showed "P(Cough=no | c)" with the numbers of Cough=yes
(and kept it for that patient). Here two threads send the browser's messages (``set_state``) to
two controls of one view, with the interpreter switching threads as often as it can.
"""
import contextlib
import random
import sys
import threading

import pytest

from nbteach.widgets import _explorer


@contextlib.contextmanager
def _switching_threads_often():
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def _in_two_threads(*drives):
    threads = [threading.Thread(target=drive) for drive in drives]
    with _switching_threads_often():
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()


def _moves(control, seed, n=300):
    """What the browser sends for ``n`` random choices of a dropdown or toggle buttons."""
    rng = random.Random(seed)
    return lambda: [control.set_state({"index": rng.randrange(len(control.options))}) for _ in range(n)]


def _flu_table():
    from nbteach import CategoricalNB, flu_cold
    from nbteach.datasets import FLU_COLD_QUERIES
    from nbteach.widgets import table_explorer

    df = flu_cold()
    X, y = df.drop(columns="Diagnosis"), df["Diagnosis"]
    model = CategoricalNB(exact=True).fit(X, y)

    def fresh(sample):
        return table_explorer(model, X, sample=sample)

    return fresh(FLU_COLD_QUERIES["first"]), fresh


def _wrong_tables(ex, fresh):
    """The tables ``ex`` shows or kept that differ from a view made afresh for the same patient."""
    wrong = [] if ex.view.value == fresh(ex.sample()).view.value else ["shown"]
    for key, (_, html) in ex._kept.items():
        if html != fresh(dict(key[1:])).view.value:
            wrong.append(dict(key[1:]))
    return wrong


def test_two_dropdowns_moved_by_two_threads_leave_every_table_right():
    ex, fresh = _flu_table()
    ex.tag()                        # as shown in a notebook
    _in_two_threads(_moves(ex.dropdowns["Sore"], 1), _moves(ex.dropdowns["Cough"], 2))
    assert len(ex._kept) > 2        # both dropdowns moved
    assert _wrong_tables(ex, fresh) == []


class _NoLock:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_without_the_lock_the_same_moves_show_a_wrong_table(monkeypatch):
    """The test above can fail: with the lock taken away, the same two threads leave a table
    that mixes two patients (tried up to 30 times; with the lock taken away, the test above's
    check found a wrong table in 4 runs of 5)."""
    monkeypatch.setattr(_explorer, "ONE_CHANGE_AT_A_TIME", _NoLock())
    for attempt in range(30):
        ex, fresh = _flu_table()
        _in_two_threads(_moves(ex.dropdowns["Sore"], 2 * attempt), _moves(ex.dropdowns["Cough"], 2 * attempt + 1))
        if _wrong_tables(ex, fresh):
            return
    pytest.fail("30 runs of two threads without the lock never mixed two patients: the test above proves nothing")


def test_observations_toggled_by_two_threads_leave_the_network_right():
    """Lesson 11: each toggle's observer writes its value into the evidence (from the change
    itself, not from the buttons); the evidence and the view end as the buttons say."""
    from nbteach.bayesnet import burglary
    from nbteach.widgets import network_explorer

    ex = network_explorer(burglary(), gibbs=False)
    _in_two_threads(_moves(ex.buttons["JohnCalls"], 3, n=150), _moves(ex.buttons["Alarm"], 4, n=150))
    shown = {v: b.value for v, b in ex.buttons.items() if b.index != 0}
    assert ex.evidence == shown
    again = network_explorer(burglary(), gibbs=False)
    again.set_evidence(**shown)
    assert (ex.sheet.value, ex.message.value) == (again.sheet.value, again.message.value)


def test_every_view_guards_the_messages_to_its_widgets():
    """Every explorer of the lessons' views: each widget of its tree takes the browser's
    messages under the lock, and its redraws run under it."""
    from test_widgets import _views_to_move

    for ex, *_ in _views_to_move():
        widgets = list(_explorer._widgets_of(ex.widget, set()))
        assert len(widgets) > 2
        unguarded = [type(wd).__name__ for wd in widgets if "set_state" not in vars(wd)]
        assert unguarded == [], f"{type(ex).__name__}: {unguarded}"
        changes = [name for name in _explorer.Explorer.CHANGES if hasattr(type(ex), name)]
        assert changes and all(hasattr(getattr(type(ex), name), "__wrapped__") for name in changes), type(ex)


def _cell_moves(control, seed, n=300):
    """What a cell does: set the control in the kernel (not a message from the browser)."""
    rng = random.Random(seed)
    return lambda: [setattr(control, "index", rng.randrange(len(control.options))) for _ in range(n)]


def test_a_cell_and_the_browser_changing_two_dropdowns_at_once_keep_no_wrong_table():
    """A cell runs on the main thread while the browser's messages run on the subshell's: the
    cell's assignment does not wait for the lock (only its redraw does), so a view computed
    meanwhile may mix two patients; it is not kept, and the redraw after it is right."""
    for attempt in range(3):
        ex, fresh = _flu_table()
        ex.tag()
        _in_two_threads(_moves(ex.dropdowns["Sore"], 2 * attempt), _cell_moves(ex.dropdowns["Cough"], 2 * attempt + 1))
        assert len(ex._kept) > 2
        assert _wrong_tables(ex, fresh) == []


def test_a_view_still_pickles_for_a_function_answer():
    """A student's function answer is recorded with cloudpickle (nbteach.check.serial), and one
    that uses a lesson's explorer takes the explorer with it: the guarded widgets pickle."""
    import cloudpickle

    from nbteach.check.serial import encode
    from nbteach.widgets import bayes_explorer

    ex = bayes_explorer()
    ex.tag()
    assert "set_state" in vars(ex.prior_slider)
    assert cloudpickle.dumps(ex)
    assert encode(lambda: ex.posterior)["v"] is not None
