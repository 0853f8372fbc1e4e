"""The master's worlds come in deals (issue 34, `Search.walls`): a sampled world costs a replay
of the hand through the engine, several times a lean playout, so each deal of the hidden hands
serves `walls` worlds, the wall's tiles laid again for each (`ai.search.redeal_wall`). The
worlds of a deal share its hands, and the standard errors count them as one cluster."""

from __future__ import annotations

import random
import time

from ai.master import MasterSeat, Search, _clustered
from ai.search import redeal_wall, sample_world
from game.engine.actions import Discard
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import parse_tile

EAST = "123m456m789p45p11z7z"


def _east(search: Search):
    t = Table(RuleSet(flowers=False), seed=3, wall=rig_wall([EAST, None, None, None]))
    m = MasterSeat(seed=1, search=search)
    for e in t.events:
        m.observe(e.visible_to(0))
    return m, t.pending()[0]


def test_a_redealt_world_keeps_the_hands_and_the_view_and_lays_the_wall_again():
    m, d = _east(Search(worlds=1))
    world = sample_world(m.view, d, random.Random(3))
    again = redeal_wall(world, random.Random(4))
    assert again.observation(0) == world.observation(0)
    assert [s.concealed for s in again.seat_state] == [s.concealed for s in world.seat_state]
    assert sorted(again.wall.remaining_ids()) == sorted(world.wall.remaining_ids())
    assert again.wall.remaining_ids() != world.wall.remaining_ids()
    assert world.wall.remaining_ids() == sample_world(m.view, d, random.Random(3)).wall \
        .remaining_ids(), "the world itself is left as it was"


def test_the_search_plays_each_deal_in_several_walls():
    cands = [Discard(parse_tile("7z")), Discard(parse_tile("4p"))]
    m, d = _east(Search(worlds=8, walls=4, race=None))
    res = m._play_out(d, cands, time.perf_counter())
    assert res.deals == [0, 0, 0, 0, 4, 4, 4, 4]
    m1, d1 = _east(Search(worlds=8, walls=1, race=None))
    one = m1._play_out(d1, cands, time.perf_counter())
    assert one.deals == list(range(8))
    assert res.points[0] == one.points[0] and res.points[4] == one.points[4], \
        "a deal's first world is the sampled one"


def test_the_worlds_of_a_deal_count_as_one_cluster():
    """Values alike within each deal: the error is that of the deals' means (two deals give
    a wide one), not of eight independent worlds; with every world its own deal it is the
    usual standard error."""
    a = [5.0, 5.0, 5.0, 5.0, -5.0, -5.0, -5.0, -5.0]
    mean, se = _clustered(a, [0, 0, 0, 0, 4, 4, 4, 4])
    assert mean == 0.0 and abs(se - 5.0) < 1e-9
    mean, naive = _clustered(a, list(range(8)))
    assert abs(naive - (sum(x * x for x in a) / 7 / 8) ** 0.5) < 1e-9 and naive < se


def test_the_search_derives_deals_between_replays_at_a_turn():
    """With `Search.derive` a replayed deal serves further deals (`ai.search.derive_world`):
    here 3 after each replay, so 8 deals of one world each cost 2 replays, and with no uper
    player each deal is its own cluster. The first deal is the replayed one either way."""
    from ai import search

    cands = [Discard(parse_tile("7z")), Discard(parse_tile("4p"))]
    m, d = _east(Search(worlds=8, walls=1, derive=3, derived_walls=1, race=None))
    replays, derived = search.SAMPLER.replays, search.SAMPLER.derived
    res = m._play_out(d, cands, time.perf_counter())
    assert search.SAMPLER.replays - replays == 2
    assert search.SAMPLER.derived - derived == 6
    assert res.deals == list(range(8))
    m0, d0 = _east(Search(worlds=8, walls=1, race=None))
    replays = search.SAMPLER.replays
    plain = m0._play_out(d0, cands, time.perf_counter())
    assert search.SAMPLER.replays - replays == 8
    assert res.points[0] == plain.points[0] and res.points[4] == plain.points[4]
    assert res.points[1:4] != plain.points[1:4]
