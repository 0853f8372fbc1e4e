"""What the seats explain is a `Message`: its English (``str``) is the sentence it always was,
and every kind renders in Korean with no English word left.

The table's positions are real tables on rigged walls, in tile notation; each row names the
seat, the action it takes and the English and code of its explanation (the English is what the
seats wrote before they spoke in messages, checked against the old code when converted).
"""

from __future__ import annotations

import re

import pytest

from ai.external import SAYS
from ai.guard import GuardedSeat
from ai.heuristic import SHANTEN
from ai.random_seat import RandomSeat
from ai.registry import make_seat
from ai.value import PLANS, plan_value
from game.engine.actions import PASS, Discard
from game.engine.messages import KINDS, Arg, Message
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import parse_tile, parse_tiles, to_counts
from game.i18n import render

# ---------------------------------------------------------------- positions


def opening(seed: int):
    """East's first decision of a seeded hand (his fourteen tiles)."""
    return Table(RuleSet(), seed=seed).pending()[0]


def claim(south: str, east: str, tile: str):
    """South's claim decision on East's opening discard of `tile`."""
    t = Table(RuleSet(flowers=False), seed=3, wall=rig_wall([east, south, None, None]))
    t.submit(0, Discard(parse_tile(tile)))
    return t.pending()[1]


def east(hand: str):
    """East's opening turn with these fourteen tiles."""
    return Table(RuleSet(flowers=False), seed=1, wall=rig_wall([hand, None, None, None])).pending()[0]


def deal_kong():
    """South's flower replacement completes 5555m at the deal (docs/rules.md#s2-6)."""
    t = Table(RuleSet(), seed=5, dice=[(3, 3), (2, 3)], wall=rig_wall(
        ["19m258p1234567z36m", "1f555m147p268m36p1z", "369m147p2345z7m8p6z", "123m345p678p11z33z"],
        "2p", "5m7z"))
    return t.pending()[1]


DRAGON_PAIRS = ("49m2345678p6677z", "111222333m9p1456z", "6z")  # a Green pung, a Red pair
SEVEN_PAIRS = ("1155m2288p3366p7z", "222333444m5m9p147z", "5m")  # a pung would break it
KONG = ("555m2288p3366p17z", "222333444m5m9p147z", "5m")

ROWS = [
    # seat, position, action, code, English
    ("ai:expert", lambda: opening(2), "Discard(2z)", "ai.discard",
     "discard 2z: shanten 4, 59 tiles accepted, plan concealed + seven pairs"),
    ("ai:standard", lambda: opening(7), "Discard(1m)", "ai.discard",
     "discard 1m: shanten 2, 59 tiles accepted, plan concealed + seven pairs"),
    ("ai:beginner", lambda: opening(2), "Discard(2z)", "ai.discard",  # no value: shape only
     "discard 2z: shanten 4, 59 tiles accepted, plan shape"),
    ("greedy", lambda: opening(2), "Discard(2z)", "ai.discard",
     "discard 2z: shanten 4, 59 tiles accepted"),
    ("random", lambda: opening(2), "Discard(5m)", "ai.random.picked",
     "picked Discard(5m) at random from 12 legal actions"),
    ("greedy", lambda: claim(*DRAGON_PAIRS), "Pung()", "ai.greedy.claims_pung", "claims every pung"),
    ("ai:beginner", lambda: claim(*DRAGON_PAIRS), "Pung()", "ai.pung_closer",
     "pung 6z: shanten 2 -> 1"),
    ("ai:expert", lambda: claim(*DRAGON_PAIRS), "Pung()", "ai.pung_value",
     "pung 6z: shanten 1, 50 tiles accepted, plan half flush (value 22.5 > 11.4)"),
    ("ai:expert", lambda: claim("4559m2345678p13z", "111222333m5m9p147z", "5m"), "Pass()",
     "ai.pass_value", "pass (shanten 3, plan concealed + seven pairs, value 7.2)"),
    ("ai:beginner", lambda: claim(*SEVEN_PAIRS), "Pass()", "ai.pung_not_closer",
     "pass: a pung of 5m would not bring the hand closer"),
    ("greedy", lambda: claim(*KONG), "Kong()", "ai.greedy.claims_kong", "claims every kong"),
    ("ai:expert", lambda: claim(*KONG), "Pass()", "ai.pass_value",
     "pass (shanten 1, plan concealed + seven pairs, value 9.8)"),
    ("ai:expert", lambda: claim("123m456m789p11p55z", "222333444m5m9p157z", "5z"), "Win()",
     "ai.win_on_discard", "win on the discard"),
    ("ai:expert", lambda: east("19m19p1234567z258m"), "DeclareNineMajor()", "ai.nine_major",
     "nine major tiles with shanten 6: the hand is better void"),
    ("greedy", deal_kong, "ConcealedKong(5m)", "ai.deal_kong",
     "ConcealedKong(5m) at the deal keeps shanten 3"),
    ("ai:expert", lambda: east("123m456m789m11p55z5z"), "Win()", "ai.self_draw_win", "self-draw win"),
    ("greedy", lambda: east("123m456m789m11p55z5z"), "Win()", "ai.greedy.win", "win"),
    ("ai:expert", lambda: east("234m567m345p22p67p1z"), "Discard(1z, uper)", "ai.discard",
     ("discard 1z: uper: gain +1.60 with 9 live wait tiles (9 winnable by discard), 47 left; "
      "ready on 9 live tiles")),
    ("ai:standard", lambda: east("234m567m345p22p67p1z"), "Discard(1z, uper)", "ai.discard",
     "discard 1z: uper: 9 live wait tiles, 47 left; ready on 9 live tiles"),
    ("greedy", lambda: east("234m567m345p22p67p1z"), "Discard(1z, uper)", "ai.greedy.uper_with",
     "uper with 1z"),
]


@pytest.mark.parametrize("name, make, action, code, english", ROWS,
                         ids=[f"{r[0]} {r[4][:40]}" for r in ROWS])
def test_an_explanation_is_a_message_with_the_english_of_before(name, make, action, code, english):
    d = make()
    seat = make_seat(name, seed=1)
    assert repr(seat.act(d)) == action
    why = seat.explain()
    assert type(why) is Message and why.code == code
    assert str(why) == english
    _assert_korean(render(why, "ko"))


def test_nothing_to_explain_before_a_decision():
    assert make_seat("ai:expert").explain() is None and make_seat("greedy").explain() is None
    assert str(RandomSeat(1).explain()) == "no decision yet"


def test_plans_are_messages():
    v = plan_value(to_counts(parse_tiles("234m456m345p22p67p")))
    assert v.plan is PLANS["concealed + all simples"] and str(v.plan) == "concealed + all simples"
    assert render(v.plan, "ko") == "문전 + 당요" and render(PLANS["ready"], "ko") == "대기"
    assert {str(m) for m in PLANS.values()} == set(PLANS)


# ---------------------------------------------------------------- Korean, every kind

_ALLOWED = {"ai", "standard"}  # the fallback seat's name: ai:standard
_ENGLISH = re.compile(r"[A-Za-z]{3,}")


def _assert_korean(ko: str) -> None:
    left = [w for w in _ENGLISH.findall(ko) if w not in _ALLOWED]
    assert not left, f"English left in {ko!r}: {left}"
    assert re.search("[가-힣]", ko) or not _ENGLISH.search(ko), ko


_SAMPLE = {Arg.TILE: 16, Arg.TILES: (0, 3), Arg.STEM: 0, Arg.GROUPS: ((0, 0, 0),), Arg.SEAT: 1,
           Arg.SEATS: (1, 2), Arg.YAK: "half_flush", Arg.YAKS: ("half_flush",), Arg.INT: 3,
           Arg.FLOAT: 1.5, Arg.TEXT: "1-4-7", Arg.MSG: SHANTEN(n=1), Arg.MSGS: (SHANTEN(n=1),),
           Arg.ACTION: Discard(3), Arg.ACTIONS: (Discard(3), PASS)}
_AI_KINDS = sorted(k.code for k in KINDS.values() if k.domain == "ai")


@pytest.mark.parametrize("code", _AI_KINDS)
def test_every_ai_kind_speaks_korean(code):
    kind = KINDS[code]
    msg = kind(**{name: _SAMPLE[t] for name, t in kind.params.items()})
    if code == "ai.external.says":  # a program's own words: shown as they are
        assert render(msg, "ko") == "1-4-7"
        return
    ko = render(msg, "ko")
    _assert_korean(ko)
    assert render(msg, "en") and str(msg)


def test_the_seats_of_seeded_hands_explain_in_messages_that_speak_korean():
    names = ["ai:expert", "ai:beginner", "greedy", "random"]
    codes: set[str] = set()
    for seed in range(6):
        rot = names[seed % 4:] + names[:seed % 4]
        seats = [make_seat(n, seed=seed * 4 + i) for i, n in enumerate(rot)]
        t = Table(RuleSet(), seed)
        for e in t.events:
            for i, s in enumerate(seats):
                s.observe(e.visible_to(i))
        while not t.is_over:
            seat, d = next(iter(t.pending().items()))
            a = seats[seat].act(d)
            why = seats[seat].explain()
            assert type(why) is Message, (rot[seat], why)
            codes.add(why.code)
            _assert_korean(render(why, "ko"))
            n0 = len(t.events)
            t.submit(seat, a)
            for e in t.events[n0:]:
                for i, s in enumerate(seats):
                    s.observe(e.visible_to(i))
    assert {"ai.discard", "ai.random.picked"} <= codes and len(codes) > 6, codes


# ---------------------------------------------------------------- the guard and plain text

class Talker:
    name = "talker"

    def __init__(self, why):
        self.why = why

    def act(self, decision):
        return decision.legal[0]

    def explain(self):
        return self.why


@pytest.mark.parametrize("why, want", [
    ("my own words", SAYS(text="my own words")),  # a python: seat's plain text
    (SHANTEN(n=2), SHANTEN(n=2)),
    ("", None), (None, None), (42, None),
])
def test_the_guard_passes_messages_and_wraps_plain_text(why, want):
    g = GuardedSeat(Talker(why))
    g.act(opening(2))
    assert g.explain() == want


def test_an_incident_is_a_message():
    class Crash:
        name = "crash"

        def act(self, decision):
            raise KeyError("boom")

    g = GuardedSeat(Crash())
    d = opening(2)
    assert g.act(d) in d.legal
    (inc,) = g.incidents
    assert inc.code == "ai.guard.replaced" and inc["seat"] == "crash"
    assert str(inc) == ("crash crashed (KeyError: 'boom'); replaced by ai:standard for the rest "
                        "of the session")
    assert render(inc, "ko") == "crash: 오류로 멈춤 (KeyError: 'boom'); 이번 세션 동안 ai:standard로 바뀜"
