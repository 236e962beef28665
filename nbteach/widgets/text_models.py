"""Type a message: Bernoulli and multinomial naive Bayes side by side, word by word.

Both models are fitted once on the same training documents and vocabulary. For the typed
message the view lists, for every vocabulary word, its count in the message and what
each model adds to the log odds of the first class against the second:

* multinomial: count × log(theta_w|c0 / theta_w|c1); an absent word adds nothing, a
  repeated word adds again;
* Bernoulli: log(mu_w|c0 / mu_w|c1) if the word is present (once, however often),
  log((1 - mu_w|c0) / (1 - mu_w|c1)) if it is absent: absent words count too.

Words outside the vocabulary are listed as ignored by both. Every number comes from
:class:`nbteach.MultinomialNB` and :class:`nbteach.BernoulliNB`, the additions from
:func:`nbteach.text.word_log_odds`.
"""
from __future__ import annotations

from nbteach._base import NbteachError
from nbteach.bernoulli import BernoulliNB
from nbteach.multinomial import MultinomialNB
from nbteach.text import build_vocabulary, count_matrix, tokenize, word_log_odds
from nbteach.widgets._html import ERROR, HIGHLIGHT, bar, esc, message_box, bilingual, view_html
from nbteach.widgets._explorer import Explorer
from nbteach.i18n import tr

__all__ = ["ModelsOnText", "text_models_explorer"]


class ModelsOnText(Explorer):
    """A text box; the two models' word-by-word log odds and posteriors.

    Attributes
    ----------
    text : Text widget, the message
    view : HTML
    result : dict with "multinomial" and "bernoulli": (posterior of each class, per-word table)
    """

    def __init__(self, documents, labels, message="", alpha=1.0):
        self.vocabulary = build_vocabulary(documents)
        X = count_matrix(documents, self.vocabulary)
        self.words = sorted(self.vocabulary, key=self.vocabulary.get)
        self.multinomial = MultinomialNB(alpha=alpha).fit(X, labels)
        self.bernoulli = BernoulliNB(alpha=alpha).fit(X, labels)
        if len(self.multinomial.classes_) != 2:
            raise NbteachError(tr({"en": "text_models_explorer compares two classes; the labels have "
                                         f"{list(self.multinomial.classes_)}.",
                                   "zh": f"text_models_explorer 比较两个类别；标记中有 {list(self.multinomial.classes_)}。"}))
        self.classes = [str(c) for c in self.multinomial.classes_]
        message_box(self, message)
        self.result = None
        self.update()

    def update(self):
        c0, c1 = self.classes
        toks = tokenize(self.text.value)
        if not any(t in self.vocabulary for t in toks):
            ignored = sorted({t for t in toks if t not in self.vocabulary})
            self.view.value = view_html(f"<p style='color:{ERROR}'>" + bilingual(
                "No word of the vocabulary in this message"
                + (f" (ignored: {esc(', '.join(ignored))})" if ignored else "")
                + ": both models would answer with the prior alone. Type some of these "
                f"words: {esc(', '.join(self.words[:12]))} ...",
                "这条消息里没有词汇表中的词"
                + (f"（忽略：{esc(', '.join(ignored))}）" if ignored else "")
                + "：两个模型都只能用先验概率作答。试着输入这些词："
                f"{esc(', '.join(self.words[:12]))} ……") + "</p>")
            self.result = None
            return
        x = count_matrix([self.text.value], self.vocabulary)
        counts = x[0]
        present = counts > 0
        multi = word_log_odds(self.multinomial, counts)
        bern = word_log_odds(self.bernoulli, counts)
        p_m = self.multinomial.predict_proba(x)[0]
        p_b = self.bernoulli.predict_proba(x)[0]
        self.result = {"multinomial": (p_m, multi.words), "bernoulli": (p_b, bern.words)}
        rows = []
        for k, w in enumerate(self.words):
            style = f" style='{HIGHLIGHT}'" if present[k] else ""
            rows.append(f"<tr{style}><td>{esc(w)}</td><td>{int(counts[k])}</td>"
                        f"<td>{multi.words[k]:+.3f}</td><td>{bern.words[k]:+.3f}</td></tr>")
        ignored = sorted({t for t in toks if t not in self.vocabulary})
        rows.append(f"<tr><td><i>{bilingual('prior', '先验概率')}</i></td><td></td><td>{multi.prior:+.3f}</td>"
                    f"<td>{bern.prior:+.3f}</td></tr>")
        rows.append(f"<tr><td><b>{bilingual('log odds', '对数几率')} {esc(c0)} : {esc(c1)}</b></td><td></td>"
                    f"<td><b>{multi.total:+.3f}</b></td><td><b>{bern.total:+.3f}</b></td></tr>")
        post = bilingual(f"<p>P({esc(c0)} | message): multinomial <b>{p_m[0]:.4f}</b> {bar(p_m[0])} &nbsp; "
                   f"Bernoulli <b>{p_b[0]:.4f}</b> {bar(p_b[0])}</p>",
                   f"<p>P({esc(c0)} | 消息)：多项式 <b>{p_m[0]:.4f}</b> {bar(p_m[0])} &nbsp; "
                   f"伯努利 <b>{p_b[0]:.4f}</b> {bar(p_b[0])}</p>")
        note = (bilingual(f"<p>Ignored (not in the vocabulary): {esc(', '.join(ignored))}</p>",
                    f"<p>忽略（不在词汇表中）：{esc(', '.join(ignored))}</p>") if ignored else "")
        self.view.value = view_html(
            post + bilingual("<table><tr><th>word</th><th>count</th><th>multinomial adds</th><th>Bernoulli adds</th></tr>",
                       "<table><tr><th>词</th><th>次数</th><th>多项式模型加上</th><th>伯努利模型加上</th></tr>")
            + f"{''.join(rows)}</table>" + note
            + bilingual("<p>Highlighted: the words present. Each number is added to the log odds of "
                  f"{esc(c0)} against {esc(c1)}; the Bernoulli column counts absent words too.</p>",
                  f"<p>高亮：消息中出现的词。每个数都加到 {esc(c0)} 对 {esc(c1)} 的对数几率上；"
                  "伯努利一栏连没出现的词也算在内。</p>"))


def text_models_explorer(documents, labels, message="", alpha=1.0):
    """Make a :class:`ModelsOnText` (see there).

    >>> docs = ["free money now", "free free offer", "meeting at noon", "lunch meeting today"]
    >>> ex = text_models_explorer(docs, ["spam", "spam", "ham", "ham"], message="free lunch")
    >>> ex.text.value = "free free free lunch"       # multinomial counts the repeats, Bernoulli does not
    >>> m, b = ex.result["multinomial"][0], ex.result["bernoulli"][0]
    >>> bool(m[1] > b[1])                             # classes_ = ['ham', 'spam']
    True
    """
    return ModelsOnText(documents, labels, message, alpha)
