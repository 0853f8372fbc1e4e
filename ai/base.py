"""The seat protocol: what the table driver needs from any player, human or computer.

>>> from ai.random_seat import RandomSeat
>>> isinstance(RandomSeat(1), Seat)
True
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.table import Decision


@runtime_checkable
class Seat(Protocol):
    """A player at the table. `act` must return one of `decision.legal`; `observe` receives
    every event as this seat sees it (other players' concealed tiles hidden)."""

    name: str

    def act(self, decision: Decision) -> Action: ...

    def observe(self, event: Event) -> None: ...

    def explain(self) -> str: ...


class SeatBase:
    """Convenience base: ignores events and has nothing to explain."""

    name = "seat"

    def observe(self, event: Event) -> None:
        return None

    def explain(self) -> str:
        return ""
