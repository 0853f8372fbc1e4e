"""The danger reading (`ai.danger`): the copies a claimed pung shows, a silent player read by
his melds' suits or, concealed, after 13 discards, and an opponent's flowers raising what a
deal-in costs; worked out by hand."""

from __future__ import annotations

import dataclasses

import pytest

from ai.danger import read_opponents, visible_counts
from game.engine.melds import Meld
from game.engine.tiles import FLOWERS, parse_tile
from game.practice.hints import practice_observation

T = parse_tile


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


def _south_after_13_discards(flowers: int = 0):
    obs = practice_observation("5m123p456p789p11z2z3z",
                               rivers=("", "1m9m1p9p2m8m2p8p3m7m3p7p4z", "", ""))
    fl = tuple(FLOWERS[:flowers] if s == 1 else () for s in range(4))
    obs = dataclasses.replace(obs, flowers=fl)
    return next(r for r in read_opponents(obs) if r.seat == 1)


def test_a_silent_concealed_player_after_13_discards_reads_the_last_column():
    """South, concealed, 13 discards, the last North: THREAT_BY_DISCARDS[0][13] = 0.225 (the
    13-or-more column, not the 12th's 0.215) x LAST_DISCARD["honour"][4] = 0.89."""
    assert _south_after_13_discards().ready == pytest.approx(0.225 * 0.89)


@pytest.mark.parametrize("flowers, loss", [(0, 2 * (10 + 3 + 1)), (2, 2 * (10 + 3 + 1 + 2))])
def test_an_opponents_flowers_raise_what_dealing_in_to_him_costs(flowers, loss):
    """Loss = 2 x (ante 10 + 3 basic + 1 + his flowers) for a concealed silent player."""
    assert _south_after_13_discards(flowers).loss == pytest.approx(loss)
