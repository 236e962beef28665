"""Bayes theorem: prior, likelihood, evidence, posterior.

For classes c and an observation x,

    P(c | x) = P(c) P(x | c) / P(x),   with the evidence   P(x) = sum_c P(c) P(x | c).

Everything here is exact when the inputs are: integers, ``fractions.Fraction`` and
strings such as ``"3/5"`` give Fractions; sympy expressions give sympy expressions;
floats give floats.
"""
from __future__ import annotations

import html
import numbers
import warnings
from dataclasses import dataclass
from fractions import Fraction

from nbteach._base import NbteachError, is_symbolic
from nbteach.i18n import get_language, tr

__all__ = ["bayes", "BayesResult", "prob", "as_probability"]


def as_probability(value, name: str = "value"):
    """Read a probability exactly where it is exact.

    ``"3/5"``, ``3`` and ``Fraction(3, 5)`` become Fractions, a float stays a float,
    a sympy expression stays symbolic. Anything else raises NbteachError.

    >>> as_probability("3/5"), as_probability(0.25)
    (Fraction(3, 5), 0.25)
    """
    if is_symbolic(value):
        return value
    if isinstance(value, bool):
        raise NbteachError(tr({"en": f"{name} must be a number, got the boolean {value!r}.",
                               "zh": f"{name} 必须是一个数，你给的是布尔值 {value!r}。"}))
    if isinstance(value, str):
        try:
            return Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            raise NbteachError(
                tr({"en": f"{name}: could not read {value!r} as a number; write it like '3/5' or '0.6'.",
                    "zh": f"{name}：无法把 {value!r} 读成数字；请写成 '3/5' 或 '0.6' 的形式。"})
            ) from None
    if isinstance(value, Fraction):
        return value
    if isinstance(value, numbers.Integral):
        return Fraction(int(value))
    if isinstance(value, numbers.Real):
        value = float(value)
        if value != value:
            raise NbteachError(tr({"en": f"{name} is NaN (not a number); give a probability in [0, 1].",
                                   "zh": f"{name} 是 NaN（非数）；请给出 [0, 1] 之内的概率。"}))
        return value
    raise NbteachError(
        tr({"en": f"{name} must be a number (like 0.6, '3/5' or Fraction(3, 5)), "
                  f"got {value!r} of type {type(value).__name__}.",
            "zh": f"{name} 必须是一个数（如 0.6、'3/5' 或 Fraction(3, 5)），你给的是 {type(value).__name__} 类型的 {value!r}。"})
    )


def _decided(value):
    """A sympy value that is a number (no symbols) as a plain comparison-ready value, else None."""
    if is_symbolic(value):
        return value if getattr(value, "is_number", False) and not value.free_symbols else None
    return value


def _check_unit(value, name):
    v = _decided(value)
    if v is not None and not bool(0 <= v <= 1):
        raise NbteachError(tr({"en": f"{name} = {value} is not a probability: it must lie in [0, 1].",
                               "zh": f"{name} = {value} 不是概率：概率必须在 [0, 1] 之内。"}))
    return value


def _as_mapping(values, name):
    if hasattr(values, "to_dict") and not isinstance(values, dict):  # pandas Series
        values = values.to_dict()
    if isinstance(values, dict):
        if not values:
            raise NbteachError(tr({"en": f"{name} is empty: give one entry per class.",
                                   "zh": f"{name} 是空的：请为每个类别给出一项。"}))
        return dict(values)
    if isinstance(values, (list, tuple)):
        if not values:
            raise NbteachError(tr({"en": f"{name} is empty: give one entry per class.",
                                   "zh": f"{name} 是空的：请为每个类别给出一项。"}))
        return dict(enumerate(values))
    raise NbteachError(
        tr({"en": f"{name} must map each class to a probability, e.g. {{'Flu': '3/5', 'Cold': '2/5'}}, "
                  f"got {type(values).__name__}.",
            "zh": f"{name} 必须把每个类别对应到一个概率，例如 {{'Flu': '3/5', 'Cold': '2/5'}}，你给的是 {type(values).__name__}。"})
    )


def _is_exact(value) -> bool:
    return isinstance(value, Fraction) or is_symbolic(value)


def _total(values):
    total = 0
    for v in values:
        total = total + v
    return total


@dataclass(frozen=True, repr=False)
class BayesResult:
    """The pieces of Bayes theorem for one observation, keyed by class."""

    prior: dict
    likelihood: dict
    joint: dict
    evidence: object
    posterior: dict

    @property
    def decision(self):
        """The class with the largest posterior (the first one on a tie); None if symbolic."""
        if any(is_symbolic(v) for v in self.posterior.values()):
            return None
        return max(self.posterior, key=lambda c: self.posterior[c])

    @property
    def table(self):
        """A DataFrame: one row per class; prior, likelihood, joint and posterior columns
        (shown in the student's language, :mod:`nbteach._shown`; the same keys in code)."""
        import pandas as pd   # light module: exact fractions, pandas only for this table

        from ._shown import shown   # imports pandas: only for this table

        return shown(pd.DataFrame({column: getattr(self, key) for key, column in _COLUMNS}),
                     *(column for _, column in _COLUMNS))

    def _below(self) -> list:
        """The lines under the table: the evidence, and the decision when there is one."""
        lines = [tr({"en": "evidence P(x) = {v}", "zh": "证据 P(x) = {v}"}, v=_fmt(self.evidence))]
        if self.decision is not None:
            lines.append(tr({"en": "decision: {c}", "zh": "决策：{c}"}, c=self.decision))
        return lines

    def _repr_html_(self):
        table = self.table.map(_fmt).shown().to_html()
        evidence = html.escape(self._below()[0])
        if self.decision is None:
            return f"{table}<p>{evidence}</p>"
        decision = tr({"en": "; decision: <b>{c}</b>", "zh": "；决策：<b>{c}</b>"}, c=html.escape(str(self.decision)))
        return f"{table}<p>{evidence}{decision}</p>"

    def __str__(self):
        return "\n".join([self.table.map(_fmt).to_string(), *self._below()])

    __repr__ = __str__


#: (attribute, column) of :attr:`BayesResult.table`, whose columns :mod:`nbteach._shown` translates
_COLUMNS = (("prior", "prior P(c)"), ("likelihood", "likelihood P(x|c)"), ("joint", "joint P(c)P(x|c)"),
            ("posterior", "posterior P(c|x)"))


def _fmt(v):
    if isinstance(v, Fraction):
        return str(v)
    if isinstance(v, float):
        return f"{v:.6g}"
    return str(v)


def bayes(prior, likelihood) -> BayesResult:
    r"""Posterior over classes from a prior and a likelihood, by Bayes theorem.

    .. math:: P(c \mid x) = \frac{P(c)\,P(x \mid c)}{\sum_{c'} P(c')\,P(x \mid c')}

    Parameters
    ----------
    prior : mapping class -> P(c)
        A distribution over the classes: it must sum to 1.
    likelihood : mapping class -> P(x | c)
        The probability of the observation under each class (these need not sum to 1).

    Returns
    -------
    BayesResult
        ``.joint`` (P(c) P(x|c)), ``.evidence`` (P(x)), ``.posterior`` (P(c|x)),
        ``.decision`` (the argmax), ``.table`` (a DataFrame).

    Examples
    --------
    The first patient of note 001: the joint scores are Flu 0 and Cold 1/20.

    >>> r = bayes({"Flu": "3/5", "Cold": "2/5"}, {"Flu": 0, "Cold": "1/8"})
    >>> r.joint
    {'Flu': Fraction(0, 1), 'Cold': Fraction(1, 20)}
    >>> r.posterior, r.decision
    ({'Flu': Fraction(0, 1), 'Cold': Fraction(1, 1)}, 'Cold')
    """
    prior = _as_mapping(prior, "prior")
    likelihood = _as_mapping(likelihood, "likelihood")
    if set(prior) != set(likelihood):
        missing = [c for c in prior if c not in likelihood]
        extra = [c for c in likelihood if c not in prior]
        raise NbteachError(
            tr({"en": "prior and likelihood must name the same classes: "
                      + (f"likelihood lacks {missing}" if missing else "")
                      + ("; " if missing and extra else "")
                      + (f"prior lacks {extra}" if extra else "")
                      + ".",
                "zh": "先验概率和似然必须涉及相同的类别："
                      + (f"似然缺少 {missing}" if missing else "")
                      + ("；" if missing and extra else "")
                      + (f"先验概率缺少 {extra}" if extra else "")
                      + "。"})
        )
    prior = {c: _check_unit(as_probability(v, f"prior[{c!r}]"), f"P({c})") for c, v in prior.items()}
    likelihood = {
        c: _check_unit(as_probability(likelihood[c], f"likelihood[{c!r}]"), f"P(x|{c})")
        for c in prior
    }
    total = _total(prior.values())
    if is_symbolic(total) and _decided(total) is not None and bool(total != 1):
        raise NbteachError(tr({"en": f"the prior must sum to 1 over the classes (it is a distribution), "
                                     f"but it sums to {total}.",
                               "zh": f"先验概率在各类上之和必须为 1（它是一个分布），但它的和是 {total}。"}))
    if not is_symbolic(total):
        exact = all(_is_exact(v) for v in prior.values())
        if (total != 1) if exact else abs(float(total) - 1) > 1e-9:
            raise NbteachError(tr({
                "en": f"the prior must sum to 1 over the classes (it is a distribution), "
                      f"but it sums to {_fmt(total)}.",
                "zh": f"先验概率在各类上之和必须为 1（它是一个分布），但它的和是 {_fmt(total)}。"}))
    joint = {c: prior[c] * likelihood[c] for c in prior}
    evidence = _total(joint.values())
    if not is_symbolic(evidence) and evidence == 0:
        raise NbteachError(tr({
            "en": "the evidence P(x) is 0: every class gives the observation probability 0, so the "
                  "posterior 0/0 is undefined. This is the zero-count problem: smooth the "
                  "likelihoods (lesson 03).",
            "zh": "证据 P(x) 为 0：每个类给这个观测的概率都是 0，所以后验概率 0/0 没有定义。"
                  "这就是零计数问题：对似然做平滑（第 03 课）。"}))
    posterior = {c: j / evidence for c, j in joint.items()}
    return BayesResult(prior, likelihood, joint, evidence, posterior)


def prob(table, event=None, given=None, **columns) -> Fraction:
    """Empirical probability of an event in a table, optionally conditioned: exact.

    P(event | given) = count(rows matching event and given) / count(rows matching given).

    Parameters
    ----------
    table : DataFrame
    event : dict column -> value, optional (keywords work too: ``Cough="yes"``)
    given : dict column -> value, optional

    Examples
    --------
    >>> from nbteach.datasets import flu_cold
    >>> prob(flu_cold(), Headache="severe", given={"Diagnosis": "Flu"})
    Fraction(2, 3)
    >>> prob(flu_cold(), {"Cough": "yes", "Diagnosis": "Flu"})
    Fraction(3, 5)
    """
    event = {**(event or {}), **columns}
    given = dict(given or {})
    if not hasattr(table, "columns"):
        raise NbteachError(tr({"en": f"table must be a pandas DataFrame, got {type(table).__name__}.",
                               "zh": f"table 必须是 pandas DataFrame，你给的是 {type(table).__name__}。"}))
    for col in [*event, *given]:
        if col not in table.columns:
            raise NbteachError(
                tr({"en": f"the table has no column {col!r}; its columns are {list(table.columns)}.",
                    "zh": f"表中没有列 {col!r}；它的列是 {list(table.columns)}。"})
            )

    def mask(conditions):
        m = None
        for col, val in conditions.items():
            hit = table[col] == val
            m = hit if m is None else (m & hit)
        return m

    if len(table) == 0:
        raise NbteachError(tr({"en": "the table is empty: there is nothing to count.",
                               "zh": "表是空的：没有可计数的内容。"}))
    for col, val in [*event.items(), *given.items()]:
        if not (table[col] == val).any():
            warnings.warn(
                tr({"en": f"{col}={val!r} occurs nowhere in the table (its values are "
                          f"{sorted(map(str, table[col].unique()))}); is it a typo?",
                    "zh": f"{col}={val!r} 在表中从未出现（它的取值是 {sorted(map(str, table[col].unique()))}）；是不是写错了？"}),
                UserWarning,
                stacklevel=2,
            )
    base = mask(given)
    n_given = len(table) if base is None else int(base.sum())
    if n_given == 0:
        raise NbteachError(tr({"en": f"no row of the table matches given={given}: P(.|given) is undefined.",
                               "zh": f"表中没有一行满足 given={given}：P(.|given) 无定义。"}))
    both = mask({**given, **event})
    n_both = len(table) if both is None else int(both.sum())
    return Fraction(n_both, n_given)
