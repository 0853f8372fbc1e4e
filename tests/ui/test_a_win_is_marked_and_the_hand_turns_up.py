"""The win at the table (issue 35): the winning tile's arrival is marked (a glow whose rings
spread from its cell), the winner's hand turns up left to right, and a big hand (8 points and
more: the big fanfare) gets a bigger moment: the glow flares gold, longer. Frame by frame at a
fixed 1/60 s, normal speed."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.engine.actions import PASS, Discard, Win
from game.engine.events import HandEnded, WinDeclared
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import parse_tile
from game.ui.director import DURATION, Director
from game.ui.layout import Layout
from game.ui.motion import WinGlow

DT = 1 / 60


def won_table() -> Table:
    """East waits on 5p/8p; South throws the 5p it drew, East wins on it."""
    t = Table(RuleSet(flowers=False), 5,
              wall=rig_wall(["234m567m345p22p67p1z", None, None, None], "5p"))
    t.submit(0, Discard(parse_tile("1z")))
    while 0 not in t.pending() or not any(isinstance(a, Win) for a in t.pending()[0].legal):
        for s, dec in t.pending().items():
            if dec.kind == "turn":
                t.submit(s, Discard(parse_tile("5p")))
            else:
                t.submit(s, PASS)
    t.submit(0, next(a for a in t.pending()[0].legal if isinstance(a, Win)))
    return t


def play_win(human: int):
    t = won_table()
    k = next(i for i, e in enumerate(t.events) if isinstance(e, WinDeclared))
    win = t.events[k]
    d = Director(Layout.for_size(1280, 800), human=human, speed=1.0)
    d.follow(t.events[:k])
    d.catch_up()
    d.follow(t.events[:k + 1], start=k)
    frames = []
    for i in range(400):
        d.update(DT if i else 0.0)
        view = d.view()
        sv = view.seats[d.screen(0)]
        glows = [fx for fx in d.sprites.effects if isinstance(fx, WinGlow)]
        frames.append((sum(k is not None for k in sv.hand), len(sv.hand),
                       glows[0].t if glows else None, [len(g.rings()) for g in glows]))
        if d.idle:
            break
    return t, win, d, frames


def test_the_winning_tile_glows_where_it_lands_and_the_opponents_hand_turns_up():
    _t, win, d, frames = play_win(human=2)
    [glow] = [fx for fx in d.sprites.effects if isinstance(fx, WinGlow)]
    shown = d.shown_ids(0)
    cell = d.hand_rects(0)[shown.index(win.tile)].rect
    assert (glow.rect.x, glow.rect.y) == (cell.x, cell.y)  # the winning tile's cell
    lit = [f for f in frames if f[2] is not None]
    assert lit and lit[-1][2] == 1.0 and len(lit[0][3]) and lit[0][3][0] >= 1
    assert max(f[3][0] for f in lit) >= 2  # rings spread while it pulses
    assert lit[-1][3][0] == 1  # then one steady ring stays
    # the hand turns up one tile after another, not all at once
    up = [f[0] for f in frames]
    n = frames[-1][1]
    assert up[-1] == n and up[0] == 0
    assert len(set(up)) >= n // 2  # many steps between none and all
    assert up == sorted(up)
    assert len(lit) == pytest.approx(DURATION["win"] / DT, abs=3)


def test_the_human_winner_s_hand_is_already_up_and_its_tile_glows():
    _t, _win, d, frames = play_win(human=0)
    assert all(f[0] == f[1] for f in frames)
    assert any(isinstance(fx, WinGlow) for fx in d.sprites.effects)


@pytest.mark.parametrize("points, big", [(2, False), (7, False), (8, True), (16, True)])
def test_a_big_hand_flares_gold_and_longer(points, big):
    t, _win, d, _frames = play_win(human=2)
    [glow] = [fx for fx in d.sprites.effects if isinstance(fx, WinGlow)]
    end = next(e for e in t.events if isinstance(e, HandEnded))
    winner = SimpleNamespace(result=SimpleNamespace(basic=points))
    played: list[str] = []
    d.sound = played.append
    d.follow([HandEnded(end.reason, (winner,), end.payments, end.hands,  # type: ignore[arg-type]
                        end.next_doubled, end.dealer_keeps)])
    frames = 0
    while not d.idle and frames < 1000:
        d.update(DT)
        frames += 1
    assert glow.big == big
    assert ("win_big" in played) == big
    longer = DURATION["big_win"] if big else 0.0
    assert frames == pytest.approx((DURATION["end"] + longer) / DT, abs=3)
    if big:
        assert glow.waves > 2 and glow.spread > min(glow.rect.w, glow.rect.h)
