"""Clock and tweens: driven by hand, no window."""

import math

import pytest

from game.ui.clock import FrameClock, ManualClock
from game.ui.tween import (
    EASINGS,
    Call,
    Delay,
    Parallel,
    Prop,
    Sequence,
    Timeline,
    Tween,
    easing,
    stagger,
)


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_easings_start_at_0_and_end_at_1(name):
    f = EASINGS[name]
    assert f(0.0) == pytest.approx(0.0, abs=1e-9)
    assert f(1.0) == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize("name", ["linear", "ease_in_quad", "ease_out_quad", "ease_in_out_quad",
                                  "ease_out_cubic", "ease_in_out_cubic", "ease_in_out_sine"])
def test_plain_easings_are_monotone(name):
    f = EASINGS[name]
    vals = [f(i / 100) for i in range(101)]
    assert vals == sorted(vals)


def test_back_overshoots():
    assert max(easing("ease_out_back")(i / 100) for i in range(101)) > 1.0


def test_unknown_easing_is_named():
    with pytest.raises(ValueError, match="ease_sideways"):
        Tween(1, ease="ease_sideways")


def test_tween_tuples_and_end_exact():
    seen = []
    t = Tween(0.3, (0, 0), (30, 60), "ease_in_out_quad", seen.append)
    for _ in range(7):
        t.update(0.05)
    assert t.done and seen[-1] == (30, 60)


def test_sequence_carries_leftover_time_exactly():
    a = Tween(0.1, 0, 1)
    b = Tween(0.2, 0, 1)
    s = Sequence(a, b)
    assert s.update(0.2) == 0.0
    assert a.done and b.value == pytest.approx(0.5)
    assert s.update(1.0) == pytest.approx(0.9)
    assert s.done and s.duration == pytest.approx(0.3)


def test_parallel_done_with_the_longest():
    a, b = Tween(0.1), Tween(0.4)
    p = Parallel(a, b)
    p.update(0.2)
    assert a.done and not b.done and not p.done
    assert p.update(0.3) == pytest.approx(0.1)
    assert p.done and p.duration == 0.4


def test_stagger_starts_each_later():
    anims = [Tween(0.1) for _ in range(4)]
    g = stagger(anims, 0.05)
    g.update(0.06)
    assert [a.elapsed > 0 for a in anims] == [True, True, False, False]
    assert g.duration == pytest.approx(0.25)


def test_prop_starts_from_the_current_value():
    class Sprite:
        x = 0.0

    s = Sprite()
    seq = Sequence(Prop(s, "x", 10.0, 1.0), Prop(s, "x", 0.0, 1.0))
    seq.update(1.5)
    assert s.x == pytest.approx(5.0)


def test_finish_runs_every_callback_in_order():
    log = []
    s = Sequence(Call(lambda: log.append(1)), Delay(5), Call(lambda: log.append(2)))
    s.finish()
    assert log == [1, 2] and s.done


@pytest.mark.parametrize("speed, after_half_second", [(0.5, 0.25), (1.0, 0.5), (2.0, 1.0)])
def test_timeline_speed(speed, after_half_second):
    box = {}
    tl = Timeline(speed)
    tl.add(Tween(1.0, 0.0, 1.0, apply=lambda v: box.update(v=v)))
    tl.update(0.5)
    assert box["v"] == pytest.approx(after_half_second)


def test_timeline_instant_finishes_on_add():
    log = []
    tl = Timeline(math.inf)
    tl.add(Sequence(Delay(3), Call(lambda: log.append("x"))))
    assert log == ["x"] and not tl.busy


def test_timeline_skip_only_the_current_animation():
    log = []
    tl = Timeline()
    tl.add(Sequence(Delay(1), Call(lambda: log.append("first"))))
    tl.add(Sequence(Delay(1), Call(lambda: log.append("second"))))
    tl.update(0.1)
    tl.skip()
    assert log == ["first"] and tl.busy
    tl.update(1.0)
    assert log == ["first", "second"] and not tl.busy


def test_timeline_plays_in_order_across_frames():
    log = []
    tl = Timeline()
    for i in range(3):
        tl.add(Sequence(Delay(0.1), Call(lambda i=i: log.append(i))))
    for _ in range(10):
        tl.update(0.016)
    assert log == [0]
    tl.update(0.5)
    assert log == [0, 1, 2]


def test_timeline_rejects_bad_speed():
    with pytest.raises(ValueError, match="speed"):
        Timeline(0)


def test_manual_clock_refuses_to_go_back():
    with pytest.raises(ValueError, match="cannot go backwards"):
        ManualClock().advance(-1)


def test_frame_clock_caps_a_stall():
    t = ManualClock()
    fc = FrameClock(time_source=t, max_dt=0.05)
    t.advance(1.0)
    assert fc.tick() == 0.05 and fc.frames == 1


def test_a_tween_ends_exactly_despite_float_crumbs():
    t = Tween(0.45)
    t.update(0.1)
    t.update(0.35)  # 0.1 + 0.35 != 0.45 in floats
    assert t.done
