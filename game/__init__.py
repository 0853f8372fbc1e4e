"""Korean 2-Point Mahjong: rules engine (`game.engine`), command line (`game.cli`), front end (`game.ui`).

The version is written once, in pyproject.toml, and read here from the installed metadata; a
source checkout that was never installed reads its pyproject.toml. It is read when first asked
for (``game.__version__``), not at import: reading the metadata costs the game's start-up time.
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


def __getattr__(name: str) -> str:
    if name == "__version__":
        version = _version()
        globals()["__version__"] = version  # read once
        return version
    raise AttributeError(f"module 'game' has no attribute {name!r}")
