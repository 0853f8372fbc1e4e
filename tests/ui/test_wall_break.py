"""The wall breaks visibly: a gap opens at the breaking point, animated, and stays all hand."""

import pygame
import pytest

from game.engine.events import WallBroken
from game.engine.rules import RuleSet
from game.engine.table import Table
from game.ui.art import TileArt
from game.ui.board import BoardView, draw_walls
from game.ui.director import Director
from game.ui.layout import Layout


def _broken(counted: int) -> WallBroken:
    return WallBroken(0, 8, counted, counted + 1)


def test_the_director_opens_the_wall_over_time_and_keeps_it_open():
    lay = Layout.for_size(1280, 800)
    d = Director(lay, human=0, speed=1.0)
    d.follow([_broken(7)])
    d.update(0.0)
    assert d.wall_break() == (0, 7, 0.0)  # the counted stack marked, not yet open
    seen = []
    for _ in range(60):
        d.update(1 / 30)
        seen.append(d.model.break_open)
    assert seen == sorted(seen) and seen[0] < 1.0 and seen[-1] == 1.0  # opens gradually
    assert d.idle and d.model.counted_stack is None  # the highlight is gone ...
    assert d.view().wall_break == (0, 7, 1.0)        # ... the gap stays


@pytest.mark.parametrize("human", [0, 1, 2, 3])
def test_a_real_hand_keeps_the_break_where_the_engine_broke_the_wall(human):
    t = Table(RuleSet(), 5)
    d = Director(Layout.for_size(1024, 640), human=human, speed=float("inf"))
    d.follow(t.events)
    for _ in range(5):
        d.update(0.0)
    e = next(e for e in t.events if isinstance(e, WallBroken))
    owner, stack = divmod(e.counted, 13)
    assert d.wall_break() == ((owner - human) % 4, stack, 1.0)
    # a wall tile taken now flies from where it is drawn: the shifted place
    lay = d.layout
    s = d.wall_break()[0]
    if stack < 12:
        pos = next(p for p in sorted(d.model.wall) if p // 26 == owner and (p % 26) // 2 > stack) \
            if any(p // 26 == owner and (p % 26) // 2 > stack for p in d.model.wall) else None
        if pos is not None:
            (x, y), _ = lay.wall_place(pos, human)
            sprite = d.from_wall(pos, None, False)
            dx, dy = lay.wall_break_shift(s, (pos % 26) // 2, d.wall_break())
            assert (sprite.x, sprite.y) == (round(x + dx), round(y + dy)) != (x, y)


def test_the_gap_is_drawn():
    pygame.display.init()
    lay = Layout.for_size(1280, 800)
    art = TileArt()
    shots = []
    for brk in (None, (0, 5, 1.0)):
        surf = pygame.Surface(lay.size)
        surf.fill((0, 0, 0))
        draw_walls(surf, lay, art, BoardView().wall, brk)
        shots.append(surf)
    a = lay.wall_stacks(0)[5]  # the counted stack; stack 6 (the breaking point) is on its left
    mid_y = round(a.y + a.h / 2)
    # between the counted stack (5) and the breaking point (6): a tile edge before, felt after
    x_gap = round(a.x - lay.break_gap(0) / 2)
    assert shots[0].get_at((x_gap, mid_y))[:3] != (0, 0, 0)
    assert shots[1].get_at((x_gap, mid_y))[:3] == (0, 0, 0)
