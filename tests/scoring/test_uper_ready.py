"""Uper legality and its refusals in words; ready waits with their basic points each way."""

from __future__ import annotations

import pytest

from game.engine.errors import ImpossibleHandError
from game.engine.melds import CONCEALED_KONG, KONG, PUNG, Meld
from game.engine.rules import RuleSet
from game.engine.scoring import is_ready, ready_waits, shape_waits_of, uper_verdict
from game.engine.tiles import format_tiles, parse_tile, parse_tiles

R = RuleSet()


def verdict(hand, melds=(), wall_left=30, rules=R, seat=0, prevalent=None):
    return uper_verdict(parse_tiles(hand), melds, seat=seat, prevalent=prevalent,
                        wall_left=wall_left, rules=rules)


# (hand after the uper discard, melds, wall left, rules, legal, reason contains)
UPER = [
    ("234m678m555p66z77z", (), 30, R, True, ""),  # worked example 2
    ("234m678m66z77z", (Meld(CONCEALED_KONG, parse_tile("5p")),), 30, R, True, ""),
    ("111m234m234p99p79p", (), 30, R, False,
     "8p would win by discard with concealed only (1 point)"),  # worked example 3
    ("234m678m66z77z", (Meld(PUNG, parse_tile("5p"), 1),), 30, R, False,
     "your hand has a claimed pung: uper needs a concealed hand"),
    ("234m678m66z77z", (Meld(KONG, parse_tile("5p"), 1),), 30, R, False,
     "your hand has a claimed kong: uper needs a concealed hand"),
    ("234m678m555p66z77z", (), 3, R, False, "only 3 tiles left in the wall; uper needs at least 4"),
    ("234m678m555p66z77z", (), 4, R, True, ""),
    ("234m678m555p66z77z", (), 0, RuleSet(uper_min_wall=0), True, ""),
    ("234m678m555p66z77z", (), 5, RuleSet(uper_min_wall=6), False, "uper needs at least 6"),
    ("123m456m789p1z3z5z7z", (), 30, R, False, "your hand is not ready"),
    ("234m456m345p22p67p", (), 30, R, True, ""),  # all simples + all sequences on both waits
    # East pair: the dealer's seat wind kills all sequences, so 6p / 9p are concealed only
    ("234m456m345p11z78p", (), 30, R, False, "6p would win by discard with concealed only"),
]


@pytest.mark.parametrize("hand,melds,wall,rules,legal,reason", UPER)
def test_uper_verdict(hand, melds, wall, rules, legal, reason):
    v = verdict(hand, melds, wall, rules)
    assert v.legal is legal
    assert bool(v) is legal
    if legal:
        assert v.reason is None
    else:
        assert reason in str(v.reason)


def test_uper_depends_on_the_seat_and_prevalent_wind():
    hand = "234m456m345p11z78p"
    assert not verdict(hand, seat=0).legal  # East pair for East: no all sequences
    assert verdict(hand, seat=1).legal  # for South the East pair is plain: all sequences
    assert not verdict(hand, seat=1, prevalent=0).legal  # unless East is the prevalent wind
    tanki = "123m456m678m111z9p"  # waits 9p alone; East pung
    assert verdict(tanki, seat=0).legal  # concealed + seat wind
    assert not verdict(tanki, seat=1).legal
    assert verdict(tanki, seat=1, prevalent=0).legal  # concealed + prevalent wind


def test_waits_leave_out_tiles_all_in_own_hand():
    hand = parse_tiles("123m456m46p11z")
    kong = (Meld(CONCEALED_KONG, parse_tile("5p")),)
    assert shape_waits_of(hand, kong) == ()
    v = uper_verdict(hand, kong, seat=0, prevalent=None, wall_left=30, rules=R)
    assert not v.legal and "not ready" in str(v.reason)


def test_ready_waits_each_way():
    w = ready_waits(parse_tiles("111m234m234p99p79p"))
    assert [(format_tiles([x.tile]), x.self_draw_basic, x.discard_basic) for x in w] == [
        ("7p", 2, 1), ("8p", 2, 1)]
    assert all(x.valid_self_draw and not x.valid_discard for x in w)


def test_ready_waits_leave_out_chicken_waits():
    # open hand with a Red pung: 9p pair wait gives dragon pung only (1), not ready
    hand = parse_tiles("123m456m789p1z")
    red = (Meld(PUNG, parse_tile("7z"), 3),)
    assert ready_waits(hand, red) == ()
    assert not is_ready(hand, red)
    assert is_ready(parse_tiles("234m456m345p22p67p"))


def test_bad_hand_size():
    with pytest.raises(ImpossibleHandError, match="13 concealed tiles"):
        verdict("234m678m555p66z77z7z")
