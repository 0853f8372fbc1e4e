"""The engine's named kinds: string enums whose value is their JSON and printed form.

Each is an `enum.StrEnum`, so it equals (and hashes like) its old bare string, ``str()`` and
JSON give the value, and ``repr`` gives the value's repr: records, logs and doctests read as
before, while code names the kind (``Phase.CLAIM``) and a type checker sees the closed set.

>>> Phase.CLAIM == "claim", str(WinHow.SELF_DRAW), Phase("rob")
(True, 'self_draw', 'rob')
>>> import json
>>> json.dumps({"how": WinHow.ROBBING_KONG})
'{"how": "robbing_kong"}'
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["OFFERS", "PLAYS", "DecisionKind", "DicePurpose", "EndReason", "Phase", "WinHow"]


class _Kind(StrEnum):
    def __repr__(self) -> str:
        return repr(self.value)


class DecisionKind(_Kind):
    """What a seat decides: its turn after a draw (or East's opening), a discard only (after
    a pung), a claim on a discard, a rob of an added kong, a kong at the deal (a four of a kind
    a replacement completed)."""

    TURN = "turn"
    DISCARD = "discard"
    CLAIM = "claim"
    ROB = "rob"
    KONG = "kong"


#: the decisions on another seat's tile (a discard, an added kong), which every seat answers
#: before anything shows: ``decision.kind in OFFERS``
OFFERS = frozenset({DecisionKind.CLAIM, DecisionKind.ROB})
#: the decisions that play a tile from the seat's own hand (a discard follows)
PLAYS = frozenset({DecisionKind.TURN, DecisionKind.DISCARD})


class Phase(_Kind):
    """Where the hand is: the deal, a turn, a discard on offer, an added kong on offer, over."""

    DEAL = "deal"
    TURN = "turn"
    CLAIM = "claim"
    ROB = "rob"
    OVER = "over"


class EndReason(_Kind):
    """How a hand ended."""

    WIN = "win"
    EXHAUSTIVE = "exhaustive"  # the wall ran out
    NINE_MAJOR = "nine_major"  # nine different major tiles declared on the first turn
    FOUR_WINDS = "four_winds"  # the same wind discarded by all four on the first go-around
    TRIPLE_WIN = "triple_win"  # three seats won on one discard (abortive draw)


class WinHow(_Kind):
    """How a winner got the winning tile."""

    SELF_DRAW = "self_draw"
    DISCARD = "discard"
    ROBBING_KONG = "robbing_kong"


class DicePurpose(_Kind):
    """Why the dice were thrown: East's throw picks the breaker, the breaker's counts stacks."""

    BREAKER = "breaker"
    COUNT = "count"
