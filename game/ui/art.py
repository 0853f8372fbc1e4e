"""Tile faces, tile backs and dice, drawn in code and cached, so that drawing a frame is blits only.

Everything is drawn at several times the target size and smooth-scaled down (anti-aliased edges
even at 24 px). A tile is its face (``width`` × ``face_height(width)``) turned by ``orientation``
quarter turns counter-clockwise, plus its thickness (``depth(width)`` px) showing below it on
screen. ``orientation`` is the seat the tile faces: 0 upright (the human, bottom), 1 top pointing
left (the right-hand player), 2 upside down (across), 3 top pointing right (the left-hand player);
a sideways tile (the uper discard, a claimed tile in a meld) is one more quarter turn.

    art = TileArt()
    surf = art.tile(parse_tile("5p"), 40)           # upright, face up
    back = art.tile(None, 40, orientation=2)        # a face-down tile, across
    die = art.die(6, 32)
    art.look = Look.named(tiles="contrast")         # the settings' look (`game.ui.themes`)

Tiles are drawn in the art's `look` (tile theme and suit colours); a sprite's cache key holds
the look, so changing it shows the new tiles at once, and going back finds the old ones.

The caches are bounded (`SurfaceCache`): a window resized through many sizes keeps only the
most recently used tiles, up to `TILE_CACHE_BYTES` of pixels, not every size it ever had.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from pathlib import Path
from typing import Generic, TypeVar

import pygame

from game.engine.tiles import (
    DRAGONS,
    GREEN,
    RED,
    WHITE,
    WINDS,
    is_flower,
    rank,
    suit,
)

from .assets import TILE_FONT
from .themes import Look

# palette
IVORY = (246, 241, 226)
IVORY_EDGE = (214, 204, 178)
IVORY_SIDE = (226, 216, 190)
BACK = (26, 112, 84)
BACK_LIGHT = (44, 140, 106)
BACK_SIDE = (18, 84, 62)
INK = (24, 28, 44)
BLUE = (28, 78, 165)
GREENC = (18, 122, 70)
REDC = (200, 36, 40)
ORANGE = (222, 132, 24)
PINK = (220, 86, 128)
YELLOW = (246, 196, 40)

STAND_DARK = (10, 62, 46)  # an opponent's standing tile: its back, dark at the base
STAND_LIGHT = (36, 128, 96)
STAND_RIM = (120, 200, 160)
STAND_OUTLINE = (6, 40, 30)
SHADOW = (0, 0, 0)

NUMERALS = "一二三四五六七八九"
WIND_GLYPHS = "東南西北"
FLOWER_GLYPHS = "春夏秋冬"
FLOWER_COLOURS = (PINK, REDC, ORANGE, BLUE)

#: Pip centres (x as a fraction of the face width, y of its height), radius (of the width), colour.
PIPS: dict[int, list[tuple[float, float, float, tuple[int, int, int]]]] = {
    2: [(0.5, 0.27, 0.21, GREENC), (0.5, 0.73, 0.21, BLUE)],
    3: [(0.24, 0.19, 0.17, BLUE), (0.5, 0.5, 0.17, REDC), (0.76, 0.81, 0.17, GREENC)],
    4: [(x, y, 0.19, c) for (x, y, c) in ((0.28, 0.27, BLUE), (0.72, 0.27, GREENC),
                                         (0.28, 0.73, GREENC), (0.72, 0.73, BLUE))],
    5: [(x, y, 0.165, c) for (x, y, c) in ((0.25, 0.2, BLUE), (0.75, 0.2, GREENC), (0.5, 0.5, REDC),
                                          (0.25, 0.8, GREENC), (0.75, 0.8, BLUE))],
    6: [(x, y, 0.16, GREENC if y < 0.3 else REDC) for y in (0.18, 0.5, 0.82) for x in (0.3, 0.7)],
    7: [(0.22, 0.13, 0.125, GREENC), (0.5, 0.25, 0.125, GREENC), (0.78, 0.37, 0.125, GREENC)]
       + [(x, y, 0.135, REDC) for y in (0.62, 0.86) for x in (0.3, 0.7)],
    8: [(x, y, 0.135, BLUE) for y in (0.135, 0.378, 0.622, 0.865) for x in (0.3, 0.7)],
    9: [(x, y, 0.125, c) for (y, c) in ((0.18, BLUE), (0.5, REDC), (0.82, GREENC))
        for x in (0.2, 0.5, 0.8)],
}

#: Dice pips on a unit square; 1 and 4 are red, as on Asian dice.
DICE_PIPS: dict[int, list[tuple[float, float]]] = {
    1: [(0.5, 0.5)],
    2: [(0.28, 0.28), (0.72, 0.72)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.3, y) for y in (0.22, 0.5, 0.78)] + [(0.7, y) for y in (0.22, 0.5, 0.78)],
}

Colour = tuple[int, int, int]

#: Pixel bytes the tile and dice cache may hold. A full table at 3840x2160 uses about 20 MB
#: (eight tile widths); the rest leaves room for a second layout (a practice picture, a replay).
TILE_CACHE_BYTES = 48 * 2**20

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def surface_bytes(surf: pygame.Surface) -> int:
    """The pixel memory a surface holds (width × height × bytes per pixel).

    >>> surface_bytes(pygame.Surface((10, 4), pygame.SRCALPHA))
    160
    """
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


class SurfaceCache(Generic[K, V]):
    """A least-recently-used cache bounded by a cost budget: ``cost(value)`` summed over the
    entries (by default a surface's pixel bytes) stays at most `max_cost`, and the entries at
    most `max_entries`. Putting past a bound evicts the least recently used entries (the newest
    one always stays, even if it alone is over the budget).

    >>> c = SurfaceCache(max_cost=10, cost=len)
    >>> c.put("a", "xxxx"); c.put("b", "yyyy"); _ = c.get("a"); c.put("c", "zzzz")
    >>> list(c), c.total, c.evictions
    (['a', 'c'], 8, 1)

    `uses` counts the gets and puts; `drop_unused_since(mark)` drops what was not used since
    ``uses`` was `mark` (a resize drops the old sizes' pictures once the new size is drawn).

    >>> mark = c.uses; _ = c.get("c"); c.drop_unused_since(mark); list(c), c.total
    (['c'], 4)
    """

    def __init__(self, max_cost: int, max_entries: int | None = None,
                 cost: Callable[[V], int] = surface_bytes) -> None:  # type: ignore[assignment]
        if max_cost < 0 or (max_entries is not None and max_entries < 1):
            raise ValueError(f"bad cache bounds: {max_cost} cost, {max_entries} entries")
        self.max_cost = max_cost
        self.max_entries = max_entries
        self._cost = cost
        self._items: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._used: dict[K, int] = {}  # when each entry was last used (`uses` then)
        self.total = 0  # the sum of the entries' costs
        self.evictions = 0
        self.uses = 0

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __iter__(self) -> Iterator[K]:
        """The keys, least recently used first."""
        return iter(list(self._items))

    def values(self) -> list[V]:
        return [v for v, _ in self._items.values()]

    def get(self, key: K) -> V | None:
        """The value for `key` (now the most recently used), or None."""
        got = self._items.get(key)
        if got is None:
            return None
        self._items.move_to_end(key)
        self.uses += 1
        self._used[key] = self.uses
        return got[0]

    def put(self, key: K, value: V) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self.total -= old[1]
        c = self._cost(value)
        self._items[key] = (value, c)
        self.uses += 1
        self._used[key] = self.uses
        self.total += c
        while len(self._items) > 1 and (self.total > self.max_cost or (
                self.max_entries is not None and len(self._items) > self.max_entries)):
            self._drop_oldest()
            self.evictions += 1

    def _drop_oldest(self) -> None:
        k, (_, dropped) = self._items.popitem(last=False)
        self._used.pop(k, None)
        self.total -= dropped

    def drop_unused_since(self, mark: int) -> None:
        """Drop every entry not used since ``uses`` was `mark` (the least recently used come
        first, so this stops at the first one used since)."""
        while self._items and self._used.get(next(iter(self._items)), 0) <= mark:
            self._drop_oldest()

    def clear(self) -> None:
        self._items.clear()
        self._used.clear()
        self.total = 0


def face_height(width: int) -> int:
    """Height of a tile face for a face width (about 4:3).

    >>> face_height(24), face_height(48)
    (32, 64)
    """
    return round(width * 4 / 3)


def depth(width: int) -> int:
    """Thickness shown below a tile.

    >>> depth(24), depth(60)
    (3, 7)
    """
    return max(2, round(width * 0.12))


def tile_size(width: int, orientation: int = 0) -> tuple[int, int]:
    """Size of the surface `TileArt.tile` returns (face turned, plus the depth below).

    >>> tile_size(30), tile_size(30, 1)
    ((30, 44), (40, 34))
    """
    w, h = width, face_height(width)
    if orientation % 2:
        w, h = h, w
    return w, h + depth(width)


def _supersample(width: int) -> int:
    return max(2, min(8, math.ceil(160 / width)))


class TileArt:
    """Draws and caches tiles (keyed by kind, width, orientation, face-up) and dice.

    Tiles and dice share one `SurfaceCache` of at most `max_bytes` pixel bytes (least recently
    used out first), so resizing the window through many sizes does not keep every size. The
    glyphs the faces are drawn from are a fixed set (not per size) and are kept.
    """

    def __init__(self, font_path: str | Path = TILE_FONT, max_bytes: int = TILE_CACHE_BYTES,
                 look: Look | None = None) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._font = pygame.font.Font(str(font_path), 256)
        self._glyphs: dict[tuple[str, Colour], pygame.Surface] = {}
        self.cache: SurfaceCache[tuple[object, ...], pygame.Surface] = SurfaceCache(max_bytes)
        #: the tile theme and suit colours tiles are drawn in (and the table theme the board
        #: draws the felt in); sprites are cached per look, so setting it takes effect at once
        self.look = look or Look()

    def __len__(self) -> int:
        return len(self.cache)

    def clear(self) -> None:
        self.cache.clear()

    # --- public ---------------------------------------------------------------------------
    def tile(self, kind: int | None, width: int, orientation: int = 0, face_up: bool = True) -> pygame.Surface:
        """The tile `kind` (None: a face-down tile) `width` px wide, turned `orientation` quarter turns."""
        if width < 8:
            raise ValueError(f"tile width must be at least 8 px, got {width}")
        if kind is not None and not 0 <= kind <= 28:
            raise ValueError(f"no tile kind {kind}; kinds are 0-28")
        if kind is None:
            face_up = False
        key = ("tile", self.look.tile_key, kind if face_up else None, width, orientation % 4, face_up)
        surf = self.cache.get(key)
        if surf is None:
            surf = self._render_tile(kind if face_up else None, width, orientation % 4, face_up)
            self.cache.put(key, surf)
        return surf

    def standing(self, width: int, orientation: int) -> pygame.Surface:
        """An opponent's concealed tile standing up, seen from the back: a tall green back lit
        along its top edge (the side away from the table's centre), clearly not a wall tile.
        Same size as `tile` (`tile_size`), so it fills the same cell.

        >>> art = TileArt()
        >>> art.standing(30, 2).get_size() == tile_size(30, 2)
        True
        """
        if width < 8:
            raise ValueError(f"tile width must be at least 8 px, got {width}")
        key = ("standing", self.look.tile_key, width, orientation % 4)
        surf = self.cache.get(key)
        if surf is None:
            surf = self._render_standing(width, orientation % 4)
            self.cache.put(key, surf)
        return surf

    def shadow(self, w: int, h: int) -> pygame.Surface:
        """A soft shadow for a `w` × `h` tile or row of tiles (blit it a little below and right
        of what casts it)."""
        key = ("shadow", max(1, w), max(1, h))
        surf = self.cache.get(key)
        if surf is None:
            surf = _soft_shadow(max(1, w), max(1, h))
            self.cache.put(key, surf)
        return surf

    def die(self, value: int, size: int) -> pygame.Surface:
        """A die showing `value` (1-6), `size` px square."""
        if not 1 <= value <= 6:
            raise ValueError(f"a die shows 1-6, got {value}")
        key = ("die", value, size)
        surf = self.cache.get(key)
        if surf is None:
            surf = self._render_die(value, size)
            self.cache.put(key, surf)
        return surf

    def warm(self, widths: list[int], orientations: tuple[int, ...] = (0, 1, 2, 3)) -> None:
        """Render every tile for these widths now (so the first frames do not stall)."""
        for w in widths:
            for o in orientations:
                self.tile(None, w, o)
                for k in range(29):
                    self.tile(k, w, o)

    # --- drawing ----------------------------------------------------------------------------
    def _glyph(self, text: str, colour: Colour) -> pygame.Surface:
        """A glyph rendered large and cropped to its ink."""
        key = (text, colour)
        g = self._glyphs.get(key)
        if g is None:
            full = self._font.render(text, True, colour)
            box = full.get_bounding_rect()
            if box.w == 0 or box.h == 0:
                raise ValueError(f"the tile font has no glyph for {text!r}")
            g = full.subsurface(box).copy()
            self._glyphs[key] = g
        return g

    def _blit_fit(self, dst: pygame.Surface, text: str, colour: Colour, box: pygame.Rect,
                  align_bottom: bool = False) -> pygame.Rect:
        g = self._glyph(text, colour)
        scale = min(box.w / g.get_width(), box.h / g.get_height())
        size = (max(1, round(g.get_width() * scale)), max(1, round(g.get_height() * scale)))
        s = pygame.transform.smoothscale(g, size)
        r = s.get_rect(center=box.center)
        if align_bottom:
            r.bottom = box.bottom
        if self.look.tiles.contrast:  # thicker strokes: the glyph again, a little to each side
            o = max(1, round(dst.get_width() * 0.012))
            for dx, dy in ((-o, 0), (o, 0), (0, -o), (0, o)):
                dst.blit(s, r.move(dx, dy))
        dst.blit(s, r)
        return r

    def _render_tile(self, kind: int | None, width: int, orientation: int, face_up: bool) -> pygame.Surface:
        ss = _supersample(width)
        W, H = width * ss, face_height(width) * ss
        D = depth(width) * ss
        radius = max(2, round(W * 0.13))
        th = self.look.tiles
        stroke = max(1, round(ss * th.stroke))
        face = pygame.Surface((W, H), pygame.SRCALPHA)
        if face_up:
            pygame.draw.rect(face, th.face, face.get_rect(), border_radius=radius)
            pygame.draw.rect(face, th.face_edge, face.get_rect(), width=stroke, border_radius=radius)
            assert kind is not None
            self._draw_face(face, kind, width)
        else:
            pygame.draw.rect(face, th.back, face.get_rect(), border_radius=radius)
            inner = face.get_rect().inflate(-W * 0.16, -W * 0.16)
            pygame.draw.rect(face, th.back_light, inner, width=max(1, round(W * 0.035 * th.stroke)),
                             border_radius=max(1, radius // 2))
            if th.contrast:
                pygame.draw.rect(face, th.stand_outline, face.get_rect(), width=stroke, border_radius=radius)
        if orientation:
            face = pygame.transform.rotate(face, 90 * orientation)
        FW, FH = face.get_size()
        out = pygame.Surface((FW, FH + D), pygame.SRCALPHA)
        top, bottom = (th.face_side, th.back_side) if face_up else (th.back_side, th.face_side)
        pygame.draw.rect(out, bottom, (0, D, FW, FH), border_radius=radius)
        pygame.draw.rect(out, top, (0, round(D * 0.45), FW, FH), border_radius=radius)
        out.blit(face, (0, 0))
        fw, fh = (width, face_height(width)) if orientation % 2 == 0 else (face_height(width), width)
        small = pygame.transform.smoothscale(out, (fw, fh + depth(width)))
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            small = small.convert_alpha()
        return small

    def _render_standing(self, width: int, orientation: int) -> pygame.Surface:
        ss = _supersample(width)
        W, H = width * ss, face_height(width) * ss
        D = depth(width) * ss
        radius = max(2, round(W * 0.16))
        th = self.look.tiles
        # drawn as the bottom seat would hold it; the lit top edge faces away from the centre
        # (the bottom here), and turning it by the seat puts that edge on the seat's outer side
        face = pygame.Surface((W, H), pygame.SRCALPHA)
        pygame.draw.rect(face, th.stand_dark, face.get_rect(), border_radius=radius)
        body = pygame.Rect(0, 0, W, H)
        steps = 16
        for k in range(steps):  # a vertical gradient: darker at the base, lighter to the top
            f = k / (steps - 1)
            colour = tuple(round(a + (b - a) * f) for a, b in zip(th.stand_dark, th.stand_light))
            band = pygame.Rect(0, round(H * k / steps), W, math.ceil(H / steps) + 1)
            clip = face.subsurface(band.clip(body))
            pygame.draw.rect(clip, colour, pygame.Rect(0, -band.y, W, H), border_radius=radius)
        edge = max(ss * 2, round(H * 0.2))  # the top edge: ivory face layer, then a bright rim
        pygame.draw.rect(face, th.face, (0, H - edge, W, edge),
                         border_bottom_left_radius=radius, border_bottom_right_radius=radius)
        pygame.draw.rect(face, th.stand_rim, (0, H - edge - max(ss, edge // 3), W, max(ss, edge // 3)))
        pygame.draw.rect(face, th.stand_outline, face.get_rect(), width=max(1, round(ss * th.stroke)),
                         border_radius=radius)
        if orientation:
            face = pygame.transform.rotate(face, 90 * orientation)
        FW, FH = face.get_size()
        out = pygame.Surface((FW, FH + D), pygame.SRCALPHA)
        pygame.draw.rect(out, (0, 0, 0, 70), (ss, D, FW - ss, FH), border_radius=radius)
        pygame.draw.rect(out, th.back_side, (0, round(D * 0.5), FW, FH), border_radius=radius)
        out.blit(face, (0, 0))
        fw, fh = (width, face_height(width)) if orientation % 2 == 0 else (face_height(width), width)
        small = pygame.transform.smoothscale(out, (fw, fh + depth(width)))
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            small = small.convert_alpha()
        return small

    def _draw_face(self, face: pygame.Surface, kind: int, width: int) -> None:
        W, H = face.get_size()
        s = suit(kind)
        n = rank(kind)
        ink, sc = self.look.tiles.ink, self.look.suits
        if s == 0:  # characters: numeral above 萬
            self._blit_fit(face, NUMERALS[n - 1], ink, pygame.Rect(W * 0.12, H * 0.06, W * 0.76, H * 0.4))
            self._blit_fit(face, "萬", sc.red, pygame.Rect(W * 0.12, H * 0.5, W * 0.76, H * 0.43))
        elif s == 1:
            self._draw_circles(face, n, width)
        elif kind in WINDS:
            self._blit_fit(face, WIND_GLYPHS[n - 1], ink, pygame.Rect(W * 0.1, H * 0.12, W * 0.8, H * 0.76))
        elif kind in DRAGONS:
            if kind == WHITE:
                outer = pygame.Rect(0, 0, W * 0.66, H * 0.74)
                outer.center = (W // 2, H // 2)
                pygame.draw.rect(face, sc.blue, outer, width=max(2, round(W * 0.08 * min(1.5, self.look.tiles.stroke))),
                                 border_radius=round(W * 0.04))
                inner = outer.inflate(-W * 0.26, -W * 0.26)
                pygame.draw.rect(face, sc.blue, inner, width=max(1, round(W * 0.03 * min(1.5, self.look.tiles.stroke))))
            elif kind == GREEN:
                self._blit_fit(face, "發", sc.green, pygame.Rect(W * 0.08, H * 0.1, W * 0.84, H * 0.8))
            elif kind == RED:
                self._blit_fit(face, "中", sc.red, pygame.Rect(W * 0.1, H * 0.1, W * 0.8, H * 0.8))
        elif is_flower(kind):
            self._draw_flower(face, n)

    def _pip(self, face: pygame.Surface, cx: float, cy: float, r: float, colour: Colour, fine: bool) -> None:
        c = (round(cx), round(cy))
        light = self.look.tiles.face
        colour = self._suit_colour(colour)
        pygame.draw.circle(face, colour, c, r)
        if fine and not self.look.tiles.contrast:
            pygame.draw.circle(face, light, c, r * 0.68)
            pygame.draw.circle(face, colour, c, r * 0.5)
            pygame.draw.circle(face, light, c, r * 0.18)
        else:  # small (or high-contrast) tiles: a solid disc with a light centre reads better
            pygame.draw.circle(face, light, c, r * 0.42)
            pygame.draw.circle(face, colour, c, r * 0.22)

    def _suit_colour(self, colour: Colour) -> Colour:
        """A colour of the classic tables (`BLUE`, `GREENC`, `REDC`...) in the art's suit colours."""
        sc = self.look.suits
        return {BLUE: sc.blue, GREENC: sc.green, REDC: sc.red, PINK: sc.pink, ORANGE: sc.orange,
                YELLOW: sc.yellow}.get(colour, colour)

    def _draw_circles(self, face: pygame.Surface, n: int, width: int) -> None:
        W, H = face.get_size()
        fine = width >= 40
        sc, light = self.look.suits, self.look.tiles.face
        if n == 1:
            c = (W / 2, H / 2)
            r = W * 0.40
            ring = 0.80 if self.look.tiles.contrast else 0.86
            pygame.draw.circle(face, sc.green, c, r)
            pygame.draw.circle(face, light, c, r * ring)
            pygame.draw.circle(face, sc.blue, c, r * 0.74)
            for k in range(8):
                a = k * math.pi / 4
                pygame.draw.circle(face, light, (c[0] + math.cos(a) * r * 0.55, c[1] + math.sin(a) * r * 0.55),
                                   r * 0.09)
            pygame.draw.circle(face, sc.red, c, r * 0.34)
            pygame.draw.circle(face, light, c, r * 0.2)
            pygame.draw.circle(face, sc.red, c, r * 0.1)
            return
        # the pip area keeps a margin inside the face
        mx, my = W * 0.08, H * 0.07
        aw, ah = W - 2 * mx, H - 2 * my
        for x, y, r, colour in PIPS[n]:
            self._pip(face, mx + x * aw, my + y * ah, r * W, colour, fine)

    def _draw_flower(self, face: pygame.Surface, n: int) -> None:
        W, H = face.get_size()
        colour = self._suit_colour(FLOWER_COLOURS[n - 1])
        self._blit_fit(face, FLOWER_GLYPHS[n - 1], colour, pygame.Rect(W * 0.2, H * 0.08, W * 0.7, H * 0.46))
        self._blit_fit(face, str(n), self.look.tiles.ink, pygame.Rect(W * 0.07, H * 0.06, W * 0.18, H * 0.17))
        # a five-petal flower with two leaves
        cx, cy = W * 0.5, H * 0.75
        r = W * 0.13
        for side in (-1, 1):
            leaf = pygame.Rect(0, 0, r * 2.2, r * 1.0)
            leaf.center = (round(cx + side * r * 1.9), round(cy + r * 0.9))
            pygame.draw.ellipse(face, self.look.suits.green, leaf)
        for k in range(5):
            a = -math.pi / 2 + k * 2 * math.pi / 5
            pygame.draw.circle(face, colour, (cx + math.cos(a) * r, cy + math.sin(a) * r), r * 0.75)
        pygame.draw.circle(face, self.look.suits.yellow, (cx, cy), r * 0.55)

    def _render_die(self, value: int, size: int) -> pygame.Surface:
        ss = max(2, min(8, math.ceil(128 / size)))
        S = size * ss
        out = pygame.Surface((S, S), pygame.SRCALPHA)
        radius = round(S * 0.2)
        pygame.draw.rect(out, (205, 198, 180), out.get_rect(), border_radius=radius)
        pygame.draw.rect(out, (252, 250, 244), (0, 0, S, round(S * 0.93)), border_radius=radius)
        pygame.draw.rect(out, (190, 182, 160), (0, 0, S, round(S * 0.93)), width=max(1, ss),
                         border_radius=radius)
        red = value in (1, 4)
        for x, y in DICE_PIPS[value]:
            r = S * (0.17 if value == 1 else 0.085)
            pygame.draw.circle(out, REDC if red else INK, (x * S, y * S * 0.93), r)
        small = pygame.transform.smoothscale(out, (size, size))
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            small = small.convert_alpha()
        return small


def _soft_shadow(w: int, h: int) -> pygame.Surface:
    """A blurred dark rounded rectangle, `w` × `h` plus a soft border of about a sixth of the
    smaller side (blit it offset by minus that border)."""
    b = shadow_blur(w, h)
    small_w, small_h = max(2, (w + 2 * b) // 4), max(2, (h + 2 * b) // 4)
    base = pygame.Surface((small_w, small_h), pygame.SRCALPHA)
    inner = pygame.Rect(round(b / 4), round(b / 4), max(1, round(w / 4)), max(1, round(h / 4)))
    pygame.draw.rect(base, (*SHADOW, 110), inner, border_radius=max(1, round(min(w, h) / 16)))
    out = pygame.transform.smoothscale(base, (w + 2 * b, h + 2 * b))
    return pygame.transform.smoothscale(pygame.transform.smoothscale(out, (small_w, small_h)),
                                        (w + 2 * b, h + 2 * b))


def shadow_blur(w: int, h: int) -> int:
    """The soft border around a `TileArt.shadow` of that size.

    >>> shadow_blur(40, 53), shadow_blur(8, 8)
    (7, 2)
    """
    return max(2, round(min(w, h) / 6))
