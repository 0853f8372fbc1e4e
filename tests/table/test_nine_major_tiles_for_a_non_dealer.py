"""House rules `nine_major_count` and `nine_major_claims` (docs/rules.md 10.1, issue 30).

Chapter VIII: "If a player has nine major tiles in his initial hand tile, the player may or may
not declare an abortive draw", and sets no other condition. The engine's defaults: a non-dealer
counts his 14 tiles after his first draw, and any claim or kong before his first turn voids the
option. The other readings: his 13 dealt tiles ("dealt"), and only his own claim or kong ends it
("keep")."""

import pytest
from table_helpers import discard, pass_all, rigged, tsumogiri

from game.engine.actions import NINE_MAJOR, PASS, PUNG, ConcealedKong
from game.engine.invariants import check_table
from game.engine.rules import RuleSet
from game.engine.tiles import parse_tile

T = parse_tile
NINE = "19m19p12345z2456m"  # nine different major kinds in his 13 dealt tiles
EIGHT = "19m19p1234z24566m"  # eight: a drawn 5z (or 9m) makes nine among 14
E_PLAIN = "7p28m3456p678m5z6z7z3m"  # his opening discard 7p can be punged by West
E_KONG = "3333m7p28m456p5z6z7z8p"  # declares a concealed kong of 3m on his opening turn
W_PUNG = "77p444m555m789p23p"


def south_first_turn(south: str, draw: str, before: str, count: str, claims: str):
    """South's first turn decision, after `before` ("nothing", "claim": West pungs East's
    opening discard, "kong": East declares a concealed kong on his opening turn)."""
    rules = RuleSet(flowers=False, nine_major_count=count, nine_major_claims=claims)
    east = E_KONG if before == "kong" else E_PLAIN
    draws = f"6z6z{draw}" if before == "claim" else draw
    t = rigged([east, south, W_PUNG, None], draws=draws, replacements="8m", rules=rules,
               on_event=check_table)
    if before == "kong":
        t.submit(0, ConcealedKong(T("3m")))
    discard(t, 0, "7p")
    if before == "claim":
        for s in sorted(t.pending()):
            t.submit(s, PUNG if s == 2 else PASS)
        discard(t, 2, "2p")
        pass_all(t)
        for seat in (3, 0):  # North, then East, discard what they draw; South was skipped
            tsumogiri(t, seat)
            pass_all(t)
    else:
        pass_all(t)
    d = t.pending()[1]
    assert d.kind == "turn" and not t.seat_state[1].discarded
    return d


@pytest.mark.parametrize("south, draw, count, offered", [
    (NINE, "8p", "after_draw", True),
    (NINE, "8p", "dealt", True),
    (EIGHT, "5z", "after_draw", True),   # the drawn 5z is the ninth kind among his 14 tiles
    (EIGHT, "5z", "dealt", False),       # his 13 dealt tiles hold eight
    (EIGHT, "9m", "after_draw", False),  # a second 9m adds no kind
    (EIGHT, "9m", "dealt", False),
    (EIGHT, "8p", "after_draw", False),
    (EIGHT, "8p", "dealt", False),
])
def test_nine_major_tiles_counted_over_the_dealt_hand_or_after_the_first_draw(
        south, draw, count, offered):
    d = south_first_turn(south, draw, "nothing", count, "void")
    assert (NINE_MAJOR in d.legal) is offered


@pytest.mark.parametrize("before, claims, offered", [
    ("nothing", "void", True),
    ("nothing", "keep", True),
    ("claim", "void", False),  # West's pung before South's first turn voids it (default)
    ("claim", "keep", True),   # the chapters set no such condition
    ("kong", "void", False),
    ("kong", "keep", True),
])
def test_a_claim_or_kong_before_his_first_turn_voids_nine_major_tiles_or_not(
        before, claims, offered):
    d = south_first_turn(NINE, "8p", before, "after_draw", claims)
    assert (NINE_MAJOR in d.legal) is offered


@pytest.mark.parametrize("count", ["after_draw", "dealt"])
def test_the_dealer_counts_his_dealt_fourteen_tiles_either_way(count):
    rules = RuleSet(flowers=False, nine_major_count=count)
    t = rigged(["19m19p1234z256m6z8p8p", None, None, None], rules=rules)  # nine major kinds
    assert NINE_MAJOR in t.pending()[0].legal


def test_with_keep_his_own_claim_still_ends_it():
    """South pungs East's opening discard: his first turn is a discard, and later turns are not
    his first (he has discarded)."""
    rules = RuleSet(flowers=False, nine_major_claims="keep")
    t = rigged(["1p28m3456p678m5z6z7z3m", "19m19p12345z11p67m", None, None], draws="8p8p8p2z",
               rules=rules)
    discard(t, 0, "1p")
    for s in sorted(t.pending()):
        t.submit(s, PUNG if s == 1 else PASS)
    assert t.pending()[1].kind == "discard" and NINE_MAJOR not in t.pending()[1].legal
    discard(t, 1, "6m")
    pass_all(t)
    for seat in (2, 3, 0):
        tsumogiri(t, seat)
        pass_all(t)
    assert t.pending()[1].kind == "turn" and NINE_MAJOR not in t.pending()[1].legal
