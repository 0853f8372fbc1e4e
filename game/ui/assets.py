"""Where the game's asset files are (``assets/`` next to the ``game`` package).

>>> asset_path("fonts", "kmj-ui.otf").name
'kmj-ui.otf'
"""

from __future__ import annotations

from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent.parent / "assets"
TILE_FONT = ASSETS / "fonts" / "kmj-tiles-bold.otf"
UI_FONT = ASSETS / "fonts" / "kmj-ui.otf"
SOUNDS = ASSETS / "sounds"


def asset_path(*parts: str) -> Path:
    """Path of an asset file; raises FileNotFoundError naming it when it is missing."""
    p = ASSETS.joinpath(*parts)
    if not p.exists():
        raise FileNotFoundError(f"asset {'/'.join(parts)} not found at {p}")
    return p
