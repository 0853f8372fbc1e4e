"""Decompositions, the choice of the best reading, and impossible input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scoring_helpers import ctx, score

from game.engine.errors import ImpossibleHandError
from game.engine.hand.decompose import decompositions
from game.engine.hand.shape import is_complete
from game.engine.melds import PUNG, Meld
from game.engine.rules import RuleSet
from game.engine.scoring import WinContext, evaluate_win
from game.engine.tiles import parse_tile, parse_tiles, to_counts


def readings(hand: str) -> list[str]:
    return [d.describe() for d in decompositions(to_counts(parse_tiles(hand)))]


@pytest.mark.parametrize("hand,expected", [
    ("111222333m789p55z", ["111m 222m 333m 789p 55z", "123m 123m 123m 789p 55z"]),
    ("1122m3344p5566z77z", ["11m 22m 33p 44p 55z 66z 77z"]),
    ("112233m445566p77z", ["123m 123m 456p 456p 77z", "11m 22m 33m 44p 55p 66p 77z"]),
    ("11123455678999m", ["111m 234m 678m 999m 55m"]),  # nine gates: one reading
    ("1111m2233p445566z", []),  # four alike are not two pairs
    ("123m", []),
])
def test_readings(hand, expected):
    assert readings(hand) == expected


kinds = st.lists(st.integers(0, 24), min_size=14, max_size=14).filter(
    lambda ks: max(ks.count(k) for k in ks) <= 4)
suited = st.lists(st.integers(0, 8), min_size=14, max_size=14).filter(
    lambda ks: max(ks.count(k) for k in ks) <= 4)


@settings(max_examples=300, deadline=None)
@given(st.one_of(kinds, suited))
def test_readings_exist_iff_complete_and_rebuild_the_hand(hand):
    counts = to_counts(hand)
    ds = decompositions(counts)
    assert bool(ds) == is_complete(counts)
    assert len(set(ds)) == len(ds)
    for d in ds:
        tiles = sorted(k for g in d.groups() for k in g)
        assert tiles == sorted(hand)


def test_best_reading_by_basic_points():
    # pungs reading: three concealed pungs; sequences reading would be worth less
    res = score("111222333m789p55z", "5z", frm="N")
    assert "three_concealed_pungs" in [y.key for y in res.yak]
    assert res.groups[:3] == ((0, 0, 0), (1, 1, 1), (2, 2, 2))
    # 223344m 556677p 11z: seven pairs (4 + concealed) beats 234m 234m 567p 567p 11z (concealed)
    res = score("223344m556677p11z", "1z", frm="N")
    assert res.basic == 5 and len(res.groups) == 7
    res = score("112233m445566p77z", "7z", frm="N")
    assert [y.key for y in res.yak if y.kind == "basic"] == ["concealed", "seven_pairs"]


def test_discard_completing_a_pung_read_as_sequence_when_possible():
    pts = {y.key for y in score("111m222m333p345p99m", "3p", frm="N").yak}
    assert "three_concealed_pungs" in pts
    pts = {y.key for y in score("111m222m333p456p99m", "3p", frm="N").yak}
    assert "three_concealed_pungs" not in pts


def test_not_a_winning_shape_is_invalid_not_an_error():
    res = score("123m456m789p1z2z3z4z5z", "5z")
    assert not res.valid and "not a winning shape" in str(res.reason) and res.total == 0


@pytest.mark.parametrize("c,match", [
    (lambda: ctx("11111m456m789p111z", "1z"), "5 copies of 1m"),
    (lambda: ctx("123m456m789p11z", "1z"), "14 concealed tiles"),
    (lambda: ctx("123m456m789p11z5z", "9m"), "must be among the concealed tiles"),
    (lambda: ctx("123m456m789p11z", "1z", pungs="1z"), "5 copies of 1z"),
    (lambda: ctx("123m456m789p11z", "9p", pungs="7z", frm=None, robbing_kong=True),
     "robbing the kong is a win by discard"),
    (lambda: ctx("234m456m345p22p678p", "8p", frm="S", win_on_kong=True),
     "win on kong is a self-draw"),
    (lambda: ctx("234m456m22p678p", "8p", pungs="5p", uper=True), "uper needs a concealed hand"),
    (lambda: ctx("234m456m345p22p678p", "8p", frm="E"), "own discard"),
    (lambda: ctx("234m456m345p22p678p", "8p", flowers=5), "4 flowers"),
])
def test_impossible_input(c, match):
    with pytest.raises(ImpossibleHandError, match=match):
        evaluate_win(c(), RuleSet())


def test_flower_in_the_hand_is_impossible():
    c = WinContext(concealed=tuple(parse_tiles("234m456m345p22p67p1f")), win_tile=parse_tile("7p"))
    with pytest.raises(ImpossibleHandError, match="flower"):
        evaluate_win(c, RuleSet())


def test_meld_count_message():
    c = WinContext(concealed=tuple(parse_tiles("123m")), win_tile=parse_tile("1m"),
                   melds=(Meld(PUNG, 30 % 25, 1),))
    with pytest.raises(ImpossibleHandError, match="1 meld has 11 concealed tiles"):
        evaluate_win(c, RuleSet())
