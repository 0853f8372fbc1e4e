"""Hand value: which plans reach the 2 basic points, and the claims that follow from it."""

import pytest

from ai.registry import make_seat
from ai.value import plan_value, pung_draws
from game.engine.actions import PASS, Discard, Pung
from game.engine.melds import Meld
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import parse_tile, parse_tiles, to_counts


def pv(hand: str, melds: str = "", seat: int = 0):
    ms = tuple(Meld("pung", k, (seat + 1) % 4) for k in parse_tiles(melds))
    return plan_value(to_counts(parse_tiles(hand)), ms, seat=seat)


@pytest.mark.parametrize("hand, melds, self_draw, discard, plan", [
    # concealed: the self-draw is always worth 2; a discard win needs one more yak
    ("234m456m345p22p67p", "", 0, 0, "concealed + all simples"),
    ("123m456m11p789p66z", "", 0, 1, "concealed + value pung"),  # one more Green
    ("123m456m789p11p23z", "", 0, 3, "concealed + all sequences"),  # lone plain honours
    # open hands need 2 points from open yak alone
    ("55m1239p6677z", "5z", 1, 1, "value pungs"),  # White pung + a Green or Red pair
    ("12345678p11z", "3p", 0, 0, "half flush"),  # one suit and honours already
    ("2233m44p1z", "5m9p", 0, 0, "all pungs"),  # every set a pung, pairs to grow
])
def test_plan_value(hand, melds, self_draw, discard, plan):
    v = pv(hand, melds)
    assert v.self_draw_distance == self_draw
    assert v.discard_distance == discard
    assert str(v.plan) == plan


def test_an_open_hand_of_mixed_suits_without_value_is_far_from_any_plan():
    v = pv("234m56m99p1z", "4m5p")
    assert v.discard_distance >= 3 and v.self_draw_distance == v.discard_distance


@pytest.mark.parametrize("text, sets, draws", [
    ("111m22p33p4z", 3, 3),  # 111m; 22p grows (1); 33p is the pair; 4z grows twice (2)
    ("111m222p33p", 3, 2),  # one set from nothing
    ("11m", 0, 0),  # just the pair
    ("1m", 0, 1),
])
def test_pung_draws(text, sets, draws):
    assert pung_draws(to_counts(parse_tiles(text)), sets) == draws


def claim(south: str, east: str, tile: str, name: str):
    t = Table(RuleSet(flowers=False), seed=3, wall=rig_wall([east, south, None, None]))
    t.submit(0, Discard(parse_tile(tile)))
    d = t.pending()[1]
    assert d.kind == "claim" and Pung() in d.legal
    seat = make_seat(name)
    return seat.act(d), seat.explain()


@pytest.mark.parametrize("name, want", [
    ("greedy", Pung()), ("ai:beginner", Pung()), ("ai:standard", PASS), ("ai:expert", PASS)])
def test_a_pung_that_leaves_a_worthless_open_hand_is_refused(name, want):
    # 55m claimed: mixed suits, no honour pair, the concealed points are gone
    action, why = claim("4559m2345678p13z", "111222333m5m9p147z", "5m", name)
    assert action == want, why


@pytest.mark.parametrize("name", ["greedy", "ai:beginner", "ai:standard", "ai:expert"])
def test_a_dragon_pung_with_another_dragon_pair_is_claimed(name):
    action, why = claim("49m2345678p6677z", "111222333m9p1456z", "6z", name)
    assert action == Pung(), why


@pytest.mark.parametrize("name, declares", [
    ("greedy", False), ("ai:standard", True), ("ai:expert", True)])
def test_nine_major_tiles_on_a_hopeless_start(name, declares):
    from game.engine.actions import NINE_MAJOR
    from game.engine.hand.shanten import shanten
    hand = "19m19p1234567z258m"  # eleven different major kinds, far from ready
    t = Table(RuleSet(flowers=False), seed=1, wall=rig_wall([hand, None, None, None]))
    d = t.pending()[0]
    assert NINE_MAJOR in d.legal and shanten(to_counts(parse_tiles(hand))) >= 4
    assert (make_seat(name).act(d) == NINE_MAJOR) == declares


def test_nine_major_is_not_declared_with_a_good_hand():
    from game.engine.actions import NINE_MAJOR
    hand = "1199m1199p11z2345z"  # nine major kinds, five pairs: seven pairs is one step away
    t = Table(RuleSet(flowers=False), seed=1, wall=rig_wall([hand, None, None, None]))
    d = t.pending()[0]
    assert NINE_MAJOR in d.legal
    assert make_seat("ai:expert").act(d) != NINE_MAJOR
