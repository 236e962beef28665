"""Strip outputs and execution counts from notebooks, so git diffs show only what people wrote.

    python tools/strip_notebooks.py notebooks          # strip in place
    python tools/strip_notebooks.py --check notebooks  # exit 1 and name any that carry outputs
"""
from __future__ import annotations

import json
import sys
from pathlib import Path


def notebooks_under(paths):
    for p in map(Path, paths):
        if p.is_dir():
            yield from sorted(q for q in p.rglob("*.ipynb") if ".ipynb_checkpoints" not in q.parts)
        else:
            yield p


def stripped(nb: dict) -> dict:
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        cell.get("metadata", {}).pop("execution", None)
    nb.get("metadata", {}).pop("widgets", None)
    return nb


def rewrite(paths, transform, check: bool) -> list[Path]:
    """Apply ``transform`` (notebook dict -> notebook dict) to each notebook; write it back unless
    ``check``. Returns the notebooks it changed (or would change)."""
    changed = []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        new = json.dumps(transform(json.loads(text)), indent=1, ensure_ascii=False) + "\n"
        if new != text:
            changed.append(path)
            if not check:
                path.write_text(new, encoding="utf-8")
    return changed


def command(argv, find, transform, stale_message) -> int:
    """``tool [--check] [paths]``: rewrite the notebooks ``find(paths)`` yields, or with --check
    exit 1 and name those that would change."""
    check = "--check" in argv
    changed = rewrite(find([a for a in argv if a != "--check"] or ["notebooks"]), transform, check)
    if check and changed:
        print(stale_message, *changed, sep="\n  ")
        return 1
    return 0


def main(argv) -> int:
    return command(argv, notebooks_under, stripped, "These notebooks carry outputs; run `make strip`:")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
