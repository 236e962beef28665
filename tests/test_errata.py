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


# ------------------------------------------------- one registry: the derivations read ERRATA

def test_every_note_mistake_is_its_registry_entry():
    """NOTE_MISTAKES' mistakes are ERRATA's entries with a Disproof, stated from the entry itself
    (key, note, lesson, formulas): nothing is copied by hand that could drift."""
    from nbteach.derivations import NOTE_MISTAKES
    from nbteach.errata import get

    mistakes = [m for m in NOTE_MISTAKES if m.kind == "mistake"]
    assert sorted(m.key for m in mistakes) == sorted(e.key for e in ERRATA if e.disproof)
    for m in mistakes:
        e = get(m.key)
        assert m.erratum is e
        assert (m.seed, m.lesson) == (e.seed, e.lesson)
        assert (m.where, m.note, m.correct, m.explanation) == (
            e.disproof.where, e.disproof.note, e.disproof.correct, e.disproof.explanation)
        assert m.demonstrate().differ, m.key


def test_readings_are_not_errata():
    """The places the derivations explain as notation or an unexplained step are not mistakes,
    so they are not in ERRATA; and every erratum the derivations state is a mistake."""
    from nbteach.derivations import NOTE_MISTAKES

    keys = {e.key for e in ERRATA}
    for m in NOTE_MISTAKES:
        if m.kind == "mistake":
            assert m.key in keys
        else:
            assert m.kind in {"notation", "gap"} and m.key not in keys and m.erratum is None


def test_the_registry_refuses_what_would_drift():
    """An erratum with a Disproof but no computation, a computation for no erratum, and a
    place listed both as an erratum and as a reading are refused, naming the key."""
    from dataclasses import replace

    from nbteach._base import NbteachError
    from nbteach.derivations import mistakes

    stated = [e for e in ERRATA if e.disproof]
    computations = dict(mistakes._COMPUTATIONS)
    assert len(mistakes._note_mistakes(ERRATA, computations, mistakes._READINGS)) == len(
        mistakes.NOTE_MISTAKES)
    without = {k: f for k, f in computations.items() if k != stated[0].key}
    with pytest.raises(NbteachError, match=stated[0].key):
        mistakes._note_mistakes(ERRATA, without, mistakes._READINGS)
    stray = {**computations, "note001_small_data": computations[stated[0].key]}
    with pytest.raises(NbteachError, match="note001_small_data"):
        mistakes._note_mistakes(ERRATA, stray, mistakes._READINGS)
    reading = replace(mistakes._READINGS[0], key=stated[0].key)
    with pytest.raises(NbteachError, match=stated[0].key):
        mistakes._note_mistakes(ERRATA, computations, [reading])
    with pytest.raises(NbteachError, match="no erratum 'nope'"):
        mistakes._disproves("nope")
    with pytest.raises(NbteachError, match="note001_small_data"):   # an erratum without a Disproof
        mistakes._disproves("note001_small_data")
