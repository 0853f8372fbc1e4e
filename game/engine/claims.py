"""The one pure function that resolves the claims on a discard (docs/rules.md §3.3).

Win beats pung/kong (which cannot collide: a kind has four tiles). Several win claims: the first
claimant in turn order after the discarder wins (head bump), or, with the house rule
``several_winners="all"``, every claimant wins. Three win claims: an abortive draw (the next
hand's winning score is doubled), or with ``three_winners="head_bump"`` the usual rule.

>>> from game.engine.rules import RuleSet
>>> from game.engine.actions import WIN, PUNG, PASS
>>> resolve_claims(0, {2: PUNG, 3: WIN}, RuleSet())    # docs/rules.md example 9: North wins
Resolution(winners=(3,), claim=None, triple_win=False)
>>> resolve_claims(0, {2: WIN, 3: WIN}, RuleSet())     # head bump: West is first after East
Resolution(winners=(2,), claim=None, triple_win=False)
>>> resolve_claims(0, {1: PASS, 2: PUNG}, RuleSet())
Resolution(winners=(), claim=(2, Pung()), triple_win=False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .actions import Action, Kong, Pass, Pung, Win
from .rules import RuleSet


@dataclass(frozen=True)
class Resolution:
    """What happens to a discard: `winners` in turn order, else at most one pung/kong `claim`
    as ``(seat, action)``; `triple_win` is the abortive draw of three win claims."""

    winners: tuple[int, ...] = ()
    claim: tuple[int, Action] | None = None
    triple_win: bool = False



def claim_order(discarder: int) -> tuple[int, int, int]:
    """The other seats in turn order after the discarder (head-bump order).

    >>> claim_order(2)
    (3, 0, 1)
    """
    return ((discarder + 1) % 4, (discarder + 2) % 4, (discarder + 3) % 4)


def resolve_claims(discarder: int, claims: Mapping[int, Action], rules: RuleSet) -> Resolution:
    """Decide who gets the discard of `discarder` from every seat's answer (missing = pass).

    Raises ValueError on input that cannot happen at a table (the discarder claiming, two
    pung/kong claims, an action that is not a claim).
    """
    if not 0 <= discarder < 4:
        raise ValueError(f"discarder must be a seat 0-3, got {discarder!r}")
    for seat, action in claims.items():
        if seat == discarder or not 0 <= seat < 4:
            raise ValueError(f"seat {seat!r} cannot claim the discard of seat {discarder}")
        if not isinstance(action, (Win, Pung, Kong, Pass)):
            raise ValueError(f"{action!r} is not a claim (win, pung, kong or pass)")  # noqa: TRY004
    order = claim_order(discarder)
    wins = tuple(s for s in order if isinstance(claims.get(s), Win))
    if wins:
        if len(wins) == 3 and rules.three_winners == "abort":
            return Resolution(triple_win=True)
        if rules.several_winners == "all":
            return Resolution(winners=wins)
        return Resolution(winners=wins[:1])
    sets = [(s, claims[s]) for s in order if isinstance(claims.get(s), (Pung, Kong))]
    if len(sets) > 1:
        raise ValueError(f"two pung/kong claims on one discard cannot happen: {sets}")
    return Resolution(claim=sets[0] if sets else None)
