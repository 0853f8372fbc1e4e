"""Places where the sources are silent and the engine chose (docs/rules.md, "Choices this
project made"), pinned on rigged tables so that a change is a decision, not an accident."""

import pytest
from table_helpers import DICE, discard, only_turn, pass_all, rigged, tsumogiri

from game.engine.actions import NINE_MAJOR, PASS, PUNG, WIN, AddedKong, ConcealedKong, Discard
from game.engine.rules import RuleSet
from game.engine.table import RiggedWall, Table, rig_wall
from game.engine.tiles import parse_tile

T = parse_tile
NINE = "19m19p12345z2456m"  # nine different major kinds in 13 tiles


def keys(record):
    return {y.key: y.points for y in record.result.yak}


@pytest.mark.parametrize("east_kong, offered", [(False, True), (True, False)])
def test_a_concealed_kong_in_the_first_go_around_ends_its_specials(east_kong, offered):
    t = rigged(["3333m1p4p7p9p6z7z8p5p2p3p", NINE, None, None], draws="6m", replacements="8m")
    if east_kong:
        t.submit(0, ConcealedKong(T("3m")))
    discard(t, 0, "5p")
    pass_all(t)
    assert only_turn(t) == 1 and (NINE_MAJOR in t.pending()[1].legal) is offered


def test_an_added_kong_may_use_a_tile_held_since_the_pung():
    e = "3m1p4p7p9p1z2z3z4z5z6z8m9m8p"
    s = "333m123p456p78p6z4m"  # pungs 3m with two of its three
    t = rigged([e, s, None, None], draws="2z1z3z7z")
    discard(t, 0, "3m")
    t.submit(1, PUNG)
    discard(t, 1, "4m")
    pass_all(t)
    for seat in (2, 3, 0):
        tsumogiri(t, seat)
        pass_all(t)
    assert t.seat_state[1].drawn >> 2 == T("7z")  # the drawn tile is not the fourth 3m
    assert AddedKong(T("3m")) in t.pending()[1].legal


def test_the_last_wall_tile_may_be_a_kong_replacement_and_scores_both_bonuses():
    west = "555m123p456p789m1z"  # draws the fourth 5m as the 46th of 47 live tiles
    base = rig_wall([None, None, west, None])
    five = next(i for i in range(100) if i >> 2 == T("5m") and i not in base.head)
    east = next(i for i in range(100) if i >> 2 == T("1z") and i not in base.head)
    head = list(base.head) + [None] * 45 + [five, east]
    t = Table(RuleSet(flowers=False), seed=5, wall=RiggedWall(tuple(head)), dice=DICE)
    while not t.is_over:
        for s, d in sorted(t.pending().items()):
            if d.kind in ("claim", "rob"):
                t.submit(s, PASS)
            elif s == 2 and t.wall.remaining == 1:
                assert ConcealedKong(T("5m")) in d.legal
                t.submit(s, ConcealedKong(T("5m")))
            elif s == 2 and t.wall.remaining == 0:
                assert WIN in d.legal
                t.submit(s, WIN)
            else:
                t.submit(s, Discard(t.seat_state[s].drawn >> 2) if t.seat_state[s].drawn is not None
                         else next(a for a in d.legal if isinstance(a, Discard)))
    w = t.result.winners[0]
    assert (w.seat, w.how) == (2, "self_draw")
    assert keys(w)["win_on_kong"] == 5 and keys(w)["last_tile_draw"] == 5


@pytest.mark.parametrize("east, dora", [
    ("123m456m789p555z11p", 2),  # the last dealt tile is a 1p
    ("123m456m789p11p555z", 3),  # the last dealt tile is a White
])
def test_a_heavenly_hands_korean_dora_counts_the_dealers_last_dealt_tile(east, dora):
    t = rigged([east, None, None, None])
    assert WIN in t.pending()[0].legal
    t.submit(0, WIN)
    w = t.result.winners[0]
    assert "heavenly_hand" in keys(w) and keys(w)["korean_dora"] == dora


FOUR_WINDS = ["1z123m456m789p23p5z9m", "1z4m5m6m7m8m9m1p2p3p4p5p6z",
              "1z1m2m3m4m5m6m7m8m9m1p2p3p", "1z9m9p8p7p6p5p4p3p2z3z4z6z"]


@pytest.mark.parametrize("dealer_keeps, keeps", [("win_or_draw", True), ("win", False)])
def test_a_four_winds_draw_follows_the_dealer_keeps_house_rule(dealer_keeps, keeps):
    rules = RuleSet(flowers=False, dealer_keeps=dealer_keeps)
    t = rigged(FOUR_WINDS, draws="7z7z5z6z", rules=rules)
    discard(t, 0, "1z")
    for seat in (1, 2, 3):
        pass_all(t)
        discard(t, seat, "1z")
    assert t.result.reason == "four_winds" and t.result.dealer_keeps is keeps


def test_a_tile_forced_out_after_uper_blocks_its_stem_like_any_discard():
    east = "123m456m555z99m45p1z"  # uper with 1z: waits 3p/6p (concealed + White pung)
    others = ["1m5m9m1p2p3p8p2z3z4z6z7z7z", "2m6m9m1p2p6p8p2z3z4z6z7z1z",
              "3m7m8m1p2p8p2z3z4z6z1z1z5z"]
    t = rigged([east, *others], draws="5m6m7m9p8m")
    discard(t, 0, "1z", uper=True)
    pass_all(t)
    for seat in (1, 2, 3):
        tsumogiri(t, seat)
        pass_all(t)
    forced = [e for e in t.events if e.type == "discard" and e.seat == 0][-1]
    assert forced.auto and forced.tile >> 2 == T("9p")  # the drawn 9p does not win: it goes
    pass_all(t)
    discard(t, 1, "3p")  # a wait, in the stem 3-6-9 of the forced 9p
    assert 0 not in t.pending() and "stem pattern 3-6-9" in str(t.refused[0][WIN])


def test_the_doubling_after_a_triple_win_lasts_one_hand_even_without_a_win():
    from game.engine.session import Session
    triple = ["5p234567m1z2z4z8p3p1p9m", "123m456m666z11p46p", "789m555z33z67p123p",
              "123m456m777z99p34p"]
    s = Session(RuleSet(flowers=False), seed=1)
    t = s.new_hand(wall=rig_wall(triple), dice=DICE)
    discard(t, 0, "5p")
    for seat in (1, 2, 3):
        t.submit(seat, WIN)
    s.finish_hand()
    t = s.new_hand(wall=rig_wall([NINE + "7z", None, None, None]), dice=DICE)
    assert t.doubled
    t.submit(0, NINE_MAJOR)  # the doubled hand ends without a win
    s.finish_hand()
    assert not s.doubled and not s.new_hand().doubled
