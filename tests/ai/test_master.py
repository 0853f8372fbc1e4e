"""ai:master (issue 16): it reads only its own view, respects its budget counted in worlds,
plays as ai:expert without a budget, and its playouts choose right where the answer is clear.

Budgets here are counted in sampled worlds (`Search.worlds`), never in time: the same seed
gives the same decisions on any machine.
"""

from __future__ import annotations

import random
import time

import pytest

from ai.heuristic import HeuristicSeat
from ai.master import MasterSeat, QuickSeat, Search, SearchResult, candidates, horizon_value
from ai.registry import make_seat
from ai.search import HandView, ready_hand, sample_world
from game.engine.actions import PASS, Discard, Pung
from game.engine.driver import HandDriver
from game.engine.hand.shanten import shanten
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import parse_tile


class Drawn:
    """An opponent that throws the tile it drew (its first discard: the last tile dealt)."""

    def observe(self, event):
        return None

    def act(self, decision):
        if decision.kind != "turn":
            return PASS
        d = decision.observation.drawn
        if d is None:
            d = decision.observation.concealed[-1]
        return Discard(d)


def first_turns(hands: list[str], draws: str, seed: int = 11) -> tuple[Table, MasterSeat]:
    """A table on `hands` (E S W N) where the opponents throw their draws, stopped at East's
    next decision; East is a master that has seen the hand so far (East's first discard is
    the last tile of its hand)."""
    t = Table(RuleSet(flowers=False), seed=seed, wall=rig_wall(hands, draws))
    m = MasterSeat(seed=5, search=Search(worlds=6, close=None))
    seen = 0

    def feed():
        nonlocal seen
        for e in t.events[seen:]:
            m.observe(e.visible_to(0))
        seen = len(t.events)

    feed()
    t.submit(0, Discard(parse_tile(hands[0][-2:])))
    while 0 not in t.pending():
        for s, d in t.pending().items():
            t.submit(s, Drawn().act(d))
    feed()
    return t, m


# East's hand and draws are the same in both tables; South, West and North hold other tiles
# in the second (never shown: they throw what they draw, the same tiles in both)
EAST = "123m456m789p45p11z7z"
HIDDEN_A = [EAST, "2223334445556m", "6667778889992p", "111222333p7779m"]
HIDDEN_B = [EAST, "111222333p7779m", "2223334445556m", "6667778889992p"]
DRAWS = "1z"  # South draws East's wind and throws it: East may pung it or pass


@pytest.mark.parametrize("horizon", [None, 2])
def test_two_tables_differing_only_in_hidden_tiles_give_the_same_decision(horizon):
    ta, ma = first_turns(HIDDEN_A, DRAWS)
    tb, mb = first_turns(HIDDEN_B, DRAWS)
    ma.search = mb.search = Search(worlds=6, horizon=horizon, close=None)
    da, db = ta.pending()[0], tb.pending()[0]
    assert da.observation == db.observation
    assert ta.seat_state[1].concealed != tb.seat_state[1].concealed
    assert ma.act(da) == mb.act(db)
    assert ma.last is not None and mb.last is not None, "the decision was searched"
    assert ma.last.points == mb.last.points  # the same worlds, the same playouts


def test_a_world_agrees_with_the_view_and_deals_the_hidden_tiles_afresh():
    t = Table(RuleSet(), seed=21)
    views = [HandView() for _ in range(4)]
    seats = [HeuristicSeat("expert", s) for s in range(4)]
    checked = 0
    while not t.is_over:
        for s, d in t.pending().items():
            views[s] = HandView()
            for e in t.events:
                views[s].observe(e.visible_to(s))
            w = sample_world(views[s], d, random.Random(checked))
            assert w.observation(s) == d.observation
            hidden = [o for o in range(4) if o != s]
            assert [sorted(w.seat_state[o].concealed) for o in hidden] != \
                [sorted(t.seat_state[o].concealed) for o in hidden]
            checked += 1
            t.submit(s, seats[s].act(d))
            break
        if checked >= 25:
            break
    assert checked >= 25


def test_an_uper_player_is_dealt_a_ready_hand():
    h = ready_hand([4] * 25, 13, random.Random(0))
    assert h is not None and len(h) == 13
    assert shanten([h.count(k) for k in range(25)]) == 0
    for seed in range(20):
        h = ready_hand([4] * 25, 7, random.Random(seed))
        assert h is not None and shanten([h.count(k) for k in range(25)], 2) == 0


def test_the_budget_is_counted_in_worlds():
    t, m = first_turns(HIDDEN_A, DRAWS)
    d = t.pending()[0]
    m.act(d)
    res = m.last
    assert res is not None
    assert res.worlds == 6 and all(len(row) == len(res.actions) for row in res.points)
    assert m.counts["worlds"] == 6 and m.counts["playouts"] == 6 * len(res.actions)
    m2 = MasterSeat(seed=5, search=Search(worlds=2, close=None))
    for e in t.events:
        m2.observe(e.visible_to(0))
    m2.act(d)
    assert m2.last is not None and m2.last.worlds == 2


def test_no_budget_plays_exactly_as_the_expert():
    for seed in (1, 2):
        tables = []
        for seat in (make_seat("ai:master", seed=9, budget_ms=0), HeuristicSeat("expert", 9)):
            t = Table(RuleSet(), seed=seed)
            HandDriver(t, [seat] + [HeuristicSeat("expert", s) for s in (1, 2, 3)]).run()
            tables.append(t)
        assert tables[0].events == tables[1].events


def test_obvious_decisions_are_not_searched():
    t, m = first_turns(HIDDEN_A, DRAWS)
    d = t.pending()[0]
    assert d.kind == "claim"
    assert len(candidates(m.expert, d, m.expert.act(d), m.search)) == 2  # pung or pass
    m.search = Search(worlds=3)
    one = type(d)(d.seat, d.kind, (PASS,), {}, d.observation)  # nothing left to choose
    assert m.act(one) == PASS and m.last is None and m.counts["obvious"] == 1


@pytest.mark.parametrize("horizon", [None, 2])
def test_the_playouts_prefer_a_ready_hand_to_a_broken_one(horizon):
    """East's first turn: 7z keeps 123m456m789p45p11z ready on 3p/6p, 4p breaks it. Played
    out in 16 worlds (to the end, or to East's second turn and valued there), the search
    measures the ready hand clearly better and chooses it even when the other was the
    expert's choice."""
    t = Table(RuleSet(flowers=False), seed=3,
              wall=rig_wall([EAST, None, None, None]))
    m = MasterSeat(seed=1, search=Search(worlds=16, horizon=horizon))
    for e in t.events:
        m.observe(e.visible_to(0))
    d = t.pending()[0]
    broken, ready = Discard(parse_tile("4p")), Discard(parse_tile("7z"))
    res = m._play_out(d, [broken, ready], time.perf_counter())
    assert res is not None and res.worlds == 16
    gain, se = res.gain(1)
    assert gain > 2 * se > 0
    assert m._choose(res, broken) == ready
    assert m.explain().code == "ai.master.changed"


def test_a_noisy_gain_does_not_overrule_the_expert():
    res = SearchResult((Discard(1), Discard(2)), [[0, 30], [0, -25], [10, 12], [-5, 0]])
    m = MasterSeat(seed=1, search=Search(worlds=4))
    m._why = None
    assert m._choose(res, Discard(1)) == Discard(1)
    assert m.explain().code == "ai.master.kept"
    clear = SearchResult((PASS, Pung()), [[0, 8], [0, 10], [-10, 0], [0, 9], [5, 14]])
    assert m._choose(clear, PASS) == Pung()


def test_the_quick_policy_plays_whole_hands():
    for seed in range(3):
        res = HandDriver(Table(RuleSet(), seed=seed), [QuickSeat() for _ in range(4)]).run()
        assert sum(res.payments) == 0


@pytest.mark.parametrize("policy", ["quick", "mixed", "expert"])
def test_each_playout_policy_searches(policy):
    t, m = first_turns(HIDDEN_A, DRAWS)
    m.search = Search(worlds=2, policy=policy, close=None)
    d = t.pending()[0]
    assert m.act(d) in d.legal


def test_the_budget_setting_is_checked_and_reaches_the_seat():
    from game.settings import Settings
    from game.ui.table.driver import make_players

    assert Settings().master_budget_ms == 200
    s, msgs = Settings.from_dict({"master_budget_ms": 0})
    assert s.master_budget_ms == 0 and not msgs
    for bad in (-1, 1.5, "fast", 10**9):
        s, msgs = Settings.from_dict({"master_budget_ms": bad})
        assert s.master_budget_ms == 200 and [m.code for m in msgs] == ["settings.load.bad_value"]
    players = make_players(["human", "ai:master", "ai:expert", "ai:master"], 3, budget_ms=50)
    assert players[0] is None and players[1].budget_ms == players[3].budget_ms == 50
    assert make_players(["ai:master"] * 4, 3)[0].budget_ms == 200


def test_a_truncated_playout_stops_at_the_horizon_and_values_the_hand_there():
    """With a horizon of one turn, a playout ends at East's next turn: its value is what
    `horizon_value` says of that turn (the same world played by hand to that point), and the
    world itself is left as it was."""
    t = Table(RuleSet(flowers=False), seed=3, wall=rig_wall([EAST, None, None, None]))
    m = MasterSeat(seed=1, search=Search(worlds=1, horizon=1))
    for e in t.events:
        m.observe(e.visible_to(0))
    d = t.pending()[0]
    world = sample_world(m.view, d, random.Random(4))
    before = len(world.events)
    got = m._playout(world, 0, Discard(parse_tile("7z")), m._protos(0), None, horizon=1)
    assert len(world.events) == before
    by_hand = world.copy()
    by_hand.submit(0, Discard(parse_tile("7z")))
    q = QuickSeat()
    while 0 not in by_hand.pending() or by_hand.pending()[0].kind not in ("turn", "discard"):
        assert by_hand.result is None, "the hand ended before East's next turn"
        s, dd = min(by_hand.pending().items())
        by_hand.submit(s, q.act(dd))
    assert got == horizon_value(by_hand, by_hand.pending()[0])


def test_the_horizon_value_prefers_a_ready_hand():
    ready = Table(RuleSet(flowers=False), seed=3, wall=rig_wall([EAST, None, None, None]))
    far = Table(RuleSet(flowers=False), seed=3,
                wall=rig_wall(["147m258p369m1234z5z", None, None, None]))
    vr = horizon_value(ready, ready.pending()[0])
    vf = horizon_value(far, far.pending()[0])
    assert vr > vf >= 0.0
