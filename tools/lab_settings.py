"""Start JupyterLab on a lesson with the slide deck off.

jupyterlab-deck keeps "the deck is on" in the user's JupyterLab settings
(``<settings dir>/@deathbeds/jupyterlab-deck/plugin.jupyterlab-settings``, key ``active``),
so a lesson presented yesterday made the next notebook opened today (homework, say) open as
slides. ``make lab`` and ``make teacher`` run this first: it sets ``active`` to false and keeps
every other setting of the file as it is. (Within a session, nbteach's JupyterLab extension,
lab/nbteach-lab, stops the deck when a document other than the one presented is opened.)

    python tools/lab_settings.py [SETTINGS_DIR]   # default: JupyterLab's user settings folder
"""
from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

DECK = Path("@deathbeds") / "jupyterlab-deck" / "plugin.jupyterlab-settings"


def settings_dir() -> Path:
    if os.environ.get("JUPYTERLAB_SETTINGS_DIR"):
        return Path(os.environ["JUPYTERLAB_SETTINGS_DIR"])
    from jupyter_core.paths import jupyter_config_dir

    return Path(jupyter_config_dir()) / "lab" / "user-settings"


def deck_off(folder: Path) -> bool:
    """Set the deck's remembered ``active`` to false in ``folder``; True if it was on."""
    path = Path(folder) / DECK
    if not path.is_file():
        return False
    text = path.read_text(encoding="utf-8")
    try:  # JupyterLab writes JSON5 (comments allowed): drop // comments before parsing
        data = json.loads(re.sub(r"^\s*//.*$", "", text, flags=re.M))
    except ValueError:
        print(f"note: {path} is not readable JSON; the deck may open switched on (click its button to leave).")
        return False
    if not isinstance(data, dict) or data.get("active") is not True:
        return False
    data["active"] = False
    path.write_text(json.dumps(data, indent=4) + "\n", encoding="utf-8")
    return True


if __name__ == "__main__":
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else settings_dir()
    if deck_off(folder):
        print("The slide deck was left on last time: lessons open as notebooks (the deck button starts it again).")
