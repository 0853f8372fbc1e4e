"""Where everything goes on the table, for a window size: pure geometry, no pygame.

>>> lay = Layout.for_size(1280, 800)
>>> lay.river_tile >= 26 and lay.hand_tile > lay.river_tile > lay.opp_tile
True
>>> len(lay.wall_stacks(0)), lay.wall_stacks(0)[0].right == lay.wall_stacks(0)[1].right + lay.tile
(13, True)
>>> f = lay.frame
>>> f.w == f.h, abs(f.center[0] - 640) < 1          # a square table, centred
(True, True)

The composition, as a player of the online clients expects it: a square table (`frame`: a rail
around the `felt`) centred in the window; the human's hand in front of it (it may reach past the
square); the opponents' hands standing along its other three sides; the four walls (13 stacks ×
2 tiers) as a square inside, each centred in front of its seat (the corners open); the rivers
inside the walls, rows of six centred in front of each seat; the `console` in the middle (the
round, and each seat's wind and score on its side). Beside the table, two columns ``panel_w``
wide: the seat plates (`plate`), the dice and the call assists on the left, the right seat's
plate, the prompt, its buttons and the hints panel (`panel`) on the right.

Seats: 0 = the human at the bottom, 1 (South) on the right, 2 (West) at the top, 3 (North) on
the left; play runs counter-clockwise on screen. A tile of seat ``s`` is drawn with orientation
``s`` (`game.ui.art`): its cell here is the tile's face footprint (``tile × face_height`` for seats
0 and 2, turned for 1 and 3); the art adds its thickness below the cell and a wall's upper tier is
drawn ``tier_offset`` px higher. Walls and rivers are laid out in seat 0's frame and turned a
quarter per seat around the centre.

Wall stack 0 is the right end of the wall as its owner sees it; stacks count on clockwise on screen
(right to left along the bottom wall, then up the left wall: the rule book's break count).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, wraps
from typing import Any, TypeVar

MIN_SIZE = (1024, 640)
MAX_SIZE = (3840, 2160)
RIVER_COLS = 6
RIVER_ROWS = 4  # rows 5+ continue the 4th row (rare: more than 24 discards)
MAX_FLOWERS = 4
#: tile sizes relative to the river tile: (the human's hand, the walls, the opponents' hands).
#: "large" (the settings' tile size) gives the hand and the rivers the room the walls and the
#: opponents' concealed tiles give up
TILE_RATIOS: dict[bool, tuple[float, float, float]] = {False: (2.0, 0.9, 0.85), True: (2.25, 0.75, 0.7)}


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
    """All positions for one window size. Build with `Layout.for_size`.

    The table is a square (`frame`: a rail around the felt) centred in the window; the human's
    hand stands in front of it (it may reach past the square), the opponents' hands stand along
    its other three sides inside the rail, the walls make a square around the rivers, and the
    rivers (rows of six in front of each seat) lie around the central `console`. The side
    columns (``panel_w`` wide) hold the seat plates, the dice, the call assists (left) and the
    prompt, its buttons and the hints panel (right).
    """

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
    panel_w: int  # the width of each side column (plates, buttons, hints)
    large: bool = False  # built for large tiles (`TILE_RATIOS`)
    _memo: dict[Any, Any] = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)

    # --- construction ---------------------------------------------------------------------------
    @classmethod
    def for_size(cls, width: int, height: int, large: bool = False) -> Layout:
        """The layout with the largest tiles that fit (width 1024-3840, height 640-2160);
        `large`: the settings' large tiles (a bigger hand and rivers, smaller walls).

        >>> a, b = Layout.for_size(1280, 800), Layout.for_size(1280, 800, large=True)
        >>> b.hand_tile > a.hand_tile and b.river_tile >= a.river_tile and b.tile < a.tile
        True
        """
        if not (isinstance(width, int) and isinstance(height, int)):
            raise TypeError(f"window size must be whole pixels, got {width!r} x {height!r}")
        if not (MIN_SIZE[0] <= width <= MAX_SIZE[0] and MIN_SIZE[1] <= height <= MAX_SIZE[1]):
            raise ValueError(f"window size {width}x{height} is outside {MIN_SIZE[0]}x{MIN_SIZE[1]}"
                             f" .. {MAX_SIZE[0]}x{MAX_SIZE[1]}")
        margin = 8
        for rt in range(min(width, height) // 12, 7, -1):
            lay = cls._try(width, height, rt, margin, bool(large))
            if lay is not None:
                return lay
        raise ValueError(f"no layout fits {width}x{height}")  # pragma: no cover

    @classmethod
    def _try(cls, W: int, H: int, rt: int, m: int, large: bool = False) -> Layout | None:
        gap = max(4, round(rt * 0.2))
        unit = _worst_row_units(0.8, 0.65, 0.14)
        hand_r, wall_r, opp_r = TILE_RATIOS[large]
        hand = min(round(rt * hand_r), int((W - 2 * m) / unit))
        if hand < rt:
            return None
        opp = max(16, round(rt * opp_r))
        t = max(12, round(rt * wall_r))  # the walls a little smaller than the rivers one reads
        lay = cls(W, H, t, rt, hand, round(hand * 0.8), opp, round(hand * 0.65), m, gap, 0, large)
        if lay._spare_h < 0:
            return None
        band = int(W / 2 - lay.frame_half - gap - m)
        if band < side_column_min(W):
            return None
        lay = replace(lay, panel_w=band)  # the side columns take what the table leaves
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
        felt = self.felt
        for name in ("console", *(f"{k}{s}" for k in ("wall", "river") for s in range(4)), "row1", "row2", "row3"):
            if not regions[name].inside(felt):
                out.append(f"{name} {regions[name]} is not on the felt {felt}")
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
        """Height of the human's row (the raised tile included)."""
        return self.lift + face_h(self.hand_tile) + depth_of(self.hand_tile)

    @property
    def opp_band_h(self) -> int:
        """Depth of an opponent's row of standing tiles (the tile and its thickness)."""
        return face_h(self.opp_tile) + depth_of(self.opp_tile)

    @property
    def rail(self) -> int:
        """Width of the table's rail (the frame around the felt)."""
        return max(6, round(self.river_tile * 0.4))

    @property
    def river_start(self) -> float:
        """How far from the centre the rivers' first rows begin (just outside the console)."""
        return _river_len(self.river_tile) / 2 + _river_gap(self.river_tile)

    @property
    def wall_inner_half(self) -> float:
        """Half the side of the square inside the walls (the rivers' 4 rows fit in it)."""
        rt = self.river_tile
        return (self.river_start + RIVER_ROWS * face_h(rt) + depth_of(rt)
                + max(self.tier_offset, depth_of(self.tile)) + self.gap)

    @property
    def frame_half(self) -> float:
        """Half the side of the table square, rail included: the walls, a gap, the opponents'
        standing tiles, a little felt and the rail."""
        pad = max(3, self.gap // 2)
        return (self.wall_inner_half + face_h(self.tile) + self.tier_offset + self.gap
                + self.opp_band_h + pad + self.rail)

    @property
    def _below_centre(self) -> float:
        """From the centre down to the bottom of the human's row."""
        return (self.wall_inner_half + face_h(self.tile) + depth_of(self.tile) + self.gap
                + self.human_band_h)

    @property
    def _spare_h(self) -> float:
        """Height left over once the table and the hand are placed (shared above and below)."""
        return self.height - 2 * self.margin - self.frame_half - max(self.frame_half, self._below_centre)

    @cached_property
    def centre(self) -> tuple[float, float]:
        """The centre of the table: the middle of the window's width; the hand stands at the
        bottom of the window and the table right behind it (a spare height goes above)."""
        return (self.width / 2, self.margin + self.frame_half + max(0.0, self._spare_h))

    @property
    def frame(self) -> Rect:
        """The table square with its rail."""
        cx, cy = self.centre
        r = self.frame_half
        return Rect(cx - r, cy - r, 2 * r, 2 * r)

    @property
    def felt(self) -> Rect:
        """The felt inside the rail."""
        f = self.frame
        return f.grow(-self.rail, -self.rail, -self.rail, -self.rail)

    @property
    def table_right(self) -> float:
        """Right edge of the table square (the right column is to its right)."""
        return self.frame.right

    # --- walls ------------------------------------------------------------------------------------
    @_cached
    def wall_stacks(self, seat: int) -> list[Rect]:
        """The 13 stack cells of a seat's wall, stack 0 = the right end as the owner sees it;
        each wall is centred in front of its seat (the corners between walls stay open)."""
        _check_seat(seat)
        t, h, a = self.tile, face_h(self.tile), self.wall_inner_half
        cx, cy = self.centre
        return [_rot_rect(cx, cy, Rect(6.5 * t - (j + 1) * t, a, t, h), seat) for j in range(13)]

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

    # --- the console ------------------------------------------------------------------------------
    @property
    def console(self) -> Rect:
        """The central console (the round, the wall count; each seat's wind and score on its
        side): the square the four rivers surround."""
        cx, cy = self.centre
        s = _river_len(self.river_tile)
        return Rect(cx - s / 2, cy - s / 2, s, s)

    def console_side(self, seat: int) -> Rect:
        """The strip of the console facing a seat (its wind and score, its glow on its turn).

        >>> lay = Layout.for_size(1280, 800)
        >>> c = lay.console
        >>> lay.console_side(0).bottom == c.bottom and lay.console_side(2).y == c.y
        True
        """
        _check_seat(seat)
        c = self.console
        d = round(c.w * 0.2)
        cx, cy = self.centre
        return _rot_rect(cx, cy, Rect(-c.w / 2 + d, c.h / 2 - d, c.w - 2 * d, d), seat)

    @property
    def stick_thick(self) -> int:
        """Thickness of an uper stick (see `uper_stick`)."""
        return max(3, round(self.console.w * 0.2 * 0.16))

    def uper_stick(self, seat: int) -> Rect:
        """Where a seat's uper stick lies once it has declared uper (all hand long): across the
        console's side facing the seat, along its inner edge (the wind and score keep the rest
        of the side, `console_side_content`).

        >>> lay = Layout.for_size(1280, 800)
        >>> st, side = lay.uper_stick(0), lay.console_side(0)
        >>> st.inside(side), st.y == side.y + 1, st.w > 3 * st.h
        (True, True, True)
        """
        _check_seat(seat)
        c = self.console
        d = round(c.w * 0.2)
        length = (c.w - 2 * d) * 0.82
        cx, cy = self.centre
        return _rot_rect(cx, cy, Rect(-length / 2, c.h / 2 - d + 1, length, self.stick_thick), seat)

    def console_side_content(self, seat: int) -> Rect:
        """The part of a seat's console side that shows its wind and score: the side less the
        band of its uper stick."""
        _check_seat(seat)
        c = self.console
        d = round(c.w * 0.2)
        cut = self.stick_thick + 2
        cx, cy = self.centre
        return _rot_rect(cx, cy, Rect(-c.w / 2 + d, c.h / 2 - d + cut, c.w - 2 * d, d - cut), seat)

    @_cached
    def call_area(self, seat: int) -> Rect:
        """Where a seat's call (Pung, Kong, Uper, Ola, Ssoa) appears, large: on that seat's side
        of the table, half way from the console to the seat's hand (over its river and wall;
        never over a hand, a plate or the console).

        >>> lay = Layout.for_size(1280, 800)
        >>> a, c = lay.call_area(0), lay.console
        >>> a.y > c.bottom and a.bottom < lay.row_region(0).y, abs(a.center[0] - c.center[0]) < 1
        (True, True)
        """
        _check_seat(seat)
        cx, cy = self.centre
        c = self.console
        row = self.row_region(seat)
        g = self.gap
        near = c.w / 2 + g
        far = {0: row.y - cy, 1: row.x - cx, 2: cy - row.bottom, 3: cx - row.right}[seat] - g
        along = max(1.0, far - near)  # the room between the console and the hand
        rt = self.river_tile
        w, h = rt * 6.5, rt * 2.4
        if seat % 2 == 0:
            h = min(h, along)
        else:
            w = min(w, along)
        mid = (near + far) / 2
        dx, dy = _rot(0.0, mid, seat)
        return Rect(cx + dx - w / 2, cy + dy - h / 2, w, h)

    @property
    def console_middle(self) -> Rect:
        """The console's middle, inside its four sides (hand number, tiles left, wind, stake)."""
        c = self.console
        d = round(c.w * 0.2)
        return c.grow(-d, -d, -d, -d)

    # --- rivers -----------------------------------------------------------------------------------
    @_cached
    def river_slots(self, seat: int, sideways: Sequence[bool]) -> list[Slot]:
        """Cells of a seat's discards, in order; ``sideways[i]`` marks the uper discard.

        Rows of 6 run left to right as the discarder sees them, centred in front of the seat
        (aligned with the console), rows stack away from the centre; past 24 discards the 4th
        row runs on into the corner.
        """
        _check_seat(seat)
        rt, rh = self.river_tile, face_h(self.river_tile)
        x0 = -_river_len(rt) / 2
        cx, cy = self.centre
        out = []
        row = col = 0
        u = 0.0
        for side in sideways:
            if col == RIVER_COLS and row < RIVER_ROWS - 1:
                row, col, u = row + 1, 0, 0.0
            length = rh if side else rt
            thick = rt if side else rh
            v = self.river_start + row * rh + (rh - thick)  # sideways: on the outer edge
            rel = Rect(x0 + u, v, length, thick)
            out.append(Slot(_rot_rect(cx, cy, rel, seat), (seat + (1 if side else 0)) % 4, rt))
            u += length
            col += 1
        return out

    def river_capacity(self) -> int:
        """How many discards (one of them sideways) a river holds inside its region.

        >>> Layout.for_size(1024, 640).river_capacity() >= 26
        True
        """
        rt, rh = self.river_tile, face_h(self.river_tile)
        last = self._river_reach() - (rh - rt)
        return RIVER_COLS * (RIVER_ROWS - 1) + int(last // rt)

    def _river_reach(self) -> float:
        """Length of a river's last row: from the console's edge on to the next wall's inside."""
        clear = max(self.tier_offset, depth_of(self.tile)) + depth_of(self.river_tile) + 1
        return _river_len(self.river_tile) / 2 + self.wall_inner_half - clear

    @_cached
    def river_region(self, seat: int) -> Rect:
        """The area a full river may use (4 rows, the last one reaching into the corner), with
        the tiles' thickness."""
        rh = face_h(self.river_tile)
        cx, cy = self.centre
        rel = Rect(-_river_len(self.river_tile) / 2, self.river_start, self._river_reach(), RIVER_ROWS * rh)
        return _rot_rect(cx, cy, rel, seat).grow(bottom=depth_of(self.river_tile))

    # --- hands, melds, flowers -------------------------------------------------------------------
    @_cached
    def _row_start(self, seat: int, length: float) -> tuple[float, float]:
        """Screen point where a seat's row begins (its left end as the owner sees it), for a row of
        `length`; the row is centred on its side of the table."""
        m = self.margin
        cx, cy = self.centre
        if seat == 0:
            x0 = max(m, min(cx - (14 * self.hand_tile + self.row_gap(0)) / 2,
                            self.width - m - self.worst_row_len(0)))
            # in front of the table, at the bottom of the window
            y = self.height - m - depth_of(self.hand_tile) - face_h(self.hand_tile)
            return (x0, y)
        pad = max(3, self.gap // 2)
        inner = self.frame_half - self.rail - pad  # from the centre to the felt's edge, less a pad
        oh = face_h(self.opp_tile)
        if seat == 2:
            return (cx + length / 2, cy - inner)
        if seat == 1:
            return (cx + inner - oh, cy + length / 2)
        return (cx - inner, cy - length / 2)

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

    # --- side columns: plates, dice, assists, prompt and buttons ----------------------------------
    @property
    def line_h(self) -> int:
        """Height of one line of panel text."""
        return max(18, round(self.height * 0.032))

    @property
    def banner_px(self) -> int:
        """The text size of the table's banner (the dice's sum, "Welcome back", a draw's reason):
        bold, above the console."""
        return max(22, round(self.tile * 0.9))

    @property
    def seat_pick_line(self) -> int:
        """The height of a line of the seat choice's panel (each player's dice and seat)."""
        return max(30, round(self.tile * 1.25))

    @property
    def seat_pick_px(self) -> int:
        """The seat choice's text size."""
        return max(16, round(self.seat_pick_line * 0.45))

    @property
    def _column_bottom(self) -> float:
        """The side columns end above the human's row."""
        return self.row_region(0).y - self.gap

    @property
    def plate_size(self) -> tuple[float, float]:
        """A seat plate's width and height."""
        return (min(self.panel_w, max(200, round(self.river_tile * 7))), max(48, round(self.river_tile * 2.0)))

    @_cached
    def plate(self, seat: int) -> Rect:
        """A seat's plate (wind, name, dealer, flowers; it glows on the seat's turn), beside that
        seat's hand, so that who is who reads at a glance: across (2) left of the top hand, level
        with it; left (3) beside the left hand's middle; right (1) in the right column level with
        the right hand, below the top hand's level (in the window's corner it read as the top
        hand's); the human (0) at the bottom left above the hand.

        >>> lay = Layout.for_size(1280, 800)
        >>> lay.plate(3).right <= lay.frame.x < lay.frame.right <= lay.plate(1).x
        True
        >>> top, right = lay.row_region(2), lay.row_region(1)
        >>> lay.plate(2).y < top.center[1] < lay.plate(2).bottom     # level with the top hand
        True
        >>> top.bottom < lay.plate(1).y < right.center[1]             # level with the right hand
        True
        """
        _check_seat(seat)
        w, h = self.plate_size
        m, g = self.margin, self.gap
        f = self.frame
        left, right = f.x - g - w, f.right + g
        if seat == 2:
            return Rect(left, max(m, self.row_region(2).center[1] - h / 2), w, h)
        if seat == 3:
            return Rect(left, self.centre[1] - h / 2, w, h)
        if seat == 1:
            top = max(self.row_region(2).bottom + g, m)  # the right hand's upper end
            # a tall window centres the table low: the prompt and the hints under the plate
            # keep their room (four buttons, the prompt's head, a hints panel 200 px high)
            bh = max(30, round(self.line_h * 1.6))
            need = 200 + 4 * bh + 3 * g + math.ceil(self.line_h * 3.6)
            top = max(m, min(top, math.floor(self._column_bottom) - need - g - h))
            return Rect(right, math.ceil(top), w, h)
        return Rect(left, self._column_bottom - h, w, h)

    @property
    def dice_size(self) -> int:
        return max(18, round(self.tile * 0.9))

    @property
    def dice_area(self) -> Rect:
        """Where the dice tumble (the centre; used before the first discard, so it may cover the
        console and the rivers' first rows)."""
        cx, cy = self.centre
        side = self.dice_size * 3.4
        return Rect(cx - side / 2, cy - side / 2, side, side)

    @property
    def dice_rest(self) -> Rect:
        """Where the dice lie after the break: in the left column, under the left seat's plate."""
        p = self.plate(3)
        return Rect(p.x, p.bottom + self.gap, p.w, self.dice_size + self.gap)

    @property
    def sacred_area(self) -> Rect:
        """The human's sacred-discard line (while it lasts: "self-draw only", or the waits it
        blocks as small tiles): the left column, right above the human's plate by the hand.

        >>> lay = Layout.for_size(1024, 640)
        >>> s, p = lay.sacred_area, lay.plate(0)
        >>> s.bottom == p.y - lay.gap, s.x == p.x and s.w == p.w
        (True, True)
        """
        p = self.plate(0)
        st = self.sacred_tile
        h = self.sacred_text_px * 1.4 + face_h(st) + depth_of(st) + 3 * max(3, self.gap // 2)
        return Rect(p.x, p.y - self.gap - h, p.w, h)

    @property
    def sacred_text_px(self) -> int:
        """Text size of the sacred-discard line."""
        return max(12, round(self.plate_size[1] * 0.27))

    @property
    def sacred_tile(self) -> int:
        """Width of the small tiles on the sacred-discard line."""
        return max(14, round(self.river_tile * 0.72))

    @property
    def assists_area(self) -> Rect:
        """The call assists' three toggles: the left column, above the human's plate and its
        sacred-discard line."""
        p = self.sacred_area
        h = 3 * self.assist_h + 2 * max(3, self.gap // 2)
        return Rect(p.x, p.y - self.gap - h, p.w, h)

    @property
    def assist_h(self) -> int:
        """Height of one assist toggle."""
        return max(18, round(self.river_tile * 0.8))

    @property
    def info(self) -> Rect:
        """The round's information: the console (kept under this name for older callers)."""
        return self.console

    @property
    def panel(self) -> Rect:
        """The right column under the right seat's plate: the prompt and its buttons (and the
        hints panel when it is open), down to the human's row."""
        p = self.plate(1)
        top = p.bottom + self.gap
        x = math.ceil(self.frame.right + self.gap)
        return Rect(x, top, self.width - self.margin - x, math.floor(self._column_bottom) - top)

    @property
    def buttons(self) -> Rect:
        """Messages, the claim prompt and actions: the lower part of the right column."""
        p = self.panel
        top = p.y + round(p.h * 0.4)
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

    @property
    def prompt_px(self) -> int:
        """Text size of a prompt's title and buttons."""
        return max(14, round(self.line_h * 0.62))

    @property
    def coach_px(self) -> int:
        """Text size of the coach's line above a prompt (why a button is refused)."""
        return max(12, round(self.prompt_px * 0.9))

    def hints_area(self, n_buttons: int, head: float = 0) -> Rect:
        """Where the hints panel goes while `n_buttons` prompt buttons are shown: the right
        column, from under the right seat's plate down to the prompt's place above the buttons
        (down to the human's row when there are none); never over the table. `head` is the
        height the prompt needs above its buttons (its title, the claimed tile or the clock, the
        coach's line: `TableView.prompt_head`); a prompt title's room at least.

        >>> lay = Layout.for_size(1280, 800)
        >>> a = lay.hints_area(2)
        >>> a.x > lay.frame.right, a.right == lay.panel.right, a.bottom < lay.button_rects(2)[0].y
        (True, True, True)
        >>> lay.hints_area(2, head=200).bottom == lay.button_rects(2)[0].y - 200 - lay.gap
        True
        """
        if not isinstance(n_buttons, int) or n_buttons < 0:
            raise ValueError(f"n_buttons must be a whole number >= 0, got {n_buttons!r}")
        p = self.panel
        room = max(round(self.line_h * 2.6), math.ceil(head) + self.gap if head else 0)
        bottom = self.button_rects(n_buttons)[0].y - room if n_buttons else p.bottom
        return Rect(p.x, p.y, p.w, max(0.0, bottom - p.y))

    def regions(self) -> dict[str, Rect]:
        """Named areas that must not overlap each other (tests check it)."""
        out: dict[str, Rect] = {"panel": self.panel, "console": self.console, "dice": self.dice_rest,
                                "assists": self.assists_area, "sacred": self.sacred_area}
        for s in range(4):
            out[f"plate{s}"] = self.plate(s)
            out[f"wall{s}"] = self.wall_region(s)
            out[f"river{s}"] = self.river_region(s)
            out[f"row{s}"] = self.row_region(s)
        return out


def side_column_min(width: int) -> int:
    """The least width of a side column (plates, buttons, hints) for a window width.

    >>> side_column_min(1024), side_column_min(1920)
    (200, 326)
    """
    return max(200, round(width * 0.17))


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


def _river_len(rt: int) -> float:
    """Length of a full row of six with one tile sideways (the console's side)."""
    return (RIVER_COLS - 1) * rt + face_h(rt)


def _river_gap(rt: int) -> int:
    """Space between the console and the rivers (a tile's thickness shows there)."""
    return depth_of(rt) + 2


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
