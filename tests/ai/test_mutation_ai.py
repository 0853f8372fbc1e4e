"""The AI's numbers that mutation testing (`python tools/mutation.py --sample 150 --seed 1 ai`,
docs/mutation-testing.md) found unpinned: each worked out by hand in tile notation."""

from __future__ import annotations

import dataclasses
import json

import pytest

from ai.base import copy_observation
from ai.danger import read_opponents, visible_counts
from ai.registry import make_seat
from ai.uper_policy import FITTED, TableDefence, UperFeatures, uper_words
from ai.value import INF, NO_PLAN, PLANS, PlanValue, nearest_plan, plan_options, plan_value
from game.engine.actions import Discard
from game.engine.melds import Meld
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import FLOWERS, parse_tile, parse_tiles, to_counts
from game.practice.hints import practice_observation

T = parse_tile


def _counts(text: str) -> list[int]:
    return to_counts(parse_tiles(text))


# ------------------------------------------------------------------------------ hand value
def test_two_value_pairs_of_an_open_hand_are_two_tiles_from_value_pungs():
    """An open 9m pung, 123m 456p 55z 66z and a 7p to throw: the White and Green pairs are
    both value pairs; two value pungs make the 2 points, two tiles away (one of them the
    win). The half flush would need the four other-suit tiles changed."""
    melds = (Meld("pung", T("9m"), 1),)
    hand = _counts("123m456p55z66z7p")
    assert sorted(plan_options(hand, melds)) == [
        (2, 2, "value pungs"), (4, 2, "all pungs"), (4, 2, "half flush"), (8, 8, "full flush")]
    assert plan_value(hand, melds) == PlanValue(2, 2, 2, PLANS["value pungs"])


def test_plan_options_work_out_the_shanten_of_a_hand_with_melds():
    """Without `shanten` given, an open hand's options are those with its real shanten (0:
    throw 7p and wait on 5z/6z), not a shanten of the concealed tiles alone."""
    melds = (Meld("pung", T("9m"), 1),)
    hand = _counts("123m456p55z66z7p")
    assert plan_options(hand, melds) == plan_options(hand, melds, shanten=0)


def test_the_seat_wind_pung_is_a_value_pung_for_that_seat_only():
    """234m 678m 345p 333z (West) 1p, concealed: for West (seat 2) the West pung is the one
    more yak a discard win needs (concealed 1 + West pung 1, +1 in the plan's basic); for East
    it is a plain pung and the nearest discard plan is the manzu half flush (4 pinzu to go)."""
    hand = _counts("234m678m345p333z1p")
    assert plan_value(hand, seat=2) == PlanValue(0, 0, 3, PLANS["concealed + value pung"])
    assert plan_value(hand, seat=0) == PlanValue(0, 4, 4, PLANS["concealed + half flush"])


def test_an_open_hand_with_no_plan_at_all_is_dead():
    assert nearest_plan([], False, 1) == PlanValue(INF, INF, 0, NO_PLAN)
    assert nearest_plan([], False, 1).dead


# ------------------------------------------------------------------------------ danger
def _with_melds(obs, seat: int, melds: list[Meld]):
    ms = tuple(tuple(melds) if s == seat else () for s in range(4))
    sizes = tuple(13 - 3 * len(melds) if s == seat else n for s, n in enumerate(obs.hand_sizes))
    return dataclasses.replace(obs, melds=ms, hand_sizes=sizes)


def test_a_claimed_pung_shows_three_copies_beside_the_own_one():
    """East holds one 5m, South has claimed a pung of 5m: all four copies are visible."""
    obs = _with_melds(practice_observation("5m123p456p789p11z2z3z"), 1,
                      [Meld("pung", T("5m"), 0)])
    v = visible_counts(obs)
    assert v[T("5m")] == 4
    assert v[T("1z")] == 2 and v[T("9m")] == 0


@pytest.mark.parametrize("melds, ready", [
    # one open pung: THREAT_BY_DISCARDS[1][9] = 0.084, last discard 5p a simple after 9
    # discards: x LAST_DISCARD["simple"][3] = 1.13
    (("3m",), 0.084 * 1.13),
    # two open pungs: [2][9] = 0.22; one suit (a flush is on): no discount
    (("3m", "6m"), 0.22 * 1.13),
    # two suits and no value pung: often no 2 points, x UNLIKELY_VALID = 0.4
    (("3m", "6p"), 0.22 * 0.4 * 1.13),
    # two suits but a Red pung: a value pung, no discount
    (("7z", "6p"), 0.22 * 1.13),
])
def test_a_silent_player_with_open_pungs_is_read_by_his_melds_suits(melds, ready):
    obs = practice_observation("5m123p456p789p11z2z3z", rivers=("", "1z2z3z4z9m1p9p2m5p", "", ""))
    obs = _with_melds(obs, 1, [Meld("pung", T(k), (0, 2)[i]) for i, k in enumerate(melds)])
    south = next(r for r in read_opponents(obs) if r.seat == 1)
    assert south.ready == pytest.approx(ready)


# ------------------------------------------------------------------------------ seats
def test_a_copied_observation_keeps_every_meld_as_it_is():
    """The guard's copy of what a seat sees: South's pung of 5m claimed from East stays a
    pung of 5m from East (a copy that lost the tile would show a pung of 1m)."""
    obs = _with_melds(practice_observation("5m123p456p789p11z2z3z"), 1,
                      [Meld("pung", T("5m"), 0), Meld("kong", T("7z"), None)])
    copy = copy_observation(obs)
    assert copy == obs
    assert copy.melds[1] == (Meld("pung", T("5m"), 0), Meld("kong", T("7z"), None))
    assert copy.melds[1][0] is not obs.melds[1][0]


# ------------------------------------------------------------------------------ uper policy
def test_a_discard_that_was_safe_anyway_says_nothing_about_defence():
    """defence = (safe - chance + prior x fitted) / (max(0, discards - chance) + prior), with
    prior 8 and the fitted table's 0.8. One discard that is exactly safe when every tile was
    (chance 1.0): (1 - 1 + 6.4) / (0 + 8) = 0.8, the prior unchanged. One safe discard with
    chance 0.9: (0.1 + 6.4) / (0.1 + 8) = 6.5 / 8.1."""
    assert (FITTED.defence_prior, FITTED.table_defence) == (8.0, 0.8)
    t = TableDefence()
    t.record(1, safe=True, chance=1.0)
    assert t.defence(1) == pytest.approx(0.8)
    t = TableDefence()
    t.record(2, safe=True, chance=0.9)
    assert t.defence(2) == pytest.approx(6.5 / 8.1)


# ------------------------------------------------------------------------------ claims
def _claim_spot(hand: str):
    from test_decision_table import position

    # South has claimed East's Green (6z*), thrown 1z; East throws a Red after W and N
    return position(hand=hand, seat=1, rivers=("6z* 7z", "1z", "2z", "3z"))


@pytest.mark.parametrize("level", ["standard", "expert"])
def test_an_open_ready_hand_claims_the_fourth_red_as_a_kong(level):
    """South is open already (a Green pung) and ready on 9p with 777z 234m 567m 9p: a melded
    kong of Red keeps the wait (the replacement tile is a free draw) and adds its kong point,
    and opening costs nothing now. Passing is worth less."""
    from game.engine.actions import Kong

    sp = _claim_spot("777z234m567m9p")
    assert Kong() in sp.decision.legal
    action, why = sp.act(level)
    assert action == Kong(), why


# ------------------------------------------------------------------------------ ai:master
def _expert_at(name: str):
    from test_decision_table import spot

    from ai.heuristic import HeuristicSeat

    sp = spot(name)
    seat = HeuristicSeat("expert")
    for e in sp.table.events:
        seat.observe(e.visible_to(sp.seat))
    return sp, seat


def test_quick_playouts_do_not_try_the_other_uper_choice():
    """uper_early: ai:expert throws 7p silently with a wide early wait. With expert playouts
    the search also plays the same 7p declared (the uper timing is the expert's to test);
    with quick playouts, whose opponents never defend, it does not (they overrate uper)."""
    from ai.master import Search, candidates

    sp, seat = _expert_at("uper_early")
    chosen = seat.act(sp.decision)
    seven = parse_tile("7p")
    from game.engine.actions import Discard

    assert chosen == Discard(seven)
    assert candidates(seat, sp.decision, chosen, Search(worlds=2, policy="quick")) == [chosen]
    assert candidates(seat, sp.decision, chosen, Search(worlds=2, policy="expert")) == [
        chosen, Discard(seven, uper=True)]


def test_a_kong_at_the_deal_is_not_searched():
    """East holds 7777z at the deal: the "kong" decision (declare it or not) is left to
    ai:expert, even when the expert's choice given is to pass (no concealed kong added as a
    candidate)."""
    from ai.heuristic import HeuristicSeat
    from ai.master import Search, candidates
    from game.engine.actions import PASS, ConcealedKong
    from game.engine.rules import RuleSet
    from game.engine.table import DecisionKind, Table, rig_wall

    t = Table(RuleSet(flowers=False), seed=2, wall=rig_wall(
        ["7777z123m456p789p1z", "2223334445556m", "6668889992p134z", "1112223335557p"], ""))
    turn = t.pending()[0]
    assert turn.kind == "turn" and ConcealedKong(parse_tile("7z")) in turn.legal
    # the same position asked as the deal's kong question (a flower replacement completing
    # the four: the table asks it only then)
    d = dataclasses.replace(turn, kind=DecisionKind.KONG, legal=(ConcealedKong(parse_tile("7z")),
                                                                   PASS))
    seat = HeuristicSeat("expert")
    for e in t.events:
        seat.observe(e.visible_to(0))
    for chosen in (PASS, ConcealedKong(parse_tile("7z"))):
        assert candidates(seat, d, chosen, Search(worlds=2, policy="expert")) == [chosen]


def test_the_quick_policy_folds_from_two_away_with_a_tile_exactly_safe():
    """fold: East is two tiles from ready and West declared uper on 4m after 7z 9p; 6p is
    of 9p's stem (3-6-9p) and so exactly safe against him: the quick policy throws it, not
    the tile that keeps the hand nearest to ready."""
    from test_decision_table import spot

    from ai.master import QuickSeat
    from game.engine.actions import Discard

    assert QuickSeat().act(spot("fold").decision) == Discard(parse_tile("6p"))


# ------------------------------------------------------------------------------ worlds
SOUTH_READY = ["123m456m789p45p11z7z", "11m77m234p567p555z", "2223334446669m", "6668889992p134z"]


def _table_to_east(draws: str, south: str, **table):
    """East throws 7z, South draws and throws per `south` ("uper": 8m declared, "pass win":
    his draw although it wins), W and N throw their draws, up to East's next turn."""
    from test_master import Drawn

    from game.engine.actions import Discard
    from game.engine.rules import RuleSet
    from game.engine.table import Table, rig_wall

    t = Table(RuleSet(flowers=False), seed=3, wall=rig_wall(SOUTH_READY, draws), **table)
    t.submit(0, Discard(T("7z")))
    while 0 not in t.pending():
        s, d = next(iter(t.pending().items()))
        if s == 1 and d.kind == "turn":
            drawn = d.observation.drawn
            t.submit(1, Discard(drawn, uper=south == "uper"))
        else:
            t.submit(s, Drawn().act(d))
    return t


def _east_view(t):
    from ai.search import HandView

    view = HandView()
    for e in t.events:
        view.observe(e.visible_to(0))
    return view, t.pending()[0]


def test_a_world_is_the_same_hand_of_the_session_as_the_one_seen():
    """The third hand of a session with its seating and scores: every sampled world is that
    hand, those players, those scores."""
    import random

    from ai.search import sample_world

    t = _table_to_east("8m3z4z2z", "uper", hand=3, players=(2, 3, 0, 1),
                       scores=(10, -10, 5, -5))
    view, d = _east_view(t)
    for seed in range(3):
        w = sample_world(view, d, random.Random(seed))
        assert (w.hand, w.players, w.scores) == (3, (2, 3, 0, 1), (10, -10, 5, -5))
        assert w.observation(0) == d.observation


def test_a_world_deals_an_uper_player_a_ready_hand_and_each_thrown_draw_where_it_was_drawn():
    """South declared uper on the 8m he drew; West and North threw their draws (3z, 4z).
    In every world South's 13 tiles are ready (his hidden hand is sampled afresh) and each
    opponent's draw is the tile he threw straight after drawing it."""
    import random

    from ai.search import sample_world
    from game.engine.events import Drew
    from game.engine.hand.shanten import shanten
    from game.engine.tiles import kind_of_tile

    t = _table_to_east("8m3z4z2z", "uper")
    view, d = _east_view(t)
    hands = set()
    for seed in range(5):
        w = sample_world(view, d, random.Random(seed))
        south = [kind_of_tile(x) for x in w.concealed[1]]
        assert len(south) == 13 and shanten([south.count(k) for k in range(25)]) == 0
        hands.add(tuple(sorted(south)))
        drew = [(e.seat, kind_of_tile(e.tile)) for e in w.events if isinstance(e, Drew)]
        assert drew == [(1, T("8m")), (2, T("3z")), (3, T("4z")), (0, T("2z"))]
    assert len(hands) > 1


def test_a_world_where_an_opponent_let_a_self_drawn_win_go_is_rejected():
    """South (11m 77m 234p 567p 555z) draws 1m, a legal win (concealed + self draw + dragon
    pung), and throws it. A world where he held that hand is no world a player believes: he
    would have won. The same replay with a draw that does not win (8m) is accepted."""
    from ai.search import _replay
    from game.engine.rules import RuleSet
    from game.engine.table import Table, rig_wall

    for draws, agrees in (("1m3z4z2z", False), ("8m3z4z2z", True)):
        t = _table_to_east(draws, "pass win")
        view, d = _east_view(t)
        world = Table(RuleSet(flowers=False), seed=3, wall=rig_wall(SOUTH_READY, draws))
        assert _replay(world, view, d) is agrees, draws


# ------------------------------------------------------------------------------ the searches
def test_the_playout_count_adds_up_over_the_decisions():
    """Each searched decision plays every candidate in every world: over the first decisions
    of a hand the count of playouts is the sum, at least 2 and at most `most` (3) per world."""
    from ai.heuristic import HeuristicSeat
    from ai.master import MasterSeat, Search
    from game.engine.rules import RuleSet
    from game.engine.table import Table

    t = Table(RuleSet(), seed=4)
    m = MasterSeat(seed=2, search=Search(worlds=2))
    others = {s: HeuristicSeat("expert", s) for s in (1, 2, 3)}
    seen = 0
    while not t.is_over and m.counts["searched"] < 3:
        for e in t.events[seen:]:
            m.observe(e.visible_to(0))
            for s, o in others.items():
                o.observe(e.visible_to(s))
        seen = len(t.events)
        s, d = next(iter(t.pending().items()))
        t.submit(s, m.act(d) if s == 0 else others[s].act(d))
    assert m.counts["searched"] >= 2
    assert 2 * m.counts["worlds"] <= m.counts["playouts"] <= 3 * m.counts["worlds"]


def test_mixed_playouts_seat_the_expert_in_this_seats_chair_only(monkeypatch):
    """policy "mixed": in every playout this seat is played by ai:expert, the three others by
    the quick policy."""
    from test_master import first_turns

    from ai.heuristic import HeuristicSeat
    from ai.master import MasterSeat, QuickSeat, Search

    t, m = first_turns(["123m456m789p45p11z7z", "2223334445556m", "6667778889992p",
                        "111222333p7779m"], "1z")
    m.search = Search(worlds=2, policy="mixed")
    seated = []

    def playout(world, me, action, protos, deadline=None, horizon=None):
        seated.append(tuple(type(p) for p in protos))
        return 0

    monkeypatch.setattr(MasterSeat, "_playout", staticmethod(playout))
    d = t.pending()[0]
    import time

    m._play_out(d, list(d.legal)[:2], time.perf_counter())
    assert seated and set(seated) == {(HeuristicSeat, QuickSeat, QuickSeat, QuickSeat)}


def test_a_ready_hand_for_an_uper_player_is_built_with_sequences_too():
    """Groups are sequences most of the time (pungs 3 in 10, seven pairs 8 in 100): of ten
    hands drawn, most hold three or more kinds once; a hand of pungs and a pair less one tile
    (or seven pairs less one) never holds more than two kinds once."""
    import random

    from ai.search import ready_hand

    singles = []
    for seed in range(10):
        h = ready_hand([4] * 25, 13, random.Random(seed))
        assert h is not None
        singles.append(sum(1 for k in set(h) if h.count(k) == 1))
    assert sum(n >= 3 for n in singles) >= 5, singles


def test_a_view_that_missed_the_hand_start_has_no_world():
    import random

    from ai.search import HandView, WorldError, sample_world

    t = _table_to_east("8m3z4z2z", "uper")
    with pytest.raises(WorldError, match="the hand's start was not seen"):
        sample_world(HandView(), t.pending()[0], random.Random(0))


# ------------------------------------------------------------------------------ seed 2's survivors
def test_the_double_wind_pung_is_worth_two_value_points():
    """East (seat 0) in the East round with an open East pung, 123m 456p 789p and 5m: the pung
    is seat wind and prevalent wind, 2 basic points alone, so "value pungs" is already met;
    the half flushes (throw 4 or 6 tiles) are worth 2 + 2. In the South round the same pung is
    worth 1 and there is no value-pungs plan."""
    melds = (Meld("pung", T("1z"), 1),)
    hand = _counts("123m456p789p5m")
    assert sorted(plan_options(hand, melds, seat=0, prevalent=0)) == [
        (0, 2, "value pungs"), (4, 4, "half flush"), (6, 4, "all pungs"), (6, 4, "half flush")]
    assert sorted(plan_options(hand, melds, seat=0, prevalent=1)) == [
        (4, 3, "half flush"), (6, 3, "all pungs"), (6, 3, "half flush")]


def test_all_simples_with_all_pungs_is_a_plan_only_without_a_value_pung():
    """An open 5m pung, 234m 678m 345p 6p: all simples (1) + all pungs (2) = 3 basic points,
    six tiles away like all pungs alone. With 777z (a Red pung, 1 point) instead of 345p, the
    value pung already gives half flush and all pungs 3 points, and the all-simples plan is
    gone (the Red pung is no simple)."""
    melds = (Meld("pung", T("5m"), 1),)
    assert sorted(plan_options(_counts("234m678m345p6p"), melds)) == [
        (4, 2, "half flush"), (4, 8, "full flush"), (6, 2, "all pungs"),
        (6, 3, "all simples + all pungs")]
    assert sorted(plan_options(_counts("234m678m777z6p"), melds)) == [
        (1, 3, "half flush"), (4, 3, "all pungs"), (4, 8, "full flush")]


def _south_after_13_discards(flowers: int = 0):
    obs = practice_observation("5m123p456p789p11z2z3z",
                               rivers=("", "1m9m1p9p2m8m2p8p3m7m3p7p4z", "", ""))
    fl = tuple(FLOWERS[:flowers] if s == 1 else () for s in range(4))
    obs = dataclasses.replace(obs, flowers=fl)
    return next(r for r in read_opponents(obs) if r.seat == 1)


def test_a_silent_concealed_player_after_13_discards_reads_the_last_column():
    """South, concealed, 13 discards, the last North: THREAT_BY_DISCARDS[0][13] = 0.225 (the
    13-or-more column, not the 12th's 0.215) x LAST_DISCARD["honour"][4] = 0.89."""
    assert _south_after_13_discards().ready == pytest.approx(0.225 * 0.89)


@pytest.mark.parametrize("flowers, loss", [(0, 2 * (10 + 3 + 1)), (2, 2 * (10 + 3 + 1 + 2))])
def test_an_opponents_flowers_raise_what_dealing_in_to_him_costs(flowers, loss):
    """Loss = 2 x (ante 10 + 3 basic + 1 + his flowers) for a concealed silent player."""
    assert _south_after_13_discards(flowers).loss == pytest.approx(loss)


def test_uper_features_read_back_from_json_are_the_same():
    """Features stored as JSON (lists for tuples) come back equal to the ones stored."""
    f = UperFeatures.simple(3, 40)
    assert UperFeatures.from_dict(json.loads(json.dumps(f.as_dict()))) == f


def test_a_wait_that_no_discard_can_win_has_none_live_by_discard():
    """One wait, 3 live tiles, not winnable on a discard: the words say 0 by discard."""
    f = UperFeatures.simple(3, 40, discard=False)
    assert f.live_discard == 0
    assert uper_words(f)["by_discard"] == 0
    assert uper_words(UperFeatures.simple(3, 40))["by_discard"] == 3


def test_parameters_fitted_against_a_table_that_never_defends_keep_their_values():
    """A fitted table defence of 0: every table defends as much or more, nothing scales."""
    p = dataclasses.replace(FITTED, table_defence=0.0)
    assert p.against(0.5) == p


@pytest.mark.parametrize("wall_left, declare", [(19, False), (20, True)])
def test_ai_standard_declares_uper_with_twenty_tiles_left_not_nineteen(wall_left, declare):
    """ai:standard's simple rule: 4 live wait tiles or more and 20 tiles left in the wall.
    234m 567m 345p 22p 67p 1z, throw 1z: waits 5p/8p, 9 live."""
    t = Table(RuleSet(flowers=False), seed=1,
              wall=rig_wall(["234m567m345p22p67p1z", None, None, None]))
    d = t.pending()[0]
    d = dataclasses.replace(d, observation=dataclasses.replace(d.observation,
                                                                 wall_left=wall_left))
    assert make_seat("ai:standard").act(d) == Discard(T("1z"), uper=declare)
