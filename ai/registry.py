"""Seat names for the command line and the settings: ``make_seat("random", seed=1)``.

Add a seat by adding one line to `SEATS` (a name and a factory taking ``seed``).

The built-in seats play reproducibly from their seed. Seats the game does not trust
(``python:`` and ``cmd:``) get `untrusted_seed` of it instead: a keyed hash with a secret drawn
afresh by every run of the game, so their seed says nothing about the session's seed (from
which every wall is dealt) nor about the other seats' seeds.

>>> make_seat("random", seed=3).name
'random'
>>> make_seat("oracle")
Traceback (most recent call last):
...
ValueError: unknown seat 'oracle'; known seats: ai:beginner, ai:expert, ai:standard, greedy, random (or python:package.module:Class, cmd:COMMAND)
"""

from __future__ import annotations

import hashlib
import secrets
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


#: the key of `untrusted_seed`: new in every process, never written anywhere
_SEED_KEY = secrets.token_bytes(32)


def untrusted_seed(seed: int | None) -> int | None:
    """The seed given to a ``python:`` or ``cmd:`` seat made with `seed`: a keyed BLAKE2b hash
    of it under a per-process secret (63 bits), so it carries no information about the walls.
    Stable within one run of the game, different in the next; None stays None.

    >>> untrusted_seed(21) == untrusted_seed(21) != 21, untrusted_seed(None)
    (True, None)
    """
    if seed is None:
        return None
    h = hashlib.blake2b(str(int(seed)).encode(), key=_SEED_KEY, digest_size=8,
                        person=b"km-seat-seed")
    return int.from_bytes(h.digest(), "big") >> 1


def seat_names() -> list[str]:
    return sorted(SEATS)


def check_seat_name(name: str) -> None:
    """Raise ValueError naming the seat unless `name` is one `make_seat` can make (nothing is
    started or imported: a check before a window opens).

    >>> check_seat_name("ai:Expert"); check_seat_name("cmd:python bot.py")
    >>> check_seat_name("cmd: ")
    Traceback (most recent call last):
    ...
    ValueError: a cmd: seat needs a command, got 'cmd: '
    """
    text = name.strip()
    for prefix in ("python:", "cmd:"):
        if text.startswith(prefix):
            if not text[len(prefix):].strip():
                raise ValueError(f"a {prefix} seat needs a {'class' if prefix == 'python:' else 'command'}, "
                                 f"got {name!r}")
            return
    if text.lower() not in SEATS:
        raise ValueError(f"unknown seat {name!r}; known seats: {', '.join(seat_names())} "
                         "(or python:package.module:Class, cmd:COMMAND)")


def make_seat(name: str, seed: int | None = None) -> Any:
    """A new seat by name (case-insensitive). ``python:package.module:Class`` and
    ``cmd:COMMAND`` seats come wrapped in `ai.guard.GuardedSeat`, and get `untrusted_seed`
    of `seed`. A ``cmd:`` program is started here, once."""
    text = name.strip()
    if text.startswith("python:"):
        from .guard import GuardedSeat
        from .pyseat import load_python_seat
        return GuardedSeat(load_python_seat(text, seed=untrusted_seed(seed)))
    if text.startswith("cmd:"):
        from .external import ExternalSeat
        from .guard import GuardedSeat
        return GuardedSeat(ExternalSeat(text[4:], name=text, seed=untrusted_seed(seed)))
    check_seat_name(text)
    return SEATS[text.lower()](seed=seed)
