"""What the tests that look for an exercise's answer on the page share: its scalars."""
from __future__ import annotations


def answer_entries(value) -> list:
    """The scalars of an answer: itself, or a table's / dict's / list's entries."""
    import numpy as np
    import pandas as pd

    if isinstance(value, pd.DataFrame):
        return list(value.to_numpy().ravel())
    if isinstance(value, pd.Series):
        return list(value.to_numpy())
    if isinstance(value, dict):
        return list(value.values())
    if isinstance(value, (list, tuple, np.ndarray)):
        return list(np.ravel(np.asarray(value, dtype=object)))
    return [value]
