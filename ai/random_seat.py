"""A seat that picks uniformly among the legal actions (the baseline opponent and fuzzer).

>>> from game.engine.table import Table
>>> from game.engine.rules import RuleSet
>>> t = Table(RuleSet(), seed=2)
>>> d = t.pending()[0]
>>> RandomSeat(5).act(d) in d.legal
True
"""

from __future__ import annotations

import random

from game.engine.actions import Action
from game.engine.messages import ACTION, INT, Message, define
from game.engine.table import Decision

from .base import SeatBase

NO_DECISION = define("ai.random.no_decision", "no decision yet")
PICKED = define("ai.random.picked", "picked {action} at random from {n} legal actions",
                action=ACTION, n=INT)


class RandomSeat(SeatBase):
    """Uniform over `decision.legal`, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self._last: tuple[Action, int] | None = None

    def act(self, decision: Decision) -> Action:
        action = self.rng.choice(decision.legal)
        self._last = (action, len(decision.legal))
        return action

    def explain(self) -> Message:
        if self._last is None:
            return NO_DECISION()
        action, n = self._last
        return PICKED(action=action, n=n)
