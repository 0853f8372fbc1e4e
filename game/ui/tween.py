"""Tweens: values that move over time with an easing, in sequences and parallel groups.

>>> box = {}
>>> t = Tween(1.0, 0, 100, "linear", lambda v: box.update(x=v))
>>> t.update(0.25), box["x"]
(0.0, 25.0)
>>> t.update(1.0), box["x"], t.done      # 0.25 s left over for whatever comes next
(0.25, 100.0, True)

A `Timeline` plays queued animations one after another at a speed factor (0.5 slow, 1 normal,
2 fast, ``inf`` instant) and can skip the one playing now. Each animation's ``update(dt)``
returns the part of ``dt`` it did not need, so sequences stay exact at any frame rate.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

Value = float | tuple[float, ...]


# --- easings: t in [0, 1] -> progress (0 at 0, 1 at 1) ---------------------------------------
def linear(t: float) -> float:
    return t


def ease_in_quad(t: float) -> float:
    return t * t


def ease_out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def ease_in_out_quad(t: float) -> float:
    return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    n1, d1 = 7.5625, 2.75
    if t < 1 / d1:
        return n1 * t * t
    if t < 2 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


def bounces(t: float, n: int = 3, keep: float = 0.4) -> float:
    """A height over t in [0, 1] for something thrown that lands and bounces: `n` arcs, each
    `keep` times as high as the one before, 0 at every landing and at the end (not an easing:
    it starts and ends at 0). The dice's tumble and a dropped stick use it.

    >>> bounces(0.0), round(bounces(0.25), 2), round(bounces(0.65), 2), bounces(1.0)
    (0.0, 1.0, 0.4, 0.0)
    """
    if t <= 0.0 or t >= 1.0:
        return 0.0
    # arc k lasts in proportion to sqrt(its height): a ball's flight time
    widths = [math.sqrt(keep ** k) for k in range(n)]
    total = sum(widths)
    x = t * total
    for k, w in enumerate(widths):
        if x < w:
            u = x / w
            return keep ** k * 4 * u * (1 - u)
        x -= w
    return 0.0  # pragma: no cover - float crumbs at t just below 1


EASINGS: dict[str, Callable[[float], float]] = {
    f.__name__: f for f in (linear, ease_in_quad, ease_out_quad, ease_in_out_quad, ease_out_cubic,
                            ease_in_out_cubic, ease_in_out_sine, ease_out_back, ease_out_bounce)
}


def easing(name: str | Callable[[float], float]) -> Callable[[float], float]:
    """An easing function by name (or the function itself).

    >>> easing("ease_out_quad")(0.5)
    0.75
    """
    if callable(name):
        return name
    try:
        return EASINGS[name]
    except KeyError:
        raise ValueError(f"unknown easing {name!r}; known: {', '.join(EASINGS)}") from None


def lerp(a: Value, b: Value, p: float) -> Value:
    """Between `a` and `b` (numbers or tuples of numbers) at progress `p`.

    >>> lerp(0, 10, 0.5), lerp((0, 0), (10, 20), 0.25)
    (5.0, (2.5, 5.0))
    """
    if isinstance(a, tuple) or isinstance(b, tuple):
        assert isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b), (a, b)
        return tuple(x + (y - x) * p for x, y in zip(a, b))
    return a + (b - a) * p


# --- animations ---------------------------------------------------------------------------------
class Anim:
    """Something that plays for a while. ``update(dt)`` returns the unused part of ``dt``."""

    done: bool = False

    @property
    def duration(self) -> float:
        return 0.0

    def update(self, dt: float) -> float:  # pragma: no cover - abstract
        raise NotImplementedError

    def finish(self) -> None:
        """Jump to the end (every callback still runs, in order)."""
        while not self.done:
            self.update(math.inf)


class Tween(Anim):
    """`apply` receives the value going from `start` to `end` over `duration` seconds."""

    def __init__(self, duration: float, start: Value = 0.0, end: Value = 1.0,
                 ease: str | Callable[[float], float] = "linear",
                 apply: Callable[[Value], Any] | None = None) -> None:
        if duration < 0:
            raise ValueError(f"a tween cannot last {duration} s")
        self._duration = float(duration)
        self.start, self.end = start, end
        self.ease = easing(ease)
        self.apply = apply
        self.elapsed = 0.0
        self.done = False
        self.value: Value = start

    @property
    def duration(self) -> float:
        return self._duration

    @property
    def progress(self) -> float:
        return 1.0 if self._duration == 0 else min(1.0, self.elapsed / self._duration)

    def begin(self) -> None:
        """Called before the first step (subclasses read their start value here)."""

    def update(self, dt: float) -> float:
        if self.done:
            return dt
        if self.elapsed == 0.0:
            self.begin()
        need = self._duration - self.elapsed
        if dt >= need - 1e-9:  # exactly at the end (no float crumbs left over)
            used = min(dt, need)
            self.elapsed = self._duration
            self.done = True
        else:
            used = dt
            self.elapsed += dt
        self.value = lerp(self.start, self.end, self.ease(self.progress) if not self.done else 1.0)
        if self.apply is not None:
            self.apply(self.value)
        return dt - used


class Prop(Tween):
    """Tween an attribute of an object from its value when the tween starts.

    >>> class S: x = 3.0
    >>> s = S(); p = Prop(s, "x", 5.0, 1.0)
    >>> p.update(0.5); s.x
    0.0
    4.0
    """

    def __init__(self, obj: Any, attr: str, end: Value, duration: float,
                 ease: str | Callable[[float], float] = "linear") -> None:
        super().__init__(duration, getattr(obj, attr), end, ease, lambda v: setattr(obj, attr, v))
        self.obj, self.attr = obj, attr

    def begin(self) -> None:
        self.start = getattr(self.obj, self.attr)


class Delay(Anim):
    """Wait."""

    def __init__(self, duration: float) -> None:
        self.inner = Tween(duration)
        self.done = False

    @property
    def duration(self) -> float:
        return self.inner.duration

    def update(self, dt: float) -> float:
        left = self.inner.update(dt)
        self.done = self.inner.done
        return left


class Call(Anim):
    """Run a function once, taking no time (a sound, a state change at the right moment)."""

    def __init__(self, fn: Callable[[], Any]) -> None:
        self.fn = fn
        self.done = False

    def update(self, dt: float) -> float:
        if not self.done:
            self.done = True
            self.fn()
        return dt


class Sequence(Anim):
    """Play animations one after another."""

    def __init__(self, *anims: Anim) -> None:
        self.anims = list(anims)
        self.index = 0
        self.done = not self.anims

    @property
    def duration(self) -> float:
        return sum(a.duration for a in self.anims)

    def update(self, dt: float) -> float:
        while not self.done:
            dt = self.anims[self.index].update(dt)
            if not self.anims[self.index].done:
                return 0.0
            self.index += 1
            if self.index == len(self.anims):
                self.done = True
        return dt


class Parallel(Anim):
    """Play animations together; done when the longest is."""

    def __init__(self, *anims: Anim) -> None:
        self.anims = list(anims)
        self.done = not self.anims

    @property
    def duration(self) -> float:
        return max((a.duration for a in self.anims), default=0.0)

    def update(self, dt: float) -> float:
        if self.done:
            return dt
        left = min(a.update(dt) if not a.done else dt for a in self.anims)
        self.done = all(a.done for a in self.anims)
        return left if self.done else 0.0


def stagger(anims: Iterable[Anim], gap: float) -> Parallel:
    """Start each animation `gap` seconds after the previous one (a deal, a wall being built)."""
    return Parallel(*(Sequence(Delay(i * gap), a) if i else a for i, a in enumerate(anims)))


class Timeline:
    """Plays queued animations in order at a speed factor; `skip()` ends the current one.

    >>> log = []
    >>> tl = Timeline(speed=2.0)
    >>> tl.add(Tween(1.0, 0, 1, apply=lambda v: log.append(v)))
    >>> tl.add(Call(lambda: log.append("next")))
    >>> tl.update(0.25); log
    [0.5]
    >>> tl.skip(); log, tl.busy
    ([0.5, 1.0, 'next'], False)
    """

    def __init__(self, speed: float = 1.0) -> None:
        self.queue: deque[Anim] = deque()
        self.speed = speed

    @property
    def speed(self) -> float:
        return self._speed

    @speed.setter
    def speed(self, value: float) -> None:
        if not value > 0:
            raise ValueError(f"animation speed must be positive, got {value}")
        self._speed = float(value)

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    @property
    def current(self) -> Anim | None:
        return self.queue[0] if self.queue else None

    def add(self, anim: Anim) -> None:
        self.queue.append(anim)
        if math.isinf(self._speed):
            self._drain()

    def update(self, dt: float) -> None:
        if math.isinf(self._speed):
            self._drain()
            return
        dt *= self._speed
        while self.queue:
            dt = self.queue[0].update(dt)
            if not self.queue[0].done:
                return
            self.queue.popleft()
            # a zero-duration animation after a finished one still runs in the same frame;
            # anything longer waits for time that is really left over
            if dt <= 0 and self.queue and self.queue[0].duration > 0:
                return

    def skip(self) -> None:
        """Finish the animation playing now (and any instant ones right after it)."""
        if self.queue:
            self.queue.popleft().finish()
        while self.queue and self.queue[0].duration == 0:
            self.queue.popleft().finish()

    def skip_all(self) -> None:
        self._drain()

    def _drain(self) -> None:
        while self.queue:
            self.queue.popleft().finish()
