"""The table rehearsed off-screen before a hand is shown: the pictures a hand needs that are not
simple tile sprites (the soft shadows under hand rows of every length, river and meld cells
lying sideways, flowers; the dice at the sizes they are drawn) are made in the spare time
before the table's first frame, so that no frame of the seat choice, the ritual or the deal
waits for one.

    app.prepare(rehearse(layout, art))     # each step: one picture drawn into a scratch surface
    draw_ahead(table_scene)                # the table as the first screen: its first picture

The empty table and the tile sprites themselves are drawn ahead by `App._table_ahead`; this is
the rest of what `bench/bench_ui.py` found drawn in the table's first frames (its "sprites of
the tile art drawn in them").

>>> import pygame; from game.ui.art import TileArt; from game.ui.layout import Layout
>>> _ = pygame.display.init(); _ = pygame.display.set_mode((1, 1))
>>> art = TileArt(); n = sum(1 for _ in rehearse(Layout.for_size(1024, 640), art))
>>> ("die", 6, Layout.for_size(1024, 640).dice_size) in art.cache, n > 20
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.events import SessionStarted

from .art import TileArt
from .board import BoardView, InfoView, SeatView, draw_board, draw_info
from .layout import Layout, MeldSpec
from .widgets import FIT_MIN, Fonts

if TYPE_CHECKING:
    from .table.side_column import ColumnApp

#: a hand holds at most this many concealed tiles besides the drawn one
HAND_MAX = 13
#: the melds a seat may lay down: pungs (claimed from each side) and kongs (claimed, concealed)
MELDS = (MeldSpec(3, 0), MeldSpec(3, 1), MeldSpec(3, 2), MeldSpec(4, 0), MeldSpec(4, 3),
         MeldSpec(4, None))
#: the smallest die drawn (the seat choice's icons; `TableView._draw_seat_pick`)
SMALLEST_DIE = 14


def views() -> Iterator[BoardView]:
    """Boards in the states a hand passes through: every seat's hand from 1 to 13 tiles, with
    and without a drawn tile; a river with a tile lying sideways; each kind of meld; flowers."""
    for n in range(1, HAND_MAX + 1):
        for drawn in (False, True):
            v = BoardView(wall=[[(False, False)] * 13 for _ in range(4)])
            for s in range(4):
                up = s == 0
                v.seats[s] = SeatView(hand=[(i % 27) if up else None for i in range(n)],
                                      drawn=(0 if up else None) if drawn else False)
            yield v
    for k, spec in enumerate(MELDS):
        v = BoardView(wall=[[(False, False)] * 13 for _ in range(4)])
        for s in range(4):
            faces: list[int | None] = [k] * spec.size
            if spec.sideways is None:  # a concealed kong: its two ends face down
                faces[0] = faces[-1] = None
            v.seats[s] = SeatView(hand=[None] * (HAND_MAX - 3), melds=[(faces, spec)],
                                  river=[(k, False), (k, True)], flowers=list(range(27, 29)))
        yield v


def cells(lay: Layout) -> set[tuple[int, int]]:
    """Every (width, orientation) a tile is drawn in on the table at `lay`: hands, drawn tiles,
    rivers (a tile lying sideways too), melds and flowers of each seat, where the tiles in
    flight (`game.ui.sprites`) take their look from too.

    >>> lay = Layout.for_size(1024, 640)
    >>> (lay.hand_tile, 0) in cells(lay), (lay.opp_tile, 1) in cells(lay)
    (True, True)
    """
    out: set[tuple[int, int]] = set()
    for s in range(4):
        slots = [*lay.hand_slots(s, HAND_MAX, drawn=True), *lay.river_slots(s, [False, True]),
                 *lay.flower_slots(s, 8)]
        for spec in MELDS:
            slots += lay.meld_slots(s, HAND_MAX - 3, [spec])[0]
        out.update((slot.width, slot.orientation) for slot in slots)
    return out


def rehearse(lay: Layout, art: TileArt, fonts: Fonts | None = None, lang: str = "en",
             app: ColumnApp | None = None) -> Iterator[None]:
    """Draw `views()` at `lay` into a scratch surface, one a step; every tile at each of
    `cells` (one a step); with `fonts`, the seat plates and the console with each seat the
    dealer (each seat's wind at each plate) and the banner's fonts; with `app`, the right
    column's (`game.ui.table.side_column`); then the dice at the table's size and the seat
    choice's. What they made stays in `art`'s cache (and `fonts`' text cache)."""
    scratch = pygame.Surface(lay.size)
    for v in views():
        draw_board(scratch, lay, art, v)
        yield None
    for width, orientation in sorted(cells(lay)):
        for k in (None, *range(29)):
            art.tile(k, width, orientation)
            yield None
    if app is not None:
        side_column(scratch, lay, app)
        yield None
    if fonts is not None:
        for dealer in range(4):
            winds = ((-dealer) % 4, (1 - dealer) % 4, (2 - dealer) % 4, (3 - dealer) % 4)
            draw_info(scratch, lay, art, fonts, InfoView(lang=lang, dealer=dealer, winds=winds,
                                                         prevalent=dealer))
            yield None
        # the banner's longer lines ("The wall breaks: ...") are fitted to the felt at smaller
        # sizes (`Fonts.fit`, down to `FIT_MIN`): those fonts opened too
        for size in range(math.ceil(lay.banner_px * FIT_MIN), lay.banner_px):
            fonts.font(size, True)
            yield None
    for value in range(1, 7):
        art.die(value, lay.dice_size)
    yield None
    for size in range(SMALLEST_DIE, max(SMALLEST_DIE, lay.dice_size) + 1):
        art.die(5, size)
        art.die(6, size)
    yield None


def side_column(scratch: pygame.Surface, lay: Layout, app: ColumnApp) -> None:
    """The right column's scores and moves (`TableView._draw_side_column`) drawn into
    `scratch`: its fonts opened and its headings rendered."""
    from .director import HandModel
    from .table.side_column import SideColumn

    area = pygame.Rect(lay.hints_area(0).as_tuple())
    area.h = round(lay.buttons.y) - lay.gap - area.y
    SideColumn().draw(scratch, area, app, HandModel(), ("", "", "", ""), 0, [], 0, area)


def draw_ahead(scene: Any) -> None:
    """Draw `scene` once off-screen, now: what its first frame draws (the empty table; the seat
    choice's names, winds and dice, as it shows once that frame has taken the session's first
    event) is made before it shows. For the table as the first
    screen (``play --autoplay``, ``bench_ui.py --no-title``), which no frame's spare time has
    prepared: its first frame took 46 ms of CPU time at 1280x800, opening fonts and drawing the
    empty table; the same work now comes before the first frame, part of the start. A scene's
    drawing changes no state (`Scene.draw`); a one-pixel surface keeps what it made in the
    caches, not its pixels."""
    scratch = pygame.Surface((1, 1))
    scene.draw(scratch)
    # its first frame takes the session's first event: the seat choice (names, winds, dice)
    model = scene.director.model
    start = next((e for e in scene.session.events if isinstance(e, SessionStarted)), None)
    if model.seat_pick is None and start is not None:
        model.seat_pick = start
        try:
            scene.draw(scratch)
        finally:
            model.seat_pick = None
    # the right column, which shows once the hand is dealt (its fonts opened in that frame)
    side_column(pygame.Surface(scene.app.layout.size), scene.app.layout, scene.app)
