"""House rule `flower_after_kong` (docs/rules.md 10.1, issue 30): a kong's replacement that is a
flower is shown and replaced in turn; a win on that next tile is a win on kong (default, as
before: chapter V counts "win on supplement tile", "a supplement tile of a kong"), or "plain": a
self-draw without the win-on-kong bonus, since the tile replaced the flower."""

import pytest
from table_helpers import DICE, discard, pass_all

from game.engine.actions import WIN, ConcealedKong
from game.engine.invariants import check_table
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import kind_of_tile, parse_tile

T = parse_tile
EAST = "19m258p1234567z46m"
SOUTH = "3333m234p678p11z5m"  # draws 5m, declares the kong; 555m completes his hand
WEST = "69m147p2345z7m8p6z5p"
NORTH = "12m345p678p22z33z9m"


@pytest.mark.parametrize("replacements, setting, bonus", [
    ("5m", "win_on_kong", True),     # the kong's own replacement wins: win on kong either way
    ("5m", "plain", True),
    ("1f5m", "win_on_kong", True),   # a flower first, then the winning tile
    ("1f5m", "plain", False),
])
def test_a_win_on_a_flowers_replacement_after_a_kong(replacements, setting, bonus):
    rules = RuleSet(flower_after_kong=setting)
    t = Table(rules, seed=5, dice=DICE, on_event=check_table,
              wall=rig_wall([EAST, SOUTH, WEST, NORTH], "5m", replacements))
    discard(t, 0, "1z")
    pass_all(t)
    t.submit(1, ConcealedKong(T("3m")))
    assert [kind_of_tile(f) for f in t.seat_state[1].flowers] == ([T("1f")] if "f" in replacements else [])
    d = t.pending()[1]
    assert WIN in d.legal
    t.submit(1, WIN)
    (win,) = t.result.winners
    assert win.how == "self_draw"
    keys = {y.key for y in win.result.yak}
    assert ("win_on_kong" in keys) is bonus and {"concealed", "self_draw"} <= keys
