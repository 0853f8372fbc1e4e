"""The call assists at the table: three toggles, as online clients have them, saved in the settings.

- auto-win (F5): every legal win is declared at once;
- no calls (F6): every pung and kong offer is passed (a win is still offered);
- auto-discard (F7): after your uper, each drawn tile is discarded unless a win is possible (the
  engine already discards a drawn tile that offers nothing; this also declines a kong).

The table asks the engine's `Decision` which actions are legal and submits only one of those
(`TableInput._assisted`); this module is their names, keys, place and picture.

>>> [a.setting for a in ASSISTS]
['assist_auto_win', 'assist_no_calls', 'assist_auto_discard']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..layout import Layout, Rect
from ..widgets import DIM, GOLD

if TYPE_CHECKING:
    from game.settings import Settings

    from ..widgets import Fonts


@dataclass(frozen=True)
class Assist:
    setting: str  # the `Settings` field
    key: int  # the key that toggles it


ASSISTS = (Assist("assist_auto_win", pygame.K_F5), Assist("assist_no_calls", pygame.K_F6),
           Assist("assist_auto_discard", pygame.K_F7))
#: the coach's assists (issue 32), toggled by key only: the danger assist (F8) and the live coach
#: (F9), drawn by `danger_overlay`
COACH_KEYS = (Assist("assist_danger", pygame.K_F8), Assist("live_coach", pygame.K_F9))


def assist_rects(lay: Layout) -> list[Rect]:
    """Three toggles stacked in the left column above the human's plate (`Layout.assists_area`),
    clear of the plates, the dice, the prompt's buttons and the table.

    >>> lay = Layout.for_size(1024, 640)
    >>> rs = assist_rects(lay)
    >>> len(rs), all(r.inside(lay.assists_area) for r in rs), rs[0].bottom < rs[1].y
    (3, True, True)
    """
    area = lay.assists_area
    h = lay.assist_h
    gap = max(3, lay.gap // 2)
    w = min(area.w, max(150, round(lay.river_tile * 6)))
    return [Rect(area.x, area.y + i * (h + gap), w, h) for i in range(3)]


def _labels(fonts: Fonts, lay: Layout, text: dict[str, str], room: float) -> tuple[list[str], int]:
    """The toggles' labels and one text size for all three: the largest (from half a line down
    to 10 px) at which each fits its button, with its key (F5...) while that fits too."""
    top = max(12, round(lay.assist_h * 0.6))
    for keys in (True, False):
        labels = [f"{text[a.setting]} {pygame.key.name(a.key).upper()}" if keys else text[a.setting]
                  for a in ASSISTS]
        for size in range(top, 9, -1):
            if all(fonts.text(f"● {t}", size).get_width() <= room for t in labels):
                return labels, size
    return labels, 10


def draw_assists(surface: pygame.Surface, fonts: Fonts, lay: Layout, settings: Settings,
                 text: dict[str, str]) -> None:
    """The toggles: on is gold on the highlight colour, off is dim; `text` names each setting
    (its short label)."""
    from ..themes import TABLE_THEMES

    theme = TABLE_THEMES.get(getattr(settings, "table_theme", "green"), TABLE_THEMES["green"])
    rects = assist_rects(lay)
    labels, size = _labels(fonts, lay, text, rects[0].w - 10)
    for a, r, label in zip(ASSISTS, rects, labels):
        rect = pygame.Rect(r.as_tuple())
        on = bool(getattr(settings, a.setting))
        pygame.draw.rect(surface, theme.palette.hilite if on else theme.plate, rect, border_radius=6)
        pygame.draw.rect(surface, GOLD if on else theme.plate_edge, rect, width=2 if on else 1,
                         border_radius=6)
        img = fonts.fit(("● " if on else "○ ") + label, size, rect.w - 6, GOLD if on else DIM)
        surface.blit(img, img.get_rect(center=rect.center))
