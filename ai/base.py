"""The seat protocol: what the table driver needs from any player, human or computer.

>>> from ai.random_seat import RandomSeat
>>> isinstance(RandomSeat(1), Seat)
True

Every seat is asked with a snapshot: the engine's `Decision` holds the legal actions, the notes
on refused options and the observation taken when it was made, never the table. Seats the game
does not trust (``python:`` and ``cmd:``, wrapped in `ai.guard.GuardedSeat`) get a
`SeatDecision`, a copy of it that shares no object with the engine at all.

>>> from game.engine.table import Table
>>> from game.engine.rules import RuleSet
>>> d = Table(RuleSet(), seed=2).pending()[0]
>>> view = SeatDecision.of(d)
>>> view.kind, view.legal == d.legal, view.observation == d.observation
('turn', True, True)
>>> hasattr(view, "_table"), hasattr(view, "__dict__")
(False, False)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

from game.engine.actions import Action
from game.engine.driver import ignores_events
from game.engine.events import Event
from game.engine.melds import Meld
from game.engine.messages import Message, message_from_json
from game.engine.observation import Observation, RiverTile
from game.engine.table import Decision


def observation_of(decision: Decision | SeatDecision) -> Observation:
    """`decision.observation` (kept for older callers: a decision is a snapshot now)."""
    return decision.observation

__all__ = ["Seat", "SeatBase", "SeatDecision", "observation_of"]


@runtime_checkable
class Seat(Protocol):
    """A player at the table. `act` must return one of `decision.legal`; `observe` receives
    every event as this seat sees it (other players' concealed tiles hidden); `explain` says
    why the last decision was made, as a `Message` (None: nothing to say)."""

    name: str

    def act(self, decision: Decision) -> Action: ...

    def observe(self, event: Event) -> None: ...

    def explain(self) -> Message | None: ...


class SeatBase:
    """Convenience base: ignores events and has nothing to explain."""

    name = "seat"

    @ignores_events
    def observe(self, event: Event) -> None:
        return None

    def explain(self) -> Message | None:
        return None


def _fresh(value: Any) -> Any:
    """`value` rebuilt from immutable builtins and new engine values (nothing shared)."""
    if value is None or type(value) in (int, bool, str, float):
        return value
    if isinstance(value, StrEnum):  # a named kind (the phase): its plain text
        return str(value)
    if type(value) is Message:  # a reason (the sacred discards): rebuilt from its JSON
        return message_from_json(value.to_json())
    if isinstance(value, (tuple, list)):
        return tuple(_fresh(x) for x in value)
    if type(value) is Meld:
        return Meld(value.type, value.tile, value.from_seat)
    if type(value) is RiverTile:
        return RiverTile(value.tile, value.uper, value.claimed)
    raise TypeError(f"an observation holds a {type(value).__name__}, which cannot be copied")


def copy_observation(obs: Observation) -> Observation:
    """A copy of `obs` that shares no object with the table it came from."""
    return Observation(**{f.name: _fresh(getattr(obs, f.name))
                          for f in dataclasses.fields(Observation)})


def copy_action(action: Action) -> Action:
    """A new action object equal to `action` (the engine's are shared by the table)."""
    cls = type(action)
    return cls(**{f.name: getattr(action, f.name) for f in dataclasses.fields(cls)})


@dataclass(frozen=True, slots=True)
class SeatDecision:
    """What an untrusted seat is asked: the fields of `game.engine.table.Decision`, with the
    `observation` taken when the decision was made (no live table behind it)."""

    seat: int
    kind: str
    legal: tuple[Action, ...]
    notes: Mapping[Action, Message | str]
    observation: Observation

    @classmethod
    def of(cls, decision: Decision | SeatDecision) -> SeatDecision:
        """A copy of `decision` that shares nothing with the engine."""
        obs = decision.observation
        return cls(seat=int(decision.seat), kind=str(decision.kind),
                   legal=tuple(copy_action(a) for a in decision.legal),
                   notes={copy_action(a): _fresh(why) for a, why in decision.notes.items()},
                   observation=copy_observation(obs))
