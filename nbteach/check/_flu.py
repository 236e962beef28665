"""The flu/cold table and a model fitted on it, shared by the exercises of lessons 02-03 and homework 1."""
from __future__ import annotations

import pandas as pd

import nbteach
from nbteach.datasets import FLU_COLD_FEATURES, FLU_COLD_NEW_ROWS


def data():
    """X (the four symptoms) and y (the diagnosis) of note 001's table."""
    df = nbteach.flu_cold()  # pandas, loaded on first use (nbteach's names are lazy)
    return df.drop(columns="Diagnosis"), df["Diagnosis"]


def model(**kw):
    """``CategoricalNB(**kw)`` fitted on the flu/cold table."""
    X, y = data()
    return nbteach.CategoricalNB(**kw).fit(X, y)


def table7():
    """Note 001's table with lesson 02's two new Cold patients (7 rows), as lesson 02 shows it."""
    return pd.concat([nbteach.flu_cold(), pd.DataFrame(FLU_COLD_NEW_ROWS)], ignore_index=True)


def model7(**kw):
    """``CategoricalNB(**kw)`` fitted on the seven-row table (lesson 03's exercises: a table the
    smoothing explorer, which shows note 001's five rows, never shows)."""
    df = table7()
    return nbteach.CategoricalNB(**kw).fit(df.drop(columns="Diagnosis"), df["Diagnosis"])


#: the values each symptom takes in the course's flu/cold tables
VALUES = {"Headache": ["no", "mild", "severe"], "Sore": ["no", "mild", "severe"],
          "Temperature": ["normal", "high"], "Cough": ["yes", "no"]}


def random_table(rng, classes=("Flu", "Cold"), one_row=None):
    """A table of 4 to 9 patients over the four symptoms, every class present (``one_row``: a
    class with a single patient): hidden cases of the build-its of lessons 02-03 and homework 1."""
    n = rng.randint(4, 9)
    labels = list(classes) + [rng.choice([c for c in classes if c != one_row]) for _ in range(n - len(classes))]
    rng.shuffle(labels)
    rows = [{**{f: rng.choice(VALUES[f]) for f in FLU_COLD_FEATURES}, "Diagnosis": d} for d in labels]
    return pd.DataFrame(rows, columns=[*FLU_COLD_FEATURES, "Diagnosis"])
