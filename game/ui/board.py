"""Draw a still picture of the table from plain data: walls, rivers, hands, melds, flowers, dice.

The table scene keeps a `BoardView` up to date from the engine's events and lets tweens move
`Sprite`s on top of it; this module only draws (it never changes what it is given).

    view = BoardView.example()
    draw_board(screen, Layout.for_size(*screen.get_size()), TileArt(), view)
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TypeVar

import pygame

from game.i18n import seat_name

from .art import SurfaceCache, TileArt, depth, shadow_blur
from .layout import Layout, MeldSpec, Rect, Slot, screen_seat
from .themes import TABLE_THEMES, TableTheme
from .widgets import Fonts

_T = TypeVar("_T")

FELT = (21, 84, 60)
FELT_DARK = (14, 62, 44)
FELT_LIGHT = (30, 108, 78)
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
               face_up: bool = True, lift: int = 0, standing: bool = False) -> None:
    x, y = slot.rect.topleft
    if standing:
        surface.blit(art.standing(slot.width, slot.orientation), (x, y - lift))
    else:
        surface.blit(art.tile(kind if face_up else None, slot.width, slot.orientation, face_up), (x, y - lift))


def _shadow(surface: pygame.Surface, art: TileArt, r: Rect, lift: int = 0) -> None:
    """A soft shadow under a tile (or a row of tiles) whose cell is `r`."""
    w, h = round(r.w), round(r.h) + depth(round(min(r.w, r.h)))
    b = shadow_blur(w, h)
    off = max(1, round(min(r.w, r.h) * 0.08))
    surface.blit(art.shadow(w, h), (round(r.x) - b + off, round(r.y) - b + off * 2 - lift // 2))


#: pixel bytes of empty-table pictures kept: two at the window sizes people use (a table and a
#: practice or lesson board), only the newest past them (one at 3840x2160 is 33 MB)
BACKGROUND_BYTES = 40 * 2**20
#: pictures of the empty table (room, rail, felt, console) by window size and table theme
_BACKGROUNDS: SurfaceCache[tuple[tuple[int, int], str], pygame.Surface] = SurfaceCache(
    BACKGROUND_BYTES, max_entries=2)

ROOM = (24, 26, 30)
ROOM_LIGHT = (40, 44, 50)
WOOD_DARK = (74, 44, 26)
WOOD = (120, 74, 42)
WOOD_LIGHT = (168, 112, 66)
CONSOLE = (14, 30, 26)
RACK = (16, 70, 50)
CONSOLE_EDGE = (70, 120, 100)


def table_background(lay: Layout, theme: TableTheme | None = None) -> pygame.Surface:
    """The empty table for a layout in a table theme (`game.ui.themes`; the default: green felt,
    a wooden rail): a dim room, the square table with its rail, the felt lit towards the
    middle, and the central console's plate. Drawn once per window size and theme."""
    th = theme or TABLE_THEMES["green"]
    key = (lay.size, th.key)
    bg = _BACKGROUNDS.get(key)
    if bg is not None:
        return bg
    W, H = lay.size
    bg = pygame.Surface((W, H))
    _gradient(bg, pygame.Rect(0, 0, W, H), th.room_light, th.room, radial=True)
    f = pygame.Rect(lay.frame.as_tuple())
    rail = lay.rail
    radius = max(8, rail * 2)
    shadow = pygame.Surface((f.w + 40, f.h + 40), pygame.SRCALPHA)  # the table's shadow on the floor
    pygame.draw.rect(shadow, (0, 0, 0, 120), shadow.get_rect().inflate(-30, -30), border_radius=radius + 10)
    shadow = pygame.transform.smoothscale(pygame.transform.smoothscale(shadow, (max(2, f.w // 8), max(2, f.h // 8))),
                                          shadow.get_size())
    bg.blit(shadow, (f.x - 20 + rail // 2, f.y - 20 + rail))
    # the rail: dark wood, a lighter bevel on top, a thin bright line where it meets the felt
    pygame.draw.rect(bg, th.wood_dark, f, border_radius=radius)
    pygame.draw.rect(bg, th.wood, f.inflate(-max(2, rail // 4), -max(2, rail // 4)), border_radius=radius)
    top = pygame.Rect(f.x + rail // 3, f.y + rail // 5, f.w - 2 * (rail // 3), max(2, rail // 3))
    pygame.draw.rect(bg, th.wood_light, top, border_radius=max(1, rail // 6))
    inner = pygame.Rect(lay.felt.as_tuple())
    pygame.draw.rect(bg, th.wood_light, inner.inflate(4, 4), border_radius=max(4, radius - rail // 2))
    _draw_felt(bg, inner, th, max(4, radius - rail))
    # the human's rack in front of the table: a felt apron under the hand, as wide as the row
    row = pygame.Rect(lay.row_region(0).as_tuple()).inflate(2 * lay.gap, 0)
    row.x = min(row.x, f.x)
    row.w = max(row.right, f.right) - row.x
    rack = pygame.Rect(row.x, row.y - lay.gap, row.w, H - row.y + lay.gap + radius)
    pygame.draw.rect(bg, th.wood_dark, rack.inflate(4, 4), border_radius=radius)
    pygame.draw.rect(bg, th.rack, rack, border_radius=radius)
    pygame.draw.line(bg, th.wood_light, (rack.x + radius, rack.y), (rack.right - radius, rack.y), 2)
    # the console: a dark plate with a bevelled edge, a slot for each seat's side
    c = pygame.Rect(lay.console.as_tuple())
    cr = max(6, c.w // 12)
    pygame.draw.rect(bg, th.console_shadow, c.move(0, max(2, c.w // 60)), border_radius=cr)
    pygame.draw.rect(bg, th.console, c, border_radius=cr)
    pygame.draw.rect(bg, th.console_edge, c, width=max(1, c.w // 90), border_radius=cr)
    mid = pygame.Rect(lay.console_middle.as_tuple())
    pygame.draw.rect(bg, th.console_middle, mid, border_radius=max(4, cr // 2))
    if pygame.display.get_surface() is not None:
        bg = bg.convert()
    _BACKGROUNDS.put(key, bg)
    return bg


def _gradient(surface: pygame.Surface, rect: pygame.Rect, inner: tuple[int, int, int],
              outer: tuple[int, int, int], radial: bool = False) -> None:
    """Fill `rect` from `inner` (the middle) to `outer` (the edges): a small picture scaled up."""
    n = 32
    small = pygame.Surface((n, n))
    for y in range(n):
        for x in range(n):
            dx, dy = (x + 0.5) / n * 2 - 1, (y + 0.5) / n * 2 - 1
            t = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.3) if radial else (y + 0.5) / n
            small.set_at((x, y), tuple(round(a + (b - a) * t * t) for a, b in zip(inner, outer)))
    surface.blit(pygame.transform.smoothscale(small, rect.size), rect.topleft)


def draw_table_piece(surface: pygame.Surface, rect: pygame.Rect, theme: TableTheme) -> pygame.Rect:
    """A piece of the table in `theme` filling `rect` (the settings' preview): its rail round a
    felt lit towards the middle; returns the felt's rectangle."""
    radius = max(6, rect.h // 8)
    rail = max(4, rect.h // 12)
    pygame.draw.rect(surface, theme.wood_dark, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.wood, rect.inflate(-2, -2), border_radius=radius)
    inner = rect.inflate(-2 * rail, -2 * rail)
    pygame.draw.rect(surface, theme.wood_light, inner.inflate(2, 2), border_radius=max(3, radius - rail // 2))
    _draw_felt(surface, inner, theme, max(3, radius - rail))
    return inner


def _draw_felt(surface: pygame.Surface, inner: pygame.Rect, theme: TableTheme, radius: int) -> None:
    """The felt inside a rail: lit towards the middle, its corners rounded by `radius`."""
    felt = pygame.Surface(inner.size, pygame.SRCALPHA)
    _gradient(felt, felt.get_rect(), theme.felt_light, theme.felt_dark, radial=True)
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    felt.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(felt, inner.topleft)


def draw_felt(surface: pygame.Surface, lay: Layout, theme: TableTheme | None = None) -> None:
    surface.blit(table_background(lay, theme), (0, 0))


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
    line = art.look.tiles.tier_line
    for _, tier, x, y, s in items:
        img = wall_back(art.tile(None, lay.tile, s, False))
        surface.blit(img, (x, y))
        if tier and lay.tile >= 16:  # the upper tier: a thin dark line where it sits on the lower
            w = img.get_width()
            pygame.draw.line(surface, line, (x + 2, y + img.get_height() - 1),
                             (x + w - 3, y + img.get_height() - 1))


#: how much darker a wall tile's back is than a hand's (multiplied into its colour): a seat's
#: concealed tiles and the wall are told apart at a glance (issue 32, "Who is who")
WALL_SHADE = (180, 184, 190)
_wall_backs: dict[int, tuple[pygame.Surface, pygame.Surface]] = {}


def wall_back(img: pygame.Surface) -> pygame.Surface:
    """A tile back as the wall shows it: darker than the same back standing in a hand (made
    once per tile image and kept)."""
    got = _wall_backs.get(id(img))
    if got is not None and got[0] is img:
        return got[1]
    dark = img.copy()
    dark.fill((*WALL_SHADE, 255), special_flags=pygame.BLEND_RGBA_MULT)
    if len(_wall_backs) > 64:  # a few sizes and four turns at a time; old windows' sizes go
        _wall_backs.clear()
    _wall_backs[id(img)] = (img, dark)
    return dark


def draw_board(surface: pygame.Surface, lay: Layout, art: TileArt, view: BoardView) -> None:
    """The whole board: the table under it and its walls (`draw_board_ground`), then the tiles
    on it (`draw_board_pieces`)."""
    draw_board_ground(surface, lay, art, view)
    draw_board_pieces(surface, lay, art, view)


def draw_board_ground(surface: pygame.Surface, lay: Layout, art: TileArt, view: BoardView) -> None:
    """The empty table and its four walls (as broken now): what changes only when a tile leaves
    the wall (`game.ui.table.layers` keeps it drawn between)."""
    draw_felt(surface, lay, art.look.table)
    draw_walls(surface, lay, art, view.wall, view.wall_break)


def draw_board_pieces(surface: pygame.Surface, lay: Layout, art: TileArt, view: BoardView) -> None:
    """The tiles on the table over its ground: rivers, hands, melds, flowers and the dice."""
    kind: int | None  # None: a face-down tile
    # rivers: draw rows far from the viewer first
    for s in (2, 1, 3, 0):
        sv = view.seats[s]
        slots = lay.river_slots(s, [side for _, side in sv.river])
        ordered = sorted(zip(slots, sv.river), key=lambda p: p[0].rect.y)
        for slot, _ in ordered:
            _shadow(surface, art, slot.rect)
        for slot, (kind, _) in ordered:
            _blit_slot(surface, art, slot, kind)
    for s in (2, 1, 3, 0):
        sv = view.seats[s]
        n = len(sv.hand)
        slots = lay.hand_slots(s, n, drawn=sv.drawn is not False)
        tiles: list[int | None] = list(sv.hand)
        if sv.drawn is not False:
            tiles.append(sv.drawn if isinstance(sv.drawn, int) and not isinstance(sv.drawn, bool) else None)
        shown = [i for i in range(len(slots)) if i not in sv.hidden]
        if n and shown:  # one soft shadow under the concealed row, one under the drawn tile
            row = [slots[i].rect for i in shown if i < n]
            if row:
                _shadow(surface, art, Rect.union(row))
            if sv.drawn is not False and len(slots) - 1 in shown:
                _shadow(surface, art, slots[-1].rect)
        order = sorted(shown, key=lambda i: slots[i].rect.y)
        for i in order:
            kind = tiles[i]
            lift = lay.lift if (s == 0 and sv.selected == i) else 0
            _blit_slot(surface, art, slots[i], kind, face_up=kind is not None, lift=lift,
                       standing=kind is None and s != 0)
        meld_slots = lay.meld_slots(s, n, [spec for _, spec in sv.melds])
        for tiles_m, (kinds_m, _) in zip(meld_slots, sv.melds):
            for slot in tiles_m:
                _shadow(surface, art, slot.rect)
            for slot, kind in sorted(zip(tiles_m, kinds_m), key=lambda p: p[0].rect.y):
                _blit_slot(surface, art, slot, kind, face_up=kind is not None)
        for slot, kind in zip(lay.flower_slots(s, len(sv.flowers)), sv.flowers):
            _shadow(surface, art, slot.rect)
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
    """What the console and the seat plates show, by screen seat (0 = bottom, then
    counter-clockwise). ``winds[seat]`` is 0-3 (East..North), ``names`` the players, ``levels``
    what the plate says on hover (a computer player's level), ``turn`` the seat to act (None:
    nobody), ``prevalent`` the prevalent wind (None: the house rules use none), ``doubled`` the
    stake doubled after a triple-win draw."""

    wall_count: int = 51
    hand_no: int = 1
    dealer: int = 0
    winds: tuple[int, int, int, int] = (0, 1, 2, 3)
    names: tuple[str, str, str, str] = ("You", "South", "West", "North")
    scores: tuple[int, int, int, int] = (0, 0, 0, 0)
    clock: str = ""
    lang: str = "en"
    turn: int | None = None
    prevalent: int | None = None
    doubled: bool = False
    flowers: tuple[int, int, int, int] = (0, 0, 0, 0)
    levels: tuple[str, str, str, str] = ("", "", "", "")
    hover: int | None = None  # the plate under the mouse (its level is shown)
    glow: float = 1.0  # 0..1: the turn glow's pulse
    #: the seats that declared uper this hand: a stick on their console side, a lit plate
    uper: tuple[bool, bool, bool, bool] = (False, False, False, False)
    #: 0..1: what is left of the player's countdown on a prompt (the edge of the player's own
    #: plate, lit for the time left); None: no countdown running
    countdown: float | None = None
    countdown_urgent: bool = False  # its last seconds or the time bank: the edge turns red


def _score_text(v: int) -> str:
    return f"{v:+d}" if v else "0"


def draw_info(surface: pygame.Surface, lay: Layout, art: TileArt, fonts: Fonts, info: InfoView,
              text_scale: float = 1.0) -> None:
    """The console (hand number, tiles left, the prevalent wind or that none is used, the doubled
    stake; each seat's wind and score on its side, the dealer marked, the side of the seat to
    act glowing) and the four seat plates. `text_scale` > 1 enlarges the plates' text for a
    picture shown scaled down (the practice and replay boards)."""
    draw_console(surface, lay, art, fonts, info)
    for seat in range(4):
        draw_plate(surface, lay, art, fonts, info, seat, text_scale)


def console_lines(lay: Layout, fonts: Fonts, info: InfoView
                  ) -> list[tuple[str, int, tuple[int, int, int], bool]]:
    """The console middle's lines (text, size, colour, bold): the hand number, the tiles left
    (large), the prevalent wind, the doubled stake. Its small text is never smaller than the
    plates' second line (issue 35: it was about 9 px at 1024x640): when the lines do not fit the
    middle at that size, the large number shrinks first, then "No prevalent wind" (the timed
    sessions' default, said in the rules) gives its place; a prevalent wind in use stays.

    >>> lay = Layout.for_size(1024, 640)
    >>> from .widgets import Fonts
    >>> min(size for _, size, _, _ in console_lines(lay, Fonts(), InfoView())) >= 11
    True
    """
    from .i18n import tr
    from .widgets import DIM, GOLD, RED_TEXT, WHITE, wrap

    lang = info.lang
    mid = lay.console_middle
    sm = max(plate_text_sizes(fonts, round(lay.plate_size[1]))[2], round(lay.river_tile * 0.42))
    big = max(18, round(lay.river_tile * 1.05))
    wind = (tr("table.prevalent", lang, wind=seat_name(info.prevalent, lang))
            if info.prevalent is not None else tr("table.no_prevalent", lang))
    lines: list[tuple[str, int, tuple[int, int, int], bool]] = []
    for keep_wind, shrink in ((True, 1.0), (True, 0.85), (True, 0.72), (False, 0.72),
                              (False, 0.6)):
        if not keep_wind and info.prevalent is not None:
            keep_wind = True
        bg = max(14, round(big * shrink))
        lines = [(tr("table.hand_n", lang, n=info.hand_no), sm, WHITE, True),
                 (str(info.wall_count), bg, GOLD, True),
                 (tr("table.tiles_left", lang), sm, DIM, False)]
        if keep_wind:
            lines += [(ln, sm, WHITE, False) for ln in wrap(fonts, wind, sm, mid.w - 4)[:2]]
        if info.doubled:
            lines.append((tr("table.doubled", lang), sm, RED_TEXT, True))
        height = sum(fonts.font(size, bold=bold).get_height() for _, size, _, bold in lines)
        if height * 0.92 <= mid.h:
            break
    return lines


#: False: the console works out its lines and side strips afresh every frame (the table's
#: pixel-equality test draws both ways); True: kept while they read the same (`_kept`)
KEEP = True
_KEPT: dict[tuple[object, ...], object] = {}
KEPT_MAX = 64  # entries: a few frames' lines and strips (one window, four sides, some scores)


def _kept(key: tuple[object, ...], make: Callable[[], _T]) -> _T:
    """`make()`, kept under `key` (everything it is made from) for the next frames: the
    console's lines and each side's turned strip were made again every frame for the same
    picture. Bounded (`KEPT_MAX`: emptied when full)."""
    if not KEEP:
        return make()
    got = _KEPT.get(key)
    if got is None:
        if len(_KEPT) >= KEPT_MAX:
            _KEPT.clear()
        got = _KEPT[key] = make()
    return got  # type: ignore[return-value]


def draw_console(surface: pygame.Surface, lay: Layout, art: TileArt, fonts: Fonts, info: InfoView) -> None:
    from .widgets import GOLD, RED_TEXT, WHITE

    mid = lay.console_middle
    lines = _kept(("lines", lay, fonts, info.lang, info.hand_no, info.wall_count, info.prevalent,
                   info.doubled), lambda: console_lines(lay, fonts, info))
    imgs = [fonts.fit(t, size, mid.w - 4, colour, bold=bold) for t, size, colour, bold in lines]
    total = sum(i.get_height() for i in imgs) * 0.92
    y = mid.y + max(0.0, (mid.h - total) / 2)
    for img in imgs:
        surface.blit(img, img.get_rect(midtop=(round(mid.x + mid.w / 2), round(y))))
        y += img.get_height() * 0.92
    # each seat's side: its wind tile and its score, turned to face the seat
    for seat in range(4):
        side = pygame.Rect(lay.console_side(seat).as_tuple())
        if info.turn == seat:
            glow = pygame.Surface(side.size, pygame.SRCALPHA)
            a = round(90 + 110 * info.glow)
            pygame.draw.rect(glow, (*GOLD, a), glow.get_rect(), border_radius=max(3, min(side.size) // 4))
            surface.blit(glow, side.topleft)
        if info.uper[seat]:
            draw_uper_stick(surface, lay.uper_stick(seat))
        box = pygame.Rect(lay.console_side_content(seat).as_tuple())
        along = max(box.w, box.h)
        across = min(box.w, box.h)
        tw = max(8, round(across * 0.62))
        dealer = seat == info.dealer
        size = max(10, round(across * 0.5))
        colour = (250, 236, 200) if info.turn == seat else (RED_TEXT if dealer else WHITE)
        score = fonts.fit(_score_text(info.scores[seat]), size, along - tw - 8, colour, bold=True)
        tile = art.tile(18 + info.winds[seat], tw)

        def make_strip(tile: pygame.Surface = tile, score: pygame.Surface = score,
                       dealer: bool = dealer) -> pygame.Surface:
            strip = pygame.Surface((tile.get_width() + 6 + score.get_width(),
                                    max(tile.get_height(), score.get_height())), pygame.SRCALPHA)
            strip.blit(tile, (0, (strip.get_height() - tile.get_height()) // 2))
            strip.blit(score, (tile.get_width() + 6, (strip.get_height() - score.get_height()) // 2))
            if dealer:  # a red dot under the dealer's wind
                pygame.draw.circle(strip, (210, 50, 50), (tile.get_width() // 2, strip.get_height() - 3), 3)
            return strip

        if seat == 0:
            strip_w = tile.get_width() + 6 + score.get_width()
            surface.blit(score, score.get_rect(midleft=(box.centerx - strip_w // 2 + tile.get_width() + 6,
                                                        box.centery)))
            surface.blit(tile, tile.get_rect(midleft=(box.centerx - strip_w // 2, box.centery)))
            if dealer:
                pygame.draw.circle(surface, (210, 50, 50),
                                   (box.centerx - strip_w // 2 + tile.get_width() // 2, box.bottom - 3), 3)
            continue
        def make_turned(seat: int = seat, make: Callable[[], pygame.Surface] = make_strip
                        ) -> pygame.Surface:
            return pygame.transform.rotate(make(), {1: 90, 2: 0, 3: -90}[seat])

        turned = _kept(("strip", seat, tile, score, dealer), make_turned)
        surface.blit(turned, turned.get_rect(center=box.center))


def draw_plate(surface: pygame.Surface, lay: Layout, art: TileArt, fonts: Fonts, info: InfoView, seat: int,
               text_scale: float = 1.0) -> None:
    """A seat's plate: its wind tile, name and score; the dealer mark and the flowers below; a
    gold edge on its turn; its level under it while the mouse is over it."""
    from .i18n import tr
    from .widgets import DIM, GOLD, WHITE

    plate, plate_edge = art.look.table.plate, art.look.table.plate_edge  # the table theme's
    r = lay.plate(seat)
    box = pygame.Rect(r.as_tuple())
    if text_scale > 1:  # a picture shown smaller: the plate grows to hold its larger text
        box = plate_grown(box, seat, text_scale)
    radius = max(6, box.h // 5)
    turn = info.turn == seat
    if turn:  # the glow: a soft gold halo around the plate
        halo = pygame.Surface(box.inflate(12, 12).size, pygame.SRCALPHA)
        a = round(60 + 90 * info.glow)
        for k in range(3):
            pygame.draw.rect(halo, (*GOLD, a // (k + 1)), halo.get_rect().inflate(-4 * k, -4 * k),
                             border_radius=radius + 6 - 2 * k)
        surface.blit(halo, (box.x - 6, box.y - 6))
    uper = info.uper[seat]
    surface.fill(plate, box.inflate(-radius, 0))
    pygame.draw.rect(surface, plate, box, border_radius=radius)
    if uper:  # the plate's light: a red glow along its lower edge
        lamp = pygame.Surface(box.size, pygame.SRCALPHA)
        for k in range(4):
            pygame.draw.rect(lamp, (*UPER_RED, 34 - 7 * k), lamp.get_rect().inflate(-2 * k, -2 * k),
                             width=2, border_radius=radius)
        surface.blit(lamp, box.topleft)
    edge = GOLD if turn else (UPER_RED if uper else plate_edge)
    counting = seat == 0 and info.countdown is not None
    if counting:  # the edge is the countdown: lit for the time left, dim for the time gone
        edge = UPER_RED if uper else plate_edge
    pygame.draw.rect(surface, edge, box, width=2 if turn or uper else 1, border_radius=radius)
    if counting:
        draw_countdown(surface, box, info.countdown or 0.0, info.countdown_urgent)
    draw_plate_pointer(surface, box, seat, edge, min(max(4, box.h // 7), lay.gap))
    pad, size, small = plate_text_sizes(fonts, box.h, text_scale)
    tw = max(12, round(box.h * 0.5))
    tile = art.tile(18 + info.winds[seat], tw)
    surface.blit(tile, tile.get_rect(midleft=(box.x + pad, box.centery)))
    x = box.x + pad * 2 + tw
    name = fonts.fit(info.names[seat], size, box.right - pad * 2 - size * 3 - x, WHITE, bold=True)
    score = fonts.text(_score_text(info.scores[seat]), size, GOLD, bold=True)
    surface.blit(name, (x, box.y + pad))
    surface.blit(score, score.get_rect(topright=(box.right - pad, box.y + pad)))
    # the second line (dealer, uper, flowers, clock) sits under the name, never over it
    y2 = box.bottom - pad - round(small * 1.3)
    if seat == info.dealer:
        d = fonts.text(tr("table.dealer", info.lang), small, WHITE, bold=True)
        pill = d.get_rect(topleft=(x, y2)).inflate(8, 2)
        pygame.draw.rect(surface, (176, 44, 44), pill, border_radius=pill.h // 2)
        surface.blit(d, d.get_rect(center=pill.center))
        x = pill.right + pad
    if uper:  # the lit "Uper" lamp: a red pill with a small stick
        u = fonts.text(tr("action.uper", info.lang), small, WHITE, bold=True)
        pill = u.get_rect(topleft=(x, y2)).inflate(10 + small, 2)
        pill.x = x
        pygame.draw.rect(surface, UPER_RED_DARK, pill, border_radius=pill.h // 2)
        pygame.draw.rect(surface, UPER_RED, pill, width=1, border_radius=pill.h // 2)
        stick = pygame.Rect(pill.x + 5, 0, max(6, small * 3 // 4), max(3, small // 4))
        stick.centery = pill.centery
        draw_uper_stick(surface, Rect(*stick), dot=False)
        surface.blit(u, u.get_rect(midleft=(stick.right + 3, pill.centery)))
        x = pill.right + pad
    if info.flowers[seat]:
        fl = fonts.fit(tr("table.flowers_n", info.lang, n=info.flowers[seat]), small,
                       box.right - pad - x, DIM)
        surface.blit(fl, (x, y2))
        x += fl.get_width() + pad
    if seat == 0 and info.clock:
        c = fonts.text(info.clock, small, DIM)
        if box.right - pad - c.get_width() > x:
            surface.blit(c, c.get_rect(topright=(box.right - pad, y2)))
    if info.hover == seat and info.levels[seat]:
        tip = fonts.text(info.levels[seat], small, WHITE)
        tbox = tip.get_rect(topleft=(box.x + pad, box.bottom + 4)).inflate(12, 6)
        tbox.clamp_ip(surface.get_rect())
        surface.fill(plate, tbox)
        pygame.draw.rect(surface, plate_edge, tbox, width=1)
        surface.blit(tip, tip.get_rect(center=tbox.center))


def plate_text_sizes(fonts: Fonts, box_h: int, text_scale: float = 1.0) -> tuple[int, int, int]:
    """A plate's padding, name size and second-line size (dealer, uper, flowers): as large as
    `text_scale` asks (the practice and replay boards enlarge the text of a picture shown scaled
    down), but never so large that the second line's pill overlaps the name (issue 35: the
    Dealer badge covered the names of the lesson, practice and replay plates).

    A plate `box_h` high holds, from the top, ``pad``, the name's letters (descenders
    included, about 1.5 × its size below the line's top), the second line's pill (from
    ``1.3 × its size + 1`` above the lower ``pad``).

    >>> from .widgets import Fonts
    >>> plate_text_sizes(Fonts(), 48), plate_text_sizes(Fonts(), 48, 1.8)
    ((6, 13, 11), (6, 14, 10))
    """
    pad = max(4, box_h // 8)
    k = min(text_scale, 1.3)
    size = max(11, round(box_h * 0.3 * k))
    small = max(10, round(box_h * 0.24 * k))
    while size > 9 and pad + round(size * 1.5) > box_h - pad - round(small * 1.3) - 1:
        size, small = size - 1, max(9, small - 1)
    return pad, size, small


def plate_grown(box: pygame.Rect, seat: int, text_scale: float) -> pygame.Rect:
    """A plate tall enough for its name and second line at `text_scale` (the practice, lesson
    and replay boards, drawn large and shown smaller): it grows away from the table's crowded
    side (yours upwards, the left one both ways, the others downwards) instead of its text
    shrinking.

    >>> plate_grown(pygame.Rect(0, 100, 200, 48), 0, 1.8).bottom, plate_grown(pygame.Rect(0, 100, 200, 48), 2, 1.8).y
    (148, 100)
    """
    k = min(text_scale, 1.3)
    pad = max(4, box.h // 8)
    size, small = max(11, round(box.h * 0.3 * k)), max(10, round(box.h * 0.24 * k))
    need = 2 * pad + round(size * 1.5) + round(small * 1.3) + 1
    if need <= box.h:
        return box
    grown = box.inflate(0, need - box.h)
    if seat == 0:
        grown.bottom = box.bottom
    elif seat != 3:
        grown.top = box.top
    return grown


def draw_plate_pointer(surface: pygame.Surface, box: pygame.Rect, seat: int,
                       colour: tuple[int, int, int], n: int) -> None:
    """A small wedge (`n` px) on the plate's edge that faces its seat's hand (the right seat's
    plate points left to its hand, the others right, yours down), so a plate reads as that
    hand's."""
    if seat == 0:  # the human's plate stands above the hand's left end: it points down
        cx = box.x + box.w // 3
        pts = [(cx - n, box.bottom - 1), (cx + n, box.bottom - 1), (cx, box.bottom + n)]
    elif seat == 1:
        cy = box.centery
        pts = [(box.x + 1, cy - n), (box.x + 1, cy + n), (box.x - n, cy)]
    else:
        cy = box.centery
        pts = [(box.right - 1, cy - n), (box.right - 1, cy + n), (box.right + n, cy)]
    pygame.draw.polygon(surface, colour, pts)


UPER_RED = (232, 92, 76)
UPER_RED_DARK = (120, 34, 30)
COUNTDOWN_RED = (230, 90, 70)


def countdown_path(box: pygame.Rect, left: float) -> list[tuple[float, float]]:
    """The points of the part of `box`'s edge that shows the time `left` (0..1): from the top's
    middle clockwise, a full turn for 1.0, nothing for 0.

    >>> countdown_path(pygame.Rect(0, 0, 100, 40), 0.25)
    [(50.0, 0.0), (100.0, 0.0), (100.0, 20.0)]
    """
    x0, y0, x1, y1 = float(box.x), float(box.y), float(box.right), float(box.bottom)
    corners = [((x0 + x1) / 2, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0), ((x0 + x1) / 2, y0)]
    todo = max(0.0, min(1.0, left)) * 2 * (box.w + box.h)
    out = [corners[0]]
    for a, b in itertools.pairwise(corners):
        if todo <= 0:
            break
        length = abs(b[0] - a[0]) + abs(b[1] - a[1])
        k = min(1.0, todo / length) if length else 1.0
        out.append((a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k))
        todo -= length
    return out if len(out) > 1 else []


def draw_countdown(surface: pygame.Surface, box: pygame.Rect, left: float, urgent: bool) -> None:
    """The countdown around a seat plate `box`: its edge lit from the top's middle clockwise for
    the time `left` (0..1), running down as the seconds pass; gold, red when `urgent`."""
    from .widgets import GOLD

    path = countdown_path(box.inflate(-2, -2), left)
    if path:
        pygame.draw.lines(surface, COUNTDOWN_RED if urgent else GOLD, False, path, 3)


def draw_uper_stick(surface: pygame.Surface, r: Rect, dot: bool = True) -> None:
    """An uper stick (as a riichi stick looks): an ivory bar with rounded ends and a red dot in
    its middle, lying along the longer side of `r`."""
    box = pygame.Rect(r.as_tuple())
    rad = max(1, min(box.w, box.h) // 2)
    shadow = box.move(1, 1)
    pygame.draw.rect(surface, (10, 20, 16), shadow, border_radius=rad)
    pygame.draw.rect(surface, (246, 240, 226), box, border_radius=rad)
    pygame.draw.rect(surface, (150, 140, 120), box, width=1, border_radius=rad)
    if dot:
        pygame.draw.circle(surface, (206, 40, 40), box.center, max(1, min(box.w, box.h) * 0.45))


def draw_uper_tile(surface: pygame.Surface, cell: Rect, clock: float = 0.0) -> None:
    """Keep a seat's uper discard (sideways in its river) marked all hand: a red frame with a
    soft glow around the tile's cell."""
    box = pygame.Rect(cell.as_tuple()).inflate(4, 4)
    box.h += depth(round(min(cell.w, cell.h)))
    glow = pygame.Surface(box.inflate(8, 8).size, pygame.SRCALPHA)
    a = round(70 + 30 * (0.5 + 0.5 * math.sin(clock * 2.5)))
    for k in range(3):
        pygame.draw.rect(glow, (*UPER_RED, a // (k + 1)), glow.get_rect().inflate(-3 * k, -3 * k),
                         width=3, border_radius=6)
    surface.blit(glow, (box.x - 4, box.y - 4))
    pygame.draw.rect(surface, UPER_RED, box, width=2, border_radius=4)


def prepare_table_text(lay: Layout, art: TileArt, fonts: Fonts, lang: str,
                       calls: Iterable[tuple[str, tuple[int, int, int]]] = ()) -> None:
    """Open ahead of the deal the fonts the table writes with at `lay` (the console, the seat
    plates with a dealer, flowers, a clock and an uper, the banner, the seat choice, the messages
    above the buttons), draw the sacred-discard line's small tiles and render the call words
    (`calls`: each word and its colour, as `draw_call` shows them), by drawing them once on a
    scratch surface that is then dropped: the first frames of a hand then open none (they were
    the longest frames of a hand in ``bench/bench_ui.py``). Nothing on screen changes."""
    scratch = pygame.Surface((lay.width, lay.height))
    info = InfoView(lang=lang, dealer=0, clock="0:00", turn=0, flowers=(1, 1, 1, 1), prevalent=0,
                    doubled=True, scores=(10, -10, 0, 0), uper=(True, False, False, False))
    draw_info(scratch, lay, art, fonts, info)
    fonts.font(lay.banner_px, True)
    fonts.font(lay.seat_pick_px, False)
    fonts.font(lay.seat_pick_px, True)
    fonts.font(max(14, round(lay.line_h * 0.6)))  # the messages above the buttons (a flower's)
    fonts.font(lay.sacred_text_px, True)  # the sacred-discard line: its title, its words
    fonts.font(lay.sacred_text_px)
    for kind in range(25):  # and its blocked waits
        art.tile(kind, lay.sacred_tile)
    for word, colour in calls:
        draw_call(scratch, fonts, lay.call_area(1), word, colour)


def draw_call(surface: pygame.Surface, fonts: Fonts, area: Rect, word: str, colour: tuple[int, int, int],
              scale: float = 1.0, alpha: float = 255.0) -> pygame.Rect | None:
    """A call word (Pung, Kong, Uper, Ola, Ssoa) large in `area` (`Layout.call_area`): bold,
    outlined, on a dark pill; `scale` and `alpha` are its pop and fade. Returns where it was
    drawn (None when invisible)."""
    if alpha <= 0 or scale <= 0.01:
        return None
    size = max(16, round(area.h * 0.62))
    text = fonts.fit(word, size, area.w * 0.86, colour, bold=True)
    dark = fonts.fit(word, size, area.w * 0.86, (30, 16, 8), bold=True)
    o = max(1, size // 18)
    pad_x, pad_y = round(area.h * 0.3), round(area.h * 0.08)
    card = pygame.Surface((text.get_width() + 2 * pad_x, text.get_height() + 2 * pad_y), pygame.SRCALPHA)
    pygame.draw.rect(card, (12, 16, 14, 190), card.get_rect(), border_radius=card.get_height() // 2)
    pygame.draw.rect(card, (*colour, 220), card.get_rect(), width=max(2, o), border_radius=card.get_height() // 2)
    for dx, dy in ((-o, 0), (o, 0), (0, -o), (0, o), (o, o)):
        card.blit(dark, (pad_x + dx, pad_y + dy))
    card.blit(text, (pad_x, pad_y))
    if abs(scale - 1.0) > 1e-3:
        w, h = max(1, round(card.get_width() * scale)), max(1, round(card.get_height() * scale))
        card = pygame.transform.smoothscale(card, (w, h))
    if alpha < 255:
        card.set_alpha(max(0, round(alpha)))
    cx, cy = area.center
    at = card.get_rect(center=(round(cx), round(cy)))
    surface.blit(card, at)
    return at


def draw_sacred(surface: pygame.Surface, lay: Layout, art: TileArt, fonts: Fonts, title: str, words: str,
                tiles: tuple[int, ...] = ()) -> pygame.Rect:
    """The human's sacred-discard line in `Layout.sacred_area`: a red title, then `words`
    ("self-draw only") or the blocked waits as small tiles (after `words`, when both)."""
    from .widgets import WHITE

    area = pygame.Rect(lay.sacred_area.as_tuple())
    radius = max(5, area.h // 6)
    pygame.draw.rect(surface, art.look.table.plate, area, border_radius=radius)
    pygame.draw.rect(surface, UPER_RED, area, width=2, border_radius=radius)
    pad = max(3, lay.gap // 2) + 2
    size = lay.sacred_text_px
    inner_w = area.w - 2 * pad
    head = fonts.fit(title, size, inner_w, (255, 150, 136), bold=True)
    surface.blit(head, (area.x + pad, area.y + pad))
    y = area.y + pad + round(size * 1.4)
    x = area.x + pad
    tw = lay.sacred_tile
    th = art.tile(0, tw).get_height()
    if words:
        room = inner_w - (len(tiles) * (tw + 2) if tiles else 0)
        img = fonts.fit(words, size, max(size * 2, room), WHITE)
        surface.blit(img, img.get_rect(midleft=(x, y + th // 2)))
        x += img.get_width() + 4
    for k in tiles:
        if x + tw > area.right - pad:
            break
        surface.blit(art.tile(k, tw), (x, y))
        x += tw + 2
    return area


def draw_last_discard(surface: pygame.Surface, lay: Layout, cell: Rect, seat: int, clock: float,
                      strong: bool = False) -> None:
    """Mark the latest discard (cell `cell` in screen seat `seat`'s river): a pulsing gold glow
    around it and a small arrow pointing at it from the console's side, so one sees at once
    which tile was thrown and by whom. `strong` (a claim is offered on it): a brighter glow."""
    from .widgets import GOLD

    pulse = 0.5 + 0.5 * math.sin(clock * 6)
    box = pygame.Rect(cell.as_tuple()).inflate(6, 6)
    box.h += depth(round(min(cell.w, cell.h)))
    glow = pygame.Surface(box.inflate(8, 8).size, pygame.SRCALPHA)
    a = round((150 if strong else 90) + 80 * pulse)
    for k in range(3):
        pygame.draw.rect(glow, (*GOLD, a // (k + 1)), glow.get_rect().inflate(-3 * k, -3 * k),
                         width=3, border_radius=6)
    surface.blit(glow, (box.x - 4, box.y - 4))
    pygame.draw.rect(surface, GOLD, box, width=2, border_radius=4)
    # the arrow: on the side of the tile towards the centre, pointing outwards at it
    s = max(5, round(lay.river_tile * 0.28))
    bob = round(2 * pulse)
    cx, cy = box.center
    tips = {0: (cx, box.y - 2 - bob, 0, -1), 2: (cx, box.bottom + 2 + bob, 0, 1),
            1: (box.x - 2 - bob, cy, -1, 0), 3: (box.right + 2 + bob, cy, 1, 0)}
    x, y, dx, dy = tips[seat % 4]
    base = (x + dx * s, y + dy * s)
    side = (-dy * s * 0.7, dx * s * 0.7)
    pts = [(x, y), (base[0] + side[0], base[1] + side[1]), (base[0] - side[0], base[1] - side[1])]
    pygame.draw.polygon(surface, GOLD, pts)
    pygame.draw.polygon(surface, (90, 60, 10), pts, width=1)
