"""The AI's numbers that mutation testing (`python tools/mutation.py --sample 150 --seed 1 ai`,
README "Mutation testing") found unpinned: each worked out by hand in tile notation."""

from __future__ import annotations

import dataclasses

import pytest

from ai.base import copy_observation
from ai.danger import read_opponents, visible_counts
from ai.uper_policy import FITTED, TableDefence
from ai.value import INF, NO_PLAN, PLANS, PlanValue, nearest_plan, plan_options, plan_value
from game.engine.melds import Meld
from game.engine.tiles import parse_tile, parse_tiles, to_counts
from game.practice.hints import practice_observation

T = parse_tile


def _counts(text: str) -> list[int]:
    return to_counts(parse_tiles(text))


# ------------------------------------------------------------------------------ hand value
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


# ------------------------------------------------------------------------------ danger
def _with_melds(obs, seat: int, melds: list[Meld]):
    ms = tuple(tuple(melds) if s == seat else () for s in range(4))
    sizes = tuple(13 - 3 * len(melds) if s == seat else n for s, n in enumerate(obs.hand_sizes))
    return dataclasses.replace(obs, melds=ms, hand_sizes=sizes)


def test_a_claimed_pung_shows_three_copies_beside_the_own_one():
    """East holds one 5m, South has claimed a pung of 5m: all four copies are visible."""
    obs = _with_melds(practice_observation("5m123p456p789p11z2z3z"), 1,
                      [Meld("pung", T("5m"), 0)])
    v = visible_counts(obs)
    assert v[T("5m")] == 4
    assert v[T("1z")] == 2 and v[T("9m")] == 0


@pytest.mark.parametrize("melds, ready", [
    # one open pung: THREAT_BY_DISCARDS[1][9] = 0.084, last discard 5p a simple after 9
    # discards: x LAST_DISCARD["simple"][3] = 1.13
    (("3m",), 0.084 * 1.13),
    # two open pungs: [2][9] = 0.22; one suit (a flush is on): no discount
    (("3m", "6m"), 0.22 * 1.13),
    # two suits and no value pung: often no 2 points, x UNLIKELY_VALID = 0.4
    (("3m", "6p"), 0.22 * 0.4 * 1.13),
    # two suits but a Red pung: a value pung, no discount
    (("7z", "6p"), 0.22 * 1.13),
])
def test_a_silent_player_with_open_pungs_is_read_by_his_melds_suits(melds, ready):
    obs = practice_observation("5m123p456p789p11z2z3z", rivers=("", "1z2z3z4z9m1p9p2m5p", "", ""))
    obs = _with_melds(obs, 1, [Meld("pung", T(k), (0, 2)[i]) for i, k in enumerate(melds)])
    south = next(r for r in read_opponents(obs) if r.seat == 1)
    assert south.ready == pytest.approx(ready)


# ------------------------------------------------------------------------------ seats
def test_a_copied_observation_keeps_every_meld_as_it_is():
    """The guard's copy of what a seat sees: South's pung of 5m claimed from East stays a
    pung of 5m from East (a copy that lost the tile would show a pung of 1m)."""
    obs = _with_melds(practice_observation("5m123p456p789p11z2z3z"), 1,
                      [Meld("pung", T("5m"), 0), Meld("kong", T("7z"), None)])
    copy = copy_observation(obs)
    assert copy == obs
    assert copy.melds[1] == (Meld("pung", T("5m"), 0), Meld("kong", T("7z"), None))
    assert copy.melds[1][0] is not obs.melds[1][0]


# ------------------------------------------------------------------------------ uper policy
def test_a_discard_that_was_safe_anyway_says_nothing_about_defence():
    """defence = (safe - chance + prior x fitted) / (max(0, discards - chance) + prior), with
    prior 8 and the fitted table's 0.8. One discard that is exactly safe when every tile was
    (chance 1.0): (1 - 1 + 6.4) / (0 + 8) = 0.8, the prior unchanged. One safe discard with
    chance 0.9: (0.1 + 6.4) / (0.1 + 8) = 6.5 / 8.1."""
    assert (FITTED.defence_prior, FITTED.table_defence) == (8.0, 0.8)
    t = TableDefence()
    t.record(1, safe=True, chance=1.0)
    assert t.defence(1) == pytest.approx(0.8)
    t = TableDefence()
    t.record(2, safe=True, chance=0.9)
    assert t.defence(2) == pytest.approx(6.5 / 8.1)
