"""Draw a still picture of the table from plain data: walls, rivers, hands, melds, flowers, dice.

The table scene keeps a `BoardView` up to date from the engine's events and lets tweens move
`Sprite`s on top of it; this module only draws (it never changes what it is given).

    view = BoardView.example()
    draw_board(screen, Layout.for_size(*screen.get_size()), TileArt(), view)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

import pygame

from .art import TileArt
from .layout import Layout, MeldSpec, Rect, Slot, screen_seat
from .widgets import Fonts

FELT = (21, 84, 60)
FELT_DARK = (16, 66, 47)
FELT_LINE = (34, 108, 80)


@dataclass
class SeatView:
    """What is visible of one seat. ``hand`` holds kinds, or None for a face-down tile."""

    hand: list[int | None] = field(default_factory=list)
    drawn: int | bool | None = False  # False: no drawn tile; None: a face-down drawn tile
    melds: list[tuple[list[int | None], MeldSpec]] = field(default_factory=list)
    flowers: list[int] = field(default_factory=list)
    river: list[tuple[int, bool]] = field(default_factory=list)  # (kind, sideways)
    selected: int | None = None  # index into hand (the human's cursor); len(hand) = the drawn tile
    hidden: frozenset[int] = frozenset()  # indices into hand (+ drawn) not drawn: a sprite is there


@dataclass
class BoardView:
    """Everything on the felt. ``wall[seat][stack] = (lower present, upper present)``."""

    seats: list[SeatView] = field(default_factory=lambda: [SeatView() for _ in range(4)])
    wall: list[list[tuple[bool, bool]]] = field(
        default_factory=lambda: [[(True, True)] * 13 for _ in range(4)])
    dice: tuple[int, int] | None = None
    dice_in_centre: bool = False
    #: the broken wall: (screen seat of the counted stack, its stack, how far open 0..1)
    wall_break: tuple[int, int, float] | None = None

    @classmethod
    def example(cls, seed: int = 1) -> BoardView:
        """A mid-hand picture for screenshots and tests (not a real game position)."""
        rng = random.Random(seed)
        v = cls()
        kinds = [k for k in range(25) for _ in range(4)]
        rng.shuffle(kinds)
        for s in range(4):
            sv = v.seats[s]
            hand = sorted(kinds.pop() for _ in range(10))
            sv.hand = list(hand) if s == 0 else [None] * len(hand)
            sv.melds = [([kinds[-1]] * 3, MeldSpec(3, (s + 1) % 3))]
            kinds.pop()
            sv.flowers = [25 + s] if s != 3 else []
            sv.river = [(kinds.pop(), i == 7) for i in range(9 + 2 * s)]
        v.seats[0].drawn = kinds.pop()
        v.seats[0].selected = 3
        v.seats[2].melds.append(([None, kinds[-1], kinds[-1], None], MeldSpec(4, None)))
        for s in range(4):
            for j in range(13):
                if (s, j) in {(1, 4), (1, 5), (1, 6)} or (s == 1 and j > 6) or (s == 2 and j < 5):
                    v.wall[s][j] = (False, False)
        v.wall[1][3] = (True, False)
        v.dice = (5, 3)
        return v


def wall_from_positions(occupied: Iterable[int], human: int = 0) -> list[list[tuple[bool, bool]]]:
    """`BoardView.wall` from the engine's occupied wall positions (see `Layout.wall_place`).

    >>> w = wall_from_positions([0, 1, 27], human=0)
    >>> w[0][0], w[1][0], w[1][1]
    ((True, True), (True, False), (False, False))
    """
    from game.engine.wall import place

    out = [[[False, False] for _ in range(13)] for _ in range(4)]
    for pos in occupied:
        owner, stack, tier = place(pos)
        out[screen_seat(owner, human)][stack][1 if tier == 0 else 0] = True
    return [[(lo, up) for lo, up in seat] for seat in out]


def _blit_slot(surface: pygame.Surface, art: TileArt, slot: Slot, kind: int | None,
               face_up: bool = True, lift: int = 0) -> None:
    x, y = slot.rect.topleft
    surface.blit(art.tile(kind if face_up else None, slot.width, slot.orientation, face_up), (x, y - lift))


def draw_felt(surface: pygame.Surface, lay: Layout) -> None:
    surface.fill(FELT)
    sq = Rect.union([lay.wall_region(s) for s in range(4)]).grow(12, 12, 12, 12)
    pygame.draw.rect(surface, FELT_DARK, sq.as_tuple(), border_radius=18)
    pygame.draw.rect(surface, FELT_LINE, sq.as_tuple(), width=2, border_radius=18)


def draw_walls(surface: pygame.Surface, lay: Layout, art: TileArt, wall: list[list[tuple[bool, bool]]],
               brk: tuple[int, int, float] | None = None) -> None:
    """Back to front: higher on screen first, so lower stacks cover the thickness of those behind.
    `brk`: the wall opened at the breaking point (see `Layout.wall_break_shift`)."""
    items = []
    for s in range(4):
        for j, r in enumerate(lay.wall_stacks(s)):
            dx, dy = lay.wall_break_shift(s, j, brk)
            for tier in (0, 1):
                if wall[s][j][tier]:
                    x, y = lay.wall_tile_pos(s, j, tier)
                    items.append((r.y + dy, tier, round(x + dx), round(y + dy), s))
    items.sort(key=lambda it: (it[0], it[1]))
    for _, _, x, y, s in items:
        surface.blit(art.tile(None, lay.tile, s, False), (x, y))


def draw_board(surface: pygame.Surface, lay: Layout, art: TileArt, view: BoardView) -> None:
    draw_felt(surface, lay)
    draw_walls(surface, lay, art, view.wall, view.wall_break)
    kind: int | None  # None: a face-down tile
    # rivers: draw rows far from the viewer first
    for s in (2, 1, 3, 0):
        sv = view.seats[s]
        slots = lay.river_slots(s, [side for _, side in sv.river])
        for slot, (kind, _) in sorted(zip(slots, sv.river), key=lambda p: p[0].rect.y):
            _blit_slot(surface, art, slot, kind)
    for s in (2, 1, 3, 0):
        sv = view.seats[s]
        n = len(sv.hand)
        slots = lay.hand_slots(s, n, drawn=sv.drawn is not False)
        tiles: list[int | None] = list(sv.hand)
        if sv.drawn is not False:
            tiles.append(sv.drawn if isinstance(sv.drawn, int) and not isinstance(sv.drawn, bool) else None)
        order = sorted(range(len(slots)), key=lambda i: slots[i].rect.y)
        for i in order:
            if i in sv.hidden:
                continue
            kind = tiles[i]
            lift = lay.lift if (s == 0 and sv.selected == i) else 0
            _blit_slot(surface, art, slots[i], kind, face_up=kind is not None, lift=lift)
        meld_slots = lay.meld_slots(s, n, [spec for _, spec in sv.melds])
        for tiles_m, (kinds_m, _) in zip(meld_slots, sv.melds):
            for slot, kind in sorted(zip(tiles_m, kinds_m), key=lambda p: p[0].rect.y):
                _blit_slot(surface, art, slot, kind, face_up=kind is not None)
        for slot, kind in zip(lay.flower_slots(s, len(sv.flowers)), sv.flowers):
            _blit_slot(surface, art, slot, kind)
    if view.dice is not None:
        area = lay.dice_area if view.dice_in_centre else lay.dice_rest
        ds = lay.dice_size
        x = area.x + (area.w - 2 * ds - lay.gap) / 2 if view.dice_in_centre else area.x
        y = area.y + (area.h - ds) / 2
        for k, v in enumerate(view.dice):
            surface.blit(art.die(v, ds), (round(x + k * (ds + lay.gap)), round(y)))


@dataclass
class InfoView:
    """What the info panel shows. ``winds[seat]`` is 0-3 (East..North), ``names`` the players."""

    wall_count: int = 51
    hand_no: int = 1
    dealer: int = 0
    winds: tuple[int, int, int, int] = (0, 1, 2, 3)
    names: tuple[str, str, str, str] = ("You", "South", "West", "North")
    scores: tuple[int, int, int, int] = (0, 0, 0, 0)
    clock: str = ""
    lang: str = "en"


def draw_info(surface: pygame.Surface, lay: Layout, art: TileArt, fonts: Fonts, info: InfoView,
              text_scale: float = 1.0) -> None:
    """The info panel: wall count, hand number, clock, then a line per seat (wind tile, name,
    score; the dealer marked). `text_scale` > 1 enlarges text and rows (the box grows down) for a
    picture that is shown scaled down (the practice and replay boards)."""
    from .i18n import tr
    from .widgets import DIM, GOLD, WHITE, draw_panel

    r = lay.info
    lh = round(lay.line_h * text_scale)
    box = pygame.Rect(r.as_tuple())
    if text_scale != 1.0:
        box.h = round(lh * 8.4)
    draw_panel(surface, box, alpha=200, radius=10)
    size = round(lh * 0.62)
    x, y = round(r.x + lh * 0.5), round(r.y + lh * 0.4)
    head = f"{tr('table.hand_n', info.lang, n=info.hand_no)}   {tr('table.wall', info.lang)} {info.wall_count}"
    surface.blit(fonts.fit(head, size, r.w - lh, GOLD, bold=True), (x, y))
    if info.clock:
        c = fonts.text(info.clock, size, DIM)
        surface.blit(c, c.get_rect(topright=(round(r.right - lh * 0.5), y)))
    y += round(lh * 1.3)
    tw = max(16, round(lh * 0.8))
    for seat in range(4):
        wind = art.tile(18 + info.winds[seat], tw)
        surface.blit(wind, (x, y))
        colour = GOLD if seat == info.dealer else WHITE
        name = info.names[seat] + ("  (" + tr("table.dealer", info.lang) + ")" if seat == info.dealer else "")
        ty = y + (wind.get_height() - size * 1.3) / 2
        surface.blit(fonts.fit(name, size, r.w * 0.6, colour), (x + tw + lh * 0.4, round(ty)))
        sc = fonts.text(f"{info.scores[seat]:+d}" if info.scores[seat] else "0", size, colour)
        surface.blit(sc, sc.get_rect(topright=(round(r.right - lh * 0.5), round(ty))))
        y += round(lh * 1.55)
