"""The spam filter's loss matrix, edited live: threshold, confusion matrix and risk move.

A naive Bayes model is fitted once; each edit of the 2x2 loss recomputes only the
decisions (``nbteach.decision``): the posterior threshold t from the costs, the Bayes
decisions on held-out mail, their confusion matrix, and the risk (the mean cost per e-mail)
of those decisions against the plain argmax at t = 1/2, beside the risk the model expects
from its own posteriors. A negative cost, or a right
decision that costs more than the wrong one, is refused with a message in the view; the
last valid view stays.

One edit, one message: the view's text and table are one ``HTML`` value, and the theme's colour
rules ride on a widget that never changes (a ``<style>`` element re-inserted with the numbers at
every edit made the browser recompute the style of the whole page). A loss shown before is shown
again from what was kept (a box stepped up and down), and the scores of the same decisions (the
threshold moved between the same two posteriors) are looked up, not counted again.
"""
from __future__ import annotations

import ipywidgets as w
import numpy as np

from nbteach._base import NbteachError
from nbteach.decision import bayes_decision, bayes_risk, decision_risk, threshold_from_loss
from nbteach.i18n import get_language
from nbteach.metrics import confusion_table, precision_recall_f1
from nbteach.widgets._explorer import Explorer
from nbteach.widgets._html import ERROR, esc, bilingual, theme_holder, view_html
from nbteach.i18n import tr

__all__ = ["LossExplorer", "loss_explorer"]


class LossExplorer(Explorer):
    """Four cost boxes over a fitted model's held-out posteriors.

    Attributes
    ----------
    costs : dict (decision, truth) -> FloatText, keys are class labels
    view : HTML, threshold, confusion matrix, precision/recall and risks
    message : HTML, why an edit was refused (empty when all is well)
    result : dict of the last valid numbers (threshold, confusion, risk, ...)
    """

    def __init__(self, model, X_test, y_test, positive=None, loss=None):
        if not hasattr(model, "classes_"):
            raise NbteachError(tr({"en": "loss_explorer needs a fitted model: call .fit(X_train, y_train) first.",
                                   "zh": "loss_explorer 需要一个已拟合的模型：请先调用 .fit(X_train, y_train)。"}))
        classes = list(model.classes_)
        if len(classes) != 2:
            raise NbteachError(tr({"en": f"loss_explorer takes a two-class model; this one has {classes}.",
                                   "zh": f"loss_explorer 需要一个二分类模型；这个模型的类别是 {classes}。"}))
        positive = classes[1] if positive is None else positive
        if positive not in classes:
            raise NbteachError(tr({"en": f"positive={positive!r} is not one of the model's classes {classes}.",
                                   "zh": f"positive={positive!r} 不是模型的类别 {classes} 之一。"}))
        negative = classes[0] if classes[1] == positive else classes[1]
        self.classes, self.positive, self.negative = classes, positive, negative
        self.posterior = model.predict_proba(X_test)
        self.y_test = np.asarray(y_test)
        if loss is None:
            loss = [[0, 1], [1, 0]]
        loss = np.asarray(loss, dtype=float)
        if loss.shape != (2, 2):
            raise NbteachError(tr({"en": f"loss must be 2x2 (rows: decision, columns: truth), got shape {loss.shape}.",
                                   "zh": f"loss 必须是 2x2 的（行：决策，列：真实类别），你给的形状是 {loss.shape}。"}))
        if np.any(loss < 0) or np.any(loss > 1000):
            raise NbteachError(tr({"en": "every cost must lie between 0 and 1000 (the boxes' range), got "
                                         f"{loss.tolist()}.",
                                   "zh": f"每个代价都必须在 0 到 1000 之间（输入框的范围），你给的是 {loss.tolist()}。"}))
        lay = w.Layout(width="360px")
        style = {"description_width": "initial"}
        labels = {
            (negative, negative): bilingual(f"cost of calling {negative} {negative} (right)",
                                      f"把 {negative} 判为 {negative} 的损失（正确）"),
            (negative, positive): bilingual(f"cost of calling {positive} {negative} (missed {positive})",
                                      f"把 {positive} 判为 {negative} 的损失（漏掉 {positive}）"),
            (positive, negative): bilingual(f"cost of calling {negative} {positive} (false alarm)",
                                      f"把 {negative} 判为 {positive} 的损失（误报）"),
            (positive, positive): bilingual(f"cost of calling {positive} {positive} (right)",
                                      f"把 {positive} 判为 {positive} 的损失（正确）"),
        }
        self.costs = {}
        for (d, t), text in labels.items():
            i, j = classes.index(d), classes.index(t)
            # a plain FloatText: a negative cost is refused with a message, never clamped silently
            self.costs[d, t] = w.FloatText(value=float(loss[i, j]), step=0.5,
                                           description=text, style=style, layout=lay)
            self.costs[d, t].observe(lambda change: self.update(), names="value")
        self.view = w.HTML()
        self.message = w.HTML()
        # the theme's colour rules (the message's error colour), once: a widget with nothing to
        # show, beside the boxes, that never changes
        self.theme = theme_holder()
        order = [(negative, negative), (positive, negative), (negative, positive), (positive, positive)]
        self.widget = w.VBox([w.HBox([w.VBox([self.costs[k] for k in order[:2]]),
                                      w.VBox([self.costs[k] for k in order[2:]]), self.theme]),
                              self.message, self.view])
        self.result = None
        # the plain argmax (t = 1/2) ignores the costs: decided once
        self._plain = np.asarray(classes, dtype=object)[bayes_decision(self.posterior)]
        self._kept, self._scores = {}, {}
        self.update()

    #: how many losses (and how many sets of decisions) a view keeps what it showed for
    KEPT = 128

    def loss_matrix(self):
        """The loss as the boxes hold it, rows = decision, columns = truth, in classes order."""
        L = np.zeros((2, 2))
        for (d, t), box in self.costs.items():
            L[self.classes.index(d), self.classes.index(t)] = box.value
        return L

    def update(self):
        L = self.loss_matrix()
        pos = self.classes.index(self.positive)
        # threshold_from_loss takes class 1 as positive: reorder when the positive is class 0
        L_pos = L if pos == 1 else L[::-1, ::-1]
        try:
            t = threshold_from_loss(L_pos)
        except NbteachError as err:
            self.message.value = view_html(f"<p style='color:{ERROR}'>{esc(err)}</p>")
            return
        self.message.value = ""
        # a loss shown before (a box stepped up and back): shown again from what was kept
        key = (tuple(L.ravel().tolist()), get_language())
        kept = self._kept.get(key)
        if kept is None:
            kept = self._keep(self._kept, key, self._compute(L, t))
        self.result, self.view.value = kept

    def _decided(self, dec):
        """The scores of one set of decisions (they follow the threshold only where it passes a
        posterior): precision, recall, the confusion table and its HTML (in the student's
        language), the number flagged."""
        key = (dec.tobytes(), get_language())
        scores = self._scores.get(key)
        if scores is None:
            pred = np.asarray(self.classes, dtype=object)[dec]
            prec, rec, f1, _ = precision_recall_f1(self.y_test, pred, pos_label=self.positive)
            table = confusion_table(self.y_test, pred)
            scores = self._keep(self._scores, key, {"precision": prec, "recall": rec, "confusion": table,
                                          "n_flagged": int(np.sum(pred == self.positive)),
                                          "table": (table.shown() if hasattr(table, "shown") else table).to_html()})
        return scores

    def _compute(self, L, t):
        """(result, view) of a valid loss: the decisions' risks and scores, and the view's HTML."""
        dec = bayes_decision(self.posterior, L)
        risk = bayes_risk(self.posterior, L, y_true=self.y_test, classes=self.classes)
        expected = bayes_risk(self.posterior, L)          # what the model expects, from its posteriors
        risk_plain = decision_risk(self._plain, self.y_test, L, classes=self.classes)
        scores = self._decided(dec)
        prec, rec = scores["precision"], scores["recall"]
        result = {"threshold": t, "risk": risk, "expected_risk": float(expected),
                  "risk_at_half": risk_plain, "precision": prec,
                  "recall": rec, "confusion": scores["confusion"], "n_flagged": scores["n_flagged"]}
        pos = esc(self.positive)
        view = view_html(
            "<div style='padding:0.3em 0'>" + bilingual(
                f"<p>Decide <b>{pos}</b> when P({pos} | x) &gt; "
                f"<b>t = {t:.4g}</b> (1/2 under equal costs).</p>"
                f"<p>On {len(self.y_test)} held-out e-mails: {result['n_flagged']} flagged "
                f"{pos}; precision {prec:.3f}, recall {rec:.3f}.</p>"
                f"<p>Mean cost per e-mail of these decisions: <b>{risk:.4f}</b>; of the plain argmax "
                f"(t = 1/2) under the same costs: {risk_plain:.4f}. The model itself expects "
                f"{float(expected):.4f} (the mean least conditional risk, trusting its posteriors).</p>",
                f"<p>当 P({pos} | x) &gt; <b>t = {t:.4g}</b> 时判为 <b>{pos}</b>"
                f"（损失相等时 t = 1/2）。</p>"
                f"<p>在 {len(self.y_test)} 封留出的邮件上：{result['n_flagged']} 封被判为 "
                f"{pos}；查准率 {prec:.3f}，查全率 {rec:.3f}。</p>"
                f"<p>这些决策平均每封邮件的损失：<b>{risk:.4f}</b>；同样的损失下，直接取后验概率最大者"
                f"（t = 1/2）的平均损失：{risk_plain:.4f}。模型自己预期的是 "
                f"{float(expected):.4f}（最小条件风险的平均值，即相信它自己的后验概率）。</p>")
            + scores["table"] + "</div>")
        return result, view


def loss_explorer(model, X_test, y_test, positive=None, loss=None):
    """Make a :class:`LossExplorer` (see there).

    >>> from nbteach import BernoulliNB
    >>> X = [[1, 0], [1, 1], [0, 1], [0, 0], [1, 0], [0, 0]]
    >>> y = ["spam", "spam", "ham", "ham", "spam", "ham"]
    >>> ex = loss_explorer(BernoulliNB().fit(X, y), X, y, positive="spam")
    >>> ex.result["threshold"]
    0.5
    >>> ex.costs["spam", "ham"].value = 9.0           # a false alarm costs 9
    >>> ex.result["threshold"]
    0.9
    >>> ex.costs["spam", "spam"].value = 20.0         # the right decision costing more: refused
    >>> "wrong decision" in ex.message.value, ex.result["threshold"]
    (True, 0.9)
    """
    return LossExplorer(model, X_test, y_test, positive, loss)
