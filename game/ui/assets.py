"""Where the game's asset files are: the package ``game.assets`` (the repository's top-level
``assets/`` folder, which pyproject.toml installs as package data).

The files are found through `importlib.resources` in every install scheme: a virtual
environment, pipx, ``pip install --user``, an editable install and a frozen build. Run straight
from a source checkout that was never installed, ``game.assets`` cannot be imported (the folder is
beside ``game/``, not in it) and the checkout's own ``assets/`` is used.

>>> asset_path("fonts", "kmj-ui.otf").name
'kmj-ui.otf'
>>> (ASSETS / "LICENSES.md").is_file()
True
"""

from __future__ import annotations

import atexit
import contextlib
import importlib.resources
from pathlib import Path

__all__ = ["ASSETS", "ICONS", "SOUNDS", "TILE_FONT", "UI_FONT", "asset_path", "find_assets"]

#: the package the assets are installed as
PACKAGE = "game.assets"
#: files every copy of the assets has (a folder without them is not the assets)
_MARKERS = ("fonts/kmj-ui.otf", "fonts/kmj-tiles-bold.otf")
_open_files = contextlib.ExitStack()  # keeps an extracted copy alive (assets in a zip archive)
atexit.register(_open_files.close)


def _checkout() -> Path:
    return Path(__file__).resolve().parent.parent.parent / "assets"


def _complete(p: Path) -> bool:
    return all((p / m).is_file() for m in _MARKERS)


def find_assets() -> Path:
    """The folder of the installed package ``game.assets``, else a source checkout's
    ``assets/``. Raises FileNotFoundError naming both places when neither holds the fonts."""
    tried: list[str] = []
    try:
        root = importlib.resources.files(PACKAGE)
    except ModuleNotFoundError:
        tried.append(f"the package {PACKAGE} (not installed)")
    else:
        try:  # a folder on disk as it is; anything else (a zip archive) extracted for the run
            path = root if isinstance(root, Path) else _open_files.enter_context(
                importlib.resources.as_file(root))
        except (OSError, TypeError, ValueError) as e:
            tried.append(f"the package {PACKAGE} ({e})")
        else:
            if _complete(path):
                return path
            tried.append(f"the package {PACKAGE} at {path}")
    here = _checkout()
    if _complete(here):
        return here
    tried.append(f"the source checkout's {here}")
    raise FileNotFoundError("the game's fonts are missing; looked in " + " and ".join(tried)
                            + ". Reinstall the game.")


ASSETS = find_assets()
TILE_FONT = ASSETS / "fonts" / "kmj-tiles-bold.otf"
UI_FONT = ASSETS / "fonts" / "kmj-ui.otf"
SOUNDS = ASSETS / "sounds"
ICONS = ASSETS / "icons"


def asset_path(*parts: str) -> Path:
    """Path of an asset file; raises FileNotFoundError naming it when it is missing."""
    p = ASSETS.joinpath(*parts)
    if not p.exists():
        raise FileNotFoundError(f"asset {'/'.join(parts)} not found at {p}")
    return p
