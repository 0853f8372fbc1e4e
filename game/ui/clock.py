"""Animation time: a clock tests advance by hand, and the frame clock the window uses.

>>> c = ManualClock()
>>> c.advance(0.25); c.advance(0.5)
0.25
0.75
>>> c.now
0.75

The app measures real time with `FrameClock` and passes ``dt`` to ``update(dt)``; everything
that animates only ever sees ``dt``, so a test drives it with a `ManualClock` or plain numbers.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class ManualClock:
    """A clock that moves only when told to."""

    def __init__(self, start: float = 0.0) -> None:
        self.now = float(start)

    def advance(self, dt: float) -> float:
        """Move forward by `dt` seconds (not negative); returns the new time."""
        if dt < 0:
            raise ValueError(f"time cannot go backwards (dt={dt})")
        self.now += dt
        return self.now

    def __call__(self) -> float:
        return self.now


class FrameClock:
    """Seconds between frames, capped so that a stall does not jump every animation to its end.

    >>> t = ManualClock()
    >>> fc = FrameClock(time_source=t, max_dt=0.1)
    >>> t.advance(0.016); round(fc.tick(), 3)
    0.016
    0.016
    >>> t.advance(5.0); fc.tick()
    5.016
    0.1
    """

    def __init__(self, time_source: Callable[[], float] = time.perf_counter, max_dt: float = 0.1) -> None:
        self._time = time_source
        self._last = time_source()
        self.max_dt = max_dt
        self.frames = 0

    def tick(self) -> float:
        """Seconds since the previous tick (at most `max_dt`)."""
        now = self._time()
        dt = min(max(0.0, now - self._last), self.max_dt)
        self._last = now
        self.frames += 1
        return dt
