"""``ai:master``: the expert's judgement, checked by playing the close decisions out.

(First step: it plays exactly as ``ai:expert``; the search follows.)
"""

from __future__ import annotations

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.messages import Message
from game.engine.table import Decision

from .base import SeatBase
from .heuristic import HeuristicSeat

__all__ = ["DEFAULT_BUDGET_MS", "MasterSeat"]

#: thinking time per searched decision, in milliseconds (the settings' default)
DEFAULT_BUDGET_MS = 200


class MasterSeat(SeatBase):
    """The searching seat; with no budget it is ``ai:expert``."""

    name = "ai:master"

    def __init__(self, seed: int | None = None, budget_ms: int = DEFAULT_BUDGET_MS):
        self.seed = seed
        self.budget_ms = budget_ms
        self.expert = HeuristicSeat("expert", seed)

    def observe(self, event: Event) -> None:
        self.expert.observe(event)

    def explain(self) -> Message | None:
        return self.expert.explain()

    def act(self, decision: Decision) -> Action:
        return self.expert.act(decision)
