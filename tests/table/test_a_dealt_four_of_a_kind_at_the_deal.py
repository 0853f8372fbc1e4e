"""House rule `dealt_kong` (docs/rules.md 10.1, issue 30): a four of a kind dealt complete is
declared on the player's own turn (default, as before), or "at_deal": with his flower
replacements, before East's opening, as the classical text has it ("if a player has a concealed
Kong(s) in his hand he may declare it (them) at the same time he takes supplement tiles"). A four
of a kind a replacement completed is asked at the deal under both (chapter VII)."""

import pytest
from table_helpers import DICE, discard, pass_all

from game.engine.actions import PASS, WIN, ConcealedKong
from game.engine.invariants import check_table
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import parse_tile

T = parse_tile
E_PLAIN = "19m258p1234567z36m"
E_FOUR = "5555m258p1234567z"  # East dealt four 5m
S_FOUR = "5555m147p268m39p1z"  # South dealt four 5m, no flower
S_FOUR_FLOWER = "1f5555m147p26m39p1z"  # dealt four 5m and a flower (replaced by an unrelated 2p)
S_REPLACED = "1f555m147p268m36p1z"  # his flower's replacement is the fourth 5m
S_PLAIN = "147p2346789m39p2z"
W_PLAIN = "369m147p2345z7m8p6z"
N_PLAIN = "123m345p678p11z33z"


def deal(hands, setting, replacements="7z"):
    return Table(RuleSet(dealt_kong=setting), seed=5, dice=DICE, on_event=check_table,
                 wall=rig_wall(hands, "2p", replacements))


@pytest.mark.parametrize("east, south, replacements, setting, asked", [
    (E_PLAIN, S_FOUR, "7z", "own_turn", None),
    (E_PLAIN, S_FOUR, "7z", "at_deal", 1),
    (E_PLAIN, S_FOUR_FLOWER, "2p7z", "own_turn", None),
    (E_PLAIN, S_FOUR_FLOWER, "2p7z", "at_deal", 1),
    (E_FOUR, S_PLAIN, "7z", "own_turn", None),
    (E_FOUR, S_PLAIN, "7z", "at_deal", 0),
    # completed by a replacement: asked at the deal under both readings (chapter VII)
    (E_PLAIN, S_REPLACED, "5m7z", "own_turn", 1),
    (E_PLAIN, S_REPLACED, "5m7z", "at_deal", 1),
])
def test_who_is_asked_for_a_kong_at_the_deal(east, south, replacements, setting, asked):
    t = deal([east, south, W_PLAIN, N_PLAIN], setting, replacements)
    p = t.pending()
    if asked is None:
        assert list(p) == [0] and p[0].kind == "turn" and t.phase == "turn"
    else:
        assert list(p) == [asked] and p[asked].kind == "kong" and t.phase == "deal"
        assert p[asked].legal == (ConcealedKong(T("5m")), PASS)


def test_a_dealt_kong_declared_at_the_deal_takes_a_replacement_and_ends_only_its_seats_specials():
    t = deal([E_PLAIN, S_FOUR, W_PLAIN, N_PLAIN], "at_deal", "7z")
    t.submit(1, ConcealedKong(T("5m")))
    assert [m.tile for m in t.seat_state[1].melds] == [T("5m")] and t.seat_state[1].drawn is None
    assert len(t.seat_state[1].concealed) == 10 and T("7z") in t.hand_kinds(1)
    assert t.deal_kongs == {1} and not t.any_meld  # East keeps his first-go-around specials
    assert list(t.pending()) == [0] and t.pending()[0].kind == "turn"


def test_a_pass_at_the_deal_keeps_the_dealt_kong_for_the_seats_own_turn():
    t = deal([E_PLAIN, S_FOUR, W_PLAIN, N_PLAIN], "at_deal", "7z")
    t.submit(1, PASS)
    discard(t, 0, "1z")
    pass_all(t)
    assert ConcealedKong(T("5m")) in t.pending()[1].legal


def test_the_dealer_declaring_his_dealt_kong_at_the_deal_opens_on_its_replacement():
    """East's opening tile is then a kong replacement: a win on it is a win on kong (c35)."""
    t = deal([E_FOUR, S_PLAIN, W_PLAIN, N_PLAIN], "at_deal", "7z")
    t.submit(0, ConcealedKong(T("5m")))
    d = t.pending()[0]
    assert d.kind == "turn" and t.seat_state[0].kong_draw and WIN not in d.legal
    assert t.deal_kongs == {0}
