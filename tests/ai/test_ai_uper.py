"""Uper (엎어) decisions on rigged hands: refuse illegal upers, declare a clear good wait, stay
silent on a dead wait; and the uper-gain model itself."""

import pytest

from ai.heuristic import HeuristicSeat
from ai.registry import make_seat
from ai.uper_policy import UperFeatures, uper_decision, uper_gain
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
        assert "uper" in str(seat.explain())


@pytest.mark.parametrize("name", LEVELS + ["greedy"])
@pytest.mark.parametrize("strict", [False, True])
def test_an_illegal_uper_is_refused(name, strict):
    # docs/rules.md#ex3: 111m 234m 234p 99p 79p waits 7p/8p worth 1 point on a discard: no uper
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


# Rows the calibration taught (tools/uper_calibration.py: 200 paired playouts per option with
# ai:standard opponents at the start of the hand, wall 47; "before" is the model it replaced)
@pytest.mark.parametrize("hand, discard, declare", [
    # 5p/8p, 9 live, all simples and all sequences: declare (playouts +2.6 +- 3.1)
    ("234m567m345p22p67p1z", "1z", True),
    # 7p closed wait, 4 live: the opponents stop discarding 7p once they know; silent
    # (playouts -4.0 +- 3.4 points for uper; the model before declared it)
    ("234m567m345p22p68p1z", "1z", False),
    # 3p/6p after discarding 9p (stem 3-6-9, SD3): no discard win either way, so uper only
    # adds its point to the self-draws: declare (playouts +2.8 +- 3.3)
    ("234m567m345p22p45p9p", "9p", True),
])
def test_expert_uper_rows(hand, discard, declare):
    _, d = east_decision(hand)
    up = Discard(parse_tile(discard), uper=True)
    assert up in d.legal and up not in d.notes
    seat = make_seat("ai:expert")
    action = seat.act(d)
    assert action == (up if declare else Discard(parse_tile(discard)))
    assert ("uper: gain" if declare else "silent (uper gain") in str(seat.explain())


def test_uper_features_of_a_sacred_wait():
    # discarding 9p blocks discard wins on 3p/6p (stem 3-6-9): every live tile is self-draw only
    t, _ = east_decision("234m567m345p22p45p9p")
    seat = HeuristicSeat("expert")
    obs = t.observation(0)
    counts = [0] * 25
    for k in obs.concealed:
        counts[k] += 1
    f = seat.uper_features(seat._context(obs), counts, parse_tile("9p"), ())
    assert list(f.waits) == [parse_tile("3p"), parse_tile("6p")]
    assert (f.live, f.live_self, f.live_discard) == (7, 7, 0)
    assert f.discard_ok == (False, False)
    assert UperFeatures.from_dict(f.as_dict()) == f


@pytest.mark.parametrize("live, wall, discard, threat, opp_upers, declare", [
    (9, 40, True, 0.0, 0, True),  # many live tiles, long wall, nobody threatening
    (0, 40, True, 0.0, 0, False),  # dead wait
    (4, 40, True, 0.0, 0, False),  # a thin wait the opponents will stop feeding
    (4, 40, False, 0.0, 0, True),  # sacred wait: self-draw only anyway, the +1 is free
    (4, 40, True, 0.0, 1, True),  # ...unless an uper player already has the table defending
    (1, 8, True, 30.0, 0, False),  # a single live tile near the end
    (9, 40, True, 400.0, 0, False),  # everyone threatens: a frozen hand cannot fold
])
def test_uper_gain(live, wall, discard, threat, opp_upers, declare):
    f = UperFeatures.simple(live=live, wall_left=wall, discard=discard, threat=threat,
                            opp_upers=opp_upers)
    assert uper_decision(f) == declare
    assert (uper_gain(f) > -0.5) == declare  # the fitted margin


def test_uper_gain_grows_with_live_tiles_and_falls_with_threat():
    gains = [uper_gain(UperFeatures.simple(live=n, wall_left=40)) for n in range(1, 12)]
    assert gains == sorted(gains)
    threats = [uper_gain(UperFeatures.simple(live=8, wall_left=40, threat=x))
               for x in (0, 20, 40, 80)]
    assert threats == sorted(threats, reverse=True)


def test_frozen_hand_discards_what_it_draws():
    t = Table(RuleSet(flowers=False), seed=1,
              wall=rig_wall(["234m567m345p22p67p1z", None, None, None]))
    seat = HeuristicSeat("expert")
    d = t.pending()[0]
    t.submit(0, seat.act(d))
    assert t.seat_state[0].uper_index >= 0
