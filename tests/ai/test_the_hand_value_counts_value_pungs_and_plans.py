"""The hand's value (`ai.value`): value pairs and pungs (the seat wind, the double wind), the
plans' shanten with melds, all simples with all pungs, a dead open hand; worked out by hand in
tile notation."""

from __future__ import annotations

from ai.value import INF, NO_PLAN, PLANS, PlanValue, nearest_plan, plan_options, plan_value
from game.engine.melds import Meld
from game.engine.tiles import parse_tile, parse_tiles, to_counts

T = parse_tile


def _counts(text: str) -> list[int]:
    return to_counts(parse_tiles(text))


def test_two_value_pairs_of_an_open_hand_are_two_tiles_from_value_pungs():
    """An open 9m pung, 123m 456p 55z 66z and a 7p to throw: the White and Green pairs are
    both value pairs; two value pungs make the 2 points, two tiles away (one of them the
    win). The half flush would need the four other-suit tiles changed."""
    melds = (Meld("pung", T("9m"), 1),)
    hand = _counts("123m456p55z66z7p")
    assert sorted(plan_options(hand, melds)) == [
        (2, 2, "value pungs"), (4, 2, "all pungs"), (4, 2, "half flush"), (8, 8, "full flush")]
    assert plan_value(hand, melds) == PlanValue(2, 2, 2, PLANS["value pungs"])


def test_plan_options_work_out_the_shanten_of_a_hand_with_melds():
    """Without `shanten` given, an open hand's options are those with its real shanten (0:
    throw 7p and wait on 5z/6z), not a shanten of the concealed tiles alone."""
    melds = (Meld("pung", T("9m"), 1),)
    hand = _counts("123m456p55z66z7p")
    assert plan_options(hand, melds) == plan_options(hand, melds, shanten=0)


def test_the_seat_wind_pung_is_a_value_pung_for_that_seat_only():
    """234m 678m 345p 333z (West) 1p, concealed: for West (seat 2) the West pung is the one
    more yak a discard win needs (concealed 1 + West pung 1, +1 in the plan's basic); for East
    it is a plain pung and the nearest discard plan is the manzu half flush (4 pinzu to go)."""
    hand = _counts("234m678m345p333z1p")
    assert plan_value(hand, seat=2) == PlanValue(0, 0, 3, PLANS["concealed + value pung"])
    assert plan_value(hand, seat=0) == PlanValue(0, 4, 4, PLANS["concealed + half flush"])


def test_an_open_hand_with_no_plan_at_all_is_dead():
    assert nearest_plan([], False, 1) == PlanValue(INF, INF, 0, NO_PLAN)
    assert nearest_plan([], False, 1).dead


def test_the_double_wind_pung_is_worth_two_value_points():
    """East (seat 0) in the East round with an open East pung, 123m 456p 789p and 5m: the pung
    is seat wind and prevalent wind, 2 basic points alone, so "value pungs" is already met;
    the half flushes (throw 4 or 6 tiles) are worth 2 + 2. In the South round the same pung is
    worth 1 and there is no value-pungs plan."""
    melds = (Meld("pung", T("1z"), 1),)
    hand = _counts("123m456p789p5m")
    assert sorted(plan_options(hand, melds, seat=0, prevalent=0)) == [
        (0, 2, "value pungs"), (4, 4, "half flush"), (6, 4, "all pungs"), (6, 4, "half flush")]
    assert sorted(plan_options(hand, melds, seat=0, prevalent=1)) == [
        (4, 3, "half flush"), (6, 3, "all pungs"), (6, 3, "half flush")]


def test_all_simples_with_all_pungs_is_a_plan_only_without_a_value_pung():
    """An open 5m pung, 234m 678m 345p 6p: all simples (1) + all pungs (2) = 3 basic points,
    six tiles away like all pungs alone. With 777z (a Red pung, 1 point) instead of 345p, the
    value pung already gives half flush and all pungs 3 points, and the all-simples plan is
    gone (the Red pung is no simple)."""
    melds = (Meld("pung", T("5m"), 1),)
    assert sorted(plan_options(_counts("234m678m345p6p"), melds)) == [
        (4, 2, "half flush"), (4, 8, "full flush"), (6, 2, "all pungs"),
        (6, 3, "all simples + all pungs")]
    assert sorted(plan_options(_counts("234m678m777z6p"), melds)) == [
        (1, 3, "half flush"), (4, 3, "all pungs"), (4, 8, "full flush")]
