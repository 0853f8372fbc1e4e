"""Where the game's asset files are (``assets/`` next to the ``game`` package).

>>> asset_path("fonts", "kmj-ui.otf").name
'kmj-ui.otf'
"""

from __future__ import annotations

import sys
import sysconfig
from pathlib import Path


def _find_assets() -> Path:
    """``assets/`` of a source checkout (or an editable install), else the copy a regular install
    puts in ``<prefix>/share/korean-mahjong/assets`` (pyproject's data-files)."""
    here = Path(__file__).resolve().parent.parent.parent / "assets"
    candidates = [here, Path(sys.prefix) / "share" / "korean-mahjong" / "assets",
                  Path(sysconfig.get_path("data")) / "share" / "korean-mahjong" / "assets"]
    for c in candidates:
        if (c / "fonts").is_dir():
            return c
    return here


ASSETS = _find_assets()
TILE_FONT = ASSETS / "fonts" / "kmj-tiles-bold.otf"
UI_FONT = ASSETS / "fonts" / "kmj-ui.otf"
SOUNDS = ASSETS / "sounds"


def asset_path(*parts: str) -> Path:
    """Path of an asset file; raises FileNotFoundError naming it when it is missing."""
    p = ASSETS.joinpath(*parts)
    if not p.exists():
        raise FileNotFoundError(f"asset {'/'.join(parts)} not found at {p}")
    return p
