"""Uper (엎어) decisions on rigged hands: refuse illegal upers, declare a clear good wait, stay
silent on a dead wait; and the uper-gain model itself."""

import pytest

from ai.heuristic import HeuristicSeat
from ai.registry import make_seat
from ai.uper_policy import uper_gain
from game.engine.actions import PASS, Discard
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import parse_tile

LEVELS = ["ai:beginner", "ai:standard", "ai:expert"]


NO_FLOWERS = RuleSet(flowers=False)


def east_decision(hand: str, rules: RuleSet = NO_FLOWERS):
    t = Table(rules, seed=1, wall=rig_wall([hand, None, None, None]))
    return t, t.pending()[0]


@pytest.mark.parametrize("name", LEVELS + ["greedy"])
def test_a_clear_good_wait_is_declared(name):
    # 234m 567m 345p 22p 67p + 1z: discard 1z, waits 5p/8p (7 live tiles), all simples and all
    # sequences on a discard win: uper is legal and worth it at the start of the hand
    _, d = east_decision("234m567m345p22p67p1z")
    up = Discard(parse_tile("1z"), uper=True)
    assert up in d.legal
    seat = make_seat(name)
    assert seat.act(d) == up
    if name.startswith("ai:"):
        assert "uper" in seat.explain()


@pytest.mark.parametrize("name", LEVELS + ["greedy"])
@pytest.mark.parametrize("strict", [False, True])
def test_an_illegal_uper_is_refused(name, strict):
    # rule book 9.3: 111m 234m 234p 99p 79p waits 7p/8p worth 1 point on a discard: no uper
    _, d = east_decision("111m234m234p99p79p1z", RuleSet(flowers=False, strict_table=strict))
    up = Discard(parse_tile("1z"), uper=True)
    assert up in d.notes  # the engine says why not
    assert (up in d.legal) == strict  # a strict table lets you try, and penalises it
    action = make_seat(name).act(d)
    assert action in d.legal and action != up
    assert action == Discard(parse_tile("1z"))  # still the ready discard, silently


def dead_wait_table():
    """East gets ready on 6z/7z after every other copy of both has been discarded."""
    hands = ["234m678m55p66z77z1z9m",  # East: 14
             "1112223338p467z",  # South holds a 6z and a 7z
             "4446667779p236z",  # West holds a 6z
             "11122m5999p1337z"]  # North holds a 7z
    t = Table(RuleSet(flowers=False), seed=1,
              wall=rig_wall(hands, draws="8m9m3m1p8m9m3m5p"))
    script = [(0, "1z"), (1, "6z"), (2, "6z"), (3, "7z"), (0, "9m"), (1, "7z"), (2, "9m"),
              (3, "3m")]
    for seat, tile in script:
        assert t.pending()[seat].kind == "turn"
        t.submit(seat, Discard(parse_tile(tile)))
        for s, dd in t.pending().items():  # let every claim pass
            if dd.kind == "claim":
                t.submit(s, PASS)
    return t


@pytest.mark.parametrize("name", ["ai:standard", "ai:expert"])
def test_a_dead_wait_stays_silent(name):
    t = dead_wait_table()
    d = t.pending()[0]
    up = Discard(parse_tile("1p"), uper=True)
    assert up in d.legal  # legal: both waits would be worth 2 points on a discard...
    seat = make_seat(name)
    action = seat.act(d)
    assert action in d.legal and not action.uper  # ...but every wait tile is visible


def test_the_beginner_declares_even_a_dead_wait():
    t = dead_wait_table()
    d = t.pending()[0]
    assert make_seat("ai:beginner").act(d) == Discard(parse_tile("1p"), uper=True)


@pytest.mark.parametrize("live, wall, threat, declare", [
    (8, 48, 0.0, True),  # many live tiles, long wall, nobody threatening
    (0, 48, 0.0, False),  # dead wait
    (1, 8, 30.0, False),  # a single live tile near the end: the +1 does not pay the risk
    (8, 48, 400.0, False),  # everyone threatens: a frozen hand cannot fold
])
def test_uper_gain(live, wall, threat, declare):
    g = uper_gain(live=live, unseen_total=60, wall_left=wall, discard_ok=True, final=14,
                  threat=threat)
    assert (g > 0) == declare


def test_frozen_hand_discards_what_it_draws():
    t = Table(RuleSet(flowers=False), seed=1,
              wall=rig_wall(["234m567m345p22p67p1z", None, None, None]))
    seat = HeuristicSeat("expert")
    d = t.pending()[0]
    t.submit(0, seat.act(d))
    assert t.uper_index[0] >= 0
