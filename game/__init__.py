"""Korean 2-Point Mahjong: rules engine (`game.engine`), command line (`game.cli`), front end (`game.ui`).

The version is written once, in pyproject.toml, and read here from the installed metadata; a
source checkout that was never installed reads its pyproject.toml.
"""

from __future__ import annotations


def _version() -> str:
    from importlib import metadata

    try:
        return metadata.version("korean-mahjong")
    except metadata.PackageNotFoundError:
        pass
    import tomllib
    from pathlib import Path

    try:
        with open(Path(__file__).resolve().parent.parent / "pyproject.toml", "rb") as f:
            return str(tomllib.load(f)["project"]["version"])
    except (OSError, ValueError, KeyError):
        return "0+unknown"


__version__ = _version()
