"""A kong's replacement tile comes from the back of the wall (issue 35): where the engine takes
it (the counted stack, the far end from the live head), lifted off the wall and over it, to the
drawn tile's place. Frame by frame at a fixed 1/60 s, normal speed."""

from __future__ import annotations

import pytest

from game.engine.actions import ConcealedKong
from game.engine.events import Drew, WallBroken
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import kind_of_tile, parse_tile
from game.engine.wall import place
from game.ui.director import DURATION, Director
from game.ui.layout import Layout

DT = 1 / 60


@pytest.mark.parametrize("human", [0, 1])
def test_the_replacement_rises_off_the_back_of_the_wall_to_the_drawn_place(human):
    t = Table(RuleSet(flowers=False), 7,
              wall=rig_wall(["1111m456p789p55m66p", None, None, None], replacements="7z"))
    kong = next(a for a in t.pending()[0].legal if isinstance(a, ConcealedKong))
    t.submit(0, kong)
    k, drew = next((i, e) for i, e in enumerate(t.events) if isinstance(e, Drew) and e.replacement)
    broken = next(e for e in t.events if isinstance(e, WallBroken))
    owner, stack, _tier = place(drew.position)
    assert owner * 13 + stack == broken.counted  # the back of the wall: the counted stack
    d = Director(Layout.for_size(1280, 800), human=human, speed=1.0)
    d.follow(t.events[:k])
    d.catch_up()
    assert drew.position in d.model.wall
    (x, y), _orient = d.layout.wall_place(drew.position, human)
    dx, dy = d.layout.wall_break_shift(_orient, stack, d.wall_break())
    d.follow(t.events, start=k)
    path = []
    for i in range(120):
        d.update(DT if i else 0.0)
        flying = [s for s in d.sprites.tiles if s.z > 0]
        if not flying and path:
            break
        if flying:
            path.append((flying[0].x, flying[0].y, flying[0].lift))
    assert drew.position not in d.model.wall
    assert path[0] == (round(x + dx), round(y + dy), 0.0)
    assert len(path) == pytest.approx(DURATION["replace"] / DT, abs=2)
    assert max(p[2] for p in path) >= d.layout.tile * 0.6  # lifted over the wall
    end = d.layout.drawn_slot(d.screen(0), len(d.model.hands[0])).rect
    assert (path[-1][0], path[-1][1]) == pytest.approx((end.x, end.y), abs=1.5)
    assert d.model.drawn[0] == drew.tile and kind_of_tile(drew.tile) == parse_tile("7z")
