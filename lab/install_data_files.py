"""Copy nbteach's data files into an environment, for an editable install, which leaves them out.

The wheel carries what JupyterLab needs besides the package (pyproject.toml's
``[tool.setuptools.data-files]``: nbteach's JupyterLab extension, the lessons' settings, the
file that enables the server extension ``nbteach._server``), and ``pip install nbteach`` puts
them under the environment's prefix. An editable install (``pip install -e .``, as ``make
lab`` and ``make test`` do) installs none of them: setuptools' editable wheel is built
without its data files (seen with setuptools 84: its ``editable_wheel`` asks the
distribution for ``has_data``, a method it does not have, so ``install_data`` never runs),
and uv and pip install what the wheel holds. So ``make`` runs this after its editable
install: it copies the same files, read from the same table, to the same places::

    python lab/install_data_files.py [PREFIX]     # default: this Python's sys.prefix

A folder named after nbteach (``share/jupyter/labextensions/nbteach-lab``) is replaced
whole, so that no file of an earlier build of the extension is left in it.
"""
from __future__ import annotations

import glob
import shutil
import sys
from pathlib import Path, PurePosixPath

try:
    import tomllib
except ModuleNotFoundError:         # Python 3.10: the TOML reader pip carries (make installs with pip)
    from pip._vendor import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]


def data_files(root: Path = ROOT) -> dict[str, list[Path]]:
    """pyproject.toml's data-files: ``{destination under the prefix: [source files]}``, each
    pattern expanded as setuptools expands it (a recursive glob, relative to ``root``). A
    pattern that matches nothing is an error here: setuptools ships nothing for it."""
    table = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["data-files"]
    out = {}
    for dest, patterns in table.items():
        files = []
        for pattern in patterns:
            found = sorted(Path(p) for p in glob.glob(str(root / pattern), recursive=True) if Path(p).is_file())
            if not found:
                raise SystemExit(f"pyproject.toml's data-files: {pattern!r} matches no file in {root}")
            files += found
        out[dest] = files
    return out


def _owned(dest: str) -> PurePosixPath | None:
    """The first folder of ``dest`` named after nbteach (replaced whole), or None."""
    parts = PurePosixPath(dest).parts
    for i, part in enumerate(parts):
        if "nbteach" in part:
            return PurePosixPath(*parts[:i + 1])
    return None


def install(prefix: Path, root: Path = ROOT) -> list[Path]:
    """Copy the data files under ``prefix``; returns the files written."""
    table = data_files(root)
    for folder in sorted({_owned(dest) for dest in table} - {None}):
        shutil.rmtree(prefix / folder, ignore_errors=True)
    written = []
    for dest, files in table.items():
        (prefix / dest).mkdir(parents=True, exist_ok=True)
        for source in files:
            written.append(Path(shutil.copy2(source, prefix / dest / source.name)))
    return written


if __name__ == "__main__":
    install(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(sys.prefix))
