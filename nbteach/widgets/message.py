"""Type a message: what a fitted TextNB makes of it, word by word, as you type.

The view is :meth:`nbteach.text.TextNB.explain`: each word's count and its contribution
to the log odds (the first class against the second), unknown words marked as ignored,
the prior, the total and the posterior. A bar per word shows its push, towards which
class and how hard.

Where a keystroke's time goes (lesson 06, traced against the bench's baseline slider on the
same page): the view's answer is one HTML message, drawn in under 1 ms, and the only change
outside the text box. Explaining a new message is most of the kernel's share (about 2 of 2.6 ms
on a quiet core, :meth:`~nbteach.text.TextNB.explain`); a message shown before comes from what
was kept. The rest is the browser's own work for a keystroke in a text box, which a slider does
not have: Backspace's input event comes 2-3 ms after its keydown, and the edit's layout,
JupyterLab's selection handlers and the frame that draws the typed text end 15-25 ms after the
key, so a kernel's answer that arrives meanwhile waits for them.
"""
from __future__ import annotations

import warnings

import numpy as np

from nbteach._base import NbteachError
from nbteach.i18n import get_language
from nbteach.widgets._html import ERROR, bar, esc, message_box, bilingual, view_html
from nbteach.widgets._explorer import Explorer
from nbteach.i18n import tr

__all__ = ["MessageExplorer", "message_explorer"]

_TOWARDS = ("#0072B2", "#E69F00")       # Okabe-Ito blue / orange: colour-blind safe


class MessageExplorer(Explorer):
    """A text box over a fitted two-class :class:`nbteach.text.TextNB`.

    Attributes
    ----------
    text : Text widget
    view : HTML
    table : the last explain() DataFrame (None when the message has no word)

    A message shown before (a word typed, then deleted) is shown again from what was kept (the
    last ``KEPT`` messages, per language and per fit of the model), without explaining it again.
    """

    def __init__(self, model, message=""):
        if not hasattr(model, "feature_log_prob_") or not hasattr(model, "explain"):
            raise NbteachError(tr({"en": "message_explorer needs a fitted TextNB: call .fit(documents, labels) first.",
                                   "zh": "message_explorer 需要一个已拟合的 TextNB：请先调用 .fit(documents, labels)。"}))
        if len(model.classes_) != 2:
            raise NbteachError(tr({"en": f"message_explorer shows the log odds of two classes; the model has "
                                         f"{list(model.classes_)}.",
                                   "zh": f"message_explorer 显示两个类别的对数几率；这个模型的类别是 {list(model.classes_)}。"}))
        self.model = model
        self.classes = [str(c) for c in model.classes_]
        self._kept, self._kept_for = {}, None
        message_box(self, message)
        self.table = None
        self.update()

    #: how many messages the view keeps what it showed for
    KEPT = 128

    def update(self):
        # a message shown before is shown again from what was kept (a word typed and deleted):
        # the model's explanation as fitted then, so a model fitted again explains afresh
        fitted = getattr(self.model, "feature_log_prob_", None)
        if fitted is not self._kept_for:
            self._kept, self._kept_for = {}, fitted
        key = (self.text.value, get_language())
        kept = self._kept.get(key)
        if kept is None:
            kept = self._keep(self._kept, key, self._explained())
        self.table, self.view.value = kept

    def _explained(self):
        """(the model's explain() table of the message, or None, and the view's HTML for it)."""
        c0, c1 = self.classes
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                t = self.model.explain(self.text.value)
        except NbteachError:
            return None, view_html(f"<p style='color:{ERROR}'>" + bilingual("Type a message with at least one word.",
                                                                      "请输入至少含一个词的消息。") + "</p>")
        # the words' rows, read as arrays (a row at a time through pandas cost about as much as
        # the explanation itself)
        kinds = t["kind"].to_numpy()
        rows_of_words = (kinds == "word") | (kinds == "unknown: ignored")
        push = t["log-odds"].to_numpy(dtype=float)[rows_of_words]
        scale = max(1e-9, float(np.max(np.abs(push))) if len(push) else 1.0)
        ignored = bilingual("<i>not in the vocabulary: ignored</i>", "<i>不在词汇表中：忽略</i>")
        rows = []
        for w, count, kind, p in zip(t.index[rows_of_words], t["count"].to_numpy()[rows_of_words],
                                     kinds[rows_of_words], push):
            if kind != "word":
                rows.append(f"<tr><td>{esc(w)}</td><td>{int(count)}</td><td colspan='2'>{ignored}</td></tr>")
                continue
            towards = c0 if p > 0 else c1
            colour = _TOWARDS[0] if p > 0 else _TOWARDS[1]
            rows.append(f"<tr><td>{esc(w)}</td><td>{int(count)}</td><td>{p:+.3f}</td>"
                        f"<td>{bar(abs(p) / scale, colour, 90)} {esc(towards)}</td></tr>")
        prior = float(t.loc["(prior)", "log-odds"])
        total = float(t.loc["(total = joint log-likelihood)", "log-odds"])
        post = float(t.loc["(posterior P(c|x))", c0])
        return t, view_html(
            f"<p>P({esc(c0)} | {bilingual('message', '消息')}) = <b>{post:.4f}</b> {bar(post, _TOWARDS[0])}</p>"
            + bilingual(f"<table><tr><th>word</th><th>count</th><th>adds to log odds {esc(c0)} : {esc(c1)}</th>"
                  f"<th>pushes towards</th></tr>",
                  f"<table><tr><th>词</th><th>次数</th><th>对 {esc(c0)} : {esc(c1)} 对数几率的贡献</th>"
                  f"<th>推向</th></tr>")
            + ''.join(rows)
            + bilingual(f"<tr><td><i>prior</i></td><td></td><td>{prior:+.3f}</td><td></td></tr>"
                  f"<tr><td><b>total</b></td><td></td><td><b>{total:+.3f}</b></td><td></td></tr></table>",
                  f"<tr><td><i>先验概率</i></td><td></td><td>{prior:+.3f}</td><td></td></tr>"
                  f"<tr><td><b>总和</b></td><td></td><td><b>{total:+.3f}</b></td><td></td></tr></table>"))


def message_explorer(model, message=""):
    """Make a :class:`MessageExplorer` (see there).

    >>> from nbteach.text import TextNB
    >>> nb = TextNB().fit(["cheap pills now", "cheap offer", "lunch at noon", "team lunch"],
    ...                   ["spam", "spam", "ham", "ham"])
    >>> ex = message_explorer(nb, "cheap lunch")
    >>> ex.text.value = "cheap cheap pills"
    >>> round(float(ex.table.loc["(posterior P(c|x))", "spam"]), 3) > 0.5
    True
    """
    return MessageExplorer(model, message)
