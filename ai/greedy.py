"""The baseline: lowest shanten, most acceptance, never defends, claims every pung, always wins.

`GreedySeat` discards the tile that leaves the lowest shanten and, among those, accepts the
most unseen tiles (`game.engine.hand.acceptance`); it wins whenever the engine allows, claims
every pung and kong offered, declares every kong that does not raise its shanten and uper
whenever it is legal. It knows nothing of hand value or danger: the yardstick of the targets.

>>> from game.engine.table import Table
>>> from game.engine.rules import RuleSet
>>> t = Table(RuleSet(), seed=2)
>>> d = t.pending()[0]
>>> GreedySeat().act(d) in d.legal
True
"""

from __future__ import annotations

from game.engine.actions import PASS, Action, AddedKong, ConcealedKong, Discard, Kong, Pung, Win
from game.engine.hand.shanten import shanten as shanten_of
from game.engine.kinds import OFFERS, DecisionKind
from game.engine.messages import INT, TILE, Message, define
from game.engine.table import Decision

from .base import SeatBase
from .danger import visible_counts
from .heuristic import ACCEPTED, DISCARD, deal_kong, discard_choices

__all__ = ["GreedySeat"]

WIN = define("ai.greedy.win", "win")
CLAIMS_KONG = define("ai.greedy.claims_kong", "claims every kong")
CLAIMS_PUNG = define("ai.greedy.claims_pung", "claims every pung")
PASS_ = define("ai.greedy.pass", "pass")
ONLY_DISCARD = define("ai.greedy.only_discard", "the only discard")
KONG_KEEPS = define("ai.greedy.kong_keeps", "kong of {tile} keeps shanten {n}", tile=TILE, n=INT)
UPER_WITH = define("ai.greedy.uper_with", "uper with {tile}", tile=TILE)


class GreedySeat(SeatBase):
    """Shanten and acceptance only (see the module)."""

    name = "greedy"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self._why: Message | None = None

    def explain(self) -> Message | None:
        return self._why

    def act(self, decision: Decision) -> Action:
        legal = decision.legal
        if Win() in legal and Win() not in decision.notes:
            self._why = WIN()
            return Win()
        if decision.kind in OFFERS:
            for a in legal:
                if isinstance(a, Kong):
                    self._why = CLAIMS_KONG()
                    return a
            for a in legal:
                if isinstance(a, Pung):
                    self._why = CLAIMS_PUNG()
                    return a
            self._why = PASS_()
            return PASS
        obs = decision.observation
        if decision.kind == DecisionKind.KONG:  # at the deal
            action, self._why = deal_kong(decision, obs)
            return action
        me = obs.seat
        melds = obs.melds[me]
        counts = [0] * 25
        for k in obs.concealed:
            counts[k] += 1
        discards = [a for a in legal if isinstance(a, Discard) and not a.uper]
        if len(discards) == 1 and not any(isinstance(a, (ConcealedKong, AddedKong)) for a in legal):
            self._why = ONLY_DISCARD()
            return discards[0]
        vis = visible_counts(obs)
        elsewhere = [vis[k] - counts[k] for k in range(25)]
        kinds = {a.tile for a in discards}
        best = discard_choices(counts, len(melds), elsewhere, 0, kinds)[0]
        for a in legal:
            if isinstance(a, (ConcealedKong, AddedKong)):
                after = list(counts)
                after[a.tile] -= 4 if isinstance(a, ConcealedKong) else 1
                nm = len(melds) + (1 if isinstance(a, ConcealedKong) else 0)
                if shanten_of(after, nm) <= best.shanten:
                    self._why = KONG_KEEPS(tile=a.tile, n=best.shanten)
                    return a
        up = Discard(best.discard, uper=True)
        if up in legal and up not in decision.notes:
            self._why = UPER_WITH(tile=best.discard)
            return up
        self._why = DISCARD(tile=best.discard,
                            why=ACCEPTED(n=best.shanten, accepted=best.unseen))
        return Discard(best.discard)
