"""Seat names for the command line and the settings: ``make_seat("random", seed=1)``.

Add a seat by adding one line to `SEATS` (a name and a factory taking ``seed``).

>>> make_seat("random", seed=3).name
'random'
>>> make_seat("oracle")
Traceback (most recent call last):
...
ValueError: unknown seat 'oracle'; known seats: ai:beginner, ai:expert, ai:standard, greedy, random (or python:package.module:Class, cmd:COMMAND)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .random_seat import RandomSeat

#: name -> factory(seed) returning a seat
SEATS: dict[str, Callable[..., Any]] = {
    "random": lambda seed=None: RandomSeat(seed),
    "greedy": lambda seed=None: _greedy(seed),
    "ai:beginner": lambda seed=None: _heuristic("beginner", seed),
    "ai:standard": lambda seed=None: _heuristic("standard", seed),
    "ai:expert": lambda seed=None: _heuristic("expert", seed),
}


def _greedy(seed: int | None) -> Any:
    from .greedy import GreedySeat
    return GreedySeat(seed)


def _heuristic(level: str, seed: int | None) -> Any:
    from .heuristic import HeuristicSeat
    return HeuristicSeat(level, seed)


def seat_names() -> list[str]:
    return sorted(SEATS)


def make_seat(name: str, seed: int | None = None) -> Any:
    """A new seat by name (case-insensitive). ``python:package.module:Class`` and
    ``cmd:COMMAND`` seats come wrapped in `ai.guard.GuardedSeat`."""
    text = name.strip()
    if text.startswith("python:"):
        from .guard import GuardedSeat
        from .pyseat import load_python_seat
        return GuardedSeat(load_python_seat(text, seed=seed))
    if text.startswith("cmd:"):
        from .external import ExternalSeat
        from .guard import GuardedSeat
        return GuardedSeat(ExternalSeat(text[4:], name=text, seed=seed))
    key = text.lower()
    factory = SEATS.get(key)
    if factory is None:
        raise ValueError(f"unknown seat {name!r}; known seats: {', '.join(seat_names())} "
                         "(or python:package.module:Class, cmd:COMMAND)")
    return factory(seed=seed)
