"""Where everything goes on the table, for a window size: pure geometry, no pygame.

>>> lay = Layout.for_size(1280, 800)
>>> lay.tile >= 30 and lay.hand_tile > lay.tile > lay.opp_tile
True
>>> len(lay.wall_stacks(0)), lay.wall_stacks(0)[0].right == lay.wall_stacks(0)[1].right + lay.tile
(13, True)

Seats: 0 = the human at the bottom, 1 (South) on the right, 2 (West) at the top, 3 (North) on
the left; play runs counter-clockwise on screen. A tile of seat ``s`` is drawn with orientation
``s`` (`game.ui.art`): its cell here is the tile's face footprint (``tile × face_height`` for seats
0 and 2, turned for 1 and 3); the art adds its thickness below the cell and a wall's upper tier is
drawn ``tier_offset`` px higher. The four walls (13 stacks × 2 tiers) and the four rivers (rows of
6) are laid out as pinwheels around the centre, so that each is the previous one turned a quarter.

Wall stack 0 is the right end of the wall as its owner sees it; stacks count on clockwise on screen
(right to left along the bottom wall, then up the left wall: the rule book's break count).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, wraps
from typing import Any, TypeVar

MIN_SIZE = (1024, 640)
MAX_SIZE = (3840, 2160)
RIVER_COLS = 6
RIVER_ROWS = 4  # rows 5+ continue the 4th row (rare: more than 24 discards)
MAX_FLOWERS = 4


def face_h(width: int) -> int:
    """Face height of a tile of this width (same formula as `game.ui.art.face_height`).

    >>> face_h(24)
    32
    """
    return round(width * 4 / 3)


def depth_of(width: int) -> int:
    """Thickness of a tile (same formula as `game.ui.art.depth`)."""
    return max(2, round(width * 0.12))


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in window pixels (floats allowed; drawing rounds)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    @property
    def topleft(self) -> tuple[int, int]:
        return (round(self.x), round(self.y))

    def overlaps(self, other: Rect) -> bool:
        """True when the interiors meet (touching edges do not overlap).

        >>> Rect(0, 0, 10, 10).overlaps(Rect(10, 0, 5, 5)), Rect(0, 0, 10, 10).overlaps(Rect(9, 9, 5, 5))
        (False, True)
        """
        eps = 1e-6
        return (self.x < other.right - eps and other.x < self.right - eps
                and self.y < other.bottom - eps and other.y < self.bottom - eps)

    def inside(self, other: Rect) -> bool:
        eps = 1e-6
        return (self.x >= other.x - eps and self.y >= other.y - eps
                and self.right <= other.right + eps and self.bottom <= other.bottom + eps)

    def contains_point(self, px: float, py: float) -> bool:
        return self.x <= px < self.right and self.y <= py < self.bottom

    def grow(self, left: float = 0, top: float = 0, right: float = 0, bottom: float = 0) -> Rect:
        return Rect(self.x - left, self.y - top, self.w + left + right, self.h + top + bottom)

    def as_tuple(self) -> tuple[int, int, int, int]:
        return (round(self.x), round(self.y), round(self.w), round(self.h))

    @staticmethod
    def union(rects: Sequence[Rect]) -> Rect:
        x0 = min(r.x for r in rects)
        y0 = min(r.y for r in rects)
        x1 = max(r.right for r in rects)
        y1 = max(r.bottom for r in rects)
        return Rect(x0, y0, x1 - x0, y1 - y0)


@dataclass(frozen=True)
class Slot:
    """A tile's place: its cell and its orientation (``seat``, or ``seat + 1`` when sideways)."""

    rect: Rect
    orientation: int
    width: int  # the tile width to draw it with

    @property
    def sideways(self) -> bool:
        return self.orientation % 2 != 0


def _rot(dx: float, dy: float, seat: int) -> tuple[float, float]:
    """Turn an offset from the centre by `seat` quarter turns counter-clockwise on screen."""
    for _ in range(seat % 4):
        dx, dy = dy, -dx
    return dx, dy


def _rot_rect(cx: float, cy: float, r: Rect, seat: int) -> Rect:
    """A rectangle given relative to the centre in seat 0's frame, turned to `seat`."""
    pts = [_rot(x, y, seat) for x, y in ((r.x, r.y), (r.right, r.bottom))]
    x0, x1 = sorted(p[0] for p in pts)
    y0, y1 = sorted(p[1] for p in pts)
    return Rect(cx + x0, cy + y0, x1 - x0, y1 - y0)


F = TypeVar("F", bound=Callable[..., Any])


def _cached(fn: F) -> F:
    """Cache a Layout method's result per instance (arguments made hashable); a layout is
    immutable, and the table asks for the same cells every frame."""
    name = fn.__name__

    @wraps(fn)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        key = (name, *(tuple(a) if isinstance(a, list) else a for a in args), *sorted(kwargs.items()))
        memo = self._memo
        try:
            return memo[key]
        except KeyError:
            value = fn(self, *args, **kwargs)
            if isinstance(value, list):  # shared between callers: make it read-only
                value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
            memo[key] = value
            return value

    return wrapper  # type: ignore[return-value]


@dataclass(frozen=True)
class MeldSpec:
    """What a meld looks like: its tile count and which tile (0-based) lies sideways, if any."""

    size: int = 3
    sideways: int | None = 0


#: Worst cases the layout reserves room for: (concealed tiles, melds) with a drawn tile.
WORST_ROWS: tuple[tuple[int, tuple[MeldSpec, ...]], ...] = tuple(
    (13 - 3 * k, tuple(MeldSpec(4, 3) for _ in range(k))) for k in range(5)
)


@dataclass(frozen=True)
class Layout:
    """All positions for one window size. Build with `Layout.for_size`."""

    width: int
    height: int
    tile: int  # wall tiles
    river_tile: int
    hand_tile: int  # the human's hand
    meld_tile: int  # the human's melds
    opp_tile: int  # opponents' hands and melds
    flower_tile: int
    margin: int
    gap: int
    panel_w: int
    _memo: dict[Any, Any] = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)

    # --- construction ---------------------------------------------------------------------------
    @classmethod
    def for_size(cls, width: int, height: int) -> Layout:
        """The layout with the largest tiles that fit (width 1024-3840, height 640-2160)."""
        if not (isinstance(width, int) and isinstance(height, int)):
            raise TypeError(f"window size must be whole pixels, got {width!r} x {height!r}")
        if not (MIN_SIZE[0] <= width <= MAX_SIZE[0] and MIN_SIZE[1] <= height <= MAX_SIZE[1]):
            raise ValueError(f"window size {width}x{height} is outside {MIN_SIZE[0]}x{MIN_SIZE[1]}"
                             f" .. {MAX_SIZE[0]}x{MAX_SIZE[1]}")
        margin = 8
        panel_w = max(230, min(620, round(width * 0.2)))
        for t in range(min(width, height) // 8, 7, -1):
            lay = cls._try(width, height, t, margin, panel_w)
            if lay is not None:
                return lay
        raise ValueError(f"no layout fits {width}x{height}")  # pragma: no cover

    @classmethod
    def _try(cls, W: int, H: int, t: int, m: int, panel_w: int) -> Layout | None:
        gap = max(4, round(t * 0.2))
        hand = round(t * 1.5)
        # the human's row must hold the worst case across the window
        unit = _worst_row_units(0.8, 0.65, 0.14)
        hand = min(hand, int((W - 2 * m) / unit))
        if hand < t:
            return None
        opp = round(t * 0.8)
        lay = cls(W, H, t, 0, hand, round(hand * 0.8), opp, round(hand * 0.65), m, gap, panel_w)
        # river tiles: as large as fits inside the walls with a gap
        inner = lay.wall_inner_half - max(depth_of(t), lay.tier_offset) - gap * 0.5
        rt = t
        while rt > 8 and _river_half(rt) > inner:
            rt -= 1
        if rt < 0.75 * t:
            return None
        # opponents' rows: as large as fits between the bands
        band_o = face_h(opp) + depth_of(opp)
        human_band = lay.human_band_h
        vert_room = H - 2 * m - human_band - gap  # side rows may reach the top corners
        horiz_room = W - panel_w - 2 * m - 2 * (band_o + gap)
        o_unit = _worst_row_units(1.0, 0.9, 0.2)
        opp = min(opp, int(vert_room / o_unit), int(horiz_room / o_unit))
        if opp < 0.6 * t or opp < 16:
            return None
        lay = cls(W, H, t, rt, hand, round(hand * 0.8), opp, round(hand * 0.65), m, gap, panel_w)
        return lay if lay._fits() else None

    def _fits(self) -> bool:
        return self.panel.h >= 300 and not self.problems()

    def problems(self) -> list[str]:
        """What does not fit: regions outside the window, or overlapping (empty when all is well)."""
        out = []
        regions = self.regions()
        win = self.window
        names = list(regions)
        for i, a in enumerate(names):
            if not regions[a].inside(win):
                out.append(f"{a} {regions[a]} is not inside the window {self.width}x{self.height}")
            for b in names[i + 1:]:
                if a.startswith("wall") and b.startswith("wall"):
                    continue  # neighbouring walls meet at the corners (drawn back to front)
                if regions[a].overlaps(regions[b]):
                    out.append(f"{a} {regions[a]} overlaps {b} {regions[b]}")
        m, g = self.margin, self.gap
        table = Rect(0, m + self.opp_band_h + g, self.table_right,
                     self.height - 2 * m - self.opp_band_h - self.human_band_h - 2 * g)
        for s in range(4):
            if not regions[f"wall{s}"].inside(table):
                out.append(f"wall{s} {regions[f'wall{s}']} leaves the space between the rows {table}")
        inner = self.clear_square
        for s in range(4):
            if not regions[f"river{s}"].inside(inner):
                out.append(f"river{s} {regions[f'river{s}']} is not inside the walls {inner}")
        return out

    # --- sizes ------------------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    @property
    def window(self) -> Rect:
        return Rect(0, 0, self.width, self.height)

    @property
    def tier_offset(self) -> int:
        """How much higher the upper tier of a wall stack is drawn."""
        return max(2, round(self.tile * 0.22))

    @property
    def lift(self) -> int:
        """How far a selected tile of the human's hand rises."""
        return max(4, round(self.hand_tile * 0.22))

    @property
    def human_band_h(self) -> int:
        """Height reserved for the human's row: sized for the uncapped hand tile, so that a wider
        window never makes the table smaller."""
        hb = max(self.hand_tile, round(self.tile * 1.5))
        return max(4, round(hb * 0.22)) + face_h(hb) + depth_of(hb)

    @property
    def opp_band_h(self) -> int:
        """Depth reserved for an opponent's row (for the uncapped tile size, see `human_band_h`)."""
        ob = max(self.opp_tile, round(self.tile * 0.8))
        return face_h(ob) + depth_of(ob)

    @property
    def table_right(self) -> float:
        """Right edge of the table area (the info panel is to its right)."""
        return self.width - self.panel_w

    @property
    def wall_inner_half(self) -> float:
        """Half the side of the square inside the walls."""
        return (13 * self.tile - face_h(self.tile)) / 2

    @cached_property
    def centre(self) -> tuple[float, float]:
        """The centre of the table: the middle of the table area, between the top band and the hand."""
        top = self.margin + self.opp_band_h + self.gap
        bottom = self.height - self.margin - self.human_band_h - self.gap
        span = 13 * self.tile + face_h(self.tile)  # the walls' outer square
        extra_top, extra_bottom = self.tier_offset, depth_of(self.tile)
        cy = (top + extra_top + bottom - extra_bottom) / 2
        cy = max(cy, top + extra_top + span / 2)
        return (self.table_right / 2, cy)

    # --- walls ------------------------------------------------------------------------------------
    @_cached
    def wall_stacks(self, seat: int) -> list[Rect]:
        """The 13 stack cells of a seat's wall, stack 0 = the right end as the owner sees it."""
        _check_seat(seat)
        t, h, a = self.tile, face_h(self.tile), self.wall_inner_half
        cx, cy = self.centre
        return [_rot_rect(cx, cy, Rect(a - (j + 1) * t, a, t, h), seat) for j in range(13)]

    def wall_tile_pos(self, seat: int, stack: int, tier: int) -> tuple[int, int]:
        """Top-left where the tile of that stack and tier (0 lower, 1 upper) is blitted."""
        r = self.wall_stacks(seat)[stack]
        return (round(r.x), round(r.y) - (self.tier_offset if tier else 0))

    @_cached
    def break_gap(self, seat: int) -> float:
        """How far a seat's wall can open at the breaking point: the live side slides towards
        the wall's left end, which reaches past the corner; as far as the hands allow (at most
        0.6 of a tile, at least 0).

        >>> lay = Layout.for_size(1280, 800)
        >>> 0 < lay.break_gap(1) <= lay.break_gap(0) <= 0.6 * lay.tile
        True
        """
        _check_seat(seat)
        ux, uy = _rot(-1.0, 0.0, seat)
        end = self.wall_stacks(seat)[12].grow(top=self.tier_offset, bottom=depth_of(self.tile))
        others = [r for k, r in self.regions().items() if not k.startswith(("wall", "river"))]
        g = int(0.6 * self.tile)
        while g > 0:
            moved = Rect(end.x + ux * g, end.y + uy * g, end.w, end.h).grow(2, 2, 2, 2)
            if moved.inside(self.window) and not any(moved.overlaps(r) for r in others):
                break
            g -= 1
        return float(g)

    def wall_break_shift(self, seat: int, stack: int,
                         brk: tuple[int, int, float] | None) -> tuple[float, float]:
        """Offset of a wall stack once the wall is broken. `brk` = (screen seat of the counted
        stack, its stack 0-12, how far open 0..1). The stacks past the counted one (the live
        wall's head and on to that wall's left end, which reaches past the corner) slide towards
        the left end, so a gap opens at the breaking point between the back wall (the counted
        stack) and the live wall; when the counted stack is a left end, the next wall on the
        counting ring slides instead. Nothing else moves.

        >>> lay = Layout.for_size(1280, 800)
        >>> lay.wall_break_shift(0, 5, (0, 4, 1.0)) == (-lay.break_gap(0), 0.0)   # bottom: left
        True
        >>> lay.wall_break_shift(0, 4, (0, 4, 1.0)), lay.wall_break_shift(1, 0, (0, 4, 1.0))
        ((0.0, 0.0), (0.0, 0.0))
        >>> lay.wall_break_shift(3, 0, (0, 12, 1.0)) == (0.0, -lay.break_gap(3))   # next wall: up
        True
        """
        _check_seat(seat)
        if brk is None:
            return 0.0, 0.0
        s, c, opened = brk
        if not ((seat == s and stack > c) or (c == 12 and seat == (s + 3) % 4)):
            return 0.0, 0.0
        dx, dy = _rot(-self.break_gap(seat) * max(0.0, min(1.0, opened)), 0.0, seat)
        return dx + 0.0, dy + 0.0

    def wall_place(self, pos: int, human: int = 0) -> tuple[tuple[int, int], int]:
        """Where the engine's wall position `pos` (`game.engine.wall`: owner * 26 + stack * 2 +
        tier, tier 0 = top) is drawn when the human sits in engine seat `human`: (top-left,
        screen seat = the tile's orientation).

        >>> lay = Layout.for_size(1280, 800)
        >>> lay.wall_place(0)[0] == lay.wall_tile_pos(0, 0, 1)   # East's right end, top tier
        True
        >>> lay.wall_place(26, human=1)[1]                        # South's wall, South at the bottom
        0
        """
        from game.engine.wall import place

        owner, stack, tier = place(pos)
        seat = screen_seat(owner, human)
        return self.wall_tile_pos(seat, stack, 1 if tier == 0 else 0), seat

    @_cached
    def wall_region(self, seat: int) -> Rect:
        """Everything a seat's wall covers (with the upper tier and the thickness)."""
        return Rect.union(self.wall_stacks(seat)).grow(top=self.tier_offset, bottom=depth_of(self.tile))

    @property
    def clear_square(self) -> Rect:
        """The square inside the walls that no wall tile covers (the rivers lie in it)."""
        cx, cy = self.centre
        a = self.wall_inner_half
        top = cy - a + depth_of(self.tile)
        bottom = cy + a - self.tier_offset
        return Rect(cx - a, top, 2 * a, bottom - top)

    # --- rivers -----------------------------------------------------------------------------------
    @_cached
    def river_slots(self, seat: int, sideways: Sequence[bool]) -> list[Slot]:
        """Cells of a seat's discards, in order; ``sideways[i]`` marks the uper discard.

        Rows of 6 run left to right as the discarder sees them, rows stack away from the centre.
        """
        _check_seat(seat)
        rt, rh = self.river_tile, face_h(self.river_tile)
        s = _river_s(rt)
        cx, cy = self.centre
        out = []
        row = col = 0
        u = 0.0
        for side in sideways:
            if col == RIVER_COLS and row < RIVER_ROWS - 1:
                row, col, u = row + 1, 0, 0.0
            length = rh if side else rt
            thick = rt if side else rh
            v = s / 2 + _river_gap(rt) + row * rh + (rh - thick)  # sideways: on the outer edge
            rel = Rect(-s / 2 + u, v, length, thick)
            out.append(Slot(_rot_rect(cx, cy, rel, seat), (seat + (1 if side else 0)) % 4, rt))
            u += length
            col += 1
        return out

    @_cached
    def river_region(self, seat: int) -> Rect:
        """The area a full river may use (4 rows, one tile sideways), with the tiles' thickness."""
        rt, rh = self.river_tile, face_h(self.river_tile)
        s = _river_s(rt)
        cx, cy = self.centre
        rel = Rect(-s / 2, s / 2 + _river_gap(rt), 5 * rt + rh, RIVER_ROWS * rh)
        return _rot_rect(cx, cy, rel, seat).grow(bottom=depth_of(rt))

    # --- hands, melds, flowers -------------------------------------------------------------------
    @_cached
    def _row_start(self, seat: int, length: float) -> tuple[float, float]:
        """Screen point where a seat's row begins (its left end as the owner sees it), for a row of
        `length`; the row is centred on its band."""
        m, g = self.margin, self.gap
        cx, _ = self.centre
        if seat == 0:
            x0 = max(m, min(cx - (14 * self.hand_tile + self.row_gap(0)) / 2,
                            self.width - m - self.worst_row_len(0)))
            return (x0, self.height - m - depth_of(self.hand_tile) - face_h(self.hand_tile))
        mid_y = (m + self.height - m - self.human_band_h - g) / 2
        oh = face_h(self.opp_tile)
        if seat == 2:
            return (cx + length / 2, m)
        # the side rows stand near the walls, clear of the top row's ends when they share rows
        top_half = self.worst_row_len(2) / 2
        side_top = mid_y - self.worst_row_len(1) / 2
        shares = side_top < m + face_h(self.opp_tile) + depth_of(self.opp_tile) + g
        reach = self.wall_inner_half + face_h(self.tile) + 2 * g
        if shares:
            reach = max(reach, top_half + g)
        if seat == 1:
            return (min(self.table_right - m - oh, cx + reach), mid_y + length / 2)
        return (max(m, cx - reach - oh), mid_y - length / 2)

    @_cached
    def worst_row_len(self, seat: int) -> float:
        return max(self._row_len(seat, n + 1, melds, MAX_FLOWERS) for n, melds in WORST_ROWS)

    def _sizes(self, seat: int) -> tuple[int, int, int]:
        if seat == 0:
            return self.hand_tile, self.meld_tile, self.flower_tile
        return self.opp_tile, self.opp_tile, round(self.opp_tile * 0.9)

    def row_gap(self, seat: int) -> int:
        """Space between the hand, the drawn tile, the melds and the flowers of a seat's row."""
        if seat == 0:
            return max(3, round(self.hand_tile * 0.14))
        return max(3, round(self.opp_tile * 0.2))

    def _row_len(self, seat: int, n_hand: int, melds: Sequence[MeldSpec], flowers: int) -> float:
        ht, mt, ft = self._sizes(seat)
        g = self.row_gap(seat)
        n: float = n_hand * ht + g  # the drawn tile stands apart
        for k, md in enumerate(melds):
            n += (g if k == 0 else g / 2) + md.size * mt + (face_h(mt) - mt if md.sideways is not None else 0)
        if flowers:
            n += g + MAX_FLOWERS * ft
        return n

    def _place(self, seat: int, start: tuple[float, float], u: float, length: float, thick: float,
               band: float) -> Rect:
        """A cell `u` along a seat's row, `length` long and `thick` deep, flush with the row's outer
        edge (the side nearest the owner); the row is `band` deep and begins at `start`."""
        x0, y0 = start
        if seat == 0:
            return Rect(x0 + u, y0 + band - thick, length, thick)
        if seat == 1:
            return Rect(x0 + band - thick, y0 - u - length, thick, length)
        if seat == 2:
            return Rect(x0 - u - length, y0, length, thick)
        return Rect(x0, y0 + u, thick, length)

    @_cached
    def hand_slots(self, seat: int, n: int, drawn: bool = False) -> list[Slot]:
        """Cells of a seat's concealed tiles (``n`` of them), plus the drawn tile's cell apart."""
        _check_seat(seat)
        ht = self._sizes(seat)[0]
        hh = face_h(ht)
        start = self._row_start(seat, self.worst_row_len(seat))
        out = [Slot(self._place(seat, start, i * ht, ht, hh, hh), seat, ht) for i in range(n)]
        if drawn:
            out.append(Slot(self._place(seat, start, n * ht + self.row_gap(seat), ht, hh, hh), seat, ht))
        return out

    def drawn_slot(self, seat: int, n: int) -> Slot:
        """Where the drawn tile stands when the hand holds `n` other concealed tiles."""
        return self.hand_slots(seat, n, drawn=True)[-1]

    @_cached
    def meld_slots(self, seat: int, n_hand: int, melds: Sequence[MeldSpec]) -> list[list[Slot]]:
        """Cells of each meld's tiles, after the hand (``n_hand`` concealed tiles and the drawn slot)."""
        _check_seat(seat)
        ht, mt, _ = self._sizes(seat)
        hh, mh = face_h(ht), face_h(mt)
        start = self._row_start(seat, self.worst_row_len(seat))
        g = self.row_gap(seat)
        u: float = (n_hand + 1) * ht + g
        out = []
        for k, md in enumerate(melds):
            u += g if k == 0 else g / 2
            tiles = []
            for i in range(md.size):
                side = md.sideways == i
                length, thick = (mh, mt) if side else (mt, mh)
                tiles.append(Slot(self._place(seat, start, u, length, thick, hh),
                                  (seat + (1 if side else 0)) % 4, mt))
                u += length
            out.append(tiles)
        return out

    @_cached
    def flower_slots(self, seat: int, n: int) -> list[Slot]:
        """Cells of a seat's flowers, at the far end of its row."""
        _check_seat(seat)
        ht, _, ft = self._sizes(seat)
        hh = face_h(ht)
        worst = self.worst_row_len(seat)
        start = self._row_start(seat, worst)
        u0 = worst - MAX_FLOWERS * ft
        return [Slot(self._place(seat, start, u0 + i * ft, ft, face_h(ft), hh), seat, ft) for i in range(n)]

    @_cached
    def row_region(self, seat: int) -> Rect:
        """Everything a seat's row (hand, drawn tile, melds, flowers) may cover, worst case."""
        ht = self._sizes(seat)[0]
        worst = self.worst_row_len(seat)
        start = self._row_start(seat, worst)
        r = self._place(seat, start, 0, worst, face_h(ht), face_h(ht))
        r = r.grow(bottom=depth_of(ht))
        return r.grow(top=self.lift) if seat == 0 else r

    # --- centre, panel, buttons -------------------------------------------------------------------
    @property
    def dice_size(self) -> int:
        return max(18, round(self.tile * 0.9))

    @property
    def dice_area(self) -> Rect:
        """Where the dice tumble (the centre; used before the first discard, so it may cover the
        rivers' first rows)."""
        cx, cy = self.centre
        side = self.dice_size * 3.4
        return Rect(cx - side / 2, cy - side / 2, side, side)

    @property
    def panel(self) -> Rect:
        """The info panel and buttons, right of the table, above the human's row."""
        m, g = self.margin, self.gap
        bottom = self.height - m - self.human_band_h - g
        x = self.table_right + g
        return Rect(x, m, self.width - m - x, bottom - m)

    @property
    def line_h(self) -> int:
        """Height of one line of panel text."""
        return max(18, round(self.height * 0.032))

    @property
    def info(self) -> Rect:
        """Wall count, hand, dealer, seat winds, scores, clock: the top of the panel."""
        p = self.panel
        return Rect(p.x, p.y, p.w, self.line_h * 9)

    @property
    def dice_rest(self) -> Rect:
        """Where the dice lie after the break (in the panel, below the info)."""
        i = self.info
        return Rect(i.x, i.bottom + self.gap, i.w, self.dice_size + self.gap)

    @property
    def buttons(self) -> Rect:
        """Claim prompts and actions: the bottom of the panel."""
        p = self.panel
        top = self.dice_rest.bottom + self.gap
        return Rect(p.x, top, p.w, p.bottom - top)

    def button_rects(self, n: int) -> list[Rect]:
        """`n` buttons stacked at the bottom of the buttons area."""
        b = self.buttons
        bh: float = max(30, round(self.line_h * 1.6))
        g = self.gap
        need = n * bh + (n - 1) * g
        if need > b.h:
            bh = (b.h - (n - 1) * g) / max(n, 1)
        return [Rect(b.x, b.bottom - (n - i) * bh - (n - 1 - i) * g, b.w, bh) for i in range(n)]

    @property
    def hints_text_px(self) -> int:
        """The smallest text size in the hints panel: 13 px at 1024x640, growing with the window.

        >>> [Layout.for_size(*s).hints_text_px for s in ((1024, 640), (1280, 800), (1920, 1080))]
        [13, 16, 22]
        """
        return hints_text_px(self.width, self.height)

    def hints_area(self, n_buttons: int) -> Rect:
        """Where the hints panel goes while `n_buttons` prompt buttons are shown: the info
        column widened over the free felt right of the right-hand opponent's row (never over a
        row, a wall or a river), from the top down to a prompt title's room above the buttons
        (down to the human's row when there are none). At most about 0.6 of the window's height
        wide, flush with the right margin.

        >>> lay = Layout.for_size(1280, 800)
        >>> a = lay.hints_area(2)
        >>> a.w > lay.panel.w, a.right == lay.panel.right, a.bottom < lay.button_rects(2)[0].y
        (True, True, True)
        """
        if not isinstance(n_buttons, int) or n_buttons < 0:
            raise ValueError(f"n_buttons must be a whole number >= 0, got {n_buttons!r}")
        m, g = self.margin, self.gap
        regions = self.regions()
        p = self.panel
        top = m
        bottom = (self.button_rects(n_buttons)[0].y - round(self.line_h * 2.6) if n_buttons
                  else p.bottom)
        right = self.width - m
        # the widest start left of the column that clears every region beside it
        blockers = [r.right for k, r in regions.items() if k != "panel" and r.y < bottom and r.bottom > top]
        free_left = max(blockers, default=0.0) + g
        left = min(p.x, max(free_left, right - max(p.w, round(self.height * 0.6))))
        return Rect(left, top, right - left, max(0.0, bottom - top))

    def regions(self) -> dict[str, Rect]:
        """Named areas that must not overlap each other (tests check it)."""
        out: dict[str, Rect] = {"panel": self.panel}
        for s in range(4):
            out[f"wall{s}"] = self.wall_region(s)
            out[f"river{s}"] = self.river_region(s)
            out[f"row{s}"] = self.row_region(s)
        return out


def hints_text_px(width: int, height: int) -> int:
    """The hints panel's smallest text for a window (or surface) size: 13 px at 1024x640, about 2 %
    of the height on larger windows, never more than 36.

    >>> hints_text_px(1024, 640), hints_text_px(1920, 1080), hints_text_px(3840, 2160)
    (13, 22, 36)
    """
    return max(13, min(36, round(min(height * 0.02, width * 0.0125))))


def screen_seat(seat: int, human: int) -> int:
    """Screen seat (0 = bottom, 1 right, 2 top, 3 left) of engine seat `seat` when the human
    plays engine seat `human`; play runs counter-clockwise on screen either way.

    >>> [screen_seat(s, 2) for s in range(4)]
    [2, 3, 0, 1]
    """
    return (seat - human) % 4


def _check_seat(seat: int) -> None:
    if seat not in (0, 1, 2, 3):
        raise ValueError(f"seat must be 0-3, got {seat!r}")


def _river_s(rt: int) -> float:
    """Side of the centre square the river pinwheel leaves (never negative)."""
    return max(0.0, (5 * rt + face_h(rt)) - RIVER_ROWS * face_h(rt))


def _river_gap(rt: int) -> int:
    """Space between the pinwheel's blocks (a tile's thickness shows there)."""
    return depth_of(rt) + 1


def _river_half(rt: int) -> float:
    """How far from the centre the rivers reach (with the thickness of the outer row)."""
    s = _river_s(rt)
    g = _river_gap(rt)
    return max(s / 2 + g + RIVER_ROWS * face_h(rt) + depth_of(rt), 5 * rt + face_h(rt) - s / 2)


def _worst_row_units(meld_ratio: float, flower_ratio: float, gap_ratio: float) -> float:
    """Length of the longest row in hand-tile widths (see `WORST_ROWS`)."""
    worst = 0.0
    for n, melds in WORST_ROWS:
        u = (n + 1) + gap_ratio
        for k, md in enumerate(melds):
            u += (gap_ratio if k == 0 else gap_ratio / 2) + meld_ratio * (md.size + 1 / 3)
        u += gap_ratio + MAX_FLOWERS * flower_ratio
        worst = max(worst, u)
    return worst + 0.1
