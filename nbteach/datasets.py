"""Small data sets the lessons work by hand.

The flu/cold table is the one of the course note ``001`` (five patients, four symptoms).
Real data sets for the later lessons come from installed packages (see ``nbteach.text``).
"""
from __future__ import annotations

__all__ = ["flu_cold", "flu_cold_query", "FLU_COLD_FEATURES", "FLU_COLD_QUERIES"]

FLU_COLD_FEATURES = ("Headache", "Sore", "Temperature", "Cough")

_FLU_COLD_ROWS = (
    ("severe", "mild", "high", "yes", "Flu"),
    ("no", "severe", "normal", "yes", "Cold"),
    ("mild", "mild", "normal", "yes", "Flu"),
    ("mild", "no", "normal", "no", "Cold"),
    ("severe", "severe", "normal", "yes", "Flu"),
)

#: The two patients the note asks about: the first is classified Cold; for the second
#: every class scores 0 without smoothing.
FLU_COLD_QUERIES = {
    "first": {"Headache": "mild", "Sore": "severe", "Temperature": "normal", "Cough": "no"},
    "second": {"Headache": "severe", "Sore": "mild", "Temperature": "high", "Cough": "no"},
}


def flu_cold():
    """The flu/cold training table of note ``001``, as a pandas DataFrame.

    Columns are ``Headache, Sore, Temperature, Cough`` (the features) and ``Diagnosis``
    (the class, ``Flu`` or ``Cold``). A fresh copy is returned on every call, so a
    student may change it freely.

    Examples
    --------
    >>> df = flu_cold()
    >>> list(df.columns)
    ['Headache', 'Sore', 'Temperature', 'Cough', 'Diagnosis']
    >>> df["Diagnosis"].value_counts().to_dict()
    {'Flu': 3, 'Cold': 2}
    """
    import pandas as pd

    return pd.DataFrame(list(_FLU_COLD_ROWS), columns=[*FLU_COLD_FEATURES, "Diagnosis"])


def flu_cold_query(which: str = "first"):
    """One of the note's two query patients, as a one-row DataFrame of the four features.

    >>> flu_cold_query("second").iloc[0].to_dict()
    {'Headache': 'severe', 'Sore': 'mild', 'Temperature': 'high', 'Cough': 'no'}
    """
    import pandas as pd

    if which not in FLU_COLD_QUERIES:
        from nbteach._base import NbteachError

        raise NbteachError(f"which must be 'first' or 'second', got {which!r}.")
    return pd.DataFrame([FLU_COLD_QUERIES[which]], columns=list(FLU_COLD_FEATURES))
