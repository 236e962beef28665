"""`make lab` and `make teacher` start with the slide deck off (tools/lab_settings.py)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from lab_settings import DECK, deck_off  # noqa: E402


def _write(folder: Path, text: str) -> Path:
    path = folder / DECK
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_deck_left_on_is_switched_off_and_other_settings_kept(tmp_path):
    path = _write(tmp_path, '{\n    // written by JupyterLab\n    "active": true,\n    "stylePresets": {"x": 1}\n}\n')
    assert deck_off(tmp_path) is True
    assert json.loads(path.read_text(encoding="utf-8")) == {"active": False, "stylePresets": {"x": 1}}
    assert deck_off(tmp_path) is False   # already off: nothing to do


def test_no_settings_file_or_an_unreadable_one_is_left_alone(tmp_path, capsys):
    assert deck_off(tmp_path) is False
    path = _write(tmp_path, "{not json")
    assert deck_off(tmp_path) is False
    assert path.read_text(encoding="utf-8") == "{not json"
    assert "not readable" in capsys.readouterr().out


def test_the_makefile_runs_it_before_both_labs():
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    for target in ("lab:", "teacher:"):
        body = text.split(f"\n{target}", 1)[1].split("\n\n", 1)[0]
        assert "tools/lab_settings.py" in body, target
