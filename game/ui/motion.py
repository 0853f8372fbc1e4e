"""The table's bigger moments as moving marks over the tiles: an uper stick laid down at its
seat, and the glow that marks a winning tile (larger and longer for a big hand).

    stick = UperStick(layout.uper_stick(seat), out=(0, 1), reach=3 * layout.tile)
    anim = stick.lay(DURATION["stick"], land=lambda: model.uper.add(seat))
    glow = WinGlow(layout.drawn_slot(seat, n).rect)
    sprites.effects.append(glow); timeline.add(glow.pulse(DURATION["win"]))

Both are drawn by `SpriteLayer.draw` (each has ``draw(surface, art)``) and moved by tweens of
`game.ui.tween` (its easings; the director's `DURATION` gives the times), so a skip (Space, a
click) finishes them like any other animation: the stick lies in its place, the glow stays lit.

>>> from game.ui.layout import Rect
>>> s = UperStick(Rect(100, 50, 80, 8), out=(0.0, 1.0), reach=60)
>>> a = s.lay(0.5); (s.dx, s.dy, s.lift) == (0.0, 60.0, s.drop)
True
>>> _ = a.update(0.5); (s.dx, s.dy, s.lift), s.box()
((0.0, 0.0, 0.0), (100, 50, 80, 8))
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from .board import draw_uper_stick
from .layout import Rect
from .tween import Anim, Call, Parallel, Prop, Sequence, Tween, Value, bounces

#: the glow's colours: a win's warm light, a big hand's gold
GLOW = (255, 236, 170)
BIG_GLOW = (255, 200, 64)


@dataclass(eq=False)
class UperStick:
    """An uper stick on its way to `rect` (`Layout.uper_stick`): it comes from the declarer's
    side (`out`: the unit direction from the table's middle towards the declarer, `reach` px
    away), held up (`lift`), slides in and drops into place with a small bounce."""

    rect: Rect
    out: tuple[float, float]
    reach: float
    dx: float = 0.0
    dy: float = 0.0
    lift: float = 0.0
    alpha: float = 255.0

    @property
    def drop(self) -> float:
        """How high it is held at the start: a few thicknesses."""
        return max(6.0, min(self.rect.w, self.rect.h) * 3.0)

    def lay(self, duration: float, land: Callable[[], Any] | None = None) -> Anim:
        """The slide in (`ease_out_cubic`) with the drop and a small bounce at its end
        (`bounces`); `land` runs once it lies still."""
        self.dx, self.dy = self.out[0] * self.reach, self.out[1] * self.reach
        self.lift = self.drop
        self.alpha = 0.0
        slide = duration * 0.7

        def settle(v: Value) -> None:
            t = float(v) if not isinstance(v, tuple) else v[0]
            self.lift = self.drop * 0.3 * bounces(t, n=2, keep=0.35)

        steps: list[Anim] = [
            Parallel(Prop(self, "dx", 0.0, slide, "ease_out_cubic"),
                     Prop(self, "dy", 0.0, slide, "ease_out_cubic"),
                     Prop(self, "alpha", 255.0, slide * 0.4, "ease_out_quad"),
                     Prop(self, "lift", 0.0, slide, "ease_in_quad")),
            Tween(duration - slide, 0.0, 1.0, "linear", settle)]
        if land is not None:
            steps.append(Call(land))
        return Sequence(*steps)

    def box(self) -> tuple[int, int, int, int]:
        """Where it is drawn now (x, y, w, h)."""
        r = self.rect
        return (round(r.x + self.dx), round(r.y + self.dy - self.lift), round(r.w), round(r.h))

    def draw(self, surface: pygame.Surface, art: Any = None) -> None:
        x, y, w, h = self.box()
        if self.lift > 0.5:  # held up: its shadow on the felt below
            shade = pygame.Surface((w + 4, h + 4), pygame.SRCALPHA)
            pygame.draw.rect(shade, (0, 0, 0, 70), shade.get_rect(), border_radius=(h + 4) // 2)
            surface.blit(shade, (x - 2, round(y + self.lift)))
        if self.alpha >= 254.5:
            draw_uper_stick(surface, Rect(x, y, w, h))
            return
        layer = pygame.Surface((w + 2, h + 2), pygame.SRCALPHA)
        draw_uper_stick(layer, Rect(0, 0, w, h))
        layer.set_alpha(max(0, round(self.alpha)))
        surface.blit(layer, (x, y))


@dataclass(eq=False)
class WinGlow:
    """Light around a winning tile's cell `rect`: rings spread from it while `t` runs from 0
    to 1 (`pulse`), and a steady ring stays after. A big hand's (`big`) rings are gold, more,
    wider and slower (`flare`)."""

    rect: Rect
    t: float = 0.0
    big: bool = False
    waves: int = 2

    def pulse(self, duration: float) -> Anim:
        self.t = 0.0
        return Prop(self, "t", 1.0, duration, "linear")

    def flare(self, duration: float) -> Anim:
        """The big hand's moment: gold, four rings, wider."""
        def start() -> None:
            self.big = True
            self.waves = 4
            self.t = 0.0
        return Sequence(Call(start), Prop(self, "t", 1.0, duration, "linear"))

    @property
    def spread(self) -> float:
        """How far the rings travel out from the tile's edge (px)."""
        side = min(self.rect.w, self.rect.h)
        return side * (2.6 if self.big else 1.2)

    def rings(self) -> list[tuple[float, float]]:
        """The rings drawn now: (px out from the tile's edge, opacity 0..1), the steady ring
        first. Each wave starts a little after the one before and fades as it spreads.

        >>> g = WinGlow(Rect(0, 0, 40, 52)); g.t = 0.25; [(round(a), round(b, 2)) for a, b in g.rings()]
        [(3, 0.9), (30, 0.62)]
        """
        out = [(3.0, 0.9 if not self.big else 1.0)]
        if self.t >= 1.0:
            return out
        for i in range(self.waves):
            p = self.t * (self.waves + 1) / 2 - i / 2  # waves half a wave apart
            if 0.0 < p < 1.0:
                out.append((3.0 + self.spread * math.sin(p * math.pi / 2), 1.0 - p))
        return out

    def draw(self, surface: pygame.Surface, art: Any = None) -> None:
        """Each ring as a bright line with a soft edge on either side; the steady ring also
        lights the felt just around the tile."""
        colour = BIG_GLOW if self.big else GLOW
        r = self.rect
        pad = round(self.spread + 10)
        layer = pygame.Surface((round(r.w) + 2 * pad, round(r.h) + 2 * pad), pygame.SRCALPHA)
        line = 4 if self.big else 3
        for k, (d, a) in enumerate(self.rings()):
            for soft, alpha in ((line + 4, 0.25), (line, 1.0)):
                grow = d + (soft - line) / 2
                box = pygame.Rect(round(pad - grow), round(pad - grow), round(r.w + 2 * grow),
                                  round(r.h + 2 * grow))
                pygame.draw.rect(layer, (*colour, round(255 * a * alpha)), box, width=soft,
                                 border_radius=max(3, round(min(r.w, r.h) * 0.15 + d / 3)))
            if k == 0:  # the halo: the felt lit around the tile
                halo = pygame.Rect(round(pad - d - 6), round(pad - d - 6), round(r.w + 2 * d + 12),
                                   round(r.h + 2 * d + 12))
                pygame.draw.rect(layer, (*colour, 60 if self.big else 40), halo, width=6,
                                 border_radius=max(4, round(min(r.w, r.h) * 0.2 + d / 2)))
        surface.blit(layer, (round(r.x) - pad, round(r.y) - pad))


def outward(centre: tuple[float, float], rect: Rect) -> tuple[float, float]:
    """The unit direction from the table's middle to the middle of `rect` (the way to a seat).

    >>> outward((0, 0), Rect(-5, 10, 10, 4))
    (0.0, 1.0)
    """
    dx, dy = rect.x + rect.w / 2 - centre[0], rect.y + rect.h / 2 - centre[1]
    n = math.hypot(dx, dy) or 1.0
    return (dx / n, dy / n)
