"""The master's control variate (issue 34, `Search.control`): the luck of its own next draws,
less that luck's average over the tiles left in the world's wall. Its mean is exactly zero in
every world's distribution (the sampler lays the wall's tiles in a uniformly random order), so
regressing it out of the paired difference removes luck and never biases the gain."""

from __future__ import annotations

import random

from ai.master import MasterSeat, Search, SearchResult, _regressed, luck, luck_plan
from ai.search import sample_world
from game.engine.actions import Discard
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import parse_tile

EAST = "123m456m789p45p11z7z"


def test_the_luck_averages_to_zero_over_every_order_of_the_wall():
    """Over all rotations of the world's remaining wall (each tile at each place once) the
    control sums to zero, for each candidate: its mean under a uniform order is zero."""
    t = Table(RuleSet(flowers=False), seed=3, wall=rig_wall([EAST, None, None, None]))
    m = MasterSeat(seed=1, search=Search(worlds=1))
    for e in t.events:
        m.observe(e.visible_to(0))
    d = t.pending()[0]
    cands = [Discard(parse_tile("7z")), Discard(parse_tile("4p"))]
    plan = luck_plan(d, cands)
    assert plan[0][0] == frozenset(parse_tile(x) for x in ("3p", "6p")), "the ready hand's waits"
    assert len(plan[1][0]) > 2
    world = sample_world(m.view, d, random.Random(2))
    ids = world.wall.remaining_ids()
    totals = [0.0, 0.0]
    seen = set()
    for r in range(len(ids)):
        w = world.copy()
        w.wall = w.wall.refilled(ids[r:] + ids[:r])
        got = luck(w, plan)
        seen.add(tuple(got))
        totals = [a + b for a, b in zip(totals, got)]
    assert len(seen) > 1, "the luck depends on the order"
    assert all(abs(x) < 1e-9 for x in totals)


def test_regressing_out_a_control_that_explains_the_difference_shrinks_the_error():
    rng = random.Random(5)
    z = [rng.gauss(0, 1) for _ in range(200)]
    d = [1.0 + 10 * x + rng.gauss(0, 1) for x in z]
    plain = SearchResult(("a", "b"), [[0.0, x] for x in d])  # type: ignore[arg-type]
    with_control = SearchResult(("a", "b"), [[0.0, x] for x in d],  # type: ignore[arg-type]
                                [[0.0, x] for x in z])
    m0, se0 = plain.gain(1)
    m1, se1 = with_control.gain(1)
    assert se1 < se0 / 5
    assert abs(m1 - 1.0) < 3 * se1
    m2, se2 = _regressed(d, [0.0] * len(d))  # a control that explains nothing changes nothing
    assert abs(m2 - m0) < 1e-9 and abs(se2 - se0 * (199 / 198) ** 0.5) < 1e-9
