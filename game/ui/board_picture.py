"""A still picture of a hand after some of its events, for the practice and the replay viewer.

    picture = BoardPicture(app)
    surf = picture.render(events, human=0, reveal=False, size=(800, 500),
                          info=info_for(table, 0, "en", "You"))

The events are played through a `Director` at once (no animation) and drawn with
`game.ui.board`; the picture is cached until the events or the options change.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import seat_name

from .board import InfoView, draw_board, draw_info
from .director import Director
from .layout import Layout, screen_seat

if TYPE_CHECKING:
    from .app import App


class BoardPicture:
    """The felt of a hand after some of its events, seen from seat `human` (bottom), drawn at a
    minimum-size layout and scaled into any rect; cached until the events or options change."""

    BASE = (1024, 640)

    def __init__(self, app: App) -> None:
        self.app = app
        self._key: Any = None
        self._surface: pygame.Surface | None = None
        self.error = ""

    def render(self, events: Sequence[Any], human: int, reveal: bool, size: tuple[int, int],
               info: InfoView | None = None, key: Any = None) -> pygame.Surface:
        """The picture (cached by `key`, the event count, human, reveal and size)."""
        k = (key, len(events), human, reveal, size, info)
        if k == self._key and self._surface is not None:
            return self._surface
        bw, bh = self.BASE
        shrink = min(size[0] / bw, size[1] / bh)  # < 1: the picture is shown smaller than drawn
        if size[0] > bw and size[1] > bh:
            scale = min(size[0] / bw, size[1] / bh)
            bw, bh = max(1024, round(bw * scale)), max(640, round(bh * scale))
        lay = Layout.for_size(bw, bh)
        base = pygame.Surface((bw, bh))
        self.error = ""
        try:
            d = Director(lay, human=human, speed=math.inf, reveal_all=reveal)
            d.follow(list(events))
            d.catch_up()
            d.update(0.0)
            view = d.view()
            draw_board(base, lay, self.app.art, view)
            d.sprites.draw(base, self.app.art)
            if info is not None:
                # readable once scaled down: the plates' text larger when the picture shrinks
                ts = min(1.8, 1 / shrink) if shrink < 1 else 1.0
                draw_info(base, lay, self.app.art, self.app.fonts, info, text_scale=ts)
        except Exception as e:  # noqa: BLE001 - a damaged record must not crash the viewer
            base.fill((21, 84, 60))
            self.error = f"{type(e).__name__}: {e}"
        if (bw, bh) != size:
            base = pygame.transform.smoothscale(base, size)
        self._key, self._surface = k, base
        return base


def info_for(table: Any, human: int, lang: str, you: str) -> InfoView:
    """The info panel of a table seen from `human`."""
    by_screen = [0] * 4
    for seat in range(4):
        by_screen[screen_seat(seat, human)] = seat
    names = tuple(you if s == human else seat_name(s, lang) for s in by_screen)
    # the table's running scores are by seat (the observation's too), not by player
    scores = tuple(int(table.scores[s]) if len(table.scores) == 4 else 0 for s in by_screen)
    # what the player saw at the table then: the uper sticks and lit plates, the prevalent wind
    # and the flowers (a replay at a decision showed no uper badge while the hints named one)
    try:
        obs = table.observation(human)
        uper = tuple(bool(obs.uper[s]) for s in by_screen)
        flowers = tuple(len(obs.flowers[s]) for s in by_screen)
        prevalent = obs.prevalent
    except Exception:  # noqa: BLE001 - a table that cannot be observed: the plates without them
        uper, flowers, prevalent = (False,) * 4, (0,) * 4, None
    return InfoView(wall_count=table.wall.remaining if table.wall is not None else 0,
                    hand_no=getattr(table, "hand", 1) or 1, dealer=screen_seat(0, human),
                    winds=tuple(by_screen), names=names, scores=scores, lang=lang,  # type: ignore[arg-type]
                    prevalent=prevalent, flowers=flowers, uper=uper)  # type: ignore[arg-type]
