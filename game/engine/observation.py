"""What one seat may see of the table (OpenSpiel-style observation, separate from the state).

An `Observation` holds tile *kinds* only (never physical ids), so two tables that differ only in
hidden tiles give equal observations for a seat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from typing import Any, TypeVar

from .kinds import Phase
from .melds import Meld
from .messages import Message
from .tiles import format_tiles, seat_name, tile_str


@dataclass(frozen=True, slots=True)
class RiverTile:
    """One discard in a river: `uper` if laid sideways, `claimed` if taken for a pung/kong/win."""

    tile: int
    uper: bool = False
    claimed: bool = False

    def __repr__(self) -> str:
        marks = ("/" if self.uper else "") + ("*" if self.claimed else "")
        return f"{tile_str(self.tile)}{marks}"


@dataclass(frozen=True)
class Observation:
    """The table as `seat` sees it. Per-seat tuples are indexed by seat 0-3 (E S W N)."""

    seat: int
    concealed: tuple[int, ...]  # own concealed kinds, sorted, the drawn tile included
    drawn: int | None  # own drawn tile (kind), if it is this seat's turn after a draw
    hand_sizes: tuple[int, ...]  # concealed tile counts of every seat
    melds: tuple[tuple[Meld, ...], ...]
    flowers: tuple[tuple[int, ...], ...]
    rivers: tuple[tuple[RiverTile, ...], ...]
    uper: tuple[bool, ...]
    waits: tuple[int, ...]  # own waits by shape (13-tile hands), else ()
    sacred: tuple[Message, ...]  # why the own hand cannot win on some discards now (empty: it can)
    wall_left: int
    turn: int
    phase: Phase  # "deal", "turn", "claim", "rob" or "over"
    last_discard: tuple[int, int] | None  # (seat, kind) of the discard being claimed, if any
    prevalent: int | None
    scores: tuple[int, ...]  # running scores by seat
    dealer: int = 0

    @property
    def seat_wind(self) -> int:
        """Seat wind of this seat (0 = East)."""
        return self.seat

    def describe(self) -> str:
        """A one-line summary for logs and tests.

        The format: seat, own hand, melds, then the rivers.
        """
        melds = " ".join(repr(m) for m in self.melds[self.seat])
        rivers = " | ".join(f"{seat_name(s)}: {' '.join(map(repr, r))}"
                            for s, r in enumerate(self.rivers))
        return (f"{seat_name(self.seat)} hand {format_tiles(self.concealed)}"
                f"{' ' + melds if melds else ''}; wall {self.wall_left}; {rivers}")


_T = TypeVar("_T")


def frozen_fast(cls: type[_T], **values: Any) -> _T:
    """`cls(**values)` for a frozen dataclass without slots: the instance's dict filled at once
    instead of one `object.__setattr__` per field (the engine builds one observation and one
    decision per choice: this is a third of their cost). Fields left out take their defaults;
    equal to the normal construction in every way (tests/test_observation_fast.py); a missing
    field without a default or an unknown one raises TypeError as the constructor would."""
    spec = _FIELDS.get(cls)
    if spec is None:
        spec = _FIELDS[cls] = _spec(cls)
    names, values_by_default, factories = spec
    if values.keys() != names:
        given = {**values_by_default, **values}
        for k, make in factories.items():
            if k not in given:
                given[k] = make()
        if given.keys() != names:
            missing = sorted(names - given.keys())
            extra = sorted(given.keys() - names)
            raise TypeError(f"{cls.__name__}: missing {missing}, unknown {extra}")
        values = given
    obj = object.__new__(cls)
    obj.__dict__.update(values)
    return obj


def _spec(cls: type) -> tuple[frozenset[str], dict[str, Any], dict[str, Callable[[], Any]]]:
    """A dataclass's field names, its default values and its default factories."""
    names, values, factories = [], {}, {}
    for f in fields(cls):
        names.append(f.name)
        if f.default is not MISSING:
            values[f.name] = f.default
        elif f.default_factory is not MISSING:
            factories[f.name] = f.default_factory
    return frozenset(names), values, factories


_FIELDS: dict[type, tuple[frozenset[str], dict[str, Any], dict[str, Callable[[], Any]]]] = {}
