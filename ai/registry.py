"""Seat names for the command line and the settings: ``make_seat("random", seed=1)``.

Add a seat by adding one line to `SEATS` (a name and a factory taking ``seed``).

>>> make_seat("random", seed=3).name
'random'
>>> make_seat("oracle")
Traceback (most recent call last):
...
ValueError: unknown seat 'oracle'; known seats: random
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .random_seat import RandomSeat

#: name -> factory(seed) returning a seat
SEATS: dict[str, Callable[..., Any]] = {
    "random": lambda seed=None: RandomSeat(seed),
}


def seat_names() -> list[str]:
    return sorted(SEATS)


def make_seat(name: str, seed: int | None = None) -> Any:
    """A new seat by name (case-insensitive)."""
    key = name.strip().lower()
    factory = SEATS.get(key)
    if factory is None:
        raise ValueError(f"unknown seat {name!r}; known seats: {', '.join(seat_names())}")
    return factory(seed=seed)
