r"""Why the log-likelihood: a product of many probabilities underflows to 0.0 in float64.

Seed ``002``: "连乘操作容易产生下溢" (a long product underflows). A document of a few hundred
words, each with a probability of about 1e-3, has a likelihood near 1e-900, far below
float64's smallest positive number (about 4.9e-324). The product becomes exactly 0.0, and
every class then scores 0; the sum of the logs is an ordinary number.

>>> demo = underflow_demo(doc_length=300)
>>> demo.product
0.0
>>> bool(demo.log_likelihood < -1000)
True
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import mpmath
import numpy as np

from .._base import NbteachError
from ..i18n import get_language, tr

__all__ = ["underflow_demo", "UnderflowDemo", "zipf_probabilities"]


@dataclass
class UnderflowDemo:
    """The same likelihood three ways.

    Attributes
    ----------
    doc_length : int
    probabilities : numpy.ndarray
        theta of each word of the document, in order.
    product : float
        prod(theta) in float64: 0.0 once it underflows.
    log_likelihood : float
        sum(log theta) in float64: no underflow.
    log10_exact : float
        log10 of the product computed with mpmath's unbounded exponent (the true size).
    underflow_at : int or None
        How many words it took for the float64 running product to reach 0.0.
    """

    doc_length: int
    probabilities: object
    product: float
    log_likelihood: float
    log10_exact: float
    underflow_at: int | None

    def __str__(self) -> str:
        if get_language() == "zh":
            return (f"{self.doc_length} 个词：float64 中的乘积 = {self.product!r}"
                    + (f"（从第 {self.underflow_at} 个词起为 0.0）" if self.underflow_at else "")
                    + f"；精确的乘积 = 10^{self.log10_exact:.1f}；对数之和 = {self.log_likelihood:.1f}")
        return (f"{self.doc_length} words: product in float64 = {self.product!r}"
                + (f" (0.0 from word {self.underflow_at} on)" if self.underflow_at else "")
                + f"; exact product = 10^{self.log10_exact:.1f}; "
                f"sum of logs = {self.log_likelihood:.1f}")


def zipf_probabilities(vocab_size=5000, s=1.0):
    r"""Word probabilities following Zipf's law, :math:`\theta_r \propto 1 / r^s` (r = rank).

    >>> p = zipf_probabilities(4)
    >>> [round(float(x), 3) for x in p]
    [0.48, 0.24, 0.16, 0.12]
    """
    if isinstance(vocab_size, bool) or not isinstance(vocab_size, int) or vocab_size < 1:
        raise NbteachError(tr({"en": f"vocab_size must be a whole number >= 1, got {vocab_size!r}.",
                               "zh": f"vocab_size 必须是 >= 1 的整数，你给的是 {vocab_size!r}。"}))
    ranks = np.arange(1, vocab_size + 1, dtype=float)
    w = ranks ** -float(s)
    return w / w.sum()


def underflow_demo(doc_length=300, vocab_size=5000, seed=0):
    r"""Multiply the word probabilities of a random document, in float64 and in log space.

    The document's words are drawn from :func:`zipf_probabilities` (English-like
    frequencies); its likelihood is :math:`\prod_p \theta_{w_p}` and its log-likelihood
    :math:`\sum_p \log \theta_{w_p}`.

    Parameters
    ----------
    doc_length : int
        Words in the document (an e-mail has a few hundred).
    vocab_size : int
    seed : int

    Returns
    -------
    UnderflowDemo
    """
    if isinstance(doc_length, bool) or not isinstance(doc_length, int) or doc_length < 1:
        raise NbteachError(tr({"en": f"doc_length must be a whole number >= 1, got {doc_length!r}.",
                               "zh": f"doc_length 必须是 >= 1 的整数，你给的是 {doc_length!r}。"}))
    theta = zipf_probabilities(vocab_size)
    rng = np.random.default_rng(seed)
    probs = theta[rng.choice(vocab_size, size=doc_length, p=theta)]
    running = np.cumprod(probs)
    zero = np.flatnonzero(running == 0.0)
    exact = mpmath.fprod(mpmath.mpf(float(p)) for p in probs)
    return UnderflowDemo(
        doc_length=doc_length,
        probabilities=probs,
        product=float(running[-1]),
        log_likelihood=float(np.sum(np.log(probs))),
        log10_exact=float(mpmath.log10(exact)),
        underflow_at=int(zero[0]) + 1 if zero.size else None,
    )
