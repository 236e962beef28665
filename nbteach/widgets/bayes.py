"""Prior and likelihood in, posterior out: Bayes theorem with sliders.

Two classes (say *ill* and *healthy*) and one observation x (say *the test is positive*).
The sliders set P(ill), P(x | ill) and P(x | healthy); the view shows what
:func:`nbteach.probability.bayes` computes from them, updated in place.
"""
from __future__ import annotations

from fractions import Fraction

import ipywidgets as w

from nbteach._base import NbteachError
from nbteach.probability import bayes
from nbteach.widgets._html import ERROR, bar, esc, number, bilingual, theme_holder, view_html
from nbteach.widgets._explorer import Explorer
from nbteach.i18n import tr

__all__ = ["bayes_explorer", "BayesExplorer"]


class BayesExplorer(Explorer):
    """Sliders for the prior and two likelihoods; a table of joint, evidence and posterior.

    Attributes
    ----------
    prior_slider, likelihood_sliders (dict class -> slider), view (HTML), result (BayesResult),
    theme (hidden HTML: the theme's colour rules, once)
    """

    def __init__(self, classes=("ill", "healthy"), prior=0.01, likelihoods=(0.95, 0.05),
                 observation="x"):
        if len(classes) != 2 or len(likelihoods) != 2:
            raise NbteachError(tr({"en": "the Bayes explorer takes two classes and one likelihood per class.",
                                   "zh": "贝叶斯演示器需要两个类别，每个类别一个似然。"}))
        for name, v in [("prior", prior), *((f"likelihood of {c}", l) for c, l in zip(classes, likelihoods))]:
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 1:
                # a slider would silently clamp it to its range: say so instead
                raise NbteachError(tr({"en": f"the {name} must be a probability between 0 and 1 (the slider's range), "
                                             f"got {v!r}.",
                                       "zh": f"{name} 必须是 0 到 1 之间的概率（滑块的范围），你给的是 {v!r}。"}))
        self.classes, self.observation = list(classes), observation
        style = {"description_width": "initial"}
        layout = w.Layout(width="420px")
        self.prior_slider = w.FloatSlider(value=prior, min=0.0, max=1.0, step=0.001, readout_format=".3f",
                                          description=bilingual(f"prior P({classes[0]})", f"先验概率 P({classes[0]})"), style=style, layout=layout)
        self.likelihood_sliders = {
            c: w.FloatSlider(value=v, min=0.0, max=1.0, step=0.005, readout_format=".3f",
                             description=bilingual(f"likelihood P({observation} | {c})", f"似然 P({observation} | {c})"), style=style, layout=layout)
            for c, v in zip(classes, likelihoods)
        }
        self.view = w.HTML()
        # the theme's colour rules (the error colour) ride once on a hidden element that never
        # changes: a <style> element re-inserted with the view at every move made the browser
        # recompute the style of the whole page (as in nbteach.widgets.mle)
        self.theme = theme_holder()
        for s in [self.prior_slider, *self.likelihood_sliders.values()]:
            s.observe(lambda change: self._update(), names="value")
        self.widget = w.VBox([self.prior_slider, *self.likelihood_sliders.values(), self.view, self.theme])
        self.result = None
        self._update()

    def _update(self):
        p = Fraction(repr(self.prior_slider.value))
        prior = {self.classes[0]: p, self.classes[1]: 1 - p}
        lik = {c: Fraction(repr(s.value)) for c, s in self.likelihood_sliders.items()}
        try:
            self.result = bayes(prior, lik)
        except NbteachError as err:
            self.result = None
            self.view.value = view_html(f"<p style='color:{ERROR}'>{esc(err)}</p>")
            return
        r, x = self.result, esc(self.observation)
        rows = "".join(
            f"<tr><td>{esc(c)}</td><td>{number(r.prior[c])}</td><td>{number(r.likelihood[c])}</td>"
            f"<td>{number(r.joint[c])}</td><td>{float(r.posterior[c]):.4f}</td>"
            f"<td>{bar(float(r.posterior[c]))}</td></tr>"
            for c in self.classes
        )
        c0 = esc(self.classes[0])
        post0, lik0 = float(r.posterior[self.classes[0]]), float(r.likelihood[self.classes[0]])
        self.view.value = view_html(bilingual(
            f"<table><tr><th>class c</th><th>prior P(c)</th><th>likelihood P({x}|c)</th>"
            f"<th>joint P(c)P({x}|c)</th><th>posterior P(c|{x})</th><th></th></tr>{rows}</table>"
            f"<p>evidence P({x}) = sum of the joints = {float(r.evidence):.5g}; "
            f"P({c0} | {x}) = {post0:.4f} "
            f"while P({x} | {c0}) = {lik0:.4f}: "
            "the posterior is not the likelihood.</p>",
            f"<table><tr><th>类别 c</th><th>先验概率 P(c)</th><th>似然 P({x}|c)</th>"
            f"<th>联合概率 P(c)P({x}|c)</th><th>后验概率 P(c|{x})</th><th></th></tr>{rows}</table>"
            f"<p>证据因子 P({x}) = 各联合概率之和 = {float(r.evidence):.5g}；"
            f"P({c0} | {x}) = {post0:.4f}，"
            f"而 P({x} | {c0}) = {lik0:.4f}："
            "后验概率不是似然。</p>"
        ))


def bayes_explorer(classes=("ill", "healthy"), prior=0.01, likelihoods=(0.95, 0.05), observation="x"):
    """Make a :class:`BayesExplorer`.

    >>> ex = bayes_explorer(prior=0.01, likelihoods=(0.95, 0.05))
    >>> round(float(ex.result.posterior["ill"]), 4)
    0.161
    >>> ex.prior_slider.value = 0.5
    >>> round(float(ex.result.posterior["ill"]), 4)
    0.95
    """
    return BayesExplorer(classes=classes, prior=prior, likelihoods=likelihoods, observation=observation)
