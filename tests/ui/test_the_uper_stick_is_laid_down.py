"""The uper stick is laid down (issue 35): when a seat declares uper, its stick slides in from
the declarer's side, held up, and drops into its place on the console (`Layout.uper_stick`)
with the uper sound; only once it lies there does the board draw it (the model has the uper).
Frame by frame at a fixed 1/60 s, normal speed."""

from __future__ import annotations

import math

import pytest

from game.engine.actions import Discard
from game.engine.events import Discarded
from game.engine.rules import RuleSet
from game.engine.table import Table, rig_wall
from game.engine.tiles import parse_tile
from game.ui.director import DURATION, Director
from game.ui.layout import Layout
from game.ui.motion import UperStick

DT = 1 / 60


@pytest.mark.parametrize("human", [0, 3])
def test_the_stick_slides_in_from_the_declarer_and_drops_into_its_place(human):
    t = Table(RuleSet(flowers=False), 5,
              wall=rig_wall(["234m567m345p22p67p1z", None, None, None]))
    t.submit(0, Discard(parse_tile("1z"), uper=True))  # waits 5p/8p: all simples, sequences
    k = next(i for i, e in enumerate(t.events) if isinstance(e, Discarded) and e.uper)
    played: list[str] = []
    d = Director(Layout.for_size(1280, 800), human=human, speed=1.0, sound=played.append)
    d.follow(t.events[:k])
    d.catch_up()
    d.follow(t.events, start=k)
    lay = d.layout
    rect = lay.uper_stick(d.screen(0))
    boxes, held = [], []
    for i in range(120):
        d.update(DT if i else 0.0)
        sticks = [fx for fx in d.sprites.effects if isinstance(fx, UperStick)]
        if not sticks and boxes:
            break
        if sticks:
            assert "uper" in played  # the call's sound as it comes
            boxes.append(sticks[0].box())
            held.append(0 in d.model.uper)
    assert boxes, "no stick was laid"
    assert len(boxes) == pytest.approx(DURATION["stick"] / DT, abs=2)
    assert not any(held)  # the board draws no stick of its own while this one moves
    assert 0 in d.model.uper and not d.sprites.effects
    place = (round(rect.x), round(rect.y), round(rect.w), round(rect.h))
    assert boxes[-1] == pytest.approx(place, abs=3)  # the last frame of its small bounce
    # it comes from the declarer's side: from farther out than its place, towards the seat
    cx, cy = lay.centre
    sx, sy = rect.x + rect.w / 2, rect.y + rect.h / 2
    bx, by = boxes[0][0] + boxes[0][2] / 2, boxes[0][1] + boxes[0][3] / 2
    assert math.hypot(bx - cx, by - cy) > math.hypot(sx - cx, sy - cy) + lay.tile
    ys = [b[1] for b in boxes]
    assert min(ys[len(ys) // 2:]) < ys[-1] or min(ys[:len(ys) // 2]) < ys[-1]  # held up, dropped


def test_a_skip_lays_the_stick_at_once():
    """Space or a click finishes the moment: the stick lies in its place, nothing in flight."""
    t = Table(RuleSet(flowers=False), 5,
              wall=rig_wall(["234m567m345p22p67p1z", None, None, None]))
    t.submit(0, Discard(parse_tile("1z"), uper=True))
    k = next(i for i, e in enumerate(t.events) if isinstance(e, Discarded) and e.uper)
    d = Director(Layout.for_size(1280, 800), human=0, speed=1.0)
    d.follow(t.events[:k])
    d.catch_up()
    d.follow(t.events, start=k)
    d.update(0.0)
    d.update(DT * 3)
    assert any(isinstance(fx, UperStick) for fx in d.sprites.effects) and 0 not in d.model.uper
    d.skip()
    assert not d.sprites.effects and 0 in d.model.uper and not d.sprites.tiles
