"""House rule `four_winds_concealed_kong` (docs/rules.md 10, issue 30): chapter VIII cancels the
four-consistent-winds draw when "a pung or kong is claimed during the first turn"; the engine's
default also lets a concealed kong (declared in play or at the deal) cancel it, and "stands"
follows the chapter's words. A claim cannot meet four winds at all (the claimed discard would be
the wind, and the four copies are the four first discards), so the concealed kong is the case."""

import pytest
from table_helpers import DICE, discard, pass_all, rigged

from game.engine.actions import ConcealedKong
from game.engine.invariants import check_table
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import parse_tile

T = parse_tile
EAST = "1z124m456m789p23p5z9m"
SOUTH = "1z3333m789m1234p6z"  # a dealt four of a kind: a concealed kong on his first turn
SOUTH_DEAL = "1f1z333m789m1234p6z"  # his flower's replacement is the fourth 3m
WEST = "1z12456789m123p6p"
NORTH = "1z9m9p8p7p6p5p4p3p2z3z4z6z"


def play_four_easts(kong: str, setting: str) -> Table:
    """East, South, West and North each discard East as their first discard; South declares a
    concealed kong of 3m first (`kong`: "none", "in_play" or "at_deal")."""
    if kong == "at_deal":
        rules = RuleSet(four_winds_concealed_kong=setting)
        t = Table(rules, seed=5, dice=DICE, on_event=check_table,
                  wall=rig_wall([EAST, SOUTH_DEAL, WEST, NORTH], "7z7z5z", "3m5p"))
        t.submit(1, ConcealedKong(T("3m")))
    else:
        rules = RuleSet(flowers=False, four_winds_concealed_kong=setting)
        t = rigged([EAST, SOUTH, WEST, NORTH], draws="7z7z5z", replacements="5p", rules=rules,
                   on_event=check_table)
    discard(t, 0, "1z")
    pass_all(t)
    if kong == "in_play":
        t.submit(1, ConcealedKong(T("3m")))
    assert (len(t.seat_state[1].melds) == 1) is (kong != "none")
    for seat in (1, 2, 3):
        discard(t, seat, "1z")
        pass_all(t)
    return t


@pytest.mark.parametrize("kong, setting, drawn", [
    ("none", "cancels", True),
    ("none", "stands", True),
    ("in_play", "cancels", False),  # today's reading: any kong ends the first go-around
    ("in_play", "stands", True),    # chapter VIII: only a claimed pung or kong
    ("at_deal", "cancels", False),
    ("at_deal", "stands", True),
])
def test_four_winds_after_a_concealed_kong(kong, setting, drawn):
    t = play_four_easts(kong, setting)
    if drawn:
        assert t.result is not None and t.result.reason == "four_winds"
    else:
        assert t.result is None and list(t.pending()) == [0]


def test_the_default_lets_a_concealed_kong_cancel_the_four_winds_draw():
    assert RuleSet().four_winds_concealed_kong == "cancels"
    assert RuleSet.from_dict({"four_winds_concealed_kong": "stands"}).four_winds_concealed_kong \
        == "stands"
