"""A claimed tile visibly leaves the river and flies to the claimer's meld (issue 35): it rises
out of its river cell, passes over the other tiles, and lands in its place in the meld, while
the claimer's own tiles slide out to meet it. Frame by frame at a fixed 1/60 s, normal speed."""

from __future__ import annotations

import pytest

from game.engine.actions import PASS, Discard, Pung
from game.engine.events import Claimed
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import kind_of_tile, parse_tile
from game.ui.director import DURATION, Director
from game.ui.layout import Layout

DT = 1 / 60


def claimed_table() -> Table:
    """East throws 8m; South pungs it."""
    t = Table(RuleSet(flowers=False), 5,
              wall=rig_wall(["123m456p789p55m66p8m", "88m111z222z789p23p", None, None]))
    t.submit(0, Discard(parse_tile("8m")))
    for s, dec in t.pending().items():
        t.submit(s, next(a for a in dec.legal if isinstance(a, Pung)) if s == 1 else PASS)
    return t


@pytest.mark.parametrize("human", [0, 2])
def test_the_claimed_tile_rises_out_of_the_river_and_lands_in_the_meld(human):
    t = claimed_table()
    k = next(i for i, e in enumerate(t.events) if isinstance(e, Claimed))
    claim = t.events[k]
    d = Director(Layout.for_size(1280, 800), human=human, speed=1.0)
    d.follow(t.events[:k])
    d.catch_up()
    m, lay = d.model, d.layout
    river = [side for _, side in m.river[0]]
    start = lay.river_slots(d.screen(0), river)[[t for t, _ in m.river[0]].index(claim.tile)].rect
    d.follow(t.events, start=k)
    path, others = [], []
    for i in range(240):
        d.update(DT if i else 0.0)  # the first frame takes the event: the flight starts
        flying = [s for s in d.sprites.tiles if s.kind == kind_of_tile(claim.tile)]
        if not flying and path:
            break
        mine = [s for s in flying if s.z > 0]
        if mine:
            s = mine[0]
            path.append((s.x, s.y, s.lift))
            others.append([o.z for o in d.sprites.tiles if o is not s])
    assert path, "the claimed tile never flew"
    assert len(path) == pytest.approx(DURATION["claim_fly"] / DT, abs=2)
    # it starts at its river cell and lands in the meld, in its place (turned towards the
    # player it was claimed from)
    assert path[0] == (start.x, start.y, 0.0)
    [meld] = m.melds[1]
    slots = lay.meld_slots(d.screen(1), len(m.hands[1]), [meld.spec])[-1]
    end = slots[meld.ids.index(claim.tile)].rect
    assert (path[-1][0], path[-1][1]) == pytest.approx((end.x, end.y), abs=1.5)
    # on the way it is lifted off the felt, highest about halfway, and drawn over the others
    lifts = [p[2] for p in path]
    assert max(lifts) >= lay.tile * 0.8
    assert abs(lifts.index(max(lifts)) - len(lifts) / 2) <= 2
    assert all(z < 1.0 for zs in others for z in zs)
