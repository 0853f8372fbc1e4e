"""Sacred discard SD1-SD6 (docs/rules.md#s5) as a table, with the stem pattern and the reasons."""

from __future__ import annotations

import pytest

from game.engine.scoring import sacred_status
from game.engine.tiles import parse_tile, parse_tiles


def T(s: str) -> tuple[int, ...]:
    return tuple(parse_tiles(s))


# (waits, river, flags, cases in force, tiles winnable by discard, tiles blocked,
#  self-draw ok, pung/kong claims ok)
SACRED = [
    # nothing: a clean river
    ("58p", "1z9m", {}, [], "58p", "", True, True),
    # SD1 temporary: he let a winning discard pass; no discard win on any tile, self-draw ok
    ("58p", "", {"temporary": True}, ["SD1"], "", "58p", True, True),
    # SD2 own wait in the river: no discard win on any tile
    ("58p", "8p", {}, ["SD2", "SD3"], "", "58p", True, True),
    ("14m", "4m", {}, ["SD2", "SD3"], "", "14m", True, True),
    # SD2 also holds after uper [C]
    ("58p", "8p", {"uper_discard": parse_tile("1z")}, ["SD2", "SD3"], "", "58p", True, True),
    # SD3 stem: 2p in the river meets the 5p/8p waits (2-5-8): both blocked
    ("58p", "2p", {}, ["SD3"], "", "58p", True, True),
    # SD3: only the stem is blocked, other waits stay open
    ("1m3p", "4m", {}, ["SD3"], "3p", "1m", True, True),
    # SD3 does not apply when the stem misses the waits (1p is in 1-4-7, waits are 3-6-9)
    ("36p", "1p4p", {}, [], "36p", "", True, True),
    # SD3 is about suits only: an honour in the river has no stem
    ("3m1z", "2z", {}, [], "3m1z", "", True, True),
    # SD3 in the other suit does not cross over: 4p does not block 1m
    ("1m", "4p", {}, [], "1m", "", True, True),
    # SD4 uper stem: the uper discard 2p blocks 5p/8p for the rest of the hand
    ("58p3m", "", {"uper_discard": parse_tile("2p")}, ["SD4"], "3m", "58p", True, True),
    # SD4: an honour uper discard has no stem
    ("58p", "", {"uper_discard": parse_tile("5z")}, [], "58p", "", True, True),
    # SD5 missed after uper: no discard win for the rest of the hand, self-draw ok
    ("58p", "", {"missed_after_uper": True}, ["SD5"], "", "58p", True, True),
    # SD6 discarded a win after uper: no discard win, no self-draw, no pung/kong
    ("58p", "", {"discarded_win_after_uper": True}, ["SD6"], "", "58p", False, False),
    # several at once: most serious first
    ("58p", "2p", {"temporary": True, "discarded_win_after_uper": True},
     ["SD6", "SD1", "SD3"], "", "58p", False, False),
]


@pytest.mark.parametrize("waits,river,flags,cases,open_,blocked,self_draw,claims", SACRED)
def test_sacred_table(waits, river, flags, cases, open_, blocked, self_draw, claims):
    s = sacred_status(T(waits), T(river), **flags)
    assert [r.case for r in s.reasons] == cases
    for k in T(open_):
        assert s.can_win_on_discard(k) and s.why_not(k) is None
    for k in T(blocked):
        assert not s.can_win_on_discard(k)
        assert s.why_not(k)
    assert s.blocked == tuple(sorted(T(blocked)))
    assert s.can_self_draw is self_draw
    assert s.can_claim_sets is claims


@pytest.mark.parametrize("flags,case,words", [
    ({"temporary": True}, "SD1", "until your next draw or claim"),
    ({"missed_after_uper": True}, "SD5", "for the rest of the hand"),
    ({"discarded_win_after_uper": True}, "SD6", "not even by self-draw"),
])
def test_reason_words(flags, case, words):
    s = sacred_status(T("5p"), (), **flags)
    assert s.reasons[0].case == case and words in s.reasons[0].text
    assert s.why_not(parse_tile("5p")) == s.reasons[0].message


def test_stem_reason_text():
    s = sacred_status(T("7m"), T("4m"))
    assert str(s.why_not(parse_tile("7m"))) == (
        "you discarded 4m: 1m, 4m and 7m cannot be won by discard (stem pattern 1-4-7)")
    assert s.reasons[0].tiles == T("147m")


def test_own_wait_reason_text():
    s = sacred_status(T("25p"), T("9m5p"))
    assert "you discarded 5p, which you wait on" in str(s.why_not(parse_tile("2p")))


def test_a_claimed_discard_still_counts():
    # the river is every tile he discarded, including ones others claimed
    assert not sacred_status(T("6m"), T("3m")).can_win_on_discard(parse_tile("6m"))
