"""The master's search spends its playouts where they can change its choice (issue 34): a
candidate clearly worse than the expert's choice is dropped on the way (the race), only the
candidates the expert rates close to its choice are played out (`Search.close`), and the
lean simulator plays the same playouts as the engine.

Budgets are counted in worlds, never in time: the same seed gives the same searches anywhere.
"""

from __future__ import annotations

import math
import time

from test_master import DRAWS, EAST, HIDDEN_A, first_turns

from ai.heuristic import HeuristicSeat
from ai.master import MasterSeat, Search, SearchResult, close_ones, expert_values
from game.engine.actions import PASS, Discard, Pung
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import parse_tile

BROKEN, READY = Discard(parse_tile("4p")), Discard(parse_tile("7z"))


def _east(search: Search) -> tuple[MasterSeat, object]:
    """East's first turn with 123m456m789p45p11z7z: 7z keeps the hand ready, 4p breaks it."""
    t = Table(RuleSet(flowers=False), seed=3, wall=rig_wall([EAST, None, None, None]))
    m = MasterSeat(seed=1, search=search)
    for e in t.events:
        m.observe(e.visible_to(0))
    return m, t.pending()[0]


def test_the_race_stops_playing_a_clearly_worse_candidate():
    """The expert's choice keeps the hand ready; breaking it is clearly worse, so after the
    race's first check it is played no more: fewer playouts for the same worlds, the same
    choice, and the worlds it was not played in are marked (NaN)."""
    raced, d = _east(Search(worlds=24))
    res = raced._play_out(d, [READY, BROKEN], time.perf_counter())
    full, d2 = _east(Search(worlds=24, race=None))
    whole = full._play_out(d2, [READY, BROKEN], time.perf_counter())
    assert whole.playouts == 48
    # the first check: 16 worlds (four deals of four walls each: an error from fewer deals
    # is too rough to drop on)
    assert res.worlds == 16 and res.playouts == 32, "dropped at the first check: search over"
    assert res.points == whole.points[:16], "the same worlds, the same playouts"
    gain, se = res.gain(1)
    assert gain < -se
    assert raced._choose(res, READY) == READY


def test_a_candidate_not_clearly_worse_stays_in_the_race():
    res = SearchResult((PASS, Pung(), Discard(3)),
                       [[0.0, x, math.nan if w >= 8 else -9.0] for w, x in
                        enumerate([3, -2, 1, 0, -1, 2, 0, 1, 4, -3])])
    assert res.playouts == 10 + 10 + 8
    mean, se = res.gain(2)
    assert mean == -9.0 and se == 0.0, "over the worlds that played it"
    mean, se = res.gain(1)
    assert se > 0 and not mean < -se


def test_the_search_plays_only_the_candidates_the_expert_rates_close():
    """On the claim of East's wind the expert rates pung and pass apart by more than a tenth
    of a point: with `close` 0.1 the decision is not searched (counted "far"), with a wide
    margin it is."""
    t, m = first_turns(HIDDEN_A, DRAWS)
    d = t.pending()[0]
    chosen = m.expert.act(d)
    other = Pung() if chosen == PASS else PASS
    values = expert_values(m.expert, d, [chosen, other])
    assert all(v is not None for v in values)
    gap = abs(values[1] - values[0])
    assert gap > 0.1
    assert close_ones([chosen, other], values, 0.1) == [chosen]
    assert close_ones([chosen, other], values, gap + 0.1) == [chosen, other]
    m.search = Search(worlds=4, close=0.1)
    assert m.act(d) == chosen and m.last is None and m.counts["far"] == 1
    t, m = first_turns(HIDDEN_A, DRAWS)
    m.search = Search(worlds=4, close=gap + 0.1)
    m.act(t.pending()[0])
    assert m.last is not None and m.counts["searched"] == 1


def test_an_unrated_candidate_is_kept():
    assert close_ones([PASS, Pung(), Discard(2)], [1.0, None, 9.0], 0.5) == [PASS, Pung()]


def test_the_expert_rates_a_ready_discard_above_a_broken_one():
    m, d = _east(Search(worlds=1))
    ready, broken = expert_values(m.expert, d, [READY, BROKEN])
    assert ready is not None and broken is not None and ready > broken


def test_lean_and_engine_playouts_give_the_same_search():
    """Seeded searched decisions, the same worlds: the lean simulator and the engine's playouts
    give identical points, world for world."""
    assert Search().simulator == "lean"
    assert Search(lean=False).simulator == "engine"
    assert Search(horizon=2).simulator == "engine" and Search(policy="mixed").simulator == "engine"
    compared = 0
    for seed in range(40, 46):
        t = Table(RuleSet(), seed=seed)
        m = MasterSeat(seed=seed, search=Search(worlds=3, race=None, close=None))
        others = [HeuristicSeat("expert", seed * 4 + s) for s in range(4)]
        seen = 0
        while not t.is_over and compared < 8:
            for e in t.events[seen:]:
                m.observe(e.visible_to(0))
            seen = len(t.events)
            s, d = min(t.pending().items())
            if s != 0:
                t.submit(s, others[s].act(d))
                continue
            a = m.act(d)
            if m.last is not None:
                cands = list(m.last.actions)
                m.search = Search(worlds=3, race=None, close=None, lean=False)
                engine = m._play_out(d, cands, time.perf_counter())
                m.search = Search(worlds=3, race=None, close=None)
                assert engine is not None and engine.points == m.last.points, (seed, cands)
                compared += 1
            t.submit(s, a)
    assert compared >= 8
