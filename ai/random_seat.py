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
from game.engine.table import Decision

from .base import SeatBase


class RandomSeat(SeatBase):
    """Uniform over `decision.legal`, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self._last = ""

    def act(self, decision: Decision) -> Action:
        action = self.rng.choice(decision.legal)
        self._last = f"picked {action!r} at random from {len(decision.legal)} legal actions"
        return action

    def explain(self) -> str:
        return self._last
