"""``ai:beginner`` slips like a human beginner at a controlled rate (issue 16): a slow discard,
a missed pung, a dangerous tile after an uper (`ai.heuristic.SLIPS`), each drawn from the
seat's seed at a chance for it (`Params.slips`), never a random move.

Mutation check: ``LEVELS["beginner"].slips`` 0.3 -> 0.15 or 0.45 fails
test_slips_happen_at_their_rate; the slowest discard instead of the widest of the slower ones, or
the uper forgotten where no safer tile was chosen, fails test_each_slip_is_a_human_mistake;
``random.Random`` without the seat's seed fails test_slips_are_deterministic_from_the_seed.
"""

from __future__ import annotations

import dataclasses
import math

from test_decision_table import P, _visible_elsewhere, position, widest

from ai.heuristic import LEVELS, SLIPS, HeuristicSeat
from ai.registry import make_seat
from game.engine.actions import PASS, Discard, Pung
from game.engine.hand.acceptance import acceptance
from game.engine.rules import RuleSet
from game.engine.session import play_hand
from game.engine.table import Table
from game.engine.tiles import parse_tiles, to_counts

BEGINNER = LEVELS["beginner"]


def beginner(slips: float, seed: int | None = 1) -> HeuristicSeat:
    return HeuristicSeat(params=dataclasses.replace(BEGINNER, slips=slips), seed=seed)


def act(seat: HeuristicSeat, name: str):
    sp = position(**dataclasses.asdict(P[name]))
    for e in sp.table.events:
        seat.observe(e.visible_to(sp.seat))
    return sp, seat.act(sp.decision), str(seat.explain())


def play(seats, hands: int, first: int = 1) -> list:
    """Play `hands` seeded hands with these four seats; every action taken, in order."""
    actions = []

    class Logged:
        def __init__(self, inner):
            self.inner, self.observe = inner, inner.observe

        def act(self, decision):
            a = self.inner.act(decision)
            actions.append(a)
            return a

    for i in range(hands):
        play_hand(Table(RuleSet(), seed=first + i), [Logged(s) for s in seats])
    return actions


def test_each_slip_is_a_human_mistake():
    """With every chance taken (rate 1) each kind of slip shows where it can happen; with rate
    0 the same seat plays its judgement (rows of `test_decision_table`)."""
    # a missed pung: the Green pung that makes two value pungs is let pass
    _, a, why = act(beginner(1.0), "claim_green")
    assert a == PASS and why == "pass: the pung of 6z was missed (a slip)"
    _, a, _ = act(beginner(0.0), "claim_green")
    assert a == Pung()
    # the uper forgotten: the lone Green goes against West's uper instead of the safe 6p
    _, a, why = act(beginner(1.0), "fold")
    assert a == Discard(parse_tiles("6z")[0]) and "the uper was forgotten (6p was safer)" in why
    _, a, _ = act(beginner(0.0), "fold")
    assert a.tile in parse_tiles("6p7m")
    # ... but only where a safer tile was chosen: pushing 5m with a rich ready hand is no slip
    seat = beginner(1.0)
    _, a, _ = act(seat, "rich_ready")
    assert a.tile == parse_tiles("5m")[0] and seat.slips["uper_danger"] == [0, 0]
    # a slow discard: the same shanten, fewer tiles accepted than the widest, but the widest
    # of those (a plausible tile, 1m for 29 tiles instead of 8p for 37, not 5m for 12)
    sp, a, why = act(beginner(1.0), "calm_8p")
    assert why == "discard 1m: shanten 2, 29 tiles accepted, plan shape; a slow discard (8p " \
                  "accepted 37 tiles)"
    options = acceptance(to_counts(sp.decision.observation.concealed), 0, _visible_elsewhere(sp))
    slower = [o for o in options
              if o.shanten == options[0].shanten and o.discard not in widest(sp)]
    assert a.tile in {o.discard for o in slower if o.unseen == max(x.unseen for x in slower)}
    sp, a, _ = act(beginner(0.0), "calm_8p")
    assert a.tile in widest(sp)


def test_a_beginner_made_without_a_seed_makes_no_slips():
    """The decision tables pin the beginner's judgement: made without a seed it never slips."""
    seat = HeuristicSeat("beginner")
    for _ in range(3):
        _, a, _ = act(seat, "claim_green")
        assert a == Pung()
    assert all(n == [0, 0] for n in seat.slips.values())


def test_slips_are_deterministic_from_the_seed():
    def run(seeds):
        seats = [make_seat("ai:beginner", seed=s) for s in seeds]
        return play(seats, 3), [s.slips for s in seats]

    a, b = run((10, 11, 12, 13)), run((10, 11, 12, 13))
    assert a == b
    assert run((20, 21, 22, 23)) != a  # other seeds, other slips


def test_slips_happen_at_their_rate():
    """Over seeded hands of four beginners, each kind of slip is made at `Params.slips` of its
    chances: within the binomial 99.9 % interval (3.29 standard deviations)."""
    seats = [make_seat("ai:beginner", seed=100 + s) for s in range(4)]
    play(seats, 40)
    rate = BEGINNER.slips
    assert rate == 0.3
    for kind in SLIPS:
        n = sum(s.slips[kind][0] for s in seats)
        k = sum(s.slips[kind][1] for s in seats)
        assert n >= 40, (kind, n)  # enough chances of every kind
        half = 3.29 * math.sqrt(n * rate * (1 - rate))
        assert abs(k - n * rate) <= half, (kind, k, n)
