"""What the computer seats do with their view (`ai.base`, `ai.heuristic`): a copied observation
keeps every meld, an open ready hand claims the fourth red as a kong, and ai:standard declares
uper with twenty tiles left, not nineteen."""

from __future__ import annotations

import dataclasses

import pytest

from ai.base import copy_observation
from ai.registry import make_seat
from game.engine.actions import Discard
from game.engine.melds import Meld
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import parse_tile
from game.practice.hints import practice_observation

T = parse_tile


def _with_melds(obs, seat: int, melds: list[Meld]):
    ms = tuple(tuple(melds) if s == seat else () for s in range(4))
    sizes = tuple(13 - 3 * len(melds) if s == seat else n for s, n in enumerate(obs.hand_sizes))
    return dataclasses.replace(obs, melds=ms, hand_sizes=sizes)


def test_a_copied_observation_keeps_every_meld_as_it_is():
    """The guard's copy of what a seat sees: South's pung of 5m claimed from East stays a
    pung of 5m from East (a copy that lost the tile would show a pung of 1m)."""
    obs = _with_melds(practice_observation("5m123p456p789p11z2z3z"), 1,
                      [Meld("pung", T("5m"), 0), Meld("kong", T("7z"), None)])
    copy = copy_observation(obs)
    assert copy == obs
    assert copy.melds[1] == (Meld("pung", T("5m"), 0), Meld("kong", T("7z"), None))
    assert copy.melds[1][0] is not obs.melds[1][0]


def _claim_spot(hand: str):
    from test_decision_table import position

    # South has claimed East's Green (6z*), thrown 1z; East throws a Red after W and N
    return position(hand=hand, seat=1, rivers=("6z* 7z", "1z", "2z", "3z"))


@pytest.mark.parametrize("level", ["standard", "expert"])
def test_an_open_ready_hand_claims_the_fourth_red_as_a_kong(level):
    """South is open already (a Green pung) and ready on 9p with 777z 234m 567m 9p: a melded
    kong of Red keeps the wait (the replacement tile is a free draw) and adds its kong point,
    and opening costs nothing now. Passing is worth less."""
    from game.engine.actions import Kong

    sp = _claim_spot("777z234m567m9p")
    assert Kong() in sp.decision.legal
    action, why = sp.act(level)
    assert action == Kong(), why


@pytest.mark.parametrize("wall_left, declare", [(19, False), (20, True)])
def test_ai_standard_declares_uper_with_twenty_tiles_left_not_nineteen(wall_left, declare):
    """ai:standard's simple rule: 4 live wait tiles or more and 20 tiles left in the wall.
    234m 567m 345p 22p 67p 1z, throw 1z: waits 5p/8p, 9 live."""
    t = Table(RuleSet(flowers=False), seed=1,
              wall=rig_wall(["234m567m345p22p67p1z", None, None, None]))
    d = t.pending()[0]
    d = dataclasses.replace(d, observation=dataclasses.replace(d.observation,
                                                                 wall_left=wall_left))
    assert make_seat("ai:standard").act(d) == Discard(T("1z"), uper=declare)
