"""The danger assist (issue 32): against a player who declared uper, each tile of the player's hand
is shaded by the computer players' own danger model, the exactly safe ones are marked with the
rule that makes them safe, and the player's waits are counted from his own view.

West (55z pung, 123m 456m, 78p, a pair) declares uper with 4p on 6p-9p; North then throws 6z.
East holds 4p (West's own discard), 1p (its stem 1-4-7), 6z (thrown after West's uper and not won
on) and 6p (one of West's waits).
"""

from __future__ import annotations

from game.engine.actions import PASS, Discard
from game.engine.observation import Observation
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import parse_tile, parse_tiles
from game.i18n import render
from game.practice import danger_assist as da

T = parse_tile
EAST = "1p4p6p5z234m789m2z3z6z7z"
WEST = "555z123m456m78p11z"


def _east_after_wests_uper(west: str = WEST, rules: RuleSet | None = None
                           ) -> tuple[Observation, list[set[int]]]:
    t = Table(rules or RuleSet(flowers=False), seed=1,
              wall=rig_wall([EAST, None, west, None], "8p4p6z9p"), dice=[(3, 3), (2, 3)])

    def pass_all():
        for s, d in sorted(t.pending().items()):
            if d.kind == "claim":
                t.submit(s, PASS)

    for seat, tile, uper in ((0, "7z", False), (1, "8p", False), (2, "4p", True),
                             (3, "6z", False)):
        t.submit(seat, Discard(T(tile), uper=uper))
        pass_all()
    d = t.pending()[0]
    return d.observation, da.after_uper_kinds(t.events)


def test_each_exactly_safe_tile_is_marked_with_the_rule_that_makes_it_safe():
    obs, after = _east_after_wests_uper()
    v = da.danger_view(obs, after)
    assert v.against == (2,)
    assert {k for k, td in v.tiles.items() if td.safe} == {T("4p"), T("1p"), T("6z")}
    assert v.tiles[T("4p")].why == (da.GENBUTSU(seat=2, tile=T("4p")),)
    assert v.tiles[T("1p")].why == (da.STEM_UPER(seat=2, source=T("4p"), stem=T("4p"),
                                                 pattern="1-4-7"),)
    assert v.tiles[T("6z")].why == (da.PASSED(seat=2, tile=T("6z")),)
    assert all(td.level == "safe" and td.deal_in == 0 for td in v.tiles.values() if td.safe)


def test_a_live_wait_is_shaded_by_the_ai_danger_model_and_says_its_chance():
    from ai.danger import read_opponents

    obs, after = _east_after_wests_uper()
    v = da.danger_view(obs, after)
    read = next(r for r in read_opponents(obs, None, after) if r.seat == 2)
    six = v.tiles[T("6p")]
    assert not six.safe and six.deal_in == read.deal_in[T("6p")] > 0
    assert six.why == (da.RISK(seat=2, percent=round(100 * six.deal_in)),)
    # a two-sided wait beside the uper discard: the most dangerous tile, shaded by its chance
    assert six.deal_in == max(td.deal_in for td in v.tiles.values())
    assert six.level == [n for n, start in da.LEVELS[1:] if six.deal_in >= start][-1]
    # every tile the danger model calls exactly safe is marked safe here, and no other
    assert {k for k in v.tiles if k in read.safe} == {k for k, td in v.tiles.items() if td.safe}


def test_the_assist_reads_only_what_the_player_sees():
    """West's hidden pair differs; everything East can see is the same: so is the assist."""
    a = da.danger_view(*_east_after_wests_uper(WEST))
    b = da.danger_view(*_east_after_wests_uper("555z123m456m78p44z"))
    assert a == b


def test_the_sentences_read_in_both_languages():
    obs, after = _east_after_wests_uper()
    v = da.danger_view(obs, after)
    en = render(v.tiles[T("1p")].why[0], "en")
    assert en == ("West declared uper with 4 circles: 1, 4 and 7 circles cannot win for West on "
                  "a discard (stem pattern 1-4-7)")
    for td in v.tiles.values():
        ko = render(td.why[0], "ko")
        assert "West" not in ko and "discard" not in ko and "safe" not in ko, ko


def test_nothing_is_shaded_while_nobody_has_declared_uper():
    obs, _ = _east_after_wests_uper()
    silent = Observation(**{**obs.__dict__, "uper": (False,) * 4})
    v = da.danger_view(silent, None)
    assert v.against == () and v.tiles == {}


def test_a_forced_discard_closes_its_stem_unless_the_house_rule_says_chosen_only():
    river = parse_tiles("2p9m")  # 2p his uper discard, 9m forced out after it
    assert da.safe_reasons(1, T("3m"), river=river, uper_at=0) == da.STEM_AFTER(
        seat=1, source=T("9m"), stem=T("9m"), pattern="3-6-9")
    assert da.safe_reasons(1, T("3m"), river=river, uper_at=0, stems_of=river[:1]) is None
    assert da.safe_reasons(1, T("5p"), river=river, uper_at=None) == da.STEM_BEFORE(
        seat=1, source=T("2p"), stem=T("2p"), pattern="2-5-8")


def test_an_honour_all_in_sight_is_safe_and_one_still_hidden_is_not():
    assert da.safe_reasons(3, T("2z"), river=(), unseen=0) == da.GONE(seat=3, tile=T("2z"))
    assert da.safe_reasons(3, T("2z"), river=(), unseen=1) is None


def test_the_waits_are_counted_from_the_players_view():
    obs, _ = _east_after_wests_uper()
    ready = Observation(**{**obs.__dict__, "concealed": tuple(sorted(parse_tiles(
        "234m789m4p6p5z5z5z2z2z9p")))})
    # 13 tiles after throwing the 9p: 46p waits on 5p; nobody has shown a 5p
    assert da.waits_of(ready, T("9p")) == (da.Wait(T("5p"), 4),)
    assert da.waits_of(ready, T("2m")) == ()  # not ready after throwing 2m
    v = da.danger_view(ready, None, discard=T("9p"))
    assert v.waits_message() == da.WAITS(waits=(da.WAIT(tile=T("5p"), n=4),))
    assert render(v.waits_message(), "en") == "Waiting on 5 circles (4 left)"
    # a 4p in West's river is seen: waiting on 4p-7p counts 4p one fewer
    seen = Observation(**{**obs.__dict__, "concealed": tuple(sorted(parse_tiles(
        "234m789m5p6p5z5z5z2z2z9p")))})
    assert da.waits_of(seen, T("9p")) == (da.Wait(T("4p"), 3), da.Wait(T("7p"), 4))
