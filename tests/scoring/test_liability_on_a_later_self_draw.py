"""House rule `liability_self_draw` (docs/rules.md 7 and 10.1, issue 30). Chapter VIII makes the
feeder of the last dragon (wind) set pay alone when the winner then wins on another player's
discard; it does not say what happens when he self-draws. "feeder" (default, as before): the
feeder pays it all then too; "shared": the three pay the self-draw as usual."""

import pytest

from game.engine.melds import PUNG, Meld
from game.engine.rules import RuleSet
from game.engine.scoring import WinContext, evaluate_win, liable_seat, payments
from game.engine.tiles import parse_tile, parse_tiles


def M(tile: str, frm: int) -> Meld:
    return Meld(PUNG, parse_tile(tile), from_seat=frm)


DRAGONS_FED_BY_WEST = (M("5z", 1), M("6z", 3), M("7z", 2))
WINDS_FED_BY_SOUTH = (M("1z", 3), M("2z", 2), M("3z", 3), M("4z", 1))


# (concealed, win tile, discarder (None: self-draw), melds, setting, liable seat); winner East
CASES = [
    ("123m11p", "1p", None, DRAGONS_FED_BY_WEST, "feeder", 2),
    ("123m11p", "1p", None, DRAGONS_FED_BY_WEST, "shared", None),
    ("123m11p", "1p", 1, DRAGONS_FED_BY_WEST, "feeder", 2),  # a discard win: West either way
    ("123m11p", "1p", 1, DRAGONS_FED_BY_WEST, "shared", 2),
    ("55m", "5m", None, WINDS_FED_BY_SOUTH, "feeder", 1),
    ("55m", "5m", None, WINDS_FED_BY_SOUTH, "shared", None),
    ("55m", "5m", 3, WINDS_FED_BY_SOUTH, "shared", 1),
    # the last dragon won on West's discard is never a self-draw: West under both
    ("123m11p777z", "7z", 2, (M("5z", 1), M("6z", 3)), "shared", 2),
]


@pytest.mark.parametrize("concealed, win, discarder, melds, setting, liable", CASES)
def test_liability_when_the_fed_player_self_draws(concealed, win, discarder, melds, setting,
                                                  liable):
    c = WinContext(concealed=tuple(parse_tiles(concealed)), win_tile=parse_tile(win),
                   melds=melds, self_draw=discarder is None, discarder=discarder)
    rules = RuleSet(liability_self_draw=setting)
    res = evaluate_win(c, rules)
    assert res.valid
    assert liable_seat(c, res, rules) == liable
    p = payments(res, c, rules)
    assert sum(p.values()) == 0
    if liable is not None:
        assert p[liable] == -3 * res.total and p[0] == 3 * res.total
    elif discarder is None:
        assert p == {0: 3 * res.total, 1: -res.total, 2: -res.total, 3: -res.total}
