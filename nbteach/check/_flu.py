"""The flu/cold table and a model fitted on it, shared by the exercises of lessons 02-03 and homework 1."""
from __future__ import annotations

import nbteach


def data():
    """X (the four symptoms) and y (the diagnosis) of note 001's table."""
    df = nbteach.flu_cold()  # pandas, loaded on first use (nbteach's names are lazy)
    return df.drop(columns="Diagnosis"), df["Diagnosis"]


def model(**kw):
    """``CategoricalNB(**kw)`` fitted on the flu/cold table."""
    X, y = data()
    return nbteach.CategoricalNB(**kw).fit(X, y)
