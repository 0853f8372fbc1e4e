"""Hint numbers on fixed positions, in tile notation: acceptance counts, wait values, danger
reasons and sacred-discard explanations."""

from __future__ import annotations

import pytest

from game.engine.actions import Discard
from game.engine.melds import Meld
from game.engine.rules import RuleSet
from game.engine.table import Table
from game.engine.tiles import format_tiles, parse_tile, parse_tiles
from game.practice.hints import hints, practice_observation, public_safety

T = parse_tile


def _accepts(d):
    return " ".join(f"{format_tiles([a.tile])}:{a.unseen}" for a in d.accepts)


@pytest.mark.parametrize("hand, rivers, discard, shanten, accepts", [
    # 111m 23m: 1m (one left) and 4m; 22z pair: 2z (two left)
    ("123m456p789p11m22z7z", ("", "", "", ""), "7z", 0, "1m:1 4m:4 2z:2"),
    # the 4m in W's river leaves 3 unseen; 2z in N's river leaves 1
    ("123m456p789p11m22z7z", ("", "", "4m", "2z"), "7z", 0, "1m:1 4m:3 2z:1"),
    # a single wait on 5p with three melds
    ("11m46p5z", ("", "", "", ""), "5z", 0, "5p:4"),
])
def test_acceptance_counts(hand, rivers, discard, shanten, accepts):
    melds = tuple(Meld("pung", T(x)) for x in ("9m", "9p", "1z")) \
        if len(parse_tiles(hand)) == 5 else ()
    h = hints(practice_observation(hand, rivers=rivers, melds=melds))
    d = next(x for x in h.discards if x.tile == T(discard))
    assert d.shanten == shanten
    assert _accepts(d) == accepts
    assert d.unseen == sum(a.unseen for a in d.accepts)


def test_wait_values_and_the_low_discard_mark():
    # 234m 678m 555p 66z 77z waits on Green/Red: concealed + dragon pung = 2 on a discard
    h = hints(practice_observation("234m678m555p66z77z"))
    assert h.shanten == 0
    got = {format_tiles([w.tile]): (w.unseen, w.self_draw_basic, w.discard_basic,
                                    w.low_on_discard) for w in h.waits}
    assert got == {"6z": (2, 3, 2, False), "7z": (2, 3, 2, False)}
    # the rule book's false uper: 111m 234m 234p 99p 79p: 8p by discard is concealed only
    h = hints(practice_observation("111m234m234p99p79p"))
    got = {format_tiles([w.tile]): (w.self_draw_basic, w.discard_basic, w.low_on_discard)
           for w in h.waits}
    assert got == {"7p": (2, 1, True), "8p": (2, 1, True)}
    assert "gives concealed only (1 point)" in str(h.why_not(T("8p")))
    assert "a self-draw would give 2" in str(h.why_not(T("8p")))


def test_uper_legality_per_discard_with_the_reason():
    h = hints(practice_observation("111m234m234p99p79p1z"))
    d = next(x for x in h.discards if x.tile == T("1z"))
    assert d.uper_legal is False
    assert "8p would win by discard with concealed only (1 point)" in str(d.uper_reason)
    assert not d.reach_discard and d.reach_self_draw
    h = hints(practice_observation("234m678m555p66z77z1z", wall_left=3))
    d = next(x for x in h.discards if x.tile == T("1z"))
    assert d.uper_legal is False and "only 3 tiles left" in str(d.uper_reason)
    h = hints(practice_observation("234m567m345p22p67p1z"))  # 5p/8p, 9 live: the AI declares
    d = next(x for x in h.discards if x.tile == T("1z"))
    assert d.uper_legal is True and d.suggested and h.suggested == Discard(T("1z"), uper=True)
    assert str(h.reason).startswith("discard 1z")
    # 6z/7z with 4 live tiles: legal, yet playouts favour staying silent (-4.2 +- 2.6 points for
    # uper, tools/uper_calibration.py), and so does the calibrated AI
    h = hints(practice_observation("234m678m555p66z77z1z"))
    d = next(x for x in h.discards if x.tile == T("1z"))
    assert d.uper_legal is True and d.suggested and h.suggested == Discard(T("1z"))
    assert "silent (uper gain" in str(h.reason)


def test_sacred_discard_explanations():
    # waits 4m and 7m; 1m in the own river: stem pattern 1-4-7 (SD3)
    h = hints(practice_observation("56m456p789p11z555z", rivers=("1m", "", "", "")))
    assert str(h.why_not(T("4m"))) == ("you discarded 1m: 1m, 4m and 7m cannot be won by discard "
                                  "(stem pattern 1-4-7)")
    assert [format_tiles([t]) for t, _ in h.sacred.blocked] == ["4m", "7m"]
    assert h.sacred.can_self_draw
    assert "does not complete your hand (your waits: 47m)" in str(h.why_not(T("5m")))
    # a wait in the own river blocks every discard win (SD2)
    h = hints(practice_observation("23m456p789p11z555z", rivers=("4m", "", "", "")))
    assert "which you wait on" in str(h.why_not(T("1m")))
    # not ready
    h = hints(practice_observation("159m456p789p1z555z"))
    assert str(h.why_not(T("1m"))) == "your hand is not ready: no tile completes it"


def test_danger_reasons_against_an_uper_player():
    obs = practice_observation(
        "23578m14p6799p136z", rivers=("", "4m9p3z", "6p", ""), uper=(False, True, False, False),
        uper_index=(-1, 0, -1, -1))
    h = hints(obs)
    south = next(o for o in h.opponents if o.seat == 1)
    assert south.uper and south.ready == 1.0
    d = {format_tiles([t.tile]): (t.danger, str(t.reason)) for t in south.tiles}
    assert d["7m"] == (0.0, ("safe by stem pattern 1-4-7 against S's uper "
                            "(S's uper discard was 4m)"))
    assert d["8m"][0] > 0 and d["1p"][0] > 0  # in no stem of his river
    assert d["6p"][1].startswith("safe by stem pattern 3-6-9 against S's uper (S discarded 9p)")
    assert d["9p"] == (0.0, "safe: in S's river")
    assert d["3z"] == (0.0, "safe: in S's river")
    assert d["3m"][0] > 0 and d["3m"][1].startswith("S declared uper")
    assert d["1z"][1] == "1 visible: honour, a pair or single wait"
    west = next(o for o in h.opponents if o.seat == 2)
    assert str(west.danger_of(T("6p")).reason) == "safe: in W's river"


def test_no_chance_and_honour_counts():
    # every 2m is visible (two in the hand, two in rivers): 1m has no sequence wait
    obs = practice_observation("122m333m4p5p6p11z55z7z", rivers=("", "2m3m", "2m", ""),
                               uper=(False, True, False, False))
    h = hints(obs)
    south = next(o for o in h.opponents if o.seat == 1)
    one = south.danger_of(T("1m"))
    assert str(one.reason) == "no-chance: every 2m is visible, so only a pair or single wait can use it"
    assert 0 < one.danger < south.danger_of(T("4p")).danger
    assert str(south.danger_of(T("5z")).reason) == "2 visible: honour, a pair or single wait"
    # a third White in West's river: only a single wait on the last one is left
    obs = practice_observation("122m333m4p5p6p11z55z7z", rivers=("", "2m3m", "5z", ""),
                               uper=(False, True, False, False))
    south = next(o for o in hints(obs).opponents if o.seat == 1)
    assert str(south.danger_of(T("5z")).reason) == "3 visible: honour, only a single wait"
    assert str(south.danger_of(T("7z")).reason) == "1 visible: honour, a pair or single wait"


def test_public_safety_of_an_uper_player():
    obs = practice_observation("1m", rivers=("", "3z5p", "", ""), uper=(False, True, False, False),
                               uper_index=(-1, 1, -1, -1))
    s = public_safety(obs, 1, passed=[T("9m")], after_uper=[T("7z")])
    assert str(s[T("2p")]) == "safe by stem pattern 2-5-8 against S's uper (S's uper discard was 5p)"
    assert str(s[T("3z")]) == "safe: in S's river"
    assert str(s[T("7z")]) == "safe: discarded after S's uper and not won"
    assert str(s[T("9m")]) == "safe: S let it pass since his last draw"
    assert T("1m") not in s


def test_hints_from_a_live_decision_use_its_legal_actions():
    t = Table(RuleSet(), seed=2)
    d = t.pending()[0]
    h = hints(d, t.events)
    assert h.suggested in d.legal
    assert len(h.discards) == len(set(t.hand_kinds(0)))
    assert sum(1 for x in h.discards if x.suggested) == (1 if isinstance(h.suggested, Discard)
                                                          else 0)
    # a waiting (13-tile) hand: acceptance of the draw
    s = 1
    h1 = hints(t.observation(s), t.events)
    assert h1.discards == () and h1.shanten >= 0 and h1.accepts
