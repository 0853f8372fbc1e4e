"""Draw the game's icon into ``assets/icons/korean-mahjong-<size>.png`` (made by this project).

    python tools/make_icon.py

A red-dragon tile (中, from the game's own tile font) standing on green felt inside a rounded
plate, drawn once at 1024 px and scaled down smoothly to each size a desktop asks for (16 to
512). Deterministic: the same fonts give the same pictures. The window icon, the desktop entry
and the standalone build all use these files.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
BIG = 1024

FELT, FELT_DARK = (24, 104, 72), (14, 70, 48)
RIM = (201, 162, 77)
IVORY, IVORY_SHADE = (250, 246, 232), (226, 218, 196)
BACK = (30, 126, 96)  # the tile's green back, seen as its thickness
RED = (196, 30, 36)
SHADOW = (0, 0, 0, 90)


def draw(size: int = BIG):
    import pygame
    import pygame.freetype

    s = size / BIG
    icon = pygame.Surface((size, size), pygame.SRCALPHA)

    def r(x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(round(x * s), round(y * s), round(w * s), round(h * s))

    # the plate: gold rim, felt inside with a darker edge
    pygame.draw.rect(icon, RIM, r(32, 32, 960, 960), border_radius=round(200 * s))
    pygame.draw.rect(icon, FELT_DARK, r(64, 64, 896, 896), border_radius=round(172 * s))
    pygame.draw.rect(icon, FELT, r(92, 92, 840, 840), border_radius=round(150 * s))
    # a soft shadow under the tile
    shadow = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(shadow, SHADOW, r(296, 232, 500, 660), border_radius=round(70 * s))
    icon.blit(shadow, (0, 0))
    # the tile: green back (its thickness) below, ivory face with a shaded lower edge on top
    pygame.draw.rect(icon, BACK, r(262, 196, 500, 660), border_radius=round(64 * s))
    pygame.draw.rect(icon, IVORY_SHADE, r(262, 168, 500, 640), border_radius=round(64 * s))
    pygame.draw.rect(icon, IVORY, r(262, 168, 500, 610), border_radius=round(64 * s))
    # the red dragon
    pygame.freetype.init()
    font = pygame.freetype.Font(str(ROOT / "assets" / "fonts" / "kmj-tiles-bold.otf"),
                                round(430 * s))
    glyph, rect = font.render("中", RED)
    rect.center = (round(512 * s), round(478 * s))
    icon.blit(glyph, rect)
    return icon


def main() -> int:
    import pygame

    pygame.display.init()
    OUT.mkdir(parents=True, exist_ok=True)
    big = draw()
    for n in SIZES:
        pic = pygame.transform.smoothscale(big, (n, n))
        pygame.image.save(pic, str(OUT / f"korean-mahjong-{n}.png"))
    print(f"icons written to {OUT}: {', '.join(map(str, SIZES))} px")
    return 0


if __name__ == "__main__":
    sys.exit(main())
