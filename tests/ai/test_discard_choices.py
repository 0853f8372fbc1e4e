"""`discard_choices` (ai.heuristic) walks the hand's draws with `HandShape`; here it is checked
against the definition, worked out the slow way: every discard's shanten, and for the discards
within the slack every drawable kind that lowers it, with its unseen copies."""

from __future__ import annotations

import random

import pytest

from ai.danger import read_opponents
from ai.heuristic import discard_choices
from game.engine.hand.shanten import shanten
from game.engine.observation import Observation
from game.engine.tiles import format_tiles, parse_tiles, to_counts


def _by_definition(counts: list[int], melds: int, elsewhere: list[int], slack: int,
                   only: set[int] | None) -> list[tuple[int, int, tuple[int, ...], int]]:
    c = list(counts)
    rows = []
    for d in range(25):
        if not c[d] or (only is not None and d not in only):
            continue
        c[d] -= 1
        rows.append((d, shanten(c, melds)))
        c[d] += 1
    if not rows:
        return []
    low = min(s for _, s in rows)
    out = []
    for d, s in rows:
        if s > low + slack:
            out.append((d, s, (), 0))
            continue
        c[d] -= 1
        kinds, unseen = [], 0
        for k in range(25):
            if c[k] < 4:
                c[k] += 1
                if shanten(c, melds) < s and 4 - counts[k] - elsewhere[k] > 0:
                    kinds.append(k)
                    unseen += 4 - counts[k] - elsewhere[k]
                c[k] -= 1
        c[d] += 1
        out.append((d, s, tuple(kinds), unseen))
    out.sort(key=lambda o: (o[1], -o[3], -len(o[2])))
    return out


def _random_hand(rng: random.Random, melds: int) -> tuple[list[int], list[int]]:
    wall = [k for k in range(25) for _ in range(4)]
    rng.shuffle(wall)
    counts = to_counts(wall[:14 - 3 * melds])
    elsewhere = [0] * 25
    for k in wall[14 - 3 * melds:14 - 3 * melds + rng.randrange(0, 40)]:
        elsewhere[k] += 1
    return counts, elsewhere


def test_a_held_quad_matches_the_definition() -> None:
    """A quad's fourth copy is dead, so a tile beside it may be a single wait: draws outside
    the usual neighbours count there."""
    for hand in ("1111m234m567p88p9p4m", "1111m2222p33337z5z", "5555m12p789p1122z3z"):
        counts = to_counts(parse_tiles(hand))
        got = [(o.discard, o.shanten, o.ukeire, o.unseen)
               for o in discard_choices(counts, 0, [0] * 25, slack=2)]
        assert got == _by_definition(counts, 0, [0] * 25, 2, None), hand


@pytest.mark.parametrize("melds", [0, 1, 2, 3, 4])
def test_every_choice_matches_the_definition_on_random_hands(melds: int) -> None:
    rng = random.Random(melds)
    for _ in range(300):
        counts, elsewhere = _random_hand(rng, melds)
        slack = rng.choice((0, 1, 2))
        only = set(rng.sample(range(25), 12)) if rng.random() < 0.2 else None
        got = [(o.discard, o.shanten, o.ukeire, o.unseen)
               for o in discard_choices(counts, melds, elsewhere, slack, only)]
        assert got == _by_definition(counts, melds, elsewhere, slack, only), \
            format_tiles(k for k in range(25) for _ in range(counts[k]))


@pytest.mark.parametrize("hand, best, shanten_after, accepted", [
    # ready on 1z/2z after the lone 5z goes: 2 + 2 unseen copies
    ("123m456p789p11z22z5z", "5z", 0, "12z"),
    # two sets, 78p, two honour pairs and two loose tiles: either loose tile leaves one step
    # from ready, accepting 6p 9p (78p made a set), 3p (345p 678p) and 1z 2z (a pung); the
    # tie goes to the lower kind, 9m
    ("123m456p78p11z22z5z9m", "9m", 1, "369p12z"),
])
def test_worked_examples(hand: str, best: str, shanten_after: int, accepted: str) -> None:
    counts = to_counts(parse_tiles(hand))
    top = discard_choices(counts, 0, [0] * 25)[0]
    assert format_tiles([top.discard]) == best and top.shanten == shanten_after
    assert sorted(top.ukeire) == sorted(parse_tiles(accepted))


def test_reads_are_the_same_for_every_opponent_order() -> None:
    """`read_opponents` shares one shape table among the three reads of a decision: a read
    must not depend on which opponent was read first (a cached list changed in place would)."""
    from game.engine.rules import RuleSet
    from game.engine.table import Table
    t = Table(RuleSet(), seed=3)
    for _ in range(60):
        pending = t.pending()
        if not pending:
            break
        d = next(iter(pending.values()))
        t.submit(d.seat, d.legal[-1])
    obs: Observation = t.observation(0)
    first = read_opponents(obs)
    read_opponents(t.observation(1))  # fills the cache with another table's reads in between
    assert read_opponents(obs) == first
