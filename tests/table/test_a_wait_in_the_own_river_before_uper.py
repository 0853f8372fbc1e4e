"""House rule `sacred_own_wait` (docs/rules.md 10.1, issue 30): a ready hand that has discarded
one of its own waits, before uper (SD2), stays free (default, as before), or is "frozen": chapter
IX says of this sacred discard "if it is not a winning tile, the tile should be discarded as soon
as it is drawn from the wall". Frozen, he may still win by self-draw, declare uper with the drawn
tile, and claim a pung, after which he chooses his discard (the way to change his wait)."""

import pytest
from table_helpers import discard, pass_all, rigged, tsumogiri

from game.engine.actions import PASS, PUNG, WIN, Discard
from game.engine.events import Discarded
from game.engine.invariants import check_table
from game.engine.rules import RuleSet
from game.engine.tiles import parse_tile

T = parse_tile
SOUTH = "234m456m789m45p55z"  # ready on 3p / 6p; on a discard only "concealed": no uper
STRAIGHT = "123m456m789m45p55z"  # the same waits with a pure straight: uper is legal


def sacred_south(setting: str, second: str, *, west="", north="", east="", south=SOUTH):
    """South draws 3p (a win) and discards it instead: his wait 3p lies in his river (SD2).
    West, North and East discard what they draw; South then draws `second`."""
    rules = RuleSet(flowers=False, sacred_own_wait=setting)
    t = rigged([None, south, None, None], draws="3p" + (west or "2z") + (north or "3z")
               + (east or "4z") + second, rules=rules, on_event=check_table)
    tsumogiri(t, 0)
    pass_all(t)
    assert WIN in t.pending()[1].legal
    discard(t, 1, "3p")
    pass_all(t)
    for seat in (2, 3, 0):
        if t.is_over or 1 in t.pending():
            break
        tsumogiri(t, seat)
        pass_all(t, except_seat=1)
    return t


@pytest.mark.parametrize("second, setting, auto", [
    ("9p", "free", False),   # as before: he chooses his discard
    ("9p", "frozen", True),  # the drawn tile goes out at once
    ("7m", "free", False),
    ("7m", "frozen", True),
])
def test_a_drawn_tile_that_does_not_win_goes_out_at_once_when_frozen(second, setting, auto):
    t = sacred_south(setting, second)
    if auto:
        out = [e for e in t.events if isinstance(e, Discarded) and e.seat == 1]
        assert [(e.tile >> 2, e.auto) for e in out] == [(T("3p"), False), (T(second), True)]
        assert 1 not in t.pending() or t.pending()[1].kind != "turn"
    else:
        d = t.pending()[1]
        assert d.kind == "turn" and Discard(T("2m")) in d.legal and Discard(T(second)) in d.legal


def test_frozen_he_may_still_declare_uper_with_the_drawn_tile():
    t = sacred_south("frozen", "9p", south=STRAIGHT)
    d = t.pending()[1]
    assert d.kind == "turn" and d.legal == (Discard(T("9p"), uper=True), Discard(T("9p")))


@pytest.mark.parametrize("setting", ["free", "frozen"])
def test_a_drawn_winning_tile_may_still_be_won_by_self_draw(setting):
    t = sacred_south(setting, "6p")
    d = t.pending()[1]
    assert WIN in d.legal
    if setting == "frozen":  # the win, or the tile goes (with uper, if he likes)
        assert set(d.legal) <= {WIN, Discard(T("6p")), Discard(T("6p"), uper=True)}
    else:
        assert Discard(T("2m")) in d.legal
    t.submit(1, WIN)
    assert [w.seat for w in t.result.winners] == [1]


@pytest.mark.parametrize("setting", ["free", "frozen"])
def test_a_pung_lets_him_choose_his_discard_either_way(setting):
    t = sacred_south(setting, "9p", west="5z")  # West draws and discards the third 5z
    assert t.pending()[1].kind == "claim" and PUNG in t.pending()[1].legal
    for s in sorted(t.pending()):
        t.submit(s, PUNG if s == 1 else PASS)
    d = t.pending()[1]
    assert d.kind == "discard" and Discard(T("2m")) in d.legal and Discard(T("4p")) in d.legal
