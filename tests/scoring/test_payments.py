"""Payments: self-draw, discard (2x and the 1x house rule), cap, method 2, doubling, liability."""

from __future__ import annotations

import pytest
from scoring_helpers import ctx

from game.engine.errors import ImpossibleHandError
from game.engine.melds import PUNG, Meld
from game.engine.rules import RuleSet
from game.engine.scoring import WinContext, evaluate_win, liable_seat, payments
from game.engine.tiles import parse_tile, parse_tiles

ALL_SIMPLES = "234m456m345p22p678p"  # concealed self-draw: basic 3, dora 1


DEFAULT = RuleSet()


def pay(c: WinContext, rules: RuleSet = DEFAULT):
    res = evaluate_win(c, rules)
    return res, payments(res, c, rules)


@pytest.mark.parametrize("rules,frm,seat,expected_total,expected", [
    (RuleSet(), None, 0, 14, {0: 42, 1: -14, 2: -14, 3: -14}),
    (RuleSet(), "W", 0, 14, {0: 28, 1: 0, 2: -28, 3: 0}),
    (RuleSet(discard_multiplier=1), "W", 0, 14, {0: 14, 1: 0, 2: -14, 3: 0}),  # 1x house rule
    (RuleSet(ante=0), None, 0, 4, {0: 12, 1: -4, 2: -4, 3: -4}),  # method 2: basic + bonus
    (RuleSet(score_cap=12), None, 0, 12, {0: 36, 1: -12, 2: -12, 3: -12}),
    (RuleSet(score_cap=80), None, 0, 14, {0: 42, 1: -14, 2: -14, 3: -14}),
    (RuleSet(), None, 2, 14, {0: -14, 1: -14, 2: 42, 3: -14}),  # West self-draws
    (RuleSet(), "E", 3, 14, {0: -28, 1: 0, 2: 0, 3: 28}),  # North wins on East's discard
])
def test_payment_table(rules, frm, seat, expected_total, expected):
    res, p = pay(ctx(ALL_SIMPLES, "8p", frm=frm, seat=seat), rules)
    assert res.total == expected_total
    assert p == expected
    assert sum(p.values()) == 0


def test_ante_from_rules():
    res, _ = pay(ctx(ALL_SIMPLES, "8p"), RuleSet(ante=25))
    assert (res.ante, res.total) == (25, 25 + 3 + 1)


def test_invalid_pays_nothing():
    res, p = pay(ctx("111m234m234p99p789p", "8p", frm="S"))
    assert not res.valid and p == {0: 0, 1: 0, 2: 0, 3: 0}


def test_discard_win_without_discarder_is_an_error():
    c = WinContext(concealed=tuple(parse_tiles(ALL_SIMPLES)), win_tile=parse_tile("8p"),
                   self_draw=False)
    res = evaluate_win(c, RuleSet())
    with pytest.raises(ImpossibleHandError, match="discarder"):
        payments(res, c, RuleSet())


def M(tile: str, frm: int) -> Meld:
    return Meld(PUNG, parse_tile(tile), from_seat=frm)


# (concealed, win, discarder, melds in order, liable seat); the winner is East
LIABILITY = [
    # two melded dragon sets, third dragon discarded by West: West
    ("123m11p777z", "7z", 2, (M("5z", 1), M("6z", 3)), 2),
    # two melded, third dragon self-drawn: nobody
    ("123m11p777z", "7z", None, (M("5z", 1), M("6z", 3)), None),
    # two melded, the third dragon already concealed, won on another tile: nobody
    ("123m11p777z", "1p", 2, (M("5z", 1), M("6z", 3)), None),
    # third dragon set melded from West's discard, then a self-draw: West
    ("123m11p", "1p", None, (M("5z", 1), M("6z", 3), M("7z", 2)), 2),
    # third dragon set melded from West, win on South's discard: West still pays it all
    ("123m11p", "1p", 1, (M("5z", 1), M("6z", 3), M("7z", 2)), 2),
    # only one melded dragon set: nobody
    ("123m11p666z777z", "7z", 2, (M("5z", 1),), None),
    # little three dragons is no liability
    ("123m456m77z", "7z", 2, (M("5z", 1), M("6z", 3)), None),
    # big four winds: three melded wind sets, fourth wind discarded by North
    ("444z55m", "4z", 3, (M("1z", 1), M("2z", 2), M("3z", 1)), 3),
    # big four winds: fourth wind set melded from South
    ("55m", "5m", None, (M("1z", 3), M("2z", 2), M("3z", 3), M("4z", 1)), 1),
    # two melded wind sets only: nobody
    ("333z444z55m", "4z", 3, (M("1z", 1), M("2z", 2)), None),
]


@pytest.mark.parametrize("concealed,win,discarder,melds,liable", LIABILITY)
def test_liability(concealed, win, discarder, melds, liable):
    c = WinContext(concealed=tuple(parse_tiles(concealed)), win_tile=parse_tile(win), melds=melds,
                   self_draw=discarder is None, discarder=discarder)
    rules = RuleSet()
    res = evaluate_win(c, rules)
    assert res.valid
    assert liable_seat(c, res) == liable
    p = payments(res, c, rules)
    if liable is not None:
        assert p[liable] == -3 * res.total and p[0] == 3 * res.total
        assert all(v == 0 for s, v in p.items() if s not in (0, liable))


def test_liability_doubled():
    c = WinContext(concealed=tuple(parse_tiles("123m11p777z")), win_tile=parse_tile("7z"),
                   melds=(M("5z", 1), M("6z", 3)), self_draw=False, discarder=2, doubled=True)
    res = evaluate_win(c, RuleSet())
    assert payments(res, c, RuleSet())[2] == -6 * res.total
