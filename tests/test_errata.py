"""The errata registry: every entry quotes its note, and its lesson has the disproving cell."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from nbteach.errata import ERRATA, table

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"


def _lesson(number):
    found = sorted((ROOT / "notebooks").glob(f"{number}_*.ipynb"))
    return found[0] if found else None


def test_keys_are_unique():
    keys = [e.key for e in ERRATA]
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize("e", ERRATA, ids=lambda e: e.key)
def test_quote_is_the_notes_own_words(e):
    if not SEEDS.exists():
        pytest.skip("the seed notes (shared/seeds) are not beside this clone")
    [seed] = SEEDS.glob(f"{e.seed}_*.txt")
    text = " ".join(seed.read_text(encoding="utf-8").split())
    assert " ".join(e.quote.split()) in text, f"{e.key}: the quote is not in note {e.seed}"


@pytest.mark.parametrize("e", ERRATA, ids=lambda e: e.key)
def test_flagged_lesson_has_the_disproving_cell(e):
    path = _lesson(e.lesson)
    if e.status == "later":
        assert path is None, f"{e.key}: lesson {e.lesson} exists now; flag it there and mark it flagged"
        return
    assert e.status == "flagged"
    assert path is not None, f"{e.key}: lesson {e.lesson} does not exist"
    nb = json.loads(path.read_text(encoding="utf-8"))
    tagged = [c for c in nb["cells"] if f"erratum:{e.key}" in c.get("metadata", {}).get("tags", [])]
    assert tagged, f"{e.key}: no cell tagged erratum:{e.key} in {path.name}"
    assert any(c["cell_type"] == "code" for c in tagged), f"{e.key}: the tagged cell must compute the disproof"


def test_table_lists_every_entry():
    t = table()
    assert sorted(t["key"]) == sorted(e.key for e in ERRATA)
