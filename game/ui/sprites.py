"""Moving pieces for the table's animations: tile and dice sprites, and the tweens that move them.

>>> s = TileSprite(kind=4, x=0, y=0, width=40)
>>> anim = fly(s, (100, 50), 0.5)
>>> anim.update(0.5); (s.x, s.y)
0.0
(100.0, 50.0)

A director (the table scene) turns each engine event into such animations on a `Timeline`; the
sprites are drawn over the still `BoardView` by `SpriteLayer.draw`, back to front.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from .tween import (
    Anim,
    Call,
    Delay,
    Parallel,
    Prop,
    Sequence,
    Tween,
    Value,
    bounces,
    ease_out_cubic,
)


@dataclass(eq=False)
class TileSprite:
    """A tile in flight. ``kind`` None (or ``face_up`` False) draws its back."""

    kind: int | None
    x: float
    y: float
    width: int
    orientation: int = 0
    face_up: bool = True
    alpha: float = 255.0
    lift: float = 0.0  # drawn this many px higher (a hop)
    visible: bool = True
    z: float = 0.0  # drawn after lower z; ties by y


@dataclass(eq=False)
class DiceSprite:
    """Two dice tumbling: faces shown now, position, and each die's height above the felt and
    turn (degrees) as it bounces and settles."""

    faces: list[int] = field(default_factory=lambda: [1, 1])
    x: float = 0.0
    y: float = 0.0
    size: int = 32
    spin: float = 0.0  # 0..1 progress of the tumble
    visible: bool = True
    lift: list[float] = field(default_factory=lambda: [0.0, 0.0])  # px above the felt, per die
    angle: list[float] = field(default_factory=lambda: [0.0, 0.0])  # degrees turned, per die


#: how each die tumbles: (the height of its first bounce in die sizes, its turns in degrees,
#: the part of the roll it lags behind the first die)
TUMBLE = ((1.1, -560.0, 0.0), (0.9, 470.0, 0.06))


def fly(sprite: Any, to: tuple[float, float], duration: float, ease: str = "ease_out_cubic",
        hop: float = 0.0) -> Anim:
    """Move a sprite to `to` (top-left); with `hop` px it rises and falls on the way."""
    moves: list[Anim] = [Prop(sprite, "x", float(to[0]), duration, ease),
                         Prop(sprite, "y", float(to[1]), duration, ease)]
    if hop:
        moves.append(Sequence(Prop(sprite, "lift", float(hop), duration / 2, "ease_out_quad"),
                              Prop(sprite, "lift", 0.0, duration / 2, "ease_in_quad")))
    return Parallel(*moves)


def fade(sprite: Any, to: float, duration: float) -> Anim:
    return Prop(sprite, "alpha", float(to), duration, "linear")


def _show_faces(dice: DiceSprite, faces: list[int]) -> None:
    dice.faces[:] = faces


def _set_spin(dice: DiceSprite, v: Value) -> None:
    """The spin tween runs from 0 to 1: its value is one number. Each die bounces (`bounces`:
    three arcs, lower each time) and turns fast at first, slower at each landing, square at
    the end (`ease_out_cubic`)."""
    if isinstance(v, tuple):
        raise TypeError(f"a dice spin is one number, got {v!r}")
    t = float(v)
    dice.spin = t
    for k, (height, turns, lag) in enumerate(TUMBLE):
        u = min(1.0, max(0.0, (t - lag) / (1.0 - lag)))
        dice.lift[k] = bounces(u) * height * dice.size
        dice.angle[k] = (1.0 - ease_out_cubic(u)) * turns


def roll_dice(dice: DiceSprite, result: tuple[int, int], start: tuple[float, float],
              end: tuple[float, float], duration: float = 0.9, rng: random.Random | None = None,
              on_settle: Callable[[], Any] | None = None) -> Anim:
    """Dice thrown from `start` to `end`: each bounces three times, lower each time, turning
    and showing a new face at each landing, and settles square on `result`.

    The faces are seeded (``rng``) so a replay looks the same; the final faces are always `result`.
    """
    if not all(1 <= v <= 6 for v in result):
        raise ValueError(f"dice show 1-6, got {result}")
    rng = rng or random.Random(hash(result))
    dice.x, dice.y = float(start[0]), float(start[1])
    steps = 8
    flicker: list[Anim] = []
    for i in range(steps):
        faces = [rng.randint(1, 6), rng.randint(1, 6)]
        flicker.append(Sequence(Delay(duration * i / steps), Call(partial(_show_faces, dice, faces))))
    settle = Sequence(Delay(duration), Call(lambda: dice.faces.__setitem__(slice(None), list(result))))
    parts: list[Anim] = [
        Prop(dice, "x", float(end[0]), duration, "ease_out_cubic"),
        Prop(dice, "y", float(end[1]), duration, "ease_out_cubic"),
        Tween(duration, 0.0, 1.0, "linear", partial(_set_spin, dice)),
        *flicker, settle,
    ]
    if on_settle is not None:
        parts.append(Sequence(Delay(duration), Call(on_settle)))
    return Parallel(*parts)


class SpriteLayer:
    """The sprites over the board, drawn back to front (z, then y)."""

    def __init__(self) -> None:
        self.tiles: list[TileSprite] = []
        self.dice: list[DiceSprite] = []
        #: marks over the tiles (`game.ui.motion`: a win's glow, an uper stick laid down), each
        #: with ``draw(surface, art)``, drawn in order after the tiles and the dice
        self.effects: list[Any] = []
        self._shadows: dict[int, Any] = {}

    def add(self, sprite: TileSprite) -> TileSprite:
        self.tiles.append(sprite)
        return sprite

    def remove(self, sprite: TileSprite) -> None:
        if sprite in self.tiles:
            self.tiles.remove(sprite)

    def clear(self) -> None:
        self.tiles.clear()
        self.dice.clear()
        self.effects.clear()

    def ordered(self) -> list[TileSprite]:
        return sorted((s for s in self.tiles if s.visible), key=lambda s: (s.z, s.y))

    def draw(self, surface: Any, art: Any) -> None:
        import pygame

        for s in self.ordered():
            img = art.tile(s.kind if s.face_up else None, s.width, s.orientation, s.face_up and s.kind is not None)
            if s.alpha < 255:
                img = img.copy()
                img.set_alpha(max(0, round(s.alpha)))
            surface.blit(img, (round(s.x), round(s.y - s.lift)))
        for d in self.dice:
            if not d.visible:
                continue
            for k, v in enumerate(d.faces):
                img = art.die(v, d.size)
                angle = d.angle[k] % 360.0
                if angle > 0.5:
                    img = pygame.transform.rotate(img, angle)
                cx, cy = round(d.x + k * d.size * 1.25 + d.size / 2), round(d.y + d.size / 2)
                lift = round(d.lift[k])
                if lift > 0:  # in the air: its shadow stays on the felt, smaller the higher it is
                    shade = self._shadow(d.size)
                    w = max(2, round(d.size * (1.0 - min(0.5, lift / (d.size * 3)))))
                    surface.blit(pygame.transform.scale(shade, (w, max(2, w // 2))),
                                 (cx - w // 2, cy + d.size // 2 - w // 4))
                surface.blit(img, img.get_rect(center=(cx, cy - lift)))
        for fx in self.effects:
            fx.draw(surface, art)

    def _shadow(self, size: int) -> Any:
        """A soft dark ellipse the size of a die, made once per size."""
        import pygame

        shade = self._shadows.get(size)
        if shade is None:
            shade = pygame.Surface((size, max(2, size // 2)), pygame.SRCALPHA)
            pygame.draw.ellipse(shade, (0, 0, 0, 90), shade.get_rect())
            self._shadows[size] = shade
        return shade


def all_done(anims: Iterable[Anim]) -> bool:
    return all(a.done for a in anims)
