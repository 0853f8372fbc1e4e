"""House rule `stem_after_uper` (docs/rules.md 4 and 10.1, issue 30). Chapter IX lists the stem
rule among the sacred discards entered *before* uper and, after uper, only a missed winning
discard and a discarded winning tile. The engine's default closes the stem of a tile forced out
after uper like that of any discard (c16, example 12); "chosen_only" closes only the stems of the
discards he chose, up to his uper discard."""

import pytest
from table_helpers import discard, pass_all, rigged, tsumogiri

from game.engine.actions import WIN
from game.engine.invariants import check_table
from game.engine.rules import RuleSet
from game.engine.tiles import parse_tile

T = parse_tile
EAST = "123m456m555z99m45p1z"  # uper with 1z: waits 3p/6p (concealed + White pung)
OTHERS = ["1m5m9m1p2p3p8p2z3z4z6z7z7z", "2m6m9m1p2p6p8p2z3z4z6z7z1z",
          "3m7m8m1p2p8p2z3z4z6z1z1z5z"]


def forced_9p_then(setting: str, uper_tile: str = "1z", east: str = EAST):
    """East declares uper, draws 9p (no win: the engine discards it); South then discards 3p."""
    rules = RuleSet(flowers=False, stem_after_uper=setting)
    t = rigged([east, *OTHERS], draws="5m6m7m9p8m", rules=rules, on_event=check_table)
    discard(t, 0, uper_tile, uper=True)
    pass_all(t)
    for seat in (1, 2, 3):
        tsumogiri(t, seat)
        pass_all(t)
    forced = [e for e in t.events if e.type == "discard" and e.seat == 0][-1]
    assert forced.auto and forced.tile >> 2 == T("9p")
    pass_all(t)
    discard(t, 1, "3p")  # a wait, in the stem 3-6-9 of the forced 9p
    return t


@pytest.mark.parametrize("setting, can_win", [("forced_too", False), ("chosen_only", True)])
def test_a_tile_forced_out_after_uper_closes_its_stem_or_not(setting, can_win):
    t = forced_9p_then(setting)
    if can_win:
        assert WIN in t.pending()[0].legal
        t.submit(0, WIN)
        assert [w.seat for w in t.result.winners] == [0]
    else:
        assert 0 not in t.pending() and "stem pattern 3-6-9" in str(t.refused[0][WIN])


@pytest.mark.parametrize("setting", ["forced_too", "chosen_only"])
def test_a_discard_he_chose_before_uper_closes_its_stem_under_both(setting):
    """East discards 9p himself, before uper: the stem 3-6-9 is closed either way (SD3)."""
    rules = RuleSet(flowers=False, stem_after_uper=setting)
    t = rigged(["123m456m555z99m45p9p", *OTHERS], draws="5m6m7m1z8m", rules=rules,
               on_event=check_table)
    discard(t, 0, "9p")
    pass_all(t)
    for seat in (1, 2, 3):
        tsumogiri(t, seat)
        pass_all(t)
    discard(t, 0, "1z", uper=True)  # the drawn 1z goes with his uper: waits 3p/6p
    pass_all(t)
    discard(t, 1, "3p")
    assert 0 not in t.pending() and "stem pattern 3-6-9" in str(t.refused[0][WIN])


@pytest.mark.parametrize("setting, safe", [("forced_too", True), ("chosen_only", False)])
def test_the_ai_counts_the_stem_of_a_forced_tile_as_safe_only_when_it_is(setting, safe):
    """ai.danger reads the rule from the table's RuleSet: South, about to discard, may treat 3p
    and 6p as exactly safe against East's uper only when the forced 9p closed their stem."""
    from ai.danger import read_opponents

    rules = RuleSet(flowers=False, stem_after_uper=setting)
    t = rigged([EAST, *OTHERS], draws="5m6m7m9p8m", rules=rules)
    discard(t, 0, "1z", uper=True)
    pass_all(t)
    for seat in (1, 2, 3):
        tsumogiri(t, seat)
        pass_all(t)
    pass_all(t)
    obs = t.pending()[1].observation
    (east,) = [r for r in read_opponents(obs, rules=rules) if r.seat == 0]
    assert T("9p") in east.safe  # the forced tile itself is no wait of his, either way
    assert (T("3p") in east.safe and T("6p") in east.safe) is safe
