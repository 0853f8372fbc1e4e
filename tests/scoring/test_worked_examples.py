"""Every worked example of docs/rules.md#s9 that touches scoring, uper and sacred discard."""

from __future__ import annotations

import pytest
from scoring_helpers import ctx, score

from game.engine.rules import RuleSet
from game.engine.scoring import WinResult, evaluate_win, payments, sacred_status, uper_verdict
from game.engine.tiles import parse_tile, parse_tiles

R = RuleSet()


def keys(res):
    return [y.key for y in res.yak]


@pytest.mark.parametrize("total,frm,expected", [
    # 8.1: ante 10, basic 5, bonus 5 -> Final 20
    (20, None, {0: 60, 1: -20, 2: -20, 3: -20}),  # self-draw: +60 / -20 x3
    (20, 3, {0: 40, 1: 0, 2: 0, 3: -40}),  # discard by North: +40 / North -40
])
def test_example_1_payment_arithmetic(total, frm, expected):
    res = WinResult(True, 5, 5, 10, total, ())
    assert res.total == 10 + 5 + 5
    c = ctx("234m456m345p22p678p", "8p", frm=frm)
    assert payments(res, c, R) == expected


def test_example_2_uper_concealed_kong_win_on_kong():
    # before: concealed 555p 234m 678m 77z 66z waits on Red / Green; uper is legal
    v = uper_verdict(parse_tiles("555p234m678m77z66z"), (), seat=0, prevalent=None, wall_left=20,
                     rules=R)
    assert v.legal and v.waits == tuple(parse_tiles("67z"))
    # he draws the fourth 5p, declares a concealed kong, and the replacement is 7z
    c = ctx("234m678m77z66z7z", "7z", ckongs="5p", uper=True, win_on_kong=True)
    res = evaluate_win(c, R)
    assert (res.valid, res.ante, res.basic, res.total) == (True, 10, 3, 22)
    pts = {y.key: y.points for y in res.yak}
    assert pts == {"concealed": 1, "self_draw": 1, "dragon_pung": 1, "uper": 1, "win_on_kong": 5,
                   "korean_dora": 3}
    assert res.bonus == 9  # uper 1 + win on kong 5 + dora 3
    assert payments(res, c, R) == {0: 66, 1: -22, 2: -22, 3: -22}


def test_example_3_false_uper():
    v = uper_verdict(parse_tiles("111m234m234p99p79p"), (), seat=0, prevalent=None, wall_left=20,
                     rules=R)
    assert not v.legal
    assert v.waits == tuple(parse_tiles("78p"))
    assert "8p would win by discard with concealed only (1 point)" in str(v.reason)
    assert "7p would win by discard with concealed only (1 point)" in str(v.reason)
    # a self-draw would have been valid
    assert score("111m234m234p99p789p", "8p").valid
    assert not score("111m234m234p99p789p", "8p", frm="S").valid


def test_example_4_all_simples_self_draw():
    c = ctx("234m456m345p22p678p", "8p", uper=True)
    res = evaluate_win(c, R)
    assert keys(res) == ["concealed", "self_draw", "all_simples", "uper", "korean_dora"]
    assert (res.basic, res.bonus, res.total) == (3, 2, 15)
    assert payments(res, c, R) == {0: 45, 1: -15, 2: -15, 3: -15}


def test_example_4_discard_variant():
    c = ctx("234m456m345p22p678p", "8p", frm="N", uper=True)
    res = evaluate_win(c, R)
    assert [y.key for y in res.yak if y.kind == "basic"] == ["concealed", "all_sequences",
                                                             "all_simples"]
    assert res.total == 10 + 3 + 2
    assert payments(res, c, R) == {0: 30, 1: 0, 2: 0, 3: -30}


def test_example_5_chicken_hand():
    c = ctx("123m456m789p11z", "9p", pungs="7z", frm="N")
    res = evaluate_win(c, R)
    assert not res.valid and res.basic == 1 and res.total == 0
    assert str(res.reason) == "chicken hand: only dragon pung (1 point); a win needs 2 basic points"
    assert payments(res, c, R) == {0: 0, 1: 0, 2: 0, 3: 0}


def test_chicken_hand_concealed_only_wording():
    res = score("111m234m234p99p789p", "8p", frm="S")
    assert str(res.reason) == "chicken hand: only concealed (1 point); a win needs 2 basic points"


def test_example_6_seat_wind_pair_kills_all_sequences():
    west = score("234m456m345p678p33z", "8p", seat="W", frm="N")
    assert "all_sequences" not in keys(west) and not west.valid
    east = score("234m456m345p678p33z", "8p", seat="E", frm="N")
    assert "all_sequences" in keys(east) and east.valid


def test_example_7_temporary_sacred_discard():
    waits = parse_tiles("5p")
    five = parse_tile("5p")
    # North lets East's 5p pass: South's 5p in the same go-around cannot be won
    assert not sacred_status(waits, (), temporary=True).can_win_on_discard(five)
    assert sacred_status(waits, (), temporary=True).can_self_draw
    # after North's next draw the table clears the flag
    assert sacred_status(waits, ()).can_win_on_discard(five)


def test_example_8_stem_rule():
    waits = parse_tiles("1m7m2p")  # a ready hand waiting on 1m/7m and on 2p (any shape)
    s = sacred_status(waits, parse_tiles("4m"))
    for t in ("1m", "4m", "7m"):
        assert not s.can_win_on_discard(parse_tile(t))
        assert str(s.why_not(parse_tile(t))) == (
            "you discarded 4m: 1m, 4m and 7m cannot be won by discard (stem pattern 1-4-7)")
    assert s.can_self_draw
    assert s.can_win_on_discard(parse_tile("2p"))


def test_example_10_liability():
    # East has two melded dragon pungs; West discards the third dragon, East wins big three dragons
    c = ctx("123m11p77z7z", "7z", frm="W", melds_from="S", pungs="56z")
    res = evaluate_win(c, R)
    assert "big_three_dragons" in keys(res)
    assert payments(res, c, R) == {0: 3 * res.total, 1: 0, 2: -3 * res.total, 3: 0}


def test_example_11_doubling():
    c = ctx("234m456m345p22p678p", "8p", uper=True, doubled=True)
    res = evaluate_win(c, R)
    assert res.total == 15  # the Final itself is not doubled; what is paid is
    assert payments(res, c, R) == {0: 90, 1: -30, 2: -30, 3: -30}
    d = ctx("234m456m345p22p678p", "8p", frm="S", doubled=True)
    res = evaluate_win(d, R)
    assert payments(res, d, R)[1] == -2 * 2 * res.total
